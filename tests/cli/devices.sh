# gpuroof devices and gpuroof profile show: the device profiles.
. "$top_srcdir/tests/cli/lib.sh"

all="a100 a100-80gb h100 h100-pcie h200 k40 rtx4090 v100"

run devices
expect_status 0
expect_no_stderr
for name in $all; do
    check "a row for $name" "$(awk -v n="$name" '$1 == n { print $1 }' "$out")" "$name"
done
check "8 profile rows after the 2 header lines" "$(($(wc -l <"$out") - 2))" 8
expect_stdout_has 'NVIDIA A100-SXM4-40GB'
# A row's cc, SMs, FP32, FP64, DRAM and ridge (after the name and full name).
figures() {
    awk -v n="$1" '$1 == n { sub(/^.* sm_/, "sm_"); $0 = $0; print $1, $2, $3, $4, $5, $6 }' "$out"
}
check "a100's figures" "$(figures a100)" 'sm_80 108 19500 9700 1555 12.54'
check "h100's figures" "$(figures h100)" 'sm_90 132 66908 33454 3352 19.96'
check "v100's figures" "$(figures v100)" 'sm_70 80 15667 7834 900 17.41'
check "the rows in name order" "$(awk 'NR > 2 { printf "%s ", $1 }' "$out")" "$all "
# The K40's 1536 KiB of L2 is 1.5 MiB, not 1 (it once was truncated).
check "k40's L2" "$(awk '$1 == "k40" { print ($0 ~ / 1\.5 MiB /) ? "1.5 MiB" : $0 }' "$out")" "1.5 MiB"
# The V100's 27-character name once overflowed its column.
check "every row's cc column at the same place" \
    "$(awk 'NR > 2 { print index($0, " sm_") }' "$out" | sort -u | wc -l | tr -d ' ')" 1

run devices --json
expect_status 0
expect_no_stderr
expect_one_json object
expect_json '.devices | length' 8
expect_json '.devices | [.[].name] | join(" ")' "$all"
expect_json '.devices | [.[].name] == ([.[].name] | sort)' true
expect_json '.devices | .[0] | [.name, .full_name, .compute_capability, .sm_count, .bandwidth_gbs]' \
    '["a100","NVIDIA A100-SXM4-40GB","8.0",108,1555]'
expect_json '.devices | .[0].peak_gflops.fp32' 19500
expect_json '.devices | .[] | select(.name == "k40") | .architecture' Kepler
expect_json '.devices | [.[] | has("name") and has("full_name") and has("peak_gflops") and has("bandwidth_gbs") and has("path")] | all' true
expect_json '.devices | .[0].path' "$profiles/a100.yaml"
# The roofs of the hierarchical bound: null where the profile does not know one.
expect_json '.devices | .[] | select(.name == "h100") | [.l2_bandwidth_gbs, .shared_bandwidth_gbs]' '[13125.12,33454.08]'
expect_json '.devices | .[] | select(.name == "k40") | [.l2_bandwidth_gbs, .shared_bandwidth_gbs]' '[null,2860.8]'
expect_json '.devices | .[] | select(.name == "h100") | .peak_gflops | [.fp16, .bf16]' '[133816.32,133816.32]'

# --profiles DIR adds its profiles to the list.
mkdir "$test_tmp/extra"
sed -e 's/^name: a100$/name: testgpu/' -e 's/^full_name: .*/full_name: Test GPU/' \
    "$profiles/a100.yaml" >"$test_tmp/extra/testgpu.yaml"
run devices --profiles "$test_tmp/extra" --json
expect_status 0
expect_json '.devices | length' 9
expect_json '.devices | [.[].name] | index("testgpu")' 7
expect_json '.devices | .[] | select(.name == "testgpu") | [.full_name, .path]' "[\"Test GPU\",\"$test_tmp/extra/testgpu.yaml\"]"
run devices --profiles "$test_tmp/extra"
expect_status 0
check "a row for testgpu" "$(awk '$1 == "testgpu" { print $2, $3 }' "$out")" 'Test GPU'
# A profile of the same name in --profiles replaces the installed one.
sed 's/^  bandwidth_gbs: 1555 /  bandwidth_gbs: 1234 /' "$profiles/a100.yaml" >"$test_tmp/extra/a100.yaml"
run devices --profiles "$test_tmp/extra" --json
expect_json '.devices | length' 9
expect_json '.devices | .[] | select(.name == "a100") | [.bandwidth_gbs, .path]' "[1234,\"$test_tmp/extra/a100.yaml\"]"
# Files that are not .yaml are not profiles.
echo 'not a profile' >"$test_tmp/extra/notes.txt"
run devices --profiles "$test_tmp/extra" --json
expect_status 0
expect_json '.devices | length' 9
# A directory that does not exist is skipped.
run devices --profiles "$test_tmp/nowhere" --json
expect_status 0
expect_json '.devices | length' 8
# Regression: a directory named like a profile is skipped by --device NAME but makes
# devices fail ("read error (is it a directory?)").
mkdir "$test_tmp/withdir"
mkdir "$test_tmp/withdir/dirgpu.yaml"
run devices --profiles "$test_tmp/withdir" --json
expect_status 0
expect_json '.devices | length' 8

# A broken profile in a --profiles directory: every profile that loads is
# listed all the same (the one beside it too), the broken file is named on
# stderr at its file, line and column with the rule it breaks, and the exit
# status is 1.  It once failed the whole listing.
mkdir "$test_tmp/broken"
printf 'name: broken\nfull_name: [unclosed\n' >"$test_tmp/broken/broken.yaml"
cp "$test_tmp/extra/testgpu.yaml" "$test_tmp/broken/testgpu.yaml"
broken_error="$test_tmp/broken/broken.yaml:3:1: did not find expected ',' or ']' while parsing a flow sequence"
run devices --profiles "$test_tmp/broken"
expect_status 1
expect_stderr_is "gpuroof: $broken_error"
check "9 profile rows after the 2 header lines" "$(($(wc -l <"$out") - 2))" 9
check "the rows that loaded, in name order" "$(awk 'NR > 2 { printf "%s ", $1 }' "$out")" \
    "a100 a100-80gb h100 h100-pcie h200 k40 rtx4090 testgpu v100 "
run devices --profiles "$test_tmp/broken" --json
expect_status 1
expect_stderr_is "gpuroof: $broken_error"
expect_one_json object
expect_json '[keys_unsorted[]] | join(" ")' 'devices errors'
expect_json '.devices | length' 9
expect_json '.devices | .[] | select(.name == "testgpu") | .path' "$test_tmp/broken/testgpu.yaml"
expect_json '.errors' "[{\"file\":\"$test_tmp/broken/broken.yaml\",\"error\":\"$broken_error\"}]"
run devices --json
expect_json '.errors' '[]'
cp "$data/bad-unknown-key.yaml" "$test_tmp/broken/broken.yaml"
run devices --profiles "$test_tmp/broken"
expect_status 1
expect_stderr_is "gpuroof: $test_tmp/broken/broken.yaml:31:3: block: unknown key 'max_regs'"
check "a row for testgpu" "$(awk '$1 == "testgpu" { print $2, $3 }' "$out")" 'Test GPU'
# Two broken files: both named, a line each, in the order of their paths; a
# profile whose name is not its file's is one of them.
cp "$profiles/k40.yaml" "$test_tmp/broken/kepler.yaml"
run devices --profiles "$test_tmp/broken"
expect_status 1
check "two lines on stderr" "$(wc -l <"$err" | tr -d ' ')" 2
check "the first, at the line and column" "$(sed -n 1p "$err")" \
    "gpuroof: $test_tmp/broken/broken.yaml:31:3: block: unknown key 'max_regs'"
check "the second" "$(sed -n 2p "$err" | sed "s|$test_tmp/broken/kepler.yaml:[0-9]*:[0-9]*: ||")" \
    "gpuroof: the profile is named 'k40', but its file is kepler.yaml"
check "9 profile rows still" "$(($(wc -l <"$out") - 2))" 9
run devices --profiles "$test_tmp/broken" --json
expect_status 1
expect_json '[.errors[].file] | join(" ")' "$test_tmp/broken/broken.yaml $test_tmp/broken/kepler.yaml"
expect_json '.devices | length' 9
# A broken a100.yaml in --profiles is what --device a100 would meet: no a100
# row from the directories after it.
mkdir "$test_tmp/shadow"
printf 'name: a100\n' >"$test_tmp/shadow/a100.yaml"
run devices --profiles "$test_tmp/shadow"
expect_status 1
expect_stderr_is "gpuroof: $test_tmp/shadow/a100.yaml:1:1: the profile: missing key 'memory'"
check "no a100 row" "$(awk 'NR > 2 { printf "%s ", $1 }' "$out")" "a100-80gb h100 h100-pcie h200 k40 rtx4090 v100 "
run bound --profiles "$test_tmp/shadow" --device a100 --intensity 1
expect_fails 1 "gpuroof: $test_tmp/shadow/a100.yaml:1:1: the profile: missing key 'memory'"
# A .yaml file whose name is not a profile name.
mkdir "$test_tmp/badname"
cp "$profiles/a100.yaml" "$test_tmp/badname/My_GPU.yaml"
run devices --profiles "$test_tmp/badname"
expect_status 1
expect_stderr_is "gpuroof: $test_tmp/badname/My_GPU.yaml: 'My_GPU' is not a profile name (lower-case letters, digits, '-' and '_'): rename the file"
check "8 profile rows" "$(($(wc -l <"$out") - 2))" 8
run devices extra
expect_fails 2 "gpuroof devices: unexpected argument 'extra' (gpuroof devices --help)"

# profile show: every figure of one profile.
run profile show a100
expect_status 0
expect_no_stderr
expect_stdout_line 'NVIDIA A100-SXM4-40GB (a100): Ampere, compute capability 8.0'
expect_stdout_has 'NVIDIA A100-SXM4-40GB'
expect_stdout_line "  from          $profiles/a100.yaml"
expect_stdout_line '  DRAM          1555 GB/s, 40 GiB'
expect_stdout_line '  per SM        2048 threads (64 warps), 32 blocks, 65536 registers, 167936 B (164 KiB) shared memory'
expect_stdout_line '  carveouts     0, 8, 16, 32, 64, 100, 132, 164 KiB'
expect_stdout_line '  per block     1024 threads, 65536 registers, 49152 B (48 KiB) shared memory (166912 B (163 KiB) with opt-in), 1024 B reserved'
expect_stdout_line '  banks         32 banks of 4 bytes (standard), 19492 GB/s in all'
expect_stdout_line '  L2            41943040 B (40 MiB), 5400 GB/s'
expect_stdout_line '  peak fp32         19500 GFLOP/s'
# Memory sizes as a person reads them, in the unit the profile's figure is
# whole in: the H100's datasheet 80 GB is 80 x 10^9 bytes, the A100's 40 GiB
# is 40 x 2^30; a figure whole in neither (a detected GPU's) is GiB to four
# digits beside its bytes.  L2 and shared memory keep their exact KiB/MiB.
run profile show h100
expect_stdout_line '  DRAM          3352 GB/s, 80 GB'
expect_stdout_line '  L2            52428800 B (50 MiB), 13125 GB/s'
expect_stdout_line '  peak fp16         133816 GFLOP/s'
expect_stdout_line '  peak bf16         133816 GFLOP/s'
expect_stdout_line '  launch floor  2080 ns (an empty kernel under Nsight Compute)'
expect_stdout_line '  launch L2     1397500 B (an empty kernel'"'"'s L2 traffic under Nsight Compute)'
run profile show h100 --json
expect_json .launch_l2_bytes 1397500
expect_json .memory.size_bytes 80000000000
expect_json .memory.l2_bytes 52428800
mkdir "$test_tmp/sizes"
sed 's/^  size_bytes: 80000000000 /  size_bytes: 85017493504 /' "$profiles/h100.yaml" >"$test_tmp/sizes/h100.yaml"
run profile show "$test_tmp/sizes/h100.yaml"
expect_stdout_line '  DRAM          3352 GB/s, 79.18 GiB (85017493504 B)'
# Integer Tensor Core rates are operations per second, not FLOP/s.
run profile show h100
expect_stdout_line '  peak tensor_int8  1978860 GOP/s'
expect_stdout_line '  peak tensor_fp8   1978860 GFLOP/s'
run profile show a100 --json
expect_status 0
expect_one_json object
expect_json .name a100
expect_json .full_name NVIDIA\ A100-SXM4-40GB
expect_json .compute_capability 8.0
expect_json .sm.shared_memory_bytes 167936
expect_json .sm.carveout_bytes '[0,8192,16384,32768,65536,102400,135168,167936]'
expect_json .block.shared_memory_reserved_bytes 1024
expect_json .block.shared_memory_optin_bytes 166912
expect_json .shared_memory_banks.scheme standard
expect_json .shared_memory_banks.width_bytes 4
expect_json .memory.bandwidth_gbs 1555
expect_json .allocation '{"register_unit":256,"register_subpartitions":4,"shared_memory_unit":128}'
expect_json '.peak_gflops | [.fp32, .fp64]' '[19500,9700]'
run profile show k40
expect_status 0
expect_stdout_line 'NVIDIA Tesla K40 (k40): Kepler, compute capability 3.5'
expect_stdout_line '  banks         32 banks of 8 bytes (kepler), 2861 GB/s in all'
expect_stdout_line '  L2            1572864 B (1536 KiB)'
run profile show k40 --json
expect_json .shared_memory_banks '{"count":32,"width_bytes":8,"scheme":"kepler","shared_bandwidth_gbs":2860.8}'
expect_json '.memory | has("l2_bandwidth_gbs")' false
expect_json .block.shared_memory_reserved_bytes 0
expect_json .sm.carveout_bytes '[16384,32768,49152]'
# A profile given as a file; --json and --profiles before or after the name.
run profile show "$profiles/h100.yaml" --json
expect_status 0
expect_json .name h100
expect_json .path "$profiles/h100.yaml"
expect_json .sm.shared_memory_bytes 233472
run profile show "$profiles/h100.yaml"
expect_stdout_line "  from          $profiles/h100.yaml"
run profile --json show testgpu --profiles "$test_tmp/extra"
expect_status 0
expect_json .full_name 'Test GPU'
for name in $all; do
    run profile show "$name" --json
    expect_status 0
    expect_json .name "$name"
done

# profile show errors.
run profile show nosuch
expect_fails 1 "gpuroof: unknown device 'nosuch' (gpuroof devices lists the profiles)"
run profile show 'a100?'
expect_fails 1 "gpuroof: 'a100?' is not a profile name (letters, digits, '-' and '_')"
run profile show "$test_tmp/missing.yaml"
expect_fails 1 "gpuroof: $test_tmp/missing.yaml: No such file or directory"
run profile show "$data/bad-negative.yaml"
expect_fails 1 "gpuroof: $data/bad-negative.yaml:6:11: sm_count is -108; it must be between 1 and 1024"
run profile
expect_fails 2 'gpuroof profile: give a subcommand: show NAME (gpuroof profile --help)'
run profile list
expect_fails 2 "gpuroof profile: unknown subcommand 'list' (gpuroof profile --help)"
run profile show
expect_fails 2 'gpuroof profile: show takes one profile NAME or FILE (gpuroof profile --help)'
run profile show a100 h100
expect_fails 2 'gpuroof profile: show takes one profile NAME or FILE (gpuroof profile --help)'

# A profile that profile detect wrote: its source and measured ceilings too.
run profile show "$data/detected.yaml"
expect_status 0
expect_stdout_line '  source        cudaGetDeviceProperties and the rules of compute capability 9.0 (gpuroof 0.1.0, 2026-01-02T03:04:05Z); measured: gpuroof'"'"'s DRAM and FMA kernels'
expect_stdout_line '  measured      DRAM 3010 GB/s, FP32 60124 GFLOP/s, FP64 30001 GFLOP/s'
run profile show "$data/detected.yaml" --json
expect_status 0
expect_json .name nvidia-h100-80gb-hbm3
expect_json .measured '{"bandwidth_gbs":3010.5,"fp32_gflops":60123.5,"fp64_gflops":30001.25}'
expect_json '.source | startswith("cudaGetDeviceProperties and the rules of compute capability 9.0")' true
expect_json '[keys_unsorted[]] | join(" ")' 'name full_name architecture compute_capability sm_count clock_mhz peak_gflops path memory sm block thread allocation warp_size shared_memory_banks source measured'
run profile show a100 --json
expect_json '[keys_unsorted[]] | join(" ")' 'name full_name architecture compute_capability sm_count clock_mhz peak_gflops path memory sm block thread allocation warp_size shared_memory_banks latency'

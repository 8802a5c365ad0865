#!/bin/sh
# tools/peers and its two Python parts, without a GPU: the table of
# tools/peers-table.py over outputs in each peer's own format
# (tests/data/peers/logs, figures made up) and a committed results file;
# the made-up times of tools/peers-torch.py --dry-run through its arithmetic;
# and the driver end to end with a fake nvcc whose "peers" print those
# outputs and a fake gpuroof that writes the committed results file.
# It runs no gpuroof, so make check-valgrind's fork server is not started.
GPUROOF_FORK_SERVER=
. "$top_srcdir/tests/cli/lib.sh"

command -v python3 >/dev/null 2>&1 || skip_all "no python3 here"
tools="$top_srcdir/tools"
fixtures="$top_srcdir/tests/data/peers/logs"
h100="$top_srcdir/plots/data/h100-sxm.yaml"

# run_tool COMMAND...: like run, for the tools
run_tool() {
    last="$(basename "$1") $(printf '%s ' "$@" | cut -d' ' -f2- | sed "s|$top_srcdir/||g; s|$test_tmp/||g")"
    status=0
    "$@" </dev/null >"$out" 2>"$err" || status=$?
}
# row KEY: a table row as "gpuroof peer unit ratio | best peer", blanks squeezed
row() {
    awk -v k="$1" '$1 == k { name = $8; for (i = 9; i <= NF; i++) name = name " " $i
                             print $2, $5, $6, $7 "... | " name; exit }' "$out" | sed 's/\.\.\.//'
}
table() { run_tool python3 "$tools/peers-table.py" "$@"; }

# ---- the table over every peer's output and the committed H100 results
table --results "$h100" --logs "$fixtures" -o - --tsv "$test_tmp/all.tsv"
expect_status 0
expect_no_stderr
# the best of three peers (gpu-stream, BabelStream's dot, torch's sum)
check "dram_read_gbs: the best of three peers" "$(row dram_read_gbs)" "3207 3150 GB/s 1.01 | gpu-stream read"
check "dram_write_gbs: gpu-stream's init" "$(row dram_write_gbs)" "3288 2950 GB/s 1.11 | gpu-stream init"
# 3049.64 / 3020 = 1.0098: cut to 1.00, never rounded up
check "dram_copy_gbs: the ratio cut" "$(row dram_copy_gbs)" "3050 3020 GB/s 1.00 | gpu-stream scale"
check "dram_triad_gbs: BabelStream's FP64 triad" "$(row dram_triad_gbs)" "3081 3072 GB/s 1.00 | BabelStream triad fp64"
check "memcpy_d2d_gbs: torch's copy_" "$(row memcpy_d2d_gbs)" "3021 2950 GB/s 1.02 | torch copy_ fp32 2^28"
# the l2 log's last row is cut off (a run stopped at its time limit): left out
check "l2_gbs: gpu-l2-cache's best data set" "$(row l2_gbs)" "10355 10302 GB/s 1.00 | gpu-l2-cache"
check "fp32_gflops: mixbench's SP peak (1024 iterations)" "$(row fp32_gflops)" "65584 58900 GFLOP/s 1.11 | mixbench sp"
check "fp64_gflops: mixbench's DP peak (256 iterations)" "$(row fp64_gflops)" "33390 30700 GFLOP/s 1.08 | mixbench dp"
check "fp16_gflops: mixbench's half2" "$(row fp16_gflops)" "101155 92000 GFLOP/s 1.09 | mixbench hp (half2)"
check "tensor_bf16_gflops: the best of the sizes" "$(row tensor_bf16_gflops)" "694548 797000 GFLOP/s 0.87 | torch.matmul bf16 n=8192"
check "tensor_fp8_gflops: torch._scaled_mm" "$(row tensor_fp8_gflops)" "1338301 1450000 GFLOP/s 0.92 | torch._scaled_mm fp8 e4m3 n=8192"
check "tensor_fp64_gflops: the best of the sizes" "$(row tensor_fp64_gflops)" "53030 62000 GFLOP/s 0.85 | torch.matmul fp64 n=8192"
check "no row for bf16_gflops, which no peer measures" "$(row bf16_gflops)" ""
expect_stdout_line "every ratio at least 1.00: no (5 of 14 below: tensor_fp16_gflops 0.89, tensor_bf16_gflops 0.87, tensor_tf32_gflops 0.95, tensor_fp8_gflops 0.92, tensor_fp64_gflops 0.85)"
expect_stdout_line "device:  NVIDIA H100 80GB HBM3; SM clock 1980 MHz (NVML, read during the run), max 1980 MHz"
expect_stdout_line "driver:  580.159.04 (nvidia-smi); CUDA 13.0 (the driver's), runtime 13.0 (gpuroof's)"
expect_stdout_line "clocks:  SM 1980 MHz of 1980, 75 W, 35 C, before the run; SM 1755 MHz of 1980, 420 W, 61 C, after the run (nvidia-smi)"
expect_stdout_line "peer:    torch 2.11.0+cu130 (CUDA 13.0), on NVIDIA H100 80GB HBM3 (made up for the test)"
expect_stdout_line "peer:    BabelStream 57637d572532 (2026-04-10, made up for the test)"
expect_stdout_line "  gpu-latency: stopped at its time limit (100.0 s): figures from the rows it printed"
expect_stdout_line "  gpuroof ceilings no peer here measured: bf16_gflops"
expect_stdout_line "  peer figures with no gpuroof ceiling beside them (in peers.tsv): mixbench int 26500 GIOP/s, cuda-memcpy host to device 52 GB/s"
# the committed H100 results file has no latency section: peer figures alone
check "a latency row without gpuroof's" "$(awk '$1 == "l1_ns" { print $2, $3, $5 }' "$out")" "- 16.9 -"

last="peers.tsv"
check "one row a peer figure (37), and the header" "$(wc -l <"$test_tmp/all.tsv" | tr -d ' ')" 38
check "BabelStream's MB/s read as GB/s" \
    "$(awk -F'\t' '$3 == "BabelStream dot fp32" { print $1, $2, $4, $5, $6 }' "$test_tmp/all.tsv")" \
    "dram_read_gbs 3206.539407 3050 GB/s 1.0513"
check "every size of a precision, not only the best" \
    "$(awk -F'\t' '$1 == "tensor_bf16_gflops" { print $3 }' "$test_tmp/all.tsv" | tr '\n' ',')" \
    "torch.matmul bf16 n=8192,torch.matmul bf16 n=16384,"
check "gpu-latency's ns from its time over its loads (835 ms over 2.5M loads)" \
    "$(awk -F'\t' '$1 == "latency.dram_ns" { print $4, $7 }' "$test_tmp/all.tsv")" \
    "334 lowest over footprints 102400 kB to the end, at 125026 kB"
check "a figure with no ceiling has key -" \
    "$(awk -F'\t' '$3 == "cuda-memcpy host to device" { print $1, $2, $4, $6 }' "$test_tmp/all.tsv")" "- - 52.1 -"

# ---- a results file with latencies: gpuroof's floor beside gpu-latency's
table --results "$top_srcdir/plots/data/h100-latency.yaml" --logs "$fixtures" -o -
expect_status 0
check "l1_ns: gpuroof's over gpu-latency's" "$(awk '$1 == "l1_ns" { print $2, $3, $5, $6, $7 }' "$out")" "16.2 16.9 0.96 gpu-latency L1"
check "l2_near_ns" "$(awk '$1 == "l2_near_ns" { print $2, $3, $5 }' "$out")" "135.7 130.0 1.04"
check "dram_ns" "$(awk '$1 == "dram_ns" { print $2, $3, $5 }' "$out")" "339.8 334.0 1.02"

# ---- burst and sustained variants, a ratio a hair below 1, a key that is no number
mkdir "$test_tmp/few"
cp "$fixtures/gpu-stream.out" "$fixtures/torch.tsv" "$test_tmp/few/"
cat >"$test_tmp/variants.yaml" <<'EOF'
device:
  name: "Test GPU: made up"
  l2_bytes: 52428800
ceilings:
  dram_copy_gbs: 3019.99
  dram_triad_gbs: 3100
  tensor_bf16_gflops: 800000
  tensor_bf16_burst_gflops: 797000
  tensor_bf16_sustained_gflops: 650000
  tensor_bf16_theoretical_gflops: 900000
  fp32_gflops: {low: 1, median: 2, high: 3}
kernels:
- name: matmul-naive
  gflops: 5
EOF
table --results "$test_tmp/variants.yaml" --logs "$test_tmp/few" -o -
expect_status 0
expect_stdout_line 'device:  Test GPU: made up; SM clock ? MHz (source unknown), max ? MHz'
# 3019.99 / 3020 = 0.999997: 0.99, and the verdict no
check "a ratio a hair below 1 is 0.99" "$(row dram_copy_gbs)" "3020 3020 GB/s 0.99 | gpu-stream scale"
check "the burst figure, held" "$(row tensor_bf16_burst_gflops)" "797000 797000 GFLOP/s 1.00 | torch.matmul bf16 n=8192"
check "the sustained figure, shown" "$(row tensor_bf16_sustained_gflops)" \
    "650000 797000 GFLOP/s 0.81 | torch.matmul bf16 n=8192 (sustained: shown, not held to 1.00)"
check "no row for a theoretical figure" "$(row tensor_bf16_theoretical_gflops)" ""
expect_stdout_line "every ratio at least 1.00: no (1 of 4 below: dram_copy_gbs 0.99); no gpuroof figure for dram_read_gbs, dram_write_gbs, memcpy_d2d_gbs, tensor_fp16_gflops, tensor_tf32_gflops, tensor_fp8_gflops, tensor_fp64_gflops"
expect_stdout_has "gpuroof: ceilings.fp32_gflops in $test_tmp/variants.yaml is not a number ({low: 1, median: 2, high: 3}); left out"
sed 's/^  dram_copy_gbs: 3019.99$/  dram_copy_gbs: 3020/' "$test_tmp/variants.yaml" >"$test_tmp/at.yaml"
rm "$test_tmp/few/torch.tsv"
table --results "$test_tmp/at.yaml" --logs "$test_tmp/few" -o -
check "a ratio of exactly 1" "$(row dram_copy_gbs)" "3020 3020 GB/s 1.00 | gpu-stream scale"
expect_stdout_line "every ratio at least 1.00: yes (2 ceilings); no gpuroof figure for dram_read_gbs, dram_write_gbs"

# ---- what it cannot read
table --results "$test_tmp/absent.yaml" --logs "$fixtures" -o -
expect_status 0
expect_stdout_line "  gpuroof: $test_tmp/absent.yaml could not be read"
expect_stdout_has "every ratio at least 1.00: nothing to compare (no gpuroof figure beside a peer's)"
# bytes that are no text: a compiled kernel, and a CSV line cut short
{ head -c 8192 "$top_srcdir/tests/data/kernels/sample-sm90.cubin"; printf '\nCSV data\n1, 2,\377\n'; } >"$test_tmp/few/mixbench.out"
printf 'mixbench\tran\t6.0\t\n' >"$test_tmp/few/status.tsv"
table --results "$h100" --logs "$test_tmp/few" -o -
expect_status 0
expect_stdout_line "  mixbench: ran (6.0 s), but printed no figure this table reads"
table --results "$h100" --logs "$test_tmp/nowhere" -o -
expect_status 1
expect_stderr_is "peers-table: $test_tmp/nowhere: no such folder"
table --results "$h100"
expect_status 2
table --results "$h100" --logs "$fixtures" -o "$test_tmp/nowhere/peers.txt"
expect_status 1
expect_stderr_has "peers-table: $test_tmp/nowhere/peers.txt.tmp: No such file or directory"

# ---- tools/peers-torch.py's arithmetic, on made-up times (no GPU)
run_tool python3 "$tools/peers-torch.py" --dry-run -o -
expect_status 0
last="peers-torch.py --dry-run"
# 2 n^3 at 1000 TFLOP/s, then slower by 1% i^2: the mean rate is 1000/2.235 TFLOP/s
check "the mean rate over the 20 products" \
    "$(awk -F'\t' '$2 == "torch.matmul bf16 n=4096" { print $3 }' "$out")" "447427.2931"
check "n=16384 made up at 800 TFLOP/s" "$(awk -F'\t' '$2 == "torch.matmul fp16 n=16384" { print $3 }' "$out")" "357941.8345"
check "the fastest product beside it" \
    "$(awk -F'\t' '$2 == "torch.matmul bf16 n=4096" { print $5 }' "$out" | grep -o 'fastest product [0-9]*')" "fastest product 1000000"
# the median of the 20 STREAM-like runs: 1.905 x the fastest
check "the median STREAM-like run" "$(awk -F'\t' '$2 == "torch add triad fp32 2^28" { print $1, $3, $4 }' "$out")" "dram_triad_gbs 524.9343832 GB/s"
check "FP64 at two sizes, the others at three, four STREAM-like rows" "$(grep -c '^[a-z]' "$out")" 19
run_tool python3 "$tools/peers-torch.py" --dry-run --quick -o -
check "--quick: one size a precision" "$(grep -c '^tensor' "$out")" 5
check "--quick: 2^26 elements" "$(grep -c 'fp32 2^26' "$out")" 4
run_tool python3 "$tools/peers-torch.py" --dry-run
expect_status 2

# ---- the driver: its usage
run_tool "$tools/peers" --quick
expect_status 2
expect_stderr_has "peers: -o OUTDIR is required"
run_tool "$tools/peers" -o "$test_tmp/o" --frobnicate
expect_status 2
expect_stderr_has "peers: unknown argument '--frobnicate'"
run_tool "$tools/peers" -o "$test_tmp/o" --budget soon
expect_status 2
expect_stderr_has "peers: --budget takes whole seconds, not 'soon'"
run_tool "$tools/peers" -o "$test_tmp/o" --results "$test_tmp/absent.yaml"
expect_status 1
expect_stderr_is "peers: $test_tmp/absent.yaml: cannot be read"
run_tool "$tools/peers" --help
expect_status 0
expect_stdout_has "--peers-src DIR  the peers' sources"

# ---- the driver end to end: a fake nvcc, whose every "peer" prints its
# output from tests/data/peers/logs (checking the arguments it is given),
# and a fake gpuroof whose measure writes the committed H100 results
mkdir -p "$test_tmp/cuda/bin" "$test_tmp/cuda/lib64" "$test_tmp/src/BabelStream/src/cuda" \
    "$test_tmp/src/mixbench/mixbench-cuda" "$test_tmp/src/gpu-benches"
: >"$test_tmp/cuda/lib64/libcupti.so"
: >"$test_tmp/cuda/lib64/libnvperf_host.so"
: >"$test_tmp/src/BabelStream/src/cuda/CUDAStream.cu"
: >"$test_tmp/src/mixbench/mixbench-cuda/mix_kernels_cuda.cu"
for b in gpu-stream gpu-l2-cache gpu-latency cuda-memcpy; do
    mkdir "$test_tmp/src/gpu-benches/$b" && : >"$test_tmp/src/gpu-benches/$b/main.cu"
done
printf 'BabelStream https://example.org/BabelStream 0123456789abcdef 2026-01-02\n' >"$test_tmp/src/VERSIONS"
cat >"$test_tmp/cuda/bin/nvcc" <<EOF
#!/bin/sh
# a fake nvcc: -o NAME makes a program that prints NAME's output, as recorded
while [ \$# -gt 0 ]; do
    case \$1 in
    --version) echo "Cuda compilation tools, release 13.0, V13.0.88"; exit 0 ;;
    -arch=sm_90) arch=yes ;;
    -o) output=\$2; shift ;;
    esac
    shift
done
[ "\$arch" = yes ] || { echo "fake nvcc: error: -arch=sm_90 not given" >&2; exit 1; }
name=\$(basename "\$output")
case \$name in
babelstream) body='case "\$*" in
    *"--float --arraysize 536870912 --numtimes 100 --gigabytes --csv"*) cat "$fixtures/babelstream-fp32.out" ;;
    "--arraysize 536870912 --numtimes 100 --gigabytes --csv") cat "$fixtures/babelstream-fp64.out" ;;
    *) echo "babelstream: unexpected arguments: \$*" >&2; exit 3 ;;
    esac' ;;
mixbench-cuda) body='cat "$fixtures/mixbench.out"' ;;
cuda-memcpy) body='echo "GPUassert: \\"out of memory\\"  in main.cu: 20" >&2; exit 2' ;;
*) body="cat \\"$fixtures/\$name.out\\"" ;;
esac
printf '#!/bin/sh\n%s\n' "\$body" >"\$output" && chmod +x "\$output"
EOF
cat >"$test_tmp/gpuroof" <<EOF
#!/bin/sh
[ "\$1 \$2" = "measure -o" ] || { echo "fake gpuroof: \$*" >&2; exit 2; }
cp "$h100" "\$3" && echo "NVIDIA H100 80GB HBM3 (132 SMs, SM clock 1980 MHz): results in \$3"
EOF
chmod +x "$test_tmp/cuda/bin/nvcc" "$test_tmp/gpuroof"
CUDA_HOME='' NVCC="$test_tmp/cuda/bin/nvcc" run_tool "$tools/peers" --gpuroof "$test_tmp/gpuroof" --peers-src "$test_tmp/src" \
    --no-torch --arch sm_90 -o "$test_tmp/run"
expect_status 0
expect_stderr_has "peers: builds done in"
expect_stderr_has "peers: gpuroof measure: done in"
check "the results file gpuroof measure wrote" "$(cmp "$h100" "$test_tmp/run/gpuroof.yaml" && echo same)" same
check "the table printed is the table written" "$(cmp "$out" "$test_tmp/run/peers.txt" && echo same)" same
check "dram_read_gbs, through every step" "$(row dram_read_gbs)" "3207 3150 GB/s 1.01 | gpu-stream read"
check "dram_triad_gbs, BabelStream built and run" "$(row dram_triad_gbs)" "3081 3072 GB/s 1.00 | BabelStream triad fp64"
check "fp16_gflops, mixbench built and run" "$(row fp16_gflops)" "101155 92000 GFLOP/s 1.09 | mixbench hp (half2)"
expect_stdout_line "every ratio at least 1.00: yes (8 ceilings)"
expect_stdout_line "peer:    BabelStream 0123456789ab (2026-01-02, https://example.org/BabelStream)"
expect_stdout_line "  torch: not run: --no-torch"
expect_stdout_has "  cuda-memcpy: failed (exit 2) ("
expect_stdout_has ' s): GPUassert: "out of memory"  in main.cu: 20'
check "every figure in peers.tsv (24), and the header" "$(wc -l <"$test_tmp/run/peers.tsv" | tr -d ' ')" 25

# a peer absent, and a build that fails
rm -r "$test_tmp/src/gpu-benches" "$test_tmp/run/logs/mixbench.out"
CUDA_HOME='' NVCC="$test_tmp/cuda/bin/nvcc" run_tool "$tools/peers" --results "$h100" --peers-src "$test_tmp/src" \
    --no-torch --arch sm_80 -o "$test_tmp/run"
expect_status 0
expect_stdout_line "  gpu-stream: not present: no $test_tmp/src/gpu-benches/gpu-stream/main.cu"
expect_stdout_line "  BabelStream: did not build: fake nvcc: error: -arch=sm_90 not given"
expect_stdout_line "  gpuroof measure: not run: --results given: $h100"
expect_stdout_line "every ratio at least 1.00: nothing to compare (no gpuroof figure beside a peer's)"
check "no output of the earlier run left to be read" \
    "$(for f in mixbench.out gpu-stream.out; do [ ! -e "$test_tmp/run/logs/$f" ] || echo "$f"; done)" ""


# The committed H100 table is what the tool makes of the committed run and the
# peers' outputs of the same run, every ratio at least 1.00, the tensor cores'
# clocks beside them
committed="$top_srcdir/plots/data"
(cd "$top_srcdir" && python3 tools/peers-table.py --results plots/data/h100-ceilings.yaml \
    --logs plots/data/h100-peers-logs -o - --tsv "$test_tmp/h100.tsv") >"$test_tmp/h100.txt" 2>"$test_tmp/h100.err"
check "plots/data/h100-peers.txt made again from its inputs" \
    "$(diff "$committed/h100-peers.txt" "$test_tmp/h100.txt" && diff "$committed/h100-peers.tsv" "$test_tmp/h100.tsv" && echo same)" same
check "plots/data/h100-peers.txt: every ratio at least 1.00" \
    "$(grep -c '^every ratio at least 1.00: yes (14 ceilings)$' "$committed/h100-peers.txt")" 1
check "plots/data/h100-peers.txt: the BF16 burst at its clock, beside torch.matmul" \
    "$(grep '^tensor_bf16_gflops ' "$committed/h100-peers.txt" | tr -s ' ')" \
    "tensor_bf16_gflops 811414 1965 234 788075 GFLOP/s 1.02 torch.matmul bf16 n=8192"

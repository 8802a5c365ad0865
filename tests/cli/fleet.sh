#!/bin/sh
# measure --compare over a fleet: 128 hosts of 8 GPUs (two models), each
# GPU's results file made from the committed runs with a few percent of
# noise on every ceiling (tests/cli/fleet_files.sh), and some GPUs planted
# slow on a ceiling or two, or without one.  The comparison must name
# exactly the planted GPUs, each for its planted ceilings, and no other.
# Under valgrind, 16 hosts: the same check, fewer files.
. "${top_srcdir:?}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/fleet_files.sh"

nodes=128
case ${GPUROOF_UNDER_TEST:-} in *valgrind*) nodes=16 ;; esac
half=$((nodes / 2))
last_node=$((nodes - 1))
# NODE GPU KEY FACTOR: the H100s are the first half of the hosts, the H200s
# the second; a factor of 0 leaves the ceiling out.
plants="1 3 fp64_gflops 0.80
2 0 dram_triad_gbs 0.70
2 0 dram_copy_gbs 0.75
5 7 tensor_fp8_gflops 0
7 5 l2_gbs 0.85
$half 1 tensor_bf16_gflops 0.60
$((half + 3)) 4 dram_write_gbs 0
$((half + 3)) 4 fp32_gflops 0.78
$((half + 6)) 2 shared_gbs 0.65
$last_node 6 memcpy_d2d_gbs 0.82"
gpus=$((nodes * 8))

make_fleet "$test_tmp/fleet" "$nodes" "$plants"
make_fleet "$test_tmp/clean" "$nodes" ""
last="make_fleet"
check "the fleet's files" "$(find "$test_tmp/fleet" -name '*.yaml' | wc -l | tr -d ' ')" "$gpus"

run measure --compare "$test_tmp"/fleet/*.yaml
last="gpuroof measure --compare ($gpus files, 8 planted)"
expect_status 1
expect_stdout_line "$gpus GPUs of 2 models, each held against the median of its twins (the other GPUs of its model);"
expect_stdout_line "NVIDIA H100 80GB HBM3: $((gpus / 2)) GPUs, 4 flagged"
expect_stdout_line "NVIDIA H200: $((gpus / 2)) GPUs, 4 flagged"
expect_stdout_line "fleet check FAILED: 8 of $gpus GPUs flagged"
# Exactly the planted GPUs, no more, no fewer.
planted=$(echo "$plants" | awk '{ printf "node-n%03d-gpu%d\n", $1, $2 }' | sort -u)
named=$(sed -n 's/^flagged: \([^ ]*\) .*/\1/p' "$out" | sort)
check "the GPUs named are the planted ones" "$named" "$planted"
# Each for its planted ceilings and no other: a slow one with its figure, its
# reference and how far below, a missing one as not measured.
while read -r node gpu key factor; do
    label=$(printf 'node-n%03d-gpu%d' "$node" "$gpu")
    if [ "$factor" = 0 ]; then
        why="$key not measured"
    else
        why="$key [0-9]* is [0-9.]*% below [0-9]*"
    fi
    check "$label: $key" "$(grep -c "^flagged: $label (.*): \(.*, \)\{0,1\}$why\(,\|\$\)" "$out")" 1
done <<EOF
$plants
EOF
flags=$(sed -n 's/^flagged: [^:]*: //p' "$out" | tr ',' '\n' | grep -c .)
check "the planted ceilings alone" "$flags" "$(echo "$plants" | grep -c .)"
expect_stderr_is "gpuroof: fleet check failed: 8 of $gpus GPUs more than 10% below the median of their twins on a ceiling, or without one a twin measured: $(echo "$planted" | paste -sd, - | sed 's/,/, /g')"

# The same fleet without the planted GPUs passes.
run measure --compare "$test_tmp"/clean/*.yaml
last="gpuroof measure --compare ($gpus files, none planted)"
expect_status 0
expect_no_stderr
expect_stdout_line "fleet check passed: every GPU within 10% of the median of its twins on every ceiling"
expect_stdout_lacks "flagged: "

# --spread-limit moves the line: at 45% no planted loss counts (the missing
# ceilings still do).
run measure --compare "$test_tmp"/fleet/*.yaml --spread-limit 45
last="gpuroof measure --compare ($gpus files, 8 planted) --spread-limit 45"
expect_status 1
check "flagged at 45%" "$(sed -n 's/^flagged: \([^ ]*\) .*/\1/p' "$out" | sort | paste -sd' ' -)" \
    "$(printf 'node-n005-gpu7 node-n%03d-gpu4' $((half + 3)))"

# At a limit of 0 nearly every GPU is below its model's median somewhere:
# the error line names twenty and counts the rest, stdout has them all.
run measure --compare "$test_tmp"/fleet/*.yaml --spread-limit 0
last="gpuroof measure --compare ($gpus files) --spread-limit 0"
expect_status 1
expect_error_line
check "twenty named on stderr, the rest counted" \
    "$(sed -n 's/.*measured: \(node-n[0-9]*-gpu[0-9], \)\{19\}node-n[0-9]*-gpu[0-9] and \([0-9]*\) more$/\2/p' "$err")" \
    "$(($(grep -c '^flagged: ' "$out") - 20))"

# One file whose ceiling does not read: its one line, naming the file, line
# and column, however many files came with it.
bad="$test_tmp/fleet/node-n003-gpu2.yaml"
sed 's/^  fp64_gflops: .*/  fp64_gflops: fast/' "$bad" >"$test_tmp/bad.yaml" && mv "$test_tmp/bad.yaml" "$bad"
run measure --compare "$test_tmp"/fleet/*.yaml
last="gpuroof measure --compare ($gpus files, one broken)"
expect_status 1
expect_no_stdout
expect_error_line
expect_stderr_has "gpuroof: $bad:$(grep -n '^  fp64_gflops:' "$bad" | cut -d: -f1):16: "

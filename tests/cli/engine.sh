#!/bin/sh
# One roofline engine: the same kernels through `gpuroof bound` and
# `gpuroof ncu` give the same binding levels, in JSON (binding_level,
# binding_levels) and in words.  tests/data/ncu/engine-ties.csv holds three
# launches on an H100 (its shipped profile: FP32 66908.16 GFLOP/s, DRAM
# 3352 GB/s, the L2 13125.12, shared memory 33454.08), each given to bound
# with the same FLOPs and bytes (ncu's L1 bytes are the shared-memory
# level's):
#   0: 2 x 3345408000 FFMA = 6690816000 FLOPs, 100000 ns at the peak;
#      335200000 DRAM bytes, 100000 ns: DRAM and compute tie
#   1: saxpy, 2097152 FLOPs, 12582912 DRAM bytes: clearly DRAM-bound
#   2: 13125120 L2 bytes and 33454080 L1 bytes, 1000 ns each: the L2 and
#      shared memory tie
. "$top_srcdir/tests/cli/lib.sh"
report="$top_srcdir/tests/data/ncu/engine-ties.csv"

# ID FLOPS DRAM_BYTES L2_BYTES L1_BYTES LEVELS WORDS
kernels='0 6690816000 335200000 1000000 1000000 ["dram","compute"] balanced: DRAM and compute
1 2097152 12582912 12615680 12582912 ["dram"] DRAM
2 2000000 335200 13125120 33454080 ["l2","shared"] balanced: L2 and shared memory'

run ncu "$report" --device h100 --json
expect_status 0
cp "$out" "$test_tmp/ncu.json"
run ncu "$report" --device h100 --details
expect_status 0
cp "$out" "$test_tmp/ncu.txt"

echo "$kernels" >"$test_tmp/kernels"
while read -r id flops dram l2 l1 levels words; do
    first=$(printf '%s' "$levels" | sed 's/^\["\([a-z0-9]*\)".*/\1/')
    # bound: the JSON
    run bound --device h100 --flops "$flops" --bytes "$dram" --l2-bytes "$l2" --shared-bytes "$l1" --json
    expect_status 0
    expect_json .binding_level "$first"
    expect_json .binding_levels "$levels"
    # ncu: the same launch's
    cp "$test_tmp/ncu.json" "$out"
    last="gpuroof ncu engine-ties.csv --json (launch $id)"
    expect_json ".launches[$id].binding_level" "$first"
    expect_json ".launches[$id].binding_levels" "$levels"
    expect_json ".launches[$id].flops.total" "$flops"
    expect_json ".launches[$id].bytes" "{\"dram\":$dram,\"l2\":$l2,\"shared\":$l1}"
    # the words: bound's verdict and ncu's binding line
    run bound --device h100 --flops "$flops" --bytes "$dram" --l2-bytes "$l2" --shared-bytes "$l1"
    expect_status 0
    case $words in
    balanced:*) expect_stdout_has "The roofs tie, $words:" ;;
    *) expect_stdout_has "Bound by $words:" ;;
    esac
    cp "$test_tmp/ncu.txt" "$out"
    last="gpuroof ncu engine-ties.csv (launch $id)"
    expect_stdout_has "  binding    $words, whose roof"
done <"$test_tmp/kernels"

# bound's kind of bound: balanced where compute ties, memory where levels do
run bound --device h100 --flops 6690816000 --bytes 335200000 --l2-bytes 1000000 --shared-bytes 1000000 --json
expect_json .bound balanced
run bound --device h100 --flops 2000000 --bytes 335200 --l2-bytes 13125120 --shared-bytes 33454080 --json
expect_json .bound memory
# The text of the tie, whole, in each command
run ncu "$report" --device h100 --details
expect_stdout_line '  binding    balanced: DRAM and compute, whose roofs are the lowest (66908 GFLOP/s: their 100000 ns are the longest); achieved is 50% of it'
expect_stdout_line '  binding    balanced: L2 and shared memory, whose roofs are the lowest (2000 GFLOP/s: their 1000 ns are the longest); achieved is 50% of it'
run bound --device h100 --flops 6690816000 --bytes 335200000 --l2-bytes 1000000 --shared-bytes 1000000
expect_stdout_line 'The roofs tie, balanced: DRAM and compute: I = I* = 19.96 FLOP/B at DRAM; its roof and the peak meet at 66908 GFLOP/s.'
# DRAM alone: bound's one-level roofline says the same
run bound --device h100 --flops 6690816000 --bytes 335200000
expect_stdout_line 'The roofs tie, balanced: DRAM and compute: I = I* = 19.96 FLOP/B, both roofs meet at 66908 GFLOP/s.'
run bound --device h100 --flops 6690816000 --bytes 335200000 --json
expect_json .binding_levels '["dram","compute"]'

#!/bin/sh
# gpuroof model, bound --model and occupancy --model: the answers to PMPP
# chapter 5's exercises, -D, devices, and every kind of bad input.
. "$top_srcdir/tests/cli/lib.sh"
models="$top_srcdir/models"

# Exercise 11: foo_kernel.
run model foo-kernel --json
expect_status 0
expect_json '.variables[] | select(.name == "i") | [.memory, .scope, .lifetime, .versions]' '["register","thread","grid",1024]'
expect_json '.variables[] | select(.name == "x") | [.memory, .scope, .lifetime, .versions]' '["local","thread","grid",1024]'
expect_json '.variables[] | select(.name == "y_s") | [.memory, .scope, .lifetime, .versions]' '["shared","block","grid",8]'
expect_json '.variables[] | select(.name == "b_s") | [.memory, .scope, .lifetime, .versions]' '["shared","block","grid",8]'
expect_json .shared_bytes_per_block 516
expect_json .flops 10240
expect_json .bytes 24576
expect_json '.intensity * 1e6 | round' 416667
expect_json .grid_blocks 8
expect_json .threads_per_block 128

run model foo-kernel
expect_status 0
expect_stdout_line '  shared memory  516 B per block: y_s 4 B + b_s 512 B'
expect_stdout_line '  intensity      10240 FLOP / 24576 B = 0.4167 FLOP/B (bytes read and written)'
expect_stdout_has 'counted: the 5 multiplications and 5 additions'

# Exercises 6 and 7.
run model versions --json
expect_json '[.variables[].versions]' '[512000,1000]'

# The chapter's intensities: naive 0.25, tiled 4 at 16 and 8 at 32 (exercise 5).
run model matmul-naive --json
expect_json .intensity 0.25
expect_json .bytes_counted read
run model matmul-tiled --json
expect_json .intensity 4
expect_json .derived.traffic_reduction 16
run model matmul-tiled -D TILE_WIDTH=32 --json
expect_json .intensity 8
expect_json .derived.traffic_reduction 32
expect_json .parameters.TILE_WIDTH 32
# Exercise 8: N and N/T.
run model matmul-tiled -D Width=1024 -D TILE_WIDTH=16 --json
expect_json '[.derived.naive_loads_per_input_element, .derived.loads_per_input_element]' '[1024,64]'
# Exercise 2: 8x8 with 2x2 and 4x4 tiles.
run model matmul-tiled -D Width=8 -D TILE_WIDTH=2 --json
expect_json '[.derived.loads_per_input_element, .derived.traffic_reduction]' '[4,2]'
run model matmul-tiled -D Width=8 -D TILE_WIDTH=4 --json
expect_json '[.derived.loads_per_input_element, .derived.traffic_reduction]' '[2,4]'
# A file path works as well as a name; a later -D wins.
run model "$models/matmul-tiled.yaml" -D TILE_WIDTH=8 -D TILE_WIDTH=32 --json
expect_json .intensity 8

# With a device: the bound, and the occupancy once registers are known.
run model foo-kernel --device a100 --regs 24 --json
expect_status 0
expect_json .on_device.bound memory
expect_json .on_device.blocks_per_sm 16
run model matmul-naive --device h100 --precision tensor_int8
expect_status 0
expect_stdout_line '  bound          min(0.25 OP/B x 3352 GB/s, 1978860 GOP/s tensor_int8) = 838 GOP/s: memory-bound (ridge 590.4 OP/B)'
# A model with shared-memory bytes: each level's roof, then the lowest.
run model matmul-tiled --device h100 --precision tensor_int8
expect_status 0
expect_stdout_line '  DRAM           min(4 OP/B x 3352 GB/s, 1978860 GOP/s tensor_int8) = 13408 GOP/s (ridge 590.4 OP/B)'
expect_stdout_line '  shared memory  min(0.25 OP/B x 33454 GB/s, 1978860 GOP/s tensor_int8) = 8364 GOP/s (ridge 59.15 OP/B)'
expect_stdout_line '  bound          8364 GOP/s: bound by shared memory, the lowest roof (gpuroof bound --model for the work)'
run model matmul-tiled --device h100 --precision tensor_int8 --json
expect_json .on_device.rate_unit GOP/s
run model matmul-tiled --device h100 --json
expect_json .on_device.rate_unit GFLOP/s
run model foo-kernel --device a100
expect_stdout_line '  occupancy      unknown: the model gives no registers per thread (--regs R)'
run model matmul-tiled --device h100 --regs 256
expect_fails 1 "gpuroof: --regs '256': 256 is out of range (0 to 255)"

# bound --model and occupancy --model.
run bound --model matmul-naive --device a100 --json
expect_status 0
expect_json .intensity 0.25
expect_json '.attainable_gflops' 388.75
run bound --model matmul-naive --device a100
expect_stdout_line '  model            Naive matrix multiplication (PMPP 3, analysed in 5.1) (matmul-naive)'
expect_stdout_has 'I  = FLOPs / bytes = 2147483648 FLOP / 8589934592 B = 0.25 FLOP/B'
run bound --model matmul-tiled -D TILE_WIDTH=32 --device a100
expect_stdout_line '  model          Tiled matrix multiplication (PMPP 5.4, Fig. 5.9) (matmul-tiled)'
expect_stdout_line '  DRAM            268435456 B  8 FLOP/B           min(8 x 1555, 19500) = 12440 GFLOP/s'
run occupancy --model matmul-tiled --device a100 --json
expect_json '[.threads_per_block, .regs_per_thread, .smem_per_block_bytes, .blocks_per_sm]' '[256,32,2048,8]'
run occupancy --model matmul-tiled -D TILE_WIDTH=32 --device a100 --json
expect_json '[.threads_per_block, .smem_per_block_bytes, .blocks_per_sm]' '[1024,8192,2]'
run occupancy --model matmul-tiled --regs 64 --smem 40K --device a100 --json
expect_json '[.threads_per_block, .regs_per_thread, .smem_per_block_bytes]' '[256,64,40960]'

# Errors.
run bound --model versions --device a100
expect_fails 1 'gpuroof: versions: the model counts no FLOPs and no bytes: work that does nothing has no bound'
run occupancy --model foo-kernel --device a100
expect_fails 1 'gpuroof: foo-kernel gives no registers per thread: add --regs R'
run model foo-kernel -D Nope=3
expect_fails 1 "gpuroof: -D Nope: $models/foo-kernel.yaml has no parameter 'Nope' (its parameters: N, BLOCK)"
run model foo-kernel -D 'N=2*'
expect_fails 1 "gpuroof: -D N=2*: expected a number, a name or '(' (at character 3)"
run model foo-kernel -D N
expect_fails 2 "gpuroof model: -D takes NAME=VALUE, not 'N' (gpuroof model --help)"
run bound -D x=1 --intensity 1 --device a100
expect_fails 2 'gpuroof bound: -D needs --model (gpuroof bound --help)'
run model nope
expect_fails 1 "gpuroof: no model 'nope': give a file, or a name gpuroof model --list lists"
run model
expect_fails 2 'gpuroof model: give a model FILE (gpuroof model --help)'
run model matmul-tiled -D Width=1000
expect_status 1
expect_stderr_has "launch.grid must be a whole number, not 62.5 ('/' divides exactly: use floor(a / b) or cdiv(a, b) for C's integer division)"

bad="$test_tmp/bad.yaml"
printf 'name: t\nlaunch: {grid: 1, block: 32}\nflops: {total: 2 / 0}\nbytes: {read: 4}\n' >"$bad"
run model "$bad"
expect_fails 1 "gpuroof: $bad:3:18: flops.total: division by zero (at character 3 of '2 / 0')"
printf 'name: t\nparameters: {W: 8}\nlaunch: {grid: W - 8, block: 32}\nflops: {total: 1}\nbytes: {read: 4}\n' >"$bad"
run model "$bad"
expect_fails 1 "gpuroof: $bad:3:16: launch.grid is 0; it must be at least 1"
printf 'name: t\nlaunch: {grid: 1, block: 32}\nflops: {total: Widht * 2}\nbytes: {read: 4}\n' >"$bad"
run model "$bad"
expect_fails 1 "gpuroof: $bad:3:16: flops.total: unknown name 'Widht' (at character 1 of 'Widht * 2')"
printf 'name: t\nlaunch: {grid: 1, block: 32}\nflops: {total: 2^70}\nbytes: {read: 4}\n' >"$bad"
run model "$bad"
expect_fails 1 "gpuroof: $bad:3:17: flops.total: integer overflow (at character 2 of '2^70')"
printf 'name: t\nlaunch: {grid: 1, block: 32\n' >"$bad"
run model "$bad"
expect_status 1
expect_error_line

# The levels inside the GPU: shared_bytes (and l2_bytes) as PMPP counts them,
# 2 loads of 4 bytes per FMA in the tiled matmul: 2 x 4 x Width^3.
run model matmul-tiled --json
expect_status 0
expect_json .shared_bytes "$((2 * 4 * 1024 * 1024 * 1024))"
expect_json .l2_bytes null
expect_json 'has("on_device")' false
run model matmul-naive --json
expect_json .shared_bytes null
expect_json .l2_bytes null
run model matmul-tiled
expect_stdout_line '  shared bytes   8192 B per thread x 1048576 threads = 8589934592 B'
expect_stdout_line '                 intensity 2147483648 FLOP / 8589934592 B = 0.25 FLOP/B'
run model matmul-naive
expect_stdout_lacks 'shared bytes'
# Every thread of the boundary kernel's launch runs the inner loop: 63 phases
# of 16 k, 8 bytes each, for 1016064 threads; 2 x 10^9 useful FLOP.
run model matmul-tiled-boundary
expect_stdout_line '  shared bytes   8064 B per thread x 1016064 threads = 8193540096 B'
expect_stdout_line '                 intensity 2000000000 FLOP / 8193540096 B = 0.2441 FLOP/B'
# With a device: each level's roof and the binding level, in text and JSON.
run model matmul-tiled -D Width=4096 -D TILE_WIDTH=32 --device h100
expect_status 0
expect_stdout_line '  DRAM           min(8 FLOP/B x 3352 GB/s, 66908 GFLOP/s fp32) = 26816 GFLOP/s (ridge 19.96 FLOP/B)'
expect_stdout_line '  shared memory  min(0.25 FLOP/B x 33454 GB/s, 66908 GFLOP/s fp32) = 8364 GFLOP/s (ridge 2 FLOP/B)'
expect_stdout_line '  bound          8364 GFLOP/s: bound by shared memory, the lowest roof (gpuroof bound --model for the work)'
run model matmul-tiled -D Width=4096 -D TILE_WIDTH=32 --device h100 --json
expect_json .on_device.binding_level shared
expect_json .on_device.bound memory
expect_json_near .on_device.attainable_gflops 8363.52
expect_json_near .on_device.ridge "$(awk 'BEGIN { printf "%.15g", 66908.16 / 3352 }')"
expect_json '[.on_device.levels[].level] | join(" ")' 'dram shared'
expect_json '.on_device.levels[0]' '{"level":"dram","bytes":17179869184,"intensity":8,"bandwidth_gbs":3352,"roof_gflops":26816}'
expect_json '.on_device.levels[1].roof_gflops' 8363.52
# DRAM alone: one level, and the bound as before.
run model matmul-naive --device a100 --json
expect_json '.on_device.levels' '[{"level":"dram","bytes":8589934592,"intensity":0.25,"bandwidth_gbs":1555,"roof_gflops":388.75}]'
expect_json .on_device.binding_level dram
# FP64 on the A100: the 9700 GFLOP/s peak is above shared memory's 0.25 x
# 19491.84 = 4873, which still binds.
run model matmul-tiled --device a100 --precision fp64 --json
expect_json .on_device.binding_level shared
# A device whose profile lacks a level's bandwidth: the figure is named.
mkdir -p "$test_tmp/profiles"
sed '/shared_bandwidth_gbs/d' "$top_srcdir/profiles/a100.yaml" | sed 's/^name: a100$/name: noshared/' \
    >"$test_tmp/profiles/noshared.yaml"
# Left out and named, as bound and plot do: bounded at DRAM alone.
run model matmul-tiled --device noshared --profiles "$test_tmp/profiles"
expect_status 0
expect_no_stderr
expect_stdout_line '  not bounded at shared memory: the model counts 8589934592 B there, but noshared has no shared memory bandwidth (shared_memory_banks.shared_bandwidth_gbs in its profile)'
run model matmul-tiled --device noshared --profiles "$test_tmp/profiles" --json
expect_status 0
expect_json .on_device.unroofed_bytes '{"shared":8589934592}'
expect_json .on_device.binding_level dram
run model matmul-naive --device noshared --profiles "$test_tmp/profiles" --json
expect_status 0
expect_json .on_device.binding_level dram
# A model's level bytes, wrongly given: one line naming file, line and column.
bad="$test_tmp/bad-levels.yaml"
printf 'name: x\nlaunch:\n  grid: 1\n  block: 1\nflops:\n  total: 1\nbytes: {}\nshared_bytes:\n  total: 1\n  per_thread: 1\n' >"$bad"
run model "$bad"
expect_fails 1 "gpuroof: $bad:9:10: shared_bytes: give per_thread or total, not both"
printf 'name: x\nlaunch:\n  grid: 1\n  block: 1\nflops:\n  total: 1\nbytes: {}\nl2_bytes:\n  total: -1\n' >"$bad"
run model "$bad"
expect_fails 1 "gpuroof: $bad:9:10: l2_bytes.total is negative (-1)"
# l2_bytes on a device without an L2 bandwidth; on the H100, DRAM's 8 x 3352
# = 26816 is above the L2's 0.5 x 13125.12 = 6562.56, which binds.
printf 'name: x\nlaunch:\n  grid: 1\n  block: 1\nflops:\n  total: 8\nbytes:\n  read: 1\nl2_bytes:\n  total: 16\n' >"$bad"
run model "$bad" --device k40
expect_status 0
expect_stdout_line '  not bounded at L2: the model counts 16 B there, but k40 has no L2 bandwidth (memory.l2_bandwidth_gbs in its profile)'
# the one policy: bound and plot leave the level out and name it too, each
# at the same bound (8 FLOP / 1 B x 288 GB/s, DRAM's alone)
run model "$bad" --device k40 --json
model_gflops=$(jq .on_device.attainable_gflops "$out")
run bound --model "$bad" --device k40 --json
expect_json .unroofed_bytes '{"l2":16}'
expect_json .attainable_gflops "$model_gflops"
run plot --model "$bad" --device k40 -o "$test_tmp/l2.svg" --script-only --json
expect_status 0
expect_json '.warnings' '["model '"'"'x'"'"' on k40: not bounded at L2: the model counts 16 B there, but k40 has no L2 bandwidth (memory.l2_bandwidth_gbs in its profile)"]'
expect_json '.models[0].roofs[0].gflops' "$model_gflops"
run model "$bad" --device h100 --json
expect_status 0
expect_json .l2_bytes 16
expect_json '.on_device.levels[1]' '{"level":"l2","bytes":16,"intensity":0.5,"bandwidth_gbs":13125.12,"roof_gflops":6562.56}'
expect_json .on_device.binding_level l2

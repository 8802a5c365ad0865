# gpuroof occupancy --sweep, --suggest and --target-blocks.
. "$top_srcdir/tests/cli/lib.sh"

textbook="--max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 65536 --smem-sm 96K"

# --sweep threads: every warp multiple up to the 1024 threads a block may have.
run occupancy --sweep threads --regs 32 --device h100 --json
expect_status 0
expect_no_stderr
expect_one_json object
expect_json .sweep threads
expect_json '.points | length' 32
expect_json '.points[0].threads_per_block' 32
expect_json '.points[-1].threads_per_block' 1024
expect_json '[.points[].valid] | all' true
expect_json '.points[0] | [.blocks_per_sm, .occupancy, .limiters]' '[32,0.5,["blocks"]]'
expect_json '.points[2] | [.threads_per_block, .blocks_per_sm, .warps_per_sm]' '[96,21,63]'
expect_json '.points[-1] | [.blocks_per_sm, .full]' '[2,true]'
expect_json '[.points[] | has("blocks_per_sm") and has("limits")] | all' true
run occupancy --sweep threads --regs 32 --device h100
expect_status 0
expect_stdout_line 'Occupancy against threads per block;'
expect_stdout_line 'the rest as given: 32 registers per thread, 0 B of shared memory per block'
expect_stdout_line '  threads        blocks/SM  warps/SM  occupancy  limited by'
expect_stdout_line '  32                    32        32        50%  blocks per SM'
expect_stdout_line '  96                    21        63     98.44%  threads per SM and registers'
expect_stdout_line '  1024                   2        64       100%  threads per SM and registers'
check "one row per block size" "$(grep -c '^  [0-9]' "$out")" 32
# Textbook limits sweep up to CUDA's 1024 threads per block (every GPU since
# compute capability 2.0), not the SM's 2048; --max-threads-block sets another.
run occupancy --sweep threads --regs 32 $textbook --json
expect_status 0
expect_json '.points | length' 32
expect_json '.points[-1].threads_per_block' 1024
run occupancy --sweep threads --regs 32 $textbook --max-threads-block 2048 --json
expect_status 0
expect_json '.points | length' 64
expect_json '.points[-1].threads_per_block' 2048

# --sweep regs: 1 to 255, registers one by one; the text collapses equal rows.
run occupancy --sweep regs --threads 256 --device h100 --json
expect_status 0
expect_json .sweep regs
expect_json '.points | length' 255
expect_json '.points[0].regs_per_thread' 1
expect_json '.points[-1].regs_per_thread' 255
expect_json '.points[31] | [.regs_per_thread, .blocks_per_sm, .limiters]' '[32,8,["threads","registers"]]'
expect_json '.points[32] | [.regs_per_thread, .blocks_per_sm, .occupancy]' '[33,6,0.75]'
expect_json '.points[-1] | [.blocks_per_sm, .occupancy]' '[1,0.125]'
run occupancy --sweep regs --threads 256 --device h100
expect_status 0
expect_stdout_line 'Occupancy against registers per thread;'
expect_stdout_line 'the rest as given: 256 threads, 0 B of shared memory per block'
expect_stdout_has '  1-'
expect_stdout_line '  1-24                   8        64       100%  threads per SM'
expect_stdout_line '  25-32                  8        64       100%  threads per SM and registers'
expect_stdout_line '  33-40                  6        48        75%  registers'
expect_stdout_line '  81-128                 2        16        25%  registers'
expect_stdout_line '  129-255                1         8      12.5%  registers'
check "rows after collapsing" "$(grep -c '^  [0-9]' "$out")" 8
# Registers that do not fit a block of 1024 threads: "does not launch".
run occupancy --sweep regs --threads 1024 --device h100
expect_status 0
expect_stdout_line '  33-64                  1        32        50%  registers'
expect_stdout_line '  65-255         does not launch'
run occupancy --sweep regs --threads 1024 --device h100 --json
expect_json '[.points[] | select(.valid | not)] | length' 191
expect_json '.points[64]' '{"regs_per_thread":65,"valid":false}'

# --sweep smem on the A100: 0 to the 163 KiB opt-in maximum in 128-byte units.
run occupancy --sweep smem --threads 256 --regs 32 --device a100 --json
expect_status 0
expect_json .sweep smem
expect_json '.points | length' 1305
expect_json '.points[1].smem_per_block_bytes' 128
expect_json '.points[-1].smem_per_block_bytes' 166912
expect_json '.points[] | select(.smem_per_block_bytes == 32768) | .blocks_per_sm' 4
expect_json '.points[-1] | [.blocks_per_sm, .limiters]' '[1,["shared_memory"]]'
run occupancy --sweep smem --threads 256 --regs 32 --device a100
expect_status 0
expect_stdout_line 'Occupancy against shared memory per block (bytes);'
# 17536 + 1024 B = 18560 B: 9 would fit, threads keep 8; 17664 + 1024 = 18688 B: 8.
expect_stdout_line '  0-17536                8        64       100%  threads per SM and registers'
expect_stdout_line '  17664-19968            8        64       100%  threads per SM, registers and shared memory'
expect_stdout_line '  32640-40960            4        32        50%  shared memory'
expect_stdout_line '  83072-166912           1         8      12.5%  shared memory'
run occupancy --sweep depth --threads 256 --regs 32 --device a100
expect_fails 2 "gpuroof occupancy: --sweep takes threads, regs or smem, not 'depth' (gpuroof occupancy --help)"

# --suggest: the block size with the most resident threads, the larger on a tie.
# H100, 32 registers, no shared memory: every warp multiple that divides 2048
# fills the SM; 1024 is the largest: 2 blocks, 2 x 132 = 264 blocks fill the GPU.
run occupancy --suggest --regs 32 --device h100 --json
expect_status 0
expect_no_stderr
expect_one_json object
expect_json_keys suggested_threads suggested_occupancy
expect_json .suggested_threads 1024
expect_json .suggested_occupancy 1
expect_json .suggested_blocks_per_sm 2
expect_json .min_grid_size 264
run occupancy --suggest --regs 32 --device h100
expect_status 0
expect_stdout_line 'The block size with the highest occupancy for 32 registers per thread, 0 B of shared memory per block'
expect_stdout_line '  1024 threads per block: 2 blocks per SM, 100% occupancy'
expect_stdout_has 'A grid of at least 2 x 132 SMs = 264 blocks fills the GPU.'
# A100, 64 registers (8 warps per sub-partition: 32 warps) and 40 KiB (+1 KiB:
# 4 blocks): at most 1024 resident threads whatever the size; the largest wins.
run occupancy --suggest --regs 64 --smem 40K --device a100 --json
expect_status 0
expect_json .suggested_threads 1024
expect_json .suggested_occupancy 0.5
expect_json .suggested_blocks_per_sm 1
expect_json .min_grid_size 108
# 128 registers on the H100: 16 warps at most; 512 threads, one block.
run occupancy --suggest --regs 128 --device h100 --json
expect_json .suggested_threads 512
expect_json .suggested_occupancy 0.25
expect_json .min_grid_size 132
# Textbook limits: no grid size (no SM count).
run occupancy --suggest --regs 32 $textbook --max-threads-block 1024 --json
expect_status 0
expect_json .suggested_threads 1024
expect_json 'has("min_grid_size")' false
# Never a block larger than 1024 threads unless --max-threads-block allows it:
# 2048 threads would tie with 2 x 1024 and win as the larger block.
run occupancy --suggest --regs 16 $textbook --json
expect_status 0
expect_json .suggested_threads 1024
expect_json .suggested_blocks_per_sm 2
run occupancy --suggest --regs 16 $textbook
expect_stdout_line '  1024 threads per block: 2 blocks per SM, 100% occupancy'
run occupancy --suggest --regs 16 $textbook --max-threads-block 2048 --json
expect_json .suggested_threads 2048
run occupancy --suggest --regs 255 --smem 200K --device h100 --json
expect_status 0
expect_json .suggested_threads 256
expect_json .suggested_blocks_per_sm 1

# --target-blocks: the most dynamic shared memory that keeps N blocks, counting
# the 1 KiB reserved per block (the runtime's own answer leaves it out).
run occupancy --threads 256 --regs 32 --target-blocks 2 --device h200 --json
expect_status 0
expect_no_stderr
expect_one_json object
expect_json .target_blocks 2
expect_json .max_dynamic_smem_bytes 115712
expect_json .runtime_dynamic_smem_bytes 116736
run occupancy --threads 256 --regs 32 --target-blocks 2 --device h200
expect_status 0
expect_stdout_line '  233472 B per SM / 2 blocks = 116736 B per block, in whole units of 128 B: 116736 B'
expect_stdout_line '  less 1024 B reserved and 0 B static = 115712 B (113 KiB)'
expect_stdout_line 'Answer: 115712 B (113 KiB) of dynamic shared memory per block.'
expect_stdout_line '  with 115712 B: 2 blocks resident'
expect_stdout_line '  with 115713 B: 1 block resident'
expect_stdout_line '  with 116736 B: 1 block resident'
# What the answer says, checked by the plain occupancy command.
run occupancy --threads 256 --regs 32 --smem 115712 --device h200 --json
expect_json .blocks_per_sm 2
run occupancy --threads 256 --regs 32 --smem 115713 --device h200 --json
expect_json .blocks_per_sm 1
# With static shared memory, --smem is the static part.
run occupancy --threads 256 --regs 32 --smem 16K --target-blocks 2 --device h200 --json
expect_status 0
expect_json .max_dynamic_smem_bytes 99328
expect_json .runtime_dynamic_smem_bytes 100352
run occupancy --threads 256 --regs 32 --smem 16K --target-blocks 2 --device h200
expect_stdout_line '  less 1024 B reserved and 16384 B static = 99328 B (97 KiB)'
# One block: capped by the 227 KiB a block may have with opt-in.
run occupancy --threads 256 --regs 32 --target-blocks 1 --device h200 --json
expect_json .max_dynamic_smem_bytes 232448
expect_json .runtime_dynamic_smem_bytes 232448
run occupancy --threads 256 --regs 32 --target-blocks 1 --device h200
expect_stdout_line '  with 232449 B: does not launch (232449 bytes of shared memory per block exceed the maximum of 232448 bytes per block (with opt-in))'
expect_stdout_lacks 'cudaOccupancyAvailableDynamicSMemPerBlock'
# The textbook SM of exercise 12: 96 KiB / 24 blocks = 4 KiB.
run occupancy --threads 64 --regs 27 --target-blocks 24 $textbook --json
expect_status 0
expect_json .max_dynamic_smem_bytes 4096
expect_json .runtime_dynamic_smem_bytes 4096
# Targets that cannot be met.
run occupancy --threads 256 --regs 32 --target-blocks 33 --device h200
expect_fails 1 'gpuroof: 33 blocks can never be resident: threads allow only 8'
run occupancy --threads 32 --regs 32 --target-blocks 33 --device h200
expect_fails 1 'gpuroof: 33 blocks can never be resident: blocks allow only 32'
run occupancy --threads 256 --regs 128 --target-blocks 3 --device h200
expect_fails 1 'gpuroof: 3 blocks can never be resident: registers allow only 2'
run occupancy --threads 256 --regs 32 --smem 200K --target-blocks 2 --device h200
expect_fails 1 'gpuroof: 2 blocks cannot be resident: each would have 116736 bytes of shared memory, less than the 205824 it needs before any dynamic memory'
run occupancy --threads 256 --regs 32 --target-blocks 0 --device h200
expect_fails 1 "gpuroof: --target-blocks '0': 0 is out of range (1 to 65536)"

# --sweep, --suggest and --target-blocks exclude each other: the error
# names those given.
for modes in '--sweep regs --suggest:give --sweep or --suggest, not both' \
    '--sweep regs --target-blocks 2:give --sweep or --target-blocks, not both' \
    '--suggest --target-blocks 2:give --suggest or --target-blocks, not both' \
    '--sweep threads --suggest --target-blocks 2:give at most one of --sweep, --suggest and --target-blocks'; do
    # shellcheck disable=SC2086
    run occupancy --threads 256 --regs 32 --device h200 ${modes%%:*}
    expect_fails 2 "gpuroof occupancy: ${modes#*:} (gpuroof occupancy --help)"
done

# Numbers the way people write them: K and M for counts as for byte sizes
# ("64K registers"), hexadecimal, a byte size's final B, shifts, and a
# negative value called negative; every example a --help shows runs.
. "$top_srcdir/tests/cli/lib.sh"

# Every "Example ...: gpuroof ..." line of a command's --help, with its
# continuation lines (ending in '\'), runs and succeeds, from the source
# tree as a reader of the README would.
cd "$top_srcdir" || exit 99
for command in bound occupancy model banks plot exercises devices; do
    "$GPUROOF" "$command" --help >"$test_tmp/help" 2>&1
    awk '/^Example/ { sub(/^[^:]*: gpuroof /, ""); line = $0; while (line ~ /\\$/) { sub(/\\$/, "", line); getline more; line = line more } print line }' \
        "$test_tmp/help" >"$test_tmp/examples"
    while IFS= read -r example; do
        eval "set -- $example"
        run "$@"
        expect_status 0
        expect_no_stderr
    done <"$test_tmp/examples"
done
# The occupancy example is PMPP's exercise 12a.
"$GPUROOF" occupancy --help >"$test_tmp/help"
check "occupancy --help's example has --regs-sm 64K" "$(grep -c -e '--max-blocks-sm 32 --regs-sm 64K' "$test_tmp/help")" 1

# Counts take K, M and G, 1024-based as byte sizes do.
run occupancy --threads 64 --regs 27 --smem 4K --max-threads-sm 2K --max-blocks-sm 32 --regs-sm 64K --smem-sm 96K
expect_status 0
expect_no_stderr
expect_stdout_line 'on an SM of 2048 threads, 32 blocks, 65536 registers and 98304 B (96 KiB) of shared memory'
expect_stdout_line 'Not full occupancy: 75% (limited by shared memory).'
run occupancy --threads 64 --regs 27 --smem 4K --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 64k --smem-sm 96K --json
expect_status 0
expect_json .blocks_per_sm 24
expect_json .occupancy 0.75
run occupancy --threads 1K --regs 32 --device h100 --json
expect_status 0
expect_json .threads_per_block 1024
run bound --flops 2K --bytes 2K --peak-gflops 200 --bandwidth 100 --json
expect_status 0
expect_json .flops 2048
expect_json .bytes 2048
expect_json .intensity 1
run bound --flops 1M --bytes 4M --peak-gflops 200 --bandwidth 100
expect_status 0
expect_stdout_line '  intensity     I  = FLOPs / bytes = 1048576 FLOP / 4194304 B = 0.25 FLOP/B'
run banks --kernel setRowReadCol --block 1Kx1 --json
expect_status 0
expect_json .block 1024x1
# A byte size's own suffix on a count says so.
run occupancy --threads 64 --regs 27 --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 64KB --smem-sm 96K
expect_fails 1 "gpuroof: --regs-sm '64KB': 'KB' is a byte size's suffix; a count takes K, M or G (at character 3)"
run occupancy --threads 256B --regs 32 --device h100
expect_fails 1 "gpuroof: --threads '256B': 'B' is a byte size's suffix; a count takes K, M or G (at character 4)"

# Rates and intensities take none: 19.5K GFLOP/s is 19500 to one reader and
# 19968 to another.
run bound --intensity 1 --peak-gflops 19.5K --bandwidth 1555
expect_fails 1 "gpuroof: --peak-gflops '19.5K': takes no K, M or G (those are 1024-based, for counts and sizes): write the number out"
run bound --intensity 1K --peak-gflops 200 --bandwidth 100
expect_fails 1 "gpuroof: --intensity '1K': takes no K, M or G (those are 1024-based, for counts and sizes): write the number out"
run bound --intensity 1 --peak-gflops 200 --bandwidth 100GB
expect_fails 1 "gpuroof: --bandwidth '100GB': unexpected name 'GB' after a number (at character 4)"

# A byte size may end in B, alone or after K, M, G.
for size in 4096B '4096 B' 4KB 4KiB 4kb 0x1000 '0x1000 B' '1 << 12' '0x400*4B'; do
    run occupancy --threads 256 --regs 32 --smem "$size" --device h100 --json
    expect_status 0
    expect_json .smem_per_block_bytes 4096
done
run occupancy --threads 256 --regs 32 --smem 4096B --device h100
expect_status 0
expect_stdout_starts 'Occupancy of 256 threads, 32 registers per thread, 4096 B (4 KiB) of shared memory per block'
run bound --flops 36 --bytes 28B --peak-gflops 200 --bandwidth 100 --json
expect_status 0
expect_json .bytes 28
run banks --kernel setRowReadRow --block 32x32 --elem-bytes 8B --json
expect_status 0
expect_json .elem_bytes 8

# Hexadecimal, for every kind of number.
run occupancy --threads 0x100 --regs 0x20 --smem 0x8000 --device a100
expect_status 0
expect_stdout_starts 'Occupancy of 256 threads, 32 registers per thread, 32768 B (32 KiB) of shared memory per block'
run bound --flops 0x24 --bytes 0x1C --peak-gflops 0xC8 --bandwidth 0x64 --json
expect_status 0
expect_json .flops 36
expect_json .bytes 28
expect_json .peak_gflops 200
expect_json .bandwidth_gbs 100

# Shifts, in options and in a model's -D.
run occupancy --threads '1 << 8' --regs 32 --smem '32 << 10' --device a100 --json
expect_status 0
expect_json .threads_per_block 256
expect_json .smem_per_block_bytes 32768
run model matmul-tiled -D 'TILE_WIDTH=1 << 5' --json
expect_status 0
expect_json .threads_per_block 1024
run occupancy --threads '1 << 64' --regs 32 --device a100
expect_fails 1 "gpuroof: --threads '1 << 64': '<<' by 64, more than 63 bits (at character 3)"
run occupancy --threads '1 << -1' --regs 32 --device a100
expect_fails 1 "gpuroof: --threads '1 << -1': '<<' by a negative count (-1) (at character 3)"
run occupancy --threads '1 << 63' --regs 32 --device a100
expect_fails 1 "gpuroof: --threads '1 << 63': integer overflow (at character 3), out of range (0 to 1048576)"

# A negative value is called that, not quoted a range.
run occupancy --threads 256 --regs 32 --smem -4K --device h100
expect_fails 1 "gpuroof: --smem '-4K': must not be negative"
run occupancy --threads -1 --regs 32 --device h100
expect_fails 1 "gpuroof: --threads '-1': must not be negative"
run occupancy --threads 64 --regs 27 --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 64K --smem-sm -96K
expect_fails 1 "gpuroof: --smem-sm '-96K': must not be negative"
run bound --intensity 1 --peak-gflops 200 --bandwidth -100
expect_fails 1 "gpuroof: --bandwidth '-100': must be positive"
run bound --intensity 1 --peak-gflops 0 --bandwidth 100
expect_fails 1 "gpuroof: --peak-gflops '0': must be positive"

# Numbers of any magnitude print whole or in the exponent form, never cut
# to 31 digits: a launch of 1e-30 ns (its rate 2e36 GFLOP/s, its share of
# the roof a 37-digit percentage, once past a 32-byte buffer) and the
# bound of 1e29 FLOPs over 1e-9 B.
awk 'BEGIN { FS = OFS = "\",\"" } NR == 12 { $25 = "1e-30" } { print }' \
    "$top_srcdir/tests/data/ncu/raw-base.csv" >"$test_tmp/tiny-time.csv"
run ncu "$test_tmp/tiny-time.csv" --details
expect_status 0
expect_no_stderr
expect_stdout_line '  time       1e-30 ns (17971 SM cycles: 1.797e+37 MHz)'
expect_stdout_line '  achieved   2097152 FLOP / 1e-30 ns = 2.097e+36 GFLOP/s'
expect_stdout_has 'achieved is 3.754e+35% of it'
run ncu --json "$test_tmp/tiny-time.csv"
expect_status 0
expect_json '.launches[0].time_ns' 1e-30
expect_json '.launches[0].gflops' 2.097152e+36
run bound --flops 1e29 --bytes 1e-9 --peak-gflops 1e12 --bandwidth 1e-9
expect_status 0
expect_stdout_line '  intensity     I  = FLOPs / bytes = 1e+29 FLOP / 1e-09 B = 1e+38 FLOP/B'
expect_stdout_line '  attainable       min(1e+29, 1000000000000) = 1000000000000 GFLOP/s = 100% of the peak'
run bound --flops 1e29 --bytes 1e-9 --peak-gflops 1e12 --bandwidth 1e-9 --json
expect_status 0
expect_json .intensity 1e+38

# A name that is not UTF-8 (here a file's) is still in the JSON, each stray
# byte shown as U+FFFD: jansson takes UTF-8 alone, and the key was left out.
bad_name="$test_tmp/launch-$(printf '\377').csv"
cp "$test_tmp/tiny-time.csv" "$bad_name"
run ncu --json "$bad_name"
expect_status 0
expect_json .file "$test_tmp/launch-$(printf '\357\277\275').csv"

# gpuroof exercises: PMPP chapter 5's exercises, each answered with its work.
. "$top_srcdir/tests/cli/lib.sh"

run exercises
expect_status 0
expect_no_stderr
for exercise in 'Exercise 9a' 'Exercise 9b' 'Exercise 12a' 'Exercise 12b'; do
    check "a title for $exercise" "$(grep -ci "^== .*$exercise:" "$out")" 1
done
expect_stdout_line "\$ gpuroof occupancy --threads 64 --regs 27 --smem 4K --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 64K --smem-sm 96K"
expect_stdout_line "\$ gpuroof occupancy --threads 256 --regs 31 --smem 8K --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 64K --smem-sm 96K"
expect_stdout_line '$ gpuroof occupancy --threads 256 --regs 32 --smem 32K --device a100'
# 5.1, the naive matmul loop on the A100.
expect_stdout_line "\$ gpuroof bound --flops 2 --bytes '2*4' --device a100"
expect_stdout_has '388.8'
expect_stdout_line '  attainable       min(388.8, 19500) = 388.8 GFLOP/s = 1.994% of the peak'
# 9a and 9b.
expect_stdout_line "\$ gpuroof bound --flops 36 --bytes '7*4' --peak-gflops 200 --bandwidth 100"
expect_stdout_line "\$ gpuroof bound --flops 36 --bytes '7*4' --peak-gflops 300 --bandwidth 250"
expect_stdout_has '128.6 GFLOP/s'
expect_stdout_line 'Memory-bound: I = 1.286 < I* = 2 FLOP/B. Memory bandwidth caps it at 128.6 GFLOP/s;'
expect_stdout_has 'Compute-bound'
expect_stdout_line 'Compute-bound: I = 1.286 > I* = 1.2 FLOP/B. Memory could feed 321.4 GFLOP/s,'
# 12a and 12b.
expect_stdout_has '75%'
expect_stdout_line 'Not full occupancy: 75% (limited by shared memory).'
expect_stdout_has 'Full occupancy'
expect_stdout_line 'Full occupancy: all 64 warp slots are used (the limit: threads per SM and registers).'
# 5.5, the A100 with 32 KB per block.
expect_stdout_has '4 blocks'
expect_stdout_has '50%'
expect_stdout_line '  resident       min(8, 32, 8, 4) = 4 blocks = 32 warps = 1024 threads per SM'
expect_stdout_line 'Not full occupancy: 50% (limited by shared memory).'
expect_stdout_line 'Without the 1024 B reserved per block, 5 blocks (62.5%) would fit.'

# Each answer is what the command it shows prints, run on its own.
run exercises
cp "$out" "$test_tmp/exercises.txt"
sed -n 's/^\$ gpuroof //p' "$test_tmp/exercises.txt" >"$test_tmp/commands"
while IFS= read -r command; do
    eval "set -- $command"
    run "$@"
    expect_status 0
    check "its output is in the exercises' text" \
        "$(awk 'NR == FNR { want[++n] = $0; next } { got[++m] = $0 }
                END { for (s = 1; s + n - 1 <= m; s++) { for (i = 1; i <= n && got[s + i - 1] == want[i]; i++);
                      if (i > n) { print "found"; exit } } print "missing" }' "$out" "$test_tmp/exercises.txt")" found
done <"$test_tmp/commands"

run exercises --help
expect_status 0
expect_stdout_starts 'Usage: gpuroof exercises'
run exercises extra
expect_fails 2 "gpuroof exercises: unexpected argument 'extra' (gpuroof exercises --help)"
# Regression: every command takes --json (gpuroof --help says so), but exercises
# refused it as an unexpected argument.
run exercises --json
expect_status 0
expect_one_json object

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

# One exercise by its number: 9 is both its parts, 9a one of them; 6 and 7
# are one exercise; several are answered in the order asked, each once.
run exercises 9
expect_status 0
expect_no_stderr
check "exercises 9: two titles" "$(grep -c '^== ' "$out")" 2
expect_stdout_line '== PMPP chapter 5, Exercise 9a: 36 FLOP and seven 32-bit global accesses per thread; 200 GFLOP/s, 100 GB/s'
expect_stdout_line '== PMPP chapter 5, Exercise 9b: the same kernel; 300 GFLOP/s, 250 GB/s'
expect_stdout_line "\$ gpuroof bound --flops 36 --bytes '7*4' --peak-gflops 300 --bandwidth 250"
expect_stdout_lacks 'Exercise 12a'
run exercises 9a
expect_status 0
check "exercises 9a: one title" "$(grep -c '^== ' "$out")" 1
expect_stdout_starts '== PMPP chapter 5, Exercise 9a:'
run exercises 9B
expect_status 0
expect_stdout_starts '== PMPP chapter 5, Exercise 9b:'
for n in 6 7; do
    run exercises $n
    expect_status 0
    expect_stdout_starts '== PMPP chapter 5, Exercises 6 and 7: versions of a local and of a shared variable'
    expect_stdout_line '$ gpuroof model versions'
done
run exercises 12 5.5 6 7
expect_status 0
check "exercises 12 5.5 6 7: titles in the order asked, each once" \
    "$(sed -n 's/^== PMPP chapter 5, \([^:]*\):.*/\1/p' "$out" | tr '\n' ',')" \
    'Exercise 12a,Exercise 12b,Section 5.5,Exercises 6 and 7,'
run exercises 9 --json
expect_status 0
expect_one_json object
expect_json '.exercises | length' 2
expect_json '.exercises[1].title' 'Exercise 9b: the same kernel; 300 GFLOP/s, 250 GB/s'
expect_json '.exercises[1].commands[0].result.bound' compute
run exercises 3 --json
expect_status 0
expect_json '.exercises | length' 1
expect_json '.exercises[0].commands | length' 0
# An unknown number lists the ones there are.
for n in 13 9c 0 extra 5.2; do
    run exercises $n
    expect_fails 2 "gpuroof exercises: no exercise '$n': give 1, 2, 3, 4, 5, 6, 7, 8, 9a, 9b, 10, 11, 12a, 12b, 5.1, 5.5, claims or volatile (a number alone is all its parts: 9 is 9a and 9b) (gpuroof exercises --help)"
done
run exercises 9 13 --json
expect_status 2
expect_no_stdout
# Regression: exercises takes --json (gpuroof --help says so), but it once
# refused it as an unexpected argument.
run exercises --json
expect_status 0
expect_one_json object
# The seed notes' volatile qualifier: both models, as gpuroof model prints them.
run exercises volatile --json
expect_status 0
expect_json '.exercises[0].commands | length' 2
expect_json '.exercises[0].commands[0].command' '["model","volatile-global"]'
expect_json '.exercises[0].commands[1].result.variables[0].volatile' true
expect_json '.exercises[0].commands[0].result.traffic_if.plain.intensity' 64
run exercises volatile
expect_status 0
expect_stdout_has '  if plain       global memory 1081344 B read + 1081344 B written: 64 FLOP/B'

#!/bin/sh
# gpuroof model on volatile variables (the seed notes' "calificador
# volatil"): every reference of a volatile variable is an access in memory,
# a plain scalar is read once into a register; the counts, intensities and
# the memory each reference touches, with and without volatile.
. "$top_srcdir/tests/cli/lib.sh"

# The global variable read in a loop: ITERS reads a thread if volatile,
# one if plain; the store of out[i] is 4 bytes a thread either way.
run model volatile-global --json
expect_status 0
threads=$(jq_value .threads)
iters=$(jq_value .parameters.ITERS)
expect_json '.variables[0] | [.name, .memory, .volatile]' '["g_step","global",true]'
expect_json '.variables[0].accesses.volatile.reads' "$((threads * iters))"
expect_json '.variables[0].accesses.plain.reads' "$threads"
expect_json '.variables[0].accesses.volatile.bytes' "$((threads * iters * 4))"
expect_json .bytes_read "$((threads * iters * 4))"
expect_json .traffic_if.volatile.bytes "$((threads * iters * 4 + threads * 4))"
expect_json .traffic_if.plain.bytes "$((threads * 8))"
expect_json_near .traffic_if.plain.intensity "$(awk -v i="$iters" 'BEGIN { printf "%.17g", 2 * i / 8 }')"
expect_json_near .intensity "$(awk -v i="$iters" 'BEGIN { printf "%.17g", 2 * i / (4 * i + 4) }')"
expect_json '.variables[1] | [.name, .memory, .volatile, .accesses]' '["i","register",false,null]'
expect_json .traffic_if.plain.shared_bytes null

run model volatile-global
expect_status 0
expect_stdout_has 'accesses       g_step (global, declared volatile): in all, over 270336 threads'
expect_stdout_has 'volatile: 69206016 reads = 276824064 B: global memory at every reference; each load'
expect_stdout_has 'plain: 270336 reads = 1081344 B: global memory at the first reference, then a'
expect_stdout_has 'if volatile    global memory 276824064 B read + 1081344 B written: 0.4981 FLOP/B (as declared)'
expect_stdout_has 'if plain       global memory 1081344 B read + 1081344 B written: 64 FLOP/B'
expect_stdout_has 'g_step lives in global memory (__device__); volatile: every reference loads or'

# One iteration: volatile and plain read the same.
run model volatile-global -D ITERS=1 --json
expect_json '.variables[0].accesses.volatile.reads' 270336
expect_json '.variables[0].accesses.plain.reads' 270336
expect_json .traffic_if.volatile.bytes 2162688

# The shared variable: its accesses make the shared level; thread 0 of each
# block writes it once.
run model volatile-shared --json
expect_status 0
threads=$(jq_value .threads)
blocks=$(jq_value .grid_blocks)
iters=$(jq_value .parameters.ITERS)
expect_json '.variables[0].accesses.volatile | [.reads, .writes]' "[$((threads * iters)),$blocks]"
expect_json '.variables[0].accesses.plain | [.reads, .writes]' "[$threads,$blocks]"
expect_json .shared_bytes "$(((threads * iters + blocks) * 4))"
expect_json .traffic_if.plain.shared_bytes "$(((threads + blocks) * 4))"
expect_json .traffic_if.volatile.bytes "$((blocks * 4 + threads * 4))"
expect_json .traffic_if.plain.bytes "$((blocks * 4 + threads * 4))"
run model volatile-shared --device h100
expect_status 0
expect_stdout_has 'reference (an LDS or STS each)'
expect_stdout_has 'bound by shared'

# A plain variable declared so: the model's counts are the plain ones.
plain="$test_tmp/plain.yaml"
sed 's/__device__ volatile float g_step/__device__ float g_step/' "$top_srcdir/models/volatile-global.yaml" >"$plain"
run model "$plain" --json
expect_json .bytes_read 1081344
expect_json '.variables[0].volatile' false
run model "$plain"
expect_stdout_has 'if plain       global memory 1081344 B read + 1081344 B written: 64 FLOP/B (as declared)'
expect_stdout_lacks 'lives in'

# Bad counts: one line naming the file, line and column.
bad="$test_tmp/bad.yaml"
printf 'name: x\nlaunch:\n  grid: 1\n  block: 3\nflops:\n  total: 1\nbytes: {}\nvariables:\n  - declare: __shared__ volatile float s\n    reads_per_thread: 1 / 2\n' >"$bad"
run model "$bad"
expect_fails 1 "gpuroof: $bad:10:23: variables.reads_per_thread must come to a whole number of accesses, not 1.5"
printf 'name: x\nlaunch:\n  grid: 1\n  block: 1\nflops:\n  total: 1\nbytes: {}\nvariables:\n  - declare: __constant__ float c\n    at: file\n    reads: 1\n' >"$bad"
run model "$bad"
expect_fails 1 "gpuroof: $bad:9:5: variables: c is __constant__: its reads go through the constant cache, which gpuroof does not count"


# The committed H100 run (plots/data/h100-volatile.yaml, by tools/record-volatile):
# each loop verified, and Nsight Compute's load instructions of the variable
# (a warp instruction is 32 threads' loads) equal the model's loads of it,
# volatile or plain as the kernel was built, at the launch measure made.
results="$top_srcdir/plots/data/h100-volatile.yaml"
rows="$test_tmp/volatile-rows.json"
if ! have_jq; then
    skip "the committed volatile checks against the models" "no jq"
elif ! "${top_builddir:?}/tests/yaml/results_json" "$results" >"$rows"; then
    fail "results_json reads $results" "it failed" "its JSON"
else
    check "four volatile checks, all verified" \
        "$("$JQ" -r '[.volatile_checks[] | select(.verified)] | length' "$rows")" 4
    for i in 0 1 2 3; do
        row=$("$JQ" -r ".volatile_checks[$i] | \"\(.kernel) \(.memory) \(.volatile) \(.threads) \(.block) \(.iterations) \(.global_load_instructions) \(.shared_load_instructions) \(.l1_global_load_sectors) \(.l1_global_load_hit_sectors)\"" "$rows")
        set -- $row
        kernel=$1 memory=$2 vol=$3 threads=$4 block=$5 iters=$6 gld=$7 sld=$8 sectors=$9 hits=${10}
        as=plain
        [ "$vol" = true ] && as=volatile
        run model "volatile-$memory" -D "N=$threads" -D "BLOCK=$block" -D "ITERS=$iters" --json
        model_reads=$(jq_value ".variables[0].accesses.$as.reads")
        blocks=$(jq_value .grid_blocks)
        last="$kernel ($as $memory, Nsight Compute)"
        if [ "$memory" = global ]; then
            check "global load instructions x 32 = the model's reads of g_step" "$((gld * 32))" "$model_reads"
            check "no shared loads" "$sld" 0
        else
            check "shared load instructions x 32 = the model's reads of s_step" "$((sld * 32))" "$model_reads"
            check "one global load a block (thread 0's *step, the model's bytes read / 4)" "$gld" "$blocks"
        fi
        # Volatile global loads skip L1: none of their sectors hits there.
        if [ "$kernel" = loopGlobalVolatile ]; then
            check "L1 hits of the volatile global loads" "$hits" 0
            check "a sector looked up for each load" "$sectors" "$gld"
        fi
        # The plain global load is served by L1 but for the first warp's on each SM.
        if [ "$kernel" = loopGlobalPlain ]; then
            check "the plain global load hits L1 in more than 9 of 10 sectors" \
                "$(awk -v h="$hits" -v s="$sectors" 'BEGIN { print (h > 0.9 * s) ? "yes" : "no" }')" yes
        fi
    done
fi

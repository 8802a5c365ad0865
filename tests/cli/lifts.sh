#!/bin/sh
# gpuroof ncu on the H200's recordings of 2026-11-29 (tests/data/ncu/h200):
# - the second limit suite (tests/ncu/lifts.cu, kernels not used to learn
#   the lifted efficiencies): each designed kernel in the report named by
#   its limit, and each lift's speedup expected within 25% of the measured
#   one: ncu's durations where both launches are in the report, else the
#   plain run's CUDA-event medians (lifts-output.txt).  One known miss, said
#   in doc/ncu.md: exp_accurate to exp_intrinsic, whose intrinsics drop
#   integer and FMA work that no counter of exp_accurate sets apart;
# - the real pair: GPT-2's language-model head at a vocabulary of 50257
#   (cuBLAS's Turing-era align1 kernels) and 50304 (its sm_90 ones), each
#   older kernel's expected speedup with the call changed within 25% of
#   the measured one, the same launch in the two reports;
# - the explained share of every workload recorded with gpuroof's list, at
#   least 80%;
# - Nsight Compute's rules against gpuroof's limiters on the --set full
#   recording: the comparison committed (lifts/rules-agreement.txt) as it
#   is made.
. "$top_srcdir/tests/cli/lib.sh"
h="$top_srcdir/tests/data/ncu/h200"
have_jq || skip_all "no jq"
unzip_to() { gzip -dc "$1" >"$2"; }

# ---- the second suite -----------------------------------------------------------
unzip_to "$h/lifts/lifts-full.csv.gz" "$test_tmp/lifts.csv"
run ncu "$test_tmp/lifts.csv" --json
expect_status 0
cp "$out" "$test_tmp/lifts.json"
value_of() {
    jq -r --argjson id "$1" ".launches[] | select(.id == \$id) | $2" "$test_tmp/lifts.json"
}
field() {
    printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}
event_us() { # the plain run's median of kernel $1
    sed -n "s/^time $1 median_us=\([0-9.]*\) .*/\1/p" "$h/lifts/lifts-output.txt"
}
in_report() { [ -n "$(value_of "$1" .id)" ]; }
named=0 held=0 pairs=0
while IFS= read -r line; do
    kind=${line%% *} name=$(printf '%s\n' "$line" | cut -d' ' -f2) id=$(field launch "$line")
    case $kind in limit | variant) ;; *) continue ;; esac
    in_report "$id" || continue
    last="launch $id ($name)"
    if [ "$kind" = limit ]; then
        want=$(field designed "$line") got=$(value_of "$id" .limiter)
        # an issue-bound kernel whose FP instructions fill the slots is compute's
        if [ "$want" = issue ] && [ "$got" = compute ] && [ "$(value_of "$id" .limit_work.issue.fp_fills_slots)" = true ]; then
            want=compute
        fi
        check "named by its designed limit" "$got" "$want"
        named=$((named + 1))
    fi
done <"$h/lifts/lifts-expect.txt"
"$top_srcdir/tools/lifts-table" "$test_tmp/lifts.json" "$h/lifts/lifts-expect.txt" "$h/lifts/lifts-output.txt" \
    >"$test_tmp/lifts-table.txt"
while read -r kernel variant limiter expected at_most measured how ratio; do
    [ "$kernel" = kernel ] && continue # the heading
    last="$kernel to $variant"
    pairs=$((pairs + 1))
    [ "$kernel" = exp_accurate ] && continue # the known miss above
    if awk -v r="$ratio" 'BEGIN { exit !(r >= 0.75 && r <= 1.25) }'; then
        held=$((held + 1))
        pass "expected $expected, measured $measured ($how)"
    else
        fail "expected within 25% of measured" "expected $expected" "$measured ($how)"
    fi
done <"$test_tmp/lifts-table.txt"
last="lifts-expect.txt"
check "designed kernels in the report, named" "$named" 7
check "pairs whose kernel is in the report" "$pairs" 7
check "pairs held within 25%" "$held" 6

# ---- the real pair: GPT-2's vocabulary ------------------------------------------
unzip_to "$h/gpt2-50257.csv.gz" "$test_tmp/odd.csv"
unzip_to "$h/gpt2-50304.csv.gz" "$test_tmp/even.csv"
"$GPUROOF" ncu "$test_tmp/odd.csv" --json >"$test_tmp/odd.json"
"$GPUROOF" ncu "$test_tmp/even.csv" --json >"$test_tmp/even.json"
older=$(jq -r '.launches[] | select(.older_architecture != null) | .id' "$test_tmp/odd.json")
last="the 50257 report"
check "its older-architecture launches" "$(echo $older)" "43 55 56"
for id in $older; do
    last="GPT-2's head, launch $id"
    odd=$(jq -c --argjson id "$id" '.launches[] | select(.id == $id)' "$test_tmp/odd.json")
    even=$(jq -c --argjson id "$id" '.launches[] | select(.id == $id)' "$test_tmp/even.json")
    check "cutlass_75 align1 at 50257" "$(printf '%s' "$odd" | jq '.kernel | test("cutlass_75_.*_align1")')" true
    check "sm_90's nvjet at 50304" "$(printf '%s' "$even" | jq '.kernel | test("^nvjet_sm90")')" true
    # the same GEMM: its FLOPs within 0.5% (the tiles of the two kernels
    # pad a vocabulary of 50257 or 50304 differently)
    check "the same GEMM" "$(jq -n --argjson a "$odd" --argjson b "$even" \
        '($a.flops.tensor / $b.flops.tensor - 1) | fabs < 0.005')" true
    expected=$(printf '%s' "$odd" | jq .older_architecture.expected_speedup)
    measured=$(jq -n --argjson a "$odd" --argjson b "$even" '$a.time_ns / $b.time_ns')
    if awk -v p="$expected" -v m="$measured" 'BEGIN { d = p / m; exit !(d >= 0.75 && d <= 1.25) }'; then
        pass "expected ${expected}x with the call changed, measured ${measured}x"
    else
        fail "expected within 25% of measured" "expected ${expected}x" "${measured}x"
    fi
done

# ---- the explained share of each workload ---------------------------------------
for w in step cnn compiled gpt2-50257 gpt2-50304; do
    unzip_to "$h/$w.csv.gz" "$test_tmp/$w.csv"
    run ncu "$test_tmp/$w.csv" --json
    expect_status 0
    expect_json '.explained_share >= 0.8' true
    run ncu "$test_tmp/$w.csv" --group
    expect_stdout_has "Explained: "
    expect_stdout_has "What to fix first"
done

# ---- Nsight Compute's rules -----------------------------------------------------
unzip_to "$h/lifts/lifts-full-details.csv.gz" "$test_tmp/details.csv"
run ncu "$test_tmp/details.csv" --device h200 --json
expect_status 0
expect_json .rules '{"read":280,"compared":4,"same":4}'
jq -r '.launches[] | select(.rules_comparison != null) | "\(.id) \(.kernel | split("(")[0]) \(.rules_comparison.rule) \(.rules_comparison.speedup_pct) \(.rules_comparison.verdict) \(.limiter)"' \
    "$out" >"$test_tmp/agreement.txt"
check "the comparison as committed" "$(diff "$h/lifts/rules-agreement.txt" "$test_tmp/agreement.txt" && echo same)" same
run ncu "$test_tmp/details.csv" --device h200
expect_stdout_line "Nsight Compute's rules: on 4 launches its LaunchConfiguration, Occupancy or SOL rules estimate a speedup of 50% or more; gpuroof names the same kind of limit on 4"

# ---- the profiler's settings, from the session page recorded beside a report ----
{ cat "$h/step-session.txt"; gzip -dc "$h/step.csv.gz"; } >"$test_tmp/step-with-session.csv"
run ncu "$test_tmp/step-with-session.csv"
expect_status 0
expect_stdout_line 'Profiler: --clock-control none (the clocks as the GPU set them), --cache-control all (every cache flushed before each launch), from the report'"'"'s command line'

# ---- an empty kernel's L2 traffic, named where it is most of a launch's ---------
run ncu "$test_tmp/lifts.csv" --kernel one_block --details
expect_status 0
expect_stdout_has "of the L2's, 99.11% (127936 B) an empty kernel moves too under Nsight Compute (the profile's launch_l2_bytes): every launch's, not this kernel's work"
check "a large kernel's L2 bytes are its own" "$(value_of 5 '.launch_l2_share < 0.01')" true
check "the profile's, in the JSON" "$(jq .latencies.launch_l2_bytes "$test_tmp/lifts.json")" 127936

#!/bin/sh
# gpuroof ncu on the H200's recordings of 2026-11-29 (tests/data/ncu/h200):
# - the second limit suite (tests/ncu/lifts.cu, kernels not used to learn
#   the lifted efficiencies), recorded whole with --once: each designed
#   kernel named by its limit, and each lift's speedup expected within 25%
#   of the one ncu's durations measure (a unit of launches summed).  The
#   known misses, each said with its cause in doc/ncu.md, are held as they
#   are, so that a change that mends or breaks one shows: the lifts of
#   exp_accurate and gemm_ffma; tiny_steps's 64 launches, fused, held as
#   --group holds a kernel's launches;
# - DRAM's share for scattered sectors (tests/ncu/scatter.cu, recorded
#   twice), the efficiency gpuroof takes for them: gather_words at it;
# - two limits in sequence (tests/ncu/sequence.cu, recorded twice): a DRAM
#   copy's tail wave named waves, in sequence with DRAM, its lift expected
#   within 25%; a DRAM prologue before an FMA loop explained by the two,
#   whose kernels alone sum to its time;
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
unzip_to "$h/lifts/lifts-once.csv.gz" "$test_tmp/lifts.csv"
expect_file="$h/lifts/lifts-once-expect.txt"
run ncu "$test_tmp/lifts.csv" --json
expect_status 0
cp "$out" "$test_tmp/lifts.json"
value_of() {
    jq -r --argjson id "$1" ".launches[] | select(.id == \$id) | $2" "$test_tmp/lifts.json"
}
field() {
    printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}
check "every launch of the suite in the report" "$(jq '.launches | length' "$test_tmp/lifts.json")" \
    "$(wc -l <"$expect_file" | tr -d ' ')"
named=0 misnamed=""
while IFS= read -r line; do
    kind=${line%% *} name=$(printf '%s\n' "$line" | cut -d' ' -f2) id=$(field launch "$line")
    [ "$kind" = limit ] || continue
    case $(field step "$line") in '' | 0) ;; *) continue ;; esac # a unit: its first launch
    last="launch $id ($name)"
    want=$(field designed "$line") got=$(value_of "$id" .limiter)
    # an issue-bound kernel whose FP instructions fill the slots is compute's
    if [ "$want" = issue ] && [ "$got" = compute ] && [ "$(value_of "$id" .limit_work.issue.fp_fills_slots)" = true ]; then
        want=compute
    fi
    if [ "$got" = "$want" ]; then
        named=$((named + 1))
        pass "named by its designed limit, $want"
    else
        misnamed="$misnamed $name:$got"
    fi
done <"$expect_file"
last="lifts-once-expect.txt"
check "designed kernels named by their limit" "$named" 16
check "none named otherwise" "$misnamed" ""
"$top_srcdir/tools/lifts-table" "$test_tmp/lifts.json" "$expect_file" "$h/lifts/lifts-once-output.txt" \
    >"$test_tmp/lifts-table.txt"
pairs=0 held=0 missed=""
while read -r kernel variant limiter expected at_most measured how ratio; do
    [ "$kernel" = kernel ] && continue # the heading
    last="$kernel to $variant"
    pairs=$((pairs + 1))
    check "measured by ncu's durations" "$how" ncu
    if awk -v r="$ratio" 'BEGIN { exit !(r >= 0.75 && r <= 1.25) }'; then
        held=$((held + 1))
        pass "expected $expected, measured $measured ($how)"
    else
        missed="$missed $kernel"
    fi
done <"$test_tmp/lifts-table.txt"
last="lifts-table"
check "pairs in the report" "$pairs" 16
check "pairs held within 25%" "$held" 14
check "the misses doc/ncu.md explains" "$missed" " exp_accurate gemm_ffma"
# the unit of launches fused: the table's expected and at-most are --group's kernel row's
run ncu "$test_tmp/lifts.csv" --group --json
expect_status 0
last="tiny_steps, fused"
check "the table's expected speedup is the kernel's under --group" \
    "$(grep '^tiny_steps ' "$test_tmp/lifts-table.txt" | awk '{print $4, $5}')" \
    "$(jq -r '.kernels[] | select(.kernel | startswith("tiny_steps")) | .expected_speedup, .speedup' "$out" |
        awk '{ printf "%.3gx%s", $1, NR == 1 ? " " : "\n" }')"
# the table in doc/ncu.md is this one
check "doc/ncu.md's table" "$(awk '/^\$ zcat tests\/data\/ncu\/h200\/lifts\/lifts-once.csv.gz/ { on = 1; next } on && /^```/ { exit } on' \
    "$top_srcdir/doc/ncu.md" | diff - "$test_tmp/lifts-table.txt" && echo same)" same

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
unzip_to "$h/gpt2-full-details.csv.gz" "$test_tmp/gpt2-full.csv"
run ncu "$test_tmp/gpt2-full.csv" --device h200 --json
expect_status 0
expect_json '.explained_share >= 0.8' true
for w in step cnn compiled gpt2-50257 gpt2-50304 bert; do
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
# GPT-2 under --set full: where gpuroof names another kind, it says why
run ncu "$test_tmp/gpt2-full.csv" --device h200 --json
expect_status 0
expect_json .rules '{"read":572,"compared":22,"same":15}'
jq -r '.launches[] | select(.rules_comparison != null) | "\(.id) \(.kernel | split("(")[0] | split("<")[0] | gsub(" "; "_")) \(.rules_comparison.rule) \(.rules_comparison.speedup_pct) \(.rules_comparison.verdict) \(.limiter) \(.rules_comparison.why_not)"' \
    "$out" >"$test_tmp/gpt2-agreement.txt"
check "GPT-2's comparison as committed" "$(diff "$h/gpt2-full-rules-agreement.txt" "$test_tmp/gpt2-agreement.txt" && echo same)" same
check "a reason wherever gpuroof names another kind" \
    "$(jq '[.launches[] | select(.rules_comparison.verdict == "different" and (.rules_comparison.why_not | length) < 20)] | length' "$out")" 0
run ncu "$test_tmp/gpt2-full.csv" --device h200
expect_stdout_line "Nsight Compute's rules: on 22 launches its LaunchConfiguration, Occupancy or SOL rules estimate a speedup of 50% or more; gpuroof names the same kind of limit on 15 (--details says why not on the others)"

# ---- the profiler's settings, from the session page recorded beside a report ----
{ cat "$h/step-session.txt"; gzip -dc "$h/step.csv.gz"; } >"$test_tmp/step-with-session.csv"
run ncu "$test_tmp/step-with-session.csv"
expect_status 0
expect_stdout_line 'Profiler: --clock-control none (the clocks as the GPU set them), --cache-control all (every cache flushed before each launch), from the report'"'"'s command line'

# ---- an empty kernel's L2 traffic, named where it is most of a launch's ---------
run ncu "$test_tmp/lifts.csv" --kernel one_block --details
expect_status 0
expect_stdout_has "of the L2's, 98.41% (127936 B) an empty kernel moves too under Nsight Compute (the profile's launch_l2_bytes): every launch's, not this kernel's work"
check "a large kernel's L2 bytes are its own" \
    "$(value_of "$(field launch "$(grep '^limit gather_strided ' "$expect_file")")" '.launch_l2_share < 0.01')" true
check "the profile's, in the JSON" "$(jq .latencies.launch_l2_bytes "$test_tmp/lifts.json")" 127936

# ---- two limits in sequence (tests/ncu/sequence.cu) --------------------------------
for rec in sequence sequence-2; do
    unzip_to "$h/sequence/$rec.csv.gz" "$test_tmp/$rec.csv"
    run ncu "$test_tmp/$rec.csv" --json
    expect_status 0
    seq_of() { jq -r --argjson id "$1" ".launches[] | select(.id == \$id) | $2" "$out"; }
    last="$rec: copy_tail (launch 0)"
    check "named waves, in sequence with DRAM" "$(seq_of 0 '"\(.limiter) \(.explained.sequence)"')" "waves dram"
    check "explained at least 90%" "$(seq_of 0 '.explained.share >= 0.9')" true
    tail_ns=$(seq_of 0 .time_ns) exact_ns=$(seq_of 1 .time_ns) expected=$(seq_of 0 .expected_speedup)
    check "the lift (copy_exact) within 25% of the expected" \
        "$(awk -v t="$tail_ns" -v e="$exact_ns" -v x="$expected" 'BEGIN { r = x / (t / e); print (r >= 0.75 && r <= 1.25) ? "held" : r }')" held
    check "copy_exact: DRAM, nothing in sequence" "$(seq_of 1 '"\(.limiter) \(.explained.sequence)"')" "dram null"
    last="$rec: read_then_fma (launch 4)"
    check "compute, in sequence with DRAM" "$(seq_of 4 '"\(.limiter) \(.explained.sequence)"')" "compute dram"
    check "explained at least 95%" "$(seq_of 4 '.explained.share >= 0.95')" true
    check "its phases alone (read_sum, fma_loop) sum to its time, within 5%" \
        "$(jq -r '[.launches[] | .time_ns] | ((.[2] + .[3]) / .[4]) | if . >= 0.95 and . <= 1.05 then "held" else . end' "$out")" held
    check "read_sum and fma_loop alone: one limit each" \
        "$(seq_of 2 '"\(.limiter) \(.explained.sequence)"') $(seq_of 3 '"\(.limiter) \(.explained.sequence)"')" "dram null compute null"
done

# ---- DRAM's share for scattered sectors (tests/ncu/scatter.cu) ----------------------
for rec in scatter scatter-2; do
    unzip_to "$h/scatter/$rec.csv.gz" "$test_tmp/$rec.csv"
    run ncu "$test_tmp/$rec.csv" --json
    expect_status 0
    last="$rec: gather_words (launch 0)"
    check "DRAM, explained whole" "$(jq -r '.launches[0] | "\(.limiter) \(.explained.share >= 0.99)"' "$out")" "dram true"
    check "DRAM's bytes over its time within 0.01 of GR_DRAM_SCATTERED (0.52) of 4800 GB/s" \
        "$(jq -r '.launches[0] | .bytes.dram / .time_ns / 4800 | if . > 0.51 and . < 0.53 then "held" else . end' "$out")" held
    last="$rec: stream_words (launch 1)"
    check "a stream of the same buffer: above 0.9 of it" \
        "$(jq -r '.launches[1] | .bytes.dram / .time_ns / 4800 > 0.9' "$out")" true
done

# ---- measure's kernels under Nsight Compute (tests/data/ncu/h200/measure) -----------
# cuBLAS's FP32 SGEMMs on the H200 are its sm80 FFMA kernels: an older
# architecture's, but no Tensor Core GEMM that missed the GPU's own (they
# were flagged, "nan% of the Tensor Core roof"); and no figure of any
# recording reads nan or inf.
unzip_to "$h/measure/measure.csv.gz" "$test_tmp/measure.csv"
run ncu "$test_tmp/measure.csv" --group --json
expect_status 0
last="measure.csv.gz"
check "cuBLAS's FFMA SGEMMs not flagged as an older architecture's" \
    "$(jq '[.kernels[] | select((.kernel | test("ffma")) and .older_architecture != null)] | length' "$out")" 0
check "its FFMA SGEMMs are there" "$(jq '[.kernels[] | select(.kernel | test("sm80_xmma_gemm_f32f32.*ffma"))] | length' "$out")" 4
for rec in step cnn compiled gpt2-50257 gpt2-50304 bert measure/measure measure/measure-raw lifts/lifts-once; do
    unzip_to "$h/$rec.csv.gz" "$test_tmp/any.csv"
    run ncu "$test_tmp/any.csv" --group --details
    last="$rec"
    check "no nan or inf in its text" "$(grep -ciE '\b(nan|inf)\b' "$out")" 0
done

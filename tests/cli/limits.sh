#!/bin/sh
# gpuroof ncu's limits on the proof application (tests/ncu/limits.cu)
# recorded under Nsight Compute on an H100 (tests/data/ncu/h100/limits.csv,
# its launch lines limits-expect.txt; tools/record-limits): every kernel built
# to be held by one limit is named by it, and for every variant, which lifts
# its kernel's limit, the speedup gpuroof predicted for the kernel is within
# 25% of the measured one: duration(kernel) x work_ratio / duration(variant),
# both from the same report.  The same on the PyTorch training step recorded
# there: every launch gets a limiter.
. "$top_srcdir/tests/cli/lib.sh"
h="$top_srcdir/tests/data/ncu/h100"
results="$top_srcdir/plots/data/h100-latency.yaml"
have_jq || skip_all "no jq"

run ncu "$h/limits.csv" --device h100 --results "$results" --json
expect_status 0
cp "$out" "$test_tmp/limits.json"
# limit_of ID: the limiter gpuroof names for launch ID
limit_of() {
    jq -r --argjson id "$1" '.launches[] | select(.id == $id) | .limiter' "$test_tmp/limits.json"
}
value_of() {
    jq -r --argjson id "$1" ".launches[] | select(.id == \$id) | $2" "$test_tmp/limits.json"
}
# field NAME LINE: the value of NAME=... on an expect line
field() {
    printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

designed=0 variants=0
while IFS= read -r line; do
    kind=${line%% *}
    case $kind in limit | variant) ;; *) continue ;; esac
    name=$(printf '%s\n' "$line" | cut -d' ' -f2)
    id=$(field launch "$line")
    last="launch $id ($name)"
    if [ "$kind" = limit ]; then
        designed=$((designed + 1))
        want=$(field designed "$line")
        if [ "$want" = tensor ]; then # the compute limit, of FLOPs mostly the Tensor Cores'
            want=compute
            check "its FLOPs mostly the Tensor Cores'" "$(value_of "$id" '.flops.tensor > .flops.total / 2')" true
        fi
        check "named by its designed limit" "$(limit_of "$id")" "$want"
    fi
    of=$(field of "$line")
    [ -n "$of" ] || continue
    variants=$((variants + 1))
    ratio=$(field work_ratio "$line")
    predicted=$(value_of "$of" .speedup)
    measured=$(awk -v k="$(value_of "$of" .time_ns)" -v v="$(value_of "$id" .time_ns)" -v r="$ratio" \
        'BEGIN { printf "%.4g", k * r / v }')
    if awk -v p="$predicted" -v m="$measured" 'BEGIN { d = p / m; exit !(d >= 0.75 && d <= 1.25) }'; then
        pass "lifts launch $of's $(limit_of "$of"): predicted ${predicted}x, measured ${measured}x"
    else
        fail "lifts launch $of's $(limit_of "$of"): predicted within 25% of measured" "predicted ${predicted}x" \
            "${measured}x"
    fi
done <"$h/limits-expect.txt"
last="limits-expect.txt"
check "kernels built for a limit" "$designed" 11
check "variants" "$variants" 11

# ---- the PyTorch step: every launch has a limiter -------------------------
zcat "$h/torch-step.csv.gz" >"$test_tmp/step.csv" 2>/dev/null || gzip -dc "$h/torch-step.csv.gz" >"$test_tmp/step.csv"
run ncu "$test_tmp/step.csv" --device h100 --results "$results" --json
expect_status 0
expect_json '[.launches[] | select(.limiter == null)] | length' 0
expect_json '.launches | length' 414
run ncu "$test_tmp/step.csv" --device h100 --results "$results" --group --json
expect_status 0
expect_json '[.kernels[] | select(.limiter == null)] | length' 0

#!/bin/sh
# gpuroof ncu against what is known of the real fixtures recorded on an H100
# (tests/data/ncu/h100, its README says what each file is): the test app's
# counts known by construction (app-expect.txt), the pages of one run and of
# several runs agreeing, the roofline set beside gpuroof's list, a launch
# that faulted, gpuroof's occupancy beside Nsight Compute's on every launch,
# and gpuroof measure's own kernels beside its results file (measure.yaml).
. "$top_srcdir/tests/cli/lib.sh"
h="$top_srcdir/tests/data/ncu/h100"

if ! have_jq; then
    last="gpuroof ncu $h/*.csv"
    skip "the real fixtures' figures" "no jq"
    exit 0
fi

# json PAGE: gpuroof's JSON of a fixture into $test_tmp/PAGE.json (the
# details pages name no GPU: the H100 profile for every page).
json() {
    run ncu "$h/$1.csv" --json --device h100
    expect_status 0
    cp "$out" "$test_tmp/$1.json"
}

# expected KEY: each launch's KEY=value of app-expect.txt, one a line.
expected() {
    sed -n 's/^expect .* launch=\([0-9]*\) .*'" $1"'=\([0-9.]*\).*/\1 \2/p' "$h/app-expect.txt"
}

# ---- app-raw: FLOPs per precision exactly as the app counts them ----------------
json app-raw
check "app-raw: a launch for each expected one" "$(jq_value '.launches | length')" "$(expected fp32_flops | wc -l | tr -d ' ')"
for p in fp32 fp64 fp16 tensor; do
    got=$(jq_value ".launches[] | \"\(.id) \(.flops.$p)\"")
    check "app-raw: every launch's $p FLOPs as app-expect.txt's" "$got" "$(expected ${p}_flops)"
done

# DRAM bytes of the copy (launch 4, 512 MiB moved): the only kernel large
# enough; the others' output is still dirty in the 50 MB L2 when the kernel
# ends, so not written back to DRAM yet, and their writes are not counted.
copy_bytes=$(expected dram_bytes | awk '$1 == 4 { print $2 }')
check "app-raw: launch 4 is the copy" "$(jq_value '.launches[4].kernel')" "copy_f4(const float4 *, float4 *, unsigned long)"
expect_json_near '.launches[4].bytes.dram' "$copy_bytes" 0.05

# ---- the pages of the same launches agree -------------------------------------------
# close A B FILTER TOLERANCE: every launch's FILTER (a number or null)
# within a relative TOLERANCE, in A's and B's JSON.
close() {
    last="gpuroof ncu $1 vs $2"
    worst=$(jq -n -r --slurpfile a "$test_tmp/$1.json" --slurpfile b "$test_tmp/$2.json" "
        [range(0; \$a[0].launches | length) as \$i
         | [(\$a[0].launches[\$i] | $3), (\$b[0].launches[\$i] | $3)]
         | if .[0] == null or .[1] == null then (if .[0] == .[1] then 0 else 1e9 end)
           elif .[0] == 0 then (if .[1] == 0 then 0 else 1e9 end)
           else ((.[1] - .[0]) / .[0] | fabs) end] | max")
    if awk -v w="$worst" -v t="$4" 'BEGIN { exit !(w != "" && w <= t) }'; then
        pass "$3 within $4 on every launch (worst $worst)"
    else
        fail "$3 within $4 on every launch" "worst ${worst:-(nothing)}" "<= $4"
    fi
}
flops='.flops | [.fp64, .fp32, .fp16, .tensor] | map(tostring) | join(" ")'
same_flops() { # PAGE: the same FLOPs per launch as app-raw's, exactly
    last="gpuroof ncu $1 vs app-raw"
    check "the same FLOPs per precision, launch by launch" \
        "$(jq -r -c ".launches[] | $flops" "$test_tmp/$1.json")" "$(jq -r -c ".launches[] | $flops" "$test_tmp/app-raw.json")"
}
json app-details
json app-import-raw
json app-import-details
json app-scaled-details
for page in app-details app-import-raw app-import-details app-scaled-details; do
    same_flops $page
done
# one report's two pages (ncu --import): its bytes, rounded to three figures
# by the scaled units, within 0.5%
for level in dram l2 l1; do
    close app-import-raw app-import-details ".bytes.$level" 0.005
done
# separate runs of the app: DRAM and L2 traffic differs from run to run by
# about 1% (what the L2 holds when a kernel starts); L1 traffic hardly
for page in app-details app-import-raw app-scaled-details; do
    close app-raw $page .bytes.dram 0.02
    close app-raw $page .bytes.l2 0.02
    close app-raw $page .bytes.shared 0.005
done

# ---- the stock roofline set: rates, FLOPs and DRAM bytes within 1% ---------------------
json app-roofline-raw
check "app-roofline-raw: no figure unknown" "$(jq_value '[.launches[] | .flops.total, .bytes.dram, .bytes.l2, .bytes.shared] | map(select(. == null)) | length')" 0
for p in fp64 fp32 fp16 tensor; do
    close app-raw app-roofline-raw ".flops.$p" 0.01
done
close app-raw app-roofline-raw .bytes.dram 0.01
# its L1 is the LSU writeback bytes: the global traffic of kernels without
# shared memory, as l1tex__t_bytes counts it (launch 0: 4 MiB read, 4 written)
expect_json_near '.launches[0].bytes.shared' 8388608 0.001
run ncu "$h/app-roofline-raw.csv" --details
expect_stdout_has 'L2 4922016 B: derived__lts__lts2xbar_bytes.sum.per_second x duration'
expect_stdout_has 'L1 8388608 B: derived__l1tex__lsu_writeback_bytes_mem_lgds.sum.per_second x duration'
# its details page names its metrics by label ("DRAM Frequency"): one line
# that says how to record it readably, not a page of '?'
run ncu "$h/app-roofline-details.csv" --device h100
expect_fails 1 "gpuroof: $h/app-roofline-details.csv:28:1: the details page names its metrics by their labels ('DRAM Frequency'), not as gpuroof reads them (gpu__time_duration.sum): record it with ncu --print-metric-name name, or --page raw"

# ---- a launch that faulted: kept, unknown; those before it read --------------------------
run ncu "$h/app-fail-raw.csv" --json --strict
expect_status 0
expect_no_stderr
expect_json '.launches[-1] | [.kernel, .time_ns, .flops.total, .bytes.dram, .occupancy.ncu_theoretical]' \
    '["fault(int *)",null,null,null,null]'
expect_json '[.launches[0:-1][] | select(.time_ns == null or .flops.total == null)] | length' 0
cp "$out" "$test_tmp/app-fail-raw.json"
same_flops_before() {
    last="gpuroof ncu app-fail-raw vs app-raw"
    check "the launches before the fault: app-raw's FLOPs" \
        "$(jq -r -c ".launches[0:-1][] | $flops" "$test_tmp/app-fail-raw.json")" \
        "$(jq -r -c ".launches[] | $flops" "$test_tmp/app-raw.json")"
}
same_flops_before

# ---- occupancy: gpuroof's prediction is Nsight Compute's, every launch -----------------
for page in app-raw app-import-raw app-fail-raw measure-raw app-run; do
    run ncu "$h/$page.csv" --json --strict
    expect_status 0
    expect_no_stderr
    expect_json '.occupancy_disagreements' 0
    # the faulted launch has no figure at all; every other one both
    expect_json '[.launches[] | select(.kernel != "fault(int *)") | select(.occupancy.predicted == null or .occupancy.ncu_theoretical == null)] | length' 0
    expect_json '[.launches[] | select(.occupancy.predicted != .occupancy.ncu_theoretical)] | length' 0
done
run ncu "$h/app-raw.csv" --json
check "app-raw: Nsight Compute's theoretical occupancy as app-expect.txt's" \
    "$(jq_value '.launches[] | "\(.id) \(.occupancy.ncu_theoretical * 100)"')" "$(expected theoretical_occupancy_pct)"

# ---- gpuroof measure's kernels under ncu, beside its results -----------------------------
json measure-raw
# The PMPP matrix multiplications (not cuBLAS's), in the order measure ran
# them, each launched twice (a warm-up, then the one repeat), beside the
# results' kernels of the same order: FP32 FLOPs exactly 2 x width^3 where
# the width is a whole number of tiles, and where it is not (300), more: a
# boundary-checked kernel multiplies the zeros it pads the last tile with,
# within 35%.
jq -r '.launches[] | select(.kernel | test("^(void )?matmul_")) | "\(.kernel | sub("^void "; "") | sub("\\(.*"; "") | sub("^matmul_"; "") | gsub("[<>]"; "")) \(.flops.fp32)"' \
    "$test_tmp/measure-raw.json" >"$test_tmp/launched"
awk '/^- name: matmul-/ { name = $3 } /^  params: width=/ && name != "" && name != "matmul-cublas" {
        split($2, w, "="); sub(/^matmul-/, "", name); sub(/^tiled32-/, "", name); print name, w[2]; print name, w[2] }
     /^  params:/ { name = "" }' "$h/measure.yaml" >"$test_tmp/measured"
last="gpuroof ncu measure-raw.csv vs measure.yaml"
check "two launches of each PMPP kernel measured" "$(wc -l <"$test_tmp/launched" | tr -d ' ')" "$(wc -l <"$test_tmp/measured" | tr -d ' ')"
check "the PMPP launches in the results' order" "$(cut -d' ' -f1 "$test_tmp/launched")" "$(cut -d' ' -f1 "$test_tmp/measured")"
bad=$(paste -d' ' "$test_tmp/launched" "$test_tmp/measured" |
    awk '{ least = 2 * $4 * $4 * $4; whole = $4 % 32 == 0
           if (whole ? $2 != least : !($2 > least && $2 <= 1.35 * least)) print $1 " width " $4 ": " $2 " FLOPs" }')
check "each PMPP launch's FP32 FLOPs 2 x width^3, more where tiles pad it" "$bad" ""
check "(some launches)" "$(test -s "$test_tmp/launched" && echo yes)" yes
# The bank-conflict layouts: the wavefronts a request Nsight Compute counted,
# load and store, as measure.yaml's bank_checks predicted them, launch by launch
run ncu "$h/measure-raw.csv" --details
# (--details explains the launches longest first: put back in launch order)
awk '/^Launch [0-9]+ / { kernel = $0; id = $2 }
     /^  shared     load / && kernel ~ /setRow|setCol/ {
        load = $0; sub(/.*instructions \(/, "", load); sub(/ a request.*/, "", load)
        store = $0; sub(/.*\(/, "", store); sub(/\).*/, "", store)
        print id, load, store }' "$out" | sort -n | cut -d' ' -f2- >"$test_tmp/counted"
sed -n 's/.*predicted_load: \([0-9]*\), predicted_store: \([0-9]*\)}.*/\1 \2/p' "$h/measure.yaml" >"$test_tmp/predicted"
check "36 layouts counted" "$(wc -l <"$test_tmp/counted" | tr -d ' ')" 36
check "each layout's wavefronts a request as predicted (load, store)" "$(cat "$test_tmp/counted")" "$(cat "$test_tmp/predicted")"

#!/bin/sh
# gpuroof ncu on every chip Nsight Compute knows:
# - every metric gpuroof asks for on a chip is in that chip's list
#   (tests/data/ncu/chips: ncu --query-metrics --chip X --csv, gzip'd;
#   base names, so a listed metric's suffixes are stripped);
# - the reports recorded on the H100, with any one of the table's metrics
#   taken out, still give every launch they bound a binding level;
# - the H100's raw report with its metrics renamed as other chips name them
#   (made here, below: derived, not recorded) gives the same FLOPs, bytes
#   and binding level as the original.
. "$top_srcdir/tests/cli/lib.sh"
chips="$top_srcdir/tests/data/ncu/chips"
n="$top_srcdir/tests/data/ncu"

# ---- each chip's list against ncu's ------------------------------------------------
for gz in "$chips"/*.csv.gz; do
    chip=$(basename "$gz" .csv.gz)
    gzip -dc "$gz" | sed '1d; s/^"\([^"]*\)".*/\1/' | sort -u >"$test_tmp/$chip.names"
    run ncu --metrics --chip "$chip"
    expect_status 0
    lacking=""
    for metric in $(tr ',' ' ' <"$out"); do
        case $metric in launch__* | device__attribute_* | sm__maximum_warps_per_active_cycle_pct) continue ;; esac
        grep -qx "${metric%%.*}" "$test_tmp/$chip.names" || lacking="$lacking ${metric%%.*}"
    done
    check "$chip: every metric gpuroof asks for is in ncu's list of $chip" "$lacking" ""
done
# a profile's chip, from its compute capability
for pair in a100:ga100 h100:gh100 rtx4090:ad102; do
    run ncu --metrics --device "${pair%%:*}"
    expect_status 0
    cp "$out" "$test_tmp/by-device"
    run ncu --metrics --chip "${pair##*:}"
    check "--device ${pair%%:*} lists ${pair##*:}'s metrics" "$(cat "$test_tmp/by-device")" "$(cat "$out")"
done
run ncu --metrics --chip gv100
expect_fails 1 "gpuroof: --chip gv100: no chip of Nsight Compute 2025.3 (tu102 ... gb20b: ncu --list-chips)"
run ncu --metrics --chip ga100 --device a100
expect_status 2
run ncu "$n/raw-base.csv" --chip ga100
expect_status 2

if ! have_jq; then
    last="gpuroof ncu's lower bounds"
    skip "reports with a metric taken out, and other chips' names" "no jq"
    exit 0
fi

# ---- any one metric taken out: every launch still bound ------------------------------
# A metric is taken out by renaming it in the file (a column of the raw
# page, the rows of the details page), which is what a report without it
# reads as.  Under valgrind (make check-valgrind: GPUROOF is its wrapper),
# the first metric of each file only.
bound() { jq -c '[.launches[] | select(.binding_level != null) | .id]' "$1"; }
metrics=$(sed -n 's/^| `\([a-z_0-9.]*\)` |.*/\1/p' "$top_srcdir/doc/ncu-input.md")
metrics=$(echo "$metrics" | grep __) # the metrics, not the unit words the doc lists too
for csv in "$n"/*.csv "$n"/h100/*.csv; do
    case $csv in */app-roofline-details.csv) continue ;; esac # labels, not names: an error
    "$GPUROOF" ncu "$csv" --json --device h100 >"$test_tmp/whole.json" 2>/dev/null || continue
    whole=$(bound "$test_tmp/whole.json")
    broken=""
    for metric in $metrics; do
        grep -q "\"$metric\"" "$csv" || continue
        # the time alone turns the stock sections' rates into counts: without
        # it they give no count at all (the rates, and no FLOPs, remain)
        case "$metric:$csv" in gpu__time_duration.sum:*roofline*) continue ;; esac
        sed "s/\"$metric\"/\"taken_out__$metric\"/g" "$csv" >"$test_tmp/one-out.csv"
        "$GPUROOF" ncu "$test_tmp/one-out.csv" --json --device h100 >"$test_tmp/one-out.json" 2>/dev/null
        [ "$(bound "$test_tmp/one-out.json")" = "$whole" ] || broken="$broken $metric"
        case $GPUROOF in */valgrind/*) break ;; esac
    done
    check "$(basename "$csv"): every launch bound with any one metric taken out" "$broken" ""
done
# the caveat: the figures it fed are lower bounds, named
sed 's/"sm__sass_thread_inst_executed_op_ffma_pred_on.sum"/"taken_out"/' "$n/h100/app-raw.csv" >"$test_tmp/no-ffma.csv"
run ncu "$test_tmp/no-ffma.csv" --json --device h100
expect_status 0
expect_json '.launches[0] | [.lower_bound, .lower_bound_metrics, .binding_level != null]' \
    '[true,["sm__sass_thread_inst_executed_op_ffma_pred_on.sum"],true]'
run ncu "$test_tmp/no-ffma.csv" --device h100 --details
expect_stdout_has '             fp32 = fadd + fmul + 2 x ffma = 0 + 0 + 2 x ? = at least 0'
expect_stdout_has "             (from lower bounds, 'at least': the report lacks counters this chip has, named below)"

# ---- the H100's report in other chips' names ------------------------------------------
# rename OLD NEW: the header's columns of metric OLD (OLD.sum, OLD.avg,
# ...) now NEW's (NEW empty: taken out).
# add NAME VALUE: a column NAME of VALUE in every launch, and its empty unit.
rename() { sed -i "/^\"ID\",/s/\"$1\\./\"${2:-taken_out__$1}./g" "$synthetic"; }
rename_column() { sed -i "/^\"ID\",/s/\"$1\"/\"$2\"/" "$synthetic"; }
add() {
    awk -v name="$1" -v value="$2" '
        /^"ID",/ { print $0 ",\"" name "\""; header = 1; units = 1; next }
        header && units && /^"/ { print $0 ",\"\""; units = 0; next }
        header && /^"[0-9]/ { print $0 ",\"" value "\""; next }
        { print }' "$synthetic" >"$synthetic.new" && mv "$synthetic.new" "$synthetic"
}
as_cc() {
    cc="$1.$2"
    rename_column device__attribute_compute_capability_major h100_cc_major
    rename_column device__attribute_compute_capability_minor h100_cc_minor
    add device__attribute_compute_capability_major "$1"
    add device__attribute_compute_capability_minor "$2"
}
tensor=sm__ops_path_tensor_src
h100=$n/h100/app-raw.csv
"$GPUROOF" ncu "$h100" --json --device h100 |
    jq -c '[.launches[] | [.flops, .bytes, .binding_level, .lower_bound]]' >"$test_tmp/h100.figures"
for chip in ga100 gb202 gb100 tu102; do
    synthetic="$test_tmp/$chip.csv"
    cp "$h100" "$synthetic"
    case $chip in
    ga100)
        as_cc 8 0
        rename "$tensor"_fp16 "$tensor"_fp16_dst_fp32
        add "$tensor"_fp16_dst_fp16.sum 0
        rename "$tensor"_fp8 ;;
    gb202)
        as_cc 12 0
        rename "$tensor"_fp16 "$tensor"_fp16_dst_fp32
        add "$tensor"_fp16_dst_fp16.sum 0
        rename "$tensor"_fp8 "$tensor"_fp8_dst_fp32
        add "$tensor"_fp8_dst_fp16.sum 0
        rename dram__bytes_read dram__bytes_op_read
        rename dram__bytes_write dram__bytes_op_write ;;
    gb100)
        as_cc 10 0
        rename "$tensor"_fp16 "$tensor"_fp16_dst_fp32
        add "$tensor"_fp16_dst_fp16.sum 0
        rename "$tensor"_fp8 "$tensor"_fp4_fp6_fp8_dst_fp32
        add "$tensor"_fp4_fp6_fp8_dst_fp16.sum 0 ;;
    tu102)
        as_cc 7 5
        rename "$tensor"_fp16 "$tensor"_fp16_bf16_tf32_dst_fp32
        add "$tensor"_fp16_dst_fp16.sum 0
        for gone in bf16_dst_fp32 tf32_dst_fp32 fp64 fp8; do rename "$tensor"_$gone; done ;;
    esac
    # every metric of the synthetic report is one the chip has
    run ncu --metrics --chip "$chip"
    missing=""
    for metric in $(sed -n '/^"ID",/{s/","/ /g;s/"//g;p;q}' "$synthetic"); do
        case $metric in taken_out__* | h100_cc_*) continue ;; *.*) ;; *) continue ;; esac
        tr ',' '\n' <"$out" | grep -qx "$metric" || grep -qx "${metric%%.*}" "$test_tmp/$chip.names" || missing="$missing $metric"
    done
    check "$chip: the synthetic report's Tensor and DRAM metrics are $chip's" "$(echo "$missing" | tr ' ' '\n' | grep 'tensor\|dram__bytes')" ""
    run ncu "$synthetic" --json --device h100
    expect_status 0
    expect_stderr_has "gpuroof: $synthetic: warning: the report is of NVIDIA H100 80GB HBM3 (compute capability $cc, 132 SMs), --device h100 of NVIDIA H100 SXM5 80GB (compute capability 9.0, 132 SMs)"
    expect_json '.chip' "$(case $chip in ga100) echo ga100 ;; gb202) echo gb20x ;; gb100) echo gb100 ;; tu102) echo tu10x ;; esac)"
    check "$chip: FLOPs, bytes and binding level as the H100's original" \
        "$(jq -c '[.launches[] | [.flops, .bytes, .binding_level, .lower_bound]]' "$out")" "$(cat "$test_tmp/h100.figures")"
    run ncu "$synthetic" --device h100 --strict
    expect_status 1
    expect_stderr_has "gpuroof: $synthetic: the report is of another GPU than --device h100's (--strict)"
done
run ncu "$test_tmp/ga100.csv" --device h100
expect_stdout_line 'No FP8 Tensor Cores on sm_80 (ga100): counted 0'
run ncu "$test_tmp/tu102.csv" --json --device h100
expect_json '.counted_zero' '["tensor_bf16","tensor_tf32","tensor_fp64","tensor_fp8"]'
# one part of a sum taken out: the other part, a lower bound naming it
synthetic="$test_tmp/ga100-part.csv"
cp "$test_tmp/ga100.csv" "$synthetic"
rename "$tensor"_fp16_dst_fp16
run ncu "$synthetic" --json --device h100
expect_json '.launches[3] | [.flops.tensor, .lower_bound, .lower_bound_metrics]' \
    '[2147483648,true,["sm__ops_path_tensor_src_fp16_dst_fp16.sum"]]'

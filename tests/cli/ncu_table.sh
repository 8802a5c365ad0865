#!/bin/sh
# gpuroof ncu's table (src/core/ncu/ncu_table.c, src/cli/ncu_table_text.c) on a
# real PyTorch training step recorded on the H100 (tests/data/ncu/h100,
# 414 launches of 47 kernels) and on the hand-made raw page: the rows in
# time order, the shares summing to the whole, the limiter of each, --top
# and what it leaves out, --kernel (the matching of kernels --kernel) and
# its explanations, --details, what --top and --kernel do to --json, and
# each usage error.
. "$top_srcdir/tests/cli/lib.sh"
n="$top_srcdir/tests/data/ncu"
report="$test_tmp/torch-step.csv"
gzip -dc "$n/h100/torch-step.csv.gz" >"$report"

# table_rows: the table's rows of the last run's output (between the
# heading "time ns ..." and the "In all" or "... and" line).
table_rows() {
    awk '/^time ns / { on = 1; next } /^In all: |^\.\.\. and / { on = 0 } on' "$out"
}

# ---- the table, one row a kernel -------------------------------------------------
run ncu "$report" --group
expect_status 0
expect_stdout_has '414 launches, on NVIDIA H100 80GB HBM3 (compute capability 9.0, 132 SMs), chip gh100'
expect_stdout_line 'time ns share calls  limiter        explained reached         achieved theor. achieved excess  kernel'
expect_stdout_line 'In all: 414 launches of 47 kernels, 7741440 ns'
expect_stdout_lacks 'Kernel 1 of 47'
table_rows >"$test_tmp/rows"
check "one row a kernel" "$(wc -l <"$test_tmp/rows" | tr -d ' ')" 47
check "the rows longest first" "$(awk '{ print $1 }' "$test_tmp/rows" | sort -rn -c 2>&1 && echo sorted)" sorted
check "the launches add up to the report's" "$(awk '{ n += $3 } END { print n }' "$test_tmp/rows")" 414
# each share to one decimal: the 47 add up to 100% within their rounding
check "the shares add up to 100%" \
    "$(awk '{ s += ($2 == "<0.1%") ? 0 : $2 + 0 } END { d = s - 100; print (d < 2.4 && d > -2.4) ? "yes" : s }' "$test_tmp/rows")" yes
check "the longest kernel is the optimizer's multi_tensor_apply" "$(head -n 1 "$test_tmp/rows" | awk '{ print $NF }')" \
    multi_tensor_apply_kernel
check "its figures" "$(head -n 1 "$test_tmp/rows" | awk '{ $NF = ""; print }')" \
    '907392 11.7% 6 DRAM 87.3% 74.2% 3783 GFLOP/s 50.0% 45.7% - '
# the nvjet (cuBLAS) GEMMs: limited by the Tensor Cores' bf16 roof, but
# one whose L2 traffic (this report has no unit busy times: the L2's roof
# at the share of it the first suite's L2 kernel reached) takes longer
check "every nvjet GEMM limited by the tensor_bf16 roof or the L2 feeding it" \
    "$(grep ' nvjet_' "$test_tmp/rows" | awk '{ print $4 }' | sort | uniq -c | tr -s ' ' | tr '\n' ';')" \
    ' 1 L2; 5 tensor_bf16;'
check "(six of them)" "$(grep -c ' nvjet_' "$test_tmp/rows")" 6
check "no row wider than 120 columns" "$(awk 'length($0) > 120' "$test_tmp/rows")" ""
# the kernels without FLOPs: GB/s at their binding level
expect_stdout_has ' 658912  8.5%    46  latency            94.3%       -   1752 GB/s DRAM 100.0%    78.0%      -  unrolled_'

# ---- one row a launch ---------------------------------------------------------------
run ncu "$report"
expect_status 0
table_rows >"$test_tmp/rows"
check "one row a launch" "$(wc -l <"$test_tmp/rows" | tr -d ' ')" 414
check "the launches longest first" "$(awk '{ print $1 }' "$test_tmp/rows" | sort -rn -c 2>&1 && echo sorted)" sorted
check "each row a launch's ID, each once" "$(awk '{ print $3 }' "$test_tmp/rows" | sort -n | uniq | wc -l | tr -d ' ')" 414
expect_stdout_line 'time ns share launch  limiter        explained reached         achieved theor. achieved excess  kernel'

# ---- --top ---------------------------------------------------------------------------
run ncu "$report" --group --top 5
expect_status 0
table_rows >"$test_tmp/rows"
check "--top 5: five rows" "$(wc -l <"$test_tmp/rows" | tr -d ' ')" 5
expect_stdout_line '... and 42 more kernels, 4267808 ns, 55.13% of the time (--top)'
run ncu "$report" --top 1
expect_stdout_line '... and 413 more launches, 7529344 ns, 97.26% of the time (--top)'
run ncu "$report" --group --top 47
expect_stdout_lacks '... and'
run ncu "$report" --group --top 5 --json
expect_status 0
expect_json '[(.kernels | length), (.launches | length), .left_out.count, .left_out.time_ns]' '[5,96,42,4267808]'
expect_json '[.kernels[].launches] | add' 96
expect_json_near '.left_out.time_share' 0.551294 1e-5
run ncu "$report" --group --json
expect_json '[(.kernels | length), (.launches | length), has("left_out")]' '[47,414,false]'

# ---- --kernel: the kernels it names, each explained ----------------------------------
run ncu "$report" --group --kernel nvjet
expect_status 0
table_rows >"$test_tmp/rows"
check "--kernel nvjet: the six GEMMs" "$(wc -l <"$test_tmp/rows" | tr -d ' ')" 6
check "each explained" "$(grep -c '^Kernel [0-9]* of 47: nvjet_' "$out")" 6
check "(after the table and what to fix first)" \
    "$(grep -n -m 1 '^Kernel ' "$out" | cut -d: -f1)" "$(($(awk '/^What to fix first/ { on = 1 } on && /^$/ { print NR; exit }' "$out") + 1))"
expect_stdout_has '  limiter    compute accounts for 752257 ns, 99.02% of the 759712 ns it took'
# the whole name as Nsight Compute spells it, and as the demangler does
run ncu "$report" --group --kernel 'native::reduce_kernel<128, 4, native::ReduceOp<c10::BFloat16, native::func_wrapper_t<c10::BFloat16, native::sum_functor<c10::BFloat16, float, c10::BFloat16>::operator ()(at::TensorIterator &)::[lambda(float, float) (instance 1)]>, unsigned int, c10::BFloat16, 4, 8>>(T3)'
expect_status 0
check "a pasted name: its kernel alone" "$(table_rows | wc -l | tr -d ' ')" 1
run ncu "$report" --kernel 'cunn_SoftMaxForwardReg'
table_rows >"$test_tmp/rows"
check "a part of the name, without --group: its launches" "$(wc -l <"$test_tmp/rows" | tr -d ' ')" 2
check "each launch explained" "$(grep -c '^Launch [0-9]* (line [0-9]*): void native::<unnamed>::cunn_SoftMaxForwardReg' "$out")" 2
run ncu "$report" --kernel 'nvjet*_TNT' --glob --json
expect_status 0
expect_json '[.launches[].kernel] | unique' \
    '["nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_TNT","nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_bias_TNT"]'
run ncu "$report" --group --kernel nvjet --top 2 --json
expect_json '[(.kernels | length), .left_out.count]' '[2,4]'
run ncu "$report" --group --kernel zzz
expect_fails 1 "gpuroof: $report: no kernel matches 'zzz' among its 47 kernels"
run ncu "$report" --kernel zzz --json
expect_fails 1 "gpuroof: $report: no kernel matches 'zzz' among its 414 launches"

# ---- --details ------------------------------------------------------------------------
run ncu "$report" --group --top 3 --details
expect_status 0
check "--details: each row shown explained" "$(grep -c '^Kernel [0-9]* of 47: ' "$out")" 3
expect_stdout_line 'Kernel 1 of 47: void native::<unnamed>::multi_tensor_apply_kernel<native::<unnamed>::FusedOptimizerTensorListMetadata<4>, native::<unnamed>::FusedAdamMathFunctor<float, 4, 1, 0>, const float *, double, double, double, double, double, bool, const float *, const float *>(T1, T2, T3...)'
run ncu "$n/raw-base.csv" --details
check "without --group: a launch each" "$(grep -c '^Launch [0-9]* (line' "$out")" 5

# ---- the hand-made page: unknown figures are '?' -----------------------------------------
run ncu "$n/raw-base.csv" --group
expect_status 0
expect_stdout_line '1300000     ?     1  shared memory    62.4%   52.9%   1652 GFLOP/s 100.0%    93.1%   2.9%  matmul_tiled'
expect_stdout_line '  30400     ?     2  DRAM             54.4%   37.0%    207 GFLOP/s 100.0%    90.0%      -  saxpy<float>'
expect_stdout_line '      ?     ?     1  ?                    ?       ?              ?      ?        ?      ?  "quoted"<1>'
# where gpuroof's occupancy differs from Nsight Compute's, a column of its own
awk '!done && /"sm__maximum_warps_per_active_cycle_pct"/ { sub(/"100"$/, "\"75\""); done = 1 } { print }' \
    "$n/details-base.csv" >"$test_tmp/differs.csv"
run ncu "$test_tmp/differs.csv" --device h100
expect_stdout_has 'theor. achieved gpuroof'
expect_stdout_has '  75.0%    87.5%  100.0%'

# ---- usage ------------------------------------------------------------------------------
run ncu "$report" --top 0
expect_fails 1 "gpuroof: --top '0': 0 is out of range (1 to 1000000000)"
run ncu "$report" --top many
expect_status 1
expect_error_line
run ncu "$report" --glob
expect_status 2
expect_stderr_has '--glob needs --kernel'
run ncu "$report" --details --json
expect_status 2
expect_stderr_has 'give --details or --json, not both'
run ncu --metrics --top 3
expect_status 2
# a time of 1e-30 ns: its share of the limit in a figure's own form, never cut
awk 'BEGIN { FS = OFS = "\",\"" } NR == 12 { $25 = "1e-30" } { print }' "$n/raw-base.csv" >"$test_tmp/tiny-time.csv"
run ncu "$test_tmp/tiny-time.csv"
expect_status 0
expect_stdout_has '  1e-30     ?     0  DRAM            100.0% 3.754e+35% 2.097e+36 GFLOP/s'

# ptxas zeroes registers with HFMA2.MMA Rd, -RZ, RZ, 0, 0, which Nsight
# Compute counts as an HFMA2: the fused Adam kernel's 33281024 of them are
# register moves, not FP16 FLOPs, in the explanation, the JSON and the table
run ncu "$report" --group --kernel multi_tensor_apply_kernel
expect_status 0
expect_stdout_has '             fp16 = 2 x hadd + 2 x hmul + 4 x hfma = 2 x 0 + 2 x 0 + 4 x 0 = 0'
expect_stdout_has '             and 33281024 hfma that are register moves, not FLOPs (ptxas zeroes registers with HFMA2.MMA Rd, -RZ, RZ, 0, 0)'
expect_stdout_has '  achieved   3432594432 FLOP / 907392 ns = 3783 GFLOP/s'
run ncu "$report" --group --json
expect_json '[.kernels[] | select(.kernel | test("multi_tensor_apply_kernel<native::<unnamed>::FusedOptimizerTensorListMetadata<4>")) | .flops.fp16_register_moves] | .[0]' 33281024
expect_json '[.kernels[] | select(.kernel | startswith("nvjet")) | .flops.fp16_register_moves] | add' 0
# a kernel doing FP16 arithmetic keeps its FP16 FLOPs (the test application's half2 FMAs)
run ncu "$n/h100/app-run.csv" --group --json
expect_json '[.kernels[] | select(.flops.fp16 > 0)] | length > 0' true

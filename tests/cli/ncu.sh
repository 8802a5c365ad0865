#!/bin/sh
# gpuroof ncu: the test CSVs of tests/data/ncu (their figures worked out in
# that folder's README), the real raw page recorded on an H100
# (plots/data/h100-sxm-ncu.csv), text and JSON, --group, --results,
# --device, --strict, --metrics, every error line, an .ncu-rep and an
# application run under a stand-in for ncu (tests/cli/fake-ncu); and every
# real fixture in tests/data/ncu/h100/ (or $NCU_FIXTURES) there is.
. "$top_srcdir/tests/cli/lib.sh"
n="$top_srcdir/tests/data/ncu"
fake="$top_srcdir/tests/cli/fake-ncu"
unset GPUROOF_NCU FAKE_NCU_CSV FAKE_NCU_LOG FAKE_NCU_EXIT FAKE_NCU_NO_REPORT FAKE_NCU_QUERY

# run_stdin FILE ARGS...: run, with FILE on standard input.
run_stdin() {
    input=$1
    shift
    last="gpuroof $* < $(basename "$input")"
    status=0
    "$GPUROOF" "$@" <"$input" >"$out" 2>"$err" || status=$?
}

# ---- --metrics: gpuroof's list, as the fixtures on the GPU are recorded with ----
list='gpu__time_duration.sum,sm__cycles_elapsed.avg,sm__cycles_elapsed.avg.per_second'
for op in dadd dmul dfma fadd fmul ffma hadd hmul hfma; do
    list="$list,sm__sass_thread_inst_executed_op_${op}_pred_on.sum"
done
list="$list,sm__ops_path_tensor_src_fp16.sum,sm__ops_path_tensor_src_bf16_dst_fp32.sum"
list="$list,sm__ops_path_tensor_src_tf32_dst_fp32.sum,sm__ops_path_tensor_src_fp64.sum,sm__ops_path_tensor_src_fp8.sum"
list="$list,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,l1tex__t_bytes.sum"
list="$list,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
list="$list,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
list="$list,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
list="$list,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum"
list="$list,smsp__inst_executed.sum"
list="$list,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"
list="$list,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
list="$list,lts__t_sectors_srcunit_tex_op_read.sum"
list="$list,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"
list="$list,lts__t_sectors_srcunit_tex.sum"
list="$list,smsp__sass_inst_executed_op_global_ld.sum"
list="$list,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum"
list="$list,l1tex__data_pipe_lsu_wavefronts.sum,smsp__warps_issue_stalled_selected.sum"
list="$list,dram__throughput.max.pct_of_peak_sustained_elapsed,lts__t_sectors.max.pct_of_peak_sustained_elapsed"
list="$list,lts__t_tag_requests.max.pct_of_peak_sustained_elapsed,lts__d_sectors.max.pct_of_peak_sustained_elapsed"
list="$list,lts__xbar2lts_cycles_active.max.pct_of_peak_sustained_elapsed,lts__lts2xbar_cycles_active.max.pct_of_peak_sustained_elapsed"
list="$list,l1tex__m_xbar2l1tex_read_bytes.max.pct_of_peak_sustained_elapsed,l1tex__m_l1tex2xbar_write_bytes.max.pct_of_peak_sustained_elapsed"
list="$list,l1tex__data_pipe_lsu_wavefronts.max.pct_of_peak_sustained_elapsed,l1tex__data_bank_reads.max.pct_of_peak_sustained_elapsed"
list="$list,l1tex__data_bank_writes.max.pct_of_peak_sustained_elapsed,l1tex__lsuin_requests.max.pct_of_peak_sustained_elapsed"
list="$list,l1tex__t_sectors.max.pct_of_peak_sustained_elapsed,l1tex__t_requests.max.pct_of_peak_sustained_elapsed"
list="$list,l1tex__f_wavefronts.max.pct_of_peak_sustained_elapsed,l1tex__lsu_writeback_active.max.pct_of_peak_sustained_elapsed"
list="$list,sm__pipe_fma_cycles_active.max.pct_of_peak_sustained_elapsed,sm__pipe_fmaheavy_cycles_active.max.pct_of_peak_sustained_elapsed"
list="$list,sm__pipe_fp64_cycles_active.max.pct_of_peak_sustained_elapsed,sm__pipe_shared_cycles_active.max.pct_of_peak_sustained_elapsed"
list="$list,sm__pipe_tensor_cycles_active.max.pct_of_peak_sustained_elapsed,smsp__issue_active.max.pct_of_peak_sustained_elapsed"
list="$list,sm__pipe_alu_cycles_active.max.pct_of_peak_sustained_elapsed,sm__inst_executed_pipe_lsu.max.pct_of_peak_sustained_elapsed"
list="$list,sm__inst_executed_pipe_xu.max.pct_of_peak_sustained_elapsed,sm__inst_executed_pipe_uniform.max.pct_of_peak_sustained_elapsed"
list="$list,sm__inst_executed_pipe_adu.max.pct_of_peak_sustained_elapsed,sm__inst_executed_pipe_cbu.max.pct_of_peak_sustained_elapsed"
list="$list,sm__pipe_tma_cycles_active.max.pct_of_peak_sustained_elapsed,sm__mio_inst_issued.max.pct_of_peak_sustained_elapsed"
list="$list,sm__mio2rf_writeback_active.max.pct_of_peak_sustained_elapsed,sm__cycles_active.avg.pct_of_peak_sustained_elapsed"
list="$list,sm__cycles_active.max.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed"
list="$list,gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"
list="$list,smsp__warps_issue_stalled_barrier.sum"
list="$list,smsp__warps_issue_stalled_branch_resolving.sum"
list="$list,smsp__warps_issue_stalled_dispatch_stall.sum"
list="$list,smsp__warps_issue_stalled_drain.sum"
list="$list,smsp__warps_issue_stalled_gmma.sum"
list="$list,smsp__warps_issue_stalled_imc_miss.sum"
list="$list,smsp__warps_issue_stalled_lg_throttle.sum"
list="$list,smsp__warps_issue_stalled_long_scoreboard.sum"
list="$list,smsp__warps_issue_stalled_math_pipe_throttle.sum"
list="$list,smsp__warps_issue_stalled_membar.sum"
list="$list,smsp__warps_issue_stalled_mio_throttle.sum"
list="$list,smsp__warps_issue_stalled_misc.sum"
list="$list,smsp__warps_issue_stalled_no_instruction.sum"
list="$list,smsp__warps_issue_stalled_not_selected.sum"
list="$list,smsp__warps_issue_stalled_short_scoreboard.sum"
list="$list,smsp__warps_issue_stalled_sleeping.sum"
list="$list,smsp__warps_issue_stalled_tex_throttle.sum"
list="$list,smsp__warps_issue_stalled_wait.sum"
list="$list,sm__maximum_warps_per_active_cycle_pct,sm__warps_active.avg.pct_of_peak_sustained_active"
list="$list,launch__registers_per_thread,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic"
list="$list,launch__shared_mem_config_size,launch__block_size,launch__grid_size,launch__occupancy_limit_blocks"
list="$list,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,launch__occupancy_limit_warps"
list="$list,launch__waves_per_multiprocessor"
run ncu --metrics --device h100
expect_status 0
expect_no_stderr
check "the list, one line" "$(cat "$out")" "$list"
# every chip's: the H100's and the names other chips give the same figures
run ncu --metrics
expect_status 0
expect_no_stderr
for name in $(echo "$list" | tr ',' ' ') sm__ops_path_tensor_src_fp16_dst_fp32.sum \
    sm__ops_path_tensor_src_fp4_fp6_fp8_dst_fp16.sum sm__ops_path_tensor_src_fp8_dst_fp32.sum dram__bytes_op_read.sum; do
    check "every chip's list has $name" "$(tr ',' '\n' <"$test_tmp/stdout" | grep -cx "$name")" 1
done
run ncu --metrics --device k40
expect_fails 1 "gpuroof: k40 is of compute capability 3.5, which no chip Nsight Compute 2025.3 profiles has (7.5 to 12.1): gpuroof has no metric list for it"
run ncu --metrics --device h100 --json
expect_status 0
expect_json '.metrics | length' 103
expect_json '.metrics | join(",")' "$list"

# ---- the raw page: each figure worked out ---------------------------------------
run ncu "$n/raw-base.csv" --details
expect_status 0
expect_no_stderr
expect_stdout_starts "$n/raw-base.csv: Nsight Compute's raw page, 5 launches, on NVIDIA H100 80GB HBM3 (compute capability 9.0, 132 SMs)"
expect_stdout_line 'Device: h100 (NVIDIA H100 SXM5 80GB), the shipped profile of the report'"'"'s GPU'
expect_stdout_line 'Launch 0 (line 12): void saxpy<float>(int, float, const float *, float *)'
expect_stdout_line '             fp32 = fadd + fmul + 2 x ffma = 0 + 0 + 2 x 1048576 = 2097152'
expect_stdout_line '  bytes      DRAM read + write = 8388608 + 4194304 = 12582912 B'
expect_stdout_line '             L2 12615680 B: lts__t_bytes.sum'
expect_stdout_line '             L1 = l1tex__t_bytes + 128 B x shared wavefronts (load + store) = 12582912 + 128 x (0 + 0) = 12582912 B'
expect_stdout_line '             L1 = l1tex__t_bytes + 128 B x shared wavefronts (load + store) = 1614807040 + 128 x (134217728 + 12582912) = 20405288960 B'
expect_stdout_line '  achieved   2097152 FLOP / 10240 ns = 204.8 GFLOP/s'
expect_stdout_line '             DRAM: 12582912 B / 3352 GB/s (profile) = 3754 ns; roof 0.1667 FLOP/B x 3352 GB/s = 558.7 GFLOP/s'
expect_stdout_line '             L2: 12615680 B / 13125 GB/s (profile) = 961.2 ns; roof 0.1662 FLOP/B x 13125 GB/s = 2182 GFLOP/s'
expect_stdout_line '             shared memory: 20405288960 B / 33454 GB/s (profile) = 609949 ns; roof 0.1052 FLOP/B x 33454 GB/s = 3521 GFLOP/s'
expect_stdout_line '  binding    DRAM, whose roof is the lowest (558.7 GFLOP/s: its 3754 ns are the longest); achieved is 36.66% of it'
# matmul_tiled: bound by its shared-memory traffic, not its FP32
expect_stdout_line '  binding    shared memory, whose roof is the lowest (3521 GFLOP/s: its 609949 ns are the longest); achieved is 46.92% of it'
expect_stdout_line '  binding    compute, whose roof is the lowest (989430 GFLOP/s: its 17363 ns are the longest); achieved is 38.59% of it'
expect_stdout_line '             ideal = wavefronts - bank conflicts = (134217728 - 0) + (12582912 - 4194304) = 142606336; the excess, 4194304, are bank conflicts'
expect_stdout_line '  shared     load 134217728 wavefronts for 134217728 instructions (1 a request), store 12582912 for 8388608 (1.5)'
expect_stdout_line '             tensor = fp16 + bf16 + tf32 + fp64 + fp8 = 17179869184 + 0 + 0 + 0 + 0 = 17179869184'
expect_stdout_line '  roofs      compute: tensor_fp16 17179869184 FLOP / 989430 GFLOP/s = 17363 ns'
expect_stdout_line '  occupancy  gpuroof 50% (8 blocks an SM, 32 of 64 warps; limited by shared memory), Nsight Compute theoretical 50%, achieved 48.2%'
# the limiters in the one wording every command uses (occupancy's too)
expect_stdout_line '  occupancy  gpuroof 100% (8 blocks an SM, 64 of 64 warps; limited by threads per SM and registers), Nsight Compute theoretical 100%, achieved 93.1%'
expect_stdout_line '             blocks an SM each allows, gpuroof (Nsight Compute): threads per SM 16 (16), blocks per SM 32 (32), registers 12 (12), shared memory 8 (8)'
# the launch ncu failed to profile: kept, every figure unknown and named
expect_stdout_line 'Launch 4 (line 16): void "quoted"<1>(float *)'
expect_stdout_line "  binding    unknown: neither its FLOPs nor any memory level's bytes are counted"
expect_stdout_line '  missing here (n/a), so unknown or a lower bound:'
expect_stdout_has '    gpu__time_duration.sum, sm__sass_thread_inst_executed_op_dadd_pred_on.sum,'
expect_stdout_line 'In all: 5 launches, ? ns'

run ncu "$n/raw-base.csv" --json
expect_status 0
expect_one_json object
expect_json 'keys_unsorted' \
    '["file","page","gpu","device","results","roofs","chip","counted_zero","missing_metrics","occupancy_disagreements","results_other_gpu","latencies","profiler","rules","explained_share","unexplained","fix_first","launches"]'
expect_json '.launches[0] | keys_unsorted' \
    '["id","kernel","grid","block","registers_per_thread","shared_static_bytes","shared_dynamic_bytes","time_ns","flops","bytes","intensity","gflops","binding_level","binding_levels","binding_left_out","occupancy","lower_bound","lower_bound_metrics","shared_wavefronts","global_load_instructions","l1_global_load_hit_rate","limits","limit_bounds","limit_sources","limits_why_unknown","limit_work","busy","limiter","longest_limit","limiter_why_unknown","explained","next_limit","next_bound_ns","expected_time_ns","headroom","expected_speedup","speedup","launch_l2_share","suggestion","library","call_advice","tensor_roof_share","older_architecture","achieved_gbs","roof_share","sm_clock_mhz","roofs_at_clock","top_stall","ncu_rules","rules_comparison"]'
expect_json '[.page, .gpu, .device, .results, .occupancy_disagreements]' '["raw","NVIDIA H100 80GB HBM3","h100",null,0]'
expect_json '.launches[0] | [.id, .grid, .block, .registers_per_thread, .shared_static_bytes, .time_ns, .gflops]' \
    '[0,[4096,1,1],[256,1,1],16,0,10240,204.8]'
expect_json '.launches[0].flops' '{"fp64":0,"fp32":2097152,"fp16":0,"tensor":0,"total":2097152,"fp16_register_moves":0}'
expect_json '.launches[0].bytes' '{"dram":12582912,"l2":12615680,"shared":12582912}'
expect_json '.launches[2].bytes.shared' 20405288960
expect_json_near '.launches[0].intensity.dram' 0.16666666666667 1e-9
expect_json '[.launches[].binding_level]' '["dram","dram","shared","compute",null]'
expect_json '[.launches[].binding_levels]' '[["dram"],["dram"],["shared"],["compute"],null]'
# one key a level in every object keyed by level, as binding_level and
# limits name them and gpuroof bound does (the bytes were "l1" before)
expect_json '[(.launches[] | .bytes, .intensity, .achieved_gbs, .roof_share), .roofs.bandwidth_gbs | keys] | unique' \
    '[["dram","l2","shared"]]'
expect_json '.launches[2].shared_wavefronts' '{"load":134217728,"store":12582912,"ideal":142606336}'
# a report without the global loads' instruction and L1-hit counters: null
expect_json '[.launches[] | .global_load_instructions, .l1_global_load_hit_rate] | unique' '[null]'
expect_json '.launches[2].occupancy' '{"predicted":1,"ncu_theoretical":1,"achieved":0.931}'
expect_json '.launches[3].occupancy' '{"predicted":0.5,"ncu_theoretical":0.5,"achieved":0.482}'
expect_json '.launches[3].flops.tensor' 17179869184
expect_json '.launches[4] | [.kernel, .time_ns, .flops.total, .bytes.dram, .occupancy.predicted, .block]' \
    '["void \"quoted\"<1>(float *)",null,null,null,null,[64,1,1]]'
expect_json '.missing_metrics | length' 28
expect_json '.roofs.bandwidth_gbs' \
    '{"dram":{"value":3352,"source":"profile"},"l2":{"value":13125.12,"source":"profile"},"shared":{"value":33454.08,"source":"profile"}}'
expect_json '.roofs.peak_gflops.fp16' '{"value":133816.32,"source":"profile"}'

# ---- the details page, and scaled units: the same launches -------------------------
run ncu "$n/raw-base.csv" --json
have_jq && jq_value '.launches' >"$test_tmp/raw.json"
run ncu "$n/details-base.csv" --json --device h100
expect_status 0
expect_json '[.page, .gpu, .device]' '["details",null,"h100"]'
have_jq && check "the details page's launches are the raw page's" "$(jq_value '.launches')" "$(cat "$test_tmp/raw.json")"
run ncu "$n/details-scaled.csv" --json --device h100
expect_status 0
have_jq && check "in scaled units too" "$(jq_value '.launches')" "$("$JQ" -c '.[0:4]' "$test_tmp/raw.json")"
# without --device: no GPU named, so no roofs, no prediction, no binding level
run ncu "$n/details-base.csv" --details
expect_status 0
expect_stdout_starts "$n/details-base.csv: Nsight Compute's details page, 5 launches, on a GPU of compute capability 9.0"
expect_stdout_line 'Device: none: the report does not say which GPU it ran on (the raw page does); give --device NAME'
expect_stdout_has 'occupancy  gpuroof ? (no device), Nsight Compute theoretical 100%, achieved 87.5%'
expect_stdout_has 'binding    unknown: no device, so no roofs (give --device NAME)'
run ncu "$n/details-base.csv" --json
expect_json '[.device, .launches[0].binding_level, .launches[0].occupancy.predicted, .launches[0].flops.fp32]' \
    '[null,null,null,2097152]'
# a GPU no profile is (the H100's report, its SM count made 100): the same words as plot --ncu's error
sed 's/"NVIDIA H100 80GB HBM3","233,472","132"/"NVIDIA H100 80GB HBM3","233,472","100"/' "$n/raw-base.csv" >"$test_tmp/no-profile.csv"
run ncu "$test_tmp/no-profile.csv" --details
expect_status 0
expect_stdout_line "Device: none: no profile has NVIDIA H100 80GB HBM3's compute capability 9.0, 100 SMs and 233472 B of shared memory an SM; give --device NAME"
expect_stdout_has 'binding    unknown: no device, so no roofs (give --device NAME)'

# ---- the stock roofline sections: rates ---------------------------------------------
run ncu "$n/roofline-raw.csv" --json
expect_status 0
expect_json_near '.launches[0].flops.fp32' 2097152 1e-4
# no Tensor counter in the stock sections' report: the total is what was counted, at least
expect_json '[.launches[0].flops.tensor, .launches[0].flops.total, .launches[0].bytes.dram, .launches[0].lower_bound]' '[null,2097239.04,12582912,true]'
expect_json '.launches[0].binding_level != null' true
expect_json '.missing_metrics[0:5]' \
    '["sm__ops_path_tensor_src_fp16.sum","sm__ops_path_tensor_src_bf16_dst_fp32.sum","sm__ops_path_tensor_src_tf32_dst_fp32.sum","sm__ops_path_tensor_src_fp64.sum","sm__ops_path_tensor_src_fp8.sum"]'
run ncu "$n/roofline-raw.csv"
expect_stdout_line 'Not in the report, so unknown below ('"'"'?'"'"', null in --json), or a lower bound ('"'"'at least'"'"', "lower_bound"):'

# ---- --group ------------------------------------------------------------------------
run ncu "$n/raw-base.csv" --group --details
expect_status 0
expect_stdout_line 'Kernel 1 of 4: matmul_tiled(const float *, const float *, float *, int)'
expect_stdout_line 'Kernel 3 of 4: void saxpy<float>(int, float, const float *, float *)'
expect_stdout_line '  2 launches, 30400 ns in all, ? of the report'"'"'s time'
expect_stdout_line '  launch     grid varies x block (256, 1, 1): 256 threads a block, 16 registers a thread;'
expect_stdout_line 'In all: 5 launches of 4 kernels, ? ns'
expect_stdout_lacks 'Launch 0'
run ncu "$n/details-scaled.csv" --group --device h100 --json
expect_status 0
expect_json '[.kernels[] | [.kernel, .launches]]' \
    '[["matmul_tiled(const float *, const float *, float *, int)",1],["wmma_gemm(const __half *, const __half *, float *, int)",1],["void saxpy<float>(int, float, const float *, float *)",2]]'
expect_json '.kernels[2] | keys_unsorted' \
    '["kernel","launches","time_share","grid","block","registers_per_thread","shared_static_bytes","shared_dynamic_bytes","time_ns","flops","bytes","intensity","gflops","binding_level","binding_levels","binding_left_out","occupancy","lower_bound","lower_bound_metrics","shared_wavefronts","global_load_instructions","l1_global_load_hit_rate","limits","limit_bounds","limit_sources","limits_why_unknown","limit_work","busy","limiter","longest_limit","limiter_why_unknown","explained","next_limit","next_bound_ns","expected_time_ns","headroom","expected_speedup","speedup","launch_l2_share","suggestion","library","call_advice","tensor_roof_share","older_architecture","achieved_gbs","roof_share","sm_clock_mhz","roofs_at_clock","top_stall"]'
expect_json '.kernels[2] | [.time_ns, .flops.fp32, .bytes.dram, .grid, .block, .binding_level]' \
    '[30400,6291456,37748736,null,[256,1,1],"dram"]'
expect_json_near '.kernels[2].time_share' 0.0221027 1e-4
expect_json_near '.kernels[2].occupancy.achieved' 0.89987 1e-4
expect_json '.launches | length' 4

# ---- --results: measured roofs win ---------------------------------------------------
# each measured figure as the results file has it
results="$top_srcdir/plots/data/h100-sxm.yaml"
measured() { sed -n "s/^ *$1: *//p" "$results" | head -n 1; }
# the measured DRAM roof is the most any DRAM kernel moved, the figure plot
# draws (holding launches to the read kernel's alone, 3206.5 GB/s here,
# against plot's 3287.5, was two rules for one roof)
dram_roof=$(for key in dram_read_gbs dram_write_gbs dram_copy_gbs dram_triad_gbs; do measured "$key"; done |
    sort -g | tail -n 1)
run ncu "$n/raw-base.csv" --results "$results" --json
expect_status 0
expect_json '.roofs.bandwidth_gbs.dram' "{\"value\":$dram_roof,\"source\":\"measured\"}"
ncu_dram=$(jq .roofs.bandwidth_gbs.dram.value "$out")
if have gnuplot; then
    run plot --results "$results" --device h100 -o "$test_tmp/roofs.svg" --json
    expect_status 0
    check "the DRAM roof ncu holds launches to is the one plot draws" \
        "$(jq '.. | .measured_bandwidth_gbs? // empty' "$out")" "$ncu_dram"
else
    skip "the DRAM roof plot draws" "no gnuplot"
fi
run ncu "$n/raw-base.csv" --results "$results" --json
expect_json '.roofs.bandwidth_gbs.l2' "{\"value\":$(measured l2_gbs),\"source\":\"measured\"}"
expect_json '.roofs.bandwidth_gbs.shared' "{\"value\":$(measured shared_gbs),\"source\":\"measured\"}"
expect_json '.roofs.peak_gflops.fp32' "{\"value\":$(measured fp32_gflops),\"source\":\"measured\"}"
expect_json '.roofs.peak_gflops.tensor_fp16' "{\"value\":$(measured tensor_fp16_gflops),\"source\":\"measured\"}"
run ncu "$n/raw-base.csv" --results "$results" --details
expect_stdout_line "Measured roofs: $results (NVIDIA H100 80GB HBM3)"
dram_ns=$(awk -v bw="$dram_roof" 'BEGIN { printf "%.0f", 12582912 / bw }')
expect_stdout_has "DRAM: 12582912 B / $(awk -v bw="$dram_roof" 'BEGIN { printf "%.0f", bw }') GB/s (measured) = $dram_ns ns"

# ---- standard input -------------------------------------------------------------------
run_stdin "$n/raw-base.csv" ncu - --json
expect_status 0
expect_json '[.file, (.launches | length)]' '["standard input",5]'

# ---- the real raw page of an H100: every prediction and limit as Nsight Compute's ----
run ncu "$top_srcdir/plots/data/h100-sxm-ncu.csv" --strict --details
expect_status 0
expect_no_stderr
lines=$(grep -c 'blocks an SM each allows' "$out")
check "64 launches' limits shown" "$lines" 64
differ=$(sed -n 's/.*gpuroof (Nsight Compute)://p' "$out" | tr ',' '\n' |
    awk '{ if ("(" $(NF-1) ")" != $NF) n++ } END { print n + 0 }')
check "every limit equal to Nsight Compute's" "$differ" 0
run ncu "$top_srcdir/plots/data/h100-sxm-ncu.csv" --json
expect_json '[.launches[] | select(.occupancy.predicted != .occupancy.ncu_theoretical)] | length' 0
expect_json '[.launches[] | .shared_wavefronts.load] | .[0:3]' '[0,0,50377520]'

# ---- a prediction that differs from Nsight Compute's -----------------------------------
# (Nsight Compute's theoretical occupancy of launch 0 made 75%)
awk '!done && /"sm__maximum_warps_per_active_cycle_pct"/ { sub(/"100"$/, "\"75\""); done = 1 } { print }' \
    "$n/details-base.csv" >"$test_tmp/differs.csv"
run ncu "$test_tmp/differs.csv" --device h100 --details
expect_status 0
expect_stderr_is "gpuroof: $test_tmp/differs.csv:5: launch 0 (void saxpy<float>(int, float, const float *, float *)): gpuroof predicts 100% occupancy (8 blocks an SM), Nsight Compute's theoretical occupancy is 75%: the h100 profile or gpuroof's rules do not fit this GPU"
expect_stdout_has 'Nsight Compute theoretical 75%, achieved 87.5%: gpuroof DIFFERS'
expect_stdout_line "In all: 5 launches, ? ns; gpuroof's occupancy differs from Nsight Compute's in 1 (on standard error)"
run ncu "$test_tmp/differs.csv" --device h100 --json
expect_json '.occupancy_disagreements' 1
run ncu "$test_tmp/differs.csv" --device h100 --strict
expect_status 1
check "--strict: two lines on stderr" "$(wc -l <"$err" | tr -d ' ')" 2
expect_stderr_has "gpuroof: $test_tmp/differs.csv: gpuroof's occupancy differs from Nsight Compute's in 1 launch (--strict)"

# ---- --device: another GPU's roofs and rules ---------------------------------------------
run ncu "$n/raw-base.csv" --device a100 --json
expect_status 0
expect_json '[.device, .gpu, .roofs.bandwidth_gbs.dram.value]' '["a100","NVIDIA H100 80GB HBM3",1555]'
run ncu "$n/raw-base.csv" --device nope
expect_status 1
expect_error_line
expect_stderr_has "unknown device 'nope'"

# ---- every error line ---------------------------------------------------------------------
bad() { # bad FILE MESSAGE
    run ncu "$n/bad/$1"
    expect_fails 1 "gpuroof: $n/bad/$1:$2"
    expect_crash_free
}
bad empty.csv '1:1: empty: no Nsight Compute CSV in it'
bad binary.csv '18:1: no Nsight Compute CSV: no row starts with the column "ID" (ncu --csv prints one)'
bad no-kernels.csv "3:1: no Nsight Compute CSV: no row starts with the column \"ID\" (ncu --csv prints one): ncu said '==WARNING== No kernels were profiled.'"
bad no-id-column.csv "1:2: a header row whose first column is 'Process ID', not \"ID\": Nsight Compute's CSV starts with its ID column"
bad truncated-quote.csv '4:57: the file ends in the middle of this row (a quoted field is not closed before the end of the line): is it cut short?'
bad truncated-row.csv '4:42: the file ends in the middle of this row (7 fields, its header (line 1) 13): is it cut short?'
bad short-row.csv '4:86: this row has 12 fields, its header (line 1) 13'
bad unknown-unit.csv "2:35: unknown unit 'furlong' of gpu__time_duration.sum (ncu-input.md, with gpuroof's documents, lists those it reads)"
bad wrong-unit.csv "2:35: gpu__time_duration.sum is in 'byte', which is not a time unit (ns, usecond, ...)"
bad huge-exponent.csv "3:80: gpu__time_duration.sum is '1e400', above any 64-bit counter (18446744073709551615)"
bad huge-digits.csv "3:80: gpu__time_duration.sum is '123,456,789,012,345,678,901,234,567,890', above any 64-bit counter (18446744073709551615)"
bad not-a-number.csv "3:80: gpu__time_duration.sum is 'fast', which is no number"
bad negative.csv "3:80: gpu__time_duration.sum is '-5': negative"
bad short-units-row.csv '2:38: the units row has 12 fields, its header (line 1) 13'
bad no-units-row.csv "2:2: a launch row where the raw page's units row belongs (after its header, line 1)"
bad no-launch.csv '1:1: the header is followed by no launch'
bad bad-block-size.csv "3:44: Block Size is '(256, 1', not '(X, Y, Z)'"
bad after-quote.csv '3:34: a closing quote is followed by something other than a comma'
bad bad-id.csv "3:2: the ID column holds 'x1', not a launch's ID"
bad two-gpus.csv "4:48: this launch ran on 'NVIDIA A100-SXM4-40GB', those before it on 'NVIDIA H100 80GB HBM3': read one GPU's launches at a time (ncu --devices)"
bad details-no-unit-column.csv '1:2: the details page'"'"'s header has no "Metric Unit" column'
bad two-pages.csv "4:2: a details page's header after the raw page's: one page a file"
bad control-in-name.csv "3:20: the kernel's name is 'k?(int *)': not UTF-8 text"
run ncu "$n/none.csv"
expect_fails 1 "gpuroof: cannot open $n/none.csv: No such file or directory"
run ncu "$n/raw-base.csv" --results "$n/none.yaml"
expect_status 1
expect_error_line

# ---- usage --------------------------------------------------------------------------------
run ncu
expect_fails 2 "gpuroof ncu: give a FILE (ncu's CSV, '-' or an .ncu-rep), or -- APP [ARGS] to profile (gpuroof ncu --help)"
run ncu a.csv b.csv
expect_fails 2 'gpuroof ncu: one FILE at a time (gpuroof ncu --help)'
run ncu a.csv -- ./app
expect_fails 2 'gpuroof ncu: give a FILE or -- APP, not both (gpuroof ncu --help)'
run ncu a.csv -o b.csv
expect_fails 2 'gpuroof ncu: -o keeps the CSV of an application profiled: it needs -- APP (gpuroof ncu --help)'
run ncu --metrics a.csv
expect_fails 2 'gpuroof ncu: --metrics prints gpuroof'"'"'s metric list and takes nothing else but --device or --chip, and --json (gpuroof ncu --help)'
run ncu --
expect_fails 2 'gpuroof ncu: -- needs the application to profile after it (gpuroof ncu --help)'
run ncu --group --group a.csv
expect_fails 2 "gpuroof ncu: option '--group' given twice (gpuroof ncu --help)"
run ncu --help
expect_status 0
expect_stdout_starts 'Usage: gpuroof ncu FILE'

# ---- ncu itself: an .ncu-rep, and an application run under it ----------------------------------
# "not found" only where there is no ncu: not on the PATH, nor where gpuroof looks after it
if command -v ncu >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/ncu ] ||
    ls /opt/nvidia/nsight-compute/*/ncu >/dev/null 2>&1; then
    last="gpuroof ncu -- true (no ncu)"
    skip "ncu not found" "an ncu is installed"
else
    run ncu -- true
    expect_fails 1 "gpuroof: profiling an application needs Nsight Compute's ncu, which is not installed where gpuroof looked: \$GPUROOF_NCU (not set), the PATH, /usr/local/cuda/bin/ncu and /opt/nvidia/nsight-compute/*/ncu"
    cp "$n/raw-base.csv" "$test_tmp/app.ncu-rep"
    run ncu "$test_tmp/app.ncu-rep"
    expect_fails 1 "gpuroof: reading an .ncu-rep (ncu --import) needs Nsight Compute's ncu, which is not installed where gpuroof looked: \$GPUROOF_NCU (not set), the PATH, /usr/local/cuda/bin/ncu and /opt/nvidia/nsight-compute/*/ncu"
fi
GPUROOF_NCU="$test_tmp/not-there"
export GPUROOF_NCU
run ncu -- true
expect_fails 1 "gpuroof: GPUROOF_NCU is '$test_tmp/not-there', which is no program gpuroof can run (No such file or directory)"

GPUROOF_NCU=$fake FAKE_NCU_CSV="$n/raw-base.csv" FAKE_NCU_LOG="$test_tmp/ncu.log" TMPDIR="$test_tmp/tmp"
export GPUROOF_NCU FAKE_NCU_CSV FAKE_NCU_LOG TMPDIR
mkdir "$test_tmp/tmp"
cp "$n/details-base.csv" "$test_tmp/app.ncu-rep"
run ncu "$test_tmp/app.ncu-rep" --device h100 --json
expect_status 0
expect_json '[.file, .page, (.launches | length)]' "[\"$test_tmp/app.ncu-rep's raw page\",\"details\",5]"
check "ncu --import FILE --page session, then --csv --page raw" "$(tr '\n' ' ' <"$test_tmp/ncu.log")" \
    "--import $test_tmp/app.ncu-rep --page session -- --import $test_tmp/app.ncu-rep --csv --page raw -- "
expect_json .profiler '{"clock_control":"none","cache_control":"all"}'
run ncu "$test_tmp/app.ncu-rep" --device h100
expect_stdout_line "Profiler: --clock-control none (the clocks as the GPU set them), --cache-control all (every cache flushed before each launch), from the report's command line"
# an ncu without the session page: the raw page alone, nothing said
FAKE_NCU_NO_SESSION=1
export FAKE_NCU_NO_SESSION
run ncu "$test_tmp/app.ncu-rep" --device h100 --json
unset FAKE_NCU_NO_SESSION
expect_status 0
expect_no_stderr
expect_json .profiler '{"clock_control":null,"cache_control":null}'

: >"$test_tmp/ncu.log"
run ncu -o "$test_tmp/kept.csv" --json -- sh -c 'echo "the app says hi"; echo "and on stderr" >&2' app arg2
expect_status 0
expect_one_json object
expect_json '[.file, (.launches | length), .launches[2].flops.fp32]' "[\"$test_tmp/kept.csv\",5,2147483648]"
expect_stderr_has 'gpuroof: profiling sh under '
expect_stderr_has 'the app says hi'
expect_stderr_has 'and on stderr'
expect_stderr_has '==PROF== Profiling "matmul_tiled"'
expect_stderr_has 'gpuroof: ncu profiled 3 kernel launches; reading its report'
check "-o keeps ncu's CSV after its session page" \
    "$(tail -c "$(wc -c <"$n/raw-base.csv")" "$test_tmp/kept.csv" | cmp - "$n/raw-base.csv" && echo same)" same
check "-o's session page first" "$(sed -n 1p "$test_tmp/kept.csv")" "Launch Settings"
# ncu's three command lines: the local GPU's metrics (none here: every
# chip's list then), gpuroof's metrics and the clocks as they are, then the import
expect_stderr_has "gpuroof: ncu --query-metrics --csv gave no list of this GPU's metrics: asking for every chip's (ncu answers n/a for those this one lacks)"
check "first the GPU's metrics" "$(sed -n '1,2p' "$test_tmp/ncu.log" | tr '\n' ' ')" "--query-metrics --csv "
awk 'BEGIN { RS = "--\n" } NR == 2 { printf "%s", $0 }' "$test_tmp/ncu.log" >"$test_tmp/first"
check "--clock-control none" "$(sed -n '1,2p' "$test_tmp/first" | tr '\n' ' ')" "--clock-control none "
check "--metrics with every chip's list" "$(sed -n '3,4p' "$test_tmp/first" | tr '\n' ' ')" "--metrics $("$GPUROOF" ncu --metrics) "
check "the report in a temporary directory" "$(sed -n '5,7p' "$test_tmp/first" | sed "s|$test_tmp/tmp/gpuroof-ncu\.[A-Za-z0-9]*/report|TMP/report|" | tr '\n' ' ')" \
    "-o TMP/report --force-overwrite "
check "then the application and its arguments" "$(sed -n '8,$p' "$test_tmp/first" | tr '\n' '|')" \
    'sh|-c|echo "the app says hi"; echo "and on stderr" >&2|app|arg2|'
check "then the session page" "$(awk 'BEGIN { RS = "--\n" } NR == 3' "$test_tmp/ncu.log" | sed -n '1p;3,4p' | tr '\n' ' ')" \
    "--import --page session "
check "then the import" "$(awk 'BEGIN { RS = "--\n" } NR == 4' "$test_tmp/ncu.log" | sed -n '1p;3,5p' | tr '\n' ' ')" \
    "--import --csv --page raw "
check "the temporary directory removed" "$(ls -A "$test_tmp/tmp")" ""

# on an A100 (ncu's list of the local chip): what the A100 has, none other
: >"$test_tmp/ncu.log"
FAKE_NCU_QUERY=$top_srcdir/tests/data/ncu/chips/ga100.csv.gz
export FAKE_NCU_QUERY
run ncu --json -- true
expect_status 0
a100_list=$("$GPUROOF" ncu --metrics --device a100)
awk 'BEGIN { RS = "--\n" } NR == 2 { printf "%s", $0 }' "$test_tmp/ncu.log" >"$test_tmp/first"
check "--metrics with the A100's list" "$(sed -n '3,4p' "$test_tmp/first" | tr '\n' ' ')" "--metrics $a100_list "
check "the A100's list has its FP16 Tensor counts" "$(echo "$a100_list" | tr ',' '\n' | grep -c '^sm__ops_path_tensor_src_fp16_dst_fp')" 2
check "and no FP8" "$(echo "$a100_list" | tr ',' '\n' | grep -c fp8)" 0
unset FAKE_NCU_QUERY

# ncu's line after part of the application's, as the H200 showed: still counted
FAKE_NCU_MIDLINE=1
export FAKE_NCU_MIDLINE
run ncu -- true
unset FAKE_NCU_MIDLINE
expect_status 0
expect_stderr_has 'app: saxpy (launch 1): ok, 4096 va==PROF== Profiling "matmul_tiled"'
expect_stderr_has 'gpuroof: ncu profiled 3 kernel launches; reading its report'

run ncu -- sh -c 'exit 3'
expect_status 1
expect_stderr_has 'gpuroof: ncu failed (exit status 3): its messages, and the application'"'"'s, are above'
expect_no_stdout
check "removed after a failure too" "$(ls -A "$test_tmp/tmp")" ""
FAKE_NCU_NO_REPORT=1
export FAKE_NCU_NO_REPORT
run ncu -- true
expect_status 1
expect_stderr_has "did true launch a kernel?"
unset FAKE_NCU_NO_REPORT
FAKE_NCU_CSV="$n/bad/short-row.csv"
run ncu -o "$test_tmp/bad.csv" -- true
expect_status 1
# the session page's 7 lines first: the row at line 4 of ncu's CSV is at 11
expect_stderr_has "gpuroof: $test_tmp/bad.csv:11:86: this row has 12 fields, its header (line 8) 13"
check "the CSV kept for a look, even so" \
    "$(tail -c "$(wc -c <"$n/bad/short-row.csv")" "$test_tmp/bad.csv" | cmp - "$n/bad/short-row.csv" && echo same)" same
run ncu -o "$test_tmp/no/such/dir.csv" -- true
expect_status 1
expect_stderr_has "$test_tmp/no/such/dir.csv"
unset GPUROOF_NCU FAKE_NCU_CSV FAKE_NCU_LOG TMPDIR

# ---- real fixtures recorded on a GPU, where there are some ----------------------------------
fixtures=${NCU_FIXTURES:-$n/h100}
for fixture in "$fixtures"/*.csv; do
    [ -e "$fixture" ] || break
    # recorded without --print-metric-name name: ncu_h100.sh holds its one line
    case $fixture in */app-roofline-details.csv) continue ;; esac
    # the details pages name no GPU: the H100's profile for them
    run ncu "$fixture" --strict --json --device h100
    expect_status 0
    expect_no_stderr
    expect_json '(.launches | length) > 0' true
    expect_json '[.launches[] | select(.occupancy.predicted != .occupancy.ncu_theoretical)] | length' 0
    run ncu "$fixture" --group
    expect_status 0
done

# The global loads' instructions and L1 hits (tests/data/ncu/volatile-raw.csv,
# hand-made): per launch in --json, the hit rate a fraction, null where the
# launch lacks them; a line in --details where present, none where absent.
run ncu "$n/volatile-raw.csv" --json
expect_status 0
expect_json '[.launches[] | [.global_load_instructions, .l1_global_load_hit_rate]]' \
    '[[1000,1],[2162688,0],[8448,0.984375],[8448,0],[null,null]]'
run ncu "$n/volatile-raw.csv" --details
expect_status 0
expect_stdout_line '  global     load 2162688 instructions, 2162688 L1 sectors of which 0 hit (0%)'
expect_stdout_line '  global     load 8448 instructions, 8448 L1 sectors of which 8316 hit (98.44%)'
check "no global line for the launch without the counters" "$(grep -c '^  global ' "$out")" 4

# A PyTorch training step recorded with the global-load counters (real, not
# made here): every launch has them; cuBLAS's GEMMs, which bring their tiles
# in by TMA, have no LDG at all but for a bias epilogue's, and say so; the fused Adam's loads stream
# past L1.
steps="$test_tmp/torch-step-loads.csv"
gzip -dc "$n/h100/torch-step-loads.csv.gz" >"$steps"
run ncu "$steps" --json
expect_status 0
expect_json '.launches | length' 414
expect_json '[.launches[] | select(.global_load_instructions == null)] | length' 0
expect_json '[.launches[] | select((.kernel | startswith("nvjet")) and (.kernel | contains("bias") | not)) | .global_load_instructions] | max' 0
# the bias epilogue loads its bias with LDG
expect_json '[.launches[] | select(.kernel | startswith("nvjet") and contains("bias")) | .global_load_instructions > 0] | all' true
expect_json '[.launches[] | select(.kernel | contains("FusedAdam")) | .l1_global_load_hit_rate < 0.01] | all' true
run ncu "$steps" --group --details --kernel 'nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT'
expect_status 0
expect_stdout_line '  global     no LDG or LD loads (copies by TMA or LDGSTS are not counted here)'
# A compressed report handed as it is: the way in, in one line.
run ncu "$n/h100/torch-step-loads.csv.gz"
expect_fails 1 "gpuroof: $n/h100/torch-step-loads.csv.gz: byte 0: gzip-compressed, not a CSV: decompress it first (zcat $n/h100/torch-step-loads.csv.gz | gpuroof ncu -)"
# A torch.profiler trace, compressed or not: gpuroof trace's.
tr=$top_srcdir/tests/data/trace/h200/step-trace.json.gz
run ncu "$tr"
expect_fails 1 "gpuroof: $tr: byte 0: gzip-compressed JSON, not Nsight Compute's CSV: a torch.profiler trace is gpuroof trace's (gpuroof trace $tr)"
printf '  {"traceEvents": []}' >"$test_tmp/trace.json"
run ncu "$test_tmp/trace.json"
expect_fails 1 "gpuroof: $test_tmp/trace.json: byte 2: a JSON document, not Nsight Compute's CSV: a torch.profiler trace is gpuroof trace's (gpuroof trace $test_tmp/trace.json)"

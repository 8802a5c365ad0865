# gpuroof trace --ncu: the traces recorded on an H200 (tests/data/trace/h200)
# joined to Nsight Compute's reports of the same programs
# (tests/data/ncu/h200): what joined, the verdicts' share of the run, what
# did not join and why, each kernel's verdict under its row and in the
# JSON, and a report that cannot be read.  The join's figures are the
# core's (tests/unit/test_trace_ncu.c); this holds what the command shows.
. "$top_srcdir/tests/cli/lib.sh"

t=$top_srcdir/tests/data/trace/h200
n=$top_srcdir/tests/data/ncu/h200
for name in step compiled cnn; do
    gzip -dc "$n/$name.csv.gz" >"$test_tmp/$name.csv"
done

run trace "$t/step-trace.json.gz" --ncu "$test_tmp/step.csv" --top 2
expect_status 0
expect_no_stderr
expect_stdout_line "Nsight Compute: $test_tmp/step.csv, 163 launches: 163 joined to 46 of the trace's 46 kernels, 100% of the kernels' time"
expect_stdout_has "the verdicts explain 83.72% of the run's kernel time"
expect_stdout_has 'Nsight Compute, 9 launches: compute (Tensor Cores) explains 93.7% of the time, at 82.22% of its peak'
expect_stdout_has 'Nsight Compute, 3 launches: DRAM explains 80.44% of the time'
check "one verdict under each row shown" "$(grep -c '^ *Nsight Compute, [0-9]* launch' "$out")" 2

# torch.compile's Triton kernels, autotuned anew under ncu: other grids
run trace "$t/compiled-trace.json.gz" --ncu "$test_tmp/compiled.csv"
expect_status 0
expect_stdout_has '126 launches: 105 joined to 45 of the trace'"'"'s 54 kernels, 96.99% of the kernels'"'"' time'
expect_stdout_line '  not joined: 0 launches of kernels the trace lacks, 21 of kernels it launched with other grids or blocks'
expect_stdout_line '  the first: launch 0, triton_poi_fused_arange_0, grid 2x1x1, block 128x1x1'
expect_stdout_has 'Nsight Compute: not joined, the report launched it with grid 2x1x1, block 128x1x1'

# the cuDNN kernels Kineto leaves mangled join by their words
run trace "$t/cnn-trace.json.gz" --ncu "$test_tmp/cnn.csv" --json
expect_status 0
expect_one_json object
expect_json 'keys_unsorted' '["file","gpu","device","events","devices","host","kineto","ncu","kernels"]'
expect_json '.ncu | [.launches, .launches_joined, .kernels_joined, .joined_share]' '[358,358,58,1]'
expect_json '[.kernels[] | select(.kernel | startswith("_ZN17cutlass")) | .ncu.join] | unique' '["joined"]'
expect_json '.kernels[0].ncu | keys_unsorted[:5]' '["join","launches","first_id","explained_share","limits"]'
expect_json '. as $r | ([.kernels[] | .ncu.explained_share * .time_ns] | add) / ([.kernels[].time_ns] | add) - $r.ncu.explained_share | fabs < 1e-9' true

# no --ncu, no key
run trace "$t/step-trace.json.gz" --json --top 1
expect_json 'has("ncu") or (.kernels[0] | has("ncu"))' false

# ---- a report that cannot be read: one line, nothing printed -----------------
run trace "$t/step-trace.json.gz" --ncu "$test_tmp/nowhere.csv"
expect_status 1
expect_no_stdout
expect_error_line "gpuroof: cannot open $test_tmp/nowhere.csv: No such file or directory"
run trace "$t/step-trace.json.gz" --ncu "$t/step-trace.json.gz"
expect_status 1
expect_no_stdout

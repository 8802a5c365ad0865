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

# ---- --ncu-plan: the command that made tests/data/ncu/h200/vit-plan.csv.gz -------
run trace "$t/vit-trace.json.gz" --ncu-plan
expect_status 0
expect_no_stderr
expect_stdout_line "# Nsight Compute on the 10 longest kernels (61.32% of the kernels' time; 10 function names), each launch configuration once:"
check "the command, word for word what ran on the H200 but for the application" \
    "$(grep -v '^#' "$out" | sed 's|-o gpuroof-plan APP \[ARGS\]|-o /tmp/vit-plan python3 tools/torch-vit.py --steps 1|')" \
    "$(cat "$n/vit-plan-command.txt")"
expect_stdout_line "# then: gpuroof trace $t/vit-trace.json.gz --ncu gpuroof-plan.ncu-rep"
run trace "$t/vit-trace.json.gz" --ncu-plan --top 2 --json
expect_status 0
expect_json 'keys_unsorted' '["file","kernels","time_ns","functions","unplanned","unplanned_ns","regex","command","time_share"]'
expect_json '.regex' '^(GammaBetaBackwardCUDAKernelTemplate|reduce_kernel)$'
# the three cuDNN kernels Kineto leaves mangled have no function name to pick
run trace "$t/cnn-trace.json.gz" --ncu-plan --top 58 --json
expect_json '[.kernels, .unplanned]' '[58,3]'

# and the report it made joins
gzip -dc "$n/vit-plan.csv.gz" >"$test_tmp/vit-plan.csv"
run trace "$t/vit-trace.json.gz" --ncu "$test_tmp/vit-plan.csv" --top 10 --json
expect_json '.ncu | [.launches, .launches_joined, .kernels_joined]' '[41,40,18]'
expect_json '[.kernels[].ncu.join] | unique' '["joined"]'

# ---- the page: the join's paragraph, and each kernel's verdict in a column ---
run trace "$t/compiled-trace.json.gz" --ncu "$test_tmp/compiled.csv" --top 12 --html "$test_tmp/joined.html"
expect_status 0
check "the page's join paragraph" "$(grep -c '126 launches: 105 joined to 45 of the trace.*not joined: 0 launches' "$test_tmp/joined.html")" 1
check "the verdict column's heading" "$(grep -c '<button type="button">Nsight Compute</button>' "$test_tmp/joined.html")" 1
check "a verdict in each of the 12 rows" "$(grep -o '<td[^>]*>[0-9]* launch[es]*: [^<]*' "$test_tmp/joined.html" | wc -l)" 12
check "the first row's verdict" "$(grep -c '9 launches: compute (Tensor Cores) explains 93.69% of the time, at 82.14% of its peak' "$test_tmp/joined.html")" 1

# gpuroof trace: torch.profiler's traces recorded on an H200
# (tests/data/trace/h200), the header of where the GPU's time went, the
# kernels' table, the JSON, and each way a file is refused.  The figures
# are the core's (tests/unit/test_trace_time.c and test_trace_kernels.c
# hold them to an oracle and by hand); this holds what the command shows.
. "$top_srcdir/tests/cli/lib.sh"

t=$top_srcdir/tests/data/trace/h200

run trace "$t/step-trace.json.gz" --top 3
expect_status 0
expect_no_stderr
expect_stdout_line 'Device: NVIDIA H200 SXM 141GB (h200), the profile the trace'"'"'s device properties describe'
expect_stdout_has 'GPU 0: span 16.45 ms: busy 3.284 ms (19.96%), idle 13.17 ms: waiting for the host 13.14 ms'
expect_stdout_has 'the trace'"'"'s figure on 163 of 163 launches'
expect_stdout_has 'differs on 31 launches that opt in to more than 49152 B'
check "three kernels' rows, their configurations under them, the rest counted" \
    "$(grep -c '^ *[0-9.]* *[0-9.]*% *[0-9]* ' "$out") $(grep -c ' grid [0-9]*x' "$out") $(grep -c '^\.\.\. and 43 more kernels' "$out")" \
    "3 3 1"
expect_stdout_has 'at most 40 registers a thread: 3 blocks an SM, 75%'

# --device names the profile; the same file through standard input
last="gpuroof trace - --device h100 < step-trace.json.gz"
status=0
"$GPUROOF" trace - --device h100 <"$t/step-trace.json.gz" >"$out" 2>"$err" || status=$?
expect_status 0
expect_stdout_line 'Trace: standard input, 1502 events'
expect_stdout_line 'Device: NVIDIA H100 SXM5 80GB (h100), given; the trace was recorded on NVIDIA H200'

run trace "$t/cnn-trace.json.gz" --json
expect_status 0
expect_one_json object
expect_json 'keys_unsorted' '["file","gpu","device","events","devices","host","kineto","kernels"]'
expect_json '[.gpu, .device]' '["NVIDIA H200","h200"]'
expect_json '.kineto | .launches_compared == .launches_equal and .launches_compared == 358' true
expect_json '[.kernels[].launches] | add' 358
expect_json '.devices[0] | .busy_ns + .idle_ns == .end_ns - .start_ns' true
expect_json '.devices[0] | .idle.host_ns + .idle.stream_ns + .idle.other_ns == .idle_ns' true
expect_json '.kernels[0] | keys_unsorted' \
    '["kernel","launches","time_ns","configurations","time_share","grid","block","registers_per_thread","shared_bytes","occupancy","limited_by","limits"]'
expect_json '[.kernels[] | .time_ns] | . == (sort | reverse)' true

# ---- refused, one line naming the file and the byte -------------------------
printf '[]' >"$test_tmp/array.json"
run trace "$test_tmp/array.json"
expect_status 1
expect_error_line "gpuroof: $test_tmp/array.json: byte 1: a trace is a JSON object, not an array"
printf '{"schemaVersion": 1}' >"$test_tmp/none.json"
run trace "$test_tmp/none.json"
expect_status 1
expect_error_line "gpuroof: $test_tmp/none.json: no traceEvents: not a trace as torch.profiler's export_chrome_trace writes it"
printf '{"traceEvents": [{"ph": "X",' >"$test_tmp/cut.json"
run trace "$test_tmp/cut.json"
expect_status 1
expect_error_line "gpuroof: $test_tmp/cut.json: byte 28: not JSON: parse error: premature EOF"
run trace "$test_tmp/nowhere.json"
expect_status 1
expect_error_line "gpuroof: $test_tmp/nowhere.json: No such file or directory"
run trace
expect_status 2
run trace --compare
expect_status 2

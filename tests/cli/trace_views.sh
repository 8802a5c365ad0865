# gpuroof trace's views of the traces recorded on an H200
# (tests/data/trace/h200): --launches (one row a launch, longest first,
# --top bounding the launches kept), and --html (the header and the table
# as one page, written whole or not at all, checked in headless Chromium
# where there is one).  The launches' figures are the core's
# (tests/unit/test_trace_launches.c); this holds what the command shows.
. "$top_srcdir/tests/cli/lib.sh"

t=$top_srcdir/tests/data/trace/h200

# ---- --launches: a row a launch, as many as the kernels' launches
run trace "$t/step-trace.json.gz" --launches
expect_status 0
expect_no_stderr
check "a row a launch: the 163 launches of the kernels" "$(grep -c '^ *[0-9.e+]* *[0-9.e+]* *[0-9]*  [0-9.]*%\|^ *[0-9.e+]* *[0-9.e+]* *[0-9]*  - ' "$out")" 163
check "each launch's configuration under it" "$(grep -c '^  *grid [0-9]*x' "$out")" 163
check "no launch is left out" "$(grep -c '^\.\.\. and' "$out")" 0
expect_stdout_has '      162.5       16092      7  50%, registers                           50% (Kineto 50%)     multi_tensor_apply_kernel<...>'
expect_stdout_has '98.11        5508      7  18.75%, registers and shared memory      18.75% (Kineto 0%)   nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_TNT'

run trace "$t/step-trace.json.gz" --launches --top 5
expect_status 0
check "--top 5: five launches" "$(grep -c '^  *grid [0-9]*x' "$out")" 5
expect_stdout_line '... and 158 more launches, 80.33% of the kernels'"'"' time'

# the JSON: every launch, longest first, the longest the first of --top 1
run trace "$t/cnn-trace.json.gz" --launches --json
expect_status 0
expect_one_json object
expect_json 'keys_unsorted' '["file","gpu","device","events","devices","host","kineto","kernels","launches"]'
expect_json '(.launches | length) == ([.kernels[].launches] | add)' true
expect_json '[.launches[].time_ns] | . == (sort | reverse)' true
expect_json '.launches[0] | keys_unsorted' \
    '["kernel","start_ns","time_ns","device","stream","grid","block","registers_per_thread","shared_bytes","occupancy","limited_by","limits"]'
expect_json '.launches[0].occupancy | keys_unsorted' '["theoretical","estimated_achieved","kineto_estimated_achieved"]'
expect_json '.launches[0].limits | keys_unsorted' \
    '["waves","tail","small_grid","launch_floors","launch_bound","occupancy_held","lift"]'
expect_json '(.devices[0].end_ns - .devices[0].start_ns) as $span | [.launches[] | .start_ns >= 0 and .start_ns + .time_ns <= $span] | all' true
expect_json '([.launches[].time_ns] | add) == ([.kernels[].time_ns] | add)' true
longest=$(jq_value '.launches[0] | [.kernel, .start_ns, .time_ns]')
run trace "$t/cnn-trace.json.gz" --launches --top 1 --json
expect_json '.launches | length' 1
expect_json '.launches[0] | [.kernel, .start_ns, .time_ns]' "$longest"
run trace "$t/cnn-trace.json.gz" --launches --top 7 --json
expect_json '.launches | length' 7
run trace "$t/cnn-trace.json.gz" --json
expect_json 'has("launches")' false

# ---- --kernel: either demangler's spelling picks the same kernel, as a
# part of its name does; its launches are that kernel's
kineto='void at::native::vectorized_elementwise_kernel<8, at::native::bfloat16_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda(float)#1}, std::array<char*, 2ul> >(int, at::native::bfloat16_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda(float)#1}, std::array<char*, 2ul>)'
ncu='void native::vectorized_elementwise_kernel<8, native::bfloat16_copy_kernel_cuda(at::TensorIteratorBase &)::[lambda(float) (instance 1)], std::array<char *, 2>>(int, T2, T3)'
for pattern in "$kineto" "$ncu" bfloat16_copy_kernel_cuda '*bfloat16_copy*'; do
    run trace "$t/step-trace.json.gz" --kernel "$pattern" --launches --json
    expect_status 0
    expect_json '[.picked.kernels, (.kernels | length), .kernels[0].kernel]' "$(jq -n -c --arg k "$kineto" '[1, 1, $k]')"
    expect_json '(.launches | length) == .kernels[0].launches and ([.launches[].kernel] | unique | length) == 1' true
done
expect_json '.picked | keys_unsorted' '["pattern","kernels","time_ns"]'
run trace "$t/step-trace.json.gz" --kernel "$ncu"
expect_status 0
expect_stdout_line "--kernel '$ncu' picks 1 of the 46 kernels, 5.406% of the kernels' time"
check "one kernel's row" "$(grep -c '^  *grid [0-9]*x' "$out")" 1
check "nothing more" "$(grep -c '^\.\.\. and' "$out")" 0
# a part of several names picks each; a whole name only its own
run trace "$t/step-trace.json.gz" --kernel vectorized_elementwise_kernel --top 2
expect_stdout_line "--kernel 'vectorized_elementwise_kernel' picks 5 of the 46 kernels, 11.65% of the kernels' time"
expect_stdout_line "... and 3 more kernels, 4.217% of the kernels' time"
run trace "$t/step-trace.json.gz" --kernel nosuchkernel
expect_status 1
expect_error_line "gpuroof: $t/step-trace.json.gz: no kernel matches 'nosuchkernel' among its 46 kernels"
run trace "$t/step-trace.json.gz" --glob
expect_status 2
expect_error_line "gpuroof trace: --glob needs --kernel (gpuroof trace --help)"

# ---- --html: the page beside the text, written whole or not at all
mkdir "$test_tmp/pages"
page=$test_tmp/pages/step.html
run trace "$t/step-trace.json.gz" --top 10
cp "$out" "$test_tmp/plain.txt"
run trace "$t/step-trace.json.gz" --top 10 --html "$page"
expect_status 0
check "stdout is the text it is without --html" "$(cmp -s "$out" "$test_tmp/plain.txt" && echo same)" same
check "the page opens as HTML" "$(head -n 1 "$page")" "<!DOCTYPE html>"
check "nothing else is left beside it" "$(ls -A "$test_tmp/pages")" step.html
check "the header: where the GPU's time went" "$(grep -c '<h2 id="time">Where the GPU' "$page")" 1
check "the table: ten kernels" "$(grep -c '^<tr><td data-sort="[0-9]*">[0-9]*</td><td class="text name"' "$page")" 10
check "the rest counted" "$(grep -c '\.\.\. and 36 more kernels, 31.33% of the kernels' "$page")" 1
check "nothing is fetched from elsewhere" "$(grep -c -E ' src=|<link |href="https?:|@import' "$page")" 0
run trace "$t/step-trace.json.gz" --launches --html "$page" --json
expect_status 0
expect_json '.launches | length' 163
check "--launches: a row a launch" "$(grep -c '^<tr><td data-sort="[0-9]*">[0-9]*</td><td class="text name"' "$page")" 163
run trace "$t/step-trace.json.gz" --kernel nvjet --launches --html "$page"
expect_status 0
check "--kernel: the page says what it picked" "$(grep -c "<p>--kernel &#39;nvjet&#39; picks 6 of the 46 kernels" "$page")" 1
check "--kernel: the nvjet launches alone" "$(grep -c '^<tr><td data-sort="[0-9]*">[0-9]*</td><td class="text name" title="nvjet' "$page")" 27
printf 'old page\n' >"$test_tmp/kept.html"
printf '{"traceEvents": [' >"$test_tmp/cut.json"
run trace "$test_tmp/cut.json" --html "$test_tmp/kept.html"
expect_status 1
check "a bad trace leaves the page as it was" "$(cat "$test_tmp/kept.html")" "old page"
run trace "$t/step-trace.json.gz" --html "$test_tmp/no/such/dir/step.html"
expect_status 1
expect_stderr_has "$test_tmp/no/such/dir/step.html"
check "an unwritable page leaves nothing" "$(ls "$test_tmp/no" 2>/dev/null | wc -l)" 0
run trace "$t/step-trace.json.gz" --html ''
expect_status 2

# ---- in a browser: the rows in the order of --json, sorting on a click
if ! find_browser || ! have_jq; then
    skip "the page in a browser" "no chromium or no jq on the PATH"
    exit 0
fi
run trace "$t/step-trace.json.gz" --launches --top 20 --html "$page" --json
expect_dom_checks "$page" "$(printf '{table: "launches", rows: 20, nameColumn: "kernel", sortColumn: "time (us)", fullNames: %s}' \
    "$(jq_value '[.launches[].kernel]')")"

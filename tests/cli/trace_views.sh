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
browser=
for b in ${CHROMIUM:-} chromium chromium-browser; do
    command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
if [ -z "$browser" ] || ! have_jq; then
    skip "the page in a browser" "no chromium or no jq on the PATH"
    exit 0
fi
run trace "$t/step-trace.json.gz" --launches --top 20 --html "$page" --json
names=$(jq_value '[.launches[].kernel]')
{
    sed '/<\/body>/,$d' "$page"
    printf '<script>window.gpuroofExpect = {table: "launches", rows: 20, nameColumn: "kernel",'
    printf ' sortColumn: "time (us)", fullNames: %s};</script>\n' "$names"
    printf '<script>\n'
    cat "$top_srcdir/tests/html/dom-check.js"
    printf '</script>\n</body>\n</html>\n'
} >"$test_tmp/pages/checked.html"
"$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$test_tmp/profile" \
    --dump-dom "file://$test_tmp/pages/checked.html" >"$test_tmp/dom.html" 2>"$test_tmp/browser.log" || true
sed -n '/<pre id="dom-check">/,/<\/pre>/p' "$test_tmp/dom.html" | sed 's/<[^>]*>//g' | grep -E '^(not )?ok' \
    >"$test_tmp/dom.tap" || true
check "the browser ran the checks" "$([ -s "$test_tmp/dom.tap" ] && echo yes)" yes
while IFS= read -r line; do
    case $line in
    "ok - "*) pass "in $browser: ${line#ok - }" ;;
    *) fail "in $browser: ${line#not ok - }" "$line" "ok" ;;
    esac
done <"$test_tmp/dom.tap"

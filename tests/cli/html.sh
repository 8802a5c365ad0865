#!/bin/sh
# gpuroof ncu --html: the report as one self-contained page, loaded in a
# real browser (headless Chromium) that checks it through its DOM
# (tests/html/dom-check.js): the table's rows in order, sorting on a click,
# the chart inline with a tooltip on every point, an explanation a row, and
# nothing fetched from elsewhere; and the page written whole or not at all.
# Chromium is required where CI runs (CI=true; tools/packages.txt installs
# it); on a machine without it the browser's checks are skipped.
. "$top_srcdir/tests/cli/lib.sh"

torch="$test_tmp/torch.csv"
gzip -dc "$top_srcdir/tests/data/ncu/h100/torch-step.csv.gz" >"$torch"
page="$test_tmp/pages/step.html"
mkdir "$test_tmp/pages"

# ---- the page beside the text
run ncu "$torch" --group --details
grep -c '^  binding ' "$out" >"$test_tmp/bindings"
run ncu "$torch" --group
cp "$out" "$test_tmp/plain.txt"
run ncu "$torch" --group --html "$page"
expect_status 0
check "stdout is the text it is without --html" "$(cmp -s "$out" "$test_tmp/plain.txt" && echo same)" same
check "the page is written" "$([ -s "$page" ] && echo yes)" yes
check "nothing else is left beside it" "$(ls -A "$test_tmp/pages")" step.html
check "the page opens as HTML" "$(head -n 1 "$page")" "<!DOCTYPE html>"
check "the chart is inline SVG" "$(grep -c '<figure class="chart">' "$page")" 1
check "no XML prolog inside the page" "$(grep -c '<?xml' "$page")" 0
check "nothing is fetched from elsewhere (src=, <link, http(s) href, @import)" \
    "$(grep -c -E ' src=|<link |href="https?:|@import' "$page")" 0
check "every row is explained" "$(grep -c '<details id="explain-' "$page")" 47
check "each explanation is the text's (--details)" "$(grep -c '^  binding ' "$page")" "$(cat "$test_tmp/bindings")"
check "the header's roofs are there" "$(grep -c '^  DRAM 3352 GB/s (profile)' "$page")" 1
check "what to fix first, as the text's" "$(sed -n '/<h2 id="fix-first">/,/<\/pre>/p' "$page" | grep -c '^  [1-5]\. ')" 5

# ---- with --results: the chart draws the measured roofs the table held the
# launches to (it drew the datasheet's alone, the report read again without
# the results), and not the results file's own kernels
run ncu "$torch" --group --results "$top_srcdir/plots/data/h100-sxm.yaml" --html "$page"
expect_status 0
check "the header's DRAM roof is the measured one" "$(grep -c '^  DRAM 3288 GB/s (measured)' "$page")" 1
for roof in 'measured DRAM 3288 GB/s' 'measured L2 10355 GB/s' 'measured shared memory 33376 GB/s'; do
    check "the chart draws $roof" "$(grep -c "$roof" "$page" | awk '{ print ($1 > 0) }')" 1
done
check "not the results file's kernels" "$(grep -c 'matmul-tiled16\|intensity sweep' "$page")" 0

# ---- narrowed as the text is
run ncu "$torch" --group --top 5 --html "$page"
expect_status 0
check "--top 5: five rows" "$(grep -c '<tr id="row-' "$page")" 5
check "--top 5: the rest counted" "$(grep -c '\.\.\. and 42 more kernels' "$page")" 1
run ncu "$torch" --kernel nvjet --html "$page"
expect_status 0
check "--kernel nvjet, launches: one row a launch of the nvjet GEMMs" \
    "$(grep -c '<tr id="row-' "$page")" "$(grep -c '^Launch .*nvjet' "$out")"

# ---- a page of launches (no --group) draws the report's kernels as the
# grouped page does, from the analysis it holds: it said "The 0 longest
# kernels" and drew one, the report read again
run ncu "$torch" --html "$page"
expect_status 0
check "launches: the chart's note counts the kernels" \
    "$(grep -c 'The 16 longest kernels at DRAM' "$page")" 1
launches_points=$(grep -c '<g id="gnuplot_plot_' "$page")
run ncu "$torch" --group --html "$test_tmp/grouped.html"
check "launches: the same chart as the grouped page's" "$launches_points" \
    "$(grep -c '<g id="gnuplot_plot_' "$test_tmp/grouped.html")"

# ---- written whole or not at all
printf 'old page\n' >"$test_tmp/kept.html"
run ncu "$top_srcdir/tests/data/ncu/bad/truncated-row.csv" --html "$test_tmp/kept.html"
expect_status 1
check "a bad report leaves the page as it was" "$(cat "$test_tmp/kept.html")" "old page"
run ncu "$torch" --group --html "$test_tmp/no/such/dir/step.html"
expect_status 1
expect_stderr_has "$test_tmp/no/such/dir/step.html"
check "an unwritable page leaves nothing" "$(ls "$test_tmp/no" 2>/dev/null | wc -l)" 0
run ncu --metrics --html "$page"
expect_status 2
mkdir "$test_tmp/chart-less"
chart_less="$test_tmp/chart-less/step.html"
GNUPLOT=/nonexistent/gnuplot
export GNUPLOT
run ncu "$torch" --group --html "$chart_less"
unset GNUPLOT
expect_status 0
expect_stderr_has "the page has no chart"
check "without gnuplot the page keeps its table" "$(grep -c '<tr id="row-' "$chart_less")" 47
check "and says why it has no chart" "$(grep -c 'No chart: gnuplot could not draw it' "$chart_less")" 1
kept=$(sed -n 's/.*the script is kept in \(.*\.gp\)$/\1/p' "$err")
check "the chart's script is kept, named on standard error" "$([ -n "$kept" ] && [ -s "$kept" ] && echo kept)" kept

# ---- plot --html: the chart in a page, a row for what it draws
plot_page="$test_tmp/pages/plot.html"
run plot --device h100 --model "$top_srcdir/models/matmul-tiled.yaml" -D TILE_WIDTH=32 --point "mine:2:5000" \
    --results "$top_srcdir/plots/data/h100-sxm.yaml" --levels dram,l2,shared --html "$plot_page" --json
expect_status 0
check "plot --html: one chart inline" "$(grep -c '<figure class="chart">' "$plot_page")" 1
check "plot --html: the --json names the page as the chart file" "$(jq -r .chart_file "$out" 2>/dev/null || echo "$plot_page")" \
    "$plot_page"
kernels=$(jq '[.results[].kernels[]] | length' "$out" 2>/dev/null || echo 0)
check "plot --html: a row for each measured kernel, the model and the point" \
    "$(grep -c '^<tr><td class="text name"' "$plot_page")" "$((kernels + 2))"
check "plot --html: the model named a prediction" "$(grep -c 'model (predicted)' "$plot_page")" 1
check "plot --html: nothing is left beside it" "$(ls -A "$test_tmp/pages" | grep -c tmp)" 0
run plot --device h100 --html "$plot_page" -o "$test_tmp/x.pdf"
expect_status 2
expect_stderr_has "--html writes the chart into its page"
run plot --device h100 --html "$plot_page" --script-only
expect_status 2

# ---- in a browser
find_browser || true
if [ -z "$browser" ]; then
    if [ "${CI:-}" = true ]; then
        fail "a browser to load the page" "no chromium on the PATH" "chromium (tools/packages.txt)"
    else
        skip "the page in a browser" "no chromium on the PATH (apt-get install chromium)"
    fi
    exit 0
fi
run ncu "$torch" --group --html "$page"
run ncu "$torch" --group --json
names=$(jq -c '[.kernels[].kernel]' "$out" 2>/dev/null)
run plot --ncu "$torch" --top 16 --json -o "$test_tmp/drawn.svg"
drawn=$(jq -c '[.ncu.drawn[].label]' "$out" 2>/dev/null)
if [ -z "$names" ] || [ -z "$drawn" ]; then
    skip "the page in a browser" "no jq to read what the page should hold"
    exit 0
fi
# the kernels' names as the page's rows show them: whole, on hover
expect_dom_checks "$page" "$(printf '{table: "kernels", rows: 47, nameColumn: "kernel", sortColumn: "time (ns)", fullNames: %s, points: %s, drawn: %s, details: 47}' \
    "$names" "$(jq -n "$drawn | length * 3")" "$drawn")"

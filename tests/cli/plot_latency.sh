#!/bin/sh
# gpuroof plot latency: the latency roofs of a results file (the synthetic
# one: no H100 file has them yet), its script and --json, and every error
# line: a results file without the latency keys names the file and the key.
. "$top_srcdir/tests/cli/lib.sh"

cd "$test_tmp" || exit 99
latency="$top_srcdir/tests/data/results/latency-synthetic.yaml"
plain="$top_srcdir/tests/data/results/synthetic.yaml"

script_has() { # TEXT: the script s.gp has it
    last="s.gp"
    if grep -F -e "$1" s.gp >/dev/null; then pass "script has '$1'"; else fail "script has '$1'" "no" "yes"; fi
}

run plot latency "$latency" -o s.pdf --script-only
expect_status 0
expect_no_stdout
expect_no_stderr
script_has "set title 'Latency roofs: DRAM read against resident warps, Synthetic GPU at 1980 MHz'"
script_has "set xlabel 'resident warps an SM (of 132 SMs)'"
script_has "set ylabel 'DRAM read bandwidth (GB/s)'"
script_has "4 B x 1 in flight, measured"
script_has "16 B x 4 in flight, measured"
script_has "Little''s law, 64 B in flight a thread"
script_has "DRAM ceiling: the best point measured, 2850 GB/s"
script_has "/ 600 ns, the DRAM latency measured"
# the unverified point (9999 GB/s at 12 warps) is drawn nowhere
last="s.gp"
if grep -F -e "12 9999" s.gp >/dev/null; then fail "unverified point not drawn" "drawn" "not"; else pass "unverified point not drawn"; fi

# --results FILE is the same chart; --json gives each point beside Little's law
run plot latency --results "$latency" -o j.pdf --script-only --json
expect_status 0
expect_one_json object
expect_json .chart latency
expect_json .gpu 'Synthetic GPU'
expect_json .sm_count 132
expect_json .dram_ns 600
expect_json .ceiling_gbs 2850
expect_json .ceiling 'best point'
expect_json '.points | length' 72
expect_json '.points[0] | keys_unsorted' '["load_bytes","loads_in_flight","warps_per_sm","gbs","model_gbs"]'
# 1 warp x 132 SMs x 32 threads x 4 B / 600 ns = 28.16 GB/s
expect_json_near '.points[0].model_gbs' 28.16
expect_json_near '.points[0].gbs' 22.5
# 64 warps x 132 x 32 x 64 B / 600 ns = 28835 GB/s: held to the ceiling
expect_json_near '.points[71].model_gbs' 2850
expect_json .script_file j.gp

if have gnuplot; then
    run plot latency "$latency" -o c.pdf
    expect_status 0
    check "chart written" "$(test -s c.pdf && echo yes)" yes
fi

# ---- errors: one line naming the file and what is missing; -o not written
run plot latency "$plain" -o x.pdf
expect_fails 1 "gpuroof: $plain has no latency.dram_ns: gpuroof measure --only latency records it"
check "no chart" "$(ls x.pdf x.gp 2>/dev/null)" ""
printf 'device: {name: G}\nlatency: {dram_ns: 600}\n' >no-curves.yaml
run plot latency no-curves.yaml -o x.pdf
expect_fails 1 "gpuroof: no-curves.yaml has no device.sm_count: the Little's-law curves need it"
printf 'device: {name: G, sm_count: 8}\nlatency: {dram_ns: 600}\nlatency_curves:\n- {load_bytes: 4, loads_in_flight: 1, warps_per_sm: 1, gbs: 5, verified: false}\n' >unverified.yaml
run plot latency unverified.yaml -o x.pdf
expect_fails 1 "gpuroof: unverified.yaml has no verified latency_curves: gpuroof measure --only latency records them"
printf 'device: {name: G, sm_count: 8}\nlatency_curves:\n- {load_bytes: 4, loads_in_flight: 1, warps_per_sm: 1, verified: true}\n' >bad.yaml
run plot latency bad.yaml -o x.pdf
expect_fails 1 "gpuroof: bad.yaml:3:3: latency_curves: missing key 'gbs'"
run plot latency missing.yaml -o x.pdf
expect_status 1
expect_error_line
check "no chart" "$(ls x.pdf x.gp 2>/dev/null)" ""
usage='(gpuroof plot --help)'
run plot latency -o x.pdf
expect_fails 2 "gpuroof plot: plot latency takes one results file (RESULTS or --results FILE) $usage"
run plot latency "$latency" --results "$latency" -o x.pdf
expect_fails 2 "gpuroof plot: plot latency takes one results file (RESULTS or --results FILE) $usage"
run plot latency "$latency" --device h100 -o x.pdf
expect_fails 2 "gpuroof plot: plot latency takes one results file and nothing else to draw $usage"
run plot latency "$latency" --levels dram -o x.pdf
expect_fails 2 "gpuroof plot: --levels, --ncu and --top are for a roofline, not plot latency $usage"
run plot latency "$latency" extra.yaml -o x.pdf
expect_fails 2 "gpuroof plot: unexpected argument 'extra.yaml' $usage"
run plot latency "$latency"
expect_fails 2 "gpuroof plot: give -o FILE.pdf, FILE.png or FILE.svg, or --html FILE.html $usage"

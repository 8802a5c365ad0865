# profile show --results: a results file's memory levels against DRAM, and
# the seed notes' claims about shared memory held against them; exercises
# claims.  Every figure checked here is the results file's own, read from
# its YAML with awk (not through gpuroof's reader) and divided here.
. "$top_srcdir/tests/cli/lib.sh"

results="$top_srcdir/plots/data/h100-latency.yaml"
# yaml_figure SECTION KEY: the number KEY has in the top-level SECTION
yaml_figure() {
    awk -v section="$1:" -v key="  $2:" '
        /^[^ ]/ { on = ($1 == section) }
        on && index($0, key) == 1 { sub(/^[^:]*: */, ""); print; exit }' "$results"
}
shared_cycles=$(yaml_figure latency shared_cycles)
dram_cycles=$(yaml_figure latency dram_cycles)
l1_cycles=$(yaml_figure latency l1_cycles)
shared_ns=$(yaml_figure latency shared_ns)
shared_gbs=$(yaml_figure ceilings shared_gbs)
# the measured DRAM roof: the most any of measure's DRAM kernels moved
dram_gbs=$(for key in dram_read_gbs dram_write_gbs dram_copy_gbs dram_triad_gbs; do
    yaml_figure ceilings "$key"
done | sort -g | tail -n 1)
l2_gbs=$(yaml_figure ceilings l2_gbs)
last="the committed H100 results"
for figure in "$shared_cycles" "$dram_cycles" "$l1_cycles" "$shared_ns" "$shared_gbs" "$dram_gbs" "$l2_gbs"; do
    check "a figure read from $results" "$(is_number "$figure" && echo number)" number
done
quotient() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.12g\n", a / b }'; }
# how gpuroof shows a figure to people: 4 significant digits, no trailing zeros
# (gr_num_text): 4 significant digits below 1000, whole from 1000 on
shown4() { awk -v x="$1" 'BEGIN { if (x >= 1000 || x <= -1000) printf "%.0f\n", x; else printf "%.4g\n", x }'; }
# table_row LEVEL: the row of the memory-levels table for LEVEL
table_row() { awk -v level="$1" '/^Memory levels, measured/ { on = 1 } on && index($0, "  " level " ") == 1 { print; exit }' "$out"; }
latency_ratio=$(quotient "$dram_cycles" "$shared_cycles")
bandwidth_ratio=$(quotient "$shared_gbs" "$dram_gbs")
holds_latency=$(awk -v x="$latency_ratio" 'BEGIN { print (x >= 20 && x <= 30) ? "holds" : "does not hold" }')
holds_bandwidth=$(awk -v x="$bandwidth_ratio" 'BEGIN { print (x > 10) ? "holds" : "does not hold" }')

run profile show h100 --results "$results"
expect_status 0
expect_no_stderr
expect_stdout_line "Memory levels, measured ($results)"
expect_stdout_has "NVIDIA H100"
check "the shared-memory row: cycles, ns, x lower, GB/s, x higher" \
    "$(table_row 'shared memory' | awk '{ print $3, $4, $5, $6, $7 }')" \
    "$(shown4 "$shared_cycles") $(shown4 "$shared_ns") $(shown4 "$latency_ratio") $(shown4 "$shared_gbs") $(shown4 "$bandwidth_ratio")"
check "the L1 row: its latency against DRAM, no bandwidth" \
    "$(table_row L1 | awk '{ print $2, $4, $5, $6 }')" \
    "$(shown4 "$l1_cycles") $(shown4 "$(quotient "$dram_cycles" "$l1_cycles")") - -"
check "the L2 near row's bandwidth against DRAM" "$(table_row 'L2 near' | awk '{ print $7 }')" \
    "$(shown4 "$(quotient "$l2_gbs" "$dram_gbs")")"
check "the DRAM row is 1 and 1" "$(table_row DRAM | awk '{ print $4, $6 }')" "1 1"
expect_stdout_line "    measured $(shown4 "$latency_ratio") times lower: DRAM $(shown4 "$dram_cycles") cycles / shared memory $(shown4 "$shared_cycles") cycles"
expect_stdout_line "    measured $(shown4 "$bandwidth_ratio") times higher: shared memory $(shown4 "$shared_gbs") GB/s / DRAM $(shown4 "$dram_gbs") GB/s"
expect_stdout_line "    $holds_latency: $(shown4 "$latency_ratio") is within 20 to 30"
expect_stdout_line "    $holds_bandwidth: $(shown4 "$bandwidth_ratio") is more than 10"
expect_stdout_has '"De 20 a 30 veces menor latencia que la DRAM"'
expect_stdout_has '001_a19c945dc3f371a4.txt'
# The bandwidth claim against the datasheet's DRAM figure instead: said
# where the verdict turns.
datasheet_gbs=$(yaml_figure ceilings datasheet_bandwidth_gbs)
datasheet_ratio=$(quotient "$shared_gbs" "$datasheet_gbs")
if awk -v a="$datasheet_ratio" -v b="$bandwidth_ratio" 'BEGIN { exit !((a > 10) != (b > 10)) }'; then
    expect_stdout_line "    against DRAM's datasheet $(shown4 "$datasheet_gbs") GB/s instead of the measured $(shown4 "$dram_gbs") GB/s: $(shown4 "$datasheet_ratio"), which $(awk -v x="$datasheet_ratio" 'BEGIN { print (x > 10) ? "holds" : "does not hold" }')"
else
    expect_stdout_lacks "against DRAM's datasheet"
fi
# Within 5% of a range's end: a close call, by how much.
bandwidth_margin=$(awk -v x="$bandwidth_ratio" 'BEGIN { printf "%.12g", x / 10 - 1 }')
if awk -v m="$bandwidth_margin" 'BEGIN { exit !(m < 0.05 && m > -0.05) }'; then
    expect_stdout_has "a close call: $(awk -v m="$bandwidth_margin" 'BEGIN { printf "%.4g", (m < 0 ? -m : m) * 100 }')% from the claim's edge"
fi

run profile show h100 --results "$results" --json
expect_status 0
expect_one_json object
expect_json_keys name measured_levels seed_claims measured_from
expect_json '.measured_levels | map(.level) | join(",")' 'l1,shared,l2_near,l2_far,dram'
expect_json_near '.measured_levels[1].latency_times_lower_than_dram' "$latency_ratio"
expect_json_near '.measured_levels[1].bandwidth_times_higher_than_dram' "$bandwidth_ratio"
expect_json_near '.measured_levels[1].latency_cycles' "$shared_cycles"
expect_json '.measured_levels[0].bandwidth_gbs' null
expect_json '.seed_claims | length' 2
expect_json '.seed_claims[0].source' '001_a19c945dc3f371a4.txt'
expect_json '.seed_claims[0].low' 20
expect_json '.seed_claims[0].high' 30
expect_json '.seed_claims[1].low' 10
expect_json '.seed_claims[1].high' null
expect_json_near '.seed_claims[0].measured' "$latency_ratio"
expect_json_near '.seed_claims[1].measured' "$bandwidth_ratio"
expect_json_near '.seed_claims[1].level_figure' "$shared_gbs"
expect_json_near '.seed_claims[1].dram_figure' "$dram_gbs"
expect_json '.seed_claims[0].holds' "$([ "$holds_latency" = holds ] && echo true || echo false)"
expect_json '.seed_claims[1].holds' "$([ "$holds_bandwidth" = holds ] && echo true || echo false)"

# A file whose shared memory is only 5 times faster: both claims fail.
sed -e "s/^  shared_cycles: .*/  shared_cycles: $(quotient "$dram_cycles" 5)/" \
    -e "s/^  shared_gbs: .*/  shared_gbs: $(quotient "$dram_gbs" 0.5)/" "$results" >"$test_tmp/slow.yaml"
run profile show h100 --results "$test_tmp/slow.yaml" --json
expect_status 0
expect_json '.seed_claims | map(.verdict) | join(",")' 'below,below'
expect_json '.seed_claims | map(.holds) | join(",")' 'false,false'
run profile show h100 --results "$test_tmp/slow.yaml"
expect_stdout_line "    does not hold: 5 is below 20 to 30"
expect_stdout_line "    does not hold: 2 is not more than 10"

# A results file without latency: not measured, never a crash.
run profile show h200 --results "$top_srcdir/plots/data/h200.yaml"
expect_status 0
expect_no_stderr
expect_stdout_line "    not measured: the file lacks the latency of shared memory or of DRAM"
check "the shared-memory row is dashes" "$(table_row 'shared memory' | awk '{ print $3, $4, $5 }')" "- - -"
run profile show h200 --results "$top_srcdir/plots/data/h200.yaml" --json
expect_json '.seed_claims[0].verdict' not_measured
expect_json '.seed_claims[0].holds' null
expect_json '.measured_levels[1].latency_cycles' null

# Bad files: one line naming the file, exit 1.
run profile show h100 --results "$test_tmp/none.yaml"
expect_status 1
expect_no_stdout
expect_error_line "$test_tmp/none.yaml"
printf 'latency:\n  shared_cycles: [1\n' >"$test_tmp/bad.yaml"
run profile show h100 --results "$test_tmp/bad.yaml"
expect_status 1
expect_no_stdout
expect_error_line "$test_tmp/bad.yaml:"
printf 'latency:\n  shared_cycles: fast\n' >"$test_tmp/word.yaml"
run profile show h100 --results "$test_tmp/word.yaml" --json
expect_status 1
expect_no_stdout
expect_error_line "$test_tmp/word.yaml:2"
run profile detect --results "$results"
expect_status 2
expect_stderr_has 'detect measures the GPU itself and takes no --results'
run profile show h100 --results ''
expect_status 2
run profile --help
expect_stdout_has '--results FILE'

# exercises claims: the same run, its file found in the data directory
# from any directory.
run exercises claims
expect_status 0
expect_no_stderr
expect_stdout_line "== The seed notes' claims: shared memory against DRAM on the H100"
expect_stdout_has '$ gpuroof profile show h100 --results '
expect_stdout_line "    $holds_latency: $(shown4 "$latency_ratio") is within 20 to 30"
shown_command=$(sed -n 's/^\$ gpuroof //p' "$out")
cp "$out" "$test_tmp/exercise.txt"
eval "set -- $shown_command"
run "$@"
expect_status 0
check "exercises claims prints what its command prints" "$(tail -n +3 "$test_tmp/exercise.txt" | cmp -s - "$out" && echo same)" same
(cd "$test_tmp" && "$GPUROOF" exercises claims) >"$out" 2>"$err"
last="exercises claims from another directory"
check "its status" "$?" 0
check "its verdict" "$(grep -c "^    $holds_bandwidth: $(shown4 "$bandwidth_ratio") is more than 10\$" "$out")" 1
run exercises claims --json
expect_status 0
expect_json '.exercises[0].commands[0].status' 0
expect_json_near '.exercises[0].commands[0].result.seed_claims[0].measured' "$latency_ratio"

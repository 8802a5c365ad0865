# gpuroof trace FILE FILE... and trace --compare SUMMARY...: the ranks of a
# job compared, made from the real traces of tests/data/trace/h200 (the same
# trace as several ranks, and a copy where one kernel is slower), then 1,000
# rank summaries made from one real summary with planted stragglers, named
# exactly and in time.  The comparison's own figures are the core's
# (tests/unit/test_trace_ranks.c); this holds what the command shows.
. "$top_srcdir/tests/cli/lib.sh"

have_jq || skip_all "no jq: the summaries' stragglers are planted with it"
t=$top_srcdir/tests/data/trace/h200
cd "$test_tmp" || exit 99

# ---- the same trace as three ranks: no straggler ---------------------------
run trace "$t/step-trace.json.gz" "$t/step-trace.json.gz" "$t/step-trace.json.gz"
expect_status 0
expect_no_stderr
expect_stdout_starts "3 ranks; a rank's step is the span of its GPU activity"
check "a row a rank, none a straggler" "$(grep -c '^ *[0-9]  *16.45 ms *3.284 ms *13.14 ms' "$out")" 3
expect_stdout_line "No straggler: every rank's step is within 5% of the median of the other ranks'"

# ---- one rank's kernel stretched: that rank and that kernel named -----------
# Each launch of K is made D us longer and every event after it starts D us
# later (a rank where K alone is slower); time stamps are kept as text, the
# whole microseconds and the decimals apart, so that no digit of their 16
# is lost to floating point.
stretch='
function key(ts,   p) { p = index(ts, "."); return p ? substr(ts, 1, p - 1) * 1000 + substr(ts "000", p + 1, 3) : ts * 1000 }
function stamp(line, field) { return match(line, "\"" field "\": [0-9.]+") ? substr(line, RSTART + length(field) + 4, RLENGTH - length(field) - 4) : "" }
function later(ts, us,   p) { p = index(ts, "."); return p ? sprintf("%.0f", substr(ts, 1, p - 1) + us) substr(ts, p) : sprintf("%.0f", ts + us) }
pass == 1 && index($0, "\"cat\": \"kernel\", \"name\": \"" K "\"") { want = 1; next }
pass == 1 && want && stamp($0, "ts") != "" { starts[n++] = key(stamp($0, "ts")); want = 0; next }
pass == 2 && index($0, "\"cat\": \"kernel\", \"name\": \"" K "\"") { mine = 1 }
pass == 2 {
    ts = stamp($0, "ts")
    if (ts != "") {
        before = 0
        for (i = 0; i < n; i++) before += starts[i] < key(ts)
        sub("\"ts\": " ts, "\"ts\": " later(ts, before * D))
        if (mine) { dur = stamp($0, "dur"); sub("\"dur\": " dur, "\"dur\": " sprintf("%.3f", dur + D)); mine = 0 }
    }
    print
}'
gzip -dc "$t/step-trace.json.gz" >plain.json
K='void at::native::vectorized_gather_kernel<16, long>(char*, char*, long*, int, long, long, long, long, bool)'
awk -v K="$K" -v D=1000 "$stretch" pass=1 plain.json pass=2 plain.json >slow.json
check "K stretched: its 2 launches" "$(grep -c '"dur": 10[0-9][0-9]\.' slow.json)" 2

run trace plain.json slow.json "$t/step-trace.json.gz"
expect_status 0
expect_no_stderr
expect_stdout_line "      1*   18.45 ms   5.284 ms   13.14 ms       0 ns   26.82 us    12.16%  slow.json"
expect_stdout_line "Straggler: rank 1 (slow.json): its step took 18.45 ms, 2 ms (12.16%) longer than the other ranks' median of 16.45 ms; it spends the most extra time on its kernels:"
expect_stdout_line "  its kernels took 2 ms longer than the other ranks' median of each, 1 kernel in all; most:"
expect_stdout_line "    2.013 ms against 12.58 us (+2 ms): $K"
expect_stdout_lacks "waited for the host"

run trace plain.json slow.json "$t/step-trace.json.gz" --json
expect_status 0
expect_one_json object
expect_json 'keys_unsorted' '["straggler_limit_pct","ranks","straggler","stragglers"]'
expect_json '.ranks[0] | keys_unsorted' \
    '["rank","file","summary","span_ns","busy_ns","kernel_ns","idle","median_span_ns","slower_ns","slower_share","straggler","kernels"]'
expect_json '[.ranks[] | .span_ns]' '[16453406,18453406,16453406]'
expect_json '[.ranks[] | .straggler]' '[false,true,false]'
expect_json '.straggler | [.rank, .file, .cause, .slower_ns, .kernel_slower_ns, .kernels_slower_count]' \
    '[1,"slow.json","kernels",2000000,2000000,1]'
expect_json '.straggler.kernels_slower[0] | [.kernel == "'"$K"'", .slower_ns]' '[true,2000000]'
expect_json '.straggler.idle_slower | [.host.slower_ns, .stream.slower_ns, .other.slower_ns]' '[0,0,0]'
expect_json '[.stragglers[] | .rank]' '[1]'
# the several ranks' JSON is itself a summary: compared again, the same
cp "$out" node.json
run trace --compare node.json --json
expect_status 0
expect_json '[.straggler.rank, .straggler.cause, .straggler.slower_ns, .ranks[1].summary]' '[1,"kernels",2000000,"node.json"]'

# ---- --compare of summaries, one a trace's --------------------------------
"$GPUROOF" trace plain.json --json >plain-summary.json
"$GPUROOF" trace slow.json --json >slow-summary.json
run trace --compare plain-summary.json slow-summary.json plain-summary.json
expect_status 0
expect_stdout_line "      1*   18.45 ms   5.284 ms   13.14 ms       0 ns   26.82 us    12.16%  slow.json in slow-summary.json"
expect_stdout_line "    2.013 ms against 12.58 us (+2 ms): $K"
# --top cuts a summary's kernels: those it lists are still compared (K
# among them)
"$GPUROOF" trace slow.json --json --top 3 >slow-top.json
run trace --compare plain-summary.json slow-top.json plain-summary.json --json
expect_status 0
expect_json '[.straggler.rank, .straggler.cause, .straggler.kernel_slower_ns]' '[1,"kernels",2000000]'

# ---- 1,000 rank summaries, stragglers planted -------------------------------
# From one real summary: rank 17's longest kernel 2 ms slower (12%), rank
# 503 waiting 1.5 ms more for the host (9%), rank 750's second kernel 1 ms
# slower (6%), and rank 300 0.5 ms slower (3%: under the limit, not named).
"$GPUROOF" trace "$t/step-trace.json.gz" --json >base.json
mkdir ranks
i=0
while [ $i -lt 1000 ]; do
    cp base.json "ranks/rank-$(printf %04d $i).json"
    i=$((i + 1))
done
slower() { # RANK JQ-FILTER NS: the filter applied, the span NS longer
    "$JQ" --argjson ns "$3" "$2 | .devices[0].end_ns += \$ns" base.json >"ranks/rank-$1.json"
}
slower 0017 '.kernels[0].time_ns += $ns | .devices[0].busy_ns += $ns | .devices[0].kernel_ns += $ns' 2000000
slower 0503 '.devices[0].idle.host_ns += $ns' 1500000
slower 0750 '.kernels[1].time_ns += $ns | .devices[0].busy_ns += $ns | .devices[0].kernel_ns += $ns' 1000000
slower 0300 '.devices[0].idle.other_ns += $ns' 500000
first_kernel=$("$JQ" -r '.kernels[0].kernel' base.json)
second_kernel=$("$JQ" -r '.kernels[1].kernel' base.json)

# The time of the whole read and comparison, the processor's (user and
# system, which a busy machine does not stretch as it does the clock's):
# 0.4 s on the machine of the tests, where the goal is 1.5 s; 3 s still
# fails where the work is far slower (jansson's trees took 1.4 s, a
# comparison quadratic in the ranks would take minutes).
cpu_ms() { # the children's processor time in times' output, in ms
    awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); print int((u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1000) }' "$1"
}
limit_ms=3000
case ${GPUROOF_UNDER_TEST:-} in *valgrind*) limit_ms=300000 ;; esac
if [ "$limit_ms" -eq 3000 ] && { ldd "$GPUROOF" 2>/dev/null | grep -q libasan; }; then limit_ms=9000; fi
times >before.times # in this shell: a command substitution's would be its own
run trace --compare ranks/*.json
times >after.times
spent_ms=$(($(cpu_ms after.times) - $(cpu_ms before.times)))
last="gpuroof trace --compare ranks/rank-0000.json ... rank-0999.json"
expect_status 0
expect_no_stderr
if [ "$spent_ms" -le "$limit_ms" ]; then pass "1,000 summaries compared in $spent_ms ms"; else fail "time" "$spent_ms ms" "$limit_ms ms at most"; fi
expect_stdout_starts "1000 ranks; a rank's step is the span of its GPU activity"
check "the stragglers' rows alone" "$(grep -c '^ *[0-9]*\*  ' "$out")" 3
expect_stdout_has "Straggler: rank 17 ("
expect_stdout_has "Also a straggler: rank 503 ("
expect_stdout_has "Also a straggler: rank 750 ("
expect_stdout_lacks "rank 300 ("
expect_stdout_line "  it waited for the host 14.64 ms against the other ranks' median of 13.14 ms (+1.5 ms)"

run trace --compare ranks/*.json --json
last="gpuroof trace --compare ranks/rank-0000.json ... rank-0999.json --json"
expect_status 0
expect_json '[.stragglers[] | .rank]' '[17,503,750]'
expect_json '[.stragglers[] | .cause]' '["kernels","host","kernels"]'
expect_json '.straggler | [.summary, .slower_ns, .kernels_slower_count]' '["ranks/rank-0017.json",2000000,1]'
expect_json '.straggler.kernels_slower[0] | [.kernel == "'"$first_kernel"'", .slower_ns]' '[true,2000000]'
expect_json '.stragglers[1].idle_slower.host.slower_ns' 1500000
expect_json '.stragglers[2].kernels_slower[0] | [.kernel == "'"$second_kernel"'", .slower_ns]' '[true,1000000]'
expect_json '[.ranks[300] | .straggler, .slower_ns]' '[false,500000]'

# ---- refused, one line naming the file and what is wrong --------------------
run trace --compare "$t/step-trace.json.gz"
expect_fails 1 "gpuroof: $t/step-trace.json.gz: gzip's bytes: a trace, not a summary: --compare reads what gpuroof trace --json writes (gpuroof trace FILE... without --compare reads traces)"
run trace --compare plain.json
expect_fails 1 "gpuroof: plain.json: byte 736: traceEvents: a trace, not a summary: --compare reads what gpuroof trace --json writes (gpuroof trace FILE... without --compare reads traces)"
printf '{"ranks": [' >cut.json
run trace --compare cut.json base.json
expect_fails 1 "gpuroof: cut.json: byte 11: not JSON: parse error: premature EOF"
# (the file's name made one, so that the bytes do not hang on where the source tree is)
"$JQ" '.file = "step.json" | del(.devices[0].busy_ns)' base.json >nobusy.json
run trace --compare base.json nobusy.json
expect_fails 1 "gpuroof: nobusy.json: byte 519: devices[0]: busy_ns is missing: not a summary as gpuroof trace --json writes one"
"$JQ" '.file = "step.json" | .kernels[2].time_ns = -4' base.json >negative.json
run trace --compare base.json negative.json
expect_fails 1 "gpuroof: negative.json: byte 2944: kernels[2]: time_ns is not a whole number from 0 to 10^15: not a summary as gpuroof trace --json writes one"
"$JQ" '.ranks[1].idle = 3' node.json >badidle.json
run trace --compare badidle.json
expect_fails 1 "gpuroof: badidle.json: byte 18911: ranks[1]: idle is not an object of host_ns, stream_ns and other_ns: not a summary as gpuroof trace --json writes one"
printf '{"file": "x"}' >file.json
run trace --compare file.json base.json
expect_fails 1 "gpuroof: file.json: byte 13: devices is missing: not a summary as gpuroof trace --json writes one"
printf '{"gpu": "x"}' >other.json
run trace --compare other.json base.json
expect_fails 1 "gpuroof: other.json: byte 12: neither devices and kernels (one trace's) nor ranks (several traces'): not a summary as gpuroof trace --json writes one"
run trace --compare base.json
expect_fails 1 "gpuroof: 1 rank to compare: two or more (the summaries' ranks, all together)"
run trace --compare base.json --top 3
expect_status 2
run trace plain.json slow.json --top 3
expect_fails 2 "gpuroof trace: several FILEs are ranks compared by their time: --device, --top and --profiles are for one trace's table (gpuroof trace --help)"
run trace plain.json nowhere.json
expect_fails 1 "gpuroof: nowhere.json: No such file or directory"

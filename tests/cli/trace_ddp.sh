# gpuroof trace on a real data-parallel job's ranks (tests/data/trace/h200/ddp:
# two ranks of a DistributedDataParallel step on an H200, gloo's all-reduce on
# the host; in slow/ rank 1's host sleeps 20 ms before each backward pass).
# The steps agree, for every rank's step ends at the same all-reduce; the
# straggler is the rank the other waits for in collectives.  Both runs as
# traces, then as the summaries each rank's node would write, compared; the
# rule's own figures are the core's (tests/unit/test_trace_ranks.c).
. "$top_srcdir/tests/cli/lib.sh"

have_jq || skip_all "no jq: the summaries are checked with it"
d=$top_srcdir/tests/data/trace/h200/ddp
cd "$test_tmp" || exit 99

# ---- one rank: its time in collectives -------------------------------------
run trace "$d/slow/rank-0.json.gz"
expect_status 0
expect_stdout_line "Collectives: 218.5 ms of wall time, the union of 8 ranges (gloo: and nccl: host ranges, NCCL kernels)"

run trace "$d/slow/rank-1.json.gz" --json
expect_status 0
expect_one_json object
expect_json '.collective_ns' '188171143'

# ---- slow/: rank 1, whose host sleeps, is the straggler --------------------
run trace "$d/slow/rank-0.json.gz" "$d/slow/rank-1.json.gz"
expect_status 0
expect_no_stderr
expect_stdout_starts "2 ranks; a rank's step is the span of its GPU activity, its own time the step less its time in collectives"
expect_stdout_line "      1*   227.5 ms   16.78 ms   207.9 ms   1.788 ms   1.086 ms    188.2 ms    11.72%  $d/slow/rank-1.json.gz"
expect_stdout_has "Straggler: rank 1 ($d/slow/rank-1.json.gz): its own time (its step of 227.5 ms less 188.2 ms in collectives) was 39.35 ms, 27.05 ms longer than the other ranks' median of 12.3 ms (11.72% of their step of 230.8 ms)"
expect_stdout_line "  the other ranks wait for it: 30.36 ms more in collectives than it (188.2 ms against the other ranks' median of 218.5 ms)"

run trace "$d/slow/rank-0.json.gz" "$d/slow/rank-1.json.gz" --json
expect_status 0
expect_one_json object
expect_json '[.ranks[] | .straggler]' '[false,true]'
expect_json '.straggler | [.rank, .cause, .collective_ns, .collective_median_ns, .collective_wait_ns]' '[1,"collectives",188171143,218533800,30362657]'
expect_json '.ranks[1] | [.own_ns, .median_own_ns, .slower_ns, .own_ns == .span_ns - .collective_ns]' '[39353563,12301872,27051691,true]'
cp "$out" slow-node.json

# ---- even/: no straggler ---------------------------------------------------
run trace "$d/even/rank-0.json.gz" "$d/even/rank-1.json.gz"
expect_status 0
expect_no_stderr
expect_stdout_line "No straggler: no rank's own time is over the other ranks' median by more than 5% of their step"

# ---- the same from each rank's summary, and from the node's ----------------
for run in slow even; do
    for r in 0 1; do
        run trace "$d/$run/rank-$r.json.gz" --json
        expect_status 0
        cp "$out" "$run-$r.json"
    done
done
run trace --compare slow-0.json slow-1.json --json
expect_status 0
expect_json '[.straggler.rank, .straggler.cause, .straggler.collective_wait_ns, .ranks[1].summary]' '[1,"collectives",30362657,"slow-1.json"]'
run trace --compare even-0.json even-1.json --json
expect_status 0
expect_json '[(.stragglers | length), (.ranks[] | .collective_ns)]' '[0,202033986,210628301]'
run trace --compare slow-node.json --json
expect_status 0
expect_json '[.straggler.rank, .straggler.collective_wait_ns]' '[1,30362657]'

# ---- a summary without collective_ns (an older one) reads as 0 -------------
"$JQ" 'del(.collective_ns)' slow-1.json >old-1.json
run trace --compare slow-0.json old-1.json --json
expect_status 0
expect_json '.ranks[1].collective_ns' '0'


# ---- the same job on two GPUs, NCCL: the wait is inside NCCL's kernels ------
n=$top_srcdir/tests/data/trace/h200/ddp-nccl
run trace "$n/slow/rank-0.json.gz" "$n/slow/rank-1.json.gz" --json
expect_status 0
expect_json '[.straggler.rank, .straggler.cause]' '[1,"collectives"]'
expect_json '[.ranks[].collective_ns]' '[46829315,1826233]'
run trace "$n/even/rank-0.json.gz" "$n/even/rank-1.json.gz" --json
expect_json '[.straggler.rank, .straggler.cause, [.ranks[].collective_ns]]' '[0,"collectives",[1663043,17568940]]'

#!/bin/sh
# make bench: how long gpuroof trace takes over a training run's trace of
# a gigabyte, and its peak memory (GNU time's maximum RSS); the targets are
# 20 s and 300 MB.  The trace is made from the committed H200 step
# (tests/data/trace/h200/step-trace.json.gz): its device properties, then
# its events written again and again, each copy's stamps moved past the
# last, so that the run is one long sequence of real steps (the same
# kernels, many launches: memory must not grow with them).
#   bench_trace.sh SRCDIR GPUROOF [MEGABYTES]
set -eu
src=$1 gpuroof=$2 megabytes=${3:-1024}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$src/tests/data/trace/h200/step-trace.json.gz" "$work/big.json" "$megabytes" <<'PY'
import gzip, json, sys
doc = json.load(gzip.open(sys.argv[1], "rt"))
events = doc["traceEvents"]
start = min(float(e["ts"]) for e in events if "ts" in e)
end = max(float(e["ts"]) + float(e.get("dur", 0)) for e in events if "ts" in e)
limit = int(sys.argv[3]) * 1048576
with open(sys.argv[2], "w") as out:
    out.write('{"deviceProperties": %s,\n"traceEvents": [\n' % json.dumps(doc["deviceProperties"]))
    copy, written, first = 0, 0, True
    while written < limit:
        shift = copy * (end - start + 1000.0)
        for e in events:
            e = dict(e)
            if "ts" in e:
                e["ts"] = round(float(e["ts"]) + shift, 3)
            if "args" in e and "correlation" in e["args"]:
                e["args"] = dict(e["args"], correlation=e["args"]["correlation"] + copy * 100000)
            line = ("" if first else ",\n") + json.dumps(e)
            out.write(line)
            written += len(line)
            first = False
        copy += 1
    out.write("\n]}\n")
PY
size=$(wc -c <"$work/big.json")
kernels=$("$gpuroof" trace --json --top 1 "$work/big.json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["devices"][0]["kernels"])')
best_ns= peak_kb=
for _ in 1 2 3; do
    start=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$work/time" "$gpuroof" trace "$work/big.json" >/dev/null
    ns=$(($(date +%s%N) - start))
    kb=$(tail -n 1 "$work/time")
    if [ -z "$best_ns" ] || [ "$ns" -lt "$best_ns" ]; then best_ns=$ns; fi
    if [ -z "$peak_kb" ] || [ "$kb" -gt "$peak_kb" ]; then peak_kb=$kb; fi
done
awk -v ns="$best_ns" -v kb="$peak_kb" -v size="$size" -v k="$kernels" 'BEGIN {
    printf "gpuroof trace over a trace of %.0f MiB, %d kernel launches (best of three):\n", size / 1048576, k
    printf "  %.2f s%s, %.0f MiB at most%s\n", ns / 1e9, ns < 20e9 ? " (under 20 s: met)" : " (NOT under 20 s)",
        kb / 1024, kb < 300 * 1024 ? " (under 300 MB: met)" : " (NOT under 300 MB)"
}'

#!/bin/sh
# make bench: how long gpuroof measure --compare takes over a fleet's results
# files, 128 hosts of 8 GPUs (1024 files of about 55 KB, kernels and all,
# made from the committed runs with noise by tests/cli/fleet_files.sh), and
# its peak memory; the target is under a second.
#   bench_fleet.sh SRCDIR GPUROOF
set -eu
top_srcdir=$1 gpuroof=$2
. "$top_srcdir/tests/cli/fleet_files.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make_fleet "$work/fleet" 128 "3 5 fp64_gflops 0.8"
count=$(find "$work/fleet" -name '*.yaml' | wc -l | tr -d ' ')
size=$(cat "$work"/fleet/*.yaml | wc -c)
best_ns= peak_kb=
for _ in 1 2 3 4 5; do
    start=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$work/time" "$gpuroof" measure --compare "$work"/fleet/*.yaml >/dev/null 2>&1 || true
    ns=$(($(date +%s%N) - start))
    if [ -z "$best_ns" ] || [ "$ns" -lt "$best_ns" ]; then best_ns=$ns; fi
    peak_kb=$(tail -n 1 "$work/time")
done
echo "gpuroof measure --compare over $count results files ($((size / 1048576)) MiB), best of five runs:"
awk -v ns="$best_ns" -v kb="$peak_kb" 'BEGIN {
    printf "  %.3f s%s, peak memory %.1f MiB\n", ns / 1e9, ns < 1e9 ? "  (under 1 s: met)" : "  (NOT under 1 s)", kb / 1024 }'

#!/bin/sh
# The checks the GPU test makes of a fresh run (tests/gpu/check_results:
# every kernel verified, no point above its roof, every occupancy
# prediction equal to the probe's) hold for each committed measured results
# file, and fail where they should: the synthetic file has an unverified
# kernel.
set -u
failures=0
for f in "$top_srcdir"/plots/data/*.yaml; do
    if out=$("$CHECK_RESULTS" "$f"); then
        echo "ok - $(basename "$f"): $out"
    else
        echo "FAIL - $(basename "$f"): $out"
        failures=$((failures + 1))
    fi
done
if out=$("$CHECK_RESULTS" "$top_srcdir/tests/data/results/synthetic.yaml"); then
    echo "FAIL - synthetic.yaml passed the checks: $out"
    failures=$((failures + 1))
elif printf '%s\n' "$out" | grep -q 'kernel-unverified: not verified'; then
    echo "ok - synthetic.yaml fails on its unverified kernel"
else
    echo "FAIL - synthetic.yaml failed, but not on its unverified kernel: $out"
    failures=$((failures + 1))
fi
[ "$failures" -eq 0 ]

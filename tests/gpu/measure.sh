#!/bin/sh
# The measure path on a real GPU, at a small size: every result verified,
# no point above its roof, occupancy predictions equal to the residency
# probe's, every ceiling the GPU has a unit for measured and no higher than
# its theoretical figure.  Skips (77) where gpuroof has no CUDA or the
# machine no GPU.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
GPUROOF_PROFILES="$top_srcdir/profiles"
export GPUROOF_PROFILES
"$GPUROOF" measure --quick -o "$tmp/results.yaml" >"$tmp/out" 2>"$tmp/err"
status=$?
if grep -q -e 'built without CUDA' -e 'no CUDA device' "$tmp/err"; then
    echo "SKIP: $(tail -n 1 "$tmp/err")"
    exit 77
fi
cat "$tmp/out"
if [ "$status" -ne 0 ]; then
    echo "FAIL - gpuroof measure --quick exited $status"
    cat "$tmp/err"
    exit 1
fi
# A fresh run: every ceiling this GPU has a unit for is there, unless the
# run found no cuBLAS (or no cuBLASLt) to run the tensor cores' GEMMs with.
set -- --fresh
grep -q 'cuBLAS is not available' "$tmp/err" && set -- "$@" --without-cublas
grep -q 'cuBLASLt is not available' "$tmp/err" && set -- "$@" --without-cublaslt
"$CHECK_RESULTS" "$@" "$tmp/results.yaml"

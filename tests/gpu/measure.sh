#!/bin/sh
# The measure path on a real GPU, at a small size: every result verified,
# no point above its roof, occupancy predictions equal to the residency
# probe's, every ceiling the GPU has a unit for measured and no higher than
# its theoretical figure.  Skipped (TAP "1..0 # SKIP") where gpuroof has no CUDA or the
# machine no GPU.
set -u
tmp=$(mktemp -d)
# TAP (automake's tap-driver.sh): each check an "ok" or "not ok" line, the
# plan at exit; a skip is the plan "1..0 # SKIP why" alone.
checks=0 plan=yes
trap 'rm -rf "$tmp"; [ -z "$plan" ] || echo "1..$checks"' EXIT
ok() {
    checks=$((checks + 1))
    echo "ok - $*"
}
GPUROOF_PROFILES="$top_srcdir/profiles"
export GPUROOF_PROFILES
"$GPUROOF" measure --quick -o "$tmp/results.yaml" >"$tmp/out" 2>"$tmp/err"
status=$?
if grep -q -e 'built without CUDA' -e 'no CUDA device' "$tmp/err"; then
    plan=
    echo "1..0 # SKIP $(tail -n 1 "$tmp/err")"
    exit 0
fi
sed 's/^/# /' "$tmp/out"
if [ "$status" -ne 0 ]; then
    checks=$((checks + 1))
    echo "not ok - gpuroof measure --quick exited $status"
    sed 's/^/# /' "$tmp/err"
    exit 1
fi
ok "gpuroof measure --quick"
# The latency part ran and was written (check_results checks its figures).
if grep -q '^latency:' "$tmp/results.yaml" && grep -q '^latency_curves:' "$tmp/results.yaml"; then
    ok "latency and latency_curves written"
else
    checks=$((checks + 1))
    echo "not ok - latency and latency_curves written"
fi
# The volatile loops ran, each kernel once and verified.
if grep -q '^volatile_checks:' "$tmp/results.yaml" &&
    [ "$(sed -n '/^volatile_checks:/,/^[a-z]/p' "$tmp/results.yaml" | grep -c 'verified: true')" -eq 4 ]; then
    ok "volatile_checks: four loops, each verified"
else
    checks=$((checks + 1))
    echo "not ok - volatile_checks: four loops, each verified"
fi
# A fresh run: every ceiling this GPU has a unit for is there, unless the
# run found no cuBLAS (or no cuBLASLt) to run the tensor cores' GEMMs with.
set -- --fresh
grep -q 'cuBLAS is not available' "$tmp/err" && set -- "$@" --without-cublas
grep -q 'cuBLASLt is not available' "$tmp/err" && set -- "$@" --without-cublaslt
# check_results's own lines as diagnostics: one check here.
"$CHECK_RESULTS" "$@" "$tmp/results.yaml" >"$tmp/checked"
checked=$?
sed 's/^/# /' "$tmp/checked"
if [ "$checked" -eq 0 ]; then
    ok "check_results $*"
else
    checks=$((checks + 1))
    echo "not ok - check_results $*: exit $checked"
    exit 1
fi

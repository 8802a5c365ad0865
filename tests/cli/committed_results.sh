#!/bin/sh
# The checks the GPU test makes of a fresh run (tests/gpu/check_results:
# every kernel verified, no point above its roof, every occupancy
# prediction equal to the probe's, no ceiling above its theoretical figure)
# hold for each committed measured results file, and fail where they
# should: the synthetic file has an unverified kernel.
# Each check one TAP line (automake's tap-driver.sh), the plan at exit.
set -u
failures=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; echo "1..$checks"' EXIT
ok() {
    checks=$((checks + 1))
    echo "ok $checks - $*"
}
not_ok() {
    checks=$((checks + 1)) failures=$((failures + 1))
    echo "not ok $checks - $*"
}
for f in "$top_srcdir"/plots/data/*.yaml; do
    if out=$("$CHECK_RESULTS" "$f"); then
        ok "$(basename "$f"): $out"
    else
        not_ok "$(basename "$f"): $out"
    fi
done
if out=$("$CHECK_RESULTS" "$top_srcdir/tests/data/results/synthetic.yaml"); then
    not_ok "synthetic.yaml passed the checks: $out"
elif printf '%s\n' "$out" | grep -q 'kernel-unverified: not verified'; then
    ok "synthetic.yaml fails on its unverified kernel"
else
    not_ok "synthetic.yaml failed, but not on its unverified kernel: $out"
fi

# --fresh (what tests/gpu/measure.sh asks of a run of this gpuroof): every
# ceiling the GPU has a unit for, its theoretical figure beside it where
# gpuroof knows the GPU's per-clock figures (an A100 here: no FP8), none
# above that figure.  The committed runs predate the newer ceilings.
# A fresh run also has each measured ceiling's spread over five repeats, and
# each tensor ceiling's sustained rate: made here from the ceilings given.
fresh() { # $1: the file's name; stdin: its ceilings beyond fp32_gflops
    { printf '  dram_read_gbs: 1400\n  fp32_gflops: 18000\n'; cat; } >"$tmp/$1.ceilings"
    { printf 'device: {name: Synthetic A100, compute_capability: "8.0"}\nceilings:\n'
      cat "$tmp/$1.ceilings"
      awk '$1 ~ /^tensor_.*_gflops:$/ && $1 !~ /theoretical/ { k = $1; sub(/_gflops:$/, "", k)
                                                              printf "  %s_sustained_gflops: %g\n", k, $2 * 0.85 }' \
          "$tmp/$1.ceilings"
      printf 'kernels:\n  - {name: k, intensity: 1, gflops: 2, verified: true}\nceiling_spread:\n'
      awk '$1 !~ /theoretical/ { k = $1; sub(/:$/, "", k)
               printf "- {ceiling: %s, low: %g, median: %g, high: %g, repeats: 5}\n", k, $2 * 0.98, $2 * 0.99, $2
               if (k ~ /^tensor_/) { sub(/_gflops$/, "_sustained_gflops", k); v = $2 * 0.85
                   printf "- {ceiling: %s, low: %g, median: %g, high: %g, repeats: 5}\n", k, v * 0.98, v * 0.99, v } }' \
          "$tmp/$1.ceilings"; } >"$tmp/$1"
}
fresh all.yaml <<'YAML'
  shared_gbs: 18000
  shared_theoretical_gbs: 19491.84
  l2_gbs: 4000
  fp16_gflops: 70000
  fp16_theoretical_gflops: 77967.36
  bf16_gflops: 37000
  bf16_theoretical_gflops: 38983.68
  tensor_fp16_gflops: 250000
  tensor_fp16_theoretical_gflops: 311869.44
  tensor_bf16_gflops: 250000
  tensor_bf16_theoretical_gflops: 311869.44
  tensor_tf32_gflops: 120000
  tensor_tf32_theoretical_gflops: 155934.72
  tensor_fp64_gflops: 17000
  tensor_fp64_theoretical_gflops: 19491.84
YAML
grep -v 'tensor_bf16_gflops' "$tmp/all.yaml" >"$tmp/no-bf16.yaml"
sed 's/tensor_fp16_gflops: 250000/tensor_fp16_gflops: 350000/' "$tmp/all.yaml" >"$tmp/above.yaml"
grep -v 'tensor_' "$tmp/all.yaml" >"$tmp/no-tensor.yaml"
expect_check() { # $1: what; $2: expected status; $3: a line the output must have ("" none); the rest: arguments
    what=$1 status=$2 line=$3
    shift 3
    out=$("$CHECK_RESULTS" "$@")
    got=$?
    if [ "$got" -eq "$status" ] && { [ -z "$line" ] || printf '%s\n' "$out" | grep -qF -- "$line"; }; then
        ok "$what"
    else
        not_ok "$what: exit $got (expected $status): $out"
    fi
}
expect_check "a fresh A100 run with every ceiling passes --fresh" 0 "" --fresh "$tmp/all.yaml"
expect_check "a fresh run without a tensor ceiling fails --fresh" 1 \
    "FAIL - tensor_bf16_gflops: absent from a fresh run of a GPU of compute capability 8.0" \
    --fresh "$tmp/no-bf16.yaml"
expect_check "a ceiling above its theoretical figure fails, fresh or not" 1 \
    "FAIL - tensor_fp16_gflops: 350000, above tensor_fp16_theoretical_gflops (311869)" "$tmp/above.yaml"
expect_check "a fresh run that found no cuBLAS has no tensor ceilings" 0 "" --fresh --without-cublas \
    "$tmp/no-tensor.yaml"
expect_check "... which is wrong where it found cuBLAS" 1 "FAIL - tensor_fp64_gflops: absent" --fresh \
    "$tmp/no-tensor.yaml"
expect_check "a committed run predates the newer ceilings: not fresh" 1 "FAIL - shared_gbs: absent" --fresh \
    "$top_srcdir/plots/data/h200.yaml"
expect_check "a committed run that predates the spreads: not fresh" 1 \
    "FAIL - dram_read_gbs: 3206.54 without its spread of five repeats (no row)" --fresh \
    "$top_srcdir/plots/data/h100-sxm.yaml"
expect_check "the committed H100 ceilings run has every ceiling, spread and sustained rate: fresh" 0 "" --fresh \
    "$top_srcdir/plots/data/h100-ceilings.yaml"
grep -v '^- {ceiling: l2_gbs,' "$tmp/all.yaml" >"$tmp/no-spread.yaml"
expect_check "a fresh run without a ceiling's spread fails" 1 \
    "FAIL - l2_gbs: 4000 without its spread of five repeats (no row)" --fresh "$tmp/no-spread.yaml"
sed 's/^  tensor_tf32_sustained_gflops: .*/  tensor_tf32_sustained_gflops: 130000/' "$tmp/all.yaml" >"$tmp/held.yaml"
expect_check "a sustained rate above its burst fails" 1 \
    "FAIL - tensor_tf32_sustained_gflops: 130000 beside a burst of 120000" --fresh "$tmp/held.yaml"
expect_check "an unknown option is a usage error" 2 "" --stale "$tmp/all.yaml"
[ "$failures" -eq 0 ]

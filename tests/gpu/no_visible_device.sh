#!/bin/sh
# gpuroof measure with CUDA_VISIBLE_DEVICES set empty on a machine with a
# driver: one error line that names the variable, exit status 1, and an
# existing results file left byte for byte as it was.  Skipped (TAP "1..0 # SKIP") where
# gpuroof has no CUDA or no driver is loaded (tests/cli/measure.sh checks the
# rest there).
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
mkdir "$tmp/out" || exit 99
printf 'old: results\n' >"$tmp/out/results.yaml"
cp "$tmp/out/results.yaml" "$tmp/orig"
CUDA_VISIBLE_DEVICES= "$GPUROOF" measure --quick -o "$tmp/out/results.yaml" >"$tmp/stdout" 2>"$tmp/stderr"
status=$?
if grep -q -e 'built without CUDA' -e 'no NVIDIA driver is loaded' "$tmp/stderr"; then
    plan=
    echo "1..0 # SKIP $(tail -n 1 "$tmp/stderr")"
    exit 0
fi
failures=0
fail() {
    checks=$((checks + 1))
    echo "not ok - $*"
    failures=$((failures + 1))
}
sed 's/^/# /' "$tmp/stderr"
[ "$status" -eq 1 ] || fail "exit status $status, not 1"
[ "$(wc -l <"$tmp/stderr")" -eq 1 ] || fail "stderr is not one line"
grep -q 'CUDA_VISIBLE_DEVICES is set but empty' "$tmp/stderr" || fail "the message does not name CUDA_VISIBLE_DEVICES"
grep -q "nothing written to $tmp/out/results.yaml" "$tmp/stderr" || fail "the message does not say nothing was written"
cmp -s "$tmp/out/results.yaml" "$tmp/orig" || fail "the results file changed"
[ "$(ls -A "$tmp/out")" = results.yaml ] || fail "beside the results file: $(ls -A "$tmp/out")"
[ "$failures" -eq 0 ] && ok "CUDA_VISIBLE_DEVICES= gives one clear line and leaves the file"

#!/bin/sh
# gpuroof measure with CUDA_VISIBLE_DEVICES set empty on a machine with a
# driver: one error line that names the variable, exit status 1, and an
# existing results file left byte for byte as it was.  Skips (77) where
# gpuroof has no CUDA or no driver is loaded (tests/cli/measure.sh checks the
# rest there).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/out" || exit 99
printf 'old: results\n' >"$tmp/out/results.yaml"
cp "$tmp/out/results.yaml" "$tmp/orig"
CUDA_VISIBLE_DEVICES= "$GPUROOF" measure --quick -o "$tmp/out/results.yaml" >"$tmp/stdout" 2>"$tmp/stderr"
status=$?
if grep -q -e 'built without CUDA' -e 'no NVIDIA driver is loaded' "$tmp/stderr"; then
    echo "SKIP: $(tail -n 1 "$tmp/stderr")"
    exit 77
fi
failures=0
fail() {
    echo "FAIL - $*"
    failures=$((failures + 1))
}
cat "$tmp/stderr"
[ "$status" -eq 1 ] || fail "exit status $status, not 1"
[ "$(wc -l <"$tmp/stderr")" -eq 1 ] || fail "stderr is not one line"
grep -q 'CUDA_VISIBLE_DEVICES is set but empty' "$tmp/stderr" || fail "the message does not name CUDA_VISIBLE_DEVICES"
grep -q "nothing written to $tmp/out/results.yaml" "$tmp/stderr" || fail "the message does not say nothing was written"
cmp -s "$tmp/out/results.yaml" "$tmp/orig" || fail "the results file changed"
[ "$(ls -A "$tmp/out")" = results.yaml ] || fail "beside the results file: $(ls -A "$tmp/out")"
[ "$failures" -eq 0 ] && echo "ok - CUDA_VISIBLE_DEVICES= gives one clear line and leaves the file"

#!/bin/sh
# gpuroof measure --gpu N and --all-gpus on a real GPU (quick ceilings
# only): --gpu 0 records its index, PCI bus id and UUID; an index of no GPU
# is one line naming how many there are, under CUDA_VISIBLE_DEVICES too;
# --all-gpus writes FILE-gpuN.yaml for each GPU, and its table is the one
# --compare prints from those files.  Skipped (TAP "1..0 # SKIP") where gpuroof has no CUDA
# or the machine no GPU.
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
unset CUDA_VISIBLE_DEVICES
failures=0
fail() {
    checks=$((checks + 1))
    echo "not ok - $*"
    failures=$((failures + 1))
}

"$GPUROOF" measure --quick --only ceilings --gpu 0 -o "$tmp/one.yaml" >"$tmp/out" 2>"$tmp/err"
status=$?
if grep -q -e 'built without CUDA' -e 'no CUDA device' "$tmp/err"; then
    plan=
    echo "1..0 # SKIP $(tail -n 1 "$tmp/err")"
    exit 0
fi
sed 's/^/# /' "$tmp/out"
[ "$status" -eq 0 ] || fail "--gpu 0 exited $status: $(tail -n 1 "$tmp/err")"
grep -q '^GPU 0 (' "$tmp/out" || fail "--gpu 0: the report does not name GPU 0"
grep -q '^  cuda_index: 0$' "$tmp/one.yaml" || fail "--gpu 0: no cuda_index: 0 in the file"
# (double-quoted: a YAML 1.1 reader would take 0000:00:06 for a number in base 60)
grep -Eq '^  pci_bus_id: "[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f]"$' "$tmp/one.yaml" ||
    fail "--gpu 0: no PCI bus id in the file"
grep -Eq '^  uuid: GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' "$tmp/one.yaml" ||
    fail "--gpu 0: no UUID in the file"

# An index of no GPU: one line, exit 1, nothing written; it says how many.
"$GPUROOF" measure --quick --gpu 4096 -o "$tmp/none.yaml" >/dev/null 2>"$tmp/err"
status=$?
count=$(sed -n 's/.*\[cudaGetDeviceCount: \([0-9]*\)\].*/\1/p' "$tmp/err")
[ "$status" -eq 1 ] || fail "--gpu 4096 exited $status, not 1"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "--gpu 4096: stderr is not one line"
grep -q '^gpuroof: no GPU 4096: this machine has .*; nothing written to ' "$tmp/err" ||
    fail "--gpu 4096: '$(cat "$tmp/err")'"
if [ -z "$count" ] || [ "$count" -lt 1 ]; then
    fail "--gpu 4096: the message names no GPU count"
fi
[ -e "$tmp/none.yaml" ] && fail "--gpu 4096 wrote a file"
ok "--gpu 4096: $(cat "$tmp/err")"
count=${count:-1}
"$GPUROOF" measure --quick --gpu "$count" -o "$tmp/none.yaml" >/dev/null 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "--gpu $count (one past the last) exited $status, not 1"
# CUDA_VISIBLE_DEVICES=0 shows one GPU, numbered 0: GPU 1 is none.
CUDA_VISIBLE_DEVICES=0 "$GPUROOF" measure --quick --gpu 1 -o "$tmp/none.yaml" >/dev/null 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "CUDA_VISIBLE_DEVICES=0 --gpu 1 exited $status, not 1"
grep -q "no GPU 1: CUDA_VISIBLE_DEVICES='0' shows 1 CUDA GPU, GPU 0" "$tmp/err" ||
    fail "CUDA_VISIBLE_DEVICES=0 --gpu 1: '$(cat "$tmp/err")'"

# Every GPU: a file each, each its own GPU; the table read back is the same.
# Quick sizes are noisy, so the limit is wide: this checks the plumbing, a
# full run checks the node.
"$GPUROOF" measure --quick --only ceilings --all-gpus --spread-limit 50 -o "$tmp/node.yaml" >"$tmp/out" 2>"$tmp/err"
status=$?
sed 's/^/# /' "$tmp/out"
[ "$status" -eq 0 ] || fail "--all-gpus exited $status: $(tail -n 1 "$tmp/err")"
i=0
files=
while [ "$i" -lt "$count" ]; do
    f="$tmp/node-gpu$i.yaml"
    files="$files $f"
    grep -q "^  cuda_index: $i\$" "$f" 2>/dev/null || fail "--all-gpus: $f missing, or not GPU $i's"
    grep -q "^GPU $i (.*: results in $f\$" "$tmp/out" || fail "--all-gpus: the report does not say GPU $i went to $f"
    i=$((i + 1))
done
made=0
for f in "$tmp"/node-gpu*; do
    [ -e "$f" ] && made=$((made + 1))
done
[ "$made" -eq "$count" ] || fail "--all-gpus: $made files for $count GPUs: $(ls "$tmp")"
[ "$(cat "$tmp"/node-gpu*.yaml | grep '^  uuid: ' | sort -u | wc -l)" -eq "$count" ] ||
    fail "--all-gpus: the files' UUIDs are not one a GPU"
grep -q '^node check' "$tmp/out" || fail "--all-gpus: no node check line"
if [ "$count" -ge 2 ]; then # --compare takes two or more
    sed -n '/^The GPUs side by side/,$p' "$tmp/out" >"$tmp/table"
    # shellcheck disable=SC2086 # the files, split
    "$GPUROOF" measure --compare $files --spread-limit 50 >"$tmp/compared" 2>"$tmp/err"
    cmp -s "$tmp/table" "$tmp/compared" ||
        fail "--compare of the files differs from --all-gpus's table: $(diff "$tmp/table" "$tmp/compared")"
fi
# -o's %N and %g: the host's short name and the GPU's index; with %g,
# --all-gpus adds no -gpuN.
host=$(uname -n | cut -d. -f1)
last_gpu=$((count - 1))
"$GPUROOF" measure --quick --only ceilings --gpu "$last_gpu" -o "$tmp/one-%N-gpu%g.yaml" >/dev/null 2>"$tmp/err" ||
    fail "--gpu $last_gpu -o one-%N-gpu%g.yaml: $(tail -n 1 "$tmp/err")"
[ -f "$tmp/one-$host-gpu$last_gpu.yaml" ] || fail "-o one-%N-gpu%g.yaml: no $tmp/one-$host-gpu$last_gpu.yaml: $(ls "$tmp")"
"$GPUROOF" measure --quick --only ceilings --all-gpus --spread-limit 50 -o "$tmp/all-%N-gpu%g.yaml" >/dev/null 2>"$tmp/err"
[ -f "$tmp/all-$host-gpu$last_gpu.yaml" ] || fail "--all-gpus -o all-%N-gpu%g.yaml: no $tmp/all-$host-gpu$last_gpu.yaml: $(ls "$tmp")"
[ "$failures" -eq 0 ] && ok "--gpu and --all-gpus on $count GPU(s)"
[ "$failures" -eq 0 ]

#!/bin/sh
# make bench: gpuroof kernels over CUDA 13.0's libcublasLt.so.13 (541 MB,
# its cubins zstd-compressed, one entry decompressed at a time): wall-clock
# seconds and peak resident memory (GNU time's maximum RSS), best of three.
# Skipped where the library or /usr/bin/time is missing.
#   bench_kernels_compressed.sh GPUROOF [LIBRARY]
set -eu
gpuroof=$1 lib=${2:-/usr/local/cuda/lib64/libcublasLt.so.13}
if [ ! -r "$lib" ] || [ ! -x /usr/bin/time ]; then
    echo "bench_kernels_compressed: skipped (no $lib, or no /usr/bin/time)"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$gpuroof" kernels --json "$lib" >"$work/out.json"
summary=$(sed -n 's/^ *"\(kernels\|cubins\)": \([0-9]*\),$/\2 \1/p' "$work/out.json" | head -n 2 | tr '\n' ' ')
best_s= best_kb=
for _ in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$work/time" "$gpuroof" kernels "$lib" >/dev/null
    read -r s kb <"$work/time"
    if [ -z "$best_s" ] || awk -v a="$s" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then best_s=$s; fi
    if [ -z "$best_kb" ] || [ "$kb" -lt "$best_kb" ]; then best_kb=$kb; fi
done
echo "gpuroof kernels $(basename "$lib") ($(($(wc -c <"$lib") / 1000000)) MB; $summary): best of three"
echo "  $best_s s, peak RSS $((best_kb / 1024)) MiB"

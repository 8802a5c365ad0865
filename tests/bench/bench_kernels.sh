#!/bin/sh
# make bench: how long gpuroof kernels takes over a binary of 50 MB with
# thousands of kernels.  The binary is made from the committed object
# tests/data/kernels/sample.o, whose fatbin (two real cubins, sm_80 and
# sm_90, nine kernels each) is repeated in its .nv_fatbin section until the
# object passes 50 MB, so that no nvcc build of thousands of template
# instantiations is needed: the readers do per container and per cubin the
# work a real binary asks of them.
#   bench_kernels.sh SRCDIR GPUROOF
set -eu
src=$1 gpuroof=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy -O binary --only-section=.nv_fatbin "$src/tests/data/kernels/sample.o" "$work/one.fatbin"
target=$((50 * 1024 * 1024))
one=$(wc -c <"$work/one.fatbin")
copies=$((target / one + 1))
i=0
while [ "$i" -lt "$copies" ]; do
    cat "$work/one.fatbin"
    i=$((i + 1))
done >"$work/all.fatbin"
objcopy --update-section .nv_fatbin="$work/all.fatbin" "$src/tests/data/kernels/sample.o" "$work/big.o"
size=$(wc -c <"$work/big.o")
kernels=$("$gpuroof" kernels --json "$work/big.o" | sed -n 's/^ *"kernels": \([0-9]*\),$/\1/p' | head -n 1)

# best of five, in seconds
best() {
    best_ns=
    for _ in 1 2 3 4 5; do
        start=$(date +%s%N)
        "$gpuroof" "$@" >/dev/null
        ns=$(($(date +%s%N) - start))
        if [ -z "$best_ns" ] || [ "$ns" -lt "$best_ns" ]; then best_ns=$ns; fi
    done
    awk -v ns="$best_ns" 'BEGIN { printf "%.3f s", ns / 1e9 }'
}
echo "gpuroof kernels over an object of $size bytes ($((size / 1048576)) MiB): $copies copies of"
echo "sample.o's fatbin, $kernels kernels in $((copies * 2)) cubins (best of five runs each):"
echo "  text                $(best kernels "$work/big.o")"
echo "  --json              $(best kernels --json "$work/big.o")"
echo "  --device h100       $(best kernels --device h100 "$work/big.o")"
echo "  --device h100 --json $(best kernels --device h100 --json "$work/big.o")"

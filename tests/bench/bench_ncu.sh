#!/bin/sh
# make bench: how long gpuroof ncu takes over a report of 10,000 launches,
# read and grouped by kernel; the target is under a second.  The raw page
# is made from the committed tests/data/ncu/raw-base.csv: its header, units
# row and four profiled launches (saxpy twice, matmul_tiled, wmma_gemm),
# repeated with new IDs, so that each row is as wide as a real one (every
# column of gpuroof's metric list, with .avg/.max/.min/.sum); the details
# page likewise from details-base.csv, a row a metric of each launch.
#   bench_ncu.sh SRCDIR GPUROOF
set -eu
src=$1 gpuroof=$2
launches=10000
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk -v n="$launches" '
    /^"ID",/ { print; header = 1; next }
    header == 1 { print; header = 2; next }          # the units row
    header == 2 && /^"[0-3]",/ { rows[count++] = $0 }
    END {
        for (i = 0; i < n; i++) {
            row = rows[i % count]
            sub(/^"[0-9]+"/, "\"" i "\"", row)
            print row
        }
    }' "$src/tests/data/ncu/raw-base.csv" >"$work/big.csv"
awk -v n="$launches" '
    /^"ID",/ { print; next }
    /^"[0-3]",/ { id = substr($0, 2, 1); rows[id] = rows[id] substr($0, 4) "\n" }
    END {
        for (i = 0; i < n; i++) {
            block = rows[i % 4]
            while ((at = index(block, "\n")) > 0) {
                print "\"" i "\"" substr(block, 1, at - 1)
                block = substr(block, at + 1)
            }
        }
    }' "$src/tests/data/ncu/details-base.csv" >"$work/big-details.csv"
size=$(wc -c <"$work/big.csv")
details_size=$(wc -c <"$work/big-details.csv")
details_rows=$(grep -c '^"[0-9]' "$work/big-details.csv")
read_launches=$("$gpuroof" ncu --json "$work/big.csv" | grep -c '"id":')

# best of five, in seconds; "target" first: whether it is under a second
best() {
    target=
    if [ "$1" = target ]; then target=1; shift; fi
    best_ns=
    for _ in 1 2 3 4 5; do
        start=$(date +%s%N)
        "$gpuroof" "$@" >/dev/null
        ns=$(($(date +%s%N) - start))
        if [ -z "$best_ns" ] || [ "$ns" -lt "$best_ns" ]; then best_ns=$ns; fi
    done
    awk -v ns="$best_ns" -v target="$target" \
        'BEGIN { printf "%.3f s%s", ns / 1e9, target == "" ? "" : ns < 1e9 ? "  (under 1 s: met)" : "  (NOT under 1 s)" }'
}
echo "gpuroof ncu over a raw page of $read_launches launches ($size bytes, $((size / 1048576)) MiB),"
echo "four kernels (best of five runs each; the target: read and grouped in under a second):"
echo "  --group                $(best target ncu --group "$work/big.csv")"
echo "  --group --json         $(best target ncu --group --json "$work/big.csv")"
echo "  each launch, text      $(best ncu "$work/big.csv")"
echo "  each launch, --json    $(best ncu --json "$work/big.csv")"
echo "the table the text opens with, a row a launch or a kernel (the target: under a second):"
echo "  a row a launch         $(best target ncu "$work/big.csv")"
echo "  --group                $(best target ncu --group "$work/big.csv")"
echo "  --top 20               $(best target ncu --top 20 "$work/big.csv")"
echo "  --kernel saxpy         $(best target ncu --kernel saxpy "$work/big.csv" --top 1)"
echo "  --details (each of the 10,000 launches explained after it)"
echo "                         $(best ncu --details "$work/big.csv")"
echo "the details page of the same launches ($details_rows rows, $((details_size / 1048576)) MiB):"
echo "  --group --device h100  $(best target ncu --group --device h100 "$work/big-details.csv")"

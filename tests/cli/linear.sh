#!/bin/sh
# Every reader's cost is linear in its input (issue 20, item 3): inputs
# built here, large enough that work quadratic in them would take minutes,
# each read under a time limit of 20 s.  Under valgrind, which is some
# fifty times slower, each is a fiftieth of its size.
. "$top_srcdir/tests/cli/lib.sh"

cd "$test_tmp" || exit 99
scale=1
case ${GPUROOF_UNDER_TEST:-} in *valgrind*) scale=50 ;; esac

# timed ARGS...: run, stopped after 20 s (exit status 124).
timed() {
    last="gpuroof $* (at most 20 s)"
    status=0
    timeout 20 "$GPUROOF" "$@" </dev/null >"$out" 2>"$err" || status=$?
}

# ---- a results file's mapping of 150,000 keys -------------------------------
# Each key was compared with every earlier one: 150,000 keys took minutes.
keys=$((150000 / scale))
results_with_keys() { # LAST_KEY: device's keys 0, 1, ... in hex, then LAST_KEY
    awk -v n="$keys" -v last="$1" 'BEGIN {
        printf "device: {name: X, profile: h100"
        for (i = 0; i < n; i++) printf ", %x", i
        printf ", %s\n}\n", last
    }' >big.yaml
}
results_with_keys zz
timed plot --device h100 --results big.yaml -o s.pdf --script-only
expect_status 0
expect_no_stderr
# the last key the same as the tenth: the error names the last, where it is
results_with_keys 9
column=$(awk 'NR == 1 { print length($0) }' big.yaml)
timed plot --device h100 --results big.yaml -o s.pdf --script-only
expect_status 1
expect_stderr_is "gpuroof: big.yaml:1:$column: device: key '9' given twice"

# ---- a details page of 200,000 launches, their IDs descending -------------
# Each row's launch was looked for among all the earlier ones: 100,000
# launches in descending order took 16 s, 200,000 a minute.
launches=$((200000 / scale))
details() { # ORDER: 1 ascending IDs, -1 descending
    awk -v n="$launches" -v order="$1" 'BEGIN {
        print "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\""
        for (i = 0; i < n; i++) {
            id = order < 0 ? n - 1 - i : i
            printf "\"%d\",\"k\",\"gpu__time_duration.sum\",\"ns\",\"%d\"\n", id, 1000 + id % 7
            printf "\"%d\",\"k\",\"dram__bytes_read.sum\",\"byte\",\"%d\"\n", id, 4096
        }
    }'
}
details -1 >descending.csv
details 1 >ascending.csv
timed ncu descending.csv --group
expect_status 0
expect_stdout_has "In all: $launches launches of 1 kernel"
cp "$out" descending.txt
timed ncu ascending.csv --group
expect_status 0
last="the details page in either order"
check "the same launches, whatever the order" "$(sed 1d descending.txt | cksum)" "$(sed 1d "$out" | cksum)"

# ---- plot --levels with 800 kernels --------------------------------------
# Each label was checked against every line, marker and label placed: 400
# kernels took 76 s.  The kernels of the committed synthetic results file,
# 160 times over (800 kernels, piled five to a place: the worst crowding).
copies=$((160 / scale))
{
    sed -n '/^kernels:/q;p' "$top_srcdir/tests/data/results/synthetic-levels.yaml"
    echo "kernels:"
    body=$(sed '1,/^kernels:/d' "$top_srcdir/tests/data/results/synthetic-levels.yaml" | grep -v '^ *#')
    i=0
    while [ "$i" -lt "$copies" ]; do
        printf '%s\n' "$body" | sed "s/name: \\(.*\\)/name: \\1_$i/"
        i=$((i + 1))
    done
} >crowded.yaml
timed plot --device h100 --levels dram,l2,shared --results crowded.yaml -o crowded.pdf --script-only
expect_status 0
check "the last copy drawn" "$(grep -c "\"tiled_$((copies - 1))\"" crowded.gp)" "3"

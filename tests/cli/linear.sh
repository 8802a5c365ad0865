#!/bin/sh
# Every reader's cost is linear in its input: inputs
# built here, large enough that work quadratic in them would take minutes,
# each read under a time limit of 20 s.  Under valgrind, which is some
# fifty times slower, each is a fiftieth of its size.
. "$top_srcdir/tests/cli/lib.sh"

cd "$test_tmp" || exit 99
scale=1
case ${GPUROOF_UNDER_TEST:-} in *valgrind*) scale=50 ;; esac
# AddressSanitizer's build (CI's last stage) runs the layout of thousands
# of labels about three times slower: its inputs are half the size, still
# far past where quadratic work would take minutes.
if [ "$scale" -eq 1 ] && { ldd "$GPUROOF" 2>/dev/null | grep -q libasan; }; then scale=2; fi

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

# ---- plot --levels with 2,400 kernels, each in its own place ----------------
# Scattered over the page, every candidate place of a label lies under more
# labels and lines the more kernels there are: counted to a hundred labels,
# 1,600 kernels took 13 s and 2,400 half a minute.
scattered=$((2400 / scale))
{
    sed -n '/^kernels:/q;p' "$top_srcdir/tests/data/results/synthetic-levels.yaml"
    echo "kernels:"
    awk -v n="$scattered" 'BEGIN {
        for (i = 0; i < n; i++) { # spread by fixed strides, so every awk draws the same page
            flops = 2 ^ 30 * (1 + i); dram = flops / 2 ^ ((i * 37 % 97) / 11)
            l2 = dram * (1 + (i * 53 % 89) / 11); wavefronts = l2 / 128 / (1 + (i * 29 % 83) / 20)
            printf "  - name: k%d\n    flops: %d\n    intensity: %.4f\n    gflops: %.1f\n", i, flops, flops / dram, 500 + (i * 71 % 101) * 40
            printf "    verified: true\n    levels: {dram_bytes: %d, l2_bytes: %d, shared_wavefronts: %d}\n", dram, l2, wavefronts
        }
    }'
} >scattered.yaml
timed plot --device h100 --levels dram,l2,shared --results scattered.yaml -o scattered.pdf --script-only
expect_status 0
check "the last kernel labelled" "$(grep -c "'k$((scattered - 1))'" scattered.gp)" "1"

# ---- a data section of 131,072 fatbin magic numbers -------------------------
# Each magic number whose entries chained to near the section's end was
# walked to there before failing: an 8 MiB section took half a minute.  The
# scan now looks at no more entry headers than a real section could need.
if command -v python3 >/dev/null && command -v gcc >/dev/null && command -v objcopy >/dev/null; then
    blocks=$((131072 / scale))
    python3 - "$blocks" <<'PY'
import struct, sys
blocks = int(sys.argv[1])
total = blocks * 64
with open('blob.bin', 'wb') as f:
    for k in range(blocks):
        # a container claiming the rest of the section less 8 bytes, whose
        # first entry (64-byte header, no payload) chains into the next
        # block's and on to 8 bytes short of the claimed end
        head = struct.pack('<IHHQ', 0xba55ed50, 1, 16, total - k * 64 - 24) + bytes(4) + struct.pack('<IQ', 64, 0)
        f.write(head + bytes(64 - len(head)))
PY
    printf 'int x;\n' | gcc -x c -c - -o empty.o
    objcopy --add-section .rodata.blob=blob.bin --set-section-flags .rodata.blob=alloc,load,readonly,data empty.o magic.o
    timed kernels magic.o
    expect_status 1
    expect_stderr_has "more fatbin-like entry headers than a real section of $((blocks * 64)) bytes has"
else
    last="a data section of fatbin magic numbers"
    skip "read in linear time" "needs python3, gcc and objcopy"
fi

# ---- a listing of 150,000 kernels, each in a relocatable and a linked cubin --
# Each linked kernel's relocatable copy was looked for among every kernel
# read before, and each copy dropped moved the rest down: 60,000 kernels
# took 13 s, 150,000 a minute and a half.
copies=$((150000 / scale))
awk -v n="$copies" 'BEGIN {
    for (image = 0; image < 2; image++) {
        print "Fatbin elf code:\n================\narch = sm_80\n\nResource usage:"
        for (i = 0; i < n; i++)
            printf " Function _Z9k%08dPf:\n  REG:%d STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:536\n", i, 24 + 8 * image
        if (image == 0) # the PTX of an -rdc build: the image before it is relocatable
            print "\nFatbin ptx code:\n================\narch = sm_80\nptxasOptions = --compile-only  \n"
    }
}' >copies.txt
timed kernels copies.txt
expect_status 0
expect_stdout_has "copies.txt: cuobjdump's listing (cuobjdump --dump-resource-usage): $copies kernels for sm_80"
last="the linked copies of copies.txt"
check "every kernel once, with its linked cubin's registers" \
    "$(grep -c '^  sm_80     32 ' "$out") $(grep -c '^  sm_80     24 ' "$out")" "$copies 0"

# ---- a model of many keys: parameters, derived values, variables ------------
# Each mapping's keys go through the hash set of duplicate keys, and each
# section stops at its most (32 parameters, 16 derived values, 32
# variables): a model near the 1 MiB a YAML file may hold is refused at once, whichever section is long.
keys=$((30000 / scale))
model_with() { # SECTION PRINTF
    awk -v n="$keys" -v section="$1" -v line="$2" 'BEGIN {
        print "name: big\nparameters:\n  N: 1024"
        if (section == "parameters") for (i = 0; i < n; i++) printf line, i
        print "launch:\n  grid: [N / 256]\n  block: [256]\nflops:\n  per_thread: 1\nbytes:\n  read_per_thread: 4"
        if (section != "parameters") { print section ":"; for (i = 0; i < n; i++) printf line, i }
    }' >model.yaml
}
model_with parameters '  p%d: 1\n'
timed model model.yaml
expect_fails 1 "gpuroof: model.yaml:3:3: more than 32 parameters"
model_with derived '  d%d: flops\n'
timed model model.yaml
expect_status 1
expect_stderr_has "more than 16"
model_with variables '- {declare: "float v%d[4]"}\n'
timed model model.yaml
expect_status 1
expect_stderr_has "more than 32"

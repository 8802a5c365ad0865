#!/bin/sh
# The layers of src/ (core, chart, cli, measure; Makefile.am gives each the
# include paths of the layers it may use): what those include paths cannot
# catch.  Every include names a header by its bare name, so the include
# paths alone decide what a layer sees; the core never prints or exits; the
# core and chart libraries hold no mutable static state (nothing in .data,
# .bss or common: tables of constant pointers live in .data.rel.ro).
set -u
src=${top_srcdir:?}/src
build=${top_builddir:?}
status=0
fail() { echo "layers: $*"; status=1; }

for f in "$src"/*/*.[ch]; do
    grep -n '#include "[^"]*/' "$f" | sed "s|^|$f:|" | while read -r line; do
        echo "layers: $line: an include names a path; the layer's include paths decide what it sees"
    done
done | grep . && status=1

grep -nE '\b(printf|puts|putchar|perror|exit|abort)\(|\b(stdout|stderr)\b' \
    "$src"/core/*.c "$src"/chart/*.c | grep -v 'format(printf' && fail "the core and chart print or exit (above)"

for lib in "$build"/src/core/libgpuroof.a "$build"/src/chart/libgpuroof_chart.a; do
    [ -r "$lib" ] || { fail "$lib is missing (make builds it)"; continue; }
    mutable=$(objdump -t "$lib" | awk '/^[^ ]*\.o:/ {obj = $1} $4 ~ /^\.(data|bss)$|^\*COM\*$/ && $3 == "O" {print obj, $NF}')
    [ -z "$mutable" ] || fail "mutable static state in $(basename "$lib"): $mutable"
done
[ $status -eq 0 ] && echo "layers: includes, printing and static state as the layers require"
exit $status

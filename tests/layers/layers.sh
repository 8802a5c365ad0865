#!/bin/sh
# The layers of src/ (core, chart, cli, measure; Makefile.am gives each the
# include paths of the layers it may use): what those include paths cannot
# catch.  Every include names a header by its bare name, so the include
# paths alone decide what a layer sees; the core never prints or exits; the
# core and chart libraries hold no mutable static state (nothing in .data,
# .bss or common: tables of constant pointers live in .data.rel.ro), nor do
# the measure layer and the command line, but for the signal handler of measure_interrupt.c, whose
# state can live nowhere else; the command line reports errors one way
# (cli.h): a failing function returns the helper of its own type at once;
# its JSON is written from tables (out_fields.h), the calls that set a
# key by hand counted and held under a limit; and src/ holds no more
# fixed-size char arrays than it did.
# Each rule is one TAP check (automake's tap-driver.sh), what breaks it as
# "#" lines under it.
set -u
src=${top_srcdir:?}/src
build=${top_builddir:?}
status=0 rule=0 broken=0
fail() { echo "# layers: $*"; broken=1; }
# done_rule WHAT: the check of the rule just tested.
done_rule() {
    rule=$((rule + 1))
    if [ "$broken" -eq 0 ]; then echo "ok $rule - $1"; else echo "not ok $rule - $1"; status=1; fi
    broken=0
}

for f in "$src"/*/*.[ch] "$src"/core/[!i]*/*.[ch]; do
    grep -n '#include "[^"]*/' "$f" | sed "s|^|$f:|" | while read -r line; do
        echo "# layers: $line: an include names a path; the layer's include paths decide what it sees"
    done
done | grep . && broken=1
done_rule "every include names a header by its bare name"

# The layers above the core include its public headers (src/core/include,
# one an area) alone: their include paths do not reach its per-file
# headers (in the areas' folders), and this names the file where a build
# with other flags would.
for f in "$src"/cli/*.[ch] "$src"/chart/*.[ch] "$src"/page/*.[ch] "$src"/measure/*.[ch] "$src"/measure/*.cu; do
    [ -r "$f" ] || continue
    grep -o '#include "[a-z_0-9]*\.h"' "$f" | sed 's/#include "\(.*\)"/\1/' | while read -r h; do
        for own in "$src"/core/[!i]*/"$h"; do
            [ -r "$own" ] && echo "# layers: $f includes $h, a header of the core's own (its area's is in src/core/include)"
        done
    done
done | grep . && broken=1
done_rule "the layers above the core include its public headers alone"

# The command line includes the chart layer's public header alone
# (src/chart/include/gpuroof_chart.h), never a per-file header of it.
for f in "$src"/cli/*.[ch]; do
    grep -o '#include "[a-z_0-9]*\.h"' "$f" | sed 's/#include "\(.*\)"/\1/' | while read -r h; do
        [ -r "$src/chart/$h" ] && echo "# layers: $f includes $h, a header of the chart's own (gpuroof_chart.h is its public one)"
    done
done | grep . && broken=1
done_rule "the command line includes the chart's public header alone"

# A bare name finds one header: no two headers of src/ share a name.
find "$src" -name '*.h' ! -path '*/include/*' | sed 's|.*/||' | sort | uniq -d | sed 's/^/# layers: two headers named /' |
    grep . && broken=1
done_rule "no two headers of src/ share a name"

# The core's areas (one folder each) and the areas each may include
# besides its own: lower areas never reach up, so an area and those below
# it build and test alone.  An area includes another's public header
# (gpuroof_AREA.h), never one of its per-file headers.
core_areas='text:
files: text
profile: text files
results: text files
roofline: text files profile results
occupancy: text files profile
banks: text files profile
kernels: text files profile occupancy
model: text files profile roofline occupancy kernels
ncu: text files profile roofline occupancy kernels results
trace: text files profile roofline occupancy kernels results ncu'
for d in "$src"/core/*/; do
    a=$(basename "$d")
    [ "$a" = include ] && continue
    echo "$core_areas" | grep -q "^$a:" || fail "src/core/$a is an area the table of areas lacks"
done
echo "$core_areas" | while IFS=: read -r area allowed; do
    for f in "$src/core/$area"/*.[ch]; do
        grep -o '#include "[a-z_0-9]*\.h"' "$f" | sed 's/#include "\(.*\)"/\1/' | while read -r h; do
            case $h in
            gpuroof_*.h) to=${h#gpuroof_} to=${to%.h} ;;
            *) [ -r "$src/core/$area/$h" ] && continue
               for own in "$src"/core/[!i]*/"$h"; do
                   [ -r "$own" ] && echo "# layers: $f includes $h, a per-file header of another area (include its gpuroof_AREA.h)"
               done
               continue ;;
            esac
            case " $area $allowed " in *" $to "*) ;; *) echo "# layers: $f ($area) includes $h, an area it may not reach";; esac
        done
    done
done | grep . && broken=1
done_rule "each area of the core includes its own and the areas below it alone"

# The chart layer's names have one prefix, grc_ (GRC_ for its macros),
# so that a name says which layer it is of: the core's are gr_.
nm -g --defined-only "$build"/src/chart/libgpuroof_chart.a 2>/dev/null | awk 'NF == 3 && $2 ~ /^[TDRB]$/ { print $3 }' |
    grep -v '^grc_' | sed 's/^/# layers: the chart defines /' | grep . && broken=1
grep -hoE '^#define (GR_[A-Z0-9_]+)' "$src"/chart/*.h "$src"/chart/include/*.h | sed 's/^/# layers: the chart defines /' |
    grep . && broken=1
done_rule "the chart layer's names have one prefix (grc_)"

# Functions short enough to read at once: none over 60 lines.  A body
# opens with "{" alone at column 0 and closes with "}" at column 0, as the
# house style writes every definition.
awk '/^\{$/ { start = FNR; name = prev; next }
     /^\}/ && start { n = FNR - start - 1; if (n > 60) printf "# layers: %s:%d: %s: %d lines\n", FILENAME, start, name, n; start = 0 }
     /^[a-zA-Z_].*\(/ { prev = $0 }' "$src"/*/*.c "$src"/core/*/*.c | grep . && broken=1
done_rule "no function of src/ is over 60 lines"

grep -nE '\b(printf|puts|putchar|perror|exit|abort)\(|\b(stdout|stderr)\b' \
    "$src"/core/*/*.c "$src"/chart/*.c "$src"/page/*.c | grep -v 'format(printf' | sed 's/^/# /' | grep . &&
    fail "the core, chart and page print or exit (above)"
done_rule "the core, chart and page never print or exit"

# An object in .data, .bss or common; AddressSanitizer's markers of the
# globals it instruments (__odr_asan.NAME) are its own, not the program's.
mutable_object='$4 ~ /^\.(data|bss)$|^\*COM\*$/ && $3 == "O" && $NF !~ /^__odr_asan\./'
for lib in "$build"/src/core/libgpuroof.a "$build"/src/chart/libgpuroof_chart.a "$build"/src/page/libgpuroof_page.a; do
    [ -r "$lib" ] || { fail "$lib is missing (make builds it)"; continue; }
    mutable=$(objdump -t "$lib" | awk '/^[^ ]*\.o:/ {obj = $1} '"$mutable_object"' {print obj, $NF}')
    [ -z "$mutable" ] || fail "mutable static state in $(basename "$lib"): $mutable"
done
for obj in "$build"/src/measure/*.o; do # built only with CUDA
    [ -r "$obj" ] || continue
    mutable=$(objdump -t "$obj" | awk "$mutable_object"' {print $NF}' | tr '\n' ' ')
    [ -z "$mutable" ] || fail "mutable static state in $(basename "$obj"): $mutable"
done
for obj in "$build"/src/cli/gpuroof-*.o; do
    [ -r "$obj" ] || { fail "the command line's objects are missing (make builds them)"; break; }
    case $obj in */gpuroof-measure_interrupt.o) continue ;; esac
    mutable=$(objdump -t "$obj" | awk "$mutable_object"' {print $NF}' | tr '\n' ' ')
    [ -z "$mutable" ] || fail "mutable static state in $(basename "$obj"): $mutable"
done
grep -n '^[[:space:]][[:space:]]*static ' "$src"/cli/*.c | sed 's/^/# /' | grep . &&
    fail "function-scope static variables in src/cli (above)"
done_rule "no mutable static state in the core, chart, page, measure and command line"

# Function definitions start at column 0 with their return type: enough to
# tell which helper each may return.
awk '
function bad(why) { printf "# layers: %s:%d: %s: %s\n", FILENAME, FNR, why, $0; found = 1 }
FNR == 1 { kind = "" }
/^[A-Za-z].*\(/ && !/;[[:space:]]*$/ {
    kind = $0 ~ /^(static )?bool / ? "bool" : $0 ~ /^(static )?int / ? "int" : $0 ~ /\*[a-z_]+\(/ ? "pointer" : "other"
}
/!cli_fail|cli_fail\(.*\) *[!=]=|cli_fail\(.*\), *false/ { bad("an exit status turned into a bool") }
kind == "bool" && /return cli_(fail|usage_error)\(/ { bad("a bool function returns an exit status") }
kind == "int" && /return cli_error\(/ { bad("an int function returns false") }
kind != "pointer" && /(^[[:space:]]+|= *)cli_(fail|error)\(/ { bad("an error printed, not returned") }
END { exit found }
' "$src"/cli/*.c || fail "the command line's errors go another way than cli.h says (above)"

done_rule "the command line reports errors one way (cli.h)"

# A report's JSON is written from its table (out_fields.h), not a key at a
# time: the hand-written calls left (a keyed object out_fields has no row
# for, a helper shared with code not yet converted) may not grow past
# this: the count there is now (the review's ceiling was 120), lowered as
# more become rows.
json_calls_most=25
json_calls=$(grep -oE 'json_object_set_new\(|json_pack\(' "$src"/cli/*.c | wc -l)
echo "# layers: $json_calls json_object_set_new/json_pack calls in src/cli/*.c (at most $json_calls_most)"
[ "$json_calls" -le "$json_calls_most" ] ||
    fail "$json_calls json_object_set_new/json_pack calls in src/cli/*.c, more than $json_calls_most: a new key is a row of its report's out_fields table"
done_rule "the command line's JSON comes from tables: at most $json_calls_most hand-written json_object_set_new/json_pack calls"

# Fixed-size char arrays in src/, counted as a review counts them (a line
# declaring one or more, comments left out): text built in one is cut at
# its size, or sized by a guess; a gr_buf (text_buf.h) grows instead, and a
# number is a GR_NUM.  The goal is 150 at most; the ceiling is the count
# reached, so that it only goes down: lower it when a change removes some.
fixed_arrays_ceiling=162
fixed_arrays=$(cd "${top_srcdir:?}" && grep -rnE '\bchar [a-z_0-9]+\[[^]]+\]' src --include=*.c --include=*.h |
    grep -vE '^\S+:\s*(/\*|\*)' | wc -l)
[ "$fixed_arrays" -le "$fixed_arrays_ceiling" ] ||
    fail "$fixed_arrays fixed-size char arrays in src/, more than the $fixed_arrays_ceiling allowed: build text in a gr_buf (text_buf.h), numbers through GR_NUM"
done_rule "at most $fixed_arrays_ceiling fixed-size char arrays in src/"
echo "1..$rule"
exit $status

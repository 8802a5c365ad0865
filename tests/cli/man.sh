# The man page, as make makes it from doc/gpuroof.1.in: it names the
# configured directories, its SYNOPSIS has every command and subcommand the
# program has, and it cites nothing make install leaves out.  (install.sh
# checks the installed page and the docs it names.)
. "$top_srcdir/tests/cli/lib.sh"
: "${pkgdatadir:?set pkgdatadir to the configured pkgdatadir}" "${docdir:?set docdir to the configured docdir}"

page="$top_builddir/doc/gpuroof.1"
last="doc/gpuroof.1"
if [ ! -r "$page" ]; then
    fail "made by make" "no $page" "the man page"
    exit 1
fi
# The page's text with roff's \- as -: what a reader copies.
text="$test_tmp/page"
sed 's/\\-/-/g' "$page" >"$text"

# FILES: the configured directories, every placeholder filled.  It once
# named /usr/local whatever the prefix.
check "no placeholder left" "$(grep -c '@[A-Za-z_]*@' "$page")" 0
for entry in "$pkgdatadir/profiles/*.yaml" "$pkgdatadir/models/" "$pkgdatadir/plots/style.gp" "$docdir/"; do
    check "FILES names $entry" "$(grep -c -x -F ".I $entry" "$text")" 1
done
case $pkgdatadir in
/usr/local/*) ;;
*) # (the CUDA toolkit's /usr/local/cuda, where ncu may be, is no directory of gpuroof's)
   check "no /usr/local under another prefix" "$(grep /usr/local "$page" | grep -c -v /usr/local/cuda)" 0 ;;
esac
version=$(sed -n 's/^AC_INIT(\[gpuroof\], *\[\([^]]*\)\].*/\1/p' "$top_srcdir/configure.ac")
check "the version" "$(sed -n 's/^\.TH GPUROOF 1 "[^"]*" "\([^"]*\)".*/\1/p' "$page")" "gpuroof $version"
# Every '-' of a directory is roff's \-, so that a path copied is the path.
check "directories with \\- for -" "$(grep -c -F ".I $(printf '%s' "$pkgdatadir" | sed 's/-/\\-/g')/models/" "$page")" 1

# Nothing the install leaves out: no tools/, no notes of the sources, and
# every document named by its installed place.
check "no tools/" "$(grep -c 'tools/' "$text")" 0
check "no DESIGN or HACKING notes" "$(grep -c -E 'DESIGN|HACKING' "$text")" 0
check "every .md under $docdir" \
    "$(grep -o -E '[^ ()]*\.md' "$text" | grep -v -c -F "$docdir/")" 0
check "no doc/ of the sources" "$(grep -o -E '(^|[^/])doc/' "$text" | grep -c .)" 0

# SYNOPSIS: each command of gpuroof --help, and each subcommand its --help's
# usage lines name ("gpuroof plot occupancy"), has an entry.
synopsis="$test_tmp/synopsis"
sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$text" | sed -n 's/^\.SY "\(.*\)"$/\1/p' | sort -u >"$synopsis"
commands=$("$GPUROOF" --help | awk '/^Commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }')
check "gpuroof --help lists commands" "$(echo "$commands" | wc -l | tr -d ' ')" 12
for command in $commands; do
    "$GPUROOF" "$command" --help | sed -n 's/^\(Usage:\)\{0,1\} *gpuroof \([a-z]*\)\( [a-z][a-z]*\)\{0,1\}\( .*\)\{0,1\}$/gpuroof \2\3/p' |
        sort -u >"$test_tmp/forms"
    while read -r form; do
        check "SYNOPSIS has $form" "$(grep -c -x -F "$form" "$synopsis")" 1
    done <"$test_tmp/forms"
done
check "SYNOPSIS has the subcommands" \
    "$(grep -c -x -E 'gpuroof (plot occupancy|plot banks|profile show|profile detect)' "$synopsis")" 4
# bound and occupancy also take their inputs from a model.
for command in bound occupancy; do
    check "SYNOPSIS has $command --model" \
        "$(sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$text" | grep -A1 -x -F ".SY \"gpuroof $command\"" | grep -c -x -F '.B --model')" 1
done
# and names nothing the program lacks.
while read -r form; do
    # shellcheck disable=SC2086 # the words of the command line
    run ${form#gpuroof } --help
    expect_status 0
done <"$synopsis"

# groff reads it without a warning, and man shows it, where they are.
last="groff -man -ww -z doc/gpuroof.1"
if command -v groff >/dev/null 2>&1; then
    check "no warnings" "$(groff -man -ww -z "$page" 2>&1)" ""
else
    skip "no warnings" "no groff"
fi
last="man -l doc/gpuroof.1"
if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
    MANWIDTH=80 man -l -P cat "$page" >"$out" 2>"$err" || fail "exit status" "$?" 0
    expect_stdout_has "gpuroof profile detect [-o FILE] [--profiles DIR]"
    expect_stdout_has "$pkgdatadir/plots/style.gp"
else
    skip "rendered" "no man"
fi

# OPTIONS: every option a command's --help lists (from its option table)
# is in that command's SYNOPSIS entries, by its long or its short name, and
# the SYNOPSIS names no option the table lacks; -h/--help is the page's
# OPTIONS section's, for all.
last="SYNOPSIS against each command's option table"
for command in $commands; do
    # "--define -D", "--json": each option of the table, its short name after
    "$GPUROOF" "$command" --help |
        sed -n -e 's/^  -\([A-Za-z]\), --\([a-z0-9-]*\).*/--\2 -\1/p' -e 's/^  --\([a-z0-9-]*\).*/--\1/p' |
        grep -v -e '^--help' >"$test_tmp/table"
    sed -n "/^\\.SY \"gpuroof $command[ \"]/,/^\\.YS/p" "$text" |
        grep -o -E '(^|[^A-Za-z0-9-])--?[A-Za-z][a-z0-9-]*' | sed 's/^[^-]*//' | sort -u >"$test_tmp/page_options"
    if [ ! -s "$test_tmp/table" ] || [ ! -s "$test_tmp/page_options" ]; then
        fail "gpuroof $command" "no options in --help or in the SYNOPSIS" "both list its options"
        continue
    fi
    missing="" unknown=""
    while read -r long short; do
        grep -q -x -e "$long" ${short:+-e "$short"} "$test_tmp/page_options" || missing="$missing $long"
    done <"$test_tmp/table"
    while read -r word; do
        tr ' ' '\n' <"$test_tmp/table" | grep -q -x -e "$word" || unknown="$unknown $word"
    done <"$test_tmp/page_options"
    check "gpuroof $command: options of --help missing from the man page's SYNOPSIS" "$missing" ""
    check "gpuroof $command: options of the man page's SYNOPSIS that --help lacks" "$unknown" ""
done

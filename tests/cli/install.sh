# make install: an installed gpuroof finds the profiles, models and chart
# style installed with it, and never the build tree's.  The install is
# staged (DESTDIR), which the program recognises: it runs from
# DESTDIR$(bindir), so its data is DESTDIR$(pkgdatadir).
. "$top_srcdir/tests/cli/lib.sh"
: "${bindir:?set bindir to the configured bindir}" "${pkgdatadir:?set pkgdatadir to the configured pkgdatadir}"

stage="$test_tmp/stage"
installed="$stage$bindir/gpuroof"
shared="$stage$pkgdatadir"
elsewhere="$test_tmp/elsewhere"
mkdir "$elsewhere"

last="make install DESTDIR=..."
# MAKEFLAGS emptied: the harness's names a jobserver whose descriptors this
# make is not given (tap-driver.sh has its log on descriptor 3).
if MAKEFLAGS= ${MAKE:-make} -C "$top_builddir" install DESTDIR="$stage" >"$test_tmp/install.log" 2>&1; then
    pass "installed"
else
    fail "installed" "$(tail -n 5 "$test_tmp/install.log" | tr '\n' ' ')" "make install succeeds"
    exit 1
fi
check "the installed profiles" "$(cd "$shared/profiles" && ls)" "$(cd "$top_srcdir/profiles" && ls)"
check "an installed model" "$(ls "$shared/models/smem-rect/setRowReadCol.yaml")" \
    "$shared/models/smem-rect/setRowReadCol.yaml"
check "the installed chart style" "$(cmp "$shared/plots/style.gp" "$top_srcdir/plots/style.gp" && echo same)" same
# The man page installed is the one made for this configuration, and each
# document it names is installed where it says.
: "${docdir:?set docdir to the configured docdir}" "${mandir:?set mandir to the configured mandir}"
page="$stage$mandir/man1/gpuroof.1"
check "the installed man page" "$(cmp "$page" "$top_builddir/doc/gpuroof.1" && echo same)" same
sed 's/\\-/-/g' "$page" | grep -o -E "$docdir/[^ ()]*\.md" | sort -u >"$test_tmp/docs-named"
check "the man page names the installed docs" "$(wc -l <"$test_tmp/docs-named" | tr -d ' ')" 5
while read -r doc; do
    check "$doc is installed" "$(ls "$stage$doc" 2>/dev/null)" "$stage$doc"
done <"$test_tmp/docs-named"

# run_installed ARGS...: the installed gpuroof, from another directory, with
# nothing of the environment but the PATH; like run.
run_installed() {
    last="installed gpuroof $*"
    status=0
    # shellcheck disable=SC2086 # TEST_WRAPPER: a command and its arguments, or nothing
    (cd "$elsewhere" && env -i PATH="$PATH" $TEST_WRAPPER "$installed" "$@") </dev/null >"$out" 2>"$err" ||
        status=$?
}

run_installed devices --json
expect_status 0
expect_no_stderr
expect_json '.devices | length' "$(ls "$top_srcdir"/profiles/*.yaml | wc -l | tr -d ' ')"
expect_json "[.devices[].path | startswith(\"$shared/profiles/\")] | all" true
run_installed profile show a100
expect_status 0
expect_stdout_line "  from          $shared/profiles/a100.yaml"
run_installed model smem-rect/setRowReadCol
expect_status 0
expect_no_stderr
echo '# the installed style' >>"$shared/plots/style.gp"
run_installed plot --device a100 -o chart.pdf --script-only
expect_status 0
check "the script carries the installed style" "$(grep -c -x '# the installed style' "$elsewhere/chart.gp")" 1

# Its data gone, it finds none: no falling back to the tree it was built from.
rm "$shared"/profiles/*.yaml
run_installed devices
expect_fails 1 "gpuroof: no device profiles found in $shared/profiles (--profiles DIR or \$GPUROOF_PROFILES adds a directory)"
run_installed devices --json
expect_fails 1 "gpuroof: no device profiles found in $shared/profiles (--profiles DIR or \$GPUROOF_PROFILES adds a directory)"
mkdir "$test_tmp/empty"
run_installed devices --profiles "$test_tmp/empty:$test_tmp/nowhere"
expect_fails 1 "gpuroof: no device profiles found in $test_tmp/empty, $test_tmp/nowhere, $shared/profiles (--profiles DIR or \$GPUROOF_PROFILES adds a directory)"
# Every profile on the path broken: each named with its error, and no table.
mkdir "$test_tmp/allbroken"
printf 'name: x\n' >"$test_tmp/allbroken/x.yaml"
run_installed devices --profiles "$test_tmp/allbroken"
expect_fails 1 "gpuroof: $test_tmp/allbroken/x.yaml:1:1: the profile: missing key 'memory'"
run_installed devices --profiles "$test_tmp/allbroken" --json
expect_status 1
expect_stderr_is "gpuroof: $test_tmp/allbroken/x.yaml:1:1: the profile: missing key 'memory'"
expect_json '[.devices, [.errors[].file]]' "[[],[\"$test_tmp/allbroken/x.yaml\"]]"
run_installed bound --device a100 --flops 1 --bytes 1
expect_fails 1 "gpuroof: unknown device 'a100' (gpuroof devices lists the profiles)"
run_installed devices --profiles "$top_srcdir/profiles" --json
expect_status 0
expect_json '.devices | .[0].path' "$top_srcdir/profiles/a100.yaml"
rm -r "$shared/models"
run_installed model foo-kernel
expect_fails 1 "gpuroof: no model 'foo-kernel': give a file, or a name gpuroof model --list lists"
run_installed model --list
expect_fails 1 "gpuroof: no models found: \$GPUROOF_MODELS names more directories"
rm "$shared/plots/style.gp"
run_installed plot --device "$top_srcdir/profiles/a100.yaml" -o chart.pdf --script-only
expect_fails 1 "gpuroof: cannot read the chart style style.gp from $shared/plots (reinstall gpuroof)"

# A copy of the program that is neither the build tree's nor under a bindir
# looks in the configured pkgdatadir only (where nothing may be installed).
mkdir "$test_tmp/copy"
cp "$top_builddir/src/gpuroof" "$test_tmp/copy/gpuroof"
installed="$test_tmp/copy/gpuroof"
run_installed devices --json
if [ "$status" -eq 0 ]; then
    expect_json "[.devices[].path | startswith(\"$pkgdatadir/profiles/\")] | all" true
else
    expect_fails 1 "gpuroof: no device profiles found in $pkgdatadir/profiles (--profiles DIR or \$GPUROOF_PROFILES adds a directory)"
fi

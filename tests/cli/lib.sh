# Shared helpers of gpuroof's command-line tests (POSIX sh; dash is enough).
#
# A test script sources this file, then for each case:
#     run bound --intensity 2 --peak-gflops 200 --bandwidth 100
#     expect_status 0
#     expect_stdout_has 'Balanced'
#     expect_json .bound balanced
# Every expect_* is one check and prints one TAP line (automake's
# tap-driver.sh counts each): "ok N - ...", "not ok N - ..." followed by
# what came and what was expected as "#" lines, or "ok N - ... # SKIP why";
# nothing aborts.  At exit the plan "1..N" is printed and the status is 0 if
# every check passed, 1 otherwise; a script that stops early with a status
# other than 0 gets one more "not ok" saying so, so it fails even when every
# check before passed.  A script that cannot run at all (no GPU, no oracle)
# calls skip_all REASON before its first check: "1..0 # SKIP REASON".
#
# Environment (set by `make check`): GPUROOF (the binary), top_srcdir, JQ
# (may be empty: JSON checks are then skipped one by one, with a note).
# GPUROOF_PROFILES and GPUROOF_MODELS are emptied, so that the build tree's
# gpuroof finds the source tree's profiles and models and no others.

: "${GPUROOF:?set GPUROOF to the gpuroof binary}"
: "${top_srcdir:?set top_srcdir to the source directory}"
JQ=${JQ-}
GPUROOF_PROFILES=
GPUROOF_MODELS=
LC_ALL=C
export GPUROOF_PROFILES GPUROOF_MODELS LC_ALL

# shellcheck disable=SC2034 # used by the scripts that source this file
data="$top_srcdir/tests/data/cli"
# shellcheck disable=SC2034
profiles="$top_srcdir/profiles"

checks=0
failures=0
skips=0
status=0
last=

test_tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpuroof-cli.XXXXXX") || {
    echo "Bail out! cannot create a temporary directory"
    exit 99
}
out="$test_tmp/stdout"
err="$test_tmp/stderr"

# make check-valgrind (GPUROOF_FORK_SERVER set): gpuroof starts under
# valgrind once a script, as a fork server (tests/valgrind/fork_server.c),
# and each run is a fork of it, under memcheck as a run started anew is
# (its errors and leaks make its status 88), at a fraction of the cost: a fork
# costs 0.1 s where valgrind's start is 0.8 s, once the server has run the
# common commands itself (GPUROOF_FORK_WARMUP), whose code valgrind has
# then translated for every fork.
# GPUROOF is then the client that asks for a run with this shell's
# descriptors, directory and environment (tests/valgrind/fork_client.c).
fork_server=
start_fork_server() {
    GPUROOF_FORK_SOCKET=$test_tmp/fork.sock
    GPUROOF_FORK_PROGRAM=$VALGRIND_GPUROOF
    GPUROOF_FORK_WRAPPER=$top_srcdir/tests/valgrind/run
    # run once in the server, so that each fork finds their code translated
    GPUROOF_FORK_WARMUP="bound --intensity 1 --device a100
bound --flops 1e9 --bytes 1e6 --device h100 --json
occupancy --threads 256 --regs 32 --smem 4K --device h100
occupancy --threads 256 --regs 32 --device a100 --json
model matmul-tiled -D TILE_WIDTH=16 --device h100 --json
banks --kernel setRowReadCol --block 32x32 --device k40 --json
ncu $top_srcdir/tests/data/ncu/h100/app-run.csv
ncu $top_srcdir/tests/data/ncu/h100/app-run.csv --json
kernels $top_srcdir/tests/data/kernels/sample-sm90.cubin --device h100 --json
devices --json"
    export GPUROOF_FORK_SOCKET GPUROOF_FORK_PROGRAM GPUROOF_FORK_WRAPPER GPUROOF_FORK_WARMUP
    LD_PRELOAD=$GPUROOF_FORK_SERVER "$GPUROOF_FORK_WRAPPER" "$VALGRIND_GPUROOF" \
        </dev/null >/dev/null 2>"$test_tmp/valgrind.log" &
    fork_server=$!
    _fork_waited=0
    while [ ! -S "$GPUROOF_FORK_SOCKET" ]; do
        if ! kill -0 "$fork_server" 2>/dev/null || [ "$_fork_waited" -ge 1200 ]; then
            echo "Bail out! the fork server did not start: $(shown "$test_tmp/valgrind.log")"
            exit 99
        fi
        sleep 0.05
        _fork_waited=$((_fork_waited + 1))
    done
    GPUROOF=$top_builddir/tests/valgrind/fork-client
}

# The server stopped, and one check: memcheck reported nothing in any run
# (each run's report goes to the server's log; its status is 88 too).
stop_fork_server() {
    [ -n "$fork_server" ] || return 0
    kill -TERM "$fork_server" 2>/dev/null
    _fork_status=0
    wait "$fork_server" || _fork_status=$?
    fork_server=
    last="valgrind memcheck"
    if [ "$_fork_status" -eq 0 ] && [ ! -s "$test_tmp/valgrind.log" ]; then
        pass "no error or leak in any gpuroof run of the script"
    else
        fail "no error or leak in any gpuroof run of the script" \
            "server status $_fork_status, log: $(shown "$test_tmp/valgrind.log")" "status 0, an empty log"
    fi
}

# summary STATUS: at exit, STATUS the script's own; the plan last, so that a
# script killed before it (no plan) is an error to the TAP driver too.
summary() {
    stop_fork_server
    rm -rf "$test_tmp"
    if [ "$1" -ne 0 ] && [ "$failures" -eq 0 ]; then
        last=$(basename "$0")
        fail "runs to its end" "exit status $1" "the end of the script"
    fi
    echo "1..$checks"
    echo "# $checks checks: $((checks - failures - skips)) ok, $failures failed, $skips skipped"
    [ "$failures" -eq 0 ]
}
trap 'summary $?; exit $?' EXIT
trap 'exit 1' HUP INT TERM

# skip_all REASON: the whole script is skipped (before any check).
skip_all() {
    trap - EXIT
    [ -z "$fork_server" ] || { kill -TERM "$fork_server"; wait "$fork_server"; } 2>/dev/null
    rm -rf "$test_tmp"
    echo "1..0 # SKIP $1"
    exit 0
}

# run ARGS...: runs gpuroof; its stdout, stderr and exit status go to
# $out, $err and $status.
run() {
    last="gpuroof $*"
    status=0
    "$GPUROOF" "$@" </dev/null >"$out" 2>"$err" || status=$?
}

_tap_nl='
'
# tap_line OK DESCRIPTION [DIRECTIVE]: one TAP result line; a description on
# one line, its "#" escaped so that it is no directive.
tap_line() {
    checks=$((checks + 1))
    _tap_what="$last: $2"
    case $_tap_what in *"$_tap_nl"* | *"#"*) _tap_what=$(printf '%s' "$_tap_what" | tr '\n' ' ' | sed 's/#/\\#/g') ;; esac
    echo "$1 $checks - $_tap_what${3:+ # $3}"
}

pass() {
    tap_line ok "$1"
}

# fail WHAT GOT EXPECTED
fail() {
    failures=$((failures + 1))
    tap_line "not ok" "$1"
    printf '%s\n' "#   got:      $2" "#   expected: $3" | sed '2,$s/^\([^#]\)/#   \1/'
}

skip() {
    skips=$((skips + 1))
    tap_line ok "$1" "SKIP $2"
}

# check DESCRIPTION GOT EXPECTED: passes if they are the same string.
check() {
    if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "$2" "$3"; fi
}

# What a file holds, for a FAIL line: its first lines, joined.
shown() {
    if [ -s "$1" ]; then
        head -n 5 "$1" | awk 'NR > 1 { printf " | " } { printf "%s", $0 } END { print "" }'
    else
        echo "(nothing)"
    fi
}

expect_status() {
    if [ "$status" -eq "$1" ]; then
        pass "exit status $1"
    else
        fail "exit status" "$status (stderr: $(shown "$err"))" "$1"
    fi
}

# expect_crash_free: the status is none of a signal's (>= 128), nor the
# sanitizers' (86, 87: see AM_TESTS_ENVIRONMENT).
expect_crash_free() {
    case $status in
    86 | 87) fail "no crash" "$status (a sanitizer's report: $(shown "$err"))" "0, 1 or 2" ;;
    *)
        if [ "$status" -ge 128 ]; then
            fail "no crash" "$status (killed by signal $((status - 128)))" "0, 1 or 2"
        elif [ "$status" -gt 2 ]; then
            fail "documented exit status" "$status" "0, 1 or 2"
        else
            pass "no crash (exit $status)"
        fi
        ;;
    esac
}

# expect_stdout_has TEXT: TEXT occurs in stdout (fixed string).
expect_stdout_has() {
    if grep -F -e "$1" "$out" >/dev/null; then
        pass "stdout has '$1'"
    else
        fail "stdout has '$1'" "$(shown "$out")" "a line containing '$1'"
    fi
}

expect_stdout_lacks() {
    if grep -F -e "$1" "$out" >/dev/null; then
        fail "stdout lacks '$1'" "$(grep -F -e "$1" "$out" | head -n 1)" "no line containing '$1'"
    else
        pass "stdout lacks '$1'"
    fi
}

# expect_stdout_line TEXT: one line of stdout is exactly TEXT.
expect_stdout_line() {
    if grep -F -x -e "$1" "$out" >/dev/null; then
        pass "stdout line '$1'"
    else
        fail "stdout line '$1'" "$(shown "$out")" "the line '$1'"
    fi
}

# expect_stdout_starts TEXT: the first line of stdout starts with TEXT.
expect_stdout_starts() {
    first=$(head -n 1 "$out")
    case $first in
    "$1"*) pass "stdout starts with '$1'" ;;
    *) fail "stdout starts with '$1'" "$first" "'$1...'" ;;
    esac
}

expect_no_stdout() {
    if [ -s "$out" ]; then
        fail "no stdout" "$(shown "$out")" "(nothing)"
    else
        pass "no stdout"
    fi
}

expect_no_stderr() {
    if [ -s "$err" ]; then
        fail "no stderr" "$(shown "$err")" "(nothing)"
    else
        pass "no stderr"
    fi
}

# expect_stderr_is TEXT: stderr is exactly the one line TEXT.
expect_stderr_is() {
    if printf '%s\n' "$1" | cmp -s - "$err"; then
        pass "stderr is '$1'"
    else
        fail "stderr is exactly one line" "$(shown "$err")" "$1"
    fi
}

expect_stderr_has() {
    if grep -F -e "$1" "$err" >/dev/null; then
        pass "stderr has '$1'"
    else
        fail "stderr has '$1'" "$(shown "$err")" "a line containing '$1'"
    fi
}

# expect_stderr_lacks TEXT
expect_stderr_lacks() {
    if grep -F -e "$1" "$err" >/dev/null; then
        fail "stderr lacks '$1'" "$(shown "$err")" "no '$1'"
    else
        pass "stderr lacks '$1'"
    fi
}

# expect_error_line: stderr is one line, "gpuroof: ..." or "gpuroof CMD: ...".
expect_error_line() {
    lines=$(wc -l <"$err" | tr -d ' ')
    case $(cat "$err") in
    gpuroof:\ ?* | gpuroof\ [a-z]*:\ ?*)
        if [ "$lines" = 1 ]; then pass "one 'gpuroof...: ' line on stderr"; return; fi ;;
    esac
    fail "one 'gpuroof...: ' line on stderr" "$lines lines: $(shown "$err")" "one line"
}

# expect_fails STATUS MESSAGE: the usual shape of an error: that exit status,
# nothing on stdout, exactly MESSAGE on stderr.
expect_fails() {
    expect_status "$1"
    expect_no_stdout
    expect_stderr_is "$2"
}

# have CMD: whether CMD is on PATH.
have() { command -v "$1" >/dev/null 2>&1; }

have_jq() {
    [ -n "$JQ" ]
}

# jq_value FILTER: the filter's result on stdout, strings raw, the rest as
# compact JSON; empty with status 1 if stdout is not JSON.
jq_value() {
    "$JQ" -r -c "$1" "$out" 2>/dev/null
}

is_number() {
    case $1 in
    '' | *[!0-9eE.+-]*) return 1 ;;
    *) return 0 ;;
    esac
}

# expect_json FILTER VALUE: jq -r FILTER on stdout gives VALUE (numbers
# compare as numbers, so 1 and 1.0 are equal; arrays and objects as compact
# JSON: '["threads","registers"]').
expect_json() {
    if ! have_jq; then skip "$1 = $2" "no jq"; return; fi
    got=$(jq_value "$1") || { fail "$1 = $2" "not JSON: $(shown "$out")" "$2"; return; }
    if is_number "$got" && is_number "$2"; then
        if awk -v a="$got" -v b="$2" 'BEGIN { exit !(a + 0 == b + 0) }'; then
            pass "$1 = $2"
        else
            fail "$1" "${got:-(nothing)}" "$2"
        fi
    else
        check "$1 = $2" "${got:-(nothing)}" "$2"
    fi
}

# expect_json_near FILTER VALUE [TOLERANCE]: a number within a relative
# TOLERANCE (default 1e-9) of VALUE.
expect_json_near() {
    tol=${3:-1e-9}
    if ! have_jq; then skip "$1 ~ $2" "no jq"; return; fi
    got=$(jq_value "$1") || { fail "$1 ~ $2" "not JSON: $(shown "$out")" "$2"; return; }
    if is_number "$got" && awk -v a="$got" -v b="$2" -v t="$tol" \
        'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= t * m || d <= 1e-300) }'; then
        pass "$1 ~ $2"
    else
        fail "$1 (within $tol)" "${got:-(nothing)}" "$2"
    fi
}

# expect_json_keys KEY...: stdout is one JSON object holding every KEY.
expect_json_keys() {
    if ! have_jq; then skip "JSON keys $*" "no jq"; return; fi
    for key in "$@"; do
        got=$(jq_value "has(\"$key\")") || got="not a JSON object: $(shown "$out")"
        check "has key '$key'" "$got" true
    done
}

# expect_one_json TYPE: stdout is exactly one JSON value of that type
# ("object" or "array").
expect_one_json() {
    if ! have_jq; then skip "one JSON $1" "no jq"; return; fi
    got=$("$JQ" -s -r 'map(type) | join(" ")' "$out" 2>/dev/null) || got="not JSON: $(shown "$out")"
    check "stdout is one JSON $1" "$got" "$1"
}

# find_browser: $browser, the headless Chromium a page is checked in
# (CHROMIUM, else chromium or chromium-browser on the PATH); status 1 and
# $browser empty where there is none.
find_browser() {
    browser=
    for b in ${CHROMIUM:-} chromium chromium-browser; do
        command -v "$b" >/dev/null 2>&1 && { browser=$b; return 0; }
    done
    return 1
}

# expect_dom_checks PAGE EXPECT: PAGE loaded in $browser with
# tests/html/dom-check.js run after its own script, window.gpuroofExpect
# set to EXPECT (a JavaScript object: what the page should hold); each of
# the script's checks is a check here.
expect_dom_checks() {
    {
        sed '/<\/body>/,$d' "$1"
        printf '<script>window.gpuroofExpect = %s;</script>\n<script>\n' "$2"
        cat "$top_srcdir/tests/html/dom-check.js"
        printf '</script>\n</body>\n</html>\n'
    } >"$test_tmp/dom-checked.html"
    "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$test_tmp/profile" \
        --dump-dom "file://$test_tmp/dom-checked.html" >"$test_tmp/dom.html" 2>"$test_tmp/browser.log" || true
    sed -n '/<pre id="dom-check">/,/<\/pre>/p' "$test_tmp/dom.html" | sed 's/<[^>]*>//g' | grep -E '^(not )?ok' \
        >"$test_tmp/dom.tap" || true
    check "the browser ran the checks" "$([ -s "$test_tmp/dom.tap" ] && echo yes)" yes
    while IFS= read -r line; do
        case $line in
        "ok - "*) pass "in $browser: ${line#ok - }" ;;
        *) fail "in $browser: ${line#not ok - }" "$line" "ok" ;;
        esac
    done <"$test_tmp/dom.tap"
}

[ -z "${GPUROOF_FORK_SERVER-}" ] || start_fork_server

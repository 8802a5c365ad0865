#!/bin/sh
# gpuroof measure interrupted on a real GPU (SIGINT, then SIGTERM, ~2 s into
# the run): exit status 128 + the signal's number, the results file that was
# there byte for byte as it was, no temporary file beside it, and one line
# on stderr saying the run was interrupted.  Skipped (TAP "1..0 # SKIP") where gpuroof has no
# CUDA or the machine no GPU (tests/unit/test_measure_interrupt covers the
# handler itself there).
set -u
tmp=$(mktemp -d)
# TAP (automake's tap-driver.sh): each check an "ok" or "not ok" line, the
# plan at exit; a skip is the plan "1..0 # SKIP why" alone.
checks=0 plan=yes
trap 'rm -rf "$tmp"; [ -z "$plan" ] || echo "1..$checks"' EXIT
ok() {
    checks=$((checks + 1))
    echo "ok - $*"
}
GPUROOF_PROFILES="$top_srcdir/profiles"
export GPUROOF_PROFILES
mkdir "$tmp/out" || exit 99
failures=0

fail() {
    checks=$((checks + 1))
    echo "not ok - $*"
    failures=$((failures + 1))
}

# interrupt SIGNAL STATUS: one run, interrupted.
interrupt() {
    printf 'old: results\n' >"$tmp/out/results.yaml"
    cp "$tmp/out/results.yaml" "$tmp/orig"
    # Started in the background: the shell ignores SIGINT there, and
    # gpuroof's own handler (sigaction) replaces that.
    "$GPUROOF" measure -o "$tmp/out/results.yaml" >"$tmp/stdout" 2>"$tmp/stderr" &
    pid=$!
    sleep 2
    kill -s "$1" "$pid" 2>/dev/null
    wait "$pid"
    status=$?
    if grep -q -e 'built without CUDA' -e 'no CUDA device' "$tmp/stderr"; then
        # a run interrupted before it looked for a device (valgrind is slow
        # to start) has passed already: this one is then a skip of its own
        if [ "$checks" -gt 0 ]; then
            checks=$((checks + 1))
            echo "ok - SIG$1 # SKIP $(tail -n 1 "$tmp/stderr")"
            return
        fi
        plan=
        echo "1..0 # SKIP $(tail -n 1 "$tmp/stderr")"
        exit 0
    fi
    [ "$status" -eq "$2" ] || fail "SIG$1: exit status $status, not $2"
    cmp -s "$tmp/out/results.yaml" "$tmp/orig" || fail "SIG$1: the results file changed"
    left=$(ls -A "$tmp/out")
    [ "$left" = results.yaml ] || fail "SIG$1: beside the results file: $left"
    last=$(tail -n 1 "$tmp/stderr")
    case $last in
    'gpuroof measure: interrupted '*'; nothing written, '*' left as it was '*) ok "SIG$1: $last" ;;
    *) fail "SIG$1: the last line on stderr is '$last', not 'gpuroof measure: interrupted ...'" ;;
    esac
}

interrupt INT 130
interrupt TERM 143
[ "$failures" -eq 0 ]

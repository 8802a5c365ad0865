#!/bin/sh
# gpuroof plot puts a chart in place only once it is whole: a gnuplot that
# fails, lies (exit 0 with half a file, an empty one, none), runs past its
# time limit, or is interrupted with plot, leaves the old chart as it was,
# no temporary file and no gnuplot behind, with one line saying why.
. "$top_srcdir/tests/cli/lib.sh"

cd "$test_tmp" || exit 99
charts="$top_srcdir/tests/data/charts"
mkdir tmp
TMPDIR="$test_tmp/tmp" # where plot's temporary script goes
export TMPDIR
mkdir work
cd work || exit 99

# fake NAME BODY: a gnuplot that runs BODY with $out the chart it is to write
fake() {
    printf '#!/bin/sh\nout=${2#outfile=}\nout=${out#?}\nout=${out%%?}\n%s\n' "$2" >"$test_tmp/$1"
    chmod +x "$test_tmp/$1"
}

# gone PIDFILE: "gone" where that process is ended (a zombie left for an
# init that does not reap is ended too), else "alive"
gone() {
    state=$(awk '{ print $3 }' "/proc/$(cat "$1")/stat" 2>/dev/null)
    case $state in "" | Z) echo gone ;; *) echo alive ;; esac
}

# after_failure WHAT: the old chart byte for byte, only it and the kept
# script in the directory, nothing in TMPDIR, one line on stderr
after_failure() {
    check "$1: the old chart untouched" "$(cmp "$charts/small.pdf" old.pdf && echo same)" "same"
    check "$1: no temporary file" "$(ls | tr '\n' ' ')$(ls ../tmp)" "old.gp old.pdf "
    check "$1: one line" "$(wc -l <"$err" | tr -d ' ')" "1"
    rm -f old.gp
}

cp "$charts/small.pdf" old.pdf

# half a PDF, exit 0 (a full disk gnuplot did not notice)
fake half "head -c 3000 '$charts/small.pdf' >\"\$out\""
GNUPLOT="$test_tmp/half" run plot --device h100 -o old.pdf
expect_status 1
expect_stderr_has "gpuroof: $test_tmp/half exited 0 but did not write the chart whole (old.tmp-"
expect_stderr_has ".pdf: byte 3000: the PDF does not end in %%EOF: cut short): the script is kept in old.gp"
after_failure "half a PDF"

# a PNG cut short, for a .png
cp "$charts/small.png" old.png
fake halfpng "head -c 1000 '$charts/small.png' >\"\$out\""
GNUPLOT="$test_tmp/halfpng" run plot --device h100 -o old.png
expect_status 1
expect_stderr_has "runs past the end: cut short): the script is kept in old.gp"
check "a PNG cut short: the old PNG untouched" "$(cmp "$charts/small.png" old.png && echo same)" "same"
rm -f old.png old.gp

# nothing written, exit 0
fake empty ": >\"\$out\""
GNUPLOT="$test_tmp/empty" run plot --device h100 -o old.pdf
expect_status 1
expect_stderr_has ".pdf: byte 0: the chart is empty): the script is kept in old.gp"
after_failure "an empty chart"

# no file at all, exit 0
fake none "rm -f \"\$out\""
GNUPLOT="$test_tmp/none" run plot --device h100 -o old.pdf
expect_status 1
expect_stderr_has ".pdf: cannot read it: No such file or directory): the script is kept in old.gp"
after_failure "no chart"

# a whole chart of the wrong kind: a PNG for a .pdf
fake wrong "cat '$charts/small.png' >\"\$out\""
GNUPLOT="$test_tmp/wrong" run plot --device h100 -o old.pdf
expect_status 1
expect_stderr_has ".pdf: byte 0: not a PDF: it does not begin with %PDF-N.N): the script is kept in old.gp"
after_failure "a PNG for a PDF"

# half a file and exit 1
fake failing "head -c 100 '$charts/small.pdf' >\"\$out\"; echo 'line 3: no' >&2; exit 1"
GNUPLOT="$test_tmp/failing" run plot --device h100 -o old.pdf
expect_status 1
expect_stderr_is "gpuroof: $test_tmp/failing failed (status 1: line 3: no): the script is kept in old.gp"
after_failure "gnuplot failing"

# a whole chart, for the fakes' sake: put in place
fake whole "cat '$charts/small.pdf' >\"\$out\""
GNUPLOT="$test_tmp/whole" run plot --device h100 -o new.pdf
expect_status 0
check "a whole chart: in place" "$(cmp "$charts/small.pdf" new.pdf && echo same)" "same"
rm -f new.pdf

# gnuplot that never ends: stopped at the time limit, it and its children
fake hang "echo \$\$ >'$test_tmp/hang.pid'; sleep 300 & echo \$! >'$test_tmp/sleep.pid'; wait"
start=$(date +%s)
GNUPLOT="$test_tmp/hang" GPUROOF_GNUPLOT_TIMEOUT=2 run plot --device h100 -o old.pdf
took=$(($(date +%s) - start))
expect_status 1
expect_stderr_is "gpuroof: $test_tmp/hang ran past its time limit of 2 s (GPUROOF_GNUPLOT_TIMEOUT) and was stopped: the script is kept in old.gp"
check "stopped within seconds of the limit" "$([ "$took" -le 15 ] && echo yes || echo "no: $took s")" "yes"
sleep 1
for p in hang sleep; do
    check "no $p process left" "$(gone "$test_tmp/$p.pid")" "gone"
done
after_failure "a gnuplot that hangs"

for limit in abc 0 -1 1e9; do
    GNUPLOT="$test_tmp/whole" GPUROOF_GNUPLOT_TIMEOUT=$limit run plot --device h100 -o old.pdf
    expect_status 1
    expect_stderr_is "gpuroof: GPUROOF_GNUPLOT_TIMEOUT must be a number of seconds from 0.1 to 86400, not '$limit': the script is kept in old.gp"
    after_failure "GPUROOF_GNUPLOT_TIMEOUT=$limit"
done

# plot sent SIGTERM (and SIGINT, SIGHUP) while gnuplot runs: gnuplot ended,
# no temporary file (chart or script), plot dead of that signal
for sig in TERM INT HUP; do
    rm -f "$test_tmp/hang.pid" "$test_tmp/sleep.pid"
    last="plot sent SIG$sig while gnuplot runs"
    GNUPLOT="$test_tmp/hang" "$GPUROOF" plot --device h100 -o old.pdf </dev/null >"$out" 2>"$err" &
    plot=$!
    waited=0
    while [ ! -s "$test_tmp/sleep.pid" ] && [ "$waited" -lt 300 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    kill -"$sig" "$plot"
    status=0
    wait "$plot" || status=$?
    check "plot died of SIG$sig" "$status" "$((128 + $(kill -l "$sig")))"
    sleep 1
    for p in hang sleep; do
        check "no $p process left" "$(gone "$test_tmp/$p.pid")" "gone"
    done
    check "the old chart untouched" "$(cmp "$charts/small.pdf" old.pdf && echo same)" "same"
    check "no temporary file" "$(ls | tr '\n' ' ')$(ls ../tmp)" "old.pdf "
done

# the real gnuplot still makes charts that pass the check
if command -v gnuplot >/dev/null 2>&1; then
    for ext in pdf png; do
        run plot --device h100 --levels dram,l2 -o "real.$ext"
        expect_status 0
        check "a real $ext in place, nothing else" "$(ls real.* | tr '\n' ' ')$(ls ../tmp)" "real.$ext "
        rm -f "real.$ext"
    done
else
    last="plot with the real gnuplot"
    skip "real charts" "no gnuplot"
fi

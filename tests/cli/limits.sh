#!/bin/sh
# Every input has a size limit suited to its kind (src/core/input_limits.h
# names each and says why): a file or a stream past
# it is one line naming the input and the limit, exit 1, within seconds, and
# no more than about the limit is ever held in memory (the largest resident
# set is measured where /usr/bin/time is, outside valgrind).  The real
# limits are tested, not lower ones: a stream of 512 MiB reads in about a
# second.  Under valgrind, which reads 20 MB of a stream in 5 s, the
# streams past a limit are skipped (the ASan build's leak checker runs
# them); the files past a limit, refused before they are read, still run.
. "$top_srcdir/tests/cli/lib.sh"

cd "$test_tmp" || exit 99
MIB=1048576
text_limit=$((256 * MIB))   # GR_LIMIT_KERNEL_TEXT
binary_limit=$((4096 * MIB)) # GR_LIMIT_KERNEL_BINARY
csv_limit=$((512 * MIB))    # GR_LIMIT_NCU_CSV
text_line="larger than 256 MiB ($text_limit bytes), the limit for a ptxas report or cuobjdump listing"
binary_line="larger than 4 GiB ($binary_limit bytes), the limit for a program, library, cubin or fatbin"
csv_line="larger than 512 MiB ($csv_limit bytes), the limit for Nsight Compute's CSV"
list_line="larger than 64 MiB ($((64 * MIB)) bytes), the limit for ncu's list of metrics"

under_valgrind=
case ${GPUROOF_UNDER_TEST:-} in *valgrind*) under_valgrind=1 ;; esac
# The resident set allowed above a limit: the program itself, and under
# AddressSanitizer its shadow and the quarantine of what realloc freed; and
# there, the limit once more: ASan's realloc copies where glibc's moves the
# pages, so the last growth holds the old buffer and the new at once (the
# plain build, in make check, is held to the limit alone).
slack=$((64 * MIB))
copies=0
if ldd "$GPUROOF" 2>/dev/null | grep -q libasan; then slack=$((320 * MIB)) copies=1; fi
timer=
if [ -z "$under_valgrind" ] && /usr/bin/time -f %M true 2>/dev/null; then timer=/usr/bin/time; fi

# limited SH_COMMAND: runs it under a time limit of 20 s, its stdout, stderr
# and exit status to $out, $err and $status.
limited() {
    last="$1 (at most 20 s)"
    status=0
    : >rss
    timeout 20 sh -c "$1" 2>"$err" >"$out" || status=$?
}
# gpu: how SH_COMMAND runs gpuroof: under /usr/bin/time, its largest
# resident set (KiB) to the file rss, where that is measured.
gpu() {
    if [ -n "$timer" ]; then echo "$timer -o rss -f %M \"\$GPUROOF\""; else echo '"$GPUROOF"'; fi
}
export GPUROOF
# expect_rss_under BYTES: the largest resident set was at most BYTES + slack.
expect_rss_under() {
    if [ -z "$timer" ]; then
        skip "resident set at most $1 bytes" "no /usr/bin/time, or under valgrind"
        return
    fi
    kib=$(tail -n 1 rss)
    allowed=$(($1 * (1 + copies) + slack))
    if [ -n "$kib" ] && [ $((kib * 1024)) -le "$allowed" ]; then
        pass "resident set $((kib / 1024)) MiB, at most the limit and $((allowed / MIB - $1 / MIB)) MiB"
    else
        fail "resident set at most the limit" "${kib:-?} KiB" "$((allowed / 1024)) KiB"
    fi
}
# expect_limit_line LINE: exit 1, no stdout, stderr LINE alone (the status
# line of /usr/bin/time cut).
expect_limit_line() {
    expect_status 1
    expect_no_stdout
    sed -i '/^Command exited with non-zero status/d' "$err"
    expect_stderr_is "$1"
}

# streamed: false (a skip) under valgrind.
streamed() {
    [ -z "$under_valgrind" ] && return 0
    last="$1"
    skip "past the limit" "a stream of hundreds of MiB under valgrind"
    return 1
}

# ---- kernels: a text stream that never ends, and one just past the limit ----
if streamed "kernels /dev/zero, and a stream of the limit and one byte"; then
limited "$(gpu) kernels /dev/zero"
expect_limit_line "gpuroof: /dev/zero: $text_line"
expect_rss_under "$text_limit"

limited "head -c $((text_limit + 1)) /dev/zero | $(gpu) kernels -"
expect_limit_line "gpuroof: standard input: $text_line"
expect_rss_under "$text_limit"
# At the limit exactly it is read, and is what it is: no text of kernels.
limited "head -c $text_limit /dev/zero | \"\$GPUROOF\" kernels -"
expect_status 1
expect_stderr_has "standard input: not ptxas's report"
fi

# ---- kernels: a binary past its limit is refused before it is mapped --------
printf '\177ELF\002\001' >big.so
truncate -s $((binary_limit + 1)) big.so
limited "$(gpu) kernels big.so"
expect_limit_line "gpuroof: big.so: $binary_line"
expect_rss_under 0
truncate -s "$binary_limit" big.so # at the limit: read (a broken ELF header)
limited '"$GPUROOF" kernels big.so'
expect_status 1
expect_stderr_lacks "the limit for"
rm -f big.so

# ---- ncu: a stream that never ends, a file past the limit -------------------
if streamed "yes | gpuroof ncu -"; then
limited "yes 'ID,Kernel Name' | $(gpu) ncu -"
expect_limit_line "gpuroof: standard input: $csv_line"
expect_rss_under "$csv_limit"
fi

truncate -s $((csv_limit + 1)) big.csv
limited "$(gpu) ncu big.csv"
expect_limit_line "gpuroof: big.csv: $csv_line"
expect_rss_under 0
rm -f big.csv

# ---- ncu: an import and a metric list that never end: ncu is stopped --------
cat >ncu <<'NCU'
#!/bin/sh
echo $$ >"$NCU_PID"
case $1 in
--import | --query-metrics) exec yes '"ID","Kernel Name","Metric Name"' ;;
esac
echo "==ERROR== this ncu profiles nothing" >&2
exit 3
NCU
chmod +x ncu
: >report.ncu-rep
GPUROOF_NCU=$test_tmp/ncu NCU_PID=$test_tmp/ncu.pid
export GPUROOF_NCU NCU_PID
stopped() { # WHAT: the fake ncu's process, whose pid it wrote, is gone
    pid=$(cat ncu.pid)
    if kill -0 "$pid" 2>/dev/null; then
        fail "$1's ncu is stopped" "process $pid still there" "none"
        kill "$pid"
    else
        pass "$1's ncu is stopped"
    fi
}
if streamed "an ncu --import that never ends, an ncu --query-metrics that never ends"; then
limited "$(gpu) ncu report.ncu-rep"
expect_limit_line "gpuroof: ncu --import report.ncu-rep --csv --page raw's output: $csv_line"
expect_rss_under "$csv_limit"
stopped "the import"

limited '"$GPUROOF" ncu -- true'
expect_status 1
expect_stderr_has "gpuroof: ncu --query-metrics --csv's output: $list_line"
stopped "the metric query"
fi

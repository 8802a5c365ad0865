#!/bin/sh
# Replays every fuzz harness over its seed corpus (tests/fuzz/corpus/NAME)
# and over the inputs fuzzing once crashed, hung or leaked on
# (tests/fuzz/regressions/NAME), under the build's sanitizers: each must
# return normally: one TAP check a harness.  The harnesses' own fuzzing is
# `make fuzz`.
set -u
dir=$top_srcdir/tests/fuzz
bin=$top_builddir/tests/fuzz
failed=0 n=0
for name in profile model expr results number kernel_text kernel_binary ncu ncu_chips demangle printers chart_file trace trace_names trace_summary; do
    files=$(find "$dir/corpus/$name" "$dir/regressions/$name" -type f 2>/dev/null | sort)
    count=$(printf '%s\n' "$files" | grep -c .)
    n=$((n + 1))
    if [ "$count" -eq 0 ]; then
        echo "not ok $n - $name: no inputs to replay in $dir/corpus/$name"
        failed=1
        continue
    fi
    # shellcheck disable=SC2086 # TEST_WRAPPER: a command or nothing; one file a word (no spaces in the names)
    if $TEST_WRAPPER "$bin/replay_$name" $files; then
        echo "ok $n - $name: $count inputs"
    else
        echo "not ok $n - $name: replay_$name exited $? on one of its $count inputs"
        failed=1
    fi
done
echo "1..$n"
exit $failed

#!/bin/sh
# gpuroof measure and profile detect where there may be no GPU: the usage
# rules, and a clear error (never a crash) without CUDA or without a device.
. "$top_srcdir/tests/cli/lib.sh"

run measure --help
expect_status 0
expect_stdout_starts 'Usage: gpuroof measure'
run measure --only bogus
expect_fails 2 "gpuroof measure: --only takes ceilings, sweep, matmul, smem and occupancy, not 'bogus' (gpuroof measure --help)"
run measure --repeats 0
expect_status 1
expect_error_line
run measure extra
expect_fails 2 "gpuroof measure: unexpected argument 'extra' (gpuroof measure --help)"
run profile detect extra
expect_status 2
expect_error_line

# Without a GPU (CI) or without CUDA: one line saying which, no results file.
cd "$test_tmp" || exit 99
run measure --quick -o results.yaml
case $(cat "$err") in
*'built without CUDA'* | *'no CUDA device'*)
    expect_status 1
    expect_error_line
    check "no results file" "$(ls results.yaml 2>/dev/null)" ""
    run profile detect -o detected.yaml
    expect_status 1
    expect_error_line
    check "no profile file" "$(ls detected.yaml 2>/dev/null)" ""
    ;;
*)
    skip "no-GPU errors" "a GPU is present (tests/gpu/measure.sh covers it)"
    ;;
esac

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

# A failed run leaves an existing results file byte for byte as it was, and
# no temporary file beside it; the one error line says nothing was written.
# Here without a GPU (or without CUDA) that is the device's failure; also
# with CUDA_VISIBLE_DEVICES set empty, which hides every GPU (on a machine
# with one, tests/gpu/no_visible_device.sh checks the message names it).
mkdir keep || exit 99
printf 'old: results\n' >keep/results.yaml
cp keep/results.yaml keep.orig
for visible in unset empty; do
    if [ "$visible" = empty ]; then
        CUDA_VISIBLE_DEVICES=
        export CUDA_VISIBLE_DEVICES
    fi
    run measure --quick -o keep/results.yaml
    case $(cat "$err") in
    *'built without CUDA'* | *'no CUDA device'*)
        expect_status 1
        expect_error_line
        check "results file untouched (CUDA_VISIBLE_DEVICES $visible)" \
            "$(cmp keep/results.yaml keep.orig && echo same)" same
        check "nothing beside it (CUDA_VISIBLE_DEVICES $visible)" "$(ls keep)" results.yaml
        case $(cat "$err") in
        *'built without CUDA'*) ;;
        *) expect_stderr_has "nothing written to keep/results.yaml" ;;
        esac
        ;;
    *)
        skip "no-GPU errors (CUDA_VISIBLE_DEVICES $visible)" "a GPU is present (tests/gpu/ covers it)"
        ;;
    esac
done
unset CUDA_VISIBLE_DEVICES

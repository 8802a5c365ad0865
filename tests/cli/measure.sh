#!/bin/sh
# gpuroof measure and profile detect where there may be no GPU: the usage
# rules, and a clear error (never a crash) without CUDA or without a device.
. "$top_srcdir/tests/cli/lib.sh"

run measure --help
expect_status 0
expect_stdout_starts 'Usage: gpuroof measure'
run measure --only bogus
expect_fails 2 "gpuroof measure: --only takes ceilings, sweep, matmul, smem, occupancy, latency and volatile, not 'bogus' (gpuroof measure --help)"
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

# The latency part alone: the same one line without a GPU or CUDA, no file.
run measure --only latency -o latency.yaml
case $(cat "$err") in
*'built without CUDA'* | *'no CUDA device'*)
    expect_status 1
    expect_error_line
    check "no latency results file" "$(ls latency.yaml 2>/dev/null)" ""
    ;;
*)
    skip "no-GPU errors of --only latency" "a GPU is present (tests/gpu/measure.sh covers it)"
    ;;
esac
# The volatile loops alone: the same, and no file.
run measure --only volatile -o volatile.yaml
case $(cat "$err") in
*'built without CUDA'* | *'no CUDA device'*)
    expect_status 1
    expect_error_line
    check "no volatile results file" "$(ls volatile.yaml 2>/dev/null)" ""
    ;;
*)
    skip "no-GPU errors of --only volatile" "a GPU is present (tests/gpu/measure.sh covers it)"
    ;;
esac
run measure --only latency,bogus
expect_fails 2 "gpuroof measure: --only takes ceilings, sweep, matmul, smem, occupancy, latency and volatile, not 'bogus' (gpuroof measure --help)"

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

# ---- --gpu, --all-gpus, --spread-limit and --compare ----------------------
# Their checks come before any CUDA call, so they hold without a GPU.
usage='(gpuroof measure --help)'
run measure --gpu 1 --all-gpus
expect_fails 2 "gpuroof measure: give --gpu or --all-gpus, not both $usage"
run measure --spread-limit 5
expect_fails 2 "gpuroof measure: --spread-limit needs --all-gpus or --compare $usage"
run measure --gpu 0 --spread-limit 5
expect_fails 2 "gpuroof measure: --spread-limit needs --all-gpus or --compare $usage"
run measure --gpu -1
expect_fails 1 "gpuroof: --gpu '-1': must not be negative"
run measure --gpu 1.5
expect_status 1
expect_error_line
run measure --all-gpus --spread-limit 150
expect_fails 1 "gpuroof: --spread-limit '150': 150 is out of range (0 to 100)"
run measure --compare "$top_srcdir/plots/data/h200.yaml"
expect_fails 2 "gpuroof measure: --compare takes two or more results files $usage"
run measure --compare
expect_fails 2 "gpuroof measure: --compare takes two or more results files $usage"
for option in "-o x.yaml:-o" "--only ceilings:--only" "--quick:--quick" "--repeats 3:--repeats" \
    "--profiles .:--profiles" "--bank-counters c.txt:--bank-counters" "--ncu-counters n.csv:--ncu-counters" \
    "--gpu 0:--gpu" "--all-gpus:--all-gpus"; do
    # shellcheck disable=SC2086 # the option and its value, split
    run measure --compare a.yaml b.yaml ${option%%:*}
    expect_fails 2 "gpuroof measure: give --compare or ${option#*:}, not both (--compare reads results files and runs nothing) $usage"
done
run measure a.yaml
expect_fails 2 "gpuroof measure: unexpected argument 'a.yaml' $usage"

# -o's name: %N (the host), %g (the GPU) and %% its only escapes, checked
# with the options, before any CUDA call.
run measure -o 'node-%h.yaml'
expect_fails 2 "gpuroof measure: -o node-%h.yaml: %h: %N (the host), %g (the GPU) and %% (a %) are a name's only escapes $usage"
run measure --all-gpus -o 'fleet/node-%N-gpu%'
expect_fails 2 "gpuroof measure: -o fleet/node-%N-gpu%: a % at the end: %N (the host), %g (the GPU) and %% (a %) are a name's only escapes $usage"

# --ncu-counters: one report or the other, and a report that does not read
# fails before any GPU work, naming the file, line and column.
run measure --ncu-counters n.csv --bank-counters c.txt
expect_fails 2 "gpuroof measure: give --bank-counters or --ncu-counters, not both (the report has the banks' counters) $usage"
run measure --ncu-counters "$test_tmp/none.csv"
expect_fails 1 "gpuroof: cannot open $test_tmp/none.csv: No such file or directory"
printf 'the application said this\n"ID","Kernel Name"\n' >"$test_tmp/short.csv"
run measure --ncu-counters "$test_tmp/short.csv"
expect_status 1
expect_error_line
expect_stderr_has "$test_tmp/short.csv:"
run measure --help
expect_stdout_has '--all-gpus measures each GPU in turn, each into its own file: -o FILE.yaml'
expect_stdout_has 'gives FILE-gpu0.yaml, FILE-gpu1.yaml, ... (-gpuN goes before a .yaml or .yml'
expect_stdout_has 'CUDA_DEVICE_ORDER=PCI_BUS_ID'

# Without a GPU (or without CUDA), --gpu and --all-gpus say so in one line
# and write nothing, no per-GPU file either.
run measure --all-gpus -o node.yaml
case $(cat "$err") in
*'built without CUDA'* | *'no CUDA device'*)
    expect_status 1
    expect_error_line
    check "no per-GPU file" "$(ls node* 2>/dev/null)" ""
    run measure --gpu 3 -o node.yaml
    expect_status 1
    expect_error_line
    check "no results file (--gpu 3)" "$(ls node* 2>/dev/null)" ""
    ;;
*)
    skip "no-GPU errors of --all-gpus" "a GPU is present (tests/gpu/gpus.sh covers it)"
    ;;
esac

# --compare needs no GPU: the committed runs side by side.  An H100 and an
# H200 are no twins: nothing is held against the other.
h100="$top_srcdir/plots/data/h100-sxm.yaml"
h200="$top_srcdir/plots/data/h200.yaml"
run measure --compare "$h100" "$h200"
expect_status 0
expect_no_stderr
expect_stdout_line "  ceiling                       h100-sxm       h200   spread"
expect_stdout_line "  dram_triad_gbs (GB/s)             3081       4402        -"
expect_stdout_line "  fp64_gflops (GFLOP/s)            33390      33429        -"
expect_stdout_line "  l2_gbs (GB/s)                    10355          -        -"
expect_stdout_line "  h200      NVIDIA H200            $h200"
expect_stdout_line "node check: no two GPUs of one model, so none is held against another"
check "no theoretical or datasheet row" "$(grep -c -e theoretical -e datasheet "$out")" 0

# The same file twice is its own twin: no spread; the labels are then #1, #2.
run measure --compare "$h200" "$h200"
expect_status 0
expect_stdout_line "  dram_read_gbs (GB/s)      4683      4683     0.0%"
expect_stdout_line "  #2       NVIDIA H200  $h200"
expect_stdout_line "node check passed: every GPU within 10% of the median of its twins on every ceiling"

# A twin whose FP64 peak is 16.2% down (28000 of 33429 GFLOP/s) and whose
# DRAM write failed its check: flagged on both, exit 1, one line on stderr.
sed -e 's/^  fp64_gflops: .*/  fp64_gflops: 28000/' -e '/^  dram_write_gbs: /d' "$h200" >slow.yaml
sed -e 's/^  fp64_gflops: .*/  fp64_gflops: 28000/' "$h200" >slow-fp64.yaml
run measure --compare "$h200" slow.yaml
expect_status 1
expect_stdout_line "  slow     NVIDIA H200  slow.yaml  (flagged)"
expect_stdout_line "  fp64_gflops (GFLOP/s)    33429     28000*   16.2%"
expect_stdout_line "  dram_write_gbs (GB/s)     4690         -*       -"
expect_stdout_line "node check FAILED: slow (NVIDIA H200): dram_write_gbs not measured, fp64_gflops 28000 is 16.2% below 33429"
expect_stderr_is "gpuroof: node check failed: 1 of 2 GPUs more than 10% below the median of their twins on a ceiling, or without one a twin measured: slow"
# --spread-limit moves the line: 16.2% passes a limit of 17, fails one of 16.
run measure --compare "$h200" slow-fp64.yaml --spread-limit 17
expect_status 0
expect_stdout_line "node check passed: every GPU within 17% of the median of its twins on every ceiling"
run measure --compare slow-fp64.yaml "$h200" --spread-limit 16
expect_status 1
expect_stdout_line "  fp64_gflops (GFLOP/s)      28000*      33429    16.2%"
expect_stdout_line "node check FAILED: slow-fp64 (NVIDIA H200): fp64_gflops 28000 is 16.2% below 33429"

# A file that cannot be read: its one error line, as plot --results gives it.
run measure --compare "$h200" missing.yaml
expect_fails 1 "gpuroof: missing.yaml: No such file or directory"
printf 'device: {sm_count: 3}\n' >broken.yaml
run measure --compare "$h200" broken.yaml
expect_status 1
expect_no_stdout
expect_error_line
expect_stderr_has 'broken.yaml:1:'

# --only: a comma-separated list of the parts, read as the options are
# parsed; each part in any case, an empty item none of them.
run measure --only smem,bogus
expect_fails 2 "gpuroof measure: --only takes ceilings, sweep, matmul, smem, occupancy, latency and volatile, not 'bogus' (gpuroof measure --help)"
run measure --only smem,
expect_fails 2 "gpuroof measure: --only takes ceilings, sweep, matmul, smem, occupancy, latency and volatile, not '' (gpuroof measure --help)"
run measure --only smme
expect_fails 2 "gpuroof measure: --only takes ceilings, sweep, matmul, smem, occupancy, latency and volatile, not 'smme': did you mean smem? (gpuroof measure --help)"
run measure --only smem --only sweep
expect_fails 2 "gpuroof measure: option '--only' given twice (gpuroof measure --help)"

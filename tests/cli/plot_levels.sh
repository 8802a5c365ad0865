#!/bin/sh
# gpuroof plot --levels and --ncu: the hierarchical roofline's roofs, the
# points of a results file's kernels at every level counted and of a Nsight
# Compute report's kernels, what is left out said, and every error line.
. "$top_srcdir/tests/cli/lib.sh"

cd "$test_tmp" || exit 99
levels_results="$top_srcdir/tests/data/results/synthetic-levels.yaml"
app="$top_srcdir/tests/data/ncu/h100/app-raw.csv"

script_has() { # TEXT: the script s.gp has it
    last="s.gp"
    if grep -F -e "$1" s.gp >/dev/null; then pass "script has '$1'"; else fail "script has '$1'" "no" "yes"; fi
}

# ---- --levels with a results file whose kernels have levels ---------------
run plot --device h100 --levels dram,l2,shared --results "$levels_results" --precision tensor_fp16 \
    -o s.pdf --script-only
expect_status 0
expect_no_stdout
expect_no_stderr
script_has "set title 'Hierarchical roofline of NVIDIA H100 SXM5 80GB'"
script_has "L2 13125 GB/s"
script_has "shared memory 33454 GB/s"
script_has "measured L2 10000 GB/s"
script_has "measured shared memory 30000 GB/s"
script_has "TENSOR FP16 700 TFLOP/s (measured)"
script_has "shared memory (wavefronts x 128 B)"
script_has "128 B a wavefront"
# a kernel run at two widths: drawn once, at the larger, and labelled by
# its name alone; the note says at which width
script_has "set label 12 'tiled' rotate by 0 front"
script_has "512 20000 \"tiled\""
script_has "Each kernel at its largest width: 4096."
last="s.gp"
if grep -F -e "width=" -e '128 8000 "tiled"' s.gp >/dev/null; then
    fail "tiled at width 1024 not drawn" "drawn" "not"
else
    pass "tiled at width 1024 not drawn"
fi
script_has "stream (measured)"

run plot --device h100 --levels DRAM,L2,Shared --results "$levels_results" -o s.pdf --script-only --json
expect_status 0
expect_json '.levels' '["dram","l2","shared"]'
expect_json '.wavefront_bytes' 128
expect_json '.devices[0].level_bandwidths_gbs.dram' 3352
expect_json '.devices[0].level_bandwidths_gbs.l2' 13125.12
expect_json '.devices[0].level_bandwidths_gbs.shared' 33454.08
expect_json '.results[0].measured_level_bandwidths_gbs.dram' 3000
expect_json '.results[0].measured_level_bandwidths_gbs.l2' 10000
expect_json '.results[0].measured_level_bandwidths_gbs.shared' 30000
# 2^37 FLOPs over 2^28 B, 2^32 B and 2^28 wavefronts x 128 B
expect_json '.results[0].kernels[0].level_intensity.dram' 512
expect_json '.results[0].kernels[0].level_intensity.l2' 32
expect_json '.results[0].kernels[0].level_intensity.shared' 4
# no shared memory counted: null there
expect_json '.results[0].kernels[2].level_intensity.l2' 1
expect_json '.results[0].kernels[2].level_intensity.shared' null
expect_json '.results[0].kernels[3].level_intensity' null
expect_json '.ncu' null
expect_json '.script_file' s.gp

# two levels: only theirs
run plot --device h100 --levels l2 --results "$levels_results" -o s.pdf --script-only --json
expect_status 0
expect_json '.levels' '["l2"]'
expect_json '.devices[0].level_bandwidths_gbs' '{"l2":13125.12}'
expect_json '.results[0].kernels[0].level_intensity' '{"l2":32}'
run plot --device h100 --levels l2 --results "$levels_results" -o s.pdf --script-only
script_has "L2 13125 GB/s"
last="s.gp"
if grep -F "shared memory 33454" s.gp >/dev/null; then fail "no shared roof" "one" "none"; else pass "no shared roof"; fi

# without --levels: as ever, no level in the JSON
run plot --device h100 --results "$levels_results" -o s.pdf --script-only --json
expect_json '.levels' '[]'
expect_json '.devices[0].level_bandwidths_gbs' null
expect_json '.results[0].kernels[0].level_intensity' null

# ---- --ncu -------------------------------------------------------------
run plot --ncu "$app" -o s.pdf --script-only
expect_status 0
expect_no_stdout
expect_stderr_has "gpuroof: warning: $app: 5 memory kernels without FLOPs, so without an intensity to draw, not drawn: copy_f4, dyn_smem, transpose_conflicted and 2 more"
expect_stderr_lacks "past the top"
script_has "Not drawn: 5 memory kernels without FLOPs (copy_f4, dyn_smem, transpose_conflicted and 2 more)."
script_has "set title 'Hierarchical roofline of NVIDIA H100 SXM5 80GB'"
script_has "'wmma_gemm'"
script_has "'L1 / shared memory'"

# the points are the ncu command's figures of each kernel, grouped
run plot --ncu "$app" -o s.pdf --script-only --json
expect_status 0
expect_json '.ncu.device' h100
expect_json '.devices[0].name' h100
expect_json '.ncu.launches' 11
expect_json '.ncu.kernels' 10
expect_json '.ncu.top' 8
expect_json '.ncu.drawn | length' 5
expect_json '.ncu.without_flops | length' 5
expect_json '.ncu.past_top | length' 0
expect_json '.ncu.drawn[0].label' wmma_gemm
expect_json '.ncu.drawn[0].kernel' 'wmma_gemm(const __half *, const __half *, float *, int)'
expect_json '.warnings | length' 1
cp "$out" plot.json
run ncu "$app" --group --json
expect_status 0
if have_jq; then
    last="plot --ncu against ncu --group"
    got=$(jq -c '[.ncu.drawn[] | [.kernel, .gflops, .intensity.dram, .intensity.l2, .intensity.shared]]' plot.json)
    want=$(jq -c '[.kernels[] | select(.flops.total > 0) | [.kernel, .gflops, .intensity.dram, .intensity.l2, .intensity.shared]]' "$out")
    check "each kernel at the ncu command's intensities and rate" "$got" "$want"
    labels=$(jq -r '.ncu.drawn[].label' plot.json | sort | uniq -d)
    check "labels unique" "$labels" ""
fi

run plot --ncu "$app" --top 3 -o s.pdf --script-only --json
expect_status 0
expect_json '.ncu.drawn | length' 3
expect_json '.ncu.past_top | length' 2
expect_stderr_has "gpuroof: warning: $app: 2 more kernels past the top 3 by time, not drawn (--top N draws more)"
run plot --ncu "$app" --top 3 -o s.pdf --script-only
script_has "2 more kernels past the top 3 by time."

# --device wins over the report's GPU
run plot --device h200 --ncu "$app" --levels dram,l2 -o s.pdf --script-only --json
expect_status 0
expect_json '.ncu.device' h200
expect_json '.levels' '["dram","l2"]'
expect_json '.ncu.drawn[0].intensity | keys' '["dram","l2","shared"]'

# the report from standard input
last="gpuroof plot --ncu - < app-raw.csv"
status=0
"$GPUROOF" plot --ncu - -o s.pdf --script-only --json <"$app" >"$out" 2>"$err" || status=$?
expect_status 0
expect_json '.ncu.file' 'standard input'

# ---- errors --------------------------------------------------------------
run plot --device h100 --levels dram,l3 -o s.pdf --script-only
expect_fails 2 "gpuroof plot: --levels: no memory level 'l3' (did you mean l2? the levels are dram, l2 and shared) (gpuroof plot --help)"
run plot --device h100 --levels dram,,l2 -o s.pdf --script-only
expect_fails 2 "gpuroof plot: --levels: an empty name in the list (give dram, l2 and shared, comma-separated) (gpuroof plot --help)"
run plot --device h100 --levels dram,DRAM -o s.pdf --script-only
expect_fails 2 "gpuroof plot: --levels: dram is named twice (gpuroof plot --help)"
# l1, gpuroof ncu's name of the L1/shared-memory data path's bytes, is shared memory's level
run plot --device h100 --levels dram,l1 --results "$levels_results" -o s.pdf --script-only --json
expect_status 0
expect_json '.levels' '["dram","shared"]'
run plot --device h100 --levels shared,L1 -o s.pdf --script-only
expect_fails 2 "gpuroof plot: --levels: shared is named twice (gpuroof plot --help)"
run plot --device h100 --levels dram --levels l2 -o s.pdf --script-only
expect_status 2
expect_error_line
run plot --device h100 --top 3 -o s.pdf --script-only
expect_fails 2 "gpuroof plot: --top needs --ncu (--top N chooses the kernels of --ncu FILE) (gpuroof plot --help)"
run plot --ncu "$app" --top 0 -o s.pdf --script-only
expect_fails 1 "gpuroof: --top '0': 0 is out of range (1 to 16)"
run plot --ncu "$app" --top 17 -o s.pdf --script-only
expect_fails 1 "gpuroof: --top '17': 17 is out of range (1 to 16)"
run plot --ncu "$test_tmp/none.csv" -o s.pdf --script-only
expect_fails 1 "gpuroof: cannot open $test_tmp/none.csv: No such file or directory"
run plot --ncu "$top_srcdir/tests/data/ncu/details-base.csv" -o s.pdf --script-only
expect_fails 1 "gpuroof: $top_srcdir/tests/data/ncu/details-base.csv: no device: the report does not say which GPU it ran on (the raw page does); give --device NAME"
# a GPU no profile is (the H100's report, its SM count made 100): gpuroof ncu's words
sed 's/"NVIDIA H100 80GB HBM3","233,472","132"/"NVIDIA H100 80GB HBM3","233,472","100"/' \
    "$top_srcdir/tests/data/ncu/raw-base.csv" >"$test_tmp/no-profile.csv"
run plot --ncu "$test_tmp/no-profile.csv" -o s.pdf --script-only
expect_fails 1 "gpuroof: $test_tmp/no-profile.csv: no device: no profile has NVIDIA H100 80GB HBM3's compute capability 9.0, 100 SMs and 233472 B of shared memory an SM; give --device NAME"
run plot --ncu "$top_srcdir/tests/data/ncu/bad/after-quote.csv" --device h100 -o s.pdf --script-only
expect_fails 1 "gpuroof: $top_srcdir/tests/data/ncu/bad/after-quote.csv:3:34: a closing quote is followed by something other than a comma"
run plot occupancy --device h100 --threads 256 --regs 32 --levels dram -o s.pdf
expect_fails 2 "gpuroof plot: --levels, --ncu and --top are for a roofline, not plot occupancy (gpuroof plot --help)"
run plot banks --results "$levels_results" --ncu "$app" -o s.pdf
expect_fails 2 "gpuroof plot: --levels, --ncu and --top are for a roofline, not plot banks (gpuroof plot --help)"
test ! -e s.png && pass "no chart left by a failure" || fail "no chart" "s.png" "none"

# --ncu alone, with more ceilings: the device comes from the report, and the
# precisions asked for are held to it then (a crash once, under ASan).
run plot --ncu "$app" --precision fp16 --precision tensor_fp16 -o s.pdf --script-only
expect_status 0
script_has "TENSOR FP16 989.4 TFLOP/s"
# A precision no profile has is refused as the options are parsed, before
# the report is read.
run plot --ncu "$app" --precision int4 -o s.pdf --script-only
expect_fails 2 "gpuroof plot: --precision takes fp64, fp32, fp16, bf16, tensor_fp64, tensor_tf32, tensor_fp16, tensor_bf16, tensor_fp8 and tensor_int8, not 'int4' (gpuroof plot --help)"

# ---- kernel models at their binding level: one engine with gpuroof bound ----
# PMPP's tiled matmul with 32x32 tiles on the A100 is 8 FLOP/B at DRAM
# (12,440 GFLOP/s under DRAM's roof) but shared memory binds it at 4,873:
# every chart draws it at bound's figure, at its shared-memory intensity
# where the chart draws that level, and says which level binds.
for model in matmul-naive matmul-tiled matmul-tiled-boundary matmul-tiled-dynamic matrix-add; do
    for device in a100 h100; do
        for defines in "" "-D TILE_WIDTH=32"; do
            [ "$model" = matmul-tiled ] || [ -z "$defines" ] || continue
            run bound --model "$model" $defines --device "$device" --json
            want=$(jq_value .attainable_gflops) binding=$(jq_value .binding_level)
            for levels in "" "--levels dram" "--levels dram,l2,shared"; do
                run plot --model "$model" $defines --device "$device" $levels -o m.pdf --script-only --json
                expect_status 0
                expect_json_near '.models[0].roofs[0].gflops' "$want"
                expect_json '.models[0].roofs[0].binding_level' "$binding"
                drawn=dram
                [ "$levels" = "--levels dram,l2,shared" ] && [ "$binding" != compute ] && drawn=$binding
                expect_json '.models[0].roofs[0].drawn_at' "$drawn"
            done
        done
    done
done
run plot --model matmul-tiled -D TILE_WIDTH=32 --device a100 -o s.pdf --script-only
script_has "matmul-tiled TILE_WIDTH=32 (8 FLOP/B; shared memory binds: 4.873 TFLOP/s)"
run plot --model matmul-tiled -D TILE_WIDTH=32 --device a100 --levels dram,shared -o s.pdf --script-only
script_has "matmul-tiled TILE_WIDTH=32 (0.25 FLOP/B at shared memory)"
if grep -q '^0.25 4872.96 "matmul-tiled TILE_WIDTH=32' s.gp; then
    pass "the model drawn at 0.25 FLOP/B, 4872.96 GFLOP/s"
else
    fail "the model at its shared-memory roof" "$(grep 'TILE_WIDTH' s.gp | head -3)" '0.25 4872.96 "matmul-tiled TILE_WIDTH=32 ...'
fi
rm -f s.gp m.gp

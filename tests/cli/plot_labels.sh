#!/bin/sh
# No two labels of a chart overlap, none covers the key, and each sits
# within 0.6 in of what it names: tests/cli/label_boxes.py works out every
# label's box from the gnuplot script alone (text, font size, the point
# named and the offset gnuplot is told) and checks them, over every
# committed chart (plots/make-charts --script-only), the PyTorch step's
# charts and the BF16/FP8 measured ceilings beside the datasheet's.
. "$top_srcdir/tests/cli/lib.sh"

cd "$test_tmp" || exit 99
command -v python3 >/dev/null 2>&1 || skip_all "no python3"
checker="$top_srcdir/tests/cli/label_boxes.py"
mkdir -p plots tests/data/ncu
cp -R "$top_srcdir/plots/data" plots/
ln -s "$top_srcdir/tests/data/ncu/h100" tests/data/ncu/h100
last="plots/make-charts --script-only"
if sh "$top_srcdir/plots/make-charts" "$GPUROOF" --script-only >"$out" 2>&1; then pass "committed charts' scripts"; else fail "make-charts" "$(shown "$out")" "exit 0"; fi
gzip -dc "$top_srcdir/tests/data/ncu/h100/torch-step.csv.gz" >torch.csv
for top in 8 16; do
    "$GPUROOF" plot --ncu torch.csv --top $top -o plots/torch-top$top.pdf --script-only 2>/dev/null
    "$GPUROOF" plot --ncu torch.csv --top $top --levels dram,l2,shared -o plots/torch-levels-top$top.pdf --script-only 2>/dev/null
done
"$GPUROOF" plot --device h100 --results plots/data/h100-ceilings.yaml --precision tensor_bf16 --precision tensor_fp8 \
    -o plots/bf16-fp8.pdf --script-only
"$GPUROOF" plot --device a100 --model matmul-naive --model matmul-tiled --model matmul-tiled -D TILE_WIDTH=32 \
    --levels dram,l2,shared --point mine:2:1000 -o plots/models-levels.pdf --script-only
for gp in plots/*.gp; do
    last="label_boxes.py $gp"
    if python3 "$checker" "$gp" >"$out" 2>&1; then pass "$gp: labels apart, beside what they name"; else fail "$gp: labels" "$(shown "$out")" "no overlaps"; fi
done
# The PyTorch step's --top 16 chart has five cuBLAS GEMMs within a third
# of a decade of one another: those whose names find no room are labelled
# by their rank ("[13]"), named in the note.
last="torch-top16 numbered"
if grep -q "^set label [0-9]* '\[[0-9]*\]'" plots/torch-top16.gp && grep -q "Numbered kernels (rank by time)" plots/torch-top16.gp; then
    pass "torch-top16: crowded GEMMs labelled by rank, named in the note"
else
    fail "torch-top16: numbered labels" "$(grep -c "^set label" plots/torch-top16.gp) labels" "a [N] label and the note naming it"
fi
# The checker itself: two labels at one place overlap, a label moved an
# inch from what it names is too far, and a roof's label above its line
# but across the roof just over it names the wrong one (the label over
# both, its own line between, is fine); a note wider than the page runs
# past its edge.
cat >bad.gp <<'EOS'
set terminal pdfcairo noenhanced color font 'Sans,11' fontscale 0.45 size 7.5in,5in
$C0S0 << EOD
1 1000 ""
10000 1000 ""
EOD
$C0S1 << EOD
1 1300 ""
10000 1300 ""
EOD
# ---- bad ----
set lmargin at screen 0.110
set rmargin at screen 0.910
set bmargin at screen 0.160
set tmargin at screen 0.900
set logscale xy
set xrange [0.01:10000]
set yrange [10:10000000]
set label 1 'FP32 66.91 TFLOP/s' rotate by 0 front at 100,66908 right offset screen 0.0,0.01
set label 2 'FP64 33.45 TFLOP/s' rotate by 0 front at 100,60000 right offset screen 0.0,0.01
set label 3 'far away' rotate by 0 front at 1,100 left offset screen 0.2,0.0
set label 4 'FP32 1 TFLOP/s' rotate by 0 front at 100,1000 right offset screen 0.0,0.0188
set label 5 'FP32 1.3 TFLOP/s' rotate by 0 front at 3000,1300 right offset screen 0.0,0.0188
set label 6 'A note under the chart far longer than the page is wide, as notes naming left-out kernels were before they wrapped: native::vectorized_elementwise_kernel<...>, native::unrolled_elementwise_kernel<...>, native::vectorized_elementwise_kernel<...>' at screen 0.01,0.015 left font ',7'
set label 7 'A note line that fits' at screen 0.01,0.03 left font ',7'
plot $C0S0 using 1:2 with lines linetype 1 title '', \
     $C0S1 using 1:2 with lines linetype 2 title ''
EOS
last="label_boxes.py bad.gp"
status=0
python3 "$checker" bad.gp >"$out" 2>"$err" || status=$?
expect_status 1
expect_stdout_has "labels 1 'FP32 66.91 TFLOP/s' and 2 'FP64 33.45 TFLOP/s' overlap"
expect_stdout_has "label 3 'far away' is 1.50 in from what it names (at most 0.60)"
expect_stdout_has "roof label 4 'FP32 1 TFLOP/s' is 0.030 in from its line, 0.000 in from another level line"
expect_stdout_lacks "label 5"
expect_stdout_has "label 6 'A note under the chart far longer than the page is wide"
expect_stdout_has "runs past the page's edge"
expect_stdout_lacks "label 7"

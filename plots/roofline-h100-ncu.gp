# Hierarchical roofline of NVIDIA H100 SXM5 80GB
# Made by: gpuroof plot --ncu tests/data/ncu/h100/app-raw.csv --precision fp16 --precision tensor_fp16 -o plots/roofline-h100-ncu.pdf
# Self-contained: edit it and run `gnuplot THIS_FILE`, or
# `gnuplot -e "outfile='other.pdf'" THIS_FILE`.
if (!exists("outfile")) outfile = 'plots/roofline-h100-ncu.pdf'
set terminal pdfcairo noenhanced color font 'Sans,11' fontscale 0.45 size 7.5in,5in
set output outfile

# ---- style (plots/style.gp) ----
# gpuroof chart style: every chart's script carries a copy of this file.
# The margins are the script's own: its labels are placed for them.
# Colours: the Okabe-Ito palette, told apart by colour-blind readers too.
set linetype 1 linecolor rgb '#0072B2' linewidth 2 pointsize 0.8
set linetype 2 linecolor rgb '#D55E00' linewidth 2 pointsize 0.8
set linetype 3 linecolor rgb '#009E73' linewidth 2 pointsize 0.8
set linetype 4 linecolor rgb '#CC79A7' linewidth 2 pointsize 0.8
set linetype 5 linecolor rgb '#E69F00' linewidth 2 pointsize 0.8
set linetype 6 linecolor rgb '#56B4E9' linewidth 2 pointsize 0.8
set linetype 7 linecolor rgb '#000000' linewidth 2 pointsize 0.8
set linetype 8 linecolor rgb '#7F7F7F' linewidth 2 pointsize 0.8
set title font ',12'
set border 3 linewidth 1 linecolor rgb '#333333'
set tics nomirror out scale 0.6
set grid xtics ytics mxtics mytics linecolor rgb '#E5E5E5' linewidth 0.6, linecolor rgb '#F2F2F2' linewidth 0.4
set key top left Left reverse box linetype 1 linecolor rgb '#CCCCCC' linewidth 0.5 opaque samplen 3 spacing 1.1 font ',8'
set style textbox opaque noborder margins 0.3,0.3

# ---- data ----
$C0S0 << EOD
0.02 67.04 ""
19.9606683 66908.16 ""
2000 66908.16 ""
EOD
$C0S1 << EOD
19.9606683 66908.16 "ridge 19.96 FLOP/B"
EOD
$C0S2 << EOD
9.98033413 33454.08 ""
2000 33454.08 ""
EOD
$C0S3 << EOD
39.9213365 133816.32 ""
2000 133816.32 ""
EOD
$C0S4 << EOD
19.9606683 66908.16 ""
39.9213365 133816.32 ""
EOD
$C0S5 << EOD
295.175943 989429.76 ""
2000 989429.76 ""
EOD
$C0S6 << EOD
19.9606683 66908.16 ""
295.175943 989429.76 ""
EOD
$C0S7 << EOD
0.02 262.5024 ""
5.09771796 66908.16 ""
2000 66908.16 ""
EOD
$C0S8 << EOD
5.09771796 66908.16 ""
75.3844353 989429.76 ""
EOD
$C0S9 << EOD
0.02 669.0816 ""
2 66908.16 ""
2000 66908.16 ""
EOD
$C0S10 << EOD
2 66908.16 ""
29.5757576 989429.76 ""
EOD
$C0S11 << EOD
2e-05 0.05 ""
EOD
$C0S12 << EOD
2e-05 0.05 ""
EOD
$C0S13 << EOD
2e-05 0.05 ""
EOD
$C0S14 << EOD
511.21994 27413.7516 ""
18.7579421 27413.7516 ""
3.96899225 27413.7516 ""
EOD
$C0S15 << EOD
122.114436 22390.749 ""
33.0646279 22390.749 ""
61.1764706 22390.749 ""
EOD
$C0S16 << EOD
255.765839 53601.3291 ""
75.6123839 53601.3291 ""
128 53601.3291 ""
EOD
$C0S17 << EOD
63.8830267 17050.0163 ""
17.1022267 17050.0163 ""
32 17050.0163 ""
EOD
$C0S18 << EOD
0.249801793 214.169935 ""
0.0747049919 214.169935 ""
0.125 214.169935 ""
EOD
$C0S19 << EOD
511.21994 27413.7516 "wmma_gemm"
EOD
$C0S20 << EOD
18.7579421 27413.7516 "wmma_gemm"
EOD
$C0S21 << EOD
3.96899225 27413.7516 "wmma_gemm"
EOD
$C0S22 << EOD
122.114436 22390.749 "fma_f32"
EOD
$C0S23 << EOD
33.0646279 22390.749 "fma_f32"
EOD
$C0S24 << EOD
61.1764706 22390.749 "fma_f32"
EOD
$C0S25 << EOD
255.765839 53601.3291 "hfma2_f16"
EOD
$C0S26 << EOD
75.6123839 53601.3291 "hfma2_f16"
EOD
$C0S27 << EOD
128 53601.3291 "hfma2_f16"
EOD
$C0S28 << EOD
63.8830267 17050.0163 "fma_f64"
EOD
$C0S29 << EOD
17.1022267 17050.0163 "fma_f64"
EOD
$C0S30 << EOD
32 17050.0163 "fma_f64"
EOD
$C0S31 << EOD
0.249801793 214.169935 "scale<float, 4>"
EOD
$C0S32 << EOD
0.0747049919 214.169935 "scale<float, 4>"
EOD
$C0S33 << EOD
0.125 214.169935 "scale<float, 4>"
EOD

# ---- Hierarchical roofline of NVIDIA H100 SXM5 80GB ----
set lmargin at screen 0.110
set rmargin at screen 0.910
set bmargin at screen 0.160
set tmargin at screen 0.900
unset label
unset arrow
set title 'Hierarchical roofline of NVIDIA H100 SXM5 80GB'
set xlabel 'arithmetic intensity (FLOP/B)'
set ylabel 'performance (GFLOP/s)'
set logscale xy
set xrange [0.02:2000]
set yrange [50:2000000]
set key bottom right
set xtics ("" 0.02000000002 1, "" 0.03 1, "" 0.04 1, "" 0.05 1, "" 0.06 1, "" 0.07 1, "" 0.08 1, "" 0.09 1, "0.1" 0.1, "" 0.2 1, "" 0.3 1, "" 0.4 1, "" 0.5 1, "" 0.6 1, "" 0.7 1, "" 0.8 1, "" 0.9 1, "1" 1, "" 2 1, "" 3 1, "" 4 1, "" 5 1, "" 6 1, "" 7 1, "" 8 1, "" 9 1, "10" 10, "" 20 1, "" 30 1, "" 40 1, "" 50 1, "" 60 1, "" 70 1, "" 80 1, "" 90 1, "100" 100, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "" 1999.999998 1)
set ytics ("" 50.00000005 1, "" 60 1, "" 70 1, "" 80 1, "" 90 1, "100" 100, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10k" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100k" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1M" 1000000, "" 1999999.998 1)
set label 1 'ridge 19.96 FLOP/B' rotate by 0 front boxed font ',8' at 19.9606683,66908.16 left offset screen 0.042667,0.015333
set arrow 1 from 19.9606683,66908.16 to 36.8843168,72911.0054 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 2 'FP32 66.91 TFLOP/s' rotate by 0 front boxed textcolor linetype 1 at 653.739905,66908.16 right offset screen 0.073700,0.018833
set label 3 'FP64 33.45 TFLOP/s' rotate by 0 front boxed textcolor linetype 1 at 653.739905,33454.08 right offset screen 0.073700,-0.044500
set arrow 3 from 653.739905,33454.08 to 653.739905,21257.5932 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 4 'FP16 133.8 TFLOP/s' rotate by 0 front boxed textcolor linetype 1 at 653.739905,133816.32 right offset screen 0.073700,0.018833
set label 5 'TENSOR FP16 989.4 TFLOP/s' rotate by 0 front boxed textcolor linetype 1 at 426.363477,989429.76 right offset screen 0.103400,0.018833
set label 6 'DRAM 3352 GB/s' rotate by 33.8 front textcolor linetype 1 at 0.149892756,502.440518 center offset screen -0.006989,0.015646
set label 7 'L2 13125 GB/s' rotate by 33.8 front textcolor linetype 1 at 0.0503602214,660.983949 center offset screen -0.006989,0.015646
set label 8 'shared memory 33454 GB/s' rotate by 33.8 front textcolor linetype 1 at 0.076623737,2563.37663 center offset screen -0.006989,0.015646
set label 9 'wmma_gemm' rotate by 0 front boxed font ',8' textcolor linetype 2 at 511.21994,27413.7516 center offset screen 0.000000,-0.073333
set arrow 9 from 511.21994,27413.7516 to 511.21994,10963.5821 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 10 'fma_f32' rotate by 0 front boxed font ',8' textcolor linetype 3 at 122.114436,22390.749 center offset screen 0.000000,-0.025333
set label 11 'hfma2_f16' rotate by 0 front boxed font ',8' textcolor linetype 4 at 255.765839,53601.3291 left offset screen 0.010667,-0.015333
set label 12 'fma_f64' rotate by 0 front boxed font ',8' textcolor linetype 5 at 63.8830267,17050.0163 center offset screen 0.000000,-0.049333
set arrow 12 from 63.8830267,17050.0163 to 63.8830267,9615.34337 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 13 'scale<float, 4>' rotate by 0 front boxed font ',8' textcolor linetype 6 at 0.249801793,214.169935 left offset screen 0.010667,-0.015333
set label 14 'Not drawn: 5 memory kernels without FLOPs (copy_f4, dyn_smem, transpose_conflicted and 2 more). Ceilings: datasheet. Made by gpuroof.' at screen 0.010,0.0150 left font ',7' textcolor rgb '#555555'
plot $C0S0 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title 'NVIDIA H100 SXM5 80GB: 3352 GB/s, FP32 66.91 TFLOP/s, ridge 19.96 FLOP/B (datasheet)', \
     $C0S1 using 1:2 with points linetype 1 pointtype 12 pointsize 0.8 title '', \
     $C0S2 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S3 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S4 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S5 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S6 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S7 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title '', \
     $C0S8 using 1:2 with lines linetype 1 linewidth 1 dashtype 2 title '', \
     $C0S9 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title '', \
     $C0S10 using 1:2 with lines linetype 1 linewidth 1 dashtype 2 title '', \
     $C0S11 using 1:2 with points linetype 7 pointtype 7 pointsize 0.8 title 'DRAM', \
     $C0S12 using 1:2 with points linetype 7 pointtype 5 pointsize 0.8 title 'L2', \
     $C0S13 using 1:2 with points linetype 7 pointtype 9 pointsize 0.8 title 'L1 / shared memory', \
     $C0S14 using 1:2 with lines linetype 2 linewidth 1 dashtype 1 title '', \
     $C0S15 using 1:2 with lines linetype 3 linewidth 1 dashtype 1 title '', \
     $C0S16 using 1:2 with lines linetype 4 linewidth 1 dashtype 1 title '', \
     $C0S17 using 1:2 with lines linetype 5 linewidth 1 dashtype 1 title '', \
     $C0S18 using 1:2 with lines linetype 6 linewidth 1 dashtype 1 title '', \
     $C0S19 using 1:2 with points linetype 2 pointtype 7 pointsize 0.8 title '', \
     $C0S20 using 1:2 with points linetype 2 pointtype 5 pointsize 0.8 title '', \
     $C0S21 using 1:2 with points linetype 2 pointtype 9 pointsize 0.8 title '', \
     $C0S22 using 1:2 with points linetype 3 pointtype 7 pointsize 0.8 title '', \
     $C0S23 using 1:2 with points linetype 3 pointtype 5 pointsize 0.8 title '', \
     $C0S24 using 1:2 with points linetype 3 pointtype 9 pointsize 0.8 title '', \
     $C0S25 using 1:2 with points linetype 4 pointtype 7 pointsize 0.8 title '', \
     $C0S26 using 1:2 with points linetype 4 pointtype 5 pointsize 0.8 title '', \
     $C0S27 using 1:2 with points linetype 4 pointtype 9 pointsize 0.8 title '', \
     $C0S28 using 1:2 with points linetype 5 pointtype 7 pointsize 0.8 title '', \
     $C0S29 using 1:2 with points linetype 5 pointtype 5 pointsize 0.8 title '', \
     $C0S30 using 1:2 with points linetype 5 pointtype 9 pointsize 0.8 title '', \
     $C0S31 using 1:2 with points linetype 6 pointtype 7 pointsize 0.8 title '', \
     $C0S32 using 1:2 with points linetype 6 pointtype 5 pointsize 0.8 title '', \
     $C0S33 using 1:2 with points linetype 6 pointtype 9 pointsize 0.8 title ''

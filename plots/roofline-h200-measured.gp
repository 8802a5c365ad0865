# Roofline of NVIDIA H200 SXM 141GB
# Made by: gpuroof plot --device h200 --results plots/data/h200.yaml -o plots/roofline-h200-measured.pdf
# Self-contained: edit it and run `gnuplot THIS_FILE`, or
# `gnuplot -e "outfile='other.pdf'" THIS_FILE`.
if (!exists("outfile")) outfile = 'plots/roofline-h200-measured.pdf'
set terminal pdfcairo noenhanced color font 'Sans,9' size 7.5in,5in
set output outfile

# ---- style (plots/style.gp) ----
# gpuroof chart style: every chart's script carries a copy of this file.
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
set lmargin at screen 0.11
set rmargin at screen 0.91
set bmargin at screen 0.16
set tmargin at screen 0.90
set style textbox opaque noborder margins 0.3,0.3

# ---- data ----
$C0S0 << EOD
0.01 48 ""
13.9392 66908.16 ""
10000 66908.16 ""
EOD
$C0S1 << EOD
13.9392 66908.16 "ridge 13.9 FLOP/B"
EOD
$C0S2 << EOD
6.9696 33454.08 ""
10000 33454.08 ""
EOD
$C0S3 << EOD
0.09375 366.838054 ""
0.125 489.274323 ""
0.1875 733.323369 ""
0.25 985.18544 ""
0.5 1971.35487 ""
0.75 2956.38105 ""
1 3950.60115 ""
1.5 5921.54456 ""
2 7892.49096 ""
3 11812.6881 ""
4 15660.4311 ""
6 23401.5657 ""
8 31103.1186 ""
12 46172.5159 ""
16 54274.6123 ""
24 57856.6251 ""
32 60350.9726 ""
48 61913.6046 ""
64 63191.4851 ""
100 64052.1353 ""
EOD
$C0S4 << EOD
0.01 46.8114279 ""
14.0310895 65681.5333 ""
10000 65681.5333 ""
EOD
$C0S5 << EOD
170.666667 5112.86164 ""
682.666667 5197.86197 ""
EOD
$C0S6 << EOD
170.666667 7659.9549 ""
682.666667 8129.25771 ""
EOD
$C0S7 << EOD
170.666667 9006.08785 ""
682.666667 9058.7139 ""
EOD
$C0S8 << EOD
170.666667 7672.21471 ""
682.666667 8116.01605 ""
166.666667 7446.23816 ""
EOD
$C0S9 << EOD
170.666667 6462.40684 ""
682.666667 6477.00589 ""
166.666667 6019.16488 ""
EOD
$C0S10 << EOD
170.666667 12020.2159 ""
682.666667 12801.7483 ""
EOD
$C0S11 << EOD
170.666667 33017.8895 ""
682.666667 50747.2415 ""
166.666667 33156.4991 ""
EOD

# ---- Roofline of NVIDIA H200 SXM 141GB ----
unset label
set title 'Roofline of NVIDIA H200 SXM 141GB'
set xlabel 'arithmetic intensity (FLOP/B)'
set ylabel 'performance (GFLOP/s)'
set logscale xy
set xrange [0.01:10000]
set yrange [10:1000000]
set key bottom right
set format x '%g'
set format y '%.0s%c'
set label 1 'FP32 66.9 TFLOP/s (datasheet)' at 10000,66908.16 right rotate by 0 offset -0.5,0.6 front boxed textcolor linetype 1
set label 2 'FP64 33.5 TFLOP/s (datasheet)' at 10000,33454.08 right rotate by 0 offset -0.5,0.6 front boxed textcolor linetype 1
set label 3 'DRAM 4800 GB/s' at 0.00658807846,31.6227766 left rotate by 36.5 offset -0.4,0.6 front textcolor linetype 1
set label 4 'measured DRAM 4681 GB/s' at 0.0850448679,398.107171 left rotate by 36.5 offset -0.4,0.6 front textcolor linetype 2
set label 5 'Ceilings: datasheet figures of the device profiles; dashed: measured by gpuroof measure. Made by gpuroof.' at screen 0.01,0.015 left font ',7' textcolor rgb '#555555'
plot $C0S0 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title 'NVIDIA H200 SXM 141GB: 4800 GB/s, FP32 66.9 TFLOP/s, ridge 13.9 FLOP/B (datasheet)', \
     $C0S1 using 1:2 with points linetype 1 pointtype 7 pointsize 0.8 title '', \
     $C0S1 using 1:2:3 with labels left offset 0.8,-1 font ',8' boxed notitle, \
     $C0S2 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S3 using 1:2 with points linetype 2 pointtype 6 pointsize 0.35 title 'intensity sweep (measured)', \
     $C0S4 using 1:2 with lines linetype 2 linewidth 2 dashtype 2 title 'NVIDIA H200: 4681 GB/s, FP32 65.7 TFLOP/s (measured)', \
     $C0S5 using 1:2 with points linetype 3 pointtype 4 pointsize 0.8 title 'matmul-naive (measured)', \
     $C0S6 using 1:2 with points linetype 4 pointtype 6 pointsize 0.8 title 'matmul-tiled16 (measured)', \
     $C0S7 using 1:2 with points linetype 5 pointtype 8 pointsize 0.8 title 'matmul-tiled32 (measured)', \
     $C0S8 using 1:2 with points linetype 6 pointtype 10 pointsize 0.8 title 'matmul-boundary16 (measured)', \
     $C0S9 using 1:2 with points linetype 7 pointtype 12 pointsize 0.8 title 'matmul-dynamic (measured)', \
     $C0S10 using 1:2 with points linetype 8 pointtype 14 pointsize 0.8 title 'matmul-tiled32-coarsened (measured)', \
     $C0S11 using 1:2 with points linetype 2 pointtype 5 pointsize 0.8 title 'matmul-cublas (measured)'

# Roofline of NVIDIA H200 SXM 141GB
# Made by: gpuroof plot --device h200 --results plots/data/h200.yaml -o plots/roofline-h200-measured.pdf
# Self-contained: edit it and run `gnuplot THIS_FILE`, or
# `gnuplot -e "outfile='other.pdf'" THIS_FILE`.
if (!exists("outfile")) outfile = 'plots/roofline-h200-measured.pdf'
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
0.02 96 ""
13.9392 66908.16 ""
5000 66908.16 ""
EOD
$C0S1 << EOD
13.9392 66908.16 "ridge 13.94 FLOP/B"
EOD
$C0S2 << EOD
6.9696 33454.08 ""
5000 33454.08 ""
EOD
$C0S3 << EOD
0.09375 367.985962 ""
0.125 489.645574 ""
0.1875 734.650592 ""
0.25 992.279598 ""
0.5 1979.78763 ""
0.75 2960.98998 ""
1 3938.83366 ""
1.5 5882.70014 ""
2 7801.08856 ""
3 11594.4824 ""
4 15548.4066 ""
6 22743.3061 ""
8 28836.8966 ""
12 45888.3631 ""
16 54217.7487 ""
24 57881.0569 ""
32 60151.4963 ""
48 61869.6037 ""
64 63049.0924 ""
100 64203.9556 ""
EOD
$C0S4 << EOD
0.02 93.7945975 ""
14.0668307 65969.6361 ""
5000 65969.6361 ""
EOD
$C0S5 << EOD
170.666667 5124.37871 ""
682.666667 5138.3811 ""
EOD
$C0S6 << EOD
170.666667 7687.1552 ""
682.666667 8128.88813 ""
EOD
$C0S7 << EOD
170.666667 8995.82628 ""
682.666667 9006.68278 ""
EOD
$C0S8 << EOD
170.666667 7684.51466 ""
682.666667 8102.31317 ""
166.666667 7434.72325 ""
EOD
$C0S9 << EOD
170.666667 6481.7563 ""
682.666667 6464.31826 ""
166.666667 6026.12947 ""
EOD
$C0S10 << EOD
170.666667 12164.0141 ""
682.666667 12786.4272 ""
EOD
$C0S11 << EOD
170.666667 31418.008 ""
682.666667 50937.4253 ""
166.666667 32299.7415 ""
EOD

# ---- Roofline of NVIDIA H200 SXM 141GB ----
set lmargin at screen 0.110
set rmargin at screen 0.910
set bmargin at screen 0.160
set tmargin at screen 0.900
unset label
unset arrow
set title 'Roofline of NVIDIA H200 SXM 141GB'
set xlabel 'arithmetic intensity (FLOP/B)'
set ylabel 'performance (GFLOP/s)'
set logscale xy
set xrange [0.02:5000]
set yrange [50:200000]
set key bottom right
set xtics ("" 0.02000000002 1, "" 0.03 1, "" 0.04 1, "" 0.05 1, "" 0.06 1, "" 0.07 1, "" 0.08 1, "" 0.09 1, "0.1" 0.1, "" 0.2 1, "" 0.3 1, "" 0.4 1, "" 0.5 1, "" 0.6 1, "" 0.7 1, "" 0.8 1, "" 0.9 1, "1" 1, "" 2 1, "" 3 1, "" 4 1, "" 5 1, "" 6 1, "" 7 1, "" 8 1, "" 9 1, "10" 10, "" 20 1, "" 30 1, "" 40 1, "" 50 1, "" 60 1, "" 70 1, "" 80 1, "" 90 1, "100" 100, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 4999.999995 1)
set ytics ("" 50.00000005 1, "" 60 1, "" 70 1, "" 80 1, "" 90 1, "100" 100, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10k" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100k" 100000, "" 199999.9998 1)
set label 1 'ridge 13.94 FLOP/B' rotate by 0 front boxed font ',8' at 13.9392,66908.16 left offset screen 0.010667,0.015333
set label 2 'FP32 66.91 TFLOP/s (datasheet)' rotate by 0 front boxed textcolor linetype 1 at 800.52265,66908.16 right offset screen 0.113911,0.018833
set label 3 'FP64 33.45 TFLOP/s (datasheet)' rotate by 0 front boxed textcolor linetype 1 at 800.52265,33454.08 right offset screen 0.113911,-0.031667
set label 4 'DRAM 4800 GB/s' rotate by 42.7 front textcolor linetype 1 at 0.0595522221,285.850666 center offset screen -0.008521,0.013832
set label 5 'measured DRAM 4690 GB/s' rotate by 42.7 front textcolor linetype 2 at 0.40362792,1892.90592 center offset screen -0.008521,0.013832
set label 6 'Ceilings: datasheet figures of the device profiles; dashed: measured by gpuroof measure. Made by gpuroof.' at screen 0.010,0.0150 left font ',7' textcolor rgb '#555555'
plot $C0S0 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title 'NVIDIA H200 SXM 141GB: 4800 GB/s, FP32 66.91 TFLOP/s, ridge 13.94 FLOP/B (datasheet)', \
     $C0S1 using 1:2 with points linetype 1 pointtype 7 pointsize 0.8 title '', \
     $C0S2 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S3 using 1:2 with points linetype 2 pointtype 6 pointsize 0.35 title 'intensity sweep (measured)', \
     $C0S4 using 1:2 with lines linetype 2 linewidth 2 dashtype 2 title 'NVIDIA H200: 4690 GB/s, FP32 65.97 TFLOP/s (measured)', \
     $C0S5 using 1:2 with points linetype 3 pointtype 4 pointsize 0.8 title 'matmul-naive (measured)', \
     $C0S6 using 1:2 with points linetype 4 pointtype 6 pointsize 0.8 title 'matmul-tiled16 (measured)', \
     $C0S7 using 1:2 with points linetype 5 pointtype 8 pointsize 0.8 title 'matmul-tiled32 (measured)', \
     $C0S8 using 1:2 with points linetype 6 pointtype 10 pointsize 0.8 title 'matmul-boundary16 (measured)', \
     $C0S9 using 1:2 with points linetype 7 pointtype 12 pointsize 0.8 title 'matmul-dynamic (measured)', \
     $C0S10 using 1:2 with points linetype 8 pointtype 14 pointsize 0.8 title 'matmul-tiled32-coarsened (measured)', \
     $C0S11 using 1:2 with points linetype 2 pointtype 5 pointsize 0.8 title 'matmul-cublas (measured)'

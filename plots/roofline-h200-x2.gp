# Roofline of NVIDIA H200 SXM 141GB
# Made by: gpuroof plot --device h200 --results plots/data/h200-x2-gpu0.yaml --results plots/data/h200-x2-gpu1.yaml -o plots/roofline-h200-x2.pdf
# Self-contained: edit it and run `gnuplot THIS_FILE`, or
# `gnuplot -e "outfile='other.pdf'" THIS_FILE`.
if (!exists("outfile")) outfile = 'plots/roofline-h200-x2.pdf'
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
0.09375 368.946263 ""
0.125 493.019754 ""
0.1875 741.927914 ""
0.25 1000.32593 ""
0.5 1997.82284 ""
0.75 2990.10246 ""
1 3975.34926 ""
1.5 5937.08605 ""
2 7901.78411 ""
3 11800.3983 ""
4 15721.1941 ""
6 23401.2262 ""
8 31290.7412 ""
12 46115.0057 ""
16 54337.787 ""
24 57977.422 ""
32 60332.3205 ""
48 61871.981 ""
64 63191.021 ""
100 64034.5651 ""
EOD
$C0S4 << EOD
0.02 93.2861161 ""
14.1046682 65788.4856 ""
5000 65788.4856 ""
EOD
$C0S5 << EOD
170.666667 5097.3274 ""
682.666667 5201.86254 ""
EOD
$C0S6 << EOD
170.666667 7638.15862 ""
682.666667 8130.68866 ""
EOD
$C0S7 << EOD
170.666667 8917.52904 ""
682.666667 9066.57341 ""
EOD
$C0S8 << EOD
170.666667 7619.51306 ""
682.666667 8113.30246 ""
166.666667 7417.95718 ""
EOD
$C0S9 << EOD
170.666667 6449.36469 ""
682.666667 6476.039 ""
166.666667 6008.17102 ""
EOD
$C0S10 << EOD
170.666667 12084.0666 ""
682.666667 12785.8753 ""
EOD
$C0S11 << EOD
170.666667 31759.9921 ""
682.666667 50232.9479 ""
166.666667 32868.787 ""
EOD
$C0S12 << EOD
0.09375 369.146482 ""
0.125 492.03654 ""
0.1875 742.102942 ""
0.25 1001.9987 ""
0.5 1999.34047 ""
0.75 2991.07984 ""
1 3980.3597 ""
1.5 5937.87406 ""
2 7893.18735 ""
3 11888.0202 ""
4 15729.0244 ""
6 22880.2969 ""
8 29045.5629 ""
12 46146.0565 ""
16 54360.4815 ""
24 57898.222 ""
32 60325.9626 ""
48 61984.1918 ""
64 63214.9695 ""
100 64335.52 ""
EOD
$C0S13 << EOD
0.02 93.6849375 ""
14.0544872 65834.6879 ""
5000 65834.6879 ""
EOD
$C0S14 << EOD
170.666667 5100.4267 ""
682.666667 5193.13257 ""
EOD
$C0S15 << EOD
170.666667 7638.15862 ""
682.666667 8128.07298 ""
EOD
$C0S16 << EOD
170.666667 8939.50513 ""
682.666667 9052.96653 ""
EOD
$C0S17 << EOD
170.666667 7643.81416 ""
682.666667 8109.09791 ""
166.666667 7416.63729 ""
EOD
$C0S18 << EOD
170.666667 6453.39603 ""
682.666667 6476.69326 ""
166.666667 6018.00572 ""
EOD
$C0S19 << EOD
170.666667 12059.0951 ""
682.666667 12788.0832 ""
EOD
$C0S20 << EOD
170.666667 30664.3196 ""
682.666667 51134.8249 ""
166.666667 32946.7579 ""
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
set label 3 'FP64 33.45 TFLOP/s (datasheet)' rotate by 0 front boxed textcolor linetype 1 at 800.52265,33454.08 right offset screen 0.113911,-0.038083
set arrow 3 from 800.52265,33454.08 to 800.52265,25208.1493 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 4 'DRAM 4800 GB/s' rotate by 42.7 front textcolor linetype 1 at 0.0595522221,285.850666 center offset screen -0.008521,0.013832
set label 5 'h200 GPU 0: measured DRAM 4664 GB/s' rotate by 42.7 front textcolor linetype 2 at 0.698034634,3255.84699 center offset screen -0.008521,0.013832
set label 6 'h200 GPU 1: measured DRAM 4684 GB/s' rotate by 42.7 front textcolor linetype 3 at 0.102973683,482.354155 center offset screen 0.022849,-0.037088
set arrow 6 from 0.102973683,482.354155 to 0.134190206,353.761952 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 7 'Ceilings: datasheet figures of the device profiles; dashed: measured by gpuroof measure. Made by gpuroof.' at screen 0.010,0.0150 left font ',7' textcolor rgb '#555555'
plot $C0S0 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title 'NVIDIA H200 SXM 141GB: 4800 GB/s, FP32 66.91 TFLOP/s, ridge 13.94 FLOP/B (datasheet)', \
     $C0S1 using 1:2 with points linetype 1 pointtype 7 pointsize 0.8 title '', \
     $C0S2 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S3 using 1:2 with points linetype 2 pointtype 6 pointsize 0.35 title 'h200 GPU 0: intensity sweep (measured)', \
     $C0S4 using 1:2 with lines linetype 2 linewidth 2 dashtype 2 title 'NVIDIA H200 GPU 0: 4664 GB/s, FP32 65.79 TFLOP/s (measured)', \
     $C0S5 using 1:2 with points linetype 2 pointtype 4 pointsize 0.8 title 'h200 GPU 0: matmul-naive (measured)', \
     $C0S6 using 1:2 with points linetype 2 pointtype 6 pointsize 0.8 title 'h200 GPU 0: matmul-tiled16 (measured)', \
     $C0S7 using 1:2 with points linetype 2 pointtype 8 pointsize 0.8 title 'h200 GPU 0: matmul-tiled32 (measured)', \
     $C0S8 using 1:2 with points linetype 2 pointtype 10 pointsize 0.8 title 'h200 GPU 0: matmul-boundary16 (measured)', \
     $C0S9 using 1:2 with points linetype 2 pointtype 12 pointsize 0.8 title 'h200 GPU 0: matmul-dynamic (measured)', \
     $C0S10 using 1:2 with points linetype 2 pointtype 14 pointsize 0.8 title 'h200 GPU 0: matmul-tiled32-coarsened (measured)', \
     $C0S11 using 1:2 with points linetype 2 pointtype 5 pointsize 0.8 title 'h200 GPU 0: matmul-cublas (measured)', \
     $C0S12 using 1:2 with points linetype 3 pointtype 6 pointsize 0.35 title 'h200 GPU 1: intensity sweep (measured)', \
     $C0S13 using 1:2 with lines linetype 3 linewidth 2 dashtype 2 title 'NVIDIA H200 GPU 1: 4684 GB/s, FP32 65.83 TFLOP/s (measured)', \
     $C0S14 using 1:2 with points linetype 3 pointtype 4 pointsize 0.8 title 'h200 GPU 1: matmul-naive (measured)', \
     $C0S15 using 1:2 with points linetype 3 pointtype 6 pointsize 0.8 title 'h200 GPU 1: matmul-tiled16 (measured)', \
     $C0S16 using 1:2 with points linetype 3 pointtype 8 pointsize 0.8 title 'h200 GPU 1: matmul-tiled32 (measured)', \
     $C0S17 using 1:2 with points linetype 3 pointtype 10 pointsize 0.8 title 'h200 GPU 1: matmul-boundary16 (measured)', \
     $C0S18 using 1:2 with points linetype 3 pointtype 12 pointsize 0.8 title 'h200 GPU 1: matmul-dynamic (measured)', \
     $C0S19 using 1:2 with points linetype 3 pointtype 14 pointsize 0.8 title 'h200 GPU 1: matmul-tiled32-coarsened (measured)', \
     $C0S20 using 1:2 with points linetype 3 pointtype 5 pointsize 0.8 title 'h200 GPU 1: matmul-cublas (measured)'

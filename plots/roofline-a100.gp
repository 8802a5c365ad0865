# Roofline of NVIDIA A100-SXM4-40GB
# Made by: gpuroof plot --device a100 --model matmul-naive --model matmul-tiled --model matmul-tiled -D TILE_WIDTH=32 -o plots/roofline-a100.pdf
# Self-contained: edit it and run `gnuplot THIS_FILE`, or
# `gnuplot -e "outfile='other.pdf'" THIS_FILE`.
if (!exists("outfile")) outfile = 'plots/roofline-a100.pdf'
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
0.05 77.75 ""
12.5401929 19500 ""
50 19500 ""
EOD
$C0S1 << EOD
12.5401929 19500 "ridge 12.54 FLOP/B"
EOD
$C0S2 << EOD
6.23794212 9700 ""
50 9700 ""
EOD
$C0S3 << EOD
0.25 388.75 "matmul-naive (0.25 FLOP/B)"
4 4872.96 "matmul-tiled (4 FLOP/B; shared memory binds: 4.873 TFLOP/s)"
8 4872.96 "matmul-tiled TILE_WIDTH=32 (8 FLOP/B; shared memory binds: 4.873 TFLOP/s)"
EOD

# ---- Roofline of NVIDIA A100-SXM4-40GB ----
set lmargin at screen 0.110
set rmargin at screen 0.910
set bmargin at screen 0.160
set tmargin at screen 0.900
unset label
unset arrow
set title 'Roofline of NVIDIA A100-SXM4-40GB'
set xlabel 'arithmetic intensity (FLOP/B)'
set ylabel 'performance (GFLOP/s)'
set logscale xy
set xrange [0.05:50]
set yrange [50:50000]
set key top left
set xtics ("" 0.05000000005 1, "" 0.06 1, "" 0.07 1, "" 0.08 1, "" 0.09 1, "0.1" 0.1, "" 0.2 1, "" 0.3 1, "" 0.4 1, "" 0.5 1, "" 0.6 1, "" 0.7 1, "" 0.8 1, "" 0.9 1, "1" 1, "" 2 1, "" 3 1, "" 4 1, "" 5 1, "" 6 1, "" 7 1, "" 8 1, "" 9 1, "10" 10, "" 20 1, "" 30 1, "" 40 1, "" 49.99999995 1)
set ytics ("" 50.00000005 1, "" 60 1, "" 70 1, "" 80 1, "" 90 1, "100" 100, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10k" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 49999.99995 1)
set label 1 'ridge 12.54 FLOP/B' rotate by 0 front boxed font ',8' at 12.5401929,19500 left offset screen 0.010667,-0.015333
set label 2 'FP32 19.5 TFLOP/s' rotate by 0 front boxed textcolor linetype 1 at 26.5798997,19500 right offset screen 0.069178,0.018833
set label 3 'FP64 9.7 TFLOP/s' rotate by 0 front boxed textcolor linetype 1 at 27.6383219,9700 right offset screen 0.064656,0.018833
set label 4 'DRAM 1555 GB/s' rotate by 31.7 front textcolor linetype 1 at 0.0997440001,155.10192 center offset screen -0.006590,0.016030
set label 5 'matmul-naive (0.25 FLOP/B)' rotate by 0 front boxed font ',8' at 0.25,388.75 left offset screen 0.010667,-0.015333
set label 6 'matmul-tiled (4 FLOP/B; shared memory binds: 4.873 TFLOP/s)' rotate by 0 front boxed font ',8' at 4,4872.96 right offset screen -0.042667,0.015333
set arrow 6 from 4,4872.96 to 2.76732388,5153.6767 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 7 'matmul-tiled TILE_WIDTH=32 (8 FLOP/B; shared memory binds: 4.873 TFLOP/s)' rotate by 0 front boxed font ',8' at 8,4872.96 center offset screen 0.000000,-0.121333
set arrow 7 from 8,4872.96 to 8,1712.92675 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 8 'Ceilings: datasheet figures of the device profiles. Made by gpuroof.' at screen 0.010,0.0150 left font ',7' textcolor rgb '#555555'
plot $C0S0 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title 'NVIDIA A100-SXM4-40GB: 1555 GB/s, FP32 19.5 TFLOP/s, ridge 12.54 FLOP/B (datasheet)', \
     $C0S1 using 1:2 with points linetype 1 pointtype 7 pointsize 0.8 title '', \
     $C0S2 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S3 using 1:2 with points linetype 8 pointtype 9 pointsize 0.8 title 'kernel models, at their binding roof (gpuroof bound)'

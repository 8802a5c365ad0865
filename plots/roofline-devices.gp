# Rooflines of k40, v100, a100, h100, h200
# Made by: gpuroof plot --device k40 --device v100 --device a100 --device h100 --device h200 -o plots/roofline-devices.pdf
# Self-contained: edit it and run `gnuplot THIS_FILE`, or
# `gnuplot -e "outfile='other.pdf'" THIS_FILE`.
if (!exists("outfile")) outfile = 'plots/roofline-devices.pdf'
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
1 288 ""
14.9 4291.2 ""
1000 4291.2 ""
EOD
$C0S1 << EOD
14.9 4291.2 "ridge 14.9 FLOP/B"
EOD
$C0S2 << EOD
4.96666667 1430.4 ""
1000 1430.4 ""
EOD
$C0S3 << EOD
1 900 ""
17.408 15667.2 ""
1000 15667.2 ""
EOD
$C0S4 << EOD
17.408 15667.2 "ridge 17.41 FLOP/B"
EOD
$C0S5 << EOD
8.704 7833.6 ""
1000 7833.6 ""
EOD
$C0S6 << EOD
1 1555 ""
12.5401929 19500 ""
1000 19500 ""
EOD
$C0S7 << EOD
12.5401929 19500 "ridge 12.54 FLOP/B"
EOD
$C0S8 << EOD
6.23794212 9700 ""
1000 9700 ""
EOD
$C0S9 << EOD
1 3352 ""
19.9606683 66908.16 ""
1000 66908.16 ""
EOD
$C0S10 << EOD
19.9606683 66908.16 "ridge 19.96 FLOP/B"
EOD
$C0S11 << EOD
9.98033413 33454.08 ""
1000 33454.08 ""
EOD
$C0S12 << EOD
1 4800 ""
13.9392 66908.16 ""
1000 66908.16 ""
EOD
$C0S13 << EOD
13.9392 66908.16 "ridge 13.94 FLOP/B"
EOD
$C0S14 << EOD
6.9696 33454.08 ""
1000 33454.08 ""
EOD

# ---- Rooflines of k40, v100, a100, h100, h200 ----
set lmargin at screen 0.110
set rmargin at screen 0.910
set bmargin at screen 0.160
set tmargin at screen 0.900
unset label
unset arrow
set title 'Rooflines of k40, v100, a100, h100, h200'
set xlabel 'arithmetic intensity (FLOP/B)'
set ylabel 'performance (GFLOP/s)'
set logscale xy
set xrange [1:1000]
set yrange [100:1000000]
set key top left
set xtics ("1" 1.000000001, "" 2 1, "" 3 1, "" 4 1, "" 5 1, "" 6 1, "" 7 1, "" 8 1, "" 9 1, "10" 10, "" 20 1, "" 30 1, "" 40 1, "" 50 1, "" 60 1, "" 70 1, "" 80 1, "" 90 1, "100" 100, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 999.999999)
set ytics ("100" 100.0000001, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10k" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100k" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1M" 999999.999)
set label 1 'FP32 4.291 TFLOP/s: k40' rotate by 0 front boxed textcolor linetype 1 at 439.162249,4291.2 right offset screen 0.091300,-0.018833
set label 2 'FP64 1.43 TFLOP/s: k40' rotate by 0 front boxed textcolor linetype 1 at 456.649865,1430.4 right offset screen 0.086778,0.018833
set label 3 'FP32 15.67 TFLOP/s: v100' rotate by 0 front boxed textcolor linetype 2 at 422.344329,15667.2 right offset screen 0.095822,-0.016033
set label 4 'FP64 7.834 TFLOP/s: v100' rotate by 0 front boxed textcolor linetype 2 at 422.344329,7833.6 right offset screen 0.095822,-0.018833
set label 5 'FP32 19.5 TFLOP/s: a100' rotate by 0 front boxed textcolor linetype 3 at 439.162249,19500 right offset screen 0.091300,0.018833
set label 6 'FP64 9.7 TFLOP/s: a100' rotate by 0 front boxed textcolor linetype 3 at 75.7850137,9700 right offset screen 0.086778,0.016033
set label 7 'FP32 66.91 TFLOP/s: h100, h200' rotate by 0 front boxed at 348.905916,66908.16 right offset screen 0.117944,0.018833
set label 8 'FP64 33.45 TFLOP/s: h100, h200' rotate by 0 front boxed at 348.905916,33454.08 right offset screen 0.117944,0.018833
set label 9 'Ceilings: datasheet figures of the device profiles. Made by gpuroof.' at screen 0.010,0.0150 left font ',7' textcolor rgb '#555555'
plot $C0S0 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title 'NVIDIA Tesla K40: 288 GB/s, FP32 4.291 TFLOP/s, ridge 14.9 FLOP/B (datasheet)', \
     $C0S1 using 1:2 with points linetype 1 pointtype 7 pointsize 0.8 title '', \
     $C0S2 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S3 using 1:2 with lines linetype 2 linewidth 2 dashtype 1 title 'NVIDIA Tesla V100-SXM2-32GB: 900 GB/s, FP32 15.67 TFLOP/s, ridge 17.41 FLOP/B (datasheet)', \
     $C0S4 using 1:2 with points linetype 2 pointtype 7 pointsize 0.8 title '', \
     $C0S5 using 1:2 with lines linetype 2 linewidth 2 dashtype 2 title '', \
     $C0S6 using 1:2 with lines linetype 3 linewidth 2 dashtype 1 title 'NVIDIA A100-SXM4-40GB: 1555 GB/s, FP32 19.5 TFLOP/s, ridge 12.54 FLOP/B (datasheet)', \
     $C0S7 using 1:2 with points linetype 3 pointtype 7 pointsize 0.8 title '', \
     $C0S8 using 1:2 with lines linetype 3 linewidth 2 dashtype 2 title '', \
     $C0S9 using 1:2 with lines linetype 4 linewidth 2 dashtype 1 title 'NVIDIA H100 SXM5 80GB: 3352 GB/s, FP32 66.91 TFLOP/s, ridge 19.96 FLOP/B (datasheet)', \
     $C0S10 using 1:2 with points linetype 4 pointtype 7 pointsize 0.8 title '', \
     $C0S11 using 1:2 with lines linetype 4 linewidth 2 dashtype 2 title '', \
     $C0S12 using 1:2 with lines linetype 5 linewidth 2 dashtype 1 title 'NVIDIA H200 SXM 141GB: 4800 GB/s, FP32 66.91 TFLOP/s, ridge 13.94 FLOP/B (datasheet)', \
     $C0S13 using 1:2 with points linetype 5 pointtype 7 pointsize 0.8 title '', \
     $C0S14 using 1:2 with lines linetype 5 linewidth 2 dashtype 2 title ''

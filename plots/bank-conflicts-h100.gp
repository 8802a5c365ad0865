# Shared-memory bank conflicts on NVIDIA H100 80GB HBM3
# Made by: gpuroof plot banks --results plots/data/h100-sxm.yaml -o plots/bank-conflicts-h100.pdf
# Self-contained: edit it and run `gnuplot THIS_FILE`, or
# `gnuplot -e "outfile='other.pdf'" THIS_FILE`.
if (!exists("outfile")) outfile = 'plots/bank-conflicts-h100.pdf'
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
2 597.175986 "32x32 pad 0"
2 539.840013 "32x16 pad 0"
2.19903633 535.272002 "16x16 pad 0"
EOD
$C0S1 << EOD
64 8491.72831 "32x32 pad 0"
29.1036574 4272.97616 "32x16 pad 0"
15.2587437 2296.02408 "16x16 pad 0"
EOD
$C0S2 << EOD
33 4307.616 "32x32 pad 0"
17 2326.84004 "32x16 pad 0"
9 1341.16799 "16x16 pad 0"
EOD
$C0S3 << EOD
34.6031109 4307.71184 "32x32 pad 0"
17.825845 2325.80793 "32x16 pad 0"
9.43721205 1340.91997 "16x16 pad 0"
EOD
$C0S4 << EOD
31.4711589 4307.04808 "32x32 pad 0"
2.09715823 595.944017 "32x32 pad 1"
3 557.295978 "32x32 pad 2"
1.90734296 595.624 "32x32 pad 3"
16.2124152 2326.76804 "32x16 pad 0"
2.86101444 543.024004 "32x16 pad 1"
2.09715823 540.84 "32x16 pad 2"
3.2985545 542.967975 "32x16 pad 3"
8.58304333 1341.07202 "16x16 pad 0"
4 632.656008 "16x16 pad 1"
2.60206201 536.911994 "16x16 pad 2"
4.19431647 632.576019 "16x16 pad 3"
EOD
$C0S5 << EOD
36.2840994 4306.94413 "32x32 pad 0"
2.19903633 588.168025 "32x32 pad 1"
3.14573735 554.383993 "32x32 pad 2"
1.81897859 588.247985 "32x32 pad 3"
18.6918088 2337.63194 "32x16 pad 0"
2.72846788 547.048003 "32x16 pad 1"
1.90734296 540.656 "32x16 pad 2"
3.45879536 547.023982 "32x16 pad 3"
9.89566349 1340.66397 "16x16 pad 0"
3.81468593 632.400006 "16x16 pad 1"
3.62682059 536.783993 "16x16 pad 2"
4.39807266 632.631987 "16x16 pad 3"
EOD

# ---- Shared-memory bank conflicts on NVIDIA H100 80GB HBM3 ----
set lmargin at screen 0.110
set rmargin at screen 0.910
set bmargin at screen 0.160
set tmargin at screen 0.900
unset label
unset arrow
set title 'Shared-memory bank conflicts on NVIDIA H100 80GB HBM3'
set xlabel 'store + load wavefronts per request (2: none)'
set ylabel 'time per store and load (ns)'
set logscale xy
set xrange [1.48148148:86.4]
set yrange [396.497779:11463.8332]
set key bottom right
set xtics ("2" 2, "" 3 1, "" 4 1, "5" 5, "" 6 1, "" 7 1, "" 8 1, "" 9 1, "10" 10, "20" 20, "" 30 1, "" 40 1, "50" 50, "" 60 1, "" 70 1, "" 80 1)
set ytics ("" 400 1, "500" 500, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "2k" 2000, "" 3000 1, "" 4000 1, "5k" 5000, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10k" 10000)
set label 1 'One point a layout kernel, tile and padding, timed by gpuroof measure; wavefronts filled: Nsight Compute''s count, open: gpuroof''s prediction; markers at one place set side by side. Made by gpuroof.' at screen 0.010,0.0150 left font ',7' textcolor rgb '#555555'
plot $C0S0 using 1:2 with points linetype 1 pointtype 5 pointsize 0.8 title 'setRowReadRow: Nsight Compute''s count', \
     $C0S1 using 1:2 with points linetype 2 pointtype 7 pointsize 0.8 title 'setColReadCol: Nsight Compute''s count', \
     $C0S2 using 1:2 with points linetype 3 pointtype 9 pointsize 0.8 title 'setRowReadCol: Nsight Compute''s count', \
     $C0S3 using 1:2 with points linetype 4 pointtype 11 pointsize 0.8 title 'setRowReadColDyn: Nsight Compute''s count', \
     $C0S4 using 1:2 with points linetype 5 pointtype 13 pointsize 0.8 title 'setRowReadColPad: Nsight Compute''s count', \
     $C0S5 using 1:2 with points linetype 6 pointtype 15 pointsize 0.8 title 'setRowReadColDynPad: Nsight Compute''s count'

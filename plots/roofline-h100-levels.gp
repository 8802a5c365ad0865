# Hierarchical roofline of NVIDIA H100 SXM5 80GB
# Made by: gpuroof plot --device h100 --levels dram,l2,shared --results plots/data/h100-sxm.yaml -o plots/roofline-h100-levels.pdf
# Self-contained: edit it and run `gnuplot THIS_FILE`, or
# `gnuplot -e "outfile='other.pdf'" THIS_FILE`.
if (!exists("outfile")) outfile = 'plots/roofline-h100-levels.pdf'
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
5000 66908.16 ""
EOD
$C0S1 << EOD
19.9606683 66908.16 "ridge 19.96 FLOP/B"
EOD
$C0S2 << EOD
9.98033413 33454.08 ""
5000 33454.08 ""
EOD
$C0S3 << EOD
0.02 262.5024 ""
5.09771796 66908.16 ""
5000 66908.16 ""
EOD
$C0S4 << EOD
0.02 669.0816 ""
2 66908.16 ""
5000 66908.16 ""
EOD
$C0S5 << EOD
0.09375 284.215071 ""
0.125 379.587905 ""
0.1875 569.304579 ""
0.25 760.914611 ""
0.5 1520.55342 ""
0.75 2279.12596 ""
1 3038.11226 ""
1.5 4551.29646 ""
2 6054.09294 ""
3 9031.43964 ""
4 12090.0538 ""
6 17851.6627 ""
8 23728.0528 ""
12 34119.1752 ""
16 46460.2067 ""
24 56242.3688 ""
32 59322.7527 ""
48 61886.541 ""
64 62947.4462 ""
100 63980.8419 ""
EOD
$C0S6 << EOD
0.02 65.7502993 ""
19.9493148 65583.6709 ""
5000 65583.6709 ""
EOD
$C0S7 << EOD
0.02 207.098828 ""
6.33356273 65583.6709 ""
5000 65583.6709 ""
EOD
$C0S8 << EOD
0.02 667.524535 ""
1.96498158 65583.6709 ""
5000 65583.6709 ""
EOD
$C0S9 << EOD
170.666667 30629.332 ""
682.666667 48860.0262 ""
166.666667 30986.6139 ""
EOD
$C0S10 << EOD
2e-05 0.05 ""
EOD
$C0S11 << EOD
2e-05 0.05 ""
EOD
$C0S12 << EOD
2e-05 0.05 ""
EOD
$C0S13 << EOD
61.6193714 12787.4744 ""
12.2261503 12787.4744 ""
0.426620809 12787.4744 ""
EOD
$C0S14 << EOD
16.1781088 9184.39435 ""
6.64829197 9184.39435 ""
0.318990892 9184.39435 ""
EOD
$C0S15 << EOD
8.0430151 8160.21763 ""
3.31694531 8160.21763 ""
0.30605885 8160.21763 ""
EOD
$C0S16 << EOD
8.0429381 8152.59668 ""
3.3067481 8152.59668 ""
0.306074631 8152.59668 ""
EOD
$C0S17 << EOD
16.1690744 6504.62873 ""
6.65227744 6504.62873 ""
0.241432225 6504.62873 ""
EOD
$C0S18 << EOD
8.08430954 5270.98505 ""
3.21661426 5270.98505 ""
EOD
$C0S19 << EOD
61.6193714 12787.4744 "matmul-tiled32-coarsened"
EOD
$C0S20 << EOD
12.2261503 12787.4744 "matmul-tiled32-coarsened"
EOD
$C0S21 << EOD
0.426620809 12787.4744 "matmul-tiled32-coarsened"
EOD
$C0S22 << EOD
16.1781088 9184.39435 "matmul-tiled32"
EOD
$C0S23 << EOD
6.64829197 9184.39435 "matmul-tiled32"
EOD
$C0S24 << EOD
0.318990892 9184.39435 "matmul-tiled32"
EOD
$C0S25 << EOD
8.0430151 8160.21763 "matmul-tiled16"
EOD
$C0S26 << EOD
3.31694531 8160.21763 "matmul-tiled16"
EOD
$C0S27 << EOD
0.30605885 8160.21763 "matmul-tiled16"
EOD
$C0S28 << EOD
8.0429381 8152.59668 "matmul-boundary16"
EOD
$C0S29 << EOD
3.3067481 8152.59668 "matmul-boundary16"
EOD
$C0S30 << EOD
0.306074631 8152.59668 "matmul-boundary16"
EOD
$C0S31 << EOD
16.1690744 6504.62873 "matmul-dynamic"
EOD
$C0S32 << EOD
6.65227744 6504.62873 "matmul-dynamic"
EOD
$C0S33 << EOD
0.241432225 6504.62873 "matmul-dynamic"
EOD
$C0S34 << EOD
8.08430954 5270.98505 "matmul-naive"
EOD
$C0S35 << EOD
3.21661426 5270.98505 "matmul-naive"
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
set xrange [0.02:5000]
set yrange [50:200000]
set key bottom right
set xtics ("" 0.02000000002 1, "" 0.03 1, "" 0.04 1, "" 0.05 1, "" 0.06 1, "" 0.07 1, "" 0.08 1, "" 0.09 1, "0.1" 0.1, "" 0.2 1, "" 0.3 1, "" 0.4 1, "" 0.5 1, "" 0.6 1, "" 0.7 1, "" 0.8 1, "" 0.9 1, "1" 1, "" 2 1, "" 3 1, "" 4 1, "" 5 1, "" 6 1, "" 7 1, "" 8 1, "" 9 1, "10" 10, "" 20 1, "" 30 1, "" 40 1, "" 50 1, "" 60 1, "" 70 1, "" 80 1, "" 90 1, "100" 100, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 4999.999995 1)
set ytics ("" 50.00000005 1, "" 60 1, "" 70 1, "" 80 1, "" 90 1, "100" 100, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10k" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100k" 100000, "" 199999.9998 1)
set label 1 'ridge 19.96 FLOP/B' rotate by 0 front boxed font ',8' at 19.9606683,66908.16 left offset screen 0.010667,0.015333
set label 2 'FP32 66.91 TFLOP/s (datasheet)' rotate by 0 front boxed textcolor linetype 1 at 800.52265,66908.16 right offset screen 0.113911,0.018833
set label 3 'FP64 33.45 TFLOP/s (datasheet)' rotate by 0 front boxed textcolor linetype 1 at 800.52265,33454.08 right offset screen 0.113911,-0.038083
set arrow 3 from 800.52265,33454.08 to 800.52265,25208.1493 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 4 'DRAM 3352 GB/s' rotate by 42.7 front textcolor linetype 1 at 0.0632248065,211.929552 center offset screen -0.008521,0.013832
set label 5 'L2 13125 GB/s' rotate by 42.7 front textcolor linetype 1 at 0.0503602214,660.983949 center offset screen -0.008521,0.013832
set label 6 'shared memory 33454 GB/s' rotate by 42.7 front textcolor linetype 1 at 0.076623737,2563.37663 center offset screen -0.008521,0.013832
set label 7 'measured DRAM 3288 GB/s' rotate by 42.7 front textcolor linetype 2 at 0.473723475,1557.37301 center offset screen -0.008521,0.013832
set label 8 'measured L2 10355 GB/s' rotate by 42.7 front textcolor linetype 2 at 0.0522155282,540.688734 center offset screen 0.008521,-0.013832
set label 9 'measured shared memory 33376 GB/s' rotate by 42.7 front textcolor linetype 2 at 0.198241347,6616.54815 center offset screen -0.037177,0.060345
set arrow 9 from 0.198241347,6616.54815 to 0.121765096,11708.2457 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 10 'matmul-tiled32-coarsened' rotate by 0 front boxed font ',8' textcolor linetype 3 at 61.6193714,12787.4744 left offset screen 0.010667,0.000000
set label 11 'matmul-tiled32' rotate by 0 front boxed font ',8' textcolor linetype 4 at 16.1781088,9184.39435 left offset screen 0.010667,0.000000
set label 12 'matmul-tiled16' rotate by 0 front boxed font ',8' textcolor linetype 5 at 8.0430151,8160.21763 left offset screen 0.010667,-0.057333
set arrow 12 from 8.0430151,8160.21763 to 9.49273632,4764.90895 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 13 'matmul-boundary16' rotate by 0 front boxed font ',8' textcolor linetype 6 at 8.0429381,8152.59668 left offset screen 0.010667,-0.086000
set arrow 13 from 8.0429381,8152.59668 to 9.49264544,3452.30822 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 14 'matmul-dynamic' rotate by 0 front boxed font ',8' textcolor linetype 7 at 16.1690744,6504.62873 left offset screen 0.010667,0.000000
set label 15 'matmul-naive' rotate by 0 front boxed font ',8' textcolor linetype 8 at 3.21661426,5270.98504 right offset screen -0.010667,-0.086000
set arrow 15 from 3.21661426,5270.98504 to 2.72537614,2232.05755 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 16 'Ceilings: datasheet figures of the device profiles; dashed: measured by gpuroof measure. Made by gpuroof. Each kernel at its largest width: 4096. Shared memory: at most 128 B a wavefront, so its intensity is a lower bound.' at screen 0.010,0.0150 left font ',7' textcolor rgb '#555555'
plot $C0S0 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title 'NVIDIA H100 SXM5 80GB: 3352 GB/s, FP32 66.91 TFLOP/s, ridge 19.96 FLOP/B (datasheet)', \
     $C0S1 using 1:2 with points linetype 1 pointtype 12 pointsize 0.8 title '', \
     $C0S2 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S3 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title '', \
     $C0S4 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title '', \
     $C0S5 using 1:2 with points linetype 2 pointtype 6 pointsize 0.35 title 'intensity sweep (measured)', \
     $C0S6 using 1:2 with lines linetype 2 linewidth 2 dashtype 2 title 'NVIDIA H100 80GB HBM3: 3288 GB/s, FP32 65.58 TFLOP/s (measured)', \
     $C0S7 using 1:2 with lines linetype 2 linewidth 2 dashtype 2 title '', \
     $C0S8 using 1:2 with lines linetype 2 linewidth 2 dashtype 2 title '', \
     $C0S9 using 1:2 with points linetype 3 pointtype 4 pointsize 0.8 title 'matmul-cublas (measured)', \
     $C0S10 using 1:2 with points linetype 7 pointtype 7 pointsize 0.8 title 'DRAM', \
     $C0S11 using 1:2 with points linetype 7 pointtype 5 pointsize 0.8 title 'L2', \
     $C0S12 using 1:2 with points linetype 7 pointtype 9 pointsize 0.8 title 'shared memory (wavefronts x 128 B)', \
     $C0S13 using 1:2 with lines linetype 3 linewidth 1 dashtype 1 title '', \
     $C0S14 using 1:2 with lines linetype 4 linewidth 1 dashtype 1 title '', \
     $C0S15 using 1:2 with lines linetype 5 linewidth 1 dashtype 1 title '', \
     $C0S16 using 1:2 with lines linetype 6 linewidth 1 dashtype 1 title '', \
     $C0S17 using 1:2 with lines linetype 7 linewidth 1 dashtype 1 title '', \
     $C0S18 using 1:2 with lines linetype 8 linewidth 1 dashtype 1 title '', \
     $C0S19 using 1:2 with points linetype 3 pointtype 7 pointsize 0.8 title '', \
     $C0S20 using 1:2 with points linetype 3 pointtype 5 pointsize 0.8 title '', \
     $C0S21 using 1:2 with points linetype 3 pointtype 9 pointsize 0.8 title '', \
     $C0S22 using 1:2 with points linetype 4 pointtype 7 pointsize 0.8 title '', \
     $C0S23 using 1:2 with points linetype 4 pointtype 5 pointsize 0.8 title '', \
     $C0S24 using 1:2 with points linetype 4 pointtype 9 pointsize 0.8 title '', \
     $C0S25 using 1:2 with points linetype 5 pointtype 7 pointsize 0.8 title '', \
     $C0S26 using 1:2 with points linetype 5 pointtype 5 pointsize 0.8 title '', \
     $C0S27 using 1:2 with points linetype 5 pointtype 9 pointsize 0.8 title '', \
     $C0S28 using 1:2 with points linetype 6 pointtype 7 pointsize 0.8 title '', \
     $C0S29 using 1:2 with points linetype 6 pointtype 5 pointsize 0.8 title '', \
     $C0S30 using 1:2 with points linetype 6 pointtype 9 pointsize 0.8 title '', \
     $C0S31 using 1:2 with points linetype 7 pointtype 7 pointsize 0.8 title '', \
     $C0S32 using 1:2 with points linetype 7 pointtype 5 pointsize 0.8 title '', \
     $C0S33 using 1:2 with points linetype 7 pointtype 9 pointsize 0.8 title '', \
     $C0S34 using 1:2 with points linetype 8 pointtype 7 pointsize 0.8 title '', \
     $C0S35 using 1:2 with points linetype 8 pointtype 5 pointsize 0.8 title ''

# Hierarchical roofline of NVIDIA H100 SXM5 80GB
# Made by: gpuroof plot --ncu - --top 12 -o plots/roofline-h100-torch.pdf
# Self-contained: edit it and run `gnuplot THIS_FILE`, or
# `gnuplot -e "outfile='other.pdf'" THIS_FILE`.
if (!exists("outfile")) outfile = 'plots/roofline-h100-torch.pdf'
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
0.1 335.2 ""
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
295.175943 989429.76 ""
5000 989429.76 ""
EOD
$C0S4 << EOD
19.9606683 66908.16 ""
295.175943 989429.76 ""
EOD
$C0S5 << EOD
0.1 1312.512 ""
5.09771796 66908.16 ""
5000 66908.16 ""
EOD
$C0S6 << EOD
5.09771796 66908.16 ""
75.3844353 989429.76 ""
EOD
$C0S7 << EOD
0.1 3345.408 ""
2 66908.16 ""
5000 66908.16 ""
EOD
$C0S8 << EOD
2 66908.16 ""
29.5757576 989429.76 ""
EOD
$C0S9 << EOD
0.0001 0.1 ""
EOD
$C0S10 << EOD
0.0001 0.1 ""
EOD
$C0S11 << EOD
0.0001 0.1 ""
EOD
$C0S12 << EOD
1.52096432 3782.9234 ""
0.945955922 3782.9234 ""
1.44198909 3782.9234 ""
EOD
$C0S13 << EOD
805.285129 723637.133 ""
148.558933 723637.133 ""
572.019204 723637.133 ""
EOD
$C0S14 << EOD
879.349701 680262.85 ""
132.293348 680262.85 ""
455.214942 680262.85 ""
EOD
$C0S15 << EOD
751.186043 761744.126 ""
150.606283 761744.126 ""
701.146193 761744.126 ""
EOD
$C0S16 << EOD
0.606917613 568.290419 ""
0.335649312 568.290419 ""
0.385189679 568.290419 ""
EOD
$C0S17 << EOD
2.35895004 4536.93771 ""
1.4430464 4536.93771 ""
1.75232262 4536.93771 ""
EOD
$C0S18 << EOD
1.15796498 3444.53567 ""
0.721277893 3444.53567 ""
0.637530806 3444.53567 ""
EOD
$C0S19 << EOD
203.732455 226821.623 ""
77.2515856 226821.623 ""
41.6383883 226821.623 ""
EOD
$C0S20 << EOD
0.608787021 917.689232 ""
0.399012085 917.689232 ""
0.604395744 917.689232 ""
EOD
$C0S21 << EOD
795.460948 705944.657 ""
112.403023 705944.657 ""
327.478424 705944.657 ""
EOD
$C0S22 << EOD
6.10037012 6476.19609 ""
2.02489876 6476.19609 ""
0.575205988 6476.19609 ""
EOD
$C0S23 << EOD
1.81770945 3993.48524 ""
0.732441667 3993.48524 ""
0.539797122 3993.48524 ""
EOD
$C0S24 << EOD
1.52096432 3782.9234 "native::<...>::multi_tensor_apply_kernel<...>"
EOD
$C0S25 << EOD
0.945955922 3782.9234 "native::<...>::multi_tensor_apply_kernel<...>"
EOD
$C0S26 << EOD
1.44198909 3782.9234 "native::<...>::multi_tensor_apply_kernel<...>"
EOD
$C0S27 << EOD
805.285129 723637.133 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT"
EOD
$C0S28 << EOD
148.558933 723637.133 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT"
EOD
$C0S29 << EOD
572.019204 723637.133 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT"
EOD
$C0S30 << EOD
879.349701 680262.85 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_bias_TNT"
EOD
$C0S31 << EOD
132.293348 680262.85 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_bias_TNT"
EOD
$C0S32 << EOD
455.214942 680262.85 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_bias_TNT"
EOD
$C0S33 << EOD
751.186043 761744.126 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NTT"
EOD
$C0S34 << EOD
150.606283 761744.126 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NTT"
EOD
$C0S35 << EOD
701.146193 761744.126 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NTT"
EOD
$C0S36 << EOD
0.606917613 568.290419 "native::reduce_kernel<...>"
EOD
$C0S37 << EOD
0.335649312 568.290419 "native::reduce_kernel<...>"
EOD
$C0S38 << EOD
0.385189679 568.290419 "native::reduce_kernel<...>"
EOD
$C0S39 << EOD
2.35895004 4536.93771 "native::<...>::cunn_SoftMaxForwardReg<...>"
EOD
$C0S40 << EOD
1.4430464 4536.93771 "native::<...>::cunn_SoftMaxForwardReg<...>"
EOD
$C0S41 << EOD
1.75232262 4536.93771 "native::<...>::cunn_SoftMaxForwardReg<...>"
EOD
$C0S42 << EOD
1.15796498 3444.53567 "native::<...>::cunn_SoftMaxBackwardSmem<...>"
EOD
$C0S43 << EOD
0.721277893 3444.53567 "native::<...>::cunn_SoftMaxBackwardSmem<...>"
EOD
$C0S44 << EOD
0.637530806 3444.53567 "native::<...>::cunn_SoftMaxBackwardSmem<...>"
EOD
$C0S45 << EOD
203.732455 226821.623 "cudnn_generated_fort_native_sdpa_sm90_flash_bprop_wgmma_f16_knob_26_64x64x64_1x4x1_cga1x1x1_..."
EOD
$C0S46 << EOD
77.2515856 226821.623 "cudnn_generated_fort_native_sdpa_sm90_flash_bprop_wgmma_f16_knob_26_64x64x64_1x4x1_cga1x1x1_..."
EOD
$C0S47 << EOD
41.6383883 226821.623 "cudnn_generated_fort_native_sdpa_sm90_flash_bprop_wgmma_f16_knob_26_64x64x64_1x4x1_cga1x1x1_..."
EOD
$C0S48 << EOD
0.608787021 917.689232 "native::<...>::GammaBetaBackwardCUDAKernelTemplate<...>"
EOD
$C0S49 << EOD
0.399012085 917.689232 "native::<...>::GammaBetaBackwardCUDAKernelTemplate<...>"
EOD
$C0S50 << EOD
0.604395744 917.689232 "native::<...>::GammaBetaBackwardCUDAKernelTemplate<...>"
EOD
$C0S51 << EOD
795.460948 705944.657 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_TNT"
EOD
$C0S52 << EOD
112.403023 705944.657 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_TNT"
EOD
$C0S53 << EOD
327.478424 705944.657 "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_TNT"
EOD
$C0S54 << EOD
6.10037012 6476.19609 "native::<...>::vectorized_layer_norm_kernel<...>"
EOD
$C0S55 << EOD
2.02489876 6476.19609 "native::<...>::vectorized_layer_norm_kernel<...>"
EOD
$C0S56 << EOD
0.575205988 6476.19609 "native::<...>::vectorized_layer_norm_kernel<...>"
EOD
$C0S57 << EOD
1.81770945 3993.48524 "native::<...>::layer_norm_grad_input_kernel_vectorized<...>"
EOD
$C0S58 << EOD
0.732441667 3993.48524 "native::<...>::layer_norm_grad_input_kernel_vectorized<...>"
EOD
$C0S59 << EOD
0.539797122 3993.48524 "native::<...>::layer_norm_grad_input_kernel_vectorized<...>"
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
set xrange [0.1:5000]
set yrange [100:2000000]
set key bottom right
set xtics ("0.1" 0.1000000001, "" 0.2 1, "" 0.3 1, "" 0.4 1, "" 0.5 1, "" 0.6 1, "" 0.7 1, "" 0.8 1, "" 0.9 1, "1" 1, "" 2 1, "" 3 1, "" 4 1, "" 5 1, "" 6 1, "" 7 1, "" 8 1, "" 9 1, "10" 10, "" 20 1, "" 30 1, "" 40 1, "" 50 1, "" 60 1, "" 70 1, "" 80 1, "" 90 1, "100" 100, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 4999.999995 1)
set ytics ("100" 100.0000001, "" 200 1, "" 300 1, "" 400 1, "" 500 1, "" 600 1, "" 700 1, "" 800 1, "" 900 1, "1k" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10k" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100k" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1M" 1000000, "" 1999999.998 1)
set label 1 'ridge 19.96 FLOP/B' rotate by 0 front boxed font ',8' at 19.9606683,66908.16 left offset screen 0.010667,-0.015333
set label 2 'FP32 66.91 TFLOP/s' rotate by 0 front boxed textcolor linetype 1 at 1748.16549,66908.16 right offset screen 0.073700,0.018833
set label 3 'FP64 33.45 TFLOP/s' rotate by 0 front boxed textcolor linetype 1 at 1748.16549,33454.08 right offset screen 0.073700,0.018833
set label 4 'TENSOR BF16 989.4 TFLOP/s' rotate by 0 front boxed textcolor linetype 1 at 1169.85836,989429.76 right offset screen 0.103400,0.018833
set label 5 'DRAM 3352 GB/s' rotate by 34 front textcolor linetype 1 at 0.24174779,810.338593 center offset screen -0.007015,0.015619
set label 6 'L2 13125 GB/s' rotate by 34 front textcolor linetype 1 at 0.226831462,2977.19016 center offset screen -0.007015,0.015619
set label 7 'shared memory 33454 GB/s' rotate by 34 front textcolor linetype 1 at 0.348414188,11655.8761 center offset screen -0.007015,0.015619
set label 8 'native::<...>::multi_tensor_apply_kernel<...>' rotate by 0 front boxed font ',8' textcolor linetype 2 at 1.52096432,3782.9234 left offset screen 0.026667,-0.015333
set arrow 8 from 1.52096432,3782.9234 to 2.18148062,3491.03603 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 9 'nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT' rotate by 0 front font ',8' textcolor linetype 3 at 805.285129,723637.133 right offset screen -0.058667,-0.015333
set arrow 9 from 805.285129,723637.133 to 364.215602,667801.866 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 10 '[4]' rotate by 0 front boxed font ',8' textcolor linetype 4 at 879.349701,680262.85 left offset screen 0.010667,-0.015333
set label 11 'nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NTT' rotate by 0 front boxed font ',8' textcolor linetype 5 at 751.186043,761744.126 center offset screen 0.000000,-0.121333
set arrow 11 from 751.186043,761744.126 to 751.186043,170154.097 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 12 'native::reduce_kernel<...>' rotate by 0 front boxed font ',8' textcolor linetype 6 at 0.606917613,568.290419 left offset screen 0.010667,-0.015333
set label 13 'native::<...>::cunn_SoftMaxForwardReg<...>' rotate by 0 front font ',8' textcolor linetype 7 at 2.35895004,4536.93771 center offset screen 0.000000,-0.073333
set arrow 13 from 2.35895004,4536.93771 to 2.35895004,1926.55692 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 14 '[10]' rotate by 0 front boxed font ',8' textcolor linetype 8 at 1.15796498,3444.53567 left offset screen 0.010667,-0.015333
set label 15 'cudnn_generated_fort_native_sdpa_sm90_flash_bprop_wgmma_f16_knob_26_64x64x64_1x4x1_cga1x1x1_...' rotate by 0 front font ',8' textcolor linetype 2 at 203.732455,226821.623 right offset screen -0.010667,0.015333
set label 16 'native::<...>::GammaBetaBackwardCUDAKernelTemplate<...>' rotate by 0 front boxed font ',8' textcolor linetype 3 at 0.608787021,917.689232 left offset screen 0.010667,-0.015333
set label 17 '[13]' rotate by 0 front boxed font ',8' textcolor linetype 4 at 795.460948,705944.657 center offset screen 0.000000,-0.025333
set label 18 'native::<...>::vectorized_layer_norm_kernel<...>' rotate by 0 front boxed font ',8' textcolor linetype 5 at 6.10037012,6476.19609 left offset screen 0.010667,0.015333
set label 19 'native::<...>::layer_norm_grad_input_kernel_vectorized<...>' rotate by 0 front font ',8' textcolor linetype 6 at 1.81770945,3993.48524 left offset screen 0.042667,0.015333
set arrow 19 from 1.81770945,3993.48524 to 3.23695154,4327.38266 nohead back linewidth 0.5 linecolor rgb '#888888'
set label 20 'Not drawn: 22 memory kernels: 16 without FLOPs, 3 whose only FLOPs are FP16 register moves, 3 with negligible FLOPs (native::unrolled_elementwise_kernel<...>, native::vectorized_elementwise_kernel<...>,' at screen 0.010,0.0450 left font ',7' textcolor rgb '#555555'
set label 21 'native::vectorized_elementwise_kernel<...> and 19 more). 13 more kernels past the top 12 by time. Ceilings: datasheet. Made by gpuroof. Numbered kernels (rank by time): [4]' at screen 0.010,0.0300 left font ',7' textcolor rgb '#555555'
set label 22 'nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_bias_TNT; [10] native::<...>::cunn_SoftMaxBackwardSmem<...>; [13] nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_TNT.' at screen 0.010,0.0150 left font ',7' textcolor rgb '#555555'
plot $C0S0 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title 'NVIDIA H100 SXM5 80GB: 3352 GB/s, FP32 66.91 TFLOP/s, ridge 19.96 FLOP/B (datasheet)', \
     $C0S1 using 1:2 with points linetype 1 pointtype 12 pointsize 0.8 title '', \
     $C0S2 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S3 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S4 using 1:2 with lines linetype 1 linewidth 2 dashtype 2 title '', \
     $C0S5 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title '', \
     $C0S6 using 1:2 with lines linetype 1 linewidth 1 dashtype 2 title '', \
     $C0S7 using 1:2 with lines linetype 1 linewidth 2 dashtype 1 title '', \
     $C0S8 using 1:2 with lines linetype 1 linewidth 1 dashtype 2 title '', \
     $C0S9 using 1:2 with points linetype 7 pointtype 7 pointsize 0.8 title 'DRAM', \
     $C0S10 using 1:2 with points linetype 7 pointtype 5 pointsize 0.8 title 'L2', \
     $C0S11 using 1:2 with points linetype 7 pointtype 9 pointsize 0.8 title 'L1 / shared memory', \
     $C0S12 using 1:2 with lines linetype 2 linewidth 1 dashtype 1 title '', \
     $C0S13 using 1:2 with lines linetype 3 linewidth 1 dashtype 1 title '', \
     $C0S14 using 1:2 with lines linetype 4 linewidth 1 dashtype 1 title '', \
     $C0S15 using 1:2 with lines linetype 5 linewidth 1 dashtype 1 title '', \
     $C0S16 using 1:2 with lines linetype 6 linewidth 1 dashtype 1 title '', \
     $C0S17 using 1:2 with lines linetype 7 linewidth 1 dashtype 1 title '', \
     $C0S18 using 1:2 with lines linetype 8 linewidth 1 dashtype 1 title '', \
     $C0S19 using 1:2 with lines linetype 2 linewidth 1 dashtype 1 title '', \
     $C0S20 using 1:2 with lines linetype 3 linewidth 1 dashtype 1 title '', \
     $C0S21 using 1:2 with lines linetype 4 linewidth 1 dashtype 1 title '', \
     $C0S22 using 1:2 with lines linetype 5 linewidth 1 dashtype 1 title '', \
     $C0S23 using 1:2 with lines linetype 6 linewidth 1 dashtype 1 title '', \
     $C0S24 using 1:2 with points linetype 2 pointtype 7 pointsize 0.8 title '', \
     $C0S25 using 1:2 with points linetype 2 pointtype 5 pointsize 0.8 title '', \
     $C0S26 using 1:2 with points linetype 2 pointtype 9 pointsize 0.8 title '', \
     $C0S27 using 1:2 with points linetype 3 pointtype 7 pointsize 0.8 title '', \
     $C0S28 using 1:2 with points linetype 3 pointtype 5 pointsize 0.8 title '', \
     $C0S29 using 1:2 with points linetype 3 pointtype 9 pointsize 0.8 title '', \
     $C0S30 using 1:2 with points linetype 4 pointtype 7 pointsize 0.8 title '', \
     $C0S31 using 1:2 with points linetype 4 pointtype 5 pointsize 0.8 title '', \
     $C0S32 using 1:2 with points linetype 4 pointtype 9 pointsize 0.8 title '', \
     $C0S33 using 1:2 with points linetype 5 pointtype 7 pointsize 0.8 title '', \
     $C0S34 using 1:2 with points linetype 5 pointtype 5 pointsize 0.8 title '', \
     $C0S35 using 1:2 with points linetype 5 pointtype 9 pointsize 0.8 title '', \
     $C0S36 using 1:2 with points linetype 6 pointtype 7 pointsize 0.8 title '', \
     $C0S37 using 1:2 with points linetype 6 pointtype 5 pointsize 0.8 title '', \
     $C0S38 using 1:2 with points linetype 6 pointtype 9 pointsize 0.8 title '', \
     $C0S39 using 1:2 with points linetype 7 pointtype 7 pointsize 0.8 title '', \
     $C0S40 using 1:2 with points linetype 7 pointtype 5 pointsize 0.8 title '', \
     $C0S41 using 1:2 with points linetype 7 pointtype 9 pointsize 0.8 title '', \
     $C0S42 using 1:2 with points linetype 8 pointtype 7 pointsize 0.8 title '', \
     $C0S43 using 1:2 with points linetype 8 pointtype 5 pointsize 0.8 title '', \
     $C0S44 using 1:2 with points linetype 8 pointtype 9 pointsize 0.8 title '', \
     $C0S45 using 1:2 with points linetype 2 pointtype 7 pointsize 0.8 title '', \
     $C0S46 using 1:2 with points linetype 2 pointtype 5 pointsize 0.8 title '', \
     $C0S47 using 1:2 with points linetype 2 pointtype 9 pointsize 0.8 title '', \
     $C0S48 using 1:2 with points linetype 3 pointtype 7 pointsize 0.8 title '', \
     $C0S49 using 1:2 with points linetype 3 pointtype 5 pointsize 0.8 title '', \
     $C0S50 using 1:2 with points linetype 3 pointtype 9 pointsize 0.8 title '', \
     $C0S51 using 1:2 with points linetype 4 pointtype 7 pointsize 0.8 title '', \
     $C0S52 using 1:2 with points linetype 4 pointtype 5 pointsize 0.8 title '', \
     $C0S53 using 1:2 with points linetype 4 pointtype 9 pointsize 0.8 title '', \
     $C0S54 using 1:2 with points linetype 5 pointtype 7 pointsize 0.8 title '', \
     $C0S55 using 1:2 with points linetype 5 pointtype 5 pointsize 0.8 title '', \
     $C0S56 using 1:2 with points linetype 5 pointtype 9 pointsize 0.8 title '', \
     $C0S57 using 1:2 with points linetype 6 pointtype 7 pointsize 0.8 title '', \
     $C0S58 using 1:2 with points linetype 6 pointtype 5 pointsize 0.8 title '', \
     $C0S59 using 1:2 with points linetype 6 pointtype 9 pointsize 0.8 title ''

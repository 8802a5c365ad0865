#!/bin/sh
# gpuroof plot --ncu on a real report (a PyTorch training step on the H100):
# each kernel held against the roof of the precision doing its work (the
# tensor roof drawn for the cuBLAS GEMMs), memory kernels named by kind,
# --csv's points, and -o FILE.svg with a tooltip on every kernel point.
. "$top_srcdir/tests/cli/lib.sh"

cd "$test_tmp" || exit 99
step="$test_tmp/step.csv"
gzip -dc "$top_srcdir/tests/data/ncu/h100/torch-step.csv.gz" >"$step"

has() { # FILE TEXT
    last="$1"
    if grep -F -e "$2" "$1" >/dev/null; then pass "$1 has '$2'"; else fail "$1 has '$2'" "no" "yes"; fi
}
lacks() { # FILE TEXT
    last="$1"
    if grep -F -e "$2" "$1" >/dev/null; then fail "$1 lacks '$2'" "yes" "no"; else pass "$1 lacks '$2'"; fi
}

run plot --ncu "$step" -o s.pdf --script-only --csv points.csv
expect_status 0
expect_stderr_has "22 memory kernels: 16 without FLOPs, 3 whose only FLOPs are FP16 register moves, 3 with negligible FLOPs, so without an intensity to draw"
# the GEMMs work on BF16 tensor cores: that roof is drawn without --precision
has s.gp "TENSOR BF16 989.4 TFLOP/s"
has s.gp "Not drawn: 22 memory kernels: 16 without FLOPs"
# the CSV: a header, a row a point, the roofs as the core holds them
has points.csv "label,level,intensity_flop_per_byte,gflops,roof,roof_gflops"
has points.csv '"nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT",dram,805.285129,723637.133,"tensor_bf16",989429.76'
has points.csv '"native::<...>::multi_tensor_apply_kernel<...>",dram,1.52096432,3782.9234,"dram",5098.2724'
# 8 kernels drawn at 3 levels, and the header
last=points.csv
rows=$(wc -l <points.csv | tr -d ' ')
[ "$rows" = 25 ] && pass "points.csv: 25 rows" || fail "points.csv: 25 rows" "$rows" 25
# the phantom FP16 of the copies: named as such in the JSON
run plot --ncu "$step" -o s.pdf --script-only --json
expect_json '[.ncu.without_flops[] | select(.memory_kernel == "whose only FLOPs are FP16 register moves")] | length' 3
expect_json '[.ncu.without_flops[] | select(.memory_kernel == "with negligible FLOPs")] | length' 3

# --csv is a roofline's; a file that cannot be written is one line, no chart
run plot occupancy --device h100 --threads 256 --regs 32 -o o.pdf --csv o.csv
expect_fails 2 "gpuroof plot: --csv writes a roofline's points, not plot occupancy's (gpuroof plot --help)"
run plot --device h100 --point "k:2:3000" -o p.pdf --script-only --csv "$test_tmp/no/such/dir/p.csv"
expect_status 1
test ! -e "$test_tmp/no/such/dir/p.csv" && pass "no CSV left by a failure" || fail "no CSV" "a file" "none"
run plot --device h100 --point 'a "quoted" k:2:3000' -o p.pdf --script-only --csv p.csv
expect_status 0
has p.csv '"a ""quoted"" k",dram,2,3000,,'

# SVG: gnuplot's svg terminal, a hypertext tooltip a kernel point, nothing fetched
if ! command -v "${GNUPLOT:-gnuplot}" >/dev/null 2>&1; then
    skip "no gnuplot: the SVG is not drawn"
else
    run plot --ncu "$step" -o s.svg
    expect_status 0
    has s.svg "<svg"
    has s.svg "showHypertext(evt,'nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT\\nDRAM: 805.3 FLOP/B, 723.6 TFLOP/s\\nroof: tensor_bf16 989.4 TFLOP/s')"
    tips=$(grep -c 'showHypertext(evt' s.svg)
    [ "$tips" = 24 ] && pass "s.svg: a tooltip for each of 24 points" || fail "s.svg: 24 tooltips" "$tips" 24
    lacks s.svg 'href="http'
    lacks s.svg 'src="http'
    lacks s.svg '<script src'
fi
run plot --ncu "$step" -o s.jpg
expect_fails 2 "gpuroof plot: -o must end in .pdf, .png or .svg, not 's.jpg' (gpuroof plot --help)"

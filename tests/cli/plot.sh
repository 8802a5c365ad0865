#!/bin/sh
# gpuroof plot: the committed charts are current, charts are whole or absent,
# failures keep the script, and the PDFs say what they show.
. "$top_srcdir/tests/cli/lib.sh"


# The committed scripts are what gpuroof makes now (plots/make-charts).
scratch="$test_tmp/scratch"
mkdir -p "$scratch/plots"
ln -s "$top_srcdir/plots/data" "$scratch/plots/data" # the measured results the charts show
mkdir -p "$scratch/tests/data/ncu"
ln -s "$top_srcdir/tests/data/ncu/h100" "$scratch/tests/data/ncu/h100" # the Nsight Compute report one shows
last="plots/make-charts --script-only"
if (cd "$scratch" && "$top_srcdir/plots/make-charts" "$GPUROOF" --script-only) >"$out" 2>"$err"; then
    pass "runs"
else
    fail "runs" "$(shown "$err")" "exit 0"
fi
for chart in roofline-a100 roofline-devices occupancy-a100 roofline-h100-measured roofline-h200-measured \
    bank-conflicts-h100 roofline-h100-levels roofline-h100-ncu roofline-h100-torch latency-h100 roofline-h200-x2; do
    if cmp -s "$scratch/plots/$chart.gp" "$top_srcdir/plots/$chart.gp"; then
        pass "plots/$chart.gp is current"
    else
        fail "plots/$chart.gp is current" "it differs (run make plots)" "the same script"
    fi
done

# The committed PDFs are whole and name what they show.
for chart in roofline-a100:'Roofline of NVIDIA A100-SXM4-40GB':'FP32 19.5 TFLOP/s':'ridge 12.54 FLOP/B':'matmul-tiled TILE_WIDTH=32 (8 FLOP/B; shared memory binds' \
    roofline-devices:'Rooflines of k40, v100, a100, h100, h200':'FP32 66.91 TFLOP/s: h100, h200':'NVIDIA Tesla K40' \
    occupancy-a100:'4 blocks, 50%':'registers per thread':'256 threads: 50%' \
    roofline-h100-measured:'NVIDIA H100 80GB HBM3':'(measured)':'matmul-tiled32-coarsened':'intensity sweep' \
    bank-conflicts-h100:'Shared-memory bank conflicts on NVIDIA H100 80GB HBM3':'setRowReadColPad: Nsight Compute':'count, open: gpuroof' \
    roofline-h100-levels:'Hierarchical roofline of NVIDIA H100 SXM5 80GB':'13125':'33454':'matmul-cublas (measured)' \
    roofline-h100-ncu:'Hierarchical roofline of NVIDIA H100 SXM5 80GB':'wmma_gemm':'L1 / shared memory':'without FLOPs' \
    roofline-h100-torch:'Hierarchical roofline of NVIDIA H100 SXM5 80GB':'TENSOR BF16 989.4 TFLOP/s':'nvjet_sm90':'memory kernels'; do
    name=${chart%%:*}
    pdf="$top_srcdir/plots/$name.pdf"
    last="pdfinfo plots/$name.pdf"
    if ! have pdfinfo || ! have pdftotext; then
        skip "valid PDF" "no poppler-utils"
        continue
    fi
    if pdfinfo "$pdf" >"$out" 2>&1 && grep -q '^Pages: *1$' "$out"; then
        pass "a one-page PDF"
    else
        fail "a one-page PDF" "$(shown "$out")" "Pages: 1"
    fi
    pdftotext -raw "$pdf" "$out" 2>/dev/null
    rest=${chart#*:}
    while [ -n "$rest" ]; do
        text=${rest%%:*}
        [ "$rest" = "${rest#*:}" ] && rest= || rest=${rest#*:}
        expect_stdout_has "$text"
    done
    if [ -s "$top_srcdir/plots/$name.png" ]; then pass "plots/$name.png exists"; else fail "plots/$name.png" "missing" "a PNG"; fi
done

# Every ceiling label of the five-GPU chart sits next to its own line, as
# the PDF draws it: its text at most 4 pt above or below the line, and no
# other ceiling nearer (where roofs are close together, the label hugs its
# own line).  The plot area is where the script puts it (0.16 to
# 0.90 of the 360 pt page's height), the y range the script's.
last="plots/roofline-devices.pdf"
if have pdftotext; then
    range=$(sed -n 's/^set yrange \[\([^:]*\):\([^]]*\)\]$/\1 \2/p' "$top_srcdir/plots/roofline-devices.gp")
    pdftotext -bbox "$top_srcdir/plots/roofline-devices.pdf" - |
        sed -n 's/.*yMin="\([0-9.]*\)".*yMax="\([0-9.]*\)">\([^<]*\)<.*/\1 \2 \3/p' |
        awk -v range="$range" '
        BEGIN { split(range, r, " "); lo = log(r[1]); hi = log(r[2]) }
        function page_y(gflops) { return 360 * (1 - (0.16 + 0.74 * (log(gflops) - lo) / (hi - lo))) }
        { w[NR] = $3; top[NR] = $1; bottom[NR] = $2 }
        END {
            for (i = 1; i + 3 <= NR; i++)
                if (w[i] ~ /^FP(32|64)$/ && w[i + 2] ~ /^TFLOP\/s:$/) { # a label, not a key entry
                    n++; text[n] = w[i] " " w[i + 1] " " w[i + 3]; y[n] = page_y(w[i + 1] * 1000)
                    t[n] = top[i]; b[n] = bottom[i]
                }
            for (k = 1; k <= n; k++) {
                gap = b[k] <= y[k] ? y[k] - b[k] : t[k] >= y[k] ? t[k] - y[k] : -1
                nearest = 1e9
                for (j = 1; j <= n; j++)
                    if (j != k && y[j] != y[k]) {
                        d = b[k] <= y[j] ? y[j] - b[k] : t[k] >= y[j] ? t[k] - y[j] : 0
                        if (d < nearest) { nearest = d; other = text[j] }
                    }
                printf "%.1f %.1f %s: %.1f pt from its line, %.1f pt from %s\n", gap, nearest, text[k], gap, nearest, other
            }
        }' >"$out"
    if [ "$(wc -l <"$out")" -eq 8 ] && awk '$1 < 0 || $1 > 4 || $2 < $1 { exit 1 }' "$out"; then
        pass "every ceiling label beside its own line"
    else
        fail "every ceiling label beside its own line" "$(cut -d' ' -f3- "$out" | tr '\n' ';')" "8 labels, each 0 to 4 pt from its line and nearer it than any other"
    fi
else
    skip "ceiling labels beside their lines" "no poppler-utils"
fi

# doc/measure.md shows the committed run's report as it printed it.
last="doc/measure.md"
missing=$(grep -v -x -F -f "$top_srcdir/doc/measure.md" "$top_srcdir/plots/data/h100-sxm.txt" | head -n 1)
check "holds plots/data/h100-sxm.txt line for line" "$missing" ""

work="$test_tmp/work"
mkdir -p "$work"
cd "$work" || exit 99

# A chart with gnuplot: written whole, nothing left beside it.
if have gnuplot; then
    run plot --device a100 --point 'my kernel:2:3000' --results "$top_srcdir/tests/data/results/synthetic.yaml" -o chart.pdf
    expect_status 0
    expect_no_stderr
    check "only the chart is left" "$(ls)" "chart.pdf"
    if have pdftotext; then
        pdftotext -raw chart.pdf "$out"
        expect_stdout_has 'my kernel'
        expect_stdout_has 'kernel-b'
        expect_stdout_lacks 'kernel-unverified'
        expect_stdout_has 'FP32 18 TFLOP/s (measured)'
        expect_stdout_has 'FP32 19.5 TFLOP/s (datasheet)'
    fi
    run plot --device a100 -o chart.png --keep-script
    expect_status 0
    check "the PNG and its script" "$(ls chart.png chart.gp 2>&1 | tr '\n' ' ')" "chart.gp chart.png "
    last="file chart.png"
    check "a PNG" "$(head -c 4 chart.png | od -An -c | tr -d ' ')" "211PNG"
    rm -f chart.*
else
    run plot --device a100 -o chart.pdf
    skip "a chart" "no gnuplot"
fi

# gnuplot missing: exit 1, exactly one line naming the script kept, which
# is there, and no chart.
GNUPLOT=/nonexistent/gnuplot
export GNUPLOT
run plot --device a100 -o missing.pdf
expect_status 1
expect_stderr_is 'gpuroof: cannot run /nonexistent/gnuplot (install gnuplot, or set GNUPLOT): the script is kept in missing.gp'
check "no chart, the script kept" "$(ls)" "missing.gp"
# gnuplot failing: the same, with its complaint.
fake="$test_tmp/fake-gnuplot"
printf '#!/bin/sh\necho "line 7: something is wrong" >&2\nexit 1\n' >"$fake"
chmod +x "$fake"
GNUPLOT=$fake
run plot --device a100 -o failing.pdf
expect_status 1
expect_stderr_is "gpuroof: $fake failed (status 1: line 7: something is wrong): the script is kept in failing.gp"
check "no chart, the script kept" "$(ls failing.* | tr '\n' ' ')" "failing.gp "
run plot --device a100 -o failing.pdf --keep-script
expect_stderr_is "gpuroof: $fake failed (status 1: line 7: something is wrong): the script is kept in failing.gp"
rm -f failing.gp
unset GNUPLOT
# The same with gnuplot found on the PATH: none there, or one that fails.
# The PATH keeps what the valgrind wrapper of make check-valgrind needs, each
# through a script of its own (Debian's valgrind runs $0.bin: a link to it
# would not do).
for bin in nognuplot failing; do
    mkdir -p "$test_tmp/$bin"
    for tool in dirname valgrind; do
        if command -v "$tool" >/dev/null 2>&1; then
            printf '#!/bin/sh\nexec "%s" "$@"\n' "$(command -v "$tool")" >"$test_tmp/$bin/$tool"
            chmod +x "$test_tmp/$bin/$tool"
        fi
    done
done
cp "$fake" "$test_tmp/failing/gnuplot"
PATH="$test_tmp/nognuplot" run plot --device a100 -o missing.pdf
expect_status 1
expect_stderr_is 'gpuroof: cannot run gnuplot (install gnuplot, or set GNUPLOT): the script is kept in missing.gp'
check "no chart, the script kept" "$(ls missing.*)" "missing.gp"
PATH="$test_tmp/failing" run plot --device a100 -o failing.pdf
expect_status 1
expect_stderr_is "gpuroof: gnuplot failed (status 1: line 7: something is wrong): the script is kept in failing.gp"
check "no chart, the script kept" "$(ls failing.* | tr '\n' ' ')" "failing.gp "
GNUPLOT=$fake
export GNUPLOT
# A previous chart survives a failed run untouched.
printf 'old chart' >kept.pdf
run plot --device a100 -o kept.pdf
check "the old chart is untouched" "$(cat kept.pdf)" "old chart"
unset GNUPLOT

# --script-only needs no gnuplot at all, and the script is deterministic.
GNUPLOT=/nonexistent/gnuplot run plot --device a100 --precision tensor_fp16 -o s.pdf --script-only
expect_status 0
cp s.gp first.gp
run plot --device a100 --precision tensor_fp16 -o s.pdf --script-only
check "the same script twice" "$(cmp first.gp s.gp && echo same)" "same"
last="s.gp"
expect_file_has() { if grep -F -e "$1" s.gp >/dev/null; then pass "script has '$1'"; else fail "script has '$1'" "no" "yes"; fi; }
expect_file_has "if (!exists(\"outfile\")) outfile = 's.pdf'"
expect_file_has "set terminal pdfcairo"
expect_file_has "TENSOR FP16 312 TFLOP/s"
expect_file_has '$C0S0 << EOD'

# A tensor ceiling from a results file: its burst, its sustained rate in the
# same label (and a thin line) to the right end of the x axis (its points
# reach 682.7 FLOP/B: x 3 is 2048, up to 5000); --spread adds how far the
# repeats spread.
ceilings="$top_srcdir/plots/data/h100-ceilings.yaml"
run plot --device h100 --results "$ceilings" --precision tensor_bf16 -o s.pdf --script-only
expect_status 0
last="s.gp"
expect_file_has "TENSOR BF16 811.4 TFLOP/s (measured burst, 672.2 TFLOP/s sustained)"
expect_file_has "5000 811413.637"
expect_file_has "5000 672152.668"
check "no spread without --spread" "$(grep -c 'runs within' s.gp)" 0
run plot --device h100 --results "$ceilings" --precision tensor_bf16 --spread -o s.pdf --script-only
expect_status 0
last="s.gp"
expect_file_has "TENSOR BF16 811.4 TFLOP/s (measured burst, 672.2 TFLOP/s sustained; 5 runs within 0.2%)"
expect_file_has "FP32 65.88 TFLOP/s (measured; 5 runs within 0.0% and 0.4%)"
run plot --device h100 --spread -o s.pdf --script-only
expect_status 2
expect_stderr_has "--spread shows the spread of the ceilings of --results FILE"

# plot occupancy takes the launch and SM options of occupancy, with the same
# meaning: the point it marks is the configuration occupancy computes.
textbook="--max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 65536 --smem-sm 96K"
last="plot occupancy: the marked point"
# marked FILE: the marker of the threads panel, "X OCCUPANCY LABEL".
marked() { awk '/^\$C0S1 << EOD$/ { getline; print; exit }' "$1"; }
run plot occupancy --device a100 --threads 256 --regs 32 --smem 32K -o threads.pdf --script-only
expect_status 0
run plot occupancy --device a100 --block 16x16 --regs 32 --smem 32K -o block.pdf --script-only
expect_status 0
expect_no_stderr
check "--block 16x16 marks what --threads 256 marks" "$(marked block.gp)" '256 0.5 "256 threads: 50%"'
grep -v '^# Made by' block.gp | sed 's/block\.pdf/threads.pdf/' >block.cmp
grep -v '^# Made by' threads.gp >threads.cmp
check "the same chart as --threads 256" "$(cmp -s block.cmp threads.cmp && echo same)" same
# PMPP exercise 12b on the textbook SM: 8 blocks, 100%, as occupancy says.
run occupancy --block 16x16 --regs 31 --smem 8K $textbook --json
expect_json .occupancy 1
run plot occupancy --block 16x16 --regs 31 --smem 8K $textbook -o textbook.pdf --script-only
expect_status 0
expect_no_stderr
check "the textbook configuration marked" "$(marked textbook.gp)" '256 1 "256 threads: 100%"'
check "the textbook SM in the title" "$(head -n 1 textbook.gp)" \
    '# Occupancy on a textbook SM (2048 threads, 32 blocks, 65536 registers, 96 KiB of shared memory): 256 threads, 31 registers, 8 KiB of shared memory per block: 8 blocks, 100%'
check "the threads panel stops at 1024 threads per block" "$(grep -c '^set xrange \[0:1024\]' textbook.gp)" 1
run plot occupancy --block 16x16 --regs 31 --smem 8K $textbook --max-threads-block 512 -o t512.pdf --script-only
expect_status 0
check "--max-threads-block ends the threads panel" "$(grep -c '^set xrange \[0:512\]' t512.gp)" 1
run plot occupancy --threads 2048 --regs 16 $textbook -o x.pdf --script-only
expect_fails 1 'gpuroof: 2048 threads per block exceed the maximum of 1024 threads per block (every CUDA GPU since compute capability 2.0; --max-threads-block N sets another)'
# The unit rule of --carveout and Kepler's cache configurations, as occupancy's.
run occupancy --device h100 --threads 256 --regs 32 --smem 32K --carveout 100K --json
expect_json .occupancy 0.375
run plot occupancy --device h100 --threads 256 --regs 32 --smem 32K --carveout 100K -o carveout.pdf --script-only
expect_status 0
check "the carveout's configuration marked" "$(marked carveout.gp)" '256 0.375 "256 threads: 37.5%"'
run plot occupancy --device h100 --threads 256 --regs 32 --carveout 100 -o x.pdf --script-only
expect_fails 1 "gpuroof: --carveout '100': a bare number is ambiguous: give bytes with a unit (--carveout 100K) or a share of the largest carveout (--carveout 100%)"
run plot occupancy --device k40 --threads 256 --regs 32 --smem 20K --carveout 16K -o k40.pdf --script-only
expect_status 0
check "Kepler's PreferL1 raised to the most shared memory" "$(marked k40.gp)" '256 0.25 "256 threads: 25%"'
run plot occupancy --device a100 --threads 256 --regs 32 $textbook -o x.pdf
expect_fails 2 'gpuroof plot: give --device or --max-threads-sm/--max-blocks-sm/--regs-sm/--smem-sm, not both (gpuroof plot --help)'
run plot occupancy --threads 256 --regs 32 -o x.pdf
expect_fails 2 'gpuroof plot: give --device, or all of --max-threads-sm, --max-blocks-sm, --regs-sm and --smem-sm (gpuroof plot --help)'
run plot occupancy --threads 256 --regs 32 --carveout 50% $textbook -o x.pdf
expect_fails 2 'gpuroof plot: --carveout needs --device (gpuroof plot --help)'
run plot occupancy --device a100 --threads 256 --block 16x16 --regs 32 -o x.pdf
expect_fails 2 'gpuroof plot: give --threads or --block, not both (gpuroof plot --help)'
rm -f threads.gp block.gp block.cmp threads.cmp textbook.gp t512.gp carveout.gp k40.gp
# --json: one object saying what was drawn and where.
run plot --device a100 --model matmul-tiled --point 'mine:2:1000' -o j.pdf --script-only --json
expect_status 0
expect_no_stderr
expect_one_json object
expect_json_keys chart chart_file script_file devices models points results warnings
expect_json .chart roofline
expect_json .chart_file null
expect_json .script_file j.gp
expect_json '.devices | length' 1
expect_json '.devices[0].name' a100
expect_json '.devices[0].full_name' 'NVIDIA A100-SXM4-40GB'
expect_json '.devices[0].bandwidth_gbs' 1555
expect_json '.devices[0].ceilings_gflops.fp32' 19500
expect_json '.devices[0].ceilings_gflops.fp64' 9700
expect_json_near '.devices[0].ridge' 12.540192926
expect_json '.models[0].label' matmul-tiled
expect_json '.models[0].intensity' 4
expect_json '.models[0].roofs[0].device' a100
# gpuroof bound's figure: shared memory binds it (0.25 FLOP/B x 19,492 GB/s), not DRAM's 4 x 1555 = 6220
expect_json '.models[0].roofs[0].gflops' 4872.96
expect_json '.models[0].roofs[0].binding_level' shared
expect_json '.points[0].label' mine
expect_json '.points[0].intensity' 2
expect_json '.points[0].gflops' 1000
expect_json '.results' '[]'
expect_json '.warnings' '[]'
check "the script written" "$(ls j.*)" "j.gp"
rm -f j.gp
run plot --device h100 --results "$top_srcdir/plots/data/h100-sxm.yaml" --precision tensor_fp16 -o j.pdf --script-only --json
expect_status 0
expect_json '.devices[0].ceilings_gflops | keys_unsorted' '["fp32","fp64","tensor_fp16"]'
expect_json '.results[0].file' "$top_srcdir/plots/data/h100-sxm.yaml"
expect_json '.results[0].gpu' 'NVIDIA H100 80GB HBM3'
expect_json_near '.results[0].measured_bandwidth_gbs' 3287.514966
expect_json_near '.results[0].measured_fp32_gflops' 65583.67089 1e-4
expect_json '.results[0].kernels | length' 17
expect_json '.results[0].kernels[0].name' matmul-naive
expect_json '.results[0].kernels[0].params' width=1024
expect_json_near '.results[0].kernels[0].intensity' 170.6666667
expect_json_near '.results[0].kernels[0].gflops' 5097.327403 1e-4
expect_json '.results[0].sweep | length' 20
expect_json '.results[0].sweep[0]' '{"intensity":0.09375,"gflops":284.2150705}'
expect_json_keys chart chart_file script_file
rm -f j.gp
run plot occupancy --device a100 --threads 256 --regs 32 --smem 32K -o j.pdf --script-only --json
expect_status 0
expect_one_json object
expect_json .chart occupancy
expect_json .script_file j.gp
expect_json .device a100
expect_json .threads_per_block 256
expect_json .regs_per_thread 32
expect_json .smem_per_block_bytes 32768
expect_json .blocks_per_sm 4
expect_json .occupancy 0.5
expect_json .panels '["threads","regs","smem"]'
expect_json .warnings '[]'
rm -f j.gp
run plot banks --results "$top_srcdir/plots/data/h100-sxm.yaml" -o j.pdf --script-only --json
expect_status 0
expect_one_json object
expect_json .chart banks
expect_json .gpu 'NVIDIA H100 80GB HBM3'
expect_json '.points | length' 36
expect_json '.points[0] | keys_unsorted' '["kernel","block","pad","wavefronts","wavefronts_from","ns_per_rep"]'
expect_json '.points[0].kernel' setRowReadRow
expect_json '.points[0].wavefronts_from' ncu
expect_json '.points[0].block' 32x32
expect_json '.points[0].pad' 0
expect_json '.points[0].wavefronts' 2
expect_json_near '.points[0].ns_per_rep' 597.1759856
rm -f j.gp
# A prediction is never named a count: the setRowReadColPad checks without
# Nsight Compute's counts are keyed and drawn (open markers) as gpuroof's
# predictions, the others as Nsight Compute's counts, and the axis names
# neither.
awk '/^bank_checks:/ { banks = 1 } banks && /setRowReadColPad/ { pad = 1 } banks && pad { sub(/ measured_load: [0-9.]+,/, ""); sub(/^ *measured_store: [0-9.]+, /, "  ") } /ns_per_rep/ { pad = 0 } { print }' \
    "$top_srcdir/plots/data/h100-sxm.yaml" >predicted.yaml
run plot banks --results predicted.yaml -o j.pdf --script-only --json
expect_status 0
expect_json '[.points[] | select(.kernel == "setRowReadColPad") | .wavefronts_from] | unique' '["predicted"]'
expect_json '[.points[] | select(.kernel != "setRowReadColPad") | .wavefronts_from] | unique' '["ncu"]'
if grep -q "title 'setRowReadColPad: gpuroof''s prediction'" j.gp && grep -q "title 'setRowReadRow: Nsight Compute''s count'" j.gp &&
    ! grep -q "setRowReadColPad: Nsight" j.gp && ! grep -q "xlabel.*Nsight" j.gp; then
    pass "predictions keyed as gpuroof's, counts as Nsight Compute's"
else
    fail "predictions keyed as gpuroof's" "$(grep -e title -e xlabel j.gp | head -20)" "setRowReadColPad: gpuroof's prediction"
fi
rm -f j.gp predicted.yaml
if have gnuplot; then
    run plot --device a100 -o j.png --json
    expect_status 0
    expect_json .chart_file j.png
    expect_json .script_file null
    check "only the chart" "$(ls j.*)" "j.png"
    run plot --device a100 -o j.pdf --keep-script --json
    expect_json .chart_file j.pdf
    expect_json .script_file j.gp
    rm -f j.*
fi
GNUPLOT=/nonexistent/gnuplot run plot --device a100 -o j.pdf --json
expect_status 1
expect_no_stdout
rm -f j.*

# A results file is drawn against its own GPU's roofs, never another's.
h200="$top_srcdir/plots/data/h200.yaml"
run plot --device h100 --results "$h200" -o other.pdf --script-only --json
expect_status 0
added="$h200 was measured on NVIDIA H200 (profile h200), not on h100: drawn against h200's roofs, added to the chart"
expect_stderr_is "gpuroof: warning: $added"
expect_json '[.devices[].name]' '["h100","h200"]'
expect_json '.results[0].device' h200
expect_json '.warnings' "$(printf '%s' "$added" | "${JQ:-cat}" -R -c '[.]' 2>/dev/null)"
run plot --device h200 --device h100 --results "$h200" -o other.pdf --script-only --json
expect_status 0
expect_no_stderr
expect_json '[.devices[].name]' '["h200","h100"]'
expect_json '.results[0].device' h200
synthetic="$top_srcdir/tests/data/results/synthetic.yaml"
sed 's/^  profile: a100$/  profile: nosuch-gpu/' "$synthetic" >unknown.yaml
run plot --device h100 --results unknown.yaml -o other.pdf --script-only
expect_fails 1 "gpuroof: unknown.yaml was measured on Synthetic GPU (profile nosuch-gpu), not on h100, and that profile cannot be found: give it with --device FILE.yaml or --profiles DIR"
sed '/^  profile: a100$/d' "$synthetic" >unnamed.yaml
run plot --device h100 --device a100 --results unnamed.yaml -o other.pdf --script-only
expect_fails 1 "gpuroof: unnamed.yaml names no device profile, and its GPU (Synthetic GPU, compute capability 8.0, 4 SMs) is none of h100 (compute capability 9.0, 132 SMs), a100 (compute capability 8.0, 108 SMs)"
sed 's/^  sm_count: 4$/  sm_count: 108/' unnamed.yaml >a100-like.yaml
run plot --device h100 --device a100 --results a100-like.yaml -o other.pdf --script-only --json
expect_status 0
expect_no_stderr
expect_json '.results[0].device' a100
sed 's/^  profile: a100$/  profile: none/; s/^  compute_capability: "8.0"$/  compute_capability: "9.0"/; s/^  sm_count: 4$/  sm_count: 132/' "$synthetic" >hopper.yaml
run plot --device h100 --device h200 --results hopper.yaml -o other.pdf --script-only
expect_fails 1 "gpuroof: hopper.yaml names no device profile, and its GPU (Synthetic GPU, compute capability 9.0, 132 SMs) could be h100 or h200: draw it with only the one it was measured on"
rm -f other.gp unknown.yaml unnamed.yaml a100-like.yaml hopper.yaml

# A point or kernel above the roof it is drawn against: a warning naming
# both, with their figures; the chart is drawn all the same.
too_fast="point 'too fast' (2 FLOP/B, 9000 GFLOP/s) is above a100's roof there: 3110 GFLOP/s (1555 GB/s x 2 FLOP/B)"
run plot --device a100 --point 'too fast:2:9000' --point 'fine:2:3000' -o above.pdf --script-only --json
expect_status 0
expect_stderr_is "gpuroof: warning: $too_fast"
expect_json '.warnings | length' 1
expect_json '.warnings[0]' "$too_fast"
check "the script written" "$(ls above.*)" "above.gp"
run plot --device a100 --point 'dense:100:20000' -o above.pdf --script-only
expect_stderr_is "gpuroof: warning: point 'dense' (100 FLOP/B, 20000 GFLOP/s) is above a100's roof there: 19500 GFLOP/s (the FP32 peak)"
run plot --device a100 --point 'dense:100:20000' --precision tensor_fp16 -o above.pdf --script-only
expect_no_stderr
run plot --device a100 --device h100 --point 'x:2:7000' --point 'y:2:5000' -o above.pdf --script-only
expect_stderr_is "gpuroof: warning: point 'x' (2 FLOP/B, 7000 GFLOP/s) is above every roof there, the highest being h100's: 6704 GFLOP/s (3352 GB/s x 2 FLOP/B)"
run plot --device a100 --point 'on the roof:2:3110' -o above.pdf --script-only
expect_no_stderr
sed 's/^    gflops: 5000$/    gflops: 7000/; s/{intensity: 32, gflops: 17500}/{intensity: 32, gflops: 19600}/' \
    "$top_srcdir/tests/data/results/synthetic.yaml" >fast.yaml
run plot --device a100 --results fast.yaml -o above.pdf --script-only --json
expect_status 0
expect_stderr_has "gpuroof: warning: fast.yaml: kernel kernel-b (4 FLOP/B, 7000 GFLOP/s) is above a100's roof there: 6220 GFLOP/s (1555 GB/s x 4 FLOP/B)"
expect_stderr_has "gpuroof: warning: fast.yaml: sweep point (32 FLOP/B, 19600 GFLOP/s) is above a100's roof there: 19500 GFLOP/s (the FP32 peak)"
expect_json '.warnings | length' 2
for f in h100-sxm:h100 h200:h200; do
    run plot --device "${f#*:}" --results "$top_srcdir/plots/data/${f%:*}.yaml" -o above.pdf --script-only
    expect_no_stderr
done
rm -f above.gp fast.yaml

# A number reads the same in a chart as in the text: one formatting for both.
run occupancy --device rtx4090 --threads 1024 --regs 32
expect_stdout_has 'Not full occupancy: 66.67%'
run plot occupancy --device rtx4090 --threads 1024 --regs 32 -o same.pdf --script-only
expect_status 0
last="same.gp"
if grep -F -e '66.67%' same.gp >/dev/null && ! grep -F -e '66.6667' same.gp >/dev/null; then
    pass "the chart says 66.67% too"
else
    fail "the chart says 66.67% too" "$(grep -o '[0-9.]*%' same.gp | sort -u | tr '\n' ' ')" "66.67%, never 66.6667%"
fi
run bound --device a100 --intensity 1
expect_stdout_has '19500 / 1555 = 12.54 FLOP/B'
run plot --device a100 -o same.pdf --script-only
last="same.gp"
if grep -F -e 'ridge 12.54 FLOP/B' same.gp >/dev/null; then
    pass "the chart's ridge reads 12.54 FLOP/B"
else
    fail "the chart's ridge reads 12.54 FLOP/B" "$(grep -o 'ridge [0-9.]* FLOP/B' same.gp | sort -u | tr '\n' ' ')" "ridge 12.54 FLOP/B"
fi
rm -f same.gp

# Bad input.
run plot --device a100 -o chart.jpg
expect_fails 2 "gpuroof plot: -o must end in .pdf, .png or .svg, not 'chart.jpg' (gpuroof plot --help)"
run plot --device a100
expect_fails 2 'gpuroof plot: give -o FILE.pdf, FILE.png or FILE.svg, or --html FILE.html (gpuroof plot --help)'
run plot -o x.pdf
expect_fails 2 'gpuroof plot: give --device NAME (gpuroof plot --help)'
run plot --device a100 -D TILE_WIDTH=32 --model matmul-tiled -o x.pdf
expect_fails 2 'gpuroof plot: -D sets a parameter of the --model before it (gpuroof plot --help)'
run plot --device a100 --point nonsense -o x.pdf
expect_fails 1 "gpuroof: --point 'nonsense': expected LABEL:INTENSITY:GFLOPS"
run plot --device a100 --point 'a:b:c' -o x.pdf
expect_fails 1 "gpuroof: --point 'b': unknown name 'b' (at character 1)"
run plot --device a100 --model versions -o x.pdf
expect_fails 1 'gpuroof: versions: no arithmetic intensity to draw'
run plot --device k40 --precision tensor_fp16 -o x.pdf
expect_fails 1 'gpuroof: k40 has no tensor_fp16 peak (it has fp64, fp32)'
run plot --device a100 --results "$top_srcdir/tests/data/cli/bad-syntax.yaml" -o x.pdf
expect_status 1
expect_error_line
run plot occupancy --device a100 --threads 2000 --regs 32 -o x.pdf
expect_fails 1 'gpuroof: 2000 threads per block exceed the maximum of 1024 threads per block'
run plot occupancy --device a100 --device h100 --threads 256 --regs 32 -o x.pdf
expect_fails 2 'gpuroof plot: plot occupancy takes one --device, or textbook limits (gpuroof plot --help)'
run plot occupancy --device a100 --regs 32 -o x.pdf
expect_fails 2 'gpuroof plot: plot occupancy takes --threads N (or --block XxY) and --regs R (gpuroof plot --help)'
run plot occupancy --device a100 --block 16x16 -o x.pdf
expect_fails 2 'gpuroof plot: plot occupancy takes --threads N (or --block XxY) and --regs R (gpuroof plot --help)'
run plot banks --results "$top_srcdir/tests/data/results/synthetic.yaml" -o x.pdf
expect_fails 1 "gpuroof: $top_srcdir/tests/data/results/synthetic.yaml has no timed bank checks (gpuroof measure records them)"
run plot banks --device a100 -o x.pdf
expect_fails 2 'gpuroof plot: plot banks takes one --results FILE and nothing else to draw (gpuroof plot --help)'
run plot --device a100 --threads 256 -o x.pdf
expect_fails 2 'gpuroof plot: --threads is for plot occupancy (gpuroof plot --help)'
run plot --device a100 --carveout 50% -o x.pdf
expect_fails 2 'gpuroof plot: --carveout is for plot occupancy (gpuroof plot --help)'
run plot banks --results "$top_srcdir/tests/data/results/synthetic.yaml" --smem-sm 96K -o x.pdf
expect_fails 2 'gpuroof plot: plot banks takes one --results FILE and nothing else to draw (gpuroof plot --help)'
check "no file left by the failures" "$(ls x.* 2>/dev/null)" ""

# --point is read as the options are parsed: a bad one is found whichever
# chart is asked for, and at most 16 are taken.
run plot occupancy --threads 256 --regs 32 --device h100 --point nonsense -o x.pdf
expect_fails 1 "gpuroof: --point 'nonsense': expected LABEL:INTENSITY:GFLOPS"
run plot --device k40 --point a:1:0 -o x.pdf --script-only
expect_fails 1 "gpuroof: --point '0': must be positive"
set -- plot --device k40 -o x.pdf --script-only
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do set -- "$@" --point "p$i:1:100"; done
run "$@"
expect_status 0
check "16 points drawn" "$(grep -c "^set label .*'p[0-9]*'" x.gp)" 16
rm -f x.gp
run "$@" --point p17:1:100
expect_fails 2 "gpuroof plot: at most 16 points (gpuroof plot --help)"
run plot occupancy --levels l3 --threads 32 --regs 3 --device k40 -o x.pdf
expect_fails 2 "gpuroof plot: --levels: no memory level 'l3' (did you mean l2? the levels are dram, l2 and shared) (gpuroof plot --help)"
run plot --device k40 --precision fp16,fp32 -o x.pdf --script-only
expect_fails 1 "gpuroof: k40 has no fp16 peak (it has fp64, fp32)"
check "no file left by the failures" "$(ls x.* 2>/dev/null)" ""

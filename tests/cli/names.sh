# Names forgive case and typos: devices, precisions, kernels, models and
# commands match without case, as does the extension of plot -o; an
# unknown name is answered with the closest known ones.
. "$top_srcdir/tests/cli/lib.sh"
# Charts a wrong gpuroof would draw land there.
cd "$test_tmp" || exit 99

# Devices: a profile's name is lower-case; A100, as GPUs are written, is a100.
run bound --intensity 0.25 --device A100
expect_status 0
expect_no_stderr
expect_stdout_line "Roofline of NVIDIA A100-SXM4-40GB (a100): 19500 GFLOP/s fp32 peak, 1555 GB/s DRAM"
run bound --intensity 0.25 --device A100 --json
expect_status 0
expect_json .device a100
run occupancy --threads 256 --regs 32 --smem 32K --device H100-PCIe --json
expect_status 0
expect_json .device h100-pcie
run profile show A100 --json
expect_status 0
expect_json .name a100
run banks --kernel setRowReadCol --block 32x16 --device K40 --json
expect_status 0
expect_json .bank_width 8
run model matmul-naive --device A100 --json
expect_status 0
expect_json .on_device.device a100
run bound --intensity 1 --device a10
expect_fails 1 "gpuroof: unknown device 'a10': did you mean a100? (gpuroof devices lists the profiles)"
run bound --intensity 1 --device H300
expect_fails 1 "gpuroof: unknown device 'H300': did you mean h100 or h200? (gpuroof devices lists the profiles)"
run occupancy --threads 256 --regs 32 --device h100pcie
expect_fails 1 "gpuroof: unknown device 'h100pcie': did you mean h100-pcie? (gpuroof devices lists the profiles)"
run profile show a100-80
expect_fails 1 "gpuroof: unknown device 'a100-80': did you mean a100-80gb? (gpuroof devices lists the profiles)"
run bound --intensity 1 --device mi300x
expect_fails 1 "gpuroof: unknown device 'mi300x' (gpuroof devices lists the profiles)"
run bound --intensity 1 --device 'A100!'
expect_fails 1 "gpuroof: 'A100!' is not a profile name (letters, digits, '-' and '_')"
# The suggestions come from the search path, --profiles first.
mkdir -p "$test_tmp/profiles"
sed 's/^name: a100$/name: mygpu/' "$profiles/a100.yaml" >"$test_tmp/profiles/mygpu.yaml"
run bound --intensity 1 --device MyGPU --profiles "$test_tmp/profiles" --json
expect_status 0
expect_json .device mygpu
run bound --intensity 1 --device mygp --profiles "$test_tmp/profiles"
expect_fails 1 "gpuroof: unknown device 'mygp': did you mean mygpu? (gpuroof devices lists the profiles)"

# Precisions, shown as the profile spells them.
run bound --intensity 1 --device h100 --precision FP64
expect_status 0
expect_stdout_line "Roofline of NVIDIA H100 SXM5 80GB (h100): 33454 GFLOP/s fp64 peak, 3352 GB/s DRAM"
run bound --intensity 1 --device h100 --precision Tensor_Fp16 --json
expect_status 0
expect_json .precision tensor_fp16
run model matmul-naive --device a100 --precision FP64 --json
expect_status 0
expect_json .on_device.precision fp64
# A precision no profile may have is refused as the options are parsed
# (exit 2), the closest offered; the device is not read.
run bound --intensity 1 --device h100 --precision fp46
expect_fails 2 "gpuroof bound: --precision takes fp64, fp32, fp16, bf16, tensor_fp64, tensor_tf32, tensor_fp16, tensor_bf16, tensor_fp8 or tensor_int8, not 'fp46': did you mean fp64 or fp16? (gpuroof bound --help)"
run bound --intensity 1 --device a100 --precision tf32
expect_fails 2 "gpuroof bound: --precision takes fp64, fp32, fp16, bf16, tensor_fp64, tensor_tf32, tensor_fp16, tensor_bf16, tensor_fp8 or tensor_int8, not 'tf32': did you mean fp32? (gpuroof bound --help)"
run bound --intensity 1 --device no-such-gpu --precision tf32
expect_fails 2 "gpuroof bound: --precision takes fp64, fp32, fp16, bf16, tensor_fp64, tensor_tf32, tensor_fp16, tensor_bf16, tensor_fp8 or tensor_int8, not 'tf32': did you mean fp32? (gpuroof bound --help)"
run model matmul-naive --device a100 --precision fp46
expect_fails 2 "gpuroof model: --precision takes fp64, fp32, fp16, bf16, tensor_fp64, tensor_tf32, tensor_fp16, tensor_bf16, tensor_fp8 or tensor_int8, not 'fp46': did you mean fp64 or fp16? (gpuroof model --help)"
run plot --device a100 --precision fp32 --precision fp46 -o x.pdf --script-only
expect_fails 2 "gpuroof plot: --precision takes fp64, fp32, fp16, bf16, tensor_fp64, tensor_tf32, tensor_fp16, tensor_bf16, tensor_fp8 and tensor_int8, not 'fp46': did you mean fp64 or fp16? (gpuroof plot --help)"
# A precision a profile may have but this one lacks is not a typo: the
# device's error, the precision as the profiles spell it.
run bound --intensity 1 --device k40 --precision TENSOR_BF16
expect_fails 1 "gpuroof: k40 has no tensor_bf16 peak (it has fp64, fp32)"
run plot --device a100 --precision TENSOR_FP16 -o upper.png --script-only
expect_status 0
expect_no_stderr
check "plot --precision TENSOR_FP16 draws the tensor_fp16 ceiling" "$(grep -c "^set label .* 'TENSOR FP16 312 TFLOP/s'" upper.gp)" 1
run plot --device a100 --precision tensor_fp16 -o lower.png --script-only
grep -v -e '^# Made by' -e '^if (!exists("outfile"))' upper.gp >upper.body
grep -v -e '^# Made by' -e '^if (!exists("outfile"))' lower.gp >lower.body
check "the same chart as --precision tensor_fp16" "$(cmp -s upper.body lower.body && echo same)" same

# The Tensor Core precisions have one name each, tensor_bf16 as the
# results files' tensor_bf16_gflops.  The earlier spelling (bf16_tensor) is
# no --precision: a usage error that names the precision, in any case.
run bound --intensity 1 --device h100 --precision bf16_tensor
expect_fails 2 "gpuroof bound: --precision takes fp64, fp32, fp16, bf16, tensor_fp64, tensor_tf32, tensor_fp16, tensor_bf16, tensor_fp8 or tensor_int8, not 'bf16_tensor': did you mean tensor_bf16? (gpuroof bound --help)"
run model matmul-naive --device h100 --precision INT8_Tensor
expect_fails 2 "gpuroof model: --precision takes fp64, fp32, fp16, bf16, tensor_fp64, tensor_tf32, tensor_fp16, tensor_bf16, tensor_fp8 or tensor_int8, not 'INT8_Tensor': did you mean tensor_int8? (gpuroof model --help)"
run plot --device h100 --precision fp32,fp8_tensor -o x.pdf --script-only
expect_fails 2 "gpuroof plot: --precision takes fp64, fp32, fp16, bf16, tensor_fp64, tensor_tf32, tensor_fp16, tensor_bf16, tensor_fp8 and tensor_int8, not 'fp8_tensor': did you mean tensor_fp8? (gpuroof plot --help)"
# A profile written with the earlier spelling still reads, each key as its
# precision; what gpuroof shows of it is the one name.
sed -E 's/^  tensor_(fp64|tf32|fp16|bf16|fp8|int8):/  \1_tensor:/' "$profiles/h100.yaml" >"$test_tmp/earlier.yaml"
check "the earlier profile spells its six Tensor Core keys the earlier way" \
    "$(grep -c -E '^  (fp64|tf32|fp16|bf16|fp8|int8)_tensor:' "$test_tmp/earlier.yaml")" 6
run bound --intensity 1 --device "$test_tmp/earlier.yaml" --precision tensor_bf16 --json
expect_status 0
expect_json .precision tensor_bf16
expect_json .peak_gflops 989429.76
run profile show "$test_tmp/earlier.yaml"
expect_status 0
expect_stdout_has "tensor_bf16"
expect_stdout_lacks "_tensor"
run profile show "$test_tmp/earlier.yaml" --json
expect_status 0
shipped_peaks=$("$GPUROOF" profile show h100 --json | "${JQ:-false}" -c .peak_gflops)
expect_json .peak_gflops "$shipped_peaks"

# Kernels of the notes.
run banks --kernel setrowreadrow --block 32x32
expect_status 0
expect_stdout_starts 'Shared-memory banks of setRowReadRow, block 32x32'
run banks --kernel SETROWREADCOLPAD --block 32x32 --json
expect_status 0
expect_json .kernel setRowReadColPad
expect_json .pad 1
run banks --kernel setRowReadColPadd --block 32x32
expect_fails 1 "gpuroof: --kernel 'setRowReadColPadd': not a kernel of the notes; did you mean setRowReadColPad? (setRowReadRow, setColReadCol, setRowReadCol, setRowReadColDyn, setRowReadColPad, setRowReadColDynPad)"
run banks --kernel setRowRead --block 32x32
expect_fails 1 "gpuroof: --kernel 'setRowRead': not a kernel of the notes; did you mean setRowReadRow or setRowReadCol? (setRowReadRow, setColReadCol, setRowReadCol, setRowReadColDyn, setRowReadColPad, setRowReadColDynPad)"
run banks --kernel transpose --block 32x32
expect_fails 1 "gpuroof: --kernel 'transpose': not a kernel of the notes (setRowReadRow, setColReadCol, setRowReadCol, setRowReadColDyn, setRowReadColPad, setRowReadColDynPad)"

# Models, by name whatever its case, one folder down too.
run model MATMUL-NAIVE --json
expect_status 0
expect_json .model matmul-naive
run model Smem-Rect/setrowreadcol --json
expect_status 0
expect_json .model smem-rect-setRowReadCol
run bound --model Matrix-Add --device a100 --json
expect_status 0
expect_json .bound memory
run occupancy --model FOO-KERNEL --regs 32 --device a100 --json
expect_status 0
expect_json .threads_per_block 128
run model matmul-naiv
expect_fails 1 "gpuroof: no model 'matmul-naiv': did you mean matmul-naive? (gpuroof model --list lists them)"
run model matmul
expect_fails 1 "gpuroof: no model 'matmul': did you mean matmul-naive, matmul-tiled, matmul-tiled-boundary or matmul-tiled-dynamic? (gpuroof model --list lists them)"
run model verions
expect_fails 1 "gpuroof: no model 'verions': did you mean versions? (gpuroof model --list lists them)"
run bound --model fooo-kernel --device a100
expect_fails 1 "gpuroof: no model 'fooo-kernel': did you mean foo-kernel? (gpuroof model --list lists them)"
run model smem-rect/nope
expect_fails 1 "gpuroof: smem-rect/nope: No such file or directory"

# model --list: every model on the search path with its title.
run model --list
expect_status 0
expect_no_stderr
expect_stdout_line 'name                             title'
expect_stdout_line 'matmul-naive                     Naive matrix multiplication (PMPP 3, analysed in 5.1)'
expect_stdout_line 'smem-rect/setRowReadCol          setRowReadCol (rectangular 32x16): the transpose coordinates irow = idx / blockDim.y, icol = idx % blockDim.y'
expect_stdout_line 'versions                         PMPP exercises 6 and 7: versions of a variable'
shipped=$(cd "$top_srcdir/models" && find . -name '*.yaml' | wc -l | tr -d ' ')
check "one line a shipped model, and the heading" "$(wc -l <"$out" | tr -d ' ')" "$((shipped + 1))"
run model --list --json
expect_status 0
expect_one_json object
expect_json '.models | length' "$shipped"
expect_json '.models[0].name' block-transpose
expect_json '.models[0].title' 'PMPP exercise 10: BlockTranspose'
expect_json '.models[0].path' "$top_srcdir/models/block-transpose.yaml"
expect_json '[.models[].name] | index("smem-square/setRowReadRow") > 0' true
# $GPUROOF_MODELS first: a model of its own, and one that hides a shipped one.
mkdir -p "$test_tmp/models"
sed 's/^title: .*/title: "my own"/' "$top_srcdir/models/matrix-add.yaml" >"$test_tmp/models/mine.yaml"
sed 's/^title: .*/title: "hides the shipped one"/' "$top_srcdir/models/matrix-add.yaml" >"$test_tmp/models/versions.yaml"
GPUROOF_MODELS=$test_tmp/models run model --list --json
expect_status 0
expect_json '.models | length' "$((shipped + 1))"
expect_json '.models[] | select(.name == "mine") | .title' 'my own'
expect_json '.models[] | select(.name == "versions") | .title' 'hides the shipped one'
GPUROOF_MODELS=$test_tmp/models run model MINE --json
expect_status 0
expect_json .model matrix-add
# A model that does not load stops the listing, as a broken profile does.
printf 'name: broken\ntitle: [\n' >"$test_tmp/models/broken.yaml"
GPUROOF_MODELS=$test_tmp/models run model --list
expect_status 1
expect_error_line
expect_stderr_has "$test_tmp/models/broken.yaml:"
run model --list matmul-naive
expect_fails 2 "gpuroof model: --list takes no model and no other option but --json (gpuroof model --help)"
run model --list --device a100
expect_fails 2 "gpuroof model: --list takes no model and no other option but --json (gpuroof model --help)"

# Commands.
run BOUND --intensity 1 --peak-gflops 200 --bandwidth 100 --json
expect_status 0
expect_json .bound memory
run Occupancy --threads 256 --regs 32 --device a100 --json
expect_status 0
expect_json .blocks_per_sm 8
run bund --intensity 1
expect_fails 2 "gpuroof: unknown command 'bund': did you mean bound? (gpuroof --help lists them)"
run ocupancy
expect_fails 2 "gpuroof: unknown command 'ocupancy': did you mean occupancy? (gpuroof --help lists them)"
run exercise
expect_fails 2 "gpuroof: unknown command 'exercise': did you mean exercises? (gpuroof --help lists them)"
run nope
expect_fails 2 "gpuroof: unknown command 'nope' (gpuroof --help lists them)"

# plot -o: the extension without case picks the terminal.
run plot --device a100 -o CHART.PNG --script-only
expect_status 0
expect_no_stderr
check "CHART.PNG is drawn as a PNG" "$(grep -c '^set terminal pngcairo' CHART.gp)" 1
run plot --device a100 -o Chart.Pdf --script-only
expect_status 0
check "Chart.Pdf is drawn as a PDF" "$(grep -c '^set terminal pdfcairo' Chart.gp)" 1
run plot --device a100 -o chart.jpg
expect_fails 2 "gpuroof plot: -o must end in .pdf, .png or .svg, not 'chart.jpg' (gpuroof plot --help)"

# A precision typed in capitals is the profiles' own: FP64 moves 8-byte
# words, TENSOR_INT8 counts GOP/s.
run bound --intensity 1 --device h100 --precision FP64
expect_stdout_has "(79.84 FLOP per 8-byte word moved)"
run bound --intensity 1 --device h100 --precision TENSOR_INT8 --json
expect_status 0
expect_json .precision tensor_int8
expect_json .rate_unit GOP/s

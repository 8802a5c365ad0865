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
run bound --intensity 1 --device h100 --precision Fp16_Tensor --json
expect_status 0
expect_json .precision fp16_tensor
run model matmul-naive --device a100 --precision FP64 --json
expect_status 0
expect_json .on_device.precision fp64
run bound --intensity 1 --device h100 --precision fp46
expect_fails 1 "gpuroof: h100 has no fp46 peak (did you mean fp64? it has fp64, fp64_tensor, fp32, tf32_tensor, fp16_tensor, bf16_tensor, fp8_tensor, int8_tensor)"
run bound --intensity 1 --device a100 --precision tf32
expect_fails 1 "gpuroof: a100 has no tf32 peak (did you mean fp32? it has fp64, fp64_tensor, fp32, fp16, bf16, tf32_tensor, fp16_tensor, bf16_tensor, int8_tensor)"
# A precision a profile may have but this one lacks is not a typo.
run bound --intensity 1 --device k40 --precision BF16_TENSOR
expect_fails 1 "gpuroof: k40 has no BF16_TENSOR peak (it has fp64, fp32)"
run plot --device a100 --precision FP16_TENSOR -o upper.png --script-only
expect_status 0
expect_no_stderr
check "plot --precision FP16_TENSOR draws the fp16_tensor ceiling" "$(grep -c "^set label .* 'FP16 TENSOR 312 TFLOP/s'" upper.gp)" 1
run plot --device a100 --precision fp16_tensor -o lower.png --script-only
grep -v -e '^# Made by' -e '^if (!exists("outfile"))' upper.gp >upper.body
grep -v -e '^# Made by' -e '^if (!exists("outfile"))' lower.gp >lower.body
check "the same chart as --precision fp16_tensor" "$(cmp -s upper.body lower.body && echo same)" same

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
run plot --device a100 -o chart.svg
expect_fails 2 "gpuroof plot: -o must end in .pdf or .png, not 'chart.svg' (gpuroof plot --help)"

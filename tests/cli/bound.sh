# gpuroof bound: the roofline bound, in text and JSON.
. "$top_srcdir/tests/cli/lib.sh"

# PMPP exercise 9a: 36 FLOP per seven 4-byte accesses; 200 GFLOP/s, 100 GB/s.
ex9a="--flops 36 --bytes 7*4 --peak-gflops 200 --bandwidth 100"
run bound $ex9a
expect_status 0
expect_no_stderr
expect_stdout_line 'Roofline of a device with a 200 GFLOP/s peak and 100 GB/s of memory bandwidth'
expect_stdout_line '  intensity     I  = FLOPs / bytes = 36 FLOP / 28 B = 1.286 FLOP/B'
expect_stdout_line '  ridge point   I* = peak / bandwidth = 200 / 100 = 2 FLOP/B'
expect_stdout_line '  memory roof      I x bandwidth = 1.286 x 100 = 128.6 GFLOP/s'
expect_stdout_line '  attainable       min(128.6, 200) = 128.6 GFLOP/s = 64.29% of the peak'
expect_stdout_has '1.286 FLOP/B'
expect_stdout_has '128.6 GFLOP/s'
expect_stdout_has 'Memory-bound'
expect_stdout_line 'Memory-bound: I = 1.286 < I* = 2 FLOP/B. Memory bandwidth caps it at 128.6 GFLOP/s;'
expect_stdout_line 'reaching the peak needs 2 FLOP/B (8 FLOP per 4-byte word moved), 1.556x this intensity.'
expect_stdout_lacks 'Achieved'

run bound $ex9a --json
expect_status 0
expect_no_stderr
expect_one_json object
expect_json_keys intensity ridge peak_gflops bandwidth_gbs attainable_gflops fraction_of_peak bound
expect_json_near .intensity 1.2857142857
expect_json .ridge 2
expect_json .peak_gflops 200
expect_json .bandwidth_gbs 100
expect_json_near .attainable_gflops 128.571428571
expect_json_near .fraction_of_peak 0.642857142857
expect_json .bound memory
expect_json .flops 36
expect_json .bytes 28
expect_json 'has("efficiency")' false

# Exercise 9b: the same kernel, 300 GFLOP/s and 250 GB/s: compute-bound.
run bound --flops 36 --bytes '7*4' --peak-gflops 300 --bandwidth 250
expect_status 0
expect_stdout_has 'Compute-bound'
expect_stdout_line '  ridge point   I* = peak / bandwidth = 300 / 250 = 1.2 FLOP/B'
expect_stdout_line '  attainable       min(321.4, 300) = 300 GFLOP/s = 100% of the peak'
expect_stdout_line 'Compute-bound: I = 1.286 > I* = 1.2 FLOP/B. Memory could feed 321.4 GFLOP/s,'
expect_stdout_line 'so the 300 GFLOP/s peak is the limit.'

run bound --flops 36 --bytes '7*4' --peak-gflops 300 --bandwidth 250 --json
expect_status 0
expect_json .bound compute
expect_json .attainable_gflops 300
expect_json_near .ridge 1.2
expect_json .fraction_of_peak 1
expect_json_near .memory_roof_gflops 321.428571429

# The chapter's A100 example: 0.25 FLOP/B against 1555 GB/s and 19.5 TFLOP/s.
run bound --intensity 0.25 --device a100
expect_status 0
expect_no_stderr
expect_stdout_line "Roofline of NVIDIA A100-SXM4-40GB (a100): 19500 GFLOP/s fp32 peak, 1555 GB/s DRAM"
expect_stdout_line '  intensity     I  = 0.25 FLOP/B (given)'
expect_stdout_line '  ridge point   I* = peak / bandwidth = 19500 / 1555 = 12.54 FLOP/B'
expect_stdout_line '  attainable       min(388.8, 19500) = 388.8 GFLOP/s = 1.994% of the peak'
expect_stdout_has 'Memory-bound'
expect_stdout_lacks '(given),'

run bound --intensity 0.25 --device a100 --json
expect_status 0
expect_one_json object
expect_json_keys intensity ridge peak_gflops bandwidth_gbs attainable_gflops fraction_of_peak bound
expect_json .device a100
expect_json .precision fp32
expect_json .intensity 0.25
expect_json .attainable_gflops 388.75
expect_json .peak_gflops 19500
expect_json .bandwidth_gbs 1555
expect_json_near .ridge "$(awk 'BEGIN { printf "%.15g", 19500 / 1555 }')"
expect_json_near .fraction_of_peak 0.0199358974359
expect_json .bound memory
expect_json 'has("flops") or has("bytes")' false

# The naive matmul loop: 2 FLOP per 8 bytes, the same point.
run bound --flops 2 --bytes 8 --device a100 --json
expect_status 0
expect_json .flops 2
expect_json .bytes 8
expect_json .intensity 0.25
expect_json .attainable_gflops 388.75
expect_json .bound memory

# Exactly at the ridge: balanced.
run bound --intensity 2 --peak-gflops 200 --bandwidth 100
expect_status 0
expect_stdout_line 'The roofs tie, balanced: DRAM and compute: I = I* = 2 FLOP/B, both roofs meet at 200 GFLOP/s.'
run bound --intensity 2 --peak-gflops 200 --bandwidth 100 --json
expect_json .bound balanced
expect_json .attainable_gflops 200
expect_json .fraction_of_peak 1
run bound --flops '2*100' --bytes 100 --peak-gflops 200 --bandwidth 100 --json
expect_json .bound balanced
expect_json .binding_level dram
expect_json .binding_levels '["dram","compute"]'
# A hair past the tie (one part in 10^8, beyond the 1e-9 tolerance): one level binds.
run bound --flops 200.00002 --bytes 100 --peak-gflops 200 --bandwidth 100 --json
expect_json .bound compute
expect_json .binding_levels '["compute"]'
run bound --flops 200 --bytes 100.00001 --peak-gflops 200 --bandwidth 100 --json
expect_json .bound memory
expect_json .binding_levels '["dram"]'

# A measured rate below the roof: the efficiency against the attainable.
run bound $ex9a --achieved-gflops 100
expect_status 0
expect_stdout_line 'Achieved 100 GFLOP/s = 77.78% of the attainable 128.6 GFLOP/s.'
run bound $ex9a --achieved-gflops 100 --json
expect_status 0
expect_json_keys intensity ridge peak_gflops bandwidth_gbs attainable_gflops fraction_of_peak bound efficiency
expect_json .achieved_gflops 100
expect_json_near .efficiency "$(awk 'BEGIN { printf "%.15g", 100 / (36 / 28 * 100) }')"
expect_json_near .efficiency 0.777777777778

# Above the roof: a count or a roof is wrong, and the text says so.
run bound $ex9a --achieved-gflops 150
expect_status 0
expect_stdout_line 'Achieved 150 GFLOP/s = 116.7% of the attainable 128.6 GFLOP/s: above its roof, so a count or a roof is wrong.'
run bound $ex9a --achieved-gflops 150 --json
expect_json_near .efficiency 1.16666666667
run bound $ex9a --achieved-gflops 0 --json
expect_status 0
expect_json .efficiency 0

# --precision picks another peak of the profile: FP64 on the H100.
run bound --intensity 10 --device h100 --precision fp64
expect_status 0
expect_stdout_line "Roofline of NVIDIA H100 SXM5 80GB (h100): 33454 GFLOP/s fp64 peak, 3352 GB/s DRAM"
expect_stdout_has 'Compute-bound'
run bound --intensity 10 --device h100 --precision fp64 --json
expect_status 0
expect_json .precision fp64
expect_json .peak_gflops 33454.08
expect_json .bandwidth_gbs 3352
expect_json_near .ridge "$(awk 'BEGIN { printf "%.15g", 33454.08 / 3352 }')"
expect_json .bound compute
expect_json .attainable_gflops 33454.08
run bound --intensity 10 --device h100 --precision tensor_fp16 --json
expect_status 0
expect_json .peak_gflops 989429.76
expect_json .bound memory
expect_json .attainable_gflops 33520

# The advice counts words of the precision's own size: 8 bytes for FP64, 2 for
# FP16, 1 for INT8 (FP32's 4 bytes is PMPP's word).
run bound --intensity 1 --device h100 --precision fp64
expect_status 0
expect_stdout_line 'reaching the peak needs 9.98 FLOP/B (79.84 FLOP per 8-byte word moved), 9.98x this intensity.'
run bound --intensity 1 --device h100 --precision tensor_fp16
expect_stdout_line 'reaching the peak needs 295.2 FLOP/B (590.4 FLOP per 2-byte word moved), 295.2x this intensity.'
run bound --intensity 10 --device h100 --precision tensor_int8
expect_stdout_line 'reaching the peak needs 590.4 OP/B (590.4 OP per 1-byte word moved), 59.04x this intensity.'
run bound --intensity 1 --device h100
expect_stdout_line 'reaching the peak needs 19.96 FLOP/B (79.84 FLOP per 4-byte word moved), 19.96x this intensity.'

# Integer rates are operations, not floating-point ones: GOP/s and OP/B.
run bound --intensity 10 --device h100 --precision tensor_int8
expect_status 0
expect_stdout_line "Roofline of NVIDIA H100 SXM5 80GB (h100): 1978860 GOP/s tensor_int8 peak, 3352 GB/s DRAM"
expect_stdout_line '  intensity     I  = 10 OP/B (given)'
expect_stdout_line '  ridge point   I* = peak / bandwidth = 1978860 / 3352 = 590.4 OP/B'
expect_stdout_line '  memory roof      I x bandwidth = 10 x 3352 = 33520 GOP/s'
expect_stdout_line '  compute roof     peak = 1978860 GOP/s'
expect_stdout_line '  attainable       min(33520, 1978860) = 33520 GOP/s = 1.694% of the peak'
expect_stdout_line 'Memory-bound: I = 10 < I* = 590.4 OP/B. Memory bandwidth caps it at 33520 GOP/s;'
expect_stdout_lacks 'FLOP'
run bound --flops 100 --bytes 10 --device h100 --precision tensor_int8 --achieved-gflops 20000
expect_stdout_line '  intensity     I  = OPs / bytes = 100 OP / 10 B = 10 OP/B'
expect_stdout_line 'Achieved 20000 GOP/s = 59.67% of the attainable 33520 GOP/s.'
run bound --intensity 1000 --device h100 --precision tensor_int8
expect_stdout_line 'Compute-bound: I = 1000 > I* = 590.4 OP/B. Memory could feed 3352000 GOP/s,'
expect_stdout_line 'so the 1978860 GOP/s peak is the limit.'
run bound --intensity 10 --device h100 --precision tensor_int8 --json
expect_status 0
expect_json .rate_unit GOP/s
expect_json .attainable_gflops 33520
run bound --intensity 10 --device h100 --precision tensor_fp8 --json
expect_json .rate_unit GFLOP/s
run bound $ex9a --json
expect_json .rate_unit GFLOP/s

# FP16 without Tensor Cores: HFMA2, twice the FP32 rate on the H100.
run bound --intensity 10 --device h100 --precision fp16
expect_status 0
expect_stdout_line "Roofline of NVIDIA H100 SXM5 80GB (h100): 133816 GFLOP/s fp16 peak, 3352 GB/s DRAM"
run bound --intensity 10 --device h100 --precision bf16 --json
expect_status 0
expect_json .peak_gflops 133816.32
expect_json .precision bf16
# A precision the device has no peak for.
run bound --intensity 10 --device k40 --precision fp16
expect_fails 1 'gpuroof: k40 has no fp16 peak (it has fp64, fp32)'
run bound --intensity 10 --device v100 --precision bf16
expect_fails 1 'gpuroof: v100 has no bf16 peak (it has fp64, fp32, fp16, tensor_fp16)'
run bound --intensity 10 --device k40 --precision tensor_tf32 --json
expect_fails 1 'gpuroof: k40 has no tensor_tf32 peak (it has fp64, fp32)'

# A profile given as a file.
run bound --intensity 0.25 --device "$profiles/a100.yaml" --json
expect_status 0
expect_json .device a100
expect_json .attainable_gflops 388.75
run bound --intensity 0.25 --device "$profiles/a100.yaml"
expect_stdout_line "Roofline of NVIDIA A100-SXM4-40GB (a100): 19500 GFLOP/s fp32 peak, 1555 GB/s DRAM"

# --profiles DIR: a profile of one's own, found by its name.
mkdir "$test_tmp/profiles"
sed -e 's/^name: a100$/name: mygpu/' -e 's/^full_name: .*/full_name: My Test GPU/' \
    -e 's/^  bandwidth_gbs: 1555 /  bandwidth_gbs: 1000 /' \
    "$profiles/a100.yaml" >"$test_tmp/profiles/mygpu.yaml"
run bound --intensity 1 --device mygpu --profiles "$test_tmp/profiles"
expect_status 0
expect_stdout_line "Roofline of My Test GPU (mygpu): 19500 GFLOP/s fp32 peak, 1000 GB/s DRAM"
expect_stdout_has '  ridge point   I* = peak / bandwidth = 19500 / 1000 = 19.5 FLOP/B'
run bound --intensity 1 --device mygpu --profiles "$test_tmp/profiles" --json
expect_json .device mygpu
expect_json .bandwidth_gbs 1000
expect_json .ridge 19.5
expect_json .attainable_gflops 1000
# Not on the path without --profiles.
run bound --intensity 1 --device mygpu
expect_fails 1 "gpuroof: unknown device 'mygpu' (gpuroof devices lists the profiles)"
# $GPUROOF_PROFILES is on the path too.
last="GPUROOF_PROFILES=DIR gpuroof bound --intensity 1 --device mygpu --json"
status=0
GPUROOF_PROFILES="$test_tmp/profiles" "$GPUROOF" bound --intensity 1 --device mygpu --json >"$out" 2>"$err" || status=$?
expect_status 0
expect_json .bandwidth_gbs 1000
# --profiles comes first: a profile there hides the installed one.
sed 's/^  bandwidth_gbs: 1555 /  bandwidth_gbs: 1234 /' "$profiles/a100.yaml" >"$test_tmp/profiles/a100.yaml"
run bound --intensity 1 --device a100 --profiles "$test_tmp/profiles" --json
expect_status 0
expect_json .bandwidth_gbs 1234
# A profile whose name is not its file's.
cp "$profiles/a100.yaml" "$test_tmp/profiles/other.yaml"
name_line=$(grep -n '^name:' "$profiles/a100.yaml" | cut -d: -f1)
# Regression: an error in a file names its line and column, so the name mismatch
# should point at the name's value (column 7 of the "name:" line).
run bound --intensity 1 --device other --profiles "$test_tmp/profiles"
expect_status 1
expect_stderr_has "gpuroof: $test_tmp/profiles/other.yaml:$name_line:7: "
run bound --intensity 1 --device other --profiles "$test_tmp/profiles"
expect_stderr_has "the profile is named 'a100', but its file is other.yaml"

# Overriding a figure of the profile marks it "(given)".
run bound --intensity 0.25 --device a100 --bandwidth 2000
expect_status 0
expect_stdout_line "Roofline of NVIDIA A100-SXM4-40GB (a100): 19500 GFLOP/s fp32 peak, 2000 GB/s DRAM (given)"
expect_stdout_line '  attainable       min(500, 19500) = 500 GFLOP/s = 2.564% of the peak'
run bound --intensity 0.25 --device a100 --bandwidth 2000 --json
expect_json .bandwidth_gbs 2000
expect_json .peak_gflops 19500
expect_json .attainable_gflops 500
run bound --intensity 0.25 --device a100 --peak-gflops 300
expect_status 0
expect_stdout_line "Roofline of NVIDIA A100-SXM4-40GB (a100): 300 GFLOP/s fp32 peak (given), 1555 GB/s DRAM"
run bound --intensity 0.25 --device a100 --peak-gflops 300 --json
expect_json .attainable_gflops 300
expect_json .bound compute

# Arithmetic in every number.
run bound --flops '(2+1)*12' --bytes '28' --peak-gflops '2*100' --bandwidth '1000/10' --json
expect_status 0
expect_json_near .intensity 1.2857142857
expect_json_near .attainable_gflops 128.571428571

# Numbers out of range.
run bound --intensity 0 --peak-gflops 200 --bandwidth 100
expect_fails 1 "gpuroof: --intensity '0': must be positive"
run bound --intensity 1 --peak-gflops 200 --bandwidth -5
expect_fails 1 "gpuroof: --bandwidth '-5': must be positive"
run bound $ex9a --achieved-gflops -1
expect_fails 1 "gpuroof: --achieved-gflops '-1': must not be negative"

# Regression: byte sizes take suffixes everywhere, as `bound --help` promises for --bytes ('4K'), but --bytes took none.
run bound --flops 4096 --bytes 4K --peak-gflops 200 --bandwidth 100 --json
expect_status 0
expect_json .bytes 4096
expect_json .intensity 1

# No floating-point work (a copy): intensity 0, memory-bound, nothing
# attainable, and only the time to move the bytes matters.
run bound --flops 0 --bytes 28 --peak-gflops 200 --bandwidth 100
expect_status 0
expect_no_stderr
expect_stdout_line '  intensity     I  = FLOPs / bytes = 0 FLOP / 28 B = 0 FLOP/B'
expect_stdout_line '  memory roof      I x bandwidth = 0 x 100 = 0 GFLOP/s'
expect_stdout_line '  attainable       min(0, 200) = 0 GFLOP/s = 0% of the peak'
expect_stdout_line 'Memory-bound, with no floating-point work: only memory time matters (no GFLOP/s rate applies).'
expect_stdout_line 'Moving the bytes takes at least 28 B / 100 GB/s = 0.28 ns, 0.01 ns per byte.'
expect_stdout_lacks 'reaching the peak'
run bound --flops 0 --bytes 28 --peak-gflops 200 --bandwidth 100 --json
expect_status 0
expect_one_json object
expect_json .flops 0
expect_json .bytes 28
expect_json .intensity 0
expect_json .memory_roof_gflops 0
expect_json .attainable_gflops 0
expect_json .fraction_of_peak 0
expect_json .ridge 2
expect_json .bound memory
run bound --flops 0 --bytes 1G --device a100
expect_status 0
expect_stdout_line 'Moving the bytes takes at least 1073741824 B / 1555 GB/s = 690509 ns, 0.0006431 ns per byte.'
# A measured rate has no roof to be compared with.
run bound --flops 0 --bytes 28 --peak-gflops 200 --bandwidth 100 --achieved-gflops 1
expect_fails 1 "gpuroof: no FLOPs, so no rate is attainable to compare an achieved 1 GFLOP/s with"

# No memory traffic (all in registers): an unbounded intensity, compute-bound
# at the peak, and only the time of the FLOPs matters.  JSON has no
# infinity: the intensity and the memory roof are null.
run bound --flops 36 --bytes 0 --peak-gflops 200 --bandwidth 100
expect_status 0
expect_no_stderr
expect_stdout_line '  intensity     I  = FLOPs / bytes = 36 FLOP / 0 B: unbounded (no memory traffic)'
expect_stdout_line '  memory roof      none: no bytes move'
expect_stdout_line '  attainable       200 GFLOP/s = 100% of the peak'
expect_stdout_line 'Compute-bound, with no memory traffic: only compute time matters.'
expect_stdout_line 'The FLOPs take at least 36 FLOP / 200 GFLOP/s = 0.18 ns.'
expect_stdout_lacks 'inf'
run bound --flops 36 --bytes 0 --peak-gflops 200 --bandwidth 100 --json
expect_status 0
expect_one_json object
expect_json .intensity null
expect_json .memory_roof_gflops null
expect_json .attainable_gflops 200
expect_json .fraction_of_peak 1
expect_json .bound compute
expect_json .bytes 0
run bound --flops 36 --bytes 0 --peak-gflops 200 --bandwidth 100 --achieved-gflops 100 --json
expect_status 0
expect_json .efficiency 0.5

# Both zero is no work at all; negative counts are refused as negative.
run bound --flops 0 --bytes 0 --peak-gflops 200 --bandwidth 100
expect_fails 1 "gpuroof: --flops and --bytes are both 0: work that does nothing has no bound"
run bound --flops '0*4' --bytes '0K' --device a100 --json
expect_fails 1 "gpuroof: --flops and --bytes are both 0: work that does nothing has no bound"
run bound --flops -36 --bytes 28 --peak-gflops 200 --bandwidth 100
expect_fails 1 "gpuroof: --flops '-36': must not be negative"
run bound --flops 36 --bytes -28 --peak-gflops 200 --bandwidth 100
expect_fails 1 "gpuroof: --bytes '-28': must not be negative"

# A model that counts no FLOPs is bound the same way; one that counts
# neither FLOPs nor bytes has no bound.
mkdir -p "$test_tmp/models"
sed 's/^  total: Width^2$/  total: 0/' "$top_srcdir/models/matrix-add.yaml" >"$test_tmp/models/copy.yaml"
run bound --model "$test_tmp/models/copy.yaml" --peak-gflops 200 --bandwidth 100 --json
expect_status 0
expect_json .flops 0
expect_json .bytes 12582912
expect_json .intensity 0
expect_json .bound memory
run bound --model "$test_tmp/models/copy.yaml" --peak-gflops 200 --bandwidth 100
expect_status 0
expect_stdout_line 'Moving the bytes takes at least 12582912 B / 100 GB/s = 125829 ns, 0.01 ns per byte.'
sed 's/^  total: Width^2$/  total: 0/; s/^  read: 2 \* Width^2 \* 4$/  read: 0/; s/^  written: Width^2 \* 4$/  written: 0/' \
    "$top_srcdir/models/matrix-add.yaml" >"$test_tmp/models/nothing.yaml"
run bound --model "$test_tmp/models/nothing.yaml" --peak-gflops 200 --bandwidth 100
expect_fails 1 "gpuroof: $test_tmp/models/nothing.yaml: the model counts no FLOPs and no bytes: work that does nothing has no bound"

# ---- The hierarchical bound: bytes at the L2 and at shared memory ------------
# A textbook question without a device: 64 FLOP, 16 bytes of DRAM and 256 of
# shared memory (the tiled matmul's 0.25 FLOP/B there), 1000 GFLOP/s, 100 GB/s
# of DRAM, 2000 GB/s of shared memory.  DRAM: 4 x 100 = 400; shared memory:
# 0.25 x 2000 = 500; DRAM binds at 400, 40% of the peak.
levels="--flops 64 --bytes 16 --shared-bytes 256 --peak-gflops 1000 --bandwidth 100"
run bound $levels --shared-bandwidth 2000
expect_status 0
expect_no_stderr
expect_stdout_line 'Roofline of a device with a 1000 GFLOP/s peak, 100 GB/s DRAM, 2000 GB/s shared memory'
expect_stdout_line '  FLOPs          64 FLOP'
expect_stdout_line '  level          bytes  I = FLOPs / bytes  roof = min(I x bandwidth, peak)'
expect_stdout_line '  DRAM            16 B  4 FLOP/B           min(4 x 100, 1000) = 400 GFLOP/s'
expect_stdout_line '  shared memory  256 B  0.25 FLOP/B        min(0.25 x 2000, 1000) = 500 GFLOP/s'
expect_stdout_line '  compute                                  peak = 1000 GFLOP/s'
expect_stdout_line '  attainable     min(400, 500, 1000) = 400 GFLOP/s = 40% of the peak'
expect_stdout_line 'Bound by DRAM: there I = 4 < I* = 10 FLOP/B, so its roof, 400 GFLOP/s, is the lowest.'
expect_stdout_line "Reaching the peak needs 2.5x this intensity at DRAM; the next roof is shared memory's, 500 GFLOP/s."
expect_stdout_lacks 'ridge point'
run bound $levels --shared-bandwidth 2000 --json
expect_status 0
expect_one_json object
expect_json_keys intensity ridge peak_gflops bandwidth_gbs attainable_gflops fraction_of_peak bound levels binding_level binding_levels
expect_json .intensity 4
expect_json .ridge 10
expect_json .bandwidth_gbs 100
expect_json .memory_roof_gflops 400
expect_json .attainable_gflops 400
expect_json .fraction_of_peak 0.4
expect_json .bound memory
expect_json .binding_level dram
expect_json '.levels | length' 2
expect_json '.levels[0]' '{"level":"dram","bytes":16,"intensity":4,"bandwidth_gbs":100,"roof_gflops":400}'
expect_json '.levels[1]' '{"level":"shared","bytes":256,"intensity":0.25,"bandwidth_gbs":2000,"roof_gflops":500}'
# Half the shared-memory bandwidth: 0.25 x 1000 = 250, and shared memory binds.
run bound $levels --shared-bandwidth 1000
expect_status 0
expect_stdout_line '  attainable     min(400, 250, 1000) = 250 GFLOP/s = 25% of the peak'
expect_stdout_line 'Bound by shared memory: there I = 0.25 < I* = 1 FLOP/B, so its roof, 250 GFLOP/s, is the lowest.'
expect_stdout_line "Reaching the peak needs 4x this intensity at shared memory; the next roof is DRAM's, 400 GFLOP/s."
run bound $levels --shared-bandwidth 1000 --json
expect_json .binding_level shared
expect_json .attainable_gflops 250
expect_json .fraction_of_peak 0.25
expect_json .bound memory
expect_json .intensity 4
expect_json .memory_roof_gflops 400
# The achieved rate against the binding roof.
run bound $levels --shared-bandwidth 1000 --achieved-gflops 200
expect_stdout_line 'Achieved 200 GFLOP/s = 80% of the attainable 250 GFLOP/s.'
run bound $levels --shared-bandwidth 1000 --achieved-gflops 200 --json
expect_json .efficiency 0.8
# Byte sizes take their suffixes and arithmetic at every level.  L2: 64 / 64 x
# 300 = 300; shared memory: 64 / 1024 x 2000 = 125, which binds.
run bound --flops 64 --bytes 16 --shared-bytes '1K' --l2-bytes '2*32' --peak-gflops 1000 --bandwidth 100 \
    --shared-bandwidth 2000 --l2-bandwidth 300 --json
expect_status 0
expect_json '[.levels[].level] | join(" ")' 'dram l2 shared'
expect_json '.levels[1]' '{"level":"l2","bytes":64,"intensity":1,"bandwidth_gbs":300,"roof_gflops":300}'
expect_json '.levels[2].bytes' 1024
expect_json .binding_level shared
expect_json .attainable_gflops 125
# Every level above the peak: compute-bound, and the least-fed level named.
# DRAM 100 x 100 = 10000, L2 10 x 400 = 4000, shared 2.5 x 1000 = 2500.
run bound --flops 1000 --bytes 10 --l2-bytes 100 --shared-bytes 400 --peak-gflops 200 --bandwidth 100 \
    --l2-bandwidth 400 --shared-bandwidth 1000
expect_status 0
expect_stdout_line '  attainable     min(200, 200, 200, 200) = 200 GFLOP/s = 100% of the peak'
expect_stdout_line "Compute-bound at every level: the least any level could feed is shared memory's 2500 GFLOP/s,"
expect_stdout_line 'so the 200 GFLOP/s peak is the limit.'
run bound --flops 1000 --bytes 10 --l2-bytes 100 --shared-bytes 400 --peak-gflops 200 --bandwidth 100 \
    --l2-bandwidth 400 --shared-bandwidth 1000 --json
expect_json .binding_level compute
expect_json .bound compute
expect_json '[.levels[].roof_gflops]' '[200,200,200]'
# Balanced where the binding level's roof meets the peak: 0.25 x 800 = 200.
run bound --flops 64 --bytes 4 --shared-bytes 256 --peak-gflops 200 --bandwidth 100 --shared-bandwidth 800
expect_stdout_line 'The roofs tie, balanced: shared memory and compute: I = I* = 0.25 FLOP/B at shared memory; its roof and the peak meet at 200 GFLOP/s.'
run bound --flops 64 --bytes 4 --shared-bytes 256 --peak-gflops 200 --bandwidth 100 --shared-bandwidth 800 --json
expect_json .bound balanced
expect_json .binding_level shared
expect_json .binding_levels '["shared","compute"]'
# Two memory levels tie below the peak (4000 B at 400 GB/s, 10000 B at 1000 GB/s: 10 ns each):
# both named, the L2 first; the bound is memory's.
run bound --flops 1000 --bytes 20 --l2-bytes 4000 --shared-bytes 10000 --peak-gflops 10000 --bandwidth 100 \
    --l2-bandwidth 400 --shared-bandwidth 1000
expect_status 0
expect_stdout_line 'The roofs tie, balanced: L2 and shared memory: their roofs, 100 GFLOP/s, are the lowest; at L2 I = 0.25 < I* = 25 FLOP/B.'
expect_stdout_line "Reaching the peak needs 100x this intensity at L2; the next roof is DRAM's, 5000 GFLOP/s."
run bound --flops 1000 --bytes 20 --l2-bytes 4000 --shared-bytes 10000 --peak-gflops 10000 --bandwidth 100 \
    --l2-bandwidth 400 --shared-bandwidth 1000 --json
expect_json .bound memory
expect_json .binding_level l2
expect_json .binding_levels '["l2","shared"]'
# No FLOPs: the level whose bytes take longest binds (100 B at 100 GB/s: 1 ns;
# 3000 B at 1000 GB/s: 3 ns).
run bound --flops 0 --bytes 100 --shared-bytes 3000 --peak-gflops 200 --bandwidth 100 --shared-bandwidth 1000
expect_status 0
expect_stdout_line "Moving each level's bytes takes at least:"
expect_stdout_line '  DRAM           100 B / 100 GB/s = 1 ns'
expect_stdout_line '  shared memory  3000 B / 1000 GB/s = 3 ns'
expect_stdout_line 'The slowest, shared memory, binds.'
run bound --flops 0 --bytes 300 --shared-bytes 3000 --peak-gflops 200 --bandwidth 100 --shared-bandwidth 1000
expect_stdout_line 'The slowest tie, balanced: DRAM and shared memory: they bind together.'
run bound --flops 0 --bytes 300 --shared-bytes 3000 --peak-gflops 200 --bandwidth 100 --shared-bandwidth 1000 --json
expect_json .binding_levels '["dram","shared"]'
run bound --flops 0 --bytes 100 --shared-bytes 3000 --peak-gflops 200 --bandwidth 100 --shared-bandwidth 1000 --json
expect_json .binding_level shared
expect_json .attainable_gflops 0
# No bytes at a level: an unbounded intensity (null in JSON) and the peak for roof.
run bound --flops 36 --bytes 28 --shared-bytes 0 --peak-gflops 200 --bandwidth 100 --shared-bandwidth 1000
expect_status 0
expect_stdout_line '  shared memory    0 B  unbounded          peak = 200 GFLOP/s (no bytes move)'
run bound --flops 36 --bytes 28 --shared-bytes 0 --peak-gflops 200 --bandwidth 100 --shared-bandwidth 1000 --json
expect_json '.levels[1]' '{"level":"shared","bytes":0,"intensity":null,"bandwidth_gbs":1000,"roof_gflops":200}'
expect_json .binding_level dram
run bound --flops 36 --bytes 0 --shared-bytes 0 --device h100
expect_stdout_line 'Compute-bound, with no memory traffic at any level: only compute time matters.'
expect_stdout_line 'The FLOPs take at least 36 FLOP / 66908 GFLOP/s = 0.0005381 ns.'

# With a device: the profile's roofs for every level, a given one marked.
run bound --flops 64 --bytes 16 --shared-bytes 256 --l2-bytes 64 --device h100
expect_status 0
expect_stdout_line 'Roofline of NVIDIA H100 SXM5 80GB (h100): 66908 GFLOP/s fp32 peak, 3352 GB/s DRAM, 13125 GB/s L2, 33454 GB/s shared memory'
run bound --flops 64 --bytes 16 --shared-bytes 256 --l2-bytes 64 --device h100 --json
expect_json '[.levels[].bandwidth_gbs]' '[3352,13125.12,33454.08]'
expect_json '[.levels[].intensity]' '[4,1,0.25]'
expect_json .binding_level shared
expect_json_near .attainable_gflops 8363.52
run bound --flops 64 --bytes 16 --shared-bytes 256 --device a100 --shared-bandwidth 1000
expect_stdout_line 'Roofline of NVIDIA A100-SXM4-40GB (a100): 19500 GFLOP/s fp32 peak, 1555 GB/s DRAM, 1000 GB/s shared memory (given)'

# DRAM alone: the text is the plain roofline's; the JSON adds its one level.
run bound $ex9a --json
expect_json '.levels' '[{"level":"dram","bytes":28,"intensity":1.28571428571,"bandwidth_gbs":100,"roof_gflops":128.571428571}]'
expect_json .binding_level dram
run bound --flops 36 --bytes '7*4' --peak-gflops 300 --bandwidth 250 --json
expect_json .binding_level compute
expect_json '.levels[0].roof_gflops' 300
# --intensity is DRAM's, and its bytes were never given.
run bound --intensity 0.25 --device a100 --json
expect_json '.levels' '[{"level":"dram","bytes":null,"intensity":0.25,"bandwidth_gbs":1555,"roof_gflops":388.75}]'
expect_json .binding_level dram

# A model's shared-memory bytes: PMPP's tiled matmul on the A100, 16x16 tiles,
# Width 1024: DRAM 4 FLOP/B x 1555 = 6220; shared memory 0.25 x 19491.84 =
# 4872.96, which binds.
run bound --model matmul-tiled --device a100
expect_status 0
expect_stdout_line '  model          Tiled matrix multiplication (PMPP 5.4, Fig. 5.9) (matmul-tiled)'
expect_stdout_line '  attainable     min(6220, 4873, 19500) = 4873 GFLOP/s = 24.99% of the peak'
run bound --model matmul-tiled --device a100 --json
expect_json .intensity 4
expect_json .binding_level shared
expect_json_near .attainable_gflops 4872.96
expect_json '.levels[1].bytes' "$((2 * 4 * 1024 * 1024 * 1024))"
# Without a device, the model's level needs its roof.
run bound --model matmul-tiled --peak-gflops 19500 --bandwidth 1555 --shared-bandwidth 19500 --json
expect_status 0
expect_json .attainable_gflops 4875

# Errors.
run bound --intensity 1 --shared-bytes 8 --device a100
expect_fails 2 "gpuroof bound: --shared-bytes needs --flops/--bytes (--intensity is DRAM's alone; a model counts its own) (gpuroof bound --help)"
run bound --model matmul-tiled --l2-bytes 8 --device a100
expect_fails 2 "gpuroof bound: --l2-bytes needs --flops/--bytes (--intensity is DRAM's alone; a model counts its own) (gpuroof bound --help)"
run bound --flops 1 --bytes 1 --shared-bytes 8 --peak-gflops 1 --bandwidth 1
expect_fails 2 'gpuroof bound: --shared-bytes needs --shared-bandwidth or --device (a device whose profile gives one) (gpuroof bound --help)'
run bound --flops 1 --bytes 1 --l2-bytes 8 --peak-gflops 1 --bandwidth 1
expect_fails 2 'gpuroof bound: --l2-bytes needs --l2-bandwidth or --device (a device whose profile gives one) (gpuroof bound --help)'
run bound --flops 1 --bytes 1 --shared-bandwidth 8 --device a100
expect_fails 2 'gpuroof bound: --shared-bandwidth needs --shared-bytes or --model (a model that counts shared bytes) (gpuroof bound --help)'
run bound --intensity 1 --l2-bandwidth 8 --device a100
expect_fails 2 'gpuroof bound: --l2-bandwidth needs --l2-bytes or --model (a model that counts l2 bytes) (gpuroof bound --help)'
run bound --flops 1 --bytes 1 --shared-bytes 1 --shared-bytes 2 --device a100
expect_fails 2 "gpuroof bound: option '--shared-bytes' given twice (gpuroof bound --help)"
run bound --model matmul-naive --shared-bandwidth 100 --device a100
expect_fails 1 'gpuroof: --shared-bandwidth is given, but matmul-naive counts no shared memory bytes'
run bound --model matmul-tiled --peak-gflops 100 --bandwidth 100
expect_status 0
expect_stdout_line 'Not bounded at shared memory: the model counts 8589934592 B there, but no shared memory bandwidth is known (give --shared-bandwidth GBS).'
run bound --flops 1 --bytes 1 --l2-bytes 8 --device k40
expect_fails 1 'gpuroof: k40 has no L2 bandwidth (memory.l2_bandwidth_gbs in its profile), so the L2 bytes have no roof: give --l2-bandwidth GBS'
run bound --flops 1 --bytes 1 --l2-bytes 8 --device k40 --l2-bandwidth 500 --json
expect_status 0
expect_json '.levels[1].bandwidth_gbs' 500
sed '/shared_bandwidth_gbs/d' "$profiles/a100.yaml" | sed 's/^name: a100$/name: noshared/' >"$test_tmp/profiles/noshared.yaml"
run bound --model matmul-tiled --device noshared --profiles "$test_tmp/profiles"
expect_status 0
expect_stdout_line 'Not bounded at shared memory: the model counts 8589934592 B there, but noshared has no shared memory bandwidth (shared_memory_banks.shared_bandwidth_gbs in its profile; give --shared-bandwidth GBS).'
run bound --model matmul-tiled --device noshared --profiles "$test_tmp/profiles" --json
expect_json '.unroofed_bytes' '{"shared":8589934592}'
run bound --flops 1 --bytes 1 --shared-bytes 8 --device noshared --profiles "$test_tmp/profiles"
expect_fails 1 'gpuroof: noshared has no shared memory bandwidth (shared_memory_banks.shared_bandwidth_gbs in its profile), so the shared memory bytes have no roof: give --shared-bandwidth GBS'
run bound --flops 1 --bytes 1 --shared-bytes -8 --device a100
expect_fails 1 "gpuroof: --shared-bytes '-8': must not be negative"
run bound --flops 1 --bytes 1 --l2-bytes 1x --device h100
expect_status 1
expect_stderr_has "gpuroof: --l2-bytes '1x': "
run bound --flops 1 --bytes 1 --shared-bytes 8 --shared-bandwidth 0 --device a100
expect_fails 1 "gpuroof: --shared-bandwidth '0': must be positive"
run bound --flops 0 --bytes 0 --shared-bytes 0 --device a100
expect_fails 1 "gpuroof: --flops, --bytes and every level's bytes are all 0: work that does nothing has no bound"
run bound --flops 0 --bytes 8 --shared-bytes 0 --peak-gflops 1 --bandwidth 1 --shared-bandwidth 1 --achieved-gflops 1
expect_fails 1 'gpuroof: no FLOPs, so no rate is attainable to compare an achieved 1 GFLOP/s with'

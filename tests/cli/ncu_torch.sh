#!/bin/sh
# gpuroof ncu on a real workload nobody here wrote: a PyTorch training step
# recorded on an H200 by `gpuroof ncu -- python3 tools/torch-step.py`
# (tests/data/ncu/h200/README.md): every launch read, every launch given a
# binding level with no figure a lower bound (the list asked for is the
# GPU's own), gpuroof's occupancy equal to Nsight Compute's theoretical
# occupancy on every launch (--strict exits 1 on any disagreement), and the
# report's chip and profile found from it.
. "$top_srcdir/tests/cli/lib.sh"
report="$test_tmp/torch-step.csv"
gzip -dc "$top_srcdir/tests/data/ncu/h200/torch-step.csv.gz" >"$report"

run ncu "$report" --strict
expect_status 0
expect_stdout_has "414 launches, on NVIDIA H200 (compute capability 9.0, 132 SMs), chip gh100"
expect_stdout_has "Device: h200 (NVIDIA H200 SXM 141GB), the shipped profile of the report's GPU"

run ncu "$report" --json
expect_status 0
expect_json '.launches | length' 414
expect_json '[.launches[] | select(.binding_level == null)] | length' 0
expect_json '[.launches[] | select(.lower_bound == true)] | length' 0
expect_json '[.launches[] | select(.occupancy.predicted != .occupancy.ncu_theoretical)] | length' 0
expect_json '[.launches[] | select(.flops.tensor > 0)] | length > 0' true

run ncu "$report" --group --json
expect_status 0
expect_json '.kernels | length' 47
expect_json '[.kernels[].launches] | add' 414

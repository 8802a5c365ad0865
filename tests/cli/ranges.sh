# Counts, sizes and architectures read from text are checked before they
# are narrowed: one line naming the file, the line and column, the kernel
# and the rule; exit 1.  Once 2^32 + 8 registers were read as 8 (100%
# occupancy, exit 0) and 10^15 as -1530494976, naming no file.
. "$top_srcdir/tests/cli/lib.sh"

kernels="$top_srcdir/tests/data/kernels"
sed 's/Used 8 registers, used 0 barriers, 360/Used 4294967304 registers, used 0 barriers, 360/' \
    "$kernels/main.ptxas.txt" >"$test_tmp/wrap.txt"
sed 's/Used 8 registers, used 0 barriers, 360/Used 1000000000000000 registers, used 0 barriers, 360/' \
    "$kernels/main.ptxas.txt" >"$test_tmp/huge.txt"
for file in wrap huge; do
    n=$([ $file = wrap ] && echo 4294967304 || echo 1000000000000000)
    line="gpuroof: $test_tmp/$file.txt:5:17: the kernel '_Z5helloPi' (sm_80) has $n registers per thread, more than any GPU gives (255 at most)"
    run kernels "$test_tmp/$file.txt"
    expect_fails 1 "$line"
    run occupancy --from "$test_tmp/$file.txt" --kernel hello --device h100
    expect_fails 1 "$line"
    run kernels "$test_tmp/$file.txt" --json
    expect_status 1
done
# 255 is every GPU's most, and is read
sed 's/Used 8 registers, used 0 barriers, 360/Used 255 registers, used 0 barriers, 360/' \
    "$kernels/main.ptxas.txt" >"$test_tmp/most.txt"
run occupancy --from "$test_tmp/most.txt" --kernel hello --arch sm_80 --device a100 --threads 32 --json
expect_status 0
expect_json .regs_per_thread 255
sed 's/Used 8 registers, used 0 barriers, 360 bytes cmem/Used 8 registers, used 0 barriers, 4294967296 bytes smem, 360 bytes cmem/' \
    "$kernels/main.ptxas.txt" >"$test_tmp/smem.txt"
run kernels "$test_tmp/smem.txt"
expect_fails 1 "gpuroof: $test_tmp/smem.txt:5:52: the kernel '_Z5helloPi' (sm_80) has 4294967296 bytes of static shared memory, more than any GPU gives (2147483647 at most)"

# cuobjdump's listing
listing="$kernels/cuobjdump/libsample-z.so.txt"
first=$(grep -n ' REG:' "$listing" | head -n 1 | cut -d: -f1)
awk -v n="$first" 'NR == n { sub(/REG:[0-9]+/, "REG:4294967304") } { print }' "$listing" >"$test_tmp/listing.txt"
run kernels "$test_tmp/listing.txt"
expect_status 1
expect_error_line
expect_stderr_has "gpuroof: $test_tmp/listing.txt:$first:"
expect_stderr_has "has REG:4294967304, more than any GPU gives (255 at most)"

# Architectures outside what any GPU has, wherever they are read.
sed "s/for 'sm_80'/for 'sm_4294967295'/" "$kernels/main.ptxas.txt" >"$test_tmp/arch.txt"
run kernels "$test_tmp/arch.txt"
expect_fails 1 "gpuroof: $test_tmp/arch.txt:2:43: expected 'NAME' for 'sm_XX', an architecture from sm_10 to sm_199, not '_Z5helloPi' for 'sm_4294967295''"
sed "s/for 'sm_80'/for 'sm_5'/" "$kernels/main.ptxas.txt" >"$test_tmp/arch5.txt"
run kernels "$test_tmp/arch5.txt"
expect_status 1
expect_stderr_has "an architecture from sm_10 to sm_199"
first=$(grep -n 'arch = sm_' "$listing" | head -n 1 | cut -d: -f1)
awk -v n="$first" 'NR == n { sub(/sm_[0-9]+/, "sm_1000") } { print }' "$listing" >"$test_tmp/listing-arch.txt"
run kernels "$test_tmp/listing-arch.txt"
expect_status 1
expect_stderr_has "gpuroof: $test_tmp/listing-arch.txt:$first:"
expect_stderr_has "expected arch = sm_XX, an architecture from sm_10 to sm_199, not 'sm_1000'"
for arch in sm_5 sm_1000 sm_200 sm_4294967295; do
    run kernels "$kernels/main.ptxas.txt" --arch $arch
    expect_fails 2 "gpuroof kernels: --arch takes an architecture such as sm_90, not '$arch' (gpuroof kernels --help)"
    run occupancy --from "$kernels/main.ptxas.txt" --kernel hello --arch $arch --device h100
    expect_fails 1 "gpuroof: --arch '$arch': expected sm_XX, an architecture from sm_10 to sm_199, such as sm_90"
done
sed 's/compute_capability: .*/compute_capability: "50.0"/' "$profiles/h100-pcie.yaml" >"$test_tmp/cc50.yaml"
at=$(grep -n '^compute_capability' "$test_tmp/cc50.yaml" | cut -d: -f1)
run profile show "$test_tmp/cc50.yaml"
expect_fails 1 "gpuroof: $test_tmp/cc50.yaml:$at:21: compute_capability is 50.0, which no GPU has (1.0 to 19.9)"

# Nsight Compute's CSV: the compute capability of the device attributes
# and of the CC column.
python3 - "$top_srcdir/tests/data/ncu/raw-base.csv" "$test_tmp" <<'PY' || exit 99
import csv, io, sys
lines = open(sys.argv[1]).read().split("\n")
header = next(csv.reader([lines[9]]))
def write(name, column, value):
    out = lines[:]
    row = next(csv.reader([out[11]]))
    row[header.index(column)] = value
    b = io.StringIO()
    csv.writer(b, quoting=csv.QUOTE_ALL, lineterminator="").writerow(row)
    out[11] = b.getvalue()
    open(f"{sys.argv[2]}/{name}", "w").write("\n".join(out))
write("major.csv", "device__attribute_compute_capability_major", "4294967295")
write("cc.csv", "CC", "42.0")
PY
run ncu "$test_tmp/major.csv"
expect_fails 1 "gpuroof: $test_tmp/major.csv:12:1: the launch 0 of void saxpy<float>(int, float, const float *, float *) has compute capability 4294967295.0, which no GPU has (1.0 to 19.9)"
run ncu "$test_tmp/cc.csv"
expect_fails 1 "gpuroof: $test_tmp/cc.csv:12:128: the column \"CC\" says compute capability 42.0, which no GPU has (1.0 to 19.9)"

# ---- a model's block of more threads than an int could mean -----------------
printf 'name: mb\nlaunch:\n  grid: [1, 1, 1]\n  block: [65536, 65536, 1]\n' >"$test_tmp/mb.yaml"
run occupancy --model "$test_tmp/mb.yaml" --device a100 --regs 32
expect_fails 1 "gpuroof: $test_tmp/mb.yaml:4:10: launch.block: 4294967296 threads per block, more than any GPU could run (1048576 at most here; CUDA GPUs run 1024)"

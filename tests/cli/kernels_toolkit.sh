#!/bin/sh
# gpuroof kernels against cuobjdump (the test oracle: never run by gpuroof
# itself) on what nobody here wrote: the CUDA toolkit's own libraries, their
# cubins compressed (zstd; cuFFT's LZ4), and the committed fixtures
# (sample-lz4.o: LZ4; libsample-z.a: an nvcc -lib archive).  For every kernel
# and architecture cuobjdump lists, the same registers, shared memory (its
# listing read by gpuroof's listing reader, which takes out the 1 KB that
# cuobjdump's SHARED counts on sm_90 and later, as tests/cli/kernels.sh does),
# stack frame and constant bank 0, as many times as cuobjdump lists it.
# Where the file keeps fatbins in other data (cuFFT's .ldata, cuBLASLt's
# .cask_resource), which cuobjdump does not look in, gpuroof's extra kernels
# are allowed (--subset).
# cuobjdump: $CUOBJDUMP, or on the PATH, or the Python package's
# (pip install nvidia-cuda-cuobjdump); the libraries: $CUDA_LIBDIR, or
# beside $NVCC, or /usr/local/cuda/lib64.  Without cuobjdump: skipped (lib.sh's skip_all).
# Under valgrind only the small fixtures are compared.
. "$top_srcdir/tests/cli/lib.sh"
k="$top_srcdir/tests/data/kernels"

find_cuobjdump() {
    if [ -n "${CUOBJDUMP:-}" ]; then echo "$CUOBJDUMP"; return; fi
    if command -v cuobjdump >/dev/null 2>&1; then command -v cuobjdump; return; fi
    command -v python3 >/dev/null 2>&1 || return 0
    python3 -c 'import nvidia, os; [print(os.path.join(p, d, "bin", "cuobjdump")) for p in nvidia.__path__
        for d in sorted(os.listdir(p)) if os.access(os.path.join(p, d, "bin", "cuobjdump"), os.X_OK)]' \
        2>/dev/null | head -n 1
}
cuobjdump=$(find_cuobjdump)
[ -n "$cuobjdump" ] && [ -x "$cuobjdump" ] || skip_all "no cuobjdump (\$CUOBJDUMP, the PATH, pip's nvidia-cuda-cuobjdump)"
have_jq || skip_all "no jq"
libdir=${CUDA_LIBDIR:-${NVCC:+$(dirname "$(dirname "$NVCC")")/lib64}}
[ -d "${libdir:-}" ] || libdir=/usr/local/cuda/lib64

# The kernels of --json files, one line each: "arch name registers shared
# stack constant".
figures() {
    for json in "$@"; do
        "$JQ" -r '.kernels[] | "\(.arch) \(.name) \(.registers) \(.shared_static_bytes) \(.stack_bytes) \(.constant_bytes)"' "$json"
    done | sort
}

# compare [--subset] NAME FILE: every kernel of cuobjdump's listing of FILE
# is gpuroof's, figures and count, and gpuroof has no other (--subset: it
# may, from fatbins in data sections that cuobjdump does not look in).
compare() {
    subset=false
    if [ "$1" = --subset ]; then
        subset=true
        shift
    fi
    name=$1 file=$2
    last="gpuroof kernels $name against cuobjdump --dump-resource-usage"
    if [ ! -r "$file" ]; then
        skip "every kernel as cuobjdump lists it" "no $file"
        return
    fi
    if ! "$GPUROOF" kernels --json "$file" >"$test_tmp/got.json" 2>"$err"; then
        fail "reads" "$(shown "$err")" "exit status 0"
        return
    fi
    "$cuobjdump" --dump-resource-usage "$file" >"$test_tmp/listing.txt" 2>/dev/null
    if ! "$GPUROOF" kernels --json "$test_tmp/listing.txt" >"$test_tmp/want.json" 2>"$err"; then
        fail "cuobjdump's listing reads" "$(shown "$err")" "exit status 0"
        return
    fi
    figures "$test_tmp/got.json" >"$test_tmp/got.txt"
    figures "$test_tmp/want.json" >"$test_tmp/want.txt"
    missing=$(comm -13 "$test_tmp/got.txt" "$test_tmp/want.txt" | head -n 3 | tr '\n' ';')
    extra=
    $subset || extra=$(comm -23 "$test_tmp/got.txt" "$test_tmp/want.txt" | head -n 3 | tr '\n' ';')
    check "$(wc -l <"$test_tmp/want.txt") kernels of cuobjdump's, each the same figures$($subset || echo ', none other')" \
        "${missing:+cuobjdump has, gpuroof not: $missing }${extra:+gpuroof has, cuobjdump not: $extra}" ""
}
compare sample-lz4.o "$k/sample-lz4.o"
compare libsample-z.a "$k/libsample-z.a"
case ${GPUROOF_UNDER_TEST:-} in *valgrind*)
    last="the toolkit's libraries"
    skip "compared with cuobjdump" "under valgrind"
    exit 0 ;;
esac
compare libcublas.so.13 "$libdir/libcublas.so.13"
compare libnccl.so.2 "$libdir/libnccl.so.2"
for lib in "$libdir"/libcudnn_*.so.9; do
    case $lib in *engines_precompiled*) continue ;; esac
    # cuDNN's libraries without device code are left out, as cuobjdump does
    if "$cuobjdump" --list-elf "$lib" 2>/dev/null | grep -q .; then compare "$(basename "$lib")" "$lib"; fi
done
# fatbins in data sections besides .nv_fatbin: cuFFT's .ldata (cuobjdump
# lists only the CUDA runtime's sm_75 image), cuBLASLt's .cask_resource,
# cuDNN's precompiled engines'
compare --subset libcudnn_engines_precompiled.so.9 "$libdir/libcudnn_engines_precompiled.so.9"
compare --subset libcufft.so.12 "$libdir/libcufft.so.12"
compare --subset libcublasLt.so.13 "$libdir/libcublasLt.so.13"

#!/bin/sh
# gpuroof kernels: the committed fixtures of tests/data/kernels (ptxas's
# reports, cubins, objects, cuobjdump's listings), standard input, --device
# and --arch, compressed cubins (zstd, LZ4) and archives, every error line; and,
# where nvcc is present ($NVCC), binaries built from sample.cu here
# (objects, cubins, executables and shared libraries, compressed and not),
# every figure read from each compared with ptxas's report of its build.
. "$top_srcdir/tests/cli/lib.sh"
k="$top_srcdir/tests/data/kernels"

# run_stdin FILE ARGS...: run, with FILE on standard input.
run_stdin() {
    input=$1
    shift
    last="gpuroof $* < $(basename "$input")"
    status=0
    "$GPUROOF" "$@" <"$input" >"$out" 2>"$err" || status=$?
}

# ---- what each format gives ------------------------------------------------
run kernels "$k/sample.ptxas.txt"
expect_status 0
expect_stdout_starts "$k/sample.ptxas.txt: ptxas's report (nvcc --resource-usage): 18 kernels for sm_80, sm_90"
expect_stdout_line '  sm_80     10      4224        0          0/0        0      372       ?  transpose_tile(float*, float const*, int)'
expect_stdout_line '  sm_90     32         0      312      508/524        0        ?       ?  spills(float*, float const*, int)'
expect_stdout_line 'Spills: spills(float*, float const*, int) on sm_90 stores 508 B and loads 524 B per thread to local memory (registers: 32).'
expect_stdout_line "? const: ptxas's report leaves out the constant banks for sm_90 and later."

run kernels "$k/sample-sm90.cubin"
expect_stdout_starts "$k/sample-sm90.cubin: a cubin: 9 kernels for sm_90"
expect_stdout_line '  sm_90      8         0        0            ?        0      536     256  bounded(float*)'
expect_stdout_line '  sm_90     12      4224        0            ?        0      548       -  transpose_tile(float*, float const*, int)'
expect_stdout_line "? spills: cubins and cuobjdump's listing do not record them; nvcc --resource-usage reports them."

run kernels "$k/sample.o" --json
expect_status 0
expect_json '.files[0] | [.format, .cubins, .kernels, .architectures, .ptx]' \
    '["binary",2,18,["sm_80","sm_90"],[]]'
expect_json '[.kernels[] | select(.arch == "sm_90" and .name == "_Z14transpose_tilePfPKfi")][0] |
    [.demangled, .registers, .shared_static_bytes, .stack_bytes, .spill_store_bytes, .local_bytes, .constant_bytes,
     .launch_bounds_threads, .spills]' \
    '["transpose_tile(float*, float const*, int)",12,4224,0,null,0,548,null,null]'
expect_json '[.kernels[] | select(.name == "_Z7boundedPf") | .launch_bounds_threads]' '[256,256]'
expect_json '.kernels[0] | keys_unsorted' \
    '["file","name","demangled","too_large_to_demangle","arch","registers","shared_static_bytes","stack_bytes","spill_store_bytes","spill_load_bytes","local_bytes","constant_bytes","relocatable","launch_bounds_threads","spills"]'

run kernels "$k/cuobjdump/libsample-z.so.txt" --arch sm_90 --json
expect_json '[.files[0].format, .files[0].kernels, (.kernels | map(.shared_static_bytes) | add)]' '["cuobjdump_listing",9,4224]'

# nvcc's report on standard input, and the architecture filter
run_stdin "$k/sample.ptxas.txt" kernels - --arch sm_80 --json
expect_status 0
expect_json '[.files[0].file, .files[0].kernels, ([.kernels[].arch] | unique)]' '["standard input",9,["sm_80"]]'
run_stdin "$k/sample.ptxas.txt" kernels - --arch sm_80
expect_stdout_starts "standard input: ptxas's report (nvcc --resource-usage): 9 kernels for sm_80 (of 18, for sm_80, sm_90)"

# several files at once
run kernels "$k/sample-sm80.cubin" "$k/sample-sm90.cubin" --json
expect_json '[(.files | length), (.kernels | length)]' '[2,18]'

# ---- --device: each kernel's occupancy ------------------------------------------
run kernels "$k/sample.o" --device h100 --json
expect_status 0
expect_json '[.device, (.kernels | length), ([.kernels[].arch] | unique)]' '["h100",9,["sm_90"]]'
expect_json '.kernels[] | select(.name == "_Z7boundedPf") | .occupancy |
    [.block_size_from, .threads_per_block, .blocks_per_sm, .occupancy, .limiters]' \
    '["launch_bounds",256,8,1,["threads"]]'
expect_json '.kernels[] | select(.name == "_Z6spillsPfPKfi") | .occupancy |
    [.block_size_from, .threads_per_block, .regs_per_thread, .blocks_per_sm, .limiters]' \
    '["launch_bounds",1024,32,2,["threads","registers"]]'
# transpose_tile: 12 registers, 4224 B of its own and the runtime's 1024 B, counted once
expect_json '.kernels[] | select(.name == "_Z14transpose_tilePfPKfi") | .occupancy |
    [.block_size_from, .threads_per_block, .smem_per_block_bytes, .smem_per_block_allocated_bytes, .blocks_per_sm]' \
    '["suggest",1024,4224,5248,2]'
expect_json '.kernels[0].occupancy | keys_unsorted | .[0:7]' \
    '["blocks_per_sm","warps_per_sm","threads_per_sm","occupancy","full","limiters","limits"]'

run kernels "$k/sample.o" --device h100
expect_stdout_starts 'On NVIDIA H100 SXM5 80GB (h100, sm_90):'
expect_stdout_has "$k/sample.o: a binary with fatbins, 2 cubins read directly: 9 kernels for sm_90 (of 18, for sm_80, sm_90)"
expect_stdout_line '     8         0        0            ?    256 bounds          8       100%  threads per SM                    bounded(float*)'
expect_stdout_line '    32         0      312            ?   1024 bounds          2       100%  threads per SM and registers      spills(float*, float const*, int)'

# a device of another architecture runs the newest code of its major version below it
run kernels "$k/sample.o" --device rtx4090 --json
expect_json '[(.kernels | length), ([.kernels[].arch] | unique)]' '[9,["sm_80"]]'
run kernels "$k/sample.o" --device h100 --arch sm_80 --json
expect_json '[.kernels[].arch] | unique' '["sm_80"]'
run kernels "$k/sample.o" --device k40
expect_fails 1 "gpuroof: $k/sample.o has no code that k40 (sm_35) runs; it has sm_80, sm_90 (--arch picks one anyway)"

# ---- compressed cubins: read directly, zstd and LZ4 ------------------------------
# sample-z.o: zstd frames (--compress-mode=size); sample-lz4.o: raw LZ4 blocks
# (--compress-mode=speed -Xfatbin -compress-all); libsample-z.a: nvcc -lib's
# archive of sample-z.o.  No cuobjdump is run, on the PATH or not.
for binary in sample-z.o sample-lz4.o libsample-z.a; do
    run kernels "$k/$binary" --json
    expect_status 0
    expect_json '.files[0] | [.format, .cubins, .kernels, .architectures, .ptx]' '["binary",2,18,["sm_80","sm_90"],[]]'
done
run kernels "$k/sample-lz4.o"
expect_stdout_starts "$k/sample-lz4.o: a binary with fatbins, 2 cubins read directly: 18 kernels for sm_80, sm_90"
run_stdin "$k/sample-z.o" kernels - --arch sm_90 --json
expect_status 0
expect_json '[.files[0].kernels, ([.kernels[] | .shared_static_bytes] | add)]' '[9,4224]'
run kernels "$k/libsample-z.a"
expect_stdout_starts "$k/libsample-z.a: a binary with fatbins, 2 cubins read directly: 18 kernels for sm_80, sm_90"
# Corrupt entries: sample-z.o's fatbin (.nv_fatbin at byte 5328) holds the
# sm_80 entry at byte 5344 (flags at 5384, the size decompressed at 5400,
# 46944; its zstd frame from byte 5408, 8284 bytes); sample-lz4.o's the sm_80
# entry at byte 5344 too (its compressed size at 5360, 15364 bytes).
corrupt() { # corrupt FROM TO BYTE OCTAL-BYTES: TO is FROM with those bytes at BYTE
    cp "$k/$1" "$test_tmp/$2"
    printf "$4" | dd of="$test_tmp/$2" bs=1 seek="$3" conv=notrunc 2>/dev/null
}
corrupt sample-z.o frame.o 5408 '\0\0\0\0' # the zstd magic
run kernels "$test_tmp/frame.o"
expect_fails 1 "gpuroof: $test_tmp/frame.o: byte 5344: a zstd-compressed fatbin entry does not begin with a zstd frame (compressed bytes, claimed) (8284, 46944)"
corrupt sample-z.o claim.o 5403 '\100' # the size decompressed: 2^30 more
run kernels "$test_tmp/claim.o"
expect_fails 1 "gpuroof: $test_tmp/claim.o: byte 5344: a zstd-compressed fatbin entry claims more bytes decompressed than the limit (1073788768, 1073741824)"
corrupt sample-z.o other.o 5400 '\140\266' # 256 less than the frame holds
run kernels "$test_tmp/other.o"
expect_fails 1 "gpuroof: $test_tmp/other.o: byte 5344: a zstd-compressed fatbin entry claims another size than its zstd frame holds (claimed, frame) (46688, 46944)"
# bytes of the frame overwritten: it still decodes (nvcc writes no checksum),
# to a cubin whose errors name the entry and the byte within the cubin
corrupt sample-z.o inner.o 6000 '\377\377\377\377\377\377\377\377'
run kernels "$test_tmp/inner.o"
expect_fails 1 "gpuroof: $test_tmp/inner.o: byte 43648 of the zstd-compressed fatbin entry at byte 5344 (46944 bytes decompressed): section 0 () runs past the end of the image: 72340172838076673 bytes at byte 72340172838076673, of 46944"
corrupt sample-z.o zcut.o 5360 '\100\037' # 8000 of its 8284 bytes
run kernels "$test_tmp/zcut.o"
expect_status 1
expect_stderr_has "gpuroof: $test_tmp/zcut.o: byte 5344: a zstd-compressed fatbin entry does not decompress: "
corrupt sample-z.o both.o 5385 '\240' # flags 0xa011: zstd and LZ4 at once
run kernels "$test_tmp/both.o"
expect_fails 1 "gpuroof: $test_tmp/both.o: byte 5344: a fatbin entry flagged both zstd (0x8000) and LZ4 (0x2000)"
corrupt sample-z.o past.o 5362 '\1' # a compressed size past the payload
run kernels "$test_tmp/past.o"
expect_fails 1 "gpuroof: $test_tmp/past.o: byte 5360: a compressed fatbin entry's compressed size runs past its payload (73820 bytes, 8288 left)"
corrupt sample-lz4.o cut.o 5360 '\230\072' # 15000 of its 15364 bytes
run kernels "$test_tmp/cut.o"
expect_fails 1 "gpuroof: $test_tmp/cut.o: byte 5344: a LZ4-compressed fatbin entry does not decompress: the LZ4 block is corrupt or cut short (compressed, claimed) (15000, 46944)"
corrupt sample-lz4.o lz4claim.o 5402 '\100' # 2^22 more: past what 15364 bytes of LZ4 expand to
run kernels "$test_tmp/lz4claim.o"
expect_fails 1 "gpuroof: $test_tmp/lz4claim.o: byte 5344: a LZ4-compressed fatbin entry claims more bytes decompressed than an LZ4 block of its size can hold (4241248, 15364)"

# ---- a name too large to demangle: shown as compiled, said once -----------------
# blowup's 268-byte name reads as 872 MB (26 templates, each the one before
# twice); unguarded, this took 16 s and 850 MB.  Each reader gets the guard.
blowup=_Z6blowup1BI1AS0_ES_IS1_S1_ES_IS2_S2_ES_IS3_S3_ES_IS4_S4_ES_IS5_S5_ES_IS6_S6_ES_IS7_S7_ES_IS8_S8_ES_IS9_S9_ES_ISA_SA_ES_ISB_SB_ES_ISC_SC_ES_ISD_SD_ES_ISE_SE_ES_ISF_SF_ES_ISG_SG_ES_ISH_SH_ES_ISI_SI_ES_ISJ_SJ_ES_ISK_SK_ES_ISL_SL_ES_ISM_SM_ES_ISN_SN_ES_ISO_SO_ES_ISP_SP_E
started=$(date +%s)
run kernels "$k/blowup.ptxas.txt" "$k/cuobjdump/blowup.txt"
seconds=$(($(date +%s) - started))
expect_status 0
if [ "$seconds" -le 5 ]; then pass "demangled within the budget's time"; else fail "time" "$seconds s" "5 s at most"; fi
expect_stdout_line "  sm_90     12         0        0          0/0        0        ?       ?  $blowup  [mangled]"
expect_stdout_line "  sm_90     12         0        0            ?        0      528       ?  $blowup  [mangled]"
expect_stdout_line "  sm_90      8         0        0          0/0        0        ?       ?  void sample::scale<float, 4>(float*, float)"
expect_stdout_line "[mangled]: the name is too large to demangle, shown as compiled: its reading would pass"
if [ "$(grep -c '^\[mangled\]' "$out")" -eq 1 ]; then pass "said once"; else fail "said once" "$(grep -c '^\[mangled\]' "$out") times" "once"; fi
run kernels "$k/blowup.ptxas.txt" --json
expect_json '.kernels[0].demangled' "$blowup"
expect_json '.kernels[0].too_large_to_demangle' true
expect_json '.kernels[1].too_large_to_demangle' false
run kernels "$k/sample.ptxas.txt"
expect_stdout_lacks "[mangled]"
run occupancy --from "$k/cuobjdump/blowup.txt" --kernel blowup --threads 256 --device h100 --json
expect_status 0
expect_json .from.kernel "$blowup"

# ---- bad input: one line, exit 1 -------------------------------------------------
run kernels "$k/sample-ptx.o"
expect_fails 1 "gpuroof: $k/sample-ptx.o: PTX only (compute_90), which the driver compiles when the program loads it: no register counts before then; build machine code too, e.g. -gencode arch=compute_90,code=sm_90"
run kernels /bin/true
expect_fails 1 "gpuroof: /bin/true: an ELF file with no CUDA code in it (no .nv_fatbin or __nv_relfatbin section, no fatbin in its data)"
head -c 30000 "$k/sample-sm90.cubin" >"$test_tmp/cut.cubin"
run kernels "$test_tmp/cut.cubin"
expect_fails 1 "gpuroof: $test_tmp/cut.cubin: byte 40: the section headers at byte 43920 run past the end of the image (30000 bytes)"
# sample-sm90.cubin's symbol table (section 3, its header at byte 44112)
# made as long as the whole image, from byte 3808
cp "$k/sample-sm90.cubin" "$test_tmp/far.cubin"
printf '\340\271\0\0\0\0\0\0' | dd of="$test_tmp/far.cubin" bs=1 seek=44144 conv=notrunc 2>/dev/null
run kernels "$test_tmp/far.cubin"
expect_fails 1 "gpuroof: $test_tmp/far.cubin: byte 44112: section 3 (.symtab) runs past the end of the image: 47584 bytes at byte 3808, of 47584"
# sample.o's fatbin (its .nv_fatbin section at byte 5328) given a size of 2^56 - 1
cp "$k/sample.o" "$test_tmp/size.o"
printf '\377\377\377\377\377\377\377\0' | dd of="$test_tmp/size.o" bs=1 seek=5336 conv=notrunc 2>/dev/null
run kernels "$test_tmp/size.o"
expect_fails 1 "gpuroof: $test_tmp/size.o: byte 5336: a fatbin's size runs past the end (72057594037927935 bytes, 94656 left)"
head -c 100000 "$k/sample.o" >"$test_tmp/cut.o"
run kernels "$test_tmp/cut.o"
expect_fails 1 "gpuroof: $test_tmp/cut.o: byte 40: the 23 section headers at byte 113688 run past the end of the file (100000 bytes): is it cut short?"
head -c 990 "$k/sample.ptxas.txt" >"$test_tmp/cut.txt" # in the middle of a line
run kernels "$test_tmp/cut.txt"
expect_fails 1 "gpuroof: $test_tmp/cut.txt:15:57: the report ends in the middle of this line ('byte')"
head -c 800 "$k/sample.ptxas.txt" >"$test_tmp/cut.txt" # at the end of a line, before an entry's Used line
run kernels "$test_tmp/cut.txt"
expect_fails 1 "gpuroof: $test_tmp/cut.txt:12:1: the entry '_Z13uses_constantPfPKf' for sm_80 has no 'Used N registers' line after it: is the report cut short?"
run kernels "$k/sample-rdc.ptxas.txt"
expect_fails 1 "gpuroof: $k/sample-rdc.ptxas.txt: nvcc reports no resource usage for relocatable device code (-rdc): give the object itself, or the linked program"
run kernels "$top_srcdir/README.md"
expect_fails 1 "gpuroof: $top_srcdir/README.md: not ptxas's report (nvcc --resource-usage), cuobjdump's listing (cuobjdump --dump-resource-usage), a cubin, nor a binary with CUDA code"
run kernels "$test_tmp/none"
expect_fails 1 "gpuroof: cannot open $test_tmp/none: No such file or directory"
run kernels "$k/sample.o" --arch sm_86
expect_fails 1 "gpuroof: $k/sample.o has no code for sm_86; it has sm_80, sm_90"
run kernels "$k/sample.o" --arch 90
expect_fails 2 "gpuroof kernels: --arch takes an architecture such as sm_90, not '90' (gpuroof kernels --help)"
run kernels
expect_fails 2 "gpuroof kernels: give at least one FILE (the report of nvcc --resource-usage, '-', a cubin or a binary) (gpuroof kernels --help)"
run kernels "$k/sample.o" --device nosuch
expect_status 1
expect_error_line

# ---- every figure against ptxas's report of the same build ------------------------
# same_figures [--subset] NAME FILE REPORT...: every kernel read from FILE
# (a binary, or cuobjdump's listing of one) has the registers, shared
# memory, stack frame and (where ptxas prints it) constant bank 0 of the
# reports' kernel of the same name and architecture, and there are as many
# kernels in each (--subset: FILE's are some of the reports').
same_figures() {
    subset=false
    if [ "$1" = --subset ]; then # FILE's kernels are some of the reports'
        subset=true
        shift
    fi
    name=$1 file=$2
    shift 2
    last="gpuroof kernels $name"
    if ! have_jq; then
        skip "every figure as in ptxas's report" "no jq"
        return
    fi
    if ! "$GPUROOF" kernels --json "$file" >"$test_tmp/got.json" 2>"$err" ||
        ! "$GPUROOF" kernels --json "$@" >"$test_tmp/ptxas.json" 2>"$err"; then
        fail "reads" "$(shown "$err")" "exit status 0"
        return
    fi
    differences=$("$JQ" -n -r --argjson subset "$subset" --slurpfile got "$test_tmp/got.json" \
        --slurpfile ptxas "$test_tmp/ptxas.json" '
        ($ptxas[0].kernels | map({key: "\(.arch) \(.name)", value: .}) | from_entries) as $report
        | if ($subset | not) and ($got[0].kernels | length) != ($ptxas[0].kernels | length)
          then "\($got[0].kernels | length) kernels, and ptxas reports \($ptxas[0].kernels | length)" else empty end,
          ($got[0].kernels[] | . as $k | $report["\(.arch) \(.name)"] as $p
           | if $p == null then "\(.arch) \(.name): not in the report"
             else (["registers", "shared_static_bytes", "stack_bytes", "constant_bytes"][] as $f
                   | select($p[$f] != null and $k[$f] != $p[$f])
                   | "\($k.arch) \($k.name) \($f): \($k[$f]), ptxas \($p[$f])")
             end)' | head -n 5 | tr '\n' ';')
    references=$(for r in "$@"; do basename "$r"; done | tr '\n' ' ')
    check "$(jq_count "$test_tmp/got.json") kernels, every figure as in ${references% }" "$differences" ""
}
jq_count() {
    "$JQ" '.kernels | length' "$1"
}

# cuobjdump's listings recorded on the GPU machine, each against the report
# of the build of the binary it lists
for listing in "$k"/cuobjdump/*.txt; do
    binary=$(basename "$listing" .txt)
    case $binary in
    libcurand-excerpt | provenance) continue ;;
    sample-ptx.o) # PTX images alone, or nothing at all: either way no kernels, exit 1
        run kernels "$listing"
        expect_status 1
        if grep -q 'Fatbin ptx code' "$listing"; then expect_stderr_has 'PTX only (compute_90)'; fi
        continue ;;
    sample-rdc.o) # nvcc reports nothing of -rdc builds; weigh(), a device function, is no kernel
        run kernels "$listing" --json
        expect_status 0
        expect_json '.kernels | length' 18
        continue ;;
    arch.fatbin) reports="$k/arch.ptxas.txt" ;;
    blowup) continue ;; # written here, of no binary: the demangler's budget, above
    # nvcc reports nothing of -rdc builds: the binaries read directly instead
    rdc-app) same_figures --subset "cuobjdump/rdc-app.txt" "$listing" "$k/rdc-app"; continue ;;
    rdc-app-all) reports="$k/rdc-app" ;;
    rdc-a.o) reports="$k/rdc-a.o" ;;
    sample-sm80.cubin | sample-sm90.cubin)
        # cuobjdump lists a bare cubin without its architecture: refused,
        # where it was once read as no kernels at all
        run kernels "$listing"
        expect_fails 1 "gpuroof: $listing:2:1: a listing with no 'arch = sm_XX' line (cuobjdump's listing of a bare cubin): give gpuroof the cubin itself, which it reads directly"
        continue ;;
    sample-exe) reports="$k/sample.ptxas.txt $k/main.ptxas.txt" ;;
    sample-exe-z) reports="$k/sample-z.ptxas.txt $k/main-z.ptxas.txt" ;;
    *-z.*) reports="$k/sample-z.ptxas.txt" ;;
    *) reports="$k/sample.ptxas.txt" ;;
    esac
    # shellcheck disable=SC2086 # the reports: one or two paths without spaces
    same_figures "cuobjdump/$binary.txt" "$listing" $reports
done
same_figures sample.o "$k/sample.o" "$k/sample.ptxas.txt"
# The excerpt of libcurand.so's listing, recorded on the GPU machine, against
# the library read directly, where the toolkit here has that very library
# (CUDA 13.0's; all 2664 kernels of the whole listing agree with it).
curand=${NVCC:+$(dirname "$(dirname "$NVCC")")/lib64/libcurand.so}
if [ -n "$curand" ] && [ -r "$curand" ] &&
    sha256sum "$curand" | grep -q '^b53732a66b302b11926e00f762e2c2ba67058347ff93cf4ae709de45e93e06da '; then
    same_figures --subset "libcurand.so's listing against the library itself" "$k/cuobjdump/libcurand-excerpt.txt" "$curand"
    run kernels "$curand" --json
    expect_json '.files[0] | [.cubins, .kernels, .ptx]' \
        '[99,2664,["compute_121"]]'
fi
same_figures sample-sm80.cubin "$k/sample-sm80.cubin" "$k/sample-sm80.ptxas.txt"

# binaries built here, where nvcc is present
if [ -z "${NVCC:-}" ] || [ ! -x "$NVCC" ]; then
    last="binaries built by nvcc"
    skip "every figure as in ptxas's report" "no nvcc"
    exit 0
fi
b="$test_tmp/build"
last="build-fixtures $NVCC"
if "$k/build-fixtures" "$NVCC" "$b" >"$out" 2>"$err"; then pass "builds"; else fail "builds" "$(shown "$err")" "exit 0"; exit 1; fi
same_figures "sample.o (built here)" "$b/sample.o" "$b/sample.ptxas.txt"
same_figures "sample-sm80.cubin (built here)" "$b/sample-sm80.cubin" "$b/sample-sm80.ptxas.txt"
same_figures "sample-sm90.cubin (built here)" "$b/sample-sm90.cubin" "$b/sample-sm90.ptxas.txt"
same_figures "sample-exe (built here)" "$b/sample-exe" "$b/sample.ptxas.txt" "$b/main.ptxas.txt"
same_figures "libsample.so (built here)" "$b/libsample.so" "$b/sample.ptxas.txt"
run kernels "$b/sample-exe" --json
expect_json '.files[0] | [.cubins, .kernels, .relocatable_cubins]' '[6,20,0]' # the CUDA runtime's cubins hold no kernel
run kernels "$b/sample-rdc.o" --json
expect_json '.files[0] | [.cubins, .kernels, .relocatable_cubins]' '[2,18,2]'
run kernels "$b/sample-ptx.o"
expect_stderr_has 'PTX only (compute_90)'
for binary in sample-z.o sample-exe-z libsample-z.so; do
    case $binary in sample-exe-z) reports="$b/sample-z.ptxas.txt $b/main-z.ptxas.txt" ;; *) reports="$b/sample-z.ptxas.txt" ;; esac
    # shellcheck disable=SC2086
    same_figures "$binary (built here, compressed)" "$b/$binary" $reports
done
same_figures "sample-lz4.o (built here, LZ4)" "$b/sample-lz4.o" "$b/sample-lz4.ptxas.txt"
same_figures "libsample-z.a (built here, nvcc -lib)" "$b/libsample-z.a" "$b/libsample-z.ptxas.txt"

# ---- sm_90a and sm_100f (arch.fatbin: sm_80, sm_90, sm_90a, sm_100f, sm_120a) ----
run kernels "$k/arch.fatbin" --json
expect_json '[.kernels[].arch]' '["sm_80","sm_90","sm_90a","sm_100f","sm_120a"]'
expect_json '.files[0].ptx' '["compute_90a"]'
run kernels "$k/arch.fatbin" --arch sm_90a --json
expect_json '[.kernels[].arch]' '["sm_90a"]'
run kernels "$k/arch-sm90a.cubin" --arch sm_90
expect_fails 1 "gpuroof: $k/arch-sm90a.cubin has no code for sm_90; it has sm_90a"
run kernels "$k/arch.fatbin" --device h100 # its own sm_90a code, and sm_90's
expect_status 0
expect_stdout_has "$k/arch.fatbin: a fatbin, 5 cubins read directly: 2 kernels for sm_90, sm_90a (of 5, for sm_80, sm_90, sm_90a, sm_100f, sm_120a)"
expect_stdout_has 'arch_scale(float*, float)  sm_90a'
run kernels "$k/cuobjdump/arch.fatbin.txt" --device h100 --json
expect_json '[.kernels[].arch]' '["sm_90","sm_90a"]'
run kernels "$k/arch.fatbin" --device rtx4090 --json # 8.9: sm_80 code, no 'a' code of another
expect_json '[.kernels[].arch]' '["sm_80"]'
run occupancy --from "$k/arch.fatbin" --kernel arch_scale --threads 256 --device h100 --json
expect_json .from.arch sm_90a
run occupancy --from "$k/cuobjdump/arch.fatbin.txt" --kernel arch_scale --arch sm_90a --threads 256 --device h100 --json
expect_json .from.arch sm_90a
expect_json .from.shared_static_bytes 1024

# ---- -rdc: the linked cubin's kernels once; relocatable copies marked --------
run kernels "$k/rdc-app"
expect_status 0
expect_stdout_has '2 of its cubins relocatable (nvcc -rdc): the device link may still change their figures'
expect_stdout_has 'other(float*)  [relocatable]'
expect_stdout_has '[relocatable]: only a relocatable cubin (nvcc -rdc) holds the kernel; the device link may'
run kernels "$k/rdc-app" --json
expect_json '[.kernels[] | [.demangled, .shared_static_bytes, .relocatable]]' \
    '[["void tiled<32>(float*)",4224,false],["plain(float*)",1024,false],["other(float*)",0,true]]'
run kernels "$k/cuobjdump/rdc-a.o.txt" --json
expect_json '[.kernels[] | [.demangled, .shared_static_bytes, .relocatable]]' \
    '[["void tiled<32>(float*)",0,true],["plain(float*)",1024,true]]'

# occupancy --from: a compiled kernel's registers and static shared memory,
# for the architecture the device runs, with --smem as dynamic shared memory.
# The figures are ptxas's own (sample.ptxas.txt): transpose_tile uses 12
# registers and 4224 B on sm_90; bounded 8 registers on sm_80.
run occupancy --from "$k/sample.o" --kernel transpose --threads 1024 --device h100
expect_status 0
expect_stdout_starts 'Occupancy of 1024 threads, 12 registers per thread, 4224 B of shared memory per block'
expect_stdout_line "  kernel         transpose_tile(float*, float const*, int) (sm_90) in $k/sample.o:"
expect_stdout_line '                 its registers, and 4224 B of static shared memory'
run occupancy --from "$k/sample.o" --kernel bounded --threads 256 --smem 1K --device a100 --json
expect_status 0
expect_json .regs_per_thread 8
expect_json .smem_per_block_bytes 1024
expect_json .from.kernel 'bounded(float*)'
expect_json .from.arch sm_80
expect_json .from.shared_static_bytes 0
run occupancy --from "$k/sample.o" --kernel transpose --arch sm_80 --threads 256 --device h100 --json
expect_json .from.arch sm_80
run occupancy --from "$k/sample.ptxas.txt" --kernel transpose_tile --threads 256 --device h100 --json
expect_json .regs_per_thread 12
expect_json .smem_per_block_bytes 4224
# Several matches, none, no code for the device, and the options' rules.
run occupancy --from "$k/sample.o" --kernel scale --threads 256 --device h100
expect_fails 1 "gpuroof: 'scale' matches 2 kernels for sm_90 in $k/sample.o: void sample::scale<double, 2>(double*, double); void sample::scale<float, 4>(float*, float)"
run occupancy --from "$k/sample.o" --kernel transpose --threads 256 --device k40
expect_fails 1 "gpuroof: $k/sample.o has no code k40 runs (compute capability 3.5): it has sm_80, sm_90"
run occupancy --kernel transpose --threads 256 --device h100
expect_fails 2 "gpuroof occupancy: --kernel needs --from (gpuroof occupancy --help)"
run occupancy --from "$k/sample.o" --threads 256 --device h100
expect_fails 2 "gpuroof occupancy: --from needs --kernel (gpuroof kernels FILE lists them) (gpuroof occupancy --help)"
run occupancy --from "$k/sample.o" --kernel transpose --regs 32 --threads 256 --device h100
expect_fails 2 "gpuroof occupancy: give --from or --regs, not both (--from gives the registers) (gpuroof occupancy --help)"

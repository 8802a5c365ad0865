# Bad input: broken profiles, unknown devices, bad numbers, garbage argument
# vectors.  Exit status 1 with one clear line on stderr (naming the file, line
# and column where the input is a file); never a crash.
. "$top_srcdir/tests/cli/lib.sh"

# Malformed profiles (tests/data/cli/bad-*.yaml): each error, whole.
# FILE:LINE:COLUMN: MESSAGE, for every command that reads a profile.
expect_profile_error() {
    file="$data/$1"
    shift
    run bound --intensity 1 --device "$file"
    expect_fails 1 "gpuroof: $file:$*"
    run occupancy --threads 256 --regs 32 --device "$file" --json
    expect_fails 1 "gpuroof: $file:$*"
    run profile show "$file"
    expect_fails 1 "gpuroof: $file:$*"
}
expect_profile_error bad-syntax.yaml '24:2: did not find expected key while parsing a block mapping'
expect_profile_error bad-unknown-key.yaml "31:3: block: unknown key 'max_regs'"
expect_profile_error bad-negative.yaml '6:11: sm_count is -108; it must be between 1 and 1024'
expect_profile_error bad-huge.yaml '26:14: sm.registers: integer overflow; it must be between 1 and 4194304'
expect_profile_error bad-too-large.yaml '27:24: sm.shared_memory_bytes is 67108864; it must be between 0 and 16777216'
expect_profile_error bad-alias.yaml '23:16: YAML anchors are not allowed'
expect_profile_error bad-alias-only.yaml '30:16: YAML aliases are not allowed'
expect_profile_error bad-expression.yaml "40:25: allocation.shared_memory_unit: expected a number, a name or '('"
expect_profile_error bad-inconsistent.yaml '24:14: sm.max_warps is 48, but sm.max_threads / warp_size is 2048 / 32'
# Every one of them: one "gpuroof: FILE:LINE:COLUMN: " line and nothing else.
for file in "$data"/bad-*.yaml; do
    run profile show "$file" --json
    expect_status 1
    expect_no_stdout
    expect_error_line
    case $(cat "$err") in
    "gpuroof: $file:"[0-9]*:[0-9]*": "?*) pass "names FILE:LINE:COLUMN" ;;
    *) fail "names FILE:LINE:COLUMN" "$(shown "$err")" "gpuroof: $file:LINE:COLUMN: ..." ;;
    esac
done

# Small broken files written here.
printf 'name: x\nbogus: 1\n' >"$test_tmp/bogus.yaml"
run bound --intensity 1 --device "$test_tmp/bogus.yaml"
expect_fails 1 "gpuroof: $test_tmp/bogus.yaml:2:1: the profile: unknown key 'bogus'"
printf -- '- a\n- b\n' >"$test_tmp/list.yaml"
run bound --intensity 1 --device "$test_tmp/list.yaml"
expect_fails 1 "gpuroof: $test_tmp/list.yaml:1:1: the profile must be a mapping, not a list"
printf 'name: x\n---\nname: y\n' >"$test_tmp/two.yaml"
run bound --intensity 1 --device "$test_tmp/two.yaml"
expect_fails 1 "gpuroof: $test_tmp/two.yaml:2:1: only one YAML document is allowed"
printf 'name: x\n' >"$test_tmp/short.yaml"
run bound --intensity 1 --device "$test_tmp/short.yaml"
expect_status 1
expect_no_stdout
expect_stderr_has "gpuroof: $test_tmp/short.yaml:1:1: the profile: missing key '"
: >"$test_tmp/empty.yaml"
run bound --intensity 1 --device "$test_tmp/empty.yaml"
expect_fails 1 "gpuroof: $test_tmp/empty.yaml: the file is empty"
printf 'name: a\000b\n' >"$test_tmp/nul.yaml"
run profile show "$test_tmp/nul.yaml"
expect_fails 1 "gpuroof: $test_tmp/nul.yaml: file contains a NUL byte (not a text file)"
printf 'name: "a\\x00b"\n' >"$test_tmp/nul-escape.yaml"
run profile show "$test_tmp/nul-escape.yaml"
expect_status 1
expect_no_stdout
expect_error_line

sed 's/^name: a100$/name: A100/' "$profiles/a100.yaml" >"$test_tmp/upper.yaml"
line=$(grep -n '^name:' "$test_tmp/upper.yaml" | cut -d: -f1)
run bound --intensity 1 --device "$test_tmp/upper.yaml"
expect_fails 1 "gpuroof: $test_tmp/upper.yaml:$line:7: name must be lower-case letters, digits, '-' and '_', not 'A100'"

# Unknown devices, missing files, directories.
run bound --intensity 1 --device nosuch
expect_fails 1 "gpuroof: unknown device 'nosuch' (gpuroof devices lists the profiles)"
run occupancy --threads 256 --regs 32 --device nosuch
expect_fails 1 "gpuroof: unknown device 'nosuch' (gpuroof devices lists the profiles)"
run bound --intensity 1 --device 'A 100'
expect_fails 1 "gpuroof: 'A 100' is not a profile name (letters, digits, '-' and '_')"
run bound --intensity 1 --device ''
expect_fails 1 "gpuroof: '' is not a profile name (letters, digits, '-' and '_')"
run bound --intensity 1 --device "$test_tmp/missing.yaml"
expect_fails 1 "gpuroof: $test_tmp/missing.yaml: No such file or directory"
run occupancy --threads 256 --regs 32 --device "$test_tmp/missing.yaml"
expect_fails 1 "gpuroof: $test_tmp/missing.yaml: No such file or directory"
run bound --intensity 1 --device "$test_tmp/"
expect_fails 1 "gpuroof: $test_tmp/: read error (is it a directory?)"
mkdir "$test_tmp/dir.yaml"
run bound --intensity 1 --device "$test_tmp/dir.yaml"
expect_fails 1 "gpuroof: $test_tmp/dir.yaml: read error (is it a directory?)"
run profile show "$test_tmp/dir.yaml"
expect_fails 1 "gpuroof: $test_tmp/dir.yaml: read error (is it a directory?)"

# Bad numbers and expressions in options.
peaks="--peak-gflops 200 --bandwidth 100"
run bound --flops 36 --bytes '7*' $peaks
expect_fails 1 "gpuroof: --bytes '7*': expected a number, a name or '(' (at character 3)"
run bound --flops 36 --bytes abc $peaks
expect_fails 1 "gpuroof: --bytes 'abc': unknown name 'abc' (at character 1)"
run bound --flops 36 --bytes 1/0 $peaks
expect_fails 1 "gpuroof: --bytes '1/0': division by zero (at character 2)"
run bound --flops 36 --bytes '' $peaks
expect_fails 1 "gpuroof: --bytes '': empty expression (at character 1)"
run bound --flops 36 --bytes '2**3' $peaks
expect_fails 1 "gpuroof: --bytes '2**3': expected a number, a name or '(' (at character 3)"
run bound --flops 1e400 --bytes 4 $peaks
expect_fails 1 "gpuroof: --flops '1e400': number too large (at character 1)"
run bound --flops '1e308*10' --bytes 4 $peaks
expect_fails 1 "gpuroof: --flops '1e308*10': result is not a finite number (at character 6), out of range (0 to 1e+30)"
run bound --flops nan --bytes 4 $peaks
expect_fails 1 "gpuroof: --flops 'nan': unknown name 'nan' (at character 1)"
run bound --flops 36 --bytes -4 $peaks
expect_fails 1 "gpuroof: --bytes '-4': must not be negative"
run bound --intensity '2^1000' $peaks
expect_fails 1 "gpuroof: --intensity '2^1000': integer overflow (at character 2), out of range (1e-12 to 1e+12)"
run occupancy --threads 1.5 --regs 32 --device h100
expect_fails 1 "gpuroof: --threads '1.5': must be a whole number, not 1.5"
run occupancy --threads 99999999999999999999 --regs 32 --device h100
expect_fails 1 "gpuroof: --threads '99999999999999999999': integer overflow (at character 1), out of range (0 to 1048576)"
run occupancy --threads 1e9 --regs 32 --device h100
expect_fails 1 "gpuroof: --threads '1e9': 1000000000 is out of range (0 to 1048576)"
# Hexadecimal needs a digit after 0x.
run occupancy --threads 0x --regs 32 --device h100
expect_fails 1 "gpuroof: --threads '0x': unexpected name 'x' after a number (at character 2)"
run occupancy --threads 0x100 --regs 32 --device h100 --json
expect_status 0
expect_json .threads_per_block 256
run occupancy --threads 256 --regs -1 --device h100
expect_fails 1 "gpuroof: --regs '-1': must not be negative"
run occupancy --threads 256 --regs 'min()' --device h100
expect_fails 1 "gpuroof: --regs 'min()': min needs at least 1 argument (at character 1)"
run occupancy --threads 256 --regs 32 --smem -4K --device h100
expect_fails 1 "gpuroof: --smem '-4K': must not be negative"
run occupancy --threads 256 --regs 32 --smem 1.5 --device h100
expect_fails 1 "gpuroof: --smem '1.5': must be a whole number, not 1.5"
run occupancy --threads 256 --regs 32 --smem 2T --device h100
expect_fails 1 "gpuroof: --smem '2T': unexpected name 'T' after a number (at character 2)"
run occupancy --threads 256 --regs 32 --smem 1M --device h100
expect_fails 1 'gpuroof: 1048576 bytes of shared memory per block exceed the maximum of 232448 bytes per block (with opt-in)'
# Byte sizes: K, KB, KiB, with arithmetic.
for size in 4K 4KB 4KiB 4k '4 KiB' '2*2K' '(1+1)*2048' 0.5K*8; do
    run occupancy --threads 256 --regs 32 --smem "$size" --device h100 --json
    expect_status 0
    expect_json .smem_per_block_bytes 4096
done
run occupancy --threads 256 --regs 32 --device h100 --carveout %
expect_fails 1 "gpuroof: --carveout '%': empty expression (at character 1)"
run occupancy --threads 64 --regs 27 --max-threads-sm 0 --max-blocks-sm 32 --regs-sm 64K --smem-sm 96K
expect_fails 1 "gpuroof: --max-threads-sm '0': 0 is out of range (1 to 65536)"
run occupancy --threads 64 --regs 27 --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 64Q --smem-sm 96K
expect_fails 1 "gpuroof: --regs-sm '64Q': unexpected name 'Q' after a number (at character 3)"

# --block: XxY or XxYxZ, each within CUDA's limits.
run occupancy --block 0x4 --regs 1 --device h100
expect_fails 1 "gpuroof: --block '0x4': 0 is out of range (1 to 1024)"
run occupancy --block 2000x1 --regs 1 --device h100
expect_fails 1 "gpuroof: --block '2000x1': 2000 is out of range (1 to 1024)"
run occupancy --block 1x1x65 --regs 1 --device h100
expect_fails 1 "gpuroof: --block '1x1x65': 65 is out of range (1 to 64)"
run occupancy --block 4x4x4x4 --regs 1 --device h100
expect_fails 1 "gpuroof: --block '4x4x4x4': expected X, XxY or XxYxZ, such as 16x16"
run occupancy --block x --regs 1 --device h100
expect_fails 1 "gpuroof: --block 'x': expected X, XxY or XxYxZ, such as 16x16"
run occupancy --block 16y16 --regs 1 --device h100
expect_fails 1 "gpuroof: --block '16y16': unexpected name 'y16' after a number (at character 3)"
# Regression: empty dimensions are skipped, so '4xx4', 'x16' and '16x' pass as
# 4x4, 16 and 16 instead of being refused.
for shape in 4xx4 x16 16x; do
    run occupancy --block "$shape" --regs 1 --device h100
    expect_status 1
    expect_no_stdout
    expect_stderr_has "gpuroof: --block '$shape'"
done

# Garbage argument vectors: never a crash, and any error is one line.
long=$(awk 'BEGIN { for (i = 0; i < 5000; i++) printf "a" }')
deep=$(awk 'BEGIN { for (i = 0; i < 70; i++) printf "("; printf "1"; for (i = 0; i < 70; i++) printf ")" }')
while IFS= read -r vector; do
    eval "set -- $vector"
    run "$@"
    expect_crash_free
    if [ "$status" -ne 0 ]; then
        expect_error_line
    fi
done <<'EOF'
bound
bound --flops '' --bytes '' --intensity ''
bound --flops 1 --bytes '1e-300/1e300' --peak-gflops 1 --bandwidth 1
bound --intensity 1e12 --peak-gflops 1e-9 --bandwidth 1e12 --achieved-gflops 1e12 --json
bound --intensity 1e-12 --peak-gflops 1e12 --bandwidth 1e-9 --achieved-gflops 1e12
bound --intensity 1 --device ../../../../../../etc/passwd
bound --intensity 1 --device /dev/null
bound --intensity 1 --device /dev/zero
bound --intensity 1 --device "$long"
bound --intensity 1 --device a100 --profiles "$long"
bound --flops "$deep" --bytes 1 --peak-gflops 1 --bandwidth 1
bound --flops "$long" --bytes 1 --peak-gflops 1 --bandwidth 1
bound --flops 'cdiv(1,0)' --bytes 'max()' --peak-gflops '2^1000' --bandwidth '-(-(-(-1)))'
bound --flops '-9223372036854775807-1' --bytes '(-9223372036854775807-1)/-1' --peak-gflops 1 --bandwidth 1
occupancy --threads -1 --regs -1 --smem -1 --device a100
occupancy --threads 2147483648 --regs 2147483648 --smem 9223372036854775807 --device a100
occupancy --threads 1 --regs 1 --max-threads-sm 32 --max-blocks-sm 1 --regs-sm 1 --smem-sm 0
occupancy --sweep threads --regs 1 --max-threads-sm 65536 --max-blocks-sm 65536 --regs-sm '2^30' --smem-sm 0 --json
occupancy --suggest --regs 0 --max-threads-sm 31 --max-blocks-sm 1 --regs-sm 1 --smem-sm 1
occupancy --sweep threads --regs 1 --max-threads-sm 1 --max-blocks-sm 1 --regs-sm 1 --smem-sm 1 --json
occupancy --sweep regs --threads 32 --max-threads-sm 32 --max-blocks-sm 1 --regs-sm 1 --smem-sm 1
occupancy --threads 1 --regs 1 --smem 1 --max-threads-sm 32 --max-blocks-sm 1 --regs-sm 1 --smem-sm 1 --smem-unit 1M --smem-reserved 1M --reg-unit 65536
occupancy --threads 32 --regs 255 --smem '2^40' --max-threads-sm 65536 --max-blocks-sm 65536 --regs-sm '2^30' --smem-sm '2^40' --reg-unit 65536 --smem-unit 1M --target-blocks 65536
occupancy --block "$long" --regs 1 --device a100
occupancy --block '2*8x(4+4)' --regs 1 --device a100
occupancy --target-blocks 65536 --threads 32 --regs 0 --max-threads-sm 65536 --max-blocks-sm 65536 --regs-sm 1 --smem-sm 1K
occupancy --threads 32 --regs 1 --device a100 --carveout 0%
occupancy --threads 32 --regs 1 --device a100 --carveout %%
occupancy --threads 32 --regs 1 --device a100 --carveout "$long%"
occupancy --sweep smem --regs 32 --threads 1024 --smem 999999999999 --device k40 --json
occupancy --suggest --regs 255 --smem 163K --device a100
occupancy --target-blocks 1 --threads 1024 --regs 64 --smem 163K --device a100
profile show ''
profile show /
profile show .yaml
profile show "$long.yaml"
devices --profiles /dev/null
devices --profiles ''
devices --profiles ':::::'
''
--version --help
occupancy --help --nope
bound --nope --help
EOF

# ---- readers of binaries: the right place and reason -----------------------
k="$top_srcdir/tests/data/kernels"
patched() { # patched FROM TO BYTE OCTAL-BYTES: TO is FROM with those bytes at BYTE
    cp "$k/$1" "$test_tmp/$2"
    printf "$4" | dd of="$test_tmp/$2" bs=1 seek="$3" conv=notrunc 2>/dev/null
}
# a directory: one line, nothing read (and nothing leaked under valgrind)
run kernels "$top_srcdir/tests"
expect_fails 1 "gpuroof: $top_srcdir/tests: is a directory, not a file"
run ncu "$top_srcdir/tests"
expect_fails 1 "gpuroof: $top_srcdir/tests: is a directory, not a file"
# sample.o (64-bit, section headers at byte 113688): e_shstrndx (byte 62) naming
# section 2 (.text); the table's offset (section 22's header, at byte 115096) past the end
patched sample.o names.o 62 '\2\0'
run kernels "$test_tmp/names.o"
expect_fails 1 "gpuroof: $test_tmp/names.o: byte 113816: the section-name table (section 2) is not a string table (type 1)"
patched sample.o namesfar.o 115120 '\0\0\0\0\1\0\0\0'
run kernels "$test_tmp/namesfar.o"
expect_fails 1 "gpuroof: $test_tmp/namesfar.o: byte 115096: the section-name table (section 22: 236 bytes at byte 4294967296) runs past the end of the file (115160 bytes)"
# sample-sm90.cubin (47,584 bytes, headers at byte 43920): the symbol table's
# sh_link (byte 44152) made 999, whose header would be at byte 107,856
patched sample-sm90.cubin link.cubin 44152 '\347\3\0\0'
run kernels "$test_tmp/link.cubin"
expect_fails 1 "gpuroof: $test_tmp/link.cubin: byte 44152: the symbol table's names are in section 999, of 52"
# its .nv.constant0 section 45 (header at byte 46800) made NOBITS of 2^63 bytes
patched sample-sm90.cubin nobits.cubin 46804 '\10\0\0\0'
printf '\0\0\0\0\0\0\0\200' | dd of="$test_tmp/nobits.cubin" bs=1 seek=46832 conv=notrunc 2>/dev/null
run kernels "$test_tmp/nobits.cubin"
expect_fails 1 "gpuroof: $test_tmp/nobits.cubin: byte 46800: section 45 (.nv.constant0._Z13uses_constantPfPKf) claims 9223372036854775808 bytes, more than any GPU has"
# architectures no GPU has: 255 in the cubin's ELF flags, 2^32-1 in a fatbin entry
patched sample-sm90.cubin arch.cubin 49 '\377'
run kernels "$test_tmp/arch.cubin"
expect_fails 1 "gpuroof: $test_tmp/arch.cubin: byte 48: architecture 255 in the ELF flags (0x0600ff04), which no GPU has (10 to 199: sm_10 to sm_199)"
patched sample.o arch.o 5372 '\377\377\377\377'
run kernels "$test_tmp/arch.o"
expect_fails 1 "gpuroof: $test_tmp/arch.o: byte 5372: a fatbin entry for architecture 4294967295, which no GPU has (10 to 199: sm_10 to sm_199)"

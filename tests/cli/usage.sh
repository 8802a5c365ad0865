# The command line itself: usage, --help, --version, unknown commands and
# options, missing and conflicting options: each a usage error, exit status 2.
. "$top_srcdir/tests/cli/lib.sh"

commands="bound occupancy model devices profile exercises ncu"

run
expect_status 2
expect_no_stdout
check "usage on stderr" "$(head -n 1 "$err")" 'Usage: gpuroof COMMAND [options]   (gpuroof COMMAND --help for each)'

for help in --help -h; do
    run $help
    expect_status 0
    expect_no_stderr
    expect_stdout_starts 'Usage: gpuroof COMMAND'
    for command in $commands; do
        check "lists $command" "$(awk -v c="$command" '$1 == c { print $1 }' "$out")" "$command"
    done
    expect_stdout_line 'Exit status: 0 success, 1 bad input or failed run, 2 usage.'
done

version=$(sed -n 's/^AC_INIT(\[gpuroof\], *\[\([^]]*\)\].*/\1/p' "$top_srcdir/configure.ac")
run --version
expect_status 0
expect_no_stderr
expect_stdout_starts 'gpuroof '
check "the version line" "$(cat "$out")" "gpuroof $version"

run nope
expect_fails 2 "gpuroof: unknown command 'nope' (gpuroof --help lists them)"
run --json
expect_fails 2 "gpuroof: unknown command '--json' (gpuroof --help lists them)"
run ''
expect_fails 2 "gpuroof: unknown command '' (gpuroof --help lists them)"

# gpuroof --help's word on --json is exact: each command it leaves out has no
# --json (a usage error), and every other command's --help lists it.  It
# once said every command took --json, which measure and profile detect (they
# write YAML files) never did.
run --help
expect_stdout_line 'Every command takes --help (-h), and all but measure and profile detect take --json.'
without_json=$(sed -n 's/^Every command takes --help (-h), and all but \(.*\) take --json\.$/\1/p' "$out" |
    sed -e 's/, /|/g' -e 's/ and /|/g')
while read -r words; do
    case "|$without_json|" in
    *"|$words|"*)
        # shellcheck disable=SC2086 # the words of the command line
        run $words --json
        expect_status 2
        expect_stderr_has '--json'
        [ "$words" = "profile detect" ] ||
            { run $words --help; check "$words --help lists no --json" "$(grep -c -e '^  --json ' "$out")" 0; } ;;
    *)
        # shellcheck disable=SC2086
        run $words --help
        check "$words --help lists --json" "$(grep -c -e '^  --json ' "$out")" 1 ;;
    esac
done <<'EOF'
bound
occupancy
model
banks
plot
measure
devices
profile show
profile detect
exercises
ncu
EOF
run profile detect --json
expect_fails 2 "gpuroof profile: detect writes a YAML profile and takes no --json (gpuroof profile --help)"
run profile show a100 -o a100.txt
expect_fails 2 "gpuroof profile: show prints to standard output and takes no -o (gpuroof profile --help)"

# Every command's --help: on stdout, exit 0, starting with its usage.
for command in $commands; do
    run "$command" --help
    expect_status 0
    expect_no_stderr
    expect_stdout_starts "Usage: gpuroof $command"
done
# --help wins over the rest of the line.
run bound --help --flops 1
expect_status 0
expect_stdout_starts 'Usage: gpuroof bound'
run occupancy --threads 0 --help
expect_status 0
expect_stdout_starts 'Usage: gpuroof occupancy'

# Unknown options and missing values.
run bound --nope
expect_fails 2 "gpuroof bound: unknown option '--nope' (gpuroof bound --help)"
run occupancy --nope
expect_fails 2 "gpuroof occupancy: unknown option '--nope' (gpuroof occupancy --help)"
run devices --nope
expect_fails 2 "gpuroof devices: unknown option '--nope' (gpuroof devices --help)"
run profile --nope show a100
expect_fails 2 "gpuroof profile: unknown option '--nope' (gpuroof profile --help)"
run bound -x
expect_fails 2 "gpuroof bound: unknown option '-x' (gpuroof bound --help)"
run occupancy --s 4 --threads 256 --regs 32 --device a100
expect_fails 2 "gpuroof occupancy: unknown option '--s' (gpuroof occupancy --help)"
run bound --flops
expect_fails 2 "gpuroof bound: option '--flops' needs a value (gpuroof bound --help)"
run bound --intensity 1 --device
expect_fails 2 "gpuroof bound: option '--device' needs a value (gpuroof bound --help)"
run occupancy --threads 256 --regs
expect_fails 2 "gpuroof occupancy: option '--regs' needs a value (gpuroof occupancy --help)"
run devices --profiles
expect_fails 2 "gpuroof devices: option '--profiles' needs a value (gpuroof devices --help)"
run bound --intensity 1 --device a100 -D
expect_fails 2 "gpuroof bound: option '-D' needs a value (gpuroof bound --help)"
run bound --intensity 1 --device a100 extra
expect_fails 2 "gpuroof bound: unexpected argument 'extra' (gpuroof bound --help)"
run occupancy --threads 256 --regs 32 --device a100 extra
expect_fails 2 "gpuroof occupancy: unexpected argument 'extra' (gpuroof occupancy --help)"
# Regression: an option that takes no value, given one, is reported as the short
# option '-j' (or '-s', '-h'), which nobody typed.
for option in bound:--json=1 devices:--json=yes occupancy:--suggest=1; do
    command=${option%%:*}
    option=${option#*:}
    run "$command" "$option"
    expect_status 2
    expect_stderr_has "'${option%%=*}"
done

# Missing required options.
run bound
expect_fails 2 'gpuroof bound: give --flops and --bytes, or --intensity, or --model (gpuroof bound --help)'
run bound --flops 1 --peak-gflops 1 --bandwidth 1
expect_fails 2 'gpuroof bound: --flops and --bytes go together (gpuroof bound --help)'
run bound --bytes 1 --peak-gflops 1 --bandwidth 1
expect_fails 2 'gpuroof bound: --flops and --bytes go together (gpuroof bound --help)'
run bound --intensity 1
expect_fails 2 'gpuroof bound: give --device, or both --peak-gflops and --bandwidth (gpuroof bound --help)'
run bound --intensity 1 --peak-gflops 1
expect_fails 2 'gpuroof bound: give --device, or both --peak-gflops and --bandwidth (gpuroof bound --help)'
run occupancy --regs 32 --device a100
expect_fails 2 'gpuroof occupancy: give --threads N or --block XxY (gpuroof occupancy --help)'
run occupancy --threads 256 --device a100
expect_fails 2 'gpuroof occupancy: give --regs R (registers per thread) (gpuroof occupancy --help)'
run occupancy --threads 256 --regs 32
expect_fails 2 'gpuroof occupancy: give --device, or all of --max-threads-sm, --max-blocks-sm, --regs-sm and --smem-sm (gpuroof occupancy --help)'
run occupancy --threads 256 --regs 32 --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 65536
expect_fails 2 'gpuroof occupancy: give --device, or all of --max-threads-sm, --max-blocks-sm, --regs-sm and --smem-sm (gpuroof occupancy --help)'
run profile
expect_fails 2 'gpuroof profile: give a subcommand: show NAME (gpuroof profile --help)'
run model
expect_fails 2 'gpuroof model: give a model FILE (gpuroof model --help)'

# Conflicting options.
run bound --intensity 1 --flops 1 --bytes 2 --device a100
expect_fails 2 'gpuroof bound: give --flops/--bytes or --intensity, not both (gpuroof bound --help)'
run bound --intensity 1 --flops 1 --bytes 2 --model m --device a100
expect_fails 2 'gpuroof bound: give at most one of --flops/--bytes, --intensity and --model (gpuroof bound --help)'
run bound --intensity 1 --device a100 -D n=4
expect_fails 2 'gpuroof bound: -D needs --model (gpuroof bound --help)'
run occupancy --threads 256 --regs 32 --device a100 -D n=4
expect_fails 2 'gpuroof occupancy: -D needs --model (gpuroof occupancy --help)'
run bound --intensity 1 --precision fp64 --peak-gflops 1 --bandwidth 1
expect_fails 2 'gpuroof bound: --precision needs --device (gpuroof bound --help)'
run occupancy --threads 256 --block 16x16 --regs 32 --device a100
expect_fails 2 'gpuroof occupancy: give --threads or --block, not both (gpuroof occupancy --help)'
run occupancy --threads 256 --regs 32 --device a100 --max-threads-sm 2048
expect_fails 2 'gpuroof occupancy: give --device or --max-threads-sm, not both (gpuroof occupancy --help)'
run occupancy --threads 256 --regs 32 --device a100 --smem-unit 128
expect_fails 2 'gpuroof occupancy: give --device or --smem-unit, not both (gpuroof occupancy --help)'
run occupancy --threads 256 --regs 32 --carveout 50% --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 65536 --smem-sm 96K
expect_fails 2 'gpuroof occupancy: --carveout needs --device (gpuroof occupancy --help)'
run occupancy --threads 256 --regs 32 --device a100 --sweep regs --suggest
expect_fails 2 'gpuroof occupancy: give --sweep or --suggest, not both (gpuroof occupancy --help)'

# Options as every command takes them: -h is --help everywhere; an option
# that may be repeated says so in --help and keeps every value; any other
# given twice is a usage error naming it (DESIGN.md).
. "$top_srcdir/tests/cli/lib.sh"
# Charts a wrong gpuroof would draw land there.
cd "$test_tmp" || exit 99

# -h and --help, for every command and subcommand: the help on stdout,
# exit 0, whatever else is on the line.
while IFS=: read -r words usage; do
    for help in -h --help; do
        # shellcheck disable=SC2086 # the words of the command line
        run $words $help
        expect_status 0
        expect_no_stderr
        expect_stdout_starts "Usage: gpuroof $usage"
        check "lists -h, --help" "$(grep -c -E '^  -h, --help +print this help$' "$out")" 1
    done
done <<'EOF'
bound:bound
occupancy:occupancy
model:model
banks:banks
plot:plot
plot roofline:plot
plot occupancy:plot
plot banks:plot
measure:measure
devices:devices
profile:profile
profile show:profile
profile show a100:profile
profile detect:profile
exercises:exercises
kernels:kernels
EOF

# The help's option list: each option once, with its value's name; the
# repeatable ones say so, and only they.  entry OPTION: its lines, joined.
entry() {
    awk -v o="  $1 " 'index($0, o) == 1 { on = 1; printf "%s", $0; next }
                      on && /^   / { sub(/^ +/, " "); printf "%s", $0; next }
                      { on = 0 }' "$out"
}
run bound -h
expect_stdout_line '  -D, --define NAME=VALUE  set a parameter of the model; may be repeated'
expect_stdout_line '  --flops F                floating-point operations (per thread or in total; may be 0)'
run plot -h
for option in '--device NAME|FILE' '--precision P' '--model FILE' '-D, --define NAME=VALUE' '--point L:I:G' \
    '--results FILE'; do
    check "plot --help: $option may be repeated" "$(entry "$option" | grep -c 'may be repeated$')" 1
done
check "plot --help: only those" "$(tr '\n' ' ' <"$out" | tr -s ' ' | grep -o 'may be repeated' | wc -l | tr -d ' ')" 6
for command in occupancy model; do
    run "$command" --help
    expect_stdout_has '-D, --define NAME=VALUE'
    check "$command --help: -D may be repeated" "$(entry '-D, --define NAME=VALUE' | grep -c 'may be repeated$')" 1
done
for command in bound occupancy model banks measure devices profile exercises; do
    run "$command" --help
    check "$command --help: nothing else may be repeated" \
        "$(tr '\n' ' ' <"$out" | tr -s ' ' | grep -o 'may be repeated' | wc -l | tr -d ' ')" \
        "$(grep -c -e '-D, --define' "$out")"
done

# Given twice: a usage error that names the option as it was given the
# second time, whether its values differ or not.
while IFS='|' read -r command option rest; do
    eval "set -- $rest"
    run "$command" "$@"
    expect_fails 2 "gpuroof $command: option '$option' given twice (gpuroof $command --help)"
done <<'EOF'
bound|--flops|--flops 36 --flops 37 --bytes 28 --peak-gflops 200 --bandwidth 100
bound|--flops|--flops 36 --bytes 28 --flops=36 --peak-gflops 200 --bandwidth 100
bound|--device|--intensity 1 --device a100 --device h100
bound|--json|--intensity 1 --device a100 --json --json
occupancy|--threads|--threads 256 --threads 128 --regs 32 --device a100
occupancy|--smem-sm|--threads 64 --regs 27 --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm '64*1024' --smem-sm 96K --smem-sm 64K
occupancy|--suggest|--regs 32 --device a100 --suggest --suggest
model|--device|matmul-tiled --device a100 --device h100
model|--regs|foo-kernel --regs 32 --regs 40
banks|--kernel|--kernel setRowReadCol --kernel setColReadCol --block 32x32
banks|--pad|--kernel setRowReadColPad --block 32x16 --pad 1 --pad 2
plot|-o|--device a100 -o a.pdf -o b.pdf
plot|--output|--device a100 -o a.pdf --output b.pdf
plot|--threads|occupancy --device a100 --threads 256 --threads 128 --regs 32 -o a.pdf
measure|--only|--only ceilings --only sweep
devices|--profiles|--profiles /tmp --profiles /tmp
profile|--json|show a100 --json --json
exercises|--json|--json --json
kernels|--kernel|k.cubin --kernel a --kernel b
kernels|--glob|k.cubin --kernel 'a*' --glob --glob
occupancy|--kernel|--from k.cubin --kernel a --kernel b --device a100
occupancy|--glob|--from k.cubin --kernel a --glob --glob --device a100
EOF
# --kernel and --glob in the help of the commands that take them
for command in kernels occupancy; do
    run "$command" --help
    check "$command --help: --kernel PATTERN" "$(entry '--kernel PATTERN' | grep -c 'glob')" 1
    check "$command --help: --glob" "$(entry '--glob' | grep -c 'a glob, even a pasted signature')" 1
done
# Abbreviated, it is still the option it stands for.
run bound --flo 36 --flops 36 --bytes 28 --peak-gflops 200 --bandwidth 100
expect_fails 2 "gpuroof bound: option '--flops' given twice (gpuroof bound --help)"

# -D, repeated, keeps every value: for model, bound and occupancy --model,
# and plot, where each -D belongs to the --model before it.
if have_jq; then
    run model matmul-tiled -D Width=8 -D TILE_WIDTH=2 --json
    expect_status 0
    expect_json .parameters '{"Width":8,"TILE_WIDTH":2}'
    expect_json .grid_blocks 16
fi
run model matmul-tiled -D Width=8 -D TILE_WIDTH=2
expect_stdout_line '  parameters     Width = 8 (-D), TILE_WIDTH = 2 (-D)'
run bound --model matmul-tiled -D Width=64 -D TILE_WIDTH=16 --peak-gflops 100 --bandwidth 100
expect_status 0
expect_stdout_line 'Not bounded at shared memory: the model counts 2097152 B there, but no shared memory bandwidth is known (give --shared-bandwidth GBS).'
run bound --model matmul-tiled -D Width=64 -D TILE_WIDTH=16 --peak-gflops 100 --bandwidth 100 --shared-bandwidth 1000 --json
expect_status 0
expect_json .intensity 4
expect_json '.levels[1].bytes' "$((2 * 4 * 64 * 64 * 64))"
run occupancy --model matmul-tiled -D Width=64 -D TILE_WIDTH=16 --regs 32 --device a100 --json
expect_status 0
expect_json .threads_per_block 256
run plot --device a100 --model matmul-tiled -D Width=64 -D TILE_WIDTH=16 --model matmul-naive \
    --model matmul-tiled -D TILE_WIDTH=32 -o models.pdf --script-only
expect_status 0
last="models.gp"
check "each model's label has its own -D" \
    "$(grep -o '"matmul-[a-z]*[^"(]*' models.gp | tr -d '"' | tr '\n' '|')" \
    "matmul-tiled Width=64 TILE_WIDTH=16 |matmul-naive |matmul-tiled TILE_WIDTH=32 |"

# --precision, repeated, draws a ceiling for each.
run plot --device a100 --precision tensor_fp16 --precision tensor_tf32 -o two.pdf --script-only
expect_status 0
expect_no_stderr
last="two.gp"
check "the FP16 tensor roof" "$(grep -c "label.*'TENSOR FP16 312 TFLOP/s'" two.gp)" 1
check "the TF32 tensor roof" "$(grep -c "label.*'TENSOR TF32 156 TFLOP/s'" two.gp)" 1
check "the made-by line" "$(sed -n 's/^# Made by: //p' two.gp)" \
    "gpuroof plot --device a100 --precision tensor_fp16 --precision tensor_tf32 -o two.pdf"
# One of them the same as a roof drawn anyway, or named twice: drawn once.
run plot --device a100 --precision tensor_fp16 --precision fp32 --precision tensor_fp16 -o once.pdf --script-only
expect_status 0
last="once.gp"
check "the FP16 tensor roof, once" "$(grep -c "'TENSOR FP16 312 TFLOP/s'" once.gp)" 1
check "the FP32 roof, once" "$(grep -c "'FP32 19.5 TFLOP/s'" once.gp)" 1
# Each device must have each.
run plot --device a100 --device k40 --precision fp64 --precision tensor_fp16 -o x.pdf --script-only
expect_fails 1 'gpuroof: k40 has no tensor_fp16 peak (it has fp64, fp32)'
run plot occupancy --device a100 --threads 256 --regs 32 --precision tensor_fp16 -o x.pdf
expect_fails 2 'gpuroof plot: plot occupancy takes no --model, --point, --results or --precision (gpuroof plot --help)'
check "no file left by the failures" "$(ls x.* 2>/dev/null)" ""

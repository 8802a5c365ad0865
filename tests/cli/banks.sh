#!/bin/sh
# gpuroof banks: the book's K40 figures, 32-way column access since
# Maxwell, padding, element sizes, generic formulas, and bad input.
. "$top_srcdir/tests/cli/lib.sh"

ways() { # KERNEL BLOCK [options]: banks --json of that kernel and block
    kernel=$1 block=$2
    shift 2
    run banks --kernel "$kernel" --block "$block" "$@" --json
}

# The book's K40 figures (Kepler, 4-byte mode).
ways setColReadCol 32x32 --device k40
expect_json '[.store.ways, .load.ways, .bank_width]' '[16,16,8]'
ways setRowReadCol 32x32 --device k40
expect_json '[.store.ways, .load.ways]' '[1,16]'
ways setRowReadColDyn 32x32 --device k40
expect_json '.load.ways' 16
ways setRowReadCol 32x16 --device k40
expect_json '[.store.ways, .load.ways]' '[1,8]'
ways setRowReadColDyn 32x16 --device k40
expect_json '.load.ways' 8
ways setColReadCol 32x16 --device k40
expect_json '.load.ways' 8
ways setRowReadColPad 32x16 --device k40 --pad 1
expect_json '[.load.ways, .load.wavefronts_per_request]' '[2,2]'
ways setRowReadColPad 32x16 --device k40 --pad 2
expect_json '.load.ways' 1
ways setRowReadColDynPad 32x16 --device k40
expect_json '[.pad, .load.ways]' '[2,1]'
ways setRowReadColPad 32x32 --device k40
expect_json '[.pad, .load.ways]' '[1,1]'
ways setRowReadRow 32x16 --device k40
expect_json '[.store.ways, .load.ways]' '[1,1]'

# 32-way column access on Fermi-style 4-byte banks: every GPU since Maxwell.
for device in '' v100 a100 h100 h200 rtx4090; do
    if [ -n "$device" ]; then ways setColReadCol 32x32 --device "$device"; else ways setColReadCol 32x32; fi
    expect_json '[.store.ways, .load.ways, .bank_width, .banks]' '[32,32,4,32]'
done
ways setRowReadCol 32x16 --device h100
expect_json '.load.ways' 16
ways setRowReadColPad 32x16 --device h100 --pad 1
expect_json '.load.ways' 2

# The smallest padding that removes the conflicts.
run banks --kernel setRowReadColPad --block 32x16 --device k40 --suggest-pad --json
expect_json .suggested_pad 2
run banks --kernel setRowReadColPad --block 32x32 --suggest-pad --json
expect_json .suggested_pad 1
run banks --kernel setRowReadColPad --block 32x16 --device k40 --suggest-pad
expect_stdout_line 'The smallest padding that makes both conflict-free: 2 (--pad 2).'
run banks --store 'ty*(bdx+pad)+tx' --load 'tx*(bdx+pad)+ty' --block 32x32 --suggest-pad --json
expect_json .suggested_pad 1

# Element sizes: 8 bytes per half-warp, 16 per quarter-warp.
run banks --store 'ty*bdx+tx' --load 'ty*bdx+tx' --block 32x32 --elem-bytes 8 --json
expect_json '[.load.ways, .load.wavefronts_per_request, .load.ideal_wavefronts]' '[1,2,2]'
run banks --store 'ty*bdx+tx' --load 'ty*bdx+tx' --block 32x32 --elem-bytes 16 --json
expect_json '[.load.ways, .load.wavefronts_per_request, .load.ideal_wavefronts]' '[1,4,4]'
# Kepler's 8-byte mode: threads on one 8-byte word do not conflict.
run banks --kernel setColReadCol --block 32x32 --device k40 --bank-mode 8 --json
expect_json '.load.ways' 16
# A broadcast is no conflict.
run banks --store 'tx' --load '0' --block 32x1 --json
expect_json '[.load.ways, .load.wavefronts_per_request]' '[1,1]'

# The text shows who collides where.
run banks --kernel setColReadCol --block 32x32
expect_status 0
expect_stdout_has '32-way: 32 wavefronts per request (ideal 1)'
expect_stdout_has 'warp 0, bank 0: threads 0, 1, 2, 3, 4, 5, 6, 7, ... touch 4-byte words 0, 32, 64'

# Bad input.
run banks --kernel nope --block 32x32
expect_status 1
expect_error_line
run banks --block 32x32
expect_fails 2 'gpuroof banks: give --kernel NAME, or both --store and --load (gpuroof banks --help)'
run banks --kernel setRowReadRow
expect_fails 2 'gpuroof banks: give --block XxY (gpuroof banks --help)'
run banks --kernel setRowReadRow --block 64x32
expect_fails 1 "gpuroof: --block '64x32': 2048 threads, more than the 1024 a block may have"
run banks --kernel setRowReadRow --block 32
expect_fails 1 "gpuroof: --block '32': expected XxY, such as 32x16"
# No padding is pad 0: --pad 0 is accepted for every kernel and echoed; any
# other pad for a kernel or formulas without padding is an error.  It once
# refused --pad 0 too, so a loop over pads 0 to 3 could not take every kernel.
run banks --kernel setRowReadRow --block 32x32 --pad 1
expect_fails 1 "gpuroof: --pad '1': setRowReadRow has no padding, so only --pad 0 fits it (the padded kernels are setRowReadColPad and setRowReadColDynPad)"
run banks --kernel setRowReadCol --block 32x16 --pad '3-1'
expect_fails 1 "gpuroof: --pad '3-1': setRowReadCol has no padding, so only --pad 0 fits it (the padded kernels are setRowReadColPad and setRowReadColDynPad)"
run banks --store 'ty*bdx+tx' --load 'tx*bdx+ty' --block 32x32 --pad 2
expect_fails 1 "gpuroof: --pad '2': the formulas do not use pad, so only --pad 0 fits them"
run banks --kernel setRowReadRow --block 32x32 --pad -1
expect_status 1
expect_error_line
run banks --kernel setRowReadCol --block 32x32 --pad 0
expect_status 0
expect_no_stderr
expect_stdout_line 'Shared-memory banks of setRowReadCol, block 32x32, 4-byte elements, pad 0'
expect_stdout_line '         32-way: 32 wavefronts per request (ideal 1)'
run banks --kernel setRowReadCol --block 32x32
expect_stdout_line 'Shared-memory banks of setRowReadCol, block 32x32, 4-byte elements'
ways setRowReadCol 32x32 --pad 0
expect_status 0
expect_json '[.pad, .store.ways, .load.ways]' '[0,1,32]'
ways setColReadCol 32x16 --device k40 --pad 0
expect_json '[.pad, .load.ways]' '[0,8]'
run banks --store 'ty*bdx+tx' --load 'tx*bdx+ty' --block 32x32 --pad 0 --json
expect_status 0
expect_json '[.pad, .load.ways]' '[0,32]'
# The README's table (.pad // "-"): "-" for an unpadded kernel without --pad,
# the pad given otherwise, as the results file's bank_checks record pad 0.
ways setRowReadRow 32x32
expect_json '.pad // "-"' '-'
ways setRowReadRow 32x32 --pad 0
expect_json '.pad // "-"' 0
ways setRowReadColPad 32x32 --pad 0
expect_json '[.pad, .load.ways]' '[0,32]'
run banks --kernel setRowReadRow --block 32x32 --pad 0 --suggest-pad
expect_fails 1 "gpuroof: --suggest-pad: setRowReadRow has no padding to choose (give a formula with pad, or a padded kernel)"
run banks --kernel setRowReadRow --block 32x32 --elem-bytes 12
expect_fails 1 "gpuroof: --elem-bytes '12': 4, 8 or 16"
run banks --kernel setRowReadRow --block 32x32 --device h100 --bank-mode 8
expect_fails 1 "gpuroof: --bank-mode: h100 has 4-byte banks; only Kepler's 64-bit banks have modes"
run banks --store 'tx-1' --load 'tx' --block 32x1
expect_status 1
expect_error_line
run banks --store 'tx/0' --load 'tx' --block 32x1
expect_status 1
expect_stderr_has 'division by zero'

# --block and --kernel are read as the options are parsed: a bad one is
# found before an option missing (exit 1, as for a bad number).
run banks --kernel bogus
expect_fails 1 "gpuroof: --kernel 'bogus': not a kernel of the notes (setRowReadRow, setColReadCol, setRowReadCol, setRowReadColDyn, setRowReadColPad, setRowReadColDynPad)"
run banks --block 32
expect_fails 1 "gpuroof: --block '32': expected XxY, such as 32x16"
run banks --block 0x16 --store tx --load tx
expect_fails 1 "gpuroof: --block '0x16': 0 is out of range (1 to 1024)"
run banks --kernel setrowreadcol --block 32x16 --json
expect_status 0
expect_json .kernel setRowReadCol
expect_json .block 32x16

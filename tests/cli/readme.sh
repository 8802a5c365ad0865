#!/bin/sh
# The README's examples are real: every ```console block's "$ gpuroof ..."
# line is run, and its output must be exactly the lines that follow it.  An
# example that compiles with nvcc runs with the release of nvcc whose output
# it shows (register counts are the compiler's), and is skipped elsewhere; one
# over a library of the CUDA toolkit runs where that file is.
set -u
readme="$top_srcdir/README.md"
readme_nvcc_release=13.0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gpuroof() { "$GPUROOF" "$@"; }
nvcc() { "$NVCC" "$@"; }
nvcc_usable() {
    [ -n "${NVCC:-}" ] && [ -x "$NVCC" ] && "$NVCC" --version | grep -q "release $readme_nvcc_release,"
}

# Splits the blocks into work/N.cmd (the command) and work/N.out (its output).
awk -v dir="$work" '
    /^```console$/ { inblock = 1; next }
    /^```$/        { inblock = 0; next }
    inblock && /^\$ / { n++; print substr($0, 3) > (dir "/" n ".cmd"); printf "" > (dir "/" n ".out"); next }
    inblock && n    { print > (dir "/" n ".out") }
' "$readme"

# Each example and each package one TAP line (automake's tap-driver.sh), a
# "#" of the command escaped so that it is no directive; the plan at the end.
n=0
tap() { # OK DESCRIPTION [DIRECTIVE]
    n=$((n + 1))
    echo "$1 $n - $(printf '%s' "$2" | tr '\n' ' ' | sed 's/#/\\#/g')${3:+ # $3}"
}
checked=0 failed=0 skipped=0
for cmd in "$work"/*.cmd; do
    [ -e "$cmd" ] || break
    expected=${cmd%.cmd}.out
    case $(cat "$cmd") in
    nvcc\ *)
        if ! nvcc_usable; then
            skipped=$((skipped + 1))
            tap ok "README: $(cat "$cmd")" "SKIP needs nvcc $readme_nvcc_release"
            continue
        fi ;;
    esac
    # an example over the CUDA toolkit's own library runs where it is installed
    toolkit_file=$(grep -o '/usr/local/cuda/[^ ]*' "$cmd" | head -n 1)
    if [ -n "$toolkit_file" ] && [ ! -r "$toolkit_file" ]; then
        skipped=$((skipped + 1))
        tap ok "README: $(cat "$cmd")" "SKIP no $toolkit_file"
        continue
    fi
    (cd "$top_srcdir" && eval "$(cat "$cmd")") >"$work/actual" 2>&1
    checked=$((checked + 1))
    if cmp -s "$expected" "$work/actual"; then
        tap ok "README: $(cat "$cmd")"
    else
        failed=$((failed + 1))
        tap "not ok" "README: $(cat "$cmd")"
        diff -u "$expected" "$work/actual" | head -n 40 | sed 's/^/# /'
    fi
done
echo "# $checked README examples checked, $failed differ, $skipped skipped"

# The Quick start names every package tools/install-deps installs, and the
# CUDA toolkit that it does not; it once left out pkgconf and valgrind.
quick=$(awk '/^## Quick start$/ { on = 1; next } /^## / { on = 0 } on' "$readme")
missing=
for pkg in $(cat "$top_srcdir/tools/packages.txt") nvcc; do
    case $quick in
    *"\`$pkg\`"*) tap ok "README's Quick start names $pkg" ;;
    *) tap "not ok" "README's Quick start does not name \`$pkg\`"; missing="$missing $pkg" ;;
    esac
done
echo "1..$n"
[ "$checked" -gt 0 ] && [ "$failed" -eq 0 ] && [ -z "$missing" ]

# The README's and the guides' examples are real: in each document of
# readme_documents, every ```console block's "$ ..." line is run from the top
# of the source tree, and its output must be exactly the lines that follow
# it.  An example that compiles with nvcc runs with the release of nvcc whose
# output it shows (register counts are the compiler's), and is skipped
# elsewhere; one over a library of the CUDA toolkit runs where that file is.
# tools/update-readme refreshes the outputs of the same documents.
. "$top_srcdir/tests/cli/lib.sh"
readme_nvcc_release=13.0
readme_documents="README.md doc/bound-and-models.md doc/occupancy.md doc/kernels.md doc/ncu.md doc/trace.md doc/banks.md doc/measure.md doc/charts.md doc/exercises.md doc/model-format.md"
gpuroof() { "$GPUROOF" "$@"; }
nvcc() { "$NVCC" "$@"; }
nvcc_usable() {
    [ -n "${NVCC:-}" ] && [ -x "$NVCC" ] && "$NVCC" --version | grep -q "release $readme_nvcc_release,"
}

# Every guide with examples is in the list, so that none goes unchecked.
for path in "$top_srcdir"/doc/*.md; do
    grep -q '^```console$' "$path" || continue
    last="doc/${path##*/}"
    case " $readme_documents " in
    *" $last "*) pass "in readme_documents" ;;
    *) fail "in readme_documents" "a guide with examples, not in the list" "every guide with examples listed" ;;
    esac
done

# check_document FILE: runs each example of FILE (relative to the top of the
# source tree) and compares its output with the lines shown under it.
check_document() {
    examples="$test_tmp/examples"
    rm -rf "$examples"
    mkdir -p "$examples"
    # work/N.cmd (the command), N.out (the output shown), N.line (its line)
    awk -v dir="$examples" '
        /^```console$/ { inblock = 1; next }
        /^```$/        { inblock = 0; next }
        inblock && /^\$ / {
            n++; print substr($0, 3) > (dir "/" n ".cmd"); printf "" > (dir "/" n ".out")
            print NR > (dir "/" n ".line"); next
        }
        inblock && n    { print > (dir "/" n ".out") }
    ' "$top_srcdir/$1"
    n=1
    while [ -e "$examples/$n.cmd" ]; do
        cmd=$(cat "$examples/$n.cmd")
        last="$1 example $n (line $(cat "$examples/$n.line")): $cmd"
        n=$((n + 1))
        case $cmd in
        nvcc\ *)
            if ! nvcc_usable; then
                skip "runs" "needs nvcc $readme_nvcc_release"
                continue
            fi ;;
        esac
        # an example over the CUDA toolkit's own library runs where it is installed
        toolkit_file=$(printf '%s\n' "$cmd" | grep -o '/usr/local/cuda/[^ ]*' | head -n 1)
        if [ -n "$toolkit_file" ] && [ ! -r "$toolkit_file" ]; then
            skip "runs" "no $toolkit_file"
            continue
        fi
        expected="$examples/$((n - 1)).out"
        (cd "$top_srcdir" && eval "$cmd") </dev/null >"$test_tmp/actual" 2>&1
        examples_run=$((examples_run + 1))
        if cmp -s "$expected" "$test_tmp/actual"; then
            pass "prints what $1 shows"
        else
            diff -u "$expected" "$test_tmp/actual" | head -n 40 | sed 's/^/# /'
            fail "prints what $1 shows" "$(diff "$expected" "$test_tmp/actual" | grep '^>' | head -n 1)" \
                "$(diff "$expected" "$test_tmp/actual" | grep '^<' | head -n 1) (tools/update-readme refreshes it)"
        fi
    done
}

examples_run=0
for document in $readme_documents; do
    last=$document
    if [ -r "$top_srcdir/$document" ]; then
        pass "is there"
        check_document "$document"
    else
        fail "is there" "no $top_srcdir/$document" "the document (in dist_doc_DATA?)"
    fi
done
last="the documents"
check "run some examples" "$([ "$examples_run" -gt 0 ] && echo yes)" yes

# HACKING.md's Dependencies name every package tools/install-deps installs
# (the README's Quick start once left out pkgconf and valgrind), and the
# Quick start the CUDA toolkit, which it does not install, and where the
# list is.
deps=$(awk '/^## Dependencies$/ { on = 1; next } /^## / { on = 0 } on' "$top_srcdir/HACKING.md")
last="HACKING.md's Dependencies"
for pkg in $(cat "$top_srcdir/tools/packages.txt"); do
    case $deps in
    *"\`$pkg\`"*) pass "names $pkg" ;;
    *) fail "names \`$pkg\`" "not named" "named" ;;
    esac
done
quick=$(awk '/^## Quick start$/ { on = 1; next } /^## / { on = 0 } on' "$top_srcdir/README.md")
last="README.md's Quick start"
check "names nvcc and links the list" \
    "$(case $quick in *'`nvcc`'*'(HACKING.md)'* | *'(HACKING.md)'*'`nvcc`'*) echo yes ;; esac)" yes
# The README is a front page: a feature grows its guide, not it.
last="README.md"
check "under 300 lines" "$([ "$(wc -l <"$top_srcdir/README.md")" -lt 300 ] && echo yes)" yes

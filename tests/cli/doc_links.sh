# Every relative link and image of the README and of the pages in doc/ leads
# to a file of the source tree, and a link to a heading (#anchor) of a
# Markdown page to a heading that page has, by GitHub's rule for anchors
# (lower case; punctuation but '-' and '_' dropped; each space a '-').
. "$top_srcdir/tests/cli/lib.sh"
cd "$top_srcdir" || exit 99

# anchors PAGE: the anchors of PAGE's headings, one a line (code blocks skipped).
anchors() {
    awk '/^```/ { code = !code; next } !code && /^#+ / { sub(/^#+ /, ""); print }' "$1" |
        tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9 _-]//g' -e 's/ /-/g'
}

# links PAGE: the targets of PAGE's [text](target) and ![alt](target), one a line.
links() {
    awk '/^```/ { code = !code; next } !code' "$1" | grep -o -E '\]\([^) ]+\)' | sed -e 's/^](//' -e 's/)$//'
}

pages_checked=0
for page in README.md doc/*.md; do
    pages_checked=$((pages_checked + 1))
    dir=$(dirname "$page")
    links "$page" >"$test_tmp/links"
    while IFS= read -r target; do
        case $target in
        http://* | https://* | mailto:*) continue ;;
        esac
        last="$page: ($target)"
        file=${target%%#*}
        anchor=
        case $target in *'#'*) anchor=${target#*#} ;; esac
        if [ -z "$file" ]; then
            path=$page
        else
            path="$dir/$file"
        fi
        if [ ! -e "$path" ]; then
            fail "leads to a file" "no $path" "a file of the source tree"
            continue
        fi
        if [ -n "$anchor" ]; then
            case $path in
            *.md)
                if anchors "$path" | grep -q -x -F -e "$anchor"; then
                    pass "leads to a heading of $path"
                else
                    fail "leads to a heading" "no heading #$anchor in $path" "one of: $(anchors "$path" | tr '\n' ' ')"
                fi
                continue ;;
            esac
        fi
        pass "leads to $path"
    done <"$test_tmp/links"
done
last="README.md and doc/*.md"
check "pages read" "$([ "$pages_checked" -gt 1 ] && echo yes)" yes

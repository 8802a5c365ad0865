#!/bin/sh
# tools/commit-id, which names the commit a measured results file's gpuroof
# was built from: a git checkout's own short hash, a release tarball's
# recorded commit, and "unknown" elsewhere, even inside another checkout.
. "$top_srcdir/tests/cli/lib.sh"
commit_id="$top_srcdir/tools/commit-id"

last="a checkout"
if [ -e "$top_srcdir/.git" ] && command -v git >/dev/null 2>&1; then
    head=$(git -C "$top_srcdir" rev-parse --short=12 HEAD)
    got=$(sh "$commit_id" "$top_srcdir" | sed 's/-dirty$//')
    check "its HEAD, -dirty aside" "$got" "$head"
else
    skip "its HEAD" "the source tree is not a git checkout (a tarball)"
fi

last="a tarball"
mkdir "$test_tmp/tarball"
echo 0123456789ab >"$test_tmp/tarball/.tarball-commit"
check "the commit make dist wrote" "$(sh "$commit_id" "$test_tmp/tarball")" 0123456789ab

last="neither"
mkdir "$test_tmp/bare"
check "unknown" "$(sh "$commit_id" "$test_tmp/bare")" unknown

last="a tarball unpacked in a checkout"
if command -v git >/dev/null 2>&1; then
    git init -q "$test_tmp/repo" && mkdir "$test_tmp/repo/gpuroof-0.1.0" &&
        echo fedcba987654 >"$test_tmp/repo/gpuroof-0.1.0/.tarball-commit"
    check "its own commit, not the checkout's" "$(sh "$commit_id" "$test_tmp/repo/gpuroof-0.1.0")" fedcba987654
else
    skip "its own commit" "no git here"
fi

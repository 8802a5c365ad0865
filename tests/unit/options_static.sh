# The compile-time check of the option tables (src/cli/options.h): an
# option declared over a field of another type must not compile.  The same
# declaration over a field of its own type compiles, so that the failure
# is the type check's and not a broken test file.
: "${top_srcdir:?}" "${OPTIONS_CC:?set OPTIONS_CC to the C compiler}"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0
n=0
# TAP (automake's tap-driver.sh): one line a declaration, the plan at the end.
# $1: the field's type; $2: the declaration's macro and arguments; $3: pass or fail
try() {
    cat >"$tmp/t.c" <<C
#include "options.h"
typedef struct { $1 field; } t_options;
static const cli_option options[] = { $2 };
const cli_option *get(void);
const cli_option *get(void) { return options; }
C
    if $OPTIONS_CC -std=c11 -fsyntax-only -I"$top_srcdir/src/cli" "$tmp/t.c" 2>"$tmp/err"; then got=pass; else got=fail; fi
    n=$((n + 1))
    if [ "$got" = "$3" ]; then
        echo "ok $n - $1 with $2: $got"
    else
        echo "not ok $n - $1 with $2: expected $3, got $got"; sed 's/^/# /' "$tmp/err"; status=1
    fi
}
try "cli_int_value" 'CLI_OPT_INT(t_options, field, CLI_COUNT, 0, 10, .name = "n")' pass
try "const char *" 'CLI_OPT_INT(t_options, field, CLI_COUNT, 0, 10, .name = "n")' fail
try "cli_double_value" 'CLI_OPT_DOUBLE(t_options, field, CLI_PLAIN, 1e-9, 1e12, .name = "n")' pass
try "cli_int_value" 'CLI_OPT_DOUBLE(t_options, field, CLI_PLAIN, 1e-9, 1e12, .name = "n")' fail
try "const char *" 'CLI_OPT_STRING(t_options, field, .name = "n")' pass
try "cli_values" 'CLI_OPT_STRING(t_options, field, .name = "n")' fail
try "bool" 'CLI_OPT_FLAG(t_options, field, .name = "n")' pass
try "int" 'CLI_OPT_FLAG(t_options, field, .name = "n")' fail
try "cli_values" 'CLI_OPT_LIST(t_options, field, .name = "n")' pass
try "const char *" 'CLI_OPT_LIST(t_options, field, .name = "n")' fail
try "cli_choice_value" 'CLI_OPT_CHOICE(t_options, field, NULL, .name = "n")' pass
try "int" 'CLI_OPT_CHOICE(t_options, field, NULL, .name = "n")' fail
try "cli_choices_value" 'CLI_OPT_CHOICES(t_options, field, NULL, .name = "n")' pass
try "cli_choice_value" 'CLI_OPT_CHOICES(t_options, field, NULL, .name = "n")' fail
# CLI_OPT_PARSED: the field must have the type the entry names, whatever it is
try "int" 'CLI_OPT_PARSED(t_options, field, int, NULL, .name = "n")' pass
try "long" 'CLI_OPT_PARSED(t_options, field, int, NULL, .name = "n")' fail
try "struct { int x; } *" 'CLI_OPT_PARSED(t_options, field, const char *, NULL, .name = "n")' fail
try "const char *" 'CLI_OPT_PARSED(t_options, field, const char *, NULL, .name = "n")' pass
try "const char *" 'CLI_OPT_PARSED(t_options, field, char *, NULL, .name = "n")' fail
echo "1..$n"
exit $status

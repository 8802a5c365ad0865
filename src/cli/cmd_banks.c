/* gpuroof banks: how many ways a warp's shared-memory accesses conflict,
 * for the layout kernels of Professional CUDA C Programming or any index
 * formula, and which padding removes it. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "gpuroof_banks.h"
#include "cli.h"
#include "commands.h"
#include "gpuroof_text.h"
#include "out_fields.h"
#include "output.h"

static const char usage[] =
    "Usage: gpuroof banks (--kernel NAME | --store FORMULA --load FORMULA) --block XxY\n"
    "                     [--pad N] [--suggest-pad] [--elem-bytes 4|8|16]\n"
    "                     [--device NAME [--bank-mode 4|8]] [--profiles DIR] [--json]\n"
    "\n"
    "Shared-memory bank conflicts of a block's store and load: the worst warp's n-way\n"
    "conflict and the wavefronts per request, and which threads collide in which bank.\n";

static const char notes[] =
    CLI_NUMBERS_NOTE
    "Example (the book's K40 figure): gpuroof banks --kernel setRowReadCol --block 32x16 --device k40\n";

static int parse_kernel(const char *command, const cli_option *opt, const char *value, void *field);
static int parse_block(const char *command, const cli_option *opt, const char *value, void *field);

#define T banks_options
static const cli_option options[] = {
    CLI_OPT_PARSED(T, kernel, const gr_bank_preset *, parse_kernel, .name = "kernel", .arg = "NAME",
                   .help = "a kernel of the course notes: setRowReadRow, setColReadCol, setRowReadCol, "
                           "setRowReadColDyn, setRowReadColPad, setRowReadColDynPad"),
    CLI_OPT_STRING(T, store, .name = "store", .arg = "FORMULA",
                   .help = "any access's store, as an element index in tx, ty, bdx, bdy (and pad)"),
    CLI_OPT_STRING(T, load, .name = "load", .arg = "FORMULA", .help = "its load, the same way"),
    CLI_OPT_PARSED(T, block, banks_block_value, parse_block, .name = "block", .arg = "XxY",
                   .help = "the block (32x32 square, 32x16 rectangular in the notes)"),
    CLI_OPT_INT(T, pad, CLI_COUNT, 0, 1024, .name = "pad", .arg = "N",
                .help = "padding columns of the padded kernels (default: the notes' 1 square, 2 rectangular); "
                        "0, no padding, for the others"),
    CLI_OPT_FLAG(T, suggest_pad, .name = "suggest-pad", .help = "the smallest padding that makes both accesses conflict-free"),
    CLI_OPT_INT(T, elem_bytes, CLI_BYTES, 4, 16, .name = "elem-bytes", .arg = "N",
                .help = "4 (int, float), 8 (double) or 16 (float4): 8- and 16-byte elements are served per half- and "
                        "quarter-warp"),
    CLI_OPT_STRING(T, device, .name = "device", .arg = "NAME",
                   .help = "its bank scheme: 32 banks of 4 bytes (Fermi, Maxwell to Hopper, the default) or Kepler's "
                           "64-bit banks (k40)"),
    CLI_OPT_INT(T, bank_mode, CLI_PLAIN, 4, 8, .name = "bank-mode", .arg = "4|8",
                .help = "Kepler's 4-byte (default) or 8-byte mode"),
    CLI_OPTION_PROFILES(T),
    CLI_OPTION_JSON(T),
};
#undef T

static const cli_group groups[] = {
    {CLI_EXCLUSIVE, "kernel store/load", NULL},
    {CLI_TOGETHER, "store load", NULL},
    {CLI_NEEDS, "bank-mode device", "a Kepler GPU"},
    {0},
};

static const cli_spec spec = {"banks", usage, notes, options, sizeof options / sizeof options[0], groups};

static int parse(int argc, char **argv, banks_options *o)
{
    int rc = cli_parse_options(&spec, argc, argv, o);
    if (rc != EXIT_OK)
        return rc;
    if (!o->kernel && !o->store)
        return cli_usage_error("banks", "give --kernel NAME, or both --store and --load");
    if (!o->block.given)
        return cli_usage_error("banks", "give --block XxY");
    return EXIT_OK;
}

typedef struct {
    gr_bank_setup setup;
    const char *kernel, *store, *load;
    bool has_pad;   /* the kernel or formulas have a pad to set */
    bool shows_pad; /* has_pad, or --pad 0 given for one that has none */
    int pad;
    gr_buf device; /* the banks' device and layout, in words */
} banks_inputs;

/* --block XxY, each from 1 to 1024, at most 1024 threads in all. */
static int parse_block(const char *command, const cli_option *opt, const char *value, void *field)
{
    char x[32], y[32];
    int64_t vx, vy;
    const char *sep = strchr(value, 'x');
    (void)command, (void)opt;
    if (!sep || sep == value || !sep[1] || strchr(sep + 1, 'x') || (size_t)(sep - value) >= sizeof x ||
        strlen(sep + 1) >= sizeof y)
        return cli_fail("--block '%s': expected XxY, such as 32x16", value);
    snprintf(x, sizeof x, "%.*s", (int)(sep - value), value);
    snprintf(y, sizeof y, "%s", sep + 1);
    if (!cli_int_as("--block", value, x, CLI_COUNT, 1, 1024, &vx) ||
        !cli_int_as("--block", value, y, CLI_COUNT, 1, 1024, &vy))
        return EXIT_INPUT;
    if (vx * vy > 1024)
        return cli_fail("--block '%s': %lld threads, more than the 1024 a block may have", value,
                        (long long)(vx * vy));
    *(banks_block_value *)field = (banks_block_value){true, (int)vx, (int)vy};
    return EXIT_OK;
}

static bool read_mode(const banks_options *o, banks_inputs *in)
{
    gr_profile p;
    in->setup.mode = GR_BANKS_4BYTE;
    if (!o->device) {
        gr_buf_addf(&in->device, "32 banks of 4 bytes (Fermi, Maxwell to Hopper)");
        return true;
    }
    if (!cli_load_device(o->profiles, o->device, &p))
        return false;
    if (p.bank_scheme != GR_BANKS_KEPLER) {
        if (o->bank_mode.given)
            return cli_error("--bank-mode: %s has 4-byte banks; only Kepler's 64-bit banks have modes", p.name);
        gr_buf_addf(&in->device, "%s (%s): 32 banks of 4 bytes", p.full_name, p.name);
        return true;
    }
    int64_t mode = o->bank_mode.given ? o->bank_mode.value : 4; /* 4..8 */
    if (mode != 4 && mode != 8)
        return cli_error("--bank-mode '%s': 4 or 8", o->bank_mode.text);
    in->setup.mode = mode == 8 ? GR_BANKS_KEPLER_8 : GR_BANKS_KEPLER_4;
    gr_buf_addf(&in->device, "%s (%s): 32 banks 8 bytes wide, %d-byte mode", p.full_name, p.name, (int)mode);
    return true;
}

/* A kernel without padding has pad 0, so --pad 0 is no error there: a table
 * over pads 0 to 3 can take every kernel, as the results file's bank checks
 * do. */
static bool read_pad(const banks_options *o, banks_inputs *in)
{
    int64_t pad = o->pad.value;
    in->pad = in->has_pad ? gr_bank_default_pad(in->setup.bdx, in->setup.bdy) : 0;
    in->shows_pad = in->has_pad || o->pad.given;
    if (!o->pad.given)
        return true;
    if (!in->has_pad && pad != 0 && in->kernel)
        return cli_error("--pad '%s': %s has no padding, so only --pad 0 fits it (the padded kernels are "
                         "setRowReadColPad and setRowReadColDynPad)", o->pad.text, in->kernel);
    if (!in->has_pad && pad != 0)
        return cli_error("--pad '%s': the formulas do not use pad, so only --pad 0 fits them", o->pad.text);
    in->pad = (int)pad;
    return true;
}

/* --kernel NAME: a kernel of the notes, or the closest names and the list. */
static int parse_kernel(const char *command, const cli_option *opt, const char *value, void *field)
{
    gr_name_suggestion s;
    (void)command, (void)opt;
    if ((*(const gr_bank_preset **)field = gr_bank_preset_find(value)) != NULL)
        return EXIT_OK;
    gr_suggest_start(&s, value);
    for (size_t i = 0; i < gr_bank_preset_count; i++)
        gr_suggest_consider(&s, gr_bank_presets[i].name);
    return cli_fail("--kernel '%s': not a kernel of the notes%s (setRowReadRow, setColReadCol, setRowReadCol, "
                    "setRowReadColDyn, setRowReadColPad, setRowReadColDynPad)", value,
                    cli_suggested(&s, "; did you mean ", "?").text);
}

static bool read_inputs(const banks_options *o, banks_inputs *in)
{
    int64_t elem = o->elem_bytes.given ? o->elem_bytes.value : 4; /* 4..16 */
    const gr_bank_preset *p = o->kernel;
    in->setup.bdx = o->block.x;
    in->setup.bdy = o->block.y;
    if (elem != 4 && elem != 8 && elem != 16)
        return cli_error("--elem-bytes '%s': 4, 8 or 16", o->elem_bytes.text);
    in->setup.elem_bytes = (int)elem;
    in->kernel = p ? p->name : NULL;
    in->store = p ? p->store : o->store;
    in->load = p ? p->load : o->load;
    in->has_pad = p ? p->padded : (strstr(in->store, "pad") || strstr(in->load, "pad"));
    return read_pad(o, in) && read_mode(o, in);
}

static bool analyse(const banks_inputs *in, int pad, gr_bank_result *store, gr_bank_result *load)
{
    gr_error err;
    if (gr_banks_formula(&in->setup, in->store, in->has_pad, pad, store, &err) &&
        gr_banks_formula(&in->setup, in->load, in->has_pad, pad, load, &err))
        return true;
    return cli_error("%s", err.text);
}

/* What banks found, worked out before either printer reads it. */
typedef struct {
    const banks_inputs *in;
    gr_bank_result store, load;
    int bank_width_bytes;
    bool has_suggestion; /* --suggest-pad */
    int suggested_pad;   /* the smallest, 0 to 64, with both accesses ideal; -1: none */
} banks_result;

static void print_access(const char *what, const char *formula, const gr_bank_result *r)
{
    printf("  %-5s  tile[%s]\n", what, formula);
    printf("         %d-way: %g wavefront%s per request (ideal %d)\n", r->ways, r->wavefronts_per_request,
           r->wavefronts_per_request == 1 ? "" : "s", r->ideal_wavefronts);
    if (r->ways <= 1)
        return;
    printf("         warp %d, bank %d: threads", r->worst_warp, r->worst_bank);
    for (int i = 0; i < r->colliding_count && i < 8; i++)
        printf("%s %d", i ? "," : "", r->colliding_threads[i]);
    printf("%s touch %d-byte words", r->colliding_count > 8 ? ", ..." : "", r->word_bytes);
    for (int i = 0; i < r->colliding_count && i < 8; i++)
        printf("%s %lld", i ? "," : "", r->colliding_words[i]);
    printf("%s\n", r->colliding_count > 8 ? ", ..." : "");
}

static const out_field access_fields[] = {
    OUT_INT_ROW(gr_bank_result, ways, "ways"),
    OUT_REAL_ROW(gr_bank_result, wavefronts_per_request, "wavefronts_per_request"),
    OUT_INT_ROW(gr_bank_result, ideal_wavefronts, "ideal_wavefronts"),
    OUT_END,
};

/* every profile's: 32 banks (banks.h) */
static json_t *bank_count(const void *record)
{
    (void)record;
    return json_integer(32);
}

static bool has_kernel(const void *record)
{
    return ((const banks_result *)record)->in->kernel != NULL;
}

static json_t *kernel_name(const void *record)
{
    return cli_json_text(((const banks_result *)record)->in->kernel);
}

static json_t *block_shape(const void *record)
{
    const banks_inputs *in = ((const banks_result *)record)->in;
    return json_sprintf("%dx%d", in->setup.bdx, in->setup.bdy);
}

static json_t *elem_bytes(const void *record)
{
    return json_integer(((const banks_result *)record)->in->setup.elem_bytes);
}

static bool shows_pad(const void *record)
{
    return ((const banks_result *)record)->in->shows_pad;
}

static json_t *pad(const void *record)
{
    return json_integer(((const banks_result *)record)->in->pad);
}

static bool has_suggestion(const void *record)
{
    return ((const banks_result *)record)->has_suggestion;
}

static json_t *suggested_pad(const void *record)
{
    return out_json_count(((const banks_result *)record)->suggested_pad);
}

static const out_field result_fields[] = {
    OUT_GET_ROW("banks", bank_count),
    OUT_INT_ROW(banks_result, bank_width_bytes, "bank_width"),
    OUT_OBJECT_ROW(banks_result, store, "store", access_fields),
    OUT_OBJECT_ROW(banks_result, load, "load", access_fields),
    OUT_GET_ROW("kernel", kernel_name, .when = has_kernel, .omit = true),
    OUT_GET_ROW("block", block_shape),
    OUT_GET_ROW("elem_bytes", elem_bytes),
    OUT_GET_ROW("pad", pad, .when = shows_pad, .omit = true),
    OUT_GET_ROW("suggested_pad", suggested_pad, .when = has_suggestion, .omit = true),
    OUT_END,
};

static json_t *result_json(const banks_result *r)
{
    return out_fields_json(result_fields, r);
}

static void print_result(const banks_result *r)
{
    const banks_inputs *in = r->in;
    printf("Shared-memory banks of %s, block %dx%d, %d-byte elements%s", in->kernel ? in->kernel : "the access",
           in->setup.bdx, in->setup.bdy, in->setup.elem_bytes, in->shows_pad ? "" : "\n");
    if (in->shows_pad)
        printf(", pad %d\n", in->pad);
    printf("on %s\n\n", gr_buf_text(&in->device));
    print_access("store", in->store, &r->store);
    print_access("load", in->load, &r->load);
    if (r->has_suggestion && r->suggested_pad >= 0)
        printf("\nThe smallest padding that makes both conflict-free: %d (--pad %d).\n", r->suggested_pad,
               r->suggested_pad);
    else if (r->has_suggestion)
        printf("\nNo padding up to 64 makes both conflict-free.\n");
}

static int run(const banks_options *o, banks_inputs *in, json_t **json)
{
    banks_result r = {.in = in, .has_suggestion = o->suggest_pad, .suggested_pad = -1};
    if (!read_inputs(o, in) || !analyse(in, in->pad, &r.store, &r.load))
        return EXIT_INPUT;
    if (o->suggest_pad && !in->has_pad)
        return cli_fail("--suggest-pad: %s has no padding to choose (give a formula with pad, or a padded kernel)",
                        in->kernel ? in->kernel : "this access");
    r.bank_width_bytes = in->setup.mode == GR_BANKS_4BYTE ? 4 : 8;
    if (o->suggest_pad)
        r.suggested_pad = gr_banks_smallest_pad(&in->setup, in->store, in->load, 64);
    if (o->json)
        return cli_put_json(result_json(&r), json);
    print_result(&r);
    return EXIT_OK;
}

int cmd_banks_run(const banks_options *o, json_t **json)
{
    banks_inputs in = {0};
    int rc = run(o, &in, json);
    gr_buf_free(&in.device);
    return rc;
}

CLI_COMMAND_MAIN(cmd_banks, banks_options, parse, cmd_banks_run)

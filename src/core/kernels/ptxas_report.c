/* The reader of ptxas's report (ptxas_report.h). */
#include <string.h>
#include "ptxas_report.h"
#include "gpuroof_text.h"

typedef struct {
    const char *file;
    gr_kernel_list *out;
    gr_error *err;
    unsigned long line;
    bool cut;                 /* the line ends the text without a newline */
    long entry;               /* the entry being read, or -1 */
    unsigned long entry_line; /* where it began */
    bool entry_used;          /* its "Used" line has been read */
    enum { STACK_NONE, STACK_ENTRY, STACK_OTHER } stack_for; /* whose stack line comes next */
} ptxas_reader;

static unsigned long column(gr_span line, gr_span at)
{
    return (unsigned long)(at.p - line.p) + 1;
}

static bool fail(ptxas_reader *r, gr_span line, gr_span at, const char *what)
{
    if (r->cut)
        return gr_error_at(r->err, r->file, r->line, column(line, at),
                           "the report ends in the middle of this line ('%.*s')", (int)(at.n > 60 ? 60 : at.n),
                           at.p);
    return gr_error_at(r->err, r->file, r->line, column(line, at), "%s, not '%.*s'", what,
                       (int)(at.n > 60 ? 60 : at.n), at.p);
}

/* A unit this reader does not know yet, from a newer ptxas: lower-case
 * words, digits and brackets.  Known only where the line is whole. */
static bool plausible_unit(gr_span unit)
{
    if (unit.n == 0)
        return false;
    for (size_t i = 0; i < unit.n; i++) {
        char c = unit.p[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == ' ' || c == '_' || c == '[' || c == ']'))
            return false;
    }
    return true;
}

/* A figure of the kernel k (or of the module, k's name NULL) within
 * [0, max] before anything narrows it. */
static bool in_range(ptxas_reader *r, gr_span line, gr_span at, const gr_kernel *k, int64_t n, int64_t max,
                     const char *what)
{
    if (n <= max || !k->name)
        return true;
    return gr_error_at(r->err, r->file, r->line, column(line, at),
                       "the kernel '%s' (%s) has %lld %s, more than any GPU gives (%lld at most)", k->name,
                       GR_SM_NAME(k->sm), (long long)n, what, (long long)max);
}

/* One item of a "Used" line ("Used 14 registers", "4224 bytes smem",
 * "372 bytes cmem[0]"), into k where it says something of the kernel. */
static bool read_item(ptxas_reader *r, gr_span line, gr_span item, gr_kernel *k)
{
    gr_span s = item;
    if (gr_span_starts(s, "Used ") || gr_span_starts(s, "used "))
        s = gr_span_skip(s, 5);
    int64_t n;
    if (!gr_span_take_number(&s, &n) || !gr_span_starts(s, " "))
        return fail(r, line, item, "expected a count and what it counts, such as '14 registers'");
    gr_span unit = gr_span_skip(s, 1);
    const struct { const char *unit; int64_t *to; int64_t max; const char *what; } kept[] = {
        {"registers", &k->registers, GR_KERNEL_REGISTERS_MAX, "registers per thread"},
        {"bytes smem", &k->shared_static_bytes, GR_KERNEL_BYTES_MAX, "bytes of static shared memory"},
        {"bytes cmem[0]", &k->constant_bytes, GR_KERNEL_BYTES_MAX, "bytes of constant bank 0"},
        {"bytes lmem", &k->local_bytes, GR_KERNEL_BYTES_MAX, "bytes of local memory"},
    };
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        if (gr_span_equal(unit, kept[i].unit)) {
            *kept[i].to = n;
            return in_range(r, line, item, k, n, kept[i].max, kept[i].what);
        }
    if (!gr_span_equal(unit, "barriers") && !gr_span_equal(unit, "bytes cumulative stack size") &&
        !gr_span_equal(unit, "bytes gmem") && !gr_span_starts(unit, "bytes cmem[") &&
        !gr_span_equal(unit, "textures") && !gr_span_equal(unit, "samplers") &&
        !gr_span_equal(unit, "surfaces") && (r->cut || !plausible_unit(unit)))
        return fail(r, line, unit, "expected what ptxas counts, such as 'registers' or 'bytes smem'");
    return true;
}

static bool read_items(ptxas_reader *r, gr_span line, gr_span items, gr_kernel *k)
{
    gr_span item;
    while (gr_span_split(&items, ',', &item))
        if (!read_item(r, line, gr_span_trim(item), k))
            return false;
    return true;
}

/* The entry being read has had its "Used" line, or the report is cut. */
static bool finish_entry(ptxas_reader *r)
{
    if (r->entry < 0 || r->entry_used)
        return true;
    const gr_kernel *k = &r->out->kernels[r->entry];
    return gr_error_at(r->err, r->file, r->entry_line, 1,
                       "the entry '%s' for %s has no 'Used N registers' line after it: is the report cut short?",
                       k->name, GR_SM_NAME(k->sm));
}

/* "Compiling entry function 'NAME' for 'sm_90'" (the prefix gone). */
static bool read_entry(ptxas_reader *r, gr_span line, gr_span rest)
{
    long at = gr_span_find(rest, "' for '", true);
    gr_sm sm;
    if (at <= 0 || rest.n < (size_t)at + 8 || rest.p[rest.n - 1] != '\'' ||
        !gr_sm_parse(rest.p + at + 7, rest.n - (size_t)at - 8, &sm))
        return fail(r, line, rest, "expected 'NAME' for 'sm_XX', an architecture from sm_10 to sm_199");
    if (!finish_entry(r))
        return false;
    if (!gr_kernel_list_add(r->out, rest.p, (size_t)at, sm, r->err))
        return false;
    r->entry = (long)r->out->count - 1;
    r->entry_line = r->line;
    r->entry_used = false;
    r->stack_for = STACK_NONE;
    return true;
}

static bool read_used(ptxas_reader *r, gr_span line, gr_span items)
{
    if (r->entry < 0 || r->entry_used)
        return fail(r, line, items, "a 'Used' line follows the 'Compiling entry function' line of its kernel");
    gr_kernel *k = &r->out->kernels[r->entry];
    if (!read_items(r, line, items, k))
        return false;
    if (k->registers == GR_UNRECORDED)
        return fail(r, line, items, "expected 'Used N registers'");
    /* ptxas leaves out what a kernel does not use; sm_90's report leaves
     * out the constant banks altogether, so those stay unrecorded. */
    if (k->shared_static_bytes == GR_UNRECORDED)
        k->shared_static_bytes = 0;
    if (k->local_bytes == GR_UNRECORDED)
        k->local_bytes = 0;
    r->entry_used = true;
    return true;
}

/* "N bytes stack frame, N bytes spill stores, N bytes spill loads". */
static bool read_stack(ptxas_reader *r, gr_span line)
{
    static const char *const units[] = {"bytes stack frame", "bytes spill stores", "bytes spill loads"};
    static const char expected[] = "expected N bytes stack frame, N bytes spill stores, N bytes spill loads";
    int64_t values[3];
    gr_span items = gr_span_trim(line), item;
    for (int i = 0; i < 3; i++) {
        if (!gr_span_split(&items, ',', &item))
            return fail(r, line, (gr_span){line.p + line.n, 0}, expected);
        gr_span whole = gr_span_trim(item), s = whole;
        if (!gr_span_take_number(&s, &values[i]) || !gr_span_starts(s, " ") ||
            !gr_span_equal(gr_span_skip(s, 1), units[i]))
            return fail(r, line, whole, expected);
    }
    if (items.p != NULL)
        return fail(r, line, items, "expected the end of the line after the spill loads");
    if (r->stack_for == STACK_ENTRY) {
        gr_kernel *k = &r->out->kernels[r->entry];
        for (int i = 0; i < 3; i++)
            if (!in_range(r, line, line, k, values[i], GR_KERNEL_BYTES_MAX, units[i]))
                return false;
        k->stack_bytes = values[0];
        k->spill_store_bytes = values[1];
        k->spill_load_bytes = values[2];
    }
    r->stack_for = STACK_NONE;
    return true;
}

/* "Function properties for NAME": the stack line after it is the entry's
 * where NAME is the entry's, and a device function's otherwise. */
static bool read_properties(ptxas_reader *r, gr_span name)
{
    const gr_kernel *k = r->entry >= 0 ? &r->out->kernels[r->entry] : NULL;
    r->stack_for = k && gr_span_equal(name, k->name) ? STACK_ENTRY : STACK_OTHER;
    return true;
}

/* "ptxas info    : MESSAGE"; warnings and errors say nothing of resources. */
static bool read_ptxas_line(ptxas_reader *r, gr_span line, gr_span text)
{
    long colon = gr_span_find(text, ":", false);
    if (colon < 0)
        return r->cut ? fail(r, line, text, "") : true;
    gr_span kind = gr_span_trim((gr_span){text.p + 5, (size_t)colon - 5});
    gr_span message = gr_span_trim(gr_span_skip(text, (size_t)colon + 1));
    static const char entry[] = "Compiling entry function '", properties[] = "Function properties for ";
    if (!gr_span_equal(kind, "info"))
        return true;
    if (gr_span_starts(message, entry))
        return read_entry(r, line, gr_span_skip(message, sizeof entry - 1));
    if (gr_span_starts(message, properties))
        return read_properties(r, gr_span_trim(gr_span_skip(message, sizeof properties - 1)));
    if (gr_span_starts(message, "Used "))
        return read_used(r, line, message);
    if (message.n && message.p[0] >= '0' && message.p[0] <= '9') { /* the module's: "0 bytes gmem" */
        gr_kernel module = {0};
        return read_items(r, line, message, &module);
    }
    return r->cut ? fail(r, line, message, "") : true;
}

static bool read_line(ptxas_reader *r, gr_span line)
{
    gr_span text = gr_span_trim(line);
    if (gr_span_starts(text, "ptxas ") || gr_span_equal(text, "ptxas"))
        return read_ptxas_line(r, line, text);
    if (text.n && text.p[0] >= '0' && text.p[0] <= '9' && gr_span_find(text, "bytes stack frame", false) >= 0)
        return read_stack(r, line);
    return true; /* what nvcc and the host compiler printed besides */
}

/* gr_span_each_line's callback: the line, with where it is. */
static bool read_numbered_line(void *ctx, gr_span line, unsigned long number, bool cut)
{
    ptxas_reader *r = ctx;
    r->line = number;
    r->cut = cut;
    return read_line(r, line);
}

bool gr_ptxas_report_read(const char *file, const char *text, size_t len, gr_kernel_list *out,
                          gr_error *err)
{
    ptxas_reader r = {.file = file, .out = out, .err = err, .entry = -1};
    return gr_span_each_line(text, len, read_numbered_line, &r) && finish_entry(&r);
}

bool gr_ptxas_report_detect(const char *text, size_t len)
{
    size_t pos = 0;
    gr_span line;
    bool terminated;
    while (gr_span_next_line(text, len, &pos, &line, &terminated))
        if (gr_span_starts(gr_span_trim(line), "ptxas "))
            return true;
    return false;
}

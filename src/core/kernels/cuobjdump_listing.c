/* The reader of cuobjdump's resource listing (cuobjdump_listing.h). */
#include <stdlib.h>
#include <string.h>
#include "cuobjdump_listing.h"
#include "gpuroof_text.h"

typedef enum { IMAGE_NONE, IMAGE_ELF, IMAGE_PTX } image_kind;

typedef struct {
    const char *file;
    gr_kernel_list *out;
    gr_error *err;
    unsigned long line;
    bool cut;                    /* the line ends the text without a newline */
    image_kind image;
    bool image_sm_known;
    gr_sm image_sm;
    long function;               /* the function being read, or -1 */
    unsigned long function_line; /* where it began */
    bool function_read;          /* its resource line has been read */
    bool in_common;              /* between " Common:" and the next function */
    /* The last ELF image's kernels, [image_first, out->count), whose
     * SHARED stays as listed until the image is known relocatable or not:
     * the PTX image after it may tell (image_relocatable). */
    bool image_open;
    size_t image_first;
    gr_sm image_open_sm;
    bool image_relocatable;
} listing_reader;

/* What a resource line says; a key it lacks stays negative. */
typedef struct {
    int64_t reg, stack, shared, local, constant0;
} listing_values;

static unsigned long column(gr_span line, gr_span at)
{
    return (unsigned long)(at.p - line.p) + 1;
}

static bool fail(listing_reader *r, gr_span line, gr_span at, const char *what)
{
    int shown = (int)(at.n > 60 ? 60 : at.n);
    if (r->cut)
        return gr_error_at(r->err, r->file, r->line, column(line, at),
                           "the listing ends in the middle of this line ('%.*s')", shown, at.p);
    return gr_error_at(r->err, r->file, r->line, column(line, at), "%s, not '%.*s'", what, shown, at.p);
}

static bool upper_key(gr_span key)
{
    if (key.n == 0)
        return false;
    for (size_t i = 0; i < key.n; i++)
        if (!((key.p[i] >= 'A' && key.p[i] <= 'Z') || key.p[i] == '_'))
            return false;
    return true;
}

/* KEY or KEY[N]: *bank is N, or -1. */
static bool read_key(gr_span key, gr_span *name, int64_t *bank)
{
    *bank = -1;
    long open = gr_span_find(key, "[", false);
    if (open < 0) {
        *name = key;
        return upper_key(key);
    }
    *name = (gr_span){key.p, (size_t)open};
    gr_span index = gr_span_skip(key, (size_t)open + 1);
    return upper_key(*name) && gr_span_take_number(&index, bank) && gr_span_equal(index, "]");
}

/* A figure of the function being read within [0, max], before anything
 * narrows it (a listing's Common: section names none). */
static bool in_range(listing_reader *r, gr_span line, gr_span item, int64_t n, int64_t max)
{
    if (n <= max)
        return true;
    const char *name = r->function >= 0 && !r->in_common ? r->out->kernels[r->function].name : "(common)";
    return gr_error_at(r->err, r->file, r->line, column(line, item),
                       "the function '%s' (%s) has %.*s, more than any GPU gives (%lld at most)", name,
                       GR_SM_NAME(r->image_sm), (int)(item.n > 60 ? 60 : item.n), item.p, (long long)max);
}

/* One "KEY:VALUE" of a resource line. */
static bool read_value(listing_reader *r, gr_span line, gr_span item, listing_values *v)
{
    static const char expected[] = "expected KEY:VALUE, such as REG:14 or CONSTANT[0]:548";
    long colon = gr_span_find(item, ":", false);
    gr_span name, value = gr_span_skip(item, colon < 0 ? item.n : (size_t)colon + 1);
    int64_t bank, n;
    if (colon <= 0 || !read_key((gr_span){item.p, (size_t)colon}, &name, &bank) ||
        !gr_span_take_number(&value, &n) || value.n != 0)
        return fail(r, line, item, expected);
    const struct { const char *key; int64_t *to; int64_t max; } known[] = {
        {"REG", &v->reg, GR_KERNEL_REGISTERS_MAX}, {"STACK", &v->stack, GR_KERNEL_BYTES_MAX},
        {"SHARED", &v->shared, GR_KERNEL_BYTES_MAX}, {"LOCAL", &v->local, GR_KERNEL_BYTES_MAX},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (bank < 0 && gr_span_equal(name, known[i].key)) {
            *known[i].to = n;
            return in_range(r, line, item, n, known[i].max);
        }
    if (bank == 0 && gr_span_equal(name, "CONSTANT")) {
        v->constant0 = n;
        return in_range(r, line, item, n, GR_KERNEL_BYTES_MAX);
    }
    if (r->cut && !gr_span_equal(name, "CONSTANT") && !gr_span_equal(name, "TEXTURE") &&
             !gr_span_equal(name, "SURFACE") && !gr_span_equal(name, "SAMPLER") && !gr_span_equal(name, "GLOBAL"))
        return fail(r, line, item, expected); /* a newer key, known only where the line is whole */
    return true;
}

static bool read_values(listing_reader *r, gr_span line, gr_span text, listing_values *v)
{
    *v = (listing_values){-1, -1, -1, -1, -1};
    gr_span item;
    while (gr_span_split(&text, ' ', &item))
        if (item.n && !read_value(r, line, item, v))
            return false;
    return true;
}

/* The image's kernels' own shared memory, once its kind is known.  From
 * sm_90 on, a linked image's SHARED counts the block's reserved kilobyte
 * too, in every kernel with shared memory of its own (0: none at all); a
 * relocatable image's (nvcc -rdc, before the device link) counts the
 * kernel's own alone, as cuobjdump adds nothing to the section's size. */
static void close_image(listing_reader *r)
{
    if (!r->image_open)
        return;
    r->image_open = false;
    r->out->relocatable += r->image_relocatable;
    bool reserve = r->image_open_sm.number >= 90 && !r->image_relocatable;
    for (size_t i = r->image_first; reserve && i < r->out->count; i++) {
        gr_kernel *k = &r->out->kernels[i];
        if (k->shared_static_bytes > 0)
            k->shared_static_bytes -= GR_IMAGE_RESERVED_SMEM_BYTES;
    }
    gr_kernel_list_merge_copies(r->out, r->image_first, r->image_relocatable);
}

/* A device function (cuobjdump lists every function; an -rdc build's, and
 * a device-linked library's such as NCCL's, have thousands) is no kernel:
 * a kernel takes its parameters and the launch's figures in constant bank
 * 0, which a device function has none of.  Dropped from the list. */
static void drop_function(listing_reader *r)
{
    gr_kernel_list_drop(r->out, (size_t)r->function);
    r->function = -1;
}

static bool read_resources(listing_reader *r, gr_span line, gr_span text)
{
    listing_values v;
    if (!read_values(r, line, text, &v))
        return false;
    if (r->in_common)
        return true;
    if (r->function < 0 || r->function_read)
        return fail(r, line, text, "resources follow the 'Function NAME:' line of their function");
    if (v.reg < 0 || v.stack < 0 || v.shared < 0 || v.local < 0)
        return fail(r, line, text, "expected REG, STACK, SHARED and LOCAL");
    r->function_read = true;
    if (v.constant0 < 0) {
        drop_function(r);
        return true;
    }
    gr_kernel *k = &r->out->kernels[r->function];
    /* below the reserve on sm_90: only a relocatable image lists that */
    if (r->image_sm.number >= 90 && v.shared > 0 && v.shared < GR_IMAGE_RESERVED_SMEM_BYTES)
        r->image_relocatable = true;
    k->shared_static_bytes = v.shared;
    k->registers = v.reg;
    k->stack_bytes = v.stack;
    k->local_bytes = v.local;
    k->constant_bytes = v.constant0;
    return true;
}

static bool finish_function(listing_reader *r)
{
    r->in_common = false;
    if (r->function < 0 || r->function_read)
        return true;
    return gr_error_at(r->err, r->file, r->function_line, 1,
                       "the function '%s' has no resource line after it: is the listing cut short?",
                       r->out->kernels[r->function].name);
}

/* " Function NAME:" */
static bool read_function(listing_reader *r, gr_span line, gr_span text)
{
    gr_span name = gr_span_trim((gr_span){text.p + 9, text.n - 10});
    if (!finish_function(r))
        return false;
    if (r->image != IMAGE_ELF || !r->image_sm_known)
        return fail(r, line, text, "a function follows the 'arch = sm_XX' line of its ELF image");
    if (name.n == 0)
        return fail(r, line, text, "expected Function NAME:");
    if (!r->image_open) {
        r->image_open = true;
        r->image_first = r->out->count;
        r->image_open_sm = r->image_sm;
        r->image_relocatable = false;
    }
    if (!gr_kernel_list_add(r->out, name.p, name.n, r->image_sm, r->err))
        return false;
    r->function = (long)r->out->count - 1;
    r->function_line = r->line;
    r->function_read = false;
    return true;
}

/* "arch = sm_90" */
static bool read_arch(listing_reader *r, gr_span line, gr_span text)
{
    gr_span sm_text = gr_span_trim(gr_span_skip(text, 6));
    /* the image's kernels are read as of its one architecture (and its
     * reserve taken out by it): cuobjdump never prints a second */
    if (r->image_sm_known)
        return fail(r, line, text, "an image has one 'arch = sm_XX' line, and this is its second");
    if (!gr_sm_parse(sm_text.p, sm_text.n, &r->image_sm))
        return fail(r, line, sm_text, "expected arch = sm_XX, an architecture from sm_10 to sm_199");
    r->image_sm_known = true;
    if (r->image == IMAGE_PTX)
        gr_sm_set_add(&r->out->ptx, r->image_sm);
    return true;
}

static bool start_image(listing_reader *r, image_kind kind)
{
    if (!finish_function(r))
        return false;
    if (kind == IMAGE_ELF)
        close_image(r);
    r->image = kind;
    r->image_sm_known = false;
    r->function = -1;
    return true;
}

static bool read_line(listing_reader *r, gr_span line)
{
    gr_span text = gr_span_trim(line);
    if (gr_span_equal(text, "Fatbin elf code:"))
        return start_image(r, IMAGE_ELF);
    if (gr_span_equal(text, "Fatbin ptx code:"))
        return start_image(r, IMAGE_PTX);
    if (gr_span_starts(text, "arch = "))
        return read_arch(r, line, text);
    /* cuobjdump lists a bare cubin with no image header, so without its
     * architecture: its kernels would be read as nobody's. */
    if (r->image == IMAGE_NONE && gr_span_equal(text, "Resource usage:"))
        return gr_error_at(r->err, r->file, r->line, column(line, text),
                           "a listing with no 'arch = sm_XX' line (cuobjdump's listing of a bare cubin): give "
                           "gpuroof the cubin itself, which it reads directly");
    /* nvcc -rdc's PTX, which ptxas compiles to a relocatable cubin: the
     * ELF image of its architecture just before it is that cubin.
     * Nothing else in a listing tells a relocatable image from a linked
     * one: an -rdc object built for machine code alone reads as linked. */
    if (r->image == IMAGE_PTX && gr_span_starts(text, "ptxasOptions") && gr_span_find(text, "--compile-only", false) >= 0 &&
        r->image_open && r->image_sm_known && r->image_sm.number == r->image_open_sm.number)
        r->image_relocatable = true;
    if (r->image != IMAGE_ELF)
        return true;
    if (gr_span_starts(text, "Function ") && text.n > 10 && text.p[text.n - 1] == ':')
        return read_function(r, line, text);
    if (gr_span_equal(text, "Common:")) {
        if (!finish_function(r))
            return false;
        r->function = -1;
        r->in_common = true;
        return true;
    }
    /* a resource line: KEY:VALUE ..., keys in capitals */
    if (text.n && text.p[0] >= 'A' && text.p[0] <= 'Z' && gr_span_find(text, ":", false) > 0 &&
        (r->in_common || r->function >= 0))
        return read_resources(r, line, text);
    if (r->cut && (gr_span_starts(text, "Function") || (r->function >= 0 && !r->function_read)))
        return fail(r, line, text, "");
    return true; /* the image's other lines: code version, host, producer */
}

/* gr_span_each_line's callback: the line, with where it is. */
static bool read_numbered_line(void *ctx, gr_span line, unsigned long number, bool cut)
{
    listing_reader *r = ctx;
    r->line = number;
    r->cut = cut;
    return read_line(r, line);
}

bool gr_cuobjdump_listing_read(const char *file, const char *text, size_t len, gr_kernel_list *out,
                               gr_error *err)
{
    listing_reader r = {.file = file, .out = out, .err = err, .function = -1};
    if (!gr_span_each_line(text, len, read_numbered_line, &r) || !finish_function(&r))
        return false;
    close_image(&r);
    return true;
}

bool gr_cuobjdump_listing_detect(const char *text, size_t len)
{
    size_t pos = 0;
    gr_span line;
    bool terminated;
    while (gr_span_next_line(text, len, &pos, &line, &terminated)) {
        gr_span t = gr_span_trim(line);
        if (gr_span_equal(t, "Fatbin elf code:") || gr_span_equal(t, "Fatbin ptx code:") ||
            gr_span_equal(t, "Resource usage:"))
            return true;
    }
    return false;
}

/* The list of kernels every reader fills, and the names of architectures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arch.h"
#include "input_limits.h"
#include "kernel_demangle.h"
#include "kernel_resources.h"
#include "name_hash.h"

void gr_kernel_list_init(gr_kernel_list *list, gr_kernel_format format)
{
    memset(list, 0, sizeof *list);
    list->format = format;
    list->inflate_budget_bytes = gr_inflate_budget(0);
}

void gr_kernel_list_free(gr_kernel_list *list)
{
    for (size_t i = 0; i < list->count; i++) {
        if (list->kernels[i].demangled != list->kernels[i].name)
            free(list->kernels[i].demangled);
        free(list->kernels[i].name);
    }
    free(list->kernels);
    list->kernels = NULL;
    list->count = list->capacity = 0;
}

/* Every reader's names come through here, so each gets the demangler's
 * budget: a name too large to demangle is shown as compiled, and marked
 * so that the output can say why.  An extern "C" kernel's name, or one
 * the demangler cannot read, is its own reading. */
static void demangle(gr_kernel *k)
{
    char *readable = NULL;
    gr_demangle_result result = gr_kernel_demangle(k->name, &readable);
    k->demangled = result == GR_DEMANGLE_DONE ? readable : k->name;
    k->too_large_to_demangle = result == GR_DEMANGLE_TOO_LARGE;
}

static bool grow(gr_kernel_list *list, gr_error *err)
{
    if (list->count < list->capacity)
        return true;
    size_t capacity = list->capacity ? list->capacity * 2 : 64;
    gr_kernel *bigger = realloc(list->kernels, capacity * sizeof *bigger);
    if (!bigger)
        return gr_error_set(err, "out of memory for %zu kernels", capacity);
    list->kernels = bigger;
    list->capacity = capacity;
    return true;
}

gr_kernel *gr_kernel_list_add(gr_kernel_list *list, const char *name, size_t name_len, gr_sm sm,
                              gr_error *err)
{
    if (!grow(list, err))
        return NULL;
    char *copy = malloc(name_len + 1);
    if (!copy) {
        gr_error_set(err, "out of memory for a kernel name of %zu bytes", name_len);
        return NULL;
    }
    memcpy(copy, name, name_len);
    copy[name_len] = '\0';
    gr_kernel *k = &list->kernels[list->count++];
    *k = (gr_kernel){
        .name = copy,
        .demangled = copy,
        .sm = sm,
        .registers = GR_UNRECORDED,
        .shared_static_bytes = GR_UNRECORDED,
        .stack_bytes = GR_UNRECORDED,
        .spill_store_bytes = GR_UNRECORDED,
        .spill_load_bytes = GR_UNRECORDED,
        .local_bytes = GR_UNRECORDED,
        .constant_bytes = GR_UNRECORDED,
        .max_threads = GR_UNRECORDED,
    };
    demangle(k);
    return k;
}

static void free_names(gr_kernel *k)
{
    if (k->demangled != k->name)
        free(k->demangled);
    free(k->name);
}

void gr_kernel_list_drop(gr_kernel_list *list, size_t i)
{
    gr_kernel *k = &list->kernels[i];
    list->relocatable_kernels -= k->relocatable;
    free_names(k);
    memmove(k, k + 1, (list->count - i - 1) * sizeof *k);
    list->count--;
}

/* The kernels read before, of the other kind of cubin than the ones just
 * added, by name and architecture: a hash table (open addressing, at most
 * half full) of the first kernel of each, index + 1, and the next of the
 * same name and architecture in next[], in the order they were read; a
 * copy taken leaves its place to the next.  One pass to build and one
 * look-up a kernel keep a library of thousands of kernels (cuBLASLt's
 * 6,120) linear, where a scan of every kernel before for each was not. */
typedef struct {
    size_t *slots, mask;
    size_t *next; /* index + 1, 0: none */
} copy_index;

static size_t slot_of(const copy_index *ix, const gr_kernel_list *list, const gr_kernel *k)
{
    size_t s = (size_t)(gr_name_hash(k->name) ^ (uint64_t)k->sm.number * 31u ^ (uint64_t)(unsigned char)k->sm.variant) &
               ix->mask;
    for (; ix->slots[s]; s = (s + 1) & ix->mask) {
        const gr_kernel *o = &list->kernels[ix->slots[s] - 1];
        if (gr_sm_equal(o->sm, k->sm) && strcmp(o->name, k->name) == 0)
            break;
    }
    return s;
}

static bool index_build(copy_index *ix, const gr_kernel_list *list, size_t first, bool relocatable)
{
    size_t slots = 16;
    while (slots < 2 * first)
        slots *= 2;
    ix->mask = slots - 1;
    ix->slots = calloc(slots, sizeof *ix->slots);
    ix->next = calloc(first ? first : 1, sizeof *ix->next);
    if (!ix->slots || !ix->next)
        return false;
    for (size_t i = first; i-- > 0;) { /* backwards: each name's chain in the order read */
        if (list->kernels[i].relocatable == relocatable)
            continue;
        size_t s = slot_of(ix, list, &list->kernels[i]);
        ix->next[i] = ix->slots[s];
        ix->slots[s] = i + 1;
    }
    return true;
}

/* Marks in dropped[] the kernels the copies give way to; false: no memory. */
static bool mark_copies(gr_kernel_list *list, size_t first, bool relocatable, bool *dropped)
{
    copy_index ix = {0};
    bool ok = index_build(&ix, list, first, relocatable);
    for (size_t i = first; ok && i < list->count; i++) {
        size_t s = slot_of(&ix, list, &list->kernels[i]);
        if (!ix.slots[s])
            continue;
        if (relocatable) { /* the linked cubin's figures stand */
            dropped[i] = true;
        } else { /* the relocatable copy read before gives way */
            dropped[ix.slots[s] - 1] = true;
            ix.slots[s] = ix.next[ix.slots[s] - 1];
        }
    }
    free(ix.slots);
    free(ix.next);
    return ok;
}

void gr_kernel_list_merge_copies(gr_kernel_list *list, size_t first, bool relocatable)
{
    for (size_t i = first; i < list->count; i++)
        list->kernels[i].relocatable = relocatable;
    size_t added = list->count - first;
    list->relocatable_kernels += relocatable ? added : 0;
    size_t other_kind = relocatable ? first - (list->relocatable_kernels - added) : list->relocatable_kernels;
    bool *dropped = other_kind ? calloc(list->count, sizeof *dropped) : NULL;
    if (!dropped || !mark_copies(list, first, relocatable, dropped)) {
        free(dropped); /* no memory: the copies stay, each shown as read */
        return;
    }
    size_t kept = 0;
    for (size_t i = 0; i < list->count; i++) {
        if (dropped[i]) {
            list->relocatable_kernels -= list->kernels[i].relocatable;
            free_names(&list->kernels[i]);
        } else {
            list->kernels[kept++] = list->kernels[i];
        }
    }
    list->count = kept;
    free(dropped);
}

bool gr_sm_equal(gr_sm a, gr_sm b)
{
    return a.number == b.number && a.variant == b.variant;
}

/* sm_90 before sm_90a before sm_90f before sm_100: a person reads the
 * set in the order the architectures came. */
static bool sm_before(gr_sm a, gr_sm b)
{
    return a.number != b.number ? a.number < b.number : (unsigned char)a.variant < (unsigned char)b.variant;
}

void gr_sm_set_add(gr_sm_set *set, gr_sm sm)
{
    int at = 0;
    while (at < set->count && sm_before(set->items[at], sm))
        at++;
    if ((at < set->count && gr_sm_equal(set->items[at], sm)) || set->count >= GR_MAX_SMS)
        return;
    memmove(set->items + at + 1, set->items + at, (size_t)(set->count - at) * sizeof set->items[0]);
    set->items[at] = sm;
    set->count++;
}

void gr_kernel_list_sms(const gr_kernel_list *list, gr_sm_set *out)
{
    out->count = 0;
    for (size_t i = 0; i < list->count; i++)
        gr_sm_set_add(out, list->kernels[i].sm);
}

/* Architectures run from sm_10 to sm_12x so far; one outside what any GPU
 * could have (gr_arch_sm_in_range) is no architecture. */
bool gr_sm_parse(const char *text, size_t len, gr_sm *out)
{
    if (len < 5 || strncmp(text, "sm_", 3) != 0)
        return false;
    size_t i = 3;
    int number = 0;
    for (; i < len && text[i] >= '0' && text[i] <= '9'; i++) {
        if (i >= 6)
            return false;
        number = number * 10 + (text[i] - '0');
    }
    if (i < 5 || !gr_arch_sm_in_range(number))
        return false;
    char variant = 0;
    if (i < len && (text[i] == 'a' || text[i] == 'f'))
        variant = text[i++];
    if (i != len)
        return false;
    *out = (gr_sm){number, variant};
    return true;
}

const char *gr_sm_name(gr_sm sm, char buf[GR_SM_NAME_SIZE])
{
    if (sm.variant)
        snprintf(buf, GR_SM_NAME_SIZE, "sm_%d%c", sm.number, sm.variant);
    else
        snprintf(buf, GR_SM_NAME_SIZE, "sm_%d", sm.number);
    return buf;
}

const char *gr_sm_set_names(const gr_sm_set *set, char *buf, size_t size)
{
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < set->count && used < size; i++) {
        char name[GR_SM_NAME_SIZE];
        int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", gr_sm_name(set->items[i], name));
        if (n < 0)
            break;
        used += (size_t)n;
    }
    return buf;
}

const char *gr_kernel_format_name(gr_kernel_format format)
{
    static const char *const names[] = {
        [GR_KERNELS_PTXAS] = "ptxas's report (nvcc --resource-usage)",
        [GR_KERNELS_CUOBJDUMP] = "cuobjdump's listing (cuobjdump --dump-resource-usage)",
        [GR_KERNELS_CUBIN] = "a cubin",
        [GR_KERNELS_FATBIN] = "a fatbin",
        [GR_KERNELS_BINARY] = "a binary with fatbins",
    };
    return names[format];
}

const char *gr_kernel_format_key(gr_kernel_format format)
{
    static const char *const keys[] = {
        [GR_KERNELS_PTXAS] = "ptxas_report",
        [GR_KERNELS_CUOBJDUMP] = "cuobjdump_listing",
        [GR_KERNELS_CUBIN] = "cubin",
        [GR_KERNELS_FATBIN] = "fatbin",
        [GR_KERNELS_BINARY] = "binary",
    };
    return keys[format];
}

/* The list of kernels every reader fills, and the names of architectures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_profile.h"
#include "gpuroof_files.h"
#include "kernel_demangle.h"
#include "kernel_resources.h"
#include "gpuroof_text.h"

static void index_free(gr_kernel_list *list);

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
    index_free(list);
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
    index_free(list);
}

/* The copy index: every kernel of the list by name and architecture, one
 * table a kind of cubin (relocatable or linked), kept as the list grows so
 * that each kernel is hashed and placed once.  A table is open addressing,
 * at most half full, a slot the chain of the kernels of one name and
 * architecture in the order read (index + 1 in head, tail and next[]); a
 * copy taken leaves its place to the next.  A kernel dropped moves the
 * ones after it, so the index is then let go and made again when a cubin
 * of the other kind next comes: one pass over the list a drop, where
 * making it anew for every cubin was quadratic (cuBLASLt's 5,832 cubins,
 * 60 of them relocatable: a third of the reading). */
typedef struct {
    size_t key, head, tail; /* key: the kernel whose name and architecture the slot holds; 0: empty */
} copy_chain;
typedef struct {
    copy_chain *slots;
    size_t mask, used;
} copy_table;
struct gr_copy_index {
    copy_table kinds[2]; /* [relocatable] */
    size_t *next;        /* [kernel]: the next of its chain, index + 1; 0: none */
    uint64_t *hashes;    /* [kernel]: of its name and architecture */
    size_t capacity;     /* of next and hashes */
    size_t indexed;      /* the kernels [0, indexed) are in the tables */
};

static uint64_t key_hash(const gr_kernel *k)
{
    uint64_t h = gr_name_hash(k->name) ^ ((uint64_t)k->sm.number << 8 | (unsigned char)k->sm.variant);
    return h * 0x9e3779b97f4a7c15u; /* the architecture's bits spread over the slot's */
}

static void index_free(gr_kernel_list *list)
{
    if (!list->copies)
        return;
    free(list->copies->kinds[0].slots);
    free(list->copies->kinds[1].slots);
    free(list->copies->next);
    free(list->copies->hashes);
    free(list->copies);
    list->copies = NULL;
}

/* The slot of kernel k's name and architecture in t: its chain, or the
 * empty slot where it would go. */
static size_t slot_of(const copy_table *t, const gr_kernel_list *list, const gr_kernel *k, uint64_t hash)
{
    const struct gr_copy_index *ix = list->copies;
    size_t s = (size_t)(hash >> 20) & t->mask;
    for (; t->slots[s].key; s = (s + 1) & t->mask) {
        size_t o = t->slots[s].key - 1;
        if (ix->hashes[o] == hash && gr_sm_equal(list->kernels[o].sm, k->sm) && strcmp(list->kernels[o].name, k->name) == 0)
            break;
    }
    return s;
}

/* Room in t for one more chain: the table doubled, its chains placed anew. */
static bool table_reserve(copy_table *t, const gr_kernel_list *list)
{
    if ((t->used + 1) * 2 <= t->mask + 1 && t->slots)
        return true;
    copy_table bigger = {.mask = t->slots ? 2 * t->mask + 1 : 63, .used = t->used};
    bigger.slots = calloc(bigger.mask + 1, sizeof *bigger.slots);
    if (!bigger.slots)
        return false;
    for (size_t s = 0; t->slots && s <= t->mask; s++)
        if (t->slots[s].key) {
            size_t o = t->slots[s].key - 1;
            bigger.slots[slot_of(&bigger, list, &list->kernels[o], list->copies->hashes[o])] = t->slots[s];
        }
    free(t->slots);
    *t = bigger;
    return true;
}

/* The kernels [indexed, upto) put in the index; false: no memory. */
static bool index_extend(gr_kernel_list *list, size_t upto)
{
    if (!list->copies && !(list->copies = calloc(1, sizeof *list->copies)))
        return false;
    struct gr_copy_index *ix = list->copies;
    if (ix->capacity < list->capacity) {
        size_t *next = realloc(ix->next, list->capacity * sizeof *next);
        ix->next = next ? next : ix->next;
        uint64_t *hashes = realloc(ix->hashes, list->capacity * sizeof *hashes);
        ix->hashes = hashes ? hashes : ix->hashes;
        if (!next || !hashes)
            return false;
        ix->capacity = list->capacity;
    }
    for (; ix->indexed < upto; ix->indexed++) {
        size_t i = ix->indexed;
        const gr_kernel *k = &list->kernels[i];
        copy_table *t = &ix->kinds[k->relocatable];
        ix->hashes[i] = key_hash(k);
        ix->next[i] = 0;
        if (!table_reserve(t, list))
            return false;
        copy_chain *c = &t->slots[slot_of(t, list, k, ix->hashes[i])];
        if (c->key)
            ix->next[c->tail - 1] = i + 1;
        else
            *c = (copy_chain){.key = i + 1, .head = i + 1}, t->used++;
        c->tail = i + 1;
    }
    return true;
}

/* Marks in *dropped (made at the first) the kernels the copies give way
 * to; false: no memory. */
static bool mark_copies(gr_kernel_list *list, size_t first, bool relocatable, bool **dropped)
{
    if (!index_extend(list, first))
        return false;
    const copy_table *other = &list->copies->kinds[!relocatable];
    for (size_t i = first; other->slots && i < list->count; i++) {
        const gr_kernel *k = &list->kernels[i];
        copy_chain *c = &other->slots[slot_of(other, list, k, key_hash(k))];
        if (!c->head)
            continue;
        if (!*dropped && !(*dropped = calloc(list->count, sizeof **dropped)))
            return false;
        if (relocatable) { /* the linked cubin's figures stand */
            (*dropped)[i] = true;
        } else { /* the relocatable copy read before gives way */
            (*dropped)[c->head - 1] = true;
            c->head = list->copies->next[c->head - 1];
        }
    }
    return true;
}

/* The kernels dropped[] marks taken out, the rest moved down. */
static void drop_marked(gr_kernel_list *list, const bool *dropped)
{
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
}

void gr_kernel_list_merge_copies(gr_kernel_list *list, size_t first, bool relocatable)
{
    for (size_t i = first; i < list->count; i++)
        list->kernels[i].relocatable = relocatable;
    size_t added = list->count - first;
    list->relocatable_kernels += relocatable ? added : 0;
    size_t other_kind = relocatable ? first - (list->relocatable_kernels - added) : list->relocatable_kernels;
    if (!other_kind)
        return;
    bool *dropped = NULL;
    if (!mark_copies(list, first, relocatable, &dropped)) {
        free(dropped); /* no memory: the copies stay, each shown as read */
        index_free(list);
        return;
    }
    if (dropped) {
        drop_marked(list, dropped);
        index_free(list); /* the kernels after a dropped one have moved */
        free(dropped);
    }
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

gr_sm_text gr_sm_name_of(gr_sm sm)
{
    gr_sm_text name;
    if (sm.variant)
        snprintf(name.text, sizeof name.text, "sm_%d%c", sm.number, sm.variant);
    else
        snprintf(name.text, sizeof name.text, "sm_%d", sm.number);
    return name;
}

gr_sm_set_text gr_sm_set_names_of(const gr_sm_set *set)
{
    gr_sm_set_text names;
    gr_sm_set_names(set, names.text, sizeof names.text);
    return names;
}

const char *gr_sm_set_names(const gr_sm_set *set, char *buf, size_t size)
{
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < set->count && used < size; i++) {
        int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", GR_SM_NAME(set->items[i]));
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

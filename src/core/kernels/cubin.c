/* The reader of cubins (cubin.h).  libelf reads the ELF structure (section
 * headers, string tables, symbols), each bounds-checked against the image;
 * this file first checks that the header and every section lie within the
 * image, so that an error names the byte, and reads NVIDIA's .nv.info
 * attribute records itself, each checked against its section's end. */
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_profile.h"
#include "cubin.h"
#include "gpuroof_text.h"

/* The st_other bit of a kernel's symbol, as against a device function's. */
#define STO_CUDA_ENTRY 0x10
/* ELF ABI version 8 and later keep the architecture in bits 8-15 of
 * e_flags; earlier ones in bits 0-7.  CUDA 13.0 writes the same e_flags
 * for sm_90 and sm_90a, sm_100, sm_100a and sm_100f (0x6005a04 for both
 * sm_90s, nvcc -cubin): architecture-specific code is marked in the
 * .nv.compat section instead, by attribute 9 with value 1 (0 for plain and
 * family code), found by building one kernel for each and comparing.
 * Family code (sm_100f) is marked in no byte of the cubin but the ptxas
 * command line in its .note.nv.tkinfo; cuobjdump too names such a bare
 * cubin sm_100.  A fatbin entry's header marks both (fatbin.c). */
#define CUDA_ABI_V8 8
#define COMPAT_ARCH_SPECIFIC 0x09
/* The type of .nv.shared sections in relocatable cubins: no bytes in the
 * file, like SHT_NOBITS. */
#define SHT_CUDA_SHARED 0x7000000a

/* An .nv.info record: a format byte, an attribute byte, then a 16-bit
 * value, or (EIFMT_SVAL) a 16-bit size and that many bytes. */
enum { EIFMT_NVAL = 1, EIFMT_BVAL = 2, EIFMT_HVAL = 3, EIFMT_SVAL = 4 };
/* EIATTR_MIN_STACK_SIZE: the stack a function needs with the deepest
 * chain of functions it calls, which the device link works out (its frame
 * alone is EIATTR_FRAME_SIZE); cuobjdump's STACK is the larger of the two. */
enum { EIATTR_MAX_THREADS = 0x05, EIATTR_FRAME_SIZE = 0x11, EIATTR_MIN_STACK_SIZE = 0x12, EIATTR_REGCOUNT = 0x2f };

typedef enum {
    SEC_OTHER, SEC_TEXT, SEC_SYMTAB, SEC_INFO, SEC_COMPAT, SEC_KERNEL_INFO, SEC_SHARED, SEC_CONSTANT0, SEC_LOCAL
} section_kind;

/* Each section's prefix; the kernel's name follows it. */
static const struct {
    const char *prefix;
    section_kind kind;
} section_prefixes[] = {
    {".text.", SEC_TEXT},          {".nv.info.", SEC_KERNEL_INFO}, {".nv.shared.", SEC_SHARED},
    {".nv.constant0.", SEC_CONSTANT0}, {".nv.local.", SEC_LOCAL},
};

typedef struct {
    section_kind kind;
    size_t name_offset; /* where the kernel's name begins in name */
    const char *name;
    long kernel;        /* a .text. section's kernel, or -1 */
    GElf_Shdr header;
} section;

typedef struct {
    const char *file;
    unsigned char *data;
    size_t size;
    uint64_t base; /* where the image begins in the file */
    const char *within; /* where a decompressed image came from, or NULL */
    gr_kernel_list *out;
    gr_error *err;
    Elf *elf;
    gr_sm sm;
    uint64_t shoff;
    size_t shnum;
    section *sections;
    long *symbol_kernel; /* each symbol's kernel, or -1 */
    size_t symbols;
    char entry_variant;   /* the variant its fatbin entry names, or 0 */
    bool relocatable;     /* ET_REL: nvcc -rdc's code before the device link */
    bool reserve_counted; /* the .nv.shared sections count the block's reserved kilobyte */
} cubin_reader;

static bool fail_at(cubin_reader *c, uint64_t offset, const char *fmt, ...) GR_PRINTF(3, 4);

static bool fail_at(cubin_reader *c, uint64_t offset, const char *fmt, ...)
{
    if (c->within)
        gr_error_set(c->err, "%s: byte %llu of %s: ", c->file, (unsigned long long)offset, c->within);
    else
        gr_error_set(c->err, "%s: byte %llu: ", c->file, (unsigned long long)(c->base + offset));
    va_list ap;
    va_start(ap, fmt);
    gr_error_vadd(c->err, fmt, ap);
    va_end(ap);
    return false;
}

bool gr_cubin_detect(const unsigned char *data, size_t size)
{
    return size >= 20 && memcmp(data, ELFMAG, SELFMAG) == 0 && data[EI_DATA] == ELFDATA2LSB &&
           gr_le16(data + 18) == EM_CUDA;
}

static bool read_sm(cubin_reader *c)
{
    uint32_t flags = gr_le32(c->data + 0x30);
    if (c->data[EI_ABIVERSION] >= CUDA_ABI_V8)
        c->sm = (gr_sm){(int)(flags >> 8 & 0xff), 0};
    else
        c->sm = (gr_sm){(int)(flags & 0xff), 0};
    if (c->sm.number == 0)
        return fail_at(c, 0x30, "no architecture in the ELF flags (0x%08x)", (unsigned)flags);
    if (!gr_arch_sm_in_range(c->sm.number))
        return fail_at(c, 0x30, "architecture %d in the ELF flags (0x%08x), which no GPU has (10 to 199: sm_10 to sm_199)",
                       c->sm.number, (unsigned)flags);
    return true;
}

/* The ELF header, and where the section headers lie, before libelf. */
static bool check_header(cubin_reader *c)
{
    const unsigned char *d = c->data;
    if (c->size < sizeof(Elf64_Ehdr))
        return fail_at(c, 0, "an ELF header takes %zu bytes; the image has %zu", sizeof(Elf64_Ehdr), c->size);
    if (memcmp(d, ELFMAG, SELFMAG) != 0)
        return fail_at(c, 0, "not an ELF image");
    if (d[EI_CLASS] != ELFCLASS64 || d[EI_DATA] != ELFDATA2LSB)
        return fail_at(c, EI_CLASS, "a cubin is a little-endian 64-bit ELF image");
    if (gr_le16(d + 18) != EM_CUDA)
        return fail_at(c, 18, "not CUDA machine code: ELF machine %u, not %d", gr_le16(d + 18), EM_CUDA);
    c->shoff = gr_le64(d + 0x28);
    uint64_t count = gr_le16(d + 0x3c);
    if (c->shoff > c->size || c->size - c->shoff < (count ? count : 1) * sizeof(Elf64_Shdr))
        return fail_at(c, 0x28, "the section headers at byte %llu run past the end of the image (%zu bytes)",
                       (unsigned long long)c->shoff, c->size);
    if (count == 0) /* more sections than 16 bits count: section 0's size holds the number */
        count = gr_le64(d + c->shoff + 32);
    if (gr_le16(d + 0x3a) != sizeof(Elf64_Shdr))
        return fail_at(c, 0x3a, "section headers of %u bytes, not %zu", gr_le16(d + 0x3a), sizeof(Elf64_Shdr));
    if (count > (c->size - c->shoff) / sizeof(Elf64_Shdr))
        return fail_at(c, 0x28, "%llu section headers at byte %llu run past the end of the image (%zu bytes)",
                       (unsigned long long)count, (unsigned long long)c->shoff, c->size);
    c->shnum = (size_t)count;
    c->relocatable = gr_le16(d + 16) == ET_REL;
    c->out->relocatable += c->relocatable;
    return read_sm(c);
}

static void classify(section *s)
{
    s->kind = SEC_OTHER;
    s->kernel = -1;
    if (s->header.sh_type == SHT_SYMTAB)
        s->kind = SEC_SYMTAB;
    else if (strcmp(s->name, ".nv.info") == 0)
        s->kind = SEC_INFO;
    else if (strcmp(s->name, ".nv.compat") == 0)
        s->kind = SEC_COMPAT;
    for (size_t i = 0; i < sizeof section_prefixes / sizeof section_prefixes[0]; i++) {
        size_t n = strlen(section_prefixes[i].prefix);
        if (strncmp(s->name, section_prefixes[i].prefix, n) == 0) {
            s->kind = section_prefixes[i].kind;
            s->name_offset = n;
        }
    }
}

static bool read_section_header(cubin_reader *c, size_t i)
{
    section *s = &c->sections[i];
    uint64_t at = c->shoff + i * sizeof(Elf64_Shdr);
    Elf_Scn *scn = elf_getscn(c->elf, i);
    if (!scn || !gelf_getshdr(scn, &s->header))
        return fail_at(c, at, "section %zu does not read: %s", i, elf_errmsg(-1));
    return true;
}

/* A section that holds bytes of the image lies within it; shared memory
 * (NOBITS, or NVIDIA's own type in relocatable cubins) holds none. */
static bool check_bounds(cubin_reader *c, size_t i)
{
    const section *s = &c->sections[i];
    const GElf_Shdr *h = &s->header;
    if (h->sh_type == SHT_NOBITS || h->sh_type == SHT_CUDA_SHARED || s->kind == SEC_SHARED)
        return true;
    if (h->sh_offset > c->size || h->sh_size > c->size - h->sh_offset)
        return fail_at(c, c->shoff + i * sizeof(Elf64_Shdr),
                       "section %zu (%s) runs past the end of the image: %llu bytes at byte %llu, of %zu", i, s->name,
                       (unsigned long long)h->sh_size, (unsigned long long)h->sh_offset, c->size);
    return true;
}

static bool read_sections(cubin_reader *c)
{
    size_t names;
    c->sections = calloc(c->shnum ? c->shnum : 1, sizeof *c->sections);
    if (!c->sections)
        return gr_error_set(c->err, "out of memory for %zu sections", c->shnum);
    for (size_t i = 0; i < c->shnum; i++)
        if (!read_section_header(c, i))
            return false;
    if (elf_getshdrstrndx(c->elf, &names) != 0 || names >= c->shnum)
        return fail_at(c, 0x3e, "no section-name table");
    for (size_t i = 0; i < c->shnum; i++) {
        section *s = &c->sections[i];
        s->name = i ? elf_strptr(c->elf, names, s->header.sh_name) : "";
        if (!s->name)
            return fail_at(c, c->shoff + i * sizeof(Elf64_Shdr), "section %zu's name lies outside the section-name table", i);
        classify(s);
        if (strncmp(s->name, ".nv.shared.reserved.", 20) == 0)
            c->reserve_counted = true;
        if (!check_bounds(c, i))
            return false;
    }
    /* A device-linked sm_90 cubin (nvcc -rdc, then the device link) has no
     * .nv.shared.reserved section, yet its .nv.shared.KERNEL sections count
     * the reserve as a whole-program one's do (5248 B for a 4224 B tile;
     * cuobjdump lists the same); a relocatable one's count the kernel's own. */
    if (!c->relocatable && c->sm.number >= 90)
        c->reserve_counted = true;
    return true;
}

static bool symbol_kernel(cubin_reader *c, const GElf_Sym *sym, size_t names, uint64_t at, long *kernel)
{
    *kernel = -1;
    if (GELF_ST_TYPE(sym->st_info) != STT_FUNC || !(sym->st_other & STO_CUDA_ENTRY) || sym->st_shndx >= c->shnum ||
        c->sections[sym->st_shndx].kind != SEC_TEXT)
        return true;
    const char *name = elf_strptr(c->elf, names, sym->st_name);
    if (!name)
        return fail_at(c, at, "a kernel's name (byte %llu of section %zu, the symbol names) lies outside them",
                       (unsigned long long)sym->st_name, names);
    section *text = &c->sections[sym->st_shndx];
    gr_kernel *k = gr_kernel_list_add(c->out, name, strlen(name), c->sm, c->err);
    if (!k)
        return false;
    if (text->header.sh_info >> 24) /* sm_80 cubins' register count, where .nv.info has none */
        k->registers = text->header.sh_info >> 24;
    *kernel = text->kernel = (long)c->out->count - 1;
    return true;
}

static bool read_symbols(cubin_reader *c, size_t table)
{
    const GElf_Shdr *h = &c->sections[table].header;
    Elf_Data *d = elf_getdata(elf_getscn(c->elf, table), NULL);
    if (h->sh_entsize != sizeof(Elf64_Sym) || !d || d->d_size < h->sh_size || h->sh_size / sizeof(Elf64_Sym) > INT32_MAX)
        return fail_at(c, c->shoff + table * sizeof(Elf64_Shdr), "the symbol table does not read");
    if (h->sh_link == 0 || h->sh_link >= c->shnum) /* sh_link, 40 bytes into the header */
        return fail_at(c, c->shoff + table * sizeof(Elf64_Shdr) + 40,
                       "the symbol table's names are in section %u, of %zu", (unsigned)h->sh_link, c->shnum);
    c->symbols = h->sh_size / sizeof(Elf64_Sym);
    c->symbol_kernel = malloc((c->symbols ? c->symbols : 1) * sizeof *c->symbol_kernel);
    if (!c->symbol_kernel)
        return gr_error_set(c->err, "out of memory for %zu symbols", c->symbols);
    for (size_t i = 0; i < c->symbols; i++) {
        GElf_Sym sym;
        if (!gelf_getsym(d, (int)i, &sym))
            return fail_at(c, h->sh_offset + i * sizeof(Elf64_Sym), "symbol %zu does not read", i);
        if (!symbol_kernel(c, &sym, h->sh_link, h->sh_offset + i * sizeof(Elf64_Sym), &c->symbol_kernel[i]))
            return false;
    }
    return true;
}

/* The kernel a .nv.info., .nv.shared., .nv.constant0. or .nv.local.
 * section belongs to: the one of the .text. section its sh_info names,
 * where the names agree, or else the one of its name; -1 for none. */
static long kernel_of(const cubin_reader *c, const section *s, size_t first_kernel)
{
    const char *name = s->name + s->name_offset;
    if (s->header.sh_info < c->shnum) {
        long k = c->sections[s->header.sh_info].kernel;
        if (k >= 0 && strcmp(c->out->kernels[k].name, name) == 0)
            return k;
    }
    for (size_t i = first_kernel; i < c->out->count; i++)
        if (strcmp(c->out->kernels[i].name, name) == 0)
            return (long)i;
    return -1;
}

typedef struct {
    unsigned format, attribute, value;
    const unsigned char *bytes; /* EIFMT_SVAL: the value's bytes */
    uint64_t at;                /* where the record begins in the image */
} nv_attribute;

/* The record at *pos of an .nv.info section's bytes; false at the end or
 * on an error (err set). */
static bool next_attribute(cubin_reader *c, size_t sec, const Elf_Data *d, size_t *pos, nv_attribute *a, bool *failed)
{
    const unsigned char *bytes = d->d_buf;
    if (*pos >= d->d_size)
        return false;
    a->at = c->sections[sec].header.sh_offset + *pos;
    size_t left = d->d_size - *pos, length = 4;
    if (left >= 4) {
        a->format = bytes[*pos], a->attribute = bytes[*pos + 1], a->value = gr_le16(bytes + *pos + 2);
        a->bytes = bytes + *pos + 4;
        length += a->format == EIFMT_SVAL ? a->value : 0;
    }
    if (left < length) {
        fail_at(c, a->at, "an attribute of section %zu (%s) runs past the section's end", sec, c->sections[sec].name);
        *failed = true;
        return false;
    }
    if (a->format < EIFMT_NVAL || a->format > EIFMT_SVAL) {
        fail_at(c, a->at, "attribute format %u in section %zu (%s): not one of NVIDIA's four", a->format, sec,
                c->sections[sec].name);
        *failed = true;
        return false;
    }
    *pos += length;
    return true;
}

/* .nv.info: attributes of each function, by symbol. */
static bool apply_symbol_attribute(cubin_reader *c, const nv_attribute *a)
{
    bool stack = a->attribute == EIATTR_FRAME_SIZE || a->attribute == EIATTR_MIN_STACK_SIZE;
    if ((a->attribute != EIATTR_REGCOUNT && !stack) || a->format != EIFMT_SVAL)
        return true;
    if (a->value < 8)
        return fail_at(c, a->at, "a register count or frame size of %u bytes, not 8", a->value);
    uint32_t symbol = gr_le32(a->bytes), value = gr_le32(a->bytes + 4);
    if (symbol >= c->symbols)
        return fail_at(c, a->at, "an attribute of symbol %u, of %zu", (unsigned)symbol, c->symbols);
    long k = c->symbol_kernel[symbol];
    if (k >= 0 && a->attribute == EIATTR_REGCOUNT)
        c->out->kernels[k].registers = value;
    else if (k >= 0 && (int64_t)value > c->out->kernels[k].stack_bytes)
        c->out->kernels[k].stack_bytes = value;
    return true;
}

/* .nv.info.KERNEL: the kernel's own attributes; __launch_bounds__'s
 * threads are EIATTR_MAX_THREADS's x, y and z. */
static bool apply_kernel_attribute(cubin_reader *c, const nv_attribute *a, gr_kernel *k)
{
    if (a->attribute != EIATTR_MAX_THREADS || a->format != EIFMT_SVAL)
        return true;
    if (a->value < 12)
        return fail_at(c, a->at, "a launch bound of %u bytes, not 12", a->value);
    uint64_t threads = 1;
    for (int i = 0; i < 3; i++) {
        threads *= gr_le32(a->bytes + 4 * i);
        threads = threads > UINT32_MAX ? UINT32_MAX : threads;
    }
    k->max_threads = (int64_t)threads;
    return true;
}

/* .nv.compat: what the code needs of the GPU; attribute 9 set marks
 * architecture-specific code (sm_90a). */
static bool apply_compat_attribute(cubin_reader *c, const nv_attribute *a)
{
    if (a->attribute == COMPAT_ARCH_SPECIFIC && a->format == EIFMT_BVAL && (a->value & 0xff) != 0)
        c->sm.variant = 'a';
    return true;
}

static bool apply_attribute(cubin_reader *c, size_t sec, long kernel, const nv_attribute *a)
{
    if (c->sections[sec].kind == SEC_COMPAT)
        return apply_compat_attribute(c, a);
    return kernel < 0 ? apply_symbol_attribute(c, a) : apply_kernel_attribute(c, a, &c->out->kernels[kernel]);
}

static bool read_attributes(cubin_reader *c, size_t sec, long kernel)
{
    Elf_Data *d = elf_getdata(elf_getscn(c->elf, sec), NULL);
    if (!d || !d->d_buf)
        return c->sections[sec].header.sh_size == 0 ||
               fail_at(c, c->shoff + sec * sizeof(Elf64_Shdr), "section %zu (%s) does not read (type %u)", sec,
                       c->sections[sec].name, (unsigned)c->sections[sec].header.sh_type);
    size_t pos = 0;
    nv_attribute a;
    bool failed = false;
    while (next_attribute(c, sec, d, &pos, &a, &failed))
        if (!apply_attribute(c, sec, kernel, &a))
            return false;
    return !failed;
}

/* From sm_90 on, the image counts the block's reserved kilobyte in the
 * shared memory section of each kernel that has one; the kernel's own is
 * the rest. */
static bool read_shared(cubin_reader *c, size_t sec, gr_kernel *k)
{
    uint64_t bytes = c->sections[sec].header.sh_size;
    if (bytes == 0) {
        k->shared_static_bytes = 0;
        return true;
    }
    if (c->reserve_counted && bytes < GR_IMAGE_RESERVED_SMEM_BYTES)
        return fail_at(c, c->shoff + sec * sizeof(Elf64_Shdr),
                       "section %zu (%s) is %llu bytes, less than the %d reserved per block that its image counts", sec,
                       c->sections[sec].name, (unsigned long long)bytes, GR_IMAGE_RESERVED_SMEM_BYTES);
    k->shared_static_bytes = (int64_t)(bytes - (c->reserve_counted ? GR_IMAGE_RESERVED_SMEM_BYTES : 0));
    return true;
}

/* Shared and local memory sections hold no bytes of the image (NOBITS),
 * nor a constant bank that is NOBITS: nothing but this bounds their size,
 * which no GPU comes near (constant banks are 64 KiB), before it is taken
 * as a signed figure. */
#define MEMORY_SECTION_MAX_BYTES (UINT64_C(1) << 32)

static bool read_kernel_section(cubin_reader *c, size_t sec, size_t first_kernel)
{
    const section *s = &c->sections[sec];
    if ((s->kind == SEC_SHARED || s->kind == SEC_LOCAL || s->kind == SEC_CONSTANT0) &&
        s->header.sh_size > MEMORY_SECTION_MAX_BYTES)
        return fail_at(c, c->shoff + sec * sizeof(Elf64_Shdr), "section %zu (%s) claims %llu bytes, more than any GPU has",
                       sec, s->name, (unsigned long long)s->header.sh_size);
    if (s->kind == SEC_INFO)
        return read_attributes(c, sec, -1);
    if (s->kind != SEC_KERNEL_INFO && s->kind != SEC_SHARED && s->kind != SEC_CONSTANT0 && s->kind != SEC_LOCAL)
        return true;
    long kernel = kernel_of(c, s, first_kernel);
    if (kernel < 0)
        return true; /* a device function's, or the reserved shared memory's */
    gr_kernel *k = &c->out->kernels[kernel];
    if (s->kind == SEC_KERNEL_INFO)
        return read_attributes(c, sec, kernel);
    if (s->kind == SEC_SHARED)
        return read_shared(c, sec, k);
    if (s->kind == SEC_CONSTANT0)
        k->constant_bytes = (int64_t)s->header.sh_size;
    else
        k->local_bytes = (int64_t)s->header.sh_size;
    return true;
}

/* What a kernel without the section that records a figure uses of it. */
static void default_figures(gr_kernel_list *out, size_t first_kernel)
{
    for (size_t i = first_kernel; i < out->count; i++) {
        gr_kernel *k = &out->kernels[i];
        if (k->shared_static_bytes == GR_UNRECORDED)
            k->shared_static_bytes = 0;
        if (k->local_bytes == GR_UNRECORDED)
            k->local_bytes = 0;
        if (k->max_threads == GR_UNRECORDED) /* a cubin keeps __launch_bounds__ where there are some */
            k->max_threads = 0;
    }
}

static bool read_image(cubin_reader *c)
{
    size_t first_kernel = c->out->count;
    if (!check_header(c))
        return false;
    c->elf = elf_memory((char *)c->data, c->size);
    if (!c->elf || elf_kind(c->elf) != ELF_K_ELF)
        return fail_at(c, 0, "libelf does not read the image: %s", elf_errmsg(-1));
    if (!read_sections(c))
        return false;
    for (size_t i = 0; i < c->shnum; i++) /* the variant, before the kernels are named with it */
        if (c->sections[i].kind == SEC_COMPAT && !read_attributes(c, i, -1))
            return false;
    if (c->entry_variant)
        c->sm.variant = c->entry_variant;
    for (size_t i = 0; i < c->shnum; i++)
        if (c->sections[i].kind == SEC_SYMTAB) {
            if (!read_symbols(c, i))
                return false;
            break;
        }
    for (size_t i = 0; i < c->shnum; i++)
        if (!read_kernel_section(c, i, first_kernel))
            return false;
    default_figures(c->out, first_kernel);
    gr_kernel_list_merge_copies(c->out, first_kernel, c->relocatable);
    return true;
}

bool gr_cubin_read(const char *file, unsigned char *data, size_t size, uint64_t file_offset,
                   gr_kernel_list *out, gr_error *err)
{
    return gr_cubin_read_variant(file, data, size, file_offset, 0, out, err);
}

static bool read_cubin(cubin_reader *c)
{
    elf_version(EV_CURRENT);
    bool ok = read_image(c);
    if (c->elf)
        elf_end(c->elf);
    free(c->sections);
    free(c->symbol_kernel);
    return ok;
}

bool gr_cubin_read_variant(const char *file, unsigned char *data, size_t size, uint64_t file_offset, char variant,
                           gr_kernel_list *out, gr_error *err)
{
    cubin_reader c = {.file = file, .data = data, .size = size, .base = file_offset, .out = out, .err = err,
                      .entry_variant = variant};
    return read_cubin(&c);
}

bool gr_cubin_read_within(const char *file, const char *within, unsigned char *data, size_t size, char variant,
                          gr_kernel_list *out, gr_error *err)
{
    cubin_reader c = {.file = file, .within = within, .data = data, .size = size, .out = out, .err = err,
                      .entry_variant = variant};
    return read_cubin(&c);
}

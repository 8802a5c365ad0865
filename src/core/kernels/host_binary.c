/* The reader of host binaries (host_binary.h), through libelf: this file
 * checks first that the section headers lie within the file, so that a
 * truncated file is an error naming the byte rather than libelf's word.
 * libelf also walks the members of an archive (ar, what nvcc -lib writes),
 * each read as an object of its own. */
#include <ar.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>
#include "fatbin.h"
#include "host_binary.h"
#include "gpuroof_text.h"

static const char *const fatbin_sections[] = {".nv_fatbin", "__nv_relfatbin"};

bool gr_host_binary_detect(const unsigned char *data, size_t size)
{
    return size >= SELFMAG && memcmp(data, ELFMAG, SELFMAG) == 0;
}

bool gr_host_archive_detect(const unsigned char *data, size_t size)
{
    return size >= SARMAG && memcmp(data, ARMAG, SARMAG) == 0;
}

/* Where the section headers are, from the 32- or 64-bit ELF header. */
static bool check_headers(const char *file, const unsigned char *d, size_t size, gr_error *err)
{
    bool wide = size > EI_CLASS && d[EI_CLASS] == ELFCLASS64;
    size_t header = wide ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
    if (size < header)
        return gr_error_set(err, "%s: byte 0: an ELF header takes %zu bytes; the file has %zu", file, header, size);
    if (d[EI_DATA] != ELFDATA2LSB)
        return gr_error_set(err, "%s: byte %d: a big-endian ELF file, and CUDA binaries are little-endian", file, EI_DATA);
    size_t at = wide ? 0x28 : 0x20;
    uint64_t offset = wide ? gr_le64(d + 0x28) : gr_le32(d + 0x20);
    uint64_t entry = gr_le16(d + (wide ? 0x3a : 0x2e)), count = gr_le16(d + (wide ? 0x3c : 0x30));
    if (offset == 0)
        return gr_error_set(err, "%s: byte %zu: an ELF file without section headers: no place for CUDA code", file, at);
    if (offset > size || (count && entry && count > (size - offset) / entry))
        return gr_error_set(err,
                            "%s: byte %zu: the %llu section headers at byte %llu run past the end of the file "
                            "(%zu bytes): is it cut short?",
                            file, at, (unsigned long long)count, (unsigned long long)offset, size);
    return true;
}

static bool is_fatbin_section(const char *name)
{
    for (size_t i = 0; i < sizeof fatbin_sections / sizeof fatbin_sections[0]; i++)
        if (strcmp(name, fatbin_sections[i]) == 0)
            return true;
    return false;
}

typedef struct {
    const char *file;
    Elf *elf;
    GElf_Ehdr header;
    size_t names; /* the section-name table */
    unsigned char *data;
    size_t size;
    gr_kernel_list *out;
    gr_error *err;
    size_t found; /* fatbin containers or sections read */
} host_reader;

/* Sections that may hold a fatbin among other bytes: data, never code, and
 * never the table of pointers to the fatbins the runtime registers. */
static bool may_hold_fatbins(const GElf_Shdr *sh, const char *name)
{
    return sh->sh_type == SHT_PROGBITS && !(sh->sh_flags & SHF_EXECINSTR) && strcmp(name, ".nvFatBinSegment") != 0;
}

/* Where section i's header lies (check_headers put them all in the file). */
static uint64_t header_byte(const host_reader *h, size_t i)
{
    return h->header.e_shoff + i * h->header.e_shentsize;
}

/* The section-name table: a string table within the file, or an error
 * naming it (rather than every section skipped for want of a name). */
static bool check_names(host_reader *h)
{
    size_t at = h->header.e_ident[EI_CLASS] == ELFCLASS64 ? 0x3e : 0x32; /* e_shstrndx */
    GElf_Shdr sh;
    Elf_Scn *scn = elf_getshdrstrndx(h->elf, &h->names) == 0 ? elf_getscn(h->elf, h->names) : NULL;
    if (!scn || h->names == SHN_UNDEF || !gelf_getshdr(scn, &sh))
        return gr_error_set(h->err, "%s: byte %zu: the section-name table (section %zu) is not among the sections: %s",
                            h->file, at, h->names, elf_errmsg(-1));
    if (sh.sh_type != SHT_STRTAB)
        return gr_error_set(h->err, "%s: byte %llu: the section-name table (section %zu) is not a string table (type %u)",
                            h->file, (unsigned long long)header_byte(h, h->names), h->names, (unsigned)sh.sh_type);
    if (sh.sh_offset > h->size || sh.sh_size > h->size - sh.sh_offset)
        return gr_error_set(h->err, "%s: byte %llu: the section-name table (section %zu: %llu bytes at byte %llu) runs past "
                            "the end of the file (%zu bytes)", h->file, (unsigned long long)header_byte(h, h->names),
                            h->names, (unsigned long long)sh.sh_size, (unsigned long long)sh.sh_offset, h->size);
    return true;
}

/* Reads the fatbins of one section, if it holds any: the whole of a fatbin
 * section, and the containers found in other data (cuFFT's .ldata). */
static bool read_section(host_reader *h, Elf_Scn *scn)
{
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh))
        return gr_error_set(h->err, "%s: section %zu does not read: %s", h->file, elf_ndxscn(scn), elf_errmsg(-1));
    const char *name = elf_strptr(h->elf, h->names, sh.sh_name);
    if (!name)
        return gr_error_set(h->err, "%s: byte %llu: section %zu's name (byte %llu of the section-name table) lies outside it",
                            h->file, (unsigned long long)header_byte(h, elf_ndxscn(scn)), elf_ndxscn(scn),
                            (unsigned long long)sh.sh_name);
    bool whole = name && is_fatbin_section(name) && sh.sh_type != SHT_NOBITS;
    if (!whole && !(name && may_hold_fatbins(&sh, name)))
        return true;
    if (sh.sh_offset > h->size || sh.sh_size > h->size - sh.sh_offset)
        return gr_error_set(h->err, "%s: byte %llu: section %s (%llu bytes at byte %llu) runs past the end of the file (%zu bytes)",
                            h->file, (unsigned long long)header_byte(h, elf_ndxscn(scn)), name,
                            (unsigned long long)sh.sh_size, (unsigned long long)sh.sh_offset, h->size);
    if (!whole)
        return gr_fatbin_scan(h->file, h->data + sh.sh_offset, (size_t)sh.sh_size, sh.sh_offset, h->out, &h->found,
                              h->err);
    h->found++;
    return gr_fatbin_read(h->file, h->data + sh.sh_offset, (size_t)sh.sh_size, sh.sh_offset, h->out, h->err);
}

/* The fatbins of one ELF file, counted in *found. */
static bool read_elf(const char *file, unsigned char *data, size_t size, gr_kernel_list *out, size_t *found,
                     gr_error *err)
{
    if (!check_headers(file, data, size, err))
        return false;
    Elf *elf = elf_memory((char *)data, size);
    if (!elf || elf_kind(elf) != ELF_K_ELF) {
        if (elf)
            elf_end(elf);
        return gr_error_set(err, "%s: byte 0: libelf does not read it: %s", file, elf_errmsg(-1));
    }
    host_reader h = {.file = file, .elf = elf, .data = data, .size = size, .out = out, .err = err};
    bool ok = (gelf_getehdr(elf, &h.header) != NULL ||
               gr_error_set(err, "%s: byte 0: the ELF header does not read: %s", file, elf_errmsg(-1))) &&
              check_names(&h);
    for (Elf_Scn *scn = elf_nextscn(elf, NULL); ok && scn; scn = elf_nextscn(elf, scn))
        ok = read_section(&h, scn);
    elf_end(elf);
    *found += h.found;
    return ok;
}

/* One member of an archive, named as linkers name it: lib.a(member.o);
 * byte offsets in its errors count from the member's start. */
static bool read_member(const char *file, Elf *member, unsigned char *data, size_t size, gr_kernel_list *out,
                        size_t *found, gr_error *err)
{
    Elf_Arhdr *ar = elf_getarhdr(member);
    int64_t base = elf_getbase(member);
    if (!ar || base < 0 || (uint64_t)base > size || ar->ar_size < 0 || (uint64_t)ar->ar_size > size - (size_t)base)
        return gr_error_set(err, "%s: a member of the archive does not read: %s", file, elf_errmsg(-1));
    size_t bytes = (size_t)ar->ar_size;
    if (ar->ar_name[0] == '/' || !gr_host_binary_detect(data + base, bytes))
        return true; /* the archive's symbol and name tables, or a member that is no object */
    char shown[sizeof err->text];
    snprintf(shown, sizeof shown, "%s(%s)", file, ar->ar_name);
    return read_elf(shown, data + base, bytes, out, found, err);
}

static bool read_archive(const char *file, unsigned char *data, size_t size, gr_kernel_list *out, size_t *found,
                         gr_error *err)
{
    Elf *ar = elf_memory((char *)data, size);
    if (!ar || elf_kind(ar) != ELF_K_AR) {
        if (ar)
            elf_end(ar);
        return gr_error_set(err, "%s: byte 0: libelf does not read the archive: %s", file, elf_errmsg(-1));
    }
    bool ok = true;
    Elf *member;
    /* ELF_C_READ_MMAP: the command elf_memory gives the archive, which its
     * members must share */
    while (ok && (member = elf_begin(-1, ELF_C_READ_MMAP, ar)) != NULL) {
        ok = read_member(file, member, data, size, out, found, err);
        elf_next(member);
        elf_end(member);
    }
    elf_end(ar);
    return ok;
}

bool gr_host_binary_read(const char *file, unsigned char *data, size_t size, gr_kernel_list *out,
                         gr_error *err)
{
    size_t found = 0;
    elf_version(EV_CURRENT);
    bool archive = gr_host_archive_detect(data, size);
    if (!(archive ? read_archive : read_elf)(file, data, size, out, &found, err))
        return false;
    if (found == 0)
        return gr_error_set(err, "%s: %s with no CUDA code in it (no %s or %s section, no fatbin in its data)", file,
                            archive ? "an archive" : "an ELF file", fatbin_sections[0], fatbin_sections[1]);
    return true;
}

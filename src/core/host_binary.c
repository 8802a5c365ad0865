/* The reader of host binaries (host_binary.h), through libelf: this file
 * checks first that the section headers lie within the file, so that a
 * truncated file is an error naming the byte rather than libelf's word. */
#include <gelf.h>
#include <libelf.h>
#include <string.h>
#include "fatbin.h"
#include "host_binary.h"
#include "le_bytes.h"

static const char *const fatbin_sections[] = {".nv_fatbin", "__nv_relfatbin"};

bool gr_host_binary_detect(const unsigned char *data, size_t size)
{
    return size >= SELFMAG && memcmp(data, ELFMAG, SELFMAG) == 0;
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
    size_t names; /* the section-name table */
    unsigned char *data;
    size_t size;
    gr_kernel_list *out;
    gr_error *err;
    int found; /* fatbin sections read */
} host_reader;

/* Reads the fatbins of one section, if it holds any. */
static bool read_section(host_reader *h, Elf_Scn *scn)
{
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh))
        return gr_error_set(h->err, "%s: section %zu does not read: %s", h->file, elf_ndxscn(scn), elf_errmsg(-1));
    const char *name = elf_strptr(h->elf, h->names, sh.sh_name);
    if (!name || !is_fatbin_section(name) || sh.sh_type == SHT_NOBITS)
        return true;
    if (sh.sh_offset > h->size || sh.sh_size > h->size - sh.sh_offset)
        return gr_error_set(h->err, "%s: byte %llu: section %s (%llu bytes) runs past the end of the file (%zu bytes)",
                            h->file, (unsigned long long)sh.sh_offset, name, (unsigned long long)sh.sh_size, h->size);
    h->found++;
    return gr_fatbin_read(h->file, h->data + sh.sh_offset, (size_t)sh.sh_size, sh.sh_offset, h->out, h->err);
}

static bool read_sections(host_reader *h)
{
    if (elf_getshdrstrndx(h->elf, &h->names) != 0)
        return gr_error_set(h->err, "%s: no section-name table: %s", h->file, elf_errmsg(-1));
    for (Elf_Scn *scn = elf_nextscn(h->elf, NULL); scn; scn = elf_nextscn(h->elf, scn))
        if (!read_section(h, scn))
            return false;
    if (h->found == 0)
        return gr_error_set(h->err, "%s: an ELF file with no CUDA code in it (no %s or %s section)", h->file,
                            fatbin_sections[0], fatbin_sections[1]);
    return true;
}

bool gr_host_binary_read(const char *file, unsigned char *data, size_t size, gr_kernel_list *out,
                         gr_error *err)
{
    if (!check_headers(file, data, size, err))
        return false;
    elf_version(EV_CURRENT);
    Elf *elf = elf_memory((char *)data, size);
    if (!elf || elf_kind(elf) != ELF_K_ELF) {
        if (elf)
            elf_end(elf);
        return gr_error_set(err, "%s: byte 0: libelf does not read it: %s", file, elf_errmsg(-1));
    }
    host_reader h = {.file = file, .elf = elf, .data = data, .size = size, .out = out, .err = err};
    bool ok = read_sections(&h);
    elf_end(elf);
    return ok;
}

/* The readers of compiled kernels' resources (src/core/kernels/ptxas_report.c,
 * cuobjdump_listing.c, cubin.c, fatbin.c, host_binary.c, kernel_file.c) and
 * the choice of a kernel (kernel_select.c), on the fixtures of
 * tests/data/kernels: built by nvcc from sample.cu, each binary beside
 * ptxas's report of the same build, and cuobjdump's listings recorded on
 * the GPU machine.  Every figure read from a binary is compared with
 * ptxas's own; the bad inputs are those fixtures cut or corrupted here. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libiberty/demangle.h>

#include "cubin.h"
#include "fatbin.h"
#include "fatbin_payload.h"
#include "host_binary.h"
#include "input_limits.h"
#include "kernel_demangle.h"
#include "kernel_file.h"
#include "kernel_select.h"
#include "file_fixture.h"
#include "le_bytes.h"

#define DATA GPUROOF_SRCDIR "/tests/data/kernels/"

/* Reads path's kernels, which must read. */
static void read_ok(const char *path, gr_kernel_list *l)
{
    file_bytes b = load(path);
    gr_error err = {{0}};
    bool ok = gr_kernels_read(path, b.bytes, b.size, l, &err);
    if (!ok)
        fail_msg("%s", err.text);
    free(b.bytes);
}

/* Reads bytes (a copy, freed here), which must fail with the error expected. */
static void read_fails(const char *name, file_bytes b, const char *expected)
{
    gr_kernel_list l;
    gr_error err = {{0}};
    assert_false(gr_kernels_read(name, b.bytes, b.size, &l, &err));
    gr_kernel_list_free(&l);
    free(b.bytes);
    assert_string_equal(err.text, expected);
}

static file_bytes text(const char *s)
{
    file_bytes b = {(unsigned char *)strdup(s), strlen(s)};
    assert_non_null(b.bytes);
    return b;
}

static const gr_kernel *find(const gr_kernel_list *l, const char *name, int sm)
{
    for (size_t i = 0; i < l->count; i++)
        if (strcmp(l->kernels[i].name, name) == 0 && l->kernels[i].sm.number == sm)
            return &l->kernels[i];
    fail_msg("no kernel %s for sm_%d", name, sm);
    return NULL;
}

/* Every kernel of got has the registers, shared memory and stack frame of
 * ptxas's report, and its constant bank 0 where ptxas prints it. */
static void same_as_ptxas(const gr_kernel_list *got, const char *report, size_t expected_count)
{
    gr_kernel_list ptxas;
    read_ok(report, &ptxas);
    assert_int_equal(got->count, expected_count);
    for (size_t i = 0; i < got->count; i++) {
        const gr_kernel *k = &got->kernels[i], *p = find(&ptxas, k->name, k->sm.number);
        assert_int_equal(k->registers, p->registers);
        assert_int_equal(k->shared_static_bytes, p->shared_static_bytes);
        assert_int_equal(k->stack_bytes, p->stack_bytes);
        if (p->constant_bytes != GR_UNRECORDED)
            assert_int_equal(k->constant_bytes, p->constant_bytes);
        assert_int_equal(k->local_bytes, 0);
    }
    gr_kernel_list_free(&ptxas);
}

/* ---- ptxas's report ------------------------------------------------------ */

static void ptxas_report(void **state)
{
    (void)state;
    gr_kernel_list l;
    read_ok(DATA "sample.ptxas.txt", &l);
    assert_int_equal(l.format, GR_KERNELS_PTXAS);
    assert_int_equal(l.count, 18); /* nine kernels, two architectures; weigh is a device function */
    const gr_kernel *t80 = find(&l, "_Z14transpose_tilePfPKfi", 80), *t90 = find(&l, "_Z14transpose_tilePfPKfi", 90);
    assert_int_equal(t80->registers, 10);
    assert_int_equal(t80->shared_static_bytes, 4224);
    assert_int_equal(t80->constant_bytes, 372);
    assert_int_equal(t90->registers, 12);
    assert_int_equal(t90->shared_static_bytes, 4224);
    assert_int_equal(t90->constant_bytes, GR_UNRECORDED); /* sm_90's report has no cmem */
    const gr_kernel *s80 = find(&l, "_Z6spillsPfPKfi", 80), *s90 = find(&l, "_Z6spillsPfPKfi", 90);
    assert_int_equal(s80->stack_bytes, 432);
    assert_int_equal(s80->spill_store_bytes, 644);
    assert_int_equal(s80->spill_load_bytes, 720);
    assert_int_equal(s90->stack_bytes, 312);
    assert_int_equal(s90->spill_store_bytes, 508);
    assert_int_equal(s90->spill_load_bytes, 524);
    assert_int_equal(s90->max_threads, GR_UNRECORDED);
    assert_string_equal(find(&l, "_ZN6sample5scaleIfLi4EEEvPT_S1_", 90)->demangled,
                        "void sample::scale<float, 4>(float*, float)");
    assert_string_equal(find(&l, "c_linkage", 80)->demangled, "c_linkage");
    assert_int_equal(find(&l, "_Z11local_arrayPfPKii", 80)->spill_store_bytes, 0);
    gr_kernel_list_free(&l);
}

static void ptxas_report_other_forms(void **state)
{
    (void)state;
    gr_kernel_list l;
    gr_error err;
    /* an older ptxas's lines, CRLF ends, another tool's output between, a
     * unit a newer ptxas may add */
    file_bytes b = text("nvcc warning : something\r\n"
                        "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_52'\r\n"
                        "ptxas info    : Function properties for _Z1kPf\r\n"
                        "    72 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\r\n"
                        "ptxas info    : Used 46 registers, 176 bytes cmem[0], 16 bytes cmem[14], 2 new things\r\n"
                        "ptxas info    : Compiling entry function 'k2' for 'sm_90a'\n"
                        "ptxas info    : Used 6 registers, 16 bytes smem, 8 bytes lmem\n");
    assert_true(gr_kernels_read("old.txt", b.bytes, b.size, &l, &err));
    assert_int_equal(l.count, 2);
    assert_int_equal(l.kernels[0].registers, 46);
    assert_int_equal(l.kernels[0].stack_bytes, 72);
    assert_int_equal(l.kernels[0].spill_store_bytes, 8);
    assert_int_equal(l.kernels[0].constant_bytes, 176);
    assert_int_equal(l.kernels[1].sm.variant, 'a');
    assert_int_equal(l.kernels[1].shared_static_bytes, 16);
    assert_int_equal(l.kernels[1].local_bytes, 8);
    assert_int_equal(l.kernels[1].stack_bytes, GR_UNRECORDED); /* no properties line */
    gr_kernel_list_free(&l);
    free(b.bytes);
}

static void ptxas_report_errors(void **state)
{
    (void)state;
    static const char entry[] = "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_90'\n";
    read_fails("r.txt", text("ptxas info    : Compiling entry function '_Z1kPf' for 'sm_90'\nptxas info    : Used 14 regis"),
               "r.txt:2:25: the report ends in the middle of this line ('regis')");
    read_fails("r.txt", text(entry), "r.txt:1:1: the entry '_Z1kPf' for sm_90 has no 'Used N registers' line after it: "
                                     "is the report cut short?");
    read_fails("r.txt", text("ptxas info    : Compiling entry function '_Z1kPf' for 'sm90'\n"),
               "r.txt:1:43: expected 'NAME' for 'sm_XX', an architecture from sm_10 to sm_199, not '_Z1kPf' for 'sm90''");
    read_fails("r.txt", text("ptxas info    : Used 14 registers\n"),
               "r.txt:1:17: a 'Used' line follows the 'Compiling entry function' line of its kernel, not 'Used 14 registers'");
    char used_twice[256];
    snprintf(used_twice, sizeof used_twice, "%sptxas info    : Used 1 registers\nptxas info    : Used 2 registers\n", entry);
    read_fails("r.txt", text(used_twice), "r.txt:3:17: a 'Used' line follows the 'Compiling entry function' line of its "
                                          "kernel, not 'Used 2 registers'");
    char stack[256];
    snprintf(stack, sizeof stack, "%sptxas info    : Function properties for _Z1kPf\n    0 bytes stack frame, x\n", entry);
    read_fails("r.txt", text(stack), "r.txt:3:26: expected N bytes stack frame, N bytes spill stores, N bytes spill loads, "
                                     "not 'x'");
    char no_regs[256];
    snprintf(no_regs, sizeof no_regs, "%sptxas info    : Used 4 bytes smem\n", entry);
    read_fails("r.txt", text(no_regs), "r.txt:2:17: expected 'Used N registers', not 'Used 4 bytes smem'");
}

/* ---- cuobjdump's listing ------------------------------------------------- */

/* The listing of the shared library built from sample-z.o: the same
 * figures as ptxas's report of that build, SHARED's reserved kilobyte on
 * sm_90 taken out; the CUDA runtime's sm_75 image lists only Common. */
static void cuobjdump_listing(void **state)
{
    (void)state;
    gr_kernel_list l;
    read_ok(DATA "cuobjdump/libsample-z.so.txt", &l);
    assert_int_equal(l.format, GR_KERNELS_CUOBJDUMP);
    same_as_ptxas(&l, DATA "sample-z.ptxas.txt", 18);
    assert_int_equal(find(&l, "_Z14transpose_tilePfPKfi", 90)->shared_static_bytes, 4224); /* SHARED:5248 */
    assert_int_equal(find(&l, "_Z7boundedPf", 90)->shared_static_bytes, 0);                 /* SHARED:1024 */
    assert_int_equal(find(&l, "_Z14transpose_tilePfPKfi", 90)->constant_bytes, 548);
    assert_int_equal(find(&l, "_Z14transpose_tilePfPKfi", 80)->spill_store_bytes, GR_UNRECORDED);
    gr_kernel_list_free(&l);
}

/* A real library's listing: many architectures, other constant banks,
 * ptxasOptions lines, SHARED:0 on sm_90 for a kernel with no shared memory. */
static void cuobjdump_listing_of_a_library(void **state)
{
    (void)state;
    gr_kernel_list l;
    gr_sm_set sms;
    read_ok(DATA "cuobjdump/libcurand-excerpt.txt", &l);
    gr_kernel_list_sms(&l, &sms);
    assert_int_equal(sms.count, 9);
    assert_int_equal(l.count, 72);
    const char *cpy = "_Z8cpy_mtgpI17curandStateMtgp32jdXadL_Z15_curand_poissonIjEjT_dEELb1ELi0EEvPT0_PjmmT1_";
    assert_int_equal(find(&l, cpy, 90)->shared_static_bytes, 0);
    assert_int_equal(find(&l, cpy, 90)->registers, 32);
    gr_kernel_list_free(&l);
}

static void cuobjdump_listing_errors(void **state)
{
    (void)state;
    static const char image90[] = "Fatbin elf code:\n================\narch = sm_90\n\nResource usage:\n";
    char s[512];
    snprintf(s, sizeof s, "%s Function k:\n Function j:\n  REG:8 STACK:0 SHARED:0 LOCAL:0\n", image90);
    read_fails("l.txt", text(s), "l.txt:6:1: the function 'k' has no resource line after it: is the listing cut short?");
    snprintf(s, sizeof s, "%s Function k:\n  REG:8 STACK:0 SHA", image90);
    read_fails("l.txt", text(s), "l.txt:7:17: the listing ends in the middle of this line ('SHA')");
    snprintf(s, sizeof s, "%s Function k:\n  REG:8 STACK:0 SHARED:0\n", image90);
    read_fails("l.txt", text(s), "l.txt:7:3: expected REG, STACK, SHARED and LOCAL, not 'REG:8 STACK:0 SHARED:0'");
    snprintf(s, sizeof s, "%s Function k:\n  REG:x\n", image90);
    read_fails("l.txt", text(s), "l.txt:7:3: expected KEY:VALUE, such as REG:14 or CONSTANT[0]:548, not 'REG:x'");
    read_fails("l.txt", text("Fatbin elf code:\nResource usage:\n Function k:\n"),
               "l.txt:3:2: a function follows the 'arch = sm_XX' line of its ELF image, not 'Function k:'");
    read_fails("l.txt", text("Fatbin elf code:\narch = gpu\n"), "l.txt:2:8: expected arch = sm_XX, an architecture from sm_10 to sm_199, not 'gpu'");
}

/* Below the reserve on sm_90, SHARED is a relocatable image's own (a
 * linked one's counts the reserve): the whole image is read so, its 2048
 * too, and marked; the device function without a constant bank is no
 * kernel. */
static void cuobjdump_listing_relocatable_by_shared(void **state)
{
    (void)state;
    gr_kernel_list l;
    gr_error err = {{0}};
    static const char s[] = "Fatbin elf code:\n================\narch = sm_90\n\nResource usage:\n"
                            " Function k:\n  REG:8 STACK:0 SHARED:2048 LOCAL:0 CONSTANT[0]:536\n"
                            " Function d:\n  REG:0 STACK:0 SHARED:0 LOCAL:0 TEXTURE:0\n"
                            " Function j:\n  REG:8 STACK:0 SHARED:512 LOCAL:0 CONSTANT[0]:536\n";
    file_bytes b = text(s);
    assert_true(gr_kernels_read("l.txt", b.bytes, b.size, &l, &err));
    free(b.bytes);
    assert_int_equal(l.count, 2);
    assert_int_equal(l.relocatable, 1);
    assert_int_equal(find(&l, "k", 90)->shared_static_bytes, 2048);
    assert_int_equal(find(&l, "j", 90)->shared_static_bytes, 512);
    assert_true(find(&l, "k", 90)->relocatable && find(&l, "j", 90)->relocatable);
    gr_kernel_list_free(&l);
}

/* ---- sm_90a, sm_100f; relocatable code --------------------------------------- */

/* arch.fatbin: one kernel for sm_80, sm_90, sm_90a (and compute_90a PTX),
 * sm_100f, sm_120a; the cubin, its listing and ptxas's report name each. */
static void arch_variants_named(void **state)
{
    (void)state;
    static const char *const paths[] = {DATA "arch.fatbin", DATA "cuobjdump/arch.fatbin.txt", DATA "arch.ptxas.txt"};
    static const char *const expected[] = {"sm_80", "sm_90", "sm_90a", "sm_100f", "sm_120a"};
    for (size_t p = 0; p < 3; p++) {
        gr_kernel_list l;
        read_ok(paths[p], &l);
        assert_int_equal(l.count, 5);
        for (size_t i = 0; i < 5; i++) {
            assert_string_equal(GR_SM_NAME(l.kernels[i].sm), expected[i]);
            assert_int_equal(l.kernels[i].shared_static_bytes, 1024);
        }
        if (p < 2) {
            assert_int_equal(l.ptx.count, 1);
            assert_string_equal(GR_SM_NAME(l.ptx.items[0]), "sm_90a");
        }
        gr_kernel_list_free(&l);
    }
    gr_kernel_list l;
    read_ok(DATA "arch-sm90a.cubin", &l); /* marked in .nv.compat, not e_flags */
    assert_int_equal(l.count, 1);
    assert_string_equal(GR_SM_NAME(l.kernels[0].sm), "sm_90a");
    gr_kernel_list_free(&l);
    read_ok(DATA "sample-sm90.cubin", &l);
    assert_int_equal(l.kernels[0].sm.variant, 0);
    gr_kernel_list_free(&l);
}

/* Which code each GPU runs, of arch.fatbin's. */
static void arch_variants_for_devices(void **state)
{
    (void)state;
    static const struct {
        int major, minor;
        const char *sm; /* NULL: none */
    } cases[] = {
        {9, 0, "sm_90a"},   /* the H100: its own 'a' code before sm_90 */
        {8, 6, "sm_80"},    {8, 0, "sm_80"},
        {10, 0, "sm_100f"}, {10, 3, "sm_100f"}, /* family code runs on the family's later members */
        {11, 0, NULL},      /* ... never on another major version */
        {12, 0, "sm_120a"}, {12, 1, NULL}, /* sm_120a runs on 12.0 alone */
        {7, 5, NULL},
    };
    gr_kernel_list l;
    read_ok(DATA "arch.fatbin", &l);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_sm sm;
        bool found = gr_kernel_sm_for_device(&l, cases[i].major, cases[i].minor, &sm);
        if (!cases[i].sm) {
            assert_false(found);
            continue;
        }
        assert_true(found);
        assert_string_equal(GR_SM_NAME(sm), cases[i].sm);
    }
    assert_true(gr_sm_runs_on((gr_sm){90, 0}, 9, 0));
    assert_false(gr_sm_runs_on((gr_sm){100, 'a'}, 10, 3));
    assert_false(gr_sm_runs_on((gr_sm){90, 'a'}, 10, 0));
    assert_true(gr_sm_runs_on((gr_sm){100, 0}, 10, 3));
    assert_false(gr_sm_runs_on((gr_sm){103, 'f'}, 10, 0));
    gr_kernel_list_free(&l);
}

/* An -rdc executable (rdc-a.cu, rdc-b.cu): the device-linked cubin's
 * kernels once, read directly or through cuobjdump -all's listing, and
 * the kernel only a relocatable cubin holds, marked. */
static void rdc_executable(void **state)
{
    (void)state;
    static const char *const paths[] = {DATA "rdc-app", DATA "cuobjdump/rdc-app-all.txt"};
    for (size_t p = 0; p < 2; p++) {
        gr_kernel_list l;
        read_ok(paths[p], &l);
        assert_int_equal(l.count, 3);
        assert_int_equal(l.relocatable, 2);
        const gr_kernel *tiled = find(&l, "_Z5tiledILi32EEvPf", 90), *plain = find(&l, "_Z5plainPf", 90);
        assert_int_equal(tiled->shared_static_bytes, 32 * 33 * 4); /* linked: 5248 with the reserve */
        assert_int_equal(plain->shared_static_bytes, 1024);
        assert_false(tiled->relocatable || plain->relocatable);
        assert_true(find(&l, "_Z5otherPf", 90)->relocatable);
        gr_kernel_list_free(&l);
    }
    gr_kernel_list l;
    read_ok(DATA "cuobjdump/rdc-app.txt", &l); /* cuobjdump's default: the linked cubin alone */
    assert_int_equal(l.count, 2);                /* twice() is listed, and no kernel */
    assert_int_equal(find(&l, "_Z5tiledILi32EEvPf", 90)->shared_static_bytes, 4224);
    gr_kernel_list_free(&l);
}

/* An -rdc object: its own figures either way, the same. */
static void rdc_object(void **state)
{
    (void)state;
    static const char *const paths[] = {DATA "rdc-a.o", DATA "cuobjdump/rdc-a.o.txt"};
    for (size_t p = 0; p < 2; p++) {
        gr_kernel_list l;
        read_ok(paths[p], &l);
        assert_int_equal(l.count, 2);
        assert_int_equal(l.relocatable, 1);
        assert_int_equal(find(&l, "_Z5plainPf", 90)->shared_static_bytes, 1024);
        /* the template's tile is a weak object the device link places */
        assert_int_equal(find(&l, "_Z5tiledILi32EEvPf", 90)->shared_static_bytes, 0);
        assert_true(find(&l, "_Z5plainPf", 90)->relocatable);
        gr_kernel_list_free(&l);
    }
    gr_kernel_list l;
    read_ok(DATA "cuobjdump/sample-rdc.o.txt", &l); /* weigh(), a device function, is no kernel */
    assert_int_equal(l.count, 18);
    gr_kernel_list_free(&l);
}

/* A linked copy read after a relocatable one replaces it; one read before
 * it stands. */
static void relocatable_copies_merge(void **state)
{
    (void)state;
    gr_error err = {{0}};
    for (int linked_first = 0; linked_first < 2; linked_first++) {
        gr_kernel_list l;
        gr_kernel_list_init(&l, GR_KERNELS_BINARY);
        for (int round = 0; round < 2; round++) {
            bool relocatable = (round == 0) != (linked_first == 1);
            size_t first = l.count;
            gr_kernel *k = gr_kernel_list_add(&l, "k", 1, (gr_sm){90, 0}, &err);
            assert_non_null(k);
            k->shared_static_bytes = relocatable ? 0 : 4224;
            assert_non_null(gr_kernel_list_add(&l, relocatable ? "r" : "n", 1, (gr_sm){90, 0}, &err));
            assert_non_null(gr_kernel_list_add(&l, "k", 1, (gr_sm){80, 0}, &err));
            gr_kernel_list_merge_copies(&l, first, relocatable);
        }
        assert_int_equal(l.count, 4); /* k for sm_90 and sm_80 once each, linked; r, n */
        size_t k90 = 0;
        assert_false(find(&l, "k", 80)->relocatable);
        for (size_t i = 0; i < l.count; i++)
            if (strcmp(l.kernels[i].name, "k") == 0 && l.kernels[i].sm.number == 90) {
                k90++;
                assert_false(l.kernels[i].relocatable);
                assert_int_equal(l.kernels[i].shared_static_bytes, 4224);
            }
        assert_int_equal(k90, 1);
        assert_true(find(&l, "r", 90)->relocatable);
        gr_kernel_list_free(&l);
    }
}

/* The copy index against the rule worked out by a scan of every kernel
 * kept before: 600 cubins of both kinds (two in five relocatable), names from
 * a pool of 25 on sm_80 and sm_90, the same name twice in a cubin at
 * times, so that chains, drops, the index made anew after a drop and its
 * tables doubling all come. */
typedef struct {
    char name[8];
    int sm;
    bool relocatable;
} expected_kernel;

static size_t expected_merge(expected_kernel *kept, size_t count, size_t first)
{
    bool dropped[64 * 600] = {0};
    for (size_t i = first; i < count; i++)
        for (size_t j = 0; j < first; j++)
            if (!dropped[j] && kept[j].relocatable != kept[i].relocatable && kept[j].sm == kept[i].sm &&
                strcmp(kept[j].name, kept[i].name) == 0) {
                dropped[kept[i].relocatable ? i : j] = true;
                break;
            }
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        if (!dropped[i])
            kept[n++] = kept[i];
    return n;
}

static void relocatable_copies_many_cubins(void **state)
{
    (void)state;
    static expected_kernel want[64 * 600];
    gr_error err = {{0}};
    gr_kernel_list l;
    gr_kernel_list_init(&l, GR_KERNELS_BINARY);
    size_t wanted = 0;
    unsigned seed = 12345;
    for (int cubin = 0; cubin < 600; cubin++) {
        seed = seed * 1103515245u + 12345u;
        bool relocatable = (seed >> 16) % 5 < 2;
        size_t first = l.count, kernels = 1 + (seed >> 8) % 8;
        for (size_t k = 0; k < kernels; k++) {
            seed = seed * 1103515245u + 12345u;
            expected_kernel *e = &want[wanted++];
            snprintf(e->name, sizeof e->name, "k%u", (seed >> 16) % 25);
            e->sm = (seed >> 8) % 2 ? 90 : 80;
            e->relocatable = relocatable;
            assert_non_null(gr_kernel_list_add(&l, e->name, strlen(e->name), (gr_sm){e->sm, 0}, &err));
        }
        gr_kernel_list_merge_copies(&l, first, relocatable);
        wanted = expected_merge(want, wanted, wanted - kernels);
        assert_int_equal(l.count, wanted);
    }
    for (size_t i = 0; i < wanted; i++) {
        assert_string_equal(l.kernels[i].name, want[i].name);
        assert_int_equal(l.kernels[i].sm.number, want[i].sm);
        assert_int_equal(l.kernels[i].relocatable, want[i].relocatable);
    }
    gr_kernel_list_free(&l);
}

/* ---- cubins and binaries --------------------------------------------------- */

static void cubins(void **state)
{
    (void)state;
    gr_kernel_list l;
    read_ok(DATA "sample-sm90.cubin", &l);
    assert_int_equal(l.format, GR_KERNELS_CUBIN);
    same_as_ptxas(&l, DATA "sample-sm90.ptxas.txt", 9);
    assert_int_equal(find(&l, "_Z7boundedPf", 90)->max_threads, 256);
    assert_int_equal(find(&l, "_Z6spillsPfPKfi", 90)->max_threads, 1024);
    assert_int_equal(find(&l, "_Z14transpose_tilePfPKfi", 90)->max_threads, 0);
    assert_int_equal(find(&l, "_Z6spillsPfPKfi", 90)->spill_store_bytes, GR_UNRECORDED);
    assert_int_equal(find(&l, "_Z14transpose_tilePfPKfi", 90)->constant_bytes, 548);
    gr_kernel_list_free(&l);
    read_ok(DATA "sample-sm80.cubin", &l);
    same_as_ptxas(&l, DATA "sample-sm80.ptxas.txt", 9); /* sm_80: constant bank 0 compared too */
    gr_kernel_list_free(&l);
}

/* The object's two cubins, read from its fatbin, are those of nvcc -cubin:
 * the same figures as ptxas's report of the object's build. */
static void object(void **state)
{
    (void)state;
    gr_kernel_list l;
    read_ok(DATA "sample.o", &l);
    assert_int_equal(l.format, GR_KERNELS_BINARY);
    assert_int_equal(l.cubins, 2);
    assert_int_equal(l.relocatable, 0);
    same_as_ptxas(&l, DATA "sample.ptxas.txt", 18);
    gr_kernel_list_free(&l);
}

/* Compressed cubins, zstd (sample-z.o), LZ4 (sample-lz4.o) and in an
 * archive (libsample-z.a), decompressed: the figures of ptxas's report. */
static void compressed(void **state)
{
    (void)state;
    const char *files[] = {DATA "sample-z.o", DATA "sample-lz4.o", DATA "libsample-z.a"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        gr_kernel_list l;
        read_ok(files[i], &l);
        assert_int_equal(l.format, GR_KERNELS_BINARY);
        assert_int_equal(l.cubins, 2);
        same_as_ptxas(&l, DATA "sample.ptxas.txt", 18);
        gr_kernel_list_free(&l);
    }
}

/* What one input's compressed entries decompress to in all: counted, and
 * refused past the budget (here set low, where the entry that passes it
 * is the second), naming the entry's decompressed-size field. */
static void inflate_budget(void **state)
{
    (void)state;
    gr_kernel_list l;
    file_bytes b = load(DATA "sample-z.o");
    read_ok(DATA "sample-z.o", &l);
    uint64_t both = l.inflated_bytes;
    assert_true(both > 46944); /* the sm_80 entry's 46944 bytes and the sm_90 one's */
    assert_true(l.inflate_budget_bytes == gr_inflate_budget(b.size));
    gr_kernel_list_free(&l);
    gr_kernel_list_init(&l, GR_KERNELS_BINARY);
    l.inflate_budget_bytes = both - 1;
    gr_error err = {{0}};
    assert_false(gr_host_binary_read("z.o", b.bytes, b.size, &l, &err));
    assert_non_null(strstr(err.text, "decompress to more than"));
    assert_non_null(strstr(err.text, "z.o: byte "));
    gr_kernel_list_free(&l);
    free(b.bytes);
}

static void ptx_only(void **state)
{
    (void)state;
    gr_kernel_list l;
    read_ok(DATA "sample-ptx.o", &l);
    assert_int_equal(l.count, 0);
    assert_int_equal(l.cubins, 0);
    assert_int_equal(l.ptx.count, 1);
    assert_int_equal(l.ptx.items[0].number, 90);
    gr_kernel_list_free(&l);
}

/* The decompressor alone: sample-z.o's sm_80 entry (header at byte 5344,
 * its zstd frame of 8284 bytes at 5408, 46944 bytes decompressed), and
 * sample-lz4.o's (its LZ4 block of 15364 bytes at 5408); each claim held to
 * the stream, one buffer reused. */
static void inflate(void **state)
{
    (void)state;
    file_bytes z = load(DATA "sample-z.o"), lz4 = load(DATA "sample-lz4.o");
    gr_fatbin_inflater inf = {0};
    unsigned char *out;
    gr_error err;
    assert_true(gr_fatbin_inflate(&inf, "z", 5344, GR_FATBIN_ZSTD, z.bytes + 5408, 8284, 46944, &out, &err));
    assert_true(gr_cubin_detect(out, 46944));
    unsigned char *first = out;
    assert_true(gr_fatbin_inflate(&inf, "l", 5344, GR_FATBIN_LZ4, lz4.bytes + 5408, 15364, 46944, &out, &err));
    assert_ptr_equal(out, first); /* the same buffer, reused */
    assert_true(gr_cubin_detect(out, 46944));
    assert_false(gr_fatbin_inflate(&inf, "z", 5344, GR_FATBIN_ZSTD, z.bytes + 5408, 8284, 46945, &out, &err));
    assert_string_equal(err.text, "z: byte 5344: a zstd-compressed fatbin entry claims another size than its zstd "
                                  "frame holds (claimed, frame) (46945, 46944)");
    assert_false(gr_fatbin_inflate(&inf, "z", 5344, GR_FATBIN_ZSTD, z.bytes + 5408, 8000, 46944, &out, &err));
    assert_non_null(strstr(err.text, "z: byte 5344: a zstd-compressed fatbin entry does not decompress: "));
    assert_false(gr_fatbin_inflate(&inf, "l", 5344, GR_FATBIN_LZ4, lz4.bytes + 5408, 15364, 46945, &out, &err));
    assert_string_equal(err.text, "l: byte 5344: a LZ4-compressed fatbin entry decompresses to fewer bytes than it "
                                  "claims (decompressed, claimed) (46944, 46945)");
    assert_false(gr_fatbin_inflate(&inf, "l", 5344, GR_FATBIN_LZ4, lz4.bytes + 5408, 100, 46944, &out, &err));
    assert_string_equal(err.text, "l: byte 5344: a LZ4-compressed fatbin entry claims more bytes decompressed than an "
                                  "LZ4 block of its size can hold (46944, 100)");
    assert_false(gr_fatbin_inflate(&inf, "l", 5344, GR_FATBIN_LZ4, lz4.bytes + 5408, 15364,
                                   GR_FATBIN_MAX_ENTRY_BYTES + 1, &out, &err));
    assert_non_null(strstr(err.text, "claims more bytes decompressed than the limit (1073741825, 1073741824)"));
    assert_false(gr_fatbin_inflate(&inf, "b", 8, GR_FATBIN_COMPRESSED, z.bytes + 5408, 8284, 46944, &out, &err));
    assert_string_equal(err.text, "b: byte 8: a fatbin entry flagged both zstd (0x8000) and LZ4 (0x2000)");
    gr_fatbin_inflater_free(&inf);
    free(z.bytes);
    free(lz4.bytes);
}

/* Containers found among other bytes, as cuFFT keeps them in .ldata: the
 * compressed container of sample-z.o at an offset of 8 bytes in a buffer
 * that also holds the magic where no container follows. */
static void scan(void **state)
{
    (void)state;
    file_bytes o = load(DATA "sample-z.o");
    size_t at = 5328, size = 16 + (size_t)gr_le64(o.bytes + at + 8);
    unsigned char *data = calloc(1, size + 64);
    assert_non_null(data);
    memcpy(data + 8, "\x50\xed\x55\xba\x01\x00\x10\x00", 8); /* a magic, and then no container */
    memcpy(data + 48, o.bytes + at, size);
    gr_kernel_list l;
    gr_error err;
    size_t found = 0;
    gr_kernel_list_init(&l, GR_KERNELS_BINARY);
    assert_true(gr_fatbin_scan("s", data, size + 64, 0, &l, &found, &err));
    assert_int_equal(found, 1);
    same_as_ptxas(&l, DATA "sample.ptxas.txt", 18);
    gr_kernel_list_free(&l);
    data[48 + 16 + 64] ^= 0xff; /* the first entry's zstd magic: now corrupt, and an error */
    gr_kernel_list_init(&l, GR_KERNELS_BINARY);
    assert_false(gr_fatbin_scan("s", data, size + 64, 1000, &l, &found, &err));
    assert_string_equal(err.text, "s: byte 1064: a zstd-compressed fatbin entry does not begin with a zstd frame "
                                  "(compressed bytes, claimed) (8284, 46944)");
    gr_kernel_list_free(&l);
    free(data);
    free(o.bytes);
}

/* Where the fatbin container begins in an object. */
static size_t fatbin_at(const file_bytes *b)
{
    for (size_t i = 0; i + 16 <= b->size; i += 8)
        if (gr_le32(b->bytes + i) == 0xBA55ED50u)
            return i;
    fail_msg("no fatbin");
    return 0;
}

/* The container alone, as nvcc -fatbin writes it. */
static void fatbin_file(void **state)
{
    (void)state;
    file_bytes o = load(DATA "sample.o");
    size_t at = fatbin_at(&o), size = 16 + (size_t)gr_le64(o.bytes + at + 8);
    gr_kernel_list l;
    gr_error err;
    assert_true(gr_kernels_read("sample.fatbin", o.bytes + at, size, &l, &err));
    assert_int_equal(l.format, GR_KERNELS_FATBIN);
    same_as_ptxas(&l, DATA "sample.ptxas.txt", 18);
    gr_kernel_list_free(&l);
    free(o.bytes);
}

static void bad_binaries(void **state)
{
    (void)state;
    char expected[512];
    file_bytes c = load(DATA "sample-sm90.cubin");
    uint64_t shoff = gr_le64(c.bytes + 0x28);
    c.size = 30000; /* cut before the section headers */
    snprintf(expected, sizeof expected, "cut.cubin: byte 40: the section headers at byte %llu run past the end of "
             "the image (30000 bytes)", (unsigned long long)shoff);
    read_fails("cut.cubin", c, expected);

    c = load(DATA "sample-sm90.cubin"); /* the symbol table, section 3, made to run past the end */
    assert_int_equal(gr_le32(c.bytes + shoff + 3 * 64 + 4), 2);
    uint64_t symtab = gr_le64(c.bytes + shoff + 3 * 64 + 24);
    memcpy(c.bytes + shoff + 3 * 64 + 32, &(uint64_t){c.size}, 8);
    snprintf(expected, sizeof expected, "far.cubin: byte %llu: section 3 (.symtab) runs past the end of the image: "
             "%zu bytes at byte %llu, of %zu", (unsigned long long)(shoff + 3 * 64), c.size,
             (unsigned long long)symtab, c.size);
    read_fails("far.cubin", c, expected);

    c = load(DATA "sample-sm90.cubin"); /* .nv.info's first record (section 7) made longer than the section */
    uint64_t info = gr_le64(c.bytes + shoff + 7 * 64 + 24);
    assert_int_equal(c.bytes[info], 4);
    assert_int_equal(c.bytes[info + 1], 0x2f);
    c.bytes[info + 2] = c.bytes[info + 3] = 0xff;
    snprintf(expected, sizeof expected, "attr.cubin: byte %llu: an attribute of section 7 (.nv.info) runs past the "
             "section's end", (unsigned long long)info);
    read_fails("attr.cubin", c, expected);
}

static void bad_fatbins(void **state)
{
    (void)state;
    char expected[512];
    file_bytes o = load(DATA "sample.o");
    size_t at = fatbin_at(&o);
    uint64_t size = gr_le64(o.bytes + at + 8);
    memcpy(o.bytes + at + 8, &(uint64_t){size + (UINT64_C(1) << 40)}, 8);
    snprintf(expected, sizeof expected, "size.o: byte %zu: a fatbin's size runs past the end (%llu bytes, %llu left)",
             at + 8, (unsigned long long)(size + (UINT64_C(1) << 40)), (unsigned long long)size);
    read_fails("size.o", o, expected);

    o = load(DATA "sample.o"); /* the first entry's payload made to run past its container */
    uint64_t payload = gr_le64(o.bytes + at + 16 + 8);
    memcpy(o.bytes + at + 16 + 8, &(uint64_t){size}, 8);
    snprintf(expected, sizeof expected, "entry.o: byte %zu: a fatbin entry's payload runs past its container "
             "(%llu bytes, %llu left)", at + 24, (unsigned long long)size, (unsigned long long)(size - 64));
    read_fails("entry.o", o, expected);
    (void)payload;

    o = load(DATA "sample.o"); /* no magic where the container should begin */
    o.bytes[at] ^= 0xff;
    snprintf(expected, sizeof expected, "magic.o: byte %zu: no fatbin here (0xba55edaf, not 0xba55ed50)", at);
    read_fails("magic.o", o, expected);
}

static void bad_files(void **state)
{
    (void)state;
    char expected[512];
    file_bytes o = load(DATA "sample.o");
    uint64_t shoff = gr_le64(o.bytes + 0x28);
    unsigned count = gr_le16(o.bytes + 0x3c);
    o.size = 100000;
    snprintf(expected, sizeof expected, "cut.o: byte 40: the %u section headers at byte %llu run past the end of the "
             "file (100000 bytes): is it cut short?", count, (unsigned long long)shoff);
    read_fails("cut.o", o, expected);
    read_fails("/bin/true", load("/bin/true"),
               "/bin/true: an ELF file with no CUDA code in it (no .nv_fatbin or __nv_relfatbin section, no fatbin in its data)");
    read_fails("x.txt", text("hello\n"),
               "x.txt: not ptxas's report (nvcc --resource-usage), cuobjdump's listing (cuobjdump "
               "--dump-resource-usage), a cubin, nor a binary with CUDA code");
    read_fails("empty", text(""), "empty: empty");
    read_fails("rdc.txt", load(DATA "sample-rdc.ptxas.txt"),
               "rdc.txt: nvcc reports no resource usage for relocatable device code (-rdc): give the object "
               "itself, or the linked program");
}

/* ---- choosing an architecture and a kernel ---------------------------------- */

static void architecture_for_a_device(void **state)
{
    (void)state;
    gr_kernel_list l;
    gr_sm sm;
    read_ok(DATA "sample.ptxas.txt", &l); /* sm_80 and sm_90 */
    assert_true(gr_kernel_sm_for_device(&l, 9, 0, &sm));
    assert_int_equal(sm.number, 90);
    assert_true(gr_kernel_sm_for_device(&l, 8, 9, &sm)); /* an RTX 4090 runs sm_80 code */
    assert_int_equal(sm.number, 80);
    assert_true(gr_kernel_sm_for_device(&l, 8, 0, &sm));
    assert_int_equal(sm.number, 80);
    assert_false(gr_kernel_sm_for_device(&l, 7, 5, &sm));
    assert_false(gr_kernel_sm_for_device(&l, 10, 0, &sm)); /* sm_90 code does not run on sm_100 */
    l.kernels[0].sm = (gr_sm){90, 'a'};
    for (size_t i = 1; i < l.count; i++)
        l.kernels[i].sm = (gr_sm){80, 0};
    assert_true(gr_kernel_sm_for_device(&l, 9, 0, &sm));
    assert_true(sm.number == 90 && sm.variant == 'a');
    assert_true(gr_kernel_sm_for_device(&l, 8, 6, &sm)); /* sm_90a code runs on sm_90 alone */
    assert_int_equal(sm.number, 80);
    gr_kernel_list_free(&l);
}

static void finds(const gr_kernel_list *l, const char *pattern, int sm, const char *name)
{
    size_t i = 0;
    gr_error err = {{0}};
    gr_sm want = {sm, 0};
    gr_name_pattern p;
    assert_true(gr_name_pattern_init(&p, pattern, false, NULL));
    bool found = gr_kernel_find(l, "f", &p, sm ? &want : NULL, &i, &err);
    gr_name_pattern_free(&p);
    if (!found)
        fail_msg("'%s': %s", pattern, err.text);
    assert_string_equal(l->kernels[i].name, name);
}

static void does_not_find(const gr_kernel_list *l, const char *pattern, int sm, const char *expected)
{
    size_t i = 0;
    gr_error err = {{0}};
    gr_sm want = {sm, 0};
    gr_name_pattern p;
    assert_true(gr_name_pattern_init(&p, pattern, false, NULL));
    assert_false(gr_kernel_find(l, "f", &p, sm ? &want : NULL, &i, &err));
    gr_name_pattern_free(&p);
    assert_string_equal(err.text, expected);
}

static void kernel_by_pattern(void **state)
{
    (void)state;
    gr_kernel_list l;
    read_ok(DATA "sample.ptxas.txt", &l);
    finds(&l, "transpose", 90, "_Z14transpose_tilePfPKfi");               /* a part */
    finds(&l, "TRANSPOSE_TILE", 80, "_Z14transpose_tilePfPKfi");          /* any case */
    finds(&l, "scale<float, 4>", 90, "_ZN6sample5scaleIfLi4EEEvPT_S1_");  /* whole, unqualified */
    finds(&l, "sample::scale<double, 2>", 90, "_ZN6sample5scaleIdLi2EEEvPT_S1_");
    finds(&l, "*scale*double*", 90, "_ZN6sample5scaleIdLi2EEEvPT_S1_");   /* a glob */
    finds(&l, "_Z7boundedPf", 90, "_Z7boundedPf");                        /* mangled */
    finds(&l, "spills(float*, float const*, int)", 80, "_Z6spillsPfPKfi"); /* demangled */
    finds(&l, "c_linkage", 90, "c_linkage");
    does_not_find(&l, "scale", 90,
                  "'scale' matches 2 kernels for sm_90 in f: void sample::scale<double, 2>(double*, double); "
                  "void sample::scale<float, 4>(float*, float)");
    does_not_find(&l, "nothing", 90,
                  "no kernel for sm_90 in f matches 'nothing'; its kernels: void sample::scale<double, 2>(double*, "
                  "double); void sample::scale<float, 4>(float*, float); uses_constant(float*, float const*); "
                  "dynamic_only(float*); c_linkage; spills(float*, float const*, int) and 3 more");
    does_not_find(&l, "bounded", 86, "f has no code for sm_86; it has sm_80, sm_90");
    does_not_find(&l, "bounded", 0, "f has code for sm_80, sm_90: name the architecture");
    gr_kernel_list_free(&l);
    read_ok(DATA "sample-sm90.cubin", &l); /* one architecture: none need be named */
    finds(&l, "bounded", 0, "_Z7boundedPf");
    gr_kernel_list_free(&l);
}

static void architecture_names(void **state)
{
    (void)state;
    gr_sm sm;
    assert_true(gr_sm_parse("sm_90a", 6, &sm));
    assert_string_equal(GR_SM_NAME(sm), "sm_90a");
    assert_true(gr_sm_parse("sm_100f", 7, &sm));
    assert_int_equal(sm.number, 100);
    assert_false(gr_sm_parse("sm_9", 4, &sm));
    assert_false(gr_sm_parse("sm_1000", 7, &sm));
    assert_false(gr_sm_parse("compute_90", 10, &sm));
    assert_false(gr_sm_parse("sm_90b", 6, &sm));
}

/* "_Z1f1BI1AS0_E" then levels - 1 more parameters, each B<> of the one
 * before twice through substitutions (S1_, S2_, ... in base 36): a name
 * of 10 bytes a level whose reading doubles with each. */
static char *nested_name(int levels)
{
    static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    char *name = malloc(16 + 12 * (size_t)levels);
    assert_non_null(name);
    strcpy(name, "_Z1f1BI1AS0_E");
    for (int k = 2; k <= levels; k++) {
        char ref[8];
        int i = k - 1; /* the parameter before is substitution k, spelled S<k-1>_ */
        if (i < 36)
            snprintf(ref, sizeof ref, "S%c_", digits[i]);
        else
            snprintf(ref, sizeof ref, "S%c%c_", digits[i / 36], digits[i % 36]);
        strcat(name, "S_I");
        strcat(name, ref);
        strcat(name, ref);
        strcat(name, "E");
    }
    return name;
}

/* Within the budget the reading is libiberty's own, whole; past it the
 * name is not demangled, however far past: 40 levels would read as
 * terabytes. */
static void demangle_budget(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(gr_kernel_demangle("_Z1f1BI1AS0_ES_IS1_S1_E", &out), GR_DEMANGLE_DONE);
    assert_string_equal(out, "f(B<A, A>, B<B<A, A>, B<A, A> >)");
    free(out);
    int done = 0;
    for (int levels = 1; levels <= 40; levels++) {
        char *name = nested_name(levels);
        size_t budget = gr_demangle_budget_bytes(strlen(name));
        gr_demangle_result r = gr_kernel_demangle(name, &out);
        if (levels <= 14) { /* up to 200 KB: libiberty's whole reading tells the budget's edge */
            char *whole = cplus_demangle(name, DMGL_PARAMS | DMGL_ANSI);
            assert_non_null(whole);
            if (strlen(whole) <= budget) {
                assert_int_equal(r, GR_DEMANGLE_DONE);
                assert_string_equal(out, whole);
                done++;
            } else {
                assert_int_equal(r, GR_DEMANGLE_TOO_LARGE);
                assert_null(out);
            }
            free(whole);
        } else
            assert_int_equal(r, GR_DEMANGLE_TOO_LARGE);
        free(out);
        free(name);
    }
    assert_int_equal(done, 8); /* 8 levels (83 bytes) read as 3,284 bytes, 9 as 6,608: past 5,584 */
    assert_int_equal(gr_kernel_demangle("k2", &out), GR_DEMANGLE_NOT_C_PLUS_PLUS);
    assert_int_equal(gr_kernel_demangle("_Z", &out), GR_DEMANGLE_NOT_C_PLUS_PLUS);
    assert_int_equal(gr_kernel_demangle("_Z1fI", &out), GR_DEMANGLE_NOT_C_PLUS_PLUS);
    assert_int_equal(gr_demangle_budget_bytes(100), 16 * 100 + 4096);
    assert_int_equal(gr_demangle_budget_bytes((size_t)-1), GR_DEMANGLE_MAX_OUTPUT_BYTES);
}

/* A name longer than the demangler's stack allows is not demangled, and
 * says so. */
static void demangle_long_name(void **state)
{
    (void)state;
    char *name = malloc(GR_DEMANGLE_MAX_NAME_BYTES + 2), *out;
    assert_non_null(name);
    memset(name, 'a', GR_DEMANGLE_MAX_NAME_BYTES + 1);
    memcpy(name, "_Z1fv", 5);
    name[GR_DEMANGLE_MAX_NAME_BYTES + 1] = '\0';
    assert_int_equal(gr_kernel_demangle(name, &out), GR_DEMANGLE_TOO_LARGE);
    free(name);
}

/* Two readers, one guard: blowup's name (26 levels, 268 bytes) reads as
 * 872 MB, which cplus_demangle takes about 9 s and 850 MB of memory to
 * build; read with the budget, both files take milliseconds and show it
 * as compiled, flagged, and the kernel beside it demangled. */
static void demangle_every_reader(void **state)
{
    (void)state;
    static const char *const files[] = {DATA "blowup.ptxas.txt", DATA "cuobjdump/blowup.txt"};
    for (size_t f = 0; f < 2; f++) {
        gr_kernel_list l;
        clock_t start = clock();
        read_ok(files[f], &l);
        double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
        assert_true(seconds < 2.0);
        assert_int_equal(l.count, 2);
        assert_int_equal(strlen(l.kernels[0].name), 268);
        assert_true(strncmp(l.kernels[0].name, "_Z6blowup1BI1AS0_E", 18) == 0);
        assert_ptr_equal(l.kernels[0].demangled, l.kernels[0].name);
        assert_true(l.kernels[0].too_large_to_demangle);
        assert_string_equal(l.kernels[1].demangled, "void sample::scale<float, 4>(float*, float)");
        assert_false(l.kernels[1].too_large_to_demangle);
        gr_kernel_list_free(&l);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ptxas_report),
        cmocka_unit_test(ptxas_report_other_forms),
        cmocka_unit_test(ptxas_report_errors),
        cmocka_unit_test(cuobjdump_listing),
        cmocka_unit_test(cuobjdump_listing_of_a_library),
        cmocka_unit_test(cuobjdump_listing_errors),
        cmocka_unit_test(cubins),
        cmocka_unit_test(object),
        cmocka_unit_test(compressed),
        cmocka_unit_test(inflate_budget),
        cmocka_unit_test(ptx_only),
        cmocka_unit_test(inflate),
        cmocka_unit_test(scan),
        cmocka_unit_test(fatbin_file),
        cmocka_unit_test(bad_binaries),
        cmocka_unit_test(bad_fatbins),
        cmocka_unit_test(bad_files),
        cmocka_unit_test(architecture_for_a_device),
        cmocka_unit_test(kernel_by_pattern),
        cmocka_unit_test(architecture_names),
        cmocka_unit_test(cuobjdump_listing_relocatable_by_shared),
        cmocka_unit_test(arch_variants_named),
        cmocka_unit_test(arch_variants_for_devices),
        cmocka_unit_test(rdc_executable),
        cmocka_unit_test(rdc_object),
        cmocka_unit_test(relocatable_copies_merge),
        cmocka_unit_test(relocatable_copies_many_cubins),
        cmocka_unit_test(demangle_budget),
        cmocka_unit_test(demangle_long_name),
        cmocka_unit_test(demangle_every_reader),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

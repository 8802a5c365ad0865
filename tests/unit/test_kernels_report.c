/* The compiled-kernels report (src/core/kernels/kernels_report.c), built from the
 * fixtures of tests/data/kernels as gpuroof kernels builds it: the files
 * read and those that did not, the code chosen with and without a device,
 * the block size and where it comes from, the occupancy, and --kernel's
 * narrowing.  The figures are the fixtures' (ptxas's report of the same
 * builds, tests/data/kernels/README.md); each occupancy is worked out
 * below from the shipped profiles. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_file.h"
#include "kernels_report.h"
#include "file_fixture.h"
#include "occupancy_fixture.h"

#define DATA GPUROOF_SRCDIR "/tests/data/kernels/"
#define MAX_FILES 4

/* The files of one report and the request, as the command line gives them. */
typedef struct {
    gr_kernels_source sources[MAX_FILES];
    size_t count;
    gr_profile device;
    gr_sm_limits limits;
    gr_kernels_request request;
} report_inputs;

/* path read into the next source; it must read. */
static void add_read(report_inputs *in, const char *path)
{
    gr_kernels_source *s = &in->sources[in->count++];
    file_bytes b = load(path);
    gr_error err = {{0}};
    *s = (gr_kernels_source){.shown = path, .read = true};
    if (!gr_kernels_read(path, b.bytes, b.size, &s->list, &err))
        fail_msg("%s", err.text);
    free(b.bytes);
}

/* A file the caller could not read, with its reason. */
static void add_unread(report_inputs *in, const char *path, const char *why)
{
    gr_kernels_source *s = &in->sources[in->count++];
    *s = (gr_kernels_source){.shown = path, .read = false, .error = why};
    gr_kernel_list_init(&s->list, GR_KERNELS_BINARY);
}

static void on_device(report_inputs *in, const char *name)
{
    in->device = load_profile(name);
    assert_true(gr_limits_from_profile(&in->device, -1, &in->limits, NULL));
    in->request.device = &in->device;
    in->request.limits = &in->limits;
}

static void build(report_inputs *in, gr_kernels_report *r)
{
    gr_error err = {{0}};
    if (!gr_kernels_report_build(in->sources, in->count, &in->request, r, &err))
        fail_msg("%s", err.text);
}

/* The row of the kernel demangled as name for sm ("sm_90a"); it must be shown. */
static const gr_kernels_row *row_of(const gr_kernels_report *r, const char *name, const char *sm)
{
    for (size_t i = 0; i < r->row_count; i++)
        if (strcmp(r->rows[i].kernel->demangled, name) == 0 && strcmp(GR_SM_NAME(r->rows[i].kernel->sm), sm) == 0)
            return &r->rows[i];
    fail_msg("%s for %s is not shown", name, sm);
    return NULL;
}

static void assert_sm(gr_sm sm, const char *expected)
{
    assert_string_equal(GR_SM_NAME(sm), expected);
}

/* Without a device or an architecture, every kernel of every file that
 * read, in order; a file that did not read keeps its reason, and the
 * files after it are still shown. */
static void test_files_read(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    add_read(&in, DATA "bounds-sm90.cubin");
    add_unread(&in, "missing.cubin", "cannot open missing.cubin: No such file or directory");
    add_read(&in, DATA "sample.ptxas.txt");
    build(&in, &r);
    assert_int_equal(r.file_count, 3);
    assert_int_equal(r.files_shown, 2);
    assert_int_equal(r.last_shown, 2);
    assert_false(r.has_device);
    assert_null(r.kernel_pattern);
    assert_int_equal(r.files[0].status, GR_KERNELS_FILE_SHOWN);
    assert_null(r.files[0].error);
    assert_false(r.files[0].filtered);
    assert_int_equal(r.files[0].list.format, GR_KERNELS_CUBIN);
    assert_int_equal(r.files[0].first_row, 0);
    assert_int_equal(r.files[0].row_count, 4);
    assert_int_equal(r.files[1].status, GR_KERNELS_FILE_UNREAD);
    assert_string_equal(r.files[1].error, "cannot open missing.cubin: No such file or directory");
    assert_string_equal(r.files[1].shown, "missing.cubin");
    assert_int_equal(r.files[1].row_count, 0);
    assert_int_equal(r.files[2].status, GR_KERNELS_FILE_SHOWN);
    assert_int_equal(r.files[2].first_row, 4);
    assert_int_equal(r.files[2].row_count, 18); /* 9 kernels for sm_80 and 9 for sm_90 */
    assert_int_equal(r.files[2].sms.count, 2);
    assert_int_equal(r.row_count, 22);
    for (size_t i = 0; i < r.row_count; i++)
        assert_int_equal(r.rows[i].file, i < 4 ? 0 : 2);
    /* the cubin keeps no spill counts and a stack frame; ptxas's report
     * no __launch_bounds__, and no constant bank for sm_90; spills()
     * spills on both architectures */
    assert_true(r.notes.spills_unrecorded);
    assert_true(r.notes.constant_unrecorded);
    assert_true(r.notes.bounds_unrecorded);
    assert_false(r.notes.stack_unexplained); /* bounds.cu's kernels have no stack */
    assert_int_equal(r.notes.spilling, 2);
    assert_false(r.notes.relocatable);
    assert_false(r.notes.mangled);
    gr_kernels_report_free(&r);
}

/* A device runs its own code: a file without any is named with what it
 * has, and the files after it are still shown. */
static void test_file_without_device_code(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    add_read(&in, DATA "sample-sm80.cubin");
    add_read(&in, DATA "bounds-sm90.cubin");
    on_device(&in, "h100");
    build(&in, &r);
    assert_int_equal(r.files[0].status, GR_KERNELS_FILE_NO_CODE_RUNS);
    assert_string_equal(r.files[0].error,
                        DATA "sample-sm80.cubin has no code that h100 (sm_90) runs; it has sm_80");
    assert_int_equal(r.files[0].row_count, 0);
    assert_int_equal(r.files[1].status, GR_KERNELS_FILE_SHOWN);
    assert_int_equal(r.files_shown, 1);
    assert_int_equal(r.last_shown, 1);
    assert_int_equal(r.row_count, 4);
    assert_true(r.has_device);
    assert_string_equal(r.device.name, "h100");
    gr_kernels_report_free(&r);
}

/* arch.fatbin holds sm_80, sm_90, sm_90a, sm_100f and sm_120a code. */
static void test_arch_without_device(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    add_read(&in, DATA "arch.fatbin");
    build(&in, &r);
    assert_int_equal(r.row_count, 5);
    assert_false(r.files[0].filtered);
    assert_int_equal(r.files[0].shown_sms.count, 5);
    gr_kernels_report_free(&r);

    in = (report_inputs){0};
    add_read(&in, DATA "arch.fatbin");
    in.request.arch = "sm_80";
    build(&in, &r);
    assert_int_equal(r.row_count, 1);
    assert_true(r.files[0].filtered);
    assert_sm(r.rows[0].kernel->sm, "sm_80");
    gr_kernels_report_free(&r);

    in = (report_inputs){0};
    add_read(&in, DATA "arch.fatbin");
    in.request.arch = "sm_75";
    build(&in, &r);
    assert_int_equal(r.files[0].status, GR_KERNELS_FILE_NO_ARCH);
    assert_string_equal(r.files[0].error, DATA "arch.fatbin has no code for sm_75; it has sm_80, sm_90, sm_90a, "
                                               "sm_100f, sm_120a");
    assert_int_equal(r.files_shown, 0);
    assert_int_equal(r.row_count, 0);
    gr_kernels_report_free(&r);
}

/* The H100 (9.0) runs sm_90a code and sm_90 code: both are shown, sm_90a
 * chosen; an architecture given with the device is taken alone.  A 10.3
 * GPU runs sm_100f, the family's code, and no other here. */
static void test_arch_with_device(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    add_read(&in, DATA "arch.fatbin");
    on_device(&in, "h100");
    build(&in, &r);
    assert_true(r.files[0].filtered);
    assert_sm(r.files[0].sm, "sm_90a");
    assert_int_equal(r.row_count, 2);
    assert_int_equal(r.files[0].shown_sms.count, 2);
    assert_sm(r.rows[0].kernel->sm, "sm_90");
    assert_sm(r.rows[1].kernel->sm, "sm_90a");
    gr_kernels_report_free(&r);

    in = (report_inputs){0};
    add_read(&in, DATA "arch.fatbin");
    on_device(&in, "h100");
    in.request.arch = "sm_90";
    build(&in, &r);
    assert_int_equal(r.row_count, 1);
    assert_sm(r.rows[0].kernel->sm, "sm_90");
    gr_kernels_report_free(&r);

    in = (report_inputs){0};
    add_read(&in, DATA "arch.fatbin");
    on_device(&in, "h100");
    in.device.cc_major = 10, in.device.cc_minor = 3; /* a 10.3 GPU with the H100's SM */
    build(&in, &r);
    assert_int_equal(r.row_count, 1);
    assert_sm(r.rows[0].kernel->sm, "sm_100f");
    gr_kernels_report_free(&r);
}

/* bounds.cu on the H100: bounded512 and bounded256x4 run at their
 * __launch_bounds__, unbounded at the suggested 1024 threads. */
static void test_block_size_source(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    add_read(&in, DATA "bounds-sm90.cubin");
    on_device(&in, "h100");
    build(&in, &r);
    const gr_kernels_row *bounded = row_of(&r, "bounded512(float*, float const*, int)", "sm_90");
    const gr_kernels_row *unbounded = row_of(&r, "unbounded(float*, float const*, int)", "sm_90");
    assert_true(bounded->occupancy.valid);
    assert_int_equal(bounded->occupancy.block.from, GR_BLOCK_FROM_BOUNDS);
    assert_int_equal(bounded->occupancy.block.threads_per_block, 512);
    assert_int_equal(bounded->occupancy.launch.threads_per_block, 512);
    assert_string_equal(gr_block_source_key(bounded->occupancy.block.from), "launch_bounds");
    assert_true(unbounded->occupancy.valid);
    assert_int_equal(unbounded->occupancy.block.from, GR_BLOCK_SUGGESTED);
    assert_int_equal(unbounded->occupancy.launch.threads_per_block, 1024);
    assert_string_equal(gr_block_source_key(unbounded->occupancy.block.from), "suggest");
    gr_kernels_report_free(&r);
}

/* bounded256x4: 26 registers, 256 threads.  A warp's registers are 26 x
 * 32 = 832, allocated in units of 256: 1024; a block of 8 warps. On the
 * H100, 64K registers in 4 partitions hold 16 warps each, 64 in all: 8
 * blocks, as the 2048 threads allow: 64 warps of 64, both limits.  With
 * half the register file, 8 warps a partition, 32 in all: 4 blocks, half
 * occupancy, registers alone. */
static void test_occupancy_figures(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    add_read(&in, DATA "bounds-sm90.cubin");
    on_device(&in, "h100");
    build(&in, &r);
    const gr_kernel_occupancy *o = &row_of(&r, "bounded256x4(float*, float const*, int)", "sm_90")->occupancy;
    assert_true(o->valid);
    assert_int_equal(o->launch.regs_per_thread, 26);
    assert_int_equal(o->launch.smem_per_block_bytes, 0);
    assert_int_equal(o->occ.regs_per_warp, 1024);
    assert_int_equal(o->occ.warps_per_block, 8);
    assert_int_equal(o->occ.blocks_per_sm, 8);
    assert_int_equal(o->occ.warps_per_sm, 64);
    assert_true(o->occ.occupancy == 1.0);
    assert_int_equal(o->occ.limiters, (1u << GR_LIMIT_THREADS) | (1u << GR_LIMIT_REGISTERS));
    assert_int_equal(o->occ.limit[GR_LIMIT_REGISTERS], 8);
    assert_int_equal(o->occ.limit[GR_LIMIT_BLOCKS], 32);
    assert_true(o->has_carveout); /* sm_90: a carveout, as from sm_70 on */
    gr_kernels_report_free(&r);

    in = (report_inputs){0};
    add_read(&in, DATA "bounds-sm90.cubin");
    on_device(&in, "h100");
    in.limits.regs_sm = 32768;
    build(&in, &r);
    o = &row_of(&r, "bounded256x4(float*, float const*, int)", "sm_90")->occupancy;
    assert_int_equal(o->occ.blocks_per_sm, 4);
    assert_int_equal(o->occ.warps_per_sm, 32);
    assert_true(o->occ.occupancy == 0.5);
    assert_int_equal(o->occ.limiters, 1u << GR_LIMIT_REGISTERS);
    assert_int_equal(r.limits.regs_sm, 32768); /* the report holds the limits it used */
    gr_kernels_report_free(&r);
}

/* The K40 (3.5) runs none of sample's code; with sm_80 named its
 * occupancy is still worked out, with no carveout before sm_70.
 * transpose_tile: 10 registers, 4224 bytes of its own shared memory. */
static void test_no_carveout_before_sm70(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    add_read(&in, DATA "sample-sm80.cubin");
    on_device(&in, "k40");
    in.request.arch = "sm_80";
    build(&in, &r);
    const gr_kernel_occupancy *o = &row_of(&r, "transpose_tile(float*, float const*, int)", "sm_80")->occupancy;
    assert_true(o->valid);
    assert_false(o->has_carveout);
    assert_int_equal(o->launch.smem_per_block_bytes, 4224);
    assert_int_equal(o->launch.threads_per_block, 1024);
    assert_int_equal(o->occ.blocks_per_sm, 2);
    gr_kernels_report_free(&r);
}

/* A kernel whose file records no register count cannot be placed: its
 * row says why, the others are still worked out. */
static void test_kernel_that_cannot_launch(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    gr_error err;
    gr_kernels_source *s = &in.sources[in.count++];
    *s = (gr_kernels_source){.shown = "listing.txt", .read = true};
    gr_kernel_list_init(&s->list, GR_KERNELS_CUOBJDUMP);
    gr_kernel *unknown = gr_kernel_list_add(&s->list, "unknown", 7, (gr_sm){90, 0}, &err);
    gr_kernel *known = gr_kernel_list_add(&s->list, "known", 5, (gr_sm){90, 0}, &err);
    assert_non_null(unknown);
    assert_non_null(known);
    known->registers = 32;
    known->shared_static_bytes = 0;
    known->max_threads = 0;
    on_device(&in, "h100");
    build(&in, &r);
    assert_int_equal(r.row_count, 2);
    assert_false(r.rows[0].occupancy.valid);
    assert_string_equal(r.rows[0].occupancy.error, "its file records no register count");
    assert_true(r.rows[1].occupancy.valid);
    assert_int_equal(r.rows[1].occupancy.launch.threads_per_block, 1024); /* 32 registers: every size fills the SM, the largest taken */
    assert_int_equal(r.rows[1].occupancy.occ.blocks_per_sm, 2);
    gr_kernels_report_free(&r);
}

/* --kernel: every kernel matching as closely as the closest does, of the
 * code chosen. */
static void test_pattern_narrows(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    add_read(&in, DATA "sample.o");
    in.request.kernel_pattern = "scale";
    build(&in, &r);
    assert_string_equal(r.kernel_pattern, "scale");
    assert_int_equal(r.row_count, 4); /* scale<float, 4> and scale<double, 2>, for sm_80 and sm_90 */
    for (size_t i = 0; i < r.row_count; i++)
        assert_non_null(strstr(r.rows[i].kernel->demangled, "sample::scale<"));
    gr_kernels_report_free(&r);

    in = (report_inputs){0};
    add_read(&in, DATA "sample.o");
    in.request.kernel_pattern = "transpose_tile(float *, const float *, int)"; /* Nsight Compute's spelling */
    on_device(&in, "h100");
    build(&in, &r);
    assert_int_equal(r.row_count, 1);
    assert_sm(r.rows[0].kernel->sm, "sm_90");
    assert_int_equal(r.files[0].row_count, 1);
    assert_int_equal(r.files[0].list.count, 18); /* the file's own count stays whole */
    gr_kernels_report_free(&r);

    in = (report_inputs){0};
    add_read(&in, DATA "bounds-sm90.cubin");
    in.request.kernel_pattern = "b*";
    in.request.glob = true;
    build(&in, &r);
    assert_int_equal(r.row_count, 2); /* bounded512, bounded256x4; not unbounded */
    gr_kernels_report_free(&r);

    in = (report_inputs){0};
    add_read(&in, DATA "bounds-sm90.cubin");
    in.request.kernel_pattern = "no_such_kernel";
    build(&in, &r);
    assert_int_equal(r.row_count, 0);
    assert_int_equal(r.files_shown, 1); /* the file read: nothing in it matches */
    assert_int_equal(r.files[0].status, GR_KERNELS_FILE_SHOWN);
    gr_kernels_report_free(&r);
}

/* The kernels of a relocatable cubin are marked, and said in the notes. */
static void test_relocatable(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    add_read(&in, DATA "rdc-a.o");
    build(&in, &r);
    assert_int_equal(r.row_count, 2);
    assert_true(r.rows[0].kernel->relocatable);
    assert_true(r.notes.relocatable);
    assert_int_equal(r.files[0].list.relocatable, 1);
    gr_kernels_report_free(&r);
}

/* An architecture that is none: the whole build fails, every list freed
 * (valgrind and AddressSanitizer say so). */
static void test_bad_request(void **state)
{
    (void)state;
    report_inputs in = {0};
    gr_kernels_report r;
    gr_error err = {{0}};
    add_read(&in, DATA "sample.o");
    add_read(&in, DATA "bounds-sm90.cubin");
    in.request.arch = "compute_90";
    assert_false(gr_kernels_report_build(in.sources, in.count, &in.request, &r, &err));
    assert_string_equal(err.text, "'compute_90' is not an architecture such as sm_90 or sm_90a");
    assert_int_equal(r.file_count, 0);
    assert_null(r.files);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_files_read),
        cmocka_unit_test(test_file_without_device_code),
        cmocka_unit_test(test_arch_without_device),
        cmocka_unit_test(test_arch_with_device),
        cmocka_unit_test(test_block_size_source),
        cmocka_unit_test(test_occupancy_figures),
        cmocka_unit_test(test_no_carveout_before_sm70),
        cmocka_unit_test(test_kernel_that_cannot_launch),
        cmocka_unit_test(test_pattern_narrows),
        cmocka_unit_test(test_relocatable),
        cmocka_unit_test(test_bad_request),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

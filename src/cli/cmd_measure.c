/* gpuroof measure: the matmul and shared-memory layout kernels and the
 * ceilings run on the local GPU, every result verified before it is
 * recorded, written as a results file with its provenance. */
#include <config.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "commands.h"

static const char usage[] =
    "Usage: gpuroof measure [-o FILE] [--only PARTS] [--quick] [--repeats N] [--profiles DIR]\n"
    "\n"
    "Runs the kernels on the local GPU and writes a results file (YAML):\n"
    "  ceilings   DRAM read, write, copy and triad, cudaMemcpy, the FP32 and FP64 FMA peaks;\n"
    "             shared-memory and L2 bandwidth, the FP16 and BF16 FMA peaks and the dense\n"
    "             tensor-core peaks (cuBLAS), each beside its theoretical figure\n"
    "  sweep      a kernel swept from about 0.1 to 100 FLOP/B, tracing the roof\n"
    "  matmul     PMPP's naive and tiled matrix multiplications, and cuBLAS beside them\n"
    "  smem       the shared-memory layout kernels of the course notes\n"
    "  occupancy  gpuroof's occupancy against the CUDA runtime's and a residency probe's\n"
    "Every result is verified before it is recorded; a failing kernel is reported\n"
    "and never plotted.  Progress goes to stderr.\n";

#define FIELD(name) offsetof(measure_options, name)
static const cli_option options[] = {
    {.name = "output", .short_name = 'o', .arg = "FILE", .offset = FIELD(output),
     .help = "the results file (default: results.yaml), written whole or not at all"},
    {.name = "only", .arg = "PARTS", .offset = FIELD(only),
     .help = "a comma-separated list of the parts above (default: all)"},
    {.name = "quick", .offset = FIELD(quick), .help = "small sizes (seconds; the GPU test of make check)"},
    {.name = "repeats", .arg = "N", .offset = FIELD(repeats),
     .help = "timed runs of each kernel, the median kept (default 20)"},
    {.name = "profiles", .arg = "DIR", .offset = FIELD(profiles),
     .help = "look for profiles in DIR first (the GPU's own predicts occupancy)"},
    {.name = "bank-counters", .arg = "FILE", .offset = FIELD(bank_counters),
     .help = "the layout kernels' wavefronts per request as Nsight Compute counted them (tools/bank-proof "
             "makes it), recorded beside gpuroof's"},
};
#undef FIELD

static const cli_spec spec = {"measure", usage, NULL, options, sizeof options / sizeof options[0]};

#ifdef HAVE_CUDA
#include "commit.h"
#include "measure.h"
#include "measure_interrupt.h"
#include "profile_search.h"
#else
typedef struct {
    bool ceilings, matmul, smem, occupancy, sweep;
    bool quick;
    int repeats;
    const char *bank_counters;
} measure_plan;
#endif

static int read_plan(const measure_options *o, measure_plan *p)
{
    const char *const parts[] = {"ceilings", "sweep", "matmul", "smem", "occupancy"};
    bool *flags[] = {&p->ceilings, &p->sweep, &p->matmul, &p->smem, &p->occupancy};
    int64_t repeats = o->quick ? 5 : 20;
    if (o->repeats && !cli_int("--repeats", o->repeats, CLI_COUNT, 1, 1000, &repeats))
        return EXIT_INPUT;
    p->repeats = (int)repeats;
    p->quick = o->quick;
    p->bank_counters = o->bank_counters;
    for (size_t i = 0; i < 5; i++)
        *flags[i] = !o->only;
    for (const char *part = o->only; part && *part;) {
        size_t len = strcspn(part, ",");
        bool known = false;
        for (size_t i = 0; i < 5; i++)
            if (strlen(parts[i]) == len && strncmp(part, parts[i], len) == 0)
                known = *flags[i] = true;
        if (!known)
            return cli_usage_error("measure", "--only takes ceilings, sweep, matmul, smem and occupancy, not '%.*s'",
                                   (int)len, part);
        part += len + (part[len] == ',');
    }
    return EXIT_OK;
}

#ifdef HAVE_CUDA
static void remember(gr_result_provenance *p, int argc, char **argv)
{
    time_t now = time(NULL);
    strftime(p->date, sizeof p->date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    snprintf(p->command, sizeof p->command, "gpuroof");
    for (int i = 0; i < argc; i++)
        snprintf(p->command + strlen(p->command), sizeof p->command - strlen(p->command), " %s", argv[i]);
    snprintf(p->commit, sizeof p->commit, "%s", GPUROOF_COMMIT);
}

/* A ceiling beside DRAM and the FMAs, where measured: beside its
 * theoretical figure where there is one. */
static void print_peak(const measure_peak_row *row, const gr_result_ceilings *c)
{
    double value = *(const double *)((const char *)c + row->measured);
    double theoretical = *(const double *)((const char *)c + row->theoretical);
    if (isnan(value))
        return;
    if (isnan(theoretical))
        printf("  %-13s %8.0f %s (no theoretical figure)\n", row->what, value, row->unit);
    else
        printf("  %-13s %8.0f of %8.0f %-7s (%.1f%%)\n", row->what, value, theoretical, row->unit,
               100 * value / theoretical);
}

static void print_summary(const gr_results *r, int failures, const char *path)
{
    const gr_result_ceilings *c = &r->ceilings;
    printf("%s (%lld SMs, SM clock %lld MHz): results in %s\n", r->device.name, r->device.sm_count,
           r->device.sm_clock_mhz, path);
    if (c->dram_copy_gbs > 0)
        printf("  DRAM GB/s: read %.0f, write %.0f, copy %.0f, triad %.0f; cudaMemcpy %.0f\n", c->dram_read_gbs,
               c->dram_write_gbs, c->dram_copy_gbs, c->dram_triad_gbs, c->memcpy_d2d_gbs);
    if (c->fp32_gflops > 0)
        printf("  FP32 %.0f of %.0f GFLOP/s, FP64 %.0f of %.0f\n", c->fp32_gflops, c->fp32_theoretical_gflops,
               c->fp64_gflops, c->fp64_theoretical_gflops);
    for (int i = 0; i < MEASURE_PEAK_COUNT; i++)
        print_peak(&measure_peak_rows()[i], c);
    int name_width = 1; /* the longest kernel name: the columns stay straight */
    for (size_t i = 0; i < r->kernel_count; i++)
        if ((int)strlen(r->kernels[i].name) > name_width)
            name_width = (int)strlen(r->kernels[i].name);
    for (size_t i = 0; i < r->kernel_count; i++)
        printf("  %-*s %-18s %9.1f GFLOP/s  %s\n", name_width, r->kernels[i].name, r->kernels[i].params,
               r->kernels[i].gflops, r->kernels[i].verified ? "verified" : "WRONG");
    int agree = 0;
    for (size_t i = 0; i < r->occupancy_count; i++)
        agree += r->occupancy[i].predicted == r->occupancy[i].measured;
    if (r->occupancy_count)
        printf("  occupancy: gpuroof equals the residency probe in %d of %zu configurations\n", agree,
               r->occupancy_count);
    int counted = 0, equal = 0;
    for (size_t i = 0; i < r->bank_count; i++)
        if (!isnan(r->banks[i].measured_load)) {
            counted++;
            equal += r->banks[i].measured_load == r->banks[i].predicted_load &&
                     r->banks[i].measured_store == r->banks[i].predicted_store;
        }
    if (counted)
        printf("  banks: gpuroof's wavefronts per request equal Nsight Compute's in %d of %d launches\n", equal,
               counted);
    if (failures)
        printf("  %d results failed their checks and are not plotted\n", failures);
}

/* Runs the parts of the plan in order, each announced to the interrupt
 * handler (so that an interrupt can say what it cut short); stops at the
 * first that fails. */
static bool run_parts(measure_run *r, const measure_plan *plan)
{
    const struct {
        const char *name;
        bool wanted;
        bool (*run)(measure_run *, const measure_plan *);
    } parts[] = {
        {"ceilings", plan->ceilings, measure_ceilings},
        {"sweep", plan->sweep, measure_sweep_run},
        {"matmul", plan->matmul, measure_matmul},
        {"smem", plan->smem, measure_layouts},
        {"occupancy", plan->occupancy, measure_occupancy},
    };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (!parts[i].wanted)
            continue;
        measure_interrupt_part(parts[i].name);
        if (!parts[i].run(r, plan))
            return false;
        measure_interrupt_part_done();
    }
    return true;
}

/* The plan run on the GPU, its results in r; profiles keeps the GPU's
 * shipped profile, which r points into. */
static int measure_on_gpu(const measure_options *o, const measure_plan *plan, measure_run *r,
                          gr_profile_list *profiles)
{
    char message[512];
    time_t started = time(NULL);
    const char *path = o->output ? o->output : "results.yaml";
    /* Before the device is opened: that can take seconds, and an interrupt
     * there must say so too. */
    measure_interrupt_install(path);
    if (!measure_open_device(&r->device, message))
        return cli_fail("%s; nothing written to %s", message, path);
    remember(&r->file.provenance, o->argc, o->argv);
    r->profile = cli_find_gpu_profile(o->profiles, &r->device, profiles);
    measure_progress("%s, profile %s", r->device.name, r->profile ? r->profile->name : "none matches");
    if (!run_parts(r, plan))
        return cli_fail("the run failed: nothing written to %s", path);
    measure_interrupt_write_begin();
    bool written = measure_write(r, path);
    measure_interrupt_write_end(written);
    if (!written)
        return EXIT_INPUT;
    print_summary(&r->file, r->failures, path);
    if (!plan->quick)
        measure_report_targets(r, difftime(time(NULL), started));
    return r->failures ? EXIT_INPUT : EXIT_OK;
}

#endif

int cmd_measure_run(const measure_options *o)
{
    measure_plan plan;
    int rc = read_plan(o, &plan);
    if (rc != EXIT_OK)
        return rc;
#ifndef HAVE_CUDA
    return cli_fail("measure needs the CUDA kernels, and this gpuroof was built without CUDA: install the "
                    "CUDA toolkit and run ./configure --with-cuda[=DIR], then make");
#else
    measure_run *r = malloc(sizeof *r); /* too large for the stack */
    gr_profile_list profiles = {0};
    if (!r)
        return cli_fail("out of memory");
    measure_run_init(r);
    rc = measure_on_gpu(o, &plan, r, &profiles);
    measure_run_free(r);
    gr_profile_list_free(&profiles);
    free(r);
    return rc;
#endif
}

int cmd_measure(int argc, char **argv)
{
    measure_options o = {.argc = argc, .argv = argv};
    int rc = cli_parse_options(&spec, argc, argv, &o);
    return rc == EXIT_OK ? cmd_measure_run(&o) : cli_parse_stopped(rc);
}

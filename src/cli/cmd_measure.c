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
    "                       [--gpu N | --all-gpus [--spread-limit PCT]]\n"
    "       gpuroof measure --compare FILE FILE... [--spread-limit PCT]\n"
    "\n"
    "Runs the kernels on the local GPU and writes a results file (YAML):\n"
    "  ceilings   DRAM read, write, copy and triad, cudaMemcpy, the FP32 and FP64 FMA peaks;\n"
    "             shared-memory and L2 bandwidth, the FP16 and BF16 FMA peaks and the dense\n"
    "             tensor-core peaks (cuBLAS), each beside its theoretical figure\n"
    "  sweep      a kernel swept from about 0.1 to 100 FLOP/B, tracing the roof\n"
    "  matmul     PMPP's naive and tiled matrix multiplications, and cuBLAS beside them\n"
    "  smem       the shared-memory layout kernels of the course notes\n"
    "  occupancy  gpuroof's occupancy against the CUDA runtime's and a residency probe's\n"
    "  latency    load latency by pointer chase (L1, shared memory, L2 near and far, DRAM),\n"
    "             DRAM bandwidth against resident warps an SM (the latency roofs) and the\n"
    "             launch floor\n"
    "  volatile   a loop reading a global or a shared value each iteration, the variable\n"
    "             declared volatile and plain\n"
    "Every result is verified before it is recorded; a failing kernel is reported\n"
    "and never plotted.  Progress goes to stderr.\n"
    "\n"
    "In -o's name, %N is the host's short name (up to its first dot), %g the GPU's\n"
    "CUDA index and %% a %: node-%N-gpu%g.yaml, for a scheduler's one run a host.\n"
    "--all-gpus measures each GPU in turn, each into its own file: -o FILE.yaml\n"
    "gives FILE-gpu0.yaml, FILE-gpu1.yaml, ... (-gpuN goes before a .yaml or .yml\n"
    "extension, else at the end; none where the name has %g).  Then it prints their\n"
    "measured ceilings side by side, and exits 1, every file still written, where a\n"
    "GPU is more than --spread-limit percent below the median of its twins (the\n"
    "other GPUs of its model; of two GPUs, the other one) on a ceiling, or lacks one\n"
    "a twin measured: a node acceptance check.  --compare does the same from results\n"
    "files already written, with no GPU, up to 100000 of them: a fleet's; past 8\n"
    "GPUs it prints each model's median, lowest and highest figure of each ceiling\n"
    "and every GPU flagged, a line each.\n";

static const char notes[] =
    "GPUs are numbered as the CUDA runtime numbers them: CUDA_VISIBLE_DEVICES picks\n"
    "and orders them, and CUDA_DEVICE_ORDER=PCI_BUS_ID numbers them as nvidia-smi\n"
    "does (the runtime's default puts the fastest first).  Each results file records\n"
    "its GPU's index, PCI bus id and UUID.\n";

/* --only's parts, in the order of read_plan's flags. */
static const char *const measure_parts[] = {"ceilings", "sweep",   "matmul",   "smem",
                                            "occupancy", "latency", "volatile", NULL};

#define T measure_options
static const cli_option options[] = {
    CLI_OPT_PATH(T, output, .name = "output", .short_name = 'o', .arg = "FILE",
                 .help = "the results file (default: results.yaml), written whole or not at all; %N the host, "
                         "%g the GPU"),
    CLI_OPT_CHOICES(T, only, measure_parts, .name = "only", .arg = "PARTS",
                    .help = "a comma-separated list of the parts above (default: all)"),
    CLI_OPT_FLAG(T, quick, .name = "quick", .help = "small sizes (seconds; the GPU test of make check)"),
    CLI_OPT_INT(T, repeats, CLI_COUNT, 1, 1000, .name = "repeats", .arg = "N",
                .help = "timed runs of each kernel, the median kept (default 20)"),
    CLI_OPT_PATH(T, profiles, .name = "profiles", .arg = "DIR",
                 .help = "look for profiles in DIR first (the GPU's own predicts occupancy)"),
    CLI_OPT_PATH(T, bank_counters, .name = "bank-counters", .arg = "FILE",
                 .help = "the layout kernels' wavefronts per request as Nsight Compute counted them, a launch a line "
                         "(\"load store\"), recorded beside gpuroof's (--ncu-counters reads ncu's own report instead)"),
    CLI_OPT_PATH(T, ncu_counters, .name = "ncu-counters", .arg = "FILE",
                 .help = "Nsight Compute's report (CSV, raw page, gpuroof ncu --metrics) of measure's own kernels "
                         "(tools/ncu-proof makes it): each matrix multiplication's traffic at every level and its "
                         "counted FLOPs, and the layout kernels' wavefronts per request, recorded beside the run's"),
    CLI_OPT_INT(T, gpu, CLI_PLAIN, 0, INT32_MAX, .name = "gpu", .arg = "N", .help = "measure CUDA device N (default 0)"),
    CLI_OPT_FLAG(T, all_gpus, .name = "all-gpus",
                 .help = "measure every GPU, one after another, each into its own file, and compare them"),
    CLI_OPT_DOUBLE(T, spread_limit, CLI_PLAIN, 0, 100, .name = "spread-limit", .arg = "PCT",
                   .help = "--all-gpus, --compare: how far below the median of its twins a GPU may fall on a ceiling, "
                           "in percent (default 10)"),
    CLI_OPT_FLAG(T, compare, .name = "compare",
                 .help = "compare the results files given (two or more) as --all-gpus does; runs nothing"),
};
#undef T

static const cli_group groups[] = {
    {CLI_EXCLUSIVE, "compare output/only/quick/repeats/profiles/bank-counters/ncu-counters/gpu/all-gpus",
     "--compare reads results files and runs nothing"},
    {CLI_EXCLUSIVE, "gpu all-gpus", NULL},
    {CLI_NEEDS, "spread-limit all-gpus compare", NULL},
    {CLI_EXCLUSIVE, "bank-counters ncu-counters", "the report has the banks' counters"},
    {0},
};

static const cli_spec spec = {"measure", usage, notes, options, sizeof options / sizeof options[0], groups};

#ifdef HAVE_CUDA
#include <errno.h>
#include <unistd.h>
#include "commit.h"
#include "measure.h"
#include "measure_interrupt.h"
#include "gpuroof_profile.h"
#include "gpuroof_roofline.h"
#else
typedef struct {
    bool ceilings, matmul, smem, occupancy, sweep, latency;
    bool volatile_loops;
    bool quick;
    int repeats;
    const char *bank_counters;
} measure_plan;
#endif
#include "measure_latency_text.h"
#include "measure_ncu.h"
#include "measure_node.h"

/* Which GPUs a run measures, and how they are held against each other. */
typedef struct {
    int gpu;       /* the CUDA index to measure; -1: every GPU */
    bool named;    /* --gpu or --all-gpus: the report names each GPU's index */
    double spread_limit_pct;
    const char *ncu_file;        /* --ncu-counters, or NULL */
    gr_ncu_report ncu;           /* read from it before any GPU work */
} measure_gpus;

static int read_plan(const measure_options *o, measure_plan *p)
{
    bool *flags[] = {&p->ceilings, &p->sweep,   &p->matmul,        &p->smem,
                     &p->occupancy, &p->latency, &p->volatile_loops}; /* measure_parts' order */
    int64_t repeats = o->repeats.given ? o->repeats.value : o->quick ? 5 : 20;
    p->repeats = (int)repeats;
    p->quick = o->quick;
    p->bank_counters = o->bank_counters;
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        *flags[i] = !o->only.given;
    for (size_t i = 0; i < o->only.count; i++) /* each checked as parsed */
        *flags[o->only.index[i]] = true;
    return EXIT_OK;
}

/* The options of GPUs and of comparisons, checked before any CUDA call. */
static int check_gpu_options(const measure_options *o)
{
    gr_error err;
    bool names_gpu;
    /* the groups say which options go together */
    if (o->output && !gr_node_pattern_check(o->output, &names_gpu, &err))
        return cli_usage_error("measure", "-o %s", err.text);
    if (o->compare && o->file_count < 2)
        return cli_usage_error("measure", "--compare takes two or more results files");
    if (!o->compare && o->file_count > 0)
        return cli_usage_error("measure", "unexpected argument '%s'", o->files[0]);
    return EXIT_OK;
}

static int read_gpus(const measure_options *o, measure_gpus *g)
{
    g->spread_limit_pct = o->spread_limit.given ? o->spread_limit.value : GR_NODE_SPREAD_LIMIT_PCT;
    g->gpu = o->all_gpus ? -1 : (int)o->gpu.value; /* 0 where not given */
    g->named = o->gpu.given || o->all_gpus;
    if (o->ncu_counters && !measure_ncu_read(o->ncu_counters, &g->ncu))
        return EXIT_INPUT;
    g->ncu_file = o->ncu_counters;
    return EXIT_OK;
}

#ifdef HAVE_CUDA
static void remember(gr_results *file, int argc, char **argv)
{
    gr_result_provenance *p = &file->provenance;
    gr_buf command = GR_BUF_INIT;
    gr_results_date(file, time(NULL));
    gr_buf_addf(&command, "gpuroof");
    for (int i = 0; i < argc; i++)
        gr_buf_addf(&command, " %s", argv[i]);
    gr_results_textf(file, &p->command, GR_RESULT_COMMAND_SIZE, "%s", gr_buf_text(&command));
    gr_buf_free(&command);
    gr_results_textf(file, &p->commit, GR_RESULT_COMMIT_SIZE, "%s", GPUROOF_COMMIT);
}

static void print_kernels(const gr_results *r)
{
    int name_width = 1; /* the longest kernel name: the columns stay straight */
    for (size_t i = 0; i < r->kernel_count; i++)
        if ((int)strlen(r->kernels[i].name) > name_width)
            name_width = (int)strlen(r->kernels[i].name);
    for (size_t i = 0; i < r->kernel_count; i++)
        printf("  %-*s %-18s %9.1f GFLOP/s  %s\n", name_width, r->kernels[i].name, r->kernels[i].params,
               r->kernels[i].gflops, r->kernels[i].verified ? "verified" : "WRONG");
}

/* What the text adds after a ceiling: its clock and power where read (the
 * spread row of its key), and its spread over the run's repeats. */
static void print_spread_of(const gr_results *r, size_t offset)
{
    const gr_result_spread *s = gr_results_spread_of(r, gr_results_ceiling_key(offset));
    if (!s)
        return;
    if (!isnan(s->sm_clock_mhz))
        printf(" at %.0f MHz", s->sm_clock_mhz);
    if (!isnan(s->power_w))
        printf(", %.0f W", s->power_w);
    printf("; %lld repeats %.0f to %.0f", s->repeats, s->low, s->high);
}

/* A ceiling beside DRAM and the FMAs, where measured: beside its
 * theoretical figure where there is one, and the tensor cores' sustained
 * rate on a line of its own. */
static void print_peak(const measure_peak_row *row, const gr_results *r)
{
    const gr_result_ceilings *c = &r->ceilings;
    double value = *(const double *)((const char *)c + row->measured);
    double theoretical = *(const double *)((const char *)c + row->theoretical);
    if (isnan(value))
        return;
    if (isnan(theoretical))
        printf("  %-13s %8.0f %s (no theoretical figure)", row->what, value, row->unit);
    else
        printf("  %-13s %8.0f of %8.0f %-7s (%.1f%%)", row->what, value, theoretical, row->unit,
               100 * value / theoretical);
    print_spread_of(r, row->measured);
    printf("\n");
    if (row->sustained == MEASURE_NO_KEY || isnan(*(const double *)((const char *)c + row->sustained)))
        return;
    printf("    sustained   %8.0f %s", *(const double *)((const char *)c + row->sustained), row->unit);
    print_spread_of(r, row->sustained);
    printf("\n");
}

/* The volatile loops: each kernel's median time, and what Nsight Compute
 * counted of its loads where measure --ncu-counters gave it. */
static void print_volatile(const gr_results *r)
{
    for (size_t i = 0; i < r->volatile_count; i++) {
        const gr_result_volatile *v = &r->volatiles[i];
        printf("  %-18s %-6s %-8s %10.1f us  %s", v->kernel, v->memory, v->is_volatile ? "volatile" : "plain",
               v->ns / 1e3, v->verified ? "verified" : "WRONG");
        if (!isnan(v->global_load_instructions))
            printf("; %.0f global load instructions", v->global_load_instructions);
        if (!isnan(v->shared_load_instructions))
            printf("; %.0f shared load instructions", v->shared_load_instructions);
        printf("\n");
    }
}

static void print_summary(const gr_results *r, int failures, const char *path, bool named)
{
    const gr_result_ceilings *c = &r->ceilings;
    if (named)
        printf("GPU %lld (%s): ", r->device.cuda_index, r->device.pci_bus_id);
    printf("%s (%lld SMs, SM clock %lld MHz): results in %s\n", r->device.name, r->device.sm_count,
           r->device.sm_clock_mhz, path);
    if (c->dram_copy_gbs > 0)
        printf("  DRAM GB/s: read %.0f, write %.0f, copy %.0f, triad %.0f; cudaMemcpy %.0f\n", c->dram_read_gbs,
               c->dram_write_gbs, c->dram_copy_gbs, c->dram_triad_gbs, c->memcpy_d2d_gbs);
    if (c->fp32_gflops > 0)
        printf("  FP32 %.0f of %.0f GFLOP/s, FP64 %.0f of %.0f\n", c->fp32_gflops, c->fp32_theoretical_gflops,
               c->fp64_gflops, c->fp64_theoretical_gflops);
    for (int i = 0; i < MEASURE_PEAK_COUNT; i++)
        print_peak(&measure_peak_rows()[i], r);
    print_kernels(r);
    gr_results_agreement agree;
    gr_results_agreement_of(r, &agree);
    if (agree.occupancy_total)
        printf("  occupancy: gpuroof equals the residency probe in %zu of %zu configurations\n", agree.occupancy_equal,
               agree.occupancy_total);
    if (agree.banks_counted)
        printf("  banks: gpuroof's wavefronts per request equal Nsight Compute's in %zu of %zu launches\n",
               agree.banks_equal, agree.banks_counted);
    measure_print_latency(r);
    print_volatile(r);
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
        {"latency", plan->latency, measure_latency},
        {"volatile", plan->volatile_loops, measure_volatile},
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

/* The plan run on GPU `gpu`, its results in r and written to path (then
 * *written); profiles keeps the GPU's shipped profile, which r points into. */
static int run_and_write(const measure_options *o, const measure_plan *plan, const measure_gpus *g, int gpu,
                         const char *path, measure_run *r, gr_profile_list *profiles, bool *written)
{
    gr_error err;
    time_t started = time(NULL);
    /* Before the device is opened: that can take seconds, and an interrupt
     * there must say so too. */
    measure_interrupt_install(path);
    if (!measure_open_device(gpu, &r->device, &err))
        return cli_fail("%s; nothing written to %s", err.text, path);
    remember(&r->file, o->argc, o->argv);
    r->profile = cli_find_gpu_profile(o->profiles, &r->device, profiles);
    /* no API reads the L2 clock: the L2 ceiling is held to the profile's figure */
    gr_roofs datasheet;
    gr_roofs_fill(r->profile, NULL, NULL, &datasheet);
    if (datasheet.bandwidth_gbs[GR_LEVEL_L2].source == GR_ROOF_PROFILE)
        r->l2_peak_gbs = datasheet.bandwidth_gbs[GR_LEVEL_L2].value;
    measure_progress("GPU %d, %s, profile %s", gpu, r->device.name, r->profile ? r->profile->name : "none matches");
    if (!run_parts(r, plan))
        return cli_fail("the run failed: nothing written to %s", path);
    if (g->ncu_file && !measure_ncu_take(&r->file, &g->ncu, g->ncu_file))
        return cli_fail("nothing written to %s", path);
    measure_interrupt_write_begin();
    *written = measure_write(r, path);
    measure_interrupt_write_end(*written);
    if (!*written)
        return EXIT_INPUT;
    gr_results_textf(&r->file, &r->file.path, GR_RESULT_PATH_SIZE, "%s", path);
    print_summary(&r->file, r->failures, path, g->named);
    if (!plan->quick)
        measure_report_targets(r, difftime(time(NULL), started));
    return r->failures ? EXIT_INPUT : EXIT_OK;
}

static int measure_on_gpu(const measure_options *o, const measure_plan *plan, const measure_gpus *g, int gpu,
                          const char *path, measure_run *r, bool *written)
{
    gr_profile_list profiles = {0};
    *written = false;
    int rc = run_and_write(o, plan, g, gpu, path, r, &profiles, written);
    r->profile = NULL; /* it pointed into the list */
    gr_profile_list_free(&profiles);
    return rc;
}

/* The file of GPU gpu: -o's name (default results.yaml) with %N and %g
 * expanded; where every GPU is measured and the name has no %g, -gpuN
 * added to it.  The name was checked with the options. */
static int gpu_file(const measure_options *o, int gpu, bool every, char *file, size_t size)
{
    const char *pattern = o->output ? o->output : "results.yaml";
    char host[256] = "", expanded[4096];
    gr_error err;
    bool names_gpu;
    if (gethostname(host, sizeof host - 1) != 0)
        return cli_fail("cannot read the host's name: %s; nothing written", strerror(errno));
    if (!gr_node_pattern_check(pattern, &names_gpu, &err) ||
        !gr_node_pattern_expand(pattern, host, gpu, expanded, sizeof expanded, &err))
        return cli_fail("%s; nothing written", err.text);
    if (!every || names_gpu) {
        snprintf(file, size, "%s", expanded);
        return EXIT_OK;
    }
    return gr_node_gpu_path(expanded, gpu, file, size, &err) ? EXIT_OK : cli_fail("%s; nothing written", err.text);
}

/* Each GPU in turn into its own file, then the GPUs side by side.  A GPU
 * whose run fails does not stop the others; the status is 1 where any run
 * failed, any result failed its check, or the comparison flags a GPU. */
static int measure_every_gpu(const measure_options *o, const measure_plan *plan, const measure_gpus *g,
                             measure_run **runs, int count)
{
    const gr_results **written = calloc((size_t)count, sizeof *written);
    size_t written_count = 0;
    int rc = written ? EXIT_OK : cli_fail("out of memory");
    for (int i = 0; written && i < count; i++) {
        char file[4096];
        bool kept;
        if (gpu_file(o, i, true, file, sizeof file) != EXIT_OK) {
            free(written);
            return EXIT_INPUT;
        }
        if (measure_on_gpu(o, plan, g, i, file, runs[i], &kept) != EXIT_OK)
            rc = EXIT_INPUT;
        if (kept) {
            written[written_count++] = &runs[i]->file;
            measure_interrupt_kept(file);
        }
    }
    printf("\n");
    if (written_count < (size_t)count)
        printf("%zu of %d GPUs measured: the others' runs failed (above)\n", written_count, count);
    if (written_count && measure_node_check(written, written_count, g->spread_limit_pct) != EXIT_OK)
        rc = EXIT_INPUT;
    free(written);
    return rc;
}

/* count runs, each initialised; NULL (printed) when out of memory. */
static measure_run **new_runs(int count)
{
    measure_run **runs = calloc((size_t)count, sizeof *runs);
    for (int i = 0; runs && i < count; i++) {
        runs[i] = malloc(sizeof *runs[i]); /* too large for the stack */
        if (!runs[i])
            break;
        measure_run_init(runs[i]);
    }
    if (!runs || !runs[count - 1]) {
        for (int i = 0; runs && i < count; i++)
            free(runs[i]);
        free(runs);
        cli_error("out of memory");
        return NULL;
    }
    return runs;
}

static int measure_gpus_run(const measure_options *o, const measure_plan *plan, const measure_gpus *g)
{
    gr_error err;
    int count = 1;
    bool written;
    if (g->gpu < 0 && !measure_gpu_count(&count, &err))
        return cli_fail("%s; nothing written", err.text);
    if (count > GR_NODE_MAX_GPUS)
        return cli_fail("%d GPUs: --all-gpus measures at most %d; nothing written", count, GR_NODE_MAX_GPUS);
    char file[4096];
    if (g->gpu >= 0 && gpu_file(o, g->gpu, false, file, sizeof file) != EXIT_OK)
        return EXIT_INPUT;
    measure_run **runs = new_runs(count);
    if (!runs)
        return EXIT_INPUT;
    int rc = g->gpu >= 0 ? measure_on_gpu(o, plan, g, g->gpu, file, runs[0], &written)
                         : measure_every_gpu(o, plan, g, runs, count);
    for (int i = 0; i < count; i++) {
        measure_run_free(runs[i]);
        free(runs[i]);
    }
    free(runs);
    return rc;
}
#endif

/* The run itself, where this gpuroof has the CUDA kernels. */
static int measure_plan_run(const measure_options *o, const measure_plan *plan, const measure_gpus *g)
{
#ifndef HAVE_CUDA
    (void)o, (void)plan, (void)g;
    return cli_fail("measure needs the CUDA kernels, and this gpuroof was built without CUDA: install the "
                    "CUDA toolkit and run ./configure --with-cuda[=DIR], then make");
#else
    return measure_gpus_run(o, plan, g);
#endif
}

int cmd_measure_run(const measure_options *o)
{
    measure_plan plan;
    measure_gpus gpus = {0};
    int rc = check_gpu_options(o);
    if (rc == EXIT_OK)
        rc = read_gpus(o, &gpus);
    if (rc == EXIT_OK && o->compare)
        return measure_compare_files(o->files, (size_t)o->file_count, gpus.spread_limit_pct);
    if (rc == EXIT_OK)
        rc = read_plan(o, &plan);
    if (rc == EXIT_OK)
        rc = measure_plan_run(o, &plan, &gpus);
    if (gpus.ncu_file)
        gr_ncu_report_free(&gpus.ncu);
    return rc;
}

int cmd_measure(int argc, char **argv)
{
    measure_options o = {.argc = argc, .argv = argv};
    int operand, rc = cli_parse(&spec, argc, argv, &o, &operand);
    o.file_count = argc - operand;
    o.files = argv + operand;
    return rc == EXIT_OK ? cmd_measure_run(&o) : cli_parse_stopped(rc);
}

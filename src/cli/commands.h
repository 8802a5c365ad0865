/* The gpuroof commands.  Each is two functions: cmd_X(argc, argv), argv[0]
 * its name, parses its options into X_options and calls cmd_X_run, which
 * any caller can call with options of its own.  Option values are parsed
 * and range-checked by cli_parse (options.h): a number is a cli_int_value
 * or cli_double_value, whose given says whether it was given.  Where a run takes json_t **json,
 * its JSON output is handed over there instead of printed (cli_put_json);
 * NULL prints it. */
#ifndef GPUROOF_COMMANDS_H
#define GPUROOF_COMMANDS_H

#include <jansson.h>
#include <stdbool.h>
#include "gpuroof_banks.h"
#include "gpuroof_ncu.h"
#include "gpuroof_roofline.h"
#include "options.h"

typedef struct {
    cli_double_value flops, bytes, intensity, peak_gflops, bandwidth, achieved_gflops;
    const char *model, *device, *profiles;
    cli_choice_value precision; /* in gr_precisions */
    cli_double_value l2_bytes, shared_bytes, l2_bandwidth, shared_bandwidth; /* the hierarchical bound's levels */
    cli_values defines; /* -D NAME=VALUE */
    bool json;
} bound_options;

/* --block XxY[xZ]: the threads of the shape, and the shape as given. */
typedef struct {
    bool given;
    int threads;
    const char *text;
} occ_block_value;

/* --carveout: bytes with a unit (100K), a share of the largest carveout
 * (50%), or a bare number, which the device's rules refuse in their own
 * words (occ_read_sm: before sm_70 a percentage is refused too). */
typedef enum { OCC_CARVEOUT_BYTES, OCC_CARVEOUT_PERCENT, OCC_CARVEOUT_BARE } occ_carveout_kind;
typedef struct {
    bool given;
    occ_carveout_kind kind;
    int64_t value; /* bytes, or percent */
    double bare;   /* the bare number */
    const char *text;
} occ_carveout_value;

/* One launch and the SM it runs on, as occupancy and plot occupancy take
 * them (occupancy_launch.h). */
typedef struct {
    cli_int_value threads, regs, smem;
    occ_block_value block;
    occ_carveout_value carveout;
    /* textbook limits, instead of a device */
    cli_int_value max_threads_sm, max_blocks_sm, regs_sm, smem_sm, max_threads_block, reg_unit, smem_unit,
        smem_reserved;
} occupancy_launch_options;

typedef struct {
    occupancy_launch_options launch;
    const char *model, *device;
    const char *from, *kernel, *arch; /* --from FILE --kernel PATTERN [--arch sm_XX]: a compiled kernel's */
    bool glob;                        /* --glob: --kernel's PATTERN is a glob */
    cli_choice_value sweep; /* occupancy_sweeps */
    cli_int_value target_blocks;
    const char *profiles;
    cli_values defines;
    bool suggest, json;
} occupancy_options;

typedef struct {
    const char *file; /* the model: a file, or a name in models/ */
    cli_values defines;
    const char *device, *profiles;
    cli_choice_value precision; /* in gr_precisions */
    cli_int_value regs;
    bool list, json; /* list: model --list */
} model_options;

/* banks --block XxY: at most 1024 threads. */
typedef struct {
    bool given;
    int x, y;
} banks_block_value;

typedef struct {
    const gr_bank_preset *kernel; /* --kernel NAME: a kernel of the notes */
    const char *store, *load, *device, *profiles;
    banks_block_value block;
    cli_int_value pad, elem_bytes, bank_mode;
    bool suggest_pad, json;
} banks_options;

typedef struct {
    const char *profiles;
    bool json;
} devices_options;

typedef struct {
    bool detect;      /* profile detect; otherwise profile show */
    const char *name; /* show's NAME or FILE */
    const char *profiles, *output;
    const char *results; /* show --results: a results file's memory levels and the seed claims */
    bool json;
} profile_options;

/* plot --point LABEL:INTENSITY:GFLOPS, each given: the label is the
 * value's first label_len bytes. */
#define PLOT_MAX_POINTS 16 /* GRC_CHART_MAX_ITEMS */
typedef struct {
    size_t count;
    struct {
        const char *label;
        size_t label_len;
        double intensity, gflops; /* FLOP/B, GFLOP/s */
    } items[PLOT_MAX_POINTS];
} plot_points_value;

/* plot --levels LIST: the memory levels named. */
typedef struct {
    bool given;
    bool levels[GR_MEMORY_LEVELS];
} plot_levels_value;

typedef struct {
    bool occupancy, banks; /* plot occupancy, plot banks; otherwise a roofline */
    bool latency;             /* plot latency */
    const char *latency_file; /* its results file, given as an operand (else --results) */
    cli_values devices, models, defines, results;
    cli_choices_value precisions; /* in gr_precisions */
    plot_points_value points;
    size_t define_model[CLI_MAX_VALUES]; /* the index in models of the model each -D sets */
    occupancy_launch_options launch; /* plot occupancy's */
    plot_levels_value levels;        /* the hierarchical roofline */
    const char *ncu;                 /* a Nsight Compute report's kernels on it */
    /* the report already analysed (ncu --html), drawn as it is, ncu then
     * only naming it in messages; NULL: plot reads and analyses ncu */
    const gr_ncu_analysis *ncu_analysis;
    cli_int_value top;
    const char *output, *profiles;
    bool keep_script, script_only, json;
    const char *csv; /* plot --csv FILE: the points drawn */
    const char *html; /* plot --html FILE: the chart in a page, instead of -o */
    /* the chart's warnings are not printed (ncu --html: its own page says
     * what the chart leaves out, in the chart's note) */
    bool quiet_warnings;
    /* the results files' measured roofs alone, not their kernels (ncu
     * --html: the roofs its table held the launches to) */
    bool results_roofs_only;
    bool spread; /* --spread */
    char made_by[2048]; /* the command that makes the chart again, for its script */
} plot_options;

typedef struct {
    const char *output, *profiles, *bank_counters, *ncu_counters;
    cli_choices_value only; /* --only PARTS: in measure_parts */
    cli_int_value repeats, gpu;
    cli_double_value spread_limit;
    bool quick, all_gpus, compare;
    int argc; /* the command as typed, for the results' provenance */
    char **argv;
    int file_count; /* --compare's results files: operands */
    char **files;
} measure_options;

typedef struct {
    bool json;
    int number_count; /* the exercises asked for, as given ("9", "12a", "5.1"); none: all */
    char **numbers;
} exercises_options;

typedef struct {
    const char *arch, *device, *profiles;
    const char *kernel; /* --kernel PATTERN: only the kernels it picks */
    bool glob, json;    /* --glob: PATTERN is a glob, even a pasted signature */
    int file_count; /* the files: operands */
    char **files;
} kernels_options;

typedef struct {
    const char *device, *results, *output, *profiles;
    const char *chip; /* --metrics --chip: one of ncu's chip names ("ga102") */
    bool group, metrics, strict, json;
    const char *kernel;  /* --kernel PATTERN: the table's rows it picks, and their explanations */
    bool glob;           /* --glob: PATTERN is a glob, even a pasted signature */
    cli_int_value top;   /* --top N: the table's N longest rows */
    bool details;        /* --details: each row's worked explanation after the table */
    const char *html;    /* --html FILE: the report as one self-contained page too */
    const char *file; /* FILE: a CSV, '-', or an .ncu-rep */
    int app_argc;     /* -- APP [ARGS]: the application to profile */
    char **app_argv;
} ncu_options;

int cmd_bound(int argc, char **argv);
int cmd_bound_run(const bound_options *o, json_t **json);
int cmd_occupancy(int argc, char **argv);
int cmd_occupancy_run(const occupancy_options *o, json_t **json);
int cmd_model(int argc, char **argv);
int cmd_model_run(const model_options *o, json_t **json);
int cmd_banks(int argc, char **argv);
int cmd_banks_run(const banks_options *o, json_t **json);
int cmd_devices(int argc, char **argv);
int cmd_devices_run(const devices_options *o, json_t **json);
int cmd_profile(int argc, char **argv);
int cmd_profile_parse(int argc, char **argv, profile_options *o);
int cmd_profile_run(const profile_options *o, json_t **json);
/* profile detect, which cmd_profile_run calls (it prints no JSON). */
int cmd_profile_detect_run(const profile_options *o);
int cmd_plot(int argc, char **argv);
int cmd_plot_run(const plot_options *o);
/* Draws the chart o asks for into o->output; with json, what it drew
 * (plot --json's object, before the files are named in it). */
int plot_draw_chart(const plot_options *o, json_t **json);
/* plot --html: the chart in one self-contained page (plot_html.c). */
int plot_write_html(const plot_options *o);
int cmd_measure(int argc, char **argv);
int cmd_measure_run(const measure_options *o);
int cmd_exercises(int argc, char **argv);
int cmd_exercises_run(const exercises_options *o);
int cmd_kernels(int argc, char **argv);
int cmd_kernels_run(const kernels_options *o, json_t **json);
/* gpuroof trace FILE: a run as torch.profiler recorded it. */
typedef struct {
    const char *file; /* FILE: a trace (.json or .json.gz), or '-' */
    const char *device, *profiles;
    cli_int_value top; /* --top N: the table's N longest kernels (launches with --launches) */
    const char *ncu;   /* --ncu REPORT: Nsight Compute's report of the same program, joined */
    bool ncu_plan;     /* --ncu-plan: the ncu command that profiles the longest kernels once each */
    bool json;
    bool launches;     /* --launches: one row a launch */
    const char *kernel; /* --kernel PATTERN: only the kernels it names */
    bool glob;          /* --glob: PATTERN is a glob */
    const char *html;  /* --html FILE: the page */
    /* several FILEs, one a rank, compared; or with --compare, the
     * summaries gpuroof trace --json wrote of them (src/cli/trace_compare.c) */
    bool compare;
    int file_count;
    char **files;
} trace_options;

int cmd_trace(int argc, char **argv);
int cmd_trace_run(const trace_options *o, json_t **json);
int cmd_ncu(int argc, char **argv);
int cmd_ncu_run(const ncu_options *o, json_t **json);

/* The parse of the commands exercises runs: cmd_X is cmd_X_parse, then
 * cmd_X_run.  Each returns EXIT_OK, CLI_HELP_SHOWN or a usage error. */
int cmd_bound_parse(int argc, char **argv, bound_options *o);
int cmd_occupancy_parse(int argc, char **argv, occupancy_options *o);
int cmd_model_parse(int argc, char **argv, model_options *o);

#endif

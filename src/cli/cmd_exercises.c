/* gpuroof exercises: PMPP chapter 5's exercises, each answered by the
 * command a student would type, run through the same code as if typed. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "commands.h"

#define MAX_RUNS 2

static const char usage[] =
    "Usage: gpuroof exercises [--json]\n\n"
    "Answers the exercises of PMPP chapter 5 (and the chapter's worked examples), each\n"
    "printed as the command that answers it, followed by its output.\n";

static const cli_option options[] = {
    {.name = "json", .offset = offsetof(exercises_options, json),
     .help = "print one JSON object: each exercise with its commands and what they printed"},
};

static const cli_spec spec = {"exercises", usage, NULL, options, sizeof options / sizeof options[0]};

/* One command: exactly one of its options is set. */
typedef struct {
    const bound_options *bound;
    const occupancy_options *occupancy;
    const model_options *model;
} exercise_run;

typedef struct {
    const char *title;
    exercise_run runs[MAX_RUNS]; /* the first with none set ends them */
    const char *answer;          /* for the questions answered in words */
} exercise;

#define MODEL(...) {.model = &(const model_options){__VA_ARGS__}}
#define BOUND(...) {.bound = &(const bound_options){__VA_ARGS__}}
#define OCCUPANCY(...) {.occupancy = &(const occupancy_options){__VA_ARGS__}}
/* The SM of exercise 12 */
#define TEXTBOOK_SM .max_threads_sm = "2048", .max_blocks_sm = "32", .regs_sm = "64K", .smem_sm = "96K"

static const exercise exercises[] = {
    {"Exercise 1: can shared memory reduce the global traffic of matrix addition?",
     {MODEL(.file = "matrix-add")}, NULL},
    {"Exercise 2: 8x8 matrix multiplication with 2x2 and 4x4 tiles: the reduction is the tile width",
     {MODEL(.file = "matmul-tiled", .defines = {2, {"Width=8", "TILE_WIDTH=2"}}),
      MODEL(.file = "matmul-tiled", .defines = {2, {"Width=8", "TILE_WIDTH=4"}})}, NULL},
    {"Exercise 3: what goes wrong without the __syncthreads() calls of the tiled kernel (Fig. 5.9)?",
     {{NULL}},
     "Without the first, a thread may read Mds or Nds before the threads that load them have\n"
     "written them (read-after-write, a true dependence). Without the second, a fast thread may\n"
     "load the next phase's tile over the one slower threads are still reading (write-after-read,\n"
     "a false dependence). Either way P gets wrong values.\n"},
    {"Exercise 4: why hold values fetched from global memory in shared memory rather than registers?",
     {{NULL}},
     "Every thread of a block can read shared memory, so one thread's load from global memory can\n"
     "serve all the threads that need the value; a register is private to its thread.\n"},
    {"Exercise 5: the reduction of global traffic with 32x32 tiles",
     {MODEL(.file = "matmul-tiled", .defines = {1, {"TILE_WIDTH=32"}})}, NULL},
    {"Exercises 6 and 7: versions of a local and of a shared variable, 1000 blocks of 512 threads",
     {MODEL(.file = "versions")}, NULL},
    {"Exercise 8: how many times is each input element requested, untiled and with TxT tiles?",
     {MODEL(.file = "matmul-tiled")}, NULL},
    {"Exercise 9a: 36 FLOP and seven 32-bit global accesses per thread; 200 GFLOP/s, 100 GB/s",
     {BOUND(.flops = "36", .bytes = "7*4", .peak_gflops = "200", .bandwidth = "100")}, NULL},
    {"Exercise 9b: the same kernel; 300 GFLOP/s, 250 GB/s",
     {BOUND(.flops = "36", .bytes = "7*4", .peak_gflops = "300", .bandwidth = "250")}, NULL},
    {"Exercise 10: BlockTranspose: for which BLOCK_WIDTH is it correct, and why?",
     {MODEL(.file = "block-transpose")}, NULL},
    {"Exercise 11: foo_kernel: versions of i, x, y_s and b_s; shared memory per block; FLOP/B",
     {MODEL(.file = "foo-kernel")}, NULL},
    {"Exercise 12a: 64 threads, 27 registers, 4 KB per block; 2048 threads, 32 blocks, 64K registers, 96 KB per SM",
     {OCCUPANCY(.threads = "64", .regs = "27", .smem = "4K", TEXTBOOK_SM)}, NULL},
    {"Exercise 12b: 256 threads, 31 registers, 8 KB per block on the same SM",
     {OCCUPANCY(.threads = "256", .regs = "31", .smem = "8K", TEXTBOOK_SM)}, NULL},
    {"Section 5.1: the naive matmul loop does 2 FLOP per 8 bytes loaded; on an A100 it is memory-bound",
     {BOUND(.flops = "2", .bytes = "2*4", .device = "a100")}, NULL},
    {"Section 5.5: 256 threads and 32 KB of shared memory per block on an A100, by the hardware's rules\n"
     "(the chapter gives no register count; 32 registers do not limit here)",
     {OCCUPANCY(.threads = "256", .regs = "32", .smem = "32K", .device = "a100")}, NULL},
};

static bool is_run(const exercise_run *r)
{
    return r->bound || r->occupancy || r->model;
}

/* Calls word() with each word of the command line of r, as a student
 * would type it after "gpuroof". */
static void run_words(const exercise_run *r, cli_word_fn word, void *context)
{
    if (r->bound) {
        word("bound", context);
        cli_option_words(&bound_spec, r->bound, word, context);
    } else if (r->occupancy) {
        word("occupancy", context);
        cli_option_words(&occupancy_spec, r->occupancy, word, context);
    } else {
        word("model", context);
        word(r->model->file, context);
        cli_option_words(&model_spec, r->model, word, context);
    }
}

/* Runs r, with --json where json says: its JSON is then handed over. */
static int run(const exercise_run *r, json_t **json)
{
    fflush(stdout);
    if (r->bound) {
        bound_options o = *r->bound;
        o.json = json != NULL;
        return cmd_bound_run(&o, json);
    }
    if (r->occupancy) {
        occupancy_options o = *r->occupancy;
        o.json = json != NULL;
        return cmd_occupancy_run(&o, json);
    }
    model_options o = *r->model;
    o.json = json != NULL;
    return cmd_model_run(&o, json);
}

static void print_word(const char *word, void *context)
{
    (void)context;
    printf(strpbrk(word, "*() ") ? " '%s'" : " %s", word);
}

static int answer(const exercise *e)
{
    int status = EXIT_OK;
    if (e->answer)
        fputs(e->answer, stdout);
    for (int i = 0; i < MAX_RUNS && is_run(&e->runs[i]); i++) {
        if (i)
            printf("\n");
        printf("$ gpuroof");
        run_words(&e->runs[i], print_word, NULL);
        printf("\n");
        if (run(&e->runs[i], NULL) != EXIT_OK)
            status = EXIT_INPUT;
    }
    return status;
}

static void append_word(const char *word, void *context)
{
    json_array_append_new(context, json_string(word));
}

static json_t *command_json(const exercise_run *r, json_t *result, int status)
{
    json_t *o = json_object(), *words = json_array();
    run_words(r, append_word, words);
    json_object_set_new(o, "command", words);
    json_object_set_new(o, "status", json_integer(status));
    json_object_set_new(o, "result", result ? result : json_null());
    return o;
}

/* One exercise as JSON: its title, its answer in words, and each command
 * with the JSON it printed. */
static json_t *answer_json(const exercise *e, int *status)
{
    json_t *o = json_object(), *commands = json_array();
    json_object_set_new(o, "title", json_string(e->title));
    if (e->answer)
        json_object_set_new(o, "answer", json_string(e->answer));
    for (int i = 0; i < MAX_RUNS && is_run(&e->runs[i]); i++) {
        json_t *result = NULL;
        int rc = run(&e->runs[i], &result);
        json_array_append_new(commands, command_json(&e->runs[i], result, rc));
        if (rc != EXIT_OK)
            *status = EXIT_INPUT;
    }
    json_object_set_new(o, "commands", commands);
    return o;
}

int cmd_exercises_run(const exercises_options *o)
{
    int status = EXIT_OK;
    size_t count = sizeof exercises / sizeof exercises[0];
    if (o->json) {
        json_t *all = json_array(), *j = json_object();
        for (size_t i = 0; i < count; i++)
            json_array_append_new(all, answer_json(&exercises[i], &status));
        json_object_set_new(j, "exercises", all);
        int rc = cli_put_json(j, NULL);
        return rc != EXIT_OK ? rc : status;
    }
    for (size_t i = 0; i < count; i++) {
        printf("%s== PMPP chapter 5, %s\n", i ? "\n" : "", exercises[i].title);
        if (answer(&exercises[i]) != EXIT_OK)
            status = EXIT_INPUT;
    }
    return status;
}

int cmd_exercises(int argc, char **argv)
{
    exercises_options o = {0};
    int rc = cli_parse_options(&spec, argc, argv, &o);
    return rc == EXIT_OK ? cmd_exercises_run(&o) : cli_parse_stopped(rc);
}

/* gpuroof exercises: PMPP chapter 5's exercises, each as the command a
 * student would type, run through the same code as if typed. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "commands.h"

#define MAX_ARGS 24
#define MAX_RUNS 2

typedef struct {
    const char *title;
    const char *runs[MAX_RUNS][MAX_ARGS]; /* commands, NULL-terminated */
    const char *answer;                   /* for the questions answered in words */
} exercise;

static const exercise exercises[] = {
    {"Exercise 1: can shared memory reduce the global traffic of matrix addition?",
     {{"model", "matrix-add", NULL}}, NULL},
    {"Exercise 2: 8x8 matrix multiplication with 2x2 and 4x4 tiles: the reduction is the tile width",
     {{"model", "matmul-tiled", "-D", "Width=8", "-D", "TILE_WIDTH=2", NULL},
      {"model", "matmul-tiled", "-D", "Width=8", "-D", "TILE_WIDTH=4", NULL}}, NULL},
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
     {{"model", "matmul-tiled", "-D", "TILE_WIDTH=32", NULL}}, NULL},
    {"Exercises 6 and 7: versions of a local and of a shared variable, 1000 blocks of 512 threads",
     {{"model", "versions", NULL}}, NULL},
    {"Exercise 8: how many times is each input element requested, untiled and with TxT tiles?",
     {{"model", "matmul-tiled", NULL}}, NULL},
    {"Exercise 9a: 36 FLOP and seven 32-bit global accesses per thread; 200 GFLOP/s, 100 GB/s",
     {{"bound", "--flops", "36", "--bytes", "7*4", "--peak-gflops", "200", "--bandwidth", "100", NULL}}, NULL},
    {"Exercise 9b: the same kernel; 300 GFLOP/s, 250 GB/s",
     {{"bound", "--flops", "36", "--bytes", "7*4", "--peak-gflops", "300", "--bandwidth", "250", NULL}}, NULL},
    {"Exercise 10: BlockTranspose: for which BLOCK_WIDTH is it correct, and why?",
     {{"model", "block-transpose", NULL}}, NULL},
    {"Exercise 11: foo_kernel: versions of i, x, y_s and b_s; shared memory per block; FLOP/B",
     {{"model", "foo-kernel", NULL}}, NULL},
    {"Exercise 12a: 64 threads, 27 registers, 4 KB per block; 2048 threads, 32 blocks, 64K registers, 96 KB per SM",
     {{"occupancy", "--threads", "64", "--regs", "27", "--smem", "4K", "--max-threads-sm", "2048",
       "--max-blocks-sm", "32", "--regs-sm", "64*1024", "--smem-sm", "96K", NULL}}, NULL},
    {"Exercise 12b: 256 threads, 31 registers, 8 KB per block on the same SM",
     {{"occupancy", "--threads", "256", "--regs", "31", "--smem", "8K", "--max-threads-sm", "2048",
       "--max-blocks-sm", "32", "--regs-sm", "64*1024", "--smem-sm", "96K", NULL}}, NULL},
    {"Section 5.1: the naive matmul loop does 2 FLOP per 8 bytes loaded; on an A100 it is memory-bound",
     {{"bound", "--flops", "2", "--bytes", "2*4", "--device", "a100", NULL}}, NULL},
    {"Section 5.5: 256 threads and 32 KB of shared memory per block on an A100, by the hardware's rules\n"
     "(the chapter gives no register count; 32 registers do not limit here)",
     {{"occupancy", "--threads", "256", "--regs", "32", "--smem", "32K", "--device", "a100", NULL}}, NULL},
};

static void print_command(const char *const *args)
{
    printf("$ gpuroof");
    for (size_t i = 0; args[i]; i++)
        printf(strpbrk(args[i], "*() ") ? " '%s'" : " %s", args[i]);
    printf("\n");
}

/* Runs one command as if typed, with --json appended when asked. */
static int run(const char *const *args, bool json)
{
    char *argv[MAX_ARGS + 1];
    int argc = 0;
    for (; args[argc]; argc++)
        argv[argc] = (char *)args[argc];
    if (json)
        argv[argc++] = "--json";
    argv[argc] = NULL;
    fflush(stdout);
    optind = 0; /* each command parses afresh */
    return find_command(argv[0])->run(argc, argv);
}

static int answer(const exercise *e)
{
    int status = EXIT_OK;
    if (e->answer)
        fputs(e->answer, stdout);
    for (int i = 0; i < MAX_RUNS && e->runs[i][0]; i++) {
        if (i)
            printf("\n");
        print_command(e->runs[i]);
        if (run(e->runs[i], false) != EXIT_OK)
            status = EXIT_INPUT;
    }
    return status;
}

static json_t *command_json(const char *const *args, json_t *result, int status)
{
    json_t *o = json_object(), *words = json_array();
    for (size_t i = 0; args[i]; i++)
        json_array_append_new(words, json_string(args[i]));
    json_object_set_new(o, "command", words);
    json_object_set_new(o, "status", json_integer(status));
    json_object_set_new(o, "result", result ? json_incref(result) : json_null());
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
    for (int i = 0; i < MAX_RUNS && e->runs[i][0]; i++) {
        json_t *printed = json_array();
        cli_capture_json(printed);
        int rc = run(e->runs[i], true);
        cli_capture_json(NULL);
        json_array_append_new(commands, command_json(e->runs[i], json_array_get(printed, 0), rc));
        json_decref(printed);
        if (rc != EXIT_OK)
            *status = EXIT_INPUT;
    }
    json_object_set_new(o, "commands", commands);
    return o;
}

int cmd_exercises(int argc, char **argv)
{
    static const char help[] =
        "Usage: gpuroof exercises [--json]\n\n"
        "Answers the exercises of PMPP chapter 5 (and the chapter's worked examples), each\n"
        "printed as the command that answers it, followed by its output.\n";
    if (argc > 1 && strcmp(argv[1], "--help") == 0)
        return fputs(help, stdout) == EOF ? EXIT_INPUT : EXIT_OK;
    bool json = argc > 1 && strcmp(argv[1], "--json") == 0;
    if (argc > 1 + json)
        return cli_usage_error("exercises", "unexpected argument '%s'", argv[1 + json]);
    int status = EXIT_OK;
    if (json) {
        json_t *all = json_array();
        for (size_t i = 0; i < sizeof exercises / sizeof exercises[0]; i++)
            json_array_append_new(all, answer_json(&exercises[i], &status));
        json_t *j = json_object();
        json_object_set_new(j, "exercises", all);
        int rc = cli_print_json(j);
        return rc != EXIT_OK ? rc : status;
    }
    for (size_t i = 0; i < sizeof exercises / sizeof exercises[0]; i++) {
        printf("%s== PMPP chapter 5, %s\n", i ? "\n" : "", exercises[i].title);
        if (answer(&exercises[i]) != EXIT_OK)
            status = EXIT_INPUT;
    }
    return status;
}

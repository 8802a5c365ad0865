/* gpuroof exercises: PMPP chapter 5's exercises, each answered by the
 * command a student would type, run through the same code as if typed. */
#include <stddef.h>
#include <sys/stat.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "commands.h"
#include "output.h"
#include "gpuroof_text.h"
#include "gpuroof_files.h"
#include "cli_data.h"

#define MAX_RUNS 2

static const char usage[] =
    "Usage: gpuroof exercises [NUMBER ...] [--json]\n\n"
    "Answers the exercises of PMPP chapter 5 (and the chapter's worked examples), each\n"
    "printed as the command that answers it, followed by its output: all of them, or\n"
    "those numbered (9 is 9a and 9b, 6 and 7 are one exercise, 5.1 and 5.5 the sections);\n"
    "claims holds the seed notes' claims about shared memory against the H100's measured figures;\n"
    "volatile counts their volatile qualifier's accesses, a global and a shared variable's.\n";

static const char notes[] = "Example (PMPP exercise 9, both parts): gpuroof exercises 9\n";

static const cli_option options[] = {
    CLI_OPT_FLAG(exercises_options, json, .name = "json",
                 .help = "print one JSON object: each exercise with its commands and what they printed"),
};

static const cli_spec spec = {"exercises", usage, notes, options, sizeof options / sizeof options[0], NULL};

/* One command, as a student types it after "gpuroof": the command's name,
 * then its options; parsed by the command's own parse, as if typed. */
#define MAX_WORDS 20
typedef struct {
    const char *words[MAX_WORDS]; /* ended by NULL; none: no run */
} exercise_run;

typedef struct {
    const char *numbers; /* what `gpuroof exercises NUMBER` takes for it: "9a", "6 7", "5.1" */
    const char *title;
    exercise_run runs[MAX_RUNS]; /* the first with none set ends them */
    const char *answer;          /* for the questions answered in words */
} exercise;

#define MODEL(...) {{"model", __VA_ARGS__}}
#define BOUND(...) {{"bound", __VA_ARGS__}}
#define OCCUPANCY(...) {{"occupancy", __VA_ARGS__}}
#define PROFILE(...) {{"profile", __VA_ARGS__}}
/* The SM of exercise 12 */
#define TEXTBOOK_SM "--max-threads-sm", "2048", "--max-blocks-sm", "32", "--regs-sm", "64K", "--smem-sm", "96K"

static const exercise exercises[] = {
    {"1", "Exercise 1: can shared memory reduce the global traffic of matrix addition?",
     {MODEL("matrix-add")}, NULL},
    {"2", "Exercise 2: 8x8 matrix multiplication with 2x2 and 4x4 tiles: the reduction is the tile width",
     {MODEL("matmul-tiled", "-D", "Width=8", "-D", "TILE_WIDTH=2"),
      MODEL("matmul-tiled", "-D", "Width=8", "-D", "TILE_WIDTH=4")}, NULL},
    {"3", "Exercise 3: what goes wrong without the __syncthreads() calls of the tiled kernel (Fig. 5.9)?",
     {{{NULL}}},
     "Without the first, a thread may read Mds or Nds before the threads that load them have\n"
     "written them (read-after-write, a true dependence). Without the second, a fast thread may\n"
     "load the next phase's tile over the one slower threads are still reading (write-after-read,\n"
     "a false dependence). Either way P gets wrong values.\n"},
    {"4", "Exercise 4: why hold values fetched from global memory in shared memory rather than registers?",
     {{{NULL}}},
     "Every thread of a block can read shared memory, so one thread's load from global memory can\n"
     "serve all the threads that need the value; a register is private to its thread.\n"},
    {"5", "Exercise 5: the reduction of global traffic with 32x32 tiles",
     {MODEL("matmul-tiled", "-D", "TILE_WIDTH=32")}, NULL},
    {"6 7", "Exercises 6 and 7: versions of a local and of a shared variable, 1000 blocks of 512 threads",
     {MODEL("versions")}, NULL},
    {"8", "Exercise 8: how many times is each input element requested, untiled and with TxT tiles?",
     {MODEL("matmul-tiled")}, NULL},
    {"9a", "Exercise 9a: 36 FLOP and seven 32-bit global accesses per thread; 200 GFLOP/s, 100 GB/s",
     {BOUND("--flops", "36", "--bytes", "7*4", "--peak-gflops", "200", "--bandwidth", "100")}, NULL},
    {"9b", "Exercise 9b: the same kernel; 300 GFLOP/s, 250 GB/s",
     {BOUND("--flops", "36", "--bytes", "7*4", "--peak-gflops", "300", "--bandwidth", "250")}, NULL},
    {"10", "Exercise 10: BlockTranspose: for which BLOCK_WIDTH is it correct, and why?",
     {MODEL("block-transpose")}, NULL},
    {"11", "Exercise 11: foo_kernel: versions of i, x, y_s and b_s; shared memory per block; FLOP/B",
     {MODEL("foo-kernel")}, NULL},
    {"12a",
     "Exercise 12a: 64 threads, 27 registers, 4 KB per block; 2048 threads, 32 blocks, 64K registers, 96 KB per SM",
     {OCCUPANCY("--threads", "64", "--regs", "27", "--smem", "4K", TEXTBOOK_SM)}, NULL},
    {"12b", "Exercise 12b: 256 threads, 31 registers, 8 KB per block on the same SM",
     {OCCUPANCY("--threads", "256", "--regs", "31", "--smem", "8K", TEXTBOOK_SM)}, NULL},
    {"5.1", "Section 5.1: the naive matmul loop does 2 FLOP per 8 bytes loaded; on an A100 it is memory-bound",
     {BOUND("--flops", "2", "--bytes", "2*4", "--device", "a100")}, NULL},
    {"5.5", "Section 5.5: 256 threads and 32 KB of shared memory per block on an A100, by the hardware's rules\n"
     "(the chapter gives no register count; 32 registers do not limit here)",
     {OCCUPANCY("--threads", "256", "--regs", "32", "--smem", "32K", "--device", "a100")}, NULL},
    {"claims", "The seed notes' claims: shared memory against DRAM on the H100",
     {PROFILE("show", "h100", "--results", "plots/data/h100-latency.yaml")}, NULL},
    {"volatile", "The seed notes' volatile qualifier: a global and a shared variable read at every iteration",
     {MODEL("volatile-global"), MODEL("volatile-shared")}, NULL},
};

static bool is_run(const exercise_run *r)
{
    return r->words[0] != NULL;
}

/* A results file of a run ("plots/data/h100-latency.yaml") is data the
 * program ships, found as the chart style is: in the plots folder of this
 * program's data directory (its build tree's or the installed one), so
 * that the exercise runs from any directory.  Shown and run as given where
 * the word names that same file from here (the top of the source tree, for
 * its build), else by the path found; as given where it is not found, for
 * the command to name. */
static const char *data_file(const char *word, char *path, size_t size)
{
    const char *folder = gr_data_folder(GR_DATA_STYLE);
    size_t len = strlen(folder);
    gr_search_path sp;
    cli_data_path(GR_DATA_STYLE, NULL, &sp);
    if (strncmp(word, folder, len) != 0 || word[len] != '/' || !gr_search_path_find(&sp, word + len + 1, path, size))
        return word;
    /* compared as files: a VPATH build spells its data folder "BUILD/../../plots" */
    struct stat given, found;
    if (stat(word, &given) == 0 && stat(path, &found) == 0 && given.st_dev == found.st_dev &&
        given.st_ino == found.st_ino)
        return word;
    return path;
}

/* The i-th word of r as it runs: a data file's found where it follows
 * --results. */
static const char *run_word(const exercise_run *r, size_t i, char *path, size_t size)
{
    if (i && strcmp(r->words[i - 1], "--results") == 0)
        return data_file(r->words[i], path, size);
    return r->words[i];
}

/* Calls word() with each word of the command line of r, as a student
 * would type it after "gpuroof". */
typedef void (*word_fn)(const char *word, void *context);
static void run_words(const exercise_run *r, word_fn word, void *context)
{
    char path[1024];
    for (size_t i = 0; r->words[i]; i++)
        word(run_word(r, i, path, sizeof path), context);
}

static int run_profile(int argc, char **argv, json_t **json)
{
    profile_options o = {0};
    o.json = json != NULL;
    int rc = cmd_profile_parse(argc, argv, &o);
    return rc == EXIT_OK ? cmd_profile_run(&o, json) : rc;
}

/* Runs r through its command's parse, with --json where json says: its
 * JSON is then handed over. */
static int run(const exercise_run *r, json_t **json)
{
    char *argv[MAX_WORDS], path[1024];
    int argc = 0, rc;
    while (r->words[argc]) {
        /* getopt reorders the pointers, never the words */
        argv[argc] = (char *)run_word(r, (size_t)argc, path, sizeof path);
        argc++;
    }
    fflush(stdout);
    if (strcmp(argv[0], "profile") == 0)
        return run_profile(argc, argv, json);
    if (strcmp(argv[0], "bound") == 0) {
        bound_options o = {0};
        o.json = json != NULL;
        return (rc = cmd_bound_parse(argc, argv, &o)) == EXIT_OK ? cmd_bound_run(&o, json) : rc;
    }
    if (strcmp(argv[0], "occupancy") == 0) {
        occupancy_options o = {0};
        o.json = json != NULL;
        return (rc = cmd_occupancy_parse(argc, argv, &o)) == EXIT_OK ? cmd_occupancy_run(&o, json) : rc;
    }
    model_options o = {0};
    o.json = json != NULL;
    return (rc = cmd_model_parse(argc, argv, &o)) == EXIT_OK ? cmd_model_run(&o, json) : rc;
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

#define EXERCISE_COUNT (sizeof exercises / sizeof exercises[0])

/* One word of an exercise's numbers answers what was asked: the same
 * ("9a", "5.1", "9A"), or the number of its parts ("9" for 9a and 9b). */
static bool number_answers(const char *word, size_t word_len, const char *asked)
{
    char copy[16];
    size_t asked_len = strlen(asked);
    if (word_len >= sizeof copy)
        return false;
    snprintf(copy, sizeof copy, "%.*s", (int)word_len, word);
    if (gr_name_equal(copy, asked))
        return true;
    return word_len == asked_len + 1 && copy[asked_len] >= 'a' && copy[asked_len] <= 'z' &&
           strncmp(copy, asked, asked_len) == 0;
}

static bool exercise_answers(const exercise *e, const char *asked)
{
    for (const char *w = e->numbers; *w; w += strspn(w, " ")) {
        size_t len = strcspn(w, " ");
        if (number_answers(w, len, asked))
            return true;
        w += len;
    }
    return false;
}

/* "no exercise '13': give 1, 2, ..., 5.1 or 5.5" */
static int unknown_exercise(const char *asked, gr_buf *list)
{
    for (size_t i = 0; i < EXERCISE_COUNT; i++)
        for (const char *w = exercises[i].numbers; *w; w += strspn(w, " ")) {
            size_t len = strcspn(w, " ");
            const char *joint = !list->length ? "" : i + 1 == EXERCISE_COUNT && !w[len] ? " or " : ", ";
            gr_buf_addf(list, "%s%.*s", joint, (int)len, w);
            w += len;
        }
    return cli_usage_error("exercises", "no exercise '%s': give %s (a number alone is all its parts: 9 is 9a and 9b)",
                           asked, gr_buf_text(list));
}

/* The exercises asked for, in the order asked, each once; all of them
 * where none is. */
static int choose(const exercises_options *o, size_t chosen[EXERCISE_COUNT], size_t *count)
{
    bool taken[EXERCISE_COUNT] = {false};
    *count = 0;
    for (size_t i = 0; o->number_count == 0 && i < EXERCISE_COUNT; i++)
        chosen[(*count)++] = i;
    for (int n = 0; n < o->number_count; n++) {
        bool found = false;
        for (size_t i = 0; i < EXERCISE_COUNT; i++) {
            if (!exercise_answers(&exercises[i], o->numbers[n]))
                continue;
            found = true;
            if (!taken[i])
                chosen[(*count)++] = i;
            taken[i] = true;
        }
        if (!found) {
            gr_buf list = GR_BUF_INIT; /* the numbers there are, for the error */
            int rc = unknown_exercise(o->numbers[n], &list);
            gr_buf_free(&list);
            return rc;
        }
    }
    return EXIT_OK;
}

int cmd_exercises_run(const exercises_options *o)
{
    int status = EXIT_OK;
    size_t chosen[EXERCISE_COUNT], count;
    int rc = choose(o, chosen, &count);
    if (rc != EXIT_OK)
        return rc;
    if (o->json) {
        json_t *all = json_array(), *j = json_object();
        for (size_t i = 0; i < count; i++)
            json_array_append_new(all, answer_json(&exercises[chosen[i]], &status));
        json_object_set_new(j, "exercises", all);
        rc = cli_put_json(j, NULL);
        return rc != EXIT_OK ? rc : status;
    }
    for (size_t i = 0; i < count; i++) {
        const exercise *e = &exercises[chosen[i]];
        /* the book's exercises and sections are numbered; the seed notes' are named */
        bool pmpp = e->numbers[0] >= '0' && e->numbers[0] <= '9';
        printf("%s== %s%s\n", i ? "\n" : "", pmpp ? "PMPP chapter 5, " : "", e->title);
        if (answer(e) != EXIT_OK)
            status = EXIT_INPUT;
    }
    return status;
}

int cmd_exercises(int argc, char **argv)
{
    exercises_options o = {0};
    int operand, rc = cli_parse(&spec, argc, argv, &o, &operand);
    if (rc != EXIT_OK)
        return cli_parse_stopped(rc);
    o.number_count = argc - operand;
    o.numbers = argv + operand;
    return cmd_exercises_run(&o);
}

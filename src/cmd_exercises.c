/* gpuroof exercises: the chapter's questions, each as the command a student
 * would type, run through the same code as if typed. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "commands.h"

typedef struct {
    const char *title;
    const char *args[24];
} exercise;

static const exercise exercises[] = {
    {"PMPP 5.1: the naive matmul loop does 2 FLOP per 8 bytes loaded; on an A100 it is memory-bound",
     {"bound", "--flops", "2", "--bytes", "2*4", "--device", "a100", NULL}},
    {"PMPP exercise 9a: 36 FLOP and seven 32-bit global accesses per thread; 200 GFLOP/s, 100 GB/s",
     {"bound", "--flops", "36", "--bytes", "7*4", "--peak-gflops", "200", "--bandwidth", "100", NULL}},
    {"PMPP exercise 9b: the same kernel; 300 GFLOP/s, 250 GB/s",
     {"bound", "--flops", "36", "--bytes", "7*4", "--peak-gflops", "300", "--bandwidth", "250", NULL}},
    {"PMPP exercise 12a: 64 threads, 27 registers, 4 KB per block; 2048 threads, 32 blocks, 64K registers, 96 KB per SM",
     {"occupancy", "--threads", "64", "--regs", "27", "--smem", "4K", "--max-threads-sm", "2048",
      "--max-blocks-sm", "32", "--regs-sm", "64*1024", "--smem-sm", "96K", NULL}},
    {"PMPP exercise 12b: 256 threads, 31 registers, 8 KB per block on the same SM",
     {"occupancy", "--threads", "256", "--regs", "31", "--smem", "8K", "--max-threads-sm", "2048",
      "--max-blocks-sm", "32", "--regs-sm", "64*1024", "--smem-sm", "96K", NULL}},
    {"PMPP 5.5: 256 threads and 32 KB of shared memory per block on an A100, by the hardware's rules\n"
     "(the chapter gives no register count; 32 registers do not limit here)",
     {"occupancy", "--threads", "256", "--regs", "32", "--smem", "32K", "--device", "a100", NULL}},
};

static void print_command(const char *const *args)
{
    printf("$ gpuroof");
    for (size_t i = 0; args[i]; i++)
        printf(strpbrk(args[i], "*() ") ? " '%s'" : " %s", args[i]);
    printf("\n");
}

static int run(const exercise *e)
{
    char *argv[24];
    int argc = 0;
    for (; e->args[argc]; argc++)
        argv[argc] = (char *)e->args[argc];
    argv[argc] = NULL;
    optind = 0; /* each command parses afresh */
    return find_command(argv[0])->run(argc, argv);
}

int cmd_exercises(int argc, char **argv)
{
    static const char help[] =
        "Usage: gpuroof exercises\n\n"
        "Answers PMPP chapter 5's roofline and occupancy exercises, each printed as the\n"
        "command that answers it, followed by its output.\n";
    if (argc > 1 && strcmp(argv[1], "--help") == 0)
        return fputs(help, stdout) == EOF ? EXIT_INPUT : EXIT_OK;
    if (argc > 1)
        return cli_usage_error("exercises", "unexpected argument '%s'", argv[1]);
    int status = EXIT_OK;
    for (size_t i = 0; i < sizeof exercises / sizeof exercises[0]; i++) {
        printf("%s== %s\n", i ? "\n" : "", exercises[i].title);
        print_command(exercises[i].args);
        fflush(stdout);
        if (run(&exercises[i]) != EXIT_OK)
            status = EXIT_INPUT;
    }
    return status;
}

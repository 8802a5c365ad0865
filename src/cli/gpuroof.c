/* gpuroof: roofline, occupancy and bank-conflict calculator for CUDA GPUs. */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "commands.h"
#include "gpuroof_text.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"bound", cmd_bound, "compute- or memory-bound? the roofline bound, with the work shown"},
    {"occupancy", cmd_occupancy, "full occupancy? blocks per SM and what limits them"},
    {"model", cmd_model, "evaluate a kernel model: FLOPs, bytes, intensity, variables"},
    {"banks", cmd_banks, "shared-memory bank conflicts of an access, and the padding that removes them"},
    {"kernels", cmd_kernels, "what compiled kernels use, from nvcc's report, cuobjdump, a cubin or a binary"},
    {"ncu", cmd_ncu, "your kernels from Nsight Compute: FLOPs, bytes, binding level, occupancy, wavefronts"},
    {"trace", cmd_trace, "a run as torch.profiler recorded it: where the GPU's time went, each kernel's occupancy"},
    {"plot", cmd_plot, "roofline and occupancy charts (PDF, PNG) through gnuplot"},
    {"measure", cmd_measure, "run the kernels on the local GPU and record the results"},
    {"devices", cmd_devices, "list the device profiles"},
    {"profile", cmd_profile, "show one device profile (profile show NAME)"},
    {"exercises", cmd_exercises, "PMPP chapter 5's exercises, answered with the work shown"},
};

static int usage(FILE *out, int status)
{
    fprintf(out, "Usage: gpuroof COMMAND [options]   (gpuroof COMMAND --help for each)\n\nCommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-10s  %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nOptions: --help, --version.\n"
                 "Every command takes --help (-h), and all but measure and profile detect take --json.\n"
                 "Exit status: 0 success, 1 bad input or failed run, 2 usage.\n");
    return status;
}

/* Without case: BOUND is bound. */
static const command *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (gr_name_equal(commands[i].name, name))
            return &commands[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    gr_name_suggestion s;
    gr_suggest_start(&s, name);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        gr_suggest_consider(&s, commands[i].name);
    fprintf(stderr, "gpuroof: unknown command '%s'%s (gpuroof --help lists them)\n", name,
            cli_suggested(&s, ": did you mean ", "?").text);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr, EXIT_USAGE);
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return usage(stdout, EXIT_OK);
    if (strcmp(argv[1], "--version") == 0) {
        printf("gpuroof %s\n", PACKAGE_VERSION);
        return EXIT_OK;
    }
    const command *cmd = find_command(argv[1]);
    if (!cmd)
        return unknown_command(argv[1]);
    int status = cmd->run(argc - 1, argv + 1);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "gpuroof: cannot write the output\n");
        return EXIT_INPUT;
    }
    return status;
}

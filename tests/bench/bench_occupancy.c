/* make bench: how fast gpuroof answers.  Targets: one `gpuroof occupancy`
 * answer (the whole process: profile load, computation, output) in under
 * 5 ms of CPU; a sweep over every block size (1..1024) x register count
 * (1..255) for one device in under 100 ms.  A benchmark, not a test: it
 * prints the figures and whether each target was met. */
#define _DEFAULT_SOURCE /* wait4 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "occupancy.h"
#include "profile.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double rusage_seconds(const struct rusage *r)
{
    return (double)(r->ru_utime.tv_sec + r->ru_stime.tv_sec) +
           (r->ru_utime.tv_usec + r->ru_stime.tv_usec) * 1e-6;
}

/* CPU time of one run of the command, output discarded; < 0 on failure. */
static double command_cpu_seconds(char *const argv[])
{
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, STDOUT_FILENO);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
        return -1;
    return rusage_seconds(&usage);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int bench_command(const char *gpuroof, const char *profile)
{
    char *argv[] = {(char *)gpuroof, "occupancy", "--device", (char *)profile, "--threads", "256",
                    "--regs", "32", "--smem", "32K", NULL};
    double runs[21];
    for (int i = 0; i < 21; i++)
        if ((runs[i] = command_cpu_seconds(argv)) < 0) {
            fprintf(stderr, "bench: %s occupancy failed\n", gpuroof);
            return 1;
        }
    qsort(runs, 21, sizeof runs[0], by_value);
    printf("one occupancy answer (whole process):  %.2f ms CPU, median of 21  [target < 5 ms: %s]\n",
           runs[10] * 1e3, runs[10] < 5e-3 ? "met" : "MISSED");
    return 0;
}

static int bench_sweep(const char *profile)
{
    gr_profile p;
    gr_sm_limits lim;
    gr_error err;
    if (!gr_profile_load_file(profile, &p, &err) || !gr_limits_from_profile(&p, -1, &lim, &err)) {
        fprintf(stderr, "bench: %s\n", err.text);
        return 1;
    }
    long blocks = 0, configurations = 0;
    double start = cpu_seconds();
    for (int threads = 1; threads <= p.max_threads_block; threads++)
        for (int regs = 1; regs <= p.max_regs_thread; regs++) {
            gr_launch l = {threads, regs, 0};
            gr_occupancy o;
            if (gr_occupancy_compute(&lim, &l, &o, NULL))
                blocks += o.blocks_per_sm;
            configurations++;
        }
    double elapsed = cpu_seconds() - start;
    printf("sweep of %ld configurations on %s: %.1f ms CPU  [target < 100 ms: %s] (checksum %ld)\n",
           configurations, p.name, elapsed * 1e3, elapsed < 0.1 ? "met" : "MISSED", blocks);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: bench_occupancy PROFILE.yaml GPUROOF\n");
        return 2;
    }
    return bench_sweep(argv[1]) || bench_command(argv[2], argv[1]);
}

/* Nsight Compute run by gpuroof (ncu_output.h): found where it is
 * installed, an application profiled into a report in a temporary
 * directory, the report's raw page read back through ncu --import, so
 * that what the application prints never mixes with the CSV. */
#define _POSIX_C_SOURCE 200809L
#include <config.h>
#include <errno.h>
#include <glob.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "cli_process.h"
#include "ncu_output.h"

/* Where Nsight Compute installs itself besides the PATH: the CUDA
 * toolkit's bin/ and the standalone installer's default directory. */
#define TOOLKIT_NCU "/usr/local/cuda/bin/ncu"
#define STANDALONE_NCU "/opt/nvidia/nsight-compute/*/ncu"

/* The newest standalone install: the last of its version directories. */
static bool find_standalone(char *path, size_t size)
{
    glob_t g;
    bool found = false;
    if (glob(STANDALONE_NCU, 0, NULL, &g) != 0)
        return false;
    for (size_t i = g.gl_pathc; i-- > 0 && !found;)
        if (access(g.gl_pathv[i], X_OK) == 0 && strlen(g.gl_pathv[i]) < size) {
            snprintf(path, size, "%s", g.gl_pathv[i]);
            found = true;
        }
    globfree(&g);
    return found;
}

bool ncu_find(char *path, size_t size, const char *why)
{
    const char *env = getenv("GPUROOF_NCU");
    if (env && env[0]) {
        if (access(env, X_OK) != 0)
            return cli_error("GPUROOF_NCU is '%s', which is no program gpuroof can run (%s)", env, strerror(errno));
        snprintf(path, size, "%s", env);
        return true;
    }
    if (cli_find_program("ncu", path, size))
        return true;
    if (access(TOOLKIT_NCU, X_OK) == 0) {
        snprintf(path, size, "%s", TOOLKIT_NCU);
        return true;
    }
    if (find_standalone(path, size))
        return true;
    return cli_error("%s needs Nsight Compute's ncu, which is not installed where gpuroof looked: $GPUROOF_NCU "
                     "(not set), the PATH, " TOOLKIT_NCU " and " STANDALONE_NCU, why);
}

/* The report's session page (how ncu ran: its "Profiler Command Line"),
 * which the reader takes its clock and cache control from; empty where
 * this ncu has no such page. */
static void import_session(const char *ncu, const char *report, cli_buffer *session)
{
    char *argv[] = {(char *)ncu, "--import", (char *)report, "--page", "session", NULL};
    *session = (cli_buffer){0};
    if (!cli_run_capture_quiet(ncu, argv, GR_LIMIT_NCU_CSV, session))
        *session = (cli_buffer){0};
}

/* The session page before the raw page: the reader skips every line
 * before the header but for what they say of how ncu ran. */
static bool join(cli_buffer *session, cli_buffer *csv)
{
    if (session->size == 0)
        return true;
    unsigned char *both = malloc(session->size + csv->size + 1);
    if (!both)
        return cli_error("out of memory");
    memcpy(both, session->bytes, session->size);
    memcpy(both + session->size, csv->bytes, csv->size);
    both[session->size + csv->size] = '\0';
    size_t size = session->size + csv->size;
    cli_buffer_free(csv);
    *csv = (cli_buffer){.bytes = both, .size = size};
    return true;
}

bool ncu_import(const char *ncu, const char *report, cli_buffer *csv)
{
    size_t size = strlen(report) + 64;
    char *shown = malloc(size);
    char *argv[] = {(char *)ncu, "--import", (char *)report, "--csv", "--page", "raw", NULL};
    cli_buffer session;
    if (!shown)
        return cli_error("out of memory");
    snprintf(shown, size, "ncu --import %s --csv --page raw", report);
    import_session(ncu, report, &session);
    bool ok = cli_run_capture(ncu, argv, shown, GR_LIMIT_NCU_CSV, csv) && join(&session, csv);
    cli_buffer_free(&session);
    free(shown);
    return ok;
}

static bool ends_with(const char *text, const char *end)
{
    size_t n = strlen(text), k = strlen(end);
    return n >= k && strcmp(text + n - k, end) == 0;
}

bool ncu_read_report(const char *file, gr_buf *shown, cli_buffer *csv)
{
    char ncu[4096];
    if (ends_with(file, ".ncu-rep")) {
        gr_buf_addf(shown, "%s's raw page", file);
        return ncu_find(ncu, sizeof ncu, "reading an .ncu-rep (ncu --import)") && ncu_import(ncu, file, csv);
    }
    gr_buf_addf(shown, "%s", cli_input_shown(file));
    return cli_read_input(file, gr_buf_text(shown), GR_LIMIT_NCU_CSV, csv);
}

/* ncu's command line: gpuroof's metrics, the clocks as they are, the
 * report to path; argv holds app_argc + 9 pointers. */
static void ncu_argv(const char *ncu, const char *metrics, const char *path, const ncu_options *o, char **argv)
{
    int n = 0;
    argv[n++] = (char *)ncu;
    argv[n++] = "--clock-control";
    argv[n++] = "none";
    argv[n++] = "--metrics";
    argv[n++] = (char *)metrics;
    argv[n++] = "-o";
    argv[n++] = (char *)path;
    argv[n++] = "--force-overwrite";
    for (int i = 0; i < o->app_argc; i++)
        argv[n++] = o->app_argv[i];
    argv[n] = NULL;
}

/* Relays what ncu and the application print to standard error as it
 * comes, so that ncu's ==PROF== lines show its progress; returns how many
 * of them begin a kernel's profiling.  The marker is counted wherever it
 * falls, not only at a line's start: the application's output reaches the
 * pipe in its buffer's chunks, so ncu's line often follows part of one of
 * the application's (seen on the H200 with tests/ncu/lifts.cu). */
static const char profiling_marker[] = "==PROF== Profiling";
enum { MARKER_LENGTH = sizeof profiling_marker - 1 };

static size_t markers_in(const char *bytes, size_t length)
{
    size_t found = 0;
    for (size_t i = 0; i + MARKER_LENGTH <= length; i++)
        if (bytes[i] == '=' && memcmp(bytes + i, profiling_marker, MARKER_LENGTH) == 0)
            found++, i += MARKER_LENGTH - 1;
    return found;
}

static size_t relay(int fd)
{
    /* the last MARKER_LENGTH - 1 bytes read stay before the next read's, so
     * a marker split between two reads is seen once */
    char buf[MARKER_LENGTH - 1 + 4096];
    size_t kept = 0, kernels = 0;
    for (;;) {
        ssize_t n = read(fd, buf + kept, sizeof buf - kept);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return kernels;
        fwrite(buf + kept, 1, (size_t)n, stderr);
        size_t length = kept + (size_t)n;
        kernels += markers_in(buf, length);
        kept = length < MARKER_LENGTH - 1 ? length : MARKER_LENGTH - 1;
        memmove(buf, buf + length - kept, kept);
    }
}

/* Spawns argv with its standard output and error into a pipe (*fd), and
 * the default handling of the signals gpuroof ignores meanwhile. */
static bool spawn_piped(char **argv, pid_t *pid, int *fd)
{
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGQUIT);
    cli_spawn_spec spec = {
        .argv = argv, .stdout_to_pipe = true, .stderr_to_pipe = true, .stderr_fd = -1, .defaults = &defaults};
    int rc = cli_spawn(&spec, pid, fd);
    if (rc != 0)
        return cli_error("cannot run %s: %s", argv[0], strerror(rc));
    return true;
}

/* Runs ncu to its end.  An interrupt (Ctrl-C) stops ncu and the
 * application, which it reaches too, while gpuroof stays to remove the
 * temporary report. */
static bool run_ncu(char **argv, size_t *kernels)
{
    struct sigaction ignore = {.sa_handler = SIG_IGN}, old_int, old_quit;
    pid_t pid = 0;
    int fd = -1, status = 0;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGINT, &ignore, &old_int);
    sigaction(SIGQUIT, &ignore, &old_quit);
    bool spawned = spawn_piped(argv, &pid, &fd);
    if (spawned) {
        *kernels = relay(fd);
        close(fd);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGQUIT, &old_quit, NULL);
    if (!spawned)
        return false;
    if (WIFSIGNALED(status))
        return cli_error("ncu was stopped by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return cli_error("ncu failed (exit status %d): its messages, and the application's, are above",
                         WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return true;
}

/* gpuroof's metrics that the local GPU has: ncu --query-metrics --csv
 * (no --chip: the local GPU's chip), else every chip's list, on which ncu
 * answers n/a for what the chip lacks. */
static bool local_metrics(const char *ncu, char *metrics, size_t size)
{
    char *argv[] = {(char *)ncu, "--query-metrics", "--csv", NULL};
    cli_buffer query = {0};
    bool ok = cli_run_capture(ncu, argv, "ncu --query-metrics --csv", GR_LIMIT_NCU_METRIC_LIST, &query) &&
              gr_ncu_metric_list_queried((const char *)query.bytes, query.size, metrics, size);
    free(query.bytes);
    if (ok)
        return true;
    fprintf(stderr, "gpuroof: ncu --query-metrics --csv gave no list of this GPU's metrics: asking for every chip's "
                    "(ncu answers n/a for those this one lacks)\n");
    if (!gr_ncu_metric_list(GR_NCU_CHIP_UNKNOWN, metrics, size))
        return cli_error("gpuroof's metric list is longer than %zu bytes (a gpuroof bug)", size);
    return true;
}

/* Profiles into dir/report.ncu-rep and reads its raw page. */
static bool profile_into(const ncu_options *o, const char *ncu, const char *dir, cli_buffer *csv)
{
    char metrics[8192], base[4200], report[4300];
    size_t kernels = 0;
    if (!local_metrics(ncu, metrics, sizeof metrics))
        return false;
    snprintf(base, sizeof base, "%s/report", dir);
    snprintf(report, sizeof report, "%s.ncu-rep", base);
    char **argv = malloc(((size_t)o->app_argc + 9) * sizeof *argv);
    if (!argv)
        return cli_error("out of memory");
    ncu_argv(ncu, metrics, base, o, argv);
    fprintf(stderr, "gpuroof: profiling %s under %s --clock-control none with gpuroof's metrics; its output and "
                    "ncu's follow\n", o->app_argv[0], ncu);
    bool ok = run_ncu(argv, &kernels);
    free(argv);
    if (!ok)
        return false;
    if (access(report, R_OK) != 0)
        return cli_error("ncu wrote no report (%s): did %s launch a kernel?", report, o->app_argv[0]);
    fprintf(stderr, "gpuroof: ncu profiled %zu kernel launch%s; reading its report\n", kernels,
            kernels == 1 ? "" : "es");
    return ncu_import(ncu, report, csv);
}

bool ncu_profile_app(const ncu_options *o, cli_buffer *csv)
{
    char ncu[4096], dir[4096];
    const char *tmp = getenv("TMPDIR");
    if (!ncu_find(ncu, sizeof ncu, "profiling an application"))
        return false;
    snprintf(dir, sizeof dir, "%s/gpuroof-ncu.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return cli_error("cannot make a temporary directory for ncu's report (%s): %s", dir, strerror(errno));
    bool ok = profile_into(o, ncu, dir, csv);
    char report[4200];
    snprintf(report, sizeof report, "%.4096s/report.ncu-rep", dir);
    unlink(report);
    rmdir(dir);
    return ok;
}

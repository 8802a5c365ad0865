#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "gpuroof_files.h"
#include "cli_process.h"
#include "plot_run.h"

/* The reason of a failure, in why; false. */
static bool failed(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static bool failed(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return false;
}

/* The first line gnuplot wrote to its stderr that says what went wrong. */
static void first_complaint(FILE *log, char *out, size_t size)
{
    char line[512];
    out[0] = '\0';
    rewind(log);
    while (fgets(line, sizeof line, log)) {
        line[strcspn(line, "\n")] = '\0';
        if (strspn(line, " ^") == strlen(line))
            continue;
        snprintf(out, size, "%s", line);
        if (strstr(line, "rror") || strstr(line, "line "))
            return;
    }
}

/* One run of gnuplot: what it is given, and what ended it. */
typedef struct {
    const char *gnuplot, *assignment, *script, *temp, *script_temp;
    FILE *log;
    double limit_s;
    sigset_t watched, old_mask;
    struct sigaction old_chld;
    pid_t pid;
    int status;
} gnuplot_run;

/* Starts gnuplot in a process group of its own (so that it and anything
 * it starts end together), with the mask plot had and its stderr in the
 * log: 0, 127 where there is no gnuplot to run, -1 (errno) otherwise. */
static int start_gnuplot(gnuplot_run *r)
{
    char *argv[] = {(char *)r->gnuplot, "-e", (char *)r->assignment, (char *)r->script, NULL};
    cli_spawn_spec spec = {.argv = argv, .stderr_fd = fileno(r->log), .own_process_group = true,
                           .mask = &r->old_mask};
    int rc = cli_spawn(&spec, &r->pid, NULL);
    if (rc == ENOENT || rc == EACCES || rc == ENOEXEC || rc == ENOTDIR)
        return 127;
    errno = rc;
    return rc == 0 ? 0 : -1;
}

/* Ends gnuplot and whatever it started, and reaps it. */
static void end_gnuplot(gnuplot_run *r)
{
    kill(-r->pid, SIGKILL);
    kill(r->pid, SIGKILL); /* where setpgid had not yet run */
    while (waitpid(r->pid, &r->status, 0) < 0 && errno == EINTR)
        ;
}

/* plot was told to stop while gnuplot ran: gnuplot ended, the temporary
 * files gone, plot ends of the same signal, as if it had not caught it. */
static void die_of(gnuplot_run *r, int sig)
{
    end_gnuplot(r);
    unlink(r->temp);
    if (r->script_temp)
        unlink(r->script_temp);
    sigaction(SIGCHLD, &r->old_chld, NULL);
    signal(sig, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    sigprocmask(SIG_SETMASK, &r->old_mask, NULL);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(sig);
    _exit(128 + sig); /* not reached: the signal's default is to end */
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Waits for gnuplot's end, a signal to plot, or the time limit: 0 when
 * gnuplot ended (r->status), 1 when it ran past the limit (ended). */
static int await_gnuplot(gnuplot_run *r)
{
    double deadline = now_s() + r->limit_s;
    for (;;) {
        double left = deadline - now_s();
        if (left <= 0) {
            end_gnuplot(r);
            return 1;
        }
        struct timespec wait = {(time_t)left, (long)((left - floor(left)) * 1e9)};
        int sig = sigtimedwait(&r->watched, NULL, &wait);
        if (sig == SIGCHLD) {
            pid_t done = waitpid(r->pid, &r->status, WNOHANG);
            if (done == r->pid || (done < 0 && errno != EINTR))
                return 0;
        } else if (sig > 0) {
            die_of(r, sig);
        }
    }
}

/* Runs gnuplot; its status (127 where it could not be started), -1 where
 * it could not be run, -2 where it ran past the time limit. */
static int run(gnuplot_run *r)
{
    sigemptyset(&r->watched);
    sigaddset(&r->watched, SIGCHLD);
    sigaddset(&r->watched, SIGINT);
    sigaddset(&r->watched, SIGTERM);
    sigaddset(&r->watched, SIGHUP);
    /* SIGCHLD ignored would reap gnuplot unseen: its default, for the run */
    struct sigaction chld = {.sa_handler = SIG_DFL};
    sigemptyset(&chld.sa_mask);
    sigaction(SIGCHLD, &chld, &r->old_chld);
    sigprocmask(SIG_BLOCK, &r->watched, &r->old_mask);
    fflush(stdout);
    fflush(stderr);
    int result = start_gnuplot(r);
    if (result == 0)
        result = await_gnuplot(r) ? -2 : 0;
    sigprocmask(SIG_SETMASK, &r->old_mask, NULL);
    sigaction(SIGCHLD, &r->old_chld, NULL);
    if (result != 0)
        return result;
    return WIFEXITED(r->status) ? WEXITSTATUS(r->status) : 128 + WTERMSIG(r->status);
}

/* The chart gnuplot wrote, whole and on the disk, before it is renamed
 * into place: gnuplot may exit 0 having written part of it. */
static bool chart_whole(const char *gnuplot, const char *temp, const char *chart_path, char *why, size_t size)
{
    gr_chart_format format;
    gr_error err;
    if (!gr_chart_format_of(chart_path, &format))
        return failed(why, size, "%s: not a chart gpuroof can check (.pdf, .png or .svg)", chart_path);
    if (!gr_chart_file_whole(temp, format, &err))
        return failed(why, size, "%s exited 0 but did not write the chart whole (%s)", gnuplot, err.text);
    int fd = open(temp, O_RDONLY);
    bool synced = fd >= 0 && fsync(fd) == 0;
    if (fd >= 0)
        close(fd);
    if (!synced)
        return failed(why, size, "%s: cannot write it: %s", chart_path, strerror(errno));
    return true;
}

/* Runs gnuplot with its stderr in log, then moves the chart into place. */
static bool run_logged(gnuplot_run *r, const char *chart_path, char *why, size_t size)
{
    char complaint[512];
    int status = run(r);
    if (status == -1)
        return failed(why, size, "cannot run %s: %s", r->gnuplot, strerror(errno));
    if (status == -2)
        return failed(why, size, "%s ran past its time limit of %g s (GPUROOF_GNUPLOT_TIMEOUT) and was stopped",
                      r->gnuplot, r->limit_s);
    if (status == 127)
        return failed(why, size, "cannot run %s (install gnuplot, or set GNUPLOT)", r->gnuplot);
    if (status != 0) {
        first_complaint(r->log, complaint, sizeof complaint);
        return failed(why, size, "%s failed (status %d%s%s)", r->gnuplot, status, complaint[0] ? ": " : "",
                      complaint);
    }
    if (!chart_whole(r->gnuplot, r->temp, chart_path, why, size))
        return false;
    if (rename(r->temp, chart_path) != 0)
        return failed(why, size, "%s: cannot write it: %s", chart_path, strerror(errno));
    return true;
}

/* The time limit from GPUROOF_GNUPLOT_TIMEOUT, in seconds. */
static bool time_limit(double *limit_s, char *why, size_t size)
{
    const char *text = getenv("GPUROOF_GNUPLOT_TIMEOUT");
    *limit_s = PLOT_GNUPLOT_TIMEOUT_S;
    if (!text || !*text)
        return true;
    char *end;
    errno = 0;
    *limit_s = strtod(text, &end);
    if (errno || *end || !(*limit_s >= 0.1 && *limit_s <= 86400))
        return failed(why, size, "GPUROOF_GNUPLOT_TIMEOUT must be a number of seconds from 0.1 to 86400, not '%s'",
                      text);
    return true;
}

bool plot_run_gnuplot(const char *script_path, bool script_is_temp, const char *chart_path, char *why,
                      size_t why_size)
{
    const char *gnuplot = getenv("GNUPLOT");
    char temp[4096], assignment[4200];
    gr_error err;
    gnuplot_run r = {.gnuplot = gnuplot && *gnuplot ? gnuplot : "gnuplot", .assignment = assignment,
                     .script = script_path, .temp = temp, .script_temp = script_is_temp ? script_path : NULL};
    if (!time_limit(&r.limit_s, why, why_size))
        return false;
    if (!gr_temp_beside(chart_path, temp, sizeof temp, &err))
        return failed(why, why_size, "%s", err.text);
    if (strchr(temp, '\''))
        return failed(why, why_size, "%s: a chart path may not contain a quote", chart_path);
    snprintf(assignment, sizeof assignment, "outfile='%s'", temp);
    r.log = tmpfile();
    if (!r.log)
        return failed(why, why_size, "cannot run gnuplot: %s", strerror(errno));
    bool ok = run_logged(&r, chart_path, why, why_size);
    fclose(r.log);
    if (!ok)
        unlink(temp);
    return ok;
}

#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "atomic_file.h"
#include "plot_run.h"

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

/* Runs gnuplot; its status, or 127 if it could not be started. */
static int run(const char *gnuplot, const char *assignment, const char *script, FILE *log)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(fileno(log), STDERR_FILENO);
        execlp(gnuplot, gnuplot, "-e", assignment, script, (char *)NULL);
        fprintf(stderr, "%s: %s\n", gnuplot, strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

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

/* Runs gnuplot with its stderr in log, then moves the chart into place. */
static bool run_logged(const char *gnuplot, const char *script_path, const char *chart_path, const char *temp,
                       FILE *log, char *why, size_t size)
{
    char assignment[4200], complaint[512];
    snprintf(assignment, sizeof assignment, "outfile='%s'", temp);
    int status = run(gnuplot, assignment, script_path, log);
    if (status == 127)
        return failed(why, size, "cannot run %s (install gnuplot, or set GNUPLOT)", gnuplot);
    if (status != 0) {
        first_complaint(log, complaint, sizeof complaint);
        return failed(why, size, "%s failed (status %d%s%s)", gnuplot, status, complaint[0] ? ": " : "", complaint);
    }
    if (rename(temp, chart_path) != 0)
        return failed(why, size, "%s: cannot write it: %s", chart_path, strerror(errno));
    return true;
}

/* The chart, drawn first into temp. */
static bool make_chart(const char *gnuplot, const char *script_path, const char *chart_path, const char *temp,
                       char *why, size_t size)
{
    if (strchr(temp, '\''))
        return failed(why, size, "%s: a chart path may not contain a quote", chart_path);
    FILE *log = tmpfile();
    if (!log)
        return failed(why, size, "cannot run gnuplot: %s", strerror(errno));
    bool ok = run_logged(gnuplot, script_path, chart_path, temp, log, why, size);
    fclose(log);
    return ok;
}

bool plot_run_gnuplot(const char *script_path, const char *chart_path, char *why, size_t why_size)
{
    const char *gnuplot = getenv("GNUPLOT");
    char temp[4096];
    gr_error err;
    gnuplot = gnuplot && *gnuplot ? gnuplot : "gnuplot";
    if (!gr_temp_beside(chart_path, temp, sizeof temp, &err))
        return failed(why, why_size, "%s", err.text);
    bool ok = make_chart(gnuplot, script_path, chart_path, temp, why, why_size);
    if (!ok)
        unlink(temp);
    return ok;
}

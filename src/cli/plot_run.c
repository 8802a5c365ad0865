#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "atomic_file.h"
#include "cli.h"
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

static bool report(int status, const char *gnuplot, FILE *log, const char *script_path)
{
    char complaint[512];
    first_complaint(log, complaint, sizeof complaint);
    if (status == 127)
        return cli_error("cannot run %s (install gnuplot, or set GNUPLOT): the script is kept in %s", gnuplot,
                         script_path);
    return cli_error("%s failed (status %d%s%s): the script is kept in %s", gnuplot, status,
                     complaint[0] ? ": " : "", complaint, script_path);
}

/* Runs gnuplot with its stderr in log, then moves the chart into place. */
static bool run_logged(const char *gnuplot, const char *script_path, const char *chart_path, const char *temp,
                       FILE *log)
{
    char assignment[4200];
    snprintf(assignment, sizeof assignment, "outfile='%s'", temp);
    int status = run(gnuplot, assignment, script_path, log);
    if (status != 0)
        return report(status, gnuplot, log, script_path);
    if (rename(temp, chart_path) != 0)
        return cli_error("%s: cannot write it: %s", chart_path, strerror(errno));
    return true;
}

/* The chart, drawn first into temp. */
static bool make_chart(const char *gnuplot, const char *script_path, const char *chart_path, const char *temp)
{
    if (strchr(temp, '\''))
        return cli_error("%s: a chart path may not contain a quote", chart_path);
    FILE *log = tmpfile();
    if (!log)
        return cli_error("cannot run gnuplot: %s", strerror(errno));
    bool ok = run_logged(gnuplot, script_path, chart_path, temp, log);
    fclose(log);
    return ok;
}

bool plot_run_gnuplot(const char *script_path, const char *chart_path)
{
    const char *gnuplot = getenv("GNUPLOT");
    char temp[4096];
    gr_error err;
    gnuplot = gnuplot && *gnuplot ? gnuplot : "gnuplot";
    if (!gr_temp_beside(chart_path, temp, sizeof temp, &err))
        return cli_error("%s", err.text);
    bool ok = make_chart(gnuplot, script_path, chart_path, temp);
    if (!ok)
        unlink(temp);
    return ok;
}

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
        cli_fail("cannot run %s (install gnuplot, or set GNUPLOT): the script is kept in %s", gnuplot, script_path);
    else
        cli_fail("%s failed (status %d%s%s): the script is kept in %s", gnuplot, status,
                 complaint[0] ? ": " : "", complaint, script_path);
    return false;
}

bool plot_run_gnuplot(const char *script_path, const char *chart_path)
{
    const char *gnuplot = getenv("GNUPLOT");
    char temp[4096], assignment[4200];
    gr_error err;
    gnuplot = gnuplot && *gnuplot ? gnuplot : "gnuplot";
    if (!gr_temp_beside(chart_path, temp, sizeof temp, &err))
        return cli_fail("%s", err.text), false;
    if (strchr(temp, '\'')) {
        unlink(temp);
        return cli_fail("%s: a chart path may not contain a quote", chart_path), false;
    }
    snprintf(assignment, sizeof assignment, "outfile='%s'", temp);
    FILE *log = tmpfile();
    int status = log ? run(gnuplot, assignment, script_path, log) : -1;
    bool ok = status == 0 && rename(temp, chart_path) == 0;
    if (!ok) {
        unlink(temp);
        if (status == 0)
            cli_fail("%s: cannot write it: %s", chart_path, strerror(errno));
        else if (log)
            report(status, gnuplot, log, script_path);
        else
            cli_fail("cannot run gnuplot: %s", strerror(errno));
    }
    if (log)
        fclose(log);
    return ok;
}

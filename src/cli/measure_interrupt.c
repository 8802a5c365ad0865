/* The interrupt handling of gpuroof measure (measure_interrupt.h).
 *
 * Why two message buffers: the handler may run on any thread (the CUDA
 * runtime starts its own) at any moment, so the line it writes must be whole
 * whenever it looks.  The next line is composed in the buffer not in use and
 * then published by storing its index atomically. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "measure_interrupt.h"

#define MESSAGE_BYTES 8192 /* a long path, every part's name and the words around them */

static char messages[2][MESSAGE_BYTES];
static atomic_int published = -1;    /* index of the line the handler writes; -1: none yet */
static atomic_int writing = 0;       /* 1 while the results file is being written */
static atomic_int held_signal = 0;   /* a signal that arrived while writing, to act on after */

static char output[4096];            /* the results file's path, as given */
static bool output_existed;          /* whether there was a file to leave as it was */
static char current_part[64] = "opening the device";
static char done_parts[256];         /* "ceilings, sweep" */
static char kept_files[2048];        /* the earlier GPUs' files, written whole: "r-gpu0.yaml, r-gpu1.yaml" */

static void publish(const char *line)
{
    int next = atomic_load(&published) == 0 ? 1 : 0;
    snprintf(messages[next], MESSAGE_BYTES, "%s", line);
    atomic_store(&published, next);
}

/* "nothing written, F left as it was" (or ", no F made" where there was none). */
static void compose_lost(const char *during)
{
    char kept[MESSAGE_BYTES / 2], lost[512];
    snprintf(kept, sizeof kept, output_existed ? "nothing written, %s left as it was" : "nothing written, no %s made",
             output);
    if (done_parts[0])
        snprintf(lost, sizeof lost, " (the parts measured so far are lost: %s)", done_parts);
    else
        snprintf(lost, sizeof lost, " (nothing had been measured yet)");
    char head[128];
    snprintf(head, sizeof head, "gpuroof measure: interrupted %s; ", during);
    char earlier[sizeof kept_files + 64] = "";
    if (kept_files[0])
        snprintf(earlier, sizeof earlier, "; written whole before it: %s", kept_files);
    char line[MESSAGE_BYTES];
    snprintf(line, sizeof line, "%s%s%s%s\n", head, kept, lost, earlier);
    publish(line);
}

static void compose_during_part(void)
{
    char during[96];
    if (!current_part[0])
        snprintf(during, sizeof during, "between parts");
    else
        snprintf(during, sizeof during, strcmp(current_part, "opening the device") ? "during %s" : "while %s",
                 current_part);
    compose_lost(during);
}

/* Async-signal-safe only: atomics, write(2), _exit(2). */
static void on_signal(int signo)
{
    if (atomic_load(&writing)) {
        atomic_store(&held_signal, signo);
        return;
    }
    int i = atomic_load(&published);
    if (i >= 0) {
        const char *m = messages[i];
        size_t len = strlen(m); /* strlen is async-signal-safe (POSIX.1-2016) */
        while (len > 0) {
            ssize_t n = write(STDERR_FILENO, m, len);
            if (n <= 0)
                break;
            m += n;
            len -= (size_t)n;
        }
    }
    _exit(128 + signo);
}

void measure_interrupt_install(const char *output_path)
{
    snprintf(output, sizeof output, "%s", output_path);
    output_existed = access(output_path, F_OK) == 0;
    snprintf(current_part, sizeof current_part, "opening the device");
    done_parts[0] = '\0';
    atomic_store(&writing, 0);
    atomic_store(&held_signal, 0);
    compose_during_part();

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART; /* a held signal must not break the write's system calls */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

void measure_interrupt_kept(const char *written_path)
{
    size_t used = strlen(kept_files);
    snprintf(kept_files + used, sizeof kept_files - used, "%s%s", used ? ", " : "", written_path);
    compose_during_part();
}

void measure_interrupt_part(const char *part)
{
    snprintf(current_part, sizeof current_part, "%s", part);
    compose_during_part();
}

void measure_interrupt_part_done(void)
{
    size_t used = strlen(done_parts);
    snprintf(done_parts + used, sizeof done_parts - used, "%s%s", used ? ", " : "", current_part);
    current_part[0] = '\0';
    compose_during_part();
}

void measure_interrupt_write_begin(void)
{
    /* The line for a signal held now and acted on if the write fails. */
    compose_lost("while writing the results");
    atomic_store(&writing, 1);
}

void measure_interrupt_write_end(bool written)
{
    if (written) {
        char line[MESSAGE_BYTES];
        snprintf(line, sizeof line,
                 "gpuroof measure: interrupted after %s was written whole; only the summary on stdout is cut short\n",
                 output);
        publish(line);
    }
    /* The line is in place before the handler may act on its own again. */
    atomic_store(&writing, 0);
    int signo = atomic_load(&held_signal);
    if (signo) {
        atomic_store(&held_signal, 0);
        on_signal(signo);
    }
}

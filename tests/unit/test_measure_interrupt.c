/* Unit tests for gpuroof measure's interrupt handling
 * (src/cli/measure_interrupt.c), with real signals: a child process sets the
 * module's state, tells the parent it is there and blocks on a pipe; the
 * parent sends SIGINT or SIGTERM and checks the child's exit status, its
 * stderr, and the results file and its folder.  What this cannot show
 * without a GPU, that `gpuroof measure` calls the module at each part, is
 * tests/gpu/interrupt.sh's. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#endif
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "atomic_file.h"
#include "measure_interrupt.h"

static char dir[] = "/tmp/gpuroof-test-interrupt-XXXXXX";
static char results[512], errors[512];
static const char old_text[] = "old: results\n";

static int make_dir(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    snprintf(results, sizeof results, "%s/results.yaml", dir);
    snprintf(errors, sizeof errors, "%s/stderr", dir);
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    unlink(results);
    unlink(errors);
    return rmdir(dir);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static void read_text(const char *path, char *out, size_t size)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(out, 1, size - 1, f);
    out[n] = '\0';
    fclose(f);
}

/* The folder holds the results file and the child's stderr, nothing else
 * (no temporary file left behind). */
static void assert_no_leftovers(void)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    int others = 0;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, "results.yaml") &&
            strcmp(e->d_name, "stderr")) {
            print_message("left over: %s\n", e->d_name);
            others++;
        }
    closedir(d);
    assert_int_equal(others, 0);
}

typedef void (*child_fn)(void);

/* Forks a child running `setup` with stderr into `errors`; once the child
 * says it is ready, sends it `signo`, lets it go on, and returns its exit
 * status (-1 if it did not exit normally). */
static int interrupt_child(child_fn setup, child_fn after, int signo)
{
    int ready[2], go[2];
    char byte = 0;
    assert_int_equal(pipe(ready), 0);
    assert_int_equal(pipe(go), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open(errors, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, STDERR_FILENO) < 0)
            _exit(99);
        close(ready[0]);
        close(go[1]);
        setup();
        if (write(ready[1], "r", 1) != 1)
            _exit(99);
        /* Blocks here until the parent has sent the signal; a pending
         * signal is delivered at the latest when read returns. */
        if (read(go[0], &byte, 1) != 1)
            _exit(98); /* the handler should have ended us before the parent closed the pipe */
        if (after)
            after();
        _exit(0);
    }
    close(ready[1]);
    close(go[0]);
    assert_int_equal(read(ready[0], &byte, 1), 1);
    assert_int_equal(kill(pid, signo), 0);
    ssize_t sent = write(go[1], "g", 1); /* the child may be gone already: EPIPE is fine */
    (void)sent;
    close(go[1]);
    close(ready[0]);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* ---- interrupted during a part ------------------------------------------- */

static void during_sweep(void)
{
    measure_interrupt_install(results);
    measure_interrupt_part("ceilings");
    measure_interrupt_part_done();
    measure_interrupt_part("sweep");
}

static void test_sigint_during_a_part(void **state)
{
    (void)state;
    char text[8192], expected[1024];
    write_text(results, old_text);
    signal(SIGPIPE, SIG_IGN);
    assert_int_equal(interrupt_child(during_sweep, NULL, SIGINT), 130);
    read_text(errors, text, sizeof text);
    snprintf(expected, sizeof expected,
             "gpuroof measure: interrupted during sweep; nothing written, %s left as it was "
             "(the parts measured so far are lost: ceilings)\n",
             results);
    assert_string_equal(text, expected);
    read_text(results, text, sizeof text);
    assert_string_equal(text, old_text);
    assert_no_leftovers();
}

/* measure --all-gpus: the second GPU's run interrupted; the first GPU's
 * file, written whole, is named as kept. */
static void second_gpu_during_sweep(void)
{
    measure_interrupt_install("r-gpu0.yaml");
    measure_interrupt_kept("r-gpu0.yaml");
    measure_interrupt_install(results);
    measure_interrupt_part("sweep");
}

static void test_sigint_on_a_later_gpu_names_the_files_kept(void **state)
{
    (void)state;
    char text[8192], expected[1024];
    write_text(results, old_text);
    assert_int_equal(interrupt_child(second_gpu_during_sweep, NULL, SIGINT), 130);
    read_text(errors, text, sizeof text);
    snprintf(expected, sizeof expected,
             "gpuroof measure: interrupted during sweep; nothing written, %s left as it was "
             "(nothing had been measured yet); written whole before it: r-gpu0.yaml\n",
             results);
    assert_string_equal(text, expected);
    read_text(results, text, sizeof text);
    assert_string_equal(text, old_text);
    assert_no_leftovers();
}

static void opening(void)
{
    measure_interrupt_install(results);
}

static void test_sigterm_before_any_part_no_file(void **state)
{
    (void)state;
    char text[8192], expected[1024];
    unlink(results);
    assert_int_equal(interrupt_child(opening, NULL, SIGTERM), 143);
    read_text(errors, text, sizeof text);
    snprintf(expected, sizeof expected,
             "gpuroof measure: interrupted while opening the device; nothing written, no %s made "
             "(nothing had been measured yet)\n",
             results);
    assert_string_equal(text, expected);
    assert_int_equal(access(results, F_OK), -1);
    assert_no_leftovers();
}

/* ---- interrupted while the file is written -------------------------------- */

static void all_parts_then_writing(void)
{
    measure_interrupt_install(results);
    measure_interrupt_part("ceilings");
    measure_interrupt_part_done();
    measure_interrupt_write_begin();
}

/* The signal arrives once the write has begun: it is held, the new file is
 * written whole, and only then the process ends with 130. */
static void write_new(void)
{
    gr_error err;
    bool ok = gr_write_file_atomic(results, "new: results\n", 13, &err);
    measure_interrupt_write_end(ok);
}

static void test_sigint_while_writing_keeps_the_new_file_whole(void **state)
{
    (void)state;
    char text[8192], expected[1024];
    write_text(results, old_text);
    assert_int_equal(interrupt_child(all_parts_then_writing, write_new, SIGINT), 130);
    read_text(results, text, sizeof text);
    assert_string_equal(text, "new: results\n");
    read_text(errors, text, sizeof text);
    snprintf(expected, sizeof expected,
             "gpuroof measure: interrupted after %s was written whole; only the summary on stdout is cut short\n",
             results);
    assert_string_equal(text, expected);
    assert_no_leftovers();
}

/* The same when the write fails: the old file stays, and the line says so. */
static void write_fails(void)
{
    measure_interrupt_write_end(false);
}

static void test_sigint_while_a_write_fails_keeps_the_old_file(void **state)
{
    (void)state;
    char text[8192], expected[1024];
    write_text(results, old_text);
    assert_int_equal(interrupt_child(all_parts_then_writing, write_fails, SIGINT), 130);
    read_text(results, text, sizeof text);
    assert_string_equal(text, old_text);
    read_text(errors, text, sizeof text);
    snprintf(expected, sizeof expected,
             "gpuroof measure: interrupted while writing the results; nothing written, %s left as it was "
             "(the parts measured so far are lost: ceilings)\n",
             results);
    assert_string_equal(text, expected);
    assert_no_leftovers();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sigint_during_a_part),
        cmocka_unit_test(test_sigterm_before_any_part_no_file),
        cmocka_unit_test(test_sigint_on_a_later_gpu_names_the_files_kept),
        cmocka_unit_test(test_sigint_while_writing_keeps_the_new_file_whole),
        cmocka_unit_test(test_sigint_while_a_write_fails_keeps_the_old_file),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}

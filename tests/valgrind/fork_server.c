/* A fork server for make check-valgrind, loaded into gpuroof with
 * LD_PRELOAD: valgrind's start is about 0.8 s of every short gpuroof run
 * (its own start and reading the program's debugging information), and the
 * command-line tests run gpuroof about a thousand times.  Started once a
 * test script, under valgrind, the server stands in for gpuroof's main:
 * it listens on the socket $GPUROOF_FORK_SOCKET, and for each request of
 * tests/valgrind/fork_client.c forks, and the child takes the client's
 * standard input, output and error (passed as descriptors), directory,
 * umask, signal dispositions, environment and arguments, and calls
 * gpuroof's own main.  Each run is then a process of its own under
 * valgrind memcheck, checked as a run started by exec is (errors and leaks
 * at its exit make its status 88), at the cost of a fork.  The program is
 * gpuroof itself, unchanged: /proc/self/exe (where it finds its data) is
 * the build's gpuroof.
 *
 * The server takes the place of main by interposing __libc_start_main,
 * which is handed the program's main: where argv[0] is not
 * $GPUROOF_FORK_PROGRAM (the shells and valgrind's launcher, which the
 * LD_PRELOAD reaches too) it passes main on as it came. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include "fork_protocol.h"

typedef int (*main_fn)(int argc, char **argv, char **envp);
typedef int (*start_fn)(main_fn main, int argc, char **argv, void (*init)(void), void (*fini)(void),
                        void (*rtld_fini)(void), void *stack_end);

int __libc_start_main(main_fn main, int argc, char **argv, void (*init)(void), void (*fini)(void),
                      void (*rtld_fini)(void), void *stack_end);

static main_fn program_main;
static int wake_pipe[2] = {-1, -1};
static volatile sig_atomic_t stopping;

/* A run in progress: the child's pid and the client's connection, which
 * gets the child's wait status. */
typedef struct {
    pid_t pid;
    int conn;
} run;
#define MAX_RUNS 64
static run runs[MAX_RUNS];
static int active_runs;

/* What a child keeps of its request: reachable to the end, so that
 * memcheck counts none of it as lost. */
static char *child_payload;
static char **child_argv, **child_envp;

static void wake(int sig)
{
    int saved = errno;
    if (sig != SIGCHLD)
        stopping = 1;
    if (write(wake_pipe[1], "", 1) < 0) {
        /* the pipe is full: a wake-up is already waiting */
    }
    errno = saved;
}

static void fail(const char *what)
{
    fprintf(stderr, "fork server: %s: %s\n", what, strerror(errno));
    exit(99);
}

/* A client gone is no signal to the server (MSG_NOSIGNAL). */
static bool send_all(int fd, const void *buf, size_t size)
{
    const char *p = buf;
    while (size > 0) {
        ssize_t put = send(fd, p, size, MSG_NOSIGNAL);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            return false;
        p += put;
        size -= (size_t)put;
    }
    return true;
}

/* The request's header with its descriptors (fds[i] -1 where the client
 * had none open as i). */
static bool receive_header(int conn, fork_request *header, int fds[3])
{
    char control[CMSG_SPACE(3 * sizeof(int))];
    struct iovec iov = {.iov_base = header, .iov_len = sizeof *header};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
    ssize_t got;
    do
        got = recvmsg(conn, &msg, MSG_CMSG_CLOEXEC | MSG_WAITALL);
    while (got < 0 && errno == EINTR);
    if (got != (ssize_t)sizeof *header || header->magic != FORK_MAGIC || header->payload_bytes > FORK_MAX_PAYLOAD)
        return false;
    int passed[3], count = 0;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
            count = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
            memcpy(passed, CMSG_DATA(c), (size_t)count * sizeof(int));
        }
    for (int i = 0, next = 0; i < 3; i++)
        fds[i] = (header->open_fds & (1u << i)) && next < count ? passed[next++] : -1;
    return true;
}

/* Splits the payload (fork_protocol.h) into child_argv and child_envp. */
static bool split_payload(char *payload, uint32_t bytes, uint32_t argc)
{
    size_t strings = 0;
    for (uint32_t i = 0; i < bytes; i++)
        strings += payload[i] == '\0';
    if (bytes == 0 || payload[bytes - 1] != '\0' || strings < FORK_FIXED_FIELDS + argc)
        return false;
    child_argv = calloc(argc + 1, sizeof *child_argv);
    child_envp = calloc(strings - FORK_FIXED_FIELDS - argc + 1, sizeof *child_envp);
    if (!child_argv || !child_envp)
        return false;
    char *p = payload;
    for (size_t i = 0, a = 0, e = 0; i < strings; i++, p += strlen(p) + 1) {
        if (i >= FORK_FIXED_FIELDS && a < argc)
            child_argv[a++] = p;
        else if (i >= FORK_FIXED_FIELDS)
            child_envp[e++] = p;
    }
    return true;
}

/* The child's process state as the client's was, then gpuroof's main. */
static void run_child(const fork_request *header, int fds[3], int listener, int conn)
{
    for (int sig = 1; sig < 32; sig++)
        if (sig != SIGKILL && sig != SIGSTOP)
            signal(sig, (header->ignored_signals & (1u << sig)) ? SIG_IGN : SIG_DFL);
    sigset_t blocked;
    sigemptyset(&blocked);
    for (int sig = 1; sig < 32; sig++)
        if (header->blocked_signals & (1u << sig))
            sigaddset(&blocked, sig);
    sigprocmask(SIG_SETMASK, &blocked, NULL);
    close(listener);
    close(conn);
    close(wake_pipe[0]);
    close(wake_pipe[1]);
    for (int i = 0; i < 3; i++)
        if (fds[i] < 0)
            close(i);
        else if (dup2(fds[i], i) < 0)
            _exit(99);
    for (int i = 0; i < 3; i++)
        if (fds[i] > 2)
            close(fds[i]);
    const char *cwd = child_payload;
    if (chdir(cwd) != 0) {
        fprintf(stderr, "fork server: cannot enter %s: %s\n", cwd, strerror(errno));
        _exit(99);
    }
    umask((mode_t)header->umask);
    environ = child_envp;
    exit(program_main((int)header->argc, child_argv, child_envp));
}

/* One request: read it whole, fork its run, tell the client the pid. */
static void take_request(int listener, int conn)
{
    fork_request header;
    int fds[3] = {-1, -1, -1};
    char *payload = NULL;
    if (!receive_header(conn, &header, fds) || !(payload = malloc(header.payload_bytes + 1)) ||
        !fork_read_all(conn, payload, header.payload_bytes))
        goto refuse;
    child_payload = payload;
    if (!split_payload(payload, header.payload_bytes, header.argc))
        goto refuse;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        run_child(&header, fds, listener, conn);
    if (pid < 0)
        goto refuse;
    int32_t sent_pid = (int32_t)pid;
    send_all(conn, &sent_pid, sizeof sent_pid);
    runs[active_runs++] = (run){.pid = pid, .conn = conn};
    conn = -1;
refuse:
    for (int i = 0; i < 3; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    if (conn >= 0)
        close(conn);
    free(payload);
    free(child_argv);
    free(child_envp);
    child_payload = NULL;
    child_argv = child_envp = NULL;
}

/* Each run that ended: its wait status to its client. */
static void reap_runs(void)
{
    int status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
        for (int i = 0; i < active_runs; i++)
            if (runs[i].pid == pid) {
                int32_t sent = status;
                send_all(runs[i].conn, &sent, sizeof sent);
                close(runs[i].conn);
                runs[i] = runs[--active_runs];
                break;
            }
}

/* Runs each line of lines (words split at spaces) through gpuroof's main
 * in the server itself, its output to /dev/null: what valgrind translates
 * of the program's code on the way is then in every fork, where each run
 * would translate it again (a quarter of a second a run).  gpuroof holds
 * no state between runs (tests/layers/layers.sh: no mutable static state;
 * getopt is started afresh), so a run after these is as a first. */
static void warm_up(const char *lines)
{
    char *copy = lines ? strdup(lines) : NULL, *next = copy, *line;
    int saved[3], null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (!copy || null_fd < 0) {
        free(copy);
        if (null_fd >= 0)
            close(null_fd);
        return;
    }
    for (int i = 0; i < 3; i++) {
        saved[i] = fcntl(i, F_DUPFD_CLOEXEC, 3);
        dup2(null_fd, i);
    }
    while ((line = strsep(&next, "\n")) != NULL) {
        char *argv[64], *word, *rest = line;
        int argc = 0;
        argv[argc++] = (char *)getenv("GPUROOF_FORK_PROGRAM");
        while ((word = strsep(&rest, " ")) != NULL && argc < 63)
            if (*word)
                argv[argc++] = word;
        argv[argc] = NULL;
        if (argc > 1)
            program_main(argc, argv, environ);
        fflush(NULL);
    }
    for (int i = 0; i < 3; i++) {
        dup2(saved[i], i);
        close(saved[i]);
    }
    close(null_fd);
    free(copy);
}

static int listen_at(const char *path)
{
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof addr.sun_path) {
        errno = ENAMETOOLONG;
        fail(path);
    }
    strcpy(addr.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(fd, MAX_RUNS) != 0)
        fail(path);
    return fd;
}

/* Until SIGTERM (or SIGINT, SIGHUP): runs, then the socket removed. */
static int serve(int argc, char **argv, char **envp)
{
    (void)argc, (void)argv, (void)envp;
    const char *path = getenv("GPUROOF_FORK_SOCKET");
    if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        fail("pipe");
    struct sigaction on_signal = {.sa_handler = wake, .sa_flags = SA_RESTART};
    sigemptyset(&on_signal.sa_mask);
    int stop_signals[] = {SIGCHLD, SIGTERM, SIGINT, SIGHUP};
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++)
        sigaction(stop_signals[i], &on_signal, NULL);
    warm_up(getenv("GPUROOF_FORK_WARMUP"));
    int listener = listen_at(path);
    while (!stopping) {
        struct pollfd watch[2] = {{.fd = wake_pipe[0], .events = POLLIN},
                                  {.fd = active_runs < MAX_RUNS ? listener : -1, .events = POLLIN}};
        if (poll(watch, 2, -1) < 0 && errno != EINTR)
            fail("poll");
        char drained[64];
        while (read(wake_pipe[0], drained, sizeof drained) > 0)
            continue;
        reap_runs();
        if (!stopping && (watch[1].revents & POLLIN)) {
            int conn = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
            if (conn >= 0)
                take_request(listener, conn);
        }
    }
    close(listener);
    unlink(path);
    close(wake_pipe[0]);
    close(wake_pipe[1]);
    return 0;
}

int __libc_start_main(main_fn main, int argc, char **argv, void (*init)(void), void (*fini)(void),
                      void (*rtld_fini)(void), void *stack_end)
{
    start_fn real_start;
    void *found = dlsym(RTLD_NEXT, "__libc_start_main");
    memcpy(&real_start, &found, sizeof real_start);
    const char *program = getenv("GPUROOF_FORK_PROGRAM");
    bool serving = program && argc > 0 && strcmp(argv[0], program) == 0 && getenv("GPUROOF_FORK_SOCKET");
    program_main = main;
    return real_start(serving ? serve : main, argc, argv, init, fini, rtld_fini, stack_end);
}

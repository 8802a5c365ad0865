/* gpuroof as the command-line tests run it under make check-valgrind:
 *     fork-client ARGS...
 * asks the fork server at $GPUROOF_FORK_SOCKET (tests/valgrind/fork_server.c)
 * to run gpuroof ARGS under valgrind with this process's standard
 * descriptors, directory, umask, signal dispositions and environment, and
 * ends as that run did: its exit status, or killed by its signal.  The
 * signals a test sends this process (kill, timeout) go on to the run.
 * Without the socket it runs gpuroof under tests/valgrind/run itself. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
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

static volatile sig_atomic_t run_pid, pending_signal;

static void forward(int sig)
{
    if (run_pid > 0)
        kill((pid_t)run_pid, sig);
    else
        pending_signal = sig;
}

static void fail(const char *what)
{
    fprintf(stderr, "fork-client: %s: %s\n", what, strerror(errno));
    exit(99);
}

/* The payload of fork_protocol.h: directory, arguments, environment. */
static char *payload_of(int argc, char **argv, const char *program, uint32_t *bytes)
{
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd))
        fail("getcwd");
    size_t size = strlen(cwd) + 1 + strlen(program) + 1;
    for (int i = 1; i < argc; i++)
        size += strlen(argv[i]) + 1;
    for (char **e = environ; *e; e++)
        size += strlen(*e) + 1;
    char *payload = malloc(size), *p = payload;
    if (!payload)
        fail("malloc");
    p = stpcpy(p, cwd) + 1;
    p = stpcpy(p, program) + 1;
    for (int i = 1; i < argc; i++)
        p = stpcpy(p, argv[i]) + 1;
    for (char **e = environ; *e; e++)
        p = stpcpy(p, *e) + 1;
    *bytes = (uint32_t)size;
    return payload;
}

/* The header's process state: open descriptors, umask, signals. */
static void describe_process(fork_request *header, int fds[3], int *count)
{
    mode_t mask = umask(0);
    umask(mask);
    header->umask = mask;
    *count = 0;
    for (int i = 0; i < 3; i++)
        if (fcntl(i, F_GETFD) >= 0) {
            header->open_fds |= 1u << i;
            fds[(*count)++] = i;
        }
    sigset_t blocked;
    sigprocmask(SIG_SETMASK, NULL, &blocked);
    for (int sig = 1; sig < 32; sig++) {
        struct sigaction now;
        if (sigaction(sig, NULL, &now) == 0 && now.sa_handler == SIG_IGN)
            header->ignored_signals |= 1u << sig;
        if (sigismember(&blocked, sig) == 1)
            header->blocked_signals |= 1u << sig;
    }
}

static void send_request(int sock, fork_request *header, const int fds[3], int count, char *payload)
{
    char control[CMSG_SPACE(3 * sizeof(int))] = {0};
    struct iovec iov = {.iov_base = header, .iov_len = sizeof *header};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
    if (count > 0) {
        msg.msg_control = control;
        msg.msg_controllen = CMSG_SPACE((size_t)count * sizeof(int));
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        *c = (struct cmsghdr){.cmsg_level = SOL_SOCKET, .cmsg_type = SCM_RIGHTS,
                              .cmsg_len = CMSG_LEN((size_t)count * sizeof(int))};
        memcpy(CMSG_DATA(c), fds, (size_t)count * sizeof(int));
    }
    if (sendmsg(sock, &msg, MSG_NOSIGNAL) != (ssize_t)sizeof *header)
        fail("sendmsg");
    for (size_t done = 0; done < header->payload_bytes;) {
        ssize_t put = send(sock, payload + done, header->payload_bytes - done, MSG_NOSIGNAL);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            fail("send");
        done += (size_t)put;
    }
}

/* No server (an env -i, a test of its own): valgrind started here. */
static void run_alone(const char *wrapper, const char *program, int argc, char **argv)
{
    char **args = calloc((size_t)argc + 2, sizeof *args);
    if (!args)
        fail("calloc");
    args[0] = (char *)wrapper;
    args[1] = (char *)program;
    for (int i = 1; i < argc; i++)
        args[i + 1] = argv[i];
    execv(wrapper, args);
    fail(wrapper);
}

static int connect_to(const char *path)
{
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof addr.sun_path)
        return -1;
    strcpy(addr.sun_path, path);
    int sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (sock >= 0 && connect(sock, (struct sockaddr *)&addr, sizeof addr) != 0) {
        close(sock);
        return -1;
    }
    return sock;
}

/* Ends as the run did. */
static int mirror(int32_t status)
{
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : SIGABRT;
    signal(sig, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(sig);
    return 128 + sig;
}

int main(int argc, char **argv)
{
    const char *socket_path = getenv("GPUROOF_FORK_SOCKET"), *program = getenv("VALGRIND_GPUROOF");
    const char *wrapper = getenv("GPUROOF_FORK_WRAPPER");
    if (!program || !wrapper)
        return fprintf(stderr, "fork-client: VALGRIND_GPUROOF and GPUROOF_FORK_WRAPPER must be set\n"), 99;
    int sock = socket_path ? connect_to(socket_path) : -1;
    if (sock < 0)
        run_alone(wrapper, program, argc, argv);
    fork_request header = {.magic = FORK_MAGIC, .argc = (uint32_t)argc};
    int fds[3], count;
    describe_process(&header, fds, &count);
    char *payload = payload_of(argc, argv, program, &header.payload_bytes);
    /* from here a signal waits for the run, then goes to it */
    int forwarded[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM};
    struct sigaction on_signal = {.sa_handler = forward, .sa_flags = SA_RESTART};
    sigemptyset(&on_signal.sa_mask);
    for (size_t i = 0; i < sizeof forwarded / sizeof forwarded[0]; i++)
        sigaction(forwarded[i], &on_signal, NULL);
    send_request(sock, &header, fds, count, payload);
    free(payload);
    int32_t pid, status;
    if (!fork_read_all(sock, &pid, sizeof pid))
        return fprintf(stderr, "fork-client: the fork server ran nothing\n"), 99;
    run_pid = pid;
    if (pending_signal)
        kill(pid, pending_signal);
    if (!fork_read_all(sock, &status, sizeof status))
        return fprintf(stderr, "fork-client: the fork server ended before the run\n"), 99;
    return mirror(status);
}

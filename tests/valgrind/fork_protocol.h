/* What tests/valgrind/fork_client.c sends tests/valgrind/fork_server.c for
 * one gpuroof run, over a Unix socket:
 *   a fork_request, with the client's descriptors 0, 1 and 2 that are open
 *   (open_fds: bit i for descriptor i) as SCM_RIGHTS, in that order;
 *   payload_bytes of strings, each ended by a NUL: the working directory,
 *   then the argc arguments (argv[0] first), then the environment.
 * The server answers the child's pid (int32_t), then, when it has ended,
 * its wait status (int32_t). */
#ifndef GPUROOF_FORK_PROTOCOL_H
#define GPUROOF_FORK_PROTOCOL_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <unistd.h>

#define FORK_MAGIC 0x67726b31u /* "grk1" */
#define FORK_MAX_PAYLOAD (16u << 20)
#define FORK_FIXED_FIELDS 1 /* the working directory */

typedef struct {
    uint32_t magic;
    uint32_t payload_bytes;
    uint32_t argc;
    uint32_t open_fds;
    uint32_t umask;
    uint32_t ignored_signals; /* bit s: signal s (1 to 31) ignored */
    uint32_t blocked_signals; /* bit s: signal s blocked */
} fork_request;

/* Reads exactly size bytes from fd; false at an early end. */
static inline bool fork_read_all(int fd, void *buf, size_t size)
{
    char *p = buf;
    while (size > 0) {
        ssize_t got = read(fd, p, size);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        p += got;
        size -= (size_t)got;
    }
    return true;
}

#endif

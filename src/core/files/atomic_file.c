#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* mkstemps */
#endif
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "atomic_file.h"

bool gr_temp_beside(const char *path, char *out, size_t size, gr_error *err)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    const char *ext = dot && (!slash || dot > slash) ? dot : "";
    int n = snprintf(out, size, "%.*s.tmp-XXXXXX%s", (int)(strlen(path) - strlen(ext)), path, ext);
    if (n < 0 || (size_t)n >= size)
        return gr_error_set(err, "%s: path too long", path);
    int fd = mkstemps(out, (int)strlen(ext));
    if (fd < 0)
        return gr_error_set(err, "%s: cannot create a file beside it: %s", path, strerror(errno));
    mode_t mask = umask(0); /* mkstemps makes it private; the output is not */
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    close(fd);
    return true;
}

static bool write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        len -= (size_t)n;
    }
    return true;
}

bool gr_write_file_atomic(const char *path, const char *data, size_t len, gr_error *err)
{
    char temp[4096];
    if (!gr_temp_beside(path, temp, sizeof temp, err))
        return false;
    int fd = open(temp, O_WRONLY | O_TRUNC);
    bool ok = fd >= 0 && write_all(fd, data, len) && fsync(fd) == 0;
    int saved = errno;
    if (fd >= 0 && close(fd) != 0)
        ok = false;
    if (ok && rename(temp, path) == 0)
        return true;
    saved = ok ? errno : saved;
    unlink(temp);
    return gr_error_set(err, "%s: cannot write it: %s", path, strerror(saved));
}

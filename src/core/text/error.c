#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "error.h"

bool gr_error_vset(gr_error *err, const char *prefix, const char *fmt, va_list ap)
{
    if (!err)
        return false;
    int used = snprintf(err->text, sizeof err->text, "%s", prefix ? prefix : "");
    if (used < 0 || (size_t)used >= sizeof err->text)
        return false;
    vsnprintf(err->text + used, sizeof err->text - (size_t)used, fmt, ap);
    return false;
}

bool gr_error_set(gr_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gr_error_vset(err, NULL, fmt, ap);
    va_end(ap);
    return false;
}

bool gr_error_vadd(gr_error *err, const char *fmt, va_list ap)
{
    if (!err)
        return false;
    size_t used = strlen(err->text);
    if (used + 1 < sizeof err->text)
        vsnprintf(err->text + used, sizeof err->text - used, fmt, ap);
    return false;
}

bool gr_error_add(gr_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gr_error_vadd(err, fmt, ap);
    va_end(ap);
    return false;
}

bool gr_error_vat(gr_error *err, const char *file, unsigned long line, unsigned long column, const char *fmt,
                  va_list ap)
{
    gr_error_set(err, "%s:%lu:%lu: ", file, line, column);
    return gr_error_vadd(err, fmt, ap);
}

bool gr_error_at(gr_error *err, const char *file, unsigned long line,
                 unsigned long column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gr_error_vat(err, file, line, column, fmt, ap);
    va_end(ap);
    return false;
}

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "gpuroof_kernels.h"
#include "kernel_label.h"

static bool taken(char (*labels)[96], size_t count, size_t self, const char *text)
{
    for (size_t j = 0; j < count; j++)
        if (j != self && strcmp(labels[j], text) == 0)
            return true;
    return false;
}

void grc_kernel_labels_unique(char (*labels)[96], size_t count)
{
    for (size_t i = 1; i < count; i++) {
        bool repeated = false;
        for (size_t j = 0; j < i; j++)
            repeated = repeated || strcmp(labels[j], labels[i]) == 0;
        if (!repeated)
            continue;
        char candidate[128];
        for (int k = 2;; k++) {
            /* the number goes on the end; what it pushes out is marked */
            snprintf(candidate, sizeof candidate, strlen(labels[i]) > 80 ? "%.77s... #%d" : "%s #%d", labels[i], k);
            if (!taken(labels, count, i, candidate))
                break;
        }
        snprintf(labels[i], sizeof labels[i], "%.95s", candidate);
    }
}

void grc_kernel_labels(const char *const *demangled, size_t count, char (*labels)[96])
{
    for (size_t i = 0; i < count; i++)
        gr_kernel_short_name(demangled[i], 0, labels[i], sizeof labels[i]);
    for (size_t i = 0; i < count; i++) {
        bool repeated = false;
        char short_name[96];
        gr_kernel_short_name(demangled[i], 0, short_name, sizeof short_name);
        for (size_t j = 0; j < count; j++) {
            char other[96];
            gr_kernel_short_name(demangled[j], 0, other, sizeof other);
            repeated = repeated || (j != i && strcmp(other, short_name) == 0);
        }
        if (repeated) /* the template arguments may tell them apart */
            gr_kernel_short_name(demangled[i], 1, labels[i], sizeof labels[i]);
    }
    grc_kernel_labels_unique(labels, count);
}

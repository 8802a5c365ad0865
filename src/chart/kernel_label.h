/* Short labels for kernels on a chart, from the names a tool gives them
 * (Nsight Compute's demangled "void gemm<float, 128>(const float *, int)"). */
#ifndef GPUROOF_KERNEL_LABEL_H
#define GPUROOF_KERNEL_LABEL_H

#include <stddef.h>

/* Makes count labels (96 characters each) unique: the second and later of
 * a repeated label end in " #2", " #3", ... */
void grc_kernel_labels_unique(char (*labels)[96], size_t count);

/* The labels of count kernels: each one's short name, the full one (its
 * template arguments kept) where two short names are the same, then made
 * unique. */
void grc_kernel_labels(const char *const *demangled, size_t count, char (*labels)[96]);

#endif

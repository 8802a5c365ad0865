/* How large each kind of input may be: the one place where these limits
 * are named, each with the reason for it.  A reader stops at its limit
 * with one line naming the input and the limit (gr_input_limit_exceeded),
 * and holds no more than the limit in memory: a stream (standard input, a
 * pipe, /dev/zero, another program's output) is read only up to its limit
 * plus one byte; a regular file's size is checked before it is mapped.
 * None of them can be changed at run time: each is far above what real
 * inputs need (the figures below), so no user needs to raise one. */
#ifndef GPUROOF_INPUT_LIMITS_H
#define GPUROOF_INPUT_LIMITS_H

#include <stdbool.h>
#include <stdint.h>
#include "gpuroof_text.h"

typedef struct {
    uint64_t bytes;
    const char *kind; /* what the limit is for, as the error line says it */
} gr_input_limit;

#define GR_MIB (UINT64_C(1) << 20)
#define GR_GIB (UINT64_C(1) << 30)

/* kernels FILE: a host program or library, an archive, a cubin or a
 * fatbin.  The largest of CUDA 13.0's lib64 is libcublasLt.so.13, 541,595,600
 * bytes (ls -lS /usr/local/cuda/lib64; cuDNN's engine library is 245 MB
 * there); static archives of cuBLASLt and cuDNN builds of other toolkits
 * run to 1-2 GB.  4 GiB leaves room for twice the largest; a regular file
 * is mapped, not copied, so only a stream of one holds that much. */
#define GR_LIMIT_KERNEL_BINARY ((gr_input_limit){4 * GR_GIB, "a program, library, cubin or fatbin"})

/* kernels FILE: ptxas's report or cuobjdump's listing (text).  cuobjdump
 * --dump-resource-usage of libcublasLt.so.13, the library with the most
 * kernels in CUDA 13.0, is 10,898,291 bytes: 256 MiB is 24 times that. */
#define GR_LIMIT_KERNEL_TEXT ((gr_input_limit){256 * GR_MIB, "a ptxas report or cuobjdump listing"})

/* ncu FILE, ncu -, and what ncu --import writes: Nsight Compute's CSV.
 * Its raw page with gpuroof's metrics takes about 700 bytes a launch
 * (tests/data/ncu/raw-base.csv: 11,064 bytes, 15 launches); 512 MiB is
 * some 750,000 launches, a profile that takes ncu days to collect. */
#define GR_LIMIT_NCU_CSV ((gr_input_limit){512 * GR_MIB, "Nsight Compute's CSV"})

/* What ncu --query-metrics --csv writes: a list of a chip's metrics, a
 * few thousand lines of some hundred bytes each, under 1 MB. */
#define GR_LIMIT_NCU_METRIC_LIST ((gr_input_limit){64 * GR_MIB, "ncu's list of metrics"})

/* One fatbin entry decompressed.  The largest cubin of CUDA 13.0's
 * libraries is 33.5 MB (cuDNN's); a claim past this is a corrupt header,
 * refused before any memory is taken for it.  Entries are decompressed
 * one at a time into one buffer (fatbin_payload.h), so this bounds the
 * memory a decompression bomb can take; the decoders stop at the size
 * claimed. */
#define GR_LIMIT_FATBIN_ENTRY ((gr_input_limit){GR_GIB, "a fatbin entry decompressed"})

/* All the fatbin entries of one input decompressed.  CUDA 13.0's libraries
 * decompress to 9 to 13 times their compressed entries (libcublasLt.so.13:
 * 139 MB of entries to 1,431 MB; cuDNN's precompiled engines 151 MB to
 * 2,004 MB; cuSPARSE 134 MB to 1,157 MB: the entries' headers summed), so
 * 64 times the input's size and a gibibyte more is never reached by a real
 * input, while one of decompression bombs, each within the entry's limit,
 * costs time linear in its size. */
#define GR_INFLATE_RATIO_MAX 64
/* What the entries of an input of input_bytes may decompress to in all. */
uint64_t gr_inflate_budget(uint64_t input_bytes);

/* YAML files (models, profiles, results): what yaml_doc.c reads whole
 * (yaml_doc.h's GR_YAML_MAX_BYTES is this); the largest committed
 * results file is some tens of kilobytes. */
#define GR_LIMIT_YAML ((gr_input_limit){GR_MIB, "a YAML file"})

/* trace --compare SUMMARY: what gpuroof trace --json writes of one trace
 * or of a node's ranks, read whole.  A trace's summary is some 30 KB (the
 * GPT-2 step of tests/data/trace/h200: 46 kernels); a node of 8 ranks of
 * 2,000 kernels each, names of a few hundred bytes, is under 10 MB: 64 MiB
 * is six times that. */
#define GR_LIMIT_TRACE_SUMMARY ((gr_input_limit){64 * GR_MIB, "a trace's summary"})

/* Sets err to the one line for an input (shown) past its limit. */
bool gr_input_limit_exceeded(const char *shown, gr_input_limit limit, gr_error *err);

#endif

/* gpuroof measure, interrupted (SIGINT, SIGTERM): the results file is left
 * as it was and one line on stderr says which part was running and which
 * measured parts are lost.  The line is composed here, outside the signal
 * handler, whenever the run moves on; the handler only write(2)s it and
 * _exit(2)s with 128 + the signal's number.  Plain C and POSIX: no CUDA. */
#ifndef GPUROOF_MEASURE_INTERRUPT_H
#define GPUROOF_MEASURE_INTERRUPT_H

#include <stdbool.h>

/* Installs the handlers (sigaction) for the run that writes output_path;
 * the run is then "opening the device". */
void measure_interrupt_install(const char *output_path);

/* A file of an earlier GPU of the same command (measure --all-gpus) was
 * written whole: the line of a later interrupt says it is kept. */
void measure_interrupt_kept(const char *written_path);

/* The run starts the part named `part` ("ceilings", "sweep", ...). */
void measure_interrupt_part(const char *part);
/* The part started last is complete (its results are still only in memory). */
void measure_interrupt_part_done(void);

/* Around the atomic write of the results file: a signal that arrives in
 * between is held (the handler records it and returns), so the file is
 * either the old one or the new one whole, and no temporary file is left.
 * measure_interrupt_write_end says whether the new file is in place; a
 * held signal then ends the process with the matching line. */
void measure_interrupt_write_begin(void);
void measure_interrupt_write_end(bool written);

#endif

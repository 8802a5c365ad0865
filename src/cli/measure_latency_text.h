/* What gpuroof measure prints of its latency part: each level's latency
 * beside its peer's figure where one is published, and the launch floor. */
#ifndef GPUROOF_MEASURE_LATENCY_TEXT_H
#define GPUROOF_MEASURE_LATENCY_TEXT_H

#include "gpuroof_results.h"

/* Prints nothing where the results hold no latency. */
void measure_print_latency(const gr_results *r);

#endif

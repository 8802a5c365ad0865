/* What a run adds to its results file at the end, before the core writes
 * it: the device as the CUDA runtime and NVML saw it, how the figures were
 * taken, and each matmul beside cuBLAS. */
#include <config.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "gpuroof_roofline.h"
#include "measure_gpu.h"

void measure_run_init(measure_run *r)
{
    memset(r, 0, sizeof *r);
    gr_results_init(&r->file);
    r->l2_peak_gbs = NAN;
}

void measure_run_free(measure_run *r)
{
    gr_results_free(&r->file);
}

void measure_record_ceiling(measure_run *r, size_t offset, const double *rates, int count, double sm_mhz,
                            double watts)
{
    gr_error err;
    gr_spread s = gr_spread_of(rates, (size_t)count);
    if (s.count == 0)
        return;
    *(double *)((char *)&r->file.ceilings + offset) = s.high;
    gr_result_spread *row = gr_results_add_spread(&r->file, &err);
    if (!row) {
        measure_fail("%s", err.text);
        return;
    }
    gr_results_textf(&r->file, &row->ceiling, GR_RESULT_CEILING_SIZE, "%s", gr_results_ceiling_key(offset));
    row->low = s.low;
    row->median = s.median;
    row->high = s.high;
    row->repeats = (long long)s.count;
    row->sm_clock_mhz = sm_mhz > 0 ? sm_mhz : NAN;
    row->power_w = watts > 0 ? watts : NAN;
}

static void record_device(measure_run *r)
{
    const gr_gpu_info *d = &r->device;
    gr_result_device *f = &r->file.device;
    gr_results_textf(&r->file, &f->name, GR_RESULT_DEVICE_NAME_SIZE, "%s", d->name);
    f->cuda_index = d->cuda_index;
    gr_results_textf(&r->file, &f->pci_bus_id, GR_RESULT_PCI_BUS_ID_SIZE, "%s", d->pci_bus_id);
    gr_results_textf(&r->file, &f->uuid, GR_RESULT_UUID_SIZE, "%s", d->uuid);
    gr_results_textf(&r->file, &f->profile, GR_RESULT_PROFILE_SIZE, "%s", r->profile ? r->profile->name : "none");
    gr_results_textf(&r->file, &f->compute_capability, GR_RESULT_CC_SIZE, "%d.%d", d->cc_major, d->cc_minor);
    f->sm_count = d->sm_count;
    f->sm_clock_mhz = r->sm_clock_mhz ? r->sm_clock_mhz : d->sm_clock_khz / 1000;
    gr_results_textf(&r->file, &f->sm_clock_source, GR_RESULT_CLOCK_SOURCE_SIZE, "%s",
                     r->sm_clock_mhz ? "NVML, read during the run" : "cudaDevAttrClockRate (the maximum)");
    f->mem_clock_mhz = r->mem_clock_mhz ? r->mem_clock_mhz : d->mem_clock_khz / 1000;
    f->max_sm_clock_mhz = d->sm_clock_khz / 1000;
    f->memory_bus_bits = d->mem_bus_width;
    f->l2_bytes = d->l2_bytes;
    f->memory_bytes = d->global_mem_bytes;
    f->power_limit_w = r->power_limit_w > 0 ? r->power_limit_w : NAN;
    gr_results_textf(&r->file, &f->driver, GR_RESULT_VERSION_SIZE, "%d.%d", d->driver_version / 1000,
                     d->driver_version % 1000 / 10);
    gr_results_textf(&r->file, &f->runtime, GR_RESULT_VERSION_SIZE, "%d.%d", d->runtime_version / 1000,
                     d->runtime_version % 1000 / 10);
}

static void record_method(measure_run *r)
{
    gr_result_provenance *p = &r->file.provenance;
    gr_results_textf(&r->file, &p->gpuroof, GR_RESULT_VERSION_SIZE, "%s", PACKAGE_VERSION);
    gr_results_textf(&r->file, &p->bytes, GR_RESULT_BYTES_SIZE, "%s",
                     "bytes read plus bytes written. For a matmul, each matrix once: the fewest DRAM can move, so its "
                     "intensity is the highest its DRAM traffic allows and its point never stands above the roof; "
                     "requested_intensity counts the loads its threads ask for, as PMPP does, which caches serve in part");
    gr_results_textf(&r->file, &p->timing, GR_RESULT_TIMING_SIZE, "%s",
                     "CUDA events, one warm-up run, then the median of the repeats");
    gr_roofs datasheet;
    gr_roofs_fill(r->profile, NULL, NULL, &datasheet);
    if (r->profile)
        r->file.ceilings.datasheet_bandwidth_gbs = gr_roofs_dram_gbs(&datasheet);
}

/* cuBLAS runs each width once, untiled: a kernel's "width=N tile=T" is
 * compared with cuBLAS's "width=N". */
static void record_vs_cublas(measure_run *r)
{
    for (size_t i = 0; i < r->file.kernel_count; i++) {
        gr_result_kernel *k = &r->file.kernels[i];
        char width[32];
        snprintf(width, sizeof width, "%.*s", (int)strcspn(k->params, " "), k->params);
        const gr_result_kernel *c = measure_find_kernel(r, "matmul-cublas", width);
        if (c)
            k->vs_cublas = k->gflops / c->gflops;
    }
}

bool measure_write(measure_run *r, const char *path)
{
    gr_error err;
    record_device(r);
    record_method(r);
    record_vs_cublas(r);
    return gr_results_save(&r->file, path, &err) || measure_fail("%s", err.text);
}

/* The results file, written whole or not at all. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "atomic_file.h"
#include "measure_gpu.h"
#include "yaml_writer.h"

static void write_device(gr_yaml_writer *w, const measure_run *r)
{
    const gr_gpu_info *d = &r->device;
    char cc[16], driver[16], runtime[16];
    snprintf(cc, sizeof cc, "%d.%d", d->cc_major, d->cc_minor);
    snprintf(driver, sizeof driver, "%d.%d", d->driver_version / 1000, d->driver_version % 1000 / 10);
    snprintf(runtime, sizeof runtime, "%d.%d", d->runtime_version / 1000, d->runtime_version % 1000 / 10);
    gr_yw_key(w, "device");
    gr_yw_map(w);
    gr_yw_kv_string(w, "name", d->name);
    gr_yw_kv_string(w, "profile", r->profile ? r->profile->name : "none");
    gr_yw_kv_string(w, "compute_capability", cc);
    gr_yw_kv_int(w, "sm_count", d->sm_count);
    gr_yw_kv_int(w, "sm_clock_mhz", r->sm_clock_mhz ? r->sm_clock_mhz : d->sm_clock_khz / 1000);
    gr_yw_kv_string(w, "sm_clock_source", r->sm_clock_mhz ? "NVML, read during the run" : "cudaDevAttrClockRate (the maximum)");
    gr_yw_kv_int(w, "mem_clock_mhz", r->mem_clock_mhz ? r->mem_clock_mhz : d->mem_clock_khz / 1000);
    gr_yw_kv_int(w, "max_sm_clock_mhz", d->sm_clock_khz / 1000);
    gr_yw_kv_int(w, "memory_bus_bits", d->mem_bus_width);
    gr_yw_kv_int(w, "l2_bytes", d->l2_bytes);
    gr_yw_kv_int(w, "memory_bytes", d->global_mem_bytes);
    gr_yw_kv_string(w, "driver", driver);
    gr_yw_kv_string(w, "runtime", runtime);
    gr_yw_close_map(w);
}

static void write_provenance(gr_yaml_writer *w, const measure_run *r)
{
    gr_yw_key(w, "provenance");
    gr_yw_map(w);
    gr_yw_kv_string(w, "gpuroof", PACKAGE_VERSION);
    gr_yw_kv_string(w, "commit", r->commit);
    gr_yw_kv_string(w, "date", r->date);
    gr_yw_kv_string(w, "command", r->command);
    gr_yw_kv_string(w, "bytes", "bytes read plus bytes written. For a matmul, each matrix once: the fewest DRAM "
                                "can move, so its intensity is the highest its DRAM traffic allows and its point "
                                "never stands above the roof; requested_intensity counts the loads its threads "
                                "ask for, as PMPP does, which caches serve in part");
    gr_yw_kv_string(w, "timing", "CUDA events, one warm-up run, then the median of the repeats");
    gr_yw_close_map(w);
}

static void kv_positive(gr_yaml_writer *w, const char *key, double value)
{
    if (value > 0)
        gr_yw_kv_double(w, key, value);
}

static void write_ceilings(gr_yaml_writer *w, const measure_run *r)
{
    gr_yw_key(w, "ceilings");
    gr_yw_map(w);
    kv_positive(w, "dram_read_gbs", r->dram_read_gbs);
    kv_positive(w, "dram_write_gbs", r->dram_write_gbs);
    kv_positive(w, "dram_copy_gbs", r->dram_copy_gbs);
    kv_positive(w, "dram_triad_gbs", r->dram_triad_gbs);
    kv_positive(w, "memcpy_d2d_gbs", r->memcpy_d2d_gbs);
    kv_positive(w, "fp32_gflops", r->fp32_gflops);
    kv_positive(w, "fp64_gflops", r->fp64_gflops);
    kv_positive(w, "fp32_theoretical_gflops", r->fp32_theoretical_gflops);
    kv_positive(w, "fp64_theoretical_gflops", r->fp64_theoretical_gflops);
    if (r->profile)
        gr_yw_kv_double(w, "datasheet_bandwidth_gbs", r->profile->bandwidth_gbs);
    gr_yw_close_map(w);
}

static void write_kernel(gr_yaml_writer *w, const measure_run *r, const measure_kernel *k)
{
    gr_yw_map(w);
    gr_yw_kv_string(w, "name", k->name);
    gr_yw_kv_string(w, "params", k->params);
    gr_yw_kv_double(w, "flops", k->flops);
    gr_yw_kv_double(w, "bytes", k->bytes);
    gr_yw_kv_double(w, "intensity", k->intensity);
    if (k->requested_intensity > 0)
        gr_yw_kv_double(w, "requested_intensity", k->requested_intensity);
    gr_yw_key(w, "time_ms");
    gr_yw_flow_map(w);
    gr_yw_kv_double(w, "min", k->time.min_ms);
    gr_yw_kv_double(w, "median", k->time.median_ms);
    gr_yw_kv_double(w, "max", k->time.max_ms);
    gr_yw_kv_int(w, "repeats", k->time.repeats);
    gr_yw_close_map(w);
    gr_yw_kv_double(w, "gflops", k->gflops);
    gr_yw_kv_bool(w, "verified", k->verified);
    gr_yw_kv_string(w, "check", k->check);
    char width[32]; /* "width=N" of params "width=N tile=T": cuBLAS runs each width once, untiled */
    snprintf(width, sizeof width, "%.*s", (int)strcspn(k->params, " "), k->params);
    const measure_kernel *c = measure_find_kernel(r, "matmul-cublas", width);
    if (c)
        gr_yw_kv_double(w, "vs_cublas", k->gflops / c->gflops);
    gr_yw_close_map(w);
}

static void write_rows(gr_yaml_writer *w, const measure_run *r)
{
    gr_yw_key(w, "kernels");
    gr_yw_list(w);
    for (size_t i = 0; i < r->kernel_count; i++)
        write_kernel(w, r, &r->kernels[i]);
    gr_yw_close_list(w);
    gr_yw_key(w, "sweep");
    gr_yw_list(w);
    for (size_t i = 0; i < r->sweep_count; i++) {
        gr_yw_flow_map(w);
        gr_yw_kv_double(w, "intensity", r->sweep[i].intensity);
        gr_yw_kv_double(w, "gflops", r->sweep[i].gflops);
        gr_yw_kv_bool(w, "verified", r->sweep[i].verified);
        gr_yw_close_map(w);
    }
    gr_yw_close_list(w);
}

/* Opens a layout launch's row with what names it: kernel, block, pad (the
 * keys layout_checks and bank_checks share). */
static void write_layout_key(gr_yaml_writer *w, const measure_layout *l)
{
    char block[32];
    snprintf(block, sizeof block, "%dx%d", l->bdimx, l->bdimy);
    gr_yw_flow_map(w);
    gr_yw_kv_string(w, "kernel", l->kernel);
    gr_yw_kv_string(w, "block", block);
    gr_yw_kv_int(w, "pad", l->pad);
}

static void write_checks(gr_yaml_writer *w, const measure_run *r)
{
    gr_yw_key(w, "occupancy_checks");
    gr_yw_list(w);
    for (size_t i = 0; i < r->occupancy_count; i++) {
        const measure_occupancy_row *o = &r->occupancy[i];
        gr_yw_flow_map(w);
        gr_yw_kv_int(w, "threads", o->threads);
        gr_yw_kv_int(w, "regs", o->regs);
        gr_yw_kv_int(w, "smem", o->static_smem + o->dynamic_smem);
        gr_yw_kv_int(w, "predicted", o->predicted);
        gr_yw_kv_int(w, "runtime_api", o->runtime_api);
        gr_yw_kv_int(w, "measured", o->measured);
        gr_yw_close_map(w);
    }
    gr_yw_close_list(w);
    gr_yw_key(w, "target_blocks_checks");
    gr_yw_list(w);
    for (size_t i = 0; i < r->target_count; i++) {
        const measure_target *t = &r->targets[i];
        gr_yw_flow_map(w);
        gr_yw_kv_int(w, "threads", t->threads);
        gr_yw_kv_int(w, "regs", t->regs);
        gr_yw_kv_int(w, "target", t->target);
        gr_yw_kv_int(w, "gpuroof_bytes", t->gpuroof_bytes);
        gr_yw_kv_int(w, "measured_at_gpuroof", t->at_gpuroof);
        gr_yw_kv_int(w, "measured_one_byte_more", t->past_gpuroof);
        gr_yw_kv_int(w, "runtime_bytes", t->runtime_bytes);
        gr_yw_kv_int(w, "measured_at_runtime", t->at_runtime);
        gr_yw_close_map(w);
    }
    gr_yw_close_list(w);
    gr_yw_key(w, "layout_checks");
    gr_yw_list(w);
    for (size_t i = 0; i < r->layout_count; i++) {
        const measure_layout *l = &r->layouts[i];
        write_layout_key(w, l);
        gr_yw_kv_bool(w, "verified", l->verified);
        gr_yw_close_map(w);
    }
    gr_yw_close_list(w);
    gr_yw_key(w, "bank_checks");
    gr_yw_list(w);
    for (size_t i = 0; i < r->layout_count; i++) {
        const measure_layout *l = &r->layouts[i];
        write_layout_key(w, l);
        gr_yw_kv_double(w, "predicted_load", l->predicted_load);
        gr_yw_kv_double(w, "predicted_store", l->predicted_store);
        if (l->measured_load >= 0) {
            gr_yw_kv_double(w, "measured_load", l->measured_load);
            gr_yw_kv_double(w, "measured_store", l->measured_store);
        }
        if (l->ns_per_rep >= 0)
            gr_yw_kv_double(w, "ns_per_rep", l->ns_per_rep);
        gr_yw_close_map(w);
    }
    gr_yw_close_list(w);
}

bool measure_write(const measure_run *r, const char *path)
{
    gr_yaml_writer w;
    gr_error err;
    char *text;
    size_t len;
    if (!gr_yw_begin(&w))
        return measure_fail("out of memory");
    gr_yw_map(&w);
    write_device(&w, r);
    write_provenance(&w, r);
    write_ceilings(&w, r);
    write_rows(&w, r);
    write_checks(&w, r);
    gr_yw_close_map(&w);
    if (!gr_yw_end(&w, &text, &len, &err))
        return measure_fail("%s", err.text);
    bool ok = gr_write_file_atomic(path, text, len, &err);
    free(text);
    return ok || measure_fail("%s", err.text);
}

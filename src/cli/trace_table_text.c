/* gpuroof trace's table of kernels (trace_output.h): one row a kernel,
 * longest first, and under it what its longest configuration decides. */
#include <stdio.h>
#include <stdlib.h>
#include "gpuroof_kernels.h"
#include "output.h"
#include "trace_output.h"

/* "18.75%, registers and shared memory", or "-" without a device. */
void trace_occupancy_words(const gr_trace_config *c, gr_buf *b)
{
    if (!c->has_occupancy) {
        gr_buf_addf(b, "-");
        return;
    }
    gr_buf_addf(b, "%s, ", OUT_PCT(c->occupancy.occupancy));
    out_limiters(b, c->occupancy.limiters);
}

/* What the configuration decides, as words; "" where nothing binds. */
void trace_limits_words(const gr_trace_config_limits *l, gr_buf *b)
{
    const char *sep = "";
    if (l->shape.tail)
        gr_buf_addf(b, "%s%s waves: the last runs %s of %s blocks", sep, OUT_NUM(l->shape.waves),
                 OUT_NUM(l->shape.last_wave_blocks), OUT_NUM(l->shape.slots)), sep = "; ";
    if (l->shape.small_grid)
        gr_buf_addf(b, "%sa small grid: %s blocks, %s of the SMs idle", sep, OUT_NUM(l->shape.blocks),
                 OUT_PCT(1 - 1 / l->shape.grid_stretch)), sep = "; ";
    if (l->launch_bound)
        gr_buf_addf(b, "%slaunch-bound: %s launch floors a launch (fuse them, or a CUDA graph)", sep,
                 OUT_NUM(l->floors)), sep = "; ";
    if (l->lift.possible && l->lift.limit == GR_LIMIT_REGISTERS)
        gr_buf_addf(b, "%sat most %lld registers a thread: %d blocks an SM, %s", sep, (long long)l->lift.value,
                 l->lift.lifted.blocks_per_sm, OUT_PCT(l->lift.lifted.occupancy));
    else if (l->lift.possible && l->lift.limit == GR_LIMIT_SHARED_MEMORY)
        gr_buf_addf(b, "%sat most %lld B of shared memory a block: %d blocks an SM, %s", sep, (long long)l->lift.value,
                 l->lift.lifted.blocks_per_sm, OUT_PCT(l->lift.lifted.occupancy));
    else if (l->lift.possible && l->lift.limit == GR_LIMIT_BLOCKS)
        gr_buf_addf(b, "%sblocks of at least %lld threads: %s", sep, (long long)l->lift.value,
                 OUT_PCT(l->lift.lifted.occupancy));
}

void trace_config_words(const gr_trace_config *c, gr_buf *b)
{
    gr_buf_addf(b, "grid %lldx%lldx%lld, block %lldx%lldx%lld, %lld registers, %lld B shared", (long long)c->grid[0],
                (long long)c->grid[1], (long long)c->grid[2], (long long)c->block[0], (long long)c->block[1],
                (long long)c->block[2], (long long)c->registers_per_thread, (long long)c->shared_bytes);
}

static void print_row(const gr_trace_run *run, const gr_trace_kernel *k)
{
    const gr_trace_config *c = &k->configs[0];
    gr_trace_config_limits l;
    enum { NAME_COLUMNS = 64 };
    char *name = malloc(NAME_COLUMNS);
    gr_buf occ = GR_BUF_INIT, config = GR_BUF_INIT, limits = GR_BUF_INIT;
    gr_trace_config_limits_of(&run->kernels, c, run->has_device ? run->device.launch_floor_ns : 0, &l);
    if (name)
        gr_kernel_name_fit(k->name, name, NAME_COLUMNS);
    trace_occupancy_words(c, &occ);
    printf("%11s %7s %8zu  %-40s %s\n", OUT_NUM((double)k->time_ns / 1e3),
           OUT_PCT(run->kernels.time_ns ? (double)k->time_ns / (double)run->kernels.time_ns : 0), k->launches,
           gr_buf_text(&occ), name ? name : k->name);
    trace_config_words(c, &config);
    trace_limits_words(&l, &limits);
    printf("%29s %s%s%s%s\n", "", gr_buf_text(&config), k->config_count > 1 ? " (its longest configuration)" : "",
           gr_buf_text(&limits)[0] ? ": " : "", gr_buf_text(&limits));
    trace_print_verdict(run, (size_t)(k - run->kernels.kernels));
    free(name);
    gr_buf_free(&occ);
    gr_buf_free(&config);
    gr_buf_free(&limits);
}

void trace_print_table(const trace_options *o, const gr_trace_run *run)
{
    size_t shown = trace_shown(o, run);
    printf("\n%11s %7s %8s  %-40s %s\n", "time (us)", "share", "launches", "occupancy, limited by", "kernel");
    for (size_t i = 0; i < shown; i++)
        print_row(run, &run->kernels.kernels[i]);
    if (shown < run->kernels_picked) {
        int64_t rest = 0;
        for (size_t i = shown; i < run->kernels_picked; i++)
            rest += run->kernels.kernels[i].time_ns;
        printf("... and %zu more kernels, %s of the kernels' time\n", run->kernels_picked - shown,
               OUT_PCT(run->kernels.time_ns ? (double)rest / (double)run->kernels.time_ns : 0));
    }
}

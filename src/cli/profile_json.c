#include <stdio.h>
#include "profile_json.h"

static json_t *peaks_json(const gr_profile *p)
{
    json_t *peaks = json_object();
    for (int i = 0; i < p->peak_count; i++)
        json_object_set_new(peaks, p->peaks[i].precision, json_real(p->peaks[i].gflops));
    return peaks;
}

static json_t *carveouts_json(const gr_profile *p)
{
    json_t *list = json_array();
    for (int i = 0; i < p->carveout_count; i++)
        json_array_append_new(list, json_integer(p->carveouts_bytes[i]));
    return list;
}

static void set_int(json_t *j, const char *key, json_int_t v)
{
    json_object_set_new(j, key, json_integer(v));
}

json_t *profile_summary_json(const gr_profile *p)
{
    json_t *j = json_object();
    char cc[16];
    snprintf(cc, sizeof cc, "%d.%d", p->cc_major, p->cc_minor);
    json_object_set_new(j, "name", json_string(p->name));
    json_object_set_new(j, "full_name", json_string(p->full_name));
    json_object_set_new(j, "architecture", json_string(p->architecture));
    json_object_set_new(j, "compute_capability", json_string(cc));
    set_int(j, "sm_count", p->sm_count);
    json_object_set_new(j, "clock_mhz", json_real(p->clock_mhz));
    json_object_set_new(j, "peak_gflops", peaks_json(p));
    json_object_set_new(j, "bandwidth_gbs", json_real(p->bandwidth_gbs));
    json_object_set_new(j, "path", json_string(p->path));
    return j;
}

static json_t *sm_json(const gr_profile *p)
{
    json_t *sm = json_object();
    set_int(sm, "max_threads", p->max_threads_sm);
    set_int(sm, "max_warps", p->max_warps_sm);
    set_int(sm, "max_blocks", p->max_blocks_sm);
    set_int(sm, "registers", p->regs_sm);
    set_int(sm, "shared_memory_bytes", p->smem_sm_bytes);
    json_object_set_new(sm, "carveout_bytes", carveouts_json(p));
    return sm;
}

static json_t *block_json(const gr_profile *p)
{
    json_t *block = json_object();
    set_int(block, "max_threads", p->max_threads_block);
    set_int(block, "max_registers", p->regs_block);
    set_int(block, "shared_memory_bytes", p->smem_block_bytes);
    set_int(block, "shared_memory_optin_bytes", p->smem_block_optin_bytes);
    set_int(block, "shared_memory_reserved_bytes", p->smem_block_reserved_bytes);
    return block;
}

json_t *profile_to_json(const gr_profile *p)
{
    json_t *j = profile_summary_json(p);
    json_t *memory = json_object(), *thread = json_object(), *alloc = json_object(), *banks = json_object();
    json_object_del(j, "bandwidth_gbs");
    json_object_set_new(memory, "bandwidth_gbs", json_real(p->bandwidth_gbs));
    set_int(memory, "size_bytes", p->memory_bytes);
    set_int(memory, "l2_bytes", p->l2_bytes);
    json_object_set_new(j, "memory", memory);
    json_object_set_new(j, "sm", sm_json(p));
    json_object_set_new(j, "block", block_json(p));
    set_int(thread, "max_registers", p->max_regs_thread);
    json_object_set_new(j, "thread", thread);
    set_int(alloc, "register_unit", p->reg_alloc_unit);
    set_int(alloc, "register_subpartitions", p->reg_subpartitions);
    set_int(alloc, "shared_memory_unit", p->smem_alloc_unit);
    json_object_set_new(j, "allocation", alloc);
    set_int(j, "warp_size", p->warp_size);
    set_int(banks, "count", p->bank_count);
    set_int(banks, "width_bytes", p->bank_width_bytes);
    json_object_set_new(banks, "scheme", json_string(gr_bank_scheme_name(p->bank_scheme)));
    json_object_set_new(j, "shared_memory_banks", banks);
    return j;
}

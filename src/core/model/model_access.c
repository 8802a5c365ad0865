/* A model's variables accessed in memory (model_access.h). */
#include <math.h>
#include <stdio.h>
#include "model_access.h"

/* A register holds an automatic scalar, volatile or not: nvcc's PTX loads
 * and stores a volatile one in local memory at every reference, but
 * ptxas turns those back into a register (CUDA 13.0, sm_90: no LDL or STL
 * left), so none of its references reaches memory. */
static bool in_memory(const gr_model_var *v)
{
    return v->access.given && v->decl.memory != GR_MEM_REGISTER;
}

gr_access_case gr_access_declared(const gr_model_var *v)
{
    return v->decl.is_volatile ? GR_ACCESS_VOLATILE : GR_ACCESS_PLAIN;
}

int64_t gr_access_count(const gr_model_var *v, gr_access_case as, bool writes)
{
    if (!in_memory(v))
        return 0;
    if (as == GR_ACCESS_VOLATILE)
        return writes ? v->access.writes : v->access.reads;
    return writes ? v->access.plain_writes : v->access.plain_reads;
}

int64_t gr_access_bytes(const gr_model_var *v, gr_access_case as, bool writes)
{
    return gr_access_count(v, as, writes) * v->decl.element_bytes;
}

static bool is_scalar(const gr_model_var *v)
{
    return v->decl.dim_count == 0;
}

const char *gr_access_touches(const gr_model_var *v, gr_access_case as)
{
    bool vol = as == GR_ACCESS_VOLATILE, once = !vol && is_scalar(v) && v->access.per_thread;
    switch (v->decl.memory) {
    case GR_MEM_GLOBAL:
        return vol ? "global memory at every reference; each load skips L1 (LDG.E.STRONG.SYS) and is served by the L2 or DRAM"
               : once ? "global memory at the first reference, then a register (that load may hit in L1)"
                      : "global memory at each element referenced (loads may hit in L1)";
    case GR_MEM_SHARED:
        return vol ? "shared memory at every reference (an LDS or STS each)"
               : once ? "shared memory at the first reference, then a register"
                      : "shared memory at each element referenced";
    case GR_MEM_LOCAL:
        return vol ? "local memory (in DRAM, through L1 and the L2) at every reference"
                   : "local memory (in DRAM, through L1 and the L2) at each element referenced";
    default:
        return "a register: no memory access";
    }
}

const char *gr_volatile_why(const gr_model_var *v)
{
    if (!v->decl.is_volatile)
        return NULL;
    switch (v->decl.memory) {
    case GR_MEM_GLOBAL:
        return "global memory (__device__); volatile: every reference loads or stores it there, never a copy in "
               "a register, and its loads skip L1, so writes by other blocks and the host are seen";
    case GR_MEM_SHARED:
        return "shared memory (__shared__); volatile: every reference loads or stores it there, never a copy in "
               "a register, so the block's other threads' writes are seen (warp-synchronous code relies on it)";
    case GR_MEM_LOCAL:
        return "local memory (an automatic array); volatile: every reference loads or stores it there";
    case GR_MEM_CONSTANT:
        return "constant memory (__constant__), read-only in a kernel: volatile changes no count here";
    default:
        return "a register (an automatic scalar): volatile makes nvcc's PTX load and store it in local memory at "
               "every reference, but ptxas puts it back in a register (CUDA 13.0, sm_90), so no access remains";
    }
}

bool gr_model_counts_accesses(const gr_model *m)
{
    for (int i = 0; i < m->var_count; i++)
        if (m->vars[i].access.given)
            return true;
    return false;
}

/* The bytes the variables' accesses add at global memory (read, written)
 * and at shared memory, every variable taken as `as`, or as declared. */
typedef struct {
    double read, written, shared;
} access_bytes;

static access_bytes accesses_of(const gr_model *m, bool declared, gr_access_case as)
{
    access_bytes b = {0, 0, 0};
    for (int i = 0; i < m->var_count; i++) {
        const gr_model_var *v = &m->vars[i];
        gr_access_case c = declared ? gr_access_declared(v) : as;
        double r = (double)gr_access_bytes(v, c, false), w = (double)gr_access_bytes(v, c, true);
        if (v->decl.memory == GR_MEM_SHARED)
            b.shared += r + w;
        else
            b.read += r, b.written += w;
    }
    return b;
}

static double ratio(double flops, double bytes)
{
    return flops > 0 && bytes > 0 ? flops / bytes : NAN;
}

void gr_model_traffic_as(const gr_model *m, gr_access_case as, gr_model_traffic *out)
{
    access_bytes now = accesses_of(m, true, as), then = accesses_of(m, false, as);
    double flops = gr_value_as_double(m->flops);
    out->bytes_read = gr_value_as_double(m->bytes_read) - now.read + then.read;
    out->bytes_written = gr_value_as_double(m->bytes_written) - now.written + then.written;
    out->bytes = out->bytes_read + (m->counts_written ? out->bytes_written : 0);
    out->intensity = ratio(flops, out->bytes);
    out->shared_bytes = m->shared.given ? gr_value_as_double(m->shared.bytes) - now.shared + then.shared : NAN;
    out->shared_intensity = m->shared.given ? ratio(flops, out->shared_bytes) : NAN;
}

/* v += n, exactly while both are whole numbers. */
static bool add_value(gr_value *v, gr_value n)
{
    if (v->is_int && n.is_int && !__builtin_add_overflow(v->i, n.i, &v->i)) {
        v->d = (double)v->i;
        return true;
    }
    *v = (gr_value){.is_int = false, .d = gr_value_as_double(*v) + gr_value_as_double(n)};
    return isfinite(v->d);
}

static bool add_count(gr_value *v, int64_t n)
{
    return add_value(v, (gr_value){.is_int = true, .i = n, .d = (double)n});
}

/* Whether a variable's accesses fit in bytes at their most: the volatile
 * case's reads and writes together (a plain access is one of the
 * references), so that every count and sum of them is exact. */
static bool bytes_fit(const gr_model_var *v)
{
    int64_t refs, bytes;
    return !__builtin_add_overflow(v->access.reads, v->access.writes, &refs) &&
           !__builtin_mul_overflow(refs, (int64_t)v->decl.element_bytes, &bytes);
}

bool gr_model_add_access(gr_model *m, const gr_model_var *v)
{
    if (!bytes_fit(v))
        return false;
    gr_access_case as = gr_access_declared(v);
    int64_t rb = gr_access_bytes(v, as, false), wb = gr_access_bytes(v, as, true);
    if (rb == 0 && wb == 0)
        return true;
    if (v->decl.memory == GR_MEM_SHARED) {
        if (!m->shared.given) {
            m->shared.note = "the accesses of the shared variables";
            m->shared.bytes = (gr_value){.is_int = true, .i = 0, .d = 0};
        }
        m->shared.given = true;
        return add_count(&m->shared.bytes, rb) && add_count(&m->shared.bytes, wb);
    }
    return add_count(&m->bytes_read, rb) && add_count(&m->bytes_written, wb);
}

bool gr_model_total_bytes(gr_model *m)
{
    m->bytes = m->bytes_read;
    if (m->counts_written && !add_value(&m->bytes, m->bytes_written))
        return false;
    double f = gr_value_as_double(m->flops), b = gr_value_as_double(m->bytes);
    m->has_intensity = f > 0 && b > 0;
    m->intensity = m->has_intensity ? f / b : 0;
    return true;
}

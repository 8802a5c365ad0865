/* The ranks of a job compared, as JSON (trace_ranks.h), from tables of
 * their keys (out_fields.h): every rank with its kernels, so that this
 * output is itself a summary --compare reads (a node's ranks), and the
 * stragglers with what makes each slower. */
#include "cli.h"
#include "out_fields.h"
#include "output.h"
#include "trace_compare.h"

static const out_field idle_fields[] = {
    OUT_INT64_ROW(gr_rank_time, idle_ns[GR_RANK_IDLE_HOST], "host_ns"),
    OUT_INT64_ROW(gr_rank_time, idle_ns[GR_RANK_IDLE_STREAM], "stream_ns"),
    OUT_INT64_ROW(gr_rank_time, idle_ns[GR_RANK_IDLE_OTHER], "other_ns"),
    OUT_END,
};

static const out_field time_fields[] = {
    OUT_INT64_ROW(gr_rank_time, span_ns, "span_ns"),
    OUT_INT64_ROW(gr_rank_time, busy_ns, "busy_ns"),
    OUT_INT64_ROW(gr_rank_time, kernel_ns, "kernel_ns"),
    OUT_OBJECT_SELF_ROW("idle", idle_fields),
    OUT_END,
};

static const out_field kernel_fields[] = {
    OUT_TEXT_ROW(gr_rank_kernel, name, "kernel"),
    OUT_SIZE_ROW(gr_rank_kernel, launches, "launches"),
    OUT_INT64_ROW(gr_rank_kernel, time_ns, "time_ns"),
    OUT_END,
};

static json_t *rank_kernels(const void *record)
{
    const gr_trace_rank *r = record;
    json_t *list = json_array();
    for (size_t k = 0; k < r->kernel_count; k++)
        json_array_append_new(list, out_fields_json(kernel_fields, &r->kernels[k]));
    return list;
}

static const out_field rank_fields[] = {
    OUT_TEXT_ROW(gr_trace_rank, file, "file"),
    OUT_TEXT_ROW(gr_trace_rank, summary, "summary"),
    OUT_SPLICE_ROW(gr_trace_rank, time, time_fields),
    OUT_QUANTITY_ROW(gr_trace_rank, median_span_ns, "median_span_ns"),
    OUT_QUANTITY_ROW(gr_trace_rank, slower_ns, "slower_ns"),
    OUT_QUANTITY_ROW(gr_trace_rank, slower_share, "slower_share"),
    OUT_BOOL_ROW(gr_trace_rank, straggler, "straggler"),
    OUT_END,
};

/* A rank's time in collectives and its own time, where a rank of the
 * comparison has collectives (with none, the own time is the span). */
static const out_field own_fields[] = {
    OUT_INT64_ROW(gr_trace_rank, time.collective_ns, "collective_ns"),
    OUT_QUANTITY_ROW(gr_trace_rank, own_ns, "own_ns"),
    OUT_QUANTITY_ROW(gr_trace_rank, median_own_ns, "median_own_ns"),
    OUT_END,
};

/* A rank as listed: its place among the ranks, then its figures. */
typedef struct {
    size_t index;
    const gr_trace_rank *rank;
    bool collectives; /* the comparison's */
} rank_shown;

static bool shows_own(const void *record)
{
    return ((const rank_shown *)record)->collectives;
}

static const out_field rank_shown_fields[] = {
    OUT_SIZE_ROW(rank_shown, index, "rank"),
    OUT_SPLICE_PTR_ROW(rank_shown, rank, rank_fields),
    {.key = "", .kind = OUT_SPLICE, .offset = offsetof(rank_shown, rank), .table = own_fields, .pointer = true,
     .when = shows_own, .omit = true},
    OUT_END,
};

static json_t *listed_kernels(const void *record)
{
    return rank_kernels(((const rank_shown *)record)->rank);
}

static const out_field rank_listed_fields[] = {
    OUT_SPLICE_ROW(rank_shown, index, rank_shown_fields),
    OUT_GET_ROW("kernels", listed_kernels),
    OUT_END,
};

static const out_field slower_kernel_fields[] = {
    OUT_TEXT_ROW(gr_rank_kernel_slower, name, "kernel"),
    OUT_INT64_ROW(gr_rank_kernel_slower, time_ns, "time_ns"),
    OUT_QUANTITY_ROW(gr_rank_kernel_slower, median_ns, "median_ns"),
    OUT_QUANTITY_ROW(gr_rank_kernel_slower, slower_ns, "slower_ns"),
    OUT_END,
};

static json_t *straggler_cause(const void *record)
{
    return json_string(gr_rank_cause_name(((const gr_trace_straggler *)record)->cause));
}

static json_t *straggler_kernels(const void *record)
{
    const gr_trace_straggler *st = record;
    json_t *list = json_array();
    for (size_t k = 0; k < st->kernels_shown; k++)
        json_array_append_new(list, out_fields_json(slower_kernel_fields, &st->kernels[k]));
    return list;
}

static const out_field why_fields[] = {
    OUT_GET_ROW("cause", straggler_cause),
    OUT_QUANTITY_ROW(gr_trace_straggler, kernel_slower_ns, "kernel_slower_ns"),
    OUT_SIZE_ROW(gr_trace_straggler, kernels_slower, "kernels_slower_count"),
    OUT_GET_ROW("kernels_slower", straggler_kernels),
    OUT_END,
};

/* The others' wait for a straggler, where the comparison has collectives. */
static const out_field wait_fields[] = {
    OUT_QUANTITY_ROW(gr_trace_straggler, collective_median_ns, "collective_median_ns"),
    OUT_QUANTITY_ROW(gr_trace_straggler, collective_wait_ns, "collective_wait_ns"),
    OUT_END,
};

/* A straggler, with the rank it is. */
typedef struct {
    rank_shown shown;
    const gr_trace_straggler *straggler;
} straggler_shown;

/* One kind of idle time of a straggler, against the others' median. */
typedef struct {
    int64_t ns;
    double median_ns, slower_ns;
} idle_against;

static const out_field idle_against_fields[] = {
    OUT_INT64_ROW(idle_against, ns, "ns"),
    OUT_QUANTITY_ROW(idle_against, median_ns, "median_ns"),
    OUT_QUANTITY_ROW(idle_against, slower_ns, "slower_ns"),
    OUT_END,
};

static const char *idle_key(const void *record, int kind)
{
    (void)record;
    return kind == GR_RANK_IDLE_HOST ? "host" : kind == GR_RANK_IDLE_STREAM ? "stream" : "other";
}

static json_t *idle_value(const void *record, int kind)
{
    const straggler_shown *s = record;
    idle_against a = {s->shown.rank->time.idle_ns[kind], s->straggler->idle_median_ns[kind],
                      s->straggler->idle_slower_ns[kind]};
    return out_fields_json(idle_against_fields, &a);
}

static bool waits_shown(const void *record)
{
    return ((const straggler_shown *)record)->shown.collectives;
}

static const out_field straggler_fields[] = {
    OUT_SPLICE_ROW(straggler_shown, shown, rank_shown_fields),
    OUT_SPLICE_PTR_ROW(straggler_shown, straggler, why_fields),
    OUT_KEYED_ROW("idle_slower", GR_RANK_IDLE_KINDS, idle_key, idle_value),
    {.key = "", .kind = OUT_SPLICE, .offset = offsetof(straggler_shown, straggler), .table = wait_fields,
     .pointer = true, .when = waits_shown, .omit = true},
    OUT_END,
};

static json_t *straggler_json(const gr_trace_ranks *rs, size_t s)
{
    const gr_trace_straggler *st = &rs->stragglers[s];
    straggler_shown shown = {{st->rank, &rs->ranks[st->rank], rs->collectives}, st};
    return out_fields_json(straggler_fields, &shown);
}

static json_t *ranks_list(const void *record)
{
    const gr_trace_ranks *rs = record;
    json_t *list = json_array();
    for (size_t i = 0; i < rs->count; i++)
        json_array_append_new(list, out_fields_json(rank_listed_fields, &(rank_shown){i, &rs->ranks[i], rs->collectives}));
    return list;
}

static json_t *the_straggler(const void *record)
{
    const gr_trace_ranks *rs = record;
    return rs->straggler_count ? straggler_json(rs, 0) : json_null();
}

static json_t *stragglers_list(const void *record)
{
    const gr_trace_ranks *rs = record;
    json_t *list = json_array();
    for (size_t s = 0; s < rs->straggler_count; s++)
        json_array_append_new(list, straggler_json(rs, s));
    return list;
}

static const out_field ranks_fields[] = {
    OUT_QUANTITY_ROW(gr_trace_ranks, limit_pct, "straggler_limit_pct"),
    OUT_GET_ROW("ranks", ranks_list),
    OUT_GET_ROW("straggler", the_straggler),
    OUT_GET_ROW("stragglers", stragglers_list),
    OUT_END,
};

json_t *trace_compare_json(const gr_trace_ranks *rs)
{
    return out_fields_json(ranks_fields, rs);
}

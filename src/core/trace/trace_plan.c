/* The ncu command that profiles a trace's longest kernels once each
 * (trace_plan.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "trace_names.h"
#include "trace_plan.h"

/* The function's name, the start of a readable name's key up to its
 * template arguments or parameters, into out ("" where there is none). */
static bool function_name(const char *kernel, gr_buf *key, gr_buf *out)
{
    gr_buf_clear(out);
    gr_buf_addf(out, "%s", "");
    if (gr_trace_name_unreadable(kernel) || !gr_trace_name_key(kernel, key))
        return !gr_buf_failed(key);
    const char *k = gr_buf_text(key);
    size_t n = strcspn(k, "<(");
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)k[i]) && k[i] != '_')
            return true;
    if (n > 0 && !isdigit((unsigned char)k[0]))
        gr_buf_addf(out, "%.*s", (int)n, k);
    return !gr_buf_failed(out);
}

/* Whether the alternatives so far ("a|b|c") hold name. */
static bool listed(const gr_buf *alternatives, const char *name)
{
    const char *text = gr_buf_text(alternatives);
    size_t n = strlen(name);
    for (const char *at = strstr(text, name); at; at = strstr(at + 1, name))
        if ((at == text || at[-1] == '|') && (at[n] == '|' || at[n] == '\0'))
            return true;
    return false;
}

static void add_function(gr_trace_plan *p, gr_buf *alternatives, const char *name)
{
    if (listed(alternatives, name))
        return;
    gr_buf_addf(alternatives, "%s%s", p->functions ? "|" : "", name);
    p->functions++;
}

/* The command: ncu as gpuroof ncu -- APP runs it (the clocks as they
 * are, gpuroof's metrics, the raw page's metric names), the kernels by
 * function name, each configuration once. */
static bool write_command(gr_trace_plan *p, gr_ncu_chip chip)
{
    enum { METRICS_BYTES = 8192 };
    char *metrics = malloc(METRICS_BYTES);
    bool ok = metrics && gr_ncu_metric_list(chip, metrics, METRICS_BYTES);
    if (ok)
        gr_buf_addf(&p->command,
                    "ncu --clock-control none --metrics %s --kernel-name regex:'%s' --filter-mode per-launch-config "
                    "--launch-skip 0 --launch-count 1 -o gpuroof-plan APP [ARGS]",
                    metrics, gr_buf_text(&p->regex));
    free(metrics);
    return ok && !gr_buf_failed(&p->command);
}

bool gr_trace_plan_make(const gr_trace_kernels *k, size_t top, gr_ncu_chip chip, gr_trace_plan *out, gr_error *err)
{
    gr_buf key = GR_BUF_INIT, function = GR_BUF_INIT, alternatives = GR_BUF_INIT;
    *out = (gr_trace_plan){.regex = GR_BUF_INIT, .command = GR_BUF_INIT};
    bool ok = true;
    for (size_t i = 0; ok && i < k->count && i < top; i++) {
        const gr_trace_kernel *kernel = &k->kernels[i];
        out->kernels++;
        out->time_ns += kernel->time_ns;
        ok = function_name(kernel->name, &key, &function);
        if (ok && gr_buf_text(&function)[0])
            add_function(out, &alternatives, gr_buf_text(&function));
        else if (ok)
            out->unplanned++, out->unplanned_ns += kernel->time_ns;
    }
    gr_buf_addf(&out->regex, "^(%s)$", gr_buf_text(&alternatives));
    ok = ok && !gr_buf_failed(&alternatives) && !gr_buf_failed(&out->regex) && write_command(out, chip);
    gr_buf_free(&key);
    gr_buf_free(&function);
    gr_buf_free(&alternatives);
    if (!ok)
        gr_error_set(err, "out of memory writing the ncu command");
    return ok;
}

void gr_trace_plan_free(gr_trace_plan *p)
{
    gr_buf_free(&p->regex);
    gr_buf_free(&p->command);
}

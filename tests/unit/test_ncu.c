/* The reader of Nsight Compute's CSV (src/core/ncu/ncu_csv.c, ncu_units.c,
 * ncu_metrics.c, ncu_report.c) and what gpuroof works out of a launch
 * (ncu_figures.c, ncu_roofs.c, ncu_occupancy.c, ncu_group.c): the
 * tokenizer, the units and numbers, the metric table, each derivation
 * worked out by hand, and the test CSVs of tests/data/ncu (their figures
 * in that folder's README). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_fixture.h"
#include "ncu_group.h"
#include "ncu_occupancy.h"
#include "ncu_report.h"
#include "ncu_roofs.h"
#include "profile_fields.h"

#define DATA GPUROOF_SRCDIR "/tests/data/ncu/"

static gr_span span(const char *text)
{
    return (gr_span){text, strlen(text)};
}

/* ---- the tokenizer --------------------------------------------------------- */

static void split(const char *line, gr_csv_row *row)
{
    size_t bad = 0;
    assert_int_equal(gr_csv_split(span(line), row, &bad), GR_CSV_OK);
}

static void field_is(const gr_csv_row *row, size_t i, const char *text)
{
    char *copy = gr_csv_field_copy(&row->fields[i]);
    assert_non_null(copy);
    assert_string_equal(copy, text);
    free(copy);
}

static void csv_fields(void **state)
{
    (void)state;
    gr_csv_row row = {0};
    split("\"ID\",\"void k<1, 2>(int *, float)\",\"1,978,598,364.50\",\"\",plain,\"say \"\"hi\"\"\"", &row);
    assert_int_equal(row.count, 6);
    field_is(&row, 0, "ID");
    field_is(&row, 1, "void k<1, 2>(int *, float)");
    field_is(&row, 2, "1,978,598,364.50");
    field_is(&row, 3, "");
    field_is(&row, 4, "plain");
    field_is(&row, 5, "say \"hi\"");
    assert_true(row.fields[5].escaped);
    assert_false(row.fields[4].quoted);
    split("a,,b,", &row); /* empty fields, and one after the last comma */
    assert_int_equal(row.count, 4);
    field_is(&row, 1, "");
    field_is(&row, 3, "");
    split("", &row);
    assert_int_equal(row.count, 1);
    gr_csv_row_free(&row);
}

static void csv_broken(void **state)
{
    (void)state;
    gr_csv_row row = {0};
    size_t bad = 0;
    assert_int_equal(gr_csv_split(span("\"a\",\"b"), &row, &bad), GR_CSV_UNTERMINATED);
    assert_int_equal(bad, 4);
    assert_int_equal(gr_csv_split(span("\"a\"x,\"b\""), &row, &bad), GR_CSV_AFTER_QUOTE);
    assert_int_equal(bad, 3);
    assert_int_equal(gr_csv_split(span("\"a\"\""), &row, &bad), GR_CSV_UNTERMINATED);
    gr_csv_row_free(&row);
}

static void line_kinds(void **state)
{
    (void)state;
    gr_csv_row row = {0};
    long long id = -1;
    assert_true(gr_ncu_parse_id(span("1,024"), &id));
    assert_int_equal(id, 1024);
    assert_false(gr_ncu_parse_id(span(",1"), &id));
    assert_false(gr_ncu_parse_id(span("1,"), &id));
    assert_false(gr_ncu_parse_id(span("1,,2"), &id));
    assert_false(gr_ncu_parse_id(span("12a"), &id));
    assert_false(gr_ncu_parse_id(span(""), &id));
    assert_false(gr_ncu_parse_id(span("99999999999999999999"), &id));
    split("\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Value\"", &row);
    assert_int_equal(gr_ncu_record_kind(&row), GR_NCU_LINE_HEADER);
    assert_int_equal(gr_ncu_header_page(&row), GR_NCU_PAGE_DETAILS);
    split("\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\"", &row);
    assert_int_equal(gr_ncu_header_page(&row), GR_NCU_PAGE_RAW);
    split("\"\",\"\",\"ns\"", &row);
    assert_int_equal(gr_ncu_record_kind(&row), GR_NCU_LINE_UNITS);
    split("\"12\",\"k\",\"1\"", &row);
    assert_int_equal(gr_ncu_record_kind(&row), GR_NCU_LINE_LAUNCH);
    split("\"hello\",\"k\"", &row);
    assert_int_equal(gr_ncu_record_kind(&row), GR_NCU_LINE_RECORD);
    split("\"Process ID\",\"Kernel Name\"", &row);
    assert_true(gr_ncu_looks_like_header(&row));
    assert_true(gr_ncu_line_is_record(span("\"0\",\"1\""), true));
    assert_false(gr_ncu_line_is_record(span("==PROF== Connected"), true));
    assert_true(gr_ncu_line_is_record(span("ID,Kernel Name"), false));
    gr_csv_row_free(&row);
}

/* ---- units and numbers ------------------------------------------------------ */

static void unit_is(const char *text, gr_ncu_dimension d, gr_ncu_rate rate, double scale)
{
    gr_ncu_unit u;
    assert_true(gr_ncu_unit_parse(span(text), &u));
    assert_int_equal(u.dimension, d);
    assert_int_equal(u.rate, rate);
    assert_true(fabs(u.scale - scale) <= 1e-9 * scale);
}

static void units(void **state)
{
    (void)state;
    gr_ncu_unit u;
    unit_is("", GR_NCU_PLAIN, GR_NCU_WHOLE, 1);
    unit_is("ns", GR_NCU_TIME, GR_NCU_WHOLE, 1);
    unit_is("usecond", GR_NCU_TIME, GR_NCU_WHOLE, 1e3);
    unit_is("msecond", GR_NCU_TIME, GR_NCU_WHOLE, 1e6);
    unit_is("Kbyte", GR_NCU_BYTES, GR_NCU_WHOLE, 1e3);
    unit_is("byte/block", GR_NCU_BYTES, GR_NCU_WHOLE, 1);
    unit_is("register/thread", GR_NCU_COUNT, GR_NCU_WHOLE, 1);
    unit_is("Gbyte/second", GR_NCU_BYTES, GR_NCU_PER_SECOND, 1e9);
    unit_is("byte/usecond", GR_NCU_BYTES, GR_NCU_PER_SECOND, 1e6);
    unit_is("cycle/nsecond", GR_NCU_COUNT, GR_NCU_PER_SECOND, 1e9);
    unit_is("inst/cycle", GR_NCU_COUNT, GR_NCU_PER_CYCLE, 1);
    unit_is("Ghz", GR_NCU_COUNT, GR_NCU_PER_SECOND, 1e9);
    unit_is("%", GR_NCU_PERCENT, GR_NCU_WHOLE, 1);
    assert_false(gr_ncu_unit_parse(span("furlong"), &u));
    assert_false(gr_ncu_unit_parse(span("kbyte"), &u)); /* ncu writes Kbyte */
    assert_false(gr_ncu_unit_parse(span("%/second"), &u));
    assert_false(gr_ncu_unit_parse(span("ns/second"), &u));
    assert_false(gr_ncu_unit_parse(span("Ghz/second"), &u));
    assert_false(gr_ncu_unit_parse(span("byte/furlong"), &u));
    assert_false(gr_ncu_unit_parse(span("byte/second/second"), &u));
    assert_false(gr_ncu_unit_parse(span("/second"), &u));
}

static void value_is(const char *text, double expected)
{
    double v = -1;
    assert_int_equal(gr_ncu_value_parse(span(text), &v), GR_NCU_VALUE_OK);
    assert_true(v == expected);
}

static void values(void **state)
{
    (void)state;
    double v;
    char long_number[200];
    value_is("2,240", 2240);
    value_is("1,978,598,364.50", 1978598364.5);
    value_is("0.24", 0.24);
    value_is("1.5e+09", 1.5e9);
    value_is(" 7 ", 7);
    value_is("-0", 0);
    value_is("18446744073709551615", 18446744073709551615.0);
    value_is("1e-400", 0);
    assert_int_equal(gr_ncu_value_parse(span("n/a"), &v), GR_NCU_VALUE_ABSENT);
    assert_int_equal(gr_ncu_value_parse(span("nan"), &v), GR_NCU_VALUE_ABSENT);
    assert_int_equal(gr_ncu_value_parse(span(""), &v), GR_NCU_VALUE_ABSENT);
    assert_int_equal(gr_ncu_value_parse(span("1e400"), &v), GR_NCU_VALUE_TOO_LARGE);
    assert_int_equal(gr_ncu_value_parse(span("123456789012345678901234567890"), &v), GR_NCU_VALUE_TOO_LARGE);
    assert_int_equal(gr_ncu_value_parse(span("2e19"), &v), GR_NCU_VALUE_TOO_LARGE);
    assert_int_equal(gr_ncu_value_parse(span("-5"), &v), GR_NCU_VALUE_NEGATIVE);
    assert_int_equal(gr_ncu_value_parse(span("inf"), &v), GR_NCU_VALUE_NOT_NUMBER);
    assert_int_equal(gr_ncu_value_parse(span("1,,2"), &v), GR_NCU_VALUE_NOT_NUMBER);
    assert_int_equal(gr_ncu_value_parse(span(",12"), &v), GR_NCU_VALUE_NOT_NUMBER);
    assert_int_equal(gr_ncu_value_parse(span("12,"), &v), GR_NCU_VALUE_NOT_NUMBER);
    assert_int_equal(gr_ncu_value_parse(span("1.5,0"), &v), GR_NCU_VALUE_NOT_NUMBER);
    assert_int_equal(gr_ncu_value_parse(span("1e"), &v), GR_NCU_VALUE_NOT_NUMBER);
    assert_int_equal(gr_ncu_value_parse(span("0x10"), &v), GR_NCU_VALUE_NOT_NUMBER);
    assert_int_equal(gr_ncu_value_parse(span("PolicySpread"), &v), GR_NCU_VALUE_NOT_NUMBER);
    memset(long_number, '0', sizeof long_number - 1);
    long_number[sizeof long_number - 1] = '\0';
    assert_int_equal(gr_ncu_value_parse(span(long_number), &v), GR_NCU_VALUE_TOO_LONG);
}

/* ---- the metric table -------------------------------------------------------- */

/* gpuroof's list, as it is being used to record fixtures on the GPU:
 * `gpuroof ncu --metrics` must print exactly this. */
static const char *const our_list[] = {
    "gpu__time_duration.sum",
    "sm__cycles_elapsed.avg",
    "sm__cycles_elapsed.avg.per_second",
    "sm__sass_thread_inst_executed_op_dadd_pred_on.sum",
    "sm__sass_thread_inst_executed_op_dmul_pred_on.sum",
    "sm__sass_thread_inst_executed_op_dfma_pred_on.sum",
    "sm__sass_thread_inst_executed_op_fadd_pred_on.sum",
    "sm__sass_thread_inst_executed_op_fmul_pred_on.sum",
    "sm__sass_thread_inst_executed_op_ffma_pred_on.sum",
    "sm__sass_thread_inst_executed_op_hadd_pred_on.sum",
    "sm__sass_thread_inst_executed_op_hmul_pred_on.sum",
    "sm__sass_thread_inst_executed_op_hfma_pred_on.sum",
    "sm__ops_path_tensor_src_fp16.sum",
    "sm__ops_path_tensor_src_bf16_dst_fp32.sum",
    "sm__ops_path_tensor_src_tf32_dst_fp32.sum",
    "sm__ops_path_tensor_src_fp64.sum",
    "sm__ops_path_tensor_src_fp8.sum",
    "dram__bytes_read.sum",
    "dram__bytes_write.sum",
    "lts__t_bytes.sum",
    "l1tex__t_bytes.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
    "smsp__inst_executed.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "lts__t_sectors_srcunit_tex_op_read.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "lts__t_sectors_srcunit_tex.sum",
    "smsp__sass_inst_executed_op_global_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum",
    "l1tex__data_pipe_lsu_wavefronts.sum",
    "smsp__warps_issue_stalled_selected.sum",
    "dram__throughput.max.pct_of_peak_sustained_elapsed",
    "lts__t_sectors.max.pct_of_peak_sustained_elapsed",
    "lts__t_tag_requests.max.pct_of_peak_sustained_elapsed",
    "lts__d_sectors.max.pct_of_peak_sustained_elapsed",
    "lts__xbar2lts_cycles_active.max.pct_of_peak_sustained_elapsed",
    "lts__lts2xbar_cycles_active.max.pct_of_peak_sustained_elapsed",
    "l1tex__m_xbar2l1tex_read_bytes.max.pct_of_peak_sustained_elapsed",
    "l1tex__m_l1tex2xbar_write_bytes.max.pct_of_peak_sustained_elapsed",
    "l1tex__data_pipe_lsu_wavefronts.max.pct_of_peak_sustained_elapsed",
    "l1tex__data_bank_reads.max.pct_of_peak_sustained_elapsed",
    "l1tex__data_bank_writes.max.pct_of_peak_sustained_elapsed",
    "l1tex__lsuin_requests.max.pct_of_peak_sustained_elapsed",
    "l1tex__t_sectors.max.pct_of_peak_sustained_elapsed",
    "l1tex__t_requests.max.pct_of_peak_sustained_elapsed",
    "l1tex__f_wavefronts.max.pct_of_peak_sustained_elapsed",
    "l1tex__lsu_writeback_active.max.pct_of_peak_sustained_elapsed",
    "sm__pipe_fma_cycles_active.max.pct_of_peak_sustained_elapsed",
    "sm__pipe_fmaheavy_cycles_active.max.pct_of_peak_sustained_elapsed",
    "sm__pipe_fp64_cycles_active.max.pct_of_peak_sustained_elapsed",
    "sm__pipe_shared_cycles_active.max.pct_of_peak_sustained_elapsed",
    "sm__pipe_tensor_cycles_active.max.pct_of_peak_sustained_elapsed",
    "smsp__issue_active.max.pct_of_peak_sustained_elapsed",
    "sm__pipe_alu_cycles_active.max.pct_of_peak_sustained_elapsed",
    "sm__inst_executed_pipe_lsu.max.pct_of_peak_sustained_elapsed",
    "sm__inst_executed_pipe_xu.max.pct_of_peak_sustained_elapsed",
    "sm__inst_executed_pipe_uniform.max.pct_of_peak_sustained_elapsed",
    "sm__inst_executed_pipe_adu.max.pct_of_peak_sustained_elapsed",
    "sm__inst_executed_pipe_cbu.max.pct_of_peak_sustained_elapsed",
    "sm__pipe_tma_cycles_active.max.pct_of_peak_sustained_elapsed",
    "sm__mio_inst_issued.max.pct_of_peak_sustained_elapsed",
    "sm__mio2rf_writeback_active.max.pct_of_peak_sustained_elapsed",
    "sm__cycles_active.avg.pct_of_peak_sustained_elapsed",
    "sm__cycles_active.max.pct_of_peak_sustained_elapsed",
    "sm__throughput.avg.pct_of_peak_sustained_elapsed",
    "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed",
    "smsp__warps_issue_stalled_barrier.sum",
    "smsp__warps_issue_stalled_branch_resolving.sum",
    "smsp__warps_issue_stalled_dispatch_stall.sum",
    "smsp__warps_issue_stalled_drain.sum",
    "smsp__warps_issue_stalled_gmma.sum",
    "smsp__warps_issue_stalled_imc_miss.sum",
    "smsp__warps_issue_stalled_lg_throttle.sum",
    "smsp__warps_issue_stalled_long_scoreboard.sum",
    "smsp__warps_issue_stalled_math_pipe_throttle.sum",
    "smsp__warps_issue_stalled_membar.sum",
    "smsp__warps_issue_stalled_mio_throttle.sum",
    "smsp__warps_issue_stalled_misc.sum",
    "smsp__warps_issue_stalled_no_instruction.sum",
    "smsp__warps_issue_stalled_not_selected.sum",
    "smsp__warps_issue_stalled_short_scoreboard.sum",
    "smsp__warps_issue_stalled_sleeping.sum",
    "smsp__warps_issue_stalled_tex_throttle.sum",
    "smsp__warps_issue_stalled_wait.sum",
    "sm__maximum_warps_per_active_cycle_pct",
    "sm__warps_active.avg.pct_of_peak_sustained_active",
    "launch__registers_per_thread",
    "launch__shared_mem_per_block_static",
    "launch__shared_mem_per_block_dynamic",
    "launch__shared_mem_config_size",
    "launch__block_size",
    "launch__grid_size",
    "launch__occupancy_limit_blocks",
    "launch__occupancy_limit_registers",
    "launch__occupancy_limit_shared_mem",
    "launch__occupancy_limit_warps",
    "launch__waves_per_multiprocessor",
};

static void metric_list(void **state)
{
    (void)state;
    char list[8192], expected[8192] = "", every[8192];
    size_t n = 0;
    /* the H100's list (the fixtures of tests/data/ncu/h100 were recorded with the 39 names it had before the limits' metrics joined it) */
    for (size_t i = 0; i < gr_ncu_metric_count; i++)
        if (gr_ncu_metrics[i].listed && gr_ncu_metric_on(i, GR_NCU_GH100)) {
            assert_true(n < sizeof our_list / sizeof our_list[0]);
            assert_string_equal(gr_ncu_metrics[i].name, our_list[n++]);
        }
    assert_int_equal(n, sizeof our_list / sizeof our_list[0]);
    for (size_t i = 0; i < n; i++)
        snprintf(expected + strlen(expected), sizeof expected - strlen(expected), "%s%s", i ? "," : "", our_list[i]);
    assert_true(gr_ncu_metric_list(GR_NCU_GH100, list, sizeof list));
    assert_string_equal(list, expected);
    assert_false(gr_ncu_metric_list(GR_NCU_GH100, list, 100));
    /* every chip's list is part of the union, and the union is no chip's */
    assert_true(gr_ncu_metric_list(GR_NCU_CHIP_UNKNOWN, every, sizeof every));
    for (int c = 1; c < GR_NCU_CHIP_COUNT; c++) {
        assert_true(gr_ncu_metric_list(c, list, sizeof list));
        for (char *name = strtok(list, ","); name; name = strtok(NULL, ","))
            assert_non_null(strstr(every, name));
    }
    assert_non_null(strstr(every, "sm__ops_path_tensor_src_fp16_dst_fp32.sum"));
    assert_non_null(strstr(every, "dram__bytes_op_read.sum"));
}

/* Rows are tried in order: a rate's time or cycles must be known by then,
 * so every row of those quantities comes before the first rate that needs
 * them; every name is unique, and found by the index. */
static void metric_table(void **state)
{
    (void)state;
    gr_ncu_metric_index index;
    gr_ncu_metric_index_init(&index);
    for (size_t i = 0; i < gr_ncu_metric_count; i++) {
        const gr_ncu_metric *m = &gr_ncu_metrics[i];
        assert_int_equal(gr_ncu_metric_find(&index, span(m->name)), (long)i);
        for (size_t k = 0; k < i; k++)
            assert_string_not_equal(gr_ncu_metrics[k].name, m->name);
        gr_ncu_quantity needs = m->form == GR_NCU_TIMES_TIME         ? GR_NCU_Q_TIME_NS
                                : m->form == GR_NCU_TIMES_SM_CYCLES  ? GR_NCU_Q_SM_CYCLES
                                : m->form == GR_NCU_TIMES_SMSP_CYCLES ? GR_NCU_Q_SMSP_CYCLES
                                                                      : GR_NCU_Q_COUNT;
        for (size_t k = i; needs != GR_NCU_Q_COUNT && k < gr_ncu_metric_count; k++)
            assert_int_not_equal(gr_ncu_metrics[k].quantity, needs);
    }
    for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
        assert_non_null(gr_ncu_quantity_of(q)->name);
        assert_string_not_equal(gr_ncu_quantity_metric(q, GR_NCU_CHIP_UNKNOWN), "?");
    }
    assert_int_equal(gr_ncu_metric_find(&index, span("gpu__time_duration.avg")), -1);
    assert_int_equal(gr_ncu_metric_find(&index, span("")), -1);
    assert_int_equal(gr_ncu_metric_find(&index, span("zzz")), -1);
}

static long row_of(const char *name)
{
    gr_ncu_metric_index index;
    gr_ncu_metric_index_init(&index);
    long r = gr_ncu_metric_find(&index, span(name));
    assert_true(r >= 0);
    return r;
}

static bool fits(const char *metric, const char *unit)
{
    gr_ncu_unit u;
    const char *expected;
    assert_true(gr_ncu_unit_parse(span(unit), &u));
    return gr_ncu_unit_fits(&gr_ncu_metrics[row_of(metric)], &u, &expected);
}

static void unit_fits(void **state)
{
    (void)state;
    assert_true(fits("gpu__time_duration.sum", "ns"));
    assert_true(fits("gpu__time_duration.sum", "msecond"));
    assert_false(fits("gpu__time_duration.sum", "byte"));
    assert_false(fits("gpu__time_duration.sum", ""));
    assert_true(fits("dram__bytes_read.sum", "Mbyte"));
    assert_false(fits("dram__bytes_read.sum", "inst"));
    assert_false(fits("dram__bytes_read.sum", "byte/second"));
    assert_true(fits("dram__bytes.sum.per_second", "Gbyte/second"));
    assert_false(fits("dram__bytes.sum.per_second", "byte"));
    assert_true(fits("sm__cycles_elapsed.avg.per_second", "Ghz"));
    assert_true(fits("sm__cycles_elapsed.avg.per_second", "cycle/nsecond"));
    assert_true(fits("smsp__sass_thread_inst_executed_op_ffma_pred_on.sum.per_cycle_elapsed", "inst/cycle"));
    assert_true(fits("smsp__sass_thread_inst_executed_op_ffma_pred_on.sum.per_cycle_elapsed", ""));
    assert_true(fits("sm__sass_thread_inst_executed_op_ffma_pred_on.sum", "inst"));
    assert_true(fits("sm__sass_thread_inst_executed_op_ffma_pred_on.sum", ""));
    assert_true(fits("launch__registers_per_thread", "register/thread"));
    assert_true(fits("launch__shared_mem_per_block_static", "Kbyte/block"));
    assert_true(fits("sm__maximum_warps_per_active_cycle_pct", "%"));
    assert_false(fits("sm__maximum_warps_per_active_cycle_pct", "byte"));
}

/* A launch's values: every metric absent but those given. */
static double *launch_values(double *values)
{
    for (size_t i = 0; i < gr_ncu_metric_count; i++)
        values[i] = NAN;
    return values;
}

static void set(double *values, const char *metric, double v)
{
    values[row_of(metric)] = v;
}

static void resolve_rates(void **state)
{
    (void)state;
    double values[GR_NCU_MAX_METRICS], q[GR_NCU_Q_COUNT];
    int from[GR_NCU_Q_COUNT], lacking[GR_NCU_Q_COUNT];
    launch_values(values);
    set(values, "gpu__time_duration.sum", 2000);                          /* ns */
    set(values, "smsp__cycles_elapsed.avg.per_second", 1.5e9);            /* 3000 cycles */
    set(values, "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum.per_cycle_elapsed", 4); /* 12000 */
    set(values, "sm__sass_thread_inst_executed_op_fadd_pred_on.sum", 7);
    set(values, "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum.per_cycle_elapsed", 99); /* not used: the count wins */
    set(values, "dram__bytes.sum.per_second", 5e11);                      /* 1e6 B */
    gr_ncu_resolve(values, GR_NCU_CHIP_UNKNOWN, q, from, lacking);
    assert_true(fabs(q[GR_NCU_Q_SMSP_CYCLES] - 3000) < 1e-9);
    assert_true(fabs(q[GR_NCU_Q_FFMA] - 12000) < 1e-9);
    assert_true(q[GR_NCU_Q_FADD] == 7);
    assert_int_equal(from[GR_NCU_Q_FADD], row_of("sm__sass_thread_inst_executed_op_fadd_pred_on.sum"));
    assert_true(fabs(q[GR_NCU_Q_DRAM_BYTES] - 1e6) < 1e-6);
    assert_true(isnan(q[GR_NCU_Q_SM_CYCLES]));
    assert_int_equal(from[GR_NCU_Q_SM_CYCLES], -1);
    /* a rate without its time gives nothing */
    launch_values(values);
    set(values, "dram__bytes.sum.per_second", 5e11);
    gr_ncu_resolve(values, GR_NCU_CHIP_UNKNOWN, q, from, lacking);
    assert_true(isnan(q[GR_NCU_Q_DRAM_BYTES]));
}

/* Chips by name and by compute capability. */
static void chips(void **state)
{
    (void)state;
    assert_int_equal(gr_ncu_chip_of_name("ga102"), GR_NCU_GA10X);
    assert_int_equal(gr_ncu_chip_of_name("ga10b"), GR_NCU_GA10B);
    assert_int_equal(gr_ncu_chip_of_name("gb10b"), GR_NCU_GB10B);
    assert_int_equal(gr_ncu_chip_of_name("gb102"), GR_NCU_GB100);
    assert_int_equal(gr_ncu_chip_of_name("gb20b"), GR_NCU_GB20B);
    assert_int_equal(gr_ncu_chip_of_name("gb207"), GR_NCU_GB20X);
    assert_int_equal(gr_ncu_chip_of_name("tu117"), GR_NCU_TU11X);
    assert_int_equal(gr_ncu_chip_of_name("gv100"), GR_NCU_CHIP_UNKNOWN);
    assert_int_equal(gr_ncu_chip_of_name("ga1020"), GR_NCU_CHIP_UNKNOWN);
    assert_int_equal(gr_ncu_chip_of_cc(8, 0, "NVIDIA A100-SXM4-80GB"), GR_NCU_GA100);
    assert_int_equal(gr_ncu_chip_of_cc(7, 5, "NVIDIA GeForce GTX 1660"), GR_NCU_TU11X);
    assert_int_equal(gr_ncu_chip_of_cc(7, 5, "Tesla T4"), GR_NCU_TU10X);
    assert_int_equal(gr_ncu_chip_of_cc(12, 0, NULL), GR_NCU_GB20X);
    assert_int_equal(gr_ncu_chip_of_cc(7, 0, NULL), GR_NCU_CHIP_UNKNOWN);
    for (int c = 0; c < GR_NCU_CHIP_COUNT; c++)
        assert_string_not_equal(gr_ncu_chip_name(c), "");
    /* what each chip lacks */
    assert_false(gr_ncu_chip_has(GR_NCU_Q_TENSOR_FP8, GR_NCU_GA100));
    assert_true(gr_ncu_chip_has(GR_NCU_Q_TENSOR_FP8, GR_NCU_AD10X));
    assert_false(gr_ncu_chip_has(GR_NCU_Q_TENSOR_FP16, GR_NCU_TU11X));
    assert_false(gr_ncu_chip_has(GR_NCU_Q_TENSOR_BF16, GR_NCU_TU10X));
    assert_false(gr_ncu_chip_has(GR_NCU_Q_DRAM_READ, GR_NCU_GB20B));
    assert_true(gr_ncu_chip_has(GR_NCU_Q_DRAM_READ, GR_NCU_GB20X));
    assert_true(gr_ncu_chip_has(GR_NCU_Q_TENSOR_FP8, GR_NCU_CHIP_UNKNOWN));
}

/* A sum's parts: the whole where all are there, a part marked lacking. */
static void sums(void **state)
{
    (void)state;
    double values[GR_NCU_MAX_METRICS], q[GR_NCU_Q_COUNT];
    int from[GR_NCU_Q_COUNT], lacking[GR_NCU_Q_COUNT];
    assert_int_equal(gr_ncu_metrics[0].sum, 0); /* lacking's 0 means none */
    launch_values(values);
    set(values, "sm__ops_path_tensor_src_fp16_dst_fp16.sum", 5);
    set(values, "sm__ops_path_tensor_src_fp16_dst_fp32.sum", 7);
    gr_ncu_resolve(values, GR_NCU_GA100, q, from, lacking);
    assert_true(q[GR_NCU_Q_TENSOR_FP16] == 12);
    assert_int_equal(lacking[GR_NCU_Q_TENSOR_FP16], 0);
    assert_int_equal(from[GR_NCU_Q_TENSOR_FP16], row_of("sm__ops_path_tensor_src_fp16_dst_fp16.sum"));
    /* Turing: FP16-to-FP16 and the Turing count to FP32 */
    gr_ncu_resolve(values, GR_NCU_TU10X, q, from, lacking);
    assert_true(q[GR_NCU_Q_TENSOR_FP16] == 5);
    assert_int_equal(lacking[GR_NCU_Q_TENSOR_FP16], row_of("sm__ops_path_tensor_src_fp16_bf16_tf32_dst_fp32.sum"));
    set(values, "sm__ops_path_tensor_src_fp16_bf16_tf32_dst_fp32.sum", 100);
    gr_ncu_resolve(values, GR_NCU_TU10X, q, from, lacking);
    assert_true(q[GR_NCU_Q_TENSOR_FP16] == 105 && lacking[GR_NCU_Q_TENSOR_FP16] == 0);
    /* a part missing: the other, lacking named */
    set(values, "sm__ops_path_tensor_src_fp16_dst_fp32.sum", NAN);
    gr_ncu_resolve(values, GR_NCU_GA100, q, from, lacking);
    assert_true(q[GR_NCU_Q_TENSOR_FP16] == 5);
    assert_int_equal(lacking[GR_NCU_Q_TENSOR_FP16], row_of("sm__ops_path_tensor_src_fp16_dst_fp32.sum"));
    /* a whole beats a part: Hopper's own count, where the chip is unknown */
    set(values, "sm__ops_path_tensor_src_fp16.sum", 9);
    gr_ncu_resolve(values, GR_NCU_CHIP_UNKNOWN, q, from, lacking);
    assert_true(q[GR_NCU_Q_TENSOR_FP16] == 9 && lacking[GR_NCU_Q_TENSOR_FP16] == 0);
    /* a row of another chip is not read */
    gr_ncu_resolve(values, GR_NCU_GA100, q, from, lacking);
    assert_true(q[GR_NCU_Q_TENSOR_FP16] == 5);
    /* Blackwell's FP8 */
    launch_values(values);
    set(values, "sm__ops_path_tensor_src_fp4_fp6_fp8_dst_fp16.sum", 3);
    set(values, "sm__ops_path_tensor_src_fp4_fp6_fp8_dst_fp32.sum", 4);
    set(values, "dram__bytes_op_read.sum", 64);
    gr_ncu_resolve(values, GR_NCU_GB100, q, from, lacking);
    assert_true(q[GR_NCU_Q_TENSOR_FP8] == 7);
    assert_true(isnan(q[GR_NCU_Q_DRAM_READ])); /* gb202's name, not gb100's */
    gr_ncu_resolve(values, GR_NCU_GB20X, q, from, lacking);
    assert_true(q[GR_NCU_Q_DRAM_READ] == 64);
    assert_true(isnan(q[GR_NCU_Q_TENSOR_FP8]));
}

/* The local GPU's list from ncu --query-metrics --csv. */
static void queried_list(void **state)
{
    (void)state;
    char list[8192];
    const char query[] = "\"Metric name\",\"Metric type\",\"Metric unit\",\"Metric description\",\"ga100\"\n"
                         "\"gpu__time_duration\",\"Counter\",\"nsecond\",\"x\",\"1\"\n"
                         "\"sm__ops_path_tensor_src_fp16_dst_fp16\",\"Counter\",\"\",\"x\",\"1\"\r\n"
                         "\"sm__ops_path_tensor_src_fp16_dst_fp32_extra\",\"Counter\",\"\",\"x\",\"1\"\n";
    assert_true(gr_ncu_metric_list_queried(query, strlen(query), list, sizeof list));
    assert_non_null(strstr(list, "gpu__time_duration.sum,"));
    assert_non_null(strstr(list, "sm__ops_path_tensor_src_fp16_dst_fp16.sum"));
    assert_null(strstr(list, "sm__ops_path_tensor_src_fp16_dst_fp32.sum"));
    assert_null(strstr(list, "sm__ops_path_tensor_src_fp16.sum"));
    assert_non_null(strstr(list, "launch__registers_per_thread"));
    assert_non_null(strstr(list, "sm__maximum_warps_per_active_cycle_pct"));
    assert_false(gr_ncu_metric_list_queried("==ERROR== no GPU\n", 17, list, sizeof list));
    assert_false(gr_ncu_metric_list_queried(query, strlen(query), list, 40));
}

/* ---- figures ------------------------------------------------------------------ */

static void empty_figures(gr_ncu_figures *f)
{
    *f = (gr_ncu_figures){0};
    for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
        f->q[q] = NAN;
        f->from[q] = -1;
    }
    for (int i = 0; i < 3; i++)
        f->grid[i] = f->block[i] = -1;
}

/* Every FLOP and byte counter 0, so that the test sets only what it is about. */
static void zero_figures(gr_ncu_figures *f)
{
    empty_figures(f);
    for (int q = GR_NCU_Q_DADD; q <= GR_NCU_Q_TENSOR_FP8; q++)
        f->q[q] = 0;
    f->q[GR_NCU_Q_DRAM_READ] = f->q[GR_NCU_Q_DRAM_WRITE] = f->q[GR_NCU_Q_L2_BYTES] = f->q[GR_NCU_Q_L1_BYTES] = 0;
    f->q[GR_NCU_Q_SHARED_LD_WAVEFRONTS] = f->q[GR_NCU_Q_SHARED_ST_WAVEFRONTS] = 0;
}

static void flops(void **state)
{
    (void)state;
    gr_ncu_figures f;
    zero_figures(&f);
    f.q[GR_NCU_Q_DADD] = 1, f.q[GR_NCU_Q_DMUL] = 2, f.q[GR_NCU_Q_DFMA] = 3;  /* 1 + 2 + 2 x 3 = 9 */
    f.q[GR_NCU_Q_FADD] = 10, f.q[GR_NCU_Q_FMUL] = 20, f.q[GR_NCU_Q_FFMA] = 30; /* 10 + 20 + 60 = 90 */
    f.q[GR_NCU_Q_HADD] = 1, f.q[GR_NCU_Q_HMUL] = 2, f.q[GR_NCU_Q_HFMA] = 3;  /* 2 + 4 + 12 = 18 */
    f.q[GR_NCU_Q_TENSOR_FP16] = 100, f.q[GR_NCU_Q_TENSOR_FP8] = 1000;
    f.q[GR_NCU_Q_TIME_NS] = 1117;
    gr_ncu_figures_derive(&f);
    assert_true(f.flops_fp64 == 9);
    assert_true(f.flops_fp32 == 90);
    assert_true(f.flops_fp16 == 18);
    assert_true(f.flops_tensor == 1100);
    assert_true(f.flops_total == 1217);
    assert_true(f.flops[GR_NCU_TENSOR_FP8] == 1000);
    assert_true(fabs(f.gflops - 1217.0 / 1117) < 1e-12);
    assert_false(f.missing[GR_NCU_Q_HFMA]);
    assert_false(gr_ncu_figures_lower(&f));
    /* one missing instruction count: that precision and the total are
     * lower bounds (the counts there), and it is named */
    f.q[GR_NCU_Q_HFMA] = NAN;
    gr_ncu_figures_derive(&f);
    assert_true(f.flops_fp16 == 6 && f.flops_lower[GR_NCU_FP16]);
    assert_true(f.flops_total == 1205 && f.flops_total_lower);
    assert_true(f.flops_fp32 == 90 && !f.flops_lower[GR_NCU_FP32]);
    assert_true(f.missing[GR_NCU_Q_HFMA]);
    assert_false(f.missing[GR_NCU_Q_HADD]);
    assert_true(gr_ncu_figures_lower(&f));
    assert_string_equal(gr_ncu_missing_metric(&f, GR_NCU_Q_HFMA), "sm__sass_thread_inst_executed_op_hfma_pred_on.sum");
    /* all of a precision's counts missing: unknown, and the total a lower bound */
    f.q[GR_NCU_Q_HADD] = f.q[GR_NCU_Q_HMUL] = NAN;
    gr_ncu_figures_derive(&f);
    assert_true(isnan(f.flops_fp16) && !f.flops_lower[GR_NCU_FP16]);
    assert_true(f.flops_total == 1199 && f.flops_total_lower);
    /* a precision the chip lacks: 0, exact */
    f.q[GR_NCU_Q_HADD] = 1, f.q[GR_NCU_Q_HMUL] = 2, f.q[GR_NCU_Q_HFMA] = 3;
    f.q[GR_NCU_Q_TENSOR_FP8] = NAN, f.chip = GR_NCU_GA100;
    gr_ncu_figures_derive(&f);
    assert_true(f.flops[GR_NCU_TENSOR_FP8] == 0 && !f.flops_lower[GR_NCU_TENSOR_FP8]);
    assert_true(f.chip_lacks[GR_NCU_Q_TENSOR_FP8] && !f.missing[GR_NCU_Q_TENSOR_FP8]);
    assert_true(f.flops_total == 217 && !f.flops_total_lower);
}

static void tensor_pipe(void **state)
{
    (void)state;
    gr_ncu_figures f;
    zero_figures(&f);
    for (int q = GR_NCU_Q_TENSOR_FP16; q <= GR_NCU_Q_TENSOR_FP8; q++)
        f.q[q] = NAN;
    f.q[GR_NCU_Q_FFMA] = 5;
    gr_ncu_figures_derive(&f);
    assert_true(isnan(f.flops_tensor)); /* no counter, no pipe count: unknown */
    assert_true(f.missing[GR_NCU_Q_TENSOR_FP16]);
    f.q[GR_NCU_Q_TENSOR_PIPE_INST] = 3; /* some Tensor pipe work: still unknown FLOPs */
    gr_ncu_figures_derive(&f);
    assert_true(isnan(f.flops_tensor));
    f.q[GR_NCU_Q_TENSOR_PIPE_INST] = 0; /* none: no Tensor FLOPs */
    gr_ncu_figures_derive(&f);
    assert_true(f.flops_tensor == 0);
    assert_true(f.flops_total == 10);
    assert_false(f.missing[GR_NCU_Q_TENSOR_FP16]);
    /* FP8 as the roofline sections give it: sparsity off + on */
    f.q[GR_NCU_Q_TENSOR_PIPE_INST] = NAN;
    f.q[GR_NCU_Q_TENSOR_FP16] = f.q[GR_NCU_Q_TENSOR_BF16] = f.q[GR_NCU_Q_TENSOR_TF32] = f.q[GR_NCU_Q_TENSOR_FP64] = 0;
    f.q[GR_NCU_Q_TENSOR_FP8_DENSE] = 6, f.q[GR_NCU_Q_TENSOR_FP8_SPARSE] = 4;
    gr_ncu_figures_derive(&f);
    assert_true(f.flops[GR_NCU_TENSOR_FP8] == 10 && f.flops_tensor == 10);
    f.q[GR_NCU_Q_TENSOR_FP8] = 7; /* the whole, where the report has it */
    gr_ncu_figures_derive(&f);
    assert_true(f.flops[GR_NCU_TENSOR_FP8] == 7);
    f.q[GR_NCU_Q_TENSOR_FP8] = NAN, f.q[GR_NCU_Q_TENSOR_FP8_SPARSE] = NAN; /* half of it: unknown */
    gr_ncu_figures_derive(&f);
    assert_true(isnan(f.flops[GR_NCU_TENSOR_FP8]) && f.missing[GR_NCU_Q_TENSOR_FP8]);
}

static void bytes_and_intensity(void **state)
{
    (void)state;
    gr_ncu_figures f;
    zero_figures(&f);
    f.q[GR_NCU_Q_FFMA] = 600; /* 1200 FLOPs */
    f.q[GR_NCU_Q_DRAM_READ] = 200, f.q[GR_NCU_Q_DRAM_WRITE] = 100;
    f.q[GR_NCU_Q_L2_BYTES] = 600, f.q[GR_NCU_Q_L1_BYTES] = 0;
    gr_ncu_figures_derive(&f);
    assert_true(f.bytes[GR_NCU_DRAM] == 300);
    assert_true(f.intensity[GR_NCU_DRAM] == 4);
    assert_true(f.intensity[GR_NCU_L2] == 2);
    assert_true(isinf(f.intensity[GR_NCU_L1])); /* FLOPs, no bytes */
    /* the L1 level: l1tex__t_bytes and 128 B a shared-memory wavefront */
    f.q[GR_NCU_Q_L1_BYTES] = 100, f.q[GR_NCU_Q_SHARED_LD_WAVEFRONTS] = 3, f.q[GR_NCU_Q_SHARED_ST_WAVEFRONTS] = 2;
    gr_ncu_figures_derive(&f);
    assert_true(f.bytes[GR_NCU_L1] == 100 + 128 * 5);
    assert_int_equal(f.bytes_from[GR_NCU_L1], GR_NCU_Q_L1_BYTES);
    f.q[GR_NCU_Q_SHARED_ST_WAVEFRONTS] = NAN; /* a part unknown: a lower bound, and named */
    gr_ncu_figures_derive(&f);
    assert_true(f.bytes[GR_NCU_L1] == 100 + 128 * 3 && f.bytes_lower[GR_NCU_L1]);
    assert_true(f.missing[GR_NCU_Q_SHARED_ST_WAVEFRONTS]);
    assert_false(f.bytes_lower[GR_NCU_DRAM]);
    /* the roofline sections' own measures, where gpuroof's are absent */
    f.q[GR_NCU_Q_L1_WRITEBACK_BYTES] = 4800, f.q[GR_NCU_Q_L2_XBAR_BYTES] = 2400;
    gr_ncu_figures_derive(&f);
    assert_true(f.bytes[GR_NCU_L1] == 4800);
    assert_int_equal(f.bytes_from[GR_NCU_L1], GR_NCU_Q_L1_WRITEBACK_BYTES);
    assert_true(f.bytes[GR_NCU_L2] == 600); /* lts__t_bytes first */
    f.q[GR_NCU_Q_L2_BYTES] = NAN;
    gr_ncu_figures_derive(&f);
    assert_true(f.bytes[GR_NCU_L2] == 2400 && f.intensity[GR_NCU_L2] == 0.5);
    assert_int_equal(f.bytes_from[GR_NCU_L2], GR_NCU_Q_L2_XBAR_BYTES);
    assert_false(f.missing[GR_NCU_Q_L2_BYTES]);
    f.q[GR_NCU_Q_L2_BYTES] = 600, f.q[GR_NCU_Q_L1_BYTES] = 0, f.q[GR_NCU_Q_SHARED_ST_WAVEFRONTS] = 0;
    assert_true(isnan(f.gflops));               /* no time */
    assert_true(f.missing[GR_NCU_Q_TIME_NS]);
    /* dram__bytes.sum stands in for read + write */
    f.q[GR_NCU_Q_DRAM_READ] = NAN;
    f.q[GR_NCU_Q_DRAM_BYTES] = 1200;
    gr_ncu_figures_derive(&f);
    assert_true(f.bytes[GR_NCU_DRAM] == 1200);
    assert_false(f.missing[GR_NCU_Q_DRAM_READ]);
    f.q[GR_NCU_Q_DRAM_BYTES] = NAN; /* the write alone: a lower bound */
    gr_ncu_figures_derive(&f);
    assert_true(f.bytes[GR_NCU_DRAM] == f.q[GR_NCU_Q_DRAM_WRITE] && f.bytes_lower[GR_NCU_DRAM]);
    assert_true(f.missing[GR_NCU_Q_DRAM_READ]);
    assert_false(f.missing[GR_NCU_Q_DRAM_WRITE]);
    f.q[GR_NCU_Q_DRAM_WRITE] = NAN; /* neither: unknown */
    gr_ncu_figures_derive(&f);
    assert_true(isnan(f.bytes[GR_NCU_DRAM]));
    f.chip = GR_NCU_GB20B; /* no DRAM counter on the chip: unknown, and said */
    gr_ncu_figures_derive(&f);
    assert_true(isnan(f.bytes[GR_NCU_DRAM]) && f.chip_lacks[GR_NCU_Q_DRAM_READ] && !f.missing[GR_NCU_Q_DRAM_READ]);
    /* no FLOPs and no bytes: no intensity */
    zero_figures(&f);
    gr_ncu_figures_derive(&f);
    assert_true(isnan(f.intensity[GR_NCU_DRAM]));
}

static void shared_and_occupancy(void **state)
{
    (void)state;
    gr_ncu_figures f;
    zero_figures(&f);
    f.q[GR_NCU_Q_SHARED_LD_WAVEFRONTS] = 1024, f.q[GR_NCU_Q_SHARED_LD_CONFLICTS] = 992;
    f.q[GR_NCU_Q_SHARED_ST_WAVEFRONTS] = 32, f.q[GR_NCU_Q_SHARED_ST_CONFLICTS] = 0;
    f.q[GR_NCU_Q_THEORETICAL_PCT] = 75, f.q[GR_NCU_Q_ACHIEVED_PCT] = 62.5;
    f.q[GR_NCU_Q_GRID_X] = 8, f.q[GR_NCU_Q_GRID_Y] = 2, f.q[GR_NCU_Q_GRID_Z] = 1;
    f.q[GR_NCU_Q_BLOCK_THREADS] = 96;
    gr_ncu_figures_derive(&f);
    assert_true(f.shared_ideal == 64);
    assert_true(f.occupancy_theoretical == 0.75);
    assert_true(f.occupancy_achieved == 0.625);
    assert_true(f.grid[0] == 8 && f.grid[1] == 2 && f.grid[2] == 1); /* from launch__grid_dim_* */
    assert_true(f.block[0] == -1);
    assert_true(f.threads_per_block == 96); /* from launch__block_size */
    assert_true(f.missing[GR_NCU_Q_BLOCK_X]);
    assert_false(f.missing[GR_NCU_Q_GRID_X]);
    f.block[0] = 32, f.block[1] = 4, f.block[2] = 2;
    gr_ncu_figures_derive(&f);
    assert_true(f.threads_per_block == 256); /* the Block Size column wins */
}

/* ---- roofs and the binding level ----------------------------------------------- */

static void load_h100(gr_profile *p)
{
    gr_error err;
    assert_true(gr_profile_load_file(GPUROOF_SRCDIR "/profiles/h100.yaml", p, &err));
}

static void roofs(void **state)
{
    (void)state;
    gr_profile p;
    gr_results r;
    gr_error err;
    gr_roofs roofs;
    load_h100(&p);
    gr_roofs_fill(&p, NULL, NULL, &roofs);
    assert_true(roofs.bandwidth_gbs[GR_NCU_DRAM].value == 3352);
    assert_int_equal(roofs.bandwidth_gbs[GR_NCU_DRAM].source, GR_ROOF_PROFILE);
    assert_true(roofs.bandwidth_gbs[GR_NCU_L2].value == p.l2_bandwidth_gbs);
    assert_true(roofs.bandwidth_gbs[GR_NCU_L1].value == p.shared_bandwidth_gbs); /* L1 and shared memory: one array */
    assert_int_equal(roofs.bandwidth_gbs[GR_NCU_L1].source, GR_ROOF_PROFILE);
    assert_true(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_FP32)].value == 66908.16);
    assert_true(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_TENSOR_FP16)].value == 989429.76);
    assert_true(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_FP16)].value == 133816.32); /* HFMA2, not the Tensor Cores */
    /* each precision's roof is the profile's peak of its one name, which
     * gr_precision_table holds, and its measured one that name's key */
    for (int i = 0; i < GR_NCU_PRECISION_COUNT; i++) {
        assert_non_null(gr_precision_find(gr_ncu_precision_name(i)));
        assert_true(roofs.peak_gflops[gr_ncu_peak_index(i)].value == gr_profile_peak(&p, gr_ncu_precision_name(i))->gflops);
    }
    assert_string_equal(gr_ncu_precision_name(GR_NCU_TENSOR_BF16), "tensor_bf16");
    gr_results_init(&r);
    assert_true(gr_results_load(GPUROOF_SRCDIR "/plots/data/h100-sxm.yaml", &r, &err));
    gr_roofs_fill(&p, &r, NULL, &roofs);
    /* the measured DRAM roof, the one plot draws: the most any DRAM kernel
     * moved, not the read kernel's (3206.5 GB/s in this file) */
    assert_true(roofs.bandwidth_gbs[GR_NCU_DRAM].value == gr_results_best_bandwidth(&r));
    assert_true(roofs.bandwidth_gbs[GR_NCU_DRAM].value > r.ceilings.dram_read_gbs);
    assert_int_equal(roofs.bandwidth_gbs[GR_NCU_DRAM].source, GR_ROOF_MEASURED);
    assert_true(roofs.bandwidth_gbs[GR_NCU_L2].value == r.ceilings.l2_gbs);
    assert_true(roofs.bandwidth_gbs[GR_NCU_L1].value == r.ceilings.shared_gbs);
    assert_int_equal(roofs.bandwidth_gbs[GR_NCU_L1].source, GR_ROOF_MEASURED);
    assert_true(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_FP32)].value == r.ceilings.fp32_gflops);
    assert_true(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_FP64)].value == r.ceilings.fp64_gflops);
    assert_true(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_TENSOR_FP16)].value == r.ceilings.tensor_fp16_gflops);
    assert_int_equal(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_TENSOR_FP16)].source, GR_ROOF_MEASURED);
    for (int i = 0; i < GR_NCU_PRECISION_COUNT; i++) {
        const char *key = gr_results_precision_key(gr_ncu_precision_name(i));
        assert_non_null(key);
        assert_true(roofs.peak_gflops[gr_ncu_peak_index(i)].value == gr_results_ceiling(&r, key));
        assert_int_equal(roofs.peak_gflops[gr_ncu_peak_index(i)].source, GR_ROOF_MEASURED);
    }
    assert_true(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_TENSOR_BF16)].value == r.ceilings.tensor_bf16_gflops);
    assert_true(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_TENSOR_FP8)].value == r.ceilings.tensor_fp8_gflops);
    /* without dram_read_gbs, the same rule */
    r.ceilings.dram_read_gbs = NAN;
    gr_roofs_fill(NULL, &r, NULL, &roofs);
    assert_true(roofs.bandwidth_gbs[GR_NCU_DRAM].value == gr_results_best_bandwidth(&r));
    assert_true(roofs.bandwidth_gbs[GR_NCU_DRAM].value > 1000);
    assert_true(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_TENSOR_FP16)].value == r.ceilings.tensor_fp16_gflops); /* no profile */
    r.ceilings.tensor_fp16_gflops = NAN;
    gr_roofs_fill(NULL, &r, NULL, &roofs);
    assert_true(isnan(roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_TENSOR_FP16)].value));
    gr_results_free(&r);
}

/* Roofs of round figures: DRAM 100 GB/s, L2 400 GB/s, FP32 1000 GFLOP/s,
 * FP64 500 GFLOP/s. */
static void round_roofs(gr_roofs *roofs)
{
    gr_roofs_fill(NULL, NULL, NULL, roofs);
    roofs->bandwidth_gbs[GR_NCU_DRAM] = (gr_roof){100, GR_ROOF_PROFILE};
    roofs->bandwidth_gbs[GR_NCU_L2] = (gr_roof){400, GR_ROOF_PROFILE};
    roofs->peak_gflops[gr_ncu_peak_index(GR_NCU_FP32)] = (gr_roof){1000, GR_ROOF_PROFILE};
    roofs->peak_gflops[gr_ncu_peak_index(GR_NCU_FP64)] = (gr_roof){500, GR_ROOF_PROFILE};
}

static void binding(void **state)
{
    (void)state;
    gr_ncu_figures f;
    gr_roofs roofs;
    gr_ncu_binding b;
    round_roofs(&roofs);
    zero_figures(&f);
    f.q[GR_NCU_Q_FFMA] = 5000; /* 10000 FLOPs: 10 ns at 1000 GFLOP/s */
    f.q[GR_NCU_Q_DRAM_READ] = 2000, f.q[GR_NCU_Q_L2_BYTES] = 2000; /* 20 ns, 5 ns */
    f.q[GR_NCU_Q_L1_BYTES] = NAN;
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_true(b.known);
    assert_int_equal(b.binding.primary, GR_LEVEL_DRAM);
    assert_int_equal(b.binding.count, 1);
    assert_true(b.compute_time_ns == 10);
    assert_true(b.level_time_ns[GR_NCU_DRAM] == 20);
    assert_true(b.level_time_ns[GR_NCU_L2] == 5);
    assert_true(isnan(b.level_time_ns[GR_NCU_L1])); /* no bytes, no roof: left out */
    assert_true(b.roof_gflops[GR_NCU_DRAM] == 500); /* 5 FLOP/B x 100 GB/s */
    assert_true(b.roof_gflops[GR_NCU_L2] == 1000);  /* min(1000, 5 x 400) */
    assert_true(b.memory_roof_gflops[GR_NCU_L2] == 2000); /* 5 x 400, the text's "roof" of the level */
    assert_true(isnan(b.memory_roof_gflops[GR_NCU_L1]));
    assert_true(b.binding_roof_gflops == 500 && b.binding_time_ns == 20);
    assert_true(isnan(b.achieved_fraction)); /* zero_figures gives no time: no GFLOP/s */
    f.q[GR_NCU_Q_TIME_NS] = 100, f.q[GR_NCU_Q_SM_CYCLES] = 150; /* 100 GFLOP/s, 1500 MHz */
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_true(b.achieved_fraction == 0.2); /* 100 of the 500 GFLOP/s DRAM roof */
    assert_true(f.sm_clock_mhz == 1500);
    /* more FLOPs: compute binds; FP64 adds its own time */
    f.q[GR_NCU_Q_DFMA] = 5000; /* 10000 FLOPs at 500: 20 ns, 30 ns in all */
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_int_equal(b.binding.primary, GR_LEVEL_COMPUTE);
    assert_true(b.compute_time_ns == 30);
    assert_true(fabs(b.compute_gflops - 20000.0 / 30) < 1e-9);
    assert_string_equal(gr_level_key(b.binding.primary), "compute");
    /* a tie names both, DRAM (farther from the SMs) first: the one rule */
    f.q[GR_NCU_Q_DRAM_READ] = 3000;
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_int_equal(b.binding.primary, GR_LEVEL_DRAM);
    assert_int_equal(b.binding.count, 2);
    assert_int_equal(b.binding.levels[1], GR_LEVEL_COMPUTE);
    /* FP16 FLOPs and no FP16 peak: unknown */
    f.q[GR_NCU_Q_HADD] = 1;
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_false(b.known);
    assert_true(isnan(b.compute_time_ns));
    assert_non_null(strstr(b.why_unknown, "fp16"));
    /* Tensor Core FLOPs and no such peak: named as the profile's peak is */
    roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_FP16)] = (gr_roof){1000, GR_ROOF_PROFILE};
    f.q[GR_NCU_Q_TENSOR_BF16] = 1;
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_false(b.known);
    assert_string_equal(b.why_unknown, "it has tensor_bf16 FLOPs and the device no tensor_bf16 peak");
}

static void binding_unknown(void **state)
{
    (void)state;
    gr_ncu_figures f;
    gr_roofs roofs;
    gr_ncu_binding b;
    round_roofs(&roofs);
    zero_figures(&f);
    for (int q = GR_NCU_Q_DADD; q <= GR_NCU_Q_TENSOR_FP8; q++)
        f.q[q] = NAN;
    f.q[GR_NCU_Q_DRAM_READ] = 1e3;
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_true(b.known); /* FLOPs unknown: the levels known bind, compute named as left out */
    assert_int_not_equal(b.binding.primary, GR_LEVEL_COMPUTE);
    assert_non_null(strstr(b.left_out, "compute"));
    /* a lower bound binds, with its caveat */
    zero_figures(&f);
    f.q[GR_NCU_Q_FFMA] = 1e9, f.q[GR_NCU_Q_FADD] = NAN, f.q[GR_NCU_Q_DRAM_READ] = 1e3;
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_true(b.known && f.flops_total_lower);
    zero_figures(&f);
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_false(b.known); /* neither FLOPs nor bytes */
    assert_non_null(strstr(b.why_unknown, "neither"));
    zero_figures(&f);
    f.q[GR_NCU_Q_DRAM_READ] = f.q[GR_NCU_Q_DRAM_WRITE] = NAN, f.q[GR_NCU_Q_L2_BYTES] = NAN, f.q[GR_NCU_Q_FFMA] = 1;
    f.q[GR_NCU_Q_L1_BYTES] = f.q[GR_NCU_Q_SHARED_LD_WAVEFRONTS] = f.q[GR_NCU_Q_SHARED_ST_WAVEFRONTS] = NAN;
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_true(b.known); /* no level with both: compute binds, the memory levels named as left out */
    assert_int_equal(b.binding.primary, GR_LEVEL_COMPUTE);
    assert_non_null(strstr(b.left_out, "every memory level"));
    /* a copy: no FLOPs, bytes: memory-bound */
    zero_figures(&f);
    f.q[GR_NCU_Q_DRAM_READ] = 100;
    gr_ncu_figures_derive(&f);
    gr_ncu_bind(&f, &roofs, &b);
    assert_true(b.known);
    assert_int_equal(b.binding.primary, GR_LEVEL_DRAM);
    assert_true(b.roof_gflops[GR_NCU_DRAM] == 0);
}

/* ---- the occupancy prediction ------------------------------------------------------ */

static void prediction(void **state)
{
    (void)state;
    gr_profile p;
    gr_ncu_figures f;
    gr_ncu_prediction pr;
    load_h100(&p);
    zero_figures(&f);
    /* 256 threads, 32 registers, 2 KiB static + 1 KiB dynamic, 100 KiB configured:
     * (3072 + 1024 reserved) B a block, 25 blocks by shared memory; 8 by threads and registers */
    f.block[0] = 16, f.block[1] = 16, f.block[2] = 1;
    f.q[GR_NCU_Q_REGISTERS] = 32, f.q[GR_NCU_Q_SMEM_STATIC] = 2048, f.q[GR_NCU_Q_SMEM_DYNAMIC] = 1024;
    f.q[GR_NCU_Q_SMEM_CONFIG] = 102400, f.q[GR_NCU_Q_THEORETICAL_PCT] = 100;
    gr_ncu_figures_derive(&f);
    gr_ncu_predict(&p, &f, &pr);
    assert_true(pr.known);
    assert_int_equal(pr.carveout_bytes, 102400);
    assert_int_equal(pr.occ.blocks_per_sm, 8);
    assert_int_equal(pr.occ.limit[GR_LIMIT_SHARED_MEMORY], 25);
    assert_true(pr.compared && pr.agrees);
    /* Nsight Compute says 75%: more than half a warp (1/128) away */
    f.q[GR_NCU_Q_THEORETICAL_PCT] = 75;
    gr_ncu_figures_derive(&f);
    gr_ncu_predict(&p, &f, &pr);
    assert_true(pr.compared);
    assert_false(pr.agrees);
    f.q[GR_NCU_Q_THEORETICAL_PCT] = 99.5; /* within half a warp */
    gr_ncu_figures_derive(&f);
    gr_ncu_predict(&p, &f, &pr);
    assert_true(pr.agrees);
    /* 8 KiB configured: 2 blocks of 4 KiB */
    f.q[GR_NCU_Q_SMEM_CONFIG] = 8192;
    gr_ncu_predict(&p, &f, &pr);
    assert_int_equal(pr.occ.blocks_per_sm, 2);
    /* no registers: unknown, the metric named */
    f.q[GR_NCU_Q_REGISTERS] = NAN;
    gr_ncu_predict(&p, &f, &pr);
    assert_false(pr.known);
    assert_non_null(strstr(pr.why_unknown, "launch__registers_per_thread"));
    /* a launch no GPU runs: the occupancy's own error */
    f.q[GR_NCU_Q_REGISTERS] = 32;
    f.block[0] = 2048;
    gr_ncu_figures_derive(&f);
    gr_ncu_predict(&p, &f, &pr);
    assert_false(pr.known);
    assert_true(pr.why_unknown[0] != '\0');
}

/* ---- the reader, on the test CSVs --------------------------------------------------- */

static void read_ok(const char *name, gr_ncu_report *r)
{
    file_bytes t = load(name);
    gr_error err = {{0}};
    if (!gr_ncu_read(name, (const char *)t.bytes, t.size, r, &err))
        fail_msg("%s", err.text);
    free(t.bytes);
}

static void figures_of(const gr_ncu_report *r, size_t i, gr_ncu_figures *f)
{
    gr_ncu_figures_of_launch(&r->launches[i], f);
}

static void raw_page(void **state)
{
    (void)state;
    gr_ncu_report r;
    gr_ncu_figures f;
    read_ok(DATA "raw-base.csv", &r);
    assert_int_equal(r.page, GR_NCU_PAGE_RAW);
    assert_int_equal(r.count, 5);
    assert_string_equal(r.gpu.name, "NVIDIA H100 80GB HBM3");
    assert_int_equal(r.gpu.cc_major, 9);
    assert_int_equal(r.gpu.sm_count, 132);
    assert_int_equal(r.gpu.smem_sm, 233472);
    assert_string_equal(r.launches[0].kernel, "void saxpy<float>(int, float, const float *, float *)");
    assert_string_equal(r.launches[4].kernel, "void \"quoted\"<1>(float *)");
    assert_int_equal(r.launches[2].block[0], 16);
    assert_int_equal(r.launches[2].grid[1], 64);
    assert_int_equal(r.launches[0].line, 12);
    figures_of(&r, 2, &f);
    assert_true(f.flops_fp32 == 2147483648.0);
    assert_true(f.bytes[GR_NCU_DRAM] == 16777216);
    assert_true(f.intensity[GR_NCU_DRAM] == 128);
    assert_true(f.shared_ideal == 142606336);
    assert_true(f.q[GR_NCU_Q_SM_CYCLES] == 2281500);
    figures_of(&r, 3, &f);
    assert_true(f.flops_tensor == 17179869184.0);
    figures_of(&r, 4, &f); /* ncu failed to profile it: every figure unknown */
    assert_true(isnan(f.q[GR_NCU_Q_TIME_NS]));
    assert_true(f.missing[GR_NCU_Q_TIME_NS]);
    assert_int_equal(f.block[0], 64);
    assert_true(r.has_metric[row_of("gpu__time_duration.sum")]);
    assert_false(r.has_metric[row_of("dram__bytes.sum")]);
    gr_ncu_report_free(&r);
}

/* The details page, and in scaled units, give the raw page's figures. */
static void same_figures(const char *file, size_t count)
{
    gr_ncu_report raw, other;
    read_ok(DATA "raw-base.csv", &raw);
    read_ok(file, &other);
    assert_int_equal(other.page, GR_NCU_PAGE_DETAILS);
    assert_int_equal(other.count, count);
    assert_string_equal(other.gpu.name, ""); /* the details page names no GPU */
    assert_int_equal(other.gpu.cc_major, 9);  /* but its CC column says 9.0 */
    for (size_t i = 0; i < count; i++) {
        gr_ncu_figures a, b;
        figures_of(&raw, i, &a);
        figures_of(&other, i, &b);
        assert_string_equal(raw.launches[i].kernel, other.launches[i].kernel);
        for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
            if (q == GR_NCU_Q_CC_MAJOR || q == GR_NCU_Q_CC_MINOR || q == GR_NCU_Q_SM_COUNT || q == GR_NCU_Q_SMEM_SM)
                continue; /* the device's attributes: the raw page's alone */
            if (isnan(a.q[q]) != isnan(b.q[q]) || (!isnan(a.q[q]) && fabs(a.q[q] - b.q[q]) > 1e-9 * fabs(a.q[q])))
                fail_msg("%s launch %zu: %s is %g, the raw page's %g", file, i, gr_ncu_quantity_metric(q, GR_NCU_CHIP_UNKNOWN), b.q[q],
                         a.q[q]);
        }
    }
    gr_ncu_report_free(&raw);
    gr_ncu_report_free(&other);
}

static void details_page(void **state)
{
    (void)state;
    same_figures(DATA "details-base.csv", 5);
    same_figures(DATA "details-scaled.csv", 4);
}

static void roofline_rates(void **state)
{
    (void)state;
    gr_ncu_report r;
    gr_ncu_figures f;
    read_ok(DATA "roofline-raw.csv", &r);
    figures_of(&r, 0, &f);
    /* 58.35 FFMA a cycle x 10240 ns x 1.755 GHz: the two decimals ncu prints */
    assert_true(fabs(f.q[GR_NCU_Q_FFMA] - 58.35 * 10240e-9 * 1.755e9) < 1e-3);
    assert_true(fabs(f.q[GR_NCU_Q_FFMA] - 1048576) / 1048576 < 1e-4);
    assert_true(fabs(f.bytes[GR_NCU_DRAM] - 12582912) < 1e-3);
    assert_true(isnan(f.flops_tensor)); /* the roofline sections count no Tensor FLOPs */
    assert_true(f.missing[GR_NCU_Q_TENSOR_FP16]);
    gr_ncu_report_free(&r);
}

/* ---- grouping ------------------------------------------------------------------------- */

static void grouping(void **state)
{
    (void)state;
    gr_ncu_report r;
    gr_ncu_group *groups;
    size_t count;
    gr_error err;
    read_ok(DATA "raw-base.csv", &r);
    gr_ncu_figures *each = calloc(r.count, sizeof *each);
    assert_non_null(each);
    for (size_t i = 0; i < r.count; i++)
        figures_of(&r, i, &each[i]);
    assert_true(gr_ncu_group_launches(&r, each, &groups, &count, NULL, &err));
    assert_int_equal(count, 4);
    /* by total time: matmul 1300000, wmma 45000, saxpy 10240 + 20160, the failed one last */
    assert_string_equal(groups[0].kernel, "matmul_tiled(const float *, const float *, float *, int)");
    assert_string_equal(groups[2].kernel, "void saxpy<float>(int, float, const float *, float *)");
    assert_string_equal(groups[3].kernel, "void \"quoted\"<1>(float *)");
    const gr_ncu_figures *saxpy = &groups[2].figures;
    assert_int_equal(groups[2].launches, 2);
    assert_true(saxpy->q[GR_NCU_Q_TIME_NS] == 30400);
    assert_true(saxpy->flops_fp32 == 6291456);
    assert_true(saxpy->bytes[GR_NCU_DRAM] == 37748736);
    assert_true(saxpy->q[GR_NCU_Q_REGISTERS] == 16);         /* the same in both */
    assert_true(saxpy->block[0] == 256);
    assert_true(saxpy->grid[0] == -1);                       /* 4096 and 8192 */
    assert_true(saxpy->varies[GR_NCU_Q_GRID_X]);
    assert_false(saxpy->missing[GR_NCU_Q_GRID_X]);
    /* achieved occupancy weighted by time: (87.5 x 10240 + 91.25 x 20160) / 30400 */
    assert_true(fabs(saxpy->occupancy_achieved - (0.875 * 10240 + 0.9125 * 20160) / 30400) < 1e-12);
    assert_true(isnan(groups[0].time_share)); /* the failed launch's time is unknown */
    assert_true(isnan(groups[3].figures.q[GR_NCU_Q_TIME_NS]));
    free(groups);
    free(each);
    gr_ncu_report_free(&r);
}

static void grouping_shares(void **state)
{
    (void)state;
    gr_ncu_report r;
    gr_ncu_group *groups;
    size_t count;
    gr_error err;
    read_ok(DATA "details-scaled.csv", &r); /* launches 0 to 3, every time known */
    gr_ncu_figures each[4];
    for (size_t i = 0; i < r.count; i++)
        figures_of(&r, i, &each[i]);
    assert_true(gr_ncu_group_launches(&r, each, &groups, &count, NULL, &err));
    assert_int_equal(count, 3);
    double total = 10240 + 20160 + 1300000 + 45000;
    assert_true(fabs(groups[0].time_share - 1300000 / total) < 1e-12);
    assert_true(fabs(groups[2].time_share - 30400 / total) < 1e-12);
    free(groups);
    gr_ncu_report_free(&r);
}

/* ---- what the reader refuses -------------------------------------------------------------- */

static void refused(const char *name, const char *expected)
{
    char path[512];
    snprintf(path, sizeof path, DATA "bad/%s", name);
    file_bytes t = load(path);
    gr_ncu_report r;
    gr_error err = {{0}};
    assert_false(gr_ncu_read(name, (const char *)t.bytes, t.size, &r, &err));
    if (strncmp(err.text, expected, strlen(expected)) != 0)
        fail_msg("%s: '%s', not '%s...'", name, err.text, expected);
    assert_int_equal(r.count, 0);
    assert_null(r.launches);
    free(t.bytes);
}

static void bad_files(void **state)
{
    (void)state;
    refused("empty.csv", "empty.csv:1:1: empty");
    refused("binary.csv", "binary.csv:18:1: no Nsight Compute CSV");
    refused("no-kernels.csv", "no-kernels.csv:3:1: no Nsight Compute CSV");
    refused("no-id-column.csv", "no-id-column.csv:1:2: a header row whose first column is 'Process ID'");
    refused("truncated-quote.csv", "truncated-quote.csv:4:57: the file ends in the middle of this row");
    refused("truncated-row.csv", "truncated-row.csv:4:42: the file ends in the middle of this row (7 fields");
    refused("short-row.csv", "short-row.csv:4:86: this row has 12 fields, its header (line 1) 13");
    refused("unknown-unit.csv", "unknown-unit.csv:2:35: unknown unit 'furlong' of gpu__time_duration.sum");
    refused("wrong-unit.csv", "wrong-unit.csv:2:35: gpu__time_duration.sum is in 'byte'");
    refused("huge-exponent.csv", "huge-exponent.csv:3:80: gpu__time_duration.sum is '1e400', above");
    refused("huge-digits.csv", "huge-digits.csv:3:80: gpu__time_duration.sum is '123,456,789,012,345");
    refused("not-a-number.csv", "not-a-number.csv:3:80: gpu__time_duration.sum is 'fast', which is no number");
    refused("negative.csv", "negative.csv:3:80: gpu__time_duration.sum is '-5': negative");
    refused("short-units-row.csv", "short-units-row.csv:2:38: the units row has 12 fields");
    refused("no-units-row.csv", "no-units-row.csv:2:2: a launch row where the raw page's units row belongs");
    refused("no-launch.csv", "no-launch.csv:1:1: the header is followed by no launch");
    refused("bad-block-size.csv", "bad-block-size.csv:3:44: Block Size is '(256, 1', not '(X, Y, Z)'");
    refused("after-quote.csv", "after-quote.csv:3:34: a closing quote is followed by something other");
    refused("bad-id.csv", "bad-id.csv:3:2: the ID column holds 'x1'");
    refused("two-gpus.csv", "two-gpus.csv:4:48: this launch ran on 'NVIDIA A100-SXM4-40GB'");
    refused("details-no-unit-column.csv", "details-no-unit-column.csv:1:2: the details page's header has no "
                                          "\"Metric Unit\" column");
    refused("two-pages.csv", "two-pages.csv:4:2: a details page's header after the raw page's");
    refused("control-in-name.csv", "control-in-name.csv:3:20: the kernel's name is 'k?(int *)': not UTF-8");
}

/* Every prefix of a good file is read or refused, never more. */
static void every_cut(void **state)
{
    (void)state;
    file_bytes t = load(DATA "details-base.csv");
    for (size_t n = 0; n <= t.size; n += 7) {
        gr_ncu_report r;
        gr_error err;
        char *copy = malloc(n ? n : 1);
        assert_non_null(copy);
        memcpy(copy, t.bytes, n);
        if (gr_ncu_read("cut.csv", copy, n, &r, &err)) {
            assert_true(r.count >= 1 && r.count <= 5);
            gr_ncu_report_free(&r);
        } else {
            assert_true(strncmp(err.text, "cut.csv:", 8) == 0);
        }
        free(copy);
    }
    free(t.bytes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(csv_fields),     cmocka_unit_test(csv_broken),      cmocka_unit_test(line_kinds),
        cmocka_unit_test(units),          cmocka_unit_test(values),          cmocka_unit_test(metric_list), cmocka_unit_test(chips), cmocka_unit_test(sums), cmocka_unit_test(queried_list),
        cmocka_unit_test(metric_table),   cmocka_unit_test(unit_fits),       cmocka_unit_test(resolve_rates),
        cmocka_unit_test(flops),          cmocka_unit_test(tensor_pipe),     cmocka_unit_test(bytes_and_intensity),
        cmocka_unit_test(shared_and_occupancy), cmocka_unit_test(roofs),     cmocka_unit_test(binding),
        cmocka_unit_test(binding_unknown), cmocka_unit_test(prediction),     cmocka_unit_test(raw_page),
        cmocka_unit_test(details_page),   cmocka_unit_test(roofline_rates),  cmocka_unit_test(grouping),
        cmocka_unit_test(grouping_shares), cmocka_unit_test(bad_files),      cmocka_unit_test(every_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

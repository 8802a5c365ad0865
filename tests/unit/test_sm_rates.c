/* Unit tests for the per-SM, per-clock rates (src/core/profile/sm_rates.c): each
 * row gives back the whitepaper's peak figures at its SM count and clock,
 * worked out by hand here from the published TFLOPS. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "sm_rates.h"

/* TFLOPS of sms SMs at mhz of rate FLOP a clock an SM. */
static double tflops(int sms, double mhz, double rate)
{
    return sms * mhz * 1e6 * rate / 1e12;
}

/* The whitepapers round to three or four digits. */
static void assert_published(double computed, double published)
{
    if (computed < published * 0.998 || computed > published * 1.002)
        fail_msg("%g TFLOPS, the whitepaper says %g", computed, published);
}

static void a100_whitepaper(void **state)
{
    (void)state;
    gr_sm_rates r;
    assert_true(gr_sm_rates_of(8, 0, &r));
    /* A100: 108 SMs, 1410 MHz */
    assert_published(tflops(108, 1410, r.fp16_flops), 78);
    assert_published(tflops(108, 1410, r.bf16_flops), 39);
    assert_published(tflops(108, 1410, r.tensor_flops[GR_TENSOR_FP16]), 312);
    assert_published(tflops(108, 1410, r.tensor_flops[GR_TENSOR_BF16]), 312);
    assert_published(tflops(108, 1410, r.tensor_flops[GR_TENSOR_TF32]), 156);
    assert_published(tflops(108, 1410, r.tensor_flops[GR_TENSOR_FP64]), 19.5);
    assert_float_equal(r.tensor_flops[GR_TENSOR_FP8], 0, 0);
}

static void h100_whitepaper(void **state)
{
    (void)state;
    gr_sm_rates r;
    assert_true(gr_sm_rates_of(9, 0, &r));
    /* H100 SXM5: 132 SMs; the tensor figures at 1830 MHz, the others at 1980 */
    assert_published(tflops(132, 1980, r.fp16_flops), 133.8);
    assert_published(tflops(132, 1980, r.bf16_flops), 133.8);
    assert_published(tflops(132, 1830, r.tensor_flops[GR_TENSOR_FP16]), 989.4);
    assert_published(tflops(132, 1830, r.tensor_flops[GR_TENSOR_BF16]), 989.4);
    assert_published(tflops(132, 1830, r.tensor_flops[GR_TENSOR_TF32]), 494.7);
    assert_published(tflops(132, 1830, r.tensor_flops[GR_TENSOR_FP8]), 1978.9);
    assert_published(tflops(132, 1980, r.tensor_flops[GR_TENSOR_FP64]), 66.9);
}

static void unknown_capabilities(void **state)
{
    (void)state;
    gr_sm_rates r;
    assert_false(gr_sm_rates_of(8, 6, &r));
    assert_false(gr_sm_rates_of(8, 9, &r));
    assert_false(gr_sm_rates_of(7, 0, &r));
    assert_false(gr_sm_rates_of(10, 0, &r));
}

static void shared_memory_bytes(void **state)
{
    (void)state;
    assert_int_equal(gr_shared_bytes_per_clock(9, 0), 128);
    assert_int_equal(gr_shared_bytes_per_clock(5, 0), 128);
    assert_int_equal(gr_shared_bytes_per_clock(12, 0), 128);
    assert_int_equal(gr_shared_bytes_per_clock(3, 5), 256);
    assert_int_equal(gr_shared_bytes_per_clock(2, 0), 0);
}

static void tensor_types_present(void **state)
{
    (void)state;
    const char *why = "unset";
    assert_true(gr_tensor_type_present(GR_TENSOR_FP8, 9, 0, &why));
    assert_null(why);
    assert_true(gr_tensor_type_present(GR_TENSOR_FP8, 8, 9, &why));
    assert_false(gr_tensor_type_present(GR_TENSOR_FP8, 8, 6, &why));
    assert_string_equal(why, "no FP8 tensor cores below compute capability 8.9");
    assert_false(gr_tensor_type_present(GR_TENSOR_FP8, 8, 0, NULL));
    assert_true(gr_tensor_type_present(GR_TENSOR_FP16, 7, 0, NULL));
    assert_false(gr_tensor_type_present(GR_TENSOR_FP16, 6, 1, &why));
    assert_string_equal(why, "no tensor cores below compute capability 7.0");
    assert_false(gr_tensor_type_present(GR_TENSOR_BF16, 7, 5, &why));
    assert_string_equal(why, "no BF16 tensor cores below compute capability 8.0");
    assert_true(gr_tensor_type_present(GR_TENSOR_TF32, 8, 6, NULL));
    assert_true(gr_tensor_type_present(GR_TENSOR_FP64, 8, 0, NULL));
    assert_true(gr_tensor_type_present(GR_TENSOR_FP64, 9, 0, NULL));
    assert_true(gr_tensor_type_present(GR_TENSOR_FP64, 10, 0, NULL));
    assert_false(gr_tensor_type_present(GR_TENSOR_FP64, 8, 9, &why));
    assert_string_equal(why, "no FP64 tensor cores (only compute capabilities 8.0, 9.x and 10.0 have them)");
    assert_false(gr_tensor_type_present(GR_TENSOR_FP64, 12, 0, NULL));
    assert_false(gr_tensor_type_present(GR_TENSOR_COUNT, 9, 0, &why));
}

static void names(void **state)
{
    (void)state;
    assert_string_equal(gr_tensor_type_name(GR_TENSOR_FP16), "fp16");
    assert_string_equal(gr_tensor_type_name(GR_TENSOR_BF16), "bf16");
    assert_string_equal(gr_tensor_type_name(GR_TENSOR_TF32), "tf32");
    assert_string_equal(gr_tensor_type_name(GR_TENSOR_FP8), "fp8");
    assert_string_equal(gr_tensor_type_name(GR_TENSOR_FP64), "fp64");
    assert_string_equal(gr_tensor_type_name(GR_TENSOR_COUNT), "unknown");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a100_whitepaper),      cmocka_unit_test(h100_whitepaper),
        cmocka_unit_test(unknown_capabilities), cmocka_unit_test(shared_memory_bytes),
        cmocka_unit_test(tensor_types_present), cmocka_unit_test(names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Unit tests for the CUDA declaration parser (src/core/kernels/cuda_decl.c): PMPP's table
 * of CUDA variable types (memory, scope, lifetime) and the exact error text
 * and column of every declaration it refuses.
 *
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_decl.h"

/* ---- checks that report the caller's line -------------------------------- */

static void parse_or_fail(const char *text, gr_decl_place place, gr_decl *d,
                          const char *file, int line)
{
    size_t column = 99;
    gr_error err = {{0}};
    if (!gr_decl_parse(text, place, d, &column, &err)) {
        print_error("\"%.60s\": unexpected error at column %zu: %s\n", text, column, err.text);
        _fail(file, line);
    }
}

/* Parses text and checks what the table says of it. */
static void check_decl(const char *text, gr_decl_place place, const char *name, const char *type,
                       int element_bytes, const char *memory, const char *scope,
                       const char *lifetime, int dim_count, const char *file, int line)
{
    gr_decl d;
    parse_or_fail(text, place, &d, file, line);
    _assert_string_equal(d.name, name, file, line);
    _assert_string_equal(d.type, type, file, line);
    _assert_int_equal(d.element_bytes, element_bytes, file, line);
    _assert_string_equal(gr_memory_name(d.memory), memory, file, line);
    _assert_string_equal(gr_scope_name(d.scope), scope, file, line);
    _assert_string_equal(gr_lifetime_name(d.lifetime), lifetime, file, line);
    _assert_int_equal(d.dim_count, dim_count, file, line);
}

static void check_error(const char *text, gr_decl_place place, const char *message,
                        size_t column, const char *file, int line)
{
    gr_decl d;
    size_t at = 99;
    gr_error err = {{0}};
    if (gr_decl_parse(text, place, &d, &at, &err)) {
        print_error("\"%.60s\": expected error \"%s\", got a declaration\n", text, message);
        _fail(file, line);
    }
    _assert_string_equal(err.text, message, file, line);
    _assert_int_equal(at, column, file, line);
}

#define KERNEL GR_IN_KERNEL
#define FILE_SCOPE GR_AT_FILE_SCOPE

#define DECL_IS(text, place, name, type, bytes, memory, scope, lifetime, dims) \
    check_decl(text, place, name, type, bytes, memory, scope, lifetime, dims, __FILE__, __LINE__)
#define ERROR_IS(text, place, message, column) \
    check_error(text, place, message, column, __FILE__, __LINE__)

/* ---- PMPP's table of CUDA variable types ---------------------------------- */

/* Exercise 11, lines 02-05 of foo_kernel. */
static void foo_kernel_declarations(void **state)
{
    (void)state;
    DECL_IS("unsigned int i", KERNEL, "i", "unsigned int", 4, "register", "thread", "grid", 0);
    DECL_IS("float x[4]", KERNEL, "x", "float", 4, "local", "thread", "grid", 1);
    DECL_IS("__shared__ float y_s", KERNEL, "y_s", "float", 4, "shared", "block", "grid", 0);
    DECL_IS("__shared__ float b_s[128]", KERNEL, "b_s", "float", 4, "shared", "block", "grid", 1);

    gr_decl d;
    parse_or_fail("float x[4]", KERNEL, &d, __FILE__, __LINE__);
    assert_string_equal(d.dims[0], "4");
    assert_false(d.is_extern);
    parse_or_fail("__shared__ float b_s[128]", KERNEL, &d, __FILE__, __LINE__);
    assert_string_equal(d.dims[0], "128");
}

/* The declarations of PMPP's table: "__device__ __shared__ int SharedVar;",
 * "__device__ __constant__ int ConstVar;", "__device__ int GlobalVar;". */
static void table_of_variable_types(void **state)
{
    (void)state;
    DECL_IS("__device__ __shared__ int s", KERNEL, "s", "int", 4, "shared", "block", "grid", 0);
    DECL_IS("__device__ __shared__ int SharedVar;", KERNEL, "SharedVar", "int", 4, "shared", "block",
            "grid", 0);
    DECL_IS("__constant__ float F[9]", FILE_SCOPE, "F", "float", 4, "constant", "grid",
            "application", 1);
    DECL_IS("__device__ __constant__ int ConstVar;", FILE_SCOPE, "ConstVar", "int", 4, "constant",
            "grid", "application", 0);
    DECL_IS("__device__ int g", FILE_SCOPE, "g", "int", 4, "global", "grid", "application", 0);
    DECL_IS("__device__ int GlobalVar;", FILE_SCOPE, "GlobalVar", "int", 4, "global", "grid",
            "application", 0);
    /* Automatic variables: a scalar in a register, an array in local memory. */
    DECL_IS("int k", KERNEL, "k", "int", 4, "register", "thread", "grid", 0);
    DECL_IS("float buf[128]", KERNEL, "buf", "float", 4, "local", "thread", "grid", 1);
}

static void extern_shared_array(void **state)
{
    (void)state;
    DECL_IS("extern __shared__ int tile[]", KERNEL, "tile", "int", 4, "shared", "block", "grid", 1);
    gr_decl d;
    parse_or_fail("extern __shared__ int tile[]", KERNEL, &d, __FILE__, __LINE__);
    assert_true(d.is_extern);
    assert_string_equal(d.dims[0], "");
    /* The dynamic tiles of matmul-tiled-dynamic.yaml. */
    DECL_IS("extern __shared__ float Mds_Nds[]", KERNEL, "Mds_Nds", "float", 4, "shared", "block",
            "grid", 1);
}

static void pointers(void **state)
{
    (void)state;
    DECL_IS("float *p", KERNEL, "p", "float *", 8, "register", "thread", "grid", 0);
    DECL_IS("float* p", KERNEL, "p", "float *", 8, "register", "thread", "grid", 0);
    /* const and __restrict__ change nothing in the table. */
    DECL_IS("const float * __restrict__ q", KERNEL, "q", "float *", 8, "register", "thread", "grid",
            0);
    DECL_IS("float **pp", KERNEL, "pp", "float **", 8, "register", "thread", "grid", 0);
    /* An array of pointers lives in local memory, 8 bytes an element. */
    DECL_IS("double *ptrs[4]", KERNEL, "ptrs", "double *", 8, "local", "thread", "grid", 1);
}

static void dimensions(void **state)
{
    (void)state;
    gr_decl d;
    DECL_IS("double d[2][3]", KERNEL, "d", "double", 8, "local", "thread", "grid", 2);
    parse_or_fail("double d[2][3]", KERNEL, &d, __FILE__, __LINE__);
    assert_string_equal(d.dims[0], "2");
    assert_string_equal(d.dims[1], "3");
    /* The text between the brackets, formulas and all. */
    parse_or_fail("__shared__ float Mds[TILE_WIDTH][TILE_WIDTH]", KERNEL, &d, __FILE__, __LINE__);
    assert_int_equal(d.dim_count, 2);
    assert_string_equal(d.dims[0], "TILE_WIDTH");
    assert_string_equal(d.dims[1], "TILE_WIDTH");
    parse_or_fail("__shared__ int tile[BDIMY][BDIMX + IPAD]", KERNEL, &d, __FILE__, __LINE__);
    assert_string_equal(d.dims[1], "BDIMX + IPAD");
    /* Spaces around the brackets and a final ';'. */
    parse_or_fail("  float  a [4] [2] ;  ", KERNEL, &d, __FILE__, __LINE__);
    assert_string_equal(d.name, "a");
    assert_int_equal(d.dim_count, 2);
    /* Four dimensions are the most. */
    parse_or_fail("int q[1][2][3][4]", KERNEL, &d, __FILE__, __LINE__);
    assert_int_equal(d.dim_count, GR_DECL_MAX_DIMS);
    assert_string_equal(d.dims[3], "4");
}

static void qualifiers_that_change_nothing(void **state)
{
    (void)state;
    DECL_IS("volatile __shared__ int v", KERNEL, "v", "int", 4, "shared", "block", "grid", 0);
    DECL_IS("static __device__ float sg", FILE_SCOPE, "sg", "float", 4, "global", "grid",
            "application", 0);
    DECL_IS("const int c", KERNEL, "c", "int", 4, "register", "thread", "grid", 0);
}

/* volatile leaves the table alone but is kept: the model counts a
 * volatile variable's every reference as a memory access. */
static void volatile_is_kept(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        gr_decl_place place;
        bool is_volatile;
    } cases[] = {
        {"volatile __shared__ int v", GR_IN_KERNEL, true},
        {"__device__ volatile float g", GR_AT_FILE_SCOPE, true},
        {"volatile float *p", GR_IN_KERNEL, true},
        {"__shared__ int s", GR_IN_KERNEL, false},
        {"const int c", GR_IN_KERNEL, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_decl d;
        size_t column;
        gr_error err;
        assert_true(gr_decl_parse(cases[i].text, cases[i].place, &d, &column, &err));
        assert_int_equal(d.is_volatile, cases[i].is_volatile);
    }
}

static void element_sizes(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *type;
        int bytes;
    } cases[] = {
        {"char c", "char", 1},
        {"unsigned char c", "unsigned char", 1},
        {"bool c", "bool", 1},
        {"short c", "short", 2},
        {"__half c", "__half", 2},
        {"unsigned c", "unsigned", 4},
        {"int32_t c", "int32_t", 4},
        {"long long c", "long long", 8},
        {"unsigned long long c", "unsigned long long", 8},
        {"size_t c", "size_t", 8},
        {"double c", "double", 8},
        {"float2 c", "float2", 8},
        {"float4 c", "float4", 16},
        {"double2 c", "double2", 16},
        {"struct point c", "struct point", 0}, /* unknown: 0 */
        {"mystruct c", "mystruct", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_decl d;
        parse_or_fail(cases[i].text, KERNEL, &d, __FILE__, __LINE__);
        assert_string_equal(d.type, cases[i].type);
        assert_int_equal(d.element_bytes, cases[i].bytes);
        assert_string_equal(d.name, "c");
    }
}

/* A shared variable may be declared at file scope too: still one per block. */
static void shared_at_file_scope(void **state)
{
    (void)state;
    DECL_IS("__shared__ float s", FILE_SCOPE, "s", "float", 4, "shared", "block", "grid", 0);
    DECL_IS("extern __shared__ float dyn[]", FILE_SCOPE, "dyn", "float", 4, "shared", "block",
            "grid", 1);
}

/* ---- errors ---------------------------------------------------------------- */

static void syntax_errors(void **state)
{
    (void)state;
    ERROR_IS("", KERNEL, "expected a type and a name", 0);
    ERROR_IS("   ", KERNEL, "expected a type and a name", 3);
    ERROR_IS("__shared__", KERNEL, "expected a type and a name", 10);
    ERROR_IS("int", KERNEL, "expected a type before the name 'int'", 3);
    ERROR_IS("__shared__ float", KERNEL, "expected a type before the name 'float'", 16);
    ERROR_IS("int 3x", KERNEL, "'3x' is not a name", 4);
    ERROR_IS("float a[4", KERNEL, "'[' without its ']'", 7);
    ERROR_IS("float a[4]]", KERNEL, "unexpected ']' in the declaration", 10);
    ERROR_IS("float a[4] b", KERNEL, "unexpected 'b' in the declaration", 11);
    ERROR_IS("int x, y", KERNEL, "unexpected ',' in the declaration", 5);
    ERROR_IS("int x = 3", KERNEL, "unexpected '=' in the declaration", 6);
    ERROR_IS("int q[1][2][3][4][5]", KERNEL, "more than 4 dimensions", 17);
    ERROR_IS("a b c d e f g h i", KERNEL, "too many words in the declaration", 16);
}

static void extern_errors(void **state)
{
    (void)state;
    ERROR_IS("extern int x[]", KERNEL,
             "only 'extern __shared__ T name[]' (dynamic shared memory) may be extern", 0);
    ERROR_IS("extern __shared__ int t[8]", KERNEL,
             "only 'extern __shared__ T name[]' (dynamic shared memory) may be extern", 0);
    ERROR_IS("extern __shared__ int t", KERNEL,
             "only 'extern __shared__ T name[]' (dynamic shared memory) may be extern", 0);
    ERROR_IS("extern __shared__ int t[][4]", KERNEL,
             "only 'extern __shared__ T name[]' (dynamic shared memory) may be extern", 0);
    ERROR_IS("__shared__ int t[]", KERNEL, "an array needs its size between the brackets", 0);
    ERROR_IS("float a[]", KERNEL, "an array needs its size between the brackets", 0);
    ERROR_IS("float a[4][]", KERNEL, "an array needs its size between the brackets", 0);
}

static void place_errors(void **state)
{
    (void)state;
    ERROR_IS("__constant__ float F[9]", KERNEL,
             "__constant__ variables are declared outside any function", 0);
    ERROR_IS("__device__ __constant__ int ConstVar", KERNEL,
             "__constant__ variables are declared outside any function", 0);
    ERROR_IS("__device__ int g", KERNEL, "__device__ variables are declared outside any function", 0);
    ERROR_IS("int g", FILE_SCOPE,
             "without __device__, __constant__ or __shared__ a variable outside a kernel is the host's", 0);
    ERROR_IS("float h[4]", FILE_SCOPE,
             "without __device__, __constant__ or __shared__ a variable outside a kernel is the host's", 0);
}

static void too_long(void **state)
{
    (void)state;
    char text[601];
    memset(text, 'a', 600);
    memcpy(text, "int ", 4);
    text[600] = '\0';
    ERROR_IS(text, KERNEL, "a declaration must be a string of at most 512 characters", 0);
    ERROR_IS(NULL, KERNEL, "a declaration must be a string of at most 512 characters", 0);

    /* 512 characters are still allowed. */
    char longest[513];
    memset(longest, ' ', 512);
    memcpy(longest, "int x", 5);
    longest[512] = '\0';
    gr_decl d;
    parse_or_fail(longest, KERNEL, &d, __FILE__, __LINE__);
    assert_string_equal(d.name, "x");
}

/* The column of an error is 0-based in the text. */
static void error_columns(void **state)
{
    (void)state;
    ERROR_IS("__shared__ float   3tile[4]", KERNEL, "'3tile' is not a name", 19);
    ERROR_IS("float tile[BDIMY][BDIMX", KERNEL, "'[' without its ']'", 17);
    ERROR_IS("float a[4] ; x", KERNEL, "unexpected 'x' in the declaration", 13);
}

/* An array size too long to keep is refused, never cut short. */
static void long_dimension_is_not_cut(void **state)
{
    (void)state;
    char dim[200] = "";
    for (int i = 0; i < 65; i++)
        strcat(dim, i ? "+1" : "1");
    char text[256];
    snprintf(text, sizeof text, "float a[%s]", dim);
    ERROR_IS(text, KERNEL, "an array size longer than 127 characters", 8);
}

/* A name too long to keep is refused, never cut short. */
static void long_name_is_not_cut(void **state)
{
    (void)state;
    char text[128];
    snprintf(text, sizeof text, "float %070d", 0);
    memset(text + 6, 'v', 70);
    ERROR_IS(text, KERNEL, "a name longer than 63 characters", 6);
}

/* "int t[ ]" is "int t[]" to C. */
static void blank_brackets_are_empty(void **state)
{
    (void)state;
    gr_decl d;
    parse_or_fail("extern __shared__ int tile[ ]", KERNEL, &d, __FILE__, __LINE__);
    assert_true(d.is_extern);
    assert_int_equal(d.dim_count, 1);
    ERROR_IS("__shared__ int t[ ]", KERNEL, "an array needs its size between the brackets", 0);
}

/* "unsigned int" with its name forgotten is an error, not a variable "int". */
static void type_keyword_is_not_a_name(void **state)
{
    (void)state;
    ERROR_IS("unsigned int", KERNEL, "expected a name after the type 'unsigned int'", 12);
}

/* doc/model-format.md says element sizes are known for the C and CUDA
 * scalar and vector types, but the table in cuda_decl.c lacks the spelled-out
 * C forms ("long int", "short int", "unsigned long long int") and CUDA's
 * 3-element and unsigned vectors (float3, int3, uint2, uint4, double4), so a
 * "__shared__ float3 pts[64]" is refused by the model as of unknown size. */
static void common_types_have_sizes(void **state)
{
    (void)state;
    static const struct {
        const char *type;
        int bytes;
    } cases[] = {
        {"short int", 2},     {"unsigned short int", 2}, {"long int", 8},
        {"unsigned long int", 8}, {"long long int", 8}, {"unsigned long long int", 8},
        {"float3", 12},       {"int3", 12},              {"uint2", 8},
        {"uint4", 16},        {"double4", 32},
    };
    int unknown = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[96];
        snprintf(text, sizeof text, "__shared__ %s c[4]", cases[i].type);
        gr_decl d;
        parse_or_fail(text, KERNEL, &d, __FILE__, __LINE__);
        assert_string_equal(d.type, cases[i].type);
        if (d.element_bytes != cases[i].bytes) {
            print_error("%s: %d bytes, not %d\n", cases[i].type, d.element_bytes, cases[i].bytes);
            unknown++;
        }
    }
    assert_int_equal(unknown, 0);
}

/* ---- the name helpers -------------------------------------------------------- */

static void names(void **state)
{
    (void)state;
    assert_string_equal(gr_memory_name(GR_MEM_REGISTER), "register");
    assert_string_equal(gr_memory_name(GR_MEM_LOCAL), "local");
    assert_string_equal(gr_memory_name(GR_MEM_SHARED), "shared");
    assert_string_equal(gr_memory_name(GR_MEM_GLOBAL), "global");
    assert_string_equal(gr_memory_name(GR_MEM_CONSTANT), "constant");
    assert_string_equal(gr_scope_name(GR_SCOPE_THREAD), "thread");
    assert_string_equal(gr_scope_name(GR_SCOPE_BLOCK), "block");
    assert_string_equal(gr_scope_name(GR_SCOPE_GRID), "grid");
    assert_string_equal(gr_lifetime_name(GR_LIFE_GRID), "grid");
    assert_string_equal(gr_lifetime_name(GR_LIFE_APPLICATION), "application");
}

/* A failed parse leaves a zeroed declaration, not half of one. */
static void failure_clears_the_declaration(void **state)
{
    (void)state;
    gr_decl d;
    memset(&d, 0x55, sizeof d);
    size_t column = 99;
    gr_error err = {{0}};
    assert_false(gr_decl_parse("", KERNEL, &d, &column, &err));
    assert_string_equal(d.name, "");
    assert_int_equal(d.dim_count, 0);
    /* A NULL err is allowed. */
    assert_false(gr_decl_parse("int", KERNEL, &d, &column, NULL));
    assert_int_equal(column, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(foo_kernel_declarations),
        cmocka_unit_test(table_of_variable_types),
        cmocka_unit_test(extern_shared_array),
        cmocka_unit_test(pointers),
        cmocka_unit_test(dimensions),
        cmocka_unit_test(qualifiers_that_change_nothing),
        cmocka_unit_test(volatile_is_kept),
        cmocka_unit_test(element_sizes),
        cmocka_unit_test(shared_at_file_scope),
        cmocka_unit_test(syntax_errors),
        cmocka_unit_test(extern_errors),
        cmocka_unit_test(place_errors),
        cmocka_unit_test(too_long),
        cmocka_unit_test(error_columns),
        cmocka_unit_test(long_dimension_is_not_cut),
        cmocka_unit_test(long_name_is_not_cut),
        cmocka_unit_test(blank_brackets_are_empty),
        cmocka_unit_test(type_keyword_is_not_a_name),
        cmocka_unit_test(common_types_have_sizes),
        cmocka_unit_test(names),
        cmocka_unit_test(failure_clears_the_declaration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

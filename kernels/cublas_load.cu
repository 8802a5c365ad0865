/* Loading cuBLAS and cuBLASLt at run time: the first library of each list
 * that loads, and every entry point gpuroof calls, or an error that names
 * what was tried. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "cublas_load.h"

typedef struct {
    const char *symbol;
    void **slot;
} entry;

/* Opens the first of names that loads into *lib; on failure err says what
 * each refusal was. */
static int open_first(const char *const *names, size_t count, const char *what, void **lib, grk_error *err)
{
    char tried[384] = "";
    for (size_t i = 0; i < count && !*lib; i++) {
        *lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!*lib) {
            const char *why = dlerror();
            size_t used = strlen(tried);
            snprintf(tried + used, sizeof tried - used, "%s%s", used ? "; " : "", why ? why : names[i]);
        }
    }
    if (!*lib)
        grk_fail(err, "%s is not available: %s", what, tried);
    return *lib ? 0 : -1;
}

static int find_entries(void *lib, const entry *entries, size_t count, const char *what, grk_error *err)
{
    for (size_t i = 0; i < count; i++) {
        *entries[i].slot = dlsym(lib, entries[i].symbol);
        if (!*entries[i].slot) {
            grk_fail(err, "%s is not available: %s is missing from it", what, entries[i].symbol);
            return -1;
        }
    }
    return 0;
}

static struct {
    void *lib;
    grk_cublas_api api;
} cublas;

int grk_load_cublas(const grk_cublas_api **api, grk_error *err)
{
    static const char *const names[] = {"libcublas.so.13", "libcublas.so.12", "libcublas.so"};
    const entry entries[] = {
        {"cublasCreate_v2", (void **)&cublas.api.create}, {"cublasDestroy_v2", (void **)&cublas.api.destroy},
        {"cublasSgemm_v2", (void **)&cublas.api.sgemm},   {"cublasDgemm_v2", (void **)&cublas.api.dgemm},
        {"cublasGemmEx", (void **)&cublas.api.gemm_ex},
    };
    if (!cublas.lib) {
        if (open_first(names, sizeof names / sizeof names[0], "cuBLAS", &cublas.lib, err) != 0)
            return -1;
        if (find_entries(cublas.lib, entries, sizeof entries / sizeof entries[0], "cuBLAS", err) != 0) {
            dlclose(cublas.lib);
            memset(&cublas, 0, sizeof cublas);
            return -1;
        }
    }
    *api = &cublas.api;
    return 0;
}

static struct {
    void *lib;
    grk_cublaslt_api api;
} cublaslt;

int grk_load_cublaslt(const grk_cublaslt_api **api, grk_error *err)
{
    static const char *const names[] = {"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so"};
    grk_cublaslt_api *a = &cublaslt.api;
    const entry entries[] = {
        {"cublasLtCreate", (void **)&a->create},
        {"cublasLtDestroy", (void **)&a->destroy},
        {"cublasLtMatmulDescCreate", (void **)&a->desc_create},
        {"cublasLtMatmulDescDestroy", (void **)&a->desc_destroy},
        {"cublasLtMatmulDescSetAttribute", (void **)&a->desc_set},
        {"cublasLtMatrixLayoutCreate", (void **)&a->layout_create},
        {"cublasLtMatrixLayoutDestroy", (void **)&a->layout_destroy},
        {"cublasLtMatmulPreferenceCreate", (void **)&a->pref_create},
        {"cublasLtMatmulPreferenceDestroy", (void **)&a->pref_destroy},
        {"cublasLtMatmulPreferenceSetAttribute", (void **)&a->pref_set},
        {"cublasLtMatmulAlgoGetHeuristic", (void **)&a->heuristic},
        {"cublasLtMatmul", (void **)&a->matmul},
    };
    if (!cublaslt.lib) {
        if (open_first(names, sizeof names / sizeof names[0], "cuBLASLt", &cublaslt.lib, err) != 0)
            return -1;
        if (find_entries(cublaslt.lib, entries, sizeof entries / sizeof entries[0], "cuBLASLt", err) != 0) {
            dlclose(cublaslt.lib);
            memset(&cublaslt, 0, sizeof cublaslt);
            return -1;
        }
    }
    *api = &cublaslt.api;
    return 0;
}

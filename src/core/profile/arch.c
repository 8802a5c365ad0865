#include "arch.h"

static const struct {
    int major, minor;
    gr_arch arch;
} table[] = {
    {3, 5, {"Kepler", 192, 64, 256, 4, 256, 3, {16, 32, 48}, true}},
    {3, 7, {"Kepler", 192, 64, 256, 4, 256, 3, {80, 96, 112}, true}},
    {5, 0, {"Maxwell", 128, 4, 256, 4, 256, 1, {64}, false}},
    {5, 2, {"Maxwell", 128, 4, 256, 4, 256, 1, {96}, false}},
    {6, 0, {"Pascal", 64, 32, 256, 2, 256, 1, {64}, false}},
    {6, 1, {"Pascal", 128, 4, 256, 4, 256, 1, {96}, false}},
    {7, 0, {"Volta", 64, 32, 256, 4, 256, 6, {0, 8, 16, 32, 64, 96}, false}},
    {7, 5, {"Turing", 64, 2, 256, 4, 256, 2, {32, 64}, false}},
    {8, 0, {"Ampere", 64, 32, 256, 4, 128, 8, {0, 8, 16, 32, 64, 100, 132, 164}, false}},
    {8, 6, {"Ampere", 128, 2, 256, 4, 128, 6, {0, 8, 16, 32, 64, 100}, false}},
    {8, 7, {"Ampere", 128, 2, 256, 4, 128, 8, {0, 8, 16, 32, 64, 100, 132, 164}, false}},
    {8, 9, {"Ada Lovelace", 128, 2, 256, 4, 128, 6, {0, 8, 16, 32, 64, 100}, false}},
    {9, 0, {"Hopper", 128, 64, 256, 4, 128, 10, {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}, false}},
};

bool gr_arch_of(int major, int minor, gr_arch *out)
{
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].major == major && table[i].minor == minor) {
            *out = table[i].arch;
            return true;
        }
    return false;
}

/* ---- the range of architectures ------------------------------------------ */

bool gr_arch_sm_in_range(int sm)
{
    return sm >= GR_ARCH_SM_MIN && sm <= GR_ARCH_SM_MAX;
}

// The f32 math functions of docs/MathAccuracy.md as hipcc compiles them
// (ROCm's device library, OCML), one element a lane, for
// bench/math_instructions.py --hipcc: kernel k_<op> computes math.<op>,
// k_copy is the baseline subtracted. Unlike the other peers it includes the
// HIP headers and links the device library:
// hipcc -x hip --cuda-device-only --offload-arch=gfx940 -O3 -S (Debian's
// ROCm 5.2 device library has no gfx942, gfx950 or gfx1100).
#include <hip/hip_runtime.h>

#define UNARY(name, call)                                                      \
  extern "C" __global__ void name(const float *x, const float *y,            \
                                  const int *n, float *r) {                  \
    unsigned i = blockIdx.x * 256 + threadIdx.x;                             \
    r[i] = call;                                                             \
  }

UNARY(k_copy, x[i])
UNARY(k_sin, sinf(x[i]))
UNARY(k_cos, cosf(x[i]))
UNARY(k_tan, tanf(x[i]))
UNARY(k_asin, asinf(x[i]))
UNARY(k_acos, acosf(x[i]))
UNARY(k_atan, atanf(x[i]))
UNARY(k_sinh, sinhf(x[i]))
UNARY(k_cosh, coshf(x[i]))
UNARY(k_tanh, tanhf(x[i]))
UNARY(k_asinh, asinhf(x[i]))
UNARY(k_acosh, acoshf(x[i]))
UNARY(k_atanh, atanhf(x[i]))
UNARY(k_erf, erff(x[i]))
UNARY(k_erfc, erfcf(x[i]))
UNARY(k_expm1, expm1f(x[i]))
UNARY(k_log1p, log1pf(x[i]))
UNARY(k_cbrt, cbrtf(x[i]))
UNARY(k_rsqrt, rsqrtf(x[i]))
UNARY(k_exp, expf(x[i]))
UNARY(k_exp2, exp2f(x[i]))
UNARY(k_log, logf(x[i]))
UNARY(k_log2, log2f(x[i]))
UNARY(k_log10, log10f(x[i]))
UNARY(k_sqrt, sqrtf(x[i]))
UNARY(k_floor, floorf(x[i]))
UNARY(k_ceil, ceilf(x[i]))
UNARY(k_trunc, truncf(x[i]))
UNARY(k_round, roundf(x[i]))
UNARY(k_roundeven, rintf(x[i]))
UNARY(k_absf, fabsf(x[i]))
UNARY(k_atan2, atan2f(x[i], y[i]))
UNARY(k_powf, powf(x[i], y[i]))
UNARY(k_copysign, copysignf(x[i], y[i]))
UNARY(k_fma, fmaf(x[i], y[i], x[i]))
UNARY(k_fpowi, powif(x[i], n[i]))

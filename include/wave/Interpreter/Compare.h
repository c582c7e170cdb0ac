//===- Compare.h - Comparing interpreter outputs ----------------*- C++ -*-===//

#ifndef WAVE_INTERPRETER_COMPARE_H
#define WAVE_INTERPRETER_COMPARE_H

#include "wave/Interpreter/Buffer.h"

#include <string>

namespace mlir::wave {

/// Floats agree when |actual - expected| <= atol + rtol * |expected| (NumPy's
/// allclose); NaNs agree with NaNs. Integers must be bitwise equal.
struct Tolerance {
  double rtol = 0;
  double atol = 0;
};

/// What the run reports when nothing is requested: tight for f32/f64, a few
/// units in the last place for f16/bf16, whose results are rounded at every
/// step.
Tolerance getDefaultTolerance(ElementKind kind);

struct Comparison {
  int64_t numElements = 0;
  int64_t numMismatches = 0;
  double maxAbsError = 0;
  double maxRelError = 0;
  /// Logical element index (row-major) of the largest errors and of the first
  /// mismatch; -1 when there is none.
  int64_t maxAbsIndex = -1;
  int64_t maxRelIndex = -1;
  int64_t firstMismatch = -1;

  bool agrees() const { return numMismatches == 0; }
};

/// Compares two buffers of the same kind and shape element by element.
Comparison compareBuffers(const Buffer &actual, const Buffer &expected,
                          Tolerance tolerance);

/// A human-readable report: the errors, where they are and the values there.
std::string describeComparison(const Comparison &comparison,
                               const Buffer &actual, const Buffer &expected);

} // namespace mlir::wave

#endif // WAVE_INTERPRETER_COMPARE_H

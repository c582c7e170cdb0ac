//===- Compare.cpp - Comparing interpreter outputs ------------------------===//

#include "wave/Interpreter/Compare.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mlir::wave;

Tolerance mlir::wave::getDefaultTolerance(ElementKind kind) {
  switch (kind) {
  case ElementKind::F16:
    return {2e-3, 1e-3};
  case ElementKind::BF16:
    return {1.6e-2, 1e-2};
  case ElementKind::F32:
    return {1e-4, 1e-5};
  case ElementKind::F64:
    return {1e-10, 1e-12};
  default:
    return {0, 0};
  }
}

Comparison mlir::wave::compareBuffers(const Buffer &actual,
                                      const Buffer &expected,
                                      Tolerance tolerance) {
  assert(actual.getKind() == expected.getKind() &&
         actual.getShape() == expected.getShape() && "incomparable buffers");
  Comparison result;
  result.numElements = actual.getNumElements();
  bool floats = isFloat(actual.getKind());
  for (int64_t i = 0; i < result.numElements; ++i) {
    int64_t a = actual.getLinearIndexOfElement(i);
    int64_t e = expected.getLinearIndexOfElement(i);
    double got = actual.getDouble(a);
    double want = expected.getDouble(e);
    bool same;
    double absError, relError;
    if (floats) {
      if (std::isnan(got) || std::isnan(want)) {
        same = std::isnan(got) && std::isnan(want);
        absError = relError = same ? 0 : INFINITY;
      } else if (got == want) { // Also equal infinities.
        same = true;
        absError = relError = 0;
      } else {
        absError = std::fabs(got - want);
        relError = want == 0 ? INFINITY : absError / std::fabs(want);
        same = absError <= tolerance.atol + tolerance.rtol * std::fabs(want);
      }
    } else {
      same = actual.getBits(a) == expected.getBits(e);
      absError = std::fabs(got - want);
      relError = want == 0 ? (same ? 0 : INFINITY) : absError / std::fabs(want);
    }
    if (absError > result.maxAbsError) {
      result.maxAbsError = absError;
      result.maxAbsIndex = i;
    }
    if (relError > result.maxRelError) {
      result.maxRelError = relError;
      result.maxRelIndex = i;
    }
    if (!same) {
      ++result.numMismatches;
      if (result.firstMismatch < 0)
        result.firstMismatch = i;
    }
  }
  return result;
}

static void printCoordinate(llvm::raw_ostream &os, const Buffer &buffer,
                            int64_t element) {
  os << "[";
  llvm::interleaveComma(buffer.getCoordinate(element), os);
  os << "]";
}

static void printValue(llvm::raw_ostream &os, const Buffer &buffer,
                       int64_t element) {
  double value = buffer.getDouble(buffer.getLinearIndexOfElement(element));
  if (isFloat(buffer.getKind()))
    os << llvm::format("%.9g", value);
  else
    os << int64_t(value);
}

std::string mlir::wave::describeComparison(const Comparison &comparison,
                                           const Buffer &actual,
                                           const Buffer &expected) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << comparison.numMismatches << " of " << comparison.numElements
     << " elements differ; largest absolute error "
     << llvm::format("%.6g", comparison.maxAbsError);
  if (comparison.maxAbsIndex >= 0) {
    os << " at ";
    printCoordinate(os, actual, comparison.maxAbsIndex);
  }
  os << ", largest relative error "
     << llvm::format("%.6g", comparison.maxRelError);
  if (comparison.maxRelIndex >= 0) {
    os << " at ";
    printCoordinate(os, actual, comparison.maxRelIndex);
  }
  if (comparison.firstMismatch >= 0) {
    os << "; first difference at ";
    printCoordinate(os, actual, comparison.firstMismatch);
    os << ": got ";
    printValue(os, actual, comparison.firstMismatch);
    os << ", expected ";
    printValue(os, expected, comparison.firstMismatch);
  }
  return text;
}

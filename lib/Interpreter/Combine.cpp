//===- Combine.cpp - Combining operations of reductions -------------------===//

#include "Combine.h"
#include "Arith.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

static double minimumF(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<double>::quiet_NaN();
  if (a == b) // -0 and +0: the negative one.
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

static double maximumF(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<double>::quiet_NaN();
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

Slot mlir::wave::interp::combine(Combiner combiner, ElementKind kind, Slot a,
                                 Slot b) {
  Slot r;
  if (isFloat(kind)) {
    double x = a.f, y = b.f;
    switch (combiner) {
    case Combiner::Add:
      r.f = roundFloat(kind, x + y);
      return r;
    case Combiner::Mul:
      r.f = roundFloat(kind, x * y);
      return r;
    case Combiner::MinNumF:
    case Combiner::MinS:
    case Combiner::MinU:
      r.f = std::fmin(x, y);
      return r;
    case Combiner::MaxNumF:
    case Combiner::MaxS:
    case Combiner::MaxU:
      r.f = std::fmax(x, y);
      return r;
    case Combiner::MinimumF:
      r.f = minimumF(x, y);
      return r;
    case Combiner::MaximumF:
      r.f = maximumF(x, y);
      return r;
    case Combiner::And:
    case Combiner::Or:
    case Combiner::Xor:
      break;
    }
    llvm_unreachable("bitwise combination of floats");
  }
  unsigned bits = getBitWidth(kind);
  uint64_t mask = widthMask(bits);
  int64_t sx = signExtend(a.u, bits), sy = signExtend(b.u, bits);
  switch (combiner) {
  case Combiner::Add:
    r.u = (a.u + b.u) & mask;
    return r;
  case Combiner::Mul:
    r.u = (a.u * b.u) & mask;
    return r;
  case Combiner::MinS:
    r.u = sx <= sy ? a.u : b.u;
    return r;
  case Combiner::MaxS:
    r.u = sx >= sy ? a.u : b.u;
    return r;
  case Combiner::MinU:
    r.u = std::min(a.u, b.u);
    return r;
  case Combiner::MaxU:
    r.u = std::max(a.u, b.u);
    return r;
  case Combiner::And:
    r.u = a.u & b.u;
    return r;
  case Combiner::Or:
    r.u = a.u | b.u;
    return r;
  case Combiner::Xor:
    r.u = a.u ^ b.u;
    return r;
  default:
    llvm_unreachable("float combination of integers");
  }
}

Slot mlir::wave::interp::getIdentity(Combiner combiner, ElementKind kind) {
  Slot r;
  if (isFloat(kind)) {
    switch (combiner) {
    case Combiner::Add:
      r.f = 0.0;
      return r;
    case Combiner::Mul:
      r.f = 1.0;
      return r;
    case Combiner::MinS:
    case Combiner::MinU:
    case Combiner::MinNumF:
    case Combiner::MinimumF:
      r.f = INFINITY;
      return r;
    default:
      r.f = -INFINITY;
      return r;
    }
  }
  unsigned bits = getBitWidth(kind);
  uint64_t mask = widthMask(bits);
  switch (combiner) {
  case Combiner::Mul:
    r.u = 1;
    return r;
  case Combiner::MinS: // The largest signed value.
    r.u = mask >> 1;
    return r;
  case Combiner::MaxS: // The smallest signed value.
    r.u = (mask >> 1) + 1;
    return r;
  case Combiner::MinU:
  case Combiner::And:
    r.u = mask;
    return r;
  default: // Add, MaxU, Or, Xor.
    r.u = 0;
    return r;
  }
}

Combiner mlir::wave::interp::getCombiner(ReduceKind kind, ElementKind element) {
  bool floats = isFloat(element);
  switch (kind) {
  case ReduceKind::add:
    return Combiner::Add;
  case ReduceKind::mul:
    return Combiner::Mul;
  case ReduceKind::min:
    return floats ? Combiner::MinNumF : Combiner::MinS;
  case ReduceKind::max:
    return floats ? Combiner::MaxNumF : Combiner::MaxS;
  case ReduceKind::and_:
    return Combiner::And;
  case ReduceKind::or_:
    return Combiner::Or;
  case ReduceKind::xor_:
    return Combiner::Xor;
  }
  llvm_unreachable("unknown reduce kind");
}

std::optional<Combiner>
mlir::wave::interp::getCombiner(vector::CombiningKind kind) {
  using vector::CombiningKind;
  switch (kind) {
  case CombiningKind::ADD:
    return Combiner::Add;
  case CombiningKind::MUL:
    return Combiner::Mul;
  case CombiningKind::MINUI:
    return Combiner::MinU;
  case CombiningKind::MINSI:
    return Combiner::MinS;
  case CombiningKind::MINNUMF:
    return Combiner::MinNumF;
  case CombiningKind::MAXUI:
    return Combiner::MaxU;
  case CombiningKind::MAXSI:
    return Combiner::MaxS;
  case CombiningKind::MAXNUMF:
    return Combiner::MaxNumF;
  case CombiningKind::AND:
    return Combiner::And;
  case CombiningKind::OR:
    return Combiner::Or;
  case CombiningKind::XOR:
    return Combiner::Xor;
  case CombiningKind::MINIMUMF:
    return Combiner::MinimumF;
  case CombiningKind::MAXIMUMF:
    return Combiner::MaximumF;
  }
  return std::nullopt;
}

std::optional<Combiner>
mlir::wave::interp::getCombiner(gpu::AllReduceOperation kind) {
  using gpu::AllReduceOperation;
  switch (kind) {
  case AllReduceOperation::ADD:
    return Combiner::Add;
  case AllReduceOperation::MUL:
    return Combiner::Mul;
  case AllReduceOperation::MINUI:
    return Combiner::MinU;
  case AllReduceOperation::MINSI:
    return Combiner::MinS;
  case AllReduceOperation::MINNUMF:
    return Combiner::MinNumF;
  case AllReduceOperation::MAXUI:
    return Combiner::MaxU;
  case AllReduceOperation::MAXSI:
    return Combiner::MaxS;
  case AllReduceOperation::MAXNUMF:
    return Combiner::MaxNumF;
  case AllReduceOperation::AND:
    return Combiner::And;
  case AllReduceOperation::OR:
    return Combiner::Or;
  case AllReduceOperation::XOR:
    return Combiner::Xor;
  case AllReduceOperation::MINIMUMF:
    return Combiner::MinimumF;
  case AllReduceOperation::MAXIMUMF:
    return Combiner::MaximumF;
  }
  return std::nullopt;
}

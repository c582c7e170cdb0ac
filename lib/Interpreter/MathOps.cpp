//===- MathOps.cpp - math dialect -----------------------------------------===//
//
// Transcendental functions are computed in long double (glibc's libm on
// x87's 64-bit significands), rounded to double and then to the operand
// type: the correctly rounded result but for the rare inputs within the
// function's error of a rounding boundary. wave-lower-math computes the
// same functions in f64 and rounds once for f16, bf16 and f32, so a code
// object's result agrees with this one except near such boundaries, and in
// double-double steps for f64, within 1.5 ULP of it (docs/MathAccuracy.md
// has the measured distances); the backend's own exp, exp2, log, log2 and
// log10 on f32 are within 1 ULP of it.
//
//===----------------------------------------------------------------------===//

#include "Combine.h"
#include "Elementwise.h"
#include "wave/Dialect/Wave/IR/ApproximateMath.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

namespace {
// The exact functions in double; the others in long double (x87's 64-bit
// significand on x86-64), rounded once to double: an f64 result is then the
// correctly rounded one but within about 2^-9 ULP of a rounding boundary.
#define WAVE_FLOAT_UNARY(Name, expr)                                           \
  struct Name {                                                                \
    static double apply(double x) { return expr; }                             \
  };
#define WAVE_FLOAT_FUNCTION(Name, expr)                                        \
  struct Name {                                                                \
    static double apply(double value) {                                        \
      long double x = value;                                                   \
      return double(expr);                                                     \
    }                                                                          \
  };
WAVE_FLOAT_UNARY(AbsF, std::fabs(x))
WAVE_FLOAT_FUNCTION(Exp, std::exp(x))
WAVE_FLOAT_FUNCTION(Exp2, std::exp2(x))
WAVE_FLOAT_FUNCTION(ExpM1, std::expm1(x))
WAVE_FLOAT_FUNCTION(Log, std::log(x))
WAVE_FLOAT_FUNCTION(Log2, std::log2(x))
WAVE_FLOAT_FUNCTION(Log10, std::log10(x))
WAVE_FLOAT_FUNCTION(Log1p, std::log1p(x))
WAVE_FLOAT_UNARY(Sqrt, std::sqrt(x))
WAVE_FLOAT_FUNCTION(Rsqrt, 1.0L / std::sqrt(x))
WAVE_FLOAT_FUNCTION(Cbrt, std::cbrt(x))
WAVE_FLOAT_FUNCTION(Tanh, std::tanh(x))
WAVE_FLOAT_FUNCTION(Sinh, std::sinh(x))
WAVE_FLOAT_FUNCTION(Cosh, std::cosh(x))
WAVE_FLOAT_FUNCTION(Asinh, std::asinh(x))
WAVE_FLOAT_FUNCTION(Acosh, std::acosh(x))
WAVE_FLOAT_FUNCTION(Atanh, std::atanh(x))
WAVE_FLOAT_FUNCTION(Sin, std::sin(x))
WAVE_FLOAT_FUNCTION(Cos, std::cos(x))
WAVE_FLOAT_FUNCTION(Tan, std::tan(x))
WAVE_FLOAT_FUNCTION(Asin, std::asin(x))
WAVE_FLOAT_FUNCTION(Acos, std::acos(x))
WAVE_FLOAT_FUNCTION(Atan, std::atan(x))
WAVE_FLOAT_FUNCTION(Erf, std::erf(x))
WAVE_FLOAT_FUNCTION(Erfc, std::erfc(x))
WAVE_FLOAT_UNARY(Ceil, std::ceil(x))
WAVE_FLOAT_UNARY(Floor, std::floor(x))
WAVE_FLOAT_UNARY(Trunc, std::trunc(x))
WAVE_FLOAT_UNARY(Round, std::round(x))         // Halves away from zero.
WAVE_FLOAT_UNARY(RoundEven, std::nearbyint(x)) // Default mode: to even.
#undef WAVE_FLOAT_FUNCTION
#undef WAVE_FLOAT_UNARY

/// exp2 and exp under afn on f32 (wave-lower-approximate-math): v_exp_f32
/// of the exponent, which for exp is x * log2(e) rounded to f32 first. The
/// hardware's v_exp_f32 is within 1 ULP; this one is correctly rounded.
struct ApproximateExp2 {
  static double apply(double x) { return flushF32Denormal(std::exp2(x)); }
};
struct ApproximateExp {
  static double apply(double x) {
    return ApproximateExp2::apply(float(x) * float(M_LOG2E));
  }
};

struct PowF {
  static double apply(double x, double y) {
    return double(std::pow((long double)x, (long double)y));
  }
};
struct Atan2 {
  static double apply(double y, double x) {
    return double(std::atan2((long double)y, (long double)x));
  }
};
struct CopySign {
  static double apply(double x, double y) { return std::copysign(x, y); }
};
// fma in double, rounded once to the type: exact for f16/bf16 and f32
// operands except for double-rounding ties.
struct Fma {
  static double apply(double a, double b, double c) {
    return std::fma(a, b, c);
  }
};

/// The op's definition, as wave-lower-math and upstream's expansion read it:
/// maximumf(minimumf(value, min), max), NaN propagating.
struct ClampF {
  static double apply(double value, double low, double high) {
    Slot lower = combine(Combiner::MinimumF, ElementKind::F64, floatSlot(value),
                         floatSlot(low));
    return combine(Combiner::MaximumF, ElementKind::F64, lower, floatSlot(high))
        .f;
  }
};

/// Integer power by squaring, wrapping at the width; a negative exponent
/// gives 1 for a base of 1, +-1 for -1 and 0 otherwise (wave-lower-math's
/// lowering; upstream's outlined function divides by zero for a base of 0).
struct IPowI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned bits) {
    int64_t base = signExtend(a, bits), exponent = signExtend(b, bits);
    if (exponent < 0)
      return base == 1 ? 1 : base == -1 ? (exponent & 1 ? a : 1) : 0;
    uint64_t result = 1, power = a;
    for (uint64_t e = exponent; e; e >>= 1) {
      if (e & 1)
        result *= power;
      power *= power;
    }
    return result;
  }
};

struct AbsI {
  static uint64_t apply(uint64_t a, unsigned bits) {
    int64_t x = signExtend(a, bits);
    return x < 0 ? 0 - a : a;
  }
};
struct CtPop {
  static uint64_t apply(uint64_t a, unsigned) { return llvm::popcount(a); }
};
struct Ctlz {
  static uint64_t apply(uint64_t a, unsigned bits) {
    return a == 0 ? bits : llvm::countl_zero(a) - (64 - bits);
  }
};
struct Cttz {
  static uint64_t apply(uint64_t a, unsigned bits) {
    return a == 0 ? bits : llvm::countr_zero(a);
  }
};
} // namespace

/// math.fpowi: `dst = round<K>(pow(a, n))` with n the signed integer of the
/// width in `aux`.
template <ElementKind K> static Status fpowi(Wave &w, const Instr &instr) {
  Slot *d = w.reg(instr.dst);
  const Slot *a = w.reg(instr.src[0]);
  const Slot *b = w.reg(instr.src[1]);
  unsigned bits = instr.aux;
  size_t n = size_t(instr.rows) * w.width;
  for (size_t k = 0; k < n; ++k)
    d[k].f = roundTo<K>(PowF::apply(a[k].f, double(signExtend(b[k].u, bits))));
  return Status::Next;
}

static LogicalResult emitFPowI(Compiler &c, math::FPowIOp op) {
  Handler handler;
  switch (getKindOf(op.getType())) {
  case ElementKind::F16:
    handler = fpowi<ElementKind::F16>;
    break;
  case ElementKind::BF16:
    handler = fpowi<ElementKind::BF16>;
    break;
  case ElementKind::F32:
    handler = fpowi<ElementKind::F32>;
    break;
  default:
    handler = fpowi<ElementKind::F64>;
    break;
  }
  return emitElementwise(c, op, handler, getIntWidth(op.getRhs().getType()));
}

/// math.sincos: one instruction per result.
static LogicalResult emitSincos(Compiler &c, math::SincosOp op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  ElementKind kind = getKindOf(op.getOperand().getType());
  uint32_t source = c.use(op.getOperand());
  uint32_t rows = Compiler::rowsOf(op.getOperand().getType());
  c.emit(op, selectFloatElementwise<Sin, 1>(kind), c.define(op.getSin()),
         {source}, rows);
  c.emit(op, selectFloatElementwise<Cos, 1>(kind), c.define(op.getCos()),
         {source}, rows);
  return success();
}

template <typename Fn>
static LogicalResult emitIntUnary(Compiler &c, Operation *op) {
  return emitElementwise(c, op, intElementwise<Fn, 1>,
                         getIntWidth(op->getResult(0).getType()));
}

/// isnan / isinf / isfinite / isnormal: `imm` picks the test.
static Status classify(Wave &w, const Instr &instr) {
  Slot *d = w.reg(instr.dst);
  const Slot *a = w.reg(instr.src[0]);
  // Normal in the operand's own type (`aux` is its kind).
  double smallest;
  switch (ElementKind(instr.aux)) {
  case ElementKind::F16:
    smallest = 0x1p-14;
    break;
  case ElementKind::BF16:
  case ElementKind::F32:
    smallest = 0x1p-126;
    break;
  default:
    smallest = 0x1p-1022;
    break;
  }
  size_t n = size_t(instr.rows) * w.width;
  for (size_t k = 0; k < n; ++k) {
    double x = a[k].f;
    bool result;
    switch (instr.imm) {
    case 0:
      result = std::isnan(x);
      break;
    case 1:
      result = std::isinf(x);
      break;
    case 2:
      result = std::isfinite(x);
      break;
    default:
      result = std::isfinite(x) && std::fabs(x) >= smallest;
      break;
    }
    d[k].u = result;
  }
  return Status::Next;
}

static LogicalResult emitClassify(Compiler &c, Operation *op, unsigned test) {
  if (failed(checkModelledTypes(op)))
    return failure();
  return emitElementwise(
      c, op, classify, uint32_t(getKindOf(op->getOperand(0).getType())), test);
}

Handler mlir::wave::interp::getFmaHandler(ElementKind kind) {
  return selectFloatElementwise<Fma, 3>(kind);
}

std::optional<LogicalResult> mlir::wave::interp::compileMathOp(Compiler &c,
                                                               Operation *op) {
  using R = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](math::AbsFOp o) { return emitFloatElementwise<AbsF, 1>(c, o); })
      .Case([&](math::ExpOp o) {
        return approximatesF32(o)
                   ? emitFloatElementwise<ApproximateExp, 1>(c, o)
                   : emitFloatElementwise<Exp, 1>(c, o);
      })
      .Case([&](math::Exp2Op o) {
        return approximatesF32(o)
                   ? emitFloatElementwise<ApproximateExp2, 1>(c, o)
                   : emitFloatElementwise<Exp2, 1>(c, o);
      })
      .Case(
          [&](math::ExpM1Op o) { return emitFloatElementwise<ExpM1, 1>(c, o); })
      .Case([&](math::LogOp o) { return emitFloatElementwise<Log, 1>(c, o); })
      .Case([&](math::Log2Op o) { return emitFloatElementwise<Log2, 1>(c, o); })
      .Case(
          [&](math::Log10Op o) { return emitFloatElementwise<Log10, 1>(c, o); })
      .Case(
          [&](math::Log1pOp o) { return emitFloatElementwise<Log1p, 1>(c, o); })
      .Case([&](math::SqrtOp o) { return emitFloatElementwise<Sqrt, 1>(c, o); })
      .Case(
          [&](math::RsqrtOp o) { return emitFloatElementwise<Rsqrt, 1>(c, o); })
      .Case([&](math::CbrtOp o) { return emitFloatElementwise<Cbrt, 1>(c, o); })
      .Case([&](math::TanhOp o) { return emitFloatElementwise<Tanh, 1>(c, o); })
      .Case([&](math::SinhOp o) { return emitFloatElementwise<Sinh, 1>(c, o); })
      .Case([&](math::CoshOp o) { return emitFloatElementwise<Cosh, 1>(c, o); })
      .Case(
          [&](math::AsinhOp o) { return emitFloatElementwise<Asinh, 1>(c, o); })
      .Case(
          [&](math::AcoshOp o) { return emitFloatElementwise<Acosh, 1>(c, o); })
      .Case(
          [&](math::AtanhOp o) { return emitFloatElementwise<Atanh, 1>(c, o); })
      .Case([&](math::SinOp o) { return emitFloatElementwise<Sin, 1>(c, o); })
      .Case([&](math::CosOp o) { return emitFloatElementwise<Cos, 1>(c, o); })
      .Case([&](math::TanOp o) { return emitFloatElementwise<Tan, 1>(c, o); })
      .Case([&](math::AsinOp o) { return emitFloatElementwise<Asin, 1>(c, o); })
      .Case([&](math::AcosOp o) { return emitFloatElementwise<Acos, 1>(c, o); })
      .Case([&](math::AtanOp o) { return emitFloatElementwise<Atan, 1>(c, o); })
      .Case([&](math::ErfOp o) { return emitFloatElementwise<Erf, 1>(c, o); })
      .Case([&](math::ErfcOp o) { return emitFloatElementwise<Erfc, 1>(c, o); })
      .Case([&](math::CeilOp o) { return emitFloatElementwise<Ceil, 1>(c, o); })
      .Case(
          [&](math::FloorOp o) { return emitFloatElementwise<Floor, 1>(c, o); })
      .Case(
          [&](math::TruncOp o) { return emitFloatElementwise<Trunc, 1>(c, o); })
      .Case(
          [&](math::RoundOp o) { return emitFloatElementwise<Round, 1>(c, o); })
      .Case([&](math::RoundEvenOp o) {
        return emitFloatElementwise<RoundEven, 1>(c, o);
      })
      .Case([&](math::PowFOp o) { return emitFloatElementwise<PowF, 2>(c, o); })
      .Case(
          [&](math::Atan2Op o) { return emitFloatElementwise<Atan2, 2>(c, o); })
      .Case([&](math::CopySignOp o) {
        return emitFloatElementwise<CopySign, 2>(c, o);
      })
      .Case([&](math::FmaOp o) { return emitFloatElementwise<Fma, 3>(c, o); })
      .Case([&](math::ClampFOp o) {
        return emitFloatElementwise<ClampF, 3>(c, o);
      })
      .Case([&](math::FPowIOp o) { return emitFPowI(c, o); })
      .Case([&](math::SincosOp o) { return emitSincos(c, o); })
      .Case([&](math::IPowIOp o) {
        return emitElementwise(c, o, intElementwise<IPowI, 2>,
                               getIntWidth(o.getType()));
      })
      .Case([&](math::AbsIOp o) { return emitIntUnary<AbsI>(c, o); })
      .Case([&](math::CtPopOp o) { return emitIntUnary<CtPop>(c, o); })
      .Case(
          [&](math::CountLeadingZerosOp o) { return emitIntUnary<Ctlz>(c, o); })
      .Case([&](math::CountTrailingZerosOp o) {
        return emitIntUnary<Cttz>(c, o);
      })
      .Case([&](math::IsNaNOp o) { return emitClassify(c, o, 0); })
      .Case([&](math::IsInfOp o) { return emitClassify(c, o, 1); })
      .Case([&](math::IsFiniteOp o) { return emitClassify(c, o, 2); })
      .Case([&](math::IsNormalOp o) { return emitClassify(c, o, 3); })
      .Default([](Operation *) { return std::nullopt; });
}

//===- LowerMath.cpp - Every math op to instructions or f64 expansions ----===//
//
// convert-gpu-to-rocdl turns most math ops into calls of the ROCm device
// library (OCML), which wave-compile does not link (docs/MathAccuracy.md
// says why). This pass leaves no math op that would become such a call:
//
// * Ops the AMDGPU backend implements itself, from one instruction or its own
//   accurate sequence (floor, ceil, trunc, round, roundeven, fabs, copysign,
//   fma, sqrt, exp, exp2, log, log2, log10), become LLVM intrinsics; bf16
//   ones are computed in f32, f16 transcendentals too.
// * The other functions on f16, bf16 and f32 are expanded into arith ops on
//   f64 and rounded once to the result type: the kernels (LowerMath.h) keep a
//   relative error under 2^-44, so the result is the correctly rounded one
//   except within 2^-20 ULP of a rounding boundary. f16 and bf16 results are
//   rounded to odd in f32 first, which makes the two roundings one.
// * f64 takes the first group but the transcendentals as intrinsics; those
//   and the other functions are expanded in f64 with double-double steps
//   (MathF64.cpp), within 1.5 ULP. Any float op on another type is an
//   error at the op.
// * Under afn (wave-compile --fast-math), tanh, erf, log1p and expm1 take
//   MLIR's f32 polynomial approximations, sin, cos, sincos and tan an f32
//   reduction and series where |x| < 2^16, atan, atan2, asin and acos
//   their expansion in f32, and rsqrt 1 / sqrt(x) in f32 (v_sqrt_f32,
//   v_rcp_f32): within 4 ULP, a fraction of the instructions.
//
// docs/MathAccuracy.md lists each op's lowering and its measured error.
//
//===----------------------------------------------------------------------===//

#include "LowerMath.h"

#include "wave/Conversion/Passes.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

#include <array>
#include <cmath>
#include <limits>

namespace mlir::wave {
#define GEN_PASS_DEF_WAVELOWERMATH
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::lower_math;

namespace {

/// The float types this pass computes: f16, bf16, f32 and f64.
bool isHandledFloat(Type element) {
  return element.isF16() || element.isBF16() || element.isF32() ||
         element.isF64();
}

/// The backend's exp, exp2, log, log2 and log10 (LLVM intrinsics on f16,
/// bf16 and f32; on f64 it would call OCML, so they are expanded there).
bool isTranscendentalInstruction(Operation *op) {
  return isa<math::ExpOp, math::Exp2Op, math::LogOp, math::Log2Op,
             math::Log10Op>(op);
}
bool isExpanded(Operation *op) {
  return isa<math::SinOp, math::CosOp, math::TanOp, math::SincosOp,
             math::AsinOp, math::AcosOp, math::AtanOp, math::Atan2Op,
             math::SinhOp, math::CoshOp, math::TanhOp, math::AsinhOp,
             math::AcoshOp, math::AtanhOp, math::ErfOp, math::ErfcOp,
             math::ExpM1Op, math::Log1pOp, math::CbrtOp, math::PowFOp,
             math::FPowIOp, math::RsqrtOp>(op);
}

/// Whether the pass expands `op` on `element`: the functions the backend
/// has no sequence for, and on f64 its transcendental group too (which it
/// would call OCML for).
bool isExpandedOn(Operation *op, Type element) {
  return isExpanded(op) ||
         (element && element.isF64() && isTranscendentalInstruction(op));
}

/// Whether the op carries `afn` (wave-compile --fast-math).
bool allowsApproximation(Operation *op) {
  auto fastMath = dyn_cast<arith::ArithFastMathInterface>(op);
  arith::FastMathFlagsAttr flags =
      fastMath ? fastMath.getFastMathFlagsAttr() : nullptr;
  return flags &&
         arith::bitEnumContainsAll(flags.getValue(), arith::FastMathFlags::afn);
}

/// Rounds an f64 value to `element` (f32, f16 or bf16) once: f16 and bf16
/// through f32 rounded to odd, which keeps the second rounding exact.
Value roundFromF64(Emitter &e, Value value, Type element, Type shapeLike) {
  Type f32 = withElement(shapeLike, e.b.getF32Type());
  Value narrow = arith::TruncFOp::create(e.b, e.loc, f32, value);
  if (element.isF32())
    return narrow;
  Type i32 = withElement(shapeLike, e.b.getI32Type());
  Value back = arith::ExtFOp::create(e.b, e.loc, e.real, narrow);
  Value inexact = e.cmp(arith::CmpFPredicate::ONE, back, value);
  Value word = arith::BitcastOp::create(e.b, e.loc, i32, narrow);
  Value one = e.constant(i32, e.b.getI32IntegerAttr(1));
  Value even =
      arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::eq,
                            arith::AndIOp::create(e.b, e.loc, word, one),
                            e.constant(i32, e.b.getI32IntegerAttr(0)));
  Value away = e.cmp(arith::CmpFPredicate::OGT, e.abs(value), e.abs(back));
  Value adjusted = e.sel(away, arith::AddIOp::create(e.b, e.loc, word, one),
                         arith::SubIOp::create(e.b, e.loc, word, one));
  word = e.sel(e.andI(inexact, even), adjusted, word);
  Value odd = arith::BitcastOp::create(e.b, e.loc, f32, word);
  return arith::TruncFOp::create(e.b, e.loc, withElement(shapeLike, element),
                                 odd);
}

/// math.ipowi by squaring over every bit of the exponent; a negative
/// exponent gives 1 for a base of 1, +-1 for -1, and 0 otherwise (0 too for
/// a base of 0, where upstream's outlined function divides by zero).
Value expandIPowI(OpBuilder &b, math::IPowIOp op) {
  Location loc = op.getLoc();
  Type type = op.getType();
  Type element = getElementTypeOrSelf(type);
  // index is as wide as the kernels' i64 (the data layout of wave-compile).
  unsigned width = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  auto cst = [&](int64_t v) -> Value {
    auto attr = b.getIntegerAttr(getElementTypeOrSelf(type), v);
    if (auto shaped = dyn_cast<ShapedType>(type))
      return arith::ConstantOp::create(
          b, loc, cast<TypedAttr>(DenseElementsAttr::get(shaped, attr)));
    return arith::ConstantOp::create(b, loc, cast<TypedAttr>(attr));
  };
  Value zero = cst(0), one = cst(1), minusOne = cst(-1);
  Value lower = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper = arith::ConstantIndexOp::create(b, loc, width);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lower, upper, step, ValueRange{one, op.getLhs(), op.getRhs()},
      [&](OpBuilder &nested, Location nestedLoc, Value, ValueRange args) {
        Value result = args[0], base = args[1], exponent = args[2];
        Value bit = arith::CmpIOp::create(
            nested, nestedLoc, arith::CmpIPredicate::ne,
            arith::AndIOp::create(nested, nestedLoc, exponent, one), zero);
        Value product = arith::MulIOp::create(nested, nestedLoc, result, base);
        result =
            arith::SelectOp::create(nested, nestedLoc, bit, product, result);
        base = arith::MulIOp::create(nested, nestedLoc, base, base);
        exponent = arith::ShRUIOp::create(nested, nestedLoc, exponent, one);
        scf::YieldOp::create(nested, nestedLoc,
                             ValueRange{result, base, exponent});
      });
  Value power = loop.getResult(0);
  Value lhs = op.getLhs(), rhs = op.getRhs();
  Value oddExponent =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            arith::AndIOp::create(b, loc, rhs, one), zero);
  Value negativeResult = arith::SelectOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, one),
      one,
      arith::SelectOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs,
                                minusOne),
          arith::SelectOp::create(b, loc, oddExponent, minusOne, one), zero));
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rhs, zero);
  return arith::SelectOp::create(b, loc, negative, negativeResult, power);
}

/// sin, cos, sincos or tan of the scalar `x` under afn: in f32 where
/// |x| < 2^16 (Emitter::fastTrig), else (an scf.if, so only where a lane
/// needs it) the f64 expansion; f16 and bf16 results rounded from f32.
SmallVector<Value> fastTrigonometry(OpBuilder &b, Operation *op, Value x) {
  Location loc = op->getLoc();
  Type element = x.getType();
  Type f32 = b.getF32Type();
  Emitter e(b, loc, f32, f32);
  Value x32 = element.isF32() ? x : arith::ExtFOp::create(b, loc, f32, x);
  Value small =
      e.cmp(arith::CmpFPredicate::OLT, e.abs(x32), e.f(kFastTrigLimit));
  auto pick = [&](std::array<Value, 3> trig) -> SmallVector<Value> {
    if (isa<math::SinOp>(op))
      return {trig[0]};
    if (isa<math::CosOp>(op))
      return {trig[1]};
    if (isa<math::TanOp>(op))
      return {trig[2]};
    return {trig[0], trig[1]};
  };
  auto branch = scf::IfOp::create(
      b, loc, small,
      [&](OpBuilder &thenBuilder, Location thenLoc) {
        Emitter fast(thenBuilder, thenLoc, f32, f32);
        scf::YieldOp::create(thenBuilder, thenLoc, pick(fast.fastTrig(x32)));
      },
      [&](OpBuilder &elseBuilder, Location elseLoc) {
        Emitter accurate(elseBuilder, elseLoc, f32);
        Value wide =
            arith::ExtFOp::create(elseBuilder, elseLoc, accurate.real, x32);
        SmallVector<Value> values;
        if (isa<math::TanOp>(op)) {
          values.push_back(accurate.tan(wide));
        } else {
          auto [sinValue, cosValue] = accurate.sinCos(wide);
          values = pick({sinValue, cosValue, Value()});
        }
        for (Value &value : values)
          value = roundFromF64(accurate, value, f32, f32);
        scf::YieldOp::create(elseBuilder, elseLoc, values);
      });
  SmallVector<Value> results(branch.getResults());
  if (!element.isF32())
    for (Value &result : results)
      result = arith::TruncFOp::create(b, loc, element, result);
  return results;
}

/// atan, atan2, asin or acos of f16, bf16 or f32 scalars under afn: the f64
/// expansion's reductions and series evaluated in f32 (Emitter on f32).
SmallVector<Value> fastInverseTrigonometry(OpBuilder &b, Operation *op,
                                           ValueRange operands) {
  Location loc = op->getLoc();
  Type element = operands[0].getType();
  Type f32 = b.getF32Type();
  Emitter e(b, loc, f32, f32);
  auto arg = [&](unsigned i) -> Value {
    return element.isF32() ? operands[i]
                           : arith::ExtFOp::create(b, loc, f32, operands[i]);
  };
  Value result =
      llvm::TypeSwitch<Operation *, Value>(op)
          .Case([&](math::AtanOp) { return e.atan(arg(0)); })
          .Case([&](math::Atan2Op) { return e.atan2(arg(0), arg(1)); })
          .Case([&](math::AsinOp) { return e.asin(arg(0)); })
          .Case([&](math::AcosOp) { return e.acos(arg(0)); });
  if (!element.isF32())
    result = arith::TruncFOp::create(b, loc, element, result);
  return {result};
}

/// rsqrt of an f16, bf16 or f32 scalar under afn: 1 / sqrt(x) in f32 with
/// afn, which the backend emits as v_rsq_f32 (within 1 ULP, denormal inputs
/// scaled) instead of the f64 expansion's division.
Value fastRsqrt(OpBuilder &b, Location loc, Value x) {
  Type element = x.getType();
  Type f32 = b.getF32Type();
  auto afn =
      arith::FastMathFlagsAttr::get(b.getContext(), arith::FastMathFlags::afn);
  Value x32 = element.isF32() ? x : arith::ExtFOp::create(b, loc, f32, x);
  Value root = math::SqrtOp::create(b, loc, x32, afn);
  Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
  Value result = arith::DivFOp::create(b, loc, one, root, afn);
  return element.isF32() ? result
                         : arith::TruncFOp::create(b, loc, element, result);
}

/// Expands `op` (isExpandedOn) on scalars, `operands`: f16, bf16 and f32 in
/// f64 arith rounded once, f64 by MathF64.cpp; returns its results.
SmallVector<Value> expandScalars(OpBuilder &b, Operation *op,
                                 ValueRange operands) {
  Type shapeLike = operands[0].getType();
  Type element = shapeLike;
  if (element.isF64())
    return expandF64Scalars(b, op, operands);
  Emitter e(b, op->getLoc(), shapeLike);
  auto widen = [&](Value v) -> Value {
    return arith::ExtFOp::create(b, op->getLoc(), e.real, v);
  };
  auto arg = [&](unsigned i) { return widen(operands[i]); };
  auto powMagnitude = [&](Value ax, Value y) { return e.powMagnitude(ax, y); };
  if (isa<math::SinOp, math::CosOp, math::SincosOp, math::TanOp>(op) &&
      allowsApproximation(op))
    return fastTrigonometry(b, op, operands[0]);
  if (isa<math::AtanOp, math::Atan2Op, math::AsinOp, math::AcosOp>(op) &&
      allowsApproximation(op))
    return fastInverseTrigonometry(b, op, operands);
  if (isa<math::RsqrtOp>(op) && allowsApproximation(op))
    return {fastRsqrt(b, op->getLoc(), operands[0])};
  SmallVector<Value> results =
      llvm::TypeSwitch<Operation *, SmallVector<Value>>(op)
          .Case([&](math::SinOp) {
            return SmallVector<Value>{e.sinCos(arg(0)).first};
          })
          .Case([&](math::CosOp) {
            return SmallVector<Value>{e.sinCos(arg(0)).second};
          })
          .Case([&](math::SincosOp) {
            auto [s, c] = e.sinCos(arg(0));
            return SmallVector<Value>{s, c};
          })
          .Case([&](math::TanOp) { return SmallVector<Value>{e.tan(arg(0))}; })
          .Case(
              [&](math::AsinOp) { return SmallVector<Value>{e.asin(arg(0))}; })
          .Case(
              [&](math::AcosOp) { return SmallVector<Value>{e.acos(arg(0))}; })
          .Case(
              [&](math::AtanOp) { return SmallVector<Value>{e.atan(arg(0))}; })
          .Case([&](math::Atan2Op) {
            return SmallVector<Value>{e.atan2(arg(0), arg(1))};
          })
          .Case(
              [&](math::SinhOp) { return SmallVector<Value>{e.sinh(arg(0))}; })
          .Case(
              [&](math::CoshOp) { return SmallVector<Value>{e.cosh(arg(0))}; })
          .Case(
              [&](math::TanhOp) { return SmallVector<Value>{e.tanh(arg(0))}; })
          .Case([&](math::AsinhOp) {
            return SmallVector<Value>{e.asinh(arg(0))};
          })
          .Case([&](math::AcoshOp) {
            return SmallVector<Value>{e.acosh(arg(0))};
          })
          .Case([&](math::AtanhOp) {
            return SmallVector<Value>{e.atanh(arg(0))};
          })
          .Case([&](math::ErfOp) { return SmallVector<Value>{e.erf(arg(0))}; })
          .Case(
              [&](math::ErfcOp) { return SmallVector<Value>{e.erfc(arg(0))}; })
          .Case([&](math::ExpM1Op) {
            return SmallVector<Value>{e.expm1(arg(0))};
          })
          .Case([&](math::Log1pOp) {
            return SmallVector<Value>{e.log1p(arg(0))};
          })
          .Case(
              [&](math::CbrtOp) { return SmallVector<Value>{e.cbrt(arg(0))}; })
          .Case([&](math::PowFOp) {
            return SmallVector<Value>{e.powf(arg(0), arg(1), powMagnitude)};
          })
          .Case([&](math::FPowIOp) {
            return SmallVector<Value>{
                e.fpowi(arg(0), operands[1], powMagnitude)};
          })
          .Case([&](math::RsqrtOp) {
            return SmallVector<Value>{e.div(e.f(1.0), e.sqrt(arg(0)))};
          })
          .Default([](Operation *) { return SmallVector<Value>{}; });
  for (Value &result : results)
    result = roundFromF64(e, result, element, shapeLike);
  return results;
}

/// Expands `op` element by element: the chips have no vector f64 arithmetic
/// (the backend splits vectors anyway), and LLVM 22's AMDGPU instruction
/// selection crashes on some <1 x double> operations.
SmallVector<Value> expandInF64(OpBuilder &b, Operation *op) {
  auto vectorType = dyn_cast<VectorType>(op->getResult(0).getType());
  if (!vectorType)
    return expandScalars(b, op, op->getOperands());
  Location loc = op->getLoc();
  int64_t count = vectorType.getNumElements();
  SmallVector<Value> flat;
  for (Value operand : op->getOperands()) {
    auto type = cast<VectorType>(operand.getType());
    auto flatType = VectorType::get({count}, type.getElementType());
    flat.push_back(type.getRank() == 1 ? operand
                                       : vector::ShapeCastOp::create(
                                             b, loc, flatType, operand));
  }
  SmallVector<SmallVector<Value>> elements(op->getNumResults());
  for (int64_t i = 0; i < count; ++i) {
    SmallVector<Value> scalars;
    for (Value operand : flat)
      scalars.push_back(vector::ExtractOp::create(b, loc, operand, i));
    for (auto [k, result] : llvm::enumerate(expandScalars(b, op, scalars)))
      elements[k].push_back(result);
  }
  SmallVector<Value> results;
  for (auto [k, parts] : llvm::enumerate(elements)) {
    auto resultType = cast<VectorType>(op->getResult(k).getType());
    Value result = vector::FromElementsOp::create(
        b, loc, VectorType::get({count}, resultType.getElementType()), parts);
    if (resultType.getRank() != 1)
      result = vector::ShapeCastOp::create(b, loc, resultType, result);
    results.push_back(result);
  }
  return results;
}

/// Replaces an op the backend computes by its LLVM intrinsic, in f32 for
/// bf16 (and for f16 transcendentals, whose f16 instructions are less
/// accurate than a rounded f32 result).
LogicalResult lowerToIntrinsic(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  Type operandType = op->getOperand(0).getType();
  Type element = getElementTypeOrSelf(operandType);
  bool widen =
      element.isBF16() || (element.isF16() && isTranscendentalInstruction(op));
  Type computeType =
      widen ? withElement(operandType, b.getF32Type()) : operandType;
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(
        widen ? arith::ExtFOp::create(b, loc, computeType, operand) : operand);
  LLVM::FastmathFlagsAttr flags;
  if (auto fastMath = dyn_cast<arith::ArithFastMathInterface>(op))
    if (arith::FastMathFlagsAttr attr = fastMath.getFastMathFlagsAttr())
      flags = LLVM::FastmathFlagsAttr::get(
          b.getContext(),
          arith::convertArithFastMathFlagsToLLVM(attr.getValue()));
  auto create = [&](auto tag) -> Value {
    using OpTy = decltype(tag);
    auto created = OpTy::create(b, loc, computeType, operands);
    if (flags)
      created->setAttr(created.getFastmathAttrName(), flags);
    return created;
  };
  // convert-gpu-to-rocdl turns llvm.intr.floor, ceil, exp, exp2, log, log2
  // and log10 into OCML calls (f32 exp and log excepted); a generic
  // intrinsic call is left alone and translates to the same intrinsic.
  auto call = [&](StringRef name) -> Value {
    return LLVM::CallIntrinsicOp::create(
               b, loc, TypeRange{computeType}, b.getStringAttr(name), operands,
               flags ? flags
                     : LLVM::FastmathFlagsAttr::get(b.getContext(),
                                                    LLVM::FastmathFlags::none))
        .getResult(0);
  };
  auto classify = [&](int32_t mask) -> Value {
    return LLVM::IsFPClass::create(b, loc, op->getResult(0).getType(),
                                   operands[0], mask);
  };
  // llvm.is.fpclass masks: nan 3, inf 4|512, finite 8..256, normal 8|256.
  Value result =
      llvm::TypeSwitch<Operation *, Value>(op)
          .Case([&](math::AbsFOp) { return create(LLVM::FAbsOp()); })
          .Case([&](math::CopySignOp) { return create(LLVM::CopySignOp()); })
          .Case([&](math::FmaOp) { return create(LLVM::FMAOp()); })
          .Case([&](math::SqrtOp) { return create(LLVM::SqrtOp()); })
          .Case([&](math::FloorOp) { return call("llvm.floor"); })
          .Case([&](math::CeilOp) { return call("llvm.ceil"); })
          .Case([&](math::TruncOp) { return create(LLVM::FTruncOp()); })
          .Case([&](math::RoundOp) { return create(LLVM::RoundOp()); })
          .Case([&](math::RoundEvenOp) { return create(LLVM::RoundEvenOp()); })
          .Case([&](math::ExpOp) { return call("llvm.exp"); })
          .Case([&](math::Exp2Op) { return call("llvm.exp2"); })
          .Case([&](math::LogOp) { return call("llvm.log"); })
          .Case([&](math::Log2Op) { return call("llvm.log2"); })
          .Case([&](math::Log10Op) { return call("llvm.log10"); })
          .Case([&](math::ClampFOp clamp) -> Value {
            // The op's definition: maximumf(minimumf(value, min), max), as
            // upstream's expansion reads it.
            Value low =
                arith::MinimumFOp::create(b, loc, operands[0], operands[1]);
            return arith::MaximumFOp::create(b, loc, low, operands[2]);
          })
          .Case([&](math::IsNaNOp) { return classify(3); })
          .Case([&](math::IsInfOp) { return classify(4 | 512); })
          .Case([&](math::IsFiniteOp) { return classify(504); })
          .Case([&](math::IsNormalOp) { return classify(8 | 256); })
          .Default([](Operation *) { return Value(); });
  if (!result)
    return failure();
  if (widen && isa<FloatType>(getElementTypeOrSelf(result.getType())))
    result =
        arith::TruncFOp::create(b, loc, op->getResult(0).getType(), result);
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
  return success();
}

/// The ops that, under `afn`, take MLIR's f32 polynomial approximations
/// instead of the f64 expansions: the ones whose approximation stays within
/// a few ULP over the whole f32 range (bench/math_accuracy.py --fast-math;
/// MLIR's sin, cos, atan2, cbrt and erfc approximations lose the result for
/// large or denormal arguments, and its atan is off by 40 ULP).
bool isApproximatedUnderAfn(Operation *op) {
  if (!isa<math::TanhOp, math::ErfOp, math::Log1pOp, math::ExpM1Op>(op))
    return false;
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  return allowsApproximation(op) &&
         (element.isF32() || element.isF16() || element.isBF16());
}

/// Rewrites `ops` (isApproximatedUnderAfn) with MLIR's f32 polynomial
/// approximations, f16 and bf16 through f32.
LogicalResult approximate(MLIRContext *context, ArrayRef<Operation *> ops) {
  auto approximated = [](StringRef name) {
    return llvm::is_contained(
        {math::TanhOp::getOperationName(), math::ErfOp::getOperationName(),
         math::Log1pOp::getOperationName(), math::ExpM1Op::getOperationName()},
        name);
  };
  RewritePatternSet patterns(context);
  populateMathF32ExpansionPatterns(patterns, approximated);
  populateMathPolynomialApproximationPatterns(patterns, approximated);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  return applyOpPatternsGreedily(ops, std::move(patterns), config);
}

/// The float element type an op computes on, or null for integer ops.
Type getFloatElement(Operation *op) {
  for (Value operand : op->getOperands())
    if (auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(operand)))
      return floatType;
  return {};
}

struct LowerMathPass : public wave::impl::WaveLowerMathBase<LowerMathPass> {
  using Base::Base;

  /// Checks that `op` can be lowered for its type; emits the error if not.
  LogicalResult check(Operation *op) {
    for (Type type : op->getOperandTypes()) {
      auto vector = dyn_cast<VectorType>(type);
      if ((vector && vector.isScalable()) ||
          (!vector && !type.isIntOrIndexOrFloat()))
        return op->emitError() << "wave-lower-math lowers math ops on scalars "
                                  "and fixed-size vectors, not "
                               << type;
    }
    Type element = getFloatElement(op);
    if (!element)
      return success();
    if (!isHandledFloat(element))
      return op->emitError()
             << "'" << op->getName() << "' on " << element
             << " cannot be compiled: wave-lower-math computes math ops on "
                "f16, bf16, f32 and f64 only";
    return success();
  }

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()))
        ops.push_back(op);
    });
    bool failed = false;
    for (Operation *op : ops)
      failed |= mlir::failed(check(op));
    if (failed)
      return signalPassFailure();

    SmallVector<Operation *> fast;
    for (Operation *op : ops)
      if (isApproximatedUnderAfn(op))
        fast.push_back(op);
    if (!fast.empty()) {
      numApproximated = fast.size();
      // MLIR's erf approximation gives erf(-0) = +0: the sign goes back on.
      for (Operation *op : fast) {
        if (!isa<math::ErfOp>(op))
          continue;
        OpBuilder after(op->getContext());
        after.setInsertionPointAfter(op);
        Value result = op->getResult(0);
        Value withSign = math::CopySignOp::create(after, op->getLoc(), result,
                                                  op->getOperand(0));
        result.replaceAllUsesExcept(withSign, withSign.getDefiningOp());
      }
      if (mlir::failed(approximate(&getContext(), fast)))
        return signalPassFailure();
      ops.clear();
      getOperation().walk([&](Operation *op) {
        if (isa<math::MathDialect>(op->getDialect()))
          ops.push_back(op);
      });
    }

    OpBuilder builder(&getContext());
    for (Operation *op : ops) {
      builder.setInsertionPoint(op);
      if (auto ipowi = dyn_cast<math::IPowIOp>(op)) {
        op->getResult(0).replaceAllUsesWith(expandIPowI(builder, ipowi));
        op->erase();
        ++numExpanded;
        continue;
      }
      if (!isExpandedOn(op, getFloatElement(op)))
        continue;
      SmallVector<Value> results = expandInF64(builder, op);
      op->replaceAllUsesWith(results);
      op->erase();
      ++numExpanded;
    }
    if (!intrinsics)
      return;
    // The ops left, the user's and those the expansions made, to the
    // backend's instructions; integer ops stay for convert-gpu-to-rocdl.
    SmallVector<Operation *> left;
    getOperation().walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()) && getFloatElement(op))
        left.push_back(op);
    });
    for (Operation *op : left) {
      builder.setInsertionPoint(op);
      if (mlir::succeeded(lowerToIntrinsic(builder, op)))
        ++numIntrinsics;
    }
  }
};

} // namespace

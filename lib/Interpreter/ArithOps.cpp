//===- ArithOps.cpp - arith dialect
//-----------------------------------------===//

#include "Combine.h"
#include "Elementwise.h"
#include "wave/Dialect/Wave/IR/ApproximateMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

LogicalResult mlir::wave::interp::checkModelledTypes(Operation *op) {
  for (Type type :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
    if (!isModelledType(type))
      return op->emitError()
             << "the interpreter does not model values of type " << type;
  return success();
}

LogicalResult mlir::wave::interp::emitElementwise(Compiler &c, Operation *op,
                                                  Handler fn, uint32_t aux,
                                                  uint64_t imm) {
  if (failed(checkModelledTypes(op)))
    return failure();
  SmallVector<uint32_t, 3> srcs;
  for (Value operand : op->getOperands())
    srcs.push_back(c.use(operand));
  Value result = op->getResult(0);
  c.emit(op, fn, c.define(result), srcs, Compiler::rowsOf(result.getType()),
         aux, imm);
  return success();
}

//===----------------------------------------------------------------------===//
// Floats
//===----------------------------------------------------------------------===//

namespace {
struct AddF {
  static double apply(double a, double b) { return a + b; }
};
struct SubF {
  static double apply(double a, double b) { return a - b; }
};
struct MulF {
  static double apply(double a, double b) { return a * b; }
};
struct DivF {
  static double apply(double a, double b) { return a / b; }
};
/// a / b under afn on f32 (wave-lower-approximate-math): a times v_rcp_f32
/// of b, the reciprocal rounded to f32 (and flushed) before the multiply.
/// The hardware's reciprocal is within 1 ULP; this one is correctly rounded.
struct ApproximateDivF {
  static double apply(double a, double b) {
    if (std::fabs(b) < 0x1p-126)
      b = std::copysign(0.0, b); // v_rcp_f32 flushes denormal inputs.
    return a * flushF32Denormal(float(1.0 / b));
  }
};
struct RemF {
  static double apply(double a, double b) { return std::fmod(a, b); }
};
struct NegF {
  static double apply(double a) { return -a; }
};
template <Combiner C> struct CombineF {
  static double apply(double a, double b) {
    // Min/max never round: any kind gives the same answer.
    return combine(C, ElementKind::F64, floatSlot(a), floatSlot(b)).f;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Integers
//===----------------------------------------------------------------------===//

namespace {
struct AddI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) { return a + b; }
};
struct SubI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) { return a - b; }
};
struct MulI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) { return a * b; }
};
struct AndI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) { return a & b; }
};
struct OrI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) { return a | b; }
};
struct XOrI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) { return a ^ b; }
};
// A shift by the width or more is poison; zero is as good as any value.
struct ShlI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned bits) {
    return b >= bits ? 0 : a << b;
  }
};
struct ShrUI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned bits) {
    return b >= bits ? 0 : a >> b;
  }
};
struct ShrSI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned bits) {
    return b >= bits ? 0 : uint64_t(signExtend(a, bits) >> b);
  }
};
struct MaxSI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned bits) {
    return signExtend(a, bits) >= signExtend(b, bits) ? a : b;
  }
};
struct MinSI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned bits) {
    return signExtend(a, bits) <= signExtend(b, bits) ? a : b;
  }
};
struct MaxUI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) {
    return std::max(a, b);
  }
};
struct MinUI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) {
    return std::min(a, b);
  }
};

// Divisions see a non-zero divisor. Signed ones work on sign-extended
// values; INT_MIN / -1 wraps (it is poison in arith).
struct DivSI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned bits) {
    int64_t x = signExtend(a, bits), y = signExtend(b, bits);
    return y == -1 ? 0 - uint64_t(x) : uint64_t(x / y);
  }
};
struct RemSI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned bits) {
    int64_t x = signExtend(a, bits), y = signExtend(b, bits);
    return y == -1 ? 0 : uint64_t(x % y);
  }
};
struct FloorDivSI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned bits) {
    int64_t x = signExtend(a, bits), y = signExtend(b, bits);
    if (y == -1)
      return 0 - uint64_t(x);
    int64_t q = x / y;
    return uint64_t((x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q);
  }
};
struct CeilDivSI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned bits) {
    int64_t x = signExtend(a, bits), y = signExtend(b, bits);
    if (y == -1)
      return 0 - uint64_t(x);
    int64_t q = x / y;
    return uint64_t((x % y != 0 && ((x < 0) == (y < 0))) ? q + 1 : q);
  }
};
struct DivUI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) { return a / b; }
};
struct RemUI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) { return a % b; }
};
struct CeilDivUI {
  static uint64_t apply(uint64_t a, uint64_t b, unsigned) {
    return a / b + (a % b != 0);
  }
};
} // namespace

/// Integer division: a zero divisor on an active lane is an error (it is
/// undefined behaviour); inactive lanes produce 0.
template <typename Fn> static Status intDivision(Wave &w, const Instr &instr) {
  Slot *d = w.reg(instr.dst);
  const Slot *a = w.reg(instr.src[0]);
  const Slot *b = w.reg(instr.src[1]);
  unsigned bits = instr.aux;
  uint64_t mask = widthMask(bits);
  unsigned width = w.width;
  for (uint32_t r = 0; r < instr.rows; ++r) {
    for (unsigned l = 0; l < width; ++l) {
      size_t k = r * width + l;
      if (!w.isActive(l)) {
        d[k].u = 0;
        continue;
      }
      if (b[k].u == 0) {
        w.emitError(instr) << "integer division by zero in "
                           << w.describeLane(l);
        return Status::Error;
      }
      d[k].u = Fn::apply(a[k].u, b[k].u, bits) & mask;
    }
  }
  return Status::Next;
}

template <typename Fn>
static LogicalResult emitInt(Compiler &c, Operation *op) {
  return emitElementwise(c, op, intElementwise<Fn, 2>,
                         getIntWidth(op->getResult(0).getType()));
}

template <typename Fn>
static LogicalResult emitDivision(Compiler &c, Operation *op) {
  return emitElementwise(c, op, intDivision<Fn>,
                         getIntWidth(op->getResult(0).getType()));
}

//===----------------------------------------------------------------------===//
// Comparisons and select
//===----------------------------------------------------------------------===//

/// Runs `pred(a, b)` over all rows and lanes into an i1 register.
template <typename Pred>
static void compareAll(Wave &w, const Instr &instr, Pred pred) {
  Slot *d = w.reg(instr.dst);
  const Slot *a = w.reg(instr.src[0]);
  const Slot *b = w.reg(instr.src[1]);
  size_t n = size_t(instr.rows) * w.width;
  for (size_t k = 0; k < n; ++k)
    d[k].u = pred(a[k], b[k]);
}

static Status cmpI(Wave &w, const Instr &instr) {
  unsigned bits = instr.aux;
  auto s = [bits](Slot x) { return signExtend(x.u, bits); };
  using P = arith::CmpIPredicate;
  switch (P(instr.imm)) {
  case P::eq:
    compareAll(w, instr, [](Slot x, Slot y) { return x.u == y.u; });
    break;
  case P::ne:
    compareAll(w, instr, [](Slot x, Slot y) { return x.u != y.u; });
    break;
  case P::slt:
    compareAll(w, instr, [&](Slot x, Slot y) { return s(x) < s(y); });
    break;
  case P::sle:
    compareAll(w, instr, [&](Slot x, Slot y) { return s(x) <= s(y); });
    break;
  case P::sgt:
    compareAll(w, instr, [&](Slot x, Slot y) { return s(x) > s(y); });
    break;
  case P::sge:
    compareAll(w, instr, [&](Slot x, Slot y) { return s(x) >= s(y); });
    break;
  case P::ult:
    compareAll(w, instr, [](Slot x, Slot y) { return x.u < y.u; });
    break;
  case P::ule:
    compareAll(w, instr, [](Slot x, Slot y) { return x.u <= y.u; });
    break;
  case P::ugt:
    compareAll(w, instr, [](Slot x, Slot y) { return x.u > y.u; });
    break;
  case P::uge:
    compareAll(w, instr, [](Slot x, Slot y) { return x.u >= y.u; });
    break;
  }
  return Status::Next;
}

static Status cmpF(Wave &w, const Instr &instr) {
  using P = arith::CmpFPredicate;
  auto unordered = [](double x, double y) {
    return std::isnan(x) || std::isnan(y);
  };
  auto cmp = [&](auto pred, bool whenUnordered) {
    compareAll(w, instr, [&](Slot x, Slot y) {
      return unordered(x.f, y.f) ? whenUnordered : pred(x.f, y.f);
    });
  };
  switch (P(instr.imm)) {
  case P::AlwaysFalse:
    cmp([](double, double) { return false; }, false);
    break;
  case P::AlwaysTrue:
    cmp([](double, double) { return true; }, true);
    break;
  case P::OEQ:
  case P::UEQ:
    cmp([](double x, double y) { return x == y; }, P(instr.imm) == P::UEQ);
    break;
  case P::OGT:
  case P::UGT:
    cmp([](double x, double y) { return x > y; }, P(instr.imm) == P::UGT);
    break;
  case P::OGE:
  case P::UGE:
    cmp([](double x, double y) { return x >= y; }, P(instr.imm) == P::UGE);
    break;
  case P::OLT:
  case P::ULT:
    cmp([](double x, double y) { return x < y; }, P(instr.imm) == P::ULT);
    break;
  case P::OLE:
  case P::ULE:
    cmp([](double x, double y) { return x <= y; }, P(instr.imm) == P::ULE);
    break;
  case P::ONE:
  case P::UNE:
    cmp([](double x, double y) { return x != y; }, P(instr.imm) == P::UNE);
    break;
  case P::ORD:
    cmp([](double, double) { return true; }, false);
    break;
  case P::UNO:
    cmp([](double, double) { return false; }, true);
    break;
  }
  return Status::Next;
}

/// dst = cond ? src1 : src2; `imm` set when a scalar condition selects whole
/// vectors.
static Status select(Wave &w, const Instr &instr) {
  Slot *d = w.reg(instr.dst);
  const Slot *cond = w.reg(instr.src[0]);
  const Slot *t = w.reg(instr.src[1]);
  const Slot *f = w.reg(instr.src[2]);
  unsigned width = w.width;
  size_t n = size_t(instr.rows) * width;
  for (size_t k = 0; k < n; ++k)
    d[k] = cond[instr.imm ? k % width : k].u ? t[k] : f[k];
  return Status::Next;
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

namespace {
enum class Conversion : uint8_t {
  SignExtend, // extsi, index_cast widening
  ZeroExtendOrTruncate,
  SIToFP,
  UIToFP,
  FPToSI,
  FPToUI,
  FloatToFloat,
  Bitcast
};
} // namespace

/// Rounds toward zero and clamps to the destination's range (out-of-range
/// conversions are poison).
static uint64_t floatToInt(double x, unsigned bits, bool isSigned) {
  if (std::isnan(x))
    return 0;
  x = std::trunc(x);
  if (isSigned) {
    double lo = -std::ldexp(1.0, bits - 1), hi = std::ldexp(1.0, bits - 1);
    if (x <= lo)
      return uint64_t(int64_t(lo)) & widthMask(bits);
    if (x >= hi)
      return widthMask(bits) >> 1;
    return uint64_t(int64_t(x)) & widthMask(bits);
  }
  if (x <= 0)
    return 0;
  if (x >= std::ldexp(1.0, bits))
    return widthMask(bits);
  return uint64_t(x);
}

/// `aux` = source kind | destination kind << 8; `imm` = the conversion.
static Status convert(Wave &w, const Instr &instr) {
  auto from = ElementKind(instr.aux & 0xff);
  auto to = ElementKind(instr.aux >> 8);
  unsigned fromBits = getBitWidth(from), toBits = getBitWidth(to);
  uint64_t toMask = widthMask(toBits);
  Slot *d = w.reg(instr.dst);
  const Slot *a = w.reg(instr.src[0]);
  size_t n = size_t(instr.rows) * w.width;
  auto run = [&](auto fn) {
    for (size_t k = 0; k < n; ++k)
      d[k] = fn(a[k]);
  };
  switch (Conversion(instr.imm)) {
  case Conversion::SignExtend:
    run([&](Slot s) {
      return intSlot(uint64_t(signExtend(s.u, fromBits)) & toMask);
    });
    break;
  case Conversion::ZeroExtendOrTruncate:
    run([&](Slot s) { return intSlot(s.u & toMask); });
    break;
  case Conversion::SIToFP:
    run([&](Slot s) {
      return floatSlot(roundFloat(to, double(signExtend(s.u, fromBits))));
    });
    break;
  case Conversion::UIToFP:
    run([&](Slot s) { return floatSlot(roundFloat(to, double(s.u))); });
    break;
  case Conversion::FPToSI:
    run([&](Slot s) { return intSlot(floatToInt(s.f, toBits, true)); });
    break;
  case Conversion::FPToUI:
    run([&](Slot s) { return intSlot(floatToInt(s.f, toBits, false)); });
    break;
  case Conversion::FloatToFloat:
    run([&](Slot s) { return floatSlot(roundFloat(to, s.f)); });
    break;
  case Conversion::Bitcast:
    run([&](Slot s) { return slotFromBits(to, slotToBits(from, s)); });
    break;
  }
  return Status::Next;
}

static LogicalResult emitConversion(Compiler &c, Operation *op,
                                    Conversion conversion) {
  if (failed(checkModelledTypes(op)))
    return failure();
  ElementKind from = getKindOf(op->getOperand(0).getType());
  ElementKind to = getKindOf(op->getResult(0).getType());
  return emitElementwise(c, op, convert, uint32_t(from) | (uint32_t(to) << 8),
                         uint64_t(conversion));
}

/// index_cast: sign-extends when widening, truncates otherwise.
static Conversion indexCastKind(Operation *op) {
  return getIntWidth(op->getResult(0).getType()) >
                 getIntWidth(op->getOperand(0).getType())
             ? Conversion::SignExtend
             : Conversion::ZeroExtendOrTruncate;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

static std::optional<Slot> slotFromAttr(Attribute attr, ElementKind kind) {
  if (auto intAttr = dyn_cast<IntegerAttr>(attr))
    return intSlot(intAttr.getValue().getZExtValue());
  if (auto floatAttr = dyn_cast<FloatAttr>(attr)) {
    APFloat value = floatAttr.getValue();
    bool losesInfo;
    value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    return floatSlot(roundFloat(kind, value.convertToDouble()));
  }
  return std::nullopt;
}

static LogicalResult compileConstant(Compiler &c, arith::ConstantOp op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  ElementKind kind = getKindOf(op.getType());
  RegisterInit init;
  init.reg = c.define(op.getResult());
  Attribute value = op.getValue();
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    for (Attribute element : dense.getValues<Attribute>())
      init.rows.push_back(*slotFromAttr(element, kind));
  } else if (std::optional<Slot> slot = slotFromAttr(value, kind)) {
    init.rows.push_back(*slot);
  } else {
    return op.emitError("the interpreter does not model this constant");
  }
  c.program.inits.push_back(std::move(init));
  return success();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

std::optional<LogicalResult> mlir::wave::interp::compileArithOp(Compiler &c,
                                                                Operation *op) {
  using R = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](arith::ConstantOp o) { return compileConstant(c, o); })
      .Case(
          [&](arith::AddFOp o) { return emitFloatElementwise<AddF, 2>(c, o); })
      .Case(
          [&](arith::SubFOp o) { return emitFloatElementwise<SubF, 2>(c, o); })
      .Case(
          [&](arith::MulFOp o) { return emitFloatElementwise<MulF, 2>(c, o); })
      .Case([&](arith::DivFOp o) {
        return approximatesF32(o)
                   ? emitFloatElementwise<ApproximateDivF, 2>(c, o)
                   : emitFloatElementwise<DivF, 2>(c, o);
      })
      .Case(
          [&](arith::RemFOp o) { return emitFloatElementwise<RemF, 2>(c, o); })
      .Case(
          [&](arith::NegFOp o) { return emitFloatElementwise<NegF, 1>(c, o); })
      .Case([&](arith::MaximumFOp o) {
        return emitFloatElementwise<CombineF<Combiner::MaximumF>, 2>(c, o);
      })
      .Case([&](arith::MinimumFOp o) {
        return emitFloatElementwise<CombineF<Combiner::MinimumF>, 2>(c, o);
      })
      .Case([&](arith::MaxNumFOp o) {
        return emitFloatElementwise<CombineF<Combiner::MaxNumF>, 2>(c, o);
      })
      .Case([&](arith::MinNumFOp o) {
        return emitFloatElementwise<CombineF<Combiner::MinNumF>, 2>(c, o);
      })
      .Case([&](arith::AddIOp o) { return emitInt<AddI>(c, o); })
      .Case([&](arith::SubIOp o) { return emitInt<SubI>(c, o); })
      .Case([&](arith::MulIOp o) { return emitInt<MulI>(c, o); })
      .Case([&](arith::AndIOp o) { return emitInt<AndI>(c, o); })
      .Case([&](arith::OrIOp o) { return emitInt<OrI>(c, o); })
      .Case([&](arith::XOrIOp o) { return emitInt<XOrI>(c, o); })
      .Case([&](arith::ShLIOp o) { return emitInt<ShlI>(c, o); })
      .Case([&](arith::ShRUIOp o) { return emitInt<ShrUI>(c, o); })
      .Case([&](arith::ShRSIOp o) { return emitInt<ShrSI>(c, o); })
      .Case([&](arith::MaxSIOp o) { return emitInt<MaxSI>(c, o); })
      .Case([&](arith::MinSIOp o) { return emitInt<MinSI>(c, o); })
      .Case([&](arith::MaxUIOp o) { return emitInt<MaxUI>(c, o); })
      .Case([&](arith::MinUIOp o) { return emitInt<MinUI>(c, o); })
      .Case([&](arith::DivSIOp o) { return emitDivision<DivSI>(c, o); })
      .Case([&](arith::DivUIOp o) { return emitDivision<DivUI>(c, o); })
      .Case([&](arith::RemSIOp o) { return emitDivision<RemSI>(c, o); })
      .Case([&](arith::RemUIOp o) { return emitDivision<RemUI>(c, o); })
      .Case(
          [&](arith::FloorDivSIOp o) { return emitDivision<FloorDivSI>(c, o); })
      .Case([&](arith::CeilDivSIOp o) { return emitDivision<CeilDivSI>(c, o); })
      .Case([&](arith::CeilDivUIOp o) { return emitDivision<CeilDivUI>(c, o); })
      .Case([&](arith::CmpIOp o) {
        return emitElementwise(c, o, cmpI, getIntWidth(o.getLhs().getType()),
                               uint64_t(o.getPredicate()));
      })
      .Case([&](arith::CmpFOp o) {
        return emitElementwise(c, o, cmpF, 0, uint64_t(o.getPredicate()));
      })
      .Case([&](arith::SelectOp o) {
        bool broadcast = !isa<VectorType>(o.getCondition().getType()) &&
                         isa<VectorType>(o.getType());
        return emitElementwise(c, o, select, 0, broadcast);
      })
      .Case([&](arith::ExtSIOp o) {
        return emitConversion(c, o, Conversion::SignExtend);
      })
      .Case<arith::ExtUIOp, arith::TruncIOp, arith::IndexCastUIOp>(
          [&](Operation *o) {
            return emitConversion(c, o, Conversion::ZeroExtendOrTruncate);
          })
      .Case([&](arith::IndexCastOp o) {
        return emitConversion(c, o, indexCastKind(o));
      })
      .Case([&](arith::SIToFPOp o) {
        return emitConversion(c, o, Conversion::SIToFP);
      })
      .Case([&](arith::UIToFPOp o) {
        return emitConversion(c, o, Conversion::UIToFP);
      })
      .Case([&](arith::FPToSIOp o) {
        return emitConversion(c, o, Conversion::FPToSI);
      })
      .Case([&](arith::FPToUIOp o) {
        return emitConversion(c, o, Conversion::FPToUI);
      })
      .Case<arith::ExtFOp, arith::TruncFOp>([&](Operation *o) {
        return emitConversion(c, o, Conversion::FloatToFloat);
      })
      .Case([&](arith::BitcastOp o) {
        return emitConversion(c, o, Conversion::Bitcast);
      })
      .Default([](Operation *) { return std::nullopt; });
}

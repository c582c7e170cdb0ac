//===- LaneValues.cpp - Integer values computed in every lane -------------===//

#include "LaneValues.h"

#include "KernelSizes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

/// Largest workgroup evaluated (the hardware limit on AMDGPU).
static constexpr int64_t kMaxLanes = 1024;
/// Longest chain of ops followed back from a value.
static constexpr unsigned kMaxDepth = 32;

/// Values every integer type of 32 bits or more, and `index`, read alike
/// whether signed or unsigned ops use them, once unsigned ops reject
/// negative operands.
static bool fitsEveryWidth(int64_t x) {
  return x >= INT32_MIN && x <= INT32_MAX;
}

/// The types the evaluator handles: `i1` (holding 0 or 1), `index` and
/// integers of 32 bits or more.
static bool isEvaluableType(Type type) {
  if (type.isIndex())
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  return integer && (integer.getWidth() == 1 || integer.getWidth() >= 32);
}

/// `lhs op rhs` for one lane, or none when the op is unknown or its result
/// is not defined (division by zero, an unsigned op on a negative value, a
/// shift out of range).
static std::optional<int64_t> applyBinary(Operation *op, int64_t lhs,
                                          int64_t rhs) {
  bool isUnsigned = isa<arith::DivUIOp, arith::RemUIOp, arith::ShRUIOp,
                        arith::MinUIOp, arith::MaxUIOp>(op);
  if (isUnsigned && (lhs < 0 || rhs < 0))
    return std::nullopt;
  if (isa<arith::DivUIOp, arith::DivSIOp, arith::RemUIOp, arith::RemSIOp,
          arith::FloorDivSIOp, arith::CeilDivSIOp>(op) &&
      rhs == 0)
    return std::nullopt;
  if (isa<arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(op) &&
      (rhs < 0 || rhs > 31 || (isa<arith::ShLIOp>(op) && lhs < 0)))
    return std::nullopt;
  return llvm::TypeSwitch<Operation *, std::optional<int64_t>>(op)
      .Case([&](arith::AddIOp) { return lhs + rhs; })
      .Case([&](arith::SubIOp) { return lhs - rhs; })
      .Case([&](arith::MulIOp) { return lhs * rhs; })
      .Case<arith::DivUIOp, arith::DivSIOp>([&](auto) { return lhs / rhs; })
      .Case<arith::RemUIOp, arith::RemSIOp>([&](auto) { return lhs % rhs; })
      .Case([&](arith::FloorDivSIOp) {
        return llvm::divideFloorSigned(lhs, rhs);
      })
      .Case(
          [&](arith::CeilDivSIOp) { return llvm::divideCeilSigned(lhs, rhs); })
      .Case([&](arith::AndIOp) { return lhs & rhs; })
      .Case([&](arith::OrIOp) { return lhs | rhs; })
      .Case([&](arith::XOrIOp) { return lhs ^ rhs; })
      .Case([&](arith::ShLIOp) { return lhs << rhs; })
      .Case<arith::ShRUIOp, arith::ShRSIOp>([&](auto) { return lhs >> rhs; })
      .Case<arith::MinSIOp, arith::MinUIOp>(
          [&](auto) { return std::min(lhs, rhs); })
      .Case<arith::MaxSIOp, arith::MaxUIOp>(
          [&](auto) { return std::max(lhs, rhs); })
      .Case([&](arith::CmpIOp cmp) -> std::optional<int64_t> {
        switch (cmp.getPredicate()) {
        case arith::CmpIPredicate::eq:
          return lhs == rhs;
        case arith::CmpIPredicate::ne:
          return lhs != rhs;
        case arith::CmpIPredicate::slt:
        case arith::CmpIPredicate::ult:
          return lhs < rhs;
        case arith::CmpIPredicate::sle:
        case arith::CmpIPredicate::ule:
          return lhs <= rhs;
        case arith::CmpIPredicate::sgt:
        case arith::CmpIPredicate::ugt:
          return lhs > rhs;
        case arith::CmpIPredicate::sge:
        case arith::CmpIPredicate::uge:
          return lhs >= rhs;
        }
        return std::nullopt;
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// Unsigned comparisons need non-negative operands, like unsigned ops.
static bool isUnsignedCompare(Operation *op) {
  auto cmp = dyn_cast<arith::CmpIOp>(op);
  if (!cmp)
    return false;
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::ule:
  case arith::CmpIPredicate::ugt:
  case arith::CmpIPredicate::uge:
    return true;
  default:
    return false;
  }
}

/// The sentence `isWaveInvariant` gives when a bound stopped it.
static std::string describeLimit(Value value, const Twine &why) {
  std::string name = value.getDefiningOp()
                         ? value.getDefiningOp()->getName().getStringRef().str()
                         : "a block argument";
  return ("lane values of '" + name + "' not enumerated: " + why +
          "; treated as divergent")
      .str();
}

bool LaneValueEvaluator::isWaveInvariant(Value value, std::string *limit) {
  KernelSizes sizes = KernelSizes::of(value.getParentRegion()->getParentOp());
  // Without them there are no waves to compare lanes within.
  if (!sizes.workgroupSize || !sizes.waveSize)
    return false;
  const std::array<int64_t, 3> &extents = *sizes.workgroupSize;
  int64_t numLanes = extents[0] * extents[1] * extents[2];
  // The verifier keeps a #wave.kernel workgroup (the only one with a wave
  // size) within the bound; this guards kernels not verified.
  if (numLanes > kMaxLanes) {
    if (limit)
      *limit =
          describeLimit(value, Twine(numLanes) + " lanes exceed the bound of " +
                                   Twine(kMaxLanes));
    return false;
  }
  depthExceeded = false;
  std::optional<LaneValues> lanes = evaluate(value, 0);
  if (!lanes) {
    if (limit && depthExceeded)
      *limit = describeLimit(value, "its expression is more than " +
                                        Twine(kMaxDepth) + " ops deep");
    return false;
  }
  int64_t waveSize = *sizes.waveSize;
  for (int64_t lane = 0, e = lanes->size(); lane < e; ++lane)
    if (lane % waveSize != 0 && (*lanes)[lane] != (*lanes)[lane - 1])
      return false;
  return true;
}

std::optional<LaneValueEvaluator::LaneValues>
LaneValueEvaluator::evaluate(Value value, unsigned depth) {
  auto it = cache.find(value);
  if (it != cache.end() &&
      (!it->second.limitedAt || depth >= *it->second.limitedAt)) {
    depthExceeded |= it->second.limitedAt.has_value();
    return it->second.lanes;
  }
  bool outer = depthExceeded;
  depthExceeded = false;
  std::optional<LaneValues> result = evaluateUncached(value, depth);
  std::optional<unsigned> limitedAt;
  if (!result && depthExceeded)
    limitedAt = depth;
  cache[value] = Entry{result, limitedAt};
  depthExceeded |= outer;
  return result;
}

std::optional<LaneValueEvaluator::LaneValues>
LaneValueEvaluator::evaluateUncached(Value value, unsigned depth) {
  if (!isEvaluableType(value.getType()))
    return std::nullopt;
  if (depth > kMaxDepth) {
    depthExceeded = true;
    return std::nullopt;
  }
  KernelSizes sizes = KernelSizes::of(value.getParentRegion()->getParentOp());
  if (!sizes.workgroupSize)
    return std::nullopt;
  const std::array<int64_t, 3> &extents = *sizes.workgroupSize;
  int64_t numLanes = extents[0] * extents[1] * extents[2];

  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant))) {
    if (constant.getBitWidth() > 1 && !fitsEveryWidth(constant.getSExtValue()))
      return std::nullopt;
    int64_t x = constant.getBitWidth() == 1 ? constant.getZExtValue()
                                            : constant.getSExtValue();
    return LaneValues(numLanes, x);
  }

  Operation *op = value.getDefiningOp();
  if (!op)
    return std::nullopt;
  LaneValues lanes(numLanes);
  if (auto threadId = dyn_cast<gpu::ThreadIdOp>(op)) {
    auto dim = static_cast<unsigned>(threadId.getDimension());
    int64_t stride = dim == 0   ? 1
                     : dim == 1 ? extents[0]
                                : extents[0] * extents[1];
    for (int64_t lane = 0; lane < numLanes; ++lane)
      lanes[lane] = (lane / stride) % extents[dim];
    return lanes;
  }
  if (isa<gpu::LaneIdOp>(op)) {
    if (!sizes.waveSize)
      return std::nullopt;
    for (int64_t lane = 0; lane < numLanes; ++lane)
      lanes[lane] = lane % *sizes.waveSize;
    return lanes;
  }
  if (auto blockDim = dyn_cast<gpu::BlockDimOp>(op))
    return LaneValues(numLanes,
                      extents[static_cast<unsigned>(blockDim.getDimension())]);

  // Casts between evaluable types keep the value.
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtUIOp>(op) ||
      (isa<arith::ExtSIOp>(op) && !op->getOperand(0).getType().isInteger(1)))
    return evaluate(op->getOperand(0), depth + 1);

  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    std::optional<LaneValues> cond = evaluate(select.getCondition(), depth + 1);
    if (!cond)
      return std::nullopt;
    std::optional<LaneValues> onTrue =
        evaluate(select.getTrueValue(), depth + 1);
    std::optional<LaneValues> onFalse =
        evaluate(select.getFalseValue(), depth + 1);
    if (!onTrue || !onFalse)
      return std::nullopt;
    for (int64_t lane = 0; lane < numLanes; ++lane)
      lanes[lane] = (*cond)[lane] ? (*onTrue)[lane] : (*onFalse)[lane];
    return lanes;
  }

  // Arithmetic on i1 other than logic would wrap.
  if (op->getNumOperands() != 2 ||
      (value.getType().isInteger(1) &&
       !isa<arith::CmpIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op)))
    return std::nullopt;
  std::optional<LaneValues> lhs = evaluate(op->getOperand(0), depth + 1);
  if (!lhs)
    return std::nullopt;
  std::optional<LaneValues> rhs = evaluate(op->getOperand(1), depth + 1);
  if (!rhs)
    return std::nullopt;
  bool unsignedCompare = isUnsignedCompare(op);
  for (int64_t lane = 0; lane < numLanes; ++lane) {
    int64_t a = (*lhs)[lane], b = (*rhs)[lane];
    if (unsignedCompare && (a < 0 || b < 0))
      return std::nullopt;
    std::optional<int64_t> x = applyBinary(op, a, b);
    if (!x || !fitsEveryWidth(*x))
      return std::nullopt;
    lanes[lane] = *x;
  }
  return lanes;
}

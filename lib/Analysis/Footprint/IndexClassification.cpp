//===- IndexClassification.cpp - Classifying and composing index values ---===//
//
// An index operand of a lane access is followed back through index
// arithmetic to "leaves" whose values are known per lane (thread ids), per
// workgroup (workgroup ids), per iteration (loop induction variables) or per
// launch (uniform values); the arithmetic in between becomes an affine
// expression over those leaves.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/IndexClassification.h"

#include "IndexComposition.h"

#include "wave/Analysis/Footprint/LoopFacts.h"
#include "wave/Analysis/Uniformity/WorkgroupUniformity.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

//===----------------------------------------------------------------------===//
// IndexClass
//===----------------------------------------------------------------------===//

int64_t IndexClass::getTripCount() const {
  assert(hasStaticRange() && "loop range is not static");
  if (*upperBound <= *lowerBound)
    return 0;
  // The span fits (classifyInductionVar checks it), its rounding up might not.
  return (*upperBound - *lowerBound - 1) / *step + 1;
}

static char dimName(unsigned dim) { return "xyz"[dim]; }

void IndexClass::print(raw_ostream &os) const {
  switch (kind) {
  case IndexKind::Constant:
    os << "constant " << constant;
    return;
  case IndexKind::ThreadId:
    os << "thread id " << dimName(dim);
    return;
  case IndexKind::LaneId:
    os << "lane id";
    return;
  case IndexKind::WorkgroupId:
    os << "workgroup id " << dimName(dim);
    return;
  case IndexKind::LoopInductionVar:
    os << "loop induction variable";
    if (hasStaticRange())
      os << " in [" << *lowerBound << ", " << *upperBound << ") step " << *step;
    else
      os << " of unknown range";
    return;
  case IndexKind::Uniform:
    os << "uniform value";
    return;
  case IndexKind::Derived:
    os << "lane-dependent index arithmetic";
    return;
  case IndexKind::Unknown:
    os << "unknown value";
    return;
  }
}

bool IndexClass::operator==(const IndexClass &other) const {
  return kind == other.kind && constant == other.constant && dim == other.dim &&
         lowerBound == other.lowerBound && upperBound == other.upperBound &&
         step == other.step;
}

raw_ostream &mlir::wave::operator<<(raw_ostream &os,
                                    const IndexClass &indexClass) {
  indexClass.print(os);
  return os;
}

static IndexClass makeClass(IndexKind kind, unsigned dim = 0) {
  IndexClass result;
  result.kind = kind;
  result.dim = dim;
  return result;
}

/// The op whose sizes apply to `value`: its definition's parent, or the op
/// owning its block.
static Operation *anchorOf(Value value) {
  return value.getParentRegion() ? value.getParentRegion()->getParentOp()
                                 : nullptr;
}

Interval mlir::wave::detail::getLeafRange(const IndexClass &leaf,
                                          const KernelSizes &sizes) {
  switch (leaf.kind) {
  case IndexKind::ThreadId:
    if (sizes.workgroupSize)
      return {0, (*sizes.workgroupSize)[leaf.dim] - 1};
    return {0, std::nullopt};
  case IndexKind::WorkgroupId:
    if (sizes.gridSize)
      return {0, (*sizes.gridSize)[leaf.dim] - 1};
    return {0, std::nullopt};
  case IndexKind::LoopInductionVar: {
    if (!leaf.hasStaticRange())
      return Interval::unbounded();
    int64_t trips = leaf.getTripCount();
    int64_t last = *leaf.lowerBound + (trips ? trips - 1 : 0) * *leaf.step;
    return {*leaf.lowerBound, last};
  }
  case IndexKind::Constant:
    return Interval::point(leaf.constant);
  default:
    return Interval::unbounded();
  }
}

std::string mlir::wave::detail::describeOp(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << op->getName() << "'";
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    os << " at " << loc.getFilename().getValue() << ":" << loc.getLine() << ":"
       << loc.getColumn();
  return text;
}

//===----------------------------------------------------------------------===//
// Leaves
//===----------------------------------------------------------------------===//

static scf::ForOp getLoopOfInductionVar(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return {};
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  return loop && loop.getInductionVar() == arg ? loop : scf::ForOp();
}

//===----------------------------------------------------------------------===//
// IndexComposer
//===----------------------------------------------------------------------===//

/// The value of a composed bound, when it is a constant.
static std::optional<int64_t> getConstant(FailureOr<AffineExpr> expr) {
  if (succeeded(expr))
    if (auto constant = dyn_cast<AffineConstantExpr>(*expr))
      return constant.getValue();
  return std::nullopt;
}

static IndexClass classifyInductionVar(scf::ForOp loop) {
  IndexClass result = makeClass(IndexKind::LoopInductionVar);
  LoopBounds bounds = composeLoopBounds(loop);
  std::optional<int64_t> lb = getConstant(bounds.lower);
  std::optional<int64_t> ub = getConstant(bounds.upper);
  std::optional<int64_t> step = bounds.getPositiveStep();
  if (!lb || !ub || !step)
    return result;
  // An unsigned comparison of negative bounds does not iterate over [lb, ub).
  if (bounds.unsignedCmp && (*lb < 0 || *ub < 0))
    return result;
  // A range wider than int64_t (no loop a kernel finishes) stays unknown, so
  // that its trip count and last value can be computed.
  int64_t span;
  if (llvm::SubOverflow(*ub, *lb, span))
    return result;
  result.lowerBound = lb;
  result.upperBound = ub;
  result.step = step;
  return result;
}

SmallVector<Interval> IndexComposer::getLeafRanges() const {
  return llvm::map_to_vector(leaves, [&](const FootprintLeaf &leaf) {
    return getLeafRange(leaf.indexClass, sizes);
  });
}

AffineExpr IndexComposer::getLeaf(const IndexClass &indexClass, Value value) {
  bool isId = indexClass.kind == IndexKind::ThreadId ||
              indexClass.kind == IndexKind::WorkgroupId;
  for (unsigned position = 0, e = leaves.size(); position < e; ++position) {
    FootprintLeaf &leaf = leaves[position];
    bool same = isId ? leaf.indexClass.kind == indexClass.kind &&
                           leaf.indexClass.dim == indexClass.dim
                     : leaf.value == value;
    if (!same)
      continue;
    if (!leaf.value)
      leaf.value = value;
    return getAffineDimExpr(position, context);
  }
  leaves.push_back({indexClass, value});
  return getAffineDimExpr(leaves.size() - 1, context);
}

FailureOr<AffineExpr> IndexComposer::compose(Value value, std::string &reason) {
  if (auto it = cache.find(value); it != cache.end())
    return it->second;
  FailureOr<AffineExpr> expr = composeUncached(value, reason);
  if (succeeded(expr))
    cache[value] = *expr;
  return expr;
}

FailureOr<AffineExpr> IndexComposer::composeLaneId(Operation *op,
                                                   std::string &reason) {
  if (!sizes.workgroupSize || !sizes.waveSize) {
    reason = describeOp(op) + " needs the workgroup size (known_block_size) "
                              "and the wave size (wave.kernel) of the "
                              "enclosing kernel";
    return failure();
  }
  AffineExpr linear = getAffineConstantExpr(0, context);
  int64_t stride = 1;
  for (unsigned dim = 0; dim < 3; ++dim) {
    int64_t extent = (*sizes.workgroupSize)[dim];
    if (extent == 1)
      continue;
    linear =
        linear + getLeaf(makeClass(IndexKind::ThreadId, dim), Value()) * stride;
    stride *= extent;
  }
  return linear % static_cast<int64_t>(*sizes.waveSize);
}

FailureOr<AffineExpr> IndexComposer::composeUncached(Value value,
                                                     std::string &reason) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (scf::ForOp loop = getLoopOfInductionVar(value))
      return getLeaf(classifyInductionVar(loop), value);
    if (isWorkgroupUniform(value))
      return getLeaf(makeClass(IndexKind::Uniform), value);
    reason = "block argument #" + std::to_string(arg.getArgNumber()) + " of " +
             describeOp(arg.getOwner()->getParentOp()) +
             " is neither a loop induction variable nor a kernel argument";
    return failure();
  }

  Operation *op = value.getDefiningOp();
  if (auto threadId = dyn_cast<gpu::ThreadIdOp>(op))
    return getLeaf(makeClass(IndexKind::ThreadId,
                             static_cast<unsigned>(threadId.getDimension())),
                   value);
  if (auto blockId = dyn_cast<gpu::BlockIdOp>(op))
    return getLeaf(makeClass(IndexKind::WorkgroupId,
                             static_cast<unsigned>(blockId.getDimension())),
                   value);
  if (isa<gpu::LaneIdOp>(op))
    return composeLaneId(op, reason);
  if (auto blockDim = dyn_cast<gpu::BlockDimOp>(op);
      blockDim && sizes.workgroupSize)
    return getAffineConstantExpr(
        (*sizes.workgroupSize)[static_cast<unsigned>(blockDim.getDimension())],
        context);
  if (auto gridDim = dyn_cast<gpu::GridDimOp>(op); gridDim && sizes.gridSize)
    return getAffineConstantExpr(
        (*sizes.gridSize)[static_cast<unsigned>(gridDim.getDimension())],
        context);
  // A memref's extent: a constant, or the size argument `wave.dims` binds
  // it to (a loop to `memref.dim %A, 1` runs to that argument).
  if (auto dim = dyn_cast<memref::DimOp>(op)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    auto type = dyn_cast<MemRefType>(dim.getSource().getType());
    if (index && type && *index >= 0 && *index < type.getRank()) {
      if (!type.isDynamicDim(*index))
        return getAffineConstantExpr(type.getDimSize(*index), context);
      if (BlockArgument size = getSizeArgument(dim.getSource(), *index))
        return compose(size, reason);
    }
  }
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)) &&
      constant.getSignificantBits() <= 64)
    return getAffineConstantExpr(constant.getSExtValue(), context);

  std::string arithmeticReason;
  FailureOr<AffineExpr> expr = composeArithmetic(op, arithmeticReason);
  if (succeeded(expr))
    return expr;
  // Lane-invariant values that are not affine in the leaves (a product of
  // two kernel arguments, say) are leaves of their own.
  if (isWorkgroupUniform(value))
    return getLeaf(makeClass(IndexKind::Uniform), value);
  reason = !arithmeticReason.empty()
               ? arithmeticReason
               : describeOp(op) +
                     " is neither index arithmetic nor a thread id, workgroup "
                     "id, loop induction variable, uniform value or constant";
  return failure();
}

/// Leaves `reason` empty when `op` is not index arithmetic at all.
FailureOr<AffineExpr> IndexComposer::composeArithmetic(Operation *op,
                                                       std::string &reason) {
  auto operand = [&](unsigned i) { return compose(op->getOperand(i), reason); };

  if (isa<arith::IndexCastOp>(op))
    return operand(0);
  if (isa<arith::IndexCastUIOp>(op)) {
    FailureOr<AffineExpr> source = operand(0);
    if (failed(source))
      return failure();
    if (!evaluateInterval(*source, getLeafRanges()).isNonNegative()) {
      reason = "cannot prove the operand of " + describeOp(op) +
               " non-negative, so zero extension may change its value";
      return failure();
    }
    return source;
  }

  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op)) {
    FailureOr<AffineExpr> lhs = operand(0);
    if (failed(lhs))
      return failure();
    FailureOr<AffineExpr> rhs = operand(1);
    if (failed(rhs))
      return failure();
    if (isa<arith::AddIOp>(op))
      return *lhs + *rhs;
    if (isa<arith::SubIOp>(op))
      return *lhs - *rhs;
    if (isa<AffineConstantExpr>(*lhs) || isa<AffineConstantExpr>(*rhs))
      return *lhs * *rhs;
    reason = describeOp(op) +
             " multiplies two values that are not constants, which is not "
             "affine";
    return failure();
  }

  if (isa<arith::DivUIOp, arith::DivSIOp, arith::FloorDivSIOp,
          arith::CeilDivSIOp, arith::CeilDivUIOp, arith::RemUIOp,
          arith::RemSIOp>(op)) {
    FailureOr<AffineExpr> lhs = operand(0);
    if (failed(lhs))
      return failure();
    FailureOr<AffineExpr> rhs = operand(1);
    if (failed(rhs))
      return failure();
    auto divisor = dyn_cast<AffineConstantExpr>(*rhs);
    if (!divisor || divisor.getValue() <= 0) {
      reason = describeOp(op) +
               " divides by a value that is not a positive constant";
      return failure();
    }
    // Truncating and unsigned division round like floordiv only for
    // non-negative dividends.
    bool needsNonNegative = !isa<arith::FloorDivSIOp, arith::CeilDivSIOp>(op);
    if (needsNonNegative &&
        !evaluateInterval(*lhs, getLeafRanges()).isNonNegative() &&
        !(isProvablyNonNegative && isProvablyNonNegative(*lhs))) {
      reason = "cannot prove the dividend of " + describeOp(op) +
               " non-negative, so it may not round like floordiv/mod";
      return failure();
    }
    if (isa<arith::RemUIOp, arith::RemSIOp>(op))
      return *lhs % divisor.getValue();
    if (isa<arith::CeilDivSIOp, arith::CeilDivUIOp>(op))
      return lhs->ceilDiv(divisor.getValue());
    return lhs->floorDiv(divisor.getValue());
  }

  if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
    SmallVector<AffineExpr> operands;
    for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
      FailureOr<AffineExpr> expr = operand(i);
      if (failed(expr))
        return failure();
      operands.push_back(*expr);
    }
    AffineMap map = apply.getAffineMap();
    // Such a map has no value; evaluating the footprint would divide by it.
    if (std::optional<std::string> division = findNonPositiveDivisor(map)) {
      reason = describeOp(op) + " " + *division;
      return failure();
    }
    AffineExpr result = map.getResult(0).replaceDimsAndSymbols(
        ArrayRef<AffineExpr>(operands).take_front(map.getNumDims()),
        ArrayRef<AffineExpr>(operands).drop_front(map.getNumDims()));
    if (!result.isPureAffine()) {
      reason = describeOp(op) + " is not affine in its operands";
      return failure();
    }
    return result;
  }

  reason.clear();
  return failure();
}

//===----------------------------------------------------------------------===//
// classifyIndex
//===----------------------------------------------------------------------===//

IndexClass mlir::wave::classifyIndex(Value value) {
  if (scf::ForOp loop = getLoopOfInductionVar(value))
    return classifyInductionVar(loop);
  if (Operation *op = value.getDefiningOp()) {
    if (auto threadId = dyn_cast<gpu::ThreadIdOp>(op))
      return makeClass(IndexKind::ThreadId,
                       static_cast<unsigned>(threadId.getDimension()));
    if (auto blockId = dyn_cast<gpu::BlockIdOp>(op))
      return makeClass(IndexKind::WorkgroupId,
                       static_cast<unsigned>(blockId.getDimension()));
    if (isa<gpu::LaneIdOp>(op))
      return makeClass(IndexKind::LaneId);
  }

  IndexComposer composer(value.getContext(), KernelSizes::of(anchorOf(value)));
  std::string ignored;
  FailureOr<AffineExpr> expr = composer.compose(value, ignored);
  if (succeeded(expr)) {
    if (auto constant = dyn_cast<AffineConstantExpr>(*expr)) {
      IndexClass result = makeClass(IndexKind::Constant);
      result.constant = constant.getValue();
      return result;
    }
    // Arithmetic that reduces to one leaf (an index_cast of a thread id,
    // say) is that leaf.
    if (auto dim = dyn_cast<AffineDimExpr>(*expr))
      return composer.getLeaves()[dim.getPosition()].indexClass;
  }
  if (isWorkgroupUniform(value))
    return makeClass(IndexKind::Uniform);
  return succeeded(expr) ? makeClass(IndexKind::Derived)
                         : makeClass(IndexKind::Unknown);
}

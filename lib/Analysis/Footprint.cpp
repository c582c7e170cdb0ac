//===- Footprint.cpp - Footprint of one lane access
//------------------------===//
//
// Builds an access's footprint map, enumerates it for every lane of a
// workgroup, and bounds it over all lanes, iterations and workgroups.
//
//===----------------------------------------------------------------------===//

#include "IndexComposition.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/EquivalenceClasses.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

/// Largest footprint `enumerate` builds (elements of all lanes together).
static constexpr int64_t kMaxEnumeratedElements = int64_t(1) << 26;
/// Largest number of points `isProvablyInBounds` visits to find the exact
/// extremes of one group of dependent terms; beyond it, interval bounds.
static constexpr int64_t kMaxExtremeSearch = int64_t(1) << 22;

static void setReason(std::string *reason, const Twine &text) {
  if (reason)
    *reason = text.str();
}

/// Slots a constant mask enables (all of them when there is no mask or it is
/// not a constant, which `nonConstant` then says).
static SmallVector<bool> computeEnabledSlots(Value mask, int64_t size,
                                             bool &nonConstant) {
  SmallVector<bool> enabled(size, true);
  nonConstant = false;
  if (!mask)
    return enabled;
  DenseElementsAttr bits;
  if (matchPattern(mask, m_Constant(&bits))) {
    for (auto [slot, bit] : llvm::enumerate(bits.getValues<bool>()))
      enabled[slot] = bit;
    return enabled;
  }
  std::optional<int64_t> prefix;
  if (auto constantMask = mask.getDefiningOp<vector::ConstantMaskOp>())
    prefix = constantMask.getMaskDimSizes().front();
  else if (auto createMask = mask.getDefiningOp<vector::CreateMaskOp>())
    prefix = getConstantIntValue(createMask.getOperand(0));
  if (!prefix) {
    nonConstant = true;
    return enabled;
  }
  for (int64_t slot = 0; slot < size; ++slot)
    enabled[slot] = slot < *prefix;
  return enabled;
}

//===----------------------------------------------------------------------===//
// AccessFootprint
//===----------------------------------------------------------------------===//

FailureOr<AccessFootprint> AccessFootprint::get(LaneAccessOpInterface access,
                                                std::string *reason) {
  Operation *op = access.getOperation();
  MLIRContext *context = op->getContext();
  KernelSizes sizes = KernelSizes::of(op);
  IndexComposer composer(context, sizes);

  SmallVector<AffineExpr> operands;
  for (auto [i, index] : llvm::enumerate(access.getIndices())) {
    std::string why;
    FailureOr<AffineExpr> expr = composer.compose(index, why);
    if (failed(expr)) {
      setReason(reason, "index operand #" + Twine(i) + " of " + describeOp(op) +
                            ": " + why);
      return failure();
    }
    operands.push_back(*expr);
  }

  ArrayRef<FootprintLeaf> allLeaves = composer.getLeaves();
  SmallVector<AffineExpr> results;
  for (AffineExpr result : access.getAccessMap().getResults()) {
    AffineExpr composed = result.replaceDims(operands);
    if (!hasPositiveDivisors(composed)) {
      setReason(reason, "the access map of " + describeOp(op) +
                            " divides by a non-positive constant");
      return failure();
    }
    results.push_back(simplifyAffineExpr(composed, allLeaves.size(), 0));
  }

  // Keep only the leaves the coordinates depend on: a value first tried as
  // arithmetic and then taken whole as a uniform leaf leaves unused ones.
  AccessFootprint footprint(access);
  SmallVector<AffineExpr> renumbered;
  for (unsigned position = 0; position < allLeaves.size(); ++position) {
    bool used = llvm::any_of(results, [&](AffineExpr result) {
      return result.isFunctionOfDim(position);
    });
    renumbered.push_back(
        used ? getAffineDimExpr(footprint.leaves.size(), context)
             : getAffineConstantExpr(0, context));
    if (used)
      footprint.leaves.push_back(allLeaves[position]);
  }
  for (AffineExpr &result : results)
    result = result.replaceDims(renumbered);
  footprint.map = AffineMap::get(footprint.leaves.size(), 0, results, context);

  footprint.contiguousDim = access.getContiguousDim();
  footprint.enabledSlots = computeEnabledSlots(
      access.getMask(), access.getVectorType().getNumElements(),
      footprint.nonConstantMask);
  footprint.workgroupSize = sizes.workgroupSize;
  footprint.gridSize = sizes.gridSize;
  footprint.waveSize = sizes.waveSize;
  return footprint;
}

std::optional<unsigned> AccessFootprint::findLeaf(IndexKind kind,
                                                  unsigned dim) const {
  for (auto [position, leaf] : llvm::enumerate(leaves))
    if (leaf.indexClass.kind == kind && leaf.indexClass.dim == dim)
      return position;
  return std::nullopt;
}

std::optional<unsigned> AccessFootprint::findLeaf(Value value) const {
  for (auto [position, leaf] : llvm::enumerate(leaves))
    if (leaf.value == value)
      return position;
  return std::nullopt;
}

bool AccessFootprint::dependsOn(IndexKind kind) const {
  return llvm::any_of(leaves, [&](const FootprintLeaf &leaf) {
    return leaf.indexClass.kind == kind;
  });
}

static std::string describeLeaf(const FootprintLeaf &leaf) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << leaf.indexClass;
  if (!leaf.value)
    return text;
  if (Operation *op = leaf.value.getDefiningOp()) {
    os << " (" << describeOp(op) << ")";
    return text;
  }
  auto arg = cast<BlockArgument>(leaf.value);
  os << " (block argument #" << arg.getArgNumber() << " of "
     << describeOp(arg.getOwner()->getParentOp()) << ")";
  return text;
}

FailureOr<WorkgroupFootprint>
AccessFootprint::enumerate(const FootprintBindings &bindings,
                           std::string *reason) const {
  std::string accessName = describeOp(getAccess().getOperation());
  FailureOr<StaticMemRefLayout> layout =
      StaticMemRefLayout::get(getMemRefType());
  if (failed(layout)) {
    setReason(reason, "the memref of " + accessName +
                          " has a dynamic shape, stride or offset");
    return failure();
  }
  if (!workgroupSize) {
    setReason(reason, accessName + " is not in a gpu.func with a "
                                   "known_block_size");
    return failure();
  }

  auto tooLarge = [&]() {
    setReason(reason, "the footprint of " + accessName +
                          " has more than 2^26 elements");
    return failure();
  };

  // Fixed leaf values, and the induction variables to enumerate.
  struct EnumeratedLoop {
    unsigned position;
    int64_t lowerBound, step, tripCount;
  };
  SmallVector<EnumeratedLoop> loops;
  SmallVector<int64_t> values(leaves.size(), 0);
  std::array<std::optional<unsigned>, 3> threadLeaf;
  int64_t numIterations = 1;
  for (auto [position, leaf] : llvm::enumerate(leaves)) {
    const IndexClass &indexClass = leaf.indexClass;
    auto bound =
        leaf.value ? bindings.values.find(leaf.value) : bindings.values.end();
    switch (indexClass.kind) {
    case IndexKind::ThreadId:
      threadLeaf[indexClass.dim] = position;
      continue;
    case IndexKind::WorkgroupId:
      values[position] = bindings.workgroupId[indexClass.dim];
      continue;
    case IndexKind::LoopInductionVar:
    case IndexKind::Uniform:
      if (bound != bindings.values.end()) {
        values[position] = bound->second;
        continue;
      }
      if (indexClass.hasStaticRange()) {
        int64_t tripCount = indexClass.getTripCount();
        if (tripCount >
            kMaxEnumeratedElements / std::max<int64_t>(numIterations, 1))
          return tooLarge();
        loops.push_back({static_cast<unsigned>(position),
                         *indexClass.lowerBound, *indexClass.step, tripCount});
        numIterations *= tripCount;
        continue;
      }
      setReason(reason, "the footprint of " + accessName + " needs a value " +
                            "for the " + describeLeaf(leaf));
      return failure();
    default:
      llvm_unreachable("footprint leaves are ids, induction variables or "
                       "uniform values");
    }
  }

  SmallVector<int32_t> slots;
  for (auto [slot, enabled] : llvm::enumerate(enabledSlots))
    if (enabled)
      slots.push_back(slot);
  auto [sizeX, sizeY, sizeZ] = *workgroupSize;
  int64_t numLanes = sizeX * sizeY * sizeZ;
  int64_t perLane = numIterations * static_cast<int64_t>(slots.size());
  if (perLane > kMaxEnumeratedElements / std::max<int64_t>(numLanes, 1))
    return tooLarge();

  WorkgroupFootprint footprint;
  footprint.layout = *layout;
  footprint.numIterations = numIterations;
  unsigned rank = layout->getRank();
  int64_t total = numLanes * perLane;
  footprint.laneBegin.reserve(numLanes + 1);
  footprint.coords.reserve(total * rank);
  footprint.slots.reserve(total);
  footprint.iterations.reserve(total);

  ArrayRef<AffineExpr> results = map.getResults();
  SmallVector<int64_t> element0(rank);
  for (int64_t lane = 0; lane < numLanes; ++lane) {
    footprint.laneBegin.push_back(footprint.slots.size());
    std::array<int64_t, 3> threadId = {lane % sizeX, (lane / sizeX) % sizeY,
                                       lane / (sizeX * sizeY)};
    for (unsigned dim = 0; dim < 3; ++dim)
      if (threadLeaf[dim])
        values[*threadLeaf[dim]] = threadId[dim];
    for (int64_t iteration = 0; iteration < numIterations; ++iteration) {
      // Mixed-radix digits, the first loop the most significant.
      int64_t rest = iteration;
      for (const EnumeratedLoop &loop : llvm::reverse(loops)) {
        values[loop.position] =
            loop.lowerBound + (rest % loop.tripCount) * loop.step;
        rest /= loop.tripCount;
      }
      for (unsigned r = 0; r < rank; ++r)
        element0[r] = evaluate(results[r], values);
      for (int32_t slot : slots) {
        for (unsigned r = 0; r < rank; ++r)
          footprint.coords.push_back(element0[r] +
                                     (r == contiguousDim ? slot : 0));
        footprint.slots.push_back(slot);
        footprint.iterations.push_back(iteration);
      }
    }
  }
  footprint.laneBegin.push_back(footprint.slots.size());
  return footprint;
}

//===----------------------------------------------------------------------===//
// Bounds over all lanes, iterations and workgroups
//===----------------------------------------------------------------------===//

namespace {
/// The values a leaf takes: `first + i * step` for `i < count`, or any value.
struct LeafDomain {
  int64_t first = 0, step = 1, count = 0;
  bool bounded = false;

  Interval getInterval() const {
    if (!bounded)
      return Interval::unbounded();
    return {first, first + std::max<int64_t>(count - 1, 0) * step};
  }
};
} // namespace

static void collectTerms(AffineExpr expr, SmallVectorImpl<AffineExpr> &terms) {
  if (expr.getKind() == AffineExprKind::Add) {
    auto sum = cast<AffineBinaryOpExpr>(expr);
    collectTerms(sum.getLHS(), terms);
    collectTerms(sum.getRHS(), terms);
    return;
  }
  terms.push_back(expr);
}

static SmallVector<unsigned> getUsedDims(AffineExpr expr, unsigned numDims) {
  SmallVector<unsigned> dims;
  for (unsigned dim = 0; dim < numDims; ++dim)
    if (expr.isFunctionOfDim(dim))
      dims.push_back(dim);
  return dims;
}

/// Smallest and largest value of `expr` over the product of `domains` (all
/// bounded), or none if interval bounds are needed and fail. Terms of the
/// sum that share no leaf vary independently, so each
/// group of terms linked by common leaves is searched on its own: exactly
/// when its points are few enough, by interval bounds otherwise.
static std::optional<std::pair<int64_t, int64_t>>
getExtremes(AffineExpr expr, ArrayRef<LeafDomain> domains) {
  SmallVector<AffineExpr> terms;
  collectTerms(expr, terms);
  llvm::EquivalenceClasses<unsigned> linked;
  SmallVector<SmallVector<unsigned>> termDims;
  for (AffineExpr term : terms) {
    termDims.push_back(getUsedDims(term, domains.size()));
    for (unsigned dim : termDims.back())
      linked.unionSets(termDims.back().front(), dim);
  }

  SmallVector<int64_t> values(domains.size(), 0);
  SmallVector<Interval> intervals = llvm::map_to_vector(
      domains, [](const LeafDomain &domain) { return domain.getInterval(); });
  int64_t lo = 0, hi = 0;
  SmallVector<bool> done(terms.size(), false);
  for (unsigned t = 0; t < terms.size(); ++t) {
    if (done[t])
      continue;
    if (termDims[t].empty()) {
      int64_t constant = evaluate(terms[t], values);
      lo += constant;
      hi += constant;
      continue;
    }
    // The group of terms linked to term `t`, and the leaves they use.
    unsigned leader = linked.getLeaderValue(termDims[t].front());
    SmallVector<AffineExpr> group;
    SmallVector<unsigned> groupDims;
    int64_t points = 1;
    for (unsigned u = t; u < terms.size(); ++u) {
      if (termDims[u].empty() ||
          linked.getLeaderValue(termDims[u].front()) != leader)
        continue;
      done[u] = true;
      group.push_back(terms[u]);
      for (unsigned dim : termDims[u])
        if (!llvm::is_contained(groupDims, dim)) {
          groupDims.push_back(dim);
          points = domains[dim].count > kMaxExtremeSearch / points
                       ? kMaxExtremeSearch + 1
                       : points * domains[dim].count;
        }
    }
    auto sumGroup = [&]() {
      int64_t sum = 0;
      for (AffineExpr term : group)
        sum += evaluate(term, values);
      return sum;
    };
    if (points > kMaxExtremeSearch) {
      Interval bounds = Interval::point(0);
      for (AffineExpr term : group) {
        Interval termBounds = evaluateInterval(term, intervals);
        if (!termBounds.lo || !termBounds.hi)
          return std::nullopt;
        bounds = {*bounds.lo + *termBounds.lo, *bounds.hi + *termBounds.hi};
      }
      lo += *bounds.lo;
      hi += *bounds.hi;
      continue;
    }
    int64_t groupLo = std::numeric_limits<int64_t>::max();
    int64_t groupHi = std::numeric_limits<int64_t>::min();
    for (int64_t point = 0; point < points; ++point) {
      int64_t rest = point;
      for (unsigned dim : groupDims) {
        values[dim] = domains[dim].first +
                      (rest % domains[dim].count) * domains[dim].step;
        rest /= domains[dim].count;
      }
      int64_t sum = sumGroup();
      groupLo = std::min(groupLo, sum);
      groupHi = std::max(groupHi, sum);
    }
    lo += groupLo;
    hi += groupHi;
  }
  return std::make_pair(lo, hi);
}

bool AccessFootprint::isProvablyInBounds(std::string *reason) const {
  std::string accessName = describeOp(getAccess().getOperation());
  MemRefType type = getMemRefType();
  if (!type.hasStaticShape()) {
    setReason(reason, "the memref of " + accessName + " has a dynamic shape");
    return false;
  }
  SmallVector<int64_t> slots;
  for (auto [slot, enabled] : llvm::enumerate(enabledSlots))
    if (enabled)
      slots.push_back(slot);
  if (slots.empty())
    return true;

  SmallVector<LeafDomain> domains(leaves.size());
  SmallVector<std::string> unboundedWhy(leaves.size());
  for (auto [position, leaf] : llvm::enumerate(leaves)) {
    const IndexClass &indexClass = leaf.indexClass;
    LeafDomain &domain = domains[position];
    std::optional<std::array<int64_t, 3>> sizes =
        indexClass.kind == IndexKind::ThreadId      ? workgroupSize
        : indexClass.kind == IndexKind::WorkgroupId ? gridSize
                                                    : std::nullopt;
    if (sizes) {
      domain = {0, 1, (*sizes)[indexClass.dim], true};
    } else if (indexClass.hasStaticRange()) {
      domain = {*indexClass.lowerBound, *indexClass.step,
                indexClass.getTripCount(), true};
      // The access sits in a loop that never runs.
      if (domain.count == 0)
        return true;
    } else {
      unboundedWhy[position] =
          indexClass.kind == IndexKind::ThreadId
              ? "the enclosing gpu.func has no known_block_size"
          : indexClass.kind == IndexKind::WorkgroupId
              ? "the enclosing gpu.func has no known_grid_size"
              : "its range is unknown";
    }
  }

  for (auto [r, result] : llvm::enumerate(map.getResults())) {
    for (unsigned dim : getUsedDims(result, leaves.size())) {
      if (domains[dim].bounded)
        continue;
      setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                            " depends on the " + describeLeaf(leaves[dim]) +
                            " and " + unboundedWhy[dim]);
      return false;
    }
    std::optional<std::pair<int64_t, int64_t>> extremes =
        getExtremes(result, domains);
    if (!extremes) {
      setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                            " could not be bounded");
      return false;
    }
    auto [lo, hi] = *extremes;
    if (r == contiguousDim) {
      lo += slots.front();
      hi += slots.back();
    }
    int64_t extent = type.getDimSize(r);
    if (lo < 0 || hi >= extent) {
      setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                            " ranges over [" + Twine(lo) + ", " + Twine(hi) +
                            "], outside [0, " + Twine(extent - 1) + "]");
      return false;
    }
  }
  return true;
}

bool mlir::wave::isProvablyInBounds(LaneAccessOpInterface access,
                                    std::string *reason) {
  FailureOr<AccessFootprint> footprint = AccessFootprint::get(access, reason);
  return succeeded(footprint) && footprint->isProvablyInBounds(reason);
}

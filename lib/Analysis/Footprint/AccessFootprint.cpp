//===- AccessFootprint.cpp - The footprint map of one lane access ---------===//
//
// Builds an access's footprint map, enumerates it for every lane of a
// workgroup, and bounds it over all lanes, iterations and workgroups.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/AccessFootprint.h"

#include "IndexComposition.h"

#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

/// Largest footprint `enumerate` builds (elements of all lanes together).
static constexpr int64_t kMaxEnumeratedElements = int64_t(1) << 26;

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
                                                std::string *reason,
                                                AffineMap map) {
  Operation *op = access.getOperation();
  if (access.getFragmentAttr()) {
    setReason(reason, describeOp(op) + " addresses whole MMA fragments; "
                                       "run wave-expand-fragments first");
    return failure();
  }
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
  if (!map)
    map = access.getAccessMap();
  for (AffineExpr result : map.getResults()) {
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

std::string mlir::wave::detail::describeLeaf(const FootprintLeaf &leaf) {
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

/// Whether the elements from `coord` to `lastSlot` past it along
/// `contiguousDim` lie within 2^50 elements of the memref's start, logically
/// and physically. A kernel's constants can put an index anywhere; bounded
/// this way, positions and the byte offsets derived from them fit int64_t.
static bool isAddressable(const StaticMemRefLayout &layout,
                          ArrayRef<int64_t> coord, int64_t lastSlot,
                          unsigned contiguousDim) {
  constexpr int64_t kLimit = int64_t(1) << 50;
  for (int64_t slot : {int64_t(0), lastSlot}) {
    int64_t logical = 0, physical = layout.offset;
    for (auto [r, index] : llvm::enumerate(coord)) {
      int64_t element, term;
      if (llvm::AddOverflow(index, r == contiguousDim ? slot : 0, element) ||
          llvm::MulOverflow(logical, layout.shape[r], logical) ||
          llvm::AddOverflow(logical, element, logical) ||
          llvm::MulOverflow(element, layout.strides[r], term) ||
          llvm::AddOverflow(physical, term, physical))
        return false;
    }
    if (logical < -kLimit || logical > kLimit || physical < -kLimit ||
        physical > kLimit)
      return false;
  }
  return true;
}

FailureOr<WorkgroupFootprint>
AccessFootprint::enumerate(const FootprintBindings &bindings,
                           std::string *reason) const {
  std::string accessName = describeOp(getAccess().getOperation());
  FailureOr<StaticMemRefLayout> layout =
      StaticMemRefLayout::get(getAccess().getMemref());
  MemRefType type = getMemRefType();
  if (failed(layout) && type.getLayout().isIdentity()) {
    // Coordinates do not depend on the extents; a stand-in extent gives the
    // row-major offsets of an instance large enough for them.
    constexpr int64_t kStandInExtent = int64_t(1) << 20;
    SmallVector<int64_t> shape =
        llvm::map_to_vector(type.getShape(), [](int64_t extent) {
          return ShapedType::isDynamic(extent) ? kStandInExtent : extent;
        });
    layout =
        StaticMemRefLayout::get(MemRefType::get(shape, type.getElementType()));
  }
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
        auto first = bindings.firstIterations.find(leaf.value);
        if (first != bindings.firstIterations.end())
          tripCount = std::min(tripCount, first->second);
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
      if (!isAddressable(*layout, element0, slots.empty() ? 0 : slots.back(),
                         contiguousDim)) {
        setReason(reason, "an element of " + accessName +
                              " lies further than 2^50 elements from its "
                              "memref's start");
        return failure();
      }
      for (int32_t slot : slots) {
        for (unsigned r = 0; r < rank; ++r)
          footprint.coords.push_back(
              addClamped(element0[r], r == contiguousDim ? slot : 0));
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

bool AccessFootprint::isProvablyInBounds(std::string *reason) const {
  FailureOr<SymbolicFootprint> symbolic =
      SymbolicFootprint::get(getAccess(), reason);
  return succeeded(symbolic) && symbolic->isProvablyInBounds(reason);
}

bool mlir::wave::isProvablyInBounds(LaneAccessOpInterface access,
                                    std::string *reason) {
  FailureOr<AccessFootprint> footprint = AccessFootprint::get(access, reason);
  return succeeded(footprint) && footprint->isProvablyInBounds(reason);
}

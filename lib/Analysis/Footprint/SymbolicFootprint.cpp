//===- SymbolicFootprint.cpp - Footprints as integer relations ------------===//
//
// Builds an access's symbolic footprint (its map, leaves, slot runs, the
// guards and loops around it) and answers the questions about one
// execution: whether any lane runs it, whether every element it touches
// lies inside its memref, whether a bounded access skips whole vectors,
// and which element it always touches.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/SymbolicFootprint.h"

#include "Execution.h"

#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/IR/DirectToLds.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

/// Slot runs of `enabled` (consecutive enabled slots).
static SmallVector<std::pair<int64_t, int64_t>>
getRuns(ArrayRef<bool> enabled) {
  SmallVector<std::pair<int64_t, int64_t>> runs;
  for (auto [slot, on] : llvm::enumerate(enabled)) {
    if (!on)
      continue;
    int64_t s = slot;
    if (!runs.empty() && runs.back().second == s - 1)
      runs.back().second = s;
    else
      runs.push_back({s, s});
  }
  return runs;
}

FailureOr<SymbolicFootprint> SymbolicFootprint::get(Operation *op,
                                                    std::string *reason) {
  auto impl = std::make_unique<Impl>();
  impl->op = op;
  impl->sizes = KernelSizes::of(op);
  if (auto access = dyn_cast<LaneAccessOpInterface>(op)) {
    FailureOr<AccessFootprint> footprint = AccessFootprint::get(access, reason);
    if (failed(footprint))
      return failure();
    impl->memref = access.getMemref();
    impl->map = footprint->getMap();
    impl->leaves = llvm::to_vector(footprint->getLeaves());
    impl->contiguousDim = footprint->getContiguousDim();
    impl->slotRuns = getRuns(footprint->getEnabledSlots());
    impl->bounded = access.getBounded();
  } else {
    ValueRange indices;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      impl->memref = load.getMemRef();
      indices = load.getIndices();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      impl->memref = store.getMemRef();
      indices = store.getIndices();
    } else {
      setReason(reason, describeOp(op) + " is not a lane access");
      return failure();
    }
    IndexComposer composer(op->getContext(), impl->sizes);
    SmallVector<AffineExpr> coordinates;
    for (auto [i, index] : llvm::enumerate(indices)) {
      std::string why;
      FailureOr<AffineExpr> expr = composer.compose(index, why);
      if (failed(expr)) {
        setReason(reason, "index operand #" + Twine(i) + " of " +
                              describeOp(op) + ": " + why);
        return failure();
      }
      coordinates.push_back(*expr);
    }
    impl->leaves = llvm::to_vector(composer.getLeaves());
    impl->map =
        AffineMap::get(impl->leaves.size(), 0, coordinates, op->getContext());
    impl->slotRuns = {{0, 0}};
  }
  return finish(std::move(impl));
}

std::optional<SymbolicFootprint>
SymbolicFootprint::getSwizzleBlockCover(Operation *op) {
  auto access = dyn_cast<LaneAccessOpInterface>(op);
  SwizzleAttr swizzle = access ? getLdsSwizzle(access.getMemref()) : nullptr;
  if (!swizzle || access.getFragmentAttr())
    return std::nullopt;
  AffineMap map = access.getAccessMap();
  unsigned rank = map.getNumResults();
  AffineExpr column = matchSwizzledColumnExpr(swizzle, map);
  if (!column || (access.getVectorType().getNumElements() > 1 &&
                  access.getContiguousDim() + 1 != rank))
    return std::nullopt;
  int64_t block = swizzle.getVec() * swizzle.getMaxPhase();
  SmallVector<AffineExpr> results(map.getResults());
  results.back() = column.floorDiv(block) * block;
  FailureOr<AccessFootprint> footprint =
      AccessFootprint::get(access, nullptr,
                           AffineMap::get(map.getNumDims(), map.getNumSymbols(),
                                          results, op->getContext()));
  if (failed(footprint))
    return std::nullopt;
  auto impl = std::make_unique<Impl>();
  impl->op = op;
  impl->sizes = KernelSizes::of(op);
  impl->memref = access.getMemref();
  impl->map = footprint->getMap();
  impl->leaves = llvm::to_vector(footprint->getLeaves());
  impl->contiguousDim = rank - 1;
  impl->slotRuns = {{0, block - 1}};
  impl->bounded = access.getBounded();
  return finish(std::move(impl));
}

SymbolicFootprint SymbolicFootprint::finish(std::unique_ptr<Impl> impl) {
  Operation *op = impl->op;
  impl->type = cast<MemRefType>(impl->memref.getType());

  IndexComposer guardComposer(op->getContext(), impl->sizes);
  for (Operation *child = op, *parent = op->getParentOp();
       parent && !isa<gpu::GPUFuncOp>(parent);
       child = parent, parent = parent->getParentOp()) {
    if (isa<scf::ForOp, scf::WhileOp>(parent))
      impl->loops.insert(impl->loops.begin(), parent);
    auto branch = dyn_cast<scf::IfOp>(parent);
    if (!branch)
      continue;
    bool inElse = child->getParentRegion() == &branch.getElseRegion();
    std::optional<GuardDnf> guard =
        buildGuard(branch.getCondition(), inElse, guardComposer);
    if (guard)
      impl->guards.push_back(std::move(*guard));
    else
      ++impl->inexactGuards;
  }
  impl->guardLeaves = llvm::to_vector(guardComposer.getLeaves());
  return SymbolicFootprint(std::move(impl));
}

SymbolicFootprint::SymbolicFootprint(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}
SymbolicFootprint::SymbolicFootprint(SymbolicFootprint &&) = default;
SymbolicFootprint &SymbolicFootprint::operator=(SymbolicFootprint &&) = default;
SymbolicFootprint::~SymbolicFootprint() = default;

Operation *SymbolicFootprint::getOp() const { return impl->op; }
Value SymbolicFootprint::getMemref() const { return impl->memref; }
MemRefType SymbolicFootprint::getMemRefType() const { return impl->type; }
unsigned SymbolicFootprint::getInexactGuards() const {
  return impl->inexactGuards;
}

//===----------------------------------------------------------------------===//
// Questions about one execution
//===----------------------------------------------------------------------===//

static bool computeEmpty(const SymbolicFootprint::Impl &impl) {
  System system;
  Shared shared;
  Execution execution(system, shared, impl, neverShared);
  if (failed(execution.build()) || system.hasOverflow())
    return false;
  return !system.findSample(execution.choices);
}

bool SymbolicFootprint::isEmpty() const {
  if (!impl->empty)
    impl->empty = computeEmpty(*impl);
  return *impl->empty;
}

/// A leaf whose range the kernel does not bound, and why; none if all are.
static std::optional<std::string>
describeUnboundedLeaf(const FootprintLeaf &leaf, const KernelSizes &sizes) {
  const IndexClass &indexClass = leaf.indexClass;
  if (indexClass.kind == IndexKind::ThreadId && !sizes.workgroupSize)
    return std::string("the enclosing gpu.func has no known_block_size");
  if (indexClass.kind == IndexKind::WorkgroupId && !sizes.gridSize)
    return std::string("the enclosing gpu.func has no known_grid_size");
  if (indexClass.kind == IndexKind::Uniform ||
      (indexClass.kind == IndexKind::LoopInductionVar &&
       !indexClass.hasStaticRange()))
    return std::string("its range is unknown");
  return std::nullopt;
}

/// for a dynamic extent no kernel argument holds.
static std::optional<Linear> getExtent(Execution &execution, unsigned dim,
                                       StringRef accessName,
                                       std::string *reason) {
  std::optional<Linear> extent = execution.extentOf(dim);
  if (!extent)
    setReason(reason, "extent " + Twine(dim) + " of the memref of " +
                          accessName +
                          " is dynamic, and no kernel argument holds it "
                          "('wave.dims')");
  return extent;
}

bool SymbolicFootprint::isProvablyInBounds(std::string *reason,
                                           bool ignoreBounded) const {
  std::string accessName = describeOp(impl->op);
  if (impl->slotRuns.empty())
    return true;
  // A bounded access skips what lies outside; the question is then whether
  // it would need to (a staged copy that never crosses the edge).
  if (impl->bounded && !ignoreBounded)
    return true;
  Impl unbounded = *impl;
  unbounded.bounded = false;
  // Guards are not used: the question is whether the access may run in every
  // lane, without the conditions around it.
  Impl unguarded = unbounded;
  unguarded.guards.clear();
  System system;
  Shared shared;
  Execution execution(system, shared, unguarded, neverShared);
  if (failed(execution.build())) {
    setReason(reason, "the address of " + accessName + " is not affine");
    return false;
  }
  // Extents first: a dynamic one is a variable of the system.
  SmallVector<Linear> extents;
  for (unsigned r = 0; r < impl->type.getRank(); ++r) {
    std::optional<Linear> extent = getExtent(execution, r, accessName, reason);
    if (!extent)
      return false;
    extents.push_back(*extent);
  }
  for (auto [r, coordinate] : llvm::enumerate(execution.coordinate)) {
    System below = system, above = system;
    below.addGe(Linear::of(-1) - coordinate);
    above.addGe(coordinate - extents[r]);
    if (below.hasOverflow() || above.hasOverflow()) {
      setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                            " overflows 64-bit integers");
      return false;
    }
    if (!below.findSample(execution.choices) &&
        !above.findSample(execution.choices))
      continue;
    if (impl->type.isDynamicDim(r)) {
      setReason(reason,
                "coordinate " + Twine(r) + " of " + accessName +
                    " may lie outside [0, argument #" +
                    Twine(getSizeArgument(impl->memref, r).getArgNumber()) +
                    ") for sizes the kernel's wave.assume allows");
      return false;
    }
    for (unsigned dim = 0; dim < impl->leaves.size(); ++dim) {
      if (!impl->map.getResult(r).isFunctionOfDim(dim))
        continue;
      if (std::optional<std::string> why =
              describeUnboundedLeaf(impl->leaves[dim], impl->sizes)) {
        setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                              " depends on the " +
                              describeLeaf(impl->leaves[dim]) + " and " + *why);
        return false;
      }
    }
    int64_t extent = impl->type.getDimSize(r);
    // Every leaf is bounded: interval bounds bracket the exact extremes.
    SmallVector<Interval> leafRanges =
        llvm::map_to_vector(impl->leaves, [&](const FootprintLeaf &leaf) {
          return getLeafRange(leaf.indexClass, impl->sizes);
        });
    Interval bracket = evaluateInterval(impl->map.getResult(r), leafRanges);
    if (!bracket.lo || !bracket.hi) {
      setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                            " could not be bounded");
      return false;
    }
    int64_t lo = *bracket.lo;
    int64_t hi = *bracket.hi;
    if (r == impl->contiguousDim)
      hi += impl->slotRuns.back().second;
    lo = findExtreme(system, execution.choices, coordinate, lo, hi, 1);
    hi = findExtreme(system, execution.choices, coordinate, lo, hi, -1);
    setReason(reason, "coordinate " + Twine(r) + " of " + accessName +
                          " ranges over [" + Twine(lo) + ", " + Twine(hi) +
                          "], outside [0, " + Twine(extent - 1) + "]");
    return false;
  }
  return true;
}

bool SymbolicFootprint::isWholeOrNothing(std::string *reason) const {
  std::string accessName = describeOp(impl->op);
  if (impl->slotRuns.empty())
    return true;
  // Element 0's coordinate, without the bounds a bounded access adds (they
  // would hide the elements it skips).
  Impl first = *impl;
  first.bounded = false;
  int64_t firstSlot = impl->slotRuns.front().first;
  int64_t span = impl->slotRuns.back().second - firstSlot;
  first.slotRuns = {{firstSlot, firstSlot}};
  System system;
  Shared shared;
  Execution execution(system, shared, first, neverShared);
  if (failed(execution.build())) {
    setReason(reason, "the address of " + accessName + " is not affine");
    return false;
  }
  unsigned dim = impl->contiguousDim;
  std::optional<Linear> extent = getExtent(execution, dim, accessName, reason);
  if (!extent)
    return false;
  Linear lo = execution.coordinate[dim];
  Linear hi = lo + span;
  // A run across the end (lo < extent <= hi) or across 0 (lo < 0 <= hi).
  System acrossEnd = system, acrossZero = system;
  acrossEnd.addGe(*extent - lo - 1);
  acrossEnd.addGe(hi - *extent);
  acrossZero.addGe(Linear::of(-1) - lo);
  acrossZero.addGe(hi);
  if (acrossEnd.hasOverflow() || acrossZero.hasOverflow()) {
    setReason(reason,
              "the address of " + accessName + " overflows 64-bit integers");
    return false;
  }
  if (!acrossEnd.findSample(execution.choices) &&
      !acrossZero.findSample(execution.choices))
    return true;
  setReason(reason, "the " + Twine(span + 1) + " elements of " + accessName +
                        " may lie partly inside and partly outside extent " +
                        Twine(dim) + " of its memref");
  return false;
}

FailureOr<std::optional<SmallVector<int64_t>>>
SymbolicFootprint::getFixedElement(std::optional<unsigned> laneDim,
                                   bool ignoreGuards,
                                   std::string *reason) const {
  std::string accessName = describeOp(impl->op);
  if (laneDim && !impl->sizes.workgroupSize) {
    setReason(reason, "the enclosing gpu.func of " + accessName +
                          " has no known_block_size");
    return failure();
  }
  Impl copy = *impl;
  if (ignoreGuards)
    copy.guards.clear();
  System system;
  Shared shared;
  Execution execution(system, shared, copy, neverShared);
  if (failed(execution.build())) {
    setReason(reason, "the address of " + accessName + " is not affine");
    return failure();
  }
  SmallVector<Linear> offsets = execution.coordinate;
  if (laneDim)
    offsets[*laneDim] = offsets[*laneDim] - execution.lane;
  auto overflows = [&] {
    setReason(reason,
              "the address of " + accessName + " overflows 64-bit integers");
    return failure();
  };
  if (system.hasOverflow())
    return overflows();
  // One execution's offsets; then none may differ from them.
  std::optional<SmallVector<int64_t>> point =
      system.findSample(execution.choices);
  if (!point)
    return std::optional<SmallVector<int64_t>>();
  SmallVector<int64_t> element;
  for (const Linear &offset : offsets) {
    int64_t value = offset.evaluate(*point);
    Linear difference = offset - value;
    System below = system, above = system;
    below.addGe(Linear::of(-1) - difference);
    above.addGe(difference - 1);
    if (below.hasOverflow() || above.hasOverflow())
      return overflows();
    if (below.findSample(execution.choices) ||
        above.findSample(execution.choices))
      return std::optional<SmallVector<int64_t>>();
    element.push_back(value);
  }
  return std::optional<SmallVector<int64_t>>(std::move(element));
}

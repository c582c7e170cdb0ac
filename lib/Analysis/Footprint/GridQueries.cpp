//===- GridQueries.cpp - Lanes of the whole grid --------------------------===//
//
// Two executions of one workgroup (lanes out of step) or of two
// workgroups (an element shared in the grid), the first witness found as
// the lexicographically smallest keys by binary search.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/GridQueries.h"

#include "Execution.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

//===----------------------------------------------------------------------===//
// Queries over the grid
//===----------------------------------------------------------------------===//

/// The lexicographically smallest values of `keys` (at least 0 in every
/// point) over `system` with `choices`, which has a point.
static SmallVector<int64_t> findSmallestKeys(System system,
                                             ArrayRef<Disjunction> choices,
                                             ArrayRef<Linear> keys) {
  SmallVector<int64_t> values;
  for (const Linear &key : keys) {
    std::optional<SmallVector<int64_t>> point = system.findSample(choices);
    int64_t value =
        findExtreme(system, choices, key, 0, key.evaluate(*point), 1);
    system.addEq(key - value);
    values.push_back(value);
  }
  return values;
}

/// A `GridLane` from the smallest keys: workgroup z, y, x, then the lane.
static GridLane toGridLane(ArrayRef<int64_t> keys) {
  return GridLane{{keys[2], keys[1], keys[0]}, keys[3]};
}

/// The first lane of some group of `groupSize` consecutive lanes whose
/// element 0 of `fp` lies elsewhere than the group's first lane's, shifted
/// by `i * stride` along the contiguous dimension for the lane `i` after it
/// (no `stride`: anywhere along that dimension). With `sameIterations`, both
/// lanes run the same iteration number of every loop around the access;
/// otherwise their iterations are unrelated.
static FailureOr<std::optional<GridLane>>
findLaneApartInGroup(const SymbolicFootprint &fp, int64_t groupSize,
                     std::optional<int64_t> stride, bool sameIterations,
                     std::string *reason) {
  const SymbolicFootprint::Impl &impl = fp.getImpl();
  if (!impl.sizes.workgroupSize) {
    setReason(reason, "the kernel has no known_block_size");
    return failure();
  }
  // Element 0 of the access in every lane: masks, bounds and guards do not
  // move it.
  SymbolicFootprint::Impl start = impl;
  start.slotRuns = {{0, 0}};
  start.bounded = false;
  start.guards.clear();
  System system;
  Shared shared;
  SmallVector<Linear> keys;
  for (int dim = 2; dim >= 0; --dim)
    keys.push_back(
        *(shared.workgroupId[dim] = addWorkgroupId(system, impl.sizes, dim)));
  // Both lanes are of one workgroup: every uniform value is theirs alike.
  auto always = [](Value) { return true; };
  Execution lane(system, shared, start, always);
  Execution leader(system, shared, start, always);
  if (failed(lane.build()) || failed(leader.build())) {
    setReason(reason,
              "the address of " + describeOp(impl.op) + " is not affine");
    return failure();
  }
  // The same iteration number: an induction variable counting from a
  // lane's own bound still differs between the lanes (a loop without an
  // iteration number leaves them unrelated, which only loses precision).
  if (sameIterations) {
    for (Operation *loop : impl.loops) {
      const LoopVars &mine = lane.loopVars[loop],
                     &theirs = leader.loopVars[loop];
      if (mine.iteration && theirs.iteration)
        system.addEq(*mine.iteration - *theirs.iteration);
    }
  }
  keys.push_back(lane.lane);
  Linear group = system.addVar();
  Linear offset = system.addVar(1, groupSize - 1);
  system.addEq(leader.lane - group * groupSize);
  system.addEq(lane.lane - leader.lane - offset);
  Disjunction differs;
  for (auto [dim, mine, theirs] :
       llvm::enumerate(lane.coordinate, leader.coordinate)) {
    Linear gap = mine - theirs;
    if (dim == impl.contiguousDim) {
      if (!stride)
        continue;
      gap = gap - offset * *stride;
    }
    differs.push_back({{gap - 1, false}});
    differs.push_back({{Linear::of(-1) - gap, false}});
  }
  if (system.hasOverflow()) {
    setReason(reason, "the address of " + describeOp(impl.op) +
                          " overflows 64-bit integers");
    return failure();
  }
  if (differs.empty())
    return std::optional<GridLane>();
  SmallVector<Disjunction, 1> choices = {differs};
  if (!system.findSample(choices))
    return std::optional<GridLane>();
  return std::optional<GridLane>(
      toGridLane(findSmallestKeys(system, choices, keys)));
}

FailureOr<std::optional<GridLane>>
mlir::wave::findLaneOutOfStep(const SymbolicFootprint &fp, int64_t groupSize,
                              int64_t stride, std::string *reason) {
  return findLaneApartInGroup(fp, groupSize, stride, /*sameIterations=*/false,
                              reason);
}

FailureOr<std::optional<GridLane>>
mlir::wave::findLaneOffRow(const SymbolicFootprint &fp, int64_t groupSize,
                           std::string *reason) {
  return findLaneApartInGroup(fp, groupSize, /*stride=*/std::nullopt,
                              /*sameIterations=*/true, reason);
}

/// Whether `func` reads its workgroup id along `dim`.
static bool readsWorkgroupId(gpu::GPUFuncOp func, unsigned dim) {
  return func
      .walk([&](gpu::BlockIdOp id) {
        return static_cast<unsigned>(id.getDimension()) == dim
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

FailureOr<std::optional<std::pair<GridLane, GridLane>>>
mlir::wave::findElementSharedInGrid(const SymbolicFootprint &a,
                                    const SymbolicFootprint &b,
                                    std::string *reason) {
  const SymbolicFootprint::Impl &fa = a.getImpl(), &fb = b.getImpl();
  if (!fa.sizes.workgroupSize) {
    setReason(reason, "the kernel has no known_block_size");
    return failure();
  }
  auto func = fa.op->getParentOfType<gpu::GPUFuncOp>();
  // Dimensions along which a launch may have two workgroups: those of the
  // known grid that do, else those the kernel reads the id of (workgroups
  // that differ elsewhere run the same work).
  std::array<bool, 3> spread;
  for (unsigned dim = 0; dim < 3; ++dim)
    spread[dim] = fa.sizes.gridSize ? (*fa.sizes.gridSize)[dim] > 1
                                    : readsWorkgroupId(func, dim);
  // Executions in different workgroups agree on the kernel's arguments
  // only.
  auto isArgument = [&](Value value) {
    auto arg = dyn_cast<BlockArgument>(value);
    return arg && arg.getOwner()->getParentOp() == func;
  };
  System system;
  Shared shared;
  Execution first(system, shared, fa, isArgument);
  Execution second(system, shared, fb, isArgument);
  first.ownWorkgroup = second.ownWorkgroup = true;
  for (int dim = 2; dim >= 0; --dim)
    first.workgroupId[dim] = addWorkgroupId(system, fa.sizes, dim);
  for (int dim = 2; dim >= 0; --dim)
    second.workgroupId[dim] = spread[dim]
                                  ? addWorkgroupId(system, fa.sizes, dim)
                                  : *first.workgroupId[dim];
  if (failed(first.build()) || failed(second.build())) {
    setReason(reason, "an address is not affine");
    return failure();
  }
  std::optional<Linear> addressA = getAddress(fa.type, first.coordinate);
  std::optional<Linear> addressB = getAddress(fb.type, second.coordinate);
  if (addressA && addressB) {
    system.addEq(*addressA - *addressB);
  } else if (fa.memref == fb.memref && fa.type.getLayout().isIdentity()) {
    // Run-time extents: two coordinates of one element are equal, an index
    // past an extent being outside the memref.
    for (auto [x, y] : llvm::zip_equal(first.coordinate, second.coordinate))
      system.addEq(x - y);
  } else {
    setReason(reason, "the memref has a dynamic stride or offset");
    return failure();
  }

  SmallVector<Disjunction, 4> choices = first.choices;
  choices.append(second.choices.begin(), second.choices.end());
  Disjunction &different = choices.emplace_back();
  auto differ = [&](const Linear &x, const Linear &y) {
    different.push_back({{x - y - 1, false}});
    different.push_back({{y - x - 1, false}});
  };
  differ(first.lane, second.lane);
  for (unsigned dim = 0; dim < 3; ++dim)
    if (spread[dim])
      differ(*first.workgroupId[dim], *second.workgroupId[dim]);
  if (system.hasOverflow()) {
    setReason(reason, "an address overflows 64-bit integers");
    return failure();
  }
  if (!system.findSample(choices))
    return std::optional<std::pair<GridLane, GridLane>>();
  SmallVector<int64_t> keys = findSmallestKeys(
      system, choices,
      {*first.workgroupId[2], *first.workgroupId[1], *first.workgroupId[0],
       first.lane, *second.workgroupId[2], *second.workgroupId[1],
       *second.workgroupId[0], second.lane});
  return std::optional<std::pair<GridLane, GridLane>>(
      std::make_pair(toGridLane(ArrayRef(keys).take_front(4)),
                     toGridLane(ArrayRef(keys).drop_front(4))));
}

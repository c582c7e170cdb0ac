//===- LoopFacts.cpp - The bounds of the loops around accesses ------------===//
//
// Composes an `scf.for`'s bounds and step with one index composer (so the
// three share their leaves), and decides trip counts under the kernel's
// `wave.assume` on the launch system.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/LoopFacts.h"

#include "Execution.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

/// The bounds of `loop` composed by `composer`.
static LoopBounds composeBounds(scf::ForOp loop, IndexComposer &composer) {
  LoopBounds bounds;
  bounds.lower = composer.compose(loop.getLowerBound(), bounds.reason);
  bounds.upper = composer.compose(loop.getUpperBound(), bounds.reason);
  bounds.step = composer.compose(loop.getStep(), bounds.reason);
  bounds.leaves = llvm::to_vector(composer.getLeaves());
  bounds.unsignedCmp = loop.getUnsignedCmp();
  return bounds;
}

LoopBounds mlir::wave::composeLoopBounds(scf::ForOp loop) {
  IndexComposer composer(loop->getContext(), KernelSizes::of(loop));
  return composeBounds(loop, composer);
}

std::optional<int64_t> LoopBounds::getPositiveStep() const {
  auto constant = succeeded(step) ? dyn_cast<AffineConstantExpr>(*step)
                                  : AffineConstantExpr();
  if (!constant || constant.getValue() <= 0)
    return std::nullopt;
  return constant.getValue();
}

namespace {
/// The launch system of `loop`'s kernel with the loop's bounds as forms
/// over its variables, and its constant step.
struct TripSystem {
  System system;
  Linear lower, upper;
  int64_t step;
};
} // namespace

/// The trip system of `loop`, or none with `*reason` saying why.
static std::optional<TripSystem> buildTripSystem(scf::ForOp loop,
                                                 std::string *reason) {
  auto func = loop->getParentOfType<gpu::GPUFuncOp>();
  if (!func || loop.getUnsignedCmp()) {
    setReason(reason, "the loop is not a signed scf.for in a gpu.func");
    return std::nullopt;
  }
  auto launch = buildLaunchSystem(func);
  if (!launch) {
    setReason(reason, "the kernel's wave.assume is not affine");
    return std::nullopt;
  }
  auto &[system, args] = *launch;
  // Sizes the assumptions keep non-negative divide unsigned as floordiv.
  IndexComposer composer(loop->getContext(), KernelSizes::of(loop));
  proveNonNegativeInLaunch(composer, func, system, args);
  LoopBounds bounds = composeBounds(loop, composer);
  std::optional<int64_t> step = bounds.getPositiveStep();
  if (failed(bounds.lower) || failed(bounds.upper) || !step) {
    setReason(reason, failed(bounds.lower) || failed(bounds.upper)
                          ? "a bound is not affine: " + bounds.reason
                          : std::string("the step is not a positive constant"));
    return std::nullopt;
  }
  // Kernel arguments are the launch's variables; other leaves range over
  // what their class allows.
  KernelSizes sizes = KernelSizes::of(loop);
  SmallVector<Linear> leaves;
  for (const FootprintLeaf &leaf : bounds.leaves) {
    auto arg = dyn_cast<BlockArgument>(leaf.value);
    if (arg && arg.getOwner() == &func.getBody().front() &&
        arg.getArgNumber() < args.size()) {
      leaves.push_back(args[arg.getArgNumber()]);
      continue;
    }
    Interval range = getLeafRange(leaf.indexClass, sizes);
    leaves.push_back(system.addVar(range.lo, range.hi));
  }
  FailureOr<Linear> lower = system.linearize(*bounds.lower, leaves);
  FailureOr<Linear> upper = system.linearize(*bounds.upper, leaves);
  if (failed(lower) || failed(upper)) {
    setReason(reason, "a bound is not affine");
    return std::nullopt;
  }
  return TripSystem{std::move(system), *lower, *upper, *step};
}

/// Whether no launch satisfies `trips`'s system with `excess >= 0` added;
/// `*reason` says why not otherwise, ending with `allowed`.
static bool isExcluded(TripSystem &trips, const Linear &excess,
                       const Twine &allowed, std::string *reason) {
  trips.system.addGe(excess);
  if (trips.system.hasOverflow()) {
    setReason(reason, "a bound overflows 64-bit integers");
    return false;
  }
  if (!trips.system.findSample())
    return true;
  setReason(reason, "the kernel's wave.assume allows " + allowed);
  return false;
}

bool mlir::wave::isTripCountAtLeast(scf::ForOp loop, int64_t count,
                                    std::string *reason) {
  std::optional<TripSystem> trips = buildTripSystem(loop, reason);
  if (!trips)
    return false;
  // Fewer than `count` trips: ub - lb <= (count - 1) * step.
  return isExcluded(*trips,
                    Linear::of(count - 1) * trips->step -
                        (trips->upper - trips->lower),
                    "fewer than " + Twine(count) + " trips", reason);
}

bool mlir::wave::isTripCountAtMost(scf::ForOp loop, int64_t count,
                                   std::string *reason) {
  std::optional<TripSystem> trips = buildTripSystem(loop, reason);
  if (!trips)
    return false;
  // More than `count` trips: ub - lb >= count * step + 1.
  return isExcluded(
      *trips, trips->upper - trips->lower - Linear::of(count) * trips->step - 1,
      "more than " + Twine(count) + " trips", reason);
}

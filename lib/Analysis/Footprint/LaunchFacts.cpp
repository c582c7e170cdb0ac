//===- LaunchFacts.cpp - Facts under a kernel's assumptions ---------------===//
//
// Each fact is an emptiness question on the launch system, whose variables
// are the kernel's arguments under its `wave.assume`.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/LaunchFacts.h"

#include "Execution.h"

#include "wave/Dialect/Wave/IR/Assumptions.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

/// The launch system of the kernel of argument `arg`, and its variable.
static std::optional<std::pair<System, Linear>>
buildLaunchSystem(BlockArgument arg) {
  auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
  if (!func || !func->hasAttr(kAssumeAttrName))
    return std::nullopt;
  auto launch = buildLaunchSystem(func);
  if (!launch)
    return std::nullopt;
  return std::make_pair(std::move(launch->first),
                        launch->second[arg.getArgNumber()]);
}

int64_t mlir::wave::getKnownDivisor(BlockArgument arg, int64_t limit) {
  std::optional<std::pair<System, Linear>> launch = buildLaunchSystem(arg);
  if (!launch)
    return 1;
  int64_t divisor = 1;
  for (int64_t candidate = 2; candidate <= limit; candidate *= 2) {
    // Is there a launch whose value is not a multiple of `candidate`?
    System system = launch->first;
    Linear value = launch->second;
    Linear quotient = system.addVar();
    Linear remainder = system.addVar(1, candidate - 1);
    system.addEq(value - quotient * candidate - remainder);
    if (system.hasOverflow() || system.findSample())
      break;
    divisor = candidate;
  }
  return divisor;
}

KnownBounds mlir::wave::getKnownBounds(BlockArgument arg) {
  std::optional<std::pair<System, Linear>> launch = buildLaunchSystem(arg);
  if (!launch)
    return {};
  const System &system = launch->first;
  const Linear &value = launch->second;
  std::optional<SmallVector<int64_t>> point = system.findSample();
  if (!point)
    return {};
  // Values past 2^40 count as unbounded: no size the hardware addresses.
  constexpr int64_t kLimit = int64_t(1) << 40;
  // The extreme in direction `sign` (1 the smallest, -1 the largest), when
  // no value lies past the limit that way.
  auto extreme = [&](int sign) -> std::optional<int64_t> {
    System beyond = system;
    beyond.addGe(sign < 0 ? value - kLimit : Linear::of(-kLimit) - value);
    if (beyond.hasOverflow() || beyond.findSample())
      return std::nullopt;
    int64_t sample = value.evaluate(*point);
    return sign < 0 ? findExtreme(system, {}, value, sample, kLimit, -1)
                    : findExtreme(system, {}, value, -kLimit, sample, 1);
  };
  return {extreme(1), extreme(-1)};
}

std::optional<int64_t> mlir::wave::getKnownUpperBound(BlockArgument arg) {
  return getKnownBounds(arg).upper;
}

std::optional<bool>
mlir::wave::getComparisonUnderAssumptions(arith::CmpIOp cmp) {
  auto func = cmp->getParentOfType<gpu::GPUFuncOp>();
  if (!func || !func->hasAttr(kAssumeAttrName) ||
      !cmp.getLhs().getType().isIndex())
    return std::nullopt;
  auto launch = buildLaunchSystem(func);
  if (!launch)
    return std::nullopt;
  auto &[system, args] = *launch;
  IndexComposer composer(cmp->getContext(), KernelSizes::of(cmp));
  // Only the launch's values: a comparison that depends on a lane, a
  // workgroup or an iteration is no fact about the sizes.
  auto getLeafValues = [&]() -> std::optional<SmallVector<Linear>> {
    SmallVector<Linear> leaves;
    for (const FootprintLeaf &leaf : composer.getLeaves()) {
      auto arg = dyn_cast_if_present<BlockArgument>(leaf.value);
      if (!arg || arg.getOwner() != &func.getBody().front())
        return std::nullopt;
      leaves.push_back(args[arg.getArgNumber()]);
    }
    return leaves;
  };
  // A size the assumptions keep non-negative divides as floordiv/mod: no
  // launch makes it negative.
  proveNonNegativeInLaunch(composer, func, system, args);
  auto isNegative = [](const Linear &x) {
    return Disjunction{{{Linear::of(-1) - x}}};
  };
  std::string why;
  FailureOr<AffineExpr> lhs = composer.compose(cmp.getLhs(), why);
  FailureOr<AffineExpr> rhs = composer.compose(cmp.getRhs(), why);
  if (failed(lhs) || failed(rhs))
    return std::nullopt;
  std::optional<SmallVector<Linear>> leaves = getLeafValues();
  if (!leaves)
    return std::nullopt;
  FailureOr<Linear> left = system.linearize(*lhs, *leaves);
  FailureOr<Linear> right = system.linearize(*rhs, *leaves);
  if (failed(left) || failed(right))
    return std::nullopt;
  Linear difference = *left - *right;
  if (system.hasOverflow() || difference.overflowed)
    return std::nullopt;
  // An unsigned comparison is the signed one where both operands are
  // non-negative in every launch.
  using Predicate = arith::CmpIPredicate;
  Predicate predicate = cmp.getPredicate();
  std::optional<Predicate> signedPredicate;
  switch (predicate) {
  case Predicate::ult:
    signedPredicate = Predicate::slt;
    break;
  case Predicate::ule:
    signedPredicate = Predicate::sle;
    break;
  case Predicate::ugt:
    signedPredicate = Predicate::sgt;
    break;
  case Predicate::uge:
    signedPredicate = Predicate::sge;
    break;
  default:
    break;
  }
  if (signedPredicate) {
    if (system.findSample({isNegative(*left)}) ||
        system.findSample({isNegative(*right)}))
      return std::nullopt;
    predicate = *signedPredicate;
  }
  // The launches where `difference` compares with 0 as `p` says.
  auto holding = [&](Predicate p) -> Disjunction {
    switch (p) {
    case Predicate::eq:
      return {{{difference, true}}};
    case Predicate::ne:
      return {{{difference - 1}}, {{Linear::of(-1) - difference}}};
    case Predicate::slt:
      return {{{Linear::of(-1) - difference}}};
    case Predicate::sle:
      return {{{Linear::of(0) - difference}}};
    case Predicate::sgt:
      return {{{difference - 1}}};
    default:
      return {{{difference}}};
    }
  };
  if (!system.findSample({holding(predicate)}))
    return false;
  if (!system.findSample({holding(arith::invertPredicate(predicate))}))
    return true;
  return std::nullopt;
}

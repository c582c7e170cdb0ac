//===- Execution.cpp - One execution of an access in a system -------------===//
//
// An execution's variables: thread ids bounded by the workgroup, workgroup
// ids by the grid, an iteration number a loop (its induction variable an
// affine form of it where the step is constant), a variable a uniform value
// unless the query shares it with another execution, and the kernel's
// `wave.assume` on its arguments.
//
//===----------------------------------------------------------------------===//

#include "Execution.h"

#include "wave/Analysis/Footprint/LoopFacts.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"

#include "mlir/IR/IntegerSet.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

Linear mlir::wave::detail::addWorkgroupId(System &system,
                                          const KernelSizes &sizes,
                                          unsigned dim) {
  return system.addVar(
      0, sizes.gridSize ? std::optional<int64_t>((*sizes.gridSize)[dim] - 1)
                        : std::nullopt);
}

std::array<Linear, 3>
mlir::wave::detail::addThreadIds(System &system,
                                 std::optional<std::array<int64_t, 3>> block) {
  std::array<Linear, 3> threadId;
  for (unsigned dim = 0; dim < 3; ++dim)
    threadId[dim] =
        block && (*block)[dim] == 1
            ? Linear::of(0)
            : system.addVar(0, block ? std::optional<int64_t>((*block)[dim] - 1)
                                     : std::nullopt);
  return threadId;
}

Linear mlir::wave::detail::getLinearId(ArrayRef<Linear> threadId,
                                       std::array<int64_t, 3> block) {
  return threadId[0] + threadId[1] * block[0] +
         threadId[2] * (block[0] * block[1]);
}

FailureOr<Linear> Execution::valueOf(const FootprintLeaf &leaf) {
  const IndexClass &indexClass = leaf.indexClass;
  switch (indexClass.kind) {
  case IndexKind::ThreadId:
    return threadId[indexClass.dim];
  case IndexKind::WorkgroupId: {
    std::optional<Linear> &id =
        (ownWorkgroup ? workgroupId : shared.workgroupId)[indexClass.dim];
    if (!id)
      id = addWorkgroupId(system, fp.sizes, indexClass.dim);
    return *id;
  }
  case IndexKind::LoopInductionVar: {
    Operation *loop = cast<BlockArgument>(leaf.value).getOwner()->getParentOp();
    auto it = loopVars.find(loop);
    if (it != loopVars.end() && it->second.inductionVar)
      return *it->second.inductionVar;
    return system.addVar();
  }
  case IndexKind::Uniform: {
    llvm::DenseMap<Value, Linear> &map =
        isShared(leaf.value) ? shared.uniforms : uniforms;
    auto it = map.find(leaf.value);
    if (it != map.end())
      return it->second;
    return map[leaf.value] = system.addVar();
  }
  default:
    return failure();
  }
}

std::optional<Linear> Execution::extentOf(unsigned dim) {
  if (!fp.type.isDynamicDim(dim))
    return Linear::of(fp.type.getDimSize(dim));
  BlockArgument size = getSizeArgument(fp.memref, dim);
  if (!size)
    return std::nullopt;
  FailureOr<Linear> value = valueOf({IndexClass{IndexKind::Uniform}, size});
  if (failed(value))
    return std::nullopt;
  // A launch has extents of at least 0.
  system.addGe(*value);
  return *value;
}

FailureOr<SmallVector<Linear>>
Execution::valuesOf(ArrayRef<FootprintLeaf> leaves) {
  SmallVector<Linear> values;
  for (const FootprintLeaf &leaf : leaves) {
    FailureOr<Linear> value = valueOf(leaf);
    if (failed(value))
      return failure();
    values.push_back(*value);
  }
  return values;
}

void Execution::buildLoop(Operation *op) {
  LoopVars &vars = loopVars[op];
  auto loop = dyn_cast<scf::ForOp>(op);
  if (!loop)
    return;
  // The induction variable is an affine form of the iteration number when
  // the step is constant (no variable of its own: fewer variables make
  // emptiness cheaper).
  IndexClass iv = classifyIndex(loop.getInductionVar());
  if (iv.hasStaticRange()) {
    vars.iteration = system.addVar(0, iv.getTripCount() - 1);
    vars.inductionVar = *vars.iteration * *iv.step + *iv.lowerBound;
    return;
  }
  vars.inductionVar = system.addVar();
  // Bounds the kernel computes: `lb + step * k < ub` with a constant step
  // and affine bounds (over uniform values, say).
  LoopBounds bounds = composeLoopBounds(loop);
  std::optional<int64_t> step = bounds.getPositiveStep();
  if (!step || failed(bounds.lower))
    return;
  FailureOr<SmallVector<Linear>> values = valuesOf(bounds.leaves);
  if (failed(values))
    return;
  FailureOr<Linear> lower = system.linearize(*bounds.lower, *values);
  if (failed(lower))
    return;
  vars.iteration = system.addVar(0);
  vars.inductionVar = *vars.iteration * *step + *lower;
  if (bounds.unsignedCmp || failed(bounds.upper))
    return;
  if (FailureOr<Linear> upper = system.linearize(*bounds.upper, *values);
      succeeded(upper))
    system.addGe(*upper - *vars.inductionVar - 1);
}

/// Adds the constraints of `set` (a kernel's `wave.assume`) over `args`,
/// the variables of the kernel's arguments; fails when one is not affine.
static LogicalResult addAssumptionsOver(System &system, IntegerSet set,
                                        ArrayRef<Linear> args) {
  for (auto [expr, isEquality] :
       llvm::zip_equal(set.getConstraints(), set.getEqFlags())) {
    FailureOr<Linear> form = system.linearize(expr, args);
    if (failed(form))
      return failure();
    system.add({*form, isEquality});
  }
  return success();
}

LogicalResult Execution::addAssumptions() {
  auto func = fp.op->getParentOfType<gpu::GPUFuncOp>();
  auto set = func ? func->getAttrOfType<IntegerSetAttr>(kAssumeAttrName)
                  : IntegerSetAttr();
  if (!set)
    return success();
  IntegerSet constraints = set.getValue();
  SmallVector<Linear> args;
  for (auto [dim, arg] : llvm::enumerate(func.getArguments())) {
    unsigned position = dim;
    bool used = llvm::any_of(constraints.getConstraints(), [&](AffineExpr e) {
      return e.isFunctionOfDim(position);
    });
    // Arguments the constraints do not use are never linearized.
    FailureOr<Linear> value =
        used ? valueOf({IndexClass{IndexKind::Uniform}, arg}) : Linear::of(0);
    if (failed(value))
      return failure();
    args.push_back(*value);
  }
  return addAssumptionsOver(system, constraints, args);
}

LogicalResult Execution::build() {
  // Thread ids and the linear lane.
  std::optional<std::array<int64_t, 3>> block = fp.sizes.workgroupSize;
  threadId = addThreadIds(system, block);
  if (block)
    lane = getLinearId(threadId, *block);

  for (Operation *loop : fp.loops)
    buildLoop(loop);

  FailureOr<SmallVector<Linear>> leafValues = valuesOf(fp.leaves);
  if (failed(leafValues))
    return failure();
  for (AffineExpr result : fp.map.getResults()) {
    FailureOr<Linear> value = system.linearize(result, *leafValues);
    if (failed(value))
      return failure();
    coordinate.push_back(*value);
  }
  // The slot: a constant for one enabled slot, bounds for one run of them,
  // a choice between runs otherwise.
  Linear slot = fp.slotRuns.size() == 1 &&
                        fp.slotRuns.front().first == fp.slotRuns.front().second
                    ? Linear::of(fp.slotRuns.front().first)
                    : system.addVar();
  coordinate[fp.contiguousDim] = coordinate[fp.contiguousDim] + slot;
  if (fp.slotRuns.size() == 1) {
    system.addGe(slot - fp.slotRuns.front().first);
    system.addGe(Linear::of(fp.slotRuns.front().second) - slot);
  } else {
    Disjunction &slots = choices.emplace_back();
    for (auto [first, last] : fp.slotRuns)
      slots.push_back(
          {{slot - first, false}, {Linear::of(last) - slot, false}});
  }

  if (failed(addAssumptions()))
    return failure();
  // A bounded access touches only elements inside the shape (a dynamic
  // extent without a size argument leaves its coordinate unconstrained).
  if (fp.bounded)
    for (auto [dim, value] : llvm::enumerate(coordinate)) {
      system.addGe(value);
      if (std::optional<Linear> extent = extentOf(dim))
        system.addGe(*extent - value - 1);
    }

  FailureOr<SmallVector<Linear>> guardValues = valuesOf(fp.guardLeaves);
  if (failed(guardValues))
    return failure();
  for (const GuardDnf &guard : fp.guards) {
    Disjunction &alternatives = choices.emplace_back();
    for (const GuardConjunction &conjunction : guard) {
      Conjunction &constraints = alternatives.emplace_back();
      for (const GuardAtom &atom : conjunction) {
        FailureOr<Linear> form = system.linearize(atom.expr, *guardValues);
        if (failed(form))
          return failure();
        constraints.push_back({*form, atom.equality});
      }
    }
  }
  return success();
}

std::optional<std::pair<System, SmallVector<Linear>>>
mlir::wave::detail::buildLaunchSystem(gpu::GPUFuncOp func) {
  System system;
  SmallVector<Linear> args;
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    args.push_back(system.addVar());
  auto set = func->getAttrOfType<IntegerSetAttr>(kAssumeAttrName);
  if (set && failed(addAssumptionsOver(system, set.getValue(), args)))
    return std::nullopt;
  return std::make_pair(std::move(system), std::move(args));
}

void mlir::wave::detail::proveNonNegativeInLaunch(IndexComposer &composer,
                                                  gpu::GPUFuncOp func,
                                                  const System &system,
                                                  ArrayRef<Linear> args) {
  composer.setNonNegativeProver(
      [&composer, func, &system, args](AffineExpr expr) mutable {
        // Only the launch's values: an expression of a lane, a workgroup or an
        // iteration is no fact about the sizes.
        SmallVector<Linear> leaves;
        for (const FootprintLeaf &leaf : composer.getLeaves()) {
          auto arg = dyn_cast_if_present<BlockArgument>(leaf.value);
          if (!arg || arg.getOwner() != &func.getBody().front())
            return false;
          leaves.push_back(args[arg.getArgNumber()]);
        }
        // Linearizing may add variables, hence a copy.
        System copy = system;
        FailureOr<Linear> value = copy.linearize(expr, leaves);
        return succeeded(value) && !value->overflowed && !copy.hasOverflow() &&
               !copy.findSample({Disjunction{{{Linear::of(-1) - *value}}}});
      });
}

bool mlir::wave::detail::isSameInBoth(Value value,
                                      IterationRelationFn relationOf) {
  for (Operation *parent = value.getParentRegion()->getParentOp();
       parent && !isa<gpu::GPUFuncOp>(parent); parent = parent->getParentOp()) {
    if (!isa<LoopLikeOpInterface>(parent))
      continue;
    std::optional<IterationDistance> distance = relationOf(parent);
    if (!distance || distance->min != 0 || distance->max != 0)
      return false;
  }
  return true;
}

std::optional<Linear>
mlir::wave::detail::getAddress(MemRefType type, ArrayRef<Linear> coordinate) {
  FailureOr<StaticMemRefLayout> layout = StaticMemRefLayout::get(type);
  if (failed(layout))
    return std::nullopt;
  Linear address = Linear::of(layout->offset);
  for (auto [index, stride] : llvm::zip_equal(coordinate, layout->strides))
    address = address + index * stride;
  return address;
}

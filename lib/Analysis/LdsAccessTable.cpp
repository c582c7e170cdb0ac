//===- LdsAccessTable.cpp - Every element an LDS access touches -----------===//

#include "LdsAccessTable.h"

#include "IndexComposition.h"

#include "wave/Analysis/Footprint.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

/// Largest table built (lanes x iterations x vector slots).
static constexpr int64_t kMaxTableEntries = int64_t(1) << 24;
/// Most entry pairs `tablesConflict` compares before it gives up and
/// answers "conflict".
static constexpr uint64_t kMaxComparisons = uint64_t(1) << 26;

namespace {
/// The address of element 0 of an access as an affine map over leaves.
struct AddressMap {
  MemRefType type;
  AffineMap map;
  SmallVector<FootprintLeaf> leaves;
  unsigned contiguousDim = 0;
  SmallVector<bool> enabledSlots;
};

/// Where a leaf's value comes from while enumerating.
struct LeafSource {
  enum class Kind { ThreadId, Loop, Unused } kind = Kind::Unused;
  /// The thread id dimension or the position in the table's loops.
  unsigned index = 0;
};

/// A condition on the lane and iterations: a tree of comparisons of affine
/// expressions over the guard leaves.
struct Predicate {
  enum class Kind { Constant, Compare, And, Or, Xor } kind = Kind::Constant;
  bool constant = true;
  arith::CmpIPredicate compare = arith::CmpIPredicate::eq;
  AffineExpr lhs, rhs;
  std::vector<Predicate> operands;
};
} // namespace

static FailureOr<AddressMap>
getAddressMap(Operation *op, const KernelSizes &sizes, std::string &reason) {
  AddressMap result;
  if (auto access = dyn_cast<LaneAccessOpInterface>(op)) {
    FailureOr<AccessFootprint> footprint =
        AccessFootprint::get(access, &reason);
    if (failed(footprint))
      return failure();
    result.type = footprint->getMemRefType();
    result.map = footprint->getMap();
    result.leaves = llvm::to_vector(footprint->getLeaves());
    result.contiguousDim = footprint->getContiguousDim();
    // Not llvm::to_vector: braces around two pointers make a list of bools.
    ArrayRef<bool> enabled = footprint->getEnabledSlots();
    result.enabledSlots.assign(enabled.begin(), enabled.end());
    return result;
  }

  Value memref;
  ValueRange indices;
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    memref = load.getMemRef();
    indices = load.getIndices();
  } else {
    auto store = cast<memref::StoreOp>(op);
    memref = store.getMemRef();
    indices = store.getIndices();
  }
  IndexComposer composer(op->getContext(), sizes);
  SmallVector<AffineExpr> coordinates;
  for (auto [i, index] : llvm::enumerate(indices)) {
    std::string why;
    FailureOr<AffineExpr> expr = composer.compose(index, why);
    if (failed(expr)) {
      reason = "index operand #" + std::to_string(i) + " of " + describeOp(op) +
               ": " + why;
      return failure();
    }
    coordinates.push_back(*expr);
  }
  result.type = cast<MemRefType>(memref.getType());
  result.leaves = llvm::to_vector(composer.getLeaves());
  result.map =
      AffineMap::get(result.leaves.size(), 0, coordinates, op->getContext());
  result.enabledSlots = {true};
  return result;
}

/// How enumeration finds `leaf`'s value, adding its loop to `loops` when it
/// is an induction variable; none (with `why`) for leaves that are not the
/// same in every workgroup and launch (workgroup ids, uniform values) or
/// loops whose range is not static.
static std::optional<LeafSource> resolveLeaf(const FootprintLeaf &leaf,
                                             SmallVectorImpl<TableLoop> &loops,
                                             std::string &why) {
  const IndexClass &indexClass = leaf.indexClass;
  switch (indexClass.kind) {
  case IndexKind::ThreadId:
    return LeafSource{LeafSource::Kind::ThreadId, indexClass.dim};
  case IndexKind::LoopInductionVar: {
    auto loop = cast<scf::ForOp>(
        cast<BlockArgument>(leaf.value).getOwner()->getParentOp());
    if (!indexClass.hasStaticRange()) {
      why = "the induction variable of " + describeOp(loop) +
            " has no static range";
      return std::nullopt;
    }
    for (auto [position, known] : llvm::enumerate(loops))
      if (known.loop == loop)
        return LeafSource{LeafSource::Kind::Loop,
                          static_cast<unsigned>(position)};
    loops.push_back({loop, *indexClass.lowerBound, *indexClass.step,
                     indexClass.getTripCount()});
    return LeafSource{LeafSource::Kind::Loop,
                      static_cast<unsigned>(loops.size() - 1)};
  }
  case IndexKind::WorkgroupId:
    why = "it depends on the workgroup id";
    return std::nullopt;
  default:
    why = "it depends on a uniform value that is not a constant";
    return std::nullopt;
  }
}

/// Resolves the leaves `isUsed` selects into `sources`; fails (leaving
/// `loops` as it was) if one cannot be.
static LogicalResult resolveLeaves(ArrayRef<FootprintLeaf> leaves,
                                   function_ref<bool(unsigned)> isUsed,
                                   SmallVectorImpl<TableLoop> &loops,
                                   SmallVectorImpl<LeafSource> &sources,
                                   std::string &why) {
  SmallVector<TableLoop> newLoops(loops.begin(), loops.end());
  SmallVector<LeafSource> newSources(sources.begin(), sources.end());
  newSources.resize(leaves.size());
  for (auto [position, leaf] : llvm::enumerate(leaves)) {
    if (!isUsed(position) ||
        newSources[position].kind != LeafSource::Kind::Unused)
      continue;
    std::optional<LeafSource> source = resolveLeaf(leaf, newLoops, why);
    if (!source)
      return failure();
    newSources[position] = *source;
  }
  loops.assign(newLoops.begin(), newLoops.end());
  sources.assign(newSources.begin(), newSources.end());
  return success();
}

//===----------------------------------------------------------------------===//
// Guards
//===----------------------------------------------------------------------===//

static std::optional<Predicate>
buildPredicate(Value condition, IndexComposer &composer, unsigned depth = 0) {
  Predicate predicate;
  APInt bit;
  if (matchPattern(condition, m_ConstantInt(&bit))) {
    predicate.constant = !bit.isZero();
    return predicate;
  }
  Operation *op = condition.getDefiningOp();
  if (!op || depth > 8)
    return std::nullopt;
  if (auto compare = dyn_cast<arith::CmpIOp>(op)) {
    std::string ignored;
    FailureOr<AffineExpr> lhs = composer.compose(compare.getLhs(), ignored);
    FailureOr<AffineExpr> rhs = composer.compose(compare.getRhs(), ignored);
    if (failed(lhs) || failed(rhs))
      return std::nullopt;
    predicate.kind = Predicate::Kind::Compare;
    predicate.compare = compare.getPredicate();
    predicate.lhs = *lhs;
    predicate.rhs = *rhs;
    return predicate;
  }
  if (!isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op) ||
      !op->getResult(0).getType().isInteger(1))
    return std::nullopt;
  predicate.kind = isa<arith::AndIOp>(op)  ? Predicate::Kind::And
                   : isa<arith::OrIOp>(op) ? Predicate::Kind::Or
                                           : Predicate::Kind::Xor;
  for (Value operand : op->getOperands()) {
    std::optional<Predicate> sub = buildPredicate(operand, composer, depth + 1);
    if (!sub)
      return std::nullopt;
    predicate.operands.push_back(std::move(*sub));
  }
  return predicate;
}

static bool usesLeaf(const Predicate &predicate, unsigned position) {
  if (predicate.kind == Predicate::Kind::Compare)
    return predicate.lhs.isFunctionOfDim(position) ||
           predicate.rhs.isFunctionOfDim(position);
  return llvm::any_of(predicate.operands, [&](const Predicate &operand) {
    return usesLeaf(operand, position);
  });
}

static bool evaluatePredicate(const Predicate &predicate,
                              ArrayRef<int64_t> values) {
  switch (predicate.kind) {
  case Predicate::Kind::Constant:
    return predicate.constant;
  case Predicate::Kind::And:
    return evaluatePredicate(predicate.operands[0], values) &&
           evaluatePredicate(predicate.operands[1], values);
  case Predicate::Kind::Or:
    return evaluatePredicate(predicate.operands[0], values) ||
           evaluatePredicate(predicate.operands[1], values);
  case Predicate::Kind::Xor:
    return evaluatePredicate(predicate.operands[0], values) !=
           evaluatePredicate(predicate.operands[1], values);
  case Predicate::Kind::Compare:
    break;
  }
  int64_t lhs = evaluate(predicate.lhs, values);
  int64_t rhs = evaluate(predicate.rhs, values);
  auto ulhs = static_cast<uint64_t>(lhs), urhs = static_cast<uint64_t>(rhs);
  switch (predicate.compare) {
  case arith::CmpIPredicate::eq:
    return lhs == rhs;
  case arith::CmpIPredicate::ne:
    return lhs != rhs;
  case arith::CmpIPredicate::slt:
    return lhs < rhs;
  case arith::CmpIPredicate::sle:
    return lhs <= rhs;
  case arith::CmpIPredicate::sgt:
    return lhs > rhs;
  case arith::CmpIPredicate::sge:
    return lhs >= rhs;
  case arith::CmpIPredicate::ult:
    return ulhs < urhs;
  case arith::CmpIPredicate::ule:
    return ulhs <= urhs;
  case arith::CmpIPredicate::ugt:
    return ulhs > urhs;
  case arith::CmpIPredicate::uge:
    return ulhs >= urhs;
  }
  llvm_unreachable("unknown comparison");
}

/// The conditions of the `scf.if` arms around `op` (up to its kernel), as
/// predicates a lane must satisfy to execute it. Conditions that are not
/// comparisons of thread ids, static induction variables and constants are
/// left out: the lane may execute the access.
static SmallVector<Predicate> collectGuards(Operation *op,
                                            IndexComposer &composer) {
  SmallVector<Predicate> guards;
  for (Operation *child = op, *parent = op->getParentOp();
       parent && !isa<gpu::GPUFuncOp>(parent);
       child = parent, parent = parent->getParentOp()) {
    auto branch = dyn_cast<scf::IfOp>(parent);
    if (!branch)
      continue;
    std::optional<Predicate> condition =
        buildPredicate(branch.getCondition(), composer);
    if (!condition)
      continue;
    if (child->getParentRegion() == &branch.getElseRegion()) {
      Predicate negated;
      negated.kind = Predicate::Kind::Xor;
      negated.operands = {std::move(*condition), Predicate()};
      condition = std::move(negated);
    }
    guards.push_back(std::move(*condition));
  }
  return guards;
}

//===----------------------------------------------------------------------===//
// LdsAccessTable
//===----------------------------------------------------------------------===//

/// Sets the values of the leaves `sources` describes for one lane and one
/// combination of iterations.
static void bindLeaves(ArrayRef<LeafSource> sources, ArrayRef<TableLoop> loops,
                       const std::array<int64_t, 3> &threadId,
                       ArrayRef<int32_t> iterations,
                       SmallVectorImpl<int64_t> &values) {
  for (auto [position, source] : llvm::enumerate(sources)) {
    if (source.kind == LeafSource::Kind::ThreadId)
      values[position] = threadId[source.index];
    else if (source.kind == LeafSource::Kind::Loop)
      values[position] = loops[source.index].lowerBound +
                         iterations[source.index] * loops[source.index].step;
  }
}

FailureOr<LdsAccessTable> LdsAccessTable::build(Operation *op,
                                                std::string &reason) {
  KernelSizes sizes = KernelSizes::of(op);
  if (!sizes.workgroupSize) {
    reason = "the kernel has no known_block_size";
    return failure();
  }
  FailureOr<AddressMap> address = getAddressMap(op, sizes, reason);
  if (failed(address))
    return failure();
  FailureOr<StaticMemRefLayout> layout = StaticMemRefLayout::get(address->type);
  if (failed(layout)) {
    reason = "the memref has a dynamic shape, stride or offset";
    return failure();
  }

  LdsAccessTable table;
  table.elementBits = address->type.getElementTypeBitWidth();
  SmallVector<LeafSource> mapSources;
  std::string why;
  if (failed(resolveLeaves(
          address->leaves,
          [&](unsigned position) {
            return address->map.isFunctionOfDim(position);
          },
          table.loops, mapSources, why))) {
    reason = "the address of " + describeOp(op) + " is not static: " + why;
    return failure();
  }

  IndexComposer guardComposer(op->getContext(), sizes);
  SmallVector<Predicate> candidates = collectGuards(op, guardComposer);
  SmallVector<Predicate> guards;
  SmallVector<LeafSource> guardSources;
  for (Predicate &guard : candidates) {
    if (succeeded(resolveLeaves(
            guardComposer.getLeaves(),
            [&](unsigned position) { return usesLeaf(guard, position); },
            table.loops, guardSources, why)))
      guards.push_back(std::move(guard));
  }
  guardSources.resize(guardComposer.getLeaves().size());

  SmallVector<int32_t> slots;
  for (auto [slot, enabled] : llvm::enumerate(address->enabledSlots))
    if (enabled)
      slots.push_back(slot);
  auto [sizeX, sizeY, sizeZ] = *sizes.workgroupSize;
  int64_t numLanes = sizeX * sizeY * sizeZ;
  int64_t numIterations = 1;
  for (const TableLoop &loop : table.loops)
    numIterations *= loop.tripCount;
  if (numLanes * static_cast<int64_t>(slots.size()) >
      kMaxTableEntries / std::max<int64_t>(numIterations, 1)) {
    reason =
        "the footprint of " + describeOp(op) + " has more than 2^24 elements";
    return failure();
  }

  unsigned rank = layout->getRank();
  unsigned numLoops = table.loops.size();
  SmallVector<int64_t> mapValues(address->leaves.size(), 0);
  SmallVector<int64_t> guardValues(guardSources.size(), 0);
  SmallVector<int32_t> iterations(numLoops, 0);
  SmallVector<int64_t> coordinate(rank);
  for (int64_t lane = 0; lane < numLanes; ++lane) {
    std::array<int64_t, 3> threadId = {lane % sizeX, (lane / sizeX) % sizeY,
                                       lane / (sizeX * sizeY)};
    for (int64_t iteration = 0; iteration < numIterations; ++iteration) {
      // Mixed-radix digits, the first loop the most significant.
      int64_t rest = iteration;
      for (unsigned i = numLoops; i-- > 0;) {
        iterations[i] = rest % table.loops[i].tripCount;
        rest /= table.loops[i].tripCount;
      }
      bindLeaves(guardSources, table.loops, threadId, iterations, guardValues);
      if (!llvm::all_of(guards, [&](const Predicate &guard) {
            return evaluatePredicate(guard, guardValues);
          }))
        continue;
      bindLeaves(mapSources, table.loops, threadId, iterations, mapValues);
      for (unsigned r = 0; r < rank; ++r)
        coordinate[r] = evaluate(address->map.getResult(r), mapValues);
      for (int32_t slot : slots) {
        SmallVector<int64_t> element = coordinate;
        if (slot != 0)
          element[address->contiguousDim] += slot;
        table.addresses.push_back(layout->linearizePhysical(element));
        table.lanes.push_back(lane);
        table.iterations.insert(table.iterations.end(), iterations.begin(),
                                iterations.end());
      }
    }
  }
  return table;
}

const llvm::DenseMap<int64_t, SmallVector<uint32_t, 2>> &
LdsAccessTable::getIndex() const {
  if (!index) {
    index.emplace();
    for (size_t entry = 0, e = size(); entry < e; ++entry)
      (*index)[addresses[entry]].push_back(entry);
  }
  return *index;
}

//===----------------------------------------------------------------------===//
// Conflicts
//===----------------------------------------------------------------------===//

namespace {
/// The constraint one loop puts on the iterations of two entries.
struct LoopConstraint {
  scf::ForOp loop;
  IterationRelation relation;
  int64_t tripCount;
  std::optional<unsigned> first, second;

  bool allows(ArrayRef<int32_t> firstIterations,
              ArrayRef<int32_t> secondIterations) const {
    int64_t gap = relation == IterationRelation::Next ? 1 : 2;
    if (first && second) {
      int32_t a = firstIterations[*first], b = secondIterations[*second];
      if (relation == IterationRelation::Same)
        return a == b;
      return relation == IterationRelation::Next ? b == a + 1 : b >= a + 2;
    }
    if (relation == IterationRelation::Same)
      return true;
    // The other access runs in every iteration: the one it needs must exist.
    if (first)
      return firstIterations[*first] + gap < tripCount;
    return secondIterations[*second] >= gap;
  }
};
} // namespace

bool mlir::wave::detail::tablesConflict(
    const LdsAccessTable &first, const LdsAccessTable &second,
    function_ref<IterationRelation(scf::ForOp)> relationOf,
    unsigned groupSize) {
  SmallVector<LoopConstraint> constraints;
  auto addLoops = [&](const LdsAccessTable &table, bool isFirst) {
    for (auto [position, tableLoop] : llvm::enumerate(table.getLoops())) {
      scf::ForOp loop = tableLoop.loop;
      auto it = llvm::find_if(
          constraints, [&](const LoopConstraint &c) { return c.loop == loop; });
      if (it == constraints.end()) {
        constraints.push_back({tableLoop.loop, relationOf(tableLoop.loop),
                               tableLoop.tripCount, std::nullopt,
                               std::nullopt});
        it = std::prev(constraints.end());
      }
      (isFirst ? it->first : it->second) = position;
    }
  };
  addLoops(first, true);
  addLoops(second, false);
  llvm::erase_if(constraints, [](const LoopConstraint &c) {
    return c.relation == IterationRelation::Any;
  });

  const auto &index = first.getIndex();
  uint64_t comparisons = 0;
  for (size_t entry = 0, e = second.size(); entry < e; ++entry) {
    auto it = index.find(second.getAddress(entry));
    if (it == index.end())
      continue;
    int64_t group = second.getLane(entry) / groupSize;
    ArrayRef<int32_t> secondIterations = second.getIterations(entry);
    for (uint32_t other : it->second) {
      if (++comparisons > kMaxComparisons)
        return true;
      if (first.getLane(other) / groupSize == group)
        continue;
      ArrayRef<int32_t> firstIterations = first.getIterations(other);
      if (llvm::all_of(constraints, [&](const LoopConstraint &constraint) {
            return constraint.allows(firstIterations, secondIterations);
          }))
        return true;
    }
  }
  return false;
}

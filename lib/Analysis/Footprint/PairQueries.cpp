//===- PairQueries.cpp - Two executions of two accesses -------------------===//
//
// Two executions in one system: their addresses equal, their loops'
// iteration numbers related by the caller's distances, their lanes in
// different groups. The cache keys a question by its structure.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/PairQueries.h"

#include "Execution.h"

#include "wave/Analysis/Footprint/LoopFacts.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

namespace {
/// The system of a pair query: a point of `system` satisfying an
/// alternative of each of `choices` is a pair of executions with a common
/// address.
struct PairSystem {
  System system;
  SmallVector<Disjunction, 4> choices;
  Linear laneA, laneB, address;
};
} // namespace

static FailureOr<PairSystem> buildPairSystem(const SymbolicFootprint &a,
                                             const SymbolicFootprint &b,
                                             IterationRelationFn relationOf,
                                             LanePairs lanes,
                                             std::string *reason) {
  const SymbolicFootprint::Impl &fa = a.getImpl(), &fb = b.getImpl();
  if (!fa.sizes.workgroupSize) {
    setReason(reason, "the kernel has no known_block_size");
    return failure();
  }
  PairSystem pair;
  System &system = pair.system;
  Shared shared;
  auto isShared = [&](Value value) { return isSameInBoth(value, relationOf); };
  Execution first(system, shared, fa, isShared);
  Execution second(system, shared, fb, isShared);
  if (failed(first.build()) || failed(second.build())) {
    setReason(reason, "an address is not affine");
    return failure();
  }
  std::optional<Linear> addressA = getAddress(fa.type, first.coordinate);
  std::optional<Linear> addressB = getAddress(fb.type, second.coordinate);
  if (!addressA || !addressB) {
    setReason(reason, "the memref has a dynamic shape, stride or offset");
    return failure();
  }
  system.addEq(*addressA - *addressB);

  // Loops around both accesses: the iteration numbers differ by the
  // distance the caller gives.
  for (Operation *loop : fa.loops) {
    if (!llvm::is_contained(fb.loops, loop))
      continue;
    std::optional<IterationDistance> distance = relationOf(loop);
    if (!distance)
      continue;
    const LoopVars &varsA = first.loopVars[loop];
    const LoopVars &varsB = second.loopVars[loop];
    if (varsA.iteration && varsB.iteration) {
      Linear delta = *varsB.iteration - *varsA.iteration;
      system.addGe(delta - distance->min);
      if (distance->max)
        system.addGe(Linear::of(*distance->max) - delta);
    } else if (varsA.inductionVar && distance->min == 0 && distance->max &&
               *distance->max == 0) {
      system.addEq(*varsB.inductionVar - *varsA.inductionVar);
    }
  }

  SmallVector<Disjunction, 4> &choices = pair.choices;
  choices = first.choices;
  choices.append(second.choices.begin(), second.choices.end());
  if (lanes.groupSize != 0) {
    Linear groupA = system.floorDiv(first.lane, lanes.groupSize);
    Linear groupB = system.floorDiv(second.lane, lanes.groupSize);
    choices.push_back(
        {{{groupB - groupA - 1, false}}, {{groupA - groupB - 1, false}}});
  }
  if (system.hasOverflow()) {
    setReason(reason, "an address or loop bound overflows 64-bit integers");
    return failure();
  }
  pair.laneA = first.lane;
  pair.laneB = second.lane;
  pair.address = *addressA;
  return pair;
}

FailureOr<std::optional<FootprintWitness>> mlir::wave::findCommonAddress(
    const SymbolicFootprint &a, const SymbolicFootprint &b,
    IterationRelationFn relationOf, LanePairs lanes, std::string *reason) {
  FailureOr<PairSystem> pair = buildPairSystem(a, b, relationOf, lanes, reason);
  if (failed(pair))
    return failure();
  std::optional<SmallVector<int64_t>> point =
      pair->system.findSample(pair->choices);
  if (!point)
    return std::optional<FootprintWitness>();
  return std::optional<FootprintWitness>(FootprintWitness{
      pair->laneA.evaluate(*point), pair->laneB.evaluate(*point),
      pair->address.evaluate(*point)});
}

FailureOr<bool> mlir::wave::hasCommonAddress(const SymbolicFootprint &a,
                                             const SymbolicFootprint &b,
                                             IterationRelationFn relationOf,
                                             LanePairs lanes,
                                             std::string *reason,
                                             SamplePool *pool) {
  FailureOr<PairSystem> pair = buildPairSystem(a, b, relationOf, lanes, reason);
  if (failed(pair))
    return failure();
  std::optional<bool> found = pair->system.hasSample(pair->choices, pool);
  if (!found) {
    setReason(reason, "the integer search budget of the analysis is spent");
    return failure();
  }
  return *found;
}

namespace {
/// The key of a pair query: everything its system is built from, in the
/// order it is built. Values and ops appear as numbers in their order of
/// first appearance, described there by what the system reads of them, so
/// that a kernel and its clones (the restaged copies load minimization
/// tries) ask the same question with the same key, and the key holds no
/// pointer to an op that may be erased. Types, maps and expressions are
/// uniqued in the context and appear as themselves.
class QueryKey {
public:
  QueryKey(LanePairs lanes, IterationRelationFn relationOf)
      : relationOf(relationOf) {
    words.push_back(lanes.groupSize);
  }

  /// The key of the question about `a` and `b`.
  static QueryKey of(const SymbolicFootprint &a, const SymbolicFootprint &b,
                     IterationRelationFn relationOf, LanePairs lanes) {
    QueryKey key(lanes, relationOf);
    key.addFootprint(a.getImpl());
    key.addFootprint(b.getImpl());
    return key;
  }

  void addFootprint(const SymbolicFootprint::Impl &fp);
  StringRef getBytes() const {
    return StringRef(reinterpret_cast<const char *>(words.data()),
                     words.size() * sizeof(uintptr_t));
  }

private:
  void addInt(int64_t value) { words.push_back(static_cast<uintptr_t>(value)); }
  void addPointer(const void *pointer) {
    words.push_back(reinterpret_cast<uintptr_t>(pointer));
  }
  /// Appends the number of `entity`; true at its first appearance.
  bool addId(const void *entity) {
    auto [it, inserted] = ids.try_emplace(entity, ids.size());
    addInt(it->second);
    return inserted;
  }
  void addSizes(const std::optional<std::array<int64_t, 3>> &sizes) {
    addInt(sizes.has_value());
    if (sizes)
      for (int64_t size : *sizes)
        addInt(size);
  }
  void addKernel(gpu::GPUFuncOp func);
  void addValue(Value value);
  void addLeaves(ArrayRef<FootprintLeaf> leaves);
  void addLoop(Operation *loop);

  IterationRelationFn relationOf;
  SmallVector<uintptr_t, 64> words;
  llvm::DenseMap<const void *, unsigned> ids;
};
} // namespace

/// The kernel's assumptions and arguments (they become variables).
void QueryKey::addKernel(gpu::GPUFuncOp func) {
  if (!addId(func.getOperation()))
    return;
  addPointer(func->getAttr(kAssumeAttrName).getAsOpaquePointer());
  addInt(func.getNumArguments());
}

/// A uniform value: which kernel argument it is, if one (the assumptions
/// name arguments by number).
void QueryKey::addValue(Value value) {
  if (!addId(value.getAsOpaquePointer()))
    return;
  auto arg = dyn_cast<BlockArgument>(value);
  auto func = arg ? dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp())
                  : gpu::GPUFuncOp();
  bool isKernelArgument = func && arg.getOwner() == &func.getBody().front();
  addInt(isKernelArgument);
  if (isKernelArgument) {
    addKernel(func);
    addInt(arg.getArgNumber());
  }
}

void QueryKey::addLeaves(ArrayRef<FootprintLeaf> leaves) {
  addInt(leaves.size());
  for (const FootprintLeaf &leaf : leaves) {
    addInt(static_cast<int64_t>(leaf.indexClass.kind));
    addInt(leaf.indexClass.dim);
    // Ids are variables by dimension; other kinds are not linearized.
    if (leaf.indexClass.kind == IndexKind::LoopInductionVar) {
      addLoop(cast<BlockArgument>(leaf.value).getOwner()->getParentOp());
    } else if (leaf.indexClass.kind == IndexKind::Uniform) {
      addValue(leaf.value);
      addInt(isSameInBoth(leaf.value, relationOf));
    }
  }
}

/// A loop: its relation between the executions and what `buildLoop` reads
/// of its bounds.
void QueryKey::addLoop(Operation *loop) {
  if (!addId(loop))
    return;
  addPointer(loop->getName().getAsOpaquePointer());
  std::optional<IterationDistance> distance = relationOf(loop);
  addInt(distance.has_value());
  if (distance) {
    addInt(distance->min);
    addInt(distance->max.has_value());
    addInt(distance->max.value_or(0));
  }
  auto forOp = dyn_cast<scf::ForOp>(loop);
  if (!forOp)
    return;
  IndexClass iv = classifyIndex(forOp.getInductionVar());
  addInt(iv.hasStaticRange());
  if (iv.hasStaticRange()) {
    addInt(*iv.lowerBound);
    addInt(*iv.step);
    addInt(iv.getTripCount());
    return;
  }
  LoopBounds bounds = composeLoopBounds(forOp);
  for (const FailureOr<AffineExpr> &expr :
       {bounds.lower, bounds.upper, bounds.step})
    addPointer(succeeded(expr) ? expr->getAsOpaquePointer() : nullptr);
  addInt(bounds.unsignedCmp);
  addLeaves(bounds.leaves);
}

void QueryKey::addFootprint(const SymbolicFootprint::Impl &fp) {
  addSizes(fp.sizes.workgroupSize);
  addSizes(fp.sizes.gridSize);
  auto func = fp.op->getParentOfType<gpu::GPUFuncOp>();
  addInt(static_cast<bool>(func));
  if (func)
    addKernel(func);
  addInt(fp.loops.size());
  for (Operation *loop : fp.loops)
    addLoop(loop);
  addPointer(fp.type.getAsOpaquePointer());
  addPointer(fp.map.getAsOpaquePointer());
  addLeaves(fp.leaves);
  addInt(fp.contiguousDim);
  addInt(fp.slotRuns.size());
  for (auto [first, last] : fp.slotRuns) {
    addInt(first);
    addInt(last);
  }
  // A bounded access reads the extents: dynamic ones are kernel arguments.
  addInt(fp.bounded);
  if (fp.bounded)
    for (unsigned dim = 0; dim < fp.type.getRank(); ++dim) {
      BlockArgument size = fp.type.isDynamicDim(dim)
                               ? getSizeArgument(fp.memref, dim)
                               : BlockArgument();
      addInt(static_cast<bool>(size));
      if (size)
        addValue(size);
    }
  addLeaves(fp.guardLeaves);
  addInt(fp.guards.size());
  for (const GuardDnf &guard : fp.guards) {
    addInt(guard.size());
    for (const GuardConjunction &conjunction : guard) {
      addInt(conjunction.size());
      for (const GuardAtom &atom : conjunction) {
        addPointer(atom.expr.getAsOpaquePointer());
        addInt(atom.equality);
      }
    }
  }
}

CommonAddressCache::CommonAddressCache()
    : pool(std::make_unique<SamplePool>()) {}
CommonAddressCache::CommonAddressCache(CommonAddressCache &&) = default;
CommonAddressCache &
CommonAddressCache::operator=(CommonAddressCache &&) = default;
CommonAddressCache::~CommonAddressCache() = default;

unsigned CommonAddressCache::getNumAnsweredByKeptPoints() const {
  return pool->getNumHits();
}

unsigned CommonAddressCache::getNumUndecided() const {
  return pool->getNumUndecided();
}

unsigned CommonAddressCache::getFullSearchBudget() {
  return SamplePool::kFullSearches;
}

std::string CommonAddressCache::describeUndecided(unsigned count) {
  return (Twine(count) +
          " pair question(s) left undecided by the branch and bound, without "
          "a full integer search (the " +
          Twine(getFullSearchBudget()) +
          " a kernel allows spent, or a system of more than " +
          Twine(SamplePool::kFullSearchVariables) + " variables)")
      .str();
}

FailureOr<bool> CommonAddressCache::contains(const SymbolicFootprint &a,
                                             const SymbolicFootprint &b,
                                             IterationRelationFn relationOf,
                                             LanePairs lanes) {
  QueryKey key = QueryKey::of(a, b, relationOf, lanes);
  StringRef bytes = key.getBytes();
  auto answer = answers.find(bytes);
  if (answer != answers.end())
    return failed(answer->second)
               ? FailureOr<bool>(failure())
               : FailureOr<bool>(answer->second->has_value());
  auto it = existence.find(bytes);
  if (it != existence.end())
    return it->second;
  FailureOr<bool> exists =
      hasCommonAddress(a, b, relationOf, lanes, /*reason=*/nullptr, pool.get());
  existence.try_emplace(bytes, exists);
  return exists;
}

FailureOr<std::optional<FootprintWitness>>
CommonAddressCache::find(const SymbolicFootprint &a, const SymbolicFootprint &b,
                         IterationRelationFn relationOf, LanePairs lanes) {
  QueryKey key = QueryKey::of(a, b, relationOf, lanes);
  StringRef bytes = key.getBytes();
  auto it = answers.find(bytes);
  if (it != answers.end())
    return it->second;
  FailureOr<std::optional<FootprintWitness>> answer =
      findCommonAddress(a, b, relationOf, lanes);
  answers.try_emplace(bytes, answer);
  return answer;
}

FailureOr<CoordinateBounds>
mlir::wave::findCoordinateBounds(const SymbolicFootprint &footprint) {
  const SymbolicFootprint::Impl &fp = footprint.getImpl();
  System system;
  Shared shared;
  Execution execution(system, shared, fp, [](Value) { return false; });
  if (failed(execution.build()) || system.hasOverflow())
    return failure();
  CoordinateBounds bounds;
  // The execution's alternatives (guards, slot runs) are left out: fewer
  // constraints, more points, still bounds.
  if (!system.hasSample()) {
    bounds.empty = true;
    return bounds;
  }
  for (const Linear &coordinate : execution.coordinate) {
    auto [lower, upper] = system.getRationalRange(coordinate);
    // The relaxation of a floordiv or mod leaves slack; a binary search on
    // integers between the rational bounds takes it back, so that the boxes
    // of neighbouring rows (a staging chunk and the next) are apart.
    if (lower && upper) {
      int64_t lo = *lower, hi = *upper;
      lower = findExtreme(system, {}, coordinate, lo, hi, 1);
      upper = findExtreme(system, {}, coordinate, *lower, hi, -1);
    }
    bounds.lower.push_back(lower);
    bounds.upper.push_back(upper);
    // Every variable of the system is an integer, so the coordinate is its
    // constant modulo the gcd of its coefficients (a vector's slot enters
    // with coefficient 1 where it has several: no congruence there).
    // Magnitudes in unsigned arithmetic: a coefficient may be INT64_MIN.
    uint64_t gcd = 0;
    for (int64_t coefficient : coordinate.coeffs) {
      uint64_t magnitude = static_cast<uint64_t>(coefficient);
      gcd = std::gcd(gcd, coefficient < 0 ? 0 - magnitude : magnitude);
    }
    int64_t modulus = coordinate.overflowed || gcd > INT64_MAX ? 0 : gcd;
    bounds.modulus.push_back(modulus);
    bounds.residue.push_back(
        modulus > 1 ? llvm::mod(coordinate.constant, modulus) : 0);
  }
  return bounds;
}

bool CoordinateBounds::mayMeet(const CoordinateBounds &other) const {
  if (empty || other.empty)
    return false;
  for (auto [lowerA, upperA, lowerB, upperB] :
       llvm::zip_equal(lower, upper, other.lower, other.upper))
    if ((upperA && lowerB && *upperA < *lowerB) ||
        (upperB && lowerA && *upperB < *lowerA))
      return false;
  // Two coordinates of residues rA mod mA and rB mod mB can be equal only
  // when rA and rB agree modulo gcd(mA, mB).
  for (auto [modulusA, residueA, modulusB, residueB] :
       llvm::zip_equal(modulus, residue, other.modulus, other.residue)) {
    int64_t common = std::gcd(modulusA, modulusB);
    if (modulusA > 1 && modulusB > 1 && common > 1 &&
        llvm::mod(residueA - residueB, common) != 0)
      return false;
  }
  return true;
}

FailureOr<LaneOverlap> mlir::wave::computeSymbolicOverlap(
    const SymbolicFootprint &a, const SymbolicFootprint &b,
    IterationRelationFn relationOf, unsigned waveSize, std::string *reason) {
  if (a.getMemref() != b.getMemref()) {
    setReason(reason, describeOp(a.getOp()) + " and " + describeOp(b.getOp()) +
                          " access different memrefs");
    return failure();
  }
  LaneOverlap overlap;
  // The strongest overlap first: each implies the weaker ones.
  LanePairs strongestFirst[] = {LanePairs::differentGroups(waveSize),
                                LanePairs::differentLanes(), LanePairs::any()};
  for (auto [strength, lanes] : llvm::enumerate(strongestFirst)) {
    FailureOr<std::optional<FootprintWitness>> witness =
        findCommonAddress(a, b, relationOf, lanes, reason);
    if (failed(witness))
      return failure();
    if (!*witness)
      continue;
    overlap.crossWave = strength == 0;
    overlap.crossLane = strength <= 1;
    overlap.commonAddress = true;
    overlap.laneA = (*witness)->laneA;
    overlap.laneB = (*witness)->laneB;
    overlap.address = (*witness)->address;
    return overlap;
  }
  return overlap;
}

//===- StagingPlan.cpp - Proving and planning the linear staging layout ---===//
//
// For one staging group: every access map is split into a lane part (a
// function of the thread ids) plus a translation that is linear in workgroup
// ids, loop induction variables and uniform values. With the translation at
// zero, the lane parts give the box every workgroup copies (the same box,
// moved by the translation, in every workgroup and iteration) and the LDS
// placement of each element; both are decided on integers from the
// symbolic footprints, whatever the number of lanes. Alignment is proven
// from the memref layout and the values the translation can take.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Staging/StagingPlan.h"
#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Footprint/IndexClassification.h"
#include "wave/Analysis/Footprint/LaunchFacts.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Footprint/TileQueries.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"
#include "wave/Analysis/Uniformity/WorkgroupUniformity.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/IR/DirectToLds.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace mlir::wave;

/// Widest load of one lane on AMDGPU (global_load_dwordx4).
static constexpr int64_t kMaxLoadBytes = 16;
/// Largest box the plan enumerates.
static constexpr int64_t kMaxBoxElements = int64_t(1) << 26;

static LogicalResult fail(StagingDiagnostic &diagnostic, StagingFailure kind,
                          Operation *op, const Twine &reason) {
  diagnostic.kind = kind;
  diagnostic.op = op;
  diagnostic.reason = reason.str();
  return failure();
}

template <typename T>
static std::string formatList(ArrayRef<T> values, StringRef separator = ", ") {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(values, os, separator);
  return text;
}

static std::string formatType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

//===----------------------------------------------------------------------===//
// Where the copy runs and what lies between its ops
//===----------------------------------------------------------------------===//

/// The footprint counts every lane of the workgroup: the copy must run in
/// all of them, i.e. only under loops and branches whose decisions are the
/// same in every lane.
static LogicalResult checkControlFlow(const StagingGroup &group,
                                      Operation *anchor,
                                      StagingDiagnostic &diagnostic) {
  for (Operation *parent = group.block->getParentOp();
       parent && !isa<gpu::GPUFuncOp>(parent); parent = parent->getParentOp()) {
    SmallVector<Value> decisions;
    if (auto loop = dyn_cast<scf::ForOp>(parent))
      decisions = {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()};
    else if (auto branch = dyn_cast<scf::IfOp>(parent))
      decisions = {branch.getCondition()};
    else
      return fail(diagnostic, StagingFailure::NotMovable, anchor,
                  "the tile is staged inside '" +
                      parent->getName().getStringRef() +
                      "', whose control flow the analysis does not follow");
    if (!llvm::all_of(decisions, [](Value v) { return isWorkgroupUniform(v); }))
      return fail(diagnostic, StagingFailure::NotMovable, anchor,
                  "the tile is staged under '" +
                      parent->getName().getStringRef() +
                      "' on a condition that may differ between lanes");
  }
  return success();
}

/// The new ops go after the group's last op: nothing between its first and
/// last op may write the memory it reads or read the tile it writes.
static LogicalResult checkSpan(const StagingGroup &group, Operation *first,
                               Operation *last, StagingDiagnostic &diagnostic) {
  llvm::SmallPtrSet<Operation *, 16> members;
  for (StagingPair pair : group.pairs) {
    members.insert(pair.read);
    members.insert(pair.write);
  }
  for (Operation *op = first->getNextNode(); op != last;
       op = op->getNextNode()) {
    if (members.contains(op))
      continue;
    auto blame = [&](StringRef what) {
      return fail(diagnostic, StagingFailure::NotMovable, op,
                  "'" + op->getName().getStringRef() +
                      "' between the reads and the LDS writes of the tile " +
                      what);
    };
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        getEffectsRecursively(op);
    if (!effects)
      return blame("has unknown memory effects");
    for (const MemoryEffects::EffectInstance &effect : *effects) {
      if (isa<MemoryEffects::Allocate>(effect.getEffect()))
        continue;
      bool writes = !isa<MemoryEffects::Read>(effect.getEffect());
      Value value = effect.getValue();
      if (!value || !isa<MemRefType>(value.getType()))
        return blame(writes ? "may write the memory they access"
                            : "may read the LDS tile");
      if (writes &&
          (mayAlias(value, group.source) || mayAlias(value, group.tile)))
        return blame("may write the memory they access");
      if (!writes && mayAlias(value, group.tile))
        return blame("may read the LDS tile");
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Splitting coordinates into a lane part and a translation
//===----------------------------------------------------------------------===//

namespace {
/// `lanePart + sum(coefficient * leaf)` for the non-thread leaves.
struct SplitExpr {
  AffineExpr lanePart;
  SmallVector<std::pair<unsigned, int64_t>> terms;
};

/// An access's footprint with every coordinate split.
struct SplitAccess {
  AccessFootprint footprint;
  SmallVector<SmallVector<UniformTerm>> offsets;
};
} // namespace

static bool isThreadLeaf(const FootprintLeaf &leaf) {
  return leaf.indexClass.kind == IndexKind::ThreadId;
}

/// Splits `expr` (over `leaves`), or fails when a non-thread leaf appears
/// inside a floordiv, ceildiv or mod, or is multiplied by a non-constant.
static std::optional<SplitExpr> splitExpr(AffineExpr expr,
                                          ArrayRef<FootprintLeaf> leaves) {
  bool translated = llvm::any_of(llvm::enumerate(leaves), [&](auto leaf) {
    return !isThreadLeaf(leaf.value()) && expr.isFunctionOfDim(leaf.index());
  });
  if (!translated)
    return SplitExpr{expr, {}};
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return SplitExpr{getAffineConstantExpr(0, expr.getContext()),
                     {{dim.getPosition(), 1}}};
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  if (expr.getKind() == AffineExprKind::Add) {
    std::optional<SplitExpr> lhs = splitExpr(binary.getLHS(), leaves);
    std::optional<SplitExpr> rhs = splitExpr(binary.getRHS(), leaves);
    if (!lhs || !rhs)
      return std::nullopt;
    lhs->lanePart = lhs->lanePart + rhs->lanePart;
    llvm::append_range(lhs->terms, rhs->terms);
    return lhs;
  }
  if (expr.getKind() == AffineExprKind::Mul) {
    AffineExpr factor = binary.getLHS(), scale = binary.getRHS();
    if (!isa<AffineConstantExpr>(scale))
      std::swap(factor, scale);
    auto constant = dyn_cast<AffineConstantExpr>(scale);
    if (!constant)
      return std::nullopt;
    std::optional<SplitExpr> split = splitExpr(factor, leaves);
    if (!split)
      return std::nullopt;
    split->lanePart = split->lanePart * constant.getValue();
    for (auto &term : split->terms)
      term.second *= constant.getValue();
    return split;
  }
  return std::nullopt;
}

/// A leaf's identity across footprints: ids by dimension, others by value.
static bool isSameLeaf(const FootprintLeaf &a, const FootprintLeaf &b) {
  if (a.indexClass.kind != b.indexClass.kind)
    return false;
  if (a.indexClass.kind == IndexKind::ThreadId ||
      a.indexClass.kind == IndexKind::WorkgroupId)
    return a.indexClass.dim == b.indexClass.dim;
  return a.value == b.value;
}

/// Merges the terms of one leaf and drops zero coefficients.
static SmallVector<UniformTerm>
collectTerms(ArrayRef<std::pair<unsigned, int64_t>> terms,
             ArrayRef<FootprintLeaf> leaves) {
  SmallVector<UniformTerm> result;
  for (const auto &[position, coefficient] : terms) {
    const FootprintLeaf &leaf = leaves[position];
    auto *it = llvm::find_if(result, [&](const UniformTerm &term) {
      return isSameLeaf(term.leaf, leaf);
    });
    if (it == result.end())
      result.push_back({leaf, coefficient});
    else
      it->coefficient += coefficient;
  }
  llvm::erase_if(result,
                 [](const UniformTerm &term) { return term.coefficient == 0; });
  return result;
}

/// Whether two translations are the same linear form.
static bool isSameOffset(ArrayRef<UniformTerm> a, ArrayRef<UniformTerm> b) {
  if (a.size() != b.size())
    return false;
  return llvm::all_of(a, [&](const UniformTerm &term) {
    return llvm::any_of(b, [&](const UniformTerm &other) {
      return isSameLeaf(term.leaf, other.leaf) &&
             term.coefficient == other.coefficient;
    });
  });
}

/// Whether `access` stays inside its memref even without skipping what
/// lies outside (`bounded`).
static bool isProvablyInBoundsUnlessSkipped(LaneAccessOpInterface access) {
  FailureOr<SymbolicFootprint> footprint = SymbolicFootprint::get(access);
  return succeeded(footprint) &&
         footprint->isProvablyInBounds(nullptr, /*ignoreBounded=*/true);
}

static FailureOr<SplitAccess> splitAccess(LaneAccessOpInterface access,
                                          StagingDiagnostic &diagnostic) {
  Operation *op = access.getOperation();
  if (access.getMask())
    return fail(diagnostic, StagingFailure::Unanalyzable, op,
                "the access is masked, so its footprint depends on the mask");
  // A bounded read skips elements by their coordinates alone, which any
  // layout of the copy skips alike; a bounded LDS write that may skip
  // would leave holes in the tile.
  if (access.isWrite() && access.getBounded() &&
      !isProvablyInBoundsUnlessSkipped(access))
    return fail(diagnostic, StagingFailure::Unanalyzable, op,
                "the LDS write is bounded and may skip elements outside "
                "its tile");
  std::string why;
  FailureOr<AccessFootprint> footprint = AccessFootprint::get(access, &why);
  if (failed(footprint))
    return fail(diagnostic, StagingFailure::Unanalyzable, op,
                "the access has no footprint: " + why);
  if (!footprint->getWorkgroupSize())
    return fail(diagnostic, StagingFailure::Unanalyzable, op,
                "the kernel has no known_block_size, so its lanes are "
                "unknown");

  SplitAccess result{*footprint, {}};
  ArrayRef<FootprintLeaf> leaves = footprint->getLeaves();
  for (auto [dim, expr] : llvm::enumerate(footprint->getMap().getResults())) {
    std::optional<SplitExpr> split = splitExpr(expr, leaves);
    if (!split)
      return fail(diagnostic, StagingFailure::Unanalyzable, op,
                  "coordinate " + Twine(dim) +
                      " of the access is not a function of the thread ids "
                      "plus a linear translation by workgroup ids, induction "
                      "variables and uniform values");
    result.offsets.push_back(collectTerms(split->terms, leaves));
  }
  return result;
}

/// The footprint with every translation at zero.
static FailureOr<WorkgroupFootprint>
enumerateLanePart(const SplitAccess &access, StagingDiagnostic &diagnostic) {
  FootprintBindings bindings;
  for (const FootprintLeaf &leaf : access.footprint.getLeaves())
    if (!isThreadLeaf(leaf) && leaf.value &&
        leaf.indexClass.kind != IndexKind::WorkgroupId)
      bindings.bind(leaf.value, 0);
  std::string why;
  FailureOr<WorkgroupFootprint> elements =
      access.footprint.enumerate(bindings, &why);
  if (failed(elements))
    return fail(diagnostic, StagingFailure::Unanalyzable,
                access.footprint.getAccess().getOperation(),
                "the footprint cannot be enumerated: " + why);
  return elements;
}

//===----------------------------------------------------------------------===//
// The box and its placement in LDS
//===----------------------------------------------------------------------===//

namespace {
/// The global coordinates of every element the reads of a group touch,
/// flattened, enumerated lane by lane.
struct ReadElements {
  unsigned rank = 0;
  std::vector<int64_t> source;

  int64_t size() const { return source.size() / rank; }
  ArrayRef<int64_t> getSource(int64_t i) const {
    return ArrayRef<int64_t>(source).slice(i * rank, rank);
  }
};
} // namespace

/// Enumerates the lane parts of the reads of `group` (what counting does
/// not decide, and the remark on a box with holes).
static FailureOr<ReadElements> enumerateReads(ArrayRef<SplitAccess> reads,
                                              unsigned rank,
                                              StagingDiagnostic &diagnostic) {
  ReadElements elements;
  elements.rank = rank;
  for (const SplitAccess &read : reads) {
    FailureOr<WorkgroupFootprint> lanes = enumerateLanePart(read, diagnostic);
    if (failed(lanes))
      return failure();
    for (int64_t lane = 0, e = lanes->getNumLanes(); lane < e; ++lane)
      for (int64_t i = 0, n = lanes->getNumElements(lane); i < n; ++i)
        llvm::append_range(elements.source, lanes->getCoordinate(lane, i));
  }
  return elements;
}

/// The bounding box of the enumerated `elements`.
static FootprintBox enumerateBox(const ReadElements &elements) {
  unsigned rank = elements.rank;
  SmallVector<int64_t> lo(rank, std::numeric_limits<int64_t>::max());
  SmallVector<int64_t> hi(rank, std::numeric_limits<int64_t>::min());
  for (int64_t i = 0; i < elements.size(); ++i)
    for (auto [d, x] : llvm::enumerate(elements.getSource(i))) {
      lo[d] = std::min(lo[d], x);
      hi[d] = std::max(hi[d], x);
    }
  FootprintBox box{lo, {}};
  for (unsigned d = 0; d < rank; ++d)
    box.extents.push_back(hi[d] - lo[d] + 1);
  return box;
}

/// Checks that the reads' lane parts cover their bounding box exactly;
/// fills `box`. Decided on integers (`findLaneBox`), whatever the number of
/// lanes. Only where that query does not decide (reads that touch elements
/// twice) or finds holes are the reads enumerated: to decide, saying so in
/// `note`, and to count, for the remark, the elements they do cover.
static LogicalResult checkDenseBox(ArrayRef<const SymbolicFootprint *> reads,
                                   ArrayRef<SplitAccess> splitReads,
                                   unsigned rank, Operation *anchor,
                                   FootprintBox &box, std::string &note,
                                   StagingDiagnostic &diagnostic) {
  std::string why;
  FailureOr<LaneBox> covered = findLaneBox(reads, &why);
  if (succeeded(covered) && covered->dense) {
    box = covered->box;
    return success();
  }

  FailureOr<ReadElements> elements =
      enumerateReads(splitReads, rank, diagnostic);
  if (failed(elements))
    return failure();
  box = succeeded(covered) ? covered->box : enumerateBox(*elements);
  int64_t volume = 1;
  for (int64_t extent : box.extents) {
    if (extent > kMaxBoxElements / volume)
      return fail(diagnostic, StagingFailure::Unanalyzable, anchor,
                  "the reads span more than 2^26 elements");
    volume *= extent;
  }
  llvm::BitVector counted(volume);
  for (int64_t i = 0; i < elements->size(); ++i) {
    int64_t position = 0;
    for (auto [d, x] : llvm::enumerate(elements->getSource(i)))
      position = position * box.extents[d] + (x - box.lowerBounds[d]);
    counted.set(position);
  }
  int64_t distinct = counted.count();
  if (failed(covered) && distinct == volume) {
    note = "the box of the tile was checked by enumerating its lanes: " + why;
    return success();
  }
  return fail(diagnostic, StagingFailure::NotDenseBox, anchor,
              "the workgroup's reads cover " + Twine(distinct) + " of the " +
                  Twine(volume) + " elements of their bounding box " +
                  formatList<int64_t>(box.extents, "x") + " at [" +
                  formatList<int64_t>(box.lowerBounds) + "], not a dense box");
}

/// Checks that LDS coordinate minus global coordinate is one vector, on
/// integers (`findLaneTranslation`); fills `shift`.
static LogicalResult checkTranslation(
    const StagingGroup &group,
    ArrayRef<std::pair<const SymbolicFootprint *, const SymbolicFootprint *>>
        copies,
    SmallVectorImpl<int64_t> &shift, StagingDiagnostic &diagnostic) {
  std::string why;
  FailureOr<LaneTranslation> translation = findLaneTranslation(copies, &why);
  if (failed(translation))
    return fail(diagnostic, StagingFailure::Unanalyzable,
                group.pairs.front().write,
                "the placement of the tile cannot be decided: " + why);
  if (translation->shift) {
    shift = *translation->shift;
    return success();
  }
  const CopiedElement &first = translation->first;
  const CopiedElement &other = *translation->mismatch;
  return fail(diagnostic, StagingFailure::NotBijective,
              group.pairs[translation->mismatchPair].write,
              "the LDS writes do not place the box by one translation: "
              "element [" +
                  formatList<int64_t>(first.source) + "] goes to [" +
                  formatList<int64_t>(first.tile) + "] but element [" +
                  formatList<int64_t>(other.source) + "] to [" +
                  formatList<int64_t>(other.tile) + "]");
}

//===----------------------------------------------------------------------===//
// Contiguity, alignment and width
//===----------------------------------------------------------------------===//

/// A divisor of every value `leaf` takes (0 when it is always 0).
static int64_t getLeafDivisor(const FootprintLeaf &leaf,
                              std::optional<std::array<int64_t, 3>> grid) {
  const IndexClass &indexClass = leaf.indexClass;
  switch (indexClass.kind) {
  case IndexKind::WorkgroupId:
    return grid && (*grid)[indexClass.dim] == 1 ? 0 : 1;
  case IndexKind::LoopInductionVar: {
    if (!indexClass.hasStaticRange())
      return 1;
    int64_t lb = std::abs(*indexClass.lowerBound);
    return indexClass.getTripCount() <= 1 ? lb : std::gcd(lb, *indexClass.step);
  }
  default:
    return 1;
  }
}

namespace {
/// What the plan needs of the global memref's layout: each dimension's
/// stride, or, for a row-major memref whose extents kernel arguments hold
/// (`wave.dims`), a divisor of it (the product of the powers of two
/// `wave.assume` proves to divide the later extents), and which dimensions
/// are outer to which.
struct SourceLayout {
  /// Strides, or divisors of them where `exact` is false.
  SmallVector<int64_t> strides;
  SmallVector<bool> exact;
  int64_t offset = 0;
  /// Sort key: smaller keys are outer (larger strides).
  SmallVector<int64_t> order;

  unsigned getRank() const { return strides.size(); }
  bool isUnitStride(unsigned d) const { return exact[d] && strides[d] == 1; }
};
} // namespace

static FailureOr<SourceLayout> getSourceLayout(Value source, std::string &why) {
  auto type = cast<MemRefType>(source.getType());
  SourceLayout layout;
  if (FailureOr<StaticMemRefLayout> exact = StaticMemRefLayout::get(type);
      succeeded(exact)) {
    layout.strides = exact->strides;
    layout.exact.assign(type.getRank(), true);
    layout.offset = exact->offset;
    for (int64_t stride : exact->strides)
      layout.order.push_back(-stride);
    return layout;
  }
  if (!type.getLayout().isIdentity()) {
    why = "the strides or offset of " + formatType(type) +
          " are dynamic, so run alignment cannot be proven";
    return failure();
  }
  // Runs are powers of two: the power-of-two part of a stride (up to a cap)
  // is all alignment needs, and products of it cannot overflow.
  constexpr int64_t kMaxDivisor = int64_t(1) << 20;
  auto powerOfTwoPart = [&](int64_t value) {
    return value == 0
               ? kMaxDivisor
               : std::min(kMaxDivisor,
                          int64_t(1) << llvm::countr_zero(uint64_t(value)));
  };
  unsigned rank = type.getRank();
  layout.strides.assign(rank, 1);
  layout.exact.assign(rank, true);
  // The innermost stride is 1 exactly; outer ones are known exactly until a
  // dynamic extent, and by their power-of-two part from there on.
  int64_t stride = 1;
  bool exact = true;
  for (int64_t d = rank - 1; d >= 0; --d) {
    layout.strides[d] = stride;
    layout.exact[d] = exact;
    layout.order.push_back(d);
    if (!type.isDynamicDim(d)) {
      stride = exact ? stride * type.getDimSize(d)
                     : std::min(kMaxDivisor,
                                stride * powerOfTwoPart(type.getDimSize(d)));
      continue;
    }
    BlockArgument size = getSizeArgument(source, d);
    if (!size) {
      why = "extent " + std::to_string(d) + " of " + formatType(type) +
            " is dynamic and no kernel argument holds it ('wave.dims')";
      return failure();
    }
    stride = std::min(kMaxDivisor, powerOfTwoPart(stride) *
                                       getKnownDivisor(size, kMaxDivisor));
    exact = false;
  }
  std::reverse(layout.order.begin(), layout.order.end());
  return layout;
}

/// A divisor of the element offset (from the memref's base) at which every
/// run starts, except for the multiple of the width the lane part adds
/// along `contiguousDim` (0 when every offset is 0).
static int64_t getRunStartDivisor(const SourceLayout &layout,
                                  const FootprintBox &box,
                                  ArrayRef<SmallVector<UniformTerm>> offsets,
                                  unsigned contiguousDim,
                                  std::optional<std::array<int64_t, 3>> grid) {
  int64_t divisor = std::abs(layout.offset);
  for (unsigned d = 0; d < layout.getRank(); ++d) {
    int64_t stride = std::abs(layout.strides[d]);
    divisor = std::gcd(divisor, stride * std::abs(box.lowerBounds[d]));
    if (d != contiguousDim && box.extents[d] > 1)
      divisor = std::gcd(divisor, stride);
    for (const UniformTerm &term : offsets[d])
      divisor = std::gcd(divisor, stride * std::abs(term.coefficient) *
                                      getLeafDivisor(term.leaf, grid));
  }
  return divisor;
}

/// Memory instructions one lane needs for `access`: one per 16 bytes when
/// its elements are adjacent in memory, one per element otherwise.
static int64_t getLoadsPerLane(LaneAccessOpInterface access,
                               const SourceLayout &layout,
                               int64_t elementBytes) {
  int64_t n = access.getVectorType().getNumElements();
  if (n > 1 && !layout.isUnitStride(access.getContiguousDim()))
    return n;
  return llvm::divideCeil(n * elementBytes, kMaxLoadBytes);
}

//===----------------------------------------------------------------------===//
// StagingPlan
//===----------------------------------------------------------------------===//

int64_t StagingPlan::getActiveLanes(int64_t read) const {
  return std::clamp<int64_t>(numRuns - read * numLanes, 0, numLanes);
}

static int64_t floorDiv(int64_t a, int64_t b) {
  return llvm::divideFloorSigned(a, b);
}
static int64_t mod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }
static AffineExpr floorDiv(AffineExpr a, int64_t b) { return a.floorDiv(b); }
static AffineExpr mod(AffineExpr a, int64_t b) { return a % b; }
static int64_t constantLike(int64_t, int64_t value) { return value; }
static AffineExpr constantLike(AffineExpr like, int64_t value) {
  return getAffineConstantExpr(value, like.getContext());
}

/// The box coordinates of run `run`'s first element, written once for
/// integers (to compare layouts) and affine expressions (to build maps).
template <typename T>
static SmallVector<T> unravelRun(const StagingPlan &plan, T run, bool wrap) {
  SmallVector<T> coords = llvm::map_to_vector(
      plan.lowerBounds, [&](int64_t lb) { return constantLike(run, lb); });
  T rest = wrap ? mod(run, plan.numRuns) : run;
  unsigned inner = plan.contiguousDim;
  int64_t runsPerRow = plan.extents[inner] / plan.width;
  coords[inner] = coords[inner] + mod(rest, runsPerRow) * plan.width;
  rest = floorDiv(rest, runsPerRow);
  SmallVector<unsigned> outer;
  for (unsigned d : ArrayRef<unsigned>(plan.dimOrder).drop_back())
    if (plan.extents[d] > 1)
      outer.push_back(d);
  for (auto [i, d] : llvm::enumerate(llvm::reverse(outer))) {
    // The outermost dimension needs no modulo: runs stop at the box's end.
    bool outermost = i + 1 == outer.size();
    coords[d] = coords[d] + (outermost ? rest : mod(rest, plan.extents[d]));
    rest = floorDiv(rest, plan.extents[d]);
  }
  return coords;
}

SmallVector<AffineExpr> StagingPlan::getRunCoordinates(AffineExpr run,
                                                       bool wrap) const {
  return unravelRun(*this, run, wrap);
}

SmallVector<int64_t> StagingPlan::getRunStart(int64_t run) const {
  return unravelRun(*this, run, /*wrap=*/false);
}

/// Whether the lanes already read exactly the runs of `plan`. Called with
/// a dense box and as many lane loads as runs: the reads' (lane, read)
/// pairs then touch every element of the box once, so they are the plan's
/// runs when each starts a run the plan gives its lane.
static bool isLinearAlready(const StagingPlan &plan,
                            ArrayRef<const SymbolicFootprint *> reads) {
  bool sameShape = llvm::all_of(plan.pairs, [&](StagingPair pair) {
    return pair.read.getVectorType().getNumElements() == plan.width &&
           pair.read.getContiguousDim() == plan.contiguousDim;
  });
  return sameShape &&
         startsRunsOfLanes(reads, FootprintBox{plan.lowerBounds, plan.extents},
                           plan.dimOrder, plan.width, plan.numLanes);
}

/// Picks the run dimension, the order of the others, the run width and the
/// number of runs and reads.
static LogicalResult chooseRuns(StagingPlan &plan, const SourceLayout &layout,
                                const AccessFootprint &footprint,
                                unsigned loadBits, Operation *anchor,
                                StagingDiagnostic &diagnostic) {
  MemRefType type = footprint.getMemRefType();
  FootprintBox box{plan.lowerBounds, plan.extents};

  // Runs lie along the unit-stride dimension; the others go outside it,
  // the largest stride outermost.
  unsigned rank = layout.getRank();
  std::optional<unsigned> contiguous;
  for (unsigned d = 0; d < rank; ++d)
    if (layout.isUnitStride(d) && (!contiguous || box.extents[d] > 1))
      contiguous = d;
  if (!contiguous)
    return fail(diagnostic, StagingFailure::NotContiguous, anchor,
                "no dimension of " + formatType(type) +
                    " has unit stride, so no two elements of the box are "
                    "adjacent in memory");
  if (box.extents[*contiguous] == 1 && box.getNumElements() > 1)
    return fail(diagnostic, StagingFailure::NotContiguous, anchor,
                "the box is one element wide along dimension " +
                    Twine(*contiguous) + ", the only contiguous one of " +
                    formatType(type));
  plan.contiguousDim = *contiguous;
  for (unsigned d = 0; d < rank; ++d)
    if (d != *contiguous)
      plan.dimOrder.push_back(d);
  llvm::sort(plan.dimOrder, [&](unsigned a, unsigned b) {
    return std::make_pair(layout.order[a], a) <
           std::make_pair(layout.order[b], b);
  });
  plan.dimOrder.push_back(*contiguous);

  // The widest run, up to `loadBits`, that divides the box's rows and whose
  // start is provably aligned to its size in every workgroup and iteration.
  int64_t elementBits = type.getElementTypeBitWidth();
  int64_t divisor = getRunStartDivisor(layout, box, plan.sourceOffset,
                                       *contiguous, footprint.getGridSize());
  plan.width =
      std::max<int64_t>(llvm::bit_floor(uint64_t(loadBits / elementBits)), 1);
  while (plan.width > 1 && (box.extents[*contiguous] % plan.width != 0 ||
                            divisor % plan.width != 0))
    plan.width /= 2;

  plan.workgroupSize = *footprint.getWorkgroupSize();
  plan.numLanes =
      plan.workgroupSize[0] * plan.workgroupSize[1] * plan.workgroupSize[2];
  plan.waveSize = footprint.getWaveSize().value_or(64);
  plan.numRuns = box.getNumElements() / plan.width;
  plan.readsPerLane = llvm::divideCeil(plan.numRuns, plan.numLanes);
  return success();
}

/// What the group costs a workgroup now and in the linear layout.
static void computeCosts(StagingPlan &plan, const SourceLayout &layout,
                         int64_t elementBytes) {
  int64_t numWaves = llvm::divideCeil(plan.numLanes, plan.waveSize);
  for (StagingPair pair : plan.pairs) {
    int64_t perLane = getLoadsPerLane(pair.read, layout, elementBytes);
    plan.before.readOps += 1;
    plan.before.laneLoads += plan.numLanes * perLane;
    plan.before.waveLoads += numWaves * perLane;
    plan.before.bytes += plan.numLanes *
                         pair.read.getVectorType().getNumElements() *
                         elementBytes;
  }
  plan.after.readOps = plan.readsPerLane;
  plan.after.laneLoads = plan.numRuns;
  for (int64_t read = 0; read < plan.readsPerLane; ++read)
    plan.after.waveLoads +=
        llvm::divideCeil(plan.getActiveLanes(read), plan.waveSize);
  plan.after.bytes = plan.numRuns * plan.width * elementBytes;
}

namespace {
/// What a plan is for: the fewest loads (a layout other than the copy's),
/// the copy as it is, or narrower runs whatever they cost.
enum class PlanGoal { Minimize, AsIs, Narrow };
} // namespace

/// The plan of `group` for `goal`.
static FailureOr<StagingPlan> planStagingImpl(const StagingGroup &group,
                                              unsigned loadBits, PlanGoal goal,
                                              StagingDiagnostic &diagnostic) {
  if (group.blocker)
    return fail(diagnostic, group.blockerKind, group.blocker,
                group.blockerReason);
  // A copy that took its tile's swizzle on the read side is the layout of a
  // direct copy already; its XOR would cost the proofs below seconds.
  if (SwizzleAttr swizzle = getLdsSwizzle(group.tile))
    for (StagingPair pair : group.pairs)
      if (matchSwizzledColumnExpr(swizzle, pair.write.getAccessMap()))
        return fail(diagnostic, StagingFailure::AlreadyMinimal, pair.write,
                    "the copy already reads the runs its tile's swizzle "
                    "puts at consecutive addresses (a direct-to-LDS copy's "
                    "layout)");

  Operation *first = nullptr, *last = nullptr;
  for (StagingPair pair : group.pairs)
    for (Operation *op :
         {pair.read.getOperation(), pair.write.getOperation()}) {
      if (!first || op->isBeforeInBlock(first))
        first = op;
      if (!last || last->isBeforeInBlock(op))
        last = op;
    }
  Operation *anchor = group.pairs.front().read;
  if (failed(checkControlFlow(group, anchor, diagnostic)) ||
      failed(checkSpan(group, first, last, diagnostic)))
    return failure();

  auto sourceType = cast<MemRefType>(group.source.getType());
  auto tileType = cast<MemRefType>(group.tile.getType());
  std::string layoutReason;
  FailureOr<SourceLayout> layout = getSourceLayout(group.source, layoutReason);
  if (failed(layout))
    return fail(diagnostic, StagingFailure::DynamicExtent, anchor,
                layoutReason);
  if (tileType.getRank() > sourceType.getRank())
    return fail(
        diagnostic, StagingFailure::NotBijective, group.pairs.front().write,
        "the LDS tile has rank " + Twine(tileType.getRank()) +
            " but the global memref rank " + Twine(sourceType.getRank()) +
            ", so no translation places one in the other");

  // Split every access; the translations must agree within reads and
  // within writes, so that the box only moves between workgroups and
  // iterations.
  std::vector<SplitAccess> reads, writes;
  for (StagingPair pair : group.pairs) {
    FailureOr<SplitAccess> read = splitAccess(pair.read, diagnostic);
    if (failed(read))
      return failure();
    FailureOr<SplitAccess> write = splitAccess(pair.write, diagnostic);
    if (failed(write))
      return failure();
    // A tile of lower rank holds the source's last dimensions and does not
    // move along the others.
    write->offsets.insert(write->offsets.begin(),
                          sourceType.getRank() - tileType.getRank(),
                          SmallVector<UniformTerm>());
    reads.push_back(std::move(*read));
    writes.push_back(std::move(*write));
  }
  for (unsigned i = 1; i < group.pairs.size(); ++i)
    for (unsigned d = 0; d < sourceType.getRank(); ++d) {
      if (!isSameOffset(reads[i].offsets[d], reads[0].offsets[d]))
        return fail(diagnostic, StagingFailure::NotDenseBox,
                    group.pairs[i].read,
                    "the reads of the tile move differently with the "
                    "workgroup ids and induction variables (coordinate " +
                        Twine(d) + "), so they form no fixed box");
      if (!isSameOffset(writes[i].offsets[d], writes[0].offsets[d]))
        return fail(diagnostic, StagingFailure::NotBijective,
                    group.pairs[i].write,
                    "the LDS writes of the tile move differently with the "
                    "workgroup ids and induction variables (coordinate " +
                        Twine(d) + ")");
    }

  // A write stores its read's value, so slot for slot when both have as
  // many slots.
  for (StagingPair pair : group.pairs)
    if (pair.read.getVectorType().getNumElements() !=
        pair.write.getVectorType().getNumElements())
      return fail(diagnostic, StagingFailure::NotBijective, pair.write,
                  "the LDS write does not store the read's elements slot "
                  "for slot");
  std::vector<SymbolicFootprint> symbolicReads, symbolicWrites;
  for (StagingPair pair : group.pairs) {
    std::string why;
    for (auto [op, list] :
         {std::make_pair(pair.read.getOperation(), &symbolicReads),
          std::make_pair(pair.write.getOperation(), &symbolicWrites)}) {
      FailureOr<SymbolicFootprint> footprint = SymbolicFootprint::get(op, &why);
      if (failed(footprint))
        return fail(diagnostic, StagingFailure::Unanalyzable, op,
                    "the access has no symbolic footprint: " + why);
      list->push_back(std::move(*footprint));
    }
  }
  SmallVector<const SymbolicFootprint *> readFootprints;
  SmallVector<std::pair<const SymbolicFootprint *, const SymbolicFootprint *>>
      copies;
  for (auto [read, write] : llvm::zip_equal(symbolicReads, symbolicWrites)) {
    readFootprints.push_back(&read);
    copies.push_back({&read, &write});
  }

  StagingPlan plan;
  plan.pairs = group.pairs;
  plan.tile = group.tile;
  plan.source = group.source;
  plan.lastOp = last;
  FootprintBox box;
  if (failed(checkDenseBox(readFootprints, reads, sourceType.getRank(), anchor,
                           box, plan.note, diagnostic)) ||
      failed(checkTranslation(group, copies, plan.tileShift, diagnostic)))
    return failure();
  plan.lowerBounds = box.lowerBounds;
  plan.extents = box.extents;
  plan.sourceOffset = reads.front().offsets;
  plan.tileOffset = writes.front().offsets;
  // Edge tiles stay bounded, unless no read crosses the edge.
  plan.bounded = llvm::any_of(group.pairs, [](StagingPair pair) {
    return pair.read.getBounded() &&
           !isProvablyInBoundsUnlessSkipped(pair.read);
  });
  // The new reads keep a cache hint all old reads shared.
  ReadOp firstRead = group.pairs.front().read;
  plan.cache = firstRead.getCache();
  if (llvm::any_of(group.pairs, [&](StagingPair pair) {
        return pair.read.getCache() != plan.cache;
      }))
    plan.cache = std::nullopt;

  if (failed(chooseRuns(plan, *layout, reads.front().footprint, loadBits,
                        anchor, diagnostic)))
    return failure();
  int64_t elementBytes =
      llvm::divideCeil(sourceType.getElementTypeBitWidth(), 8);
  computeCosts(plan, *layout, elementBytes);

  // Equal counts still gain when the lanes' runs are scattered: the linear
  // layout makes every wave load contiguous rows (fewer cache lines).
  if (goal != PlanGoal::Narrow && plan.after.laneLoads > plan.before.laneLoads)
    return fail(diagnostic, StagingFailure::AlreadyMinimal, anchor,
                "the linear layout would take " + Twine(plan.after.laneLoads) +
                    " lane loads of " + Twine(plan.width * elementBytes) +
                    " bytes, more than the " + Twine(plan.before.laneLoads) +
                    " the tile takes now");
  bool linear = plan.after.laneLoads == plan.before.laneLoads &&
                isLinearAlready(plan, readFootprints);
  if (goal == PlanGoal::AsIs && !linear)
    return fail(diagnostic, StagingFailure::NotContiguous, anchor,
                "the lanes do not load the runs of the linear layout (" +
                    Twine(plan.width * elementBytes) +
                    " bytes a lane, consecutive lanes on consecutive runs); "
                    "run wave-minimize-global-loads first");
  if (goal != PlanGoal::AsIs && linear)
    return fail(diagnostic, StagingFailure::AlreadyMinimal, anchor,
                "the lanes already load the runs of the linear layout");
  return plan;
}

FailureOr<StagingPlan> mlir::wave::planStaging(const StagingGroup &group,
                                               unsigned loadBits,
                                               StagingDiagnostic &diagnostic) {
  return planStagingImpl(group, loadBits, PlanGoal::Minimize, diagnostic);
}

FailureOr<StagingPlan>
mlir::wave::planLinearStaging(const StagingGroup &group, unsigned loadBits,
                              StagingDiagnostic &diagnostic) {
  return planStagingImpl(group, loadBits, PlanGoal::AsIs, diagnostic);
}

FailureOr<StagingPlan>
mlir::wave::planNarrowStaging(const StagingGroup &group, unsigned loadBits,
                              StagingDiagnostic &diagnostic) {
  return planStagingImpl(group, loadBits, PlanGoal::Narrow, diagnostic);
}

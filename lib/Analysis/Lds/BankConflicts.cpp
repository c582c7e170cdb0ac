//===- BankConflicts.cpp - LDS bank conflicts of lane accesses ------------===//
//
// Every (address, lane, iteration, slot) the access touches comes from its
// enumerated footprint (the tile's padding or swizzle in the physical
// addresses), over one period of each loop's iterations: the cost of an
// iteration repeats once every lane's address has moved by a common multiple
// of the bank width. Slots are grouped into the
// instructions the lowering emits, lanes into waves and phases, and each
// phase costs the most distinct dwords one bank delivers.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Lds/BankConflicts.h"
#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Footprint/IndexClassification.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"
#include "wave/Analysis/Lds/TransposedReads.h"
#include "wave/Analysis/Uniformity/WorkgroupUniformity.h"

#include "wave/Dialect/Wave/IR/DeclineReason.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>
#include <tuple>

using namespace mlir;
using namespace mlir::wave;

/// The widest LDS access of one lane (ds_read_b128 / ds_write_b128).
static constexpr unsigned kMaxInstructionBytes = 16;

unsigned LdsBankModel::getPhaseLanes(unsigned bytesPerLane, bool write) const {
  if (!write)
    for (const InterleavedPhases &phases : interleavedReads)
      if (phases.bytesPerLane == bytesPerLane)
        return 32 / phases.phasesPerHalfWave;
  unsigned bytes = llvm::PowerOf2Ceil(std::max(bytesPerLane, bankBytes));
  return std::max(1u, (write ? writeCycleBytes : getCycleBytes()) / bytes);
}

unsigned LdsBankModel::getPhase(unsigned laneInWave, unsigned bytesPerLane,
                                bool write) const {
  if (!write)
    for (const InterleavedPhases &phases : interleavedReads)
      if (phases.bytesPerLane == bytesPerLane)
        return laneInWave / 32 * phases.phasesPerHalfWave +
               phases.quadPhases[laneInWave % 32 / 4];
  return laneInWave / getPhaseLanes(bytesPerLane, write);
}

/// gfx950's read phases of 12 and 16 bytes a lane, as measured on MI355X by
/// the HipKittens authors (docs/BankConflicts.md).
static constexpr InterleavedPhases kGfx950InterleavedReads[] = {
    {12, 4, {0, 1, 2, 3, 1, 0, 3, 2}},
    {16, 2, {0, 1, 1, 0, 1, 0, 0, 1}},
};

std::optional<LdsBankModel> LdsBankModel::get(StringRef chip) {
  if (chip == "gfx90a" || chip == "gfx942")
    return LdsBankModel();
  if (chip == "gfx950") {
    LdsBankModel model;
    model.numBanks = 64;
    model.writeCycleBytes = 128;
    model.interleavedReads = kGfx950InterleavedReads;
    return model;
  }
  return std::nullopt;
}

LdsCycles mlir::wave::computePhaseCycles(ArrayRef<int64_t> dwords,
                                         const LdsBankModel &model) {
  SmallVector<int64_t> distinct(dwords);
  llvm::sort(distinct);
  distinct.erase(llvm::unique(distinct), distinct.end());
  if (distinct.empty())
    return {};
  SmallVector<int64_t> perBank(model.numBanks, 0);
  int64_t worst = 0;
  for (int64_t dword : distinct)
    worst =
        std::max(worst, ++perBank[llvm::mod<int64_t>(dword, model.numBanks)]);
  int64_t minimum = llvm::divideCeil<int64_t>(distinct.size(), model.numBanks);
  return {worst, minimum};
}

namespace {
/// How the lowering splits one lane's access into LDS instructions.
struct InstructionSplit {
  unsigned elementBytes = 1;
  /// Consecutive slots one instruction moves.
  int64_t slotsPerInstruction = 1;
  int64_t instructions = 1;
  unsigned bytesPerInstruction = 1;
};

/// One dword a lane touches in one phase of one instruction.
struct PhaseDword {
  int64_t iteration;
  int64_t instruction, wave, phase;
  int64_t dword;

  auto key() const { return std::tie(iteration, instruction, wave, phase); }
};
} // namespace

/// A `wave.read`/`wave.write` along the innermost dimension is one vector
/// access (split by the backend into 16-byte instructions); along another
/// dimension it is one access an element (LaneAccessLowering.cpp), or a
/// transposed read of each 4 elements (TransposedReads.h). Each lane of a
/// transposed read receives the 4 elements it reads down its column, which
/// lanes of its group of 16 read, so the dwords a phase of lanes touches are
/// their own elements' as for any 8-byte read.
static InstructionSplit getInstructionSplit(Operation *op,
                                            std::optional<int64_t> maxSlots) {
  InstructionSplit split;
  auto access = cast<LaneAccessOpInterface>(op);
  Value memref = access.getMemref();
  int64_t elements = access.getVectorType().getNumElements();
  bool vector = access.getContiguousDim() + 1 ==
                static_cast<unsigned>(access.getMemref().getType().getRank());
  unsigned bits = cast<MemRefType>(memref.getType()).getElementTypeBitWidth();
  split.elementBytes = llvm::PowerOf2Ceil(llvm::divideCeil(bits, 8));
  if (!vector && isTransposedLdsRead(op)) {
    split.slotsPerInstruction = kTransposedReadElements;
    split.instructions = elements / kTransposedReadElements;
    split.bytesPerInstruction = kTransposedReadElements * split.elementBytes;
    return split;
  }
  if (!vector) {
    split.instructions = elements;
    split.bytesPerInstruction = split.elementBytes;
    return split;
  }
  int64_t piece = maxSlots ? std::min(*maxSlots, elements) : elements;
  int64_t total = piece * split.elementBytes;
  if (total <= kMaxInstructionBytes) {
    split.instructions = llvm::divideCeil(elements, piece);
    split.slotsPerInstruction = piece;
    split.bytesPerInstruction = total;
    return split;
  }
  split.slotsPerInstruction = kMaxInstructionBytes / split.elementBytes;
  split.instructions = llvm::divideCeil(elements, split.slotsPerInstruction);
  split.bytesPerInstruction = kMaxInstructionBytes;
  return split;
}

int64_t mlir::wave::getLdsInstructionsPerLane(Operation *op,
                                              std::optional<int64_t> maxSlots) {
  return getInstructionSplit(op, maxSlots).instructions;
}

namespace {
/// How a quasi-affine expression changes when one leaf grows by `period`:
/// by `shift`, whatever the values of all leaves.
struct LeafPeriod {
  int64_t period = 1;
  int64_t shift = 0;
};
} // namespace

/// Periods longer than this are not looked for.
static constexpr int64_t kMaxPeriod = int64_t(1) << 40;

/// `p` repeated `times` times; none past `kMaxPeriod`.
static std::optional<LeafPeriod> repeat(LeafPeriod p, int64_t times) {
  int64_t shift;
  if (p.period > kMaxPeriod / times || llvm::MulOverflow(p.shift, times, shift))
    return std::nullopt;
  return LeafPeriod{p.period * times, shift};
}

/// `p` repeated until its shift is a multiple of `divisor` (> 0).
static std::optional<LeafPeriod> repeatUntilMultiple(LeafPeriod p,
                                                     int64_t divisor) {
  return repeat(p, divisor / std::gcd(p.shift, divisor));
}

/// The period of `expr` in dimension `leaf`: a sum adds the shifts over the
/// common period; `e floordiv d` and `e ceildiv d` shift by the shift of `e`
/// over `d` once that is a multiple of `d`, `e mod d` then not at all.
static std::optional<LeafPeriod> getLeafPeriod(AffineExpr expr, unsigned leaf) {
  if (isa<AffineConstantExpr>(expr))
    return LeafPeriod{1, 0};
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return LeafPeriod{1, dim.getPosition() == leaf ? 1 : 0};
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  std::optional<LeafPeriod> lhs = getLeafPeriod(binary.getLHS(), leaf);
  if (!lhs)
    return std::nullopt;
  auto constant = dyn_cast<AffineConstantExpr>(binary.getRHS());
  switch (expr.getKind()) {
  case AffineExprKind::Add: {
    std::optional<LeafPeriod> rhs = getLeafPeriod(binary.getRHS(), leaf);
    if (!rhs)
      return std::nullopt;
    int64_t period = std::lcm(lhs->period, rhs->period);
    if (period > kMaxPeriod)
      return std::nullopt;
    lhs = repeat(*lhs, period / lhs->period);
    rhs = repeat(*rhs, period / rhs->period);
    int64_t shift;
    if (!lhs || !rhs || llvm::AddOverflow(lhs->shift, rhs->shift, shift))
      return std::nullopt;
    return LeafPeriod{period, shift};
  }
  case AffineExprKind::Mul: {
    int64_t shift;
    if (!constant || llvm::MulOverflow(lhs->shift, constant.getValue(), shift))
      return std::nullopt;
    return LeafPeriod{lhs->period, shift};
  }
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv:
  case AffineExprKind::Mod: {
    if (!constant || constant.getValue() <= 0)
      return std::nullopt;
    int64_t divisor = constant.getValue();
    std::optional<LeafPeriod> whole = repeatUntilMultiple(*lhs, divisor);
    if (!whole)
      return std::nullopt;
    whole->shift =
        expr.getKind() == AffineExprKind::Mod ? 0 : whole->shift / divisor;
    return whole;
  }
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> mlir::wave::getBankCostPeriod(
    const AccessFootprint &footprint, unsigned loopLeaf,
    const StaticMemRefLayout &layout, unsigned elementBytes,
    const LdsBankModel &model) {
  const IndexClass &loop = footprint.getLeaves()[loopLeaf].indexClass;
  assert(loop.hasStaticRange() && "a loop with a static range");
  // Every coordinate over one common period of the induction variable.
  ArrayRef<AffineExpr> results = footprint.getMap().getResults();
  SmallVector<LeafPeriod> coords;
  int64_t period = 1;
  for (AffineExpr result : results) {
    std::optional<LeafPeriod> coord = getLeafPeriod(result, loopLeaf);
    if (!coord)
      return std::nullopt;
    coords.push_back(*coord);
    period = std::lcm(period, coord->period);
    if (period > kMaxPeriod)
      return std::nullopt;
  }
  for (LeafPeriod &coord : coords)
    coord = *repeat(coord, period / coord.period);
  // Repeating the period keeps the shifts of every coordinate proportional.
  auto repeatAll = [&](int64_t times) {
    for (LeafPeriod &coord : coords) {
      std::optional<LeafPeriod> repeated = repeat(coord, times);
      if (!repeated)
        return false;
      coord = *repeated;
    }
    return true;
  };
  if (layout.swizzle) {
    // A moving row changes the column masks (and `row / per_phase` rounds
    // towards zero, which no period of negative rows follows). A column
    // moving by a multiple of `vec * max_phase` keeps the bits the mask
    // flips, so its physical column moves by the same amount.
    if (coords[coords.size() - 2].shift != 0)
      return std::nullopt;
    int64_t groupSpan = layout.swizzle.getVec() * layout.swizzle.getMaxPhase();
    if (!repeatAll(groupSpan / std::gcd(coords.back().shift, groupSpan)))
      return std::nullopt;
  }
  // The byte shift of every element, the same for all lanes and slots.
  int64_t bytes = 0;
  for (auto [coord, stride] : llvm::zip_equal(coords, layout.strides)) {
    int64_t term;
    if (llvm::MulOverflow(coord.shift, stride, term) ||
        llvm::AddOverflow(bytes, term, bytes))
      return std::nullopt;
  }
  if (llvm::MulOverflow(bytes, static_cast<int64_t>(elementBytes), bytes))
    return std::nullopt;
  int64_t bankBytes = model.bankBytes;
  if (!repeatAll(bankBytes / std::gcd(bytes, bankBytes)))
    return std::nullopt;
  // The period of the induction variable's value, in iterations of `step`.
  int64_t valuePeriod = coords.front().period;
  return valuePeriod / std::gcd(*loop.step, valuePeriod);
}

/// Iterations of the `scf.for` loops around `op` with constant bounds (a
/// loop of unknown trip count counts once).
static int64_t getExecutions(Operation *op) {
  int64_t executions = 1;
  for (auto loop = op->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>())
    if (std::optional<APInt> tripCount = loop.getStaticTripCount())
      executions = multiplyCounts(
          executions, int64_t(tripCount->getLimitedValue(INT64_MAX)));
  return executions;
}

/// Whether every value of the footprint's leaf `position` gives the same bank
/// cost: the leaf moves only coordinates that no other leaf moves (the same
/// for every lane and slot), outside the two innermost ones (a swizzle's),
/// each by a multiple of the bank width a step, which rotates the banks.
static bool onlyRotatesTheBanks(const AccessFootprint &footprint,
                                unsigned position,
                                const StaticMemRefLayout &layout,
                                unsigned elementBytes,
                                const LdsBankModel &model) {
  ArrayRef<AffineExpr> results = footprint.getMap().getResults();
  unsigned numLeaves = footprint.getLeaves().size();
  for (auto [dim, result] : llvm::enumerate(results)) {
    if (!result.isFunctionOfDim(position))
      continue;
    if (dim + 2 >= results.size() ||
        (layout.strides[dim] * elementBytes) % model.bankBytes != 0)
      return false;
    for (unsigned other = 0; other < numLeaves; ++other)
      if (other != position && result.isFunctionOfDim(other))
        return false;
  }
  return true;
}

FailureOr<AccessBankConflicts>
mlir::wave::analyzeBankConflicts(Operation *op, std::string *reason) {
  FailureOr<KernelTarget> target = getKernelTarget(op, reason);
  if (failed(target))
    return failure();
  std::optional<LdsBankModel> model = LdsBankModel::get(target->chip->name);
  if (!model)
    return decline(reason,
                   "no LDS bank model for chip '" + target->chip->name + "'");
  return analyzeBankConflicts(op, *model, reason);
}

FailureOr<AccessBankConflicts> mlir::wave::analyzeBankConflicts(
    Operation *op, const LdsBankModel &model, std::string *reason,
    std::optional<int64_t> maxSlots, BankConflictIterations iterations) {
  auto access = dyn_cast<LaneAccessOpInterface>(op);
  if (!access)
    return decline(reason,
                   "only wave.read and wave.write have footprints to analyze");
  // Enumerated footprints know no branch conditions: rather than count
  // lanes a condition may exclude, an access under one has no answer. A
  // condition the same in every lane of the workgroup excludes none: the
  // access runs with all of them or not at all (a loop versioned on its trip
  // count, a partial-tile branch on a size).
  for (Operation *parent = op->getParentOp();
       parent && !isa<gpu::GPUFuncOp>(parent); parent = parent->getParentOp()) {
    auto branch = dyn_cast<scf::IfOp>(parent);
    if (branch && isWorkgroupUniform(branch.getCondition()))
      continue;
    if (!isa<scf::ForOp>(parent))
      return decline(
          reason,
          "the access is under '" + parent->getName().getStringRef() +
              "', whose condition on the lanes the analysis does not model");
  }
  FailureOr<AccessFootprint> footprint = AccessFootprint::get(access, reason);
  if (failed(footprint))
    return failure();
  if (footprint->hasNonConstantMask())
    return decline(reason, "the access has a mask that is not a constant");
  if (!footprint->getWaveSize())
    return decline(reason, "the kernel's wave size is unknown");
  InstructionSplit split = getInstructionSplit(op, maxSlots);
  FootprintBindings bindings;
  FailureOr<StaticMemRefLayout> layout =
      StaticMemRefLayout::get(access.getMemref());
  if (iterations == BankConflictIterations::OnePeriod && succeeded(layout)) {
    for (auto [position, leaf] : llvm::enumerate(footprint->getLeaves())) {
      if (!leaf.indexClass.hasStaticRange())
        continue;
      std::optional<int64_t> period = getBankCostPeriod(
          *footprint, position, *layout, split.elementBytes, model);
      if (period && *period < leaf.indexClass.getTripCount())
        bindings.firstIterations[leaf.value] = *period;
    }
  }
  // A value of unknown range that only moves the whole footprint by
  // multiples of the bank width (the buffer of a double-buffered tile that
  // the tail of a pipelined loop of run-time trip count reads) costs the
  // same whatever it is: 0 stands for all of them.
  if (succeeded(layout)) {
    for (auto [position, leaf] : llvm::enumerate(footprint->getLeaves())) {
      bool valueLeaf = leaf.indexClass.kind == IndexKind::Uniform ||
                       leaf.indexClass.kind == IndexKind::LoopInductionVar;
      if (valueLeaf && leaf.value && !leaf.indexClass.hasStaticRange() &&
          !bindings.values.count(leaf.value) &&
          onlyRotatesTheBanks(*footprint, position, *layout, split.elementBytes,
                              model))
        bindings.values[leaf.value] = 0;
    }
  }
  FailureOr<WorkgroupFootprint> workgroup =
      footprint->enumerate(bindings, reason);
  if (failed(workgroup))
    return failure();

  AccessBankConflicts result;
  result.analyzedIterations = workgroup->getNumIterations();
  result.instructionsPerLane = split.instructions;
  result.bytesPerInstruction = split.bytesPerInstruction;
  bool write = cast<LaneAccessOpInterface>(op).isWrite();
  result.phaseLanes = model.getPhaseLanes(split.bytesPerInstruction, write);
  result.executions = getExecutions(op);

  std::vector<PhaseDword> dwords;
  dwords.reserve(workgroup->getTotalElements());
  unsigned waveSize = *footprint->getWaveSize();
  for (int64_t lane = 0, e = workgroup->getNumLanes(); lane < e; ++lane) {
    for (int64_t i = 0, n = workgroup->getNumElements(lane); i < n; ++i) {
      int64_t byte = workgroup->getPhysicalOffset(lane, i) * split.elementBytes;
      PhaseDword dword{
          workgroup->getIteration(lane, i),
          workgroup->getSlot(lane, i) / split.slotsPerInstruction,
          lane / waveSize,
          model.getPhase(lane % waveSize, split.bytesPerInstruction, write), 0};
      // Rounded down, so that moving every address by a multiple of the
      // bank width moves every dword, negative ones too.
      for (int64_t d = llvm::divideFloorSigned(byte, int64_t(model.bankBytes)),
                   last = llvm::divideFloorSigned(byte + split.elementBytes - 1,
                                                  int64_t(model.bankBytes));
           d <= last; ++d) {
        dword.dword = d;
        dwords.push_back(dword);
      }
    }
  }
  llvm::sort(dwords, [](const PhaseDword &a, const PhaseDword &b) {
    return std::make_tuple(a.iteration, a.instruction, a.wave, a.phase,
                           a.dword) < std::make_tuple(b.iteration,
                                                      b.instruction, b.wave,
                                                      b.phase, b.dword);
  });

  // One phase at a time, summed per execution; the worst execution wins.
  SmallVector<int64_t> phase;
  LdsCycles execution;
  std::optional<int64_t> current;
  auto finishExecution = [&]() {
    if (current && (result.perExecution.cycles == 0 ||
                    execution.getExtra() > result.perExecution.getExtra()))
      result.perExecution = execution;
    execution = {};
  };
  for (size_t i = 0, e = dwords.size(); i < e;) {
    size_t end = i;
    phase.clear();
    while (end < e && dwords[end].key() == dwords[i].key())
      phase.push_back(dwords[end++].dword);
    if (current != dwords[i].iteration) {
      finishExecution();
      current = dwords[i].iteration;
    }
    execution += computePhaseCycles(phase, model);
    i = end;
  }
  finishExecution();
  return result;
}

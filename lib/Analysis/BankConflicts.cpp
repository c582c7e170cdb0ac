//===- BankConflicts.cpp - LDS bank conflicts of lane accesses ------------===//
//
// Every (address, lane, iteration, slot) the access touches comes from its
// enumerated footprint (the tile's padding or swizzle in the physical
// addresses). Slots are grouped into the
// instructions the lowering emits, lanes into waves and phases, and each
// phase costs the most distinct dwords one bank delivers.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/BankConflicts.h"
#include "wave/Analysis/Footprint.h"

#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <tuple>

using namespace mlir;
using namespace mlir::wave;

/// The widest LDS access of one lane (ds_read_b128 / ds_write_b128).
static constexpr unsigned kMaxInstructionBytes = 16;

unsigned LdsBankModel::getPhaseLanes(unsigned bytesPerLane) const {
  unsigned bytes = llvm::PowerOf2Ceil(std::max(bytesPerLane, bankBytes));
  return std::max(1u, getCycleBytes() / bytes);
}

std::optional<LdsBankModel> LdsBankModel::get(StringRef chip) {
  if (chip == "gfx90a" || chip == "gfx942")
    return LdsBankModel();
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
/// dimension it is one access an element (LaneAccessLowering.cpp).
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

/// Iterations of the `scf.for` loops around `op` with constant bounds (a
/// loop of unknown trip count counts once).
static int64_t getExecutions(Operation *op) {
  int64_t executions = 1;
  for (auto loop = op->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>()) {
    std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (lower && upper && step && *step > 0)
      executions *=
          std::max<int64_t>(0, llvm::divideCeilSigned(*upper - *lower, *step));
  }
  return executions;
}

FailureOr<AccessBankConflicts>
mlir::wave::analyzeBankConflicts(Operation *op, std::string &reason) {
  KernelAttr kernel = getEnclosingKernelAttr(op);
  if (!kernel) {
    reason = "the kernel has no wave.kernel attribute naming its chip";
    return failure();
  }
  std::optional<LdsBankModel> model = LdsBankModel::get(kernel.getChip());
  if (!model) {
    reason = "no LDS bank model for chip '" + kernel.getChip().str() + "'";
    return failure();
  }
  return analyzeBankConflicts(op, *model, reason);
}

FailureOr<AccessBankConflicts>
mlir::wave::analyzeBankConflicts(Operation *op, const LdsBankModel &model,
                                 std::string &reason,
                                 std::optional<int64_t> maxSlots) {
  auto access = dyn_cast<LaneAccessOpInterface>(op);
  if (!access) {
    reason = "only wave.read and wave.write have footprints to analyze";
    return failure();
  }
  // Enumerated footprints know no branch conditions: rather than count
  // lanes a condition may exclude, an access under one has no answer.
  for (Operation *parent = op->getParentOp();
       parent && !isa<gpu::GPUFuncOp>(parent); parent = parent->getParentOp())
    if (!isa<scf::ForOp>(parent)) {
      reason = "the access is under '" +
               parent->getName().getStringRef().str() +
               "', whose condition on the lanes the analysis does not model";
      return failure();
    }
  FailureOr<AccessFootprint> footprint = AccessFootprint::get(access, &reason);
  if (failed(footprint))
    return failure();
  if (footprint->hasNonConstantMask()) {
    reason = "the access has a mask that is not a constant";
    return failure();
  }
  if (!footprint->getWaveSize()) {
    reason = "the kernel's wave size is unknown";
    return failure();
  }
  FailureOr<WorkgroupFootprint> workgroup =
      footprint->enumerate(FootprintBindings(), &reason);
  if (failed(workgroup))
    return failure();

  InstructionSplit split = getInstructionSplit(op, maxSlots);
  AccessBankConflicts result;
  result.instructionsPerLane = split.instructions;
  result.bytesPerInstruction = split.bytesPerInstruction;
  result.phaseLanes = model.getPhaseLanes(split.bytesPerInstruction);
  result.executions = getExecutions(op);

  std::vector<PhaseDword> dwords;
  dwords.reserve(workgroup->getTotalElements());
  unsigned waveSize = *footprint->getWaveSize();
  for (int64_t lane = 0, e = workgroup->getNumLanes(); lane < e; ++lane) {
    for (int64_t i = 0, n = workgroup->getNumElements(lane); i < n; ++i) {
      int64_t byte = workgroup->getPhysicalOffset(lane, i) * split.elementBytes;
      PhaseDword dword{workgroup->getIteration(lane, i),
                       workgroup->getSlot(lane, i) / split.slotsPerInstruction,
                       lane / waveSize, (lane % waveSize) / result.phaseLanes,
                       0};
      for (int64_t d = byte / model.bankBytes,
                   last = (byte + split.elementBytes - 1) / model.bankBytes;
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

//===- PipelineLoops.cpp - Software pipelining of LDS-staged loops --------===//
//
// Rotates every `scf.for` that stages global data through LDS so that the
// global reads of a later iteration are issued before the current
// iteration's LDS reads and MMAs: a prologue, the steady-state loop and an
// epilogue, or, in registers, no epilogue but the reads ahead of the last
// iteration clamped to it. The prefetched vectors are loop-carried values or
// sit in extra LDS buffers of the staged tiles. Loops are left alone, with a
// remark, when the rotation cannot be proved to keep their meaning or would
// exceed the kernel's register or LDS budget.
// docs/passes/wave-pipeline-loops.md describes the algorithm.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/LoopFacts.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Registers/RegisterPressure.h"
#include "wave/Analysis/Staging/StagingPlan.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Chip/Chip.h"
#include "wave/Chip/Occupancy.h"
#include "wave/Dialect/Wave/IR/DirectToLds.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/KernelLds.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEPIPELINELOOPS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Why a loop is not pipelined.
enum class Rejection { TripCount, Dependence, Registers, Target };

/// A loop the pass may rotate and what it stages.
struct Candidate {
  scf::ForOp loop;
  /// Staged global reads, in body order, and each with an LDS write its
  /// value reaches: one pair a read copied as it is, one a write for a read
  /// rearranged in registers first (a transposition by `vector.shuffle`).
  SmallVector<ReadOp> reads;
  SmallVector<StagingPair> pairs;
  /// Constant lower bound and step; the trip count when the upper bound is
  /// constant too, none for a run-time trip count.
  int64_t lowerBound = 0, step = 1;
  std::optional<int64_t> tripCount = std::nullopt;
  /// Those of `reads` that feed the body's computation directly (an MMA's
  /// scales, a bias), carried in registers in either buffer.
  SmallVector<ReadOp> operandReads;
  /// Whether the trailing MMAs move to the next iteration, and the VGPRs
  /// their carried operands add.
  bool defer = false;
  unsigned deferredRegisters = 0;
  /// Whether the deferred MMAs include the K steps wave-widen-mma joins
  /// with them (findTrailingMmas' `widening`).
  bool deferWholeChains = false;
  /// Whether the deferred MMAs include the K steps before them that
  /// wave-widen-mma joins with them into the last joined MMA of each chain
  /// (`deferEarlierSteps` of them), where the whole chains do not fit.
  bool deferJoinedSteps = false;
  /// The K steps before the trailing MMAs that are deferred with them, along
  /// each accumulator's chain (findTrailingMmas' `earlierSteps`).
  unsigned deferEarlierSteps = 0;
  /// Whether the barrier that ends the body (getEndBarrier) moves after
  /// the deferred MMAs: in registers (with LDS buffers the next stage's
  /// writes end the body), not in workgroups of a multiple of 8 waves,
  /// whose deferred MMAs are wave-ping-pong's first MFMA phase (without the
  /// ping-pong, MMAs that precede the step's barrier delay the staging
  /// after it: gemm_256 at two waves a SIMD, 2244 -> 2500 cycles a step),
  /// unless they are whole chains of a kind the chip runs at the joined
  /// rate, whose loops wave-ping-pong declines.
  bool barrierAfterDeferred = false;
  /// Whether the tiles are to get LDS buffers (buffer=lds, or auto for
  /// long enough MMAs) and whether they do (unless a staged read is
  /// rearranged in registers, which only registers carry, a tile cannot
  /// take a buffer per stage, or the buffers do not fit the LDS budget);
  /// why not, or under auto why (not).
  bool wantsLds = false;
  bool inLds = false;
  std::string notInLds;
  std::string bufferNote;
};

/// The budget a kernel's loops must fit.
struct KernelBudget {
  const ChipInfo *chip = nullptr;
  unsigned waveSize = 64;
  unsigned workgroupSize = 1;
  /// Waves per SIMD to keep, the request (0 for none) it comes from, and
  /// the VGPRs and LDS bytes it allows.
  unsigned occupancy = 0;
  unsigned requested = 0;
  unsigned vgprs = 0;
  unsigned ldsBytes = 0;
};

class PipelineLoopsPass
    : public wave::impl::WavePipelineLoopsBase<PipelineLoopsPass> {
public:
  using Base::Base;
  void runOnOperation() override;

private:
  void processKernel(gpu::GPUFuncOp kernel);
  /// Checks `candidate`; emits the remark and counts the rejection when it
  /// cannot be pipelined.
  LogicalResult check(Candidate &candidate);
  /// Whether each staged tile of `candidate` can get a buffer per stage;
  /// otherwise why not, and the op in the way.
  static LogicalResult checkLdsTiles(const Candidate &candidate,
                                     std::string &why, Operation *&culprit);
  /// Whether `candidate` asks for LDS buffers: always under buffer=lds,
  /// never under buffer=registers, and under buffer=auto when its
  /// iteration's MMAs of staged tiles take at least lds-buffer-cycles on
  /// `chip` (with the reason in the candidate's notes).
  void chooseBuffer(Candidate &candidate, const ChipInfo &chip);
  /// The most stages up to `stages` that fit `budget`; 0 (after the remark)
  /// when even two do not.
  unsigned chooseStages(gpu::GPUFuncOp kernel, Candidate &candidate,
                        const KernelBudget &budget, std::string &fitNote);
  /// Emits the remark saying why `candidate` is not pipelined (with a note
  /// at `culprit`, the op that prevents it, if any) and counts it.
  void reject(Candidate &candidate, Rejection kind, const Twine &why,
              Operation *culprit = nullptr);
  /// The budget of `kernel`, or failure with the reason.
  FailureOr<KernelBudget> getBudget(gpu::GPUFuncOp kernel, std::string &why);
  /// The uniformity of `kernel` as it is now: the pass manager's, which
  /// `processKernel` invalidates whenever it changes a kernel.
  const UniformityInfo &getUniformity(gpu::GPUFuncOp kernel) {
    return getKernelAnalysis<UniformityInfo>(getAnalysisManager(),
                                             getOperation(), kernel);
  }

  StatisticCounts counts;
};

} // namespace

//===----------------------------------------------------------------------===//
// Candidates and their checks
//===----------------------------------------------------------------------===//

static bool isLds(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type);
}

/// The LDS writes of `loop`'s body that the value of `read` reaches: it is
/// their written value, or feeds it through pure ops without regions of the
/// body (a rearrangement in registers); none when it reaches anything else.
static SmallVector<WriteOp> findStagingWrites(scf::ForOp loop, ReadOp read) {
  Block *body = loop.getBody();
  SmallVector<WriteOp> writes;
  SmallVector<Value> worklist = {read.getResult()};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user->getBlock() != body || !seen.insert(user).second)
        continue;
      auto write = dyn_cast<WriteOp>(user);
      if (write && isLds(write.getMemref()) && use.get() == write.getValue()) {
        writes.push_back(write);
        continue;
      }
      if (write || user->hasTrait<OpTrait::IsTerminator>() || !isPure(user) ||
          user->getNumRegions() != 0)
        return {};
      llvm::append_range(worklist, user->getResults());
    }
  }
  // Body order, which the rotation's placement of the reads ahead uses.
  llvm::sort(writes,
             [](WriteOp a, WriteOp b) { return a->isBeforeInBlock(b); });
  return writes;
}

/// The staged reads of `loop`'s body: global `wave.read`s directly in the
/// body whose value reaches only LDS writes (findStagingWrites).
static Candidate findCandidate(scf::ForOp loop) {
  Candidate candidate;
  candidate.loop = loop;
  for (auto read : loop.getBody()->getOps<ReadOp>()) {
    if (isLds(read.getMemref()))
      continue;
    SmallVector<WriteOp> writes = findStagingWrites(loop, read);
    if (writes.empty())
      continue;
    candidate.reads.push_back(read);
    for (WriteOp write : writes)
      candidate.pairs.push_back({read, write});
  }
  return candidate;
}

static std::string describe(Operation *op) {
  return ("'" + op->getName().getStringRef() + "'").str();
}

/// Whether access `op` can be recomputed for another iteration: each of
/// `operands` is defined outside `loop`, is its induction variable, or comes
/// from a pure op without regions in its body that can itself be
/// recomputed. Fails with the reason in `why`.
static LogicalResult checkRecomputable(Operation *op, ValueRange operands,
                                       scf::ForOp loop, std::string &why,
                                       Operation *&culprit) {
  SmallVector<Value> worklist(operands);
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second || value == loop.getInductionVar())
      continue;
    if (!loop.getBody()->getParent()->isAncestor(value.getParentRegion()))
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      why = llvm::formatv("the address or mask of the {0} depends on "
                          "the loop-carried value #{1}",
                          describe(op), arg.getArgNumber() - 1);
      culprit = op;
      return failure();
    }
    Operation *def = value.getDefiningOp();
    if (def->getNumRegions() != 0 || !isPure(def)) {
      why = llvm::formatv("the address or mask of the {0} depends on "
                          "{1}, which cannot be recomputed for a later "
                          "iteration",
                          describe(op), describe(def));
      culprit = def;
      return failure();
    }
    worklist.append(def->operand_begin(), def->operand_end());
  }
  return success();
}

/// Fails with the reason when an op of `loop` may write memory that one of
/// `reads` reads, so that reading it early could see an older value.
static LogicalResult checkNoClobber(scf::ForOp loop, ArrayRef<ReadOp> reads,
                                    std::string &why, Operation *&culprit) {
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (isBarrier(op) || op->hasTrait<OpTrait::IsTerminator>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      if (op->getNumRegions() != 0 &&
          op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        return WalkResult::advance();
      why = describe(op) + " in the loop has unknown memory effects";
      culprit = op;
      return WalkResult::interrupt();
    }
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (!isa<MemoryEffects::Write, MemoryEffects::Free>(instance.getEffect()))
        continue;
      Value written = instance.getValue();
      for (ReadOp read : reads) {
        Value source = read.getMemref();
        if (written
                ? !mayAlias(written, source)
                : instance.getResource() != SideEffects::DefaultResource::get())
          continue;
        why = describe(op) + " in the loop may write the memory a staged "
                             "read reads";
        culprit = op;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void PipelineLoopsPass::reject(Candidate &candidate, Rejection kind,
                               const Twine &why, Operation *culprit) {
  switch (kind) {
  case Rejection::TripCount:
    counts.add(numRejectedTripCount);
    break;
  case Rejection::Dependence:
    counts.add(numRejectedDependence);
    break;
  case Rejection::Registers:
    counts.add(numRejectedRegisters);
    break;
  case Rejection::Target:
    counts.add(numRejectedTarget);
    break;
  }
  InFlightDiagnostic remark = emitRemark(candidate.loop.getLoc())
                              << "wave-pipeline-loops: not pipelined: " << why;
  if (culprit)
    remark.attachNote(culprit->getLoc())
        << "this " << describe(culprit) << " prevents it";
}

LogicalResult PipelineLoopsPass::checkLdsTiles(const Candidate &candidate,
                                               std::string &why,
                                               Operation *&culprit) {
  scf::ForOp loop = candidate.loop;
  llvm::SetVector<Value> tiles;
  for (StagingPair pair : candidate.pairs)
    tiles.insert(pair.write.getMemref());
  for (Value tile : tiles) {
    if (!tile.getDefiningOp<AllocLdsOp>()) {
      why = "a staged tile is not a 'wave.alloc_lds', so it cannot get a "
            "buffer per stage";
      culprit = candidate.pairs.front().write;
      return failure();
    }
    // The last staging write of the tile in the body: every read of the
    // tile must follow it (it reads this iteration's data).
    Operation *lastWrite = nullptr;
    for (StagingPair pair : candidate.pairs)
      if (pair.write.getMemref() == tile)
        lastWrite = pair.write;
    for (Operation *user : tile.getUsers()) {
      culprit = user;
      if (!loop->isProperAncestor(user) || !isa<ReadOp, WriteOp>(user)) {
        why = "a staged tile is also used by " + describe(user) +
              " outside the staging, which a buffer per stage would change";
        return failure();
      }
      if (auto write = dyn_cast<WriteOp>(user)) {
        if (!llvm::any_of(candidate.pairs, [&](StagingPair pair) {
              return pair.write == write;
            })) {
          why = "a staged tile is also written by " + describe(user) +
                " outside the staging";
          return failure();
        }
        continue;
      }
      Operation *ancestor = loop.getBody()->findAncestorOpInBlock(*user);
      if (!lastWrite->isBeforeInBlock(ancestor)) {
        why = describe(user) + " reads a staged tile before the iteration's "
                               "staging writes";
        return failure();
      }
    }
  }
  culprit = nullptr;
  return success();
}

/// Whether `value` is read from one of `tiles` in `loop`'s body, directly
/// or through ops without memory effects whose vector operands all are
/// (slices, shuffles, casts of fragments).
static bool isReadFromTiles(Value value, scf::ForOp loop,
                            const llvm::SmallPtrSetImpl<Value> &tiles,
                            unsigned depth = 0) {
  Operation *def = value.getDefiningOp();
  if (!def || depth > 8 || !loop->isProperAncestor(def))
    return false;
  if (auto read = dyn_cast<ReadOp>(def))
    return tiles.contains(read.getMemref());
  if (!isMemoryEffectFree(def))
    return false;
  bool any = false;
  for (Value operand : def->getOperands()) {
    if (!isa<VectorType>(operand.getType()))
      continue;
    if (!isReadFromTiles(operand, loop, tiles, depth + 1))
      return false;
    any = true;
  }
  return any;
}

/// The cycles the MMAs of one iteration of `candidate`'s loop that multiply
/// two staged tiles (A and B both read from them: a GEMM's K step) hold the
/// matrix pipe of `chip`, each MMA of the body (nested regions included)
/// counted once.
static unsigned getStagedMmaCycles(const Candidate &candidate,
                                   const ChipInfo &chip) {
  llvm::SmallPtrSet<Value, 4> tiles;
  for (StagingPair pair : candidate.pairs)
    tiles.insert(pair.write.getMemref());
  scf::ForOp loop = candidate.loop;
  unsigned cycles = 0;
  loop.getBody()->walk([&](MmaOp mma) {
    if (isReadFromTiles(mma.getA(), loop, tiles) &&
        isReadFromTiles(mma.getB(), loop, tiles))
      cycles += getMmaPipeCycles(mma.getKind(), chip);
  });
  return cycles;
}

void PipelineLoopsPass::chooseBuffer(Candidate &candidate,
                                     const ChipInfo &chip) {
  candidate.wantsLds = buffer == PipelineBuffer::Lds;
  if (buffer != PipelineBuffer::Auto)
    return;
  // A loop without MMAs of staged tiles goes to registers unremarked: no
  // rule weighed anything.
  unsigned cycles = getStagedMmaCycles(candidate, chip);
  if (cycles == 0)
    return;
  candidate.wantsLds = cycles >= ldsBufferCycles;
  std::string rule = llvm::formatv(
      "buffer=auto: the MMAs of an iteration that multiply staged tiles hold "
      "the matrix pipe {0} cycles on {1}, {2} lds-buffer-cycles={3}",
      cycles, chip.name, candidate.wantsLds ? "at least" : "fewer than",
      ldsBufferCycles.getValue());
  (candidate.wantsLds ? candidate.bufferNote : candidate.notInLds) = rule;
}

LogicalResult PipelineLoopsPass::check(Candidate &candidate) {
  scf::ForOp loop = candidate.loop;
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lower || !step || *step <= 0 || loop.getUnsignedCmp()) {
    reject(candidate, Rejection::TripCount,
           "the lower bound or the step is not constant (a run-time upper "
           "bound is pipelined, a run-time lower bound or step is not), or "
           "the step is not positive, or the comparison is unsigned");
    return failure();
  }
  candidate.lowerBound = *lower;
  candidate.step = *step;
  if (upper) {
    candidate.tripCount =
        *upper > *lower ? llvm::divideCeil(*upper - *lower, *step) : 0;
    if (*candidate.tripCount < static_cast<int64_t>(stages)) {
      reject(candidate, Rejection::TripCount,
             llvm::formatv("the trip count {0} is below the {1} stages",
                           *candidate.tripCount, stages.getValue()));
      return failure();
    }
  }

  // LDS buffers stage copies as they are; a read rearranged in registers
  // before its writes (a transposition) is carried in registers instead.
  candidate.inLds =
      candidate.wantsLds && llvm::all_of(candidate.pairs, [](StagingPair pair) {
        return pair.write.getValue() == pair.read.getResult() &&
               pair.read->hasOneUse();
      });
  if (candidate.wantsLds && !candidate.inLds)
    candidate.notInLds = "a staged read reaches its LDS writes through a "
                         "rearrangement in registers, which LDS buffers do "
                         "not stage";
  std::string why;
  Operation *culprit = nullptr;
  for (StagingPair pair : candidate.pairs) {
    // A moved write's value is its read's, cloned along with it.
    if (failed(checkRecomputable(pair.read, pair.read->getOperands(), loop, why,
                                 culprit)) ||
        (candidate.inLds &&
         failed(checkRecomputable(pair.write,
                                  pair.write->getOperands().drop_front(), loop,
                                  why, culprit)))) {
      reject(candidate, Rejection::Dependence, why, culprit);
      return failure();
    }
  }
  if (failed(checkNoClobber(loop, candidate.reads, why, culprit))) {
    reject(candidate, Rejection::Dependence, why, culprit);
    return failure();
  }
  // Tiles that cannot get a buffer per stage leave the loop to registers
  // under buffer=auto; buffer=lds asked for buffers and gets none.
  if (candidate.inLds && failed(checkLdsTiles(candidate, why, culprit))) {
    if (buffer == PipelineBuffer::Lds) {
      reject(candidate, Rejection::Dependence, why, culprit);
      return failure();
    }
    candidate.inLds = false;
    candidate.notInLds = why;
  }
  return success();
}

/// Adds to `candidate` its other global reads directly in the body (an
/// MMA's scales, a bias): carried in registers (with buffer=lds too, beside
/// the tiles' buffers), they are issued ahead with the staged reads instead
/// of waited for in their own iteration. A read that cannot be issued early
/// stays in its iteration, with a remark. Each is checked for writes of the
/// loop as the staged reads are: today check() has already refused a loop
/// that writes any global memory, but the read must not rely on how coarse
/// that is.
static void addOperandReads(Candidate &candidate) {
  scf::ForOp loop = candidate.loop;
  for (auto read : loop.getBody()->getOps<ReadOp>()) {
    if (isLds(read.getMemref()) || llvm::is_contained(candidate.reads, read))
      continue;
    std::string why;
    Operation *culprit = nullptr;
    if (failed(
            checkRecomputable(read, read->getOperands(), loop, why, culprit)) ||
        failed(checkNoClobber(loop, read, why, culprit))) {
      emitRemark(read.getLoc(), "wave-pipeline-loops: global read left in "
                                "its iteration: ")
          << why;
      continue;
    }
    candidate.operandReads.push_back(read);
  }
  llvm::append_range(candidate.reads, candidate.operandReads);
  llvm::sort(candidate.reads,
             [](ReadOp a, ReadOp b) { return a->isBeforeInBlock(b); });
}

namespace {
/// The MMAs at the end of a loop body that the next iteration can do
/// instead, and the values they need from their own iteration.
struct MmaDeferral {
  /// `wave.mma` ops after the body's last LDS read whose results only feed
  /// each other and the yield, in body order (given a chip that widens
  /// them, also the MMAs before it that accumulate into them along K).
  SmallVector<Operation *> mmas;
  /// Their operands defined in the loop (body values, iteration arguments,
  /// the induction variable) other than each other's results.
  SmallVector<Value> carried;
  /// Scales the MMAs slice out of a vector of 4 (a K block each), which go
  /// with them: the vector is carried instead (getScaleGroupSlice).
  SmallVector<Operation *> scaleSlices;
};
} // namespace

/// The attribute through which upstream's SCF lowering gives a loop's back
/// edge LLVM loop metadata (the `loop_annotation` of `llvm.br`).
static constexpr StringLiteral kLoopAnnotationAttrName = "loop_annotation";

/// The barrier that ends `body`, if one does.
static BarrierOp getEndBarrier(Block *body) {
  return dyn_cast_if_present<BarrierOp>(body->getTerminator()->getPrevNode());
}

/// The most K steps before the trailing MMAs that are deferred with them
/// for wave-ping-pong.
static constexpr unsigned kMaxEarlierSteps = 3;

/// The op of `body` that slices `operand`, a scale of `mma`, out of a vector
/// of 4 scales, if one does. The lowering hands the MFMA those 4 bytes and
/// names the byte (op_sel): carried across the back edge, the sliced byte
/// alone would be extracted before it and widened after it, two VALU
/// instructions a scale for the same register.
static vector::ExtractStridedSliceOp
getScaleGroupSlice(MmaOp mma, Value operand, Block *body) {
  if (operand != mma.getAScale() && operand != mma.getBScale())
    return {};
  auto slice = operand.getDefiningOp<vector::ExtractStridedSliceOp>();
  if (!slice || slice->getBlock() != body)
    return {};
  VectorType source = slice.getSourceVectorType();
  return source.getRank() == 1 && source.getNumElements() == 4 ? slice
                                                               : nullptr;
}

/// The MMAs to defer in `loop`: those after its last LDS read. Given the
/// chip `widening`, each one's predecessors along K of a kind wave-widen-mma
/// joins on it come along, so that the joined MMA is deferred whole rather
/// than mixing the next iteration's steps in; given `earlierSteps`, that
/// many of each one's predecessors along K.
static MmaDeferral findTrailingMmas(scf::ForOp loop,
                                    const ChipInfo *widening = nullptr,
                                    unsigned earlierSteps = 0) {
  Block *body = loop.getBody();
  Operation *lastLdsRead = nullptr;
  for (Operation &op : body->without_terminator())
    if (auto read = dyn_cast<ReadOp>(op); read && isLds(read.getMemref()))
      lastLdsRead = &op;
  MmaDeferral deferral;
  if (!lastLdsRead)
    return deferral;
  llvm::SetVector<Operation *> mmas;
  for (Operation *op = lastLdsRead->getNextNode(); op != body->getTerminator();
       op = op->getNextNode())
    if (isa<MmaOp>(op))
      mmas.insert(op);
  // Of a packed fragment (wave-expand-fragments' k_pack: one LDS read for
  // the operands of several K steps, sliced for each) only the last step's
  // MMAs are deferred: deferring the earlier steps too would carry the whole
  // packed fragment across the back edge instead of its last slice, twice
  // the registers for the same MMAs' worth of overlap.
  auto isEarlierStep = [](Value operand) {
    auto slice = operand.getDefiningOp<vector::ExtractStridedSliceOp>();
    if (!slice)
      return false;
    int64_t end = cast<IntegerAttr>(slice.getOffsets()[0]).getInt() +
                  cast<IntegerAttr>(slice.getSizes()[0]).getInt();
    return end < slice.getSourceVectorType().getDimSize(0);
  };
  // (The MMAs of a joined chain keep all their steps: see below.)
  mmas.remove_if([&](Operation *mma) {
    auto op = cast<MmaOp>(mma);
    if (widening && getWideKKindOnChip(op.getKind(), *widening))
      return false;
    return isEarlierStep(op.getA()) || isEarlierStep(op.getB());
  });
  if (widening || earlierSteps) {
    // Each deferred MMA's predecessors along K (the MMA of the same kind
    // in the body whose result it accumulates onto): of a joined kind the
    // whole chain, whose packed reads are then carried whole; otherwise
    // `earlierSteps` of them. All in the body's order.
    llvm::SmallPtrSet<Operation *, 16> chained(mmas.begin(), mmas.end());
    for (Operation *mma : mmas) {
      auto op = cast<MmaOp>(mma);
      bool whole = widening && getWideKKindOnChip(op.getKind(), *widening);
      for (unsigned step = 0; whole || step < earlierSteps; ++step) {
        auto previous = op.getAcc().getDefiningOp<MmaOp>();
        if (!previous || previous->getBlock() != body ||
            previous.getKind() != op.getKind() ||
            !chained.insert(previous).second)
          break;
        op = previous;
      }
    }
    mmas.clear();
    for (Operation &op : body->without_terminator())
      if (chained.contains(&op))
        mmas.insert(&op);
  }
  // An MMA whose result another op of the body needs stays, and so do the
  // deferred MMAs that feed it.
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation *mma : llvm::make_early_inc_range(mmas)) {
      if (llvm::all_of(mma->getUsers(), [&](Operation *user) {
            return mmas.contains(user) || isa<scf::YieldOp>(user);
          }))
        continue;
      mmas.remove(mma);
      changed = true;
    }
  }
  llvm::SetVector<Value> carried;
  llvm::SetVector<Operation *> scaleSlices;
  for (Operation *mma : mmas)
    for (Value operand : mma->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if ((def && mmas.contains(def)) ||
          !body->getParent()->isAncestor(operand.getParentRegion()))
        continue;
      if (auto slice = getScaleGroupSlice(cast<MmaOp>(mma), operand, body)) {
        scaleSlices.insert(slice);
        carried.insert(slice.getSource());
        continue;
      }
      carried.insert(operand);
    }
  deferral.mmas = mmas.takeVector();
  deferral.carried = carried.takeVector();
  deferral.scaleSlices = scaleSlices.takeVector();
  return deferral;
}

//===----------------------------------------------------------------------===//
// Budget
//===----------------------------------------------------------------------===//

namespace {
/// The register pressure of a kernel as wave-budget-registers estimates it:
/// uniform values in SGPRs, MMA accumulators apart where the chip has AGPRs.
struct KernelPressure {
  KernelPressure(gpu::GPUFuncOp kernel, const UniformityInfo &uniformity,
                 unsigned waveSize, const ChipInfo &chip)
      : uniformity(uniformity), pressure(kernel, getOptions(waveSize, chip)) {}

  const UniformityInfo &uniformity;
  RegisterPressure pressure;

private:
  PressureOptions getOptions(unsigned waveSize, const ChipInfo &chip) {
    PressureOptions options;
    options.waveSize = waveSize;
    options.accumulatorsInAgprs = chip.addressableAgprs > 0;
    if (uniformity.succeeded())
      options.isUniform = [this](Value value) {
        return uniformity.isUniform(value);
      };
    return options;
  }
};
} // namespace

/// Bytes of the staged tiles of `candidate` (one buffer each).
static unsigned getStagedTileBytes(Candidate &candidate) {
  llvm::SetVector<Value> tiles;
  for (StagingPair pair : candidate.pairs)
    tiles.insert(pair.write.getMemref());
  unsigned bytes = 0;
  for (Value tile : tiles)
    bytes +=
        getAlignedLdsBytes(tile.getDefiningOp<AllocLdsOp>().getSizeInBytes());
  return bytes;
}

namespace {
/// What deferring MMAs costs a loop: the VGPRs of the operands carried
/// across the back edge, and the body's largest pressure once they are.
struct DeferralCost {
  unsigned carried = 0;
  unsigned peak = 0;
};
} // namespace

/// The cost of moving `deferral`'s MMAs to the next iteration of `loop`.
/// Their accumulators replace the ones the loop yielded; their other
/// operands (fragments read in the body) are carried in addition. At the
/// top of the body the carried fragments join what is live there; below,
/// each stays live from its definition to the end of the body, where it
/// was dead once its MMA had read it.
static DeferralCost getDeferralCost(scf::ForOp loop,
                                    const MmaDeferral &deferral,
                                    const RegisterPressure &pressure) {
  Block *body = loop.getBody();
  SmallVector<std::pair<Value, Operation *>> fragments;
  DeferralCost cost;
  for (Value value : deferral.carried) {
    Operation *def = value.getDefiningOp();
    if (!def || isa<MmaOp>(def))
      continue;
    cost.carried += pressure.getCost(value).getVectorRegisters();
    if (Operation *ancestor = body->findAncestorOpInBlock(*def))
      fragments.push_back({value, ancestor});
  }
  if (body->without_terminator().empty())
    return cost;
  cost.peak = pressure.getPressureAt(&body->front()).getVectorRegisters() +
              cost.carried;
  for (Operation &op : body->without_terminator()) {
    unsigned live = pressure.getPressureAt(&op).getVectorRegisters();
    for (auto [value, def] : fragments)
      if (def->isBeforeInBlock(&op) && !pressure.isLiveAt(value, &op))
        live += pressure.getCost(value).getVectorRegisters();
    cost.peak = std::max(cost.peak, live);
  }
  return cost;
}

/// Whether `pair` is a direct-to-LDS copy (wave-direct-to-lds).
static bool isDirectCopy(StagingPair pair) {
  return pair.write->hasAttr(kDirectToLdsAttrName);
}

/// Why the direct copy `pair` cannot stay one op when the loop is
/// pipelined (in LDS buffers if `inLds`), or "" when it can: in registers
/// the prefetched value is carried to the next iteration's write, and an
/// LDS buffer whose size is not a multiple of the copy's bytes would leave
/// the copies into the next buffer unaligned.
static std::string whyNotDirect(StagingPair pair, bool inLds) {
  if (!inLds)
    return "buffer=registers carries the loaded value in registers to the "
           "next iteration's LDS write (buffer=lds keeps the copy)";
  auto alloc = pair.write.getMemref().getDefiningOp<AllocLdsOp>();
  VectorType type = pair.write.getVectorType();
  int64_t bytes = type.getNumElements() *
                  llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  int64_t tileBytes =
      alloc ? ShapedType::getNumElements(alloc.getPhysicalShape()) *
                  llvm::divideCeil(type.getElementTypeBitWidth(), 8)
            : 0;
  if (alloc && tileBytes % bytes == 0)
    return "";
  return "the tile's buffers would not start at a multiple of the copy's " +
         std::to_string(bytes) + " bytes";
}

/// Whether MMAs of `kind` read their operands as fast as the kinds
/// wave-widen-mma joins into (as many operand bytes a lane for each cycle of
/// the matrix pipe): those kinds, and gfx950's other f8f6f4 MFMAs (fp4 and
/// fp6, scaled or not).
static bool isFastOperandKind(MmaKind kind) {
  return isWideKKind(kind) || getMmaLayout(kind).isF8F6F4();
}

/// Whether `candidate`'s loop, pipelined with `count` stages, has a steady
/// state of one iteration, which leaves no next iteration to defer MMAs to.
static bool steadyRunsOnce(const Candidate &candidate, unsigned count) {
  return candidate.tripCount && *candidate.tripCount - (count - 1) < 2;
}

unsigned PipelineLoopsPass::chooseStages(gpu::GPUFuncOp kernel,
                                         Candidate &candidate,
                                         const KernelBudget &budget,
                                         std::string &fitNote) {
  KernelPressure analysis(kernel, getUniformity(kernel), budget.waveSize,
                          *budget.chip);
  const RegisterPressure &pressure = analysis.pressure;
  unsigned loopPeak = 0;
  candidate.loop.getBody()->walk([&](Operation *op) {
    loopPeak =
        std::max(loopPeak, pressure.getPressureAt(op).getVectorRegisters());
  });
  bool inLds = candidate.inLds;
  // A direct copy that stays one op loads into LDS, not into registers.
  llvm::SmallPtrSet<Operation *, 8> direct;
  for (StagingPair pair : candidate.pairs)
    if (isDirectCopy(pair) && whyNotDirect(pair, inLds).empty())
      direct.insert(pair.read);
  unsigned stagedRegisters = 0;
  for (ReadOp read : candidate.reads)
    if (!direct.contains(read))
      stagedRegisters += pressure.getCost(read).getVectorRegisters();

  unsigned kernelLds = getKernelLdsBytes(kernel);
  unsigned tileBytes = inLds ? getStagedTileBytes(candidate) : 0;
  std::string origin =
      budget.requested == budget.occupancy ? std::string("requested")
      : budget.requested
          ? llvm::formatv(
                "{0} requested, raised: a workgroup of {1} waves "
                "spans the {2} SIMDs",
                budget.requested,
                llvm::divideCeil(budget.workgroupSize, budget.waveSize),
                budget.chip->simdsPerCu)
                .str()
          : std::string("reached before pipelining");
  std::string target =
      llvm::formatv("occupancy {0} ({1}) on {2}", budget.occupancy, origin,
                    budget.chip->name);
  // Under buffer=auto, LDS buffers keep the staging writes off the next
  // step's critical path. Where the trailing MMAs can be deferred in
  // registers as whole chains of the kind wave-widen-mma joins them into
  // (or are gfx950's f8f6f4 MFMAs already: fp4, fp6, scaled), those MMAs
  // cover the writes there as well, with the end barrier after them, and
  // registers win (the 256x256x64 fp8 tile of 8 waves on gfx950:
  // 256.9 against 267.2 cycles a block of one wave, 0.88 against 0.73 MFMA
  // efficiency at two waves a SIMD; not the double-K f16 kinds written so:
  // examples/gemm_gfx950.mlir takes 132.5 cycles a K step in registers
  // against 129.6 in LDS buffers). Only within the architected VGPRs: past
  // them the accumulators go to AGPRs, and the 256x256x64 tile of 4 waves at
  // occupancy 1 (test/wave-compile/Inputs/gemm_256_w4.mlir) spilled 53
  // VGPRs in registers where LDS buffers spill none.
  if (inLds && buffer == PipelineBuffer::Auto && deferMmas != 0) {
    MmaDeferral trailing = findTrailingMmas(candidate.loop);
    MmaDeferral whole = findTrailingMmas(candidate.loop, budget.chip);
    DeferralCost wholeCost =
        getDeferralCost(candidate.loop, whole, analysis.pressure);
    unsigned need = std::max(loopPeak, wholeCost.peak) +
                    stagedRegisters * (stages - 1) + headroom;
    bool joined = whole.mmas.size() > trailing.mmas.size();
    bool wholeInstructions = joined;
    if (!trailing.mmas.empty()) {
      MmaKind kind = cast<MmaOp>(trailing.mmas.front()).getKind();
      wholeInstructions |= getMmaLayout(kind).isF8F6F4() &&
                           !getWideKKindOnChip(kind, *budget.chip);
    }
    bool coversStaging = trailing.mmas.size() >= deferMmas &&
                         wholeInstructions &&
                         !steadyRunsOnce(candidate, stages);
    std::string deferred =
        joined ? llvm::formatv("the {0} MMAs of the whole chains that "
                               "wave-widen-mma joins",
                               whole.mmas.size())
                     .str()
               : llvm::formatv("the {0} trailing MMAs", trailing.mmas.size())
                     .str();
    unsigned limit = std::min(budget.vgprs, budget.chip->addressableArchVgprs);
    if (coversStaging && need > limit)
      candidate.bufferNote +=
          llvm::formatv("; not registers with {0} deferred: {1} VGPRs "
                        "with the prefetched and the headroom, over the "
                        "{2} {3}",
                        deferred, need, limit,
                        limit < budget.vgprs ? "architected VGPRs"
                                             : "of the budget")
              .str();
    if (coversStaging && need <= limit) {
      candidate.inLds = false;
      candidate.notInLds =
          candidate.bufferNote +
          llvm::formatv(", but {0}, deferred in registers, cover the "
                        "staging writes ({1} VGPRs with the prefetched and "
                        "the headroom)",
                        deferred, need)
              .str();
      candidate.bufferNote.clear();
      return chooseStages(kernel, candidate, budget, fitNote);
    }
  }
  std::string overRegisters, overLds;
  for (unsigned count = stages; count >= 2; --count) {
    // In registers, stages - 1 sets of prefetched vectors live across the
    // loop body; with LDS buffers one set lives across the MMAs.
    unsigned prefetched = stagedRegisters * (inLds ? 1 : count - 1);
    unsigned need = loopPeak + prefetched + headroom;
    unsigned lds = kernelLds + (count - 1) * tileBytes;
    if (need > budget.vgprs) {
      overRegisters = llvm::formatv(
          "{0} stages need {1} + {2} prefetched + {3} headroom = {4} VGPRs, "
          "over the budget of {5} at {6}",
          count, loopPeak, prefetched, headroom.getValue(), need, budget.vgprs,
          target);
      continue;
    }
    // LDS the kernel had already is wave-budget-registers' to report.
    if (tileBytes != 0 && lds > budget.ldsBytes) {
      overLds = llvm::formatv(
          "{0} stages need {1} bytes of LDS, over the {2} that {3} allows",
          count, lds, budget.ldsBytes, target);
      continue;
    }
    std::string deferNote;
    if (deferMmas != 0) {
      // The VGPRs a loop with `deferral`'s operands carried needs.
      auto needOf = [&](const DeferralCost &deferralCost) {
        return std::max(loopPeak, deferralCost.peak) + prefetched + headroom;
      };
      MmaDeferral deferral = findTrailingMmas(candidate.loop);
      DeferralCost cost =
          getDeferralCost(candidate.loop, deferral, analysis.pressure);
      // Where wave-widen-mma will join the trailing MMAs with the steps
      // before them, the joined MMAs are deferred whole when they fit:
      // deferring only the last step would join it with the next
      // iteration's first steps, behind that iteration's barrier.
      candidate.deferWholeChains = false;
      candidate.deferJoinedSteps = false;
      candidate.deferEarlierSteps = 0;
      std::string wholeNote;
      std::optional<MmaKind> wide;
      if (!deferral.mmas.empty())
        wide = getWideKKindOnChip(cast<MmaOp>(deferral.mmas.front()).getKind(),
                                  *budget.chip);
      if (deferral.mmas.size() >= deferMmas) {
        MmaDeferral whole = findTrailingMmas(candidate.loop, budget.chip);
        DeferralCost wholeCost =
            getDeferralCost(candidate.loop, whole, analysis.pressure);
        unsigned wholeNeed = needOf(wholeCost);
        if (whole.mmas.size() <= deferral.mmas.size()) {
        } else if (wholeNeed <= budget.vgprs) {
          deferral = std::move(whole);
          cost = wholeCost;
          candidate.deferWholeChains = true;
        } else {
          wholeNote = llvm::formatv(
              "; not the {0} MMAs wave-widen-mma joins them with: their {1} "
              "carried VGPRs would take the loop over the budget ({2} VGPRs "
              "with the prefetched and the headroom)",
              whole.mmas.size(), wholeCost.carried, wholeNeed);
          // Else the steps of the last joined MMA alone, where the chains
          // join whole from their start (their length a multiple of the
          // joined steps) and the prefetched vectors wait in registers: the
          // deferred MMAs then issue beside the staging writes and the
          // barrier after them. With LDS buffers the step's reads follow
          // the loop's one barrier, and the carried registers cost more
          // than the deferred MFMAs cover (gemm_256 on gfx950: 0.85 -> 0.75
          // MFMA efficiency at 2 waves in bench/simd_model.py).
          auto trailing = cast<MmaOp>(deferral.mmas.front());
          unsigned joinedSteps =
              wide ? getMmaLayout(*wide).k / getMmaLayout(trailing.getKind()).k
                   : 1;
          if (joinedSteps > 1 && !inLds &&
              whole.mmas.size() % (joinedSteps * deferral.mmas.size()) == 0) {
            MmaDeferral joined =
                findTrailingMmas(candidate.loop, nullptr, joinedSteps - 1);
            DeferralCost joinedCost =
                getDeferralCost(candidate.loop, joined, analysis.pressure);
            if (joined.mmas.size() == joinedSteps * deferral.mmas.size() &&
                needOf(joinedCost) <= budget.vgprs) {
              deferral = std::move(joined);
              cost = joinedCost;
              candidate.deferJoinedSteps = true;
              candidate.deferEarlierSteps = joinedSteps - 1;
            }
          }
        }
      }
      // A workgroup of 8 waves runs its loop as a ping-pong (wave-ping-pong):
      // its first MFMA phase holds the deferred MMAs, beside the other
      // wave's LDS writes of the step. K steps before the trailing MMAs go
      // with them, one at a time while they fit, until the deferred MMAs
      // hold the matrix pipe as long as those writes take: 8 cycles a
      // prefetched VGPR of transfer (64 lanes of 4 bytes, 2 clocks of the
      // CU's 128 bytes, at a quarter of them) and half as much again of
      // issue. Not for kinds the chip runs at twice the rate (joined along K
      // by wave-widen-mma or written so): their steps take half the MFMA
      // cycles, the loop is as long in LDS reads as in MFMAs, and
      // wave-ping-pong's model declines it; the carried registers would only
      // crowd the loop (a 256 x 256 tile written in f32_32x32x16_f16 then
      // spills 18 VGPRs on gfx950).
      std::string stepNote;
      unsigned waves = llvm::divideCeil(budget.workgroupSize, budget.waveSize);
      bool pingPong = waves >= 8 && waves % 8 == 0;
      // A kind the chip runs at the rate of its joined kinds, joined by
      // wave-widen-mma or written so, or faster (gfx950's f8f6f4 MFMAs, whose
      // fp4 and fp6 kinds read as many operand bytes a cycle as the joined
      // ones).
      bool doubleRate =
          wide ||
          (!deferral.mmas.empty() &&
           isFastOperandKind(cast<MmaOp>(deferral.mmas.front()).getKind()));
      // The deferred MMAs are whole instructions: the chains wave-widen-mma
      // joins, or MMAs it does not join.
      candidate.barrierAfterDeferred =
          (!pingPong ||
           (doubleRate && (candidate.deferWholeChains || !wide))) &&
          !inLds && getEndBarrier(candidate.loop.getBody());
      if (!candidate.deferWholeChains && !candidate.deferJoinedSteps &&
          pingPong && deferral.mmas.size() >= deferMmas && !doubleRate) {
        unsigned writeCycles = 12 * prefetched;
        auto pipeCycles = [&](const MmaDeferral &candidateDeferral) {
          unsigned cycles = 0;
          for (Operation *mma : candidateDeferral.mmas)
            cycles +=
                getMmaPipeCycles(cast<MmaOp>(mma).getKind(), *budget.chip);
          return cycles;
        };
        for (unsigned steps = 1;
             pipeCycles(deferral) < writeCycles && steps <= kMaxEarlierSteps;
             ++steps) {
          MmaDeferral more = findTrailingMmas(candidate.loop, nullptr, steps);
          if (more.mmas.size() <= deferral.mmas.size())
            break;
          DeferralCost moreCost =
              getDeferralCost(candidate.loop, more, analysis.pressure);
          unsigned moreNeed = needOf(moreCost);
          if (moreNeed > budget.vgprs) {
            stepNote = llvm::formatv(
                "; not {0} K steps more for wave-ping-pong's first MFMA "
                "phase: their {1} carried VGPRs would take the loop over the "
                "budget ({2} VGPRs with the prefetched and the headroom)",
                steps, moreCost.carried, moreNeed);
            break;
          }
          deferral = std::move(more);
          cost = moreCost;
          candidate.deferEarlierSteps = steps;
        }
      }
      unsigned carried = cost.carried;
      unsigned deferredNeed = needOf(cost);
      // A loop without MMAs after its last LDS read has nothing to defer.
      if (deferral.mmas.empty()) {
      } else if (deferral.mmas.size() < deferMmas) {
        deferNote = llvm::formatv(
            "; MMAs not deferred: {0} after the last LDS read, fewer than "
            "defer-mmas={1}",
            deferral.mmas.size(), deferMmas.getValue());
      } else if (steadyRunsOnce(candidate, count)) {
        deferNote = "; MMAs not deferred: the steady state runs one "
                    "iteration";
      } else if (deferredNeed > budget.vgprs) {
        deferNote = llvm::formatv(
            "; MMAs not deferred: their {0} carried VGPRs would take the "
            "loop over the budget ({1} VGPRs with the prefetched and the "
            "headroom)",
            carried, deferredNeed);
      } else {
        candidate.defer = true;
        candidate.deferredRegisters = carried;
        deferNote = llvm::formatv(
            "; {0} trailing MMAs deferred to the next iteration ({1} VGPRs "
            "carried{2}){4}{3}",
            deferral.mmas.size(), carried,
            candidate.deferWholeChains
                ? ", with the K steps wave-widen-mma joins them with"
            : candidate.deferJoinedSteps && candidate.deferEarlierSteps == 1
                ? ", with the K step before them that wave-widen-mma joins "
                  "them with"
            : candidate.deferJoinedSteps
                ? llvm::formatv(", with the {0} K steps before them that "
                                "wave-widen-mma joins them with",
                                candidate.deferEarlierSteps)
                      .str()
            : candidate.deferEarlierSteps == 1
                ? ", with the K step before them, for the first MFMA phase "
                  "of wave-ping-pong"
            : candidate.deferEarlierSteps
                ? llvm::formatv(", with the {0} K steps before them, for the "
                                "first MFMA phase of wave-ping-pong",
                                candidate.deferEarlierSteps)
                      .str()
                : "",
            wholeNote + stepNote,
            candidate.barrierAfterDeferred
                ? ", ahead of the barrier that ended the body"
                : "");
      }
    }
    fitNote = llvm::formatv(
        "{0} + {1} prefetched VGPRs of the budget of {2}, {3} bytes of LDS, "
        "at {4}{5}",
        loopPeak, prefetched, budget.vgprs, lds, target, deferNote);
    if (count < stages)
      fitNote +=
          "; fewer stages than the " + std::to_string(stages) +
          " requested: " + (overRegisters.empty() ? overLds : overRegisters);
    return count;
  }
  // LDS buffers that do not fit at any count leave registers to carry the
  // stages (more VGPRs: a set a stage, not one).
  if (inLds && !overLds.empty()) {
    candidate.inLds = false;
    candidate.notInLds = "the LDS buffers do not fit: " + overLds;
    return chooseStages(kernel, candidate, budget, fitNote);
  }
  // In registers only the registers can be over budget.
  reject(candidate, Rejection::Registers,
         "registers over budget: " + overRegisters +
             (candidate.notInLds.empty() ? "" : "; " + candidate.notInLds));
  return 0;
}

FailureOr<KernelBudget> PipelineLoopsPass::getBudget(gpu::GPUFuncOp kernel,
                                                     std::string &why) {
  FailureOr<KernelTarget> target = getKernelTarget(kernel);
  if (failed(target) || !target->workgroup) {
    why = "the kernel names no known chip and workgroup size (#wave.kernel, "
          "known_block_size), so its register and LDS budgets are unknown";
    return failure();
  }
  KernelBudget budget;
  budget.chip = target->chip;
  budget.waveSize = target->waveSize;
  budget.workgroupSize = *target->getWorkgroupSize();
  unsigned occupancy = budget.requested = target->occupancy;
  if (occupancy == 0) {
    // No request: keep the occupancy the kernel reaches now.
    unsigned peak = KernelPressure(kernel, getUniformity(kernel),
                                   budget.waveSize, *budget.chip)
                        .pressure.getPeak()
                        .getVectorRegisters();
    OccupancyLimiter limiter;
    occupancy = std::max(
        std::min(getOccupancyWithVgprs(*budget.chip, budget.waveSize,
                                       peak + headroom),
                 getOccupancyWithWorkgroups(
                     *budget.chip, budget.waveSize, budget.workgroupSize,
                     getKernelLdsBytes(kernel), limiter)),
        1u);
  }
  OccupancyBudget allowed = target->getBudget(occupancy);
  budget.occupancy = allowed.occupancy;
  budget.vgprs = allowed.vgprs;
  budget.ldsBytes = allowed.ldsBytes;
  return budget;
}

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

namespace {
/// Clones ops of a loop body for one iteration: `mapping` takes the old
/// induction variable (and whatever else) to its value there, and the pure
/// ops an op depends on are cloned along with it.
class IterationCloner {
public:
  IterationCloner(scf::ForOp loop, OpBuilder &builder)
      : loop(loop), builder(builder) {}

  /// Clones `op` after cloning the in-body ops its operands come from.
  Operation *cloneWithSlice(Operation *op, IRMapping &mapping) {
    for (Value operand : op->getOperands())
      materialize(operand, mapping);
    return builder.clone(*op, mapping);
  }

private:
  void materialize(Value value, IRMapping &mapping) {
    if (mapping.contains(value) || !isa<OpResult>(value))
      return;
    Operation *def = value.getDefiningOp();
    if (def->getBlock() != loop.getBody())
      return;
    cloneWithSlice(def, mapping);
  }

  scf::ForOp loop;
  OpBuilder &builder;
};
} // namespace

/// Gives every tile staged by `candidate` one buffer per stage: a leading
/// dimension of `stages` in its `wave.alloc_lds`, indexed in every access by
/// the iteration number modulo `stages`. Returns the bytes added.
static unsigned addTileBuffers(Candidate &candidate, unsigned stages) {
  scf::ForOp loop = candidate.loop;
  llvm::SetVector<Value> tiles;
  for (StagingPair pair : candidate.pairs)
    tiles.insert(pair.write.getMemref());
  unsigned added = 0;
  for (Value tile : tiles) {
    auto alloc = tile.getDefiningOp<AllocLdsOp>();
    MemRefType type = alloc.getType();
    MLIRContext *context = type.getContext();
    SmallVector<int64_t> shape = {static_cast<int64_t>(stages)};
    llvm::append_range(shape, type.getShape());
    SmallVector<int64_t> padding = {0};
    llvm::append_range(padding, alloc.getPaddingOrZeros());
    SmallVector<int64_t> strides;
    int64_t offset;
    (void)type.getStridesAndOffset(strides, offset);
    int64_t bufferElements =
        ShapedType::getNumElements(alloc.getPhysicalShape());
    strides.insert(strides.begin(), bufferElements);
    MemRefLayoutAttrInterface layout;
    if (!type.getLayout().isIdentity())
      layout = StridedLayoutAttr::get(context, 0, strides);
    auto newType = MemRefType::get(shape, type.getElementType(), layout,
                                   type.getMemorySpace());
    OpBuilder builder(alloc);
    bool padded = llvm::any_of(padding, [](int64_t pad) { return pad != 0; });
    auto newAlloc = AllocLdsOp::create(
        builder, alloc.getLoc(), newType,
        padded ? builder.getDenseI64ArrayAttr(padding) : DenseI64ArrayAttr(),
        alloc.getSwizzleAttr());
    added += getAlignedLdsBytes(newAlloc.getSizeInBytes()) -
             getAlignedLdsBytes(alloc.getSizeInBytes());

    // Buffer of iteration iv: ((iv - lb) floordiv step) mod stages.
    for (Operation *user : llvm::make_early_inc_range(tile.getUsers())) {
      auto access = cast<LaneAccessOpInterface>(user);
      AffineMap map = access.getAccessMap();
      unsigned numDims = map.getNumDims();
      AffineExpr iteration = getAffineDimExpr(numDims, context);
      AffineExpr slot =
          ((iteration - candidate.lowerBound).floorDiv(candidate.step)) %
          static_cast<int64_t>(stages);
      SmallVector<AffineExpr> results = {slot};
      llvm::append_range(results, map.getResults());
      AffineMap newMap = AffineMap::get(numDims + 1, 0, results, context);
      user->replaceUsesOfWith(tile, newAlloc);
      unsigned indexStart = isa<WriteOp>(user) ? 2 : 1;
      unsigned numIndices = map.getNumDims();
      SmallVector<Value> indices(
          user->getOperands().slice(indexStart, numIndices));
      indices.push_back(loop.getInductionVar());
      if (auto read = dyn_cast<ReadOp>(user)) {
        read.getIndicesMutable().assign(indices);
        read.setMapAttr(AffineMapAttr::get(newMap));
        if (std::optional<uint64_t> along = read.getAlong())
          read.setAlong(*along + 1);
      } else {
        auto write = cast<WriteOp>(user);
        write.getIndicesMutable().assign(indices);
        write.setMapAttr(AffineMapAttr::get(newMap));
        if (std::optional<uint64_t> along = write.getAlong())
          write.setAlong(*along + 1);
      }
    }
    alloc.erase();
  }
  return added;
}

/// The trip count of `candidate.loop` as a value at the builder's point:
/// `ceildiv(ub - lb, step)`, clamped at 0 (a constant for a static one).
static Value getTripCountValue(OpBuilder &builder, const Candidate &candidate) {
  scf::ForOp loop = candidate.loop;
  Location loc = loop.getLoc();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  if (candidate.tripCount)
    return constant(*candidate.tripCount);
  Value trips = loop.getUpperBound();
  if (candidate.lowerBound != 0)
    trips = arith::SubIOp::create(builder, loc, trips,
                                  constant(candidate.lowerBound));
  if (candidate.step != 1)
    trips = arith::CeilDivSIOp::create(builder, loc, trips,
                                       constant(candidate.step));
  return arith::MaxSIOp::create(builder, loc, trips, constant(0));
}

/// Puts `loop` in the `then` arm of an `scf.if` on its trip count being at
/// least `minTrips`, and a copy of it in the `else` arm: the pipelined
/// loop runs only where it has the iterations its prologue, epilogue and
/// peeled iteration take.
static void versionOnTripCount(Candidate &candidate, int64_t minTrips) {
  scf::ForOp loop = candidate.loop;
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  Value enough = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::sge,
      getTripCountValue(builder, candidate),
      arith::ConstantIndexOp::create(builder, loc, minTrips));
  auto branch = scf::IfOp::create(builder, loc, loop.getResultTypes(), enough,
                                  /*withElseRegion=*/true);
  loop.replaceAllUsesWith(branch.getResults());
  builder.setInsertionPointToEnd(branch.elseBlock());
  Operation *copy = builder.clone(*loop);
  if (!copy->getResults().empty())
    scf::YieldOp::create(builder, loc, copy->getResults());
  builder.setInsertionPointToEnd(branch.thenBlock());
  if (!loop.getResults().empty())
    scf::YieldOp::create(builder, loc, loop.getResults());
  loop->moveBefore(&branch.thenBlock()->back());
}

/// Rotates `candidate.loop` for `stages` stages in registers or LDS; returns
/// the steady-state loop. With `clampReads` (registers only) there is no
/// epilogue: the steady state runs every iteration, and the reads ahead of
/// the last one read the last iteration's data again (the loop as written
/// reads it, so it is in bounds) into values nothing uses.
/// The direct copies of `candidate` that cannot stay one op
/// (whyNotDirect): their marks go, with a remark.
static void undoDirectCopies(Candidate &candidate, bool inLds) {
  for (StagingPair pair : candidate.pairs) {
    if (!isDirectCopy(pair))
      continue;
    std::string why = whyNotDirect(pair, inLds);
    if (why.empty())
      continue;
    pair.write->removeAttr(kDirectToLdsAttrName);
    emitRemark(pair.write.getLoc(), "wave-pipeline-loops: direct-to-LDS copy "
                                    "undone: ")
        << why;
  }
}

static scf::ForOp rotate(Candidate &candidate, unsigned stages, bool inLds,
                         bool clampReads) {
  scf::ForOp loop = candidate.loop;
  Block *body = loop.getBody();
  Location loc = loop.getLoc();
  int64_t ahead = stages - 1;
  int64_t lb = candidate.lowerBound, step = candidate.step;

  // The reads move (in registers those feeding the computation too), and
  // in LDS buffers their writes.
  llvm::DenseSet<Operation *> staged;
  for (ReadOp read : candidate.reads)
    staged.insert(read);
  if (inLds)
    for (StagingPair pair : candidate.pairs)
      staged.insert(pair.write);
  // Ops of the body that only feed the moved ops: they move with them.
  llvm::DenseSet<Operation *> moved(staged.begin(), staged.end());
  for (Operation &op : llvm::reverse(body->without_terminator())) {
    if (moved.contains(&op) || op.use_empty() || !isPure(&op) ||
        op.getNumRegions() != 0)
      continue;
    if (llvm::all_of(op.getUsers(), [&](Operation *user) {
          return moved.contains(body->findAncestorOpInBlock(*user));
        }))
      moved.insert(&op);
  }

  OpBuilder builder(loop);
  IterationCloner cloner(loop, builder);
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  auto iterationValue = [&](int64_t iteration) {
    return constant(lb + iteration * step);
  };
  // The induction variable of iteration `trips - ahead + i` (the steady
  // state's upper bound for i = 0, the epilogue's iterations after it).
  Value trips =
      candidate.tripCount ? Value() : getTripCountValue(builder, candidate);
  auto fromEnd = [&](int64_t i) -> Value {
    if (candidate.tripCount)
      return iterationValue(*candidate.tripCount - ahead + i);
    Value iv = arith::SubIOp::create(builder, loc, trips, constant(ahead - i));
    if (step != 1)
      iv = arith::MulIOp::create(builder, loc, iv, constant(step));
    if (lb != 0)
      iv = arith::AddIOp::create(builder, loc, iv, constant(lb));
    return iv;
  };
  // A clamped loop of static bounds counts in 32 bits: the clamp is a
  // minimum, which the scalar unit has in 32 bits (s_min) but not in 64
  // (there it takes a vector compare into an SGPR pair), and the counter
  // takes one SGPR instead of two (examples/gemm.mlir: 16 SGPRs against
  // 17). The first iteration and the last read ahead must fit.
  bool narrow = clampReads && candidate.tripCount && llvm::isInt<32>(lb) &&
                llvm::isInt<32>(lb + (*candidate.tripCount - 1 + ahead) * step);
  auto counter = [&](int64_t value) -> Value {
    if (!narrow)
      return constant(value);
    return arith::ConstantOp::create(builder, loc,
                                     builder.getI32IntegerAttr(value));
  };
  Value lastIv = clampReads && !narrow ? fromEnd(ahead - 1) : Value();
  // The reads whose values the loop carries: in registers all, with LDS
  // buffers those feeding the computation.
  SmallVector<ReadOp> carried(inLds ? candidate.operandReads : candidate.reads);
  auto cloneCarried = [&](IRMapping &mapping) {
    return llvm::map_to_vector(carried, [&](ReadOp read) -> Value {
      return cloner.cloneWithSlice(read, mapping)->getResult(0);
    });
  };
  // Clones the staged reads (and with LDS buffers their writes) for the
  // iteration whose induction variable is `iv`; returns the carried reads'
  // values.
  auto cloneStaging = [&](Value iv) {
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), iv);
    if (!inLds)
      return cloneCarried(mapping);
    // In LDS buffers every read is copied as it is, by one write (check).
    for (StagingPair pair : candidate.pairs) {
      cloner.cloneWithSlice(pair.read, mapping);
      if (isDirectCopy(pair))
        cloner.cloneWithSlice(pair.write, mapping);
    }
    for (StagingPair pair : candidate.pairs)
      if (!isDirectCopy(pair))
        cloner.cloneWithSlice(pair.write, mapping);
    return cloneCarried(mapping);
  };

  // Prologue: the first `ahead` iterations' staging.
  SmallVector<SmallVector<Value>> inFlight;
  for (int64_t i = 0; i < ahead; ++i)
    inFlight.push_back(cloneStaging(iterationValue(i)));

  // The steady-state loop carries the prefetched vectors in registers.
  SmallVector<Value> inits(loop.getInitArgs());
  for (ArrayRef<Value> set : inFlight)
    llvm::append_range(inits, set);
  unsigned numResults = loop.getNumResults();
  scf::ForOp steady;
  if (narrow)
    steady = scf::ForOp::create(builder, loc, counter(lb),
                                counter(lb + *candidate.tripCount * step),
                                counter(step), inits);
  else
    steady = scf::ForOp::create(builder, loc, loop.getLowerBound(),
                                clampReads ? loop.getUpperBound() : fromEnd(0),
                                loop.getStep(), inits);
  steady->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  {
    OpBuilder::InsertionGuard guard(builder);
    Block *newBody = steady.getBody();
    builder.setInsertionPointToStart(newBody);
    IRMapping current;
    auto toIndex = [&](Value value) -> Value {
      if (!narrow)
        return value;
      return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                        value);
    };
    Value indexIv = toIndex(steady.getInductionVar());
    current.map(loop.getInductionVar(), indexIv);
    current.map(loop.getRegionIterArgs(),
                steady.getRegionIterArgs().take_front(numResults));
    Value aheadIv = steady.getInductionVar();
    // The oldest set in flight stands for this iteration's carried reads.
    for (auto [read, value] :
         llvm::zip(carried, steady.getRegionIterArgs().slice(numResults,
                                                             carried.size())))
      current.map(read.getResult(), value);
    auto computeAheadIv = [&]() -> Value {
      Value iv = arith::AddIOp::create(builder, loc, steady.getInductionVar(),
                                       counter(ahead * step));
      if (clampReads)
        iv = arith::MinSIOp::create(
            builder, loc, iv,
            narrow ? counter(lb + (*candidate.tripCount - 1) * step) : lastIv);
      return toIndex(iv);
    };
    SmallVector<Value> prefetched;
    if (inLds) {
      // Reads ahead first, then this iteration's work on its own buffer,
      // then the writes of the prefetched vectors into theirs.
      aheadIv = computeAheadIv();
      IRMapping aheadMapping;
      aheadMapping.map(loop.getInductionVar(), aheadIv);
      // A direct copy (wave-direct-to-lds) is one op, into the buffer
      // ahead, which this iteration does not touch: it goes right after the
      // body's last LDS read, so that the MMAs after it hide its latency
      // and no LDS read of the iteration follows it (LLVM waits for an LDS
      // DMA before any ds_read it cannot prove disjoint, and the buffers
      // are one allocation); wave-insert-barriers orders it with the other
      // iterations.
      Operation *lastLdsRead = nullptr;
      for (Operation &op : body->without_terminator())
        if (!moved.contains(&op) && op.walk([](ReadOp read) {
                                        return isLds(read.getMemref())
                                                   ? WalkResult::interrupt()
                                                   : WalkResult::advance();
                                      }).wasInterrupted())
          lastLdsRead = &op;
      auto cloneDirectCopies = [&] {
        for (StagingPair pair : candidate.pairs)
          if (isDirectCopy(pair)) {
            cloner.cloneWithSlice(pair.read, aheadMapping);
            cloner.cloneWithSlice(pair.write, aheadMapping);
          }
      };
      for (StagingPair pair : candidate.pairs)
        if (!isDirectCopy(pair))
          cloner.cloneWithSlice(pair.read, aheadMapping);
      prefetched = cloneCarried(aheadMapping);
      if (!lastLdsRead)
        cloneDirectCopies();
      for (Operation &op : body->without_terminator()) {
        if (moved.contains(&op))
          continue;
        builder.clone(op, current);
        if (&op == lastLdsRead)
          cloneDirectCopies();
      }
      for (StagingPair pair : candidate.pairs)
        if (!isDirectCopy(pair))
          cloner.cloneWithSlice(pair.write, aheadMapping);
    } else {
      // The oldest set in flight feeds this iteration's LDS writes; the
      // reads ahead go right after the last of them.
      Operation *lastWrite = candidate.pairs.back().write;
      for (StagingPair pair : candidate.pairs)
        if (lastWrite->isBeforeInBlock(pair.write))
          lastWrite = pair.write;
      for (Operation &op : body->without_terminator()) {
        if (moved.contains(&op))
          continue;
        builder.clone(op, current);
        if (&op != lastWrite)
          continue;
        IRMapping aheadMapping;
        aheadMapping.map(loop.getInductionVar(), computeAheadIv());
        prefetched = cloneCarried(aheadMapping);
      }
    }
    SmallVector<Value> yields =
        llvm::map_to_vector(loop.getYieldedValues(), [&](Value value) {
          return current.lookupOrDefault(value);
        });
    llvm::append_range(yields, steady.getRegionIterArgs().drop_front(
                                   numResults + carried.size()));
    llvm::append_range(yields, prefetched);
    scf::YieldOp::create(builder, loc, yields);
    // The body may use the induction variable only through the reads ahead.
    if (indexIv.use_empty() && indexIv != steady.getInductionVar())
      indexIv.getDefiningOp()->erase();
  }

  // Epilogue: the last `ahead` iterations, with the reads already done.
  SmallVector<Value> results(steady.getResults().take_front(numResults));
  for (int64_t i = 0; i < (clampReads ? 0 : ahead); ++i) {
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), fromEnd(i));
    mapping.map(loop.getRegionIterArgs(), results);
    for (auto [index, read] : llvm::enumerate(carried))
      mapping.map(read.getResult(),
                  steady.getResult(numResults + i * carried.size() + index));
    for (Operation &op : body->without_terminator())
      if (!moved.contains(&op))
        builder.clone(op, mapping);
    results = llvm::map_to_vector(loop.getYieldedValues(), [&](Value value) {
      return mapping.lookupOrDefault(value);
    });
  }
  loop.replaceAllUsesWith(results);
  loop.erase();
  return steady;
}

//===----------------------------------------------------------------------===//
// Deferring the trailing MMAs
//===----------------------------------------------------------------------===//

/// Moves `deferral`'s MMAs of every iteration of `loop` to the start of the
/// next one (the first iteration's other ops are peeled in front of the
/// loop, the last iteration's MMAs follow it), so that in one loop body
/// they sit beside the next iteration's LDS staging and barriers. With
/// `barrierAfterDeferred`, a barrier that ends the body goes after the
/// deferred MMAs, which access no memory: it orders the same accesses, and
/// the MMAs no longer wait for it (for the LDS reads before it to
/// complete). Returns the new loop.
static scf::ForOp deferTrailingMmas(scf::ForOp loop,
                                    const MmaDeferral &deferral, int64_t step,
                                    bool barrierAfterDeferred) {
  Block *body = loop.getBody();
  Location loc = loop.getLoc();
  llvm::DenseSet<Operation *> deferred(deferral.mmas.begin(),
                                       deferral.mmas.end());
  // A scale slice goes with the MMAs; it stays too where others use it.
  for (Operation *slice : deferral.scaleSlices)
    if (llvm::all_of(slice->getUsers(),
                     [&](Operation *user) { return deferred.contains(user); }))
      deferred.insert(slice);
  Operation *endBarrier = barrierAfterDeferred ? getEndBarrier(body) : nullptr;
  auto isDeferred = [&](Value value) {
    Operation *def = value.getDefiningOp();
    return def && deferred.contains(def);
  };
  ValueRange yielded = loop.getYieldedValues();
  // The yielded values the loop still carries: those no deferred MMA makes.
  SmallVector<unsigned> kept;
  for (auto [index, value] : llvm::enumerate(yielded))
    if (!isDeferred(value))
      kept.push_back(index);
  auto cloneOthers = [&](OpBuilder &builder, IRMapping &mapping) {
    for (Operation &op : body->without_terminator())
      if (!deferred.contains(&op) && &op != endBarrier)
        builder.clone(op, mapping);
  };
  // The deferred MMAs, then the previous iteration's end barrier.
  auto cloneDeferred = [&](OpBuilder &builder, IRMapping &mapping) {
    for (Operation *slice : deferral.scaleSlices)
      builder.clone(*slice, mapping);
    for (Operation *mma : deferral.mmas)
      builder.clone(*mma, mapping);
    if (endBarrier)
      builder.clone(*endBarrier, mapping);
  };
  auto carriedState = [&](IRMapping &mapping) {
    SmallVector<Value> state;
    for (unsigned index : kept)
      state.push_back(mapping.lookupOrDefault(yielded[index]));
    for (Value value : deferral.carried)
      state.push_back(mapping.lookupOrDefault(value));
    return state;
  };

  // The first iteration without its deferred MMAs.
  OpBuilder builder(loop);
  IRMapping first;
  first.map(loop.getInductionVar(), loop.getLowerBound());
  first.map(loop.getRegionIterArgs(), loop.getInitArgs());
  cloneOthers(builder, first);
  // The candidate's bounds are constants; the second iteration's stays one,
  // so the passes that run before canonicalization still see a static trip
  // count (wave-optimize-lds-layout weighs each access by its executions).
  Value lower = arith::ConstantIndexOp::create(
      builder, loc, *getConstantIntValue(loop.getLowerBound()) + step);
  auto rest = scf::ForOp::create(builder, loc, lower, loop.getUpperBound(),
                                 loop.getStep(), carriedState(first));
  rest->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  // The previous iteration's deferred MMAs, then this one's other ops.
  auto restoreIterArgs = [&](IRMapping &mapping, ValueRange state) {
    for (auto [index, value] : llvm::enumerate(deferral.carried))
      mapping.map(value, state[kept.size() + index]);
  };
  auto iterArgsAfter = [&](IRMapping &mapping, ValueRange state) {
    SmallVector<Value> args;
    unsigned next = 0;
    for (auto [index, value] : llvm::enumerate(yielded)) {
      if (isDeferred(value))
        args.push_back(mapping.lookup(value));
      else
        args.push_back(state[next++]);
    }
    return args;
  };
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(rest.getBody());
    IRMapping mapping;
    restoreIterArgs(mapping, rest.getRegionIterArgs());
    cloneDeferred(builder, mapping);
    mapping.map(loop.getRegionIterArgs(),
                iterArgsAfter(mapping, rest.getRegionIterArgs()));
    mapping.map(loop.getInductionVar(), rest.getInductionVar());
    cloneOthers(builder, mapping);
    scf::YieldOp::create(builder, loc, carriedState(mapping));
  }
  // The last iteration's deferred MMAs.
  IRMapping last;
  restoreIterArgs(last, rest.getResults());
  cloneDeferred(builder, last);
  loop.replaceAllUsesWith(iterArgsAfter(last, rest.getResults()));
  loop.erase();
  return rest;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

void PipelineLoopsPass::processKernel(gpu::GPUFuncOp kernel) {
  SmallVector<Candidate, 0> candidates;
  kernel.walk([&](scf::ForOp loop) {
    Candidate candidate = findCandidate(loop);
    if (!candidate.reads.empty())
      candidates.push_back(std::move(candidate));
  });
  if (candidates.empty())
    return;

  std::string why;
  FailureOr<KernelBudget> budget = getBudget(kernel, why);
  for (Candidate &candidate : candidates) {
    if (failed(budget)) {
      reject(candidate, Rejection::Target, why);
      continue;
    }
    chooseBuffer(candidate, *budget->chip);
    if (failed(check(candidate)))
      continue;
    addOperandReads(candidate);
    std::string fitNote;
    unsigned count = chooseStages(kernel, candidate, *budget, fitNote);
    if (count == 0)
      continue;
    bool inLds = candidate.inLds;
    bool inRegistersInstead = !inLds && !candidate.notInLds.empty();
    if (inRegistersInstead)
      counts.add(numInRegistersInstead);
    if (count < stages)
      counts.add(numStagesReduced);
    unsigned ldsAdded = inLds ? addTileBuffers(candidate, count) : 0;
    counts.add(numLdsBytesAdded, ldsAdded);
    counts.add(numPipelined);
    counts.add(numReadsPrefetched, candidate.reads.size());
    counts.add(numOperandReadsPrefetched, candidate.operandReads.size());
    // A run-time trip count needs the prologue's and epilogue's iterations
    // (and the peeled one of deferred MMAs): proved under wave.assume, or
    // checked at run time with the loop as written as the fallback.
    std::string tripNote;
    if (!candidate.tripCount) {
      int64_t minTrips = count + (candidate.defer ? 1 : 0);
      std::string why;
      if (isTripCountAtLeast(candidate.loop, minTrips, &why)) {
        tripNote = llvm::formatv("; run-time trip count, at least {0} by the "
                                 "kernel's wave.assume",
                                 minTrips);
      } else {
        versionOnTripCount(candidate, minTrips);
        counts.add(numVersioned);
        tripNote = llvm::formatv(
            "; run-time trip count: versioned on trip count >= {0}, the loop "
            "as written runs otherwise ({1})",
            minTrips, why);
      }
    }
    // LDS buffers keep the epilogue: a clamped write ahead would rewrite
    // the buffer the last iterations read. So do deferred MMAs: their loop
    // already starts one iteration late, and on gemm_nk_128 the clamped
    // addresses cost 6 VGPRs more than the epilogue (116 against 110).
    bool clampReads = !inLds && !peelEpilogue && !candidate.defer;
    emitRemark(candidate.loop.getLoc())
        << "wave-pipeline-loops: pipelined with " << count << " stages in "
        << (inLds ? "LDS buffers" : "registers")
        << (inRegistersInstead
                ? " (not LDS buffers: " + candidate.notInLds + ")"
            : candidate.bufferNote.empty() ? std::string()
                                           : " (" + candidate.bufferNote + ")")
        << ": " << candidate.reads.size() << " global reads"
        << (candidate.operandReads.empty()
                ? std::string()
                : llvm::formatv(" ({0} feeding the body's computation)",
                                candidate.operandReads.size())
                      .str())
        << " issued " << count - 1
        << (count == 2 ? " iteration" : " iterations") << " ahead (" << fitNote
        << ")" << tripNote
        << (clampReads ? "; no epilogue: the reads ahead of the last "
                         "iteration are clamped to it"
                       : "");
    undoDirectCopies(candidate, inLds);
    scf::ForOp steady = rotate(candidate, count, inLds, clampReads);
    if (candidate.defer) {
      steady = deferTrailingMmas(
          steady,
          findTrailingMmas(steady,
                           candidate.deferWholeChains ? budget->chip : nullptr,
                           candidate.deferEarlierSteps),
          candidate.step, candidate.barrierAfterDeferred);
      // The deferred MMAs and the staging now share one loop body: the
      // backend may interleave them.
      steady->setAttr(WaveDialect::kInterleaveMmaAttrName,
                      UnitAttr::get(steady.getContext()));
      counts.add(numMmasDeferred);
    }
    // The steady state is the schedule: LLVM is not to unroll it (unrolled
    // completely, as LLVM does with the few iterations of a small trip
    // count, it takes more registers than the budget above counted: 72
    // VGPRs on examples/gemm.mlir against 56). The SCF lowering hands the
    // annotation to the loop's back edge.
    MLIRContext *context = steady.getContext();
    steady->setAttr(
        kLoopAnnotationAttrName,
        LLVM::LoopAnnotationAttr::get(
            context, {}, {}, {},
            LLVM::LoopUnrollAttr::get(context, BoolAttr::get(context, true), {},
                                      {}, {}, {}, {}, {}),
            {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}));
    // The next candidate's budget needs the uniformity of the kernel as
    // changed.
    getAnalysisManager().invalidate(AnalysisManager::PreservedAnalyses());
  }
}

void PipelineLoopsPass::runOnOperation() {
  counts = StatisticCounts();
  if (stages < 2) {
    emitError(getOperation()->getLoc())
        << "wave-pipeline-loops: stages must be at least 2, got "
        << stages.getValue();
    return signalPassFailure();
  }
  for (gpu::GPUFuncOp kernel :
       getKernelsToTransform(getOperation(), referenceKernels))
    processKernel(kernel);
  if (summary)
    counts.emitSummary(*this, getOperation());
}

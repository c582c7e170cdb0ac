//===- BudgetRegisters.cpp - Occupancy-aware register budgeting -----------===//
//
// From a kernel's requested occupancy, computes the VGPR budget of its chip,
// tells the AMDGPU backend about it through function attributes, and, when
// the estimated pressure exceeds the budget, spills long-lived lane values
// to LDS as long as the extra LDS keeps the requested occupancy reachable.
// docs/passes/wave-budget-registers.md describes the algorithm.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Registers/RegisterPressure.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Chip/Chip.h"
#include "wave/Chip/Occupancy.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Dialect/Wave/Transforms/KernelLds.h"
#include "wave/Dialect/Wave/Transforms/Passes.h"
#include "wave/Dialect/Wave/Transforms/SpillSlots.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::wave {
#define GEN_PASS_DEF_BUDGETREGISTERS
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

/// What one kernel runs on and the budget of the occupancy being tried.
struct KernelBudget {
  const ChipInfo *chip;
  unsigned waveSize;
  /// Lanes along x, y, z and in all.
  std::array<int64_t, 3> blockSize;
  unsigned workgroupSize;
  /// Waves per SIMD budgeted for.
  unsigned occupancy;
  /// VGPRs a wave may use at that occupancy (vector file, AGPRs included
  /// where unified), and architected VGPRs alone.
  unsigned budget;
  unsigned archBudget;
};

/// The spills planned for one kernel and the estimate they lead to.
struct SpillPlan {
  enum class Outcome {
    /// The estimate fits the budget (after the planned spills, if any).
    Fits,
    /// Some excess remains that no spill candidate covers.
    Uncovered,
    /// The spills would need more LDS than the occupancy allows.
    Infeasible,
  };
  Outcome outcome = Outcome::Fits;
  SmallVector<Value> values;
  RegisterCounts estimate;
  /// The estimate after the planned spills.
  RegisterCounts after;
  unsigned spilledRegisters = 0;
  unsigned spillBytes = 0;
  /// Infeasible: the LDS of one workgroup with one more spill, and the
  /// waves per SIMD it would allow.
  unsigned ldsBytesWithNext = 0;
  unsigned ldsOccupancy = 0;
};

class BudgetRegistersPass
    : public wave::impl::BudgetRegistersBase<BudgetRegistersPass> {
public:
  using Base::Base;
  void runOnOperation() override;

private:
  StatisticCounts counts;

  LogicalResult budgetKernel(gpu::GPUFuncOp func, const KernelTarget &kernel);
  SpillPlan planSpills(gpu::GPUFuncOp func, const KernelBudget &target,
                       unsigned kernelLds);
  std::string describeBudget(const KernelBudget &target,
                             const RegisterCounts &estimate) const;
  /// Spills what `plan` says, sets the backend attributes and returns the
  /// remark's account of it.
  std::string applyBudget(gpu::GPUFuncOp func, const KernelBudget &target,
                          const SpillPlan &plan, unsigned kernelLds);
  void setBackendAttributes(gpu::GPUFuncOp func, const KernelBudget &target,
                            const RegisterCounts &estimate, bool budgeted);
};

} // namespace

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

/// The per-lane LDS buffer of a spilled `vector<N x T>`: one row of N
/// elements per lane of the workgroup.
static MemRefType getSpillBufferType(VectorType type, unsigned lanes) {
  MLIRContext *ctx = type.getContext();
  return MemRefType::get(
      {int64_t(lanes), type.getNumElements()}, type.getElementType(),
      MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
}

static unsigned getSpillBytes(Value value, unsigned lanes) {
  MemRefType type =
      getSpillBufferType(cast<VectorType>(value.getType()), lanes);
  return getAlignedLdsBytes(type.getNumElements() *
                            type.getElementTypeBitWidth() / 8);
}

//===----------------------------------------------------------------------===//
// Spill planning
//===----------------------------------------------------------------------===//

/// Registers over the budget for `pressure` (0 when it fits): the vector
/// file must hold everything, the architected VGPRs what cannot go to AGPRs.
static unsigned getExcess(const RegisterCounts &pressure,
                          const KernelBudget &target, unsigned headroom) {
  auto over = [&](unsigned need, unsigned limit) {
    return need + headroom > limit ? need + headroom - limit : 0;
  };
  return std::max(over(pressure.getVectorRegisters(), target.budget),
                  over(pressure.vgprs, target.archBudget));
}

/// Whether `value` may be spilled: a lane vector of integers or floats with
/// a defining op, held in vector registers, neither defined nor used in an
/// innermost loop (a reload there would run on every iteration of the
/// hottest code).
static bool isSpillCandidate(Value value, const RegisterPressure &pressure) {
  auto type = dyn_cast<VectorType>(value.getType());
  if (!type || type.getRank() != 1 || type.isScalable() ||
      !type.getElementType().isIntOrFloat() ||
      type.getElementType().isInteger(1))
    return false;
  Operation *def = value.getDefiningOp();
  if (!def || RegisterPressure::isInInnermostLoop(def))
    return false;
  if (pressure.getCost(value).getVectorRegisters() == 0)
    return false;
  return llvm::none_of(value.getUsers(), [](Operation *user) {
    return RegisterPressure::isInInnermostLoop(user);
  });
}

SpillPlan BudgetRegistersPass::planSpills(gpu::GPUFuncOp func,
                                          const KernelBudget &target,
                                          unsigned kernelLds) {
  const UniformityInfo &uniformity = getKernelAnalysis<UniformityInfo>(
      getAnalysisManager(), getOperation(), func);
  PressureOptions options;
  options.waveSize = target.waveSize;
  options.accumulatorsInAgprs = target.chip->addressableAgprs > 0;
  if (uniformity.succeeded())
    options.isUniform = [&](Value value) {
      return uniformity.isUniform(value);
    };

  llvm::DenseMap<Operation *, unsigned> order;
  func.walk<WalkOrder::PreOrder>(
      [&](Operation *op) { order.try_emplace(op, order.size()); });

  SpillPlan plan;
  while (true) {
    RegisterPressure pressure(func, options);
    if (plan.values.empty())
      plan.estimate = pressure.getPeak();
    plan.after = pressure.getPeak();
    if (getExcess(pressure.getPeak(), target, headroom) == 0)
      return plan;

    // The longest-lived candidate across the peak; the earliest defined
    // among equals.
    Value best;
    for (Value value : pressure.getLiveAcross(pressure.getPeakOp())) {
      if (options.spilled.contains(value) || !isSpillCandidate(value, pressure))
        continue;
      if (!best) {
        best = value;
        continue;
      }
      unsigned length = pressure.getLiveRangeLength(value);
      unsigned bestLength = pressure.getLiveRangeLength(best);
      if (length > bestLength ||
          (length == bestLength && order.lookup(value.getDefiningOp()) <
                                       order.lookup(best.getDefiningOp())))
        best = value;
    }
    if (!best) {
      plan.outcome = SpillPlan::Outcome::Uncovered;
      return plan;
    }

    unsigned bytes = getSpillBytes(best, target.workgroupSize);
    OccupancyLimiter limiter;
    unsigned ldsOccupancy = getOccupancyWithWorkgroups(
        *target.chip, target.waveSize, target.workgroupSize,
        kernelLds + plan.spillBytes + bytes, limiter);
    if (ldsOccupancy < target.occupancy) {
      plan.outcome = SpillPlan::Outcome::Infeasible;
      plan.ldsBytesWithNext = kernelLds + plan.spillBytes + bytes;
      plan.ldsOccupancy = ldsOccupancy;
      return plan;
    }
    options.spilled.insert(best);
    plan.values.push_back(best);
    plan.spilledRegisters += pressure.getCost(best).getVectorRegisters();
    plan.spillBytes += bytes;
  }
}

//===----------------------------------------------------------------------===//
// Spill rewrite
//===----------------------------------------------------------------------===//

/// Creates the thread ids at the top of `func` and the map from them to a
/// lane's row of a spill buffer: (x, y, z) -> (x + y * X + z * X * Y, 0).
static std::pair<SmallVector<Value>, AffineMapAttr>
createLaneIndex(OpBuilder &builder, Location loc,
                const std::array<int64_t, 3> &blockSize) {
  static constexpr gpu::Dimension dims[] = {
      gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z};
  unsigned rank = blockSize[2] > 1 ? 3 : blockSize[1] > 1 ? 2 : 1;
  SmallVector<Value> ids;
  AffineExpr lane = builder.getAffineConstantExpr(0);
  int64_t stride = 1;
  for (unsigned d = 0; d < rank; ++d) {
    ids.push_back(gpu::ThreadIdOp::create(builder, loc, dims[d]));
    lane = lane + builder.getAffineDimExpr(d) * stride;
    stride *= blockSize[d];
  }
  AffineMap map = AffineMap::get(
      rank, 0, {lane, builder.getAffineConstantExpr(0)}, builder.getContext());
  return {ids, AffineMapAttr::get(map)};
}

/// Spills every value of `values` to its own per-lane LDS buffer: written
/// right after the definition, read back right before each user.
static void applySpills(gpu::GPUFuncOp func, ArrayRef<Value> values,
                        const KernelBudget &target) {
  Block &entry = func.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  Location loc = func.getLoc();
  UnitAttr spillSlot = builder.getUnitAttr();
  SmallVector<Value> buffers;
  for (Value value : values) {
    auto alloc =
        AllocLdsOp::create(builder, value.getLoc(),
                           getSpillBufferType(cast<VectorType>(value.getType()),
                                              target.workgroupSize),
                           DenseI64ArrayAttr(), SwizzleAttr());
    alloc->setAttr(kSpillSlotAttrName, spillSlot);
    buffers.push_back(alloc);
  }
  auto [laneIds, laneMap] = createLaneIndex(builder, loc, target.blockSize);

  for (auto [value, buffer] : llvm::zip_equal(values, buffers)) {
    llvm::SetVector<Operation *> users(llvm::from_range, value.getUsers());
    builder.setInsertionPointAfterValue(value);
    auto write =
        WriteOp::create(builder, value.getLoc(), value, buffer, laneIds,
                        laneMap, IntegerAttr(), Value(), CacheHintAttr());
    write->setAttr(kSpillSlotAttrName, spillSlot);
    for (Operation *user : users) {
      builder.setInsertionPoint(user);
      auto reload = ReadOp::create(builder, user->getLoc(), value.getType(),
                                   buffer, laneIds, laneMap, IntegerAttr(),
                                   Value(), CacheHintAttr());
      reload->setAttr(kSpillSlotAttrName, spillSlot);
      user->replaceUsesOfWith(value, reload);
    }
  }
}

//===----------------------------------------------------------------------===//
// Backend attributes
//===----------------------------------------------------------------------===//

void BudgetRegistersPass::setBackendAttributes(gpu::GPUFuncOp func,
                                               const KernelBudget &target,
                                               const RegisterCounts &estimate,
                                               bool budgeted) {
  Builder builder(func.getContext());
  // The backend's default flat workgroup size of 1..1024 lanes makes it
  // reserve room for 1024-lane workgroups, which caps the registers below
  // the budget; the real size lifts that cap. The upstream lowering derives
  // the same "N,N" from known_block_size, so both agree.
  func->setAttr(
      ROCDL::ROCDLDialect::FlatWorkGroupSizeAttrHelper::getNameStr(),
      builder.getStringAttr(llvm::formatv("{0},{0}", target.workgroupSize)));
  if (!budgeted)
    return;
  func->setAttr(ROCDL::ROCDLDialect::WavesPerEuAttrHelper::getNameStr(),
                builder.getI32IntegerAttr(target.occupancy));

  // amdgpu-num-vgpr counts architected VGPRs; where AGPRs share the file the
  // backend doubles it into the vector budget.
  unsigned numVgpr =
      target.chip->unifiedVgprFile ? target.budget / 2 : target.budget;
  SmallVector<std::pair<StringRef, std::string>> entries = {
      {"amdgpu-num-vgpr", std::to_string(numVgpr)}};
  if (target.chip->addressableAgprs > 0) {
    // Without this the backend reserves half the vector budget for AGPRs.
    // Accumulators go to AGPRs only for what exceeds the architected VGPRs
    // (in the backend's granule of 4), and never beyond the budget.
    unsigned need = estimate.getVectorRegisters() + headroom;
    unsigned agprs =
        need > target.archBudget
            ? std::min<unsigned>(llvm::alignTo(need - target.archBudget, 4),
                                 std::min(target.chip->addressableAgprs,
                                          target.budget - target.archBudget))
            : 0;
    entries.push_back({"amdgpu-agpr-alloc", std::to_string(agprs)});
  }
  setLLVMFunctionAttributes(func, entries);
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

static std::string formatEstimate(const RegisterCounts &counts) {
  return llvm::formatv("{0} (VGPR {1}, AGPR-eligible {2}, SGPR {3})",
                       counts.getVectorRegisters(), counts.vgprs,
                       counts.accumulators, counts.sgprs);
}

/// The budget of `target` and the estimate it is compared with.
std::string
BudgetRegistersPass::describeBudget(const KernelBudget &target,
                                    const RegisterCounts &estimate) const {
  const VgprFile *file = target.chip->getVgprFile(target.waveSize);
  return llvm::formatv(
      "budget {0} VGPRs ({1} registers per SIMD / {2} waves, granule {3}), "
      "headroom {4}, estimate {5}",
      target.budget, file->registersPerSimd, target.occupancy,
      file->allocationGranule, headroom.getValue(), formatEstimate(estimate));
}

std::string BudgetRegistersPass::applyBudget(gpu::GPUFuncOp func,
                                             const KernelBudget &target,
                                             const SpillPlan &plan,
                                             unsigned kernelLds) {
  counts.add(numBudgeted);
  if (!plan.values.empty()) {
    counts.add(numSpilledKernels);
    counts.add(numSpilledValues, plan.values.size());
    counts.add(numSpilledRegisters, plan.spilledRegisters);
    counts.add(numSpillBytes, plan.spillBytes);
    applySpills(func, plan.values, target);
  } else if (plan.outcome == SpillPlan::Outcome::Fits) {
    counts.add(numFitting);
  }
  setBackendAttributes(func, target, plan.after, /*budgeted=*/true);

  // The backend is held to the budget, so the budget's occupancy is what the
  // code object reaches at least. The estimate usually undercounts what the
  // backend allocates (addresses, scheduling), so the occupancy it would
  // allow is only a hint.
  KernelResourceUsage usage;
  usage.vgprs = target.budget;
  usage.sgprs = plan.after.sgprs;
  usage.ldsBytes = kernelLds + plan.spillBytes;
  usage.workgroupSize = target.workgroupSize;
  usage.waveSize = target.waveSize;
  Occupancy guaranteed = computeOccupancy(*target.chip, usage);
  usage.vgprs =
      std::min(plan.after.getVectorRegisters() + headroom, target.budget);
  Occupancy estimated = computeOccupancy(*target.chip, usage);

  std::string text;
  llvm::raw_string_ostream os(text);
  os << describeBudget(target, plan.estimate) << "; spilled "
     << plan.values.size() << " values (" << plan.spilledRegisters
     << " registers, " << plan.spillBytes << " bytes of LDS)";
  if (!plan.values.empty())
    os << ", estimate now " << formatEstimate(plan.after);
  if (plan.outcome == SpillPlan::Outcome::Uncovered) {
    counts.add(numUncovered);
    os << "; " << getExcess(plan.after, target, headroom)
       << " registers over budget remain, all in values used in an "
          "innermost loop: the backend spills them to scratch";
  }
  os << "; expected occupancy at least " << guaranteed.wavesPerSimd
     << " (limiter " << stringifyOccupancyLimiter(guaranteed.limiter) << ")";
  if (estimated.wavesPerSimd > guaranteed.wavesPerSimd)
    os << ", up to " << estimated.wavesPerSimd
       << " if the backend needs no more VGPRs than estimated (the code "
          "object's count decides: wave-compile --resource-usage)";
  return text;
}

/// Sets `target`'s occupancy, raised to the workgroup's minimum, and the
/// budgets it allows.
static void setOccupancy(KernelBudget &target, unsigned occupancy) {
  OccupancyBudget budget = getOccupancyBudget(*target.chip, target.waveSize,
                                              target.workgroupSize, occupancy);
  target.occupancy = budget.occupancy;
  target.budget = budget.vgprs;
  target.archBudget = budget.archVgprs;
}

LogicalResult BudgetRegistersPass::budgetKernel(gpu::GPUFuncOp func,
                                                const KernelTarget &kernel) {
  unsigned requested = occupancy ? occupancy.getValue() : kernel.occupancy;
  if (requested == 0)
    return success();

  KernelBudget target;
  target.chip = kernel.chip;
  target.waveSize = kernel.waveSize;
  // The dialect's verifier guarantees it for a kernel with #wave.kernel.
  assert(kernel.workgroup && "unverified wave kernel");
  target.blockSize = *kernel.workgroup;
  target.workgroupSize = *kernel.getWorkgroupSize();
  const ChipInfo &chip = *target.chip;
  if (requested > chip.maxWavesPerSimd)
    return emitError(func.getLoc())
           << "requested occupancy " << requested << " exceeds the "
           << chip.maxWavesPerSimd << " waves per SIMD of " << chip.name;

  unsigned minimum =
      getWorkgroupMinimumOccupancy(chip, target.waveSize, target.workgroupSize);
  setOccupancy(target, requested);

  std::string request =
      llvm::formatv("occupancy {0} on {1}", requested, chip.name);
  if (target.occupancy != requested)
    request +=
        llvm::formatv(" (raised to {0}: a workgroup of {1} waves "
                      "spans the {2} SIMDs)",
                      target.occupancy,
                      llvm::divideCeil(target.workgroupSize, target.waveSize),
                      chip.simdsPerCu);
  // From the request down, the first occupancy the kernel's LDS and the
  // spills allow: a smaller request that is met beats the natural occupancy
  // an infeasible one would leave.
  unsigned kernelLds = getKernelLdsBytes(func);
  std::string infeasible, text;
  for (unsigned tried = target.occupancy; tried >= minimum && text.empty();
       --tried) {
    setOccupancy(target, tried);
    OccupancyLimiter limiter;
    unsigned workgroupOccupancy = getOccupancyWithWorkgroups(
        chip, target.waveSize, target.workgroupSize, kernelLds, limiter);
    if (workgroupOccupancy < tried) {
      if (infeasible.empty())
        infeasible = llvm::formatv(
            "the {0} ({1} bytes of LDS, {2} lanes a workgroup) allows at "
            "most {3} waves per SIMD",
            stringifyOccupancyLimiter(limiter), kernelLds, target.workgroupSize,
            workgroupOccupancy);
      // The occupancies between fail alike.
      tried = workgroupOccupancy + 1;
      continue;
    }
    SpillPlan plan = planSpills(func, target, kernelLds);
    if (plan.outcome != SpillPlan::Outcome::Infeasible) {
      text = applyBudget(func, target, plan, kernelLds);
      break;
    }
    if (infeasible.empty())
      infeasible = llvm::formatv(
          "{0}; LDS spills cover {1} of the {2} registers over budget before "
          "the next one takes the LDS to {3} bytes a workgroup, which allows "
          "only {4} waves per SIMD",
          describeBudget(target, plan.estimate), plan.spilledRegisters,
          getExcess(plan.estimate, target, headroom), plan.ldsBytesWithNext,
          plan.ldsOccupancy);
  }

  if (!infeasible.empty()) {
    counts.add(numInfeasible);
    if (text.empty()) {
      setBackendAttributes(func, target, {}, /*budgeted=*/false);
      text = "no lower occupancy is feasible either; kernel left as is";
    } else {
      text = llvm::formatv("budgeted for occupancy {0} instead, the highest "
                           "feasible: {1}",
                           target.occupancy, text);
    }
    text = request + " is infeasible: " + infeasible + "; " + text;
  } else {
    text = request + ": " + text;
  }
  emitRemark(func.getLoc()) << "wave-budget-registers: " << text;
  return success();
}

void BudgetRegistersPass::runOnOperation() {
  counts = StatisticCounts();
  for (gpu::GPUFuncOp func :
       getKernelsToTransform(getOperation(), referenceKernels)) {
    // Only wave kernels are budgeted: they alone state their workgroup and
    // may ask for an occupancy.
    if (!func->hasAttr(WaveDialect::kKernelAttrName))
      continue;
    if (failed(budgetKernel(func, *getKernelTarget(func))))
      return signalPassFailure();
  }

  // Without spills the pass only sets attributes: every value keeps its
  // uniformity.
  if (counts.get(numSpilledValues) == 0)
    markAnalysesPreserved<UniformityInfo>();
  if (summary)
    counts.emitSummary(*this, getOperation());
}

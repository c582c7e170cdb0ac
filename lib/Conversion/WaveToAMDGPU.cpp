//===- WaveToAMDGPU.cpp - The convert-wave-to-amdgpu pass -----------------===//

#include "wave/Conversion/WaveToAMDGPU.h"
#include "wave/Analysis/Lds/TransposedReads.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Chip/Chip.h"
#include "wave/Conversion/Passes.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::wave {
#define GEN_PASS_DEF_CONVERTWAVETOAMDGPU
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

/// The chip of the kernel holding `op`, or null when it has no target.
static const ChipInfo *getChipAt(Operation *op) {
  FailureOr<KernelTarget> target = getKernelTarget(op);
  return succeeded(target) ? target->chip : nullptr;
}

std::optional<WaveShape> mlir::wave::getWaveShapeAt(Operation *op) {
  FailureOr<KernelTarget> target = getKernelTarget(op);
  if (failed(target))
    return std::nullopt;
  return WaveShape{target->waveSize,
                   !target->chip->hasWaveWideBPermute(target->waveSize)};
}

/// The fewest accesses of a memref in one block with constant offsets past
/// the immediate field that `scalar-offsets` makes buffer accesses, where
/// the block is not a loop's body that takes the memref from outside.
static constexpr size_t kMinScalarOffsetAccesses = 16;

/// Whether `block` runs in a loop that takes `memref` from outside it: the
/// buffer descriptor is then built once, ahead of the loop (LLVM hoists it),
/// and every access saves its vector addition each iteration.
static bool isLoopBodyOf(Block *block, Value memref) {
  for (Operation *op = block->getParentOp(); op; op = op->getParentOp()) {
    if (isa<gpu::GPUFuncOp>(op))
      return false;
    if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
      return loop.isDefinedOutsideOfLoop(memref);
  }
  return false;
}

namespace {
struct ConvertWaveToAMDGPUPass
    : public wave::impl::ConvertWaveToAMDGPUBase<ConvertWaveToAMDGPUPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Reports what the patterns cannot lower and counts what they will.
  LogicalResult checkAndCount(gpu::GPUModuleOp module,
                              const UniformityInfo &uniformity);

  /// The accesses that become buffer accesses, with the constant element
  /// offset each leaves to the scalar offset, chosen before any op is
  /// rewritten (the footprints read the kernel as written); a remark at each
  /// bounded vector access that cannot says why, and, with `scalar-offsets`,
  /// at each unbounded one whose constant offset is past the immediate.
  llvm::DenseMap<Operation *, BufferAccessPlan> bufferAccesses;
  /// The bounded or masked vector accesses that move their whole vector
  /// under one lane predicate (lowersToGuardedAccess).
  llvm::DenseSet<Operation *> guardedAccesses;
  /// The LDS column reads that become transposed reads
  /// (lowersToTransposedLdsRead).
  llvm::DenseSet<Operation *> transposedReads;
};
} // namespace

/// A dynamically shaped memref argument is lowered to a pointer and a view
/// whose extents are the size arguments `wave.dims` names (the dialect
/// verifies the attribute where it is present).
static LogicalResult checkDynamicArguments(gpu::GPUFuncOp func) {
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type || type.hasStaticShape() ||
        getDimBindings(func, arg.getArgNumber()).size() ==
            size_t(type.getNumDynamicDims()))
      continue;
    return emitError(arg.getLoc())
           << "argument #" << arg.getArgNumber() << " of type " << type
           << " needs '" << kDimsAttrName
           << "' naming the index arguments that hold its extents: the "
              "lowering passes a dynamically shaped memref as a pointer and "
              "its extents as kernel arguments";
  }
  return success();
}

LogicalResult
ConvertWaveToAMDGPUPass::checkAndCount(gpu::GPUModuleOp module,
                                       const UniformityInfo &uniformity) {
  for (auto func : module.getOps<gpu::GPUFuncOp>())
    if (func.isKernel() && failed(checkDynamicArguments(func)))
      return failure();
  // The accesses that can take a scalar offset, by memref and block; and
  // those whose constants fit the immediate, which share the others'
  // descriptor where those become buffer accesses.
  llvm::MapVector<std::pair<Value, Block *>,
                  SmallVector<std::pair<Operation *, int64_t>>>
      scalarOffsetCandidates;
  llvm::MapVector<std::pair<Value, Block *>, SmallVector<Operation *>>
      sharingCandidates;
  WalkResult result = module.walk([&](Operation *op) {
    if (isa<gpu::BlockDimOp, gpu::GridDimOp, gpu::GlobalIdOp, gpu::SubgroupIdOp,
            gpu::NumSubgroupsOp>(op))
      return failed(checkLaunchSizeOp(op)) ? WalkResult::interrupt()
                                           : WalkResult::advance();
    if (isa<MmaTileOp, CopyTileOp>(op)) {
      op->emitOpError("stands for fragment accesses; run "
                      "wave-expand-fragments before lowering it");
      return WalkResult::interrupt();
    }
    if (auto access = dyn_cast<LaneAccessOpInterface>(op)) {
      if (access.getFragmentAttr()) {
        op->emitOpError("addresses whole MMA fragments; run "
                        "wave-expand-fragments before lowering it");
        return WalkResult::interrupt();
      }
      std::string reason;
      auto read = dyn_cast<ReadOp>(op);
      const ChipInfo *chip = getChipAt(op);
      if (read && chip && chip->hasLdsTransposeReads() &&
          isLdsColumnRead(read)) {
        if (lowersToTransposedLdsRead(read, uniformity, &reason)) {
          transposedReads.insert(op);
          ++numTransposedReads;
          emitRemark(op->getLoc(), "LDS column read lowered to ")
              << read.getVectorType().getNumElements() / 4
              << " transposed read(s) of 4 rows (ds_read_b64_tr_b16)";
          return WalkResult::advance();
        }
        emitRemark(op->getLoc(), "LDS column read lowered to one read per "
                                 "element, not transposed reads: ")
            << reason;
        reason.clear();
      }
      ++(lowersToVectorAccess(access) ? numVectorAccesses : numElementAccesses);
      if (scalarOffsets && !access.getBounded()) {
        std::optional<int64_t> offset =
            chip ? getScalarBufferOffset(access,
                                         chip->getMaxGlobalImmediateOffset(),
                                         &reason, /*withinImmediate=*/true)
                 : std::nullopt;
        std::pair<Value, Block *> key{access.getMemref(), op->getBlock()};
        if (offset && *offset == 0) {
          sharingCandidates[key].push_back(op);
        } else if (offset) {
          scalarOffsetCandidates[key].emplace_back(op, *offset);
        } else if (!reason.empty()) {
          emitRemark(op->getLoc(),
                     "access with a constant offset past the immediate "
                     "field kept as a global access: ")
              << reason;
        }
      }
      if ((!access.getBounded() && !access.getMask()) ||
          !lowersToVectorAccess(access))
        return WalkResult::advance();
      reason.clear();
      BufferBase base;
      std::string notRow;
      if (access.getBounded() &&
          lowersToBufferAccess(access, &reason, &base, &notRow)) {
        bufferAccesses[op] = BufferAccessPlan{base, 0};
        ++numBufferAccesses;
        if (base == BufferBase::Row) {
          ++numRowBufferAccesses;
          InFlightDiagnostic remark = emitRemark(
              op->getLoc(), "bounded access lowered to a buffer access whose "
                            "descriptor starts at its wave's row: the range "
                            "check skips the vectors past the row's end");
          if (access.getMemref().getType().getRank() > 1)
            remark << (hasI32RowOffset(access)
                           ? "; the row's offset in 32 bits"
                           : "; the row's offset in 64 bits: the extents' "
                             "bounds do not keep it, the row or the strides "
                             "within 32 bits");
        } else if (base == BufferBase::Tile || base == BufferBase::StepTile) {
          ++numTileBufferAccesses;
          emitRemark(op->getLoc(),
                     "bounded access lowered to a buffer access whose "
                     "descriptor starts at its ")
              << (base == BufferBase::Tile
                      ? "workgroup's tile"
                      : "loop step's tile (computed every step: the "
                        "offsets from the workgroup's tile may not fit 32 "
                        "bits)")
              << ", lanes outside the shape selecting an offset past its "
                 "end: the memref may span more than 2^31 bytes; not at its "
                 "row: "
              << notRow;
        } else {
          emitRemark(op->getLoc(),
                     "bounded access lowered to a buffer access whose "
                     "descriptor starts at the memref's start, lanes outside "
                     "the shape selecting an offset past its end; not at its "
                     "row: ")
              << notRow;
        }
        return WalkResult::advance();
      }
      std::string notWhole;
      if (lowersToGuardedAccess(access, &notWhole)) {
        guardedAccesses.insert(op);
        if (access.getBounded())
          emitRemark(op->getLoc(),
                     "bounded access lowered to one access of the whole "
                     "vector under a lane predicate, not a buffer access: ")
              << reason;
        return WalkResult::advance();
      }
      if (access.getBounded())
        emitRemark(op->getLoc(),
                   "bounded access lowered to a masked access, which "
                   "the backend splits per element: ")
            << (notWhole.empty() ? reason : notWhole);
      return WalkResult::advance();
    }
    bool isCollective =
        isa<ReduceOp, ScanOp, BroadcastOp, ShuffleOp, BallotOp, AnyOp, AllOp>(
            op);
    auto mma = dyn_cast<MmaOp>(op);
    if (!isCollective && !mma)
      return WalkResult::advance();
    std::string why;
    FailureOr<KernelTarget> target = getKernelTarget(op, &why);
    if (failed(target)) {
      op->emitOpError("needs the wave size, but ") << why;
      return WalkResult::interrupt();
    }
    if (mma && getMmaLayout(mma.getKind()).waveSize != target->waveSize) {
      mma.emitOpError() << stringifyMmaKind(mma.getKind()) << " needs waves of "
                        << getMmaLayout(mma.getKind()).waveSize
                        << " lanes, the kernel runs " << target->waveSize;
      return WalkResult::interrupt();
    }
    // The verifier checks the cluster against a #wave.kernel's wave size; a
    // kernel without one takes the target's.
    if (auto reduce = dyn_cast<ReduceOp>(op);
        reduce && reduce.getClusterSize() &&
        *reduce.getClusterSize() > target->waveSize) {
      reduce.emitOpError() << "cluster size " << *reduce.getClusterSize()
                           << " exceeds the wave of " << target->waveSize
                           << " lanes";
      return WalkResult::interrupt();
    }
    // Likewise a ballot's width: one bit a lane of the target's waves.
    if (auto ballot = dyn_cast<BallotOp>(op)) {
      unsigned width = ballot.getType().getIntOrFloatBitWidth();
      if (width != target->waveSize) {
        ballot.emitOpError()
            << "result has " << width << " bits but the target's waves have "
            << target->waveSize << " lanes";
        return WalkResult::interrupt();
      }
    }
    if (isCollective)
      ++numCollectives;
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  // A buffer descriptor costs four scalar instructions and registers; the
  // vector additions it saves (one per access past the immediate) pay for
  // it in a loop's body, where it is built once ahead of the loop, and
  // elsewhere in a block with many such accesses of the memref, such as an
  // unrolled loop's.
  for (auto &[key, accesses] : scalarOffsetCandidates) {
    if (accesses.size() < kMinScalarOffsetAccesses &&
        !isLoopBodyOf(key.second, key.first)) {
      for (auto [op, offset] : accesses)
        emitRemark(op->getLoc(),
                   "access with a constant offset past the immediate "
                   "field kept as a global access: its block, outside a "
                   "loop, has ")
            << accesses.size() << " such accesses of the memref, fewer than "
            << kMinScalarOffsetAccesses << " that pay for a buffer descriptor";
      continue;
    }
    for (auto [op, offset] : accesses)
      bufferAccesses[op] = BufferAccessPlan{BufferBase::Memref, offset};
    // The accesses of the memref in the block within the immediate take the
    // descriptor too: their 64-bit address becomes the shared vector offset.
    for (Operation *op : sharingCandidates.lookup(key))
      bufferAccesses[op] = BufferAccessPlan{BufferBase::Memref, 0};
    numScalarOffsetAccesses +=
        accesses.size() + sharingCandidates.lookup(key).size();
  }
  // The accesses of a loop's body that no constant made buffer accesses:
  // those whose address moves with the loop's counter by terms the same in
  // every lane take those terms as their scalar offset. The memref's other
  // such accesses, those before and after the loop among them, become
  // buffer accesses too: a value the pipeliner loads ahead of the loop and
  // carries into it is then loaded as the loop loads it, which LLVM needs
  // to keep the loop's phi of it in whole words.
  auto planUniform = [&](Operation *op, UniformScalarOffset uniform) {
    bool split = uniform != UniformScalarOffset::None;
    bufferAccesses[op] = BufferAccessPlan{BufferBase::Memref, 0, split};
    numUniformScalarOffsetAccesses += split;
  };
  llvm::DenseSet<Value> uniformMemrefs;
  for (auto &[key, accesses] : sharingCandidates) {
    if (!isLoopBodyOf(key.second, key.first))
      continue;
    for (Operation *op : accesses) {
      if (bufferAccesses.contains(op))
        continue;
      std::string reason;
      UniformScalarOffset uniform = getUniformScalarOffset(
          cast<LaneAccessOpInterface>(op),
          getChipAt(op)->getMaxGlobalImmediateOffset(), &reason);
      if (!reason.empty())
        emitRemark(op->getLoc(),
                   "access kept as a global access, though its offset has "
                   "terms the same in every lane: ")
            << reason;
      if (uniform != UniformScalarOffset::Varies &&
          uniform != UniformScalarOffset::VariesWithVector)
        continue;
      planUniform(op, uniform);
      uniformMemrefs.insert(key.first);
      InFlightDiagnostic remark = emitRemark(
          op->getLoc(), "access lowered to a buffer access whose scalar offset "
                        "holds its offset's terms the same in every lane, "
                        "those over the loop's counter among them");
      if (uniform == UniformScalarOffset::Varies)
        remark << ": its vector offset is the same in every iteration";
    }
  }
  for (auto &[key, accesses] : sharingCandidates) {
    if (!uniformMemrefs.contains(key.first))
      continue;
    for (Operation *op : accesses) {
      if (bufferAccesses.contains(op))
        continue;
      planUniform(op, getUniformScalarOffset(
                          cast<LaneAccessOpInterface>(op),
                          getChipAt(op)->getMaxGlobalImmediateOffset()));
      emitRemark(op->getLoc(),
                 "access lowered to a buffer access as its memref's accesses "
                 "in a loop are, so that the values they load are alike");
    }
  }
  return success();
}

/// Bytes of LDS a workgroup attribution takes: its elements at their LLVM
/// allocation size, each tile aligned as the lowering places it.
static uint64_t getAttributionBytes(MemRefType type) {
  uint64_t elements = 1;
  for (int64_t extent : type.getShape())
    elements = llvm::SaturatingMultiply(elements, uint64_t(extent));
  unsigned bits =
      type.getElementType().isIntOrFloat() ? type.getElementTypeBitWidth() : 64;
  uint64_t bytes = llvm::SaturatingMultiply(
      elements, llvm::PowerOf2Ceil(llvm::divideCeil(bits, 8)));
  return llvm::alignTo(bytes, 16);
}

/// The LDS of each kernel fits what one workgroup of its chip may allocate;
/// otherwise the backend would fail later with no location.
static LogicalResult checkLdsSize(gpu::GPUModuleOp module) {
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    const ChipInfo *chip = getChipAt(func);
    if (!chip || func.getWorkgroupAttributions().empty() ||
        llvm::any_of(func.getWorkgroupAttributions(), [](BlockArgument a) {
          return !cast<MemRefType>(a.getType()).hasStaticShape();
        }))
      continue;
    uint64_t total = 0;
    for (BlockArgument tile : func.getWorkgroupAttributions())
      total = llvm::SaturatingAdd(
          total, getAttributionBytes(cast<MemRefType>(tile.getType())));
    if (total <= chip->maxLdsBytesPerWorkgroup)
      continue;
    // At the kernel's location, without a dump of the lowered kernel.
    InFlightDiagnostic diag = emitError(func.getLoc())
                              << "kernel @" << func.getName() << " needs "
                              << total << " bytes of LDS, more than the "
                              << chip->maxLdsBytesPerWorkgroup
                              << " a workgroup on " << chip->name
                              << " can allocate; use smaller or fewer LDS "
                                 "tiles (less padding, a smaller tile "
                                 "per workgroup)";
    for (BlockArgument tile : func.getWorkgroupAttributions())
      diag.attachNote(tile.getLoc())
          << getAttributionBytes(cast<MemRefType>(tile.getType()))
          << " bytes allocated here";
    return failure();
  }
  return success();
}

/// A dynamically shaped memref argument becomes the bare pointer HIP passes
/// (a rank-0 memref of its element type) and, in the kernel, a view of it
/// with the extents its size arguments hold and the row-major strides they
/// imply; the sizes stay ordinary kernel arguments.
static void passExtentsAsArguments(gpu::GPUFuncOp func) {
  OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
  auto multiply = [&](Location loc, OpFoldResult a,
                      OpFoldResult b) -> OpFoldResult {
    std::optional<int64_t> x = getConstantIntValue(a),
                           y = getConstantIntValue(b);
    if (x && y)
      return builder.getIndexAttr(*x * *y);
    if (x == 1)
      return b;
    if (y == 1)
      return a;
    return arith::MulIOp::create(
               builder, loc, getValueOrCreateConstantIndexOp(builder, loc, a),
               getValueOrCreateConstantIndexOp(builder, loc, b))
        .getResult();
  };
  SmallVector<Type> types(func.getArgumentTypes());
  for (auto [index, arg] : llvm::enumerate(func.getArguments())) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type || type.hasStaticShape())
      continue;
    Location loc = arg.getLoc();
    SmallVector<OpFoldResult> sizes, strides(type.getRank());
    for (auto [dim, extent] : llvm::enumerate(type.getShape()))
      sizes.push_back(ShapedType::isDynamic(extent)
                          ? OpFoldResult(getSizeArgument(arg, dim))
                          : builder.getIndexAttr(extent));
    OpFoldResult stride = builder.getIndexAttr(1);
    for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
      strides[dim] = stride;
      if (dim > 0)
        stride = multiply(loc, stride, sizes[dim]);
    }
    auto pointer = MemRefType::get({}, type.getElementType(), AffineMap(),
                                   type.getMemorySpace());
    arg.setType(pointer);
    auto view = memref::ReinterpretCastOp::create(
        builder, loc, type, arg, builder.getIndexAttr(0), sizes, strides);
    arg.replaceAllUsesExcept(view, view);
    types[index] = pointer;
  }
  for (unsigned index = 0; index < func.getNumArguments(); ++index)
    func.removeArgAttr(index, kDimsAttrName);
  func.setType(FunctionType::get(func.getContext(), types, {}));
}

void ConvertWaveToAMDGPUPass::runOnOperation() {
  gpu::GPUModuleOp module = getOperation();
  bufferAccesses.clear();
  guardedAccesses.clear();
  transposedReads.clear();
  lowerDirectToLdsCopies(module);
  // On the kernel as written: the uniformity analysis reads wave ops.
  const UniformityInfo &uniformity = getAnalysis<UniformityInfo>();
  if (failed(checkAndCount(module, uniformity)))
    return signalPassFailure();
  DenseSet<Operation *> wholeWave =
      findWholeWaveCollectives(module, uniformity);
  if (uniformBranches)
    makeUniformBranchesScalar(module);

  // Lane accesses first: they read the swizzle of the wave.alloc_lds they
  // access, which the second walk replaces.
  RewritePatternSet accessPatterns(&getContext());
  populateWaveLaneAccessLoweringPatterns(accessPatterns, bufferAccesses,
                                         guardedAccesses, transposedReads);
  populateWaveCollectiveLoweringPatterns(accessPatterns, wholeWave);
  walkAndApplyPatterns(module, std::move(accessPatterns));
  RewritePatternSet ldsPatterns(&getContext());
  populateWaveLdsAndMmaLoweringPatterns(ldsPatterns);
  populateWaveLaunchSizeLoweringPatterns(ldsPatterns);
  walkAndApplyPatterns(module, std::move(ldsPatterns));

  WalkResult left = module.walk([](Operation *op) {
    if (!isa_and_nonnull<WaveDialect>(op->getDialect()))
      return WalkResult::advance();
    op->emitOpError("was not lowered");
    return WalkResult::interrupt();
  });
  if (left.wasInterrupted() || failed(checkLdsSize(module)))
    return signalPassFailure();

  // Loops whose MMAs wave-pipeline-loops set beside their LDS staging get
  // LLVM's small-GEMM strategy (iglp_opt 0: MFMAs interleaved with LDS and
  // global accesses) on chips with MFMA.
  module.walk([&](scf::ForOp loop) {
    if (!loop->removeAttr(WaveDialect::kInterleaveMmaAttrName))
      return;
    const ChipInfo *chip = getChipAt(loop);
    if (!chip || !chip->hasMfma)
      return;
    OpBuilder builder = OpBuilder::atBlockBegin(loop.getBody());
    ROCDL::IglpOpt::create(builder, loop.getLoc(), /*variant=*/0);
  });

  // The kernels are plain gpu.func kernels from here on.
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    func->removeAttr(WaveDialect::kKernelAttrName);
    func->removeAttr(WaveDialect::kReferenceAttrName);
    func->removeAttr(kAssumeAttrName);
    if (func.isKernel())
      passExtentsAsArguments(func);
  }
}

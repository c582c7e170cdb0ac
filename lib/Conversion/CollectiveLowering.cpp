//===- CollectiveLowering.cpp - Wave collectives to gpu and rocdl ---------===//
//
// Collectives combine the values of the *active* lanes. The fast lowerings
// (gpu.subgroup_reduce, shuffle scans) read every lane, so they run only when
// the whole wave is active, which `rocdl.ballot(true)` (the exec mask) tells
// at run time; otherwise a loop over the set bits of the exec mask reads each
// active lane with `rocdl.readlane`. Both the test and the loop are uniform,
// so they cost scalar instructions only. Where every lane of the wave runs
// the collective (findWholeWaveCollectives), the fast lowering is all there
// is.
//
//===----------------------------------------------------------------------===//

#include "wave/Conversion/WaveToAMDGPU.h"

#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::wave;

static Value getConstantInt(OpBuilder &builder, Location loc, Type type,
                            int64_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getIntegerAttr(type, value));
}

static Value getI32(OpBuilder &builder, Location loc, int64_t value) {
  return getConstantInt(builder, loc, builder.getI32Type(), value);
}

/// The bit mask of the active lanes whose `predicate` holds.
static Value ballot(OpBuilder &builder, Location loc, Value predicate,
                    unsigned waveSize) {
  return ROCDL::BallotOp::create(builder, loc, builder.getIntegerType(waveSize),
                                 predicate);
}

static Value getActiveLanes(OpBuilder &builder, Location loc,
                            unsigned waveSize) {
  Value active = arith::ConstantIntOp::create(builder, loc, 1, 1);
  return ballot(builder, loc, active, waveSize);
}

/// Whether every lane of the wave is active.
static Value isWholeWaveActive(OpBuilder &builder, Location loc,
                               unsigned waveSize) {
  Value mask = getActiveLanes(builder, loc, waveSize);
  Value all = getConstantInt(builder, loc, mask.getType(), -1);
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, mask,
                               all);
}

static Value getLaneId(OpBuilder &builder, Location loc, unsigned waveSize) {
  Value lane =
      gpu::LaneIdOp::create(builder, loc, builder.getIndexAttr(waveSize));
  return arith::IndexCastUIOp::create(builder, loc, builder.getI32Type(), lane);
}

/// Values narrower than 32 bits travel between lanes as the low bits of an
/// i32 (the width of a lane's register); wider ones as they are.
static Value toLaneBits(OpBuilder &builder, Location loc, Value value) {
  unsigned width = value.getType().getIntOrFloatBitWidth();
  if (width >= 32)
    return value;
  if (isa<FloatType>(value.getType()))
    value = arith::BitcastOp::create(builder, loc,
                                     builder.getIntegerType(width), value);
  return arith::ExtUIOp::create(builder, loc, builder.getI32Type(), value);
}

static Value fromLaneBits(OpBuilder &builder, Location loc, Value value,
                          Type type) {
  if (value.getType() == type)
    return value;
  unsigned width = type.getIntOrFloatBitWidth();
  value = arith::TruncIOp::create(builder, loc, builder.getIntegerType(width),
                                  value);
  if (isa<FloatType>(type))
    value = arith::BitcastOp::create(builder, loc, type, value);
  return value;
}

/// `value` of lane `lane` (uniform).
static Value readLane(OpBuilder &builder, Location loc, Value value,
                      Value lane) {
  Value bits = toLaneBits(builder, loc, value);
  Value read =
      ROCDL::ReadlaneOp::create(builder, loc, bits.getType(), bits, lane);
  return fromLaneBits(builder, loc, read, value.getType());
}

/// The lane `offset` away from `lane` in `mode`.
static Value getSourceLane(OpBuilder &builder, Location loc, Value lane,
                           Value offset, gpu::ShuffleMode mode) {
  switch (mode) {
  case gpu::ShuffleMode::IDX:
    return offset;
  case gpu::ShuffleMode::UP:
    return arith::SubIOp::create(builder, loc, lane, offset);
  case gpu::ShuffleMode::DOWN:
    return arith::AddIOp::create(builder, loc, lane, offset);
  case gpu::ShuffleMode::XOR:
    return arith::XOrIOp::create(builder, loc, lane, offset);
  }
  llvm_unreachable("unknown shuffle mode");
}

/// gpu.shuffle of a 32-bit `bits` for waves whose ds_bpermute stays in each
/// 32-lane half: each lane reads its source's position from its own half and
/// from the other half (swapped in by permlane64), and keeps the one from the
/// source's half.
static Value shuffleWordAcrossHalves(OpBuilder &builder, Location loc,
                                     Value bits, Value lane, Value source) {
  Type i32 = builder.getI32Type();
  Value inHalf =
      arith::AndIOp::create(builder, loc, source, getI32(builder, loc, 31));
  Value address =
      arith::ShLIOp::create(builder, loc, inHalf, getI32(builder, loc, 2));
  Value ownHalf = ROCDL::DsBpermuteOp::create(builder, loc, i32, address, bits);
  Value swapped =
      LLVM::CallIntrinsicOp::create(
          builder, loc, i32, builder.getStringAttr("llvm.amdgcn.permlane64"),
          ValueRange{bits})
          .getResult(0);
  Value otherHalf =
      ROCDL::DsBpermuteOp::create(builder, loc, i32, address, swapped);
  Value differ = arith::XOrIOp::create(builder, loc, source, lane);
  Value halfBit =
      arith::AndIOp::create(builder, loc, differ, getI32(builder, loc, 32));
  Value crosses = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne,
                                        halfBit, getI32(builder, loc, 0));
  return arith::SelectOp::create(builder, loc, crosses, otherHalf, ownHalf);
}

/// The same for a 32- or 64-bit `bits`, one 32-bit word at a time.
static Value shuffleAcrossHalves(OpBuilder &builder, Location loc, Value bits,
                                 Value offset, gpu::ShuffleMode mode) {
  Value lane = getLaneId(builder, loc, 64);
  Value source = getSourceLane(builder, loc, lane, offset, mode);
  Type type = bits.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  auto intType = builder.getIntegerType(width);
  Value word = isa<FloatType>(type)
                   ? arith::BitcastOp::create(builder, loc, intType, bits)
                   : bits;
  Value result;
  for (unsigned shift = 0; shift < width; shift += 32) {
    Value piece = word;
    if (width > 32) {
      Value shifted = arith::ShRUIOp::create(
          builder, loc, word, getConstantInt(builder, loc, intType, shift));
      piece =
          arith::TruncIOp::create(builder, loc, builder.getI32Type(), shifted);
    }
    Value moved = shuffleWordAcrossHalves(builder, loc, piece, lane, source);
    if (width == 32) {
      result = moved;
      break;
    }
    Value wide = arith::ExtUIOp::create(builder, loc, intType, moved);
    Value placed = arith::ShLIOp::create(
        builder, loc, wide, getConstantInt(builder, loc, intType, shift));
    result =
        result ? arith::OrIOp::create(builder, loc, result, placed) : placed;
  }
  return isa<FloatType>(type)
             ? arith::BitcastOp::create(builder, loc, type, result)
             : result;
}

/// `value` of the lane `offset` away in `mode` (gpu.shuffle semantics).
static Value shuffleLanes(OpBuilder &builder, Location loc, Value value,
                          Value offset, const WaveShape &wave,
                          gpu::ShuffleMode mode) {
  Value bits = toLaneBits(builder, loc, value);
  Value shuffled;
  if (wave.permutesInHalves) {
    shuffled = shuffleAcrossHalves(builder, loc, bits, offset, mode);
  } else {
    Value width = getI32(builder, loc, wave.size);
    shuffled = gpu::ShuffleOp::create(builder, loc, bits, offset, width, mode)
                   .getShuffleResult();
  }
  return fromLaneBits(builder, loc, shuffled, value.getType());
}

static gpu::AllReduceOperation getAllReduceOperation(ReduceKind kind,
                                                     Type type) {
  bool isFloat = isa<FloatType>(type);
  switch (kind) {
  case ReduceKind::add:
    return gpu::AllReduceOperation::ADD;
  case ReduceKind::mul:
    return gpu::AllReduceOperation::MUL;
  case ReduceKind::min:
    return isFloat ? gpu::AllReduceOperation::MINNUMF
                   : gpu::AllReduceOperation::MINSI;
  case ReduceKind::max:
    return isFloat ? gpu::AllReduceOperation::MAXNUMF
                   : gpu::AllReduceOperation::MAXSI;
  case ReduceKind::and_:
    return gpu::AllReduceOperation::AND;
  case ReduceKind::or_:
    return gpu::AllReduceOperation::OR;
  case ReduceKind::xor_:
    return gpu::AllReduceOperation::XOR;
  }
  llvm_unreachable("unknown reduce kind");
}

/// The value `x` with `buildCombine(identity, x) == x`.
static Value getIdentity(OpBuilder &builder, Location loc, ReduceKind kind,
                         Type type) {
  if (auto floatType = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    APFloat value = APFloat::getZero(semantics);
    if (kind == ReduceKind::mul)
      value = APFloat::getOne(semantics);
    else if (kind == ReduceKind::min)
      value = APFloat::getInf(semantics);
    else if (kind == ReduceKind::max)
      value = APFloat::getInf(semantics, /*Negative=*/true);
    return arith::ConstantOp::create(builder, loc,
                                     builder.getFloatAttr(type, value));
  }
  unsigned width = type.getIntOrFloatBitWidth();
  APInt value = APInt::getZero(width);
  if (kind == ReduceKind::mul)
    value = APInt(width, 1);
  else if (kind == ReduceKind::and_)
    value = APInt::getAllOnes(width);
  else if (kind == ReduceKind::min)
    value = APInt::getSignedMaxValue(width);
  else if (kind == ReduceKind::max)
    value = APInt::getSignedMinValue(width);
  return arith::ConstantOp::create(builder, loc,
                                   builder.getIntegerAttr(type, value));
}

/// Builds `scf.if (whole wave active) { fast } else { slow }` yielding one
/// value of `type`.
static Value
selectByActiveLanes(OpBuilder &builder, Location loc, unsigned waveSize,
                    Type type,
                    function_ref<Value(OpBuilder &, Location)> wholeWave,
                    function_ref<Value(OpBuilder &, Location)> someLanes) {
  auto ifOp = scf::IfOp::create(
      builder, loc, isWholeWaveActive(builder, loc, waveSize),
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, wholeWave(b, l));
      },
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, someLanes(b, l));
      });
  assert(ifOp.getResult(0).getType() == type && "branches yield `type`");
  return ifOp.getResult(0);
}

/// Visits the active lanes in increasing order, threading `init` through
/// `body(builder, loc, lane, carried)`; returns the final carried values.
static ValueRange forEachActiveLane(
    OpBuilder &builder, Location loc, unsigned waveSize, ValueRange init,
    function_ref<SmallVector<Value>(OpBuilder &, Location, Value, ValueRange)>
        body) {
  Value mask = getActiveLanes(builder, loc, waveSize);
  Type maskType = mask.getType();
  SmallVector<Value> loopInit = {mask};
  llvm::append_range(loopInit, init);
  SmallVector<Type> types = llvm::to_vector(TypeRange(ValueRange(loopInit)));
  auto loop = scf::WhileOp::create(
      builder, loc, types, loopInit,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value zero = getConstantInt(b, l, maskType, 0);
        Value more = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                           args[0], zero);
        scf::ConditionOp::create(b, l, more, args);
      },
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value remaining = args[0];
        Value lowest = math::CountTrailingZerosOp::create(b, l, remaining);
        Value lane =
            waveSize == 32
                ? lowest
                : arith::TruncIOp::create(b, l, b.getI32Type(), lowest);
        // Clear the lowest set bit.
        Value one = getConstantInt(b, l, maskType, 1);
        Value below = arith::SubIOp::create(b, l, remaining, one);
        Value rest = arith::AndIOp::create(b, l, remaining, below);
        SmallVector<Value> next = {rest};
        llvm::append_range(next, body(b, l, lane, args.drop_front()));
        scf::YieldOp::create(b, l, next);
      });
  return loop.getResults().drop_front();
}

/// Whether every lane of its wave runs `op`: its kernel's workgroup is whole
/// waves, the kernel body is one block, and each region around `op` is the
/// arm of an `scf.if` or the body of an `scf.for` whose condition or bounds
/// are the same in all lanes of a wave, so a wave enters it whole or not.
static bool runsWithWholeWave(Operation *op, gpu::GPUFuncOp kernel,
                              const UniformityInfo &uniformity) {
  FailureOr<KernelTarget> target = getKernelTarget(kernel);
  std::optional<int64_t> lanes =
      succeeded(target) ? target->getWorkgroupSize() : std::nullopt;
  if (!lanes || *lanes <= 0 || *lanes % target->waveSize != 0 ||
      !kernel.getBody().hasOneBlock())
    return false;
  for (Operation *parent = op->getParentOp(); parent != kernel;
       parent = parent->getParentOp()) {
    if (auto branch = dyn_cast<scf::IfOp>(parent)) {
      if (!uniformity.isUniform(branch.getCondition()))
        return false;
    } else if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (!llvm::all_of(ValueRange{loop.getLowerBound(), loop.getUpperBound(),
                                   loop.getStep()},
                        [&](Value v) { return uniformity.isUniform(v); }))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

DenseSet<Operation *>
mlir::wave::findWholeWaveCollectives(gpu::GPUModuleOp module,
                                     const UniformityInfo &uniformity) {
  DenseSet<Operation *> found;
  if (!uniformity.succeeded())
    return found;
  module.walk([&](Operation *op) {
    if (!isa<ReduceOp, ScanOp>(op))
      return;
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    if (kernel && runsWithWholeWave(op, kernel, uniformity))
      found.insert(op);
  });
  return found;
}

namespace {
/// Reads the wave size around the op or fails the match (the pass checks it
/// beforehand and reports).
template <typename OpTy> struct CollectiveLowering : OpRewritePattern<OpTy> {
  CollectiveLowering(MLIRContext *context,
                     const DenseSet<Operation *> &wholeWave)
      : OpRewritePattern<OpTy>(context), wholeWave(wholeWave) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    std::optional<WaveShape> wave = getWaveShapeAt(op);
    if (!wave)
      return rewriter.notifyMatchFailure(op, "unknown wave size");
    rewriter.replaceOp(op, lower(op, *wave, rewriter));
    return success();
  }

  virtual Value lower(OpTy op, const WaveShape &wave,
                      PatternRewriter &rewriter) const = 0;

  /// `wholeWave(...)` where every lane of the wave runs `op`, else the test
  /// of the exec mask choosing between it and `someLanes(...)`.
  Value lowerForActiveLanes(
      OpTy op, OpBuilder &builder, unsigned waveSize,
      function_ref<Value(OpBuilder &, Location)> wholeWaveLowering,
      function_ref<Value(OpBuilder &, Location)> someLanes) const {
    if (wholeWave.contains(op))
      return wholeWaveLowering(builder, op.getLoc());
    return selectByActiveLanes(builder, op.getLoc(), waveSize, op.getType(),
                               wholeWaveLowering, someLanes);
  }

  /// The collectives findWholeWaveCollectives found.
  const DenseSet<Operation *> &wholeWave;
};

struct ReduceOpLowering : CollectiveLowering<ReduceOp> {
  using CollectiveLowering::CollectiveLowering;

  /// gpu.subgroup_reduce of the whole wave (`uniform`) or of clusters.
  static Value subgroupReduce(OpBuilder &b, Location l, ReduceOp op,
                              std::optional<uint32_t> clusterSize) {
    // Narrow integers reduce sign-extended to 32 bits, which keeps signed
    // min and max right and truncates to the same sums.
    Type type = op.getType();
    Value value = op.getValue();
    auto intType = dyn_cast<IntegerType>(type);
    bool widen = intType && intType.getWidth() < 32;
    if (widen)
      value = arith::ExtSIOp::create(b, l, b.getI32Type(), value);
    // A clustered reduction is not `uniform`: upstream's flag says that all
    // lanes of the wave or none run the op, while only each cluster is
    // whole here.
    Value reduced = gpu::SubgroupReduceOp::create(
        b, l, value, getAllReduceOperation(op.getKind(), type),
        /*uniform=*/!clusterSize, clusterSize);
    if (widen)
      reduced = arith::TruncIOp::create(b, l, type, reduced);
    return reduced;
  }

  Value lower(ReduceOp op, const WaveShape &wave,
              PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ReduceKind kind = op.getKind();
    Type type = op.getType();
    // The lanes of each cluster are all active or all inactive (the op's
    // precondition), so the cluster reduction needs no test of the exec
    // mask; the pass has checked that the cluster fits the wave.
    if (std::optional<uint64_t> size = op.getClusterSize())
      return subgroupReduce(rewriter, loc, op, uint32_t(*size));
    return lowerForActiveLanes(
        op, rewriter, wave.size,
        [&](OpBuilder &b, Location l) {
          return subgroupReduce(b, l, op, std::nullopt);
        },
        [&](OpBuilder &b, Location l) {
          Value identity = getIdentity(b, l, kind, type);
          return forEachActiveLane(
              b, l, wave.size, identity,
              [&](OpBuilder &b, Location l, Value lane, ValueRange acc) {
                Value other = readLane(b, l, op.getValue(), lane);
                return SmallVector<Value>{
                    buildCombine(b, l, kind, acc[0], other)};
              })[0];
        });
  }
};

struct ScanOpLowering : CollectiveLowering<ScanOp> {
  using CollectiveLowering::CollectiveLowering;

  /// Hillis-Steele: after the step of distance d, lane l holds the
  /// combination of lanes l-2d+1..l.
  static Value scanWholeWave(OpBuilder &b, Location l, ScanOp op,
                             const WaveShape &wave) {
    Value lane = getLaneId(b, l, wave.size);
    auto shuffleUp = [&](Value value, int64_t distance) {
      Value fromBelow = shuffleLanes(b, l, value, getI32(b, l, distance), wave,
                                     gpu::ShuffleMode::UP);
      Value inWave = arith::CmpIOp::create(b, l, arith::CmpIPredicate::uge,
                                           lane, getI32(b, l, distance));
      return std::make_pair(fromBelow, inWave);
    };
    Value prefix = op.getValue();
    for (int64_t distance = 1; distance < wave.size; distance *= 2) {
      auto [fromBelow, inWave] = shuffleUp(prefix, distance);
      Value combined = buildCombine(b, l, op.getKind(), fromBelow, prefix);
      prefix = arith::SelectOp::create(b, l, inWave, combined, prefix);
    }
    if (!op.getExclusive())
      return prefix;
    auto [fromBelow, inWave] = shuffleUp(prefix, 1);
    Value identity = getIdentity(b, l, op.getKind(), op.getType());
    return arith::SelectOp::create(b, l, inWave, fromBelow, identity);
  }

  /// Walks the active lanes in order; each lane keeps the running
  /// combination when the walk reaches it.
  static Value scanActiveLanes(OpBuilder &b, Location l, ScanOp op,
                               unsigned waveSize) {
    Value myLane = getLaneId(b, l, waveSize);
    Value identity = getIdentity(b, l, op.getKind(), op.getType());
    ValueRange results = forEachActiveLane(
        b, l, waveSize, {identity, identity},
        [&](OpBuilder &b, Location l, Value lane, ValueRange carried) {
          Value running = carried[0];
          Value other = readLane(b, l, op.getValue(), lane);
          Value next = buildCombine(b, l, op.getKind(), running, other);
          Value isMine = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                               lane, myLane);
          Value mine = arith::SelectOp::create(
              b, l, isMine, op.getExclusive() ? running : next, carried[1]);
          return SmallVector<Value>{next, mine};
        });
    return results[1];
  }

  Value lower(ScanOp op, const WaveShape &wave,
              PatternRewriter &rewriter) const override {
    return lowerForActiveLanes(
        op, rewriter, wave.size,
        [&](OpBuilder &b, Location l) { return scanWholeWave(b, l, op, wave); },
        [&](OpBuilder &b, Location l) {
          return scanActiveLanes(b, l, op, wave.size);
        });
  }
};

struct BroadcastOpLowering : CollectiveLowering<BroadcastOp> {
  using CollectiveLowering::CollectiveLowering;

  Value lower(BroadcastOp op, const WaveShape &,
              PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    return readLane(rewriter, loc, op.getValue(),
                    getI32(rewriter, loc, op.getLane()));
  }
};

struct ShuffleOpLowering : CollectiveLowering<ShuffleOp> {
  using CollectiveLowering::CollectiveLowering;

  static gpu::ShuffleMode getMode(ShuffleMode mode) {
    switch (mode) {
    case ShuffleMode::idx:
      return gpu::ShuffleMode::IDX;
    case ShuffleMode::up:
      return gpu::ShuffleMode::UP;
    case ShuffleMode::down:
      return gpu::ShuffleMode::DOWN;
    case ShuffleMode::xor_:
      return gpu::ShuffleMode::XOR;
    }
    llvm_unreachable("unknown shuffle mode");
  }

  /// Whether the source lane of `op` lies inside the wave; computed here
  /// rather than taken from gpu.shuffle, whose `up` validity on AMDGPU
  /// admits negative lanes.
  static Value isSourceInWave(OpBuilder &b, Location l, ShuffleOp op,
                              unsigned waveSize) {
    Value offset = op.getOffset();
    auto below = [&](Value lane) {
      return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, lane,
                                   getI32(b, l, waveSize));
    };
    Value lane = getLaneId(b, l, waveSize);
    switch (op.getMode()) {
    case ShuffleMode::idx:
      return below(offset);
    case ShuffleMode::up:
      return arith::CmpIOp::create(b, l, arith::CmpIPredicate::uge, lane,
                                   offset);
    case ShuffleMode::down:
      return below(arith::AddIOp::create(b, l, lane, offset));
    case ShuffleMode::xor_:
      return below(arith::XOrIOp::create(b, l, lane, offset));
    }
    llvm_unreachable("unknown shuffle mode");
  }

  Value lower(ShuffleOp op, const WaveShape &wave,
              PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value result = shuffleLanes(rewriter, loc, op.getValue(), op.getOffset(),
                                wave, getMode(op.getMode()));
    return arith::SelectOp::create(rewriter, loc,
                                   isSourceInWave(rewriter, loc, op, wave.size),
                                   result, op.getValue());
  }
};

struct BallotOpLowering : CollectiveLowering<BallotOp> {
  using CollectiveLowering::CollectiveLowering;

  Value lower(BallotOp op, const WaveShape &wave,
              PatternRewriter &rewriter) const override {
    return ballot(rewriter, op.getLoc(), op.getPredicate(), wave.size);
  }
};

struct AnyOpLowering : CollectiveLowering<AnyOp> {
  using CollectiveLowering::CollectiveLowering;

  Value lower(AnyOp op, const WaveShape &wave,
              PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value votes = ballot(rewriter, loc, op.getPredicate(), wave.size);
    Value none = getConstantInt(rewriter, loc, votes.getType(), 0);
    return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, votes,
                                 none);
  }
};

struct AllOpLowering : CollectiveLowering<AllOp> {
  using CollectiveLowering::CollectiveLowering;

  Value lower(AllOp op, const WaveShape &wave,
              PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value votes = ballot(rewriter, loc, op.getPredicate(), wave.size);
    Value active = getActiveLanes(rewriter, loc, wave.size);
    return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, votes,
                                 active);
  }
};
} // namespace

void mlir::wave::populateWaveCollectiveLoweringPatterns(
    RewritePatternSet &patterns, const DenseSet<Operation *> &wholeWave) {
  patterns
      .add<ReduceOpLowering, ScanOpLowering, BroadcastOpLowering,
           ShuffleOpLowering, BallotOpLowering, AnyOpLowering, AllOpLowering>(
          patterns.getContext(), wholeWave);
}

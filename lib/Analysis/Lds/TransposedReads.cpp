//===- TransposedReads.cpp - LDS columns a chip reads transposed ----------===//
//
// gfx950 reads 4 rows of a column of 16-bit elements with one instruction,
// ds_read_b64_tr_b16: each lane of a group of 16 reads 8 contiguous bytes,
// and lane i of the group receives, as its element j, element i % 4 of what
// lane 4 j + i / 4 read (CDNA4 ISA, "MFMA Transpose Load from LDS": lane
// 4 j + c reads columns 4 c to 4 c + 3 of row j of a 4 x 16 block, lane i
// gets column i). A read down a column whose lanes of each aligned quad read
// adjacent columns of the same rows is one such read for every 4 elements:
// lane 16 g + 4 j + q reads row j of the lanes 16 g + 4 q to 16 g + 4 q + 3,
// the 4 elements of that row those lanes need, and the exchange delivers
// each its own. This file decides which reads qualify; the lowering
// (lib/Conversion/TransposedLdsReads.cpp) and wave-transpose-lds-tiles ask.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Lds/TransposedReads.h"
#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Analysis/Uniformity/WorkgroupUniformity.h"
#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/DeclineReason.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::wave;

bool mlir::wave::isLdsColumnRead(ReadOp op) {
  MemRefType type = op.getMemref().getType();
  return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type) &&
         type.getElementTypeBitWidth() == 16 &&
         op.getContiguousDim() + 1 != unsigned(type.getRank());
}

std::optional<unsigned> mlir::wave::getTransposedReadThreadIdDim(ReadOp op) {
  std::optional<unsigned> found;
  for (auto [position, index] : llvm::enumerate(op.getIndices())) {
    auto id = index.getDefiningOp<gpu::ThreadIdOp>();
    if (!id || id.getDimension() != gpu::Dimension::x)
      continue;
    if (found)
      return std::nullopt;
    found = position;
  }
  return found;
}

/// Splits `expr` into its terms that use the thread id (`dim`) and those
/// that do not; false when a term uses both.
static bool splitTerms(AffineExpr expr, unsigned dim, AffineExpr &lanePart,
                       AffineExpr &otherPart) {
  if (auto add = dyn_cast<AffineBinaryOpExpr>(expr);
      add && add.getKind() == AffineExprKind::Add)
    return splitTerms(add.getLHS(), dim, lanePart, otherPart) &&
           splitTerms(add.getRHS(), dim, lanePart, otherPart);
  bool usesLane = false, usesOther = false;
  expr.walk([&](AffineExpr leaf) {
    if (auto d = dyn_cast<AffineDimExpr>(leaf))
      (d.getPosition() == dim ? usesLane : usesOther) = true;
    else if (isa<AffineSymbolExpr>(leaf))
      usesOther = true;
  });
  if (usesLane && usesOther)
    return false;
  (usesLane ? lanePart : otherPart) = (usesLane ? lanePart : otherPart) + expr;
  return true;
}

/// Whether every lane of the wave reaches `op` (a transposed read needs all
/// of them): the branches and loops around it decide alike in every lane.
static bool isReachedByWholeWaves(Operation *op,
                                  function_ref<bool(Value)> isWaveUniform,
                                  std::string *reason) {
  for (Operation *parent = op->getParentOp(); !isa<gpu::GPUFuncOp>(parent);
       parent = parent->getParentOp()) {
    if (auto branch = dyn_cast<scf::IfOp>(parent)) {
      if (isWaveUniform(branch.getCondition()))
        continue;
      setReason(reason, "it is under an 'scf.if' whose condition may differ "
                        "between the lanes of a wave");
      return false;
    }
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (llvm::all_of(ValueRange{loop.getLowerBound(), loop.getUpperBound(),
                                  loop.getStep()},
                       isWaveUniform))
        continue;
      setReason(reason, "it is in an 'scf.for' whose bounds may differ "
                        "between the lanes of a wave");
      return false;
    }
    setReason(reason, "it is under '" + parent->getName().getStringRef() +
                          "', whose lanes the check does not follow");
    return false;
  }
  return true;
}

bool mlir::wave::lowersToTransposedLdsRead(
    ReadOp op, function_ref<bool(Value)> isWaveUniform, std::string *reason) {
  auto no = [&](const Twine &text) {
    setReason(reason, text);
    return false;
  };
  MemRefType type = op.getMemref().getType();
  int64_t elements = op.getVectorType().getNumElements();
  if (elements % kTransposedReadElements != 0)
    return no("it reads " + Twine(elements) +
              " elements a lane, not a multiple of " +
              Twine(kTransposedReadElements));
  if (op.getMask() || op.getBounded())
    return no(Twine("it is ") + (op.getMask() ? "masked" : "bounded") +
              ", and a transposed read moves whole rows of every lane");
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type.hasStaticShape() ||
      failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return no("its tile is not a static row-major one");
  // Each lane's 8 bytes are one aligned ds_read_b64's.
  if (offset % kTransposedReadElements != 0 ||
      llvm::any_of(ArrayRef(strides).drop_back(),
                   [](int64_t s) { return s % kTransposedReadElements != 0; }))
    return no("a row of its tile does not start at a multiple of 8 bytes");
  if (SwizzleAttr swizzle = getLdsSwizzle(op.getMemref());
      swizzle && swizzle.getVec() < kTransposedReadElements)
    return no("its tile's swizzle moves groups of " + Twine(swizzle.getVec()) +
              " elements, fewer than the " + Twine(kTransposedReadElements) +
              " adjacent columns a quad reads");

  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  std::optional<ArrayRef<int32_t>> block =
      func ? func.getKnownBlockSize() : std::nullopt;
  FailureOr<KernelTarget> target = getKernelTarget(op);
  if (!block || failed(target) || target->waveSize != 64 ||
      (*block)[0] % 64 != 0)
    return no("its kernel's 'known_block_size' does not make every wave "
              "whole, 64 lanes of consecutive x");
  if (!isReachedByWholeWaves(op, isWaveUniform, reason))
    return false;

  std::optional<unsigned> tidDim = getTransposedReadThreadIdDim(op);
  if (!tidDim)
    return no("not exactly one of its indices is 'gpu.thread_id x'");
  for (auto [position, index] : llvm::enumerate(op.getIndices()))
    if (position != *tidDim && !isWaveUniform(index))
      return no("its index #" + Twine(position) +
                " may differ between the lanes of a wave");
  // Each result as the part of the thread id and the part of the others.
  AffineMap map = op.getAccessMap();
  MLIRContext *context = op.getContext();
  AffineExpr zero = getAffineConstantExpr(0, context);
  SmallVector<AffineExpr> dims(map.getNumDims(), zero);
  dims[*tidDim] = getAffineDimExpr(0, context);
  SmallVector<AffineExpr> laneParts;
  AffineExpr columnOther = zero;
  for (AffineExpr result : map.getResults()) {
    AffineExpr lanePart = zero, otherPart = zero;
    if (!splitTerms(result, *tidDim, lanePart, otherPart))
      return no("a term of its map mixes the thread id with other indices");
    laneParts.push_back(lanePart.replaceDimsAndSymbols(dims, {}));
    columnOther = otherPart;
  }
  // The column the other indices add keeps each quad's start aligned.
  if (columnOther.getLargestKnownDivisor() % kTransposedReadElements != 0)
    return no("the part of its column the other indices give is not known "
              "to be a multiple of " +
              Twine(kTransposedReadElements));
  AffineMap laneMap = AffineMap::get(1, 0, laneParts, context);
  unsigned column = type.getRank() - 1;
  for (int64_t quad = 0; quad < (*block)[0]; quad += kTransposedReadElements) {
    SmallVector<int64_t> first = laneMap.compose(ArrayRef<int64_t>{quad});
    if (first[column] % kTransposedReadElements != 0)
      return no("thread " + Twine(quad) + " starts its quad at column " +
                Twine(first[column]) + ", not a multiple of " +
                Twine(kTransposedReadElements));
    for (int64_t lane = 1; lane < kTransposedReadElements; ++lane) {
      SmallVector<int64_t> expected = first;
      expected[column] += lane;
      if (laneMap.compose(ArrayRef<int64_t>{quad + lane}) != expected)
        return no("threads " + Twine(quad) + " to " +
                  Twine(quad + kTransposedReadElements - 1) +
                  " do not read 4 adjacent columns of the same rows");
    }
  }
  return true;
}

bool mlir::wave::lowersToTransposedLdsRead(ReadOp op,
                                           const UniformityInfo &uniformity,
                                           std::string *reason) {
  return lowersToTransposedLdsRead(
      op, [&](Value value) { return uniformity.isUniform(value); }, reason);
}

bool mlir::wave::isTransposedLdsRead(Operation *op) {
  auto read = dyn_cast<ReadOp>(op);
  if (!read || !isLdsColumnRead(read))
    return false;
  FailureOr<KernelTarget> target = getKernelTarget(op);
  return succeeded(target) && target->chip->hasLdsTransposeReads() &&
         lowersToTransposedLdsRead(read, isWorkgroupUniform);
}

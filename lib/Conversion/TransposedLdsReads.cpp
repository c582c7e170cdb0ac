//===- TransposedLdsReads.cpp - LDS columns by transposed reads -----------===//
//
// gfx950 reads 4 rows of a column of 16-bit elements with one instruction,
// ds_read_b64_tr_b16 (`amdgpu.transpose_load`): each lane of a group of 16
// reads 8 contiguous bytes, and lane i of the group receives, as its element
// j, element i % 4 of what lane 4 j + i / 4 read (CDNA4 ISA, "MFMA
// Transpose Load from LDS": lane 4 j + c reads columns 4 c to 4 c + 3 of row
// j, lane i gets column i). A lane's elements down a column of a row-major
// tile (the B operand of a K x N tile, `along` its rows) otherwise take one
// ds_read_u16 each and v_perm_b32s to pack them. They take one transposed
// read for every 4 when the 4 lanes of each aligned quad read adjacent
// columns of the same rows: lane 16 g + 4 j + q of the wave then reads row j
// of the lanes 16 g + 4 q to 16 g + 4 q + 3, the 4 elements of that row
// those lanes need, and the exchange delivers each its own.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Uniformity/Uniformity.h"
#include "wave/Chip/Chip.h"
#include "wave/Conversion/WaveToAMDGPU.h"
#include "wave/Dialect/Wave/IR/DeclineReason.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::wave;

/// Elements of one transposed read, and lanes of the groups it exchanges in.
static constexpr int64_t kElementsPerRead = 4;
static constexpr int64_t kLanesPerGroup = 16;

bool mlir::wave::isLdsColumnRead(ReadOp op) {
  MemRefType type = op.getMemref().getType();
  return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type) &&
         type.getElementTypeBitWidth() == 16 &&
         op.getContiguousDim() + 1 != unsigned(type.getRank());
}

/// The dimension of `op`'s map whose operand is `gpu.thread_id x`, if
/// exactly one is.
static std::optional<unsigned> getThreadIdDim(ReadOp op) {
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
                                  const UniformityInfo &uniformity,
                                  std::string *reason) {
  for (Operation *parent = op->getParentOp(); !isa<gpu::GPUFuncOp>(parent);
       parent = parent->getParentOp()) {
    if (auto branch = dyn_cast<scf::IfOp>(parent)) {
      if (uniformity.isUniform(branch.getCondition()))
        continue;
      setReason(reason, "it is under an 'scf.if' whose condition may differ "
                        "between the lanes of a wave");
      return false;
    }
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (llvm::all_of(ValueRange{loop.getLowerBound(), loop.getUpperBound(),
                                  loop.getStep()},
                       [&](Value v) { return uniformity.isUniform(v); }))
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

bool mlir::wave::lowersToTransposedLdsRead(ReadOp op,
                                           const UniformityInfo &uniformity,
                                           std::string *reason) {
  auto no = [&](const Twine &text) {
    setReason(reason, text);
    return false;
  };
  MemRefType type = op.getMemref().getType();
  int64_t elements = op.getVectorType().getNumElements();
  if (elements % kElementsPerRead != 0)
    return no("it reads " + Twine(elements) +
              " elements a lane, not a multiple of " + Twine(kElementsPerRead));
  if (op.getMask() || op.getBounded())
    return no(Twine("it is ") + (op.getMask() ? "masked" : "bounded") +
              ", and a transposed read moves whole rows of every lane");
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type.hasStaticShape() ||
      failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return no("its tile is not a static row-major one");
  // Each lane's 8 bytes are one aligned ds_read_b64's.
  if (offset % kElementsPerRead != 0 ||
      llvm::any_of(ArrayRef(strides).drop_back(),
                   [](int64_t s) { return s % kElementsPerRead != 0; }))
    return no("a row of its tile does not start at a multiple of 8 bytes");
  if (SwizzleAttr swizzle = getLdsSwizzle(op.getMemref());
      swizzle && swizzle.getVec() < kElementsPerRead)
    return no("its tile's swizzle moves groups of " + Twine(swizzle.getVec()) +
              " elements, fewer than the " + Twine(kElementsPerRead) +
              " adjacent columns a quad reads");

  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  std::optional<ArrayRef<int32_t>> block =
      func ? func.getKnownBlockSize() : std::nullopt;
  FailureOr<KernelTarget> target = getKernelTarget(op);
  if (!block || failed(target) || target->waveSize != 64 ||
      (*block)[0] % 64 != 0)
    return no("its kernel's 'known_block_size' does not make every wave "
              "whole, 64 lanes of consecutive x");
  if (!isReachedByWholeWaves(op, uniformity, reason))
    return false;

  std::optional<unsigned> tidDim = getThreadIdDim(op);
  if (!tidDim)
    return no("not exactly one of its indices is 'gpu.thread_id x'");
  for (auto [position, index] : llvm::enumerate(op.getIndices()))
    if (position != *tidDim && !uniformity.isUniform(index))
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
  if (columnOther.getLargestKnownDivisor() % kElementsPerRead != 0)
    return no("the part of its column the other indices give is not known "
              "to be a multiple of " +
              Twine(kElementsPerRead));
  AffineMap laneMap = AffineMap::get(1, 0, laneParts, context);
  unsigned column = type.getRank() - 1;
  for (int64_t quad = 0; quad < (*block)[0]; quad += kElementsPerRead) {
    SmallVector<int64_t> first = laneMap.compose(ArrayRef<int64_t>{quad});
    if (first[column] % kElementsPerRead != 0)
      return no("thread " + Twine(quad) + " starts its quad at column " +
                Twine(first[column]) + ", not a multiple of " +
                Twine(kElementsPerRead));
    for (int64_t lane = 1; lane < kElementsPerRead; ++lane) {
      SmallVector<int64_t> expected = first;
      expected[column] += lane;
      if (laneMap.compose(ArrayRef<int64_t>{quad + lane}) != expected)
        return no("threads " + Twine(quad) + " to " +
                  Twine(quad + kElementsPerRead - 1) +
                  " do not read 4 adjacent columns of the same rows");
    }
  }
  return true;
}

Value mlir::wave::lowerTransposedLdsRead(RewriterBase &rewriter, ReadOp op) {
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  AffineMap map = op.getAccessMap();
  unsigned tidDim = *getThreadIdDim(op);
  AffineExpr tid = getAffineDimExpr(tidDim, context);
  // Lane 16 g + 4 j + q reads row j of the quad 16 g + 4 q.
  AffineExpr quadLane = tid.floorDiv(kLanesPerGroup) * kLanesPerGroup +
                        (tid % kElementsPerRead) * kElementsPerRead;
  AffineExpr rowInQuad = (tid % kLanesPerGroup).floorDiv(kElementsPerRead);
  SmallVector<AffineExpr> dims;
  for (unsigned d = 0; d < map.getNumDims(); ++d)
    dims.push_back(d == tidDim ? quadLane : getAffineDimExpr(d, context));
  SmallVector<AffineExpr> symbols;
  for (unsigned s = 0; s < map.getNumSymbols(); ++s)
    symbols.push_back(getAffineSymbolExpr(s, context));
  AffineMap quadMap = map.replaceDimsAndSymbols(dims, symbols, map.getNumDims(),
                                                map.getNumSymbols());
  VectorType type = op.getVectorType();
  auto partType = VectorType::get({kElementsPerRead}, type.getElementType());
  unsigned along = op.getContiguousDim();
  SwizzleAttr swizzle = getLdsSwizzle(op.getMemref());
  Value result = arith::ConstantOp::create(rewriter, loc, type,
                                           rewriter.getZeroAttr(type));
  for (int64_t part = 0; part * kElementsPerRead < type.getNumElements();
       ++part) {
    SmallVector<AffineExpr> results(quadMap.getResults());
    results[along] = results[along] + rowInQuad + part * kElementsPerRead;
    AffineMap partMap =
        AffineMap::get(map.getNumDims(), map.getNumSymbols(), results, context);
    SmallVector<Value> coordinates = llvm::to_vector(
        *affine::expandAffineMap(rewriter, loc, partMap, op.getIndices()));
    Value read = amdgpu::TransposeLoadOp::create(
        rewriter, loc, partType, op.getMemref(),
        getLdsPhysicalCoordinates(rewriter, loc, swizzle, coordinates));
    if (type == partType)
      return read;
    result = vector::InsertStridedSliceOp::create(
        rewriter, loc, read, result, ArrayRef<int64_t>{part * kElementsPerRead},
        ArrayRef<int64_t>{1});
  }
  return result;
}

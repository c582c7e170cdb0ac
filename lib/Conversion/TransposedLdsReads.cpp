//===- TransposedLdsReads.cpp - LDS columns by transposed reads -----------===//
//
// The reads lowersToTransposedLdsRead accepts (wave/Analysis/Lds/
// TransposedReads.h says why they may) become one amdgpu.transpose_load
// (ds_read_b64_tr_b16) for each 4 of their elements: lane 16 g + 4 j + q
// reads row j of the lanes 16 g + 4 q to 16 g + 4 q + 3, which the
// instruction's exchange hands each of those lanes.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Lds/TransposedReads.h"
#include "wave/Conversion/WaveToAMDGPU.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::wave;

/// Lanes of the groups a transposed read exchanges in.
static constexpr int64_t kLanesPerGroup = 16;

Value mlir::wave::lowerTransposedLdsRead(RewriterBase &rewriter, ReadOp op) {
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  AffineMap map = op.getAccessMap();
  unsigned tidDim = *getTransposedReadThreadIdDim(op);
  AffineExpr tid = getAffineDimExpr(tidDim, context);
  // Lane 16 g + 4 j + q reads row j of the quad 16 g + 4 q.
  AffineExpr quadLane =
      tid.floorDiv(kLanesPerGroup) * kLanesPerGroup +
      (tid % kTransposedReadElements) * kTransposedReadElements;
  AffineExpr rowInQuad =
      (tid % kLanesPerGroup).floorDiv(kTransposedReadElements);
  SmallVector<AffineExpr> dims;
  for (unsigned d = 0; d < map.getNumDims(); ++d)
    dims.push_back(d == tidDim ? quadLane : getAffineDimExpr(d, context));
  SmallVector<AffineExpr> symbols;
  for (unsigned s = 0; s < map.getNumSymbols(); ++s)
    symbols.push_back(getAffineSymbolExpr(s, context));
  AffineMap quadMap = map.replaceDimsAndSymbols(dims, symbols, map.getNumDims(),
                                                map.getNumSymbols());
  VectorType type = op.getVectorType();
  auto partType =
      VectorType::get({kTransposedReadElements}, type.getElementType());
  unsigned along = op.getContiguousDim();
  SwizzleAttr swizzle = getLdsSwizzle(op.getMemref());
  SmallVector<Value> parts;
  for (int64_t part = 0; part * kTransposedReadElements < type.getNumElements();
       ++part) {
    SmallVector<AffineExpr> results(quadMap.getResults());
    results[along] =
        results[along] + rowInQuad + part * kTransposedReadElements;
    AffineMap partMap =
        AffineMap::get(map.getNumDims(), map.getNumSymbols(), results, context);
    SmallVector<Value> coordinates = llvm::to_vector(
        *affine::expandAffineMap(rewriter, loc, partMap, op.getIndices()));
    parts.push_back(amdgpu::TransposeLoadOp::create(
        rewriter, loc, partType, op.getMemref(),
        getLdsPhysicalCoordinates(rewriter, loc, swizzle, coordinates)));
  }
  if (parts.size() == 1)
    return parts.front();
  Value result = arith::ConstantOp::create(rewriter, loc, type,
                                           rewriter.getZeroAttr(type));
  for (auto [index, read] : llvm::enumerate(parts))
    result = vector::InsertStridedSliceOp::create(
        rewriter, loc, read, result,
        ArrayRef<int64_t>{int64_t(index) * kTransposedReadElements},
        ArrayRef<int64_t>{1});
  return result;
}

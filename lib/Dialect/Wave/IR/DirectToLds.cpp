//===- DirectToLds.cpp - Direct-to-LDS copies on swizzled tiles -----------===//
//
// docs/passes/wave-direct-to-lds.md, "Swizzled tiles".
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/DirectToLds.h"

#include "mlir/IR/AffineMap.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wave;

AffineExpr mlir::wave::getSwizzleShiftExpr(SwizzleAttr swizzle, AffineExpr row,
                                           AffineExpr column) {
  // The XOR only changes the low log2(max_phase) bits of the group index g;
  // bit i of `g xor phase` is `(g floordiv 2^i + phase floordiv 2^i) mod 2`.
  int64_t vec = swizzle.getVec(), maxPhase = swizzle.getMaxPhase();
  AffineExpr phase = row.floorDiv(swizzle.getPerPhase()) % maxPhase;
  AffineExpr group = column.floorDiv(vec);
  AffineExpr lowBits = getAffineConstantExpr(0, column.getContext());
  for (int64_t bit = 1; bit < maxPhase; bit *= 2)
    lowBits = lowBits + (group.floorDiv(bit) + phase.floorDiv(bit)) % 2 * bit;
  return (lowBits - group % maxPhase) * vec;
}

AffineExpr mlir::wave::matchSwizzledColumnExpr(SwizzleAttr swizzle,
                                               AffineExpr row,
                                               AffineExpr column) {
  auto sum = dyn_cast<AffineBinaryOpExpr>(column);
  if (!sum || sum.getKind() != AffineExprKind::Add)
    return AffineExpr();
  // The sum keeps its operands in either order (a constant goes right).
  for (auto [unswizzled, shift] : {std::pair(sum.getLHS(), sum.getRHS()),
                                   std::pair(sum.getRHS(), sum.getLHS())})
    if (shift == getSwizzleShiftExpr(swizzle, row, unswizzled))
      return unswizzled;
  return AffineExpr();
}

AffineExpr mlir::wave::matchSwizzledColumnExpr(SwizzleAttr swizzle,
                                               AffineMap map) {
  unsigned rank = map.getNumResults();
  if (rank < 2)
    return AffineExpr();
  return matchSwizzledColumnExpr(swizzle, map.getResult(rank - 2),
                                 map.getResult(rank - 1));
}

LogicalResult mlir::wave::permuteDirectCopy(WriteOp write,
                                            SwizzleAttr swizzle) {
  auto read = write.getValue().getDefiningOp<ReadOp>();
  AffineMap writeMap = write.getAccessMap();
  if (!read || writeMap.getNumResults() < 2 || writeMap.getNumSymbols() != 0 ||
      read.getAccessMap().getNumSymbols() != 0)
    return failure();
  AffineMap readMap = read.getAccessMap();
  unsigned readDims = readMap.getNumDims();
  MLIRContext *context = write.getContext();

  ArrayRef<AffineExpr> tile = writeMap.getResults();
  AffineExpr row = tile[tile.size() - 2], column = tile.back();
  AffineExpr shift = getSwizzleShiftExpr(swizzle, row, column);
  SmallVector<AffineExpr> writeResults(tile);
  writeResults.back() = column + shift;
  write.setMapAttr(AffineMapAttr::get(
      AffineMap::get(writeMap.getNumDims(), 0, writeResults, context)));

  // The read's operands followed by the write's: its column moves by what
  // the swizzle adds to the write's.
  SmallVector<AffineExpr> readResults(readMap.getResults());
  readResults.back() =
      readResults.back() + shift.shiftDims(writeMap.getNumDims(), readDims);
  SmallVector<Value> operands(read.getIndices());
  llvm::append_range(operands, write.getIndices());
  read.getIndicesMutable().assign(operands);
  read.setMapAttr(AffineMapAttr::get(AffineMap::get(
      readDims + writeMap.getNumDims(), 0, readResults, context)));
  return success();
}

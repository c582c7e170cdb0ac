//===- LinearRestaging.cpp - A staging group in its linear layout ---------===//
//
// Replaces a group's global reads and LDS writes by reads of runs that
// consecutive lanes take in row-major order over the box, and writes of the
// same runs into the tile (docs/passes/wave-minimize-global-loads.md).
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/Transforms/LinearRestaging.h"
#include "wave/Dialect/Wave/Transforms/StagingAccesses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Builds the new accesses of one plan.
class Restager {
public:
  Restager(const StagingPlan &plan)
      : plan(plan), context(plan.lastOp->getContext()), ids(plan.lastOp),
        builder(context) {
    builder.setInsertionPointAfter(plan.lastOp);
  }

  void run();

private:
  /// The coordinates of read or write `index` of the lane, in global
  /// coordinates plus `shift`, moved by `offset`.
  SmallVector<AffineExpr>
  getCoordinates(AccessOperands &operands, AffineExpr linearId, int64_t index,
                 bool wrap, ArrayRef<SmallVector<UniformTerm>> offset,
                 ArrayRef<int64_t> shift) {
    return getRunAccessCoordinates(plan, ids, operands,
                                   linearId + index * plan.numLanes, wrap,
                                   offset, shift);
  }
  /// The mask of the last read and write: the lane has a run there.
  Value buildTailMask();
  IntegerAttr getAlong(unsigned dim, MemRefType type);

  const StagingPlan &plan;
  MLIRContext *context;
  KernelIds ids;
  OpBuilder builder;
};

} // namespace

/// Elements one LDS write of the plan moves: a run, or a group of the tile's
/// swizzle when runs lie along its innermost dimension and are wider.
static int64_t getWritePieceWidth(const StagingPlan &plan) {
  SwizzleAttr swizzle = getLdsSwizzle(plan.tile);
  auto tileType = cast<MemRefType>(plan.tile.getType());
  if (!swizzle || plan.getTileContiguousDim() + 1 != tileType.getRank())
    return plan.width;
  return std::min(plan.width, swizzle.getVec());
}

/// Whether every piece of a run starts at a multiple of its width in the
/// tile, as a swizzled tile needs: the runs do in the box, so the shift and
/// the translation of the box in the tile must keep that.
bool mlir::wave::linearRunsFitSwizzle(const StagingPlan &plan) {
  int64_t piece = getWritePieceWidth(plan);
  if (piece == plan.width && !getLdsSwizzle(plan.tile))
    return true;
  unsigned dim = plan.contiguousDim;
  if (plan.tileShift[dim] % piece != 0)
    return false;
  return llvm::all_of(plan.tileOffset[dim], [&](const UniformTerm &term) {
    return term.coefficient % piece == 0;
  });
}

Value Restager::buildTailMask() {
  Location loc = plan.lastOp->getLoc();
  Value linear;
  int64_t stride = 1;
  for (unsigned dim = 0; dim < 3; ++dim) {
    if (plan.workgroupSize[dim] == 1)
      continue;
    Value term = ids.getThreadId(dim);
    if (stride != 1)
      term = arith::MulIOp::create(
          builder, loc, term,
          arith::ConstantIndexOp::create(builder, loc, stride));
    linear = linear ? arith::AddIOp::create(builder, loc, linear, term) : term;
    stride *= plan.workgroupSize[dim];
  }
  Value limit = arith::ConstantIndexOp::create(
      builder, loc, plan.getActiveLanes(plan.readsPerLane - 1));
  Value inside = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                       linear, limit);
  auto maskType = VectorType::get({plan.width}, builder.getI1Type());
  return vector::BroadcastOp::create(builder, loc, maskType, inside);
}

IntegerAttr Restager::getAlong(unsigned dim, MemRefType type) {
  if (dim + 1 == static_cast<unsigned>(type.getRank()))
    return {};
  return builder.getI64IntegerAttr(dim);
}

void Restager::run() {
  auto sourceType = cast<MemRefType>(plan.source.getType());
  auto tileType = cast<MemRefType>(plan.tile.getType());
  auto [readLoc, writeLoc] = getStagingLocations(plan);

  // Coordinates first: the maps need every operand.
  AccessOperands readOperands(context), writeOperands(context);
  AffineExpr readId = addLinearThreadId(plan, ids, readOperands);
  AffineExpr writeId = addLinearThreadId(plan, ids, writeOperands);
  SmallVector<int64_t> noShift(sourceType.getRank(), 0);
  SmallVector<SmallVector<AffineExpr>> readCoords, writeCoords;
  for (int64_t i = 0; i < plan.readsPerLane; ++i) {
    // Lanes without a run still address the box, so that the masked read
    // stays in bounds.
    bool wrap = plan.needsMask() && i + 1 == plan.readsPerLane;
    readCoords.push_back(getCoordinates(readOperands, readId, i, wrap,
                                        plan.sourceOffset, noShift));
    writeCoords.push_back(plan.getTileCoordinates<AffineExpr>(
        getCoordinates(writeOperands, writeId, i,
                       /*wrap=*/false, plan.tileOffset, plan.tileShift)));
  }

  Value mask = plan.needsMask() ? buildTailMask() : Value();
  auto vectorType = VectorType::get({plan.width}, sourceType.getElementType());
  CacheHintAttr cache =
      plan.cache ? CacheHintAttr::get(context, *plan.cache) : CacheHintAttr();
  SmallVector<Value> values;
  for (auto [i, coords] : llvm::enumerate(readCoords)) {
    bool last = static_cast<int64_t>(i) + 1 == plan.readsPerLane;
    auto read = ReadOp::create(
        builder, readLoc, vectorType, plan.source, readOperands.getOperands(),
        readOperands.getMap(coords), getAlong(plan.contiguousDim, sourceType),
        last ? mask : Value(), cache);
    read.setBounded(plan.bounded);
    values.push_back(read);
  }
  // A swizzled tile keeps only groups of `vec` elements contiguous: the runs
  // are written group by group (the plan checked that groups and runs are
  // aligned alike).
  int64_t piece = getWritePieceWidth(plan);
  unsigned tileDim = plan.getTileContiguousDim();
  for (auto [i, coords] : llvm::enumerate(writeCoords)) {
    bool last = static_cast<int64_t>(i) + 1 == plan.readsPerLane;
    for (int64_t start = 0; start < plan.width; start += piece) {
      Value value = values[i];
      Value pieceMask = last ? mask : Value();
      SmallVector<AffineExpr> pieceCoords = coords;
      if (piece != plan.width) {
        value = vector::ExtractStridedSliceOp::create(builder, writeLoc, value,
                                                      start, piece, 1);
        if (pieceMask)
          pieceMask = vector::ExtractStridedSliceOp::create(
              builder, writeLoc, pieceMask, start, piece, 1);
        pieceCoords[tileDim] = pieceCoords[tileDim] + start;
      }
      WriteOp::create(builder, writeLoc, value, plan.tile,
                      writeOperands.getOperands(),
                      writeOperands.getMap(pieceCoords),
                      getAlong(tileDim, tileType), pieceMask, CacheHintAttr());
    }
  }

  eraseStaging(plan);
}

void mlir::wave::restageLinearly(const StagingPlan &plan) {
  Restager(plan).run();
}

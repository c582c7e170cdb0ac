//===- MemrefDescriptorArguments.cpp - Kernels on memref descriptors ------===//
//
// Upstream's host lowering passes a memref to a kernel as the fields of its
// descriptor; the wave lowering, written for HIP, takes bare pointers. The
// kernel is rewritten to take the fields as bare pointers and indices and
// to rebuild the memref from them, so that the rest of the pipeline is
// unchanged and the lowered kernel's arguments are the descriptor's.
//
//===----------------------------------------------------------------------===//

#include "wave/Conversion/Passes.h"
#include "wave/Dialect/Wave/IR/Assumptions.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IntegerSet.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVEMEMREFDESCRIPTORARGUMENTS
#include "wave/Conversion/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {
struct WaveMemrefDescriptorArgumentsPass
    : public wave::impl::WaveMemrefDescriptorArgumentsBase<
          WaveMemrefDescriptorArgumentsPass> {
  using Base::Base;

  void runOnOperation() override;
};
} // namespace

/// Gives the memref argument `index` of `func` its descriptor's fields. A
/// memref the bare-pointer lowering takes as it is (a row-major one, whose
/// extents `wave.dims` then names among the fields, or one of static shape
/// and layout) stays the argument, in the aligned pointer's place, so that
/// the analyses and the buffer lowering still see a kernel argument;
/// another is rebuilt from the aligned pointer, offset, sizes and strides.
/// Returns the sizes a row-major memref's `wave.dims` is to name.
static FailureOr<SmallVector<BlockArgument>>
expandMemrefArgument(gpu::GPUFuncOp func, unsigned index) {
  BlockArgument arg = func.getArgument(index);
  auto type = cast<MemRefType>(arg.getType());
  SmallVector<int64_t> staticStrides;
  int64_t staticOffset;
  if (failed(type.getStridesAndOffset(staticStrides, staticOffset)))
    return func.emitError() << "argument #" << index << " of type " << type
                            << " has no strided layout: a memref descriptor "
                               "holds only an offset and strides";
  bool kept = type.getLayout().isIdentity() ||
              (type.hasStaticShape() && !ShapedType::isDynamic(staticOffset) &&
               llvm::none_of(staticStrides, ShapedType::isDynamic));
  MLIRContext *context = func.getContext();
  Location loc = arg.getLoc();
  auto pointer = MemRefType::get({}, type.getElementType(), AffineMap(),
                                 type.getMemorySpace());
  auto indexType = IndexType::get(context);
  int64_t rank = type.getRank();
  // allocated, aligned, offset, sizes, strides: the order of upstream's
  // expanded descriptor. The argument itself is the aligned pointer when
  // kept.
  SmallVector<Type> types = {pointer};
  SmallVector<unsigned> positions = {index};
  if (!kept) {
    types.push_back(pointer);
    positions.push_back(index);
  }
  types.append(1 + 2 * rank, indexType);
  positions.append(1 + 2 * rank, index + 1);
  SmallVector<DictionaryAttr> attrs(types.size(), DictionaryAttr::get(context));
  SmallVector<Location> locs(types.size(), loc);
  if (failed(func.insertArguments(positions, types, attrs, locs)))
    return failure();
  // The offset's position, after the argument; sizes and strides follow.
  unsigned fields = index + (kept ? 2 : 3);
  auto field = [&](int64_t i) { return func.getArgument(fields + i); };
  SmallVector<BlockArgument> sizes;
  if (kept) {
    for (int64_t dim = 0; dim < rank; ++dim)
      if (type.isDynamicDim(dim))
        sizes.push_back(field(1 + dim));
    return sizes;
  }
  OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
  auto staticOr = [&](int64_t value, int64_t i) -> OpFoldResult {
    if (ShapedType::isDynamic(value))
      return field(i);
    return builder.getIndexAttr(value);
  };
  SmallVector<OpFoldResult> viewSizes, viewStrides;
  for (int64_t dim = 0; dim < rank; ++dim) {
    viewSizes.push_back(staticOr(type.getDimSize(dim), 1 + dim));
    viewStrides.push_back(staticOr(staticStrides[dim], 1 + rank + dim));
  }
  auto view = memref::ReinterpretCastOp::create(
      builder, loc, type, func.getArgument(index + 1),
      staticOr(staticOffset, 0), viewSizes, viewStrides);
  arg.replaceAllUsesWith(view);
  if (failed(func.eraseArgument(arg.getArgNumber())))
    return failure();
  return sizes;
}

/// `wave.assume` of `func`, whose dimensions were the arguments `before`,
/// over the arguments' new positions.
static void remapAssumptions(gpu::GPUFuncOp func,
                             ArrayRef<BlockArgument> before,
                             const DenseSet<BlockArgument> &erased) {
  auto assume = func->getAttrOfType<IntegerSetAttr>(kAssumeAttrName);
  if (!assume)
    return;
  IntegerSet set = assume.getValue();
  SmallVector<AffineExpr> dims;
  // Only index and integer arguments are constrained, and those stay; a
  // memref seen through a view is no argument any more.
  for (BlockArgument arg : before)
    dims.push_back(getAffineDimExpr(
        erased.contains(arg) ? 0 : arg.getArgNumber(), func.getContext()));
  func->setAttr(kAssumeAttrName,
                IntegerSetAttr::get(set.replaceDimsAndSymbols(
                    dims, {}, func.getNumArguments(), set.getNumSymbols())));
}

void WaveMemrefDescriptorArgumentsPass::runOnOperation() {
  for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
    if (!func.isKernel())
      continue;
    SmallVector<BlockArgument> before(func.getArguments());
    // A memref whose extents `wave.dims` binds to index arguments keeps
    // them: the kernel states that they are its extents, and its
    // `wave.assume` constrains them. The others' extents are their
    // descriptor's sizes. Positions move, so bindings are kept as values.
    SmallVector<std::pair<BlockArgument, SmallVector<BlockArgument>>> dims;
    for (BlockArgument arg : before) {
      ArrayRef<int64_t> bound = getDimBindings(func, arg.getArgNumber());
      if (bound.empty())
        continue;
      dims.emplace_back(arg, llvm::map_to_vector(bound, [&](int64_t index) {
                          return before[index];
                        }));
      func.removeArgAttr(arg.getArgNumber(), kDimsAttrName);
    }
    DenseSet<BlockArgument> erased;
    for (int index = func.getNumArguments() - 1; index >= 0; --index) {
      BlockArgument arg = func.getArgument(index);
      if (isa<UnrankedMemRefType>(arg.getType())) {
        func.emitError() << "argument #" << index << " of type "
                         << arg.getType()
                         << " is unranked: kernels take ranked memrefs";
        return signalPassFailure();
      }
      if (!isa<MemRefType>(arg.getType()))
        continue;
      bool bound = llvm::any_of(
          dims, [&](const auto &binding) { return binding.first == arg; });
      FailureOr<SmallVector<BlockArgument>> sizes =
          expandMemrefArgument(func, index);
      if (failed(sizes))
        return signalPassFailure();
      if (func.getArgument(index + 1) != arg)
        erased.insert(arg);
      else if (!bound && !sizes->empty())
        dims.emplace_back(arg, std::move(*sizes));
    }
    for (auto &[memref, sizes] : dims) {
      SmallVector<int64_t> positions =
          llvm::map_to_vector(sizes, [](BlockArgument size) -> int64_t {
            return size.getArgNumber();
          });
      func.setArgAttr(memref.getArgNumber(), kDimsAttrName,
                      DenseI64ArrayAttr::get(func.getContext(), positions));
    }
    remapAssumptions(func, before, erased);
  }
}

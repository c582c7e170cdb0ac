//===- Fragments.cpp - MMA fragment accesses ------------------------------===//
//
// The `#wave.fragment` attribute (its syntax and what it derives from the MMA
// layout table) and the verification of the accesses and MMAs that use it.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/Fragments.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::wave;

//===----------------------------------------------------------------------===//
// FragmentAttr
//===----------------------------------------------------------------------===//

/// `<` operand `,` kind (`,` `transposed`)? `>`
Attribute FragmentAttr::parse(AsmParser &parser, Type) {
  StringRef operandName, kindName;
  SMLoc operandLoc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&operandName))
    return {};
  std::optional<MmaOperand> operand = symbolizeMmaOperand(operandName);
  if (!operand) {
    parser.emitError(operandLoc, "expected an MMA operand (A, B or acc), got '")
        << operandName << "'";
    return {};
  }
  SMLoc kindLoc = parser.getCurrentLocation();
  if (parser.parseComma() || parser.parseKeyword(&kindName))
    return {};
  std::optional<MmaKind> kind = symbolizeMmaKind(kindName);
  if (!kind) {
    parser.emitError(kindLoc, "unknown MMA kind '") << kindName << "'";
    return {};
  }
  bool transposed = succeeded(parser.parseOptionalComma());
  if (transposed && parser.parseKeyword("transposed"))
    return {};
  if (parser.parseGreater())
    return {};
  return FragmentAttr::get(parser.getContext(), *operand, *kind, transposed);
}

void FragmentAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyMmaOperand(getOperand()) << ", "
          << stringifyMmaKind(getKind());
  if (getTransposed())
    printer << ", transposed";
  printer << ">";
}

const MmaLayout &FragmentAttr::getLayout() const {
  return getMmaLayout(getKind());
}

std::array<int64_t, 2> FragmentAttr::getBlockShape() const {
  const MmaLayout &layout = getLayout();
  std::array<int64_t, 2> shape;
  switch (getOperand()) {
  case MmaOperand::A:
    shape = {layout.m, layout.k};
    break;
  case MmaOperand::B:
    shape = {layout.k, layout.n};
    break;
  case MmaOperand::Acc:
    shape = {layout.m, layout.n};
    break;
  }
  if (getTransposed())
    std::swap(shape[0], shape[1]);
  return shape;
}

unsigned FragmentAttr::getContiguousDim() const {
  // A lane's slots run along K: the columns of A, the rows of B. The
  // accumulator's runs are rows.
  unsigned dim = getOperand() == MmaOperand::A ? 1 : 0;
  return getTransposed() ? 1 - dim : dim;
}

VectorType FragmentAttr::getVectorType() const {
  const MmaLayout &layout = getLayout();
  MLIRContext *context = getContext();
  Type element = getOperand() == MmaOperand::Acc
                     ? layout.getAccElementType(context)
                     : layout.getInputElementType(context);
  return VectorType::get({layout.getElementsPerLane(getOperand())}, element);
}

int64_t FragmentAttr::getRunLength() const {
  // MmaLayout.cpp: accumulator slot s is row (s floordiv 4) * 4G + ... +
  // s mod 4, so runs of 4 slots are 4 consecutive rows.
  const MmaLayout &layout = getLayout();
  if (getOperand() == MmaOperand::Acc)
    return std::min<int64_t>(4, layout.accPerLane);
  return layout.kPerLane;
}

std::array<AffineExpr, 2> FragmentAttr::getLaneOffset(AffineExpr lane) const {
  AffineMap map = getLayout().getCoordinateMap(getOperand(), getContext());
  AffineExpr slot = getAffineConstantExpr(0, getContext());
  std::array<AffineExpr, 2> offset;
  for (unsigned i = 0; i < 2; ++i)
    offset[i] = map.getResult(i).replaceDims({lane, slot});
  if (getTransposed())
    std::swap(offset[0], offset[1]);
  return offset;
}

std::array<int64_t, 2> FragmentAttr::getRunStride() const {
  const MmaLayout &layout = getLayout();
  std::array<int64_t, 2> first = layout.getCoordinate(getOperand(), 0, 0);
  std::array<int64_t, 2> start =
      layout.getCoordinate(getOperand(), 0, getRunLength());
  std::array<int64_t, 2> offset = {start[0] - first[0], start[1] - first[1]};
  if (getTransposed())
    std::swap(offset[0], offset[1]);
  return offset;
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

static std::string describe(FragmentAttr fragment) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << (fragment.getOperand() == MmaOperand::Acc
             ? "accumulator"
             : stringifyMmaOperand(fragment.getOperand()))
     << " fragment of " << stringifyMmaKind(fragment.getKind());
  return text;
}

std::optional<std::array<int64_t, 3>>
mlir::wave::getFragmentWorkgroupSize(Operation *op) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return std::nullopt;
  std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
  if (!block || block->size() != 3)
    return std::nullopt;
  return std::array<int64_t, 3>{(*block)[0], (*block)[1], (*block)[2]};
}

/// The `wave.mma` whose result `value` is, directly or as the result of an
/// `scf.for` yielding it; null otherwise.
static MmaOp getMmaSource(Value value) {
  Operation *def = value.getDefiningOp();
  if (auto mma = dyn_cast_or_null<MmaOp>(def))
    return mma;
  if (auto loop = dyn_cast_or_null<scf::ForOp>(def)) {
    unsigned index = cast<OpResult>(value).getResultNumber();
    return getMmaSource(loop.getYieldedValues()[index]);
  }
  return {};
}

LogicalResult mlir::wave::verifyFragmentAccess(LaneAccessOpInterface access,
                                               FragmentAttr fragment,
                                               std::optional<uint64_t> along) {
  Operation *op = access;
  MemRefType memrefType = access.getMemref().getType();
  VectorType vectorType = access.getVectorType();
  if (along)
    return op->emitOpError("takes no 'along' with a fragment: the ")
           << describe(fragment) << " runs along dimension "
           << fragment.getContiguousDim();
  if (memrefType.getRank() != 2)
    return op->emitOpError("fragment access needs a 2-D memref, got rank ")
           << memrefType.getRank();
  // The role first: writing an MMA result as an A or B fragment is the
  // mistake, whatever the vector types say.
  if (MmaOp mma =
          access.isWrite() ? getMmaSource(op->getOperand(0)) : MmaOp()) {
    if (fragment.getOperand() != MmaOperand::Acc)
      return op->emitOpError("writes the result of a wave.mma, an "
                             "accumulator, as the ")
             << describe(fragment);
    if (mma.getKind() != fragment.getKind())
      return op->emitOpError("writes the accumulator of a ")
             << stringifyMmaKind(mma.getKind()) << " wave.mma as the "
             << describe(fragment);
  }
  VectorType expected = fragment.getVectorType();
  if (vectorType != expected)
    return op->emitOpError("the ") << describe(fragment) << " is " << expected
                                   << ", not " << vectorType;
  std::array<int64_t, 2> block = fragment.getBlockShape();
  for (unsigned dim = 0; dim < 2; ++dim) {
    int64_t extent = memrefType.getDimSize(dim);
    if (!ShapedType::isDynamic(extent) && extent < block[dim])
      return op->emitOpError("a ")
             << block[0] << "x" << block[1] << " " << describe(fragment)
             << " does not fit in " << memrefType;
  }

  const MmaLayout &layout = fragment.getLayout();
  if (KernelAttr kernel = getEnclosingKernelAttr(op);
      kernel && kernel.getWaveSize() != layout.waveSize)
    return op->emitOpError("the ")
           << describe(fragment) << " needs waves of " << layout.waveSize
           << " lanes, the kernel runs " << kernel.getWaveSize();
  std::optional<std::array<int64_t, 3>> workgroup =
      getFragmentWorkgroupSize(op);
  if (!workgroup)
    return op->emitOpError("fragment access must be in a gpu.func with "
                           "'known_block_size': its lanes come from the "
                           "thread id");
  int64_t lanes = (*workgroup)[0] * (*workgroup)[1] * (*workgroup)[2];
  if (lanes % static_cast<int64_t>(layout.waveSize) != 0)
    return op->emitOpError("fragment access needs whole waves of ")
           << layout.waveSize << " lanes, the workgroup has " << lanes;
  return success();
}

/// The fragment `value` was read as, directly or as the initial value of an
/// `scf.for` iteration argument; null otherwise.
static FragmentAttr getFragmentSource(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg.getArgNumber() == 0)
      return {};
    return getFragmentSource(loop.getInitArgs()[arg.getArgNumber() - 1]);
  }
  if (auto read = value.getDefiningOp<ReadOp>())
    return read.getFragmentAttr();
  return {};
}

LogicalResult mlir::wave::verifyMmaFragmentOperands(MmaOp mma) {
  std::array<std::pair<Value, MmaOperand>, 3> operands = {
      std::pair{mma.getA(), MmaOperand::A},
      std::pair{mma.getB(), MmaOperand::B},
      std::pair{mma.getAcc(), MmaOperand::Acc}};
  for (auto [value, role] : operands) {
    FragmentAttr fragment = getFragmentSource(value);
    if (!fragment)
      continue;
    StringRef name =
        role == MmaOperand::Acc ? "accumulator" : stringifyMmaOperand(role);
    if (fragment.getOperand() != role || fragment.getKind() != mma.getKind())
      return mma.emitOpError("operand ")
             << name << " of " << stringifyMmaKind(mma.getKind())
             << " is read as the " << describe(fragment);
  }
  return success();
}

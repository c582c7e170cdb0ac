//===- WaveOps.cpp - Operations of the wave dialect -----------------------===//

#include "wave/Dialect/Wave/IR/WaveOps.h"
#include "wave/Chip/Chip.h"
#include "wave/Dialect/Wave/IR/FragmentLanes.h"
#include "wave/Dialect/Wave/IR/Fragments.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wave;

#include "wave/Dialect/Wave/IR/WaveInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "wave/Dialect/Wave/IR/WaveOps.cpp.inc"

KernelAttr mlir::wave::getEnclosingKernelAttr(Operation *op) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return {};
  return func->getAttrOfType<KernelAttr>(WaveDialect::kKernelAttrName);
}

std::optional<std::string> mlir::wave::findNonPositiveDivisor(AffineMap map) {
  AffineExpr found;
  for (AffineExpr result : map.getResults()) {
    result.walk([&](AffineExpr expr) {
      auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
      if (found || !binary || expr.getKind() == AffineExprKind::Add ||
          expr.getKind() == AffineExprKind::Mul)
        return;
      auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
      if (divisor && divisor.getValue() < 1)
        found = expr;
    });
  }
  if (!found)
    return std::nullopt;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "divides by " << cast<AffineBinaryOpExpr>(found).getRHS() << " in '"
     << found << "'";
  return text;
}

SwizzleAttr mlir::wave::getLdsSwizzle(Value memref) {
  auto alloc = memref.getDefiningOp<AllocLdsOp>();
  return alloc ? alloc.getSwizzleAttr() : SwizzleAttr();
}

//===----------------------------------------------------------------------===//
// Lane accesses
//===----------------------------------------------------------------------===//

namespace {
/// What is known of an integer `x`: `x == residue (mod modulus)`, or exactly
/// `x == residue` when `modulus` is 0.
struct Congruence {
  int64_t residue = 0;
  int64_t modulus = 1;

  static Congruence get(int64_t residue, int64_t modulus) {
    if (modulus != 0)
      residue = llvm::mod(residue, modulus);
    return {residue, modulus};
  }
};
} // namespace

/// The congruence an affine expression of unknown integers satisfies.
static Congruence getCongruence(AffineExpr expr) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return {constant.getValue(), 0};
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return {0, 1};
  Congruence lhs = getCongruence(binary.getLHS());
  Congruence rhs = getCongruence(binary.getRHS());
  bool exact = lhs.modulus == 0 && rhs.modulus == 0;
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return Congruence::get(lhs.residue + rhs.residue,
                           std::gcd(lhs.modulus, rhs.modulus));
  case AffineExprKind::Mul:
    if (rhs.modulus == 0)
      return Congruence::get(lhs.residue * rhs.residue,
                             lhs.modulus * std::abs(rhs.residue));
    if (lhs.modulus == 0)
      return Congruence::get(lhs.residue * rhs.residue,
                             rhs.modulus * std::abs(lhs.residue));
    return {0, 1};
  case AffineExprKind::Mod:
    if (rhs.modulus != 0 || rhs.residue <= 0)
      return {0, 1};
    if (lhs.modulus == 0)
      return {llvm::mod(lhs.residue, rhs.residue), 0};
    return Congruence::get(lhs.residue, std::gcd(lhs.modulus, rhs.residue));
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv:
    if (!exact || rhs.residue <= 0)
      return {0, 1};
    return {expr.getKind() == AffineExprKind::FloorDiv
                ? llvm::divideFloorSigned(lhs.residue, rhs.residue)
                : llvm::divideCeilSigned(lhs.residue, rhs.residue),
            0};
  default:
    return {0, 1};
  }
}

std::string mlir::wave::checkSwizzleGroups(SwizzleAttr swizzle, AffineMap map,
                                           ValueRange indices,
                                           int64_t elements) {
  std::string message;
  llvm::raw_string_ostream os(message);
  int64_t vec = swizzle.getVec();
  if (elements > vec) {
    os << "vector of " << elements << " elements is wider than the groups of "
       << vec << " elements the tile's swizzle keeps contiguous";
    return message;
  }
  MLIRContext *context = map.getContext();
  SmallVector<AffineExpr> replacements;
  for (auto [i, index] : llvm::enumerate(indices)) {
    APInt value;
    if (matchPattern(index, m_ConstantInt(&value)))
      replacements.push_back(
          getAffineConstantExpr(value.getSExtValue(), context));
    else
      replacements.push_back(getAffineDimExpr(i, context));
  }
  AffineExpr column = map.getResults().back().replaceDims(replacements);
  Congruence start = getCongruence(
      simplifyAffineExpr(column, map.getNumDims(), map.getNumSymbols()));
  int64_t modulus =
      start.modulus == 0 ? vec : std::gcd<int64_t>(start.modulus, vec);
  int64_t residue = llvm::mod(start.residue, modulus);
  if (residue + elements <= modulus)
    return message;
  os << "vector of " << elements << " elements may cross a group of " << vec
     << " elements of the tile's swizzle: its first column is only known to "
        "be "
     << residue << " modulo " << modulus;
  return message;
}

static bool isWorkgroupMemory(MemRefType type) {
  return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type);
}

/// Global memory: no address space, the GPU global space, or integer 1.
static bool isGlobalMemory(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return true;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Global;
  if (auto intSpace = dyn_cast<IntegerAttr>(space))
    return intSpace.getInt() == 0 || intSpace.getInt() == 1;
  return false;
}

static AffineMap accessMapOf(std::optional<AffineMap> map, MemRefType type) {
  if (map)
    return *map;
  return AffineMap::getMultiDimIdentityMap(type.getRank(), type.getContext());
}

/// Checks the rules `wave.read` and `wave.write` share.
static LogicalResult verifyLaneAccess(Operation *op, Value memref,
                                      VectorType vectorType, ValueRange indices,
                                      std::optional<AffineMap> map,
                                      std::optional<uint64_t> along, Value mask,
                                      std::optional<CacheHint> cache) {
  auto memrefType = cast<MemRefType>(memref.getType());
  size_t numIndices = indices.size();
  if (memrefType.getElementType() != vectorType.getElementType())
    return op->emitOpError("vector element type ")
           << vectorType.getElementType()
           << " does not match the memref element type "
           << memrefType.getElementType();
  bool workgroup = isWorkgroupMemory(memrefType);
  if (!workgroup && !isGlobalMemory(memrefType))
    return op->emitOpError("accesses global or workgroup (LDS) memory only, "
                           "not memory space ")
           << memrefType.getMemorySpace();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(memrefType.getStridesAndOffset(strides, offset)))
    return op->emitOpError("needs a memref with a strided layout");
  if (memrefType.getRank() == 0)
    return op->emitOpError("needs a memref of rank 1 or more");

  AffineMap accessMap = accessMapOf(map, memrefType);
  if (accessMap.getNumSymbols() != 0)
    return op->emitOpError("access map must not have symbols");
  if (accessMap.getNumDims() != numIndices)
    return op->emitOpError("access map takes ")
           << accessMap.getNumDims() << " indices but " << numIndices
           << " are given";
  if (accessMap.getNumResults() != memrefType.getRank())
    return op->emitOpError("access map yields ")
           << accessMap.getNumResults()
           << " coordinates but the memref has rank " << memrefType.getRank();
  if (std::optional<std::string> division = findNonPositiveDivisor(accessMap))
    return op->emitOpError("access map ")
           << *division
           << "; floordiv, ceildiv and mod need a positive divisor";

  if (mask) {
    auto maskType = cast<VectorType>(mask.getType());
    if (maskType.getNumElements() != vectorType.getNumElements())
      return op->emitOpError("mask has ")
             << maskType.getNumElements() << " bits for a vector of "
             << vectorType.getNumElements() << " elements";
  }
  if (cache && workgroup && *cache != CacheHint::cached)
    return op->emitOpError("cache hints apply to global memory only");
  // A fragment access addresses whole fragments: its own rules apply, and
  // the plain accesses it expands into are checked like any other.
  auto access = cast<LaneAccessOpInterface>(op);
  if (FragmentAttr fragment = access.getFragmentAttr())
    return verifyFragmentAccess(access, fragment, along);

  uint64_t dim = along ? *along : memrefType.getRank() - 1;
  if (dim >= static_cast<uint64_t>(memrefType.getRank()))
    return op->emitOpError("contiguous dimension ")
           << dim << " is out of range for a memref of rank "
           << memrefType.getRank();
  int64_t extent = memrefType.getDimSize(dim);
  if (!ShapedType::isDynamic(extent) && vectorType.getNumElements() > extent)
    return op->emitOpError("vector of ")
           << vectorType.getNumElements()
           << " elements does not fit in dimension " << dim << " of extent "
           << extent;
  if (SwizzleAttr swizzle = getLdsSwizzle(memref);
      swizzle && dim + 1 == static_cast<uint64_t>(memrefType.getRank()) &&
      vectorType.getNumElements() > 1)
    if (std::string message = checkSwizzleGroups(swizzle, accessMap, indices,
                                                 vectorType.getNumElements());
        !message.empty())
      return op->emitOpError(message);
  return success();
}

#define WAVE_LANE_ACCESS_METHODS(OpTy)                                         \
  AffineMap OpTy::getAccessMap() {                                             \
    return accessMapOf(getMap(), getMemref().getType());                       \
  }                                                                            \
  unsigned OpTy::getContiguousDim() {                                          \
    std::optional<uint64_t> along = getAlong();                                \
    return along ? *along : getMemref().getType().getRank() - 1;               \
  }                                                                            \
  Speculation::Speculatability OpTy::getSpeculatability() {                    \
    return Speculation::NotSpeculatable;                                       \
  }

WAVE_LANE_ACCESS_METHODS(ReadOp)
WAVE_LANE_ACCESS_METHODS(WriteOp)
#undef WAVE_LANE_ACCESS_METHODS

VectorType ReadOp::getVectorType() { return getResult().getType(); }
VectorType WriteOp::getVectorType() { return getValue().getType(); }

LogicalResult ReadOp::verify() {
  return verifyLaneAccess(*this, getMemref(), getVectorType(), getIndices(),
                          getMap(), getAlong(), getMask(), getCache());
}

LogicalResult WriteOp::verify() {
  return verifyLaneAccess(*this, getMemref(), getVectorType(), getIndices(),
                          getMap(), getAlong(), getMask(), getCache());
}

//===----------------------------------------------------------------------===//
// AllocLdsOp
//===----------------------------------------------------------------------===//

SmallVector<int64_t> AllocLdsOp::getPaddingOrZeros() {
  if (std::optional<ArrayRef<int64_t>> padding = getPadding())
    return llvm::to_vector(*padding);
  return SmallVector<int64_t>(getResult().getType().getRank(), 0);
}

SmallVector<int64_t> AllocLdsOp::getPhysicalShape() {
  SmallVector<int64_t> shape =
      llvm::to_vector(getResult().getType().getShape());
  for (auto [extent, pad] : llvm::zip_equal(shape, getPaddingOrZeros()))
    extent += pad;
  return shape;
}

int64_t AllocLdsOp::getSizeInBytes() {
  // Elements occupy their LLVM allocation size (i1 and i24 round up to 1 and
  // 4 bytes), as the lowering addresses them.
  unsigned bits = getResult().getType().getElementTypeBitWidth();
  return ShapedType::getNumElements(getPhysicalShape()) *
         llvm::PowerOf2Ceil(llvm::divideCeil(bits, 8));
}

Speculation::Speculatability AllocLdsOp::getSpeculatability() {
  return Speculation::NotSpeculatable;
}

LogicalResult AllocLdsOp::verify() {
  MemRefType type = getResult().getType();
  if (!isWorkgroupMemory(type))
    return emitOpError("result must be in #gpu.address_space<workgroup>");
  if (type.getRank() == 0)
    return emitOpError("needs a tile of rank 1 or more");
  if (!type.getElementType().isIntOrFloat())
    return emitOpError("element type must be an integer or a float");
  SmallVector<int64_t> padding = getPaddingOrZeros();
  if (static_cast<int64_t>(padding.size()) != type.getRank())
    return emitOpError("padding has ")
           << padding.size() << " entries for a tile of rank "
           << type.getRank();
  if (llvm::any_of(padding, [](int64_t pad) { return pad < 0; }))
    return emitOpError("padding must not be negative");
  // The padded extents, the strides and the bytes must fit int64_t; the
  // chip's LDS limit is checked on the whole kernel.
  unsigned bits = type.getElementTypeBitWidth();
  int64_t bytes = llvm::PowerOf2Ceil(llvm::divideCeil(bits, 8));
  for (auto [extent, pad] : llvm::zip_equal(type.getShape(), padding)) {
    int64_t padded;
    if (llvm::AddOverflow(extent, pad, padded) ||
        llvm::MulOverflow(bytes, padded, bytes))
      return emitOpError("the padded tile's size overflows 64 bits");
  }

  SmallVector<int64_t> physical = getPhysicalShape();
  SmallVector<int64_t> expectedStrides(physical.size(), 1);
  for (int64_t i = static_cast<int64_t>(physical.size()) - 2; i >= 0; --i)
    expectedStrides[i] = expectedStrides[i + 1] * physical[i + 1];
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || offset != 0 ||
      ArrayRef<int64_t>(strides) != ArrayRef<int64_t>(expectedStrides)) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    llvm::interleaveComma(expectedStrides, os);
    return emitOpError("layout must be row-major over the padded shape, "
                       "i.e. strides [")
           << expected << "] and offset 0";
  }
  if (SwizzleAttr swizzle = getSwizzleAttr()) {
    if (llvm::any_of(padding, [](int64_t pad) { return pad != 0; }))
      return emitOpError("takes padding or a swizzle, not both");
    if (type.getRank() < 2)
      return emitOpError("a swizzle needs a tile of rank 2 or more (it "
                         "permutes the columns of each row)");
    // Both are powers of two: a product past int64_t is past any row.
    int64_t span;
    if (llvm::MulOverflow(swizzle.getVec(), swizzle.getMaxPhase(), span) ||
        type.getShape().back() % span != 0)
      return emitOpError("rows of ")
             << type.getShape().back()
             << " elements are not a multiple of vec * max_phase = "
             << swizzle.getVec() << " * " << swizzle.getMaxPhase()
             << ", so the swizzle would move columns out of the row";
    for (OpOperand &use : getResult().getUses()) {
      auto access = dyn_cast<LaneAccessOpInterface>(use.getOwner());
      if (access && access.getMemref() == use.get())
        continue;
      // They stand for wave.read and wave.write of the tile.
      if (isa<CopyTileOp, MmaTileOp>(use.getOwner()))
        continue;
      InFlightDiagnostic diag =
          emitOpError("swizzled tile is used by '")
          << use.getOwner()->getName()
          << "': only wave.read and wave.write, which apply the swizzle, may "
             "access it";
      diag.attachNote(use.getOwner()->getLoc()) << "used here";
      return diag;
    }
  }
  if (!isa_and_nonnull<gpu::GPUFuncOp>((*this)->getParentOp()))
    return emitOpError("must be directly in a gpu.func body: LDS is "
                       "allocated once per workgroup");
  return success();
}

Speculation::Speculatability BarrierOp::getSpeculatability() {
  return Speculation::NotSpeculatable;
}

//===----------------------------------------------------------------------===//
// MmaOp
//===----------------------------------------------------------------------===//

LogicalResult MmaOp::verify() {
  const MmaLayout &layout = getMmaLayout(getKind());
  MLIRContext *context = getContext();
  auto check = [&](Value operand, StringRef name, int64_t elements,
                   Type elementType) -> LogicalResult {
    auto type = cast<VectorType>(operand.getType());
    if (type.getNumElements() == elements &&
        type.getElementType() == elementType)
      return success();
    return emitOpError("operand ")
           << name << " of " << stringifyMmaKind(getKind()) << " must be "
           << VectorType::get({elements}, elementType) << ", got " << type;
  };
  if (failed(check(getA(), "A", layout.kPerLane,
                   layout.getElementType(MmaOperand::A, context))) ||
      failed(check(getB(), "B", layout.kPerLane,
                   layout.getElementType(MmaOperand::B, context))) ||
      failed(check(getAcc(), "accumulator", layout.accPerLane,
                   layout.getElementType(MmaOperand::Acc, context))) ||
      failed(verifyMmaFragmentOperands(*this)))
    return failure();
  if (!layout.scaled && (getAScale() || getBScale()))
    return emitOpError("kind ")
           << stringifyMmaKind(getKind()) << " takes no scales";
  if (layout.scaled) {
    if (!getAScale())
      return emitOpError("scaled kind ")
             << stringifyMmaKind(getKind())
             << " needs scales of A and B (one E8M0 scale a lane each)";
    VectorType scaleType = layout.getScaleType(context);
    for (auto [scale, name] :
         {std::pair(getAScale(), "A"), std::pair(getBScale(), "B")})
      if (scale.getType() != scaleType)
        return emitOpError("scale of ")
               << name << " of " << stringifyMmaKind(getKind()) << " must be "
               << scaleType << " (one E8M0 scale a lane, for its 32 K "
               << "elements), got " << scale.getType();
  }

  return verifyMmaKindOnChip(*this, getKind());
}

LogicalResult mlir::wave::verifyMmaKindOnChip(Operation *op, MmaKind kind) {
  KernelAttr kernel = getEnclosingKernelAttr(op);
  if (!kernel)
    return success();
  const ChipInfo *chip = lookupChip(kernel.getChip());
  if (chip && isMmaKindOnChip(kind, *chip))
    return success();
  if (chip && !chip->hasMfma && !getMmaLayout(kind).isWmma())
    return op->emitOpError("chip '")
           << kernel.getChip() << "' has no MFMA unit for "
           << stringifyMmaKind(kind);
  if (chip && !isMmaKindOnChip(kind, *chip)) {
    InFlightDiagnostic diag = op->emitOpError("chip '")
                              << kernel.getChip() << "' has no "
                              << stringifyMmaKind(kind) << " instruction";
    // fp8 encodings differ by chip (FNUZ on gfx942, OCP on gfx950): say
    // which types this one takes.
    if (isFp8MmaKind(kind)) {
      std::string types = getMmaFp8TypesOnChip(*chip, op->getContext());
      if (types.empty())
        diag << "; it has no fp8 MMAs";
      else
        diag << "; its fp8 MMAs take " << types;
    }
    return diag << "; its kinds are " << getMmaKindsOnChip(*chip);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

static LogicalResult verifyCombiningKind(Operation *op, ReduceKind kind,
                                         Type type) {
  bool bitwise = kind == ReduceKind::and_ || kind == ReduceKind::or_ ||
                 kind == ReduceKind::xor_;
  if (bitwise && !isa<IntegerType>(type))
    return op->emitOpError("'") << stringifyReduceKind(kind)
                                << "' needs an integer operand, got " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// Accumulator fragments in registers
//===----------------------------------------------------------------------===//

/// Checks that `fragment` names an accumulator, in a kernel whose wave has
/// the kind's lanes.
static LogicalResult verifyAccFragment(Operation *op, FragmentAttr fragment,
                                       StringRef what) {
  if (fragment.getOperand() != MmaOperand::Acc)
    return op->emitOpError()
           << what << " an accumulator fragment (<acc, ...>), not the "
           << stringifyMmaOperand(fragment.getOperand()) << " operand of "
           << stringifyMmaKind(fragment.getKind());
  if (fragment.getTransposed())
    return op->emitOpError("'transposed' describes a fragment in memory; "
                           "registers hold the kind's layout");
  KernelAttr kernel = getEnclosingKernelAttr(op);
  if (kernel && kernel.getWaveSize() != fragment.getLayout().waveSize)
    return op->emitOpError()
           << stringifyMmaKind(fragment.getKind()) << " runs on waves of "
           << fragment.getLayout().waveSize << " lanes, the kernel's have "
           << kernel.getWaveSize();
  return verifyLaunchableWorkgroup(op);
}

static LogicalResult verifyLineDim(Operation *op, int64_t dim) {
  if (dim > 1)
    return op->emitOpError("dim must be 0 (columns) or 1 (rows) of the "
                           "accumulator, got ")
           << dim;
  return success();
}

LogicalResult AccToOperandOp::verify() {
  FragmentAttr acc = getAccFragment(), operand = getOperandFragment();
  if (failed(verifyAccFragment(*this, acc, "converts")))
    return failure();
  if (getAcc().getType() != acc.getVectorType())
    return emitOpError("accumulator of ")
           << stringifyMmaKind(acc.getKind()) << " must be "
           << acc.getVectorType() << ", got " << getAcc().getType();
  if (!isa<FloatType>(acc.getVectorType().getElementType()))
    return emitOpError("converts float accumulators, not ")
           << acc.getVectorType();
  if (operand.getOperand() == MmaOperand::Acc || operand.getTransposed())
    return emitOpError("converts into an A or B fragment in registers "
                       "(not transposed), got ")
           << operand;
  MmaLayout accLayout = acc.getLaneLayout();
  MmaLayout operandLayout = operand.getLaneLayout();
  int64_t count =
      getOperandFragmentCount(accLayout, operandLayout, operand.getOperand());
  if (count == 0)
    return emitOpError("the ")
           << accLayout.m << "x" << accLayout.n << " accumulator of "
           << stringifyMmaKind(acc.getKind()) << " is no whole number of "
           << stringifyMmaOperand(operand.getOperand()) << " fragments of "
           << stringifyMmaKind(operand.getKind()) << " ("
           << (operand.getOperand() == MmaOperand::B ? "N" : "M")
           << " must match and K = " << operandLayout.k << " divide the other"
           << " extent)";
  if (int64_t(getResults().size()) != count)
    return emitOpError("expects ")
           << count << " results (one an operand fragment), got "
           << getResults().size();
  for (Type type : getResultTypes())
    if (type != operand.getVectorType())
      return emitOpError("each result must be ")
             << operand.getVectorType() << ", got " << type;
  // In registers when every lane holds what it needs; otherwise through a
  // tile of LDS of the workgroup, which wave-expand-fragments allocates: the
  // workgroup must be whole waves of a known size, in a gpu.func.
  if (getLaneLocalOperandSlots(accLayout, operandLayout, operand.getOperand()))
    return success();
  std::optional<std::array<int64_t, 3>> workgroup =
      getFragmentWorkgroupSize(*this);
  if (!workgroup || !(*this)->getParentOfType<gpu::GPUFuncOp>())
    return emitOpError("converts through LDS (lanes need other lanes' "
                       "elements), which needs a gpu.func with "
                       "'known_block_size'");
  // A block of the tile a wave: the workgroup must be whole waves.
  int64_t lanes = (*workgroup)[0] * (*workgroup)[1] * (*workgroup)[2];
  if (lanes % accLayout.waveSize != 0)
    return emitOpError("converts through LDS a block a wave, but a "
                       "workgroup of ")
           << lanes << " lanes is no whole number of waves of "
           << accLayout.waveSize;
  return success();
}

/// The line structure of a verified fragment op's accumulator.
static FragmentLines getLines(FragmentAttr fragment, int64_t dim) {
  return *getFragmentLines(fragment.getLayout(), dim);
}

static LogicalResult verifyLines(Operation *op, FragmentAttr fragment,
                                 int64_t dim) {
  if (!getFragmentLines(fragment.getLayout(), dim))
    return op->emitOpError("the lanes of ")
           << stringifyMmaKind(fragment.getKind())
           << " do not share its lines in xor groups";
  return success();
}

LogicalResult FragmentReduceOp::verify() {
  FragmentAttr fragment = getFragment();
  if (failed(verifyAccFragment(*this, fragment, "reduces")) ||
      failed(verifyLineDim(*this, getDim())))
    return failure();
  if (getAccs().empty())
    return emitOpError("needs at least one accumulator");
  VectorType type = fragment.getVectorType();
  for (Value acc : getAccs())
    if (acc.getType() != type)
      return emitOpError("each accumulator of ")
             << stringifyMmaKind(fragment.getKind()) << " must be " << type
             << ", got " << acc.getType();
  if (failed(verifyCombiningKind(*this, getKind(), type.getElementType())) ||
      failed(verifyLines(*this, fragment, getDim())))
    return failure();
  auto expected = VectorType::get({getLines(fragment, getDim()).numLines},
                                  type.getElementType());
  if (getResult().getType() != expected)
    return emitOpError("result must be ")
           << expected << " (one element for each "
           << (getDim() == 0 ? "column" : "row") << " a lane holds), got "
           << getResult().getType();
  return success();
}

LogicalResult FragmentBroadcastOp::verify() {
  FragmentAttr fragment = getFragment();
  if (failed(verifyAccFragment(*this, fragment, "broadcasts over")) ||
      failed(verifyLineDim(*this, getDim())) ||
      failed(verifyLines(*this, fragment, getDim())))
    return failure();
  int64_t lines = getLines(fragment, getDim()).numLines;
  VectorType values = getValues().getType();
  if (values.getNumElements() != lines)
    return emitOpError("expects one value for each of the ")
           << lines << " " << (getDim() == 0 ? "columns" : "rows")
           << " a lane holds, got " << values;
  auto expected = VectorType::get({fragment.getVectorType().getNumElements()},
                                  values.getElementType());
  if (getResult().getType() != expected)
    return emitOpError("result must be ")
           << expected << ", got " << getResult().getType();
  return success();
}

LogicalResult FragmentIndexOp::verify() {
  FragmentAttr fragment = getFragment();
  if (fragment.getTransposed())
    return emitOpError("'transposed' describes a fragment in memory; "
                       "registers hold the kind's layout");
  if (getDim() > 1)
    return emitOpError("dim must be 0 (rows) or 1 (columns), got ") << getDim();
  int64_t slots = fragment.getVectorType().getNumElements();
  if (getResult().getType().getNumElements() != slots)
    return emitOpError("expects one index for each of the ")
           << slots << " slots of the fragment, got " << getResult().getType();
  return success();
}

Value mlir::wave::buildCombine(OpBuilder &builder, Location loc,
                               ReduceKind kind, Value lhs, Value rhs) {
  bool isFloat = isa<FloatType>(getElementTypeOrSelf(lhs.getType()));
  switch (kind) {
  case ReduceKind::add:
    return isFloat ? arith::AddFOp::create(builder, loc, lhs, rhs).getResult()
                   : arith::AddIOp::create(builder, loc, lhs, rhs).getResult();
  case ReduceKind::mul:
    return isFloat ? arith::MulFOp::create(builder, loc, lhs, rhs).getResult()
                   : arith::MulIOp::create(builder, loc, lhs, rhs).getResult();
  case ReduceKind::min:
    return isFloat
               ? arith::MinNumFOp::create(builder, loc, lhs, rhs).getResult()
               : arith::MinSIOp::create(builder, loc, lhs, rhs).getResult();
  case ReduceKind::max:
    return isFloat
               ? arith::MaxNumFOp::create(builder, loc, lhs, rhs).getResult()
               : arith::MaxSIOp::create(builder, loc, lhs, rhs).getResult();
  case ReduceKind::and_:
    return arith::AndIOp::create(builder, loc, lhs, rhs);
  case ReduceKind::or_:
    return arith::OrIOp::create(builder, loc, lhs, rhs);
  case ReduceKind::xor_:
    return arith::XOrIOp::create(builder, loc, lhs, rhs);
  }
  llvm_unreachable("unknown reduce kind");
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyCombiningKind(*this, getKind(), getValue().getType())))
    return failure();
  IntegerAttr sizeAttr = getClusterSizeAttr();
  if (!sizeAttr)
    return success();
  // Signed: the attribute is an I64Attr, which a negative size parses into.
  // A cluster of one lane would reduce nothing; clusters beyond 64 lanes
  // exceed every wave.
  int64_t size = sizeAttr.getInt();
  if (size < 2 || size > 64 || !llvm::isPowerOf2_64(size))
    return emitOpError("cluster size must be a power of two from 2 to 64, "
                       "got ")
           << size;
  KernelAttr kernel = getEnclosingKernelAttr(*this);
  if (kernel && size > int64_t(kernel.getWaveSize()))
    return emitOpError("cluster size ") << size << " exceeds the wave of "
                                        << kernel.getWaveSize() << " lanes";
  return success();
}

LogicalResult ScanOp::verify() {
  return verifyCombiningKind(*this, getKind(), getValue().getType());
}

LogicalResult BroadcastOp::verify() {
  KernelAttr kernel = getEnclosingKernelAttr(*this);
  if (kernel && getLane() >= kernel.getWaveSize())
    return emitOpError("source lane ") << getLane() << " is outside a wave of "
                                       << kernel.getWaveSize() << " lanes";
  return success();
}

LogicalResult BallotOp::verify() {
  KernelAttr kernel = getEnclosingKernelAttr(*this);
  unsigned width = getResult().getType().getIntOrFloatBitWidth();
  if (kernel && width != kernel.getWaveSize())
    return emitOpError("result has ") << width << " bits but a wave has "
                                      << kernel.getWaveSize() << " lanes";
  return success();
}

#define WAVE_NOT_SPECULATABLE(OpTy)                                            \
  Speculation::Speculatability OpTy::getSpeculatability() {                    \
    return Speculation::NotSpeculatable;                                       \
  }
WAVE_NOT_SPECULATABLE(ReduceOp)
WAVE_NOT_SPECULATABLE(ScanOp)
WAVE_NOT_SPECULATABLE(BroadcastOp)
WAVE_NOT_SPECULATABLE(ShuffleOp)
WAVE_NOT_SPECULATABLE(BallotOp)
WAVE_NOT_SPECULATABLE(AnyOp)
WAVE_NOT_SPECULATABLE(AllOp)
#undef WAVE_NOT_SPECULATABLE

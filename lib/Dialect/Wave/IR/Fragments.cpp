//===- Fragments.cpp - MMA fragment accesses ------------------------------===//
//
// The `#wave.fragment` attribute (its syntax and what it derives from the MMA
// layout table) and the verification of the accesses and MMAs that use it.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/Fragments.h"
#include "wave/Dialect/Wave/IR/KernelTarget.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/Support/MathExtras.h"
#include <limits>

using namespace mlir;
using namespace mlir::wave;

//===----------------------------------------------------------------------===//
// FragmentAttr
//===----------------------------------------------------------------------===//

/// `<` operand `,` kind (`,` `transposed`)? (`,` `k_pack` `=` integer)? `>`
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
  bool transposed = false;
  int64_t kPack = 1;
  while (succeeded(parser.parseOptionalComma())) {
    if (!transposed && succeeded(parser.parseOptionalKeyword("transposed"))) {
      transposed = true;
      continue;
    }
    SMLoc keywordLoc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeyword("k_pack"))) {
      parser.emitError(keywordLoc, transposed ? "expected 'k_pack'"
                                              : "expected 'transposed' or "
                                                "'k_pack'");
      return {};
    }
    if (parser.parseEqual() || parser.parseInteger(kPack) ||
        parser.parseGreater())
      return {};
    return FragmentAttr::getChecked(
        [&] { return parser.emitError(operandLoc); }, parser.getContext(),
        *operand, *kind, transposed, kPack);
  }
  if (parser.parseGreater())
    return {};
  return FragmentAttr::get(parser.getContext(), *operand, *kind, transposed);
}

void FragmentAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyMmaOperand(getOperand()) << ", "
          << stringifyMmaKind(getKind());
  if (getTransposed())
    printer << ", transposed";
  if (getKPack() != 1)
    printer << ", k_pack = " << getKPack();
  printer << ">";
}

LogicalResult FragmentAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   MmaOperand operand, MmaKind kind, bool,
                                   int64_t kPack) {
  if (getMmaLayout(kind).isWmma())
    return emitError() << "fragments of " << stringifyMmaKind(kind)
                       << " are not supported: fragment accesses follow the "
                          "MFMA kinds' layouts";
  if (kPack < 1)
    return emitError() << "k_pack must be positive, got " << kPack;
  // A lane holds kPerLane * k_pack elements of the operand: past 1024 (512
  // registers of 16-bit elements, a lane's whole register file) no kernel
  // holds them, and the fragment's sizes would overflow.
  constexpr int64_t kMaxPackedElements = 1024;
  int64_t kPerLane = getMmaLayout(kind).kPerLane;
  if (kPack > kMaxPackedElements / kPerLane)
    return emitError() << "k_pack of " << kPack << " packs more than "
                       << kMaxPackedElements << " elements a lane (" << kPerLane
                       << " a K step)";
  if (kPack != 1 && operand == MmaOperand::Acc)
    return emitError() << "k_pack packs A or B operands along K; the "
                          "accumulator has no K";
  return success();
}

const MmaLayout &FragmentAttr::getLayout() const {
  return getMmaLayout(getKind());
}

MmaLayout FragmentAttr::getLaneLayout() const {
  MmaLayout layout = getLayout();
  layout.k *= getKPack();
  layout.kPerLane *= getKPack();
  return layout;
}

std::array<int64_t, 2> FragmentAttr::getBlockShape() const {
  MmaLayout layout = getLaneLayout();
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
  MmaLayout layout = getLaneLayout();
  MLIRContext *context = getContext();
  return VectorType::get({layout.getElementsPerLane(getOperand())},
                         layout.getElementType(getOperand(), context));
}

int64_t FragmentAttr::getRunLength() const {
  // MmaLayout.cpp: accumulator slot s is row (s floordiv 4) * 4G + ... +
  // s mod 4, so runs of 4 slots are 4 consecutive rows.
  MmaLayout layout = getLaneLayout();
  if (getOperand() == MmaOperand::Acc)
    return std::min<int64_t>(4, layout.accPerLane);
  return layout.kPerLane;
}

std::array<AffineExpr, 2> FragmentAttr::getLaneOffset(AffineExpr lane) const {
  AffineMap map = getLaneLayout().getCoordinateMap(getOperand(), getContext());
  AffineExpr slot = getAffineConstantExpr(0, getContext());
  std::array<AffineExpr, 2> offset;
  for (unsigned i = 0; i < 2; ++i)
    offset[i] = map.getResult(i).replaceDims({lane, slot});
  if (getTransposed())
    std::swap(offset[0], offset[1]);
  return offset;
}

std::array<int64_t, 2> FragmentAttr::getRunStride() const {
  MmaLayout layout = getLaneLayout();
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

static std::string describe(FragmentAttr fragment, bool plural = false) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << (fragment.getOperand() == MmaOperand::Acc
             ? "accumulator"
             : stringifyMmaOperand(fragment.getOperand()))
     << (plural ? " fragments of " : " fragment of ")
     << stringifyMmaKind(fragment.getKind());
  if (fragment.getKPack() != 1)
    os << " (k_pack = " << fragment.getKPack() << ")";
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

/// Checks that the kernel around `op` runs waves of the size `fragment`'s
/// kind needs, in a workgroup of whole waves whose size is known (the lanes
/// of a fragment come from the thread id).
static LogicalResult verifyFragmentKernel(Operation *op,
                                          FragmentAttr fragment) {
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
  std::optional<int64_t> lanes = multiplyLaunchExtents(*workgroup);
  if (!lanes || *lanes <= 0 ||
      *lanes % static_cast<int64_t>(layout.waveSize) != 0) {
    return op->emitOpError("fragment access needs whole waves of ")
           << layout.waveSize << " lanes, the workgroup has "
           << describeWorkgroupLanes(*workgroup);
  }
  return verifyLaunchableWorkgroup(op);
}

LogicalResult mlir::wave::verifyLaunchableWorkgroup(Operation *op) {
  std::optional<std::array<int64_t, 3>> workgroup =
      getFragmentWorkgroupSize(op);
  if (!workgroup)
    return success();
  std::optional<int64_t> lanes = multiplyLaunchExtents(*workgroup);
  if (lanes && *lanes <= kMaxWorkgroupLanes)
    return success();
  return op->emitOpError("needs a workgroup of at most ")
         << kMaxWorkgroupLanes << " lanes, the kernel's has "
         << describeWorkgroupLanes(*workgroup);
}

/// Every op result `value` may carry a lane's data from without changing
/// its layout: `value` itself, and, looking back, the yielded or initial
/// values of `scf.for` results and iteration arguments (loop-carried ones
/// included), both arms of `scf.if` results, the branch operands of a block
/// argument, the chosen values of `arith.select`, and the operands of the
/// same shape of elementwise ops (a scaled or converted fragment keeps its
/// layout). Ops that move data between slots (shuffles, slices, broadcasts,
/// reductions) end the trace: their result is no fragment of anything; so
/// do kernel arguments, which carry no layout.
/// Operand `index` of the scf.yield that ends `region`, if there is one: the
/// IR around an op being verified is not verified yet.
static Value getYieldedValue(Region &region, unsigned index) {
  if (region.empty() || !region.front().mightHaveTerminator())
    return {};
  auto yield = dyn_cast<scf::YieldOp>(region.front().getTerminator());
  if (!yield || index >= yield.getNumOperands())
    return {};
  return yield.getOperand(index);
}

static SmallVector<OpResult> getLayoutSources(Value value) {
  SmallVector<OpResult> sources;
  SmallVector<Value> worklist = {value};
  DenseSet<Value> seen;
  auto push = [&](Value v) {
    if (v && seen.insert(v).second)
      worklist.push_back(v);
  };
  seen.insert(value);
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(current)) {
      Block *block = arg.getOwner();
      if (auto loop = dyn_cast<scf::ForOp>(block->getParentOp())) {
        if (arg.getArgNumber() == 0)
          continue;
        unsigned index = arg.getArgNumber() - 1;
        if (index < loop.getInitArgs().size())
          push(loop.getInitArgs()[index]);
        push(getYieldedValue(loop.getRegion(), index));
        continue;
      }
      for (Block *predecessor : block->getPredecessors()) {
        auto branch = dyn_cast<BranchOpInterface>(predecessor->getTerminator());
        if (!branch)
          continue;
        for (auto [i, successor] : llvm::enumerate(branch->getSuccessors())) {
          if (successor != block)
            continue;
          SuccessorOperands operands = branch.getSuccessorOperands(i);
          if (arg.getArgNumber() < operands.size())
            push(operands[arg.getArgNumber()]);
        }
      }
      continue;
    }
    auto result = cast<OpResult>(current);
    Operation *def = result.getOwner();
    unsigned index = result.getResultNumber();
    if (auto loop = dyn_cast<scf::ForOp>(def)) {
      push(getYieldedValue(loop.getRegion(), index));
    } else if (auto branch = dyn_cast<scf::IfOp>(def)) {
      push(getYieldedValue(branch.getThenRegion(), index));
      push(getYieldedValue(branch.getElseRegion(), index));
    } else if (auto select = dyn_cast<arith::SelectOp>(def)) {
      push(select.getTrueValue());
      push(select.getFalseValue());
    } else if (def->hasTrait<OpTrait::Elementwise>() &&
               def->getNumResults() == 1) {
      auto type = dyn_cast<VectorType>(result.getType());
      for (Value operand : def->getOperands())
        if (auto operandType = dyn_cast<VectorType>(operand.getType());
            type && operandType && operandType.getShape() == type.getShape())
          push(operand);
    } else {
      sources.push_back(result);
    }
  }
  return sources;
}

/// A constant of the position `expr` that overflows int64_t once expansion
/// scales it by the block's extent `block` and adds a lane offset below it:
/// expansion multiplies the terms and factors of sums and products, not what
/// a division or a modulus takes.
static std::optional<int64_t> findUnscalableConstant(AffineExpr expr,
                                                     int64_t block) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    int64_t value = constant.getValue(), bound, scaled;
    if (value == std::numeric_limits<int64_t>::min() ||
        llvm::AddOverflow(std::abs(value), int64_t(1), bound) ||
        llvm::MulOverflow(bound, block, scaled))
      return value;
    return std::nullopt;
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary || (binary.getKind() != AffineExprKind::Add &&
                  binary.getKind() != AffineExprKind::Mul))
    return std::nullopt;
  if (std::optional<int64_t> constant =
          findUnscalableConstant(binary.getLHS(), block))
    return constant;
  return findUnscalableConstant(binary.getRHS(), block);
}

/// Fails, at `op`, when a lane's run of `fragment` lies along the last
/// dimension of `tile` (its `dim`) and `tile`'s swizzle keeps fewer elements
/// contiguous: the expanded read or write could not be one access.
static LogicalResult verifyFragmentSwizzle(Operation *op, Value tile,
                                           FragmentAttr fragment, unsigned dim,
                                           StringRef tileName) {
  SwizzleAttr swizzle = getLdsSwizzle(tile);
  auto type = cast<MemRefType>(tile.getType());
  if (!swizzle || dim + 1 != static_cast<unsigned>(type.getRank()) ||
      fragment.getRunLength() <= swizzle.getVec())
    return success();
  return op->emitOpError("the ")
         << tileName << "'s swizzle keeps groups of " << swizzle.getVec()
         << " elements contiguous, fewer than the " << fragment.getRunLength()
         << " consecutive elements a lane accesses of one "
         << describe(fragment)
         << " (a swizzle with vec = " << fragment.getRunLength()
         << " or more keeps them together)";
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
  if (memrefType.getRank() < 2)
    return op->emitOpError("fragment access needs a memref of rank 2 or "
                           "more, got rank ")
           << memrefType.getRank();
  // The role first: writing an MMA result as an A or B fragment is the
  // mistake, whatever the vector types say.
  for (OpResult source : access.isWrite() ? getLayoutSources(op->getOperand(0))
                                          : SmallVector<OpResult>()) {
    auto mma = dyn_cast<MmaOp>(source.getOwner());
    if (!mma)
      continue;
    if (fragment.getOperand() != MmaOperand::Acc) {
      InFlightDiagnostic diag = op->emitOpError("writes the result of a "
                                                "wave.mma, an accumulator, "
                                                "as the ")
                                << describe(fragment);
      if (source != op->getOperand(0))
        diag.attachNote(mma.getLoc()) << "the wave.mma";
      return diag;
    }
    if (mma.getKind() != fragment.getKind()) {
      InFlightDiagnostic diag = op->emitOpError("writes the accumulator of a ")
                                << stringifyMmaKind(mma.getKind())
                                << " wave.mma as the " << describe(fragment);
      if (source != op->getOperand(0))
        diag.attachNote(mma.getLoc()) << "the wave.mma";
      return diag;
    }
  }
  VectorType expected = fragment.getVectorType();
  // An accumulator may be stored in another float type (an f32 accumulator
  // as f16 output), converted by the user before the write.
  bool convertedAcc = fragment.getOperand() == MmaOperand::Acc &&
                      access.isWrite() &&
                      vectorType.getShape() == expected.getShape() &&
                      isa<FloatType>(vectorType.getElementType()) &&
                      isa<FloatType>(expected.getElementType());
  if (vectorType != expected && !convertedAcc)
    return op->emitOpError("the ") << describe(fragment) << " is " << expected
                                   << ", not " << vectorType;
  // The fragment grid is the last two dimensions; leading ones are indexed
  // element by element (a head, a batch).
  int64_t leading = memrefType.getRank() - 2;
  std::array<int64_t, 2> block = fragment.getBlockShape();
  for (unsigned dim = 0; dim < 2; ++dim) {
    int64_t extent = memrefType.getDimSize(leading + dim);
    if (!ShapedType::isDynamic(extent) && extent < block[dim])
      return op->emitOpError("a ")
             << block[0] << "x" << block[1] << " " << describe(fragment)
             << " does not fit in " << memrefType;
  }
  for (auto [dim, result] :
       llvm::enumerate(access.getAccessMap().getResults().drop_front(leading)))
    if (std::optional<int64_t> constant =
            findUnscalableConstant(result, block[dim]))
      return op->emitOpError("position map constant ")
             << *constant << " in blocks of " << block[dim]
             << " overflows 64 bits";
  if (failed(verifyFragmentSwizzle(op, access.getMemref(), fragment,
                                   leading + fragment.getContiguousDim(),
                                   "tile")))
    return failure();
  return verifyFragmentKernel(op, fragment);
}

LogicalResult mlir::wave::verifyMmaFragmentOperands(MmaOp mma) {
  std::array<std::pair<Value, MmaOperand>, 3> operands = {
      std::pair{mma.getA(), MmaOperand::A},
      std::pair{mma.getB(), MmaOperand::B},
      std::pair{mma.getAcc(), MmaOperand::Acc}};
  for (auto [value, role] : operands) {
    for (OpResult source : getLayoutSources(value)) {
      auto read = dyn_cast<ReadOp>(source.getOwner());
      FragmentAttr fragment = read ? read.getFragmentAttr() : FragmentAttr();
      if (!fragment || (fragment.getOperand() == role &&
                        fragment.getKind() == mma.getKind()))
        continue;
      StringRef name =
          role == MmaOperand::Acc ? "accumulator" : stringifyMmaOperand(role);
      InFlightDiagnostic diag = mma.emitOpError("operand ")
                                << name << " of "
                                << stringifyMmaKind(mma.getKind())
                                << " is read as the " << describe(fragment);
      if (source != value)
        diag.attachNote(read.getLoc()) << "read here";
      return diag;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// MmaTileOp
//===----------------------------------------------------------------------===//

std::array<int64_t, 2> MmaTileOp::getGridShape() {
  if (std::optional<ArrayRef<int64_t>> grid = getGrid();
      grid && grid->size() == 2)
    return {(*grid)[0], (*grid)[1]};
  return {1, 1};
}

int64_t mlir::wave::getTileKSteps(FragmentAttr fragment, MemRefType tile) {
  unsigned dim = fragment.getContiguousDim();
  return tile.getDimSize(dim) / fragment.getBlockShape()[dim];
}

LogicalResult
MmaTileOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                            ValueRange operands, DictionaryAttr attributes,
                            OpaqueProperties properties, RegionRange regions,
                            SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  llvm::append_range(inferred, adaptor.getAccs().getTypes());
  return success();
}

Speculation::Speculatability MmaTileOp::getSpeculatability() {
  return Speculation::NotSpeculatable;
}

LogicalResult MmaTileOp::verify() {
  FragmentAttr aFragment = getAFragment(), bFragment = getBFragment();
  if (aFragment.getOperand() != MmaOperand::A)
    return emitOpError("takes the A tile as A fragments, not as the ")
           << describe(aFragment);
  if (bFragment.getOperand() != MmaOperand::B)
    return emitOpError("takes the B tile as B fragments, not as the ")
           << describe(bFragment);
  if (aFragment.getKind() != bFragment.getKind())
    return emitOpError("multiplies the ")
           << describe(aFragment) << " by the " << describe(bFragment);
  for (FragmentAttr fragment : {aFragment, bFragment})
    if (fragment.getKPack() != 1)
      return emitOpError("takes unpacked fragments, not the ")
             << describe(fragment)
             << ": wave-expand-fragments chooses the K packing";
  if (std::optional<ArrayRef<int64_t>> grid = getGrid();
      grid && (grid->size() != 2 || (*grid)[0] < 1 || (*grid)[1] < 1))
    return emitOpError("grid must be two positive accumulator counts, rows "
                       "and columns");
  auto [rows, cols] = getGridShape();
  int64_t count;
  if (llvm::MulOverflow(rows, cols, count))
    return emitOpError("a grid of ")
           << rows << "x" << cols << " accumulators overflows 64 bits";
  if (static_cast<int64_t>(getAccs().size()) != count)
    return emitOpError("a grid of ")
           << rows << "x" << cols << " accumulators needs " << count
           << " accumulator operands, got " << getAccs().size();
  MmaKind kind = aFragment.getKind();
  VectorType accType =
      FragmentAttr::get(getContext(), MmaOperand::Acc, kind, false)
          .getVectorType();
  for (Value acc : getAccs())
    if (acc.getType() != accType)
      return emitOpError("the accumulators of ")
             << stringifyMmaKind(kind) << " are " << accType << ", not "
             << acc.getType();

  std::array<int64_t, 2> steps;
  for (auto [i, tile, fragment, count] :
       llvm::enumerate(std::array<Value, 2>{getA(), getB()},
                       std::array<FragmentAttr, 2>{aFragment, bFragment},
                       std::array<int64_t, 2>{rows, cols})) {
    auto type = cast<MemRefType>(tile.getType());
    StringRef name = i == 0 ? "A" : "B";
    if (type.getRank() != 2 || !type.hasStaticShape())
      return emitOpError("the ") << name << " tile must be a 2-D memref of "
                                 << "static shape, got " << type;
    Type element = fragment.getVectorType().getElementType();
    if (type.getElementType() != element)
      return emitOpError("the ")
             << name << " tile of " << stringifyMmaKind(kind) << " holds "
             << element << ", not " << type.getElementType();
    std::array<int64_t, 2> block = fragment.getBlockShape();
    unsigned kDim = fragment.getContiguousDim();
    if (type.getDimSize(kDim) % block[kDim] != 0)
      return emitOpError("the ")
             << name << " tile " << type << " does not hold whole "
             << describe(fragment, true) << " (" << block[0] << "x" << block[1]
             << ") along K";
    if (type.getDimSize(1 - kDim) < count * block[1 - kDim])
      return emitOpError("the ")
             << name << " tile " << type << " holds fewer than " << count << " "
             << describe(fragment, true) << " (" << block[0] << "x" << block[1]
             << ") across K";
    if (failed(verifyFragmentSwizzle(*this, tile, fragment, kDim,
                                     (name + " tile").str())))
      return failure();
    steps[i] = getTileKSteps(fragment, type);
  }
  if (steps[0] != steps[1])
    return emitOpError("the A tile holds ")
           << steps[0] << " K steps of " << stringifyMmaKind(kind)
           << ", the B tile " << steps[1];
  if (failed(verifyFragmentKernel(*this, aFragment)))
    return failure();
  return verifyMmaKindOnChip(*this, kind);
}

//===----------------------------------------------------------------------===//
// CopyTileOp
//===----------------------------------------------------------------------===//

std::array<int64_t, 2> mlir::wave::getFragmentGrid(FragmentAttr fragment,
                                                   MemRefType tile) {
  std::array<int64_t, 2> block = fragment.getBlockShape();
  return {tile.getDimSize(0) / block[0], tile.getDimSize(1) / block[1]};
}

std::array<AffineExpr, 2>
mlir::wave::getCopyTilePosition(FragmentAttr fragment,
                                std::array<int64_t, 2> grid, int64_t waves,
                                AffineExpr copy, AffineExpr wave) {
  // Fragment f = copy * waves + wave of the grid, K fastest. Split so that
  // no expression needs to know that wave < waves.
  unsigned kDim = fragment.getContiguousDim();
  int64_t kCount = grid[kDim];
  std::array<AffineExpr, 2> position;
  if (kCount % waves == 0) {
    int64_t perRow = kCount / waves;
    position[kDim] = (copy % perRow) * waves + wave;
    position[1 - kDim] = copy.floorDiv(perRow);
  } else {
    int64_t rowsPerCopy = waves / kCount;
    position[kDim] = wave % kCount;
    position[1 - kDim] = copy * rowsPerCopy + wave.floorDiv(kCount);
  }
  return position;
}

Speculation::Speculatability CopyTileOp::getSpeculatability() {
  return Speculation::NotSpeculatable;
}

LogicalResult CopyTileOp::verify() {
  FragmentAttr fragment = getFragment();
  if (fragment.getOperand() == MmaOperand::Acc)
    return emitOpError("copies A or B fragments, not the ")
           << describe(fragment);
  if (fragment.getKPack() != 1)
    return emitOpError("copies unpacked fragments, not the ")
           << describe(fragment);
  if (getIndices().size() != 2)
    return emitOpError("takes the block position as 2 indices, got ")
           << getIndices().size();
  MemRefType source = getSource().getType(), tile = getTile().getType();
  Type element = fragment.getVectorType().getElementType();
  if (source.getRank() != 2 || tile.getRank() != 2 || !tile.hasStaticShape())
    return emitOpError("copies between 2-D memrefs into a tile of static "
                       "shape, got ")
           << source << " and " << tile;
  for (MemRefType type : {source, tile})
    if (type.getElementType() != element)
      return emitOpError("the ") << describe(fragment) << " holds " << element
                                 << ", not " << type.getElementType();
  std::array<int64_t, 2> block = fragment.getBlockShape();
  if (tile.getDimSize(0) % block[0] != 0 || tile.getDimSize(1) % block[1] != 0)
    return emitOpError("the tile ")
           << tile << " does not hold whole " << describe(fragment, true)
           << " (" << block[0] << "x" << block[1] << ")";
  if (tile.getNumElements() == 0)
    return emitOpError("the tile ") << tile << " holds no fragment";
  if (failed(verifyFragmentKernel(*this, fragment)))
    return failure();
  int64_t waves = getWorkgroupWaves(*this, fragment);
  std::array<int64_t, 2> grid = getFragmentGrid(fragment, tile);
  int64_t kCount = grid[fragment.getContiguousDim()];
  if ((grid[0] * grid[1]) % waves != 0 ||
      (kCount % waves != 0 && waves % kCount != 0))
    return emitOpError("the ")
           << grid[0] << "x" << grid[1] << " " << describe(fragment, true)
           << " in the tile do not divide among " << waves
           << " waves: their number must be a multiple of the waves, and "
           << "the K positions (" << kCount
           << ") a multiple or a divisor of them";
  return success();
}

int64_t mlir::wave::getWorkgroupWaves(Operation *op, FragmentAttr fragment) {
  std::optional<std::array<int64_t, 3>> workgroup =
      getFragmentWorkgroupSize(op);
  assert(workgroup && "verified fragment op without known_block_size");
  return (*workgroup)[0] * (*workgroup)[1] * (*workgroup)[2] /
         fragment.getLayout().waveSize;
}

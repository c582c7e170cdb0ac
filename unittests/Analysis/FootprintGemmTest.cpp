//===- FootprintGemmTest.cpp - Footprints of MFMA operand staging ---------===//
//
// The GEMM K loop stages A and B through padded LDS tiles in the MMA operand
// layout; the footprints must agree with the layout table of every kind.
//
//===----------------------------------------------------------------------===//

#include "FootprintTestUtils.h"

#include "wave/Dialect/Wave/IR/MmaLayout.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::test;

namespace {

/// One wave computes an M x M tile of C; workgroup (x, y) owns columns
/// x * M and rows y * M; the K loop runs 4 MMA steps. A is read through
/// arith ops on gpu.lane_id, B through the access map; both are written to
/// LDS tiles padded by 4 elements a row and read back in the same layout.
constexpr const char *kGemmIR = R"mlir(
#lds = #gpu.address_space<workgroup>
gpu.module @gemm {
  gpu.func @gemm(%A: memref<$ROWSx$KTOTx$T>, %B: memref<$KTOTx$ROWSx$T>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 2, 2, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %cM = arith.constant $M : index
    %cK = arith.constant $K : index
    %cKPL = arith.constant $KPL : index
    %cKTOT = arith.constant $KTOT : index
    %ldsA = wave.alloc_lds padding [0, 4] : memref<$Mx$Kx$T, strided<[$KPAD, 1]>, #lds>
    %ldsB = wave.alloc_lds padding [0, 4] : memref<$Kx$Mx$T, strided<[$MPAD, 1]>, #lds>
    %lane = gpu.lane_id
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %r = arith.remui %lane, %cM : index
    %g = arith.divui %lane, %cM : index
    %kofs = arith.muli %g, %cKPL : index
    %rowBase = arith.muli %by, %cM : index
    %row = arith.addi %rowBase, %r : index
    %acc0 = arith.constant dense<$ZERO> : vector<$ACCNx$ACCT>
    %acc = scf.for %k = %c0 to %cKTOT step %cK
        iter_args(%acc1 = %acc0) -> (vector<$ACCNx$ACCT>) {
      %ka = arith.addi %k, %kofs : index
      %a = wave.read %A[%row, %ka] {tag = "readA"}
          : memref<$ROWSx$KTOTx$T> -> vector<$KPLx$T>
      %b = wave.read %B[%lane, %k, %bx]
          map affine_map<(l, k, b) -> (k + (l floordiv $M) * $KPL, b * $M + l mod $M)>
          along 0 {tag = "readB"} : memref<$KTOTx$ROWSx$T> -> vector<$KPLx$T>
      wave.write %a, %ldsA[%r, %kofs] {tag = "writeA"}
          : vector<$KPLx$T>, memref<$Mx$Kx$T, strided<[$KPAD, 1]>, #lds>
      wave.write %b, %ldsB[%kofs, %r] along 0 {tag = "writeB"}
          : vector<$KPLx$T>, memref<$Kx$Mx$T, strided<[$MPAD, 1]>, #lds>
      wave.barrier
      %a2 = wave.read %ldsA[%r, %kofs] {tag = "ldsReadA"}
          : memref<$Mx$Kx$T, strided<[$KPAD, 1]>, #lds> -> vector<$KPLx$T>
      %b2 = wave.read %ldsB[%kofs, %r] along 0 {tag = "ldsReadB"}
          : memref<$Kx$Mx$T, strided<[$MPAD, 1]>, #lds> -> vector<$KPLx$T>
      %d = wave.mma <$KIND> %a2, %b2, %acc1
          : vector<$KPLx$T>, vector<$KPLx$T> -> vector<$ACCNx$ACCT>
      wave.barrier
      scf.yield %d : vector<$ACCNx$ACCT>
    }
    gpu.return
  }
}
)mlir";

std::string typeName(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

/// `text` with each `$NAME` replaced, longest names first so that `$M` does
/// not eat the start of `$MPAD`.
std::string substitute(std::string text,
                       SmallVector<std::pair<std::string, std::string>> vars) {
  llvm::sort(vars, [](const auto &a, const auto &b) {
    return a.first.size() > b.first.size();
  });
  for (const auto &[name, value] : vars) {
    std::string key = "$" + name;
    for (size_t at = text.find(key); at != std::string::npos;
         at = text.find(key, at + value.size()))
      text.replace(at, key.size(), value);
  }
  return text;
}

std::string gemmIR(const MmaLayout &layout, MLIRContext &context) {
  Type acc = layout.getElementType(MmaOperand::Acc, &context);
  auto str = [](int64_t x) { return std::to_string(x); };
  return substitute(
      kGemmIR, {{"M", str(layout.m)},
                {"K", str(layout.k)},
                {"KPL", str(layout.kPerLane)},
                {"KTOT", str(4 * layout.k)},
                {"ROWS", str(2 * layout.m)},
                {"KPAD", str(layout.k + 4)},
                {"MPAD", str(layout.m + 4)},
                {"T", typeName(layout.getElementType(MmaOperand::A, &context))},
                {"ACCN", str(layout.accPerLane)},
                {"ACCT", typeName(acc)},
                {"ZERO", isa<FloatType>(acc) ? "0.0" : "0"},
                {"KIND", stringifyMmaKind(layout.kind).str()}});
}

/// Coordinate of `operand` element (lane, slot) from the layout table.
SmallVector<int64_t> layoutCoordinate(const MmaLayout &layout,
                                      MmaOperand operand, int64_t lane,
                                      int64_t slot, MLIRContext &context) {
  return llvm::to_vector(
      layout.getCoordinateMap(operand, &context).compose({lane, slot}));
}

class GemmFootprintTest : public FootprintTest,
                          public ::testing::WithParamInterface<MmaKind> {
protected:
  const MmaLayout &layout() { return getMmaLayout(GetParam()); }
  bool parseGemm() { return parse(gemmIR(layout(), context)); }
  Value inductionVar() {
    return access("readA")->getParentOfType<scf::ForOp>().getInductionVar();
  }
};

// The global reads of A and B put element (lane, slot) where the layout
// table says, shifted by the workgroup's tile and the K step.
TEST_P(GemmFootprintTest, GlobalReadsFollowLayoutTable) {
  ASSERT_TRUE(parseGemm());
  const MmaLayout &mma = layout();
  FootprintBindings bindings;
  bindings.workgroupId = {1, 1, 0};
  bindings.bind(inductionVar(), mma.k);
  std::optional<WorkgroupFootprint> a = enumerate("readA", bindings);
  std::optional<WorkgroupFootprint> b = enumerate("readB", bindings);
  ASSERT_TRUE(a && b);
  ASSERT_EQ(a->getNumLanes(), 64);
  for (int64_t lane = 0; lane < 64; ++lane) {
    ASSERT_EQ(a->getNumElements(lane), mma.kPerLane);
    ASSERT_EQ(b->getNumElements(lane), mma.kPerLane);
    for (int64_t slot = 0; slot < mma.kPerLane; ++slot) {
      SmallVector<int64_t> inA =
          layoutCoordinate(mma, MmaOperand::A, lane, slot, context);
      SmallVector<int64_t> inB =
          layoutCoordinate(mma, MmaOperand::B, lane, slot, context);
      EXPECT_EQ(a->getSlot(lane, slot), slot);
      EXPECT_EQ(a->getCoordinate(lane, slot),
                ArrayRef<int64_t>(coord({mma.m + inA[0], mma.k + inA[1]})));
      EXPECT_EQ(b->getCoordinate(lane, slot),
                ArrayRef<int64_t>(coord({mma.k + inB[0], mma.m + inB[1]})));
    }
  }
  // Each K step of a workgroup reads an M x K box of A and a K x N box of B.
  EXPECT_EQ(a->getDenseBox(),
            (FootprintBox{coord({mma.m, mma.k}), coord({mma.m, mma.k})}));
  EXPECT_EQ(b->getDenseBox(),
            (FootprintBox{coord({mma.k, mma.m}), coord({mma.k, mma.m})}));
}

// Leaving the induction variable unbound enumerates the whole K loop.
TEST_P(GemmFootprintTest, KLoopEnumeratedOverItsRange) {
  ASSERT_TRUE(parseGemm());
  const MmaLayout &mma = layout();
  std::optional<AccessFootprint> read = footprint("readA");
  ASSERT_TRUE(read);
  EXPECT_TRUE(read->dependsOn(IndexKind::ThreadId));
  EXPECT_TRUE(read->dependsOn(IndexKind::WorkgroupId));
  EXPECT_TRUE(read->dependsOn(IndexKind::LoopInductionVar));
  EXPECT_FALSE(read->findLeaf(IndexKind::WorkgroupId, 0));
  EXPECT_TRUE(read->findLeaf(IndexKind::WorkgroupId, 1));
  // The arith ops and gpu.lane_id compose into one map over (workgroup id
  // y, thread id x, %k): the A layout moved by the tile and the K step.
  auto str = [](int64_t x) { return std::to_string(x); };
  auto expected = cast<AffineMapAttr>(parseAttribute(
      substitute("affine_map<(d0, d1, d2) -> (d0 * $M + d1 mod $M, "
                 "d2 + ((d1 mod 64) floordiv $M) * $KPL)>",
                 {{"M", str(mma.m)}, {"KPL", str(mma.kPerLane)}}),
      &context));
  EXPECT_EQ(read->getMap(), simplifyAffineMap(expected.getValue()));
  ASSERT_EQ(read->getLeaves().size(), 3u);
  EXPECT_EQ(read->getLeaves()[0].indexClass.kind, IndexKind::WorkgroupId);
  EXPECT_EQ(read->getLeaves()[1].indexClass.kind, IndexKind::ThreadId);
  EXPECT_EQ(read->getLeaves()[2].value, inductionVar());

  std::optional<WorkgroupFootprint> a = enumerate("readA");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->getNumIterations(), 4);
  for (int64_t lane = 0; lane < 64; ++lane) {
    ASSERT_EQ(a->getNumElements(lane), 4 * mma.kPerLane);
    for (int64_t i = 0; i < a->getNumElements(lane); ++i) {
      int64_t step = a->getIteration(lane, i);
      int64_t slot = a->getSlot(lane, i);
      EXPECT_EQ(i, step * mma.kPerLane + slot);
      SmallVector<int64_t> inA =
          layoutCoordinate(mma, MmaOperand::A, lane, slot, context);
      EXPECT_EQ(a->getCoordinate(lane, i),
                ArrayRef<int64_t>(coord({inA[0], step * mma.k + inA[1]})));
    }
  }
  EXPECT_EQ(a->getDenseBox(),
            (FootprintBox{coord({0, 0}), coord({mma.m, 4 * mma.k})}));
}

// The LDS writes land at the layout table's coordinates; their physical
// offsets skip the 4 padding elements of each row.
TEST_P(GemmFootprintTest, LdsWritesIncludePadding) {
  ASSERT_TRUE(parseGemm());
  const MmaLayout &mma = layout();
  std::optional<WorkgroupFootprint> a = enumerate("writeA");
  std::optional<WorkgroupFootprint> b = enumerate("writeB");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->getLayout().strides, coord({mma.k + 4, 1}));
  for (int64_t lane = 0; lane < 64; ++lane) {
    for (int64_t slot = 0; slot < mma.kPerLane; ++slot) {
      SmallVector<int64_t> inA =
          layoutCoordinate(mma, MmaOperand::A, lane, slot, context);
      SmallVector<int64_t> inB =
          layoutCoordinate(mma, MmaOperand::B, lane, slot, context);
      EXPECT_EQ(a->getCoordinate(lane, slot), ArrayRef<int64_t>(inA));
      EXPECT_EQ(a->getLogicalOffset(lane, slot), inA[0] * mma.k + inA[1]);
      EXPECT_EQ(a->getPhysicalOffset(lane, slot),
                inA[0] * (mma.k + 4) + inA[1]);
      EXPECT_EQ(b->getCoordinate(lane, slot), ArrayRef<int64_t>(inB));
      EXPECT_EQ(b->getPhysicalOffset(lane, slot),
                inB[0] * (mma.m + 4) + inB[1]);
    }
  }
  // The tiles are covered exactly once.
  EXPECT_EQ(a->getDenseBox(),
            (FootprintBox{coord({0, 0}), coord({mma.m, mma.k})}));
  EXPECT_EQ(a->countDistinctElements(), a->getTotalElements());
  EXPECT_EQ(b->getDenseBox(),
            (FootprintBox{coord({0, 0}), coord({mma.k, mma.m})}));
}

// Each lane reads back from LDS exactly what it wrote: no lane depends on
// another, so hazard analysis needs no barrier for this pair.
TEST_P(GemmFootprintTest, LdsRoundTripIsLanePrivate) {
  ASSERT_TRUE(parseGemm());
  for (auto [write, read] :
       {std::pair("writeA", "ldsReadA"), std::pair("writeB", "ldsReadB")}) {
    FailureOr<LaneOverlap> overlap =
        computeLaneOverlap(access(write), FootprintBindings(), access(read),
                           FootprintBindings(), 64);
    ASSERT_TRUE(succeeded(overlap));
    EXPECT_TRUE(overlap->commonAddress);
    EXPECT_FALSE(overlap->crossLane) << write;
    FailureOr<LaneOverlap> waw =
        computeLaneOverlap(access(write), FootprintBindings(), access(write),
                           FootprintBindings(), 64);
    ASSERT_TRUE(succeeded(waw));
    EXPECT_FALSE(waw->crossLane) << write;
  }
}

TEST_P(GemmFootprintTest, AllAccessesProvablyInBounds) {
  ASSERT_TRUE(parseGemm());
  for (const char *tag :
       {"readA", "readB", "writeA", "writeB", "ldsReadA", "ldsReadB"}) {
    std::string reason;
    EXPECT_TRUE(isProvablyInBounds(access(tag), &reason))
        << tag << ": " << reason;
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllKinds, GemmFootprintTest,
    ::testing::Values(MmaKind::f32_32x32x8_f16, MmaKind::f32_16x16x16_f16,
                      MmaKind::f32_32x32x8_bf16, MmaKind::f32_16x16x16_bf16,
                      MmaKind::i32_16x16x32_i8, MmaKind::f32_16x16x4_f32),
    [](const ::testing::TestParamInfo<MmaKind> &info) {
      return stringifyMmaKind(info.param).str();
    });

/// Four waves in a 2 x 2 grid compute a 32 x 32 tile with
/// f32_16x16x16_f16 over a K loop of 64 steps; the wave's position comes
/// from the thread id, the lane's from gpu.lane_id.
constexpr const char *kMultiWaveIR = R"mlir(
gpu.module @gemm {
  gpu.func @gemm(%A: memref<32x1024xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %tid = gpu.thread_id x
    %lane = gpu.lane_id
    %wave = arith.divui %tid, %c64 : index
    %wm = arith.divui %wave, %c2 : index
    %r = arith.remui %lane, %c16 : index
    %g = arith.divui %lane, %c16 : index
    %kofs = arith.muli %g, %c4 : index
    %wmRow = arith.muli %wm, %c16 : index
    %row = arith.addi %wmRow, %r : index
    scf.for %k = %c0 to %c1024 step %c16 {
      %ka = arith.addi %k, %kofs : index
      %a = wave.read %A[%row, %ka] {tag = "readA"}
          : memref<32x1024xf16> -> vector<4xf16>
    }
    gpu.return
  }
}
)mlir";

// 256 lanes times 64 iterations: every element matches the layout table,
// the union is the whole A panel, and enumeration stays fast.
TEST_F(FootprintTest, MultiWaveGemmOverWholeLoop) {
  ASSERT_TRUE(parse(kMultiWaveIR));
  const MmaLayout &mma = getMmaLayout(MmaKind::f32_16x16x16_f16);
  auto start = std::chrono::steady_clock::now();
  std::optional<WorkgroupFootprint> a = enumerate("readA");
  auto elapsed = std::chrono::steady_clock::now() - start;
  ASSERT_TRUE(a);
  EXPECT_EQ(a->getTotalElements(), 256 * 64 * 4);
  for (int64_t tid = 0; tid < 256; ++tid) {
    int64_t waveRow = (tid / 64) / 2;
    for (int64_t i = 0; i < a->getNumElements(tid); ++i) {
      SmallVector<int64_t> inA = layoutCoordinate(mma, MmaOperand::A, tid % 64,
                                                  a->getSlot(tid, i), context);
      int64_t k = a->getIteration(tid, i) * 16;
      ASSERT_EQ(a->getCoordinate(tid, i),
                ArrayRef<int64_t>(coord({waveRow * 16 + inA[0], k + inA[1]})));
    }
  }
  EXPECT_EQ(a->getDenseBox(), (FootprintBox{coord({0, 0}), coord({32, 1024})}));
  // Waves 0 and 1 (and 2 and 3) read the same rows: the union is touched
  // twice over.
  EXPECT_EQ(a->countDistinctElements(), 32 * 1024);
  // Generous: the enumeration takes milliseconds; building IR per element
  // would take far longer.
  EXPECT_LT(std::chrono::duration<double>(elapsed).count(), 1.0);
}

} // namespace

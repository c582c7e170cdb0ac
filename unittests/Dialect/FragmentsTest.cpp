//===- FragmentsTest.cpp - Tests of the MMA fragment helpers --------------===//
//
// What `#wave.fragment` derives from the MMA layout table (lane offsets, runs,
// shapes, vector types), how `wave.copy_tile` divides a tile among waves, and
// the verifier's role and shape checks on fragment accesses.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/IR/Fragments.h"
#include "wave/Dialect/Wave/IR/MmaLayout.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <set>
#include <tuple>

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Every kind of the MmaKind enum, so a new kind is tested without edits.
std::vector<MmaKind> allKinds() {
  std::vector<MmaKind> kinds;
  // Fragments follow the MFMA kinds' layouts only (the WMMA kinds are
  // refused by the attribute's verifier).
  for (unsigned i = 0; i <= getMaxEnumValForMmaKind(); ++i)
    if (!getMmaLayout(*symbolizeMmaKind(i)).isWmma())
      kinds.push_back(*symbolizeMmaKind(i));
  return kinds;
}
constexpr MmaOperand kAllOperands[] = {MmaOperand::A, MmaOperand::B,
                                       MmaOperand::Acc};

/// `exprs` of dimensions (d0, d1, ...) evaluated at `values`.
SmallVector<int64_t> evaluate(ArrayRef<AffineExpr> exprs,
                              ArrayRef<int64_t> values, MLIRContext *context) {
  return AffineMap::get(values.size(), 0, exprs, context).compose(values);
}

using FragmentCase = std::tuple<MmaKind, MmaOperand, bool>;

class FragmentLayoutTest : public ::testing::TestWithParam<FragmentCase> {
protected:
  FragmentLayoutTest() { context.loadDialect<WaveDialect>(); }
  FragmentAttr fragment() {
    auto [kind, operand, transposed] = GetParam();
    return FragmentAttr::get(&context, operand, kind, transposed);
  }
  MLIRContext context;
};

// The lane map an expanded access uses -- slot 0 of the lane at
// getLaneOffset, run r getRunStride further, the run's slots contiguous along
// getContiguousDim -- puts every (lane, slot) on the element the layout table
// gives it (swapped when transposed). This is the whole derivation
// wave-expand-fragments relies on.
TEST_P(FragmentLayoutTest, LaneMapsReproduceTheLayoutTable) {
  FragmentAttr attr = fragment();
  const MmaLayout &layout = attr.getLayout();
  MmaOperand operand = attr.getOperand();
  AffineExpr lane = getAffineDimExpr(0, &context);
  std::array<AffineExpr, 2> offset = attr.getLaneOffset(lane);
  std::array<int64_t, 2> runStride = attr.getRunStride();
  int64_t runLength = attr.getRunLength();
  unsigned dim = attr.getContiguousDim();
  int64_t slots = layout.getElementsPerLane(operand);
  ASSERT_EQ(slots % runLength, 0);
  for (int64_t l = 0; l < static_cast<int64_t>(layout.waveSize); ++l) {
    SmallVector<int64_t> origin = evaluate(offset, {l}, &context);
    for (int64_t slot = 0; slot < slots; ++slot) {
      std::array<int64_t, 2> expected = layout.getCoordinate(operand, l, slot);
      if (attr.getTransposed())
        std::swap(expected[0], expected[1]);
      int64_t run = slot / runLength;
      std::array<int64_t, 2> got = {origin[0] + run * runStride[0],
                                    origin[1] + run * runStride[1]};
      got[dim] += slot % runLength;
      ASSERT_EQ(got, expected) << "lane " << l << " slot " << slot;
    }
  }
}

// Shapes and types follow the kind: the block is M x K, K x N or M x N in
// memory order, the vector holds the lane's elements of the operand's type.
TEST_P(FragmentLayoutTest, ShapesAndTypesFollowTheKind) {
  FragmentAttr attr = fragment();
  const MmaLayout &layout = attr.getLayout();
  std::array<int64_t, 2> block;
  switch (attr.getOperand()) {
  case MmaOperand::A:
    block = {layout.m, layout.k};
    break;
  case MmaOperand::B:
    block = {layout.k, layout.n};
    break;
  case MmaOperand::Acc:
    block = {layout.m, layout.n};
    break;
  }
  if (attr.getTransposed())
    std::swap(block[0], block[1]);
  EXPECT_EQ(attr.getBlockShape(), block);
  // The block holds exactly the wave's elements.
  EXPECT_EQ(block[0] * block[1],
            static_cast<int64_t>(layout.waveSize) *
                layout.getElementsPerLane(attr.getOperand()));

  VectorType type = attr.getVectorType();
  EXPECT_EQ(type.getNumElements(),
            layout.getElementsPerLane(attr.getOperand()));
  EXPECT_EQ(type.getElementType(),
            layout.getElementType(attr.getOperand(), &context));

  // A runs along K (its columns), B along K (its rows), the accumulator
  // along its rows; transposing swaps the dimension.
  unsigned dim = attr.getOperand() == MmaOperand::A ? 1 : 0;
  EXPECT_EQ(attr.getContiguousDim(), attr.getTransposed() ? 1 - dim : dim);
  EXPECT_EQ(attr.getRunLength(), attr.getOperand() == MmaOperand::Acc
                                     ? std::min<int64_t>(4, layout.accPerLane)
                                     : layout.kPerLane);
}

// The attribute's text form names the operand, the kind and `transposed`.
TEST_P(FragmentLayoutTest, RoundTripsThroughText) {
  FragmentAttr attr = fragment();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << Attribute(attr);
  EXPECT_EQ(parseAttribute(text, &context), attr) << text;
}

std::string
fragmentCaseName(const ::testing::TestParamInfo<FragmentCase> &info) {
  auto [kind, operand, transposed] = info.param;
  return (stringifyMmaKind(kind) + "_" + stringifyMmaOperand(operand) +
          (transposed ? "_transposed" : ""))
      .str();
}

INSTANTIATE_TEST_SUITE_P(AllKinds, FragmentLayoutTest,
                         ::testing::Combine(::testing::ValuesIn(allKinds()),
                                            ::testing::ValuesIn(kAllOperands),
                                            ::testing::Bool()),
                         fragmentCaseName);

// Hand-checked lane maps of f32_32x32x8_f16, the kind of the GEMM examples
// (docs/Guide.md: lane 33 holds A (1, 4..7), B (4..7, 1), accumulator rows
// 4..7, 12..15, 20..23, 28..31 of column 1).
TEST(FragmentAttrTest, F32_32x32x8F16LaneMaps) {
  MLIRContext context;
  context.loadDialect<WaveDialect>();
  auto get = [&](MmaOperand operand, bool transposed = false) {
    return FragmentAttr::get(&context, operand, MmaKind::f32_32x32x8_f16,
                             transposed);
  };
  AffineExpr lane = getAffineDimExpr(0, &context);
  auto at33 = [&](FragmentAttr attr) {
    return evaluate(attr.getLaneOffset(lane), {33}, &context);
  };
  EXPECT_EQ(at33(get(MmaOperand::A)), (SmallVector<int64_t>{1, 4}));
  EXPECT_EQ(at33(get(MmaOperand::B)), (SmallVector<int64_t>{4, 1}));
  EXPECT_EQ(at33(get(MmaOperand::Acc)), (SmallVector<int64_t>{4, 1}));
  EXPECT_EQ(at33(get(MmaOperand::B, true)), (SmallVector<int64_t>{1, 4}));
  EXPECT_EQ(get(MmaOperand::Acc).getRunStride(),
            (std::array<int64_t, 2>{8, 0}));
  EXPECT_EQ(get(MmaOperand::Acc, true).getRunStride(),
            (std::array<int64_t, 2>{0, 8}));
  EXPECT_EQ(get(MmaOperand::Acc).getVectorType().getNumElements() /
                get(MmaOperand::Acc).getRunLength(),
            4);
}

TEST(FragmentAttrTest, ParserRejectsBadOperandsAndKinds) {
  MLIRContext context;
  context.loadDialect<WaveDialect>();
  std::string error;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    error = diag.str();
    return success();
  });
  EXPECT_FALSE(parseAttribute("#wave.fragment<C, f32_32x32x8_f16>", &context));
  EXPECT_NE(error.find("expected an MMA operand (A, B or acc), got 'C'"),
            std::string::npos)
      << error;
  EXPECT_FALSE(parseAttribute("#wave.fragment<A, f32_8x8x8_f16>", &context));
  EXPECT_NE(error.find("unknown MMA kind 'f32_8x8x8_f16'"), std::string::npos)
      << error;
  // k_pack: A or B only, a positive count, after `transposed`.
  EXPECT_FALSE(parseAttribute(
      "#wave.fragment<acc, f32_32x32x8_f16, k_pack = 2>", &context));
  EXPECT_NE(error.find("the accumulator has no K"), std::string::npos) << error;
  EXPECT_FALSE(parseAttribute("#wave.fragment<A, f32_32x32x8_f16, k_pack = 0>",
                              &context));
  EXPECT_NE(error.find("k_pack must be positive, got 0"), std::string::npos)
      << error;
  EXPECT_EQ(parseAttribute(
                "#wave.fragment<B, f32_32x32x8_f16, transposed, k_pack = 2>",
                &context),
            FragmentAttr::get(&context, MmaOperand::B, MmaKind::f32_32x32x8_f16,
                              true, 2));
}

// Packed fragments (k_pack = P), every kind, A and B, either storage order:
// the lane maps put slot s of lane l on the packed layout's element (K and
// the lane's elements P times the kind's), and step i's slots of A and of B
// name the same K index of the P * K block for every pair of lanes that
// meet in an MMA's output (lane l of A and lane l' of B with the same
// l floordiv M and l' floordiv N), and the steps cover every K index once:
// the P MMAs sum over the block's K in another order, the same for A and B.
TEST(FragmentAttrTest, PackedFragmentsPermuteKAlikeForAAndB) {
  MLIRContext context;
  context.loadDialect<WaveDialect>();
  AffineExpr lane = getAffineDimExpr(0, &context);
  for (MmaKind kind : allKinds())
    for (int64_t pack : {2, 4})
      for (bool transposed : {false, true}) {
        const MmaLayout &layout = getMmaLayout(kind);
        // K index of (lane, step, slot in step) for operand A or B.
        auto kIndex = [&](MmaOperand operand, int64_t l, int64_t step,
                          int64_t slot) {
          auto attr =
              FragmentAttr::get(&context, operand, kind, transposed, pack);
          EXPECT_EQ(attr.getVectorType().getNumElements(),
                    pack * layout.kPerLane);
          SmallVector<int64_t> origin =
              evaluate(attr.getLaneOffset(lane), {l}, &context);
          // Runs of A and B are the lane's whole vector, along K.
          EXPECT_EQ(attr.getRunLength(), pack * layout.kPerLane);
          return origin[attr.getContiguousDim()] + step * layout.kPerLane +
                 slot;
        };
        int64_t groups = layout.waveSize / layout.m;
        ASSERT_EQ(groups, static_cast<int64_t>(layout.waveSize) / layout.n);
        // Every (lane group, step, slot) names a distinct K index of the
        // block, the same for A and B, and all P * K of them are named.
        std::set<int64_t> covered;
        for (int64_t g = 0; g < groups; ++g)
          for (int64_t step = 0; step < pack; ++step)
            for (int64_t slot = 0; slot < layout.kPerLane; ++slot) {
              int64_t k = kIndex(MmaOperand::A, g * layout.m, step, slot);
              EXPECT_EQ(k, kIndex(MmaOperand::B, g * layout.n, step, slot))
                  << stringifyMmaKind(kind).str() << " pack " << pack;
              EXPECT_TRUE(covered.insert(k).second) << k;
            }
        EXPECT_EQ(static_cast<int64_t>(covered.size()), pack * layout.k);
        EXPECT_EQ(*covered.begin(), 0);
        EXPECT_EQ(*covered.rbegin(), pack * layout.k - 1);
        for (MmaOperand operand : {MmaOperand::A, MmaOperand::B}) {
          auto attr =
              FragmentAttr::get(&context, operand, kind, transposed, pack);
          std::array<int64_t, 2> block = attr.getBlockShape();
          EXPECT_EQ(block[0] * block[1], static_cast<int64_t>(layout.waveSize) *
                                             pack * layout.kPerLane);
          std::string text;
          llvm::raw_string_ostream os(text);
          os << Attribute(attr);
          EXPECT_EQ(parseAttribute(text, &context), attr) << text;
        }
      }
}

// wave.copy_tile: over every tile shape it accepts, the copies of the waves
// cover each fragment of the tile exactly once.
TEST(CopyTile, WavesCoverTheTileExactlyOnce) {
  MLIRContext context;
  context.loadDialect<WaveDialect>();
  AffineExpr copy = getAffineDimExpr(0, &context);
  AffineExpr wave = getAffineDimExpr(1, &context);
  for (bool transposed : {false, true}) {
    for (MmaOperand operand : {MmaOperand::A, MmaOperand::B}) {
      auto attr = FragmentAttr::get(&context, operand, MmaKind::f32_32x32x8_f16,
                                    transposed);
      unsigned kDim = attr.getContiguousDim();
      // K positions equal to, a multiple of and a divisor of the waves.
      for (auto [kCount, across, waves] :
           {std::tuple<int64_t, int64_t, int64_t>{4, 2, 4},
            {8, 1, 4},
            {8, 2, 4},
            {2, 4, 4},
            {1, 8, 8},
            {4, 4, 2}}) {
        std::array<int64_t, 2> grid;
        grid[kDim] = kCount;
        grid[1 - kDim] = across;
        std::array<AffineExpr, 2> position =
            getCopyTilePosition(attr, grid, waves, copy, wave);
        std::set<std::pair<int64_t, int64_t>> seen;
        for (int64_t c = 0; c < grid[0] * grid[1] / waves; ++c)
          for (int64_t w = 0; w < waves; ++w) {
            SmallVector<int64_t> p = evaluate(position, {c, w}, &context);
            ASSERT_GE(p[0], 0);
            ASSERT_LT(p[0], grid[0]);
            ASSERT_GE(p[1], 0);
            ASSERT_LT(p[1], grid[1]);
            // Fragment c * waves + w, K position fastest.
            int64_t f = c * waves + w;
            EXPECT_EQ(p[kDim], f % kCount);
            EXPECT_EQ(p[1 - kDim], f / kCount);
            seen.insert({p[0], p[1]});
          }
        EXPECT_EQ(static_cast<int64_t>(seen.size()), grid[0] * grid[1]);
      }
    }
  }
}

// The K steps of a tile: its K extent over the kind's K, along the
// dimension K runs in memory.
TEST(MmaTile, KStepsFollowTheTile) {
  MLIRContext context;
  context.loadDialect<WaveDialect>();
  Type f16 = Float16Type::get(&context);
  auto a = FragmentAttr::get(&context, MmaOperand::A, MmaKind::f32_32x32x8_f16,
                             false);
  auto bt = FragmentAttr::get(&context, MmaOperand::B,
                              MmaKind::f32_16x16x16_f16, true);
  EXPECT_EQ(getTileKSteps(a, MemRefType::get({64, 32}, f16)), 4);
  EXPECT_EQ(getTileKSteps(bt, MemRefType::get({128, 64}, f16)), 4);
  EXPECT_EQ(getFragmentGrid(bt, MemRefType::get({128, 64}, f16)),
            (std::array<int64_t, 2>{8, 4}));
}

/// The verifier's role and shape checks, on kernels parsed from text.
class FragmentVerifierTest : public ::testing::Test {
protected:
  FragmentVerifierTest() {
    context.loadDialect<WaveDialect, gpu::GPUDialect, arith::ArithDialect,
                        scf::SCFDialect, vector::VectorDialect,
                        affine::AffineDialect>();
  }

  /// Parses and verifies a kernel whose body is `body`; returns the first
  /// error, or "" when it verifies.
  std::string verify(StringRef body) {
    std::string source = (R"(
gpu.module @m {
  gpu.func @k(%ma: memref<32x8xf16>, %mb: memref<8x32xf16>,
              %mc: memref<32x32xf32>, %c: vector<16xf32>, %i: index,
              %p: i1) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
)" + body + R"(
    gpu.return
  }
})")
                             .str();
    std::string error;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      if (error.empty() && diag.getSeverity() == DiagnosticSeverity::Error)
        error = diag.str();
      return success();
    });
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module || !error.empty());
    return error;
  }

  MLIRContext context;
};

TEST_F(FragmentVerifierTest, AcceptsMatchingRoles) {
  EXPECT_EQ(verify(R"(
    %a = wave.read %ma[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
    %b = wave.read %mb[%i, %i] fragment <B, f32_32x32x8_f16> : memref<8x32xf16> -> vector<4xf16>
    %d = wave.mma <f32_32x32x8_f16> %a, %b, %c : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    wave.write %d, %mc[%i, %i] fragment <acc, f32_32x32x8_f16> : vector<16xf32>, memref<32x32xf32>)"),
            "");
}

TEST_F(FragmentVerifierTest, RejectsSwappedRolesThroughSelect) {
  EXPECT_EQ(
      verify(R"(
    %a = wave.read %ma[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
    %b = wave.read %mb[%i, %i] fragment <B, f32_32x32x8_f16> : memref<8x32xf16> -> vector<4xf16>
    %s = arith.select %p, %b, %b : vector<4xf16>
    %d = wave.mma <f32_32x32x8_f16> %s, %a, %c : vector<4xf16>, vector<4xf16> -> vector<16xf32>)"),
      "'wave.mma' op operand A of f32_32x32x8_f16 is read as the B fragment "
      "of f32_32x32x8_f16");
}

TEST_F(FragmentVerifierTest, RejectsAccumulatorWrittenAsOperand) {
  EXPECT_EQ(
      verify(R"(
    %a = wave.read %ma[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>
    %b = wave.read %mb[%i, %i] fragment <B, f32_32x32x8_f16> : memref<8x32xf16> -> vector<4xf16>
    %d = wave.mma <f32_32x32x8_f16> %a, %b, %c : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %n = arith.negf %d : vector<16xf32>
    wave.write %n, %mc[%i, %i] fragment <A, f32_32x32x8_f16> : vector<16xf32>, memref<32x32xf32>)"),
      "'wave.write' op writes the result of a wave.mma, an accumulator, as "
      "the A fragment of f32_32x32x8_f16");
}

TEST_F(FragmentVerifierTest, RejectsWrongShapes) {
  EXPECT_EQ(verify(R"(
    %a = wave.read %ma[%i, %i] fragment <A, f32_32x32x8_f16> : memref<32x8xf16> -> vector<8xf16>)"),
            "'wave.read' op the A fragment of f32_32x32x8_f16 is "
            "'vector<4xf16>', not 'vector<8xf16>'");
  EXPECT_EQ(verify(R"(
    %b = wave.read %ma[%i, %i] fragment <B, f32_32x32x8_f16> : memref<32x8xf16> -> vector<4xf16>)"),
            "'wave.read' op a 8x32 B fragment of f32_32x32x8_f16 does not fit "
            "in 'memref<32x8xf16>'");
  EXPECT_EQ(verify(R"(
    %d:2 = wave.mma_tile %ma[%i] fragment <A, f32_32x32x8_f16>, %mb[%i] fragment <B, f32_32x32x8_f16>, %c, %c grid [1, 2] : memref<32x8xf16>, memref<8x32xf16> -> vector<16xf32>, vector<16xf32>)"),
            "'wave.mma_tile' op the B tile 'memref<8x32xf16>' holds fewer "
            "than 2 B fragments of f32_32x32x8_f16 (8x32) across K");
}

} // namespace

//===- TileStagingTest.cpp - Staging groups and their linear layout -------===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Staging/StagingPlan.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::test;

namespace {

class TileStagingTest : public FootprintTest {
protected:
  /// The staging groups of the kernel named `name`.
  SmallVector<StagingGroup> groups(StringRef name) {
    SmallVector<StagingGroup> result;
    module->walk([&](gpu::GPUFuncOp kernel) {
      if (kernel.getName() == name)
        result = findStagingGroups(kernel);
    });
    return result;
  }

  /// The plan of the only group of kernel `name` (a test failure if it has
  /// none).
  std::optional<StagingPlan> plan(StringRef name, unsigned loadBits = 128) {
    SmallVector<StagingGroup> found = groups(name);
    if (found.size() != 1) {
      ADD_FAILURE() << name.str() << " has " << found.size() << " groups";
      return std::nullopt;
    }
    StagingDiagnostic diagnostic;
    FailureOr<StagingPlan> result =
        planStaging(found.front(), loadBits, diagnostic);
    if (failed(result)) {
      ADD_FAILURE() << "no plan for " << name.str() << ": "
                    << diagnostic.reason;
      return std::nullopt;
    }
    return std::move(*result);
  }

  /// Why the only group of kernel `name` is not re-mapped.
  StagingDiagnostic failure(StringRef name) {
    SmallVector<StagingGroup> found = groups(name);
    StagingDiagnostic diagnostic;
    if (found.size() != 1) {
      ADD_FAILURE() << name.str() << " has " << found.size() << " groups";
      return diagnostic;
    }
    if (succeeded(planStaging(found.front(), 128, diagnostic)))
      ADD_FAILURE() << "expected no plan for " << name.str();
    return diagnostic;
  }

  AffineExpr dim(unsigned position) {
    return getAffineDimExpr(position, &context);
  }
};

/// The staging of examples/gemm.mlir: A (64x32) and B (32x64, stored K x N)
/// in the MFMA 32x32x8 layout by 256 lanes.
constexpr const char *kGemmIR = R"mlir(
#lds = #gpu.address_space<workgroup>
#a_stage = affine_map<(t, bm, ks, j) ->
    (bm * 64 + j * 32 + t mod 32,
     ks * 32 + (t floordiv 64) * 8 + ((t mod 64) floordiv 32) * 4)>
#a_stage_tile = affine_map<(t, j) ->
    (j * 32 + t mod 32, (t floordiv 64) * 8 + ((t mod 64) floordiv 32) * 4)>
#b_stage = affine_map<(t, bn, ks, j) ->
    (ks * 32 + (t floordiv 64) * 8 + ((t mod 64) floordiv 32) * 4,
     bn * 64 + j * 32 + t mod 32)>
#b_stage_tile = affine_map<(t, j) ->
    ((t floordiv 64) * 8 + ((t mod 64) floordiv 32) * 4, j * 32 + t mod 32)>
gpu.module @m {
  gpu.func @gemm(%A: memref<256x256xf16>, %B: memref<256x256xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 4, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %a_tile = wave.alloc_lds padding [0, 4] : memref<64x32xf16, strided<[36, 1]>, #lds>
    %b_tile = wave.alloc_lds padding [0, 4] : memref<32x64xf16, strided<[68, 1]>, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %tid = gpu.thread_id x
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    scf.for %ks = %c0 to %c8 step %c1 {
      %a0 = wave.read %A[%tid, %bm, %ks, %c0] map #a_stage : memref<256x256xf16> -> vector<4xf16>
      wave.write %a0, %a_tile[%tid, %c0] map #a_stage_tile : vector<4xf16>, memref<64x32xf16, strided<[36, 1]>, #lds>
      %a1 = wave.read %A[%tid, %bm, %ks, %c1] map #a_stage : memref<256x256xf16> -> vector<4xf16>
      wave.write %a1, %a_tile[%tid, %c1] map #a_stage_tile : vector<4xf16>, memref<64x32xf16, strided<[36, 1]>, #lds>
      %b0 = wave.read %B[%tid, %bn, %ks, %c0] map #b_stage along 0 : memref<256x256xf16> -> vector<4xf16>
      wave.write %b0, %b_tile[%tid, %c0] map #b_stage_tile along 0 : vector<4xf16>, memref<32x64xf16, strided<[68, 1]>, #lds>
      %b1 = wave.read %B[%tid, %bn, %ks, %c1] map #b_stage along 0 : memref<256x256xf16> -> vector<4xf16>
      wave.write %b1, %b_tile[%tid, %c1] map #b_stage_tile along 0 : vector<4xf16>, memref<32x64xf16, strided<[68, 1]>, #lds>
      wave.barrier
    }
    gpu.return
  }
}
)mlir";

TEST_F(TileStagingTest, GemmGroups) {
  ASSERT_TRUE(parse(kGemmIR));
  SmallVector<StagingGroup> found = groups("gemm");
  ASSERT_EQ(found.size(), 2u);
  for (const StagingGroup &group : found) {
    EXPECT_EQ(group.pairs.size(), 2u);
    EXPECT_FALSE(group.blocker);
    EXPECT_TRUE(group.tile.getDefiningOp<AllocLdsOp>());
  }
  EXPECT_NE(found[0].tile, found[1].tile);
  EXPECT_NE(found[0].source, found[1].source);
}

TEST_F(TileStagingTest, GemmPlans) {
  ASSERT_TRUE(parse(kGemmIR));
  SmallVector<StagingGroup> found = groups("gemm");
  ASSERT_EQ(found.size(), 2u);
  StagingDiagnostic diagnostic;
  FailureOr<StagingPlan> a = planStaging(found[0], 128, diagnostic);
  ASSERT_TRUE(succeeded(a)) << diagnostic.reason;
  FailureOr<StagingPlan> b = planStaging(found[1], 128, diagnostic);
  ASSERT_TRUE(succeeded(b)) << diagnostic.reason;

  // A: the 64x32 box at (64 bm, 32 ks), 256 runs of 8 f16, one a lane.
  EXPECT_EQ(a->lowerBounds, coord({0, 0}));
  EXPECT_EQ(a->extents, coord({64, 32}));
  EXPECT_EQ(a->tileShift, coord({0, 0}));
  EXPECT_EQ(a->contiguousDim, 1u);
  EXPECT_EQ(a->dimOrder, (SmallVector<unsigned>{0, 1}));
  EXPECT_EQ(a->width, 8);
  EXPECT_EQ(a->numRuns, 256);
  EXPECT_EQ(a->readsPerLane, 1);
  EXPECT_FALSE(a->needsMask());
  ASSERT_EQ(a->sourceOffset[0].size(), 1u);
  EXPECT_EQ(a->sourceOffset[0][0].leaf.indexClass.kind, IndexKind::WorkgroupId);
  EXPECT_EQ(a->sourceOffset[0][0].leaf.indexClass.dim, 1u);
  EXPECT_EQ(a->sourceOffset[0][0].coefficient, 64);
  ASSERT_EQ(a->sourceOffset[1].size(), 1u);
  EXPECT_EQ(a->sourceOffset[1][0].leaf.indexClass.kind,
            IndexKind::LoopInductionVar);
  EXPECT_EQ(a->sourceOffset[1][0].coefficient, 32);
  EXPECT_TRUE(a->tileOffset[0].empty() && a->tileOffset[1].empty());
  // Two 8-byte reads a lane before; 4 waves issue one load each after.
  EXPECT_EQ(a->before.readOps, 2);
  EXPECT_EQ(a->before.laneLoads, 512);
  EXPECT_EQ(a->before.waveLoads, 8);
  EXPECT_EQ(a->after.readOps, 1);
  EXPECT_EQ(a->after.laneLoads, 256);
  EXPECT_EQ(a->after.waveLoads, 4);
  EXPECT_EQ(a->after.bytes, 64 * 32 * 2);
  SmallVector<AffineExpr> aRun = a->getRunCoordinates(dim(0), false);
  EXPECT_EQ(aRun[0], dim(0).floorDiv(4));
  EXPECT_EQ(aRun[1], (dim(0) % 4) * 8);

  // B: 32x64 along N; each old read was 4 loads of one element.
  EXPECT_EQ(b->extents, coord({32, 64}));
  EXPECT_EQ(b->contiguousDim, 1u);
  EXPECT_EQ(b->width, 8);
  EXPECT_EQ(b->before.laneLoads, 2 * 256 * 4);
  EXPECT_EQ(b->before.waveLoads, 32);
  EXPECT_EQ(b->after.waveLoads, 4);
  EXPECT_EQ(b->getRunStart(0), coord({0, 0}));
  EXPECT_EQ(b->getRunStart(9), coord({1, 8}));
  EXPECT_EQ(b->getRunStart(255), coord({31, 56}));
}

/// One wave staging a 16x32 f16 box, 2 elements a lane in 4 reads, from a
/// memref with offset OFFSET; and a K loop moving a 32x16 box by 4 * ks.
constexpr const char *kAlignmentIR = R"mlir(
#lds = #gpu.address_space<workgroup>
#rows2 = affine_map<(t, j) -> (j * 4 + t floordiv 16, (t mod 16) * 2)>
#strip = affine_map<(t, ks, j) -> (t floordiv 2, ks * 4 + (t mod 2) * 8 + j * 4)>
#strip_tile = affine_map<(t, j) -> (t floordiv 2, (t mod 2) * 8 + j * 4)>
gpu.module @m {
  gpu.func @offset(%X: memref<16x32xf16, strided<[32, 1], offset: OFFSET>>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<16x32xf16, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %v0 = wave.read %X[%t, %c0] map #rows2 : memref<16x32xf16, strided<[32, 1], offset: OFFSET>> -> vector<2xf16>
    wave.write %v0, %tile[%t, %c0] map #rows2 : vector<2xf16>, memref<16x32xf16, #lds>
    %v1 = wave.read %X[%t, %c1] map #rows2 : memref<16x32xf16, strided<[32, 1], offset: OFFSET>> -> vector<2xf16>
    wave.write %v1, %tile[%t, %c1] map #rows2 : vector<2xf16>, memref<16x32xf16, #lds>
    %v2 = wave.read %X[%t, %c2] map #rows2 : memref<16x32xf16, strided<[32, 1], offset: OFFSET>> -> vector<2xf16>
    wave.write %v2, %tile[%t, %c2] map #rows2 : vector<2xf16>, memref<16x32xf16, #lds>
    %v3 = wave.read %X[%t, %c3] map #rows2 : memref<16x32xf16, strided<[32, 1], offset: OFFSET>> -> vector<2xf16>
    wave.write %v3, %tile[%t, %c3] map #rows2 : vector<2xf16>, memref<16x32xf16, #lds>
    gpu.return
  }
  gpu.func @loop(%X: memref<32x256xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<32x16xf16, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %lb = arith.constant LB : index
    %step = arith.constant STEP : index
    %c48 = arith.constant 48 : index
    scf.for %ks = %lb to %c48 step %step {
      %v0 = wave.read %X[%t, %ks, %c0] map #strip : memref<32x256xf16> -> vector<4xf16>
      wave.write %v0, %tile[%t, %c0] map #strip_tile : vector<4xf16>, memref<32x16xf16, #lds>
      %v1 = wave.read %X[%t, %ks, %c1] map #strip : memref<32x256xf16> -> vector<4xf16>
      wave.write %v1, %tile[%t, %c1] map #strip_tile : vector<4xf16>, memref<32x16xf16, #lds>
    }
    gpu.return
  }
}
)mlir";

std::string alignmentIR(int offset, int lb, int step) {
  std::string ir = kAlignmentIR;
  auto replace = [&](StringRef key, int value) {
    for (size_t at; (at = ir.find(key.str())) != std::string::npos;)
      ir.replace(at, key.size(), std::to_string(value));
  };
  replace("OFFSET", offset);
  replace("LB", lb);
  replace("STEP", step);
  return ir;
}

TEST_F(TileStagingTest, WidthFollowsTheProvenAlignmentOfTheOffset) {
  // Offset (in f16) -> widest run whose start is provably a multiple of it.
  for (auto [offset, width] :
       {std::pair{0, 8}, std::pair{8, 8}, std::pair{4, 4}, std::pair{12, 4}}) {
    ASSERT_TRUE(parse(alignmentIR(offset, 0, 1)));
    std::optional<StagingPlan> result = plan("offset");
    ASSERT_TRUE(result) << "offset " << offset;
    EXPECT_EQ(result->width, width) << "offset " << offset;
    EXPECT_EQ(result->numRuns, 512 / width);
  }
  // An offset of 6 proves 2-element runs: what the lanes read already. An
  // odd offset proves nothing: single elements would take more loads.
  for (int offset : {6, 1}) {
    ASSERT_TRUE(parse(alignmentIR(offset, 0, 1)));
    StagingDiagnostic diagnostic = failure("offset");
    EXPECT_EQ(diagnostic.kind, StagingFailure::AlreadyMinimal);
  }
}

TEST_F(TileStagingTest, WidthFollowsTheLoopRange) {
  // Columns 4 * ks: ks in {lb, lb + step, ...} makes them multiples of
  // 4 * gcd(lb, step).
  for (auto [lb, step, width] :
       {std::tuple{0, 1, 4}, std::tuple{0, 2, 8}, std::tuple{2, 4, 8},
        std::tuple{1, 2, 4}, std::tuple{0, 4, 8}}) {
    ASSERT_TRUE(parse(alignmentIR(0, lb, step)));
    std::optional<StagingPlan> result = plan("loop");
    ASSERT_TRUE(result) << "lb " << lb << " step " << step;
    EXPECT_EQ(result->width, width) << "lb " << lb << " step " << step;
  }
  // A 64-bit cap halves the widest run.
  ASSERT_TRUE(parse(alignmentIR(0, 0, 2)));
  std::optional<StagingPlan> capped = plan("loop", 64);
  ASSERT_TRUE(capped);
  EXPECT_EQ(capped->width, 4);
}

/// Small kernels that must not be re-mapped, one reason each.
constexpr const char *kFailuresIR = R"mlir(
#lds = #gpu.address_space<workgroup>
#a = affine_map<(t) -> (t mod 32, (t floordiv 32) * 4)>
gpu.module @m {
  gpu.func @other_users(%A: memref<64x64xf16>, %Y: memref<64x64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<32x8xf16, #lds>
    %v = wave.read %A[%t] map #a {tag = "other_users"} : memref<64x64xf16> -> vector<4xf16>
    wave.write %v, %tile[%t] map #a : vector<4xf16>, memref<32x8xf16, #lds>
    wave.write %v, %Y[%t] map #a : vector<4xf16>, memref<64x64xf16>
    gpu.return
  }
  gpu.func @transposing(%A: memref<64x64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<8x32xf16, #lds>
    %v = wave.read %A[%t] map #a : memref<64x64xf16> -> vector<4xf16>
    wave.write %v, %tile[%t] map affine_map<(t) -> ((t floordiv 32) * 4, t mod 32)> along 0 {tag = "transposing"} : vector<4xf16>, memref<8x32xf16, #lds>
    gpu.return
  }
  gpu.func @sparse(%A: memref<64x64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<32x16xf16, #lds>
    %v = wave.read %A[%t] map affine_map<(t) -> (t mod 32, (t floordiv 32) * 8)> {tag = "sparse"} : memref<64x64xf16> -> vector<4xf16>
    wave.write %v, %tile[%t] map affine_map<(t) -> (t mod 32, (t floordiv 32) * 8)> : vector<4xf16>, memref<32x16xf16, #lds>
    gpu.return
  }
  gpu.func @dynamic(%A: memref<64x?xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<32x8xf16, #lds>
    %v = wave.read %A[%t] map #a {tag = "dynamic"} : memref<64x?xf16> -> vector<4xf16>
    wave.write %v, %tile[%t] map #a : vector<4xf16>, memref<32x8xf16, #lds>
    gpu.return
  }
  gpu.func @strided(%A: memref<64x64xf16, strided<[64, 3]>>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<32x8xf16, #lds>
    %v = wave.read %A[%t] map #a {tag = "strided"} : memref<64x64xf16, strided<[64, 3]>> -> vector<4xf16>
    wave.write %v, %tile[%t] map #a : vector<4xf16>, memref<32x8xf16, #lds>
    gpu.return
  }
  gpu.func @barrier_between(%A: memref<64x64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<32x8xf16, #lds>
    %v = wave.read %A[%t] map #a : memref<64x64xf16> -> vector<4xf16>
    wave.barrier
    wave.write %v, %tile[%t] map #a : vector<4xf16>, memref<32x8xf16, #lds>
    gpu.return
  }
  gpu.func @masked(%A: memref<64x64xf16>, %m: vector<4xi1>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<32x8xf16, #lds>
    %v = wave.read %A[%t] map #a mask %m : vector<4xi1> {tag = "masked"} : memref<64x64xf16> -> vector<4xf16>
    wave.write %v, %tile[%t] map #a : vector<4xf16>, memref<32x8xf16, #lds>
    gpu.return
  }
}
)mlir";

/// One head's 16 x 32 rows of a [4, 16, 32] memref staged into a tile of
/// rank 2, 4 elements a lane in columns; and the same tile taking 8 rows of
/// each of two heads.
constexpr const char *kLowerRankIR = R"mlir(
#lds = #gpu.address_space<workgroup>
gpu.module @m {
  gpu.func @one_head(%X: memref<4x16x32xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %t = gpu.thread_id x
    %b = gpu.block_id x
    %tile = wave.alloc_lds : memref<16x32xf16, #lds>
    %v0 = wave.read %X[%t, %b] map affine_map<(t, b) -> (b, t mod 16, (t floordiv 16) * 4)> : memref<4x16x32xf16> -> vector<4xf16>
    wave.write %v0, %tile[%t] map affine_map<(t) -> (t mod 16, (t floordiv 16) * 4)> : vector<4xf16>, memref<16x32xf16, #lds>
    %v1 = wave.read %X[%t, %b] map affine_map<(t, b) -> (b, t mod 16, (t floordiv 16) * 4 + 16)> : memref<4x16x32xf16> -> vector<4xf16>
    wave.write %v1, %tile[%t] map affine_map<(t) -> (t mod 16, (t floordiv 16) * 4 + 16)> : vector<4xf16>, memref<16x32xf16, #lds>
    gpu.return
  }
  gpu.func @two_heads(%X: memref<4x16x32xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<16x32xf16, #lds>
    %v = wave.read %X[%t] map affine_map<(t) -> (t floordiv 32, t mod 8, ((t floordiv 8) mod 4) * 8)> : memref<4x16x32xf16> -> vector<8xf16>
    wave.write %v, %tile[%t] map affine_map<(t) -> ((t floordiv 32) * 8 + t mod 8, ((t floordiv 8) mod 4) * 8)> : vector<8xf16>, memref<16x32xf16, #lds>
    gpu.return
  }
}
)mlir";

TEST_F(TileStagingTest, TileOfLowerRankHoldsTheSourcesLastDimensions) {
  ASSERT_TRUE(parse(kLowerRankIR));
  std::optional<StagingPlan> result = plan("one_head");
  ASSERT_TRUE(result);
  // The box is one head's rows; the head moves with the workgroup in the
  // source only.
  EXPECT_EQ(result->extents, (SmallVector<int64_t>{1, 16, 32}));
  EXPECT_EQ(result->lowerBounds, (SmallVector<int64_t>{0, 0, 0}));
  ASSERT_EQ(result->sourceOffset.size(), 3u);
  ASSERT_EQ(result->sourceOffset[0].size(), 1u);
  EXPECT_EQ(result->sourceOffset[0][0].leaf.indexClass.kind,
            IndexKind::WorkgroupId);
  EXPECT_EQ(result->sourceOffset[0][0].coefficient, 1);
  // Tile coordinates lead with a zero to the source's rank.
  ASSERT_EQ(result->tileOffset.size(), 3u);
  EXPECT_TRUE(result->tileOffset[0].empty());
  EXPECT_EQ(result->tileShift, (SmallVector<int64_t>{0, 0, 0}));
  EXPECT_EQ(result->contiguousDim, 2u);
  EXPECT_EQ(result->getTileContiguousDim(), 1u);
  EXPECT_EQ(result->getTileCoordinates<int64_t>({7, 5, 3}),
            (SmallVector<int64_t>{5, 3}));
  EXPECT_EQ(result->width, 8);
  EXPECT_EQ(result->numRuns, 64);
  // Rows of two heads in one tile: no translation places the box.
  StagingDiagnostic diagnostic = failure("two_heads");
  EXPECT_EQ(diagnostic.kind, StagingFailure::NotBijective);
  EXPECT_NE(diagnostic.reason.find("one translation"), std::string::npos)
      << diagnostic.reason;
}

TEST_F(TileStagingTest, FailureKinds) {
  ASSERT_TRUE(parse(kFailuresIR));
  // The diagnostic names the access tagged with the kernel's name.
  struct Expected {
    const char *kernel;
    StagingFailure kind;
  };
  for (const Expected &expected :
       {Expected{"other_users", StagingFailure::OtherUsers},
        Expected{"transposing", StagingFailure::NotBijective},
        Expected{"sparse", StagingFailure::NotDenseBox},
        Expected{"dynamic", StagingFailure::DynamicExtent},
        Expected{"strided", StagingFailure::NotContiguous},
        Expected{"masked", StagingFailure::Unanalyzable}}) {
    StagingDiagnostic diagnostic = failure(expected.kernel);
    EXPECT_EQ(diagnostic.kind, expected.kind) << expected.kernel;
    EXPECT_EQ(diagnostic.op, access(expected.kernel).getOperation())
        << expected.kernel;
    EXPECT_FALSE(diagnostic.reason.empty()) << expected.kernel;
  }
  // The barrier sits between the read and its write: the group cannot move.
  StagingDiagnostic diagnostic = failure("barrier_between");
  EXPECT_EQ(diagnostic.kind, StagingFailure::NotMovable);
  EXPECT_TRUE(isa<BarrierOp>(diagnostic.op));
}

TEST_F(TileStagingTest, BarriersSplitGroups) {
  ASSERT_TRUE(parse(R"mlir(
#lds = #gpu.address_space<workgroup>
#a = affine_map<(t, j) -> (t mod 32, j * 8 + (t floordiv 32) * 4)>
#a_tile = affine_map<(t) -> (t mod 32, (t floordiv 32) * 4)>
gpu.module @m {
  gpu.func @twice(%A: memref<64x64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<32x8xf16, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v0 = wave.read %A[%t, %c0] map #a : memref<64x64xf16> -> vector<4xf16>
    wave.write %v0, %tile[%t] map #a_tile : vector<4xf16>, memref<32x8xf16, #lds>
    wave.barrier
    %v1 = wave.read %A[%t, %c1] map #a : memref<64x64xf16> -> vector<4xf16>
    wave.write %v1, %tile[%t] map #a_tile : vector<4xf16>, memref<32x8xf16, #lds>
    gpu.return
  }
}
)mlir"));
  SmallVector<StagingGroup> found = groups("twice");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].pairs.size(), 1u);
  EXPECT_EQ(found[1].pairs.size(), 1u);
}

TEST_F(TileStagingTest, AliasingOfMemRefs) {
  ASSERT_TRUE(parse(R"mlir(
gpu.module @m {
  gpu.func @k(%x: memref<8xf32>, %y: memref<8xf32>,
              %w: memref<8xf32, #gpu.address_space<workgroup>>) kernel {
    %a = wave.alloc_lds : memref<8xf32, #gpu.address_space<workgroup>>
    %b = wave.alloc_lds : memref<8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
)mlir"));
  gpu::GPUFuncOp kernel;
  module->walk([&](gpu::GPUFuncOp func) { kernel = func; });
  ASSERT_TRUE(kernel);
  SmallVector<Value> tiles;
  kernel.walk([&](AllocLdsOp op) { tiles.push_back(op); });
  ASSERT_EQ(tiles.size(), 2u);
  Value x = kernel.getArgument(0), y = kernel.getArgument(1),
        w = kernel.getArgument(2);
  EXPECT_TRUE(mayAlias(x, x));
  EXPECT_TRUE(mayAlias(x, y));
  EXPECT_FALSE(mayAlias(x, tiles[0]));
  EXPECT_FALSE(mayAlias(tiles[0], tiles[1]));
  EXPECT_TRUE(mayAlias(tiles[0], w));
}

} // namespace

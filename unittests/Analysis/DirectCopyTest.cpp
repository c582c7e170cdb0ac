//===- DirectCopyTest.cpp - Staging copies as global_load_lds -------------===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Staging/DirectCopy.h"
#include "wave/Analysis/Staging/StagingPlan.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::test;

namespace {

class DirectCopyTest : public FootprintTest {
protected:
  /// The only staging group of kernel `name`.
  std::optional<StagingGroup> group(StringRef name) {
    SmallVector<StagingGroup> found;
    module->walk([&](gpu::GPUFuncOp kernel) {
      if (kernel.getName() == name)
        found = findStagingGroups(kernel);
    });
    if (found.size() != 1) {
      ADD_FAILURE() << name.str() << " has " << found.size() << " groups";
      return std::nullopt;
    }
    return found.front();
  }

  FailureOr<DirectCopyPlan> plan(StringRef name, StringRef chip,
                                 DirectCopyDiagnostic &diagnostic) {
    std::optional<StagingGroup> found = group(name);
    if (!found)
      return failure();
    return planDirectCopy(*found, *lookupChip(chip), diagnostic);
  }
};

/// A 64x32 f16 box in the linear layout of 16-byte runs (four lanes a
/// row) by 256 lanes into an unpadded tile, a padded one, and 4-byte runs.
constexpr const char *kIR = R"mlir(
#lds = #gpu.address_space<workgroup>
#k = #wave.kernel<chip = "gfx950", wave_size = 64>
gpu.module @m {
  gpu.func @linear(%A: memref<128x64xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<64x32xf16, #lds>
    %v = wave.read %A[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : memref<128x64xf16> -> vector<8xf16>
    wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : vector<8xf16>, memref<64x32xf16, #lds>
    gpu.return
  }
  gpu.func @padded(%A: memref<128x64xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds padding [0, 8] : memref<64x32xf16, strided<[40, 1]>, #lds>
    %v = wave.read %A[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : memref<128x64xf16> -> vector<8xf16>
    wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : vector<8xf16>, memref<64x32xf16, strided<[40, 1]>, #lds>
    gpu.return
  }
  gpu.func @narrow(%A: memref<128x64xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>, wave.kernel = #k} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<16x32xf16, #lds>
    %v = wave.read %A[%t] map affine_map<(t) -> (t floordiv 16, (t mod 16) * 2)> : memref<128x64xf16> -> vector<2xf16>
    wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 16, (t mod 16) * 2)> : vector<2xf16>, memref<16x32xf16, #lds>
    gpu.return
  }
}
)mlir";

TEST_F(DirectCopyTest, Sizes) {
  EXPECT_EQ(getDirectToLdsBytes(*lookupChip("gfx950")),
            ArrayRef<int64_t>({16, 4}));
  EXPECT_EQ(getDirectToLdsBytes(*lookupChip("gfx942")), ArrayRef<int64_t>({4}));
  EXPECT_TRUE(getDirectToLdsBytes(*lookupChip("gfx1100")).empty());
}

TEST_F(DirectCopyTest, LinearTileOnGfx950) {
  ASSERT_TRUE(parse(kIR));
  DirectCopyDiagnostic diagnostic;
  FailureOr<DirectCopyPlan> result = plan("linear", "gfx950", diagnostic);
  ASSERT_TRUE(succeeded(result)) << diagnostic.reason;
  EXPECT_EQ(result->bytes, 16);
  EXPECT_EQ(result->vgprsSaved, 4);
  EXPECT_EQ(result->dsWritesRemoved, 1);
  EXPECT_EQ(result->waveCopies, 4);
  EXPECT_EQ(result->staging.width, 8);
}

TEST_F(DirectCopyTest, SixteenBytesOnGfx942) {
  ASSERT_TRUE(parse(kIR));
  DirectCopyDiagnostic diagnostic;
  EXPECT_TRUE(failed(plan("linear", "gfx942", diagnostic)));
  EXPECT_EQ(diagnostic.kind, DirectCopyFailure::Width);
  // The chip's own size is taken where the copy has it, on both chips.
  FailureOr<DirectCopyPlan> gfx942 = plan("narrow", "gfx942", diagnostic);
  ASSERT_TRUE(succeeded(gfx942)) << diagnostic.reason;
  EXPECT_EQ(gfx942->bytes, 4);
  FailureOr<DirectCopyPlan> gfx950 = plan("narrow", "gfx950", diagnostic);
  ASSERT_TRUE(succeeded(gfx950)) << diagnostic.reason;
  EXPECT_EQ(gfx950->bytes, 4);
}

/// The 16-byte linear copy planned again in 4-byte runs: minimizing loads
/// refuses the layout (4 loads a lane where there is 1), a narrow plan takes
/// it: runs of 2 f16, 4 reads a lane, consecutive lanes on consecutive runs.
TEST_F(DirectCopyTest, NarrowPlanTakesMoreLoads) {
  ASSERT_TRUE(parse(kIR));
  std::optional<StagingGroup> linear = group("linear");
  ASSERT_TRUE(linear);
  StagingDiagnostic diagnostic;
  EXPECT_TRUE(failed(planStaging(*linear, 32, diagnostic)));
  EXPECT_EQ(diagnostic.kind, StagingFailure::AlreadyMinimal);
  FailureOr<StagingPlan> narrow = planNarrowStaging(*linear, 32, diagnostic);
  ASSERT_TRUE(succeeded(narrow)) << diagnostic.reason;
  EXPECT_EQ(narrow->width, 2);
  EXPECT_EQ(narrow->readsPerLane, 4);
  EXPECT_EQ(narrow->numRuns, 1024);
  EXPECT_EQ(narrow->after.laneLoads, 1024);
  EXPECT_EQ(narrow->before.laneLoads, 256);
  // In the layout the copy already has, a narrow plan is no change.
  EXPECT_TRUE(failed(planNarrowStaging(*linear, 128, diagnostic)));
  EXPECT_EQ(diagnostic.kind, StagingFailure::AlreadyMinimal);
}

TEST_F(DirectCopyTest, PaddedRowsAreNotConsecutive) {
  ASSERT_TRUE(parse(kIR));
  DirectCopyDiagnostic diagnostic;
  EXPECT_TRUE(failed(plan("padded", "gfx950", diagnostic)));
  EXPECT_EQ(diagnostic.kind, DirectCopyFailure::NotConsecutive);
  EXPECT_NE(diagnostic.reason.find("lane 4 writes LDS element 40"),
            std::string::npos)
      << diagnostic.reason;
}

TEST_F(DirectCopyTest, NoInstructionOnRdna) {
  ASSERT_TRUE(parse(kIR));
  DirectCopyDiagnostic diagnostic;
  EXPECT_TRUE(failed(plan("linear", "gfx1100", diagnostic)));
  EXPECT_EQ(diagnostic.kind, DirectCopyFailure::Width);
}

} // namespace

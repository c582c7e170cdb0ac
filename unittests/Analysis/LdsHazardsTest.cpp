//===- LdsHazardsTest.cpp - Tests of the LDS hazard analysis --------------===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Lds/LdsHazards.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::wave;

namespace {

/// Parses a kernel body into a kernel of `blockSize` lanes with waves of 64
/// and arguments `%A: memref<1024xf32>`, `%n: index`; two LDS buffers `%buf`
/// (256 f32) and `%big` (512 f32), `%t` (thread id x) and constants `%c0`,
/// `%c1`, `%c4` exist. Accesses are found by their `tag` attribute.
class LdsHazardsTest : public ::testing::Test {
protected:
  LdsHazardsTest() {
    context.loadDialect<affine::AffineDialect, arith::ArithDialect,
                        gpu::GPUDialect, memref::MemRefDialect, scf::SCFDialect,
                        vector::VectorDialect, WaveDialect>();
  }

  void analyze(StringRef body, StringRef blockSize = "256, 1, 1",
               StringRef kernelAttr = "wave.kernel = #wave.kernel<chip = "
                                      "\"gfx942\", wave_size = 64>") {
    std::string source =
        ("#lds = #gpu.address_space<workgroup>\n"
         "gpu.module @m {\n"
         "  gpu.func @k(%A: memref<1024xf32>, %n: index) kernel\n"
         "      attributes {known_block_size = array<i32: " +
         blockSize + ">, " + kernelAttr +
         "} {\n"
         "    %buf = wave.alloc_lds : memref<256xf32, #lds>\n"
         "    %big = wave.alloc_lds : memref<512xf32, #lds>\n"
         "    %t = gpu.thread_id x\n"
         "    %c0 = arith.constant 0 : index\n"
         "    %c1 = arith.constant 1 : index\n"
         "    %c4 = arith.constant 4 : index\n"
         "    %v = arith.constant dense<1.0> : vector<1xf32>\n" +
         body + "\n    gpu.return\n  }\n}\n")
            .str();
    module = parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module) << source;
    module->walk([&](gpu::GPUFuncOp func) { kernel = func; });
    analysis =
        std::make_unique<LdsHazardAnalysis>(kernel, /*assumeWaveOrder=*/true);
    ASSERT_TRUE(analysis->succeeded());
  }

  Operation *tagged(StringRef tag) { return test::findTagged(*module, tag); }

  /// The hazards from `from` to `to`, as (carried by a loop, distance).
  SmallVector<std::pair<bool, unsigned>> hazardsBetween(StringRef from,
                                                        StringRef to) {
    Operation *fromOp = tagged(from), *toOp = tagged(to);
    SmallVector<std::pair<bool, unsigned>> result;
    for (const Hazard &hazard : analysis->getHazards())
      if (analysis->getAccessOfItem(hazard.fromItem).op == fromOp &&
          analysis->getAccessOfItem(hazard.toItem).op == toOp)
        result.push_back(
            {hazard.paths.carrierLoop.has_value(), hazard.paths.distance});
    return result;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  gpu::GPUFuncOp kernel;
  std::unique_ptr<LdsHazardAnalysis> analysis;
};

using Classes = SmallVector<std::pair<bool, unsigned>>;

TEST_F(LdsHazardsTest, OrderedLaneGroups) {
  analyze("");
  EXPECT_EQ(analysis->getOrderedLaneGroupSize(), 64u);
  analyze("", "256, 1, 1", "tag = \"no wave.kernel\"");
  EXPECT_EQ(analysis->getOrderedLaneGroupSize(), 1u);
}

TEST_F(LdsHazardsTest, CrossWaveReadAfterWrite) {
  analyze(R"(
    wave.write %v, %buf[%t] {tag = "w"} : vector<1xf32>, memref<256xf32, #lds>
    %r = wave.read %buf[%t] map affine_map<(t) -> (255 - t)> {tag = "r"}
        : memref<256xf32, #lds> -> vector<1xf32>
    %s = wave.read %buf[%t] {tag = "own"} : memref<256xf32, #lds> -> vector<1xf32>
    %u = wave.read %big[%t] map affine_map<(t) -> (255 - t)> {tag = "other"}
        : memref<512xf32, #lds> -> vector<1xf32>)");
  EXPECT_EQ(hazardsBetween("w", "r"), Classes({{false, 0}}));
  // The lane's own element; another buffer.
  EXPECT_TRUE(hazardsBetween("w", "own").empty());
  EXPECT_TRUE(hazardsBetween("w", "other").empty());
  EXPECT_EQ(analysis->getHazards().size(), 1u);
}

TEST_F(LdsHazardsTest, OneWaveNeedsNothingUnlessLanesAreUnordered) {
  StringRef body = R"(
    wave.write %v, %buf[%t] {tag = "w"} : vector<1xf32>, memref<256xf32, #lds>
    %r = wave.read %buf[%t] map affine_map<(t) -> (63 - t)> {tag = "r"}
        : memref<256xf32, #lds> -> vector<1xf32>)";
  analyze(body, "64, 1, 1");
  EXPECT_TRUE(analysis->getHazards().empty());
  analysis = std::make_unique<LdsHazardAnalysis>(kernel,
                                                 /*assumeWaveOrder=*/false);
  EXPECT_EQ(hazardsBetween("w", "r"), Classes({{false, 0}}));
}

/// Double buffering: the write of the next step misses what this step
/// read; the write two steps later does not.
TEST_F(LdsHazardsTest, LoopCarriedDistances) {
  analyze(R"(
    scf.for %k = %c0 to %c4 step %c1 {
      wave.write %v, %big[%t, %k] map affine_map<(t, k) -> ((k mod 2) * 256 + t)>
          {tag = "w"} : vector<1xf32>, memref<512xf32, #lds>
      %r = wave.read %big[%t, %k] map affine_map<(t, k) -> ((k mod 2) * 256 + 255 - t)>
          {tag = "r"} : memref<512xf32, #lds> -> vector<1xf32>
    })");
  EXPECT_EQ(hazardsBetween("w", "r"), Classes({{false, 0}}));
  EXPECT_EQ(hazardsBetween("r", "w"), Classes({{true, 2}}));
}

/// With two steps there is no step two iterations later.
TEST_F(LdsHazardsTest, TripCountBoundsDistances) {
  analyze(R"(
    %c2 = arith.constant 2 : index
    scf.for %k = %c0 to %c2 step %c1 {
      wave.write %v, %big[%t, %k] map affine_map<(t, k) -> ((k mod 2) * 256 + t)>
          {tag = "w"} : vector<1xf32>, memref<512xf32, #lds>
      %r = wave.read %big[%t, %k] map affine_map<(t, k) -> ((k mod 2) * 256 + 255 - t)>
          {tag = "r"} : memref<512xf32, #lds> -> vector<1xf32>
    })");
  EXPECT_TRUE(hazardsBetween("r", "w").empty());
}

/// Lanes a branch condition excludes touch nothing.
TEST_F(LdsHazardsTest, GuardsRemoveLanes) {
  analyze(R"(
    %c128 = arith.constant 128 : index
    %low = arith.cmpi ult, %t, %c128 : index
    scf.if %low {
      %r = wave.read %buf[%t] map affine_map<(t) -> (t + 128)> {tag = "r"}
          : memref<256xf32, #lds> -> vector<1xf32>
      wave.write %r, %buf[%t] {tag = "w"} : vector<1xf32>, memref<256xf32, #lds>
    } else {
      %r = wave.read %buf[%t] map affine_map<(t) -> (t - 128)> {tag = "r2"}
          : memref<256xf32, #lds> -> vector<1xf32>
    })");
  EXPECT_TRUE(hazardsBetween("r", "w").empty());
  // The arms never follow each other in one execution.
  EXPECT_TRUE(hazardsBetween("w", "r2").empty());
  // The branch is lane-divergent: no barrier may go into its arms.
  const BarrierProgram &program = analysis->getProgram();
  for (unsigned region = 1; region < program.getNumRegions(); ++region)
    EXPECT_FALSE(program.getRegion(region).barriersAllowed);
}

TEST_F(LdsHazardsTest, UniformControlFlowAllowsBarriers) {
  analyze(R"(
    %wg = gpu.block_id x
    %first = arith.cmpi eq, %wg, %c0 : index
    scf.if %first {
      wave.write %v, %buf[%t] : vector<1xf32>, memref<256xf32, #lds>
    }
    scf.for %k = %c0 to %n step %c1 {
      wave.write %v, %buf[%t] : vector<1xf32>, memref<256xf32, #lds>
    }
    scf.for %k = %t to %c4 step %c1 {
      wave.write %v, %buf[%t] : vector<1xf32>, memref<256xf32, #lds>
    })");
  const BarrierProgram &program = analysis->getProgram();
  ASSERT_EQ(program.getNumRegions(), 4u);
  EXPECT_TRUE(program.getRegion(1).barriersAllowed);
  EXPECT_TRUE(program.getRegion(2).barriersAllowed);
  // A loop that starts at the thread id runs a different number of times in
  // different lanes.
  EXPECT_FALSE(program.getRegion(3).barriersAllowed);
  // Zero iterations are possible with the kernel argument as bound.
  EXPECT_TRUE(program.getRegion(2).mayRunZeroTimes);
}

/// Accesses whose footprint is not exact conflict with their whole buffer,
/// and ops with unknown effects with all of LDS.
TEST_F(LdsHazardsTest, InexactFootprints) {
  analyze(R"(
    %sq = arith.muli %t, %t : index
    wave.write %v, %buf[%sq] {tag = "w"} : vector<1xf32>, memref<256xf32, #lds>
    %r = wave.read %buf[%t] {tag = "r"} : memref<256xf32, #lds> -> vector<1xf32>
    %l = vector.load %big[%t] {tag = "vl"} : memref<512xf32, #lds>, vector<1xf32>
    %u = wave.read %big[%t] {tag = "u"} : memref<512xf32, #lds> -> vector<1xf32>)");
  ArrayRef<LdsAccess> accesses = analysis->getAccesses();
  ASSERT_EQ(accesses.size(), 4u);
  EXPECT_NE(accesses[0].unknownFootprintReason.find("not affine"),
            std::string::npos)
      << accesses[0].unknownFootprintReason;
  EXPECT_TRUE(accesses[1].unknownFootprintReason.empty());
  EXPECT_EQ(accesses[2].unknownFootprintReason,
            "it is not a lane access with a footprint");
  EXPECT_EQ(hazardsBetween("w", "r"), Classes({{false, 0}}));
  // Reads never conflict with reads.
  EXPECT_TRUE(hazardsBetween("vl", "u").empty());
}

/// Uniform values and workgroup ids are variables of the footprint: an
/// address computed from a kernel argument is exact, the same in both
/// accesses.
TEST_F(LdsHazardsTest, UniformAddressesAreExact) {
  analyze(R"(
    %bid = gpu.block_id x
    %base = arith.muli %n, %c4 : index
    %wofs = arith.addi %base, %t : index
    wave.write %v, %big[%wofs] {tag = "w"} : vector<1xf32>, memref<512xf32, #lds>
    %own = wave.read %big[%wofs] {tag = "own"} : memref<512xf32, #lds> -> vector<1xf32>
    %sq = arith.muli %n, %n : index
    %ofs = arith.addi %sq, %t : index
    wave.write %v, %buf[%ofs] {tag = "w2"} : vector<1xf32>, memref<256xf32, #lds>
    %r2 = wave.read %buf[%ofs] {tag = "r2"} : memref<256xf32, #lds> -> vector<1xf32>
    %b = wave.read %buf[%bid] {tag = "b"} : memref<256xf32, #lds> -> vector<1xf32>)");
  for (const LdsAccess &access : analysis->getAccesses())
    EXPECT_TRUE(access.unknownFootprintReason.empty())
        << access.unknownFootprintReason;
  // Each lane reads back its own element, whatever %n is.
  EXPECT_TRUE(hazardsBetween("w", "own").empty());
  // `%n * %n` is a uniform leaf of its own, the same value in both accesses.
  EXPECT_TRUE(hazardsBetween("w2", "r2").empty());
  // Every lane reads the element the workgroup id names, which one lane
  // wrote.
  EXPECT_EQ(hazardsBetween("w2", "b"), Classes({{false, 0}}));
}

TEST_F(LdsHazardsTest, BarriersAndInsertionPoints) {
  analyze(R"(
    wave.write %v, %buf[%t] {tag = "w"} : vector<1xf32>, memref<256xf32, #lds>
    wave.barrier
    gpu.barrier
    %r = wave.read %buf[%t] {tag = "r"} : memref<256xf32, #lds> -> vector<1xf32>)");
  ArrayRef<LdsBarrier> barriers = analysis->getBarriers();
  ASSERT_EQ(barriers.size(), 2u);
  EXPECT_TRUE(barriers[0].removable);
  EXPECT_FALSE(barriers[1].removable);
  EXPECT_EQ(barriers[0].gap, (GapRef{BarrierProgram::kRoot, 1}));
  EXPECT_EQ(analysis->getInsertionPoint(barriers[0].gap), tagged("r"));
  EXPECT_TRUE(isa<gpu::ReturnOp>(
      analysis->getInsertionPoint({BarrierProgram::kRoot, 2})));
}

TEST_F(LdsHazardsTest, SafeReadsAreOrderedAndInitialized) {
  analyze(R"(
    %lo = arith.cmpi ult, %t, %c4 : index
    scf.if %lo {
      wave.write %v, %big[%t] {tag = "guarded"} : vector<1xf32>, memref<512xf32, #lds>
    }
    wave.write %v, %buf[%t] {tag = "w"} : vector<1xf32>, memref<256xf32, #lds>
    %early = wave.read %buf[%t] map affine_map<(t) -> (255 - t)> {tag = "early"}
        : memref<256xf32, #lds> -> vector<1xf32>
    wave.barrier
    %ok = wave.read %buf[%t] map affine_map<(t) -> (255 - t)> {tag = "ok"}
        : memref<256xf32, #lds> -> vector<1xf32>
    %own = wave.read %big[%t] {tag = "own"} : memref<512xf32, #lds> -> vector<1xf32>
    %fresh = wave.read %big[%t] map affine_map<(t) -> (t + 256)> {tag = "fresh"}
        : memref<512xf32, #lds> -> vector<1xf32>
    %any = wave.read %big[%n] {tag = "any"} : memref<512xf32, #lds> -> vector<1xf32>)");
  // Every lane wrote the tile and a barrier orders it: safe.
  EXPECT_EQ(analysis->explainUnsafeRead(tagged("ok")), "");
  // Before the barrier, lane 0 reads what lane 255 writes.
  EXPECT_NE(analysis->explainUnsafeRead(tagged("early"))
                .find("it may race with 'wave.write'"),
            std::string::npos);
  // Only lanes 0-3 wrote %big, under a guard, which does not count as
  // initializing anything; no lane wrote the upper half.
  EXPECT_EQ(analysis->explainUnsafeRead(tagged("own")),
            "it would read element 0 of its LDS buffer, which no write "
            "ahead of it initializes");
  EXPECT_EQ(analysis->explainUnsafeRead(tagged("fresh")),
            "it would read element 256 of its LDS buffer, which no write "
            "ahead of it initializes");
  // An address given by a kernel argument cannot be enumerated.
  EXPECT_EQ(analysis->explainUnsafeRead(tagged("any")),
            "the elements it reads cannot be enumerated");
}

} // namespace

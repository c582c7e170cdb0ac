//===- FootprintQueryTest.cpp - Bounds, overlap and failure reasons -------===//

#include "FootprintTestUtils.h"

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Footprint/LaunchFacts.h"
#include "wave/Analysis/Footprint/LoopFacts.h"
#include "wave/Analysis/Footprint/SymbolicFootprint.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::test;

namespace {

//===----------------------------------------------------------------------===//
// isProvablyInBounds
//===----------------------------------------------------------------------===//

constexpr const char *kBoundsIR = R"mlir(
gpu.module @bounds {
  // Five workgroups of 256 lanes walk past the end of 1024 elements.
  gpu.func @grid_too_large(%a: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 5, 1, 1>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %v = wave.read %a[%bid, %tid] map affine_map<(b, t) -> (b * 256 + t)>
        {tag = "grid_too_large"} : memref<1024xf32> -> vector<1xf32>
    gpu.return
  }
  // Without known_grid_size any workgroup id may occur.
  gpu.func @unknown_grid(%a: memref<1024xf32>, %b: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %v = wave.read %a[%bid, %tid] map affine_map<(b, t) -> (b * 256 + t)>
        {tag = "unknown_grid"} : memref<1024xf32> -> vector<1xf32>
    // ... which does not matter when the map ignores it.
    %w = wave.read %b[%tid] {tag = "grid_independent"}
        : memref<256xf32> -> vector<1xf32>
    gpu.return
  }
  gpu.func @shapes(%a: memref<4xf32>, %b: memref<64x8xf32>, %n: index,
                   %d: memref<?xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    // t floordiv 8 - (t floordiv 16) * 2 is bit 3 of t: in bounds, though
    // interval arithmetic on the two terms separately would say [-6, 7].
    %v = wave.read %a[%tid]
        map affine_map<(t) -> (t floordiv 8 - (t floordiv 16) * 2)>
        {tag = "correlated"} : memref<4xf32> -> vector<1xf32>
    scf.for %k = %c0 to %c32 step %c8 {
      // Row t, columns k floordiv 4 and the next: k ends at 24, so the
      // last column is 6 + 1.
      %w = wave.read %b[%tid, %k] map affine_map<(t, k) -> (t, k floordiv 4)>
          {tag = "in_loop"} : memref<64x8xf32> -> vector<2xf32>
      // Columns k floordiv 2 and the next reach 12 + 1.
      %x = wave.read %b[%tid, %k] map affine_map<(t, k) -> (t, k floordiv 2)>
          {tag = "past_loop"} : memref<64x8xf32> -> vector<2xf32>
    }
    scf.for %k = %c8 to %c4 step %c4 {
      %y = wave.read %b[%tid, %k] {tag = "never_runs"}
          : memref<64x8xf32> -> vector<4xf32>
    }
    %z = wave.read %a[%n] {tag = "uniform"} : memref<4xf32> -> vector<1xf32>
    %e = wave.read %d[%tid] {tag = "dynamic_shape"} : memref<?xf32> -> vector<1xf32>
    gpu.return
  }
}
)mlir";

struct BoundsCase {
  const char *tag;
  bool inBounds;
  const char *reason;
};

class BoundsTest : public FootprintTest {
protected:
  /// Each case's answer, and a reason that says what the case expects.
  void expectBounds(ArrayRef<BoundsCase> cases) {
    for (const BoundsCase &test : cases) {
      std::string reason;
      EXPECT_EQ(isProvablyInBounds(access(test.tag), &reason), test.inBounds)
          << test.tag << ": " << reason;
      EXPECT_NE(reason.find(test.reason), std::string::npos)
          << test.tag << ": " << reason;
    }
  }
};

TEST_F(BoundsTest, ProvablyInBounds) {
  ASSERT_TRUE(parse(kBoundsIR));
  const BoundsCase cases[] = {
      {"grid_too_large", false,
       "coordinate 0 of 'wave.read' at test.mlir:9:10 ranges over [0, 1279], "
       "outside [0, 1023]"},
      {"unknown_grid", false,
       "depends on the workgroup id x ('gpu.block_id' at test.mlir:17:12) "
       "and the enclosing "
       "gpu.func has no known_grid_size"},
      {"grid_independent", true, ""},
      {"correlated", true, ""},
      {"in_loop", true, ""},
      {"past_loop", false, "ranges over [0, 13], outside [0, 7]"},
      {"never_runs", true, ""},
      {"uniform", false,
       "depends on the uniform value (block argument #2 of 'gpu.func' at "
       "test.mlir:25:3) and its range is unknown"},
      {"dynamic_shape", false,
       "is dynamic, and no kernel argument holds it ('wave.dims')"},
  };
  // The two terms of "correlated" survive simplification: only searching
  // them jointly over the thread id proves the access in bounds.
  std::optional<AccessFootprint> correlated = footprint("correlated");
  ASSERT_TRUE(correlated);
  EXPECT_EQ(correlated->getMap().getResult(0).getKind(), AffineExprKind::Add);
  expectBounds(cases);
}

// Extents that kernel arguments hold (`wave.dims`) are those arguments'
// values in the bounds questions, constrained by `wave.assume`.
constexpr const char *kDynamicIR = R"mlir(
gpu.module @dynamic {
  gpu.func @run_time(%x: memref<?xf32> {wave.dims = array<i64: 1>}, %n: index,
                     %y: memref<?x?xf32> {wave.dims = array<i64: 3, 4>},
                     %m: index, %k: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.assume = affine_set<(x, n, y, m, k) :
                      (n mod 64 == 0, m - 1 >= 0, k mod 8 == 0)>} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %n step %c64 {
      // Chunks of 64 up to n, a multiple of 64: in bounds.
      %a = wave.read %x[%i, %tid] map affine_map<(i, t) -> (i + t)>
          {tag = "chunks"} : memref<?xf32> -> vector<1xf32>
      // One further: the last lane of the last chunk reads element n.
      %b = wave.read %x[%i, %tid] map affine_map<(i, t) -> (i + t + 1)>
          {tag = "shifted"} : memref<?xf32> -> vector<1xf32>
    }
    // memref.dim is the size argument.
    %d = memref.dim %x, %c0 : memref<?xf32>
    scf.for %i = %c0 to %d step %c64 {
      %c = wave.read %x[%i, %tid] map affine_map<(i, t) -> (i + t)>
          {tag = "dim_loop"} : memref<?xf32> -> vector<1xf32>
    }
    // Row 0 exists (m >= 1), row t may not; a bounded read skips it.
    %e = wave.read %y[%c0, %c0] {tag = "first_row"}
        : memref<?x?xf32> -> vector<1xf32>
    %f = wave.read %y[%tid, %c0] {tag = "rows"}
        : memref<?x?xf32> -> vector<1xf32>
    %g = wave.read %y[%tid, %c0] bounded {tag = "bounded_rows"}
        : memref<?x?xf32> -> vector<8xf32>
    gpu.return
  }
}
)mlir";

TEST_F(BoundsTest, DynamicExtents) {
  ASSERT_TRUE(parse(kDynamicIR));
  const BoundsCase cases[] = {
      {"chunks", true, ""},
      {"shifted", false,
       "may lie outside [0, argument #1) for sizes the kernel's wave.assume "
       "allows"},
      {"dim_loop", true, ""},
      {"first_row", false, "may lie outside [0, argument #4)"},
      {"rows", false, "may lie outside [0, argument #3)"},
      {"bounded_rows", true, ""},
  };
  expectBounds(cases);
  // Without skipping, the bounded read would cross row m.
  FailureOr<SymbolicFootprint> bounded =
      SymbolicFootprint::get(access("bounded_rows"));
  ASSERT_TRUE(succeeded(bounded));
  EXPECT_FALSE(bounded->isProvablyInBounds(nullptr, /*ignoreBounded=*/true));

  auto kernel = access("chunks")->getParentOfType<gpu::GPUFuncOp>();
  EXPECT_EQ(getKnownDivisor(kernel.getArgument(1)), 64);
  EXPECT_EQ(getKnownDivisor(kernel.getArgument(3)), 1);
  EXPECT_EQ(getKnownDivisor(kernel.getArgument(4)), 8);
}

constexpr const char *kWholeIR = R"mlir(
gpu.module @whole {
  gpu.func @whole(%y: memref<?x?xf16> {wave.dims = array<i64: 1, 2>},
                  %m: index, %k: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.assume = affine_set<(y, m, k) :
                      (m - 1 >= 0, 1000 - m >= 0, k - 8 >= 0,
                       k mod 8 == 0)>} {
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    // Runs of 8 from multiples of 8 on rows of a multiple of 8: whole.
    %a = wave.read %y[%bid, %tid] map affine_map<(b, t) -> (b, t * 8)>
        bounded {tag = "aligned"} : memref<?x?xf16> -> vector<8xf16>
    // From 4 mod 8: the last run of a row crosses its end.
    %b = wave.read %y[%bid, %tid] map affine_map<(b, t) -> (b, t * 8 + 4)>
        bounded {tag = "misaligned"} : memref<?x?xf16> -> vector<8xf16>
    // Elements -4 to 3 of a row of at least 8: the run crosses 0.
    %c = wave.read %y[%bid] map affine_map<(b) -> (b, -4)>
        bounded {tag = "below_zero"} : memref<?x?xf16> -> vector<8xf16>
    // Runs of 4 from 2 mod 4 cross the end, but for the lanes of a guard
    // that keeps them inside.
    %t4 = arith.muli %tid, %c4 : index
    %end = arith.addi %t4, %c6 : index
    %in = arith.cmpi sle, %end, %k : index
    scf.if %in {
      %d = wave.read %y[%bid, %tid] map affine_map<(b, t) -> (b, t * 4 + 2)>
          bounded {tag = "guarded"} : memref<?x?xf16> -> vector<4xf16>
    }
    %e = wave.read %y[%bid, %tid] map affine_map<(b, t) -> (b, t * 4 + 2)>
        bounded {tag = "unguarded"} : memref<?x?xf16> -> vector<4xf16>
    gpu.return
  }
}
)mlir";

// Whether a bounded run lies wholly inside or outside the shape, and the
// bounds wave.assume gives the sizes.
TEST_F(BoundsTest, WholeOrNothing) {
  ASSERT_TRUE(parse(kWholeIR));
  for (auto [tag, whole] : {std::pair{"aligned", true},
                            {"misaligned", false},
                            {"below_zero", false},
                            {"guarded", true},
                            {"unguarded", false}}) {
    FailureOr<SymbolicFootprint> footprint =
        SymbolicFootprint::get(access(tag));
    ASSERT_TRUE(succeeded(footprint)) << tag;
    std::string reason;
    EXPECT_EQ(footprint->isWholeOrNothing(&reason), whole) << tag;
    if (!whole)
      EXPECT_NE(reason.find("may lie partly inside and partly outside "
                            "extent 1"),
                std::string::npos)
          << tag << ": " << reason;
  }
  auto kernel = access("aligned")->getParentOfType<gpu::GPUFuncOp>();
  EXPECT_EQ(getKnownUpperBound(kernel.getArgument(1)), 1000);
  EXPECT_EQ(getKnownUpperBound(kernel.getArgument(2)), std::nullopt);
  KnownBounds m = getKnownBounds(kernel.getArgument(1));
  EXPECT_EQ(m.lower, 1);
  EXPECT_EQ(m.upper, 1000);
  KnownBounds k = getKnownBounds(kernel.getArgument(2));
  EXPECT_EQ(k.lower, 8);
  EXPECT_EQ(k.upper, std::nullopt);
  // The memref has no bounds of its own: it is no size.
  KnownBounds y = getKnownBounds(kernel.getArgument(0));
  EXPECT_EQ(y.lower, std::nullopt);
  EXPECT_EQ(y.upper, std::nullopt);
}

constexpr const char *kTripsIR = R"mlir(
gpu.module @trips {
  gpu.func @trips(%n: index, %k: index, %m: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.assume = affine_set<(n, k, m) :
                      (n - 4 >= 0, 100 - n >= 0, k - 33 >= 0,
                       1000 - k >= 0)>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    // 4 <= n <= 100 trips.
    scf.for %i = %c0 to %n step %c1 {
    } {tag = "to_n"}
    // ceildiv(n - 1, 2) >= 2 trips.
    scf.for %i = %c1 to %n step %c2 {
    } {tag = "odd_to_n"}
    // ceildiv(k, 32) >= 2 steps of a K of at least 33.
    %steps = arith.ceildivsi %k, %c32 : index
    scf.for %i = %c0 to %steps step %c1 {
    } {tag = "k_steps"}
    // Unsigned division of a size wave.assume keeps positive divides as
    // floordiv and ceildiv: ceil(k / 32) >= 2, k / 32 >= 1.
    %usteps = arith.ceildivui %k, %c32 : index
    scf.for %i = %c0 to %usteps step %c1 {
    } {tag = "k_steps_unsigned"}
    %whole = arith.divui %k, %c32 : index
    scf.for %i = %c0 to %whole step %c1 {
    } {tag = "k_whole_steps"}
    // Nothing is known of m: ceil(m / 32) may be 0.
    %msteps = arith.ceildivui %m, %c32 : index
    scf.for %i = %c0 to %msteps step %c1 {
    } {tag = "m_steps_unsigned"}
    // Nothing is known of m.
    scf.for %i = %c0 to %m step %c1 {
    } {tag = "to_m"}
    // A lane's own count: 4 to 4 + 63 trips.
    %ub = arith.addi %n, %tid : index
    scf.for %i = %c0 to %ub step %c1 {
    } {tag = "per_lane"}
    gpu.return
  }
}
)mlir";

// The fewest trips wave.assume allows a loop of run-time bounds.
TEST_F(FootprintTest, TripCountAtLeast) {
  ASSERT_TRUE(parse(kTripsIR));
  auto loop = [&](StringRef tag) {
    return cast<scf::ForOp>(findTagged(module.get(), tag));
  };
  for (auto [tag, fewest] : {std::pair{"to_n", 4},
                             {"odd_to_n", 2},
                             {"k_steps", 2},
                             {"k_steps_unsigned", 2},
                             {"k_whole_steps", 1},
                             {"m_steps_unsigned", 0},
                             {"to_m", 0},
                             {"per_lane", 4}}) {
    if (fewest > 0)
      EXPECT_TRUE(isTripCountAtLeast(loop(tag), fewest)) << tag;
    std::string reason;
    EXPECT_FALSE(isTripCountAtLeast(loop(tag), fewest + 1, &reason)) << tag;
    EXPECT_EQ(reason, "the kernel's wave.assume allows fewer than " +
                          std::to_string(fewest + 1) + " trips")
        << tag;
  }
}

// The most trips wave.assume allows a loop of run-time bounds: n <= 100,
// k <= 1000, m unbounded.
TEST_F(FootprintTest, TripCountAtMost) {
  ASSERT_TRUE(parse(kTripsIR));
  auto loop = [&](StringRef tag) {
    return cast<scf::ForOp>(findTagged(module.get(), tag));
  };
  for (auto [tag, most] : {std::pair{"to_n", 100},
                           {"odd_to_n", 50},
                           {"k_steps", 32},
                           {"k_steps_unsigned", 32},
                           {"k_whole_steps", 31},
                           {"per_lane", 163}}) {
    EXPECT_TRUE(isTripCountAtMost(loop(tag), most)) << tag;
    std::string reason;
    EXPECT_FALSE(isTripCountAtMost(loop(tag), most - 1, &reason)) << tag;
    EXPECT_EQ(reason, "the kernel's wave.assume allows more than " +
                          std::to_string(most - 1) + " trips")
        << tag;
  }
  for (const char *tag : {"m_steps_unsigned", "to_m"}) {
    std::string reason;
    EXPECT_FALSE(isTripCountAtMost(loop(tag), 1 << 20, &reason)) << tag;
    EXPECT_EQ(reason, "the kernel's wave.assume allows more than 1048576 trips")
        << tag;
  }
}

// The enumerated footprint agrees: one workgroup of grid_too_large is in
// bounds, the last one is not.
TEST_F(FootprintTest, EnumeratedBoundsPerWorkgroup) {
  ASSERT_TRUE(parse(kBoundsIR));
  FootprintBindings last;
  last.workgroupId = {4, 0, 0};
  std::optional<WorkgroupFootprint> first = enumerate("grid_too_large");
  std::optional<WorkgroupFootprint> fifth = enumerate("grid_too_large", last);
  ASSERT_TRUE(first && fifth);
  EXPECT_TRUE(first->isInBounds());
  EXPECT_FALSE(fifth->isInBounds());
}

//===----------------------------------------------------------------------===//
// Cross-lane overlap
//===----------------------------------------------------------------------===//

constexpr const char *kSharingIR = R"mlir(
#lds = #gpu.address_space<workgroup>
gpu.module @sharing {
  gpu.func @sharing(%v: vector<1xf32>, %other: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %lds = wave.alloc_lds : memref<128xf32, #lds>
    wave.write %v, %lds[%tid] {tag = "own"} : vector<1xf32>, memref<128xf32, #lds>
    %r0 = wave.read %lds[%tid] {tag = "read_own"}
        : memref<128xf32, #lds> -> vector<1xf32>
    %r1 = wave.read %lds[%tid]
        map affine_map<(t) -> ((t + 1) mod 64 + (t floordiv 64) * 64)>
        {tag = "read_neighbor"} : memref<128xf32, #lds> -> vector<1xf32>
    %r2 = wave.read %lds[%tid] map affine_map<(t) -> ((t + 64) mod 128)>
        {tag = "read_other_wave"} : memref<128xf32, #lds> -> vector<1xf32>
    %r3 = wave.read %other[%tid] {tag = "other_buffer"}
        : memref<128xf32> -> vector<1xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      wave.write %v, %lds[%tid, %i] map affine_map<(t, i) -> ((t + i * 32) mod 128)>
          {tag = "rotating"} : vector<1xf32>, memref<128xf32, #lds>
    }
    gpu.return
  }
}
)mlir";

class OverlapTest : public FootprintTest {
protected:
  /// The overlap of the tagged accesses, which must be computable.
  LaneOverlap
  overlapOf(StringRef a, StringRef b, unsigned waveSize,
            const FootprintBindings &bindingsA = FootprintBindings(),
            const FootprintBindings &bindingsB = FootprintBindings()) {
    std::string reason;
    FailureOr<LaneOverlap> overlap = computeLaneOverlap(
        access(a), bindingsA, access(b), bindingsB, waveSize, &reason);
    EXPECT_TRUE(succeeded(overlap)) << reason;
    return succeeded(overlap) ? *overlap : LaneOverlap();
  }
};

TEST_F(OverlapTest, LanePrivate) {
  ASSERT_TRUE(parse(kSharingIR));
  LaneOverlap raw = overlapOf("own", "read_own", 64);
  EXPECT_TRUE(raw.commonAddress);
  EXPECT_FALSE(raw.crossLane);
  EXPECT_FALSE(raw.crossWave);
  EXPECT_EQ(raw.laneA, raw.laneB);
  LaneOverlap waw = overlapOf("own", "own", 64);
  EXPECT_FALSE(waw.crossLane);
}

TEST_F(OverlapTest, WithinOneWave) {
  ASSERT_TRUE(parse(kSharingIR));
  LaneOverlap wave64 = overlapOf("own", "read_neighbor", 64);
  EXPECT_TRUE(wave64.crossLane);
  EXPECT_FALSE(wave64.crossWave);
  EXPECT_TRUE(wave64.allPairsWithinOneWave());
  // The witness: lane b reads what lane a wrote.
  EXPECT_NE(wave64.laneA, wave64.laneB);
  EXPECT_EQ(wave64.address, wave64.laneA);
  EXPECT_EQ(wave64.laneA, (wave64.laneB + 1) % 64 + wave64.laneB / 64 * 64);
  // In waves of 32, lane 31 reads what lane 32 wrote.
  LaneOverlap wave32 = overlapOf("own", "read_neighbor", 32);
  EXPECT_TRUE(wave32.crossWave);
  EXPECT_NE(wave32.laneA / 32, wave32.laneB / 32);
}

TEST_F(OverlapTest, AcrossWaves) {
  ASSERT_TRUE(parse(kSharingIR));
  LaneOverlap overlap = overlapOf("own", "read_other_wave", 64);
  EXPECT_TRUE(overlap.crossLane);
  EXPECT_TRUE(overlap.crossWave);
  EXPECT_FALSE(overlap.allPairsWithinOneWave());
  EXPECT_EQ((overlap.laneB + 64) % 128, overlap.laneA);
}

// Loop-carried: the write of iteration i against the write of iteration
// i + 1 and the read after the loop, with the induction variable bound.
TEST_F(OverlapTest, BindingsPerAccess) {
  ASSERT_TRUE(parse(kSharingIR));
  Value iv =
      access("rotating")->getParentOfType<scf::ForOp>().getInductionVar();
  LaneOverlap sameIteration =
      overlapOf("rotating", "read_own", 64, FootprintBindings().bind(iv, 0),
                FootprintBindings());
  EXPECT_FALSE(sameIteration.crossLane);
  LaneOverlap nextIteration =
      overlapOf("rotating", "read_own", 64, FootprintBindings().bind(iv, 1),
                FootprintBindings());
  EXPECT_TRUE(nextIteration.crossLane);
  EXPECT_TRUE(nextIteration.crossWave);
  LaneOverlap carried =
      overlapOf("rotating", "rotating", 64, FootprintBindings().bind(iv, 0),
                FootprintBindings().bind(iv, 2));
  EXPECT_TRUE(carried.crossWave);
  EXPECT_EQ(carried.laneB, (carried.laneA + 64) % 128);
}

TEST_F(OverlapTest, DifferentMemrefsRejected) {
  ASSERT_TRUE(parse(kSharingIR));
  std::string reason;
  EXPECT_TRUE(failed(computeLaneOverlap(access("own"), FootprintBindings(),
                                        access("other_buffer"),
                                        FootprintBindings(), 64, &reason)));
  EXPECT_NE(reason.find("access different memrefs"), std::string::npos)
      << reason;
}

//===----------------------------------------------------------------------===//
// Failure reasons
//===----------------------------------------------------------------------===//

constexpr const char *kFailuresIR = R"mlir(
gpu.module @failures {
  gpu.func @failures(%a: memref<256xf32>, %n: index, %buf: memref<8xindex>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c100 = arith.constant 100 : index
    %tid = gpu.thread_id x
    %square = arith.muli %tid, %tid : index
    %v0 = wave.read %a[%square] {tag = "square"} : memref<256xf32> -> vector<1xf32>
    %loaded = memref.load %buf[%c0] : memref<8xindex>
    %v1 = wave.read %a[%loaded] {tag = "loaded"} : memref<256xf32> -> vector<1xf32>
    %shifted = arith.subi %tid, %c100 : index
    %quotient = arith.divsi %shifted, %c4 : index
    %v2 = wave.read %a[%quotient] {tag = "signed_div"} : memref<256xf32> -> vector<1xf32>
    %byArg = arith.divui %tid, %n : index
    %v3 = wave.read %a[%byArg] {tag = "divide_by_arg"} : memref<256xf32> -> vector<1xf32>
    %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %c0) -> (index) {
      %v4 = wave.read %a[%s] {tag = "iter_arg"} : memref<256xf32> -> vector<1xf32>
      %next = arith.addi %s, %tid : index
      scf.yield %next : index
    }
    %offset = arith.addi %tid, %n : index
    %v5 = wave.read %a[%offset] {tag = "uniform_offset"} : memref<256xf32> -> vector<1xf32>
    %negmod = affine.apply affine_map<(t) -> (t mod -2)>(%tid)
    %v6 = wave.read %a[%negmod] {tag = "negative_mod"} : memref<256xf32> -> vector<1xf32>
    gpu.return
  }
  gpu.func @no_kernel_attr(%a: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %lane = gpu.lane_id
    %v = wave.read %a[%lane] {tag = "lane_without_wave_size"}
        : memref<64xf32> -> vector<1xf32>
    gpu.return
  }
  gpu.func @no_block_size(%a: memref<64xf32>) kernel {
    %tid = gpu.thread_id x
    %v = wave.read %a[%tid] {tag = "no_block_size"} : memref<64xf32> -> vector<1xf32>
    gpu.return
  }
}
)mlir";

TEST_F(FootprintTest, FailureReasons) {
  ASSERT_TRUE(parse(kFailuresIR));
  const std::pair<const char *, const char *> cases[] = {
      {"square", "index operand #0 of 'wave.read' at test.mlir:12:11: "
                 "'arith.muli' at test.mlir:11:15 multiplies two values that "
                 "are not constants, which is not affine"},
      {"loaded", "'memref.load' at test.mlir:13:15 is neither index "
                 "arithmetic nor a thread id, workgroup id, loop induction "
                 "variable, uniform value or constant"},
      {"signed_div", "cannot prove the dividend of 'arith.divsi' at "
                     "test.mlir:16:17 non-negative"},
      {"divide_by_arg", "'arith.divui' at test.mlir:18:14 divides by a value "
                        "that is not a positive constant"},
      {"iter_arg", "block argument #1 of 'scf.for' at test.mlir:20:12 is "
                   "neither a loop induction variable nor a kernel argument"},
      {"negative_mod", "'affine.apply' at test.mlir:27:15 divides by -2 in "
                       "'d0 mod -2'"},
      {"lane_without_wave_size",
       "'gpu.lane_id' at test.mlir:33:13 needs the workgroup size "
       "(known_block_size) and the wave size (wave.kernel)"},
  };
  for (auto [tag, expected] : cases) {
    std::string reason = footprintFailure(tag);
    EXPECT_NE(reason.find(expected), std::string::npos)
        << tag << ": " << reason;
  }
}

TEST_F(FootprintTest, EnumerationFailureReasons) {
  ASSERT_TRUE(parse(kFailuresIR));
  // A uniform offset has a footprint, but enumerating it needs its value.
  std::optional<AccessFootprint> uniform = footprint("uniform_offset");
  ASSERT_TRUE(uniform);
  ASSERT_EQ(uniform->getLeaves().size(), 2u);
  std::string reason;
  EXPECT_TRUE(failed(uniform->enumerate(FootprintBindings(), &reason)));
  EXPECT_NE(reason.find("needs a value for the uniform value"),
            std::string::npos)
      << reason;
  Value n = access("uniform_offset")
                ->getParentOfType<gpu::GPUFuncOp>()
                .getArgument(1);
  FailureOr<WorkgroupFootprint> bound =
      uniform->enumerate(FootprintBindings().bind(n, 100));
  ASSERT_TRUE(succeeded(bound));
  EXPECT_EQ(bound->getDenseBox(), (FootprintBox{coord({100}), coord({64})}));

  std::optional<AccessFootprint> noSize = footprint("no_block_size");
  ASSERT_TRUE(noSize);
  EXPECT_TRUE(failed(noSize->enumerate(FootprintBindings(), &reason)));
  EXPECT_NE(reason.find("not in a gpu.func with a known_block_size"),
            std::string::npos)
      << reason;
}

} // namespace

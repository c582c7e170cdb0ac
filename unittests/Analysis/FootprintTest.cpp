//===- FootprintTest.cpp - Footprints of elementwise, transpose, loops ----===//

#include "FootprintTestUtils.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::test;

namespace {

//===----------------------------------------------------------------------===//
// Elementwise kernels: one and two elements a lane
//===----------------------------------------------------------------------===//

constexpr const char *kElementwiseIR = R"mlir(
gpu.module @elementwise {
  gpu.func @add1(%a: memref<1024xf32>, %b: memref<1024xf32>,
                 %c: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %dim = gpu.block_dim x
    %base = arith.muli %bid, %dim : index
    %i = arith.addi %base, %tid : index
    %x = wave.read %a[%i] {tag = "add1_a"} : memref<1024xf32> -> vector<1xf32>
    %y = wave.read %b[%i] {tag = "add1_b"} : memref<1024xf32> -> vector<1xf32>
    %s = arith.addf %x, %y : vector<1xf32>
    wave.write %s, %c[%i] {tag = "add1_c"} : vector<1xf32>, memref<1024xf32>
    gpu.return
  }
  gpu.func @add2(%a: memref<1024xf32>, %b: memref<1024xf32>,
                 %c: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %i = affine.apply affine_map<(b, t) -> (b * 512 + t * 2)>(%bid, %tid)
    %x = wave.read %a[%i] {tag = "add2_a"} : memref<1024xf32> -> vector<2xf32>
    %y = wave.read %b[%i] {tag = "add2_b"} : memref<1024xf32> -> vector<2xf32>
    %s = arith.addf %x, %y : vector<2xf32>
    wave.write %s, %c[%i] {tag = "add2_c"} : vector<2xf32>, memref<1024xf32>
    gpu.return
  }
}
)mlir";

TEST_F(FootprintTest, ElementwiseOneElementALane) {
  ASSERT_TRUE(parse(kElementwiseIR));
  FootprintBindings workgroup2;
  workgroup2.workgroupId = {2, 0, 0};
  for (const char *tag : {"add1_a", "add1_b", "add1_c"}) {
    std::optional<WorkgroupFootprint> lanes = enumerate(tag, workgroup2);
    ASSERT_TRUE(lanes);
    ASSERT_EQ(lanes->getNumLanes(), 256);
    for (int64_t lane = 0; lane < 256; ++lane) {
      ASSERT_EQ(lanes->getNumElements(lane), 1);
      EXPECT_EQ(lanes->getCoordinate(lane, 0),
                ArrayRef<int64_t>(coord({512 + lane})));
    }
    EXPECT_EQ(lanes->getDenseBox(), (FootprintBox{coord({512}), coord({256})}));
    EXPECT_TRUE(lanes->isInBounds());
    EXPECT_TRUE(isProvablyInBounds(access(tag))) << tag;
  }
  // gpu.block_dim folded to the known workgroup size: the map is affine in
  // the workgroup and thread ids alone.
  std::optional<AccessFootprint> read = footprint("add1_a");
  ASSERT_TRUE(read);
  EXPECT_EQ(read->getLeaves().size(), 2u);
  EXPECT_FALSE(read->dependsOn(IndexKind::Uniform));
}

TEST_F(FootprintTest, ElementwiseTwoElementsALane) {
  ASSERT_TRUE(parse(kElementwiseIR));
  FootprintBindings workgroup1;
  workgroup1.workgroupId = {1, 0, 0};
  std::optional<WorkgroupFootprint> lanes = enumerate("add2_c", workgroup1);
  ASSERT_TRUE(lanes);
  for (int64_t lane = 0; lane < 256; ++lane) {
    EXPECT_EQ(lanes->getLaneCoordinates(lane),
              (SmallVector<SmallVector<int64_t>>{coord({512 + 2 * lane}),
                                                 coord({513 + 2 * lane})}));
    EXPECT_EQ(lanes->getPhysicalOffset(lane, 1), 513 + 2 * lane);
  }
  EXPECT_EQ(lanes->getDenseBox(), (FootprintBox{coord({512}), coord({512})}));
  EXPECT_TRUE(isProvablyInBounds(access("add2_a")));
  // Every element is written by one lane only.
  FailureOr<LaneOverlap> waw = computeLaneOverlap(
      access("add2_c"), workgroup1, access("add2_c"), workgroup1, 64);
  ASSERT_TRUE(succeeded(waw));
  EXPECT_FALSE(waw->crossLane);
}

//===----------------------------------------------------------------------===//
// Transpose through a padded LDS tile
//===----------------------------------------------------------------------===//

/// A 32 x 32 tile per workgroup of 8 x 32 threads: each lane reads 4
/// consecutive elements of a row (coalesced), stores them into a tile padded
/// to 33 columns, and reads 4 consecutive elements of a column back.
constexpr const char *kTransposeIR = R"mlir(
#lds = #gpu.address_space<workgroup>
gpu.module @transpose {
  gpu.func @transpose(%in: memref<64x64xf32>, %out: memref<64x64xf32>) kernel
      attributes {known_block_size = array<i32: 8, 32, 1>,
                  known_grid_size = array<i32: 2, 2, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %tile = wave.alloc_lds padding [0, 1]
        : memref<32x32xf32, strided<[33, 1]>, #lds>
    %v = wave.read %in[%by, %bx, %ty, %tx]
        map affine_map<(by, bx, ty, tx) -> (by * 32 + ty, bx * 32 + tx * 4)>
        {tag = "load"} : memref<64x64xf32> -> vector<4xf32>
    wave.write %v, %tile[%ty, %tx] map affine_map<(ty, tx) -> (ty, tx * 4)>
        {tag = "store_lds"}
        : vector<4xf32>, memref<32x32xf32, strided<[33, 1]>, #lds>
    wave.barrier
    %w = wave.read %tile[%tx, %ty] map affine_map<(tx, ty) -> (tx * 4, ty)>
        along 0 {tag = "load_lds"}
        : memref<32x32xf32, strided<[33, 1]>, #lds> -> vector<4xf32>
    wave.write %w, %out[%bx, %by, %ty, %tx]
        map affine_map<(bx, by, ty, tx) -> (bx * 32 + ty, by * 32 + tx * 4)>
        {tag = "store"} : vector<4xf32>, memref<64x64xf32>
    gpu.return
  }
}
)mlir";

TEST_F(FootprintTest, TransposeGlobalReadIsCoalesced) {
  ASSERT_TRUE(parse(kTransposeIR));
  FootprintBindings bindings;
  bindings.workgroupId = {1, 0, 0};
  std::optional<WorkgroupFootprint> load = enumerate("load", bindings);
  ASSERT_TRUE(load);
  ASSERT_EQ(load->getNumLanes(), 256);
  for (int64_t lane = 0; lane < 256; ++lane) {
    int64_t tx = lane % 8, ty = lane / 8;
    for (int64_t slot = 0; slot < 4; ++slot) {
      EXPECT_EQ(load->getCoordinate(lane, slot),
                ArrayRef<int64_t>(coord({ty, 32 + tx * 4 + slot})));
      // Consecutive lanes read consecutive addresses: each row of 8 lanes
      // fetches one contiguous run of 32 elements.
      EXPECT_EQ(load->getPhysicalOffset(lane, slot),
                ty * 64 + 32 + lane % 8 * 4 + slot);
    }
  }
  EXPECT_EQ(load->getDenseBox(),
            (FootprintBox{coord({0, 32}), coord({32, 32})}));
  EXPECT_TRUE(isProvablyInBounds(access("load")));
  EXPECT_TRUE(isProvablyInBounds(access("store")));
}

// The transpose with a swizzled tile instead of the padded one: logical
// coordinates and the dense box are unchanged (the swizzle is a bijection of
// each row), physical offsets XOR the column with the row's phase.
TEST_F(FootprintTest, TransposeLdsAccessesUseSwizzledColumns) {
  std::string ir = kTransposeIR;
  for (auto [from, to] :
       {std::pair<std::string, std::string>{
            "padding [0, 1]",
            "swizzle <vec = 4, per_phase = 4, max_phase = 8>"},
        {"strided<[33, 1]>, ", ""}}) {
    for (size_t at = ir.find(from); at != std::string::npos;
         at = ir.find(from, at))
      ir.replace(at, from.size(), to);
  }
  ASSERT_TRUE(parse(ir));
  std::optional<WorkgroupFootprint> store = enumerate("store_lds");
  std::optional<WorkgroupFootprint> load = enumerate("load_lds");
  ASSERT_TRUE(store && load);
  auto physical = [](int64_t row, int64_t column) {
    return row * 32 + (column ^ (((row / 4) % 8) * 4));
  };
  for (int64_t lane = 0; lane < 256; ++lane) {
    int64_t tx = lane % 8, ty = lane / 8;
    for (int64_t slot = 0; slot < 4; ++slot) {
      EXPECT_EQ(store->getLogicalOffset(lane, slot), ty * 32 + tx * 4 + slot);
      EXPECT_EQ(store->getPhysicalOffset(lane, slot),
                physical(ty, tx * 4 + slot));
      EXPECT_EQ(load->getPhysicalOffset(lane, slot),
                physical(tx * 4 + slot, ty));
    }
  }
  EXPECT_EQ(store->getDenseBox(),
            (FootprintBox{coord({0, 0}), coord({32, 32})}));
  EXPECT_TRUE(computeLaneOverlap(*store, *load, 64).crossWave);
}

TEST_F(FootprintTest, TransposeLdsAccessesUsePaddedRows) {
  ASSERT_TRUE(parse(kTransposeIR));
  std::optional<WorkgroupFootprint> store = enumerate("store_lds");
  std::optional<WorkgroupFootprint> load = enumerate("load_lds");
  ASSERT_TRUE(store && load);
  for (int64_t lane = 0; lane < 256; ++lane) {
    int64_t tx = lane % 8, ty = lane / 8;
    for (int64_t slot = 0; slot < 4; ++slot) {
      EXPECT_EQ(store->getLogicalOffset(lane, slot), ty * 32 + tx * 4 + slot);
      EXPECT_EQ(store->getPhysicalOffset(lane, slot), ty * 33 + tx * 4 + slot);
      // The column read runs along dimension 0, one padded row apart.
      EXPECT_EQ(load->getCoordinate(lane, slot),
                ArrayRef<int64_t>(coord({tx * 4 + slot, ty})));
      EXPECT_EQ(load->getPhysicalOffset(lane, slot), (tx * 4 + slot) * 33 + ty);
    }
  }
  EXPECT_EQ(store->getDenseBox(),
            (FootprintBox{coord({0, 0}), coord({32, 32})}));
  EXPECT_EQ(load->getDenseBox(), store->getDenseBox());

  // Lanes read what lanes of other waves wrote: the barrier is needed.
  LaneOverlap overlap = computeLaneOverlap(*store, *load, 64);
  EXPECT_TRUE(overlap.commonAddress);
  EXPECT_TRUE(overlap.crossLane);
  EXPECT_TRUE(overlap.crossWave);
  EXPECT_NE(overlap.laneA / 64, overlap.laneB / 64);
}

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

/// Eight lanes read 4 elements each of a 30-element buffer: lane 7's last
/// two elements are past the end unless a mask disables them.
constexpr const char *kMaskIR = R"mlir(
gpu.module @masks {
  gpu.func @tail(%a: memref<30xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %base = arith.muli %tid, %c4 : index
    %prefix = vector.constant_mask [2] : vector<4xi1>
    %bits = arith.constant dense<[true, false, true, false]> : vector<4xi1>
    %created = vector.create_mask %c2 : vector<4xi1>
    %left = arith.subi %n, %base : index
    %dynamic = vector.create_mask %left : vector<4xi1>
    %v0 = wave.read %a[%base] {tag = "unmasked"} : memref<30xf32> -> vector<4xf32>
    %v1 = wave.read %a[%base] mask %prefix : vector<4xi1> {tag = "constant_mask"}
        : memref<30xf32> -> vector<4xf32>
    %v2 = wave.read %a[%base] mask %bits : vector<4xi1> {tag = "dense_mask"}
        : memref<30xf32> -> vector<4xf32>
    %v3 = wave.read %a[%base] mask %created : vector<4xi1> {tag = "create_mask"}
        : memref<30xf32> -> vector<4xf32>
    %v4 = wave.read %a[%base] mask %dynamic : vector<4xi1> {tag = "tail_mask"}
        : memref<30xf32> -> vector<4xf32>
    gpu.return
  }
}
)mlir";

TEST_F(FootprintTest, ConstantMasksSkipElements) {
  ASSERT_TRUE(parse(kMaskIR));
  std::optional<WorkgroupFootprint> prefix = enumerate("constant_mask");
  std::optional<WorkgroupFootprint> bits = enumerate("dense_mask");
  std::optional<WorkgroupFootprint> created = enumerate("create_mask");
  ASSERT_TRUE(prefix && bits && created);
  for (int64_t lane = 0; lane < 8; ++lane) {
    EXPECT_EQ(prefix->getLaneCoordinates(lane),
              (SmallVector<SmallVector<int64_t>>{coord({4 * lane}),
                                                 coord({4 * lane + 1})}));
    EXPECT_EQ(created->getLaneCoordinates(lane),
              prefix->getLaneCoordinates(lane));
    EXPECT_EQ(bits->getLaneCoordinates(lane),
              (SmallVector<SmallVector<int64_t>>{coord({4 * lane}),
                                                 coord({4 * lane + 2})}));
    EXPECT_EQ(bits->getSlot(lane, 1), 2);
  }
  // Lane 7 stops at element 29 with the prefix masks, reaches 30 without.
  EXPECT_TRUE(isProvablyInBounds(access("constant_mask")));
  EXPECT_TRUE(isProvablyInBounds(access("create_mask")));
  EXPECT_FALSE(isProvablyInBounds(access("dense_mask")));
  EXPECT_FALSE(isProvablyInBounds(access("unmasked")));
  // Every other element is left out: not a dense box.
  EXPECT_FALSE(bits->getDenseBox());
  EXPECT_EQ(bits->getBoundingBox(), (FootprintBox{coord({0}), coord({31})}));
}

// A mask computed at run time (the usual tail mask) may enable every slot,
// so the footprint includes them all and nothing is provably in bounds.
TEST_F(FootprintTest, NonConstantMaskTouchesAllElements) {
  ASSERT_TRUE(parse(kMaskIR));
  std::optional<AccessFootprint> tail = footprint("tail_mask");
  ASSERT_TRUE(tail);
  EXPECT_TRUE(tail->hasNonConstantMask());
  std::optional<WorkgroupFootprint> lanes = enumerate("tail_mask");
  ASSERT_TRUE(lanes);
  EXPECT_EQ(lanes->getNumElements(7), 4);
  EXPECT_FALSE(lanes->isInBounds());
  std::string reason;
  EXPECT_FALSE(isProvablyInBounds(access("tail_mask"), &reason));
  EXPECT_NE(reason.find("ranges over [0, 31], outside [0, 29]"),
            std::string::npos)
      << reason;
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

constexpr const char *kLoopIR = R"mlir(
gpu.module @loops {
  gpu.func @loops(%a: memref<16x64xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    scf.for %i = %c0 to %c64 step %c16 {
      %v = wave.read %a[%tid, %i] {tag = "static_loop"}
          : memref<16x64xf32> -> vector<16xf32>
      scf.for %j = %c0 to %c2 step %c1 {
        %v2 = wave.read %a[%tid, %i, %j]
            map affine_map<(t, i, j) -> (t, i + j * 8)> {tag = "nested"}
            : memref<16x64xf32> -> vector<8xf32>
      }
    }
    scf.for %j = %c0 to %n step %c16 {
      %v = wave.read %a[%tid, %j] {tag = "dynamic_loop"}
          : memref<16x64xf32> -> vector<16xf32>
    }
    gpu.return
  }
}
)mlir";

TEST_F(FootprintTest, LoopEnumeratedOrBound) {
  ASSERT_TRUE(parse(kLoopIR));
  std::optional<WorkgroupFootprint> all = enumerate("static_loop");
  ASSERT_TRUE(all);
  EXPECT_EQ(all->getNumIterations(), 4);
  for (int64_t lane = 0; lane < 16; ++lane) {
    ASSERT_EQ(all->getNumElements(lane), 64);
    for (int64_t i = 0; i < 64; ++i) {
      EXPECT_EQ(all->getCoordinate(lane, i),
                ArrayRef<int64_t>(coord({lane, i})));
      EXPECT_EQ(all->getIteration(lane, i), i / 16);
    }
  }
  EXPECT_EQ(all->getDenseBox(), (FootprintBox{coord({0, 0}), coord({16, 64})}));

  Value iv =
      access("static_loop")->getParentOfType<scf::ForOp>().getInductionVar();
  std::optional<WorkgroupFootprint> one =
      enumerate("static_loop", FootprintBindings().bind(iv, 32));
  ASSERT_TRUE(one);
  EXPECT_EQ(one->getNumIterations(), 1);
  EXPECT_EQ(one->getDenseBox(),
            (FootprintBox{coord({0, 32}), coord({16, 16})}));
}

// Nested loops enumerate as a mixed-radix number, the outer loop (the first
// leaf) most significant.
TEST_F(FootprintTest, NestedLoopsEnumerateInOrder) {
  ASSERT_TRUE(parse(kLoopIR));
  std::optional<WorkgroupFootprint> nested = enumerate("nested");
  ASSERT_TRUE(nested);
  EXPECT_EQ(nested->getNumIterations(), 8);
  for (int64_t i = 0; i < nested->getNumElements(3); ++i) {
    int64_t iteration = nested->getIteration(3, i);
    int64_t outer = iteration / 2, inner = iteration % 2;
    EXPECT_EQ(nested->getCoordinate(3, i),
              ArrayRef<int64_t>(
                  coord({3, outer * 16 + inner * 8 + nested->getSlot(3, i)})));
  }
  EXPECT_EQ(nested->getDenseBox(),
            (FootprintBox{coord({0, 0}), coord({16, 64})}));
}

// A loop with a bound known only at run time is enumerated only with a
// value for its induction variable.
TEST_F(FootprintTest, DynamicLoopNeedsBinding) {
  ASSERT_TRUE(parse(kLoopIR));
  std::optional<AccessFootprint> dynamic = footprint("dynamic_loop");
  ASSERT_TRUE(dynamic);
  std::string reason;
  EXPECT_TRUE(failed(dynamic->enumerate(FootprintBindings(), &reason)));
  EXPECT_NE(reason.find("needs a value for the loop induction variable of "
                        "unknown range"),
            std::string::npos)
      << reason;
  Value iv =
      access("dynamic_loop")->getParentOfType<scf::ForOp>().getInductionVar();
  FailureOr<WorkgroupFootprint> bound =
      dynamic->enumerate(FootprintBindings().bind(iv, 48));
  ASSERT_TRUE(succeeded(bound));
  EXPECT_EQ(bound->getDenseBox(),
            (FootprintBox{coord({0, 48}), coord({16, 16})}));
  EXPECT_FALSE(isProvablyInBounds(access("dynamic_loop"), &reason));
  EXPECT_NE(reason.find("its range is unknown"), std::string::npos) << reason;
  EXPECT_TRUE(isProvablyInBounds(access("static_loop")));
  EXPECT_TRUE(isProvablyInBounds(access("nested")));
}

} // namespace

// Lane-private kernels give each lane several consecutive lanes' elements;
// every kernel left alone has a remark saying why.
// RUN: wave-opt %s --wave-coarsen-lanes --verify-diagnostics | FileCheck %s
// RUN: wave-opt %s --wave-coarsen-lanes=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// A narrower limit merges fewer lanes.
// RUN: wave-opt %s --wave-coarsen-lanes=access-bits=64 2>/dev/null | FileCheck %s --check-prefix=BITS64
// Every kernel of this file gives the same results before and after.
// RUN: wave-run %s --kernel=add --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=widen_f16 --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=masked_tail --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=rows --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=block_dim --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// Run-time sizes, partial last tiles included.
// RUN: wave-run %s --kernel=add_dynamic --scalar=n=2048 --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=add_dynamic --scalar=n=1000 --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=add_dynamic --scalar=n=5 --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=add_dynamic_grid --grid=8 --scalar=n=2048 --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=add_dynamic_grid --grid=4 --scalar=n=1000 --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=add_dynamic_grid --grid=20 --scalar=n=5001 --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=uniform_offset --scalar=offset=3 --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=no_grid --grid=8 --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// The add1 example: 16 bytes a lane for both loads and the store, a quarter
// of the lanes, the same results as its reference and as before.
// RUN: wave-opt %examples/add1.mlir --wave-coarsen-lanes --verify-diagnostics=only-expected 2>/dev/null | FileCheck %s --check-prefix=ADD1
// RUN: wave-opt %examples/add1.mlir --wave-coarsen-lanes -o %t.add1.mlir 2>/dev/null
// RUN: wave-run %t.add1.mlir | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/add1.mlir --compare-pipeline=wave-coarsen-lanes 2>/dev/null | FileCheck %s --check-prefix=SAME
// -O3 runs the pass (wave-optimize's coarsen-lanes); -O2 does not.
// RUN: wave-compile %examples/add1.mlir --chip=gfx942 --emit=asm -o %t.add1-O3.s 2>/dev/null
// RUN: FileCheck %s --check-prefix=ASM-O3 < %t.add1-O3.s
// RUN: wave-compile %examples/add1.mlir --chip=gfx942 --emit=asm -O2 -o %t.add1-O2.s 2>/dev/null
// RUN: FileCheck %s --check-prefix=ASM-O2 < %t.add1-O2.s
// The code object states the launch it needs.
// RUN: wave-compile %examples/add1.mlir --chip=gfx942 -o %t.add1.hsaco --resource-usage 2>/dev/null | FileCheck %s --check-prefix=LAUNCH

// SAME: PASS

// ADD1-LABEL: gpu.func @add1(
// ADD1-SAME:    known_block_size = array<i32: 64, 1, 1>
// ADD1-SAME:    known_grid_size = array<i32: 64, 1, 1>
// ADD1-COUNT-2: wave.read {{.*}} -> vector<4xf32>
// ADD1:         arith.addf {{.*}} : vector<1xf32>
// ADD1:         wave.write {{.*}} : vector<4xf32>, memref<16384xf32>
// ADD1-LABEL: gpu.func @add1_ref(
// ADD1-SAME:    known_block_size = array<i32: 256, 1, 1>

// ASM-O3-LABEL: {{^}}add1:
// ASM-O3-COUNT-2: global_load_dwordx4
// ASM-O3-NOT:     global_load
// ASM-O3:         global_store_dwordx4
// ASM-O3:         .end_amdhsa_kernel
// ASM-O3:         .reqd_workgroup_size:
// ASM-O3-NEXT:      - 64
// ASM-O2-LABEL: {{^}}add1:
// ASM-O2-COUNT-2: global_load_dword v
// ASM-O2:         global_store_dword v

// LAUNCH: remark: Function Name: add1
// LAUNCH: remark:     Workgroup Size [lanes]: 64x1x1
// LAUNCH: remark: Function Name: add1_ref
// LAUNCH: remark:     Workgroup Size [lanes]: 256x1x1

// SUMMARY: remark: wave-coarsen-lanes: kernels-coarsened: 9, accesses-widened: 20, bail-not-lane-private: 6, bail-not-contiguous: 2, bail-sizes: 2, already-wide: 1

#elem = affine_map<(tid, wg) -> (wg * 256 + tid)>

gpu.module @coarsen {
  // The elementwise add: four lanes' f32 in one 16-byte access.
  // CHECK-LABEL: gpu.func @add(
  // CHECK-SAME:    known_block_size = array<i32: 64, 1, 1>
  // CHECK-SAME:    known_grid_size = array<i32: 8, 1, 1>
  // CHECK:         %[[T:.*]] = gpu.thread_id x
  // CHECK:         %[[T4:.*]] = arith.muli %[[T]], %c4
  // CHECK:         %[[A:.*]] = wave.read %{{.*}}[%[[T4]], %{{.*}}] map #{{.*}} : memref<2048xf32> -> vector<4xf32>
  // CHECK:         %[[B:.*]] = wave.read %{{.*}}[%[[T4]], %{{.*}}] map #{{.*}} : memref<2048xf32> -> vector<4xf32>
  // CHECK-COUNT-4: arith.addf {{.*}} : vector<1xf32>
  // CHECK:         wave.write %{{.*}}, %{{.*}}[%[[T4]], %{{.*}}] map #{{.*}} : vector<4xf32>, memref<2048xf32>
  // CHECK-NEXT:    gpu.return
  // BITS64-LABEL: gpu.func @add(
  // BITS64-SAME:    known_block_size = array<i32: 128, 1, 1>
  // BITS64:         wave.read {{.*}} -> vector<2xf32>
  gpu.func @add(%A: memref<2048xf32>, %B: memref<2048xf32>,
                %C: memref<2048xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-5 {{lanes coarsened by 4: each lane takes 4 consecutive lanes' elements, 3 accesses widened, workgroup x 256 -> 64 lanes}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %a = wave.read %A[%tid, %wg] map #elem : memref<2048xf32> -> vector<1xf32>
    %b = wave.read %B[%tid, %wg] map #elem : memref<2048xf32> -> vector<1xf32>
    %c = arith.addf %a, %b : vector<1xf32>
    wave.write %c, %C[%tid, %wg] map #elem : vector<1xf32>, memref<2048xf32>
    gpu.return
  }

  // @add on n elements, n known at run time (at most the 2048 the grid of 8
  // workgroups covers): `bounded` skips what lies past n. The same factor,
  // the same widened accesses, still bounded.
  // CHECK-LABEL: gpu.func @add_dynamic(
  // CHECK-SAME:    known_block_size = array<i32: 64, 1, 1>
  // CHECK-SAME:    known_grid_size = array<i32: 8, 1, 1>
  // CHECK:         %[[T:.*]] = gpu.thread_id x
  // CHECK:         %[[T4:.*]] = arith.muli %[[T]], %c4
  // CHECK:         %[[A:.*]] = wave.read %{{.*}}[%[[T4]], %{{.*}}] map #{{.*}} bounded : memref<?xf32> -> vector<4xf32>
  // CHECK:         %[[B:.*]] = wave.read %{{.*}}[%[[T4]], %{{.*}}] map #{{.*}} bounded : memref<?xf32> -> vector<4xf32>
  // CHECK-COUNT-4: arith.addf {{.*}} : vector<1xf32>
  // CHECK:         wave.write %{{.*}}, %{{.*}}[%[[T4]], %{{.*}}] map #{{.*}} bounded : vector<4xf32>, memref<?xf32>
  // CHECK-NEXT:    gpu.return
  gpu.func @add_dynamic(%A: memref<?xf32> {wave.dims = array<i64: 3>},
                        %B: memref<?xf32> {wave.dims = array<i64: 3>},
                        %C: memref<?xf32> {wave.dims = array<i64: 3>},
                        %n: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(a, b, c, n) : (n >= 0, 2048 - n >= 0)>} {
    // expected-remark @-8 {{lanes coarsened by 4: each lane takes 4 consecutive lanes' elements, 3 accesses widened, workgroup x 256 -> 64 lanes}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %a = wave.read %A[%tid, %wg] map #elem bounded : memref<?xf32> -> vector<1xf32>
    %b = wave.read %B[%tid, %wg] map #elem bounded : memref<?xf32> -> vector<1xf32>
    %c = arith.addf %a, %b : vector<1xf32>
    wave.write %c, %C[%tid, %wg] map #elem bounded : vector<1xf32>, memref<?xf32>
    gpu.return
  }

  // The same with a grid that follows n (ceil(n / 256) workgroups, no
  // known_grid_size): the proofs are emptiness questions with the workgroup
  // id free from 0, so it is coarsened exactly like its static twin.
  // CHECK-LABEL: gpu.func @add_dynamic_grid(
  // CHECK-SAME:    known_block_size = array<i32: 64, 1, 1>
  // CHECK-NOT:     known_grid_size
  // CHECK:         %[[T:.*]] = gpu.thread_id x
  // CHECK:         %[[T4:.*]] = arith.muli %[[T]], %c4
  // CHECK:         %[[A:.*]] = wave.read %{{.*}}[%[[T4]], %{{.*}}] map #{{.*}} bounded : memref<?xf32> -> vector<4xf32>
  // CHECK:         %[[B:.*]] = wave.read %{{.*}}[%[[T4]], %{{.*}}] map #{{.*}} bounded : memref<?xf32> -> vector<4xf32>
  // CHECK-COUNT-4: arith.addf {{.*}} : vector<1xf32>
  // CHECK:         wave.write %{{.*}}, %{{.*}}[%[[T4]], %{{.*}}] map #{{.*}} bounded : vector<4xf32>, memref<?xf32>
  // CHECK-NEXT:    gpu.return
  gpu.func @add_dynamic_grid(%A: memref<?xf32> {wave.dims = array<i64: 3>},
                             %B: memref<?xf32> {wave.dims = array<i64: 3>},
                             %C: memref<?xf32> {wave.dims = array<i64: 3>},
                             %n: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(a, b, c, n) : (n >= 0)>} {
    // expected-remark @-7 {{lanes coarsened by 4: each lane takes 4 consecutive lanes' elements, 3 accesses widened, workgroup x 256 -> 64 lanes}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %a = wave.read %A[%tid, %wg] map #elem bounded : memref<?xf32> -> vector<1xf32>
    %b = wave.read %B[%tid, %wg] map #elem bounded : memref<?xf32> -> vector<1xf32>
    %c = arith.addf %a, %b : vector<1xf32>
    wave.write %c, %C[%tid, %wg] map #elem bounded : vector<1xf32>, memref<?xf32>
    gpu.return
  }

  // Workgroup w + 1 writes what workgroup w reads: no two lanes of one
  // workgroup share an element, two lanes of the grid do.
  // CHECK-LABEL: gpu.func @next_workgroup(
  // CHECK-SAME:    known_block_size = array<i32: 256, 1, 1>
  // CHECK:         wave.read {{.*}} -> vector<1xf32>
  gpu.func @next_workgroup(%X: memref<?xf32> {wave.dims = array<i64: 1>},
                           %n: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(x, n) : (n >= 0)>} {
    // expected-remark @-5 {{lanes not coarsened: lanes share data: lane 0 of workgroup (0, 0, 0) and lane 0 of workgroup (1, 0, 0) touch one element of an argument that a lane writes}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map affine_map<(t, w) -> (w * 256 + t + 256)>
        bounded : memref<?xf32> -> vector<1xf32>
    wave.write %x, %X[%tid, %wg] map #elem bounded
        : vector<1xf32>, memref<?xf32>
    gpu.return
  }

  // f16 in, f32 out: the f32 store limits the factor to 4 (16 bytes), the
  // f16 load then moves 8.
  // CHECK-LABEL: gpu.func @widen_f16(
  // CHECK-SAME:    known_block_size = array<i32: 64, 1, 1>
  // CHECK:         wave.read {{.*}} -> vector<4xf16>
  // CHECK-COUNT-4: arith.extf
  // CHECK:         wave.write {{.*}} : vector<4xf32>, memref<2048xf32>
  gpu.func @widen_f16(%X: memref<2048xf16>, %Y: memref<2048xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes coarsened by 4}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map #elem : memref<2048xf16> -> vector<1xf16>
    %y = arith.extf %x : vector<1xf16> to vector<1xf32>
    wave.write %y, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<2048xf32>
    gpu.return
  }

  // A mask computed from the thread id: the copies' masks are concatenated.
  // Lanes past element 2000 write nothing.
  // CHECK-LABEL: gpu.func @masked_tail(
  // CHECK-SAME:    known_block_size = array<i32: 64, 1, 1>
  // CHECK:         vector.insert_strided_slice {{.*}} : vector<1xi1> into vector<4xi1>
  // CHECK:         wave.write {{.*}} mask %{{.*}} : vector<4xi1> : vector<4xf32>, memref<2048xf32>
  gpu.func @masked_tail(%X: memref<2048xf32>, %Y: memref<2048xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes coarsened by 4}}
    %c256 = arith.constant 256 : index
    %c2000 = arith.constant 2000 : index
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %base = arith.muli %wg, %c256 : index
    %i = arith.addi %base, %tid : index
    %in = arith.cmpi ult, %i, %c2000 : index
    %mask = vector.broadcast %in : i1 to vector<1xi1>
    %x = wave.read %X[%tid, %wg] map #elem : memref<2048xf32> -> vector<1xf32>
    %y = arith.mulf %x, %x : vector<1xf32>
    wave.write %y, %Y[%tid, %wg] map #elem mask %mask : vector<1xi1>
        : vector<1xf32>, memref<2048xf32>
    gpu.return
  }

  // Rows of 64 per wave, as softmax lays them out: lanes are contiguous
  // within a row, which is all the merged groups of 4 need.
  // CHECK-LABEL: gpu.func @rows(
  // CHECK-SAME:    known_block_size = array<i32: 64, 1, 1>
  // CHECK:         wave.read {{.*}} -> vector<4xf32>
  gpu.func @rows(%X: memref<16x64xf32>, %Y: memref<16x64xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes coarsened by 4}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg]
        map affine_map<(t, w) -> (w * 4 + t floordiv 64, t mod 64)>
        : memref<16x64xf32> -> vector<1xf32>
    %e = math.exp %x : vector<1xf32>
    wave.write %e, %Y[%tid, %wg]
        map affine_map<(t, w) -> (w * 4 + t floordiv 64, t mod 64)>
        : vector<1xf32>, memref<16x64xf32>
    gpu.return
  }

  // gpu.block_dim x keeps its old value in every copy.
  // CHECK-LABEL: gpu.func @block_dim(
  // CHECK-SAME:    known_block_size = array<i32: 64, 1, 1>
  // CHECK-NOT:     gpu.block_dim x
  // CHECK:         gpu.return
  gpu.func @block_dim(%Y: memref<2048xi32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes coarsened by 4}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %dim = gpu.block_dim x
    %base = arith.muli %wg, %dim : index
    %i = arith.addi %base, %tid : index
    %v = arith.index_cast %i : index to i32
    %vec = vector.broadcast %v : i32 to vector<1xi32>
    wave.write %vec, %Y[%tid, %wg] map #elem : vector<1xi32>, memref<2048xi32>
    gpu.return
  }

  // Lane t + 1 reads two elements after lane t: not contiguous.
  // CHECK-LABEL: gpu.func @strided(
  // CHECK-SAME:    known_block_size = array<i32: 256, 1, 1>
  gpu.func @strided(%X: memref<4096xf32>, %Y: memref<2048xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes not coarsened: an access is not contiguous in the thread id: lane 1 of workgroup 0 does not start 1 elements after the lane before it}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map affine_map<(t, w) -> (w * 512 + t * 2)>
        : memref<4096xf32> -> vector<1xf32>
    wave.write %x, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<2048xf32>
    gpu.return
  }

  // A column of a row-major matrix: consecutive lanes are a row apart.
  gpu.func @column(%X: memref<256x8xf32>, %Y: memref<2048xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes not coarsened: an access is not contiguous in the thread id}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map affine_map<(t, w) -> (t, w)>
        : memref<256x8xf32> -> vector<1xf32>
    wave.write %x, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<2048xf32>
    gpu.return
  }

  // An index from a kernel argument: the same in every lane, so lane t + i
  // still starts i elements after lane t, whatever the offset.
  // CHECK-LABEL: gpu.func @uniform_offset(
  // CHECK-SAME:    known_block_size = array<i32: 64, 1, 1>
  // CHECK:         wave.read {{.*}} -> vector<4xf32>
  gpu.func @uniform_offset(%X: memref<4096xf32>, %Y: memref<2048xf32>,
                           %offset: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-5 {{lanes coarsened by 4}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg, %offset]
        map affine_map<(t, w, o) -> (w * 256 + t + o)>
        : memref<4096xf32> -> vector<1xf32>
    wave.write %x, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<2048xf32>
    gpu.return
  }

  // Lane t reads what lane t + 1 writes.
  gpu.func @shift_in_place(%X: memref<2049xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes not coarsened: lanes share data: lanes 0 and 1 (of the grid) touch one element of an argument that a lane writes}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map affine_map<(t, w) -> (w * 256 + t + 1)>
        : memref<2049xf32> -> vector<1xf32>
    wave.write %x, %X[%tid, %wg] map #elem : vector<1xf32>, memref<2049xf32>
    gpu.return
  }

  // A wave collective combines lanes.
  gpu.func @collective(%X: memref<2048xf32>, %Y: memref<2048xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes not coarsened: 'wave.reduce' exchanges data between lanes or depends on how lanes are grouped}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map #elem : memref<2048xf32> -> vector<1xf32>
    %s = vector.extract %x[0] : f32 from vector<1xf32>
    %r = wave.reduce <add> %s : f32
    %v = vector.broadcast %r : f32 to vector<1xf32>
    wave.write %v, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<2048xf32>
    gpu.return
  }

  // LDS is shared by the workgroup.
  gpu.func @lds(%X: memref<2048xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes not coarsened: it uses LDS ('wave.alloc_lds')}}
    %buf = wave.alloc_lds : memref<256xf32, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map #elem : memref<2048xf32> -> vector<1xf32>
    wave.write %x, %buf[%tid]
        : vector<1xf32>, memref<256xf32, #gpu.address_space<workgroup>>
    gpu.return
  }

  // memref.load is not a lane access the pass can merge.
  gpu.func @scalar_load(%X: memref<2048xf32>, %Y: memref<2048xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes not coarsened: 'memref.load' has memory effects other than a wave.read/wave.write}}
    %tid = gpu.thread_id x
    %x = memref.load %X[%tid] : memref<2048xf32>
    memref.store %x, %Y[%tid] : memref<2048xf32>
    gpu.return
  }

  // An access under a branch stays per lane.
  gpu.func @in_region(%X: memref<2048xf32>, %Y: memref<2048xf32>,
                      %p: i1) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-5 {{lanes not coarsened: an access sits inside a region ('scf.if'); only top-level accesses are merged}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    scf.if %p {
      %x = wave.read %X[%tid, %wg] map #elem : memref<2048xf32> -> vector<1xf32>
      wave.write %x, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<2048xf32>
    }
    gpu.return
  }

  // One wave a workgroup: halving it would leave part of a wave idle.
  gpu.func @one_wave(%X: memref<512xf32>, %Y: memref<512xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes not coarsened: sizes do not divide: the workgroup's 64 lanes along x cannot be halved and keep a whole wave of 64}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map affine_map<(t, w) -> (w * 64 + t)>
        : memref<512xf32> -> vector<1xf32>
    wave.write %x, %Y[%tid, %wg] map affine_map<(t, w) -> (w * 64 + t)>
        : vector<1xf32>, memref<512xf32>
    gpu.return
  }

  // An odd workgroup size along x.
  gpu.func @odd_block(%X: memref<1800xf32>) kernel
      attributes {known_block_size = array<i32: 225, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes not coarsened: sizes do not divide: the workgroup's 225 lanes along x cannot be halved}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map affine_map<(t, w) -> (w * 225 + t)>
        : memref<1800xf32> -> vector<1xf32>
    %y = arith.addf %x, %x : vector<1xf32>
    wave.write %y, %X[%tid, %wg] map affine_map<(t, w) -> (w * 225 + t)>
        : vector<1xf32>, memref<1800xf32>
    gpu.return
  }

  // In place, without a known grid: every lane writes only what it reads.
  // CHECK-LABEL: gpu.func @no_grid(
  // CHECK-SAME:    known_block_size = array<i32: 64, 1, 1>
  // CHECK:         wave.write {{.*}} : vector<4xf32>, memref<2048xf32>
  gpu.func @no_grid(%X: memref<2048xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-3 {{lanes coarsened by 4}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map #elem : memref<2048xf32> -> vector<1xf32>
    wave.write %x, %X[%tid, %wg] map #elem : vector<1xf32>, memref<2048xf32>
    gpu.return
  }

  // Already 16 bytes a lane.
  gpu.func @already_wide(%X: memref<8192xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 8, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-remark @-4 {{lanes not coarsened: an access already moves 16 bytes; merging two would exceed 128 bits}}
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map affine_map<(t, w) -> (w * 1024 + t * 4)>
        : memref<8192xf32> -> vector<4xf32>
    %y = arith.addf %x, %x : vector<4xf32>
    wave.write %y, %X[%tid, %wg] map affine_map<(t, w) -> (w * 1024 + t * 4)>
        : vector<4xf32>, memref<8192xf32>
    gpu.return
  }
}

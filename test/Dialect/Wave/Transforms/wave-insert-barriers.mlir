// Placement on small kernels; remarks and warnings are checked in place.
// RUN: wave-opt %s --wave-insert-barriers --verify-diagnostics | FileCheck %s
// Keeping the user's barriers changes no warning or remark but the one on
// barriers moved (@moved_user_barrier), so its diagnostics are not checked.
// RUN: wave-opt %s --wave-insert-barriers=keep-user-barriers 2>/dev/null | FileCheck %s --check-prefix=KEEP
// Relying on the lowering to keep one wave's accesses in order drops the
// barriers between lanes of one wave (WAVE checks the kernels where that
// changes the placement).
// RUN: wave-opt %s --wave-insert-barriers=assume-wave-order=true --verify-diagnostics | FileCheck %s --check-prefix=WAVE
// The counts the statistics keep: assume-wave-order=true places two barriers
// fewer (@wave_private and @single_wave) for two hazards fewer.
// RUN: wave-opt %s --wave-insert-barriers=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: remark: wave-insert-barriers: hazards: 43, barriers-inserted: 32, barriers-kept: 1, barriers-removed: 2, barriers-moved: 1, hazards-unordered: 2, inexact-footprints: 4, approximated-footprints: 1, undecided-pairs: 0
// RUN: wave-opt %s '--wave-insert-barriers=summary assume-wave-order=true' 2>&1 >/dev/null | FileCheck %s --check-prefix=WAVE-SUMMARY
// WAVE-SUMMARY: remark: wave-insert-barriers: hazards: 41, barriers-inserted: 30, barriers-kept: 1, barriers-removed: 2, barriers-moved: 1, hazards-unordered: 2, inexact-footprints: 4, approximated-footprints: 1, undecided-pairs: 0
//
// The placed barriers are enough: wave-run finds no race, and every kernel
// computes what its reference kernel computes.
// RUN: wave-opt %s --wave-insert-barriers -o %t.mlir 2>/dev/null
// RUN: wave-run %t.mlir --kernel=wave_private
// RUN: wave-run %t.mlir --kernel=single_wave
// RUN: wave-run %t.mlir --kernel=raw
// RUN: wave-run %t.mlir --kernel=war
// RUN: wave-run %t.mlir --kernel=waw
// RUN: wave-run %t.mlir --kernel=own
// RUN: wave-run %t.mlir --kernel=memref_access
// RUN: wave-run %t.mlir --kernel=uniform_arms
// RUN: wave-run %t.mlir --kernel=inside_arm
// RUN: wave-run %t.mlir --kernel=step
// RUN: wave-run %t.mlir --kernel=double_buffer
// RUN: wave-run %t.mlir --kernel=hoisted
// RUN: wave-run %t.mlir --kernel=swizzled_runs
// RUN: wave-run %t.mlir --kernel=carried
// RUN: wave-run %t.mlir --kernel=inexact_divergent
// RUN: wave-run %t.mlir --kernel=nested
// RUN: wave-run %t.mlir --kernel=while_loop
// RUN: wave-run %t.mlir --kernel=redundant_user_barrier
// RUN: wave-run %t.mlir --kernel=needed_user_barrier
// RUN: wave-run %t.mlir --kernel=moved_user_barrier
// RUN: wave-run %t.mlir --kernel=guarded
//
// Every example, its barriers stripped, gets them back: wave-run finds no
// race and the results equal the reference kernel's, with no more barriers
// than the hand-written kernel has (the counts of both are checked).
// RUN: sed -e '/^ *wave\.barrier *$/d' %examples/gemm.mlir | wave-opt --wave-expand-fragments --wave-insert-barriers -o %t.gemm.mlir
// RUN: grep -c '^ *wave\.barrier$' %examples/gemm.mlir | FileCheck %s --check-prefix=TWO
// RUN: FileCheck %s --input-file=%t.gemm.mlir --check-prefix=GEMM --implicit-check-not=wave.barrier
// The GEMM of run-time M, N, K gets the same barriers, and keeps the same
// ones as gemm.mlir (GEMM-KEPT), running race-free on partial tiles.
// RUN: sed -e '/^ *wave\.barrier *$/d' %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir | wave-opt --wave-expand-fragments --wave-insert-barriers -o %t.gemm_dynamic.mlir
// RUN: FileCheck %s --input-file=%t.gemm_dynamic.mlir --check-prefix=GEMM --implicit-check-not=wave.barrier
// RUN: wave-run %t.gemm_dynamic.mlir --grid=3,4 --scalar=3=200 --scalar=4=136 --scalar=5=96
// RUN: wave-opt %wave_src/test/Examples/Inputs/gemm_dynamic-handmapped.mlir --wave-expand-fragments --wave-insert-barriers=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=GEMM-KEPT
// RUN: wave-run %t.gemm.mlir
// RUN: sed -e '/^ *wave\.barrier *$/d' %examples/transpose.mlir | wave-opt --wave-insert-barriers -o %t.transpose.mlir
// RUN: grep -c '^ *wave\.barrier$' %examples/transpose.mlir | FileCheck %s --check-prefix=ONE
// RUN: FileCheck %s --input-file=%t.transpose.mlir --check-prefix=ONE-BARRIER --implicit-check-not=wave.barrier
// RUN: wave-run %t.transpose.mlir
// The LDS tree reduction gets the hand-written eight barriers. Its last six
// levels run in wave 0 only, so with assume-wave-order=true two barriers
// remain.
// RUN: sed -e '/^ *wave\.barrier *$/d' %examples/reduce_lds.mlir > %t.reduce_lds.stripped.mlir
// RUN: grep -c '^ *wave\.barrier$' %examples/reduce_lds.mlir | FileCheck %s --check-prefix=EIGHT
// RUN: wave-opt %t.reduce_lds.stripped.mlir --wave-insert-barriers -o %t.reduce_lds.mlir
// RUN: FileCheck %s --input-file=%t.reduce_lds.mlir --check-prefix=REDUCE --implicit-check-not=wave.barrier
// RUN: wave-run %t.reduce_lds.mlir
// RUN: wave-opt %t.reduce_lds.stripped.mlir --wave-insert-barriers=assume-wave-order=true | FileCheck %s --check-prefix=REDUCE-WAVE --implicit-check-not=wave.barrier
// The examples without LDS get no barrier and still run correctly.
// RUN: wave-opt %examples/add1.mlir --wave-insert-barriers -o %t.add1.mlir
// RUN: FileCheck %s --input-file=%t.add1.mlir --check-prefix=NONE --implicit-check-not=wave.barrier
// RUN: wave-run %t.add1.mlir
// RUN: wave-opt %examples/add2.mlir --wave-insert-barriers -o %t.add2.mlir
// RUN: FileCheck %s --input-file=%t.add2.mlir --check-prefix=NONE --implicit-check-not=wave.barrier
// RUN: wave-run %t.add2.mlir
// RUN: wave-opt %examples/copy.mlir --wave-insert-barriers -o %t.copy.mlir
// RUN: FileCheck %s --input-file=%t.copy.mlir --check-prefix=NONE --implicit-check-not=wave.barrier
// RUN: wave-run %t.copy.mlir
// RUN: wave-opt %examples/divergent.mlir --wave-insert-barriers -o %t.divergent.mlir
// RUN: FileCheck %s --input-file=%t.divergent.mlir --check-prefix=NONE --implicit-check-not=wave.barrier
// RUN: wave-run %t.divergent.mlir
// RUN: wave-opt %examples/pressure.mlir --wave-insert-barriers -o %t.pressure.mlir
// RUN: FileCheck %s --input-file=%t.pressure.mlir --check-prefix=NONE --implicit-check-not=wave.barrier
// RUN: wave-run %t.pressure.mlir
// RUN: wave-opt %examples/reduce_wave.mlir --wave-insert-barriers -o %t.reduce_wave.mlir
// RUN: FileCheck %s --input-file=%t.reduce_wave.mlir --check-prefix=NONE --implicit-check-not=wave.barrier
// RUN: wave-run %t.reduce_wave.mlir
// RUN: wave-opt %examples/softmax.mlir --wave-insert-barriers -o %t.softmax.mlir
// RUN: FileCheck %s --input-file=%t.softmax.mlir --check-prefix=NONE --implicit-check-not=wave.barrier
// RUN: wave-run %t.softmax.mlir
// The hand-written kernels are left as they are, and agree with themselves
// after the pass on the same random inputs.
// RUN: wave-run %examples/gemm.mlir --compare-pipeline='builtin.module(wave-insert-barriers)'
// RUN: wave-run %examples/transpose.mlir --compare-pipeline='builtin.module(wave-insert-barriers)'
// RUN: wave-run %examples/reduce_lds.mlir --compare-pipeline='builtin.module(wave-insert-barriers)'
// The gemm example's MFMA operands are read two K steps a read (4 LDS reads
// a K step where the hand-written gemm_dynamic has 8): fewer hazards, the
// same 2 barriers.
// RUN: wave-opt %examples/gemm.mlir --wave-expand-fragments --wave-insert-barriers=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=GEMM-PACKED-KEPT
// GEMM-PACKED-KEPT: hazards: 8, barriers-inserted: 0, barriers-kept: 2, barriers-removed: 0
// A loop of run-time trip count over a buffer of run-time size
// (examples/staged_dynamic.mlir without its barrier): one barrier an
// iteration, between the staging write and the read, whatever the length;
// the result runs race-free at 1 and 5 chunks.
// RUN: sed -e '/^ *wave.barrier$/d' %examples/staged_dynamic.mlir > %t.staged.mlir
// RUN: wave-opt %t.staged.mlir --wave-insert-barriers=summary -o %t.staged-barriers.mlir 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: FileCheck %s --check-prefix=DYNAMIC-IR < %t.staged-barriers.mlir
// RUN: wave-run %t.staged-barriers.mlir --scalar=2=1024 | FileCheck %s --check-prefix=DYNAMIC-EXEC
// RUN: wave-run %t.staged-barriers.mlir --scalar=2=5120 | FileCheck %s --check-prefix=DYNAMIC-EXEC
// DYNAMIC: remark: wave-insert-barriers: hazards: 2, barriers-inserted: 1, barriers-kept: 0, barriers-removed: 0, barriers-moved: 0, hazards-unordered: 0, inexact-footprints: 0
// DYNAMIC-IR-LABEL: gpu.func @staged_dynamic(
// DYNAMIC-IR: scf.for
// DYNAMIC-IR-NEXT: wave.read
// DYNAMIC-IR-NEXT: wave.write
// DYNAMIC-IR-NEXT: wave.barrier
// DYNAMIC-IR-NEXT: wave.read
// DYNAMIC-IR-NOT: wave.barrier
// DYNAMIC-IR: gpu.return
// DYNAMIC-EXEC: agrees
// DYNAMIC-EXEC-NEXT: PASS
// GEMM-KEPT: hazards: 12, barriers-inserted: 0, barriers-kept: 2, barriers-removed: 0

// TWO: 2
// ONE: 1
// EIGHT: 8
// NONE: gpu.module

// The GEMM K loop with one buffer per operand: after staging (reads of
// other waves' writes) and before the next step's staging (writes over
// other waves' reads): two barriers a step, none outside the loop.
// GEMM: scf.for
// GEMM: wave.read %A
// GEMM-NEXT: wave.barrier
// GEMM-NEXT: wave.write
// GEMM-COUNT-3: wave.write
// GEMM-NEXT: wave.barrier
// GEMM-NEXT: wave.read
// GEMM: scf.yield

// ONE-BARRIER: wave.write {{.*}}#gpu.address_space<workgroup>
// ONE-BARRIER-NEXT: wave.barrier
// ONE-BARRIER-NEXT: wave.read

// One barrier right before each of the eight levels.
// REDUCE: wave.write {{.*}}#gpu.address_space<workgroup>
// REDUCE-COUNT-8: wave.barrier{{[[:space:]]+}}scf.if
// With assume-wave-order=true: after the partial sums are stored and after
// level 128; levels 64 and below read what other lanes of wave 0 wrote.
// REDUCE-WAVE: wave.write {{.*}}#gpu.address_space<workgroup>
// REDUCE-WAVE: wave.barrier
// REDUCE-WAVE-NEXT: scf.if
// REDUCE-WAVE: wave.barrier
// REDUCE-WAVE-NEXT: scf.if
// REDUCE-WAVE-COUNT-6: scf.if

#lds = #gpu.address_space<workgroup>
#rev = affine_map<(t) -> (255 - t)>
// The element of the same lane of the next wave.
#next_wave = affine_map<(t) -> ((t + 64) mod 256)>
// The element of the next lane of the same wave.
#neighbor = affine_map<(t) -> ((t floordiv 64) * 64 + (t + 1) mod 64)>
#shifted = affine_map<(t, s) -> (t + s)>
// Step k of a loop reads the k-th block of 256 elements.
#block = affine_map<(t, k) -> (k * 256 + t)>
#half = affine_map<(t, k) -> ((k mod 2) * 256 + t)>
#half_rev = affine_map<(t, k) -> ((k mod 2) * 256 + 255 - t)>

gpu.module @tests {
  func.func private @opaque()

  // CHECK-LABEL: gpu.func @raw
  // CHECK: wave.write {{.*}}#gpu.address_space<workgroup>
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @raw(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rev_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // Read after write, then write after read (the element read belongs to
  // the next wave's lane, which overwrites it); the last read is the lane's
  // own element.
  // CHECK-LABEL: gpu.func @war
  // CHECK: wave.write {{.*}}#gpu.address_space<workgroup>
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.write
  // CHECK-NEXT: wave.read
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @war(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @next_wave_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    %r = wave.read %lds[%t] map #next_wave : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %r, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    %s = wave.read %lds[%t] : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %s, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // Write after write: the second write lands on the next wave's elements,
  // and the final read takes what the previous wave's lane wrote there.
  // CHECK-LABEL: gpu.func @waw
  // CHECK: wave.write {{.*}}#gpu.address_space<workgroup>
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.write
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  gpu.func @waw(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @prev_wave_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %t = gpu.thread_id x
    %zero = arith.constant dense<0.0> : vector<1xf32>
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %zero, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    wave.write %v, %lds[%t] map #next_wave : vector<1xf32>, memref<256xf32, #lds>
    %r = wave.read %lds[%t] : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // Each lane reads only what it wrote itself: no barrier.
  // CHECK-LABEL: gpu.func @own
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @own(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @copy_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    %r = wave.read %lds[%t] : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // Each lane reads its neighbour's element in its own wave: a barrier, as
  // LLVM may move the read above the write; none when the lowering keeps one
  // wave's accesses in order.
  // CHECK-LABEL: gpu.func @wave_private
  // CHECK: wave.write {{.*}}#gpu.address_space<workgroup>
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // WAVE-LABEL: gpu.func @wave_private
  // WAVE-NOT: wave.barrier
  // WAVE: gpu.return
  gpu.func @wave_private(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @neighbor_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    %r = wave.read %lds[%t] map #neighbor : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // A workgroup of one wave still needs a barrier between lanes.
  // CHECK-LABEL: gpu.func @single_wave
  // CHECK: wave.write {{.*}}#gpu.address_space<workgroup>
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // WAVE-LABEL: gpu.func @single_wave
  // WAVE-NOT: wave.barrier
  // WAVE: gpu.return
  gpu.func @single_wave(%in: memref<64xf32>, %out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rev64_ref} {
    %lds = wave.alloc_lds : memref<64xf32, #lds>
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<64xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<64xf32, #lds>
    %r = wave.read %lds[%t] map affine_map<(t) -> (63 - t)>
        : memref<64xf32, #lds> -> vector<1xf32>
    wave.write %r, %out[%t] : vector<1xf32>, memref<64xf32>
    gpu.return
  }

  // memref.load and memref.store on LDS have exact footprints too.
  // CHECK-LABEL: gpu.func @memref_access
  // CHECK: memref.store {{.*}}#gpu.address_space<workgroup>
  // CHECK: wave.barrier
  // CHECK-NEXT: memref.load {{.*}}#gpu.address_space<workgroup>
  gpu.func @memref_access(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rev_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c255 = arith.constant 255 : index
    %t = gpu.thread_id x
    %v = memref.load %in[%t] : memref<256xf32>
    memref.store %v, %lds[%t] : memref<256xf32, #lds>
    %j = arith.subi %c255, %t : index
    %r = memref.load %lds[%j] : memref<256xf32, #lds>
    memref.store %r, %out[%t] : memref<256xf32>
    gpu.return
  }

  // Both arms of a uniform branch read what other waves wrote before it:
  // one barrier before the branch, not one in each arm.
  // CHECK-LABEL: gpu.func @uniform_arms
  // CHECK: wave.barrier
  // CHECK-NEXT: scf.if
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @uniform_arms(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rev_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %t = gpu.thread_id x
    %wg = gpu.block_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    %first = arith.cmpi eq, %wg, %c0 : index
    scf.if %first {
      %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
      wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    } else {
      %r = wave.read %lds[%t] map #next_wave : memref<256xf32, #lds> -> vector<1xf32>
      wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    }
    gpu.return
  }

  // A hazard inside one arm of a uniform branch is ordered inside it.
  // CHECK-LABEL: gpu.func @inside_arm
  // CHECK: scf.if
  // CHECK: wave.write {{.*}}#gpu.address_space<workgroup>
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // CHECK: } else {
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @inside_arm(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rev_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %t = gpu.thread_id x
    %wg = gpu.block_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    %first = arith.cmpi eq, %wg, %c0 : index
    scf.if %first {
      wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
      %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
      wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    } else {
      wave.write %v, %out[%t] : vector<1xf32>, memref<256xf32>
    }
    gpu.return
  }

  // Under a lane-divergent branch no barrier can order lanes 0..63 reading
  // what lanes 64..127 wrote.
  // CHECK-LABEL: gpu.func @divergent
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @divergent(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    %low = arith.cmpi ult, %t, %c128 : index
    scf.if %low {
      // expected-note @below {{the conflicting access}}
      wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
      // expected-warning @below {{LDS hazard no barrier can order}}
      %r = wave.read %lds[%t, %c64] map #shifted : memref<256xf32, #lds> -> vector<1xf32>
      wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    }
    gpu.return
  }

  // The branch conditions remove the lanes that do not run an access: lanes
  // below 128 add the element 128 above their own, which no running lane
  // writes. Lanes 128 and up then read what lanes below 128 wrote.
  // CHECK-LABEL: gpu.func @guarded
  // CHECK: wave.barrier
  // CHECK-NEXT: scf.if
  // CHECK-NOT: wave.barrier
  // CHECK: }
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  gpu.func @guarded(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @guarded_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c128 = arith.constant 128 : index
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    %low = arith.cmpi ult, %t, %c128 : index
    scf.if %low {
      %mine = wave.read %lds[%t] : memref<256xf32, #lds> -> vector<1xf32>
      %other = wave.read %lds[%t, %c128] map #shifted : memref<256xf32, #lds> -> vector<1xf32>
      %s = arith.addf %mine, %other : vector<1xf32>
      wave.write %s, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    }
    %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // The GEMM step with one buffer: two barriers a step, none outside.
  // CHECK-LABEL: gpu.func @step
  // CHECK-NOT: wave.barrier
  // CHECK: scf.for
  // CHECK-NEXT: wave.read
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.write
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @step(%in: memref<1024xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @sum_rev_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<1xf32>
    %t = gpu.thread_id x
    %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (vector<1xf32>) {
      %v = wave.read %in[%t, %k] map #block : memref<1024xf32> -> vector<1xf32>
      wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
      %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
      %next = arith.addf %acc, %r : vector<1xf32>
      scf.yield %next : vector<1xf32>
    }
    wave.write %sum, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // Double buffering: step k writes half k mod 2, so the next step's writes
  // miss what this step reads, and the step after next is ordered by the
  // read-after-write barrier: one barrier a step.
  // CHECK-LABEL: gpu.func @double_buffer
  // CHECK: scf.for
  // CHECK-NOT: wave.barrier
  // CHECK: wave.write {{.*}}#gpu.address_space<workgroup>
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @double_buffer(%in: memref<1024xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @sum_rev_ref} {
    %lds = wave.alloc_lds : memref<512xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<1xf32>
    %t = gpu.thread_id x
    %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (vector<1xf32>) {
      %v = wave.read %in[%t, %k] map #block : memref<1024xf32> -> vector<1xf32>
      wave.write %v, %lds[%t, %k] map #half : vector<1xf32>, memref<512xf32, #lds>
      %r = wave.read %lds[%t, %k] map #half_rev : memref<512xf32, #lds> -> vector<1xf32>
      %next = arith.addf %acc, %r : vector<1xf32>
      scf.yield %next : vector<1xf32>
    }
    wave.write %sum, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // Written by one loop, read by the next: the barrier goes between the
  // loops, where it runs once.
  // CHECK-LABEL: gpu.func @hoisted
  // CHECK: wave.barrier
  // CHECK-NEXT: scf.for
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @hoisted(%in: memref<1024xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @sum_rev_ref} {
    %lds = wave.alloc_lds : memref<1024xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0.0> : vector<1xf32>
    %t = gpu.thread_id x
    scf.for %k = %c0 to %c4 step %c1 {
      %v = wave.read %in[%t, %k] map #block : memref<1024xf32> -> vector<1xf32>
      wave.write %v, %lds[%t, %k] map #block : vector<1xf32>, memref<1024xf32, #lds>
    }
    %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (vector<1xf32>) {
      %r = wave.read %lds[%t, %k] map affine_map<(t, k) -> (k * 256 + 255 - t)>
          : memref<1024xf32, #lds> -> vector<1xf32>
      %next = arith.addf %acc, %r : vector<1xf32>
      scf.yield %next : vector<1xf32>
    }
    wave.write %sum, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // Each step reverses what the previous step wrote: a loop-carried read
  // after write, and a write after read within the step. The barrier at the
  // start of the body also orders the write before the loop, so nothing is
  // needed outside.
  // CHECK-LABEL: gpu.func @carried
  // CHECK-NOT: wave.barrier
  // CHECK: scf.for
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.write
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @carried(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rev_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    scf.for %k = %c0 to %c3 step %c1 {
      %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
      wave.write %r, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    }
    %s = wave.read %lds[%t] : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %s, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // Nested loops: the inner loop stages two blocks, the outer body reads
  // them. Both barriers sit in the outer body, none in the inner loop: one
  // after it (read after write), one before it (the next outer step's
  // writes after this step's reads).
  // CHECK-LABEL: gpu.func @nested
  // CHECK: scf.for
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: scf.for
  // CHECK-NOT: wave.barrier
  // CHECK: }
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @nested(%in: memref<1024xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @sum_rev_ref} {
    %lds = wave.alloc_lds : memref<512xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0.0> : vector<1xf32>
    %t = gpu.thread_id x
    %sum = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (vector<1xf32>) {
      scf.for %j = %c0 to %c2 step %c1 {
        %v = wave.read %in[%t, %i, %j] map affine_map<(t, i, j) -> ((i * 2 + j) * 256 + t)>
            : memref<1024xf32> -> vector<1xf32>
        wave.write %v, %lds[%t, %j] map #block : vector<1xf32>, memref<512xf32, #lds>
      }
      %r0 = wave.read %lds[%t] map #rev : memref<512xf32, #lds> -> vector<1xf32>
      %r1 = wave.read %lds[%t] map affine_map<(t) -> (511 - t)>
          : memref<512xf32, #lds> -> vector<1xf32>
      %both = arith.addf %r0, %r1 : vector<1xf32>
      %next = arith.addf %acc, %both : vector<1xf32>
      scf.yield %next : vector<1xf32>
    }
    wave.write %sum, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // scf.while with a uniform trip count: each iteration reverses the
  // buffer. The loop leaves after its "before" region, so the final read of
  // the lane's own element needs nothing.
  // CHECK-LABEL: gpu.func @while_loop
  // CHECK: scf.while
  // CHECK-NOT: wave.barrier
  // CHECK: scf.condition
  // CHECK: do {
  // CHECK-NEXT: ^bb0
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.write
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @while_loop(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rev_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    %n = scf.while (%i = %c0) : (index) -> index {
      %more = arith.cmpi ult, %i, %c3 : index
      scf.condition(%more) %i : index
    } do {
    ^bb0(%i: index):
      %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
      wave.write %r, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
      %i1 = arith.addi %i, %c1 : index
      scf.yield %i1 : index
    }
    %s = wave.read %lds[%t] : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %s, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // A barrier that orders nothing goes (unless keep-user-barriers).
  // CHECK-LABEL: gpu.func @redundant_user_barrier
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  // KEEP-LABEL: gpu.func @redundant_user_barrier
  // KEEP: wave.barrier
  gpu.func @redundant_user_barrier(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @copy_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    wave.barrier
    %r = wave.read %lds[%t] : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // A needed barrier stays where it is (earlier than where the pass would
  // put it) and no other is added; of two barriers in a row one goes.
  // CHECK-LABEL: gpu.func @needed_user_barrier
  // CHECK: wave.write {{.*}}#gpu.address_space<workgroup>
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: wave.read
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  // KEEP-LABEL: gpu.func @needed_user_barrier
  // KEEP-COUNT-2: wave.barrier
  // KEEP-NEXT: arith.addf
  gpu.func @needed_user_barrier(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rev_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %zero = arith.constant dense<0.0> : vector<1xf32>
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    wave.barrier
    wave.barrier
    %w = arith.addf %zero, %zero : vector<1xf32>
    %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
    %s = arith.addf %r, %w : vector<1xf32>
    wave.write %s, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // A needed barrier the user put in a loop body, where it runs every
  // iteration, while one before the loop orders the same write and reads:
  // the pass moves it (unless keep-user-barriers).
  // CHECK-LABEL: gpu.func @moved_user_barrier
  // CHECK: wave.write {{.*}}#gpu.address_space<workgroup>
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: scf.for
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  // KEEP-LABEL: gpu.func @moved_user_barrier
  // KEEP: scf.for
  // KEEP-NEXT: wave.barrier
  // expected-remark @below {{hand-written barriers moved: 1 replaced by 1 placed before the ops noted (barriers by loop depth 1: 1 -> 0, loop depth 0: 0 -> 1)}}
  gpu.func @moved_user_barrier(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.reference = @rev_ref} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    // expected-note @below {{a barrier placed before this op}}
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-note @below {{a hand-written barrier removed}}
      wave.barrier
      %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
      wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    }
    gpu.return
  }

  // An op with unknown effects may touch any LDS from any lane: it is
  // ordered against the accesses before and after it.
  // CHECK-LABEL: gpu.func @unknown_effect
  // CHECK: wave.write {{.*}}#gpu.address_space<workgroup>
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: func.call @opaque
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  gpu.func @unknown_effect(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    // expected-remark @below {{LDS footprint not exact (it has unknown memory effects): ordered against every access of LDS}}
    func.call @opaque() : () -> ()
    %r = wave.read %lds[%t] : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // A loop without a static range: the write's footprint is still exact
  // (the induction variable is `k` from 0 while `k < %n`, for any %n), and
  // lane t + 1 writes in iteration k the element lane t writes in iteration
  // k + 1: a loop-carried write-after-write hazard.
  // CHECK-LABEL: gpu.func @dynamic_range
  // CHECK: scf.for
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.write
  gpu.func @dynamic_range(%n: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = arith.constant dense<1.0> : vector<1xf32>
    %t = gpu.thread_id x
    scf.for %k = %c0 to %n step %c1 {
      wave.write %v, %lds[%t, %k] map #shifted : vector<1xf32>, memref<256xf32, #lds>
    }
    gpu.return
  }

  // The GEMM step of @step over 2^20 iterations: the same two barriers a
  // step. Hazards across iterations are decided by the dependence distance
  // (iteration k against k + 1 and k + 2 or later), not by enumerating the
  // iterations, so the trip count changes nothing.
  // CHECK-LABEL: gpu.func @step_huge
  // CHECK-NOT: wave.barrier
  // CHECK: scf.for
  // CHECK-NEXT: wave.read
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.write
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  // CHECK-NOT: wave.barrier
  // CHECK: gpu.return
  gpu.func @step_huge(%in: memref<268435456xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %trips = arith.constant 1048576 : index
    %zero = arith.constant dense<0.0> : vector<1xf32>
    %t = gpu.thread_id x
    %sum = scf.for %k = %c0 to %trips step %c1 iter_args(%acc = %zero) -> (vector<1xf32>) {
      %v = wave.read %in[%t, %k] map #block : memref<268435456xf32> -> vector<1xf32>
      wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
      %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
      %next = arith.addf %acc, %r : vector<1xf32>
      scf.yield %next : vector<1xf32>
    }
    wave.write %sum, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }

  // A shifted index (`t << l`) is not affine: the read's footprint is not
  // exact, a remark says so, and the read is ordered against every access
  // of its buffer.
  // CHECK-LABEL: gpu.func @shifted_index
  // CHECK: wave.write
  // CHECK-NEXT: arith.shli
  // CHECK-NEXT: wave.barrier
  // CHECK-NEXT: wave.read
  gpu.func @shifted_index(%l: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %v = arith.constant dense<1.0> : vector<1xf32>
    %t = gpu.thread_id x
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    %i = arith.shli %t, %l : index
    // expected-remark @below {{LDS footprint not exact (index operand #0 of 'wave.read'}}
    %r = wave.read %lds[%i] : memref<256xf32, #lds> -> vector<1xf32>
    gpu.return
  }

  // Unstructured control flow is not analyzed: the barrier stays.
  // CHECK-LABEL: gpu.func @unstructured
  // CHECK: wave.barrier
  // expected-remark @below {{barriers left as they are: the kernel body is not one block}}
  gpu.func @unstructured(%p: i1) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    cf.cond_br %p, ^then, ^done
  ^then:
    wave.barrier
    gpu.return
  ^done:
    gpu.return
  }

  // References.
  gpu.func @copy_ref(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %t = gpu.thread_id x
    %v = memref.load %in[%t] : memref<256xf32>
    memref.store %v, %out[%t] : memref<256xf32>
    gpu.return
  }
  gpu.func @rev_ref(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c255 = arith.constant 255 : index
    %t = gpu.thread_id x
    %j = arith.subi %c255, %t : index
    %v = memref.load %in[%j] : memref<256xf32>
    memref.store %v, %out[%t] : memref<256xf32>
    gpu.return
  }
  gpu.func @rev64_ref(%in: memref<64xf32>, %out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c63 = arith.constant 63 : index
    %t = gpu.thread_id x
    %j = arith.subi %c63, %t : index
    %v = memref.load %in[%j] : memref<64xf32>
    memref.store %v, %out[%t] : memref<64xf32>
    gpu.return
  }
  gpu.func @next_wave_ref(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %t = gpu.thread_id x
    %j = affine.apply #next_wave(%t)
    %v = memref.load %in[%j] : memref<256xf32>
    memref.store %v, %out[%t] : memref<256xf32>
    gpu.return
  }
  gpu.func @prev_wave_ref(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %t = gpu.thread_id x
    %j = affine.apply affine_map<(t) -> ((t + 192) mod 256)>(%t)
    %v = memref.load %in[%j] : memref<256xf32>
    memref.store %v, %out[%t] : memref<256xf32>
    gpu.return
  }
  gpu.func @neighbor_ref(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %t = gpu.thread_id x
    %j = affine.apply #neighbor(%t)
    %v = memref.load %in[%j] : memref<256xf32>
    memref.store %v, %out[%t] : memref<256xf32>
    gpu.return
  }
  // out[t] = in[t] + in[t + 128] for t < 128 (then reversed).
  gpu.func @guarded_ref(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c128 = arith.constant 128 : index
    %c255 = arith.constant 255 : index
    %t = gpu.thread_id x
    %j = arith.subi %c255, %t : index
    %v = memref.load %in[%j] : memref<256xf32>
    %low = arith.cmpi ult, %j, %c128 : index
    %s = scf.if %low -> (f32) {
      %k = arith.addi %j, %c128 : index
      %w = memref.load %in[%k] : memref<256xf32>
      %sum = arith.addf %v, %w : f32
      scf.yield %sum : f32
    } else {
      scf.yield %v : f32
    }
    memref.store %s, %out[%t] : memref<256xf32>
    gpu.return
  }
  // out[t] = sum over m < 4 of in[m * 256 + 255 - t].
  gpu.func @sum_rev_ref(%in: memref<1024xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %t = gpu.thread_id x
    %sum = scf.for %m = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
      %j = affine.apply affine_map<(m, t) -> (m * 256 + 255 - t)>(%m, %t)
      %v = memref.load %in[%j] : memref<1024xf32>
      %next = arith.addf %acc, %v : f32
      scf.yield %next : f32
    }
    memref.store %sum, %out[%t] : memref<256xf32>
    gpu.return
  }

  // The write's offset `1 << l` is not affine: the footprint knows it only as
  // some value the same in every lane. Under the divergent branch (lanes 0-95, two waves) no barrier
  // could order the two accesses if they touched a common element; they do
  // not (each lane reads the even element it wrote), so the pass says the
  // footprint is inexact rather than that the kernel has a hazard. (The inexact write is still
  // ordered against the read of the previous iteration, outside the branch.)
  // CHECK-LABEL: gpu.func @inexact_divergent
  // CHECK:         scf.for
  // CHECK:           wave.barrier
  // CHECK-NEXT:      scf.if
  // CHECK-NOT:         wave.barrier
  // CHECK:         gpu.return
  gpu.func @inexact_divergent(%A: memref<128xf32>, %out: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c96 = arith.constant 96 : index
    %tid = gpu.thread_id x
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %a = wave.read %A[%tid] : memref<128xf32> -> vector<1xf32>
    %low = arith.cmpi ult, %tid, %c96 : index
    scf.for %l = %c0 to %c5 step %c1 {
      %off = arith.shli %c1, %l : index
      scf.if %low {
        // expected-note @below {{the other access}}
        wave.write %a, %lds[%tid, %off] map affine_map<(t, o) -> (t * 2 + (o floordiv 32) * 2)> : vector<1xf32>, memref<256xf32, #lds>
        // expected-remark @below {{LDS footprint inexact: this access and another may touch a common element (an address depends on a value the analysis does not know), and if they do no barrier can order them}}
        %r = wave.read %lds[%tid] map affine_map<(t) -> (t * 2)> : memref<256xf32, #lds> -> vector<1xf32>
        wave.write %r, %out[%tid] : vector<1xf32>, memref<128xf32>
      }
    }
    gpu.return
  }
}

// A workgroup of more lanes than a 32-bit id counts (64 x 2^31-1 x 2^31-1,
// a fuzzer's launch, whose lane count overflowed the hazard analysis): the
// kernel has no workgroup size for the analyses, the footprints of its LDS
// accesses are unknown, and the pass keeps them apart with a barrier.
// CHECK-LABEL: gpu.func @huge_workgroup
// CHECK:      wave.write {{.*}}#gpu.address_space<workgroup>
// CHECK-NEXT: wave.barrier
// CHECK-NEXT: wave.read
gpu.module @huge {
  gpu.func @huge_workgroup(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 2147483647, 2147483647>} {
    %lds = wave.alloc_lds : memref<256xf32, #lds>
    %t = gpu.thread_id x
    %v = wave.read %in[%t] : memref<256xf32> -> vector<1xf32>
    // expected-remark @below {{LDS footprint not exact (the kernel has no known_block_size (or one of more lanes than a 32-bit id counts)): ordered against every access of its buffer}}
    wave.write %v, %lds[%t] : vector<1xf32>, memref<256xf32, #lds>
    // expected-remark @below {{LDS footprint not exact (the kernel has no known_block_size (or one of more lanes than a 32-bit id counts)): ordered against every access of its buffer}}
    %r = wave.read %lds[%t] map #rev : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %r, %out[%t] : vector<1xf32>, memref<256xf32>
    gpu.return
  }
}

// A copy that took its tile's swizzle on the read side (wave-direct-to-lds,
// wave-optimize-lds-layout): its column, `c` XOR the row's phase written bit
// by bit, would cost each pair question a dozen quotients (seconds each).
// The analysis takes the run as the aligned block of `vec * max_phase`
// columns its XOR stays in, which holds it, and says so. The read of other
// waves' elements then gets its barrier; the write of rows 64 and up, which
// the copy does not touch, needs none before it.
// CHECK-LABEL: gpu.func @swizzled_runs
// CHECK:      wave.write {{.*}} {wave.direct_to_lds}
// CHECK-NEXT: wave.barrier
// CHECK-NEXT: wave.read
// CHECK-NOT:  wave.barrier
// CHECK:      gpu.return
gpu.module @swizzled {
  gpu.func @swizzled_runs(%A: memref<64x32xf16>, %out: memref<64x32xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 4> : memref<128x32xf16, #lds>
    %v = wave.read %A[%t, %t] map affine_map<(d0, d1) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d1 mod 4 + (d1 floordiv 4) mod 4) mod 2 + (((d1 mod 4) floordiv 2 + ((d1 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d1 mod 4) * 8)> : memref<64x32xf16> -> vector<8xf16>
    // expected-remark @below {{LDS footprint over-approximated (a run the tile's swizzle moves, taken as its whole swizzle block): ordered against every access of its swizzle blocks}}
    wave.write %v, %tile[%t] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 8 + ((d0 mod 4 + (d0 floordiv 4) mod 4) mod 2 + (((d0 mod 4) floordiv 2 + ((d0 floordiv 4) mod 4) floordiv 2) mod 2) * 2 - d0 mod 4) * 8)> {wave.direct_to_lds} : vector<8xf16>, memref<128x32xf16, #lds>
    %r = wave.read %tile[%t] map affine_map<(t) -> (t mod 64, (t floordiv 64) * 8)> : memref<128x32xf16, #lds> -> vector<8xf16>
    wave.write %r, %tile[%t] map affine_map<(t) -> (t floordiv 4 + 64, (t mod 4) * 8)> : vector<8xf16>, memref<128x32xf16, #lds>
    wave.write %r, %out[%t] map affine_map<(t) -> (t mod 64, (t floordiv 64) * 8)> : vector<8xf16>, memref<64x32xf16>
    gpu.return
  }
}

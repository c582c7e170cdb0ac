// LDS reduction trees: the levels within one wave become one wave.reduce,
// the levels across waves stay; every tree or level-like branch left alone
// has a remark saying why.
// RUN: wave-opt %s --wave-use-collectives --verify-diagnostics | FileCheck %s
// RUN: wave-opt %s --wave-use-collectives=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// Rewritten kernels give the results they gave before.
// RUN: wave-run %s --kernel=one_wave_max --compare-pipeline=wave-use-collectives 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=skipped_level --compare-pipeline=wave-use-collectives 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=root_in_short_loop --compare-pipeline=wave-use-collectives 2>/dev/null | FileCheck %s --check-prefix=SAME
// Run-time sizes: the row sums of an M x N matrix decide as their static
// twin; the kernel agrees before and after at sizes with partial rows and
// columns. A root read in a loop of run-time trip count is decided under
// the kernel's wave.assume.
// RUN: wave-run %s --kernel=rowsum_dynamic --scalar=M=16 --scalar=N=256 --compare-pipeline=wave-use-collectives 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=rowsum_dynamic --scalar=M=7 --scalar=N=100 --compare-pipeline=wave-use-collectives 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=rowsum_dynamic --scalar=M=33 --scalar=N=1000 --compare-pipeline=wave-use-collectives 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=rowsum_static --compare-pipeline=wave-use-collectives 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=root_in_runtime_loop --scalar=n=3 --compare-pipeline=wave-use-collectives 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=root_in_runtime_loop --scalar=n=4 --compare-pipeline=wave-use-collectives 2>/dev/null | FileCheck %s --check-prefix=SAME
// The reduce_lds example: 8 levels, the 6 within a wave replaced; after
// wave-insert-barriers 2 barriers remain (of 8). It still matches its
// reference, and the kernel before and after the pass agree.
// RUN: wave-opt %examples/reduce_lds.mlir --wave-use-collectives --verify-diagnostics=only-expected 2>/dev/null | FileCheck %s --check-prefix=EXAMPLE
// RUN: wave-opt %examples/reduce_lds.mlir --wave-use-collectives --wave-insert-barriers -o %t.reduce.mlir 2>/dev/null
// RUN: grep -c wave.barrier %t.reduce.mlir | FileCheck %s --check-prefix=TWO
// RUN: wave-run %t.reduce.mlir | FileCheck %s --check-prefix=SAME
// RUN: wave-run %examples/reduce_lds.mlir --compare-pipeline=wave-use-collectives 2>/dev/null | FileCheck %s --check-prefix=SAME
// wave-optimize runs it: 2 s_barrier in the gfx942 code.
// RUN: wave-compile %examples/reduce_lds.mlir --chip=gfx942 --emit=asm -o %t.reduce.s 2>/dev/null
// RUN: grep -c s_barrier %t.reduce.s | FileCheck %s --check-prefix=TWO

// SAME: PASS
// TWO: {{^}}2{{$}}

// SUMMARY: remark: wave-use-collectives: trees-found: 13, trees-rewritten: 7, levels-replaced: 27, levels-kept: 2, left-alone: 9

// EXAMPLE-LABEL: gpu.func @reduce_lds(
// EXAMPLE:         wave.barrier
// EXAMPLE:         scf.if
// EXAMPLE:           wave.read %{{.*}}[%{{.*}}, %c128]
// EXAMPLE:         wave.barrier
// EXAMPLE:         scf.if
// EXAMPLE:           wave.read %{{.*}}[%{{.*}}, %c64]
// EXAMPLE:         wave.barrier
// EXAMPLE-NOT:     wave.barrier
// EXAMPLE:         %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %c64
// EXAMPLE:         scf.if %[[IN]] {
// EXAMPLE:           %[[V:.*]] = wave.read
// EXAMPLE:           %[[X:.*]] = vector.extract %[[V]][0]
// EXAMPLE:           %[[R:.*]] = wave.reduce <add> %[[X]] : f32
// EXAMPLE:           %[[S:.*]] = vector.broadcast %[[R]] : f32 to vector<1xf32>
// EXAMPLE:           scf.if
// EXAMPLE-NEXT:        wave.write %[[S]], %{{.*}}[%{{.*}}] : vector<1xf32>, memref<128xf32>
// EXAMPLE-NOT:     wave.barrier
// EXAMPLE:         gpu.return

!buf = memref<64xi32, #gpu.address_space<workgroup>>
!fbuf = memref<128xf32, #gpu.address_space<workgroup>>
#plus = affine_map<(t, s) -> (t + s)>

gpu.module @trees {
  // One wave: the whole tree is one reduction, whose root (buf[0]) the
  // kernel reads back after a barrier and every lane stores.
  // CHECK-LABEL: gpu.func @one_wave_max(
  // CHECK:         wave.write %{{.*}}, %[[BUF:.*]][%{{.*}}] : vector<1xi32>
  // CHECK:         wave.barrier
  // CHECK:         %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %c64
  // CHECK:         scf.if %[[IN]] {
  // CHECK:           wave.reduce <max> %{{.*}} : i32
  // CHECK:           scf.if
  // CHECK-NEXT:        wave.write %{{.*}}, %[[BUF]][%{{.*}}] : vector<1xi32>
  // CHECK-NEXT:      }
  // CHECK-NEXT:    }
  // CHECK-NEXT:    wave.barrier
  // CHECK-NEXT:    wave.read %[[BUF]][%c0]
  gpu.func @one_wave_max(%X: memref<256xi32>, %Y: memref<256xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !buf
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map affine_map<(t, w) -> (w * 64 + t)>
        : memref<256xi32> -> vector<1xi32>
    wave.write %x, %buf[%tid] : vector<1xi32>, !buf
    wave.barrier
    // expected-remark @+2 {{LDS reduction tree of 6 levels (s = 32 down to 1) recognized: the 6 levels within one wave (s <= 32) are one wave.reduce <max> over lanes t < 64, the 0 across waves stay in LDS}}
    %p32 = arith.cmpi ult, %tid, %c32 : index
    scf.if %p32 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c32] map #plus : !buf -> vector<1xi32>
      %m = arith.maxsi %a, %b : vector<1xi32>
      wave.write %m, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p16 = arith.cmpi ult, %tid, %c16 : index
    scf.if %p16 {
      // The partner read first: the order of the two reads does not matter.
      %b = wave.read %buf[%tid, %c16] map #plus : !buf -> vector<1xi32>
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %m = arith.maxsi %b, %a : vector<1xi32>
      wave.write %m, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p8 = arith.cmpi ult, %tid, %c8 : index
    scf.if %p8 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c8] map #plus : !buf -> vector<1xi32>
      %m = arith.maxsi %a, %b : vector<1xi32>
      wave.write %m, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p4 = arith.cmpi ult, %tid, %c4 : index
    scf.if %p4 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c4] map #plus : !buf -> vector<1xi32>
      %m = arith.maxsi %a, %b : vector<1xi32>
      wave.write %m, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p2 = arith.cmpi ult, %tid, %c2 : index
    scf.if %p2 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c2] map #plus : !buf -> vector<1xi32>
      %m = arith.maxsi %a, %b : vector<1xi32>
      wave.write %m, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p1 = arith.cmpi ult, %tid, %c1 : index
    scf.if %p1 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c1] map #plus : !buf -> vector<1xi32>
      %m = arith.maxsi %a, %b : vector<1xi32>
      wave.write %m, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %root = wave.read %buf[%c0] : !buf -> vector<1xi32>
    wave.write %root, %Y[%tid, %wg] map affine_map<(t, w) -> (w * 64 + t)>
        : vector<1xi32>, memref<256xi32>
    gpu.return
  }

  // Levels 32 and 16, then 4, 2, 1: the first chain stops at 16, the second
  // one (a tree over buf[0..8)) is replaced.
  // CHECK-LABEL: gpu.func @skipped_level(
  // CHECK:         arith.addi %{{.*}} : vector<1xi32>
  // CHECK:         arith.addi %{{.*}} : vector<1xi32>
  // CHECK:         %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %c8
  // CHECK:         scf.if %[[IN]] {
  // CHECK:           wave.reduce <add> %{{.*}} : i32
  // CHECK-NOT:     arith.addi {{.*}} : vector<1xi32>
  // CHECK:         gpu.return
  gpu.func @skipped_level(%X: memref<256xi32>, %Y: memref<4xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !buf
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    %x = wave.read %X[%tid, %wg] map affine_map<(t, w) -> (w * 64 + t)>
        : memref<256xi32> -> vector<1xi32>
    wave.write %x, %buf[%tid] : vector<1xi32>, !buf
    wave.barrier
    // expected-remark @+2 {{LDS reduction tree of 2 levels (s = 32 down to 16) not replaced: it does not end at s = 1}}
    %p32 = arith.cmpi ult, %tid, %c32 : index
    scf.if %p32 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c32] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p16 = arith.cmpi ult, %tid, %c16 : index
    scf.if %p16 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c16] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    // expected-remark @+2 {{LDS reduction tree of 3 levels (s = 4 down to 1) recognized: the 3 levels within one wave (s <= 4) are one wave.reduce <add> over lanes t < 8, the 0 across waves stay in LDS}}
    %p4 = arith.cmpi ult, %tid, %c4 : index
    scf.if %p4 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c4] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p2 = arith.cmpi ult, %tid, %c2 : index
    scf.if %p2 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c2] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p1 = arith.cmpi ult, %tid, %c1 : index
    scf.if %p1 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c1] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %Y[%wg] : vector<1xi32>, memref<4xi32>
    }
    gpu.return
  }

  // A subtraction is not a combination wave.reduce has.
  gpu.func @difference(%Y: memref<1xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : memref<64xf32, #gpu.address_space<workgroup>>
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %p1 = arith.cmpi ult, %tid, %c1 : index
    // expected-remark @below {{not an LDS reduction tree level: 'arith.subf' is not a combination wave.reduce has}}
    scf.if %p1 {
      %a = wave.read %buf[%tid]
          : memref<64xf32, #gpu.address_space<workgroup>> -> vector<1xf32>
      %b = wave.read %buf[%tid, %c1] map #plus
          : memref<64xf32, #gpu.address_space<workgroup>> -> vector<1xf32>
      %d = arith.subf %a, %b : vector<1xf32>
      wave.write %d, %Y[%c1] map affine_map<(c) -> (c - 1)>
          : vector<1xf32>, memref<1xf32>
    }
    gpu.return
  }

  // The partner is not buf[t + s].
  gpu.func @wrong_partner(%Y: memref<1xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !buf
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %p1 = arith.cmpi ult, %tid, %c1 : index
    // expected-remark @below {{not an LDS reduction tree level: the reads are not buf[t] and buf[t + 1] of a one-dimensional buffer}}
    scf.if %p1 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c2] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %Y[%c0] : vector<1xi32>, memref<1xi32>
    }
    gpu.return
  }

  // After the tree every lane reads its own element again: those partial
  // results would change.
  gpu.func @partials_read_later(%Y: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !buf
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %init = arith.index_cast %tid : index to i32
    %v = vector.broadcast %init : i32 to vector<1xi32>
    wave.write %v, %buf[%tid] : vector<1xi32>, !buf
    wave.barrier
    // expected-remark @+2 {{LDS reduction tree of 2 levels (s = 2 down to 1) not replaced: the buffer is read after the tree at elements other than the root buf[0], whose partial results would differ}}
    %p2 = arith.cmpi ult, %tid, %c2 : index
    scf.if %p2 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c2] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p1 = arith.cmpi ult, %tid, %c1 : index
    scf.if %p1 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c1] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %mine = wave.read %buf[%tid] : !buf -> vector<1xi32>
    wave.write %mine, %Y[%tid] : vector<1xi32>, memref<64xi32>
    gpu.return
  }

  // A two-dimensional workgroup: thread id x is not the linear lane, so
  // the lanes of row y = 1 do not read buf[t].
  gpu.func @two_dimensional(%Y: memref<2xi32>) kernel
      attributes {known_block_size = array<i32: 32, 2, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !buf
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %tidy = gpu.thread_id y
    %p1 = arith.cmpi ult, %tid, %c1 : index
    // expected-remark @below {{not an LDS reduction tree level: the reads are not buf[t] and buf[t + 1] of a one-dimensional buffer}}
    scf.if %p1 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c1] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %Y[%tidy] : vector<1xi32>, memref<2xi32>
    }
    gpu.return
  }

  // After the tree every lane reads the root buf[0] in each iteration of a
  // loop (k floordiv n is 0 for k < n): the read is enumerated over every
  // lane and iteration, and the tree is replaced.
  // CHECK-LABEL: gpu.func @root_in_short_loop(
  // CHECK:         wave.reduce <add>
  // CHECK:         scf.for
  gpu.func @root_in_short_loop(%Y: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !buf
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = arith.constant 4 : index
    %tid = gpu.thread_id x
    %init = arith.index_cast %tid : index to i32
    %v = vector.broadcast %init : i32 to vector<1xi32>
    wave.write %v, %buf[%tid] : vector<1xi32>, !buf
    wave.barrier
    // expected-remark @+2 {{LDS reduction tree of 2 levels (s = 2 down to 1) recognized: the 2 levels within one wave (s <= 2) are one wave.reduce <add> over lanes t < 4, the 0 across waves stay in LDS}}
    %p2 = arith.cmpi ult, %tid, %c2 : index
    scf.if %p2 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c2] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p1 = arith.cmpi ult, %tid, %c1 : index
    scf.if %p1 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c1] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    scf.for %k = %c0 to %n step %c1 {
      %r = wave.read %buf[%k] map affine_map<(k) -> (k floordiv 4)> : !buf -> vector<1xi32>
      wave.write %r, %Y[%tid] : vector<1xi32>, memref<64xi32>
    }
    gpu.return
  }

  // The same with 2^21 iterations: whether the later read touches only the
  // root is decided on integers, at a cost independent of the trip count.
  // CHECK-LABEL: gpu.func @root_in_long_loop(
  // CHECK:         wave.reduce <add>
  // CHECK:         scf.for
  gpu.func @root_in_long_loop(%Y: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !buf
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = arith.constant 2097152 : index
    %tid = gpu.thread_id x
    %init = arith.index_cast %tid : index to i32
    %v = vector.broadcast %init : i32 to vector<1xi32>
    wave.write %v, %buf[%tid] : vector<1xi32>, !buf
    wave.barrier
    // expected-remark @+2 {{LDS reduction tree of 2 levels (s = 2 down to 1) recognized: the 2 levels within one wave (s <= 2) are one wave.reduce <add> over lanes t < 4, the 0 across waves stay in LDS}}
    %p2 = arith.cmpi ult, %tid, %c2 : index
    scf.if %p2 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c2] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p1 = arith.cmpi ult, %tid, %c1 : index
    scf.if %p1 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c1] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    scf.for %k = %c0 to %n step %c1 {
      %r = wave.read %buf[%k] map affine_map<(k) -> (k floordiv 2097152)> : !buf -> vector<1xi32>
      wave.write %r, %Y[%tid] : vector<1xi32>, memref<64xi32>
    }
    gpu.return
  }

  // A later read at an address that is not affine (t >> 6, 0 in every lane
  // of 64, but a shift): which elements it reads is not known, and the tree
  // stays.
  // CHECK-LABEL: gpu.func @root_at_shift(
  // CHECK-NOT:     wave.reduce
  // CHECK:         gpu.return
  gpu.func @root_at_shift(%Y: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !buf
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %tid = gpu.thread_id x
    %init = arith.index_cast %tid : index to i32
    %v = vector.broadcast %init : i32 to vector<1xi32>
    wave.write %v, %buf[%tid] : vector<1xi32>, !buf
    wave.barrier
    // expected-remark-re @+2 {{LDS reduction tree of 2 levels (s = 2 down to 1) not replaced: an access's address cannot be analyzed: index operand #0 of 'wave.read' at {{.*}}: 'arith.shrui' at {{.*}} is neither index arithmetic nor a thread id, workgroup id, loop induction variable, uniform value or constant}}
    %p2 = arith.cmpi ult, %tid, %c2 : index
    scf.if %p2 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c2] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p1 = arith.cmpi ult, %tid, %c1 : index
    scf.if %p1 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c1] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %root = arith.shrui %tid, %c6 : index
    %r = wave.read %buf[%root] : !buf -> vector<1xi32>
    wave.write %r, %Y[%tid] : vector<1xi32>, memref<64xi32>
    gpu.return
  }

  // Row sums of a 16 x 256 matrix: 4 workgroups of 128 lanes (2 waves) take
  // rows r = wg, wg + 4, ...; each lane adds a column stride, then a tree
  // of 7 levels sums the row.
  // CHECK-LABEL: gpu.func @rowsum_static(
  // CHECK:         scf.for
  // CHECK:           arith.cmpi ult, %{{.*}}, %c64
  // CHECK:           arith.addf %{{.*}} : vector<1xf32>
  // CHECK:           wave.barrier
  // CHECK-NOT:       wave.barrier
  // CHECK:           wave.reduce <add> %{{.*}} : f32
  // CHECK:             wave.write %{{.*}}, %{{.*}}[%{{.*}}] : vector<1xf32>, memref<16xf32>
  // CHECK:         gpu.return
  gpu.func @rowsum_static(%X: memref<16x256xf32>, %Y: memref<16xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !fbuf
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %M = arith.constant 16 : index
    %N = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    scf.for %r = %wg to %M step %c4 {
      %part = scf.for %c = %tid to %N step %c128 iter_args(%s = %zero)
          -> (f32) {
        %x = memref.load %X[%r, %c] : memref<16x256xf32>
        %n = arith.addf %s, %x : f32
        scf.yield %n : f32
      }
      %v = vector.broadcast %part : f32 to vector<1xf32>
      // The previous row's tree has read buf.
      wave.barrier
      wave.write %v, %buf[%tid] : vector<1xf32>, !fbuf
      wave.barrier
      // expected-remark @+2 {{LDS reduction tree of 7 levels (s = 64 down to 1) recognized: the 6 levels within one wave (s <= 32) are one wave.reduce <add> over lanes t < 64, the 1 across waves stay in LDS (the float combination is reassociated)}}
      %p64 = arith.cmpi ult, %tid, %c64 : index
      scf.if %p64 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c64] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p32 = arith.cmpi ult, %tid, %c32 : index
      scf.if %p32 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c32] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p16 = arith.cmpi ult, %tid, %c16 : index
      scf.if %p16 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c16] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p8 = arith.cmpi ult, %tid, %c8 : index
      scf.if %p8 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c8] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p4 = arith.cmpi ult, %tid, %c4 : index
      scf.if %p4 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c4] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p2 = arith.cmpi ult, %tid, %c2 : index
      scf.if %p2 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c2] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p1 = arith.cmpi ult, %tid, %c1 : index
      scf.if %p1 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c1] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %Y[%r] : vector<1xf32>, memref<16xf32>
      }
    }
    gpu.return
  }

  // The same for an M x N matrix of run-time sizes: both loops have run-time
  // trip counts, and the tree inside the row loop is recognized alike.
  // CHECK-LABEL: gpu.func @rowsum_dynamic(
  // CHECK:         scf.for
  // CHECK:           arith.cmpi ult, %{{.*}}, %c64
  // CHECK:           arith.addf %{{.*}} : vector<1xf32>
  // CHECK:           wave.barrier
  // CHECK-NOT:       wave.barrier
  // CHECK:           wave.reduce <add> %{{.*}} : f32
  // CHECK:             wave.write %{{.*}}, %{{.*}}[%{{.*}}] : vector<1xf32>, memref<?xf32>
  // CHECK:         gpu.return
  gpu.func @rowsum_dynamic(%X: memref<?x?xf32> {wave.dims = array<i64: 2, 3>},
                          %Y: memref<?xf32> {wave.dims = array<i64: 2>},
                          %M: index, %N: index) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !fbuf
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %wg = gpu.block_id x
    scf.for %r = %wg to %M step %c4 {
      %part = scf.for %c = %tid to %N step %c128 iter_args(%s = %zero)
          -> (f32) {
        %x = memref.load %X[%r, %c] : memref<?x?xf32>
        %n = arith.addf %s, %x : f32
        scf.yield %n : f32
      }
      %v = vector.broadcast %part : f32 to vector<1xf32>
      // The previous row's tree has read buf.
      wave.barrier
      wave.write %v, %buf[%tid] : vector<1xf32>, !fbuf
      wave.barrier
      // expected-remark @+2 {{LDS reduction tree of 7 levels (s = 64 down to 1) recognized: the 6 levels within one wave (s <= 32) are one wave.reduce <add> over lanes t < 64, the 1 across waves stay in LDS (the float combination is reassociated)}}
      %p64 = arith.cmpi ult, %tid, %c64 : index
      scf.if %p64 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c64] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p32 = arith.cmpi ult, %tid, %c32 : index
      scf.if %p32 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c32] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p16 = arith.cmpi ult, %tid, %c16 : index
      scf.if %p16 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c16] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p8 = arith.cmpi ult, %tid, %c8 : index
      scf.if %p8 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c8] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p4 = arith.cmpi ult, %tid, %c4 : index
      scf.if %p4 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c4] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p2 = arith.cmpi ult, %tid, %c2 : index
      scf.if %p2 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c2] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %buf[%tid] : vector<1xf32>, !fbuf
      }
      wave.barrier
      %p1 = arith.cmpi ult, %tid, %c1 : index
      scf.if %p1 {
        %a = wave.read %buf[%tid] : !fbuf -> vector<1xf32>
        %b = wave.read %buf[%tid, %c1] map #plus : !fbuf -> vector<1xf32>
        %m = arith.addf %a, %b : vector<1xf32>
        wave.write %m, %Y[%r] : vector<1xf32>, memref<?xf32>
      }
    }
    gpu.return
  }

  // root_in_short_loop with a run-time trip count n: the kernel assumes
  // n <= 4, so k floordiv 4 is 0 and the read after the tree is the root.
  // CHECK-LABEL: gpu.func @root_in_runtime_loop(
  // CHECK:         wave.reduce <add>
  // CHECK:         scf.for
  gpu.func @root_in_runtime_loop(%Y: memref<64xi32>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(y, n) : (n >= 0, 4 - n >= 0)>} {
    %buf = wave.alloc_lds : !buf
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %init = arith.index_cast %tid : index to i32
    %v = vector.broadcast %init : i32 to vector<1xi32>
    wave.write %v, %buf[%tid] : vector<1xi32>, !buf
    wave.barrier
    // expected-remark @+2 {{LDS reduction tree of 2 levels (s = 2 down to 1) recognized: the 2 levels within one wave (s <= 2) are one wave.reduce <add> over lanes t < 4, the 0 across waves stay in LDS}}
    %p2 = arith.cmpi ult, %tid, %c2 : index
    scf.if %p2 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c2] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p1 = arith.cmpi ult, %tid, %c1 : index
    scf.if %p1 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c1] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    scf.for %k = %c0 to %n step %c1 {
      %r = wave.read %buf[%k] map affine_map<(k) -> (k floordiv 4)> : !buf -> vector<1xi32>
      wave.write %r, %Y[%tid] : vector<1xi32>, memref<64xi32>
    }
    gpu.return
  }

  // With n <= 8 assumed, iterations 4 to 7 read buf[1]: the tree stays.
  // CHECK-LABEL: gpu.func @root_in_longer_runtime_loop(
  // CHECK-NOT:     wave.reduce
  // CHECK:         gpu.return
  gpu.func @root_in_longer_runtime_loop(%Y: memref<64xi32>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>,
                  wave.assume = affine_set<(y, n) : (n >= 0, 8 - n >= 0)>} {
    %buf = wave.alloc_lds : !buf
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %init = arith.index_cast %tid : index to i32
    %v = vector.broadcast %init : i32 to vector<1xi32>
    wave.write %v, %buf[%tid] : vector<1xi32>, !buf
    wave.barrier
    // expected-remark @+2 {{LDS reduction tree of 2 levels (s = 2 down to 1) not replaced: the buffer is read after the tree at elements other than the root buf[0], whose partial results would differ}}
    %p2 = arith.cmpi ult, %tid, %c2 : index
    scf.if %p2 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c2] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %p1 = arith.cmpi ult, %tid, %c1 : index
    scf.if %p1 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c1] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    scf.for %k = %c0 to %n step %c1 {
      %r = wave.read %buf[%k] map affine_map<(k) -> (k floordiv 4)> : !buf -> vector<1xi32>
      wave.write %r, %Y[%tid] : vector<1xi32>, memref<64xi32>
    }
    gpu.return
  }

  // A level whose s is too large to double follows a level of s = 8: it
  // continues no chain (the doubled s does not fit 64 bits), each is a tree
  // of its own, neither ends at s = 1.
  // CHECK-LABEL: gpu.func @stride_past_int64
  // CHECK-NOT:     wave.reduce
  gpu.func @stride_past_int64(%Y: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %buf = wave.alloc_lds : !buf
    %c8 = arith.constant 8 : index
    %huge = arith.constant 9223372036854775807 : index
    %tid = gpu.thread_id x
    %one = arith.constant dense<1> : vector<1xi32>
    wave.write %one, %buf[%tid] : vector<1xi32>, !buf
    wave.barrier
    // expected-remark @+2 {{LDS reduction tree of 1 levels (s = 8 down to 8) not replaced: it does not end at s = 1}}
    %p8 = arith.cmpi ult, %tid, %c8 : index
    scf.if %p8 {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %c8] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    // expected-remark @+2 {{LDS reduction tree of 1 levels (s = 9223372036854775807 down to 9223372036854775807) not replaced: it does not end at s = 1}}
    %ph = arith.cmpi ult, %tid, %huge : index
    scf.if %ph {
      %a = wave.read %buf[%tid] : !buf -> vector<1xi32>
      %b = wave.read %buf[%tid, %huge] map #plus : !buf -> vector<1xi32>
      %s = arith.addi %a, %b : vector<1xi32>
      wave.write %s, %buf[%tid] : vector<1xi32>, !buf
    }
    wave.barrier
    %r = wave.read %buf[%tid] : !buf -> vector<1xi32>
    wave.write %r, %Y[%tid] : vector<1xi32>, memref<64xi32>
    gpu.return
  }
}

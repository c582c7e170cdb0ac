// The cross-lane ops convert-wave-to-amdgpu emits, with the hardware's
// semantics: rocdl.ballot (the active lanes whose predicate holds, per
// wave), rocdl.readlane (a lane's value in every active lane),
// rocdl.ds_bpermute (each lane reads the lane its byte address names; in
// 32-lane halves for waves of 64 on GFX11; an inactive source reads zero),
// llvm.amdgcn.permlane64 (the lane 32 away), and rocdl.iglp.opt (a
// scheduling hint, nothing to execute).
//
// @cross_lane: one wave of 64, X[l] = l; lanes 0 to 39 run the ops under
// a branch, lanes 40 to 63 keep the -1 Y, R and P start with.
//   B[l] (i64): ballot of "l odd" = bits 1, 3, ..., 39 = 0xAAAAAAAAAA.
//   C[l] (i64): i32 ballot of true: lanes 0 to 31 of the 40 active.
//   R[l]: readlane of X at lane 69 (modulo 64: lane 5) = 5.
//   P[l]: ds_bpermute of 10 X from address 4 (l + 1): 10 (l + 1) for l < 39;
//         lane 39 reads lane 40, inactive: 0.
// RUN: %python -c "import numpy; numpy.save('%t.x.npy', numpy.arange(64, dtype=numpy.int32)); numpy.save('%t.m1.npy', numpy.full(64, -1, dtype=numpy.int32)); numpy.save('%t.m1l.npy', numpy.full(64, -1, dtype=numpy.int64))"
// RUN: wave-run %s --kernel=cross_lane --input=X=%t.x.npy --input=B=%t.m1l.npy --input=C=%t.m1l.npy --input=R=%t.m1.npy --input=P=%t.m1.npy --output-dir=%t.out | FileCheck %s --check-prefix=RAN
// RAN: @cross_lane ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; b = numpy.load('%t.out/B.npy'); assert list(b) == [0xAAAAAAAAAA] * 40 + [-1] * 24, b"
// RUN: %python -c "import numpy; c = numpy.load('%t.out/C.npy'); assert list(c) == [0xFFFFFFFF] * 40 + [-1] * 24, c"
// RUN: %python -c "import numpy; r = numpy.load('%t.out/R.npy'); assert list(r) == [5] * 40 + [-1] * 24, r"
// RUN: %python -c "import numpy; p = numpy.load('%t.out/P.npy'); assert list(p) == [10 * (l + 1) for l in range(39)] + [0] + [-1] * 24, p"
//
// @halves: the same ds_bpermute on gfx1100 in waves of 64 (from the
// #rocdl.target): a lane reads lane ((l + 1) mod 32) of its own half, so
// lane 31 reads lane 0 and lane 63 lane 32; Q[l] = permlane64 of X = X[l ^ 32].
// RUN: wave-run %s --kernel=halves --input=X=%t.x.npy --output-dir=%t.halves | FileCheck %s --check-prefix=HALVES
// HALVES: @halves ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; p = numpy.load('%t.halves/P.npy'); assert list(p) == [(l & 32) | ((l + 1) & 31) for l in range(64)], p"
// RUN: %python -c "import numpy; q = numpy.load('%t.halves/Q.npy'); assert list(q) == [l ^ 32 for l in range(64)], q"
//
// @wave32: a workgroup of 64 lanes in waves of 32 (the #rocdl.target's
// +wavefrontsize32): each wave's i32 ballot of "l odd" is 0xAAAAAAAA, the
// odd lanes of its own 32.
// RUN: wave-run %s --kernel=wave32 --output-dir=%t.w32 | FileCheck %s --check-prefix=WAVE32
// WAVE32: @wave32 ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; b = numpy.load('%t.w32/B.npy'); assert list(b) == [0xAAAAAAAA] * 64, b"
//
// A wrong lowering is caught: a reduction whose whole-wave test takes an
// i32 ballot in a wave of 64 (lanes 0 to 31 only) runs the fast path,
// which reads every lane, with lanes 40 to 63 inactive.
// RUN: not wave-run %s --kernel=wrong_whole_wave_test --reference=reduce_40 2>&1 | FileCheck %s --check-prefix=WHOLE
// WHOLE: error: gpu.subgroup_reduce uniform executed with lanes inactive in wave 0: every lane of the wave takes part
// RUN: wave-run %s --kernel=reduce_40 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=REDUCE
// REDUCE: output 'Y' (64xf32): agrees
// REDUCE-NEXT: PASS
//
// Reading an inactive lane is an error: what its register holds is no
// value of the kernel.
// RUN: not wave-run %s --kernel=inactive_lane 2>&1 | FileCheck %s --check-prefix=INACTIVE
// INACTIVE: error: rocdl.readlane reads lane 45, which is not active in wave 0 of workgroup (0, 0, 0)
// permlane64 needs waves of 64.
// RUN: not wave-run %s --kernel=permlane_wave32 2>&1 | FileCheck %s --check-prefix=PERMLANE32
// PERMLANE32: error: the interpreter executes llvm.amdgcn.permlane64 of one value in waves of 64 lanes only

gpu.module @cross_lane {
  gpu.func @cross_lane(%X: memref<64xi32>, %B: memref<64xi64>, %C: memref<64xi64>,
                       %R: memref<64xi32>, %P: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c40 = arith.constant 40 : index
    %active = arith.cmpi ult, %l, %c40 : index
    scf.if %active {
      rocdl.iglp.opt 0
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %low = arith.andi %l, %c1 : index
      %odd = arith.cmpi eq, %low, %c1 : index
      %b = rocdl.ballot %odd : i64
      memref.store %b, %B[%l] : memref<64xi64>
      %true = arith.constant true
      %c = rocdl.ballot %true : i32
      %cw = arith.extui %c : i32 to i64
      memref.store %cw, %C[%l] : memref<64xi64>
      %x = memref.load %X[%l] : memref<64xi32>
      %c69 = arith.constant 69 : i32
      %r = rocdl.readlane %x, %c69 : (i32, i32) -> i32
      memref.store %r, %R[%l] : memref<64xi32>
      %next = arith.addi %l, %c1 : index
      %wrapped = arith.remui %next, %c64 : index
      %n32 = arith.index_cast %wrapped : index to i32
      %c2 = arith.constant 2 : i32
      %address = arith.shli %n32, %c2 : i32
      %c10 = arith.constant 10 : i32
      %x10 = arith.muli %x, %c10 : i32
      %p = rocdl.ds_bpermute %address, %x10 : (i32, i32) -> i32
      memref.store %p, %P[%l] : memref<64xi32>
    }
    gpu.return
  }
}

gpu.module @rdna [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64">] {
  gpu.func @halves(%X: memref<64xi32>, %P: memref<64xi32>, %Q: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %next = arith.addi %l, %c1 : index
    %wrapped = arith.remui %next, %c64 : index
    %n32 = arith.index_cast %wrapped : index to i32
    %c2 = arith.constant 2 : i32
    %address = arith.shli %n32, %c2 : i32
    %p = rocdl.ds_bpermute %address, %x : (i32, i32) -> i32
    memref.store %p, %P[%l] : memref<64xi32>
    %q = llvm.call_intrinsic "llvm.amdgcn.permlane64"(%x) : (i32) -> i32
    memref.store %q, %Q[%l] : memref<64xi32>
    gpu.return
  }
}

gpu.module @rdna32 [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32">] {
  gpu.func @wave32(%B: memref<64xi64>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %low = arith.andi %l, %c1 : index
    %odd = arith.cmpi eq, %low, %c1 : index
    %b = rocdl.ballot %odd : i32
    %bw = arith.extui %b : i32 to i64
    memref.store %bw, %B[%l] : memref<64xi64>
    gpu.return
  }

  gpu.func @permlane_wave32(%X: memref<32xi32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<32xi32>
    %q = llvm.call_intrinsic "llvm.amdgcn.permlane64"(%x) : (i32) -> i32
    memref.store %q, %X[%l] : memref<32xi32>
    gpu.return
  }
}

gpu.module @reductions {
  gpu.func @reduce_40(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %l = gpu.thread_id x
    %c40 = arith.constant 40 : index
    %active = arith.cmpi ult, %l, %c40 : index
    scf.if %active {
      %x = memref.load %X[%l] : memref<64xf32>
      %s = wave.reduce <add> %x : f32
      memref.store %s, %Y[%l] : memref<64xf32>
    }
    gpu.return
  }

  gpu.func @wrong_whole_wave_test(%X: memref<64xf32>, %Y: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c40 = arith.constant 40 : index
    %active = arith.cmpi ult, %l, %c40 : index
    scf.if %active {
      %x = memref.load %X[%l] : memref<64xf32>
      %true = arith.constant true
      %lanes = rocdl.ballot %true : i32
      %all = arith.constant -1 : i32
      %whole = arith.cmpi eq, %lanes, %all : i32
      %s = scf.if %whole -> f32 {
        %r = gpu.subgroup_reduce add %x uniform : (f32) -> f32
        scf.yield %r : f32
      } else {
        %r = gpu.subgroup_reduce add %x : (f32) -> f32
        scf.yield %r : f32
      }
      memref.store %s, %Y[%l] : memref<64xf32>
    }
    gpu.return
  }
}

gpu.module @errors {
  gpu.func @inactive_lane(%X: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c40 = arith.constant 40 : index
    %active = arith.cmpi ult, %l, %c40 : index
    scf.if %active {
      %x = memref.load %X[%l] : memref<64xi32>
      %c45 = arith.constant 45 : i32
      %r = rocdl.readlane %x, %c45 : (i32, i32) -> i32
      memref.store %r, %X[%l] : memref<64xi32>
    }
    gpu.return
  }
}

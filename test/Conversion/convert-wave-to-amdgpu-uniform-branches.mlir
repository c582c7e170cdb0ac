// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu{uniform-branches}))' 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// The lowered kernels compute what the interpreter computes from the ids
// (rocdl.readfirstlane reads the lowest active lane).
// RUN: wave-run %s --kernel=uniform --compare-pipeline='gpu.module(convert-wave-to-amdgpu{uniform-branches})' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=divergent --compare-pipeline='gpu.module(convert-wave-to-amdgpu{uniform-branches})' | FileCheck %s --check-prefix=SAME
// RUN: wave-run %s --kernel=widths --scalar=n=2 --compare-pipeline='gpu.module(convert-wave-to-amdgpu{uniform-branches})' | FileCheck %s --check-prefix=SAME4
// RUN: wave-run %s --kernel=widths --scalar=n=-3 --compare-pipeline='gpu.module(convert-wave-to-amdgpu{uniform-branches})' | FileCheck %s --check-prefix=SAME4
// SAME: output 'out' (3x256xf32): agrees (max abs error 0, max rel error 0)
// SAME: PASS
// SAME4: output 'out' (4x256xf32): agrees (max abs error 0, max rel error 0)
// SAME4: PASS
// The compares on thread ids that the wave uniformity analysis proves the
// same in every lane of a wave become compares of the first active lane's
// operands, in i32: LLVM sees a uniform branch (s_cmp, s_cbranch_scc)
// instead of a lane mask and exec masking.
// RUN: wave-compile %s --chip=gfx1100 --emit=asm -o - | FileCheck %s --check-prefix=ISA
// Without the option (wave-compile -O0, --wave-optimize=false) every branch
// keeps its compare.
// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' 2>&1 | FileCheck %s --check-prefix=OFF
// OFF-NOT: rocdl.readfirstlane
// OFF-NOT: remark

// reduce_lds: the branches on `tid < 128` and `tid < 64` are uniform, so
// lane 0's store, nested in the second, keeps its exec restore and becomes
// v_cmpx; the kernel uses no VCC.
// RUN: wave-compile %examples/reduce_lds.mlir --chip=gfx1100 --emit=asm -o - | FileCheck %s --check-prefix=LDS
// LDS-LABEL: reduce_lds:
// LDS-NOT: vcc
// LDS: s_cmpk_gt_u32 s{{[0-9]+}}, 0x7f
// LDS-NOT: vcc
// LDS: s_cmp_gt_u32 s{{[0-9]+}}, 63
// LDS-NOT: vcc
// LDS: v_cmpx_eq_u32_e32 0, v0
// LDS-NOT: vcc
// LDS: s_endpgm
// LDS: .name: reduce_lds{{$}}
// LDS-NOT: .name:
// LDS: .sgpr_count: 8

#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @m {
  // `tid < 64` and `tid / 64 != 2` take one value in each wave of 64: both
  // branches on the first share one scalar compare, placed beside it.
  // CHECK-LABEL: gpu.func @uniform
  // CHECK: [[TID:%[a-z_0-9]+]] = gpu.thread_id x
  // CHECK: arith.cmpi ult, [[TID]], [[C64:%[a-z_0-9]+]] : index
  // CHECK-NEXT: [[T32:%[a-z_0-9]+]] = arith.index_castui [[TID]] : index to i32
  // CHECK-NEXT: [[FIRST:%[a-z_0-9]+]] = rocdl.readfirstlane [[T32]] : i32
  // CHECK-NEXT: [[C32:%[a-z_0-9]+]] = arith.index_castui [[C64]] : index to i32
  // CHECK-NEXT: [[LOW:%[a-z_0-9]+]] = arith.cmpi ult, [[FIRST]], [[C32]] : i32
  // CHECK: scf.if [[LOW]] {
  // CHECK: scf.if [[LOW]] {
  // CHECK: [[W:%[a-z_0-9]+]] = arith.divui [[TID]], [[C64]] : index
  // CHECK-NEXT: arith.cmpi ne, [[W]], [[C2:%[a-z_0-9]+]] : index
  // CHECK-NEXT: [[W32:%[a-z_0-9]+]] = arith.index_castui [[W]] : index to i32
  // CHECK-NEXT: [[WFIRST:%[a-z_0-9]+]] = rocdl.readfirstlane [[W32]] : i32
  // CHECK-NEXT: [[C2I:%[a-z_0-9]+]] = arith.index_castui [[C2]] : index to i32
  // CHECK-NEXT: [[NOT2:%[a-z_0-9]+]] = arith.cmpi ne, [[WFIRST]], [[C2I]] : i32
  // CHECK: scf.if [[NOT2]] {
  // LLVM merges the two branches on one condition.
  // ISA-LABEL: uniform:
  // ISA-NOT: vcc
  // ISA: v_readfirstlane_b32 [[S:s[0-9]+]], v0
  // ISA-NEXT: s_cmp_gt_u32 [[S]], 63
  // ISA-NEXT: s_cbranch_scc1
  // ISA-NOT: vcc
  // ISA: v_readfirstlane_b32 [[W:s[0-9]+]], v0
  // ISA-NEXT: s_and_not1_b32 [[W]], [[W]], 63
  // ISA-NOT: vcc
  // ISA: s_cmpk_eq_i32 [[W]], 0x80
  // ISA-NEXT: s_cbranch_scc1
  // ISA-NOT: vcc
  // ISA: s_endpgm
  gpu.func @uniform(%in: memref<256xf32>, %out: memref<3x256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %r0 = arith.constant 0 : index
    %r1 = arith.constant 1 : index
    %r2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %v = wave.read %in[%tid] : memref<256xf32> -> vector<1xf32>
    %low = arith.cmpi ult, %tid, %c64 : index
    scf.if %low {
      %d = arith.addf %v, %v : vector<1xf32>
      wave.write %d, %out[%r0, %tid] : vector<1xf32>, memref<3x256xf32>
    }
    scf.if %low {
      %m = arith.mulf %v, %v : vector<1xf32>
      wave.write %m, %out[%r1, %tid] : vector<1xf32>, memref<3x256xf32>
    }
    %wave = arith.divui %tid, %c64 : index
    %not2 = arith.cmpi ne, %wave, %c2 : index
    scf.if %not2 {
      %n = arith.negf %v : vector<1xf32>
      wave.write %n, %out[%r2, %tid] : vector<1xf32>, memref<3x256xf32>
    }
    gpu.return
  }

  // Compares of other widths than i32 on the wave id, which the analysis
  // proves uniform (a wave-uniform source). Narrower operands are
  // sign-extended to i32, which keeps both their signed and their unsigned
  // order, whatever their values: `wave - 2` in i8 is negative in waves 0
  // and 1, where a zero extension (254, 255) would turn `slt 0` false, and
  // the i1 compare's `true` becomes -1 on both sides. i32 operands are
  // compared as they are, whatever their range (`n` is a kernel argument,
  // negative in the second run above); wider ones need [0, 2^31)
  // (@divergent).
  // CHECK-LABEL: gpu.func @widths
  // CHECK: [[W16:%[a-z_0-9]+]] = arith.index_castui {{.*}} : index to i16
  // CHECK: arith.cmpi ult, [[W16]], [[TWO16:%[a-z_0-9]+]] : i16
  // CHECK-NEXT: [[E16:%[a-z_0-9]+]] = arith.extsi [[W16]] : i16 to i32
  // CHECK-NEXT: [[F16:%[a-z_0-9]+]] = rocdl.readfirstlane [[E16]] : i32
  // CHECK-NEXT: [[T16:%[a-z_0-9]+]] = arith.extsi [[TWO16]] : i16 to i32
  // CHECK-NEXT: [[LOW:%[a-z_0-9]+]] = arith.cmpi ult, [[F16]], [[T16]] : i32
  // CHECK: scf.if [[LOW]] {
  // CHECK: [[REL:%[a-z_0-9]+]] = arith.subi {{.*}} : i8
  // CHECK-NEXT: arith.cmpi slt, [[REL]], [[ZERO8:%[a-z_0-9]+]] : i8
  // CHECK-NEXT: [[E8:%[a-z_0-9]+]] = arith.extsi [[REL]] : i8 to i32
  // CHECK-NEXT: [[F8:%[a-z_0-9]+]] = rocdl.readfirstlane [[E8]] : i32
  // CHECK-NEXT: [[Z8:%[a-z_0-9]+]] = arith.extsi [[ZERO8]] : i8 to i32
  // CHECK-NEXT: [[BEFORE:%[a-z_0-9]+]] = arith.cmpi slt, [[F8]], [[Z8]] : i32
  // CHECK: scf.if [[BEFORE]] {
  // CHECK: [[FIRST:%[a-z_0-9]+]] = arith.cmpi ult, {{.*}} : index
  // CHECK-NEXT: [[TRUE:%[a-z_0-9]+]] = arith.constant true
  // CHECK-NEXT: arith.cmpi ne, [[FIRST]], [[TRUE]] : i1
  // CHECK-NEXT: [[E1:%[a-z_0-9]+]] = arith.extsi [[FIRST]] : i1 to i32
  // CHECK-NEXT: [[F1:%[a-z_0-9]+]] = rocdl.readfirstlane [[E1]] : i32
  // CHECK-NEXT: [[T1:%[a-z_0-9]+]] = arith.extsi [[TRUE]] : i1 to i32
  // CHECK-NEXT: [[REST:%[a-z_0-9]+]] = arith.cmpi ne, [[F1]], [[T1]] : i32
  // CHECK: scf.if [[REST]] {
  // CHECK: [[W32:%[a-z_0-9]+]] = arith.index_castui {{.*}} : index to i32
  // CHECK-NEXT: arith.cmpi slt, [[W32]], %n : i32
  // CHECK-NEXT: [[F32:%[a-z_0-9]+]] = rocdl.readfirstlane [[W32]] : i32
  // CHECK-NEXT: [[BELOW:%[a-z_0-9]+]] = arith.cmpi slt, [[F32]], %n : i32
  // CHECK: scf.if [[BELOW]] {
  // Four uniform branches, none of them with exec masking.
  // ISA-LABEL: widths:
  // ISA-COUNT-4: v_readfirstlane_b32
  // ISA-NOT: exec{{[zn]}}
  // ISA: s_endpgm
  gpu.func @widths(%in: memref<256xf32>, %out: memref<4x256xf32>, %n: i32) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %c64 = arith.constant 64 : index
    %r0 = arith.constant 0 : index
    %r1 = arith.constant 1 : index
    %r2 = arith.constant 2 : index
    %r3 = arith.constant 3 : index
    %tid = gpu.thread_id x
    %v = wave.read %in[%tid] : memref<256xf32> -> vector<1xf32>
    %wave = gpu.subgroup_id : index
    %wave16 = arith.index_castui %wave : index to i16
    %two16 = arith.constant 2 : i16
    %low = arith.cmpi ult, %wave16, %two16 : i16
    scf.if %low {
      %d = arith.addf %v, %v : vector<1xf32>
      wave.write %d, %out[%r0, %tid] : vector<1xf32>, memref<4x256xf32>
    }
    %wave8 = arith.index_castui %wave : index to i8
    %two8 = arith.constant 2 : i8
    %zero8 = arith.constant 0 : i8
    %rel = arith.subi %wave8, %two8 : i8
    %before = arith.cmpi slt, %rel, %zero8 : i8
    scf.if %before {
      %m = arith.mulf %v, %v : vector<1xf32>
      wave.write %m, %out[%r1, %tid] : vector<1xf32>, memref<4x256xf32>
    }
    %first = arith.cmpi ult, %tid, %c64 : index
    %true = arith.constant true
    %rest = arith.cmpi ne, %first, %true : i1
    scf.if %rest {
      %e = arith.negf %v : vector<1xf32>
      wave.write %e, %out[%r2, %tid] : vector<1xf32>, memref<4x256xf32>
    }
    %wave32 = arith.index_castui %wave : index to i32
    %below = arith.cmpi slt, %wave32, %n : i32
    scf.if %below {
      %s = arith.subf %v, %v : vector<1xf32>
      wave.write %s, %out[%r3, %tid] : vector<1xf32>, memref<4x256xf32>
    }
    gpu.return
  }

  // Left alone: `tid < 32` differs within a wave of 64 (the first active
  // lane's compare would hold for the whole wave); `bid < 1` is uniform but
  // reads no lane id (LLVM sees it uniform already); `tid / 64 < n` with a
  // kernel argument `n` is uniform, but `n` may not fit in i32.
  // CHECK-LABEL: gpu.func @divergent
  // CHECK-NOT: rocdl.readfirstlane
  // CHECK: gpu.return
  // ISA-LABEL: divergent:
  // ISA: v_cmpx_gt_u32_e32 32, v0
  // ISA: v_cmp_gt_u64_e32 vcc, s[0:1], v[0:1]
  // ISA: s_and_saveexec_b64
  // REMARK: uniform-branches.mlir:[[@LINE+26]]:5: remark: branch on a wave-uniform compare of lane ids lowered as divergent: its operands are not known to lie in [0, 2^31), so the first lane's i32 compare may differ
  gpu.func @divergent(%in: memref<256xf32>, %out: memref<3x256xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %r0 = arith.constant 0 : index
    %r1 = arith.constant 1 : index
    %r2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %v = wave.read %in[%tid] : memref<256xf32> -> vector<1xf32>
    %low = arith.cmpi ult, %tid, %c32 : index
    scf.if %low {
      %d = arith.addf %v, %v : vector<1xf32>
      wave.write %d, %out[%r0, %tid] : vector<1xf32>, memref<3x256xf32>
    }
    %first = arith.cmpi ult, %bid, %c1 : index
    scf.if %first {
      %m = arith.mulf %v, %v : vector<1xf32>
      wave.write %m, %out[%r1, %tid] : vector<1xf32>, memref<3x256xf32>
    }
    %wave = arith.divui %tid, %c64 : index
    %below = arith.cmpi ult, %wave, %n : index
    scf.if %below {
      %e = arith.negf %v : vector<1xf32>
      wave.write %e, %out[%r2, %tid] : vector<1xf32>, memref<3x256xf32>
    }
    gpu.return
  }

  // `tid < 128` with 128 computed from the block size 33 ops below the
  // compare: past the 32 the uniformity analysis follows, so the compare
  // counts as divergent and the branch keeps it, with a remark saying why.
  // CHECK-LABEL: gpu.func @bound_too_deep
  // CHECK-NOT: rocdl.readfirstlane
  // CHECK: gpu.return
  // REMARK: uniform-branches.mlir:[[@LINE+44]]:5: remark: lane values of 'arith.cmpi' not enumerated: its expression is more than 32 ops deep; treated as divergent
  // REMARK-NOT: remark
  gpu.func @bound_too_deep(%in: memref<256xf32>, %out: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #kernel} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %tid = gpu.thread_id x
    %v = wave.read %in[%tid] : memref<256xf32> -> vector<1xf32>
    %bd = gpu.block_dim x
    %h0 = arith.divui %bd, %c2 : index
    %h1 = arith.addi %h0, %c0 : index
    %h2 = arith.addi %h1, %c0 : index
    %h3 = arith.addi %h2, %c0 : index
    %h4 = arith.addi %h3, %c0 : index
    %h5 = arith.addi %h4, %c0 : index
    %h6 = arith.addi %h5, %c0 : index
    %h7 = arith.addi %h6, %c0 : index
    %h8 = arith.addi %h7, %c0 : index
    %h9 = arith.addi %h8, %c0 : index
    %h10 = arith.addi %h9, %c0 : index
    %h11 = arith.addi %h10, %c0 : index
    %h12 = arith.addi %h11, %c0 : index
    %h13 = arith.addi %h12, %c0 : index
    %h14 = arith.addi %h13, %c0 : index
    %h15 = arith.addi %h14, %c0 : index
    %h16 = arith.addi %h15, %c0 : index
    %h17 = arith.addi %h16, %c0 : index
    %h18 = arith.addi %h17, %c0 : index
    %h19 = arith.addi %h18, %c0 : index
    %h20 = arith.addi %h19, %c0 : index
    %h21 = arith.addi %h20, %c0 : index
    %h22 = arith.addi %h21, %c0 : index
    %h23 = arith.addi %h22, %c0 : index
    %h24 = arith.addi %h23, %c0 : index
    %h25 = arith.addi %h24, %c0 : index
    %h26 = arith.addi %h25, %c0 : index
    %h27 = arith.addi %h26, %c0 : index
    %h28 = arith.addi %h27, %c0 : index
    %h29 = arith.addi %h28, %c0 : index
    %h30 = arith.addi %h29, %c0 : index
    %h31 = arith.addi %h30, %c0 : index
    %low = arith.cmpi ult, %tid, %h31 : index
    scf.if %low {
      %d = arith.addf %v, %v : vector<1xf32>
      wave.write %d, %out[%tid] : vector<1xf32>, memref<256xf32>
    }
    gpu.return
  }
}

// amdgpu.dpp, rocdl.permlanex16 and amdgpu.swizzle_bitmode, the cross-lane
// moves of wave-lower-subgroup-reduce, with the hardware's semantics (values
// worked out by hand from the ISA's DPP_CTRL table and DS_SWIZZLE_B32
// pseudocode, not from the interpreter).
// Every kernel reads X[l] = l; `old` is 100 + l, so a lane that keeps `old`
// (row or bank masked off, or an invalid source without bound_ctrl) shows
// 100 + l, one that bound_ctrl zeroes shows 0.
//
// @dpp64, gfx942 (waves of 64, rows of 16 lanes, banks of 4), row k of O:
//   0 quad_perm [1,0,3,2]: l ^ 1
//   1 quad_perm [3,3,0,1]: lane 4q + [3,3,0,1][l % 4]
//   2 row_shl:1: l + 1, the last lane of each row keeps old
//   3 row_shr:3 bound_ctrl: l - 3, the first three lanes of a row 0
//   4 row_ror:5: lane (l - 5) mod 16 of the row
//   5 wave_shl:1 bound_ctrl: l + 1, lane 63 0
//   6 wave_shr:1: l - 1, lane 0 keeps old
//   7 wave_rol:1: (l + 1) mod 64;  8 wave_ror:1: (l - 1) mod 64
//   9 row_mirror: lane 15 - l of the row; 10 row_half_mirror: 7 - l of the
//     half row
//  11 row_bcast:15 row_mask 0xa: rows 1 and 3 get lanes 15 and 47, rows 0
//     and 2 keep old
//  12 row_bcast:15: row 0 reads its own lanes, rows 1, 2, 3 lanes 15, 31, 47
//  13 row_bcast:31 row_mask 0xc: rows 2 and 3 get lane 31, rows 0 and 1 old
//  14 row_bcast:31 bound_ctrl (as the lowering emits it): rows 0 and 1
//     their own lanes, rows 2 and 3 lane 31
//  15 quad_perm identity, bank_mask 0x5, bound_ctrl: banks 0 and 2 of each
//     row l, banks 1 and 3 keep old (a masked lane is not written, whatever
//     bound_ctrl says)
//  16 row_shl:15 row_mask 0x2 bound_ctrl: row 1 only: lane 16 reads 31, the
//     others 0; rows 0, 2, 3 old
// RUN: %python -c "import numpy; numpy.save('%t.x64.npy', numpy.arange(64, dtype=numpy.int32)); numpy.save('%t.x32.npy', numpy.arange(32, dtype=numpy.int32)); numpy.save('%t.m3.npy', numpy.full((3, 64), -1, dtype=numpy.int32)); numpy.save('%t.m3w.npy', numpy.full((3, 32), -1, dtype=numpy.int32))"
// RUN: wave-run %s --kernel=dpp64 --input=X=%t.x64.npy --output-dir=%t.dpp64 | FileCheck %s --check-prefix=RAN64
// RAN64: @dpp64 ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; o = numpy.load('%t.dpp64/O.npy'); L = range(64); \
// RUN:   assert list(o[0]) == [l ^ 1 for l in L], o[0]; \
// RUN:   assert list(o[1]) == [l - l % 4 + [3, 3, 0, 1][l % 4] for l in L], o[1]; \
// RUN:   assert list(o[2]) == [l + 1 if l % 16 < 15 else 100 + l for l in L], o[2]; \
// RUN:   assert list(o[3]) == [l - 3 if l % 16 >= 3 else 0 for l in L], o[3]; \
// RUN:   assert list(o[4]) == [l - l % 16 + (l % 16 - 5) % 16 for l in L], o[4]; \
// RUN:   assert list(o[5]) == list(range(1, 64)) + [0], o[5]; \
// RUN:   assert list(o[6]) == [100] + list(range(63)), o[6]; \
// RUN:   assert list(o[7]) == list(range(1, 64)) + [0], o[7]; \
// RUN:   assert list(o[8]) == [63] + list(range(63)), o[8]; \
// RUN:   assert list(o[9]) == [l - l % 16 + 15 - l % 16 for l in L], o[9]; \
// RUN:   assert list(o[10]) == [l - l % 8 + 7 - l % 8 for l in L], o[10]; \
// RUN:   assert list(o[11]) == [100 + l for l in range(16)] + [15] * 16 + [132 + l for l in range(16)] + [47] * 16, o[11]; \
// RUN:   assert list(o[12]) == list(range(16)) + [15] * 16 + [31] * 16 + [47] * 16, o[12]; \
// RUN:   assert list(o[13]) == [100 + l for l in range(32)] + [31] * 32, o[13]; \
// RUN:   assert list(o[14]) == list(range(32)) + [31] * 32, o[14]; \
// RUN:   assert list(o[15]) == [l if l % 16 // 4 in (0, 2) else 100 + l for l in L], o[15]; \
// RUN:   assert list(o[16]) == [100 + l for l in range(16)] + [31] + [0] * 15 + [132 + l for l in range(32)], o[16]"
//
// @inactive64, gfx942: lanes l % 3 == 0 inactive (an inactive source lane is
// invalid: DPP fetches no disabled lane), O[k][l] written by active lanes:
//   0 row_shr:1 bound_ctrl: l - 1 where that lane is active and in the row,
//     else 0;  1 the same without bound_ctrl: else old
//   2 row_bcast:15 bound_ctrl: row 0 its own lanes; row 1 reads lane 15,
//     inactive: 0; rows 2 and 3 lanes 31 and 47
// RUN: wave-run %s --kernel=inactive64 --input=X=%t.x64.npy --input=O=%t.m3.npy --output-dir=%t.inactive64 | FileCheck %s --check-prefix=RAN-INACTIVE64
// RAN-INACTIVE64: @inactive64 ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; o = numpy.load('%t.inactive64/O.npy'); L = range(64); \
// RUN:   ok = lambda l: l % 16 >= 1 and (l - 1) % 3 != 0; \
// RUN:   assert list(o[0]) == [-1 if l % 3 == 0 else l - 1 if ok(l) else 0 for l in L], o[0]; \
// RUN:   assert list(o[1]) == [-1 if l % 3 == 0 else l - 1 if ok(l) else 100 + l for l in L], o[1]; \
// RUN:   assert list(o[2]) == [-1 if l % 3 == 0 else [l, 0, 31, 47][l // 16] for l in L], o[2]"
//
// @dpp32, gfx1100 in waves of 32 (two rows):
//   0 row_ror:15: lane (l + 1) mod 16 of the row
//   1 row_mirror
//   2 row_shr:8 row_mask 0x1 bound_ctrl: row 0 l - 8 (lanes 0 to 7 0), row 1
//     old
//   3 permlanex16 selects 0x76543210, 0xfedcba98: lane l % 16 of the other
//     row, l ^ 16
//   4 permlanex16 selects -1, -1 (as the lowering emits it, fi): lane 15 of
//     the other row: 31 for row 0, 15 for row 1
//   5 permlanex16 selects 0x01234567, 0x89abcdef: lane 7 - i for lane i < 8
//     of a row, 23 - i for i >= 8, of the other row
// RUN: wave-run %s --kernel=dpp32 --input=X=%t.x32.npy --output-dir=%t.dpp32 | FileCheck %s --check-prefix=RAN32
// RAN32: @dpp32 ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; o = numpy.load('%t.dpp32/O.npy'); L = range(32); \
// RUN:   assert list(o[0]) == [l - l % 16 + (l + 1) % 16 for l in L], o[0]; \
// RUN:   assert list(o[1]) == list(range(15, -1, -1)) + list(range(31, 15, -1)), o[1]; \
// RUN:   assert list(o[2]) == [0] * 8 + list(range(8)) + [116 + l for l in range(16)], o[2]; \
// RUN:   assert list(o[3]) == list(range(16, 32)) + list(range(16)), o[3]; \
// RUN:   assert list(o[4]) == [31] * 16 + [15] * 16, o[4]; \
// RUN:   assert list(o[5]) == [23, 22, 21, 20, 19, 18, 17, 16, 31, 30, 29, 28, 27, 26, 25, 24, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8], o[5]"
//
// @inactive32, gfx1100 in waves of 32, lanes 24 to 31 inactive; permlanex16
// l ^ 16: lanes 8 to 15 read the inactive lanes 24 to 31:
//   0 bound_ctrl: 0 there;  1 neither fi nor bound_ctrl: old there
//   2 fi: the inactive lanes' registers, which hold X (read before the
//     branch): l + 16
// RUN: wave-run %s --kernel=inactive32 --input=X=%t.x32.npy --input=O=%t.m3w.npy --output-dir=%t.inactive32 | FileCheck %s --check-prefix=RAN-INACTIVE32
// RAN-INACTIVE32: @inactive32 ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; o = numpy.load('%t.inactive32/O.npy'); \
// RUN:   assert list(o[0]) == list(range(16, 24)) + [0] * 8 + list(range(8)) + [-1] * 8, o[0]; \
// RUN:   assert list(o[1]) == list(range(16, 24)) + list(range(108, 116)) + list(range(8)) + [-1] * 8, o[1]; \
// RUN:   assert list(o[2]) == list(range(16, 32)) + list(range(8)) + [-1] * 8, o[2]"
//
// @permlane_wave64, gfx1100 in waves of 64: permlanex16 pairs rows 0 and 1,
// 2 and 3: l ^ 16.
// RUN: wave-run %s --kernel=permlane_wave64 --input=X=%t.x64.npy --output-dir=%t.w64 | FileCheck %s --check-prefix=RAN-W64
// RAN-W64: @permlane_wave64 ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; o = numpy.load('%t.w64/O.npy'); assert list(o) == [l ^ 16 for l in range(64)], o"
//
// 16- and 64-bit values move as 32-bit ones do (the backend moves a 16-bit
// value in a 32-bit register and a 64-bit one as two moves of the same
// control), @narrow_wide64: H, f16 row_shr:1 bound_ctrl: l - 1, the first
// lane of a row 0; D, f64 row_mirror bank_mask 0x3, old -l: banks 0 and 1
// of a row read lane 15 - l of the row, banks 2 and 3 keep -l.
// RUN: wave-run %s --kernel=narrow_wide64 --input=X=%t.x64.npy --output-dir=%t.nw | FileCheck %s --check-prefix=RAN-NW
// RAN-NW: @narrow_wide64 ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; h = numpy.load('%t.nw/H.npy'); d = numpy.load('%t.nw/D.npy'); \
// RUN:   assert list(h) == [l - 1 if l % 16 else 0 for l in range(64)], h; \
// RUN:   assert list(d) == [l - l % 16 + 15 - l % 16 if l % 16 < 8 else -l for l in range(64)], d"
//
// amdgpu.swizzle_bitmode (and_mask, or_mask, xor_mask) is ds_swizzle_b32 in
// bit-mask mode: lane i reads lane (((i & 31) & and) | or) ^ xor of its own
// 32-lane half, zero from an inactive lane (the ISA's DS_SWIZZLE_B32
// pseudocode). @swizzle64, gfx942, X[l] = l, row k of O:
//   0 (0, 31, 0), as the lowering emits it: lane 31 of each half, 31 and 63
//   1 (31, 0, 1): l ^ 1;  2 (24, 0, 0): (l & 24) | (l & 32)
//   3 (31, 0, 16): l ^ 16, within the half
//   4 (31, 0, 1) with lanes l % 3 == 0 inactive (they keep -1): l ^ 1 where
//     that lane is active, else 0
// RUN: %python -c "import numpy; numpy.save('%t.m5.npy', numpy.full((5, 64), -1, dtype=numpy.int32))"
// RUN: wave-run %s --kernel=swizzle64 --input=X=%t.x64.npy --input=O=%t.m5.npy --output-dir=%t.swizzle64 | FileCheck %s --check-prefix=RAN-SWIZZLE
// RAN-SWIZZLE: @swizzle64 ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; o = numpy.load('%t.swizzle64/O.npy'); L = range(64); \
// RUN:   assert list(o[0]) == [31] * 32 + [63] * 32, o[0]; \
// RUN:   assert list(o[1]) == [l ^ 1 for l in L], o[1]; \
// RUN:   assert list(o[2]) == [(l & 24) | (l & 32) for l in L], o[2]; \
// RUN:   assert list(o[3]) == [l ^ 16 for l in L], o[3]; \
// RUN:   assert list(o[4]) == [-1 if l % 3 == 0 else 0 if (l ^ 1) % 3 == 0 else l ^ 1 for l in L], o[4]"
//
// What the interpreter does not model is refused at the op: the wave
// shifts and row broadcasts that only GFX9 has, on GFX11 or on a kernel of
// no known chip; permlanex16, which GFX9 lacks; masks of more than 4 bits.
// RUN: not wave-run %s --kernel=bcast_rdna 2>&1 | FileCheck %s --check-prefix=BCAST-RDNA
// BCAST-RDNA: lowered-dpp.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the interpreter executes DPP row_bcast_15 on GFX9 chips (waves of 64) only, which have it; this kernel runs on GFX11 in waves of 32
// RUN: not wave-run %s --kernel=no_chip 2>&1 | FileCheck %s --check-prefix=NO-CHIP
// NO-CHIP: lowered-dpp.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the interpreter executes DPP wave_shl on GFX9 chips (waves of 64) only, which have it; this kernel runs on an unknown chip in waves of 64
// RUN: not wave-run %s --kernel=permlane_cdna 2>&1 | FileCheck %s --check-prefix=PERMLANE-CDNA
// PERMLANE-CDNA: lowered-dpp.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the interpreter executes rocdl.permlanex16 on GFX10 and later chips only, which have it; this kernel runs on GFX9
// RUN: not wave-run %s --kernel=wide_mask 2>&1 | FileCheck %s --check-prefix=WIDE-MASK
// WIDE-MASK: lowered-dpp.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the interpreter models DPP row and bank masks of 4 bits (one per row or bank), not row_mask = 31, bank_mask = 15
// RUN: not wave-run %s --kernel=wide_swizzle_mask 2>&1 | FileCheck %s --check-prefix=WIDE-SWIZZLE
// WIDE-SWIZZLE: lowered-dpp.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the interpreter needs swizzle masks of 5 bits (lanes of a group of 32), not and = 0, or = 32, xor = 0

gpu.module @gfx942 [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @dpp64(%X: memref<64xi32>, %O: memref<17x64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %c100 = arith.constant 100 : i32
    %old = arith.addi %x, %c100 : i32
    %d0 = amdgpu.dpp %old %x quad_perm([1 : i32, 0 : i32, 3 : i32, 2 : i32]) : i32
    %k0 = arith.constant 0 : index
    memref.store %d0, %O[%k0, %l] : memref<17x64xi32>
    %d1 = amdgpu.dpp %old %x quad_perm([3 : i32, 3 : i32, 0 : i32, 1 : i32]) : i32
    %k1 = arith.constant 1 : index
    memref.store %d1, %O[%k1, %l] : memref<17x64xi32>
    %d2 = amdgpu.dpp %old %x row_shl(1 : i32) : i32
    %k2 = arith.constant 2 : index
    memref.store %d2, %O[%k2, %l] : memref<17x64xi32>
    %d3 = amdgpu.dpp %old %x row_shr(3 : i32) {bound_ctrl = true} : i32
    %k3 = arith.constant 3 : index
    memref.store %d3, %O[%k3, %l] : memref<17x64xi32>
    %d4 = amdgpu.dpp %old %x row_ror(5 : i32) : i32
    %k4 = arith.constant 4 : index
    memref.store %d4, %O[%k4, %l] : memref<17x64xi32>
    %d5 = amdgpu.dpp %old %x wave_shl {bound_ctrl = true} : i32
    %k5 = arith.constant 5 : index
    memref.store %d5, %O[%k5, %l] : memref<17x64xi32>
    %d6 = amdgpu.dpp %old %x wave_shr : i32
    %k6 = arith.constant 6 : index
    memref.store %d6, %O[%k6, %l] : memref<17x64xi32>
    %d7 = amdgpu.dpp %old %x wave_rol : i32
    %k7 = arith.constant 7 : index
    memref.store %d7, %O[%k7, %l] : memref<17x64xi32>
    %d8 = amdgpu.dpp %old %x wave_ror : i32
    %k8 = arith.constant 8 : index
    memref.store %d8, %O[%k8, %l] : memref<17x64xi32>
    %d9 = amdgpu.dpp %old %x row_mirror : i32
    %k9 = arith.constant 9 : index
    memref.store %d9, %O[%k9, %l] : memref<17x64xi32>
    %d10 = amdgpu.dpp %old %x row_half_mirror : i32
    %k10 = arith.constant 10 : index
    memref.store %d10, %O[%k10, %l] : memref<17x64xi32>
    %d11 = amdgpu.dpp %old %x row_bcast_15 {row_mask = 10 : i32} : i32
    %k11 = arith.constant 11 : index
    memref.store %d11, %O[%k11, %l] : memref<17x64xi32>
    %d12 = amdgpu.dpp %old %x row_bcast_15 : i32
    %k12 = arith.constant 12 : index
    memref.store %d12, %O[%k12, %l] : memref<17x64xi32>
    %d13 = amdgpu.dpp %old %x row_bcast_31 {row_mask = 12 : i32} : i32
    %k13 = arith.constant 13 : index
    memref.store %d13, %O[%k13, %l] : memref<17x64xi32>
    %d14 = amdgpu.dpp %old %x row_bcast_31 {bound_ctrl = true} : i32
    %k14 = arith.constant 14 : index
    memref.store %d14, %O[%k14, %l] : memref<17x64xi32>
    %d15 = amdgpu.dpp %old %x quad_perm([0 : i32, 1 : i32, 2 : i32, 3 : i32]) {bank_mask = 5 : i32, bound_ctrl = true} : i32
    %k15 = arith.constant 15 : index
    memref.store %d15, %O[%k15, %l] : memref<17x64xi32>
    %d16 = amdgpu.dpp %old %x row_shl(15 : i32) {row_mask = 2 : i32, bound_ctrl = true} : i32
    %k16 = arith.constant 16 : index
    memref.store %d16, %O[%k16, %l] : memref<17x64xi32>
    gpu.return
  }

  gpu.func @inactive64(%X: memref<64xi32>, %O: memref<3x64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %c100 = arith.constant 100 : i32
    %old = arith.addi %x, %c100 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %rem = arith.remui %l, %c3 : index
    %active = arith.cmpi ne, %rem, %c0 : index
    scf.if %active {
      %a = amdgpu.dpp %old %x row_shr(1 : i32) {bound_ctrl = true} : i32
      memref.store %a, %O[%c0, %l] : memref<3x64xi32>
      %b = amdgpu.dpp %old %x row_shr(1 : i32) : i32
      memref.store %b, %O[%c1, %l] : memref<3x64xi32>
      %c = amdgpu.dpp %old %x row_bcast_15 {bound_ctrl = true} : i32
      memref.store %c, %O[%c2, %l] : memref<3x64xi32>
    }
    gpu.return
  }

  gpu.func @narrow_wide64(%X: memref<64xi32>, %H: memref<64xf16>, %D: memref<64xf64>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %f = arith.sitofp %x : i32 to f16
    %h = amdgpu.dpp %f %f row_shr(1 : i32) {bound_ctrl = true} : f16
    memref.store %h, %H[%l] : memref<64xf16>
    %d = arith.sitofp %x : i32 to f64
    %n = arith.negf %d : f64
    %m = amdgpu.dpp %n %d row_mirror {bank_mask = 3 : i32} : f64
    memref.store %m, %D[%l] : memref<64xf64>
    gpu.return
  }

  gpu.func @permlane_cdna(%X: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %all = arith.constant -1 : i32
    %p = rocdl.permlanex16 %x, %x, %all, %all, true, false : i32, i32
    memref.store %p, %X[%l] : memref<64xi32>
    gpu.return
  }

  gpu.func @wide_mask(%X: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %d = amdgpu.dpp %x %x row_mirror {row_mask = 31 : i32} : i32
    memref.store %d, %X[%l] : memref<64xi32>
    gpu.return
  }

  gpu.func @swizzle64(%X: memref<64xi32>, %O: memref<5x64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %s0 = amdgpu.swizzle_bitmode %x 0 31 0 : i32
    memref.store %s0, %O[%c0, %l] : memref<5x64xi32>
    %s1 = amdgpu.swizzle_bitmode %x 31 0 1 : i32
    memref.store %s1, %O[%c1, %l] : memref<5x64xi32>
    %s2 = amdgpu.swizzle_bitmode %x 24 0 0 : i32
    memref.store %s2, %O[%c2, %l] : memref<5x64xi32>
    %s3 = amdgpu.swizzle_bitmode %x 31 0 16 : i32
    memref.store %s3, %O[%c3, %l] : memref<5x64xi32>
    %rem = arith.remui %l, %c3 : index
    %active = arith.cmpi ne, %rem, %c0 : index
    scf.if %active {
      %s4 = amdgpu.swizzle_bitmode %x 31 0 1 : i32
      memref.store %s4, %O[%c4, %l] : memref<5x64xi32>
    }
    gpu.return
  }

  gpu.func @wide_swizzle_mask(%X: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %s = amdgpu.swizzle_bitmode %x 0 32 0 : i32
    memref.store %s, %X[%l] : memref<64xi32>
    gpu.return
  }
}

gpu.module @gfx1100 [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize32">] {
  gpu.func @dpp32(%X: memref<32xi32>, %O: memref<6x32xi32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<32xi32>
    %c100 = arith.constant 100 : i32
    %old = arith.addi %x, %c100 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %d0 = amdgpu.dpp %old %x row_ror(15 : i32) : i32
    memref.store %d0, %O[%c0, %l] : memref<6x32xi32>
    %d1 = amdgpu.dpp %old %x row_mirror : i32
    memref.store %d1, %O[%c1, %l] : memref<6x32xi32>
    %d2 = amdgpu.dpp %old %x row_shr(8 : i32) {row_mask = 1 : i32, bound_ctrl = true} : i32
    memref.store %d2, %O[%c2, %l] : memref<6x32xi32>
    %identity_lo = arith.constant 0x76543210 : i32
    %identity_hi = arith.constant 0xfedcba98 : i32
    %d3 = rocdl.permlanex16 %old, %x, %identity_lo, %identity_hi, false, false : i32, i32
    memref.store %d3, %O[%c3, %l] : memref<6x32xi32>
    %all = arith.constant -1 : i32
    %d4 = rocdl.permlanex16 %old, %x, %all, %all, true, false : i32, i32
    memref.store %d4, %O[%c4, %l] : memref<6x32xi32>
    %reverse_lo = arith.constant 0x01234567 : i32
    %reverse_hi = arith.constant 0x89abcdef : i32
    %d5 = rocdl.permlanex16 %old, %x, %reverse_lo, %reverse_hi, false, false : i32, i32
    memref.store %d5, %O[%c5, %l] : memref<6x32xi32>
    gpu.return
  }

  gpu.func @inactive32(%X: memref<32xi32>, %O: memref<3x32xi32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<32xi32>
    %c100 = arith.constant 100 : i32
    %old = arith.addi %x, %c100 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c24 = arith.constant 24 : index
    %active = arith.cmpi ult, %l, %c24 : index
    scf.if %active {
      %lo = arith.constant 0x76543210 : i32
      %hi = arith.constant 0xfedcba98 : i32
      %a = rocdl.permlanex16 %old, %x, %lo, %hi, false, true : i32, i32
      memref.store %a, %O[%c0, %l] : memref<3x32xi32>
      %b = rocdl.permlanex16 %old, %x, %lo, %hi, false, false : i32, i32
      memref.store %b, %O[%c1, %l] : memref<3x32xi32>
      %c = rocdl.permlanex16 %old, %x, %lo, %hi, true, false : i32, i32
      memref.store %c, %O[%c2, %l] : memref<3x32xi32>
    }
    gpu.return
  }

  gpu.func @bcast_rdna(%X: memref<32xi32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<32xi32>
    %d = amdgpu.dpp %x %x row_bcast_15 {row_mask = 10 : i32} : i32
    memref.store %d, %X[%l] : memref<32xi32>
    gpu.return
  }
}

gpu.module @gfx1100_wave64 [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64">] {
  gpu.func @permlane_wave64(%X: memref<64xi32>, %O: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %lo = arith.constant 0x76543210 : i32
    %hi = arith.constant 0xfedcba98 : i32
    %p = rocdl.permlanex16 %x, %x, %lo, %hi, false, false : i32, i32
    memref.store %p, %O[%l] : memref<64xi32>
    gpu.return
  }
}

gpu.module @no_target {
  gpu.func @no_chip(%X: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %l = gpu.thread_id x
    %x = memref.load %X[%l] : memref<64xi32>
    %d = amdgpu.dpp %x %x wave_shl {bound_ctrl = true} : i32
    memref.store %d, %X[%l] : memref<64xi32>
    gpu.return
  }
}

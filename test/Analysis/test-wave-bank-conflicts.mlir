// RUN: wave-opt %s --test-wave-bank-conflicts -split-input-file -verify-diagnostics -o /dev/null

// The bank-conflict analysis on hand-checked kernels (docs/BankConflicts.md
// has the model: 32 banks of 4 bytes, phases of 32 lanes for 4 bytes a lane,
// 16 for 8, 8 for 16).

#lds = #gpu.address_space<workgroup>
#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @columns {
  gpu.func @columns(%x: vector<1xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %plain = wave.alloc_lds : memref<128x32xf32, #lds>
    %padded = wave.alloc_lds padding [0, 1] : memref<128x32xf32, strided<[33, 1]>, #lds>
    %swizzled = wave.alloc_lds swizzle <vec = 1, per_phase = 1, max_phase = 32> : memref<128x32xf32, #lds>
    // Lane t writes column 0 of row t: every row starts in bank 0, so each
    // phase of 32 lanes takes 32 cycles; 2 waves of 2 phases.
    // expected-remark @+1 {{1 x 4 bytes a lane, phases of 32 lanes: 128 cycles (minimum 4, 124 extra) a workgroup in its worst execution, 1 executions a run}}
    wave.write %x, %plain[%t, %c0] : vector<1xf32>, memref<128x32xf32, #lds>
    // Rows of 33 f32 put row t in bank t mod 32.
    // expected-remark @+1 {{1 x 4 bytes a lane, phases of 32 lanes: 4 cycles (minimum 4, 0 extra) a workgroup in its worst execution, 1 executions a run}}
    wave.write %x, %padded[%t, %c0] : vector<1xf32>, memref<128x32xf32, strided<[33, 1]>, #lds>
    // So does XORing column 0 of row t with t mod 32.
    // expected-remark @+1 {{1 x 4 bytes a lane, phases of 32 lanes: 4 cycles (minimum 4, 0 extra) a workgroup in its worst execution, 1 executions a run}}
    wave.write %x, %swizzled[%t, %c0] : vector<1xf32>, memref<128x32xf32, #lds>
    gpu.return
  }
}

// -----

#lds = #gpu.address_space<workgroup>
#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @operands {
  gpu.func @operands(%v: vector<8xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %tile = wave.alloc_lds : memref<32x32xf16, #lds>
    // 16 bytes a lane on consecutive addresses: 8 phases of 8 lanes, each
    // over all 32 banks once.
    // expected-remark @+1 {{1 x 16 bytes a lane, phases of 8 lanes: 8 cycles (minimum 8, 0 extra) a workgroup in its worst execution, 1 executions a run}}
    wave.write %v, %tile[%t] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 8)> : vector<8xf16>, memref<32x32xf16, #lds>
    wave.barrier
    scf.for %k = %c0 to %c4 step %c1 {
      // The MFMA A operand: 8 bytes of row l mod 32 a lane. 16 rows of 16
      // dwords meet in banks {0, 1} and {16, 17}: 8 cycles a phase, in every
      // one of the 4 iterations.
      // expected-remark @+1 {{1 x 8 bytes a lane, phases of 16 lanes: 32 cycles (minimum 4, 28 extra) a workgroup in its worst execution, 4 executions a run}}
      %a = wave.read %tile[%t, %k] map affine_map<(t, k) -> (t mod 32, k * 8 + (t floordiv 32) * 4)> : memref<32x32xf16, #lds> -> vector<4xf16>
    }
    // Along a column: 4 reads of 2 bytes, one a row; lanes 0-31 read 32
    // consecutive f16 of one row (16 dwords, each broadcast to 2 lanes).
    // expected-remark @+1 {{4 x 2 bytes a lane, phases of 32 lanes: 8 cycles (minimum 8, 0 extra) a workgroup in its worst execution, 1 executions a run}}
    %b = wave.read %tile[%t] map affine_map<(t) -> ((t floordiv 32) * 4, t mod 32)> along 0 : memref<32x32xf16, #lds> -> vector<4xf16>
    gpu.return
  }
}

// -----

#lds = #gpu.address_space<workgroup>
gpu.module @unknown {
  gpu.func @uniform(%n: index, %x: vector<1xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %t = gpu.thread_id x
    %tile = wave.alloc_lds : memref<64x64xf32, #lds>
    // expected-remark @+1 {{bank conflicts unknown: }}
    wave.write %x, %tile[%t, %n] : vector<1xf32>, memref<64x64xf32, #lds>
    gpu.return
  }
  gpu.func @rdna(%x: vector<1xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %tile = wave.alloc_lds : memref<64x64xf32, #lds>
    // expected-remark @+1 {{bank conflicts unknown: no LDS bank model for chip 'gfx1100'}}
    wave.write %x, %tile[%t, %c0] : vector<1xf32>, memref<64x64xf32, #lds>
    gpu.return
  }
}

// -----

// Under an scf.if whose condition is the same in every lane of the
// workgroup (a size, a loop versioned on its trip count), an access runs
// with all lanes or none: it costs what it costs unconditionally. A
// condition on the lanes could exclude some, which the analysis does not
// count.
#lds = #gpu.address_space<workgroup>
#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @branches {
  gpu.func @branches(%n: index, %x: vector<1xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, wave.kernel = #kernel} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %plain = wave.alloc_lds : memref<128x32xf32, #lds>
    %uniform = arith.cmpi ugt, %n, %c64 : index
    scf.if %uniform {
      // expected-remark @+1 {{1 x 4 bytes a lane, phases of 32 lanes: 128 cycles (minimum 4, 124 extra) a workgroup in its worst execution, 1 executions a run}}
      wave.write %x, %plain[%t, %c0] : vector<1xf32>, memref<128x32xf32, #lds>
    }
    %lanes = arith.cmpi ult, %t, %c64 : index
    scf.if %lanes {
      // expected-remark @+1 {{bank conflicts unknown: the access is under 'scf.if', whose condition on the lanes the analysis does not model}}
      wave.write %x, %plain[%t, %c0] : vector<1xf32>, memref<128x32xf32, #lds>
    }
    gpu.return
  }
}

// amdgpu.transpose_load of 4 16-bit elements, gfx950's ds_read_b64_tr_b16,
// with the hardware's semantics (the CDNA4 ISA's "MFMA Transpose Load from
// LDS": in each group of 16 lanes, lane 4 j + c reads columns 4 c to 4 c + 3
// of row j of a 4 x 16 block, and lane i receives column i, rows 0 to 3;
// the expected values are worked out from that, not from the interpreter).
//
// @columns: a 16 x 16 tile T[r][c] = 16 r + c (written from X[i] = i).
// Group g of the wave reads rows 4 g to 4 g + 3: lane 16 g + 4 j + c reads
// T[4 g + j][4 c ..], so lane l = 16 g + i gets T[4 g + j][i] as element j:
// O[j][l] = 16 (4 g + j) + i = 64 g + 16 j + i.
// RUN: %python -c "import numpy; numpy.save('%t.x.npy', numpy.arange(256, dtype=numpy.float16))"
// RUN: wave-run %s --kernel=columns --input=X=%t.x.npy --output-dir=%t.columns | FileCheck %s --check-prefix=RAN
// RAN: @columns ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; o = numpy.load('%t.columns/O.npy'); \
// RUN:   want = [[64 * (l // 16) + 16 * j + l % 16 for l in range(64)] for j in range(4)]; \
// RUN:   assert o.tolist() == want, o"
//
// The instruction needs every lane of the wave (exec all ones): under a
// branch that half the lanes take it is an error.
// RUN: not wave-run %s --kernel=half_wave --input=X=%t.x.npy 2>&1 | FileCheck %s --check-prefix=HALF
// HALF: error: amdgpu.transpose_load needs every lane of the wave active (ds_read_b64_tr_b16 needs exec all ones); wave 0 has lanes 0-31 active
//
// gfx942 has no transposed LDS reads.
// RUN: not wave-run %s --kernel=old_chip --input=X=%t.x.npy 2>&1 | FileCheck %s --check-prefix=OLD
// OLD: error: amdgpu.transpose_load runs on chips with transposed LDS reads (gfx950); this kernel's chip has none

#lds = #gpu.address_space<workgroup>
gpu.module @gfx950 [#rocdl.target<chip = "gfx950", features = "+wavefrontsize64">] {
  gpu.func @columns(%X: memref<256xf16>, %O: memref<4x64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %tile = wave.alloc_lds : memref<16x16xf16, #lds>
    %l = gpu.thread_id x
    %x = wave.read %X[%l] map affine_map<(l) -> (l * 4)> : memref<256xf16> -> vector<4xf16>
    wave.write %x, %tile[%l] map affine_map<(l) -> (l floordiv 4, (l mod 4) * 4)> : vector<4xf16>, memref<16x16xf16, #lds>
    wave.barrier
    %row = affine.apply affine_map<(l) -> ((l floordiv 16) * 4 + (l mod 16) floordiv 4)>(%l)
    %column = affine.apply affine_map<(l) -> ((l mod 4) * 4)>(%l)
    %t = amdgpu.transpose_load %tile[%row, %column] : memref<16x16xf16, #lds> -> vector<4xf16>
    wave.write %t, %O[%l] map affine_map<(l) -> (0, l)> along 0 : vector<4xf16>, memref<4x64xf16>
    gpu.return
  }

  gpu.func @half_wave(%X: memref<256xf16>, %O: memref<4x64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %tile = wave.alloc_lds : memref<16x16xf16, #lds>
    %l = gpu.thread_id x
    %c32 = arith.constant 32 : index
    %c0 = arith.constant 0 : index
    %low = arith.cmpi ult, %l, %c32 : index
    scf.if %low {
      %t = amdgpu.transpose_load %tile[%c0, %c0] : memref<16x16xf16, #lds> -> vector<4xf16>
      wave.write %t, %O[%l] map affine_map<(l) -> (0, l)> along 0 : vector<4xf16>, memref<4x64xf16>
    }
    gpu.return
  }
}

gpu.module @gfx942 [#rocdl.target<chip = "gfx942", features = "+wavefrontsize64">] {
  gpu.func @old_chip(%X: memref<256xf16>, %O: memref<4x64xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %tile = wave.alloc_lds : memref<16x16xf16, #lds>
    %c0 = arith.constant 0 : index
    %l = gpu.thread_id x
    %t = amdgpu.transpose_load %tile[%c0, %c0] : memref<16x16xf16, #lds> -> vector<4xf16>
    wave.write %t, %O[%l] map affine_map<(l) -> (0, l)> along 0 : vector<4xf16>, memref<4x64xf16>
    gpu.return
  }
}

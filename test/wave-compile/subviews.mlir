// Kernels that access views (memref.subview) compile. wave-fold-subviews
// makes the lane accesses of a view accesses of its source; what it leaves
// (a memref.load, a bounded read, whose bounds are the view's) lowers
// through upstream's views: expand-strided-metadata turns each into its
// source's base and an offset of affine.applys, before the affine lowering
// (with the two the other way round the applys stayed and the module did
// not lower: "'builtin.unrealized_conversion_cast' op is not in the llvm or
// rocdl dialect").
// RUN: wave-compile %s --chip=gfx942 --emit=asm -o - 2>%t.err | FileCheck %s
// RUN: FileCheck %s --input-file=%t.err --check-prefix=REMARK
// Both kernels compute the same after wave-to-upstream as before it
// (random inputs).
// RUN: wave-run %s --kernel=views --compare-pipeline='wave-to-upstream{chip=gfx942 optimize=true}' 2>/dev/null | FileCheck %s --check-prefix=SAME

// CHECK-LABEL: views:
// CHECK: s_endpgm
// REMARK: remark: wave-fold-subviews: access of a view left as it is: it is bounded by the view's shape, which its source does not have
// REMARK-NOT: error
// SAME: output 'Y' (64x64xf32): agrees (max abs error 0, max rel error 0)
// SAME-NEXT: output 'Z' (64x64xf32): agrees (max abs error 0, max rel error 0)
// SAME-NEXT: PASS

!m = memref<64x64xf32>
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
gpu.module @m {
  // Workgroup b's 16 x 16 block at rows 16 b, columns 8: lane l copies
  // row l / 4, columns 4 (l mod 4) .. + 3 of it, read as one bounded lane
  // vector and, for its first element, once more with memref.load.
  gpu.func @views(%X: !m, %Y: !m, %Z: !m) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>, wave.kernel = #k} {
    %l = gpu.thread_id x
    %b = gpu.block_id x
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %row = arith.muli %b, %c16 : index
    %block = memref.subview %X[%row, 8] [16, 16] [1, 1]
        : !m to memref<16x16xf32, strided<[64, 1], offset: ?>>
    %v = wave.read %block[%l] map affine_map<(d0) -> (d0 floordiv 4, (d0 mod 4) * 4)> bounded
        : memref<16x16xf32, strided<[64, 1], offset: ?>> -> vector<4xf32>
    wave.write %v, %Y[%b, %l] map affine_map<(d0, d1) -> (d0 * 16 + d1 floordiv 4, (d1 mod 4) * 4)>
        : vector<4xf32>, !m
    %r = arith.divui %l, %c4 : index
    %q = arith.remui %l, %c4 : index
    %c = arith.muli %q, %c4 : index
    %e = memref.load %block[%r, %c] : memref<16x16xf32, strided<[64, 1], offset: ?>>
    %zr = arith.addi %row, %r : index
    memref.store %e, %Z[%zr, %c] : !m
    gpu.return
  }
}

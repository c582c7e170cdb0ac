// A matrix product through upstream's subgroup matrix ops, as upstream's
// GPU integration tests write one: C = A B, 16 x 64 times 64 x 16 in f16
// into f32, a K loop of 4 steps of 16 carrying the accumulator, in a
// gpu.launch of one workgroup of 64 lanes. wave-convert-subgroup-mma lowers
// it to the MMA kind of the chip: MFMA on CDNA, WMMA on RDNA3 and RDNA4
// (there the 64 lanes are 2 waves of 32, each computing the whole product:
// the same values written twice), and says which in a remark.
// RUN: wave-compile %s --chip=gfx942 --emit=asm -o - 2>%t.remarks | FileCheck %s --check-prefix=MFMA
// RUN: FileCheck %s --check-prefix=REMARK-MFMA < %t.remarks
// MFMA-LABEL: matmul_kernel:
// MFMA-COUNT-4: v_mfma_f32_16x16x16_f16
// MFMA: s_endpgm
// REMARK-MFMA: subgroup-mma.mlir:[[@LINE+57]]:15: remark: subgroup MMA on gfx942 as MMA kind f32_16x16x16_f16 (waves of 64 lanes)
// RUN: wave-compile %s --chip=gfx90a --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=GFX90A
// GFX90A-COUNT-4: v_mfma_f32_16x16x16f16
// RUN: wave-compile %s --chip=gfx1100 --emit=asm -o - 2>%t.remarks | FileCheck %s --check-prefix=WMMA
// RUN: FileCheck %s --check-prefix=REMARK-WMMA11 < %t.remarks
// RUN: wave-compile %s --chip=gfx1201 --emit=asm -o - 2>%t.remarks | FileCheck %s --check-prefix=WMMA
// RUN: FileCheck %s --check-prefix=REMARK-WMMA12 < %t.remarks
// WMMA-LABEL: matmul_kernel:
// WMMA-COUNT-4: v_wmma_f32_16x16x16_f16
// WMMA: s_endpgm
// REMARK-WMMA11: remark: subgroup MMA on gfx1100 as MMA kind wmma_f32_16x16x16_f16_gfx11 (waves of 32 lanes)
// REMARK-WMMA12: remark: subgroup MMA on gfx1201 as MMA kind wmma_f32_16x16x16_f16_gfx12 (waves of 32 lanes)
//
// The device part under wave-run, for each chip (the kernel outlined and
// given the chip): against numpy's product, and against itself lowered by
// wave-to-upstream (amdgpu.mfma, amdgpu.wmma).
// RUN: %python -c "import numpy; r = numpy.random.default_rng(1); numpy.save('%t.a.npy', r.standard_normal((16, 64)).astype(numpy.float16)); numpy.save('%t.b.npy', r.standard_normal((64, 16)).astype(numpy.float16))"
// RUN: for chip in gfx942 gfx1100 gfx1201; do \
// RUN:   wave-opt %s --pass-pipeline="builtin.module(wave-outline-launches,gpu.module(wave-attach-target{chip=$chip}))" -o %t.$chip.mlir && \
// RUN:   rm -rf %t.$chip.out && \
// RUN:   wave-run %t.$chip.mlir --kernel=matmul_kernel --input=arg0=%t.a.npy --input=arg1=%t.b.npy --output-dir=%t.$chip.out 2>/dev/null && \
// RUN:   %python -c "import numpy; a = numpy.load('%t.a.npy').astype(numpy.float32); b = numpy.load('%t.b.npy').astype(numpy.float32); c = numpy.load('%t.$chip.out/arg2.npy'); assert numpy.allclose(c, a @ b, rtol=1e-5, atol=1e-5), c; print('$chip: C = A B')" && \
// RUN:   wave-run %t.$chip.mlir --kernel=matmul_kernel --compare-pipeline="builtin.module(wave-to-upstream{chip=$chip optimize=true})" 2>/dev/null || exit 1; \
// RUN: done | FileCheck %s --check-prefix=RAN
// RAN: @matmul_kernel ran on 1x1x1 workgroups with no error
// RAN-NEXT: gfx942: C = A B
// RAN: output 'arg2' (16x16xf32): agrees
// RAN-NEXT: PASS
// RAN-NEXT: @matmul_kernel ran on 1x1x1 workgroups with no error
// RAN-NEXT: gfx1100: C = A B
// RAN: output 'arg2' (16x16xf32): agrees
// RAN-NEXT: PASS
// RAN-NEXT: @matmul_kernel ran on 1x1x1 workgroups with no error
// RAN-NEXT: gfx1201: C = A B
// RAN: output 'arg2' (16x16xf32): agrees
// RAN-NEXT: PASS
//
// The upstream way: gpu-module-to-binary makes wave-compile's code object.
// RUN: wave-opt %s -o %t.binary.mlir 2>/dev/null \
// RUN:   --pass-pipeline='builtin.module(wave-outline-launches,wave-attach-binary-target{chip=gfx942},gpu-module-to-binary,gpu-to-llvm)'
// RUN: rm -rf %t.dir && mkdir %t.dir && wave-compile %s --chip=gfx942 -o %t.dir/matmul_kernel.hsaco 2>/dev/null
// RUN: %python %S/Inputs/compare-binaries.py %t.binary.mlir %t.dir | FileCheck %s --check-prefix=SAME
// SAME: @matmul_kernel: the code object wave-compile makes

func.func @matmul(%a: memref<16x64xf16>, %b: memref<64x16xf16>, %c: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %k_end = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
    %sum = scf.for %k = %c0 to %k_end step %c16 iter_args(%acc = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
      %x = gpu.subgroup_mma_load_matrix %a[%c0, %k] {leadDimension = 64 : index} : memref<16x64xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %y = gpu.subgroup_mma_load_matrix %b[%k, %c0] {leadDimension = 16 : index} : memref<64x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %next = gpu.subgroup_mma_compute %x, %y, %acc : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      scf.yield %next : !gpu.mma_matrix<16x16xf32, "COp">
    }
    gpu.subgroup_mma_store_matrix %sum, %c[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.terminator
  }
  return
}

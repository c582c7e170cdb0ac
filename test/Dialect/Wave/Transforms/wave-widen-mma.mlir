// On gfx950, MMAs chained along K join into the kinds of several times the
// K (pairs of f16/bf16, fours of fp8), each lane's operands concatenated; on
// gfx942, which has no such kinds, nothing changes and a remark says why.
// RUN: wave-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(gpu.func(wave-widen-mma)))' | FileCheck %s
// The product is the same sum in another order: the GEMM after the pass
// agrees with the GEMM before it, on gfx950, within f32 rounding.
// RUN: wave-run %examples/gemm.mlir --compare-pipeline='gpu.module(wave-expand-fragments,wave-attach-target{chip=gfx950},gpu.func(wave-widen-mma))' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %examples/gemm_fp8_ocp.mlir --compare-pipeline='gpu.module(wave-expand-fragments,gpu.func(wave-widen-mma))' | FileCheck %s --check-prefix=AGREE
// RUN: wave-run %examples/softmax_mfma.mlir --compare-pipeline='gpu.module(wave-expand-fragments,wave-attach-target{chip=gfx950},gpu.func(wave-widen-mma))' | FileCheck %s --check-prefix=AGREE
// wave-compile widens on gfx950 only: the GEMM's K loop issues gfx950's
// 32x32x16 kind there and gfx942's 32x32x8 on gfx942.
// RUN: wave-compile %examples/gemm.mlir --chip=gfx950 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ISA
// RUN: wave-compile %examples/gemm.mlir --chip=gfx942 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ISA942
// The fp8 GEMM's chains of four 32x32x16 MMAs become gfx950's f8f6f4 kind
// (those the loop pipelining split between the prologue, a deferred MMA and
// the epilogue stay narrow).
// RUN: wave-compile %examples/gemm_fp8_ocp.mlir --chip=gfx950 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ISA8
// RUN: wave-opt %examples/softmax_mfma.mlir --pass-pipeline='builtin.module(gpu.module(wave-expand-fragments,wave-attach-target{chip=gfx950},gpu.func(wave-widen-mma)))' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK16

// AGREE: agrees
// AGREE: PASS
// ISA-LABEL: gemm:
// ISA-NOT: v_mfma_f32_32x32x8_f16
// ISA: v_mfma_f32_32x32x16_f16
// ISA-NOT: v_mfma_f32_32x32x8_f16
// ISA: s_endpgm
// ISA942-LABEL: gemm:
// ISA942-NOT: v_mfma_f32_32x32x16_f16
// ISA942: v_mfma_f32_32x32x8_f16
// ISA942: s_endpgm
// ISA8-LABEL: gemm_fp8_ocp:
// ISA8-COUNT-8: v_mfma_f32_32x32x64_f8f6f4
// ISA8: s_endpgm
// REMARK16: remark: 8 chains of MMAs along K became f32_16x16x32_f16 on gfx950

!a = vector<4xf16>
!acc = vector<16xf32>
!out = memref<64x64xf32>
gpu.module @m {
  // A chain of four: two pairs, each on its first MMA's accumulator.
  // CHECK-LABEL: gpu.func @chain_of_four
  // CHECK-SAME: (%[[A0:[a-z0-9]+]]: vector<4xf16>, %[[A1:[a-z0-9]+]]: vector<4xf16>, %[[A2:[a-z0-9]+]]: vector<4xf16>, %[[A3:[a-z0-9]+]]: vector<4xf16>, %[[B:[a-z0-9]+]]: vector<4xf16>, %[[C:[a-z0-9]+]]: vector<16xf32>,
  // CHECK: %[[LA:.*]] = vector.shuffle %[[A0]], %[[A1]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf16>, vector<4xf16>
  // CHECK: %[[LB:.*]] = vector.shuffle %[[B]], %[[B]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf16>, vector<4xf16>
  // CHECK: %[[LOW:.*]] = wave.mma <f32_32x32x16_f16> %[[LA]], %[[LB]], %[[C]] : vector<8xf16>, vector<8xf16> -> vector<16xf32>
  // CHECK: %[[HA:.*]] = vector.shuffle %[[A2]], %[[A3]] [0, 1, 2, 3, 4, 5, 6, 7]
  // CHECK: %[[HIGH:.*]] = wave.mma <f32_32x32x16_f16> %[[HA]], %{{.*}}, %[[LOW]]
  // CHECK-NOT: wave.mma
  // CHECK: wave.write %[[HIGH]]
  // expected-remark @below {{2 chains of MMAs along K became f32_32x32x16_f16 on gfx950}}
  gpu.func @chain_of_four(%a0: !a, %a1: !a, %a2: !a, %a3: !a, %b: !a, %c: !acc, %out: !out) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %d0 = wave.mma <f32_32x32x8_f16> %a0, %b, %c : !a, !a -> !acc
    %d1 = wave.mma <f32_32x32x8_f16> %a1, %b, %d0 : !a, !a -> !acc
    %d2 = wave.mma <f32_32x32x8_f16> %a2, %b, %d1 : !a, !a -> !acc
    %d3 = wave.mma <f32_32x32x8_f16> %a3, %b, %d2 : !a, !a -> !acc
    %l = gpu.thread_id x
    wave.write %d3, %out[%l, %l] : !acc, !out
    gpu.return
  }

  // The halves of one packed read are that read: no shuffle.
  // CHECK-LABEL: gpu.func @packed_halves
  // CHECK-SAME: (%[[P:[a-z0-9]+]]: vector<8xf16>, %[[Q:[a-z0-9]+]]: vector<8xf16>, %[[C:[a-z0-9]+]]: vector<16xf32>,
  // CHECK-NOT: vector.extract_strided_slice
  // CHECK-NOT: vector.shuffle
  // CHECK: wave.mma <f32_32x32x16_f16> %[[P]], %[[Q]], %[[C]]
  // expected-remark @below {{1 chains of MMAs along K became f32_32x32x16_f16 on gfx950}}
  gpu.func @packed_halves(%p: vector<8xf16>, %q: vector<8xf16>, %c: !acc, %out: !out) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %p0 = vector.extract_strided_slice %p {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to !a
    %p1 = vector.extract_strided_slice %p {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to !a
    %q0 = vector.extract_strided_slice %q {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to !a
    %q1 = vector.extract_strided_slice %q {offsets = [4], sizes = [4], strides = [1]} : vector<8xf16> to !a
    %d0 = wave.mma <f32_32x32x8_f16> %p0, %q0, %c : !a, !a -> !acc
    %d1 = wave.mma <f32_32x32x8_f16> %p1, %q1, %d0 : !a, !a -> !acc
    %l = gpu.thread_id x
    wave.write %d1, %out[%l, %l] : !acc, !out
    gpu.return
  }

  // Where something else reads the first MMA's result, or the chain has an
  // odd length, MMAs stay narrow: here the first result is returned too,
  // and of the chain of three behind it only the first two pair.
  // CHECK-LABEL: gpu.func @not_paired
  // CHECK: %[[D0:.*]] = wave.mma <f32_32x32x8_f16>
  // CHECK: %[[D12:.*]] = wave.mma <f32_32x32x16_f16> %{{.*}}, %{{.*}}, %[[D0]]
  // CHECK: %[[D3:.*]] = wave.mma <f32_32x32x8_f16> %{{.*}}, %{{.*}}, %[[D12]]
  // CHECK: wave.write %[[D0]]
  // CHECK: wave.write %[[D3]]
  // expected-remark @below {{1 chains of MMAs along K became f32_32x32x16_f16 on gfx950; 2 left narrow (no MMA of their kind accumulates their result alone)}}
  gpu.func @not_paired(%a: !a, %c: !acc, %out: !out) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %d0 = wave.mma <f32_32x32x8_f16> %a, %a, %c : !a, !a -> !acc
    %d1 = wave.mma <f32_32x32x8_f16> %a, %a, %d0 : !a, !a -> !acc
    %d2 = wave.mma <f32_32x32x8_f16> %a, %a, %d1 : !a, !a -> !acc
    %d3 = wave.mma <f32_32x32x8_f16> %a, %a, %d2 : !a, !a -> !acc
    %l = gpu.thread_id x
    wave.write %d0, %out[%l, %l] : !acc, !out
    wave.write %d3, %out[%l, %l] : !acc, !out
    gpu.return
  }
}

// -----

!a = vector<8xf8E4M3FN>
!acc = vector<16xf32>
!out = memref<64x64xf32>
gpu.module @m {
  // fp8: a chain of four 32x32x16 MMAs is one 32x32x64; the quarters of two
  // packed reads of 16 are those reads, concatenated.
  // CHECK-LABEL: gpu.func @fp8_chain_of_four
  // CHECK-SAME: (%[[P:[a-z0-9]+]]: vector<16xf8E4M3FN>, %[[Q:[a-z0-9]+]]: vector<16xf8E4M3FN>, %[[B:[a-z0-9]+]]: vector<32xf8E4M3FN>, %[[C:[a-z0-9]+]]: vector<16xf32>,
  // CHECK-NOT: vector.extract_strided_slice
  // CHECK: %[[A:.*]] = vector.shuffle %[[P]], %[[Q]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf8E4M3FN>, vector<16xf8E4M3FN>
  // CHECK-NOT: vector.extract_strided_slice
  // CHECK: %[[D:.*]] = wave.mma <f32_32x32x64_f8E4M3FN> %[[A]], %[[B]], %[[C]] : vector<32xf8E4M3FN>, vector<32xf8E4M3FN> -> vector<16xf32>
  // CHECK-NOT: wave.mma
  // CHECK: wave.write %[[D]]
  // expected-remark @below {{1 chains of MMAs along K became f32_32x32x64_f8E4M3FN on gfx950}}
  gpu.func @fp8_chain_of_four(%p: vector<16xf8E4M3FN>, %q: vector<16xf8E4M3FN>, %b: vector<32xf8E4M3FN>, %c: !acc, %out: !out) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %p0 = vector.extract_strided_slice %p {offsets = [0], sizes = [8], strides = [1]} : vector<16xf8E4M3FN> to !a
    %p1 = vector.extract_strided_slice %p {offsets = [8], sizes = [8], strides = [1]} : vector<16xf8E4M3FN> to !a
    %q0 = vector.extract_strided_slice %q {offsets = [0], sizes = [8], strides = [1]} : vector<16xf8E4M3FN> to !a
    %q1 = vector.extract_strided_slice %q {offsets = [8], sizes = [8], strides = [1]} : vector<16xf8E4M3FN> to !a
    %b0 = vector.extract_strided_slice %b {offsets = [0], sizes = [8], strides = [1]} : vector<32xf8E4M3FN> to !a
    %b1 = vector.extract_strided_slice %b {offsets = [8], sizes = [8], strides = [1]} : vector<32xf8E4M3FN> to !a
    %b2 = vector.extract_strided_slice %b {offsets = [16], sizes = [8], strides = [1]} : vector<32xf8E4M3FN> to !a
    %b3 = vector.extract_strided_slice %b {offsets = [24], sizes = [8], strides = [1]} : vector<32xf8E4M3FN> to !a
    %d0 = wave.mma <f32_32x32x16_f8E4M3FN> %p0, %b0, %c : !a, !a -> !acc
    %d1 = wave.mma <f32_32x32x16_f8E4M3FN> %p1, %b1, %d0 : !a, !a -> !acc
    %d2 = wave.mma <f32_32x32x16_f8E4M3FN> %q0, %b2, %d1 : !a, !a -> !acc
    %d3 = wave.mma <f32_32x32x16_f8E4M3FN> %q1, %b3, %d2 : !a, !a -> !acc
    %l = gpu.thread_id x
    wave.write %d3, %out[%l, %l] : !acc, !out
    gpu.return
  }

  // A chain of three fp8 MMAs is shorter than the wide kind needs.
  // CHECK-LABEL: gpu.func @fp8_chain_of_three
  // CHECK-COUNT-3: wave.mma <f32_16x16x32_f8E5M2_f8E4M3FN>
  gpu.func @fp8_chain_of_three(%a: vector<8xf8E5M2>, %b: !a, %c: vector<4xf32>, %out: !out) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %d0 = wave.mma <f32_16x16x32_f8E5M2_f8E4M3FN> %a, %b, %c : vector<8xf8E5M2>, !a -> vector<4xf32>
    %d1 = wave.mma <f32_16x16x32_f8E5M2_f8E4M3FN> %a, %b, %d0 : vector<8xf8E5M2>, !a -> vector<4xf32>
    %d2 = wave.mma <f32_16x16x32_f8E5M2_f8E4M3FN> %a, %b, %d1 : vector<8xf8E5M2>, !a -> vector<4xf32>
    %l = gpu.thread_id x
    wave.write %d2, %out[%l, %l] : vector<4xf32>, !out
    gpu.return
  }
}

// -----

!a = vector<4xf16>
!acc = vector<16xf32>
!out = memref<64x64xf32>
gpu.module @m {
  // gfx942 has no kind of twice the K.
  // CHECK-LABEL: gpu.func @gfx942
  // CHECK: wave.mma <f32_32x32x8_f16>
  // CHECK: wave.mma <f32_32x32x8_f16>
  // expected-remark @below {{MMAs chained along K left narrow: chip 'gfx942' has no kind of several times the K of f32_32x32x8_f16}}
  gpu.func @gfx942(%a: !a, %c: !acc, %out: !out) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %d0 = wave.mma <f32_32x32x8_f16> %a, %a, %c : !a, !a -> !acc
    %d1 = wave.mma <f32_32x32x8_f16> %a, %a, %d0 : !a, !a -> !acc
    %l = gpu.thread_id x
    wave.write %d1, %out[%l, %l] : !acc, !out
    gpu.return
  }
}

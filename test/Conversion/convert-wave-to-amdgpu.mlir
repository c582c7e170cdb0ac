// RUN: wave-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wave-to-amdgpu))' --split-input-file | FileCheck %s

#lds = #gpu.address_space<workgroup>
// Contiguous accesses are one vector access; the map becomes index
// arithmetic; the wave attributes are gone afterwards.
// CHECK-LABEL: gpu.func @contiguous
// CHECK-SAME: ([[A:%[A-Za-z0-9_]+]]: memref<256xf32>, [[C:%[A-Za-z0-9_]+]]: memref<256xf32>)
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
// CHECK: [[TID:%[A-Za-z0-9_]+]] = gpu.thread_id x
// CHECK: [[TWO:%[A-Za-z0-9_]+]] = arith.constant 2 : index
// CHECK: [[OFF:%[A-Za-z0-9_]+]] = arith.muli [[TID]], [[TWO]] overflow<nsw> : index
// CHECK: [[V:%[A-Za-z0-9_]+]] = vector.load [[A]][[[OFF]]] : memref<256xf32>, vector<2xf32>
// CHECK: vector.store [[V]], [[C]][%{{.*}}] : memref<256xf32>, vector<2xf32>
// CHECK-NOT: wave.
gpu.module @m {
  gpu.func @contiguous(%a: memref<256xf32>, %c: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %v = wave.read %a[%tid] map affine_map<(d0) -> (d0 * 2)> : memref<256xf32> -> vector<2xf32>
    wave.write %v, %c[%tid] map affine_map<(d0) -> (d0 * 2)> : vector<2xf32>, memref<256xf32>
    gpu.return
  }
}

// -----

// Masks become masked vector accesses; masked-off lanes read zero.
// CHECK-LABEL: gpu.func @masked
// CHECK-SAME: ([[A:%[A-Za-z0-9_]+]]: memref<64x64xf32>, [[MASK:%[A-Za-z0-9_]+]]: vector<4xi1>)
// CHECK: [[ZERO:%[A-Za-z0-9_]+]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: [[V:%[A-Za-z0-9_]+]] = vector.maskedload [[A]][%{{.*}}, %{{.*}}], [[MASK]], [[ZERO]] : memref<64x64xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK: vector.maskedstore [[A]][%{{.*}}, %{{.*}}], [[MASK]], [[V]] : memref<64x64xf32>, vector<4xi1>, vector<4xf32>
gpu.module @m {
  gpu.func @masked(%a: memref<64x64xf32>, %mask: vector<4xi1>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %v = wave.read %a[%tid, %c0] mask %mask : vector<4xi1> : memref<64x64xf32> -> vector<4xf32>
    wave.write %v, %a[%c0, %tid] mask %mask : vector<4xi1> : vector<4xf32>, memref<64x64xf32>
    gpu.return
  }
}

// -----

// Elements along an outer dimension are accessed one by one.
// CHECK-LABEL: gpu.func @strided
// CHECK-SAME: ([[A:%[A-Za-z0-9_]+]]: memref<64x64xf32>)
// CHECK: [[TID:%[A-Za-z0-9_]+]] = gpu.thread_id x
// CHECK: [[ZERO:%[A-Za-z0-9_]+]] = arith.constant 0 : index
// CHECK: [[E0:%[A-Za-z0-9_]+]] = memref.load [[A]][[[ZERO]], [[TID]]] : memref<64x64xf32>
// CHECK: [[ONE:%[A-Za-z0-9_]+]] = arith.constant 1 : index
// CHECK: [[ROW1:%[A-Za-z0-9_]+]] = arith.addi [[ZERO]], [[ONE]] : index
// CHECK: [[E1:%[A-Za-z0-9_]+]] = memref.load [[A]][[[ROW1]], [[TID]]] : memref<64x64xf32>
// CHECK: [[V:%[A-Za-z0-9_]+]] = vector.from_elements [[E0]], [[E1]] : vector<2xf32>
// CHECK: [[ROW2:%[A-Za-z0-9_]+]] = arith.addi [[ZERO]], %{{.*}} : index
// CHECK: [[X0:%[A-Za-z0-9_]+]] = vector.extract [[V]][0] : f32 from vector<2xf32>
// CHECK: memref.store [[X0]], [[A]][[[ROW2]], [[TID]]] : memref<64x64xf32>
// CHECK: [[ROW3:%[A-Za-z0-9_]+]] = arith.addi [[ROW2]], %{{.*}} : index
// CHECK: [[X1:%[A-Za-z0-9_]+]] = vector.extract [[V]][1] : f32 from vector<2xf32>
// CHECK: memref.store [[X1]], [[A]][[[ROW3]], [[TID]]] : memref<64x64xf32>
gpu.module @m {
  gpu.func @strided(%a: memref<64x64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %v = wave.read %a[%c0, %tid] along 0 : memref<64x64xf32> -> vector<2xf32>
    wave.write %v, %a[%c0, %tid] map affine_map<(d0, d1) -> (d0 + 2, d1)> along 0 : vector<2xf32>, memref<64x64xf32>
    gpu.return
  }
}

// -----

// streaming sets the nontemporal bit; uncached is a volatile access of the
// element's global address; a masked access with a hint goes element by
// element under guards.
// CHECK-LABEL: gpu.func @cache_hints
// CHECK-SAME: ([[A:%[A-Za-z0-9_]+]]: memref<64x64xf32>, [[MASK:%[A-Za-z0-9_]+]]: vector<2xi1>)
// CHECK: [[S:%[A-Za-z0-9_]+]] = vector.load [[A]][%{{.*}}, %{{.*}}] {nontemporal = true} : memref<64x64xf32>, vector<4xf32>
// CHECK: vector.store [[S]], [[A]][%{{.*}}, %{{.*}}] {nontemporal = true} : memref<64x64xf32>, vector<4xf32>
// CHECK: %{{.*}}, [[OFFSET:%[A-Za-z0-9_]+]], %{{.*}}:2, [[STRIDES:%[A-Za-z0-9_]+]]:2 = memref.extract_strided_metadata [[A]]
// CHECK: [[ROW:%[A-Za-z0-9_]+]] = arith.muli %{{.*}}, [[STRIDES]]#0 : index
// CHECK: [[LIN0:%[A-Za-z0-9_]+]] = arith.addi [[OFFSET]], [[ROW]] : index
// CHECK: [[COL:%[A-Za-z0-9_]+]] = arith.muli %{{.*}}, [[STRIDES]]#1 : index
// CHECK: [[LIN:%[A-Za-z0-9_]+]] = arith.addi [[LIN0]], [[COL]] : index
// CHECK: [[FOUR:%[A-Za-z0-9_]+]] = arith.constant 4 : index
// CHECK: [[BYTES:%[A-Za-z0-9_]+]] = arith.muli [[LIN]], [[FOUR]] : index
// CHECK: [[BASE:%[A-Za-z0-9_]+]] = memref.extract_aligned_pointer_as_index [[A]]
// CHECK: [[ADDR:%[A-Za-z0-9_]+]] = arith.addi [[BASE]], [[BYTES]] : index
// CHECK: [[ADDR64:%[A-Za-z0-9_]+]] = arith.index_castui [[ADDR]] : index to i64
// CHECK: [[PTR:%[A-Za-z0-9_]+]] = llvm.inttoptr [[ADDR64]] : i64 to !llvm.ptr<1>
// CHECK: [[U:%[A-Za-z0-9_]+]] = llvm.load volatile [[PTR]] {alignment = 4 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.store volatile [[U]], %{{.*}} {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: [[BIT0:%[A-Za-z0-9_]+]] = vector.extract [[MASK]][0] : i1 from vector<2xi1>
// CHECK: [[E0:%[A-Za-z0-9_]+]] = scf.if [[BIT0]] -> (f32) {
// CHECK:   [[L0:%[A-Za-z0-9_]+]] = memref.load [[A]][%{{.*}}, %{{.*}}] {nontemporal = true} : memref<64x64xf32>
// CHECK:   scf.yield [[L0]] : f32
// CHECK: } else {
// CHECK:   [[Z:%[A-Za-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK:   scf.yield [[Z]] : f32
// CHECK: }
// CHECK: [[BIT1:%[A-Za-z0-9_]+]] = vector.extract [[MASK]][1] : i1 from vector<2xi1>
// CHECK: [[E1:%[A-Za-z0-9_]+]] = scf.if [[BIT1]] -> (f32) {
// CHECK: vector.from_elements [[E0]], [[E1]] : vector<2xf32>
gpu.module @m {
  gpu.func @cache_hints(%a: memref<64x64xf32>, %mask: vector<2xi1>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %s = wave.read %a[%tid, %c0] cache <streaming> : memref<64x64xf32> -> vector<4xf32>
    wave.write %s, %a[%tid, %c0] cache <streaming> : vector<4xf32>, memref<64x64xf32>
    %u = wave.read %a[%tid, %c0] cache <uncached> : memref<64x64xf32> -> vector<4xf32>
    wave.write %u, %a[%tid, %c0] cache <uncached> : vector<4xf32>, memref<64x64xf32>
    %m = wave.read %a[%tid, %c0] mask %mask : vector<2xi1> cache <streaming> : memref<64x64xf32> -> vector<2xf32>
    gpu.return
  }
}

// -----

// An uncached element steps by its allocation size: one byte for i1, four
// for i24, as memref.load's address does.
// CHECK-LABEL: gpu.func @uncached_odd_widths
// CHECK: [[ONE:%[A-Za-z0-9_]+]] = arith.constant 1 : index
// CHECK: arith.muli %{{.*}}, [[ONE]] : index
// CHECK: llvm.load volatile %{{.*}} {alignment = 1 : i64} : !llvm.ptr<1> -> vector<1xi1>
// CHECK: [[FOUR:%[A-Za-z0-9_]+]] = arith.constant 4 : index
// CHECK: arith.muli %{{.*}}, [[FOUR]] : index
// CHECK: llvm.load volatile %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> vector<1xi24>
gpu.module @m {
  gpu.func @uncached_odd_widths(%a: memref<64xi1>, %b: memref<64xi24>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %x = wave.read %a[%tid] cache <uncached> : memref<64xi1> -> vector<1xi1>
    %y = wave.read %b[%tid] cache <uncached> : memref<64xi24> -> vector<1xi24>
    gpu.return
  }
}

// -----

#lds = #gpu.address_space<workgroup>
// The LDS tile is a 16-byte aligned workgroup attribution of the padded
// size (64 rows of 36 halves), seen with the logical shape; the barrier
// fences LDS only.
// CHECK-LABEL: gpu.func @lds
// CHECK-SAME: ([[V:%[A-Za-z0-9_]+]]: vector<8xf16>)
// CHECK-SAME: workgroup([[BUF:%[A-Za-z0-9_]+]] : memref<2304xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, [[BUF2:%[A-Za-z0-9_]+]] : memref<64xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: [[TILE:%[A-Za-z0-9_]+]] = memref.reinterpret_cast [[BUF]] to offset: [0], sizes: [64, 32], strides: [36, 1] : memref<2304xf16, #gpu.address_space<workgroup>> to memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
// CHECK: memref.reinterpret_cast [[BUF2]] to offset: [0], sizes: [64], strides: [1] : memref<64xf32, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
// CHECK: vector.store [[V]], [[TILE]][%{{.*}}, %{{.*}}] : memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: vector.load [[TILE]][%{{.*}}, %{{.*}}] : memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>, vector<8xf16>
gpu.module @m {
  gpu.func @lds(%v: vector<8xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %tile = wave.alloc_lds padding [0, 4] : memref<64x32xf16, strided<[36, 1]>, #lds>
    %plain = wave.alloc_lds : memref<64xf32, #lds>
    wave.write %v, %tile[%tid, %c0] : vector<8xf16>, memref<64x32xf16, strided<[36, 1]>, #lds>
    wave.barrier
    %r = wave.read %tile[%tid, %c0] : memref<64x32xf16, strided<[36, 1]>, #lds> -> vector<8xf16>
    gpu.return
  }
}

// -----

#lds = #gpu.address_space<workgroup>
// A swizzled tile is unpadded (64 x 32 halves, 4096 bytes); every access
// XORs its column with ((row >> log2 per_phase) & (max_phase - 1)) << log2 vec
// before the vector access, and an access along rows (one element at a time)
// swizzles each element's column by its own row.
// CHECK-LABEL: gpu.func @swizzled
// CHECK-SAME: workgroup([[BUF:%[A-Za-z0-9_]+]] : memref<2048xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: [[TILE:%[A-Za-z0-9_]+]] = memref.reinterpret_cast [[BUF]] to offset: [0], sizes: [64, 32], strides: [32, 1]
// CHECK: [[ONE:%[A-Za-z0-9_]+]] = arith.constant 1 : index
// CHECK: [[PHASE:%[A-Za-z0-9_]+]] = arith.shrui [[ROW:%[A-Za-z0-9_]+]], [[ONE]] : index
// CHECK: [[THREE:%[A-Za-z0-9_]+]] = arith.constant 3 : index
// CHECK: [[MASKED:%[A-Za-z0-9_]+]] = arith.andi [[PHASE]], [[THREE]] : index
// CHECK: [[SHIFT:%[A-Za-z0-9_]+]] = arith.constant 3 : index
// CHECK: [[XOR:%[A-Za-z0-9_]+]] = arith.shli [[MASKED]], [[SHIFT]] : index
// CHECK: [[COL:%[A-Za-z0-9_]+]] = arith.xori %{{.*}}, [[XOR]] : index
// CHECK: vector.store %{{.*}}, [[TILE]][[[ROW]], [[COL]]] : memref<64x32xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: amdgpu.lds_barrier
// CHECK-COUNT-4: arith.xori
// CHECK-NOT: arith.xori
// CHECK: vector.from_elements
gpu.module @m {
  gpu.func @swizzled(%v: vector<8xf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %tile = wave.alloc_lds swizzle <vec = 8, per_phase = 2, max_phase = 4> : memref<64x32xf16, #lds>
    wave.write %v, %tile[%tid, %c0] : vector<8xf16>, memref<64x32xf16, #lds>
    wave.barrier
    %r = wave.read %tile[%c0, %tid] map affine_map<(d0, d1) -> (d0, d1 mod 32)> along 0 : memref<64x32xf16, #lds> -> vector<4xf16>
    gpu.return
  }
}

// -----

// MMA kinds become amdgpu.mfma of the kind's shape; one element a lane is a
// scalar operand.
// CHECK-LABEL: gpu.func @mma
// CHECK-SAME: ([[A:%[A-Za-z0-9_]+]]: vector<4xf16>, [[ACC:%[A-Za-z0-9_]+]]: vector<16xf32>, [[F:%[A-Za-z0-9_]+]]: vector<1xf32>, [[ACC4:%[A-Za-z0-9_]+]]: vector<4xf32>, [[I:%[A-Za-z0-9_]+]]: vector<8xi8>, [[IACC:%[A-Za-z0-9_]+]]: vector<4xi32>, [[B:%[A-Za-z0-9_]+]]: vector<4xbf16>)
// CHECK: amdgpu.mfma 32x32x8 [[A]] * [[A]] + [[ACC]] blgp = none : vector<4xf16>, vector<4xf16>, vector<16xf32>
// CHECK: amdgpu.mfma 16x16x16 [[A]] * [[A]] + [[ACC4]] blgp = none : vector<4xf16>, vector<4xf16>, vector<4xf32>
// CHECK: [[S:%[A-Za-z0-9_]+]] = vector.extract [[F]][0] : f32 from vector<1xf32>
// CHECK: [[S2:%[A-Za-z0-9_]+]] = vector.extract [[F]][0] : f32 from vector<1xf32>
// CHECK: amdgpu.mfma 16x16x4 [[S]] * [[S2]] + [[ACC4]] blgp = none : f32, f32, vector<4xf32>
// CHECK: amdgpu.mfma 16x16x32 [[I]] * [[I]] + [[IACC]] blgp = none : vector<8xi8>, vector<8xi8>, vector<4xi32>
// CHECK: amdgpu.mfma 32x32x8 [[B]] * [[B]] + [[ACC]] blgp = none : vector<4xbf16>, vector<4xbf16>, vector<16xf32>
gpu.module @m {
  gpu.func @mma(%a: vector<4xf16>, %acc: vector<16xf32>, %f: vector<1xf32>, %acc4: vector<4xf32>, %i: vector<8xi8>, %iacc: vector<4xi32>, %b: vector<4xbf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %0 = wave.mma <f32_32x32x8_f16> %a, %a, %acc : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %1 = wave.mma <f32_16x16x16_f16> %a, %a, %acc4 : vector<4xf16>, vector<4xf16> -> vector<4xf32>
    %2 = wave.mma <f32_16x16x4_f32> %f, %f, %acc4 : vector<1xf32>, vector<1xf32> -> vector<4xf32>
    %3 = wave.mma <i32_16x16x32_i8> %i, %i, %iacc : vector<8xi8>, vector<8xi8> -> vector<4xi32>
    %4 = wave.mma <f32_32x32x8_bf16> %b, %b, %acc : vector<4xbf16>, vector<4xbf16> -> vector<16xf32>
    gpu.return
  }
}

// -----

// A scaled kind becomes amdgpu.scaled_mfma. A lane's scale that is the
// element of a vector of scales whose length is a multiple of 4 goes in as
// its aligned group of 4 with the byte the instruction reads (op_sel); any
// other (a vector<1> read, a slice of a vector of 2) is the scalar in byte 0.
// CHECK-LABEL: gpu.func @mma_scaled
// CHECK-SAME: ([[A:%[A-Za-z0-9_]+]]: vector<32xf4E2M1FN>, [[ACC:%[A-Za-z0-9_]+]]: vector<16xf32>, [[S8:%[A-Za-z0-9_]+]]: vector<8xf8E8M0FNU>, [[S2:%[A-Za-z0-9_]+]]: vector<2xf8E8M0FNU>, [[S1:%[A-Za-z0-9_]+]]: vector<1xf8E8M0FNU>)
// CHECK: [[HI:%[A-Za-z0-9_]+]] = vector.extract_strided_slice [[S8]] {offsets = [4], sizes = [4], strides = [1]} : vector<8xf8E8M0FNU> to vector<4xf8E8M0FNU>
// CHECK: [[LO:%[A-Za-z0-9_]+]] = vector.extract_strided_slice [[S8]] {offsets = [0], sizes = [4], strides = [1]} : vector<8xf8E8M0FNU> to vector<4xf8E8M0FNU>
// CHECK: amdgpu.scaled_mfma 32x32x64 ([[HI]][3] * [[A]]) * ([[LO]][1] * [[A]]) + [[ACC]] : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<16xf32>
// CHECK: [[X:%[A-Za-z0-9_]+]] = vector.extract %{{.*}}[0] : f8E8M0FNU from vector<1xf8E8M0FNU>
// CHECK: [[Y:%[A-Za-z0-9_]+]] = vector.extract [[S1]][0] : f8E8M0FNU from vector<1xf8E8M0FNU>
// CHECK: amdgpu.scaled_mfma 32x32x64 ([[X]][0] * [[A]]) * ([[Y]][0] * [[A]]) + [[ACC]] : f8E8M0FNU, vector<32xf4E2M1FN>, f8E8M0FNU, vector<32xf4E2M1FN>, vector<16xf32>
gpu.module @m {
  gpu.func @mma_scaled(%a: vector<32xf4E2M1FN>, %acc: vector<16xf32>, %s8: vector<8xf8E8M0FNU>, %s2: vector<2xf8E8M0FNU>, %s1: vector<1xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %a7 = vector.extract_strided_slice %s8 {offsets = [7], sizes = [1], strides = [1]} : vector<8xf8E8M0FNU> to vector<1xf8E8M0FNU>
    %a1 = vector.extract_strided_slice %s8 {offsets = [1], sizes = [1], strides = [1]} : vector<8xf8E8M0FNU> to vector<1xf8E8M0FNU>
    %0 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a, %a, %acc scales %a7, %a1 : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
    %b1 = vector.extract_strided_slice %s2 {offsets = [1], sizes = [1], strides = [1]} : vector<2xf8E8M0FNU> to vector<1xf8E8M0FNU>
    %1 = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a, %a, %acc scales %b1, %s1 : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<1xf8E8M0FNU> -> vector<16xf32>
    gpu.return
  }
}

// -----

// A loop wave-pipeline-loops marked for MMA interleaving gets LLVM's
// small-GEMM scheduling strategy on a chip with MFMA (gfx942), nothing on
// one without (gfx1100); the mark is gone either way.
// CHECK-LABEL: gpu.func @interleave_mfma
// CHECK: scf.for
// CHECK-NEXT: rocdl.iglp.opt 0
// CHECK-NOT: wave.interleave_mma
// CHECK-LABEL: gpu.func @interleave_wmma
// CHECK: scf.for
// CHECK-NOT: rocdl.iglp.opt
// CHECK-NOT: wave.interleave_mma
// CHECK: gpu.return
gpu.module @interleave {
  gpu.func @interleave_mfma(%n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
    } {wave.interleave_mma}
    gpu.return
  }
  gpu.func @interleave_wmma(%n: index) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
    } {wave.interleave_mma}
    gpu.return
  }
}

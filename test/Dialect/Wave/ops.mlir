// RUN: wave-opt %s | FileCheck %s
// Every op round-trips through the custom form, and through the generic form.
// RUN: wave-opt %s | wave-opt | FileCheck %s
// RUN: wave-opt %s --mlir-print-op-generic | wave-opt | FileCheck %s

#a_layout = affine_map<(d0, d1) -> (d0 mod 32, d1 * 8 + (d0 floordiv 32) * 4)>
#lds = #gpu.address_space<workgroup>

gpu.module @ops {
  // CHECK-LABEL: gpu.func @accesses
  // CHECK-SAME: wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 2>
  gpu.func @accesses(%A: memref<32x64xf16>, %out: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 2>} {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // CHECK: %[[LDS:.*]] = wave.alloc_lds padding [0, 4] : memref<32x8xf16, strided<[12, 1]>, #gpu.address_space<workgroup>>
    %lds = wave.alloc_lds padding [0, 4] : memref<32x8xf16, strided<[12, 1]>, #lds>
    // CHECK: %[[PLAIN:.*]] = wave.alloc_lds : memref<64xf32, #gpu.address_space<workgroup>>
    %plain = wave.alloc_lds : memref<64xf32, #lds>
    // CHECK: %[[SWZ:.*]] = wave.alloc_lds swizzle <vec = 4, per_phase = 2, max_phase = 2> : memref<32x8xf16, #gpu.address_space<workgroup>>
    %swz = wave.alloc_lds swizzle <vec = 4, per_phase = 2, max_phase = 2> : memref<32x8xf16, #lds>
    // CHECK: %[[V:.*]] = wave.read %{{.*}}[%{{.*}}, %{{.*}}] map #{{.*}} cache <streaming> : memref<32x64xf16> -> vector<4xf16>
    %v = wave.read %A[%tid, %c1] map #a_layout cache <streaming> : memref<32x64xf16> -> vector<4xf16>
    // CHECK: wave.write %[[V]], %[[LDS]][%{{.*}}, %{{.*}}] map #{{.*}} : vector<4xf16>, memref<32x8xf16, strided<[12, 1]>, #gpu.address_space<workgroup>>
    wave.write %v, %lds[%tid, %c0] map #a_layout : vector<4xf16>, memref<32x8xf16, strided<[12, 1]>, #lds>
    // CHECK: wave.write %[[V]], %[[SWZ]][%{{.*}}, %{{.*}}] map #{{.*}} : vector<4xf16>, memref<32x8xf16, #gpu.address_space<workgroup>>
    wave.write %v, %swz[%tid, %c0] map #a_layout : vector<4xf16>, memref<32x8xf16, #lds>
    // CHECK: wave.barrier
    wave.barrier
    // CHECK: wave.read %[[LDS]][%{{.*}}, %{{.*}}] along 0 : memref<32x8xf16, strided<[12, 1]>, #gpu.address_space<workgroup>> -> vector<4xf16>
    %col = wave.read %lds[%c0, %c1] along 0 : memref<32x8xf16, strided<[12, 1]>, #lds> -> vector<4xf16>
    %mask = arith.constant dense<[true, true, false, false]> : vector<4xi1>
    %w = arith.extf %col : vector<4xf16> to vector<4xf32>
    // CHECK: wave.write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] mask %{{.*}} : vector<4xi1> cache <uncached> : vector<4xf32>, memref<64x4xf32>
    wave.write %w, %out[%tid, %c0] mask %mask : vector<4xi1> cache <uncached> : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @matrix
  gpu.func @matrix(%a: vector<4xf16>, %b: vector<4xbf16>, %i: vector<8xi8>, %f: vector<1xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %acc16 = arith.constant dense<0.0> : vector<16xf32>
    %acc4 = arith.constant dense<0.0> : vector<4xf32>
    %iacc = arith.constant dense<0> : vector<4xi32>
    // CHECK: wave.mma <f32_32x32x8_f16> %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    %0 = wave.mma <f32_32x32x8_f16> %a, %a, %acc16 : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    // CHECK: wave.mma <f32_16x16x16_f16> {{.*}} -> vector<4xf32>
    %1 = wave.mma <f32_16x16x16_f16> %a, %a, %acc4 : vector<4xf16>, vector<4xf16> -> vector<4xf32>
    // CHECK: wave.mma <f32_32x32x8_bf16> {{.*}} -> vector<16xf32>
    %2 = wave.mma <f32_32x32x8_bf16> %b, %b, %acc16 : vector<4xbf16>, vector<4xbf16> -> vector<16xf32>
    // CHECK: wave.mma <f32_16x16x16_bf16> {{.*}} -> vector<4xf32>
    %3 = wave.mma <f32_16x16x16_bf16> %b, %b, %acc4 : vector<4xbf16>, vector<4xbf16> -> vector<4xf32>
    // CHECK: wave.mma <i32_16x16x32_i8> {{.*}} : vector<8xi8>, vector<8xi8> -> vector<4xi32>
    %4 = wave.mma <i32_16x16x32_i8> %i, %i, %iacc : vector<8xi8>, vector<8xi8> -> vector<4xi32>
    // CHECK: wave.mma <f32_16x16x4_f32> {{.*}} : vector<1xf32>, vector<1xf32> -> vector<4xf32>
    %5 = wave.mma <f32_16x16x4_f32> %f, %f, %acc4 : vector<1xf32>, vector<1xf32> -> vector<4xf32>
    gpu.return
  }

  // gfx950's kinds of twice the K.
  // CHECK-LABEL: gpu.func @matrix_gfx950
  gpu.func @matrix_gfx950(%a: vector<8xf16>, %b: vector<8xbf16>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %acc16 = arith.constant dense<0.0> : vector<16xf32>
    %acc4 = arith.constant dense<0.0> : vector<4xf32>
    // CHECK: wave.mma <f32_32x32x16_f16> {{.*}} : vector<8xf16>, vector<8xf16> -> vector<16xf32>
    %0 = wave.mma <f32_32x32x16_f16> %a, %a, %acc16 : vector<8xf16>, vector<8xf16> -> vector<16xf32>
    // CHECK: wave.mma <f32_16x16x32_f16> {{.*}} : vector<8xf16>, vector<8xf16> -> vector<4xf32>
    %1 = wave.mma <f32_16x16x32_f16> %a, %a, %acc4 : vector<8xf16>, vector<8xf16> -> vector<4xf32>
    // CHECK: wave.mma <f32_32x32x16_bf16> {{.*}} : vector<8xbf16>, vector<8xbf16> -> vector<16xf32>
    %2 = wave.mma <f32_32x32x16_bf16> %b, %b, %acc16 : vector<8xbf16>, vector<8xbf16> -> vector<16xf32>
    // CHECK: wave.mma <f32_16x16x32_bf16> {{.*}} : vector<8xbf16>, vector<8xbf16> -> vector<4xf32>
    %3 = wave.mma <f32_16x16x32_bf16> %b, %b, %acc4 : vector<8xbf16>, vector<8xbf16> -> vector<4xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @collectives
  gpu.func @collectives(%x: f32, %n: i32) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    // CHECK: wave.reduce <add> %{{.*}} : f32
    %r0 = wave.reduce <add> %x : f32
    // CHECK: wave.reduce <mul> %{{.*}} : f32
    %r1 = wave.reduce <mul> %x : f32
    // CHECK: wave.reduce <min> %{{.*}} : f32
    %r2 = wave.reduce <min> %x : f32
    // CHECK: wave.reduce <max> %{{.*}} : i32
    %r3 = wave.reduce <max> %n : i32
    // CHECK: wave.reduce <and> %{{.*}} : i32
    %r4 = wave.reduce <and> %n : i32
    // CHECK: wave.reduce <or> %{{.*}} : i32
    %r5 = wave.reduce <or> %n : i32
    // CHECK: wave.reduce <xor> %{{.*}} : i32
    %r6 = wave.reduce <xor> %n : i32
    // CHECK: wave.reduce <max> %{{.*}} cluster(size = 2) : f32
    %c0 = wave.reduce <max> %x cluster(size = 2) : f32
    // CHECK: wave.reduce <add> %{{.*}} cluster(size = 16) : i32
    %c1 = wave.reduce <add> %n cluster(size = 16) : i32
    // A cluster of the whole wave of 32.
    // CHECK: wave.reduce <min> %{{.*}} cluster(size = 32) : f32
    %c2 = wave.reduce <min> %x cluster(size = 32) : f32
    // CHECK: wave.scan <add> %{{.*}} : f32
    %s0 = wave.scan <add> %x : f32
    // CHECK: wave.scan <add> %{{.*}} exclusive : i32
    %s1 = wave.scan <add> %n exclusive : i32
    // CHECK: wave.broadcast %{{.*}}, lane 31 : f32
    %b = wave.broadcast %x, lane 31 : f32
    // CHECK: wave.shuffle <idx> %{{.*}}, %{{.*}} : f32
    %sh0 = wave.shuffle <idx> %x, %n : f32
    // CHECK: wave.shuffle <up> %{{.*}}, %{{.*}} : f32
    %sh1 = wave.shuffle <up> %x, %n : f32
    // CHECK: wave.shuffle <down> %{{.*}}, %{{.*}} : i32
    %sh2 = wave.shuffle <down> %n, %n : i32
    // CHECK: wave.shuffle <xor> %{{.*}}, %{{.*}} : f32
    %sh3 = wave.shuffle <xor> %x, %n : f32
    %p = arith.cmpf ogt, %x, %r0 : f32
    // CHECK: wave.ballot %{{.*}} : i32
    %bal = wave.ballot %p : i32
    // CHECK: wave.any %{{.*}}
    %any = wave.any %p
    // CHECK: wave.all %{{.*}}
    %all = wave.all %p
    gpu.return
  }

  // CHECK-LABEL: gpu.func @with_reference
  // CHECK-SAME: wave.reference = @reference
  gpu.func @with_reference(%x: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx90a", wave_size = 64>,
                  wave.reference = @reference} {
    gpu.return
  }
  gpu.func @reference(%x: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    gpu.return
  }
}

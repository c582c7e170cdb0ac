// gfx950's f8f6f4 MMA kinds with fp4 (E2M1) operands compile to
// v_mfma_f32_{32x32x64,16x16x128}_f8f6f4 with format code 4 (cbsz:4 blgp:4),
// the 32 elements of each operand in 4 registers; their scaled forms to
// v_mfma_scale_f32_*_f8f6f4 with each lane's E8M0 scales of A and B in a
// register (byte 0: no op_sel; a scale taken out of a longer vector is read
// in place, op_sel naming its byte). The operands are read as bytes, two fp4
// elements a byte, and bit cast in registers.
// RUN: wave-compile %s --chip=gfx950 --emit=asm -o - | FileCheck %s

gpu.module @mma_mxfp4_gfx950 {
  // CHECK-LABEL: f32_32x32x64_f4E2M1FN:
  // CHECK: v_mfma_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}] cbsz:4 blgp:4{{$}}
  gpu.func @f32_32x32x64_f4E2M1FN(%a: memref<64x16xi8>, %b: memref<64x16xi8>, %c: memref<64x16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %va = vector.bitcast %ba : vector<16xi8> to vector<32xf4E2M1FN>
    %vb = vector.bitcast %bb : vector<16xi8> to vector<32xf4E2M1FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %vd = wave.mma <f32_32x32x64_f4E2M1FN> %va, %vb, %vc
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f4E2M1FN:
  // CHECK: v_mfma_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}] cbsz:4 blgp:4{{$}}
  gpu.func @f32_16x16x128_f4E2M1FN(%a: memref<64x16xi8>, %b: memref<64x16xi8>, %c: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %va = vector.bitcast %ba : vector<16xi8> to vector<32xf4E2M1FN>
    %vb = vector.bitcast %bb : vector<16xi8> to vector<32xf4E2M1FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %vd = wave.mma <f32_16x16x128_f4E2M1FN> %va, %vb, %vc
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_32x32x64_f4E2M1FN_scaled:
  // CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] cbsz:4 blgp:4{{$}}
  gpu.func @f32_32x32x64_f4E2M1FN_scaled(%a: memref<64x16xi8>, %b: memref<64x16xi8>, %c: memref<64x16xf32>, %s: memref<64x2xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %va = vector.bitcast %ba : vector<16xi8> to vector<32xf4E2M1FN>
    %vb = vector.bitcast %bb : vector<16xi8> to vector<32xf4E2M1FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %c1 = arith.constant 1 : index
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }

  // CHECK-LABEL: f32_16x16x128_f4E2M1FN_scaled:
  // CHECK: v_mfma_scale_f32_16x16x128_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] cbsz:4 blgp:4{{$}}
  gpu.func @f32_16x16x128_f4E2M1FN_scaled(%a: memref<64x16xi8>, %b: memref<64x16xi8>, %c: memref<64x4xf32>, %s: memref<64x2xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %va = vector.bitcast %ba : vector<16xi8> to vector<32xf4E2M1FN>
    %vb = vector.bitcast %bb : vector<16xi8> to vector<32xf4E2M1FN>
    %vc = wave.read %c[%l, %c0] : memref<64x4xf32> -> vector<4xf32>
    %c1 = arith.constant 1 : index
    %sa = wave.read %s[%l, %c0] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %sb = wave.read %s[%l, %c1] : memref<64x2xf8E8M0FNU> -> vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_16x16x128_f4E2M1FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<4xf32>
    wave.write %vd, %c[%l, %c0] : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // Scales sliced out of a vector of 8 (several K blocks read at once): the
  // instruction reads byte 2 of A's second group of 4 and byte 1 of B's
  // first (op_sel picks the byte), with no instruction moving it to byte 0.
  // CHECK-LABEL: f32_32x32x64_f4E2M1FN_sliced_scales:
  // CHECK-NOT: v_lshrrev
  // CHECK-NOT: v_bfe_u32
  // CHECK-NOT: v_and_b32
  // CHECK: v_mfma_scale_f32_32x32x64_f8f6f4 {{[av]}}[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], {{[av]}}[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}} op_sel:[0,1,0] op_sel_hi:[1,0,0] cbsz:4 blgp:4{{$}}
  gpu.func @f32_32x32x64_f4E2M1FN_sliced_scales(%a: memref<64x16xi8>, %b: memref<64x16xi8>, %c: memref<64x16xf32>, %s: memref<64x8xf8E8M0FNU>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx950", wave_size = 64>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %ba = wave.read %a[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %bb = wave.read %b[%l, %c0] : memref<64x16xi8> -> vector<16xi8>
    %va = vector.bitcast %ba : vector<16xi8> to vector<32xf4E2M1FN>
    %vb = vector.bitcast %bb : vector<16xi8> to vector<32xf4E2M1FN>
    %vc = wave.read %c[%l, %c0] : memref<64x16xf32> -> vector<16xf32>
    %s8 = wave.read %s[%l, %c0] : memref<64x8xf8E8M0FNU> -> vector<8xf8E8M0FNU>
    %sa = vector.extract_strided_slice %s8 {offsets = [6], sizes = [1], strides = [1]} : vector<8xf8E8M0FNU> to vector<1xf8E8M0FNU>
    %sb = vector.extract_strided_slice %s8 {offsets = [1], sizes = [1], strides = [1]} : vector<8xf8E8M0FNU> to vector<1xf8E8M0FNU>
    %vd = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %va, %vb, %vc scales %sa, %sb
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    wave.write %vd, %c[%l, %c0] : vector<16xf32>, memref<64x16xf32>
    gpu.return
  }
}

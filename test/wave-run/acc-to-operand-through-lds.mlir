// A chained product whose accumulator is the A operand of the next MMA:
// S = Q K^T (32 queries x 32 keys a wave), then O = f16(S) V. A lane of an
// accumulator holds one column (key) of S, an A fragment a row (query): the
// conversion goes through LDS (wave-expand-fragments: a 32x32 f16 block a
// wave, a barrier after the writes and after the reads). Two waves, each its
// own 32 queries.
// RUN: wave-run %s | FileCheck %s
// RUN: wave-run %s --compare-pipeline=wave-optimize | FileCheck %s --check-prefix=OPT
// RUN: wave-opt %s --wave-expand-fragments --mlir-print-local-scope 2>&1 | FileCheck %s --check-prefix=EXPAND
// RUN: wave-compile %s --chip=gfx942 -O2 --emit=asm -o - 2>/dev/null | FileCheck %s --check-prefix=ASM
// CHECK: comparing @chained_lds with @chained_lds_ref
// CHECK-NEXT: output 'O' (64x32xf32): agrees
// CHECK-NEXT: PASS
// OPT: output 'O' (64x32xf32): agrees (max abs error 0, max rel error 0)
// EXPAND: remark: accumulator of f32_32x32x8_f16 converted to 4 A fragments of f32_32x32x8_f16 through LDS (4096 bytes, a block a wave): lanes need other lanes' elements
// EXPAND: wave.alloc_lds : memref<64x32xf16, #gpu.address_space<workgroup>>
// EXPAND: %[[P:.*]] = arith.truncf %{{.*}} : vector<16xf32> to vector<16xf16>
// EXPAND-COUNT-4: wave.write {{.*}} : vector<4xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
// EXPAND-NEXT: wave.barrier
// EXPAND-COUNT-4: wave.read {{.*}} : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// EXPAND: wave.barrier
// EXPAND-NOT: wave.acc_to_operand
// One barrier stays after wave-optimize (the one after the reads orders nothing).
// ASM-COUNT-1: s_barrier
// ASM-NOT: s_barrier
#k = #wave.kernel<chip = "gfx942", wave_size = 64>
!frag = vector<4xf16>
!acc = vector<16xf32>
gpu.module @chained_lds {
  gpu.func @chained_lds(%Q: memref<64x8xf16>, %K: memref<32x8xf16>,
                        %V: memref<32x32xf16>, %O: memref<64x32xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k,
                  wave.reference = @chained_lds_ref} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant dense<0.0> : !acc
    %w = gpu.subgroup_id : index
    %q = wave.read %Q[%w, %c0] fragment <A, f32_32x32x8_f16> : memref<64x8xf16> -> !frag
    %kt = wave.read %K[%c0, %c0] fragment <B, f32_32x32x8_f16, transposed> : memref<32x8xf16> -> !frag
    %s = wave.mma <f32_32x32x8_f16> %q, %kt, %zero : !frag, !frag -> !acc
    %p:4 = wave.acc_to_operand %s fragment <acc, f32_32x32x8_f16> to <A, f32_32x32x8_f16>
        : !acc -> !frag, !frag, !frag, !frag
    %v0 = wave.read %V[%c0, %c0] fragment <B, f32_32x32x8_f16> : memref<32x32xf16> -> !frag
    %v1 = wave.read %V[%c1, %c0] fragment <B, f32_32x32x8_f16> : memref<32x32xf16> -> !frag
    %v2 = wave.read %V[%c2, %c0] fragment <B, f32_32x32x8_f16> : memref<32x32xf16> -> !frag
    %v3 = wave.read %V[%c3, %c0] fragment <B, f32_32x32x8_f16> : memref<32x32xf16> -> !frag
    %o0 = wave.mma <f32_32x32x8_f16> %p#0, %v0, %zero : !frag, !frag -> !acc
    %o1 = wave.mma <f32_32x32x8_f16> %p#1, %v1, %o0 : !frag, !frag -> !acc
    %o2 = wave.mma <f32_32x32x8_f16> %p#2, %v2, %o1 : !frag, !frag -> !acc
    %o3 = wave.mma <f32_32x32x8_f16> %p#3, %v3, %o2 : !frag, !frag -> !acc
    wave.write %o3, %O[%w, %c0] fragment <acc, f32_32x32x8_f16> : !acc, memref<64x32xf32>
    gpu.return
  }

  gpu.func @chained_lds_ref(%Q: memref<64x8xf16>, %K: memref<32x8xf16>,
                            %V: memref<32x32xf16>, %O: memref<64x32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  known_grid_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %d = gpu.thread_id x
    %row = gpu.block_id x
    %out = scf.for %key = %c0 to %c32 step %c1 iter_args(%o = %zero) -> (f32) {
      %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
        %a = memref.load %Q[%row, %i] : memref<64x8xf16>
        %b = memref.load %K[%key, %i] : memref<32x8xf16>
        %a32 = arith.extf %a : f16 to f32
        %b32 = arith.extf %b : f16 to f32
        %prod = arith.mulf %a32, %b32 : f32
        %next = arith.addf %acc, %prod : f32
        scf.yield %next : f32
      }
      %p = arith.truncf %s : f32 to f16
      %p32 = arith.extf %p : f16 to f32
      %v = memref.load %V[%key, %d] : memref<32x32xf16>
      %v32 = arith.extf %v : f16 to f32
      %pv = arith.mulf %p32, %v32 : f32
      %next = arith.addf %o, %pv : f32
      scf.yield %next : f32
    }
    memref.store %out, %O[%row, %d] : memref<64x32xf32>
    gpu.return
  }
}

// The instructions the examples exist to produce.
// Two elements a lane load with global_load_dwordx2, as hipcc's add2 does
// (-O2); at -O3 wave-coarsen-lanes gives each lane four: global_load_dwordx4.
// RUN: wave-compile %examples/add2.mlir --chip=gfx942 -O2 -o %t.add2
// RUN: llvm-objdump -d %t.add2 | FileCheck %s --check-prefix=ADD2
// ADD2-LABEL: <add2>:
// ADD2: global_load_dwordx2
// ADD2: global_load_dwordx2
// ADD2: global_store_dwordx2
// ADD2: s_endpgm
// RUN: wave-compile %examples/add2.mlir --chip=gfx942 -o %t.add2-O3 2>/dev/null
// RUN: llvm-objdump -d %t.add2-O3 | FileCheck %s --check-prefix=ADD2-O3
// ADD2-O3-LABEL: <add2>:
// ADD2-O3: global_load_dwordx4
// ADD2-O3: global_load_dwordx4
// ADD2-O3: global_store_dwordx4
// ADD2-O3: s_endpgm

// Four elements a lane: global_load_dwordx4, streaming (nt).
// RUN: wave-compile %examples/copy.mlir --chip=gfx942 -o %t.copy
// RUN: llvm-objdump -d %t.copy | FileCheck %s --check-prefix=COPY
// COPY-LABEL: <copy>:
// COPY: global_load_dwordx4 {{.*}} nt
// COPY: global_store_dwordx4

// The matrix product: MFMA, operands read from LDS, barriers around the
// staging.
// RUN: wave-compile %examples/gemm.mlir --chip=gfx942 -o %t.gemm
// RUN: llvm-objdump -d %t.gemm | FileCheck %s --check-prefix=GEMM
// GEMM-LABEL: <gemm>:
// GEMM: ds_write
// GEMM: s_barrier
// GEMM: ds_read
// GEMM: v_mfma_f32_32x32x8_f16
// GEMM: s_barrier
// GEMM-LABEL: <gemm_ref>:
// The A tile is swizzled by wave-optimize-lds-layout in groups of 16
// bytes: each lane's 16 bytes go in as one ds_write_b128 and its MFMA
// operands of two K steps come out as one ds_read_b128 (the operand reads
// are packed by wave-expand-fragments); the unpadded B tile keeps
// ds_write_b128 and its column reads ds_read_u16. No narrower A access is
// left.
// RUN: llvm-objdump -d %t.gemm | FileCheck %s --check-prefix=GEMM-LDS
// GEMM-LDS-LABEL: <gemm>:
// GEMM-LDS-NOT: ds_write_b64
// GEMM-LDS-NOT: ds_read_b64
// GEMM-LDS: ds_write_b128
// GEMM-LDS: ds_write_b128
// GEMM-LDS: s_barrier
// GEMM-LDS: ds_read_b128
// GEMM-LDS: ds_read_u16
// GEMM-LDS: v_mfma_f32_32x32x8_f16
// GEMM-LDS-NOT: ds_write_b64
// GEMM-LDS-NOT: ds_read_b64
// GEMM-LDS-LABEL: <gemm_ref>:

// A barrier is s_barrier, after the LDS writes it orders have completed
// (with more than one wave a workgroup: for a single wave the backend drops
// it).
// RUN: wave-compile %s --chip=gfx942 -o %t.barrier
// RUN: llvm-objdump -d %t.barrier | FileCheck %s --check-prefix=BARRIER
// BARRIER-LABEL: <exchange>:
// BARRIER: ds_write
// BARRIER: s_waitcnt lgkmcnt(0)
// BARRIER-NEXT: s_barrier
// BARRIER: ds_read
#lds = #gpu.address_space<workgroup>
gpu.module @exchange {
  gpu.func @exchange(%a: memref<256xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %tid = gpu.thread_id x
    %tile = wave.alloc_lds : memref<256xf32, #lds>
    %v = wave.read %a[%tid] : memref<256xf32> -> vector<1xf32>
    wave.write %v, %tile[%tid] : vector<1xf32>, memref<256xf32, #lds>
    wave.barrier
    %w = wave.read %tile[%tid] map affine_map<(d0) -> (255 - d0)> : memref<256xf32, #lds> -> vector<1xf32>
    wave.write %w, %a[%tid] : vector<1xf32>, memref<256xf32>
    gpu.return
  }
}

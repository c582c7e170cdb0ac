// Reads of LDS that no lane of the workgroup has written. LDS starts
// undefined in every workgroup, so a value written by the previous workgroup
// does not count.

// RUN: not wave-run %s --kernel=never_written 2>&1 | FileCheck %s --check-prefix=NEVER
// RUN: not wave-run %s --kernel=next_workgroup 2>&1 | FileCheck %s --check-prefix=NEXT
// RUN: not wave-run %s --kernel=later_write 2>&1 | FileCheck %s --check-prefix=LATER
// RUN: wave-run %s --kernel=masked_read | FileCheck %s --check-prefix=OK

#lds = #gpu.address_space<workgroup>
#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @unwritten {
  // Lanes write the first 32 elements; lane l reads element l.
  gpu.func @never_written(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<64xf32, #lds>
    %l = gpu.thread_id x
    %c32 = arith.constant 32 : index
    %one = arith.constant dense<1.0> : vector<1xf32>
    %low = arith.cmpi ult, %l, %c32 : index
    scf.if %low {
      wave.write %one, %buf[%l] : vector<1xf32>, memref<64xf32, #lds>
    }
    wave.barrier
    // NEVER: :[[@LINE+1]]:10: error: read of LDS never written: thread (32, 0, 0) of workgroup (0, 0, 0) reads the LDS tile at [32] before any lane of the workgroup wrote it
    %v = wave.read %buf[%l] : memref<64xf32, #lds> -> vector<1xf32>
    // NEVER: :[[@LINE-11]]:12: note: the LDS tile is allocated here
    wave.write %v, %out[%l] : vector<1xf32>, memref<64xf32>
    gpu.return
  }

  // Workgroup 0 writes the tile; workgroup 1 only reads it.
  gpu.func @next_workgroup(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 2, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<64xf32, #lds>
    %l = gpu.thread_id x
    %wg = gpu.block_id x
    %c0 = arith.constant 0 : index
    %one = arith.constant dense<1.0> : vector<1xf32>
    %first = arith.cmpi eq, %wg, %c0 : index
    scf.if %first {
      wave.write %one, %buf[%l] : vector<1xf32>, memref<64xf32, #lds>
    }
    wave.barrier
    // NEXT: :[[@LINE+1]]:10: error: read of LDS never written: thread (0, 0, 0) of workgroup (1, 0, 0) reads the LDS tile at [0]
    %v = wave.read %buf[%l] : memref<64xf32, #lds> -> vector<1xf32>
    wave.write %v, %out[%l] : vector<1xf32>, memref<64xf32>
    gpu.return
  }

  // Wave 0 reads elements wave 1 writes later, with no barrier: a race, not
  // a read of LDS never written.
  gpu.func @later_write(%out: memref<128xf32>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<128xf32, #lds>
    %l = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %one = arith.constant dense<1.0> : vector<1xf32>
    %first = arith.cmpi ult, %l, %c64 : index
    scf.if %first {
      %v = wave.read %buf[%l] map affine_map<(l) -> (l + 64)>
          : memref<128xf32, #lds> -> vector<1xf32>
      wave.write %v, %out[%l] : vector<1xf32>, memref<128xf32>
    } else {
      // LATER: :[[@LINE+1]]:7: error: LDS data race on the LDS tile at [64]: thread (64, 0, 0) of workgroup (0, 0, 0) writes it while thread (0, 0, 0) of workgroup (0, 0, 0) read it with no barrier in between
      wave.write %one, %buf[%l] : vector<1xf32>, memref<128xf32, #lds>
    }
    gpu.return
  }

  // Masked-off elements are not read.
  gpu.func @masked_read(%out: memref<64x2xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %buf = wave.alloc_lds : memref<64x2xf32, #lds>
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %one = arith.constant dense<1.0> : vector<1xf32>
    %first = arith.constant dense<[true, false]> : vector<2xi1>
    wave.write %one, %buf[%l, %c0] : vector<1xf32>, memref<64x2xf32, #lds>
    %v = wave.read %buf[%l, %c0] mask %first : vector<2xi1>
        : memref<64x2xf32, #lds> -> vector<2xf32>
    wave.write %v, %out[%l, %c0] : vector<2xf32>, memref<64x2xf32>
    gpu.return
  }
}

// OK: ran on 1x1x1 workgroups with no error

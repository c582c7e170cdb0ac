// Staged reads whose values are rearranged in registers before their LDS
// writes (here a transposition by vector.shuffle: lane t reads 4 rows of 8
// columns and writes each column's 4 rows as one row of the tile) are
// pipelined in registers like plain copies: the reads move one iteration
// ahead and the loop carries their values; the shuffles and writes stay.
// RUN: wave-opt %s --wave-pipeline-loops --verify-diagnostics --mlir-print-local-scope | FileCheck %s
// LDS buffers stage copies as they are only: under buffer=lds these loops
// are pipelined in registers all the same, as the remark and the statistic
// say.
// RUN: wave-opt %s --wave-pipeline-loops=buffer=lds -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDS
// RUN: wave-opt %s --wave-pipeline-loops="buffer=lds summary=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDS-SUMMARY
// RUN: wave-run %s --kernel=transposed --compare-pipeline="builtin.module(wave-pipeline-loops{buffer=lds},wave-insert-barriers)" 2>/dev/null | FileCheck %s --check-prefix=SAME-LDS
// Both kernels compute what they computed before, in 2 and 3 stages and
// with the epilogue peeled.
// RUN: for k in transposed also_used; do for o in "" "{stages=3}" "{peel-epilogue=true}"; do wave-run %s --kernel=$k --compare-pipeline="builtin.module(wave-pipeline-loops$o,wave-insert-barriers)" 2>/dev/null; done; done | FileCheck %s --check-prefix=SAME
// SAME-COUNT-6: PASS

// LDS: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: a staged read reaches its LDS writes through a rearrangement in registers, which LDS buffers do not stage): 4 global reads issued 1 iteration ahead
// LDS: remark: wave-pipeline-loops: pipelined with 2 stages in registers (not LDS buffers: a staged read reaches its LDS writes through a rearrangement in registers, which LDS buffers do not stage): 4 global reads (1 feeding the body's computation) issued 1 iteration ahead
// LDS-SUMMARY: loops-pipelined: 2, {{.*}}in-registers-instead: 2
// SAME-LDS: agrees (max abs error 0, max rel error 0)
// SAME-LDS-NEXT: PASS

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#lds = #gpu.address_space<workgroup>
// Lane t reads 8 columns of 4 consecutive rows (4 16-byte reads) and
// writes them transposed: column j's 4 rows are row t * 8 + j of the tile.
#rows = affine_map<(k, r, t) -> (k * 4 + r, t * 8)>
#column = affine_map<(j, t) -> (t * 8 + j, 0)>
// Step k reads the column k of lane t + 1's block.
#neighbour = affine_map<(k, t) -> (((t + 1) mod 64) * 8 + k, 0)>
#out = affine_map<(t) -> (t, 0)>

gpu.module @rearranged {
  // CHECK-LABEL: gpu.func @transposed
  // Prologue: iteration 0's four reads.
  // CHECK-COUNT-4: wave.read %in
  // CHECK: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[R0:.*]] = %{{.*}}, %[[R1:.*]] = %{{.*}}, %[[R2:.*]] = %{{.*}}, %[[R3:.*]] = %{{.*}}) -> (vector<4xf32>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>)
  // The transposition of the carried rows, then the reads ahead after the
  // last LDS write.
  // CHECK: %[[AB:.*]] = vector.shuffle %[[R0]], %[[R1]]
  // CHECK-NEXT: %[[CD:.*]] = vector.shuffle %[[R2]], %[[R3]]
  // CHECK-COUNT-8: wave.write
  // CHECK: %[[N0:.*]] = wave.read %in
  // CHECK-NEXT: %[[N1:.*]] = wave.read %in
  // CHECK-NEXT: %[[N2:.*]] = wave.read %in
  // CHECK-NEXT: %[[N3:.*]] = wave.read %in
  // CHECK-NEXT: wave.barrier
  // CHECK: scf.yield %{{.*}}, %[[N0]], %[[N1]], %[[N2]], %[[N3]] :
  gpu.func @transposed(%in: memref<32x512xf16>, %out: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<512x4xf16, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %t = gpu.thread_id x
    %zero = arith.constant dense<0.0> : vector<4xf32>
    // expected-remark @below {{wave-pipeline-loops: pipelined with 2 stages in registers: 4 global reads issued 1 iteration ahead (23 + 16 prefetched VGPRs of the budget of 128, 4096 bytes of LDS, at occupancy 4 (reached before pipelining) on gfx942); no epilogue: the reads ahead of the last iteration are clamped to it}}
    %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %r0 = wave.read %in[%k, %c0, %t] map #rows : memref<32x512xf16> -> vector<8xf16>
      %r1 = wave.read %in[%k, %c1, %t] map #rows : memref<32x512xf16> -> vector<8xf16>
      %r2 = wave.read %in[%k, %c2, %t] map #rows : memref<32x512xf16> -> vector<8xf16>
      %r3 = wave.read %in[%k, %c3, %t] map #rows : memref<32x512xf16> -> vector<8xf16>
      %ab = vector.shuffle %r0, %r1 [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xf16>, vector<8xf16>
      %cd = vector.shuffle %r2, %r3 [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xf16>, vector<8xf16>
      %col0 = vector.shuffle %ab, %cd [0, 1, 16, 17] : vector<16xf16>, vector<16xf16>
      wave.write %col0, %tile[%c0, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col1 = vector.shuffle %ab, %cd [2, 3, 18, 19] : vector<16xf16>, vector<16xf16>
      wave.write %col1, %tile[%c1, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col2 = vector.shuffle %ab, %cd [4, 5, 20, 21] : vector<16xf16>, vector<16xf16>
      wave.write %col2, %tile[%c2, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col3 = vector.shuffle %ab, %cd [6, 7, 22, 23] : vector<16xf16>, vector<16xf16>
      wave.write %col3, %tile[%c3, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col4 = vector.shuffle %ab, %cd [8, 9, 24, 25] : vector<16xf16>, vector<16xf16>
      wave.write %col4, %tile[%c4, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col5 = vector.shuffle %ab, %cd [10, 11, 26, 27] : vector<16xf16>, vector<16xf16>
      wave.write %col5, %tile[%c5, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col6 = vector.shuffle %ab, %cd [12, 13, 28, 29] : vector<16xf16>, vector<16xf16>
      wave.write %col6, %tile[%c6, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col7 = vector.shuffle %ab, %cd [14, 15, 30, 31] : vector<16xf16>, vector<16xf16>
      wave.write %col7, %tile[%c7, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      wave.barrier
      %x = wave.read %tile[%k, %t] map #neighbour : memref<512x4xf16, #lds> -> vector<4xf16>
      %xf = arith.extf %x : vector<4xf16> to vector<4xf32>
      %s = arith.addf %acc, %xf : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %sum, %out[%t] map #out : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }

  // A read whose value also reaches another op than the staging (here the
  // accumulator) is not staged, but in registers it is issued ahead as well,
  // as a read feeding the computation: the loop carries all four, and both
  // the rearrangement and the accumulation take the carried one.
  // CHECK-LABEL: gpu.func @also_used
  // CHECK-COUNT-4: wave.read %in
  // CHECK: scf.for %{{.*}} iter_args(%{{.*}}, %[[S0:.*]] = %{{.*}}, %[[S1:.*]] = %{{.*}}, %[[S2:.*]] = %{{.*}}, %[[S3:.*]] = %{{.*}}) -> (vector<4xf32>, vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>)
  // CHECK: vector.shuffle %[[S0]], %[[S1]]
  // CHECK-NEXT: vector.shuffle %[[S2]], %[[S3]]
  // CHECK-COUNT-4: wave.read %in
  // CHECK: wave.barrier
  // CHECK: vector.extract_strided_slice %[[S3]]
  gpu.func @also_used(%in: memref<32x512xf16>, %out: memref<64x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<512x4xf16, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %t = gpu.thread_id x
    %zero = arith.constant dense<0.0> : vector<4xf32>
    // expected-remark @below {{wave-pipeline-loops: pipelined with 2 stages in registers: 4 global reads (1 feeding the body's computation) issued 1 iteration ahead (27 + 16 prefetched VGPRs of the budget of 128, 4096 bytes of LDS, at occupancy 4 (reached before pipelining) on gfx942); no epilogue: the reads ahead of the last iteration are clamped to it}}
    %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
      %r0 = wave.read %in[%k, %c0, %t] map #rows : memref<32x512xf16> -> vector<8xf16>
      %r1 = wave.read %in[%k, %c1, %t] map #rows : memref<32x512xf16> -> vector<8xf16>
      %r2 = wave.read %in[%k, %c2, %t] map #rows : memref<32x512xf16> -> vector<8xf16>
      %r3 = wave.read %in[%k, %c3, %t] map #rows : memref<32x512xf16> -> vector<8xf16>
      %ab = vector.shuffle %r0, %r1 [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xf16>, vector<8xf16>
      %cd = vector.shuffle %r2, %r3 [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xf16>, vector<8xf16>
      %col0 = vector.shuffle %ab, %cd [0, 1, 16, 17] : vector<16xf16>, vector<16xf16>
      wave.write %col0, %tile[%c0, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col1 = vector.shuffle %ab, %cd [2, 3, 18, 19] : vector<16xf16>, vector<16xf16>
      wave.write %col1, %tile[%c1, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col2 = vector.shuffle %ab, %cd [4, 5, 20, 21] : vector<16xf16>, vector<16xf16>
      wave.write %col2, %tile[%c2, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col3 = vector.shuffle %ab, %cd [6, 7, 22, 23] : vector<16xf16>, vector<16xf16>
      wave.write %col3, %tile[%c3, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col4 = vector.shuffle %ab, %cd [8, 9, 24, 25] : vector<16xf16>, vector<16xf16>
      wave.write %col4, %tile[%c4, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col5 = vector.shuffle %ab, %cd [10, 11, 26, 27] : vector<16xf16>, vector<16xf16>
      wave.write %col5, %tile[%c5, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col6 = vector.shuffle %ab, %cd [12, 13, 28, 29] : vector<16xf16>, vector<16xf16>
      wave.write %col6, %tile[%c6, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      %col7 = vector.shuffle %ab, %cd [14, 15, 30, 31] : vector<16xf16>, vector<16xf16>
      wave.write %col7, %tile[%c7, %t] map #column : vector<4xf16>, memref<512x4xf16, #lds>
      wave.barrier
      %x = wave.read %tile[%k, %t] map #neighbour : memref<512x4xf16, #lds> -> vector<4xf16>
      %xf = arith.extf %x : vector<4xf16> to vector<4xf32>
      %own = vector.extract_strided_slice %r3 {offsets = [0], sizes = [4], strides = [1]} : vector<8xf16> to vector<4xf16>
      %ownf = arith.extf %own : vector<4xf16> to vector<4xf32>
      %both = arith.addf %xf, %ownf : vector<4xf32>
      %s = arith.addf %acc, %both : vector<4xf32>
      wave.barrier
      scf.yield %s : vector<4xf32>
    }
    wave.write %sum, %out[%t] map #out : vector<4xf32>, memref<64x4xf32>
    gpu.return
  }
}

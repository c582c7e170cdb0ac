# examples/pressure.mlir with a run-time number of rows K: X becomes
# memref<?x32768xf32>, its extent bound to a new index argument K by
# wave.dims, and the K loops of the kernel and its reference run to K.
s/memref<16x32768xf32>/memref<?x32768xf32>/g
s/(%X: memref<?x32768xf32>,/(%X: memref<?x32768xf32> {wave.dims = array<i64: 3>},/
s/%Y: memref<32768xf32>) kernel/%Y: memref<32768xf32>, %K: index) kernel/
s/scf.for %k = %c0 to %c16 step %c1/scf.for %k = %c0 to %K step %c1/

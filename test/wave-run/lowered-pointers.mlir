// The volatile accesses convert-wave-to-amdgpu makes of the `uncached`
// hint: memref.extract_strided_metadata gives a memref's layout in this
// run, memref.extract_aligned_pointer_as_index the address of its storage,
// and llvm.load/llvm.store volatile access the elements at an address made
// from them (through llvm.inttoptr). An address is its memref's storage
// plus a byte offset; an access must lie inside the storage of a kernel
// argument or an LDS tile, on whole elements of its type.
//
// @metadata: X is a 2x3 view with strides [4, 1] at offset 1 of the 9
// i32s of S, 0..8 (X[r][c] = S[4r + c + 1] = 4r + c + 1). M = [offset, sizes, strides] =
// [1, 2, 3, 4, 1]; lane l (0 to 5) loads X[l div 3][l mod 3] through its
// address and stores it 10 times to element l of Y:
//   Y = [10, 20, 30, 50, 60, 70].
// RUN: %python -c "import numpy; numpy.save('%t.x.npy', numpy.arange(9, dtype=numpy.int32))"
// RUN: wave-run %s --kernel=metadata --input=S=%t.x.npy --output-dir=%t.out | FileCheck %s --check-prefix=RAN
// RAN: @metadata ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; m = numpy.load('%t.out/M.npy'); assert list(m) == [1, 2, 3, 4, 1], m"
// RUN: %python -c "import numpy; y = numpy.load('%t.out/Y.npy'); assert list(y) == [10, 20, 30, 50, 60, 70], y"
//
// The lowering of `uncached` reads and writes, static and run-time shapes,
// against the kernel before it.
// RUN: wave-run %s --kernel=uncached --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=COMPARE
// COMPARE: output 'Y' (4x64xf32): agrees (max abs error 0, max rel error 0)
// COMPARE-NEXT: PASS
// RUN: wave-run %s --kernel=uncached_dynamic --scalar=n=10 --compare-pipeline='gpu.module(convert-wave-to-amdgpu)' | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: output 'Y' (10x8xf16): agrees (max abs error 0, max rel error 0)
// DYNAMIC-NEXT: PASS
//
// LDS pointers (address space 3, 32 bits) are byte addresses in the
// workgroup's LDS, where the tiles lie one after the other, 16-byte
// aligned: @lds_slots' tiles of 6 and 4 i32s start at bytes 0 and 32.
// Lane l stores 100 + l through a pointer to element l of the second tile
// and, after the barrier, reads element 3 - l with memref.load:
//   A = [32, 32, 32, 32], Z = [103, 102, 101, 100].
// RUN: wave-run %s --kernel=lds_slots --output-dir=%t.lds | FileCheck %s --check-prefix=LDS
// LDS: @lds_slots ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; a = numpy.load('%t.lds/A.npy'); z = numpy.load('%t.lds/Z.npy'); assert list(a) == [32] * 4 and list(z) == [103, 102, 101, 100], (a, z)"
// Elements narrower than a byte take one in LDS, as LLVM stores them:
// @lds_narrow's tile of 40 fp4 elements spans 40 bytes, so the next starts
// at byte 48.
// RUN: wave-run %s --kernel=lds_narrow --output-dir=%t.narrow | FileCheck %s --check-prefix=NARROW
// NARROW: @lds_narrow ran on 1x1x1 workgroups with no error
// RUN: %python -c "import numpy; a = numpy.load('%t.narrow/A.npy'); assert list(a) == [48], a"
// The race detector sees LDS pointer accesses.
// RUN: not wave-run %s --kernel=lds_race 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: LDS data race on workgroup attribution #0 at [0]: thread (1, 0, 0) of workgroup (0, 0, 0) writes it while thread (0, 0, 0) of workgroup (0, 0, 0) wrote it with no barrier in between
// The register budget's LDS spill slots, lowered to volatile LDS accesses
// by wave-to-upstream, at an occupancy that makes pressure.mlir spill.
// RUN: wave-opt %examples/pressure.mlir --pass-pipeline='builtin.module(wave-to-upstream{occupancy=8})' 2>/dev/null | FileCheck %s --check-prefix=SPILLS
// SPILLS: llvm.store volatile {{.*}} !llvm.ptr<3>
// RUN: wave-run %examples/pressure.mlir --compare-pipeline='wave-to-upstream{occupancy=8}' 2>/dev/null | FileCheck %s --check-prefix=SPILLED
// SPILLED: output 'Y' (32768xf32): agrees (max abs error 0, max rel error 0)
// SPILLED-NEXT: PASS
//
// RUN: not wave-run %s --kernel=past_storage 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: error: llvm.load by thread (3, 0, 0) of workgroup (0, 0, 0) of elements 9 to 9 of argument 'X', which holds 9 elements
// RUN: not wave-run %s --kernel=misaligned 2>&1 | FileCheck %s --check-prefix=MISALIGNED
// MISALIGNED: error: llvm.store by thread (0, 0, 0) of workgroup (0, 0, 0) of i32 at byte 2 of argument 'X', whose elements are i32
// RUN: not wave-run %s --kernel=no_memref 2>&1 | FileCheck %s --check-prefix=NOWHERE
// NOWHERE: error: llvm.load by thread (0, 0, 0) of workgroup (0, 0, 0) through address 64, which points into no kernel argument

gpu.module @pointers {
  gpu.func @metadata(%S: memref<9xi32>, %Y: memref<6xi32>, %M: memref<5xindex>) kernel
      attributes {known_block_size = array<i32: 6, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %X = memref.reinterpret_cast %S to offset: [1], sizes: [2, 3], strides: [4, 1]
        : memref<9xi32> to memref<2x3xi32, strided<[4, 1], offset: 1>>
    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %X
        : memref<2x3xi32, strided<[4, 1], offset: 1>> -> memref<i32>, index, index, index, index, index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    memref.store %offset, %M[%c0] : memref<5xindex>
    memref.store %sizes#0, %M[%c1] : memref<5xindex>
    memref.store %sizes#1, %M[%c2] : memref<5xindex>
    memref.store %strides#0, %M[%c3] : memref<5xindex>
    memref.store %strides#1, %M[%c4] : memref<5xindex>
    %r = arith.divui %l, %c3 : index
    %c = arith.remui %l, %c3 : index
    %rs = arith.muli %r, %strides#0 : index
    %cs = arith.muli %c, %strides#1 : index
    %e0 = arith.addi %offset, %rs : index
    %e = arith.addi %e0, %cs : index
    %bytes = arith.muli %e, %c4 : index
    %start = memref.extract_aligned_pointer_as_index %X : memref<2x3xi32, strided<[4, 1], offset: 1>> -> index
    %at = arith.addi %start, %bytes : index
    %at64 = arith.index_castui %at : index to i64
    %p = llvm.inttoptr %at64 : i64 to !llvm.ptr<1>
    %x = llvm.load volatile %p {alignment = 4 : i64} : !llvm.ptr<1> -> i32
    %ten = arith.constant 10 : i32
    %y = arith.muli %x, %ten : i32
    %ystart = memref.extract_aligned_pointer_as_index %Y : memref<6xi32> -> index
    %lb = arith.muli %l, %c4 : index
    %yat = arith.addi %ystart, %lb : index
    %yat64 = arith.index_castui %yat : index to i64
    %q = llvm.inttoptr %yat64 : i64 to !llvm.ptr<1>
    llvm.store volatile %y, %q {alignment = 4 : i64} : i32, !llvm.ptr<1>
    gpu.return
  }

  gpu.func @uncached(%X: memref<4x64xf32>, %Y: memref<4x64xf32>) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %t = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %x = wave.read %X[%c1, %t] map affine_map<(r, t) -> (r, t * 4)> cache <uncached>
        : memref<4x64xf32> -> vector<4xf32>
    wave.write %x, %Y[%c1, %t] map affine_map<(r, t) -> (r + 2, t * 4)> cache <uncached>
        : vector<4xf32>, memref<4x64xf32>
    gpu.return
  }

  gpu.func @uncached_dynamic(%X: memref<?x8xf16> {wave.dims = array<i64: 2>},
                             %Y: memref<?x8xf16> {wave.dims = array<i64: 2>},
                             %n: index) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %inside = arith.cmpi ult, %t, %n : index
    scf.if %inside {
      %x = wave.read %X[%t] map affine_map<(t) -> (t, 0)> cache <uncached>
          : memref<?x8xf16> -> vector<8xf16>
      wave.write %x, %Y[%t] map affine_map<(t) -> (t, 0)> cache <uncached>
          : vector<8xf16>, memref<?x8xf16>
    }
    gpu.return
  }

  gpu.func @lds_slots(%A: memref<4xindex>, %Z: memref<4xi32>)
      workgroup(%first : memref<6xi32, #gpu.address_space<workgroup>>,
                %second : memref<4xi32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %base = memref.extract_aligned_pointer_as_index %second : memref<4xi32, #gpu.address_space<workgroup>> -> index
    memref.store %base, %A[%l] : memref<4xindex>
    %bytes = arith.muli %l, %c4 : index
    %at = arith.addi %base, %bytes : index
    %at32 = arith.index_castui %at : index to i32
    %p = llvm.inttoptr %at32 : i32 to !llvm.ptr<3>
    %l32 = arith.index_cast %l : index to i32
    %c100 = arith.constant 100 : i32
    %v = arith.addi %l32, %c100 : i32
    llvm.store volatile %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<3>
    gpu.barrier
    %mirror = arith.subi %c3, %l : index
    %z = memref.load %second[%mirror] : memref<4xi32, #gpu.address_space<workgroup>>
    memref.store %z, %Z[%l] : memref<4xi32>
    gpu.return
  }

  gpu.func @lds_narrow(%A: memref<1xindex>)
      workgroup(%fp4 : memref<40xf4E2M1FN, #gpu.address_space<workgroup>>,
                %next : memref<4xi32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %base = memref.extract_aligned_pointer_as_index %next : memref<4xi32, #gpu.address_space<workgroup>> -> index
    memref.store %base, %A[%c0] : memref<1xindex>
    gpu.return
  }

  gpu.func @lds_race() workgroup(%tile : memref<4xi32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 2, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %base = memref.extract_aligned_pointer_as_index %tile : memref<4xi32, #gpu.address_space<workgroup>> -> index
    %at32 = arith.index_castui %base : index to i32
    %p = llvm.inttoptr %at32 : i32 to !llvm.ptr<3>
    %l32 = arith.index_cast %l : index to i32
    llvm.store volatile %l32, %p {alignment = 4 : i64} : i32, !llvm.ptr<3>
    gpu.return
  }

  gpu.func @past_storage(%X: memref<9xi32>) kernel
      attributes {known_block_size = array<i32: 4, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c3 = arith.constant 3 : index
    %c12 = arith.constant 12 : index
    %start = memref.extract_aligned_pointer_as_index %X : memref<9xi32> -> index
    %e = arith.muli %l, %c3 : index
    %bytes = arith.muli %l, %c12 : index
    %at = arith.addi %start, %bytes : index
    %at64 = arith.index_castui %at : index to i64
    %p = llvm.inttoptr %at64 : i64 to !llvm.ptr<1>
    %x = llvm.load volatile %p {alignment = 4 : i64} : !llvm.ptr<1> -> i32
    gpu.return
  }

  gpu.func @misaligned(%X: memref<9xi32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c2 = arith.constant 2 : index
    %start = memref.extract_aligned_pointer_as_index %X : memref<9xi32> -> index
    %at = arith.addi %start, %c2 : index
    %at64 = arith.index_castui %at : index to i64
    %p = llvm.inttoptr %at64 : i64 to !llvm.ptr<1>
    %one = arith.constant 1 : i32
    llvm.store volatile %one, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
    gpu.return
  }

  gpu.func @no_memref(%X: memref<9xi32>) kernel
      attributes {known_block_size = array<i32: 1, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %at = arith.constant 64 : i64
    %p = llvm.inttoptr %at : i64 to !llvm.ptr<1>
    %x = llvm.load volatile %p {alignment = 4 : i64} : !llvm.ptr<1> -> i32
    gpu.return
  }
}

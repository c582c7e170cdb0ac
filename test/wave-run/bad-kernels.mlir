// Kernels that cannot run get an error at a location and a non-zero exit,
// before anything is allocated or looped: never a hang, an abort or a clean
// run with made-up values.

// An scf.for whose step never ends the loop, for the lanes entering it.
// RUN: not wave-run %s --kernel=step_zero 2>&1 | FileCheck %s --check-prefix=STEP0
// RUN: not wave-run %s --kernel=step_negative 2>&1 | FileCheck %s --check-prefix=STEPNEG
// RUN: wave-run %s --kernel=step_zero_no_trip | FileCheck %s --check-prefix=NOTRIP
// NOTRIP: @step_zero_no_trip ran on 1x1x1 workgroups with no error

// Memory: a memref whose size does not fit 63 bits, one over the limit, LDS
// over the limit, and registers beyond 32-bit offsets.
// RUN: not wave-run %s --kernel=huge_memref 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not wave-run %s --kernel=over_limit --memory-limit=4 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: wave-run %s --kernel=over_limit --memory-limit=17 | FileCheck %s --check-prefix=FITS
// FITS: @over_limit ran on 1x1x1 workgroups with no error
// RUN: not wave-run %s --kernel=lds_over_limit --memory-limit=64 2>&1 | FileCheck %s --check-prefix=LDSLIMIT
// RUN: not wave-run %s --kernel=total_over_limit --memory-limit=24 2>&1 | FileCheck %s --check-prefix=TOTAL
// RUN: not wave-run %s --kernel=huge_vector 2>&1 | FileCheck %s --check-prefix=VECTOR
// A limit given beyond the machine's memory (2^40 MiB) is refused before
// the kernel is looked at.
// RUN: not wave-run %s --kernel=huge_vector --memory-limit=1099511627776 2>&1 | FileCheck %s --check-prefix=PHYSICAL
// PHYSICAL: wave-run: the memory limit of 1099511627776 MiB is more than this machine's {{[0-9]+}} MiB of memory (--memory-limit=MIB){{$}}

// Affine division by a non-positive value: a constant divisor before the
// run, a symbol's at run time.
// RUN: not wave-run %s --kernel=floordiv_constant 2>&1 | FileCheck %s --check-prefix=DIVCST
// The passes' range inference does not divide by such divisors either: the
// kernels stay as they are, and it is wave-run that reports them.
// RUN: wave-opt %s --wave-remove-divergence | FileCheck %s --check-prefix=PASSES
// PASSES: affine_map<(d0) -> (d0 floordiv 0)>
// RUN: not wave-run %s --kernel=mod_symbol 2>&1 | FileCheck %s --check-prefix=DIVSYM

// Launch sizes no workgroup has, on kernels the wave verifier does not see.
// RUN: not wave-run %s --kernel=empty_block 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not wave-run %s --kernel=wide_block 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: not wave-run %s --kernel=uncountable_block 2>&1 | FileCheck %s --check-prefix=UNCOUNTABLE
// RUN: not wave-run %s --kernel=empty_grid 2>&1 | FileCheck %s --check-prefix=GRID

gpu.module @bad {
  gpu.func @step_zero(%out: memref<64xindex>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %l = gpu.thread_id x
    // STEP0: :[[@LINE+1]]:5: error: scf.for step 0 for thread (0, 0, 0) of workgroup (0, 0, 0): the loop would never end; the step must be positive
    scf.for %i = %c0 to %c4 step %c0 {
      memref.store %i, %out[%l] : memref<64xindex>
    }
    gpu.return
  }
  // STEP0: wave-run: @step_zero failed

  gpu.func @step_negative(%out: memref<64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %l = gpu.thread_id x
    %li = arith.index_cast %l : index to i32
    // Lane l steps by l - 1: lane 0 backwards.
    %step = arith.subi %li, %c1 : i32
    // STEPNEG: :[[@LINE+1]]:5: error: scf.for step -1 for thread (0, 0, 0) of workgroup (0, 0, 0): the loop would never end; the step must be positive
    scf.for %i = %c0 to %c4 step %step : i32 {
      memref.store %i, %out[%l] : memref<64xi32>
    }
    gpu.return
  }

  gpu.func @step_zero_no_trip(%out: memref<64xindex>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %l = gpu.thread_id x
    scf.for %i = %c0 to %c0 step %c0 {
      memref.store %i, %out[%l] : memref<64xindex>
    }
    memref.store %l, %out[%l] : memref<64xindex>
    gpu.return
  }

  // HUGE: :[[@LINE+1]]:25: error: the interpreter cannot model argument 'out': memref<4611686018427387904x4xf32> has more elements or addresses than fit in 63 bits
  gpu.func @huge_memref(%out: memref<4611686018427387904x4xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
  // HUGE: wave-run: cannot run @huge_memref

  // 1 Mi elements of 8-byte slots: 8 MiB, once for the run and once for the
  // inputs wave-run keeps.
  // LIMIT: :[[@LINE+1]]:24: error: the interpreter needs 16 MiB for argument 'out' (2 copies: the run's and 1 more that it keeps meanwhile), over its memory limit of 4 MiB
  gpu.func @over_limit(%out: memref<1048576xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }

  gpu.func @lds_over_limit() kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    // 2 Mi elements, each with its slot and race-detector shadow.
    // LDSLIMIT: :[[@LINE+1]]:10: error: the interpreter needs {{[0-9]+}} MiB for the LDS tile, over its memory limit of 64 MiB
    %t = wave.alloc_lds : memref<2097152xf32, #gpu.address_space<workgroup>>
    gpu.return
  }

  // Two arguments of 8 MiB each, twice each, fit alone, not together.
  // TOTAL: :[[@LINE+1]]:3: error: the interpreter needs 32 MiB to run @total_over_limit (0 MiB of them registers, 16 MiB for the copy of the arguments it keeps meanwhile), over its memory limit of 24 MiB
  gpu.func @total_over_limit(%a: memref<1048576xf32>, %b: memref<1048576xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }

  // Vector types are at most 2^20 elements (a longer one is rejected before
  // parsing: test/wave-opt/huge-vector.test); 1024 lanes holding five such
  // values need 40 GiB of registers, which wave-run refuses before it
  // allocates.
  // VECTOR: :[[@LINE+1]]:3: error: the interpreter needs 40961 MiB to run @huge_vector (40960 MiB of them registers, 1 MiB for the copy of the arguments it keeps meanwhile), over its memory limit of 4096 MiB
  gpu.func @huge_vector(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 1024, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %v0 = arith.constant dense<1.0> : vector<1048576xf32>
    %v1 = arith.constant dense<2.0> : vector<1048576xf32>
    %v2 = arith.constant dense<3.0> : vector<1048576xf32>
    %v3 = arith.constant dense<4.0> : vector<1048576xf32>
    %v4 = arith.constant dense<5.0> : vector<1048576xf32>
    gpu.return
  }

  gpu.func @floordiv_constant(%out: memref<64xindex>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    // DIVCST: :[[@LINE+1]]:10: error: affine map divides by 0 in 'd0 floordiv 0'; floordiv, ceildiv and mod need a positive divisor
    %q = affine.apply affine_map<(d0) -> (d0 floordiv 0)>(%l)
    memref.store %q, %out[%l] : memref<64xindex>
    gpu.return
  }

  gpu.func @mod_symbol(%out: memref<64xindex>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %l = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    // Lane l divides by 4 - l: lane 4 is the first to divide by 0.
    %d = arith.subi %c4, %l : index
    // DIVSYM: :[[@LINE+1]]:10: error: affine map divides by 0 for thread (4, 0, 0) of workgroup (0, 0, 0); floordiv, ceildiv and mod need a positive divisor
    %r = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%l)[%d]
    memref.store %r, %out[%l] : memref<64xindex>
    gpu.return
  }

  // EMPTY: :[[@LINE+1]]:3: error: 'known_block_size' extent 0 in dimension y must be positive
  gpu.func @empty_block(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 0, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }

  // WIDE: :[[@LINE+1]]:3: error: the interpreter runs workgroups of at most 1024 lanes, as the hardware does; @wide_block has 4096
  gpu.func @wide_block(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 64, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }

  // Lanes past 64 bits: the extents instead of a count.
  // UNCOUNTABLE: :[[@LINE+1]]:3: error: the interpreter runs workgroups of at most 1024 lanes, as the hardware does; @uncountable_block has 2147483647 x 2147483647 x 3
  gpu.func @uncountable_block(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 2147483647, 2147483647, 3>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }

  // GRID: :[[@LINE+1]]:3: error: 'known_grid_size' extent -2 in dimension x must be positive
  gpu.func @empty_grid(%out: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: -2, 1, 1>} {
    gpu.return
  }
}

// The command line: kernel selection, grid, seed, .npy inputs and outputs,
// and the errors for bad ones.

// Outputs are written as NAME.npy, the reference's as NAME.reference.npy.
// RUN: rm -rf %t && mkdir -p %t
// RUN: wave-run %examples/copy.mlir --seed=3 --output-dir=%t/first | FileCheck %s --check-prefix=COPY
// COPY: output 'Y' (65536xf32): agrees
// RUN: head -c 80 %t/first/Y.npy | FileCheck %s --check-prefix=HEADER
// HEADER: NUMPY{{.*}}{'descr': '<f4', 'fortran_order': False, 'shape': (65536,), }
// RUN: cmp %t/first/Y.npy %t/first/Y.reference.npy

// An output fed back as an input: copying it again gives the same bytes,
// whatever the seed.
// RUN: wave-run %examples/copy.mlir --seed=4 --input=X=%t/first/Y.npy --output-dir=%t/second
// RUN: cmp %t/first/Y.npy %t/second/Y.npy
// Arguments can also be named by position.
// RUN: wave-run %examples/copy.mlir --input=0=%t/first/Y.npy --output-dir=%t/third
// RUN: cmp %t/first/Y.npy %t/third/Y.npy

// The same seed gives the same inputs, another seed other inputs.
// RUN: wave-run %examples/copy.mlir --seed=3 --output-dir=%t/again
// RUN: cmp %t/first/Y.npy %t/again/Y.npy
// RUN: wave-run %examples/copy.mlir --seed=5 --output-dir=%t/other
// RUN: not cmp -s %t/first/Y.npy %t/other/Y.npy

// A kernel without reference runs alone; --grid overrides known_grid_size.
// RUN: wave-run %s | FileCheck %s --check-prefix=ALONE
// ALONE: @fill ran on 1x1x1 workgroups with no error
// RUN: wave-run %s --grid=4,1,1 --output-dir=%t/grid | FileCheck %s --check-prefix=GRID
// GRID: @fill ran on 4x1x1 workgroups with no error
// RUN: head -c 80 %t/grid/out.npy | FileCheck %s --check-prefix=INT
// INT: {'descr': '<i4', 'fortran_order': False, 'shape': (4, 64), }

// Bad command lines.
// RUN: not wave-run %s --kernel=missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: wave-run: no kernel @missing in {{.*}}command-line.mlir; its kernels are fill{{$}}
// RUN: not wave-run %s --grid=0,1 2>&1 | FileCheck %s --check-prefix=BADGRID
// BADGRID: wave-run: --grid expects X,Y,Z, got '0,1'
// RUN: not wave-run %s --input=nothing 2>&1 | FileCheck %s --check-prefix=NOEQ
// NOEQ: wave-run: an input must be ARG=FILE.npy, got 'nothing' (--input=ARG=FILE.npy){{$}}
// RUN: not wave-run %s --input=y=%t/first/Y.npy 2>&1 | FileCheck %s --check-prefix=NOARG
// NOARG: wave-run: @fill has no argument 'y'
// RUN: not wave-run %s --input=out=%t/first/Y.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: wave-run: argument 'out': '{{.*}}Y.npy': dtype '<f4' does not match i32 (expected '<i4')
// RUN: not wave-run %s --input=out=%t/nonexistent.npy 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: wave-run: argument 'out': cannot read '{{.*}}nonexistent.npy'
// RUN: not wave-run %examples/add1.mlir --input=A=%t/first/Y.npy 2>&1 | FileCheck %s --check-prefix=EXTENT
// EXTENT: wave-run: argument 'A': '{{.*}}Y.npy': shape (65536) does not match the argument's shape (16384)
// RUN: not wave-run %examples/add1.mlir --reference=nowhere 2>&1 | FileCheck %s --check-prefix=NOREF
// NOREF: wave-run: no reference kernel @nowhere
// A kernel without known_grid_size runs on the grid given.
// RUN: sed -e 's/known_grid_size = array<i32: 1, 1, 1>, //' %s > %t/gridless.mlir
// RUN: not wave-run %t/gridless.mlir 2>&1 | FileCheck %s --check-prefix=NOGRID
// NOGRID: wave-run: @fill has no known_grid_size: give the grid (--grid=X,Y,Z){{$}}
// RUN: wave-run %t/gridless.mlir --grid=2 | FileCheck %s --check-prefix=GRIDLESS
// GRIDLESS: @fill ran on 2x1x1 workgroups with no error
// Tolerances are non-negative numbers; an argument takes one --input; a
// .npy file holds its array and nothing after it.
// RUN: not wave-run %examples/copy.mlir --rtol=-1 2>&1 | FileCheck %s --check-prefix=RTOL
// RTOL: wave-run: the relative tolerance must be a non-negative number, got -1 (--rtol=R){{$}}
// RUN: not wave-run %examples/copy.mlir --atol=nan 2>&1 | FileCheck %s --check-prefix=ATOL
// ATOL: wave-run: the absolute tolerance must be a non-negative number, got nan (--atol=A){{$}}
// RUN: not wave-run %examples/copy.mlir --input=X=%t/first/Y.npy --input=0=%t/first/Y.npy 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: wave-run: argument 'X' is given twice: by the input 'X={{.*}}Y.npy' and by the input '0={{.*}}Y.npy'{{$}}
// RUN: cp %t/first/Y.npy %t/trailing.npy && printf 'xyz' >> %t/trailing.npy
// RUN: not wave-run %examples/copy.mlir --input=X=%t/trailing.npy 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: wave-run: argument 'X': '{{.*}}trailing.npy': the file holds 3 bytes after its 65536 elements
// Output that cannot be written is an error, not an abort.
// RUN: not wave-run %s --output-dir=/dev/full 2>&1 | FileCheck %s --check-prefix=OUTDIR
// OUTDIR: wave-run: cannot {{create|write}} '/dev/full{{.*}}': Not a directory
// RUN: not wave-run %s > /dev/full 2> %t/stdout-full.err
// RUN: FileCheck %s --check-prefix=STDOUT-FULL < %t/stdout-full.err
// STDOUT-FULL: wave-run: cannot write standard output: No space left on device

// Argument names survive wave-opt: it prints them, and when it keeps the
// locations each argument's names it too. Printed with MLIR's numbered
// names, a kernel whose locations are lost has only those.
// RUN: wave-opt %examples/copy.mlir --canonicalize --mlir-print-debuginfo -o %t/located.mlir
// RUN: wave-run %t/located.mlir --input=X=%t/first/Y.npy | FileCheck %s --check-prefix=NAMES
// NAMES: output 'Y' (65536xf32): agrees
// RUN: wave-opt %examples/copy.mlir --canonicalize -o %t/plain.mlir
// RUN: wave-run %t/plain.mlir | FileCheck %s --check-prefix=NAMES
// RUN: wave-opt %examples/copy.mlir --canonicalize --mlir-use-nameloc-as-prefix=false -o %t/numbered.mlir
// RUN: wave-run %t/numbered.mlir | FileCheck %s --check-prefix=NUMBERED
// NUMBERED: output 'arg1' (65536xf32): agrees
// A name location names the argument.
// RUN: sed -e 's/%out: memref<4x64xi32>/%out: memref<4x64xi32> loc("result")/' %s > %t/named.mlir
// RUN: wave-run %t/named.mlir --output-dir=%t/named | FileCheck %s --check-prefix=ALONE
// RUN: ls %t/named | FileCheck %s --check-prefix=NAMELOC
// NAMELOC: result.npy

#kernel = #wave.kernel<chip = "gfx942", wave_size = 64>

gpu.module @cli {
  // out[wg][l] = wg * 64 + l.
  gpu.func @fill(%out: memref<4x64xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #kernel} {
    %l = gpu.thread_id x
    %wg = gpu.block_id x
    %c64 = arith.constant 64 : index
    %base = arith.muli %wg, %c64 : index
    %i = arith.addi %base, %l : index
    %v = arith.index_cast %i : index to i32
    memref.store %v, %out[%wg, %l] : memref<4x64xi32>
    gpu.return
  }
}

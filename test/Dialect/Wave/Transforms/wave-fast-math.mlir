// Every float op of the kernels gets afn, arcp and contract (and nnan, ninf
// with finite); flags an op has are kept; functions that are not kernels
// are left alone. Kernels get the LLVM attribute "amdgpu-ieee"="false"
// beside the passthrough entries they have, unless they set it themselves.
// RUN: wave-opt %s --wave-fast-math | FileCheck %s
// RUN: wave-opt %s --wave-fast-math=finite | FileCheck %s --check-prefix=FINITE
// RUN: wave-opt %s --wave-fast-math=summary 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// The interpreter models what afn does to exp and division: softmax after
// the pass differs from before, by at most a few f32 ULPs
// (docs/passes/wave-fast-math.md), and still matches its reference.
// RUN: wave-run %examples/softmax.mlir --compare-pipeline=wave-fast-math --rtol=1e-6 --atol=0 | FileCheck %s --check-prefix=CLOSE
// RUN: not wave-run %examples/softmax.mlir --compare-pipeline=wave-fast-math --rtol=0 --atol=0 2>&1 | FileCheck %s --check-prefix=DIFFER
// RUN: wave-opt %examples/softmax.mlir --wave-fast-math | wave-run - | FileCheck %s --check-prefix=CLOSE
// Run-time sizes: the sigmoid of a vector of n elements, n a kernel
// argument, gets the flags of its static twin, op for op; its reference
// kernel is left alone. After the pass it agrees with the kernel before it
// to 1e-6 at sizes with a partial last tile.
// RUN: wave-run %s --kernel=sigmoid_dynamic --grid=4 --scalar=n=1024 --compare-pipeline=wave-fast-math --rtol=1e-6 --atol=0 | FileCheck %s --check-prefix=CLOSE
// RUN: wave-run %s --kernel=sigmoid_dynamic --grid=2 --scalar=n=300 --compare-pipeline=wave-fast-math --rtol=1e-6 --atol=0 | FileCheck %s --check-prefix=CLOSE
// RUN: wave-run %s --kernel=sigmoid_dynamic --grid=1 --scalar=n=5 --compare-pipeline=wave-fast-math --rtol=1e-6 --atol=0 | FileCheck %s --check-prefix=CLOSE
// RUN: wave-opt %s --wave-fast-math | wave-run - --kernel=sigmoid_dynamic --grid=2 --scalar=n=300 --rtol=1e-6 | FileCheck %s --check-prefix=CLOSE
// RUN: wave-run %s --kernel=sigmoid_static --compare-pipeline=wave-fast-math --rtol=1e-6 --atol=0 | FileCheck %s --check-prefix=CLOSE
// RUN: not wave-run %s --kernel=sigmoid_dynamic --grid=2 --scalar=n=300 --compare-pipeline=wave-fast-math --rtol=0 --atol=0 2>&1 | FileCheck %s --check-prefix=DIFFER
// wave-compile --fast-math: the softmax kernel's four exp are v_exp_f32 of
// a base-2 exponent and its division one v_rcp_f32 (the divisor is the
// same for the lane's four elements), without LLVM's range reduction and
// exact division; --fast-math=finite also drops the NaN rule of the
// lane's maximum. The same at -O0, where wave-optimize does not run. With
// --fast-math the kernel runs with the IEEE mode bit clear, so the row
// maximum no longer quiets its inputs first (the v_max_f32 of a register
// with itself), while the reference kernel, which the pass leaves alone,
// keeps the mode.
// RUN: wave-compile %examples/softmax.mlir --chip=gfx942 --fast-math --emit=asm -o %t.fast.s
// RUN: FileCheck %s --check-prefix=ASM-FAST < %t.fast.s
// RUN: wave-compile %examples/softmax.mlir --chip=gfx942 --emit=asm -o %t.exact.s
// RUN: FileCheck %s --check-prefix=ASM-EXACT < %t.exact.s
// RUN: wave-compile %examples/softmax.mlir --chip=gfx942 --fast-math=finite --emit=asm -o %t.finite.s
// RUN: FileCheck %s --check-prefix=ASM-FINITE < %t.finite.s
// RUN: wave-compile %examples/softmax.mlir --chip=gfx942 --fast-math -O0 --emit=asm -o %t.fast-O0.s
// RUN: FileCheck %s --check-prefix=ASM-FAST-O0 < %t.fast-O0.s

// CLOSE: PASS
// DIFFER: outputs differ

// ASM-FAST-LABEL: {{^}}softmax:
// ASM-FAST-NOT:     v_max_f32_e32 v{{[0-9]+}}, [[V:v[0-9]+]], [[V]]{{$}}
// ASM-FAST-COUNT-4: v_exp_f32
// ASM-FAST-NOT:     v_exp_f32
// ASM-FAST:         v_rcp_f32
// ASM-FAST-NOT:     v_rcp_f32
// ASM-FAST-NOT:     v_div_scale
// ASM-FAST-NOT:     v_ldexp
// ASM-FAST:         s_endpgm
// ASM-FAST:         .amdhsa_kernel softmax{{$}}
// ASM-FAST:         .amdhsa_ieee_mode 0
// ASM-FAST:         .amdhsa_kernel softmax_ref
// ASM-FAST:         .amdhsa_ieee_mode 1
// ASM-EXACT-LABEL: {{^}}softmax:
// ASM-EXACT:        v_max_f32_e32 v{{[0-9]+}}, [[V:v[0-9]+]], [[V]]{{$}}
// ASM-EXACT:        v_div_scale_f32
// ASM-EXACT:        s_endpgm
// ASM-EXACT:        .amdhsa_kernel softmax{{$}}
// ASM-EXACT:        .amdhsa_ieee_mode 1
// ASM-FINITE-LABEL: {{^}}softmax:
// ASM-FINITE-NOT:   v_cmp_u_f32
// ASM-FINITE:       s_endpgm
// ASM-FAST-O0-LABEL: {{^}}softmax:
// ASM-FAST-O0:      v_exp_f32
// ASM-FAST-O0-NOT:  v_div_scale
// ASM-FAST-O0:      s_endpgm

// SUMMARY: remark: wave-fast-math: ops-flagged: 14

gpu.module @m {
  // CHECK-LABEL: gpu.func @kernel(
  // CHECK-SAME:    kernel attributes {passthrough = {{\[}}["amdgpu-ieee", "false"]]}
  // CHECK:         arith.addf %{{.*}} fastmath<reassoc,nsz,arcp,contract,afn> : vector<4xf32>
  // CHECK:         math.exp %{{.*}} fastmath<arcp,contract,afn> : vector<4xf32>
  // CHECK:         vector.reduction <maximumf>, %{{.*}} fastmath<arcp,contract,afn> : vector<4xf32> into f32
  // CHECK:         arith.divf %{{.*}} fastmath<reassoc,arcp,contract,afn> : vector<4xf32>
  // CHECK:         arith.addi %{{.*}} : vector<4xi32>
  // FINITE-LABEL: gpu.func @kernel(
  // FINITE:         arith.addf %{{.*}} fastmath<fast> : vector<4xf32>
  // FINITE:         math.exp %{{.*}} fastmath<nnan,ninf,arcp,contract,afn> : vector<4xf32>
  gpu.func @kernel(%x: vector<4xf32>, %i: vector<4xi32>, %out: memref<4xf32>,
                   %iout: memref<4xi32>) kernel {
    %c0 = arith.constant 0 : index
    %s = arith.addf %x, %x fastmath<reassoc,nsz> : vector<4xf32>
    %e = math.exp %s : vector<4xf32>
    %m = vector.reduction <maximumf>, %e : vector<4xf32> into f32
    %mv = vector.broadcast %m : f32 to vector<4xf32>
    %q = arith.divf %e, %mv fastmath<reassoc> : vector<4xf32>
    %j = arith.addi %i, %i : vector<4xi32>
    vector.store %q, %out[%c0] : memref<4xf32>, vector<4xf32>
    vector.store %j, %iout[%c0] : memref<4xi32>, vector<4xi32>
    gpu.return
  }

  // A kernel's own passthrough entries stay; the IEEE mode is added.
  // CHECK-LABEL: gpu.func @vgpr_limit(
  // CHECK-SAME:    passthrough = {{\[}}["amdgpu-num-vgpr", "64"], ["amdgpu-ieee", "false"]]
  gpu.func @vgpr_limit(%x: f32, %out: memref<1xf32>) kernel
      attributes {passthrough = [["amdgpu-num-vgpr", "64"]]} {
    %c0 = arith.constant 0 : index
    %e = math.exp %x : f32
    memref.store %e, %out[%c0] : memref<1xf32>
    gpu.return
  }

  // A kernel that chose its IEEE mode keeps it.
  // CHECK-LABEL: gpu.func @own_mode(
  // CHECK-SAME:    passthrough = {{\[}}["amdgpu-ieee", "true"]]}
  // CHECK:         math.exp %{{.*}} fastmath<arcp,contract,afn> : f32
  gpu.func @own_mode(%x: f32, %out: memref<1xf32>) kernel
      attributes {passthrough = [["amdgpu-ieee", "true"]]} {
    %c0 = arith.constant 0 : index
    %e = math.exp %x : f32
    memref.store %e, %out[%c0] : memref<1xf32>
    gpu.return
  }

  // Not a kernel: left as written.
  // CHECK-LABEL: gpu.func @helper(
  // CHECK-NOT:     passthrough
  // CHECK:         math.exp %{{.*}} : f32
  gpu.func @helper(%x: f32, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %e = math.exp %x : f32
    memref.store %e, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

#k = #wave.kernel<chip = "gfx942", wave_size = 64>
#four = affine_map<(b, t) -> (b * 256 + t * 4)>

gpu.module @sizes {
  // Y = 1 / (1 + exp(-X)), four elements a lane, on 1024 elements.
  // CHECK-LABEL: gpu.func @sigmoid_static(
  // CHECK:         arith.negf %{{.*}} fastmath<arcp,contract,afn> : vector<4xf32>
  // CHECK-NEXT:    math.exp %{{.*}} fastmath<arcp,contract,afn> : vector<4xf32>
  // CHECK-NEXT:    arith.addf %{{.*}} fastmath<arcp,contract,afn> : vector<4xf32>
  // CHECK-NEXT:    arith.divf %{{.*}} fastmath<arcp,contract,afn> : vector<4xf32>
  gpu.func @sigmoid_static(%X: memref<1024xf32>, %Y: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 4, 1, 1>, wave.kernel = #k} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %one = arith.constant dense<1.0> : vector<4xf32>
    %x = wave.read %X[%bid, %tid] map #four : memref<1024xf32> -> vector<4xf32>
    %m = arith.negf %x : vector<4xf32>
    %e = math.exp %m : vector<4xf32>
    %d = arith.addf %one, %e : vector<4xf32>
    %y = arith.divf %one, %d : vector<4xf32>
    wave.write %y, %Y[%bid, %tid] map #four : vector<4xf32>, memref<1024xf32>
    gpu.return
  }

  // The same on n elements, n known at run time: the last workgroup's tile
  // may be partial, and `bounded` skips what lies past n. The flags do not
  // depend on sizes.
  // CHECK-LABEL: gpu.func @sigmoid_dynamic(
  // CHECK:         arith.negf %{{.*}} fastmath<arcp,contract,afn> : vector<4xf32>
  // CHECK-NEXT:    math.exp %{{.*}} fastmath<arcp,contract,afn> : vector<4xf32>
  // CHECK-NEXT:    arith.addf %{{.*}} fastmath<arcp,contract,afn> : vector<4xf32>
  // CHECK-NEXT:    arith.divf %{{.*}} fastmath<arcp,contract,afn> : vector<4xf32>
  gpu.func @sigmoid_dynamic(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                            %Y: memref<?xf32> {wave.dims = array<i64: 2>},
                            %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #k,
                  wave.reference = @sigmoid_ref,
                  wave.assume = affine_set<(x, y, n) : (n - 1 >= 0)>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %one = arith.constant dense<1.0> : vector<4xf32>
    %x = wave.read %X[%bid, %tid] map #four bounded
        : memref<?xf32> -> vector<4xf32>
    %m = arith.negf %x : vector<4xf32>
    %e = math.exp %m : vector<4xf32>
    %d = arith.addf %one, %e : vector<4xf32>
    %y = arith.divf %one, %d : vector<4xf32>
    wave.write %y, %Y[%bid, %tid] map #four bounded
        : vector<4xf32>, memref<?xf32>
    gpu.return
  }

  // The reference kernel keeps exact arithmetic: the pass leaves it alone.
  // CHECK-LABEL: gpu.func @sigmoid_ref(
  // CHECK-NOT:     passthrough
  // CHECK:         arith.negf %{{.*}} : f32
  // CHECK-NEXT:    math.exp %{{.*}} : f32
  // CHECK-NEXT:    arith.addf %{{.*}} : f32
  // CHECK-NEXT:    arith.divf %{{.*}} : f32
  gpu.func @sigmoid_ref(%X: memref<?xf32> {wave.dims = array<i64: 2>},
                        %Y: memref<?xf32> {wave.dims = array<i64: 2>},
                        %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    %tid = gpu.thread_id x
    scf.for %i = %tid to %n step %c64 {
      %x = memref.load %X[%i] : memref<?xf32>
      %m = arith.negf %x : f32
      %e = math.exp %m : f32
      %d = arith.addf %one, %e : f32
      %y = arith.divf %one, %d : f32
      memref.store %y, %Y[%i] : memref<?xf32>
    }
    gpu.return
  }
}

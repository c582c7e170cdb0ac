//===- Passes.td - Lowering of wave kernels to AMDGPU ------*- tablegen -*-===//

#ifndef WAVE_CONVERSION_PASSES_TD
#define WAVE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def WaveAttachTarget : Pass<"wave-attach-target", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Fixes the chip and wave size of a gpu.module's kernels";
  let description = [{
    Sets the chip of every kernel's `wave.kernel` attribute to `chip` (when
    given; otherwise the kernels must agree on one), checks that the chip
    runs the kernels' wave size, and attaches a `#rocdl.target` to the
    `gpu.module` with the chip, the wave size as a target feature
    (`+wavefrontsize64` or `+wavefrontsize32`) and the code object version as
    its ABI (`500` for version 5). All kernels of one module must share a wave
    size; a module without wave kernels keeps the wave size of its
    `#rocdl.target`, if it has one the chip runs, and otherwise gets the
    chip's default.

    A kernel without `wave.kernel` in a module that already has a
    `#rocdl.target` runs in that target's waves, and its lane ops mean what
    they mean on that chip (`rocdl.ds_bpermute` permutes within 32-lane
    halves of RDNA's waves of 64): moving it to another chip or wave size is
    an error.

    Because the kernels' memrefs become bare pointers (the HIP kernel ABI),
    every memref argument of a kernel needs a static shape and layout.

    When the chip changes, the pass verifies the module, so the op verifiers
    re-check the kernels against the new chip (an MMA on a chip without MFMA
    is an error there) even where the pass manager does not verify after
    each pass (`wave-compile` without `--verify-each`).

    ```mlir
    // wave-opt --pass-pipeline='builtin.module(gpu.module(wave-attach-target{chip=gfx1100}))'
    gpu.module @k [#rocdl.target<chip = "gfx1100", features = "+wavefrontsize64", abi = "500">] {
      gpu.func @add(...) kernel attributes {
          wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 64>, ...}
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "AMDGPU processor; empty keeps the kernels' chip">,
    Option<"codeObjectVersion", "code-object-version", "unsigned",
           /*default=*/"5", "HSA code object version (5 or 6)">,
  ];
  let dependentDialects = ["::mlir::ROCDL::ROCDLDialect"];
}

def WaveLowerApproximateMath
    : Pass<"wave-lower-approximate-math", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lowers f32 exp, exp2 and division that allow approximate "
                "functions to the hardware's instructions";
  let description = [{
    Under the `afn` fast-math flag (`wave-fast-math`, `wave-compile
    --fast-math`), on f32 and vectors of it:

    * `math.exp %x` becomes `rocdl.exp2` (`v_exp_f32`) of `%x * log2(e)`,
    * `math.exp2 %x` becomes `rocdl.exp2`,
    * `arith.divf %a, %b` becomes `%a * rocdl.rcp %b` (`v_rcp_f32`),

    element by element for vectors. Without it LLVM keeps, even under `afn`,
    the range reduction that gives `exp` denormal results and the exact
    division sequence (`v_div_scale`, `v_div_fmas`, `v_div_fixup`). Both
    instructions are accurate to 1 ULP of their own result and flush
    denormal results to zero; the multiply by log2(e) rounds the exponent
    first, which costs more for large |x|: docs/passes/wave-fast-math.md
    has the bounds. Ops without `afn` and other types are left alone.
    `wave-upstream-to-rocdl` runs it before `convert-gpu-to-rocdl`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def WaveLowerMath : Pass<"wave-lower-math", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lowers every math op to AMDGPU instructions or f64 "
                "expansions, leaving no call to the ROCm device library";
  let description = [{
    `convert-gpu-to-rocdl` turns most `math` ops into calls of the ROCm
    device library (OCML, `__ocml_sin_f32`, ...), which `wave-compile` does
    not link (docs/MathAccuracy.md says why). This pass lowers
    every `math` op before it, on scalars and vectors:

    * `absf`, `copysign`, `fma`, `sqrt`, `floor`, `ceil`, `trunc`, `round`,
      `roundeven`, `exp`, `exp2`, `log`, `log2`, `log10` become LLVM
      intrinsics (`llvm.floor`, `llvm.log2`, ...), which the AMDGPU backend
      computes with its instructions (`v_floor_f32`, `v_log_f32` with its
      denormal scaling, `v_exp_f32` with its range reduction, ...). bf16 is
      computed in f32; f16 `exp`/`exp2`/`log`/`log2`/`log10` too.
      `clampf` becomes `arith.maximumf(arith.minimumf(value, min), max)`
      (the op's definition, as upstream expands it) and `isnan`, `isinf`,
      `isfinite`, `isnormal` become `llvm.is.fpclass`.
    * `sin`, `cos`, `sincos`, `tan`, `asin`, `acos`, `atan`, `atan2`,
      `sinh`, `cosh`, `tanh`, `asinh`, `acosh`, `atanh`, `erf`, `erfc`,
      `expm1`, `log1p`, `cbrt`, `powf`, `fpowi` and `rsqrt` on f16, bf16 and
      f32 are expanded, element by element for vectors, into `arith` on f64
      (with `math.fma`, `sqrt`, `roundeven`, `trunc`, `absf`, `copysign` on
      f64) and rounded once to the result type (f16 and bf16 through f32 rounded to odd): exp and log
      kernels with relative error under 2^-50, Cody-Waite reduction by pi/2
      in three parts (exact for |x| < 2^50), series and Chebyshev
      interpolants. The results are the correctly rounded ones but within
      about 2^-20 ULP of a rounding boundary; docs/MathAccuracy.md has the
      measured errors.
    * `ipowi` becomes a loop by squaring over the exponent's bits; a
      negative exponent gives 0 unless the base is 1 or -1.
    * Integer `absi`, `ctlz`, `cttz`, `ctpop` are left to
      `convert-gpu-to-rocdl`, which lowers them to LLVM intrinsics.

    f64 takes the exact group (`absf` to `roundeven`, `clampf`, the
    classifications) as intrinsics; the backend has no f64 transcendental
    of its own, so `exp`, `exp2`, `log`, `log2`, `log10` and the expanded
    functions are computed in f64 with double-double steps (TwoSum,
    TwoProd by fma) and rounded once: within 1.5 ULP (at most 1.02
    measured); f64 `sin`, `cos`, `tan` reduce by Payne and Hanek from
    |x| = 2^30 on, in an `scf.if`.
    Every op on another float type (f8, tf32, ...) is an error at the op.
    Fast-math flags move to the intrinsics. Under
    `afn` (`wave-compile --fast-math`), on f32 (f16, bf16 through f32),
    `tanh`, `erf`, `log1p` and `expm1` take MLIR's f32 polynomial
    approximations (`populateMathPolynomialApproximationPatterns`: within
    4 ULP), `sin`, `cos`, `sincos`, `tan` an f32 reduction and series
    where |x| < 2^16 (within 3 ULP; the f64 expansion in an `scf.if` for
    other lanes), and `atan`, `atan2`, `asin`, `acos` their expansion in
    f32 (within 2 ULP), for a third to a fifth of the instructions; the other
    expansions do not change (`wave-lower-approximate-math` handles f32
    `exp` and `exp2` under `afn` before this pass).

    With `intrinsics=false` the instruction group stays as `math` ops, which
    `wave-run` executes: `wave-run --compare-pipeline` then compares the
    expansions with the interpreter's correctly rounded functions
    (bench/math_accuracy.py).
  }];
  let options = [
    Option<"intrinsics", "intrinsics", "bool", /*default=*/"true",
           "Lower the ops the backend computes to LLVM intrinsics">,
  ];
  let statistics = [
    Statistic<"numExpanded", "expanded", "math ops expanded">,
    Statistic<"numIntrinsics", "intrinsics",
              "math ops lowered to LLVM intrinsics">,
    Statistic<"numApproximated", "approximated",
              "math ops under afn lowered to f32 polynomial approximations">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ConvertWaveToAMDGPU
    : Pass<"convert-wave-to-amdgpu", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lowers wave ops to vector, memref, gpu, amdgpu and rocdl ops";
  let description = [{
    Rewrites every `wave` op of the module's kernels in upstream dialects and
    drops the `wave.kernel`, `wave.reference` and `wave.assume` attributes,
    which nothing after this pass reads:

    * `wave.read` / `wave.write`: the access map is expanded into `arith` on
      the index operands. When the elements run along the memref's innermost,
      unit-stride dimension the access is one `vector.load` / `vector.store`
      (`vector.maskedload` / `vector.maskedstore` with a mask); along any
      other dimension it is one `memref.load` / `memref.store` per element,
      gathered with `vector.from_elements`.
    * On chips with transposed LDS reads (gfx950), a read of 16-bit LDS
      elements down a column (`along` a dimension other than the innermost:
      the B fragments of a K x N tile) whose lanes of each aligned quad read
      4 adjacent columns of the same rows is one `amdgpu.transpose_load`
      (ds_read_b64_tr_b16) for every 4 elements: lane 16 g + 4 j + q reads
      row j of quad 16 g + 4 q, and the instruction's exchange gives each
      lane its column. It needs every lane of the wave at the read (whole
      waves, wave-uniform branches and loops around it). A remark says
      which reads became transposed reads and why the others did not.
    * `bounded` adds the mask `0 <= coordinate < extent` to the access. A
      bounded vector access of global memory whose vectors lie wholly inside
      or wholly outside the shape (proved on its footprint under
      `wave.assume`), cached, and unmasked or masked by one bit for the
      whole vector, is instead an `amdgpu.raw_buffer_load` /
      `raw_buffer_store`: out-of-range buffer loads read zero and stores do
      nothing, so the access keeps its width where a masked one is split per
      element (a lane whose mask bit is off addresses past the end). When
      the lanes of each wave access one row of a kernel argument (of at most
      2^31 bytes), the descriptor starts at that row and spans it (nothing
      for a row outside the shape), the offset is the last coordinate and
      the range check alone skips what lies outside; otherwise, for a memref
      of at most 2^31 bytes (dynamic extents bounded by `wave.assume`), the
      descriptor is the memref's and lanes outside the shape address its
      end; for a larger one whose offsets from the workgroup's tile fit 32
      bits, the descriptor starts at the tile. A remark names each one's
      base; other bounded vector accesses get a remark saying why they stay
      masked.
    * Cache hints become the memory operation's bits, which the AMDGPU
      backend's memory legalizer turns into each chip's cache-policy bits
      (test/wave-compile/cache-hints.mlir checks them):

      | hint | lowering | gfx90a | gfx942, gfx950 | gfx1100 | gfx1201 |
      |---|---|---|---|---|---|
      | `cached` | plain access | none | none | none | none |
      | `streaming` | `nontemporal` | `glc slc` | `nt` | loads `slc dlc`, stores `glc slc dlc` | `th:TH_LOAD_NT`, `th:TH_STORE_NT` |
      | `uncached` | `volatile` | loads `glc`, stores none | `sc0 sc1` | loads `glc dlc`, stores `dlc` | `scope:SCOPE_SYS` |

      `uncached` accesses are `llvm.load`/`llvm.store volatile` of the
      element's global address (the backend also waits for each to
      complete); masked accesses with a hint are split
      into one guarded access per element, since masked vector accesses
      carry no hint bits.
    * `wave.alloc_lds`: a workgroup attribution of the `gpu.func` holding the
      padded physical tile (16-byte aligned), viewed through a
      `memref.reinterpret_cast` with the logical shape and padded strides.
    * `wave.barrier`: `amdgpu.lds_barrier`.
    * `wave.mma`: `amdgpu.mfma` with the shape of the kind's layout table.
    * `wave.reduce`: when every lane of the wave is active
      (`rocdl.ballot(true)` is all ones) `gpu.subgroup_reduce` (uniform),
      otherwise a loop over the active lanes with `rocdl.readlane`, so that
      only active lanes contribute, as the op defines. Where the wave
      uniformity analysis proves every lane of the wave runs the op (a
      workgroup of whole waves, and each `scf.if` or `scf.for` around it
      deciding alike in all lanes of a wave), `gpu.subgroup_reduce` alone,
      without the test. `wave.scan` likewise.
    * `wave.scan`: with a full wave, a Hillis-Steele scan through
      `gpu.shuffle up`; otherwise the same loop over the active lanes.
    * `wave.broadcast`: `rocdl.readlane`. `wave.shuffle`: `gpu.shuffle` whose
      out-of-wave lanes keep their own value. GFX11's `ds_bpermute` (what
      `gpu.shuffle` becomes) reaches only the reading lane's 32-lane half in
      waves of 64, so there shuffles, the scan's included, read the source's
      position in both halves (`rocdl.ds_bpermute` of the value and of its
      `llvm.amdgcn.permlane64` swap) and keep the source's half. `wave.ballot`: `rocdl.ballot`.
      `wave.any` / `wave.all`: a ballot compared with zero / with the ballot
      of the active lanes.
    * `gpu.block_dim` / `gpu.grid_dim`: the kernel's `known_block_size` /
      `known_grid_size` extent; `gpu.global_id`: block id * block size +
      thread id; `gpu.subgroup_id`: the linear thread id over the wave size;
      `gpu.num_subgroups`: the workgroup's waves. Upstream reads these from
      the dispatch packet through the ROCm device library, which is not
      linked; a kernel that does not state the size is an error at the op.

    With `uniform-branches` (wave-compile sets it with `wave-optimize`), an
    `scf.if` on an `arith.cmpi` of lane ids that the wave uniformity analysis
    proves the same in all active lanes (`tid < 64` with waves of 64) gets
    the compare of the first active lane's operands
    (`rocdl.readfirstlane`, in i32: narrower operands sign-extended, which
    keeps their signed and unsigned order; wider ones and `index` truncated
    when known to lie in [0, 2^31)), which LLVM lowers as a uniform branch
    (`s_cmp`, `s_cbranch_scc`) with no lane mask and no exec masking; a
    remark says why when wider operands are not known to fit.

    With `scalar-offsets` (wave-compile sets it with `wave-optimize`), an
    unbounded, unmasked, cached vector access of a row-major global memref of
    at most 2^31 bytes whose map (constant operands folded in) is a part
    known to be non-negative (launch ids and sizes, constants, extents
    `wave.dims` binds, induction variables counting up from such a bound,
    and sums, products, quotients, remainders and affine maps of those) plus constants adding up to more bytes than a
    global instruction's immediate holds (4095 on GFX9 and GFX11), is an `amdgpu.raw_buffer_load` / `raw_buffer_store`
    whose `sgprOffset` holds the constant's multiple of 4096 bytes (the rest
    stays with the vector offset, where the backend moves it to the buffer
    instruction's immediate): the accesses share one vector offset, where
    global accesses need a 64-bit vector addition per constant (LLVM 22's SI
    Load Store Optimizer also scans the rest of the block for each of those,
    quadratic in a long block). It applies where a block has at least 16
    such accesses of one memref, enough to pay for the buffer descriptor's
    four scalar instructions and registers, and in a loop's body that takes
    the memref from outside, where the descriptor is built once ahead of
    the loop and each access saves its addition every iteration. The
    accesses of that memref in that block whose constants fit the immediate
    take the descriptor too, with no scalar offset, so that none needs a
    64-bit address. A remark at each other such access says why it stays
    global (too few in a block outside a loop, a variable part not proved
    non-negative, a memref too large). An access of a loop's body that no
    constant made a buffer access, whose offset moves with the loop by terms
    the same in every lane of the workgroup (the loop's counter, workgroup
    ids), becomes a buffer access whose `sgprOffset` holds those terms
    (times their strides) and whose vector offset holds the rest, where a
    global access adds the counter's bytes to a 64-bit address every
    iteration; the memref's other accesses whose constants fit the
    immediate, before and after the loop too, become buffer accesses with
    it, so that values carried into the loop are loaded alike
    (docs/passes/convert-wave-to-amdgpu.md).

    The wave size comes from the kernel's `wave.kernel` attribute, else from
    the module's `#rocdl.target`. A kernel whose LDS tiles exceed what one
    workgroup of its chip may allocate is an error at the kernel, with a
    note at each tile.
  }];
  let options = [
    Option<"uniformBranches", "uniform-branches", "bool", /*default=*/"false",
           "Lower branches on wave-uniform compares of lane ids as uniform "
           "branches">,
    Option<"scalarOffsets", "scalar-offsets", "bool", /*default=*/"false",
           "Lower global vector accesses whose constant offset is past the "
           "immediate field to buffer accesses with the constant as scalar "
           "offset">,
  ];
  let dependentDialects = [
    "::mlir::amdgpu::AMDGPUDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let statistics = [
    Statistic<"numVectorAccesses", "vector-accesses",
              "wave.read/write lowered to one vector access">,
    Statistic<"numElementAccesses", "element-accesses",
              "wave.read/write lowered to one access per element">,
    Statistic<"numBufferAccesses", "buffer-accesses",
              "bounded vector accesses lowered to buffer accesses">,
    Statistic<"numRowBufferAccesses", "row-buffer-accesses",
              "bounded buffer accesses whose descriptor starts at the row of "
              "their wave">,
    Statistic<"numTileBufferAccesses", "tile-buffer-accesses",
              "bounded buffer accesses whose descriptor starts at their "
              "workgroup's tile">,
    Statistic<"numScalarOffsetAccesses", "scalar-offset-accesses",
              "global vector accesses lowered to buffer accesses with a "
              "constant scalar offset">,
    Statistic<"numUniformScalarOffsetAccesses", "uniform-scalar-offset-accesses",
              "global vector accesses in loops lowered to buffer accesses "
              "whose scalar offset holds their terms the same in every lane">,
    Statistic<"numTransposedReads", "transposed-reads",
              "LDS column reads lowered to transposed reads">,
    Statistic<"numCollectives", "collectives", "wave collectives lowered">,
  ];
}

def WaveLowerVectorReductions
    : Pass<"wave-lower-vector-reductions", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Starts float sums without an accumulator at -0.0, the "
                "identity of a float add";
  let description = [{
    Upstream's `convert-vector-to-llvm` starts a `vector.reduction <add>` of
    floats that has no accumulator at +0.0, which is not the identity of a
    float add (-0.0 + +0.0 is +0.0): LLVM keeps the add of the start unless
    it proves the first element is not -0.0, which it rarely can past a
    loop, and a sum of n elements costs n adds. This pass gives each such
    reduction the accumulator -0.0, from which the sum is the same for every
    input (a sum of -0.0s is -0.0, as it should be) and which LLVM folds
    away: n - 1 adds. Other reductions, and those with an accumulator, are
    left as they are. docs/passes/wave-lower-vector-reductions.md has the
    measurements.
  }];
  let statistics = [
    Statistic<"numReductions", "reductions",
              "float sums given the accumulator -0.0">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def WaveLowerSubgroupReduce
    : Pass<"wave-lower-subgroup-reduce", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lowers gpu.subgroup_reduce for the module's ROCDL target";
  let description = [{
    `convert-gpu-to-rocdl` has no lowering for `gpu.subgroup_reduce`. This
    pass applies upstream's DPP lowering (`amdgpu.dpp`, row broadcasts or
    permlanes, a final `rocdl.readlane`) to scalars (the backend moves a
    64-bit one in two DPP moves), and the butterfly `gpu.shuffle` lowering
    of 64-bit words to vectors, for the chip and wave size of the module's
    `#rocdl.target`, over the whole wave or over clusters of lanes. A
    cluster of consecutive lanes (what `wave.reduce ... cluster(size = N)`
    becomes) takes the DPP steps up to its size: quad permutes for 2 and 4
    lanes, `row_half_mirror` for 8, `row_mirror` for 16; for 32, on GFX9
    `row_bcast:15` into the odd rows then an `amdgpu.swizzle_bitmode`
    (`ds_swizzle`) giving each lane the last lane of its 32-lane half, on
    GFX10 to GFX12 `rocdl.permlanex16` (and in waves of 32 a readlane of
    lane 31); for 64 as the whole wave. A strided cluster, a vector, or a
    chip the DPP lowering does not know take the shuffles, except on RDNA
    (GFX10 to GFX12) in waves of 64, where upstream lowers shuffles by 16
    and 32 lanes to permlane16/32.swap, which those chips lack: there a
    vector is reduced element by element through DPP, and a strided cluster
    that needs such a shuffle is rejected. A cluster that does not fit the
    wave, and a value wider than 64 bits, are rejected at the op. `wave-run` executes what the pass emits, so it is compared on
    random inputs like the kernel passes.
  }];
  let dependentDialects = [
    "::mlir::amdgpu::AMDGPUDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def WaveLowerScfIf : Pass<"wave-lower-scf-if", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lowers scf.if, scf.for and scf.while ops to blocks, each "
                "block's last to first";
  let description = [{
    Applies upstream's `scf.if`, `scf.for` and `scf.while` lowerings
    (`populateSCFToControlFlowConversionPatterns`, through a dialect
    conversion without pattern rollback, as `convert-scf-to-cf
    {allow-pattern-rollback=false}` does) to every such op that no other
    `scf` op encloses, loop bodies included, one at a time: the ops of each
    block from the last to the first, an op before the ops inside it.
    Lowering one of them splits its block and moves the operations after it
    into the new block; the ops after it being lowered already, those are
    only the operations up to the next one, so the time is linear in the
    code, where `convert-scf-to-cf`, which lowers them first to last, moves
    the rest of the block at each of them. The blocks come out in the same
    order. What `scf.index_switch`, `scf.execute_region`, `scf.parallel`
    and `scf.forall` hold is left to `convert-scf-to-cf` with them.
    docs/passes/wave-lower-scf-if.md has the measurements.
  }];
  let statistics = [
    Statistic<"numLowered", "lowered", "scf.if ops lowered">,
    Statistic<"numLoopsLowered", "loops-lowered",
              "scf.for and scf.while ops lowered">,
  ];
  let dependentDialects = ["::mlir::cf::ControlFlowDialect"];
}

def WaveBoundSchedRegions
    : Pass<"wave-bound-sched-regions", "::mlir::LLVM::LLVMFuncOp"> {
  let summary = "Cuts long straight-line code into bounded scheduling "
                "regions at workgroup barriers";
  let description = [{
    LLVM's machine scheduler takes a basic block between scheduling
    boundaries as one region, and the AMDGPU scheduler's time grows faster
    than the region (every pick weighs the register pressure of every ready
    instruction): a kernel of long straight-line code, such as one unrolled
    or generated step by step, spends most of its compile time there. This
    pass counts the function's operations and, in a function of at least
    `limit` of them, adds `rocdl.sched.barrier 0`, which the backend
    treats as a scheduling boundary, after every `rocdl.s.barrier`. A
    workgroup barrier already orders every memory access across it, so only
    arithmetic loses the freedom to move across the cut. Shorter functions,
    which every example is, are left as they are.
    docs/passes/wave-bound-sched-regions.md has the measurements.
  }];
  let options = [
    Option<"limit", "limit", "unsigned", /*default=*/"1500",
           "the fewest operations of a function that is cut (0: none is)">,
  ];
  let statistics = [
    Statistic<"numCuts", "cuts", "scheduling boundaries added">,
  ];
  let dependentDialects = ["::mlir::ROCDL::ROCDLDialect"];
}

def WaveScheduleLoops : Pass<"wave-schedule-loops", "::mlir::LLVM::LLVMFuncOp"> {
  let summary = "Interleaves a loop's MFMAs with its LDS reads, global loads "
                "and LDS writes through schedule groups";
  let description = [{
    For each loop whose body is one block, and each scheduling region of
    that block (the code between `rocdl.sched.barrier 0`s and
    `rocdl.s.setprio`s), adds `rocdl.sched.group.barrier`s at the region's
    end that ask LLVM's AMDGPU scheduler (its IGroupLP mutation) for this
    order: the LDS reads the first `distance` MFMAs need, then after each
    MFMA the LDS reads of the MFMA `distance` later and an even share of the
    region's global loads and LDS writes. The reads then complete under the
    MFMAs ahead of the one that needs them, instead of in a burst waited for
    before the first. A model of one wave's issue (an instruction every 4
    cycles, the MFMA pipe at the published cycles of its kind, LDS data 64
    cycles and global data 500 after issue) compares the region in program
    order with the order the groups ask; the pass adds the groups only where
    the second is faster. A remark on the loop gives the groups and the
    modelled cycles, or why it left the loop (no MFMA, calls, a body of
    several blocks, schedule groups already there) or a region (LLVM's
    `iglp_opt` strategy, a workgroup barrier, fewer than `min-mfmas` MFMAs,
    nothing to interleave, no modelled gain).
    docs/passes/wave-schedule-loops.md has the measurements.
  }];
  let options = [
    Option<"distance", "distance", "unsigned", /*default=*/"2",
           "how many MFMAs ahead of their use the LDS reads are issued">,
    Option<"minMfmas", "min-mfmas", "unsigned", /*default=*/"8",
           "the fewest MFMAs of a region that is scheduled">,
  ];
  let statistics = [
    Statistic<"numLoops", "loops", "loops given schedule groups">,
    Statistic<"numGroups", "groups", "schedule groups added">,
    Statistic<"numDeclined", "declined", "loops with MFMAs left as they are">,
    Statistic<"numTrailingReads", "trailing-reads",
              "global reads moved behind the last MFMA before the barrier">,
  ];
  let dependentDialects = ["::mlir::ROCDL::ROCDLDialect"];
}

def WaveCoverBarriers
    : Pass<"wave-cover-barriers", "::mlir::LLVM::LLVMFuncOp"> {
  let summary = "Spreads a loop's free MFMAs over the barrier that waits for "
                "its LDS staging, one just before the wait";
  let description = [{
    In a loop body (one block) that ends a step with the next step's
    staging (LDS writes, a workgroup barrier whose release fence waits for
    them, the LDS reads of the next fragments), the MFMAs before that
    barrier which only such MFMAs use before it (the MMAs wave-pipeline-loops
    deferred, a chain on one accumulator together) are spread over it: as
    many as hold the matrix pipe while the staging since the previous
    barrier issues (4 cycles an issue slot), and one more for that
    barrier's wait, stay before it, the last of them just before its
    release fence, behind a `rocdl.sched.barrier 0` that keeps LLVM's
    scheduler from moving it past the wait; the others go after the barrier.
    Where no MFMA of the body follows the barrier, schedule groups issue the
    first of those behind the LDS reads there; where MFMAs follow, LLVM's
    `iglp_opt` strategy, if the body asked for it, orders the region after
    the barrier too. The staging's trailing global reads (after its last LDS
    write, used before the barrier by effect-free ops only) follow the
    sched_barrier, one for each 32 cycles of the MFMA before it, so that
    they issue in its shadow beside the wait. Schedule groups spread the
    staging's other LDS writes and global reads over the shadows of the
    MFMAs that stay (at most 4 accesses a shadow), and one `s_waitcnt
    vmcnt` before the staging's first LDS write waits for the loads it
    stores, all of the previous iteration's but those issued last, where
    LLVM would wait for each write's load apart. One wave then keeps its
    matrix pipe busy through the barrier's wait. A remark on the loop says
    how the MFMAs were spread, or
    why the loop was left: a scheduling order already in its body (from
    `wave-ping-pong`, `wave-interleave-mfmas`, `wave-schedule-loops` or
    `wave-bound-sched-regions`), no barrier after LDS writes, fewer than two
    MFMAs free to move. docs/passes/wave-cover-barriers.md has the
    measurements.
  }];
  let statistics = [
    Statistic<"numLoops", "loops", "loops whose MFMAs were spread over "
              "their staging barrier">,
    Statistic<"numDeclined", "declined", "loops with MFMAs left as they are">,
    Statistic<"numTrailingReads", "trailing-reads",
              "global reads moved behind the last MFMA before the barrier">,
    Statistic<"numSpreadStagings", "spread-stagings",
              "stagings whose accesses schedule groups spread over the "
              "shadows of the MFMAs before the barrier">,
    Statistic<"numStagingWaits", "staging-waits",
              "vmcnt waits added before a staging's first LDS write">,
  ];
  let dependentDialects = ["::mlir::ROCDL::ROCDLDialect"];
}

def WavePingPong : Pass<"wave-ping-pong", "::mlir::LLVM::LLVMFuncOp"> {
  let summary = "Splits a loop of an 8-wave workgroup into alternating "
                "memory and MFMA phases, the two waves of each SIMD a phase "
                "apart";
  let description = [{
    Two waves of one workgroup share each SIMD when the workgroup has 8
    waves. This pass orders a loop's body (one block of lowered LLVM dialect)
    into memory phases and MFMA phases that alternate, each ended by a
    workgroup barrier, the MFMA phases under `s_setprio`; the upper half of
    the workgroup's waves waits at one barrier more before the loop, and the
    lower half at one more after it. The two waves of a SIMD are then always
    in phases of different kinds: one's MFMAs keep the matrix pipe busy
    while the other reads LDS, loads and writes. The MFMAs are cut into
    phases of about `phase-cycles` MFMA cycles, in program order, and every
    other op goes to a memory phase between the MFMAs that produce its
    operands and those that use it: LDS reads and LDS writes as late as
    they can, global loads (with what their addresses need) as early. Two
    accesses of one memory object with a write among them that a barrier of
    the loop separated go to different memory phases, in the same order; the
    loop's own barriers are replaced by the phases'. An MFMA phase holds
    MFMAs only, so whatever a wave a phase ahead does there cannot meet the
    other wave's accesses. A remark gives the phases, or why a loop was
    left (fewer than 8 waves, no barrier in the loop, memory phases that a
    model of the two waves says would outlast the MFMA phases beside them,
    ...). An op that needs the last MFMAs' results gets a memory phase of
    its own after them. Where a memory phase ends waiting for its accesses,
    the MFMAs of the phase after it that need none of them issue among its
    ops (`lead-mfmas`), as many as the phase's issue fills the shadows of,
    with the priority raised from the phase's start, so that one wave alone
    does not idle the matrix pipe through the phase.
    The pass works on the lowered LLVM dialect, which `wave-run` does not
    execute; docs/passes/wave-ping-pong.md has the argument that the order
    keeps the kernel race-free, and the measurements.
  }];
  let options = [
    Option<"maxPhases", "max-phases", "unsigned", /*default=*/"8",
           "the most MFMA phases an iteration is cut into (more where the "
           "dependences force them)">,
    Option<"loadCoverCycles", "load-cover-cycles", "unsigned",
           /*default=*/"500",
           "the MFMA cycles after its memory phase that a global load "
           "whose value the next iteration uses needs to hide its latency">,
    Option<"maxOverhead", "max-overhead", "double", /*default=*/"0.25",
           "how much longer than its MFMAs the modelled iteration of two "
           "waves may be, as a fraction, for the loop to be split">,
    Option<"priority", "priority", "unsigned", /*default=*/"1",
           "the s_setprio of the MFMA phases (0: none)">,
    Option<"minMfmas", "min-mfmas", "unsigned", /*default=*/"16",
           "the fewest MFMAs of a loop that is split">,
    Option<"issueLeadMfmas", "lead-mfmas", "bool", /*default=*/"true",
           "issue the MFMAs of a phase that need nothing of the memory "
           "phase before it among that memory phase's ops">,
  ];
  let statistics = [
    Statistic<"numLoops", "loops", "loops split into phases">,
    Statistic<"numLeadMfmas", "lead-mfmas",
              "MFMAs issued among the ops of the memory phase before them">,
    Statistic<"numPhases", "phases", "MFMA phases made">,
    Statistic<"numDeclined", "declined", "loops with MFMAs left as they are">,
    Statistic<"numUnfenced", "barriers-without-wait",
              "memory phases ended without waiting for their accesses">,
  ];
  let dependentDialects = ["::mlir::ROCDL::ROCDLDialect"];
}

def WaveInterleaveMfmas
    : Pass<"wave-interleave-mfmas", "::mlir::LLVM::LLVMFuncOp"> {
  let summary = "Orders a loop's blocks so that each MFMA's issue shadow "
                "holds other work, fenced by sched_barrier";
  let description = [{
    For each loop with at least `min-mfmas` MFMAs, first moves the work of a
    block that a branch above it cannot change (a join whose operations take
    no operand from the branch's blocks and access no memory those blocks
    access) up into the highest block it is control-equivalent to, when
    that block holds MFMAs; the MFMAs themselves stay. Then, in each
    scheduling region of the loop's blocks (the code between
    `rocdl.sched.barrier`s, priorities, workgroup barriers, fences, waits
    and ops with effects it does not model) with at least `min-mfmas`
    MFMAs, it orders the ops: the MFMAs as written; after each, the memory
    accesses the MFMA `lead` places later is the first to need and the
    arithmetic the next one needs, then ready work (an LDS read's or global
    load's data after its latency), longest path to the region's end first,
    up to `fill` times an even share of the region's issue slots; and a
    `rocdl.sched.barrier 0` before every MFMA but the first, which makes
    each MFMA and its shadow a scheduling region of its own so that LLVM's
    scheduler keeps the order. Before ordering, it also moves global loads
    of memory the kernel only reads (a `llvm.noalias` argument that nothing
    stores to) and the arithmetic only they use from above a workgroup
    barrier to below it, when MFMAs follow the barrier. A model of one wave's in-order issue (the MFMA pipe at its
    kind's published cycles, VALU work at its issue slots, LDS and global
    latencies) compares the order as written with the new one; the pass
    changes the region only where the second is faster, and a remark on the
    loop gives both, or why it left the loop (too few MFMAs, calls, schedule
    groups already there) or a region (fewer MFMAs, LLVM's `iglp_opt`
    strategy in the backend's region, no modelled gain).
    The pass works on the lowered LLVM dialect, which `wave-run` does not
    execute; it moves no op past one it depends on (values, and accesses of
    one memory object with a write among them; distinct LDS arrays and
    `llvm.noalias` arguments are distinct objects), which the lit tests
    check.
    docs/passes/wave-interleave-mfmas.md has the algorithm and the
    measurements.
  }];
  let options = [
    Option<"lead", "lead", "unsigned", /*default=*/"3",
           "how many MFMAs ahead of its MFMA the operands' work is placed">,
    Option<"fill", "fill", "double", /*default=*/"1.0",
           "the share of a region's issue slots a shadow takes, as a "
           "multiple of the even share">,
    Option<"minMfmas", "min-mfmas", "unsigned", /*default=*/"8",
           "the fewest MFMAs of a loop, and of a region, that is ordered">,
  ];
  let statistics = [
    Statistic<"numLoops", "loops", "loops whose blocks were ordered">,
    Statistic<"numFences", "fences", "sched_barriers added between MFMAs">,
    Statistic<"numHoisted", "hoisted",
              "operations moved above a branch they do not depend on">,
    Statistic<"numSunk", "sunk",
              "loads of read-only memory moved below a workgroup barrier">,
    Statistic<"numDeclined", "declined", "loops with MFMAs left as they are">,
    Statistic<"numTrailingReads", "trailing-reads",
              "global reads moved behind the last MFMA before the barrier">,
  ];
  let dependentDialects = ["::mlir::ROCDL::ROCDLDialect"];
}

def WaveExportLLVMModule : Pass<"wave-export-llvm-module", "::mlir::ModuleOp"> {
  let summary = "Turns the lowered gpu.module into a translatable LLVM module";
  let description = [{
    Moves the body of the module's only `gpu.module`, already in the `llvm`
    and `rocdl` dialects, to the top-level module so that `mlir-translate
    --mlir-to-llvmir` gives the code object's LLVM IR. From the
    `#rocdl.target` it sets the module's target triple, every function's
    target CPU and features (the wave size), and the
    `amdhsa_code_object_version` module flag; the data layout is the
    `gpu.module`'s.
  }];
}

def WaveOutlineLaunches : Pass<"wave-outline-launches", "::mlir::ModuleOp"> {
  let summary = "Outlines every gpu.launch into a gpu.module kernel";
  let description = [{
    Runs upstream's `gpu-kernel-outlining` on a program whose kernels are
    still `gpu.launch` bodies, after checking that each body can become a
    kernel: it launches no kernel itself, every value it takes from the host
    (other than the constants outlining moves into it) is a scalar, a
    vector, a pointer or a memref, which a kernel can take as an argument,
    and every function it calls has a body to compile with it. Each check
    that fails is an error at the op concerned. A program without a
    `gpu.launch` is left as it is.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def WaveMemrefDescriptorArguments
    : Pass<"wave-memref-descriptor-arguments", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Kernels take memrefs as upstream's memref descriptors";
  let description = [{
    Rewrites every memref argument of every kernel of the `gpu.module` into
    the fields upstream's host lowering (`gpu-to-llvm` without
    `use-bare-pointers-for-kernels`) passes for it: the allocated and the
    aligned pointer, the offset, the sizes and the strides. A row-major
    memref, or one of static shape and layout, stays the argument in the
    aligned pointer's place, which the bare-pointer lowering makes that
    pointer, and a row-major one's `wave.dims` names its size fields, so
    that the analyses and the buffer lowering see the extents as kernel
    arguments; the allocated pointer is a rank-0 memref and the other fields
    `index` arguments. Another memref (dynamic strides or offset) is seen
    through a `memref.reinterpret_cast` of an aligned-pointer argument with
    the fields. The kernel's lowered arguments are then those of
    `convert-gpu-to-rocdl` with `use-bare-ptr-memref-call-conv=0`, and the
    passes after this one see bare-pointer kernels only. A layout that is
    not strided is an error at its kernel.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def WaveAttachBinaryTarget
    : Pass<"wave-attach-binary-target", "::mlir::ModuleOp"> {
  let summary = "Attaches #wave.target to every gpu.module for gpu-module-to-binary";
  let description = [{
    Sets the targets of every `gpu.module` of the program to one
    `#wave.target` with the options below, so that upstream's
    `gpu-module-to-binary` compiles each through the wave pipeline and
    LLVM's AMDGPU backend into the code object `wave-compile` makes for it.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"gfx942\"",
           "AMDGPU processor">,
    Option<"optLevel", "O", "unsigned", /*default=*/"3",
           "Optimization level, as wave-compile's -O (0 to 3)">,
    Option<"codeObjectVersion", "code-object-version", "unsigned",
           /*default=*/"5", "HSA code object version (5 or 6)">,
    Option<"occupancy", "occupancy", "unsigned", /*default=*/"0",
           "Waves per SIMD to budget every kernel's registers for">,
    Option<"memrefDescriptors", "memref-descriptors", "bool",
           /*default=*/"true",
           "Kernels take memref descriptors (gpu-to-llvm's default), not "
           "bare pointers">,
    Option<"fastMath", "fast-math", "::mlir::wave::FastMathMode",
           /*default=*/"::mlir::wave::FastMathMode::off",
           "Fast-math flags, as wave-compile's --fast-math: off, on (afn, "
           "arcp, contract) or finite (also nnan, ninf)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::wave::FastMathMode::off, "off",
                        "none (default)"),
             clEnumValN(::mlir::wave::FastMathMode::on, "on",
                        "--fast-math"),
             clEnumValN(::mlir::wave::FastMathMode::finite, "finite",
                        "--fast-math=finite"))}]>,
  ];
  let dependentDialects = ["::mlir::wave::WaveDialect"];
}

#endif // WAVE_CONVERSION_PASSES_TD

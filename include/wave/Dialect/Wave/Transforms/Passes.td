//===- Passes.td - Kernel-level passes of the wave dialect -*- tablegen -*-===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_TD
#define WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// One definition per pass: summary, description, options, statistics.

// Every pass that transforms kernels one at a time has this option and
// finds its kernels with getKernelsToTransform (Kernels.h).
defvar ReferenceKernelsOption =
    Option<"referenceKernels", "reference-kernels", "bool", "false",
           "Also transform reference kernels (those another kernel names "
           "with wave.reference), which are left as written by default">;

// The passes that count through StatisticCounts print the counts of a run
// with this option: the statistics themselves read 0 in release builds.
defvar SummaryOption =
    Option<"summary", "summary", "bool", "false",
           "Also report the statistics as one remark on the operation the "
           "pass runs on (LLVM release builds, such as the packaged MLIR, "
           "do not count statistics)">;

def WaveMinimizeGlobalLoads
    : Pass<"wave-minimize-global-loads"> {
  let summary = "Stages LDS tiles with the fewest, widest coalesced global "
                "loads";
  let description = [{
    A tile copied from global memory to LDS in an MMA-operand layout makes
    each lane load a few scattered elements. This pass finds, in every
    kernel, the `wave.read`s of global memory whose only user is a
    `wave.write` of the same value to LDS, grouped by block, LDS tile and
    global memref (one staging of one tile per loop iteration). From the
    access footprints it proves that the workgroup reads a dense box of
    global memory and that the writes place it in the tile by one
    translation, in every workgroup and iteration. It then replaces the
    group by the linear layout: runs of `width` elements contiguous in
    memory, row-major over the box with the unit-stride dimension
    innermost, consecutive lanes (linear thread ids) on consecutive runs,
    as many reads a lane as the box needs, and LDS writes of the same runs
    into the (possibly padded) tile. `width` is `load-bits / element bits`
    (8 f16, 4 f32) unless the box's rows or the proven alignment of the
    runs' starts allow only less; lanes past the end of the box are masked
    off in the last read and write.

    Groups that cannot be re-mapped are left alone with a remark saying
    why: a read with other users, a masked or unanalyzable access, a
    dynamic memref shape, reads that are not a dense box, writes that are
    not a translation of the reads, a memref without a unit-stride
    dimension, lane-dependent control flow or a memory access in the way,
    or a copy that each lane reads back only where it wrote, for which the
    linear layout would need a barrier the kernel does not have (tried on a
    copy of the kernel with the LDS hazard analysis).

    Barriers are not touched: `wave-insert-barriers` orders the new LDS
    writes. docs/passes/wave-minimize-global-loads.md has the algorithm,
    its limits and a worked example.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"loadBits", "load-bits", "unsigned", "128",
           "Widest load of one lane in bits: 8, 16, 32, 64 or 128 "
           "(global_load_dwordx4)">,
    SummaryOption,
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numTilesRestaged", "tiles-restaged",
              "Staging groups re-mapped to the linear layout">,
    Statistic<"numReadsBefore", "global-reads-before",
              "Global wave.read ops of the re-mapped groups, before">,
    Statistic<"numReadsAfter", "global-reads-after",
              "Global wave.read ops of the re-mapped groups, after">,
    Statistic<"numLoadsBefore", "wave-loads-before",
              "Load instructions a workgroup issues for the re-mapped "
              "groups (per wave), before">,
    Statistic<"numLoadsAfter", "wave-loads-after",
              "Load instructions a workgroup issues for the re-mapped "
              "groups (per wave), after">,
    Statistic<"numLaneLoadsBefore", "lane-loads-before",
              "Loads of all lanes of a workgroup for the re-mapped groups, "
              "before">,
    Statistic<"numLaneLoadsAfter", "lane-loads-after",
              "Loads of all lanes of a workgroup for the re-mapped groups, "
              "after">,
    Statistic<"bytesPerLoadBefore", "bytes-per-load-before",
              "Bytes a lane load moves on average in the re-mapped groups, "
              "before">,
    Statistic<"bytesPerLoadAfter", "bytes-per-load-after",
              "Bytes a lane load moves on average in the re-mapped groups, "
              "after">,
    Statistic<"numAlreadyMinimal", "tiles-already-minimal",
              "Staging groups the linear layout would not improve">,
    Statistic<"numBailOtherUsers", "bail-other-users",
              "Groups left alone: a global read has other users">,
    Statistic<"numBailUnanalyzable", "bail-unanalyzable",
              "Groups left alone: an access is masked or has no usable "
              "footprint">,
    Statistic<"numBailDynamicExtent", "bail-dynamic-extent",
              "Groups left alone: the global memref has a dynamic extent, "
              "stride or offset">,
    Statistic<"numBailNotDenseBox", "bail-not-dense-box",
              "Groups left alone: the reads are not a dense box">,
    Statistic<"numBailNotBijective", "bail-not-bijective",
              "Groups left alone: the LDS writes are not a translation of "
              "the reads">,
    Statistic<"numBailNotContiguous", "bail-not-contiguous",
              "Groups left alone: no unit-stride dimension to run along">,
    Statistic<"numBailNotMovable", "bail-not-movable",
              "Groups left alone: lane-dependent control flow or a memory "
              "access in the way">,
    Statistic<"numBailNeedsBarrier", "bail-needs-barrier",
              "Groups left alone: the linear layout would make the kernel "
              "need a barrier it does not have">,
  ];
}

def WaveDirectToLds : Pass<"wave-direct-to-lds"> {
  let summary = "Copies staged LDS tiles with global_load_lds, without "
                "registers";
  let description = [{
    A tile staged through LDS (a `wave.read` of global memory whose only
    user is a `wave.write` of its value to LDS) whose copy is the linear
    layout `wave-minimize-global-loads` makes can skip the registers:
    `global_load_lds` loads each lane's bytes from its own global address
    and writes them to LDS at a wave-uniform base (M0) plus the lane's index
    times the size. For every staging group of every kernel the pass checks
    that the chip has such a load of the copy's size a lane (gfx950: 16 or
    4 bytes; gfx942 and gfx90a: 4; a copy of wider runs is restaged in
    runs the chip copies, tried first on a copy of the kernel), that the
    lanes of every wave write
    consecutive LDS addresses from an aligned base (an unpadded tile
    region, every lane taking part), and that the loaded
    value has no other use; it then moves each read next to its write and
    marks the write `wave.direct_to_lds`, which `convert-wave-to-amdgpu`
    lowers with the read to one `amdgpu.gather_to_lds`. The IR keeps its
    meaning (the interpreter, the hazards and the barriers see the same
    read and write); the backend waits for the copies (`vmcnt`) before the
    barrier that orders them. On a swizzled tile the lanes must write
    consecutive logical addresses; the pass then permutes the runs the lanes read so that each lane
    copies the run the swizzle puts at its consecutive address (the swizzle
    moves to the read side).

    Each group gets a remark: the copy made direct, with the cost model
    (VGPRs a lane no longer fills, `ds_write`s removed), or why not.
    Run it after `wave-minimize-global-loads` and before
    `wave-pipeline-loops` (which moves a copy as one op in LDS buffers and
    undoes it in registers) and `wave-optimize-lds-layout` (which gives a
    tile with direct writes only a swizzle its copies can take). docs/passes/wave-direct-to-lds.md
    has the algorithm, its limits and a worked example.
  }];
  let options = [
    SummaryOption,
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numTilesDirect", "tiles-direct",
              "Staging groups copied with global_load_lds">,
    Statistic<"numTilesNarrowed", "tiles-restaged-narrower",
              "Staging groups restaged in runs the chip's global_load_lds "
              "copies (narrower than their loads) to be copied directly">,
    Statistic<"numCopiesDirect", "copies-direct",
              "Read and write pairs made one direct copy">,
    Statistic<"numVgprsSaved", "vgprs-saved",
              "VGPRs a lane no longer fills with staged data, summed over "
              "the direct groups">,
    Statistic<"numDsWritesRemoved", "ds-writes-removed",
              "ds_write instructions a lane no longer issues, summed over "
              "the direct groups">,
    Statistic<"numBailWidth", "bail-width",
              "Groups left alone: the chip has no global_load_lds of the "
              "copy's size">,
    Statistic<"numBailNotLinear", "bail-not-linear",
              "Groups left alone: the copy is not the linear layout of "
              "wave-minimize-global-loads">,
    Statistic<"numBailOtherUsers", "bail-other-users",
              "Groups left alone: the loaded value is used in registers">,
    Statistic<"numBailSwizzled", "bail-swizzled",
              "Groups left alone: the tile is swizzled and the copy's maps "
              "have symbols">,
    Statistic<"numBailNotConsecutive", "bail-not-consecutive",
              "Groups left alone: the lanes of a wave do not write "
              "consecutive LDS addresses">,
    Statistic<"numBailMasked", "bail-masked",
              "Groups left alone: a masked or bounded copy, or a cache hint">,
  ];
}

def WaveCoarsenLanes : Pass<"wave-coarsen-lanes"> {
  let summary = "Gives each lane of a lane-private kernel several consecutive "
                "lanes' work, so its accesses move up to 16 bytes";
  let description = [{
    In a kernel whose lanes never exchange data (no LDS, no barrier, no
    collective or MMA, no lane id, and no global element one lane writes
    that another lane touches), lane `t` can just as well do the work of
    lanes `V * t` to `V * t + V - 1`: the workgroup shrinks from `X` to
    `X / V` lanes along x (`known_block_size` is rewritten; the grid stays),
    and when lane `t + i`'s access starts `i * N` elements after lane `t`'s
    along the access's contiguous dimension (`N` the vector length), the
    `V` accesses become one `wave.read`/`wave.write` of `V * N` elements.

    `V` is the largest power of two for which every access moves at most
    `access-bits` (16 bytes by default: `global_load_dwordx4`), `X` is a
    multiple of `V` and the workgroup keeps at least one wave. The kernel's
    top-level ops are copied `V` times, copy `i` seeing the old thread id
    `V * t + i` (and the old `gpu.block_dim x`), and the copies of each
    access are merged, so every old lane's accesses keep their order. The
    contiguity and the lane-private data are proved by emptiness questions
    on the accesses' symbolic footprints, over every workgroup of any grid
    (`known_grid_size` is not needed).

    The pass leaves a kernel alone, with a remark saying why, when it
    shares data between lanes (LDS, barriers, collectives, lane ids, an
    element written by one lane and touched by another), has an access
    that is not a `wave.read`/`wave.write` of a kernel argument or sits in
    a region, an access whose neighbouring lanes are not contiguous or
    whose address is not affine, sizes that do not divide, no known
    workgroup size, or accesses that are already as wide as allowed.
    docs/passes/wave-coarsen-lanes.md has the algorithm, its limits and a
    worked example.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"accessBits", "access-bits", "unsigned", "128",
           "Widest access of one lane in bits (128 is global_load_dwordx4)">,
    SummaryOption,
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numCoarsened", "kernels-coarsened",
              "Kernels whose lanes were coarsened">,
    Statistic<"numWidened", "accesses-widened",
              "Lane accesses merged into one wider access">,
    Statistic<"numBailNotLanePrivate", "bail-not-lane-private",
              "Kernels left alone: lanes share data, or an op may">,
    Statistic<"numBailNotContiguous", "bail-not-contiguous",
              "Kernels left alone: an access of neighbouring lanes is not "
              "contiguous in the thread id">,
    Statistic<"numBailSizes", "bail-sizes",
              "Kernels left alone: no launch sizes, or sizes that do not "
              "divide">,
    Statistic<"numAlreadyWide", "already-wide",
              "Kernels left alone: their accesses are already as wide as "
              "allowed">,
  ];
}

def WaveUseCollectives : Pass<"wave-use-collectives"> {
  let summary = "Replaces the in-wave levels of LDS reduction trees by "
                "wave.reduce";
  let description = [{
    The classic shared-memory reduction writes each lane's value to an LDS
    buffer, then, for s = S, S/2, ..., 1, lets lanes t < s combine buf[t]
    and buf[t + s] into buf[t], with a barrier before every level. Once
    2 s is at most the wave size, every pair of partners sits in the first
    wave, and one `wave.reduce` over its lanes t < 2 s computes what the
    remaining levels would, without LDS traffic or barriers.

    The pass recognizes, in every block, chains of `scf.if (tid < s)` whose
    arm reads buf[t] and buf[t + s] (proved from the footprints), combines
    them with an op `wave.reduce` has (`arith.addf`/`addi`, `mulf`/`muli`,
    `maxnumf`/`maxsi`, `minnumf`/`minsi`, `andi`, `ori`, `xori`) and writes
    the result back to buf[t]; s halves from level to level, and only
    barriers and side-effect-free ops sit between levels. The last level
    (s = 1) may use the combination otherwise (write it to global memory).
    The levels with 2 s <= wave size become `scf.if (tid < 2 s)` around a
    read of buf[t], one `wave.reduce` and the last level's arm fed with the
    reduction; the levels across waves and their barriers stay, and
    `wave-insert-barriers` drops the barriers that no longer order anything.

    A remark says what was recognized, or why a tree or a level was left
    alone: a tree that does not end at s = 1, a workgroup that is not
    one-dimensional, levels that combine differently, a buffer read after
    the tree at elements other than the root, a combination `wave.reduce`
    does not have (e.g. `arith.subf`, or `maximumf` with its NaN rule).
    Float combinations are reassociated (the wave's order differs from the
    tree's), as any parallel reduction does.
    docs/passes/wave-use-collectives.md has the algorithm, its limits and a
    worked example.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    SummaryOption,
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numTrees", "trees-found", "LDS reduction trees recognized">,
    Statistic<"numRewritten", "trees-rewritten",
              "Trees whose in-wave levels became a wave.reduce">,
    Statistic<"numLevelsReplaced", "levels-replaced",
              "Tree levels replaced by wave.reduce">,
    Statistic<"numLevelsKept", "levels-kept",
              "Tree levels across waves kept in LDS">,
    Statistic<"numBails", "left-alone",
              "Trees and level-like branches left alone">,
  ];
}

def WaveFastMath : Pass<"wave-fast-math"> {
  let summary = "Sets fast-math flags on every float op of the kernels";
  let description = [{
    `wave-compile --fast-math` (and `wave-optimize{fast-math=true}`) run
    this pass first. It adds, to every op of every kernel that carries
    fast-math flags (`arith` float ops, `math` ops, `vector.reduction`, ...),
    the flags whose effect is an accuracy the documentation can state:

    * `afn`: functions may be approximated: `math.exp` and `math.exp2` on
      f32 become `v_exp_f32` of a base-2 exponent and f32 division a
      multiply by `v_rcp_f32` (`wave-lower-approximate-math`);
    * `arcp`: a division may be a multiply by the reciprocal;
    * `contract`: a multiply and an add may fuse into one fma (one rounding
      fewer).

    With `finite` it also adds `nnan` and `ninf`: the kernel promises that
    no value is NaN or infinite, which lets LLVM drop the NaN rule of
    `maximumf` (one `v_max_f32` instead of a compare and select) and other
    checks; a NaN or infinity that does occur makes the result undefined
    (LLVM's poison), so this is only on request.

    Each kernel also gets the LLVM attribute `"amdgpu-ieee"="false"`: it
    runs with the mode register's IEEE bit clear, so float instructions need
    not quiet a signaling NaN input (LLVM leaves a NaN's quietness
    unspecified; no value changes otherwise), and the backend drops the
    `v_max_f32 x, x` that quiets each input of a `maxnumf` or `minnumf` it
    cannot prove canonical, such as a row maximum over scores that cross a
    branch.

    Flags already on an op are kept. `wave-run` models the approximations of
    `afn` (the exponent rounded to f32 before `v_exp_f32`, the reciprocal
    rounded before the multiply, results below the smallest normal f32
    flushed to zero), so `wave-run --compare-pipeline=wave-fast-math`
    measures what they cost; docs/passes/wave-fast-math.md has the measured
    bounds.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"finite", "finite", "bool", "false",
           "Also assume no NaN and no infinity (nnan, ninf)">,
    SummaryOption,
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numFlagged", "ops-flagged", "Ops given fast-math flags">,
  ];
}

def WaveOptimizeLdsLayout : Pass<"wave-optimize-lds-layout"> {
  let summary = "Chooses padding or an XOR swizzle for every LDS tile";
  let description = [{
    For every `wave.alloc_lds` tile of a kernel whose chip has an LDS bank
    model, this pass computes the bank-conflict cycles of each of the tile's
    accesses (the bank-conflict analysis, from exact per-lane footprints) for
    the tile's current layout, for row paddings of 4, 8 and 16 bytes and for
    every XOR swizzle `#wave.swizzle<vec, per_phase, max_phase>` that fits
    the tile's rows and accesses. It keeps the layout with the fewest extra
    (conflict) cycles over all executions of the accesses, then the fewest
    bytes, then the fewest LDS instructions, the current layout winning
    ties. Bytes come second only while the kernel's LDS limits its
    occupancy (for its chip and `known_block_size`) below the chip's
    maximum and below the occupancy the kernel asks for in `#wave.kernel`,
    if it asks; otherwise fewer bytes
    buy nothing, and the order is cycles, instructions, no swizzle (whose
    XOR every address pays), bytes. An access along the rows that is wider than a swizzle's groups is
    split into accesses of one group each when that layout wins (a
    `ds_write_b128` becomes two `ds_write_b64`, which cost the same
    cycles). A padding that would take the kernel past the LDS a workgroup
    can allocate on its chip is not tried (the remark counts those).
    A tile written by direct-to-LDS copies (`wave-direct-to-lds`) is given
    no padding, and only swizzles whose groups hold a copy's run: when one
    wins, each copy reads the run the swizzle puts at its lane's
    consecutive address (the swizzle moves to the read side), so its lanes
    still write consecutive addresses; the copies are not costed, being the
    same in every layout tried.

    Every tile gets a remark with the cycles (all, and extra) and bytes
    before and after, or with the reason it is left alone: no bank model
    for the chip, a rank-1 tile, a use other than `wave.read`/`wave.write`,
    a register spill slot, or an access whose footprint is not exact.
    Padding and swizzling are bijections on the tile's elements, so the
    kernel's results, its hazards and the barriers ordering them do not
    change. docs/passes/wave-optimize-lds-layout.md has the search, its
    limits and the gemm example.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numTilesChanged", "tiles-changed",
              "LDS tiles given another padding or swizzle">,
    Statistic<"numTilesKept", "tiles-kept",
              "Analyzed LDS tiles whose layout was already best">,
    Statistic<"numTilesLeftAlone", "tiles-left-alone",
              "LDS tiles the pass could not analyze">,
    Statistic<"numAccessesSplit", "accesses-split",
              "Accesses split into one access per swizzle group">,
    Statistic<"numDirectCopiesPermuted", "direct-copies-permuted",
              "Direct-to-LDS copies whose reads take the tile's new swizzle">,
    Statistic<"extraCyclesBefore", "extra-cycles-before",
              "Bank-conflict cycles of a workgroup's run, changed tiles, "
              "before">,
    Statistic<"extraCyclesAfter", "extra-cycles-after",
              "Bank-conflict cycles of a workgroup's run, changed tiles, "
              "after">,
    Statistic<"bytesBefore", "bytes-before",
              "LDS bytes of the changed tiles, before">,
    Statistic<"bytesAfter", "bytes-after",
              "LDS bytes of the changed tiles, after">,
  ];
}

def WaveInsertBarriers : Pass<"wave-insert-barriers"> {
  let summary = "Inserts the fewest workgroup barriers ordering every LDS "
                "hazard";
  let description = [{
    Two LDS accesses form a hazard when two different lanes touch a common
    address, one of them writes (read after write, write after read, write
    after write), and some control-flow path leads from one to the other
    without a barrier. For every kernel, this pass finds the LDS
    accesses (`wave.read` / `wave.write` and `memref.load` / `memref.store`
    on `#gpu.address_space<workgroup>` memrefs; other ops whose effects may
    touch LDS count as touching all of their buffer, or of every buffer),
    their buffers (the `wave.alloc_lds` they come from) and exact per-lane
    footprints, lanes excluded by the `scf.if` conditions around them. It
    checks every pair along straight-line code, both arms of `scf.if`, and
    the back edges of `scf.for` and `scf.while` (iteration i to i + 1 and to
    later iterations, with the induction variables' values), nested loops
    included. A lane that only touches what it wrote itself needs no
    barrier.

    Lanes of one wave get barriers too, a workgroup of one wave included:
    the hardware issues one wave's LDS instructions in order, but LLVM may
    reorder one lane's accesses to addresses it proves different (lane t
    writes `buf[t]`, then reads `buf[t + 32]`, which lane t + 32 wrote), and
    the lowering does not fence that. `assume-wave-order` drops the
    barriers between lanes of one wave, for a lowering that keeps each
    wave's LDS accesses in program order.

    It then orders every hazard with the fewest barriers: existing
    `wave.barrier`s that order a hazard stay (all of them with
    `keep-user-barriers`), the others are removed, and new ones go where
    they cost least. Without `keep-user-barriers` the pass also places
    every barrier of a kernel afresh, as if the input had none of its
    `wave.barrier`s, and where that costs less (fewer barriers in the
    innermost loops, then fewer overall) it moves them, with a remark.
    Fewer barriers in the innermost loops come first (a
    barrier in a loop body runs once per iteration), then fewer overall:
    greedy interval stabbing at the latest point on straight-line code,
    over all first points around a loop body's cycle, choosing among equally
    cheap loop-body placements the one that leaves the fewest barriers
    outside. A hazard no barrier can order (all the code between the two
    accesses is under control flow that not every lane of the workgroup
    takes alike) gets a warning. `gpu.barrier` and `amdgpu.lds_barrier`
    order hazards but are never removed.

    `wave.barrier` lowers to `amdgpu.lds_barrier` (LDS only) in
    `convert-wave-to-amdgpu`. docs/passes/wave-insert-barriers.md has the
    analysis, the placement algorithm, the per-chip assumptions and worked
    examples.
  }];
  let dependentDialects = ["::mlir::wave::WaveDialect"];
  let options = [
    Option<"keepUserBarriers", "keep-user-barriers", "bool",
           /*default=*/"false",
           "Keep every wave.barrier of the input where it is, even one "
           "ordering no hazard or one a cheaper point could replace">,
    Option<"assumeWaveOrder", "assume-wave-order", "bool",
           /*default=*/"false",
           "Rely on the lowering keeping the LDS accesses of one wave in "
           "program order (no barrier between lanes of one wave); off, only "
           "a lane's own accesses are ordered">,
    SummaryOption,
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numHazards", "hazards",
              "LDS hazards placement orders (pairs of accesses and path "
              "classes; those a nearer one implies are left out)">,
    Statistic<"numInserted", "barriers-inserted", "Barriers inserted">,
    Statistic<"numKept", "barriers-kept",
              "wave.barrier ops of the input kept">,
    Statistic<"numRemoved", "barriers-removed",
              "wave.barrier ops of the input removed (they ordered no "
              "hazard)">,
    Statistic<"numMoved", "barriers-moved",
              "wave.barrier ops of the input that ordered hazards, removed "
              "for barriers the pass placed at cheaper points">,
    Statistic<"numUnordered", "hazards-unordered",
              "Hazards no barrier can order (lane-divergent control flow)">,
    Statistic<"numInexact", "inexact-footprints",
              "LDS accesses without an exact footprint, treated as "
              "touching their whole buffer">,
    Statistic<"numApproximated", "approximated-footprints",
              "LDS accesses whose footprint is a superset of their elements "
              "(swizzled runs taken as whole swizzle blocks)">,
    Statistic<"numUndecided", "undecided-pairs",
              "Pair questions the analysis left undecided once its integer "
              "searches were spent, each taken as a conflict">,
  ];
}

def WavePipelineLoops : Pass<"wave-pipeline-loops"> {
  let summary = "Software-pipelines loops that stage global data through LDS";
  let description = [{
    A loop that stages a tile through LDS reads global memory, writes the
    values to LDS, waits at a barrier and reads the tile back for its MMAs;
    every iteration then waits for its own global loads. This pass rotates
    such an `scf.for` (a `wave.read` of global memory whose value reaches
    only `wave.write`s of LDS in the loop body, directly or through pure ops
    that rearrange it in registers: a staged read) so that the global
    reads of iteration k + stages - 1 are issued in iteration k, before its
    LDS reads and MMAs: a prologue issues the first stages - 1 iterations'
    reads, the steady-state loop runs trip count - (stages - 1) iterations,
    and an epilogue finishes the last stages - 1 iterations. In registers
    there is by default no epilogue: the loop runs every iteration and the
    reads ahead of the last one are clamped to it (they read the last
    iteration's data again, in bounds, and go unused), which saves a copy
    of the body a stage for one redundant read a lane a staged read and
    stage (`peel-epilogue` peels it instead); with constant bounds that fit
    32 bits such a loop counts in `i32`, whose minimum the scalar unit has.

    With `buffer=registers` the prefetched vectors are
    loop-carried values: an iteration writes the vectors it received to LDS
    where the original wrote them, then issues the reads for the iteration
    stages - 1 ahead. The loop's other global reads directly in its body
    (an MMA's scales, a bias: their values feed the computation) are issued
    ahead and carried in registers with either buffer, unless their address
    depends on a value the loop computes by other than pure ops (a remark
    says which). With `buffer=lds` every staged tile gets `stages`
    buffers (a leading dimension of the `wave.alloc_lds`); an iteration
    issues its reads ahead, runs the LDS reads and MMAs on the buffer of its
    own iteration and writes the prefetched vectors into the buffer of
    theirs at its end, so the LDS write of one iteration and the reads of
    the next need only one barrier between them. Barriers are left to
    `wave-insert-barriers`. With `buffer=auto` (the default) a loop gets
    LDS buffers when the MMAs of one iteration hold the matrix pipe at
    least `lds-buffer-cycles` (500: the latency assumed of a global read)
    at the chip's published rate (`getMmaPipeCycles`), and registers
    otherwise: its LDS writes wait, in the iteration that issued them, for
    the reads ahead, which only a long enough iteration of MMAs hides. It
    keeps registers, too, where its trailing MMAs can be deferred as the
    whole chains `wave-widen-mma` joins within the budget: those cover the
    staging writes as the buffers would.

    The MMAs after an iteration's last LDS read depend only on registers.
    When there are at least `defer-mmas` of them, the pass moves them to the
    start of the next iteration (their fragments and accumulators become
    loop-carried values, the first iteration's other ops are peeled in
    front of the loop, the last iteration's MMAs follow it), so that they
    share one loop body with the next iteration's LDS writes, barrier and
    first LDS reads, and marks the loop `wave.interleave_mma`: the lowering
    asks LLVM's scheduler to interleave its MFMAs with the memory accesses
    (`llvm.amdgcn.iglp.opt` 0) on chips with MFMA. The carried fragments
    count against the register budget; a remark says when they do not fit.
    Of a packed fragment (`k_pack`: one read for several K steps) only the
    last step's MMAs are deferred, so that the loop carries that step's
    slices, not the whole fragments. In a workgroup of 8 waves (a multiple
    of 8), whose loop wave-ping-pong splits into phases after lowering, the
    K steps before them are deferred too, one at a time while they fit and
    up to 3, on chips that do not join the MMAs along K, until the deferred
    MMAs hold the matrix pipe as long as the step's LDS writes take (12
    cycles a prefetched VGPR): the first MFMA phase, the deferred MMAs, then
    covers the other wave's LDS writes.

    The steady-state loop gets `loop_annotation` with
    `llvm.loop.unroll.disable`: the schedule and its registers are the
    pass's, and LLVM would otherwise unroll a pipelined loop of a few
    iterations, beyond the register budget the pass counted.

    A loop of run-time trip count (a run-time upper bound; constant lower
    bound and step) is pipelined when the kernel's `wave.assume` proves it
    runs at least the iterations the rotation takes (the stages, one more
    with deferred MMAs); otherwise the pass versions it: an `scf.if` on the
    trip count runs the pipelined loop, or the loop as written when there
    are fewer iterations.

    A loop is pipelined only when the rotation provably keeps its meaning
    and fits the kernel's budget; otherwise a remark says why: a run-time
    lower bound or step, a static trip count below the stages; a staged read whose address
    or mask depends on a loop-carried value or on memory; an op in the loop
    that may write the memory a staged read reads; (with `buffer=lds`) a
    tile that is not a `wave.alloc_lds`, is accessed outside the loop or
    by other ops, or is read before it is staged; the kernel names no chip.
    The budget is the kernel's requested occupancy (`#wave.kernel`
    `occupancy`), or without one the occupancy the kernel reaches before
    pipelining (registers and LDS). The pass estimates the loop's register
    pressure with the register-pressure analysis, adds the prefetched
    vectors (stages - 1 sets in registers, one set live across the MMAs
    with LDS buffers, none for the direct-to-LDS copies that stay one op),
    and with `buffer=lds` adds the extra tile buffers to
    the kernel's LDS; it uses the most stages up to `stages` that fit, and
    says so when it uses fewer.

    docs/passes/wave-pipeline-loops.md has the algorithm, its limits and a
    worked example.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
  ];
  let options = [
    Option<"stages", "stages", "unsigned", /*default=*/"2",
           "Iterations in flight: global reads are issued stages - 1 "
           "iterations ahead (at least 2)">,
    Option<"buffer", "buffer", "::mlir::wave::PipelineBuffer",
           /*default=*/"::mlir::wave::PipelineBuffer::Auto",
           "Where the prefetched stages live",
           [{::llvm::cl::values(
               clEnumValN(::mlir::wave::PipelineBuffer::Registers,
                          "registers", "loop-carried lane vectors"),
               clEnumValN(::mlir::wave::PipelineBuffer::Lds, "lds",
                          "one LDS buffer per stage for each staged tile"),
               clEnumValN(::mlir::wave::PipelineBuffer::Auto, "auto",
                          "LDS buffers where an iteration's MMAs hold the "
                          "matrix pipe at least lds-buffer-cycles, registers "
                          "elsewhere"))}]>,
    Option<"ldsBufferCycles", "lds-buffer-cycles", "unsigned",
           /*default=*/"500",
           "With buffer=auto, the fewest cycles of the matrix pipe an "
           "iteration's MMAs take (at the chip's published rate) for LDS "
           "buffers: the latency of the global reads an iteration's LDS "
           "writes wait for">,
    Option<"headroom", "headroom", "unsigned", /*default=*/"8",
           "VGPRs the estimate must leave free below the budget (as "
           "wave-budget-registers)">,
    Option<"peelEpilogue", "peel-epilogue", "bool", /*default=*/"false",
           "With buffer=registers, finish the last stages - 1 iterations in "
           "an epilogue (copies of the body without the reads) instead of in "
           "the loop with their reads ahead clamped to the last iteration "
           "(buffer=lds and loops with deferred MMAs always peel)">,
    Option<"deferMmas", "defer-mmas", "unsigned", /*default=*/"2",
           "Move the MMAs after an iteration's last LDS read to the start "
           "of the next iteration, beside its LDS staging, when there are "
           "at least this many (0: never)">,
    SummaryOption,
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numPipelined", "loops-pipelined", "Loops pipelined">,
    Statistic<"numReadsPrefetched", "reads-prefetched",
              "Global wave.read ops issued ahead in the pipelined loops">,
    Statistic<"numOperandReadsPrefetched", "operand-reads-prefetched",
              "Of those, reads whose value feeds the body's computation "
              "rather than an LDS write">,
    Statistic<"numVersioned", "loops-versioned",
              "Pipelined loops of run-time trip count behind a run-time "
              "check of it">,
    Statistic<"numStagesReduced", "stages-reduced",
              "Loops pipelined with fewer stages than requested (budget)">,
    Statistic<"numInRegistersInstead", "in-registers-instead",
              "Loops pipelined in registers under buffer=lds or auto: their "
              "staging rearranges in registers, their LDS buffers do not "
              "fit, or (auto) their MMAs are too short to hide the reads "
              "or deferred whole chains of them cover the writes">,
    Statistic<"numLdsBytesAdded", "lds-bytes-added",
              "Bytes of LDS the extra tile buffers add">,
    Statistic<"numMmasDeferred", "loops-mmas-deferred",
              "Pipelined loops whose trailing MMAs moved to the next "
              "iteration">,
    Statistic<"numRejectedTripCount", "rejected-trip-count",
              "Loops left alone: trip count not static or below the stages">,
    Statistic<"numRejectedDependence", "rejected-dependence",
              "Loops left alone: a dependence the rotation cannot prove "
              "safe">,
    Statistic<"numRejectedRegisters", "rejected-registers",
              "Loops left alone: registers over the budget">,
    Statistic<"numRejectedTarget", "rejected-target",
              "Loops left alone: the kernel names no chip to budget for">,
  ];
}

def WavePeelLoops : Pass<"wave-peel-loops"> {
  let summary = "Peels the first iteration of loops of run-time trip count "
                "that run at least once and at most a few times";
  let description = [{
    A loop of run-time trip count is entered through a test of that count,
    and its first loads issue only once the count is computed and tested;
    its static twin, unrolled by LLVM, issues them first and computes the
    rest while they are in flight. For every `scf.for` whose bounds are not
    all constants, when the kernel's `wave.assume` proves that the loop runs
    at least once and at most `max-trips` times, this pass copies its first
    iteration before it (the lower bound as counter, the initial values as
    iteration arguments) and starts the loop one step later from what that
    iteration yields. The first iteration then needs no test, and its loads
    are the kernel's first; the loop's test and trip count move behind them.
    The bound on the trips keeps the copy to loops whose first iteration is
    a large part of their work (a row of a few tiles; not a GEMM's K loop).
    A remark on each such loop says whether it was peeled, or which of the
    two facts `wave.assume` does not give. docs/passes/wave-peel-loops.md
    has the measurements.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
  ];
  let options = [
    Option<"maxTrips", "max-trips", "int64_t", "16",
           "Peel only loops that run at most this many times in every "
           "launch wave.assume allows">,
    SummaryOption,
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numPeeled", "peeled", "loops whose first iteration was peeled">,
    Statistic<"numDeclined", "declined",
              "loops of run-time trip count left as they are">,
  ];
}

def RemoveDivergence : Pass<"wave-remove-divergence"> {
  let summary = "Turns cheap branches on lane-divergent conditions into selects";
  let description = [{
    A branch whose condition differs between the lanes of a wave makes the
    wave run both arms, each with part of its lanes masked off. This pass
    finds every `scf.if` whose condition the uniformity analysis proves
    divergent and, when both arms are safe to run in every lane and cheap,
    hoists both arms in front of the branch and replaces each result with an
    `arith.select` on the condition. Stores that both arms make to the same
    address (same memref, indices, map, mask and attributes; at the same
    position in each arm) become one store of a selected value, so the
    even/odd writer

    ```mlir
    scf.if %even {
      %y = arith.mulf %x, %two : vector<1xf32>
      wave.write %y, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<4096xf32>
    } else {
      %y = arith.addf %x, %one : vector<1xf32>
      wave.write %y, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<4096xf32>
    }
    ```

    becomes straight-line code:

    ```mlir
    %0 = arith.mulf %x, %two : vector<1xf32>
    %1 = arith.addf %x, %one : vector<1xf32>
    %2 = arith.select %even, %0, %1 : vector<1xf32>
    wave.write %2, %Y[%tid, %wg] map #elem : vector<1xf32>, memref<4096xf32>
    ```

    Branches are visited inside-out, so a converted inner branch leaves its
    outer arm straight-line. Branches on uniform conditions are never
    touched. A divergent branch is kept, with a remark giving the reason and
    a statistic, when an arm holds a barrier, a collective or another
    convergent op, a store without a matching store in the other arm, any
    other op with side effects or that may trap (e.g. division by a value
    not known to be non-zero), a loop, or a load (`wave.read`, `memref.load`)
    that is not provably in bounds, or reads memory after a store of its
    arm; an LDS read that, run by the lanes that did not take the branch,
    the LDS hazard analysis cannot prove ordered by the kernel's barriers
    against every other lane's write and reading only elements written
    before it; or when the speculated cost exceeds `threshold`.

    The cost is that of every op of both arms plus one select per result
    and per merged store, in units of one cheap ALU instruction per 32-bit
    register of the result: constants and bitcasts 0, additions,
    comparisons, multiplies and other ALU ops 1, loads 2, division,
    remainder and transcendental math 8. The default threshold of 8 is
    close to what LLVM (about 7 multiplies) and Mesa NIR (8) speculate.

    Where both arms compute a merged value with the same op and differ in
    one operand, the select chooses that operand and the op runs once:
    `c ? f(a, x) : f(a, y)` becomes `f(a, c ? x : y)`, and `c ? a + x :
    a - y` becomes `a + (c ? x : -y)` (the negation is a source modifier
    of the select on AMDGPU and costs nothing). The cost counts the one op
    and the select of the operand.
  }];
  let options = [
    Option<"threshold", "threshold", "unsigned", /*default=*/"8",
           "Largest speculated cost (both arms plus the selects) of a "
           "divergent branch that is converted">,
    SummaryOption,
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numConverted", "converted",
              "Divergent branches turned into selects">,
    Statistic<"numMergedStores", "stores-merged",
              "Store pairs merged into one store of a selected value">,
    Statistic<"numOperandSelects", "operands-selected",
              "Merged values computed by one op of a selected operand "
              "instead of a select of two ops' results">,
    Statistic<"numUniform", "left-uniform",
              "Branches left alone because their condition is uniform (or "
              "they are unreachable)">,
    Statistic<"numRejectedSideEffect", "rejected-side-effect",
              "Divergent branches kept: an unmatched store, another side "
              "effect, an op that may trap or a loop in an arm">,
    Statistic<"numRejectedBarrier", "rejected-barrier",
              "Divergent branches kept: a barrier in an arm">,
    Statistic<"numRejectedConvergent", "rejected-convergent",
              "Divergent branches kept: a collective or other convergent "
              "op in an arm">,
    Statistic<"numRejectedOutOfBounds", "rejected-out-of-bounds",
              "Divergent branches kept: a load not provably in bounds">,
    Statistic<"numRejectedLdsRead", "rejected-lds-read",
              "Divergent branches kept: an LDS read that the lanes not "
              "taking the branch would run unordered with another lane's "
              "write, or before any write of what it reads">,
    Statistic<"numRejectedCost", "rejected-cost",
              "Divergent branches kept: speculated cost over the threshold">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def BudgetRegisters : Pass<"wave-budget-registers"> {
  let summary = "Budgets a kernel's registers for a requested occupancy";
  let description = [{
    For every kernel with a requested occupancy (waves per SIMD; the
    `occupancy` of its `#wave.kernel`, or this pass's `occupancy` option,
    which overrides it) the pass computes the register budget the chip
    allows at that occupancy,

      R_max = floor(F / (O * W * w)) rounded down to the allocation granule

    (F the SIMD's VGPR file, W the wave size, w 4 bytes; on gfx942 512
    registers, granule 8: 512, 256, 168, 128, 96, 80, 72, 64 for 1 to 8
    waves), estimates the kernel's pressure with the register-pressure
    analysis, and makes the backend honour the budget: it sets
    `rocdl.waves_per_eu`, pins `rocdl.flat_work_group_size` to the real
    workgroup size (the product of `known_block_size`; the backend's default
    of 1024 lanes would cap the registers on its own) and passes
    `amdgpu-num-vgpr` and, on chips with accumulation registers,
    `amdgpu-agpr-alloc` through the function's `passthrough` attribute.

    When the estimate plus `headroom` exceeds the budget, lane values are
    spilled to LDS as a last resort: repeatedly, at the point of highest
    pressure, the vector value with the longest live range that lives
    across that point and is neither defined nor used in an innermost loop
    gets a `wave.alloc_lds` slot per lane, written right after its
    definition and read back before each use. The spill buffers count in the
    LDS limit of the occupancy model; when reaching the budget would need
    more LDS than the requested occupancy leaves (or the kernel's own LDS
    or its workgroup size rule the occupancy out), the request is
    infeasible and the kernel is budgeted for the highest lower occupancy
    that is feasible, which the remark says; only when none is, it is left
    unchanged except for the pinned workgroup size.

    A remark on every budgeted kernel (reference kernels excepted) gives
    the budget, the estimate, the spills and the expected occupancy with
    its limiter: the one the budget guarantees, and the higher one the
    estimate would allow, which the code object's real VGPR count confirms
    or not (`wave-compile --resource-usage`).
    docs/passes/wave-budget-registers.md has the model, the spill strategy,
    the limits and a worked example.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
  ];
  let options = [
    Option<"occupancy", "occupancy", "unsigned", /*default=*/"0",
           "Requested waves per SIMD for every kernel (0: each kernel's "
           "#wave.kernel occupancy)">,
    Option<"headroom", "headroom", "unsigned", /*default=*/"8",
           "VGPRs the estimate must leave free below the budget for "
           "addresses and temporaries that appear only in the lowering">,
    SummaryOption,
    ReferenceKernelsOption,
  ];
  let statistics = [
    Statistic<"numBudgeted", "kernels-budgeted",
              "Kernels given the backend attributes of a register budget">,
    Statistic<"numFitting", "kernels-fitting",
              "Budgeted kernels whose estimate fit without spills">,
    Statistic<"numSpilledKernels", "kernels-spilled",
              "Budgeted kernels that needed LDS spills">,
    Statistic<"numSpilledValues", "values-spilled",
              "Lane values spilled to LDS">,
    Statistic<"numSpilledRegisters", "registers-spilled",
              "VGPRs per lane the LDS spills free">,
    Statistic<"numSpillBytes", "spill-lds-bytes",
              "Bytes of LDS the spill buffers take per workgroup">,
    Statistic<"numUncovered", "kernels-excess-uncovered",
              "Budgeted kernels with an excess no LDS spill can cover (the "
              "backend spills it to scratch)">,
    Statistic<"numInfeasible", "kernels-infeasible",
              "Kernels whose requested occupancy cannot be met (budgeted for "
              "the highest feasible one, if any)">,
  ];
}

def LowerSpillSlots : Pass<"wave-lower-spill-slots"> {
  let summary = "Lowers the LDS spill slots of the register budget to "
                "volatile accesses";
  let description = [{
    `wave-budget-registers` writes a spilled value to its per-lane LDS slot
    after the definition and reads it back before each use; nothing else
    writes the slot in between. LLVM's optimizer sees exactly that and
    forwards the stored value to the reloads, keeping the value in
    registers: the spill would vanish and the backend would spill to
    scratch instead. This pass, part of the lowering pipeline before
    `convert-wave-to-amdgpu`, turns every `wave.read` and `wave.write`
    carrying the `wave.spill_slot` unit attribute into a volatile `llvm.load` or
    `llvm.store` at the slot's LDS address, which LLVM neither forwards nor
    deletes. A `wave.spill_slot` access must be unmasked and run along the
    innermost dimension of a static row-major LDS buffer. Values of the
    small float types LLVM has no type for (fp8, E8M0) are stored and loaded
    as integer vectors of the same width, bit cast on either side.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect",
  ];
  let statistics = [
    Statistic<"numLowered", "accesses-lowered",
              "Spill-slot accesses lowered to volatile loads and stores">,
  ];
}

def WaveFoldSubviews : Pass<"wave-fold-subviews"> {
  let summary = "Rewrites lane accesses through a memref.subview into "
                "accesses of its source";
  let description = [{
    A `wave.read` or `wave.write` of a view made by `memref.subview` (a
    block of a kernel argument or of an LDS tile: `wave.mma_tile` on a
    block of A in global memory, expanded) becomes an access of the view's
    source: the view's offsets join the index operands and the access map
    `m` becomes `offset_d + stride_d * m_d` in each dimension. Every later
    pass then sees the memref the kernel was given: footprints, global load
    minimization, the pipelining of the reads and the buffer lowering,
    which a view's dynamic offset keeps to plain global accesses.

    Declined, with a remark at the access: a view of dynamic strides, one
    that drops dimensions, a view whose stride along the access's
    contiguous dimension is not 1 (its elements would not be contiguous in
    the source), a `bounded` access (its bounds are the view's shape), an
    access still in fragment form (run `wave-expand-fragments` first; the
    pipelines run this pass right after it). (Access maps have no symbols:
    the verifier refuses them.) A view of a view folds in two steps. Views left without users are
    erased.

    ```mlir
    %blk = memref.subview %A[%row, %k] [256, 64] [1, 1]
        : memref<4096x4096xf16> to memref<256x64xf16, strided<[4096, 1], offset: ?>>
    %v = wave.read %blk[%t] map affine_map<(d0) -> (d0 mod 32, 0)>
        : memref<256x64xf16, strided<[4096, 1], offset: ?>> -> vector<8xf16>
    // becomes
    %v = wave.read %A[%t, %row, %k]
        map affine_map<(d0, d1, d2) -> (d1 + d0 mod 32, d2)>
        : memref<4096x4096xf16> -> vector<8xf16>
    ```
  }];
  let options = [SummaryOption];
  let statistics = [
    Statistic<"numFolded", "accesses-folded",
              "Lane accesses through a view rewritten onto its source">,
    Statistic<"numDeclined", "accesses-declined",
              "Lane accesses through a view left as they are">,
  ];
}

def ExpandFragments : Pass<"wave-expand-fragments"> {
  let summary = "Rewrites MMA fragment accesses into plain lane accesses";
  let description = [{
    A `wave.read` or `wave.write` with a `#wave.fragment` names one lane's
    fragment of an MMA operand at a position given in whole fragments; this
    pass derives, from the kind's layout table (the one the verifier, the
    lowering and the interpreter use), the exact coordinate of each of the
    lane's elements and rewrites the access into plain accesses whose maps
    take the thread id: one access for an A or B fragment (its `kPerLane`
    elements run along K), one access per run of 4 rows for an accumulator
    (a `vector<16xf32>` of `f32_32x32x8_f16` becomes 4 accesses of
    `vector<4xf32>`, joined by `vector.extract_strided_slice` or
    `vector.insert_strided_slice`; masks are sliced the same way).

    Position operands defined by `gpu.subgroup_id` or by
    `affine.delinearize_index` of it with a static basis (the wave's place
    in a grid of waves) are folded into the map as functions of the thread
    id, so the new maps take only thread ids, workgroup ids, loop induction
    variables and the other position operands, as hand-written ones do; the
    folded ops are erased when nothing else uses them. Thread ids are
    `gpu.thread_id` ops of the kernel's entry block (reused when one
    dominates the access, else created); a workgroup of several dimensions
    is linearized as `x + y * X + z * X * Y`.

    First it rewrites `wave.copy_tile` into the fragment read and write of
    each fragment a wave copies, and `wave.mma_tile` into, per K fragment of
    its tiles, the A and B fragment reads and the `wave.mma`s of its grid of
    accumulators; those fragment accesses are then expanded like the others.
    With `pack-k` (the default) the fragment reads of `wave.mma_tile` cover
    `P` consecutive K steps each (`k_pack = P`: a lane reads `P` times its
    elements of one step, contiguous along K, and each MMA takes its part
    with `vector.extract_strided_slice`), `P` the largest power of two that
    divides the tiles' K steps with a lane's packed run at most 16 bytes;
    a remark says when the K steps allow less than 16 bytes would.

    Last it rewrites the ops on fragments in registers, from the same
    table: `wave.acc_to_operand` into a `vector.shuffle` of the lane's own
    accumulator slots and an `arith.truncf` a fragment when every lane holds
    its elements, otherwise into a fragment write to a block of LDS a wave,
    a barrier and fragment reads (a remark says which and why); `wave.fragment_reduce` into the lane's
    own combinations, then `wave.reduce ... cluster(size = n)` over the `n`
    consecutive lanes sharing a row, or `wave.shuffle <xor>` steps over
    lanes sharing a column; `wave.fragment_broadcast` into a
    `vector.shuffle`; `wave.fragment_index` into `affine.apply`s of
    `gpu.lane_id`.

    It runs first in `wave-optimize` and in the lowering pipelines, and
    `wave-run` runs it before interpreting, so every analysis and pass sees
    plain accesses. docs/passes/wave-expand-fragments.md has the derivation,
    its limits and a worked example.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    SummaryOption,
    Option<"packK", "pack-k", "bool", "true",
           "Read the A and B operands of a wave.mma_tile's consecutive K "
           "steps as one packed fragment (k_pack) of up to 16 bytes a lane">,
  ];
  let statistics = [
    Statistic<"numCopyTiles", "tile-copies",
              "wave.copy_tile ops rewritten into fragment reads and writes">,
    Statistic<"numMmaTiles", "mma-tiles",
              "wave.mma_tile ops rewritten into fragment reads and MMAs">,
    Statistic<"numFragments", "fragment-accesses",
              "Fragment accesses rewritten">,
    Statistic<"numPlainAccesses", "plain-accesses",
              "Plain accesses created for them">,
    Statistic<"numFoldedPositions", "folded-wave-positions",
              "Position operands from gpu.subgroup_id folded into maps">,
    Statistic<"numRegisterFragmentOps", "register-fragment-ops",
              "wave.acc_to_operand, wave.fragment_reduce, "
              "wave.fragment_broadcast and wave.fragment_index ops rewritten">,
  ];
}

def WaveTransposeLdsTiles : Pass<"wave-transpose-lds-tiles"> {
  let summary = "Stores LDS tiles the other way round where that takes "
                "fewer LDS instructions";
  let description = [{
    A tile written down its columns (a lane's elements `along` a dimension
    other than the innermost, as attention's V staged as V^T so that its
    fragments are rows) takes one LDS write an element. On a chip with
    transposed LDS reads (gfx950's `ds_read_b64_tr_b16`), the same data
    stored the other way round is written 16 bytes a lane and read down its
    columns 4 rows an instruction. On such a chip, for each `wave.alloc_lds`
    of rank 2 or more that some access reaches down a column, this pass
    counts the LDS
    instructions a lane of its accesses take as it is and with its last two
    dimensions swapped: along the innermost dimension one per 16 bytes, down
    a column one per 4 elements where that read qualifies for transposed
    reads (`lowersToTransposedLdsRead`, which the lowering applies), else
    one per element. Where swapped takes fewer, the tile's type and every
    access's map (its last two results) and `along` are swapped: where each
    element lives changes, no value does. A remark on each such tile gives
    the counts and the choice, or why the tile is kept: the chip has no
    transposed reads (a column then costs an instruction an element either
    way round), it is padded or swizzled already, an op other than
    `wave.read` / `wave.write` uses it, or an access is masked, bounded or a
    fragment access.

    On a chip without transposed reads, a tile of 16-bit elements staged by
    a linear copy of 16-byte rows (what `wave-minimize-global-loads`
    leaves) and read down its columns is stored swapped with its staging
    rebuilt, where that takes fewer LDS instructions a lane: each lane reads
    4 rows of 8 elements, transposes them with `vector.shuffle`s and writes
    8 rows of 4 elements of the swapped tile (as Triton stages K x N
    operands on gfx942). The staged box must split into 4 x 8 blocks that
    the workgroup's lanes share evenly, and the kernel restaged (tried on a
    copy) must need no barrier it does not have; the remark says which
    condition fails.

    It runs in `wave-optimize` after `wave-minimize-global-loads`, whose
    LDS writes it counts, and before the pipelining and layout passes, so
    that they see the tile as it will be stored.
  }];
  let options = [ReferenceKernelsOption, SummaryOption];
  let statistics = [
    Statistic<"numTransposed", "tiles-transposed",
              "LDS tiles stored with their last two dimensions swapped">,
    Statistic<"numRestaged", "tiles-restaged-in-registers",
              "LDS tiles stored transposed with their staging rebuilt to "
              "transpose blocks in registers (chips without transposed "
              "reads)">,
    Statistic<"numKept", "tiles-kept",
              "LDS tiles with column accesses kept as written">,
  ];
}

def WaveWidenMma : Pass<"wave-widen-mma"> {
  let summary = "Joins MMAs chained along K into the chip's kinds of "
                "several times the K";
  let description = [{
    gfx950 does in one `v_mfma_f32_32x32x16_f16` what gfx942 does in two
    `v_mfma_f32_32x32x8_f16` chained along K, at the issue cost of one, and
    in one `v_mfma_f32_32x32x64_f8f6f4` what takes four
    `v_mfma_f32_32x32x16_fp8_fp8`, at the cost of two. On kernels compiled
    for a chip that has such a kind (`getWideKKind`: f32_32x32x8 to
    f32_32x32x16 and f32_16x16x16 to f32_16x16x32 for f16 and bf16,
    f32_32x32x16 to f32_32x32x64 and f32_16x16x32 to f32_16x16x128 for the
    OCP fp8 formats), this pass replaces each chain of `wave.mma`s of the
    narrow kind, as many as the wide K holds narrow ones, where each
    accumulates the previous one's result and nothing else reads that
    result, by one MMA of the wide kind on the first's accumulator. Each
    lane's A operand is the chain's A operands concatenated, and its B
    operand the B operands: the wide layout's lane holding K elements
    `w (lane / M) .. w (lane / M) + w - 1` (w the wide kind's elements a
    lane) then holds the narrow MMAs' elements `n (lane / M) .. + n - 1` of
    each, a permutation of K applied alike to A and B, which leaves the
    product the same sum (in another order of accumulation). No data moves
    between lanes; a concatenation of adjacent slices of one vector (packed
    fragment reads) is that vector, or its slice.

    Chains are taken in order from their start; the MMAs left at a chain's
    end, fewer than the wide kind needs, stay narrow. A remark on each
    kernel says how many chains were widened and, on a chip without the
    kinds, nothing is done, with a remark when the kernel has MMAs that
    would be joined.
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect"];
  let options = [ReferenceKernelsOption];
  let statistics = [
    Statistic<"numWidened", "mma-chains-widened",
              "Chains of MMAs replaced by one of their whole K">,
    Statistic<"numLeftNarrow", "mma-left-narrow",
              "MMAs of a kind with a wide twin left narrow">,
  ];
}

def WaveConvertSubgroupMma : Pass<"wave-convert-subgroup-mma"> {
  let summary = "Lowers upstream gpu.subgroup_mma_* ops to the MMA kinds of "
                "the kernel's chip";
  let description = [{
    Upstream's subgroup matrix ops on opaque `!gpu.mma_matrix` values
    (`gpu.subgroup_mma_load_matrix`, `gpu.subgroup_mma_compute`,
    `gpu.subgroup_mma_store_matrix`, `gpu.subgroup_mma_constant_matrix`,
    `gpu.subgroup_mma_elementwise`) become wave ops of the MMA kinds the
    kernel's chip has (`getKernelTarget`: its `#wave.kernel`, else its
    gpu.module's `#rocdl.target`), laid out by the one MMA layout table:

    - each matrix type takes the lane layout of its operand (`AOp` M x K,
      `BOp` K x N, `COp` M x N) in the first kind of the chip, for the
      kernel's wave size, of that shape and element type, and becomes the
      lane's vector of that layout (`!gpu.mma_matrix<16x16xf16, "AOp">` is
      `vector<4xf16>` on gfx942);
    - a compute becomes `wave.mma` of the kind whose M, N, K and element
      types are its matrices', with a remark naming the kind; the kind's
      layouts must be the ones its matrices took (on one chip every kind of
      one shape lays an operand out alike);
    - a load or store becomes one plain `wave.read` or `wave.write` per run
      of the lane's slots that lie consecutively in memory (one for an A or
      B operand, one per 4 rows of an accumulator), at `indices +
      layout(lane, first slot)` with `lane = t mod wave size`, `t` the
      linear thread id; `transpose` swaps rows and columns in memory;
    - a constant becomes `vector.broadcast`, an elementwise op the `arith`
      op on the vectors (`maxf`/`minf` as `arith.maximumf`/`minimumf`,
      which propagate NaN);
    - `gpu.subgroup_mma_extract_thread_local` and `_insert_thread_local`
      read and replace element i of the lane's vector, the element the
      kind's layout puts in slot i (`vector.extract`/`vector.insert` for a
      constant index, selects over the slots for a dynamic one);
    - `scf.for`, `scf.if` and `scf.while` carrying matrices carry the
      vectors.

    `a_transpose` and `b_transpose` of a compute are ignored: upstream
    documents that they only repeat how the operand was loaded. The
    `leadDimension` of a load or store must be the row stride of the
    memref's last two dimensions (any for a 1-D memref, whose rows it
    spaces).

    Errors, at the op: no chip; a workgroup without `known_block_size` or
    not whole waves; a matrix type or a product no kind of the chip has
    (naming the kinds it has); a leading dimension that is not the row
    stride; memref elements of another type than the matrix's; a
    thread-local extract or insert with a constant index out of the lane's
    elements, with other than one index, or (an insert) of another result
    type; an op on matrices that is not converted (calls, ...).

    It runs in `wave-to-upstream` right after `wave-attach-target` fixes
    the chip, and `wave-run` runs it before interpreting.
    docs/passes/wave-convert-subgroup-mma.md has the algorithm, its limits
    and a worked example.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::vector::VectorDialect",
    "::mlir::wave::WaveDialect",
  ];
  let options = [SummaryOption];
  let statistics = [
    Statistic<"numComputes", "computes",
              "gpu.subgroup_mma_compute ops rewritten into wave.mma">,
    Statistic<"numLoads", "loads",
              "gpu.subgroup_mma_load_matrix ops rewritten into wave.read">,
    Statistic<"numStores", "stores",
              "gpu.subgroup_mma_store_matrix ops rewritten into wave.write">,
    Statistic<"numConstants", "constants",
              "gpu.subgroup_mma_constant_matrix ops rewritten">,
    Statistic<"numElementwise", "elementwise",
              "gpu.subgroup_mma_elementwise ops rewritten">,
  ];
}

def WaveCse : Pass<"wave-cse"> {
  let summary = "Upstream cse, with ops that have regions told apart by them";
  let description = [{
    Runs upstream `cse` with one difference in cost, none in result. `cse`
    hashes an op by its name, attributes, operands and result types, not by
    its regions, so the `scf.if`s of a kernel on one condition with the same
    result types fall into one bucket and each is compared with every one
    before it: quadratic in their number, although branches whose arms
    differ never merge. This pass first gives every op that has regions and
    is not isolated from above a temporary attribute holding a hash of its
    regions, equal for regions `cse` finds equivalent (nested ops' names,
    attributes, result types and properties; operands defined outside the
    op by identity, those defined inside not at all), runs `cse`, and
    removes the attributes. Two ops `cse` would merge get the same hash, so
    the output is the same as upstream `cse`'s; ops with different regions
    land in different buckets. docs/passes/wave-cse.md has the
    measurements.
  }];
}

def WaveCanonicalize : Pass<"wave-canonicalize"> {
  let summary = "Upstream canonicalize, with scf.if condition propagation "
                "tried only where it can act and run-time sizes folded "
                "under wave.assume";
  let description = [{
    Runs upstream `canonicalize` (the same patterns, folders, driver and
    configuration as the pass with its default options) with one difference
    in cost and two patterns more. The patterns fold run-time sizes as
    upstream's folders fold a static twin's constants: `memref.dim` of an
    extent `wave.dims` binds becomes its size argument, and an `arith.cmpi`
    of sizes that the kernel's `wave.assume` decides becomes that constant;
    a kernel without those attributes gets upstream's result. Upstream's
    condition propagation of `scf.if`
    walks every use of the if's condition to find those inside the if, and
    the driver tries it on every `scf.if` in every iteration: n branches on
    one condition cost n^2 steps, although uses inside the branches are
    rare. Here the pattern keeps its place in the pattern list and is tried
    only when an op inside the if uses the condition; that is decided by
    walking the if's ops and the condition's uses side by side, so it costs
    no more than the smaller of the two. docs/passes/wave-canonicalize.md
    has the measurements.
  }];
}

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_TD

//===- WaveDialect.td - The wave dialect -------------------*- tablegen -*-===//

#ifndef WAVE_DIALECT_WAVE_IR_WAVEDIALECT_TD
#define WAVE_DIALECT_WAVE_IR_WAVEDIALECT_TD

include "mlir/IR/OpBase.td"

def Wave_Dialect : Dialect {
  let name = "wave";
  let cppNamespace = "::mlir::wave";
  let summary = "GPU kernels written at the level of one lane of a wave";
  let description = [{
    The `wave` dialect adds to upstream `gpu`, `memref`, `vector`, `scf` and
    `arith` what kernel-level optimizations of AMD GPU code need and upstream
    lacks:

    * lane memory accesses (`wave.read`, `wave.write`) whose addresses are an
      affine map of classifiable index operands, so the set of elements every
      lane of a workgroup touches is computable exactly;
    * LDS allocations with an explicit padded physical layout
      (`wave.alloc_lds`);
    * the workgroup barrier (`wave.barrier`);
    * matrix multiply-accumulate with a named hardware kind whose lane layout
      is defined once (`wave.mma`);
    * wave collectives (`wave.reduce`, `wave.scan`, `wave.broadcast`,
      `wave.shuffle`, `wave.ballot`, `wave.any`, `wave.all`).

    Kernels are upstream `gpu.func` kernels. Their launch shape is carried by
    upstream's `known_block_size` and `known_grid_size`, and the target by the
    discardable `wave.kernel` attribute (`#wave.kernel<chip = "gfx942",
    wave_size = 64, occupancy = 2>`). A kernel may name a naive reference
    kernel with the same signature through `wave.reference = @name`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect"
  ];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the discardable kernel attribute holding a `KernelAttr`.
    static constexpr ::llvm::StringLiteral kKernelAttrName = "wave.kernel";
    /// Name of the discardable attribute naming a kernel's reference kernel.
    static constexpr ::llvm::StringLiteral kReferenceAttrName =
        "wave.reference";
    /// Name of the unit attribute marking an LDS spill buffer of the register
    /// budget and its accesses (lowered to volatile accesses so LLVM keeps
    /// the spill).
    static constexpr ::llvm::StringLiteral kSpillSlotAttrName =
        "wave.spill_slot";
    /// Name of the unit attribute marking an `scf.for` whose MMAs the
    /// backend should interleave with its memory accesses (LLVM's small-GEMM
    /// scheduling strategy on chips with MFMA).
    static constexpr ::llvm::StringLiteral kInterleaveMmaAttrName =
        "wave.interleave_mma";
  }];
}

class Wave_Op<string mnemonic, list<Trait> traits = []>
    : Op<Wave_Dialect, mnemonic, traits>;

#endif // WAVE_DIALECT_WAVE_IR_WAVEDIALECT_TD

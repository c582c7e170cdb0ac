//===- WaveAttrs.td - Attributes of the wave dialect -------*- tablegen -*-===//

#ifndef WAVE_DIALECT_WAVE_IR_WAVEATTRS_TD
#define WAVE_DIALECT_WAVE_IR_WAVEATTRS_TD

include "wave/Dialect/Wave/IR/WaveDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enumerations
//===----------------------------------------------------------------------===//

def Wave_CacheHint : I32EnumAttr<"CacheHint", "cache behaviour of a global access", [
    I32EnumAttrCase<"cached", 0>,
    I32EnumAttrCase<"streaming", 1>,
    I32EnumAttrCase<"uncached", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wave";
}
def Wave_CacheHintAttr : EnumAttr<Wave_Dialect, Wave_CacheHint, "cache"> {
  let assemblyFormat = "`<` $value `>`";
}

def Wave_FastMathMode : I32EnumAttr<"FastMathMode",
    "the fast-math flags a compilation sets (wave-compile --fast-math)", [
    I32EnumAttrCase<"off", 0>,
    I32EnumAttrCase<"on", 1>,
    I32EnumAttrCase<"finite", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wave";
}

def Wave_MmaKind : I32EnumAttr<"MmaKind", "hardware matrix multiply-accumulate", [
    I32EnumAttrCase<"f32_32x32x8_f16", 0>,
    I32EnumAttrCase<"f32_16x16x16_f16", 1>,
    I32EnumAttrCase<"f32_32x32x8_bf16", 2>,
    I32EnumAttrCase<"f32_16x16x16_bf16", 3>,
    I32EnumAttrCase<"i32_16x16x32_i8", 4>,
    I32EnumAttrCase<"f32_16x16x4_f32", 5>,
    I32EnumAttrCase<"f32_32x32x16_f16", 6>,
    I32EnumAttrCase<"f32_16x16x32_f16", 7>,
    I32EnumAttrCase<"f32_32x32x16_bf16", 8>,
    I32EnumAttrCase<"f32_16x16x32_bf16", 9>,
    // fp8: `<A type>` where A and B are alike, `<A type>_<B type>` where
    // they differ; FNUZ encodings on gfx942, OCP ones on gfx950.
    I32EnumAttrCase<"f32_32x32x16_f8E4M3FNUZ", 10>,
    I32EnumAttrCase<"f32_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ", 11>,
    I32EnumAttrCase<"f32_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ", 12>,
    I32EnumAttrCase<"f32_32x32x16_f8E5M2FNUZ", 13>,
    I32EnumAttrCase<"f32_16x16x32_f8E4M3FNUZ", 14>,
    I32EnumAttrCase<"f32_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ", 15>,
    I32EnumAttrCase<"f32_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ", 16>,
    I32EnumAttrCase<"f32_16x16x32_f8E5M2FNUZ", 17>,
    I32EnumAttrCase<"f32_32x32x16_f8E4M3FN", 18>,
    I32EnumAttrCase<"f32_32x32x16_f8E4M3FN_f8E5M2", 19>,
    I32EnumAttrCase<"f32_32x32x16_f8E5M2_f8E4M3FN", 20>,
    I32EnumAttrCase<"f32_32x32x16_f8E5M2", 21>,
    I32EnumAttrCase<"f32_16x16x32_f8E4M3FN", 22>,
    I32EnumAttrCase<"f32_16x16x32_f8E4M3FN_f8E5M2", 23>,
    I32EnumAttrCase<"f32_16x16x32_f8E5M2_f8E4M3FN", 24>,
    I32EnumAttrCase<"f32_16x16x32_f8E5M2", 25>,
    // gfx950's f8f6f4 MFMAs with fp8 operands (v_mfma_f32_32x32x64_f8f6f4,
    // v_mfma_f32_16x16x128_f8f6f4): each operand's format is a modifier
    // (cbsz for A, blgp for B).
    I32EnumAttrCase<"f32_32x32x64_f8E4M3FN", 26>,
    I32EnumAttrCase<"f32_32x32x64_f8E4M3FN_f8E5M2", 27>,
    I32EnumAttrCase<"f32_32x32x64_f8E5M2_f8E4M3FN", 28>,
    I32EnumAttrCase<"f32_32x32x64_f8E5M2", 29>,
    I32EnumAttrCase<"f32_16x16x128_f8E4M3FN", 30>,
    I32EnumAttrCase<"f32_16x16x128_f8E4M3FN_f8E5M2", 31>,
    I32EnumAttrCase<"f32_16x16x128_f8E5M2_f8E4M3FN", 32>,
    I32EnumAttrCase<"f32_16x16x128_f8E5M2", 33>,
    // The same MFMAs with fp4 (E2M1) operands (cbsz:4 blgp:4), and their
    // scaled forms (v_mfma_scale_f32_*_f8f6f4), whose wave.mma takes one
    // E8M0 block scale a lane for A and one for B.
    I32EnumAttrCase<"f32_32x32x64_f4E2M1FN", 34>,
    I32EnumAttrCase<"f32_16x16x128_f4E2M1FN", 35>,
    I32EnumAttrCase<"f32_32x32x64_f4E2M1FN_scaled", 36>,
    I32EnumAttrCase<"f32_16x16x128_f4E2M1FN_scaled", 37>,
    // fp6 operands (E2M3: cbsz:2 blgp:2, E3M2: cbsz:3 blgp:3), and the scaled
    // forms of the fp6 and fp8 kinds (MXFP6, MXFP8), A and B of one format.
    I32EnumAttrCase<"f32_32x32x64_f6E2M3FN", 38>,
    I32EnumAttrCase<"f32_32x32x64_f6E3M2FN", 39>,
    I32EnumAttrCase<"f32_16x16x128_f6E2M3FN", 40>,
    I32EnumAttrCase<"f32_16x16x128_f6E3M2FN", 41>,
    I32EnumAttrCase<"f32_32x32x64_f6E2M3FN_scaled", 42>,
    I32EnumAttrCase<"f32_32x32x64_f6E3M2FN_scaled", 43>,
    I32EnumAttrCase<"f32_16x16x128_f6E2M3FN_scaled", 44>,
    I32EnumAttrCase<"f32_16x16x128_f6E3M2FN_scaled", 45>,
    I32EnumAttrCase<"f32_32x32x64_f8E4M3FN_scaled", 46>,
    I32EnumAttrCase<"f32_32x32x64_f8E5M2_scaled", 47>,
    I32EnumAttrCase<"f32_16x16x128_f8E4M3FN_scaled", 48>,
    I32EnumAttrCase<"f32_16x16x128_f8E5M2_scaled", 49>,
    // RDNA's WMMA (wave 32): v_wmma_f32_16x16x16_f16 of gfx11, whose lanes
    // 16-31 hold copies of the A and B elements of lanes 0-15, and of gfx12,
    // whose lanes split K as the MFMAs do.
    I32EnumAttrCase<"wmma_f32_16x16x16_f16_gfx11", 50>,
    I32EnumAttrCase<"wmma_f32_16x16x16_f16_gfx12", 51>,
    // gfx950's f8f6f4 MFMAs with A and B of two formats (`cbsz` and `blgp`
    // differ), plain and scaled: `<A type>_<B type>[_scaled]`, every pair of
    // E4M3, E5M2, E2M3, E3M2 and E2M1 not above.
    I32EnumAttrCase<"f32_32x32x64_f8E4M3FN_f6E2M3FN", 52>,
    I32EnumAttrCase<"f32_32x32x64_f8E4M3FN_f6E3M2FN", 53>,
    I32EnumAttrCase<"f32_32x32x64_f8E4M3FN_f4E2M1FN", 54>,
    I32EnumAttrCase<"f32_32x32x64_f8E5M2_f6E2M3FN", 55>,
    I32EnumAttrCase<"f32_32x32x64_f8E5M2_f6E3M2FN", 56>,
    I32EnumAttrCase<"f32_32x32x64_f8E5M2_f4E2M1FN", 57>,
    I32EnumAttrCase<"f32_32x32x64_f6E2M3FN_f8E4M3FN", 58>,
    I32EnumAttrCase<"f32_32x32x64_f6E2M3FN_f8E5M2", 59>,
    I32EnumAttrCase<"f32_32x32x64_f6E2M3FN_f6E3M2FN", 60>,
    I32EnumAttrCase<"f32_32x32x64_f6E2M3FN_f4E2M1FN", 61>,
    I32EnumAttrCase<"f32_32x32x64_f6E3M2FN_f8E4M3FN", 62>,
    I32EnumAttrCase<"f32_32x32x64_f6E3M2FN_f8E5M2", 63>,
    I32EnumAttrCase<"f32_32x32x64_f6E3M2FN_f6E2M3FN", 64>,
    I32EnumAttrCase<"f32_32x32x64_f6E3M2FN_f4E2M1FN", 65>,
    I32EnumAttrCase<"f32_32x32x64_f4E2M1FN_f8E4M3FN", 66>,
    I32EnumAttrCase<"f32_32x32x64_f4E2M1FN_f8E5M2", 67>,
    I32EnumAttrCase<"f32_32x32x64_f4E2M1FN_f6E2M3FN", 68>,
    I32EnumAttrCase<"f32_32x32x64_f4E2M1FN_f6E3M2FN", 69>,
    I32EnumAttrCase<"f32_32x32x64_f8E4M3FN_f8E5M2_scaled", 70>,
    I32EnumAttrCase<"f32_32x32x64_f8E4M3FN_f6E2M3FN_scaled", 71>,
    I32EnumAttrCase<"f32_32x32x64_f8E4M3FN_f6E3M2FN_scaled", 72>,
    I32EnumAttrCase<"f32_32x32x64_f8E4M3FN_f4E2M1FN_scaled", 73>,
    I32EnumAttrCase<"f32_32x32x64_f8E5M2_f8E4M3FN_scaled", 74>,
    I32EnumAttrCase<"f32_32x32x64_f8E5M2_f6E2M3FN_scaled", 75>,
    I32EnumAttrCase<"f32_32x32x64_f8E5M2_f6E3M2FN_scaled", 76>,
    I32EnumAttrCase<"f32_32x32x64_f8E5M2_f4E2M1FN_scaled", 77>,
    I32EnumAttrCase<"f32_32x32x64_f6E2M3FN_f8E4M3FN_scaled", 78>,
    I32EnumAttrCase<"f32_32x32x64_f6E2M3FN_f8E5M2_scaled", 79>,
    I32EnumAttrCase<"f32_32x32x64_f6E2M3FN_f6E3M2FN_scaled", 80>,
    I32EnumAttrCase<"f32_32x32x64_f6E2M3FN_f4E2M1FN_scaled", 81>,
    I32EnumAttrCase<"f32_32x32x64_f6E3M2FN_f8E4M3FN_scaled", 82>,
    I32EnumAttrCase<"f32_32x32x64_f6E3M2FN_f8E5M2_scaled", 83>,
    I32EnumAttrCase<"f32_32x32x64_f6E3M2FN_f6E2M3FN_scaled", 84>,
    I32EnumAttrCase<"f32_32x32x64_f6E3M2FN_f4E2M1FN_scaled", 85>,
    I32EnumAttrCase<"f32_32x32x64_f4E2M1FN_f8E4M3FN_scaled", 86>,
    I32EnumAttrCase<"f32_32x32x64_f4E2M1FN_f8E5M2_scaled", 87>,
    I32EnumAttrCase<"f32_32x32x64_f4E2M1FN_f6E2M3FN_scaled", 88>,
    I32EnumAttrCase<"f32_32x32x64_f4E2M1FN_f6E3M2FN_scaled", 89>,
    I32EnumAttrCase<"f32_16x16x128_f8E4M3FN_f6E2M3FN", 90>,
    I32EnumAttrCase<"f32_16x16x128_f8E4M3FN_f6E3M2FN", 91>,
    I32EnumAttrCase<"f32_16x16x128_f8E4M3FN_f4E2M1FN", 92>,
    I32EnumAttrCase<"f32_16x16x128_f8E5M2_f6E2M3FN", 93>,
    I32EnumAttrCase<"f32_16x16x128_f8E5M2_f6E3M2FN", 94>,
    I32EnumAttrCase<"f32_16x16x128_f8E5M2_f4E2M1FN", 95>,
    I32EnumAttrCase<"f32_16x16x128_f6E2M3FN_f8E4M3FN", 96>,
    I32EnumAttrCase<"f32_16x16x128_f6E2M3FN_f8E5M2", 97>,
    I32EnumAttrCase<"f32_16x16x128_f6E2M3FN_f6E3M2FN", 98>,
    I32EnumAttrCase<"f32_16x16x128_f6E2M3FN_f4E2M1FN", 99>,
    I32EnumAttrCase<"f32_16x16x128_f6E3M2FN_f8E4M3FN", 100>,
    I32EnumAttrCase<"f32_16x16x128_f6E3M2FN_f8E5M2", 101>,
    I32EnumAttrCase<"f32_16x16x128_f6E3M2FN_f6E2M3FN", 102>,
    I32EnumAttrCase<"f32_16x16x128_f6E3M2FN_f4E2M1FN", 103>,
    I32EnumAttrCase<"f32_16x16x128_f4E2M1FN_f8E4M3FN", 104>,
    I32EnumAttrCase<"f32_16x16x128_f4E2M1FN_f8E5M2", 105>,
    I32EnumAttrCase<"f32_16x16x128_f4E2M1FN_f6E2M3FN", 106>,
    I32EnumAttrCase<"f32_16x16x128_f4E2M1FN_f6E3M2FN", 107>,
    I32EnumAttrCase<"f32_16x16x128_f8E4M3FN_f8E5M2_scaled", 108>,
    I32EnumAttrCase<"f32_16x16x128_f8E4M3FN_f6E2M3FN_scaled", 109>,
    I32EnumAttrCase<"f32_16x16x128_f8E4M3FN_f6E3M2FN_scaled", 110>,
    I32EnumAttrCase<"f32_16x16x128_f8E4M3FN_f4E2M1FN_scaled", 111>,
    I32EnumAttrCase<"f32_16x16x128_f8E5M2_f8E4M3FN_scaled", 112>,
    I32EnumAttrCase<"f32_16x16x128_f8E5M2_f6E2M3FN_scaled", 113>,
    I32EnumAttrCase<"f32_16x16x128_f8E5M2_f6E3M2FN_scaled", 114>,
    I32EnumAttrCase<"f32_16x16x128_f8E5M2_f4E2M1FN_scaled", 115>,
    I32EnumAttrCase<"f32_16x16x128_f6E2M3FN_f8E4M3FN_scaled", 116>,
    I32EnumAttrCase<"f32_16x16x128_f6E2M3FN_f8E5M2_scaled", 117>,
    I32EnumAttrCase<"f32_16x16x128_f6E2M3FN_f6E3M2FN_scaled", 118>,
    I32EnumAttrCase<"f32_16x16x128_f6E2M3FN_f4E2M1FN_scaled", 119>,
    I32EnumAttrCase<"f32_16x16x128_f6E3M2FN_f8E4M3FN_scaled", 120>,
    I32EnumAttrCase<"f32_16x16x128_f6E3M2FN_f8E5M2_scaled", 121>,
    I32EnumAttrCase<"f32_16x16x128_f6E3M2FN_f6E2M3FN_scaled", 122>,
    I32EnumAttrCase<"f32_16x16x128_f6E3M2FN_f4E2M1FN_scaled", 123>,
    I32EnumAttrCase<"f32_16x16x128_f4E2M1FN_f8E4M3FN_scaled", 124>,
    I32EnumAttrCase<"f32_16x16x128_f4E2M1FN_f8E5M2_scaled", 125>,
    I32EnumAttrCase<"f32_16x16x128_f4E2M1FN_f6E2M3FN_scaled", 126>,
    I32EnumAttrCase<"f32_16x16x128_f4E2M1FN_f6E3M2FN_scaled", 127>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wave";
}
def Wave_MmaKindAttr : EnumAttr<Wave_Dialect, Wave_MmaKind, "mma"> {
  let assemblyFormat = "`<` $value `>`";
}

def Wave_MmaOperand : I32EnumAttr<"MmaOperand", "operand of a matrix multiply-accumulate", [
    I32EnumAttrCase<"A", 0>,
    I32EnumAttrCase<"B", 1>,
    I32EnumAttrCase<"Acc", 2, "acc">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wave";
}

def Wave_ReduceKind : I32EnumAttr<"ReduceKind", "combining operation of a collective", [
    I32EnumAttrCase<"add", 0>,
    I32EnumAttrCase<"mul", 1>,
    I32EnumAttrCase<"min", 2>,
    I32EnumAttrCase<"max", 3>,
    I32EnumAttrCase<"and_", 4, "and">,
    I32EnumAttrCase<"or_", 5, "or">,
    I32EnumAttrCase<"xor_", 6, "xor">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wave";
}
def Wave_ReduceKindAttr : EnumAttr<Wave_Dialect, Wave_ReduceKind, "reduce"> {
  let assemblyFormat = "`<` $value `>`";
}

def Wave_ShuffleMode : I32EnumAttr<"ShuffleMode", "source lane of a shuffle", [
    I32EnumAttrCase<"idx", 0>,
    I32EnumAttrCase<"up", 1>,
    I32EnumAttrCase<"down", 2>,
    I32EnumAttrCase<"xor_", 3, "xor">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::wave";
}
def Wave_ShuffleModeAttr : EnumAttr<Wave_Dialect, Wave_ShuffleMode, "shuffle"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Kernel attribute
//===----------------------------------------------------------------------===//

// An unsigned count whose parser rejects a negative literal (the generic
// unsigned parser would wrap -64 to 4294967232).
class Wave_CountParameter<string name, string desc, string value = "">
    : AttrParameter<"unsigned", desc> {
  let parser = "::mlir::wave::parseCountParameter($_parser, \"" # name # "\")";
  let defaultValue = value;
}

def Wave_KernelAttr : AttrDef<Wave_Dialect, "Kernel"> {
  let mnemonic = "kernel";
  let summary = "target chip, wave size and requested occupancy of a kernel";
  let description = [{
    Attached to a `gpu.func` kernel as the discardable attribute
    `wave.kernel`. `chip` names the AMDGPU processor (`gfx942`), `wave_size`
    the lanes of a wave (64, or 32 on RDNA chips), and `occupancy` the waves
    per SIMD the register budget aims at (0: no request). The workgroup size
    is upstream's `known_block_size`, which the kernel must carry.

    ```mlir
    #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 2>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"AMDGPU processor name">:$chip,
    Wave_CountParameter<"wave_size", "lanes of a wave">:$wave_size,
    Wave_CountParameter<"occupancy", "requested waves per SIMD, 0 for none",
                        "0">:$occupancy);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}


//===----------------------------------------------------------------------===//
// Compilation target
//===----------------------------------------------------------------------===//

// `fast_math = off | on | finite`, `off` when left out.
def Wave_FastMathParameter : EnumParameter<Wave_FastMathMode> {
  let defaultValue = "::mlir::wave::FastMathMode::off";
}

def Wave_TargetAttr : AttrDef<Wave_Dialect, "Target"> {
  let mnemonic = "target";
  let summary = "compiles a gpu.module through the wave pipeline";
  let description = [{
    A GPU target attribute (upstream's `gpu::TargetAttrInterface`, which
    `wave-compile`'s library implements): upstream's `gpu-module-to-binary`
    compiles a `gpu.module` that lists it as a target into the code object
    `wave-compile` makes with the same options, and replaces the module with
    a `gpu.binary` holding it. `chip` overrides the kernels' chip, `O` is
    the optimization level (0 to 3), `code_object_version` 5 or 6,
    `occupancy` the waves per SIMD to budget every kernel's registers for (0:
    each kernel's own request), `memref_descriptors` whether kernels take
    memrefs as upstream's memref descriptors, which `gpu-to-llvm` passes by
    default, or as bare pointers (`use-bare-pointers-for-kernels`), and
    `fast_math` the fast-math flags `wave-fast-math` sets: `off` (the
    default), `on` (afn, arcp, contract: `wave-compile --fast-math`) or
    `finite` (also nnan, ninf: `--fast-math=finite`).
    `wave-attach-binary-target` attaches it.

    ```mlir
    gpu.module @kernels [#wave.target<chip = "gfx942", O = 3>] { ... }
    gpu.module @fast [#wave.target<chip = "gfx942", fast_math = on>] { ... }
    ```
  }];
  let parameters = (ins
    StringRefParameter<"AMDGPU processor name">:$chip,
    Wave_CountParameter<"O", "optimization level", "3">:$O,
    Wave_CountParameter<"code_object_version", "HSA code object version",
                        "5">:$code_object_version,
    Wave_CountParameter<"occupancy", "waves per SIMD to budget for, 0 for "
                        "each kernel's request", "0">:$occupancy,
    DefaultValuedParameter<"bool", "true",
                           "memrefs as descriptors, not bare pointers">:
        $memref_descriptors,
    Wave_FastMathParameter:$fast_math);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// LDS swizzle
//===----------------------------------------------------------------------===//

def Wave_SwizzleAttr : AttrDef<Wave_Dialect, "Swizzle"> {
  let mnemonic = "swizzle";
  let summary = "XOR swizzle of an LDS tile's rows";
  let description = [{
    The physical layout of a `wave.alloc_lds` tile as an alternative to
    padding, in the form of Triton's swizzled shared layout. The innermost
    dimension (the column) is cut into groups of `vec` elements; row `r` (the
    coordinate along the second-innermost dimension) stores logical group
    `g` at group `g xor phase(r)`, where
    `phase(r) = (r floordiv per_phase) mod max_phase`:

    ```
    physical column = column xor (phase(row) * vec)
    ```

    All three parameters are powers of two, so the map is a bijection of
    each row onto itself that keeps every aligned group of `vec` elements
    contiguous and in order. `per_phase` consecutive rows share a phase.

    ```mlir
    #wave.swizzle<vec = 8, per_phase = 1, max_phase = 4>
    ```
  }];
  let parameters = (ins "int64_t":$vec, "int64_t":$per_phase,
                        "int64_t":$max_phase);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The XOR mask applied to the column of an element in row `row`.
    int64_t getColumnMask(int64_t row) const {
      return ((row / getPerPhase()) % getMaxPhase()) * getVec();
    }
    /// The physical column of logical `column` in row `row`.
    int64_t apply(int64_t row, int64_t column) const {
      return column ^ getColumnMask(row);
    }
  }];
}

//===----------------------------------------------------------------------===//
// MMA fragment attribute
//===----------------------------------------------------------------------===//

def Wave_FragmentAttr : AttrDef<Wave_Dialect, "Fragment"> {
  let mnemonic = "fragment";
  let summary = "one lane's part of an MMA operand tile, from the kind's layout";
  let description = [{
    Names the fragment a lane holds of operand `A`, `B` or the accumulator
    (`acc`) of the MMA `kind`: `vector<kPerLane x T>` of A (`M x K`) or B
    (`K x N`), `vector<accPerLane x T>` of the accumulator (`M x N`), laid
    out over the lanes of a wave as the kind's layout table says. On
    `wave.read`/`wave.write` of a memref (its last two dimensions; leading
    ones are indexed element by element) it replaces the hand-written
    lane arithmetic: the access `map` then yields the fragment's position
    in units of whole fragments (the memref seen as a grid of `M x K`,
    `K x N` or `M x N` blocks), and `wave-expand-fragments` derives the
    exact per-lane element map from the layout table. The terms and
    factors of the position map, scaled by the block's extent, must fit 64
    bits; the verifier rejects a constant that does not.

    `transposed` says the memref stores the operand transposed: A as
    `K x M`, B as `N x K` (C = A * B^T with B row-major), the accumulator
    as `N x M`; positions are then in that grid too.

    `k_pack = P` (A and B only) packs the operands of `P` MMAs that follow
    each other along K into one fragment of `P` times the kind's K: a lane
    holds `P * kPerLane` consecutive K elements, at K offset
    `(lane floordiv M) * kPerLane * P` of the block (`lane floordiv N` for
    B), and slots `[i * kPerLane, (i + 1) * kPerLane)` are the operand of
    the `i`-th of the `P` MMAs. Those MMAs then take the block's K indices
    in another order than `P` unpacked fragments would, the same order for
    A and B, so their sum is the same; a lane's operands are `P` times
    wider in memory (16 bytes for two f16 fragments of 32x32x8).

    ```mlir
    #wave.fragment<A, f32_32x32x8_f16>
    #wave.fragment<B, f32_16x16x16_f16, transposed>
    #wave.fragment<A, f32_32x32x8_f16, k_pack = 2>
    ```
  }];
  let parameters = (ins EnumParameter<Wave_MmaOperand>:$operand,
                        EnumParameter<Wave_MmaKind>:$kind,
                        DefaultValuedParameter<"bool", "false">:$transposed,
                        DefaultValuedParameter<"int64_t", "1">:$kPack);
  let builders = [
    AttrBuilder<(ins "::mlir::wave::MmaOperand":$operand,
                     "::mlir::wave::MmaKind":$kind, "bool":$transposed), [{
      return $_get($_ctxt, operand, kind, transposed, 1);
    }]>
  ];
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The layout of the kind.
    const ::mlir::wave::MmaLayout &getLayout() const;
    /// The layout a lane's slots follow: the kind's, with K and the
    /// elements of A and B a lane holds times `kPack`.
    ::mlir::wave::MmaLayout getLaneLayout() const;
    /// Rows and columns of one fragment in the memref (memory order).
    std::array<int64_t, 2> getBlockShape() const;
    /// Memory dimension along which a lane's consecutive slots run.
    unsigned getContiguousDim() const;
    /// The lane vector's type: the kind's elements a lane holds (times
    /// the K pack).
    ::mlir::VectorType getVectorType() const;
    /// Slots a lane holds contiguously in memory: all of an A or B
    /// fragment, runs of 4 rows of the accumulator.
    int64_t getRunLength() const;
    /// Memory coordinate, relative to the fragment's origin, of slot 0 of
    /// the lane whose id in the wave is `lane`.
    std::array<::mlir::AffineExpr, 2>
    getLaneOffset(::mlir::AffineExpr lane) const;
    /// The first slot of run `r` (slot `r * getRunLength()`) lies
    /// `r * getRunStride()` from slot 0 in memory, for every lane.
    std::array<int64_t, 2> getRunStride() const;
  }];
}

#endif // WAVE_DIALECT_WAVE_IR_WAVEATTRS_TD

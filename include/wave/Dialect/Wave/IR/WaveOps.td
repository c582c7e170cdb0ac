//===- WaveOps.td - Operations of the wave dialect ---------*- tablegen -*-===//

#ifndef WAVE_DIALECT_WAVE_IR_WAVEOPS_TD
#define WAVE_DIALECT_WAVE_IR_WAVEOPS_TD

include "wave/Dialect/Wave/IR/WaveDialect.td"
include "wave/Dialect/Wave/IR/WaveAttrs.td"
include "wave/Dialect/Wave/IR/WaveInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// Ops whose result depends on which lanes of the wave are active: they must
/// not be moved across divergent control flow.
def Wave_Convergent : NativeOpTrait<"Convergent"> {
  let cppNamespace = "::mlir::wave";
}

class Wave_NotSpeculatableOp<string mnemonic, list<Trait> traits = []>
    : Wave_Op<mnemonic, !listconcat(traits, [
        DeclareOpInterfaceMethods<ConditionallySpeculatable>])>;

def Wave_LaneVector : VectorOfRankAndType<[1], [AnyInteger, AnyFloat]>;
def Wave_LaneScalar : AnyTypeOf<[AnySignlessInteger, AnyFloat]>;

//===----------------------------------------------------------------------===//
// Lane memory accesses
//===----------------------------------------------------------------------===//

def Wave_ReadOp : Wave_NotSpeculatableOp<"read", [
    AttrSizedOperandSegments, Wave_LaneAccessOpInterface]> {
  let summary = "reads a lane's vector from a memref";
  let description = [{
    Reads `N` elements into the lane's `vector<N x T>`. Element 0 sits at the
    coordinate `map(indices)` (the identity map when `map` is absent, in which
    case there is one index per memref dimension); element `i` sits `i`
    positions further along memory dimension `along` (the innermost one by
    default). Elements whose `mask` bit is false are not read and yield zero.

    The index operands are classified by the footprint analysis (thread id,
    workgroup id, loop induction variable, uniform value, constant), which is
    why arithmetic on them belongs in `map` rather than in `arith` ops.

    `cache` is a hint for global memory: `cached` (default; data reused),
    `streaming` (read once, do not pollute the cache), `uncached` (data
    written by another workgroup).

    ```mlir
    %v = wave.read %A[%tid, %k] map affine_map<(d0, d1) -> (d0 mod 32, d1 * 8 + (d0 floordiv 32) * 4)>
        : memref<32x64xf16> -> vector<4xf16>
    ```

    With `fragment`, the lane moves its whole fragment of an MMA operand
    (see `#wave.fragment`): `map` then yields the fragment's position in
    units of fragments of the memref's last two dimensions (any leading
    dimensions, a head or a batch, are indexed element by element), the
    lane's elements follow from the kind's layout table, and `along` is
    implied. `wave-expand-fragments`
    (the first pass of every pipeline) rewrites the access into plain ones.

    ```mlir
    // The A fragment at fragment row %wr, K step %kk of the tile.
    %a = wave.read %tile[%wr, %kk] fragment <A, f32_32x32x8_f16>
        : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
    ```

    With `bounded`, elements outside the memref's shape are not read and
    yield zero, as if masked: the edge tiles of run-time problem sizes need
    no computed mask, and the analyses intersect the footprint with the
    shape (extents included that `wave.dims` binds to kernel arguments).

    ```mlir
    // Rows past %M and columns past %K read as zero.
    %a = wave.read %A[%row, %k] bounded : memref<?x?xf16> -> vector<8xf16>
    ```

    The op is not speculatable: an access may be out of bounds.
  }];
  let arguments = (ins
    Arg<AnyMemRef, "the memref read", [MemRead]>:$memref,
    Variadic<Index>:$indices,
    OptionalAttr<AffineMapAttr>:$map,
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$along,
    Optional<VectorOfRankAndType<[1], [I1]>>:$mask,
    OptionalAttr<Wave_CacheHintAttr>:$cache,
    OptionalAttr<Wave_FragmentAttr>:$fragment,
    UnitAttr:$bounded);
  let extraClassDeclaration = [{
    ::mlir::AffineMap getAccessMap();
    unsigned getContiguousDim();
    ::mlir::VectorType getVectorType();
    bool isWrite() { return false; }
  }];
  let results = (outs Wave_LaneVector:$result);
  let builders = [
    // A plain access (no fragment).
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$memref,
                   "::mlir::ValueRange":$indices, "::mlir::AffineMapAttr":$map,
                   "::mlir::IntegerAttr":$along, "::mlir::Value":$mask,
                   "::mlir::wave::CacheHintAttr":$cache), [{
      build($_builder, $_state, result, memref, indices, map, along, mask,
            cache, ::mlir::wave::FragmentAttr(), ::mlir::UnitAttr());
    }]>
  ];
  let assemblyFormat = [{
    $memref `[` $indices `]` (`map` $map^)? (`fragment` $fragment^)? (`along` $along^)?
    (`mask` $mask^ `:` type($mask))? (`cache` $cache^)? (`bounded` $bounded^)?
    attr-dict `:` type($memref) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Wave_WriteOp : Wave_NotSpeculatableOp<"write", [
    AttrSizedOperandSegments, Wave_LaneAccessOpInterface]> {
  let summary = "writes a lane's vector to a memref";
  let description = [{
    The store counterpart of `wave.read`, with the same addressing: element 0
    goes to `map(indices)`, the following ones along dimension `along`;
    elements whose `mask` bit is false are not written, nor, with
    `bounded`, elements outside the memref's shape. With `fragment` it
    writes a lane's whole MMA fragment, the accumulator included (no slicing
    into runs of rows by hand); an accumulator may be written in another
    float type than the kind's (an f32 accumulator converted to f16 output
    by `arith.truncf`), with the same number of elements.

    ```mlir
    wave.write %v, %lds[%tid, %c0] along 0
        : vector<4xf16>, memref<32x16xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins
    Wave_LaneVector:$value,
    Arg<AnyMemRef, "the memref written", [MemWrite]>:$memref,
    Variadic<Index>:$indices,
    OptionalAttr<AffineMapAttr>:$map,
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$along,
    Optional<VectorOfRankAndType<[1], [I1]>>:$mask,
    OptionalAttr<Wave_CacheHintAttr>:$cache,
    OptionalAttr<Wave_FragmentAttr>:$fragment,
    UnitAttr:$bounded);
  let extraClassDeclaration = [{
    ::mlir::AffineMap getAccessMap();
    unsigned getContiguousDim();
    ::mlir::VectorType getVectorType();
    bool isWrite() { return true; }
  }];
  let builders = [
    // A plain access (no fragment).
    OpBuilder<(ins "::mlir::Value":$value, "::mlir::Value":$memref,
                   "::mlir::ValueRange":$indices, "::mlir::AffineMapAttr":$map,
                   "::mlir::IntegerAttr":$along, "::mlir::Value":$mask,
                   "::mlir::wave::CacheHintAttr":$cache), [{
      build($_builder, $_state, value, memref, indices, map, along, mask,
            cache, ::mlir::wave::FragmentAttr(), ::mlir::UnitAttr());
    }]>
  ];
  let assemblyFormat = [{
    $value `,` $memref `[` $indices `]` (`map` $map^)? (`fragment` $fragment^)? (`along` $along^)?
    (`mask` $mask^ `:` type($mask))? (`cache` $cache^)? (`bounded` $bounded^)?
    attr-dict `:` type($value) `,` type($memref)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// LDS
//===----------------------------------------------------------------------===//

def Wave_AllocLdsOp : Wave_Op<"alloc_lds", [
    DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "allocates a workgroup's LDS tile with a padded or swizzled "
                "layout";
  let description = [{
    Allocates a tile of LDS (workgroup memory) shared by all lanes of the
    workgroup for the whole kernel. The result type's shape is the logical
    tile; `padding` adds elements to each dimension of the physical layout,
    which is row-major over `shape + padding`. The result's strides must be
    exactly that layout, so indexing stays in logical coordinates while the
    padding (which spreads columns over LDS banks) is explicit in the type.

    ```mlir
    // A 64x32 f16 tile padded to rows of 36 elements (72 bytes).
    %t = wave.alloc_lds padding [0, 4]
        : memref<64x32xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>
    ```

    Instead of padding, `swizzle` (a `#wave.swizzle`) permutes the groups of
    `vec` elements of each row by an XOR with the row's phase, which spreads
    the rows over the banks without spending bytes. The strides stay the
    unpadded row-major ones; the swizzle applies to the innermost dimension
    as a function of the second-innermost one, so the tile needs rank 2 or
    more and rows of a multiple of `vec * max_phase` elements. Only
    `wave.read` and `wave.write` may use a swizzled tile (they apply the
    swizzle), and each access must keep its vector inside one group of `vec`
    elements, which the access verifier proves from its map.

    ```mlir
    // The same tile, 4 KiB instead of 4.5: groups of 8 f16 XORed by row mod 4.
    %t = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 4>
        : memref<64x32xf16, #gpu.address_space<workgroup>>
    ```

    The op must sit directly in a `gpu.func` body: LDS is sized statically
    per workgroup.
  }];
  let arguments = (ins OptionalAttr<DenseI64ArrayAttr>:$padding,
                       OptionalAttr<Wave_SwizzleAttr>:$swizzle);
  let results = (outs Res<AnyStaticShapeMemRef, "the LDS tile",
                          [MemAlloc<DefaultResource>]>:$result);
  let assemblyFormat = [{
    (`padding` $padding^)? (`swizzle` $swizzle^)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Padding per dimension (zeros when absent).
    ::llvm::SmallVector<int64_t> getPaddingOrZeros();
    /// Shape of the physical, padded layout.
    ::llvm::SmallVector<int64_t> getPhysicalShape();
    /// Bytes of LDS the allocation occupies.
    int64_t getSizeInBytes();
  }];
}

def Wave_BarrierOp : Wave_Op<"barrier", [
    MemoryEffects<[MemRead, MemWrite]>, Wave_Convergent,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "workgroup barrier ordering LDS accesses";
  let description = [{
    Every lane of the workgroup waits here until all lanes have arrived, and
    LDS accesses before the barrier are visible to all lanes after it. Every
    lane of the workgroup must reach the same barrier (a barrier under
    lane-divergent control flow is a bug `wave-run` reports).
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

def Wave_MmaOp : Wave_Op<"mma", [Pure, Wave_Convergent,
                                 AllTypesMatch<["acc", "result"]>,
                                 AttrSizedOperandSegments]> {
  let summary = "wave-wide matrix multiply-accumulate";
  let description = [{
    `result = a * b + acc` over an `M x N x K` tile held in the registers of
    the wave's lanes. `kind` names the hardware operation; its lane-layout
    table (see `docs/Guide.md`) says which element of A (`M x K`), B
    (`K x N`) and the accumulator (`M x N`) each lane holds in each vector
    slot. The verifier checks the operand types against the kind.

    ```mlir
    %d = wave.mma <f32_32x32x8_f16> %a, %b, %c
        : vector<4xf16>, vector<4xf16> -> vector<16xf32>
    ```

    A scaled kind (`f32_32x32x64_f4E2M1FN_scaled`, ...) takes `scales`:
    each lane's E8M0 scale of its A elements and of its B elements (the
    layout table's scale type, `vector<1xf8E8M0FNU>`), one for each block
    of 32 K elements of a row of A or column of B; the product is
    `sum_k (a_k * 2^(sa - 127)) * (b_k * 2^(sb - 127))`, and a scale of
    0xFF (NaN) makes its products NaN. Other kinds take no scales.

    ```mlir
    %d = wave.mma <f32_32x32x64_f4E2M1FN_scaled> %a, %b, %c scales %sa, %sb
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>,
          vector<1xf8E8M0FNU> -> vector<16xf32>
    ```

    Pure but convergent: all lanes of the wave take part, so it must not be
    moved into lane-divergent control flow.
  }];
  let arguments = (ins Wave_MmaKindAttr:$kind, Wave_LaneVector:$a,
                       Wave_LaneVector:$b, Wave_LaneVector:$acc,
                       Optional<Wave_LaneVector>:$a_scale,
                       Optional<Wave_LaneVector>:$b_scale);
  let results = (outs Wave_LaneVector:$result);
  let assemblyFormat = [{
    $kind $a `,` $b `,` $acc (`scales` $a_scale^ `,` $b_scale)? attr-dict `:`
    type($a) `,` type($b) (`,` type($a_scale)^ `,` type($b_scale))? `->`
    type($result)
  }];
  let builders = [
    // An MMA of a kind without scales.
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::wave::MmaKind":$kind,
                   "::mlir::Value":$a, "::mlir::Value":$b,
                   "::mlir::Value":$acc), [{
      build($_builder, $_state, result, kind, a, b, acc, ::mlir::Value(),
            ::mlir::Value());
    }]>,
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::wave::MmaKindAttr":$kind,
                   "::mlir::Value":$a, "::mlir::Value":$b,
                   "::mlir::Value":$acc), [{
      build($_builder, $_state, result, kind, a, b, acc, ::mlir::Value(),
            ::mlir::Value());
    }]>
  ];
  let hasVerifier = 1;
}

def Wave_MmaTileOp : Wave_NotSpeculatableOp<"mma_tile", [Wave_Convergent,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "MMAs of a wave's accumulators over the whole K of two tiles";
  let description = [{
    The K step of a tiled GEMM for one wave: `a` and `b` are 2-D memrefs
    (typically LDS tiles) seen as grids of the A and B fragments named by
    `a_fragment` and `b_fragment` (same kind; `transposed` as on
    `wave.read`), and the wave holds a `grid` of `R x C` accumulators
    (default `1 x 1`), row-major in `accs`. Accumulator `(i, j)` is
    multiplied by the A fragments of fragment row `row * R + i` and the B
    fragments of fragment column `col * C + j`, over every K fragment of the
    tiles (their K extents must match):

        for kk in 0 .. K / k - 1:
          a_i = A fragment (row * R + i, kk) for each i
          b_j = B fragment (kk, col * C + j) for each j
          acc_ij = wave.mma(a_i, b_j, acc_ij) for each (i, j)

    `wave-expand-fragments` rewrites it into exactly those fragment reads and
    `wave.mma`s, in that order, so the MMAs of a K step need not be written
    out one by one.

    ```mlir
    // The 4 MFMAs of a 32-wide K step, wave (wr, wc) of a 64x64 block.
    %d = wave.mma_tile %a_tile[%wr] fragment <A, f32_32x32x8_f16>,
        %b_tile[%wc] fragment <B, f32_32x32x8_f16>, %acc
        : !a_tile, !b_tile -> vector<16xf32>
    // 2 x 2 accumulators a wave, B stored N x K.
    %r:4 = wave.mma_tile %a_tile[%wr] fragment #A, %b_tile[%wc] fragment #Bt,
        %d00, %d01, %d10, %d11 grid [2, 2] : !tile, !tile -> !acc, !acc, !acc, !acc
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "the A tile", [MemRead]>:$a,
                       Index:$row, Wave_FragmentAttr:$a_fragment,
                       Arg<AnyMemRef, "the B tile", [MemRead]>:$b,
                       Index:$col, Wave_FragmentAttr:$b_fragment,
                       Variadic<Wave_LaneVector>:$accs,
                       OptionalAttr<DenseI64ArrayAttr>:$grid);
  let results = (outs Variadic<Wave_LaneVector>:$results);
  let assemblyFormat = [{
    $a `[` $row `]` `fragment` $a_fragment `,` $b `[` $col `]` `fragment`
    $b_fragment `,` $accs (`grid` $grid^)? attr-dict `:` type($a) `,` type($b)
    `->` type($accs)
  }];
  let extraClassDeclaration = [{
    /// Accumulator rows and columns (`grid`, 1 x 1 by default).
    std::array<int64_t, 2> getGridShape();
  }];
  let hasVerifier = 1;
}

def Wave_CopyTileOp : Wave_NotSpeculatableOp<"copy_tile", [Wave_Convergent]> {
  let summary = "copies a block into a tile, the waves moving MMA fragments";
  let description = [{
    Copies the block of `source` at block position `(indices)` (in units of
    the tile: element `(i0 * R, i1 * C)` for an `R x C` tile) into `tile`,
    every wave of the workgroup moving whole A or B fragments of
    `fragment`'s kind, as `wave.read`/`wave.write` of that fragment do: the
    naive staging of a GEMM operand, in the MMA operand layout (which
    `wave-minimize-global-loads` then turns into wide coalesced loads).

    The tile is a grid of fragments; with `W` waves, wave `w` moves
    fragments `w, w + W, w + 2W, ...` of the grid enumerated with the K
    position fastest. The number of fragments must be a multiple of `W`,
    and the K positions a multiple or a divisor of `W`.
    `wave-expand-fragments` rewrites the op into those fragment reads and
    writes, a read then its write, so a tile takes one op.

    With `bounded`, the reads of the source are `bounded`: elements outside
    its shape (past a run-time size, in a partial edge block) are not read,
    and the tile gets zero there, which adds nothing to the dot products.

    ```mlir
    // A (M x K) block (bm, ks) of a 64x32 tile: 2 x 4 A fragments of
    // 32 x 8, two a wave of 4.
    wave.copy_tile %A[%bm, %ks] fragment <A, f32_32x32x8_f16>, %a_tile
        : memref<256x256xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
    // The same block of an M x K memref of run-time extents.
    wave.copy_tile %A[%bm, %ks] fragment <A, f32_32x32x8_f16>, %a_tile bounded
        : memref<?x?xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "the memref read", [MemRead]>:$source,
                       Variadic<Index>:$indices, Wave_FragmentAttr:$fragment,
                       Arg<AnyMemRef, "the tile written", [MemWrite]>:$tile,
                       UnitAttr:$bounded);
  let assemblyFormat = [{
    $source `[` $indices `]` `fragment` $fragment `,` $tile
    (`bounded` $bounded^)? attr-dict `:` type($source) `,` type($tile)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Accumulator fragments in registers
//===----------------------------------------------------------------------===//

def Wave_AccToOperandOp : Wave_Op<"acc_to_operand", [Pure, Wave_Convergent]> {
  let summary = "turns an MMA accumulator into the operand fragments of "
                "another MMA";
  let description = [{
    Reads the accumulator `acc` (an `M x N` tile of `acc_fragment`'s kind,
    `#wave.fragment<acc, ...>`) as the operand named by `operand_fragment`
    (`A` or `B` of a kind whose input type the results take, converted with
    `arith.truncf`): for `B` (`K x N`) the accumulator's rows are K, and
    result `j` is the B fragment of rows `j * k .. j * k + k - 1` (the
    `j`-th K step of the next MMA); for `A` (`M x K`) its columns are K,
    and result `j` is the A fragment of columns `j * k ..`. The two kinds
    must agree on the dimension that is not K, and `k` must divide the
    other one. This is how one MMA's result feeds the next one without
    global memory (attention's `P = softmax(S)` into `P * V`).

    Which lane holds which element follows from the two kinds' layout
    tables, and `wave-expand-fragments` chooses the way, saying which in a
    remark. When every element a lane needs is one it holds itself (the B
    fragments of a 32x32 or 16x16 MFMA accumulator of the same N:
    computing the transposed product `S^T = K * Q^T` makes `P^T` the B
    operand of `O^T = V^T * P^T`), it stays in registers: a
    `vector.shuffle` of the lane's own slots and one `arith.truncf` a
    result. Otherwise (the A fragments: a lane holds a column, an A
    fragment is a row) it goes through LDS: each wave writes its converted
    accumulator to its own block of a tile the pass allocates, a barrier,
    the operand fragments read back, a barrier (`wave-insert-barriers`
    removes the ones that order nothing); that needs the workgroup size
    (`known_block_size`).

    ```mlir
    // The 32 x 32 accumulator of S^T as the 4 B fragments (K = 8 each)
    // of the next 32x32x8 MFMA.
    %p:4 = wave.acc_to_operand %s fragment <acc, f32_32x32x8_f16>
        to <B, f32_32x32x8_f16>
        : vector<16xf32> -> vector<4xf16>, vector<4xf16>, vector<4xf16>,
          vector<4xf16>
    ```
  }];
  let arguments = (ins Wave_LaneVector:$acc,
                       Wave_FragmentAttr:$acc_fragment,
                       Wave_FragmentAttr:$operand_fragment);
  let results = (outs Variadic<Wave_LaneVector>:$results);
  let assemblyFormat = [{
    $acc `fragment` $acc_fragment `to` $operand_fragment attr-dict `:`
    type($acc) `->` type($results)
  }];
  let hasVerifier = 1;
}

def Wave_FragmentReduceOp : Wave_Op<"fragment_reduce", [Pure, Wave_Convergent]> {
  let summary = "reduces the rows or columns of accumulator fragments";
  let description = [{
    `accs` are accumulator fragments of `fragment`'s kind (`M x N` tiles)
    that lie side by side along dimension `dim` of one larger matrix
    (`dim = 1`: the tiles of one block row, reduced over their columns,
    which gives a statistic per row; `dim = 0`: the tiles of one block
    column, reduced over rows, a statistic per column). Each line (row for
    `dim = 1`, column for `dim = 0`) is combined with `kind` over every
    tile, across the slots of a lane and across the lanes that share the
    line.

    The result holds, in every lane, the statistic of each line the lane's
    slots lie on, one element a line in the order the slots first meet
    them: `L` elements, `L` the number of distinct lines of a lane (from
    the kind's layout table: a 32x32 accumulator has 1 column and 16 rows
    a lane, a 16x16 one 1 column and 4 rows). `wave.fragment_broadcast`
    spreads them back over the fragment's slots.

    `wave-expand-fragments` rewrites the op into the lane's own
    combinations, then wave collectives over the lanes that share a line:
    `wave.reduce ... cluster(size = n)` when they are `n` consecutive
    lanes (rows of an accumulator), `wave.shuffle <xor>` steps when they
    are lanes `n` apart (columns): DPP and lane permutes, no LDS and no
    barrier.

    ```mlir
    // Each query's maximum over the 64 keys of two 32 x 32 tiles of S^T
    // (keys x queries): one value a lane, the lane's query column.
    %m = wave.fragment_reduce <max> %s0, %s1 fragment <acc, f32_32x32x8_f16>
        dim 0 : vector<16xf32> -> vector<1xf32>
    ```
  }];
  let arguments = (ins Wave_ReduceKindAttr:$kind,
                       Variadic<Wave_LaneVector>:$accs,
                       Wave_FragmentAttr:$fragment,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs Wave_LaneVector:$result);
  let assemblyFormat = [{
    $kind $accs `fragment` $fragment `dim` $dim attr-dict `:` type($accs)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

def Wave_FragmentBroadcastOp : Wave_Op<"fragment_broadcast", [Pure]> {
  let summary = "spreads per-line values over an accumulator fragment";
  let description = [{
    The inverse shape of `wave.fragment_reduce`: `values` holds one element
    for each line (row for `dim = 1`, column for `dim = 0`) of
    `fragment`'s accumulator that the lane's slots lie on, in the order of
    that op's result, and each slot of the result receives its line's
    value. No lane communicates: the lowering is a `vector.shuffle`.

    ```mlir
    // The row maxima of four 16 x 16 tiles, back on each slot.
    %mb = wave.fragment_broadcast %m fragment <acc, f32_16x16x16_f16> dim 1
        : vector<4xf32> -> vector<4xf32>
    ```
  }];
  let arguments = (ins Wave_LaneVector:$values, Wave_FragmentAttr:$fragment,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs Wave_LaneVector:$result);
  let assemblyFormat = [{
    $values `fragment` $fragment `dim` $dim attr-dict `:` type($values) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Wave_FragmentIndexOp : Wave_Op<"fragment_index", [Pure]> {
  let summary = "the row or column of each slot of a lane's fragment";
  let description = [{
    Element `s` of the result is the row (`dim = 0`) or column (`dim = 1`),
    within one fragment of `fragment`'s kind (`M x K` for A, `K x N` for
    B, `M x N` for the accumulator), of the element the calling lane holds
    in slot `s`, as the kind's layout table gives it. Adding the tile's
    origin gives the element's place in the problem, so masks are plain
    `arith` on it: the keys past a run-time length, the keys after a query
    in causal attention.

    ```mlir
    // Key (row) of each slot of a 32 x 32 tile of S^T.
    %key = wave.fragment_index fragment <acc, f32_32x32x8_f16> dim 0
        : vector<16xi32>
    ```

    `wave-expand-fragments` rewrites it into the lane id's arithmetic.
  }];
  let arguments = (ins Wave_FragmentAttr:$fragment,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs VectorOfRankAndType<[1], [I32]>:$result);
  let assemblyFormat = [{
    `fragment` $fragment `dim` $dim attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Wave collectives
//===----------------------------------------------------------------------===//

class Wave_CollectiveOp<string mnemonic, list<Trait> traits = []>
    : Wave_NotSpeculatableOp<mnemonic,
          !listconcat(traits, [NoMemoryEffect, Wave_Convergent])>;

def Wave_ReduceOp : Wave_CollectiveOp<"reduce", [AllTypesMatch<["value", "result"]>]> {
  let summary = "reduces a value over the active lanes of the wave or of a "
                "cluster of lanes";
  let description = [{
    Every active lane receives the combination of `value` over all active
    lanes of its wave. `min`/`max` are signed on integers; `and`, `or`, `xor`
    need integers.

    With `cluster(size = N)` the wave is divided into clusters of `N`
    consecutive lanes starting at lane 0 (lanes `k * N` to `k * N + N - 1`),
    and every active lane receives the combination of `value` over the lanes
    of its cluster only, as `gpu.subgroup_reduce ... cluster(size = N)`
    defines it. `N` is a power of two from 2 to 64, and at most the wave
    size of the kernel. Every lane of a cluster is reduced: a cluster that
    has an active lane must have all its lanes active (clusters are either
    wholly active or wholly inactive; `wave-run` reports a violation). The
    lowering reads every lane of the cluster with DPP moves; unlike the
    whole-wave form, which tests at run time whether the whole wave is
    active and otherwise reads the active lanes one by one, it adds no test
    and no branch. The result is the same in the lanes of
    one cluster but in general differs between clusters: it is not uniform
    across the wave. A row of an MFMA accumulator lives in 32 consecutive
    lanes (32x32 kinds) or 16 (16x16 kinds), so a row reduction (softmax's
    max and sum) is a reduction over clusters of that size. Only
    consecutive lanes form a cluster (no stride): the DPP lowering needs
    them, and the accumulator rows are consecutive.

    ```mlir
    %sum = wave.reduce <add> %x : f32
    // The maximum of each row of a 32x32 MFMA accumulator register.
    %rowmax = wave.reduce <max> %c cluster(size = 32) : f32
    ```
  }];
  let arguments = (ins Wave_ReduceKindAttr:$kind, Wave_LaneScalar:$value,
                       OptionalAttr<I64Attr>:$cluster_size);
  let results = (outs Wave_LaneScalar:$result);
  let assemblyFormat = [{
    $kind $value (`cluster` `(` `size` `=` $cluster_size^ `)`)? attr-dict `:`
    type($value)
  }];
  let builders = [
    OpBuilder<(ins "ReduceKind":$kind, "Value":$value,
                   CArg<"std::optional<int64_t>", "std::nullopt">:$clusterSize), [{
      build($_builder, $_state, value.getType(),
            ReduceKindAttr::get($_builder.getContext(), kind), value,
            clusterSize ? $_builder.getI64IntegerAttr(*clusterSize)
                        : IntegerAttr());
    }]>,
  ];
  let hasVerifier = 1;
}

def Wave_ScanOp : Wave_CollectiveOp<"scan", [AllTypesMatch<["value", "result"]>]> {
  let summary = "prefix combination over the active lanes of the wave";
  let description = [{
    Lane `l` receives the combination of `value` over the active lanes
    `0..l` (inclusive, default) or `0..l-1` (`exclusive`; lane 0 gets the
    operation's identity).

    ```mlir
    %prefix = wave.scan <add> %x exclusive : i32
    ```
  }];
  let arguments = (ins Wave_ReduceKindAttr:$kind, Wave_LaneScalar:$value,
                       UnitAttr:$exclusive);
  let results = (outs Wave_LaneScalar:$result);
  let assemblyFormat = "$kind $value (`exclusive` $exclusive^)? attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Wave_BroadcastOp : Wave_CollectiveOp<"broadcast", [AllTypesMatch<["value", "result"]>]> {
  let summary = "every lane receives one lane's value";
  let description = [{
    ```mlir
    %first = wave.broadcast %x, lane 0 : f32
    ```
    The source lane must be active and below the wave size.
  }];
  let arguments = (ins Wave_LaneScalar:$value,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$lane);
  let results = (outs Wave_LaneScalar:$result);
  let assemblyFormat = "$value `,` `lane` $lane attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Wave_ShuffleOp : Wave_CollectiveOp<"shuffle", [AllTypesMatch<["value", "result"]>]> {
  let summary = "reads another lane's value";
  let description = [{
    Lane `l` reads `value` from lane `offset` (`idx`), `l - offset` (`up`),
    `l + offset` (`down`) or `l xor offset` (`xor`). A lane whose source lies
    outside the wave keeps its own value (as CUDA's `__shfl_up`/`_down`).

    ```mlir
    %n = wave.shuffle <xor> %x, %c1 : f32
    ```
  }];
  let arguments = (ins Wave_ShuffleModeAttr:$mode, Wave_LaneScalar:$value,
                       I32:$offset);
  let results = (outs Wave_LaneScalar:$result);
  let assemblyFormat = "$mode $value `,` $offset attr-dict `:` type($value)";
}

def Wave_BallotOp : Wave_CollectiveOp<"ballot"> {
  let summary = "bit mask of the active lanes whose predicate holds";
  let description = [{
    Bit `l` of the result is set when lane `l` is active and `predicate`
    holds there. The result has one bit per lane: `i64` for waves of 64,
    `i32` for waves of 32.

    ```mlir
    %mask = wave.ballot %p : i64
    ```
  }];
  let arguments = (ins I1:$predicate);
  let results = (outs AnyTypeOf<[I32, I64]>:$result);
  let assemblyFormat = "$predicate attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Wave_AnyOp : Wave_CollectiveOp<"any"> {
  let summary = "whether the predicate holds on any active lane";
  let arguments = (ins I1:$predicate);
  let results = (outs I1:$result);
  let assemblyFormat = "$predicate attr-dict";
}

def Wave_AllOp : Wave_CollectiveOp<"all"> {
  let summary = "whether the predicate holds on every active lane";
  let arguments = (ins I1:$predicate);
  let results = (outs I1:$result);
  let assemblyFormat = "$predicate attr-dict";
}

#endif // WAVE_DIALECT_WAVE_IR_WAVEOPS_TD

"""Ready-made kernels built with the Python builder.

``build_attention(d, causal, chip)`` is the FlashAttention-2 forward kernel
of ``examples/attention.mlir`` (``attention_d64.mlir``,
``attention_causal.mlir``) with its scalar reference, op for op.
"""
from .builder import ModuleBuilder
from .types import f16, f32, i32, index, memref, vector

__all__ = ["attention_builder", "build_attention"]

#: The MFMA of both products and the fragments of its operands.
_KIND = "f32_32x32x8_f16"
# S^T = K Q^T: K (keys x d) is the A operand, Q (queries x d) the B operand
# stored N x K, S^T (keys x queries) the accumulator.
_K = ("A", _KIND)
_Q = ("B", _KIND, "transposed")
_S = ("acc", _KIND)
# O^T = V^T P^T: V^T (d x keys) is the A operand, read from V's tile (keys
# x d) as its transpose, P^T the B operand, O^T (d x queries) the
# accumulator, stored transposed as O (queries x d).
_V = ("A", _KIND, "transposed")
_P = ("B", _KIND)
_O = ("acc", _KIND, "transposed")

#: Queries a workgroup (4 waves of 32), keys a step of the main loop.
_QUERIES, _KEYS = 128, 64
#: The most keys the reference holds the scores of (its LDS row).
_REF_MAX_CTX = 4096


def _default_name(d, causal):
    return "attention" + ("" if d == 128 else f"_d{d}") + \
        ("_causal" if causal else "")


def attention_builder(d=128, causal=False, chip="gfx942", name=None):
    """The ``ModuleBuilder`` of ``build_attention`` (``text()`` is the
    module's source with the Python locations)."""
    if d not in (64, 128):
        raise ValueError(f"build_attention supports head dimensions 64 and "
                         f"128, not {d!r}")
    name = name or _default_name(d, causal)
    tiles = d // 32                    # 32 x 32 tiles of O^T (rows of d)
    chunks = d // 8                    # 8-element chunks a row of d
    rows = 256 // chunks               # rows one copy of 256 lanes covers
    k_steps = d // 8                   # K steps of S^T = K Q^T
    kv_copies = _KEYS * chunks // 256

    mb = ModuleBuilder(name)
    qkv = memref([None, None, d], f16)
    arguments = [("Q", qkv), ("K", qkv), ("V", qkv), ("O", qkv),
                 ("sm_scale", f32), ("heads", index), ("n_ctx", index)]
    dims = {arg: ["heads", "n_ctx"] for arg in "QKVO"}
    acc, frag, stat = vector(16, f32), vector(4, f16), vector(1, f32)
    lane_index, chunk = vector(16, i32), vector(8, f16)

    # K and V: chunk c of 8 elements of lane t in a copy of rows of d.
    def kv_src(h, j, c, t):
        return (h, j * _KEYS + c * rows + t // chunks, (t % chunks) * 8)

    def row_dst(c, t):
        return (c * rows + t // chunks, (t % chunks) * 8)

    # Wave w's K step kk of Q, in whole fragments.
    def q_frag(h, qb, w, kk):
        return (h, qb * 4 + w, kk)

    # Wave w's 32 x 32 block t of O.
    def o_pos(h, qb, w, t):
        return (h, qb * 4 + w, t)

    # Each asks for the occupancy its registers allow anyway (D = 128: about
    # 340 VGPRs and AGPRs, 1; D = 64: 2). The register estimate before
    # allocation is lower (it misses the swizzled reads' address registers,
    # and that Q, the scores and P live at once), and without the request
    # wave-pipeline-loops would keep the LDS budget of that higher occupancy
    # and decline to double-buffer K and V.
    # Q, K, V and O never overlap (noalias): the next step's loads of K and V
    # may go below the step's workgroup barrier.
    k = mb.kernel(name, arguments, block=(256, 1, 1), chip=chip,
                  occupancy=2 if d == 64 else 1,
                  reference=f"{name}_ref", dims=dims, noalias="QKVO",
                  assume=lambda q, k_, v, o, s, h, n: (
                      h - 1, n - 1, 64 - h, 65536 - n))
    Q, K, V, O, sm_scale, _, n_ctx = k.arguments
    k_tile = k.wave.alloc_lds([_KEYS, d], f16)
    v_tile = k.wave.alloc_lds([_KEYS, d], f16)
    c = [k.index(i) for i in range(max(kv_copies, k_steps, tiles) + 1)]
    c64 = k.index(64)
    c64_i32 = k.arith.constant(64, i32)
    c32_i32 = k.arith.constant(32, i32)
    zero = k.arith.constant(0.0, acc)
    minus_inf = k.arith.constant(float("-inf"), acc)
    m_init = k.arith.constant(float("-inf"), stat)
    one = k.arith.constant(1.0, stat)
    no_p = k.arith.constant(0.0, frag)
    plus = k.arith.constant(1.0, frag)
    minus = k.arith.constant(-1.0, frag)
    zero_f32 = k.arith.constant(0.0, f32)
    log2e = k.arith.constant(1.44269504, f32)
    t = k.gpu.thread_id("x")
    w = k.gpu.subgroup_id()
    qb = k.gpu.block_id("x")
    h = k.gpu.block_id("y")
    # exp(x sm_scale) = exp2(x qk_scale). Its sign goes to Q, so that the
    # scores are scaled by |qk_scale| after their maximum is taken.
    qk_scale = k.arith.mulf(sm_scale, log2e)
    negative = k.arith.cmpf("olt", qk_scale, zero_f32)
    sign = k.arith.select(negative, minus, plus)
    qk_abs = k.math.absf(qk_scale)
    qk = k.vector.broadcast(qk_abs, acc)
    qk_stat = k.vector.broadcast(qk_abs, stat)
    # The wave's 32 queries as the B fragments of the d / 8 K steps, read
    # once.
    q = [k.arith.mulf(k.wave.read(Q, [h, qb, w, c[kk]], frag, map=q_frag,
                                  fragment=_Q, bounded=True), sign)
         for kk in range(k_steps)]
    if causal:
        # Key blocks up to the diagonal of the workgroup's last query.
        all_blocks = k.arith.ceildivui(n_ctx, c64)
        diag_blocks = k.affine.apply(lambda b: b * 2 + 2, [qb])
        blocks = k.arith.minui(all_blocks, diag_blocks)
        first_diag = k.affine.apply(lambda b: b * 2, [qb])
    else:
        blocks = k.arith.ceildivui(n_ctx, c64)
    # One step more than blocks: P V runs a step behind.
    steps = k.arith.addi(blocks, c[1])
    n_i32 = k.arith.index_cast(n_ctx, i32)
    # Blocks from the first past n_ctx's last full one on (and, causal,
    # from the first the diagonal crosses) are masked: one 32-bit scalar
    # compare a block.
    first_masked = k.arith.divui(n_i32, c64_i32)
    if causal:
        first_diag_i32 = k.arith.index_cast(first_diag, i32)
        first_masked = k.arith.minui(first_masked, first_diag_i32)
    key_in_tile = k.wave.fragment_index(_S, 0)
    if causal:
        query_in_tile = k.wave.fragment_index(_S, 1)
        q0 = k.affine.apply(lambda b, wave: b * _QUERIES + wave * 32, [qb, w])
        q0_i32 = k.arith.index_cast(q0, i32)
        q0_vec = k.vector.broadcast(q0_i32, lane_index)
        query = k.arith.addi(query_in_tile, q0_vec)

    with k.scf.for_(c[0], steps, c[1],
                    iter_args=[m_init, zero, one] + [zero] * tiles +
                    [no_p] * 8) as loop:
        j = loop.iv
        m, l_sum, alpha_before = loop.args[:3]
        o_in = loop.args[3:3 + tiles]
        p_before = loop.args[3 + tiles:]
        # V's block: the one before (step 0 multiplies block 0 by P = 0).
        before = k.arith.subi(j, c[1])
        v_block = k.arith.maxsi(before, c[0])
        # Stage K of block j and V of the block before as they are: the
        # compiler stores V's tile as the chip reads its columns best.
        for i in range(kv_copies):
            kv = k.wave.read(K, [h, j, c[i], t], chunk, map=kv_src,
                             bounded=True)
            k.wave.write(kv, k_tile, [c[i], t], map=row_dst)
        for i in range(kv_copies):
            kv = k.wave.read(V, [h, v_block, c[i], t], chunk, map=kv_src,
                             bounded=True)
            k.wave.write(kv, v_tile, [c[i], t], map=row_dst)
        k.wave.barrier()
        # S^T for keys 0-31 and 32-63 of block j against the wave's queries,
        # unscaled, K step by K step, the halves in turn: each half's next K
        # read is issued under the other's MMA instead of waited for between
        # two of its own.
        s = [zero, zero]
        for kk in range(k_steps):
            for half in range(2):
                a = k.wave.read(k_tile, [c[half], c[kk]], frag, fragment=_K)
                s[half] = k.wave.mma(_KIND, a, q[kk], s[half])
        # Masked: the partial last block and the extra step (and, causal,
        # the blocks the diagonal crosses).
        j_i32 = k.arith.index_cast(j, i32)
        masked = k.arith.cmpi("uge", j_i32, first_masked)
        with k.scf.if_(masked, results=[acc, acc]) as branch:
            base = k.arith.muli(j_i32, c64_i32)
            # Key k of the tile is in while k < n - base: one subtraction
            # a block, and the loop keeps only the tile's key indices.
            left0 = k.arith.subi(n_i32, base)
            left1 = k.arith.subi(left0, c32_i32)
            left = [k.vector.broadcast(x, lane_index) for x in (left0, left1)]
            ok = [k.arith.cmpi("slt", key_in_tile, x) for x in left]
            if causal:
                # At or before its query while k <= query - base.
                base_vec = k.vector.broadcast(base, lane_index)
                before0 = k.arith.subi(query, base_vec)
                half = k.vector.broadcast(c32_i32, lane_index)
                before1 = k.arith.subi(before0, half)
                past = [k.arith.cmpi("sle", key_in_tile, before0),
                        k.arith.cmpi("sle", key_in_tile, before1)]
                ok = [k.arith.andi(a, b) for a, b in zip(ok, past)]
            branch.yield_(*(k.arith.select(o, x, minus_inf)
                            for o, x in zip(ok, s)))
        with branch.else_():
            branch.yield_(*s)
        sm = branch.results
        # Online softmax of each query (a column of S^T): the maximum
        # scaled once, exp2(s qk - m) one multiply-add a score.
        m_raw = k.wave.fragment_reduce("max", sm, _S, 0)
        m_step = k.arith.mulf(m_raw, qk_stat)
        m_new = k.arith.maximumf(m, m_step)
        m_bcast = k.wave.fragment_broadcast(m_new, _S, 0)
        p = [k.math.exp2(k.arith.subf(k.arith.mulf(x, qk), m_bcast))
             for x in sm]
        alpha = k.math.exp2(k.arith.subf(m, m_new))
        alpha_bcast = k.wave.fragment_broadcast(alpha, _S, 0)
        # The row sums stay the lane's partial sums until after the loop.
        l_scaled = k.arith.mulf(l_sum, alpha_bcast)
        l_new = k.arith.addf(l_scaled, k.arith.addf(p[0], p[1]))
        # P^T as the B fragments of O^T = V^T P^T, in registers, for the
        # next step.
        pf = k.wave.acc_to_operand(p[0], _S, _P) + \
            k.wave.acc_to_operand(p[1], _S, _P)
        # O, relative to the maximum before the block before, rescaled to
        # the one after it ahead of that block's products.
        alpha_before_bcast = k.wave.fragment_broadcast(alpha_before, _S, 0)
        o = [k.arith.mulf(x, alpha_before_bcast) for x in o_in]
        # O^T block i (rows 32 i ..) += V^T (i, kk) P^T (kk) of the block
        # before, K step by K step, the accumulators in turn.
        for kk, b in enumerate(p_before):
            for i in range(tiles):
                a = k.wave.read(v_tile, [c[kk], c[i]], frag, fragment=_V)
                o[i] = k.wave.mma(_KIND, a, b, o[i])
        k.wave.barrier()
        loop.yield_(m_new, l_new, alpha, *o, *pf)

    # O = O^T / l, stored transposed as f16.
    l_final = loop.results[1]
    o_final = loop.results[3:3 + tiles]
    l_total = k.wave.fragment_reduce("add", [l_final], _S, 0)
    inv = k.arith.divf(one, l_total)
    inv_bcast = k.wave.fragment_broadcast(inv, _S, 0)
    for i, o_t in enumerate(o_final):
        normalized = k.arith.mulf(o_t, inv_bcast)
        half_precision = k.arith.truncf(normalized, f16)
        k.wave.write(half_precision, O, [h, qb, w, c[i]], map=o_pos,
                     fragment=_O, bounded=True)

    _build_reference(mb, f"{name}_ref", arguments, dims, d, causal)
    return mb


def _build_reference(mb, name, arguments, dims, d, causal):
    """One workgroup of ``d`` lanes looping over heads and queries: the
    scores of a query in LDS (lane i computing keys i, i + d, ...), then its
    softmax row by row in f32 (max, sum of exp2), then lane l's output
    element l."""
    r = mb.kernel(name, arguments, block=(d, 1, 1), grid=(1, 1, 1),
                  dims=dims, assume=lambda q, k_, v, o, s, h, n: (
                      h - 1, n - 1, _REF_MAX_CTX - n))
    Q, K, V, O, sm_scale, heads, n_ctx = r.arguments
    scores = r.wave.alloc_lds([_REF_MAX_CTX], f32)
    c0, c1, cd = r.index(0), r.index(1), r.index(d)
    zero = r.arith.constant(0.0, f32)
    minus_inf = r.arith.constant(float("-inf"), f32)
    log2e = r.arith.constant(1.44269504, f32)
    qk_scale = r.arith.mulf(sm_scale, log2e)
    lane = r.gpu.thread_id("x")
    with r.scf.for_(c0, heads, c1) as head:
        h = head.iv
        with r.scf.for_(c0, n_ctx, c1) as query:
            q = query.iv
            # The query's scores.
            with r.scf.for_(lane, n_ctx, cd) as keys:
                key = keys.iv
                with r.scf.for_(c0, cd, c1, iter_args=[zero]) as dot:
                    a = r.memref.load(Q, [h, q, dot.iv])
                    b = r.memref.load(K, [h, key, dot.iv])
                    product = r.arith.mulf(r.arith.extf(a, f32),
                                           r.arith.extf(b, f32))
                    dot.yield_(r.arith.addf(dot.args[0], product))
                score = r.arith.mulf(dot.results[0], qk_scale)
                if causal:
                    after = r.arith.cmpi("ugt", key, q)
                    score = r.arith.select(after, minus_inf, score)
                r.memref.store(score, scores, [key])
            r.wave.barrier()
            # Softmax of the row, in f32.
            with r.scf.for_(c0, n_ctx, c1, iter_args=[minus_inf]) as row:
                x = r.memref.load(scores, [row.iv])
                row.yield_(r.arith.maximumf(row.args[0], x))
            (row_max,) = row.results
            with r.scf.for_(c0, n_ctx, c1, iter_args=[zero, zero]) as row:
                total, out = row.args
                x = r.memref.load(scores, [row.iv])
                p = r.math.exp2(r.arith.subf(x, row_max))
                v = r.arith.extf(r.memref.load(V, [h, row.iv, lane]), f32)
                pv = r.arith.mulf(p, v)
                row.yield_(r.arith.addf(total, p), r.arith.addf(out, pv))
            total, out = row.results
            result = r.arith.truncf(r.arith.divf(out, total), f16)
            r.memref.store(result, O, [h, q, lane])
            r.wave.barrier()


def build_attention(d=128, causal=False, chip="gfx942", name=None):
    """FlashAttention-2 forward, ``O = softmax(Q K^T sm_scale) V`` per head,
    as ``examples/attention.mlir`` (d=128), ``attention_d64.mlir`` (d=64)
    and ``attention_causal.mlir`` build it: f16 ``Q``, ``K``, ``V``, ``O``
    of shape ``[heads, n_ctx, d]`` (run-time ``heads`` and ``n_ctx``,
    ``wave.dims``), an f32 ``sm_scale``, f32 accumulation and the online
    softmax in base 2. With ``causal`` keys after a query are masked out.

    Launch a grid of ``(ceil(n_ctx / 128), heads)`` workgroups of 256
    lanes: each wave computes 32 queries, 64 keys a step, the transposed
    scores ``S^T = K Q^T`` on MFMA 32x32x8 f16 feeding ``O^T = V^T P^T``
    in registers (``wave.acc_to_operand``), the softmax statistics with
    ``wave.fragment_reduce``/``fragment_broadcast`` and the masks of the
    partial last block (and the diagonal) with ``wave.fragment_index``.
    The module also holds ``<name>_ref``, one workgroup of ``d`` lanes
    computing each query's softmax row by row in f32 (``n_ctx`` at most
    4096), named by the kernel's ``wave.reference``.

    ``name`` defaults to the example's: ``attention``, ``attention_d64``,
    ``attention_causal``, ``attention_d64_causal``. Returns the verified
    ``Module``."""
    return attention_builder(d, causal, chip, name).build()

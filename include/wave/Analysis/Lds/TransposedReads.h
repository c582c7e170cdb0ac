//===- TransposedReads.h - LDS columns a chip reads transposed --*- C++ -*-===//
//
// Which reads down a column of an LDS tile a chip with transposed LDS reads
// (gfx950's ds_read_b64_tr_b16) reads 4 rows at a time: the lowering makes
// them transposed reads, wave-transpose-lds-tiles counts them when it
// decides which way round to store a tile.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_LDS_TRANSPOSEDREADS_H
#define WAVE_ANALYSIS_LDS_TRANSPOSEDREADS_H

#include "wave/Dialect/Wave/IR/WaveOps.h"

#include <optional>
#include <string>

namespace mlir::wave {

class UniformityInfo;

/// Elements of one transposed read (64 bits of 16-bit elements).
inline constexpr int64_t kTransposedReadElements = 4;

/// Whether `op` reads 16-bit elements of LDS down a dimension other than
/// the innermost (a column of a row-major tile), which chips with
/// transposed LDS reads may read 4 rows at a time.
bool isLdsColumnRead(ReadOp op);

/// Whether `op`, an LDS column read (`isLdsColumnRead`) on a chip with
/// transposed LDS reads, may be one transposed read for each 4 of its
/// elements: it is unmasked and unbounded, its tile static and row-major
/// with rows at multiples of 8 bytes and a swizzle (if any) of groups of 4
/// or more elements, every wave of its kernel whole (`known_block_size`, x
/// a multiple of 64) and every lane of it at the read (the branches and
/// loops around it wave-uniform: the instruction needs exec all ones), its
/// indices wave-uniform but for one `gpu.thread_id x`, each term of its map
/// of the thread id or of the others, the others' part of the column a
/// known multiple of 4, and the 4 lanes of every aligned quad of the
/// workgroup reading 4 adjacent columns, from a multiple of 4, of the same
/// rows (checked lane by lane). `*reason` says why not.
/// `isWaveUniform` says whether a value is the same in all lanes of a wave.
bool lowersToTransposedLdsRead(ReadOp op,
                               function_ref<bool(Value)> isWaveUniform,
                               std::string *reason = nullptr);
bool lowersToTransposedLdsRead(ReadOp op, const UniformityInfo &uniformity,
                               std::string *reason = nullptr);

/// Whether `op` is a read the lowering makes transposed reads: an LDS
/// column read on a chip with transposed LDS reads that
/// `lowersToTransposedLdsRead` accepts, with workgroup-uniform values
/// standing for wave-uniform ones (for analyses without a uniformity
/// analysis at hand: they may miss a read the lowering makes one).
bool isTransposedLdsRead(Operation *op);

/// The position of `op`'s `gpu.thread_id x` index, if exactly one index is.
std::optional<unsigned> getTransposedReadThreadIdDim(ReadOp op);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_LDS_TRANSPOSEDREADS_H

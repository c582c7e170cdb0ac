//===- Program.h - Translated kernels and their execution state -*- C++ -*-===//
//
// A kernel becomes a flat list of instructions. Every SSA value owns a
// register: `rows` rows (one per vector element, one for a scalar) of `width`
// slots (one per lane), so row r of lane l sits at slot `reg + r * width + l`.
// An instruction is a handler function plus register offsets and immediates;
// structured control flow becomes jumps plus a stack of lane masks.
//
// Integers are kept zero-extended to 64 bits (`Slot::u`); floats as doubles
// holding values exactly representable in their type (`Slot::f`), rounded to
// the type after every operation.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_INTERPRETER_PROGRAM_H
#define WAVE_LIB_INTERPRETER_PROGRAM_H

#include "AffineEval.h"
#include "wave/Dialect/Wave/IR/WaveAttrs.h"
#include "wave/Interpreter/Buffer.h"
#include "wave/Interpreter/Interpreter.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::wave::interp {

union Slot {
  uint64_t u;
  int64_t i;
  double f;
};

inline Slot floatSlot(double f) {
  Slot s;
  s.f = f;
  return s;
}
inline Slot intSlot(uint64_t u) {
  Slot s;
  s.u = u;
  return s;
}

constexpr unsigned kMaxWaveSize = 64;
/// One bit per lane of a wave.
using LaneMask = uint64_t;

enum class Status : uint8_t { Next, Barrier, Done, Error };

struct Wave;
struct Instr;
using Handler = Status (*)(Wave &, const Instr &);

struct Instr {
  Handler fn = nullptr;
  uint32_t dst = 0;
  uint32_t src[3] = {0, 0, 0};
  /// Rows (vector elements) the instruction processes.
  uint32_t rows = 1;
  /// Handler-specific: integer width, predicate, side-table index, target.
  uint32_t aux = 0;
  uint64_t imm = 0;
  Operation *op = nullptr;
};

enum class MemorySpace : uint8_t { Global, Lds, Private };

/// A memref the kernel accesses: an argument, an LDS tile or a private
/// allocation. Memref SSA values resolve to one at translation time.
struct MemObject {
  MemorySpace space;
  /// Argument number, LDS tile number or private allocation number.
  unsigned index;
  ElementKind kind;
  SmallVector<int64_t, 4> shape;
  SmallVector<int64_t, 4> strides;
  int64_t offset = 0;
  /// Slots the interpreter holds for it: its storage span, or its logical
  /// elements when more (outputs are compared element by element).
  int64_t slots = 0;
  /// Where it is defined (the allocating op, argument or attribution).
  LocationAttr loc;
  /// The XOR swizzle of a swizzled LDS tile (null otherwise): the innermost
  /// coordinate is swizzled before the strides apply.
  SwizzleAttr swizzle;
  /// The allocating op (null for arguments).
  Operation *def = nullptr;
  /// An LDS tile's byte address in the workgroup's LDS: the tiles lie one
  /// after the other, each 16-byte aligned.
  int64_t ldsAddress = 0;
  /// How messages name it: "argument 'A'", "LDS tile", ...
  std::string description;
  /// A view (`memref.reinterpret_cast`) addresses the storage of the object
  /// `viewOf` (same space and index) with its own shape, strides and offset;
  /// it holds no slots of its own.
  std::optional<unsigned> viewOf;
  /// The registers of a view's sizes, strides and offset (in that order)
  /// that are SSA values, -1 for the static ones; empty when all are static.
  SmallVector<int64_t, 9> layoutRegs;
};

/// What a raw buffer access (`amdgpu.raw_buffer_load`/`store`) adds to a
/// lane access: its vector starts at the row-major element offset of its i32
/// indices plus `indexOffset` and `sgprOffset`, and the buffer's range check
/// keeps or drops it whole.
struct BufferAccess {
  int64_t indexOffset = 0;
  /// The access map's last result is `sgprOffset`.
  bool hasSgprOffset = false;
  bool boundsCheck = true;
};

/// A lane memory access (`wave.read`/`write`, `memref.load`/`store`,
/// `vector.load`/`store`, `amdgpu.raw_buffer_load`/`store`): element 0 at
/// `map(indices)`, element i i positions further along dimension `along`;
/// for a buffer access, element i i positions further in row-major order.
struct Access {
  unsigned object;
  AffineProgram map;
  SmallVector<uint32_t, 4> indices;
  unsigned along = 0;
  unsigned elems = 1;
  bool hasMask = false;
  uint32_t mask = 0;
  /// What masked-off elements read (`vector.maskedload`); zero without.
  bool hasPassthru = false;
  uint32_t passthru = 0;
  bool write = false;
  /// Elements outside the shape are skipped (`bounded`).
  bool bounded = false;
  std::optional<BufferAccess> buffer;
};

/// affine.apply/min/max: the map and the registers of its operands.
struct AffineApply {
  AffineProgram map;
  SmallVector<uint32_t, 4> operands;
};

/// `wave.mma` operand tables: for slot s of lane l, the row-major element of
/// A, B and the accumulator, at `[s * 64 + l]`.
struct MmaTables {
  int64_t m, n, k;
  unsigned kPerLane, accPerLane;
  bool integer;
  std::vector<uint32_t> a, b, acc;
  /// Scaled kinds: the registers of each lane's E8M0 scales of A and B, and
  /// the row of each that applies (amdgpu.scaled_mfma's byte selection).
  bool scaled = false;
  uint32_t aScale = 0, bScale = 0;
  unsigned aScaleRow = 0, bScaleRow = 0;
};

/// A register filled when a wave starts: a constant or a scalar argument.
struct RegisterInit {
  uint32_t reg;
  /// One value per row (constants).
  SmallVector<Slot, 4> rows;
  /// Argument number for a scalar argument, -1 for a constant.
  int argument = -1;
};

struct Program {
  std::string name;
  Operation *func = nullptr;
  unsigned width = 64;
  /// Whether ds_bpermute reaches only the reading lane's 32-lane half.
  bool permutesInHalves = false;
  /// The GFX generation of the kernel's chip (which DPP controls and
  /// permlanes exist); 0 when the kernel names no known chip.
  unsigned gfxMajor = 0;
  /// Whether the kernel's chip has transposed LDS reads
  /// (`amdgpu.transpose_load`).
  bool ldsTransposeReads = false;
  Dim3 block = {1, 1, 1};
  std::optional<Dim3> knownGrid;
  std::vector<KernelArgumentInfo> arguments;

  std::vector<Instr> code;
  /// Size of a wave's register file, in slots.
  uint32_t numSlots = 0;
  std::vector<RegisterInit> inits;
  std::vector<MemObject> objects;
  /// Object numbers of the LDS tiles and private allocations, by index.
  std::vector<unsigned> ldsObjects, privateObjects;
  std::vector<Access> accesses;
  std::vector<AffineApply> affine;
  /// Source slot of every destination row of a row gather.
  std::vector<std::vector<uint32_t>> rowTables;
  std::vector<MmaTables> mma;
  /// Deepest nesting of structured control flow (mask frames).
  unsigned maxDepth = 0;

  size_t indexOf(const Instr &instr) const { return &instr - code.data(); }
};

/// What the race detector knows about one LDS element.
struct ShadowCell {
  /// Barrier epoch of the last write; 0 when never written.
  uint32_t writeEpoch = 0;
  uint32_t readEpoch = 0;
  /// Workgroup-linear lane ids and the instructions of the last write and of
  /// (up to) two distinct readers in `readEpoch`.
  int32_t writer = -1;
  int32_t reader = -1;
  int32_t otherReader = -1;
  uint32_t writeInstr = 0;
  uint32_t readInstr = 0;
  uint32_t otherReadInstr = 0;
};

/// A read of an LDS element no lane had written. Whether it is a race (a
/// lane writes the element later in the same epoch) or a read of memory never
/// written is known when the epoch ends.
struct PendingRead {
  uint32_t instr;
  int32_t lane;
  unsigned object;
  SmallVector<int64_t, 4> coord;
};

struct Workgroup {
  Dim3 id;
  std::vector<Buffer> lds;
  std::vector<std::vector<ShadowCell>> shadow;
  /// Incremented by every barrier: accesses in different epochs are ordered.
  uint32_t epoch = 1;
  /// The first read of unwritten LDS in the current epoch.
  std::optional<PendingRead> unwrittenRead;
};

/// A mask frame of structured control flow.
struct MaskFrame {
  LaneMask outer;
  /// The lanes of the else arm of an `scf.if`.
  LaneMask other;
  /// The op that opened the frame (the divergent branch or loop).
  Operation *op;
};

/// What every wave of a launch shares: the argument buffers, the grid and
/// the steps (instructions a wave executes) the launch may still take.
struct Launch {
  MutableArrayRef<Buffer> args;
  Dim3 grid;
  uint64_t stepsLeft;
  uint64_t maxSteps;
};

struct Wave {
  const Program *program = nullptr;
  Launch *launch = nullptr;
  Workgroup *workgroup = nullptr;
  std::vector<Slot> regs;
  unsigned width = 64;
  /// Index of the wave in its workgroup.
  unsigned index = 0;
  /// Lanes that exist (the last wave of a workgroup may be partial).
  LaneMask present = 0;
  /// Lanes executing now.
  LaneMask exec = 0;
  size_t pc = 0;
  SmallVector<MaskFrame, 8> frames;
  /// Thread id (x, y, z) of every lane.
  std::array<std::array<int64_t, kMaxWaveSize>, 3> tid;
  /// Private allocations: buffer `allocation * width + lane`.
  std::vector<Buffer> privateMemory;
  /// The barrier the wave waits at, when suspended.
  const Instr *waitingAt = nullptr;

  Slot *reg(uint32_t offset) { return regs.data() + offset; }
  bool isActive(unsigned lane) const { return (exec >> lane) & 1; }
  /// Workgroup-linear id of a lane.
  int32_t linearLane(unsigned lane) const { return index * width + lane; }
  /// "thread (x, y, z) of workgroup (x, y, z)".
  std::string describeLane(unsigned lane) const;
  std::string describeLinearLane(int32_t linear) const;
  /// An error at the op of `instr`; the caller streams the message.
  InFlightDiagnostic emitError(const Instr &instr) const;
  /// Adds a note at the op of instruction number `index`.
  void attachNote(InFlightDiagnostic &diag, size_t index,
                  const Twine &message) const;
};

/// "thread (x, y, z) of workgroup (x, y, z)" for a workgroup-linear lane id.
std::string describeThread(const Dim3 &block, const Dim3 &workgroup,
                           int64_t linear);

/// Lanes of a mask as "0-3, 7".
std::string describeLanes(LaneMask mask);

/// Checks that every cluster of `size` lanes `first + i * stride` of `w` is
/// wholly active or wholly inactive, as reductions over clusters need (every
/// lane of a cluster is reduced); reports the first cluster that is not at
/// `instr` and returns false.
bool checkWholeClusters(Wave &w, const Instr &instr, unsigned size,
                        unsigned stride = 1);

/// Calls `fn(lane)` for every lane set in `mask`.
template <typename Fn> inline void forEachLane(LaneMask mask, Fn fn) {
  while (mask) {
    fn(unsigned(llvm::countr_zero(mask)));
    mask &= mask - 1;
  }
}

/// The lanes whose value in `row` is non-zero (an i1 row).
inline LaneMask laneBits(const Slot *row, unsigned width) {
  LaneMask bits = 0;
  for (unsigned l = 0; l < width; ++l)
    bits |= LaneMask(row[l].u != 0) << l;
  return bits;
}

inline uint64_t widthMask(unsigned width) {
  return width >= 64 ? ~0ULL : (1ULL << width) - 1;
}

inline int64_t signExtend(uint64_t value, unsigned width) {
  if (width >= 64)
    return int64_t(value);
  return int64_t(value << (64 - width)) >> (64 - width);
}

} // namespace mlir::wave::interp

#endif // WAVE_LIB_INTERPRETER_PROGRAM_H

//===- DppOps.cpp - amdgpu.dpp, swizzles and rocdl.permlanex16 ------------===//
//
// The cross-lane moves `wave-lower-subgroup-reduce` (upstream's DPP lowering
// of gpu.subgroup_reduce) emits, with the hardware's semantics:
//
// * `amdgpu.dpp` is `llvm.amdgcn.update.dpp`: the result starts as `old` and
//   a v_mov_b32_dpp writes `src` of the lane the control selects. Lanes form
//   rows of 16 and banks of 4 within a row (AMDGPUModifierSyntax, dpp_ctrl).
//   A lane whose row is off in `row_mask` or whose bank is off in `bank_mask`
//   is not written: it keeps `old`. A lane whose source lane is invalid (a
//   shift past its row or the wave) or inactive (DPP fetches no disabled lane:
//   update.dpp is encoded with FI = 0 where the bit exists) gets zero with
//   `bound_ctrl`, else keeps `old`. The controls (ISA DPP_CTRL table):
//   quad_perm reads lane `(l & ~3) + sel[l & 3]`; row_shl:n lane l + n and
//   row_shr:n lane l - n within the row; row_ror:n lane l - n modulo the row;
//   wave_shl/shr by one lane across the wave, wave_rol/ror rotating;
//   row_mirror lane 15 - l of the row, row_half_mirror 7 - l of the half row;
//   row_bcast:15 gives the rows after the first the last lane of the row
//   before, row_bcast:31 rows 2 and 3 lane 31, and the lanes the broadcast
//   does not reach (row 0, rows 0 and 1) read their own lane (the ISA's
//   pseudocode assigns only `n > 15`, `n > 31`; rocWMMA's DPP tests expect
//   the lane's own value there). The wave controls and the row broadcasts
//   exist on GFX8 and GFX9 only, so they need the kernel's chip.
// * `rocdl.permlanex16` (GFX10 and later) gives lane l the value of lane
//   `sel` of the other row of its pair of rows, `sel` nibble `l % 16` of the
//   64-bit select {src2, src1}. With `fi` it reads inactive lanes too (their
//   registers hold what the interpreter last computed for them, which need
//   not be the hardware's stale value); without, an inactive source lane is
//   invalid and `boundControl` decides as for DPP.
// * `amdgpu.swizzle_bitmode` is ds_swizzle_b32 in bit-mask mode (offset bit
//   15 clear, and_mask in bits 4:0, or_mask 9:5, xor_mask 14:10; the ISA's
//   DS_SWIZZLE_B32 pseudocode, the same in the CDNA3 and RDNA3 manuals):
//   lane i reads lane j = (((i & 0x1f) & and_mask) | or_mask) ^ xor_mask
//   of its own group of 32 lanes (j |= i & 0x20), and gets zero when lane j
//   is not active (`thread_valid[j] ? thread_in[j] : 0`).
//
// The lane choice is the same for every element of a vector, and the zero of
// bound_ctrl is all-zero bits, as for a 32-bit register moved whole (the
// backend packs narrower types into one and splits 64-bit ones in two moves
// of the same control).
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Compiler.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

namespace {
/// An `amdgpu.dpp` control, packed into the `imm` of its instruction.
struct DppControl {
  amdgpu::DPPPerm kind;
  /// quad_perm: the four 2-bit selects (select i at bits 2i); row shifts and
  /// rotates: the distance.
  uint8_t argument;
  uint8_t rowMask;
  uint8_t bankMask;
  bool boundCtrl;

  uint64_t pack() const {
    return uint64_t(kind) | uint64_t(argument) << 8 | uint64_t(rowMask) << 16 |
           uint64_t(bankMask) << 20 | uint64_t(boundCtrl) << 24;
  }
  static DppControl unpack(uint64_t imm) {
    return {amdgpu::DPPPerm(imm & 0xff), uint8_t(imm >> 8),
            uint8_t((imm >> 16) & 0xf), uint8_t((imm >> 20) & 0xf),
            bool((imm >> 24) & 1)};
  }
};
} // namespace

/// The lane whose `src` lane `l` of a wave of `width` reads, or -1 when the
/// control makes the source invalid (shifted out of the row or the wave).
static int sourceLane(const DppControl &c, int l, int width) {
  int rowStart = l & ~15, inRow = l & 15;
  switch (c.kind) {
  case amdgpu::DPPPerm::quad_perm:
    return (l & ~3) | ((c.argument >> (2 * (l & 3))) & 3);
  case amdgpu::DPPPerm::row_shl:
    return inRow + c.argument < 16 ? l + c.argument : -1;
  case amdgpu::DPPPerm::row_shr:
    return inRow >= c.argument ? l - c.argument : -1;
  case amdgpu::DPPPerm::row_ror:
    return rowStart | ((inRow - c.argument) & 15);
  case amdgpu::DPPPerm::wave_shl:
    return l + 1 < width ? l + 1 : -1;
  case amdgpu::DPPPerm::wave_shr:
    return l >= 1 ? l - 1 : -1;
  case amdgpu::DPPPerm::wave_rol:
    return (l + 1) % width;
  case amdgpu::DPPPerm::wave_ror:
    return (l + width - 1) % width;
  case amdgpu::DPPPerm::row_mirror:
    return rowStart | (15 - inRow);
  case amdgpu::DPPPerm::row_half_mirror:
    return (l & ~7) | (7 - (l & 7));
  case amdgpu::DPPPerm::row_bcast_15:
    return l >= 16 ? rowStart - 1 : l;
  case amdgpu::DPPPerm::row_bcast_31:
    return l >= 32 ? 31 : l;
  }
  llvm_unreachable("unknown DPP control");
}

/// amdgpu.dpp: src0 `old`, src1 `src`; `imm` the packed control. Written to
/// the active lanes; the result is a fresh register, so no source changes
/// while it is written.
static Status dpp(Wave &w, const Instr &instr) {
  DppControl control = DppControl::unpack(instr.imm);
  const Slot *old = w.reg(instr.src[0]);
  const Slot *src = w.reg(instr.src[1]);
  Slot *dst = w.reg(instr.dst);
  unsigned width = w.width;
  forEachLane(w.exec, [&](unsigned l) {
    bool written = (control.rowMask >> (l / 16) & 1) &&
                   (control.bankMask >> ((l / 4) & 3) & 1);
    int from = written ? sourceLane(control, l, width) : -1;
    bool valid = from >= 0 && w.isActive(from);
    for (uint32_t r = 0; r < instr.rows; ++r) {
      Slot value = old[r * width + l];
      if (valid)
        value = src[r * width + from];
      else if (written && control.boundCtrl)
        value = intSlot(0);
      dst[r * width + l] = value;
    }
  });
  return Status::Next;
}

/// rocdl.permlanex16: src0 `old`, src1 `src0`, src2 the low select word,
/// `imm` the register of the high one; `aux` = fi | boundControl << 1. The
/// selects are uniform (SGPRs); they are read from the first active lane,
/// as the backend's v_readfirstlane makes of divergent ones.
static Status permlaneX16(Wave &w, const Instr &instr) {
  if (!w.exec)
    return Status::Next;
  const Slot *old = w.reg(instr.src[0]);
  const Slot *src = w.reg(instr.src[1]);
  unsigned first = llvm::countr_zero(w.exec);
  uint64_t select = (w.reg(instr.src[2])[first].u & 0xffffffff) |
                    (w.reg(uint32_t(instr.imm))[first].u & 0xffffffff) << 32;
  bool fetchInactive = instr.aux & 1, boundCtrl = instr.aux & 2;
  Slot *dst = w.reg(instr.dst);
  unsigned width = w.width;
  forEachLane(w.exec, [&](unsigned l) {
    unsigned from = ((l & ~15u) ^ 16) | ((select >> (4 * (l & 15))) & 15);
    bool valid = fetchInactive || w.isActive(from);
    for (uint32_t r = 0; r < instr.rows; ++r)
      dst[r * width + l] = valid       ? src[r * width + from]
                           : boundCtrl ? intSlot(0)
                                       : old[r * width + l];
  });
  return Status::Next;
}

/// amdgpu.swizzle_bitmode: src0 the value; `imm` = and_mask | or_mask << 5 |
/// xor_mask << 10, the offset of ds_swizzle_b32 in bit-mask mode. Every
/// lane reads before any is written (the result is a fresh register).
static Status swizzleBitMode(Wave &w, const Instr &instr) {
  unsigned andMask = instr.imm & 0x1f, orMask = (instr.imm >> 5) & 0x1f,
           xorMask = (instr.imm >> 10) & 0x1f;
  const Slot *src = w.reg(instr.src[0]);
  Slot *dst = w.reg(instr.dst);
  unsigned width = w.width;
  forEachLane(w.exec, [&](unsigned l) {
    unsigned from = ((((l & 0x1f) & andMask) | orMask) ^ xorMask) | (l & 0x20);
    bool valid = w.isActive(from);
    for (uint32_t r = 0; r < instr.rows; ++r)
      dst[r * width + l] = valid ? src[r * width + from] : intSlot(0);
  });
  return Status::Next;
}

/// The name of the chip's GFX generation for messages.
static std::string describeChip(const Program &program) {
  return program.gfxMajor ? "GFX" + std::to_string(program.gfxMajor)
                          : std::string("an unknown chip");
}

static LogicalResult compileDpp(Compiler &c, amdgpu::DPPOp op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  DppControl control;
  control.kind = op.getKind();
  control.argument = 0;
  uint32_t rowMask = op.getRowMask(), bankMask = op.getBankMask();
  if (rowMask > 0xf || bankMask > 0xf)
    return op.emitError(
               "the interpreter models DPP row and bank masks of 4 bits "
               "(one per row or bank), not row_mask = ")
           << rowMask << ", bank_mask = " << bankMask;
  control.rowMask = rowMask;
  control.bankMask = bankMask;
  control.boundCtrl = op.getBoundCtrl();

  Attribute argument = op.getPermArgument().value_or(Attribute());
  switch (control.kind) {
  case amdgpu::DPPPerm::quad_perm: {
    auto selects = dyn_cast_or_null<ArrayAttr>(argument);
    if (!selects || selects.size() != 4)
      return op.emitError(
          "the interpreter needs four lane selects for quad_perm");
    for (auto [i, select] : llvm::enumerate(selects)) {
      auto lane = dyn_cast<IntegerAttr>(select);
      if (!lane || lane.getInt() < 0 || lane.getInt() > 3)
        return op.emitError(
            "the interpreter needs quad_perm selects from 0 to 3");
      control.argument |= lane.getInt() << (2 * i);
    }
    break;
  }
  case amdgpu::DPPPerm::row_shl:
  case amdgpu::DPPPerm::row_shr:
  case amdgpu::DPPPerm::row_ror: {
    auto distance = dyn_cast_or_null<IntegerAttr>(argument);
    if (!distance || distance.getInt() < 1 || distance.getInt() > 15)
      return op.emitError(
          "the interpreter needs a row shift or rotate of 1 to 15 "
          "lanes");
    control.argument = distance.getInt();
    break;
  }
  case amdgpu::DPPPerm::wave_shl:
  case amdgpu::DPPPerm::wave_shr:
  case amdgpu::DPPPerm::wave_rol:
  case amdgpu::DPPPerm::wave_ror:
  case amdgpu::DPPPerm::row_bcast_15:
  case amdgpu::DPPPerm::row_bcast_31:
    // GFX10 removed these; the backend cannot select them there, and what a
    // kernel of unknown chip would get is not known.
    if (c.program.gfxMajor != 9 || c.width != 64)
      return op.emitError()
             << "the interpreter executes DPP "
             << stringifyDPPPerm(control.kind)
             << " on GFX9 chips (waves of 64) only, which have it; this "
                "kernel runs on "
             << describeChip(c.program) << " in waves of " << c.width;
    break;
  case amdgpu::DPPPerm::row_mirror:
  case amdgpu::DPPPerm::row_half_mirror:
    break;
  }
  c.emit(op, dpp, c.define(op.getResult()),
         {c.use(op.getOld()), c.use(op.getSrc())},
         Compiler::rowsOf(op.getType()), 0, control.pack());
  return success();
}

static LogicalResult compilePermlaneX16(Compiler &c, ROCDL::PermlaneX16Op op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  if (c.program.gfxMajor < 10)
    return op.emitError()
           << "the interpreter executes rocdl.permlanex16 on GFX10 "
              "and later chips only, which have it; this "
              "kernel runs on "
           << describeChip(c.program);
  for (Value select : {op.getSrc1(), op.getSrc2()})
    if (!select.getType().isInteger(32))
      return op.emitError("the interpreter needs i32 lane selects for "
                          "rocdl.permlanex16");
  c.emit(op, permlaneX16, c.define(op.getRes()),
         {c.use(op.getOld()), c.use(op.getSrc0()), c.use(op.getSrc1())},
         Compiler::rowsOf(op.getRes().getType()),
         uint32_t(op.getFi()) | uint32_t(op.getBoundControl()) << 1,
         c.use(op.getSrc2()));
  return success();
}

static LogicalResult compileSwizzleBitMode(Compiler &c,
                                           amdgpu::SwizzleBitModeOp op) {
  if (failed(checkModelledTypes(op)))
    return failure();
  uint32_t andMask = op.getAndMask(), orMask = op.getOrMask(),
           xorMask = op.getXorMask();
  // The lowering packs the masks into the 5-bit fields of the offset.
  if (andMask > 0x1f || orMask > 0x1f || xorMask > 0x1f)
    return op.emitError(
               "the interpreter needs swizzle masks of 5 bits (lanes of a "
               "group of 32), not and = ")
           << andMask << ", or = " << orMask << ", xor = " << xorMask;
  c.emit(op, swizzleBitMode, c.define(op.getResult()), {c.use(op.getSrc())},
         Compiler::rowsOf(op.getType()), 0,
         andMask | orMask << 5 | xorMask << 10);
  return success();
}

std::optional<LogicalResult> mlir::wave::interp::compileDppOp(Compiler &c,
                                                              Operation *op) {
  using R = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](amdgpu::DPPOp o) { return compileDpp(c, o); })
      .Case([&](ROCDL::PermlaneX16Op o) { return compilePermlaneX16(c, o); })
      .Case([&](amdgpu::SwizzleBitModeOp o) {
        return compileSwizzleBitMode(c, o);
      })
      .Default([](Operation *) { return std::nullopt; });
}

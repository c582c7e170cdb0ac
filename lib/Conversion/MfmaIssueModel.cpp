//===- MfmaIssueModel.cpp - One wave's issue of lowered loop code ---------===//

#include "MfmaIssueModel.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <cmath>

using namespace mlir;
using namespace mlir::wave::issue;

constexpr unsigned kLdsAddressSpace = 3;

SmallVector<std::pair<Block *, Block *>>
mlir::wave::issue::findLoops(Operation *function) {
  DominanceInfo dominance(function);
  SmallVector<std::pair<Block *, Block *>> loops;
  for (Block &latch : function->getRegion(0)) {
    // Dominance says every block dominates an unreachable one: such a block
    // is no loop's latch.
    auto branch = dyn_cast<LLVM::BrOp>(latch.getTerminator());
    if (branch && dominance.isReachableFromEntry(&latch) &&
        dominance.dominates(branch.getDest(), &latch))
      loops.emplace_back(branch.getDest(), &latch);
  }
  return loops;
}

SmallVector<Block *> mlir::wave::issue::loopBlocks(Block *header,
                                                   Block &latch) {
  llvm::SetVector<Block *> blocks;
  blocks.insert(header);
  SmallVector<Block *> work = {&latch};
  while (!work.empty()) {
    Block *block = work.pop_back_val();
    if (blocks.insert(block))
      llvm::append_range(work, block->getPredecessors());
  }
  return blocks.takeVector();
}

bool mlir::wave::issue::isLds(Value address) {
  auto type = dyn_cast<LLVM::LLVMPointerType>(address.getType());
  return type && type.getAddressSpace() == kLdsAddressSpace;
}

Kind mlir::wave::issue::classify(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name.starts_with("rocdl.mfma.") || name.starts_with("rocdl.smfmac."))
    return Mfma;
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    return isLds(load.getAddr()) ? DsRead : VmemRead;
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    return isLds(store.getAddr()) ? DsWrite : VmemWrite;
  // gfx950's transposing LDS reads (ds_read_b64_tr_b16 and its 4-, 6- and
  // 8-bit forms) are LDS reads of their pointer operand.
  if (name.starts_with("rocdl.ds.read.tr"))
    return DsRead;
  if (name.contains("buffer.load"))
    return VmemRead;
  if (name.contains("buffer.store"))
    return VmemWrite;
  return Other;
}

/// Whether the f8f6f4 MFMA `op` (operands a, b, c, then the formats of a and
/// b) multiplies an fp8 or bf8 operand (format 0 or 1), which runs at half
/// the rate of fp6 and fp4. A format that is not a constant counts as fp8.
static bool hasEightBitOperand(Operation *op) {
  for (unsigned format : {3u, 4u}) {
    APInt code;
    if (op->getNumOperands() <= format ||
        !matchPattern(op->getOperand(format), m_ConstantInt(&code)) ||
        code.getZExtValue() <= 1)
      return true;
  }
  return false;
}

int64_t mlir::wave::issue::mfmaCycles(Operation *op) {
  StringRef name = op->getName().getStringRef();
  int64_t rate = name.contains(".f8f6f4") && hasEightBitOperand(op) ? 2 : 1;
  if (name.contains(".32x32x"))
    return 32 * rate;
  if (name.contains(".16x16x"))
    return 16 * rate;
  return 8;
}

/// A shuffle of elements narrower than 32 bits issues a `v_perm_b32` for
/// each 32-bit word of its result that is not a word of a source as it is;
/// whole words, and wider elements, are register moves that the backend
/// mostly folds away.
static double shuffleSlots(LLVM::ShuffleVectorOp shuffle) {
  auto source = dyn_cast<VectorType>(shuffle.getV1().getType());
  if (!source || !source.getElementType().isIntOrFloat())
    return 0;
  unsigned bits = source.getElementType().getIntOrFloatBitWidth();
  if (bits >= 32 || 32 % bits)
    return 0;
  int64_t perWord = 32 / bits, sourceElements = source.getNumElements();
  ArrayRef<int32_t> mask = shuffle.getMask();
  double slots = 0;
  for (size_t word = 0; word * perWord < mask.size(); ++word) {
    std::optional<int64_t> base;
    bool whole = true;
    for (int64_t k = 0; k < perWord && word * perWord + k < mask.size(); ++k) {
      int32_t element = mask[word * perWord + k];
      if (element < 0)
        continue;
      int64_t start = element - k;
      whole =
          whole && start % perWord == 0 &&
          (start < sourceElements) == (start + perWord - 1 < sourceElements) &&
          (!base || *base == start);
      base = start;
    }
    slots += whole ? 0 : 1;
  }
  return slots;
}

double mlir::wave::issue::issueSlots(Operation *op) {
  if (Kind kind = classify(op); kind != Other)
    return kind == Mfma ? 0 : 1;
  if (auto shuffle = dyn_cast<LLVM::ShuffleVectorOp>(op))
    return shuffleSlots(shuffle);
  if (isa<LLVM::BitcastOp, LLVM::ExtractElementOp, LLVM::InsertElementOp,
          LLVM::GEPOp, LLVM::TruncOp, LLVM::ZExtOp, LLVM::SExtOp,
          LLVM::ConstantOp, LLVM::UndefOp, LLVM::PoisonOp, LLVM::ZeroOp,
          LLVM::FreezeOp, LLVM::AddrSpaceCastOp, LLVM::IntToPtrOp,
          LLVM::PtrToIntOp>(op))
    return 0;
  double elements = 1;
  Type element;
  if (op->getNumResults() == 1) {
    Type type = op->getResult(0).getType();
    element = type;
    if (auto vector = dyn_cast<VectorType>(type)) {
      elements = vector.getNumElements();
      element = vector.getElementType();
    }
  }
  // gfx90a and later issue two f32 (or f16) multiplies, adds or fmas as one
  // packed instruction.
  if (isa<LLVM::FMulOp, LLVM::FAddOp, LLVM::FSubOp, LLVM::FMAOp,
          LLVM::FMulAddOp>(op) &&
      element && (element.isF32() || element.isF16()))
    return std::ceil(elements / 2);
  // A chain of maxima or minima becomes three-operand instructions.
  if (isa<LLVM::MaxNumOp, LLVM::MinNumOp, LLVM::MaximumOp, LLVM::MinimumOp>(op))
    return std::ceil(elements / 2);
  return elements;
}

int64_t mlir::wave::issue::modelCycles(ArrayRef<Operation *> order,
                                       bool countValu) {
  llvm::DenseMap<Operation *, int64_t> ready;
  int64_t issue = 0, pipeFree = 0, end = 0;
  for (Operation *op : order) {
    int64_t operandsReady = 0;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        operandsReady = std::max(operandsReady, ready.lookup(def));
    Kind kind = classify(op);
    if (kind == Other) {
      double slots = countValu ? issueSlots(op) : 0;
      if (slots == 0) {
        ready[op] = operandsReady;
        continue;
      }
      int64_t start = std::max(issue, operandsReady);
      issue = start + int64_t(std::ceil(slots * kIssueCycles));
      ready[op] = issue;
      end = std::max(end, issue);
      continue;
    }
    int64_t start = std::max(issue, operandsReady);
    if (kind == Mfma) {
      start = std::max(start, pipeFree);
      pipeFree = start + mfmaCycles(op);
      ready[op] = pipeFree;
      end = std::max(end, pipeFree);
    } else {
      ready[op] = start + (kind == DsRead     ? kLdsLatency
                           : kind == VmemRead ? kGlobalLatency
                                              : kIssueCycles);
    }
    issue = start + kIssueCycles;
    end = std::max(end, issue);
  }
  return end;
}

/// The 32-bit registers a value of `type` takes.
static int64_t registersOf(Type type) {
  int64_t elements = 1;
  if (auto vector = dyn_cast<VectorType>(type)) {
    elements = vector.getNumElements();
    type = vector.getElementType();
  }
  int64_t bits = isa<LLVM::LLVMPointerType>(type) ? 64
                 : type.isIntOrFloat()            ? type.getIntOrFloatBitWidth()
                                                  : 32;
  return (elements * bits + 31) / 32;
}

int64_t mlir::wave::issue::peakLiveRegisters(ArrayRef<Operation *> order) {
  llvm::DenseMap<Operation *, size_t> position;
  for (auto [index, op] : llvm::enumerate(order))
    position[op] = index;
  // The point after which each value is dead; `order.size()` for a value
  // used after the order.
  llvm::MapVector<Value, size_t> lastUse;
  auto extend = [&](Value value, size_t point) {
    auto [it, inserted] = lastUse.try_emplace(value, point);
    if (!inserted)
      it->second = std::max(it->second, point);
  };
  for (auto [index, op] : llvm::enumerate(order)) {
    for (Value operand : op->getOperands())
      extend(operand, index);
    for (Value result : op->getResults()) {
      extend(result, index);
      for (Operation *user : result.getUsers())
        if (!position.contains(user))
          extend(result, order.size());
    }
  }
  // Register counts added at each value's first point and taken away after
  // its last.
  SmallVector<int64_t> delta(order.size() + 2, 0);
  for (auto [value, last] : lastUse) {
    Operation *def = value.getDefiningOp();
    size_t first = def && position.contains(def) ? position.lookup(def) : 0;
    int64_t registers = registersOf(value.getType());
    delta[first] += registers;
    delta[last + 1] -= registers;
  }
  int64_t live = 0, peak = 0;
  for (int64_t change : delta)
    peak = std::max(peak, live += change);
  return peak;
}

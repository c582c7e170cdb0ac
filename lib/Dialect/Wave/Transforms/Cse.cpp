//===- Cse.cpp - Upstream cse with region ops bucketed by their regions ---===//
//
// Upstream cse compares every pair of ops that hash alike, and its hash does
// not look into regions: n branches on one condition cost n^2 / 2 region
// comparisons that all fail. A temporary attribute hashing the regions
// separates them without changing which ops cse merges.
//
//===----------------------------------------------------------------------===//

#include "wave/Dialect/Wave/Transforms/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::wave {
#define GEN_PASS_DEF_WAVECSE
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"
} // namespace mlir::wave

using namespace mlir;
using namespace mlir::wave;

namespace {

/// The temporary attribute. Its name has no dialect prefix, so no dialect
/// verifies it.
constexpr StringLiteral kRegionsHash = "wave_cse_regions";

bool hasHashedRegions(Operation *op) {
  return op->getNumRegions() != 0 &&
         !op->hasTrait<OpTrait::IsIsolatedFromAbove>();
}

/// Hashes the regions of every op with regions below `outermost`, an op with
/// regions that no such op encloses, and `outermost` itself. cse compares two
/// ops' regions with their own values matched by position and the values
/// from outside by identity, and compares the ops nested in them the same way
/// (attributes included), so an operand is hashed as nothing when the hashed
/// op defines it, by its position in `outermost` when `outermost` does, and
/// by identity otherwise: ops that cse may merge, at any depth, get equal
/// hashes.
void hashRegionsBelow(Operation *outermost, StringAttr key, Type i64) {
  DenseMap<Operation *, unsigned> positions;
  outermost->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { positions.try_emplace(op, positions.size()); });
  auto definer = [](Value value) {
    return value.getParentRegion()->getParentOp();
  };
  auto position = [&](Value value) -> llvm::hash_code {
    if (auto result = dyn_cast<OpResult>(value))
      return llvm::hash_combine(positions.lookup(result.getOwner()),
                                result.getResultNumber());
    auto argument = cast<BlockArgument>(value);
    Region *region = argument.getOwner()->getParent();
    return llvm::hash_combine(positions.lookup(region->getParentOp()),
                              region->getRegionNumber(),
                              argument.getArgNumber());
  };
  // Post-order: an op's hash covers the hashes of the ops nested in it.
  outermost->walk([&](Operation *op) {
    if (!hasHashedRegions(op))
      return;
    auto hashOperand = [&](Value value) -> llvm::hash_code {
      Operation *owner = definer(value);
      if (op->isAncestor(owner))
        return llvm::hash_code(0);
      return outermost->isAncestor(owner) ? position(value) : hash_value(value);
    };
    llvm::hash_code hash = 0;
    op->walk([&](Operation *nested) {
      if (nested != op)
        hash = llvm::hash_combine(hash,
                                  OperationEquivalence::computeHash(
                                      nested, hashOperand,
                                      OperationEquivalence::ignoreHashValue,
                                      OperationEquivalence::IgnoreLocations));
    });
    op->setAttr(key, IntegerAttr::get(i64, static_cast<int64_t>(size_t(hash))));
  });
}

struct WaveCsePass : wave::impl::WaveCseBase<WaveCsePass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    auto key = StringAttr::get(&getContext(), kRegionsHash);
    Type i64 = IntegerType::get(&getContext(), 64);
    root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == root || !hasHashedRegions(op))
        return WalkResult::advance();
      hashRegionsBelow(op, key, i64);
      return WalkResult::skip();
    });
    OpPassManager cse(root->getName());
    cse.addPass(createCSEPass());
    if (failed(runPipeline(cse, root)))
      return signalPassFailure();
    root->walk([&](Operation *op) { op->removeAttr(key); });
  }
};

} // namespace

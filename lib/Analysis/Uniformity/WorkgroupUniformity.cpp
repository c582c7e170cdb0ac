//===- WorkgroupUniformity.cpp - Values alike in a whole workgroup --------===//

#include "wave/Analysis/Uniformity/WorkgroupUniformity.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::wave;

bool mlir::wave::isKernelArgument(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return false;
  auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
  return func && func.isKernel() &&
         arg.getOwner()->getParent() == &func.getBody() &&
         arg.getArgNumber() <
             func.getNumArguments() + func.getNumWorkgroupAttributions();
}

bool mlir::wave::isWorkgroupUniformSource(Operation *op) {
  // An LDS buffer, a workgroup-wide reduction and the dynamic shared memory
  // base are one value for the whole workgroup too.
  return op->hasTrait<OpTrait::ConstantLike>() ||
         isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp, gpu::ClusterIdOp,
             gpu::ClusterDimOp, gpu::ClusterDimBlocksOp, gpu::ClusterBlockIdOp,
             gpu::NumSubgroupsOp, gpu::SubgroupSizeOp, gpu::AllReduceOp,
             gpu::DynamicSharedMemoryOp, AllocLdsOp>(op);
}

/// Whether `op` reads per-lane hardware state whatever its operands
/// (`rocdl.mbcnt.lo`, say).
static bool isTargetIntrinsic(Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  return dialect == "rocdl" || dialect == "nvvm" || dialect == "amdgpu";
}

bool mlir::wave::isWorkgroupUniform(Value root) {
  SmallVector<Value> worklist = {root};
  llvm::DenseSet<Value> visited;
  auto pushAll = [&](ValueRange values) {
    worklist.append(values.begin(), values.end());
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!visited.insert(value).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (isKernelArgument(arg))
        continue;
      Operation *owner = arg.getOwner()->getParentOp();
      if (auto loop = dyn_cast<scf::ForOp>(owner)) {
        pushAll({loop.getLowerBound(), loop.getUpperBound(), loop.getStep()});
        if (arg != loop.getInductionVar()) {
          unsigned i = arg.getArgNumber() - 1;
          pushAll({loop.getInitArgs()[i], loop.getYieldedValues()[i]});
        }
        continue;
      }
      if (auto loop = dyn_cast<scf::WhileOp>(owner)) {
        scf::ConditionOp condition = loop.getConditionOp();
        worklist.push_back(condition.getCondition());
        unsigned i = arg.getArgNumber();
        if (arg.getOwner() == &loop.getBefore().front())
          pushAll({loop.getInits()[i], loop.getYieldOp().getOperand(i)});
        else
          worklist.push_back(condition.getArgs()[i]);
        continue;
      }
      return false;
    }
    Operation *op = value.getDefiningOp();
    unsigned result = cast<OpResult>(value).getResultNumber();
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      worklist.push_back(branch.getCondition());
      for (Region *arm : {&branch.getThenRegion(), &branch.getElseRegion()})
        if (!arm->empty())
          worklist.push_back(arm->front().getTerminator()->getOperand(result));
      continue;
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      pushAll({loop.getLowerBound(), loop.getUpperBound(), loop.getStep(),
               loop.getInitArgs()[result], loop.getYieldedValues()[result]});
      continue;
    }
    if (auto loop = dyn_cast<scf::WhileOp>(op)) {
      scf::ConditionOp condition = loop.getConditionOp();
      pushAll({condition.getCondition(), condition.getArgs()[result]});
      continue;
    }
    if (isWorkgroupUniformSource(op))
      continue;
    if (op->getNumOperands() == 0 || op->getNumRegions() != 0 || !isPure(op) ||
        isTargetIntrinsic(op))
      return false;
    pushAll(op->getOperands());
  }
  return true;
}

bool WorkgroupUniformity::isUniform(Value value) {
  auto [it, inserted] = known.try_emplace(value, false);
  if (inserted)
    it->second = isWorkgroupUniform(value);
  return it->second;
}

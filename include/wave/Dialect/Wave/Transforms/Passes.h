//===- Passes.h - Kernel-level passes of the wave dialect -------*- C++ -*-===//

#ifndef WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_H
#define WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_H

#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

namespace mlir::wave {

/// Where wave-pipeline-loops keeps the stages it prefetches.
enum class PipelineBuffer { Registers, Lds };

#define GEN_PASS_DECL
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "wave/Dialect/Wave/Transforms/Passes.h.inc"

/// Opens the remark that a pass's `summary` option prints, on `op` and headed
/// by the pass's command-line name. Unlike `op->emitRemark()`, it does not
/// attach the whole operation as a note.
inline InFlightDiagnostic emitPassSummary(Pass &pass, Operation *op) {
  InFlightDiagnostic remark = emitRemark(op->getLoc());
  remark << pass.getArgument() << ": ";
  return remark;
}

/// Whether `op` is, or lies in, a reference kernel: a `gpu.func` that another
/// function of its module names with `wave.reference`. Passes transform it
/// like any kernel but report nothing about it: it is the naive version the
/// optimized kernel is checked against, and its remarks would be noise.
inline bool isInReferenceKernel(Operation *op) {
  auto func = dyn_cast<gpu::GPUFuncOp>(op);
  if (!func)
    func = op->getParentOfType<gpu::GPUFuncOp>();
  Operation *table =
      func ? SymbolTable::getNearestSymbolTable(func->getParentOp()) : nullptr;
  if (!table)
    return false;
  for (Operation &other : table->getRegion(0).getOps())
    if (auto ref = other.getAttrOfType<FlatSymbolRefAttr>(
            WaveDialect::kReferenceAttrName);
        ref && ref.getValue() == func.getName())
      return true;
  return false;
}

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_TRANSFORMS_PASSES_H

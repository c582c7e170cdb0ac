//===- KnownVerifierCrashes.cpp - Ops MLIR 22's verifiers crash on ------===//

#include "wave/Support/KnownVerifierCrashes.h"
#include "wave/Support/KnownParserCrashes.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

/// The first type of `types` that is not an integer or floating-point type,
/// or null.
static Type findNonScalar(ArrayRef<Type> types) {
  for (Type type : types)
    if (!type.isIntOrFloat())
      return type;
  return {};
}

/// The element types of the memrefs among `types`.
static SmallVector<Type> getMemRefElementTypes(TypeRange types) {
  SmallVector<Type> elements;
  for (Type type : types)
    if (auto memref = dyn_cast<MemRefType>(type))
      elements.push_back(memref.getElementType());
  return elements;
}

LogicalResult mlir::wave::rejectKnownVerifierCrashes(Operation *root) {
  bool found = false;
  root->walk([&](Operation *op) {
    auto report = [&](const Twine &what, Type type) {
      found = true;
      emitError(op->getLoc())
          << "'" << op->getName() << "' " << what
          << " must be an integer or floating-point type, not " << type
          << " (the MLIR 22 verifier crashes on others)";
    };
    if (isa<amdgpu::DPPOp>(op)) {
      SmallVector<Type> types(op->getOperandTypes());
      llvm::append_range(types, op->getResultTypes());
      if (Type type = findNonScalar(types))
        return report("operand type", type);
      if (auto perm = dyn_cast_or_null<ArrayAttr>(
              op->getInherentAttr("permArgument").value_or(Attribute())))
        for (Attribute element : perm)
          if (!isa<IntegerAttr>(element)) {
            found = true;
            emitError(op->getLoc())
                << "'" << op->getName()
                << "' permutation elements must be integers, not " << element
                << " (the MLIR 22 verifier crashes on others)";
            return;
          }
    } else if (isa<amdgpu::GatherToLDSOp>(op)) {
      if (auto transfer = dyn_cast_or_null<TypeAttr>(
              op->getInherentAttr("transferType").value_or(Attribute()))) {
        Type type = transfer.getValue();
        if (auto vector = dyn_cast<VectorType>(type))
          type = vector.getElementType();
        if (!type.isIntOrFloat())
          report("transfer type (or its vector's element type)", type);
      }
    } else if (isa<amdgpu::TransposeLoadOp>(op)) {
      for (Type result : op->getResultTypes())
        if (auto vector = dyn_cast<VectorType>(result))
          if (!vector.getElementType().isIntOrFloat())
            return report("result element type", vector.getElementType());
    } else if (isa<amdgpu::MakeDmaBaseOp, amdgpu::MakeGatherDmaBaseOp>(op)) {
      if (Type type =
              findNonScalar(getMemRefElementTypes(op->getOperandTypes())))
        report("memref element type", type);
    } else if (isa<amdgpu::MakeDmaDescriptorOp>(op)) {
      for (Type operand : op->getOperandTypes())
        if (auto base = dyn_cast<amdgpu::TDMBaseType>(operand))
          if (!base.getElementType().isIntOrFloat())
            return report("base element type", base.getElementType());
    }
  });
  return failure(found);
}

LogicalResult mlir::wave::verifyParsedInput(Operation *root) {
  if (failed(rejectKnownVerifierCrashes(root)))
    return failure();
  return verify(root);
}

LogicalResult
mlir::wave::rejectKnownCrashesBeforeMain(llvm::MemoryBufferRef input,
                                         llvm::StringRef splitMarker,
                                         MLIRContext *context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input, /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, context);
  if (failed(rejectKnownParserCrashes(input.getBuffer(),
                                      input.getBufferIdentifier(), context)))
    return failure();
  auto rejectChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                         raw_ostream &) {
    llvm::SourceMgr chunkSourceMgr;
    chunkSourceMgr.AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    Block block;
    {
      ScopedDiagnosticHandler quiet(context,
                                    [](Diagnostic &) { return success(); });
      if (failed(parseSourceFile(
              chunkSourceMgr, &block,
              ParserConfig(context, /*verifyAfterParse=*/false))))
        return success();
    }
    SourceMgrDiagnosticHandler chunkDiagnostics(chunkSourceMgr, context);
    bool crashes = false;
    for (Operation &op : block)
      crashes |= failed(rejectKnownVerifierCrashes(&op));
    return failure(crashes);
  };
  return splitAndProcessBuffer(
      llvm::MemoryBuffer::getMemBuffer(input, /*RequiresNullTerminator=*/false),
      rejectChunk, llvm::nulls(), splitMarker);
}

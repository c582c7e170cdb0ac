//===- Internal.h - Implementation details of the Python API ----*- C++ -*-===//

#ifndef WAVE_PYTHON_INTERNAL_H
#define WAVE_PYTHON_INTERNAL_H

#include "Api.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

namespace mlir::wave::python {

struct Context::Impl {
  Impl();
  MLIRContext context;
};

struct Module::Impl {
  std::shared_ptr<Context> context;
  OwningOpRef<ModuleOp> module;
};

/// Collects every diagnostic emitted on a context while it is alive, in the
/// order emitted, instead of printing them.
class DiagnosticCollector {
public:
  DiagnosticCollector(MLIRContext &context, Diagnostics &diagnostics);

  /// Records an error that has no location (pass pipeline syntax errors).
  void addError(StringRef message);

private:
  Diagnostics &diagnostics;
  ScopedDiagnosticHandler handler;
};

} // namespace mlir::wave::python

#endif // WAVE_PYTHON_INTERNAL_H

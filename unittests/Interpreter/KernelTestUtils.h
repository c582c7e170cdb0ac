//===- KernelTestUtils.h - Running kernels from unit tests ------*- C++ -*-===//

#ifndef WAVE_UNITTESTS_INTERPRETER_KERNELTESTUTILS_H
#define WAVE_UNITTESTS_INTERPRETER_KERNELTESTUTILS_H

#include "wave/Dialect/Wave/IR/WaveDialect.h"
#include "wave/Interpreter/Interpreter.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace mlir::wave::testing {

/// Parses a module of kernels and runs them, recording every diagnostic.
class KernelModule {
public:
  explicit KernelModule(StringRef source)
      : handler(&context, [this](Diagnostic &diag) {
          diagnostics.push_back(diag.str());
          return success();
        }) {
    context
        .loadDialect<WaveDialect, affine::AffineDialect, arith::ArithDialect,
                     gpu::GPUDialect, math::MathDialect, memref::MemRefDialect,
                     scf::SCFDialect, vector::VectorDialect>();
    module = parseSourceString<ModuleOp>(source, &context);
  }

  bool parsed() const { return bool(module); }

  /// Translates kernel @name (failure: the diagnostics say why).
  FailureOr<Kernel> compile(StringRef name) {
    gpu::GPUFuncOp found;
    module->walk([&](gpu::GPUFuncOp func) {
      if (func.getName() == name)
        found = func;
    });
    if (!found) {
      diagnostics.push_back("no kernel @" + name.str());
      return failure();
    }
    return Kernel::compile(found);
  }

  /// Runs kernel @name over one workgroup on `args`.
  LogicalResult run(StringRef name, MutableArrayRef<Buffer> args,
                    Dim3 grid = {1, 1, 1}) {
    FailureOr<Kernel> kernel = compile(name);
    if (failed(kernel))
      return failure();
    return kernel->run(args, grid);
  }

  /// All diagnostics, one a line.
  std::string allDiagnostics() const {
    std::string text;
    for (const std::string &d : diagnostics)
      text += d + "\n";
    return text;
  }

  MLIRContext context;
  ScopedDiagnosticHandler handler;
  OwningOpRef<ModuleOp> module;
  std::vector<std::string> diagnostics;
};

/// `text` with every `@KEY@` replaced by its value.
inline std::string
substitute(std::string text,
           std::initializer_list<std::pair<StringRef, std::string>> values) {
  for (const auto &[key, value] : values) {
    std::string pattern = "@" + key.str() + "@";
    for (size_t pos = text.find(pattern); pos != std::string::npos;
         pos = text.find(pattern, pos + value.size()))
      text.replace(pos, pattern.size(), value);
  }
  return text;
}

/// The signed integer in element `i` of a buffer.
inline int64_t intAt(const Buffer &buffer, int64_t i) {
  return int64_t(buffer.getDouble(buffer.getLinearIndexOfElement(i)));
}
inline double floatAt(const Buffer &buffer, int64_t i) {
  return buffer.getDouble(buffer.getLinearIndexOfElement(i));
}
/// Stores `value` (an integer, or a float for float buffers) in element i.
inline void setAt(Buffer &buffer, int64_t i, double value) {
  int64_t linear = buffer.getLinearIndexOfElement(i);
  if (isFloat(buffer.getKind())) {
    buffer.setBits(linear, floatToBits(buffer.getKind(), value));
    return;
  }
  unsigned width = getBitWidth(buffer.getKind());
  uint64_t mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
  buffer.setBits(linear, uint64_t(int64_t(value)) & mask);
}

} // namespace mlir::wave::testing

#endif // WAVE_UNITTESTS_INTERPRETER_KERNELTESTUTILS_H

//===- Context.cpp - Contexts and diagnostics of the Python API -----------===//

#include "Internal.h"

#include "wave/InitAllDialects.h"
#include "wave/InitAllPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/FormatVariadic.h"

#include <mutex>

namespace python = mlir::wave::python;

using namespace mlir;

/// The dialects and extensions of wave-opt, and the LLVM IR translations
/// wave-compile needs.
static DialectRegistry createRegistry() {
  DialectRegistry registry;
  wave::registerAllWaveDialects(registry);
  return registry;
}

/// Pass registration is global to the process: once per process, the passes
/// and pipelines of the wave tools, so that pipelines name them the same way.
static void registerPassesOnce() {
  static std::once_flag once;
  std::call_once(once, [] { wave::registerAllWavePasses(); });
}

// Threading stays off: diagnostics then arrive in program order and a Python
// process does not get a thread pool per context.
python::Context::Impl::Impl()
    : context(createRegistry(), MLIRContext::Threading::DISABLED) {
  registerPassesOnce();
  context.loadAllAvailableDialects();
  // Errors carry their location; a dump of the op in generic form would bury
  // the message in a Python traceback.
  context.printOpOnDiagnostic(false);
}

python::Context::Context() : impl(std::make_unique<Impl>()) {}
python::Context::~Context() = default;

std::string python::Diagnostic::str() const {
  std::string text;
  if (!location.empty())
    text += location + ": ";
  text += severity + ": " + message;
  for (const python::Diagnostic &note : notes)
    text += "\n" + note.str();
  return text;
}

static const char *getSeverityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Remark:
    return "remark";
  case DiagnosticSeverity::Note:
    return "note";
  }
  llvm_unreachable("unknown diagnostic severity");
}

static python::Diagnostic convert(mlir::Diagnostic &diag) {
  python::Diagnostic result;
  result.severity = getSeverityName(diag.getSeverity());
  result.message = diag.str();
  // `file:line:col` as compilers print it when the location has one, the
  // printed location otherwise.
  Location loc = diag.getLocation();
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>()) {
    result.file = fileLoc.getFilename().str();
    result.line = fileLoc.getLine();
    result.column = fileLoc.getColumn();
    result.location =
        llvm::formatv("{0}:{1}:{2}", result.file, result.line, result.column);
  } else if (!isa<UnknownLoc>(loc)) {
    llvm::raw_string_ostream os(result.location);
    loc.print(os);
  }
  for (mlir::Diagnostic &note : diag.getNotes())
    result.notes.push_back(convert(note));
  return result;
}

python::DiagnosticCollector::DiagnosticCollector(
    MLIRContext &context, python::Diagnostics &diagnostics)
    : diagnostics(diagnostics),
      handler(&context, [this](mlir::Diagnostic &diag) {
        this->diagnostics.push_back(convert(diag));
        return success();
      }) {}

void python::DiagnosticCollector::addError(StringRef message) {
  python::Diagnostic diag;
  diag.severity = "error";
  diag.message = message.str();
  diagnostics.push_back(std::move(diag));
}

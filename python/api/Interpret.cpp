//===- Interpret.cpp - Running kernels on the reference interpreter -------===//

#include "Internal.h"

#include "wave/Interpreter/Interpret.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wave::python;
using mlir::wave::InterpretOption;

/// How the options an error asks for are given in Python: as the keyword
/// argument that sets the field, the field's name in snake case, as the
/// bindings name it (Bindings.cpp).
static std::string spellKeyword(InterpretOption option, StringRef) {
  std::string keyword = "keyword argument ";
  for (char c : StringRef(wave::getFieldName(option))) {
    if (llvm::isUpper(c))
      keyword += '_';
    keyword += llvm::toLower(c);
  }
  return keyword;
}

bool Module::interpret(const InterpretOptions &options,
                       std::vector<std::vector<uint64_t>> &outputs,
                       std::vector<bool> &written,
                       Diagnostics &diagnostics) const {
  DiagnosticCollector collector(*impl->module->getContext(), diagnostics);
  // interpret() expands the fragment accesses in place.
  OwningOpRef<ModuleOp> copy = impl->module->clone();
  llvm::Expected<InterpretResult> result = wave::interpret(*copy, options);
  if (!result) {
    // An empty message: the diagnostics say why.
    if (std::string text =
            wave::describeError(result.takeError(), spellKeyword);
        !text.empty())
      collector.addError(text);
    return false;
  }
  if (!result->agrees()) {
    std::string report;
    llvm::raw_string_ostream os(report);
    result->print(os);
    collector.addError("outputs differ\n" + report);
    return false;
  }
  outputs.clear();
  written.clear();
  for (auto [buffer, argument] :
       llvm::zip_equal(result->outputs, result->arguments)) {
    std::vector<uint64_t> &bits = outputs.emplace_back(buffer.getNumElements());
    for (auto [n, value] : llvm::enumerate(bits))
      value = buffer.getBits(buffer.getLinearIndexOfElement(n));
    written.push_back(argument.written);
  }
  return true;
}

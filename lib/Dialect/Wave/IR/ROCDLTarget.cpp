//===- ROCDLTarget.cpp - The #rocdl.target of a lowered module ------------===//

#include "wave/Dialect/Wave/IR/ROCDLTarget.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;

ROCDL::ROCDLTargetAttr mlir::wave::getROCDLTarget(gpu::GPUModuleOp module) {
  ArrayAttr targets = module.getTargetsAttr();
  if (!targets)
    return {};
  for (Attribute target : targets)
    if (auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(target))
      return rocdl;
  return {};
}

std::string mlir::wave::getWaveSizeFeature(unsigned waveSize) {
  return "+wavefrontsize" + std::to_string(waveSize);
}

std::optional<unsigned> mlir::wave::getWaveSize(ROCDL::ROCDLTargetAttr target) {
  SmallVector<StringRef> features;
  llvm::SplitString(target.getFeatures(), features, ",");
  for (unsigned waveSize : {32u, 64u})
    if (llvm::is_contained(features, getWaveSizeFeature(waveSize)))
      return waveSize;
  return std::nullopt;
}

std::string mlir::wave::getCodeObjectAbi(unsigned codeObjectVersion) {
  return std::to_string(codeObjectVersion * 100);
}

std::optional<unsigned> mlir::wave::parseCodeObjectAbi(StringRef abi) {
  unsigned value;
  if (abi.getAsInteger(10, value) || value % 100 != 0)
    return std::nullopt;
  return value / 100;
}

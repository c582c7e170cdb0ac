//===- Target.cpp - #wave.target for gpu-module-to-binary -----------------===//
//
// Upstream's gpu-module-to-binary asks each gpu.module's target attribute to
// serialize the module and to wrap the bytes in a #gpu.object. #wave.target
// serializes through compile(), so the object is byte for byte the code
// object wave-compile makes with the same options.
//
//===----------------------------------------------------------------------===//

#include "wave/Compiler/Compiler.h"
#include "wave/Dialect/Wave/IR/WaveAttrs.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::wave;

namespace {
struct WaveTargetModel
    : public gpu::TargetAttrInterface::ExternalModel<WaveTargetModel,
                                                     TargetAttr> {
  std::optional<SmallVector<char, 0>>
  serializeToObject(Attribute attribute, Operation *module,
                    const gpu::TargetOptions &options) const;

  Attribute createObject(Attribute attribute, Operation *module,
                         const SmallVector<char, 0> &object,
                         const gpu::TargetOptions &options) const;
};
} // namespace

std::optional<SmallVector<char, 0>>
WaveTargetModel::serializeToObject(Attribute attribute, Operation *module,
                                   const gpu::TargetOptions &options) const {
  auto gpuModule = dyn_cast<gpu::GPUModuleOp>(module);
  if (!gpuModule) {
    module->emitError("#wave.target serializes gpu.modules only");
    return std::nullopt;
  }
  auto target = cast<TargetAttr>(attribute);
  CompileOptions compileOptions;
  compileOptions.chip = target.getChip().str();
  compileOptions.optLevel = target.getO();
  compileOptions.codeObjectVersion = target.getCodeObjectVersion();
  compileOptions.occupancy = target.getOccupancy();
  compileOptions.memrefDescriptors = target.getMemrefDescriptors();
  compileOptions.fastMath = target.getFastMath() != FastMathMode::off;
  compileOptions.finiteMath = target.getFastMath() == FastMathMode::finite;
  switch (options.getCompilationTarget()) {
  case gpu::CompilationTarget::Assembly:
    compileOptions.outputs.assembly = true;
    break;
  case gpu::CompilationTarget::Binary:
  case gpu::CompilationTarget::Fatbin:
    compileOptions.outputs.codeObject = true;
    break;
  case gpu::CompilationTarget::Offload:
    gpuModule.emitError("#wave.target makes code objects and assembly "
                        "(format 'bin', 'fatbin' or 'isa'), not LLVM "
                        "bitcode to link ('offload')");
    return std::nullopt;
  }
  // The pipeline lowers its module in place: a copy, wrapped as wave-compile
  // reads a file of one gpu.module.
  OwningOpRef<ModuleOp> copy = ModuleOp::create(gpuModule.getLoc());
  copy->getBody()->push_back(gpuModule.clone());
  llvm::Expected<CompileResult> result = compile(*copy, compileOptions);
  if (!result) {
    llvm::handleAllErrors(
        result.takeError(), [](const PipelineFailure &) {},
        [&](const llvm::ErrorInfoBase &error) {
          gpuModule.emitError() << error.message();
        });
    return std::nullopt;
  }
  const std::string &bytes =
      compileOptions.outputs.assembly ? result->assembly : result->codeObject;
  return SmallVector<char, 0>(bytes.begin(), bytes.end());
}

Attribute
WaveTargetModel::createObject(Attribute attribute, Operation *module,
                              const SmallVector<char, 0> &object,
                              const gpu::TargetOptions &options) const {
  gpu::CompilationTarget format = options.getCompilationTarget();
  // The code object is what the HIP runtime loads; there is no fat binary
  // around it.
  if (format == gpu::CompilationTarget::Fatbin)
    format = gpu::CompilationTarget::Binary;
  MLIRContext *context = attribute.getContext();
  return gpu::ObjectAttr::get(
      context, attribute, format,
      StringAttr::get(context, StringRef(object.data(), object.size())),
      /*properties=*/nullptr, /*kernels=*/nullptr);
}

void wave::registerWaveTargetInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, WaveDialect *) {
    TargetAttr::attachInterface<WaveTargetModel>(*context);
  });
}

//===- CodeGenerator.cpp - Lowered module to LLVM IR, assembly, object ----===//

#include "CodeGenerator.h"

#include "wave/Target/AMDGPUCodeGen.h"
#include "wave/Target/KernelMetadata.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::wave;

namespace mlir::wave {
/// Collects the errors LLVM's middle and back end report (a resource limit,
/// ...), which would otherwise print at `<unknown>:0:0` and exit. Each is
/// prefixed with the source location of the kernel it names.
class BackendDiagnostics : public llvm::DiagnosticHandler {
public:
  explicit BackendDiagnostics(const llvm::StringMap<std::string> &locations)
      : locations(locations) {}

  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    if (info.getSeverity() != llvm::DS_Error)
      return false;
    std::string message;
    llvm::raw_string_ostream os(message);
    if (const auto *allocation =
            llvm::dyn_cast<llvm::DiagnosticInfoRegAllocFailure>(&info))
      allocationFailures.push_back(allocation->getFunction().getName().str());
    if (const auto *limit =
            llvm::dyn_cast<llvm::DiagnosticInfoResourceLimit>(&info)) {
      StringRef kernel = limit->getFunction().getName();
      std::string where = locations.lookup(kernel);
      if (!where.empty())
        os << where << ": ";
      os << "kernel @" << kernel << " needs " << limit->getResourceSize()
         << " of " << limit->getResourceName() << ", over the chip's limit of "
         << limit->getResourceLimit();
    } else {
      llvm::DiagnosticPrinterRawOStream printer(os);
      info.print(printer);
    }
    errors.push_back(std::move(message));
    return true;
  }

  /// The errors reported so far, joined; empty when there were none.
  std::string takeErrors() {
    std::string joined = llvm::join(errors, "\n");
    errors.clear();
    return joined;
  }

  /// The functions register allocation failed in since the last call.
  std::vector<std::string> takeAllocationFailures() {
    return std::exchange(allocationFailures, {});
  }

private:
  const llvm::StringMap<std::string> &locations;
  std::vector<std::string> errors;
  std::vector<std::string> allocationFailures;
};
} // namespace mlir::wave

CodeGenerator::CodeGenerator(ModuleOp module, const ChipInfo &chip,
                             unsigned optLevel, const CompileOutputs &outputs,
                             CompileResult &result)
    : ModuleToObject(*module, kAmdhsaTriple, chip.name, /*features=*/"",
                     optLevel),
      chip(chip), outputs(outputs), result(result) {}

CodeGenerator::~CodeGenerator() = default;

void CodeGenerator::fail(llvm::Error error) {
  errorMessage = llvm::toString(std::move(error));
}

LogicalResult CodeGenerator::takeBackendErrors() {
  std::string errors = diagnostics->takeErrors();
  if (errors.empty())
    return success();
  errorMessage = std::move(errors);
  return failure();
}

void CodeGenerator::handleModulePreLink(llvm::Module &module) {
  auto handler = std::make_unique<BackendDiagnostics>(result.kernelLocations);
  diagnostics = handler.get();
  module.getContext().setDiagnosticHandler(std::move(handler));
}

std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
CodeGenerator::loadBitcodeFiles(llvm::Module &module) {
  for (llvm::Function &function : module) {
    if (!function.isDeclaration() || function.isIntrinsic() ||
        function.use_empty())
      continue;
    fail(llvm::createStringError(
        "the kernels call '" + function.getName() +
        "', which only the ROCm device libraries define; wave-compile "
        "links none"));
    return std::nullopt;
  }
  return SmallVector<std::unique_ptr<llvm::Module>>();
}

LogicalResult CodeGenerator::optimizeModule(llvm::Module &module,
                                            int optLevel) {
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> created =
      createAMDGPUTargetMachine(chip.name, /*features=*/"", optLevel);
  if (!created) {
    fail(created.takeError());
    return failure();
  }
  machine = std::move(*created);
  wave::optimizeModule(module, *machine, optLevel);
  return takeBackendErrors();
}

llvm::Expected<std::string>
CodeGenerator::emit(llvm::LLVMContext &context,
                    llvm::CodeGenFileType fileType) {
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> parsed =
      llvm::parseAssemblyString(result.llvmIR, diagnostic, context);
  if (!parsed)
    return llvm::createStringError("cannot reparse the optimized IR: " +
                                   diagnostic.getMessage());
  llvm::Expected<std::string> code = emitCode(*parsed, *machine, fileType);
  if (failed(takeBackendErrors())) {
    llvm::consumeError(code.takeError());
    return llvm::createStringError(errorMessage);
  }
  return code;
}

/// The occupancy wave-budget-registers asked the backend for, if it did.
static std::optional<unsigned> getBudgetedOccupancy(llvm::Function &kernel) {
  llvm::Attribute waves = kernel.getFnAttribute("amdgpu-waves-per-eu");
  unsigned occupancy;
  if (!waves.isStringAttribute() ||
      waves.getValueAsString().getAsInteger(10, occupancy))
    return std::nullopt;
  return occupancy;
}

LogicalResult CodeGenerator::withoutSpills(llvm::Module &module,
                                           std::string &object) {
  auto budgeted = [&] {
    return llvm::any_of(module, [](llvm::Function &function) {
      return getBudgetedOccupancy(function).has_value();
    });
  };
  if (!outputs.links() && !budgeted())
    return success();
  // A kernel the budget held to an occupancy at which the backend spilled
  // anyway, or could not allocate at all (the estimate was below its real
  // pressure), first gets the AGPRs the budget reserved for its accumulators
  // back (at occupancy 1 a reservation makes the backend select MFMAs with
  // AGPR results up front, which can spill where its own split, VGPR results
  // rewritten to AGPRs after allocation, does not), then goes down one
  // occupancy at a time, at the backend's own register limit for it, until
  // it does neither. An AGPR allocation of 0 stays (without the attribute
  // half the file would be reserved for AGPRs).
  auto lower = [&](llvm::Function &function, unsigned spillCount,
                   uint64_t scratchBytes) {
    unsigned occupancy = *getBudgetedOccupancy(function);
    auto [entry, first] =
        loweredOccupancies.try_emplace(function.getName().str());
    Lowered &lowered = entry->second;
    if (first)
      lowered = {occupancy, occupancy, spillCount, scratchBytes};
    unsigned reservedAgprs = 0;
    if (!function.getFnAttribute("amdgpu-agpr-alloc")
             .getValueAsString()
             .getAsInteger(10, reservedAgprs) &&
        reservedAgprs > 0) {
      lowered.releasedAgprs = reservedAgprs;
      function.addFnAttr("amdgpu-agpr-alloc", "0");
      return;
    }
    function.removeFnAttr("amdgpu-num-vgpr");
    function.removeFnAttr("amdgpu-waves-per-eu");
    lowered.reached = occupancy - 1;
    if (lowered.reached > 1)
      function.addFnAttr("amdgpu-waves-per-eu",
                         std::to_string(lowered.reached));
  };
  for (;;) {
    llvm::Expected<std::string> code =
        emit(module.getContext(), llvm::CodeGenFileType::ObjectFile);
    std::vector<std::string> unallocated =
        diagnostics->takeAllocationFailures();
    llvm::SmallSetVector<llvm::Function *, 4> retried;
    if (!code) {
      for (const std::string &name : unallocated) {
        llvm::Function *function = module.getFunction(name);
        if (!function || !getBudgetedOccupancy(*function)) {
          fail(code.takeError());
          return failure();
        }
        retried.insert(function);
      }
      if (retried.empty()) {
        fail(code.takeError());
        return failure();
      }
      llvm::consumeError(code.takeError());
      errorMessage.clear();
      for (llvm::Function *function : retried)
        lower(*function, /*spillCount=*/0, /*scratchBytes=*/0);
    } else {
      object = std::move(*code);
      llvm::Expected<CodeObjectMetadata> metadata =
          readCodeObjectMetadata(llvm::MemoryBufferRef(object, "object"));
      if (!metadata) {
        fail(metadata.takeError());
        return failure();
      }
      // What the object the compile ends with spills, for the remarks.
      finalSpills.clear();
      finalSgprSpills.clear();
      for (const KernelMetadata &kernel : metadata->kernels) {
        if (kernel.vgprSpillCount)
          finalSpills[kernel.name] = {kernel.vgprSpillCount,
                                      kernel.privateSegmentFixedSize};
        if (kernel.sgprSpillCount)
          finalSgprSpills[kernel.name] = {kernel.sgprSpillCount,
                                          kernel.privateSegmentFixedSize};
      }
      for (const KernelMetadata &kernel : metadata->kernels) {
        llvm::Function *function = module.getFunction(kernel.name);
        if (!function || !getBudgetedOccupancy(*function) ||
            kernel.vgprSpillCount == 0)
          continue;
        lower(*function, kernel.vgprSpillCount, kernel.privateSegmentFixedSize);
        retried.insert(function);
      }
      if (retried.empty())
        return success();
    }
    result.llvmIR.clear();
    llvm::raw_string_ostream(result.llvmIR) << module;
  }
}

/// "spills N VGPRs (B bytes of scratch a lane)", for the remarks.
static std::string describeSpills(unsigned count, uint64_t bytes) {
  return "spills " + std::to_string(count) + " VGPRs (" +
         std::to_string(bytes) + " bytes of scratch a lane)";
}

void CodeGenerator::reportLoweredOccupancies() {
  auto getLocation = [&](StringRef name) {
    auto location = kernelLocations.find(name);
    return location == kernelLocations.end() ? getOperation().getLoc()
                                             : location->second;
  };
  for (auto &[name, spills] : finalSpills)
    if (!loweredOccupancies.count(name))
      emitRemark(getLocation(name))
          << "kernel @" << name << ": the code object "
          << describeSpills(spills.first, spills.second)
          << " at the backend's register limit for its occupancy";
  // The backend spills SGPRs into lanes of VGPRs (v_writelane_b32 and
  // v_readlane_b32), to scratch only when it has none to spare. The
  // read-back does not retry for them (a lower occupancy helps them only
  // up to the 102 SGPRs a GFX9 wave addresses), but the remark says so.
  for (auto &[name, spills] : finalSgprSpills) {
    InFlightDiagnostic remark = emitRemark(getLocation(name));
    remark << "kernel @" << name << ": the code object spills " << spills.first
           << " SGPRs";
    if (spills.second == 0)
      remark << " into VGPR lanes (v_writelane_b32, v_readlane_b32; no "
                "scratch)";
    else
      remark << ", with " << spills.second << " bytes of scratch a lane";
  }
  for (auto &[name, lowered] : loweredOccupancies) {
    auto spills = finalSpills.find(name);
    InFlightDiagnostic remark = emitRemark(getLocation(name));
    remark << "kernel @" << name << ": the backend "
           << (lowered.spillCount
                   ? "spilled " + std::to_string(lowered.spillCount) +
                         " VGPRs (" + std::to_string(lowered.scratchBytes) +
                         " bytes of scratch a lane)"
                   : std::string("ran out of registers"))
           << " at the budgeted occupancy " << lowered.requested;
    if (lowered.releasedAgprs)
      remark << " with " << lowered.releasedAgprs
             << " AGPRs reserved for accumulators";
    remark << "; compiled ";
    if (lowered.releasedAgprs)
      remark << "with the AGPRs left to the backend"
             << (lowered.reached == lowered.requested ? " instead" : " and ");
    if (lowered.reached != lowered.requested)
      remark << (lowered.reached > 1
                     ? "for occupancy " + std::to_string(lowered.reached) +
                           " instead, the highest without spilling"
                     : std::string("without a budget instead, at the "
                                   "backend's own register limit"));
    if (spills != finalSpills.end())
      remark << ", where it still "
             << describeSpills(spills->second.first, spills->second.second);
  }
}

FailureOr<SmallVector<char, 0>>
CodeGenerator::moduleToObject(llvm::Module &module) {
  llvm::raw_string_ostream(result.llvmIR) << module;
  SmallVector<char, 0> object;
  std::string code;
  if (failed(withoutSpills(module, code)))
    return failure();
  if (outputs.links())
    object.assign(code.begin(), code.end());
  if (outputs.assembly) {
    llvm::Expected<std::string> assembly =
        emit(module.getContext(), llvm::CodeGenFileType::AssemblyFile);
    if (!assembly) {
      fail(assembly.takeError());
      return failure();
    }
    result.assembly = std::move(*assembly);
  }
  return object;
}

llvm::Expected<std::string> CodeGenerator::generate() {
  getOperation().walk([&](LLVM::LLVMFuncOp function) {
    kernelLocations.try_emplace(function.getName(), function.getLoc());
  });
  // run() reports a failed translation as an error on the whole module, which
  // would print it in full; the translation's own errors, on their ops, have
  // said what failed.
  Operation &module = getOperation();
  bool translationFailed = false;
  ScopedDiagnosticHandler untranslatable(
      module.getContext(), [&](Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() != DiagnosticSeverity::Error ||
            diagnostic.getLocation() != module.getLoc() ||
            diagnostic.str() != "Failed creating the llvm::Module.")
          return failure();
        translationFailed = true;
        return success();
      });
  std::optional<SmallVector<char, 0>> object = run();
  reportLoweredOccupancies();
  if (translationFailed)
    return llvm::createStringError(
        "cannot translate the lowered module to LLVM IR");
  if (!errorMessage.empty())
    return llvm::createStringError(errorMessage);
  if (!object)
    return llvm::make_error<PipelineFailure>();
  return std::string(object->begin(), object->end());
}

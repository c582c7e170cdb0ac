//===- AMDGPUCodeGen.cpp - LLVM IR to AMDGPU code -------------------------===//

#include "wave/Target/AMDGPUCodeGen.h"
#include "wave/Chip/Chip.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
void LLVMInitializeAMDGPUAsmParser();
}

using namespace llvm;
using namespace mlir::wave;

/// Registers the AMDGPU backend once; the asm parser is needed for inline
/// assembly.
static void initializeAMDGPUBackend() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    LLVMInitializeAMDGPUAsmParser();
  });
}

static CodeGenOptLevel getCodeGenOptLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return CodeGenOptLevel::None;
  case 1:
    return CodeGenOptLevel::Less;
  case 2:
    return CodeGenOptLevel::Default;
  default:
    return CodeGenOptLevel::Aggressive;
  }
}

Expected<std::unique_ptr<TargetMachine>>
mlir::wave::createAMDGPUTargetMachine(StringRef chip, StringRef features,
                                      unsigned optLevel) {
  initializeAMDGPUBackend();
  Triple triple(kAmdhsaTriple);
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError(inconvertibleErrorCode(),
                             "AMDGPU backend unavailable: " + error);
  // As llc: assembly carries the comments that make it readable.
  TargetOptions options;
  options.MCOptions.AsmVerbose = true;
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, chip, features, options, /*RM=*/std::nullopt,
      /*CM=*/std::nullopt, getCodeGenOptLevel(optLevel)));
  if (!machine)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create an AMDGPU target machine for " +
                                 chip);
  return machine;
}

void mlir::wave::optimizeModule(Module &module, TargetMachine &machine,
                                unsigned optLevel) {
  LoopAnalysisManager loopAnalyses;
  FunctionAnalysisManager functionAnalyses;
  CGSCCAnalysisManager sccAnalyses;
  ModuleAnalysisManager moduleAnalyses;
  // As opt: LLVM's own options (-time-passes, -print-after, ...) apply to
  // the middle end too.
  PassInstrumentationCallbacks instrumentation;
  StandardInstrumentations standard(module.getContext(),
                                    /*DebugLogging=*/false);
  standard.registerCallbacks(instrumentation, &moduleAnalyses);
  PassBuilder builder(&machine, PipelineTuningOptions(), std::nullopt,
                      &instrumentation);
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(sccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, sccAnalyses,
                               moduleAnalyses);
  static const OptimizationLevel levels[] = {
      OptimizationLevel::O0, OptimizationLevel::O1, OptimizationLevel::O2,
      OptimizationLevel::O3};
  OptimizationLevel level = levels[std::min(optLevel, 3u)];
  ModulePassManager passes = level == OptimizationLevel::O0
                                 ? builder.buildO0DefaultPipeline(level)
                                 : builder.buildPerModuleDefaultPipeline(level);
  passes.run(module, moduleAnalyses);
}

/// Whether `fmul x, -1.0` in place of `negation` (`fneg x`) gives the same
/// machine code (the conditions of `rewriteLocalNegations`).
static bool isRewritableNegation(UnaryOperator &negation) {
  Type *element = negation.getType()->getScalarType();
  if (!element->isHalfTy() && !element->isFloatTy() && !element->isDoubleTy())
    return false;
  BasicBlock *block = negation.getParent();
  if (!all_of(negation.users(), [&](User *user) {
        auto *inst = cast<Instruction>(user);
        return inst->getParent() == block &&
               (isa<BinaryOperator, SelectInst, IntrinsicInst, StoreInst>(
                   inst));
      }))
    return false;
  if (block->getParent()->getDenormalMode(element->getFltSemantics()) !=
      DenormalMode::getIEEE())
    return false;
  Value *operand = negation.getOperand(0);
  if (isa<Constant>(operand) || isa<FPExtInst>(operand))
    return false;
  return !isa<Instruction>(operand) || isa<LoadInst>(operand) ||
         !operand->hasOneUse();
}

unsigned mlir::wave::rewriteLocalNegations(Module &module) {
  unsigned rewritten = 0;
  for (Function &function : module) {
    for (Instruction &inst : make_early_inc_range(instructions(function))) {
      auto *negation = dyn_cast<UnaryOperator>(&inst);
      if (!negation || negation->getOpcode() != Instruction::FNeg ||
          !isRewritableNegation(*negation))
        continue;
      BinaryOperator *product = BinaryOperator::CreateWithCopiedFlags(
          Instruction::FMul, negation->getOperand(0),
          ConstantFP::get(negation->getType(), -1.0), negation, "",
          negation->getIterator());
      product->takeName(negation);
      product->setDebugLoc(negation->getDebugLoc());
      negation->replaceAllUsesWith(product);
      negation->eraseFromParent();
      ++rewritten;
    }
  }
  return rewritten;
}

Expected<std::string> mlir::wave::emitCode(Module &module,
                                           TargetMachine &machine,
                                           CodeGenFileType fileType) {
  SmallString<0> code;
  raw_svector_ostream stream(code);
  legacy::PassManager passes;
  if (machine.addPassesToEmitFile(passes, stream, /*DwoOut=*/nullptr, fileType))
    return createStringError(inconvertibleErrorCode(),
                             "the AMDGPU backend cannot emit this file type");
#if LLVM_VERSION_MAJOR < 23
  // CodeGenPrepare runs only when optimizing.
  if (machine.getOptLevel() != CodeGenOptLevel::None)
    rewriteLocalNegations(module);
#endif
  passes.run(module);
  return std::string(code);
}

//===- LocalNegationsTest.cpp - Tests of rewriteLocalNegations ------------===//

#include "wave/Target/AMDGPUCodeGen.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace mlir::wave;

namespace {
/// One function a case: the `fneg` named %n is rewritten in the functions
/// named `rewritten_*` and kept in the others.
constexpr const char *kCases = R"(
target triple = "amdgcn-amd-amdhsa"

define float @rewritten_select(float %x, float %y, i1 %c) {
  %n = fneg nnan float %x
  %s = select i1 %c, float %x, float %n
  %r = fadd float %s, %y
  ret float %r
}

define <4 x half> @rewritten_vector(<4 x half> %x, <4 x half> %y) {
  %n = fneg <4 x half> %x
  %r = fmul <4 x half> %n, %y
  ret <4 x half> %r
}

define void @rewritten_store(ptr addrspace(1) %p, double %x) {
  %n = fneg double %x
  store double %n, ptr addrspace(1) %p
  ret void
}

define float @rewritten_intrinsic(float %x, float %y) {
  %n = fneg float %x
  %r = call float @llvm.fma.f32(float %n, float %y, float %x)
  ret float %r
}

define float @rewritten_load(ptr addrspace(1) %p, float %y) {
  %x = load float, ptr addrspace(1) %p
  %n = fneg float %x
  %r = fadd float %n, %y
  ret float %r
}

define float @rewritten_shared_operand(float %x, float %y) {
  %p = fadd float %x, %y
  %n = fneg float %p
  %r = fmul float %n, %p
  ret float %r
}

; Denormals of f32 flushed: the f16 negation keeps IEEE denormals.
define half @rewritten_half_f32_flushed(half %x, half %y) #0 {
  %n = fneg half %x
  %r = fadd half %n, %y
  ret half %r
}

define float @kept_flushed(float %x, float %y) #0 {
  %n = fneg float %x
  %r = fadd float %n, %y
  ret float %r
}

define bfloat @kept_bfloat(bfloat %x, bfloat %y) {
  %n = fneg bfloat %x
  %r = fadd bfloat %n, %y
  ret bfloat %r
}

define float @kept_other_block(float %x, float %y, i1 %c) {
entry:
  %n = fneg float %x
  br i1 %c, label %then, label %exit
then:
  %r = fadd float %n, %y
  ret float %r
exit:
  ret float %y
}

define float @kept_phi(float %x, i1 %c) {
entry:
  br label %loop
loop:
  %acc = phi float [ %x, %entry ], [ %n, %loop ]
  %n = fneg float %acc
  br i1 %c, label %loop, label %exit
exit:
  ret float %acc
}

define half @kept_cast(float %x) {
  %n = fneg float %x
  %t = fptrunc float %n to half
  ret half %t
}

define float @kept_returned(float %x) {
  %n = fneg float %x
  ret float %n
}

define i1 @kept_compare(float %x, float %y) {
  %n = fneg float %x
  %c = fcmp olt float %n, %y
  ret i1 %c
}

define float @kept_single_use_operand(float %x, float %y) {
  %p = fadd float %x, %y
  %n = fneg float %p
  %r = fmul float %n, %y
  ret float %r
}

define float @kept_extended(half %x) {
  %e = fpext half %x to float
  %n = fneg float %e
  %r = fmul float %n, %e
  ret float %r
}

define float @kept_constant(float %y) {
  %n = fneg float 2.0
  %r = fadd float %n, %y
  ret float %r
}

declare float @llvm.fma.f32(float, float, float)

attributes #0 = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
)";

/// The instruction named %n in `function`.
Instruction *findNegation(Function &function) {
  for (Instruction &inst : instructions(function))
    if (inst.getName() == "n")
      return &inst;
  return nullptr;
}

TEST(LocalNegationsTest, RewritesOnlyWhereTheCodeStaysTheSame) {
  LLVMContext context;
  SMDiagnostic diagnostic;
  std::unique_ptr<Module> module =
      parseAssemblyString(kCases, diagnostic, context);
  ASSERT_NE(module, nullptr) << diagnostic.getMessage().str();
  unsigned expected = 0;
  for (Function &function : *module)
    expected += function.getName().starts_with("rewritten_");

  EXPECT_EQ(rewriteLocalNegations(*module), expected);
  for (Function &function : *module) {
    if (function.isDeclaration())
      continue;
    SCOPED_TRACE(function.getName().str());
    Instruction *negation = findNegation(function);
    ASSERT_NE(negation, nullptr);
    if (!function.getName().starts_with("rewritten_")) {
      EXPECT_EQ(negation->getOpcode(), Instruction::FNeg);
      continue;
    }
    // fmul x, -1.0 (a splat for vectors), with the fneg's flags and users.
    ASSERT_EQ(negation->getOpcode(), Instruction::FMul);
    auto *factor = dyn_cast<Constant>(negation->getOperand(1));
    ASSERT_NE(factor, nullptr);
    auto *scalar = dyn_cast_or_null<ConstantFP>(
        factor->getType()->isVectorTy() ? factor->getSplatValue() : factor);
    ASSERT_NE(scalar, nullptr);
    EXPECT_TRUE(scalar->isExactlyValue(-1.0));
    EXPECT_EQ(negation->getOperand(0)->getType(), negation->getType());
    EXPECT_FALSE(negation->use_empty());
    EXPECT_EQ(negation->hasNoNaNs(), function.getName() == "rewritten_select");
  }
  EXPECT_FALSE(verifyModule(*module, &errs()));
}
} // namespace

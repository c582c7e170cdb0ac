//===- AffineEval.cpp - Affine maps evaluated over the lanes --------------===//

#include "AffineEval.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::wave::interp;

AffineProgram::AffineProgram(AffineMap map) : numOperands(map.getNumInputs()) {
  for (AffineExpr result : map.getResults()) {
    SmallVector<Code, 8> &code = results.emplace_back();
    emit(result, code, map.getNumDims());
    // Stack depth of postfix code: operands push, binary operators pop one.
    unsigned depth = 0;
    for (const Code &c : code) {
      depth += (c.kind == Code::Operand || c.kind == Code::Constant) ? 1 : -1;
      maxDepth = std::max(maxDepth, depth);
    }
  }
}

void AffineProgram::emit(AffineExpr expr, SmallVectorImpl<Code> &code,
                         unsigned numDims) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    code.push_back({Code::Operand, dim.getPosition()});
    return;
  }
  if (auto sym = dyn_cast<AffineSymbolExpr>(expr)) {
    code.push_back({Code::Operand, numDims + sym.getPosition()});
    return;
  }
  if (auto cst = dyn_cast<AffineConstantExpr>(expr)) {
    code.push_back({Code::Constant, cst.getValue()});
    return;
  }
  auto binary = cast<AffineBinaryOpExpr>(expr);
  emit(binary.getLHS(), code, numDims);
  emit(binary.getRHS(), code, numDims);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    code.push_back({Code::Add, 0});
    return;
  case AffineExprKind::Mul:
    code.push_back({Code::Mul, 0});
    return;
  case AffineExprKind::Mod:
    code.push_back({Code::Mod, 0});
    return;
  case AffineExprKind::FloorDiv:
    code.push_back({Code::FloorDiv, 0});
    return;
  case AffineExprKind::CeilDiv:
    code.push_back({Code::CeilDiv, 0});
    return;
  default:
    llvm_unreachable("not a binary affine expression");
  }
}

static int64_t floorDiv(int64_t a, int64_t b) {
  if (b <= 0)
    return 0;
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int64_t ceilDiv(int64_t a, int64_t b) {
  if (b <= 0)
    return 0;
  int64_t q = a / b;
  return (a % b != 0 && a > 0) ? q + 1 : q;
}

static int64_t euclidMod(int64_t a, int64_t b) {
  if (b <= 0)
    return 0;
  int64_t r = a % b;
  return r < 0 ? r + b : r;
}

std::optional<AffineProgram::Fault>
AffineProgram::evaluate(const int64_t *const *operands, unsigned width,
                        uint64_t active, int64_t *out) const {
  std::optional<Fault> fault;
  // Divisors of every lane are checked, but only active lanes fault:
  // inactive ones hold stale values.
  auto check = [&](const int64_t *rhs) {
    for (unsigned l = 0; l < width; ++l)
      if (rhs[l] <= 0 && !fault && ((active >> l) & 1))
        fault = Fault{l, rhs[l]};
  };
  SmallVector<int64_t, 4 * 64> stack(size_t(std::max(maxDepth, 1u)) * width);
  for (auto [r, code] : llvm::enumerate(results)) {
    int64_t *dst = out + r * width;
    // The common results, a lone operand or constant, need no stack.
    if (code.size() == 1) {
      if (code[0].kind == Code::Operand)
        std::copy_n(operands[code[0].value], width, dst);
      else
        std::fill_n(dst, width, code[0].value);
      continue;
    }
    unsigned top = 0;
    for (const Code &c : code) {
      if (c.kind == Code::Operand) {
        std::copy_n(operands[c.value], width, &stack[top++ * width]);
        continue;
      }
      if (c.kind == Code::Constant) {
        std::fill_n(&stack[top++ * width], width, c.value);
        continue;
      }
      --top;
      int64_t *lhs = &stack[(top - 1) * width];
      const int64_t *rhs = &stack[top * width];
      switch (c.kind) {
      case Code::Add:
        for (unsigned l = 0; l < width; ++l)
          lhs[l] = int64_t(uint64_t(lhs[l]) + uint64_t(rhs[l]));
        break;
      case Code::Mul:
        for (unsigned l = 0; l < width; ++l)
          lhs[l] = int64_t(uint64_t(lhs[l]) * uint64_t(rhs[l]));
        break;
      case Code::Mod:
        check(rhs);
        for (unsigned l = 0; l < width; ++l)
          lhs[l] = euclidMod(lhs[l], rhs[l]);
        break;
      case Code::FloorDiv:
        check(rhs);
        for (unsigned l = 0; l < width; ++l)
          lhs[l] = floorDiv(lhs[l], rhs[l]);
        break;
      case Code::CeilDiv:
        check(rhs);
        for (unsigned l = 0; l < width; ++l)
          lhs[l] = ceilDiv(lhs[l], rhs[l]);
        break;
      default:
        llvm_unreachable("operand codes handled above");
      }
    }
    std::copy_n(stack.data(), width, dst);
  }
  return fault;
}

//===- LoweredAccesses.cpp - Memory accesses of lowered loop code ---------===//

#include "LoweredAccesses.h"
#include "MfmaIssueModel.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::wave::issue;

namespace {
/// What the pointer or buffer resource `value` is based on, through
/// address arithmetic, buffer resources and address space casts.
Value getBase(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto gep = dyn_cast<LLVM::GEPOp>(def))
      value = gep.getBase();
    else if (auto resource = dyn_cast<ROCDL::MakeBufferRsrcOp>(def))
      value = resource.getBase();
    else if (auto cast = dyn_cast<LLVM::AddrSpaceCastOp>(def))
      value = cast.getArg();
    else
      break;
  }
  return value;
}

/// The memory object an access reaches, where no other object's accesses
/// can: a global (LDS arrays are globals of their own) or a `llvm.noalias`
/// argument. Null where the pass cannot tell.
Attribute getObject(Operation *op) {
  Value address = accessAddress(op);
  if (!address)
    return {};
  Value base = getBase(address);
  if (auto global = base.getDefiningOp<LLVM::AddressOfOp>())
    return global.getGlobalNameAttr();
  auto function = op->getParentOfType<LLVM::LLVMFuncOp>();
  std::optional<unsigned> argument = baseArgument(address, function);
  if (!argument ||
      !function.getArgAttr(*argument, LLVM::LLVMDialect::getNoAliasAttrName()))
    return {};
  return IntegerAttr::get(IntegerType::get(op->getContext(), 32), *argument);
}
} // namespace

bool mlir::wave::issue::isRegisterOnly(Operation *op) {
  return isa<ROCDL::DsBpermuteOp, ROCDL::DsSwizzleOp, ROCDL::DPPUpdateOp,
             ROCDL::PermlaneX16Op, ROCDL::Permlane16SwapOp,
             ROCDL::Permlane32SwapOp, ROCDL::ReadlaneOp, ROCDL::ReadfirstlaneOp,
             ROCDL::MbcntLoOp, ROCDL::MbcntHiOp>(op);
}

std::optional<unsigned>
mlir::wave::issue::baseArgument(Value value, LLVM::LLVMFuncOp function) {
  auto argument = dyn_cast<BlockArgument>(getBase(value));
  if (!argument || argument.getOwner() != &function.getBody().front())
    return std::nullopt;
  return argument.getArgNumber();
}

Value mlir::wave::issue::accessAddress(Operation *op) {
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    return load.getAddr();
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    return store.getAddr();
  for (Value operand : op->getOperands())
    if (isa<LLVM::LLVMPointerType>(operand.getType()))
      return operand;
  return {};
}

Access Access::of(Operation *op) {
  switch (classify(op)) {
  case DsRead:
    return {Lds, false, getObject(op)};
  case DsWrite:
    return {Lds, true, getObject(op)};
  case VmemRead:
    return {Global, false, getObject(op)};
  case VmemWrite:
    return {Global, true, getObject(op)};
  case Mfma:
    return {};
  default:
    break;
  }
  if (isMemoryEffectFree(op) || isRegisterOnly(op))
    return {};
  return {Unknown, true};
}

bool Access::conflicts(const Access &other) const {
  if (space == None || other.space == None)
    return false;
  if (space == Unknown || other.space == Unknown)
    return true;
  return space == other.space && (writes || other.writes) &&
         (!object || !other.object || object == other.object);
}

bool mlir::wave::issue::isSynchronization(Operation *op) {
  return isa<ROCDL::SBarrierOp, ROCDL::SWaitcntOp, ROCDL::SchedBarrier,
             ROCDL::SetPrioOp, LLVM::FenceOp>(op);
}

//===- DeclineReason.h - How an analysis says why it declined ---*- C++ -*-===//
//
// An analysis or query that cannot answer returns failure() (or false) and
// writes one sentence naming what blocked it and where to an optional
// `std::string *reason`, for the remark of the pass that asked, which adds
// its own verdict ("global loads not minimized: <reason>"). Every analysis
// of lib/Analysis and the IR-level target queries take the reason this way
// (docs/Architecture.md). It lives beside the IR, the lowest layer all of
// them may include.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_DIALECT_WAVE_IR_DECLINEREASON_H
#define WAVE_DIALECT_WAVE_IR_DECLINEREASON_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace mlir::wave {

/// Sets `*reason` to `text` when the caller asked why.
inline void setReason(std::string *reason, const Twine &text) {
  if (reason)
    *reason = text.str();
}

/// setReason, then failure(): `return decline(reason, "...");`.
inline LogicalResult decline(std::string *reason, const Twine &text) {
  setReason(reason, text);
  return failure();
}

} // namespace mlir::wave

#endif // WAVE_DIALECT_WAVE_IR_DECLINEREASON_H

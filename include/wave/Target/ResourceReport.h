//===- ResourceReport.h - Per-kernel resource usage report ------*- C++ -*-===//
//
// The registers, scratch, LDS and occupancy of every kernel of a code object,
// read from its metadata note, printed in the shape of clang's
// `-Rpass-analysis=kernel-resource-usage` remarks (plus the occupancy
// limiter) or as JSON.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_TARGET_RESOURCEREPORT_H
#define WAVE_TARGET_RESOURCEREPORT_H

#include "wave/Chip/Chip.h"
#include "wave/Chip/Occupancy.h"
#include "wave/Target/KernelMetadata.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::wave {

/// One kernel's figures and the occupancy they allow.
struct KernelReport {
  KernelMetadata metadata;
  Occupancy occupancy;
};

/// The report of every kernel in `metadata`, compiled for `chip`.
llvm::Expected<std::vector<KernelReport>>
buildResourceReport(const CodeObjectMetadata &metadata, const ChipInfo &chip);

/// Prints remarks like clang's, one block per kernel. `locate` gives the
/// `file:line:col` of a kernel by name (empty when unknown).
void printResourceReport(
    llvm::raw_ostream &os, llvm::ArrayRef<KernelReport> reports,
    llvm::function_ref<std::string(llvm::StringRef)> locate);

/// Prints `{"chip": ..., "kernels": [...]}` with the same figures.
void printResourceReportJson(llvm::raw_ostream &os,
                             llvm::ArrayRef<KernelReport> reports,
                             const ChipInfo &chip);

} // namespace mlir::wave

#endif // WAVE_TARGET_RESOURCEREPORT_H

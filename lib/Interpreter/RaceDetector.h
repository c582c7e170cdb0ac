//===- RaceDetector.h - LDS data races and unwritten reads ------*- C++ -*-===//
//
// Barriers cut a workgroup's execution into epochs. Two accesses to one LDS
// element by different lanes, at least one a write, race unless a barrier
// separates them, i.e. unless they fall in different epochs. Each element
// remembers its last writer and up to two distinct readers of the current
// epoch (with the instructions), which is enough to find a conflicting pair
// whatever order the waves run in.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_LIB_INTERPRETER_RACEDETECTOR_H
#define WAVE_LIB_INTERPRETER_RACEDETECTOR_H

#include "Program.h"

namespace mlir::wave::interp {

/// Records a read of element `linear` of LDS object `object` by `lane`.
/// Returns false after reporting a race.
bool recordLdsRead(Wave &w, const Instr &instr, unsigned object, int64_t linear,
                   unsigned lane, ArrayRef<int64_t> coord);
/// Records a write; returns false after reporting a race.
bool recordLdsWrite(Wave &w, const Instr &instr, unsigned object,
                    int64_t linear, unsigned lane, ArrayRef<int64_t> coord);

/// At the end of an epoch: reports a read of LDS no lane wrote before it.
LogicalResult checkUnwrittenReads(const Program &program, Workgroup &workgroup);

/// "[1, 2]".
std::string formatCoordinate(ArrayRef<int64_t> coord);

} // namespace mlir::wave::interp

#endif // WAVE_LIB_INTERPRETER_RACEDETECTOR_H

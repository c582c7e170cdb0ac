//===- RaceDetector.cpp - LDS data races and unwritten reads --------------===//

#include "RaceDetector.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::interp;

std::string mlir::wave::interp::formatCoordinate(ArrayRef<int64_t> coord) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(coord, os);
  os << "]";
  return text;
}

/// Reports a race between the current access and an earlier one.
static void reportRace(Wave &w, const Instr &instr, unsigned object,
                       unsigned lane, ArrayRef<int64_t> coord, bool isWrite,
                       int32_t otherLane, uint32_t otherInstr,
                       bool otherIsWrite) {
  const MemObject &tile = w.program->objects[object];
  InFlightDiagnostic diag = w.emitError(instr);
  diag << "LDS data race on " << tile.description << " at "
       << formatCoordinate(coord) << ": " << w.describeLane(lane)
       << (isWrite ? " writes" : " reads") << " it while "
       << w.describeLinearLane(otherLane) << (otherIsWrite ? " wrote" : " read")
       << " it with no barrier in between";
  w.attachNote(diag, otherInstr,
               Twine("the conflicting ") + (otherIsWrite ? "write" : "read") +
                   " by " + w.describeLinearLane(otherLane));
}

bool mlir::wave::interp::recordLdsRead(Wave &w, const Instr &instr,
                                       unsigned object, int64_t linear,
                                       unsigned lane, ArrayRef<int64_t> coord) {
  Workgroup &wg = *w.workgroup;
  ShadowCell &cell = wg.shadow[w.program->objects[object].index][linear];
  int32_t me = w.linearLane(lane);
  uint32_t here = w.program->indexOf(instr);
  if (cell.writeEpoch == wg.epoch && cell.writer != me) {
    reportRace(w, instr, object, lane, coord, false, cell.writer,
               cell.writeInstr, true);
    return false;
  }
  if (cell.writeEpoch == 0 && !wg.unwrittenRead)
    wg.unwrittenRead =
        PendingRead{here, me, object, SmallVector<int64_t, 4>(coord)};
  if (cell.readEpoch != wg.epoch) {
    cell.readEpoch = wg.epoch;
    cell.reader = me;
    cell.readInstr = here;
    cell.otherReader = -1;
  } else if (cell.reader != me) {
    cell.otherReader = me;
    cell.otherReadInstr = here;
  }
  return true;
}

bool mlir::wave::interp::recordLdsWrite(Wave &w, const Instr &instr,
                                        unsigned object, int64_t linear,
                                        unsigned lane,
                                        ArrayRef<int64_t> coord) {
  Workgroup &wg = *w.workgroup;
  ShadowCell &cell = wg.shadow[w.program->objects[object].index][linear];
  int32_t me = w.linearLane(lane);
  if (cell.writeEpoch == wg.epoch && cell.writer != me) {
    reportRace(w, instr, object, lane, coord, true, cell.writer,
               cell.writeInstr, true);
    return false;
  }
  if (cell.readEpoch == wg.epoch) {
    // Any reader of this epoch other than the writer itself conflicts.
    if (cell.reader != me) {
      reportRace(w, instr, object, lane, coord, true, cell.reader,
                 cell.readInstr, false);
      return false;
    }
    if (cell.otherReader >= 0) {
      reportRace(w, instr, object, lane, coord, true, cell.otherReader,
                 cell.otherReadInstr, false);
      return false;
    }
  }
  cell.writeEpoch = wg.epoch;
  cell.writer = me;
  cell.writeInstr = w.program->indexOf(instr);
  return true;
}

LogicalResult mlir::wave::interp::checkUnwrittenReads(const Program &program,
                                                      Workgroup &wg) {
  if (!wg.unwrittenRead)
    return success();
  const PendingRead &read = *wg.unwrittenRead;
  const Instr &instr = program.code[read.instr];
  InFlightDiagnostic diag = mlir::emitError(instr.op->getLoc());
  diag << "read of LDS never written: "
       << describeThread(program.block, wg.id, read.lane) << " reads "
       << program.objects[read.object].description << " at "
       << formatCoordinate(read.coord)
       << " before any lane of the workgroup wrote it";
  if (Operation *alloc = program.objects[read.object].def)
    diag.attachNote(alloc->getLoc()) << "the LDS tile is allocated here";
  return failure();
}

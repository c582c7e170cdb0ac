//===- TestPasses.h - Test passes printing analysis results -----*- C++ -*-===//
//
// Each pass runs one analysis on every `gpu.func` kernel of the module and
// reports what it concludes as remarks at the ops concerned, so that a lit
// test with -verify-diagnostics shows, and checks, the analysis' answer.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_TEST_LIB_ANALYSIS_TESTPASSES_H
#define WAVE_TEST_LIB_ANALYSIS_TESTPASSES_H

namespace mlir::wave::test {

void registerTestBankConflictsPass();
void registerTestFootprintPass();
void registerTestLdsHazardsPass();
void registerTestRegisterPressurePass();
void registerTestUniformityPass();

/// Registers all of the above.
inline void registerTestAnalysisPasses() {
  registerTestBankConflictsPass();
  registerTestFootprintPass();
  registerTestLdsHazardsPass();
  registerTestRegisterPressurePass();
  registerTestUniformityPass();
}

} // namespace mlir::wave::test

#endif // WAVE_TEST_LIB_ANALYSIS_TESTPASSES_H

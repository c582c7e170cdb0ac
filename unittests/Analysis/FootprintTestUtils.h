//===- FootprintTestUtils.h - Fixture for footprint unit tests --*- C++ -*-===//
//
// Parses kernels from strings and finds their ops by a `tag` attribute.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_UNITTESTS_ANALYSIS_FOOTPRINTTESTUTILS_H
#define WAVE_UNITTESTS_ANALYSIS_FOOTPRINTTESTUTILS_H

#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Analysis/Footprint/WorkgroupFootprint.h"
#include "wave/Dialect/Wave/IR/WaveDialect.h"
#include "wave/Dialect/Wave/IR/WaveOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <optional>
#include <ostream>

namespace mlir::wave {
/// Readable boxes in test failures.
inline void PrintTo(const FootprintBox &box, std::ostream *os) {
  *os << "box at [";
  llvm::interleave(
      box.lowerBounds, [&](int64_t x) { *os << x; }, [&] { *os << ", "; });
  *os << "] of [";
  llvm::interleave(
      box.extents, [&](int64_t x) { *os << x; }, [&] { *os << ", "; });
  *os << "]";
}
} // namespace mlir::wave

namespace mlir::wave::test {

/// The op under `root` carrying `tag = "<tag>"`; a test failure if none does.
inline Operation *findTagged(Operation *root, StringRef tag) {
  Operation *found = nullptr;
  root->walk([&](Operation *op) {
    if (auto attr = op->getAttrOfType<StringAttr>("tag");
        attr && attr.getValue() == tag)
      found = op;
  });
  EXPECT_TRUE(found) << "no op tagged '" << tag.str() << "'";
  return found;
}

class FootprintTest : public ::testing::Test {
protected:
  FootprintTest() {
    context.loadDialect<WaveDialect, gpu::GPUDialect, arith::ArithDialect,
                        scf::SCFDialect, memref::MemRefDialect,
                        vector::VectorDialect, affine::AffineDialect>();
  }

  /// Parses and verifies `ir`; the test fails if it does not.
  bool parse(StringRef ir) {
    module = parseSourceString<ModuleOp>(ir, &context, "test.mlir");
    EXPECT_TRUE(module) << "the test IR does not parse";
    return static_cast<bool>(module);
  }

  /// The lane access carrying `tag = "<tag>"`.
  LaneAccessOpInterface access(StringRef tag) {
    LaneAccessOpInterface found;
    module->walk([&](LaneAccessOpInterface op) {
      if (auto attr = op->getAttrOfType<StringAttr>("tag");
          attr && attr.getValue() == tag)
        found = op;
    });
    EXPECT_TRUE(found) << "no access tagged " << tag.str();
    return found;
  }

  /// The footprint of the tagged access, which must exist.
  std::optional<AccessFootprint> footprint(StringRef tag) {
    std::string reason;
    FailureOr<AccessFootprint> result =
        AccessFootprint::get(access(tag), &reason);
    if (failed(result)) {
      ADD_FAILURE() << "no footprint for " << tag.str() << ": " << reason;
      return std::nullopt;
    }
    return *result;
  }

  /// The tagged access's footprint enumerated with `bindings`.
  std::optional<WorkgroupFootprint>
  enumerate(StringRef tag,
            const FootprintBindings &bindings = FootprintBindings()) {
    std::optional<AccessFootprint> access = footprint(tag);
    if (!access)
      return std::nullopt;
    std::string reason;
    FailureOr<WorkgroupFootprint> result = access->enumerate(bindings, &reason);
    if (failed(result)) {
      ADD_FAILURE() << "cannot enumerate " << tag.str() << ": " << reason;
      return std::nullopt;
    }
    return std::move(*result);
  }

  /// Why the footprint of the tagged access cannot be built (empty, and a
  /// test failure, if it can).
  std::string footprintFailure(StringRef tag) {
    std::string reason;
    if (succeeded(AccessFootprint::get(access(tag), &reason)))
      ADD_FAILURE() << "expected no footprint for " << tag.str();
    return reason;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

/// `{a, b, ...}` as a vector, for comparing coordinates.
inline SmallVector<int64_t> coord(std::initializer_list<int64_t> values) {
  return SmallVector<int64_t>(values);
}

} // namespace mlir::wave::test

#endif // WAVE_UNITTESTS_ANALYSIS_FOOTPRINTTESTUTILS_H

//===- LinkerTest.cpp - Tests of the ld.lld checks ------------------------===//

#include "wave/Target/Linker.h"

#include "gtest/gtest.h"

using namespace mlir::wave;

TEST(LinkerTest, ParsesLldVersions) {
  EXPECT_EQ(
      parseLldMajorVersion("Debian LLD 14.0.6 (compatible with GNU linkers)\n"),
      14u);
  EXPECT_EQ(parseLldMajorVersion("LLD 22.1.0 (compatible with GNU linkers)"),
            22u);
  EXPECT_EQ(parseLldMajorVersion("GNU ld (GNU Binutils) 2.40"), std::nullopt);
}

TEST(LinkerTest, DefaultLinkerIsUsable) {
  llvm::Error error = checkLinker(getDefaultLinkerPath());
  EXPECT_FALSE(error) << llvm::toString(std::move(error));
}

TEST(LinkerTest, MissingLinker) {
  EXPECT_EQ(llvm::toString(checkLinker("/nonexistent/ld.lld")),
            "cannot find the linker '/nonexistent/ld.lld'");
}

//===- OffloadBundle.cpp - HIP fat binaries -------------------------------===//

#include "wave/Target/OffloadBundle.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/EndianStream.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

/// Every entry starts at a multiple of this, as clang's HIP toolchain asks.
static constexpr uint64_t kBundleAlignment = 4096;
static constexpr StringLiteral kBundleMagic = "__CLANG_OFFLOAD_BUNDLE__";
/// The bundler normalizes the host triple to four components.
static constexpr StringLiteral kHostEntryId = "host-x86_64-unknown-linux-gnu-";

std::string mlir::wave::getHipOffloadEntryId(StringRef chip) {
  return (Twine("hipv4-amdgcn-amd-amdhsa--") + chip).str();
}

void mlir::wave::writeHipOffloadBundle(raw_ostream &os, StringRef codeObject,
                                       StringRef chip) {
  struct Entry {
    std::string id;
    StringRef bytes;
  };
  const Entry entries[] = {{kHostEntryId.str(), StringRef()},
                           {getHipOffloadEntryId(chip), codeObject}};

  uint64_t headerSize = kBundleMagic.size() + sizeof(uint64_t);
  for (const Entry &entry : entries)
    headerSize += 3 * sizeof(uint64_t) + entry.id.size();
  // Each entry starts at the next aligned offset after the previous one.
  uint64_t offsets[std::size(entries)];
  uint64_t end = headerSize;
  for (auto [entry, offset] : llvm::zip_equal(entries, offsets)) {
    offset = alignTo(end, kBundleAlignment);
    end = offset + entry.bytes.size();
  }

  support::endian::Writer writer(os, endianness::little);
  os << kBundleMagic;
  writer.write<uint64_t>(std::size(entries));
  for (auto [entry, offset] : llvm::zip_equal(entries, offsets)) {
    writer.write<uint64_t>(offset);
    writer.write<uint64_t>(entry.bytes.size());
    writer.write<uint64_t>(entry.id.size());
    os << entry.id;
  }
  uint64_t written = headerSize;
  for (auto [entry, offset] : llvm::zip_equal(entries, offsets)) {
    os.write_zeros(offset - written);
    os << entry.bytes;
    written = offset + entry.bytes.size();
  }
}

//===- KernelMetadata.h - Reads an HSA code object's metadata ---*- C++ -*-===//
//
// An AMDGPU HSA code object describes its kernels in an NT_AMDGPU_METADATA
// ELF note holding a MessagePack map (AMDGPUUsage, "Code Object V3 to V6
// Metadata"). This reads the resource figures the report needs.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_TARGET_KERNELMETADATA_H
#define WAVE_TARGET_KERNELMETADATA_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace mlir::wave {

/// One entry of `amdhsa.kernels`.
struct KernelMetadata {
  /// `.name`: the kernel's source name.
  std::string name;
  /// `.symbol`: the kernel descriptor's symbol (`name.kd`).
  std::string symbol;
  unsigned vgprCount = 0;
  /// `.agpr_count`, absent on chips without MFMA.
  std::optional<unsigned> agprCount;
  unsigned sgprCount = 0;
  unsigned vgprSpillCount = 0;
  unsigned sgprSpillCount = 0;
  /// Static LDS of one workgroup, in bytes.
  uint64_t groupSegmentFixedSize = 0;
  /// Static scratch of one lane, in bytes.
  uint64_t privateSegmentFixedSize = 0;
  unsigned wavefrontSize = 0;
  unsigned maxFlatWorkgroupSize = 0;
  std::optional<std::array<unsigned, 3>> reqdWorkgroupSize;
  bool usesDynamicStack = false;

  /// Lanes of one workgroup: the required size when the kernel states one,
  /// else the largest flat size it allows.
  unsigned getWorkgroupSize() const;
};

/// The metadata of a whole code object.
struct CodeObjectMetadata {
  /// `amdhsa.target`, e.g. `amdgcn-amd-amdhsa--gfx942`.
  std::string target;
  /// `amdhsa.version` (major, minor).
  std::array<unsigned, 2> version = {0, 0};
  std::vector<KernelMetadata> kernels;
};

/// Reads the NT_AMDGPU_METADATA note of the ELF code object `codeObject`.
llvm::Expected<CodeObjectMetadata>
readCodeObjectMetadata(llvm::MemoryBufferRef codeObject);

} // namespace mlir::wave

#endif // WAVE_TARGET_KERNELMETADATA_H

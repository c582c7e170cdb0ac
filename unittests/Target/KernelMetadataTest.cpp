//===- KernelMetadataTest.cpp - Tests of the code object metadata reader --===//

#include "wave/Target/KernelMetadata.h"
#include "wave/Target/AMDGPUCodeGen.h"
#include "wave/Target/Linker.h"
#include "wave/Target/ResourceReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/ObjectYAML/yaml2obj.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace mlir::wave;

namespace {
/// Whether `value` holds a value; prints the error otherwise.
template <typename T> bool succeeded(Expected<T> &value) {
  if (value)
    return true;
  ADD_FAILURE() << toString(value.takeError());
  return false;
}

/// The message of the error `value` holds, empty when it holds a value.
template <typename T> std::string errorMessage(Expected<T> value) {
  return value ? "" : toString(value.takeError());
}

/// An AMDGPU ELF whose only note holds `metadata` as NT_AMDGPU_METADATA.
SmallString<0> makeCodeObject(msgpack::Document &metadata) {
  std::string blob;
  metadata.writeToBlob(blob);
  std::string yaml = R"(--- !ELF
FileHeader:
  Class:   ELFCLASS64
  Data:    ELFDATA2LSB
  OSABI:   ELFOSABI_AMDGPU_HSA
  Type:    ET_DYN
  Machine: EM_AMDGPU
  Flags:   [ EF_AMDGPU_MACH_AMDGCN_GFX942 ]
Sections:
  - Name:         .note
    Type:         SHT_NOTE
    AddressAlign: 4
    Notes:
      - Name: AMDGPU
        Type: 32
        Desc: ')" + toHex(blob) +
                     "'\n";
  SmallString<0> storage;
  std::unique_ptr<object::ObjectFile> object =
      yaml::yaml2ObjectFile(storage, yaml, [](const Twine &message) {
        ADD_FAILURE() << message.str();
      });
  EXPECT_NE(object, nullptr);
  return storage;
}

/// The metadata of one kernel as LLVM writes it (zero entries included).
msgpack::Document makeMetadata() {
  msgpack::Document document;
  msgpack::MapDocNode root = document.getRoot().getMap(/*Convert=*/true);
  root["amdhsa.target"] = "amdgcn-amd-amdhsa--gfx942";
  msgpack::ArrayDocNode version = document.getArrayNode();
  version.push_back(document.getNode(1u));
  version.push_back(document.getNode(2u));
  root["amdhsa.version"] = version;
  msgpack::ArrayDocNode kernels = document.getArrayNode();
  msgpack::MapDocNode kernel = document.getMapNode();
  kernel[".name"] = "gemm";
  kernel[".symbol"] = "gemm.kd";
  kernel[".vgpr_count"] = document.getNode(96u);
  kernel[".agpr_count"] = document.getNode(32u);
  kernel[".sgpr_count"] = document.getNode(24u);
  kernel[".vgpr_spill_count"] = document.getNode(3u);
  kernel[".sgpr_spill_count"] = document.getNode(1u);
  kernel[".group_segment_fixed_size"] = document.getNode(8704u);
  kernel[".private_segment_fixed_size"] = document.getNode(12u);
  kernel[".wavefront_size"] = document.getNode(64u);
  kernel[".max_flat_workgroup_size"] = document.getNode(256u);
  kernel[".uses_dynamic_stack"] = document.getNode(false);
  kernels.push_back(kernel);
  root["amdhsa.kernels"] = kernels;
  return document;
}
} // namespace

TEST(KernelMetadataTest, ReadsEveryField) {
  msgpack::Document document = makeMetadata();
  SmallString<0> codeObject = makeCodeObject(document);
  Expected<CodeObjectMetadata> metadata =
      readCodeObjectMetadata(MemoryBufferRef(codeObject, "gemm.hsaco"));
  ASSERT_TRUE(succeeded(metadata));
  EXPECT_EQ(metadata->target, "amdgcn-amd-amdhsa--gfx942");
  EXPECT_EQ(metadata->version[0], 1u);
  EXPECT_EQ(metadata->version[1], 2u);
  ASSERT_EQ(metadata->kernels.size(), 1u);
  const KernelMetadata &kernel = metadata->kernels[0];
  EXPECT_EQ(kernel.name, "gemm");
  EXPECT_EQ(kernel.symbol, "gemm.kd");
  EXPECT_EQ(kernel.vgprCount, 96u);
  EXPECT_EQ(kernel.agprCount, 32u);
  EXPECT_EQ(kernel.sgprCount, 24u);
  EXPECT_EQ(kernel.vgprSpillCount, 3u);
  EXPECT_EQ(kernel.sgprSpillCount, 1u);
  EXPECT_EQ(kernel.groupSegmentFixedSize, 8704u);
  EXPECT_EQ(kernel.privateSegmentFixedSize, 12u);
  EXPECT_EQ(kernel.wavefrontSize, 64u);
  EXPECT_EQ(kernel.getWorkgroupSize(), 256u);
  EXPECT_FALSE(kernel.usesDynamicStack);
}

TEST(KernelMetadataTest, RequiredWorkgroupSizeWins) {
  msgpack::Document document = makeMetadata();
  msgpack::MapDocNode kernel =
      document.getRoot().getMap()["amdhsa.kernels"].getArray()[0].getMap();
  msgpack::ArrayDocNode reqd = document.getArrayNode();
  for (unsigned extent : {16u, 4u, 1u})
    reqd.push_back(document.getNode(extent));
  kernel[".reqd_workgroup_size"] = reqd;
  // Chips without MFMA have no AGPR entry.
  kernel.erase(kernel.find(".agpr_count"));
  SmallString<0> codeObject = makeCodeObject(document);
  Expected<CodeObjectMetadata> metadata =
      readCodeObjectMetadata(MemoryBufferRef(codeObject, "k.hsaco"));
  ASSERT_TRUE(succeeded(metadata));
  EXPECT_EQ(metadata->kernels[0].getWorkgroupSize(), 64u);
  EXPECT_EQ(metadata->kernels[0].agprCount, std::nullopt);
}

TEST(KernelMetadataTest, RejectsMissingFields) {
  msgpack::Document document = makeMetadata();
  msgpack::MapDocNode kernel =
      document.getRoot().getMap()["amdhsa.kernels"].getArray()[0].getMap();
  kernel.erase(kernel.find(".vgpr_count"));
  SmallString<0> codeObject = makeCodeObject(document);
  EXPECT_EQ(errorMessage(
                readCodeObjectMetadata(MemoryBufferRef(codeObject, "k.hsaco"))),
            "AMDGPU metadata: kernel entry lacks '.vgpr_count'");
}

TEST(KernelMetadataTest, RejectsOtherFiles) {
  EXPECT_NE(errorMessage(readCodeObjectMetadata(
                MemoryBufferRef("not an ELF file", "x"))),
            "");
}

/// A kernel compiled by the real backend and linked by ld.lld: the reader
/// sees what the backend allocated.
TEST(KernelMetadataTest, ReadsBackendCodeObject) {
  LLVMContext context;
  SMDiagnostic diagnostic;
  std::unique_ptr<Module> module = parseAssemblyString(R"(
target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [1000 x i8] poison, align 4
define amdgpu_kernel void @k() #0 {
  call void asm sideeffect "v_mov_b32 v41, 0", "~{v41}"()
  store volatile i8 0, ptr addrspace(3) @lds
  ret void
}
attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="128,128" }
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 500}
)",
                                                       diagnostic, context);
  ASSERT_NE(module, nullptr) << diagnostic.getMessage().str();
  Expected<std::unique_ptr<TargetMachine>> machine =
      createAMDGPUTargetMachine("gfx942", "", 3);
  ASSERT_TRUE(succeeded(machine));
  module->setDataLayout((*machine)->createDataLayout());
  Expected<std::string> object =
      emitCode(*module, **machine, CodeGenFileType::ObjectFile);
  ASSERT_TRUE(succeeded(object));
  Expected<std::string> codeObject =
      linkCodeObject(*object, getDefaultLinkerPath());
  ASSERT_TRUE(succeeded(codeObject));

  Expected<CodeObjectMetadata> metadata =
      readCodeObjectMetadata(MemoryBufferRef(*codeObject, "k.hsaco"));
  ASSERT_TRUE(succeeded(metadata));
  EXPECT_EQ(metadata->target, "amdgcn-amd-amdhsa--gfx942");
  // Code object version 5 is metadata version 1.2.
  EXPECT_EQ(metadata->version[1], 2u);
  ASSERT_EQ(metadata->kernels.size(), 1u);
  const KernelMetadata &kernel = metadata->kernels[0];
  EXPECT_EQ(kernel.name, "k");
  EXPECT_EQ(kernel.vgprCount, 42u);
  EXPECT_EQ(kernel.agprCount, 0u);
  EXPECT_EQ(kernel.groupSegmentFixedSize, 1000u);
  EXPECT_EQ(kernel.wavefrontSize, 64u);
  EXPECT_EQ(kernel.getWorkgroupSize(), 128u);

  // 42 VGPRs allow 8 waves; 65 workgroups of 1000 bytes fit in 64 KiB, more
  // than the 16 barriers allow: the report sees no limit.
  Expected<std::vector<KernelReport>> report =
      buildResourceReport(*metadata, *lookupChip("gfx942"));
  ASSERT_TRUE(succeeded(report));
  EXPECT_EQ((*report)[0].occupancy.wavesPerSimd, 8u);
  EXPECT_EQ((*report)[0].occupancy.limiter, OccupancyLimiter::None);
}

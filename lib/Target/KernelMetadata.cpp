//===- KernelMetadata.cpp - Reads an HSA code object's metadata -----------===//

#include "wave/Target/KernelMetadata.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Object/ELFObjectFile.h"

using namespace llvm;
using namespace mlir::wave;

unsigned KernelMetadata::getWorkgroupSize() const {
  if (reqdWorkgroupSize)
    return (*reqdWorkgroupSize)[0] * (*reqdWorkgroupSize)[1] *
           (*reqdWorkgroupSize)[2];
  return maxFlatWorkgroupSize;
}

static Error metadataError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(),
                           "AMDGPU metadata: " + message);
}

/// The unsigned integer at `key`, `fallback` when the key is absent (the
/// metadata omits some zero-valued entries), an error when it is required.
static Expected<uint64_t> getUnsigned(msgpack::MapDocNode &map, StringRef key,
                                      std::optional<uint64_t> fallback) {
  auto it = map.find(key);
  if (it == map.end()) {
    if (fallback)
      return *fallback;
    return metadataError("kernel entry lacks '" + key + "'");
  }
  msgpack::DocNode &node = it->second;
  if (node.getKind() == msgpack::Type::UInt)
    return node.getUInt();
  if (node.getKind() == msgpack::Type::Int && node.getInt() >= 0)
    return static_cast<uint64_t>(node.getInt());
  return metadataError("'" + key + "' is not a non-negative integer");
}

static Expected<std::string> getString(msgpack::MapDocNode &map,
                                       StringRef key) {
  auto it = map.find(key);
  if (it == map.end() || it->second.getKind() != msgpack::Type::String)
    return metadataError("kernel entry lacks the string '" + key + "'");
  return it->second.getString().str();
}

static Expected<KernelMetadata> readKernel(msgpack::DocNode &node) {
  if (!node.isMap())
    return metadataError("an entry of 'amdhsa.kernels' is not a map");
  msgpack::MapDocNode &map = node.getMap();
  KernelMetadata kernel;
  auto readString = [&](StringRef key, std::string &out) -> Error {
    Expected<std::string> value = getString(map, key);
    if (!value)
      return value.takeError();
    out = std::move(*value);
    return Error::success();
  };
  auto readUnsigned = [&](StringRef key, auto &out,
                          std::optional<uint64_t> fallback) -> Error {
    Expected<uint64_t> value = getUnsigned(map, key, fallback);
    if (!value)
      return value.takeError();
    out = *value;
    return Error::success();
  };
  if (Error err = joinErrors(readString(".name", kernel.name),
                             readString(".symbol", kernel.symbol)))
    return std::move(err);
  if (Error err = joinErrors(
          joinErrors(readUnsigned(".vgpr_count", kernel.vgprCount, {}),
                     readUnsigned(".sgpr_count", kernel.sgprCount, {})),
          joinErrors(readUnsigned(".wavefront_size", kernel.wavefrontSize, {}),
                     readUnsigned(".max_flat_workgroup_size",
                                  kernel.maxFlatWorkgroupSize, {}))))
    return std::move(err);
  if (Error err = joinErrors(
          joinErrors(
              readUnsigned(".vgpr_spill_count", kernel.vgprSpillCount, 0),
              readUnsigned(".sgpr_spill_count", kernel.sgprSpillCount, 0)),
          joinErrors(readUnsigned(".group_segment_fixed_size",
                                  kernel.groupSegmentFixedSize, 0),
                     readUnsigned(".private_segment_fixed_size",
                                  kernel.privateSegmentFixedSize, 0))))
    return std::move(err);
  if (map.find(".agpr_count") != map.end()) {
    unsigned agprs;
    if (Error err = readUnsigned(".agpr_count", agprs, {}))
      return std::move(err);
    kernel.agprCount = agprs;
  }
  auto reqd = map.find(".reqd_workgroup_size");
  if (reqd != map.end()) {
    if (!reqd->second.isArray() || reqd->second.getArray().size() != 3)
      return metadataError("'.reqd_workgroup_size' is not three integers");
    std::array<unsigned, 3> size;
    for (auto [extent, element] :
         llvm::zip_equal(size, reqd->second.getArray())) {
      if (element.getKind() != msgpack::Type::UInt)
        return metadataError("'.reqd_workgroup_size' is not three integers");
      extent = element.getUInt();
    }
    kernel.reqdWorkgroupSize = size;
  }
  auto dynamicStack = map.find(".uses_dynamic_stack");
  if (dynamicStack != map.end() &&
      dynamicStack->second.getKind() == msgpack::Type::Boolean)
    kernel.usesDynamicStack = dynamicStack->second.getBool();
  return kernel;
}

/// Decodes the MessagePack map of the note.
static Expected<CodeObjectMetadata> readMetadataBlob(StringRef blob) {
  msgpack::Document document;
  if (!document.readFromBlob(blob, /*Multi=*/false))
    return metadataError("the note is not valid MessagePack");
  if (!document.getRoot().isMap())
    return metadataError("the note is not a MessagePack map");
  msgpack::MapDocNode &root = document.getRoot().getMap();

  CodeObjectMetadata result;
  auto target = root.find("amdhsa.target");
  if (target != root.end() && target->second.getKind() == msgpack::Type::String)
    result.target = target->second.getString().str();
  auto version = root.find("amdhsa.version");
  if (version != root.end() && version->second.isArray() &&
      version->second.getArray().size() == 2) {
    for (auto [out, element] :
         llvm::zip_equal(result.version, version->second.getArray()))
      if (element.getKind() == msgpack::Type::UInt)
        out = element.getUInt();
  }
  auto kernels = root.find("amdhsa.kernels");
  if (kernels == root.end() || !kernels->second.isArray())
    return metadataError("no 'amdhsa.kernels' array");
  for (msgpack::DocNode &entry : kernels->second.getArray()) {
    Expected<KernelMetadata> kernel = readKernel(entry);
    if (!kernel)
      return kernel.takeError();
    result.kernels.push_back(std::move(*kernel));
  }
  return result;
}

Expected<CodeObjectMetadata>
mlir::wave::readCodeObjectMetadata(MemoryBufferRef codeObject) {
  Expected<std::unique_ptr<object::ObjectFile>> object =
      object::ObjectFile::createELFObjectFile(codeObject);
  if (!object)
    return object.takeError();
  auto *elf = dyn_cast<object::ELF64LEObjectFile>(object->get());
  if (!elf || elf->getELFFile().getHeader().e_machine != ELF::EM_AMDGPU)
    return createStringError(inconvertibleErrorCode(),
                             "not an AMDGPU ELF code object");
  const object::ELF64LEFile &file = elf->getELFFile();
  Expected<object::ELF64LEFile::Elf_Shdr_Range> sections = file.sections();
  if (!sections)
    return sections.takeError();
  for (const object::ELF64LEFile::Elf_Shdr &section : *sections) {
    if (section.sh_type != ELF::SHT_NOTE)
      continue;
    std::optional<ArrayRef<uint8_t>> metadata;
    Error err = Error::success();
    for (const object::ELF64LEFile::Elf_Note &note : file.notes(section, err)) {
      if (note.getName() == "AMDGPU" &&
          note.getType() == ELF::NT_AMDGPU_METADATA) {
        metadata = note.getDesc(section.sh_addralign);
        break;
      }
    }
    if (err)
      return std::move(err);
    if (metadata)
      return readMetadataBlob(toStringRef(*metadata));
  }
  return createStringError(inconvertibleErrorCode(),
                           "the code object has no NT_AMDGPU_METADATA note");
}

//===- DirectCopy.cpp - Staging copies as global_load_lds -----------------===//
//
// docs/passes/wave-direct-to-lds.md describes the conditions and the cost
// model.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Staging/DirectCopy.h"
#include "wave/Analysis/Footprint/AccessFootprint.h"
#include "wave/Dialect/Wave/IR/DirectToLds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wave;

ArrayRef<int64_t> mlir::wave::getDirectToLdsBytes(const ChipInfo &chip) {
  // LLVM's AMDGPU back end: global_load_lds_dwordx3/x4 need gfx950
  // (FeatureGFX950Insts); global_load_lds_dword exists from gfx90a on.
  static const int64_t gfx950[] = {16, 4};
  static const int64_t gfx90a[] = {4};
  if (chip.name == "gfx950")
    return gfx950;
  if (chip.name == "gfx942" || chip.name == "gfx90a")
    return gfx90a;
  return {};
}

static LogicalResult fail(DirectCopyDiagnostic &diagnostic,
                          DirectCopyFailure kind, Operation *op,
                          const Twine &reason) {
  diagnostic.kind = kind;
  diagnostic.op = op;
  diagnostic.reason = reason.str();
  return failure();
}

static std::string formatSizes(ArrayRef<int64_t> sizes) {
  std::string text;
  for (auto [i, size] : llvm::enumerate(sizes))
    text += (i ? (i + 1 == sizes.size() ? " or " : ", ") : "") +
            std::to_string(size);
  return text;
}

/// The coordinates of element 0 of linear lane `lane` of a workgroup of
/// `size`, every leaf but the thread ids at 0 (the lane part of an access
/// the staging plan split).
static SmallVector<int64_t> getLaneCoordinates(const AccessFootprint &footprint,
                                               std::array<int64_t, 3> size,
                                               int64_t lane) {
  int64_t ids[3] = {lane % size[0], (lane / size[0]) % size[1],
                    lane / (size[0] * size[1])};
  SmallVector<int64_t> values;
  for (const FootprintLeaf &leaf : footprint.getLeaves())
    values.push_back(leaf.indexClass.kind == IndexKind::ThreadId
                         ? ids[leaf.indexClass.dim]
                         : 0);
  return footprint.getMap().compose(values);
}

FailureOr<DirectCopyPlan>
mlir::wave::planDirectCopy(const StagingGroup &group, const ChipInfo &chip,
                           DirectCopyDiagnostic &diagnostic) {
  Operation *anchor = group.pairs.front().write;
  ArrayRef<int64_t> sizes = getDirectToLdsBytes(chip);
  if (sizes.empty())
    return fail(diagnostic, DirectCopyFailure::Width, anchor,
                Twine(chip.name) + " has no global_load_lds");
  if (group.blocker && group.blockerKind == StagingFailure::OtherUsers)
    return fail(diagnostic, DirectCopyFailure::OtherUsers, group.blocker,
                "the loaded value is used in registers, not only by its "
                "LDS write");

  // The copy as it is must be the linear layout of runs of a size the chip
  // copies: every lane loads aligned runs, consecutive lanes consecutive
  // runs. Tried for each size, widest first; then for 16 bytes, the widest
  // a lane loads, to say that the copy is linear but too wide.
  StagingDiagnostic first;
  std::optional<StagingPlan> linear;
  for (int64_t size : sizes) {
    StagingDiagnostic staging;
    FailureOr<StagingPlan> plan = planLinearStaging(group, size * 8, staging);
    if (succeeded(plan)) {
      linear = std::move(*plan);
      break;
    }
    if (!first.op)
      first = staging;
  }
  auto tileType = cast<MemRefType>(group.tile.getType());
  int64_t elementBytes = llvm::divideCeil(tileType.getElementTypeBitWidth(), 8);
  if (!linear) {
    StagingDiagnostic staging;
    FailureOr<StagingPlan> wide = planLinearStaging(group, 128, staging);
    if (succeeded(wide) && !llvm::is_contained(sizes, 16))
      return fail(diagnostic, DirectCopyFailure::Width, anchor,
                  "a lane copies " + Twine(wide->width * elementBytes) +
                      " bytes; " + chip.name + "'s global_load_lds writes " +
                      formatSizes(sizes) +
                      " bytes a lane to consecutive LDS addresses");
    return fail(diagnostic,
                first.kind == StagingFailure::OtherUsers
                    ? DirectCopyFailure::OtherUsers
                    : DirectCopyFailure::NotLinear,
                first.op, first.reason);
  }
  StagingPlan &plan = *linear;
  int64_t bytes = plan.width * elementBytes;
  if (!llvm::is_contained(sizes, bytes))
    return fail(diagnostic, DirectCopyFailure::Width, anchor,
                "a lane copies " + Twine(bytes) + " bytes; " + chip.name +
                    "'s global_load_lds writes " + formatSizes(sizes) +
                    " bytes a lane to consecutive LDS addresses");

  // Every lane takes part and nothing is skipped: the hardware writes the
  // wave's lanes at the first active lane's base.
  if (plan.needsMask())
    return fail(diagnostic, DirectCopyFailure::Masked, anchor,
                "the tile's " + Twine(plan.numRuns) + " runs leave lanes of " +
                    Twine(plan.numLanes) + " idle in the last copy");
  for (StagingPair pair : group.pairs) {
    if (pair.read.getBounded() || pair.read.getMask() || pair.write.getMask())
      return fail(diagnostic, DirectCopyFailure::Masked, pair.read,
                  "the copy is masked or bounded: lanes would skip elements "
                  "of the wave's consecutive LDS block");
    if (pair.read.getCache() && *pair.read.getCache() != CacheHint::cached)
      return fail(diagnostic, DirectCopyFailure::Masked, pair.read,
                  "the read's cache hint has no form in amdgpu.gather_to_lds");
  }

  // A swizzle keeps the lanes' writes consecutive once the reads take it
  // over (the verifier keeps each run inside one of its groups).
  SwizzleAttr swizzle = getLdsSwizzle(group.tile);
  if (swizzle)
    for (StagingPair pair : group.pairs)
      if (pair.read.getAccessMap().getNumSymbols() ||
          pair.write.getAccessMap().getNumSymbols())
        return fail(diagnostic, DirectCopyFailure::Swizzled, pair.write,
                    "the tile is swizzled and the copy's access maps have "
                    "symbols, which the runs' permutation does not take");
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  if (failed(tileType.getStridesAndOffset(strides, offset)) ||
      llvm::any_of(strides, ShapedType::isDynamic) ||
      ShapedType::isDynamic(offset))
    return fail(diagnostic, DirectCopyFailure::NotConsecutive, anchor,
                "the LDS tile has no static strides");

  // The base of each wave moves with the workgroup ids, induction variables
  // and uniform values of the writes' translation; it stays aligned to the
  // size when every term moves it by a multiple of the run.
  for (auto [d, terms] : llvm::enumerate(
           plan.getTileCoordinates<SmallVector<UniformTerm>>(plan.tileOffset)))
    for (const UniformTerm &term : terms)
      if ((term.coefficient * strides[d]) % plan.width != 0)
        return fail(diagnostic, DirectCopyFailure::NotConsecutive, anchor,
                    "the tile's position moves by " +
                        Twine(term.coefficient * strides[d]) +
                        " elements a step, so a wave's LDS base is not "
                        "provably aligned to " +
                        Twine(bytes) + " bytes");

  // Lane `l` of each wave must write `l * width` elements after its wave's
  // first lane, which must start an aligned run.
  unsigned waveSize = plan.waveSize;
  for (StagingPair pair : group.pairs) {
    if (pair.write.getVectorType().getNumElements() > 1 &&
        strides[pair.write.getContiguousDim()] != 1)
      return fail(diagnostic, DirectCopyFailure::NotConsecutive, pair.write,
                  "the write's elements run along dimension " +
                      Twine(pair.write.getContiguousDim()) +
                      " of the tile, whose stride is not 1");
    std::string why;
    FailureOr<AccessFootprint> footprint =
        AccessFootprint::get(pair.write, &why);
    if (failed(footprint))
      return fail(diagnostic, DirectCopyFailure::NotLinear, pair.write, why);
    auto physical = [&](int64_t lane) {
      SmallVector<int64_t> coords =
          getLaneCoordinates(*footprint, plan.workgroupSize, lane);
      int64_t address = offset;
      for (auto [coord, stride] : llvm::zip_equal(coords, strides))
        address += coord * stride;
      return address;
    };
    int64_t base = 0;
    for (int64_t lane = 0; lane < plan.numLanes; ++lane) {
      int64_t address = physical(lane);
      int64_t index = lane % waveSize;
      if (index == 0) {
        base = address;
        if (base % plan.width != 0)
          return fail(diagnostic, DirectCopyFailure::NotConsecutive, pair.write,
                      "wave " + Twine(lane / waveSize) +
                          "'s first lane writes LDS element " + Twine(base) +
                          ", not aligned to " + Twine(bytes) + " bytes");
        continue;
      }
      if (address != base + index * plan.width)
        return fail(diagnostic, DirectCopyFailure::NotConsecutive, pair.write,
                    "lane " + Twine(lane) + " writes LDS element " +
                        Twine(address) + " where its wave's lane " +
                        Twine(lane - index) + " writes " + Twine(base) +
                        ": global_load_lds needs " +
                        Twine(base + index * plan.width) +
                        " (lanes on consecutive addresses; the tile's "
                        "strides are [" +
                        llvm::join(llvm::map_range(strides,
                                                   [](int64_t s) {
                                                     return std::to_string(s);
                                                   }),
                                   ", ") +
                        "])");
    }
  }

  DirectCopyPlan result;
  int64_t pairs = group.pairs.size();
  result.bytes = bytes;
  result.vgprsSaved = pairs * llvm::divideCeil(bytes, 4);
  result.dsWritesRemoved = pairs;
  result.waveCopies = pairs * llvm::divideCeil(plan.numLanes, waveSize);
  result.swizzle = swizzle;
  result.staging = std::move(plan);
  return result;
}

//===- ResourceReport.cpp - Per-kernel resource usage report --------------===//

#include "wave/Target/ResourceReport.h"

#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace mlir::wave;

Expected<std::vector<KernelReport>>
mlir::wave::buildResourceReport(const CodeObjectMetadata &metadata,
                                const ChipInfo &chip) {
  std::vector<KernelReport> reports;
  for (const KernelMetadata &kernel : metadata.kernels) {
    if (!chip.supportsWaveSize(kernel.wavefrontSize))
      return createStringError(inconvertibleErrorCode(),
                               "kernel '" + kernel.name + "' runs waves of " +
                                   Twine(kernel.wavefrontSize) +
                                   " lanes, which " + chip.name +
                                   " does not support");
    KernelResourceUsage usage;
    usage.vgprs = kernel.vgprCount;
    usage.sgprs = kernel.sgprCount;
    usage.ldsBytes = kernel.groupSegmentFixedSize;
    usage.workgroupSize = kernel.getWorkgroupSize();
    usage.waveSize = kernel.wavefrontSize;
    reports.push_back({kernel, computeOccupancy(chip, usage)});
  }
  return reports;
}

void mlir::wave::printResourceReport(
    raw_ostream &os, ArrayRef<KernelReport> reports,
    function_ref<std::string(StringRef)> locate) {
  for (const KernelReport &report : reports) {
    const KernelMetadata &kernel = report.metadata;
    std::string location = locate(kernel.name);
    std::string prefix = (location.empty() ? "" : location + ": ") + "remark: ";
    auto line = [&](StringRef name, const Twine &value) {
      os << prefix << "    " << name << ": " << value << "\n";
    };
    os << prefix << "Function Name: " << kernel.name << "\n";
    line("TotalSGPRs", Twine(kernel.sgprCount));
    line("VGPRs", Twine(kernel.vgprCount));
    // As clang, only where the chip has accumulation registers.
    if (kernel.agprCount)
      line("AGPRs", Twine(*kernel.agprCount));
    line("ScratchSize [bytes/lane]", Twine(kernel.privateSegmentFixedSize));
    line("Dynamic Stack", kernel.usesDynamicStack ? "True" : "False");
    line("Occupancy [waves/SIMD]", Twine(report.occupancy.wavesPerSimd));
    line("Occupancy Limiter",
         stringifyOccupancyLimiter(report.occupancy.limiter));
    line("SGPRs Spill", Twine(kernel.sgprSpillCount));
    line("VGPRs Spill", Twine(kernel.vgprSpillCount));
    line("LDS Size [bytes/block]", Twine(kernel.groupSegmentFixedSize));
    // The launch the code object needs, which passes may have changed
    // (wave-coarsen-lanes shrinks the workgroup).
    if (const auto &size = kernel.reqdWorkgroupSize)
      line("Workgroup Size [lanes]", Twine((*size)[0]) + "x" +
                                         Twine((*size)[1]) + "x" +
                                         Twine((*size)[2]));
  }
}

void mlir::wave::printResourceReportJson(raw_ostream &os,
                                         ArrayRef<KernelReport> reports,
                                         const ChipInfo &chip) {
  json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    json.attribute("chip", chip.name);
    json.attributeArray("kernels", [&] {
      for (const KernelReport &report : reports) {
        const KernelMetadata &kernel = report.metadata;
        json.object([&] {
          json.attribute("name", kernel.name);
          json.attribute("sgpr_count", kernel.sgprCount);
          json.attribute("vgpr_count", kernel.vgprCount);
          if (kernel.agprCount)
            json.attribute("agpr_count", *kernel.agprCount);
          json.attribute("private_segment_fixed_size",
                         kernel.privateSegmentFixedSize);
          json.attribute("uses_dynamic_stack", kernel.usesDynamicStack);
          json.attribute("sgpr_spill_count", kernel.sgprSpillCount);
          json.attribute("vgpr_spill_count", kernel.vgprSpillCount);
          json.attribute("group_segment_fixed_size",
                         kernel.groupSegmentFixedSize);
          json.attribute("wavefront_size", kernel.wavefrontSize);
          json.attribute("workgroup_size", kernel.getWorkgroupSize());
          if (const auto &size = kernel.reqdWorkgroupSize)
            json.attributeArray("reqd_workgroup_size", [&] {
              for (unsigned lanes : *size)
                json.value(lanes);
            });
          json.attribute("occupancy", report.occupancy.wavesPerSimd);
          json.attribute("occupancy_limiter",
                         stringifyOccupancyLimiter(report.occupancy.limiter));
          json.attributeObject("occupancy_by", [&] {
            json.attribute("vgpr", report.occupancy.byVgprs);
            json.attribute("sgpr", report.occupancy.bySgprs);
            json.attribute("workgroups", report.occupancy.byWorkgroups);
          });
        });
      }
    });
  });
  os << "\n";
}

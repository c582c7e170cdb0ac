//===- Bindings.cpp - The _wave_mlir Python extension module --------------===//
//
// pybind11 bindings of the C++ API in Api.h. Failures come back from the API
// as lists of diagnostics and leave here as `MLIRError` exceptions carrying
// them. This file is compiled with exceptions and RTTI and includes no LLVM
// or MLIR header.
//
//===----------------------------------------------------------------------===//

#include "Api.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <exception>

namespace py = pybind11;
using namespace mlir::wave::python;

namespace {
/// A failed API call: what failed and the diagnostics it produced.
class MLIRFailure : public std::exception {
public:
  MLIRFailure(std::string summary, Diagnostics diagnostics)
      : diagnostics(std::move(diagnostics)) {
    text = std::move(summary);
    for (const Diagnostic &diag : this->diagnostics)
      text += "\n" + diag.str();
  }
  const char *what() const noexcept override { return text.c_str(); }

  Diagnostics diagnostics;

private:
  std::string text;
};
} // namespace

/// Throws MLIRFailure unless `ok`.
static void check(bool ok, const std::string &summary,
                  Diagnostics &diagnostics) {
  if (!ok)
    throw MLIRFailure(summary, std::move(diagnostics));
}

static py::object toPython(const std::optional<std::array<int64_t, 3>> &dims) {
  if (!dims)
    return py::none();
  return py::make_tuple((*dims)[0], (*dims)[1], (*dims)[2]);
}

PYBIND11_MODULE(_wave_mlir, m) {
  m.doc() = "C++ bindings of wave-mlir: parse, verify, transform, compile "
            "and interpret kernels";

  py::class_<Diagnostic>(m, "Diagnostic")
      .def_readonly("severity", &Diagnostic::severity)
      .def_readonly("message", &Diagnostic::message)
      .def_readonly("location", &Diagnostic::location)
      .def_readonly("file", &Diagnostic::file)
      .def_readonly("line", &Diagnostic::line)
      .def_readonly("column", &Diagnostic::column)
      .def_readonly("notes", &Diagnostic::notes)
      .def("__str__", &Diagnostic::str)
      .def("__repr__", [](const Diagnostic &diag) {
        return "<wave_mlir.Diagnostic " + diag.str() + ">";
      });

  // The exception type lives as long as the module; the translator below
  // attaches the diagnostics to each instance it raises.
  static py::handle errorType =
      py::exception<MLIRFailure>(m, "MLIRError").release();
  errorType.attr("__doc__") =
      "An MLIR operation failed; `diagnostics` lists what MLIR reported.";
  py::register_exception_translator([](std::exception_ptr failure) {
    try {
      if (failure)
        std::rethrow_exception(failure);
    } catch (const MLIRFailure &e) {
      py::object error = errorType(e.what());
      error.attr("diagnostics") = py::cast(e.diagnostics);
      PyErr_SetObject(errorType.ptr(), error.ptr());
    }
  });

  py::class_<Context, std::shared_ptr<Context>>(m, "Context").def(py::init<>());

  py::class_<ArgumentInfo>(m, "ArgumentInfo")
      .def_readonly("type", &ArgumentInfo::type)
      .def_readonly("element_type", &ArgumentInfo::elementType)
      .def_readonly("is_memref", &ArgumentInfo::isMemRef)
      .def_readonly("shape", &ArgumentInfo::shape);

  py::class_<KernelInfo>(m, "KernelInfo")
      .def_readonly("name", &KernelInfo::name)
      .def_readonly("gpu_module", &KernelInfo::gpuModule)
      .def_readonly("path", &KernelInfo::path)
      .def_readonly("arguments", &KernelInfo::arguments)
      .def_property_readonly(
          "block_size",
          [](const KernelInfo &info) { return toPython(info.blockSize); })
      .def_property_readonly(
          "grid_size",
          [](const KernelInfo &info) { return toPython(info.gridSize); })
      .def_readonly("chip", &KernelInfo::chip)
      .def_readonly("wave_size", &KernelInfo::waveSize)
      .def_readonly("occupancy", &KernelInfo::occupancy)
      .def_readonly("reference", &KernelInfo::reference);

  // The libraries' option structs as they are: a field added there is one
  // line here, and Python's keyword arguments are these names.
  using mlir::wave::CompileOptions;
  py::class_<CompileOptions>(m, "CompileOptions")
      .def(py::init<>())
      .def_readwrite("chip", &CompileOptions::chip)
      .def_readwrite("opt_level", &CompileOptions::optLevel)
      .def_readwrite("code_object_version", &CompileOptions::codeObjectVersion)
      .def_readwrite("occupancy", &CompileOptions::occupancy)
      .def_readwrite("wave_optimize", &CompileOptions::waveOptimize)
      .def_readwrite("fast_math", &CompileOptions::fastMath)
      .def_readwrite("finite_math", &CompileOptions::finiteMath)
      .def_readwrite("direct_to_lds", &CompileOptions::directToLds)
      .def_readwrite("pipeline_in_lds", &CompileOptions::pipelineInLds)
      .def_readwrite("schedule_loops", &CompileOptions::scheduleLoops)
      .def_readwrite("ping_pong", &CompileOptions::pingPong)
      .def_readwrite("cover_barriers", &CompileOptions::coverBarriers)
      .def_readwrite("interleave_mfmas", &CompileOptions::interleaveMfmas)
      .def_readwrite("memref_descriptors", &CompileOptions::memrefDescriptors)
      .def_readwrite("lld_path", &CompileOptions::linkerPath)
      .def_readwrite("verify_each", &CompileOptions::verifyEachPass);

  using mlir::wave::InterpretOptions;
  py::class_<InterpretOptions>(m, "InterpretOptions")
      .def(py::init<>())
      .def_readwrite("kernel", &InterpretOptions::kernel)
      .def_readwrite("compare", &InterpretOptions::compare)
      .def_readwrite("reference", &InterpretOptions::reference)
      .def_readwrite("compare_pipeline", &InterpretOptions::comparePipeline)
      .def_readwrite("grid", &InterpretOptions::grid)
      .def_readwrite("seed", &InterpretOptions::seed)
      .def_readwrite("inputs", &InterpretOptions::inputs)
      .def_readwrite("scalars", &InterpretOptions::scalars)
      .def_readwrite("output_dir", &InterpretOptions::outputDir)
      .def_readwrite("rtol", &InterpretOptions::rtol)
      .def_readwrite("atol", &InterpretOptions::atol)
      .def_readwrite("memory_limit", &InterpretOptions::memoryLimit)
      .def_readwrite("max_steps", &InterpretOptions::maxSteps);

  py::class_<KernelResources>(m, "KernelResources")
      .def_readonly("name", &KernelResources::name)
      .def_readonly("vgprs", &KernelResources::vgprs)
      .def_readonly("agprs", &KernelResources::agprs)
      .def_readonly("sgprs", &KernelResources::sgprs)
      .def_readonly("vgpr_spills", &KernelResources::vgprSpills)
      .def_readonly("sgpr_spills", &KernelResources::sgprSpills)
      .def_readonly("lds_bytes", &KernelResources::ldsBytes)
      .def_readonly("scratch_bytes", &KernelResources::scratchBytes)
      .def_readonly("dynamic_stack", &KernelResources::dynamicStack)
      .def_readonly("wave_size", &KernelResources::waveSize)
      .def_readonly("workgroup_size", &KernelResources::workgroupSize)
      .def_readonly("block_size", &KernelResources::requiredBlockSize)
      .def_readonly("occupancy", &KernelResources::occupancy)
      .def_readonly("limiter", &KernelResources::limiter)
      .def_readonly("occupancy_by_vgprs", &KernelResources::occupancyByVgprs)
      .def_readonly("occupancy_by_sgprs", &KernelResources::occupancyBySgprs)
      .def_readonly("occupancy_by_workgroups",
                    &KernelResources::occupancyByWorkgroups);

  py::class_<CompiledCode>(m, "CompiledCode")
      .def_readonly("chip", &CompiledCode::chip)
      .def_property_readonly(
          "code_object",
          [](const CompiledCode &code) { return py::bytes(code.codeObject); })
      .def_readonly("assembly", &CompiledCode::assembly)
      .def_readonly("kernels", &CompiledCode::kernels)
      .def_readonly("report_text", &CompiledCode::reportText)
      .def_readonly("report_json", &CompiledCode::reportJson);

  // Every call keeps the GIL: contexts run without threading, so their
  // uniquers take no locks, and modules of one context (the default one is
  // shared) must not be used from two threads at once.
  py::class_<Module>(m, "Module")
      .def_static(
          "parse",
          [](std::shared_ptr<Context> context, const std::string &text,
             const std::string &name) {
            Diagnostics diagnostics;
            std::unique_ptr<Module> module =
                Module::parse(std::move(context), text, name, diagnostics);
            check(module != nullptr, "cannot parse '" + name + "'",
                  diagnostics);
            return module;
          },
          py::arg("context"), py::arg("text"), py::arg("name"))
      .def(
          "print",
          [](const Module &module, bool generic, bool debugInfo) {
            return module.print({generic, debugInfo});
          },
          py::arg("generic") = false, py::arg("debug_info") = false)
      .def("verify",
           [](const Module &module) {
             Diagnostics diagnostics;
             check(module.verify(diagnostics), "verification failed",
                   diagnostics);
           })
      .def(
          "run_pipeline",
          [](Module &module, const std::string &pipeline) {
            Diagnostics diagnostics;
            check(module.runPipeline(pipeline, diagnostics),
                  "pass pipeline '" + pipeline + "' failed", diagnostics);
          },
          py::arg("pipeline"))
      .def(
          "compile",
          [](const Module &module, const CompileOptions &options) {
            CompiledCode code;
            Diagnostics diagnostics;
            check(module.compile(options, code, diagnostics),
                  "compiling for " + options.chip + " failed", diagnostics);
            return code;
          },
          py::arg("options"))
      .def(
          "compile_program",
          [](const Module &module, const CompileOptions &options) {
            std::vector<CompiledModule> modules;
            Diagnostics diagnostics;
            check(module.compileProgram(options, modules, diagnostics),
                  "compiling for " + options.chip + " failed", diagnostics);
            // (gpu.module name, CompiledCode), in the modules' order.
            py::list result;
            for (CompiledModule &compiled : modules)
              result.append(
                  py::make_tuple(compiled.name, std::move(compiled.code)));
            return result;
          },
          py::arg("options"))
      .def("clone", &Module::clone)
      .def("kernels", &Module::getKernels)
      .def(
          "interpret",
          [](const Module &module, InterpretOptions options,
             const std::vector<py::array_t<uint64_t, py::array::c_style |
                                                         py::array::forcecast>>
                 &arrays) {
            for (const auto &array : arrays)
              options.arguments.emplace_back(array.data(),
                                             array.data() + array.size());
            std::vector<std::vector<uint64_t>> outputs;
            std::vector<bool> written;
            Diagnostics diagnostics;
            check(module.interpret(options, outputs, written, diagnostics),
                  "interpreting kernel '" + options.kernel + "' failed",
                  diagnostics);
            py::list arraysOut;
            for (const std::vector<uint64_t> &bits : outputs)
              arraysOut.append(py::array_t<uint64_t>(bits.size(), bits.data()));
            return py::make_tuple(arraysOut, py::cast(written));
          },
          py::arg("options"), py::arg("arguments"));
}

//===- Linker.cpp - Links AMDGPU objects into HSA code objects ------------===//

#include "wave/Target/Linker.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlir::wave;

StringRef mlir::wave::getDefaultLinkerPath() { return WAVE_DEFAULT_LLD_PATH; }

std::optional<unsigned> mlir::wave::parseLldMajorVersion(StringRef output) {
  SmallVector<StringRef> matches;
  if (!Regex("LLD ([0-9]+)\\.[0-9]+").match(output, &matches))
    return std::nullopt;
  unsigned major;
  if (matches[1].getAsInteger(10, major))
    return std::nullopt;
  return major;
}

namespace {
/// A temporary file removed when it goes out of scope.
struct TempFile {
  SmallString<128> path;
  std::optional<FileRemover> remover;

  static Expected<TempFile> create(StringRef suffix) {
    TempFile file;
    if (std::error_code ec =
            sys::fs::createTemporaryFile("wave", suffix, file.path))
      return createStringError(ec, "cannot create a temporary file");
    file.remover.emplace(file.path);
    return file;
  }
};

/// The exit code and the merged output of one program run.
struct RunResult {
  int exitCode;
  std::string output;
};
} // namespace

static Expected<RunResult> runProgram(StringRef program,
                                      ArrayRef<StringRef> args) {
  Expected<TempFile> log = TempFile::create("log");
  if (!log)
    return log.takeError();
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(log->path),
                                          StringRef(log->path)};
  SmallVector<StringRef> argv = {program};
  argv.append(args.begin(), args.end());
  std::string message;
  int exitCode = sys::ExecuteAndWait(program, argv, /*Env=*/std::nullopt,
                                     redirects, /*SecondsToWait=*/0,
                                     /*MemoryLimit=*/0, &message);
  if (exitCode < 0)
    return createStringError(inconvertibleErrorCode(),
                             "cannot run '" + program + "': " + message);
  ErrorOr<std::unique_ptr<MemoryBuffer>> output =
      MemoryBuffer::getFile(log->path);
  return RunResult{exitCode, output ? (*output)->getBuffer().str() : ""};
}

Error mlir::wave::checkLinker(StringRef path) {
  if (!sys::fs::exists(path))
    return createStringError(inconvertibleErrorCode(),
                             "cannot find the linker '" + path + "'");
  if (!sys::fs::can_execute(path))
    return createStringError(inconvertibleErrorCode(),
                             "the linker '" + path + "' is not executable");
  Expected<RunResult> version = runProgram(path, {"--version"});
  if (!version)
    return version.takeError();
  StringRef firstLine = StringRef(version->output).split('\n').first.trim();
  std::optional<unsigned> major = parseLldMajorVersion(version->output);
  if (version->exitCode != 0 || !major)
    return createStringError(inconvertibleErrorCode(),
                             "'" + path +
                                 "' is not an LLVM ld.lld (its --version "
                                 "printed '" +
                                 firstLine + "')");
  if (*major < LLVM_VERSION_MAJOR)
    return createStringError(
        inconvertibleErrorCode(),
        "'" + path + "' is " + firstLine +
            ", too old for code objects of LLVM " + Twine(LLVM_VERSION_MAJOR) +
            " (it rejects them with \"unknown abi version\"); use the ld.lld "
            "of LLVM " +
            Twine(LLVM_VERSION_MAJOR) +
            " or newer, e.g. --lld-path=" + getDefaultLinkerPath());
  return Error::success();
}

Expected<std::string> mlir::wave::linkCodeObject(StringRef object,
                                                 StringRef linkerPath) {
  Expected<TempFile> input = TempFile::create("o");
  if (!input)
    return input.takeError();
  Expected<TempFile> output = TempFile::create("hsaco");
  if (!output)
    return output.takeError();
  {
    std::error_code ec;
    raw_fd_ostream os(input->path, ec);
    if (ec)
      return createStringError(ec, "cannot write '" + input->path + "'");
    os << object;
  }
  // The flags clang's HIP toolchain gives ld.lld for a device code object.
  Expected<RunResult> link =
      runProgram(linkerPath, {"-m", "elf64_amdgpu", "--no-undefined", "-shared",
                              "-o", output->path, input->path});
  if (!link)
    return link.takeError();
  if (link->exitCode != 0)
    return createStringError(inconvertibleErrorCode(),
                             "'" + linkerPath + "' failed:\n" +
                                 StringRef(link->output).rtrim());
  ErrorOr<std::unique_ptr<MemoryBuffer>> codeObject =
      MemoryBuffer::getFile(output->path);
  if (!codeObject)
    return createStringError(codeObject.getError(),
                             "cannot read the linked code object");
  return (*codeObject)->getBuffer().str();
}

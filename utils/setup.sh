#!/bin/sh
# Installs what a fresh Debian bookworm machine lacks (as root), configures
# the build in build/ and builds the given targets (default: everything).
#
#   utils/setup.sh [ninja targets...]
#
# `utils/setup.sh wave-bench` regenerates every benchmark table and chart.
# `utils/setup.sh wave-fuzz` builds the sanitized fuzzer in build-fuzz/
# (utils/fuzz.sh runs it); `WAVE_SANITIZE=1 utils/setup.sh check-wave` runs
# the test suite in a build with AddressSanitizer and UBSan, in build-asan/.
set -eu
cd "$(dirname "$0")/.."

PACKAGES="llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22 \
clang-tools-22 lld-22 libgtest-dev libbenchmark-dev cmake ninja-build ccache \
pybind11-dev python3-dev python3-numpy python3-pytest python3-matplotlib"

# The benchmark's hipcc peer (clang 15, ROCm 5.2: about 350 MB) is installed
# only when the benchmark is built.
case " $* " in
  *" wave-bench "*) PACKAGES="$PACKAGES hipcc" ;;
esac
# The sanitizer runtimes, and libFuzzer, only for the builds that use them.
BUILD=build
OPTIONS=""
case " $* " in
  *" wave-fuzz "*)
    PACKAGES="$PACKAGES libfuzzer-22-dev libclang-rt-22-dev"
    BUILD=build-fuzz
    OPTIONS="-DWAVE_ENABLE_FUZZER=ON" ;;
  *)
    if [ "${WAVE_SANITIZE:-0}" = 1 ]; then
      PACKAGES="$PACKAGES libclang-rt-22-dev"
      BUILD=build-asan
      OPTIONS="-DWAVE_ENABLE_SANITIZERS=ON"
    fi ;;
esac

missing=""
for package in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" ||
    missing="$missing $package"
done
if [ -n "$missing" ]; then
  echo "Installing:$missing"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
fi

cmake -G Ninja -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 $OPTIONS
ninja -C "$BUILD" -j2 "$@"

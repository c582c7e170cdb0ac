#!/bin/sh
# Fuzzes the tools' inputs for SECONDS seconds (default 60) on one worker:
# builds wave-fuzz (sanitized, in build-fuzz/; utils/setup.sh installs
# libFuzzer), writes the seed corpus from examples/ and test/, and runs the
# fuzzer in differential mode. Findings are written to
# build-fuzz/fuzz/artifacts/ and make the command fail.
#
#   utils/fuzz.sh [SECONDS] [libFuzzer flags...]
#
# WAVE_FUZZ_SEED_BYTES=N keeps only the seeds of at most N bytes (CI's smoke
# run: the GEMMs, whose every pipeline takes minutes sanitized, stay out).
# WAVE_FUZZ_SOURCES="PATH..." takes the seeds from those kernel files or
# directories instead of examples/ and test/, and WAVE_FUZZ_CORPUS=DIR keeps
# the corpus there instead of build-fuzz/fuzz/corpus/: a run focused on the
# inputs of a few passes mutates them, where loading the whole corpus (some
# 8,800 inputs, 15 minutes sanitized) can take all of a run's time.
#
# The corpus grows from run to run. docs/Fuzzing.md describes the target and
# how to reproduce a finding.
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift

utils/setup.sh wave-fuzz
dir=build-fuzz/fuzz
corpus=${WAVE_FUZZ_CORPUS:-$dir/corpus}
mkdir -p "$corpus" "$dir/artifacts"
rm -rf "$dir/seeds"
# shellcheck disable=SC2086 # the sources are a list of paths
/usr/bin/python3 utils/fuzz-corpus.py --max-bytes "${WAVE_FUZZ_SEED_BYTES:-32768}" \
  "$dir/seeds" ${WAVE_FUZZ_SOURCES:-examples test}

# -timeout (wall time): most inputs run in milliseconds, but the 128-tile
# GEMM seed through every pipeline, with the sanitized interpreter before and
# after each, takes about a minute of CPU, which builds running beside the
# fuzzer stretched to 342 s; ten minutes mean a hang.
# -rss_limit_mb: a few hundred MB of LDS tables and buffers at most.
exec build-fuzz/bin/wave-fuzz "$corpus" "$dir/seeds" \
  -max_total_time="$seconds" -timeout=600 -rss_limit_mb=2048 \
  -max_len=32768 -print_final_stats=1 -artifact_prefix="$dir/artifacts/" \
  "$@" --differential

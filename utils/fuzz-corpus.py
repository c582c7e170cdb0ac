#!/usr/bin/env python3
"""Writes the seed corpus of wave-fuzz: every kernel file (*.mlir) of the
sources given, directories searched recursively (examples/ and test/ for
the whole corpus), split at `// -----` like -split-input-file, without its
comment lines (RUN and CHECK lines would only make the inputs longer). One
file per distinct input, named by its hash. --max-bytes keeps only the
smaller inputs: CI's smoke run leaves out the GEMMs, whose every pipeline
under the sanitizers takes minutes.

    utils/fuzz-corpus.py [--max-bytes N] OUTPUT_DIR SOURCE...
"""
import argparse
import hashlib
import pathlib

MAX_BYTES = 32 * 1024  # what wave-fuzz accepts


def inputs(path):
    text = path.read_text(errors="replace")
    for chunk in text.split("// -----"):
        lines = [line for line in chunk.splitlines()
                 if not line.lstrip().startswith("//")]
        body = "\n".join(lines).strip()
        if body:
            yield body + "\n"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--max-bytes", type=int, default=MAX_BYTES)
    parser.add_argument("output_dir")
    parser.add_argument("sources", nargs="+",
                        help="kernel files, or directories to search")
    args = parser.parse_args()
    max_bytes = min(args.max_bytes, MAX_BYTES)
    out = pathlib.Path(args.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for source in map(pathlib.Path, args.sources):
        if not source.exists():
            parser.error(f"no such file or directory: {source}")
        paths = [source] if source.is_file() else sorted(source.rglob("*.mlir"))
        for path in paths:
            for body in inputs(path):
                data = body.encode()
                if len(data) > max_bytes:
                    continue
                name = hashlib.sha1(data).hexdigest()
                target = out / name
                if not target.exists():
                    target.write_bytes(data)
                    written += 1
    print(f"{written} seed inputs in {out}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the seed corpus of wave-fuzz: every kernel file of examples/ and
test/ (*.mlir), split at `// -----` like -split-input-file, without its
comment lines (RUN and CHECK lines would only make the inputs longer). One
file per distinct input, named by its hash.

    utils/fuzz-corpus.py OUTPUT_DIR SOURCE_DIR...
"""
import hashlib
import pathlib
import sys

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
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for source in sys.argv[2:]:
        for path in sorted(pathlib.Path(source).rglob("*.mlir")):
            for body in inputs(path):
                data = body.encode()
                if len(data) > MAX_BYTES:
                    continue
                name = hashlib.sha1(data).hexdigest()
                target = out / name
                if not target.exists():
                    target.write_bytes(data)
                    written += 1
    print(f"{written} seed inputs in {out}")


if __name__ == "__main__":
    main()

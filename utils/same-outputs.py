#!/usr/bin/env python3
"""Checks that a refactoring changed no output: runs `wave-opt --wave-optimize`
and `wave-compile --emit=asm` of two builds on every example and test kernel
(every .mlir under examples/ and test/ holding a `wave.kernel`) and reports
the inputs whose outputs differ, errors included.

    utils/same-outputs.py OLD_BIN_DIR NEW_BIN_DIR [-j N]
"""
import argparse
import concurrent.futures
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(tool, args, timeout=300):
    try:
        done = subprocess.run([tool] + args, capture_output=True, timeout=timeout)
        return done.returncode, done.stdout, done.stderr.replace(
            str(pathlib.Path(tool).parent).encode(), b"<bin>")
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""


def outputs(bin_dir, path):
    bin_dir = pathlib.Path(bin_dir)
    return (run(str(bin_dir / "wave-opt"), ["--wave-optimize", str(path)]),
            run(str(bin_dir / "wave-compile"),
                ["--emit=asm", "-o", "-", str(path)]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("-j", type=int, default=2)
    args = parser.parse_args()
    inputs = sorted(p for folder in ("examples", "test")
                    for p in (ROOT / folder).rglob("*.mlir")
                    if "wave.kernel" in p.read_text(errors="replace"))

    def compare(path):
        return path, outputs(args.old, path) == outputs(args.new, path)

    differ = []
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for path, same in pool.map(compare, inputs):
            if not same:
                differ.append(path.relative_to(ROOT))
    for path in differ:
        print(f"differs: {path}")
    print(f"{len(inputs) - len(differ)} of {len(inputs)} inputs give "
          f"identical wave-opt --wave-optimize and wave-compile output")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

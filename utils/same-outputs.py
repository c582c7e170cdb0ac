#!/usr/bin/env python3
"""Checks that a refactoring changed no output: runs `wave-opt --wave-optimize`
and `wave-compile --emit=asm` of two builds on every example and test kernel
(every .mlir under examples/ and test/ holding a `gpu.func`, compiled for
the first chip the file names, else gfx942) and reports the inputs whose
outputs differ, errors included.

    utils/same-outputs.py OLD_BIN_DIR NEW_BIN_DIR [-j N]

Two commits need not be built side by side: record each build's outputs on
its own checkout's kernels, then compare the records. Only kernels whose
source is the same in both checkouts are compared; the rest are counted.

    utils/same-outputs.py --record BIN_DIR --root CHECKOUT -o A.json
    utils/same-outputs.py --compare A.json B.json
"""
import argparse
import concurrent.futures
import hashlib
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(tool, args, root, timeout=300):
    try:
        done = subprocess.run([tool] + args, capture_output=True,
                              timeout=timeout, cwd=root)
        stderr = done.stderr.replace(
            str(pathlib.Path(tool).parent).encode(), b"<bin>")
        return done.returncode, done.stdout, stderr
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""


def outputs(bin_dir, root, path):
    bin_dir = pathlib.Path(bin_dir)
    relative = str(path.relative_to(root))
    named = re.search(r'chip = "(gfx\w+)"', path.read_text(errors="replace"))
    chip = ["--chip=" + (named.group(1) if named else "gfx942")]
    return (run(str(bin_dir / "wave-opt"), ["--wave-optimize", relative], root),
            run(str(bin_dir / "wave-compile"),
                ["--emit=asm", "-o", "-", relative] + chip, root))


def kernels(root):
    return sorted(p for folder in ("examples", "test")
                  for p in (root / folder).rglob("*.mlir")
                  if "gpu.func" in p.read_text(errors="replace"))


def digest(outs):
    hasher = hashlib.sha256()
    for code, stdout, stderr in outs:
        for part in (str(code).encode(), stdout, stderr):
            hasher.update(len(part).to_bytes(8, "little") + part)
    return hasher.hexdigest()


def record(bin_dir, root, jobs):
    def one(path):
        return (str(path.relative_to(root)),
                {"input": hashlib.sha256(path.read_bytes()).hexdigest(),
                 "output": digest(outputs(bin_dir, root, path))})

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        return dict(pool.map(one, kernels(root)))


def compare_records(old, new):
    common = [p for p in sorted(old)
              if p in new and old[p]["input"] == new[p]["input"]]
    differ = [p for p in common if old[p]["output"] != new[p]["output"]]
    for path in differ:
        print(f"differs: {path}")
    changed = sum(1 for p in old if p in new) - len(common)
    print(f"{len(common) - len(differ)} of {len(common)} kernels with the same "
          f"source give identical wave-opt --wave-optimize and wave-compile "
          f"output ({changed} with a changed source, "
          f"{len(old.keys() ^ new.keys())} in one checkout only, not compared)")
    return 1 if differ else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", nargs="?")
    parser.add_argument("new", nargs="?")
    parser.add_argument("-j", type=int, default=2)
    parser.add_argument("--record", metavar="BIN_DIR")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT)
    parser.add_argument("-o", "--output", type=pathlib.Path)
    parser.add_argument("--compare", nargs=2, metavar="RECORD")
    args = parser.parse_args()
    root = args.root.resolve()
    if args.record:
        if not args.output:
            parser.error("--record needs -o")
        args.output.write_text(json.dumps(record(args.record, root, args.j),
                                          indent=1, sort_keys=True))
        return 0
    if args.compare:
        old, new = (json.loads(pathlib.Path(p).read_text())
                    for p in args.compare)
        return compare_records(old, new)
    if not args.old or not args.new:
        parser.error("needs OLD_BIN_DIR NEW_BIN_DIR, --record or --compare")
    return compare_records(record(args.old, root, args.j),
                           record(args.new, root, args.j))


if __name__ == "__main__":
    sys.exit(main())

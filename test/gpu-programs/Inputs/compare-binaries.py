"""Compares the objects of the gpu.binary ops in an MLIR file with files.

    compare-binaries.py PROGRAM.mlir DIR

For every `gpu.binary @NAME [#gpu.object<..., bin = "...">]` of PROGRAM.mlir
(as wave-opt prints it after gpu-module-to-binary), compares the object's
bytes with DIR/NAME.hsaco, the code object wave-compile made for the
gpu.module NAME, and prints one line per binary. Exits with 1 on a
difference or a missing file.
"""

import os
import re
import sys


def unescape(text):
    """The bytes of an MLIR string literal's body as MLIR prints it:
    printable characters as they are, `\\\\` for a backslash, `\\HH` for any
    other byte."""
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out += c.encode("latin-1")
            i += 1
        elif text[i + 1] == "\\":
            out.append(0x5C)
            i += 2
        else:
            out.append(int(text[i + 1 : i + 3], 16))
            i += 3
    return bytes(out)


def main():
    program, directory = sys.argv[1:3]
    text = open(program, encoding="latin-1").read()
    binaries = re.findall(
        r'gpu\.binary @([\w$.]+)\s*\[#gpu\.object<.*?bin = "((?:[^"\\]|\\.)*)"',
        text,
    )
    if not binaries:
        print("no gpu.binary in " + program)
        return 1
    status = 0
    for name, body in binaries:
        path = os.path.join(directory, name + ".hsaco")
        if not os.path.exists(path):
            print("@%s: no %s" % (name, path))
            status = 1
            continue
        expected = open(path, "rb").read()
        actual = unescape(body)
        if actual == expected:
            print("@%s: the code object wave-compile makes (%d bytes)"
                  % (name, len(actual)))
        else:
            print("@%s: differs from %s (%d bytes against %d)"
                  % (name, path, len(actual), len(expected)))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())

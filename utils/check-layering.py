#!/usr/bin/env python3
"""Checks that every library includes only the libraries below it.

The project's libraries are the folders of lib/ (with their headers under
include/wave/). Each may include the headers of the libraries RULES lists for
it and no other; LLVM's code generator is reserved for the back end and the
compile driver. docs/Architecture.md explains the layers; `--table` prints the
rules in the form that page shows them, and a lit test keeps the two equal.

Exit status 1, with one `file:line: error: ...` per offending include, if a
library breaks a rule or a folder has no rule.
"""

import argparse
import os
import re
import sys

# Library (folder under lib/ and include/wave/) -> libraries it may include.
# "Analysis" in a list allows every folder of the analyses.
RULES = {
    "Chip": [],
    "Support": [],
    "Dialect/Wave/IR": ["Chip"],
    # The analyses, one library in folders by concern: a folder may include
    # the folders listed, private headers ("../Footprint/X.h") included.
    "Analysis/Uniformity": ["Dialect/Wave/IR", "Chip"],
    "Analysis/Footprint": ["Analysis/Uniformity", "Dialect/Wave/IR", "Chip"],
    "Analysis/Lds": ["Analysis/Footprint", "Analysis/Uniformity",
                     "Dialect/Wave/IR", "Chip"],
    "Analysis/Staging": ["Analysis/Footprint", "Analysis/Uniformity",
                         "Dialect/Wave/IR", "Chip"],
    "Analysis/Registers": ["Dialect/Wave/IR", "Chip"],
    "Dialect/Wave/Transforms": ["Analysis", "Dialect/Wave/IR", "Chip"],
    "Conversion": ["Analysis", "Dialect/Wave/IR", "Chip"],
    "Pipelines": ["Conversion", "Dialect/Wave/Transforms", "Analysis",
                  "Dialect/Wave/IR", "Chip"],
    # interpret() expands MMA fragment accesses (wave-expand-fragments).
    "Interpreter": ["Dialect/Wave/Transforms", "Analysis", "Dialect/Wave/IR",
                    "Chip"],
    "Target": ["Chip"],
    "Compiler": ["Pipelines", "Target", "Conversion",
                 "Dialect/Wave/Transforms", "Analysis", "Dialect/Wave/IR",
                 "Chip"],
    # The registration headers of the tools (include/wave/*.h).
    "InitAllDialects.h": ["Dialect/Wave/IR"],
    "InitAllPasses.h": ["Conversion", "Dialect/Wave/Transforms", "Pipelines"],
}

# Headers of LLVM's code generator and object tools: only the back end and
# the driver that calls it may use them.
CODEGEN_HEADERS = re.compile(
    r"llvm/(Target|CodeGen|MC|Object|Passes|Linker)/|mlir/Target/LLVMIR/Export")
CODEGEN_USERS = {"Target", "Compiler"}

INCLUDE = re.compile(r'^\s*#?\s*include\s+[<"]([^">]+)[">]')
SOURCES = (".h", ".cpp", ".td", ".inc", ".def")


def library_of(relative):
    """The library a path under include/wave/ or lib/ belongs to."""
    parts = relative.split("/")
    if parts[0] == "Dialect":
        return "/".join(parts[:3])
    if parts[0] == "Analysis" and len(parts) > 2:
        return "/".join(parts[:2])
    return parts[0]


def may_use(allowed, used):
    """Whether a library allowed `allowed` may include library `used`."""
    return any(used == a or used.startswith(a + "/") for a in allowed)


def check(source_dir):
    errors = []
    for top, prefix in (("include/wave", "include/wave/"), ("lib", "lib/")):
        root = os.path.join(source_dir, top)
        for directory, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(SOURCES):
                    continue
                path = os.path.join(directory, name)
                relative = os.path.relpath(path, source_dir)
                library = library_of(relative[len(prefix):])
                if library not in RULES:
                    errors.append(f"{relative}:1: error: library '{library}' "
                                  "has no layering rule in "
                                  "utils/check-layering.py")
                    continue
                allowed = set(RULES[library]) | {library}
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        header = match.group(1)
                        used = None
                        if header.startswith("wave/"):
                            used = library_of(header[len("wave/"):])
                        else:
                            # A private header beside the source or in
                            # another folder of its library.
                            local = os.path.relpath(os.path.normpath(
                                os.path.join(directory, header)), root)
                            if (not local.startswith("..") and
                                    os.path.isfile(os.path.join(root, local))):
                                used = library_of(local)
                        if used is not None:
                            if not may_use(allowed, used):
                                may = ", ".join(RULES[library]) or "nothing"
                                errors.append(
                                    f"{relative}:{number}: error: {library} "
                                    f"may not include {header} ({used}); "
                                    f"it may include {may}")
                        elif (CODEGEN_HEADERS.match(header) and
                              library not in CODEGEN_USERS):
                            errors.append(
                                f"{relative}:{number}: error: {library} may "
                                f"not include {header}: LLVM's code generator "
                                "belongs to the back end (lib/Target)")
    return errors


def table():
    lines = ["| library | may include |", "|---|---|"]
    for library, allowed in RULES.items():
        lines.append(f"| {library} | {', '.join(allowed) or '(none)'} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), os.pardir))
    parser.add_argument("--stamp", help="file to touch when the check passes")
    parser.add_argument("--table", action="store_true",
                        help="print the rules as a Markdown table")
    parser.add_argument("--check-doc", metavar="MARKDOWN",
                        help="fail unless MARKDOWN shows the rules' table")
    args = parser.parse_args()
    if args.table:
        print(table())
        return 0
    if args.check_doc:
        with open(args.check_doc, encoding="utf-8") as f:
            if table() not in f.read():
                print(f"{args.check_doc}: error: the layering table differs "
                      "from utils/check-layering.py --table", file=sys.stderr)
                return 1
        return 0
    errors = check(os.path.abspath(args.source_dir))
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        return 1
    if args.stamp:
        with open(args.stamp, "w"):
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

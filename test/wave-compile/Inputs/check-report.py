"""Checks a `wave-compile --resource-usage=json` report against the code
object's metadata as `llvm-readelf --notes` prints it and, when given, against
the occupancy LLVM's backend reports (`llc -pass-remarks-analysis=
kernel-resource-usage`). Prints one line per kernel and fails on a mismatch.

usage: check-report.py REPORT.json NOTES.txt [LLC-REMARKS.txt]
"""

import json
import re
import sys

# Report field -> metadata key.
FIELDS = {
    "vgpr_count": ".vgpr_count",
    "agpr_count": ".agpr_count",
    "sgpr_count": ".sgpr_count",
    "vgpr_spill_count": ".vgpr_spill_count",
    "sgpr_spill_count": ".sgpr_spill_count",
    "group_segment_fixed_size": ".group_segment_fixed_size",
    "private_segment_fixed_size": ".private_segment_fixed_size",
    "wavefront_size": ".wavefront_size",
}


def read_notes(path):
    """The scalar entries of each `amdhsa.kernels` element, by kernel name."""
    kernels, current = {}, None
    for line in open(path):
        start = re.match(r"^  - ", line)
        entry = re.match(r"^(?:  - |    )(\.[a-z_]+):\s+(\S+)$", line)
        if start:
            current = {}
        if entry and current is not None:
            current[entry.group(1)] = entry.group(2)
            if entry.group(1) == ".name":
                kernels[entry.group(2)] = current
    return kernels


def read_backend_occupancy(path):
    """Occupancy by kernel name from the backend's remarks."""
    occupancy, name = {}, None
    for line in open(path):
        found = re.search(r"Function Name: (\S+)", line)
        if found:
            name = found.group(1)
        found = re.search(r"Occupancy \[waves/SIMD\]: (\d+)", line)
        if found:
            occupancy[name] = int(found.group(1))
    return occupancy


def main():
    report = json.load(open(sys.argv[1]))
    notes = read_notes(sys.argv[2])
    backend = read_backend_occupancy(sys.argv[3]) if len(sys.argv) > 3 else {}
    failed = False
    for kernel in report["kernels"]:
        name = kernel["name"]
        metadata = notes[name]
        for field, key in FIELDS.items():
            if key not in metadata and field not in kernel:
                continue
            if str(kernel.get(field)) != metadata.get(key):
                print(f"{name}: {field} is {kernel.get(field)}, "
                      f"the note says {metadata.get(key)}")
                failed = True
        if backend and backend[name] != kernel["occupancy"]:
            print(f"{name}: occupancy {kernel['occupancy']}, "
                  f"the backend says {backend[name]}")
            failed = True
        print(f"{name}: matches, occupancy {kernel['occupancy']} "
              f"({kernel['occupancy_limiter']})")
    if len(report["kernels"]) != len(notes):
        print("the report and the notes list different kernels")
        failed = True
    sys.exit(1 if failed else 0)


main()

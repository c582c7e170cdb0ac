#!/usr/bin/env python3
"""Runs every wave-mlir test (lit, GoogleTest through lit, Python) and ends
with one line `N passed, N failed`. Exit status 0 only when nothing failed."""
import argparse
import os
import subprocess
import sys
import xml.etree.ElementTree as ET


def count(xml_path):
    """(passed, failed, skipped) from a JUnit XML report."""
    if not os.path.exists(xml_path):
        return 0, 0, 0
    passed = failed = skipped = 0
    for case in ET.parse(xml_path).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--lit", required=True)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--preload",
                        help="sanitizer runtime the Python interpreter must "
                             "load first (sanitized builds)")
    args = parser.parse_args()

    totals = [0, 0, 0]
    problems = 0

    lit_xml = os.path.join(args.build_dir, "lit-results.xml")
    if os.path.exists(lit_xml):
        os.remove(lit_xml)
    lit = subprocess.run([args.lit, "-sv", "--xunit-xml-output", lit_xml,
                          os.path.join(args.build_dir, "test"),
                          os.path.join(args.build_dir, "unittests")])
    results = count(lit_xml)
    if lit.returncode != 0 and results[1] == 0:
        problems += 1  # lit itself failed (bad configuration)
    totals = [a + b for a, b in zip(totals, results)]

    python_tests = os.path.join(args.source_dir, "python", "tests")
    python_build = os.path.join(args.build_dir, "python")
    if os.path.isdir(python_tests):
        py_xml = os.path.join(args.build_dir, "python-results.xml")
        if os.path.exists(py_xml):
            os.remove(py_xml)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [python_build, env.get("PYTHONPATH", "")])
        env["WAVE_BUILD_DIR"] = args.build_dir
        if args.preload:
            # The interpreter itself is not instrumented: its allocations
            # are not leaks of ours.
            env["LD_PRELOAD"] = args.preload
            env["ASAN_OPTIONS"] = ":".join(
                filter(None, [env.get("ASAN_OPTIONS"), "detect_leaks=0"]))
        pytest = subprocess.run([args.python, "-m", "pytest", "-q",
                                 "--junitxml", py_xml, python_tests], env=env)
        results = count(py_xml)
        if pytest.returncode not in (0, 1) and results[1] == 0:
            problems += 1  # pytest could not collect or run
        totals = [a + b for a, b in zip(totals, results)]

    passed, failed, skipped = totals
    failed += problems
    if skipped:
        print(f"{skipped} skipped or unsupported")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

"""docs/Python.md's code runs exactly as written: its Python blocks execute
in order in one namespace, in a scratch directory."""
import os
import re

import paths

DOC = os.path.join(paths.DOCS_DIR, "Python.md")


def python_blocks():
    """(first line, code) of every ```python block of the page."""
    text = open(DOC, encoding="utf-8").read()
    return [(text.count("\n", 0, m.start(1)), m.group(1))
            for m in re.finditer(r"^```python\n(.*?)^```$", text,
                                 re.S | re.M)]


def test_quick_start_runs_as_written(tmp_path, monkeypatch):
    blocks = python_blocks()
    assert len(blocks) >= 4
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "quickstart"}
    for line, code in blocks:
        # Padding keeps tracebacks at the page's line numbers.
        exec(compile("\n" * line + code, DOC, "exec"), namespace)
    assert (tmp_path / "gemm.hsaco").read_bytes() == bytes(namespace["code"])

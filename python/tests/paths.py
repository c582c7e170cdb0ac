"""Where the checkout, the build tree and its tools are: WAVE_BUILD_DIR (set
by utils/run-tests.py), else <checkout>/build."""
import os

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
BUILD_DIR = os.environ.get("WAVE_BUILD_DIR") or os.path.join(SOURCE_DIR,
                                                              "build")
EXAMPLES_DIR = os.path.join(SOURCE_DIR, "examples")
DOCS_DIR = os.path.join(SOURCE_DIR, "docs")


def example(name):
    return os.path.join(EXAMPLES_DIR, name)


def tool(name):
    """The path of a wave tool in the build tree, or None."""
    path = os.path.join(BUILD_DIR, "bin", name)
    return path if os.access(path, os.X_OK) else None

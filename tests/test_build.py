"""A build from source without a C compiler stops at once with a message saying so
(skipped where setup.py is not beside the tests, e.g. cibuildwheel's copy of tests/,
and on Windows, where setuptools' own MSVC error says it)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

SETUP = Path(__file__).resolve().parents[1] / "setup.py"


@pytest.mark.skipif(not SETUP.exists(), reason="setup.py is not beside tests/")
@pytest.mark.skipif(sys.platform == "win32", reason="MSVC: setuptools reports the missing compiler itself")
def test_build_without_a_c_compiler_says_so(tmp_path):
    pytest.importorskip("Cython")
    result = subprocess.run(
        [sys.executable, str(SETUP), "-q", "build_ext", "--build-temp", str(tmp_path / "temp"),
         "--build-lib", str(tmp_path / "lib")],
        cwd=SETUP.parent, capture_output=True, text=True, env={**os.environ, "CC": "no-such-c-compiler"},
    )
    assert result.returncode != 0
    assert "building it from source needs a C compiler, and 'no-such-c-compiler' was not found" in result.stderr
    assert not (tmp_path / "temp").exists()  # stopped before generating or compiling anything

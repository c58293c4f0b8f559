"""``mypy --strict`` on a user's script: the public API, lazily loaded names included,
is typed, and typing mistakes are caught (skipped when mypy is not installed)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")

SCRIPTS = Path(__file__).parent / "typing"


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory):
    """mypy --strict's errors on both scripts (one run: checking numpy's stubs dominates)."""
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path_factory.mktemp("mypy")),
                             str(SCRIPTS / "user_script.py"), str(SCRIPTS / "user_mistake.py")],
                            capture_output=True, text=True)
    assert "error" not in result.stderr, result.stderr
    return [line for line in result.stdout.splitlines() if ": error:" in line]


def test_user_script_passes_mypy_strict(mypy_errors):
    assert [e for e in mypy_errors if "user_script.py" in e] == []


def test_mypy_strict_catches_mistakes(mypy_errors):
    found = [m.groups() for m in (re.search(r"user_mistake\.py:(\d+): error: .*\[([a-z-]+)\]$", e) for e in mypy_errors) if m]
    # a misspelt method of a lazily loaded class, a uint8 result taken for uint16, a str seat
    assert found == [("10", "attr-defined"), ("11", "assignment"), ("12", "arg-type")], mypy_errors

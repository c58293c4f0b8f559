"""The repository tracks sources only: no build output (Cython's C, objects,
extensions, setuptools' temporary folders, built docs) is ever committed. Skipped
outside a git checkout (an sdist, cibuildwheel's copy of tests/)."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# What a build writes. Hand-written C lives in csrc/ and tools/ only; every .c under
# src/ is Cython's output.
GENERATED = re.compile(
    r"(^src/.*\.c$)|(\.(o|so|pyd|obj|dll|dylib)$)|(^src/tmp[^/]*/)|(^docs/_build/)|(^build/)|(\.egg-info/)"
)


def tracked_files() -> list:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    result = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip(f"git ls-files failed: {result.stderr.strip()}")
    return result.stdout.splitlines()


def test_no_generated_file_is_tracked():
    generated = [path for path in tracked_files() if GENERATED.search(path)]
    assert generated == [], f"build output is tracked by git (git rm --cached it): {generated}"


@pytest.mark.parametrize("path", ["src/pokerhash/engine/hand.c", "src/tmpx/a/hand.o", "src/pokerhash/_core.so", "docs/_build/html/index.html"])
def test_the_pattern_catches_build_output(path):
    assert GENERATED.search(path)


@pytest.mark.parametrize("path", ["csrc/eval.c", "tools/rank_bases.c", "src/pokerhash/cards.py", "docs/conf.py"])
def test_the_pattern_spares_sources(path):
    assert not GENERATED.search(path)

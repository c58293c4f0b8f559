"""The README's Python examples run as written (skipped where the README is not
beside the tests, e.g. cibuildwheel's copy of tests/)."""

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks():
    if not README.exists():
        return []
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


@pytest.mark.skipif(not README.exists(), reason="README.md is not beside tests/")
def test_readme_has_python_examples():
    assert len(python_blocks()) >= 2


@pytest.mark.parametrize("code", python_blocks())
def test_readme_example_runs(code):
    exec(compile(code, str(README), "exec"), {})


@pytest.mark.skipif(not README.exists(), reason="README.md is not beside tests/")
def test_readme_names_every_public_name():
    import pokerhash

    text = README.read_text(encoding="utf-8")
    assert [name for name in pokerhash.__all__ if not re.search(rf"\b{name}\b", text)] == []

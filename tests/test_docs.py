"""The documentation covers every public name: each has an autodoc entry on some page
of docs/ and a line in the API reference. (The pages' code runs in the Sphinx doctest
build of .ci/run; skipped where docs/ is not beside the tests, e.g. cibuildwheel's
copy of tests/.)"""

import re
from pathlib import Path

import pytest

import pokerhash
import pokerhash.betting
import pokerhash.pots

DOCS = Path(__file__).resolve().parents[1] / "docs"
pytestmark = pytest.mark.skipif(not DOCS.is_dir(), reason="docs/ is not beside tests/")

MODULES = {"betting": pokerhash.betting, "pots": pokerhash.pots}


def public_names():
    """Every public name as ``module path.name``; the top level's own names under
    ``pokerhash``, the rest of the betting and pot layers under their modules."""
    names = {f"pokerhash.{name}" for name in pokerhash.__all__ if name not in MODULES}
    for module_name, module in MODULES.items():
        names |= {f"pokerhash.{module_name}.{name}" for name in module.__all__ if name not in pokerhash.__all__}
    return names


def documented(directive: str):
    text = "\n".join(page.read_text(encoding="utf-8") for page in DOCS.rglob("*.rst"))
    return set(re.findall(rf"^\.\. {directive}:: (pokerhash[\w.]*)", text, flags=re.M))


def test_every_public_name_has_an_autodoc_entry():
    entries = documented(r"auto(?:function|class|exception|data|attribute|method)")
    assert sorted(public_names() - entries) == []


def test_every_public_name_is_in_the_api_reference():
    listed = set(re.findall(r"^   (pokerhash\.[\w.]+)$", (DOCS / "reference" / "api.rst").read_text(encoding="utf-8"), flags=re.M))
    assert sorted(public_names() - listed) == []
    assert sorted(listed - public_names()) == []


def test_rules_sections_cited_by_docstrings_exist():
    """Docstrings cite the rules page as "(rules: Section title)"; every title exists."""
    titles = set(re.findall(r"^(.+)\n[-~]+\n", (DOCS / "rules.rst").read_text(encoding="utf-8"), flags=re.M))
    source = Path(pokerhash.__file__).parent
    cited = set()
    for path in source.glob("*.py*"):
        for match in re.finditer(r"rules: ([^);]+)(?:; ([^)]+))?\)", path.read_text(encoding="utf-8")):
            cited |= {title.strip() for title in match.groups() if title}
    assert cited and sorted(cited - titles) == []

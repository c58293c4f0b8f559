"""The documentation covers every public name: each has an autodoc entry on some page
of docs/ and a line in the API reference. (The pages' code runs in the Sphinx doctest
build of .ci/run; skipped where docs/ is not beside the tests, e.g. cibuildwheel's
copy of tests/.)"""

import importlib
import re
import types
from pathlib import Path

import pytest

import pokerhash

DOCS = Path(__file__).resolve().parents[1] / "docs"
pytestmark = pytest.mark.skipif(not DOCS.is_dir(), reason="docs/ is not beside tests/")

def public_objects():
    """Every public object by a name under which users reach it: the top level's
    names, and the ``__all__`` of each public module the top level names (modules
    themselves are documented through their members)."""
    found = {}
    for name in pokerhash.__all__:
        value = getattr(pokerhash, name)
        if isinstance(value, types.ModuleType):
            found.update({f"pokerhash.{name}.{member}": getattr(value, member) for member in module_names(value)})
        else:
            found[f"pokerhash.{name}"] = value
    by_id = {}
    for path, value in sorted(found.items(), key=lambda item: len(item[0])):
        by_id.setdefault(id(value), (path, value))  # the shortest name of each object
    return dict(by_id.values())


def module_names(module: types.ModuleType):
    """A module's ``__all__``, or else the functions and classes it defines."""
    if hasattr(module, "__all__"):
        return module.__all__
    return [name for name, value in vars(module).items()
            if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__]


def resolve(path: str):
    """The object a dotted documentation target names (None if it names nothing)."""
    module, _, rest = path.partition(".")
    value = importlib.import_module(module)
    for part in rest.split(".") if rest else []:
        try:
            value = getattr(value, part)
        except AttributeError:
            try:
                value = importlib.import_module(f"{value.__name__}.{part}")
            except (ImportError, AttributeError):
                return None
    return value


def targets(pattern: str, pages):
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages)
    return {id(resolve(path)) for path in re.findall(pattern, text, flags=re.M)}


def test_every_public_name_has_an_autodoc_entry():
    documented = targets(r"^\.\. auto(?:function|class|exception|data|attribute|method):: (pokerhash[\w.]*)", DOCS.rglob("*.rst"))
    missing = [path for path, value in public_objects().items() if id(value) not in documented]
    assert missing == [], "document them on the page of their area (.. autofunction:: and so on)"


def test_every_public_name_is_in_the_api_reference():
    listed = targets(r"^   (pokerhash\.[\w.]+)$", [DOCS / "reference" / "api.rst"])
    missing = [path for path, value in public_objects().items() if id(value) not in listed]
    assert missing == [], "list them in docs/reference/api.rst"


def cited_sources():
    """The package's sources (every subpackage, .py/.pyx/.pxd/.pxi/.pyi) and, in a
    checkout, the C kernels and their table generators."""
    source = Path(pokerhash.__file__).parent
    paths = [p for p in source.rglob("*") if p.suffix in (".py", ".pyx", ".pxd", ".pxi", ".pyi")]
    csrc = DOCS.parent / "csrc"
    if csrc.is_dir():
        paths += [p for p in csrc.rglob("*") if p.suffix in (".h", ".c", ".py")]
    return paths


def test_rules_sections_cited_by_docstrings_exist():
    """Docstrings cite the rules page as "(rules: Section title; Other title)"; every
    title exists."""
    titles = set(re.findall(r"^(.+)\n[-~]+\n", (DOCS / "rules.rst").read_text(encoding="utf-8"), flags=re.M))
    cited = set()
    for path in cited_sources():
        for match in re.finditer(r"rules: ([^);:]+)((?:; [^);:]+)*)", path.read_text(encoding="utf-8")):
            more = [title for title in match.group(2).split("; ") if title]
            cited |= {" ".join(title.split()) for title in [match.group(1)] + more}
    # "(rules: The games and their flow, five-card draw)": a section, then what in it.
    unknown = [title for title in cited
               if not any(title == t or title.startswith(t + ", ") for t in titles)]
    assert cited and sorted(unknown) == []


def test_rules_are_cited_by_section_not_by_a_file_the_package_lacks():
    """No "RULES.md §5" or "RULES §5": the rule book ships as docs/rules.rst, whose
    sections have titles, not numbers."""
    stale = [f"{path.name}:{number}" for path in cited_sources()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bRULES\b|§", line)]
    assert stale == [], "cite the rules as (rules: Section title)"

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
    """No "RULES.md §5" or "RULES §5", in the package nor in the tests: the rule book
    ships as docs/rules.rst, whose sections have titles, not numbers."""
    tests = [path for path in Path(__file__).resolve().parent.glob("*.py") if path.name != Path(__file__).name]
    stale = [f"{path.name}:{number}" for path in cited_sources() + tests
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bRULES\b|§", line)]
    assert stale == [], "cite the rules as (rules: Section title)"


def code_blocks(page: Path):
    """``(line, code)`` of each ``.. testcode::`` block of a page."""
    lines = page.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith(".. testcode::"):
            start = i + 1
            i += 1
            while i < len(lines) and lines[i].startswith("   :"):
                i += 1
            body = []
            while i < len(lines) and (lines[i].startswith("   ") or not lines[i].strip()):
                body.append(lines[i][3:])
                i += 1
            yield start, "\n".join(body)
        else:
            i += 1


def free_names(code: str):
    """The names a block reads that it neither defines nor imports (nor are builtins)."""
    import ast
    import builtins

    tree = ast.parse(code)
    bound = set(dir(builtins))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            bound |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
            bound |= {arg.arg for arg in node.args.args} if isinstance(node, ast.FunctionDef) else set()
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return sorted({node.id for node in ast.walk(tree) if isinstance(node, ast.Name)
                   and isinstance(node.ctx, ast.Load) and node.id not in bound})


def test_every_example_pastes_as_written():
    """No hidden set-up: conf.py gives the doctest build no imports (only a scratch
    directory to write files in), and every example
    shows what it uses, so it runs pasted alone into a fresh interpreter, unless its
    first line says that it continues the example above."""
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    setup = re.search(r"^doctest_global_setup = (.*)$", conf, flags=re.M)
    assert setup is None or "import pokerhash" not in setup.group(1) and "numpy" not in setup.group(1)
    missing = []
    for page in sorted(DOCS.rglob("*.rst")):
        for line, code in code_blocks(page):
            if code.lstrip().startswith("# Continues"):
                continue
            names = free_names(code)
            if names:
                missing.append(f"{page.name}:{line} uses {', '.join(names)}")
    assert missing == [], "show the imports (or say '# Continues the example above')"


def test_the_command_line_page_covers_every_subcommand_and_game():
    from pokerhash import cli

    page = (DOCS / "command-line.rst").read_text(encoding="utf-8")
    parser_names = [add.__name__[len("add_"):] for add in cli.SUBCOMMANDS]
    titles = " ".join(re.findall(r"^(.+)\n[-=~]+\n", page, flags=re.M))
    assert [name for name in parser_names if f"``pokerhash {name}``" not in titles] == []
    assert ".. game-catalogue::" in page  # the --game table is written from the game catalogue


def test_the_phh_codes_on_the_history_page_are_the_ones_read():
    from pokerhash.engine import history, history_hands

    page = " ".join((DOCS / "history.rst").read_text(encoding="utf-8").split())
    read = sorted(code for code in history.STANDARD_VARIANTS if _reads(history_hands, code))
    unread = sorted(set(history.STANDARD_VARIANTS) - set(read))
    listed = "PHH's standard codes that histories are read and written with: " + ", ".join(f"``{c}``" for c in read)
    assert listed in page
    if unread:  # the page names the codes not read yet, if any
        assert "PHH's other standard codes, " + ", ".join(f"``{c}``" for c in unread) in page
    else:
        assert "PHH's other standard codes" not in page


def _reads(history_hands, code: str) -> bool:
    try:
        history_hands.variant_of(code)
    except ValueError:
        return False
    return True


def test_rl_speed_figures_agree():
    """The RL page's introduction quotes the ratio its Speed section measured, as does the README."""
    page = (DOCS / "rl.rst").read_text(encoding="utf-8")
    intro = re.search(r"runs ([\d.]+-[\d.]+) times as fast as RLCard", page).group(1)
    measured = re.search(r"a ratio of ([\d.]+-[\d.]+)", " ".join(page.split())).group(1)
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    assert intro == measured == re.search(r"steps/s, ([\d.]+-[\d.]+) times RLCard", readme).group(1)


def test_install_lines_work_before_the_package_is_on_pypi():
    """Until pokerhash is on PyPI, the pages install from a clone or a built wheel:
    no ``pip install pokerhash`` (or ``"pokerhash[extra]"``) that would fail."""
    stale = [f"{page.name}: {line.strip()}" for page in sorted(DOCS.rglob("*.rst"))
             for line in page.read_text(encoding="utf-8").splitlines()
             if re.search(r"pip install (?:-U )?[\"']?pokerhash\b", line)]
    assert stale == []


def test_getting_started_names_every_extra():
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        tomllib = pytest.importorskip("tomli")
    extras = tomllib.loads((DOCS.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    page = (DOCS / "getting-started.rst").read_text(encoding="utf-8")
    named = page[page.index("The extras:"):].split("\n\n")[0]
    assert sorted(extra for extra in extras if f"``{extra}``" not in named) == []


def test_the_pictures_in_the_pages_are_what_the_code_draws():
    """docs/images/ holds what tools/make_doc_pictures.py drew; a change to the drawing
    fails here until the script is run again (the screenshot: only that it is there)."""
    import runpy

    script = runpy.run_path(str(DOCS.parent / "tools" / "make_doc_pictures.py"))
    images = DOCS / "images"
    stale = [name for name, draw in script["PICTURES"].items()
             if not (images / name).exists() or (images / name).read_text(encoding="utf-8") != draw()]
    assert stale == [], "run python tools/make_doc_pictures.py"
    shown = set(re.findall(r"^\.\. image:: images/(\S+)$", (DOCS / "pictures.rst").read_text(encoding="utf-8"), re.M))
    assert shown == set(script["PICTURES"]) | {"replayer.png"}
    assert (images / "replayer.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The live replayer page the HTML build writes beside the pages (docs/conf.py).
    hands = script["demo_hands"]()
    assert [hand.variant.name for hand in hands] == ["Texas Hold'em", "Seven-card stud", "2-7 triple draw",
                                                     "Turkish poker"]
    assert all(hand.is_over for hand in hands)


def test_example_code_fits_the_column():
    """The pages' code is read in a column about 88 characters wide (alabaster)."""
    wide = [f"{page.name}:{line}" for page in sorted(DOCS.rglob("*.rst")) for line, code in code_blocks(page)
            if any(len(text) > 88 for text in code.splitlines())]
    assert wide == []

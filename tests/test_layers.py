"""The import map of the package (read from the source with ast) keeps its layers:
each module imports only from its own layer or the layers below, and no module
imports another module's private (``_name``) names. Extension modules (.pyx) are
bindings: their Python-level imports are checked the same way.

    apps        rl/ acpc/ distributed/ tracker/ sites/ pictures/ cli bench __main__ (and the package __init__)
    engine/     the hand engine, its games, histories
    analysis    equity, preflop, ranges, iso, abstraction, solver/
    money       betting, pots, tournament
    evaluators/ the hand rankings and their catalogue
    bindings    _core, _equity, _iso, _icm (C)
    base        errors, _checks, cards, _batch
"""

import ast
from pathlib import Path

import pytest

import pokerhash

PACKAGE = Path(pokerhash.__file__).resolve().parent
LAYERS = ["base", "bindings", "evaluators", "money", "analysis", "engine", "apps"]
TOP = {
    "errors": "base", "_checks": "base", "cards": "base", "_batch": "base",
    "_core": "bindings", "_equity": "bindings", "_iso": "bindings", "_icm": "bindings",
    "betting": "money", "pots": "money", "tournament": "money",
    "_equity_api": "analysis", "preflop": "analysis", "ranges": "analysis", "iso": "analysis",
    "abstraction": "analysis",
    "cli": "apps", "bench": "apps", "__main__": "apps", "__init__": "apps",
}
WINGS = {"evaluators": "evaluators", "engine": "engine", "rl": "apps", "acpc": "apps", "distributed": "apps",
         "solver": "analysis", "tracker": "apps", "sites": "apps", "pictures": "apps"}
# The parts of pictures/ that the lower layers' objects print themselves with (repr,
# str, Jupyter's _repr_html_) sit in those layers: a settlement's table beside pots,
# a range's chart and an equity's bars beside the analysis, a hand's text beside the
# engine. (pictures/__init__ loads its parts lazily, so importing one loads it alone.)
PARTS = {"pictures._svg": "base", "pictures.tables": "base", "pictures.grid": "analysis",
         "pictures.views": "analysis", "pictures.frames": "engine", "pictures.text": "engine",
         "pictures.html": "engine"}


def layer(module: str) -> str:
    """The layer of ``pokerhash.<module>`` (dotted, without the package name)."""
    if ".".join(module.split(".")[:2]) in PARTS:
        return PARTS[".".join(module.split(".")[:2])]
    head = module.split(".")[0]
    if head in WINGS:
        return WINGS[head]
    return TOP[head]


def modules():
    for path in sorted(PACKAGE.rglob("*.py")) + sorted(PACKAGE.rglob("*.pyx")):
        if "data" in path.parts:
            continue
        relative = path.relative_to(PACKAGE).with_suffix("")
        yield ".".join(relative.parts), path


def imports(module: str, path: Path):
    """(imported module, imported names) of every import of a pokerhash module."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".pyx":  # only the Python-level imports are Python syntax
        text = "\n".join(line for line in text.splitlines() if line.startswith(("import ", "from ")) and "cimport" not in line)
    package = module.split(".")[:-1] if not module.endswith("__init__") else module.split(".")[:-1]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.startswith("pokerhash"):
                target = node.module[len("pokerhash."):] if node.module != "pokerhash" else ""
            else:
                continue
            names = [alias.name for alias in node.names]
            if node.module is None or target == "" or target in WINGS:  # "from . import x": x is a module
                for name in names:
                    yield (f"{target}.{name}" if target else name), []
            else:
                yield target, names
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("pokerhash."):
                    yield alias.name[len("pokerhash."):], []


ALL = list(modules())
# The one import that still goes up (left for a later step): Deck's keyed shuffle is
# C code in the _equity binding, and a pure-Python one would cost the engine about a
# third of its hands per second.
KNOWN_UPWARD = {("cards", "_equity")}


def test_the_map_knows_every_module():
    unknown = [module for module, _ in ALL if module.split(".")[0] not in TOP and module.split(".")[0] not in WINGS]
    assert unknown == [], "give each new top-level module its layer in tests/test_layers.py"


@pytest.mark.parametrize("module,path", ALL, ids=[m for m, _ in ALL])
def test_no_upward_import(module, path):
    mine = LAYERS.index(layer(module))
    upward = [target for target, _ in imports(module, path)
              if target.split(".")[0] in TOP or target.split(".")[0] in WINGS
              if LAYERS.index(layer(target)) > mine and (module, target) not in KNOWN_UPWARD]
    assert upward == [], f"{module} ({layer(module)}) imports from a higher layer"


@pytest.mark.parametrize("module,path", ALL, ids=[m for m, _ in ALL])
def test_no_private_name_crosses_modules(module, path):
    crossing = [f"{target}.{name}" for target, names in imports(module, path) for name in names
                if name.startswith("_") and not name.startswith("__")]
    assert crossing == [], f"{module} imports private names of other modules"

"""Build of the C/Cython core.

The lookup tables are generated at build time by the scripts in csrc/gen/ (each
has ``main(outdir)`` and writes one header), and the .pyx is cythonized into the
build's temporary folder, both only when extensions are built (``build_ext``): an
sdist carries sources only and costs neither, and nothing generated is ever
checked in or shipped.

The core is C: a build from source needs a C compiler, and stops with a message
saying so when there is none (pip then shows it).

POKERHASH_NATIVE=1 builds for this machine's CPU (-march=native) when installing
from source; wheels never use it.
"""

import importlib.util
import os
import shutil
import sys
from pathlib import Path

from Cython.Distutils import build_ext as cython_build_ext
from setuptools import Extension, setup
from setuptools.errors import PlatformError

HERE = Path(__file__).parent.resolve()
GENERATED = HERE / "build" / "generated"


def generate_tables() -> None:
    """Run every generator in csrc/gen/ (files starting with ``_`` are their shared
    helpers, not generators). csrc/gen is on sys.path meanwhile so that the generators
    import the helpers and each other as they do when run as scripts."""
    gen = HERE / "csrc" / "gen"
    sys.path.insert(0, str(gen))
    try:
        for script in sorted(gen.glob("*.py")):
            if script.name.startswith("_"):
                continue
            spec = importlib.util.spec_from_file_location(f"_ph_gen_{script.stem}", script)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            module.main(str(GENERATED))
    finally:
        sys.path.remove(str(gen))


def compile_args() -> list:
    if sys.platform == "win32":
        return ["/O2"]
    args = ["-O3", "-fno-strict-aliasing"]
    if os.environ.get("POKERHASH_NATIVE") == "1":
        args.append("-march=native")
    return args


def require_c_compiler(compiler) -> None:
    """Stop before any work when the C compiler is missing. (MSVC is left to
    setuptools, whose own error already says that Microsoft C++ Build Tools are needed.)"""
    if compiler.compiler_type == "msvc":
        return
    program = compiler.compiler_so[0]
    if shutil.which(program) is None:
        raise PlatformError(
            f"pokerhash is C code: building it from source needs a C compiler, and {program!r} was not found. "
            "Install one (Debian/Ubuntu: apt install gcc python3-dev; Fedora: dnf install gcc python3-devel; "
            "macOS: xcode-select --install; Windows: Microsoft C++ Build Tools), "
            "or install a prebuilt wheel: pip install --only-binary=pokerhash pokerhash"
        )


class BuildExt(cython_build_ext):
    def build_extensions(self):
        require_c_compiler(self.compiler)
        generate_tables()
        super().build_extensions()


def extension(name: str) -> Extension:
    """pokerhash.<name> from src/pokerhash/<name>.pyx: every extension shares the C
    kernels and generated tables of csrc/, the flags and the Cython directives."""
    ext = Extension(
        f"pokerhash.{name}",
        sources=[f"src/pokerhash/{name.replace('.', '/')}.pyx"],
        include_dirs=["csrc", str(GENERATED)],
        extra_compile_args=compile_args(),
        # Rebuild when a kernel or a generated table changes, not only the .pyx.
        depends=sorted(str(p) for p in (HERE / "csrc").glob("*.h")) + sorted(str(p) for p in GENERATED.glob("*.h")),
    )
    ext.cython_include_dirs = ["src"]
    if name in NUMPY_C_API:
        import numpy

        ext.include_dirs.append(numpy.get_include())
        # Built against NumPy 2 (pyproject's build requirements), the extension runs
        # on every NumPy the package supports at run time (numpy>=1.22).
        ext.define_macros += [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"),
                              ("NPY_TARGET_VERSION", "NPY_1_22_API_VERSION")]
    ext.cython_c_in_temp = True
    ext.cython_directives = {
        "language_level": 3,
        "boundscheck": False,
        "wraparound": False,
        "cdivision": True,
        "initializedcheck": False,
        "embedsignature": True,
    }
    return ext

# One extension per capability: _core (the evaluators), _equity (equity, deals and
# seeded shuffles), _icm (ICM), _iso (hand isomorphism and card-abstraction
# features), rl._encode (the environments' observation vectors), solver._dcfr (the
# postflop solver's Discounted CFR).
EXTENSIONS = ["_core", "_equity", "_icm", "_iso", "rl._encode", "solver._dcfr"]
# The extensions that make NumPy arrays through its C API (rl._encode: the arrays of
# every observation); the others use the buffer protocol only.
NUMPY_C_API = {"rl._encode"}

# The game layer's hot path (betting rounds, pots, the hand engine, the RL plumbing) is plain
# Python that Cython compiles as it stands, for several times the hands per second; the
# .py files stay the one source (the engine also runs uncompiled, e.g. under a debugger). Not
# optional: a build needs the C compiler anyway, and these modules cimport each
# other's extension types (a half-compiled layer would not import).
GAME_LAYER = [
    Extension(name, sources=[path], extra_compile_args=compile_args())
    for name, path in (
        # The one vocabulary of input checks, called on every action (as_chips, as_int).
        ("pokerhash._checks", "src/pokerhash/_checks.py"),
        ("pokerhash.cards", "src/pokerhash/cards.py"),
        ("pokerhash.betting", "src/pokerhash/betting.py"),
        ("pokerhash.pots", "src/pokerhash/pots.py"),
        ("pokerhash.engine.hand", "src/pokerhash/engine/hand.py"),
        # Replaying PHH hand histories on the engine (the tracker's import replays every
        # hand). history.py stays Python: Sphinx reads its documented constants from source.
        ("pokerhash.engine.history_hands", "src/pokerhash/engine/history_hands.py"),
        # The tracker's per-hand statistics counters: one loop over every event of every
        # imported hand.
        ("pokerhash.tracker.walk", "src/pokerhash/tracker/walk.py"),
        # Each hand's rows (players, money, all-in moment, boards): the rest of an import's
        # Python work per hand.
        ("pokerhash.tracker.extract", "src/pokerhash/tracker/extract.py"),
        # The import's batch loop (keys, player ids, the rows and summary sums of every hand).
        ("pokerhash.tracker.database", "src/pokerhash/tracker/database.py"),
        # The all-in moment and the pots' shares of every all-in hand imported.
        ("pokerhash.tracker.allin", "src/pokerhash/tracker/allin.py"),
        # The environments' per-step plumbing (action indexes, the AEC protocol, history codes).
        ("pokerhash.rl.actions", "src/pokerhash/rl/actions.py"),
        ("pokerhash.rl.aec", "src/pokerhash/rl/aec.py"),
        ("pokerhash.rl.observations", "src/pokerhash/rl/observations.py"),
        # PokerStars' hand histories (and GGPoker's): the line loop of a million-hand import.
        ("pokerhash.sites.pokerstars", "src/pokerhash/sites/pokerstars.py"),
        ("pokerhash.sites.common", "src/pokerhash/sites/common.py"),
        ("pokerhash.sites.model", "src/pokerhash/sites/model.py"),
        # Each site hand replayed on the engine (its layout, cards, actions): verification.
        ("pokerhash.sites.replay", "src/pokerhash/sites/replay.py"),
        # A draw hand's cards planned ahead (every deal and discard of every player).
        ("pokerhash.sites.draws", "src/pokerhash/sites/draws.py"),
        # Every hand read: the file cut into hands (sources), the stud-levels pass every
        # hand goes through, and the site's settlement rules asked for every replay.
        # Not sites/__init__.py: a compiled package __init__ imports as the package but
        # not under its own module name, which tools/check_wheels.sh imports every
        # compiled module by (its wheels failed: no PyInit___init__).
        ("pokerhash.sites.sources", "src/pokerhash/sites/sources.py"),
        # The loop that parses each chunk into a hand (read, parse_hand: sites/__init__.py
        # exports them), once per hand as sources' loop is.
        ("pokerhash.sites.reading", "src/pokerhash/sites/reading.py"),
        ("pokerhash.sites.stud_levels", "src/pokerhash/sites/stud_levels.py"),
        ("pokerhash.sites.settling", "src/pokerhash/sites/settling.py"),
    )
]
for game_extension in GAME_LAYER:
    game_extension.cython_c_in_temp = True
    # cards.pxd's seeded shuffle is csrc/deal.h's generator, which the modules that
    # cimport Deck include.
    game_extension.include_dirs = ["csrc"]
    game_extension.depends = [str(HERE / "csrc" / "deal.h"), str(HERE / "csrc" / "bits.h")]
    # A module's .pxd beside its .py makes its hot classes extension types (betting.pxd:
    # BettingRound); other modules cimport them from there.
    game_extension.cython_include_dirs = ["src"]
    # Python semantics exactly: annotations are documentation, not C types.
    game_extension.cython_directives = {"language_level": 3, "annotation_typing": False, "embedsignature": True}

setup(ext_modules=[extension(name) for name in EXTENSIONS] + GAME_LAYER, cmdclass={"build_ext": BuildExt})

"""Build of the C/Cython core.

The lookup tables are generated at build time by the scripts in csrc/gen/ (each
has ``main(outdir)`` and writes one header), and the .pyx is cythonized into the
build's temporary folder, both only when extensions are built (``build_ext``): an
sdist carries sources only and costs neither, and nothing generated is ever
checked in or shipped.

POKERHASH_NATIVE=1 builds for this machine's CPU (-march=native) when installing
from source; wheels never use it.
"""

import importlib.util
import os
import sys
from pathlib import Path

from Cython.Distutils import build_ext as cython_build_ext
from setuptools import Extension, setup

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


class BuildExt(cython_build_ext):
    def run(self):
        generate_tables()
        super().run()


core = Extension(
    "pokerhash._core",
    sources=["src/pokerhash/_core.pyx"],
    include_dirs=["csrc", str(GENERATED)],
    extra_compile_args=compile_args(),
    # Rebuild when a kernel or a generated table changes, not only the .pyx.
    depends=sorted(str(p) for p in (HERE / "csrc").glob("*.h")) + sorted(str(p) for p in GENERATED.glob("*.h")),
)
core.cython_include_dirs = ["src"]
core.cython_c_in_temp = True
core.cython_directives = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
    "embedsignature": True,
}

# The game layer's hot path (betting rounds, pots, the hand engine) is plain Python
# that Cython compiles as it stands, for about twice the hands per second; the .py
# files stay the one source, and the fallback if a compiler is missing (optional).
game_layer = [
    Extension(name, sources=[path], extra_compile_args=compile_args(), optional=True)
    for name, path in (
        ("pokerhash.betting", "src/pokerhash/betting.py"),
        ("pokerhash.pots", "src/pokerhash/pots.py"),
        ("pokerhash.engine.hand", "src/pokerhash/engine/hand.py"),
    )
]
for extension in game_layer:
    extension.cython_c_in_temp = True
    # Python semantics exactly: annotations are documentation, not C types.
    extension.cython_directives = {"language_level": 3, "annotation_typing": False, "embedsignature": True}

setup(ext_modules=[core] + game_layer, cmdclass={"build_ext": BuildExt})

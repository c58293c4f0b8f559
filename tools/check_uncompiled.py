"""Run tests on the game layer uncompiled (.ci/run's "uncompiled game layer" leg).

setup.py compiles the game layer (cards, _checks, betting, pots, the hand engine, the
RL plumbing) from its .py files with Cython, and promises that the same .py files run
as they are, e.g. under a debugger. This copies the importable pokerhash package (the
installed one, or src/ on PYTHONPATH) to a temporary folder, deletes every extension
compiled from a .py beside it (the C bindings built from .pyx stay), checks that the
engine now imports from Python source, and runs pytest there with the arguments given:

    python tools/check_uncompiled.py -q -m "not slow" tests/test_engine_hand.py ...
"""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

EXTENSION_SUFFIXES = (".so", ".pyd")


def uncompiled_copy(destination: Path) -> list:
    """Copy the package into ``destination``; return the game-layer extensions left out."""
    spec = importlib.util.find_spec("pokerhash")
    if spec is None or spec.origin is None:
        raise SystemExit("pokerhash is not importable: install it or put src/ on PYTHONPATH")
    package = Path(spec.origin).parent
    target = destination / "pokerhash"
    shutil.copytree(package, target, ignore=shutil.ignore_patterns("__pycache__"))
    removed = []
    for extension in sorted(target.rglob("*")):
        if extension.suffix in EXTENSION_SUFFIXES and (extension.parent / (extension.name.split(".")[0] + ".py")).exists():
            extension.unlink()
            removed.append(str(extension.relative_to(destination)))
    return removed


def main(pytest_args: list) -> int:
    with tempfile.TemporaryDirectory() as folder:
        removed = uncompiled_copy(Path(folder))
        if not removed:
            raise SystemExit("no compiled game-layer module found: is the package built?")
        print(f"uncompiled game layer: {len(removed)} extensions left out ({', '.join(removed)})", flush=True)
        env = dict(os.environ, PYTHONPATH=folder)
        # sys.modules: the package attribute pokerhash.cards is the function cards().
        names = ["pokerhash._checks", "pokerhash.cards", "pokerhash.betting", "pokerhash.pots", "pokerhash.engine.hand"]
        probe = (f"import importlib, sys; names = {names!r}; [importlib.import_module(n) for n in names]; "
                 "compiled = [n for n in names if not sys.modules[n].__file__.endswith('.py')]; "
                 "assert not compiled, f'still compiled: {compiled}'")
        subprocess.run([sys.executable, "-c", probe], env=env, check=True)
        return subprocess.call([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *pytest_args], env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

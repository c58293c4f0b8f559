"""examples/downstream, a Cython package that cimports pokerhash's C-level API,
builds against the installed pokerhash and agrees with it.

Needs Cython and setuptools (a missing one is a failure: they belong to the test
extra) and a C compiler (skipped without one).
"""

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import random_hands

import pokerhash as ph

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "downstream"


def have_c_compiler(workdir: Path) -> bool:
    """Whether the compiler setuptools would use can compile a trivial C file."""
    import setuptools  # noqa: F401  (provides distutils on Python 3.12+)
    from distutils.ccompiler import new_compiler
    from distutils.errors import CCompilerError, DistutilsError
    from distutils.sysconfig import customize_compiler

    source = workdir / "probe.c"
    source.write_text("int probe(void) { return 0; }\n")
    compiler = new_compiler()
    customize_compiler(compiler)
    try:
        compiler.compile([str(source)], output_dir=str(workdir))
    except (CCompilerError, DistutilsError, OSError):
        return False
    return True


@pytest.fixture(scope="module")
def hand_strengths(tmp_path_factory):
    """The example's extension, built in a temporary directory and imported from there."""
    for module in ("Cython", "setuptools"):
        if importlib.util.find_spec(module) is None:
            pytest.fail(f"building examples/downstream needs {module}: install the test extra")
    workdir = tmp_path_factory.mktemp("downstream")
    if not have_c_compiler(workdir):
        pytest.skip("no working C compiler")
    build = workdir / "build"
    shutil.copytree(EXAMPLE, build)
    result = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"], cwd=build, capture_output=True, text=True
    )
    assert result.returncode == 0, f"building examples/downstream failed:\n{result.stdout}\n{result.stderr}"
    (built,) = build.glob("hand_strengths.*[!cx]")  # the .so/.pyd, not the .pyx or generated .c
    spec = importlib.util.spec_from_file_location("hand_strengths", built)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.smoke
def test_installed_package_ships_the_public_pxd():
    assert (Path(ph.__file__).parent / "_core.pxd").is_file()


@pytest.mark.smoke
@pytest.mark.parametrize("width", [5, 6, 7])
def test_evaluate_many_matches_pokerhash(hand_strengths, width):
    hands = random_hands(20_000, width, seed=width)
    np.testing.assert_array_equal(hand_strengths.evaluate_many(hands), ph.evaluate_batch(hands))


@pytest.mark.smoke
def test_omaha_showdowns_match_pokerhash(hand_strengths):
    deals = random_hands(10_000, 13, seed=11)  # hero's 4 hole cards, villain's 4, a board of 5
    hero, villain, boards = deals[:, :4].copy(), deals[:, 4:8].copy(), deals[:, 8:].copy()
    a, b = ph.evaluate_omaha_batch(hero, boards), ph.evaluate_omaha_batch(villain, boards)
    expected = (int((a > b).sum()), int((a == b).sum()), int((a < b).sum()))
    assert hand_strengths.omaha_showdowns(hero, villain, boards) == expected

"""CPU instructions of a Python snippet, counted by valgrind (callgrind) in a child process:
the one runner of the ``*_instructions.py`` benchmarks.

The child runs ``python -c code *arguments`` with ``benchmarks/`` as the folder the code's
``{here}`` names (so it imports the benchmark modules), Python's hash seed fixed
(PYTHONHASHSEED=0: with random seeds the count moves by a few percent from run to run)
and one BLAS thread (no idle threads counted). ``out`` keeps callgrind's per-function
profile (read it with ``callgrind_annotate``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

HERE = str(Path(__file__).parent)


def instructions(code: str, *arguments: object, out: str = "/dev/null") -> int:
    """Instructions that ``code`` (a template with ``{here}``) costs under callgrind."""
    environment = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                             "-c", code.format(here=HERE), *map(str, arguments)],
                            capture_output=True, text=True, env=environment)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if match is None:
        raise SystemExit(f"valgrind failed:\n{result.stderr[-2000:]}")
    return int(match.group(1))


#: The events of ``valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes``, in its order:
#: instructions, data reads and writes, first-level instruction-cache misses, data read
#: and write misses, the last level's three, conditional branches and their
#: mispredictions, indirect branches and theirs (valgrind's simulated caches take the
#: machine's sizes; its branch predictor is a simple model, so these are indications).
CACHE_EVENTS = ("Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw", "Bc", "Bcm", "Bi", "Bim")


def cache_events(code: str, *arguments: object) -> dict:
    """Every event of CACHE_EVENTS that ``code`` costs (instructions, cache misses,
    branch mispredictions), as ``instructions`` counts instructions."""
    environment = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    result = subprocess.run(["valgrind", "--tool=callgrind", "--cache-sim=yes", "--branch-sim=yes",
                             "--callgrind-out-file=/dev/null", sys.executable, "-c", code.format(here=HERE),
                             *map(str, arguments)], capture_output=True, text=True, env=environment)
    match = re.search(r"Collected :((?: \d+)+)", result.stderr)
    if match is None or len(match.group(1).split()) != len(CACHE_EVENTS):
        raise SystemExit(f"valgrind failed:\n{result.stderr[-2000:]}")
    return dict(zip(CACHE_EVENTS, map(int, match.group(1).split())))


def per_unit(code: str, units: int, *arguments: object) -> float:
    """Instructions per unit of work: ``code`` run with ``3 * units`` and with ``units`` as
    its first argument after the same start-up; the difference of the counts over the
    difference of the units."""
    return (instructions(code, 3 * units, *arguments) - instructions(code, units, *arguments)) / (2 * units)

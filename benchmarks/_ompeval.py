"""OMPEval (zekyll/OMPEval, C++) built here and called through ctypes, for side-by-side runs.

OMPEval is never vendored: ``build(source)`` copies it from a source tree or a git
directory (e.g. a mirror of github.com/zekyll/OMPEval), compiles its sources with a
small C shim written below (``-O3``, the x86-64 baseline as pokerhash's wheels: no
``-march=native``) into a shared library in ``workdir``, and loads it. Each shim
call does the work of one measurement and returns the process CPU time it took, so
the ctypes call costs nothing measurable beside it.
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

import numpy as np

SHIM = r"""
#include <ctime>
#include <cstdint>
#include <vector>
#include <string>
#include "omp/EquityCalculator.h"
#include "omp/HandEvaluator.h"

static double cpu_now()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

extern "C" {

/* Equity of the ranges (text) on the board (text): exact when enumerate, else
 * `hands` Monte Carlo showdowns on one thread. Returns CPU seconds; equities and
 * the showdown count through the pointers. */
double ph_omp_equity(const char **ranges, int n, const char *board, int enumerate, uint64_t hands,
                     double *equity, uint64_t *showdowns)
{
    std::vector<omp::CardRange> r;
    for (int i = 0; i < n; i++) r.emplace_back(std::string(ranges[i]));
    omp::EquityCalculator eq;
    if (!enumerate) eq.setHandLimit(hands);
    double start = cpu_now();
    if (!eq.start(r, omp::CardRange::getCardMask(board), 0, enumerate != 0, 0.0, nullptr, 1.0, 1)) return -1.0;
    eq.wait();
    double t = cpu_now() - start;
    omp::EquityCalculator::Results res = eq.getResults();
    for (int i = 0; i < n; i++) equity[i] = res.equity[i];
    *showdowns = res.hands;
    return t;
}

/* Values of rows of seven cards (OMPEval's card index 4 * rank + suit). */
double ph_omp_evaluate7(const uint8_t *cards, size_t n, uint16_t *out)
{
    static omp::HandEvaluator eval;
    double start = cpu_now();
    for (size_t i = 0; i < n; i++) {
        const uint8_t *c = cards + 7 * i;
        omp::Hand h = omp::Hand::empty() + omp::Hand(c[0]) + omp::Hand(c[1]) + omp::Hand(c[2]) + omp::Hand(c[3])
                      + omp::Hand(c[4]) + omp::Hand(c[5]) + omp::Hand(c[6]);
        out[i] = eval.evaluate(h);
    }
    return cpu_now() - start;
}
}
"""


class OMPEval:
    """The built library: ``equity`` and ``evaluate7``."""

    def __init__(self, path: Path):
        lib = ctypes.CDLL(str(path))
        lib.ph_omp_equity.restype = ctypes.c_double
        lib.ph_omp_equity.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.c_int, ctypes.c_char_p, ctypes.c_int,
                                      ctypes.c_uint64, ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_uint64)]
        lib.ph_omp_evaluate7.restype = ctypes.c_double
        lib.ph_omp_evaluate7.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
        self._lib = lib

    def equity(self, ranges: Sequence[str], board: str = "", exact: bool = True,
               hands: int = 0) -> Tuple[float, List[float], int]:
        """(CPU seconds, equities, showdowns) of one calculation on one thread."""
        texts = (ctypes.c_char_p * len(ranges))(*[r.encode() for r in ranges])
        equity = (ctypes.c_double * len(ranges))()
        showdowns = ctypes.c_uint64()
        seconds = self._lib.ph_omp_equity(texts, len(ranges), board.encode(), int(exact), hands, equity,
                                          ctypes.byref(showdowns))
        if seconds < 0:
            raise ValueError(f"OMPEval refused {ranges} on {board!r}")
        return seconds, list(equity), showdowns.value

    def evaluate7(self, cards: np.ndarray) -> Tuple[float, np.ndarray]:
        """(CPU seconds, values) of rows of seven cards (uint8, C order)."""
        cards = np.ascontiguousarray(cards, dtype=np.uint8)
        out = np.empty(len(cards), dtype=np.uint16)
        seconds = self._lib.ph_omp_evaluate7(cards.ctypes.data, len(cards), out.ctypes.data)
        return seconds, out


def _copy_sources(source: Path, to: Path) -> None:
    if (source / "omp").is_dir():
        shutil.copytree(source / "omp", to / "omp")
        shutil.copytree(source / "libdivide", to / "libdivide")
        return
    # A bare git directory (a mirror): the newest commit's tree.
    archive = subprocess.run(["git", "--git-dir", str(source), "archive", "HEAD", "omp", "libdivide"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(to)], input=archive, check=True)


def _patch_for_new_compilers(work: Path) -> None:
    # GCC >= 11 with libstdc++ wants a constexpr min()/max() in a random engine that
    # std::shuffle uses (OMPEval's last commit predates it); <functional> is passed
    # with -include, since EquityCalculator.h relies on it being included elsewhere.
    random_h = work / "omp" / "Random.h"
    text = random_h.read_text()
    random_h.write_text(text.replace("static uint64_t min()", "static constexpr uint64_t min()")
                        .replace("static uint64_t max()", "static constexpr uint64_t max()"))


def build(source: str, workdir: Optional[str] = None) -> OMPEval:
    """Compile OMPEval from ``source`` (a source tree or git directory) with the shim."""
    work = Path(workdir or tempfile.mkdtemp(prefix="ompeval-"))
    library = work / "libph_ompeval.so"
    if not library.exists():
        work.mkdir(parents=True, exist_ok=True)
        if not (work / "omp").exists():
            _copy_sources(Path(source), work)
            _patch_for_new_compilers(work)
        (work / "shim.cpp").write_text(SHIM)
        sources = [str(p) for p in sorted((work / "omp").glob("*.cpp"))] + [str(work / "shim.cpp")]
        subprocess.run(["g++", "-O3", "-std=c++11", "-pthread", "-fPIC", "-shared", "-include", "functional", "-I", str(work), "-o",
                        str(library), *sources], check=True)
    return OMPEval(library)

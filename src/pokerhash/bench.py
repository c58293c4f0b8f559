"""Side-by-side timings of pokerhash and other evaluators (``pokerhash bench``).

Every contender gets the same pre-generated hands, in one process, converted to
its own card type before timing. Each measurement is repeated and the median is
reported, since this runs on shared, noisy machines; ratios are pokerhash's time
over the other's (below 1 means pokerhash is faster).
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence

import numpy as np

from . import _core
from .cards import card_str
from .high import category_counts, evaluate_batch


@dataclass(frozen=True)
class Timing:
    name: str
    ns_per_hand: float
    hands: int


def median_ns(run: Callable[[], object], hands: int, repeats: int) -> float:
    """Median over ``repeats`` runs of the time per hand, in nanoseconds."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        run()
        samples.append((time.perf_counter_ns() - start) / hands)
    return statistics.median(samples)


def random_hands(n: int, width: int, seed: int = 2026) -> np.ndarray:
    """n rows of ``width`` distinct random cards (uint8), the same for every contender."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8) if n <= 200_000 else _fast_hands(rng, n, width)


def _fast_hands(rng: np.random.Generator, n: int, width: int) -> np.ndarray:
    # Rejection sampling: cheaper than argsort for millions of rows.
    out = np.empty((0, width), dtype=np.uint8)
    while len(out) < n:
        draw = rng.integers(0, 52, size=(n, width), dtype=np.uint8)
        distinct = (np.diff(np.sort(draw, axis=1), axis=1) != 0).all(axis=1)
        out = np.concatenate([out, draw[distinct]])
    return out[:n]


def _optional(module: str):
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def per_call_contenders(hands: List[List[int]]):
    """(name, run) pairs that evaluate the hands one Python call at a time."""
    evaluate = _core.evaluate
    yield "pokerhash evaluate", lambda: [evaluate(h) for h in hands]
    phevaluator = _optional("phevaluator")
    if phevaluator is not None:
        ph_eval = phevaluator.evaluate_cards
        yield "phevaluator evaluate_cards", lambda: [ph_eval(*h) for h in hands]
    eval7 = _optional("eval7")
    if eval7 is not None:
        deck = [eval7.Card(card_str(c)) for c in range(52)]
        e7_hands = [[deck[c] for c in h] for h in hands]
        e7_eval = eval7.evaluate
        yield "eval7 evaluate", lambda: [e7_eval(h) for h in e7_hands]
    treys = _optional("treys")
    if treys is not None:
        deck = [treys.Card.new(card_str(c)) for c in range(52)]
        t_hands = [([deck[c] for c in h[:5]], [deck[c] for c in h[5:]]) for h in hands]
        t_eval = treys.Evaluator().evaluate
        yield "treys Evaluator.evaluate", lambda: [t_eval(board, hole) for board, hole in t_hands]


def run_high(quick: bool, repeats: int) -> List[Timing]:
    timings = []
    n_calls = 20_000 if quick else 200_000
    hands = random_hands(n_calls, 7).tolist()
    for name, run in per_call_contenders(hands):
        timings.append(Timing(name, median_ns(run, n_calls, repeats), n_calls))
    n_batch = 1_000_000 if quick else 10_000_000
    batch = random_hands(n_batch, 7)
    timings.append(Timing("pokerhash evaluate_batch (7 cards)", median_ns(lambda: evaluate_batch(batch, check=False), n_batch, repeats), n_batch))
    timings.append(Timing("pokerhash evaluate_batch, validated", median_ns(lambda: evaluate_batch(batch), n_batch, repeats), n_batch))
    enum_runs = 1 if quick else 3
    timings.append(Timing("pokerhash all 133,784,560 7-card hands (enumeration)",
                          median_ns(lambda: category_counts(7), 133_784_560, enum_runs), 133_784_560))
    return timings


def report(title: str, timings: Sequence[Timing], baseline: Optional[str]) -> str:
    lines = [title, f"{'contender':58s} {'ns/hand':>10s} {'ratio':>8s}"]
    base = next((t.ns_per_hand for t in timings if t.name == baseline), None)
    for t in timings:
        ratio = f"{base / t.ns_per_hand:8.2f}" if base is not None and t.name != baseline and "pokerhash" not in t.name else ""
        lines.append(f"{t.name:58s} {t.ns_per_hand:10.1f} {ratio}")
    if base is not None:
        lines.append(f"ratio = {baseline} time / contender time (below 1: pokerhash faster)")
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="pokerhash bench", description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="10 million batch hands and more repeats (slower)")
    parser.add_argument("--repeats", type=int, default=None, help="timed runs per contender (median reported)")
    args = parser.parse_args(argv)
    repeats = args.repeats or (3 if not args.full else 7)
    print(report("High hands, 7 cards, random", run_high(not args.full, repeats), "pokerhash evaluate"))
    return 0

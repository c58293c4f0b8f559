"""Side-by-side timings of pokerhash and other evaluators (``pokerhash bench``).

Every contender gets the same pre-generated hands, in one process, converted to
its own card type before timing. Each measurement is repeated and the median is
reported, since this runs on shared, noisy machines; ratios are pokerhash's time
over the other's (below 1 means pokerhash is faster).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.util
import statistics
import time
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence

import numpy as np

from . import _core
from .cards import card_str
from .errors import InvalidValueError
from .evaluators.catalog import RANKINGS
from .evaluators.high import category_counts, evaluate_batch
from .evaluators.low import evaluate_low8_batch, evaluate_omaha_low8_batch
from .evaluators.omaha import evaluate_omaha_batch
from .evaluators.shortdeck import SHORT_DECK


@dataclass(frozen=True)
class Timing:
    name: str
    ns_per_hand: float
    hands: int


# Wall-clock time by default; ``--cpu`` switches to the process's CPU time, which
# leaves out the time other processes hold the core on a loaded machine.
CLOCKS = {"wall": time.perf_counter_ns, "cpu": time.process_time_ns}
clock = CLOCKS["wall"]


def median_ns(run: Callable[[], object], hands: int, repeats: int) -> float:
    """Median over ``repeats`` runs of the time per hand, in nanoseconds (``clock``)."""
    samples = []
    for _ in range(repeats):
        start = clock()
        run()
        samples.append((clock() - start) / hands)
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


def _deck(convert: Callable[[str], object]) -> List[object]:
    """The 52 cards in another library's type, indexed by pokerhash's card ints."""
    return [convert(card_str(c)) for c in range(52)]


def _pokerkit_card(text: str):
    pokerkit = importlib.import_module("pokerkit")
    return next(iter(pokerkit.Card.parse(text)))


def _time_all(contenders, hands: int, repeats: int) -> List[Timing]:
    return [Timing(name, median_ns(run, count or hands, repeats), count or hands) for name, run, count in contenders]


def _cross_check(name: str, ours: Sequence[int], theirs: Sequence[int]) -> None:
    """Refuse to time a contender whose answers differ from pokerhash's."""
    if list(ours) != list(theirs):
        raise AssertionError(f"{name} disagrees with pokerhash on the benchmark hands")


def high_contenders(hands: List[List[int]]):
    """(name, run, hand count or None) of each per-call 7-card evaluator."""
    evaluate = _core.evaluate
    yield "pokerhash evaluate", lambda: [evaluate(h) for h in hands], None
    phevaluator = _optional("phevaluator")
    if phevaluator is not None:
        ph_eval = phevaluator.evaluate_cards
        _cross_check("phevaluator", [7463 - evaluate(h) for h in hands[:300]], [ph_eval(*h) for h in hands[:300]])
        yield "phevaluator evaluate_cards", lambda: [ph_eval(*h) for h in hands], None
    eval7 = _optional("eval7")
    if eval7 is not None:
        deck = _deck(eval7.Card)
        e7_hands = [[deck[c] for c in h] for h in hands]
        e7_eval = eval7.evaluate
        yield "eval7 evaluate", lambda: [e7_eval(h) for h in e7_hands], None
    treys = _optional("treys")
    if treys is not None:
        deck = _deck(treys.Card.new)
        slow = hands[: max(1, len(hands) // 10)]  # pure Python: fewer hands
        t_hands = [([deck[c] for c in h[:5]], [deck[c] for c in h[5:]]) for h in slow]
        t_eval = treys.Evaluator().evaluate
        _cross_check("treys", [7463 - evaluate(h) for h in slow[:300]], [t_eval(b, h) for b, h in t_hands[:300]])
        yield "treys Evaluator.evaluate", lambda: [t_eval(board, hole) for board, hole in t_hands], len(slow)


def run_high(quick: bool, repeats: int) -> List[Timing]:
    n_calls = 20_000 if quick else 200_000
    timings = _time_all(high_contenders(random_hands(n_calls, 7).tolist()), n_calls, repeats)
    n_batch = 1_000_000 if quick else 10_000_000
    batch = random_hands(n_batch, 7)
    timings.append(Timing("pokerhash evaluate_batch (check=False)", median_ns(lambda: evaluate_batch(batch, check=False), n_batch, repeats), n_batch))
    timings.append(Timing("pokerhash evaluate_batch (validated)", median_ns(lambda: evaluate_batch(batch), n_batch, repeats), n_batch))
    enum_runs = 1 if quick else 3
    timings.append(Timing("pokerhash all 133,784,560 7-card hands (enumeration)",
                          median_ns(lambda: category_counts(7), 133_784_560, enum_runs), 133_784_560))
    return timings


def omaha_contenders(holes: List[List[int]], boards: List[List[int]]):
    """(name, run, hand count or None) of each per-call PLO4 evaluator."""
    evaluate_omaha = _core.evaluate_omaha
    ours = [evaluate_omaha(h, b) for h, b in zip(holes[:300], boards[:300])]
    yield "pokerhash evaluate_omaha", lambda: [evaluate_omaha(h, b) for h, b in zip(holes, boards)], None
    phevaluator = _optional("phevaluator")
    if phevaluator is not None:
        plo4 = phevaluator.evaluate_omaha_cards
        _cross_check("phevaluator PLO4", ours, [7463 - plo4(*b, *h) for h, b in zip(holes[:300], boards[:300])])
        yield "phevaluator evaluate_omaha_cards", lambda: [plo4(*b, *h) for h, b in zip(holes, boards)], None
    slow = max(1, len(holes) // 50)  # pure-Python contenders: fewer deals
    treys = _optional("treys")
    if treys is not None:
        deck = _deck(treys.Card.new)
        t_holes = [[deck[c] for c in h] for h in holes[:slow]]
        t_boards = [[deck[c] for c in b] for b in boards[:slow]]
        plo = treys.PLOEvaluator()
        _cross_check("treys PLO", ours[:slow], [7463 - plo.evaluate(h, b) for h, b in zip(t_holes, t_boards)][:300])
        yield "treys PLOEvaluator", lambda: [plo.evaluate(h, b) for h, b in zip(t_holes, t_boards)], slow
    if _optional("pokerkit") is not None:
        hand = importlib.import_module("pokerkit").OmahaHoldemHand.from_game
        deck = _deck(_pokerkit_card)
        k_holes = [[deck[c] for c in h] for h in holes[:slow]]
        k_boards = [[deck[c] for c in b] for b in boards[:slow]]
        yield "pokerkit OmahaHoldemHand", lambda: [hand(h, b) for h, b in zip(k_holes, k_boards)], slow


def run_omaha(quick: bool, repeats: int) -> List[Timing]:
    n_calls = 5_000 if quick else 20_000
    deals = random_hands(n_calls, 9, seed=7)
    timings = _time_all(omaha_contenders(deals[:, :4].tolist(), deals[:, 4:].tolist()), n_calls, repeats)
    n_batch = 1_000_000 if quick else 10_000_000
    big = random_hands(n_batch, 11, seed=8)
    boards = np.ascontiguousarray(big[:, 6:])
    for n_hole in (4, 5, 6):
        holes = np.ascontiguousarray(big[:, :n_hole])
        for label, check in (("check=False", False), ("validated", True)):
            run = lambda: evaluate_omaha_batch(holes, boards, check=check)  # noqa: E731
            timings.append(Timing(f"pokerhash evaluate_omaha_batch PLO{n_hole} ({label})", median_ns(run, n_batch, repeats), n_batch))
    return timings


def _pokerkit_low(hand_type, hole, board):
    try:
        return hand_type.from_game(hole, board)
    except ValueError:  # pokerkit raises when there is no qualifying low
        return None


def low_contenders(sevens: List[List[int]], holes: List[List[int]], boards: List[List[int]]):
    evaluate_low8, evaluate_omaha_low8 = _core.evaluate_low8, _core.evaluate_omaha_low8
    yield "pokerhash evaluate_low8 (7 cards)", lambda: [evaluate_low8(h) for h in sevens], None
    yield "pokerhash evaluate_omaha_low8", lambda: [evaluate_omaha_low8(h, b) for h, b in zip(holes, boards)], None
    if _optional("pokerkit") is None:
        return
    pokerkit = importlib.import_module("pokerkit")
    slow = max(1, len(sevens) // 50)
    deck = _deck(_pokerkit_card)
    k_sevens = [[deck[c] for c in h] for h in sevens[:slow]]
    k_holes = [[deck[c] for c in h] for h in holes[:slow]]
    k_boards = [[deck[c] for c in b] for b in boards[:slow]]
    # Qualification must agree: pokerkit has a low exactly when pokerhash's value is nonzero.
    _cross_check("pokerkit low", [evaluate_low8(h) == 0 for h in sevens[:slow]],
                 [_pokerkit_low(pokerkit.EightOrBetterLowHand, h[:2], h[2:]) is None for h in k_sevens])
    yield "pokerkit EightOrBetterLowHand", lambda: [_pokerkit_low(pokerkit.EightOrBetterLowHand, h[:2], h[2:]) for h in k_sevens], slow
    yield "pokerkit OmahaEightOrBetterLowHand", lambda: [
        _pokerkit_low(pokerkit.OmahaEightOrBetterLowHand, h, b) for h, b in zip(k_holes, k_boards)], slow


def run_low(quick: bool, repeats: int) -> List[Timing]:
    n_calls = 5_000 if quick else 20_000
    deals = random_hands(n_calls, 9, seed=9)
    timings = _time_all(low_contenders(deals[:, :7].tolist(), deals[:, :4].tolist(), deals[:, 4:].tolist()), n_calls, repeats)
    n_batch = 1_000_000 if quick else 10_000_000
    big = random_hands(n_batch, 11, seed=10)
    seven, boards = np.ascontiguousarray(big[:, :7]), np.ascontiguousarray(big[:, 6:])
    timings.append(Timing("pokerhash evaluate_low8_batch (7 cards, validated)", median_ns(lambda: evaluate_low8_batch(seven), n_batch, repeats), n_batch))
    for n_hole in (4, 6):
        holes = np.ascontiguousarray(big[:, :n_hole])
        timings.append(Timing(f"pokerhash evaluate_omaha_low8_batch {n_hole} hole (validated)",
                              median_ns(lambda: evaluate_omaha_low8_batch(holes, boards), n_batch, repeats), n_batch))
    return timings


# --- the evaluators of the rules' "Other games", beside pokerkit (the one other library with them) ---

def _cross_check_order(name: str, ours: Sequence[int], theirs: Sequence[object]) -> None:
    """Refuse to time a contender that orders the hands differently from pokerhash
    (pokerkit's hands compare, larger is better, but have no common numeric scale)."""
    order = sorted(range(len(ours)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:]):
        if (ours[a] == ours[b]) != (theirs[a] == theirs[b]) or (ours[a] != ours[b] and not theirs[a] < theirs[b]):
            raise AssertionError(f"{name} orders the benchmark hands differently from pokerhash")


def shortdeck_hands(n: int, width: int, seed: int) -> np.ndarray:
    """n rows of ``width`` distinct random cards of the 36-card deck (uint8)."""
    deck = np.array(SHORT_DECK, dtype=np.uint8)
    rng = np.random.default_rng(seed)
    if n <= 200_000:
        return np.ascontiguousarray(deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :width]])
    return np.concatenate([shortdeck_hands(200_000, width, seed + i) for i in range(-(-n // 200_000))])[:n]


def _call_name(ranking_name: str) -> str:
    """The name a ranking's per-call evaluator is timed under (short deck in pokerkit's
    order is ``evaluate_shortdeck`` with ``trips_beat_straight=False``)."""
    return RANKINGS[ranking_name].evaluate.__name__.lstrip("_").replace("_classic", "")


def _more_section(ranking_name: str, quick: bool, repeats: int) -> List[Timing]:
    """Per call (pokerhash, pokerkit) and batch (check=False, validated) timings of one
    of the rankings of ``_MORE``."""
    deal, pokerkit_class, make = _MORE[ranking_name]
    ranking = RANKINGS[ranking_name]
    call, ours, batch, width = _call_name(ranking_name), ranking.evaluate, ranking.batch, max(ranking.cards)
    hands = deal(5_000 if quick else 20_000, width, 11).tolist()
    contenders = [(f"pokerhash {call}", lambda: [ours(h) for h in hands], None)]
    if _optional("pokerkit") is not None:
        hand_type = getattr(importlib.import_module("pokerkit"), pokerkit_class)
        deck = _deck(_pokerkit_card)
        slow = [[deck[c] for c in h] for h in hands[: len(hands) // 50]]  # pure Python: fewer hands
        _cross_check_order(f"pokerkit {pokerkit_class}", [ours(h) for h in hands[:len(slow)]],
                           [make(hand_type, h) for h in slow])
        contenders.append((f"pokerkit {pokerkit_class}", lambda: [make(hand_type, h) for h in slow], len(slow)))
    timings = _time_all(contenders, len(hands), repeats)
    rows = deal(1_000_000 if quick else 10_000_000, width, 12)
    for label, check in (("check=False", False), ("validated", True)):
        timings.append(Timing(f"pokerhash {call}_batch ({label})", median_ns(lambda: batch(rows, check=check), len(rows), repeats),
                              len(rows)))
    return timings


# ranking of the catalogue: (dealer, pokerkit hand class, pokerkit call); the per-call
# and batch functions and the cards per hand are the catalogue's. Short deck is timed
# in pokerkit's order (the straight above three of a kind).
_MORE = {
    "shortdeck-classic": (shortdeck_hands, "ShortDeckHoldemHand", lambda t, h: t.from_game(h[:2], h[2:])),
    "a5-low": (random_hands, "RegularLowHand", lambda t, h: t.from_game(h)),
    "deuce7": (random_hands, "StandardLowHand", lambda t, h: t(h)),
    "badugi": (random_hands, "BadugiHand", lambda t, h: t.from_game(h)),
}

SECTIONS = {
    "high": ("High hands, 7 cards, random", run_high, "pokerhash evaluate"),
    "omaha": ("Omaha high: PLO4 per call (5-card board); batches PLO4/5/6", run_omaha, "pokerhash evaluate_omaha"),
    "low": ("Eight-or-better low: 7 cards and Omaha (4 hole, 5 board)", run_low, "pokerhash evaluate_low8 (7 cards)"),
    "shortdeck": ("Short-deck Hold'em, 7 cards of 36 (straight above trips, as pokerkit)",
                  functools.partial(_more_section, "shortdeck-classic"), "pokerhash " + _call_name("shortdeck-classic")),
    "a5": ("A-5 low (razz), 7 cards", functools.partial(_more_section, "a5-low"), "pokerhash " + _call_name("a5-low")),
    "deuce7": ("2-7 low, 5 cards", functools.partial(_more_section, "deuce7"), "pokerhash " + _call_name("deuce7")),
    "badugi": ("Badugi, 4 cards", functools.partial(_more_section, "badugi"), "pokerhash " + _call_name("badugi")),
}


def report(title: str, timings: Sequence[Timing], baseline: str) -> str:
    lines = [title, f"  {'contender':62s} {'ns/hand':>10s} {'ratio':>8s}"]
    base = next(t.ns_per_hand for t in timings if t.name == baseline)
    for t in timings:
        ratio = "" if t.name.startswith("pokerhash") else f"{base / t.ns_per_hand:8.2g}"
        lines.append(f"  {t.name:62s} {t.ns_per_hand:10.1f} {ratio}")
    lines.append(f"  ratio = {baseline} time / contender time (below 1: pokerhash faster)")
    return "\n".join(lines)


CONTENDERS = ("phevaluator", "eval7", "treys", "pokerkit")


def missing_contenders() -> List[str]:
    """The other evaluators that are not installed (pokerkit needs Python 3.11+)."""
    return [name for name in CONTENDERS if importlib.util.find_spec(name) is None]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``pokerhash bench`` (and of benchmarks/compare.py)."""
    parser.add_argument("--full", action="store_true", help="10 million batch hands and more repeats (slower)")
    parser.add_argument("--repeats", type=int, default=None, help="timed runs per contender, median reported "
                                                                  "(default 3, or 7 with --full)")
    parser.add_argument("--only", choices=sorted(SECTIONS), action="append",
                        help="run only this section (repeat the option for several)")
    parser.add_argument("--cpu", action="store_true", help="time by CPU time, not wall-clock time (on a "
                                                           "loaded machine: leaves out time other processes run)")


def run(args: argparse.Namespace) -> int:
    """Time the sections that ``args`` select and print a table for each."""
    if args.repeats is not None and args.repeats < 1:
        raise InvalidValueError(f"--repeats: expected at least 1, got {args.repeats}")
    missing = missing_contenders()
    if missing:
        print(f"not installed, so not timed: {', '.join(missing)} "
              "(pip install 'pokerhash[bench]' installs them)", flush=True)
    repeats = args.repeats or (7 if args.full else 3)
    global clock
    clock = CLOCKS["cpu" if args.cpu else "wall"]
    for name in args.only or SECTIONS:
        title, run_section, baseline = SECTIONS[name]
        print(report(title, run_section(not args.full, repeats), baseline), flush=True)
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="pokerhash bench", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))

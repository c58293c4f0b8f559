"""Every small question, per call, beside its anchor in one process (issue 26).

    python benchmarks/small_questions.py              # about a minute
    python benchmarks/small_questions.py --rounds 15 --only text

Each line times one call on a pool of random inputs, in rounds that interleave all
contenders of a section (so that machine load hits them alike), and reports the median
over rounds, in ns per call, with its ratio to the section's first line. Sections:

- ``text``: ``evaluate`` of seven cards as ints, as text in the common forms and as a
  list of two-character strings, beside the string paths of phevaluator
  (``evaluate_cards("As", ...)``), eval7 (``Card("As")`` then ``evaluate``) and treys
  (``Card.new`` then ``evaluate``) when they are installed (``pip install ".[bench]"``);
  then every other per-call API that takes cards, ints beside text.
- ``preflop``: ``preflop_equity`` of two two-card hands, and per matchup in
  ``preflop_equity_batch``.
- ``index``: ``HandIndexer.index`` of a river hand, ints and text, beside its batch.
- ``equity``: exact equity of two known hands on a turn (44 rivers) and on a flop, and
  range against range on a flop (``QQ+,AKs`` v ``22+,A2s+,KTs+`` on Jh7c2h).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from typing import Callable, Dict, List, Sequence, Tuple

import numpy as np

import pokerhash as ph
from pokerhash.cards import card_str

Case = Tuple[str, Callable[[], object], int]  # name, one run over the pool, calls per run


def per_call_ns(cases: Sequence[Case], rounds: int) -> Dict[str, float]:
    """Median ns per call of each case, rounds interleaved."""
    samples: Dict[str, List[float]] = {name: [] for name, _, _ in cases}
    passes = {}
    for name, run, calls in cases:
        run()  # warm up: tables, caches, lazy imports
        start = time.perf_counter()
        run()
        # Passes enough for a few milliseconds a sample: shorter ones measure the clock.
        passes[name] = max(1, int(0.005 / max(time.perf_counter() - start, 1e-9)))
    for _ in range(rounds):
        for name, run, calls in cases:
            start = time.process_time_ns()
            for _ in range(passes[name]):
                run()
            samples[name].append((time.process_time_ns() - start) / calls / passes[name])
    return {name: statistics.median(values) for name, values in samples.items()}


def report(title: str, cases: Sequence[Case], rounds: int) -> None:
    timings = per_call_ns(cases, rounds)
    first = next(iter(timings.values()))
    print(f"\n{title}")
    for name, ns in timings.items():
        print(f"  {name:<52} {ns:10.0f} ns   {ns / first:6.2f}x")


def _optional(name: str):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _pool(n: int, width: int, seed: int = 26, deck: Sequence[int] = tuple(range(52))) -> List[List[int]]:
    rng = random.Random(seed)
    return [rng.sample(list(deck), width) for _ in range(n)]


def _loop(function: Callable[[object], object], items: Sequence[object]) -> Callable[[], object]:
    def run() -> object:
        for item in items:
            function(item)
    return run


def text_cases(n: int) -> List[Case]:
    hands = _pool(n, 7)
    strings = [[card_str(c) for c in h] for h in hands]
    spaced = [" ".join(s) for s in strings]
    cases: List[Case] = [
        ("evaluate(ints)", _loop(ph.evaluate, hands), n),
        ('evaluate("As Kd Qh Jc Ts 9h 2c")', _loop(ph.evaluate, spaced), n),
        ('evaluate("AsKdQhJcTs9h2c")', _loop(ph.evaluate, ["".join(s) for s in strings]), n),
        ('evaluate("As,Kd,...")', _loop(ph.evaluate, [",".join(s) for s in strings]), n),
        ('evaluate(["As", "Kd", ...])', _loop(ph.evaluate, strings), n),
    ]
    phevaluator = _optional("phevaluator")
    if phevaluator is not None:
        cases.append(("phevaluator evaluate_cards('As', ...)", _loop(lambda s: phevaluator.evaluate_cards(*s), strings), n))
    eval7 = _optional("eval7")
    if eval7 is not None:
        card = eval7.Card
        cases.append(("eval7 evaluate([Card('As'), ...])", _loop(lambda s: eval7.evaluate([card(x) for x in s]), strings),
                      n))
    treys = _optional("treys")
    if treys is not None:
        evaluator, new = treys.Evaluator(), treys.Card.new
        cases.append(("treys evaluate(Card.new('As'), ...)",
                      _loop(lambda s: evaluator.evaluate([new(x) for x in s[:2]], [new(x) for x in s[2:]]), strings), n))
    return cases


def other_text_cases(n: int) -> List[Case]:
    omaha = _pool(n, 9)
    omaha_text = [(" ".join(card_str(c) for c in h[:4]), " ".join(card_str(c) for c in h[4:])) for h in omaha]
    turkish = _pool(n, 5, deck=range(16, 52))
    fives = _pool(n, 5)
    razz = _pool(n, 7)

    def text(hands):
        return [" ".join(card_str(c) for c in h) for h in hands]

    return [
        ("evaluate_omaha(ints)", _loop(lambda h: ph.evaluate_omaha(h[:4], h[4:]), omaha), n),
        ("evaluate_omaha(text)", _loop(lambda h: ph.evaluate_omaha(*h), omaha_text), n),
        ("evaluate_turkish(ints)", _loop(ph.evaluate_turkish, turkish), n),
        ("evaluate_turkish(text)", _loop(ph.evaluate_turkish, text(turkish)), n),
        ("evaluate_shortdeck(ints)", _loop(ph.evaluate_shortdeck, turkish), n),
        ("evaluate_shortdeck(text)", _loop(ph.evaluate_shortdeck, text(turkish)), n),
        ("evaluate_a5_low(ints)", _loop(ph.evaluate_a5_low, razz), n),
        ("evaluate_a5_low(text)", _loop(ph.evaluate_a5_low, text(razz)), n),
        ("evaluate_deuce7(text)", _loop(ph.evaluate_deuce7, text(fives)), n),
        ("cards(text)", _loop(ph.cards, text(razz)), n),
        ("Range('AsKd') (one combo)", _loop(ph.Range, ["".join(card_str(c) for c in h[:2]) for h in razz]), n),
    ]


def preflop_cases(n: int) -> List[Case]:
    deals = _pool(n, 4)
    text = [(card_str(h[0]) + card_str(h[1]), card_str(h[2]) + card_str(h[3])) for h in deals]
    rows = np.array(deals)
    cases: List[Case] = [
        ('preflop_equity("AhKh", "QsQd")', _loop(lambda ab: ph.preflop_equity(*ab), text), n),
        ("preflop_equity([51, 47], [42, 41])", _loop(lambda h: ph.preflop_equity(h[:2], h[2:]), deals), n),
        ('preflop_equity("AKs", "QQ")', _loop(lambda ab: ph.preflop_equity(*ab), [("AKs", "QQ")] * n), n),
    ]
    if hasattr(ph, "preflop_equity_batch"):  # (not in versions before it, for before/after runs)
        cases.append(("preflop_equity_batch, per matchup", lambda: ph.preflop_equity_batch(rows[:, :2], rows[:, 2:]), n))
    return cases


def index_cases(n: int) -> List[Case]:
    indexer = ph.HandIndexer((2, 3, 1, 1))
    hands = _pool(n, 7)
    rows = np.array(hands, dtype=np.uint8)
    return [
        ("HandIndexer.index(ints)", _loop(indexer.index, hands), n),
        ('HandIndexer.index("AsKd...")', _loop(indexer.index, ["".join(card_str(c) for c in h) for h in hands]), n),
        ("HandIndexer.index_batch, per hand", lambda: indexer.index_batch(rows), n),
    ]


def equity_cases(n: int) -> List[Case]:
    spots = _pool(n, 8)
    turn = [(h[:2], h[2:4], h[4:8]) for h in spots]
    flop = [(h[:2], h[2:4], h[4:7]) for h in spots[: max(n // 20, 5)]]
    text = [(card_str(a[0]) + card_str(a[1]), card_str(b[0]) + card_str(b[1]), " ".join(map(card_str, board)))
            for a, b, board in turn]
    ranges = ["QQ+,AKs", "22+,A2s+,KTs+"]
    return [
        ("equity, two hands on a turn (44 rivers)", _loop(lambda s: ph.equity([s[0], s[1]], s[2]), turn), n),
        ("equity, the same as text", _loop(lambda s: ph.equity([s[0], s[1]], s[2]), text), n),
        ("equity, two hands on a flop (990 boards)", _loop(lambda s: ph.equity([s[0], s[1]], s[2]), flop), len(flop)),
        ("equity, QQ+,AKs v 22+,A2s+,KTs+ on Jh7c2h", lambda: ph.equity(ranges, "Jh7c2h"), 1),
    ]


SECTIONS = {
    "text": ("Seven cards as ints and as text, beside the string paths of others", text_cases),
    "other": ("Every other per-call API: ints beside text", other_text_cases),
    "preflop": ("Preflop equity of two hands", preflop_cases),
    "index": ("Hand isomorphism, one hand per call", index_cases),
    "equity": ("Exact equity, one small question per call", equity_cases),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--only", action="append", choices=sorted(SECTIONS))
    args = parser.parse_args()
    print(f"pokerhash {ph.__version__}, {time.strftime('%Y-%m-%d')}, medians of {args.rounds} interleaved rounds "
          "(CPU time)")
    for key in args.only or SECTIONS:
        title, make = SECTIONS[key]
        report(title, make(args.hands), args.rounds)


if __name__ == "__main__":
    main()

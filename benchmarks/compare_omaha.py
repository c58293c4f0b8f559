"""Omaha high and eight-or-better low: pokerhash beside phevaluator, treys and pokerkit.

    python benchmarks/compare_omaha.py            # quick
    python benchmarks/compare_omaha.py --full     # more hands and repeats

Every contender gets the same pre-generated deals (4 hole + 5 board cards; 7 cards
for the any-five low), converted to its own card type before timing, in one process.
Medians of repeated runs; a ratio is pokerhash's time over the other's (below 1
means pokerhash is faster). Results are cross-checked before anything is timed.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from pokerhash import card_str
from pokerhash.bench import median_ns, random_hands
from pokerhash.low import evaluate_low8, evaluate_low8_batch, evaluate_omaha_low8, evaluate_omaha_low8_batch
from pokerhash.omaha import evaluate_omaha, evaluate_omaha_batch


def _optional(module: str):
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        return None


def omaha_high_per_call(holes, boards):
    """(name, run over all deals, results) for each contender."""
    yield "pokerhash evaluate_omaha", lambda: [evaluate_omaha(h, b) for h, b in zip(holes, boards)], \
        lambda h, b: evaluate_omaha(h, b)
    phevaluator = _optional("phevaluator")
    if phevaluator is not None:
        plo4 = phevaluator.evaluate_omaha_cards
        yield "phevaluator evaluate_omaha_cards", lambda: [plo4(*b, *h) for h, b in zip(holes, boards)], \
            lambda h, b: 7463 - plo4(*b, *h)
    treys = _optional("treys")
    if treys is not None:
        deck = [treys.Card.new(card_str(c)) for c in range(52)]
        t_holes = [[deck[c] for c in h] for h in holes]
        t_boards = [[deck[c] for c in b] for b in boards]
        plo = treys.PLOEvaluator()
        yield "treys PLOEvaluator", lambda: [plo.evaluate(h, b) for h, b in zip(t_holes, t_boards)], \
            lambda h, b: 7463 - plo.evaluate([deck[c] for c in h], [deck[c] for c in b])
    pokerkit = _optional("pokerkit")
    if pokerkit is not None:
        deck = [next(iter(pokerkit.Card.parse(card_str(c)))) for c in range(52)]
        k_holes = [[deck[c] for c in h] for h in holes]
        k_boards = [[deck[c] for c in b] for b in boards]
        hand = pokerkit.OmahaHoldemHand.from_game
        yield "pokerkit OmahaHoldemHand", lambda: [hand(h, b) for h, b in zip(k_holes, k_boards)], None


def _pokerkit_low(hand_type, hole, board):
    try:
        return hand_type.from_game(hole, board)
    except ValueError:  # pokerkit raises when there is no qualifying low
        return None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="more hands and repeats")
    args = parser.parse_args(argv)
    repeats = 7 if args.full else 5
    n_calls = 20_000 if args.full else 5_000
    n_slow = 2_000 if args.full else 500  # pure-Python contenders
    n_batch = 10_000_000 if args.full else 1_000_000

    deals = random_hands(max(n_calls, 10_000), 9, seed=7)
    holes, boards = deals[:, :4].tolist(), deals[:, 4:].tolist()

    print("Omaha high (PLO4, 5-card board), per call")
    base = None
    for name, run, check in omaha_high_per_call(holes[:n_calls], boards[:n_calls]):
        if check is not None:
            assert all(check(h, b) == evaluate_omaha(h, b) for h, b in zip(holes[:300], boards[:300])), name
        count = n_calls if name.startswith(("pokerhash", "phevaluator")) else n_slow
        if count != n_calls:
            _, run, _ = next(c for c in omaha_high_per_call(holes[:count], boards[:count]) if c[0] == name)
        ns = median_ns(run, count, repeats)
        base = base or ns
        print(f"  {name:36s} {ns:12.0f} ns/hand   pokerhash/this {base / ns:8.4f}")

    print("Batch, one thread (ns/hand)")
    big = random_hands(n_batch, 11, seed=8)
    for n_hole in (4, 5, 6):
        hole_rows, board_rows = np.ascontiguousarray(big[:, :n_hole]), np.ascontiguousarray(big[:, 6:])
        checked = median_ns(lambda: evaluate_omaha_batch(hole_rows, board_rows), n_batch, repeats)
        unchecked = median_ns(lambda: evaluate_omaha_batch(hole_rows, board_rows, check=False), n_batch, repeats)
        low = median_ns(lambda: evaluate_omaha_low8_batch(hole_rows, board_rows), n_batch, repeats)
        print(f"  PLO{n_hole} high {checked:6.2f} validated, {unchecked:6.2f} check=False;   Omaha low {low:5.2f}")
    seven = np.ascontiguousarray(big[:, :7])
    print(f"  any-five low, 7 cards {median_ns(lambda: evaluate_low8_batch(seven), n_batch, repeats):5.2f} validated, "
          f"{median_ns(lambda: evaluate_low8_batch(seven, check=False), n_batch, repeats):5.2f} check=False")

    pokerkit = _optional("pokerkit")
    print("Eight-or-better low, per call")
    sevens = deals[:, :7].tolist()
    lows = [
        ("pokerhash evaluate_low8 (7 cards)", lambda: [evaluate_low8(h) for h in sevens[:n_calls]], n_calls),
        ("pokerhash evaluate_omaha_low8", lambda: [evaluate_omaha_low8(h, b) for h, b in
                                                   zip(holes[:n_calls], boards[:n_calls])], n_calls),
    ]
    if pokerkit is not None:
        deck = [next(iter(pokerkit.Card.parse(card_str(c)))) for c in range(52)]
        k_sevens = [[deck[c] for c in h] for h in sevens[:n_slow]]
        k_holes = [[deck[c] for c in h] for h in holes[:n_slow]]
        k_boards = [[deck[c] for c in b] for b in boards[:n_slow]]
        # Qualification must agree: pokerkit has a low exactly when pokerhash's value is nonzero.
        for h, kh in zip(sevens[:300], k_sevens):
            assert (_pokerkit_low(pokerkit.EightOrBetterLowHand, kh[:2], kh[2:]) is None) == (evaluate_low8(h) == 0)
        for h, b, kh, kb in zip(holes[:300], boards[:300], k_holes, k_boards):
            assert (_pokerkit_low(pokerkit.OmahaEightOrBetterLowHand, kh, kb) is None) == \
                (evaluate_omaha_low8(h, b) == 0)
        lows += [
            ("pokerkit EightOrBetterLowHand", lambda: [_pokerkit_low(pokerkit.EightOrBetterLowHand, h[:2], h[2:])
                                                       for h in k_sevens], n_slow),
            ("pokerkit OmahaEightOrBetterLowHand", lambda: [_pokerkit_low(pokerkit.OmahaEightOrBetterLowHand, h, b)
                                                            for h, b in zip(k_holes, k_boards)], n_slow),
        ]
    timings = {name: median_ns(run, count, repeats) for name, run, count in lows}
    for name, ns in timings.items():
        mine = timings["pokerhash evaluate_omaha_low8" if "maha" in name else "pokerhash evaluate_low8 (7 cards)"]
        print(f"  {name:36s} {ns:12.0f} ns/hand   pokerhash/this {mine / ns:8.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""pokerhash's equity beside eval7's and pokerkit's, on the same questions, in one process.

    python benchmarks/compare_equity.py            # quick
    python benchmarks/compare_equity.py --full     # adds AA vs KK and QQ+,AKs vs random exact

Install the contenders with ``pip install ".[bench]"`` (pokerkit needs Python >= 3.11).
Times are the best and the median of a few runs on one thread, in CPU time of the
process (``--wall`` for wall-clock time; on a busy shared machine CPU time is the
honest single-thread measure); sampling rates are showdowns per second. Each line also prints the equities, so the answers can be
compared as well as the times.
"""

from __future__ import annotations

import argparse
import statistics
import time


from pokerhash import equity
from pokerhash.ranges import Range

CLOCK = time.process_time


def timed(function, repeats: int):
    times, result = [], None
    for _ in range(repeats):
        start = CLOCK()
        result = function()
        times.append(CLOCK() - start)
    return min(times), statistics.median(times), result


def report(name: str, who: str, best: float, median: float, answer, per: float = 0.0):
    rate = f"  {per / median:13,.0f} showdowns/s" if per else ""
    print(f"{name:34s} {who:10s} best {best * 1e3:10.2f} ms  median {median * 1e3:10.2f} ms{rate}  {answer}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--wall", action="store_true", help="wall-clock instead of CPU time")
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.perf_counter if args.wall else time.process_time
    r = args.repeats
    try:
        import eval7
    except ImportError:
        eval7 = None
    try:
        import pokerkit
    except ImportError:
        pokerkit = None

    def fmt(values):
        return "[" + ", ".join(f"{v:.4f}" for v in values) + "]"

    # Exact answers. (eval7 0.1.11's py_hand_vs_range_exact answers 0.0 or 1.0 here,
    # e.g. 0.0 for AhKh v QQ+ on Jh7c2h, where the equity is 0.4768: not compared.)
    b, m, res = timed(lambda: equity(["AhAd", "KsKc"], method="exact"), r)
    report("AhAd v KsKc preflop exact", "pokerhash", b, m, fmt(res.equity))
    b, m, res = timed(lambda: equity(["AhKh", Range("QQ+")], "Jh7c2h", method="exact"), r)
    report("AhKh v QQ+ on Jh7c2h exact", "pokerhash", b, m, fmt(res.equity))

    # Hand against a range by sampling.
    name = "AhKh v QQ+ on Jh7c2h sampled"
    n = 1_000_000
    b, m, res = timed(lambda: equity(["AhKh", Range("QQ+")], "Jh7c2h", method="sample", trials=n,
                                     seed=1), r)
    report(name, "pokerhash", b, m, fmt(res.equity), n)
    if eval7:
        hand, villain = [eval7.Card(c) for c in ("Ah", "Kh")], eval7.HandRange("QQ+")
        board = [eval7.Card(c) for c in ("Jh", "7c", "2h")]
        b, m, res = timed(lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, board, n), r)
        report(name, "eval7", b, m, f"[{res:.4f}]", n)

    # 3. Heads-up Hold'em by sampling.
    name = "AhAd v KsKc preflop sampled"
    n = 4_000_000
    b, m, res = timed(lambda: equity(["AhAd", "KsKc"], method="sample", trials=n, seed=1), r)
    report(name, "pokerhash", b, m, fmt(res.equity), n)
    if eval7:
        hand, villain = [eval7.Card(c) for c in ("Ah", "Ad")], eval7.HandRange("KsKc")
        k = 1_000_000
        b, m, res = timed(lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], k), r)
        report(name, "eval7", b, m, f"[{res:.4f}]", k)
    if pokerkit:
        k = 20_000
        ranges = (pokerkit.parse_range("AhAd"), pokerkit.parse_range("KsKc"))
        b, m, res = timed(lambda: pokerkit.calculate_equities(ranges, (), 2, 5, pokerkit.Deck.STANDARD,
                                                              (pokerkit.StandardHighHand,), sample_count=k), 1)
        report(name, "pokerkit", b, m, fmt(res), k)

    # 4. PLO4 heads-up by sampling, and exactly.
    name = "PLO4 AhKhQsJs v 9c8c7d6d sampled"
    n = 1_000_000
    b, m, res = timed(lambda: equity(["AhKhQsJs", "9c8c7d6d"], game="omaha", method="sample", trials=n, seed=1), r)
    report(name, "pokerhash", b, m, fmt(res.equity), n)
    if pokerkit:
        k = 5_000
        ranges = (pokerkit.parse_range("AhKhQsJs"), pokerkit.parse_range("9c8c7d6d"))
        b, m, res = timed(lambda: pokerkit.calculate_equities(ranges, (), 4, 5, pokerkit.Deck.STANDARD,
                                                              (pokerkit.OmahaHoldemHand,), sample_count=k), 1)
        report(name, "pokerkit", b, m, fmt(res), k)
    b, m, res = timed(lambda: equity(["AhKhQsJs", "9c8c7d6d"], game="omaha", method="exact"), r)
    report("PLO4 AhKhQsJs v 9c8c7d6d exact", "pokerhash", b, m, fmt(res.equity))

    if args.full:
        b, m, res = timed(lambda: equity([Range("AA"), Range("KK")], method="exact"), r)
        report("AA v KK exact", "pokerhash", b, m, fmt(res.equity))
        if eval7:
            b, m, res = timed(lambda: eval7.py_all_hands_vs_range(eval7.HandRange("AA"), eval7.HandRange("KK"), [],
                                                                  10_000_000), 1)
            report("AA v KK (eval7: 10 M samples a hand)", "eval7", b, m, f"{len(res)} hands")
        hero = Range("QQ+,AKs")
        b, m, res = timed(lambda: equity([hero, Range("random")], method="exact"), 1)
        report("QQ+,AKs v random exact", "pokerhash", b, m, fmt(res.equity))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

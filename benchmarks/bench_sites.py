"""PokerStars hand histories: parsing and parse + engine verification, hands per second on
one core, side by side with pokerkit's PokerStars parser (pokerkit.notation).

    PYTHONPATH=src python benchmarks/bench_sites.py [--hands 3000] [--repeats 5]

The hands are the PokerStars test hands of tests/data/sites (cash and tournament,
Hold'em, Omaha hi/lo, 5-card Omaha, fixed limit), repeated with new hand numbers;
pokerkit reads only no-limit Hold'em, so it is timed on those hands alone, and the
ratio is per hand. Medians of ``--repeats`` runs.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from pathlib import Path

import pokerhash.sites as sites

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "sites" / "pokerstars"


def corpus(count: int) -> str:
    hands = []
    for path in sorted(DATA.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        hands += [h for h in re.split(r"\n(?=PokerStars )", text) if h.strip()]
    out = []
    for i in range(count):
        hand = hands[i % len(hands)]
        out.append(re.sub(r"#\d+:", f"#{300000000000 + i}:", hand, count=1).strip())
    return "\n\n\n".join(out) + "\n"


def rate(function, hands: int, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        function()
        times.append(time.process_time() - start)
    return hands / statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    text = corpus(args.hands)
    data = text.encode()
    hands = list(sites.read(data))
    assert len(hands) == args.hands and all(h.error is None for h in hands)
    assert all(h.replay().agrees for h in hands[:50])

    parse = rate(lambda: sum(1 for _ in sites.read(data)), args.hands, args.repeats)
    verify = rate(lambda: sum(h.replay().agrees for h in sites.read(data)), args.hands, args.repeats)
    print(f"pokerhash.sites  parse            {parse:10,.0f} hands/s")
    print(f"pokerhash.sites  parse + verify   {verify:10,.0f} hands/s")
    try:
        from pokerkit.notation import PokerStarsParser
    except ImportError:
        print("pokerkit not installed: no comparison")
        return
    nl = [h.text + "\n" for h in hands if h.game == "Texas Hold'em" and h.limit == "no-limit"]
    count = len(nl)
    reader = PokerStarsParser()

    def pokerkit_parse() -> int:
        done = 0
        for hand in nl:
            try:
                for _ in reader(hand):
                    done += 1
            except Exception:  # pokerkit refuses some hands (a thousands separator...)
                pass
        return done

    parsed = pokerkit_parse()
    kit = rate(pokerkit_parse, count, max(1, args.repeats // 2))
    print(f"pokerkit         parse (NL only)  {kit:10,.0f} hands/s   ({parsed} of {count} hands read)")
    print(f"ratio            parse            {parse / kit:10.1f}x")
    print(f"ratio            parse + verify   {verify / kit:10.1f}x   (pokerkit's parse builds its states)")


if __name__ == "__main__":
    main()

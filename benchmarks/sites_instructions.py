"""CPU instructions per PokerStars hand, parsing and parse + engine verification, counted
by valgrind (callgrind): a measure that the machine's load does not move.

    PYTHONPATH=src python benchmarks/sites_instructions.py [--hands 300]

The hands are ``bench_sites.py``'s (the PokerStars test hands of tests/data/sites,
repeated with new hand numbers). Each measure runs in a child process under
``valgrind --tool=callgrind`` twice, with ``--hands`` and with three times as many
after the same start-up (imports, the same text made, one warm-up pass over 200 hands); the difference of
the counts over the difference of the hands is the count per hand (the runner is
``_callgrind.py``'s: Python's hash seed fixed, PYTHONHASHSEED=0).
"""

from __future__ import annotations

import argparse

from _callgrind import per_unit

CHILD = """
import sys
sys.path.insert(0, {here!r})
from bench_sites import corpus
SEPARATOR = chr(10) * 3
import pokerhash.sites as sites
hands = corpus(int(sys.argv[3])).split(SEPARATOR)
warm = SEPARATOR.join(hands[-200:]).encode()
data = SEPARATOR.join(hands[:int(sys.argv[1])]).encode()
if sys.argv[2] == "parse":
    run = lambda source: sum(1 for _ in sites.read(source))
else:
    run = lambda source: sum(h.replay().agrees for h in sites.read(source))
run(warm)
run(data)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--only", choices=["parse", "verify"])
    args = parser.parse_args()
    for what in [args.only] if args.only else ["parse", "verify"]:
        total = 3 * args.hands + 200  # the same text made in both runs: only the hands read differ
        count = per_unit(CHILD, args.hands, what, total)
        print(f"pokerhash.sites  {what:<8} {count:12,.0f} instructions per hand")


if __name__ == "__main__":
    main()

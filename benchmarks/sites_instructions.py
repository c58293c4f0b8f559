"""CPU instructions per PokerStars hand, parsing and parse + engine verification, counted
by valgrind (callgrind): a measure that the machine's load does not move.

    PYTHONPATH=src python benchmarks/sites_instructions.py [--hands 300]

The hands are ``bench_sites.py``'s (the PokerStars test hands of tests/data/sites,
repeated with new hand numbers). Each measure runs in a child process under
``valgrind --tool=callgrind`` twice, with ``--hands`` and with three times as many
after the same start-up (imports, the same text made, one warm-up pass over 200 hands); the difference of
the counts over the difference of the hands is the count per hand. Python's hash seed
is fixed (PYTHONHASHSEED=0).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

CHILD = """
import sys
sys.path.insert(0, {here!r})
from bench_sites import corpus
SEPARATOR = chr(10) * 3
import pokerhash.sites as sites
hands = corpus(int(sys.argv[3])).split(SEPARATOR)
warm = SEPARATOR.join(hands[-200:]).encode()
data = SEPARATOR.join(hands[:int(sys.argv[2])]).encode()
if sys.argv[1] == "parse":
    run = lambda source: sum(1 for _ in sites.read(source))
else:
    run = lambda source: sum(h.replay().agrees for h in sites.read(source))
run(warm)
run(data)
"""


def instructions(what: str, hands: int, total: int, out: str = "/dev/null") -> int:
    environment = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")  # no idle BLAS threads counted
    code = CHILD.format(here=str(Path(__file__).parent))
    result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                             code, what, str(hands), str(total)], capture_output=True, text=True, env=environment)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if match is None:
        raise SystemExit(f"valgrind failed:\n{result.stderr[-2000:]}")
    return int(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--only", choices=["parse", "verify"])
    args = parser.parse_args()
    for what in [args.only] if args.only else ["parse", "verify"]:
        total = 3 * args.hands + 200  # the same text made in both runs: only the hands read differ
        count = (instructions(what, 3 * args.hands, total) - instructions(what, args.hands, total)) / (2 * args.hands)
        print(f"pokerhash.sites  {what:<8} {count:12,.0f} instructions per hand")


if __name__ == "__main__":
    main()

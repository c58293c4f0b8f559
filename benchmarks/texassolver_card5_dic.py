"""TexasSolver's five-card rank table, rebuilt: ``card5_dic_sorted.txt`` (52 MB).

    python benchmarks/texassolver_card5_dic.py OUT.txt [--check card5_dic_zipped.bin | --check GIT_DIR]

TexasSolver's ``console`` branch (github.com/bupticybee/TexasSolver, the anchor that
benchmarks/solver_vs_postflop_solver.py runs) reads ``resources/compairer/
card5_dic_sorted.txt``, a file the offline mirror here leaves out (its largest files
are absent). Its loader (``src/compairer/Dic5Compairer.cpp``) reads one hand a line,
``<card>-<card>-<card>-<card>-<card>,<rank>``, cards written rank then suit (``Ts``,
``2c``; suits c, d, h, s), keys each line by the 52-bit set of its cards (so card
order in a line does not matter, a repeated hand is an error) and treats a *smaller*
rank as a *stronger* hand ("0 is a straight flush", its comment says; ties compare
equal). The 7-card rank it uses is the minimum over the 21 five-card subsets.

So the file is every one of the C(52, 5) = 2,598,960 hands with its Cactus Kev rank
(1 = royal flush ... 7462 = 7-5-4-3-2 high), which is ``7463 - strength`` of
pokerhash's evaluator. ``--check`` compares every hand against the master branch's
``card5_dic_zipped.bin`` (the same table, compressed: a count then (uint64 key, int32
rank) records for the 5,148 flush hands keyed by their card bits, then a count and
records for the 6,175 non-flush rank multisets keyed by four-bit rank counts; see
``FiveCardsStrength::load`` and ``ranks_hash`` in that branch's Dic5Compairer.cpp),
given as the file or as a git directory holding the master branch (the mirror).
"""

from __future__ import annotations

import argparse
import itertools
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np

from pokerhash.evaluators.high import MAX_STRENGTH, evaluate_batch

RANKS, SUITS = "23456789TJQKA", "cdhs"  # TexasSolver's card int: (rank - 2) * 4 + suit, as pokerhash's
NAMES = [r + s for r in RANKS for s in SUITS]
ZIPPED = "resources/compairer/card5_dic_zipped.bin"


def all_hands() -> np.ndarray:
    """The 2,598,960 five-card hands, (n, 5) uint8, cards ascending in each row."""
    return np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)


def cactus_kev_ranks(hands: np.ndarray) -> np.ndarray:
    return (MAX_STRENGTH + 1) - evaluate_batch(hands).astype(np.int32)


def write_table(path: Path, hands: np.ndarray, ranks: np.ndarray) -> None:
    with open(path, "w") as out:
        for row, rank in zip(hands.tolist(), ranks.tolist()):
            out.write(f"{'-'.join(NAMES[c] for c in row)},{rank}\n")


def read_zipped(data: bytes):
    """The two maps of card5_dic_zipped.bin: {card bits: rank} for flushes,
    {rank-count nibbles: rank} for the rest."""
    maps, offset = [], 0
    for _ in range(2):
        (count,) = struct.unpack_from("<i", data, offset)
        offset += 4
        records = np.frombuffer(data, dtype=np.dtype([("key", "<u8"), ("rank", "<i4")]), count=count, offset=offset)
        offset += 12 * count
        maps.append(dict(zip(records["key"].tolist(), records["rank"].tolist())))
    if offset != len(data):
        raise ValueError(f"{len(data) - offset} bytes left after the two maps")
    return maps


def zipped_rank(flushes: dict, others: dict, row) -> int:
    """The rank TexasSolver's master branch gives a hand (its FiveCardsStrength::operator[])."""
    bits = sum(1 << c for c in row)
    if len({c % 4 for c in row}) == 1:
        return flushes[bits]
    counts = 0
    for c in row:  # four bits per rank, as its ranks_hash folds the suit bits
        counts += 1 << (4 * (c // 4))
    return others[counts]


def check(hands: np.ndarray, ranks: np.ndarray, source: str) -> int:
    path = Path(source)
    if path.is_file():
        data = path.read_bytes()
    else:
        data = subprocess.run(["git", f"--git-dir={source}", "show", f"master:{ZIPPED}"], check=True,
                              capture_output=True).stdout
    flushes, others = read_zipped(data)
    bad = 0
    for row, rank in zip(hands.tolist(), ranks.tolist()):
        if zipped_rank(flushes, others, row) != rank:
            bad += 1
            if bad <= 5:
                print("differs:", "-".join(NAMES[c] for c in row), rank, zipped_rank(flushes, others, row))
    print(f"checked {len(hands):,} hands against {source}: {bad} differ "
          f"({len(flushes):,} flush keys, {len(others):,} rank-multiset keys)")
    return bad


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="where to write card5_dic_sorted.txt")
    parser.add_argument("--check", help="card5_dic_zipped.bin, or a git directory with TexasSolver's master branch")
    args = parser.parse_args(argv)
    hands = all_hands()
    ranks = cactus_kev_ranks(hands)
    assert len(hands) == 2_598_960 and ranks.min() == 1 and ranks.max() == MAX_STRENGTH
    write_table(Path(args.out), hands, ranks)
    print(f"wrote {len(hands):,} hands to {args.out}")
    return 1 if args.check and check(hands, ranks, args.check) else 0


if __name__ == "__main__":
    sys.exit(main())

"""Generate the tables of the badugi evaluator (rules: Other games).

Run by setup.py at build time; writes ``badugi_tables.h`` into the build's include
directory. Nothing here is hand-edited and nothing is downloaded. The tests check
every four-card hand against the readable reference in tests/reference_badugi.py.

A badugi hand plays its largest subset of cards of different ranks and different
suits, the ace low; hands of the same size compare from their highest card down, the
lower winning. So a hand's value is a function of the set of ranks it plays: a 13-bit
mask (ace bit 0 .. king bit 12), and among masks of one size the smaller integer is
the better hand. Values 1..1092 (13 + 78 + 286 + 715 rank sets), 1092 = A-2-3-4.

csrc/badugi.h ORs the cards' entries into one 64-bit word: bit 16 * suit + low rank,
one 16-bit lane per suit holding its rank mask (a byte that is no card: bit 13, which
no rank uses). Each suit's mask then reads its entry of ``ph_badugi_suit_entry``, whose
fields the header combines with one OR and one sum into the played ranks; the sum also
counts the different cards, four exactly when none repeats.
"""

from __future__ import annotations

import sys
from pathlib import Path

from _emit import c_array, c_header, write_header

HEADER = "badugi_tables.h"  # what this script writes, into build/generated (or the folder given)

ACE = 12  # rank index (rules: Cards)


def low_rank(rank: int) -> int:
    return 0 if rank == ACE else rank + 1


def values() -> list:
    """Value of each rank mask of 1 to 4 ranks (0 for the others): by size, then the
    smaller mask (a lower highest card, then the next ...) the better."""
    played = sorted((m for m in range(1, 8192) if bin(m).count("1") <= 4),
                    key=lambda m: (bin(m).count("1"), -m))
    table = [0] * 8192
    for value, mask in enumerate(played, 1):
        table[mask] = value
    assert len(played) == 1092
    return table


def suit_entry(mask: int) -> int:
    """What one suit's rank mask contributes (see csrc/badugi.h): its lowest rank in
    the field of the suits of one card (bits 0..12) or of the larger suits (bits
    48..60), the lowest rank again in bits 16..28, the other ranks in bits 32..44, and
    its number of cards in bits 61..63."""
    if bin(mask).count("1") > 4:
        return 0  # four cards never fill a suit with more (any bytes OR to four bits at most)
    lowest = mask & -mask
    rest = mask ^ lowest
    count = bin(mask).count("1") << 13  # summed over the suits: how many different cards
    return (0 if rest else lowest) | lowest << 16 | rest << 32 | ((lowest if rest else 0) | count) << 48


def card_entry(card: int) -> int:
    return 1 << (16 * (card & 3) + low_rank(card >> 2)) if card < 52 else 1 << 13


def render() -> str:
    body = [
        "/* Values 1..1092 (1092 = A-2-3-4 of four suits). */",
        "/* Per card byte: bit 16*suit + low rank (ace 0 .. king 12), bit 13 for no card. */",
        c_array("uint64_t", "ph_badugi_card_entry", (f"0x{card_entry(c):016X}ULL" for c in range(256)), 4),
        "/* Per suit rank mask: the fields described in csrc/badugi.h. */",
        c_array("uint64_t", "ph_badugi_suit_entry", (f"0x{suit_entry(m):016X}ULL" for m in range(8192)), 4),
        "/* The value of each set of played ranks (bit 0 = ace); 0 for five ranks or more. */",
        c_array("uint16_t", "ph_badugi_value", values()),
    ]
    return c_header(HEADER, body)


def main(outdir: str) -> Path:
    return write_header(outdir, HEADER, render())


if __name__ == "__main__":
    print(main(sys.argv[1] if len(sys.argv) > 1 else "build/generated"))

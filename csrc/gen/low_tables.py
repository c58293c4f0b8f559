"""Generate the tables of the eight-or-better low evaluators (rules: Low hands).

Run by setup.py at build time; writes ``low_tables.h`` into the build's include
directory. Nothing here is hand-edited and nothing is downloaded.

Only the ranks A, 2, ..., 8 can make a low, and a low has five different ranks, so
a hand's low is a question about the set of its low ranks: an 8-bit mask with bit 0
for the ace (it plays as one) up to bit 7 for the eight. Comparing two lows from
the highest card down is comparing their masks as integers, the smaller winning;
so the best low within a set is its five lowest bits. The 56 possible lows are
numbered 1..56 in decreasing mask order (56 = A-2-3-4-5, 1 = 8-7-6-5-4); 0 is no
low.

Tables (tests/test_low.py checks them against the readable reference in
tests/reference_low.py):

* ``ph_low_card_entry[card]``: the card's own bit (bit ``card``, as validate.h's
  ph_card_bit) with its low bit shifted to bits 52..59 (0 for 9..K); bit 63 alone
  past card 51. OR-ing a hand's entries gives its low mask (bits 52..59) and its
  cards; their sum differs from the OR in bits 0..51 exactly when a card repeats,
  so one load per card both evaluates and validates (low.h);
* ``ph_low_value[mask]``: the best low within any five of the cards (hold'em, stud);
* ``ph_omaha_low_value[hole_mask << 8 | board_mask]``: the best low with exactly
  two hole and three board cards (64 KB). For a fixed hole pair the best three
  board ranks are the three lowest that the pair does not already use.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

from _emit import c_array, c_header, write_header

HEADER = "low_tables.h"  # what this script writes, into build/generated (or the folder given)

PER_LINE = 32  # these arrays hold small numbers: 32 to a line

ACE = 12  # rank index of the ace (rules: Cards)
LOWS = sorted(sum(1 << b for b in bits) for bits in itertools.combinations(range(8), 5))
LOW_VALUE = {mask: len(LOWS) - i for i, mask in enumerate(LOWS)}  # A-2-3-4-5 (0b11111) -> 56


def card_bit(card: int) -> int:
    if card >= 52:
        return 0
    rank = card >> 2
    if rank == ACE:
        return 1
    return 1 << (rank + 1) if rank <= 6 else 0


def lowest_bits(mask: int, n: int) -> int:
    """The n lowest set bits of mask, or 0 if it has fewer."""
    kept = 0
    while mask and n:
        bit = mask & -mask
        kept |= bit
        mask ^= bit
        n -= 1
    return kept if n == 0 else 0


LOW_SHIFT = 52  # the low mask sits above the 52 card bits


def card_entry(card: int) -> int:
    return (1 << card | card_bit(card) << LOW_SHIFT) if card < 52 else 1 << 63


def any_five_value(mask: int) -> int:
    low = lowest_bits(mask, 5)
    return LOW_VALUE[low] if low else 0


def omaha_value(hole: int, board: int) -> int:
    best = 0
    hole_bits = [1 << b for b in range(8) if hole >> b & 1]
    for a, b in itertools.combinations(hole_bits, 2):
        three = lowest_bits(board & ~(a | b), 3)
        if three:
            best = max(best, LOW_VALUE[a | b | three])
    return best


def render() -> str:
    body = [
        f"#define PH_LOW_BEST {len(LOWS)}\n",
        f"#define PH_LOW_SHIFT {LOW_SHIFT}",
        c_array("uint64_t", "ph_low_card_entry", (f"0x{card_entry(c):016X}ULL" for c in range(256)), 4),
        c_array("uint8_t", "ph_low_value", (any_five_value(m) for m in range(256)), PER_LINE),
        c_array("uint8_t", "ph_omaha_low_value", (omaha_value(h, b) for h in range(256) for b in range(256)), PER_LINE),
    ]
    return c_header(HEADER, body)


def main(outdir: str) -> Path:
    return write_header(outdir, HEADER, render())


if __name__ == "__main__":
    print(main(sys.argv[1] if len(sys.argv) > 1 else "build/generated"))

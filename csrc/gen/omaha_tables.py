"""Generate the small tables of the Omaha high evaluator (rules: Games that pick five cards from more).

Run by setup.py at build time; writes ``omaha_tables.h`` into the build's include
directory. Nothing here is hand-edited and nothing is downloaded.

An Omaha hand uses exactly two hole cards and three board cards. Without a flush
its value depends only on ranks, so csrc/omaha.h keeps one row of values per board
rank multiset (3, 4 or 5 cards: 8,450 of them) with one column per hole rank pair
(91 of them): row[pair] is the best non-flush hand of that pair with any three of
those board ranks. That 8,450 x 91 table (1.5 MB) is computed in C on first use
from the high evaluator, so it costs nothing in the package or at import; this
script emits only what indexes it:

* a perfect hash from a board's rank key (the sum of the high evaluator's rank
  bases, which identifies a multiset of up to seven ranks) to its row number. It
  is the high evaluator's hash construction (csrc/gen/high_tables.py: odd
  multiplier modulo 2**25, per-row displacement) applied to the board keys;
* the column of every pair of hole cards, and the two ranks of every column.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Plain imports: csrc/gen is on sys.path (setup.py puts it there; run as a script,
# Python does).
import high_tables
from _emit import c_array, c_header, write_header

HEADER = "omaha_tables.h"  # what this script writes, into build/generated (or the folder given)

BOARD_SIZES = (3, 4, 5)


def board_rows() -> dict[int, int]:
    """Rank key of every board rank multiset -> its row, smaller boards first (the C
    builder fills a board's row from the rows of its one-card-smaller sub-boards)."""
    rows = {}
    for size in BOARD_SIZES:
        for ranks in high_tables.rank_multisets(size):
            rows[sum(high_tables.RANK_BASES[r] for r in ranks)] = len(rows)
    return rows


def rank_pairs() -> list[tuple[int, int]]:
    return [(low, high) for high in range(13) for low in range(high + 1)]


def render() -> str:
    rows = board_rows()
    multiplier, offsets, table = high_tables.search_hash(rows)
    pairs = rank_pairs()
    column = {pair: i for i, pair in enumerate(pairs)}
    # Indexed by (a << 6) + b: any two uint8 cards read inside (at most 255 * 64 + 255),
    # so no card is masked; valid cards (< 52) touch only the first 52 rows of 64.
    card_pair_column = [column[(min(a >> 2, b >> 2), max(a >> 2, b >> 2))] if a < 52 and b < 52 else 0
                        for a in range(256) for b in range(64)] + [0] * 192
    assert max(offsets) < 1 << 16 and len(rows) < 1 << 16
    body = [
        f"#define PH_OMAHA_BOARD_MUL 0x{multiplier:08X}u",
        f"#define PH_OMAHA_BOARDS {len(rows)}",
        f"#define PH_OMAHA_PAIRS {len(pairs)}\n",
        "/* Board rank key -> row, hashed as ph_rank_lookup does (same key and column bits). */",
        c_array("uint16_t", "ph_omaha_board_offset", offsets),
        c_array("uint16_t", "ph_omaha_board_row", table),
        "/* Column of two hole cards a, b: ph_omaha_card_pair_column[(a << 6) + b]. */",
        c_array("uint8_t", "ph_omaha_card_pair_column", card_pair_column, 32),
        "/* The two ranks of each column, lower first. */",
        c_array("uint8_t", "ph_omaha_pair_ranks", [r for pair in pairs for r in pair]),
    ]
    return c_header(HEADER, body)


def main(outdir: str) -> Path:
    return write_header(outdir, HEADER, render())


if __name__ == "__main__":
    print(main(sys.argv[1] if len(sys.argv) > 1 else "build/generated"))

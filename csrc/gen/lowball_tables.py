"""Generate the tables of the A-5 low (razz) and 2-7 low evaluators (rules: Other games).

Run by setup.py at build time; writes ``lowball_tables.h`` into the build's include
directory. Nothing here is hand-edited and nothing is downloaded. The tests check
every five-card hand, and random six- and seven-card hands, against the readable
reference in tests/reference_lowball.py.

Both games rank hands as the standard ranking does (rules: Standard hand ranking) but the *lower*
hand wins; values number the classes the other way round, so a higher value is a
better low, as everywhere in the package.

A-5 low (razz): the best five of 5 to 7 cards, the ace counting as one, straights and
flushes ignored. 6175 values (13 * 475 five-card rank multisets), 6175 = 5-4-3-2-A.
The value depends on the rank multiset only, and most hands (about 95% of seven-card
hands) hold five different ranks, whose best low is simply the five lowest. So
csrc/lowball.h ORs one 64-bit entry per card, the card's own bit at 13 * suit + low
rank (ace 0, two 1, ... king 12) or bit 63 for a byte that is no card, and folds the
four suits into a 13-bit rank mask: ``ph_a5_mask_value`` gives the value of every mask
with five ranks or more (the sum of the same entries, compared with their OR,
validates the row). A mask of fewer ranks reads 0 and sends the hand to a perfect hash
of its rank multiset (the rank bases of csrc/gen/high_tables.py: every multiset of at
most seven ranks has its own sum), holding the 28,132 multisets of 6 or 7 cards with
at most four ranks and the 6175 five-card multisets: half of all five-card hands hold a
pair, so five cards always take the hash, with no branch to mispredict.

2-7 low: exactly five cards, the ace high only (A-2-3-4-5 is no straight), straights
and flushes count. 7462 values, 7462 = 7-5-4-3-2 of at least two suits. As the high
evaluator: a key per card (rank base and suit counter starting at 3, so five cards of
one suit set bit 3 of its nibble), a flush table by the 13-bit rank mask, and a
perfect hash of the rank sum for the rest (keys below 2**24: a five-card sum of those
bases is at most 15,340,439). Each key sits beside its validation bit, 16 bytes per
card (csrc/fused.h).
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import _perfect_hash
from _emit import c_array, c_header, write_header
from high_tables import RANK_BASES

HEADER = "lowball_tables.h"  # what this script writes, into build/generated (or the folder given)

# The standard categories, weakest first (rules: Standard hand ranking): the low games read them the other way.
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(1, 10)
SHAPES = {(4, 1): FOUR_OF_A_KIND, (3, 2): FULL_HOUSE, (3, 1, 1): THREE_OF_A_KIND, (2, 2, 1): TWO_PAIR,
          (2, 1, 1, 1): ONE_PAIR, (1, 1, 1, 1, 1): HIGH_CARD}
ACE = 12  # rank index (rules: Cards)
HASH_SEED = 0x9E3779B1
SEARCH_TRIES = 8

A5_KEY_BITS = 25
A5_ROW_BITS = 13  # 8192 rows of 4096 columns
D7_KEY_BITS = 24
D7_ROW_BITS = 11  # 2048 rows of 8192 columns: the 6175 keys pack into 8253 entries


def low_rank(rank: int) -> int:
    """A-5 low's rank order: ace 0, two 1, ..., king 12."""
    return 0 if rank == ACE else rank + 1


def strength(ranks, suited: bool, straights: bool) -> tuple:
    """The standard ranking's sortable class of five ranks (rules: Standard hand ranking) with the ranks
    as given (the caller has put the ace where the game plays it) and no wrap-around
    straight: (category, ranks by group size then rank)."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    ordered = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    straight = straights and len(counts) == 5 and ordered[0] - ordered[4] == 4
    if straight:
        return (STRAIGHT_FLUSH if suited else STRAIGHT, ordered[0])
    if suited:
        return (FLUSH,) + ordered
    return (SHAPES[tuple(sorted(counts.values(), reverse=True))],) + ordered


def rank_multisets(size: int):
    for combo in itertools.combinations_with_replacement(range(13), size):
        if all(combo.count(r) <= 4 for r in combo):
            yield combo


def a5_strength(ranks) -> tuple:
    return strength(tuple(low_rank(r) for r in ranks), False, False)


def a5_values() -> dict:
    """Every five-card A-5 class -> its value; the weakest standard class (the lowest
    hand) gets the largest value."""
    classes = sorted({a5_strength(ranks) for ranks in rank_multisets(5)}, reverse=True)
    return {cls: i + 1 for i, cls in enumerate(classes)}


def a5_best(ranks, values: dict) -> int:
    return max(values[a5_strength(five)] for five in set(itertools.combinations(ranks, 5)))


def d7_strength(ranks, suited: bool) -> tuple:
    return strength(ranks, suited, True)  # ace high only: rank 12, so A-2-3-4-5 is no straight


def d7_values() -> dict:
    classes = set()
    for ranks in rank_multisets(5):
        classes.add(d7_strength(ranks, False))
        if len(set(ranks)) == 5:
            classes.add(d7_strength(ranks, True))
    return {cls: i + 1 for i, cls in enumerate(sorted(classes, reverse=True))}


def lowest_bits(mask: int, n: int) -> int:
    kept = 0
    while mask and n:
        kept |= mask & -mask
        mask &= mask - 1
        n -= 1
    return kept


def a5_tables():
    values = a5_values()
    assert len(values) == 6175, len(values)
    mask_value = [0] * 8192
    for mask in range(8192):
        if bin(mask).count("1") >= 5:
            five = lowest_bits(mask, 5)  # five different ranks: the lowest five make the best low
            ranks = tuple(ACE if b == 0 else b - 1 for b in range(13) if five >> b & 1)
            mask_value[mask] = values[a5_strength(ranks)]
    hashed_ranks = {}  # every five-card multiset, and the larger ones of fewer than five ranks
    for size in (5, 6, 7):
        for ranks in rank_multisets(size):
            if size == 5 or len(set(ranks)) < 5:
                hashed_ranks[sum(RANK_BASES[r] for r in ranks)] = a5_best(ranks, values)
    return mask_value, hashed_ranks


def d7_tables():
    values = d7_values()
    assert len(values) == 7462, len(values)
    plain = {sum(RANK_BASES[r] for r in ranks): values[d7_strength(ranks, False)] for ranks in rank_multisets(5)}
    flush = [0] * 8192
    for mask in range(8192):
        if bin(mask).count("1") == 5:
            flush[mask] = values[d7_strength(tuple(r for r in range(13) if mask >> r & 1), True)]
    return plain, flush


def hashed(values: dict, key_bits: int, row_bits: int):
    """(multiplier, offsets, table) of the smallest perfect hash found of the keys."""
    col_bits = key_bits - row_bits
    multiplier, offsets, size = _perfect_hash.search(values, key_bits, col_bits, HASH_SEED & ((1 << key_bits) - 1) | 1,
                                                     SEARCH_TRIES)
    table = [0] * size
    for key, value in values.items():
        table[_perfect_hash.slot(key, multiplier, offsets, key_bits, col_bits)] = value
    return multiplier, offsets, table


def a5_entry(card: int) -> int:
    return 1 << (13 * (card & 3) + low_rank(card >> 2)) if card < 52 else 1 << 63


def d7_key(card: int) -> int:
    return RANK_BASES[card >> 2] | 1 << (32 + 4 * (card & 3)) if card < 52 else 0


def hash_defines(prefix: str, multiplier: int, key_bits: int, row_bits: int, table) -> list:
    return [f"#define {prefix}_HASH_MUL 0x{multiplier:X}u", f"#define {prefix}_KEY_BITS {key_bits}",
            f"#define {prefix}_COL_BITS {key_bits - row_bits}", f"#define {prefix}_TABLE_SIZE {len(table)}"]


def render() -> str:
    mask_value, hashed_ranks = a5_tables()
    a5_mul, a5_offsets, a5_table = hashed(hashed_ranks, A5_KEY_BITS, A5_ROW_BITS)
    plain, flush = d7_tables()
    d7_mul, d7_offsets, d7_table = hashed(plain, D7_KEY_BITS, D7_ROW_BITS)
    body = [
        '#include "bits.h" /* PH_ALIGN16 */\n',
        "/* A-5 low: values 1..6175 (6175 = 5-4-3-2-A). */",
        *hash_defines("PH_A5", a5_mul, A5_KEY_BITS, A5_ROW_BITS, a5_table),
        "/* Per card byte: bit 13*suit + low rank (ace 0 .. king 12), bit 63 for no card. */",
        c_array("uint64_t", "ph_a5_card_entry", (f"0x{a5_entry(c):016X}ULL" for c in range(256)), 4),
        "/* The value of each rank mask of five ranks or more (the lowest five); 0 below. */",
        c_array("uint16_t", "ph_a5_mask_value", mask_value),
        "/* Rank bases (high_tables.py's), 0 for no card: the key of the hands of few ranks. */",
        c_array("uint32_t", "ph_a5_rank_base", (RANK_BASES[c >> 2] if c < 52 else 0 for c in range(256))),
        c_array("uint16_t", "ph_a5_row_offset", a5_offsets),
        c_array("uint16_t", "ph_a5_rank_table", a5_table),
        "\n/* 2-7 low: values 1..7462 (7462 = 7-5-4-3-2, not all one suit). */",
        *hash_defines("PH_D7", d7_mul, D7_KEY_BITS, D7_ROW_BITS, d7_table),
        "#define PH_D7_KEY_START 0x333300000000ULL",
        "#define PH_D7_FLUSH_BITS 0x888800000000ULL",
        "/* Per card byte: its key, then its validation bit (fused.h). */",
        c_array("PH_ALIGN16 uint64_t", "ph_d7_card_key_bit",
                (f"0x{d7_key(c) if i == 0 else 1 << (c if c < 52 else 63):016X}ULL" for c in range(256) for i in (0, 1)), 4),
        c_array("uint16_t", "ph_d7_row_offset", d7_offsets),
        c_array("uint16_t", "ph_d7_rank_table", d7_table),
        "/* Flushes by their 13-bit rank mask (standard order, two = bit 0). */",
        c_array("uint16_t", "ph_d7_flush_table", flush),
    ]
    return c_header(HEADER, body)


def main(outdir: str) -> Path:
    return write_header(outdir, HEADER, render())


if __name__ == "__main__":
    print(main(sys.argv[1] if len(sys.argv) > 1 else "build/generated"))

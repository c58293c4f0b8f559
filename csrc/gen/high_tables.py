"""Generate the tables of the standard high-hand evaluator (rules: Standard hand ranking).

Run by setup.py at build time; writes ``high_tables.h`` into the build's include
directory. Nothing here is hand-edited and nothing is downloaded.

The evaluator (csrc/high.h) keeps two 64-bit sums per hand:

* ``key``: bits 0..24 hold the sum of the cards' rank bases (RANK_BASES below:
  any two multisets of at most seven ranks have different sums, so the sum
  identifies the rank multiset exactly); bits 32..47 hold four 4-bit suit
  counters that start at 3, so a counter reaches 8 (bit 3 of its nibble) exactly
  when its suit has five cards: one AND detects a flush in 5, 6 or 7 cards.
* ``mask``: bit 16*suit + rank for every card, so a flush suit's ranks are one
  shift away and index the 8192-entry flush table directly.

Without a flush (with seven cards or fewer a flush also beats every paired hand, so
the two cases never mix) the value depends only on the rank multiset. The base-5
sums of the 73,775 multisets of 5, 6 or 7 cards are sparse in 25 bits, so a
perfect hash maps them into a table of about that size: multiplying by an odd
number modulo 2**25 mixes the bits without losing any (it is a bijection, so no two
keys can collide), the top bits pick a row, the low bits a column, and a per-row offset
(found greedily below, largest rows first, as in OMPEval and
b-inary/holdem-hand-evaluator) shifts each row to a place where none of its
columns collide. The hash itself is csrc/gen/_perfect_hash.py, shared with the
Turkish tables.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import _perfect_hash
from _emit import c_array, c_header, write_header

HEADER = "high_tables.h"  # what this script writes, into build/generated (or the folder given)

# Categories, weakest first: the order of the rules' Standard hand ranking.
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(9)

# Rank bases found by tools/rank_bases.c: greedily, for each rank the smallest
# integer such that every multiset of at most seven cards (at most four of a rank)
# over the ranks so far has a distinct sum. The largest seven-card sum is
# 18,393,157 < 2**25, so a rank key fits in KEY_BITS bits (base 5 would need 31).
RANK_BASES = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)
KEY_BITS = 25
ROW_BITS = 13  # the top 13 of the 25 mixed bits pick one of 8192 rows (offsets: 32 KB; 14 rows bits would save 15 KB of table for 32 KB more offsets)
COL_BITS = KEY_BITS - ROW_BITS
HASH_SEED = 0x9E3779B1  # first odd multiplier tried; the search below keeps the best of several
SEARCH_TRIES = 8
# A second hash of the seven-card keys alone (49,205 of the 73,775), for the seven-card
# paths (batches, enumeration, evaluate of seven cards): a random hand's two lookups
# then touch a smaller table (127 KB, against 164 KB) and 16-bit offsets of 4096 rows
# (8 KB, against 32 KB), so more of both stays in L1 cache: measured 3-6% faster per
# seven-card hand in batch (benchmarks/kernels_vs_ompeval.py). 12 row bits: 11 need
# offsets past 16 bits; 13 make a smaller table (105 KB) but twice the offsets, and
# measured slower.
SEVEN_ROW_BITS = 12
SEVEN_COL_BITS = KEY_BITS - SEVEN_ROW_BITS


def straight_top(rank_set: frozenset[int]) -> int:
    """Top rank of the best straight in a set of ranks, or -1. A-2-3-4-5 tops at 5 (rank 3)."""
    for top in range(12, 3, -1):
        if all(r in rank_set for r in range(top - 4, top + 1)):
            return top
    if {12, 0, 1, 2, 3} <= rank_set:
        return 3
    return -1


def five_card_class(ranks: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """A sortable description of a five-card hand: category, then ranks by significance."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    # Ranks ordered by (count, rank) descending: the significance order of kickers.
    ordered = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    top = straight_top(frozenset(ranks)) if len(counts) == 5 else -1
    if top >= 0:
        return (STRAIGHT_FLUSH if suited else STRAIGHT, top)
    if suited:
        return (FLUSH,) + ordered
    category = {
        (4, 1): FOUR_OF_A_KIND,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): THREE_OF_A_KIND,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): ONE_PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[tuple(shape)]
    return (category,) + ordered


def rank_multisets(size: int):
    """All multisets of ``size`` ranks with at most four cards of a rank, as sorted tuples."""
    for combo in itertools.combinations_with_replacement(range(13), size):
        if all(combo.count(r) <= 4 for r in set(combo)):
            yield combo


def class_values() -> dict[tuple[int, ...], int]:
    """Every distinct five-card class mapped to its strength 1..7462 (higher is stronger)."""
    classes = set()
    for ranks in rank_multisets(5):
        classes.add(five_card_class(ranks, False))
        if len(set(ranks)) == 5:
            classes.add(five_card_class(ranks, True))
    ordered = sorted(classes)
    assert len(ordered) == 7462, len(ordered)
    return {cls: i + 1 for i, cls in enumerate(ordered)}


def best_five_ranks(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks of the best non-flush five-card hand within 5 to 7 ranks.

    Stated category by category, strongest first (rules: Standard hand ranking); the tests check the
    result against brute force over every five-card subset.
    """
    count = {r: ranks.count(r) for r in set(ranks)}
    by_rank = sorted(count, reverse=True)

    def others(*used: int, n: int) -> tuple[int, ...]:
        rest = sorted((r for r in ranks if r not in used), reverse=True)
        return tuple(rest[:n])

    quads = [r for r in by_rank if count[r] == 4]
    trips = [r for r in by_rank if count[r] == 3]
    pairs = [r for r in by_rank if count[r] == 2]
    if quads:
        return (quads[0],) * 4 + others(quads[0], n=1)
    if trips and len(trips) + len(pairs) >= 2:
        pair = max(trips[1:] + pairs)
        return (trips[0],) * 3 + (pair,) * 2
    top = straight_top(frozenset(ranks))
    if top >= 0:
        return tuple(12 if r < 0 else r for r in range(top - 4, top + 1))
    if trips:
        return (trips[0],) * 3 + others(trips[0], n=2)
    if len(pairs) >= 2:
        return (pairs[0],) * 2 + (pairs[1],) * 2 + others(pairs[0], pairs[1], n=1)
    if pairs:
        return (pairs[0],) * 2 + others(pairs[0], n=3)
    return tuple(by_rank[:5])


def build_values():
    values = class_values()

    def best_unsuited(ranks: tuple[int, ...]) -> int:
        return values[five_card_class(best_five_ranks(ranks), False)]

    rank_values = {}
    for size in (5, 6, 7):
        for ranks in rank_multisets(size):
            key = sum(RANK_BASES[r] for r in ranks)
            assert key not in rank_values and key < 1 << KEY_BITS, "rank bases are not unique"
            rank_values[key] = best_unsuited(ranks)

    flush = [0] * 8192
    for mask in range(8192):
        ranks = tuple(r for r in range(13) if mask >> r & 1)
        if len(ranks) >= 5:
            # Distinct ranks: the best five are a straight if there is one, else the top five.
            flush[mask] = values[five_card_class(best_five_ranks(ranks), True)]
    return values, rank_values, flush


def search_hash(rank_values: dict[int, int], col_bits: int = COL_BITS):
    """(multiplier, offsets, table) of the smallest perfect hash of the keys, with each
    key's value at its slot (0 elsewhere)."""
    multiplier, offsets, size = _perfect_hash.search(rank_values, KEY_BITS, col_bits, HASH_SEED, SEARCH_TRIES)
    table = [0] * size
    for key, value in rank_values.items():
        table[_perfect_hash.slot(key, multiplier, offsets, KEY_BITS, col_bits)] = value
    return multiplier, offsets, table


def seven_card_values(rank_values: dict[int, int]) -> dict[int, int]:
    """The entries of rank_values whose key is a sum of seven rank bases."""
    keys = {sum(RANK_BASES[r] for r in ranks) for ranks in rank_multisets(7)}
    return {key: rank_values[key] for key in keys}


def card_key(card: int) -> int:
    return RANK_BASES[card >> 2] | (1 << (32 + 4 * (card & 3)))


def card_mask(card: int) -> int:
    return 1 << (16 * (card & 3) + (card >> 2))


OUTSIDE_BIT = 1 << 13  # in ph_card_key_mask, for a card > 51: no card's mask uses bits 13..15

# The seven-card key, laid out for the batch loops (csrc/high.h): the suit counters in
# bits 0..15 and the rank sum already multiplied by the seven-card hash's multiplier
# (mod 2**25) in the top 25 bits, so that the sum of seven card keys holds the mixed
# key itself (the carries out of bit 63 are the reduction mod 2**25): its row is
# key >> 52 and its column (key >> 39) & col_mask, with no multiply and no mask of the
# 25 bits. Bits 16..38 stay zero.
KEY7_RANK_SHIFT = 64 - KEY_BITS


def card_key7(card: int, multiplier7: int) -> int:
    mixed = (RANK_BASES[card >> 2] * multiplier7) & ((1 << KEY_BITS) - 1)
    return (mixed << KEY7_RANK_SHIFT) | (1 << 4 * (card & 3))


def pair_masks() -> list[int]:
    """The duplicate check of the validated seven-card loop (csrc/high.h) compares a
    16-byte window holding two rows (bytes 0..6 and 7..13) with itself shifted by d
    = 1..6 bytes: mask d-1 keeps the positions t whose partner t + d is in the same
    row; mask 6 keeps the two rows' 14 bytes (the range check)."""
    masks = [[0xFF if t < 14 and t % 7 + d <= 6 else 0 for t in range(16)] for d in range(1, 7)]
    return [byte for mask in masks + [[0xFF if t < 14 else 0 for t in range(16)]] for byte in mask]


def render() -> str:
    _, rank_values, flush = build_values()
    multiplier, offsets, table = search_hash(rank_values)
    multiplier7, offsets7, table7 = search_hash(seven_card_values(rank_values), SEVEN_COL_BITS)
    assert max(offsets7) < 1 << 16, "seven-card offsets must fit 16 bits"
    body = [
        '#include "bits.h" /* PH_ALIGN16 */\n',
        f"#define PH_HASH_MUL 0x{multiplier:08X}u",
        f"#define PH_KEY_BITS {KEY_BITS}",
        f"#define PH_COL_BITS {COL_BITS}",
        f"#define PH_RANK_TABLE_SIZE {len(table)}\n",
        "/* 256 entries, zero past card 51: any uint8 indexes safely (check=False). */",
        c_array("uint64_t", "ph_card_key", (f"0x{card_key(c) if c < 52 else 0:016X}ULL" for c in range(256)), 4),
        c_array("uint64_t", "ph_card_mask", (f"0x{card_mask(c) if c < 52 else 0:016X}ULL" for c in range(256)), 4),
        "/* Validation: bit c for card c, bit 63 (used by no card) for anything > 51. */",
        c_array("uint64_t", "ph_card_bit", (f"0x{1 << (c if c < 52 else 63):016X}ULL" for c in range(256)), 4),
        "/* ph_card_key and ph_card_mask side by side, PH_OUTSIDE_BIT instead of the mask for",
        " * anything > 51: one 128-bit load and add per card sums the keys and the mask bits",
        " * together, and an OR of the entries holds the card masks (the batch loops of",
        " * high.h and omaha.h, x86-64, which validate with them); aligned for SSE2 loads. */",
        f"#define PH_OUTSIDE_BIT 0x{OUTSIDE_BIT:X}ULL /* bit 13: above the ranks of suit 0 */",
        c_array("PH_ALIGN16 uint64_t", "ph_card_key_mask", (f"0x{(card_key(c) if c < 52 else 0) if i == 0 else card_mask(c) if c < 52 else OUTSIDE_BIT:016X}ULL"
                                                for c in range(256) for i in (0, 1)), 4),
        c_array("uint32_t", "ph_row_offset", offsets),
        c_array("uint16_t", "ph_rank_table", table),
        c_array("uint16_t", "ph_flush_table", flush),
        "/* The seven-card hash (SEVEN_ROW_BITS above): the same lookup with its own",
        " * multiplier, rows and table, for keys of seven cards only. */",
        f"#define PH_HASH7_MUL 0x{multiplier7:08X}u",
        f"#define PH_COL7_BITS {SEVEN_COL_BITS}",
        f"#define PH_RANK7_TABLE_SIZE {len(table7)}\n",
        c_array("uint16_t", "ph_row7_offset", offsets7),
        c_array("uint16_t", "ph_rank7_table", table7),
        "/* Seven-card keys for the batch loops (KEY7_RANK_SHIFT above): suit counters in",
        " * bits 0..15, the mixed rank sum in bits 39..63; zero past card 51. */",
        f"#define PH_KEY7_RANK_SHIFT {KEY7_RANK_SHIFT}",
        c_array("uint64_t", "ph_card_key7", (f"0x{card_key7(c, multiplier7) if c < 52 else 0:016X}ULL" for c in range(256)), 4),
        "/* Masks of the validated seven-card loop's duplicate and range checks (pair_masks). */",
        c_array("PH_ALIGN16 uint8_t", "ph_pair_masks", (f"0x{b:02X}" for b in pair_masks()), 16),
    ]
    return c_header(HEADER, body)


def main(outdir: str) -> Path:
    return write_header(outdir, HEADER, render())


if __name__ == "__main__":
    print(main(sys.argv[1] if len(sys.argv) > 1 else "build/generated"))

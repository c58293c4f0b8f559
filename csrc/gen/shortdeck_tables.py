"""Generate the tables of the short-deck (6+) Hold'em evaluator (rules: Other games).

Run by setup.py at build time; writes ``shortdeck_tables.h`` into the build's include
directory. Nothing here is hand-edited and nothing is downloaded. The tests check
every five-card hand of the 36-card deck, in both orders, against the readable
reference in tests/reference_shortdeck.py.

The deck holds the nine ranks six to ace (rank indices 4..12), the *slots* 0..8.
Ranking, strongest first: straight flush, four of a kind, flush, full house, then
three of a kind above straight (the default, Triton order) or straight above three of
a kind (``trips_beat_straight=False``), two pair, one pair, high card. The ace also
plays low in A-6-7-8-9, the lowest straight. Values are 1..1404, higher is stronger.
Both orders number the classes from the bottom, so they differ only inside the block
of three-of-a-kind and straight classes: the flush table is shared, the rank table
exists once per order.

The evaluator (csrc/shortdeck.h) sums one 64-bit key per card, as the high evaluator
does (csrc/gen/high_tables.py):

* bits 0..18: the sum of the cards' rank bases (RANK_BASES below: every multiset of
  at most seven ranks has its own sum); the largest seven-card sum is 504,733 < 2**19;
* bits 32..47: four 4-bit suit counters starting at 3, so a counter reaches 8 exactly
  when its suit holds five cards: one AND finds a flush in 5, 6 or 7 cards.

Without a flush the value depends on the rank multiset only; with seven cards or fewer
a flush excludes four of a kind and full house (both need two more cards), so the
flush suit's ranks (a 9-bit mask) give the value directly. The rank sum goes through
the perfect hash of csrc/gen/_perfect_hash.py (an odd multiplier modulo 2**19 is a
bijection; its top bits pick a row, the low bits a column, a per-row offset packs the
rows without collisions).

Each card's key sits beside its validation bit (bit ``card`` for a card of the deck,
bit 63 for any other byte), 16 bytes per card, so that the validated batch loop sums
both with one 128-bit add per card (csrc/keysum.h).
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import _perfect_hash
from _emit import c_array, c_header, write_header

HEADER = "shortdeck_tables.h"  # what this script writes, into build/generated (or the folder given)

# Categories, weakest first, in the default order; the other order swaps the two in
# the middle.
HIGH_CARD, ONE_PAIR, TWO_PAIR, STRAIGHT, THREE_OF_A_KIND, FULL_HOUSE, FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(1, 10)
ORDERS = {  # index in the C tables -> rank of each category (a larger rank is stronger)
    0: {STRAIGHT: STRAIGHT, THREE_OF_A_KIND: THREE_OF_A_KIND},  # trips_beat_straight=True (default)
    1: {STRAIGHT: THREE_OF_A_KIND, THREE_OF_A_KIND: STRAIGHT},  # trips_beat_straight=False
}

FIRST_RANK = 4  # rank index of the six
SLOTS = 9  # six to ace
ACE_SLOT = 8
DECK = range(4 * FIRST_RANK, 52)

# The greedy construction of csrc/gen/high_tables.py's RANK_BASES (for each rank the
# smallest base keeping every multiset of at most seven cards distinct) gives the same
# first nine bases: nine ranks need no others.
RANK_BASES = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066)
KEY_BITS = 19
ROW_BITS = 11  # 2048 rows of 256 columns: the 10,230 keys pack into 10,402 entries
COL_BITS = KEY_BITS - ROW_BITS
HASH_SEED = 0x9E3779B1 & ((1 << KEY_BITS) - 1) | 1
SEARCH_TRIES = 32

KEY_START = 0x3333 << 32  # the suit counters start at 3
FLUSH_BITS = 0x8888 << 32


def straight_top(slots: frozenset) -> int:
    """Top slot of the best straight within a set of slots, or -1; A-6-7-8-9 tops at
    the nine (slot 3)."""
    for top in range(ACE_SLOT, 3, -1):
        if all(s in slots for s in range(top - 4, top + 1)):
            return top
    if {ACE_SLOT, 0, 1, 2, 3} <= slots:
        return 3
    return -1


def five_card_class(slots: tuple, suited: bool, order: int) -> tuple:
    """A sortable description of five cards: (category rank in ``order``, deciding
    slots, most significant first)."""
    counts = {s: slots.count(s) for s in set(slots)}
    ordered = tuple(sorted(counts, key=lambda s: (counts[s], s), reverse=True))
    top = straight_top(frozenset(slots)) if len(counts) == 5 else -1
    if top >= 0:
        category, deciding = (STRAIGHT_FLUSH if suited else STRAIGHT), (top,)
    elif suited:
        category, deciding = FLUSH, ordered
    else:
        category = {
            (4, 1): FOUR_OF_A_KIND,
            (3, 2): FULL_HOUSE,
            (3, 1, 1): THREE_OF_A_KIND,
            (2, 2, 1): TWO_PAIR,
            (2, 1, 1, 1): ONE_PAIR,
            (1, 1, 1, 1, 1): HIGH_CARD,
        }[tuple(sorted(counts.values(), reverse=True))]
        deciding = ordered
    return (ORDERS[order].get(category, category),) + deciding


def slot_multisets(size: int):
    for combo in itertools.combinations_with_replacement(range(SLOTS), size):
        if all(combo.count(s) <= 4 for s in combo):
            yield combo


def class_values(order: int) -> dict:
    """Every five-card class mapped to its value 1..1404 (higher is stronger)."""
    classes = set()
    for slots in slot_multisets(5):
        classes.add(five_card_class(slots, False, order))
        if len(set(slots)) == 5:
            classes.add(five_card_class(slots, True, order))
    return {cls: i + 1 for i, cls in enumerate(sorted(classes))}


def best_value(slots: tuple, suited: bool, order: int, values: dict) -> int:
    """The value of the best five of these slots (by brute force: generation time only)."""
    return max(values[five_card_class(five, suited, order)] for five in set(itertools.combinations(sorted(slots), 5)))


def build(order: int):
    """(rank key -> value, flush table) of one order."""
    values = class_values(order)
    assert len(values) == 1404, len(values)
    rank_values = {}
    for size in (5, 6, 7):
        for slots in slot_multisets(size):
            key = sum(RANK_BASES[s] for s in slots)
            assert key not in rank_values and key < 1 << KEY_BITS, "rank bases are not unique"
            rank_values[key] = best_value(slots, False, order, values)
    flush = [0] * (1 << SLOTS)
    for mask in range(1 << SLOTS):
        slots = tuple(s for s in range(SLOTS) if mask >> s & 1)
        if len(slots) >= 5:
            flush[mask] = best_value(slots, True, order, values)
    return rank_values, flush


def card_key(card: int) -> int:
    if card not in DECK:
        return 0
    return RANK_BASES[(card >> 2) - FIRST_RANK] | 1 << (32 + 4 * (card & 3))


def card_bit(card: int) -> int:
    return 1 << (card if card in DECK else 63)


def card_mask(card: int) -> int:
    return 1 << (16 * (card & 3) + (card >> 2) - FIRST_RANK) if card in DECK else 0


def render() -> str:
    (rank_values, flush), (other_values, other_flush) = build(0), build(1)
    assert flush == other_flush  # flushes and straight flushes sit above both orders' difference
    multiplier, offsets, size = _perfect_hash.search(rank_values, KEY_BITS, COL_BITS, HASH_SEED, SEARCH_TRIES)
    tables = []
    for values in (rank_values, other_values):
        table = [0] * size
        for key, value in values.items():
            table[_perfect_hash.slot(key, multiplier, offsets, KEY_BITS, COL_BITS)] = value
        tables.append(table)
    body = [
        '#include "bits.h" /* PH_ALIGN16 */\n',
        f"#define PH_SD_HASH_MUL 0x{multiplier:05X}u",
        f"#define PH_SD_KEY_BITS {KEY_BITS}",
        f"#define PH_SD_COL_BITS {COL_BITS}",
        f"#define PH_SD_TABLE_SIZE {size}",
        f"#define PH_SD_KEY_START 0x{KEY_START:X}ULL",
        f"#define PH_SD_FLUSH_BITS 0x{FLUSH_BITS:X}ULL",
        "#define PH_SD_DECK_MASK 0x000FFFFFFFFF0000ULL /* cards 16..51 */\n",
        "/* Per card (any uint8): its key, then its validation bit (bit `card` for the 36",
        " * cards, bit 63 otherwise); aligned for 128-bit loads (keysum.h). */",
        c_array("PH_ALIGN16 uint64_t", "ph_sd_card_key_bit",
                (f"0x{card_key(c) if i == 0 else card_bit(c):016X}ULL" for c in range(256) for i in (0, 1)), 4),
        "/* Bit 16*suit + slot: the flush suit's ranks, gathered only for a flush. */",
        c_array("uint64_t", "ph_sd_card_mask", (f"0x{card_mask(c):016X}ULL" for c in range(256)), 4),
        c_array("uint16_t", "ph_sd_row_offset", offsets),
        "/* [0]: three of a kind beats a straight (default); [1]: the straight beats it. */",
        f"static const uint16_t ph_sd_rank_table[2][{size}] = {{\n"
        + ",\n".join("    {" + ", ".join(map(str, t)) + "}" for t in tables) + "\n};\n",
        c_array("uint16_t", "ph_sd_flush_table", flush),
    ]
    return c_header(HEADER, body)


def main(outdir: str) -> Path:
    return write_header(outdir, HEADER, render())


if __name__ == "__main__":
    print(main(sys.argv[1] if len(sys.argv) > 1 else "build/generated"))

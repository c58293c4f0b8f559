"""Generate the tables of the Turkish poker evaluator (rules: Turkish poker; Turkish deck size).

Run by setup.py at build time; writes ``turkish_tables.h`` into the build's include
directory. Nothing here is hand-edited and nothing is downloaded. The tests check
every hand of every deck against the readable reference in tests/reference_turkish.py.

Turkish decks hold the ranks from 6, 7, 8 or 9 up to the ace (36, 32, 28, 24 cards),
so a hand's ranks live in nine rank *slots*, slot = rank index - 4 (6 = slot 0 ...
ace = slot 8). The four decks share the slot numbering and the hash below; they differ
only in which rank sets are minor straights, so each deck has its own entry table.

Value of a hand: ``class_id << 20 | suit_code``.

* ``class_id`` (1..PH_TURKISH_CLASSES) numbers the (category, ranks) classes of all
  four decks together in the order of the rules' Turkish poker, so one number means the same hand shape in
  every deck and the Python layer can name it without knowing the deck.
* ``suit_code`` breaks ties between hands of one class (the rules' Turkish poker: the suit of the highest
  card that is not part of a group; a flush by its suit; a straight by the suit of the
  top card of the sequence, the minor straight's ace counting low). The rules leave
  some hands tied (two full houses of the same ranks, or two pairs whose kickers share
  suits); the package extends the rule so that no two hands of a deck are ever equal:
  after the first card, compare the following cards in significance order too. The
  *groups* of the hand in significance order are: the single cards from the highest
  (a straight from the top of the sequence, the minor straight's ace last), then the
  quads, trips and pairs (larger group first, then higher rank). Each group is a
  nibble holding one bit per suit present, bit = suit strength (clubs 0, diamonds 1,
  spades 2, hearts 3), so comparing two nibbles compares the group's best suit, then
  its next best, and so on; group i (0 = most significant) sits at bits 16 - 4i.
  Groups are at most five, so the code fits in 20 bits; a flush is five equal
  one-bit nibbles, 0x11111 times its suit bit: the same sum of per-card terms as
  any other hand, which the evaluator relies on.

The evaluator (csrc/turkish.h) sums one 64-bit key per card:

* bits 0..14: the sum of the cards' rank bases (RANK_BASES below: any two multisets
  of five ranks over the nine slots have different sums, so the sum identifies the
  rank multiset); the largest sum is 24,918 < 2**15.
* bits 32..47: four 4-bit suit counters starting at 3, so a counter reaches 8 (bit 3
  of its nibble) exactly when all five cards share its suit: one AND finds a flush.
* bits 16..18: the count of cards outside every deck (ranks two to five, cards past
  51), for the batch check (csrc/turkish.h); the hash reads bits 0..14 only.

The rank sum goes through a perfect hash (csrc/gen/_perfect_hash.py, shared with
csrc/gen/high_tables.py: an odd multiplier modulo 2**15 is a bijection, the top bits
pick a row, the low bits a column, a per-row offset packs the rows without
collisions) to a 16-byte entry:
the class value of the rank multiset without a flush, the class of the same ranks as
a flush, and for each rank slot the shift (16 - 4i) of the group the slot's cards
belong to. So the suit code is one table load and a shift per card.
Rows no rank multiset of the deck uses have every shift 0, which the batch check
relies on (five suit bits in one nibble always collide).
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import _perfect_hash
from _emit import c_array, c_header, write_header

HEADER = "turkish_tables.h"  # what this script writes, into build/generated (or the folder given)

# Categories, weakest first: the order of the rules' Turkish poker read from the bottom.
(HIGH_CARD, ONE_PAIR, TWO_PAIR, MINOR_STRAIGHT, STRAIGHT, MAJOR_STRAIGHT, THREE_OF_A_KIND, FULL_HOUSE, FLUSH,
 FOUR_OF_A_KIND, MINOR_FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH) = range(1, 14)

FIRST_SLOT_RANK = 4  # rank index of the six, the lowest rank of any Turkish deck
SLOTS = 9  # six to ace
ACE = 12
DECK_LOWEST_RANKS = (4, 5, 6, 7)  # deck index d holds ranks 4 + d .. 12 (36, 32, 28, 24 cards)

# Found greedily (smallest base per slot such that every multiset of five ranks with
# at most four of a rank has a distinct sum). The lowest slot's base is 0: its count
# is five minus the others'.
RANK_BASES = (0, 1, 5, 22, 94, 312, 992, 2422, 5624)
KEY_BITS = 15
ROW_BITS = 8  # 256 rows of 128 columns: the 1278 keys pack into 1386 entries (22 KB per deck)
COL_BITS = KEY_BITS - ROW_BITS
HASH_SEED = 0x9E3779B1 & ((1 << KEY_BITS) - 1) | 1
SEARCH_TRIES = 64

SUIT_STRENGTH = (0, 1, 3, 2)  # clubs, diamonds, hearts, spades: hearts > spades > diamonds > clubs
CODE_BITS = 20


def rank_multisets(lowest: int):
    """Every multiset of five ranks in lowest..ace with at most four of a rank, sorted."""
    for combo in itertools.combinations_with_replacement(range(lowest, ACE + 1), 5):
        if all(combo.count(r) <= 4 for r in combo):
            yield combo


def straight_sequence(ranks: tuple[int, ...], lowest: int):
    """The five ranks of a straight from its top card down (the low ace last), or None."""
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return tuple(distinct)
    if distinct == [ACE, lowest + 3, lowest + 2, lowest + 1, lowest]:
        return tuple(distinct[1:]) + (ACE,)
    return None


def classify(ranks: tuple[int, ...], suited: bool, lowest: int):
    """(class key, groups): the class key is (category, ranks that decide it), sortable
    within a category; groups are the ranks in significance order for the suit code."""
    sequence = straight_sequence(ranks, lowest)
    if sequence is not None:
        top = sequence[0]
        if top == ACE:
            category = ROYAL_FLUSH if suited else MAJOR_STRAIGHT
        elif sequence[-1] == ACE:
            category = MINOR_FLUSH if suited else MINOR_STRAIGHT
        else:
            category = STRAIGHT_FLUSH if suited else STRAIGHT
        return (category, top), sequence
    counts = {r: ranks.count(r) for r in set(ranks)}
    by_count = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    singles = tuple(sorted((r for r in counts if counts[r] == 1), reverse=True))
    groups = singles + tuple(r for r in by_count if counts[r] > 1)
    if suited:
        return (FLUSH,) + by_count, groups
    category = {
        (4, 1): FOUR_OF_A_KIND,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): THREE_OF_A_KIND,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): ONE_PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[tuple(sorted(counts.values(), reverse=True))]
    return (category,) + by_count, groups


def class_ids() -> dict[tuple[int, ...], int]:
    """Every class of the four decks, numbered 1.. in the order of the rules' Turkish poker (higher is stronger)."""
    keys = set()
    for lowest in DECK_LOWEST_RANKS:
        for ranks in rank_multisets(lowest):
            keys.add(classify(ranks, False, lowest)[0])
            if len(set(ranks)) == 5:
                keys.add(classify(ranks, True, lowest)[0])
    return {key: i + 1 for i, key in enumerate(sorted(keys))}


def rank_key(ranks) -> int:
    return sum(RANK_BASES[r - FIRST_SLOT_RANK] for r in ranks)


def deck_entries(lowest: int, ids: dict) -> dict[int, tuple[int, int, tuple[int, ...]]]:
    """rank key -> (class id without flush, class id as a flush or 0, shift per slot)."""
    entries = {}
    for ranks in rank_multisets(lowest):
        key, groups = classify(ranks, False, lowest)
        flush = ids[classify(ranks, True, lowest)[0]] if len(set(ranks)) == 5 else 0
        shifts = [0] * SLOTS
        for i, rank in enumerate(groups):
            shifts[rank - FIRST_SLOT_RANK] = CODE_BITS - 4 - 4 * i
        entries[rank_key(ranks)] = (ids[key], flush, tuple(shifts))
    return entries


def slot_of(key: int, multiplier: int, offsets) -> int:
    return _perfect_hash.slot(key, multiplier, offsets, KEY_BITS, COL_BITS)


def search_hash(keys):
    """(multiplier, offsets, table size) of the smallest perfect hash of the keys."""
    return _perfect_hash.search(keys, KEY_BITS, COL_BITS, HASH_SEED, SEARCH_TRIES)


OUTSIDE_SHIFT = 16  # bits 16..18 of a key count the cards outside every deck


def card_key(card: int) -> int:
    rank, suit = card >> 2, card & 3
    if card >= 52:
        return 1 << OUTSIDE_SHIFT
    base = RANK_BASES[rank - FIRST_SLOT_RANK] if rank >= FIRST_SLOT_RANK else 0
    outside = 1 << OUTSIDE_SHIFT if rank < FIRST_SLOT_RANK else 0
    return base | outside | (1 << (32 + 4 * suit))


def render() -> str:
    ids = class_ids()
    decks = [deck_entries(lowest, ids) for lowest in DECK_LOWEST_RANKS]
    all_keys = sorted(decks[0])  # the 36-card deck's rank multisets include every smaller deck's
    assert len(set(all_keys)) == len(all_keys) and max(all_keys) < 1 << KEY_BITS, "rank bases are not unique"
    multiplier, offsets, size = search_hash(all_keys)
    assert len(ids) < 1 << (32 - CODE_BITS)

    tables = []
    for lowest, entries in zip(DECK_LOWEST_RANKS, decks):
        rows = ["{0, 0, {0}}"] * size
        for key, (plain, flush, shifts) in entries.items():
            rows[slot_of(key, multiplier, offsets)] = (
                f"{{{plain}u << {CODE_BITS}, {flush}, {{{', '.join(map(str, shifts))}}}}}")
        tables.append(f"    /* lowest rank index {lowest} */\n    {{\n        " + ",\n        ".join(rows) + "\n    }")

    class_category = [0] * (len(ids) + 1)
    class_ranks = [0xFFFFF] * (len(ids) + 1)
    for key, cid in ids.items():
        class_category[cid] = key[0]
        ranks = key[1:] + (15,) * (6 - len(key))
        class_ranks[cid] = sum(r << (16 - 4 * i) for i, r in enumerate(ranks))

    body = [
        f"#define PH_TK_HASH_MUL {multiplier}u",
        f"#define PH_TK_KEY_BITS {KEY_BITS}",
        f"#define PH_TK_COL_BITS {COL_BITS}",
        f"#define PH_TK_TABLE_SIZE {size}",
        f"#define PH_TK_CODE_BITS {CODE_BITS}",
        f"#define PH_TURKISH_CLASSES {len(ids)}\n",
        "typedef struct {\n"
        "    uint32_t plain;      /* class id << 20 of these ranks without a flush */\n"
        "    uint16_t flush;      /* class id of these ranks as a flush, 0 if paired */\n"
        "    uint8_t shift[9];    /* per rank slot (6..A): where its suit nibble goes */\n"
        "} ph_turkish_entry;\n",
        f"#define PH_TK_OUTSIDE_BITS (7u << {OUTSIDE_SHIFT})  /* count of cards outside every deck */\n",
        "/* 256 entries (past card 51: only the outside count) so that any uint8 indexes safely. */",
        c_array("uint64_t", "ph_tk_card_key",
                (f"0x{card_key(c):016X}ULL" for c in range(256)), 4),
        c_array("uint8_t", "ph_tk_card_slot",
                (max(0, (c >> 2) - FIRST_SLOT_RANK) if c < 52 else 0 for c in range(256))),
        c_array("uint8_t", "ph_tk_card_suit_bit",
                (1 << SUIT_STRENGTH[c & 3] if c < 52 else 0 for c in range(256))),
        c_array("uint16_t", "ph_tk_row_offset", offsets),
        f"static const ph_turkish_entry ph_tk_entries[{len(DECK_LOWEST_RANKS)}][{size}] = {{\n"
        + ",\n".join(tables) + "\n};\n",
        "/* Per class id: its category (1 = high card .. 13 = royal flush) and the ranks that",
        " * decide it, most significant first, 4 bits each from bit 16 (15 = none). */",
        c_array("uint8_t", "ph_turkish_class_category", class_category),
        c_array("uint32_t", "ph_turkish_class_ranks", (f"0x{r:05X}u" for r in class_ranks), 8),
    ]
    return c_header(HEADER, body)


def main(outdir: str) -> Path:
    return write_header(outdir, HEADER, render())


if __name__ == "__main__":
    print(main(sys.argv[1] if len(sys.argv) > 1 else "build/generated"))

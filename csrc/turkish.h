/* Turkish poker evaluator: five cards from a stripped deck (RULES.md §5, §5.1).
 *
 * `deck` is 0..3 for the decks whose lowest rank index is 4..7 (six, seven, eight,
 * nine: 36, 32, 28, 24 cards). A hand is one sum of per-card keys (rank bases and
 * suit counters, see csrc/gen/turkish_tables.py): a flush is one AND, the rank sum
 * goes through a perfect hash to the entry of its rank multiset, and each card adds
 * its suit bit at the place its rank takes in the significance order.
 * Value: class id << 20 | suit code; higher is stronger and no two hands of one deck
 * are equal. Cards must be distinct and belong to the deck (nothing is checked here;
 * any uint8 reads inside the tables).
 */
#ifndef PH_TURKISH_H
#define PH_TURKISH_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "batch.h"
#include "turkish_tables.h"

#define PH_TK_KEY_START (0x3333ULL << 32)
#define PH_TK_FLUSH_BITS (0x8888ULL << 32)

PH_INLINE const ph_turkish_entry *ph_turkish_entry_of(uint32_t rank_key, int deck)
{
    /* Odd multiplier modulo 2^15: a bijection, so distinct keys stay distinct. */
    uint32_t mixed = (rank_key * PH_TK_HASH_MUL) & ((1u << PH_TK_KEY_BITS) - 1);
    return &ph_tk_entries[deck][ph_tk_row_offset[mixed >> PH_TK_COL_BITS] + (mixed & ((1u << PH_TK_COL_BITS) - 1))];
}

#define PH_TK_SUIT_TERM(card) ((uint32_t)ph_tk_card_suit_bit[card] << e->shift[ph_tk_card_slot[card]])

PH_INLINE uint32_t ph_turkish_evaluate5(const uint8_t *c, int deck)
{
    uint64_t key = PH_TK_KEY_START + ph_tk_card_key[c[0]] + ph_tk_card_key[c[1]] + ph_tk_card_key[c[2]] +
                   ph_tk_card_key[c[3]] + ph_tk_card_key[c[4]];
    const ph_turkish_entry *e = ph_turkish_entry_of((uint32_t)key & ((1u << PH_TK_KEY_BITS) - 1), deck & 3);
    if (key & PH_TK_FLUSH_BITS)
        return ((uint32_t)e->flush << PH_TK_CODE_BITS) | ph_tk_card_suit_bit[c[0]] * PH_TK_FLUSH_CODE_MUL;
    return e->plain + PH_TK_SUIT_TERM(c[0]) + PH_TK_SUIT_TERM(c[1]) + PH_TK_SUIT_TERM(c[2]) + PH_TK_SUIT_TERM(c[3]) +
           PH_TK_SUIT_TERM(c[4]);
}

/* Bit i set for every card i of the deck (deck 0..3: lowest rank index 4..7). */
PH_INLINE uint64_t ph_turkish_deck_mask(int deck)
{
    return ((1ULL << 52) - 1) & ~((1ULL << (4 * (deck + 4))) - 1);
}

/* Nonzero unless the five cards are distinct cards of the deck: a card above 51 or
 * below the deck's lowest rank has its bit outside the deck mask; a repeat makes
 * the sum of the card bits differ from their OR. */
PH_INLINE uint64_t ph_turkish_row_badness(const uint8_t *c, uint64_t outside)
{
    uint64_t b0 = ph_card_bit[c[0]], b1 = ph_card_bit[c[1]], b2 = ph_card_bit[c[2]], b3 = ph_card_bit[c[3]],
             b4 = ph_card_bit[c[4]];
    uint64_t held = b0 | b1 | b2 | b3 | b4;
    return (held & outside) | (held ^ (b0 + b1 + b2 + b3 + b4));
}

/* Rows of five cards; validated in the same pass when check (batch.h). Returns the
 * first bad row, or -1. */
static ptrdiff_t ph_turkish_evaluate_batch(const uint8_t *cards, size_t n_rows, int deck, int check, uint32_t *out)
{
    uint64_t outside = ~ph_turkish_deck_mask(deck);
    if (check) {
        PH_ROWS_LOOP(1, ph_turkish_row_badness(cards + row * 5, outside), ph_turkish_evaluate5(cards + row * 5, deck))
    } else {
        PH_ROWS_LOOP(0, 0, ph_turkish_evaluate5(cards + row * 5, deck))
    }
    return -1;
}

#endif

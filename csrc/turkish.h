/* Turkish poker evaluator: five cards from a stripped deck (rules: Turkish poker; Turkish deck size).
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

/* Evaluates five cards; *bad gets a value that is zero exactly when they are distinct
 * cards of the deck (callers that do not check ignore it, and the compiler drops it).
 * The suit terms of distinct cards of the deck never share a bit; they do, so that
 * their sum differs from their XOR (the sum stays below 2^23), when
 * - a card repeats: two equal terms (five cards of one rank always repeat one);
 * - a card is below the deck's lowest rank: its rank multiset is not the deck's and
 *   the entry's shifts are all 0, so five suit bits share one nibble.
 * A card outside every deck (rank two to five, or above 51) counts in the key's
 * PH_TK_OUTSIDE_BITS. */
PH_INLINE uint32_t ph_turkish_evaluate5_bad(const uint8_t *c, int deck, uint32_t *bad)
{
    uint64_t key = PH_TK_KEY_START + ph_tk_card_key[c[0]] + ph_tk_card_key[c[1]] + ph_tk_card_key[c[2]] +
                   ph_tk_card_key[c[3]] + ph_tk_card_key[c[4]];
    /* The outside count above the rank sum is no matter: the hash keeps bits 0..14. */
    const ph_turkish_entry *e = ph_turkish_entry_of((uint32_t)key, deck & 3);
    uint32_t t0 = PH_TK_SUIT_TERM(c[0]), t1 = PH_TK_SUIT_TERM(c[1]), t2 = PH_TK_SUIT_TERM(c[2]),
             t3 = PH_TK_SUIT_TERM(c[3]), t4 = PH_TK_SUIT_TERM(c[4]);
    uint32_t code = t0 + t1 + t2 + t3 + t4;
    *bad = (code ^ (t0 ^ t1 ^ t2 ^ t3 ^ t4)) | ((uint32_t)key & PH_TK_OUTSIDE_BITS);
    /* A flush's five ranks each form their own group, so its suit code, one suit
     * bit in each of five nibbles, is the same sum: both cases add code. Keeping
     * code on both paths also stops compilers from sinking the suit terms into the
     * non-flush side when *bad is unused, where they ran out of registers and
     * spilled (check=False was 20% slower than the validated loop). */
    return ((key & PH_TK_FLUSH_BITS) ? (uint32_t)e->flush << PH_TK_CODE_BITS : e->plain) + code;
}

PH_INLINE uint32_t ph_turkish_evaluate5(const uint8_t *c, int deck)
{
    uint32_t unused;
    return ph_turkish_evaluate5_bad(c, deck, &unused);
}

/* Bit i set for every card i of the deck (deck 0..3: lowest rank index 4..7). */
PH_INLINE uint64_t ph_turkish_deck_mask(int deck)
{
    return ((1ULL << 52) - 1) & ~((1ULL << (4 * (deck + 4))) - 1);
}

/* Rows of five cards; validated in the same pass when check (batch.h). Returns the
 * first bad row, or -1. */
static ptrdiff_t ph_turkish_evaluate_batch(const uint8_t *cards, size_t n_rows, int deck, int check, uint32_t *out)
{
    uint32_t bad, value;
    if (check) { /* the badness is taken first: it evaluates the row too */
        PH_ROWS_LOOP(1, (value = ph_turkish_evaluate5_bad(cards + row * 5, deck, &bad), bad), value)
    } else {
        PH_ROWS_LOOP(0, 0, ph_turkish_evaluate5(cards + row * 5, deck))
    }
    return -1;
}

#endif

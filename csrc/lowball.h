/* A-5 low (razz) and 2-7 low evaluators (rules: Other games); higher values are better lows.
 *
 * A-5 low, the best five of 5 to 7 cards (values 1..6175): one OR of 64-bit entries
 * per card gives the cards (bit 13*suit + low rank), whose four suits fold into the
 * rank mask; a mask of five ranks or more reads its value directly, a hand of fewer
 * ranks (pairs must play) and every five-card hand take the perfect hash of the rank sum.
 * 2-7 low, exactly five cards (values 1..7462): a key per card, a flush table and a
 * perfect hash, as the high evaluator. See csrc/gen/lowball_tables.py for the tables.
 * Cards must be distinct and in 0..51 (any uint8 reads inside the tables).
 */
#ifndef PH_LOWBALL_H
#define PH_LOWBALL_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "fused.h"
#include "lowball_tables.h"

PH_INLINE uint16_t ph_hash_lookup(uint32_t key, uint32_t multiplier, int key_bits, int col_bits,
                                  const uint16_t *row_offset, const uint16_t *table)
{
    /* Odd multiplier modulo 2^key_bits: a bijection, so distinct keys stay distinct. */
    uint32_t mixed = (key * multiplier) & ((1u << key_bits) - 1);
    return table[row_offset[mixed >> col_bits] + (mixed & ((1u << col_bits) - 1))];
}

PH_INLINE uint16_t ph_a5_hashed(const uint8_t *cards, int n)
{
    uint32_t key = 0;
    for (int i = 0; i < n; i++) key += ph_a5_rank_base[cards[i]];
    return ph_hash_lookup(key, PH_A5_HASH_MUL, PH_A5_KEY_BITS, PH_A5_COL_BITS, ph_a5_row_offset, ph_a5_rank_table);
}

/* Six or seven cards of fewer than five ranks: taken only when the mask has no value. */
PH_RARE uint16_t ph_a5_few_ranks(const uint8_t *cards, int n) { return ph_a5_hashed(cards, n); }

/* Five cards always take the hash (half of them hold a pair: a branch on it would be
 * mispredicted half the time); n is a constant in the batch loops. */
PH_INLINE uint16_t ph_a5_value(uint64_t any, const uint8_t *cards, int n)
{
    uint16_t value;
    if (n == 5) return ph_a5_hashed(cards, 5);
    value = ph_a5_mask_value[(any | any >> 13 | any >> 26 | any >> 39) & 0x1FFF];
    return value ? value : ph_a5_few_ranks(cards, n);
}

/* The OR of the cards' entries; .bad is nonzero unless the cards are distinct and in
 * 0..51: a repeat makes their sum differ from the OR, a byte past 51 sets bit 63. */
PH_INLINE ph_gathered ph_a5_gather_checked(const uint8_t *cards, int n)
{
    uint64_t any = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        uint64_t entry = ph_a5_card_entry[cards[i]];
        any |= entry;
        sum += entry;
    }
    ph_gathered g = {any, (sum ^ any) | (any >> 63)};
    return g;
}

PH_INLINE ph_gathered ph_a5_gather(const uint8_t *cards, int n)
{
    ph_gathered g = {0, 0};
    for (int i = 0; i < n; i++) g.sum |= ph_a5_card_entry[cards[i]];
    return g;
}

PH_INLINE uint16_t ph_a5_low(const uint8_t *cards, int n) { return ph_a5_value(ph_a5_gather(cards, n).sum, cards, n); }

/* Five cards of one suit: their ranks index the flush table. */
PH_RARE uint16_t ph_27_flush(const uint8_t *cards)
{
    uint64_t mask = 0;
    for (int i = 0; i < 5; i++) mask |= 1ULL << (cards[i] >> 2);
    return ph_d7_flush_table[mask & 0x1FFF];
}

PH_INLINE uint16_t ph_27_value(uint64_t key, const uint8_t *cards)
{
    if (key & PH_D7_FLUSH_BITS) return ph_27_flush(cards);
    return ph_hash_lookup((uint32_t)key, PH_D7_HASH_MUL, PH_D7_KEY_BITS, PH_D7_COL_BITS, ph_d7_row_offset,
                          ph_d7_rank_table);
}

PH_INLINE uint16_t ph_27_low(const uint8_t *cards, int n)
{
    return ph_27_value(ph_key_sum(ph_d7_card_key_bit, cards, n, PH_D7_KEY_START), cards);
}

PH_INLINE ph_gathered ph_27_gather_checked(const uint8_t *cards, int n)
{
    return ph_key_gather_checked(ph_d7_card_key_bit, cards, n, PH_D7_KEY_START);
}

PH_INLINE ph_gathered ph_27_gather(const uint8_t *cards, int n) { return ph_key_gather(ph_d7_card_key_bit, cards, n, PH_D7_KEY_START); }

#define PH_A5_FINISH(g, row, w, bad) ph_a5_value((g).sum, row, w)
#define PH_27_FINISH(g, row, w, bad) ph_27_value((g).sum, row)

/* Rows of 5, 6 or 7 cards or of 5 (2-7); validated in the same pass when check
 * (fused.h). Return the first bad row, or -1. */
static ptrdiff_t ph_a5_low_batch(const uint8_t *cards, size_t n_rows, int width, int check, uint16_t *out)
{
    ph_gathered g;
    uint64_t bad;
    uint16_t value;
    if (n_rows) switch (width) {
        PH_GATHERED_CASE(5, PH_ONE_PASS, ph_a5_gather_checked, ph_a5_gather, PH_A5_FINISH);
        PH_GATHERED_CASE(6, PH_PIPELINED, ph_a5_gather_checked, ph_a5_gather, PH_A5_FINISH);
        PH_GATHERED_CASE(7, PH_PIPELINED, ph_a5_gather_checked, ph_a5_gather, PH_A5_FINISH);
        default: break;
        }
    return -1;
}

static ptrdiff_t ph_27_low_batch(const uint8_t *cards, size_t n_rows, int check, uint16_t *out)
{
    ph_gathered g;
    uint64_t bad;
    uint16_t value;
    PH_ONE_PASS(5, ph_27_gather_checked, ph_27_gather, PH_27_FINISH)
    return -1;
}

#endif

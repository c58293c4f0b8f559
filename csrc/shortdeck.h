/* Short-deck (6+) Hold'em evaluator for 5, 6 and 7 cards of the 36-card deck
 * (rules: Other games).
 *
 * As the high evaluator (high.h): a hand is a sum of per-card keys (rank bases and
 * suit counters, see csrc/gen/shortdeck_tables.py); a flush is one AND and its ranks
 * index the flush table, otherwise the rank sum goes through a perfect hash.
 * `order` 0: three of a kind beats a straight (the default); 1: the straight beats
 * three of a kind. Values 1..1404, higher is stronger. Cards must be distinct cards
 * of the deck (16..51); any other uint8 reads inside the tables.
 */
#ifndef PH_SHORTDECK_H
#define PH_SHORTDECK_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "fused.h"
#include "shortdeck_tables.h"

/* The flush suit's ranks, gathered only when there is a flush (about 2% of random
 * seven-card hands), so the common path loads one table per card. */
PH_RARE uint16_t ph_shortdeck_flush(uint64_t flush_bits, const uint8_t *cards, int n)
{
    uint64_t mask = 0;
    for (int i = 0; i < n; i++) mask |= ph_sd_card_mask[cards[i]];
    /* The flush suit's counter reached 8: bit 35 + 4*suit. */
    return ph_sd_flush_table[(mask >> (16 * ((ph_ctz64(flush_bits) - 35) >> 2))) & 0x1FF];
}

PH_INLINE uint16_t ph_shortdeck_value(uint64_t key, const uint8_t *cards, int n, int order)
{
    uint64_t flush_bits = key & PH_SD_FLUSH_BITS;
    if (flush_bits) return ph_shortdeck_flush(flush_bits, cards, n);
    /* Odd multiplier modulo 2^19: a bijection, so distinct keys stay distinct. */
    uint32_t mixed = ((uint32_t)key * PH_SD_HASH_MUL) & ((1u << PH_SD_KEY_BITS) - 1);
    return ph_sd_rank_table[order & 1][ph_sd_row_offset[mixed >> PH_SD_COL_BITS] +
                                       (mixed & ((1u << PH_SD_COL_BITS) - 1))];
}

PH_INLINE uint16_t ph_shortdeck(const uint8_t *cards, int n, int order)
{
    return ph_shortdeck_value(ph_key_sum(ph_sd_card_key_bit, cards, n, PH_SD_KEY_START), cards, n, order);
}

PH_INLINE ph_gathered ph_shortdeck_gather_checked(const uint8_t *cards, int n)
{
    return ph_key_gather_checked(ph_sd_card_key_bit, cards, n, PH_SD_KEY_START);
}

PH_INLINE ph_gathered ph_shortdeck_gather(const uint8_t *cards, int n) { return ph_key_gather(ph_sd_card_key_bit, cards, n, PH_SD_KEY_START); }

/* Rows of 5, 6 or 7 cards; validated in the same pass when check (fused.h). Returns
 * the first bad row, or -1. */
static ptrdiff_t ph_shortdeck_batch(const uint8_t *cards, size_t n_rows, int width, int order, int check, uint16_t *out)
{
#define PH_SD_FINISH(g, row, w, bad) ph_shortdeck_value((g).sum, row, w, order)
    if (n_rows) switch (width) {
        PH_GATHERED_CASE(5, PH_PIPELINED, ph_shortdeck_gather_checked, ph_shortdeck_gather, PH_SD_FINISH);
        PH_GATHERED_CASE(6, PH_PIPELINED, ph_shortdeck_gather_checked, ph_shortdeck_gather, PH_SD_FINISH);
        PH_GATHERED_CASE(7, PH_PIPELINED, ph_shortdeck_gather_checked, ph_shortdeck_gather, PH_SD_FINISH);
        default: break;
        }
#undef PH_SD_FINISH
    return -1;
}

#endif

/* Eight-or-better low evaluators (RULES.md §4).
 *
 * A hand's low depends only on the set of its ranks A..8 (an 8-bit mask, the ace
 * as bit 0), so every evaluator ORs one byte per card and reads one table entry
 * (see csrc/gen/low_tables.py). Values: 0 = no low, else 1..56, higher is better,
 * 56 = A-2-3-4-5. Cards past 51 count as no card (check=False never reads out of
 * bounds).
 */
#ifndef PH_LOW_H
#define PH_LOW_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "batch.h"
#include "low_tables.h"

PH_INLINE uint32_t ph_low_mask(const uint8_t *cards, int n)
{
    uint32_t mask = 0;
    for (int i = 0; i < n; i++) mask |= ph_low_card_bit[cards[i]];
    return mask;
}

/* Any five of n cards (5..7: hold'em, stud hi/lo). */
PH_INLINE uint8_t ph_low8(const uint8_t *cards, int n) { return ph_low_value[ph_low_mask(cards, n)]; }

/* Exactly two hole and three board cards (Omaha hi/lo). */
PH_INLINE uint8_t ph_omaha_low8(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board)
{
    return ph_omaha_low_value[ph_low_mask(hole, n_hole) << 8 | ph_low_mask(board, n_board)];
}

/* Rows of 5, 6 or 7 cards; validated when check. Returns the first bad row or -1. */
static ptrdiff_t ph_low8_batch(const uint8_t *cards, size_t n_rows, int width, int check, uint8_t *out)
{
    switch (width) {
    PH_WIDTH_CASE(5, ph_low8);
    PH_WIDTH_CASE(6, ph_low8);
    PH_WIDTH_CASE(7, ph_low8);
    default: break;
    }
    return -1;
}

/* Hole rows of 4..6 and board rows of 3..5 cards; validated when check (no card
 * twice in a hole and board together). Returns the first bad row or -1. */
static ptrdiff_t ph_omaha_low8_batch(const uint8_t *holes, int n_hole, const uint8_t *boards, int n_board,
                                     size_t n_rows, int check, uint8_t *out)
{
    switch (n_hole * 10 + n_board) {
    PH_PAIRED_CASES(ph_omaha_low8);
    default: break;
    }
    return -1;
}

#endif

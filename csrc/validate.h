/* Validation of batches of card rows: range 0..51 and no card twice in a row.
 * Kept out of the evaluation loops so that check=False callers pay nothing. */
#ifndef PH_VALIDATE_H
#define PH_VALIDATE_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "high_tables.h"

enum { PH_ROW_OK = 0, PH_ROW_OUT_OF_RANGE = 1, PH_ROW_DUPLICATE = 2 };

/* Every card has its own bit in ph_card_bit and a card > 51 sets bit 63, so a
 * row is valid exactly when the sum of its bits equals their OR (no repeat, no
 * carry) and bit 63 is clear. Nonzero means bad. */
PH_INLINE uint64_t ph_row_badness(const uint8_t *cards, int width, const uint8_t *also, int also_width)
{
    uint64_t bit_sum = 0, bit_or = 0;
    for (int i = 0; i < width; i++) {
        bit_sum += ph_card_bit[cards[i]];
        bit_or |= ph_card_bit[cards[i]];
    }
    for (int i = 0; i < also_width; i++) {
        bit_sum += ph_card_bit[also[i]];
        bit_or |= ph_card_bit[also[i]];
    }
    return (bit_sum ^ bit_or) | (bit_or >> 63);
}

PH_INLINE int ph_row_reason(const uint8_t *cards, int width, const uint8_t *also, int also_width)
{
    uint64_t bit_or = 0;
    for (int i = 0; i < width; i++) bit_or |= ph_card_bit[cards[i]];
    for (int i = 0; i < also_width; i++) bit_or |= ph_card_bit[also[i]];
    if (!ph_row_badness(cards, width, also, also_width)) return PH_ROW_OK;
    return (bit_or >> 63) ? PH_ROW_OUT_OF_RANGE : PH_ROW_DUPLICATE;
}

/* Checks rows of `width` cards; returns the index of the first bad row (and why in
 * *reason), or -1. `also`, when not NULL, is a second array of rows of
 * `also_width` cards that must not share a card with the first (Omaha: hole and
 * board). */
static ptrdiff_t ph_find_bad_row(const uint8_t *cards, int width, const uint8_t *also, int also_width, size_t n_rows,
                                 int *reason)
{
    if (!also) also_width = 0;
    for (size_t row = 0; row < n_rows; row++) {
        const uint8_t *other = also ? also + row * also_width : NULL;
        if (ph_row_badness(cards + row * width, width, other, also_width)) {
            *reason = ph_row_reason(cards + row * width, width, other, also_width);
            return (ptrdiff_t)row;
        }
    }
    *reason = PH_ROW_OK;
    return -1;
}

#endif

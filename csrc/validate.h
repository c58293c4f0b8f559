/* Validation of one row of cards: range 0..51 and no card twice (batch.h runs it
 * inside the evaluation loops, only when the caller asks for checks). */
#ifndef PH_VALIDATE_H
#define PH_VALIDATE_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "high_tables.h"

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

#endif

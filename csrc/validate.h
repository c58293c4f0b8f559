/* Validation of batches of card rows: range 0..51 and no card twice in a row.
 * Kept out of the evaluation loops so that check=False callers pay nothing. */
#ifndef PH_VALIDATE_H
#define PH_VALIDATE_H
#include <stddef.h>
#include <stdint.h>

enum { PH_ROW_OK = 0, PH_ROW_OUT_OF_RANGE = 1, PH_ROW_DUPLICATE = 2 };

/* Checks rows of `width` cards; returns the index of the first bad row (and why in
 * *reason), or -1. A row is bad if a card is > 51 or appears twice. `also`, when
 * not NULL, is a second array of rows of `also_width` cards that must not share a
 * card with the first (Omaha: hole and board). */
static ptrdiff_t ph_find_bad_row(const uint8_t *cards, int width, const uint8_t *also, int also_width, size_t n_rows,
                                 int *reason)
{
    for (size_t row = 0; row < n_rows; row++) {
        uint64_t seen = 0;
        for (int part = 0; part < 2; part++) {
            const uint8_t *p = part == 0 ? cards + row * width : (also ? also + row * also_width : NULL);
            int w = part == 0 ? width : also_width;
            if (!p) break;
            for (int i = 0; i < w; i++) {
                uint64_t bit;
                if (p[i] > 51) { *reason = PH_ROW_OUT_OF_RANGE; return (ptrdiff_t)row; }
                bit = 1ULL << p[i];
                if (seen & bit) { *reason = PH_ROW_DUPLICATE; return (ptrdiff_t)row; }
                seen |= bit;
            }
        }
    }
    *reason = PH_ROW_OK;
    return -1;
}

#endif

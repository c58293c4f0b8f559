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
#include "high.h" /* PH_CHECK_BLOCK, and validate.h's ph_row_badness */
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

/* A batch loop over rows, out[row] = VALUE; when CHECK (a compile-time constant at
 * each use) each row is also validated in the same pass: BADNESS (ph_row_badness of
 * validate.h) is OR-ed over blocks of rows so that the loop has no exit to predict,
 * and a bad block is rescanned for its first bad row, which the enclosing function
 * returns (rows before it are evaluated). Expects n_rows and out in scope. */
#define PH_ROWS_LOOP(CHECK, BADNESS, VALUE)                                                    \
    for (size_t start = 0; start < n_rows; start += PH_CHECK_BLOCK) {                          \
        size_t end = start + PH_CHECK_BLOCK < n_rows ? start + PH_CHECK_BLOCK : n_rows;        \
        uint64_t badness = 0;                                                                  \
        for (size_t row = start; row < end; row++) {                                           \
            if (CHECK) badness |= (BADNESS);                                                   \
            out[row] = (VALUE);                                                                \
        }                                                                                      \
        if (badness)                                                                           \
            for (size_t row = start; row < end; row++)                                         \
                if (BADNESS) return (ptrdiff_t)row;                                            \
    }

/* Hole and board rows of fixed widths H and B, both checked and unchecked. */
#define PH_PAIRED_CASE(H, B, EVALUATE)                                                         \
    case (H) * 10 + (B):                                                                       \
        if (check) {                                                                           \
            PH_ROWS_LOOP(1, ph_row_badness(holes + row * (H), (H), boards + row * (B), (B)),   \
                         EVALUATE(holes + row * (H), (H), boards + row * (B), (B)))            \
        } else {                                                                               \
            PH_ROWS_LOOP(0, 0, EVALUATE(holes + row * (H), (H), boards + row * (B), (B)))      \
        }                                                                                      \
        break

#define PH_PAIRED_CASES(EVALUATE)                                                              \
    PH_PAIRED_CASE(4, 3, EVALUATE); PH_PAIRED_CASE(4, 4, EVALUATE); PH_PAIRED_CASE(4, 5, EVALUATE); \
    PH_PAIRED_CASE(5, 3, EVALUATE); PH_PAIRED_CASE(5, 4, EVALUATE); PH_PAIRED_CASE(5, 5, EVALUATE); \
    PH_PAIRED_CASE(6, 3, EVALUATE); PH_PAIRED_CASE(6, 4, EVALUATE); PH_PAIRED_CASE(6, 5, EVALUATE)

#define PH_LOW8_CASE(W)                                                                        \
    case W:                                                                                    \
        if (check) {                                                                           \
            PH_ROWS_LOOP(1, ph_row_badness(cards + row * (W), (W), NULL, 0), ph_low8(cards + row * (W), (W))) \
        } else {                                                                               \
            PH_ROWS_LOOP(0, 0, ph_low8(cards + row * (W), (W)))                                \
        }                                                                                      \
        break

/* Rows of 5, 6 or 7 cards; validated when check. Returns the first bad row or -1. */
static ptrdiff_t ph_low8_batch(const uint8_t *cards, size_t n_rows, int width, int check, uint8_t *out)
{
    switch (width) {
    PH_LOW8_CASE(5);
    PH_LOW8_CASE(6);
    PH_LOW8_CASE(7);
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

/* The batch loop shared by every evaluator: out[row] = VALUE for each row, and,
 * when validating, the row check in the same pass.
 *
 * The check's BADNESS (nonzero = bad row, e.g. validate.h's ph_row_badness) is
 * OR-ed over blocks of rows instead of tested per row, so the loop has no exit to
 * predict and stays as fast as the unchecked one but for the check's own work; a
 * bad block is rescanned for its first bad row, which the enclosing function
 * returns (rows before it are evaluated). Expects n_rows and out in scope. */
#ifndef PH_BATCH_H
#define PH_BATCH_H
#include <stddef.h>
#include <stdint.h>

#include "validate.h"

#define PH_CHECK_BLOCK 256

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

/* Rows of a fixed width W (a compile-time constant, so the card loops unroll). */
#define PH_WIDTH_CASE(W, EVALUATE)                                                             \
    case W:                                                                                    \
        if (check) {                                                                           \
            PH_ROWS_LOOP(1, ph_row_badness(cards + row * (W), (W), NULL, 0), EVALUATE(cards + row * (W), (W))) \
        } else {                                                                               \
            PH_ROWS_LOOP(0, 0, EVALUATE(cards + row * (W), (W)))                               \
        }                                                                                      \
        break

/* Hole rows of H and board rows of B cards, no card in both (Omaha). */
#define PH_PAIRED_CASE(H, B, EVALUATE)                                                         \
    case (H) * 10 + (B):                                                                       \
        if (check) {                                                                           \
            PH_ROWS_LOOP(1, ph_row_badness(holes + row * (H), (H), boards + row * (B), (B)),   \
                         EVALUATE(holes + row * (H), (H), boards + row * (B), (B)))            \
        } else {                                                                               \
            PH_ROWS_LOOP(0, 0, EVALUATE(holes + row * (H), (H), boards + row * (B), (B)))      \
        }                                                                                      \
        break

/* CASE(H, B) for every Omaha deal shape: 4..6 hole cards, 3..5 board cards. */
#define PH_OMAHA_SIZES(CASE)                                                                   \
    CASE(4, 3); CASE(4, 4); CASE(4, 5);                                                        \
    CASE(5, 3); CASE(5, 4); CASE(5, 5);                                                        \
    CASE(6, 3); CASE(6, 4); CASE(6, 5)

#endif

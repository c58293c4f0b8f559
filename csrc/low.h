/* Eight-or-better low evaluators (rules: Low hands).
 *
 * A hand's low depends only on the set of its ranks A..8 (an 8-bit mask, the ace
 * as bit 0), so every evaluator ORs one table entry per card (which also carries
 * the card's own bit, for validation in the same pass) and reads one value (see
 * csrc/gen/low_tables.py). Values: 0 = no low, else 1..56, higher is better,
 * 56 = A-2-3-4-5. Cards past 51 count as no low card (check=False never reads out
 * of bounds).
 */
#ifndef PH_LOW_H
#define PH_LOW_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "batch.h"
#include "low_tables.h"

/* OR (returned) and sum (added to *sum) of the cards' entries (low_tables.h). */
PH_INLINE uint64_t ph_low_entries(const uint8_t *cards, int n, uint64_t *sum)
{
    uint64_t any = 0;
    for (int i = 0; i < n; i++) {
        uint64_t entry = ph_low_card_entry[cards[i]];
        any |= entry;
        *sum += entry;
    }
    return any;
}

/* Nonzero unless the cards are distinct and in 0..51: a repeat makes the sum
 * differ from the OR in the card bits, a card past 51 sets bit 63. */
PH_INLINE uint64_t ph_low_badness(uint64_t sum, uint64_t any) { return ((sum ^ any) & ((1ULL << 52) - 1)) | (any >> 63); }

PH_INLINE uint32_t ph_low_mask(uint64_t any) { return (uint32_t)(any >> PH_LOW_SHIFT) & 0xFF; }

/* Any five of n cards (5..7: hold'em, stud hi/lo); *bad as ph_low_badness (callers
 * that do not check ignore it, and the compiler drops its work). */
PH_INLINE uint8_t ph_low8_checked(const uint8_t *cards, int n, uint64_t *bad)
{
    uint64_t sum = 0, any = ph_low_entries(cards, n, &sum);
    *bad = ph_low_badness(sum, any);
    return ph_low_value[ph_low_mask(any)];
}

/* Exactly two hole and three board cards (Omaha hi/lo). */
PH_INLINE uint8_t ph_omaha_low8_checked(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board, uint64_t *bad)
{
    uint64_t sum = 0, hole_any = ph_low_entries(hole, n_hole, &sum), board_any = ph_low_entries(board, n_board, &sum);
    *bad = ph_low_badness(sum, hole_any | board_any);
    return ph_omaha_low_value[ph_low_mask(hole_any) << 8 | ph_low_mask(board_any)];
}

PH_INLINE uint8_t ph_low8(const uint8_t *cards, int n)
{
    uint64_t unused;
    return ph_low8_checked(cards, n, &unused);
}

PH_INLINE uint8_t ph_omaha_low8(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board)
{
    uint64_t unused;
    return ph_omaha_low8_checked(hole, n_hole, board, n_board, &unused);
}

/* The batch loops validate with the evaluation's own sums (the badness is taken
 * first: it evaluates the row too). */
#define PH_LOW8_CASE(W)                                                                        \
    case W:                                                                                    \
        if (check) {                                                                           \
            PH_ROWS_LOOP(1, (value = ph_low8_checked(cards + row * (W), (W), &bad), bad), value) \
        } else {                                                                               \
            PH_ROWS_LOOP(0, 0, ph_low8(cards + row * (W), (W)))                                \
        }                                                                                      \
        break

#define PH_OMAHA_LOW8_CASE(H, B)                                                               \
    case (H) * 10 + (B):                                                                       \
        if (check) {                                                                           \
            PH_ROWS_LOOP(1, (value = ph_omaha_low8_checked(holes + row * (H), (H), boards + row * (B), (B), &bad), bad), value) \
        } else {                                                                               \
            PH_ROWS_LOOP(0, 0, ph_omaha_low8(holes + row * (H), (H), boards + row * (B), (B))) \
        }                                                                                      \
        break

/* Rows of 5, 6 or 7 cards; validated when check. Returns the first bad row or -1. */
static ptrdiff_t ph_low8_batch(const uint8_t *cards, size_t n_rows, int width, int check, uint8_t *out)
{
    uint64_t bad;
    uint8_t value;
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
    uint64_t bad;
    uint8_t value;
    switch (n_hole * 10 + n_board) {
    PH_OMAHA_SIZES(PH_OMAHA_LOW8_CASE);
    default: break;
    }
    return -1;
}

#endif

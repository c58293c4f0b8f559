/* Badugi evaluator: four cards (rules: Other games). Values 1..1092, higher is better.
 *
 * A hand plays its largest subset of cards of different ranks and suits (ace low),
 * then the lowest ranks. With the cards in four 16-bit suit lanes of one word (each
 * lane the suit's rank mask, csrc/gen/badugi_tables.py), the played ranks are:
 *   every suit's lowest rank (a suit plays at most one card, and its lowest is best),
 *   plus, when a suit of two or more cards saw its lowest rank taken by another suit,
 *   the lowest rank that no suit has played yet among the suits' other cards.
 * Four cards leave at most one such repair to make: only a suit of 2 or 3 cards can
 * give way, and a hand with two such suits holds no single-card suit. Suits of one
 * card that share a rank simply play it once. The tests check this against a brute
 * force over every subset of every four-card hand.
 */
#ifndef PH_BADUGI_H
#define PH_BADUGI_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "fused.h"
#include "badugi_tables.h"

#define PH_BD_RANKS 0x1FFF
#define PH_BD_NO_CARD (1u << 13) /* a byte past 51: in lane 0, above the ranks */

/* The value of the hand whose cards' entries OR to cards_or; *bad is nonzero unless the
 * four cards are distinct and in 0..51. Each suit's entry (csrc/gen/badugi_tables.py)
 * holds, in 16-bit fields: 0: its lowest rank if it is the suit's only card, 1: its
 * lowest rank, 2: its other ranks, 3: its lowest rank if it has others, and in bits
 * 13..15 its number of cards. OR-ing the four entries gives the single suits' ranks,
 * the lowest ranks (played), the spare ranks and the larger suits' lowest ranks; their
 * sum gives, in field 3, the sum of the larger suits' lowest ranks, which differs from
 * their OR exactly when two of them are equal, and the number of different cards. */
PH_INLINE uint16_t ph_badugi_value_of(uint64_t cards_or, uint64_t *bad)
{
    /* Lanes 1..3 hold rank bits only; lane 0 may hold PH_BD_NO_CARD too. */
    uint64_t any = ph_badugi_suit_entry[cards_or & PH_BD_RANKS], sum = any, entry;
    for (int lane = 1; lane < 4; lane++) {
        entry = ph_badugi_suit_entry[(uint16_t)(cards_or >> (16 * lane))];
        any |= entry;
        sum += entry;
    }
    *bad = ((sum >> 61) ^ 4) | (cards_or & PH_BD_NO_CARD);
    /* Fields 0..2 hold ranks only (bits 13..15 clear), field 3 the count too. */
    uint32_t low = (uint32_t)any, high = (uint32_t)(any >> 32);
    uint32_t played = low >> 16, spare = (high & 0xFFFF) & ~played;
    /* A larger suit's lowest rank was taken by another suit (a single one, or the
     * other larger suit): play its lowest rank that no suit plays yet instead. */
    uint32_t taken = (low & (high >> 16)) | ((uint32_t)((sum ^ any) >> 48) & PH_BD_RANKS);
    return ph_badugi_value[played | (spare & (0u - spare) & (0u - (taken != 0)))];
}

PH_INLINE ph_gathered ph_badugi_gather(const uint8_t *cards, int n)
{
    ph_gathered g = {0, 0};
    for (int i = 0; i < n; i++) g.sum |= ph_badugi_card_entry[cards[i]];
    return g;
}

PH_INLINE uint16_t ph_badugi(const uint8_t *cards)
{
    uint64_t unused;
    return ph_badugi_value_of(ph_badugi_gather(cards, 4).sum, &unused);
}

/* The value; the suit entries' sum validates the row (ph_badugi_value_of). */
PH_INLINE uint16_t ph_badugi_finish(ph_gathered g, uint64_t *bad)
{
    uint64_t own;
    uint16_t value = ph_badugi_value_of(g.sum, &own);
    *bad |= own;
    return value;
}

#define PH_BADUGI_FINISH(g, row, w, bad) ph_badugi_finish(g, bad)

/* Rows of four cards; validated in the same pass when check (fused.h). Returns the
 * first bad row, or -1. */
static ptrdiff_t ph_badugi_batch(const uint8_t *cards, size_t n_rows, int check, uint16_t *out)
{
    if (n_rows) {
        PH_PIPELINED(4, ph_badugi_gather, ph_badugi_gather, PH_BADUGI_FINISH)
    }
    return -1;
}

#endif

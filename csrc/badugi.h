/* Badugi evaluator: four cards (RULES.md §9). Values 1..1092, higher is better.
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

#define PH_BD_LANES 0x1FFF1FFF1FFF1FFFULL /* the 13 rank bits of each suit lane */
#define PH_BD_ONES 0x0001000100010001ULL
#define PH_BD_HIGH 0x8000800080008000ULL

PH_INLINE uint32_t ph_lanes_or(uint64_t v)
{
    v |= v >> 32;
    v |= v >> 16;
    return (uint32_t)v & 0xFFFF;
}

PH_INLINE uint32_t ph_lanes_sum(uint64_t v) { return (uint32_t)((v * PH_BD_ONES) >> 48); }

PH_INLINE uint16_t ph_badugi_value_of(uint64_t cards_or)
{
    uint64_t x = cards_or & PH_BD_LANES;
    /* Per lane m & (m - 1): the lanes' bit 15, set first, absorbs every borrow. */
    uint64_t rest = x & ((x | PH_BD_HIGH) - PH_BD_ONES); /* each suit but its lowest card */
    uint64_t lowest = x ^ rest;                           /* each suit's lowest card */
    uint64_t many = (rest + (PH_BD_HIGH - PH_BD_ONES)) & PH_BD_HIGH;
    many -= many >> 15; /* 0x7FFF in the lanes of the suits of two cards or more */
    uint32_t played = ph_lanes_or(lowest), singles = ph_lanes_or(lowest & ~many);
    /* The lowest cards of the larger suits are all different and unplayed by a
     * single-card suit exactly when adding them to the singles carries nowhere. */
    uint32_t taken = ph_lanes_sum(lowest & many) + singles != played;
    uint32_t spare = ph_lanes_or(rest) & ~played;
    return ph_badugi_value[played | (spare & (0u - spare) & (0u - taken))];
}

/* *bad is nonzero unless the four cards are distinct and in 0..51. */
PH_INLINE uint16_t ph_badugi_checked(const uint8_t *cards, int n, uint64_t *bad)
{
    uint64_t any = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        uint64_t entry = ph_badugi_card_entry[cards[i]];
        any |= entry;
        sum += entry;
    }
    *bad = (sum ^ any) | (any >> 63);
    return ph_badugi_value_of(any);
}

PH_INLINE uint16_t ph_badugi(const uint8_t *cards, int n)
{
    uint64_t any = 0;
    for (int i = 0; i < n; i++) any |= ph_badugi_card_entry[cards[i]];
    return ph_badugi_value_of(any);
}

/* Rows of four cards; validated in the same pass when check (fused.h). Returns the
 * first bad row, or -1. */
static ptrdiff_t ph_badugi_batch(const uint8_t *cards, size_t n_rows, int check, uint16_t *out)
{
    uint64_t bad;
    uint16_t value;
    PH_FUSED_ROWS(4, ph_badugi_checked, ph_badugi)
    return -1;
}

#endif

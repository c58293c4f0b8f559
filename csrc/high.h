/* Standard high-hand evaluator for 5, 6 and 7 cards (rules: Standard hand ranking).
 *
 * A hand is two sums over its cards (see csrc/gen/high_tables.py for the maths):
 * `key` = rank bases (bits 0..24) + suit counters starting at 3 (bits 32..47),
 * `mask` = one bit per card at 16*suit + rank. A flush is one AND; its ranks index
 * the flush table. Otherwise the rank sum goes through a perfect hash.
 * Strength: 1..7462, higher is stronger. Cards must be distinct and in 0..51.
 */
#ifndef PH_HIGH_H
#define PH_HIGH_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "batch.h"
#include "high_tables.h"

#define PH_KEY_START (0x3333ULL << 32)
#define PH_FLUSH_BITS (0x8888ULL << 32)

PH_INLINE uint16_t ph_rank_lookup(uint32_t rank_key)
{
    /* Odd multiplier modulo 2^25: a bijection, so distinct keys stay distinct. */
    uint32_t mixed = (rank_key * PH_HASH_MUL) & ((1u << PH_KEY_BITS) - 1);
    return ph_rank_table[ph_row_offset[mixed >> PH_COL_BITS] + (mixed & ((1u << PH_COL_BITS) - 1))];
}

/* The same for a key of seven cards only, through the seven-card hash (a smaller
 * table: see csrc/gen/high_tables.py). Any 25-bit key still reads inside it. */
PH_INLINE uint16_t ph_rank7_lookup(uint32_t rank_key)
{
    uint32_t mixed = (rank_key * PH_HASH7_MUL) & ((1u << PH_KEY_BITS) - 1);
    return ph_rank7_table[ph_row7_offset[mixed >> PH_COL7_BITS] + (mixed & ((1u << PH_COL7_BITS) - 1))];
}

/* The rank lookup of an n-card key: n is a constant where it matters (the batch
 * loops), so the choice costs nothing. */
PH_INLINE uint16_t ph_rank_lookup_n(uint32_t rank_key, int n)
{
    return n == 7 ? ph_rank7_lookup(rank_key) : ph_rank_lookup(rank_key);
}

PH_INLINE uint16_t ph_flush_value(uint64_t flush_bits, uint64_t mask)
{
    /* The flush suit's counter reached 8: bit 35 + 4*suit. */
    int suit = (ph_ctz64(flush_bits) - 35) >> 2;
    return ph_flush_table[(mask >> (16 * suit)) & 0x1FFF];
}

PH_INLINE uint16_t ph_evaluate_sums(uint64_t key, uint64_t mask)
{
    uint64_t flush_bits = key & PH_FLUSH_BITS;
    if (flush_bits) return ph_flush_value(flush_bits, mask);
    return ph_rank_lookup((uint32_t)key);
}

/* The flush suit's ranks, gathered only when there is a flush (about 3% of random
 * seven-card hands), so the common path sums one table per card instead of two. */
PH_INLINE uint16_t ph_flush_of_cards(uint64_t flush_bits, const uint8_t *cards, int n)
{
    uint64_t mask = 0;
    for (int i = 0; i < n; i++) mask |= ph_card_mask[cards[i]];
    return ph_flush_value(flush_bits, mask);
}

PH_INLINE uint16_t ph_evaluate(const uint8_t *cards, int n)
{
    uint64_t key = PH_KEY_START, flush_bits;
    for (int i = 0; i < n; i++) key += ph_card_key[cards[i]];
    flush_bits = key & PH_FLUSH_BITS;
    if (flush_bits) return ph_flush_of_cards(flush_bits, cards, n);
    return ph_rank_lookup_n((uint32_t)key, n);
}

PH_INLINE uint16_t ph_evaluate5(const uint8_t *c) { return ph_evaluate(c, 5); }

/* Rows of W cards, PH_LANES rows at a time: their key sums first, then their hash
 * rows, then their values, so that the dependent table loads of independent hands
 * are in flight together instead of one hand's at a time (a random hand's rank row
 * is rarely in L1). A block with a flush takes the one-hand path. Seven-card rows
 * take the seven-card hash (the same three steps on its own tables). */
#define PH_LANES 4
PH_INLINE void ph_evaluate_lanes(const uint8_t *cards, int width, uint64_t *key, uint16_t *out)
{
    uint32_t mixed[PH_LANES], offset[PH_LANES];
    uint64_t flush = 0;
    for (int j = 0; j < PH_LANES; j++) flush |= key[j] & PH_FLUSH_BITS;
    if (flush) {
        for (int j = 0; j < PH_LANES; j++) {
            uint64_t f = key[j] & PH_FLUSH_BITS;
            out[j] = f ? ph_flush_of_cards(f, cards + j * width, width) : ph_rank_lookup_n((uint32_t)key[j], width);
        }
        return;
    }
    if (width == 7) {
        for (int j = 0; j < PH_LANES; j++) mixed[j] = ((uint32_t)key[j] * PH_HASH7_MUL) & ((1u << PH_KEY_BITS) - 1);
        for (int j = 0; j < PH_LANES; j++) offset[j] = ph_row7_offset[mixed[j] >> PH_COL7_BITS];
        for (int j = 0; j < PH_LANES; j++) out[j] = ph_rank7_table[offset[j] + (mixed[j] & ((1u << PH_COL7_BITS) - 1))];
        return;
    }
    for (int j = 0; j < PH_LANES; j++) mixed[j] = ((uint32_t)key[j] * PH_HASH_MUL) & ((1u << PH_KEY_BITS) - 1);
    for (int j = 0; j < PH_LANES; j++) offset[j] = ph_row_offset[mixed[j] >> PH_COL_BITS];
    for (int j = 0; j < PH_LANES; j++) out[j] = ph_rank_table[offset[j] + (mixed[j] & ((1u << PH_COL_BITS) - 1))];
}

PH_INLINE void ph_evaluate_rows_lanes(const uint8_t *cards, size_t n_rows, int width, uint16_t *out)
{
    size_t row = 0;
    for (; row + PH_LANES <= n_rows; row += PH_LANES) {
        uint64_t key[PH_LANES];
        const uint8_t *hands = cards + row * width;
        for (int j = 0; j < PH_LANES; j++) {
            key[j] = PH_KEY_START;
            for (int i = 0; i < width; i++) key[j] += ph_card_key[hands[j * width + i]];
        }
        ph_evaluate_lanes(hands, width, key, out + row);
    }
    for (; row < n_rows; row++) out[row] = ph_evaluate(cards + row * width, width);
}

/* PH_PORTABLE (a compiler flag) keeps the portable loops on x86-64 too, to test them. */
#if !defined(PH_PORTABLE) && (defined(__x86_64__) || (defined(_M_X64) && !defined(_M_ARM64EC)))
#include <emmintrin.h> /* SSE2: baseline on x86-64 */
#define PH_HIGH_SSE2 1

/* A card's key (low half) and mask (high half; PH_OUTSIDE_BIT for a card > 51) in
 * one register: OR-ed, the high halves are the hand's ph_card_mask; summed with
 * PH_OUTSIDE_BIT added once, they validate: good cards have distinct bits, none of
 * them PH_OUTSIDE_BIT, so sum = or + PH_OUTSIDE_BIT = or ^ PH_OUTSIDE_BIT. A repeat
 * carries (sum > or + PH_OUTSIDE_BIT); a card > 51 puts PH_OUTSIDE_BIT in or (then
 * or ^ PH_OUTSIDE_BIT < or < sum). Either way sum ^ or is neither PH_OUTSIDE_BIT nor
 * 0, so it has another bit: the OR of sum ^ or over a block of rows is exactly
 * PH_OUTSIDE_BIT when every row is good. */
PH_INLINE __m128i ph_card_entry(uint8_t card) { return _mm_load_si128((const __m128i *)ph_card_key_mask + card); }

/* Nonzero when a block's OR of sum ^ or (ph_card_entry) shows a bad row. */
PH_INLINE uint64_t ph_block_badness(__m128i bad)
{
    return (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(bad, bad)) ^ PH_OUTSIDE_BIT;
}

/* The validated loop on x86-64: one 128-bit load and add per card sums its key
 * and its mask bit, an OR keeps the bits (a flush's ranks), and bad rows show in
 * the block's ph_block_badness (batch.h), rescanned with ph_row_badness when set.
 * About 1 ns per seven-card hand less than a second table load per card. */
PH_INLINE ptrdiff_t ph_evaluate_rows_checked(const uint8_t *cards, size_t n_rows, int width, uint16_t *out)
{
    const __m128i start_key = _mm_set_epi64x((long long)PH_OUTSIDE_BIT, (long long)PH_KEY_START);
    for (size_t start = 0; start < n_rows; start += PH_CHECK_BLOCK) {
        size_t end = start + PH_CHECK_BLOCK < n_rows ? start + PH_CHECK_BLOCK : n_rows;
        __m128i bad = _mm_setzero_si128();
        for (size_t row = start; row < end; row++) {
            const uint8_t *hand = cards + row * width;
            __m128i any = ph_card_entry(hand[0]);
            __m128i sum = _mm_add_epi64(any, start_key);
            for (int i = 1; i < width; i++) {
                __m128i entry = ph_card_entry(hand[i]);
                sum = _mm_add_epi64(sum, entry);
                any = _mm_or_si128(any, entry);
            }
            bad = _mm_or_si128(bad, _mm_xor_si128(sum, any));
            uint64_t key = (uint64_t)_mm_cvtsi128_si64(sum), flush_bits = key & PH_FLUSH_BITS;
            out[row] = flush_bits ? ph_flush_value(flush_bits, (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(any, any)))
                                  : ph_rank_lookup_n((uint32_t)key, width);
        }
        if (ph_block_badness(bad))
            for (size_t row = start; row < end; row++)
                if (ph_row_badness(cards + row * width, width, NULL, 0)) return (ptrdiff_t)row;
    }
    return -1;
}
#endif

#ifdef PH_HIGH_SSE2
/* The validated loop of each width in a function of its own, so that its code does
 * not move with the unchecked loops' (its speed measured sensitive to that). */
#define PH_CHECKED_ROWS(W)                                                                     \
    PH_NOINLINE ptrdiff_t ph_evaluate_rows_checked##W(const uint8_t *cards, size_t n_rows, uint16_t *out) \
    {                                                                                          \
        return ph_evaluate_rows_checked(cards, n_rows, W, out);                                \
    }
PH_CHECKED_ROWS(5)
PH_CHECKED_ROWS(6)
PH_CHECKED_ROWS(7)
#endif

/* Rows of 5, 6 or 7 cards; validated in the same pass when check (batch.h).
 * Returns the first bad row, or -1. */
PH_NOINLINE ptrdiff_t ph_evaluate_batch(const uint8_t *cards, size_t n_rows, int width, int check, uint16_t *out)
{
#ifdef PH_HIGH_SSE2
    if (check) switch (width) { /* constant widths: the card loops unroll */
        case 5: return ph_evaluate_rows_checked5(cards, n_rows, out);
        case 6: return ph_evaluate_rows_checked6(cards, n_rows, out);
        case 7: return ph_evaluate_rows_checked7(cards, n_rows, out);
        default: return -1;
        }
#endif
    if (!check) switch (width) { /* constant widths: the card loops unroll */
        case 5: ph_evaluate_rows_lanes(cards, n_rows, 5, out); return -1;
        case 6: ph_evaluate_rows_lanes(cards, n_rows, 6, out); return -1;
        case 7: ph_evaluate_rows_lanes(cards, n_rows, 7, out); return -1;
        default: return -1;
        }
    switch (width) {
    PH_WIDTH_CASE(5, ph_evaluate);
    PH_WIDTH_CASE(6, ph_evaluate);
    PH_WIDTH_CASE(7, ph_evaluate);
    default: break;
    }
    return -1;
}

/* Histogram of the strengths of every `n`-card hand (1 to 7 cards) of the 52-card
 * deck, hist[0..7462]. Sums are carried down the nested loops, so that the last
 * card adds one card key. There (cards are 4 * rank + suit), unless some suit
 * already has four cards, no hand can be a flush and its value depends on the last
 * card's rank only: one lookup counts every remaining card of that rank, about a
 * quarter as many lookups as hands. Exact: the category counts test checks it. */
PH_INLINE void ph_value_histogram_last(int first, uint64_t key, uint64_t mask, int n, uint64_t *hist)
{
    if ((key + (0x1111ULL << 32)) & PH_FLUSH_BITS) { /* a suit counter at 7: four cards */
        for (int c = first; c < 52; c++) {
            uint64_t next = key + ph_card_key[c], flush_bits = next & PH_FLUSH_BITS;
            hist[flush_bits ? ph_flush_value(flush_bits, mask | ph_card_mask[c]) : ph_rank_lookup_n((uint32_t)next, n)]++;
        }
        return;
    }
    /* n == 7 goes through the seven-card hash that the batch loops use, so that the
     * exhaustive category counts run every seven-card hand through that table too
     * (tests/test_high.py also checks each of its entries against the other hash). */
    hist[ph_rank_lookup_n((uint32_t)(key + ph_card_key[first]), n)] += 4 - (first & 3);
    for (int c = (first | 3) + 1; c < 52; c += 4) hist[ph_rank_lookup_n((uint32_t)(key + ph_card_key[c]), n)] += 4;
}

/* The last two cards are in one function, so calls happen per hand of n - 2 cards. */
static void ph_value_histogram_level(int first, int remaining, uint64_t key, uint64_t mask, int n, uint64_t *hist)
{
    for (int c = first; c <= 52 - remaining; c++) {
        uint64_t next_key = key + ph_card_key[c], next_mask = mask | ph_card_mask[c];
        if (remaining == 2)
            ph_value_histogram_last(c + 1, next_key, next_mask, n, hist);
        else
            ph_value_histogram_level(c + 1, remaining - 1, next_key, next_mask, n, hist);
    }
}

static void ph_value_histogram(int n, uint64_t *hist)
{
    for (int v = 0; v <= 7462; v++) hist[v] = 0;
    if (n == 1) ph_value_histogram_last(0, PH_KEY_START, 0, n, hist);
    if (n >= 2 && n <= 7) ph_value_histogram_level(0, n, PH_KEY_START, 0, n, hist);
}

#endif

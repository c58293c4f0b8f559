/* Standard high-hand evaluator for 5, 6 and 7 cards (rules: Standard hand ranking).
 *
 * A hand is two sums over its cards (see csrc/gen/high_tables.py for the maths):
 * `key` = rank bases (bits 0..24) + suit counters starting at 3 (bits 32..47),
 * `mask` = one bit per card at 16*suit + rank. A flush is one AND; its ranks index
 * the flush table. Otherwise the rank sum goes through a perfect hash. Seven cards
 * have a key layout and a hash of their own (ph_card_key7, below).
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

/* Seven-card keys (the batch loops, the enumeration, evaluate of seven cards) are
 * summed from ph_card_key7 instead (csrc/gen/high_tables.py, KEY7_RANK_SHIFT): suit
 * counters starting at 3 in bits 0..15, and in the top 25 bits the rank sum already
 * multiplied by the seven-card hash's multiplier, so that the sum is the mixed key:
 * its row and column are two shifts, with no multiply and no 25-bit mask. The
 * seven-card hash covers the 49,205 seven-card rank multisets alone (a smaller
 * table than ph_rank_table's, so more of a random hand's two lookups hit L1). */
#define PH_KEY7_START 0x3333ULL
#define PH_KEY7_FLUSH 0x8888ULL

/* The seven-card hash of a plain rank sum (rank bases, as ph_rank_lookup takes): for
 * callers that sum ranks alone (the exact equity walk, csrc/equity.h). */
PH_INLINE uint16_t ph_rank7_lookup(uint32_t rank_key)
{
    uint32_t mixed = (rank_key * PH_HASH7_MUL) & ((1u << PH_KEY_BITS) - 1);
    return ph_rank7_table[ph_row7_offset[mixed >> PH_COL7_BITS] + (mixed & ((1u << PH_COL7_BITS) - 1))];
}

PH_INLINE uint64_t ph_key7_of_cards(const uint8_t *cards)
{
    uint64_t key = PH_KEY7_START;
    for (int i = 0; i < 7; i++) key += ph_card_key7[cards[i]];
    return key;
}

/* The value of a seven-card key without a flush. Any key reads inside the table. */
PH_INLINE uint16_t ph_key7_rank_value(uint64_t key)
{
    return ph_rank7_table[ph_row7_offset[key >> (PH_KEY7_RANK_SHIFT + PH_COL7_BITS)]
                          + ((uint32_t)(key >> PH_KEY7_RANK_SHIFT) & ((1u << PH_COL7_BITS) - 1))];
}

/* A seven-card flush: the suit counter that reached 8 sets bit 4 * suit + 3. */
PH_INLINE uint16_t ph_key7_flush_value(uint64_t flush_bits, uint64_t mask)
{
    return ph_flush_table[(mask >> (16 * (ph_ctz64(flush_bits) >> 2))) & 0x1FFF];
}

PH_INLINE uint64_t ph_mask_of_cards(const uint8_t *cards, int n)
{
    uint64_t mask = 0;
    for (int i = 0; i < n; i++) mask |= ph_card_mask[cards[i]];
    return mask;
}

/* The value of seven cards from their key: the flush suit's ranks are gathered only
 * when there is a flush (about 3% of random hands), so the common path sums one
 * table per card instead of two. */
PH_INLINE uint16_t ph_key7_value(uint64_t key, const uint8_t *cards)
{
    uint64_t flush_bits = key & PH_KEY7_FLUSH;
    if (flush_bits) return ph_key7_flush_value(flush_bits, ph_mask_of_cards(cards, 7));
    return ph_key7_rank_value(key);
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

PH_INLINE uint16_t ph_evaluate(const uint8_t *cards, int n)
{
    uint64_t key = PH_KEY_START, flush_bits;
    if (n == 7) return ph_key7_value(ph_key7_of_cards(cards), cards);
    for (int i = 0; i < n; i++) key += ph_card_key[cards[i]];
    flush_bits = key & PH_FLUSH_BITS;
    if (flush_bits) return ph_flush_value(flush_bits, ph_mask_of_cards(cards, n));
    return ph_rank_lookup((uint32_t)key);
}

PH_INLINE uint16_t ph_evaluate5(const uint8_t *c) { return ph_evaluate(c, 5); }

/* Rows of 5 or 6 cards, PH_LANES rows at a time: their key sums first, then their
 * hash rows, then their values, so that the dependent table loads of independent
 * hands are in flight together instead of one hand's at a time (a random hand's rank
 * row is rarely in L1). A block with a flush takes the one-hand path. */
#define PH_LANES 4
PH_INLINE void ph_evaluate_lanes(const uint8_t *cards, int width, uint64_t *key, uint16_t *out)
{
    uint32_t mixed[PH_LANES], offset[PH_LANES];
    uint64_t flush = 0;
    for (int j = 0; j < PH_LANES; j++) flush |= key[j] & PH_FLUSH_BITS;
    if (flush) {
        for (int j = 0; j < PH_LANES; j++) out[j] = ph_evaluate(cards + j * width, width);
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

/* Two seven-card rows with their keys: both rows' table loads are issued before
 * either value is needed (with these keys, whose lookup is a few instructions
 * shorter, two lanes measured as fast as four, 3% faster than one and 5-7% faster
 * than eight). A pair with a flush takes the one-row path. */
PH_INLINE void ph_evaluate_pair7(const uint8_t *hand, uint64_t a, uint64_t b, uint16_t *out)
{
    if ((a | b) & PH_KEY7_FLUSH) {
        out[0] = ph_key7_value(a, hand);
        out[1] = ph_key7_value(b, hand + 7);
        return;
    }
    uint32_t offset_a = ph_row7_offset[a >> (PH_KEY7_RANK_SHIFT + PH_COL7_BITS)];
    uint32_t offset_b = ph_row7_offset[b >> (PH_KEY7_RANK_SHIFT + PH_COL7_BITS)];
    out[0] = ph_rank7_table[offset_a + ((uint32_t)(a >> PH_KEY7_RANK_SHIFT) & ((1u << PH_COL7_BITS) - 1))];
    out[1] = ph_rank7_table[offset_b + ((uint32_t)(b >> PH_KEY7_RANK_SHIFT) & ((1u << PH_COL7_BITS) - 1))];
}

PH_INLINE void ph_evaluate_pair7_cards(const uint8_t *hand, uint16_t *out)
{
    ph_evaluate_pair7(hand, ph_key7_of_cards(hand), ph_key7_of_cards(hand + 7), out);
}

/* Two pairs an iteration: measured 3-5% faster than one; a function of its own, as
 * the validated loop (measured 4% faster than inlined in ph_evaluate_batch). */
PH_NOINLINE void ph_evaluate_rows7(const uint8_t *cards, size_t n_rows, uint16_t *out)
{
    size_t row = 0;
    for (; row + 4 <= n_rows; row += 4) {
        ph_evaluate_pair7_cards(cards + 7 * row, out + row);
        ph_evaluate_pair7_cards(cards + 7 * row + 14, out + row + 2);
    }
    for (; row < n_rows; row++) out[row] = ph_evaluate(cards + 7 * row, 7);
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
                                  : ph_rank_lookup((uint32_t)key);
        }
        if (ph_block_badness(bad))
            for (size_t row = start; row < end; row++)
                if (ph_row_badness(cards + row * width, width, NULL, 0)) return (ptrdiff_t)row;
    }
    return -1;
}

/* The validated seven-card loop: the unchecked pairs of rows above, and beside them
 * the checks on the rows' bytes in SSE2 registers, which the integer work leaves
 * idle (no extra table load per card: the loop is bound by loads). The two rows are
 * bytes 0..13 of one 16-byte window; comparing it with itself shifted by d = 1..6
 * bytes compares every pair of cards d apart, and ph_pair_masks keeps, at the end of
 * a block, the pairs inside one row (a repeat) and the 14 bytes (a card past 51). A
 * block with a bad row is rescanned with ph_row_badness (batch.h). Windows are read
 * only while 16 bytes remain; the last row or two take the one-row path. */
PH_INLINE __m128i ph_pair_mask(int i) { return _mm_load_si128((const __m128i *)ph_pair_masks + i); }

PH_NOINLINE ptrdiff_t ph_evaluate_rows_checked7(const uint8_t *cards, size_t n_rows, uint16_t *out)
{
    const __m128i top_card = _mm_set1_epi8(51);
    for (size_t start = 0; start < n_rows; start += PH_CHECK_BLOCK) {
        size_t end = start + PH_CHECK_BLOCK < n_rows ? start + PH_CHECK_BLOCK : n_rows;
        size_t windows_end = end < n_rows ? end : n_rows - 1; /* row + 3 <= n_rows: 16 bytes */
        __m128i same1 = _mm_setzero_si128(), same2 = same1, same3 = same1, same4 = same1, same5 = same1,
                same6 = same1, highest = same1;
        uint64_t badness = 0;
        size_t row = start;
#define PH_CHECK_WINDOW(HAND)                                                                  \
    do {                                                                                       \
        __m128i w = _mm_loadu_si128((const __m128i *)(HAND));                                  \
        highest = _mm_max_epu8(highest, w);                                                    \
        same1 = _mm_or_si128(same1, _mm_cmpeq_epi8(w, _mm_srli_si128(w, 1)));                 \
        same2 = _mm_or_si128(same2, _mm_cmpeq_epi8(w, _mm_srli_si128(w, 2)));                 \
        same3 = _mm_or_si128(same3, _mm_cmpeq_epi8(w, _mm_srli_si128(w, 3)));                 \
        same4 = _mm_or_si128(same4, _mm_cmpeq_epi8(w, _mm_srli_si128(w, 4)));                 \
        same5 = _mm_or_si128(same5, _mm_cmpeq_epi8(w, _mm_srli_si128(w, 5)));                 \
        same6 = _mm_or_si128(same6, _mm_cmpeq_epi8(w, _mm_srli_si128(w, 6)));                 \
    } while (0)
        for (; row + 4 <= windows_end; row += 4) { /* two pairs, as ph_evaluate_rows7 */
            const uint8_t *hand = cards + 7 * row;
            PH_CHECK_WINDOW(hand);
            PH_CHECK_WINDOW(hand + 14);
            ph_evaluate_pair7_cards(hand, out + row);
            ph_evaluate_pair7_cards(hand + 14, out + row + 2);
        }
        for (; row + 2 <= windows_end; row += 2) {
            PH_CHECK_WINDOW(cards + 7 * row);
            ph_evaluate_pair7_cards(cards + 7 * row, out + row);
        }
#undef PH_CHECK_WINDOW
        for (; row < end; row++) {
            badness |= ph_row_badness(cards + 7 * row, 7, NULL, 0);
            out[row] = ph_evaluate(cards + 7 * row, 7);
        }
        __m128i repeats = _mm_or_si128(_mm_or_si128(_mm_and_si128(same1, ph_pair_mask(0)), _mm_and_si128(same2, ph_pair_mask(1))),
                                       _mm_or_si128(_mm_and_si128(same3, ph_pair_mask(2)), _mm_and_si128(same4, ph_pair_mask(3))));
        repeats = _mm_or_si128(repeats, _mm_or_si128(_mm_and_si128(same5, ph_pair_mask(4)), _mm_and_si128(same6, ph_pair_mask(5))));
        highest = _mm_and_si128(highest, ph_pair_mask(6));
        __m128i in_range = _mm_cmpeq_epi8(_mm_max_epu8(highest, top_card), top_card);
        if (badness || _mm_movemask_epi8(repeats) || _mm_movemask_epi8(in_range) != 0xFFFF)
            for (row = start; row < end; row++)
                if (ph_row_badness(cards + 7 * row, 7, NULL, 0)) return (ptrdiff_t)row;
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
        case 7: ph_evaluate_rows7(cards, n_rows, out); return -1;
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
 * quarter as many lookups as hands. Exact: the category counts test checks it.
 * Seven-card hands are summed from ph_card_key7 and valued by the functions of the
 * seven-card batch loops, so that the exhaustive category counts run every
 * seven-card hand through their key layout and table (tests/test_high.py also
 * checks each of the table's entries against the other hash). */
PH_INLINE uint64_t ph_hist_card_key(int c, int n) { return n == 7 ? ph_card_key7[c] : ph_card_key[c]; }
PH_INLINE uint64_t ph_hist_flush_bits(uint64_t key, int n) { return key & (n == 7 ? PH_KEY7_FLUSH : PH_FLUSH_BITS); }

PH_INLINE uint16_t ph_hist_value(uint64_t key, uint64_t mask, int n)
{
    uint64_t flush_bits = ph_hist_flush_bits(key, n);
    if (n == 7) return flush_bits ? ph_key7_flush_value(flush_bits, mask) : ph_key7_rank_value(key);
    return flush_bits ? ph_flush_value(flush_bits, mask) : ph_rank_lookup((uint32_t)key);
}

PH_INLINE void ph_value_histogram_last(int first, uint64_t key, uint64_t mask, int n, uint64_t *hist)
{
    /* a suit counter at 7: four cards of a suit, a flush possible */
    if (ph_hist_flush_bits(key + (n == 7 ? 0x1111ULL : 0x1111ULL << 32), n)) {
        for (int c = first; c < 52; c++) hist[ph_hist_value(key + ph_hist_card_key(c, n), mask | ph_card_mask[c], n)]++;
        return;
    }
    hist[ph_hist_value(key + ph_hist_card_key(first, n), 0, n)] += 4 - (first & 3);
    for (int c = (first | 3) + 1; c < 52; c += 4) hist[ph_hist_value(key + ph_hist_card_key(c, n), 0, n)] += 4;
}

/* The last two cards are in one function, so calls happen per hand of n - 2 cards. */
static void ph_value_histogram_level(int first, int remaining, uint64_t key, uint64_t mask, int n, uint64_t *hist)
{
    for (int c = first; c <= 52 - remaining; c++) {
        uint64_t next_key = key + ph_hist_card_key(c, n), next_mask = mask | ph_card_mask[c];
        if (remaining == 2)
            ph_value_histogram_last(c + 1, next_key, next_mask, n, hist);
        else
            ph_value_histogram_level(c + 1, remaining - 1, next_key, next_mask, n, hist);
    }
}

static void ph_value_histogram(int n, uint64_t *hist)
{
    uint64_t start = n == 7 ? PH_KEY7_START : PH_KEY_START;
    for (int v = 0; v <= 7462; v++) hist[v] = 0;
    if (n == 1) ph_value_histogram_last(0, start, 0, n, hist);
    if (n >= 2 && n <= 7) ph_value_histogram_level(0, n, start, 0, n, hist);
}

#endif

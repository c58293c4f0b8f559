/* Batch evaluation fused with validation: the loads that evaluate a row also validate
 * it (RULES.md §1: distinct cards, each in the game's deck), used by the evaluators of
 * RULES.md §9 (shortdeck.h, lowball.h, badugi.h).
 *
 * Keyed evaluators (short deck, 2-7) sum a 64-bit key per card. Their tables pair each
 * card's key with its validation bit, 16 bytes per card byte and 16-byte aligned: bit
 * `card` for a card of the deck, bit 63 for any other byte. Summing the pairs and
 * OR-ing the bits validates the row: the bit sum equals the bit OR exactly when no
 * card repeats (no carry), and bit 63 stays clear exactly when every card is in the
 * deck. On x86-64 one SSE2 load, add and OR per card do both halves at once.
 */
#ifndef PH_FUSED_H
#define PH_FUSED_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "batch.h"

#if defined(__x86_64__) || (defined(_M_X64) && !defined(_M_ARM64EC))
#include <emmintrin.h> /* SSE2: baseline on x86-64 */
#define PH_FUSED_SSE2 1
#endif

/* start plus the keys of the n cards; *bad is nonzero unless they are distinct cards
 * of the deck (callers that do not check ignore it, and the compiler drops its work). */
PH_INLINE uint64_t ph_key_sum_checked(const uint64_t *pairs, const uint8_t *cards, int n, uint64_t start, uint64_t *bad)
{
#ifdef PH_FUSED_SSE2
    __m128i sum = _mm_set_epi64x(0, (long long)start), any = _mm_setzero_si128();
    for (int i = 0; i < n; i++) {
        __m128i entry = _mm_load_si128((const __m128i *)(pairs + 2 * cards[i]));
        sum = _mm_add_epi64(sum, entry);
        any = _mm_or_si128(any, entry);
    }
    __m128i diff = _mm_or_si128(_mm_xor_si128(sum, any), _mm_srli_epi64(any, 63));
    *bad = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(diff, diff));
    return (uint64_t)_mm_cvtsi128_si64(sum);
#else
    uint64_t key = start, bit_sum = 0, bit_or = 0;
    for (int i = 0; i < n; i++) {
        key += pairs[2 * cards[i]];
        bit_sum += pairs[2 * cards[i] + 1];
        bit_or |= pairs[2 * cards[i] + 1];
    }
    *bad = (bit_sum ^ bit_or) | (bit_or >> 63);
    return key;
#endif
}

PH_INLINE uint64_t ph_key_sum(const uint64_t *pairs, const uint8_t *cards, int n, uint64_t start)
{
    for (int i = 0; i < n; i++) start += pairs[2 * cards[i]];
    return start;
}

/* The rows of width W (a constant, so the card loops unroll) of a batch:
 * CHECKED(row, W, &bad) returns a row's value and sets its badness, PLAIN(row, W)
 * returns the value alone. Expects cards, n_rows, check, out and the locals `bad`
 * (uint64_t) and `value` in scope; the badness is taken first, since it evaluates. */
#define PH_FUSED_ROWS(W, CHECKED, PLAIN)                                                       \
    if (check) {                                                                               \
        PH_ROWS_LOOP(1, (value = CHECKED(cards + row * (W), (W), &bad), bad), value)           \
    } else {                                                                                   \
        PH_ROWS_LOOP(0, 0, PLAIN(cards + row * (W), (W)))                                      \
    }

/* The same as case W of a switch over row widths. */
#define PH_FUSED_CASE(W, CHECKED, PLAIN)                                                       \
    case W:                                                                                    \
        PH_FUSED_ROWS(W, CHECKED, PLAIN)                                                       \
        break

#endif

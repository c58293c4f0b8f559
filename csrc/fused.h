/* Batch evaluation fused with validation: the loads that evaluate a row also validate
 * it (distinct cards, each in the game's deck; rules: Cards), used by the evaluators of
 * the rules' Other games (shortdeck.h, lowball.h, badugi.h).
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

/* For the rare paths of the batch loops (a flush, a hand of few ranks): kept out of
 * line, so that the loop does not hold the row's cards in registers for them and
 * spill its own state instead. */
#if defined(_MSC_VER) && !defined(__clang__)
#define PH_RARE static __declspec(noinline)
#else
#define PH_RARE static __attribute__((noinline))
#endif

/* PH_NO_SSE2 builds the portable loop on x86-64 too (other CPUs always take it). */
#if (defined(__x86_64__) || (defined(_M_X64) && !defined(_M_ARM64EC))) && !defined(PH_NO_SSE2)
#include <emmintrin.h> /* SSE2: baseline on x86-64 */
#define PH_FUSED_SSE2 1
#endif

/* What the per-card loads of a row give: the sum (or OR) of the cards' entries, and
 * the row's badness so far (nonzero = bad; 0 when not checking). */
typedef struct {
    uint64_t sum;
    uint64_t bad;
} ph_gathered;

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

/* The same as the gathers of the batch loops below. */
PH_INLINE ph_gathered ph_key_gather_checked(const uint64_t *pairs, const uint8_t *cards, int n, uint64_t start)
{
    ph_gathered g;
    g.sum = ph_key_sum_checked(pairs, cards, n, start, &g.bad);
    return g;
}

PH_INLINE ph_gathered ph_key_gather(const uint64_t *pairs, const uint8_t *cards, int n, uint64_t start)
{
    ph_gathered g = {ph_key_sum(pairs, cards, n, start), 0};
    return g;
}

/* The rows of width W (a constant, so the card loops unroll) of a batch, with the
 * row check of the rules' Cards section when CHECK (a constant). GATHER(row, W) returns a row's
 * ph_gathered; FINISH(gathered, row, W, &bad) its value, OR-ing any badness of its
 * own into bad. Expects cards, n_rows (> 0) and out in scope.
 *
 * Software-pipelined: the next row's cards are gathered while this row's value is
 * found. A row is one chain of dependent loads (card bytes, their entries, the value
 * tables), and splitting it over two iterations lets the out-of-order window hold
 * more rows at once (badugi 3.0 -> 2.4 ns a row). As batch.h's PH_ROWS_LOOP, the
 * badness is OR-ed over blocks and a bad block is rescanned for its first bad row,
 * which the enclosing function returns. */
#define PH_PIPELINED_ROWS(W, CHECK, GATHER, FINISH)                                            \
    {                                                                                          \
        ph_gathered next = GATHER(cards, (W));                                                 \
        for (size_t start = 0; start < n_rows; start += PH_CHECK_BLOCK) {                      \
            size_t end = start + PH_CHECK_BLOCK < n_rows ? start + PH_CHECK_BLOCK : n_rows;    \
            uint64_t badness = 0, bad;                                                         \
            for (size_t row = start; row < end; row++) {                                       \
                ph_gathered current = next;                                                    \
                if (row + 1 < n_rows) next = GATHER(cards + (row + 1) * (W), (W));             \
                bad = current.bad;                                                             \
                out[row] = FINISH(current, cards + row * (W), (W), &bad);                      \
                if (CHECK) badness |= bad;                                                     \
            }                                                                                  \
            if (CHECK && badness)                                                              \
                for (size_t row = start; row < end; row++) {                                   \
                    ph_gathered again = GATHER(cards + row * (W), (W));                        \
                    bad = again.bad;                                                           \
                    FINISH(again, cards + row * (W), (W), &bad);                               \
                    if (bad) return (ptrdiff_t)row;                                            \
                }                                                                              \
        }                                                                                      \
    }

/* The rows of width W, checked rows gathered with GATHER_CHECKED, the others with
 * GATHER, software-pipelined. */
#define PH_PIPELINED(W, GATHER_CHECKED, GATHER, FINISH)                                        \
    if (check) {                                                                               \
        PH_PIPELINED_ROWS(W, 1, GATHER_CHECKED, FINISH)                                        \
    } else {                                                                                   \
        PH_PIPELINED_ROWS(W, 0, GATHER, FINISH)                                                \
    }

/* The same rows one at a time (batch.h's loop): faster than the pipeline for the
 * short chains of five-card rows whose value is one hash lookup (2-7, A-5 of five
 * cards: 1.9 vs 2.6 ns validated). Expects the locals `g` (ph_gathered), `bad`
 * (uint64_t) and `value` too. */
#define PH_ONE_PASS(W, GATHER_CHECKED, GATHER, FINISH)                                         \
    if (check) {                                                                               \
        PH_ROWS_LOOP(1, (g = GATHER_CHECKED(cards + row * (W), (W)), bad = g.bad,              \
                         value = FINISH(g, cards + row * (W), (W), &bad), bad), value)         \
    } else {                                                                                   \
        PH_ROWS_LOOP(0, 0, FINISH(GATHER(cards + row * (W), (W)), cards + row * (W), (W), &bad)) \
    }

/* Case W of a switch over row widths, with LOOP PH_PIPELINED or PH_ONE_PASS. */
#define PH_GATHERED_CASE(W, LOOP, GATHER_CHECKED, GATHER, FINISH)                              \
    case W:                                                                                    \
        LOOP(W, GATHER_CHECKED, GATHER, FINISH)                                                \
        break

#endif

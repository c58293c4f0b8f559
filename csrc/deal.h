/* Random dealing for simulations: a small fast generator and partial Fisher-Yates
 * shuffles of a stub of cards.
 *
 * The generator is SplitMix64 (Steele, Lea, Flood 2014; the seeding generator of
 * xoshiro): one add and two multiply-xorshift rounds per 64-bit output, and it
 * passes BigCrush. Each output serves two draws (its high and low halves). A draw
 * in 0..n-1 is Lemire's multiply-shift (2019) with its rejection step, so every
 * value is exactly equally likely.
 */
#ifndef PH_DEAL_H
#define PH_DEAL_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"

typedef struct {
    uint64_t state;
    uint64_t spare; /* the unused low half of the last output, valid when has_spare */
    int has_spare;
} ph_rng;

PH_INLINE uint64_t ph_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Stream `stream` of seed `seed`: streams are whole outputs of a second SplitMix64,
 * so chunks of one simulation seeded 0, 1, 2... do not overlap in practice. */
PH_INLINE void ph_rng_seed(ph_rng *rng, uint64_t seed, uint64_t stream)
{
    uint64_t mix = seed ^ (stream * 0xD1B54A32D192ED03ULL);
    rng->state = ph_splitmix64(&mix);
    rng->has_spare = 0;
    rng->spare = 0;
}

PH_INLINE uint64_t ph_rng_next(ph_rng *rng) { return ph_splitmix64(&rng->state); }

PH_INLINE uint32_t ph_rng_next32(ph_rng *rng)
{
    if (rng->has_spare) {
        rng->has_spare = 0;
        return (uint32_t)rng->spare;
    }
    rng->spare = ph_rng_next(rng);
    rng->has_spare = 1;
    return (uint32_t)(rng->spare >> 32);
}

/* Uniform in 0..n-1 (1 <= n < 2^32). */
PH_INLINE uint32_t ph_rng_below(ph_rng *rng, uint32_t n)
{
    uint64_t m = (uint64_t)ph_rng_next32(rng) * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while ((uint32_t)m < threshold) m = (uint64_t)ph_rng_next32(rng) * n;
    }
    return (uint32_t)(m >> 32);
}

/* The next card of a partial Fisher-Yates shuffle: stub[0..*dealt-1] are the cards
 * dealt so far this round; the result is uniform over the rest. Needs no restore
 * between rounds: any order of the stub is as good a start as any other. */
PH_INLINE uint8_t ph_deal_next(ph_rng *rng, uint8_t *stub, int n_stub, int *dealt)
{
    int i = *dealt, j = i + (int)ph_rng_below(rng, (uint32_t)(n_stub - i));
    uint8_t card = stub[j];
    stub[j] = stub[i];
    stub[i] = card;
    *dealt = i + 1;
    return card;
}

/* Three draws from one 32-bit value, the bounds n0 > n1 > n2 (their product at most
 * 2^24): batched ranged integers (Brackett-Rozinsky and Lemire 2024). Each draw is
 * the high half of value * n, whose low half feeds the next; the leftover decides,
 * rarely, that the whole batch is drawn again, which makes every triple exactly
 * equally likely. k = 1, 2 or 3 of the bounds are used. */
PH_INLINE void ph_rng_below3(ph_rng *rng, int k, const uint32_t *n, uint32_t *out)
{
    uint32_t product = n[0];
    for (int i = 1; i < k; i++) product *= n[i];
    for (;;) {
        uint32_t left = ph_rng_next32(rng);
        for (int i = 0; i < k; i++) {
            uint64_t m = (uint64_t)left * n[i];
            out[i] = (uint32_t)(m >> 32);
            left = (uint32_t)m;
        }
        if (left >= product || left >= (uint32_t)(-product) % product) return;
    }
}

/* The next k cards (k <= 3) of a partial Fisher-Yates shuffle (see ph_deal_next). */
PH_INLINE void ph_deal_some(ph_rng *rng, uint8_t *stub, int n_stub, int *dealt, int k, uint8_t *out)
{
    uint32_t bound[3], pick[3];
    int first = *dealt;
    for (int i = 0; i < k; i++) bound[i] = (uint32_t)(n_stub - first - i);
    ph_rng_below3(rng, k, bound, pick);
    for (int i = 0; i < k; i++) {
        int at = first + i, j = at + (int)pick[i];
        uint8_t card = stub[j];
        stub[j] = stub[at];
        stub[at] = card;
        out[i] = card;
    }
    *dealt = first + k;
}

/* The next k cards, any k (k <= n_stub - *dealt). */
PH_INLINE void ph_deal_cards(ph_rng *rng, uint8_t *stub, int n_stub, int *dealt, int k, uint8_t *out)
{
    for (int i = 0; i < k; i += 3) ph_deal_some(rng, stub, n_stub, dealt, k - i < 3 ? k - i : 3, out + i);
}

/* n_rows rows of k distinct cards each from the stub (k <= n_stub). */
static void ph_random_deals(uint8_t *stub, int n_stub, int k, size_t n_rows, uint64_t seed, uint8_t *out)
{
    ph_rng rng;
    ph_rng_seed(&rng, seed, 0);
    for (size_t row = 0; row < n_rows; row++) {
        int dealt = 0;
        ph_deal_cards(&rng, stub, n_stub, &dealt, k, out + row * (size_t)k);
    }
}

#endif

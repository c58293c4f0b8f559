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

/* n_rows rows of k distinct cards each from the stub (k <= n_stub). */
static void ph_random_deals(uint8_t *stub, int n_stub, int k, size_t n_rows, uint64_t seed, uint8_t *out)
{
    ph_rng rng;
    ph_rng_seed(&rng, seed, 0);
    for (size_t row = 0; row < n_rows; row++) {
        int dealt = 0;
        uint8_t *hand = out + row * (size_t)k;
        for (int i = 0; i < k; i++) hand[i] = ph_deal_next(&rng, stub, n_stub, &dealt);
    }
}

#endif

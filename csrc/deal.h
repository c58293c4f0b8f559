/* Random dealing: small fast generators, partial Fisher-Yates shuffles of a stub of
 * cards, and uniform subsets (boards) for Monte Carlo equity.
 *
 * Shuffles and random_deals use SplitMix64 (Steele, Lea, Flood 2014; the seeding generator of
 * xoshiro): one add and two multiply-xorshift rounds per 64-bit output, and it
 * passes BigCrush. Each output serves two draws (its high and low halves). A draw
 * in 0..n-1 is Lemire's multiply-shift (2019) with its rejection step, so every
 * value is exactly equally likely. Monte Carlo equity uses ph_sim_rng (below).
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

/* Three draws from one 32-bit value, the bounds n0 > n1 > n2 (their product at most
 * 2^24): batched ranged integers (Brackett-Rozinsky and Lemire 2024). Each draw is
 * the high half of value * n, whose low half feeds the next; the leftover decides,
 * rarely, that the whole batch is drawn again, which makes every triple exactly
 * equally likely. k = 1, 2 or 3 of the bounds are used. */
/* A deck's shuffle: Fisher-Yates of stub[0..n) on stream `stream` of `seed`, advanced
 * round * 2^32 outputs (SplitMix64 counts by its constant) so that a deck's successive
 * shuffles (a reshuffle, a restock) never share outputs; a shuffle takes fewer than a
 * hundred. The one shuffle of _equity.shuffled and of the compiled Deck (cards.pxd). */
PH_INLINE void ph_keyed_shuffle(uint8_t *stub, int n, uint64_t seed, uint64_t stream, uint64_t round)
{
    ph_rng rng;
    int i;
    ph_rng_seed(&rng, seed, stream);
    rng.state += round * (UINT64_C(0x9E3779B97F4A7C15) << 32);
    for (i = n - 1; i > 0; i--) {
        uint32_t j = ph_rng_below(&rng, (uint32_t)(i + 1));
        uint8_t card = stub[i];
        stub[i] = stub[j];
        stub[j] = card;
    }
}

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

/* Steps first .. first+k-1 of a partial Fisher-Yates shuffle: stub[first + i] swaps
 * with the card pick[i] places further on, which is dealt (into out[i]); stub[0..
 * first-1] are the cards dealt so far this round. Needs no restore between rounds:
 * any order of the stub is as good a start as any other. */
PH_INLINE void ph_swap_picks(uint8_t *stub, int first, int k, const uint32_t *pick, uint8_t *out)
{
    for (int i = 0; i < k; i++) {
        int at = first + i, j = at + (int)pick[i];
        uint8_t card = stub[j];
        stub[j] = stub[at];
        stub[at] = card;
        out[i] = card;
    }
}

/* The next k cards (k <= 3) of a partial Fisher-Yates shuffle (see ph_swap_picks). */
PH_INLINE void ph_deal_some(ph_rng *rng, uint8_t *stub, int n_stub, int *dealt, int k, uint8_t *out)
{
    uint32_t bound[3], pick[3];
    int first = *dealt;
    for (int i = 0; i < k; i++) bound[i] = (uint32_t)(n_stub - first - i);
    ph_rng_below3(rng, k, bound, pick);
    ph_swap_picks(stub, first, k, pick, out);
    *dealt = first + k;
}

/* The next k cards, any k (k <= n_stub - *dealt). */
PH_INLINE void ph_deal_cards(ph_rng *rng, uint8_t *stub, int n_stub, int *dealt, int k, uint8_t *out)
{
    for (int i = 0; i < k; i += 3) ph_deal_some(rng, stub, n_stub, dealt, k - i < 3 ? k - i : 3, out + i);
}

/* The simulations' generator: wyrand (Wang Yi's wyhash family, 2019), one add and one
 * 64x64->128-bit multiply per 64-bit output (it passes BigCrush and PractRand), about
 * half of SplitMix64's work. Each output deals up to PH_SIM_BATCH cards at once
 * (ph_sim_deal). Seeded through ph_rng_seed, so streams are as far apart. */
typedef struct {
    uint64_t state;
} ph_sim_rng;

/* The high and low halves of a * b. */
PH_INLINE uint64_t ph_mul128(uint64_t a, uint64_t b, uint64_t *low)
{
#if defined(__SIZEOF_INT128__)
    unsigned __int128 m = (unsigned __int128)a * b;
    *low = (uint64_t)m;
    return (uint64_t)(m >> 64);
#elif defined(_MSC_VER) && defined(_M_X64)
    uint64_t high;
    *low = _umul128(a, b, &high);
    return high;
#else
    uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
    uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
    uint64_t cross = (lo_lo >> 32) + (uint32_t)hi_lo + lo_hi;
    *low = (cross << 32) | (uint32_t)lo_lo;
    return hi_hi + (hi_lo >> 32) + (cross >> 32);
#endif
}

PH_INLINE void ph_sim_seed(ph_sim_rng *rng, uint64_t seed, uint64_t stream)
{
    ph_rng mixed;
    ph_rng_seed(&mixed, seed, stream);
    rng->state = mixed.state;
}

PH_INLINE uint64_t ph_sim_next(ph_sim_rng *rng)
{
    uint64_t low, high;
    rng->state += 0xA0761D6478BD642FULL;
    high = ph_mul128(rng->state, rng->state ^ 0xE7037ED1A0B428DBULL, &low);
    return high ^ low;
}

/* Uniform in 0..n-1 (1 <= n < 2^32) from the high half of one output; the low half
 * is returned in *spare (the alias method's coin). Lemire's multiply-shift with its
 * rejection step. */
PH_INLINE uint32_t ph_sim_below(ph_sim_rng *rng, uint32_t n, uint32_t *spare)
{
    uint64_t r = ph_sim_next(rng), m = (r >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while ((uint32_t)m < threshold) {
            r = ph_sim_next(rng);
            m = (r >> 32) * n;
        }
    }
    *spare = (uint32_t)r;
    return (uint32_t)(m >> 32);
}

/* Cards dealt from one 64-bit output: the product of the bounds (at most 52^7 < 2^40)
 * leaves a redraw chance below 2^-24. */
#define PH_SIM_BATCH 7

/* k draws (k <= PH_SIM_BATCH), pick[i] uniform in 0..bound[i]-1, from one output as
 * batched ranged integers (Brackett-Rozinsky and Lemire 2024, in 64 bits): each
 * draw is the high half of left * bound, whose low half feeds the next; a leftover
 * below the product's threshold (almost never) draws the batch again, so every
 * k-tuple is exactly equally likely. */
PH_INLINE void ph_sim_below_batch(ph_sim_rng *rng, int k, const uint32_t *bound, uint32_t *pick)
{
    uint64_t product = 1;
    for (int i = 0; i < k; i++) product *= bound[i];
    for (;;) {
        uint64_t left = ph_sim_next(rng);
        for (int i = 0; i < k; i++) pick[i] = (uint32_t)ph_mul128(left, bound[i], &left);
        if (left >= product || left >= (0 - product) % product) return;
    }
}

/* The next k cards (k <= PH_SIM_BATCH) of a partial Fisher-Yates shuffle of the stub
 * (see ph_swap_picks), the bounds n, n-1, ... drawn batched. */
PH_INLINE void ph_sim_deal(ph_sim_rng *rng, uint8_t *stub, int n_stub, int *dealt, int k, uint8_t *out)
{
    uint32_t bound[PH_SIM_BATCH], pick[PH_SIM_BATCH];
    int first = *dealt;
    for (int i = 0; i < k; i++) bound[i] = (uint32_t)(n_stub - first - i);
    ph_sim_below_batch(rng, k, bound, pick);
    ph_swap_picks(stub, first, k, pick, out);
    *dealt = first + k;
}

/* A uniform k-subset (k <= PH_SIM_BATCH) of 0..n-1 (k <= n <= 64): its members in
 * out (in no uniform order: a set, e.g. a board), its bit set returned. Floyd's
 * algorithm: for j = n-k .. n-1 draw t in 0..j and take t, or j when t is taken
 * already; the bounds are drawn batched (ph_sim_below_batch). Nothing
 * is written to memory between deals and nothing branches but the rare redraw, so
 * consecutive deals overlap freely in the processor (a Fisher-Yates stub's swaps
 * make each deal's loads wait on the last one's stores). */
PH_INLINE uint64_t ph_sim_subset(ph_sim_rng *rng, int n, int k, uint8_t *out)
{
    uint32_t bound[PH_SIM_BATCH], pick[PH_SIM_BATCH];
    uint64_t chosen = 0;
    for (int i = 0; i < k; i++) bound[i] = (uint32_t)(n - k + 1 + i);
    ph_sim_below_batch(rng, k, bound, pick);
    for (int i = 0; i < k; i++) {
        uint32_t j = (uint32_t)(n - k + i), t = pick[i];
        t = chosen >> t & 1 ? j : t;
        chosen |= 1ULL << t;
        out[i] = (uint8_t)t;
    }
    return chosen;
}

/* n_rows rows of k distinct cards each from the stub (k <= n_stub). Static inline: the modules
 * that include this header for its generator alone (cards.pxd) do not warn that it is unused. */
static inline void ph_random_deals(uint8_t *stub, int n_stub, int k, size_t n_rows, uint64_t seed, uint8_t *out)
{
    ph_rng rng;
    ph_rng_seed(&rng, seed, 0);
    for (size_t row = 0; row < n_rows; row++) {
        int dealt = 0;
        ph_deal_cards(&rng, stub, n_stub, &dealt, k, out + row * (size_t)k);
    }
}

#endif

/* Showdown equity by sampling (see equity.h for the deal and the scoring).
 *
 * One trial: each range player's combination is drawn by its weight (Walker's alias
 * method: one draw and one coin), and the trial starts over when two of them share
 * a card, so that a combination of hands comes up in proportion to the product of
 * its weights, as the exact sums count it; then the missing board and hole cards are
 * dealt from the stub by a partial Fisher-Yates shuffle, skipping the range
 * players' cards. A chunk of trials is one RNG stream: chunks can run on any
 * thread in any order and add up to the same counts.
 */
#ifndef PH_EQUITY_SAMPLE_H
#define PH_EQUITY_SAMPLE_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deal.h"
#include "equity.h"

/* Walker/Vose alias table of n positive-sum weights. prob[k] is the chance, scaled
 * to 2^32, of keeping column k rather than taking other[k]. Returns -1 when out of
 * memory, else 0. */
static int ph_alias_build(const double *weights, int n, uint32_t *prob, uint32_t *other)
{
    double *scaled = (double *)malloc(sizeof(double) * (size_t)n), total = 0;
    int *small = (int *)malloc(sizeof(int) * (size_t)n), *large = (int *)malloc(sizeof(int) * (size_t)n);
    int n_small = 0, n_large = 0;
    if (!scaled || !small || !large) {
        free(scaled);
        free(small);
        free(large);
        return -1;
    }
    for (int k = 0; k < n; k++) total += weights[k];
    for (int k = 0; k < n; k++) {
        scaled[k] = weights[k] * n / total;
        if (scaled[k] < 1.0)
            small[n_small++] = k;
        else
            large[n_large++] = k;
    }
    while (n_small && n_large) {
        int s = small[--n_small], l = large[n_large - 1];
        prob[s] = (uint32_t)(scaled[s] * 4294967296.0);
        other[s] = (uint32_t)l;
        scaled[l] -= 1.0 - scaled[s];
        if (scaled[l] < 1.0) {
            n_large--;
            small[n_small++] = l;
        }
    }
    /* What is left is full up to rounding: always kept. */
    while (n_large) {
        int l = large[--n_large];
        prob[l] = 0xFFFFFFFFu;
        other[l] = (uint32_t)l;
    }
    while (n_small) {
        int s = small[--n_small];
        prob[s] = 0xFFFFFFFFu;
        other[s] = (uint32_t)s;
    }
    free(scaled);
    free(small);
    free(large);
    return 0;
}

PH_INLINE int ph_alias_draw(ph_sim_rng *rng, int n, const uint32_t *prob, const uint32_t *other)
{
    uint32_t coin, k = ph_sim_below(rng, (uint32_t)n, &coin);
    return coin < prob[k] ? (int)k : (int)other[k];
}

/* The range players' hands for one trial (into holes): the cards they take, never 0
 * (at least one player has a range when called). */
PH_INLINE uint64_t ph_eq_draw_ranges(const ph_eq_setup *s, ph_sim_rng *rng, uint8_t holes[][8])
{
    for (;;) {
        uint64_t taken = 0;
        int p;
        for (p = 0; p < s->n_players; p++) {
            if (!s->n_combos[p]) continue;
            int k = ph_alias_draw(rng, s->n_combos[p], s->alias_prob[p], s->alias_other[p]);
            const uint8_t *hand = s->combos[p] + (size_t)k * s->hole_size;
            uint64_t bits = 0;
            for (int i = 0; i < s->hole_size; i++) bits |= 1ULL << hand[i];
            if (taken & bits) break;
            taken |= bits;
            memcpy(holes[p], hand, (size_t)s->hole_size);
        }
        if (p == s->n_players) return taken;
    }
}

/* k cards of the stub that the range players do not hold (taken): the first k such
 * cards of a uniformly shuffled stub, so a uniform k-subset of them. */
PH_INLINE void ph_eq_deal_free(ph_sim_rng *rng, uint8_t *stub, int n_stub, int *dealt, int k, uint64_t taken, uint8_t *out)
{
    for (int i = 0; i < k; i += PH_SIM_BATCH)
        ph_sim_deal(rng, stub, n_stub, dealt, k - i < PH_SIM_BATCH ? k - i : PH_SIM_BATCH, out + i);
    if (!taken) return;
    for (int i = 0; i < k; i++)
        while (taken >> out[i] & 1) ph_sim_deal(rng, stub, n_stub, dealt, 1, out + i);
}

/* Showdowns of known high values without a low, tallied without branches: tally[p][k]
 * counts the deals where p is one of k best (k = 1: p wins alone), and the counts
 * follow at the end (ph_eq_tally_counts). */
typedef struct {
    int64_t tally[PH_EQ_MAX_PLAYERS][PH_EQ_MAX_PLAYERS + 1];
} ph_eq_tally;

PH_INLINE void ph_eq_tally_add(ph_eq_tally *t, int n, const uint32_t *high)
{
    uint32_t best = high[0];
    int n_best = 0;
    for (int p = 1; p < n; p++) best = high[p] > best ? high[p] : best;
    for (int p = 0; p < n; p++) n_best += high[p] == best;
    for (int p = 0; p < n; p++) t->tally[p][n_best] += high[p] == best;
}

static void ph_eq_tally_counts(const ph_eq_tally *t, int n, int64_t n_trials, ph_eq_counts *c)
{
    c->deals += n_trials;
    for (int p = 0; p < n; p++)
        for (int k = 1; k <= n; k++) {
            int64_t deals = t->tally[p][k], units = PH_EQ_POT / k;
            if (k == 1)
                c->win[p] += deals;
            else
                c->tie[p] += deals;
            c->share[p] += deals * units;
            c->high[p] += deals * units;
            c->share_sq[p] += deals * units * units;
        }
}

/* ph_eq_draw_ranges for Hold'em hands, straight into their key sums and masks. */
PH_INLINE uint64_t ph_eq_draw_holdem_ranges(const ph_eq_setup *s, ph_sim_rng *rng, int n, uint64_t *hole_key,
                                            uint64_t *hole_mask)
{
    for (;;) {
        uint64_t taken = 0;
        int p;
        for (p = 0; p < n; p++) {
            if (!s->n_combos[p]) continue;
            const uint8_t *hand = s->combos[p] + 2 * ph_alias_draw(rng, s->n_combos[p], s->alias_prob[p], s->alias_other[p]);
            uint64_t bits = 1ULL << hand[0] | 1ULL << hand[1];
            if (taken & bits) break;
            taken |= bits;
            hole_key[p] = ph_card_key7[hand[0]] + ph_card_key7[hand[1]];
            hole_mask[p] = ph_card_mask[hand[0]] | ph_card_mask[hand[1]];
        }
        if (p == n) return taken;
    }
}

/* Hold'em: sums of seven-card keys instead of card lists (high.h's ph_card_key7, whose
 * sums index the seven-card hash directly), the board's once; the
 * card masks only when someone has a flush. The missing board cards are a uniform
 * subset of the stub (ph_sim_subset), cards the range players took replaced by
 * uniform draws among the stub's other cards (so still a uniform subset of the
 * cards left). */
PH_INLINE void ph_eq_holdem_trials(const ph_eq_setup *s, ph_sim_rng *rng, int64_t n_trials, ph_eq_counts *c, int n, int m)
{
    uint64_t hole_key[PH_EQ_MAX_PLAYERS], hole_mask[PH_EQ_MAX_PLAYERS], known_key = PH_KEY7_START, known_mask = 0;
    uint64_t stub_key[52], stub_mask[52];
    uint32_t high[PH_EQ_MAX_PLAYERS];
    int n_stub = s->n_stub, ranges = 0;
    ph_eq_tally tally;
    memset(&tally, 0, sizeof tally);
    for (int i = 0; i < n_stub; i++) {
        stub_key[i] = ph_card_key7[s->stub[i]];
        stub_mask[i] = ph_card_mask[s->stub[i]];
    }
    for (int i = 0; i < s->n_board; i++) {
        known_key += ph_card_key7[s->board[i]];
        known_mask |= ph_card_mask[s->board[i]];
    }
    for (int p = 0; p < n; p++) {
        ranges |= s->n_combos[p] > 0;
        hole_key[p] = ph_card_key7[s->hole[p][0]] + ph_card_key7[s->hole[p][1]];
        hole_mask[p] = ph_card_mask[s->hole[p][0]] | ph_card_mask[s->hole[p][1]];
    }
    for (int64_t t = 0; t < n_trials; t++) {
        uint64_t key = known_key, flush = 0;
        uint8_t dealt[PH_SIM_BATCH]; /* m <= 5 */
        if (ranges) {
            uint64_t taken = ph_eq_draw_holdem_ranges(s, rng, n, hole_key, hole_mask);
            uint64_t chosen = ph_sim_subset(rng, n_stub, m, dealt);
            for (int i = 0; i < m; i++)
                while (taken >> s->stub[dealt[i]] & 1) {
                    uint32_t coin, other = ph_sim_below(rng, (uint32_t)n_stub, &coin);
                    if (chosen >> other & 1) continue;
                    chosen |= 1ULL << other;
                    dealt[i] = (uint8_t)other;
                }
        } else {
            ph_sim_subset(rng, n_stub, m, dealt);
        }
        for (int i = 0; i < m; i++) key += stub_key[dealt[i]];
        for (int p = 0; p < n; p++) flush |= (key + hole_key[p]) & PH_KEY7_FLUSH;
        if (!flush) {
            for (int p = 0; p < n; p++) high[p] = ph_key7_rank_value(key + hole_key[p]);
        } else {
            uint64_t mask = known_mask;
            for (int i = 0; i < m; i++) mask |= stub_mask[dealt[i]];
            for (int p = 0; p < n; p++) {
                uint64_t sum = key + hole_key[p], flush_bits = sum & PH_KEY7_FLUSH;
                high[p] = flush_bits ? ph_key7_flush_value(flush_bits, mask | hole_mask[p]) : ph_key7_rank_value(sum);
            }
        }
        ph_eq_tally_add(&tally, n, high);
    }
    ph_eq_tally_counts(&tally, n, n_trials, c);
}

/* The common shapes with constant player and card counts, so that their loops unroll:
 * heads-up on every street, multiway preflop. */
#define PH_EQ_HOLDEM_SHAPE(N, M)                                                               \
    case (N) * 8 + (M): ph_eq_holdem_trials(s, rng, n_trials, c, (N), (M)); return

static void ph_eq_sample_holdem(const ph_eq_setup *s, ph_sim_rng *rng, int64_t n_trials, ph_eq_counts *c)
{
    int n = s->n_players, m = s->board_size - s->n_board;
    switch (n * 8 + m) {
    PH_EQ_HOLDEM_SHAPE(2, 0); PH_EQ_HOLDEM_SHAPE(2, 1); PH_EQ_HOLDEM_SHAPE(2, 2);
    PH_EQ_HOLDEM_SHAPE(2, 5); PH_EQ_HOLDEM_SHAPE(3, 5); PH_EQ_HOLDEM_SHAPE(4, 5);
    PH_EQ_HOLDEM_SHAPE(5, 5); PH_EQ_HOLDEM_SHAPE(6, 5);
    default: ph_eq_holdem_trials(s, rng, n_trials, c, n, m);
    }
}

/* Any game, from card lists. When only board cards are missing (known hands: Omaha,
 * stud with every card known), the board is a uniform subset of the stub as in
 * Hold'em; otherwise the stub is shuffled as far as the deal needs. High-only pots
 * are tallied (ph_eq_tally). */
static void ph_eq_sample_generic(const ph_eq_setup *s, ph_sim_rng *rng, int64_t n_trials, ph_eq_counts *c)
{
    uint8_t stub[52], holes[PH_EQ_MAX_PLAYERS][8], board[5];
    uint32_t high[PH_EQ_MAX_PLAYERS], low[PH_EQ_MAX_PLAYERS];
    int n = s->n_players, ranges = 0, board_only = 1, m = s->board_size - s->n_board;
    ph_eq_tally tally;
    memset(&tally, 0, sizeof tally);
    memcpy(stub, s->stub, sizeof stub);
    memcpy(board, s->board, sizeof board);
    for (int p = 0; p < n; p++) {
        ranges |= s->n_combos[p] > 0;
        board_only &= !s->n_combos[p] && s->n_hole[p] == s->hole_size;
        memcpy(holes[p], s->hole[p], 8);
    }
    for (int64_t t = 0; t < n_trials; t++) {
        if (board_only) {
            uint8_t dealt[PH_SIM_BATCH]; /* m <= 5 */
            ph_sim_subset(rng, s->n_stub, m, dealt);
            for (int i = 0; i < m; i++) board[s->n_board + i] = s->stub[dealt[i]];
        } else {
            uint64_t taken = ranges ? ph_eq_draw_ranges(s, rng, holes) : 0;
            int dealt = 0;
            ph_eq_deal_free(rng, stub, s->n_stub, &dealt, m, taken, board + s->n_board);
            for (int p = 0; p < n; p++)
                if (!s->n_combos[p])
                    ph_eq_deal_free(rng, stub, s->n_stub, &dealt, s->hole_size - s->n_hole[p], taken, holes[p] + s->n_hole[p]);
        }
        ph_eq_values(s, holes, board, high, low);
        if (s->hilo)
            ph_eq_score(c, n, high, low, 1, 1);
        else
            ph_eq_tally_add(&tally, n, high);
    }
    if (!s->hilo) ph_eq_tally_counts(&tally, n, n_trials, c);
}

/* n_trials trials of stream `stream` of `seed`, added to *c. */
static void ph_eq_sample(const ph_eq_setup *s, uint64_t seed, uint64_t stream, int64_t n_trials, ph_eq_counts *c)
{
    ph_sim_rng rng;
    ph_sim_seed(&rng, seed, stream);
    if (s->game == PH_EQ_OMAHA) ph_omaha_prepare();
    if (s->game == PH_EQ_HOLDEM && !s->hilo)
        ph_eq_sample_holdem(s, &rng, n_trials, c);
    else
        ph_eq_sample_generic(s, &rng, n_trials, c);
}

#endif

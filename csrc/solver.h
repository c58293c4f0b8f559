/* Discounted CFR over vectors of hands for heads-up Hold'em and pot-limit Omaha
 * postflop subgames (Omaha with 4, 5 or 6 hole cards: phs_fold_omaha_n,
 * phs_showdown_omaha_n; Omaha hi/lo: solver_hilo.h).
 *
 * The game tree comes from pokerhash.solver.tree (Python) as flat arrays. Chance
 * nodes (a turn or river card) have ONE child in those arrays: the betting tree of
 * the next street is the same for every card, so it is stored once, and what differs
 * per card is where its regrets and strategies live. Storage is laid out per player
 * as nested blocks: a player node owns n_actions x n_hands floats at
 * base + offset[node]; a chance node owns one block per card it deals (only the
 * canonical cards of the board's suit symmetry: phs_chance), where the next street's
 * nodes have their offsets relative to the block's start. A walk carries the base of the
 * current block for both players, the board's card mask and the dealt cards.
 *
 * Values are counterfactual: for player p at a node, cfv[h] sums, over opponent
 * hands o that share no card with h (or the board), the opponent's reach of o times
 * p's payoff against o, times the chance probability of the cards dealt on the way.
 * A hand pair that shares no card meets each of the K - 4 cards that can come after
 * a board with K unseen cards equally often, so a chance node averages its children
 * with weight 1 / (K - 4) (1 / (K - 8) for Omaha's four-card hands) (pokerhash.equity's turn and river enumeration uses the same
 * fact).
 *
 * Showdowns are one sort (done once per board, in Python) and one sweep per visit:
 * in increasing strength, the opponent reach strictly below a hero hand is the
 * running total minus the running total of opponent hands holding either of the
 * hero's cards (card removal without a per-pair loop; no opponent hand strictly
 * below holds both hero cards, since that would be the hero's combination, of equal
 * strength). The same running sums just past the hero's strength give the reach at
 * or below it, so ties are the difference and the reach above is the rest of the
 * compatible reach. Folds need only the compatible reach.
 *
 * DCFR (Brown & Sandholm 2019) with alpha = 1.5, beta = 0, gamma = 2 and alternating
 * updates: at iteration t the cumulative regrets are first discounted (positive ones
 * by (t-1)^1.5 / ((t-1)^1.5 + 1), or with t-2 for t > 1 in postflop-solver's schedule
 * PHS_RESTARTED; negative ones by 1/2) and the cumulative strategy by ((t-1)/t)^2 (or
 * phs_strategy_discount's restarted schedule), then this iteration's regrets and
 * reach-weighted strategy are added.
 *
 * Payoffs are net chips relative to the start of the spot, where each player has put
 * half the starting pot in: fold nodes hold each player's payoff, showdown nodes the
 * payoff of a win, a loss and a tie (contributions are equal at a showdown: the
 * stacks are the effective stack).
 */
#ifndef PH_SOLVER_H
#define PH_SOLVER_H
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"

#if defined(_WIN32)
#include <windows.h>
#else
#include <pthread.h>
#endif

#define PHS_MAX_THREADS 64
#define PHS_MAX_ACTIONS 64  /* the most actions of a split node (pokerhash.solver.tree checks) */

enum { PHS_PLAYER = 0, PHS_FOLD = 1, PHS_SHOWDOWN = 2, PHS_CHANCE = 3 };
enum { PHS_CFR = 0, PHS_AVERAGE = 1, PHS_BEST_RESPONSE = 2 };
enum { PHS_DCFR = 0, PHS_RESTARTED = 1 };

typedef struct {
    /* The tree (owned by the caller). */
    int32_t n_nodes;
    const int8_t *type;        /* PHS_* */
    const int8_t *player;      /* acting player (0 = OOP, 1 = IP) */
    const int32_t *first_child;
    const int32_t *n_children;
    const int64_t *offset;     /* [2 * node + p]: storage offset in p's current block */
    const int64_t *block;      /* [2 * node + p]: chance node: storage per card dealt (phs_chance) */
    const int64_t *block_inner;/* [2 * node + p]: chance node: storage per card the next chance level deals */
    const double *payoff;      /* [3 * node + k]: fold: k = player's payoff; showdown: win, loss, tie */
    /* The hands (owned by the caller). */
    int32_t n_hands[2];
    int hand_size;                 /* 2 (Hold'em) or 4, 5, 6 (Omaha: phs_fold_omaha_n) */
    const uint8_t *hand_cards[2];  /* n_hands x hand_size */
    const int32_t *same[2];        /* index of the same combination in the other list, or -1 */
    /* Omaha: each hand's 2^hand_size - 1 nonempty card subsets (odd sizes first), as
     * ids of the sums phs_subset_sums keeps (n_subsets of them): the subsets both
     * ranges hold, then per player a few slots for the subsets only that player holds
     * (pokerhash.solver.omaha.subset_ids). */
    int32_t n_subsets;
    const int32_t *subsets[2];
    /* The hands holding card c: card_hands[p][card_start[p][c] .. card_start[p][c + 1]). */
    const int32_t *card_start[2];
    const int32_t *card_hands[2];
    /* The river boards: board_index[53 * d0 + d1] for the cards d0, d1 dealt so far
     * (52 = none); per player and board, the hands in increasing strength (order,
     * n_boards x n_hands), their strengths (0: holds a board card) and their cards
     * (x 2) in that order, so that the sweeps read memory in sequence. */
    const int32_t *board_index;
    /* Suit isomorphism: the transpositions of two suits (swap_suits[k][0] <
     * swap_suits[k][1]) that leave the root board and both ranges as they are, and
     * for each the permutation of each player's hands (swap_perm[p][k * n_hands + h]). */
    int n_swaps;
    int swap_suits[6][2];
    const int32_t *swap_perm[2];
    const uint16_t *order[2];
    const uint16_t *sorted_strength[2];
    const uint8_t *sorted_cards[2];
    /* Hold'em: per player and board, at the first position k of each group of equal
     * strength in that order, three uint16 (group_bounds[p] + 3 x (b x n_hands + k)):
     * the group's end, and where the opponent's hands of that strength begin and end
     * in the opponent's order (pokerhash.solver.tree._group_bounds); NULL for Omaha. */
    const uint16_t *group_bounds[2];
    /* Omaha hi/lo (else NULL): per board, the hands in increasing low strength and
     * those strengths (0: holds a board card, 1: no qualifying low, 2..57 the
     * eight-or-better lows, better higher) (solver_hilo.h). */
    const uint16_t *low_order[2];
    const uint16_t *low_strength[2];
    uint64_t root_board;
    /* All-in runouts (phs_runout): per node, the cards still to come at a chance node
     * below which nobody acts (1 or 2; 0 otherwise), or NULL for none. The tables sum,
     * for each pair of hands, the showdown's sign (+1 a win of p's hand, -1 a loss) over
     * the runouts that neither hand blocks, laid out per player p as rows of opponent
     * hands (n_hands[1 - p] x n_hands[p]): runout_river[p] + runout_slot[d] x that
     * size after the cards d dealt so far (d = 52: the root board, a turn spot), one
     * card to come; runout_turn[p] (or NULL) two cards to come from the root flop,
     * counting each river board once (both orders of its two cards give the same). */
    const int8_t *runout;
    const int8_t *runout_river[2];
    const int16_t *runout_turn[2];
    int32_t runout_slot[53];
    /* Locked nodes (node locking), per player, sorted by where the node's storage
     * starts (lock_offset: base + offset of the node on its line, one entry per
     * locked line): lock_rows[p] + lock_row_start[p][k] holds the locked strategy
     * (n_actions x n_hands), lock_mask[p] + k * n_hands which hands it binds (1) and
     * which keep solving (0). Owned by the caller; n_locks 0 when none. */
    int n_locks[2];
    const int64_t *lock_offset[2];
    const int64_t *lock_row_start[2];
    const float *lock_rows[2];
    const uint8_t *lock_mask[2];
    /* The state (owned by the caller): float32, or with compressed set int16
     * regrets and uint16 cumulative strategies (the pointers then point at those),
     * each node's block led by its float scale in two 16-bit slots (phs_unpack). */
    int compressed;
    /* Whether walks prefetch the state (phs_prefetch): when it is bigger than the
     * caches (the Cython binding sets it from the state's size). */
    int prefetch;
    float *regret[2];
    float *strategy[2];
    /* This iteration's discounts. */
    float positive_discount, negative_discount, strategy_discount;
    /* Scratch: a bump allocator, big enough for the deepest path (phs_scratch_size),
     * and one more per extra thread. */
    float *scratch;
    size_t scratch_top;
    int n_threads, in_worker;
    float *worker_scratch[PHS_MAX_THREADS];
    struct phs_pool *pool;  /* the worker threads (phs_pool_start), or NULL */
    /* A walk with threads (phs_walk_top) first collects the chance nodes it reaches
     * (collecting: nothing else computed, nothing updated), has the threads deal all
     * their cards at once, then walks again reading their values (batch: next). */
    struct phs_batch *batch;
    int collecting;
} phs_game;

typedef struct phs_pool phs_pool;

static int phs_popcount64(uint64_t x) { return ph_popcount32((uint32_t)x) + ph_popcount32((uint32_t)(x >> 32)); }

typedef struct {
    int64_t base[2];
    uint64_t board;
    int dealt[2];
} phs_at;

static float *phs_push(phs_game *g, size_t n)
{
    float *p = g->scratch + g->scratch_top;
    g->scratch_top += (n + 7) & ~(size_t)7;
    return p;
}

static int phs_max_hands(const phs_game *g) { return g->n_hands[0] > g->n_hands[1] ? g->n_hands[0] : g->n_hands[1]; }

/* Floats of scratch that a walk from node needs at most (what phs_walk pushes). */
static size_t phs_scratch_size(const phs_game *g, int node)
{
    size_t m = (size_t)phs_max_hands(g) + 8, own = 0, deepest = 0;
    int t = g->type[node];
    if (t == PHS_FOLD || t == PHS_SHOWDOWN)  /* Omaha: the sums and sweeps in doubles (phs_showdown_hilo_n) */
        return g->hand_size >= 4 ? 2 * (5 * m + 2 * (size_t)g->n_subsets) + 2 * m + 64 : 0;
    if (t == PHS_CHANCE) own = 3 * m + 52 * m;  /* the cards' values when threads share them */
    else own = (6 * (size_t)g->n_children[node] + 8) * m;
    for (int k = 0; k < g->n_children[node]; k++) {
        size_t d = phs_scratch_size(g, g->first_child[node] + k);
        if (d > deepest) deepest = d;
    }
    return own + deepest;
}

/* Reach of the opponent in total and per card (for card removal). The hands are in
 * pokerhash.ranges order, sorted by their first card, so consecutive hands add to the
 * same first-card sum: a chain of dependent loads and stores through memory. Even and
 * odd hands add to separate first-card sums (two chains at half the length, in
 * flight together), and the total is those sums' total. */
static double phs_card_sums(const phs_game *g, int q, const float *reach, double *card)
{
    double first[2][52], total = 0;
    const uint8_t *cards = g->hand_cards[q];
    int n = g->n_hands[q], o = 0;
    memset(card, 0, 52 * sizeof(double));
    memset(first, 0, sizeof first);
    for (; o + 1 < n; o += 2) {
        double w0 = reach[o], w1 = reach[o + 1];
        first[0][cards[2 * o]] += w0;
        card[cards[2 * o + 1]] += w0;
        first[1][cards[2 * o + 2]] += w1;
        card[cards[2 * o + 3]] += w1;
    }
    if (o < n) {
        first[0][cards[2 * o]] += reach[o];
        card[cards[2 * o + 1]] += reach[o];
    }
    for (int c = 0; c < 52; c++) {
        double f = first[0][c] + first[1][c];
        total += f;
        card[c] += f;
    }
    return total;
}

static double phs_compatible(const phs_game *g, int p, int h, const float *opp, double total, const double *card)
{
    const uint8_t *c = g->hand_cards[p] + 2 * h;
    int s = g->same[p][h];
    return total - card[c[0]] - card[c[1]] + (s >= 0 ? opp[s] : 0.0);
}

/* The hands of p holding a card dealt since the root (the root board's cards are
 * not in the ranges) are worth nothing: their values are zeroed afterwards, by the
 * dealt cards' hand lists, rather than tested hand by hand. */
static void phs_zero_dead(const phs_game *g, const phs_at *at, int p, float *cfv)
{
    for (int i = 0; i < 2; i++) {
        int c = at->dealt[i];
        if (c == 52) continue;
        for (int k = g->card_start[p][c]; k < g->card_start[p][c + 1]; k++) cfv[g->card_hands[p][k]] = 0.0f;
    }
}

static void phs_fold_holdem(const phs_game *g, int node, const phs_at *at, int p, const float *opp, float *cfv)
{
    double card[52], total = phs_card_sums(g, 1 - p, opp, card), u = g->payoff[3 * node + p];
    for (int h = 0; h < g->n_hands[p]; h++) cfv[h] = (float)(u * phs_compatible(g, p, h, opp, total, card));
    phs_zero_dead(g, at, p, cfv);
}

/* p's values at a showdown into cfv; with fold_v (else NULL), also the values of p's
 * own fold beside this call, fold_u x each hand's compatible opponent reach (the
 * sweep's final sums are the card sums a fold node would compute again), written by
 * the final pass (as (float)(fold_u x compat) was from a double array of compat). */
static void phs_showdown_holdem(const phs_game *g, int node, const phs_at *at, int p, const float *opp, float *cfv, float *fold_v,
                                const float *fold_opp, double fold_u)
{
    int q = 1 - p, b = g->board_index[53 * at->dealt[0] + at->dealt[1]];
    int np = g->n_hands[p], nq = g->n_hands[q];
    const uint16_t *sp = g->sorted_strength[p] + (size_t)b * np, *sq = g->sorted_strength[q] + (size_t)b * nq;
    const uint16_t *op = g->order[p] + (size_t)b * np, *oq = g->order[q] + (size_t)b * nq;
    const uint8_t *cp = g->sorted_cards[p] + (size_t)2 * b * np, *cq = g->sorted_cards[q] + (size_t)2 * b * nq;
    const uint16_t *bounds = g->group_bounds[p] + (size_t)3 * b * np;
    double run_card[52], group_card[52], run, below[1326], at_most[1326];
    double win = g->payoff[3 * node], loss = g->payoff[3 * node + 1], tie = g->payoff[3 * node + 2];
    /* win x below + loss x above = win x (below + at or below - compatible) */
    int first_p = 0, first_q = 0, even = tie == 0 && loss == -win;
    for (; first_p < np && sp[first_p] == 0; first_p++) {
        cfv[op[first_p]] = 0.0f;
        if (fold_v) fold_v[op[first_p]] = (float)(fold_u * 0.0);
    }
    while (first_q < nq && sq[first_q] == 0) first_q++;
    /* With fold_opp (the opponent's reach into a fold beside this call: phs_fold_call),
     * the fold's value (fold_u x the compatible reach of fold_opp) is added to each
     * hand's value in the final pass, from fold_opp's card sums: no pass of its own. */
    double fold_card[52], fold_total = 0;
    if (fold_opp) fold_total = phs_card_sums(g, q, fold_opp, fold_card);
    /* One sweep upwards, a group of equal hero strength at a time: the opponent reach
     * strictly below the group from the running sums, and the group's ties from the
     * sums of the opponent hands of that strength alone (group, group_card), in one
     * pass over the group's hero hands; then the group's sums join the running ones
     * (only the cards its hands hold, zeroed behind). A hero hand's own combination,
     * held by the opponent, is of equal strength and blocked twice: added back once.
     * When the sweep has passed every opponent hand, its running sums are the
     * opponent's total and per-card reach (hands holding a board card have no reach
     * here: the ranges exclude the root board and chance nodes zero the dealt card's),
     * so the reach above a hand is the compatible reach minus the reach at or below
     * it, without a separate pass for the card sums; the final pass also gives compat.
     * (One hero pass per group where there were two, below and at or below: the
     * river's iterations 3% faster, 2026-12-03.) */
    memset(run_card, 0, sizeof run_card);
    memset(group_card, 0, sizeof group_card);
    run = 0;
    int j = first_q;
    /* The group bounds (precomputed per board) stand for comparing strengths hand by
     * hand: the group of hero positions k .. end - 1, the opponent's hands below it up
     * to lo, those of its strength lo .. hi - 1. */
    for (int k = first_p; k < np;) {
        const uint16_t *at_k = bounds + 3 * (size_t)k;
        int end = at_k[0], lo = at_k[1], hi = at_k[2];
        /* (pointers walked rather than indexes scaled: fewer instructions a hand) */
        const uint16_t *o = oq + j;
        const uint8_t *c = cq + 2 * (size_t)j;
        for (const uint16_t *stop = oq + lo; o < stop; o++, c += 2) {
            double w = opp[*o];
            if (w == 0) continue;  /* often: hands the opponent's line never plays */
            run += w;
            run_card[c[0]] += w;
            run_card[c[1]] += w;
        }
        const uint8_t *group_cards = c;
        double group = 0;
        for (const uint16_t *stop = oq + hi; o < stop; o++, c += 2) {
            double w = opp[*o];
            if (w == 0) continue;
            group += w;
            group_card[c[0]] += w;
            group_card[c[1]] += w;
        }
        j = hi;
        const uint8_t *h = cp + 2 * (size_t)k;
        /* With no opponent reach of the group's strength (often), its sums are all 0
         * (group is a sum of positive reaches: 0 only when none was added, and then
         * group_card is all 0 too), so under + (0 - 0 - 0) is under: under, a
         * difference of sums of reaches started at +0, is never -0, the one value that
         * + 0 would change. */
        if (group == 0) {
            if (even)
                for (double *b = below + k, *b_end = below + end; b < b_end; b++, h += 2)
                    *b = 2 * (run - run_card[h[0]] - run_card[h[1]]);
            else
                for (double *b = below + k, *a = at_most + k, *b_end = below + end; b < b_end; b++, a++, h += 2)
                    *a = *b = run - run_card[h[0]] - run_card[h[1]];
        } else if (even)  /* below + at or below, all the final pass needs (see there) */
            for (double *b = below + k, *b_end = below + end; b < b_end; b++, h += 2) {
                int c0 = h[0], c1 = h[1];
                double under = run - run_card[c0] - run_card[c1];
                *b = 2 * under + (group - group_card[c0] - group_card[c1]);
            }
        else
            for (double *b = below + k, *a = at_most + k, *b_end = below + end; b < b_end; b++, a++, h += 2) {
                int c0 = h[0], c1 = h[1];
                double under = run - run_card[c0] - run_card[c1];
                *b = under;
                *a = under + (group - group_card[c0] - group_card[c1]);
            }
        k = end;
        if (group != 0) {
            run += group;
            for (; group_cards < c; group_cards += 2) {
                int c0 = group_cards[0], c1 = group_cards[1];
                run_card[c0] += group_card[c0], group_card[c0] = 0;
                run_card[c1] += group_card[c1], group_card[c1] = 0;
            }
        }
    }
    for (; j < nq; j++) {
        double w = opp[oq[j]];
        if (w == 0) continue;
        run += w;
        run_card[cq[2 * j]] += w;
        run_card[cq[2 * j + 1]] += w;
    }
    if (even) {  /* no rake: a tie returns each player's chips, a loss costs what a win gains */
        const int32_t *same_p = g->same[p];
        const uint16_t *o = op + first_p, *o_end = op + np;
        const uint8_t *c = cp + 2 * (size_t)first_p;
        const double *b = below + first_p;
        if (fold_v)
            for (; o < o_end; o++, c += 2, b++) {
                int h = *o, same = same_p[h];
                double met = run - run_card[c[0]] - run_card[c[1]];
                fold_v[h] = (float)(fold_u * (met + (same >= 0 ? opp[same] : 0.0)));
                cfv[h] = (float)((*b - met) * win);
            }
        else if (fold_opp)
            for (; o < o_end; o++, c += 2, b++) {
                int h = *o, c0 = c[0], c1 = c[1], same = same_p[h];
                double met = run - run_card[c0] - run_card[c1];
                double folds = fold_total - fold_card[c0] - fold_card[c1] + (same >= 0 ? fold_opp[same] : 0.0);
                /* the fold's float plus the call's: the floats of the two valued apart */
                cfv[h] = (float)(fold_u * folds) + (float)((*b - met) * win);
            }
        else
            for (; o < o_end; o++, c += 2, b++) {
                double met = run - run_card[c[0]] - run_card[c[1]];
                cfv[*o] = (float)((*b - met) * win);
            }
        return;
    }
    /* With rake: the same final pass, its three cases apart (pointers, as above) */
    const int32_t *same_p = g->same[p];
    const uint16_t *o = op + first_p, *o_end = op + np;
    const uint8_t *c = cp + 2 * (size_t)first_p;
    const double *bl = below + first_p, *am = at_most + first_p;
    if (fold_v)
        for (; o < o_end; o++, c += 2, bl++, am++) {
            int h = *o, same = same_p[h];
            double own = same >= 0 ? opp[same] : 0.0;
            double met = run - run_card[c[0]] - run_card[c[1]];  /* compatible reach, own combination blocked twice */
            fold_v[h] = (float)(fold_u * (met + own));
            cfv[h] = 0.0f + (float)(*bl * win + (met - *am) * loss + (*am + own - *bl) * tie);
        }
    else if (fold_opp)
        for (; o < o_end; o++, c += 2, bl++, am++) {
            int h = *o, c0 = c[0], c1 = c[1], same = same_p[h];
            double own = same >= 0 ? opp[same] : 0.0;
            double met = run - run_card[c0] - run_card[c1];
            float folds = (float)(fold_u * (fold_total - fold_card[c0] - fold_card[c1] + (same >= 0 ? fold_opp[same] : 0.0)));
            cfv[h] = folds + (float)(*bl * win + (met - *am) * loss + (*am + own - *bl) * tie);
        }
    else
        for (; o < o_end; o++, c += 2, bl++, am++) {
            int h = *o, same = same_p[h];
            double own = same >= 0 ? opp[same] : 0.0;
            double met = run - run_card[c[0]] - run_card[c[1]];
            /* (0.0f + as when the fold's term was a float 0: a -0.0f would become 0.0f) */
            cfv[h] = 0.0f + (float)(*bl * win + (met - *am) * loss + (*am + own - *bl) * tie);
        }
}

/* Omaha (hand_size 4, 5 or 6). Two Omaha hands meet when they share no card, and the
 * two-card sums above do not give that. The reach of the opponent hands that share
 * no card with hand h is, by inclusion and exclusion over the nonempty subsets T of
 * h's cards (15, 31 or 63), the sum over T of (-1)^|T| S(T), S(T) being the reach of
 * the opponent hands holding every card of T (S of the empty set: the total). The
 * sums S live in one array of doubles indexed by subset ids (pokerhash.solver.omaha),
 * each hand's ids listing its n_odd = 2^(hand_size - 1) subsets of odd size first,
 * then its n_odd - 1 of even size: adding an opponent hand is 2 n_odd - 1 adds, a
 * hand's compatible reach as many loads. Exact, with no per-pair loop; the identical
 * hand is handled by its own subset (no "same" fix). The callers pass n_odd as a
 * constant (phs_omaha_odd) so that the loops unroll per hand size. */
PH_INLINE void phs_subset_add(double *s, const int32_t *ids, double w, int n_odd)
{
    for (int i = 0; i < 2 * n_odd - 1; i++) s[ids[i]] += w;
}

PH_INLINE double phs_subset_met(const double *s, const int32_t *ids, double total, int n_odd)
{
    double odd = 0, even = 0;
    for (int i = 0; i < n_odd; i++) odd += s[ids[i]];
    for (int i = n_odd; i < 2 * n_odd - 1; i++) even += s[ids[i]];
    return total - odd + even;
}

/* The subset sums, zeroed. A subset only one player holds has one of that player's
 * own slots: written when it is the opponent, read (as 0) when it is the hero, since
 * the other player never writes there. */
static double *phs_subset_sums(phs_game *g)
{
    size_t n = (size_t)g->n_subsets;
    double *s = (double *)(void *)phs_push(g, 2 * n);
    memset(s, 0, n * sizeof(double));
    return s;
}

PH_INLINE void phs_fold_omaha_n(phs_game *g, int node, const phs_at *at, int p, const float *opp, float *cfv,
                                int n_odd)
{
    int q = 1 - p, np = g->n_hands[p], nq = g->n_hands[q], n_ids = 2 * n_odd - 1;
    size_t top = g->scratch_top;
    double *s = phs_subset_sums(g), total = 0, u = g->payoff[3 * node + p];
    const int32_t *ids_p = g->subsets[p], *ids_q = g->subsets[q];
    for (int o = 0; o < nq; o++) {
        double w = opp[o];
        if (w == 0) continue;
        total += w;
        phs_subset_add(s, ids_q + n_ids * (size_t)o, w, n_odd);
    }
    for (int h = 0; h < np; h++) cfv[h] = (float)(u * phs_subset_met(s, ids_p + n_ids * (size_t)h, total, n_odd));
    phs_zero_dead(g, at, p, cfv);
    g->scratch_top = top;
}

/* The Hold'em sweep of phs_showdown_holdem with the subset sums for card removal, on
 * one ranking (sp, op: p's strengths and hands in increasing strength; sq, oq: the
 * opponent's) and opponent weights w: for each hand h of p, below[h] (the compatible
 * weight strictly below h), at_most[h] (at or below) and met[h] (all of it). Ties are
 * at_most - below, the weight above met - at_most. A strength 0 (a hand holding a
 * board card) is worth nothing: its three sums are 0. With w_alt (else NULL: the
 * branches fold away where the sweep is inlined), a second weighting (0 where w is)
 * is summed alongside, and the hands h with alt[h] get their below and at_most from it
 * (Omaha hi/lo: one pass for two weightings of the same ranking); met is always w's. */
PH_INLINE void phs_sweep_add(double *s, double *s_alt, const int32_t *ids, double w, const float *w_alt, int o,
                             double *run, double *run_alt, int n_odd)
{
    *run += w;
    phs_subset_add(s, ids, w, n_odd);
    if (w_alt) {
        *run_alt += w_alt[o];
        phs_subset_add(s_alt, ids, w_alt[o], n_odd);
    }
}

PH_INLINE void phs_omaha_sweep(phs_game *g, int p, const uint16_t *sp, const uint16_t *op, const uint16_t *sq,
                               const uint16_t *oq, const float *w_opp, const float *w_alt, const uint8_t *alt,
                               double *below, double *at_most, double *met, int n_odd)
{
    int q = 1 - p, np = g->n_hands[p], nq = g->n_hands[q], n_ids = 2 * n_odd - 1;
    const int32_t *ids_p = g->subsets[p], *ids_q = g->subsets[q];
    size_t top = g->scratch_top;
    double *s = phs_subset_sums(g), *s_alt = w_alt ? phs_subset_sums(g) : s, run = 0, run_alt = 0;
    int first_p = 0, first_q = 0, j;
#define PHS_SWEEP_ADD(o) phs_sweep_add(s, s_alt, ids_q + n_ids * (size_t)(o), w, w_alt, o, &run, &run_alt, n_odd)
#define PHS_SWEEP_MET(h) (w_alt && alt[h] ? phs_subset_met(s_alt, ids_p + n_ids * (size_t)(h), run_alt, n_odd) \
                                          : phs_subset_met(s, ids_p + n_ids * (size_t)(h), run, n_odd))
    for (; first_p < np && sp[first_p] == 0; first_p++) below[op[first_p]] = at_most[op[first_p]] = met[op[first_p]] = 0;
    while (first_q < nq && sq[first_q] == 0) first_q++;
    j = first_q;
    for (int k = first_p; k < np;) {
        uint16_t v = sp[k];
        int end = k;
        for (; j < nq && sq[j] < v; j++) {
            double w = w_opp[oq[j]];
            if (w == 0) continue;
            PHS_SWEEP_ADD(oq[j]);
        }
        for (; end < np && sp[end] == v; end++) below[op[end]] = PHS_SWEEP_MET(op[end]);
        int tied = 0;  /* opponent weight of the group's strength (else at_most is below) */
        for (; j < nq && sq[j] == v; j++) {
            double w = w_opp[oq[j]];
            if (w == 0) continue;
            tied = 1;
            PHS_SWEEP_ADD(oq[j]);
        }
        if (tied)
            for (; k < end; k++) at_most[op[k]] = PHS_SWEEP_MET(op[k]);
        else
            for (; k < end; k++) at_most[op[k]] = below[op[k]];
    }
    for (; j < nq; j++) {
        double w = w_opp[oq[j]];
        if (w == 0) continue;
        PHS_SWEEP_ADD(oq[j]);
    }
#undef PHS_SWEEP_ADD
#undef PHS_SWEEP_MET
    for (int k = first_p; k < np; k++) met[op[k]] = phs_subset_met(s, ids_p + n_ids * (size_t)op[k], run, n_odd);
    g->scratch_top = top;
}

#include "solver_hilo.h"

/* p's values at an Omaha showdown: a win, a loss or a tie against each met opponent
 * hand (hi/lo: phs_showdown_hilo_n); compat, when not NULL, gets the compatible
 * reach. */
PH_INLINE void phs_showdown_omaha_n(phs_game *g, int node, const phs_at *at, int p, const float *opp, float *cfv,
                                    double *compat, int n_odd)
{
    int q = 1 - p, b = g->board_index[53 * at->dealt[0] + at->dealt[1]];
    int np = g->n_hands[p], nq = g->n_hands[q];
    const uint16_t *sp = g->sorted_strength[p] + (size_t)b * np, *sq = g->sorted_strength[q] + (size_t)b * nq;
    const uint16_t *op = g->order[p] + (size_t)b * np, *oq = g->order[q] + (size_t)b * nq;
    double win = g->payoff[3 * node], loss = g->payoff[3 * node + 1], tie = g->payoff[3 * node + 2];
    size_t top = g->scratch_top;
    double *below = (double *)(void *)phs_push(g, 2 * (size_t)np), *at_most = (double *)(void *)phs_push(g, 2 * (size_t)np);
    double *met = (double *)(void *)phs_push(g, 2 * (size_t)np);
    if (g->low_order[0]) {
        phs_showdown_hilo_n(g, p, b, sp, op, sq, oq, opp, win, loss, below, at_most, met, cfv, compat, n_odd);
        g->scratch_top = top;
        return;
    }
    phs_omaha_sweep(g, p, sp, op, sq, oq, opp, NULL, NULL, below, at_most, met, n_odd);
    for (int h = 0; h < np; h++) {
        if (compat) compat[h] = met[h];
        cfv[h] = (float)(below[h] * win + (met[h] - at_most[h]) * loss + (at_most[h] - below[h]) * tie);
    }
    g->scratch_top = top;
}

/* n_odd for the hand size: 2^(hand_size - 1), a constant at each call below. */
#define PHS_OMAHA_CASES(call) \
    switch (g->hand_size) { case 4: call(8); break; case 5: call(16); break; default: call(32); break; }

static void phs_fold(phs_game *g, int node, const phs_at *at, int p, const float *opp, float *cfv)
{
#define PHS_FOLD_N(n) phs_fold_omaha_n(g, node, at, p, opp, cfv, n)
    if (g->hand_size >= 4) PHS_OMAHA_CASES(PHS_FOLD_N)
    else phs_fold_holdem(g, node, at, p, opp, cfv);
#undef PHS_FOLD_N
}

/* p's values at a showdown; compat (Omaha only, else NULL), when not NULL, gets each
 * hand's compatible opponent reach (Hold'em writes a fold's values itself:
 * phs_showdown_fold). */
static void phs_showdown(phs_game *g, int node, const phs_at *at, int p, const float *opp, float *cfv, double *compat)
{
#define PHS_SHOWDOWN_N(n) phs_showdown_omaha_n(g, node, at, p, opp, cfv, compat, n)
    if (g->hand_size >= 4) PHS_OMAHA_CASES(PHS_SHOWDOWN_N)
    else phs_showdown_holdem(g, node, at, p, opp, cfv, NULL, NULL, 0.0);
#undef PHS_SHOWDOWN_N
}

/* p facing a bet: the values of p's call (node, a showdown) into v and of p's fold
 * beside it (fold) into v_fold, from the call's compatible reach (Hold'em: written by
 * the showdown's final pass; Omaha: from an array of it). */
static void phs_showdown_fold(phs_game *g, int node, int fold, const phs_at *at, int p, const float *opp, float *v,
                              float *v_fold)
{
    double u = g->payoff[3 * fold + p];
    if (g->hand_size == 2) {
        phs_showdown_holdem(g, node, at, p, opp, v, v_fold, NULL, u);
        return;
    }
    size_t top = g->scratch_top;
    int np = g->n_hands[p];
    double *compat = (double *)(void *)phs_push(g, 2 * (size_t)np);
    phs_showdown(g, node, at, p, opp, v, compat);
    for (int h = 0; h < np; h++) v_fold[h] = (float)(u * compat[h]);
    g->scratch_top = top;
}

/* The opponent of p facing a bet, folding (child fold, its reach opp_fold) or calling
 * (child call, a showdown, its reach opp_call): p's values of the two together into
 * cfv. Hold'em: one sweep, the fold's compatible reach added in its final pass (the
 * fold took a pass over p's hands of its own, a tenth of a river iteration); Omaha:
 * the two evaluated apart and added (as the walk would). */
static void phs_fold_call(phs_game *g, int fold, int call, const phs_at *at, int p, const float *opp_fold,
                          const float *opp_call, float *cfv)
{
    if (g->hand_size == 2 && g->type[fold] == PHS_FOLD) {
        /* (hands holding a dealt card: 0 from the showdown, the fold's term not added) */
        phs_showdown_holdem(g, call, at, p, opp_call, cfv, NULL, opp_fold, g->payoff[3 * fold + p]);
        return;
    }
    size_t top = g->scratch_top;
    int np = g->n_hands[p];
    float *v = phs_push(g, (size_t)np);
    phs_showdown(g, call, at, p, opp_call, cfv, NULL);
    phs_fold(g, fold, at, p, opp_fold, v);
    for (int h = 0; h < np; h++) cfv[h] = v[h] + cfv[h];
    g->scratch_top = top;
}

#if defined(_MSC_VER)
#define PHS_RESTRICT __restrict
#else
#define PHS_RESTRICT __restrict__
#endif

/* All-in runouts. Below a chance node where nobody acts any more (both players all
 * in), the walk would deal every runout and sweep a showdown on each: 44 river boards
 * per turn card, 1,980 ordered turn and river cards from a flop. Each pair of hands
 * that share no card meets all of the runouts that avoid both hands, as many for
 * every pair (N), so with a showdown paying tie + b x sign (b = (win - loss) / 2,
 * when tie is the mean of win and loss, as without rake and with rake alike), the
 * values are tie x the compatible reach plus b / N x the sum, over the opponent's
 * hands, of their reach times the pair's signs summed over the runouts: a table built
 * once per board (phs_runout_build) and one pass over it per visit, skipping the
 * opponent hands this line never reaches. Returns the table (and its element size
 * and weight b / N), or NULL where none applies (the walk deals the cards then). */
static const void *phs_runout_table(const phs_game *g, int node, const phs_at *at, int p, int *wide, double *weight,
                                    int *leaf_out)
{
    int level = g->runout ? g->runout[node] : 0;
    if (!level) return NULL;
    int leaf = node;
    while (g->type[leaf] == PHS_CHANCE) leaf = g->first_child[leaf];
    double win = g->payoff[3 * leaf], loss = g->payoff[3 * leaf + 1], tie = g->payoff[3 * leaf + 2];
    if (g->type[leaf] != PHS_SHOWDOWN || (win + loss) / 2 != tie) return NULL;
    int k_unseen = 52 - phs_popcount64(at->board) - 2 * g->hand_size;  /* cards that avoid both hands */
    size_t size = (size_t)g->n_hands[0] * g->n_hands[1];
    *leaf_out = leaf;
    if (level == 1) {
        int d = at->dealt[0] == 52 ? 52 : at->dealt[1] == 52 ? at->dealt[0] : -1;
        int slot = d >= 0 ? g->runout_slot[d] : -1;
        if (slot < 0 || !g->runout_river[p]) return NULL;
        *wide = 0;
        *weight = (win - loss) / 2 / k_unseen;
        return g->runout_river[p] + (size_t)slot * size;
    }
    if (level == 2 && at->dealt[0] == 52 && g->runout_turn[p]) {
        *wide = 1;
        *weight = (win - loss) / ((double)k_unseen * (k_unseen - 1));  /* each river board counted once: x 2 */
        return g->runout_turn[p];
    }
    return NULL;
}

static void phs_runout(phs_game *g, const void *table, int wide, double weight, int leaf, const phs_at *at, int p,
                       const float *opp, float *cfv)
{
    int np = g->n_hands[p], nq = g->n_hands[1 - p];
    double tie = g->payoff[3 * leaf + 2];
    float *PHS_RESTRICT out = cfv;
    memset(out, 0, (size_t)np * sizeof(float));
    for (int o = 0; o < nq; o++) {
        float w = opp[o];
        if (w == 0) continue;  /* often: hands the opponent's line never plays */
        if (wide) {
            const int16_t *PHS_RESTRICT row = (const int16_t *)table + (size_t)o * np;
            for (int h = 0; h < np; h++) out[h] += w * (float)row[h];
        } else {
            const int8_t *PHS_RESTRICT row = (const int8_t *)table + (size_t)o * np;
            for (int h = 0; h < np; h++) out[h] += w * (float)row[h];
        }
    }
    if (tie != 0) {
        double card[52], total = phs_card_sums(g, 1 - p, opp, card);
        for (int h = 0; h < np; h++) out[h] = (float)(weight * out[h] + tie * phs_compatible(g, p, h, opp, total, card));
    } else {
        float k = (float)weight;
        for (int h = 0; h < np; h++) out[h] *= k;
    }
    phs_zero_dead(g, at, p, cfv);
}

/* Fills the runout tables (phs_game.runout_*) of a Hold'em spot from its river boards
 * (board_index, order, sorted_strength): n_keys tables with one card to come, after
 * the cards keys[k] (52: the root board, a turn spot; else a turn card of a flop spot),
 * into river[p] (n_keys x n_hands[1 - p] x n_hands[p]), and with turn[0] (not NULL) the
 * flop's table with two cards to come into turn[p]. scratch: 3 x n_hands[0] x n_hands[1]
 * int16 plus 2 x (n_hands[0] + n_hands[1]) int16. Returns 0. */
static int phs_runout_build(const phs_game *g, int n_keys, const int32_t *keys, int8_t *river[2], int16_t *turn[2],
                            int16_t *scratch)
{
    int n0 = g->n_hands[0], n1 = g->n_hands[1];
    size_t size = (size_t)n0 * n1;
    int16_t *pair = scratch, *acc = scratch + size, *flop = scratch + 2 * size;
    int16_t *s0 = scratch + 3 * size, *s1 = s0 + n0;
    const uint8_t *c0 = g->hand_cards[0], *c1 = g->hand_cards[1];
    uint64_t root = g->root_board;
    int flop_spot = phs_popcount64(root) == 3;
    /* pair[h0][h1]: -1 when the hands share no card, else 0 */
    for (int a = 0; a < n0; a++)
        for (int b = 0; b < n1; b++)
            pair[(size_t)a * n1 + b] = (int16_t)-(c0[2 * a] != c1[2 * b] && c0[2 * a] != c1[2 * b + 1] &&
                                                 c0[2 * a + 1] != c1[2 * b] && c0[2 * a + 1] != c1[2 * b + 1]);
    if (flop_spot && turn && turn[0]) memset(flop, 0, size * sizeof(int16_t));
    int with_flop = flop_spot && turn && turn[0];
    /* The boards with one card to come: a flop spot's turn cards (t), or a turn spot's
     * root board (t = 52, once). */
    for (int t = flop_spot ? 0 : 52; t < 53; t++) {
        int slot = -1;
        for (int k = 0; k < n_keys; k++)
            if (keys[k] == t) slot = k;
        if (t < 52 && ((root >> t & 1) || (slot < 0 && !with_flop))) continue;
        if (t == 52 && (flop_spot || slot < 0)) continue;
        /* acc[h0][h1]: the sign of p1's hand against p0's summed over the rivers */
        memset(acc, 0, size * sizeof(int16_t));
        uint64_t board = root | (t < 52 ? 1ULL << t : 0);
        for (int r = 0; r < 52; r++) {
            if (board >> r & 1) continue;
            int b = g->board_index[t < 52 ? 53 * t + r : 53 * r + 52];
            for (int p = 0; p < 2; p++) {
                int n = g->n_hands[p];
                const uint16_t *order = g->order[p] + (size_t)b * n, *st = g->sorted_strength[p] + (size_t)b * n;
                int16_t *s = p ? s1 : s0;
                for (int k = 0; k < n; k++) s[order[k]] = (int16_t)st[k];
            }
            for (int a = 0; a < n0; a++) {
                int16_t x = s0[a];
                if (!x) continue;
                int16_t *PHS_RESTRICT row = acc + (size_t)a * n1;
                const int16_t *PHS_RESTRICT m = pair + (size_t)a * n1, *PHS_RESTRICT s = s1;
                for (int h = 0; h < n1; h++)
                    row[h] += (int16_t)(m[h] & -(int16_t)(s[h] != 0) & ((int16_t)(s[h] > x) - (int16_t)(s[h] < x)));
            }
        }
        if (with_flop)
            for (size_t i = 0; i < size; i++) flop[i] += acc[i];
        if (slot < 0) continue;
        int8_t *v1 = river[1] + (size_t)slot * size, *v0 = river[0] + (size_t)slot * size;
        for (int a = 0; a < n0; a++)
            for (int h = 0; h < n1; h++) {
                int16_t x = acc[(size_t)a * n1 + h];
                v1[(size_t)a * n1 + h] = (int8_t)x;       /* p1's hand h against p0's a */
                v0[(size_t)h * n0 + a] = (int8_t)-x;      /* p0's hand a against p1's h */
            }
    }
    if (with_flop)
        for (int a = 0; a < n0; a++)
            for (int h = 0; h < n1; h++) {
                /* every board counted twice (t then r, r then t): halved exactly */
                int16_t x = (int16_t)(flop[(size_t)a * n1 + h] / 2);
                turn[1][(size_t)a * n1 + h] = x;
                turn[0][(size_t)h * n0 + a] = (int16_t)-x;
            }
    return 0;
}


/* A strategy (n_actions x n, action by action) from stored numbers x: regrets
 * (positive_only: regret matching) or the cumulative strategy (the average strategy).
 * Each hand's entry of action a is x'[a][h] * scale[h] + fill[h], x' being x or its
 * positive part: the column sums give scale = 1 / sum and fill = 0, or, where the sum
 * is 0, scale = 0 and fill = uniform. Computing scale and fill is one pass over x;
 * callers then form the strategy on the fly where they use it (one more pass) instead
 * of writing it out and normalizing it in place. Branch-free so that the loops
 * vectorize (SSE2 is enough; nothing is compiled for the build machine). */
static void phs_scale(const float *PHS_RESTRICT x, int n_actions, int n, int positive_only, float *PHS_RESTRICT scale,
                      float *PHS_RESTRICT fill)
{
    float uniform = 1.0f / (float)n_actions;
    /* The first row sets the sums, the others add two rows a pass (the sums loaded and
     * stored half as often), in the order of one row at a time: the same floats. */
    const float *PHS_RESTRICT r0 = x;
    if (positive_only)
        for (int h = 0; h < n; h++) scale[h] = r0[h] > 0 ? r0[h] : 0.0f;
    else
        for (int h = 0; h < n; h++) scale[h] = r0[h];
    int a = 1;
    for (; a + 1 < n_actions; a += 2) {
        const float *PHS_RESTRICT r = x + (size_t)a * n, *PHS_RESTRICT r2 = r + n;
        if (positive_only)
            for (int h = 0; h < n; h++) scale[h] = (scale[h] + (r[h] > 0 ? r[h] : 0.0f)) + (r2[h] > 0 ? r2[h] : 0.0f);
        else
            for (int h = 0; h < n; h++) scale[h] = (scale[h] + r[h]) + r2[h];
    }
    if (a < n_actions) {
        const float *PHS_RESTRICT r = x + (size_t)a * n;
        if (positive_only)
            for (int h = 0; h < n; h++) scale[h] += r[h] > 0 ? r[h] : 0.0f;
        else
            for (int h = 0; h < n; h++) scale[h] += r[h];
    }
    /* An unconditional division (the sums are >= 0) and bit masks instead of
     * selects: GCC keeps float selects and divisions as branches under its default
     * -ftrapping-math, and this loop would run one scalar division per hand instead
     * of four per divps. */
    for (int h = 0; h < n; h++) {
        float sum = scale[h];
        int32_t positive = -(int32_t)(sum > 0.0f);
        union { float f; int32_t i; } inverse = {1.0f / (sum + 1e-30f)}, even = {uniform};
        inverse.i &= positive;
        even.i &= ~positive;
        scale[h] = inverse.f;
        fill[h] = even.f;
    }
}

/* Action a's row of the strategy (phs_scale) times reach, into out; returns 0 when
 * nothing of this reach takes the action (an integer OR: a float sum would not
 * vectorize without reassociation). */
static int phs_reach_times(const float *PHS_RESTRICT x, int positive_only, const float *PHS_RESTRICT scale,
                           const float *PHS_RESTRICT fill, const float *PHS_RESTRICT reach, int n, float *PHS_RESTRICT out)
{
    int any = 0;
    if (positive_only)
        for (int h = 0; h < n; h++) {
            out[h] = reach[h] * ((x[h] > 0 ? x[h] : 0.0f) * scale[h] + fill[h]);
            any |= out[h] != 0;
        }
    else
        for (int h = 0; h < n; h++) {
            out[h] = reach[h] * (x[h] * scale[h] + fill[h]);
            any |= out[h] != 0;
        }
    return any;
}

/* phs_reach_times for the acting player's own rows: action a's row of the strategy
 * into sigma (kept: the node's value sums sigma x each child's values) and times reach
 * into out. */
static void phs_strategy_times(const float *PHS_RESTRICT x, int positive_only, const float *PHS_RESTRICT scale,
                               const float *PHS_RESTRICT fill, const float *PHS_RESTRICT reach, int n,
                               float *PHS_RESTRICT sigma, float *PHS_RESTRICT out)
{
    if (positive_only)
        for (int h = 0; h < n; h++) {
            float f = (x[h] > 0 ? x[h] : 0.0f) * scale[h] + fill[h];
            sigma[h] = f;
            out[h] = reach[h] * f;
        }
    else
        for (int h = 0; h < n; h++) {
            float f = x[h] * scale[h] + fill[h];
            sigma[h] = f;
            out[h] = reach[h] * f;
        }
}

static void phs_walk(phs_game *g, int node, const phs_at *at, int p, const float *opp, const float *own, float *cfv, int mode);

/* Asks for bytes from x ahead of their use. The state is far bigger than the caches,
 * and a node's first reads of its regrets and cumulative strategy waited on memory
 * (perf: a third of the walk's own time): a node asks for its cumulative strategy
 * (updated after its children return) and its player children's numbers before it
 * walks them (phs_game.prefetch: a river spot's state, in cache, ran 7% slower with
 * the prefetches, a turn spot's 10 MiB 10% faster, a flop's a few % faster). */
static void phs_prefetch(const void *x, size_t bytes)
{
#if defined(__GNUC__) || defined(__clang__)
    const char *c = (const char *)x;
    for (size_t i = 0; i < bytes; i += 64) __builtin_prefetch(c + i);
#else
    (void)x, (void)bytes;
#endif
}

/* The numbers of node's children where players act that a walk in mode reads first
 * (phs_prefetch). */
static void phs_prefetch_children(const phs_game *g, int node, const phs_at *at, int matching)
{
    int child = g->first_child[node];
    for (int a = 0; a < g->n_children[node]; a++) {
        int c = child + a;
        if (g->type[c] != PHS_PLAYER) continue;
        int actor = g->player[c];
        const float *x = (matching ? g->regret[actor] : g->strategy[actor]) + at->base[actor] + g->offset[2 * c + actor];
        phs_prefetch(x, (size_t)g->n_children[c] * g->n_hands[actor] * sizeof(float));
    }
}

/* 16-bit storage (compressed, as b-inary's postflop-solver stores big trees): a node's
 * block is its scale (a float in the first two 16-bit slots) and then its numbers,
 * each x stored as round(x / scale * 32767) (regrets, signed) or round(x / scale *
 * 65535) (cumulative strategies, >= 0), scale being the block's largest magnitude.
 * A walk unpacks a node's block to floats on the way in and packs what it updated on
 * the way out. */
static void phs_unpack(const void *packed, int is_signed, size_t n, float *out)
{
    float scale;
    memcpy(&scale, packed, sizeof scale);
    if (is_signed) {
        const int16_t *x = (const int16_t *)packed + 2;
        float k = scale / 32767.0f;
        for (size_t i = 0; i < n; i++) out[i] = (float)x[i] * k;
    } else {
        const uint16_t *x = (const uint16_t *)packed + 2;
        float k = scale / 65535.0f;
        for (size_t i = 0; i < n; i++) out[i] = (float)x[i] * k;
    }
}

static void phs_pack(const float *in, int is_signed, size_t n, void *packed)
{
    /* Loops the compiler vectorizes: the largest magnitude as the largest bit pattern
     * of the absolute values (non-negative floats order as their bits do), and
     * rounding by truncating x + 0.5 shifted to be non-negative (lrintf would be a
     * library call per number, and float selects stay branches). */
    const uint32_t *bits = (const uint32_t *)(const void *)in;
    uint32_t top = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t m = bits[i] & 0x7fffffffu;
        top = m > top ? m : top;
    }
    float scale;
    memcpy(&scale, &top, sizeof scale);
    memcpy(packed, &scale, sizeof scale);
    float k = scale > 0 ? (is_signed ? 32767.0f : 65535.0f) / scale : 0.0f;
    if (is_signed) {
        int16_t *x = (int16_t *)packed + 2;
        for (size_t i = 0; i < n; i++) x[i] = (int16_t)((int32_t)(in[i] * k + 32768.5f) - 32768);
    } else {
        uint16_t *x = (uint16_t *)packed + 2;
        for (size_t i = 0; i < n; i++) x[i] = (uint16_t)(int32_t)(in[i] * k + 0.5f);
    }
}

/* The lock of p's node whose storage starts at storage (binary search), or -1. */
static int phs_find_lock(const phs_game *g, int p, int64_t storage)
{
    int lo = 0, hi = g->n_locks[p] - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        int64_t v = g->lock_offset[p][mid];
        if (v == storage) return mid;
        if (v < storage) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

/* The ranks of suit s on a board (a 13-bit mask). */
static uint32_t phs_suit_ranks(uint64_t board, int s)
{
    uint32_t m = 0;
    for (int r = 0; r < 13; r++) m |= (uint32_t)(board >> (4 * r + s) & 1) << r;
    return m;
}

/* The cards dealt at a chance node on board, with suit isomorphism: the suits that a
 * root transposition swaps and the board has the same ranks of are interchangeable
 * there, and only a card of the lowest suit of its class (canonical) is dealt. Sets
 * class_min (each suit's lowest interchangeable suit) and swap_of; returns the mask
 * of the dealt cards. pokerhash.solver.tree.Tree.chance_cards is the same rule. */
static uint64_t phs_chance_cards(const phs_game *g, uint64_t board, int class_min[4], int swap_of[4][4])
{
    uint64_t dealt = 0, unseen = ~board & ((1ULL << 52) - 1);
    for (int s = 0; s < 4; s++) class_min[s] = s;
    for (int i = 0; i < g->n_swaps; i++) {
        int a = g->swap_suits[i][0], b = g->swap_suits[i][1];
        swap_of[a][b] = i;
        if (phs_suit_ranks(board, a) == phs_suit_ranks(board, b) && a < class_min[b]) class_min[b] = a;
    }
    for (int c = 0; c < 52; c++)
        if ((unseen >> c & 1) && class_min[c & 3] == (c & 3)) dealt |= 1ULL << c;
    return dealt;
}

/* A chance node: only its canonical cards (phs_chance_cards) have their subtrees
 * walked, and only they have storage. The value of the same rank in another suit of
 * the class, for hand h, is the canonical card's value for the swapped hand (the
 * subtrees are the same game up to the swap, and the strategies above the chance node
 * are symmetric under it, having been updated symmetrically from symmetric ranges).
 * Canonical cards number worker, worker + n_workers, ... are this call's; their
 * children's values are summed into cfv, times the chance weight 1 / (K - 4).
 * Storage of the k-th canonical card c: offset + k * block + (the cards the next
 * chance level deals after each canonical card before c) * block_inner (the layout
 * of pokerhash.solver.tree.Tree._layout_size). */
/* The next card a worker takes (threads share a chance node's cards by this counter,
 * so that one delayed by the machine's other work takes fewer of them). */
static int phs_claim(int *next)
{
#if defined(_MSC_VER)
    return (int)InterlockedIncrement((volatile long *)next) - 1;
#else
    return __atomic_fetch_add(next, 1, __ATOMIC_RELAXED);
#endif
}

/* claim NULL: this call deals every card and sums into cfv. Otherwise it deals the
 * cards it claims (phs_claim, shared with other workers) and leaves each card's
 * values in per_card + rank * n_hands[p] (done[rank] = 1; 0 when nobody reaches the
 * card), for phs_chance_parallel to add up in card order: the same sums whichever
 * worker took which card. */
static void phs_chance(phs_game *g, int node, const phs_at *at, int p, const float *opp, const float *own, float *cfv,
                       int mode, int *claim, float *per_card, char *done)
{
    int q = 1 - p, np = g->n_hands[p], nq = g->n_hands[q], child = g->first_child[node], k = 0;
    int class_min[4], swap_of[4][4], inner_min[4], inner_swap[4][4];
    int64_t inner_before = 0;
    size_t top = g->scratch_top;
    uint64_t unseen = ~at->board & ((1ULL << 52) - 1), dealt = phs_chance_cards(g, at->board, class_min, swap_of);
    int slots = phs_popcount64(unseen), deep = g->block_inner[2 * node] != 0 || g->block_inner[2 * node + 1] != 0;
    float *opp_c = phs_push(g, nq), *own_c = phs_push(g, np), *value = phs_push(g, np);
    int mine = claim ? phs_claim(claim) : 0;
    if (!claim) memset(cfv, 0, (size_t)np * sizeof(float));
    for (int c = 0; c < 52; c++) {
        if (!(dealt >> c & 1)) continue;
        int64_t rank = k, before = inner_before;
        if (deep) inner_before += phs_popcount64(phs_chance_cards(g, at->board | 1ULL << c, inner_min, inner_swap));
        k++;
        if (claim) {
            if (rank != mine) continue;
            mine = phs_claim(claim);
            done[rank] = 0;
        }
        int any = 0;
        phs_at next = *at;
        next.board |= 1ULL << c;
        if (at->dealt[0] == 52) next.dealt[0] = c;
        else next.dealt[1] = c;
        for (int i = 0; i < 2; i++)
            next.base[i] = at->base[i] + g->offset[2 * node + i] + rank * g->block[2 * node + i] + before * g->block_inner[2 * node + i];
        /* The reaches with the hands holding c zeroed (copies, then the few hands of
         * card c's list). */
        memcpy(opp_c, opp, (size_t)nq * sizeof(float));
        for (int i = g->card_start[q][c]; i < g->card_start[q][c + 1]; i++) opp_c[g->card_hands[q][i]] = 0.0f;
        {
            const uint32_t *PHS_RESTRICT bits = (const uint32_t *)opp_c;
            uint32_t seen = 0;
            for (int o = 0; o < nq; o++) seen |= bits[o] & 0x7fffffffu;
            any = seen != 0;
        }
        if (!any) continue;
        memcpy(own_c, own, (size_t)np * sizeof(float));
        for (int i = g->card_start[p][c]; i < g->card_start[p][c + 1]; i++) own_c[g->card_hands[p][i]] = 0.0f;
        if (claim) {
            phs_walk(g, child, &next, p, opp_c, own_c, per_card + (size_t)rank * np, mode);
            done[rank] = 1;
            continue;
        }
        phs_walk(g, child, &next, p, opp_c, own_c, value, mode);
        /* A hand that holds c (or, below, the image card) has the value 0 there: folds
         * and showdowns give hands holding a board card nothing, and player and chance
         * nodes combine those zeros. So the sums need no test per hand. */
        {
            float *PHS_RESTRICT sum = cfv;
            const float *PHS_RESTRICT v = value;
            for (int h = 0; h < np; h++) sum[h] += v[h];
        }
        for (int s2 = (c & 3) + 1; s2 < 4; s2++) {
            if (class_min[s2] != (c & 3)) continue;
            const int32_t *perm = g->swap_perm[p] + (size_t)swap_of[c & 3][s2] * np;
            for (int h = 0; h < np; h++) cfv[h] += value[perm[h]];
        }
    }
    if (!claim) {
        float w = 1.0f / (float)(slots - 2 * g->hand_size);
        for (int h = 0; h < np; h++) cfv[h] *= w;
    }
    g->scratch_top = top;
}

/* The chance nodes one walk reaches first (phs_walk_top), in the order it reaches
 * them: each one's reaches (copied), its cards' values and its values, in one block of
 * floats (offsets: the block grows while they are collected). */
typedef struct {
    int node, claim;
    phs_at at;
    size_t opp, own, per_card, cfv;
    char done[52];
} phs_job;

typedef struct phs_batch {
    phs_job *jobs;
    int n_jobs, cap_jobs, next, failed;
    float *floats;
    size_t n_floats, cap_floats;
} phs_batch;

/* Threads: the cards of the first chance node on a path are shared out between
 * n_threads workers (each a copy of the game with its own scratch; they write the
 * regrets and strategies of different cards, so never the same floats), each taking
 * the next card not taken yet, and the cards' values added in card order (the same
 * floats as one thread). Deeper chance nodes run on the worker that reached them. The workers
 * are a pool started once per kernel (phs_pool_start) and woken for each such chance
 * node, instead of threads created and joined at every visit. */
typedef struct {
    phs_game g;
    int node, p, mode;
    const phs_at *at;
    const float *opp, *own;
    int *claim;
    float *per_card;
    char *done;
    /* A player node's actions shared out instead (phs_actions_parallel): the units
     * (an action, or a call with its fold beside it: unit_action[u], and -1 for none
     * after it), each action's reach (reach_a: own's for the actor p, else opp's) and
     * where its values go (per_card + a * n_hands[p]). */
    int actions, n_units;
    const int *unit_action;
    const float *reach_a;
    struct phs_batch *batch;  /* a batch of chance nodes instead (phs_walk_top) */
} phs_task;

static void phs_actions_run(phs_task *task);
static void phs_batch_run(phs_task *task);

static void phs_task_run(phs_task *task)
{
    if (task->batch) phs_batch_run(task);
    else if (task->actions) phs_actions_run(task);
    else phs_chance(&task->g, task->node, task->at, task->p, task->opp, task->own, NULL, task->mode, task->claim,
                    task->per_card, task->done);
}

#if defined(_WIN32)
typedef CRITICAL_SECTION phs_mutex;
typedef CONDITION_VARIABLE phs_cond;
typedef HANDLE phs_thread;
#define phs_mutex_init(m) InitializeCriticalSection(m)
#define phs_mutex_destroy(m) DeleteCriticalSection(m)
#define phs_lock(m) EnterCriticalSection(m)
#define phs_unlock(m) LeaveCriticalSection(m)
#define phs_cond_init(c) InitializeConditionVariable(c)
#define phs_cond_destroy(c) ((void)(c))
#define phs_wait(c, m) SleepConditionVariableCS(c, m, INFINITE)
#define phs_broadcast(c) WakeAllConditionVariable(c)
#else
typedef pthread_mutex_t phs_mutex;
typedef pthread_cond_t phs_cond;
typedef pthread_t phs_thread;
#define phs_mutex_init(m) pthread_mutex_init(m, NULL)
#define phs_mutex_destroy(m) pthread_mutex_destroy(m)
#define phs_lock(m) pthread_mutex_lock(m)
#define phs_unlock(m) pthread_mutex_unlock(m)
#define phs_cond_init(c) pthread_cond_init(c, NULL)
#define phs_cond_destroy(c) pthread_cond_destroy(c)
#define phs_wait(c, m) pthread_cond_wait(c, m)
#define phs_broadcast(c) pthread_cond_broadcast(c)
#endif

/* A process forked after the pool started (multiprocessing, Dask's nanny) has the
 * pool's memory but none of its threads: waking them would wait forever. The pool
 * remembers its process, and a child runs every share itself. */
#ifdef _WIN32
static long phs_self(void) { return (long)GetCurrentProcessId(); }
#else
#include <unistd.h>
static long phs_self(void) { return (long)getpid(); }
#endif

struct phs_pool {
    phs_mutex lock;
    phs_cond work, done;
    unsigned long generation;  /* bumped for each job */
    int active;                /* workers inside the job (phs_worker_loop) */
    int open;                  /* whether workers may still join the job */
    int stop;
    int n_started;
    long owner;                /* the process that started the threads (phs_self) */
    phs_task *tasks;           /* the current job: tasks[1 + worker index] */
    uint8_t *split;            /* per node: a player node whose actions threads share (phs_split_nodes) */
    uint8_t *chance_below;     /* per node: its subtree holds a chance node (in split's block) */
    struct phs_batch batch;    /* phs_walk_top's, kept from walk to walk */
    phs_thread threads[PHS_MAX_THREADS];
    struct phs_worker_arg {
        phs_pool *pool;
        int index;
    } args[PHS_MAX_THREADS];
};

/* The threads a job can use: none in a process forked from the pool's. */
static int phs_pool_threads(const phs_pool *pool) { return pool && pool->owner == phs_self() ? pool->n_started : 0; }


/* Handing a job over. The caller posts it (tasks, a new generation), works through the
 * units itself and then closes the job: a worker joins a job only while it is open,
 * and the caller waits only for the workers that joined. Since every task claims units
 * until none are left, all units are done when the caller's task and the joined
 * workers' are; a worker that the machine did not run in time (other processes on the
 * cores) is not waited for, and finds the job closed when it runs. (Waiting for every
 * worker to check in made each walk wait for a scheduler time slice under load: a
 * river spot with its actions shared took 144 ms, on one thread 17, at load average 13.)
 * Workers that watched for the next job for some tens of microseconds before sleeping
 * (spinning) made the turn slower under load, 1.04 to 1.16 times in wall and 1.10 in
 * CPU seconds (2026-12-03), and sleep at once. */
static void phs_worker_loop(phs_pool *pool, int index)
{
    unsigned long seen = 0;
    phs_lock(&pool->lock);
    for (;;) {
        while (pool->generation == seen && !pool->stop) phs_wait(&pool->work, &pool->lock);
        if (pool->stop) break;
        seen = pool->generation;
        if (!pool->open) continue;
        phs_task *task = &pool->tasks[1 + index];
        pool->active++;
        phs_unlock(&pool->lock);
        phs_task_run(task);
        phs_lock(&pool->lock);
        if (--pool->active == 0) phs_broadcast(&pool->done);
    }
    phs_unlock(&pool->lock);
}

#if defined(_WIN32)
static DWORD WINAPI phs_thread_main(LPVOID arg)
{
    struct phs_worker_arg *a = (struct phs_worker_arg *)arg;
    phs_worker_loop(a->pool, a->index);
    return 0;
}
#else
static void *phs_thread_main(void *arg)
{
    struct phs_worker_arg *a = (struct phs_worker_arg *)arg;
    phs_worker_loop(a->pool, a->index);
    return NULL;
}
#endif

/* Below a chance node the threads share its cards; a subtree without chance nodes (a
 * river spot, or a walk from a river node) has none to share, so its first player
 * node with enough under it shares out its actions instead (phs_actions_parallel):
 * the subtrees of the actions are separate games (and split[n_nodes + node] says
 * whether node's subtree holds a chance node: phs_walk_top). Enough: its leaves times both
 * players' hands at least PHS_SPLIT_MIN_WORK. Waking a thread costs about what a walk
 * of 20,000 to 30,000 leaf-hands takes (measured on the 2-core development machine:
 * the river spot, 21 leaves x 808 hands, about 30 us a walk, ran 1.5 times
 * slower with the split under load; full ranges, 21 x 2,162, 1.17 times slower when
 * quiet; full ranges with more sizes, 37 x 2,162, 1.13 to 1.36 times faster). Marks
 * those nodes in split; returns whether node's subtree holds a chance node, and
 * counts its leaves. */
#ifndef PHS_SPLIT_MIN_WORK
#define PHS_SPLIT_MIN_WORK 60000
#endif
static int phs_split_walk(const phs_game *g, int node, uint8_t *split, int *leaves_out);
static int phs_split_nodes(const phs_game *g, int node, uint8_t *split)
{
    return phs_split_walk(g, node, split, NULL);
}

static int phs_split_walk(const phs_game *g, int node, uint8_t *split, int *leaves_out)
{
    int t = g->type[node], chance = t == PHS_CHANCE, leaves = t == PHS_FOLD || t == PHS_SHOWDOWN;
    for (int k = 0; k < g->n_children[node]; k++) {
        int below = 0;
        chance |= phs_split_walk(g, g->first_child[node] + k, split, &below);
        leaves += below;
    }
    split[g->n_nodes + node] = (uint8_t)chance;
    if (t == PHS_PLAYER && !chance && (int64_t)leaves * (g->n_hands[0] + g->n_hands[1]) >= PHS_SPLIT_MIN_WORK && g->n_children[node] >= 2 &&
        g->n_children[node] <= PHS_MAX_ACTIONS) split[node] = 1;
    if (leaves_out) *leaves_out = leaves;
    return chance;
}

/* Starts the n_threads - 1 workers of g (none if n_threads is 1). Returns 0, or -1
 * without memory; if the system gives fewer threads, their shares run on the caller. */
static int phs_pool_start(phs_game *g)
{
    g->pool = NULL;
    g->batch = NULL;
    g->collecting = 0;
    if (g->n_threads <= 1) return 0;
    phs_pool *pool = (phs_pool *)calloc(1, sizeof(phs_pool));
    if (!pool) return -1;
    pool->split = (uint8_t *)calloc(2 * (size_t)g->n_nodes, 1);
    if (!pool->split) {
        free(pool);
        return -1;
    }
    phs_split_nodes(g, 0, pool->split);
    pool->chance_below = pool->split + g->n_nodes;
    phs_mutex_init(&pool->lock);
    phs_cond_init(&pool->work);
    phs_cond_init(&pool->done);
    for (int w = 0; w < g->n_threads - 1; w++) {
        pool->args[w].pool = pool;
        pool->args[w].index = w;
#if defined(_WIN32)
        pool->threads[w] = CreateThread(NULL, 0, phs_thread_main, &pool->args[w], 0, NULL);
        if (pool->threads[w] == NULL) break;
#else
        if (pthread_create(&pool->threads[w], NULL, phs_thread_main, &pool->args[w]) != 0) break;
#endif
        pool->n_started++;
    }
    pool->owner = phs_self();
    g->pool = pool;
    return 0;
}

static void phs_pool_stop(phs_game *g)
{
    phs_pool *pool = g->pool;
    if (!pool) return;
    if (pool->owner != phs_self()) {  /* a forked child: no threads to stop or join */
        free(pool->split);
        free(pool->batch.jobs);
        free(pool->batch.floats);
        free(pool);
        g->pool = NULL;
        return;
    }
    phs_lock(&pool->lock);
    pool->stop = 1;
    phs_broadcast(&pool->work);
    phs_unlock(&pool->lock);
    for (int w = 0; w < pool->n_started; w++) {
#if defined(_WIN32)
        WaitForSingleObject(pool->threads[w], INFINITE);
        CloseHandle(pool->threads[w]);
#else
        pthread_join(pool->threads[w], NULL);
#endif
    }
    phs_cond_destroy(&pool->work);
    phs_cond_destroy(&pool->done);
    phs_mutex_destroy(&pool->lock);
    free(pool->split);
    free(pool->batch.jobs);
    free(pool->batch.floats);
    free(pool);
    g->pool = NULL;
}

/* One task per thread for a job at node: each a copy of g marked as a worker (so that
 * nothing below shares out work again), the first on the caller's scratch from its
 * current top, the others on their own; a chance job (actions 0) unless changed. */
static void phs_tasks_init(phs_game *g, phs_task *tasks, int node, const phs_at *at, int p, const float *opp,
                           const float *own, int mode, int *claim, float *out)
{
    g->in_worker = 1;
    for (int w = 0; w < g->n_threads; w++) {
        phs_task *task = &tasks[w];
        memset(task, 0, sizeof *task);
        task->g = *g;
        if (w > 0) {
            task->g.scratch = g->worker_scratch[w - 1];
            task->g.scratch_top = 0;
        }
        task->node = node, task->p = p, task->mode = mode;
        task->at = at, task->opp = opp, task->own = own;
        task->claim = claim, task->per_card = out;
    }
    g->in_worker = 0;
}

/* Runs a job: tasks[0] on the caller, tasks[1 + w] on worker w. The caller works too;
 * workers the system did not give have nothing to do: the units go to whoever claims
 * them. */
static void phs_pool_run(phs_game *g, phs_task *tasks)
{
    phs_pool *pool = g->pool;
    int started = phs_pool_threads(pool);
    if (started) {
        phs_lock(&pool->lock);
        pool->tasks = tasks;
        pool->open = 1;
        pool->generation++;
        phs_broadcast(&pool->work);
        phs_unlock(&pool->lock);
    }
    phs_task_run(&tasks[0]);
    if (started) {
        phs_lock(&pool->lock);
        pool->open = 0;
        while (pool->active) phs_wait(&pool->done, &pool->lock);
        phs_unlock(&pool->lock);
    }
}

/* A shared chance node's values: the cards' values (per_card + rank * n_hands[p],
 * done[rank] when anybody reached the card) added in card order (and, for the same
 * rank in the suits interchangeable with a dealt card's, its values for the swapped
 * hands), times the chance weight: the same floats as phs_chance on one thread. */
static void phs_chance_sum(const phs_game *g, uint64_t board, int p, const float *per_card, const char *done, float *cfv)
{
    int np = g->n_hands[p], class_min[4], swap_of[4][4];
    uint64_t dealt = phs_chance_cards(g, board, class_min, swap_of);
    int slots = phs_popcount64(~board & ((1ULL << 52) - 1));
    memset(cfv, 0, (size_t)np * sizeof(float));
    for (int c = 0, rank = 0; c < 52; c++) {
        if (!(dealt >> c & 1)) continue;
        const float *value = per_card + (size_t)rank * np;
        if (done[rank++]) {
            for (int h = 0; h < np; h++) cfv[h] += value[h];
            for (int s2 = (c & 3) + 1; s2 < 4; s2++) {
                if (class_min[s2] != (c & 3)) continue;
                const int32_t *perm = g->swap_perm[p] + (size_t)swap_of[c & 3][s2] * np;
                for (int h = 0; h < np; h++) cfv[h] += value[perm[h]];
            }
        }
    }
    float w = 1.0f / (float)(slots - 2 * g->hand_size);
    for (int h = 0; h < np; h++) cfv[h] *= w;
}

static void phs_chance_parallel(phs_game *g, int node, const phs_at *at, int p, const float *opp, const float *own, float *cfv, int mode)
{
    phs_task tasks[PHS_MAX_THREADS];
    int n = g->n_threads, np = g->n_hands[p], claim = 0, class_min[4], swap_of[4][4];
    size_t top = g->scratch_top;
    int n_cards = phs_popcount64(phs_chance_cards(g, at->board, class_min, swap_of));
    float *per_card = phs_push(g, (size_t)n_cards * np);
    char done[52];
    phs_tasks_init(g, tasks, node, at, p, opp, own, mode, &claim, per_card);
    for (int w = 0; w < n; w++) tasks[w].done = done;
    phs_pool_run(g, tasks);
    phs_chance_sum(g, at->board, p, per_card, done, cfv);
    g->scratch_top = top;
}

static size_t phs_batch_floats(phs_batch *b, size_t n)
{
    size_t at = b->n_floats;
    n = (n + 7) & ~(size_t)7;
    if (b->n_floats + n > b->cap_floats) {
        size_t cap = 2 * b->cap_floats + n;
        float *f = (float *)realloc(b->floats, cap * sizeof(float));
        if (!f) {
            b->failed = 1;
            return 0;
        }
        b->floats = f, b->cap_floats = cap;
    }
    b->n_floats += n;
    return at;
}

static void phs_batch_add(phs_game *g, int node, const phs_at *at, int p, const float *opp, const float *own)
{
    phs_batch *b = g->batch;
    int class_min[4], swap_of[4][4], np = g->n_hands[p], nq = g->n_hands[1 - p];
    if (b->failed) return;
    if (b->n_jobs == b->cap_jobs) {
        int cap = 2 * b->cap_jobs + 16;
        phs_job *j = (phs_job *)realloc(b->jobs, (size_t)cap * sizeof(phs_job));
        if (!j) {
            b->failed = 1;
            return;
        }
        b->jobs = j, b->cap_jobs = cap;
    }
    phs_job *job = &b->jobs[b->n_jobs];
    int n_cards = phs_popcount64(phs_chance_cards(g, at->board, class_min, swap_of));
    job->node = node, job->claim = 0, job->at = *at;
    job->opp = phs_batch_floats(b, (size_t)nq);
    job->own = phs_batch_floats(b, (size_t)np);
    job->cfv = phs_batch_floats(b, (size_t)np);
    job->per_card = phs_batch_floats(b, (size_t)n_cards * np);
    if (b->failed) return;
    memcpy(b->floats + job->opp, opp, (size_t)nq * sizeof(float));
    memcpy(b->floats + job->own, own, (size_t)np * sizeof(float));
    b->n_jobs++;
}

/* A task's share of the batch: the jobs in order, in each the cards it claims (the
 * job's own counter), so that a thread done with one job's cards goes on to the next
 * job's without waiting for the others. */
static void phs_batch_run(phs_task *task)
{
    phs_batch *b = task->batch;
    for (int j = 0; j < b->n_jobs; j++) {
        phs_job *job = &b->jobs[j];
        phs_chance(&task->g, job->node, &job->at, task->p, b->floats + job->opp, b->floats + job->own, NULL, task->mode,
                   &job->claim, b->floats + job->per_card, job->done);
    }
}

/* phs_walk from node, the chance nodes nearest to it shared by the threads as one job
 * (see phs_game.batch): a thread waits for the others once per walk, not once per
 * chance node. The numbers are those of phs_walk: the same reaches reach the chance
 * nodes in both walks (the first updates nothing), and each node's cards are added
 * in card order. Without threads, memory or chance nodes, it is phs_walk. */
static void phs_walk_top(phs_game *g, int node, const phs_at *at, int p, const float *opp, const float *own, float *cfv,
                         int mode)
{
    phs_pool *pool = g->pool;
    if (!pool || g->in_worker || !phs_pool_threads(pool) || !pool->chance_below[node]) {
        phs_walk(g, node, at, p, opp, own, cfv, mode);
        return;
    }
    phs_batch *b = &pool->batch;
    size_t top = g->scratch_top;
    b->n_jobs = 0, b->n_floats = 0, b->next = 0, b->failed = 0;
    g->batch = b;
    g->collecting = 1;
    phs_walk(g, node, at, p, opp, own, cfv, mode);
    g->collecting = 0;
    g->scratch_top = top;
    if (b->failed) {
        g->batch = NULL;
        phs_walk(g, node, at, p, opp, own, cfv, mode);
        return;
    }
    phs_task tasks[PHS_MAX_THREADS];
    g->batch = NULL;  /* the chance nodes below the batch's are walked as usual */
    phs_tasks_init(g, tasks, node, at, p, opp, own, mode, NULL, NULL);
    for (int w = 0; w < g->n_threads; w++) tasks[w].batch = b;
    phs_pool_run(g, tasks);
    g->batch = b;
    for (int j = 0; j < b->n_jobs; j++) {
        phs_job *job = &b->jobs[j];
        phs_chance_sum(g, job->at.board, p, b->floats + job->per_card, job->done, b->floats + job->cfv);
    }
    phs_walk(g, node, at, p, opp, own, cfv, mode);
    g->batch = NULL;
    g->scratch_top = top;
}

/* A task's share of a node's actions: the units it claims, each child's values into
 * per_card + action * n_hands[p] (a call beside a fold: the showdown, then the fold
 * from its compatible reach, as phs_walk does on one thread). */
static void phs_actions_run(phs_task *task)
{
    phs_game *g = &task->g;
    int p = task->p, np = g->n_hands[p], child = g->first_child[task->node];
    int mine = g->player[task->node] == p, nr = g->n_hands[mine ? p : 1 - p];
    for (int u = phs_claim(task->claim); u < task->n_units; u = phs_claim(task->claim)) {
        int a = task->unit_action[2 * u], fold = task->unit_action[2 * u + 1];
        float *v = task->per_card + (size_t)a * np;
        const float *r = task->reach_a + (size_t)a * nr;
        if (fold >= 0 && !mine) {  /* the opponent's fold and call: phs_fold_call into the call's row */
            phs_fold_call(g, child + fold, child + a, task->at, p, task->reach_a + (size_t)fold * nr, r, v);
        } else if (fold >= 0) {
            phs_showdown_fold(g, child + a, child + fold, task->at, p, task->opp, v, task->per_card + (size_t)fold * np);
        } else if (mine) phs_walk(g, child + a, task->at, p, task->opp, r, v, task->mode);
        else phs_walk(g, child + a, task->at, p, r, task->own, v, task->mode);
    }
}

/* The children of a split node walked by the threads: reach_a holds each action's
 * reach (p's when p acts, else the opponent's), live (when not NULL) which actions
 * anybody reaches, hoist that the call (action 1) hands its fold (action 0) its
 * compatible reach; each child's values go to values + action * n_hands[p]. Which
 * thread walks which child does not change the numbers: the subtrees are separate. */
static void phs_actions_parallel(phs_game *g, int node, const phs_at *at, int p, const float *opp, const float *own,
                                 const float *reach_a, const char *live, int hoist, float *values, int mode)
{
    phs_task tasks[PHS_MAX_THREADS];
    int unit_action[2 * PHS_MAX_ACTIONS], n_units = 0, claim = 0;
    for (int a = hoist ? 2 : 0; a < g->n_children[node]; a++) {
        if (live && !live[a]) continue;
        unit_action[2 * n_units] = a;
        unit_action[2 * n_units++ + 1] = -1;
    }
    if (hoist) {  /* the call and its fold first: the biggest unit is taken first */
        memmove(unit_action + 2, unit_action, 2 * (size_t)n_units * sizeof(int));
        unit_action[0] = 1, unit_action[1] = 0;
        n_units++;
    }
    phs_tasks_init(g, tasks, node, at, p, opp, own, mode, &claim, values);
    for (int w = 0; w < g->n_threads; w++) {
        phs_task *task = &tasks[w];
        task->actions = 1, task->n_units = n_units, task->unit_action = unit_action, task->reach_a = reach_a;
    }
    phs_pool_run(g, tasks);
}

/* p's counterfactual values at node into cfv (n_hands[p]). mode PHS_CFR updates p's
 * regrets and cumulative strategy (own: p's reach); PHS_AVERAGE plays both players'
 * average strategies; PHS_BEST_RESPONSE plays p's best response to the opponent's
 * average strategy. */
static void phs_walk(phs_game *g, int node, const phs_at *at, int p, const float *opp, const float *own, float *cfv, int mode)
{
    int t = g->type[node], np = g->n_hands[p], q = 1 - p, nq = g->n_hands[q];
    size_t top = g->scratch_top;
    if (t == PHS_CHANCE && g->runout) {
        int wide, leaf;
        double weight;
        const void *table = phs_runout_table(g, node, at, p, &wide, &weight, &leaf);
        if (table) {  /* both all in: no cards dealt (nor shared out by the threads) */
            if (!g->collecting) phs_runout(g, table, wide, weight, leaf, at, p, opp, cfv);
            return;
        }
    }
    if (g->collecting && t != PHS_PLAYER) {  /* phs_walk_top's first walk */
        if (t == PHS_CHANCE) phs_batch_add(g, node, at, p, opp, own);
        return;
    }
    if (t == PHS_FOLD) {
        phs_fold(g, node, at, p, opp, cfv);
        return;
    }
    if (t == PHS_SHOWDOWN) {
        phs_showdown(g, node, at, p, opp, cfv, NULL);
        return;
    }
    if (t == PHS_CHANCE) {
        if (g->batch) {  /* phs_walk_top's second walk: the values the threads found */
            phs_batch *b = g->batch;
            memcpy(cfv, b->floats + b->jobs[b->next++].cfv, (size_t)np * sizeof(float));
        } else if (g->n_threads > 1 && !g->in_worker) phs_chance_parallel(g, node, at, p, opp, own, cfv, mode);
        else phs_chance(g, node, at, p, opp, own, cfv, mode, NULL, NULL, NULL);
        return;
    }
    int actor = g->player[node], n_actions = g->n_children[node], child = g->first_child[node];
    int n = g->n_hands[actor], matching = mode == PHS_CFR;
    int64_t at_storage = at->base[actor] + g->offset[2 * node + actor];
    float *stored_regret, *stored_strategy;
    int update = mode == PHS_CFR && actor == p;
    void *packed_regret = NULL, *packed_strategy = NULL;
    if (g->compressed) {
        size_t size = (size_t)n_actions * n;
        packed_regret = (int16_t *)(void *)g->regret[actor] + at_storage;
        packed_strategy = (uint16_t *)(void *)g->strategy[actor] + at_storage;
        stored_regret = stored_strategy = NULL;
        if (matching) phs_unpack(packed_regret, 1, size, stored_regret = phs_push(g, size));
        if (!matching || update) phs_unpack(packed_strategy, 0, size, stored_strategy = phs_push(g, size));
    } else {
        stored_regret = g->regret[actor] + at_storage;
        stored_strategy = g->strategy[actor] + at_storage;
    }
    const float *x = matching ? stored_regret : stored_strategy;  /* what the strategy played here comes from */
    float *scale = phs_push(g, (size_t)n), *fill = phs_push(g, (size_t)n);
    int prefetch = g->prefetch && !g->compressed && !g->collecting;
    if (prefetch && update) phs_prefetch(stored_strategy, (size_t)n_actions * n * sizeof(float));
    phs_scale(x, n_actions, n, matching, scale, fill);
    if (prefetch) phs_prefetch_children(g, node, at, matching);
    /* A locked node plays its locked strategy for the hands it binds, in every walk
     * but the best response of its own player (which may deviate: that is what
     * exploitability measures). The strategy is written out, and x then holds it as
     * plain probabilities (scale 1, fill 0, no positive part). */
    int k_lock = g->n_locks[actor] && !(mode == PHS_BEST_RESPONSE && actor == p) ? phs_find_lock(g, actor, at_storage) : -1;
    if (k_lock >= 0) {
        const float *rows = g->lock_rows[actor] + g->lock_row_start[actor][k_lock];
        const uint8_t *mask = g->lock_mask[actor] + (size_t)k_lock * n;
        float *played = phs_push(g, (size_t)n_actions * n);
        for (int a = 0; a < n_actions; a++)
            for (int h = 0; h < n; h++) {
                float r = x[(size_t)a * n + h];
                float free_ = (matching ? (r > 0 ? r : 0.0f) : r) * scale[h] + fill[h];
                played[(size_t)a * n + h] = mask[h] ? rows[(size_t)a * n + h] : free_;
            }
        for (int h = 0; h < n; h++) scale[h] = 1.0f, fill[h] = 0.0f;
        x = played;
        matching = 0;
    }
    /* A node whose actions the threads share (phs_split_nodes) walks its children
     * first, all at once, and then combines their values in the same order and by
     * the same operations as one thread does as each child returns: the same floats. */
    int split = g->pool && !g->in_worker && !g->collecting && g->pool->split[node] && phs_pool_threads(g->pool);
    if (actor == p) {
        /* own_a: p's reach times each action's probability, kept for the cumulative
         * strategy (which adds exactly that); cfv is summed as each child returns,
         * while its values are in cache. */
        float *values = phs_push(g, (size_t)n_actions * np), *own_a = phs_push(g, (size_t)n_actions * np);
        float *sigma = phs_push(g, (size_t)n_actions * np);  /* the strategy's rows, computed once */
        /* Facing a bet, p's fold and call (a showdown) meet the same opponent reach:
         * the call goes first and hands the fold its compatible reach. */
        int hoist = n_actions >= 2 && g->type[child] == PHS_FOLD && g->type[child + 1] == PHS_SHOWDOWN;
        if (split) {
            for (int a = 0; a < n_actions; a++)
                phs_strategy_times(x + (size_t)a * np, matching, scale, fill, own, np, sigma + (size_t)a * np,
                                   own_a + (size_t)a * np);
            phs_actions_parallel(g, node, at, p, opp, own, own_a, NULL, hoist, values, mode);
        }
        for (int i = 0; i < n_actions; i++) {
            int a = hoist && i < 2 ? 1 - i : i;
            float *PHS_RESTRICT v = values + (size_t)a * np, *PHS_RESTRICT o = own_a + (size_t)a * np;
            if (!split) {
                phs_strategy_times(x + (size_t)a * np, matching, scale, fill, own, np, sigma + (size_t)a * np, o);
                if (g->collecting && hoist && a < 2) continue;  /* no chance node there */
                if (hoist && a == 1) phs_showdown_fold(g, child + 1, child, at, p, opp, v, values);  /* and the fold's */
                else if (!(hoist && a == 0)) phs_walk(g, child + a, at, p, opp, o, v, mode);
            }
            if (mode == PHS_BEST_RESPONSE) {
                if (i == 0) memcpy(cfv, v, (size_t)np * sizeof(float));
                else for (int h = 0; h < np; h++) cfv[h] = v[h] > cfv[h] ? v[h] : cfv[h];
            } else {
                const float *PHS_RESTRICT f = sigma + (size_t)a * np;
                float *PHS_RESTRICT c = cfv;
                if (i == 0)
                    for (int h = 0; h < np; h++) c[h] = f[h] * v[h];  /* (0 + the same product) */
                else
                    for (int h = 0; h < np; h++) c[h] += f[h] * v[h];
            }
        }
        if (mode == PHS_CFR && !g->collecting) {
            /* Regrets and cumulative strategy in one pass per action (discounted, then
             * this iteration's added). */
            float pd = g->positive_discount, nd = g->negative_discount, sd = g->strategy_discount;
            const float *PHS_RESTRICT c = cfv;
            for (int a = 0; a < n_actions; a++) {
                float *PHS_RESTRICT r = stored_regret + (size_t)a * np, *PHS_RESTRICT s = stored_strategy + (size_t)a * np;
                const float *PHS_RESTRICT v = values + (size_t)a * np, *PHS_RESTRICT o = own_a + (size_t)a * np;
                for (int h = 0; h < np; h++) {
                    r[h] = r[h] * (r[h] > 0 ? pd : nd) + (v[h] - c[h]);
                    s[h] = s[h] * sd + o[h];
                }
            }
            if (g->compressed) {
                phs_pack(stored_regret, 1, (size_t)n_actions * np, packed_regret);
                phs_pack(stored_strategy, 0, (size_t)n_actions * np, packed_strategy);
            }
        }
    } else if (split) {
        float *opp_a = phs_push(g, (size_t)n_actions * nq), *values = phs_push(g, (size_t)n_actions * np);
        char live[PHS_MAX_ACTIONS] = {0};  /* (all set below: for the compiler) */
        for (int a = 0; a < n_actions; a++)
            live[a] = (char)phs_reach_times(x + (size_t)a * nq, matching, scale, fill, opp, nq, opp_a + (size_t)a * nq);
        /* the opponent's fold and call as one unit (phs_fold_call, into the call's row)
         * when it plays both, as on one thread */
        int fold_call = n_actions >= 2 && g->type[child] == PHS_FOLD && g->type[child + 1] == PHS_SHOWDOWN && live[0] &&
                        live[1];
        phs_actions_parallel(g, node, at, p, opp, own, opp_a, live, fold_call, values, mode);
        memset(cfv, 0, (size_t)np * sizeof(float));
        for (int a = fold_call; a < n_actions; a++) {
            if (!live[a]) continue;
            const float *value = values + (size_t)a * np;
            for (int h = 0; h < np; h++) cfv[h] += value[h];
        }
    } else {
        float *opp_a = phs_push(g, nq), *value = phs_push(g, np);
        memset(cfv, 0, (size_t)np * sizeof(float));
        int a = 0;
        if (n_actions >= 2 && g->type[child] == PHS_FOLD && g->type[child + 1] == PHS_SHOWDOWN) {
            /* The opponent facing a bet: its fold and call in one evaluation
             * (phs_fold_call) when it plays both. */
            float *opp_call = phs_push(g, nq);
            int fold_live = phs_reach_times(x, matching, scale, fill, opp, nq, opp_a);
            int call_live = phs_reach_times(x + (size_t)nq, matching, scale, fill, opp, nq, opp_call);
            if (g->collecting) ;  /* no chance node there */
            else if (fold_live && call_live) phs_fold_call(g, child, child + 1, at, p, opp_a, opp_call, cfv);
            else if (fold_live || call_live) phs_walk(g, child + !fold_live, at, p, fold_live ? opp_a : opp_call, own, cfv, mode);
            a = 2;
        }
        for (; a < n_actions; a++) {
            if (!phs_reach_times(x + (size_t)a * nq, matching, scale, fill, opp, nq, opp_a)) continue;
            phs_walk(g, child + a, at, p, opp_a, own, value, mode);
            for (int h = 0; h < np; h++) cfv[h] += value[h];
        }
    }
    g->scratch_top = top;
}

static void phs_root(const phs_game *g, phs_at *at)
{
    at->base[0] = at->base[1] = 0;
    at->board = g->root_board;
    at->dealt[0] = at->dealt[1] = 52;
}

/* The cumulative strategy's discount at iteration t (1, 2, ...). PHS_DCFR: Brown &
 * Sandholm's gamma = 2, ((t-1)/t)^2. PHS_RESTARTED (the schedule of b-inary's
 * postflop-solver): gamma = 3 counted from the last restart, the averaging restarted
 * (discount 0: earlier iterations forgotten) at iterations 2, 5, 17, 65, 257, ...
 * (1 + a power of 4), so that the average forgets the poor early strategies. */
static double phs_strategy_discount(int schedule, int t)
{
    double past = (double)(t - 1);
    if (schedule == PHS_RESTARTED) {
        unsigned i = (unsigned)(t - 1), restart = 0;
        if (i) for (restart = 1; restart <= i / 4; restart *= 4) {}
        double since = (double)(i - restart), d = since / (since + 1.0);
        return d * d * d;
    }
    return (past / (double)t) * (past / (double)t);
}

/* Iteration t (1, 2, ...) of DCFR: each player's regrets and strategy updated in turn.
 * reach: the two ranges (n_hands[0], n_hands[1]); schedule: PHS_DCFR or PHS_RESTARTED. */
static void phs_iterate(phs_game *g, int t, const float *const reach[2], float *cfv_scratch, int schedule)
{
    /* The paper's positive-regret discount at iteration t is that of (t - 1)^1.5;
     * postflop-solver's (PHS_RESTARTED) one iteration later, (t - 2)^1.5: measured on
     * six spots, its roots at 0.3% of the pot then agree with postflop-solver's within
     * 2 points (the paper's timing: up to 3.8) in as many iterations or fewer
     * (docs/solver.rst). */
    double past = (double)(schedule == PHS_RESTARTED && t > 1 ? t - 2 : t - 1);
    double a = past * sqrt(past);
    phs_at at;
    phs_root(g, &at);
    g->positive_discount = (float)(a / (a + 1.0));
    g->negative_discount = 0.5f;
    g->strategy_discount = (float)phs_strategy_discount(schedule, t);
    for (int p = 0; p < 2; p++) {
        g->scratch_top = 0;
        phs_walk_top(g, 0, &at, p, reach[1 - p], reach[p], cfv_scratch, PHS_CFR);
    }
}

#endif

/* Malmuth-Harville ICM (the independent chip model) of a tournament's stacks.
 *
 * A player finishes first with probability stack / chips in play; given who took the
 * places above, the next place goes to each player not yet placed in proportion to
 * their stack. prob[m] is the probability that exactly the players of the set m took
 * the first popcount(m) places, in any order; placing one more player j multiplies it by
 * stack_j / (chips of the players not in m). Every superset of m is numerically larger
 * than m, so one pass over the sets in increasing order finishes each set before it is
 * used: 2^n * n steps instead of the n!/(n - places)! finishing orders of a direct sum.
 *
 * Players with no chips cannot take a place while someone has chips: they take the last
 * places and share those prizes equally, like players busted in the same hand from
 * equal stacks.
 */
#ifndef PH_ICM_H
#define PH_ICM_H

#include <float.h>
#include <stddef.h>
#include <string.h>

#include "bits.h"

#define PH_ICM_MAX_PLAYERS 20

/* What ph_icm_check finds wrong with its input (PH_ICM_OK: nothing). */
enum {
    PH_ICM_OK,
    PH_ICM_PAYOUT_NOT_FINITE,
    PH_ICM_PAYOUT_NEGATIVE,
    PH_ICM_PAYOUTS_INCREASE,
    PH_ICM_STACK_NOT_FINITE,
    PH_ICM_STACK_NEGATIVE,
    PH_ICM_NO_CHIPS,
    PH_ICM_CHIPS_OVERFLOW
};

/* Check ph_icm's contract on payouts (finite, >= 0, never increasing) and on rows of n
 * stacks (finite, >= 0, some chips, a finite total); *bad_row is the failing row. */
static inline int ph_icm_check(const double *stacks, size_t rows, int n, const double *payouts,
                               int places, size_t *bad_row)
{
    *bad_row = 0;
    for (int k = 0; k < places; k++) {
        if (!(payouts[k] >= -DBL_MAX && payouts[k] <= DBL_MAX))
            return PH_ICM_PAYOUT_NOT_FINITE;
        if (payouts[k] < 0.0)
            return PH_ICM_PAYOUT_NEGATIVE;
        if (k > 0 && payouts[k] > payouts[k - 1])
            return PH_ICM_PAYOUTS_INCREASE;
    }
    for (size_t row = 0; row < rows; row++) {
        const double *stack = stacks + row * (size_t)n;
        double total = 0.0;
        *bad_row = row;
        for (int i = 0; i < n; i++) {
            if (!(stack[i] >= -DBL_MAX && stack[i] <= DBL_MAX))
                return PH_ICM_STACK_NOT_FINITE;
            if (stack[i] < 0.0)
                return PH_ICM_STACK_NEGATIVE;
            total += stack[i];
        }
        if (total == 0.0)
            return PH_ICM_NO_CHIPS;
        if (total > DBL_MAX)
            return PH_ICM_CHIPS_OVERFLOW;
    }
    return PH_ICM_OK;
}

/* Doubles of scratch space ph_icm needs for n players. */
static inline size_t ph_icm_scratch(int n) { return (size_t)2 << n; }

/* equity[i] of each of the n stacks for the prizes payouts[0..places-1] of places
 * 1..places (places <= n), input that ph_icm_check accepts. */
static inline void ph_icm(const double *stacks, int n, const double *payouts, int places,
                          double *scratch, double *equity)
{
    int live[PH_ICM_MAX_PLAYERS];
    double chips[PH_ICM_MAX_PLAYERS];
    int p = 0;
    for (int i = 0; i < n; i++) {
        equity[i] = 0.0;
        if (stacks[i] > 0.0) {
            live[p] = i;
            chips[p++] = stacks[i];
        }
    }
    if (p < n) {
        double shared = 0.0;
        for (int k = p; k < places; k++)
            shared += payouts[k];
        shared /= (double)(n - p);
        for (int i = 0; i < n; i++)
            if (!(stacks[i] > 0.0))
                equity[i] = shared;
    }
    int paid = places < p ? places : p;
    if (paid == 0)
        return;
    size_t size = (size_t)1 << p;
    unsigned full = (unsigned)size - 1;
    double *prob = scratch, *sum = scratch + size;
    /* sum[m]: the chips of the players in m, added in one fixed order, so that the chips
     * left in play, sum[full ^ m], are summed directly rather than as a difference. */
    sum[0] = 0.0;
    for (int j = 0; j < p; j++)
        for (size_t m = (size_t)1 << j; m < (size_t)2 << j; m++)
            sum[m] = sum[m - ((size_t)1 << j)] + chips[j];
    memset(prob, 0, size * sizeof(double));
    prob[0] = 1.0;
    for (unsigned m = 0; m < size; m++) {
        double pm = prob[m];
        if (pm == 0.0) /* a set too large to be paid: never reached */
            continue;
        int placed = ph_popcount32(m);
        double scale = pm / sum[full ^ m], prize = payouts[placed];
        int deeper = placed + 1 < paid;
        for (int j = 0; j < p; j++) {
            if (m >> j & 1u)
                continue;
            double q = scale * chips[j];
            equity[live[j]] += q * prize;
            if (deeper)
                prob[m | 1u << j] += q;
        }
    }
}

#endif

/* Omaha hi/lo (eight or better) showdowns for the DCFR kernel (csrc/solver.h, which
 * includes this after its Omaha high sweep, phs_omaha_sweep).
 *
 * The pot is split in two halves, the best high taking one and the best qualifying
 * low the other, ties splitting each half; with no qualifying low the high takes the
 * pot (rules: Pots, splitting and rake). Chips are continuous in the solver, so the
 * odd chip does not arise. With rake, each half is half of what is left.
 *
 * A pair's payoff is loss + (win - loss) x share, share being the part of the pot the
 * hero's hand takes (0, 1/4, 1/2, 3/4 or 1; win, loss: the showdown node's payoffs of
 * a scoop and of nothing). With hi(h, o) = 1, 1/2, 0 for a high won, tied, lost,
 * lo(h, o) likewise for the low (a qualifying low beats none), L(x) whether x has a
 * qualifying low:
 *   L(h):     share = hi / 2 + lo / 2
 *   not L(h): share = hi x (1/2 if L(o) else 1)
 * So three sums give every share without a per-pair loop: the high sweep with the
 * opponent's reach (hands with a low) and, in the same pass, with the reach halved
 * for the opponent hands with a low (hands without one: phs_omaha_sweep's w_alt),
 * and the low sweep with the reach (hands with a low; opponent hands without a low
 * are the weakest lows, strength 1). */
#ifndef PH_SOLVER_HILO_H
#define PH_SOLVER_HILO_H

/* p's values at an Omaha hi/lo showdown on board b (phs_showdown_omaha_n gives the
 * high ranking's sp, op, sq, oq, the payoffs and three scratch arrays of np doubles). */
PH_INLINE void phs_showdown_hilo_n(phs_game *g, int p, int b, const uint16_t *sp, const uint16_t *op,
                                   const uint16_t *sq, const uint16_t *oq, const float *opp, double win, double loss,
                                   double *below, double *at_most, double *met, float *cfv, double *compat, int n_odd)
{
    int np = g->n_hands[p], nq = g->n_hands[1 - p];
    const uint16_t *lp = g->low_strength[p] + (size_t)b * np, *lq = g->low_strength[1 - p] + (size_t)b * nq;
    const uint16_t *lop = g->low_order[p] + (size_t)b * np, *loq = g->low_order[1 - p] + (size_t)b * nq;
    double *share = (double *)(void *)phs_push(g, 2 * (size_t)np), *met_all = (double *)(void *)phs_push(g, 2 * (size_t)np);
    float *halved = phs_push(g, (size_t)nq);
    uint8_t *no_low = (uint8_t *)(void *)phs_push(g, (size_t)np / 4 + 1);
    memcpy(halved, opp, (size_t)nq * sizeof(float));
    for (int j = 0; j < nq; j++)
        if (lq[j] >= 2) halved[loq[j]] *= 0.5f;  /* exact: a power of two */
    for (int k = 0; k < np; k++) no_low[lop[k]] = lp[k] < 2;
    /* The high, in one pass: hands with a low against the reach (half of it theirs),
     * hands without against the halved reach ... */
    phs_omaha_sweep(g, p, sp, op, sq, oq, opp, halved, no_low, below, at_most, met, n_odd);
    for (int h = 0; h < np; h++) share[h] = (below[h] + at_most[h]) / (no_low[h] ? 2 : 4);
    memcpy(met_all, met, (size_t)np * sizeof(double));
    /* ... and half the low. */
    phs_omaha_sweep(g, p, lp, lop, lq, loq, opp, NULL, NULL, below, at_most, met, n_odd);
    for (int k = 0; k < np; k++)
        if (lp[k] >= 2) share[lop[k]] += (below[lop[k]] + at_most[lop[k]]) / 4;
    for (int h = 0; h < np; h++) {
        if (compat) compat[h] = met_all[h];
        cfv[h] = (float)(loss * met_all[h] + (win - loss) * share[h]);
    }
}

#endif

/* Solver kernels over the 1,326 two-card combinations (Hold'em; rules: Standard hand ranking).
 *
 * Combination layout (shared with pokerhash.ranges): cards hi > lo have index
 * hi * (hi - 1) / 2 + lo, 0..1325.
 *
 * ph_equities_vs_range: on a river, every hero combination's equity against a
 * weighted villain range is one sort and one sweep. In increasing strength, the
 * weight strictly below a hero hand is the running total minus what its own two
 * cards block: the running weight of villain hands holding each card (a hand holding
 * both of the hero's cards is the hero hand itself, which is never below it). Ties
 * are the same sum within the hero's group of equal strength, where the hero's own
 * hand is blocked by both cards and so added back once. Turns and flops enumerate
 * their rivers (and turns) with that kernel: a hero and villain pair that share no
 * card meets every runout that avoids both hands equally often, so sums over
 * runouts weigh them correctly.
 */
#ifndef PH_EQUITY_SOLVER_H
#define PH_EQUITY_SOLVER_H
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bits.h"
#include "high.h"

#define PH_COMBOS 1326

static uint8_t ph_combo_cards[PH_COMBOS][2];

/* Fills ph_combo_cards (idempotent; racing threads write the same bytes). */
static void ph_combos_prepare(void)
{
    for (int hi = 1; hi < 52; hi++)
        for (int lo = 0; lo < hi; lo++) {
            ph_combo_cards[hi * (hi - 1) / 2 + lo][0] = (uint8_t)hi;
            ph_combo_cards[hi * (hi - 1) / 2 + lo][1] = (uint8_t)lo;
        }
}

/* Strength of every combination with a board of n cards (3..5), 0 where the
 * combination holds a board card. */
static void ph_board_strengths(const uint8_t *board, int n, uint16_t *out)
{
    uint64_t key = PH_KEY_START, mask = 0, used = 0;
    for (int i = 0; i < n; i++) {
        key += ph_card_key[board[i]];
        mask |= ph_card_mask[board[i]];
        used |= 1ULL << board[i];
    }
    for (int i = 0; i < PH_COMBOS; i++) {
        int a = ph_combo_cards[i][0], b = ph_combo_cards[i][1];
        if ((used >> a | used >> b) & 1)
            out[i] = 0;
        else
            out[i] = ph_evaluate_sums(key + ph_card_key[a] + ph_card_key[b], mask | ph_card_mask[a] | ph_card_mask[b]);
    }
}

/* Combination indices with nonzero strength, in increasing strength (two passes of
 * a radix sort on the 13-bit strengths). Returns their number. */
static int ph_sort_by_strength(const uint16_t *strength, uint16_t *order)
{
    uint16_t tmp[PH_COMBOS];
    int count[128], n = 0;
    memset(count, 0, sizeof count);
    for (int i = 0; i < PH_COMBOS; i++)
        if (strength[i]) count[strength[i] & 127]++, n++;
    for (int d = 0, total = 0; d < 128; d++) {
        int c = count[d];
        count[d] = total;
        total += c;
    }
    for (int i = 0; i < PH_COMBOS; i++)
        if (strength[i]) tmp[count[strength[i] & 127]++] = (uint16_t)i;
    memset(count, 0, 64 * sizeof count[0]);
    for (int k = 0; k < n; k++) count[strength[tmp[k]] >> 7]++;
    for (int d = 0, total = 0; d < 64; d++) {
        int c = count[d];
        count[d] = total;
        total += c;
    }
    for (int k = 0; k < n; k++) order[count[strength[tmp[k]] >> 7]++] = tmp[k];
    return n;
}

/* One complete board: for every live combination i, won[i] += villain weight it
 * beats + half the weight it ties, met[i] += villain weight it can meet (no shared
 * card). weights: the villain range (any combination; dead ones are skipped). */
static void ph_river_sweep(const uint16_t *strength, const double *weights, double *won, double *met)
{
    uint16_t order[PH_COMBOS];
    double below_card[52], group_card[52], all_card[52], below = 0, total = 0;
    int n = ph_sort_by_strength(strength, order);
    memset(below_card, 0, sizeof below_card);
    memset(group_card, 0, sizeof group_card);
    memset(all_card, 0, sizeof all_card);
    for (int k = 0; k < n; k++) {
        int i = order[k];
        double w = weights[i];
        all_card[ph_combo_cards[i][0]] += w;
        all_card[ph_combo_cards[i][1]] += w;
        total += w;
    }
    for (int start = 0; start < n;) {
        int end = start;
        double group = 0;
        uint16_t value = strength[order[start]];
        while (end < n && strength[order[end]] == value) {
            int i = order[end++];
            double w = weights[i];
            group += w;
            group_card[ph_combo_cards[i][0]] += w;
            group_card[ph_combo_cards[i][1]] += w;
        }
        for (int k = start; k < end; k++) {
            int i = order[k], a = ph_combo_cards[i][0], b = ph_combo_cards[i][1];
            double w = weights[i];
            double beaten = below - below_card[a] - below_card[b];
            double tied = group - group_card[a] - group_card[b] + w;
            won[i] += beaten + 0.5 * tied;
            met[i] += total - all_card[a] - all_card[b] + w;
        }
        for (int k = start; k < end; k++) {
            int i = order[k], a = ph_combo_cards[i][0], b = ph_combo_cards[i][1];
            below_card[a] += group_card[a];
            below_card[b] += group_card[b];
            group_card[a] = group_card[b] = 0;
        }
        below += group;
        start = end;
    }
}

/* Equity of every hero combination against the villain weights on a board of
 * n = 3, 4 or 5 cards; NaN where the hero combination holds a board card or can
 * meet no villain weight. */
static void ph_equities_vs_range(const uint8_t *board, int n, const double *weights, double *out)
{
    uint16_t strength[PH_COMBOS];
    double won[PH_COMBOS], met[PH_COMBOS];
    uint8_t full[5];
    uint64_t used = 0;
    memset(won, 0, sizeof won);
    memset(met, 0, sizeof met);
    memcpy(full, board, (size_t)n);
    for (int i = 0; i < n; i++) used |= 1ULL << board[i];
    if (n == 5) {
        ph_board_strengths(full, 5, strength);
        ph_river_sweep(strength, weights, won, met);
    } else {
        for (int turn = 0; turn < 52; turn++) {
            if (used >> turn & 1) continue;
            full[n] = (uint8_t)turn;
            if (n == 4) {
                ph_board_strengths(full, 5, strength);
                ph_river_sweep(strength, weights, won, met);
                continue;
            }
            for (int river = turn + 1; river < 52; river++) {
                if (used >> river & 1) continue;
                full[4] = (uint8_t)river;
                ph_board_strengths(full, 5, strength);
                ph_river_sweep(strength, weights, won, met);
            }
        }
    }
    for (int i = 0; i < PH_COMBOS; i++) {
        int a = ph_combo_cards[i][0], b = ph_combo_cards[i][1];
        out[i] = ((used >> a | used >> b) & 1) || met[i] <= 0 ? (double)NAN : won[i] / met[i];
    }
}

#endif

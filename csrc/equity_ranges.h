/* Exact equity of one Hold'em range against another on a flop, turn or river
 * (rules: Standard hand ranking; Pots, splitting and rake).
 *
 * The per-pair enumeration (equity.h) walks the boards of every pair of hands; with
 * hundreds of combinations a side that is 10^5 pairs. Here every runout is walked
 * once instead: each combination of either range is valued once on it (one key sum
 * and one lookup), the combinations are sorted by strength and one sweep in
 * increasing strength counts, for every hero combination, the villain weight it
 * beats and ties, as ph_river_sweep (equity_solver.h) does: the villain weight below
 * a hand minus what each of its two cards blocks (a villain hand holding both is the
 * same combination, which is never below it and ties it once). Sums over runouts
 * weigh every pair of hands equally: two hands that share no card meet every runout
 * that avoids both.
 *
 * Suit isomorphism: when a permutation of the suits maps the board and the dead cards
 * to themselves and leaves both ranges' weights unchanged, it maps runouts to runouts
 * with the same sums; only one runout of each orbit is swept, counted orbit-size times.
 *
 * Cards are renamed to dense ids (the cards some live combination holds), so that the
 * per-card sums of a small range are a few doubles to clear per runout, not 52.
 */
#ifndef PH_EQUITY_RANGES_H
#define PH_EQUITY_RANGES_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "equity_solver.h"
#include "high.h"

typedef struct {
    uint64_t key, mask, cards; /* the two cards' key and mask sums (high.h) and card bits */
    double hero, villain;      /* weights */
    uint8_t a, b;              /* dense card ids */
} ph_rvr_entry;

PH_INLINE int ph_rvr_combo_index(int c1, int c2)
{
    int hi = c1 > c2 ? c1 : c2, lo = c1 > c2 ? c2 : c1;
    return hi * (hi - 1) / 2 + lo;
}

/* Sorts keys (strength << 16 | entry) in increasing order: insertion for a few, else
 * two passes of a radix sort on the 13-bit strength (7 + 6 bits). */
static void ph_rvr_sort(uint32_t *keys, uint32_t *tmp, int n)
{
    if (n <= 48) {
        for (int i = 1; i < n; i++) {
            uint32_t k = keys[i];
            int j = i - 1;
            while (j >= 0 && keys[j] > k) {
                keys[j + 1] = keys[j];
                j--;
            }
            keys[j + 1] = k;
        }
        return;
    }
    int count[128];
    memset(count, 0, sizeof count);
    for (int i = 0; i < n; i++) count[(keys[i] >> 16) & 127]++;
    for (int d = 0, total = 0; d < 128; d++) {
        int c = count[d];
        count[d] = total;
        total += c;
    }
    for (int i = 0; i < n; i++) tmp[count[(keys[i] >> 16) & 127]++] = keys[i];
    memset(count, 0, 64 * sizeof count[0]);
    for (int i = 0; i < n; i++) count[keys[i] >> 23]++;
    for (int d = 0, total = 0; d < 64; d++) {
        int c = count[d];
        count[d] = total;
        total += c;
    }
    for (int i = 0; i < n; i++) keys[count[tmp[i] >> 23]++] = tmp[i];
}

/* One complete board (key and mask sums of its five cards, bits of its cards): adds
 * mult times the weighted wins, ties and meetings of hero against villain. */
static void ph_rvr_runout(const ph_rvr_entry *e, int n, int n_cards, uint64_t key, uint64_t mask, uint64_t board_bits,
                          double mult, double *sums, uint32_t *keys, uint32_t *tmp)
{
    double below_card[52], group_card[52], all_card[52], below = 0, total = 0;
    double win = 0, tie = 0, met = 0;
    int live = 0;
    memset(below_card, 0, (size_t)n_cards * sizeof(double));
    memset(group_card, 0, (size_t)n_cards * sizeof(double));
    memset(all_card, 0, (size_t)n_cards * sizeof(double));
    for (int i = 0; i < n; i++) {
        if (e[i].cards & board_bits) continue;
        uint64_t k = key + e[i].key, flush = k & PH_FLUSH_BITS;
        uint32_t value = flush ? ph_flush_value(flush, mask | e[i].mask) : ph_rank_lookup((uint32_t)k);
        keys[live++] = value << 16 | (uint32_t)i;
        all_card[e[i].a] += e[i].villain;
        all_card[e[i].b] += e[i].villain;
        total += e[i].villain;
    }
    ph_rvr_sort(keys, tmp, live);
    for (int start = 0; start < live;) {
        int end = start;
        double group = 0;
        uint32_t value = keys[start] >> 16;
        for (; end < live && keys[end] >> 16 == value; end++) {
            const ph_rvr_entry *x = &e[keys[end] & 0xFFFF];
            group += x->villain;
            group_card[x->a] += x->villain;
            group_card[x->b] += x->villain;
        }
        for (int k = start; k < end; k++) {
            const ph_rvr_entry *x = &e[keys[k] & 0xFFFF];
            if (x->hero == 0) continue;
            win += x->hero * (below - below_card[x->a] - below_card[x->b]);
            tie += x->hero * (group - group_card[x->a] - group_card[x->b] + x->villain);
            met += x->hero * (total - all_card[x->a] - all_card[x->b] + x->villain);
        }
        for (int k = start; k < end; k++) {
            const ph_rvr_entry *x = &e[keys[k] & 0xFFFF];
            below_card[x->a] += group_card[x->a];
            below_card[x->b] += group_card[x->b];
            group_card[x->a] = group_card[x->b] = 0;
        }
        below += group;
        start = end;
    }
    sums[0] += mult * win;
    sums[1] += mult * tie;
    sums[2] += mult * met;
}

/* The suit permutations (as card maps) that fix the board and dead cards as sets and
 * both ranges' weights; the identity first. Returns their number. */
static int ph_rvr_symmetries(uint64_t used, const ph_rvr_entry *e, const int *combo_of, int n, const double *hero,
                             const double *villain, uint8_t maps[24][52])
{
    static const uint8_t perms[24][4] = {
        {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
        {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
        {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
        {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
    };
    int found = 0;
    for (int p = 0; p < 24; p++) {
        uint8_t *map = maps[found];
        uint64_t image = 0;
        for (int c = 0; c < 52; c++) map[c] = (uint8_t)((c & ~3) | perms[p][c & 3]);
        for (int c = 0; c < 52; c++)
            if (used >> c & 1) image |= 1ULL << map[c];
        if (image != used) continue;
        int same = 1;
        for (int i = 0; i < n && same; i++) {
            int c = combo_of[i], j = ph_rvr_combo_index(map[ph_combo_cards[c][0]], map[ph_combo_cards[c][1]]);
            same = hero[j] == e[i].hero && villain[j] == e[i].villain;
        }
        if (same) found++;
    }
    return found;
}

/* sums[0..2]: hero's weighted wins, ties and meetings (sum of hero weight x villain
 * weight over pairs of hands sharing no card, times runouts); *pairs: pairs of hands
 * with positive weights sharing no card; *runouts: runouts each such pair meets.
 * board: n_board = 3, 4 or 5 cards; dead: card bits out of play; hero and villain:
 * 1,326 weights each (equity_solver.h layout). Returns 0, or -1 for bad sizes. */
static int ph_rvr_exact(const uint8_t *board, int n_board, uint64_t dead, const double *hero, const double *villain,
                        double *sums, int64_t *pairs, int64_t *runouts)
{
    ph_rvr_entry e[PH_COMBOS];
    int combo_of[PH_COMBOS], dense[52], n = 0, n_cards = 0;
    uint64_t used = dead, key = PH_KEY_START, mask = 0;
    uint32_t keys[PH_COMBOS], tmp[PH_COMBOS];
    if (n_board < 3 || n_board > 5) return -1;
    for (int i = 0; i < n_board; i++) {
        used |= 1ULL << board[i];
        key += ph_card_key[board[i]];
        mask |= ph_card_mask[board[i]];
    }
    sums[0] = sums[1] = sums[2] = 0;
    for (int c = 0; c < 52; c++) dense[c] = -1;
    /* Entries: the live combinations of either range, with their dense card ids. */
    for (int c = 0; c < PH_COMBOS; c++) {
        int a = ph_combo_cards[c][0], b = ph_combo_cards[c][1];
        if (!(hero[c] > 0 || villain[c] > 0) || ((used >> a | used >> b) & 1)) continue;
        if (dense[a] < 0) dense[a] = n_cards++;
        if (dense[b] < 0) dense[b] = n_cards++;
        e[n].key = ph_card_key[a] + ph_card_key[b];
        e[n].mask = ph_card_mask[a] | ph_card_mask[b];
        e[n].cards = 1ULL << a | 1ULL << b;
        e[n].hero = hero[c] > 0 ? hero[c] : 0;
        e[n].villain = villain[c] > 0 ? villain[c] : 0;
        e[n].a = (uint8_t)dense[a];
        e[n].b = (uint8_t)dense[b];
        combo_of[n++] = c;
    }
    /* Pairs of hands (positive weights) sharing no card: hero count times villain
     * count, less the villain hands each hero hand's cards block. */
    int64_t villain_n = 0, villain_card[52], n_pairs = 0;
    memset(villain_card, 0, sizeof villain_card);
    for (int i = 0; i < n; i++)
        if (e[i].villain > 0) villain_n++, villain_card[e[i].a]++, villain_card[e[i].b]++;
    for (int i = 0; i < n; i++)
        if (e[i].hero > 0) n_pairs += villain_n - villain_card[e[i].a] - villain_card[e[i].b] + (e[i].villain > 0);
    *pairs = n_pairs;
    int stub = 52 - ph_popcount32((uint32_t)used) - ph_popcount32((uint32_t)(used >> 32));
    int missing = 5 - n_board;
    *runouts = missing == 0 ? 1 : missing == 1 ? stub - 4 : (int64_t)(stub - 4) * (stub - 5) / 2;
    if (!n_pairs) return 0;

    uint8_t maps[24][52];
    int n_maps = ph_rvr_symmetries(used, e, combo_of, n, hero, villain, maps);
    if (missing == 0) {
        ph_rvr_runout(e, n, n_cards, key, mask, 0, 1.0, sums, keys, tmp);
        return 0;
    }
    /* Runouts of one or two cards, one of each orbit under the symmetries. */
    static const int none = 52;
    uint8_t seen[53 * 53];
    memset(seen, 0, sizeof seen);
    for (int t = 0; t < 52; t++) {
        if (used >> t & 1) continue;
        for (int r = missing == 1 ? none : t + 1; r <= (missing == 1 ? none : 51); r++) {
            if (r != none && (used >> r & 1)) continue;
            if (seen[t * 53 + r]) continue;
            int orbit = 0;
            for (int m = 0; m < n_maps; m++) {
                int x = maps[m][t], y = r == none ? none : maps[m][r];
                if (y != none && y < x) {
                    int s = x;
                    x = y;
                    y = s;
                }
                if (!seen[x * 53 + y]) seen[x * 53 + y] = 1, orbit++;
            }
            uint64_t bits = 1ULL << t | (r == none ? 0 : 1ULL << r);
            uint64_t k = key + ph_card_key[t] + (r == none ? 0 : ph_card_key[r]);
            uint64_t m = mask | ph_card_mask[t] | (r == none ? 0 : ph_card_mask[r]);
            ph_rvr_runout(e, n, n_cards, k, m, bits, (double)orbit, sums, keys, tmp);
        }
    }
    return 0;
}

#endif

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

/* Ranges with at most this many hands a side and few pairs are compared pair by pair. */
#define PH_RVR_PAIRWISE 24
/* Up to this many hands (both ranges), each runout is sorted from the last one's order. */
#define PH_RVR_RESORT 64

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

/* Sorts keys (strength << 16 | entry) in increasing order: two passes of a radix
 * sort on the 13-bit strength (7 + 6 bits). */
static void ph_rvr_sort(uint32_t *keys, uint32_t *tmp, int n)
{
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

/* Per-call work space of the runouts (ph_rvr_exact). */
typedef struct {
    const ph_rvr_entry *e;
    int n, n_cards;
    /* The pairwise form, for small ranges: the hero and villain entries, and per pair
     * the product of the weights (0 for hands sharing a card). */
    int n_hero, n_villain, hero_of[PH_RVR_PAIRWISE], villain_of[PH_RVR_PAIRWISE];
    PH_ALIGN16 double pair_weight[PH_RVR_PAIRWISE][PH_RVR_PAIRWISE];
    uint32_t keys[PH_COMBOS], tmp[PH_COMBOS];
    uint16_t order[PH_RVR_RESORT]; /* the last runout's order of the hands (few hands) */
    uint32_t last_value[PH_RVR_RESORT]; /* their last values, << 16 */
    double group_card[52]; /* zero between groups */
    double win, tie;
} ph_rvr_work;

PH_INLINE uint32_t ph_rvr_value(const ph_rvr_entry *x, uint64_t key, uint64_t mask)
{
    uint64_t k = key + x->key, flush = k & PH_KEY7_FLUSH;
    return flush ? ph_key7_flush_value(flush, mask | x->mask) : ph_key7_rank_value(k);
}

/* One complete board (key and mask sums of its five cards, bits of its runout cards):
 * adds mult times hero's weighted wins and ties against villain. */
static void ph_rvr_runout(ph_rvr_work *w, uint64_t key, uint64_t mask, uint64_t board_bits, double mult)
{
    const ph_rvr_entry *e = w->e;
    double win = 0, tie = 0;
    if (w->n_hero) {
        /* Small ranges: every pair compared. A dead hero hand values 0 and a dead villain
         * hand 0x8000 (above every strength), so that neither wins nor ties a pair. */
        uint32_t value[2 * PH_RVR_PAIRWISE];
        PH_ALIGN16 double villain_value[PH_RVR_PAIRWISE];
        for (int i = 0; i < w->n; i++) value[i] = e[i].cards & board_bits ? 0 : ph_rvr_value(&e[i], key, mask);
        for (int j = 0; j < w->n_villain; j++) {
            uint32_t v = value[w->villain_of[j]];
            villain_value[j] = v ? (double)v : 32768.0;
        }
        /* Pairs in doubles, branch-free: wins and ties are the pair weights where a
         * comparison holds (the rows are padded to even lengths with weight 0). */
#ifdef PH_HIGH_SSE2
        __m128d wins = _mm_setzero_pd(), ties = _mm_setzero_pd();
        for (int i = 0; i < w->n_hero; i++) {
            __m128d h = _mm_set1_pd((double)value[w->hero_of[i]]);
            const double *pw = w->pair_weight[i];
            for (int j = 0; j < w->n_villain; j += 2) {
                __m128d v = _mm_load_pd(villain_value + j), weight = _mm_load_pd(pw + j);
                wins = _mm_add_pd(wins, _mm_and_pd(_mm_cmpgt_pd(h, v), weight));
                ties = _mm_add_pd(ties, _mm_and_pd(_mm_cmpeq_pd(h, v), weight));
            }
        }
        win = _mm_cvtsd_f64(wins) + _mm_cvtsd_f64(_mm_unpackhi_pd(wins, wins));
        tie = _mm_cvtsd_f64(ties) + _mm_cvtsd_f64(_mm_unpackhi_pd(ties, ties));
#else
        for (int i = 0; i < w->n_hero; i++) {
            double h = (double)value[w->hero_of[i]];
            const double *pw = w->pair_weight[i];
            for (int j = 0; j < w->n_villain; j++) {
                win += h > villain_value[j] ? pw[j] : 0.0;
                tie += h == villain_value[j] ? pw[j] : 0.0;
            }
        }
#endif
        w->win += mult * win;
        w->tie += mult * tie;
        return;
    }
    double below_card[52], below = 0;
    uint32_t *keys = w->keys;
    double *group_card = w->group_card;
    int live = 0;
    memset(below_card, 0, (size_t)w->n_cards * sizeof(double));
    if (w->n <= PH_RVR_RESORT) {
        /* Few hands: sorted from the last runout's order, which the next runout (one
         * card changed) mostly keeps, so the insertion sort's inner loop rarely runs.
         * Dead hands value 0 and sort first, out of the sweep. */
        int n = w->n;
        for (int k = 0; k < n; k++) {
            int i = w->order[k];
            /* A dead hand keeps its last value (so that it does not move) and is
             * marked (bit 15) for the sweep to skip. */
            uint32_t v = e[i].cards & board_bits ? (w->last_value[i] | 0x8000) : ph_rvr_value(&e[i], key, mask) << 16;
            w->last_value[i] = v & 0xFFFF0000u;
            keys[k] = v | (uint32_t)i;
        }
        for (int k = 1; k < n; k++) {
            uint32_t x = keys[k];
            int j = k - 1;
            while (j >= 0 && keys[j] > x) {
                keys[j + 1] = keys[j];
                j--;
            }
            keys[j + 1] = x;
        }
        for (int k = 0; k < n; k++) w->order[k] = (uint16_t)(keys[k] & 0x7FFF);
        live = n;
    } else {
        for (int i = 0; i < w->n; i++) {
            if (e[i].cards & board_bits) continue;
            keys[live++] = ph_rvr_value(&e[i], key, mask) << 16 | (uint32_t)i;
        }
        ph_rvr_sort(keys, w->tmp, live);
    }
    for (int start = 0; start < live;) {
        int end = start;
        double group = 0;
        uint32_t value = keys[start] >> 16;
        for (; end < live && keys[end] >> 16 == value; end++) {
            if (keys[end] & 0x8000) continue;
            const ph_rvr_entry *x = &e[keys[end] & 0x7FFF];
            group += x->villain;
            group_card[x->a] += x->villain;
            group_card[x->b] += x->villain;
        }
        for (int k = start; k < end; k++) {
            if (keys[k] & 0x8000) continue;
            const ph_rvr_entry *x = &e[keys[k] & 0x7FFF];
            win += x->hero * (below - below_card[x->a] - below_card[x->b]);
            tie += x->hero * (group - group_card[x->a] - group_card[x->b] + x->villain);
        }
        for (int k = start; k < end; k++) {
            if (keys[k] & 0x8000) continue;
            const ph_rvr_entry *x = &e[keys[k] & 0x7FFF];
            below_card[x->a] += group_card[x->a];
            below_card[x->b] += group_card[x->b];
            group_card[x->a] = group_card[x->b] = 0;
        }
        below += group;
        start = end;
    }
    w->win += mult * win;
    w->tie += mult * tie;
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
    uint32_t suit_ranks[4] = {0, 0, 0, 0};
    for (int c = 0; c < 52; c++)
        if (used >> c & 1) suit_ranks[c & 3] |= 1u << (c >> 2);
    int found = 0;
    for (int p = 0; p < 24; p++) {
        /* The used cards map to themselves when each suit's ranks go to a suit with the same ranks. */
        if (suit_ranks[perms[p][0]] != suit_ranks[0] || suit_ranks[perms[p][1]] != suit_ranks[1] ||
            suit_ranks[perms[p][2]] != suit_ranks[2] || suit_ranks[perms[p][3]] != suit_ranks[3])
            continue;
        uint8_t *map = maps[found];
        for (int c = 0; c < 52; c++) map[c] = (uint8_t)((c & ~3) | perms[p][c & 3]);
        int same = 1;
        for (int i = 0; i < n && same && p; i++) {
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
    ph_rvr_work w;
    int combo_of[PH_COMBOS], dense[52], n = 0, n_cards = 0;
    uint64_t used = dead, key = PH_KEY7_START, mask = 0;
    if (n_board < 3 || n_board > 5) return -1;
    for (int i = 0; i < n_board; i++) {
        used |= 1ULL << board[i];
        key += ph_card_key7[board[i]];
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
        e[n].key = ph_card_key7[a] + ph_card_key7[b];
        e[n].mask = ph_card_mask[a] | ph_card_mask[b];
        e[n].cards = 1ULL << a | 1ULL << b;
        e[n].hero = hero[c] > 0 ? hero[c] : 0;
        e[n].villain = villain[c] > 0 ? villain[c] : 0;
        e[n].a = (uint8_t)dense[a];
        e[n].b = (uint8_t)dense[b];
        combo_of[n++] = c;
    }
    /* Pairs of hands (positive weights) sharing no card, counted and weighted: hero
     * count (weight) times villain count (weight), less the villain hands each hero
     * hand's cards block (a villain hand holding both is the hero hand itself). */
    int64_t villain_n = 0, villain_card_n[52], n_pairs = 0;
    double villain_w = 0, villain_card_w[52], pair_w = 0;
    int n_hero = 0, n_villain = 0;
    memset(villain_card_n, 0, sizeof villain_card_n);
    memset(villain_card_w, 0, sizeof villain_card_w);
    for (int i = 0; i < n; i++) {
        if (!(e[i].villain > 0)) continue;
        n_villain++;
        villain_n++, villain_card_n[e[i].a]++, villain_card_n[e[i].b]++;
        villain_w += e[i].villain, villain_card_w[e[i].a] += e[i].villain, villain_card_w[e[i].b] += e[i].villain;
    }
    for (int i = 0; i < n; i++) {
        if (!(e[i].hero > 0)) continue;
        n_hero++;
        n_pairs += villain_n - villain_card_n[e[i].a] - villain_card_n[e[i].b] + (e[i].villain > 0);
        pair_w += e[i].hero * (villain_w - villain_card_w[e[i].a] - villain_card_w[e[i].b] + e[i].villain);
    }
    *pairs = n_pairs;
    int stub = 52 - ph_popcount32((uint32_t)used) - ph_popcount32((uint32_t)(used >> 32));
    int missing = 5 - n_board;
    *runouts = missing == 0 ? 1 : missing == 1 ? stub - 4 : (int64_t)(stub - 4) * (stub - 5) / 2;
    sums[2] = pair_w * (double)*runouts;
    if (!n_pairs) return 0;

    memset(&w, 0, sizeof w);
    w.e = e;
    w.n = n;
    w.n_cards = n_cards;
    for (int i = 0; i < n && i < PH_RVR_RESORT; i++) w.order[i] = (uint16_t)i;
    if (n_hero <= PH_RVR_PAIRWISE && n_villain <= PH_RVR_PAIRWISE && n_hero * n_villain <= 6 * (n_hero + n_villain)) {
        for (int i = 0; i < n; i++) {
            if (e[i].hero > 0) w.hero_of[w.n_hero++] = i;
            if (e[i].villain > 0) w.villain_of[w.n_villain++] = i;
        }
        if (w.n_villain & 1) w.villain_of[w.n_villain++] = w.villain_of[0]; /* padding, weight 0 */
        for (int i = 0; i < w.n_hero; i++)
            for (int j = 0; j < w.n_villain; j++) {
                const ph_rvr_entry *h = &e[w.hero_of[i]], *v = &e[w.villain_of[j]];
                w.pair_weight[i][j] = h->cards & v->cards || j >= n_villain ? 0.0 : h->hero * v->villain;
            }
    }

    uint8_t maps[24][52];
    int n_maps = ph_rvr_symmetries(used, e, combo_of, n, hero, villain, maps);
    if (missing == 0) {
        ph_rvr_runout(&w, key, mask, 0, 1.0);
    } else {
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
                uint64_t k = key + ph_card_key7[t] + (r == none ? 0 : ph_card_key7[r]);
                uint64_t m = mask | ph_card_mask[t] | (r == none ? 0 : ph_card_mask[r]);
                ph_rvr_runout(&w, k, m, bits, (double)orbit);
            }
        }
    }
    sums[0] = w.win;
    sums[1] = w.tie;
    return 0;
}

#endif

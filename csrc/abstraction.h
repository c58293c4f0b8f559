/* Card-abstraction features of Hold'em hands, per index of a hand indexer's round.
 *
 * Everything comes from river boards. For a five-card board, every hole pair off
 * the board is evaluated once (csrc/high.h's additive keys: the board's sums are
 * computed once, each hole adds two cards) and the 1,081 strengths are sorted.
 * One sweep in strength order then gives every hole's wins and ties against the
 * 990 opponent hands that share no card with it, card removal exact by
 * inclusion-exclusion: with L = hands weaker than ours, L[c] = those holding card
 * c, and T, T[c] the same for hands as strong, the opponents our hole {a, b}
 * beats are L - L[a] - L[b] (no weaker hand holds both a and b: that is ours) and
 * those it ties are T - T[a] - T[b] + 1 (ours is in T, T[a] and T[b]). A hole's
 * river score is 2 * wins + ties out of 2 * 990: HS = score / 1980, ties half.
 * Against an opponent cluster the same sums are kept per cluster.
 *
 * A flop or turn hand's features are means over the runouts (every turn and river,
 * or every river, that misses the hand's cards) of its river HS: EHS, EHS^2, the
 * histogram of the river HS, and the per-cluster equities (OCHS). So each
 * canonical board *set* is one unit of work: its runouts are swept once for all
 * hole pairs, and the results are written at the index of every hole with every
 * order in which the set can be dealt over the indexer's board rounds.
 */
#ifndef PH_ABSTRACTION_H
#define PH_ABSTRACTION_H
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hand_index.h"
#include "high.h"

#define PH_HOLES 1326
#define PH_RIVER_OPPONENTS 990 /* C(45, 2) */
#define PH_SCORE_SCALE (2 * PH_RIVER_OPPONENTS)
#define PH_MAX_CLUSTERS 64

/* What to compute and where to write it; NULL pointers are features not wanted.
 * Outputs are indexed by the hand index of `round` (histograms and OCHS have
 * `bins` / `n_clusters` values per index). */
typedef struct {
    const ph_iso_indexer *indexer;
    int round;
    int board_cards;                /* 3, 4 or 5: the board of `round` */
    const uint8_t *orders;          /* n_orders rows of board_cards positions: the dealing orders of a board set */
    int n_orders;
    float *hs, *ehs, *ehs2, *ochs;
    void *histogram;                /* uint8 on the turn, uint16 on the flop */
    int bins;
    int n_clusters;
    const uint8_t *cluster_of_hole; /* hole id (ph_hole_id) -> cluster, when ochs */
    uint64_t *indices;              /* NULL: outputs are whole tables, written at the hand's index;
                                       else compact: entry i is the hand indices[i] */
} ph_features_job;

/* Per-call scratch: river pass results and per-hole sums over the runouts. */
typedef struct {
    uint16_t score[PH_HOLES];
    uint64_t sum1[PH_HOLES], sum2[PH_HOLES];
    uint32_t runs[PH_HOLES];
    uint16_t *hist;   /* PH_HOLES * bins */
    double *ochs_sum; /* PH_HOLES * n_clusters: sum over runouts of the equity against the cluster */
    uint32_t *ochs_runs;
    float *cluster_equity; /* PH_HOLES * n_clusters: the current river's, NaN without opponents */
} ph_features_scratch;

PH_INLINE int ph_hole_id(int a, int b) /* a < b */
{
    return b * (b - 1) / 2 + a;
}

/* Sorts n packed entries (strength << 16 | payload) by strength: LSD radix on the
 * strength's 13 bits, 7 then 6. */
static void ph_sort_by_strength(uint32_t *entries, uint32_t *tmp, int n)
{
    int count[128];
    memset(count, 0, sizeof count);
    for (int i = 0; i < n; i++) count[(entries[i] >> 16) & 127]++;
    for (int i = 0, total = 0; i < 128; i++) { int c = count[i]; count[i] = total; total += c; }
    for (int i = 0; i < n; i++) tmp[count[(entries[i] >> 16) & 127]++] = entries[i];
    memset(count, 0, 64 * sizeof(int));
    for (int i = 0; i < n; i++) count[(tmp[i] >> 23) & 63]++;
    for (int i = 0, total = 0; i < 64; i++) { int c = count[i]; count[i] = total; total += c; }
    for (int i = 0; i < n; i++) entries[count[(tmp[i] >> 23) & 63]++] = tmp[i];
}

/* The river pass: score[hole id] for every hole off the five-card board, and with
 * clusters the equity against each cluster (see the top of this file). */
static void ph_river_pass(const ph_features_job *job, const uint8_t *board, ph_features_scratch *sc)
{
    uint32_t entries[PH_HOLES], tmp[PH_HOLES];
    uint8_t hole_a[PH_HOLES], hole_b[PH_HOLES];
    uint16_t hole_id[PH_HOLES];
    uint64_t key = PH_KEY_START, mask = 0, dead = 0;
    int n = 0, k_count = job->ochs ? job->n_clusters : 0;
    for (int i = 0; i < 5; i++) {
        key += ph_card_key[board[i]];
        mask |= ph_card_mask[board[i]];
        dead |= 1ULL << board[i];
    }
    for (int b = 1; b < 52; b++) {
        if (dead >> b & 1) continue;
        uint64_t key_b = key + ph_card_key[b], mask_b = mask | ph_card_mask[b];
        for (int a = 0; a < b; a++) {
            if (dead >> a & 1) continue;
            uint16_t strength = ph_evaluate_sums(key_b + ph_card_key[a], mask_b | ph_card_mask[a]);
            hole_a[n] = (uint8_t)a;
            hole_b[n] = (uint8_t)b;
            hole_id[n] = (uint16_t)ph_hole_id(a, b);
            entries[n] = (uint32_t)strength << 16 | (uint32_t)n;
            n++;
        }
    }
    ph_sort_by_strength(entries, tmp, n);

    uint16_t less_card[52] = {0}, tie_card[52] = {0};
    int less = 0;
    /* Per cluster: totals, weaker, as strong; each also per card. */
    uint16_t c_total[PH_MAX_CLUSTERS] = {0}, c_less[PH_MAX_CLUSTERS] = {0}, c_tie[PH_MAX_CLUSTERS] = {0};
    uint16_t c_total_card[52][PH_MAX_CLUSTERS], c_less_card[52][PH_MAX_CLUSTERS], c_tie_card[52][PH_MAX_CLUSTERS];
    if (k_count) {
        memset(c_total_card, 0, sizeof c_total_card);
        memset(c_less_card, 0, sizeof c_less_card);
        memset(c_tie_card, 0, sizeof c_tie_card);
        for (int i = 0; i < n; i++) {
            int c = job->cluster_of_hole[hole_id[i]];
            c_total[c]++;
            c_total_card[hole_a[i]][c]++;
            c_total_card[hole_b[i]][c]++;
        }
    }
    for (int start = 0; start < n;) {
        int end = start;
        uint32_t strength = entries[start] >> 16;
        while (end < n && entries[end] >> 16 == strength) {
            int h = entries[end] & 0xFFFF;
            tie_card[hole_a[h]]++;
            tie_card[hole_b[h]]++;
            if (k_count) {
                int c = job->cluster_of_hole[hole_id[h]];
                c_tie[c]++;
                c_tie_card[hole_a[h]][c]++;
                c_tie_card[hole_b[h]][c]++;
            }
            end++;
        }
        int ties = end - start;
        for (int i = start; i < end; i++) {
            int h = entries[i] & 0xFFFF, a = hole_a[h], b = hole_b[h];
            int wins = less - less_card[a] - less_card[b];
            int tied = ties - tie_card[a] - tie_card[b] + 1;
            sc->score[hole_id[h]] = (uint16_t)(2 * wins + tied);
            if (k_count) {
                int own = job->cluster_of_hole[hole_id[h]];
                float *equity = sc->cluster_equity + (size_t)hole_id[h] * k_count;
                for (int c = 0; c < k_count; c++) {
                    int self = c == own;
                    int opponents = c_total[c] - c_total_card[a][c] - c_total_card[b][c] + self;
                    int c_wins = c_less[c] - c_less_card[a][c] - c_less_card[b][c];
                    int c_ties = c_tie[c] - c_tie_card[a][c] - c_tie_card[b][c] + self;
                    equity[c] = opponents ? (float)((2.0 * c_wins + c_ties) / (2.0 * opponents)) : NAN;
                }
            }
        }
        for (int i = start; i < end; i++) {
            int h = entries[i] & 0xFFFF, a = hole_a[h], b = hole_b[h];
            less_card[a] = (uint16_t)(less_card[a] + tie_card[a]);
            less_card[b] = (uint16_t)(less_card[b] + tie_card[b]);
            tie_card[a] = tie_card[b] = 0;
            if (k_count) {
                int c = job->cluster_of_hole[hole_id[h]];
                c_less_card[a][c] = (uint16_t)(c_less_card[a][c] + c_tie_card[a][c]);
                c_less_card[b][c] = (uint16_t)(c_less_card[b][c] + c_tie_card[b][c]);
                c_tie_card[a][c] = c_tie_card[b][c] = 0;
                c_less[c] = (uint16_t)(c_less[c] + c_tie[c]);
                c_tie[c] = 0;
            }
        }
        less += ties;
        start = end;
    }
}

/* Adds the current river pass (sc->score, sc->cluster_equity) to the sums of every
 * hole off the river board `dead`. */
static void ph_accumulate_runout(const ph_features_job *job, uint64_t dead, ph_features_scratch *sc)
{
    int k_count = job->ochs ? job->n_clusters : 0;
    for (int b = 1; b < 52; b++) {
        if (dead >> b & 1) continue;
        for (int a = 0; a < b; a++) {
            if (dead >> a & 1) continue;
            int id = ph_hole_id(a, b);
            uint64_t score = sc->score[id];
            sc->sum1[id] += score;
            sc->sum2[id] += score * score;
            sc->runs[id]++;
            if (sc->hist) {
                uint64_t bin = score * (uint64_t)job->bins / PH_SCORE_SCALE;
                sc->hist[(size_t)id * job->bins + (bin < (uint64_t)job->bins ? bin : (uint64_t)job->bins - 1)]++;
            }
            for (int c = 0; c < k_count; c++) {
                float equity = sc->cluster_equity[(size_t)id * k_count + c];
                if (equity == equity) { /* not NaN: the cluster had hands left */
                    sc->ochs_sum[(size_t)id * k_count + c] += equity;
                    sc->ochs_runs[(size_t)id * k_count + c]++;
                }
            }
        }
    }
}

/* Writes hole id's features (from the scratch) at `index`. */
static void ph_write_features(const ph_features_job *job, const ph_features_scratch *sc, int id, uint64_t index)
{
    int k_count = job->ochs ? job->n_clusters : 0;
    if (job->board_cards == 5) {
        if (job->hs) job->hs[index] = (float)((double)sc->score[id] / PH_SCORE_SCALE);
        for (int c = 0; c < k_count; c++) job->ochs[index * k_count + c] = sc->cluster_equity[(size_t)id * k_count + c];
        return;
    }
    double runs = (double)sc->runs[id];
    if (job->ehs) job->ehs[index] = (float)((double)sc->sum1[id] / (PH_SCORE_SCALE * runs));
    if (job->ehs2) job->ehs2[index] = (float)((double)sc->sum2[id] / ((double)PH_SCORE_SCALE * PH_SCORE_SCALE * runs));
    if (job->histogram) {
        const uint16_t *counts = sc->hist + (size_t)id * job->bins;
        if (job->board_cards == 4) {
            uint8_t *out = (uint8_t *)job->histogram + index * job->bins;
            for (int i = 0; i < job->bins; i++) out[i] = (uint8_t)counts[i];
        } else {
            uint16_t *out = (uint16_t *)job->histogram + index * job->bins;
            for (int i = 0; i < job->bins; i++) out[i] = counts[i];
        }
    }
    for (int c = 0; c < k_count; c++) {
        size_t at = (size_t)id * k_count + c;
        job->ochs[index * k_count + c] = sc->ochs_runs[at] ? (float)(sc->ochs_sum[at] / sc->ochs_runs[at]) : NAN;
    }
}

/* The features of every hand whose board is one of the `n_boards` board sets
 * (rows of job->board_cards cards), written at their indices (or, compact, one
 * entry after the other with job->indices). Each board set's runouts are swept
 * once; the results go to every hole off the board with every dealing order of
 * the set (a hand class may so be written more than once, always with the same
 * values). Returns 0, or -1 when scratch memory is short. */
static int ph_features_boards(const ph_features_job *job, const uint8_t *boards, size_t n_boards)
{
    int b_cards = job->board_cards, k_count = job->ochs ? job->n_clusters : 0;
    ph_features_scratch *sc = (ph_features_scratch *)calloc(1, sizeof(ph_features_scratch));
    if (!sc) return -1;
    if (job->histogram) sc->hist = (uint16_t *)malloc(sizeof(uint16_t) * PH_HOLES * job->bins);
    if (k_count) {
        sc->cluster_equity = (float *)malloc(sizeof(float) * PH_HOLES * k_count);
        sc->ochs_sum = (double *)malloc(sizeof(double) * PH_HOLES * k_count);
        sc->ochs_runs = (uint32_t *)malloc(sizeof(uint32_t) * PH_HOLES * k_count);
    }
    uint64_t entry = 0;
    int failed = (job->histogram && !sc->hist) || (k_count && (!sc->cluster_equity || !sc->ochs_sum || !sc->ochs_runs));
    for (size_t row = 0; row < n_boards && !failed; row++) {
        const uint8_t *set = boards + row * b_cards;
        uint8_t river[5];
        uint64_t dead = 0;
        for (int i = 0; i < b_cards; i++) {
            river[i] = set[i];
            dead |= 1ULL << set[i];
        }
        if (b_cards == 5) {
            ph_river_pass(job, river, sc);
        } else {
            memset(sc->sum1, 0, sizeof sc->sum1);
            memset(sc->sum2, 0, sizeof sc->sum2);
            memset(sc->runs, 0, sizeof sc->runs);
            if (sc->hist) memset(sc->hist, 0, sizeof(uint16_t) * PH_HOLES * job->bins);
            if (k_count) {
                memset(sc->ochs_sum, 0, sizeof(double) * PH_HOLES * k_count);
                memset(sc->ochs_runs, 0, sizeof(uint32_t) * PH_HOLES * k_count);
            }
            /* Every runout: one more card (turn) or two (flop), in increasing order. */
            for (int t = 0; t < 52; t++) {
                if (dead >> t & 1) continue;
                river[b_cards] = (uint8_t)t;
                if (b_cards == 4) {
                    ph_river_pass(job, river, sc);
                    ph_accumulate_runout(job, dead | 1ULL << t, sc);
                    continue;
                }
                for (int r = t + 1; r < 52; r++) {
                    if (dead >> r & 1) continue;
                    river[4] = (uint8_t)r;
                    ph_river_pass(job, river, sc);
                    ph_accumulate_runout(job, dead | 1ULL << t | 1ULL << r, sc);
                }
            }
        }
        uint8_t hand[7];
        for (int o = 0; o < job->n_orders; o++) {
            for (int i = 0; i < b_cards; i++) hand[2 + i] = set[job->orders[o * b_cards + i]];
            for (int b = 1; b < 52; b++) {
                if (dead >> b & 1) continue;
                hand[1] = (uint8_t)b;
                for (int a = 0; a < b; a++) {
                    if (dead >> a & 1) continue;
                    hand[0] = (uint8_t)a;
                    uint64_t index = ph_iso_index(job->indexer, hand, job->round);
                    if (job->indices) {
                        job->indices[entry] = index;
                        index = entry++;
                    }
                    ph_write_features(job, sc, ph_hole_id(a, b), index);
                }
            }
        }
    }
    free(sc->hist);
    free(sc->cluster_equity);
    free(sc->ochs_sum);
    free(sc->ochs_runs);
    free(sc);
    return failed ? -1 : 0;
}

#endif

/* Showdown equity: the deal being asked about, the scoring of one showdown, and the
 * exact enumerations (rules: Standard hand ranking; Low hands; Pots, splitting and rake).
 *
 * A deal has players' hole cards (known ones; range players get theirs per
 * combination of hands), known board cards and a stub: every card of the game's deck
 * neither known nor dead. The missing cards come from the stub.
 *
 * Pot shares are counted in whole units: a pot is PH_EQ_POT = 5040 units, so that
 * either half of it splits evenly among up to ten tied players (5040 = 2 * lcm(1..10))
 * and every sum of shares is an exact integer.
 *
 * Two exact enumerators:
 * - ph_eq_exact_generic walks every completion of the deal card by card (any game;
 *   used for stud, and by the tests as the check of the fast one);
 * - ph_eq_exact_flop, for Hold'em, the short deck and Omaha with known hands, walks board rank
 *   multisets (at most 6,175 of five ranks) with the number of suit patterns each
 *   stands for, valuing every hand by ranks alone, then corrects the boards on which
 *   some player can make a flush: for the one suit that can flush on a board, each
 *   set of suited board cards (a flush's value worked out once per set) with the
 *   other board cards as rank multisets (one list, made once per suit), the score
 *   with flushes replacing the rank-only score (the corrections go first and mark,
 *   per rank multiset and group, the boards they scored, which the rank pass then
 *   leaves out; when the rank pass is kept for the next deal, the corrections take
 *   the rank-only scores back instead). With
 *   seven cards, or two hole and three board cards, a flush is possible in at most
 *   one suit per board (two suits would need ten suited cards among nine), so the
 *   corrected board sets do not overlap. ph_eq_exact_flop_groups scores several
 *   groups of the players on the same boards (the pots of one all-in: each group a
 *   pot's contenders, the other players' cards dead to it), each group's counts
 *   those of a walk of its players alone.
 */
#ifndef PH_EQUITY_H
#define PH_EQUITY_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "high.h"
#include "low.h"
#include "omaha.h"
#include "shortdeck.h"

#define PH_EQ_MAX_PLAYERS 10
#define PH_EQ_POT 5040

enum { PH_EQ_HOLDEM = 0, PH_EQ_OMAHA = 1, PH_EQ_STUD = 2, PH_EQ_SHORTDECK = 3 };

typedef struct {
    int game;       /* PH_EQ_HOLDEM, PH_EQ_OMAHA, PH_EQ_STUD or PH_EQ_SHORTDECK */
    int hilo;       /* the pot is split with the best eight-or-better low (rules: Low hands; Pots, splitting and rake) */
    int order;      /* short deck: 0 three of a kind beats a straight, 1 the reverse (shortdeck.h) */
    int n_players;
    int hole_size;  /* cards each player has at showdown: 2, 4..6, 7 (6 in stud with a community card) */
    int board_size; /* community cards at showdown: 5, or 0 / 1 in stud */
    int n_hole[PH_EQ_MAX_PLAYERS]; /* known hole cards (0 for a range player) */
    uint8_t hole[PH_EQ_MAX_PLAYERS][8];
    int n_board;
    uint8_t board[5];
    int n_stub;
    uint8_t stub[52];
    /* Range players (Hold'em ranges, lists of Hold'em or Omaha hands): n_combos > 0,
     * combos (n_combos x hole_size cards, none known or dead) drawn by the alias
     * table (alias_prob scaled to 2^32, alias_other). */
    int n_combos[PH_EQ_MAX_PLAYERS];
    const uint8_t *combos[PH_EQ_MAX_PLAYERS];
    const uint32_t *alias_prob[PH_EQ_MAX_PLAYERS];
    const uint32_t *alias_other[PH_EQ_MAX_PLAYERS];
} ph_eq_setup;

typedef struct {
    int64_t deals;
    int64_t win[PH_EQ_MAX_PLAYERS];   /* the whole pot alone */
    int64_t tie[PH_EQ_MAX_PLAYERS];   /* part of the pot, not all of it */
    int64_t share[PH_EQ_MAX_PLAYERS]; /* pot units won */
    int64_t high[PH_EQ_MAX_PLAYERS];  /* of which from the high half (all of it when no low) */
    int64_t low[PH_EQ_MAX_PLAYERS];
    int64_t share_sq[PH_EQ_MAX_PLAYERS]; /* sum of squared units per deal (sampling's variance) */
} ph_eq_counts;

/* One showdown, counted mult times (negative to take a score back): the best high
 * takes the pot, or half of it when a low qualifies; ties split each half evenly
 * (the odd chip has no weight in an expectation; rules: Pots, splitting and rake). low[p] = 0: no low. */
PH_INLINE void ph_eq_score(ph_eq_counts *c, int n, const uint32_t *high, const uint32_t *low, int64_t mult,
                           int want_sq)
{
    uint32_t best = 0, best_low = 0;
    int n_high = 0, n_low = 0;
    for (int p = 0; p < n; p++) {
        if (high[p] > best) {
            best = high[p];
            n_high = 1;
        } else if (high[p] == best) {
            n_high++;
        }
    }
    if (low) {
        for (int p = 0; p < n; p++) {
            if (low[p] > best_low) {
                best_low = low[p];
                n_low = 1;
            } else if (low[p] && low[p] == best_low) {
                n_low++;
            }
        }
    }
    int64_t high_units = (n_low ? PH_EQ_POT / 2 : PH_EQ_POT) / n_high;
    int64_t low_units = n_low ? PH_EQ_POT / 2 / n_low : 0;
    c->deals += mult;
    for (int p = 0; p < n; p++) {
        int64_t h = high[p] == best ? high_units : 0;
        int64_t l = n_low && low[p] == best_low ? low_units : 0;
        int64_t u = h + l;
        if (!u) continue;
        c->share[p] += mult * u;
        c->high[p] += mult * h;
        c->low[p] += mult * l;
        if (u == PH_EQ_POT)
            c->win[p] += mult;
        else
            c->tie[p] += mult;
        if (want_sq) c->share_sq[p] += mult * u * u;
    }
}

PH_INLINE void ph_eq_counts_add(ph_eq_counts *to, const ph_eq_counts *from, int n)
{
    to->deals += from->deals;
    for (int p = 0; p < n; p++) {
        to->win[p] += from->win[p];
        to->tie[p] += from->tie[p];
        to->share[p] += from->share[p];
        to->high[p] += from->high[p];
        to->low[p] += from->low[p];
        to->share_sq[p] += from->share_sq[p];
    }
}

/* Values of every player on a complete deal (holes of hole_size cards, board of
 * board_size): the high strength, and the low (0 = none) when hilo. */
static void ph_eq_values(const ph_eq_setup *s, uint8_t holes[][8], const uint8_t *board, uint32_t *high, uint32_t *low)
{
    for (int p = 0; p < s->n_players; p++) {
        if (s->game == PH_EQ_OMAHA) {
            high[p] = ph_omaha_evaluate(holes[p], s->hole_size, board, s->board_size);
            if (s->hilo) low[p] = ph_omaha_low8(holes[p], s->hole_size, board, s->board_size);
        } else {
            /* Hold'em, short deck and stud: the best five of the player's cards and the board. */
            uint8_t cards[8];
            int n = 0;
            for (int i = 0; i < s->hole_size; i++) cards[n++] = holes[p][i];
            for (int i = 0; i < s->board_size; i++) cards[n++] = board[i];
            high[p] = s->game == PH_EQ_SHORTDECK ? ph_shortdeck(cards, n, s->order) : ph_evaluate(cards, n);
            if (s->hilo) low[p] = ph_low8(cards, n);
        }
    }
}

/* --- exact: every completion, card by card ------------------------------------ */

typedef struct {
    const ph_eq_setup *s;
    uint8_t holes[PH_EQ_MAX_PLAYERS][8];
    uint8_t board[5];
    ph_eq_counts *counts;
} ph_eq_generic_walk;

/* Group 0 is the board, group 1 + p player p's hole; each group's missing cards are
 * chosen in stub order from `start` on (combinations, not arrangements). */
static void ph_eq_generic_level(ph_eq_generic_walk *w, int group, int filled, int start, uint64_t used)
{
    const ph_eq_setup *s = w->s;
    int target = group == 0 ? s->board_size : s->hole_size;
    if (filled == target) {
        if (group == s->n_players) {
            uint32_t high[PH_EQ_MAX_PLAYERS], low[PH_EQ_MAX_PLAYERS];
            ph_eq_values(s, w->holes, w->board, high, low);
            ph_eq_score(w->counts, s->n_players, high, s->hilo ? low : NULL, 1, 0);
            return;
        }
        /* A range player's hand is given whole (ph_eq_exact_rows). */
        ph_eq_generic_level(w, group + 1, s->n_combos[group] ? s->hole_size : s->n_hole[group], 0, used);
        return;
    }
    uint8_t *slot = group == 0 ? &w->board[filled] : &w->holes[group - 1][filled];
    for (int i = start; i < s->n_stub; i++) {
        uint8_t card = s->stub[i];
        if (used >> card & 1) continue;
        *slot = card;
        ph_eq_generic_level(w, group, filled + 1, i + 1, used | 1ULL << card);
    }
}

/* Every way to complete a deal whose players hold these cards (the known ones, and
 * for range players their hand of this count). */
static void ph_eq_exact_generic(const ph_eq_setup *s, uint8_t holes[][8], ph_eq_counts *counts)
{
    ph_eq_generic_walk w;
    uint64_t used = 0;
    memset(&w, 0, sizeof w);
    memset(counts, 0, sizeof *counts);
    w.s = s;
    w.counts = counts;
    for (int p = 0; p < s->n_players; p++) {
        memcpy(w.holes[p], holes[p], 8);
        for (int i = 0; i < (s->n_combos[p] ? s->hole_size : 0); i++) used |= 1ULL << holes[p][i];
    }
    memcpy(w.board, s->board, 5);
    if (s->game == PH_EQ_OMAHA) ph_omaha_prepare();
    ph_eq_generic_level(&w, 0, s->n_board, 0, used);
}

/* --- exact: board rank multisets plus flush corrections (Hold'em, Omaha) -------- */

static const int64_t ph_eq_binom[5][6] = {
    {1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0}, {1, 3, 3, 1, 0, 0}, {1, 4, 6, 4, 1, 0},
};

/* The eight-or-better low bits (low.h: bit 0 the ace, bits 1..7 the two to the eight)
 * of a set of ranks (bit r = rank index r). */
PH_INLINE uint32_t ph_eq_low_bits(uint32_t ranks) { return ((ranks & 0x7F) << 1) | ((ranks >> 12) & 1); }

typedef struct {
    int n, n_hole, omaha, hilo, seven; /* seven: Hold'em hands of seven cards (high.h's seven-card hash) */
    /* The short deck (seven cards too): its ranks walked as slots 0..8 (rank - 4:
     * shortdeck.h's rank bases are high.h's first nine), valued by its own tables in
     * `order`. */
    int shortdeck, order;
    const uint16_t *flush_table; /* a suit's ranks -> its flush's value: high.h's, or the short deck's */
    const uint8_t *holes[PH_EQ_MAX_PLAYERS];
    uint32_t hole_rank_key[PH_EQ_MAX_PLAYERS]; /* sum of the hole cards' rank bases */
    uint32_t hole_low[PH_EQ_MAX_PLAYERS];
    uint32_t hole_suit[PH_EQ_MAX_PLAYERS][4]; /* ranks held in each suit */
    int hole_suit_n[PH_EQ_MAX_PLAYERS][4];
    uint32_t board_suit[4]; /* the known board's ranks in each suit */
    int board_suit_n[4];
    int suit;               /* the suit being corrected, or -1 in the rank pass */
    int need;               /* suited board cards still needed for any flush of it */
    uint32_t suit_avail;    /* stub ranks of that suit */
    int avail[13];          /* stub cards of each rank (outside that suit in a correction) */
    ph_eq_counts *counts;   /* one per group */
    /* The groups of players scored (ph_eq_exact_flop_groups): group g is players
     * members[g][0..group_n[g]-1], each a pot's contenders, counted into counts[g] by
     * its members' order; group_all[g]: the group is every player in order. */
    int n_groups;
    int group_n[PH_EQ_MAX_PLAYERS];
    int group_all[PH_EQ_MAX_PLAYERS];
    const int *members[PH_EQ_MAX_PLAYERS];
    uint32_t group_mask[PH_EQ_MAX_PLAYERS]; /* bit p: player p is in group g */
    /* Without a rank pass to reuse: removed + g * PH_EQ_FULL_BOARDS counts, per rank
     * multiset of the full board, the boards a correction scored for group g with the
     * flushes they allow (the rank pass then leaves them out for that group, instead
     * of the correction taking their rank-only score back); times: the suits whose
     * correction the current one stands for (itself and its twins). NULL: the
     * correction takes the rank-only scores back. Row n_groups: the boards marked
     * for every group at once (one mark instead of one per group). */
    int32_t *removed;
    int times;
    /* With the marks: every full board rank multiset's rank-only values, worked out
     * once (values + number * stride: the players' highs, then their lows when hilo),
     * read by the corrections' boards instead of valued again. */
    uint32_t *values;
    int stride;
    /* With the values: per full board rank multiset, the best rank-only high of any
     * player (after the values, in the same block). */
    uint32_t *top;
    /* A group's score on a board depends only on which of its members hold its best
     * high (and its best low), so the boards' multiplicities are summed per group and
     * sets of those members (tally[g][mask], bit i member i holds the best high, bit
     * k + i the best low of k members), and each is scored once when the walk's
     * counts are final (ph_eq_tally_flush): ph_eq_score is linear in the
     * multiplicity, so the same integers. NULL: scored board by board (too many
     * players for the room). */
    int64_t *tally[PH_EQ_MAX_PLAYERS];
} ph_eq_flop_walk;

/* The five-card board rank multisets (the last rows of omaha.h's board rows). */
#define PH_EQ_FULL_BOARDS 6175
#define PH_EQ_FIRST_FULL_ROW (PH_OMAHA_BOARDS - PH_EQ_FULL_BOARDS)

/* The number (0..6174) of a five-card board's rank multiset, by its rank key: omaha.h's
 * perfect hash of board keys. */
PH_INLINE int ph_eq_full_board(uint32_t board_rank_key)
{
    uint32_t mixed = (board_rank_key * PH_OMAHA_BOARD_MUL) & ((1u << PH_KEY_BITS) - 1);
    return (int)ph_omaha_board_row[ph_omaha_board_offset[mixed >> PH_COL_BITS] + (mixed & ((1u << PH_COL_BITS) - 1))]
           - PH_EQ_FIRST_FULL_ROW;
}

/* Score group g's players on one board (their values among every player's). */
PH_INLINE void ph_eq_score_group(const ph_eq_flop_walk *w, int g, const uint32_t *high, const uint32_t *low,
                                 int64_t mult)
{
    if (w->group_all[g]) {
        ph_eq_score(&w->counts[g], w->n, high, low, mult, 0);
        return;
    }
    uint32_t h[PH_EQ_MAX_PLAYERS], l[PH_EQ_MAX_PLAYERS];
    const int *m = w->members[g];
    int k = w->group_n[g];
    for (int i = 0; i < k; i++) h[i] = high[m[i]];
    if (low)
        for (int i = 0; i < k; i++) l[i] = low[m[i]];
    ph_eq_score(&w->counts[g], k, h, low ? l : NULL, mult, 0);
}

/* Group g's score on one board (low: every player's low, or NULL when high only):
 * tallied by the members holding its best high and those holding its best low (the
 * ties ph_eq_score finds), or scored at once. */
PH_INLINE void ph_eq_tally_group(const ph_eq_flop_walk *w, int g, const uint32_t *high, const uint32_t *low,
                                 int64_t mult)
{
    int64_t *tally = w->tally[g];
    if (!tally) {
        ph_eq_score_group(w, g, high, low, mult);
        return;
    }
    const int *m = w->members[g];
    int k = w->group_n[g];
    uint32_t best = high[m[0]], mask = 1;
    for (int i = 1; i < k; i++) {
        uint32_t v = high[m[i]];
        if (v > best) {
            best = v;
            mask = 1u << i;
        } else if (v == best) {
            mask |= 1u << i;
        }
    }
    if (low) {
        /* Bits k and up: the members holding the best low (none: no low qualifies). */
        uint32_t best_low = 0, low_mask = 0;
        for (int i = 0; i < k; i++) {
            uint32_t v = low[m[i]];
            if (v > best_low) {
                best_low = v;
                low_mask = 1u << i;
            } else if (v && v == best_low) {
                low_mask |= 1u << i;
            }
        }
        mask |= low_mask << k;
    }
    tally[mask] += mult;
}

/* Score the tallied boards into w->counts (each set of best members once, as a
 * showdown where they tie above the others) and empty the tallies. */
static void ph_eq_tally_flush(const ph_eq_flop_walk *w)
{
    for (int g = 0; g < w->n_groups; g++) {
        int64_t *tally = w->tally[g];
        int k = w->group_n[g];
        if (!tally) continue;
        for (uint32_t mask = 1; mask < 1u << (w->hilo ? 2 * k : k); mask++) {
            if (!tally[mask]) continue;
            uint32_t h[PH_EQ_MAX_PLAYERS], l[PH_EQ_MAX_PLAYERS];
            for (int i = 0; i < k; i++) {
                h[i] = mask >> i & 1;
                l[i] = mask >> (k + i) & 1;
            }
            ph_eq_score(&w->counts[g], k, h, w->hilo ? l : NULL, tally[mask], 0);
            tally[mask] = 0;
        }
    }
}

/* The short deck's value of seven cards without a flush, by the sum of their slots'
 * rank bases (shortdeck.h's key, bits 0..18: the suit counters above do not enter
 * its hash). */
PH_INLINE uint32_t ph_eq_sd_rank_lookup(uint32_t rank_key, int order)
{
    uint32_t mixed = (rank_key * PH_SD_HASH_MUL) & ((1u << PH_SD_KEY_BITS) - 1);
    return ph_sd_rank_table[order & 1][ph_sd_row_offset[mixed >> PH_SD_COL_BITS] + (mixed & ((1u << PH_SD_COL_BITS) - 1))];
}

/* Every player's low on a board whose low ranks are board_low (ph_eq_low_bits). */
PH_INLINE void ph_eq_lows(const ph_eq_flop_walk *w, uint32_t board_low, uint32_t *low)
{
    for (int p = 0; p < w->n; p++)
        low[p] = w->omaha ? ph_omaha_low_value[w->hole_low[p] << 8 | board_low] : ph_low_value[w->hole_low[p] | board_low];
}

PH_INLINE void ph_eq_rank_values(const ph_eq_flop_walk *w, uint32_t key, uint32_t ranks, uint32_t *high, uint32_t *low)
{
    if (w->shortdeck) {
        for (int p = 0; p < w->n; p++) high[p] = ph_eq_sd_rank_lookup(key + w->hole_rank_key[p], w->order);
    } else if (w->omaha) {
        const uint16_t *row = ph_omaha_row(key);
        for (int p = 0; p < w->n; p++) high[p] = ph_omaha_pairs(row, w->holes[p], w->n_hole);
    } else {
        if (w->seven)
            for (int p = 0; p < w->n; p++) high[p] = ph_rank7_lookup(key + w->hole_rank_key[p]);
        else
            for (int p = 0; p < w->n; p++) high[p] = ph_rank_lookup(key + w->hole_rank_key[p]);
    }
    if (w->hilo) ph_eq_lows(w, ph_eq_low_bits(ranks), low);
}

/* A multiset of board ranks: the sum of its rank bases, its ranks (bit r), and the
 * number of boards it stands for (the suit choices of each rank's cards). */
typedef struct {
    uint32_t key;
    uint16_t ranks, mult; /* mult: at most 6 * 6 * 4 */
} ph_eq_multiset;

/* Room for the multisets of up to five of the 13 ranks: C(18, 5). */
#define PH_EQ_MULTISETS 8568

/* Append every multiset of `left` more ranks from rank r up (at most avail[q] cards
 * of rank q; room[q]: the cards of ranks q and up) to out[n..]; the new n. */
static int ph_eq_multisets(const int *avail, const int *room, int r, int left, uint32_t key, uint32_t ranks,
                           int mult, ph_eq_multiset *out, int n)
{
    if (left == 0) {
        out[n].key = key;
        out[n].ranks = (uint16_t)ranks;
        out[n].mult = (uint16_t)mult;
        return n + 1;
    }
    if (room[r] < left) return n;
    uint32_t base = ph_rank_base(r);
    n = ph_eq_multisets(avail, room, r + 1, left, key, ranks, mult, out, n);
    for (int c = 1; c <= left && c <= avail[r]; c++)
        n = ph_eq_multisets(avail, room, r + 1, left - c, key + (uint32_t)c * base, ranks | 1u << r,
                            mult * (int)ph_eq_binom[avail[r]][c], out, n);
    return n;
}

/* The multisets of `left` ranks of avail (13 counts), in out; their number. Built rank
 * by rank (every multiset of at most `left` cards of the ranks so far extended by
 * 1, 2... cards of the next), then those of `left` cards kept: a tenth of the work of
 * the recursion's walk down every rank (ph_eq_multisets), which gives the same
 * multisets in another order (their counts are summed: the order does not matter). */
static int ph_eq_all_multisets(const int *avail, int left, ph_eq_multiset *out)
{
    /* At most C(13 + 5, 5) multisets of up to five of the 13 ranks. */
    ph_eq_multiset part[PH_EQ_MULTISETS];
    uint8_t used[PH_EQ_MULTISETS];
    int n = 1, n_out = 0;
    if (left < 0 || left > 5) {
        int room[14];
        room[13] = 0;
        for (int r = 12; r >= 0; r--) room[r] = room[r + 1] + avail[r];
        return ph_eq_multisets(avail, room, 0, left, 0, 0, 1, out, 0);
    }
    part[0].key = 0;
    part[0].ranks = 0;
    part[0].mult = 1;
    used[0] = 0;
    for (int r = 0; r < 13; r++) {
        int end = n, most = avail[r] < left ? avail[r] : left;
        uint32_t base = ph_rank_base(r);
        for (int i = 0; i < end; i++) {
            for (int c = 1; c <= most && used[i] + c <= left; c++) {
                part[n].key = part[i].key + (uint32_t)c * base;
                part[n].ranks = (uint16_t)(part[i].ranks | 1u << r);
                part[n].mult = (uint16_t)(part[i].mult * (int)ph_eq_binom[avail[r]][c]);
                used[n] = (uint8_t)(used[i] + c);
                n++;
            }
        }
    }
    for (int i = 0; i < n; i++)
        if (used[i] == left) out[n_out++] = part[i];
    return n_out;
}

/* The rank pass: every board (key and ranks: the known board's) as rank multisets
 * of the stub's cards (w->avail), scored by ranks alone. */
static void ph_eq_flop_rank_pass(ph_eq_flop_walk *w, int m, uint32_t key, uint32_t ranks, ph_eq_multiset *sets)
{
    uint32_t high[PH_EQ_MAX_PLAYERS], low[PH_EQ_MAX_PLAYERS];
    uint32_t *lows = w->hilo ? low : NULL;
    int n_sets = ph_eq_all_multisets(w->avail, m, sets);
    for (int i = 0; i < n_sets; i++) {
        ph_eq_rank_values(w, key + sets[i].key, ranks | sets[i].ranks, high, low);
        for (int g = 0; g < w->n_groups; g++) {
            ph_eq_tally_group(w, g, high, lows, sets[i].mult);
        }
    }
    ph_eq_tally_flush(w);
}

/* The rank-only values of every board of the rank pass (sets[0..n_sets - 1]), kept in
 * w->values by the board's rank multiset. */
static void ph_eq_flop_values(ph_eq_flop_walk *w, uint32_t key, uint32_t ranks, const ph_eq_multiset *sets, int n_sets)
{
    for (int i = 0; i < n_sets; i++) {
        int number = ph_eq_full_board(key + sets[i].key);
        uint32_t *v = w->values + (size_t)number * (size_t)w->stride, best = 0;
        ph_eq_rank_values(w, key + sets[i].key, ranks | sets[i].ranks, v, v + w->n);
        for (int p = 0; p < w->n; p++) best = v[p] > best ? v[p] : best;
        w->top[number] = best;
    }
}

/* The rank pass after the corrections (w->removed, w->values): each board's rank-only
 * score, for each group, on the boards no correction scored for the group. */
static void ph_eq_flop_rank_pass_marked(ph_eq_flop_walk *w, uint32_t key, const ph_eq_multiset *sets, int n_sets)
{
    for (int i = 0; i < n_sets; i++) {
        int number = ph_eq_full_board(key + sets[i].key);
        const uint32_t *high = w->values + (size_t)number * (size_t)w->stride;
        const int32_t *removed = w->removed + number;
        int64_t left = sets[i].mult - removed[w->n_groups * PH_EQ_FULL_BOARDS];
        for (int g = 0; g < w->n_groups; g++) {
            int64_t mult = left - removed[g * PH_EQ_FULL_BOARDS];
            if (!mult) continue;
            ph_eq_tally_group(w, g, high, w->hilo ? high + w->n : NULL, mult);
        }
    }
    ph_eq_tally_flush(w);
}

/* Bits set in a 13-bit mask (__builtin_popcount without -mpopcnt is a libgcc call). */
PH_INLINE int ph_eq_bit_count(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

/* One board of a correction scored with the flushes it allows (made: each player's
 * flush of the suited cards, 0 for none) in place of its rank-only score (the board's
 * rank key and ranks; number: its full board rank multiset, with w->values). */
PH_INLINE void ph_eq_flop_correct_board(ph_eq_flop_walk *w, uint32_t board_key, uint32_t board_ranks, int number,
                                        int64_t mult, const uint32_t *made)
{
    uint32_t own_high[PH_EQ_MAX_PLAYERS], own_low[PH_EQ_MAX_PLAYERS], flush[PH_EQ_MAX_PLAYERS];
    const uint32_t *high = own_high, *lows = w->hilo ? own_low : NULL;
    int changed = 0;
    if (w->values) {
        high = w->values + (size_t)number * (size_t)w->stride;
        lows = w->hilo ? high + w->n : NULL;
    } else {
        ph_eq_rank_values(w, board_key, board_ranks, own_high, own_low);
    }
    for (int p = 0; p < w->n; p++) {
        flush[p] = made[p] > high[p] ? made[p] : high[p];
        changed |= flush[p] != high[p];
    }
    if (!changed) return;
    for (int g = 0; g < w->n_groups; g++) {
        if (!w->group_all[g]) {
            /* Only a flush of the group's own players changes its score. */
            int own = 0;
            for (int q = 0; q < w->group_n[g] && !own; q++) own = flush[w->members[g][q]] != high[w->members[g][q]];
            if (!own) continue;
        }
        ph_eq_tally_group(w, g, flush, lows, mult);
        if (w->removed)
            w->removed[g * PH_EQ_FULL_BOARDS + number] += (int32_t)(mult * w->times);
        else
            ph_eq_tally_group(w, g, high, lows, -mult);
    }
}

/* The correction of suit w->suit: every board with at least w->need cards of the suit
 * (the suited cards a set of its stub ranks, the others rank multisets of w->avail:
 * the stub's cards outside the suit), scored with the flushes it allows in place of
 * its rank-only score. A flush's value depends on the suited cards alone: worked out
 * once per set of them. */
static void ph_eq_flop_correct(ph_eq_flop_walk *w, int m, uint32_t key, uint32_t ranks, ph_eq_multiset *sets)
{
    uint32_t made[PH_EQ_MAX_PLAYERS];
    int s = w->suit, first[7], pos[13], n_avail = 0;
    /* The other cards' multisets, by how many: sets[first[j]..first[j + 1] - 1] hold j. */
    first[0] = 0;
    for (int j = 0; j <= m - w->need; j++) first[j + 1] = first[j] + ph_eq_all_multisets(w->avail, j, sets + first[j]);
    uint32_t avail = w->suit_avail;
    for (uint32_t b = avail; b; b &= b - 1) pos[n_avail++] = ph_ctz64(b);
    /* The ranks (and their key) of a set of indices into pos, by its low seven bits
     * and its high six: two look-ups a set instead of a walk of its bits. */
    uint32_t sub_low[128], key_low[128], sub_high[64], key_high[64];
    for (int c = 0; c < 128; c++) {
        sub_low[c] = key_low[c] = 0;
        for (int i = 0; i < 7 && i < n_avail; i++)
            if (c >> i & 1) {
                sub_low[c] |= 1u << pos[i];
                key_low[c] += ph_rank_base(pos[i]);
            }
    }
    for (int c = 0; c < 64; c++) {
        sub_high[c] = key_high[c] = 0;
        for (int i = 0; i < 6 && i + 7 < n_avail; i++)
            if (c >> i & 1) {
                sub_high[c] |= 1u << pos[i + 7];
                key_high[c] += ph_rank_base(pos[i + 7]);
            }
    }
    /* Seven-card Hold'em (the short deck's too) or Omaha (two hole cards and three of
     * the board), with the marks: only suit s can flush (another suit would need three
     * of the other board cards), so on a board where every player's rank-only high is
     * below every flush made of s (w->top: nobody holds a full house or four of a
     * kind that beats one; on an unpaired board nobody holds either), whoever makes a
     * flush beats everyone who does not: a group's high there is its members' flushes
     * alone (made, 0 for the others), the same on every such board of the set of
     * suited cards, and its low depends on the board's low ranks alone. Those boards
     * are only marked one by one and scored once per set of low ranks (once when high
     * only), their multiplicities summed (the counts are linear in the multiplicity:
     * the same integers). */
    int below_fast = w->values && (w->seven || w->omaha);
    /* With a low, the boards summed by their low ranks; touched: the buckets in use,
     * emptied after each set of suited cards. */
    int64_t bucket[256];
    uint8_t touched[256];
    memset(bucket, 0, sizeof bucket);
    /* Only the sets of k suited cards with need <= k <= m make a flush possible: they
     * are walked as k-subsets of avail's ranks (Gosper's next combination of the
     * indices into pos), not as every subset. */
    for (int k = w->need; k <= m && k <= n_avail; k++) {
        uint32_t comb = k ? (1u << k) - 1 : 0;
        for (;;) {
            uint32_t sub = sub_low[comb & 127] | sub_high[comb >> 7];
            uint32_t board = w->board_suit[s] | sub, sub_key = key_low[comb & 127] + key_high[comb >> 7];
            int n_board = w->board_suit_n[s] + k, any = 0;
            for (int p = 0; p < w->n; p++) {
                made[p] = 0;
                if (w->omaha) {
                    if (w->hole_suit_n[p][s] >= 2 && n_board >= 3) made[p] = ph_omaha_flush_value(w->hole_suit[p][s], board);
                } else if (w->hole_suit_n[p][s] + n_board >= 5) {
                    /* With at most seven cards a flush beats every hand of ranks alone
                     * (the short deck's too: its flush beats a full house, and seven
                     * cards hold no flush with four of a kind). */
                    made[p] = w->flush_table[w->hole_suit[p][s] | board];
                }
                any |= made[p] != 0;
            }
            /* least: the weakest flush made; mine[g]: a member of group g makes one. */
            uint32_t taken = ranks | sub, least = UINT32_MAX;
            for (int p = 0; p < w->n; p++)
                if (made[p] && made[p] < least) least = made[p];
            int fast = any && below_fast;
            int mine[PH_EQ_MAX_PLAYERS], n_touched = 0, every = 1;
            int64_t summed = 0; /* high only: the boards summed */
            if (fast) {
                uint32_t flushing = 0; /* bit p: player p makes a flush */
                for (int p = 0; p < w->n; p++) flushing |= (uint32_t)(made[p] != 0) << p;
                for (int g = 0; g < w->n_groups; g++) {
                    mine[g] = (flushing & w->group_mask[g]) != 0;
                    every &= mine[g];
                }
            }
            if (!any) {
                /* no flush on any board of this set of suited cards */
            } else if (fast && !w->hilo) {
                /* High only, the boards below every flush made: marked and summed in a
                 * loop of its own (most boards of a correction are such). */
                int32_t *marks[PH_EQ_MAX_PLAYERS + 1];
                int n_marks = 0;
                if (every) {
                    marks[n_marks++] = w->removed + w->n_groups * PH_EQ_FULL_BOARDS;
                } else {
                    for (int g = 0; g < w->n_groups; g++)
                        if (mine[g]) marks[n_marks++] = w->removed + g * PH_EQ_FULL_BOARDS;
                }
                /* No mark when no group holds a flush-maker (a flush by a player
                 * outside every group): the boards are only counted. */
                const uint32_t *top = w->top;
                uint32_t board_key = key + sub_key;
                int32_t times = w->times, *mark = n_marks ? marks[0] : NULL;
                for (int i = first[m - k]; i < first[m - k + 1]; i++) {
                    int number = ph_eq_full_board(board_key + sets[i].key);
                    int64_t mult = sets[i].mult;
                    if (top[number] < least) {
                        if (mark) mark[number] += (int32_t)(mult * times);
                        for (int t = 1; t < n_marks; t++) marks[t][number] += (int32_t)(mult * times);
                        summed += mult;
                    } else {
                        ph_eq_flop_correct_board(w, board_key + sets[i].key, taken | sets[i].ranks, number, mult, made);
                    }
                }
            } else {
                for (int i = first[m - k]; i < first[m - k + 1]; i++) {
                    int64_t mult = sets[i].mult;
                    int number = 0;
                    if (w->values) number = ph_eq_full_board(key + sub_key + sets[i].key);
                    if (fast && w->top[number] < least) {
                        if (every) {
                            w->removed[w->n_groups * PH_EQ_FULL_BOARDS + number] += (int32_t)(mult * w->times);
                        } else {
                            for (int g = 0; g < w->n_groups; g++)
                                if (mine[g]) w->removed[g * PH_EQ_FULL_BOARDS + number] += (int32_t)(mult * w->times);
                        }
                        if (w->hilo) {
                            uint32_t b = ph_eq_low_bits(taken | sets[i].ranks);
                            if (!bucket[b]) touched[n_touched++] = (uint8_t)b;
                            bucket[b] += mult;
                        } else {
                            summed += mult;
                        }
                        continue;
                    }
                    ph_eq_flop_correct_board(w, key + sub_key + sets[i].key, taken | sets[i].ranks, number, mult, made);
                }
            }
            if (summed)
                for (int g = 0; g < w->n_groups; g++)
                    if (mine[g]) ph_eq_tally_group(w, g, made, NULL, summed);
            for (int t = 0; t < n_touched; t++) {
                uint32_t lows[PH_EQ_MAX_PLAYERS];
                int b = touched[t];
                ph_eq_lows(w, (uint32_t)b, lows);
                for (int g = 0; g < w->n_groups; g++)
                    if (mine[g]) ph_eq_tally_group(w, g, made, lows, bucket[b]);
                bucket[b] = 0;
            }
            if (!comb) break; /* k = 0: the one empty set */
            uint32_t low_bit = comb & (0u - comb), ripple = comb + low_bit;
            comb = (((ripple ^ comb) >> 2) / low_bit) | ripple;
            if (comb >> n_avail) break;
        }
    }
    ph_eq_tally_flush(w);
}

/* Room for the tallies of ph_eq_exact_flop_groups (int64 each: 8 KB): every group's
 * sets of members, 2^group_n[g] each. */
#define PH_EQ_TALLY_ROOM 1024

/* The counts of one deal with every player's hole known (Hold'em or Omaha). When
 * rank_counts is given and *rank_done, the rank pass is taken from it (the caller
 * knows that the holes' ranks and the stub's ranks are the same as last time);
 * otherwise it is computed and stored there. */
static void ph_eq_exact_flop_groups(const ph_eq_setup *s, uint8_t holes[][8], int n_groups, const int *group_n,
                                    const int *const *members, ph_eq_counts *counts, ph_eq_counts *rank_counts,
                                    int rank_done)
{
    ph_eq_flop_walk w;
    uint64_t used = 0;
    uint32_t key = 0, ranks = 0;
    int m = s->board_size - s->n_board;
    memset(&w, 0, sizeof w);
    memset(counts, 0, sizeof *counts * (size_t)n_groups);
    w.n_groups = n_groups;
    for (int g = 0; g < n_groups; g++) {
        w.group_n[g] = group_n[g];
        w.members[g] = members[g];
        int all = group_n[g] == s->n_players;
        for (int i = 0; i < group_n[g] && all; i++) all = members[g][i] == i;
        w.group_all[g] = all;
        for (int i = 0; i < group_n[g]; i++) w.group_mask[g] |= 1u << members[g][i];
    }
    w.n = s->n_players;
    w.n_hole = s->hole_size;
    w.omaha = s->game == PH_EQ_OMAHA;
    w.hilo = s->hilo;
    w.seven = !w.omaha && w.n_hole + s->board_size == 7;
    w.shortdeck = s->game == PH_EQ_SHORTDECK;
    w.order = s->order;
    w.flush_table = w.shortdeck ? ph_sd_flush_table : ph_flush_table;
    /* The tallies of the sets of best members: room for groups of up to eight players
     * at once (four with a low); beyond, each board scored as it comes. */
    int64_t tally_room[PH_EQ_TALLY_ROOM];
    int tally_n = 0, bits = w.hilo ? 2 : 1; /* a set of best highs, and with a low one of best lows */
    for (int g = 0; g < n_groups; g++) tally_n += 1 << (bits * group_n[g]);
    if (tally_n <= PH_EQ_TALLY_ROOM) {
        memset(tally_room, 0, sizeof tally_room[0] * (size_t)tally_n);
        for (int g = 0, at = 0; g < n_groups; at += 1 << (bits * group_n[g]), g++) w.tally[g] = tally_room + at;
    }
    /* The short deck's cards 16..51 walked as 0..35: ranks as slots 0..8. */
    int shift = w.shortdeck ? 16 : 0;
    if (w.omaha) ph_omaha_prepare();
    for (int p = 0; p < w.n; p++) {
        w.holes[p] = holes[p];
        for (int i = 0; i < w.n_hole; i++) {
            int card = holes[p][i] - shift, r = card >> 2, suit = card & 3;
            used |= 1ULL << holes[p][i];
            w.hole_rank_key[p] += ph_rank_base(r);
            w.hole_low[p] |= ph_eq_low_bits(1u << r);
            w.hole_suit[p][suit] |= 1u << r;
            w.hole_suit_n[p][suit]++;
        }
    }
    for (int i = 0; i < s->n_board; i++) {
        int card = s->board[i] - shift;
        key += ph_rank_base(card >> 2);
        ranks |= 1u << (card >> 2);
        w.board_suit[card & 3] |= 1u << (card >> 2);
        w.board_suit_n[card & 3]++;
    }
    /* The stub minus the range players' cards. */
    int stub_rank[13] = {0};
    uint32_t stub_suit[4] = {0};
    ph_eq_multiset sets[PH_EQ_MULTISETS];
    for (int i = 0; i < s->n_stub; i++) {
        int card = s->stub[i];
        if (used >> card & 1) continue;
        card -= shift;
        stub_rank[card >> 2]++;
        stub_suit[card & 3] |= 1u << (card >> 2);
    }
    /* With no rank pass to keep, the corrections come first and mark the boards they
     * scored (w.removed); without the room for the marks, the corrections take the
     * rank-only scores back. */
    ph_eq_multiset *rank_sets = NULL;
    int n_rank = 0;
    if (!rank_counts && m == s->board_size) {
        w.stride = w.n * (w.hilo ? 2 : 1);
        w.removed = (int32_t *)calloc((size_t)(n_groups + 1) * PH_EQ_FULL_BOARDS, sizeof(int32_t));
        w.values = (uint32_t *)malloc(sizeof(uint32_t) * PH_EQ_FULL_BOARDS * (size_t)(w.stride + 1));
        w.top = w.values ? w.values + (size_t)PH_EQ_FULL_BOARDS * (size_t)w.stride : NULL;
        rank_sets = (ph_eq_multiset *)malloc(sizeof(ph_eq_multiset) * PH_EQ_MULTISETS);
        if (!w.removed || !w.values || !rank_sets) {
            free(w.removed);
            free(w.values);
            free(rank_sets);
            w.removed = NULL;
            w.values = NULL;
            w.top = NULL;
            rank_sets = NULL;
        }
    }
    if (w.removed) {
        /* The rank pass's boards valued first; scored after the corrections. */
        n_rank = ph_eq_all_multisets(stub_rank, m, rank_sets);
        ph_eq_flop_values(&w, key, ranks, rank_sets, n_rank);
    } else if (rank_counts && rank_done) {
        memcpy(counts, rank_counts, sizeof *counts * (size_t)n_groups);
    } else {
        w.suit = -1;
        w.need = 0;
        w.counts = counts;
        memcpy(w.avail, stub_rank, sizeof w.avail);
        ph_eq_flop_rank_pass(&w, m, key, ranks, sets);
        if (rank_counts) memcpy(rank_counts, counts, sizeof *counts * (size_t)n_groups);
    }
    /* Two suits that look alike (same ranks in every hand, on the board and in the
     * stub) have the same correction: swapping them maps the deal to itself (and each
     * group's count with it). A correction's boards are those on which some player can
     * make a flush of its suit: a superset of those of any group's players, and a
     * group's score changes only where one of its own players' does. */
    ph_eq_counts correction[4][PH_EQ_MAX_PLAYERS];
    int twin[4], times[4] = {1, 1, 1, 1};
    for (int suit = 0; suit < 4; suit++) {
        twin[suit] = -1;
        for (int t = 0; t < suit && twin[suit] < 0; t++) {
            int same = w.board_suit[t] == w.board_suit[suit] && stub_suit[t] == stub_suit[suit];
            for (int p = 0; p < w.n && same; p++) same = w.hole_suit[p][t] == w.hole_suit[p][suit];
            if (same) twin[suit] = t;
        }
        if (twin[suit] >= 0) times[twin[suit]]++; /* its boards' rank multisets, marked once more */
    }
    for (int suit = 0; suit < 4; suit++) {
        int need;
        memset(correction[suit], 0, sizeof correction[suit][0] * (size_t)n_groups);
        if (twin[suit] >= 0) {
            for (int g = 0; g < n_groups; g++) {
                correction[suit][g] = correction[twin[suit]][g];
                ph_eq_counts_add(&counts[g], &correction[suit][g], w.group_n[g]);
            }
            continue;
        }
        if (w.omaha) {
            int holds = 0;
            for (int p = 0; p < w.n; p++) holds |= w.hole_suit_n[p][suit] >= 2;
            if (!holds) continue;
            need = 3 - w.board_suit_n[suit];
        } else {
            int most = 0;
            for (int p = 0; p < w.n; p++) most = w.hole_suit_n[p][suit] > most ? w.hole_suit_n[p][suit] : most;
            need = 5 - most - w.board_suit_n[suit];
        }
        if (need > m) continue;
        w.suit = suit;
        w.need = need > 0 ? need : 0;
        w.suit_avail = stub_suit[suit];
        for (int r = 0; r < 13; r++) w.avail[r] = stub_rank[r] - (int)(stub_suit[suit] >> r & 1);
        w.counts = correction[suit];
        w.times = times[suit];
        ph_eq_flop_correct(&w, m, key, ranks, sets);
        for (int g = 0; g < n_groups; g++) ph_eq_counts_add(&counts[g], &correction[suit][g], w.group_n[g]);
    }
    if (w.removed) {
        w.counts = counts;
        ph_eq_flop_rank_pass_marked(&w, key, rank_sets, n_rank);
        free(w.removed);
        free(w.values);
        free(rank_sets);
    }
}

/* ph_eq_exact_flop_groups with one group, every player. */
static void ph_eq_exact_flop(const ph_eq_setup *s, uint8_t holes[][8], ph_eq_counts *counts, ph_eq_counts *rank_counts,
                             int rank_done)
{
    static const int everyone[PH_EQ_MAX_PLAYERS] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    const int *members[1] = {everyone};
    int n = s->n_players;
    ph_eq_exact_flop_groups(s, holes, 1, &n, members, counts, rank_counts, rank_done);
}

/* Weighted sums over deals whose range players' hands are given (Hold'em, short
 * deck, Omaha): row t of `holes` (n_players x hole_size cards) has weight
 * weights[t]; out[0] = weighted deals, then per player 5 sums (win, tie, share,
 * high, low) weighted; *deals counts the showdowns. Rows with equal hole ranks
 * should be adjacent: the rank pass is reused between them. */
static void ph_eq_exact_rows(const ph_eq_setup *s, const uint8_t *holes, const double *weights, size_t n_rows,
                             double *out, int64_t *deals)
{
    ph_eq_counts counts, rank_counts;
    uint8_t row_holes[PH_EQ_MAX_PLAYERS][8], last_ranks[PH_EQ_MAX_PLAYERS * 8];
    int n = s->n_players, width = s->hole_size, have_last = 0;
    memset(row_holes, 0, sizeof row_holes);
    for (size_t t = 0; t < n_rows; t++) {
        uint8_t ranks[PH_EQ_MAX_PLAYERS * 8];
        const uint8_t *row = holes + t * (size_t)(n * width);
        for (int p = 0; p < n; p++)
            for (int i = 0; i < width; i++) row_holes[p][i] = row[p * width + i];
        for (int i = 0; i < n * width; i++) ranks[i] = row[i] >> 2;
        int same = have_last && memcmp(ranks, last_ranks, (size_t)(n * width)) == 0, next_same = 0;
        /* The rank pass is kept only for a next row with the same ranks (without one,
         * the walk needs no rank pass of its own: ph_eq_exact_flop_groups). */
        if (!same && t + 1 < n_rows) {
            const uint8_t *next = row + n * width;
            next_same = 1;
            for (int i = 0; i < n * width && next_same; i++) next_same = next[i] >> 2 == ranks[i];
        }
        /* The short deck too (Hold'em's walk of board ranks, valued by its own
         * tables): 201,376 boards heads-up before the flop cost ~100 M instructions
         * one by one. */
        ph_eq_exact_flop(s, row_holes, &counts, same || next_same ? &rank_counts : NULL, same);
        memcpy(last_ranks, ranks, (size_t)(n * width));
        have_last = 1;
        double weight = weights[t];
        *deals += counts.deals;
        out[0] += weight * (double)counts.deals;
        for (int p = 0; p < n; p++) {
            double *o = out + 1 + 5 * p;
            o[0] += weight * (double)counts.win[p];
            o[1] += weight * (double)counts.tie[p];
            o[2] += weight * (double)counts.share[p];
            o[3] += weight * (double)counts.high[p];
            o[4] += weight * (double)counts.low[p];
        }
    }
}

#endif

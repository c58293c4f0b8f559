/* Omaha high evaluator: exactly two of 4, 5 or 6 hole cards with exactly three of
 * 3, 4 or 5 board cards (RULES.md §3). Strength 1..7462 as in high.h.
 *
 * Without a flush a five-card value depends only on ranks, so the best non-flush
 * hand is max over the hole rank pairs of table[board rank multiset][pair], where
 * an entry already holds the best over the board's three-card subsets. The table
 * (8,450 boards x 91 pairs, 1.5 MB, zero-initialised memory: nothing in the
 * shared library) is built in C on first use from the high evaluator (see
 * csrc/gen/omaha_tables.py) in about 4 ms, each larger board's row from its
 * smaller sub-boards' rows; a hand then costs one hash of the board's rank key
 * and one load per hole pair (6, 10 or 15), all in one 182-byte row.
 *
 * At most one suit can make a flush: with five board cards only one suit has three
 * of them. The best flush with two given hole ranks sets and three board ones is
 * their top two plus top three (each k-th highest card is then as high as it can
 * be), unless a straight flush, rarer still, beats it.
 *
 * Cards must be distinct and in 0..51; anything else reads inside the tables and
 * returns some value (check=False callers get garbage, never a crash).
 */
#ifndef PH_OMAHA_H
#define PH_OMAHA_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "high.h"
#include "batch.h"
#include "omaha_tables.h"

/* The table is written once, then only read; "ready" is published with release
 * order so that a thread that sees it also sees the table. Two threads racing to
 * build it write identical values. */
#if defined(_MSC_VER) && !defined(__clang__)
#define PH_LOAD_ACQUIRE(p) _InterlockedOr((volatile long *)(p), 0)
#define PH_STORE_RELEASE(p, v) _InterlockedExchange((volatile long *)(p), (v))
#else
#define PH_LOAD_ACQUIRE(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define PH_STORE_RELEASE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#endif

static uint16_t ph_omaha_table[PH_OMAHA_BOARDS * PH_OMAHA_PAIRS];
static long ph_omaha_table_ready;

PH_INLINE uint32_t ph_rank_base(int rank) { return (uint32_t)ph_card_key[4 * rank]; }

PH_INLINE const uint16_t *ph_omaha_row(uint32_t board_rank_key)
{
    uint32_t mixed = (board_rank_key * PH_OMAHA_BOARD_MUL) & ((1u << PH_KEY_BITS) - 1);
    uint16_t row = ph_omaha_board_row[ph_omaha_board_offset[mixed >> PH_COL_BITS] + (mixed & ((1u << PH_COL_BITS) - 1))];
    return ph_omaha_table + (size_t)row * PH_OMAHA_PAIRS;
}

/* Fill the row of one board (ranks sorted ascending, n = 3, 4 or 5). A larger board's
 * rows of its one-card-smaller sub-boards must be filled already: every three-card
 * subset of the board lies in one of them. Impossible hands (five of a rank) get 0. */
static void ph_omaha_fill_row(const int *ranks, int n)
{
    int count[13] = {0};
    uint32_t key = 0;
    const uint16_t *sub_rows[5];
    int n_subs = 0;
    for (int i = 0; i < n; i++) {
        count[ranks[i]]++;
        key += ph_rank_base(ranks[i]);
    }
    for (int i = 0; i < n && n > 3; i++)
        if (i == 0 || ranks[i] != ranks[i - 1]) sub_rows[n_subs++] = ph_omaha_row(key - ph_rank_base(ranks[i]));
    uint16_t *row = (uint16_t *)ph_omaha_row(key);
    for (int p = 0; p < PH_OMAHA_PAIRS; p++) {
        int a = ph_omaha_pair_ranks[2 * p], b = ph_omaha_pair_ranks[2 * p + 1];
        uint16_t best = 0;
        count[a]++;
        count[b]++;
        if (count[a] <= 4 && count[b] <= 4) {
            if (n == 3) best = ph_rank_lookup(key + ph_rank_base(a) + ph_rank_base(b));
            for (int s = 0; s < n_subs; s++)
                if (sub_rows[s][p] > best) best = sub_rows[s][p];
        }
        count[a]--;
        count[b]--;
        row[p] = best;
    }
}

/* Every board of n cards with ranks >= first after ranks[0..depth-1], in order. */
static void ph_omaha_fill_boards(int *ranks, int depth, int first, int n)
{
    if (depth == n) {
        if (!(n == 5 && ranks[0] == ranks[4])) ph_omaha_fill_row(ranks, n);
        return;
    }
    for (int r = first; r < 13; r++) {
        ranks[depth] = r;
        ph_omaha_fill_boards(ranks, depth + 1, r, n);
    }
}

static void ph_omaha_prepare(void)
{
    int ranks[5];
    if (PH_LOAD_ACQUIRE(&ph_omaha_table_ready)) return;
    for (int n = 3; n <= 5; n++) ph_omaha_fill_boards(ranks, 0, 0, n);
    PH_STORE_RELEASE(&ph_omaha_table_ready, 1);
}

/* The k highest set bits of x (all of x if it has fewer). */
PH_INLINE uint32_t ph_top_bits(uint32_t x, int k)
{
    while (ph_popcount32(x) > k) x &= x - 1;
    return x;
}

/* Best flush of one suit from its hole ranks (two of them play) and board ranks
 * (three play); the two sets are disjoint. */
static uint16_t ph_omaha_flush_value(uint32_t hole, uint32_t board)
{
    uint32_t all = hole | board;
    /* Bit r of runs: ranks r..r+4 all present; 0x100F is the wheel A-2-3-4-5. */
    uint32_t runs = all & all >> 1 & all >> 2 & all >> 3 & all >> 4;
    if (runs || (all & 0x100F) == 0x100F) {
        for (int low = 8; low >= -1; low--) {
            uint32_t straight = low >= 0 ? 0x1Fu << low : 0x100Fu;
            if ((all & straight) == straight && ph_popcount32(hole & straight) == 2) return ph_flush_table[straight];
        }
    }
    return ph_flush_table[ph_top_bits(hole, 2) | ph_top_bits(board, 3)];
}

/* Requires ph_omaha_prepare() to have run. */
PH_INLINE uint16_t ph_omaha_evaluate(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board)
{
    uint64_t board_key = 0, hole_key = 0;
    uint16_t best = 0;
    for (int i = 0; i < n_board; i++) board_key += ph_card_key[board[i]];
    for (int i = 0; i < n_hole; i++) hole_key += ph_card_key[hole[i]];
    const uint16_t *row = ph_omaha_row((uint32_t)board_key);
    for (int i = 0; i < n_hole; i++) {
        const uint8_t *columns = ph_omaha_card_pair_column + ((hole[i] & 63) << 6);
        for (int j = i + 1; j < n_hole; j++) {
            uint16_t value = row[columns[hole[j] & 63]];
            best = value > best ? value : best;
        }
    }
    /* Suit counters (bits 32..47, 4 per suit): bit 3 of a nibble is set once the
     * board has 3 (3 + 5 = 8) and the hole 2 (2 + 6 = 8) cards of that suit. */
    uint32_t flush_suits = (uint32_t)(((board_key >> 32) + 0x5555) & ((hole_key >> 32) + 0x6666) & 0x8888);
    if (flush_suits) {
        int shift = 16 * (ph_ctz64(flush_suits) >> 2);
        uint64_t hole_mask = 0, board_mask = 0;
        for (int i = 0; i < n_board; i++) board_mask |= ph_card_mask[board[i]];
        for (int i = 0; i < n_hole; i++) hole_mask |= ph_card_mask[hole[i]];
        uint16_t flush = ph_omaha_flush_value((uint32_t)(hole_mask >> shift) & 0x1FFF, (uint32_t)(board_mask >> shift) & 0x1FFF);
        best = flush > best ? flush : best;
    }
    return best;
}

/* Hole rows of 4..6 and board rows of 3..5 cards; validated when check (see
 * PH_ROWS_LOOP in batch.h). Returns the first bad row or -1. */
static ptrdiff_t ph_omaha_evaluate_batch(const uint8_t *holes, int n_hole, const uint8_t *boards, int n_board,
                                         size_t n_rows, int check, uint16_t *out)
{
    ph_omaha_prepare();
    switch (n_hole * 10 + n_board) {
    PH_PAIRED_CASES(ph_omaha_evaluate);
    default: break;
    }
    return -1;
}

#endif

/* Omaha high evaluator: exactly two of 4, 5 or 6 hole cards with exactly three of
 * 3, 4 or 5 board cards (rules: Games that pick five cards from more). Strength 1..7462 as in high.h.
 *
 * Without a flush a five-card value depends only on ranks, so the best non-flush
 * hand is max over the hole rank pairs of table[board rank multiset][pair], where
 * an entry already holds the best over the board's three-card subsets. The table
 * (8,450 boards x 91 pairs, 1.5 MB, zero-initialised memory: nothing in the
 * shared library) is built in C on first use from the high evaluator (see
 * csrc/gen/omaha_tables.py) in about 4 ms, each larger board's row from its
 * smaller sub-boards' rows; a hand then costs one hash of the board's rank key
 * and two loads per hole pair (6, 10 or 15): its column (one table indexed by
 * the two cards, so no rank is computed) and its value in one 182-byte row.
 *
 * The batch loop sums and hashes a group of boards first, prefetching their rows,
 * then evaluates the group's deals (on x86-64 summing each card's key and mask bit
 * in one SSE2 add, so that the flush suits are one AND of two sums), then the
 * flushes of the deals that have a flush suit.
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

/* On x86-64 (SSE2 is baseline there) the batch sums each card's key and mask bit
 * in one 128-bit add: high.h's ph_card_entry. */
#ifdef PH_HIGH_SSE2
#define PH_OMAHA_SSE2 1
#endif

static void ph_omaha_prepare(void)
{
    int ranks[5];
    if (PH_LOAD_ACQUIRE(&ph_omaha_table_ready)) return;
    for (int n = 3; n <= 5; n++) ph_omaha_fill_boards(ranks, 0, 0, n);
    PH_STORE_RELEASE(&ph_omaha_table_ready, 1);
}

/* The highest set bit of x (0 if none): one bit scan, no popcount (which is a
 * library call on baseline x86-64). */
#if defined(_MSC_VER) && !defined(__clang__)
PH_INLINE uint32_t ph_top_bit(uint32_t x)
{
    unsigned long index;
    return _BitScanReverse(&index, x) ? 1u << index : 0;
}
#else
PH_INLINE uint32_t ph_top_bit(uint32_t x) { return x ? 0x80000000u >> __builtin_clz(x) : 0; }
#endif

/* The two or three highest set bits of x (all of x if it has fewer). */
PH_INLINE uint32_t ph_top2_bits(uint32_t x)
{
    uint32_t first = ph_top_bit(x);
    return first | ph_top_bit(x ^ first);
}

PH_INLINE uint32_t ph_top3_bits(uint32_t x)
{
    uint32_t two = ph_top2_bits(x);
    return two | ph_top_bit(x ^ two);
}

/* Out of line: what the common path rarely runs then keeps no register. */
#if defined(_MSC_VER) && !defined(__clang__)
#define PH_OMAHA_NOINLINE __declspec(noinline)
#else
#define PH_OMAHA_NOINLINE __attribute__((noinline))
#endif

/* The best straight flush with exactly two hole ranks among `all` = hole | board
 * ranks of one suit, or 0. */
static PH_OMAHA_NOINLINE uint16_t ph_omaha_straight_flush(uint32_t hole, uint32_t all)
{
    for (int low = 8; low >= -1; low--) {
        uint32_t straight = low >= 0 ? 0x1Fu << low : 0x100Fu;
        uint32_t held = hole & straight, rest = held & (held - 1);
        /* Exactly two of the straight's ranks from the hole: one left without the lowest. */
        if ((all & straight) == straight && rest && !(rest & (rest - 1))) return ph_flush_table[straight];
    }
    return 0;
}

/* Best flush of one suit from its hole ranks (two of them play) and board ranks
 * (three play); the two sets are disjoint. */
PH_INLINE uint16_t ph_omaha_flush_value(uint32_t hole, uint32_t board)
{
    uint32_t all = hole | board;
    /* Bit r of runs: ranks r..r+4 all present; 0x100F is the wheel A-2-3-4-5. */
    uint32_t runs = all & all >> 1 & all >> 2 & all >> 3 & all >> 4;
    if (runs || (all & 0x100F) == 0x100F) {
        uint16_t straight_flush = ph_omaha_straight_flush(hole, all);
        if (straight_flush) return straight_flush;
    }
    return ph_flush_table[ph_top2_bits(hole) | ph_top3_bits(board)];
}

/* Sum of the high evaluator's card keys (rank bases + suit counters from 0). */
PH_INLINE uint64_t ph_omaha_key(const uint8_t *cards, int n)
{
    uint64_t key = 0;
    for (int i = 0; i < n; i++) key += ph_card_key[cards[i]];
    return key;
}

/* Best table value over the hole pairs: one column load and one row load per pair,
 * one running maximum per first card (short dependency chains). The cards are
 * word-sized: spilled as bytes, GCC reloaded them as words, which the CPU cannot
 * forward from the byte store (a PLO6 batch took 14 ns a deal instead of 9). */
PH_INLINE uint32_t ph_omaha_pairs(const uint16_t *row, const uint8_t *hole, int n_hole)
{
    size_t card[6];
    uint32_t best = 0;
    const uint8_t *columns[6];
    for (int i = 0; i < n_hole; i++) {
        card[i] = hole[i];
        columns[i] = ph_omaha_card_pair_column + (card[i] << 6);
    }
    for (int i = 0; i + 1 < n_hole; i++) {
        uint32_t lane = row[columns[i][card[i + 1]]];
        for (int j = i + 2; j < n_hole; j++) {
            uint32_t value = row[columns[i][card[j]]];
            lane = value > lane ? value : lane;
        }
        best = lane > best ? lane : best;
    }
    return best;
}

/* Suit counters (bits 32..47, 4 per suit): bit 3 of a nibble is set once the
 * board has 3 (3 + 5 = 8) and the hole 2 (2 + 6 = 8) cards of that suit. */
PH_INLINE uint32_t ph_omaha_flush_suits(uint64_t board_key, uint64_t hole_key)
{
    return (uint32_t)(((board_key >> 32) + 0x5555) & ((hole_key >> 32) + 0x6666) & 0x8888);
}

/* Cards' ph_card_mask bits OR-ed: each suit's ranks at bits 16 * suit. */
PH_INLINE uint64_t ph_omaha_mask(const uint8_t *cards, int n)
{
    uint64_t mask = 0;
    for (int i = 0; i < n; i++) mask |= ph_card_mask[cards[i]];
    return mask;
}

/* The best flush of the suit whose bit is set in flush_suits (ph_omaha_flush_suits)
 * from the hole's and the board's card masks. */
PH_INLINE uint32_t ph_omaha_flush(uint32_t flush_suits, uint64_t hole_mask, uint64_t board_mask)
{
    int shift = 16 * (ph_ctz64(flush_suits) >> 2);
    return ph_omaha_flush_value((uint32_t)(hole_mask >> shift) & 0x1FFF, (uint32_t)(board_mask >> shift) & 0x1FFF);
}

/* Requires ph_omaha_prepare() to have run. The hole pairs' best without a flush,
 * or the flush of the suit in the flush suits if there is one. */
PH_INLINE uint16_t ph_omaha_evaluate(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board)
{
    uint64_t board_key = ph_omaha_key(board, n_board);
    uint32_t best = ph_omaha_pairs(ph_omaha_row((uint32_t)board_key), hole, n_hole);
    uint32_t flush_suits = ph_omaha_flush_suits(board_key, ph_omaha_key(hole, n_hole));
    if (flush_suits) {
        uint32_t flush = ph_omaha_flush(flush_suits, ph_omaha_mask(hole, n_hole), ph_omaha_mask(board, n_board));
        best = flush > best ? flush : best;
    }
    return (uint16_t)best;
}

/* A board's sums and row. On x86-64 the sums are of ph_card_entry (key and card
 * masks; the key's suit counters start at 5 as in ph_omaha_flush_suits, the masks'
 * sum at PH_OUTSIDE_BIT) and `any` is the OR of the entries; elsewhere the key. */
typedef struct {
#ifdef PH_OMAHA_SSE2
    __m128i sum, any;
#else
    uint64_t key;
#endif
    const uint16_t *row;
} ph_omaha_board_sums;

PH_INLINE ph_omaha_board_sums ph_omaha_board(const uint8_t *board, int n_board)
{
    ph_omaha_board_sums b;
#ifdef PH_OMAHA_SSE2
    b.any = ph_card_entry(board[0]);
    b.sum = _mm_add_epi64(b.any, _mm_set_epi64x((long long)PH_OUTSIDE_BIT, 0x5555LL << 32));
    for (int i = 1; i < n_board; i++) {
        __m128i entry = ph_card_entry(board[i]);
        b.sum = _mm_add_epi64(b.sum, entry);
        b.any = _mm_or_si128(b.any, entry);
    }
    b.row = ph_omaha_row((uint32_t)_mm_cvtsi128_si64(b.sum));
#else
    b.key = ph_omaha_key(board, n_board);
    b.row = ph_omaha_row((uint32_t)b.key);
#endif
    return b;
}

/* A deal's flush suits (ph_omaha_flush_suits); with check, its badness is OR-ed
 * into *bad, which ph_omaha_block_bad reads once per block of rows. */
#ifdef PH_OMAHA_SSE2
typedef __m128i ph_omaha_badness;
#define PH_OMAHA_GOOD _mm_setzero_si128()
/* One 128-bit add per card sums key and mask bits (ph_card_entry): bad rows show
 * in sum ^ or (ph_block_badness). Hole suit counters start at 6, so the flush
 * suits are one AND of the two sums. */
PH_INLINE uint32_t ph_omaha_deal(const ph_omaha_board_sums *b, const uint8_t *hole, int n_hole, const uint8_t *board,
                                 int n_board, int check, ph_omaha_badness *bad)
{
    __m128i hole_or = ph_card_entry(hole[0]);
    __m128i hole_sum = _mm_add_epi64(hole_or, _mm_set_epi64x(0, 0x6666LL << 32));
    (void)board, (void)n_board;
    for (int i = 1; i < n_hole; i++) {
        __m128i entry = ph_card_entry(hole[i]);
        hole_sum = _mm_add_epi64(hole_sum, entry);
        hole_or = _mm_or_si128(hole_or, entry);
    }
    if (check) *bad = _mm_or_si128(*bad, _mm_xor_si128(_mm_add_epi64(hole_sum, b->sum), _mm_or_si128(hole_or, b->any)));
    return (uint32_t)((uint64_t)_mm_cvtsi128_si64(_mm_and_si128(hole_sum, b->sum)) >> 32) & 0x8888;
}
PH_INLINE int ph_omaha_block_bad(ph_omaha_badness bad) { return ph_block_badness(bad) != 0; }
#define PH_PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#else
typedef uint64_t ph_omaha_badness;
#define PH_OMAHA_GOOD 0
PH_INLINE uint32_t ph_omaha_deal(const ph_omaha_board_sums *b, const uint8_t *hole, int n_hole, const uint8_t *board,
                                 int n_board, int check, ph_omaha_badness *bad)
{
    if (check) *bad |= ph_row_badness(hole, n_hole, board, n_board);
    return ph_omaha_flush_suits(b->key, ph_omaha_key(hole, n_hole));
}
PH_INLINE int ph_omaha_block_bad(ph_omaha_badness bad) { return bad != 0; }
#if defined(__GNUC__) || defined(__clang__)
#define PH_PREFETCH(p) __builtin_prefetch(p)
#else
#define PH_PREFETCH(p) ((void)(p))
#endif
#endif

/* Deals per group: the boards of a group are summed and their rows prefetched
 * before its hands are evaluated, so that the rows (in the 1.5 MB table, which
 * other processes on a loaded machine push out of the caches) are on their way
 * 32 deals ahead; a PLO6 deal is long enough that out-of-order execution alone
 * overlaps few of their misses. 32 rows of 3 or 4 lines stay well within L1. */
#define PH_OMAHA_GROUP 32

/* batch.h's PH_ROWS_LOOP, boards first by groups, flushes after them. With check,
 * the deals' badness is OR-ed over a block of rows; a bad block is rescanned with
 * validate.h's ph_row_badness for its first bad row. */
PH_INLINE ptrdiff_t ph_omaha_rows(const uint8_t *holes, int n_hole, const uint8_t *boards, int n_board, size_t n_rows,
                                  int check, uint16_t *out)
{
    ph_omaha_board_sums group_boards[PH_OMAHA_GROUP];
    uint32_t flush_deals[PH_OMAHA_GROUP]; /* flush suits << 8 | deal in the group */
    for (size_t start = 0; start < n_rows; start += PH_CHECK_BLOCK) {
        size_t end = start + PH_CHECK_BLOCK < n_rows ? start + PH_CHECK_BLOCK : n_rows;
        ph_omaha_badness bad = PH_OMAHA_GOOD;
        for (size_t group = start; group < end; group += PH_OMAHA_GROUP) {
            size_t group_end = group + PH_OMAHA_GROUP < end ? group + PH_OMAHA_GROUP : end;
            int n_flush = 0;
            for (size_t row = group; row < group_end; row++) {
                ph_omaha_board_sums b = ph_omaha_board(boards + row * n_board, n_board);
                const char *line = (const char *)b.row;
                PH_PREFETCH(line);
                PH_PREFETCH(line + 64);
                PH_PREFETCH(line + 128);
                PH_PREFETCH(line + 2 * PH_OMAHA_PAIRS - 1);
                group_boards[row - group] = b;
            }
            for (size_t row = group; row < group_end; row++) {
                const uint8_t *hole = holes + row * n_hole;
                const ph_omaha_board_sums *b = &group_boards[row - group];
                uint32_t flush_suits = ph_omaha_deal(b, hole, n_hole, boards + row * n_board, n_board, check, &bad);
                out[row] = (uint16_t)ph_omaha_pairs(b->row, hole, n_hole);
                /* Listed without a branch (one deal in 7 to 14 has a flush suit, at
                 * random: a branch here mispredicted often) and finished below. */
                flush_deals[n_flush] = flush_suits << 8 | (uint32_t)(row - group);
                n_flush += flush_suits != 0;
            }
            for (int k = 0; k < n_flush; k++) {
                size_t row = group + (flush_deals[k] & 0xFF);
                uint32_t flush = ph_omaha_flush(flush_deals[k] >> 8, ph_omaha_mask(holes + row * n_hole, n_hole),
                                                ph_omaha_mask(boards + row * n_board, n_board));
                out[row] = (uint16_t)(flush > out[row] ? flush : out[row]);
            }
        }
        if (check && ph_omaha_block_bad(bad))
            for (size_t row = start; row < end; row++)
                if (ph_row_badness(holes + row * n_hole, n_hole, boards + row * n_board, n_board)) return (ptrdiff_t)row;
    }
    return -1;
}

#define PH_OMAHA_CASE(H, B)                                                                    \
    case (H) * 10 + (B):                                                                       \
        if (!n_rows) return -1;                                                                \
        return check ? ph_omaha_rows(holes, (H), boards, (B), n_rows, 1, out)                  \
                     : ph_omaha_rows(holes, (H), boards, (B), n_rows, 0, out)

/* Hole rows of 4..6 and board rows of 3..5 cards; validated when check (see
 * ph_omaha_rows). Returns the first bad row or -1. */
static ptrdiff_t ph_omaha_evaluate_batch(const uint8_t *holes, int n_hole, const uint8_t *boards, int n_board,
                                         size_t n_rows, int check, uint16_t *out)
{
    ph_omaha_prepare();
    switch (n_hole * 10 + n_board) {
    PH_OMAHA_SIZES(PH_OMAHA_CASE);
    default: break;
    }
    return -1;
}

#endif

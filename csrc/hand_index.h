/* Hand isomorphism: a perfect index of poker hands up to suit permutation, after
 * Waugh, "A Fast and Optimal Hand Isomorphism Algorithm" (2013).
 *
 * A hand is dealt in rounds (private cards first); within a round the order of the
 * cards does not matter, and two hands are the same class when one suit
 * permutation maps each round of one onto the same round of the other. A hand
 * splits into four *suit hands*: for each suit, its rank set in every round. The
 * class is the multiset of those four suit hands, so the index is built from them:
 *
 * - A suit hand is a count vector ("cfg": cards of the suit per round, one nibble
 *   per round, round 0 most significant, so comparing cfgs as integers compares
 *   the vectors lexicographically) and an index among the suit hands of that cfg:
 *   mixed radix over the rounds, round 0 least significant, of the colex rank of
 *   the round's rank set among the ranks the suit has not used yet.
 * - The four (cfg, index) keys are sorted, largest first. The sorted cfgs are the
 *   hand's *configuration*; each configuration owns a block of indices (offset).
 *   Suits with equal cfgs form a group whose suit indices are a multiset, ranked
 *   as a combination with repetition: sorted a_1 >= ... >= a_g map to the
 *   combination a_i + g - i, whose colex rank is sum C(a_i + g - i, g - i + 1).
 *   Groups combine in mixed radix, first group least significant.
 *
 * The configurations of every round, their offsets and per-position multipliers
 * are enumerated once in Python (pokerhash.iso) and handed to C; the configuration
 * of a hand is found with a perfect hash of its sorted cfgs, one table load.
 * Cards are rank * 4 + suit; nothing is validated here except by
 * ph_iso_index_batch.
 */
#ifndef PH_HAND_INDEX_H
#define PH_HAND_INDEX_H
#include <stddef.h>
#include <stdint.h>

#include "bits.h"

#define PH_ISO_MAX_ROUNDS 8
#define PH_ISO_SUITS 4
/* A sort key: cfg << 31 | suit index << 2 | suit. A suit index is below the largest
 * multinomial of 13 ranks into 9 parts (8 rounds and the unused), 13!/2^4 < 2^29. */
#define PH_ISO_INDEX_SHIFT 2
#define PH_ISO_CFG_SHIFT 31
#define PH_ISO_INDEX_MASK ((1u << 29) - 1)
/* A configuration record: offset, the four positions' multipliers, and the four
 * positions' k (suits from the position to its group's end) packed one per byte. */
#define PH_ISO_RECORD 6

typedef struct {
    const uint64_t *records;  /* PH_ISO_RECORD words per configuration */
    const uint32_t *cfgs;     /* the four sorted cfgs of each configuration */
    const uint32_t *slots;    /* perfect hash of the sorted cfgs -> configuration */
    uint64_t hash_mul[PH_ISO_SUITS];
    int hash_shift;
    uint32_t n_configs;
    uint64_t size;
} ph_iso_round;

typedef struct {
    int rounds;
    int cards[PH_ISO_MAX_ROUNDS];  /* cards dealt in each round */
    ph_iso_round round[PH_ISO_MAX_ROUNDS];
} ph_iso_indexer;

/* C(n, k) for n, k in 0..13, the bit count of a 13-bit rank set and the cards' bits
 * (below): filled once by ph_iso_init_tables (idempotent, same values from any
 * thread). */
static uint16_t ph_iso_choose[16][16]; /* rows 14, 15: zero, for garbage input only */
static uint8_t ph_iso_popcount[1 << 13];
static uint64_t ph_iso_card_bits[256];

static void ph_iso_init_tables(void)
{
    for (int n = 0; n < 14; n++) {
        ph_iso_choose[n][0] = 1;
        for (int k = 1; k < 16; k++) ph_iso_choose[n][k] = n ? ph_iso_choose[n - 1][k - 1] + ph_iso_choose[n - 1][k] : 0;
    }
    for (int set = 0; set < (1 << 13); set++) ph_iso_popcount[set] = (uint8_t)ph_popcount32((uint32_t)set);
    for (int card = 0; card < 256; card++) ph_iso_card_bits[card] = 1ULL << (card < 52 ? 16 * (card & 3) + (card >> 2) : 63);
}

/* A card's bit in a four-suit rank mask: 16 * suit + rank. Cards 52..255 set bit 63,
 * outside every suit's 13 ranks, so that a batch can reject them. */
PH_INLINE uint64_t ph_iso_card_bit(uint8_t card) { return ph_iso_card_bits[card]; }

/* Colex rank of `set` among the ranks outside `used` (disjoint from set): each rank
 * is renumbered by the used ranks below it. */
PH_INLINE uint32_t ph_iso_colex_within(uint32_t set, uint32_t used)
{
    uint32_t rank = 0;
    for (int j = 1; set; j++, set &= set - 1) {
        int r = ph_ctz64(set);
        rank += ph_iso_choose[r - ph_iso_popcount[used & ((1u << r) - 1)]][j];
    }
    return rank;
}

/* Combinations with repetition: the number of multisets of k (1..4) items of a
 * kinds, C(a + k - 1, k). Each step's product is exact before its division; every
 * product stays below 4 * the round's size, which pokerhash.iso keeps below 2^62.
 * Unsigned arithmetic: the unselected larger terms may wrap harmlessly. */
PH_INLINE uint64_t ph_iso_multichoose(uint64_t a, unsigned k)
{
    uint64_t t2 = (a & 1) ? a * ((a + 1) >> 1) : (a >> 1) * (a + 1);
    uint64_t t3 = t2 * (a + 2) / 3;
    uint64_t t4 = t3 * (a + 3) / 4;
    return k == 1 ? a : k == 2 ? t2 : k == 3 ? t3 : t4;
}

#define PH_ISO_SWAP_DESC(x, y) do { uint64_t hi_ = x > y ? x : y, lo_ = x > y ? y : x; x = hi_; y = lo_; } while (0)

/* Per-suit state of a hand being indexed round by round. */
typedef struct {
    uint64_t used;                 /* ranks dealt so far, 16 bits per suit */
    uint32_t count[PH_ISO_SUITS];  /* their number per suit */
    uint32_t index[PH_ISO_SUITS];  /* suit index so far (mixed radix, round 0 lowest) */
    uint32_t mult[PH_ISO_SUITS];   /* the radix of the current round */
    uint32_t cfg[PH_ISO_SUITS];    /* counts so far, one nibble per round */
    uint64_t bad;                  /* validation: see ph_iso_read_round */
} ph_iso_suits;

PH_INLINE void ph_iso_suits_init(ph_iso_suits *st)
{
    for (int s = 0; s < PH_ISO_SUITS; s++) {
        st->count[s] = st->index[s] = st->cfg[s] = 0;
        st->mult[s] = 1;
    }
    st->used = st->bad = 0;
}

/* Adds the `n` cards of the next round and returns the pointer past them; `more`
 * says whether another round follows (the radices are only needed then).
 *
 * The colex rank of a suit's round set among its unused ranks is a sum over the
 * set's cards: card of rank q, the j-th smallest of the set, at position p = q -
 * (used ranks below q) among the unused ranks, adds C(p, j). Both counts are bits
 * below the card in a mask, so every card is handled alike, with no branch on how
 * the cards fall into suits. st->bad is non-zero after a repeated card or a card
 * > 51 (read as the 2 of clubs, so that every table lookup stays in range). */
PH_INLINE const uint8_t *ph_iso_read_round(ph_iso_suits *st, const uint8_t *cards, int n, int more)
{
    uint64_t m = 0, used = st->used;
    for (int i = 0; i < n; i++) {
        uint8_t c = cards[i];
        uint64_t bit = ph_iso_card_bit(c);
        st->bad |= ((used | m) & bit) | (bit & (1ULL << 63));
        m |= bit;
    }
    for (int i = 0; i < n; i++) {
        uint8_t c = cards[i] < 52 ? cards[i] : 0;
        int s = c & 3, shift = 16 * s;
        uint64_t below = ph_iso_card_bit(c) - (1ULL << shift);
        uint32_t p = (c >> 2) - ph_iso_popcount[(used & below) >> shift];
        uint32_t j = 1 + ph_iso_popcount[(m & below) >> shift];
        st->index[s] += st->mult[s] * ph_iso_choose[p][j];
    }
    st->used = used | m;
    for (int s = 0; s < PH_ISO_SUITS; s++) {
        uint32_t k = ph_iso_popcount[(m >> (16 * s)) & 0x1FFF];
        st->cfg[s] = st->cfg[s] << 4 | k;
        if (more) {
            st->mult[s] *= ph_iso_choose[(13 - st->count[s]) & 15][k];
            st->count[s] += k;
        }
    }
    return cards + n;
}

PH_INLINE void ph_iso_suits_keys(const ph_iso_suits *st, uint64_t keys[PH_ISO_SUITS])
{
    for (int s = 0; s < PH_ISO_SUITS; s++)
        keys[s] = (uint64_t)st->cfg[s] << PH_ISO_CFG_SHIFT | (uint64_t)st->index[s] << PH_ISO_INDEX_SHIFT | (uint64_t)s;
}

/* Sorting network for four keys, largest first. */
PH_INLINE void ph_iso_sort4(uint64_t k[PH_ISO_SUITS])
{
    PH_ISO_SWAP_DESC(k[0], k[1]);
    PH_ISO_SWAP_DESC(k[2], k[3]);
    PH_ISO_SWAP_DESC(k[0], k[2]);
    PH_ISO_SWAP_DESC(k[1], k[3]);
    PH_ISO_SWAP_DESC(k[1], k[2]);
}

PH_INLINE uint32_t ph_iso_slot(const ph_iso_round *round, const uint64_t k[PH_ISO_SUITS])
{
    uint64_t h = (k[0] >> PH_ISO_CFG_SHIFT) * round->hash_mul[0] + (k[1] >> PH_ISO_CFG_SHIFT) * round->hash_mul[1]
               + (k[2] >> PH_ISO_CFG_SHIFT) * round->hash_mul[2] + (k[3] >> PH_ISO_CFG_SHIFT) * round->hash_mul[3];
    return round->slots[h >> round->hash_shift];
}

/* The index of sorted keys in their round's configuration. */
PH_INLINE uint64_t ph_iso_index_sorted(const ph_iso_round *round, const uint64_t k[PH_ISO_SUITS])
{
    const uint64_t *record = round->records + (size_t)ph_iso_slot(round, k) * PH_ISO_RECORD;
    uint64_t packed_k = record[5], index = record[0];
    for (int i = 0; i < PH_ISO_SUITS; i++)
        index += record[1 + i] * ph_iso_multichoose((k[i] >> PH_ISO_INDEX_SHIFT) & PH_ISO_INDEX_MASK,
                                                    (unsigned)(packed_k >> (8 * i)) & 0xFF);
    return index;
}

PH_INLINE uint64_t ph_iso_index_state(const ph_iso_round *round, const ph_iso_suits *st)
{
    uint64_t keys[PH_ISO_SUITS];
    ph_iso_suits_keys(st, keys);
    ph_iso_sort4(keys);
    return ph_iso_index_sorted(round, keys);
}

/* The index of a hand on round `last` (its cards of rounds 0..last, in order). */
PH_INLINE uint64_t ph_iso_index(const ph_iso_indexer *ix, const uint8_t *cards, int last)
{
    ph_iso_suits st;
    ph_iso_suits_init(&st);
    for (int r = 0; r <= last; r++) cards = ph_iso_read_round(&st, cards, ix->cards[r], r < last);
    return ph_iso_index_state(&ix->round[last], &st);
}

/* The index of a hand on every round 0..last, written to out[0..last]. */
PH_INLINE void ph_iso_index_rounds(const ph_iso_indexer *ix, const uint8_t *cards, int last, uint64_t *out)
{
    ph_iso_suits st;
    ph_iso_suits_init(&st);
    for (int r = 0; r <= last; r++) {
        cards = ph_iso_read_round(&st, cards, ix->cards[r], r < last);
        out[r] = ph_iso_index_state(&ix->round[r], &st);
    }
}

/* Rows of the cards of rounds 0..last; out gets one index per row, or last + 1 per
 * row when all_rounds. Returns the first row with a card > 51 or a repeated card,
 * or -1 (rows before it are done). */
static ptrdiff_t ph_iso_index_batch(const ph_iso_indexer *ix, const uint8_t *cards, size_t n_rows, int last,
                                    int all_rounds, uint64_t *out)
{
    int width = 0;
    for (int r = 0; r <= last; r++) width += ix->cards[r];
    for (size_t row = 0; row < n_rows; row++) {
        const uint8_t *hand = cards + row * (size_t)width;
        ph_iso_suits st;
        if (all_rounds) {
            ph_iso_index_rounds(ix, hand, last, out + row * (size_t)(last + 1));
            ph_iso_suits_init(&st); /* validation pass: rare, so kept off the fast path */
            for (int r = 0; r <= last; r++) hand = ph_iso_read_round(&st, hand, ix->cards[r], r < last);
        } else {
            ph_iso_suits_init(&st);
            for (int r = 0; r <= last; r++) hand = ph_iso_read_round(&st, hand, ix->cards[r], r < last);
            out[row] = ph_iso_index_state(&ix->round[last], &st);
        }
        if (st.bad) return (ptrdiff_t)row;
    }
    return -1;
}

/* The canonical hand of a hand's class on round `last`: the suit at sorted position
 * i becomes suit i, and each round's cards are listed in increasing order. It is
 * what ph_iso_unindex returns for the hand's index. */
static void ph_iso_canonical(const ph_iso_indexer *ix, const uint8_t *cards, int last, uint8_t *out)
{
    uint64_t keys[PH_ISO_SUITS];
    uint8_t suit_to[PH_ISO_SUITS];
    ph_iso_suits st;
    const uint8_t *card = cards;
    ph_iso_suits_init(&st);
    for (int r = 0; r <= last; r++) card = ph_iso_read_round(&st, card, ix->cards[r], r < last);
    ph_iso_suits_keys(&st, keys);
    ph_iso_sort4(keys);
    for (int i = 0; i < PH_ISO_SUITS; i++) suit_to[keys[i] & 3] = (uint8_t)i;
    for (int r = 0; r <= last; r++) {
        uint64_t m = 0;
        for (int i = 0; i < ix->cards[r]; i++, cards++) m |= 1ULL << (16 * suit_to[*cards & 3] + (*cards >> 2));
        for (int rank = 0; rank < 13; rank++)
            for (int s = 0; s < PH_ISO_SUITS; s++)
                if (m >> (16 * s + rank) & 1) *out++ = (uint8_t)(rank * 4 + s);
    }
}

/* Largest b with C(b, k) <= value (k in 1..4, counted with ph_iso_multichoose on
 * b - k + 1), searched in [k - 1, limit). */
static uint64_t ph_iso_colex_digit(uint64_t value, unsigned k, uint64_t limit)
{
    uint64_t lo = k - 1, hi = limit; /* C(lo, k) = 0 <= value; C(hi, k) > value */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (ph_iso_multichoose(mid - k + 1, k) <= value) lo = mid;
        else hi = mid;
    }
    return lo;
}

/* The canonical hand (cards of rounds 0..last, each round increasing) of index
 * `index` < the round's size. */
static void ph_iso_unindex(const ph_iso_indexer *ix, int last, uint64_t index, uint8_t *out)
{
    const ph_iso_round *round = &ix->round[last];
    uint32_t lo = 0, hi = round->n_configs;
    while (hi - lo > 1) { /* the last configuration whose offset <= index */
        uint32_t mid = (lo + hi) / 2;
        if (round->records[(size_t)mid * PH_ISO_RECORD] <= index) lo = mid;
        else hi = mid;
    }
    const uint64_t *record = round->records + (size_t)lo * PH_ISO_RECORD;
    uint64_t rest = index - record[0], suit_index[PH_ISO_SUITS];
    const uint32_t *cfgs = round->cfgs + (size_t)lo * PH_ISO_SUITS;
    uint64_t sizes[PH_ISO_SUITS];
    for (int i = 0; i < PH_ISO_SUITS; i++) {
        uint64_t size = 1, count = 0;
        for (int r = 0; r <= last; r++) {
            unsigned n = (cfgs[i] >> (4 * (last - r))) & 0xF;
            size *= ph_iso_choose[13 - count][n];
            count += n;
        }
        sizes[i] = size;
    }
    for (int i = 0; i < PH_ISO_SUITS;) {
        unsigned g = (unsigned)(record[5] >> (8 * i)) & 0xFF;
        uint64_t group_size = ph_iso_multichoose(sizes[i], g);
        uint64_t value = rest % group_size;
        rest /= group_size;
        for (unsigned t = 0; t < g; t++) {
            unsigned k = g - t;
            uint64_t b = ph_iso_colex_digit(value, k, sizes[i] + k - 1);
            value -= ph_iso_multichoose(b - k + 1, k);
            suit_index[i + t] = b - k + 1;
        }
        i += (int)g;
    }
    uint64_t masks[PH_ISO_MAX_ROUNDS] = {0};
    for (int i = 0; i < PH_ISO_SUITS; i++) {
        uint64_t a = suit_index[i];
        uint32_t used = 0, count = 0;
        for (int r = 0; r <= last; r++) {
            unsigned n = (cfgs[i] >> (4 * (last - r))) & 0xF;
            uint32_t choose = ph_iso_choose[13 - count][n], colex = (uint32_t)(a % choose), set = 0;
            a /= choose;
            for (unsigned j = n; j >= 1; j--) { /* largest position p with C(p, j) <= colex */
                unsigned p = j - 1;
                while (p + 1 < 13 - count && ph_iso_choose[p + 1][j] <= colex) p++;
                colex -= ph_iso_choose[p][j];
                uint32_t free = ~used & 0x1FFF; /* positions count the ranks unused before this round */
                for (unsigned skip = 0; skip < p; skip++) free &= free - 1;
                set |= 1u << ph_ctz64(free);
            }
            masks[r] |= (uint64_t)set << (16 * i);
            used |= set;
            count += n;
        }
    }
    for (int r = 0; r <= last; r++)
        for (int rank = 0; rank < 13; rank++)
            for (int s = 0; s < PH_ISO_SUITS; s++)
                if (masks[r] >> (16 * s + rank) & 1) *out++ = (uint8_t)(rank * 4 + s);
}

#endif

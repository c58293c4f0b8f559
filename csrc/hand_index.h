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

/* Tables filled once by ph_iso_init_tables (idempotent, same values from any
 * thread): binomials C(n, k) for n in -PAD..63 and k in 0..15 (zero outside
 * 0 <= k <= n <= 13: rows a bad hand's garbage can reach, so that it never reads
 * outside the table), the bit count of a 13-bit rank set, and per card its bit
 * (below) and the bits of the lower ranks of its suit. */
#define PH_ISO_PAD 128
static uint16_t ph_iso_binomial[PH_ISO_PAD + 64][16];
#define PH_ISO_CHOOSE(n, k) ph_iso_binomial[PH_ISO_PAD + (n)][k]
static uint8_t ph_iso_popcount[1 << 13];
static uint64_t ph_iso_card_bits[256], ph_iso_below[256];
/* The radix of a suit's next round given the counts of its first rounds (three
 * nibbles, most recent lowest): the number of suit hands those rounds can hold. */
static uint32_t ph_iso_radix[1 << 12];

static void ph_iso_init_tables(void)
{
    for (int n = 0; n < 14; n++) {
        PH_ISO_CHOOSE(n, 0) = 1;
        for (int k = 1; k < 16; k++) PH_ISO_CHOOSE(n, k) = n ? PH_ISO_CHOOSE(n - 1, k - 1) + PH_ISO_CHOOSE(n - 1, k) : 0;
    }
    for (int set = 0; set < (1 << 13); set++) ph_iso_popcount[set] = (uint8_t)ph_popcount32((uint32_t)set);
    for (int card = 0; card < 256; card++) {
        int shift = 16 * (card & 3);
        ph_iso_card_bits[card] = 1ULL << (card < 52 ? shift + (card >> 2) : 63);
        ph_iso_below[card] = card < 52 ? ph_iso_card_bits[card] - (1ULL << shift) : 0;
    }
    for (int cfg = 0; cfg < (1 << 12); cfg++) {
        uint32_t radix = 1;
        int left = 13;
        for (int r = 2; r >= 0; r--) {
            int n = (cfg >> (4 * r)) & 15;
            radix *= left >= 0 ? PH_ISO_CHOOSE(left, n) : 0;
            left -= n;
        }
        ph_iso_radix[cfg] = radix;
    }
}

/* A card's bit in a four-suit rank mask: 16 * suit + rank. Cards 52..255 set bit 63,
 * outside every suit's 13 ranks, so that a batch can reject them. */
PH_INLINE uint64_t ph_iso_card_bit(uint8_t card) { return ph_iso_card_bits[card]; }

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
    int32_t left[PH_ISO_SUITS];    /* ranks not dealt yet per suit */
    uint32_t index[PH_ISO_SUITS];  /* suit index so far (mixed radix, round 0 lowest) */
    uint32_t mult[PH_ISO_SUITS];   /* the radix of the current round */
    uint32_t cfg[PH_ISO_SUITS];    /* counts so far, one nibble per round */
    uint64_t bad;                  /* validation: see ph_iso_read_round */
} ph_iso_suits;

PH_INLINE void ph_iso_suits_init(ph_iso_suits *st)
{
    for (int s = 0; s < PH_ISO_SUITS; s++) {
        st->index[s] = st->cfg[s] = 0;
        st->left[s] = 13;
        st->mult[s] = 1;
    }
    st->used = st->bad = 0;
}

/* The bits of a round's `n` cards; *bad gets a non-zero bit for a card already in
 * `used` or in the round, or a card > 51. */
PH_INLINE uint64_t ph_iso_round_mask(const uint8_t *cards, int n, uint64_t used, uint64_t *bad)
{
    uint64_t m = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = ph_iso_card_bit(cards[i]);
        *bad |= ((used | m) & bit) | (bit & (1ULL << 63));
        m |= bit;
    }
    return m;
}

/* Card c's term of the colex rank of its suit's set in round mask m among the ranks
 * not in `used` (see ph_iso_read_round). */
PH_INLINE uint32_t ph_iso_colex_term(uint8_t c, uint64_t used, uint64_t m)
{
    int shift = 16 * (c & 3);
    uint64_t below = ph_iso_below[c];
    int p = (c >> 2) - ph_iso_popcount[(used & below) >> shift];
    int j = 1 + ph_iso_popcount[(m & below) >> shift];
    return PH_ISO_CHOOSE(p, j);
}

/* Adds the `n` cards of the next round and returns the pointer past them; `more`
 * says whether another round follows (the radices are only needed then).
 *
 * The colex rank of a suit's round set among its unused ranks is a sum over the
 * set's cards: card of rank q, the j-th smallest of the set, at position p = q -
 * (used ranks below q) among the unused ranks, adds C(p, j). Both counts are bits
 * below the card in a mask, so every card is handled alike, with no branch on how
 * the cards fall into suits. st->bad is non-zero after a repeated card or a card
 * > 51 (whose garbage stays within the tables). */
PH_INLINE const uint8_t *ph_iso_read_round(ph_iso_suits *st, const uint8_t *cards, int n, int more)
{
    uint64_t used = st->used, m = ph_iso_round_mask(cards, n, used, &st->bad);
    for (int i = 0; i < n; i++) st->index[cards[i] & 3] += st->mult[cards[i] & 3] * ph_iso_colex_term(cards[i], used, m);
    st->used = used | m;
    for (int s = 0; s < PH_ISO_SUITS; s++) {
        int k = ph_iso_popcount[(m >> (16 * s)) & 0x1FFF];
        st->cfg[s] = st->cfg[s] << 4 | (uint32_t)k;
        if (more) {
            st->mult[s] *= PH_ISO_CHOOSE(st->left[s], k);
            st->left[s] -= k;
        }
    }
    return cards + n;
}

/* Shapes of at most four rounds (Hold'em, Omaha): the four cfgs fit one word as
 * 16-bit lanes and a suit's radix is one lookup of its cfg (ph_iso_radix), so a
 * round costs a few word operations plus the work per card. */
typedef struct {
    uint64_t used, cfgs, bad; /* cfgs: suit s's cfg in bits 16s..16s+15 */
    uint32_t index[PH_ISO_SUITS];
} ph_iso_suits4;

PH_INLINE void ph_iso_suits4_init(ph_iso_suits4 *st)
{
    st->used = st->cfgs = st->bad = 0;
    for (int s = 0; s < PH_ISO_SUITS; s++) st->index[s] = 0;
}

/* Bits set in each 16-bit lane (at most 14: 13 ranks and a bad card's bit 63). */
PH_INLINE uint64_t ph_iso_lane_counts(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (x + (x >> 8)) & 0x001F001F001F001FULL;
}

/* ph_iso_read_round for shapes of at most four rounds. */
PH_INLINE const uint8_t *ph_iso_read_round4(ph_iso_suits4 *st, const uint8_t *cards, int n)
{
    uint64_t used = st->used, cfgs = st->cfgs, m = ph_iso_round_mask(cards, n, used, &st->bad);
    for (int i = 0; i < n; i++) {
        uint8_t c = cards[i];
        st->index[c & 3] += ph_iso_radix[(cfgs >> (16 * (c & 3))) & 0xFFF] * ph_iso_colex_term(c, used, m);
    }
    st->used = used | m;
    st->cfgs = cfgs << 4 | ph_iso_lane_counts(m);
    return cards + n;
}

PH_INLINE void ph_iso_suits4_keys(const ph_iso_suits4 *st, uint64_t keys[PH_ISO_SUITS])
{
    for (int s = 0; s < PH_ISO_SUITS; s++)
        keys[s] = (st->cfgs >> (16 * s) & 0xFFFF) << PH_ISO_CFG_SHIFT | (uint64_t)st->index[s] << PH_ISO_INDEX_SHIFT | (uint64_t)s;
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

/* The four sort keys of a hand (its cards of rounds 0..last, round sizes
 * `counts`) on round `last`, and on every round into prefix[r] when prefix is not
 * NULL. Returns zero, or non-zero for a repeated card or a card > 51. */
PH_INLINE uint64_t ph_iso_hand_keys(const ph_iso_indexer *ix, const uint8_t *cards, int last, const int *counts,
                                    uint64_t keys[PH_ISO_SUITS], uint64_t (*prefix)[PH_ISO_SUITS])
{
    if (ix->rounds <= 4) {
        ph_iso_suits4 st;
        ph_iso_suits4_init(&st);
        for (int r = 0; r <= last; r++) {
            cards = ph_iso_read_round4(&st, cards, counts[r]);
            if (prefix) ph_iso_suits4_keys(&st, prefix[r]);
        }
        ph_iso_suits4_keys(&st, keys);
        return st.bad;
    }
    ph_iso_suits st;
    ph_iso_suits_init(&st);
    for (int r = 0; r <= last; r++) {
        cards = ph_iso_read_round(&st, cards, counts[r], r < last);
        if (prefix) ph_iso_suits_keys(&st, prefix[r]);
    }
    ph_iso_suits_keys(&st, keys);
    return st.bad;
}

/* The index of a hand on round `last` (its cards of rounds 0..last, in order). */
PH_INLINE uint64_t ph_iso_index(const ph_iso_indexer *ix, const uint8_t *cards, int last)
{
    uint64_t keys[PH_ISO_SUITS];
    ph_iso_hand_keys(ix, cards, last, ix->cards, keys, NULL);
    ph_iso_sort4(keys);
    return ph_iso_index_sorted(&ix->round[last], keys);
}

/* The index of a hand on every round 0..last, written to out[0..last]; returns
 * ph_iso_hand_keys's validation word. */
PH_INLINE uint64_t ph_iso_index_rounds(const ph_iso_indexer *ix, const uint8_t *cards, int last, uint64_t *out)
{
    uint64_t keys[PH_ISO_SUITS], prefix[PH_ISO_MAX_ROUNDS][PH_ISO_SUITS];
    uint64_t bad = ph_iso_hand_keys(ix, cards, last, ix->cards, keys, prefix);
    for (int r = 0; r <= last; r++) {
        ph_iso_sort4(prefix[r]);
        out[r] = ph_iso_index_sorted(&ix->round[r], prefix[r]);
    }
    return bad;
}

/* Indexes rows of the cards of rounds 0..last (round sizes `counts`) on round
 * `last`; returns the first bad row or -1. Inlined with constant counts for the
 * common shapes, so that the round and card loops unroll. */
PH_INLINE ptrdiff_t ph_iso_index_rows(const ph_iso_indexer *ix, const uint8_t *cards, size_t n_rows, int last,
                                      const int *counts, uint64_t *out)
{
    int width = 0;
    for (int r = 0; r <= last; r++) width += counts[r];
    for (size_t row = 0; row < n_rows; row++) {
        uint64_t keys[PH_ISO_SUITS];
        uint64_t bad = ph_iso_hand_keys(ix, cards + row * (size_t)width, last, counts, keys, NULL);
        ph_iso_sort4(keys);
        out[row] = ph_iso_index_sorted(&ix->round[last], keys);
        if (bad) return (ptrdiff_t)row;
    }
    return -1;
}

/* Hold'em and Omaha deals, by rounds: (2, 3, 1, 1), (4, 3, 1, 1), (2, 5). */
static const int ph_iso_holdem[4] = {2, 3, 1, 1}, ph_iso_omaha[4] = {4, 3, 1, 1}, ph_iso_holdem_river[2] = {2, 5};

PH_INLINE int ph_iso_rounds_are(const ph_iso_indexer *ix, int last, const int *counts, int n)
{
    if (last + 1 != n) return 0;
    for (int r = 0; r < n; r++)
        if (ix->cards[r] != counts[r]) return 0;
    return 1;
}

/* Rows of the cards of rounds 0..last; out gets one index per row, or last + 1 per
 * row when all_rounds. Returns the first row with a card > 51 or a repeated card,
 * or -1 (rows before it are done). */
static ptrdiff_t ph_iso_index_batch(const ph_iso_indexer *ix, const uint8_t *cards, size_t n_rows, int last,
                                    int all_rounds, uint64_t *out)
{
    if (!all_rounds) {
        if (ph_iso_rounds_are(ix, last, ph_iso_holdem, 4)) return ph_iso_index_rows(ix, cards, n_rows, 3, ph_iso_holdem, out);
        if (ph_iso_rounds_are(ix, last, ph_iso_omaha, 4)) return ph_iso_index_rows(ix, cards, n_rows, 3, ph_iso_omaha, out);
        if (ph_iso_rounds_are(ix, last, ph_iso_holdem_river, 2))
            return ph_iso_index_rows(ix, cards, n_rows, 1, ph_iso_holdem_river, out);
        return ph_iso_index_rows(ix, cards, n_rows, last, ix->cards, out);
    }
    int width = 0;
    for (int r = 0; r <= last; r++) width += ix->cards[r];
    for (size_t row = 0; row < n_rows; row++)
        if (ph_iso_index_rounds(ix, cards + row * (size_t)width, last, out + row * (size_t)(last + 1))) return (ptrdiff_t)row;
    return -1;
}

/* The canonical hand of a hand's class on round `last`: the suit at sorted position
 * i becomes suit i, and each round's cards are listed in increasing order. It is
 * what ph_iso_unindex returns for the hand's index. */
static void ph_iso_canonical(const ph_iso_indexer *ix, const uint8_t *cards, int last, uint8_t *out)
{
    uint64_t keys[PH_ISO_SUITS];
    uint8_t suit_to[PH_ISO_SUITS];
    ph_iso_hand_keys(ix, cards, last, ix->cards, keys, NULL);
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
            size *= PH_ISO_CHOOSE(13 - (int)count, n);
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
            uint32_t choose = PH_ISO_CHOOSE(13 - (int)count, n), colex = (uint32_t)(a % choose), set = 0;
            a /= choose;
            for (unsigned j = n; j >= 1; j--) { /* largest position p with C(p, j) <= colex */
                unsigned p = j - 1;
                while (p + 1 < 13 - count && PH_ISO_CHOOSE(p + 1, j) <= colex) p++;
                colex -= PH_ISO_CHOOSE(p, j);
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

# Stud's showing order as one int per hand (rules: The games and their flow, seven-card
# stud; Other games, razz): included by _core.pyx. The engine asks it several times a
# street, so it reads its ints in C; pokerhash.engine.showing.showing_rank is the
# readable tuple it orders as (tests/test_showing.py checks every hand of 1 to 3 cards
# and random hands of 4).


def showing_key(cards, bint razz=False):
    """An int that orders 1-4 showing cards as ``showing_rank`` orders them (larger
    acts first); the same hands, the same errors."""
    cdef uint8_t buf[MAX_CARDS]
    cdef uint64_t seen = 0
    cdef int n = read_hand_range(cards, buf, 1, 4, &seen)
    cdef int count[13]
    cdef int rank[4]
    cdef int i, j, a, b, ka, kb, swap, category, pairs = 0, most = 0
    cdef uint8_t tmp
    cdef uint64_t ranks = 0, suits = 0
    for i in range(13):
        count[i] = 0
    for i in range(n):
        # The ace low in razz: A = 0, 2 = 1, ..., K = 12.
        rank[i] = ((buf[i] >> 2) + 1) % 13 if razz else buf[i] >> 2
        count[rank[i]] += 1
    for i in range(13):
        pairs += count[i] == 2
        most = count[i] if count[i] > most else most
    category = 4 if most == 4 else 3 if most == 3 else 2 if pairs == 2 else 1 if most == 2 else 0
    # Significance order, most significant first: the larger group, the higher rank,
    # the higher suit (a few cards: insertion sort, moving the card and its rank).
    for i in range(1, n):
        j = i
        while j > 0:
            a, b = j - 1, j
            ka = (count[rank[a]] * 16 + rank[a]) * 4 + (buf[a] & 3)
            kb = (count[rank[b]] * 16 + rank[b]) * 4 + (buf[b] & 3)
            if ka >= kb:
                break
            tmp = buf[a]; buf[a] = buf[b]; buf[b] = tmp
            swap = rank[a]; rank[a] = rank[b]; rank[b] = swap
            j -= 1
    # Fields as the tuple compares: ranks (then suits) one nibble per card, value + 1,
    # zero for a missing card, so a shorter hand sorts below a longer one it begins.
    for i in range(4):
        ranks <<= 4
        suits <<= 4
        if i < n:
            ranks |= (13 - rank[i]) if razz else rank[i] + 1
            suits |= (buf[i] & 3) + 1
    if razz:
        return (<uint64_t>(4 - category)) << 16 | ranks
    return (<uint64_t>category) << 32 | ranks << 16 | suits

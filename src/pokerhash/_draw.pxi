# Five-card draw's auto-draw (rules: The games and their flow, five-card draw): included
# by _core.pyx. pokerhash.engine.draw documents the order of preference and the
# sub-cases; this is that order on one hand's rank and suit counts, in C, since the
# engine asks it for every player who times out in a draw (tests/test_draw.py checks
# it against the readable reference in tests/reference_draw.py).

cdef enum:
    DRAW_JACK = 9
    DRAW_ACE = 12


cdef inline int straight_top(const int *ranks, int n) noexcept:
    """The top rank of the highest straight holding these distinct ranks, or -1; the
    ace also plays low, below the deuce."""
    cdef int i, r, low = 99, high = -99, low_ace = 99, high_ace = -99, best = -1
    cdef bint ace = False
    for i in range(n):
        r = ranks[i]
        low = r if r < low else low
        high = r if r > high else high
        ace = ace or r == DRAW_ACE
        r = -1 if r == DRAW_ACE else r
        low_ace = r if r < low_ace else low_ace
        high_ace = r if r > high_ace else high_ace
    if high - low <= 4:
        best = low + 4 if low + 4 < DRAW_ACE else DRAW_ACE
    if ace and high_ace - low_ace <= 4 and low_ace + 4 > best:
        best = low_ace + 4
    return best


cdef int kept_mask(const uint8_t *hand) noexcept:
    """The positions (bits 0..4) of the cards the auto-draw keeps."""
    cdef int rank_count[13]
    cdef int suit_count[4]
    cdef int ranks[5]
    cdef int i, j, k, n, most = 0, pairs = 0, distinct = 0, pair_rank = -1, four_suit = -1
    cdef int mask, top, best_top, best
    for i in range(13):
        rank_count[i] = 0
    for i in range(4):
        suit_count[i] = 0
    for i in range(5):
        rank_count[hand[i] >> 2] += 1
        suit_count[hand[i] & 3] += 1
    for i in range(13):
        if rank_count[i]:
            distinct += 1
        if rank_count[i] == 2:
            pairs += 1
            pair_rank = i
        most = rank_count[i] if rank_count[i] > most else most
    for i in range(4):
        if suit_count[i] == 4:
            four_suit = i
    # 1. Two pair or better.
    if most == 4 or (most == 3 and pairs == 1):
        return 31
    if most == 3 or pairs == 2:
        mask = 0
        for i in range(5):
            if rank_count[hand[i] >> 2] > 1:
                mask |= 1 << i
        return mask
    if distinct == 5:
        for i in range(5):
            ranks[i] = hand[i] >> 2
        if suit_count[hand[0] & 3] == 5 or straight_top(ranks, 5) >= 0:
            return 31
    # 2. Four to a straight flush.
    if four_suit >= 0:
        mask = n = 0
        for i in range(5):
            if (hand[i] & 3) == four_suit:
                mask |= 1 << i
                ranks[n] = hand[i] >> 2
                n += 1
        if straight_top(ranks, 4) >= 0:
            return mask
        # 3. A high pair (beats four to a flush), else 4. four to a flush.
        if pair_rank >= DRAW_JACK:
            return pair_mask(hand, pair_rank)
        return mask
    # 3. A high pair; 5. a low pair.
    if pair_rank >= 0:
        return pair_mask(hand, pair_rank)
    # Five different ranks from here on: a straight draw is the hand less one card.
    # 6. Four to an open-ended straight, the first card left out in the hand's order.
    for k in range(5):
        n = 0
        for i in range(5):
            if i != k:
                ranks[n] = hand[i] >> 2
                n += 1
        if not has_ace(ranks, 4) and span(ranks, 4) == 3:
            return 31 & ~(1 << k)
    # 7. Four to an inside straight: the higher straight; equal ones, the last card left out.
    best_top = best = -1
    for k in range(5):
        n = 0
        for i in range(5):
            if i != k:
                ranks[n] = hand[i] >> 2
                n += 1
        top = straight_top(ranks, 4)
        if top >= best_top:
            best_top, best = top, k
    if best_top >= 0:
        return 31 & ~(1 << best)
    # 8. High cards; 9. nothing.
    mask = 0
    for i in range(5):
        if hand[i] >> 2 >= DRAW_JACK:
            mask |= 1 << i
    return mask


cdef inline int pair_mask(const uint8_t *hand, int rank) noexcept:
    cdef int i, mask = 0
    for i in range(5):
        if hand[i] >> 2 == rank:
            mask |= 1 << i
    return mask


cdef inline bint has_ace(const int *ranks, int n) noexcept:
    cdef int i
    for i in range(n):
        if ranks[i] == DRAW_ACE:
            return True
    return False


cdef inline int span(const int *ranks, int n) noexcept:
    cdef int i, low = 99, high = -99
    for i in range(n):
        low = ranks[i] if ranks[i] < low else low
        high = ranks[i] if ranks[i] > high else high
    return high - low


def auto_draw(cards):
    """The cards to discard, in the hand's order, when a player's time runs out in the
    draw: see pokerhash.engine.draw.auto_draw."""
    cdef uint8_t buf[MAX_CARDS]
    cdef uint64_t seen = 0
    cdef int i, keep
    read_hand_range(cards, buf, 5, 5, &seen)
    keep = kept_mask(buf)
    return tuple([buf[i] for i in range(5) if not keep >> i & 1])

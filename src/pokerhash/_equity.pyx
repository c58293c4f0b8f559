# The Cython binding of the equity kernels (csrc/equity*.h, csrc/deal.h).
#
# pokerhash.equity validates what users pass (cards distinct, sizes within the game's
# limits) before it calls here; these entry points still check every size and card
# the C kernels index fixed arrays with, so that no caller can make them read or
# write out of bounds. The loops run without the GIL, so that Python threads calling
# them run in parallel.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int16_t, int32_t, int64_t
from libc.string cimport memset

from pokerhash._read_cards cimport ph_read_cards

import numpy as np

from pokerhash.errors import InvalidValueError

cdef enum:
    MAX_PLAYERS = 10  # PH_EQ_MAX_PLAYERS


cdef extern from "equity.h" nogil:
    int PH_EQ_HOLDEM, PH_EQ_OMAHA, PH_EQ_STUD, PH_EQ_SHORTDECK, PH_EQ_POT

    ctypedef struct ph_eq_setup:
        int game
        int hilo
        int order
        int n_players
        int hole_size
        int board_size
        int n_hole[MAX_PLAYERS]
        uint8_t hole[MAX_PLAYERS][8]
        int n_board
        uint8_t board[5]
        int n_stub
        uint8_t stub[52]
        int n_combos[MAX_PLAYERS]
        const uint8_t *combos[MAX_PLAYERS]
        const uint32_t *alias_prob[MAX_PLAYERS]
        const uint32_t *alias_other[MAX_PLAYERS]

    ctypedef struct ph_eq_counts:
        int64_t deals
        int64_t win[MAX_PLAYERS]
        int64_t tie[MAX_PLAYERS]
        int64_t share[MAX_PLAYERS]
        int64_t high[MAX_PLAYERS]
        int64_t low[MAX_PLAYERS]
        int64_t share_sq[MAX_PLAYERS]

    void ph_eq_exact_generic(const ph_eq_setup *s, uint8_t holes[][8], ph_eq_counts *counts)
    void ph_eq_exact_rows(const ph_eq_setup *s, const uint8_t *holes, const double *weights, size_t n_rows,
                          double *out, int64_t *deals)
    void ph_eq_exact_flop_groups(const ph_eq_setup *s, uint8_t holes[][8], int n_groups, const int *group_n,
                                 const int *const *members, ph_eq_counts *counts, ph_eq_counts *rank_counts,
                                 int rank_done)


cdef extern from "equity_sample.h" nogil:
    int ph_alias_build(const double *weights, int n, uint32_t *prob, uint32_t *other)
    void ph_eq_sample(const ph_eq_setup *s, uint64_t seed, uint64_t stream, int64_t n_trials, ph_eq_counts *c)


cdef extern from "deal.h" nogil:
    void ph_keyed_shuffle(uint8_t *stub, int n, uint64_t seed, uint64_t stream, uint64_t round)
    void ph_random_deals(uint8_t *stub, int n_stub, int k, size_t n_rows, uint64_t seed, uint8_t *out)


cdef extern from "equity_solver.h" nogil:
    void ph_combos_prepare()
    void ph_board_strengths(const uint8_t *board, int n, uint16_t *out)
    void ph_equities_vs_range(const uint8_t *board, int n, const double *weights, double *out)

cdef extern from "equity_ranges.h" nogil:
    int ph_rvr_exact(const uint8_t *board, int n_board, uint64_t dead, const double *hero, const double *villain,
                     double *sums, int64_t *pairs, int64_t *runouts)


ph_combos_prepare()

GAMES = {"holdem": PH_EQ_HOLDEM, "omaha": PH_EQ_OMAHA, "stud": PH_EQ_STUD, "shortdeck": PH_EQ_SHORTDECK}
POT = PH_EQ_POT


def _checked_cards(cards, int most, str what):
    """``cards`` as a list of ints 0..51, at most ``most`` of them."""
    cards = list(cards)
    if len(cards) > most:
        raise InvalidValueError(f"{what} holds at most {most} cards, not {len(cards)}")
    for card in cards:
        if not 0 <= card < 52:
            raise InvalidValueError(f"{what}: card {card!r} is not 0..51")
    return cards


cdef object counts_array(const ph_eq_counts *c, int n):
    """(deals, int64 array of rows win, tie, share, high, low, share_sq by player)."""
    out = np.empty((6, n), dtype=np.int64)
    cdef int64_t[:, ::1] view = out
    cdef int p
    for p in range(n):
        view[0, p] = c.win[p]
        view[1, p] = c.tie[p]
        view[2, p] = c.share[p]
        view[3, p] = c.high[p]
        view[4, p] = c.low[p]
        view[5, p] = c.share_sq[p]
    return c.deals, out


cdef class Deal:
    """A validated deal (see csrc/equity.h): known cards, the stub, and the range
    players' combinations with their alias tables (kept alive here)."""

    cdef ph_eq_setup setup
    cdef list keep

    def __init__(self, str game, bint hilo, int hole_size, int board_size, list holes, list board, list stub,
                 list ranges, int order=0):
        cdef int p, i, n = len(holes)
        cdef uint8_t[:, ::1] combos
        cdef double[::1] weights
        cdef uint32_t[::1] prob
        cdef uint32_t[::1] other
        if game not in GAMES:
            raise InvalidValueError(f"game must be one of {sorted(GAMES)}, not {game!r}")
        if not 1 <= n <= MAX_PLAYERS or len(ranges) != n:
            raise InvalidValueError(f"a deal has 1 to {MAX_PLAYERS} players with a range entry each, not "
                                    f"{n} holes and {len(ranges)} ranges")
        if not 0 < hole_size <= 8 or not 0 <= board_size <= 5:
            raise InvalidValueError(f"hole size 1..8 and board size 0..5, not {hole_size} and {board_size}")
        holes = [_checked_cards(hole, hole_size, f"player {p}'s hole") for p, hole in enumerate(holes)]
        board = _checked_cards(board, board_size, "the board")
        stub = _checked_cards(stub, 52, "the stub")
        needed = board_size - len(board)
        for p in range(n):
            if ranges[p] is None:
                needed += hole_size - len(holes[p])
            else:
                if holes[p]:
                    raise InvalidValueError(f"player {p} has a range and known cards")
                needed += hole_size  # the stub holds the range's cards too
                combo_cards, combo_weights = ranges[p]
                shape = np.shape(combo_cards)
                if len(shape) != 2 or shape[0] < 1 or shape[1] != hole_size or np.shape(combo_weights) != shape[:1]:
                    raise InvalidValueError(f"player {p}'s range needs (m, {hole_size}) cards and m weights, not "
                                            f"{shape} and {np.shape(combo_weights)}")
                if np.any(np.asarray(combo_cards) >= 52) or np.any(np.asarray(combo_cards) < 0):
                    raise InvalidValueError(f"player {p}'s range holds a card outside 0..51")
                if not np.all(np.isfinite(combo_weights)) or np.any(np.asarray(combo_weights) < 0) \
                        or not np.sum(combo_weights) > 0:
                    raise InvalidValueError(f"player {p}'s range weights must be finite, >= 0, not all 0")
        if needed > len(stub):
            raise InvalidValueError(f"the deal needs {needed} cards from a stub of {len(stub)}")
        memset(&self.setup, 0, sizeof(self.setup))
        self.keep = []
        self.setup.game = GAMES[game]
        self.setup.hilo = hilo
        self.setup.order = order
        self.setup.n_players = n
        self.setup.hole_size = hole_size
        self.setup.board_size = board_size
        for p in range(n):
            self.setup.n_hole[p] = len(holes[p])
            for i, card in enumerate(holes[p]):
                self.setup.hole[p][i] = card
        self.setup.n_board = len(board)
        for i, card in enumerate(board):
            self.setup.board[i] = card
        self.setup.n_stub = len(stub)
        for i, card in enumerate(stub):
            self.setup.stub[i] = card
        for p in range(n):
            if ranges[p] is None:
                continue
            combo_cards, combo_weights = ranges[p]
            combos = np.ascontiguousarray(combo_cards, dtype=np.uint8)
            weights = np.ascontiguousarray(combo_weights, dtype=np.float64)
            prob_array = np.empty(len(weights), dtype=np.uint32)
            other_array = np.empty(len(weights), dtype=np.uint32)
            prob = prob_array
            other = other_array
            if ph_alias_build(&weights[0], <int>weights.shape[0], &prob[0], &other[0]):
                raise MemoryError()
            self.keep.extend((combos, prob_array, other_array))
            self.setup.n_combos[p] = <int>weights.shape[0]
            self.setup.combos[p] = &combos[0, 0]
            self.setup.alias_prob[p] = &prob[0]
            self.setup.alias_other[p] = &other[0]

    def exact_generic(self):
        """Every completion of a deal of known hands: (deals, counts) as counts_array."""
        cdef ph_eq_counts c
        with nogil:
            ph_eq_exact_generic(&self.setup, self.setup.hole, &c)
        return counts_array(&c, self.setup.n_players)

    def exact_rows(self, const uint8_t[:, ::1] holes, const double[::1] weights):
        """Weighted exact sums over rows of every player's hole cards (Hold'em, Omaha):
        (showdowns, float64 array [weighted deals, then win, tie, share, high, low per player])."""
        cdef int n = self.setup.n_players
        out = np.zeros(1 + 5 * n, dtype=np.float64)
        cdef double[::1] view = out
        cdef int64_t deals = 0
        cdef size_t rows = holes.shape[0]
        if holes.shape[1] != n * self.setup.hole_size or weights.shape[0] != holes.shape[0]:
            raise InvalidValueError(f"rows of {n * self.setup.hole_size} cards with a weight each, not "
                                    f"{holes.shape[1]} cards and {weights.shape[0]} weights for {rows} rows")
        if rows and np.max(np.asarray(holes)) >= 52:
            raise InvalidValueError("a row holds a card outside 0..51")
        if rows:
            with nogil:
                ph_eq_exact_rows(&self.setup, &holes[0, 0], &weights[0], rows, &view[0], &deals)
        return deals, out

    def sample(self, uint64_t seed, uint64_t stream, int64_t trials):
        """Trials of one RNG stream: (deals, counts) as counts_array."""
        cdef ph_eq_counts c
        memset(&c, 0, sizeof(c))
        with nogil:
            ph_eq_sample(&self.setup, seed, stream, trials, &c)
        return counts_array(&c, self.setup.n_players)


def random_deals(const uint8_t[::1] stub, int k, Py_ssize_t n, uint64_t seed):
    """(n, k) uint8 rows of k distinct cards of the stub (k <= len(stub))."""
    out = np.empty((n, k), dtype=np.uint8)
    cdef uint8_t[:, ::1] view = out
    cdef uint8_t cards[52]
    cdef int i, n_stub = <int>stub.shape[0]
    if not 0 <= k <= n_stub <= 52 or n < 0:
        raise InvalidValueError(f"rows of k distinct cards of a stub of at most 52 (k <= stub), not k={k} of "
                                f"{stub.shape[0]} cards, {n} rows")
    _checked_cards(stub, 52, "the stub")
    for i in range(n_stub):
        cards[i] = stub[i]
    if n and k:
        with nogil:
            ph_random_deals(cards, n_stub, k, <size_t>n, seed, &view[0, 0])
    return out


def shuffled(cards, uint64_t seed, uint64_t stream, uint64_t round):
    """A new list of ``cards`` (at most 52 ints 0..51, as pokerhash.cards.Deck keeps
    them) in a uniformly random order: Fisher-Yates on generator stream ``stream`` of
    ``seed`` (deal.h), advanced ``round`` * 2**32 outputs so that a deck's successive
    shuffles (a reshuffle, a restock) never share outputs; a shuffle takes fewer than
    a hundred. Everything a copy of the deck needs to go on alike is three ints."""
    cdef Py_ssize_t n = len(cards), i
    cdef uint8_t stub[52]
    if n > 52:
        raise InvalidValueError(f"a deck has at most 52 cards, not {n}")
    for i in range(n):
        stub[i] = cards[i]
    ph_keyed_shuffle(stub, <int>n, seed, stream, round)
    return [stub[i] for i in range(n)]


def board_strengths(const uint8_t[:, ::1] boards):
    """(n, 1326) uint16: every combination's strength on each 5-card board, 0 where it
    holds a board card."""
    cdef Py_ssize_t n = boards.shape[0], row
    if boards.shape[1] != 5 or (n and np.max(np.asarray(boards)) >= 52):
        raise InvalidValueError(f"boards are rows of 5 cards 0..51, not {boards.shape[1]}")
    out = np.empty((n, 1326), dtype=np.uint16)
    cdef uint16_t[:, ::1] view = out
    with nogil:
        for row in range(n):
            ph_board_strengths(&boards[row, 0], 5, &view[row, 0])
    return out


def equities_vs_range(const uint8_t[::1] board, const double[::1] weights):
    """(1326,) float64: every hero combination's equity against the villain weights."""
    if not 3 <= board.shape[0] <= 5 or weights.shape[0] != 1326:
        raise InvalidValueError(f"a board of 3 to 5 cards and 1326 weights, not {board.shape[0]} and "
                                f"{weights.shape[0]}")
    _checked_cards(board, 5, "the board")
    out = np.empty(1326, dtype=np.float64)
    cdef double[::1] view = out
    with nogil:
        ph_equities_vs_range(&board[0], <int>board.shape[0], &weights[0], &view[0])
    return out


def ranges_exact(const uint8_t[::1] board, uint64_t dead, const double[::1] hero, const double[::1] villain):
    """Exact Hold'em range against range on a board of 3 to 5 cards, every runout swept
    once (csrc/equity_ranges.h): (win, tie, met, pairs, runouts), win/tie/met summed
    over pairs of hands sharing no card and their runouts, weighted by the product of
    the weights; pairs: pairs of hands of positive weights sharing no card, each
    meeting `runouts` runouts. Cards must be distinct and not dead (checked by the
    caller); weights finite and non-negative."""
    cdef double sums[3]
    cdef int64_t pairs = 0, runouts = 0
    cdef int n = <int>board.shape[0], status
    if not 3 <= n <= 5 or hero.shape[0] != 1326 or villain.shape[0] != 1326:
        raise InvalidValueError(f"a board of 3 to 5 cards and 1326 weights a side, not {n}, {hero.shape[0]} and "
                                f"{villain.shape[0]}")
    _checked_cards(board, 5, "the board")
    with nogil:
        status = ph_rvr_exact(&board[0], n, dead, &hero[0], &villain[0], sums, &pairs, &runouts)
    return sums[0], sums[1], sums[2], pairs, runouts


def read_cards(hand):
    """The cards of ``hand`` as a new list of ints when it is in one of the common
    forms (a list or tuple of ints 0..51 or card strings such as ``"As"``, or ASCII
    card text such as ``"AsKd"``, ``"As Kd"``, ``"As,Kd"``) with no card repeated;
    None otherwise, for pokerhash.cards' forgiving parser to read or refuse. The
    fast path of pokerhash.cards.cards (csrc/read_cards.h)."""
    cdef uint8_t out[52]
    cdef uint64_t seen = 0
    cdef int i, n = ph_read_cards(hand, out, 52, &seen)
    if n < 0:
        return None
    return [out[i] for i in range(n)]


cdef class PreflopLookup:
    """pokerhash.preflop's table as C views, for the per-call question: one matchup of
    two two-card hands is two reads of the hands, three lookups and a division. The
    arrays (read-only, owned by pokerhash.preflop) are kept alive by the views."""
    cdef const int16_t[:, ::1] combo_index
    cdef const int32_t[:, ::1] pair_class
    cdef const uint8_t[:, ::1] pair_swapped
    cdef const int64_t[:, ::1] counts
    cdef int64_t boards

    def __init__(self, combo_index, pair_class, pair_swapped, counts, int64_t boards):
        self.combo_index = combo_index
        self.pair_class = pair_class
        self.pair_swapped = pair_swapped.view(np.uint8)
        self.counts = counts
        self.boards = boards

    cdef int matchup(self, a, b, int64_t *win, int64_t *tie) except -2:
        """The first hand's wins and ties; 0, or -1 when a or b is not two cards in a
        common form (csrc/read_cards.h) or they share a card (the slow path explains)."""
        cdef uint8_t first[2]
        cdef uint8_t second[2]
        cdef uint64_t seen = 0
        cdef int32_t k
        if ph_read_cards(a, first, 2, &seen) != 2 or ph_read_cards(b, second, 2, &seen) != 2:
            return -1
        k = self.pair_class[self.combo_index[first[0], first[1]], self.combo_index[second[0], second[1]]]
        if k < 0:
            return -1
        win[0] = self.counts[k, 0]
        tie[0] = self.counts[k, 1]
        if self.pair_swapped[self.combo_index[first[0], first[1]], self.combo_index[second[0], second[1]]]:
            win[0] = self.boards - win[0] - tie[0]
        return 0

    def equity(self, a, b):
        """The first hand's share of the pot, or None (see matchup)."""
        cdef int64_t win, tie
        if self.matchup(a, b, &win, &tie) < 0:
            return None
        return (win + tie / 2.0) / self.boards

    def counts_of(self, a, b):
        """(win, tie, lose, boards) of the first hand, or None (see matchup)."""
        cdef int64_t win, tie
        if self.matchup(a, b, &win, &tie) < 0:
            return None
        return win, tie, self.boards - win - tie, self.boards


cdef int _read_known(ph_eq_setup *s, str game, bint hilo, dict seats, int board_size, uint64_t deck,
                     players, board, dead, int n) except -1:
    """Fill ``s`` with the n known hands of ``players`` (one hole size), the board, the
    dead cards and the stub of the game's ``deck``: 1, or 0 when anything (a rare input
    form, a repeated card, too many players for the hole size) needs the Python path."""
    cdef uint8_t dead_cards[52]
    cdef uint64_t seen = 0
    cdef int p, i, k, size = 0
    memset(s, 0, sizeof(ph_eq_setup))
    k = ph_read_cards(board, s.board, board_size, &seen)
    if k < 0 or ph_read_cards(dead, dead_cards, 52, &seen) < 0:
        return 0
    s.n_board = k
    for p in range(n):
        k = ph_read_cards(players[p], s.hole[p], 8, &seen)
        if k < 0 or (p and k != size):
            return 0
        size = k
        s.n_hole[p] = k
    if seen & ~deck or n > seats.get(size, 0):
        return 0
    for i in range(52):
        if deck >> i & 1 and not seen >> i & 1:
            s.stub[s.n_stub] = i
            s.n_stub += 1
    if board_size - s.n_board > s.n_stub:
        return 0
    s.game = GAMES[game]
    s.hilo = hilo
    s.n_players = n
    s.hole_size = size
    s.board_size = board_size
    return 1


def exact_known(str game, bint hilo, int order, dict seats, int board_size, uint64_t deck, players, board, dead):
    """pokerhash.equity's fast path for the small question: every player a known hand
    (Hold'em, short deck, Omaha), read, checked and counted exactly here.

    ``seats`` maps each allowed hole size to the most players; ``deck`` is the game's
    cards as a bit mask. Returns (showdowns, equity, win, tie, high, low), the last
    five float64 arrays by player computed as pokerhash.equity's exact path computes
    them, or None when anything (a range, a rare input form, bad input) needs that
    path, which reads it or explains the error."""
    cdef ph_eq_setup *s
    cdef ph_eq_setup setup
    cdef uint8_t row[MAX_PLAYERS * 8]
    cdef double weight = 1.0
    cdef double sums[1 + 5 * MAX_PLAYERS]
    cdef int64_t deals = 0
    cdef int p, i, n
    cdef double pot
    if type(players) is not list and type(players) is not tuple:
        return None
    n = len(players)
    if n < 2 or n > MAX_PLAYERS:
        return None
    s = &setup
    if not _read_known(s, game, hilo, seats, board_size, deck, players, board, dead, n):
        return None
    for p in range(n):
        for i in range(s.hole_size):
            row[p * s.hole_size + i] = s.hole[p][i]
    s.order = order
    memset(sums, 0, sizeof(sums))
    with nogil:
        ph_eq_exact_rows(s, row, &weight, 1, sums, &deals)
    equity, win, tie, high, low = np.empty(n), np.empty(n), np.empty(n), np.empty(n), np.empty(n)
    cdef double[::1] e = equity, w = win, t = tie, h = high, l = low
    pot = PH_EQ_POT * (sums[0] if sums[0] else 1.0)
    for p in range(n):
        w[p] = sums[1 + 5 * p] / (sums[0] if sums[0] else 1.0)
        t[p] = sums[2 + 5 * p] / (sums[0] if sums[0] else 1.0)
        e[p] = sums[3 + 5 * p] / pot
        h[p] = sums[4 + 5 * p] / pot
        l[p] = sums[5 + 5 * p] / pot
    return deals, equity, win, tie, high, low


def exact_known_groups(str game, bint hilo, dict seats, int board_size, uint64_t deck, players, board, dead,
                       groups):
    """The equities of several groups of known Hold'em or Omaha hands (each a list of
    indices into ``players``, every other player's cards dead to it: the pots of one
    all-in, each contested by some of its players) counted in one walk over the boards,
    each group's the same floats as :func:`exact_known` of its own players (the exact
    counts are the same integers, divided the same way): a list per group, or None
    when anything (another game, a rare input form, bad input) needs that path."""
    cdef ph_eq_setup *s
    cdef ph_eq_setup setup
    cdef int p, i, n, g, n_groups
    cdef int group_n[MAX_PLAYERS]
    cdef int members[MAX_PLAYERS][MAX_PLAYERS]
    cdef const int *member_rows[MAX_PLAYERS]
    cdef ph_eq_counts counts[MAX_PLAYERS]
    cdef double deals, pot
    if game != "holdem" and game != "omaha":
        return None
    if type(players) is not list or type(groups) is not list:
        return None
    n = len(players)
    n_groups = len(groups)
    if n < 2 or n > MAX_PLAYERS or n_groups < 1 or n_groups > MAX_PLAYERS:
        return None
    for g in range(n_groups):
        group = groups[g]
        if type(group) is not list or not 2 <= len(group) <= n:
            return None
        group_n[g] = len(group)
        for i in range(group_n[g]):
            p = group[i]
            if not 0 <= p < n or p in group[:i]:
                return None
            members[g][i] = p
        member_rows[g] = members[g]
    s = &setup
    if not _read_known(s, game, hilo, seats, board_size, deck, players, board, dead, n):
        return None
    with nogil:
        ph_eq_exact_flop_groups(s, s.hole, n_groups, group_n, member_rows, counts, NULL, 0)
    out = []
    for g in range(n_groups):
        # As exact_known: the sums of one row of weight 1.0, then the same divisions.
        deals = <double>counts[g].deals
        pot = PH_EQ_POT * (deals if deals else 1.0)
        out.append([<double>counts[g].share[i] / pot for i in range(group_n[g])])
    return out


def matchup_key(int a, int b, int c, int d):
    """pokerhash.tracker.allin's key of the matchup of two Hold'em hands (a, b) and
    (c, d) in the shipped preflop table (each hand's high then low card, six bits a
    card, first hand then second), the least over the 24 suit renamings (in
    itertools.permutations order) and both seat orders, and whether only the swapped
    order reaches it: (key, swapped). tests/test_tracker_fast_paths.py keeps the same
    key computed in Python as its reference (its 24 renamings cost ~50,000
    instructions a heads-up all-in in Python)."""
    cdef int orders[24][4]
    cdef int n = 0, i, j, k, l, w, x, y, z, one, two
    cdef long best = 1 << 24, straight, turned
    cdef bint swapped = False
    for v in (a, b, c, d):
        if not 0 <= v < 52:
            raise InvalidValueError(f"card {v!r} is not 0..51")
    for i in range(4):
        for j in range(4):
            for k in range(4):
                for l in range(4):
                    if i != j and i != k and i != l and j != k and j != l and k != l:
                        orders[n][0], orders[n][1], orders[n][2], orders[n][3] = i, j, k, l
                        n += 1
    for i in range(24):
        w, x = (a & ~3) | orders[i][a & 3], (b & ~3) | orders[i][b & 3]
        y, z = (c & ~3) | orders[i][c & 3], (d & ~3) | orders[i][d & 3]
        one = (w << 6 | x) if w > x else (x << 6 | w)
        two = (y << 6 | z) if y > z else (z << 6 | y)
        straight, turned = (<long>one) << 12 | two, (<long>two) << 12 | one
        if straight <= best:
            swapped = False if straight < best else swapped
            best = straight
        if turned < best:
            best, swapped = turned, True
    return best, swapped

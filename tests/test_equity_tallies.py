"""The exact walk of board ranks (csrc/equity.h ph_eq_exact_flop_groups) with its
high-only tallies (each board's multiplicity summed by the set of a group's players
holding the best high, each set scored once) against the card-by-card walk
(ph_eq_exact_generic): the same integer counts, so the same floats to the last bit.
Random spots of 3 to 6 Hold'em players (pocket pairs, suited and unsuited hands,
shared ranks and suits), before the flop and on a flop or turn, with the pots' groups
of the all-in EV (exact_known_groups), and Omaha high and hi-lo (its flushes of two
hole cards; its tallies of best lows too)."""

import random

import numpy as np
import pytest

from pokerhash import _equity
from pokerhash._equity_api import _DECK_MASKS, _SEATS_BY_HOLE, GAMES, _Spec


def _generic(name, hands, board, dead):
    deals, counts = _Spec(hands, board, dead, name).deal().exact_generic()
    return deals, counts


def _floats(deals, counts):
    """exact_known's floats from integer counts (win, tie by deals; equity by pot units)."""
    return ([float(x) for x in counts[0] / deals], [float(x) for x in counts[1] / deals],
            [float(x) for x in counts[2] / (5040 * deals)])


def _known(name, hands, board, dead):
    g = GAMES[name]
    deals, equity, win, tie, _, _ = _equity.exact_known(g.kind, g.hilo, 0, _SEATS_BY_HOLE[g.name], g.board_size,
                                                        _DECK_MASKS[g.name], hands, board, dead)
    return deals, ([float(x) for x in win], [float(x) for x in tie], [float(x) for x in equity])


def _groups(name, hands, board, groups):
    g = GAMES[name]
    return _equity.exact_known_groups(g.kind, g.hilo, _SEATS_BY_HOLE[g.name], g.board_size, _DECK_MASKS[g.name],
                                      hands, board, [], groups)


def _spot(rng, n, size=2):
    """n hands of `size` cards: drawn from a few ranks and suits now and then, so that
    pocket pairs, suited hands and shared ranks and suits come often."""
    while True:
        ranks = rng.sample(range(13), rng.choice([3, 4, 6, 13]))
        suits = rng.sample(range(4), rng.choice([2, 3, 4]))
        pool = [4 * r + s for r in ranks for s in suits]
        if len(pool) >= n * size:
            break
    cards = rng.sample(pool, n * size)
    return [cards[i * size:(i + 1) * size] for i in range(n)]


def _check(name, hands, board, groups):
    deals, counts = _generic(name, hands, board, [])
    found_deals, found = _known(name, hands, board, [])
    assert found_deals == deals and found == _floats(deals, counts), (hands, board)
    together = _groups(name, hands, board, groups)
    for group, equity in zip(groups, together):
        dead = [c for i, hand in enumerate(hands) if i not in group for c in hand]
        deals, counts = _generic(name, [hands[i] for i in group], board, dead)
        assert equity == _floats(deals, counts)[2], (hands, board, group)


def _pots(rng, n):
    """Groups as the all-in EV's pots: every player, then smaller side pots."""
    groups = [rng.sample(range(n), n)]
    while len(groups[-1]) > 2 and rng.random() < 0.7:
        groups.append(rng.sample(groups[-1], len(groups[-1]) - 1))
    return groups


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_flop_and_turn_spots_against_the_card_by_card_walk(n):
    rng = random.Random(f"tallies{n}")
    for _ in range(40):
        hands = _spot(rng, n)
        used = {c for hand in hands for c in hand}
        board = rng.sample([c for c in range(52) if c not in used], rng.choice([3, 4]))
        _check("holdem", hands, board, _pots(rng, n))


# Before the flop (1.7 million boards a count card by card): fixed spots that cover the
# tallies' cases, then random ones.
PREFLOP = [
    [[48, 44], [49, 45], [2, 6]],      # As Ks, Ah Kh, 2h 3h: suited twins but for the third
    [[48, 49], [44, 45], [40, 36]],    # aces, kings, a suited queen-jack
    [[0, 1], [2, 3], [4, 5]],          # deuces twice, threes: shared ranks, many ties
    [[48, 4], [49, 5], [50, 6], [51, 7]],  # the same two ranks four times: chopped boards
]


@pytest.mark.parametrize("hands", PREFLOP)
def test_preflop_spots_against_the_card_by_card_walk(hands):
    n = len(hands)
    _check("holdem", hands, [], [list(range(n)), list(range(n - 1, 0, -1))])
    # Groups that are not nested (one player's flush marks some of them, not all).
    _check("holdem", hands, [], [list(range(n)), [0, 1], [2, 1], [0, 2]])


def test_random_preflop_spots_against_the_card_by_card_walk():
    rng = random.Random("tallies preflop")
    for n in (3, 3, 4, 6):
        _check("holdem", _spot(rng, n), [], _pots(rng, n))


def test_omaha_high_against_the_card_by_card_walk():
    rng = random.Random("tallies omaha")
    for n in (3, 4):
        for _ in range(5):
            hands = _spot(rng, n, 4)
            used = {c for hand in hands for c in hand}
            board = rng.sample([c for c in range(52) if c not in used], 3)
            _check("plo", hands, board, _pots(rng, n))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_omaha_hi_lo_against_the_card_by_card_walk(n):
    # The tallies by best highs and best lows (no low qualifying among them); five
    # players' sets (4^5) are beyond the room: scored board by board.
    rng = random.Random(f"tallies hi-lo {n}")
    for _ in range(6):
        hands = _spot(rng, n, 4)
        used = {c for hand in hands for c in hand}
        board = rng.sample([c for c in range(52) if c not in used], rng.choice([3, 4]))
        _check("omaha-hi-lo", hands, board, _pots(rng, n))


def test_omaha_hi_lo_low_hands_against_the_card_by_card_walk():
    # Low cards (aces to eights) in every hand: split pots, shared and quartered lows.
    rng = random.Random("tallies lows")
    lows = [c for c in range(52) if c // 4 <= 6 or c // 4 == 12]
    for n in (2, 3, 4):
        for _ in range(4):
            cards = rng.sample(lows, 4 * n)
            hands = [cards[i * 4:(i + 1) * 4] for i in range(n)]
            used = set(cards)
            board = rng.sample([c for c in range(52) if c not in used], 3)
            _check("omaha-hi-lo", hands, board, _pots(rng, n))


def test_many_players_beyond_the_tallies_room():
    # Groups of ten and nine players (2^10 + 2^9 sets: more than the tallies' room):
    # scored board by board, the same counts.
    rng = random.Random("tallies ten")
    hands = _spot(rng, 10)
    used = {c for hand in hands for c in hand}
    board = rng.sample([c for c in range(52) if c not in used], 4)
    _check("holdem", hands, board, [list(range(10)), list(range(1, 10))])
    assert np.isfinite(_groups("holdem", hands, board, [list(range(10))])[0]).all()


@pytest.mark.parametrize("board", [[], [8, 12, 30]])
def test_groups_that_leave_out_the_flush_maker(board):
    # Only the side pot of players 1 and 2 is counted (as the all-in EV does when the
    # main pot's count is already known): player 0, in no group, makes every flush of
    # hearts, so no group is marked on those boards. The walk once wrote through an
    # unset pointer here.
    hands = [[49, 45], [48, 6], [50, 7]]   # two hearts; the others no two of a suit
    _check("holdem", hands, board, [[1, 2]])
    _check("holdem", hands, board, [[2, 1], [1, 2]])

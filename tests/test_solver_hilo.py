"""pokerhash.solver on Omaha hi/lo eight or better (game="omaha-hi-lo", four cards;
"big-o", five): the pot split between the best high and the best qualifying low
(rules: Pots, splitting and rake), checked on closed-form spots (a scoop, a quartered
pot, a board without a low) and against the brute-force best response of
reference_solver, whose low is worked out from the ranks alone."""

import numpy as np
import pytest

import pokerhash as ph
from pokerhash.errors import InvalidCardError, InvalidValueError
from pokerhash.solver import BetSizes, OmahaRange, Solution, Spot, solve
from pokerhash.solver import omaha

import reference_solver
from omaha_hands import overlapping_hands, random_hands

RIVER, TURN = "Ks8d5c3hQs", "Ks8d5c3h"  # three low ranks: lows are possible
NO_LOW = "KcQd9h9s2c"  # one low card: no hand has a low
CHECKS = {"bet": ""}  # nobody bets: the root's check, check is the showdown


def showdown_ev(board, oop, ip, game, **options):
    """OOP's EV (chips of the pot of 100) when both check down."""
    spot = Spot(board, oop, ip, 100, 100, CHECKS, game=game, **options)
    solution = Solution(spot, threads=1).run(target=None, iterations=1)
    assert solution.root.actions == ["check"]
    return solution.root.ev("oop")


# --- the split: closed forms ----------------------------------------------------------


def test_the_game_names():
    for name in ("omaha-hi-lo", "plo8", "omaha8", "PLO8"):
        spot = Spot(RIVER, "AsAd2c4d", "KdKh9c9d", 100, 100, CHECKS, game=name)
        assert spot.game == "omaha-hi-lo" and spot.hilo and spot.hand_size == 4
    big_o = Spot(RIVER, "AsAd2c4d7h", "KdKh9c9dJd", 100, 100, CHECKS, game="big-o")
    assert big_o.hilo and big_o.hand_size == 5
    assert Spot.from_dict(big_o.to_dict()).game == "big-o"
    with pytest.raises(InvalidCardError):
        Spot(RIVER, "AsAd2c4d", "KdKh9c9d", 100, 100, CHECKS, game="big-o")  # four cards in Big O
    with pytest.raises(InvalidCardError):
        Spot(RIVER, "AsAd2c4dKs", "KdKh9c9dJd", 100, 100, CHECKS, game="big-o")  # a board card
    with pytest.raises(InvalidValueError):
        Spot(RIVER, "AsAd2c4d, 4d2cAdAs", "KdKh9c9d", 100, 100, CHECKS, game="omaha-hi-lo")  # twice


def test_scoop_quarter_and_no_low():
    board = "Kc8d4h4s2c"
    # Quads and the nut low (A3 with 8-4-2) against aces up without a low: a scoop.
    assert showdown_ev(board, "4c4dAd3s", "AcAhQdJd", "omaha-hi-lo")[0] == pytest.approx(100)
    # The quads against aces up with the same nut low (A3): the high half, and half
    # the low half: 75 (rules: Pots, splitting and rake, the quartering example).
    assert showdown_ev(board, "4c4dAd3s", "AcAh3d5h", "omaha-hi-lo")[0] == pytest.approx(75)
    # The aces up with a worse low (A5: 8-5-4-2-A) than the other's 8-4-3-2-A: the
    # quads scoop again, a low not being enough.
    assert showdown_ev(board, "4c4dAd3s", "AcAh5d6h", "omaha-hi-lo")[0] == pytest.approx(100)
    # The best high without a low against a low that loses the high: half each.
    assert showdown_ev(board, "KdKhQcJc", "Ad3d9c9h", "omaha-hi-lo")[0] == pytest.approx(50)
    # No qualifying low on the board: the high takes the whole pot.
    assert showdown_ev(NO_LOW, "AsAd3c4d", "KdKh5c6c", "omaha-hi-lo")[0] == pytest.approx(0)
    # Equal highs (the board plays ... two pair each) and one low: three quarters.
    assert showdown_ev("AcKd8h4s2c", "QsQh3d6c", "QdQc9h9d", "omaha-hi-lo")[0] == pytest.approx(75)
    # With rake the shares are of what is left (95): the quarter of 5 chips' rake.
    ev = showdown_ev(board, "4c4dAd3s", "AcAh3d5h", "omaha-hi-lo", rake=0.05)[0]
    assert ev == pytest.approx(0.75 * 95)
    # Big O: five cards, the same rules.
    assert showdown_ev(board, "4c4dAd3sKd", "AcAh3d5hQd", "big-o")[0] == pytest.approx(75)


def test_closed_form_scoop_river():
    """OOP holds a scoop (quads and the nut low) and air (no low, the worst high), IP a
    bluff-catcher that scoops the air: the high-only closed form holds, bets hold
    B / (P + 2B) = 1/3 bluffs, the catcher calls 1/2, the scoop wins P + B / 2."""
    board = "Kc8d4h4s2c"
    oop = OmahaRange("4c4dAd3s, 9h9cTdJc: 3")
    spot = Spot(board, oop, "AcAhQdJd", 100, 1000, {"oop": {"bet": "100%"}, "ip": {"bet": ""}}, game="omaha-hi-lo")
    assert spot.hilo
    solution = solve(spot, target=0.01, iterations=3000, threads=1)
    assert solution.history[-1][1] <= 0.01
    bet = solution.node("bet 100")
    weights = bet.range("oop").weights
    assert weights[1] / weights.sum() == pytest.approx(1 / 3, abs=1e-3)
    assert bet.aggregate()["call"] == pytest.approx(0.5, abs=1e-3)
    assert solution.root.ev("oop")[0] == pytest.approx(150, abs=0.2)


def test_equity_is_the_share_of_the_pot():
    board = ph.cards(RIVER)
    oop = overlapping_hands(RIVER, 12, 4, 1, 16)
    ip = overlapping_hands(RIVER, 12, 4, 2, 16)
    spot = Spot(RIVER, oop, ip, 100, 100, CHECKS, game="omaha-hi-lo")
    equity = Solution(spot, threads=1).root.equity("oop")
    for i, h in enumerate(spot.ranges[0].cards.tolist()):
        shares = [reference_solver._share(tuple(h), tuple(o), tuple(board), True)
                  for o in spot.ranges[1].cards.tolist() if not set(h) & set(o)]
        if shares:
            assert equity[i] == pytest.approx(np.mean(shares))


def test_low_strengths():
    cards = np.array(random_hands(60, RIVER, 5, 5), dtype=np.uint8)
    got = omaha.strengths(np.array([ph.cards(RIVER)], dtype=np.uint8), cards, low=True)[0]
    order = {}
    for hand, value in zip(cards.tolist(), got.tolist()):
        low = reference_solver._low(tuple(hand), tuple(ph.cards(RIVER)))
        assert (value >= 2) == bool(low)
        order.setdefault(low, set()).add(value)
    lows = sorted(k for k in order if k)
    assert all(len(v) == 1 for v in order.values())  # one strength per low
    values = [next(iter(order[k])) for k in lows]
    assert values == sorted(values, reverse=True)  # a better (smaller) low is stronger


# --- against the brute force ----------------------------------------------------------


@pytest.mark.parametrize("game, size", [("omaha-hi-lo", 4), ("big-o", 5)])
@pytest.mark.parametrize("options", [{}, {"rake": 0.05, "rake_cap": 3}])
def test_river_exploitability_matches_brute_force(game, size, options):
    oop = overlapping_hands(RIVER, 20, size, 7, 14)
    ip = overlapping_hands(RIVER, 20, size, 8, 14)
    weights = np.random.default_rng(9).random(20) + 0.1
    spot = Spot(RIVER, OmahaRange(oop, weights, hand_size=size), ip, 100, 200, BetSizes.parse("50%, a", "100%"),
                game=game, **options)
    lows = [bool(reference_solver._low(tuple(h), tuple(spot.board))) for h in spot.ranges[0].cards.tolist()]
    assert 0 < sum(lows) < len(lows)  # hands with and without a low
    solution = Solution(spot, threads=1).run(target=None, iterations=5)
    reference = reference_solver.exploitability(solution)
    assert reference > 0.5
    assert solution.exploitability() == pytest.approx(reference, rel=1e-4, abs=1e-4)


@pytest.mark.parametrize("game, size", [("omaha-hi-lo", 4), ("big-o", 5)])
def test_turn_exploitability_matches_brute_force(game, size):
    spot = Spot(TURN, overlapping_hands(TURN, 7, size, 11, 20), overlapping_hands(TURN, 7, size, 12, 20), 100, 100,
                BetSizes.parse("100%", ""), game=game)
    solution = Solution(spot, threads=1, isomorphism=False).run(target=None, iterations=3)
    reference = reference_solver.exploitability(solution)
    assert reference > 0.5
    assert solution.exploitability() == pytest.approx(reference, rel=1e-4, abs=1e-4)


def test_turn_converges_and_threads_agree():
    sizes = BetSizes.parse("50%, 100%", "100%")
    spot = Spot(TURN, random_hands(80, TURN, 3, 4), random_hands(80, TURN, 4, 4), 100, 200, sizes, game="omaha-hi-lo")
    one = Solution(spot, threads=1).run(target=None, iterations=6)
    two = Solution(spot, threads=2).run(target=None, iterations=6)
    for name in ("regret0", "regret1", "strategy0", "strategy1"):
        assert np.array_equal(getattr(one._kernel, name), getattr(two._kernel, name))
    solution = solve(spot, target=0.5, iterations=300, threads=2)
    assert solution.history[-1][1] <= 0.5
    assert sum(solution.ev()) == pytest.approx(100, abs=1e-3)


def test_command_line(tmp_path, capsys):
    from pokerhash.cli import main

    spot = tmp_path / "hilo.toml"
    spot.write_text('game = "plo8"\nboard = "Kc8d4h4s2c"\noop = "4c4dAd3s, 9h9cTdJc: 3"\nip = "AcAhQdJd"\n'
                    'pot = 100\nstack = 1000\n[sizes.oop]\nbet = "100%"\n[sizes.ip]\nbet = ""\n'
                    '[solve]\ntarget = 0.05\niterations = 2000\n')
    assert main(["solve", str(spot)]) == 0
    out = capsys.readouterr().out
    assert "game='omaha-hi-lo'" in out and "bet 100" in out
    big_o = tmp_path / "big_o.toml"
    big_o.write_text(spot.read_text().replace('"plo8"', '"big-o"'))
    assert main(["solve", str(big_o)]) == 2  # four-card hands in a five-card game
    assert "card" in capsys.readouterr().err


@pytest.mark.parametrize("game, size", [("omaha-hi-lo", 4), ("big-o", 5), ("plo5", 5), ("plo6", 6)])
def test_suit_isomorphism_on_a_symmetric_range(game, size):
    # Spades and diamonds are off the board and the ranges treat them alike: the
    # kernel deals one of each pair of twin river cards (the lows know no suits), and
    # the brute force, reading the twin's strategies through the Node API, agrees.
    # (Solved without the symmetry, the iterates part after a few iterations: regrets
    # of 0 there come out as +-1e-9, which regret matching follows.)
    board = "Kh8h5h2c"
    swap = {1: 3, 3: 1}  # diamonds and spades (suits c, d, h, s = 0..3)

    def symmetric(hands):
        out = {tuple(sorted(h)) for h in hands}
        out |= {tuple(sorted(c // 4 * 4 + swap.get(c % 4, c % 4) for c in h)) for h in out}
        return [list(h) for h in sorted(out)]

    base = random_hands(8, board + "AdAs", 21, size)
    spot = Spot(board, symmetric(base[:4]), symmetric(base[4:]), 100, 100, BetSizes.parse("100%", ""), game=game)
    iso = Solution(spot, threads=1).run(target=None, iterations=3)
    full = Solution(spot, threads=1, isomorphism=False).run(target=None, iterations=2)
    assert iso.tree.swaps == [(1, 3)] and iso.tree.memory < full.tree.memory
    reference = reference_solver.exploitability(iso)
    assert reference > 0.5
    assert iso.exploitability() == pytest.approx(reference, rel=1e-4, abs=1e-4)
    two = Solution(spot, threads=1).run(target=None, iterations=2)
    assert two.exploitability() == pytest.approx(full.exploitability(), rel=1e-5)


@pytest.mark.slow
def test_flop_exploitability_matches_brute_force():
    # Two chance levels (47 x 46 runouts in the brute force), betting on the river only
    # to keep the brute force's walk short (test_solver_plo's flop: four-card PLO).
    sizes = {"flop": {"bet": ""}, "turn": {"bet": ""}, "river": {"bet": "100%"}}
    board = "Ks8d3h"
    spot = Spot(board, random_hands(2, board, 11, 5), random_hands(2, board, 12, 5), 100, 100, sizes, game="big-o")
    solution = Solution(spot, threads=2, isomorphism=False).run(target=None, iterations=3)
    reference = reference_solver.exploitability(solution)
    assert reference > 0.5
    assert solution.exploitability() == pytest.approx(reference, rel=1e-4, abs=1e-4)

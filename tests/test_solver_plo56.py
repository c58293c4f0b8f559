"""pokerhash.solver on five- and six-card pot-limit Omaha (game="plo5", "plo6"): ranges
of five- and six-card hands, card removal by inclusion-exclusion over 31 and 63 card
subsets, the closed-form river, and the exploitability against the brute-force best
response of reference_solver (every two-plus-three hand evaluated pair by pair)."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerhash as ph
from pokerhash.errors import InvalidCardError, InvalidValueError, PokerhashError
from pokerhash.solver import BetSizes, OmahaRange, Solution, Spot, solve
from pokerhash.solver import omaha

import reference_solver
from omaha_hands import overlapping_hands, random_hands

RIVER, TURN = "QsJh2h8d3c", "QsJh2h8d"
SIZES = BetSizes.parse("50%, 100%", "100%")
GAMES = {"plo5": 5, "plo6": 6}


# --- ranges and bad input -------------------------------------------------------------


@pytest.mark.parametrize("game, size", GAMES.items())
def test_ranges_of_five_and_six_cards(game, size):
    hands = random_hands(4, RIVER, 1, size)
    text = ", ".join(ph.cards_str(h).replace(" ", "") for h in hands) + ": 0.5"
    rng = OmahaRange(text, hand_size=size)
    assert rng.cards.shape == (4, size) and rng.weights.tolist() == [1, 1, 1, 0.5]
    assert OmahaRange(str(rng), hand_size=size).hands == rng.hands
    assert rng.index(list(reversed(hands[2]))) == 2
    assert repr(rng) == f"OmahaRange(4 hands of {size} cards)"
    spot = Spot(RIVER, rng, hands, 100, 200, SIZES, game=game)
    assert spot.hand_size == size and spot.omaha and not spot.hilo
    again = Spot.from_dict(spot.to_dict())
    assert again.game == game and np.array_equal(again.ranges[0].cards, spot.ranges[0].cards)


@pytest.mark.parametrize("game, size", GAMES.items())
def test_bad_input_is_refused(game, size):
    hands = random_hands(10, RIVER, 1, size)
    four = random_hands(10, RIVER, 1, 4)
    with pytest.raises(InvalidCardError):  # four-card hands in a five- or six-card game
        Spot(RIVER, four, hands, 100, 200, SIZES, game=game)
    with pytest.raises(InvalidCardError):  # one card too many
        Spot(RIVER, random_hands(10, RIVER, 1, size + 1), hands, 100, 200, SIZES, game=game)
    with pytest.raises(InvalidCardError):  # a card twice in a hand
        Spot(RIVER, [hands[0][:-1] + hands[0][:1]], hands, 100, 200, SIZES, game=game)
    with pytest.raises(InvalidCardError):  # a hand holding a board card
        Spot(RIVER, hands + [hands[0][:-1] + [ph.card("Qs")]], hands, 100, 200, SIZES, game=game)
    with pytest.raises(InvalidValueError):  # the same hand twice, its cards in another order
        Spot(RIVER, hands + [list(reversed(hands[0]))], hands, 100, 200, SIZES, game=game)
    with pytest.raises(InvalidValueError):  # an OmahaRange of another hand size
        Spot(RIVER, OmahaRange(four), hands, 100, 200, SIZES, game=game)
    with pytest.raises(InvalidValueError, match="pot-limit"):
        Spot(RIVER, hands, hands, 100, 200, BetSizes.parse("150%"), game=game)
    for bad in (3, 7, True, "5"):
        with pytest.raises(InvalidValueError):
            OmahaRange(hands, hand_size=bad)
    with pytest.raises(InvalidValueError):
        Spot(RIVER, hands, hands, 100, 200, SIZES, game="plo7")
    assert issubclass(InvalidCardError, PokerhashError)


# --- card removal ---------------------------------------------------------------------


@pytest.mark.parametrize("size, count", [(4, 15), (5, 31), (6, 63)])
def test_subsets_odd_sizes_first(size, count):
    subsets = omaha.subsets(size)
    assert len(subsets) == count == len(set(subsets))
    odd = 1 << (size - 1)
    assert all(len(s) % 2 for s in subsets[:odd]) and not any(len(s) % 2 for s in subsets[odd:])


@pytest.mark.parametrize("size", [5, 6])
def test_compatible_reach_is_exact(size):
    a = np.array(random_hands(50, "", 3, size), dtype=np.uint8)
    b = np.array(random_hands(60, "", 4, size) + [list(a[0])], dtype=np.uint8)
    reach = np.random.default_rng(5).random(len(b))
    fast = omaha.compatible_reach(a, b, reach)
    slow = [sum(r for o, r in zip(b.tolist(), reach) if not set(h) & set(o)) for h in a.tolist()]
    assert np.allclose(fast, slow, rtol=0, atol=1e-9)


_SMALL = {size: [list(h) for h in itertools.combinations(range(11), size)] for size in (5, 6)}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([5, 6]), st.data())
def test_compatible_reach_property(size, data):
    """Hands from 11 cards share most of their cards: every subset size matters."""
    pick = st.lists(st.sampled_from(range(len(_SMALL[size]))), min_size=1, max_size=25, unique=True)
    a = np.array([_SMALL[size][i] for i in data.draw(pick)], dtype=np.uint8)
    b = np.array([_SMALL[size][i] for i in data.draw(pick)], dtype=np.uint8)
    reach = np.array(data.draw(st.lists(st.floats(0, 1), min_size=len(b), max_size=len(b))))
    fast = omaha.compatible_reach(a, b, reach)
    slow = [sum(r for o, r in zip(b.tolist(), reach) if not set(h) & set(o)) for h in a.tolist()]
    assert np.allclose(fast, slow, rtol=0, atol=1e-9)


@pytest.mark.parametrize("size", [5, 6])
def test_showdown_strengths_use_two_hole_cards(size):
    cards = np.array(random_hands(25, RIVER, 6, size), dtype=np.uint8)
    got = omaha.strengths(np.array([ph.cards(RIVER)], dtype=np.uint8), cards)[0]
    for hand, value in zip(cards.tolist(), got.tolist()):
        assert value == max(ph.evaluate(list(two + three)) for two in itertools.combinations(hand, 2)
                            for three in itertools.combinations(ph.cards(RIVER), 3))


# --- solving --------------------------------------------------------------------------


@pytest.mark.parametrize("game, nuts, catcher, air", [
    ("plo5", "4c4dTsTh9s", "AcAhQdJdJc", "9h7h6d5c3d"),
    ("plo6", "4c4dTsTh9s9c", "AcAhQdJdJc3h", "9h7h6d5c3d3s"),
])
def test_closed_form_river(game, nuts, catcher, air):
    """Nuts and air against a bluff-catcher, one pot-sized bet: bets hold B / (P + 2B) =
    1/3 bluffs, the catcher calls P / (P + B) = 1/2, the nuts win P + B / 2."""
    board = "Kc8d4h4s2c"
    value = {h: max(ph.evaluate(list(t + b)) for t in itertools.combinations(ph.cards(h), 2)
                    for b in itertools.combinations(ph.cards(board), 3)) for h in (nuts, catcher, air)}
    assert value[nuts] > value[catcher] > value[air]
    oop = OmahaRange(f"{nuts}, {air}: 3", hand_size=GAMES[game])
    spot = Spot(board, oop, catcher, 100, 1000, {"oop": {"bet": "100%"}, "ip": {"bet": ""}}, game=game)
    solution = solve(spot, target=0.01, iterations=3000, threads=1)
    assert solution.history[-1][1] <= 0.01
    bet = solution.node("bet 100")
    weights = bet.range("oop").weights
    assert weights[1] / weights.sum() == pytest.approx(1 / 3, abs=1e-3)
    assert bet.aggregate()["call"] == pytest.approx(0.5, abs=1e-3)
    assert solution.root.hand_strategy(nuts)["bet 100"] == pytest.approx(1, abs=1e-3)
    assert solution.root.ev("oop")[0] == pytest.approx(150, abs=0.2)


@pytest.mark.parametrize("game, size", GAMES.items())
@pytest.mark.parametrize("options", [{}, {"rake": 0.05, "rake_cap": 3}])
def test_river_exploitability_matches_brute_force(game, size, options):
    # Hands from a 13-card deck share many cards; a few iterations leave the
    # strategies far from an equilibrium, so the best responses gain something.
    oop = overlapping_hands(RIVER, 20, size, 7, 13)
    ip = overlapping_hands(RIVER, 20, size, 8, 13)
    weights = np.random.default_rng(9).random(20) + 0.1
    spot = Spot(RIVER, OmahaRange(oop, weights, hand_size=size), ip, 100, 200, BetSizes.parse("50%, a", "100%"),
                game=game, **options)
    solution = Solution(spot, threads=1).run(target=None, iterations=3)
    reference = reference_solver.exploitability(solution)
    assert reference > 0.5
    assert solution.exploitability() == pytest.approx(reference, rel=1e-4, abs=1e-4)


@pytest.mark.parametrize("game, size", GAMES.items())
def test_turn_exploitability_matches_brute_force(game, size):
    # The chance node: a river card comes with probability 1 / (48 - 2 x size) for a
    # pair of hands, and the hands holding the dealt card drop out.
    spot = Spot(TURN, random_hands(6, TURN, 11, size), random_hands(6, TURN, 12, size), 100, 100,
                BetSizes.parse("100%", ""), game=game)
    solution = Solution(spot, threads=1, isomorphism=False).run(target=None, iterations=3)
    reference = reference_solver.exploitability(solution)
    assert reference > 0.5
    assert solution.exploitability() == pytest.approx(reference, rel=1e-4, abs=1e-4)


@pytest.mark.parametrize("game, size", GAMES.items())
def test_turn_converges_and_threads_agree(game, size):
    spot = Spot(TURN, random_hands(60, TURN, 3, size), random_hands(60, TURN, 4, size), 100, 200, SIZES, game=game)
    one = Solution(spot, threads=1).run(target=None, iterations=6)
    two = Solution(spot, threads=2).run(target=None, iterations=6)
    for name in ("regret0", "regret1", "strategy0", "strategy1"):
        assert np.array_equal(getattr(one._kernel, name), getattr(two._kernel, name))
    solution = solve(spot, target=0.5, iterations=300, threads=2)
    assert solution.history[-1][1] <= 0.5
    assert sum(solution.ev()) == pytest.approx(100, abs=1e-3)
    # Per-hand results in the order of the range, equities against the other range.
    strategy = solution.root.strategy()
    assert all(v.shape == (60,) for v in strategy.values())
    assert np.allclose(sum(strategy.values()), 1)
    assert solution.root.range("oop").hand_size == size
    equity = solution.root.equity("oop")
    assert ((equity >= 0) & (equity <= 1)).all()


def test_save_and_load(tmp_path):
    spot = Spot(RIVER, random_hands(30, RIVER, 1, 6), random_hands(30, RIVER, 2, 6), 100, 200, SIZES, game="plo6")
    solution = solve(spot, target=None, iterations=10, threads=1)
    solution.save(tmp_path / "plo6.npz")
    loaded = Solution.load(tmp_path / "plo6.npz")
    assert loaded.spot.game == "plo6" and loaded.spot.hand_size == 6
    assert loaded.exploitability() == pytest.approx(solution.exploitability())

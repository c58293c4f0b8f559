"""pokerhash.solver on pot-limit Omaha: ranges of four-card hands, pot-limit betting,
card removal by inclusion-exclusion, convergence, and the exploitability against the
brute-force best response of reference_solver (Omaha showdowns from pokerhash.evaluate
of every two-plus-three hand)."""

import itertools
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerhash as ph
from pokerhash.errors import InvalidCardError, InvalidValueError, PokerhashError
from pokerhash.solver import BetSizes, OmahaRange, Solution, Spot, build_tree, solve
from pokerhash.solver import omaha

import reference_solver

RIVER, TURN = "QsJh2h8d3c", "QsJh2h8d"
SIZES = BetSizes.parse("50%, 100%", "100%")


def random_hands(n, board, seed):
    """n distinct four-card hands without a board card, in a fixed random order."""
    rng = np.random.default_rng(seed)
    deck = [c for c in range(52) if c not in ph.cards(board)]
    seen = {}
    while len(seen) < n:
        hand = tuple(sorted(rng.choice(deck, 4, replace=False).tolist()))
        seen.setdefault(hand, len(seen))
    return [list(h) for h in seen]


def plo_spot(board, n, seeds=(1, 2), sizes=SIZES, **options):
    return Spot(board, random_hands(n, board, seeds[0]), random_hands(n, board, seeds[1]), 100, 200, sizes,
                game="plo", **options)


# --- ranges ---------------------------------------------------------------------------


def test_omaha_range_reads_text_lists_and_mappings():
    text = OmahaRange("AsKsQdJd, 7c6c5h4h: 0.5")
    assert text.hands == ["AsKsQdJd", "7c6c5h4h"]
    assert text.weights.tolist() == [1.0, 0.5]
    assert str(text) == "AsKsQdJd, 7c6c5h4h: 0.5"
    assert OmahaRange(str(text)).hands == text.hands
    listed = OmahaRange(["JdQdKsAs", [ph.card("4h"), ph.card("5h"), ph.card("6c"), ph.card("7c")]], [1, 0.5])
    assert listed.hands == text.hands and listed.weights.tolist() == [1.0, 0.5]
    mapped = OmahaRange({"AsKsQdJd": 1.0, "7c6c5h4h": 0.5})
    assert np.array_equal(mapped.cards, text.cards)
    assert text.index("4h5h6c7c") == 1
    assert len(OmahaRange(text)) == 2
    assert text.holding(ph.cards("2c3c7c")).tolist() == [False, True]


@pytest.mark.parametrize("bad, error", [
    ("AsKsQd", InvalidCardError),              # three cards
    ("AsKsQdJdTd", InvalidCardError),          # five cards
    ("AsKsQdQd", InvalidCardError),            # a card twice
    ("AsKsQdJd, JdQdKsAs", InvalidValueError),  # the same hand twice
    ("AsKsQdJd: x", InvalidValueError),
    ("AsKsQdJd: -1", InvalidValueError),
    (42, InvalidValueError),
])
def test_omaha_range_refuses_bad_hands(bad, error):
    with pytest.raises(error):
        OmahaRange(bad)
    assert issubclass(error, PokerhashError)


def test_omaha_range_weights_must_match():
    with pytest.raises(InvalidValueError):
        OmahaRange(["AsKsQdJd"], [1, 2])
    with pytest.raises(InvalidValueError):
        OmahaRange(["AsKsQdJd"], [float("nan")])
    with pytest.raises(InvalidValueError):
        OmahaRange({"AsKsQdJd": True})


# --- the spot and pot-limit betting ---------------------------------------------------


def test_spot_refuses_bad_plo_input():
    hands = random_hands(20, RIVER, 1)
    with pytest.raises(InvalidCardError):  # a hand holds a board card
        Spot(RIVER, hands + [ph.cards("QsAdAc2d")], hands, 100, 200, SIZES, game="plo")
    with pytest.raises(InvalidCardError):  # a board card twice
        Spot("QsQs2h8d3c", hands, hands, 100, 200, SIZES, game="plo")
    with pytest.raises(InvalidCardError):  # Hold'em hands
        Spot(RIVER, "AA", hands, 100, 200, SIZES, game="plo")
    for sizes in (BetSizes.parse("150%"), BetSizes.parse("50%", "120%"), {"river": {"ip": {"donk": "101%"}}}):
        with pytest.raises(InvalidValueError, match="pot-limit"):
            Spot(RIVER, hands, hands, 100, 200, sizes, game="plo")
    with pytest.raises(InvalidValueError):
        Spot(RIVER, hands, hands, 100, 200, SIZES, game="razz")  # not a game the solver plays
    with pytest.raises(InvalidValueError):  # nothing of positive weight
        Spot(RIVER, OmahaRange(hands, [0] * len(hands)), hands, 100, 200, SIZES, game="plo")


def test_pot_limit_tree():
    hands = random_hands(10, RIVER, 1)
    spot = Spot(RIVER, hands, hands, 100, 1000, BetSizes.parse("50%, 100%, a", "50%, 100%, 3x, a"), game="plo",
                allin_threshold=0)
    root = build_tree(spot).root
    # All-in is clipped to the pot limit (a pot-sized bet), so it is the 100% bet.
    assert root.names == ["check", "bet 50", "bet 100"]
    # Facing a pot bet of 100 into 100: a pot raise makes it 100 + (300) = 400; 3x
    # (300) is under the limit; "a" is the limit.
    assert root.children[2].names == ["fold", "call", "raise 250", "raise 300", "raise 400"]
    # Facing 50 (pot 150 after): half-pot raises to 50 + 0.5 * 200 = 150, pot to 250.
    assert root.children[1].names == ["fold", "call", "raise 150", "raise 250"]
    # With a stack under the pot-sized bet the limit is the stack: an all-in.
    short = Spot(RIVER, hands, hands, 100, 80, BetSizes.parse("50%, a"), game="plo", allin_threshold=0)
    assert build_tree(short).root.names == ["check", "bet 50", "allin 80"]
    # The all-in threshold forces an all-in only when the pot limit allows it: 1000
    # behind a pot bet of 100 stays a bet of 100 whatever the threshold.
    deep = Spot(RIVER, hands, hands, 100, 1000, BetSizes.parse("100%"), game="plo", allin_threshold=10)
    assert build_tree(deep).root.names == ["check", "bet 100"]
    close = Spot(RIVER, hands, hands, 100, 110, BetSizes.parse("100%"), game="plo")  # 10 behind < 0.15 x 300
    assert build_tree(close).root.names == ["check", "bet 100"]  # all-in 110 would pass the limit
    near = Spot(RIVER, hands, hands, 100, 100, BetSizes.parse("90%"), game="plo")  # 10 behind < 0.15 x 280
    assert build_tree(near).root.names == ["check", "allin 100"]


def test_spot_round_trips_through_plain_data():
    spot = Spot(RIVER, OmahaRange(random_hands(6, RIVER, 1), [1, 0.5, 0.25, 1 / 3, 1e-7, 1]), random_hands(5, RIVER, 2),
                100, 200, SIZES, game="plo")
    data = json.loads(json.dumps(spot.to_dict()))
    assert data["game"] == "plo"
    again = Spot.from_dict(data)
    assert again.game == "plo"
    for a, b in zip(spot.ranges, again.ranges):
        assert np.array_equal(a.cards, b.cards) and np.array_equal(a.weights, b.weights)
    assert "game" not in Spot(RIVER, "AA", "KK", 100, 200).to_dict()


# --- card removal ---------------------------------------------------------------------


def test_compatible_reach_is_exact():
    """The inclusion-exclusion over shared cards equals counting pair by pair."""
    a = np.array(random_hands(60, "", 3), dtype=np.uint8)
    b = np.array(random_hands(70, "", 4) + [list(a[0]), [int(a[1][0]), int(a[1][1]), int(a[2][0]), int(a[2][1])]],
                 dtype=np.uint8)
    reach = np.random.default_rng(5).random(len(b))
    fast = omaha.compatible_reach(a, b, reach)
    slow = [sum(r for o, r in zip(b, reach) if not set(h.tolist()) & set(o.tolist())) for h in a]
    assert np.allclose(fast, slow, rtol=0, atol=1e-9)


_SMALL_DECK_HANDS = [list(h) for h in itertools.combinations(range(10), 4)]  # 10 cards: hands overlap a lot


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(range(len(_SMALL_DECK_HANDS))), min_size=1, max_size=30, unique=True),
       st.lists(st.sampled_from(range(len(_SMALL_DECK_HANDS))), min_size=1, max_size=30, unique=True), st.data())
def test_compatible_reach_property(mine, theirs, data):
    a = np.array([_SMALL_DECK_HANDS[i] for i in mine], dtype=np.uint8)
    b = np.array([_SMALL_DECK_HANDS[i] for i in theirs], dtype=np.uint8)
    reach = np.array(data.draw(st.lists(st.floats(0, 1), min_size=len(b), max_size=len(b))))
    fast = omaha.compatible_reach(a, b, reach)
    slow = [sum(r for o, r in zip(b.tolist(), reach) if not set(h) & set(o)) for h in a.tolist()]
    assert np.allclose(fast, slow, rtol=0, atol=1e-9)


def test_showdown_strengths_are_omaha():
    cards = np.array(random_hands(40, RIVER, 6), dtype=np.uint8)
    board = np.array([ph.cards(RIVER)], dtype=np.uint8)
    got = omaha.strengths(board, cards)[0]
    for hand, value in zip(cards.tolist(), got.tolist()):
        assert value == max(ph.evaluate(list(two + three)) for two in itertools.combinations(hand, 2)
                            for three in itertools.combinations(ph.cards(RIVER), 3))


# --- solving --------------------------------------------------------------------------


def test_river_and_turn_converge_below_half_a_percent():
    river = solve(plo_spot(RIVER, 600), target=0.5, iterations=200, threads=1)
    assert river.history[-1][1] <= 0.5 and river.iterations <= 200
    turn = solve(plo_spot(TURN, 150), target=0.5, iterations=200, threads=2)
    assert turn.history[-1][1] <= 0.5 and turn.iterations <= 200
    oop, ip = turn.ev()
    assert oop + ip == pytest.approx(100, abs=1e-3)


@pytest.mark.parametrize("options", [{}, {"rake": 0.05, "rake_cap": 3}])
def test_river_exploitability_matches_brute_force(options):
    # Small ranges sharing many cards (a 14-card deck), a few iterations: far from an
    # equilibrium, so the best responses gain something to check.
    board = RIVER
    deck = [c for c in range(52) if c not in ph.cards(board)][:14]
    hands = [list(h) for h in itertools.combinations(deck, 4)]
    rng = np.random.default_rng(7)
    oop = [hands[i] for i in rng.choice(len(hands), 25, replace=False)]
    ip = [hands[i] for i in rng.choice(len(hands), 25, replace=False)]
    spot = Spot(board, OmahaRange(oop, rng.random(25) + 0.1), ip, 100, 200, BetSizes.parse("50%, a", "100%"),
                game="plo", **options)
    solution = Solution(spot, threads=1).run(target=None, iterations=5)
    reference = reference_solver.exploitability(solution)
    assert reference > 0.5
    assert solution.exploitability() == pytest.approx(reference, rel=1e-4, abs=1e-4)


def test_turn_exploitability_matches_brute_force():
    # The chance node: each river card comes with probability 1 / (44 - 8) for a pair
    # of four-card hands, and the dealt card's hands drop out.
    spot = Spot(TURN, random_hands(8, TURN, 11), random_hands(8, TURN, 12), 100, 100, BetSizes.parse("100%", ""),
                game="plo")
    solution = Solution(spot, threads=1, isomorphism=False).run(target=None, iterations=3)
    reference = reference_solver.exploitability(solution)
    assert reference > 0.5
    assert solution.exploitability() == pytest.approx(reference, rel=1e-4, abs=1e-4)


@pytest.mark.slow
def test_flop_exploitability_matches_brute_force():
    # Two chance levels (the brute force deals 47 x 46 runouts), betting on the river
    # only to keep the brute force's walk short (the turn test bets before its card).
    sizes = {"flop": {"bet": ""}, "turn": {"bet": ""}, "river": {"bet": "100%"}}
    spot = Spot("QsJh2h", random_hands(3, "QsJh2h", 11), random_hands(3, "QsJh2h", 12), 100, 100, sizes,
                game="plo")
    solution = Solution(spot, threads=2, isomorphism=False).run(target=None, iterations=3)
    reference = reference_solver.exploitability(solution)
    assert reference > 0.5
    assert solution.exploitability() == pytest.approx(reference, rel=1e-4, abs=1e-4)


@pytest.mark.parametrize("board, hands", [(TURN, 80), (RIVER, 300)])
def test_threads_give_the_same_numbers(board, hands):
    # Threads share a turn's river cards, or a river's actions (split nodes).
    spot = plo_spot(board, hands, seeds=(3, 4), sizes=BetSizes.parse("33%, 75%, 100%", "50%, 100%"))
    one = Solution(spot, threads=1).run(target=None, iterations=6)
    two = Solution(spot, threads=2).run(target=None, iterations=6)
    for name in ("regret0", "regret1", "strategy0", "strategy1"):
        assert np.array_equal(getattr(one._kernel, name), getattr(two._kernel, name))
    assert one.history == two.history


def test_suit_isomorphism_on_a_symmetric_range():
    # Spades and diamonds are off the board and the ranges treat them alike: the
    # kernel deals one of each pair of twin river cards.
    board = "Kh9h5h2c"
    base = random_hands(40, board + "AdAs", 21)
    swap = {1: 3, 3: 1}  # diamonds and spades (suits c, d, h, s = 0..3)
    def symmetric(hands):
        out = {tuple(sorted(h)) for h in hands}
        out |= {tuple(sorted(c // 4 * 4 + swap.get(c % 4, c % 4) for c in h)) for h in out}
        return [list(h) for h in sorted(out)]
    oop, ip = symmetric(base[:20]), symmetric(base[20:])
    spot = Spot(board, oop, ip, 100, 200, SIZES, game="plo")
    iso = Solution(spot, threads=1).run(target=None, iterations=40)
    full = Solution(spot, threads=1, isomorphism=False).run(target=None, iterations=40)
    assert iso.tree.swaps == [(1, 3)]
    assert iso.tree.memory < full.tree.memory
    assert iso.exploitability() == pytest.approx(full.exploitability(), abs=0.05)
    # A line through a spade reads the diamond's storage with the suits swapped.
    for river in ("As", "Ad"):
        a, b = iso.node("check", "check", river).strategy(), full.node("check", "check", river).strategy()
        for action in a:
            assert np.allclose(a[action], b[action], equal_nan=True, atol=0.05)


def test_nodes_report_per_hand_in_range_order():
    spot = plo_spot(RIVER, 200)
    solution = solve(spot, target=0.5, iterations=200, threads=1)
    root = solution.root
    strategy = root.strategy()
    assert all(v.shape == (200,) for v in strategy.values())
    total = sum(strategy.values())
    assert np.allclose(total, 1)
    hand = spot.ranges[0].hands[3]
    assert root.hand_strategy(hand) == {a: float(v[3]) for a, v in strategy.items()}
    with pytest.raises(InvalidValueError):
        root.hand_strategy("AsKsQdJd" if "AsKsQdJd" not in spot.ranges[0].hands else "AcKcQcJc")
    with pytest.raises(InvalidCardError):
        root.hand_strategy("AsKd")
    after = root.play("bet 100")
    assert isinstance(after.range("oop"), OmahaRange)
    assert np.allclose(after.range("oop").weights, strategy["bet 100"] * spot.ranges[0].weights)
    # Equity against the betting range, checked pair by pair for a few hands.
    equity = after.equity("ip")
    villain = after.range("oop")
    board = ph.cards(RIVER)
    def omaha_value(h):
        return max(ph.evaluate(list(t + th)) for t in itertools.combinations(h, 2)
                   for th in itertools.combinations(board, 3))
    for i in (0, 5, 17):
        h = spot.ranges[1].cards[i].tolist()
        won = met = 0.0
        for o, w in zip(villain.cards.tolist(), villain.weights):
            if w and not set(h) & set(o):
                a, b = omaha_value(h), omaha_value(o)
                won += w * ((a > b) + 0.5 * (a == b))
                met += w
        assert equity[i] == pytest.approx(won / met)
    ev = after.ev("ip")
    assert ev.shape == (200,) and np.isfinite(ev).all()
    # Locking takes one probability per hand of the range.
    lock = np.full(200, np.nan)
    lock[:10] = 1.0
    root.lock({"check": lock})
    assert np.allclose(solution.root.strategy()["check"][:10], 1)
    with pytest.raises(InvalidValueError):
        root.lock({"check": np.ones(1326)})


def test_save_load_and_command_line(tmp_path, capsys):
    spot = plo_spot(RIVER, 50)
    solution = solve(spot, target=None, iterations=20, threads=1)
    path = tmp_path / "plo.npz"
    solution.save(path)
    loaded = Solution.load(path)
    assert loaded.spot.game == "plo"
    assert loaded.exploitability() == pytest.approx(solution.exploitability())
    from pathlib import Path

    from pokerhash.cli import main

    example = Path(__file__).resolve().parent.parent / "examples" / "plo_river_spot.toml"
    saved = tmp_path / "example.npz"
    assert main(["solve", str(example), "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "game='plo'" in out and "bet 100" in out
    assert float(out.split("exploitability ")[1].split("%")[0]) <= 0.3
    example_spot = Solution.load(saved).spot
    assert example_spot.game == "plo" and len(example_spot.ranges[0]) == 20
    bad = tmp_path / "bad.toml"
    bad.write_text(f'game = "plo"\nboard = "{RIVER}"\noop = "AsKsQdJd"\nip = "AhKhQdJd"\npot = 100\nstack = 100\n'
                   '[sizes]\nbet = "150%"\n')
    assert main(["solve", str(bad)]) == 2
    assert "pot-limit" in capsys.readouterr().err


def test_turn_equity_deals_every_river():
    spot = Spot(TURN, random_hands(12, TURN, 31), random_hands(12, TURN, 32), 100, 200, SIZES, game="plo")
    solution = Solution(spot, threads=1)
    equity = solution.root.equity("oop")
    turn = ph.cards(TURN)
    def value(hand, board):
        return max(ph.evaluate(list(t + b)) for t in itertools.combinations(hand, 2)
                   for b in itertools.combinations(board, 3))
    for i in (0, 7):
        h = spot.ranges[0].cards[i].tolist()
        won = met = 0.0
        for o in spot.ranges[1].cards.tolist():
            if set(h) & set(o):
                continue
            for river in set(range(52)) - set(h) - set(o) - set(turn):
                a, b = value(h, turn + [river]), value(o, turn + [river])
                won += (a > b) + 0.5 * (a == b)
                met += 1
        assert equity[i] == pytest.approx(won / met)


def test_hands_of_weight_zero_keep_their_place():
    hands = random_hands(30, RIVER, 1)
    weights = [0 if i % 3 == 0 else 1 for i in range(30)]
    spot = Spot(RIVER, OmahaRange(hands, weights), random_hands(30, RIVER, 2), 100, 200, SIZES, game="plo")
    solution = solve(spot, target=0.5, iterations=300, threads=1)
    check = solution.root.strategy()["check"]
    assert check.shape == (30,) and np.isnan(check[::3]).all() and np.isfinite(check[1::3]).all()
    assert solution.root.range("oop").weights.tolist() == [float(w) for w in weights]
    assert solution.exploitability() == pytest.approx(reference_solver.exploitability(solution), rel=1e-4, abs=1e-4)

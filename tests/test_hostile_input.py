"""Hostile and careless input (issue 23, an adversarial audit): each finding refused with
the package's own error instead of a crash, created chips, a leak of hidden cards or a
runaway allocation. Crashes are tried in a child process, so that a regression fails
the test instead of killing the run."""

import subprocess
import time
import sys
import textwrap

import numpy as np
import pytest

import pokerhash as ph
from pokerhash import _equity, abstraction
from pokerhash.cards import Deck
from pokerhash.engine import HOLDEM, STUD, Hand, Stakes, Table
from pokerhash.errors import IllegalActionError, InvalidValueError, PokerhashError


def _survives(code: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a child interpreter; it must end normally (no signal)."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    return done


# --- crashes ------------------------------------------------------------------------

def test_observation_encode_checks_history_rows_before_reading_them():
    # Was a heap-buffer-overflow read in the C writer (exit 139).
    _survives("""
        from pokerhash.engine import HOLDEM, Hand, Stakes
        from pokerhash.errors import InvalidValueError
        from pokerhash.rl import ObservationLayout
        hand = Hand(HOLDEM, {0: 100, 1: 100}, button=1, stakes=Stakes(blinds=(1, 2)), seed=1)
        layout = ObservationLayout(HOLDEM, 2)
        for history in ([(1,)] * 32, [(1, 2, 3)], [(1, 5, 3, 0)], [(1, -1, 3, 0)], [[1, 0, 3, 0]], "xx"):
            for encode in (layout.encode, layout.encoder.encode):
                try:
                    encode(hand, 0, 1.0, history)
                except (InvalidValueError, TypeError):
                    continue
                raise SystemExit(f"{history!r} was accepted")
    """)


def test_observation_encode_refuses_bad_index_and_scale():
    pytest.importorskip("pokerhash.rl._encode")
    from pokerhash.rl import ObservationLayout

    hand = Hand(HOLDEM, {0: 100, 1: 100}, button=1, stakes=Stakes(blinds=(1, 2)), seed=1)
    layout = ObservationLayout(HOLDEM, 2)
    for index, scale in ((2, 1.0), (-1, 1.0), (0.5, 1.0), (0, float("nan")), (0, "x")):
        with pytest.raises(InvalidValueError):
            layout.encode(hand, index, scale, [])
    assert layout.encode(hand, 0, 0.5, [(1, 1, 3, 2.0)]).shape == (layout.size,)


@pytest.mark.parametrize("call", [
    "_equity.Deal('holdem', False, 2, 5, [[0, 1]] * 11, [], list(range(4, 52)), [None] * 11)",
    "_equity.Deal('stud', False, 9, 0, [list(range(9)), list(range(9, 18))], [], list(range(18, 52)), [None] * 2)",
    "_equity.Deal('holdem', False, 2, 6, [[0, 1], [2, 3]], [4, 5, 6, 7, 8, 9], list(range(10, 52)), [None] * 2)",
    "_equity.Deal('holdem', False, 2, 5, [[0, 1], [2, 300]], [], list(range(4, 52)), [None] * 2)",
    "_equity.Deal('holdem', False, 2, 5, [[0, 1], [2, 3]], [], [4, 5, 6], [None] * 2)",
    "_equity.Deal('bogus', False, 2, 5, [[0, 1], [2, 3]], [], list(range(4, 52)), [None] * 2)",
    "_equity.random_deals(np.arange(3, dtype=np.uint8), 7, 10, 1)",
    "_equity.random_deals(np.arange(60, dtype=np.uint8), 2, 10, 1)",
    "_equity.board_strengths(np.zeros((2, 3), dtype=np.uint8))",
    "_equity.equities_vs_range(np.arange(9, dtype=np.uint8), np.ones(1326))",
    "_equity.equities_vs_range(np.arange(5, dtype=np.uint8), np.ones(3))",
    "_equity.Deal('holdem', False, 2, 5, [[0, 1], [2, 3]], [], list(range(4, 52)), [None] * 2)"
    ".exact_rows(np.zeros((1, 3), dtype=np.uint8), np.ones(1))",
])
def test_equity_c_entry_points_are_safe_on_their_own(call):
    # Each wrote past a fixed C array or read past the stub (a segfault for random_deals).
    _survives(f"""
        import numpy as np
        from pokerhash import _equity
        from pokerhash.errors import InvalidValueError
        try:
            {call}
        except InvalidValueError:
            pass
        else:
            raise SystemExit("accepted")
    """)


def test_abstraction_compute_refuses_whole_river_tables_for_a_few_boards():
    holdem = ph.HandIndexer((2, 3, 1, 1)) if hasattr(ph, "HandIndexer") else None
    if holdem is None:
        from pokerhash.iso import HandIndexer

        holdem = HandIndexer((2, 3, 1, 1))
    with pytest.raises(InvalidValueError, match="compact=True"):
        abstraction.compute(holdem, 3, ["hs"], boards=(0, 0))
    # What is asked for, sized by the boards, still works.
    tables = abstraction.compute(holdem, 3, ["hs"], boards=(0, 1), compact=True)
    assert len(tables["hs"]) == len(tables["index"]) > 0


# --- chips created ---------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [
    dict(blinds=(1, 2), ante=-3), dict(blinds=(1, 2), ante=0.5), dict(blinds=(1, 2.5)), dict(blinds=(-1, 2)),
    dict(blinds=(1, 2), straddle=4.5), dict(blinds=(0, 2)), dict(blinds="12"), dict(blinds=(1, 2), small_bet=-2),
    dict(ante=1, bring_in=1.5, small_bet=4), dict(blinds=(1, 2), max_bets=0), dict(blinds=(1, 2), big_blind_ante=1),
    dict(button_blind=True), dict(blinds=(True, 2)),
])
def test_stakes_values_are_checked_where_they_are_given(kwargs):
    with pytest.raises(InvalidValueError):
        Stakes(**kwargs)


def test_no_table_creates_chips():
    table = Table(HOLDEM, Stakes(blinds=(1, 2), ante=1), seats=3, seed=5)
    for seat in range(3):
        table.join(seat, 300)
    table.play(lambda view: ph.Action.check() if view.legal.can_check else ph.Action.call(), hands=30)
    assert sum(table.stacks.values()) == 900


# --- bots cannot cheat ---------------------------------------------------------------

def _reachable(root, depth=4):
    """Every object reachable from ``root`` through attributes, slots, containers and
    closures (what an agent can walk to without the gc module)."""
    seen, stack, found = set(), [(root, 0)], []
    while stack:
        obj, level = stack.pop()
        if id(obj) in seen or level > depth:
            continue
        seen.add(id(obj))
        found.append(obj)
        if isinstance(obj, (str, bytes, int, float, type)) or obj is None:
            continue
        children = []
        if isinstance(obj, dict):
            children = list(obj.keys()) + list(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            children = list(obj)
        for name in dir(obj):
            if name.startswith("__") and name not in ("__closure__", "__self__", "__func__", "__wrapped__"):
                continue
            try:
                children.append(getattr(obj, name))
            except Exception:
                continue
        stack.extend((child, level + 1) for child in children)
    return found


@pytest.mark.parametrize("variant", [HOLDEM, STUD])
def test_a_view_reaches_no_hidden_card_and_cannot_act(variant):
    hand = Hand(variant, {0: 100, 1: 100, 2: 100}, button=2, seed=3)
    view = hand.view(hand.pending.seat)
    objects = _reachable(view)
    assert not any(isinstance(obj, (Hand, Deck)) for obj in objects)
    before = hand.events
    for name in ("fold", "check", "call", "act", "_hand"):
        assert not hasattr(view, name)
    assert hand.events == before
    # Other players' face-down cards are nowhere in the view.
    mine = set(view.hole_cards)
    hidden = {c for seat in hand.seats if seat != view.seat
              for c in hand.hole_cards(seat) if c not in hand.up_cards(seat)}
    cards_seen = {obj for obj in objects if type(obj) is int and 0 <= obj < 52}
    event_cards = {c for event in view.events for c in getattr(event, "cards", ()) or () if c is not None}
    assert not hidden & event_cards and not (hidden - mine) & set(view.board)


# --- Python errors where the package's own are promised ---------------------------------

def test_python_errors_become_package_errors():
    hand = Hand(HOLDEM, {0: 100, 1: 100}, button=1, stakes=Stakes(blinds=(1, 2)), seed=1)
    for bad in ("fold", None, "call", 3):
        with pytest.raises(PokerhashError):
            hand.act(bad)
        with pytest.raises(PokerhashError):
            hand.validate(bad)
    with pytest.raises(PokerhashError):
        ph.equity([])
    table = Table(HOLDEM, Stakes(blinds=(1, 2)), seats=3, seed=1)
    for seat in range(3):
        table.join(seat, 100)
    with pytest.raises(PokerhashError):
        table.play(lambda view: "call", hands=1)
    table = Table(HOLDEM, Stakes(blinds=(1, 2)), seats=3, seed=1)
    for seat in range(3):
        table.join(seat, 100)
    with pytest.raises(InvalidValueError, match=r"\[2\]"):
        table.play({0: lambda view: ph.Action.call(), 1: lambda view: ph.Action.call()}, hands=1)
    assert table.hand is None  # refused before a hand was dealt


# --- decks ------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [None, 7])
@pytest.mark.parametrize("bad", [[5, 5, 5], [None, 3.5, "x"], [52], [-1], "AsKs", [0, 1, "2c"]])
def test_deck_restock_checks_its_cards(seed, bad):
    deck = Deck(seed)
    deck.deal(10)
    left = len(deck)
    with pytest.raises(PokerhashError):
        deck.restock(bad)
    assert len(deck) == left


def test_deck_restock_of_good_cards_still_works():
    deck = Deck(3)
    dealt = deck.deal(5)
    deck.restock(dealt)
    assert sorted(deck.deal(5)) == sorted(dealt)


def test_distinct_seed_and_stream_pairs_give_distinct_decks():

    for seed in (0, 1, 12345, 2**63 - 1):
        assert Deck(seed=seed, stream=1).deal(52) != Deck(seed=seed ^ 0xD1B54A32D192ED03, stream=0).deal(52)
    orders = {tuple(Deck(seed=s, stream=t).deal(52)) for s in range(20) for t in range(20)}
    assert len(orders) == 400
    # Seeded decks stay deterministic.
    assert Deck(seed=9, stream=2).deal(52) == Deck(seed=9, stream=2).deal(52)


# --- exact equity that can be stopped ---------------------------------------------------

def test_stud_exact_counts_in_pieces_walk_every_deal_once():
    from pokerhash import _equity_api as equity_module

    spec = equity_module._Spec(["AsKsQs2d5h", "2c3d4hJd"], (), (), "stud")
    deals, counts = spec.deal().exact_generic()  # one C call: the reference
    pieces = equity_module._stud_pieces(spec)
    assert len(pieces) > 1
    piece_deals, sums = equity_module._run_stud_piece(spec, pieces)
    assert piece_deals == deals
    assert (sums[1:] == counts[:5].T.astype(np.float64).ravel()).all()


@pytest.mark.parametrize("players, game", [(["AsKsQs", "2c3d4h"], "stud"), (["random", "random", "AhAd"], "holdem")])
def test_long_exact_counts_need_a_time_limit_which_stops_them(players, game):
    with pytest.raises(InvalidValueError, match="time_limit"):
        ph.equity(players, game=game, method="exact")
    stamps = []
    started = time.perf_counter()
    with pytest.raises(ph.ComputationTimeout):
        ph.equity(players, game=game, method="exact", time_limit=3.0,
                  progress=lambda result: stamps.append(time.perf_counter()))
    assert time.perf_counter() - started < 8  # was minutes: one C call, or pieces of 60-128 s
    # Steady progress: slices of ~0.15 s on a quiet machine; the bound leaves room for a
    # shared machine's load (a slice took over 1.5 s once at a load average of 7) while
    # still failing if the work ran as one call (no stamps) or in pieces of 60-128 s.
    assert len(stamps) >= 3 and max(np.diff(stamps)) < 2.5

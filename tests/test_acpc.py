"""pokerhash.acpc: game definitions, match states, the engine mapping and the client,
checked against the standard .game files and a small ACPC dealer (tests/acpc_dealer.py)
that follows the server's rules on its own code."""

from __future__ import annotations

import dataclasses
import random
import socket
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import pokerhash as ph
from pokerhash import cli
from pokerhash.acpc import (
    AcpcPlayer,
    GameDef,
    MatchState,
    acpc_action,
    engine_action,
    format_gamedef,
    matchstate_of,
    parse_gamedef,
    play_match,
    read_gamedef,
    replay,
)
from pokerhash.acpc.__main__ import load_agent, main
from pokerhash.errors import IllegalActionError, InvalidValueError

from acpc_dealer import Dealer, random_action, random_agent

DATA = Path(__file__).parent / "data"
GAMES = {path.name: path for path in sorted(DATA.glob("holdem.*.game"))}
LIMIT2 = read_gamedef(DATA / "holdem.limit.2p.reverse_blinds.game")
NOLIMIT2 = read_gamedef(DATA / "holdem.nolimit.2p.reverse_blinds.game")
LIMIT3 = read_gamedef(DATA / "holdem.limit.3p.game")
NOLIMIT3 = read_gamedef(DATA / "holdem.nolimit.3p.game")


# -- game definitions ----------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_standard_gamedefs_round_trip_exactly(name):
    text = GAMES[name].read_text()
    gamedef = parse_gamedef(text)
    assert format_gamedef(gamedef) == text
    assert parse_gamedef(str(gamedef)) == gamedef


def test_gamedef_fields_and_engine_mapping():
    assert NOLIMIT2.stacks == (20000, 20000) and NOLIMIT2.blinds == (100, 50) and NOLIMIT2.first_player == (1, 0, 0, 0)
    assert LIMIT2.raise_sizes == (10, 10, 20, 20) and LIMIT2.max_raises == (3, 4, 4, 4) and LIMIT2.stacks is None
    game = LIMIT2.engine()
    assert game.stakes.blinds == (5, 10) and (game.stakes.small_bet, game.stakes.big_bet, game.stakes.max_bets) == (10, 20, 4)
    assert game.variant.limit is ph.betting.Limit.FIXED_LIMIT and game.button == 1
    assert NOLIMIT3.engine().stakes.blinds == (50, 100) and NOLIMIT3.engine().stacks == (20000,) * 3
    assert LIMIT3.engine().button == 2


def test_gamedef_keys_are_case_insensitive_with_comments():
    text = "# a comment\ngamedef\nNOLIMIT\nNUMPLAYERS=2\nnumrounds = 4\nStack = 20000 20000\nblind = 100 50\n" \
           "FIRSTPLAYER = 2 1 1 1\nnumsuits = 4\nnumranks = 13\nnumholecards = 2\nnumboardcards = 0 3 1 1\nend gamedef\n"
    assert parse_gamedef(text) == NOLIMIT2


@pytest.mark.parametrize("change, problem", [
    ("numPlayers = 2", "numPlayers = 1"),
    ("blind = 10 5", "blind = 10"),
    ("raiseSize = 10 10 20 20", "raiseSize = 10 10"),
    ("firstPlayer = 2 1 1 1", "firstPlayer = 3 1 1 1"),
    ("numBoardCards = 0 3 1 1", "numBoardCards = 0 3 1"),
    ("numHoleCards = 2", "numHoleCards = 4"),
    ("numRanks = 13", "numRanks = x"),
])
def test_bad_gamedefs_are_refused(change, problem):
    text = GAMES["holdem.limit.2p.reverse_blinds.game"].read_text().replace(change, problem)
    with pytest.raises(InvalidValueError):
        parse_gamedef(text)


@pytest.mark.parametrize("replacements, named", [
    ({"firstPlayer = 2 1 1 1": "firstPlayer = 1 1 1 1"}, "firstPlayer"),
    ({"firstPlayer = 2 1 1 1": "firstPlayer = 2 2 2 2"}, "firstPlayer"),
    ({"blind = 10 5": "blind = 10 0"}, "blind"),
    ({"maxRaises = 3 4 4 4": "maxRaises = 4 4 4 4"}, "maxRaises"),
    ({"raiseSize = 10 10 20 20": "raiseSize = 10 20 10 20"}, "raiseSize"),
    ({"numHoleCards = 2": "numHoleCards = 3"}, "numHoleCards"),
    ({"numRanks = 13": "numRanks = 6"}, "numRanks"),
    ({"blind = 10 5": "blind = 5 2"}, "big blind"),
])
def test_gamedefs_the_engine_cannot_play_are_refused_by_name(replacements, named):
    text = GAMES["holdem.limit.2p.reverse_blinds.game"].read_text()
    for old, new in replacements.items():
        text = text.replace(old, new)
    gamedef = parse_gamedef(text)
    with pytest.raises(InvalidValueError, match=named):
        gamedef.engine()


def test_unequal_multiway_no_limit_stacks_and_limit_stacks_are_refused():
    with pytest.raises(InvalidValueError, match="equal stacks"):
        dataclasses.replace(NOLIMIT3, stacks=(100, 20000, 20000)).engine()
    with pytest.raises(InvalidValueError, match="unlimited stacks"):
        dataclasses.replace(LIMIT2, stacks=(1000, 1000)).engine()
    assert dataclasses.replace(NOLIMIT2, stacks=(500, 20000)).engine().stacks == (500, 20000)


def test_three_player_blinds_must_sit_left_of_the_button():
    with pytest.raises(InvalidValueError, match="blinds"):
        dataclasses.replace(LIMIT3, blinds=(0, 5, 10)).engine()


# -- match states -----------------------------------------------------------------

EXAMPLE = "MATCHSTATE:0:12:cr300c/r900f:TdAs|/2c8c3h"


def test_matchstate_fields():
    state = MatchState.parse(EXAMPLE)
    assert (state.position, state.hand_number, state.round) == (0, 12, 1)
    assert state.betting == (("c", "r300", "c"), ("r900", "f"))
    assert state.hole_cards == (tuple(ph.cards("Td As")), None)
    assert state.board == ((), tuple(ph.cards("2c 8c 3h")))
    assert str(state) == EXAMPLE
    assert MatchState.parse(EXAMPLE + "\r\n") == state


@pytest.mark.parametrize("text", [
    "MATCHSTATE:0:0::AsKd|",
    "MATCHSTATE:1:7:rrc/rrrrc/rc/crc:|2c3d/4h5s6c/7d/8h",
    "MATCHSTATE:2:3:r300ff/:||AsKd/2c3c4c",
    "MATCHSTATE:0:5:r20000c///:Ah2d|KsKd/2c3c4c/5c/6c",
])
def test_matchstate_round_trips(text):
    assert str(MatchState.parse(text)) == text


@pytest.mark.parametrize("text, problem", [
    ("MATCHSTATE:0:12:cr300c/r900f:TdAs|", "rounds"),
    ("MATCHSTATE:2:12::TdAs|", "position"),
    ("MATCHSTATE:0:12:cx:TdAs|", "betting"),
    ("MATCHSTATE:0:12:cr0:TdAs|", "betting"),
    ("MATCHSTATE:0:012::TdAs|", "match state"),
    ("MATCHSTATE:0:1::TdA|", "rank-suit"),
    ("MATCHSTATE:0:1::TdAx|", "not a card"),
    ("MATCHSTATE:0:1::TdTd|", "twice"),
    ("MATCHSTATE:0:1::|TdAs", "own hole cards"),
    ("MATCHSTATE:0:1:c/:TdAs|/", "board"),
    ("STATE:0:1::TdAs|", "match state"),
])
def test_bad_matchstates_are_refused(text, problem):
    with pytest.raises(InvalidValueError, match=problem):
        MatchState.parse(text)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([EXAMPLE, "MATCHSTATE:1:7:rrc/rrrrc/rc/crc:|2c3d/4h5s6c/7d/8h", "MATCHSTATE:2:3:r300ff/:||AsKd/2c3c4c"]),
       st.lists(st.tuples(st.integers(0, 60), st.sampled_from(list("MATCHSTATE:0123456789fcrk/|AKQJT2cdhsx") + [""])),
                max_size=3))
def test_mutated_matchstates_are_refused_or_round_trip(text, edits):
    """Whatever the parser accepts it writes back exactly; the rest is an
    InvalidValueError (never another exception)."""
    for where, char in edits:
        text = text[:where] + char + text[where + 1:]
    try:
        state = MatchState.parse(text)
    except InvalidValueError:
        return
    assert str(state) == text


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 400), st.sampled_from(list("0123456789 =\n#abc") + [""]))
def test_mutated_gamedefs_are_refused_or_read(name, where, char):
    text = GAMES[name].read_text()
    text = text[:where] + char + text[where + 1:]
    try:
        gamedef = parse_gamedef(text)
    except InvalidValueError:
        return
    assert parse_gamedef(str(gamedef)) == gamedef


# -- the engine mapping -------------------------------------------------------------


def test_replay_of_the_example():
    hand = replay(MatchState.parse(EXAMPLE), NOLIMIT2.engine())
    assert hand.is_over and hand.result.net == {0: 300, 1: -300}
    assert hand.board == tuple(ph.cards("2c 8c 3h"))


def test_raise_sizes_count_the_whole_hand():
    game = NOLIMIT2.engine()
    hand = replay(MatchState.parse("MATCHSTATE:1:0:cc/r250:|AsKd/2c3c4c"), game)
    assert hand.pending.seat == 1 and hand.bets == {0: 150, 1: 0}
    assert acpc_action(hand, ph.Action.raise_to(600)) == "r700"
    assert acpc_action(hand, ph.Action.call()) == "c"
    assert engine_action(hand, "r700") == ph.Action.raise_to(600)
    with pytest.raises(IllegalActionError):
        acpc_action(hand, ph.Action.raise_to(200))  # below the minimum raise to 300 (400 in the hand)


def test_folding_a_free_check_is_refused_both_ways():
    game = LIMIT2.engine()
    hand = replay(MatchState.parse("MATCHSTATE:0:0:c:AsKd|"), game)  # the big blind may check
    with pytest.raises(IllegalActionError, match="folding"):
        acpc_action(hand, ph.Action.fold())
    with pytest.raises(InvalidValueError, match="folding"):
        replay(MatchState.parse("MATCHSTATE:0:0:cf:AsKd|"), game)


@pytest.mark.parametrize("text, problem", [
    ("MATCHSTATE:0:0:rrrr:AsKd|", "capped"),  # the blind and three raises cap preflop
    ("MATCHSTATE:0:0:r:AsKd|", "raise"),  # no-limit raises have sizes
    ("MATCHSTATE:0:0:cc:AsKd|", "board"),  # the round is over but the flop is missing
    ("MATCHSTATE:0:0:c/:AsKd|/2c3c4c", "not over"),
    ("MATCHSTATE:0:0:r150:AsKd|", "minimum"),
])
def test_illegal_betting_is_refused(text, problem):
    game = LIMIT2.engine() if problem == "capped" else NOLIMIT2.engine()
    with pytest.raises(InvalidValueError, match=problem):
        replay(MatchState.parse(text), game)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([LIMIT2, NOLIMIT2, LIMIT3, NOLIMIT3]), st.integers(0, 2 ** 32), st.integers(0, 40))
def test_engine_hands_round_trip_through_matchstates(gamedef, seed, steps):
    """A legal hand played on the engine, written as each position's match state,
    reads back exactly and replays to the same chips, pot and player to act."""
    game = gamedef.engine()
    rng = random.Random(seed)
    hand = game.new_hand(seed=seed)
    for _ in range(steps):
        if hand.is_over:
            break
        hand.act(random_action(hand.pending.legal, rng))
    for position in range(gamedef.num_players):
        state = matchstate_of(hand, position, seed)
        assert MatchState.parse(str(state)) == state
        again = replay(state, game)
        assert again.contributed == hand.contributed and again.pot == hand.pot
        assert again.pending.seat == hand.pending.seat and again.is_over == hand.is_over
        assert again.board == hand.board and again.folded == hand.folded
        if hand.is_over:
            assert again.result.net == hand.result.net
        assert matchstate_of(again, position, seed) == state


# -- the client against the dealer ---------------------------------------------------


def run_match(gamedef, hands, seed):
    dealer = Dealer(gamedef, hands, seed).start()
    results = [None] * gamedef.num_players
    failures = []

    def client(number):
        try:
            results[number] = play_match("127.0.0.1", dealer.ports[number], gamedef, random_agent(seed + number),
                                         timeout=20)
        except Exception as error:  # reported by the test below
            failures.append(error)

    threads = [threading.Thread(target=client, args=(seat,)) for seat in range(gamedef.num_players)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    dealer.join()
    return dealer, results, failures


@pytest.mark.parametrize("gamedef, hands", [(NOLIMIT2, 200), (LIMIT2, 200), (LIMIT3, 150), (NOLIMIT3, 100),
                                            (dataclasses.replace(NOLIMIT2, stacks=(700, 20000)), 100)])
def test_client_plays_a_match_against_the_dealer(gamedef, hands):
    dealer, results, failures = run_match(gamedef, hands, seed=hands + gamedef.num_players)
    assert failures == [] and dealer.errors == []
    assert len(dealer.values) == hands
    for values in dealer.values:
        assert sum(values) == pytest.approx(0)  # chips are conserved
    for seat, result in enumerate(results):
        assert result.hands == hands
        for hand, net in result.net.items():
            # The engine gives a split pot's odd chip to one player; the server splits it.
            assert abs(net - dealer.values[hand][seat]) < 1


def test_dealer_rejects_an_illegal_action():
    dealer = Dealer(NOLIMIT2, 3, seed=1).start()
    good = threading.Thread(target=lambda: play_match("127.0.0.1", dealer.ports[1], NOLIMIT2, calling_station, timeout=20),
                            daemon=True)
    with socket.create_connection(("127.0.0.1", dealer.ports[0])) as raw:
        good.start()
        raw.sendall(b"VERSION:2.0.0\r\n")
        reader = raw.makefile("rb")
        while True:
            line = reader.readline().decode().rstrip("\r\n")
            if not line:
                break
            state = MatchState.parse(line)
            hand = replay(state, NOLIMIT2.engine())
            if not hand.is_over and hand.pending.seat == state.position:
                raw.sendall(f"{line}:r101\r\n".encode())  # below any minimum raise
    dealer.join()
    good.join(10)
    assert len(dealer.errors) == 1 and "illegal 'r101'" in dealer.errors[0]


def test_client_refuses_an_illegal_agent_action():
    # A raise below the minimum is moved to it, as the dealer does (issue 23: the
    # agent's choice never ends a match).
    assert AcpcPlayer(NOLIMIT2, lambda view: ph.Action.raise_to(10)).answer("MATCHSTATE:1:0::|AsKd") \
        == "MATCHSTATE:1:0::|AsKd:r200"
    player = AcpcPlayer(NOLIMIT2, calling_station)
    assert player.answer("MATCHSTATE:0:0::AsKd|") is None  # not our turn
    assert player.answer("# a comment") is None
    assert player.answer("MATCHSTATE:1:0::|AsKd") == "MATCHSTATE:1:0::|AsKd:c"
    with pytest.raises(InvalidValueError):
        AcpcPlayer("holdem", calling_station)
    with pytest.raises(InvalidValueError, match="not an Action"):
        AcpcPlayer(NOLIMIT2, lambda view: "c").answer("MATCHSTATE:1:0::|AsKd")


def test_player_plays_on_the_last_hand_and_rebuilds_when_it_must():
    """Each line is answered as a fresh replay would be, whether the player carries
    the last hand on (more actions) or rebuilds it (a new hand, a showdown's cards)."""
    lines = ["MATCHSTATE:0:4:r300:AsKd|", "MATCHSTATE:0:4:r300r900:AsKd|", "MATCHSTATE:0:4:r300r900c/:AsKd|/2c3c4c",
             "MATCHSTATE:0:4:r300r900c/cr2000:AsKd|/2c3c4c", "MATCHSTATE:0:4:r300r900c/cr2000c/cc/cc:AsKd|QhQs/2c3c4c/5h/9d",
             "MATCHSTATE:0:5::AsKd|", "MATCHSTATE:1:6:c:|7h7d"]
    carried = AcpcPlayer(NOLIMIT2, calling_station)
    hands = []
    for line in lines:
        fresh = AcpcPlayer(NOLIMIT2, calling_station)
        assert carried.answer(line) == fresh.answer(line)
        hands.append(carried._last[1])
        assert hands[-1].contributed == replay(MatchState.parse(line), NOLIMIT2.engine()).contributed
    # Played on: more actions. Rebuilt: the flop holds a stand-in (2c), a showdown, new hands.
    assert [hands[i] is hands[i - 1] for i in range(1, len(hands))] == [True, False, True, False, False, False]
    assert carried.result.net == {4: 2000}
    with pytest.raises(InvalidValueError, match="illegal"):
        carried.answer("MATCHSTATE:1:6:cf:|7h7d")


def test_client_times_out_on_a_silent_dealer():
    server = socket.create_server(("127.0.0.1", 0))
    try:
        with pytest.raises(TimeoutError, match="sent nothing"):
            play_match("127.0.0.1", server.getsockname()[1], NOLIMIT2, random_agent(0), timeout=0.2)
    finally:
        server.close()


def calling_station(view):
    return ph.Action.check() if view.legal.can_check else ph.Action.call()


@pytest.mark.parametrize("command", [main, lambda argv: cli.main(["acpc"] + argv)])
def test_command_line_plays_a_match(capsys, command):
    dealer = Dealer(LIMIT2, 20, seed=3).start()
    other = threading.Thread(target=lambda: play_match("127.0.0.1", dealer.ports[1], LIMIT2, random_agent(1)), daemon=True)
    other.start()
    code = command(["127.0.0.1", str(dealer.ports[0]), "--game", str(DATA / "holdem.limit.2p.reverse_blinds.game"),
                    "--agent", "test_acpc:calling_station"])
    dealer.join()
    assert code == 0 and dealer.errors == []
    assert capsys.readouterr().out.startswith("hands 20, chips ")


def test_command_line_names_an_unreachable_dealer(capsys):
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    server.close()
    code = main(["127.0.0.1", str(port), "--game", str(DATA / "holdem.limit.3p.game"), "--agent", "test_acpc:calling_station"])
    assert code == 1 and f"the dealer at 127.0.0.1:{port}" in capsys.readouterr().err


def test_load_agent_names_bad_specs():
    assert load_agent("test_acpc:calling_station") is calling_station
    for spec in ("test_acpc", "no_such_module_xyz:f", "test_acpc:nothing", "test_acpc:DATA"):
        with pytest.raises(InvalidValueError):
            load_agent(spec)

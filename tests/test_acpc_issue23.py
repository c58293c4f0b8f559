"""ACPC as the official dealer plays it (issue 23): its GAMEDEF reading (project_acpc_server's
readGame: keys by prefix, unknown lines ignored, scanf numbers, defaults), its action cap,
its fold-to-check conversion, its fractional split pots, and a client that trusts no
dealer input (line length, per-line deadline, bytes, numbers, contradictions)."""

import dataclasses
import logging
import socket
import threading
import time
from pathlib import Path

import pytest

import pokerhash as ph
from pokerhash.acpc import AcpcPlayer, GameDef, format_gamedef, parse_gamedef, play_match
from pokerhash.acpc.__main__ import main
from pokerhash.acpc.client import MAX_LINE_BYTES, MAX_NUM_ACTIONS
from pokerhash.errors import InvalidValueError

DATA = Path(__file__).parent / "data"
LIMIT2_TEXT = (DATA / "holdem.limit.2p.reverse_blinds.game").read_text()
NOLIMIT2 = parse_gamedef((DATA / "holdem.nolimit.2p.reverse_blinds.game").read_text())
NOLIMIT3 = parse_gamedef((DATA / "holdem.nolimit.3p.game").read_text())
LIMIT2 = parse_gamedef(LIMIT2_TEXT)


def calling_station(view):
    return ph.Action.check() if view.legal.can_check else ph.Action.call()


# --- GAMEDEF as the dealer reads it ---------------------------------------------------------

@pytest.mark.parametrize("old, new", [
    ("numPlayers = 2\n", "numPlayers = 2\nante = 5\n"),  # an unknown key
    ("numPlayers = 2\n", "numPlayers = 2\nbettingAbstraction = fcpa\n"),  # OpenSpiel's
    ("blind = 10 5\n", "blind = 10 5 # big, small\n"),  # a trailing comment
    ("END GAMEDEF\n", ""),  # no end line
    ("blind = 10 5\n", "blind = 7 3\nblind = 10 5\n"),  # a repeated key: the last wins
    ("numPlayers = 2\n", "numPlayers = 2.0\n"),  # scanf reads the 2
    ("numBoardCards = 0 3 1 1\n", "numBoardCards = 0 3 1 1 7\n"),  # extra numbers are not read
])
def test_gamedefs_the_dealer_accepts_are_read_alike(old, new):
    assert old in LIMIT2_TEXT
    assert parse_gamedef(LIMIT2_TEXT.replace(old, new)) == LIMIT2


def test_short_per_round_lists_take_the_dealers_defaults():
    text = LIMIT2_TEXT.replace("firstPlayer = 2 1 1 1", "firstPlayer = 2").replace("maxRaises = 3 4 4 4",
                                                                                  "maxRaises = 3 4")
    gamedef = parse_gamedef(text)
    assert gamedef.first_player == (1, 0, 0, 0) and gamedef.max_raises == (3, 4, 255, 255)


def test_a_negative_blind_is_read_and_the_engine_refuses_it():
    gamedef = parse_gamedef(LIMIT2_TEXT.replace("blind = 10 5", "blind = 10 -5"))
    assert gamedef.blinds == (10, -5)
    with pytest.raises(InvalidValueError):
        gamedef.engine()


@pytest.mark.parametrize("old, new, message", [
    ("numPlayers = 2", " numPlayers = 2", "number of players"),  # the dealer reads keys at the line start only
    ("blind = 10 5", "blind = 10", "only read 1 blinds"),
    ("numBoardCards = 0 3 1 1", "numBoardCards = 0 3", "board card"),
    ("numPlayers = 2", "numPlayers = 6\nblind = 10 5 0 0 0 0", "stack"),  # >4 players need a stack line
    ("firstPlayer = 2 1 1 1", "firstPlayer = 0 1 1 1", "firstPlayer"),
])
def test_gamedefs_the_dealer_refuses_are_refused(old, new, message):
    with pytest.raises(InvalidValueError, match=message):
        parse_gamedef(LIMIT2_TEXT.replace(old, new))


def test_limit_games_of_five_to_ten_players_share_the_dealers_file():
    text = ("GAMEDEF\nlimit\nnumPlayers = 6\nnumRounds = 4\nstack = " + " ".join(["2147483647"] * 6) +
            "\nblind = 5 10 0 0 0 0\nraiseSize = 10 10 20 20\nfirstPlayer = 3 1 1 1\nmaxRaises = 3 4 4 4\n"
            "numSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n")
    gamedef = parse_gamedef(text)
    assert gamedef.stacks is None and gamedef.engine().variant.limit is ph.betting.Limit.FIXED_LIMIT
    written = format_gamedef(gamedef)
    assert "stack = " + " ".join(["2147483647"] * 6) in written and parse_gamedef(written) == gamedef


def test_first_player_messages_are_one_based():
    with pytest.raises(InvalidValueError, match=r"not 2\b"):
        dataclasses.replace(LIMIT2, first_player=(1,))


# --- the dealer's conversions and its action cap ------------------------------------------

def test_a_fold_when_checking_is_free_becomes_a_logged_check(caplog):
    player = AcpcPlayer(NOLIMIT2, lambda view: ph.Action.fold())
    with caplog.at_level(logging.WARNING, logger="pokerhash.acpc"):
        assert player.answer("MATCHSTATE:0:0:c:AsKd|") == "MATCHSTATE:0:0:c:AsKd|:c"
    assert "folded when checking was free" in caplog.text


def min_raiser(view):
    legal = view.legal
    return ph.Action.raise_to(legal.min_to) if legal.raise_kind is not None else calling_station(view)


def test_no_raise_is_offered_past_the_dealers_action_cap():
    raises = "".join(f"r{chips}" for chips in range(200, 6400, 100))  # 62 actions
    assert MAX_NUM_ACTIONS == 64
    line = f"MATCHSTATE:1:0:{raises}:|AsKd"
    assert AcpcPlayer(NOLIMIT2, min_raiser).answer(line) == f"{line}:r6400"  # 62 + 2 players: allowed
    line = f"MATCHSTATE:0:0:{raises}r6400:AsKd|"
    offered = []
    player = AcpcPlayer(NOLIMIT2, lambda view: offered.append(view.legal) or min_raiser(view))
    assert player.answer(line) == f"{line}:c"  # 63 + 2 > 64: the dealer forces call/fold
    assert offered[0].raise_kind is None


def test_split_pots_are_counted_as_the_dealer_counts_them():
    # Three-way pot of 603; positions 0 and 1 tie with a straight: 100.5 each net.
    player = AcpcPlayer(NOLIMIT3, calling_station)
    line = "MATCHSTATE:0:0:r201cc/ccc/ccc/ccc:AsKd|AhKh|2c2d/QsJdTh/3c/4s"
    assert player.answer(line) is None
    assert player.result.net == {0: 100.5} and player.result.chips == 100.5


# --- a client that trusts no dealer -----------------------------------------------------------

def serve(send):
    """A one-connection fake dealer that runs ``send(connection)`` after the VERSION line."""
    server = socket.create_server(("127.0.0.1", 0))

    def run():
        connection, _ = server.accept()
        with connection:
            connection.recv(100)
            try:
                send(connection)
            except OSError:
                pass

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return server, server.getsockname()[1]


def test_a_line_over_the_limit_ends_the_match_with_an_error():
    server, port = serve(lambda c: c.sendall(b"#" * (4 * MAX_LINE_BYTES)))
    with server, pytest.raises(InvalidValueError, match=f"over {MAX_LINE_BYTES} bytes"):
        play_match("127.0.0.1", port, NOLIMIT2, calling_station, timeout=5)


def test_a_dealer_trickling_bytes_times_out_per_line():
    def trickle(connection):
        for _ in range(40):
            connection.sendall(b"#")
            time.sleep(0.05)

    server, port = serve(trickle)
    started = time.monotonic()
    with server, pytest.raises(TimeoutError):
        play_match("127.0.0.1", port, NOLIMIT2, calling_station, timeout=0.5)
    assert time.monotonic() - started < 1.5


@pytest.mark.parametrize("line", [
    "MATCHSTATE:0:0::As\xe9d|\r\n".encode("latin-1"),
    b"MATCHSTATE:0:" + b"9" * 5000 + b"::AsKd|\r\n",
    b"MATCHSTATE:1:0:r" + b"9" * 5000 + b":|AsKd\r\n",
])
def test_bad_bytes_and_huge_numbers_are_package_errors(line):
    server, port = serve(lambda c: c.sendall(line))
    with server, pytest.raises(InvalidValueError):
        play_match("127.0.0.1", port, NOLIMIT2, calling_station, timeout=5)


def test_changed_hole_cards_and_a_re_sent_result_are_refused():
    player = AcpcPlayer(NOLIMIT2, calling_station)
    assert player.answer("MATCHSTATE:1:3::|AsKd") == "MATCHSTATE:1:3::|AsKd:c"
    with pytest.raises(InvalidValueError, match="changed our hole cards"):
        player.answer("MATCHSTATE:1:3:c:|AsKh")
    player = AcpcPlayer(NOLIMIT2, calling_station)
    player.answer("MATCHSTATE:1:4:f:|AsKd")
    player.answer("MATCHSTATE:1:4:f:|AsKd")  # the same result again: harmless
    with pytest.raises(InvalidValueError, match="hand 4 was over"):
        player.answer("MATCHSTATE:1:4:r300f:|AsKd")


@pytest.mark.parametrize("game", ["/no/such/file.game", "/tmp", "/dev/zero", "binary"])
def test_command_line_game_file_errors_are_clear(capsys, tmp_path, game):
    if game == "binary":
        game = tmp_path / "bad.game"
        game.write_bytes(b"GAMEDEF\n\xff\xfe\n")
    code = main(["127.0.0.1", "1", "--game", str(game), "--agent", "test_acpc_issue23:calling_station"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error:") and "Traceback" not in err


@pytest.mark.parametrize("timeout", ["nan", "-1", "0", "inf", "x"])
def test_command_line_refuses_bad_timeouts(capsys, timeout):
    with pytest.raises(SystemExit) as exit_:
        main(["127.0.0.1", "1", "--game", str(DATA / "holdem.limit.3p.game"), "--agent",
              "test_acpc_issue23:calling_station", "--timeout", timeout])
    assert exit_.value.code == 2 and "timeout" in capsys.readouterr().err

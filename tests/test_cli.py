import subprocess
import sys
import time

import pytest

from pokerhash.cli import main


@pytest.mark.smoke
def test_eval_one_hand(capsys):
    assert main(["eval", "As", "Ks", "Qs", "Js", "Ts", "9h", "2c"]) == 0
    out = capsys.readouterr().out
    assert "7462" in out and "Royal flush" in out and "best: As Ks Qs Js Ts" in out


def test_eval_showdown(capsys):
    assert main(["eval", "--board", "Jd Ts 9c 2h 3d", "As Kd", "Qh Qs", "Qd 8d"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "board Jd Ts 9c 2h 3d"
    assert lines[3].endswith("wins") and "Straight, queen high" in lines[3]
    assert not lines[1].endswith("wins") and not lines[2].endswith("wins")


def test_eval_split(capsys):
    assert main(["eval", "--board", "As Ks Qs Js Ts", "2c 3c", "2d 3d"]) == 0
    assert all(line.endswith("splits") for line in capsys.readouterr().out.splitlines()[1:])


@pytest.mark.parametrize("args", [["eval", "As", "As", "Qs", "Js", "Ts"], ["eval", "--board", "As Ks Qs", "As 2c"], ["eval", "Zz"]])
def test_eval_errors_exit_2(args, capsys):
    assert main(args) == 2
    assert capsys.readouterr().err.startswith("pokerhash: ")


@pytest.mark.smoke
def test_python_dash_m():
    out = subprocess.run([sys.executable, "-m", "pokerhash", "eval", "Kh Kd Ks 4c 4h"], capture_output=True, text=True, check=True)
    assert "Full house, kings full of fours" in out.stdout


def test_bench_quick_runs(capsys):
    from pokerhash import bench

    timings = bench.run_high(quick=True, repeats=1)
    names = [t.name for t in timings]
    assert "pokerhash evaluate" in names and all(t.ns_per_hand > 0 for t in timings)


# --- games, and errors that name the argument (issue 12) -------------------------------

def run(args, capsys):
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("args, message", [
    (["eval", "--game", "omaha", "--board", "Jd Ts 9c 2h 3d", "As Kd Qh Qs", "Ah 2c"],
     "player 2: Omaha needs 4-6 hole cards, got 2"),
    (["eval", "--board", "Jd Ts 9c 2h 3d 4d", "As Kd"], "--board: expected 3-5 cards, got 6"),
    (["eval", "--board", "Jd Ts", "As Kd"], "--board: expected 3-5 cards, got 2"),
    (["eval", "--board", "Jd Ts 9c 2h 3d", "As Kd", "Qh Qs Qd"], "player 2: Texas Hold'em needs 2 hole cards, got 3"),
    (["eval", "--board", "Jd Ts 9c 2h 3d", "As Jd"], "card Jd appears twice (--board and player 1)"),
    (["eval", "--board", "Jd Ts 9c 2h 3d", "As Kd", "Qh As"], "card As appears twice (player 1 and player 2)"),
    (["eval", "--board", "Jd Ts 9x", "As Kd"], "--board: cannot read a card at '9x'"),
    (["eval", "--game", "stud", "--board", "As Ks Qs", "2c 2d 2h 3s 4s"], "--board: Seven-card stud has no community cards"),
    (["eval", "--game", "omaha", "As Kd Qh Qs"], "--board: Omaha needs the community cards (3-5)"),
    (["eval", "As Kd", "Qh Qs"], "--board: a Texas Hold'em showdown of several players needs the community cards"),
    (["eval", "--game", "turkish", "2h 3d 4c 5s 6h"], "card 2h is not in the 36-card Turkish deck"),
    (["eval", "--game", "turkish", "Ah Kh Qh Jh Th", "As Ks Qs Js Ts", "Ad Kd Qd Jd Td", "Ac Kc Qc Jc Tc",
      "9h 9s 9d 9c 8h", "7h 7s 7d 7c 8s"], "Turkish poker is for 2 to 5 players, not 6"),
])
def test_eval_errors_name_the_argument(args, message, capsys):
    code, out, err = run(args, capsys)
    assert code == 2 and out == ""
    assert err.startswith("pokerhash: ") and message in err


def test_unquoted_hole_cards_are_not_one_card_players(capsys):
    code, out, err = run(["eval", "--board", "Jd Ts 9c 2h 3d", "As", "Kd", "Qh", "Qs"], capsys)
    assert code == 2
    assert "player 1: Texas Hold'em needs 2 hole cards, got 4" in err and 'one quoted argument, e.g. "As Kd"' in err


def test_unquoted_omaha_hand_is_one_player(capsys):
    code, out, _ = run(["eval", "--game", "omaha", "--board", "Qs Js Ts 4h 5h", "As", "Ks", "2d", "3c"], capsys)
    assert code == 0 and "player 1 As Ks 2d 3c" in out and "Royal flush" in out and "player 2" not in out


def test_eval_omaha_hi_lo(capsys):
    code, out, _ = run(["eval", "--game", "omaha8", "--board", "Kh 7d 3c Ks 8h", "As 2s Qd Jd", "Kd Kc 5h 4h"], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "board Kh 7d 3c Ks 8h"
    assert "low: 8-7-3-2-A" in lines[1] and lines[1].endswith("wins low")
    assert "Four of a kind, kings" in lines[2] and lines[2].endswith("wins high")


def test_eval_stud_hi_lo_scoop_and_no_low(capsys):
    code, out, _ = run(["eval", "--game", "stud8", "Ah 2d 3c 4s 6h Kd Kc", "As Ks Qs 7h 7d 8c 2c"], capsys)
    first, second = out.splitlines()
    assert first.endswith("wins high  wins low") and "low: no low" in second and "wins" not in second


def test_eval_stud_and_hold_em_agree(capsys):
    hand = ["As", "Ks", "Qs", "Js", "Ts", "9h", "2c"]
    assert run(["eval", "--game", "stud"] + hand, capsys)[1] == run(["eval"] + hand, capsys)[1]


def test_eval_turkish_uses_the_deck_of_the_players(capsys):
    # A-9-T-J-Q: a minor straight in the 24-card deck of two players, ace high alone (36 cards)
    code, out, _ = run(["eval", "--game", "turkish", "Kh Kd Qh Qs Jh", "Ah 9d Tc Js Qc"], capsys)
    assert code == 0 and "Minor straight, queen high" in out.splitlines()[1] and out.splitlines()[1].endswith("wins")
    assert "High card, A-Q-J-T-9" in run(["eval", "--game", "turkish", "Ah 9d Tc Js Qc"], capsys)[1]


def test_eval_games_listed_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["eval", "--help"])
    out = capsys.readouterr().out
    assert all(game in out for game in ("holdem", "omaha", "omaha8", "stud", "stud8", "turkish", "razz", "deuce7", "shortdeck"))


@pytest.mark.smoke
def test_version(capsys):
    import pokerhash

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out.strip() == f"pokerhash {pokerhash.__version__}"


def test_bench_help_shows_its_options(capsys):
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    out = capsys.readouterr().out
    assert "--full" in out and "--repeats" in out and "--only" in out


def test_bench_options_work(capsys, monkeypatch):
    from pokerhash import bench

    calls = []
    monkeypatch.setitem(bench.SECTIONS, "low", ("Low", lambda quick, repeats: calls.append((quick, repeats)) or
                                                [bench.Timing("pokerhash evaluate_low8 (7 cards)", 1.0, 1)],
                                                "pokerhash evaluate_low8 (7 cards)"))
    monkeypatch.setattr(bench, "missing_contenders", lambda: ["phevaluator", "eval7"])
    assert main(["bench", "--only", "low", "--repeats", "2", "--full"]) == 0
    assert calls == [(False, 2)]
    out = capsys.readouterr().out
    assert "not installed, so not timed: phevaluator, eval7 (pip install 'pokerhash[bench]' installs them)" in out
    assert main(["bench", "--repeats", "0"]) == 2
    assert "--repeats: expected at least 1, got 0" in capsys.readouterr().err


def test_eval_lowball_and_short_deck(capsys):
    code, out, _ = run(["eval", "--game", "razz", "As 2d 3c 4h 6s Kd Kc", "7s 7d 5c 4s 3s 2s 8c"], capsys)
    assert code == 0 and "6-4-3-2-A  best: 6s 4h 3c 2d As  wins" in out.splitlines()[0]
    code, out, _ = run(["eval", "--game", "deuce7", "7s 5d 4c 3h 2s", "8s 6d 4d 3d 2c"], capsys)
    assert code == 0 and out.splitlines()[0].endswith("7-5-4-3-2  wins")
    code, out, _ = run(["eval", "--game", "shortdeck", "--board", "Js Ts 9c 6h 7d", "As Kd", "8h 8s"], capsys)
    assert code == 0 and "Straight, jack high" in out.splitlines()[2] and out.splitlines()[2].endswith("wins")
    code, _, err = run(["eval", "--game", "shortdeck", "--board", "Js Ts 9c 2h 7d", "As Kd"], capsys)
    assert code == 2 and "card 2h is not in the 36-card short deck" in err


def test_bench_cpu_option_times_by_cpu_time(monkeypatch):
    from pokerhash import bench

    monkeypatch.setattr(bench, "clock", bench.CLOCKS["wall"])  # restored after the test
    monkeypatch.setitem(bench.SECTIONS, "low", ("Low", lambda quick, repeats: [bench.Timing("pokerhash x", 1.0, 1)],
                                                "pokerhash x"))
    assert main(["bench", "--only", "low", "--cpu"]) == 0
    assert bench.clock is bench.CLOCKS["cpu"]
    # Waiting is no CPU time: a 20 ms sleep measures far below 20 ms.
    assert bench.median_ns(lambda: time.sleep(0.02), hands=1, repeats=1) < 10_000_000
    assert main(["bench", "--only", "low"]) == 0
    assert bench.clock is bench.CLOCKS["wall"]


# --- the games of the rules' "Other games" -------------------------------------------

@pytest.mark.parametrize("args, winner, words", [
    (["eval", "--game", "shortdeck", "--board", "Ah 6c 7d 8s Kd", "9h 9d", "Kh Kc"], 2,
     "Three of a kind, kings, A-8 kickers"),  # trips above the straight (rules' default)
    (["eval", "--game", "razz", "7c 5d 4h 2s Ac Jc Jd", "3c 3d 7h 5s Ad 7d As"], 1, "7-5-4-2-A"),
    (["eval", "--game", "deuce7", "7c 5d 4h 3s 2c", "8c 6d 5h 4s 3c"], 1, "7-5-4-3-2"),
    (["eval", "--game", "badugi", "8c 6d 3h As", "Ah 2s 2d 3s"], 1, "4-card badugi, 8-6-3-A"),
])
def test_eval_other_games(args, winner, words, capsys):
    code, out, _ = run(args, capsys)
    lines = [line for line in out.splitlines() if line.startswith("player")]
    assert code == 0 and lines[winner - 1].endswith("wins") and words in lines[winner - 1]


def test_eval_other_games_refuse_bad_hands(capsys):
    code, _, err = run(["eval", "--game", "shortdeck", "--board", "Ah 6c 7d 8s Kd", "9h 5d"], capsys)
    assert code == 2 and "5d is not in the 36-card short deck" in err
    code, _, err = run(["eval", "--game", "badugi", "8c 6d 3h 2c 5d"], capsys)
    assert code == 2 and "Badugi needs 4 cards, got 5" in err


def test_range_chart_as_text_and_files(capsys, tmp_path):
    assert main(["range", "QQ+,AKs,A5s-A2s:0.5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "QQ+,AKs,A5s-A2s:0.5: 30 combos (2.3%)"
    assert lines[1].split() == ["AA", "AKs", ".", ".", ".", ".", ".", ".", ".", "A5s*", "A4s*", "A3s*", "A2s*"]
    assert lines[-1] == "* partly in the range"
    svg = tmp_path / "grid.svg"
    assert main(["range", "QQ+,AKs,A5s-A2s", "-o", str(svg), "--title", "opening"]) == 0
    assert svg.read_text().startswith("<svg") and "opening" in svg.read_text()
    assert main(["range", "QQ+", "-o", str(tmp_path / "grid.html")]) == 0
    assert "<svg" in (tmp_path / "grid.html").read_text()
    capsys.readouterr()
    assert main(["range", "QQ+", "-o", str(tmp_path / "grid.gif")]) == 2
    assert "-o: write a .svg, .png or .html file" in capsys.readouterr().err
    assert main(["range", "QQx"]) == 2


def test_replay_writes_one_page_for_many_files(capsys, tmp_path):
    from pathlib import Path

    data = Path(__file__).parent / "data" / "phh"
    output = tmp_path / "hands.html"
    assert main(["replay", str(data / "dwan-ivey-2009.phh"), str(data / "handhq-ps-50nlh.phhs"), "-o", str(output)]) == 0
    written = capsys.readouterr().out
    count = int(written.split(": ")[1].split()[0])
    assert count > 2 and output.read_text().count("\"steps\":") == count
    assert main(["replay", str(tmp_path / "missing.phh")]) == 2
    assert "cannot read" in capsys.readouterr().err
    razz = data / "wsop" / "2023-43-5-20.phh"  # razz: PHH's FR
    assert main(["replay", str(data / "dwan-ivey-2009.phh"), str(razz), "-o", str(output)]) == 0
    capsys.readouterr()
    unknown = tmp_path / "unknown.phh"  # a game code no reader knows: refused, naming it
    unknown.write_text(razz.read_text(encoding="utf-8").replace("variant = 'FR'", "variant = 'XQ'"), encoding="utf-8")
    assert main(["replay", str(data / "dwan-ivey-2009.phh"), str(unknown), "-o", str(output)]) == 2
    assert "unknown code 'XQ'" in capsys.readouterr().err


def test_range_chart_as_png(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    assert main(["range", "QQ+,AKs", "-o", str(tmp_path / "grid.png")]) == 0
    assert (tmp_path / "grid.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

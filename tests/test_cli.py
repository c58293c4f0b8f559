import subprocess
import sys

import pytest

from pokerhash.cli import main


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


def test_python_dash_m():
    out = subprocess.run([sys.executable, "-m", "pokerhash", "eval", "Kh Kd Ks 4c 4h"], capture_output=True, text=True, check=True)
    assert "Full house, kings full of fours" in out.stdout


def test_bench_quick_runs(capsys):
    from pokerhash import bench

    timings = bench.run_high(quick=True, repeats=1)
    names = [t.name for t in timings]
    assert "pokerhash evaluate" in names and all(t.ns_per_hand > 0 for t in timings)

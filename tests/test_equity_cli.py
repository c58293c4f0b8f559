import builtins

import pokerhash as ph
from pokerhash.cli import main


def test_equity_table(capsys):
    assert main(["equity", "AhAd", "KsKc", "--board", "Td7c2s"]) == 0
    out = capsys.readouterr().out
    assert "exact" in out and "990 showdowns" in out
    assert "AhAd" in out and "91.616%" in out and "8.384%" in out


def test_equity_sampled_with_options(capsys):
    assert main(["equity", "AhKhQsJs", "9c8c7d6d", "--game", "omaha", "--method", "sample", "--trials", "100000",
                 "--seed", "1", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert "sampled" in out and "100,000 showdowns" in out and "s.e." in out


def test_equity_without_tqdm(capsys, monkeypatch):
    real_import = builtins.__import__

    def no_tqdm(name, *args, **kwargs):
        if name == "tqdm":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    assert main(["equity", "AhAd", "KsKc", "--board", "Td7c2s"]) == 0
    assert "91.616%" in capsys.readouterr().out


def test_equity_errors_exit_2(capsys):
    assert main(["equity", "AhAd", "AhKc"]) == 2
    assert "Ah" in capsys.readouterr().err


def test_equity_is_a_function_with_its_real_signature():
    import inspect

    assert inspect.isfunction(ph.equity)
    parameters = inspect.signature(ph.equity).parameters
    assert list(parameters)[:4] == ["players", "board", "dead", "game"]
    assert {"method", "target_error", "trials", "seed"} <= set(parameters)
    assert ph.equity(["AhAd", "KsKc"]).equity[0] == list(ph.equity_iter(["AhAd", "KsKc"]))[-1].equity[0]
    import pokerhash.engine  # noqa: F401  (importing submodules leaves the attribute the function)

    assert inspect.isfunction(ph.equity)


def test_equity_shortdeck_orders(capsys):
    args = ["equity", "6c7c", "KdKs", "--board", "8c9hTs", "--game", "shortdeck"]
    assert main(args) == 0 and main(args + ["--straight-beats-trips"]) == 0
    first, second = capsys.readouterr().out.split("EquityResult")[1:]
    assert "short-deck" in first and first != second

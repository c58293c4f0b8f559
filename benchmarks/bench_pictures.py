"""Speed of the pictures (pytest-benchmark): the replayer's states of played hands
(engine hands of the HandHQ fixtures, 155 hands, replayed once outside the timing),
the whole replayer page, str(hand), and a range chart. Divide the hands by the median
time for hands per second."""

from pathlib import Path

from pokerhash import pictures
from pokerhash.engine import history
from pokerhash.engine.history_hands import replay

DATA = Path(__file__).parent.parent / "tests" / "data" / "phh"
HISTORIES = [hand for path in sorted(DATA.glob("handhq-*.phhs")) for hand in history.load_all(path)]
HANDS = [replay(h, fill_in=True).hand for h in HISTORIES]
ROUNDS = 10


def test_bench_replayer_states(benchmark):
    frames = benchmark.pedantic(lambda: [pictures.hand_frames(hand) for hand in HANDS], rounds=ROUNDS)
    assert len(frames) == len(HANDS)


def test_bench_replayer_page_from_histories(benchmark):
    page = benchmark.pedantic(pictures.replay_html, (HISTORIES,), rounds=3)
    assert page.count('"steps":') == len(HISTORIES)


def test_bench_str_of_hands(benchmark):
    texts = benchmark.pedantic(lambda: [str(hand) for hand in HANDS], rounds=ROUNDS)
    assert all(text.startswith("Texas Hold'em") for text in texts)


def test_bench_range_chart(benchmark):
    assert benchmark.pedantic(pictures.range_grid_svg, ("QQ+,AKs,A5s-A2s:0.5,KQs",), rounds=ROUNDS).startswith("<svg")

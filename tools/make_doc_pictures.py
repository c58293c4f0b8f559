"""Draw the pictures the documentation shows, into docs/images/ (committed).

    python tools/make_doc_pictures.py          # every picture (the screenshot needs Chromium)

The SVG files are exactly what the code draws today: tests/test_docs.py redraws them
through PICTURES and compares, so a change to the drawing shows up as a failing test
until this script is run again. The replayer's screenshot is taken by headless Chromium.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pokerhash as ph
from pokerhash import pictures
from pokerhash.engine import HOLDEM, Hand, Stakes

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


def example_hand() -> Hand:
    """The hand of the pictures: a set against a flush draw and a straight draw."""
    hand = Hand(HOLDEM, {1: 200, 2: 200, 3: 200}, button=3, stakes=Stakes(blinds=(1, 2)),
                cards="As Qh 7c Ks Qd 6c  2h Qs 9s 8c  3h 2d  4h 5s")
    hand.raise_to(6)  # seat 3, the button, first to act three-handed
    hand.raise_to(20)  # seat 1
    hand.call()  # seat 2
    hand.call()  # seat 3
    hand.bet_to(30)  # seat 1 on the flop
    hand.all_in()  # seat 2
    hand.call()  # seat 3
    hand.call()  # seat 1
    return hand


def demo_hands() -> list:
    """A few hands of several games for the replayer page beside the documentation:
    the hand above, then seeded hands of stud, 2-7 triple draw and Turkish poker
    played by a caller who never folds and sometimes raises."""
    import random

    from pokerhash.betting import Action
    from pokerhash.engine import DEUCE7_TRIPLE_DRAW, STUD, TURKISH_POKER, PendingKind

    def play(variant, stakes, seats, seed):
        rng = random.Random(seed)
        hand = Hand(variant, {seat: 100 for seat in range(seats)}, button=seats - 1, stakes=stakes, seed=seed)
        while not hand.is_over:
            pending = hand.pending
            if pending.kind is PendingKind.DRAW:
                held = hand.hole_cards(pending.seat)
                hand.draw(rng.sample(held, rng.randint(0, min(pending.count, 3))))
            elif pending.kind is PendingKind.BRING_IN:
                hand.act(Action.bet_to(pending.legal.fixed_amounts[0]))
            else:
                legal = pending.legal
                if legal.raise_kind is not None and rng.random() < 0.2:
                    hand.act(Action.raise_to(legal.fixed_amounts[0] if legal.fixed_amounts else legal.min_to))
                else:
                    hand.act(Action.check() if legal.can_check else Action.call())
        return hand

    return [example_hand(),
            play(STUD, Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8), 4, 5),
            play(DEUCE7_TRIPLE_DRAW, Stakes(blinds=(1, 2)), 3, 8),
            play(TURKISH_POKER, Stakes(ante=2, small_bet=4), 4, 11)]


def strategy():
    """An opening strategy to draw: raise, call or fold frequencies per class."""
    raise_ = ph.Range("QQ+,AKs,AKo:0.75,A5s-A4s:0.5")
    call = ph.Range("JJ-66,AQs-ATs,KQs,AKo:0.25,A5s-A4s:0.5,QJs,JTs,T9s")
    return {"raise": raise_, "call": call, "fold": ph.Range("random") - raise_ - call}


PICTURES = {
    "range-grid.svg": lambda: pictures.range_grid_svg("QQ+,AKs,A5s-A2s,KQs:0.5,T9s:0.25",
                                                      title="QQ+,AKs,A5s-A2s,KQs:0.5,T9s:0.25"),
    "strategy-grid.svg": lambda: pictures.strategy_grid_svg(strategy(), title="Raise, call or fold"),
    "preflop-heatmap.svg": lambda: pictures.preflop_heatmap_svg(),
    "equity-chart.svg": lambda: pictures.equity_chart_svg(example_hand(), title="Equity by street"),
}


def screenshot(path: Path) -> None:
    chromium = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
    if chromium is None:
        print("no Chromium: the replayer's screenshot is left as it is", file=sys.stderr)
        return
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "hand.html"
        pictures.save_replay([example_hand()], page)
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={path}", "--window-size=1180,640", f"file://{page}#hand=1&step=14"],
                       check=True, capture_output=True, timeout=120)


def main() -> None:
    IMAGES.mkdir(exist_ok=True)
    for name, draw in PICTURES.items():
        (IMAGES / name).write_text(draw(), encoding="utf-8")
        print("wrote", IMAGES / name)
    screenshot(IMAGES / "replayer.png")
    print("wrote", IMAGES / "replayer.png")


if __name__ == "__main__":
    main()

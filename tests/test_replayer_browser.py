"""The hand replayer in a real browser: headless Chromium opens the page from disk,
runs its script, and the DOM it dumps must show the state pokerhash computed at the
chosen steps (stacks, bets, pot, cards face up or down, the board), for Hold'em, stud,
draw and Turkish hands; a script added by the test presses the buttons and keys.
Without Chromium the tests skip, except under CI (CI=true), where they fail."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from pokerhash import pictures
from pokerhash.engine import HOLDEM, Hand, Stakes, history

from pictures_hands import random_hand

CHROMIUM = next((path for path in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if path), None)
if CHROMIUM is None:
    if os.environ.get("CI") == "true":
        pytest.fail("CI runs the replayer in Chromium: install Debian's chromium (.ci/run does)", pytrace=False)
    pytest.skip("Chromium is not installed (apt-get install chromium): the replayer's browser tests skip",
                allow_module_level=True)


def browser(*arguments: str) -> str:
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
               "--virtual-time-budget=3000", *arguments]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


class Page(HTMLParser):
    """The elements the replayer draws, by their data attributes."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self, html: str):
        super().__init__()
        self.seats, self.bets, self.boards, self.body, self.ids, self.texts = {}, {}, {}, {}, {}, {}
        self._open = []  # the id (or None) of each open element
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "body":
            self.body = attrs
        if "seat" in classes:
            self.seats[int(attrs["data-seat"])] = attrs
        if "bet" in classes:
            self.bets[int(attrs["data-seat"])] = attrs
        if attrs.get("id", "").startswith("board-"):
            self.boards[int(attrs["id"][6:])] = attrs.get("data-cards", "")
        if "id" in attrs:
            self.ids[attrs["id"]] = attrs
            self.texts[attrs["id"]] = ""
        if tag not in self.VOID:
            self._open.append(attrs.get("id"))

    def handle_data(self, data):
        for name in self._open:  # an element's text is all the text inside it
            if name is not None:
                self.texts[name] += data

    def handle_endtag(self, tag):
        if tag not in self.VOID and self._open:
            self._open.pop()


def open_at(path, fragment: str) -> Page:
    return Page(browser("--dump-dom", f"file://{path}#{fragment}"))


def check_step(page: Page, data: dict, step: int, reveal: bool = False) -> None:
    """The page shows exactly step ``step`` of ``data`` (face-down cards as ??)."""
    state = data["steps"][step]
    assert page.body["data-step"] == str(step)
    assert int(page.ids["pot"]["data-pot"]) == state["pot"]
    for i, seat in enumerate(data["seats"]):
        shown = page.seats[seat]
        assert int(shown["data-stack"]) == state["stacks"][i]
        assert int(shown["data-bet"]) == state["bets"][i]
        assert shown["data-folded"] == str(state["folded"][i]).lower()
        expected = [text if (up or was_shown or reveal) else "??" for text, up, was_shown, _ in state["cards"][i]]
        assert shown.get("data-cards", "").split() == expected, (seat, step)
        assert (seat in page.bets) == bool(state["bets"][i])
    assert [page.boards[k].split() for k in sorted(page.boards)] == state["boards"]


@pytest.fixture(scope="module")
def holdem_page(tmp_path_factory):
    hand = Hand(HOLDEM, {1: 100, 2: 100, 3: 100}, button=3, stakes=Stakes(blinds=(1, 2)),
                cards="As Ks Qh Qd 7c 2d  3h Jh Th 9c  4s 2c  5d 2h")
    hand.raise_to(6); hand.call(); hand.fold()
    hand.bet_to(10); hand.call()
    for _ in range(4):
        hand.check()
    unfinished = history.loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                               'starting_stacks = [200, 200]\nhand = 7\nplayers = ["Ann", "Bob"]\n'
                               'actions = ["d dh p1 ????", "d dh p2 AhKh", "p2 cbr 6"]\n')
    others = [random_hand("stud", 5, players=4), random_hand("2-7-triple-draw", 8, players=3),
              random_hand("turkish", 11, players=4), unfinished]
    path = tmp_path_factory.mktemp("replayer") / "hands.html"
    pictures.save_replay([hand, *others], path)
    return path, pictures.replayer_data([hand, *others])


def test_the_chosen_step_shows_the_computed_state(holdem_page):
    path, data = holdem_page
    hand = data[0]
    flop_bet = [s["text"] for s in hand["steps"]].index("Seat 1 bets {10}")
    page = open_at(path, f"hand=1&step={flop_bet}")
    check_step(page, hand, flop_bet)
    assert page.texts["narration"] == "Seat 1 bets 10"
    assert page.seats[1]["data-cards"] == "?? ??" and page.boards[0] == "Jh Th 9c"
    assert page.bets[1] and "actor" in page.seats[1]["class"]
    dealt = open_at(path, "hand=1&step=5")
    assert dealt.texts["narration"] == "Seat 3 is dealt ?? ??"  # the log hides face-down cards too
    end = open_at(path, "hand=1&step=last")
    check_step(end, hand, len(hand["steps"]) - 1)
    assert end.seats[3]["data-cards"] == "Qh 2d" and end.seats[2]["data-cards"] == "?? ??"  # folded: never shown
    assert end.seats[3]["data-won"] == "34" and end.seats[3]["data-stack"] == "118"
    # Shown at the showdown: the log now names seat 3's cards, never seat 2's (folded).
    assert "Seat 3 is dealt Qh 2d" in end.texts["steps"] and "Seat 2 is dealt ?? ??" in end.texts["steps"]


def test_stud_draw_and_turkish_hands(holdem_page, tmp_path):
    """Every step of the stud, triple-draw and Turkish hands, in one browser run: the
    test's script moves the address's fragment from step to step, as a reader editing
    it would, and keeps a copy of the page at each."""
    path, data = holdem_page
    wanted = [(number, step) for number in (2, 3, 4) for step in range(len(data[number - 1]["steps"]))]
    driver = """<script>
    const copies = document.createElement("div");
    for (const [hand, step] of %s) {
      location.hash = "hand=" + hand + "&step=" + step;
      window.dispatchEvent(new HashChangeEvent("hashchange"));
      const copy = document.createElement("pre");
      copy.className = "copy";
      copy.textContent = document.body.dataset.hand + ":" + document.body.dataset.step + "|"
        + document.getElementById("felt").outerHTML;
      copies.appendChild(copy);
    }
    document.body.appendChild(copies);
    </script></body>""" % json.dumps(wanted)
    page_path = tmp_path / "stepped.html"
    page_path.write_text(path.read_text(encoding="utf-8").replace("</body>", driver), encoding="utf-8")
    copies = re.findall(r'<pre class="copy">(.*?)</pre>', browser("--dump-dom", f"file://{page_path}"), flags=re.S)
    assert len(copies) == len(wanted)
    for (number, step), copy in zip(wanted, copies):
        where, felt = html.unescape(copy).split("|", 1)
        assert where == f"{number}:{step}"
        page = Page(felt)
        page.body = {"data-step": str(step)}  # the copy is of the table, without the body
        check_step(page, data[number - 1], step)
    stud = data[1]["steps"]
    middle = stud[len(stud) // 2]  # stud: up cards show, down cards stay hidden before the showdown
    assert any(card[1] for held in middle["cards"] for card in held)
    assert any(not card[1] and not card[2] for held in middle["cards"] for card in held)


def test_a_history_with_names_unknown_cards_and_a_note(holdem_page):
    path, data = holdem_page
    page = open_at(path, "hand=5&step=last")
    check_step(page, data[4], len(data[4]["steps"]) - 1, reveal=False)
    assert page.texts["title"] == "Hand 7: Texas Hold'em"
    assert page.texts["note"] == "Note: the actions stop before the end of the hand"
    names = {seat: attrs for seat, attrs in page.seats.items()}
    assert [names[seat]["data-cards"] for seat in sorted(names)] == ["?? ??", "?? ??"]


def test_buttons_keys_slider_and_hand_list(holdem_page, tmp_path):
    path, data = holdem_page
    # The test's own script (not part of the page pokerhash writes) presses the controls
    # after the replayer's script has run, and records what the page then shows.
    driver = """<script>
    const seen = [];
    const note = () => seen.push(document.body.dataset.hand + ":" + document.body.dataset.step);
    const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true}));
    document.getElementById("forward").click(); note();
    document.getElementById("forward").click(); note();
    document.getElementById("back").click(); note();
    key("End"); note();
    key("ArrowLeft"); note();
    key("Home"); note();
    key("ArrowRight"); note();
    const slider = document.getElementById("slider");
    slider.value = "9"; slider.dispatchEvent(new Event("input")); note();
    key("ArrowDown"); note();
    document.querySelectorAll("#hand-list button")[3].click(); note();
    document.getElementById("last").click(); note();
    document.getElementById("reveal").click(); note();
    document.body.dataset.seen = seen.join(",");
    const log = document.getElementById("steps").textContent;
    document.body.dataset.hidden = String(log.includes("??"));
    </script></body>"""
    page_path = tmp_path / "driven.html"
    page_path.write_text(path.read_text(encoding="utf-8").replace("</body>", driver), encoding="utf-8")
    page = Page(browser("--dump-dom", f"file://{page_path}"))
    last = [len(hand["steps"]) - 1 for hand in data]
    assert page.body["data-seen"].split(",") == [
        "1:1", "1:2", "1:1", f"1:{last[0]}", f"1:{last[0] - 1}", "1:0", "1:1", "1:9", "2:0", "4:0", f"4:{last[3]}",
        f"4:{last[3]}"]
    check_step(page, data[3], last[3], reveal=True)  # "show hole cards" turns every known card up
    assert page.body["data-hidden"] == "false"  # in the log too


def test_screenshot(holdem_page, tmp_path):
    path, _ = holdem_page
    shot = tmp_path / "replayer.png"
    browser(f"--screenshot={shot}", "--window-size=1200,680", f"file://{path}#hand=1&step=19")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000

"""A small ACPC dealer for the tests: the server's rules written out plainly, on localhost.

It follows the ACPC server (project_acpc_server's game.c and dealer.c) and shares no
code with pokerhash.acpc, so a match against it checks the client, the match-state
parser and the engine mapping together: ``AcpcRules`` is the betting state
(chips spent over the hand, the no-limit minimum raise-to, raises per round, the
first player per round), ``AcpcRules.value`` the server's pot split (fractions of a
chip allowed), and ``Dealer`` deals hands from a seeded deck, sends every seat its
view after every action, and rejects an illegal or out-of-turn answer by ending the
match with the reason in ``errors``.
"""

from __future__ import annotations

import random
import re
import socket
import threading
from typing import List, Optional, Tuple

import pokerhash as ph
from pokerhash.acpc import GameDef

INT32_MAX = 2 ** 31 - 1


def random_action(legal, rng: random.Random) -> ph.Action:
    """A random legal engine action that ACPC allows too (no fold when checking is
    free); no-limit raises go to the minimum, all-in or a size between."""
    choices = [ph.Action.check()] if legal.can_check else [ph.Action.fold(), ph.Action.call()]
    if legal.raise_kind is not None:
        if legal.fixed_amounts is not None:
            choices.append(ph.Action.raise_to(legal.min_to))
        else:
            choices.append(ph.Action.raise_to(rng.choice([legal.min_to, legal.max_to,
                                                          rng.randint(legal.min_to, legal.max_to)])))
    return rng.choice(choices)


def random_agent(seed: int):
    """An engine agent playing :func:`random_action`, reproducibly."""
    rng = random.Random(seed)
    return lambda view: random_action(view.legal, rng)
RANKS, SUITS = "23456789TJQKA", "cdhs"


def card_text(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


class AcpcRules:
    """One hand's betting by the ACPC server's rules (game.c: isValidAction, doAction)."""

    def __init__(self, game: GameDef, hand_id: int, hole: List[Tuple[int, ...]], board: Tuple[int, ...]):
        self.game = game
        self.hand_id = hand_id
        self.hole = hole
        self.board = board
        self.n = game.num_players
        self.stack = list(game.stacks) if game.stacks is not None else [INT32_MAX] * self.n
        self.spent = list(game.blinds)
        self.max_spent = max(game.blinds)
        big = max(max(game.blinds), 1)
        self.min_raise_to = 2 * self.max_spent if game.betting == "nolimit" else 0
        self.big = big
        self.folded = [False] * self.n
        self.round = 0
        self.actions: List[List[Tuple[str, int, int]]] = [[]]  # (kind, size, player)
        self.finished = False

    def acting(self, p: int) -> bool:
        return not self.folded[p] and self.spent[p] < self.stack[p]

    def current_player(self) -> int:
        actions = self.actions[self.round]
        p = actions[-1][2] if actions else (self.game.first_player[self.round] + self.n - 1) % self.n
        while True:
            p = (p + 1) % self.n
            if self.acting(p):
                return p

    def raise_range(self) -> Optional[Tuple[int, int]]:
        caps = self.game.max_raises
        raises = sum(1 for kind, _, _ in self.actions[self.round] if kind == "r")
        if caps is not None and raises >= caps[self.round]:
            return None
        if sum(self.acting(p) for p in range(self.n)) <= 1:
            return None
        if self.game.betting != "nolimit":
            return (0, 0)
        p = self.current_player()
        low, high = self.min_raise_to, self.stack[p]
        if low > high:
            if self.max_spent >= high:
                return None
            low = high
        return (low, high)

    def check(self, kind: str, size: int) -> str:
        """Why the action is illegal ("" if legal)."""
        p = self.current_player()
        if kind == "r":
            sizes = self.raise_range()
            if sizes is None:
                return "no raise is valid"
            if self.game.betting == "nolimit" and not sizes[0] <= size <= sizes[1]:
                return f"raise to {size} outside {sizes}"
        elif kind == "f" and (self.spent[p] == self.max_spent or self.spent[p] == self.stack[p]):
            return "fold without facing a bet"
        return ""

    def act(self, kind: str, size: int) -> None:
        p = self.current_player()
        self.actions[self.round].append((kind, size, p))
        if kind == "f":
            self.folded[p] = True
        elif kind == "c":
            self.spent[p] = min(self.max_spent, self.stack[p])
        else:
            if self.game.betting == "nolimit":
                self.min_raise_to = max(self.min_raise_to, 2 * size - self.max_spent)
                self.max_spent = size
            else:
                self.max_spent = min(self.max_spent + self.game.raise_sizes[self.round], self.stack[p])
            self.spent[p] = self.max_spent
        if sum(self.folded) + 1 >= self.n:
            self.finished = True
        elif self.called() >= sum(self.acting(q) for q in range(self.n)):
            if sum(self.acting(q) for q in range(self.n)) > 1:
                if self.round + 1 < self.game.num_rounds:
                    self.round += 1
                    self.actions.append([])
                    self.min_raise_to = self.max_spent + self.big
                else:
                    self.finished = True
            else:
                self.finished = True
                while self.round + 1 < self.game.num_rounds:
                    self.round += 1
                    self.actions.append([])

    def called(self) -> int:
        count = 0
        for kind, _, p in reversed(self.actions[self.round]):
            if kind == "r":
                return count + (self.spent[p] < self.stack[p])
            if kind == "c" and self.spent[p] < self.stack[p]:
                count += 1
        return count

    def strength(self, p: int) -> int:
        shown = sum(self.game.num_board_cards[:self.round + 1])
        return ph.evaluate(list(self.hole[p]) + list(self.board[:shown]))

    def value(self, player: int) -> float:
        """The server's valueOfState: chips won (fractions when a pot splits)."""
        if self.folded[player]:
            return -float(self.spent[player])
        if sum(self.folded) + 1 == self.n:
            return float(sum(self.spent) - self.spent[player])
        entries = [[self.spent[p], -1 if self.folded[p] else self.strength(p), p] for p in range(self.n) if self.spent[p]]
        value = 0.0
        while True:
            size = min(e[0] for e in entries)
            best = max(e[1] for e in entries)
            winners = sum(1 for e in entries if e[1] == best)
            mine = next(e for e in entries if e[2] == player)
            if mine[1] == best:
                value += size * (len(entries) - winners) / winners
            else:
                value -= size
            for e in entries:
                e[0] -= size
            if mine[0] == 0:
                return value
            entries = [e for e in entries if e[0]]

    def view(self, viewer: int) -> str:
        betting = "/".join("".join(kind + (str(size) if kind == "r" and self.game.betting == "nolimit" else "")
                                   for kind, size, _ in actions) for actions in self.actions)
        shown = self.finished and sum(self.folded) + 1 < self.n
        holes = "|".join("".join(map(card_text, self.hole[p])) if p == viewer or (shown and not self.folded[p]) else ""
                         for p in range(self.n))
        board, start = "", 0
        for r in range(self.round + 1):
            count = self.game.num_board_cards[r]
            board += ("/" if r else "") + "".join(map(card_text, self.board[start:start + count]))
            start += count
        return f"MATCHSTATE:{viewer}:{self.hand_id}:{betting}:{holes}{board}"


_ACTION = re.compile(r"(f|c|r)(\d*)")


class Dealer:
    """Plays ``hands`` hands of ``game``. As the server, it listens on one port per
    seat (``ports``) and rotates the seats: position p of hand h is played by seat
    (p + h) mod n. ``values[h][seat]`` is each seat's result of hand h; ``errors`` the
    reasons a match was ended early (the server would change an invalid action to a
    call and count it; this dealer ends the match so that a test sees it)."""

    def __init__(self, game: GameDef, hands: int, seed: int, timeout: float = 20.0):
        self.game = game
        self.hands = hands
        self.seed = seed
        self.timeout = timeout
        self.listeners = [socket.create_server(("127.0.0.1", 0)) for _ in range(game.num_players)]
        self.ports = [listener.getsockname()[1] for listener in self.listeners]
        self.values: List[List[float]] = []
        self.errors: List[str] = []
        self.actions = 0
        self.thread = threading.Thread(target=self.run, daemon=True)

    def start(self) -> Dealer:
        self.thread.start()
        return self

    def join(self) -> None:
        self.thread.join(self.timeout * 4)

    def run(self) -> None:
        seats = []
        try:
            for listener in self.listeners:
                listener.settimeout(self.timeout)
                connection, _ = listener.accept()
                connection.settimeout(self.timeout)
                connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                reader = connection.makefile("rb")
                if reader.readline().decode().rstrip("\r\n") != "VERSION:2.0.0":
                    self.errors.append("a player did not open with VERSION:2.0.0")
                    return
                seats.append((connection, reader))
            for hand in range(self.hands):
                if not self.play(hand, seats):
                    return
        except OSError as error:
            self.errors.append(f"connection: {error!r}")
        finally:
            for connection, reader in seats:
                reader.close()
                connection.close()
            for listener in self.listeners:
                listener.close()

    def play(self, hand: int, seats) -> bool:
        n = self.game.num_players
        deck = random.Random(self.seed * 1_000_003 + hand).sample(range(52), 2 * n + 5)
        state = AcpcRules(self.game, hand, [tuple(deck[2 * p:2 * p + 2]) for p in range(n)], tuple(deck[2 * n:]))
        seat_of = [(p + hand) % n for p in range(n)]
        while True:
            for p in range(n):
                seats[seat_of[p]][0].sendall(f"{state.view(p)}\r\n".encode())
            if state.finished:
                break
            p = state.current_player()
            sent = state.view(p)
            line = seats[seat_of[p]][1].readline().decode().rstrip("\r\n")
            match = _ACTION.fullmatch(line[len(sent) + 1:]) if line.startswith(sent + ":") else None
            if match is None:
                self.errors.append(f"hand {hand}: position {p} answered {line!r} to {sent!r}")
                return False
            kind, digits = match.groups()
            if (kind == "r" and self.game.betting == "nolimit") != bool(digits):
                self.errors.append(f"hand {hand}: {line!r} has a wrong raise size")
                return False
            size = int(digits) if digits else 0
            reason = state.check(kind, size)
            if reason:
                self.errors.append(f"hand {hand}: illegal {line[len(sent) + 1:]!r}: {reason}")
                return False
            state.act(kind, size)
            self.actions += 1
        values = [0.0] * n
        for p in range(n):
            values[seat_of[p]] = state.value(p)
        self.values.append(values)
        return True

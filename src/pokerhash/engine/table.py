"""A table that plays hand after hand (rules: The games and their flow, between hands).

The button moves clockwise to the next seat dealt in, stacks carry over, busted
players leave, players join, sit out, come back (posting the blinds they missed, or
waiting for the big blind: an option) and rebuy between hands within the buy-in
limits. :meth:`Table.play` runs whole hands with agents (callables from a
:class:`~pokerhash.engine.View` to a response); :meth:`Table.start_hand` and
:meth:`Table.end_hand` let a server drive each hand step by step.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from ..cards import Deck
from ..errors import IllegalActionError, InvalidValueError
from .._checks import as_chips
from .hand import Hand, HandResult, Options, PendingKind, Stakes
from .variants import Forced, Variant
from .view import View

__all__ = ["Agent", "Table"]

#: An agent answers a view: an Action for a decision or bring-in, the cards to
#: discard for a draw.
Agent = Callable[[View], object]


class _Seat:
    __slots__ = ("stack", "sitting_out", "missed_small", "missed_big", "new")

    def __init__(self, stack: int) -> None:
        self.stack = stack
        self.sitting_out = False
        self.missed_small = False
        self.missed_big = False
        self.new = True


class Table:
    """Seats ``0..seats-1`` (default: the game's most players) at ``stakes`` (default:
    :meth:`Stakes.default <pokerhash.engine.Stakes.default>` for the game).

    ``buy_in`` is the (minimum, maximum) a player may bring or top up to (default:
    anything); ``wait_for_big_blind``: a player coming back, or new, waits until the
    big blind reaches them instead of posting the blinds missed (the default for
    returning players is to post them: small blind dead, big blind live). ``seed``
    makes the deals reproducible (default: the operating system's CSPRNG); ``log``
    keeps each hand's event log.
    """

    def __init__(
        self,
        variant: Variant,
        stakes: Optional[Stakes] = None,
        *,
        seats: Optional[int] = None,
        options: Options = Options(),
        buy_in: Tuple[int, Optional[int]] = (1, None),
        wait_for_big_blind: bool = False,
        seed: Optional[int] = None,
        log: bool = True,
    ) -> None:
        most = variant.player_limits(options.large_draw_tables)[1]
        self.variant = variant
        self.stakes = Stakes.default(variant) if stakes is None else stakes
        if not isinstance(self.stakes, Stakes):
            raise InvalidValueError(f"stakes must be a pokerhash.engine.Stakes, not {stakes!r:.100}")
        self.options = options
        self.size = most if seats is None else as_chips(seats, "seats")
        if not 2 <= self.size:
            raise InvalidValueError(f"a table has at least 2 seats, not {self.size}")
        low, high = buy_in
        self.buy_in = (as_chips(low, "minimum buy-in"), None if high is None else as_chips(high, "maximum buy-in"))
        self.wait_for_big_blind = wait_for_big_blind
        self.log = log
        self.button: Optional[int] = None
        self.hand: Optional[Hand] = None
        self.hands_played = 0
        self._seed = seed
        self._decks: Dict[int, Deck] = {}
        self._seats: Dict[int, _Seat] = {}
        self._last_blinds: Optional[Tuple[Optional[int], int]] = None

    # -- between hands -------------------------------------------------------

    @property
    def stacks(self) -> Dict[int, int]:
        """Chips of every seated player."""
        return {seat: state.stack for seat, state in sorted(self._seats.items())}

    @property
    def sitting_out(self) -> Tuple[int, ...]:
        return tuple(seat for seat, state in sorted(self._seats.items()) if state.sitting_out)

    def join(self, seat: int, stack: int) -> None:
        """Seat a player with a buy-in of ``stack`` chips."""
        self._between_hands("join")
        if not 0 <= seat < self.size or seat in self._seats:
            raise InvalidValueError(f"seat {seat} is not a free seat of 0..{self.size - 1}")
        self._check_buy_in(as_chips(stack, "buy-in"))
        self._seats[seat] = _Seat(stack)

    def leave(self, seat: int) -> int:
        """Remove a player; returns their chips."""
        self._between_hands("leave")
        return self._seat(seat) and self._seats.pop(seat).stack

    def rebuy(self, seat: int, chips: int) -> None:
        """Add ``chips`` to a player's stack, within the maximum buy-in."""
        self._between_hands("rebuy")
        state = self._seat(seat)
        total = state.stack + as_chips(chips, "rebuy")
        if self.buy_in[1] is not None and total > self.buy_in[1]:
            raise InvalidValueError(f"seat {seat} may have at most {self.buy_in[1]} chips, not {total}")
        if total < self.buy_in[0]:
            raise InvalidValueError(f"seat {seat} needs at least {self.buy_in[0]} chips, not {total}")
        state.stack = total

    def sit_out(self, seat: int) -> None:
        """The player keeps the seat but is not dealt in."""
        self._between_hands("sit out")
        self._seat(seat).sitting_out = True

    def sit_in(self, seat: int) -> None:
        """The player comes back from sitting out (next hand, or at the big blind)."""
        self._between_hands("sit in")
        self._seat(seat).sitting_out = False

    def _seat(self, seat: int) -> _Seat:
        try:
            return self._seats[seat]
        except KeyError:
            raise InvalidValueError(f"nobody sits in seat {seat!r}") from None

    def _check_buy_in(self, stack: int) -> None:
        low, high = self.buy_in
        if stack < low or (high is not None and stack > high):
            raise InvalidValueError(f"a buy-in is {low}..{high if high is not None else 'any'} chips, not {stack}")

    def _between_hands(self, what: str) -> None:
        if self.hand is not None and not self.hand.is_over:
            raise IllegalActionError(f"cannot {what} during a hand: {self.hand.pending}")

    # -- hands ---------------------------------------------------------------

    def start_hand(self) -> Hand:
        """Deal the next hand: move the button, collect who plays, build the Hand."""
        self._between_hands("start a hand")
        if self.hand is not None:
            self.end_hand()
        ready = sorted(seat for seat, state in self._seats.items() if not state.sitting_out and state.stack)
        if len(ready) < 2:
            raise IllegalActionError(f"a hand needs 2 players ready, not {len(ready)} (seated: {self.stacks})")
        button = self._next_button(ready)
        playing, missed = self._who_plays(ready, button)
        count = len(playing)
        if count < 2:
            raise IllegalActionError(f"a hand needs 2 players ready, not {count}")
        deck = self._decks.get(count)
        if deck is None:
            cards = self.variant.deck(count, self.options.four_players_use_36_cards)
            seed = None if self._seed is None else self._seed * 101 + count
            deck = self._decks[count] = Deck(seed, cards)
        else:
            deck.shuffle()
        self.button = button
        self.hand = Hand(self.variant, {seat: self._seats[seat].stack for seat in playing}, button=button,
                         stakes=self.stakes, options=self.options, deck=deck, log=self.log, missed_blinds=missed)
        return self.hand

    def end_hand(self) -> HandResult:
        """Carry the finished hand's stacks over; busted players leave."""
        hand = self.hand
        if hand is None:
            raise IllegalActionError("no hand has been dealt")
        result = hand.result
        for seat, stack in result.stacks.items():
            self._seats[seat].stack = stack
        for seat in [seat for seat, state in self._seats.items() if not state.stack]:
            del self._seats[seat]
        self.hand = None
        self.hands_played += 1
        return result

    def _next_button(self, ready: Sequence[int]) -> int:
        """Clockwise to the next seat dealt in (the first hand: the lowest seat).
        Heads-up in a blinds game, the last hand's big blind takes the button (and the
        small blind), so that nobody posts the big blind twice in a row, also when the
        table has just shrunk to two."""
        if self.button is None:
            return ready[0]
        last = self._last_blinds
        if len(ready) == 2 and last is not None and last[1] in ready:
            return last[1]
        return next((seat for seat in ready if seat > self.button), ready[0])

    def _who_plays(self, ready: List[int], button: int) -> Tuple[List[int], Dict[int, Tuple[int, int]]]:
        """Who is dealt in, and the blinds owed by players back from sitting out or new.

        In a blinds game a player who missed the big blind while away (or joined after
        the first hand) either waits until the big blind reaches them
        (``wait_for_big_blind``) or posts it live now, plus a missed small blind dead."""
        if self.variant.forced is not Forced.BLINDS:
            return ready, {}
        playing = list(ready)
        if self.wait_for_big_blind:
            while True:
                _, big = self._blind_seats(playing, button)
                waiting = [seat for seat in playing if self._owes(seat) and seat != big]
                if not waiting or len(playing) - len(waiting) < 2:
                    break
                playing = [seat for seat in playing if seat not in waiting]
        small, big = self._blind_seats(playing, button)
        previous = self._last_blinds
        for seat, state in self._seats.items():
            if seat not in playing and previous is not None:
                # The blinds passed this absent seat if it lies clockwise after where they
                # were last hand, up to where they are now.
                state.missed_big |= _clockwise_between(previous[1], seat, big)
                if small is not None and previous[0] is not None:
                    state.missed_small |= _clockwise_between(previous[0], seat, small)
        missed: Dict[int, Tuple[int, int]] = {}
        blinds = self.stakes.blinds
        for seat in playing:
            state = self._seats[seat]
            if self._owes(seat) and seat not in (small, big):
                dead = min(blinds) if state.missed_small and len(blinds) == 2 else 0
                missed[seat] = (max(blinds), dead)
            if seat not in (small,):
                state.missed_big = state.missed_small = state.new = False
        self._last_blinds = (small, big)
        return playing, missed

    def _owes(self, seat: int) -> bool:
        state = self._seats[seat]
        return self.hands_played > 0 and (state.missed_big or state.new)

    def _blind_seats(self, playing: Sequence[int], button: int) -> Tuple[Optional[int], int]:
        """The small- and big-blind seats of a hand (heads-up the button is the small blind)."""
        order = [seat for seat in playing if seat > button] + [seat for seat in playing if seat <= button]
        if len(order) == 2:
            return order[1], order[0]
        if len(self.stakes.blinds) == 1:
            return None, order[0]
        return order[0], order[1]

    def play(self, agents: Union[Agent, Mapping[int, Agent]], hands: int = 1, *,
             on_hand: Optional[Callable[[Hand], object]] = None, time_limit: Optional[float] = None,
             progress: Union[bool, Callable[[int, int], object]] = False) -> List[HandResult]:
        """Play ``hands`` hands (fewer if fewer than two players are left): each
        decision, bring-in or draw goes to the agent of the seat to act (one agent for
        every seat, or a mapping seat -> agent), as a :class:`View` of the hand.

        ``on_hand(hand)`` is called with each finished :class:`Hand` (its
        :attr:`~Hand.events`, its PHH history through :mod:`pokerhash.engine.history`),
        before the next one is dealt. ``time_limit``: seconds an agent may take per
        decision; an agent that has not answered by then gets the rules' timeout action
        (:meth:`Hand.timeout`: check or fold, the bring-in, the game's auto-draw) and
        its answer, when it comes, is dropped (agents then run in a worker thread; one
        that never returns keeps its thread, not the table). ``progress``: True shows a
        tqdm bar on stderr (the ``cli`` extra), or a callable gets ``(hands done,
        hands)`` after each hand.
        """
        count = as_chips(hands, "hands")
        if not callable(agents):
            if not isinstance(agents, Mapping):
                raise InvalidValueError(f"agents must be a callable or a mapping seat -> callable, not {agents!r:.100}")
            missing = sorted(seat for seat in self._seats if seat not in agents or not callable(agents[seat]))
            if missing:
                raise InvalidValueError(f"no agent (a callable) for seated player(s) {missing}")
        if on_hand is not None and not callable(on_hand):
            raise InvalidValueError(f"on_hand must be a callable, not {on_hand!r:.100}")
        if time_limit is not None:
            if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) \
                    or not 0 < time_limit < float("inf"):
                raise InvalidValueError(f"time_limit must be a positive finite number of seconds, not {time_limit!r}")
        report = _progress(progress, count)
        ask = _Timed(time_limit) if time_limit is not None else None
        results: List[HandResult] = []
        try:
            for _ in range(count):
                if sum(1 for state in self._seats.values() if state.stack and not state.sitting_out) < 2:
                    break
                hand = self.start_hand()
                while not hand.is_over:
                    pending = hand.pending
                    seat = pending.seat
                    agent = agents if callable(agents) else agents.get(seat)
                    if agent is None:  # a player who joined the mapping's table later
                        raise InvalidValueError(f"no agent for seat {seat}")
                    view = hand.view(seat)
                    if ask is not None:
                        answered, answer = ask(agent, view)
                        if not answered:
                            hand.timeout()
                            continue
                    else:
                        answer = agent(view)
                    if pending.kind is PendingKind.DRAW:
                        hand.draw(answer)
                    else:
                        hand.act(answer)
                results.append(self.end_hand())
                if on_hand is not None:
                    on_hand(hand)
                if report is not None:
                    report(len(results), count)
        finally:
            if ask is not None:
                ask.close()
            if report is not None and hasattr(report, "close"):
                report.close()
        return results


class _Timed:
    """Ask agents with a deadline: each call in a worker thread, waited for at most
    ``limit`` seconds. A late agent keeps its thread (Python cannot stop it); the next
    decision gets a fresh one."""

    def __init__(self, limit: float) -> None:
        self.limit = limit
        self._pool = None

    def __call__(self, agent: Agent, view: View) -> Tuple[bool, object]:
        from concurrent.futures import ThreadPoolExecutor, TimeoutError as Late

        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pokerhash-agent")
        future = self._pool.submit(agent, view)
        try:
            return True, future.result(timeout=self.limit)
        except Late:
            self._pool.shutdown(wait=False)
            self._pool = None
            return False, None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False)


class _Bar:
    def __init__(self, total: int) -> None:
        try:
            from tqdm import tqdm
        except ImportError as error:
            raise ImportError('progress=True needs tqdm: pip install "pokerhash[cli]"') from error
        self._bar = tqdm(total=total, unit="hand")

    def __call__(self, done: int, total: int) -> None:
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        self._bar.close()


def _progress(progress: object, total: int) -> Optional[Callable[[int, int], object]]:
    if progress is False or progress is None:
        return None
    if progress is True:
        return _Bar(total)
    if not callable(progress):
        raise InvalidValueError(f"progress must be True, False or a callable (done, total), not {progress!r:.100}")
    return progress


def _clockwise_between(start: int, seat: int, end: int) -> bool:
    """Whether ``seat`` lies clockwise after ``start`` and up to ``end``."""
    if start < end:
        return start < seat <= end
    return seat > start or seat <= end

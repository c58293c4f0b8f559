"""pytest-benchmark suite of the ACPC layer: ``pytest benchmarks/bench_acpc.py``.

Per match state (``us_per_state`` in extra_info: the median over the corpus size):
reading, writing, replaying on the engine from scratch, and a client's whole work
on a line (it plays the last line's hand on when it can); and whole matches of the client against the test dealer on localhost
(``hands_per_second``: both players are pokerhash clients, so each hand is replayed
by two clients, over two TCP connections, while the dealer checks it by the
server's rules). The corpus is every position's view after every action of 300
random-play heads-up no-limit hands.
"""

import random
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from acpc_dealer import Dealer, random_action, random_agent  # noqa: E402
import pokerhash as ph  # noqa: E402
from pokerhash.acpc import AcpcPlayer, MatchState, matchstate_of, play_match, read_gamedef, replay  # noqa: E402

DATA = Path(__file__).parent.parent / "tests" / "data"
NOLIMIT2 = read_gamedef(DATA / "holdem.nolimit.2p.reverse_blinds.game")
LIMIT2 = read_gamedef(DATA / "holdem.limit.2p.reverse_blinds.game")
GAME = NOLIMIT2.engine()


def _corpus(hands=300, seed=1):
    rng = random.Random(seed)
    states = []
    for number in range(hands):
        hand = GAME.new_hand(seed=seed + number)
        while True:
            states += [matchstate_of(hand, position, number) for position in (0, 1)]
            if hand.is_over:
                break
            hand.act(random_action(hand.pending.legal, rng))
    return states


STATES = _corpus()
TEXTS = [str(state) for state in STATES]


def _median(benchmark):
    """The median time, None under ``--benchmark-disable`` (the tests then just run once)."""
    return benchmark.stats.stats.median if benchmark.stats is not None else None


def _per_state(benchmark):
    if _median(benchmark):
        benchmark.extra_info["us_per_state"] = 1e6 * _median(benchmark) / len(TEXTS)


def test_parse(benchmark):
    assert benchmark(lambda: [MatchState.parse(text) for text in TEXTS]) == STATES
    _per_state(benchmark)


def test_format(benchmark):
    assert benchmark(lambda: [str(state) for state in STATES]) == TEXTS
    _per_state(benchmark)


def test_replay(benchmark):
    benchmark(lambda: [replay(state, GAME) for state in STATES])
    _per_state(benchmark)


def _calling_station(view):
    return ph.Action.check() if view.legal.can_check else ph.Action.call()


def _client_lines():
    players = [AcpcPlayer(GAME, _calling_station) for _ in (0, 1)]
    for state, text in zip(STATES, TEXTS):
        players[state.position].answer(text)
    return players


def test_client_lines(benchmark):
    """What a client spends on each dealer line: read, play on (or rebuild) the hand,
    answer when it is its turn."""
    players = benchmark(_client_lines)
    assert sum(player.result.hands for player in players) == 600
    _per_state(benchmark)


def _match(gamedef, hands):
    dealer = Dealer(gamedef, hands, seed=7).start()
    players = [threading.Thread(target=play_match, args=("127.0.0.1", port, gamedef, random_agent(seat)))
               for seat, port in enumerate(dealer.ports)]
    for player in players:
        player.start()
    for player in players:
        player.join()
    dealer.join()
    assert dealer.errors == [] and len(dealer.values) == hands


def test_match_nolimit_heads_up(benchmark):
    benchmark.pedantic(_match, (NOLIMIT2, 200), rounds=3)
    if _median(benchmark):
        benchmark.extra_info["hands_per_second"] = 200 / _median(benchmark)


def test_match_limit_heads_up(benchmark):
    benchmark.pedantic(_match, (LIMIT2, 200), rounds=3)
    if _median(benchmark):
        benchmark.extra_info["hands_per_second"] = 200 / _median(benchmark)

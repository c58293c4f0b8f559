"""A slow, readable encoding of pokerhash.rl's observation vector, section by section
as docs/rl.rst describes it: the C writer (src/pokerhash/rl/_encode.pyx) must agree
with it on every state."""

import numpy as np


def reference_observation(layout, hand, index, scale, history):
    """The observation of the player at ``index`` (clockwise from left of the button)."""
    at = {section.name: section.offset for section in layout.sections}
    out = np.zeros(layout.size, np.float64)
    n = layout.players
    seats = hand.seats
    seat = seats[index]
    relative = [seats[(index + r) % n] for r in range(n)]  # relative seat r: r places clockwise
    for card in hand.hole_cards(seat):
        out[at["own cards"] + card] = 1
    if "board" in at:
        for card in hand.board:
            out[at["board"] + card] = 1
    if "up cards" in at:
        for r, other in enumerate(relative):
            for card in hand.up_cards(other):
                out[at["up cards"] + 52 * r + card] = 1
    stacks, bets, contributed = hand.stacks, hand.bets, hand.contributed
    for r, other in enumerate(relative):
        base = at["seats"] + 6 * r
        out[base] = stacks[other] * scale
        out[base + 1] = bets[other] * scale
        out[base + 2] = contributed[other] * scale
        out[base + 3] = other in hand.folded
        out[base + 4] = other not in hand.folded and stacks[other] == 0
        out[base + 5] = other == seats[-1]  # the button: the last player clockwise from its left
    out[at["pot"]] = hand.pot * scale
    pending = hand.pending
    if not hand.is_over and pending.seat == seat and pending.legal is not None:
        out[at["to call"]] = pending.legal.call * scale
        if pending.legal.raise_kind is not None:
            out[at["raise range"]] = pending.legal.min_to * scale
            out[at["raise range"] + 1] = pending.legal.max_to * scale
    out[at["street"] + hand.street] = 1
    for k, (street, player, code, amount) in enumerate(history[-layout.history:] if layout.history else []):
        base = at["history"] + 4 * k
        out[base:base + 4] = street, (player - index) % n + 1, code, amount
    return out.astype(np.float32)

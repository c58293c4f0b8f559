"""Omaha hands for the solver's tests (test_solver_plo56, test_solver_hilo)."""

import itertools

import numpy as np

import pokerhash as ph


def random_hands(n, board, seed, size):
    """n distinct hands of ``size`` cards without a board card, in a fixed random order."""
    rng = np.random.default_rng(seed)
    deck = [c for c in range(52) if c not in ph.cards(board)]
    seen = {}
    while len(seen) < n:
        seen.setdefault(tuple(sorted(rng.choice(deck, size, replace=False).tolist())), len(seen))
    return [list(h) for h in seen]


def overlapping_hands(board, n, size, seed, deck_size):
    """n hands from the lowest ``deck_size`` cards off the board (deuces, treys, ...):
    they share many cards (and in hi/lo many hold a low, some not)."""
    deck = [c for c in range(52) if c not in ph.cards(board)][:deck_size]
    every = [list(h) for h in itertools.combinations(deck, size)]
    rng = np.random.default_rng(seed)
    return [every[i] for i in rng.choice(len(every), n, replace=False)]

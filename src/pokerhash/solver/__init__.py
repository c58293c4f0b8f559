"""A postflop solver: heads-up Hold'em and pot-limit Omaha (:class:`OmahaRange`) flop, turn
and river spots, solved with Discounted CFR in C
(``csrc/solver.h``), over vectors of hands, without the GIL.

:class:`Spot` states the spot (board, ranges, pot, stack, bet sizes in solver
notation); :func:`build_tree` gives its game tree, node count and memory before
solving; :func:`solve` runs DCFR to a target exploitability and returns a
:class:`Solution`, whose nodes (:class:`Node`) give each hand's strategy, EV and
equity. See ``docs/solver.rst``.
"""

from .omaha import OmahaRange
from .solution import Node, Solution, solve
from .tree import BetSizes, Size, Spot, Tree, build_tree, parse_sizes

__all__ = ["BetSizes", "Node", "OmahaRange", "Size", "Solution", "Spot", "Tree", "build_tree", "parse_sizes", "solve"]

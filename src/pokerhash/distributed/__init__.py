"""Poker computations that outgrow one machine, on Dask (``pip install "pokerhash[dask]"``).

Nothing in the rest of pokerhash imports Dask; this package does, when it is used.
``arrays``: the batch evaluators on Dask arrays, lazily, computed wherever the array
is. ``grid`` (range against range on many boards), ``simulate`` (bots, with error
bars) and ``hands`` (poker sites' hand-history files, imported and verified) start
tasks, and take ``client=None``: a ``dask.distributed.Client`` of the
caller's (a laptop or a cluster of machines), else the active one, else a local
cluster of one worker process per core started for the call (``client_for``).
"""

from ._cluster import client_for
from . import arrays
from .arrays import *  # noqa: F401,F403  (the evaluators' Dask twins: arrays.__all__)
from .grid import RangeGrid, range_grid, suit_distinct_boards
from .hands import import_site_files
from .preflop import preflop_table
from .simulate import SimulationResult, simulate

__all__ = [
    "client_for",
    *arrays.__all__,
    "RangeGrid",
    "range_grid",
    "suit_distinct_boards",
    "SimulationResult",
    "simulate",
    "preflop_table",
    "import_site_files",
]

"""Poker computations that outgrow one machine, on Dask (``pip install "pokerhash[dask]"``).

Nothing in the rest of pokerhash imports Dask; this package does, when it is used.
Every function takes ``client=None``: a ``dask.distributed.Client`` of the caller's
(a laptop or a cluster of machines), else the active one, else a local cluster of
one worker process per core started for the call (``_cluster.client_for``).
"""

from ._cluster import client_for
from .arrays import (
    evaluate_a5_low_batch,
    evaluate_badugi_batch,
    evaluate_batch,
    evaluate_deuce7_batch,
    evaluate_low8_batch,
    evaluate_omaha_batch,
    evaluate_omaha_low8_batch,
    evaluate_shortdeck_batch,
    evaluate_turkish_batch,
)
from .grid import RangeGrid, range_grid, suit_distinct_boards
from .simulate import SimulationResult, simulate

__all__ = [
    "client_for",
    "evaluate_batch",
    "evaluate_omaha_batch",
    "evaluate_low8_batch",
    "evaluate_omaha_low8_batch",
    "evaluate_turkish_batch",
    "evaluate_shortdeck_batch",
    "evaluate_a5_low_batch",
    "evaluate_deuce7_batch",
    "evaluate_badugi_batch",
    "RangeGrid",
    "range_grid",
    "suit_distinct_boards",
    "SimulationResult",
    "simulate",
]

"""Poker computations that outgrow one machine, on Dask (``pip install "pokerhash[dask]"``).

Nothing in the rest of pokerhash imports Dask; this package does, when it is used.
Every function takes ``client=None``: a ``dask.distributed.Client`` of the caller's
(a laptop or a cluster of machines), else the active one, else a local cluster of
one worker process per core started for the call (``_cluster.client_for``).
"""

from ._cluster import client_for
from .preflop import preflop_table

__all__ = ["client_for", "preflop_table"]

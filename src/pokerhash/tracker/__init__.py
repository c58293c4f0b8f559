"""A hand database: import hand histories, ask for player statistics, all-in EV and graphs.

See docs/tracker.rst. :class:`Tracker` opens a SQLite file (or ``:memory:``) or a
PostgreSQL URL; :meth:`Tracker.import_hands` stores hands (idempotent, one
transaction per batch, refused hands kept with their reason); :meth:`Tracker.stats`
returns per-player statistics; :meth:`Tracker.graph_data` the cumulative winnings
behind :func:`pokerhash.tracker.graph.plot`.
"""

from .database import ImportSummary, Tracker
from .extract import HandRecord, Refused, extract
from .stats import STATISTICS, Statistic

__all__ = ["ImportSummary", "HandRecord", "Refused", "STATISTICS", "Statistic", "Tracker", "extract"]

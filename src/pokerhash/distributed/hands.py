"""Site hand histories imported on a Dask cluster: every file a task, the hands written
as one ``.phhs`` in file order, in bounded memory.

A task reads one file, replays its hands on the engine and returns its ``.phhs`` text
and per-site tallies (:func:`pokerhash.sites.parallel.import_file`); the caller's
process writes the results in the order of the files. At most ``window`` files are in
flight at once, so a folder of any size streams through the client's memory a few
files at a time, while the cluster keeps every worker busy.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Dict, Iterable, Iterator, Optional, Sequence, Tuple

from .._checks import as_int_in
from ..sites.parallel import Tally, files_of, import_file, write_imports
from ._cluster import client_for

__all__ = ["import_site_files"]


def import_site_files(sources: Iterable[str], target, *, client: Optional[Any] = None,
                      workers: Optional[int] = None, site: Optional[str] = None, verify: bool = True,
                      window: Optional[int] = None, progress=None) -> Dict[str, Tally]:
    """Import poker sites' hand-history files (folders, zips or files) on a Dask cluster,
    writing the imported hands to ``target`` (an open text file) as one ``.phhs`` and
    returning the per-site :class:`~pokerhash.sites.parallel.Tally` — the same file and
    tallies as ``pokerhash import`` on one machine.

    ``client``/``workers``: the cluster (``pokerhash.distributed``'s rule: the given
    client, else the active one, else a local cluster of ``workers`` processes).
    ``site`` reads only that site's hands; ``verify`` replays each hand on the engine.
    ``window``: files in flight at once (default: four per worker thread), which
    bounds the memory of the caller. ``progress`` (optional) is called with the
    number of hands of each file written.
    """
    paths = [path for source in sources for path in files_of(source)]
    with client_for(client, workers) as cluster:
        if window is None:
            window = 4 * max(1, sum(cluster.nthreads().values()))
        window = as_int_in(window, "window", 1)
        return write_imports(_in_order(cluster, paths, site, verify, window), target, progress)


def _in_order(client: Any, paths: Sequence[str], site: Optional[str], verify: bool,
              window: int) -> Iterator[Tuple[Dict[str, Tally], str, int]]:
    """The files' results in order, with at most ``window`` tasks submitted and not yet
    handed on (a result is released as soon as it is yielded)."""
    pending: deque = deque()
    files = iter(paths)
    for path in files:
        pending.append(client.submit(import_file, path, site, verify, pure=True))
        if len(pending) >= window:
            break
    while pending:
        future = pending.popleft()
        result = future.result()
        future.release()
        path = next(files, None)
        if path is not None:
            pending.append(client.submit(import_file, path, site, verify, pure=True))
        yield result

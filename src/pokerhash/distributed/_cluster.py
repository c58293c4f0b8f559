"""Which Dask cluster a call runs on: the caller's client, the active one, or a
local cluster started for the call and closed after it.

Every public function of ``pokerhash.distributed`` takes ``client=None``. A
``dask.distributed.Client`` given by the caller is used as it is (a laptop's
``LocalCluster`` or a cluster of machines: the same code runs on both). Without one,
the client already active in the process (``distributed.default_client()``) is used,
so ``with Client(...):`` blocks work as Dask users expect; when there is none, a
``LocalCluster`` of one single-threaded worker process per core is started for the
call and shut down when it returns. Worker processes, not threads: the batch kernels
release the GIL, but the Python glue between them (range parsing, the engine) does
not, and processes also keep a crashing task from taking the caller down.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any, Iterator, Optional

from ..errors import InvalidValueError


def require_dask() -> None:
    """Raise a clear ImportError naming the extra when Dask is missing."""
    try:
        import dask  # noqa: F401
        import dask.distributed  # noqa: F401
    except ImportError as error:  # pragma: no cover - the test extras install Dask
        raise ImportError(
            "pokerhash.distributed needs Dask: pip install \"pokerhash[dask]\"") from error


@contextlib.contextmanager
def client_for(client: Optional[Any] = None, workers: Optional[int] = None) -> Iterator[Any]:
    """Yield the ``dask.distributed.Client`` a call runs on (see the module docstring).

    ``workers`` sizes the local cluster started when there is neither a given nor an
    active client (default: ``os.cpu_count()``); it is an error together with a client,
    whose size belongs to whoever started it.
    """
    require_dask()
    from dask.distributed import Client, LocalCluster

    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise InvalidValueError(f"workers must be a positive int, got {workers!r}")
        if client is not None:
            raise InvalidValueError("workers sizes a local cluster; it cannot be given with a client")
    if client is not None:
        if not isinstance(client, Client):
            raise InvalidValueError(f"client must be a dask.distributed.Client, got {type(client).__name__}")
        yield client
        return
    if workers is None:
        try:
            from dask.distributed import default_client

            yield default_client()
            return
        except ValueError:  # no client is active in this process
            pass
    n = workers or os.cpu_count() or 1
    with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as local:
            yield local

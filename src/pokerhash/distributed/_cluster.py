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
from typing import Any, Callable, Iterator, List, Optional, Sequence, Tuple

from .._checks import as_int_in
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
        workers = as_int_in(workers, "workers", 1)
        if client is not None:
            raise InvalidValueError("workers sizes a local cluster; it cannot be given with a client")
    if client is not None:
        if not isinstance(client, Client):
            raise InvalidValueError(f"client must be a dask.distributed.Client, got {type(client).__name__}")
        yield client
        return
    active = _active_client() if workers is None else None
    if active is not None:
        # Outside the try of _active_client: a ValueError of the caller's block must
        # reach the caller, not start a local cluster.
        yield active
        return
    n = workers or os.cpu_count() or 1
    with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with Client(cluster) as local:
            yield local


def _active_client() -> Optional[Any]:
    """The client active in this process, or None."""
    from dask.distributed import default_client

    try:
        return default_client()
    except ValueError:  # no client is active in this process
        return None


def run_tasks(client: Any, function: Callable[..., Any], arguments: Sequence[Tuple[Any, ...]], progress: bool) -> List[Any]:
    """``function(*a)`` for each ``a`` of ``arguments`` as tasks of ``client``, results in order.

    The tasks are pure (a task's result depends only on its arguments), so that when a
    worker dies the scheduler computes its tasks again elsewhere and the result is the
    same. ``progress`` shows Dask's progress bar (a widget in a notebook, else text)
    until they are done; the dashboard shows them too (``client.dashboard_link``).
    """
    from dask.distributed import progress as progress_bar

    futures = [client.submit(function, *args, pure=True) for args in arguments]
    if progress:
        progress_bar(futures)
    return client.gather(futures)

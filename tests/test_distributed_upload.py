"""A simulation factory in the user's own helper module (neither the script nor an
installed package) reaches real worker processes through ``client.upload_file``, as
docs/distributed.rst says (issue 23: it failed with a deserialization error)."""

from __future__ import annotations

import sys
import textwrap

import pytest

pytest.importorskip("dask.distributed")
from dask.distributed import Client, LocalCluster  # noqa: E402

from pokerhash import distributed as phd  # noqa: E402

HELPER = textwrap.dedent("""
    import pokerhash as ph
    from pokerhash.engine import HOLDEM, Table


    def table(seed):
        table = Table(HOLDEM, seats=2, seed=seed)
        for seat in range(2):
            table.join(seat, 100)
        return table


    def calling_station(view):
        return ph.Action.check() if view.legal.can_check else ph.Action.call()
""")


def test_a_helper_module_reaches_the_workers_with_upload_file(tmp_path, monkeypatch):
    # The workers start first, as on a real cluster: the helper's folder is not on
    # their path (a local cluster's workers otherwise inherit the driver's sys.path).
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with Client(cluster) as client:
            path = tmp_path / "pokerhash_issue23_bots.py"
            path.write_text(HELPER)
            monkeypatch.syspath_prepend(str(tmp_path))
            try:
                import pokerhash_issue23_bots as bots

                client.upload_file(str(path))
                result = phd.simulate(bots.table, bots.calling_station, 20, seed=1, hands_per_task=10, client=client)
                assert result.hands == 20
            finally:
                sys.modules.pop("pokerhash_issue23_bots", None)

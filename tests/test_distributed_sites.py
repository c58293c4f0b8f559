"""Site hand histories imported on a Dask cluster (pokerhash.distributed.import_site_files
and ``pokerhash import --dask``): the same .phhs text and per-site tallies as the
import on one process, with any window of files in flight."""

import io
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("dask.distributed")

from pokerhash.distributed import import_site_files  # noqa: E402
from pokerhash.errors import InvalidValueError  # noqa: E402
from pokerhash.sites.parallel import import_to_phhs  # noqa: E402

DATA = Path(__file__).parent / "data" / "sites"


@pytest.fixture(scope="module")
def client(dask_client):
    return dask_client


def one_process():
    target = io.StringIO()
    tallies = import_to_phhs([str(DATA)], target, workers=1)
    return target.getvalue(), tallies


@pytest.mark.parametrize("window", [1, 3, None])
def test_same_file_and_tallies_as_one_process(client, window):
    expected_text, expected = one_process()
    assert expected_text.count("\n[") > 20  # the test data has hands of several sites
    target = io.StringIO()
    seen = []
    tallies = import_site_files([str(DATA)], target, client=client, window=window, progress=seen.append)
    assert target.getvalue() == expected_text
    assert tallies == expected
    assert sum(seen) == sum(t.hands for t in expected.values())
    assert any(t.refused for t in tallies.values())  # refused hands are counted, not lost


def test_bad_window_is_refused(client):
    with pytest.raises(InvalidValueError, match="window"):
        import_site_files([str(DATA)], io.StringIO(), client=client, window=0)


@pytest.mark.slow
def test_cli_on_a_local_cluster(tmp_path):
    expected_text, _ = one_process()
    out = tmp_path / "hands.phhs"
    done = subprocess.run([sys.executable, "-m", "pokerhash", "import", str(DATA), "-o", str(out), "--dask",
                           "--processes", "2", "--quiet"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8") == expected_text
    assert "pokerstars" in done.stdout

"""A PostgreSQL server for the tracker's tests.

``POKERHASH_TEST_POSTGRES`` (a ``postgresql://`` URL) or the libpq variables
(``PGHOST``, with ``PGPORT``, ``PGUSER``, ``PGDATABASE``...) name a server to use.
Otherwise, when Debian's (or another) PostgreSQL server binaries are installed, a
throwaway server is started: ``initdb`` into a temporary folder, ``pg_ctl start``
listening on a Unix socket only (no TCP port to collide with), stopped and removed
after the tests. As root the server runs as the ``postgres`` user (PostgreSQL
refuses to run as root). Without psycopg or server binaries the tests are skipped,
except under ``CI=true``, where a missing server is a failure: CI installs it.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from typing import Iterator, List, Optional

import pytest

_ENV_URL = "POKERHASH_TEST_POSTGRES"


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL tests cannot run under CI: {reason}")
    pytest.skip(reason)


def _binaries() -> Optional[str]:
    for name in ("initdb", "pg_ctl"):
        found = shutil.which(name)
        if found:
            return os.path.dirname(found)
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    candidates += sorted(glob.glob("/usr/local/opt/postgresql*/bin/initdb"), reverse=True)
    return os.path.dirname(candidates[0]) if candidates else None


def _as_server_user(command: List[str]) -> List[str]:
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--"] + command
    return command


def _fresh_database(admin_url: str) -> str:
    """A new empty database on the server (one per test session), its URL."""
    import psycopg

    name = f"pokerhash_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return name


def _url_with_database(base: str, name: str) -> str:
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(base)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of an empty PostgreSQL database for this test session."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _unavailable('psycopg is not installed (pip install "pokerhash[postgres]")')
    given = os.environ.get(_ENV_URL)
    if not given and os.environ.get("PGHOST"):
        given = "postgresql://"  # libpq reads PGHOST, PGPORT, PGUSER... from the environment
    if given:
        name = _fresh_database(given)
        yield _url_with_database(given, name)
        return
    bin_dir = _binaries()
    if bin_dir is None:
        _unavailable("no PostgreSQL server binaries (initdb, pg_ctl); set POKERHASH_TEST_POSTGRES or PGHOST")
    as_root = hasattr(os, "geteuid") and os.geteuid() == 0
    root = tempfile.mkdtemp(prefix="pokerhash-pg-")
    data, socket_dir = os.path.join(root, "data"), os.path.join(root, "socket")
    os.makedirs(socket_dir)
    if as_root:
        shutil.chown(root, "postgres")
        shutil.chown(socket_dir, "postgres")
    started = False
    try:
        subprocess.run(_as_server_user([os.path.join(bin_dir, "initdb"), "-D", data, "-A", "trust", "-U", "postgres",
                                        "--no-sync"]), check=True, capture_output=True)
        options = f"-k {socket_dir} -c listen_addresses='' -c fsync=off -c full_page_writes=off -p 5432"
        subprocess.run(_as_server_user([os.path.join(bin_dir, "pg_ctl"), "-D", data, "-o", options, "-w", "-t", "60",
                                        "-l", os.path.join(root, "server.log"), "start"]),
                       check=True, capture_output=True)
        started = True
        admin = f"postgresql://postgres@/postgres?host={socket_dir}&port=5432"
        name = _fresh_database(admin)
        yield f"postgresql://postgres@/{name}?host={socket_dir}&port=5432"
    except subprocess.CalledProcessError as error:
        log = os.path.join(root, "server.log")
        detail = open(log).read()[-2000:] if os.path.exists(log) else ""
        _unavailable(f"could not start a PostgreSQL server: {error.stderr.decode(errors='replace')[-2000:]} {detail}")
    finally:
        if started:
            subprocess.run(_as_server_user([os.path.join(bin_dir, "pg_ctl"), "-D", data, "-m", "immediate", "stop"]),
                           capture_output=True)
        shutil.rmtree(root, ignore_errors=True)

"""The tracker's tables as Parquet files (pyarrow, the ``parquet`` extra), for pandas,
polars, DuckDB or Dask."""

from __future__ import annotations

import os
from typing import Any, List, Sequence

from ..errors import InvalidValueError
from .schema import TABLE_NAMES

__all__ = ["export_parquet"]


def export_parquet(tracker: Any, folder: str, tables: Sequence[str], chunk_rows: int = 100_000) -> List[str]:
    """Write ``folder/<table>.parquet`` for each table, ``chunk_rows`` rows at a time
    (memory stays bounded); the paths written."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ImportError('Parquet export needs pyarrow: pip install "pokerhash[parquet]"') from None
    for table in tables:
        if table not in TABLE_NAMES:
            raise InvalidValueError(f"no table {table!r}; tables: {', '.join(TABLE_NAMES)}")
    if not isinstance(chunk_rows, int) or chunk_rows < 1:
        raise InvalidValueError(f"chunk_rows must be a positive int, not {chunk_rows!r}")
    os.makedirs(folder, exist_ok=True)
    written = []
    for table in tables:
        path = os.path.join(folder, f"{table}.parquet")
        cursor = tracker.db.execute(f"SELECT * FROM {table}")
        names = [d[0] for d in cursor.description]
        writer = None
        try:
            while True:
                rows = cursor.fetchmany(chunk_rows)
                if not rows and writer is not None:
                    break
                columns = {name: [row[i] for row in rows] for i, name in enumerate(names)}
                batch = pa.table(columns) if rows else pa.table({name: pa.array([], pa.null()) for name in names})
                if writer is None:
                    writer = pq.ParquetWriter(path, batch.schema)
                writer.write_table(batch.cast(writer.schema) if batch.schema != writer.schema else batch)
                if not rows:
                    break
        finally:
            if writer is not None:
                writer.close()
        written.append(path)
    return written

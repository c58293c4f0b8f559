"""Reading (and verifying) many files on several processes, and the ``pokerhash import`` command's work.

A folder's files are shared out to worker processes (``concurrent.futures``), one
file per task, so each worker streams its own files in bounded memory; the results
come back in the order of the files.
"""

from __future__ import annotations

import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Dict, Iterable, Iterator, List, Optional, Tuple

from ..errors import PokerhashError
from .model import SiteHand

__all__ = ["Tally", "files_of", "read_files", "import_file", "import_to_phhs", "write_imports"]


def files_of(source: str) -> List[str]:
    """The files of a folder (sorted, recursively), or the one file."""
    if os.path.isdir(source):
        found = []
        for folder, subfolders, files in os.walk(source):
            subfolders.sort()
            found.extend(os.path.join(folder, f) for f in sorted(files))
        return found
    return [source]


def _read_one(task: Tuple[str, Optional[str], bool]) -> List[Tuple[SiteHand, object]]:
    from . import read
    path, site, verify = task
    out = []
    for hand in read(path, site):
        result = None
        if verify and hand.error is None:
            result = hand.replay()._replace(hand=None)  # the engine's Hand stays in the worker
        out.append((hand, result))
    return out


def read_files(paths: Iterable[str], workers: Optional[int] = None, site: Optional[str] = None,
               verify: bool = False) -> Iterator[List[Tuple[SiteHand, object]]]:
    """Per file, in order: its (SiteHand, SiteReplay or None) pairs; ``workers`` processes
    (None: every core; 1: in this process)."""
    tasks = [(path, site, verify) for path in paths]
    if workers == 1 or len(tasks) < 2:
        for task in tasks:
            yield _read_one(task)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_read_one, tasks, chunksize=1)


@dataclass
class Tally:
    """Per site: hands read, imported, verified (replayed to the site's figures), and the
    reasons hands were refused or did not verify, with their counts."""

    hands: int = 0
    imported: int = 0
    verified: int = 0
    refused: Counter = field(default_factory=Counter)
    unverified: Counter = field(default_factory=Counter)

    def add(self, other: "Tally") -> None:
        """Count ``other``'s hands in as well."""
        self.hands += other.hands
        self.imported += other.imported
        self.verified += other.verified
        self.refused.update(other.refused)
        self.unverified.update(other.unverified)


def _reason(message: str) -> str:
    """A reason without the line number and the quoted text, to count like reasons together."""
    if message.startswith("line ") and ": " in message:
        message = message.split(": ", 1)[1]
    return message.split(" '")[0].split(' "')[0][:100]


def import_file(path: str, site: Optional[str] = None, verify: bool = True) -> Tuple[Dict[str, Tally], str, int]:
    """One file's import, as a worker does it: (the per-site tallies, the imported hands
    as ``.phhs`` text numbered from 1, the number of hands read). Pure: the same file
    gives the same result, wherever it runs."""
    from ..engine import history
    tallies: Dict[str, Tally] = {}
    imported = []
    results = _read_one((path, site, verify))
    for hand, result in results:
        tally = tallies.setdefault(hand.site or "unknown", Tally())
        tally.hands += 1
        if hand.error is not None:
            tally.refused[_reason(hand.error)] += 1
            continue
        try:
            imported.append(hand.history)
        except PokerhashError as error:
            tally.refused[f"not written as PHH: {_reason(str(error))}"] += 1
            continue
        tally.imported += 1
        if result is not None:
            if result.agrees:
                tally.verified += 1
            else:
                tally.unverified[_reason(result.differences[0])] += 1
    return tallies, history.dumps_all(imported) if imported else "", len(results)


def write_imports(results: Iterable[Tuple[Dict[str, Tally], str, int]], target, progress=None) -> Dict[str, Tally]:
    """Write files' imports (:func:`import_file`'s results, in file order) to ``target``
    as one ``.phhs``, the hands numbered on from file to file, and add up the tallies.
    ``progress`` (optional) is called with the number of hands of each file."""
    tallies: Dict[str, Tally] = {}
    number = 0
    for file_tallies, text, hands in results:
        for name, tally in file_tallies.items():
            tallies.setdefault(name, Tally()).add(tally)
        if text:
            # Number the hands on from the previous files' ([1], [2]... per file).
            lines = []
            count = 0
            for line in text.split("\n"):
                if line.startswith("[") and line.endswith("]") and line[1:-1].isdigit():
                    line = f"[{int(line[1:-1]) + number}]"
                    count += 1
                lines.append(line)
            number += count
            target.write("\n".join(lines))
            if not text.endswith("\n"):
                target.write("\n")
        if progress is not None:
            progress(hands)
    return tallies


def _import_task(task: Tuple[str, Optional[str], bool]) -> Tuple[Dict[str, Tally], str, int]:
    return import_file(*task)


def import_to_phhs(sources: Iterable[str], target, workers: Optional[int] = None, site: Optional[str] = None,
                   verify: bool = True, progress=None) -> Dict[str, Tally]:
    """Read every hand of ``sources`` (folders, zips or files), write the imported ones
    to ``target`` (an open text file) as one ``.phhs``, and tally them per site.
    ``workers`` processes (None: every core; 1: in this process); ``progress``
    (optional) is called with the number of hands of each file read. On a Dask
    cluster: :func:`pokerhash.distributed.import_site_files`."""
    tasks = [(path, site, verify) for source in sources for path in files_of(source)]
    if workers == 1 or len(tasks) < 2:
        return write_imports(map(_import_task, tasks), target, progress)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return write_imports(pool.map(_import_task, tasks, chunksize=1), target, progress)

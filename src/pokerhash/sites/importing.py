"""``pokerhash import``: site hand histories in, one ``.phhs`` out, a per-site summary.

The progress bar is tqdm's when the ``cli`` extra is installed (``pip install
"pokerhash[cli]"``), and nothing otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Dict

from .parallel import Tally, files_of, import_to_phhs

__all__ = ["add_arguments", "run_import", "summary"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``pokerhash import``'s sites mode (``-o``); the sources and
    ``--processes`` are the command's own."""
    parser.add_argument("-o", "--output", help="sites mode: the .phhs file to write the imported hands to")
    parser.add_argument("--site", help="sites mode: read only this site's hands (others are refused)")
    parser.add_argument("--no-verify", action="store_true", help="sites mode: do not replay the hands on the engine")
    parser.add_argument("--quiet", action="store_true", help="sites mode: no progress bar")
    parser.add_argument("--dask", nargs="?", const="local", metavar="SCHEDULER",
                        help="sites mode: import on a Dask cluster, the scheduler's address (e.g. "
                             "tcp://host:8786), or a local cluster of --processes workers without one "
                             "(pip install \"pokerhash[dask]\")")


def summary(tallies: Dict[str, Tally], verify: bool = True) -> str:
    """The per-site table: hands, imported, verified, refused (with the reasons)."""
    lines = [f"{'site':<12}{'hands':>9}{'imported':>10}{'verified':>10}{'refused':>9}"]
    for site in sorted(tallies):
        t = tallies[site]
        verified = str(t.verified) if verify else "-"
        lines.append(f"{site:<12}{t.hands:>9}{t.imported:>10}{verified:>10}{t.hands - t.imported:>9}")
        for reason, count in t.refused.most_common():
            lines.append(f"    refused {count}: {reason}")
        for reason, count in t.unverified.most_common():
            lines.append(f"    not verified {count}: {reason}")
    return "\n".join(lines)


def run_import(args: argparse.Namespace) -> int:
    """``pokerhash import SOURCES -o FILE.phhs``: read, verify, write, print the summary."""
    for source in args.sources:
        if not os.path.exists(source):
            print(f"pokerhash import: {source}: no such file or folder", file=sys.stderr)
            return 2
    bar = None
    if not args.quiet:
        try:
            from tqdm import tqdm
        except ImportError:
            tqdm = None
        if tqdm is not None:
            bar = tqdm(total=sum(len(files_of(source)) for source in args.sources), unit="file", desc="importing",
                       file=sys.stderr)
    read = [0]

    def progress(hands: int) -> None:
        read[0] += hands
        bar.update(1)
        bar.set_postfix(hands=read[0])
    try:
        with open(args.output, "w", encoding="utf-8") as target:
            if getattr(args, "dask", None) is not None:
                tallies = _on_dask(args, target, progress if bar is not None else None)
            else:
                tallies = import_to_phhs(args.sources, target, args.processes, args.site, not args.no_verify,
                                         progress if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
    print(summary(tallies, not args.no_verify))
    return 0


def _on_dask(args: argparse.Namespace, target, progress) -> Dict[str, Tally]:
    """The import on a Dask cluster: the scheduler at ``--dask ADDRESS``, or a local
    cluster of ``--processes`` workers."""
    from ..distributed import import_site_files

    if args.dask == "local":
        return import_site_files(args.sources, target, workers=args.processes, site=args.site,
                                 verify=not args.no_verify, progress=progress)
    from dask.distributed import Client

    with Client(args.dask) as client:
        return import_site_files(args.sources, target, client=client, site=args.site,
                                 verify=not args.no_verify, progress=progress)

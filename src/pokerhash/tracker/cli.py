"""The tracker's subcommands of ``pokerhash``: ``import --db``, ``stats`` and ``graph``.

``pokerhash import FOLDER --db hands.sqlite`` stores every hand of the poker sites'
hand histories and the ``.phh`` and ``.phhs`` files under FOLDER (a tqdm progress
bar on stderr when tqdm is installed);
``pokerhash stats --db ...`` prints a table; ``pokerhash graph --db ... --player NAME
-o graph.png`` draws the graph.
"""

from __future__ import annotations

import argparse
from typing import Any, Dict, List

from .stats import STATISTICS

__all__ = ["add_db_arguments", "add_graph", "add_stats", "run_import_db", "stats_table"]


def add_db_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", help="the hand database: a SQLite file (created when missing), ':memory:' or a "
                                     "postgresql:// URL")


def run_import_db(args: argparse.Namespace) -> int:
    """``pokerhash import SOURCES --db DB``: import into the tracker, print the summary."""
    from .database import Tracker

    try:
        from tqdm import tqdm
    except ImportError:
        tqdm = None
    bar = tqdm(unit=" hands", disable=None) if tqdm is not None else None
    try:
        with Tracker(args.db) as tracker:
            summary = tracker.import_files(args.sources, batch_size=args.batch_size, progress=bar,
                                           processes=args.processes)
    finally:
        if bar is not None:
            bar.close()
    print(summary)
    return 0


def _cell(row: Dict[str, Any], name: str, percent: bool) -> str:
    value, n, opp = row[name], row[f"{name}_n"], row[f"{name}_opp"]
    if value is None:
        return f"- ({n}/{opp})"
    return f"{value:.1f} ({n}/{opp})" if percent else f"{value:.2f} ({n}/{opp})"


def stats_table(rows: List[Dict[str, Any]], single: bool = False) -> str:
    """Statistics rows as text: one column per player (``single`` or one player), else
    one line per player with the main statistics."""
    if not rows:
        return "no hands match"
    money = [("hands", lambda r: f"{r['hands']:,}"), ("net (chips)", lambda r: f"{r['net']:+,}"),
             ("net (currency)", lambda r: f"{r['net_amount']:+,.2f}"), ("net (bb)", lambda r: f"{r['net_bb']:+,.2f}"),
             ("bb/100", lambda r: f"{r['bb_per_100']:+.2f}"),
             ("all-in adjusted (bb)", lambda r: f"{r['allin_adjusted_bb']:+,.2f}"),
             ("all-in adj. bb/100", lambda r: f"{r['allin_adjusted_bb_per_100']:+.2f}"),
             ("all-in hands", lambda r: f"{r['allin_hands']:,}"),
             ("showdown (bb)", lambda r: f"{r['showdown_bb']:+,.2f}"),
             ("non-showdown (bb)", lambda r: f"{r['non_showdown_bb']:+,.2f}")]
    if single or len(rows) == 1:
        lines = [["player"] + [f"{r['player']} ({r['site']})" for r in rows]]
        lines += [[label] + [get(r) for r in rows] for label, get in money]
        lines += [[stat.label + (" %" if stat.percent else "")] + [_cell(r, stat.name, stat.percent) for r in rows]
                  for stat in STATISTICS]
    else:
        main = [s for s in STATISTICS if s.name in ("vpip", "pfr", "three_bet", "steal", "cbet", "wtsd", "wsd", "af")]
        lines = [["player", "site", "hands", "net (bb)", "bb/100", "all-in adj. bb/100"] + [s.label for s in main]]
        for r in rows:
            lines.append([r["player"], r["site"], f"{r['hands']:,}", f"{r['net_bb']:+,.2f}", f"{r['bb_per_100']:+.2f}",
                          f"{r['allin_adjusted_bb_per_100']:+.2f}"]
                         + [("-" if r[s.name] is None else f"{r[s.name]:.1f}" if s.percent else f"{r[s.name]:.2f}")
                            for s in main])
    widths = [max(len(line[j]) for line in lines) for j in range(len(lines[0]))]
    return "\n".join("  ".join(cell.ljust(widths[j]) if j == 0 else cell.rjust(widths[j])
                               for j, cell in enumerate(line)).rstrip() for line in lines)


def _filters(args: argparse.Namespace) -> Dict[str, Any]:
    return dict(game=args.game, stakes=args.stakes, position=args.position, since=args.since, until=args.until,
                table_size=args.table_size, site=args.site, currency=args.currency)


def run_stats(args: argparse.Namespace) -> int:
    from .database import Tracker

    with Tracker(args.db) as tracker:
        rows = tracker.stats(args.player, min_hands=args.min_hands, **_filters(args))
    print(stats_table(rows, single=args.player is not None))
    return 0


def add_stats(commands: Any) -> None:
    st = commands.add_parser("stats", help="player statistics from a hand database",
                             description="Per-player statistics (docs: tracker): each percentage with its "
                                         "numerator and opportunities.")
    st.add_argument("--db", required=True, help="a SQLite file or a postgresql:// URL")
    st.add_argument("--player", help="one player's statistics")
    st.add_argument("--game", action="append", help="game name or PHH code (NT, PO...); repeat for several")
    st.add_argument("--stakes", action="append", help="stakes as stored, e.g. 0.5/1")
    st.add_argument("--position", action="append", help="BTN, CO, HJ, LJ, UTG, UTG+1..., SB, BB")
    st.add_argument("--since", help="first date (ISO, included)")
    st.add_argument("--until", help="last date (ISO, excluded)")
    st.add_argument("--table-size", type=int, action="append", help="seats at the table")
    st.add_argument("--site", action="append", help="the site (PHH venue)")
    st.add_argument("--currency", action="append", help="the currency (USD, EUR...)")
    st.add_argument("--min-hands", type=int, default=1, help="players with at least this many hands")
    st.set_defaults(run=run_stats)


def run_graph(args: argparse.Namespace) -> int:
    from .database import Tracker
    from .graph import plot

    with Tracker(args.db) as tracker:
        plot(tracker, args.player, args.output, unit=args.unit, site=args.site)
    print(f"wrote {args.output}")
    return 0


def add_graph(commands: Any) -> None:
    gr = commands.add_parser("graph", help="a player's winnings graph (PNG, SVG, PDF)",
                             description="Cumulative net won, all-in adjusted, showdown and non-showdown winnings "
                                         "over hands (needs matplotlib).")
    gr.add_argument("--db", required=True, help="a SQLite file or a postgresql:// URL")
    gr.add_argument("--player", required=True)
    gr.add_argument("-o", "--output", required=True, help="the image file: .png, .svg or .pdf")
    gr.add_argument("--unit", choices=("bb", "currency", "chips"), default="bb")
    gr.add_argument("--site")
    gr.set_defaults(run=run_graph)

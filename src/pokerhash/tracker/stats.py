"""Player statistics as SQL over the per-hand-per-player counters of ``hand_players``.

Each :class:`Statistic` is a numerator and an opportunity count, both sums of
columns that ``hand_players`` (one row per player per hand) and ``player_summary``
(the same sums per player, game, stakes, position, table size and day) share, so one
``GROUP BY`` query over one table answers every statistic of every player.
docs/tracker.rst defines each one.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, NamedTuple, Sequence, Tuple

from ..errors import InvalidValueError
from .schema import SUMMARY_MONEY

__all__ = ["MONEY", "STATISTICS", "Statistic", "by_day", "stats_query", "stats_rows"]


class Statistic(NamedTuple):
    """``name`` (the row's key), ``label`` (a table's column), SQL sums for the
    numerator and the opportunities, and whether the value is a percentage (else a
    ratio, such as the aggression factor)."""

    name: str
    label: str
    numerator: str
    opportunities: str
    percent: bool = True


STATISTICS: Tuple[Statistic, ...] = (
    Statistic("vpip", "VPIP", "SUM(vpip)", "SUM(hands - walk)"),
    Statistic("pfr", "PFR", "SUM(pfr)", "SUM(hands - walk)"),
    Statistic("three_bet", "3-bet", "SUM(three_bet)", "SUM(three_bet_opp)"),
    Statistic("fold_to_three_bet", "fold to 3-bet", "SUM(fold_to_three_bet)", "SUM(fold_to_three_bet_opp)"),
    Statistic("four_bet", "4-bet", "SUM(four_bet)", "SUM(four_bet_opp)"),
    Statistic("steal", "steal", "SUM(steal)", "SUM(steal_opp)"),
    Statistic("fold_to_steal", "fold to steal", "SUM(fold_to_steal)", "SUM(fold_to_steal_opp)"),
    Statistic("cbet", "flop c-bet", "SUM(cbet)", "SUM(cbet_opp)"),
    Statistic("fold_to_cbet", "fold to flop c-bet", "SUM(fold_to_cbet)", "SUM(fold_to_cbet_opp)"),
    Statistic("wtsd", "WTSD", "SUM(wtsd)", "SUM(saw_flop)"),
    Statistic("wsd", "W$SD", "SUM(wsd)", "SUM(wtsd)"),
    Statistic("wwsf", "won when saw flop", "SUM(won_saw_flop)", "SUM(saw_flop)"),
    Statistic("af", "AF", "SUM(postflop_bets + postflop_raises)", "SUM(postflop_calls)", percent=False),
    Statistic("afq", "AFq", "SUM(postflop_bets + postflop_raises)",
              "SUM(postflop_bets + postflop_raises + postflop_calls + postflop_folds)"),
)

#: The money of a statistics row: its name, its column in ``player_summary`` and its
#: expression over ``hand_players`` (non-showdown winnings are net less showdown).
MONEY: Tuple[Tuple[str, str, str], ...] = (("hands", "hands", "hands"),) \
    + tuple((name, name, expr) for name, expr, _ in SUMMARY_MONEY) + (("allin_hands", "allin", "allin"),)

_WHOLE = frozenset(("hands", "net", "allin_hands", "showdown_net"))

# Filter name -> SQL condition (``t`` is hand_players or player_summary).
_FILTERS = {
    "player": "p.name = ?",
    "site": "p.site = ?",
    "game": "(t.game = ? OR t.variant_code = ?)",
    "stakes": "t.stakes = ?",
    "currency": "t.currency = ?",
    "position": "t.position = ?",
    "table_size": "t.table_size = ?",
    "since": "t.{time} >= ?",
    "until": "t.{time} < ?",
}
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def _when(value: Any) -> str:
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def _conditions(filters: Dict[str, Any], time_column: str) -> Tuple[List[str], List[Any]]:
    conditions, params = [], []
    for name, value in filters.items():
        if value is None:
            continue
        if name not in _FILTERS:
            raise InvalidValueError(f"unknown filter {name!r}; filters: {', '.join(_FILTERS)}")
        values = list(value) if isinstance(value, (list, tuple, set, frozenset)) else [value]
        if not values:
            raise InvalidValueError(f"filter {name!r} has no values")
        if name in ("since", "until"):
            if len(values) != 1:
                raise InvalidValueError(f"filter {name!r} takes one date")
            values = [_when(values[0])]
        if name == "table_size":
            values = [int(v) for v in values]
        condition = _FILTERS[name].format(time=time_column)
        per_value = condition.count("?")
        conditions.append("(" + " OR ".join([condition] * len(values)) + ")")
        for v in values:
            params.extend([v] * per_value)
    return conditions, params


def by_day(filters: Dict[str, Any]) -> bool:
    """Whether the filters' dates are whole days (then ``player_summary`` answers)."""
    return all(filters.get(name) is None or _DAY.fullmatch(_when(filters[name])) is not None
               for name in ("since", "until"))


def stats_query(filters: Dict[str, Any], min_hands: int = 1, scan: str = "") -> Tuple[str, List[Any]]:
    """The statistics query for these filters (see :meth:`Tracker.stats`): over
    ``player_summary`` when the dates are whole days, else over ``hand_players``;
    ``scan`` is the dialect's hint for reading all of ``hand_players`` in order."""
    summary = by_day(filters)
    conditions, params = _conditions(filters, "day" if summary else "played_at")
    columns = [f"SUM({column if summary else expr}) AS {name}" for name, column, expr in MONEY]
    for stat in STATISTICS:
        columns.append(f"{stat.numerator} AS {stat.name}_n")
        columns.append(f"{stat.opportunities} AS {stat.name}_opp")
    table = "player_summary" if summary else "hand_players"
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    # Sum per player id first, then join the names: the join is per player, not per row.
    join = " JOIN players p ON p.id = t.player_id" if any("p." in c for c in conditions) else ""
    inner = f"SELECT t.player_id, {', '.join(columns)} FROM {table} t{scan if not summary else ''}{join}{where} " \
        f"GROUP BY t.player_id HAVING SUM(hands) >= ?"
    sql = f"SELECT p.site, p.name, s.* FROM ({inner}) s JOIN players p ON p.id = s.player_id"
    return sql, params + [int(min_hands)]


def stats_rows(raw: Sequence[Tuple[Any, ...]]) -> List[Dict[str, Any]]:
    """Query rows as dicts: the money, bb/100, and per statistic its value (percent
    or ratio, None without opportunities), numerator ``_n`` and opportunities ``_opp``."""
    names = ["site", "player", "player_id"] + [name for name, _, _ in MONEY]
    for stat in STATISTICS:
        names += [f"{stat.name}_n", f"{stat.name}_opp"]
    rows = []
    for values in raw:
        row = dict(zip(names, values))
        del row["player_id"]
        for name, _, _ in MONEY:
            # PostgreSQL sums BIGINT columns as NUMERIC (Decimal): back to int, or float.
            row[name] = int(row[name] or 0) if name in _WHOLE else float(row[name] or 0)
        for unit in ("net", "amount", "bb"):
            net = row["net" if unit == "net" else f"net_{unit}"]
            row[f"non_showdown_{unit}"] = net - row[f"showdown_{unit}"]
        hands = row["hands"]
        row["bb_per_100"] = 100.0 * row["net_bb"] / hands if hands else None
        row["allin_adjusted_bb_per_100"] = 100.0 * row["allin_adjusted_bb"] / hands if hands else None
        for stat in STATISTICS:
            n, opp = int(row[f"{stat.name}_n"] or 0), int(row[f"{stat.name}_opp"] or 0)
            row[f"{stat.name}_n"], row[f"{stat.name}_opp"] = n, opp
            row[stat.name] = (100.0 * n / opp if stat.percent else n / opp) if opp else None
        rows.append(row)
    # Sorted here, not in SQL: the databases' text collations differ.
    rows.sort(key=lambda row: (-row["hands"], row["player"], row["site"]))
    return rows

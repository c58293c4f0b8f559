"""Player statistics as SQL over the per-hand-per-player counters of ``hand_players``.

Each :class:`Statistic` is a numerator and an opportunity count, both sums of
columns that ``hand_players`` (one row per player per hand) and ``player_summary``
(the same sums per player, game, stakes, position, table size and day) share, so one
``GROUP BY`` query over one table answers every statistic of every player.
docs/tracker.rst defines each one.
"""

from __future__ import annotations

import datetime
import re
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

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
    """Whether the filters' dates are whole days (then ``player_summary`` answers alone)."""
    return all(filters.get(name) is None or _DAY.fullmatch(_when(filters[name])) is not None
               for name in ("since", "until"))


def _iso_time(text: str) -> str:
    return text[:10] + "T" + text[11:] if len(text) > 10 and text[10] == " " and _DAY.fullmatch(text[:10]) else text


def _next_day(day: str) -> str:
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=1)).isoformat()


def _parts(since: Optional[str], until: Optional[str]) -> Optional[Tuple[Tuple[Optional[str], Optional[str]],
                                                                         List[Tuple[str, str]]]]:
    """A time filter split into the whole days ``player_summary`` answers (first day,
    day after the last; None: open) and the stretches of the days at its ends
    (from, to: ISO times, ``to`` excluded) that only ``hand_players`` can answer;
    None when a date is not ISO (then every per-hand row is read)."""
    for value in (since, until):
        if value is not None and (len(value) < 10 or _DAY.fullmatch(value[:10]) is None):
            return None
    stretches = []
    first = since
    if since is not None and len(since) > 10:
        first = _next_day(since[:10])
        end = first if until is None or until >= first else until
        stretches.append((since, end))
    last = until
    if until is not None and len(until) > 10:
        last = until[:10]
        start = last if since is None or since <= last else since
        if not stretches or stretches[0][1] <= start:
            stretches.append((start, until))
    stretches = [(start, end) for start, end in stretches if start < end]
    return (first, last), stretches


def stats_query(filters: Dict[str, Any], min_hands: int = 1, scan: str = "") -> Tuple[str, List[Any]]:
    """The statistics query for these filters (see :meth:`Tracker.stats`). Only
    ``player_summary`` is read when the dates are whole days (or absent); a time
    finer than a day adds the rows of ``hand_players`` of the stretches of the first
    and last days the summary cannot split (found by ``hands``' index on the time),
    summed with the summary's whole days in between. ``scan`` is the dialect's hint
    for reading all of ``hand_players`` in order (when a date is not ISO)."""
    # "2026-01-01 10:00" is read as "2026-01-01T10:00", the form the times are stored in.
    times = {name: None if filters.get(name) is None else _iso_time(_when(filters[name]))
             for name in ("since", "until")}
    others = {name: value for name, value in filters.items() if name not in times}
    conditions, params = _conditions(others, "")
    split = _parts(times["since"], times["until"])
    parts: List[Tuple[str, List[Any]]] = []
    if split is None:  # a time that is not ISO: every per-hand row, compared as text
        extra, extra_params = _conditions({k: v for k, v in times.items() if v is not None}, "played_at")
        parts.append(_part("hand_players", scan, conditions + extra, params + extra_params))
    else:
        (first, last), stretches = split
        whole = list(conditions)
        whole_params = list(params)
        if first is not None or last is not None:
            whole.append("t.day <> ''")
        if first is not None:
            whole.append("t.day >= ?")
            whole_params.append(first)
        if last is not None:
            whole.append("t.day < ?")
            whole_params.append(last)
        if first is None or last is None or first < last:
            parts.append(_part("player_summary", "", whole, whole_params))
        for start, end in stretches:
            parts.append(_part("hand_players", "", conditions + [
                "t.hand_id IN (SELECT id FROM hands WHERE played_at >= ? AND played_at < ?)"], params + [start, end]))
        if not parts:  # the times leave no moment between them
            parts.append(_part("player_summary", "", ["1 = 0"], []))
    names = [name for name, _, _ in MONEY]
    for stat in STATISTICS:
        names += [f"{stat.name}_n", f"{stat.name}_opp"]
    if len(parts) == 1:
        inner, inner_params = parts[0]
        inner += " HAVING SUM(hands) >= ?"
    else:
        inner = (f"SELECT player_id, {', '.join(f'SUM({name}) AS {name}' for name in names)} FROM ("
                 + " UNION ALL ".join(sql for sql, _ in parts) + ") u GROUP BY player_id HAVING SUM(hands) >= ?")
        inner_params = [value for _, values in parts for value in values]
    sql = f"SELECT p.site, p.name, s.* FROM ({inner}) s JOIN players p ON p.id = s.player_id"
    return sql, inner_params + [int(min_hands)]


def _part(table: str, scan: str, conditions: List[str], params: List[Any]) -> Tuple[str, List[Any]]:
    """One table's sums per player (every statistic's columns) under the conditions."""
    summary = table == "player_summary"
    columns = [f"SUM({column if summary else expr}) AS {name}" for name, column, expr in MONEY]
    for stat in STATISTICS:
        columns.append(f"{stat.numerator} AS {stat.name}_n")
        columns.append(f"{stat.opportunities} AS {stat.name}_opp")
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    # Sum per player id first, then join the names: the join is per player, not per row.
    join = " JOIN players p ON p.id = t.player_id" if any("p." in c for c in conditions) else ""
    return (f"SELECT t.player_id, {', '.join(columns)} FROM {table} t{scan}{join}{where} GROUP BY t.player_id",
            list(params))


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

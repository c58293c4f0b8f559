"""Player statistics as SQL over the per-hand-per-player counters of ``hand_players``.

Each :class:`Statistic` is a numerator and an opportunity count, both sums of
``hand_players`` columns, so one ``GROUP BY`` query over one table answers every
statistic of every player (a million rows in about a second on SQLite).
docs/tracker.rst defines each one.
"""

from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

from ..errors import InvalidValueError

__all__ = ["MONEY", "STATISTICS", "Statistic", "stats_query"]


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
    Statistic("vpip", "VPIP", "SUM(vpip)", "SUM(1 - walk)"),
    Statistic("pfr", "PFR", "SUM(pfr)", "SUM(1 - walk)"),
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

#: The money columns of a statistics row and their SQL.
MONEY: Tuple[Tuple[str, str], ...] = (
    ("hands", "COUNT(*)"),
    ("net", "SUM(net)"),
    ("net_amount", "SUM(net_amount)"),
    ("net_bb", "SUM(net_bb)"),
    ("allin_adjusted", "SUM(allin_adjusted)"),
    ("allin_adjusted_amount", "SUM(allin_adjusted_amount)"),
    ("allin_adjusted_bb", "SUM(allin_adjusted_bb)"),
    ("allin_hands", "SUM(allin)"),
    ("showdown_net", "SUM(CASE WHEN showdown = 1 THEN net ELSE 0 END)"),
    ("showdown_amount", "SUM(CASE WHEN showdown = 1 THEN net_amount ELSE 0 END)"),
    ("showdown_bb", "SUM(CASE WHEN showdown = 1 THEN net_bb ELSE 0 END)"),
    ("non_showdown_net", "SUM(CASE WHEN showdown = 0 THEN net ELSE 0 END)"),
    ("non_showdown_amount", "SUM(CASE WHEN showdown = 0 THEN net_amount ELSE 0 END)"),
    ("non_showdown_bb", "SUM(CASE WHEN showdown = 0 THEN net_bb ELSE 0 END)"),
)

_WHOLE = frozenset(("hands", "net", "allin_hands", "showdown_net", "non_showdown_net"))

# Filter name -> (SQL condition, how many parameters).
_FILTERS = {
    "player": "p.name = ?",
    "site": "p.site = ?",
    "game": "(hp.game = ? OR h.variant_code = ?)",
    "stakes": "hp.stakes = ?",
    "currency": "hp.currency = ?",
    "position": "hp.position = ?",
    "table_size": "hp.table_size = ?",
    "since": "hp.played_at >= ?",
    "until": "hp.played_at < ?",
}


def _conditions(filters: Dict[str, Any]) -> Tuple[List[str], List[Any], bool]:
    """SQL conditions and parameters, and whether the hands table is needed."""
    conditions, params = [], []
    needs_hands = False
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
            values = [values[0].isoformat() if hasattr(values[0], "isoformat") else str(values[0])]
        if name == "table_size":
            values = [int(v) for v in values]
        condition = _FILTERS[name]
        per_value = condition.count("?")
        conditions.append("(" + " OR ".join([condition] * len(values)) + ")")
        for v in values:
            params.extend([v] * per_value)
        needs_hands = needs_hands or "h." in condition
    return conditions, params, needs_hands


def stats_query(filters: Dict[str, Any], min_hands: int = 1) -> Tuple[str, List[Any]]:
    """The statistics query for these filters (see :meth:`Tracker.stats`)."""
    conditions, params, needs_hands = _conditions(filters)
    columns = [f"{sql} AS {name}" for name, sql in MONEY]
    for stat in STATISTICS:
        columns.append(f"{stat.numerator} AS {stat.name}_n")
        columns.append(f"{stat.opportunities} AS {stat.name}_opp")
    joins = "JOIN players p ON p.id = hp.player_id"
    if needs_hands:
        joins += " JOIN hands h ON h.id = hp.hand_id"
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    sql = (f"SELECT p.site, p.name, {', '.join(columns)} FROM hand_players hp {joins}{where} "
           f"GROUP BY p.id, p.site, p.name HAVING COUNT(*) >= ? ORDER BY COUNT(*) DESC, p.name")
    return sql, params + [int(min_hands)]


def stats_rows(raw: Sequence[Tuple[Any, ...]]) -> List[Dict[str, Any]]:
    """Query rows as dicts: the money, bb/100, and per statistic its value (percent
    or ratio, None without opportunities), numerator ``_n`` and opportunities ``_opp``."""
    names = ["site", "player"] + [name for name, _ in MONEY]
    for stat in STATISTICS:
        names += [f"{stat.name}_n", f"{stat.name}_opp"]
    rows = []
    for values in raw:
        row = dict(zip(names, values))
        for name, _ in MONEY:
            value = row[name]
            # PostgreSQL sums BIGINT columns as NUMERIC (Decimal): back to int, or float.
            row[name] = (int(value or 0) if name in _WHOLE else float(value or 0))
        hands = row["hands"]
        row["bb_per_100"] = 100.0 * row["net_bb"] / hands if hands else None
        row["allin_adjusted_bb_per_100"] = 100.0 * row["allin_adjusted_bb"] / hands if hands else None
        for stat in STATISTICS:
            n, opp = int(row[f"{stat.name}_n"] or 0), int(row[f"{stat.name}_opp"] or 0)
            row[f"{stat.name}_n"], row[f"{stat.name}_opp"] = n, opp
            row[stat.name] = (100.0 * n / opp if stat.percent else n / opp) if opp else None
        rows.append(row)
    return rows

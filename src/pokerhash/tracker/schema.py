"""The tracker's tables, one schema for SQLite and PostgreSQL.

Amounts are integer chips in the hand's smallest unit (``hands.decimals`` gives the
unit: 2 means cents); card lists are text (``"AsKd"``, ``??`` an unknown card). The
DDL is written once with three placeholders that :mod:`pokerhash.tracker.dialect`
fills per database: ``{id}`` (an auto-numbered primary key), ``{bigint}`` and
``{real}``.

- ``hands``: one row per imported hand, unique by ``(site, hand_key, table_name)``
  (importing a hand again adds nothing); game, stakes, currency, time, table size,
  button, rake, pot, tournament fields.
- ``players``: one row per player name (and site).
- ``hand_players``: one row per player dealt into a hand: seat, position, stacks,
  hole cards as the history wrote them, net won, collected, all-in adjusted net and
  every statistic's per-hand numerator and opportunity as 0/1 flags (and counts for
  the aggression factor). The filter columns of a statistics query (game, stakes,
  time, table size, position) are copied here from ``hands`` so that a query over a
  million rows reads one table.
- ``player_summary``: the same counters and money summed per player, game, stakes,
  currency, position, table size and day, kept up to date by every import (and
  rebuilt from ``hand_players`` by :meth:`Tracker.rebuild_summary`): statistics
  filtered by whole days read this table, a few rows per player and day instead of
  one per hand; a filter finer than a day reads ``hand_players``.
- ``actions``: every forced bet and action in order, with its street.
- ``boards``: the community cards of each street (run 1 is the second board of run it twice).
- ``shown``: the hands shown at showdown.
- ``refused``: hands that could not be imported or failed verification, with the reason.
"""

from __future__ import annotations

from typing import Tuple

__all__ = ["SCHEMA_VERSION", "TABLE_NAMES", "SUMMARY_KEYS", "SUMMARY_MONEY", "TABLES", "FLAGS", "ddl"]

#: Bumped when the tables change; kept in the ``meta`` table.
SCHEMA_VERSION = 1

#: The per-hand-per-player counters of ``hand_players``: each statistic's numerator
#: and opportunity (see docs/tracker.rst for the definitions).
FLAGS: Tuple[str, ...] = (
    "walk", "vpip", "pfr", "three_bet", "three_bet_opp", "fold_to_three_bet", "fold_to_three_bet_opp",
    "four_bet", "four_bet_opp", "steal", "steal_opp", "fold_to_steal", "fold_to_steal_opp",
    "cbet", "cbet_opp", "fold_to_cbet", "fold_to_cbet_opp", "saw_flop", "won_saw_flop", "showdown", "wtsd",
    "wsd", "postflop_bets", "postflop_raises", "postflop_calls", "postflop_folds", "postflop_checks",
    "allin",
)

TABLES: Tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
)""",
    """CREATE TABLE IF NOT EXISTS hands (
    id {id},
    site TEXT NOT NULL,
    hand_key TEXT NOT NULL,
    table_name TEXT NOT NULL,
    played_at TEXT,
    game TEXT NOT NULL,
    variant_code TEXT NOT NULL,
    stakes TEXT NOT NULL,
    big_blind {bigint} NOT NULL,
    currency TEXT,
    decimals INTEGER NOT NULL,
    table_size INTEGER NOT NULL,
    player_count INTEGER NOT NULL,
    button_seat INTEGER,
    pot {bigint} NOT NULL,
    rake {bigint} NOT NULL,
    streets_seen INTEGER NOT NULL,
    tournament_id TEXT,
    tournament_level TEXT,
    buy_in TEXT,
    source TEXT,
    UNIQUE (site, hand_key, table_name)
)""",
    """CREATE TABLE IF NOT EXISTS players (
    id {id},
    site TEXT NOT NULL,
    name TEXT NOT NULL,
    UNIQUE (site, name)
)""",
    """CREATE TABLE IF NOT EXISTS hand_players (
    hand_id {bigint} NOT NULL REFERENCES hands (id),
    player_id {bigint} NOT NULL REFERENCES players (id),
    seat INTEGER NOT NULL,
    hands INTEGER NOT NULL DEFAULT 1,
    position TEXT,
    hole_cards TEXT,
    starting_stack {bigint} NOT NULL,
    net {bigint} NOT NULL,
    collected {bigint} NOT NULL,
    allin_adjusted {real} NOT NULL,
    net_amount {real} NOT NULL,
    allin_adjusted_amount {real} NOT NULL,
    net_bb {real} NOT NULL,
    allin_adjusted_bb {real} NOT NULL,
    game TEXT NOT NULL,
    variant_code TEXT NOT NULL,
    stakes TEXT NOT NULL,
    currency TEXT,
    decimals INTEGER NOT NULL,
    played_at TEXT,
    table_size INTEGER NOT NULL,
    {flags},
    PRIMARY KEY (hand_id, player_id)
)""",
    """CREATE TABLE IF NOT EXISTS player_summary (
    player_id {bigint} NOT NULL REFERENCES players (id),
    game TEXT NOT NULL,
    variant_code TEXT NOT NULL,
    stakes TEXT NOT NULL,
    currency TEXT NOT NULL,
    position TEXT NOT NULL,
    table_size INTEGER NOT NULL,
    day TEXT NOT NULL,
    hands {bigint} NOT NULL,
    {sums},
    PRIMARY KEY (player_id, game, variant_code, stakes, currency, position, table_size, day)
)""",
    """CREATE TABLE IF NOT EXISTS actions (
    hand_id {bigint} NOT NULL REFERENCES hands (id),
    seq INTEGER NOT NULL,
    street INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    amount {bigint} NOT NULL,
    bet_to {bigint},
    all_in INTEGER NOT NULL,
    PRIMARY KEY (hand_id, seq)
){clustered}""",
    """CREATE TABLE IF NOT EXISTS boards (
    hand_id {bigint} NOT NULL REFERENCES hands (id),
    run INTEGER NOT NULL,
    street INTEGER NOT NULL,
    cards TEXT NOT NULL,
    PRIMARY KEY (hand_id, run, street)
){clustered}""",
    """CREATE TABLE IF NOT EXISTS shown (
    hand_id {bigint} NOT NULL REFERENCES hands (id),
    seat INTEGER NOT NULL,
    run INTEGER NOT NULL,
    cards TEXT NOT NULL,
    PRIMARY KEY (hand_id, seat, run)
){clustered}""",
    """CREATE TABLE IF NOT EXISTS refused (
    id {id},
    site TEXT NOT NULL,
    hand_key TEXT NOT NULL,
    table_name TEXT NOT NULL,
    source TEXT,
    reason TEXT NOT NULL,
    text TEXT,
    UNIQUE (site, hand_key, table_name)
)""",
    "CREATE INDEX IF NOT EXISTS hand_players_player ON hand_players (player_id)",
    "CREATE INDEX IF NOT EXISTS hands_played_at ON hands (played_at)",
)


#: The tracker's tables (besides ``meta``).
TABLE_NAMES: Tuple[str, ...] = ("hands", "players", "hand_players", "player_summary", "actions", "boards", "shown",
                                "refused")

#: ``player_summary``'s keys (NULL stored as ``''``: a NULL never matches in a key).
SUMMARY_KEYS: Tuple[str, ...] = ("player_id", "game", "variant_code", "stakes", "currency", "position", "table_size",
                                 "day")
#: The money sums of ``player_summary`` and their expression over ``hand_players``.
SUMMARY_MONEY: Tuple[Tuple[str, str, str], ...] = (
    ("net", "net", "bigint"), ("net_amount", "net_amount", "real"), ("net_bb", "net_bb", "real"),
    ("allin_adjusted", "allin_adjusted", "real"), ("allin_adjusted_amount", "allin_adjusted_amount", "real"),
    ("allin_adjusted_bb", "allin_adjusted_bb", "real"), ("showdown_net", "showdown * net", "bigint"),
    ("showdown_amount", "showdown * net_amount", "real"), ("showdown_bb", "showdown * net_bb", "real"),
)


def ddl(id_type: str, bigint: str, real: str, clustered: str = "") -> Tuple[str, ...]:
    """The CREATE statements with a database's types filled in; ``clustered`` is
    written after the tables of many small rows keyed by hand (actions, boards,
    shown): SQLite's `` WITHOUT ROWID`` stores such a row in its primary key's
    b-tree, one b-tree to write per row instead of two (the table and its key).
    Not after ``hand_players`` nor ``player_summary``: clustered, neither costs an
    import fewer instructions (measured 2026-12-04 with
    ``benchmarks/tracker_sql_instructions.py``: hand_players' rows are wide and its
    player index would hold the two-column key; an upsert's cost is the search of
    the eight-column key and the row's forty-six values, not the second b-tree)."""
    flags = ",\n    ".join(f"{name} INTEGER NOT NULL" for name in FLAGS)
    types = {"bigint": bigint, "real": real}
    sums = ",\n    ".join([f"{name} {types[kind]} NOT NULL" for name, _, kind in SUMMARY_MONEY]
                          + [f"{name} {bigint} NOT NULL" for name in FLAGS])
    return tuple(statement.format(id=id_type, bigint=bigint, real=real, flags=flags, sums=sums,
                                            clustered=clustered)
                 for statement in TABLES)

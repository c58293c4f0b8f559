"""Aligned text tables, and a pot settlement as one (what ``repr(settlement)`` prints).

Below the engine in the package's layers (it reads plain values only), so that
:class:`~pokerhash.pots.Settlement` can print itself through it.
"""

from __future__ import annotations

from typing import Iterable, List

__all__ = ["aligned", "settlement_text"]


def aligned(rows: List[List[str]], right: Iterable[int] = ()) -> List[str]:
    """The rows as lines of aligned columns (two spaces apart; the ``right`` columns
    right-aligned, numbers), trailing spaces trimmed."""
    right = set(right)
    widths = [max(len(row[j]) for row in rows) for j in range(len(rows[0]))]
    return ["  ".join(cell.rjust(widths[j]) if j in right else cell.ljust(widths[j])
                      for j, cell in enumerate(row)).rstrip()
            for row in rows]


def settlement_text(settlement) -> str:
    """A :class:`~pokerhash.pots.Settlement` as a short table: each pot, its chips and
    eligible seats, and who won how much of it."""
    rows = [["pot", "chips", "eligible", "won"]]
    for number, pot in enumerate(settlement.pots):
        won = ", ".join(f"seat {a.seat}: {a.amount} {a.reason.value}" for a in pot.awards)
        rows.append(["main" if number == 0 else f"side {number}", str(pot.pot.amount),
                     " ".join(map(str, pot.pot.eligible)), won + (f" (rake {pot.rake})" if pot.rake else "")])
    lines = ["Settlement"] + ["  " + line for line in aligned(rows, right=(1,))]
    if settlement.uncalled:
        lines.append("  uncalled " + ", ".join(f"seat {s}: {a}" for s, a in sorted(settlement.uncalled.items())))
    return "\n".join(lines)

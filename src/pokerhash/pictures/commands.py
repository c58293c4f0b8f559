"""``pokerhash range`` and ``pokerhash replay``: the pictures from the command line.

    pokerhash range "QQ+,AKs,A5s-A2s" -o grid.svg     (or .png with the plot extra, .html)
    pokerhash range "QQ+,AKs"                          (the chart as text)
    pokerhash replay hand.phh more.phhs -o hands.html
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import List

from ..errors import InvalidValueError
from ..ranges import GRID_LABELS, Range


def range_text(value: Range) -> str:
    """The range's text, its combos and its 13×13 chart in text: a class in the range
    by its name (``*`` when only partly), ``.`` when out of it."""
    grid = value.grid()
    combos = value.num_combos()
    lines = [f"{value}: {combos:g} combos ({100 * combos / 1326:.1f}%)"]
    for row in range(13):
        cells = []
        for col in range(13):
            weight = grid[row, col]
            label = GRID_LABELS[row][col]
            cells.append((label + ("*" if weight < 1 else "") if weight > 0 else ".").ljust(5))
        lines.append("".join(cells).rstrip())
    if ((grid > 0) & (grid < 1)).any():
        lines.append("* partly in the range")
    return "\n".join(lines)


def _write(text: str, path: Path) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise InvalidValueError(f"cannot write {path}: {error.strerror}") from None


def add_range_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("range", help='a Hold\'em range, e.g. "QQ+,AKs,A5s-A2s" or "AA:0.5,KK"')
    parser.add_argument("-o", "--output", type=Path,
                        help="write the 13x13 chart: .svg (no dependency), .png (matplotlib) or .html")
    parser.add_argument("--title", help="a title over the chart (default: the range)")


def run_range(args: argparse.Namespace) -> int:
    from .grid import range_grid_svg
    from .views import range_html

    value = Range(args.range)
    if args.output is None:
        print(range_text(value))
        return 0
    title = args.title or f"{value} ({value.num_combos():g} combos)"
    suffix = args.output.suffix.lower()
    if suffix == ".svg":
        _write(range_grid_svg(value, title=title), args.output)
    elif suffix == ".png":
        from .png import range_grid_png

        range_grid_png(value, args.output, title=title)
    elif suffix in (".html", ".htm"):
        _write(f"<!DOCTYPE html>\n<meta charset='utf-8'><title>{title}</title>\n{range_html(value)}\n", args.output)
    else:
        raise InvalidValueError(f"-o: write a .svg, .png or .html file, not {args.output.name!r}")
    print(f"wrote {args.output}")
    return 0


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", type=Path, help="PHH hand histories: .phh (one hand) or .phhs (many)")
    parser.add_argument("-o", "--output", type=Path, help="the HTML file (default: the first file's name, .html)")
    parser.add_argument("--title", help="the page's title")


def run_replay(args: argparse.Namespace) -> int:
    from ..engine import history
    from .replayer import replay_html

    hands: List[history.HandHistory] = []
    for path in args.files:
        try:
            hands += history.load_all(path) if path.suffix.lower() == ".phhs" else [history.load(path)]
        except OSError as error:
            raise InvalidValueError(f"cannot read {path}: {error.strerror}") from None
    output = args.output or args.files[0].with_suffix(".html")
    _write(replay_html(hands, title=args.title), output)
    print(f"wrote {output}: {len(hands)} hand{'s' if len(hands) != 1 else ''}")
    return 0

"""The ``game-catalogue`` directive: the table of game names written from the game
catalogue (:mod:`pokerhash.evaluators.catalog`), so that the pages never restate it.

``.. game-catalogue::`` lists every game; ``:only: equity`` lists the games that
:func:`pokerhash.equity` plays.
"""

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from docutils.statemachine import StringList


def _span(counts):
    return "none" if counts is None else (str(counts[0]) if counts[0] == counts[1] else f"{counts[0]}-{counts[1]}")


class GameCatalogue(Directive):
    option_spec = {"only": directives.unchanged}

    def run(self):
        from pokerhash.evaluators.catalog import GAMES, RANKINGS

        names = list(GAMES)
        if self.options.get("only") == "equity":
            from pokerhash._equity_api import GAMES as EQUITY_GAMES

            names = [name for name in names if name in EQUITY_GAMES]
        lines = [".. list-table::", "   :header-rows: 1", "",
                 "   * - game", "     - older names", "     - ranking (high / low)", "     - cards per player",
                 "     - board"]
        for name in names:
            game = GAMES[name]
            ranking = RANKINGS[game.high].title + (f" / {RANKINGS[game.low].title}" if game.low else "")
            aliases = ", ".join(f"``{a}``" for a in game.aliases) or "-"
            lines += [f"   * - ``{name}`` ({game.title})", f"     - {aliases}", f"     - {ranking}",
                      f"     - {_span(game.hole)}", f"     - {_span(game.board)}"]
        node = nodes.section()
        node.document = self.state.document
        self.state.nested_parse(StringList(lines, source="game catalogue"), self.content_offset, node)
        return node.children


def setup(app):
    app.add_directive("game-catalogue", GameCatalogue)
    return {"parallel_read_safe": True}

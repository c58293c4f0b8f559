"""Poker sites' hand histories in: every hand of a file, folder or zip as a :class:`SiteHand`.

    >>> import pokerhash.sites as sites
    >>> for hand in sites.read("HandHistory/"):          # doctest: +SKIP
    ...     if hand.error is None and hand.replay().agrees:
    ...         ...

:func:`read` streams the hands of a source in file order, one :class:`SiteHand` per
hand (hands it cannot import included, with :attr:`SiteHand.error` naming the line),
detecting the site of each hand from its text. :meth:`SiteHand.replay` plays the
hand on the engine and checks the site's figures; :func:`dump_all` writes hands as
PHH. See docs/sites.rst for the formats and each site's conventions.
"""

from __future__ import annotations

from typing import Iterable, Optional

from .model import SiteError, SiteHand, Source
from .reading import SITES, check_site, parse_hand, read
from .replay import SiteReplay

__all__ = ["SITES", "SiteError", "SiteHand", "SiteReplay", "Source", "dump_all", "dumps_all", "parse_hand", "read",
           "read_parallel"]


def read_parallel(paths: Iterable[str], workers: Optional[int] = None, site: Optional[str] = None,
                  verify: bool = False):
    """Read many files on several processes (``concurrent.futures``): yields, per file in
    the order given, the list of its SiteHands (and, with ``verify``, each hand's
    :class:`SiteReplay` or None for a hand with an error, as (hand, replay) pairs).
    An unknown ``site`` raises :class:`SiteError` at the call, as :func:`read`."""
    check_site(site)
    from .parallel import read_files
    return read_files(paths, workers, site, verify)


def dumps_all(hands: Iterable[SiteHand]) -> str:
    """The hands that were imported as the text of a ``.phhs`` file (hands with an
    error are left out: they have no history; a game PHH has no code for raises
    :class:`~pokerhash.errors.InvalidValueError`)."""
    from ..engine import history
    return history.dumps_all(hand.history for hand in hands if hand.error is None)


def dump_all(hands: Iterable[SiteHand], target) -> None:
    """Write the imported hands as a ``.phhs`` file (a path or an open file)."""
    from ..engine import history
    history.dump_all((hand.history for hand in hands if hand.error is None), target)

"""The package's exceptions.

Every error a caller can trigger with bad input is one of these, so that
``except pokerhash.PokerhashError`` catches them all while ``except ValueError``
(or ``TypeError``) keeps working for code that does not know the package.
"""


class PokerhashError(Exception):
    """Base class of every exception raised on purpose by pokerhash."""


class InvalidCardError(PokerhashError, ValueError):
    """A card or hand is malformed: unknown rank or suit, out of range, repeated, wrong count."""


class CardTypeError(PokerhashError, TypeError):
    """A card or hand has the wrong Python type (e.g. a float, or an array of floats)."""


class InvalidValueError(PokerhashError, ValueError):
    """A hand-strength value or option is outside the range the function accepts."""


class IllegalActionError(PokerhashError, ValueError):
    """A betting action that the rules do not allow; the state it was tried on is unchanged."""


class InvalidRangeError(InvalidValueError):
    """Range text that cannot be read; the message names the position and the token."""


class ComputationTimeout(PokerhashError, TimeoutError):
    """A computation passed the time limit it was given before it could give an answer
    (e.g. an exact equity count, which a partial count cannot estimate)."""


#: The most chips a hand may hold: the engine keeps chip amounts in 64-bit C
#: integers, and every sum it makes of amounts within this bound fits one.
MAX_CHIPS = 2 ** 62


class ChipLimitError(InvalidValueError):
    """Chip amounts beyond :data:`MAX_CHIPS` (2**62): a hand's stacks plus its stakes'
    amounts, or one amount given to the engine, above the limit."""

"""The bounds of a scenario, and the error a malformed one raises.

Every number the engine reads is bounded, so that sums over any board stay far inside
int64 (numpy's, and CP-SAT's) and no answer is silently wrong; the scenario text itself is
bounded in size, nesting and digits, so that reading it can neither hang nor blow memory.

>>> str(ScenarioError("units[r1].location", "'mars' is not a battlefield"))
"units[r1].location: 'mars' is not a battlefield"
>>> printable("a\\nb\\x1b[31m")
'a\\\\nb\\\\x1b[31m'
"""

from __future__ import annotations

from typing import Any

from riftsolve.models.i18n import _

#: Largest Might, damage, Deflect, amount or Power a scenario may state: far beyond any
#: card, small enough that every sum over a board fits int64 many times over.
LIMIT = 10**6
#: Largest ``value`` (either sign) a unit may be worth to an objective.
VALUE_LIMIT = 10**9
#: Largest scenario read, in bytes (a 1,000-unit board takes about 100 KB).
MAX_BYTES = 8 * 2**20
#: Most digits of a number in a scenario, before it is even converted.
MAX_DIGITS = 40
#: Most words, quoted strings and punctuation marks on one line of the board notation
#: (100,000 values with their commas: a ``targets`` line naming every unit of the largest
#: board), so that one line cannot fill memory with millions of tiny values.
MAX_LINE_PIECES = 200_000
#: Most units and objects a scenario may hold: read, validated and answered within seconds.
MAX_PIECES = 50_000
#: Longest message an error prints: past it, the middle is left out (a 7 MiB id quoted in
#: a message would otherwise be printed whole, in every error record of a batch).
MAX_MESSAGE = 600


class ScenarioError(ValueError):
    """A malformed scenario: ``field`` names where, the message says what.

    >>> ScenarioError("units[r1].might", "too large").field
    'units[r1].might'
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (``\\n``, ``\\x1b``):
    user text (ids, names) printed in one line, never a raw terminal escape sequence."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def too_many_pieces(count: int) -> str:
    """The refusal of a board holding ``count`` units and objects, past :data:`MAX_PIECES`.

    >>> too_many_pieces(60_000)
    'more than 50,000 units and objects (60,000): not a board'
    """
    return _("more than {most:,} units and objects ({count:,}): not a board").format(
        most=MAX_PIECES, count=count)


def shortened(message: str, most: int = MAX_MESSAGE) -> str:
    """``message`` whole when it is at most ``most`` characters, else its start and end
    around a note of how much was left out (user text in an error is quoted as given, and
    may be megabytes long).

    >>> shortened("units[" + "x" * 1000 + "].might: too large", 60)
    'units[xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (974 characters left out) … too large'
    """
    if len(message) <= most:
        return message
    head, tail = most * 2 // 3, most // 6
    return (f"{message[:head]}… ({len(message) - head - tail:,} characters left out) …"
            f"{message[-tail:]}")


def _escape(ch: str) -> str:
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if ch in named:
        return named[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def bounded(where: str, value: Any, low: int, high: int) -> None:
    """An integer (not a bool) from ``low`` to ``high``, else a :class:`ScenarioError`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(where, _("input should be a valid integer (got {value})").format(
            value=repr(value)))
    if not low <= value <= high:
        raise ScenarioError(where, _("{value} is out of range ({low} to {high})").format(
            value=value, low=low, high=high))

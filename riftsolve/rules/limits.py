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

import json
from typing import Any

from riftsolve.i18n import _

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
#: Most values one JSON list of a scenario may hold (a ``targets`` list naming every unit
#: of the largest board, as one line of the notation): a longer list is refused before it
#: is validated (validation keeps one error for each bad value: a million of them took
#: gigabytes).
MAX_LIST = MAX_LINE_PIECES // 2
#: Most units and objects a scenario may hold: read, validated and answered within seconds.
MAX_PIECES = 50_000
#: Longest card text a dump may give (the longest printed card's is under 400 characters):
#: a longer one is reported as not compiled, never read (reading card text is not linear in
#: pathological input).
MAX_CARD_TEXT = 2_000
#: Longest card name a dump may give.
MAX_CARD_NAME = 200
#: Most card records the dumps of one import may hold (the published dumps hold about
#: 2,500), each compiled in about a millisecond.
MAX_CARDS = 5_000
#: Largest dump or errata file read, in bytes (the published ones are under 3 MiB).
MAX_DUMP_BYTES = 32 * 2**20
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


class ObjectiveError(ValueError):
    """An objective that names an unknown metric or one the effect does not have
    (:mod:`riftsolve.rules.objectives`)."""


class Refusal(Exception):
    """A question too large to answer as asked: the message gives its size (an exact count
    where there is one) and what to ask instead. The command line exits 3 on one."""


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (``\\n``, ``\\x1b``):
    user text (ids, names) printed in one line, never a raw terminal escape sequence."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in _SPACES else _escape(ch) for ch in text)


#: Spaces that are no control character: written as they are (a French number's narrow
#: no-break space, a no-break space).
_SPACES = frozenset("\u00a0\u202f")


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


def bounded(where: str, value: object, low: int, high: int) -> None:
    """An integer (not a bool) from ``low`` to ``high``, else a :class:`ScenarioError`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(where, _("input should be a valid integer (got {value})").format(
            value=repr(value)))
    if not low <= value <= high:
        raise ScenarioError(where, _("{value} is out of range ({low} to {high})").format(
            value=value, low=low, high=high))


class JsonError(ValueError):
    """A JSON text that is malformed, or past the bounds :func:`read_json` keeps."""


def read_json(text: str, *, skip_huge: bool = False) -> Any:
    """``text`` decoded as JSON in time and memory linear in its size, whatever Python's
    digit limit: a number of more than :data:`MAX_DIGITS` digits (or a decimal of more than
    100 characters) is refused before it is converted, and nesting deeper than the
    interpreter recurses is refused too; a :class:`JsonError` says which.

    >>> read_json('{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> read_json("[" + "9" * 50 + "]")
    Traceback (most recent call last):
    ...
    riftsolve.rules.limits.JsonError: a number of 50 digits (at most 40 are read)
    >>> read_json("[" * 100_000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    riftsolve.rules.limits.JsonError: nested too deeply (a card dump or a scenario is ...)

    ``skip_huge``: such a number is read as ``None`` instead (to read the rest: a batch
    line's id).

    >>> read_json('{"id": "b", "x": ' + "9" * 50 + "}", skip_huge=True)
    {'id': 'b', 'x': None}
    """
    try:
        if skip_huge:  # (a number past the bounds read as null: the rest still read)
            return json.loads(text, parse_int=_whole_or_none, parse_float=_decimal_or_none)
        return json.loads(text, parse_int=_whole, parse_float=_decimal)
    except RecursionError:
        raise JsonError(_("nested too deeply (a card dump or a scenario is a few levels "
                          "deep)")) from None
    except json.JSONDecodeError as error:
        raise JsonError(_("malformed JSON at line {line} column {column}: {reason}").format(
            line=error.lineno, column=error.colno, reason=error.msg)) from None


#: Longest decimal number :func:`read_json` converts, in characters.
MAX_DECIMAL = 100


def _digits(text: str) -> int:
    return len(text) - text.startswith("-")


def _whole(text: str) -> int:
    if _digits(text) > MAX_DIGITS:
        raise JsonError(_("a number of {digits:,} digits (at most {most} are read)").format(
            digits=_digits(text), most=MAX_DIGITS))
    return int(text)


def _decimal(text: str) -> float:
    if len(text) > MAX_DECIMAL:
        raise JsonError(_("a number of {digits:,} characters (at most {most} are read)"
                          ).format(digits=len(text), most=MAX_DECIMAL))
    return float(text)


def _whole_or_none(text: str) -> int | None:
    return int(text) if _digits(text) <= MAX_DIGITS else None


def _decimal_or_none(text: str) -> float | None:
    return float(text) if len(text) <= MAX_DECIMAL else None

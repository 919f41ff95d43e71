"""Reading a scenario from a file, bytes or text, in either of its forms: JSON (scenario
format 1, :mod:`riftsolve.formats.format1`) or the board notation
(:mod:`riftsolve.formats.notation`), told apart by their first character; every error is
one :class:`~riftsolve.rules.limits.ScenarioError` naming the field (and, in the
notation, the line and column).

>>> from riftsolve.formats.examples import example_path
>>> load_scenario(example_path("alpha-strike-shrunk-5-to-3")).effect.name
'Alpha Strike'
>>> parse_scenario_text('{"format": 1}')
Traceback (most recent call last):
...
riftsolve.rules.limits.ScenarioError: controller: required field is missing
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import riftsolve.cards as cards
from riftsolve.formats import format1
from riftsolve.formats.format1 import parse_scenario_json
from riftsolve.i18n import _
from riftsolve.rules.limits import MAX_BYTES, ScenarioError
from riftsolve.rules.scenario import Scenario

if TYPE_CHECKING:  # (pathlib is not imported to answer a question)
    from pathlib import Path


def load_scenario(path: str | Path, *, cards: str | Path | None = None) -> Scenario:
    """Read and validate a scenario file (at most :data:`MAX_BYTES`); ``cards``: the
    folder of the user card library its ``card`` may name (default: the default
    folder, :func:`riftsolve.cards.store.default_folder`)."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as stream:
            return parse_scenario_bytes(stream.read(MAX_BYTES + 1), name, cards=cards)
    except OSError as err:
        raise ScenarioError(name, _("cannot read the file ({reason})").format(
            reason=err.strerror)) from None


def parse_scenario_bytes(data: bytes, where: str = "scenario", *,
                         cards: str | Path | None = None) -> Scenario:
    """Validate a scenario given as UTF-8 bytes (``where`` names it in errors)."""
    if len(data) > MAX_BYTES:
        raise ScenarioError(where, _("larger than {size} MiB: not a scenario (a 1,000-unit "
                                     "board takes about 100 KB)").format(size=MAX_BYTES // 2**20))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ScenarioError(where, _("not UTF-8 text (byte {byte})").format(byte=err.start)
                            ) from None
    return parse_scenario_text(text, cards=cards, where=where)


def parse_scenario_text(text: str, *, cards: str | Path | None = None,
                        where: str = "scenario", drop: tuple[str, ...] = ()) -> Scenario:
    """Validate a scenario given as text: JSON when it starts with ``{`` (or ``[``), else
    the board notation (:mod:`riftsolve.formats.notation`; ``where`` names it in errors,
    with the line and column). ``drop``: top-level JSON keys that are not the scenario's
    (a batch line's ``id``), read past unvalidated."""
    if len(text) > MAX_BYTES:
        raise ScenarioError("scenario", _("larger than {size} MiB: not a scenario").format(
            size=MAX_BYTES // 2**20))
    if is_notation(text):
        from riftsolve.formats import notation

        return notation.read_board(text, where, cards=cards)
    return parse_scenario_json(text, cards=cards, drop=drop)


def parse_scenario(data: object, *, cards: str | Path | None = None) -> Scenario:
    """A scenario from decoded JSON (a ``dict``, :func:`format1.parse_scenario
    <riftsolve.formats.format1.parse_scenario>`), or from text or UTF-8 bytes in either of
    its forms (JSON or the board notation), as :func:`load_scenario` reads a file.

    >>> parse_scenario("card Fox-Fire\\ncontroller A\\nbattlefields north\\n"
    ...                "r1 B 2 @north\\n").board["r1"].might
    2
    """
    if isinstance(data, str):
        return parse_scenario_text(data, cards=cards)
    if isinstance(data, bytes):
        return parse_scenario_bytes(data, cards=cards)
    return format1.parse_scenario(data, cards=cards)


def is_notation(text: str) -> bool:
    """Whether ``text`` is the board notation: JSON starts with ``{`` (or ``[``, a JSON
    document that is not a scenario), after blanks; anything else is the notation.

    >>> is_notation('  {"format": 1}'), is_notation("card Fox-Fire"), is_notation("")
    (False, True, True)
    """
    start = text.lstrip(" \t\r\n\ufeff")[:1]
    return start not in ("{", "[")


def scenario_warnings(scenario: Scenario) -> list[str]:
    """What looks like a mistake but is a legal scenario: a controller who controls no
    unit and is on no team (a typo such as "me" would make every unit an enemy).

    >>> from riftsolve.formats.format1 import parse_scenario
    >>> s = parse_scenario({"format": 1, "controller": "me", "card": "Fox-Fire",
    ...     "battlefields": ["n"], "units": [{"id": "u", "controller": "A", "might": 1,
    ...     "location": "n"}]})
    >>> scenario_warnings(s)[0][:59]
    "controller: 'me' controls no unit of the scenario and is on"
    """
    said = [("card: " + _("the imported card's text, from an errata overlay, replaces the "
                          "built-in {card}'s").format(card=scenario.effect.name))
            ] if cards.shadows(scenario.effect) else []
    players = {unit.controller for unit in scenario.board}
    players.update(player for team in scenario.board.teams for player in team)
    if scenario.controller in players:
        return said
    known = ", ".join(repr(p) for p in sorted(players)) or _("none")
    return [*said, "controller: " + _(
        "{player} controls no unit of the scenario and is on no team, so every unit is an "
        "enemy to it (players named: {known})").format(player=repr(scenario.controller),
                                                      known=known)]

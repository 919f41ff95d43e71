"""Scenario format 1: read, validate, and build the scenario records it describes.

A scenario is one JSON document: a board, one card effect and, for a resolution
question, the targets chosen at finalization. A scenario of the common shape is read by
hand (:mod:`riftsolve.formats.plain`); any other, and every error, by its schema
(:mod:`riftsolve.formats.validation`); both build the same scenario
(:mod:`riftsolve.formats.building`). Every error names the field at fault and, inside
``units``, the unit's id, in one line:

>>> parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
...     "battlefields": ["north"], "units": [{"id": "kai", "controller": "A",
...     "might": 2.5, "location": "north"}]})
Traceback (most recent call last):
...
riftsolve.rules.limits.ScenarioError: units[kai].might: input should be a valid integer (got 2.5)
>>> s = parse_scenario({"format": 1, "controller": "A", "card": "alpha-strike",
...     "battlefields": ["north"], "units": [{"id": "kai", "controller": "A",
...     "might": 3, "location": "north"}]})
>>> s.effect.name, s.board["kai"].might, s.targets
('Alpha Strike', 3, None)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING

from riftsolve._json import JSONOutDoc
from riftsolve.formats.building import build_scenario
from riftsolve.formats.building import find_card as find_card
from riftsolve.formats.decoded import Decoded, field_path, number_or_huge
from riftsolve.formats.plain import read_plain
from riftsolve.i18n import _
from riftsolve.rules.limits import (
    MAX_LIST,
    MAX_PIECES,
    ScenarioError,
    too_many_pieces,
)
from riftsolve.rules.scenario import Scenario

if TYPE_CHECKING:  # (pathlib is not imported to answer a question)
    from pathlib import Path


def json_schema() -> JSONOutDoc:
    """The JSON Schema of scenario format 1 (``riftsolve schema``), made from the schema's
    models.

    >>> json_schema()["properties"]["format"]["const"]
    1
    """
    from riftsolve.formats.schema import json_schema as made

    return made()


class _DuplicateKey(ValueError):
    """A JSON object names one key twice (the last would silently win)."""


def _no_duplicates(pairs: list[tuple[str, Decoded]]) -> dict[str, Decoded]:
    found: dict[str, Decoded] = {}
    for key, value in pairs:
        if key in found:
            owner = found.get("id")
            where = _(" (in the object with id {id})").format(id=json.dumps(owner)) if (
                isinstance(owner, str)) else ""
            raise _DuplicateKey(_("key {key} is given twice{where}: which one is meant?").format(
                key=json.dumps(key), where=where))
        found[key] = value
    return found


def parse_scenario_json(text: str, *, cards: str | Path | None = None,
                        drop: tuple[str, ...] = ()) -> Scenario:
    """Validate a scenario given as JSON text (keys given twice and numbers of more than
    :data:`MAX_DIGITS` digits named, never silently read). ``drop``: top-level keys that
    are not the scenario's (a batch line's ``id``), read past unvalidated."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_int=number_or_huge)
    except json.JSONDecodeError as err:
        raise ScenarioError(
            "scenario", _("malformed JSON at line {line} column {column}: {reason}").format(
                line=err.lineno, column=err.colno, reason=err.msg)
        ) from None
    except _DuplicateKey as err:
        raise ScenarioError("scenario", str(err)) from None
    except RecursionError:
        raise ScenarioError("scenario", _("JSON nested too deeply (a scenario is a few "
                                          "levels deep)")) from None
    if isinstance(data, dict):
        for key in drop:
            data.pop(key, None)
    return parse_scenario(data, cards=cards)


def parse_scenario(data: object, *, cards: str | Path | None = None) -> Scenario:
    """Validate a scenario given as decoded JSON and build its :class:`Scenario`
    (``cards``: see :func:`load_scenario`)."""
    if not isinstance(data, Mapping):
        raise ScenarioError("scenario", _("must be a JSON object"))
    pieces = sum(len(data[key]) for key in ("units", "objects")
                 if isinstance(data.get(key), list))
    if pieces > MAX_PIECES:
        raise ScenarioError("units", too_many_pieces(pieces))
    too_long = _list_too_long(data)
    if too_long is not None:
        where, length = too_long
        raise ScenarioError(field_path(where, data), _(
            "a list of {length:,} values (at most {most:,} are read)").format(
                length=length, most=MAX_LIST))
    raw = read_plain(data)
    if raw is None:  # (every error, and the less common fields: the schema's to say)
        from riftsolve.formats.validation import validate

        return build_scenario(validate(data), cards)
    return build_scenario(raw, cards)


def _list_too_long(data: Mapping[str, object]) -> tuple[tuple[int | str, ...], int] | None:
    """The place and length of a list longer than :data:`MAX_LIST` in ``data`` (keys of
    your own, ``x-``, not looked into), walked without recursion; ``None`` if none is.

    >>> _list_too_long({"targets": {"enemies": [None] * (MAX_LIST + 1)}})
    (('targets', 'enemies'), 100001)
    """
    todo: list[tuple[tuple[int | str, ...], object]] = [((), data)]
    while todo:
        where, value = todo.pop()
        if isinstance(value, list):
            if len(value) > MAX_LIST:
                return where, len(value)
            todo += [((*where, n), item) for n, item in enumerate(value)
                     if isinstance(item, list | dict)]
        elif isinstance(value, dict):
            todo += [((*where, key), item) for key, item in value.items()
                     if isinstance(item, list | dict) and not str(key).startswith("x-")]
    return None



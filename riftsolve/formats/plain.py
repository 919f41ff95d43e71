"""Scenario format 1 read by hand, for the shape most scenarios have: a card, a board of
units, chosen targets or a combat. A scenario of that shape whose every value is of its
field's type and within its bounds is read here into plain records, without the schema
(:mod:`riftsolve.formats.schema`, whose import costs a small question most of its time);
anything else, and every error, is left to the schema, which names the field at fault.

The records (named tuples, cheap to define) stand for the schema's: a scenario read here
builds the same :class:`~riftsolve.rules.scenario.Scenario` as the schema's reading of it
(``tests/test_plain_reading.py`` holds the two readings to that on random documents, and
holds that this one accepts nothing the schema refuses).

>>> raw = read_plain({"format": 1, "controller": "A", "card": "Alpha Strike",
...     "battlefields": ["north"], "units": [{"id": "kai", "controller": "A", "might": 3,
...     "location": "north", "x-note": "mine"}]})
>>> raw.units[0].might, raw.units[0].damage, raw.policy.split_illegal
(3, 0, 'redistribute')
>>> read_plain({"format": 1, "controller": "A", "card": "Alpha Strike",
...     "battlefields": ["north"], "units": [{"id": "kai", "controller": "A",
...     "might": 2.5, "location": "north"}]}) is None  # (the schema says what is wrong)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Literal, NamedTuple

from riftsolve.formats.decoded import IGNORED_KEYS
from riftsolve.rules.core_rules import DEFAULT_VERSION
from riftsolve.rules.limits import LIMIT, VALUE_LIMIT

#: A raw declared target as written: one id, a list of ids, or ``{location: id}``.
RawTarget = str | list[str] | dict[str, str | list[str] | dict[str, str] | None] | None


class PlainPolicy(NamedTuple):
    """The schema's ``PolicyIn``."""

    group_subset: Literal["maximal", "any"] = "maximal"
    split_illegal: Literal["redistribute", "forfeit"] = "redistribute"
    combat_excess: Literal["any", "last"] = "any"
    specified_destination: Literal["unrestricted", "elsewhere"] = "unrestricted"


class PlainCombat(NamedTuple):
    """The schema's ``CombatIn``."""

    battlefield: str
    attacker: str
    assigner: str | None = None
    lethal_any: bool = False


class PlainUnit(NamedTuple):
    """The schema's ``UnitIn``; its Targeting Effects are given as text only."""

    id: str
    controller: str
    location: str
    type: Literal["unit", "gear"] = "unit"
    might: int | None = None
    damage: int = 0
    deflect: int = 0
    untargetable: Literal["enemy", "all"] | None = None
    tags: Sequence[str] = ()
    value: int = 0
    stunned: bool = False
    keywords: Sequence[str] = ()
    prevent: int | Literal["all"] = 0
    undamageable: bool = False
    exhausted: bool = False
    combat: Literal["", "attacking", "defending"] = ""
    buffed: bool = False
    moved: bool = False
    token: bool = False
    empowered: bool = False
    attached: str | None = None
    energy: int | None = None
    power: int | None = None
    on_chosen: Sequence[str] = ()


class PlainScenario(NamedTuple):
    """The schema's ``ScenarioIn`` without an inline effect or objects (none of either)."""

    controller: str
    battlefields: Sequence[str]
    units: Sequence[PlainUnit]
    rules: str = DEFAULT_VERSION
    card: str | None = None
    combat: PlainCombat | None = None
    source: str | None = None
    from_hidden: str | None = None
    bonus_damage: int = 0
    available_power: int | None = None
    policy: PlainPolicy = PlainPolicy()
    teams: Sequence[Sequence[str]] = ()
    lethal_any: bool | None = None
    repeat: bool = False
    event_battlefield: str | None = None
    event_destination: str | None = None
    modes_used: Sequence[int] = ()
    battlefield_control: Mapping[str, str] = MappingProxyType({})
    targets: dict[str, RawTarget] | None = None
    #: (never any: a scenario with an inline effect or objects is the schema's to read)
    effect: None = None
    objects: tuple[()] = ()


class _Unread(Exception):
    """A value this reader leaves to the schema."""


def read_plain(data: Mapping[str, object]) -> PlainScenario | None:
    """``data`` as plain records, when it has the common shape and every value is valid;
    ``None`` otherwise (the schema then reads it, and names any error)."""
    try:
        return _scenario(data)
    except _Unread:
        return None


# --------------------------------------------------------------------------- values


def _text(value: object, least: int = 0) -> str:
    """A string (of at least ``least`` characters) the schema takes: one that is UTF-8
    (a lone surrogate, which JSON can write, is refused there)."""
    if type(value) is not str or len(value) < least:
        raise _Unread
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise _Unread from None
    return value


def _name(value: object) -> str:
    return _text(value, 1)


def _whole(value: object, low: int, high: int) -> int:
    """A whole number within ``[low, high]`` (a bool is not one)."""
    if type(value) is not int or not low <= value <= high:
        raise _Unread
    return value


def _amount(value: object) -> int:
    return _whole(value, 0, LIMIT)


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise _Unread
    return value


def _one_of(*choices: str) -> Callable[[object], str]:
    def read(value: object) -> str:
        if type(value) is not str or value not in choices:
            raise _Unread
        return value
    return read


def _or_none(read: Callable[[object], object]) -> Callable[[object], object]:
    def maybe(value: object) -> object:
        return None if value is None else read(value)
    return maybe


def _list_of(read: Callable[[object], object]) -> Callable[[object], object]:
    def items(value: object) -> object:
        if type(value) is not list:
            raise _Unread
        return [read(item) for item in value]
    return items


def _names_to_names(value: object) -> dict[str, str]:
    if type(value) is not dict:
        raise _Unread
    return {_text(key): _name(item) for key, item in value.items()}


def _ids(value: object) -> str | list[str] | None:
    """One id, a list of ids, or none."""
    if value is None:
        return None
    if type(value) is list:
        return [_text(item) for item in value]
    return _text(value)


def _place(value: object) -> str | list[str] | dict[str, str] | None:
    """What a slot holds at one location: ids, or ``{location: id}``."""
    if type(value) is dict:
        return {_text(key): _text(item) for key, item in value.items()}
    return _ids(value)


def _slot(value: object) -> RawTarget:
    """What one slot holds: ids, or per location what it holds there."""
    if type(value) is dict:
        return {_text(key): _place(item) for key, item in value.items()}
    return _ids(value)


def _targets(value: object) -> dict[str, RawTarget]:
    if type(value) is not dict:
        raise _Unread
    return {_text(key): _slot(item) for key, item in value.items()}


# --------------------------------------------------------------------------- records

_UNIT_FIELDS: dict[str, Callable[[object], object]] = {
    "id": _name, "controller": _name, "location": _text,
    "type": _one_of("unit", "gear"),
    "might": _or_none(lambda v: _whole(v, -LIMIT, LIMIT)),
    "damage": _amount, "deflect": _amount,
    "untargetable": _or_none(_one_of("enemy", "all")),
    "tags": _list_of(_text), "keywords": _list_of(_text),
    "value": lambda v: _whole(v, -VALUE_LIMIT, VALUE_LIMIT),
    "prevent": lambda v: "all" if v == "all" and type(v) is str else _amount(v),
    "stunned": _flag, "undamageable": _flag, "exhausted": _flag, "buffed": _flag,
    "moved": _flag, "token": _flag, "empowered": _flag,
    "combat": _one_of("", "attacking", "defending"),
    "attached": _or_none(_name),
    "energy": _or_none(_amount), "power": _or_none(_amount),
    "on_chosen": _list_of(_text),
}

_COMBAT_FIELDS: dict[str, Callable[[object], object]] = {
    "battlefield": _name, "attacker": _name, "assigner": _or_none(_name),
    "lethal_any": _flag,
}

_POLICY_FIELDS: dict[str, Callable[[object], object]] = {
    "group_subset": _one_of("maximal", "any"),
    "split_illegal": _one_of("redistribute", "forfeit"),
    "combat_excess": _one_of("any", "last"),
    "specified_destination": _one_of("unrestricted", "elsewhere"),
}


def _fields(value: object, fields: Mapping[str, Callable[[object], object]],
            required: tuple[str, ...], ignored: frozenset[str] = frozenset()) -> dict[str, object]:
    """The record's fields read (its ``x-`` keys, and ``ignored`` ones, passed over)."""
    if type(value) is not dict:
        raise _Unread
    read: dict[str, object] = {}
    for key, item in value.items():
        if type(key) is not str:
            raise _Unread
        if key.startswith("x-") or key in ignored:
            continue
        reader = fields.get(key)
        if reader is None:
            raise _Unread
        read[key] = reader(item)
    if not all(key in read for key in required):
        raise _Unread
    return read


def _unit(value: object) -> PlainUnit:
    read = _fields(value, _UNIT_FIELDS, ("id", "controller", "location"))
    return PlainUnit(**read)  # type: ignore[arg-type]  # (each read as its field's type)


def _combat(value: object) -> PlainCombat:
    read = _fields(value, _COMBAT_FIELDS, ("battlefield", "attacker"))
    return PlainCombat(**read)  # type: ignore[arg-type]  # (each read as its field's type)


def _policy(value: object) -> PlainPolicy:
    return PlainPolicy(**_fields(value, _POLICY_FIELDS, ()))  # type: ignore[arg-type]


def _format(value: object) -> int:
    if type(value) is not int or value != 1:
        raise _Unread
    return value


def _no_objects(value: object) -> tuple[()]:
    if value != [] or type(value) is not list:
        raise _Unread
    return ()


_SCENARIO_FIELDS: dict[str, Callable[[object], object]] = {
    "format": _format, "rules": _text, "controller": _name,
    "card": _or_none(_text), "combat": _or_none(_combat),
    "source": _or_none(_text), "from_hidden": _or_none(_text),
    "bonus_damage": _amount, "available_power": _or_none(_amount),
    "policy": _policy, "teams": _list_of(_list_of(_name)),
    "lethal_any": _or_none(_flag), "repeat": _flag,
    "event_battlefield": _or_none(_text), "event_destination": _or_none(_text),
    "modes_used": _list_of(lambda v: _whole(v, 1, LIMIT)),
    "battlefields": _list_of(_text), "battlefield_control": _names_to_names,
    "units": _list_of(_unit), "objects": _no_objects,
    "targets": _or_none(_targets),
}


def _scenario(data: Mapping[str, object]) -> PlainScenario:
    read = _fields(data, _SCENARIO_FIELDS,
                   ("format", "controller", "battlefields", "units"), ignored=IGNORED_KEYS)
    del read["format"]
    read.pop("objects", None)
    return PlainScenario(**read)  # type: ignore[arg-type]

"""A scenario's JSON as decoded: its values, whole numbers too long to convert kept as
their length (:class:`HugeNumber`), so that validation names the field they are in; and
the path of a value in it said as a field (:func:`field_path`).

>>> number_or_huge("12"), str(number_or_huge("9" * 41))
(12, '<a number of 41 digits>')
>>> field_path(("units", 0, "might"), {"units": [{"id": "r3"}]})
'units[r3].might'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from riftsolve.rules.limits import MAX_DIGITS

#: Top-level keys the engine ignores: expected answers kept in test fixtures.
IGNORED_KEYS = frozenset({"expect"})

#: A value of a scenario as decoded: JSON's, a whole number of more than
#: :data:`MAX_DIGITS` digits kept as a :class:`HugeNumber`.
Decoded: TypeAlias = (
    "str | int | float | bool | list[Decoded] | dict[str, Decoded] | HugeNumber | None")


class HugeNumber:
    """A number in the scenario text with more than :data:`MAX_DIGITS` digits: kept as its
    text, never converted, so that validation names the field it is in (a number under an
    ``x-`` key or in ``expect`` is ignored with the rest of it)."""

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))

    def __str__(self) -> str:
        return f"<a number of {self.digits} digits>"


def number_or_huge(text: str) -> int | HugeNumber:
    """A whole number of the text as an ``int``, or past :data:`MAX_DIGITS` digits a
    :class:`HugeNumber`."""
    return int(text) if len(text) <= MAX_DIGITS else HugeNumber(text)


#: Names pydantic gives to members of a union in an error's location: not fields.
UNION_MEMBER_NAMES = frozenset(
    {"str", "list[str]", "dict[str,str]", "int", "constrained-int", "bool",
     "literal['friendly-might']"}
)


def field_path(loc: tuple[int | str, ...], data: Mapping[str, object]) -> str:
    """``('units', 2, 'might')`` -> ``'units[r3].might'`` (the unit's id, if it has one)."""
    parts: list[str] = []
    node: object = data
    for step in loc:
        if isinstance(step, int):
            label = str(step)
            if isinstance(node, list) and step < len(node):
                item = node[step]
                if isinstance(item, Mapping) and isinstance(item.get("id"), str):
                    label = item["id"]
                node = item
            parts.append(f"[{label}]")
        else:
            # pydantic names union members ("str", "list[str]", "int", ...): not a field.
            if step in UNION_MEMBER_NAMES:
                continue
            if isinstance(node, Mapping):
                node = node.get(step)
            parts.append(f".{step}" if parts else step)
    return "".join(parts) or "scenario"

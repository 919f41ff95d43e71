"""Reading a declaration's slots from the scenario format: the checks every family shares.

>>> from riftsolve.rules.board import Board, Unit
>>> board = Board(("north",), (Unit("r1", "B", 1, "north"), Unit("r2", "B", 1, "north")))
>>> unit_ids(["r1", "r2"], "targets.units", single=False)
['r1', 'r2']
>>> distinct(["r1", "r1"], "targets.units", board, set(), "355.11.a")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
riftsolve.rules.limits.ScenarioError: targets.units: unit 'r1' is chosen twice (...)
"""

from __future__ import annotations

from riftsolve.i18n import _
from riftsolve.rules.board import Board
from riftsolve.rules.limits import ScenarioError
from riftsolve.rules.scenario import known_unit


def unit_ids(value: object, field: str, single: bool) -> list[str]:
    """The ids a slot names: one id (``single``) or a list of ids, never a mapping."""
    if isinstance(value, dict):
        raise ScenarioError(field, _("takes a list of unit ids, not a mapping"))
    if single and value in (None, []):  # (the commonest mistake: a target left to choose)
        raise ScenarioError(field, _("no unit chosen: this target needs one unit id (355.8: "
                                     "a spell is played only with a valid choice for each "
                                     "target it requires)"))
    if value is None:
        raise ScenarioError(field, _("no units chosen: write the list of unit ids, or [] "
                                     "for none"))
    if single:
        if not isinstance(value, str):
            raise ScenarioError(field, _("takes one unit id, not a list"))
        return [value]
    if not isinstance(value, list):
        raise ScenarioError(field, _("takes a list of unit ids, not one id ({value})").format(
            value=repr(value)))
    return [_one(item, field) for item in value]


def _one(item: object, field: str) -> str:
    """One id of a list: a string."""
    if not isinstance(item, str):
        raise ScenarioError(field, _("takes unit ids, not {value}").format(value=repr(item)))
    return item


def distinct(units: list[str], field: str, board: Board, seen: set[str], rule: str) -> None:
    """Every id is a unit of ``board``, and none is chosen twice (``seen``: the ids chosen
    so far, updated; ``rule``: the rule that makes targets distinct)."""
    for unit_id in units:
        known_unit(board, field, unit_id)
        if unit_id in seen:
            raise ScenarioError(field, _(
                "unit {unit} is chosen twice (targets are distinct units, {rule})").format(
                    unit=repr(unit_id), rule=rule))
        seen.add(unit_id)

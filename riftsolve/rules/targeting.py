"""Which units a slot may target, and whether a chosen target is still legal.

Each check returns ``None`` when the unit passes, or a :class:`Failure` naming the rule
it breaks. The same predicates serve finalization (who may be chosen) and resolution
(which chosen targets are still legal, CR 1.4 359.3.e):

>>> from riftsolve.rules.board import Board, Unit
>>> board = Board(("north",), (Unit("r1", "B", 1, "base"),))
>>> split_target_failure(board["r1"], controller="A", among=Relation.ENEMY,
...     zone=Zone.BATTLEFIELDS, here=None, board=board, resolving=True).rule
'359.3.e.2'
"""

from __future__ import annotations

from dataclasses import dataclass

from riftsolve.i18n import N_, _
from riftsolve.rules.board import Board, Unit
from riftsolve.rules.core_rules import RULES_VERSION, Rule, citation, cited_as, rule
from riftsolve.rules.effects import Relation, Zone
from riftsolve.rules.versions import number_in

#: What a unit of the board is, for a sentence.
_TYPES = {"unit": N_("unit"), "gear": N_("gear")}

#: "r1 is not an enemy unit (controlled by A)", by relation and by whether it is said on
#: resolution ("is no longer").
_RELATION = {
    ("enemy", False): N_("{unit} is not an enemy unit (controlled by {owner})"),
    ("enemy", True): N_("{unit} is no longer an enemy unit (controlled by {owner})"),
    ("friendly", False): N_("{unit} is not a friendly unit (controlled by {owner})"),
    ("friendly", True): N_("{unit} is no longer a friendly unit (controlled by {owner})"),
}


@dataclass(frozen=True)
class Failure:
    """Why a choice or an answer is not legal: the rule and the facts."""

    #: The rule's id (its Core Rules 1.4 number, :mod:`riftsolve.rules.core_rules`).
    rule: str
    message: str
    #: The Core Rules text the rule is cited from (the scenario's ``rules``).
    version: str = RULES_VERSION

    def cited(self) -> Rule:
        """The catalogued rule."""
        return rule(self.rule)

    def number(self) -> str:
        """The rule's number in the failure's text (its id where that text has none)."""
        return cited_as(self.rule, self.version)["rule"]

    def said(self, version: str) -> str:
        """The failure in words, its rule cited as text ``version`` numbers it."""
        return f"{self.message} ({citation(self.rule, version)})"

    def __str__(self) -> str:
        return self.said(self.version)


def not_related(unit: Unit, relation: str, resolving: bool) -> str:
    """Why ``unit`` is not (or no longer) an ``enemy`` or ``friendly`` unit, in the language
    spoken now."""
    return _(_RELATION[relation, resolving]).format(unit=unit.id, owner=unit.controller)


def untargetable_failure(board: Board, unit: Unit, controller: str, resolving: bool
                         ) -> Failure | None:
    """Whether ``unit`` can't be chosen by ``controller``'s spells or abilities (757),
    or became so after being chosen (758.1)."""
    if board.can_choose(controller, unit):
        return None
    if resolving:
        return Failure("758.1", _("{unit} became untargetable and is mistargeted").format(
            unit=unit.id))
    return Failure("355.9.b", _("{unit} can't be chosen by {player}'s spells or abilities"
                                ).format(unit=unit.id, player=controller))


def friendly_target_failure(board: Board, unit: Unit, controller: str, resolving: bool
                            ) -> Failure | None:
    """Whether ``unit`` may be (or still is) the friendly unit of a friendly-might split.

    It must be on the board, friendly to ``controller`` (theirs or a teammate's, 740.1.a)
    and targetable by them; its location does not matter.
    """
    if not unit.on_board:
        if resolving:
            return Failure("359.3.e.2", _("{unit} is no longer on the board").format(
                unit=unit.id))
        return Failure("355.9.a", _("{unit} is not on the board").format(unit=unit.id))
    if not unit.is_unit:
        return Failure("355.9.b", _("{unit} is not a unit (it is a {type})").format(
            unit=unit.id, type=_(_TYPES.get(unit.type, unit.type))))
    if not board.friendly_to(unit, controller):
        rule_no = "359.3.e.2" if resolving else "740.1.a"
        return Failure(rule_no, _("{unit} is not a friendly unit (controlled by {owner})"
                                  ).format(unit=unit.id, owner=unit.controller))
    return untargetable_failure(board, unit, controller, resolving)


def source_battlefield(board: Board, source: str | None) -> str | None:
    """The battlefield "here" refers to: the source's battlefield now, or ``None``.

    "Here" is checked when the instruction executes (CR 1.4 359.3.f.2). A source at a base
    or off the board has no battlefield, so no unit is "here". A battlefield card's ability
    names the battlefield itself as its source: "here" is that battlefield.
    """
    if source is None:
        return None
    if board.is_battlefield(source) and source not in board:
        return source  # a battlefield card's own ability: "here" is that battlefield
    location = board[source].location
    return location if board.is_battlefield(location) else None


def split_target_failure(
    unit: Unit,
    *,
    controller: str,
    among: Relation,
    zone: Zone,
    here: str | None,
    board: Board,
    resolving: bool,
) -> Failure | None:
    """Whether ``unit`` may be (or still is) a split target (355.14.a, 359.3.e.2)."""
    if not unit.on_board:
        return Failure("359.3.e.2", (_("{unit} is no longer on the board") if resolving else
                                     _("{unit} is not on the board")).format(unit=unit.id))
    if not unit.is_unit:
        return Failure("355.9.b", (_("{unit} is no longer a unit (it is a {type})") if resolving
                                   else _("{unit} is not a unit (it is a {type})")).format(
                                       unit=unit.id, type=_(_TYPES.get(unit.type, unit.type))))
    if not among.admits(board.friendly_to(unit, controller)):
        rule_no = "359.3.e.2" if resolving else "740.1"
        return Failure(rule_no, not_related(unit, among.value, resolving))
    if zone is Zone.BATTLEFIELDS and not board.is_battlefield(unit.location):
        rule_no = "359.3.e.2" if resolving else "355.9.b"
        return Failure(rule_no, (_("{unit} is no longer at a battlefield (at {place})")
                                 if resolving else
                                 _("{unit} is not at a battlefield (at {place})")).format(
                                     unit=unit.id, place=unit.location))
    if zone is Zone.HERE and (here is None or unit.location != here):
        rule_no = "359.3.e.2" if resolving else "355.9.b"
        where = (_("the source is at no battlefield") if here is None
                 else _("here is {place}").format(place=here))
        return Failure(rule_no, (_("{unit} is no longer here ({where}; {unit} at {place})")
                                 if resolving else
                                 _("{unit} is not here ({where}; {unit} at {place})")).format(
                                     unit=unit.id, where=where, place=unit.location))
    return untargetable_failure(board, unit, controller, resolving)


def move_failure(board: Board, unit: str, destination: str) -> Failure | None:
    """Why ``unit`` can't move to ``destination`` by any means (447.2.b, 449.2), or
    ``None``."""
    mover = board.get(unit)
    barrier = board.move_barrier(mover.controller, destination) if mover else None
    if barrier is None:
        return None
    rule, players = barrier
    if rule == "447.2.b":
        return Failure(rule, _("{unit} can't move to {place}: {players}, a teammate of its "
                               "controller, has units there").format(
                                   unit=unit, place=destination, players=players))
    return Failure(rule, _("{unit} can't move to {place}: units of two other players "
                           "({players}) are already there").format(
                               unit=unit, place=destination, players=players))


def teammates_reason(board: Board, version: str) -> str | None:
    """Why a move on ``board`` can't be ruled under an older text that rules teammates'
    battlefields otherwise (1.3's 442.2.b: those a teammate controls) or not at all (1.2),
    when a player with a teammate has units at a battlefield or controls one (so that
    1.4's 447.2.b could decide a destination), or ``None``."""
    mates = {p for team in board.teams if len(team) > 1 for p in team}
    if not any(u.controller in mates and u.is_unit and board.is_battlefield(u.location)
               for u in board) and not any(p in mates for _, p in board.control):
        return None
    if number_in("447.2.b", version) is None:
        return _("it has no rule on moving a unit to a battlefield its controller's "
                 "teammates occupy (1.4 447.2.b)")
    return _("{rule} makes the battlefields a teammate controls invalid destinations, not "
             "those a teammate's units occupy (1.4 447.2.b)").format(
                 rule=number_in("447.2.b", version))

"""The board: units with their state now, the battlefields in play (immutable).

>>> board = Board(("north",), (Unit("kai", "A", 5, "north"), Unit("r1", "B", -1, "base")))
>>> board["kai"].effective_might, board["r1"].effective_might
(5, 0)
>>> board.is_battlefield("north"), board["r1"].on_board
(True, True)
>>> duo = Board(("north",), (Unit("c1", "C", 2, "north", deflect=1),), teams=(("A", "C"),))
>>> duo.friends("A", "C"), duo.deflect_tax(duo["c1"], "A"), duo.deflect_tax(duo["c1"], "B")
(True, 0, 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Literal

from riftsolve.i18n import _
from riftsolve.rules.limits import LIMIT, VALUE_LIMIT, ScenarioError, bounded

if TYPE_CHECKING:  # (runes, spells, legends and cards: a scenario of units only has none)
    from riftsolve.rules.pieces import Piece

#: The location of a unit at its controller's base.
BASE = "base"
#: The location of a unit that left the board (trash, hand, banishment, deck).
OFFBOARD = "offboard"
#: A move's destination a card names as its source's battlefield ("to this battlefield").
HERE = "here"

Untargetable = Literal["enemy", "all"]
#: Damage prevented from each assignment to a unit (437.5): an amount, or ``"all"``.
Prevent = int | Literal["all"]

#: The keywords an object may have, as the scenario writes them: the combat ones, Tank
#: (815), Backline (826), Assault N (807) and Shield N (814), and those a card may choose by
#: ("a gear with [Deploy]", "a card with [Hidden]").
KEYWORD = re.compile(r"(?i)\s*(?:(tank|backline|deploy|hidden|ganking|ambush|accelerate|"
                     r"temporary)|(assault|shield)(?:\s+(\d{1,9}))?)\s*")


@lru_cache(maxsize=1024)
def keyword(text: str, where: str = "keywords") -> tuple[str, int]:
    """A keyword's name and value (``("Shield", 2)``; 0 for Tank and Backline), any case;
    Assault and Shield without a number are 1 (807.1.b.3, 814.1.b.3); a
    :class:`ScenarioError` naming ``where`` for a keyword the engine does not know.

    >>> keyword("assault 2"), keyword("Tank"), keyword("Shield")
    (('Assault', 2), ('Tank', 0), ('Shield', 1))
    """
    match = KEYWORD.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise ScenarioError(where, _(
            "unknown keyword {keyword} (known: Tank, Backline, Assault N, Shield N, Deploy, "
            "Hidden, Ganking, Ambush, Accelerate, Temporary)").format(keyword=repr(text)))
    if match.group(1):
        return match.group(1).capitalize(), 0
    return match.group(2).capitalize(), int(match.group(3) or 1)


@dataclass(frozen=True)
class ChosenTrigger:
    """A "when ... choose(s) me" Targeting Effect on a unit (CR 1.4 383.4.b).

    ``by`` says whose choice fires it: ``"you"`` (the unit's controller, "When you choose
    me"), ``"opponent"`` or ``"any"`` player.
    """

    text: str
    by: Literal["you", "opponent", "any"] = "you"

    def fires_for(self, chooser: str, owner_controller: str, opponents: bool) -> bool:
        """Whether ``chooser`` targeting the unit fires it: ``"you"`` is the unit's
        controller itself, ``"opponent"`` an opponent of it (``opponents``: whether the
        two are opponents, 740.1.b), ``"any"`` anyone."""
        if self.by == "any":
            return True
        if self.by == "you":
            return chooser == owner_controller
        return opponents


@dataclass(frozen=True)
class Unit:
    """One unit and its state now.

    ``untargetable`` is ``"enemy"`` (can't be chosen by enemy spells and abilities),
    ``"all"`` (by any) or ``None`` (CR 1.4 757).
    """

    id: str
    controller: str
    might: int
    location: str
    damage: int = 0
    deflect: int = 0
    untargetable: Untargetable | None = None
    tags: tuple[str, ...] = ()
    on_chosen: tuple[ChosenTrigger, ...] = ()
    #: What killing this unit is worth to the controller (objective ``value``).
    value: int = 0
    #: Whether it is stunned (423): it deals no combat damage this turn.
    stunned: bool = False
    #: What kind of permanent it is: a ``"unit"``, or a ``"gear"`` (no Might: only a choice
    #: of gear may take it, 355.9.b; it is never a unit in combat or a split).
    type: Literal["unit", "gear"] = "unit"
    #: Its combat keywords: ``"Tank"``, ``"Backline"``, ``"Assault N"``, ``"Shield N"``.
    keywords: tuple[str, ...] = ()
    #: Whether it is exhausted (a cost that exhausts a unit needs a ready one).
    exhausted: bool = False
    #: Damage prevented from each assignment to it (437.5); ``"all"``: none is ever lethal.
    prevent: Prevent = 0
    #: It cannot be dealt damage (465.2.c.10): never assigned combat damage.
    undamageable: bool = False
    #: Its part in the combat at its battlefield: ``"attacking"`` (an attacker),
    #: ``"defending"`` (a defender) or ``""`` (none), for "an attacking unit".
    combat: Literal["", "attacking", "defending"] = ""
    #: Whether it has a buff (a +1 Might counter, 702): a buff spent is a buffed unit's.
    buffed: bool = False
    #: Whether it is a token (a unit a card played as one: "your token units").
    token: bool = False
    #: Whether it moved this turn ("an enemy unit that moved this turn").
    moved: bool = False
    #: Its Energy and Power costs, for "a gear with Energy cost 4 or less" (none: not
    #: stated; a card that chooses by cost needs them).
    energy: int | None = None
    power: int | None = None
    #: A gear's: the unit it is attached to (an attached Equipment, 135.4); ``""``: none
    #: (a detached one).
    attached: str = ""
    #: Whether it is Empowered (an [Empower] cost paid for it, or empowered by a card).
    empowered: bool = False

    def __post_init__(self) -> None:
        """Validate like the scenario format does (the same fields, bounds and messages)."""
        if not isinstance(self.id, str) or not self.id:
            raise ScenarioError("units[].id", f"a unit id is a non-empty string, not "
                                f"{self.id!r}")
        where = f"units[{self.id}]"
        for name in ("controller", "location"):
            text = getattr(self, name)
            if not isinstance(text, str) or not text:
                raise ScenarioError(f"{where}.{name}", f"a non-empty string, not {text!r}")
        bounded(f"{where}.might", self.might, -LIMIT, LIMIT)
        bounded(f"{where}.damage", self.damage, 0, LIMIT)
        bounded(f"{where}.deflect", self.deflect, 0, LIMIT)
        bounded(f"{where}.value", self.value, -VALUE_LIMIT, VALUE_LIMIT)
        if self.untargetable not in (None, "enemy", "all"):
            raise ScenarioError(f"{where}.untargetable", "'enemy', 'all' or None, not "
                                f"{self.untargetable!r}")
        if self.type not in ("unit", "gear"):
            raise ScenarioError(f"{where}.type", f"'unit' or 'gear', not {self.type!r}")
        for text in self.keywords:
            keyword(text, f"{where}.keywords")
        for name in ("energy", "power"):
            if getattr(self, name) is not None:
                bounded(f"{where}.{name}", getattr(self, name), 0, LIMIT)
        if self.combat not in ("", "attacking", "defending"):
            raise ScenarioError(f"{where}.combat", "'attacking', 'defending' or '', not "
                                f"{self.combat!r}")
        if self.attached and (self.type != "gear" or not isinstance(self.attached, str)):
            raise ScenarioError(f"{where}.attached", f"only a gear is attached to a unit (it "
                                f"is a {self.type})")
        if self.combat and (self.type != "unit" or self.location in (BASE, OFFBOARD)):
            raise ScenarioError(f"{where}.combat", f"only a unit at a battlefield is "
                                f"{self.combat} (it is a {self.type} at {self.location})")
        if self.prevent != "all":
            if isinstance(self.prevent, bool) or not isinstance(self.prevent, int):
                raise ScenarioError(f"{where}.prevent", "a non-negative integer or 'all', "
                                    f"not {self.prevent!r}")
            bounded(f"{where}.prevent", self.prevent, 0, LIMIT)

    def moved_to(self, location: str) -> Unit:
        """The unit after it moves to ``location`` (or leaves the board): out of the combat
        it was in, and a unit that moved this turn, unless it stays where it is."""
        if location == self.location:
            return self
        return replace(self, location=location, combat="", moved=True)

    def has(self, name: str) -> bool:
        """Whether the unit has the keyword ``name`` (``"Tank"``, ``"Backline"``)."""
        return any(keyword(text)[0] == name for text in self.keywords)

    def keyword_total(self, name: str) -> int:
        """The sum of the unit's ``name`` values (``"Assault"``, ``"Shield"``): several
        instances add up (807, 814)."""
        return sum(value for kind, value in map(keyword, self.keywords) if kind == name)

    @property
    def is_unit(self) -> bool:
        """Whether it is a unit (not a gear)."""
        return self.type == "unit"

    @property
    def states(self) -> frozenset[str]:
        """The states a card may choose it by: ``exhausted`` or ``ready``, ``stunned``,
        ``buffed``, ``moved`` (this turn), ``attacking`` or ``defending``; ``token``,
        ``empowered``; a gear's ``attached`` or ``detached`` (a unit's ``equipped`` is the
        board's: :meth:`Board.states_of`).

        >>> sorted(Unit("kai", "A", 3, "north", exhausted=True, buffed=True).states)
        ['buffed', 'exhausted']
        """
        gear = ("attached" if self.attached else "detached") if self.type == "gear" else ""
        return frozenset(s for s in ("exhausted" if self.exhausted else "ready",
                                     "stunned" if self.stunned else "",
                                     "buffed" if self.buffed else "",
                                     "moved" if self.moved else "", self.combat,
                                     "token" if self.token else "",
                                     "empowered" if self.empowered else "", gear) if s)

    @property
    def on_board(self) -> bool:
        """Whether the unit is on the board (at a base or a battlefield)."""
        return self.location != OFFBOARD

    @property
    def effective_might(self) -> int:
        """Might as spells and abilities see it: below 0 counts as 0 (CR 1.4 143.2.b)."""
        return max(0, self.might)

    @property
    def place(self) -> str:
        """The location as a place to share: a battlefield, or ``base:<controller>`` (each
        player's base is a location of its own, CR 1.4 107.1.b)."""
        return f"{BASE}:{self.controller}" if self.location == BASE else self.location


@dataclass(frozen=True)
class Board:
    """The battlefields in play, every unit the scenario mentions (by id) and the teams of
    a team game: players listed together are teammates (CR 1.4 740.1.a)."""

    battlefields: tuple[str, ...]
    units: tuple[Unit, ...]
    teams: tuple[tuple[str, ...], ...] = ()
    #: Who controls each battlefield that a player controls (the others are uncontrolled).
    control: tuple[tuple[str, str], ...] = ()
    #: The runes, spells and abilities on the Chain, legends and cards in zones a question
    #: needs (ids unique with the units').
    objects: tuple[Piece, ...] = ()
    _by_id: dict[str, Unit] = field(init=False, repr=False, compare=False)
    _team_of: dict[str, int] = field(init=False, repr=False, compare=False)
    _equipment: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    #: Whether any unit has a Targeting Effect (``on_chosen``): asked once per answer
    #: written, so found once here.
    watched: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Validate like the scenario format does: battlefields named once and not like a
        unit's other locations, unit ids unique, every unit somewhere it can be, each
        player on one team at most (740.1.a)."""
        for index, name in enumerate(self.battlefields):
            where = f"battlefields[{index}]"
            if not isinstance(name, str) or not name:
                raise ScenarioError(where, _("a battlefield name is a non-empty string"))
            if name in (BASE, OFFBOARD) or name.startswith(f"{BASE}:"):
                raise ScenarioError(where, _("{name} is reserved for a unit's location").format(
                    name=repr(name)))
            if name in self.battlefields[:index]:
                raise ScenarioError(where, _("battlefield {name} is listed twice").format(
                    name=repr(name)))
        by_id: dict[str, Unit] = {}
        for unit in self.units:
            if unit.id in by_id:
                raise ScenarioError(f"units[{unit.id}].id", _("duplicate unit id {id}").format(
                    id=repr(unit.id)))
            if unit.location not in self.battlefields and unit.location not in (BASE, OFFBOARD):
                raise ScenarioError(f"units[{unit.id}].location", _(
                    "{place} is neither a listed battlefield nor 'base' or 'offboard'").format(
                        place=repr(unit.location)))
            by_id[unit.id] = unit
        equipment: dict[str, tuple[str, ...]] = {}
        for unit in self.units:
            if unit.attached:
                bearer = by_id.get(unit.attached)
                if bearer is None or not bearer.is_unit or not bearer.on_board:
                    raise ScenarioError(f"units[{unit.id}].attached", _(
                        "{id} is not a unit on the board").format(id=repr(unit.attached)))
                equipment[unit.attached] = (*equipment.get(unit.attached, ()), unit.id)
        pieces: set[str] = set()
        for piece in self.objects:
            if piece.id in by_id or piece.id in pieces:
                raise ScenarioError(f"objects[{piece.id}].id", _("duplicate id {id}").format(
                    id=repr(piece.id)))
            pieces.add(piece.id)
        named = set(by_id) | pieces
        for piece in self.objects:
            for chosen in piece.chooses:
                if chosen not in named:
                    raise ScenarioError(f"objects[{piece.id}].chooses", _(
                        "{id} is not a unit or object of the board").format(id=repr(chosen)))
        for name, player in self.control:
            if name not in self.battlefields:
                raise ScenarioError(f"battlefield_control.{name}", _(
                    "{name} is not a listed battlefield").format(name=repr(name)))
            if not isinstance(player, str) or not player:
                raise ScenarioError(f"battlefield_control.{name}", _(
                    "a player name is a non-empty string"))
        team_of: dict[str, int] = {}
        for index, team in enumerate(self.teams):
            for player in team:
                if player in team_of:
                    again = (_("player {player} is twice on this team")
                             if team_of[player] == index else
                             _("player {player} is already on teams[{index}]"))
                    raise ScenarioError(f"teams[{index}]", again.format(
                        player=repr(player), index=team_of[player]))
                team_of[player] = index
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_team_of", team_of)
        object.__setattr__(self, "_equipment", equipment)
        object.__setattr__(self, "watched", any(unit.on_chosen for unit in self.units))

    def friends(self, player: str, other: str) -> bool:
        """Whether two players are the same player or teammates: their objects are friendly
        to each other; otherwise they are opponents and their objects enemies (CR 1.4
        740.1.a-b)."""
        if player == other:
            return True
        team = self._team_of.get(player)
        return team is not None and team == self._team_of.get(other)

    def friendly_to(self, unit: Unit, player: str) -> bool:
        """Whether ``unit`` is friendly to ``player`` (else it is an enemy unit)."""
        return self.friends(unit.controller, player)

    def can_choose(self, player: str, unit: Unit) -> bool:
        """Whether ``player``'s spells and abilities may choose ``unit`` (CR 1.4 757-758):
        ``"enemy"`` untargetability stops ``player``'s only if they are its opponent."""
        if unit.untargetable == "all":
            return False
        return not (unit.untargetable == "enemy" and not self.friendly_to(unit, player))

    def deflect_tax(self, unit: Unit, player: str) -> int:
        """Power ``player`` pays to target ``unit``: Deflect taxes opponents only (CR 1.4
        809.1.c), so neither your own units nor your teammates' cost you anything."""
        return 0 if self.friendly_to(unit, player) else unit.deflect

    def __getitem__(self, unit_id: str) -> Unit:
        return self._by_id[unit_id]

    def get(self, unit_id: str, default: Unit | None = None) -> Unit | None:
        """The unit with this id, or ``default``."""
        return self._by_id.get(unit_id, default)

    def __contains__(self, unit_id: object) -> bool:
        return unit_id in self._by_id

    def __iter__(self) -> Iterator[Unit]:
        return iter(self.units)

    def equipment_of(self, unit_id: str) -> tuple[str, ...]:
        """The gear attached to the unit ``unit_id`` (its Equipment, 135.4)."""
        return self._equipment.get(unit_id, ())

    def states_of(self, unit: Unit) -> frozenset[str]:
        """The unit's states (:attr:`Unit.states`) and ``equipped`` if a gear is attached
        to it.

        >>> b = Board(("n",), (Unit("u", "A", 2, "n"), Unit("s", "A", 0, "n", type="gear",
        ...                                                 attached="u")))
        >>> sorted(b.states_of(b["u"])), sorted(b.states_of(b["s"]))
        (['equipped', 'ready'], ['attached', 'ready'])
        """
        return unit.states | ({"equipped"} if self._equipment.get(unit.id) else frozenset())

    def piece(self, object_id: str) -> Piece | None:
        """The rune, spell, legend or card with this id, or ``None``."""
        return next((p for p in self.objects if p.id == object_id), None)

    def controller_of(self, battlefield: str) -> str | None:
        """The player controlling ``battlefield``, or ``None``."""
        return dict(self.control).get(battlefield)

    def players(self) -> tuple[str, ...]:
        """Every player the board names (controllers of units and battlefields, teams)."""
        named = [u.controller for u in self.units] + [p for _, p in self.control]
        named += [p.controller for p in self.objects]
        named += [p for team in self.teams for p in team]
        return tuple(dict.fromkeys(named))

    def is_battlefield(self, location: str) -> bool:
        """Whether ``location`` names a battlefield in play."""
        return location in self.battlefields

    @cached_property
    def _controllers_at(self) -> dict[str, frozenset[str]]:
        """The players controlling units at each location (read once: the board is
        immutable)."""
        found: dict[str, set[str]] = {}
        for u in self.units:
            if u.is_unit:
                found.setdefault(u.location, set()).add(u.controller)
        return {place: frozenset(players) for place, players in found.items()}

    def move_barrier(self, mover: str, destination: str) -> tuple[str, str] | None:
        """Why a unit controlled by ``mover`` can't move to ``destination`` by any means, as
        the rule and who is there, or ``None``: a battlefield occupied by a teammate's
        units (CR 1.4 447.2.b), or where units of 2 players other than ``mover`` already
        are (449.2). A base is never barred.

        >>> b = Board(("n",), (Unit("b1", "B", 1, "n"), Unit("c1", "C", 1, "n")),
        ...           teams=(("A", "C"),))
        >>> b.move_barrier("D", "n"), b.move_barrier("A", "n"), b.move_barrier("B", "n")
        (('449.2', 'B, C'), ('447.2.b', 'C'), None)
        """
        if destination not in self.battlefields:
            return None
        there = sorted(self._controllers_at.get(destination, frozenset()) - {mover})
        mates = [p for p in there if self.friends(p, mover)]
        if mates:
            return "447.2.b", ", ".join(mates)
        if len(there) >= 2:
            return "449.2", ", ".join(there)
        return None


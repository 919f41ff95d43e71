"""A joint choice's spec (355.5-355.17): objects picked one by one, later picks tied to
earlier ones, and what is done to each.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from riftsolve.rules.effects import (
    EVENT,
    Action,
    CardFacts,
    Link,
    Reach,
    Relation,
)


@dataclass(frozen=True)
class Pick:
    """One object a joint choice picks: a unit, a gear, a battlefield, a location (a
    battlefield or the units' base), a player, a rune, a spell or ability on the Chain, a
    legend, a card in a zone; a ``mode`` of a "Choose one -" (``"1"``, ``"2"`` ...); or a
    ``decision``: a triggered "you may" whose choices are all "up to" done (``"yes"``) or
    not (empty), told apart from done with none chosen (383.3.a, 355.13).

    ``target``: whether it is targeted (355.7): a move's destination (355.4), a cost's
    choice (355.10.c) and another player's choice (355.10.e) are not. ``later``: chosen
    when the instruction executes (a reflexive trigger's choice, 355.5.b; another player's,
    355.10.e), on the board as it is then, not at finalization. ``optional``: "up to one"
    (355.13). ``may``: "you may ...": still chosen now (355.12), the action declined or
    not on resolution.
    """

    name: str
    kind: str = "unit"
    among: Relation = Relation.ANY
    reach: Reach = Reach.BOARD
    tags: tuple[str, ...] = ()
    optional: bool = False
    may: bool = False
    other: bool = False
    might_at_most: int | None = None
    target: bool = True
    later: bool = False
    #: who makes the choice: ``"you"``, the chosen opponent (``"opponent"``, 355.10.e), or
    #: ``"each"`` player (``"each-opponent"``, ``"each-other"``) in turn, on resolution: a
    #: copy of the pick each, and (not of their own) never an object already chosen
    chooser: str = "you"
    #: a cost's choice of a unit it exhausts: the unit must be ready (355.10.c)
    exhausts: bool = False
    #: a battlefield "where you have units"
    occupied: bool = False
    #: a card's zone ("from your trash": ``"trash"``; ``"hand"``, ``"deck"``)
    zone: str = ""
    #: a card's type ("a unit from your trash": ``"unit"``)
    card_type: str = ""
    #: a state the object must be in: ``"exhausted"`` or ``"ready"`` ("ready an exhausted
    #: rune"), a unit's ``"stunned"``, ``"attacking"``, ``"defending"``, ``"buffed"`` or
    #: ``"moved"`` (this turn)
    state: str = ""
    #: controlled by the chooser themself ("one of their units"), not a teammate
    own: bool = False
    #: a ``mode`` pick: how many modes the card offers ("Choose one -")
    options: int = 0
    #: a ``mode`` pick: how many different modes are chosen ("Choose two -": 2); its
    #: value lists them, ``"1+3"``
    modes_chosen: int = 1
    #: a ``mode`` pick of "Choose one you've not chosen this turn -": no mode the scenario's
    #: ``modes_used`` lists
    fresh: bool = False
    #: made only when mode ``in_mode`` (1, 2 ...) is chosen (0: always)
    in_mode: int = 0
    #: "at a different location" than the source, where it is moved ("to my battlefield"):
    #: not at the source's battlefield
    away: bool = False
    #: moved "here" (the source's battlefield), a destination the card specifies: not already
    #: there (355.4.a) only under policy ``specified_destination=elsewhere``; by default a
    #: unit already there is a legal choice whose move does nothing (355.4)
    moved_here: bool = False
    #: a second kind the pick may take: "a unit or gear" (``kind`` unit, ``also`` gear);
    #: for a card, a second card type; for a spell, ``"ability"`` ("a spell or ability")
    also: str = ""
    #: its object's costs: "with Energy cost 4 or less" (``energy_at_most``), "4 or more"
    #: (``energy_at_least``), "and Power cost 1 or less" (``power_at_most``)
    energy_at_most: int | None = None
    energy_at_least: int | None = None
    power_at_most: int | None = None
    #: a unit with less Might than the ability's source ("with less Might than me")
    weaker_than_source: bool = False
    #: an object whose Energy cost is at most the source's Might ("a gear with Energy cost
    #: no more than my Might")
    energy_within_source_might: bool = False
    #: a keyword its object has: "a card with [Hidden]" (``"Hidden"``), "a gear with
    #: [Deploy]"
    keyword: str = ""
    #: not controlled by the effect's controller ("each other player chooses a unit you
    #: don't control")
    not_yours: bool = False
    #: at a location other than the ability's source's ("a unit you control at another
    #: location"; each base is its controller's own location, 107.1.b)
    elsewhere: bool = False
    #: a battlefield ``"occupied"`` (a unit is there, 170.11.a) or ``"open"`` (no unit is
    #: there and no player controls it, 170.11.c)
    occupancy: str = ""
    #: none of these tags ("a non-Dragon unit")
    tags_none: tuple[str, ...] = ()
    #: one of these tags at least ("a Bird, Cat, Dog, or Poro"), besides every one of
    #: ``tags``
    tags_any: tuple[str, ...] = ()
    #: a unit with at least this much Might: "a [Mighty] unit", 5 (708)
    might_at_least: int | None = None
    #: made as a triggered ability whose effect begins with "you may" is finalized: empty
    #: when the ability is not done (383.3.a)
    trigger_may: bool = False
    #: a kind of object beside units and gear a unit pick may take: ``"rune"`` ("up to 4
    #: units, gear, and/or runes"), a rune on the board
    or_piece: str = ""
    #: moved to the battlefield the trigger's event names ("to that battlefield": where the
    #: card it watches was played), a destination the card specifies: not already there
    #: (355.4.a) only under policy ``specified_destination=elsewhere``
    to_event: bool = False
    #: at a battlefield the source moved to (its own, as it is now) or from (the trigger's
    #: event's battlefield, the scenario's ``event_battlefield``; none: it moved from its
    #: base): "a unit at a battlefield I moved to or from"
    moved_between: bool = False
    #: a domain (a tag): the unit is in combat with an enemy unit of it, or chosen by an
    #: enemy spell of it on the Chain ("in combat with an enemy Fury unit or that's being
    #: chosen by an enemy Fury spell")
    contested: str = ""
    #: a spell or ability that chooses a unit or gear ``"friendly"`` to the chooser ("an
    #: enemy spell or ability that chooses a friendly unit or gear", its ``chooses``)
    choosing: str = ""
    #: an ``either`` pick: the instructions one of which its chooser does, chosen as it
    #: resolves ("Attach that Equipment to that unit or detach that Equipment from that
    #: unit": ``("attach", "detach")``, 355.17)
    choices: tuple[str, ...] = ()

    @property
    def is_place(self) -> bool:
        """Whether it picks a battlefield or a location."""
        return self.kind in ("battlefield", "location")

    @cached_property
    def types(self) -> frozenset[str]:
        """The types its object may have: a unit pick's ``"unit"`` (and ``"gear"`` for "a
        unit or gear"), a card pick's card types (none: any card); none for other
        kinds."""
        if self.kind == "card":
            first = self.card_type
        elif self.kind in ("unit", "gear"):
            first = self.kind
        else:
            return frozenset()
        return frozenset(t for t in (first, self.also) if t)

    @property
    def is_piece(self) -> bool:
        """Whether it picks a rune, a spell, an ability, a legend or a card."""
        return self.kind in ("rune", "spell", "ability", "legend", "card")

    @cached_property
    def cost_bounds(self) -> tuple[tuple[str, int | None, int | None], ...]:
        """The bounds on its object's costs it names, by cost: ``(cost, at most, at
        least)`` ("with Energy cost 4 or less", "and Power cost 1 or less"); none for a
        pick that names no cost."""
        bounds = (("Energy", self.energy_at_most, self.energy_at_least),
                  ("Power", self.power_at_most, None))
        return tuple(b for b in bounds if b[1] is not None or b[2] is not None)

    @property
    def reads_traits(self) -> bool:
        """Whether it names tags its object must have or lack, or a state it must be in."""
        return bool(self.tags or self.tags_none or self.tags_any or self.state)


@dataclass(frozen=True)
class Linked:
    """A restriction between two picks: ``pick`` stands in ``link`` to ``to``; ``via``: the
    pick whose information the link reads through ``to`` ("at its destination": the unit
    moved there), when it is not ``to`` itself. ``specified``: the link is only 355.4.a's
    rule for a move to a destination the card specifies ("to that battlefield", "to that
    enemy unit's battlefield"), which no player chooses (355.4): it restricts nothing
    under the default policy ``specified_destination=unrestricted``."""

    pick: str
    link: Link
    to: str
    via: str = ""
    specified: bool = False


@dataclass(frozen=True)
class Deed:
    """What the instruction does to one pick: ``action`` (``amount`` of damage for
    :attr:`Action.DEAL`); a move goes ``to`` a pick (a location, or a unit's location when
    the move executes, 359.3.f.2) or ``"base"``; ``each``: to each other enemy unit at the
    pick's place instead of the pick; ``with_pick``: the other unit of a fight; ``if_units``:
    only if at least that many units are at the pick's place then."""

    pick: str
    action: Action
    amount: int = 0
    to: str = ""
    each: bool = False
    with_pick: str = ""
    if_units: int = 0
    if_at: str = ""
    label: str = ""
    #: with ``each``: whose units at the place (the card's "each enemy unit there")
    among: Relation = Relation.ENEMY
    #: a :attr:`Action.DEAL` of damage equal to a unit's Might when it executes
    #: (359.3.f.2): ``"source"`` ("my Might") or a pick's unit ("its Might")
    amount_from: str = ""
    #: what of ``amount_from`` is read: its ``"might"``, its ``"energy"`` cost ("damage
    #: equal to its Energy cost"), the ``"damage"`` marked on it, or its ``"assault"``
    amount_of: str = "might"
    #: the unit the card names as the source of the damage ("It deals damage equal to its
    #: Might": a pick's unit; "I deal": ``"source"``): dealt by that unit, not by the spell
    #: or ability (418.6.b.3), so no Bonus Damage of its controller's spells and abilities
    #: is added; ``""``: dealt by the spell or ability itself (418.6.a)
    by: str = ""


@dataclass(frozen=True)
class JointChoice(CardFacts):
    """Several objects picked one by one, later picks tied to earlier ones: "a battlefield
    and an enemy unit there", "a friendly unit and an enemy unit at its location", "move an
    enemy unit, then choose another enemy unit at its destination" (355.5-355.17).

    Each pick is at most one object; what they must meet together is the ``links``; what
    is done is the ``deeds``.
    """

    #: The family answering it (:mod:`riftsolve.rules.families.joint`), loaded when
    #: first asked for.
    FAMILY: ClassVar[str] = "joint"

    picks: tuple[Pick, ...]
    links: tuple[Linked, ...] = ()
    deeds: tuple[Deed, ...] = ()
    #: the choices of a delayed trigger the card creates ("When you conquer here, ready up
    #: to 2 runes at the end of this turn"), made when that trigger is finalized (355.5.b)
    delayed: bool = False
    #: such instructions of a mode, with its number (1, 2 ...): said when it is chosen
    unsaid_modes: tuple[tuple[int, str], ...] = ()

    @property
    def slot_names(self) -> tuple[str, ...]:
        """The picks declared at finalization (targets, destinations, costs' choices)."""
        return tuple(p.name for p in self.picks if not p.later)

    @property
    def needs_source(self) -> bool:
        """Whether a pick chooses "here" or "another", or damage is its source's Might:
        the scenario names the source."""
        return any(p.reach is Reach.HERE or p.other or p.away or p.weaker_than_source
                   or p.elsewhere or p.energy_within_source_might or p.moved_between
                   for p in self.picks) or any(
            d.amount_from == "source" or d.to == "here" for d in self.deeds)

    @property
    def needs_event(self) -> bool:
        """Whether a move goes to the battlefield the trigger's event names: the scenario
        states it (``event_battlefield``)."""
        return any(d.to == EVENT for d in self.deeds)

    def pick(self, name: str) -> Pick:
        """The pick called ``name`` (``KeyError``: none is)."""
        return self._by_name[name]

    @cached_property
    def _by_name(self) -> dict[str, Pick]:
        """The picks by name (asked for each candidate and link of a large board)."""
        return {p.name: p for p in self.picks}

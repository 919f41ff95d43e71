"""Effect specifications: what a card asks for, as frozen data (no board, no solver).

A card of the library is an instance of one of these specs; an inline ``effect`` in a
scenario builds one too, so a new card of a known family is a new entry, not new code.

>>> from riftsolve.cards import card
>>> alpha = card("alpha-strike")
>>> alpha.slot_names, alpha.pool is Pool.FRIENDLY_MIGHT
(('friendly', 'enemies'), True)
"""

from __future__ import annotations

import re
from dataclasses import KW_ONLY, dataclass
from enum import StrEnum
from typing import Any, ClassVar, Protocol, runtime_checkable

from riftsolve.i18n import N_, _


class Pool(StrEnum):
    """Where the amount of damage to split comes from."""

    #: A printed amount, e.g. Volibear's 5; Bonus Damage adds to it (CR 1.4 715.3).
    FIXED = "fixed"
    #: "It deals damage equal to its Might": the chosen friendly unit's Might, checked when
    #: the instruction executes (CR 1.4 359.3.f.2); the unit is the source (417.6.b.3).
    FRIENDLY_MIGHT = "friendly-might"


class Relation(StrEnum):
    """Whose units a slot may choose, relative to the effect's controller (CR 1.4 740.1)."""

    ENEMY = "enemy"
    FRIENDLY = "friendly"
    ANY = "any"

    def admits(self, friendly: bool) -> bool:
        """Whether a unit that is ``friendly`` to the controller (or else an enemy, 740.1)
        stands in this relation."""
        if self is Relation.ANY:
            return True
        return friendly is (self is Relation.FRIENDLY)


class Zone(StrEnum):
    """Where the split targets must be."""

    #: "at battlefields": any battlefield in play.
    BATTLEFIELDS = "battlefields"
    #: "here": the battlefield of the ability's source, checked on execution (359.3.f.2).
    HERE = "here"


@dataclass(frozen=True)
class CardFacts:
    """What every card's effect states, whatever its family: its name and text, where the
    text comes from, and the card-wide facts the engine reads without asking the family.
    Each family's effect is a frozen dataclass extending it (:class:`SplitDamage`,
    :class:`GroupTargets`, :class:`JointChoice`, a new family's): its own fields follow
    ``name`` and ``text``; these facts are keyword-only.

    >>> from riftsolve.cards import card
    >>> alpha = card("Alpha Strike")
    >>> isinstance(alpha, CardFacts), alpha.slug, alpha.xp_per_kill, alpha.repeat
    (True, 'alpha-strike', 1, False)
    """

    name: str
    text: str
    _: KW_ONLY
    slug: str = ""
    #: Whether ``text`` is the card's wording, from which the roles of its slots are read
    #: (:mod:`rules.choosing`); an inline effect's text only describes it.
    worded: bool = True
    #: Whether the card has [Hidden] (a scenario may then say it was played from Hidden).
    hidden: bool = False
    #: Whether the card has [Repeat]: a scenario may say its cost was paid (820).
    repeat: bool = False
    #: Whether the effect moves its targets to a location chosen at finalization (355.4).
    destination: bool = False
    #: Whether the effect's source makes any amount of its controller's damage lethal to
    #: enemy units while it resolves (142.4.c: Elder Dragon's passive, on its own trigger).
    lethal_any: bool = False
    #: The card's own "Ignore [Deflect] while paying this spell's cost": no Deflect tax.
    ignores_deflect: bool = False
    #: XP gained for each unit the effect kills (Alpha Strike's reflexive "gain 1 XP").
    xp_per_kill: int = 0
    #: The sentences of ``text`` whose choices the slots are, as the card reader read them
    #: (reminder text and symbols removed); none: ``text`` itself.
    read: str = ""
    #: Its instructions (and clauses) that choose nothing and do nothing modelled ("Draw
    #: 1.", "At end of turn, ..."), said as outcomes not modelled.
    unsaid: tuple[str, ...] = ()
    #: Where the card's text comes from, when not the official gallery snapshot.
    text_source: str = ""

    @property
    def listed_text(self) -> str:
        """The card's text as a card library lists it, with where it comes from when not
        the official gallery."""
        return listed(self.text, self.text_source)


@dataclass(frozen=True)
class SplitDamage(CardFacts):
    """Deal an amount of damage split among chosen units (CR 1.4 355.14).

    ``amount`` is the printed amount of a :attr:`Pool.FIXED` pool. With
    :attr:`Pool.FRIENDLY_MIGHT` the effect also has a ``friendly`` slot: the unit whose Might
    is split and which deals the damage. (Of the card facts, a split states only ``xp_per_kill``:
    Alpha Strike's reflexive "gain 1 XP" for each unit the damage kills.)
    """

    #: The family answering it (:mod:`riftsolve.rules.families.split`), loaded when
    #: first asked for.
    FAMILY: ClassVar[str] = "split"

    pool: Pool
    among: Relation
    zone: Zone
    amount: int = 0
    bonus_applies: bool = True

    @property
    def split_slot(self) -> str:
        """The name of the slot holding the split targets."""
        return "enemies" if self.among is Relation.ENEMY else "units"

    @property
    def slot_names(self) -> tuple[str, ...]:
        """The target slots of a declaration, in order."""
        if self.pool is Pool.FRIENDLY_MIGHT:
            return ("friendly", self.split_slot)
        return (self.split_slot,)

    @property
    def needs_source(self) -> bool:
        """Whether the scenario must name the ability's source (for "here")."""
        return self.zone is Zone.HERE


class Action(StrEnum):
    """What a group effect does to the units it affects: the card's instruction as data."""

    KILL = "kill"
    #: deal a fixed amount to each (``GroupTargets.damage``; Bonus Damage adds to each, 715.2)
    DEAL = "deal"
    MOVE = "move"
    STUN = "stun"
    #: swap the Might of two units: needs two units to act on (433.1)
    SWAP_MIGHT = "swap-might"
    RETURN_TO_HAND = "return-to-hand"
    #: two units deal damage equal to their Mights to each other
    FIGHT = "fight"
    #: an inline effect whose outcome is not modelled: only who is affected
    AFFECT = "affect"

    @property
    def needs(self) -> int:
        """Fewest units the instruction needs to act at all: a swap needs two values
        (433.1); with fewer it cannot be followed and is ignored (359.3.e.6)."""
        return 2 if self in (Action.SWAP_MIGHT, Action.FIGHT) else 1

    def verb(self, damage: int = 0) -> str:
        """The instruction in words, e.g. ``'deal 1 to'``."""
        return {Action.DEAL: f"deal {damage} to", Action.SWAP_MIGHT: "swap the Might of",
                Action.RETURN_TO_HAND: "return to hand"}.get(self, self.value)


class Reach(StrEnum):
    """Where a group member must be, on its own."""

    #: "at a battlefield" (or "at the same battlefield"): any battlefield in play.
    BATTLEFIELD = "battlefield"
    #: anywhere on the board: a base or a battlefield.
    BOARD = "board"
    #: "here": the battlefield of the ability's source, checked when the instruction
    #: executes (359.3.f.2); a source at a base or off the board has no "here".
    HERE = "here"
    #: "in a base", "in your base": at a base (each player's own).
    BASE = "base"


class Sharing(StrEnum):
    """What the members of a group must share (CR 1.4 355.11)."""

    NOTHING = "nothing"
    #: all at one battlefield ("at a battlefield", "at the same battlefield").
    BATTLEFIELD = "battlefield"
    #: all at one location: a battlefield or one player's base ("at the same location").
    LOCATION = "location"


@dataclass(frozen=True)
class GroupSlot:
    """One slot of a group: who may fill it and how many (``most=None``: any number)."""

    name: str
    among: Relation = Relation.ANY
    reach: Reach = Reach.BATTLEFIELD
    least: int = 0
    most: int | None = None
    tags: tuple[str, ...] = ()
    #: "another": any unit but the ability's source (355.9.c: a choice of "another"
    #: object excludes the one it belongs to); the scenario names the source.
    other: bool = False
    #: "each with N Might or less": a cap on each member's own Might (a targeting
    #: restriction, 355.9.b; Might below 0 counts as 0, 143.2.b), not on the total.
    might_at_most: int | None = None
    #: What the slot chooses: ``("unit",)``, ``("gear",)`` or both ("a unit or gear").
    kinds: tuple[str, ...] = ("unit",)
    #: "you control", "your": the controller's own, not a teammate's (740.1.a makes a
    #: teammate's friendly, not controlled by you).
    own: bool = False
    #: states every member is in ("any number of your buffed units": ``("buffed",)``; the
    #: words of :data:`STATE_WORDS`), a targeting restriction (355.9.b)
    states: tuple[str, ...] = ()

    @property
    def single(self) -> bool:
        """A slot taking exactly one unit: declared as one id, not a list."""
        return self.least == 1 and self.most == 1


@dataclass(frozen=True)
class GroupTargets(CardFacts):
    """Choose a group of units that must meet a requirement together (CR 1.4 355.11).

    The requirement is data: a total-Might cap (negative Might counting as 0, 143.2.b),
    what the members share (a battlefield, a location, a controller) and each slot's size.
    On resolution, if the legal targets no longer meet it together, the controller
    chooses a subset of them that does (355.11.b; policy ``group_subset``).
    """

    #: The family answering it (:mod:`riftsolve.rules.families.group`), loaded when
    #: first asked for.
    FAMILY: ClassVar[str] = "group"

    action: Action
    slots: tuple[GroupSlot, ...]
    #: Damage dealt to each affected unit by a :attr:`Action.DEAL` effect.
    damage: int = 0
    might_cap: int | None = None
    sharing: Sharing = Sharing.NOTHING
    same_controller: bool = False
    #: Whether that destination is "an open battlefield": unoccupied and uncontrolled
    #: (170.11.c), never a base.
    destination_open: bool = False
    #: A move's fixed destination, not chosen: ``"base"`` ("to their base").
    moves_to: str = ""
    #: "Up to N ... at each location": at most this many members per location, each
    #: location's choice its own (declared as ``{location: unit}``); ``None``: not so.
    per_place: int | None = None
    #: The card's passive ability, shown with its text (it makes no choice).
    passive: str = ""
    #: The instruction in words for tables, when not the action's own words.
    label: str = ""

    @property
    def listed_text(self) -> str:
        """The card's text as a card library lists it: its passive ability first, and
        where the text comes from when not the official gallery."""
        return listed(" ".join(part for part in (self.passive, self.text) if part),
                      self.text_source)

    @property
    def slot_names(self) -> tuple[str, ...]:
        """The target slots of a declaration, in order (the destination is not a target)."""
        return tuple(slot.name for slot in self.slots)

    @property
    def verb(self) -> str:
        """What the effect does, in words (``'kill'``, ``'deal 1 to'``...)."""
        return self.label or self.action.verb(self.damage)

    @property
    def needs_source(self) -> bool:
        """Whether a slot chooses "here" or "another", or the group moves "to this
        battlefield": the scenario must name the ability's source."""
        return self.moves_to == "here" or self.swaps_with_source or any(
            slot.reach is Reach.HERE or slot.other for slot in self.slots)

    @property
    def swaps_with_source(self) -> bool:
        """Whether the group's unit and the source swap locations ("Move me and a Shadow
        Clone you control to each other's locations", read "swap ... and me")."""
        return self.label == "swap" and " and me" in (self.read or self.text).lower()


#: The Might at which a unit is Mighty (708: "as long as its Might is 5 or greater").
MIGHTY = 5


class Link(StrEnum):
    """How a pick of a joint choice stands to an earlier pick (a restriction of the
    choice, 355.9.b, or of a move, 355.4.a)."""

    #: at the other pick's battlefield or location ("an enemy unit there", "at its
    #: destination"); for a location pick: holding the other pick's unit.
    AT = "at"
    #: at the same location as the other pick's unit ("an enemy unit at its location").
    WITH = "with"
    #: at a location other than the other pick's ("at a different location"; a unit moved
    #: to a location is not already there, 355.4.a).
    APART = "apart"
    #: controlled by the same player ("a unit and an Equipment with the same controller").
    SAME_CONTROLLER = "same-controller"
    #: a different object ("another", "other", "a different unit", 355.9.c).
    OTHER = "other"
    #: a gear attached to the other pick's unit ("detach an Equipment from it", 435, 716).
    ON = "on"
    #: a spell or ability on the Chain that chooses the other pick's unit and no other unit
    #: friendly to the chooser ("that chooses it and no other friendly unit").
    CHOOSES_ONLY = "chooses-only"
    #: a location holding another unit of the other pick's controller ("to a location where
    #: there's a unit with the same controller").
    HOSTS_ALLY = "hosts-ally"
    #: one of several objects chosen alike ("two friendly units", "up to 2 runes"): listed
    #: once, in id order; an empty pick only after the filled ones.
    AFTER = "after"
    #: a unit with less Might than the other pick's unit ("an enemy unit with less Might
    #: than it", 355.9.b).
    WEAKER = "weaker"
    #: made exactly when the other pick is: a triggered ability's "you may" is decided as
    #: it is finalized, done as a whole or not at all (383.3.a).
    TOGETHER = "together"
    #: an "up to" pick of such an ability: empty unless the other pick is made (the
    #: ability is done).
    IF_DONE = "if-done"
    #: one of several identical objects placed alike (tokens played, 355.2.a): the same
    #: value as the other pick, or one listed after it (each multiset listed once).
    SORTED = "sorted"
    #: made only if the other pick is not: one of two ways to do one thing ("[Show Off] a
    #: unit": reveal a unit card from hand, or pick a friendly unit)
    EITHER = "either"
    #: made if and only if the other pick is not: one object of one kind or of another ("a
    #: unit at a battlefield or a gear", each kind with its own restrictions)
    ONE_OF = "one-of"
    #: a destination on the other side of the unit's base ("to or from its base"): its
    #: base when the unit is at a battlefield, a battlefield when it is at its base
    BASE_SIDE = "base-side"
    #: a card that costs no more Energy and no more Power than the other pick's unit ("a
    #: unit from your trash that costs no more Energy and no more Power than the killed
    #: unit", 355.9.b)
    NO_COSTLIER = "no-costlier"


#: The states a card may choose a unit by ("an exhausted unit", "any number of your
#: buffed units"), in words (:attr:`riftsolve.rules.board.Unit.states`).
STATE_WORDS = {"exhausted": N_("exhausted"), "ready": N_("ready"), "stunned": N_("stunned"),
               "buffed": N_("buffed"), "moved": N_("moved"), "attacking": N_("attacking"),
               "defending": N_("defending"), "token": N_("a token"),
               "empowered": N_("Empowered"), "equipped": N_("equipped"),
               "attached": N_("attached"), "detached": N_("detached")}

#: An ability its source has only while Empowered ("[Empowered][>] [1], [Exhaust]: ...",
#: 828.1.b.1).
_EMPOWERED_ONLY = re.compile(r"^\s*(?:\[[A-Za-z]+\]\s*)*\[Empowered\]\s*\[>\]")


def empowered_only(text: str) -> bool:
    """Whether ``text`` is an ability its source has only while Empowered (828.1.b.1).

    >>> empowered_only("[Empowered][>] [1], [Exhaust]: Ready 2 gear."), empowered_only("Kill.")
    (True, False)
    """
    return _EMPOWERED_ONLY.match(text) is not None


#: An activated ability usable only while its source is at a battlefield (377.2.b: "Use
#: this ability only while I'm at a battlefield"), and a triggered one whose condition
#: asks it (383.2.a.1: "At the end of your turn, if I'm at a battlefield, ...").
_USED_AT_A_BATTLEFIELD = re.compile(r"\buse this ability only while I'm at a battlefield\b",
                                    re.IGNORECASE)
_TRIGGERS_AT_A_BATTLEFIELD = re.compile(r"^\s*(?:at|when)\b[^,.]*, if I'm at a battlefield,",
                                        re.IGNORECASE)


def at_a_battlefield_only(text: str) -> str | None:
    """Whether ``text``'s ability is played only while its source is at a battlefield:
    ``"used"`` (an activated ability's condition on using it, 377.2.b), ``"triggered"`` (a
    trigger condition's, 383.2.a.1), or none. Only as it is played: once on the Chain it
    resolves wherever its source has gone (383.2.a.1's own example).

    >>> at_a_battlefield_only("At the end of your turn, if I'm at a battlefield, ready up "
    ...                       "to 4 friendly runes.")
    'triggered'
    >>> at_a_battlefield_only("[Exhaust]: Deal 3 to a unit. Use this ability only while "
    ...                       "I'm at a battlefield."), at_a_battlefield_only("Deal 3.")
    ('used', None)
    """
    if _USED_AT_A_BATTLEFIELD.search(text):
        return "used"
    if _TRIGGERS_AT_A_BATTLEFIELD.match(text):
        return "triggered"
    return None


#: A move's destination that is the battlefield a trigger's event names ("When you play a
#: gear with [Deploy], ... move a friendly unit to that battlefield"): the scenario's
#: ``event_battlefield``.
EVENT = "event"

#: The name of a ``decision`` pick, and the value it takes when the action is done.
DECISION, DONE = "done", "yes"


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

    @property
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
        """The pick called ``name``."""
        return next(p for p in self.picks if p.name == name)


@dataclass(frozen=True)
class CombatDamage:
    """The Combat Damage step at one battlefield (CR 1.4 465.2): the ``assigner``, the
    ``attacker`` or a defender, assigns its units' combined Might as damage among the
    other side's units there, under the ordering rules (465.2.c).

    Not a card: a scenario states it with a ``combat`` block instead of ``card``.

    >>> CombatDamage("north", "A").name, CombatDamage("north", "A", "B").assigner
    ('Combat damage at north', 'B')
    """

    #: The family answering it (:mod:`riftsolve.rules.families.combat`), loaded when
    #: first asked for.
    FAMILY: ClassVar[str] = "combat"

    battlefield: str
    attacker: str
    #: Whose assignment the question asks about (the attacker assigns first, 465.2.c).
    assigner: str = ""
    #: The assigner's damage is lethal in any amount (142.4.c, Elder Dragon).
    lethal_any: bool = False
    #: The card's own "Ignore [Deflect] while paying this spell's cost": no Deflect tax.
    ignores_deflect: bool = False
    text: str = ("Each player assigns damage equal to their units' summed Might among the "
                 "other side's units: Tank first, Backline last, lethal damage in full "
                 "before the next unit (465.2).")
    slug: str = "combat"
    worded: bool = False
    hidden: bool = False
    repeat: bool = False
    destination: bool = False
    xp_per_kill: int = 0
    slot_names: tuple[str, ...] = ()
    needs_source: bool = False
    text_source: str = ""

    def __post_init__(self) -> None:
        if not self.assigner:
            object.__setattr__(self, "assigner", self.attacker)

    @property
    def listed_text(self) -> str:
        """The combat's rule as a card library would list it."""
        return self.text

    @property
    def name(self) -> str:
        """The combat's name in messages."""
        return f"Combat damage at {self.battlefield}"

    @property
    def attacking(self) -> bool:
        """Whether the assigner is the attacker (else a defender)."""
        return self.assigner == self.attacker


def listed(text: str, source: str) -> str:
    """A card's text as a library lists it: with where it comes from, when said.

    >>> listed("Kill a unit.", ""), listed("Kill a unit.", "an errata overlay")
    ('Kill a unit.', 'Kill a unit. (text: an errata overlay)')
    """
    return text + _(" (text: {source})").format(source=source) if source else text


@runtime_checkable
class Effect(Protocol):
    """What every effect states, whatever its family (:mod:`riftsolve.rules.families`
    reads the rest): its card, its wording, and the card facts the engine reads without
    asking the family.

    >>> from riftsolve.cards import card
    >>> isinstance(card("Fox-Fire"), Effect), isinstance("Fox-Fire", Effect)
    (True, False)
    """

    #: every effect is a frozen dataclass (changed with :func:`dataclasses.replace`)
    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def name(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def slug(self) -> str: ...
    #: Whether ``text`` is the card's wording, from which the roles of its slots are read.
    @property
    def worded(self) -> bool: ...
    @property
    def hidden(self) -> bool: ...
    @property
    def repeat(self) -> bool: ...
    @property
    def destination(self) -> bool: ...
    @property
    def lethal_any(self) -> bool: ...
    @property
    def ignores_deflect(self) -> bool: ...
    @property
    def xp_per_kill(self) -> int: ...
    @property
    def slot_names(self) -> tuple[str, ...]: ...
    #: The card's text as a card library lists it (a passive ability, where the text
    #: comes from).
    @property
    def listed_text(self) -> str: ...
    #: Where the card's text comes from, when not the official gallery snapshot.
    @property
    def text_source(self) -> str: ...
    @property
    def needs_source(self) -> bool: ...
    def __hash__(self) -> int: ...  # effects are frozen: cached by value

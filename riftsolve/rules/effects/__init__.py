"""Effect specifications: what a card asks for, as frozen data (no board, no solver).

A card of the library is an instance of one of these specs; an inline ``effect`` in a
scenario builds one too, so a new card of a known family is a new entry, not new code.
Here are what every family reads (the words of a card's choices, :class:`CardFacts`, the
:class:`Effect` protocol) and split damage's spec; each other family's spec is in a module
of its own, imported with its family: :mod:`~riftsolve.rules.effects.group`,
:mod:`~riftsolve.rules.effects.joint`, :mod:`~riftsolve.rules.effects.combat`.

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

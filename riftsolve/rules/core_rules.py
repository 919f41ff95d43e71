"""Core Rules citations: every rule the engine applies, with its number and gist.

The engine knows each rule by an id, its Core Rules 1.4 number (a rule new since then: its
number in the text that introduced it), and cites it with the number the scenario's text
gives it (:mod:`riftsolve.rules.versions`). Each :class:`Rule` keeps a one-line gist used
in ``--explain`` output, so an answer can say *why* it is legal.

>>> cite("355.14.h.1")
'CR 1.4 355.14.h.1'
>>> citation("465.2.c", "2026-10-09")
'CR 2026-10-09 467.2.c'
>>> RULES["355.14.g"].gist
'valid damage for a split target is a positive integer, at least 1'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from riftsolve.i18n import N_, _
from riftsolve.rules.versions import BASE, NEWEST, SUPPORTED, introduced, note_in, number_in

#: The Core Rules version whose numbers are the engine's rule ids.
RULES_VERSION = BASE

#: The version a scenario with no ``rules`` field is ruled by: the newest text.
DEFAULT_VERSION = NEWEST

#: Rules versions a scenario may name in its ``rules`` field (or by their dates,
#: :data:`riftsolve.rules.versions.ALIASES`). Citations use that version's numbers; a
#: question whose ruling that version's text does not give is refused
#: (:mod:`riftsolve.rules.version_checks`).
SUPPORTED_VERSIONS = SUPPORTED


# (a named tuple: cheap to define, as every start of the command line defines it)
class Rule(NamedTuple):
    """One Core Rules entry: its number, a one-line gist and the version it is quoted from."""

    number: str
    gist: str
    version: str = RULES_VERSION

    def citation(self) -> str:
        """``'CR 1.4 355.14.c'``: how the rule is named in messages."""
        return f"CR {self.version} {self.number}"

    def as_json(self) -> dict[str, str]:
        """The rule as it appears in ``--explain`` output: the gist in the language
        spoken now (:mod:`riftsolve.i18n`)."""
        return {"rule": self.number, "version": self.version, "text": _(self.gist)}


_GISTS = {
    "143.2.b": N_("Might below 0 is treated as 0 when a spell or ability refers to it"),
    "191.2": N_("the controller of a spell or ability makes its choices and pays its costs"),
    "355.8": N_("a spell or ability needs valid choices for all its required targets to be played"),
    "355.9.b": N_("a valid target meets every targeting restriction, and is not untargetable "
    "by that player's spells or abilities"),
    "355.4": N_("the destination of a move is chosen at finalization but is not a target"),
    "355.5": N_("choices of specific game objects are made at finalization; effects chosen by "
    "criteria are not choices"),
    "355.7": N_("when a card chooses specific game objects to affect, they are targeted"),
    "355.9.a": N_("a target is a permanent or rune on the board, a spell or ability on the Chain, "
    "a player or zone, or specified as being in another zone"),
    "355.9.a.2": N_("'spell' and 'ability' refer to objects on the Chain unless specified "
    "otherwise"),
    "355.9.c": N_("a spell or ability cannot target itself; an ability can target its source"),
    "355.10": N_("an object, player or zone mentioned in a spell's or ability's text is a "
    "target unless an exception (355.10.a-f) applies"),
    "355.10.a": N_("an object in a non-public zone (a hand, a deck) is not a target"),
    "355.10.a.1": N_("public zones are Battlefield Zones, Bases, Trashes, Legend Zones, Champion "
    "Zones and Facedown Zones"),
    "355.10.b": N_("an object only restricting another choice, or only a restriction or "
    "permission for a game action, is not a target"),
    "355.10.c": N_("an object only part of a cost, trigger condition or replacement effect is not "
    "a target"),
    "355.10.c.1": N_("costs within instructions ('[do X] to [do Y]') are costs: X targets nothing"),
    "355.10.d": N_("an object selected programmatically by its characteristics is not a target"),
    "355.10.e": N_("a set chosen wholly or partly by other players is not targeted"),
    "355.10.f": N_("an object named in an instruction a player 'must' complete is chosen on "
    "resolution, not targeted"),
    "355.10.d.1": N_("the programmatic-selection exception applies only to objects for which "
    "no choice is ever possible"),
    "355.10.d.2": N_("a single legal option is still a target"),
    "355.12": N_("objects a player 'may' act on are targets, chosen whether or not they act"),
    "355.17": N_("choices not covered by 355 are made on resolution"),
    "355.2.a": N_("a unit is played to its controller's base or a battlefield they control"),
    "355.5.b": N_("choices of triggered abilities, and of delayed or reflexive triggers a chain "
               "item generates, are made when those are finalized, not with the item"),
    "383.3.a": N_("a triggered ability's 'you may' as the first part of its effect is decided "
               "as it is finalized: done with its choices, or not at all"),
    "383.3.b": N_("a cost within instructions at the beginning of a triggered ability's effect "
               "is its base cost, paid to finalize it"),
    "204.3.b": N_("a cost within instructions of a spell or a later part of an effect is paid "
               "as it resolves"),
    "170.11.a": N_("an occupied battlefield has a unit present"),
    "170.11.c": N_("an open battlefield is unoccupied and uncontrolled"),
    "355.3": N_("the modes of a spell or ability with a list of modes are chosen as it is "
             "finalized, as its text allows"),
    "430.1": N_("channeling takes runes from the top of the player's rune deck: no rune is "
             "chosen"),
    "708": N_("a unit is Mighty as long as its Might is 5 or greater"),
    "383.4.b": N_("'when you choose me' triggers fire when the object becomes targeted"),
    "359.3.e.9.a": N_("counting another item's targets: mistargeted choices count, targets moved "
    "to a non-board zone do not"),
    "355.11": N_("some cards name a group of targets whose requirements the group as a whole "
    "must meet"),
    "355.11.a": N_("on finalization, any group of valid targets that together fulfil the "
    "restriction may be chosen"),
    "355.11.b.1": N_("a subset chosen on resolution must hold as many legal targets as it can"),
    "355.11.b": N_("if the group no longer fulfils the restriction on resolution, the controller "
    "chooses a subset of the original targets that does"),
    "811.1.d.2": N_("targets chosen by a spell played from Hidden must be at the Hidden "
    "battlefield"),
    "355.17.b": N_("a restriction on a choice must be followed, and overrides a mandatory "
    "requirement (one followed only if possible); a choice breaking it fails to finalize"),
    "811.1.d.3": N_("targets chosen by the play effect of a permanent played from facedown must "
    "be at the battlefield it was played to"),
    "414.4": N_("when exhausting is listed as a cost, the action must be able to be completed "
    "for the cost to be paid ([Exhaust]: exhaust me)"),
    "811.1.d.5": N_("a unit played by a spell, or the play effect of a permanent, played from "
    "Hidden is played at that battlefield"),
    "811.1.d.3.a": N_("that play effect reads the battlefield from its source: with the source "
    "gone, it can choose no legal target, and mistargets on resolution"),
    "355.13": N_("'any number' or 'up to' targets may be zero targets"),
    "355.14.a": N_("each unit that damage may be split among is a target"),
    "355.14.b": N_("split targets are chosen when the spell or ability is finalized"),
    "355.14.c": N_("at most as many split targets as the initial damage available when played"),
    "355.14.d": N_("each split target is valid and fires Targeting Effects individually"),
    "355.14.e": N_("how the damage is divided is decided on resolution"),
    "355.14.f": N_("each split target must receive a valid amount of damage"),
    "355.14.g": N_("valid damage for a split target is a positive integer, at least 1"),
    "355.14.h": N_("with more targets than damage on resolution, the controller decides which "
    "targets cease being targets"),
    "355.14.h.1": N_("the controller cannot keep fewer targets than the damage to split: "
    "exactly enough targets are dropped"),
    "355.14.i": N_("costs paid and triggers fired because a target was chosen stand when it is "
    "dropped (no Deflect refund)"),
    "355.15": N_("choices cannot be changed after finalization unless a spell or ability says so"),
    "359.3.e.2": N_("a target is illegal on resolution if it no longer meets the targeting "
    "requirements or changed zones to or from a non-Board zone"),
    "359.3.e.4": N_("a unit that left the board and came back is a new object, not the target"),
    "359.3.e.5": N_("illegal targets are unaffected"),
    "359.3.e.7": N_("an instruction whose targets are all illegal does not execute"),
    "359.3.e.8": N_("an instruction with some illegal targets executes on the legal ones"),
    "359.3.e.12": N_("information about an illegal target is null; calculations using it are "
    "ignored"),
    "359.3.f.2": N_("information referenced from a source or target ('its Might', 'here') is "
    "checked when the instruction executes"),
    "359.3.f.2.a": N_("if that target is illegal the referent is null and related instructions "
    "are ignored"),
    "359.3.f.4": N_("'enemy' and 'friendly' are relative to the controller of the spell or "
                    "ability"),
    "417.6.b.3": N_("when a spell names a unit as the source of damage, the unit deals it, not the "
    "spell"),
    "715.3": N_("Bonus Damage is added to the amount a spell or ability splits, raising the "
    "target cap"),
    "740.1": N_("friendly: controlled by you (or a teammate); enemy: controlled by an opponent"),
    "740.1.a": N_("two game objects are friendly if they share a controller or their controllers "
    "are teammates"),
    "740.1.b": N_("two game objects are enemies if one's controller is an opponent of the "
    "other's"),
    "355.4.a": N_("a valid location for a move is one other than the units' current location, "
    "where they are allowed to be"),
    "447.2.b": N_("with teammates, a battlefield a player's teammates occupy is an invalid "
    "destination for any move of that player's units"),
    "447.2.c": N_("a move to a location a unit cannot move to for any reason is instead a Recall "
    "to its base"),
    "449.2": N_("units cannot move by any means to a battlefield where units of 2 other players "
    "already are"),
    "811.1.d": N_("a spell with no valid targets under the Hidden restrictions cannot be played "
    "from Hidden"),
    "433.1": N_("swapping increases one numeric value and decreases another: it takes two values"),
    "359.3.e.6": N_("instructions that cannot be followed are ignored"),
    "142.4.b": N_("lethal damage is a non-zero amount at least the unit's Might"),
    "142.4.c": N_("effects may change the damage needed to kill a unit (Elder Dragon: any amount "
    "of your damage kills enemy units)"),
    "715.2": N_("Bonus Damage on a deal to several targets is added to each target separately"),
    "809.1.c": N_("Deflect: spells and abilities an opponent controls that target it cost its "
    "Deflect in Power more, for each time they choose it"),
    "820.1.d": N_("Repeat: pay its cost as you play the card to execute its instructions one "
    "additional time on resolution"),
    "820.2": N_("the choices of a Repeat's additional execution are made when the card is played"),
    "820.2.a": N_("the additional execution's choices need not be the first execution's"),
    "757": N_("an object that can't be chosen by a category of spells and abilities is "
    "untargetable by them"),
    "758.1": N_("an object that became untargetable after being targeted is mistargeted on "
    "resolution"),
    "809": N_("Deflect: each opponent's choice of a unit with Deflect N adds N Power as a "
    "mandatory additional cost"),
    "356.2.a.2": N_("Deflect is a mandatory additional cost, paid at finalization"),
    # combat damage (465.2)
    "465.2": N_("when the showdown closes, attackers and defenders resolve combat damage at the "
    "attacked battlefield using their current Might"),
    "465.2.a": N_("the attacking side's damage is the sum of all attacking units' Might"),
    "465.2.b": N_("the defending side's damage is the sum of all defending units' Might"),
    "465.2.c": N_("starting with the attacker, each player assigns damage equal to their side's "
    "summed Might among the other side's units"),
    "465.2.c.1": N_("assigning combat damage is not dealing it; all assigned damage is dealt "
    "simultaneously afterwards"),
    "465.2.c.3": N_("a unit must be assigned lethal damage in full before any damage is assigned "
    "to another unit"),
    "465.2.c.4": N_("a unit may not be assigned more than the minimum lethal amount (counting "
    "damage already marked) unless no other unit remains to be assigned damage"),
    "465.2.c.4.a": N_("if assigned damage would be increased (e.g. doubled), the player assigns "
    "the smallest amount whose increased value is lethal"),
    "465.2.c.5": N_("replacement effects on the damage (prevent, double) apply to the assignment "
    "instead, so they change how much is needed for lethal"),
    "465.2.c.6": N_("a player must obey every requirement and restriction on damage assignment "
    "(Tank first, Backline last) if able"),
    "465.2.c.7": N_("units with the same assignment priority (e.g. two Tanks) may be assigned "
    "damage in any order among themselves"),
    "465.2.c.8": N_("a unit with conflicting assignment demands (Tank and Backline) has the "
    "assigning player choose one of them to apply"),
    "465.2.c.9": N_("with several such units, the choice is made for each unit separately, then "
    "same-priority units go in any order"),
    "465.2.c.10": N_("a unit that cannot be dealt damage has no lethal amount and is exempt from "
    "mandatory assignment"),
    "465.2.d": N_("each unit is then dealt the damage assigned to it"),
    "437.5": N_("combat damage can still be assigned to a unit with Prevent; the damage dealt is "
    "then prevented as usual"),
    "437.5.a": N_("a unit with Prevent may be assigned up to the amount that is lethal after its "
    "Prevent Values are taken off"),
    "437.5.b": N_("with a Prevent Value of 'All', no amount of damage counts as lethal"),
    "423.1.b": N_("a stunned unit adds none of its Might to its side's combat damage"),
    "423.1.c": N_("a stunned unit still needs damage at least its full Might to be killed"),
    "142.4": N_("damage marked on a unit tracks how close it is to being killed"),
    "142.4.a": N_("lethal damage is the amount of marked damage that makes a unit die in a "
                  "cleanup"),
    "807": N_("Assault X: while the unit is an attacker it has +X Might"),
    "807.1.c": N_("Assault X is short for 'while I am an attacker, I have +X Might'"),
    "807.1.d.1": N_("Assault applies for as long as the unit keeps the attacker designation"),
    "807.2": N_("several instances of Assault on a unit add up their values"),
    "814": N_("Shield X: while the unit is a defender it has +X Might"),
    "814.1.c": N_("Shield X is short for 'while I am a defender, I have +X Might'"),
    "814.1.d.1": N_("Shield applies for as long as the unit keeps the defender designation"),
    "814.2": N_("several instances of Shield on a unit add up their values"),
    "815": N_("Tank: the unit must be assigned lethal combat damage before its controller's units "
    "without Tank"),
    "815.1.b": N_("a Tank must be assigned lethal damage before any unit with the same controller "
    "that lacks Tank"),
    "815.1.c.1": N_("with Tank, lethal damage must still be assigned to one unit before moving to "
    "the next"),
    "815.1.c.2": N_("with several Tanks of the same controller, any of them may go first; units "
    "without Tank are invalid until every Tank has lethal damage"),
    "826": N_("Backline: the unit must be assigned lethal combat damage after its controller's "
    "units without Backline"),
    "826.3": N_("a Backline unit is assigned lethal damage after every unit with the same "
    "controller that lacks Backline"),
    "826.4.a": N_("with Backline, lethal damage must still be assigned to one unit before moving "
    "to the next"),
    "826.4.b": N_("with several Backline units of the same controller, any of them may be assigned "
    "first; Backline units are invalid until every unit without Backline has lethal damage"),
}

#: Every rule the engine cites, by number.
RULES: dict[str, Rule] = {number: Rule(number, gist) for number, gist in _GISTS.items()}


def cited_as(number: str, version: str) -> dict[str, str]:
    """A rule as ``--explain`` prints it under Core Rules ``version``'s numbering: that
    version's number, or the 1.4 number with a note when the rule is not in it; a note too
    where that version words it differently.

    >>> cited_as("355.14.h", "1.2")["rule"], cited_as("355.17", "1.2")["rule"]
    ('352.14.h', '352.9')
    >>> entry = cited_as("355.14.h.1", "1.3")
    >>> entry["rule"], entry["version"], entry["note"][:11]
    ('355.14.h.1', '1.4', 'new in 1.4:')
    """
    entry = RULES[number].as_json()
    there = number_in(number, version)
    note = note_in(number, version)
    if there is not None:
        entry = {**entry, "rule": there, "version": version}
    elif number_in(number, RULES_VERSION) is None:  # new since 1.4: its own text's number
        entry = {**entry, "version": introduced(number)}
    return {**entry, "note": note} if note else entry


def citation(number: str, version: str) -> str:
    """How a message names rule ``number`` under text ``version``: ``'CR 1.3 355.14.h'``,
    or, where that text has no such rule, the rule as the text that has it numbers it."""
    entry = cited_as(number, version)
    return f"CR {entry['version']} {entry['rule']}"


def rule(number: str) -> Rule:
    """The :class:`Rule` with this number; a ``KeyError`` names an uncatalogued citation."""
    return RULES[number]


def cite(number: str) -> str:
    """The citation string of a catalogued rule, e.g. ``'CR 1.4 355.14.c'``."""
    return rule(number).citation()


#: A rule number written in a message: three digits, then dotted parts ("355.14.h.1").
_CITED = re.compile(r"(?<![\w.])\d{3}(?:\.[0-9a-z]+)*")


def renumber(template: str, version: str) -> str:
    """A message template (before user text is put in) with each rule it names by id
    numbered as text ``version`` numbers it.

    >>> renumber("units of the same priority in any order (465.2.c.7)", "2026-10-09")
    'units of the same priority in any order (467.2.c.7)'
    >>> renumber("negative Might counts as 0, 143.2.b; 127.0.0.1", "1.2")
    'negative Might counts as 0, 142.2.b; 127.0.0.1'
    """
    def numbered(found: re.Match[str]) -> str:
        number = found[0]
        there = number_in(number, version) if number in RULES else None
        return number if there is None else there

    return _CITED.sub(numbered, template)

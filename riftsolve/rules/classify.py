"""Which choices are targets (CR 1.4 355.5-355.17): the role of everything an
instruction mentions, with the rule that decides it.

>>> c = classify("Kill all units at a battlefield.")
>>> c.targets, [(m.words, m.role.value, m.rule) for m in c.mentions]
(['battlefield'], [('all units', 'automatic', '355.10.d'), ('a battlefield', 'target', '355.10.b')])
>>> classify("Kill a unit. Its controller draws 2.").targets
['unit']
>>> classify("Kill all units at battlefields.").targets
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from riftsolve.i18n import LANGUAGES, N_, _
from riftsolve.rules.core_rules import rule
from riftsolve.rules.grammar import (
    SELECTING,
    GrammarError,
    Instruction,
    Mode,
    Phrase,
    Segment,
    parse,
)
from riftsolve.rules.roles import Role as Role


@dataclass(frozen=True)
class Mention:
    """One object, player or zone an instruction mentions, and its role."""

    words: str
    start: int
    kind: str
    role: Role
    rule: str
    why: str
    #: Whether the role rests on 355.10.b's 1.4 clause "only as a restriction or permission
    #: for a game action" (a chosen destination): older versions read it otherwise.
    game_action: bool = False

    def as_json(self) -> dict[str, Any]:
        """The mention as ``riftsolve classify`` prints it."""
        return {"words": self.words, "kind": self.kind, "role": self.role.value,
                "rule": self.rule, "version": rule(self.rule).version, "why": self.why}


@dataclass(frozen=True)
class Classification:
    """Every mention of an instruction with its role; the kinds it targets."""

    text: str
    mentions: tuple[Mention, ...]

    @property
    def targets(self) -> list[str]:
        """The kinds targeted, in order of first mention, each once."""
        return list(dict.fromkeys(m.kind for m in self.mentions if m.role is Role.TARGET))

    def as_json(self) -> dict[str, Any]:
        """What ``riftsolve classify`` prints."""
        return {"text": self.text, "targets": self.targets,
                "mentions": [m.as_json() for m in self.mentions]}


#: Determiners that make a choice ("a battlefield", "another unit").
CHOOSING = frozenset({"a", "an", "one", "another"})

#: Zones that are not public: choosing from them is not targeting (355.10.a).
HIDDEN_ZONES = frozenset({"hand", "deck"})
_SEGMENT_ROLES = {
    Mode.COST: (Role.COST, "355.10.c.1", N_("part of a cost within the instruction")),
    Mode.ADDITIONAL_COST: (Role.COST, "355.10.c", N_("part of a cost")),
    Mode.TRIGGER: (Role.TRIGGER_CONDITION, "355.10.c", N_("part of a trigger condition")),
    Mode.REPLACEMENT: (Role.REPLACEMENT, "355.10.c", N_("part of a replacement effect")),
}


def classify(text: str, lang: str = "en") -> Classification:
    """Classify every mention of a templated instruction, written in English (see
    :mod:`rules.grammar`) or, with ``lang="fr"``, in French (:mod:`rules.grammar_fr`):
    the same roles and rules, the French words quoted as written.

    >>> [(m.words, m.role.value, m.rule) for m in classify(
    ...     "Éliminez une unité à un champ de bataille.", lang="fr").mentions]
    [('une unité', 'target', '355.10'), ('un champ de bataille', 'restriction', '355.10.b')]
    """
    if lang == "fr":
        from riftsolve.rules import grammar_fr

        return classify_instruction(grammar_fr.parse(text))
    if lang != "en":
        raise ValueError(_("unknown language {code} (known: {known})").format(
            code=repr(lang), known=", ".join(LANGUAGES)))
    return classify_instruction(parse(text))


#: Reminder text: a parenthesis (the innermost first, for one printed inside another).
_REMINDER = re.compile(r"[ \t]*\([^()]*\)")
#: A line of keywords only ("[Reaction]", "[Predict].", "[Assault 2]"): no instruction.
_KEYWORDS_ONLY = re.compile(r"^(?:\[[A-Za-z][A-Za-z ]*(?: \d+)?\]\s*)+\.?$")
#: The end of a sentence within a line.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\[A-Z])")


@dataclass(frozen=True)
class CardReading:
    """A card's whole text classified: its reminder text set aside, the mentions of every
    part the grammar reads, and each part it does not read with the words not understood."""

    classification: Classification
    #: (part of the text, why it is not read)
    unread: tuple[tuple[str, str], ...] = ()

    def as_json(self) -> dict[str, Any]:
        """What ``riftsolve classify --card`` prints of it."""
        return {**self.classification.as_json(),
                "not_read": [{"text": part, "why": why} for part, why in self.unread]}


def classify_card(text: str) -> CardReading:
    r"""Classify a card's printed text: reminder text and lines of keywords only are set
    aside, then the whole is read,
    or, where the grammar does not read it whole, each line, and each sentence of a line
    it does not read, on its own. A part read nowhere is listed with its reason, never
    guessed at.

    >>> reading = classify_card("[Reaction] (Play any time, even before spells resolve.)\n"
    ...                         "Counter a spell.")
    >>> [(m.words, m.role.value) for m in reading.classification.mentions], reading.unread
    ([('a spell', 'target')], ())
    >>> classify_card("Kill a unit. Flip a coin.").unread
    (('Flip a coin.', "words not understood: 'Flip', 'coin'"),)
    """
    bare, previous = text, None
    while previous != bare:
        previous, bare = bare, _REMINDER.sub("", bare)
    bare = "\n".join(line.strip() for line in bare.split("\n")
                     if line.strip() and not _KEYWORDS_ONLY.match(line.strip()))
    try:
        return CardReading(classify(bare))
    except GrammarError:
        pass
    mentions: list[Mention] = []
    unread: list[tuple[str, str]] = []
    offset = 0
    for line in bare.split("\n"):
        start = bare.index(line, offset)
        offset = start + len(line)
        parts = [(start, line)]
        try:
            classify(line)
        except GrammarError:
            parts = [(start + line.index(p), p) for p in _SENTENCE_END.split(line)]
        for at, part in parts:
            try:
                found = classify(part).mentions
            except GrammarError as err:
                unread.append((part, str(err)))
                continue
            mentions += [replace(m, start=m.start + at) for m in found]
    return CardReading(Classification(bare, tuple(mentions)), tuple(unread))


def classify_instruction(instruction: Instruction) -> Classification:
    """Classify the mentions of a parsed instruction."""
    phrases = list(instruction.phrases())
    mentions: list[Mention] = []
    segments = instruction.segments
    for index, segment in enumerate(segments):
        # "Choose a unit. The next time it would ...": a later replacement effect may refer
        # back to what this segment chooses (355.10.c)
        replaced = any(s.mode is Mode.REPLACEMENT for s in segments[index + 1:])
        for phrase in segment.phrases:
            role, rule_no, why = _role(phrase, segment, phrases, replaced)
            chosen_destination = (phrase.relation == "destination" and role is Role.RESTRICTION
                                   and phrase.determiner in CHOOSING)
            mentions.append(Mention(phrase.words, phrase.start, phrase.kind, role, rule_no,
                                    why, chosen_destination))
    return Classification(instruction.text, tuple(mentions))


def _zone_of(phrase: Phrase, phrases: list[Phrase]) -> Phrase | None:
    """The "from ..." zone qualifying ``phrase``, if any."""
    index = phrases.index(phrase)
    return next((p for p in phrases if p.relation == "zone" and p.head == index), None)


def _role(phrase: Phrase, segment: Segment, phrases: list[Phrase], replaced: bool
          ) -> tuple[Role, str, str]:
    if segment.mode in _SEGMENT_ROLES:
        role, number, why = _SEGMENT_ROLES[segment.mode]
        return role, number, _(why)
    if phrase.determiner == "self":
        return (Role.AUTOMATIC, "355.10.d",
                _("self-reference: the object itself, selected programmatically"))
    if phrase.relation == "zone":
        return Role.RESTRICTION, "355.10.b", _("only says where the chosen object is")
    if phrase.relation == "condition":
        return (Role.RESTRICTION, "355.10.b",
                _("only a condition the ability checks ('if you control ...'): nothing is chosen"))
    if phrase.relation == "channelled":
        return Role.AUTOMATIC, "430.1", _("the top runes of the rune deck: none is chosen")
    if phrase.relation == "top":
        return Role.AUTOMATIC, "355.10.d", _("the top cards of a deck: selected, none is chosen")
    if phrase.relation == "description":
        return (Role.RESTRICTION, "355.10.b",
                _("only what an object becomes ('it becomes a unit'): nothing is chosen"))
    if phrase.relation == "destination":
        return (Role.RESTRICTION, "355.10.b",
                _("only where the game action puts it (a destination is not a target, 355.4)"))
    if phrase.relation == "place":
        return _place_role(phrase, phrases)
    if phrase.determiner == "here":
        return Role.RESTRICTION, "355.10.b", _("'here' only restricts where the choice is")
    if phrase.determiner == "no":
        return Role.RESTRICTION, "355.10.b", _("only restricts which objects qualify")
    if phrase.relation == "qualifier":
        return (Role.RESTRICTION, "355.10.b",
                _("only describes which objects the other choice may take"))
    if phrase.relation == "subject":
        if phrase.determiner in SELECTING:  # "each player", "each opponent"
            return Role.AUTOMATIC, "355.10.d", _("selected by its characteristics, never chosen")
        return Role.AUTOMATIC, "355.10.d", _("determined from another object, never chosen")
    return _object_role(phrase, segment, phrases, replaced)


def _place_role(phrase: Phrase, phrases: list[Phrase]) -> tuple[Role, str, str]:
    head = phrases[phrase.head] if phrase.head is not None else None
    chooses = phrase.determiner in CHOOSING
    if chooses and head is not None and head.determiner in {*SELECTING, "bare"}:
        return (Role.TARGET, "355.10.b",
                _("the objects there are selected automatically, so the location is chosen"))
    if phrase.determiner in {"each", "every", "all", "bare"}:
        return Role.RESTRICTION, "355.10.b", _("a location restriction, no choice of location")
    return Role.RESTRICTION, "355.10.b", _("only a location restriction for another choice")


def _object_role(phrase: Phrase, segment: Segment, phrases: list[Phrase], replaced: bool
                 ) -> tuple[Role, str, str]:
    zone = _zone_of(phrase, phrases)
    if zone is not None and zone.kind in HIDDEN_ZONES:
        return (Role.RESOLUTION_CHOICE, "355.10.a",
                _("chosen in a non-public zone ({zone}), so not targeted").format(zone=zone.words))
    if phrase.determiner in {"its", "their", "his", "her"}:
        return Role.AUTOMATIC, "355.10.d", _("determined from another object, never chosen")
    if phrase.determiner in SELECTING or (phrase.determiner == "bare" and not phrase.among):
        return Role.AUTOMATIC, "355.10.d", _("selected by its characteristics, never chosen")
    if phrase.determiner == "your" and phrase.kind == "legend" and not phrase.plural:
        return (Role.RESOLUTION_CHOICE, "355.10.d",
                _("'your legend' offers no choice at finalization; one is selected on "
                "resolution"))
    if phrase.determiner in {"your", "the", "that", "this", "those", "these"}:
        return Role.AUTOMATIC, "355.10.d", _("named by reference, never chosen")
    if segment.mode is Mode.MUST:
        return Role.RESOLUTION_CHOICE, "355.10.f", _("a choice a player must make on resolution")
    if segment.mode is Mode.EACH_PLAYER:
        return (Role.RESOLUTION_CHOICE, "355.10.e",
                _("chosen wholly or partly by other players, on resolution"))
    if segment.mode is Mode.PICK:
        return Role.RESOLUTION_CHOICE, "355.17", _("an explicit 'pick', made on resolution")
    if phrase.among:
        return Role.TARGET, "355.14.a", _("each unit damage is split among is targeted")
    if phrase.determiner in {"up to", "any number of"}:
        return Role.TARGET, "355.13", _("chosen at finalization, including possibly none")
    if segment.mode is Mode.MAY:
        return Role.TARGET, "355.12", _("chosen whether or not the action is then taken")
    if zone is not None:
        return (Role.TARGET, "355.10.a.1",
                _("chosen in a public zone ({zone}), so targeted").format(zone=zone.words))
    if phrase.kind in {"spell", "ability"}:
        return (Role.TARGET, "355.9.a.2",
                _("a spell or ability on the Chain, chosen: only a finalized one, and never "
                "this spell or ability itself (355.9.c)"))
    if phrase.kind == "legend":
        if {"friendly", "enemy"} & set(phrase.qualifiers):
            return (Role.TARGET, "355.10.d.1",
                    _("chosen: in a 2v2 game there are two, so a choice is possible"))
        return Role.TARGET, "355.10.a.1", _("chosen in the Legend Zone, a public zone")
    if replaced:
        return (Role.TARGET, "355.10.c",
                _("chosen by the instruction, not only part of the replacement effect that "
                "refers to it"))
    if segment.verb == "choose":
        return Role.TARGET, "355.7", _("a specific object the card chooses to affect")
    return (Role.TARGET, "355.10",
            _("a mentioned object chosen to be affected, and no exception applies"))

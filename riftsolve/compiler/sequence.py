"""Card text with several choices, one after another, compiled into a joint choice.

The instructions of a card are read in order with the targeting grammar
(:mod:`riftsolve.rules.grammar`); each chosen object becomes a pick, each reference to an
earlier one ("there", "its location", "at a different location", "that enemy unit's
battlefield", "at its destination", "another", "with the same controller") a link, and
each verb a deed (:class:`~riftsolve.rules.effects.joint.JointChoice`):

>>> effect = compile_sequence("Crescent Strike", ["Choose a battlefield and an enemy "
...     "unit there.", "Deal 4 to that unit and 1 to each other enemy unit there."])
>>> [p.name for p in effect.picks], [(lk.pick, lk.link.value, lk.to) for lk in effect.links]
(['battlefield', 'enemy'], [('enemy', 'at', 'battlefield')])
>>> [(d.pick, d.action.value, d.amount, d.each) for d in effect.deeds]
[('enemy', 'deal', 4, False), ('battlefield', 'deal', 1, True)]

A pick is one object: a count of several ("two units", "any number of") belongs to a
group (:mod:`riftsolve.rules.families.group`) and is refused here, like every object
kind, filter or reference the sentence does not make plain.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from riftsolve.rules.board import BASE
from riftsolve.rules.effects import DECISION, EVENT, MIGHTY, Action, Link, Reach, Relation
from riftsolve.rules.effects.joint import Deed, JointChoice, Linked, Pick
from riftsolve.rules.grammar import (
    KINDS,
    TAGS,
    GrammarError,
    Instruction,
    Mode,
    Phrase,
    Segment,
    is_tag_choice,
    parse,
    tag_name,
)

#: Object kinds a pick may take.
_KINDS = ("unit", "gear", "battlefield", "location", "player", "rune", "spell", "ability",
          "legend", "card")
#: Zones a card is chosen from, and whether the zone is public (355.10.a.1: a card in a
#: public zone is targeted; one in a hand or deck is chosen on resolution, no target).
_ZONES = {"trash": True, "trashes": True, "hand": False, "deck": False}
#: Verbs whose outcome the engine models.
_ACTIONS = {"kill": Action.KILL, "stun": Action.STUN, "move": Action.MOVE}
#: Qualifiers of units the scenario does not state.
UNTRACKED = frozenset({"damaged",
                        "mighty", "token", "non-token", "facedown", "killed", "new", "chosen",
                        "open", "owner's", "owners'", "opponent's", "beginning",
                        "occupied", "revealed", "banished",
                        "marked", "non-unit", "non-dragon", "non-recruit",
                        "activated", "named", "returned"})
#: The states a pick may require of its object (a unit's or a rune's, legend's).
_STATES = ("exhausted", "ready", "stunned", "attacking", "defending", "buffed", "moved",
           "empowered", "equipped", "attached", "detached")
#: Verbs that act on cards or make tokens: not objects on the board.
NOT_BOARD = frozenset({"play", "draw", "discard", "recycle", "channel", "reveal", "pick"})
#: Of those, the verbs that choose cards in a zone (the others draw, channel or make).
_ZONE_VERBS = frozenset({"play", "discard", "recycle", "reveal", "banish", "return"})

#: A choice made otherwise than by the controller as the card is played, in words.
_CHOICE_MADE = {
    Mode.MUST: "a choice a player must make (355.10.f)",
    Mode.EACH_PLAYER: "a choice each player makes (355.10.e)",
    Mode.PICK: "a choice picked as it resolves",
    Mode.REPLACEMENT: "a choice in a replacement ('the next time ... instead')",
}


class SequenceError(ValueError):
    """A text the sequence compiler cannot read; the message says why."""

    def __init__(self, message: str, words: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.words = words


@dataclass
class _Reading:
    """What has been read so far."""

    picks: list[Pick] = field(default_factory=list)
    links: list[Linked] = field(default_factory=list)
    deeds: list[Deed] = field(default_factory=list)
    later: bool = False
    opponent: bool = False
    #: whether the instruction being read is under a condition the scenario does not
    #: state (its deeds are listed, their outcome not modelled)
    conditional: bool = False
    #: the sentences that replace what the instructions before do ("If I'm [Empowered],
    #: deal 2 instead."): said as outcomes not modelled
    replaced: list[str] = field(default_factory=list)
    #: the condition at the end of the sentence read ("if my Might is greater than ..."),
    #: set aside from its words
    trailing: str = ""
    #: who chooses in the segment being read, when other players do (see _CHOOSERS)
    each: str = ""
    #: whether the sentence's action is optional as a whole ("you may pay 2 to ...")
    optional_action: bool = False
    #: whether the chosen player revealed their hand ("They reveal their hand.")
    hand_shown: bool = False
    #: whether the reflexive trigger being read is optional ("Then you may do this:")
    reflexive_may: bool = False
    #: whether the top cards of a deck were revealed or looked at ("banish one")
    looked: bool = False
    #: whether the segment being read is a triggered ability's base cost (383.3.b)
    base_cost: bool = False
    #: the picks of a triggered ability whose "you may" was decided as it was finalized
    decided: list[str] = field(default_factory=list)
    #: whether the ability read so far is triggered by its source's own event ("When I
    #: move to a battlefield"): "that battlefield" is then the source's
    triggered: bool = False
    #: Whether a sentence chooses objects at all (one outside the grammar that chooses
    #: nothing is skipped: its outcome is not modelled).
    chooses: Callable[[str], bool] | None = None

    def named(self, base: str) -> str:
        taken = {p.name for p in self.picks}
        if base not in taken:
            return base
        return next(f"{base}{n}" for n in itertools.count(2) if f"{base}{n}" not in taken)

    def last(self, *kinds: str, before: int | None = None) -> Pick | None:
        pool = self.picks[:before] if before is not None else self.picks
        for pick in reversed(pool):
            if pick.kind in kinds:
                return pick
        return None

    def position(self, pick: Pick) -> int:
        """Where the pick named like ``pick`` stands (picks are replaced as they are
        narrowed: looked up by name)."""
        return next(i for i, p in enumerate(self.picks) if p.name == pick.name)

    def narrow(self, pick: Pick, **changes: Any) -> None:
        """Replace the pick named like ``pick`` with a copy carrying ``changes``."""
        at = self.position(pick)
        self.picks[at] = replace(self.picks[at], **changes)

    def do(self, deed: Deed) -> None:
        if deed not in self.deeds:
            self.deeds.append(deed)

    def link(self, pick: str, link: Link, to: str, via: str = "",
             specified: bool = False) -> None:
        linked = Linked(pick, link, to, via, specified)
        twin = replace(linked, specified=not specified)
        if linked in self.links or (specified and twin in self.links):
            return  # (a printed restriction stays one when a move's rule repeats it)
        if twin in self.links:
            self.links.remove(twin)  # the move's rule is printed after all
        self.links.append(linked)


def compile_sequence(name: str, sentences: list[str], *, hidden: bool = False,
                     repeat: bool = False, ignores_deflect: bool = False, text: str = "",
                     chooses: Callable[[str], bool] | None = None,
                     modes: list[list[str]] | None = None, modes_chosen: int = 1,
                     fresh: bool = False, delayed: bool = False) -> JointChoice:
    """The joint choice ``sentences`` state (see the module's documentation); a
    :class:`SequenceError` says why when they state none. ``chooses`` says whether a
    sentence chooses objects at all: one that does not, with words outside the grammar,
    is skipped. ``modes``: the sentences of each mode of a "Choose one -" after
    ``sentences``: a ``mode`` pick (chosen as the card is played, no target), and each
    mode's picks made only when it is chosen; ``fresh``: a mode not chosen before this
    turn."""
    reading = _Reading(chooses=chooses)
    unsaid: list[str] = []
    in_modes: list[tuple[int, str]] = []
    for sentence in sentences:
        before = (len(reading.picks), len(reading.deeds))
        _sentence(reading, sentence)
        if (len(reading.picks), len(reading.deeds)) == before and _acts(sentence) \
                and not re.search(r"(?::|\s\.)\s*$", sentence):  # (a cost; a keyword gone)
            unsaid.append(sentence.strip())  # ("Draw 1.": done, its outcome not modelled)
    if modes:
        reading.picks.append(Pick("mode", "mode", target=False, options=len(modes),
                                  modes_chosen=modes_chosen, fresh=fresh))
        for number, mode in enumerate(modes, 1):
            start = len(reading.picks)
            for sentence in mode:
                before = (len(reading.picks), len(reading.deeds))
                _sentence(reading, sentence)
                if (len(reading.picks), len(reading.deeds)) == before and _acts(sentence):
                    in_modes.append((number, sentence.strip()))  # (said when chosen)
            reading.picks[start:] = [replace(p, in_mode=number)
                                     for p in reading.picks[start:]]
    if not reading.picks:
        raise SequenceError("no choice of objects found")
    if reading.decided and any(not p.later and p.name not in reading.decided
                               for p in reading.picks):
        raise SequenceError("a triggered 'you may' with choices made now in later "
                            "instructions too (all or none) is not modelled yet")
    return JointChoice(
        name=name, text=text or " ".join(sentences), picks=tuple(reading.picks),
        links=tuple(reading.links), deeds=_unmodelled_fights(reading.deeds), hidden=hidden,
        repeat=repeat,
        ignores_deflect=ignores_deflect, slug=re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-"),
        delayed=delayed, unsaid=tuple(dict.fromkeys([*unsaid, *reading.replaced])),
        unsaid_modes=tuple(in_modes),
        destination=any(p.is_place and not p.target for p in reading.picks))


#: An instruction, by the verb it starts with ("Draw 1.", "Then channel 1 rune exhausted.").
def _acts(sentence: str) -> bool:
    """Whether ``sentence`` gives an instruction ("Draw 1.", "Their owners recycle them.",
    "This turn, that unit has "When I conquer, you may move me to my base."").

    >>> _acts("Their owners recycle them."), _acts("I have +1 Might.")
    (True, False)
    """
    return bool(_ACTING.match(sentence) or _ACTS.search(sentence))


#: An instruction's verb anywhere in a sentence (what it does when nothing is chosen).
_ACTS = re.compile(r"(?i)\b(?:draws?|channels?|gains?|scores?|recycles?|discards?|heals?|"
                   r"readies|readys?|exhausts?|counters?|returns?|banish(?:es)?|kills?|"
                   r"stuns?|deals?|moves?|attach(?:es)?|detach(?:es)?|(?:dis)?empowers?|"
                   r"gives?|buffs?|plays?|puts?|takes?|hides?|has \")")
_ACTING = re.compile(r"(?i)^(?:then,? )?(?:draw|channel|gain|score|recycle|discard|buff|heal|"
                     r"look|reveal|put|give|ready|exhaust|counter|play|return|banish|kill|"
                     r"stun|deal|move|attach|detach|add|take|spend)\b")


def _unmodelled_fights(deeds: list[Deed]) -> tuple[Deed, ...]:
    """The deeds, a fight after a Might change the outcome does not model ("Give a friendly
    unit +3 Might this turn. Then it and an enemy unit deal damage equal to their Mights to
    each other": the Mights are the changed ones) left unmodelled too: its damage is not
    claimed from the Mights on the board."""
    out: list[Deed] = []
    for deed in deeds:
        changed = any(d.action is Action.AFFECT and re.search(r"[+-]\d+ Might", d.label)
                      and d.pick in (deed.pick, deed.with_pick) for d in out)
        out.append(replace(deed, action=Action.AFFECT, label=(  # (the other unit read:
            # Ignored with it once it is illegal, 359.3.e.12)
            "deal damage equal to their Mights to each other (after that Might change: not "
            "modelled)")) if deed.action is Action.FIGHT and changed else deed)
    return tuple(out)


#: "a unit or rune", "units, gear, and/or runes": one choice over several kinds.
_EITHER = re.compile(r",? (?:and/)?or (?:an? )?(gears?|equipment|runes?|spells?|cards?|"
                     r"battlefields?|legends?|units?|abilit(?:y|ies))\b|, (gears?|runes?)\b")
#: "If <condition>, <instruction>": the condition, up to its comma.
_CONDITION = re.compile(r"^if [^,]+,\s*", re.IGNORECASE)
_THEN_DO = re.compile(r"^(?:then[^:]*?)?do this:\s*")
_IF_UNITS = re.compile(r"^if there are (\d+) or more units there, ")
_REVEAL_HAND = re.compile(r"^(?:then,? )?(?:they|that player) reveals? their hand(?:\.?$| and "
                          r"(?=you ))")
_OPPONENT = re.compile(r"^(?:then, )?choose an opponent\.?$")
_FIGHT = re.compile(r"^they deal damage equal to their mights to each other\.?$")
_CRESCENT = re.compile(r"deal (\d+) to (that \w+(?: \w+)?) and (\d+) to each other (enemy |"
                       r"friendly )?units? there")
_EXHAUSTED_REF = re.compile(r" to pay for this ability")


#: An instruction not performed ("If you paid my additional cost, you don't kill a unit
#: this way"): an exception to an earlier one, no choice of its own.
_NOT_DONE = re.compile(r"\b(?:you|they|players?) (?:don't|do not|doesn't|does not) [a-z]+ an? "
                       r"[a-z ]*?(?:unit|gear|card)s? this way\b")
#: "Then give enemy units there -2 Might this turn": every such unit at the battlefield
#: chosen before (read as "at that battlefield").
_UNITS_THERE = re.compile(r"(?i)\b(give|stun|kill|ready|exhaust|buff|deal \d+ to|and) ((?:all )?"
                          r"(?:other )?(?:enemy |friendly )?units) there\b")
#: "Move a friendly unit to or from its base": a destination set by where the unit is.
_TO_OR_FROM_BASE = re.compile(r"\bto or from (?:its|their|your) base\b")


def _sentence(reading: _Reading, sentence: str) -> None:
    reading.conditional = False
    reading.trailing = ""
    if reading.last("battlefield") is not None:  # ("give enemy units there -2 Might")
        sentence = _UNITS_THERE.sub(r"\1 \2 at that battlefield", sentence)
    low = sentence.lower().rstrip(".")
    if _NOT_DONE.search(low):
        return  # (an exception to the instruction before, whose choice it is)
    if _TO_OR_FROM_BASE.search(low):  # (Unforgiven: its base, or from it to a battlefield)
        before = len(reading.picks)
        _sentence(reading, re.sub(r"(?i) to or from (?:its|their|your) base\b", "", sentence))
        made = reading.picks[before:]
        units = [p for p in made if p.kind == "unit"]
        places = [p for p in made if p.kind == "location"]
        if len(units) != 1 or len(places) != 1:
            raise SequenceError(f"{sentence!r}: a move to or from the unit's base of more "
                                "than one unit is not modelled yet")
        reading.link(places[0].name, Link.BASE_SIDE, units[0].name)
        return
    triggered = _TRIGGER_START.match(low) is not None
    if re.match(r"^when (?:i|you play me to) (?:move|attack|defend|conquer|hold)?", low) \
            and re.search(r"\b(?:to|at) a battlefield\b", low.split(",")[0]):
        reading.triggered = True
    if _THEN_DO.match(low):
        condition = re.match(r"^then,? (if [^:]*?),? do this:", low)
        if condition is not None and reading.chooses is not None and reading.chooses(
                sentence[_THEN_DO.match(low).end():]):  # type: ignore[union-attr]
            raise SequenceError(f"{sentence!r}: a choice made only if {condition.group(1)!r} "
                                "holds as it resolves is not modelled yet")
        reading.later = True  # a reflexive trigger: its choices come later (355.5.b)
        # "Then you may do this: choose ...": done or not, its choices then or none
        reading.reflexive_may = " may " in f" {_THEN_DO.match(low).group(0)} "  # type: ignore[union-attr]
        sentence = sentence[_THEN_DO.match(low).end():]  # type: ignore[union-attr]
        low = sentence.lower().rstrip(".")
    if _OPPONENT.match(low):
        reading.picks.append(Pick(reading.named("opponent"), "player", Relation.ENEMY))
        reading.opponent = True
        return
    shown = _REVEAL_HAND.match(low)
    if shown:  # "They reveal their hand.": the chosen player's hand
        reading.hand_shown = True
        if shown.end() >= len(low):
            return
        sentence = sentence[shown.end():]  # "... and you choose a Mind card from it."
        low = sentence.lower().rstrip(".")
    if _FIGHT.match(low):
        units = [p for p in reading.picks if p.kind == "unit"][-2:]
        if len(units) != 2:
            raise SequenceError(f"{sentence!r}: who fights whom is not understood")
        reading.do(Deed(units[0].name, Action.FIGHT, with_pick=units[1].name))
        return
    inner = re.search(r", if [^,]+, ", sentence, re.IGNORECASE)
    if inner is not None:  # "At the end of your turn, if I'm at a battlefield, ready ..."
        # right after a trigger's condition, part of it (383.2.a.1): the effect is not
        # conditional once the ability triggered; elsewhere, a condition on the outcome
        reading.conditional = not (triggered and "," not in sentence[:inner.start()])
        sentence = sentence[:inner.start()] + ", " + sentence[inner.end():]
        low = sentence.lower().rstrip(".")
    trailing = re.search(r",? if\b[^,]*$", low)
    if trailing is not None and trailing.start() > 0 and not low.startswith("if "):
        # "Counter a spell if an opponent has played another spell this turn": the
        # condition chooses nothing; whether the instruction is followed is not modelled
        reading.conditional = True
        reading.trailing = sentence[trailing.start():].lstrip(", ").rstrip(".")
        sentence = sentence[:trailing.start()] + "."
        low = sentence.lower().rstrip(".")
    if_units = 0
    cond = _IF_UNITS.match(low)
    if cond:
        if_units = int(cond.group(1))
        sentence = sentence[cond.end():]
        low = sentence.lower()
    elif re.match(r"^if\b", low):
        if not _choosing(sentence):
            if re.search(r"\binstead\b", low):  # "If it's already stunned, return it
                # instead": what the instructions before do depends on the condition
                reading.deeds[:] = [replace(
                    d, action=Action.AFFECT, amount=0, amount_from="",
                    label=f"{d.label or d.action.verb(d.amount).removesuffix(' to')} (or, if "
                    "..., what replaces it)") for d in reading.deeds]
                reading.replaced.append(sentence.strip())  # (said as printed)
            if not _conditional_might(reading, low) and _MOVES_THEM.search(low) and \
                    reading.picks and not re.search(r"\binstead\b", low):
                # ("If at least one of them has [Temporary], move each to the other's
                # location": said, not done)
                done = sentence.split(",", 1)[-1].strip().rstrip(".")
                reading.do(Deed(reading.picks[-1].name, Action.AFFECT, label=(
                    f"if ..., {done} (a condition not checked here)")))
            return  # an outcome under a condition the scenario does not state: not modelled
        clause = _CONDITION.match(sentence)
        if clause is None:
            raise SequenceError(f"{sentence!r}: the condition is not understood")
        # its targets are chosen now all the same (355.5); whether the instruction is
        # followed is decided on resolution, by facts a scenario does not state
        reading.conditional = True
        sentence = sentence[clause.end():]
        low = sentence.lower()
    burned = _BURNED.match(sentence)
    if burned is not None:  # "When you burn a unit this way, do this: Give a friendly unit ..."
        before = len(reading.deeds)
        _sentence(reading, "Then do this: " + _BURNED_MIGHT.sub("", sentence[burned.end():]))
        reading.deeds[before:] = [replace(
            d, action=Action.AFFECT, amount=0, amount_from="",
            label=f"{d.label or d.action.value} (if a {burned.group(1)} is burned this way: "
                  "what is burned a scenario does not state)") for d in reading.deeds[before:]]
        return
    replayed = _OWNER_PLAYS.search(sentence)
    if replayed is not None:  # "Banish a friendly unit, then its owner plays it"
        _sentence(reading, sentence[:replayed.start()] + sentence[replayed.end():])
        _owner_plays(reading, sentence)
        return
    if re.match(r"^(?:then,? )?look at the top (?:\w+ cards|card) of (?:your|their) main "
                r"deck\b", low):
        reading.looked = True  # ("Look at the top 2 cards of your Main Deck.": none chosen)
    sentence = _EXHAUSTED_REF.sub("", sentence)
    sentence = re.sub(r"^once each turn, (?=when)", "", sentence, flags=re.IGNORECASE)
    try:
        instruction = parse(sentence)
    except GrammarError as error:
        if reading.chooses is not None and not reading.chooses(sentence):
            return  # words outside the grammar in a sentence that chooses nothing
        if not _choosing_besides_tokens(sentence) and _placed_tokens(reading, sentence):
            return  # ("play a 0 Might Shadow Clone unit token": the token's name unread)
        # a trigger's condition chooses nothing (355.10.c): words outside the grammar there
        # ("When I conquer a battlefield that was uncontrolled, ...") are not read
        condition = re.match(r"(?:when|whenever)\b[^,]*,\s*", sentence, re.IGNORECASE)
        try:
            if condition is None:
                raise error
            sentence = sentence[condition.end():]
            instruction = parse(sentence)
        except GrammarError:
            raise SequenceError(str(error), error.words) from None
    crescent = _CRESCENT.search(sentence.lower())
    # "you may pay 2 to stun a unit": a cost within the instruction (355.10.c.1), the
    # whole optional: its choices are made now, the action done or declined (355.12)
    reading.optional_action = any(seg.mode is Mode.COST and "may" in seg.subject.lower()
                                  for seg in instruction.segments)
    # a triggered ability's effect: a "you may" as its first part is decided as it is
    # finalized (383.3.a), and a cost within instructions at its beginning (after that
    # "you may") is its base cost, paid to finalize it (383.3.b, 204.3.a)
    first = effect_opening(instruction) if triggered else None
    may_first = first is not None and opens_with_may(first)
    if may_first:
        reading.optional_action = False  # (decided now, not on resolution)
    made_before = len(reading.picks)
    offset = 0
    for segment in instruction.segments:
        offset, start = offset + len(segment.phrases), offset
        reading.base_cost = first is not None and segment is first \
            and segment.mode is Mode.COST
        counted = _COUNTED.search(sentence.lower())
        if segment.mode is Mode.COST and counted and counted.group(1) == segment.verb:
            # paid: to finalize the ability (its base cost), else as it is followed
            _counted(reading, sentence, Mode.ADDITIONAL_COST if reading.base_cost else
                     Mode.COST, counted)
            continue
        players = _players(segment.mode, segment.subject)
        if players:
            reading.each = players  # other players' choices, on resolution (355.10.e-f)
        if segment.mode not in (Mode.ORDINARY, Mode.MAY, Mode.ADDITIONAL_COST, Mode.COST) \
                and not players:
            if segment.mode is not Mode.TRIGGER and any(_is_choice(p) for p in segment.phrases):
                raise SequenceError(f"{sentence!r}: {_CHOICE_MADE[segment.mode]} is not "
                                    "modelled yet")
            continue
        if segment.verb is None:
            continue
        _segment(reading, sentence, segment.verb, segment.mode, segment.subject,
                 _local(segment.phrases, start), if_units, crescent)
        reading.each = ""
    reading.base_cost = False
    if may_first:
        _decided_now(reading, sentence, made_before)


#: A Might change given to a unit chosen before: "give the friendly unit +2 [Might]".
_MIGHT_CHANGE = re.compile(r"\bgive (it|that unit|the (friendly|enemy) unit) ([+-]\d+) "
                           r"\[?might\]?")


#: "(from your trash) that costs no more Energy and no more Power than the killed unit".
_NO_COSTLIER = re.compile(r"(\s+from [a-z' ]+?)?\s+that costs no more energy and no more "
                          r"power than (?:the killed unit|that unit|it)\b")


#: Words after a card that say where it is, other than a hand: "a unit banished with
#: this", "a unit from among them", "a spell in your trash".
_ELSEWHERE = re.compile(r"\s+(?:that was |that were )?(?:banished|revealed|from|in|among|"
                        r"put|exiled)\b")


#: "deal that much (damage)": an amount paid or counted earlier ("Pay any amount of
#: [Universal] to deal that much damage", "if you assigned 5 or more excess damage, you may
#: deal that much"), which a scenario does not state: the damage is not modelled.
_THAT_MUCH = re.compile(r"\bdeals? that much\b")
_THAT_MUCH_LABEL = "deal that much damage (an amount the scenario does not state: not modelled)"


#: An outcome under a condition that moves, kills or damages the units chosen: said.
_MOVES_THEM = re.compile(r"\b(?:move|moves|kill|kills|deal|deals|return|returns|swap)\b")


def _conditional_might(reading: _Reading, low: str) -> bool:
    """Record a Might change under a condition the scenario does not state ("If you paid
    the additional cost, give the friendly unit +2 [Might] this turn") as an outcome not
    modelled, so that damage read from that unit's Might later (a fight) is not claimed
    from the Might on the board either."""
    change = _MIGHT_CHANGE.search(low)
    if change is None:
        return False
    units = [p for p in reading.picks if p.kind == "unit" and (
        change.group(2) is None or p.among.value == change.group(2))]
    if units:
        reading.do(Deed(units[-1].name, Action.AFFECT,
                        label=f"give {change.group(3)} Might this turn (if ...)"))
    return bool(units)


#: "When you burn a unit this way, do this: ...": a reflexive trigger (355.5.b) under a
#: condition on the card burned ([Burn 1]: the top card of a deck put into its trash).
_BURNED = re.compile(r"when you burn an? (\w+) this way, do this:\s*", re.IGNORECASE)
#: "... +[Might] equal to the burned card's Might": an amount read off that card.
_BURNED_MIGHT = re.compile(r"\s*equal to the burned card's \[?might\]?", re.IGNORECASE)


#: "..., then its owner plays it, ignoring its cost": the unit just banished played again.
_OWNER_PLAYS = re.compile(r",? then its owner plays it(?:, ignoring its cost)?(?=\.|$)",
                          re.IGNORECASE)


def _enters(reading: _Reading) -> None:
    """Where a unit played with no place said enters: its player's base or a battlefield
    they control, chosen as it is played, on resolution (355.2, 355.2.a); nothing when the
    unit or card chosen before is no longer chosen."""
    played = reading.last("unit", "card")
    # (a card chosen on resolution too, "you may play a unit" from a hand: its player's,
    # made together with it, none when none is played; else the owner of the object chosen
    # before, none when it is no longer chosen)
    together = played is not None and played.later
    where = Pick(reading.named("location"), "location", Relation.FRIENDLY, target=False,
                 later=True, own=True, optional=together,
                 chooser=played.chooser if played is not None and together else "owner")
    reading.picks.append(where)
    if played is not None and together:
        reading.link(where.name, Link.TOGETHER, played.name)
    reading.do(Deed(where.name, Action.AFFECT, label="where the unit played enters"))


def _owner_plays(reading: _Reading, sentence: str) -> None:
    """The unit banished before is played again by its owner: where it enters is chosen
    as it is played, on resolution, by that player (355.2: their base or a battlefield
    they control, 355.2.a); the unit's controller stands for its owner (a scenario states
    no other)."""
    unit = reading.last("unit")
    if unit is None or not re.search(r"\bbanish\b", sentence, re.IGNORECASE):
        raise SequenceError(f"{sentence!r}: what its owner plays is not understood")
    reading.do(Deed(unit.name, Action.AFFECT, label="banish, then its owner plays it"))
    _enters(reading)


def effect_opening(instruction: Instruction) -> Segment | None:
    """The first segment of an ability's effect: the first with a verb after its trigger's
    condition (whose own commas may make segments without one), if any."""
    return next((seg for seg in instruction.segments
                 if seg.mode is not Mode.TRIGGER and seg.verb is not None), None)


def opens_with_may(opening: Segment) -> bool:
    """Whether an effect's first segment is a "you may" (or a cost "you may" pay): for a
    triggered ability, decided as it is finalized (383.3.a)."""
    return opening.mode is Mode.MAY or (opening.mode is Mode.COST
                                        and "may" in opening.subject.lower().split())


#: The start of a triggered ability's sentence: its condition.
_TRIGGER_START = re.compile(r"^(?:when|whenever|once each turn|at (?:the )?(?:start|end|"
                            r"beginning) of)\b")


def _decided_now(reading: _Reading, sentence: str, made_before: int) -> None:
    """A triggered ability whose effect begins with "you may": performing it or not is
    decided as it is finalized (383.3.a); not performing removes it (383.3.a.2): its
    choices made now are all made or all none (``together``, an "up to" one only when
    done: ``if-done``), and nothing is declined on resolution."""
    made = reading.picks[made_before:]
    alike = {lk.pick for lk in reading.links if lk.link is Link.AFTER}
    now = [p for p in made if not p.later and p.name not in alike]
    # made whenever the ability is done: its targets and destinations, and its costs'
    # choices ("you may discard 1 to ..."); "up to" targets may stay empty even then
    done = [p for p in now if not p.target or not p.optional]
    free = [p for p in now if p not in done]
    if free and not done:  # ("you may exhaust me to ready up to 2 runes": done with none)
        decision = Pick(DECISION, "decision", target=False)
        reading.picks.insert(made_before, decision)
        made, done = [decision, *made], [decision]
    for pick in done[1:]:
        reading.link(pick.name, Link.TOGETHER, done[0].name)
    for pick in free if done else ():
        reading.link(pick.name, Link.IF_DONE, done[0].name)
    reading.picks[made_before:] = [
        replace(p, may=False, optional=p.optional or not p.later, trigger_may=not p.later)
        for p in made]
    reading.decided += [p.name for p in made]


#: Who chooses in "each player kills one of their units", "you must recycle one of your
#: runes": each player, each opponent, each other player, the defender (each opponent with
#: units at the source's battlefield, as it attacks there), or the controller on resolution.
_CHOOSERS = {"each player": "each", "each opponent": "each-opponent",
             "each other player": "each-other", "the defender": "each-defender",
             "you": "you-must"}


def _players(mode: Mode, subject: str) -> str:
    """Whose choice a segment made by other players (355.10.e) or that a player "must"
    complete (355.10.f) is: a chooser of :data:`_CHOOSERS`, or ``""``."""
    if mode not in (Mode.EACH_PLAYER, Mode.MUST):
        return ""
    said = re.sub(r"\b(may|must)\b", "", subject.lower())
    said = " ".join(said.replace("starting with the next player,", "").split())
    return _CHOOSERS.get(said, "")


def _local(phrases: tuple[Phrase, ...], start: int) -> tuple[Phrase, ...]:
    """A segment's phrases with the phrase each place or zone qualifies (``head``, an
    index in the whole sentence) counted within the segment."""
    return tuple(replace(p, head=p.head - start) if p.head is not None else p
                 for p in phrases)


#: "From a battlefield", "from here": where a chosen object is taken from.
_FROM = {"a battlefield": Reach.BATTLEFIELD, "here": Reach.HERE}


def _relation(word: str | None) -> Relation:
    word = (word or "").strip()
    return {"enemy": Relation.ENEMY, "friendly": Relation.FRIENDLY}.get(word, Relation.ANY)


def _inside_place(sentence: str, phrase: Phrase) -> bool:
    """Whether an object phrase only describes a place ("a location where there's a unit
    with the same controller", "the location of the unit you exhausted"): no choice."""
    before = sentence[:phrase.start].lower()
    return before.endswith(("where there's ", "where there is ", "the location of "))


def _choosing_besides_tokens(sentence: str) -> bool:
    """Whether a sentence names a chosen object other than unit tokens it plays."""
    rest = _UNIT_TOKENS.sub("", sentence.lower())
    return re.search(r"\b(?:a|an|another|up to \w+|two|three) [a-z ]*?(?:units?|gears?|"
                     r"cards?|runes?|battlefields?|spells?)\b", rest) is not None


def _choosing(sentence: str) -> bool:
    try:
        return any(_is_choice(p) for p in parse(sentence).phrases())
    except GrammarError:
        return True


def _is_choice(phrase: Phrase) -> bool:
    return phrase.relation == "object" and (
        phrase.determiner in ("a", "an", "one", "another", "up to", "any number of", "two",
                              "three", "four", "five", "six") or phrase.words.lower().startswith(
                                  "a different"))


def _segment(reading: _Reading, sentence: str, verb: str, mode: Mode, subject: str,
             phrases: tuple[Phrase, ...], if_units: int, crescent: re.Match[str] | None
             ) -> None:
    low = sentence.lower()
    if verb in ("reveal", "look") and any(p.relation == "top" for p in phrases):
        # "reveal the top 2 cards of your Main Deck": nothing chosen, cards looked at
        reading.looked = True
        phrases = tuple(p for p in phrases if p.relation != "top")
    one = re.search(rf"\b{verb} one\b(?! of)", low) if reading.looked else None
    if one is not None and not any(_is_choice(p) for p in phrases):
        # "You may banish one, then play it": one of the cards looked at, chosen on
        # resolution (no target: not a public zone, 355.10.a)
        pick = _card_pick(reading, sentence, None, mode, "revealed", "your")
        reading.do(Deed(pick.name, Action.AFFECT, label=verb))
        return
    if verb == "draw" and (reading.looked or re.search(r"\bthe top \w+ cards\b", low)) and \
            re.search(r"\bdraw (?:1|one)\b", low):
        # "Look at the top 2 cards of your Main Deck, draw 1 and recycle the other": which
        # of the cards looked at is drawn, chosen on resolution (355.10.a)
        pick = _card_pick(reading, sentence, None, mode, "revealed", "your")
        reading.do(Deed(pick.name, Action.AFFECT, label="draw"))
        return
    itself = _SELF_MOVE.search(low)
    if verb == "move" and itself is not None:
        # "Move me to an occupied enemy battlefield if my Might is greater than ...": the
        # source's destination, chosen now (355.4, no target); the move is its outcome
        destination = _destination(reading, "battlefield", "", reading.later,
                                   words=itself.group(1))
        destination = replace(destination, away=True)  # (elsewhere than it is, 355.4.a)
        reading.picks.append(destination)
        condition = f" {reading.trailing} (a condition checked as it resolves)" \
            if reading.trailing else ""
        reading.do(Deed(destination.name, Action.AFFECT, label=f"move me there{condition}"))
        return
    paid = _COST_VERB.search(low)
    if mode is Mode.ADDITIONAL_COST and verb == "play" and paid is not None:
        verb = paid.group(1)  # "as an additional cost to play me, kill a friendly unit"
    counted = _COUNTED.search(low)
    if mode is Mode.ADDITIONAL_COST and counted and verb in (counted.group(1), "play"):
        # cards discarded or recycled to pay: chosen as the cost is paid (355.10.c)
        _counted(reading, sentence, mode, counted)
        return
    if verb in ("draw", "channel"):
        return  # the top cards or runes: nothing chosen
    if verb == "discard" and reading.each and counted:
        # "each player discards 1": each chooses a card of their own hand (355.10.e)
        first = Pick(reading.named("card"), "card", Relation.FRIENDLY, zone="hand",
                     target=False, later=True, own=True,
                     chooser="you" if reading.each == "you-must" else reading.each)
        if _number(counted.group(2)) > 1:
            raise SequenceError(f"{sentence!r}: other players' choice of several cards is "
                                "not modelled yet")
        reading.picks.append(first)
        for pick in _alike(reading, first, 1):
            reading.do(Deed(pick.name, Action.AFFECT, label="discard"))
        return
    # "Choose an opponent. They play a 1 Might Bird unit token": that player places it
    placer = "opponent" if reading.last("player") is not None and (
        subject.lower() in ("they", "then they")
        or low.startswith(("they ", "then they "))) else "you"
    if verb == "play" and _token_play(reading, sentence, phrases, placer):
        return
    zoned = {p.head for p in phrases if p.relation == "zone" and p.head is not None
             and p.kind in _ZONES}
    revealed = "from among them" in low
    shown = reading.hand_shown and re.search(r"\b(?:from it|from their hand|revealed this "
                                             r"way)\b", low) is not None
    if shown:  # a card of the hand the chosen player revealed, chosen now it is shown
        revealed = True
    zoned |= {i for i, p in enumerate(phrases) if _FROM_HAND.match(
        low[p.start + len(p.words):])}
    zoned |= {i for i, p in enumerate(phrases) if _FROM_TRASH.match(
        low[p.start + len(p.words):])}
    in_zone = [i for i, p in enumerate(phrases) if _is_choice(p) and (
        i in zoned or revealed or (verb in ("discard", "play") and not zoned and KINDS.get(
            p.kind, p.kind) in ("card", "unit", "gear", "spell") and not _ELSEWHERE.match(
                low[p.start + len(p.words):])))]  # ("play a unit": from the hand, where a
    # card is played from unless its text says otherwise)
    if counted and counted.group(1) == verb and not any(
            _is_choice(p) and not re.search(r"\bdraw\s+$", low[:p.start])
            for p in phrases):  # (the cards drawn: no choice; the runes channelled are not
            # objects chosen, their relation says so)
        # ("Choose a player. They discard 1.": that player's own card, their choice)
        _counted(reading, sentence, mode, counted, placer)
        return
    runes = verb == "recycle" and all(KINDS.get(p.kind, p.kind) == "rune" for p in phrases
                                      if _is_choice(p))  # runes on the board, recycled
    if verb in NOT_BOARD and not runes and (verb not in _ZONE_VERBS or any(
            _is_choice(p) and i not in in_zone for i, p in enumerate(phrases))) and any(
                _is_choice(p) for p in phrases):
        raise SequenceError(f"{sentence!r}: '{verb}' picks cards or makes tokens, not objects "
                            "on the board: not modelled yet")
    theirs = reading.opponent and (subject.lower() in ("they", "then they")
                                   or low.startswith(("they ", "then they ")))
    acted: list[tuple[Pick, Phrase]] = []
    made: dict[int, Pick] = {}
    sweeps: dict[int, Relation] = {}  # "all enemy units at a battlefield": the battlefield
    for index, phrase in enumerate(phrases):
        if phrase.relation != "object" or _inside_place(sentence, phrase):
            continue
        if phrase.determiner in ("all", "each", "every", "bare") and KINDS.get(
                phrase.kind, phrase.kind) == "unit" and any(
                    p.relation == "place" and p.head == index
                    and (p.words.lower() == "a battlefield" or (
                        p.words.lower() == "that battlefield"
                        and reading.last("battlefield") is not None)) for p in phrases):
            qualifiers = [q.lower() for q in phrase.qualifiers]
            sweeps[index] = (Relation.ENEMY if "enemy" in qualifiers else Relation.FRIENDLY
                             if "friendly" in qualifiers else Relation.ANY)
            continue
        if _is_choice(phrase) and index in in_zone:
            zone = next((p for p in phrases if p.relation == "zone" and p.head == index),
                        None) or next((p for p in phrases[index + 1:] if p.relation == "zone"),
                                      None)
            trash = _FROM_TRASH.match(low[phrase.start + len(phrase.words):])
            where = ("hand" if shown else "revealed" if revealed else
                     zone.kind if zone is not None else "trash" if trash else "hand")
            owner = ("their" if shown else zone.words.lower().split()[0] if zone is not None
                     else trash.group(1) if trash else "your")
            if owner in ("hand", "trash"):
                owner = "your"  # ("play a unit from hand": the player's own)
            # ("Recycle a unit from your trash" targets it, 355.9.a; "recycle 3 from your
            # trash", with no noun, does not, 416.6: see _counted)
            pick = _card_pick(reading, sentence, phrase, mode, where, owner,
                              now=mode is Mode.ADDITIONAL_COST or reading.base_cost)
            made[index] = pick
            acted.append((pick, phrase))
        elif _is_choice(phrase):
            pick = _new_pick(reading, sentence, phrase, mode, theirs, verb)
            made[index] = pick
            acted.append((pick, phrase))
        elif (phrase.determiner in ("that", "the") or _your_unit(reading, phrase) or (
                phrase.words.lower() == "those units" and _chosen_by_each(reading))) and \
                KINDS.get(phrase.kind, phrase.kind) in _KINDS and not low[
                    :phrase.start].endswith(("than ", "equal to ")):  # ("less Might than the
            # chosen unit", "damage equal to that unit's Shield": read, not acted on)
            found = _referenced(reading, phrase)
            if found is None:
                raise SequenceError(f"{sentence!r}: {phrase.words!r} refers to no earlier "
                                    "choice")
            acted.append((found, phrase))
        elif (phrase.determiner == "here" or phrase.words.lower() == "here") and made:
            reading.narrow(list(made.values())[-1], reach=Reach.HERE)  # "an enemy unit here"
        elif phrase.determiner == "each" and crescent is None and not low[
                :phrase.start].endswith("for "):  # ("+2 Might for each enemy unit": a count)
            raise SequenceError(f"{sentence!r}: {phrase.words!r} is not modelled yet")
    swept: list[tuple[Pick, Relation, int]] = []
    for phrase in phrases:
        if phrase.relation == "zone" and phrase.words.lower() in _FROM and made:
            # "from a battlefield", "from here": where the object is taken from
            reading.narrow(list(made.values())[-1], reach=_FROM[phrase.words.lower()])
            continue
        if phrase.relation != "place" or (phrase.kind == "trash" and made):
            continue  # (not a place: "a unit in your trash" is a card in a zone)
        chosen_there = reading.last("battlefield")
        if phrase.head in sweeps and phrase.words.lower() == "that battlefield" and \
                chosen_there is not None:  # ("Choose ... a battlefield. Move all ... there")
            swept.append((chosen_there, sweeps[phrase.head], phrases[phrase.head].start))
            continue
        if phrase.head in sweeps:  # 355.10.b: the battlefield is the target
            place = Pick(reading.named("battlefield"), "battlefield", may=mode is Mode.MAY,
                         later=reading.later)
            reading.picks.append(place)
            swept.append((place, sweeps[phrase.head], phrases[phrase.head].start))
            continue
        head = made.get(phrase.head if phrase.head is not None else -1) or (
            list(made.values())[-1] if made else None)
        _place(reading, sentence, phrase, head)
    for pick in made.values():
        _there(reading, sentence, pick)
    for index, pick in made.items():  # several alike, once the first is narrowed
        count, upto = _how_many(sentence, phrases[index])
        now = reading.picks[reading.position(pick)]
        # "you may exhaust three friendly units": all three or none
        acted += [(p, phrases[index]) for p in _alike(reading, now, count,
                                                      together=now.optional and not upto)[1:]]
    destinations = [p for p in phrases if p.relation == "destination"]
    pronoun = re.search(rf"\b{verb} it\b", low) if verb in (*_ACTIONS, "move") else None
    if not acted and pronoun is not None and not any(_is_choice(p) for p in phrases):
        # "Buff a friendly unit in your base, then move it to a battlefield": the unit
        # chosen just before, in this sentence
        referent = reading.last("unit", "gear")
        if referent is None or reading.position(referent) < len(reading.picks) - 1:
            raise SequenceError(f"{sentence!r}: what 'it' is is not understood")
        it = Phrase("it", pronoun.start() + len(verb) + 1, referent.kind, "that", "object")
        acted.append((referent, it))
    _deeds(reading, sentence, verb, acted, destinations, if_units, crescent)
    for place, among, start in swept:
        _sweep(reading, sentence, verb, place, among, start)


#: "a card with [Hidden] from your hand" (a zone the grammar reads as the keyword's).
_FROM_HAND = re.compile(r" with [a-z]+ from your hand\b")
#: "a unit from your trash", "a card from any trash" (the zone phrase the grammar may not
#: make): whose trash.
_FROM_TRASH = re.compile(r"(?:,? (?:and/)?or (?:an? )?[a-z]+)?(?: with [a-z]+)?(?: with energy "
                         r"cost \d+ or (?:less|more)(?: and power cost \d+ or less)?)? "
                         r"(?:from|in) (your|a|an|any|their|its|opponents') trash(?:es)?\b")


def _sweep(reading: _Reading, sentence: str, verb: str, place: Pick, among: Relation,
           start: int = 0) -> None:
    """What a verb does to every unit of a kind at a chosen battlefield (its words from
    ``start``)."""
    found = re.search(r"\bdeals? (\d+)", sentence.lower())
    equal = re.search(r"\bdeals? damage equal to its might\b", sentence.lower())
    if verb == "deal" and found is None and equal is not None:
        # "Deal damage equal to its Might to all enemy units at a battlefield": the Might of
        # the unit chosen just before, read as the instruction executes (359.3.f.2)
        unit = reading.last("unit")
        if unit is None:
            raise SequenceError(f"{sentence!r}: whose Might is not understood")
        reading.do(Deed(place.name, Action.DEAL, each=True, among=among,
                        amount_from=unit.name))
        return
    if verb == "deal" and found is None and _THAT_MUCH.search(sentence.lower()):
        reading.do(Deed(place.name, Action.AFFECT, each=True, among=among,
                        label=_THAT_MUCH_LABEL))
        return
    if verb == "deal" and found is None:
        raise SequenceError(f"{sentence!r}: how much damage is not understood")
    action = (Action.DEAL if verb == "deal" else _ACTIONS.get(verb, Action.AFFECT))
    if action is Action.MOVE and re.search(r"\bto their bases?\b", sentence.lower()):
        # "move all enemy units at that battlefield (with less Might than ...) to their
        # base": what it does there is recorded on the battlefield, not unit by unit
        said = re.search(r"\bmove (all [^.]*?) to their bases?\b", sentence.lower())
        which = said.group(1) if said else "them"
        # ("with less Might than the chosen unit": that unit's Might is read, 359.3.e.12)
        compared = reading.last("unit") if re.search(
            r"\bthan (?:the chosen unit|that unit|it)\b", which) else None
        reading.do(Deed(place.name, Action.AFFECT, label=f"move {which} to their base",
                        with_pick=compared.name if compared is not None else ""))
        return
    if action is Action.MOVE:
        raise SequenceError(f"{sentence!r}: moving every unit at a battlefield is not "
                            "modelled yet")
    reading.do(Deed(place.name, action, int(found.group(1)) if found else 0, each=True,
                    among=among, label="" if action is not Action.AFFECT else _label(
                        sentence, verb, start)))


def _new_pick(reading: _Reading, sentence: str, phrase: Phrase, mode: Mode, theirs: bool,
              verb: str = "") -> Pick:
    words = phrase.words.lower()
    kind = KINDS.get(phrase.kind, phrase.kind)
    if kind == "buff" and verb == "spend" and words in ("a buff", "up to one buff"):
        # a buff spent is one of a unit its player controls (702.2.b.2): that unit is
        # chosen, never targeted (355.10.c.1: the cost's buff, not a target)
        return _spent_buff(reading, sentence, mode)
    if kind not in _KINDS:
        raise SequenceError(f"{sentence!r}: chooses a {kind}: a choice of objects other "
                            "than units, gear, battlefields, locations, players, runes, "
                            "spells, abilities, legends and cards is not modelled yet")
    _how_many(sentence, phrase)  # (refuses a count it can't read)
    qualifiers = [q.lower() for q in phrase.qualifiers]
    untracked = [q for q in qualifiers if q in UNTRACKED and not (
        q == "mighty" and kind == "unit") and q != "non-dragon"]  # ("mighty": Might, 708)
    if untracked:
        raise SequenceError(f"{phrase.words!r}: the filter {untracked[0]!r} is not modelled "
                            "(the scenario format does not state it)", tuple(untracked))
    after = sentence[phrase.start + len(phrase.words):].lower()
    costs = _COSTS.match(after)  # "a gear with energy cost 4 or less" (the compiler's words)
    weaker = _WEAKER.match(after)  # "an enemy unit here with less Might than me / it"
    moved = _MOVED.match(after)  # "an enemy unit that moved this turn"
    keyed = _KEYED.match(after)  # "a friendly gear with [Deploy]"
    my_might = _WITHIN_MY_MIGHT.match(after)  # "a gear with Energy cost no more than my Might"
    # the words after the condition read (the first that matched), then its clause
    read = next((m.end() for m in (costs, weaker, moved, keyed, my_might) if m), 0)
    clause = re.split(r"[,.;]| and | then ", after[read:])[0]
    cap = re.search(r"\bwith (\d+) might or less\b", clause)
    relative = re.match(r"\s+(?:(?:here|there|at a battlefield|in a base|you control)\s+)?"
                        r"(?:that|who|which)\b", clause)
    if cap is None and (relative or re.search(r"\bwith\b", clause)) and not re.search(
            r"\bwith the same controller\b", clause):
        raise SequenceError(f"{sentence!r}: the condition on {phrase.words!r} is not "
                            "modelled yet")
    if re.match(r"one of (?:its|their|his|her)\b", words) and not reading.each:
        raise SequenceError(f"{sentence!r}: {phrase.words!r} (another object's) is not "
                            "modelled yet")
    # "an exhausted unit", "a stunned enemy unit", "an enemy unit attacking here"
    states = [q for q in qualifiers if q in _STATES]
    states += re.findall(r"^\s+(attacking|defending)\b", after)
    states += ["moved"] if moved else []
    if len(states) > 1 or (states and kind not in ("unit", "gear", "rune", "legend")) or (
            set(states) - {"exhausted", "ready", "attached", "detached"} and kind != "unit") or (
            set(states) & {"attached", "detached"} and kind != "gear"):
        raise SequenceError(f"{sentence!r}: {phrase.words!r}: the states "
                            f"{', '.join(states)} together are not modelled yet")
    if re.match(r",\s+(?:units?|gears?|legends?|runes?|cards?|spells?)\b,", after):
        raise SequenceError(f"{sentence!r}: a choice of {phrase.words!r} or several other kinds "
                            "of object is not modelled yet")
    either = _EITHER.match(after)
    also = _also(kind, either)
    if either and not also:
        raise SequenceError(f"{sentence!r}: chooses a {kind} or {either.group(1)}: one "
                            "choice over several kinds of object is not modelled yet")
    controls = re.match(r"\s+(?:here\s+)?(you|they) control\b", after)
    # "a unit you control", "your": the controller's own (a teammate's is friendly, not
    # controlled by you, 740.1.a)
    yours = (controls is not None and (controls.group(1) == "you" or theirs)) or \
        "your" in words.split()  # ("they move a unit they control": the chooser's own)
    if controls is not None and controls.group(1) == "they" and not theirs \
            and not reading.each:
        raise SequenceError(f"{sentence!r}: {phrase.words!r} another player controls is "
                            "not modelled yet")
    among = (Relation.FRIENDLY if "friendly" in qualifiers or controls else
             Relation.ENEMY if "enemy" in qualifiers or re.match(r"\s+an opponent controls",
                                                                  after)
             or (kind == "player" and "opponent" in words) else Relation.ANY)
    equipment = "equipment" in words.split()
    other = words.split()[0] in ("another",) or "other" in qualifiers or "different" in \
        qualifiers or re.search(r"\b[a-z]+ me and $", sentence[:phrase.start].lower()) \
        is not None  # ("exhaust me and three friendly units": three others)
    by_kind = {"battlefield": "battlefield", "location": "destination", "player": "opponent",
               "gear": "equipment" if equipment else "gear", "rune": "rune",
               "spell": "spell", "ability": "ability", "legend": "legend", "card": "card"}
    base = "their_unit" if theirs else by_kind.get(
        kind, {Relation.ENEMY: "enemy", Relation.FRIENDLY: "friendly"}.get(among, "unit"))
    if reading.each:
        return _each_pick(reading, sentence, phrase, mode, kind)
    if kind == "card":
        raise SequenceError(f"{sentence!r}: {phrase.words!r}: which zone the card is in is "
                            "not understood")
    costly = mode in (Mode.ADDITIONAL_COST, Mode.COST)
    paid = _COST_VERB.search(sentence.lower()) if costly else None
    if costly and paid is None:
        raise SequenceError(f"{sentence!r}: what the cost does to its choice is not "
                            "understood")
    exhausts = costly and paid is not None and paid.group(1) == "exhaust"
    # a cost within an instruction ("you may kill a unit you control here to draw 1") is
    # paid, and its object chosen, as the instruction is followed (355.10.c.1)
    within = mode is Mode.COST and not reading.base_cost
    if costly and "you may" in sentence.lower():
        words = "up to one " + words  # an optional cost: paid or not
    previous = reading.last(kind) if kind in ("unit", "gear") else None
    pick = Pick(
        name=reading.named(base), kind=kind, among=among,
        optional=words.startswith("up to") or reading.reflexive_may,
        may=(mode is Mode.MAY or reading.optional_action) and not costly,
        tags=("Equipment",) if equipment else tuple(
            tag_name(q) for q in qualifiers if q not in ("friendly", "enemy", "other",
                                                              "different", "same", "mighty",
                                                              *_STATES)
            and not is_tag_choice(q) and not q.startswith("non-")),
        tags_any=_tags_any(qualifiers),
        tags_none=tuple(tag_name(q[4:]) for q in qualifiers if q.startswith("non-")
                        and q[4:] in TAGS),
        other=other and previous is None, target=not costly and not theirs,
        later=reading.later or theirs or within, chooser="opponent" if theirs else "you",
        exhausts=exhausts,
        occupied=kind == "battlefield" and re.match(r"\s+where you have units", after) is not None,
        state=states[0] if states else "", own=yours,
        might_at_most=int(cap.group(1)) if cap else None, also=also,
        might_at_least=MIGHTY if "mighty" in qualifiers else None,
        keyword=keyed.group(1).capitalize() if keyed else "",
        energy_within_source_might=my_might is not None)
    pick = _with_costs(pick, costs)
    stronger = None
    if weaker is not None and weaker.group(1) == "me":
        pick = replace(pick, weaker_than_source=True)
    elif weaker is not None:
        stronger = reading.last("unit")
        if stronger is None:
            raise SequenceError(f"{sentence!r}: less Might than what is not understood")
    reading.picks.append(pick)
    if equipment and re.match(r"\s+from (?:it|them)\b", after):
        # "detach an Equipment from it": one attached to that unit, the equipped unit
        # chosen before (or the only unit chosen before); any other reading is refused
        units = [p for p in reading.picks[:-1] if p.kind == "unit"]
        bearers = [p for p in units if p.state == "equipped"] or units
        if len(bearers) != 1:
            raise SequenceError(f"{sentence!r}: which unit 'it' is is not understood")
        reading.link(pick.name, Link.ON, bearers[0].name)
    if stronger is not None:
        reading.link(pick.name, Link.WEAKER, stronger.name)
    if other and previous is not None:
        reading.link(pick.name, Link.OTHER, previous.name)
    if "same controller" in sentence.lower() and len(reading.picks) > 1 and kind in (
            "unit", "gear"):
        first = reading.last("unit", "gear", before=len(reading.picks) - 1)
        if first is not None and "location where there's" not in sentence.lower():
            reading.link(pick.name, Link.SAME_CONTROLLER, first.name)
    return pick


#: "A card with [Hidden]", "a gear with [Deploy]" (the compiler's words): its keyword.
_KEYED = re.compile(r"\s+with (hidden|deploy|ganking|ambush|accelerate|temporary|tank|"
                    r"backline)\b")
#: "A gear with Energy cost no more than my Might": against the source's Might.
_WITHIN_MY_MIGHT = re.compile(r"\s+with energy cost no more than my might\b")
#: "An enemy unit that moved this turn": a unit whose ``moved`` flag is set.
_MOVED = re.compile(r"\s+that moved this turn\b")


def _tags_any(qualifiers: list[str]) -> tuple[str, ...]:
    """The tags of "a Bird, Cat, Dog, or Poro" (read as ``bird-or-cat-or-dog-or-poro``):
    one of them at least (355.9.b)."""
    chosen = [q for q in qualifiers if is_tag_choice(q)]
    if len(chosen) > 1:
        raise SequenceError(f"{' and '.join(chosen)}: several choices of tags at once are "
                            "not modelled yet")
    return tuple(tag_name(tag) for tag in chosen[0].split("-or-")) if chosen else ()


def _spent_buff(reading: _Reading, sentence: str, mode: Mode) -> Pick:
    """"Spend a buff": the buffed unit of the controller's whose buff is spent, chosen as
    the cost is paid (an additional cost: now; within an instruction: on resolution),
    none if the player declines ("you may")."""
    if mode not in (Mode.ADDITIONAL_COST, Mode.COST):
        raise SequenceError(f"{sentence!r}: a buff spent other than as a cost is not "
                            "modelled yet")
    pick = Pick(reading.named("buffed"), "unit", Relation.FRIENDLY, state="buffed", own=True,
                optional="you may" in sentence.lower(), target=False,
                later=reading.later or (mode is Mode.COST and not reading.base_cost))
    reading.picks.append(pick)
    return pick


def _each_pick(reading: _Reading, sentence: str, phrase: Phrase, mode: Mode, kind: str
               ) -> Pick:
    """One object each player (or each opponent, or the controller who "must") chooses
    on resolution, of their own ("one of their units", "a unit they control"): no target
    (355.10.e-f); "may": they may choose none."""
    words = phrase.words.lower()
    after = sentence[phrase.start + len(phrase.words):].lower()
    own = "their" in words.split() or "your" in words.split() or re.match(
        r"\s+(?:here\s+)?they control\b", after) is not None
    # "each other player chooses a unit you don't control that hasn't been chosen for this
    # spell": a unit the spell's controller does not control, a different one each
    not_yours = reading.each in ("each-other", "each-opponent") and not phrase.qualifiers \
        and re.match(r"\s+you don't control(?: that hasn't been chosen for this "
                     r"(?:spell|ability))?[,.]", after) is not None
    if not own and not not_yours and kind in ("unit", "gear") and (
            phrase.qualifiers or reading.each == "you-must" or re.match(r"\s+(?:you|they) "
                                                                    r"(?:don't )?control",
                                                                    after)):
        raise SequenceError(f"{sentence!r}: other players' choice of {phrase.words!r} "
                            "(not their own) is not modelled yet")
    if kind not in ("unit", "gear", "rune"):
        raise SequenceError(f"{sentence!r}: other players' choice of a {kind} is not "
                            "modelled yet")
    if _how_many(sentence, phrase)[0] > 1 or re.match(r",? (?:and )?\d", after):
        raise SequenceError(f"{sentence!r}: other players' choice of several objects "
                            f"({phrase.words!r}) is not modelled yet")
    qualifiers = [q.lower() for q in phrase.qualifiers]
    if [q for q in qualifiers if q in UNTRACKED]:
        raise SequenceError(f"{phrase.words!r}: the filter is not modelled yet")
    pick = Pick(
        name=reading.named(kind if kind != "unit" else "their_unit"), kind=kind,
        among=Relation.FRIENDLY if own else Relation.ANY,
        reach=Reach.HERE if re.match(r"\s+here\b", after) else Reach.BOARD,
        optional=mode is Mode.EACH_PLAYER and " may " in f" {sentence.lower()} ",
        target=False, later=True, own=own, not_yours=not_yours,
        chooser="you" if reading.each == "you-must" else reading.each)
    reading.picks.append(pick)
    return pick


def _also(kind: str, either: re.Match[str] | None) -> str:
    """The second kind of "a unit or gear" (a unit pick that may take a gear), else ``""``
    (other pairs of kinds are refused)."""
    if either is None:
        return ""
    other = (either.group(1) or either.group(2) or "").rstrip("s")
    return other if {kind, other} == {"unit", "gear"} else ""


def _how_many(sentence: str, phrase: Phrase | None) -> tuple[int, bool]:
    """How many objects a phrase chooses, and whether "up to" that many (355.13)."""
    if phrase is None:
        return 1, False
    words = phrase.words.lower().split()
    upto = words[:2] == ["up", "to"]
    count = words[2] if upto else words[0]
    if count in ("a", "an", "another", "one") or words[:2] == ["a", "different"]:
        return 1, upto
    if count.isdigit() and 1 <= int(count) <= 6:
        return int(count), upto
    if count in _COUNTS:
        return _COUNTS[count], upto
    raise SequenceError(f"{sentence!r}: {phrase.words!r}: how many objects is not "
                        "understood (any number of them is a group's)")


_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _alike(reading: _Reading, first: Pick, count: int, order: Link = Link.AFTER,
           together: bool = False) -> list[Pick]:
    """``count`` picks alike from ``first``: each set listed once (in id order, empty picks
    last; ``Link.SORTED``: a value may repeat, for identical objects placed alike), each
    linked as ``first`` is to the picks before it; ``together``: all made or none (an
    optional choice of several, "you may exhaust three friendly units")."""
    group = [first]
    links = [lk for lk in reading.links if lk.pick == first.name]
    base = re.sub(r"\d+$", "", first.name)
    for _ in range(count - 1):
        clone = replace(first, name=reading.named(base))
        reading.picks.append(clone)
        for lk in links:
            reading.link(clone.name, lk.link, lk.to)
        reading.link(clone.name, order, group[-1].name)
        if together:
            reading.link(clone.name, Link.TOGETHER, first.name)
        group.append(clone)
    return group


def _card_pick(reading: _Reading, sentence: str, phrase: Phrase | None, mode: Mode,
               where: str, owner: str, now: bool = False, untargeted: bool = False) -> Pick:
    """A card chosen in a zone: "a unit from your trash", "discard a card" (from the
    hand), "reveal a unit from among them": targeted in a public zone (a trash), chosen on
    resolution, no target, in a hand, a deck or cards looked at (355.10.a)."""
    words = phrase.words.lower() if phrase is not None else "a card"
    _how_many(sentence, phrase)  # (refuses a count it can't read)
    if where not in (*_ZONES, "revealed") or owner not in (
            "your", "an", "a", "any", "their", "its", "trashes", "opponents'"):
        raise SequenceError(f"{sentence!r}: the zone {where!r} is not modelled yet")
    # "their hand", "their trash" after "choose an opponent": that player's
    player = reading.last("player") if owner == "their" else None
    qualifiers = [q.lower() for q in phrase.qualifiers] if phrase is not None else []
    # "a non-unit card": a gear or a spell card (the types a Main Deck card has)
    non_unit = "non-unit" in qualifiers and KINDS.get(phrase.kind if phrase else "") == "card"
    qualifiers = [q for q in qualifiers if not (non_unit and q == "non-unit")]
    if [q for q in qualifiers if q in UNTRACKED or q in ("enemy", "friendly")]:
        raise SequenceError(f"{words!r}: the filter on the card is not modelled yet")
    after = sentence[phrase.start + len(phrase.words):].lower() if phrase else ""
    keyed = _KEYED.match(after)  # "up to two cards with [Hidden] from your trash"
    if keyed:
        after = after[keyed.end():]
    weaker = _WEAKER.match(after)  # "a unit with less Might than that unit had"
    if weaker is not None and weaker.group(1) != "me":
        after = after[weaker.end():].removeprefix(" had")
    cheaper = _NO_COSTLIER.match(after)  # "... that costs no more Energy and no more Power
    if cheaper is not None:  # than the killed unit"
        after = (cheaper.group(1) or "") + after[cheaper.end():]
    where_said = re.match(r"\s+(?:from|in) [a-z' ]+?(?= with\b)", after)
    costs = _COSTS.match(after[where_said.end():] if where_said else after)
    rest = after[(where_said.end() if where_said else 0) + (costs.end() if costs else 0):]
    if re.match(r"\s+(?:from [a-z' ]+ )?(?:with|that|costing)\b", rest) or (
            not costs and re.match(r"\s+(?:from [a-z' ]+ )?(?:with|that|costing)\b", after)):
        raise SequenceError(f"{sentence!r}: the condition on the card is not modelled yet")
    kind = KINDS.get(phrase.kind, phrase.kind) if phrase is not None else "card"
    either = _EITHER.match(after) if phrase is not None else None
    also = _also(kind, either)
    if either and not also:
        raise SequenceError(f"{sentence!r}: a card of several kinds is not modelled yet")
    public = _ZONES.get(where, False)
    pick = Pick(
        name=reading.named("card"), kind="card", own=owner == "your",
        among=Relation.FRIENDLY if owner in ("your",) else Relation.ENEMY
        if owner == "opponents'" else Relation.ANY,
        optional=words.startswith("up to") or (now and "you may" in sentence.lower())
        or reading.reflexive_may,
        may=(mode is Mode.MAY or reading.optional_action) and not now,
        tags=tuple(tag_name(q) for q in qualifiers if q not in ("other",)
                   and not is_tag_choice(q)) + (("Equipment",) if "equipment" in words.split()
                                                else ()), tags_any=_tags_any(qualifiers),
        # (a cost within an instruction, "banish a card from any trash to ...", is paid as
        # it is followed: no target, chosen then, 355.10.c.1)
        target=public and not now and mode is not Mode.COST and not untargeted,
        later=reading.later or (mode is Mode.COST and not reading.base_cost) or (
            (not public or untargeted) and not now and not reading.base_cost),
        zone="trash" if where == "trashes" else where, also=also,
        card_type=kind if kind in ("unit", "gear", "spell") else "")
    if non_unit:
        pick = replace(pick, card_type="gear", also="spell")
    if keyed:
        pick = replace(pick, keyword=keyed.group(1).capitalize())
    pick = _with_costs(pick, costs)
    # (compared with the unit chosen before: "less Might than", "costs no more than")
    compared = [link for link, said in ((Link.WEAKER, weaker is not None and weaker.group(1)
                                         != "me"), (Link.NO_COSTLIER, cheaper is not None))
                if said]
    other = reading.last("unit")
    if compared and other is None:
        what = "less Might than" if compared[0] is Link.WEAKER else "costs no more than"
        raise SequenceError(f"{sentence!r}: {what} what is not understood")
    reading.picks.append(pick)
    for link in compared:
        reading.link(pick.name, link, other.name)  # type: ignore[union-attr]
    if player is not None:
        reading.link(pick.name, Link.SAME_CONTROLLER, player.name)
    elif owner == "their" and where == "hand":
        raise SequenceError(f"{sentence!r}: whose hand is not understood")
    return pick


#: "Discard 2", "recycle 3 from your trash": a count of cards of the player's hand or
#: trash, no noun said.
_COUNTED = re.compile(r"\b(discard|recycle)s? (\d+|one|two|three|four)\b(?! runes?\b)(?! or more\b)"
                      r"(?: cards?\b)?(?: from (your|their) trash\b)?")


def _number(word: str) -> int:
    return int(word) if word.isdigit() else {"a": 1, "an": 1, "one": 1, **_COUNTS}[word]


def _counted(reading: _Reading, sentence: str, mode: Mode, counted: re.Match[str],
             chooser: str = "you") -> None:
    """The cards "discard 2" or "recycle 3 from your trash" chooses: of the player's own
    hand (chosen on resolution, 355.10.a) or trash; as a cost, chosen as it is paid
    (355.10.c). Each set is listed once (alike picks). ``chooser``: who discards
    ("They discard 1" after "choose a player": that player, from their own hand, their
    choice, 355.10.e)."""
    verb, count, trash = counted.group(1), _number(counted.group(2)), counted.group(3)
    if verb == "recycle" and trash is None:
        raise SequenceError(f"{sentence!r}: what is recycled is not understood")
    if chooser != "you" and (trash or verb != "discard"):
        raise SequenceError(f"{sentence!r}: another player's {verb} is not modelled yet")
    # ("recycle 3 from your trash" targets nothing, the cards chosen as it is done, 416.6)
    first = _card_pick(reading, sentence, None, mode, "trash" if trash else "hand", "your",
                       now=mode is Mode.ADDITIONAL_COST, untargeted=verb == "recycle")
    if chooser != "you":
        reading.narrow(first, chooser=chooser, later=True, target=False)
        first = reading.picks[reading.position(first)]
    for pick in _alike(reading, first, count):
        reading.do(Deed(pick.name, Action.AFFECT,
                        label=f"{verb} (if ...)" if reading.conditional else verb))


#: A condition on a chosen object's costs, in the compiler's words ("with energy cost 4 or
#: less and power cost 1 or less", see ``compiler._costs_in_words``).
_COSTS = re.compile(r"\s+(?:(?:here|there|you control)\s+)?with energy cost (\d+) or "
                    r"(less|more)(?: and power cost (\d+) or less)?")


#: "with less Might than me" (the source), "than it", "than that unit" (an earlier pick).
_WEAKER = re.compile(r"\s+(?:(?:here|there|at a battlefield)\s+)?with less might than "
                     r"(me|it|that unit|the chosen unit)\b")


def _with_costs(pick: Pick, costs: re.Match[str] | None) -> Pick:
    """``pick`` with the bounds a cost condition sets (unchanged without one)."""
    if costs is None:
        return pick
    energy = int(costs.group(1))
    return replace(pick, energy_at_most=energy if costs.group(2) == "less" else None,
                   energy_at_least=energy if costs.group(2) == "more" else None,
                   power_at_most=int(costs.group(3)) if costs.group(3) else None)


#: "play four 1 Might Recruit unit tokens": how many unit tokens are played.
_UNIT_TOKENS = re.compile(r"\bplays? (a|an|one|two|three|four|five|six|\d+) [^.]*?\bunit "
                          r"tokens?\b")


def counted_choices(text: str) -> int:
    """How many "discard 2" or "recycle 3 from your trash" choices a text makes (a count
    of cards, no noun said).

    >>> counted_choices("Discard 2, then recycle 1 from your trash. Recycle 2 runes.")
    2
    """
    return sum(1 for m in _COUNTED.finditer(text.lower())
               if m.group(1) == "discard" or m.group(3))


def tokens_placed(text: str) -> bool:
    """Whether a text plays unit tokens with no place said, each one's location chosen
    (355.2.a).

    >>> tokens_placed("Play two 1 Might Recruit unit tokens."), tokens_placed(
    ...     "Play a 1 Might Recruit unit token to your base.")
    (True, False)
    """
    unit = _UNIT_TOKENS.search(text.lower())
    return unit is not None and not _PLACE_SAID.match(text.lower()[unit.end():])


#: A place said after the tokens played ("to your base", "here", "at a battlefield").
_PLACE_SAID = re.compile(r"[^.]*?\b(?:here|there|to|into|in|at)\b")


def _placed_tokens(reading: _Reading, sentence: str, chooser: str = "you") -> bool:
    """"Play four 1 Might Recruit unit tokens" (no place said): each played to its
    controller's base or a battlefield they control, chosen as it is played (355.2.a), on
    resolution; the tokens are alike: each multiset of locations once. ``chooser``: who
    plays them ("They play ..." after "choose an opponent": that player, among their own
    locations, 355.10.e). ``False``: no unit token played without a place."""
    low = sentence.lower()
    unit = _UNIT_TOKENS.search(low)
    if unit is None or not tokens_placed(sentence):
        return False
    if re.search(r"\bfor each\b", low):
        raise SequenceError(f"{sentence!r}: how many tokens are played is not understood")
    first = Pick(reading.named("location"), "location", Relation.FRIENDLY, target=False,
                 later=True, own=True, chooser=chooser)
    reading.picks.append(first)
    for pick in _alike(reading, first, _number(unit.group(1)), Link.SORTED):
        reading.do(Deed(pick.name, Action.AFFECT, label="play a token"))
    return True


def _token_play(reading: _Reading, sentence: str, phrases: tuple[Phrase, ...],
                chooser: str = "you") -> bool:
    """"Play a Bomb gear token to a battlefield": a token made, not chosen; the
    battlefield it goes to is chosen, no target (355.10.b). ``False``: not a token."""
    tokens = [p for p in phrases if p.relation == "object" and (re.match(
        r"\s*tokens?\b", sentence[p.start + len(p.words):].lower())
        or re.search(r"\btokens?$", p.words.lower()))]
    if not tokens and not re.search(r"\bplays? (?:a|an|one|two|three|four|five|six|\d+) "
                                    r"[^.]*?\btokens?\b", sentence.lower()):
        return False
    if not any(p.relation == "destination" for p in phrases) and _placed_tokens(
            reading, sentence, chooser):
        return True
    for phrase in phrases:
        if phrase.relation == "destination" and phrase.words.lower() == "a battlefield":
            after = sentence[phrase.start + len(phrase.words):].lower()
            reading.picks.append(_destination(reading, "battlefield", after, reading.later))
            reading.do(Deed(reading.picks[-1].name, Action.AFFECT, label="play a token"))
    return True


def _chosen_by_each(reading: _Reading) -> bool:
    """Whether the last unit was chosen by each of several players ("Kill those units")."""
    last = reading.last("unit")
    return last is not None and last.chooser in ("each", "each-other", "each-opponent")


def _your_unit(reading: _Reading, phrase: Phrase) -> bool:
    """"Then move your unit there": the player's own unit chosen before."""
    mine = reading.last("unit")
    return phrase.words.lower() == "your unit" and mine is not None and mine.own


def _referenced(reading: _Reading, phrase: Phrase) -> Pick | None:
    """The earlier pick "that unit", "that enemy unit", "that Equipment" names."""
    words = phrase.words.lower().split()
    kind = KINDS.get(phrase.kind, phrase.kind)
    for pick in reversed(reading.picks):
        if pick.kind != kind and not (pick.kind == "card" and kind in pick.types):
            continue  # ("that spell": a spell card chosen in a zone, too)
        if "equipment" in words and "Equipment" not in pick.tags:
            continue
        if "enemy" in words and pick.among is not Relation.ENEMY:
            continue
        if "friendly" in words and pick.among is not Relation.FRIENDLY:
            continue
        return pick
    return None


def _place(reading: _Reading, sentence: str, phrase: Phrase, head: Pick | None) -> None:
    """"at a battlefield", "at its location", "at a different location", "at its
    destination": where the headed pick must be."""
    words = phrase.words.lower()
    if head is None:
        raise SequenceError(f"{sentence!r}: {phrase.words!r} qualifies no choice")
    index = reading.position(head)
    if words == "a battlefield" and head.kind in ("unit", "gear"):
        reading.narrow(head, reach=Reach.BATTLEFIELD)
    elif words in ("a base", "your base", "their base", "its base") and head.kind in (
            "unit", "gear"):
        # ("in your base": the controller's own base, so their own unit, 107.1.c)
        reading.narrow(head, reach=Reach.BASE, own=head.own or words == "your base")
    elif words == "its location":
        other = reading.last("unit", before=index)
        if other is None:
            raise SequenceError(f"{sentence!r}: 'its location' refers to no earlier unit")
        reading.link(head.name, Link.WITH, other.name)
    elif words == "another location" and head.kind in ("unit", "gear"):
        # "a unit you control at another location": elsewhere than the source
        reading.narrow(head, elsewhere=True)
    elif words in ("a different location", "a different battlefield"):
        other = reading.last("unit", "battlefield", before=index)
        if other is None and re.search(r"\bto (?:my battlefield|here)\b", sentence.lower()):
            # "move an enemy unit at a different location to my battlefield": elsewhere
            # than the source, where it is moved (355.4.a)
            reading.narrow(head, away=True)
            return
        if other is None:
            raise SequenceError(f"{sentence!r}: 'a different location' from what is not "
                                "understood")
        reading.link(head.name, Link.APART, other.name)
    elif words == "its destination":
        other = next((p for p in reversed(reading.picks[:index]) if p.kind == "location"), None)
        if other is None:
            raise SequenceError(f"{sentence!r}: 'its destination' refers to no earlier move")
        # ("its": the unit moved there, whose information the link reads, 359.3.f.2)
        mover = next((d.pick for d in reading.deeds if d.action is Action.MOVE
                      and d.to == other.name), "")
        reading.link(head.name, Link.AT, other.name, mover)
    else:
        raise SequenceError(f"{sentence!r}: where the objects are ({phrase.words!r}) is not "
                            "understood")


def _there(reading: _Reading, sentence: str, pick: Pick) -> None:
    """"an enemy unit there": at the battlefield chosen before."""
    if pick.kind not in ("unit", "gear"):
        return
    low = sentence.lower()
    mentions = re.finditer(r"\b(?:an?|another|up to one) [a-z ]*?(?:unit|gear)s?"
                           r"(?: (?:you|they) control)? there\b", low)
    if not any(True for _ in mentions):
        return
    place = reading.last("battlefield", "location", before=reading.position(pick))
    if place is None:
        raise SequenceError(f"{sentence!r}: 'there' refers to no earlier battlefield")
    reading.link(pick.name, Link.AT, place.name)


def _deeds(reading: _Reading, sentence: str, verb: str, acted: list[tuple[Pick, Phrase]],
           destinations: list[Phrase], if_units: int, crescent: re.Match[str] | None) -> None:
    """The deeds of one verb on the picks it acts on."""
    if not acted:
        return  # "Draw 1.", "Then give enemy units there -2 Might": no choice to act on
    places = [p for p, _ in acted if p.is_place]
    units = [(p, phrase) for p, phrase in acted if not p.is_place and p.kind != "player"]
    gate = reading.last("battlefield", "location")
    if if_units and gate is None:
        raise SequenceError(f"{sentence!r}: 'there' refers to no earlier battlefield")
    at = gate.name if if_units and gate is not None else ""
    said = verb
    before = len(reading.deeds)
    for unit, phrase in units:
        verb = _local_verb(sentence, phrase, said)
        paid = _COST_VERB.search(sentence.lower())
        if verb == "play" and not unit.target and not unit.later and unit.kind == "unit" \
                and paid is not None:
            verb = paid.group(1)  # "as an additional cost to play me, kill a friendly unit"
        if verb == "move":
            _move(reading, sentence, unit, destinations)
        elif verb == "deal":
            found = re.search(r"\bdeals? (\d+)", sentence.lower())
            amount = crescent.group(1) if crescent else found.group(1) if found else None
            equal = _EQUAL_MIGHT.search(sentence.lower())
            if amount is None and equal is not None:
                whom, what = (equal.group(1), equal.group(2)) if equal.group(1) else (
                    equal.group(3), equal.group(4))
                of = {"energy cost": "energy", "assault": "assault"}.get(what, "might")
                if of == "assault" and whom != "my":
                    raise SequenceError(f"{sentence!r}: whose [Assault] is not understood")
                source = "source" if whom == "my" else _whose(reading, unit, of)
                reading.do(Deed(unit.name, Action.DEAL, amount_from=source, amount_of=of,
                                by=_dealer(reading, sentence, unit)))
                continue
            if amount is None and re.search(
                    r"\bdeals? damage equal to (?:its|that unit's) shield\b", sentence.lower()):
                # "deal damage equal to its [Shield]" (after giving it more Shield this
                # turn): the amount is not computed, the target is recorded
                earlier = reading.last("unit", before=reading.position(unit))
                whose = earlier.name if earlier is not None else "it"
                reading.do(Deed(unit.name, Action.AFFECT,
                                label=f"deal damage equal to {whose}'s [Shield]"))
                continue
            if amount is None and _EQUAL_DAMAGE.search(sentence.lower()):
                # "deal damage to a unit equal to the damage marked on it" (Morgana)
                reading.do(Deed(unit.name, Action.DEAL, amount_from=unit.name,
                                amount_of="damage"))
                continue
            if amount is None and _THAT_MUCH.search(sentence.lower()):
                reading.do(Deed(unit.name, Action.AFFECT, label=_THAT_MUCH_LABEL))
                continue
            if amount is None:
                raise SequenceError(f"{sentence!r}: how much damage is not understood")
            reading.do(Deed(unit.name, Action.DEAL, int(amount),
                            by=_dealer(reading, sentence, unit)))
        elif verb == "return" and any(d.kind == "hand" for d in destinations):
            reading.do(Deed(unit.name, Action.RETURN_TO_HAND, if_units=if_units, if_at=at))
        elif verb in _ACTIONS:
            reading.do(Deed(unit.name, _ACTIONS[verb], if_units=if_units, if_at=at))
        elif verb == "play":
            _play(reading, sentence, unit, destinations)
        elif verb == "increase":  # "increase its Might to the Might of another unit"
            earlier = reading.last("unit", before=reading.picks.index(unit))
            if earlier is None or not re.search(r"\bincrease its might to the might of\b",
                                                sentence.lower()):
                raise SequenceError(f"{sentence!r}: what is increased is not understood")
            reading.do(Deed(earlier.name, Action.AFFECT,
                            label=f"increase its Might to {unit.name}'s Might"))
        elif verb != "choose" and not unit.exhausts:
            label, read = _label(sentence, verb, phrase.start), ""
            other = _READS_OTHER.search(sentence.lower())
            if other is not None:  # ("+[Might] equal to that spell's Energy cost": what it
                # reads, Ignored once that target is illegal, 359.3.e.12)
                read_off = reading.last(other.group(1), before=reading.position(unit)) or \
                    reading.last(other.group(1))
                if read_off is not None and read_off.name != unit.name:
                    read = read_off.name
                    label = (f"{label} +[Might]" if label == verb else label) + (
                        f" equal to {read}'s {other.group(2).capitalize()}")
            reading.do(Deed(unit.name, Action.AFFECT, label=label, if_units=if_units,
                            if_at=at, amount_from=read))
            ways = _either(sentence, verb)
            if ways and not any(p.kind == "either" for p in reading.picks):
                # ("attach ... or detach ...": which one, its controller chooses as it
                # resolves, 355.17; not a mode of a bulleted list, 355.3)
                reading.picks.append(Pick("either", "either", target=False, later=True,
                                          choices=ways))
    if reading.conditional:  # under a condition the scenario does not state
        reading.deeds[before:] = [replace(d, action=Action.AFFECT, amount=0, amount_from="",
                                          label=f"{d.label or d.action.value} (if ...)")
                                  for d in reading.deeds[before:]]
    if crescent is not None:
        place = places[-1] if places else reading.last("battlefield")
        if place is None:
            raise SequenceError(f"{sentence!r}: 'there' refers to no earlier battlefield")
        reading.do(Deed(place.name, Action.DEAL, int(crescent.group(3)), each=True,
                        among=_relation(crescent.group(4))))


#: "equal to that spell's Energy cost": an amount read off another chosen object.
_READS_OTHER = re.compile(r"\bequal to (?:that|the chosen) (unit|spell|gear|card|rune)'s "
                          r"(energy cost|power cost|might)\b")


def _either(sentence: str, verb: str) -> tuple[str, str] | None:
    """The two instructions of "``verb`` ... or <another verb> that ...", one of which is
    done.

    >>> _either("Attach that Equipment to that unit or detach that Equipment from that "
    ...         "unit.", "attach")
    ('attach', 'detach')
    """
    found = re.search(rf"\b{verb}\b[^.]*? or ({_OTHER_VERBS}) (?:that|it|them)\b",
                      sentence.lower())
    return (verb, found.group(1)) if found else None


def _label(sentence: str, verb: str, start: int = 0) -> str:
    """An instruction whose outcome is not modelled, in words ("give +1 Might"): the amount
    said after the object's words, which start at ``start`` ("give a unit +2 Might and
    another unit -2 Might": the second unit's is -2).

    >>> _label("Give a unit +2 Might this turn and another unit -2 Might this turn.",
    ...        "give", 34)
    'give -2 Might'
    >>> _label("Attach that Equipment to that unit or detach that Equipment from that "
    ...        "unit.", "attach")
    "attach or detach, as the card's controller chooses"
    """
    low = sentence.lower()
    either = _either(sentence, verb)
    if either:  # (one instruction done one way or the other, chosen as it resolves)
        return f"{verb} or {either[1]}, as the card's controller chooses"
    found = re.search(r"([+-]\d+ might)", low[start:]) or re.search(
        rf"\b{verb}\b[^.]*?([+-]\d+ might)", low)
    if found:
        return f"{verb} {found.group(1).replace('might', 'Might')}"
    keyword = re.search(r"\[([a-z]+(?: \d+)?)\]", low[start:])  # ("[Shield 2]")
    return f"{verb} [{keyword.group(1).title()}]" if keyword else verb


#: The verbs of "attach that Equipment to that unit or detach that Equipment from it".
_OTHER_VERBS = "attach|detach|ready|exhaust|stun|kill|return|banish|recycle|buff"


#: What a cost does to the object it chooses (355.10.c: a cost's choice, no target).
_COST_VERB = re.compile(r"\b(kill|exhaust|return|banish|recycle|spend)\b (?:me and )?(?:a|an|"
                        r"one|another|up to one|two|three|four|[2-6])\b")
#: "damage equal to my Might", "damage equal to its Might".
_EQUAL_MIGHT = re.compile(r"\bdeals? (?:damage equal to (my|its) (might|energy cost|assault)\b|"
                          r"(its) (energy cost) as damage\b)")
#: "deal damage to a unit equal to the damage marked on it": the target's own damage.
_EQUAL_DAMAGE = re.compile(r"\bdeals? damage to (?:a|an) [a-z ]*?unit equal to the damage "
                           r"marked on it\b")


#: A unit named as the one dealing damage: "It deals ...", "I deal ...", "that unit deals".
_DEALER = re.compile(r"(?:^|[.,;:] |\bthen )(i|it|that unit|that friendly unit) deals?\b")


def _dealer(reading: _Reading, sentence: str, target: Pick) -> str:
    """Who the card names as the source of damage dealt to ``target`` (418.6.b.3): the
    ability's ``"source"`` ("I deal"), the unit chosen before the target ("It deals"), or
    ``""``: the spell or ability itself deals it (418.6.a)."""
    named = _DEALER.search(sentence.lower())
    if named is None:
        return ""
    if named.group(1) == "i":
        return "source"
    unit = reading.last("unit", before=reading.position(target))
    if unit is None:
        raise SequenceError(f"{sentence!r}: which unit deals the damage is not understood")
    return unit.name


def _whose(reading: _Reading, target: Pick, of: str = "might") -> str:
    """The earlier pick "its Might" reads (the unit chosen before the target), or "its
    Energy cost" (a unit, gear or card chosen before it)."""
    kinds = ("unit",) if of == "might" else ("unit", "gear", "card")
    found = reading.last(*kinds, before=reading.position(target))
    if found is None:
        raise SequenceError(f"'its {of}': whose is not understood")
    return found.name


_LOCAL_VERB = re.compile(r"\band (stun|kill|move|return|deal|ready|exhaust|buff|banish|"
                         r"recall|counter|give) (?:\d+ to )?$")


def _local_verb(sentence: str, phrase: Phrase, verb: str) -> str:
    """The verb right before a pick's phrase when a sentence joins two instructions
    ("give a friendly unit +1 Might and stun an enemy unit")."""
    found = _LOCAL_VERB.search(sentence[:phrase.start].lower())
    return found.group(1) if found else verb


def _play(reading: _Reading, sentence: str, card: Pick, destinations: list[Phrase]) -> None:
    """A card played from a zone, and where to: a battlefield chosen as it is played
    (not a target since 1.4, 355.10.b), or its controller's base; a "you may" play's
    battlefield is chosen exactly when a card is played."""
    if not destinations or destinations[0].kind == "base":
        reading.do(Deed(card.name, Action.AFFECT, label="play"))
        if not destinations and card.card_type == "unit":
            _enters(reading)
        return
    phrase = destinations[0]
    if phrase.words.lower() != "a battlefield":
        raise SequenceError(f"{sentence!r}: playing to {phrase.words!r} is not modelled yet")
    after = sentence[phrase.start + len(phrase.words):].lower()
    where = _destination(reading, "battlefield", after, card.later)
    reading.picks.append(replace(where, optional=card.optional or card.may))
    reading.do(Deed(card.name, Action.AFFECT, label="play", to=where.name))  # (played there)
    if card.optional or card.may:
        reading.link(where.name, Link.TOGETHER, card.name)


def _destination(reading: _Reading, kind: str, after: str, later: bool,
                 chooser: str = "you", words: str = "") -> Pick:
    """A battlefield or location chosen as a destination (355.4, 355.10.b: no target); "a
    battlefield you control" is one the controller controls themself (740.1.a); "an
    occupied enemy battlefield": one an opponent controls with a unit there (170.11.a)."""
    yours = re.match(r"\s+you control\b", after) is not None
    occupied = re.match(r"\s+where you have units\b", after) is not None
    if occupied and kind != "battlefield":
        raise SequenceError(f"{words!r} where you have units: not modelled yet")
    said = _PLACED.match(words)
    among = Relation.FRIENDLY if yours else Relation.ANY
    if said is not None and said.group(2):
        among = Relation(said.group(2))
    return Pick(reading.named("destination"), kind, among, target=False, later=later,
                chooser=chooser, own=yours, occupancy=said.group(1) or "" if said else "",
                occupied=occupied)


#: A trigger on a card played to a battlefield: "When you play a gear with [Deploy], ...".
_PLAYED_THERE = re.compile(r"(?i)^when (?:you|a player|an opponent) plays? an? (?:unit|gear)\b")
#: The source moved to a battlefield chosen now, under a condition checked as it moves:
#: "move me to an occupied enemy battlefield if my Might is greater than ...".
_SELF_MOVE = re.compile(r"\bmove me to (an? (?:(?:occupied|open) )?(?:(?:enemy|friendly) )?"
                        r"battlefield)\.?$")
#: A destination said by its state and controller: "an occupied enemy battlefield".
_PLACED = re.compile(r"^an? (?:(occupied|open) )?(?:(enemy|friendly) )?battlefield$")


def _move(reading: _Reading, sentence: str, unit: Pick, destinations: list[Phrase]) -> None:
    """A move's destination: chosen now (355.4), an earlier choice's place, or a base."""
    there = reading.last("battlefield", "location")
    if not destinations and there is not None and re.search(r"\bmove [a-z ]+ there\b",
                                                            sentence.lower()):
        # "then move your unit there": to the battlefield chosen before, a destination
        # the card specifies (355.4.a's rule: only under specified_destination=elsewhere)
        reading.link(unit.name, Link.APART, there.name, specified=True)
        reading.do(Deed(unit.name, Action.MOVE, to=there.name))
        return
    if not destinations:
        where = Pick(reading.named("destination"), "location", target=False,
                     later=unit.later, chooser=unit.chooser)
        reading.picks.append(where)
        reading.link(unit.name, Link.APART, where.name)
        reading.do(Deed(unit.name, Action.MOVE, to=where.name))
        return
    phrase = destinations[0]
    words = phrase.words.lower()
    if phrase.kind == "base":
        reading.do(Deed(unit.name, Action.MOVE, to=BASE))
        return
    if words in ("a battlefield", "a location", "a single location", "a single battlefield",
                 "a different battlefield", "a different location") or _PLACED.match(words):
        # (elsewhere, 355.4.a)
        after = sentence[phrase.start + len(phrase.words):].lower()
        kind = "battlefield" if "battlefield" in words else "location"
        where = _destination(reading, kind, after, unit.later, unit.chooser, words)
        reading.picks.append(where)
        reading.link(unit.name, Link.APART, where.name)
        if re.match(r"\s+where there's a unit with the same controller", after):
            reading.link(where.name, Link.HOSTS_ALLY, unit.name)
        reading.do(Deed(unit.name, Action.MOVE, to=where.name))
        return
    place = reading.last("battlefield", "location", before=reading.position(unit)) \
        or reading.last("battlefield", "location")
    if words in ("here", "this battlefield", "my battlefield") or (
            words in ("that battlefield", "the same battlefield") and place is None
            and reading.triggered):
        # the source's battlefield ("when I move to a battlefield, ... to that battlefield"),
        # a destination the card specifies (355.4.a only under specified_destination=elsewhere)
        reading.narrow(unit, moved_here=True)
        reading.do(Deed(unit.name, Action.MOVE, to="here"))
        return
    if words == "that battlefield" and place is None and _PLAYED_THERE.match(sentence):
        # "When you play a gear with [Deploy], ... to that battlefield": where the card
        # was played, the trigger's event's battlefield (a scenario's ``event_battlefield``),
        # a destination the card specifies (355.4.a only under specified_destination=elsewhere)
        reading.narrow(unit, to_event=True)
        reading.do(Deed(unit.name, Action.MOVE, to=EVENT))
        return
    if words == "that battlefield" or words == "the same battlefield":
        if place is None:
            raise SequenceError(f"{sentence!r}: {phrase.words!r} refers to no earlier choice")
        reading.link(unit.name, Link.APART, place.name, specified=True)  # (specified)
        reading.do(Deed(unit.name, Action.MOVE, to=place.name))
        return
    owner = re.match(r"that (enemy |friendly )?unit's battlefield$", words)
    if owner or words == "the location":
        other = (next((p for p in reversed(reading.picks) if p.exhausts), None)
                 if words == "the location"
                 else reading.last("unit", before=reading.position(unit)))
        if other is None:
            raise SequenceError(f"{sentence!r}: {phrase.words!r} refers to no earlier unit")
        reading.link(unit.name, Link.APART, other.name, specified=True)  # (specified)
        reading.do(Deed(unit.name, Action.MOVE, to=other.name))
        return
    raise SequenceError(f"{sentence!r}: the destination {phrase.words!r} is not modelled yet")

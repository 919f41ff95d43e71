"""The shape of one choice, read for the split and group families: "deal N damage split
among any number of enemy units [here]" and Alpha Strike's "choose a friendly unit. It
deals damage equal to its Might split among ..." (355.14,
:class:`~riftsolve.rules.effects.SplitDamage`); a verb and one or more unit choices (355.11,
:class:`~riftsolve.rules.effects.group.GroupTargets`). A text of several choices is refused with
``several=True``, which the joint family's shape reads then
(:mod:`riftsolve.compiler.families.joint`).

>>> from riftsolve.compiler.card import compile_card
>>> compile_card("Singularity", "Deal 6 to each of up to two units.").slot_names
('units',)
"""

from __future__ import annotations

import re
from dataclasses import replace

from riftsolve.compiler.families.registry import (
    Reading,
    Rest,
    Shape,
    register_deeds,
    register_shape,
)
from riftsolve.compiler.sequence import (
    NOT_BOARD,
    UNTRACKED,
    effect_opening,
    opens_with_may,
)
from riftsolve.compiler.text import (
    _IGNORES_DEFLECT,
    _MODES,
    _REMINDER,
    _SPLIT,
    _STATIC,
    CompileError,
    _alike,
    _Card,
    _facts,
    _read_now,
    _sentences,
    _slug,
    chosen_objects,
)
from riftsolve.rules.board import BASE, HERE
from riftsolve.rules.effects import (
    STATE_WORDS,
    Action,
    Effect,
    Pool,
    Reach,
    Relation,
    Sharing,
    SplitDamage,
    Zone,
)
from riftsolve.rules.effects.group import GroupSlot, GroupTargets
from riftsolve.rules.grammar import (
    CHOOSING,
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

#: Number words of the templated text.
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10}
#: Verbs whose outcome the engine models, and what they do.
_ACTIONS = {"kill": Action.KILL, "stun": Action.STUN, "move": Action.MOVE}
#: Qualifiers the solver does not track on units (they would filter the choice).
#: (a group does not read a unit's state either, nor "other's")
_UNTRACKED = UNTRACKED - {"open"} | {"exhausted", "ready", "stunned", "attacking",
                                     "defending", "buffed", "other's"}
_MIGHT_SPLIT = re.compile(r"choose a friendly unit\. it deals damage equal to its might "
                          r"split among (enemy |friendly )?units( here| at battlefields)?\.")
_XP = re.compile(r"for each unit this kills, do this: gain (\d+) xp")
#: A passive that makes the controller's damage lethal in any amount (142.4.c).
_LETHAL_ANY = re.compile(r"any amount of your damage is enough to kill enemy units\.?")
#: "a unit or gear", "units, gear, and/or runes": one choice over several object types.
_OR_OTHER = re.compile(r"\bunits?,? (?:and/)?or (?:an? )?(gear|equipment|runes?|spells?|cards?|"
                       r"battlefields?|legends?)\b|\bunits?, (gear|runes?)\b")
#: A condition on the units chosen that the scenario format does not state.
_RELATIVE = re.compile(r"\bunits? (that|who|which)\b|\bbattlefields? (i|you|they) \b|"
                       r"\bunits? (?:here )?(?:that|with) (?:moved|attacked|died)\b")
#: "Kill it." after "Choose a unit.": the instruction on the units chosen, said plainly.
_PLAIN_FOLLOW = re.compile(r"^(kill|stun|deal \d+ to|return|move|buff|ready|exhaust|banish)"
                           r" (it|them)\b[^.]*\.?$")
#: A condition on the instruction ("If ..., kill ...", "if it's attacking").
_CONDITIONAL = re.compile(r"(^|, )if\b|\bunless\b")
#: A play trigger's condition on its own additional cost, met whenever it is asked about.
_PAID_PREMISE = re.compile(r"^(when you play me, )if you paid the additional cost, ")
#: A cap on each chosen unit's own Might.
_EACH_CAP = re.compile(r"(?:each )?with (\d+) might or less")
_CAP = re.compile(r"total might (?:of )?(\d+) or less")
_DEAL = re.compile(r"\bdeals? (\d+)(?: damage)? to\b")


#: The filters a group can't state that a sequence of choices reads (a unit's state).
_SEQUENCE_FILTERS = frozenset({"exhausted", "ready", "stunned", "attacking", "defending",
                               "buffed", "mighty", "non-dragon"})
#: The conditions on a unit chosen that a sequence of choices reads.
_SEQUENCE_CONDITION = re.compile(r"with energy cost \d+ or|with energy cost no more than my "
                                 r"might|with less might than (?:me|it)")


#: "Spend any number of buffs" (a cost, 355.10.c): the buffs of any number of the player's
#: units that have one, read as "any number of your buffed units".
_ANY_BUFFS = re.compile(r"(?i)\bspend any number of buffs\b")
#: "Deal 2 to it for each Equipment attached to me": an amount counted from the board
#: (one instance of the total, 418.8).
_DEAL_FOR_EACH = re.compile(r"\bdeal \d+ (?:damage )?to [^.]*?\bfor each\b[^.]*", re.IGNORECASE)


def _single(name: str, text: str) -> Effect:
    """A card with one choice: split damage or a group."""
    card = _facts(name, text)
    lowered = " ".join(_REMINDER.sub("", text).lower().split())
    might = _MIGHT_SPLIT.search(lowered)
    if might:
        xp = _XP.search(lowered)
        return SplitDamage(name=name, text=text, pool=Pool.FRIENDLY_MIGHT,
                           among=_relation_word(might.group(1)), zone=_zone(might.group(2)),
                           bonus_applies=False, slug=_slug(name),
                           xp_per_kill=int(xp.group(1)) if xp else 0,
                           read=might.group(0))
    modes = _MODES.search(lowered)
    if modes:
        raise CompileError(f"a choice of modes ({modes.group(0)!r}) is not modelled yet")
    # a delayed trigger's choices are made when it is finalized (355.5.b), not now
    # (a static ability, "You may play me to an open battlefield", chooses nothing)
    # "spend any number of buffs": as an additional cost, chosen as it is paid (355.10.c);
    # in an instruction, buffs are never targets (704.1) and which are spent is chosen as
    # it resolves: not this reading
    sentences = [_ANY_BUFFS.sub("spend any number of your buffed units", s)
                 if "additional cost" in s.lower() else s
                 for s in _read_now(_sentences(text)) if not _STATIC.match(s.lower())]
    spent = next((s for s in sentences if _ANY_BUFFS.search(s)), None)
    if spent is not None:
        raise CompileError(f"{spent!r}: buffs spent as an instruction resolves (not targets, "
                           "704.1; chosen then) are not modelled yet")
    choices = [s for s in sentences if _SPLIT.search(s.lower()) or _chooses(s)]
    others = [s for s in sentences if s not in choices
              and ([k for k in chosen_objects(s) if k not in ("unit", "gear")]
                   or _cost_chooses(s))]
    if choices and others:
        raise CompileError("several choices one after another (" + "; ".join(
            [*choices, *others]) + "): not modelled yet", several=True)
    if not choices:
        kinds = [k for k in chosen_objects(text) if k not in ("unit", "gear")]
        if kinds:
            raise CompileError(f"chooses {' and '.join(kinds)}, not units or gear: no family "
                               "answers that choice yet", several=True)
        raise CompileError("no choice of units found: nothing for the solver to answer",
                           several=True)
    if len(choices) > 1:
        raise CompileError("several choices one after another (" + "; ".join(choices)
                           + "): not modelled yet", several=True)
    sentence = choices[0]
    # (a move's chosen destination is the group's own, see _destination)
    mixed = [kind for kind in chosen_objects(sentence, destinations=False)
             if kind not in ("unit", "gear")]
    mixed += [m.group(1) or m.group(2) for m in _OR_OTHER.finditer(sentence.lower())
              if (m.group(1) or m.group(2)) != "gear"]
    if "equipment" in sentence.lower():
        mixed.append("Equipment")
    if mixed:
        raise CompileError(f"{sentence!r}: chooses {' or '.join(['unit', *mixed])}: a "
                           "choice of objects other than units and gear is not modelled yet",
                           several=True)
    split = _SPLIT.search(sentence.lower())
    if split:
        return SplitDamage(name=name, text=text, pool=Pool.FIXED,
                           amount=int(split.group(1)), among=_relation_word(split.group(2)),
                           zone=_zone(split.group(3)), slug=_slug(name), read=sentence)
    every = _sentences(text)
    if sentence in every:  # (else a delayed trigger's, read without its timing)
        sentences = every
    following = sentences[sentences.index(sentence) + 1:]
    return _group(card, sentence, following[0] if following else "")


def _chooses(sentence: str) -> bool:
    """Whether a sentence chooses units: as the grammar reads it, an instruction (not a
    trigger condition, a replacement or a cost) with a chosen unit; for a sentence with
    words outside the grammar, a choosing determiner before a unit noun (so that it is
    refused with those words rather than skipped)."""
    try:
        instruction = parse(sentence)
    except GrammarError:
        return _chooses_by_words(sentence)
    return any((s.mode in (Mode.ORDINARY, Mode.MAY) or _group_cost(s)) and _unit_choices(
        s.phrases) for s in instruction.segments)


def _group_cost(segment: Segment) -> bool:
    """An additional cost paid with any number of units ("As you play me, you may kill any
    number of friendly units as an additional cost"): a group chosen as the card is played,
    no target (355.10.c)."""
    return segment.mode is Mode.ADDITIONAL_COST and any(
        p.determiner == "any number of" for p in _unit_choices(segment.phrases))


def _cost_chooses(sentence: str) -> bool:
    """Whether a sentence's additional cost chooses an object ("As an additional cost to
    play this, kill a friendly unit", 355.10.c): a choice of its own."""
    try:
        return _cost_choice(parse(sentence))
    except GrammarError:
        return False


def _cost_choice(instruction: Instruction) -> bool:
    """Whether an instruction's cost (additional, or within it) chooses an object."""
    return any(s.mode in (Mode.ADDITIONAL_COST, Mode.COST) and any(
        p.relation == "object" and p.determiner in CHOOSING for p in s.phrases)
        for s in instruction.segments)


def _chooses_by_words(sentence: str) -> bool:
    """A choosing determiner a few words before a unit noun."""
    words = re.findall(r"[a-z][a-z'-]*|\d+", sentence.lower())
    for i, word in enumerate(words):
        if word in ("unit", "units") and any(
                " ".join(words[max(0, i - k):i]).startswith(d) or words[max(0, i - k)] == d
                for k in range(1, 7) for d in CHOOSING if d not in ("the other",)):
            return True
    return False


def _relation_word(word: str | None) -> Relation:
    word = (word or "").strip()
    return Relation.ENEMY if word == "enemy" else Relation.FRIENDLY if word == "friendly" \
        else Relation.ANY


def _zone(words: str | None) -> Zone:
    return Zone.HERE if (words or "").strip() == "here" else Zone.BATTLEFIELDS


def _group(card: _Card, sentence: str, then: str) -> GroupTargets:
    """A verb and its unit choices as a group effect; for "choose ...", the instruction
    of the sentence ``then`` that acts on them ("Deal 1 to them.")."""
    try:
        instruction = parse(sentence)
    except GrammarError as error:  # ('there' an earlier choice's place: one after another)
        raise CompileError(str(error), error.words, several="there" in error.words) from None
    segments = [s for s in instruction.segments
                if (s.mode in (Mode.ORDINARY, Mode.MAY) or _group_cost(s))
                and _unit_choices(s.phrases)]
    if len(segments) != 1:
        raise CompileError(f"{sentence!r}: the units chosen are not one instruction's",
                           several=True)
    cost = _group_cost(segments[0])
    if cost:
        paid = re.search(r"\b(kill|exhaust|return|spend) any number of\b", sentence.lower())
        if paid is None:
            raise CompileError(f"{sentence!r}: what the cost does to its choice is not "
                               "understood")
        segments = [replace(segments[0], verb=paid.group(1))]
    elif _cost_choice(instruction):  # ("Exhaust a friendly unit: stun a unit")
        raise CompileError(f"{sentence!r}: several choices one after another (a cost's "
                           "and the instruction's)", several=True)
    segment = segments[0]
    if segment.verb is None:
        raise CompileError(f"{sentence!r}: no verb")
    lowered = sentence.lower()
    chosen = _unit_choices(segment.phrases)
    slots = tuple(_slot(phrase, index, chosen, sentence)
                  for index, phrase in enumerate(chosen))
    if segment.verb in NOT_BOARD:
        raise CompileError(f"{sentence!r}: '{segment.verb}' picks cards or makes tokens, not "
                           "units on the board: not modelled yet", several=True)
    zoned = [p for p in segment.phrases if p.relation == "zone"]
    if re.search(r"\bfrom among (?:them|those cards)\b", lowered):
        raise CompileError(f"{sentence!r}: picks cards looked at, not units on the board",
                           several=True)
    if zoned:
        raise CompileError(f"{sentence!r}: chooses a card in {zoned[0].words!r}, not a unit "
                           "on the board", several=True)
    if any(seg.mode is Mode.COST and "may" in seg.subject.lower()
           for seg in instruction.segments):
        raise CompileError(f"{sentence!r}: an optional action (you may ... to ...): read as "
                           "a choice one after another", several=True)
    for phrase in chosen:  # "an enemy unit here with less Might than me": a condition
        after = lowered[phrase.start + len(phrase.words):]
        clause = re.split(r"[,.;]| and | then | to ", after)[0]
        condition = re.search(r"\bwith\b.*", clause)
        if condition and not (_EACH_CAP.search(clause) or _CAP.search(lowered)
                              or "same controller" in clause or "total might" in clause):
            raise CompileError(f"{sentence!r}: the condition {condition.group(0).strip()!r} "
                               "on the units chosen is not modelled yet",
                               several=_SEQUENCE_CONDITION.match(condition.group(0)) is not None)
    clause = _RELATIVE.search(lowered)
    if clause:
        moved = " (a unit's state)" if "moved this turn" in lowered else ""
        raise CompileError(f"{sentence!r}: the condition {clause.group(0)!r} on the units "
                           f"chosen is not modelled yet{moved}", (clause.group(1),),
                           several=bool(moved))
    verb, acting, acted = segment.verb, lowered, segment.phrases
    if verb == "choose" and _PLAIN_FOLLOW.match(then.lower()):
        follow = [s for s in parse(then).segments if s.verb is not None]
        if follow:
            verb, acting, acted = follow[0].verb or verb, then.lower(), follow[0].phrases
    action, damage, label = _action(verb, acting, acted)
    label = _with_keyword_given(label, card.text)
    if verb == "spend":  # ("spend any number of buffs": each unit's buff)
        label = "spend its buff"
    moving = action is Action.MOVE  # (its destination is chosen now, whatever the outcome)
    # ("When you play me, if you paid the additional cost, ...": a trigger that checks its
    # condition as it triggers; asked about, it was met)
    if action is not Action.AFFECT and (_CONDITIONAL.search(_premised(lowered))
                                        or _CONDITIONAL.search(_premised(acting))
                                        or "instead" in card.text.lower()):
        # what it does depends on facts the scenario does not state: the choice is
        # answered, its outcome is not modelled
        action, damage, label = Action.AFFECT, 0, verb
    counted = _DEAL_FOR_EACH.search(acting)
    if action is Action.DEAL and counted:
        # "Deal 2 to it for each Equipment attached to me" (Riven, Shattered): one instance
        # of the total (418.8), counted from what the board does not record: the choice is
        # answered, the damage is not modelled
        action, damage, label = Action.AFFECT, 0, f"{counted.group(0)} (one instance, 418.8)"
    places = [p for p in segment.phrases if p.relation == "place"]
    # (in the instruction: "When you hold here" is the trigger's condition)
    here = re.search(r"\b(here|there)\b", re.sub(r"^(?:when|whenever)\b[^,]*,", "", lowered))
    if here and here.group(1) == "there":
        raise CompileError(f"{sentence!r}: 'there' (an earlier choice's place) is not "
                           "modelled yet", ("there",), several=True)
    per_place = None
    if [p.words.lower() for p in places] == ["each location"]:  # "up to one ... at each"
        per_place, places = max(s.most or 1 for s in slots), []
        slots = tuple(replace(s, most=None) for s in slots)
    reach, sharing = _where(places, chosen, lowered)
    if sum(1 for slot in slots if slot.most == 1) >= 2 and not re.search(
            r"\bthe same (?:battlefield|location)\b", lowered):
        # "a friendly unit anywhere and an enemy unit at a battlefield", "a unit ... and
        # another unit": each chosen with its own restrictions, nothing shared (a place
        # shared is printed, "at the same battlefield")
        raise CompileError(f"{sentence!r}: several choices, each of one object, with no "
                           "place shared", several=True)
    if here:  # at the source's battlefield: one battlefield, shared by the whole group
        reach, sharing = Reach.HERE, Sharing.NOTHING
    slots = tuple(replace(slot, reach=reach) for slot in slots)
    opening = effect_opening(instruction)
    if instruction.segments[0].mode is Mode.TRIGGER and opening is not None and \
            opens_with_may(opening):
        # a triggered "you may" is decided as the ability is finalized (383.3.a): not
        # performing it, nothing is chosen
        if sum(1 for slot in slots if slot.least > 0) > 1:
            raise CompileError(f"{sentence!r}: a triggered 'you may' over several choices "
                               "(all or none) is not modelled yet", several=True)
        slots = tuple(replace(slot, least=0) for slot in slots)
    cap = _CAP.search(lowered)
    each = None if cap else _EACH_CAP.search(lowered)
    if each:
        slots = tuple(replace(slot, might_at_most=int(each.group(1))) for slot in slots)
    said = [p for p in segment.phrases if p.relation == "destination"]
    # ("any number of your token units to this battlefield": the group's; one unit moved
    # there is the sequence reader's, as it was)
    grouped = any(slot.most is None or slot.most > 1 for slot in slots)
    moves_to = (BASE if said[0].kind == "base" else HERE if grouped and said[0].words.lower()
                in ("this battlefield", "here") else "") if moving and said else ""
    destination = moving and not moves_to and _destination(segment.phrases, sentence)
    said_open = destination and bool(said) and said[0].words.lower() == "an open battlefield"
    if moves_to:
        label = "move to base" if moves_to == BASE else "move here"
    passive = _passive(card.text)
    return GroupTargets(
        name=card.name, text=card.text, action=action, slots=slots, damage=damage,
        might_cap=int(cap.group(1)) if cap else None, sharing=sharing,
        same_controller="same controller" in lowered, hidden=card.hidden,
        destination=destination, destination_open=said_open, repeat=card.repeat,
        label=label, slug=_slug(card.name),
        per_place=per_place, lethal_any=bool(passive), passive=passive, moves_to=moves_to,
        ignores_deflect=_IGNORES_DEFLECT.search(card.text.lower()) is not None,
        read=sentence)


def _premised(sentence: str) -> str:
    """``sentence`` without a play trigger's condition on its own additional cost ("When you
    play me, if you paid the additional cost, ..."): checked as it triggers, met whenever
    the trigger is asked about."""
    return _PAID_PREMISE.sub(r"\1", sentence)


def _destination(phrases: tuple[Phrase, ...], sentence: str) -> bool:
    """A move's destination, chosen at finalization (355.4): any location ("to a single
    location", "to a location", or none said); a fixed one or a narrower one is refused."""
    said = [p.words.lower() for p in phrases if p.relation == "destination"]
    if not said or said[0] in ("a location", "a single location", "an open battlefield"):
        return True  # (an open battlefield: unoccupied and uncontrolled, 170.11.c)
    raise CompileError(f"{sentence!r}: the destination {said[0]!r} is not modelled yet "
                       "(only a location of the controller's choice is)", several=True)


def _passive(text: str) -> str:
    """The card's passive the effect reads, if any: lethal damage in any amount
    (142.4.c, Elder Dragon)."""
    found = _LETHAL_ANY.search(text.lower())
    if found is None:
        return ""
    start = text.lower().index(found.group(0))
    return text[start:start + len(found.group(0))]


def _unit_choices(phrases: tuple[Phrase, ...]) -> list[Phrase]:
    """The object phrases that choose permanents on the board: units or gear."""
    return [p for p in phrases if p.relation == "object"
            and KINDS.get(p.kind, p.kind) in ("unit", "gear")
            and (p.determiner in CHOOSING or p.words.startswith("each of up to"))]


def _count(phrase: Phrase) -> tuple[int, int | None]:
    """Fewest and most units a phrase chooses."""
    words = phrase.words.lower().split()
    if phrase.determiner == "any number of":
        return 0, None
    if "up to" in phrase.words.lower():
        after = words[words.index("to") + 1]
        return 0, _number(after, phrase)
    if words[0] == "another":  # one unit, not the source (see _slot)
        return 1, 1
    return (n := _number(words[0], phrase)), n


def _number(word: str, phrase: Phrase) -> int:
    if word.isdigit():
        return int(word)
    if word in _NUMBERS:
        return _NUMBERS[word]
    raise CompileError(f"{phrase.words!r}: how many units is not understood", (word,))


def _slot(phrase: Phrase, index: int, chosen: list[Phrase], sentence: str) -> GroupSlot:
    qualifiers = [q.lower() for q in phrase.qualifiers]
    # ("any number of your buffed units"; one object in a state is the sequence reader's)
    states = tuple(q for q in qualifiers if q in STATE_WORDS) if phrase.plural else ()
    untracked = [q for q in qualifiers if q in _UNTRACKED and q not in states]
    # "an enemy unit attacking here": a state said after the noun (a group reads none)
    untracked += re.findall(r"^\s+(attacking|defending)\b",
                            sentence[phrase.start + len(phrase.words):].lower())
    if untracked:
        raise CompileError(f"{phrase.words!r}: the filter {untracked[0]!r} is not modelled "
                           "(the scenario format does not state it)", tuple(untracked),
                           several=untracked[0] in _SEQUENCE_FILTERS)
    relation = (Relation.FRIENDLY if "friendly" in qualifiers or "your" in
                phrase.words.lower().split() or _controls(phrase, sentence)
                else Relation.ENEMY if "enemy" in qualifiers else Relation.ANY)
    if any(is_tag_choice(q) for q in qualifiers):
        raise CompileError(f"{phrase.words!r}: a group of units with one of several tags is "
                           "not modelled yet", several=True)
    tags = tuple(tag_name(q) for q in qualifiers if q in TAGS)
    least, most = _count(phrase)
    # "another" and "other friendly units": not the ability's source (355.9.c)
    other = phrase.words.lower().split()[0] == "another" or "other" in qualifiers
    kind = KINDS.get(phrase.kind, phrase.kind)
    either = re.search(r"\bunits?,? (?:and/)?or (?:an? )?gears?\b", sentence.lower())
    kinds = ("unit", "gear") if either else (kind,)
    name = "units" if len(chosen) == 1 else relation.value if relation is not Relation.ANY \
        and sum(1 for p in chosen if _relation_of(p) is relation) == 1 else f"units{index + 1}"
    bases = ["gear" if _kind_of(p) == "gear" and not either else "units" for p in chosen]
    base = bases[index]
    if len(chosen) == 1 or bases.count(base) == 1:
        name = base
    own = "your" in phrase.words.lower().split() or _controls(phrase, sentence)
    if kinds == ("gear",) and {"Bomb", "Gold"} & set(tags) and "token" not in states:
        states = (*states, "token")  # ("friendly Bomb tokens", read as Bomb gear: tokens)
    return GroupSlot(name, relation, Reach.BOARD, least, most, tags, other, None, kinds, own,
                     states)


def _kind_of(phrase: Phrase) -> str:
    return KINDS.get(phrase.kind, phrase.kind)


def _controls(phrase: Phrase, sentence: str) -> bool:
    """"a unit you control": the controller's own unit (friendly, 740.1.a, and not a
    teammate's: a teammate controls theirs)."""
    after = sentence[phrase.start + len(phrase.words):].lower()
    return re.match(r"\s+(?:here\s+)?you control\b", after) is not None


def _relation_of(phrase: Phrase) -> Relation:
    qualifiers = [q.lower() for q in phrase.qualifiers]
    return (Relation.FRIENDLY if "friendly" in qualifiers else
            Relation.ENEMY if "enemy" in qualifiers else Relation.ANY)


def _action(verb: str, sentence: str, phrases: tuple[Phrase, ...]
            ) -> tuple[Action, int, str]:
    """What the instruction does: an action the outcome models, else ``affect`` with the
    instruction's words as its label."""
    if verb == "deal":
        amount = _DEAL.search(sentence)
        if amount is None:
            raise CompileError(f"{sentence!r}: how much damage is not understood", several=True)
        return Action.DEAL, int(amount.group(1)), ""
    if verb == "return" and any(p.kind == "hand" for p in phrases):
        return Action.RETURN_TO_HAND, 0, ""
    if verb == "swap" and "might" in sentence:
        return Action.SWAP_MIGHT, 0, ""
    if verb in _ACTIONS:
        return _ACTIONS[verb], 0, ""
    change = re.search(r"\b(?:give|gives)\b[^.]*?([+-]\d+) \[?might\]?", sentence.lower())
    if verb == "give" and change:  # ("give +1 Might": said with the outcome not modelled)
        return Action.AFFECT, 0, f"give {change.group(1)} Might"
    return Action.AFFECT, 0, verb


def _with_keyword_given(label: str, text: str) -> str:
    """``label`` ("give +3 Might") with the keyword the card gives with it, which the
    reading leaves out ("+3 [Might] and [Tank] this turn").

    >>> _with_keyword_given("give +3 Might", "give one of your other units here +3 [Might] "
    ...                     "and [Tank] this turn.")
    'give +3 Might and [Tank]'
    """
    amount = re.fullmatch(r"give ([+-]\d+) Might", label)
    also = amount and re.search(rf"{re.escape(amount.group(1))} \[Might\] and (\[[A-Za-z]+"
                                rf"(?: \d+)?\])", text)
    return f"{label} and {also.group(1)}" if also else label


def _where(places: list[Phrase], chosen: list[Phrase], sentence: str
           ) -> tuple[Reach, Sharing]:
    """Where each chosen unit must be, and what the group shares (355.11)."""
    if not places:
        return Reach.BOARD, Sharing.NOTHING
    words = " ".join(p.words.lower() for p in places)
    several = len(chosen) > 1 or any(_count(p)[1] != 1 for p in chosen)
    if "same location" in words:
        return Reach.BOARD, Sharing.LOCATION
    if "same battlefield" in words:
        return Reach.BATTLEFIELD, Sharing.BATTLEFIELD
    if words in ("a battlefield",):
        return Reach.BATTLEFIELD, Sharing.BATTLEFIELD if several else Sharing.NOTHING
    if words in ("battlefields", "a battlefield or battlefields"):
        return Reach.BATTLEFIELD, Sharing.NOTHING
    raise CompileError(f"{sentence!r}: where the units are ({words!r}) is not understood",
                      several=True)


# --------------------------------------------------------------------------- its shape


def _one_choice(name: str, text: str, rest: Rest) -> Effect:
    """One choice: split damage or a group (:func:`_single`); the last shape tried."""
    return _single(name, text)


def _reads(effect: SplitDamage | GroupTargets, text: str, sentences: list[str], done: str,
           acting: bool) -> list[str]:
    """The sentences an effect of one choice reads: its own, and one that does what it
    does (``acting``: its verb is its own, "Deal 1 to them." after "Choose two enemy
    units.")."""
    return [s for s in sentences if _alike(s, effect.read or text) or (
        acting and s.lower().startswith(done.split()[0]))]


def _split_reading(effect: SplitDamage, text: str, sentences: list[str], said: list[str]
                   ) -> Reading:
    """A split deals its damage."""
    return Reading(effect, _reads(effect, text, sentences, "deal", True), ["deal"])


def _group_reading(effect: GroupTargets, text: str, sentences: list[str], said: list[str]
                   ) -> Reading:
    """A group does its verb to its members."""
    return Reading(effect, _reads(effect, text, sentences, effect.verb,
                                  effect.action is not Action.AFFECT), [effect.verb])


register_shape(Shape("one choice: split damage or a group", "split, group", 30, _one_choice))
register_deeds(SplitDamage, _split_reading)
register_deeds(GroupTargets, _group_reading)

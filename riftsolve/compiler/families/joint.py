"""The shapes of several choices one after another, read for the joint family
(:mod:`riftsolve.compiler.sequence` reads the sentences): a unit narrowed by words the
grammar does not read (contested by a domain, where the source moved), units, gear and
runes or a facedown card chosen alike, one object of one kind or another, a counter,
[Show Off], modes, and any text a single choice refuses as several (``several=True``).

>>> from riftsolve.compiler.card import compile_card
>>> [p.name for p in compile_card("Crescent Strike", "Choose a battlefield and an enemy "
...  "unit there. Deal 4 to that unit and 1 to each other enemy unit there.").picks]
['battlefield', 'enemy']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from riftsolve.compiler.counters import countering, is_countering
from riftsolve.compiler.families.registry import (
    Reading,
    Rest,
    Shape,
    register_deeds,
    register_shape,
)
from riftsolve.compiler.sequence import (
    SequenceError,
    compile_sequence,
    counted_choices,
)
from riftsolve.compiler.text import (
    _IGNORES_DEFLECT,
    _MODES,
    _REMINDER,
    _REVEALED_PLAYED,
    _SPEND,
    _STATIC,
    CompileError,
    _alike,
    _facts,
    _mode_lines,
    _printed,
    _read_now,
    _sentences,
    _slug,
    chosen_objects,
)
from riftsolve.rules.effects import Action, Effect, Link, Relation
from riftsolve.rules.effects.joint import Deed, JointChoice, Linked, Pick

#: One choice of units, gear and another kind of object, as the whole instruction: "Ready
#: up to 4 units, gear, and/or runes." (runes on the board), "Return another friendly
#: gear, unit, or facedown card to its owner's hand." (a facedown card, at a battlefield):
#: each pattern reads its choice of units or gear, and the other kind and zone it adds.
_WITH_PIECES = (
    (re.compile(r"^(?P<verb>\w+) (?P<det>up to \w+) units, gear, and/or runes"
                r"(?P<rest>\.)$", re.IGNORECASE | re.MULTILINE), "rune", ""),
    (re.compile(r"(?P<head>^[^.]*?)(?P<verb>\w+) (?P<det>another friendly|an?(?: friendly)?) "
                r"gear, unit, or facedown card(?P<rest> [^.]*\.)$", re.IGNORECASE | re.MULTILINE),
     "card", "facedown"),
)


def _with_pieces(name: str, text: str, found: re.Match[str], piece: str,
                 zone: str) -> JointChoice:
    """"Ready up to 4 units, gear, and/or runes": that many objects, each a unit, a gear
    or a rune on the board (355.9.a.1), chosen alike (355.13), every one a target; "Return
    another friendly gear, unit, or facedown card ...": one unit, gear or facedown card (a
    public zone, 355.10.a.1, so a target)."""
    card = _facts(name, text)
    units = found.group("det").rstrip() + (" units or gear" if found.group("det").startswith(
        "up to") else " unit or gear")
    sentence = f"{found.groupdict().get('head') or ''}{found.group('verb')} {units}" \
               f"{found.group('rest')}"
    try:
        effect = compile_sequence(name, _sentences(sentence), text=text, repeat=card.repeat)
    except SequenceError as error:
        raise CompileError(f"{found.group(0)!r}: {error}", error.words) from None
    named = {p.name: re.sub(r"^(?:unit|friendly|gear)", "object", p.name)
             for p in effect.picks}
    return replace(
        effect, picks=tuple(replace(p, name=named[p.name], or_piece=piece, zone=zone)
                            for p in effect.picks),
        links=tuple(replace(lk, pick=named[lk.pick], to=named[lk.to]) for lk in effect.links),
        deeds=tuple(replace(d, pick=named[d.pick]) for d in effect.deeds))


#: "a friendly unit that's in combat with an enemy Fury unit or that's being chosen by an
#: enemy Fury spell": a unit contested by a domain's units or spells.
_CONTESTED = re.compile(r"\b(an? friendly unit) that's in combat with an enemy (\w+)"
                        r"(?: \([^)]*\))? unit or that's being chosen by an enemy \2 spell")


#: "a unit at a battlefield I moved to or from": where the source is now, or where it
#: moved from (the trigger's event's battlefield).
_MOVED_BETWEEN = re.compile(r"\ba unit at a battlefield I moved to or from\b")


def _narrowed(name: str, text: str, found: re.Match[str], words: str,
              narrow: Callable[[Pick], Pick], among: Relation) -> JointChoice:
    """The card read with ``found`` as ``words`` (a unit chosen), that unit's pick then
    narrowed as ``found`` says: a friendly unit in combat with an enemy unit of a domain or
    chosen by an enemy spell of it (Decree of Focus), a unit at a battlefield the source
    moved to or from (Akali)."""
    card = _facts(name, text)
    bare = _REMINDER.sub("", text)  # (where ``found`` was found)
    rest = bare[:found.start()] + words + bare[found.end():]
    try:
        effect = compile_sequence(name, _read_now(_sentences(rest)), text=text,
                                  hidden=card.hidden, repeat=card.repeat)
    except SequenceError as error:
        raise CompileError(f"{found.group(0)!r}: {error}", error.words) from None
    first = next((p for p in effect.picks if p.kind == "unit" and p.among is among), None)
    if first is None:
        raise CompileError(f"{found.group(0)!r}: the unit chosen is not read")
    return replace(effect, picks=tuple(narrow(p) if p is first else p for p in effect.picks))


def _one_of_two_kinds(effect: Effect, words: str) -> Effect:
    """"Give a unit at a battlefield or a gear [Temporary]": one object, of one kind with
    its restriction or of the other (355.9.b): the two picks read, each optional, exactly
    one of them made (``one-of``); refused unless the text chooses just those two.

    >>> from riftsolve.compiler.card import compile_card
    >>> fading = compile_card("Fading Memories", "Give a unit at a battlefield or a gear "
    ...                       "[Temporary].")
    >>> [(p.name, p.reach.value, p.optional) for p in fading.picks]
    [('unit', 'battlefield', True), ('gear', 'board', True)]
    >>> [(lk.pick, lk.link.value, lk.to) for lk in fading.links]
    [('gear', 'one-of', 'unit')]
    """
    picks = effect.picks if isinstance(effect, JointChoice) else ()
    if not isinstance(effect, JointChoice) or len(picks) != 2 or effect.links or {
            p.kind for p in picks} != {"unit", "gear"} or any(
                p.later or p.optional or p.may for p in picks):
        raise CompileError(f"{words!r}: one object of one kind or another, a restriction on "
                           "one kind only, is not modelled yet here")
    first, second = picks
    return replace(effect, picks=tuple(replace(p, optional=True) for p in picks),
                   links=(Linked(second.name, Link.ONE_OF, first.name),))


#: What only the sequence reader reads: "They deal damage equal to their Mights to each
#: other", the units chosen fighting, which a group's one instruction for all does not say
#: (Clash of Giants: "Choose two units."); "When you burn a unit this way, do this:", a
#: reflexive choice after a [Burn] (Forgotten Relic).
_SEQUENCE_ONLY = re.compile(r"(?i)\bthey deal damage equal to their mights to each other\b"
                            r"|\bwhen you burn an? \w+ this way, do this:")


#: "units, gear, and/or runes", "gear, unit, or facedown card": one choice of several kinds.
_KIND = r"(?:facedown )?(?:units?|gear|runes?|cards?|spells?|legends?)"
_KIND_LIST = re.compile(rf"\b{_KIND}(?:, {_KIND})+,? (?:and/or|or) (?:an? )?{_KIND}\b",
                        re.IGNORECASE)
#: "a unit at a battlefield or a gear": one object of either kind, restricted as one kind.
_KIND_OR_KIND = re.compile(r"\ban? (?:[a-z]+ )?(?:unit|gear) (?:at|in|here|with|you)\b[^.,;]*? "
                           r"or an? (?:[a-z]+ )?(?:unit|gear)\b", re.IGNORECASE)
#: "[Show Off] a unit", "[Show Off] a card with Energy cost [7] or more".
_SHOW_OFF = re.compile(r"\[Show Off\]\s+an? (unit|card)(?: with Energy cost (?:\[(\d+)\]|"
                       r":rb_energy_(\d+):) or more)?\.", re.IGNORECASE)
#: "If you showed off a unit, deal damage equal to that unit's Might to a unit."
_SHOWN_MIGHT = re.compile(r"If you showed off a unit, deal damage equal to that unit's Might "
                          r"to (an? [^.]+)\.")


def _show_off(name: str, text: str, shown: re.Match[str]) -> JointChoice:
    """A card with [Show Off]: as it is played, its controller may reveal such a card from
    hand or pick such a friendly object, one or the other (the keyword's reminder text);
    neither is a target (a hand is not public, 355.10.a; a "pick", 355.17), both made as
    the card is played. The rest of the card's choices follow."""
    card = _facts(name, text)
    thing = shown.group(1).lower()
    least = int(shown.group(2) or shown.group(3)) if (shown.group(2) or shown.group(3)) \
        else None
    revealed = Pick("revealed", "card", Relation.FRIENDLY, zone="hand", own=True,
                    card_type="unit" if thing == "unit" else "", optional=True, target=False,
                    energy_at_least=least)
    picked = Pick("shown", "unit", Relation.FRIENDLY, optional=True, target=False,
                  also="" if thing == "unit" else "gear", energy_at_least=least)
    picks: list[Pick] = [revealed, picked]
    links: list[Linked] = [Linked("shown", Link.EITHER, "revealed")]
    deeds: list[Deed] = []
    rest = _SHOW_OFF.sub("", _REMINDER.sub("", text))
    damaged = _SHOWN_MIGHT.search(rest)
    rest = _SHOWN_MIGHT.sub(lambda m: f"Choose {m.group(1)}.", rest)
    if chosen_objects(rest):
        try:
            after = compile_sequence(name, _sentences(rest), text=text)
        except SequenceError as error:
            raise CompileError(f"after [Show Off]: {error}", error.words) from None
        picks += after.picks
        links += after.links
        deeds += after.deeds
        if damaged:
            deeds.append(Deed(after.picks[-1].name, Action.AFFECT,
                              label="deal damage equal to the shown unit's Might (if shown)"))
    elif damaged:
        raise CompileError("the unit dealt damage after [Show Off] is not understood")
    return JointChoice(name=name, text=text, picks=tuple(picks), links=tuple(links),
                       deeds=tuple(deeds), hidden=card.hidden, repeat=card.repeat,
                       slug=_slug(name))


#: A card that lets itself be played to a place its choices name.
_PLAYED_TO = re.compile(r"(?i)\byou may play me to (?:its|that|their)\b[^.]*")


#: A chosen object named in a text: a choosing word, up to three words, an object noun
#: (not a token made).
_MENTION = re.compile(r"\b(?:a|an|another|one|two|three|four|up to (?:one|two|three|four|\d))"
                      r"(?: (?!of\b)[a-z'-]+){0,3}? (?:units?|gears?|equipment|runes?|spells?|"
                      r"abilit(?:y|ies)|cards?|battlefields?|legends?|locations?)\b"
                      r"(?! tokens?\b)")


#: Words before a mention that make it a place, a condition or a description, not a
#: choice: "at a battlefield", "from a battlefield", "if it was an enemy unit", "while
#: there's a stunned unit", "if you control a facedown card".
_NOT_CHOSEN_BEFORE = ("at ", "where ", "there's ", "there is ", "the location of ", "from ",
                      "was ", "it's ", "is ", "control ", "controls ", "becomes ")


def _all_read(effect: JointChoice, text: str) -> None:
    """Refuse a reading that lost a choice: the text names more chosen objects than the
    effect has picks (several alike counted once)."""
    said = 0
    text = "\n".join(line for line in text.split("\n")  # a static ability chooses nothing
                     if not _STATIC.match(" ".join(_REMINDER.sub("", line).split()).lower()))
    for sentence in _read_now(_sentences(text)):
        low = sentence.lower()
        if re.match(r"(?:when|whenever|once each turn)\b", low) and "," in low:
            low = low.split(",", 1)[1]  # a trigger's condition chooses nothing (355.10.c)
        if low.startswith("if ") and "," in low:
            low = low.split(",", 1)[1]  # "If you have exactly two units there, ...": checked
        low = re.split(r"\bif\b", low)[0] if not low.startswith("if ") else low
        # "at a battlefield", "at a different location": where, not what (355.10.b)
        said += sum(1 for m in _MENTION.finditer(low)
                    if not low[:m.start()].endswith(_NOT_CHOSEN_BEFORE)
                    and "different" not in m.group(0) and " of " not in m.group(0))
        # "discard 1", "recycle 2 from your trash", "spend a buff": choices with no noun
        said += counted_choices(low) + sum(1 for _ in _SPEND.finditer(low))
    picks = {p.name for p in effect.picks} - {lk.pick for lk in effect.links
                                              if lk.link is Link.AFTER}
    if said > len(picks):
        raise SequenceError(f"the text names {said} chosen objects, {len(picks)} were read: "
                            "a choice is not understood")


def _modal(name: str, text: str, before: list[str], modes: list[list[str]], chosen: int,
           fresh: bool) -> Effect:
    """A "Choose one -" (two -) card: the modes chosen as it is played, and their picks;
    ``fresh``: only modes not chosen before this turn."""
    card = _facts(name, text)
    if fresh and card.repeat:
        raise CompileError("a choice of modes not chosen before, repeated: not modelled yet")
    try:
        effect = compile_sequence(
            name, before, hidden=card.hidden, repeat=card.repeat, text=text,
            ignores_deflect=_IGNORES_DEFLECT.search(text.lower()) is not None,
            chooses=lambda sentence: bool(chosen_objects(sentence)), modes=modes,
            modes_chosen=chosen, fresh=fresh)
        _all_read(effect, text)
    except SequenceError as error:
        raise CompileError(f"a choice of modes: {error}", error.words) from None
    return effect


# --------------------------------------------------------------------------- its shapes


def _contested(name: str, text: str, rest: Rest) -> Effect | None:
    """Decree of Focus: a friendly unit contested by a domain's units or spells."""
    found = _CONTESTED.search(_REMINDER.sub("", text))
    if found is None:
        return None
    return _narrowed(name, text, found, found.group(1), lambda p: replace(
        p, contested=found.group(2).capitalize()), Relation.FRIENDLY)


def _moved_between(name: str, text: str, rest: Rest) -> Effect | None:
    """Akali, Deadly Weapon: a unit at a battlefield the source moved to or from."""
    found = _MOVED_BETWEEN.search(_REMINDER.sub("", text))
    if found is None:
        return None
    return _narrowed(name, text, found, "a unit at a battlefield", lambda p: replace(
        p, moved_between=True), Relation.ANY)


def _kinds_listed(text: str) -> tuple[re.Match[str] | None, set[str]]:
    """A list of kinds of object chosen alike ("units, gear, and/or runes"), not from a
    zone, and the kinds it names."""
    bare = _REMINDER.sub("", text)
    kinds = _KIND_LIST.search(bare)
    if kinds is None or re.match(r"\s+from (?:your|a|any|their|an opponent's) (?:trash|hand|"
                                 r"deck)", bare[kinds.end():]):
        return None, set()
    return kinds, set(re.findall(r"unit|gear|rune|card|spell|legend", kinds.group(0).lower()))


def _pieces(name: str, text: str, rest: Rest) -> Effect | None:
    """Units or gear chosen alike with runes, or a facedown card (:data:`_WITH_PIECES`)."""
    kinds, _named = _kinds_listed(text)
    if kinds is None:
        return None
    for pattern, piece, zone in _WITH_PIECES:
        found = pattern.search(_REMINDER.sub("", text))
        if found:
            return _with_pieces(name, text, found, piece, zone)
    return None


def _other_kinds(name: str, text: str, rest: Rest) -> Effect | None:
    """Refused: a group of several kinds beyond units and gear (Acceleration Gate's "up to
    4 units, gear, and/or runes" when not read above; Pack of Wonders' "gear, unit, or
    facedown card")."""
    kinds, named = _kinds_listed(text)
    if kinds is not None and not named <= {"unit", "gear"}:
        raise CompileError(f"{kinds.group(0)!r}: a choice among units or gear and other kinds "
                           "of object (runes, cards) is not modelled yet")
    return None


def _either(name: str, text: str, rest: Rest) -> Effect | None:
    """Fading Memories: "a unit at a battlefield or a gear", as the shapes after this one
    read the text (:func:`_one_of_two_kinds`)."""
    either = _KIND_OR_KIND.search(_REMINDER.sub("", text))
    if either is None:
        return None
    return _one_of_two_kinds(rest(), either.group(0))


def _counter(name: str, text: str, rest: Rest) -> Effect | None:
    """Not So Fast, Repulse: a spell or ability countered by what it chooses."""
    if not is_countering(_REMINDER.sub("", text)):
        return None
    return countering(name, text, _slug(name))


def _shown(name: str, text: str, rest: Rest) -> Effect | None:
    """A card with [Show Off] (:func:`_show_off`)."""
    shown = _SHOW_OFF.search(_REMINDER.sub("", text))
    return _show_off(name, text, shown) if shown else None


def _revealed(name: str, text: str, rest: Rest) -> Effect | None:
    """Refused: Dazzling Aurora's unit revealed from a deck and played."""
    revealed = _REVEALED_PLAYED.search(_REMINDER.sub("", text))
    if revealed:
        raise CompileError(f"{revealed.group(0)!r}: a unit revealed from a deck and played: "
                           "where it enters is chosen (355.2.a), but which card is revealed "
                           "a scenario does not state: not modelled yet")
    return None


def _played_to(name: str, text: str, rest: Rest) -> Effect | None:
    """Refused: Stalking Wolf's "kill a Poro you control. You may play me to its
    battlefield" (where the card itself is played)."""
    played = _PLAYED_TO.search(_REMINDER.sub("", text))
    if played:
        raise CompileError(f"{played.group(0)!r}: where the card itself is played, a choice "
                           "tied to its other choices, is not modelled yet")
    return None


def _modes(name: str, text: str, rest: Rest) -> Effect | None:
    """"Choose one -": the modes chosen as the card is played, and their picks."""
    modes = _mode_lines(text)
    return _modal(name, text, *modes) if modes is not None else None


def _several(name: str, text: str, rest: Rest) -> Effect | None:
    """Choices one after another: a text the shapes after this one (a single choice)
    refuse as several (``several=True``), or a fight of the units chosen."""
    try:
        if _SEQUENCE_ONLY.search(text):  # (a fight of the units chosen, a reflexive choice)
            raise CompileError("several choices one after another", several=True)
        return rest()
    except CompileError as error:
        if not error.several or _MODES.search(text.lower()):
            raise
        card = _facts(name, text)
        try:
            read = _read_now(_sentences(text))
            effect = compile_sequence(
                name, read, delayed=not set(read) <= set(_sentences(text)),
                hidden=card.hidden, repeat=card.repeat, text=text,
                ignores_deflect=_IGNORES_DEFLECT.search(text.lower()) is not None,
                chooses=lambda sentence: bool(chosen_objects(sentence)))
            _all_read(effect, text)
            return effect
        except SequenceError as second:
            raise CompileError(f"{error}; read as choices one after another: {second}",
                               error.words or second.words) from None


def _joint_reading(effect: JointChoice, text: str, sentences: list[str], said: list[str]
                   ) -> Reading:
    """What a joint choice does: its deeds; the sentences it reads: those read as the card
    is played (or all, for a delayed trigger's) it does not say it leaves out; a mode's
    instructions left out said in the card's words."""
    if effect.unsaid_modes:
        effect = replace(effect, unsaid_modes=tuple(
            (number, _printed(t, text, least=0.75)) for number, t in effect.unsaid_modes))
    now = _read_now(_sentences(text))
    read = [s for s in sentences if effect.delayed or (
        any(_alike(s, r) for r in now) and not any(_alike(s, u) for u in said))]
    return Reading(effect, read, [d.label or d.action.verb() for d in effect.deeds])


for _order, _name, _reader in (
        (10, "a friendly unit contested by a domain", _contested),
        (11, "a unit where the source moved", _moved_between),
        (12, "units or gear with runes or a facedown card", _pieces),
        (13, "objects of kinds beyond units and gear", _other_kinds),
        (14, "one object of one kind or another", _either),
        (15, "a spell or ability countered by what it chooses", _counter),
        (16, "[Show Off]", _shown),
        (17, "a unit revealed and played", _revealed),
        (18, "the card played where its choices are", _played_to),
        (19, "modes", _modes),
        (20, "several choices one after another", _several)):
    register_shape(Shape(_name, "joint", _order, _reader))
register_deeds(JointChoice, _joint_reading)

"""Reading card text, shared by every family's shapes: the sentences of an ability,
reminder text and keywords set aside, the objects a sentence chooses, the card's facts
(Hidden, Repeat), its modes and costs in words; and the compiler's refusal,
:class:`CompileError`, whose fields say why.

>>> chosen_objects("Kill a unit at a battlefield. Draw 1.")
['unit']
>>> _sentences("Stun a unit. Then deal 2 to it.")
['Stun a unit.', 'Then deal 2 to it.']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache

from riftsolve.compiler.dumps import bracket_symbols
from riftsolve.compiler.sequence import (
    counted_choices,
    tokens_placed,
)
from riftsolve.rules.classify import Role, classify
from riftsolve.rules.grammar import (
    KINDS,
    TOKEN_NAMES,
    GrammarError,
)


class CompileError(ValueError):
    """A card text the compiler cannot turn into an effect; the message says why: the
    words not understood, or the choice no family answers yet."""

    def __init__(self, message: str, words: tuple[str, ...] = (), *, several: bool = False
                 ) -> None:
        super().__init__(message)
        #: The words not understood (empty when the reason is another).
        self.words = words
        #: Whether the text was refused as one choice for what a sequence of choices reads
        #: (several choices, a battlefield or an earlier choice's place, a card picked ...):
        #: the compiler then reads it as choices one after another.
        self.several = several
_SPLIT = re.compile(r"deal (\d+) damage split among (?:any number of )?(enemy |friendly )?units?"
                    r"( here| at battlefields)?\.?$")
#: A choice among modes, or instructions chosen by a condition.
_MODES = re.compile(r"choose (one|two|three)\b[^.]*?-|do (?:one of )?the following")
#: A delayed trigger ("At end of turn, ...", "... at the end of this turn"): its choices
#: are its own, made when it is finalized (355.5.b).
_DELAYED = re.compile(r"(?:^|\b)at (?:the )?(?:end|start|beginning) of (?:the |this |your |"
                      r"each )?(?:next )?(?:turn|main phase|beginning phase)\b",
                      re.IGNORECASE)
#: A line that is a keyword's cost and its reminder: "[Repeat] - Discard 1", "[Equip] ...".
_COST_LINE = re.compile(r"^\s*\[(?:Repeat|Equip|Accelerate|Empower|Quick-Draw|Weaponmaster|"
                        r"Deflect)\b[^\]]*\]\s*(?:[-\u2014\u2013]|:rb_|\[|\(|$)", re.IGNORECASE)
#: The card's own waiver of Deflect (Decree of Insight).
_IGNORES_DEFLECT = re.compile(r"ignore \[deflect\] while paying this spell's cost")
#: A keyword the card has (not one it names: "a card with [Hidden]").
_KEYWORD = re.compile(r"(?<!with )\[([A-Za-z]+)(?: [^\]]*)?\]")
_REMINDER = re.compile(r"\s*\([^)]*\)")


def _read_now(sentences: list[str]) -> list[str]:
    """The sentences whose choices the card's question makes: a delayed trigger's ("...
    at the end of this turn", or a spell's "At end of turn, ...") are made when it is
    finalized (355.5.b), not now; a card whose only choices are its own phase trigger's
    ("At the end of your turn, ready 2 runes") is that trigger's question."""
    now = [s for s in sentences if not _DELAYED.search(s.lower())]
    if chosen_objects(" ".join(now)):  # (together: "You may banish one" of the cards looked at)
        return now
    own = [s for s in sentences if not _DELAYED.search(s.lower())
           or (_DELAYED.match(s.lower()) and s.lower().startswith("at "))]
    if chosen_objects(" ".join(own)):
        return own
    # a card whose only choices are a delayed trigger's it creates ("When you conquer here,
    # ready up to 2 runes at the end of this turn"): that trigger's question, when it is
    # finalized (355.5.b)
    return [re.sub(r"\s+([,.])", r"\1", re.sub(r",\s*,", ",", _DELAYED.sub("", s)))
            for s in sentences]


@dataclass(frozen=True)
class _Card:
    """The facts read off a card's text before its instructions."""

    name: str
    text: str
    hidden: bool
    repeat: bool


#: Nouns naming game objects a card may choose (players and modes are not objects).
_OBJECTS = ("unit", "units", "gear", "gears", "equipment", "rune", "runes", "spell",
            "spells", "ability", "abilities", "card", "cards", "battlefield", "battlefields",
            "location", "locations", "legend", "legends")
#: Determiners that choose (a count of) objects.
_CHOOSING_WORDS = ("a", "an", "one", "another", "two", "three", "four", "five", "six",
                   "up to", "any number of", "each of up to", "split among", r"\d+")


#: "[Deathknell] - ", "[Deathknell][>] ": the ability after it triggers when its card dies.
_DEATHKNELL = re.compile(r"\[Deathknell\]\s*(?:\[>\]|[-\u2014\u2013])\s*([A-Za-z])")
#: A line that opens with [Disarm] or [Disarm N] (its reminder text after it, if any).
_DISARM = re.compile(r"^\s*\[Disarm(?:\s+(\d+))?\]\s*(?:\([^)]*\)\.?)?\s*$",
                     re.IGNORECASE | re.MULTILINE)


def keywords_in_words(text: str) -> str:
    r"""The card's text with each keyword that chooses an object spelled as the ability it
    is short for: a line "[Disarm X]" is "When I attack, give an enemy unit here -X [Might]
    this turn." (831.1.d; X omitted is 1, 831.1.c.3). A keyword that only grants Disarm
    ("Your Mechs have [Disarm].") is left as printed.

    >>> keywords_in_words("[Disarm 2] (When I attack, give an enemy unit here -2 [Might] "
    ...                   "this turn.)\nI enter ready.")
    'When I attack, give an enemy unit here -2 [Might] this turn.\nI enter ready.'
    >>> keywords_in_words("[Disarm]")
    'When I attack, give an enemy unit here -1 [Might] this turn.'

    "[Deathknell] - X" is the trigger "When I die, x" (its reminder text: "When I die, get
    the effect"):

    >>> keywords_in_words("[Deathknell] - You may kill a unit. (When I die, get the effect.)")
    'When I die, you may kill a unit. (When I die, get the effect.)'
    """
    text = _DEATHKNELL.sub(lambda found: f"When I die, {found.group(1).lower()}", text)
    return _DISARM.sub(lambda found: "When I attack, give an enemy unit here "
                       f"-{found.group(1) or 1} [Might] this turn.", text)


def chosen_objects(text: str, destinations: bool = True) -> list[str]:
    """The kinds of game object a card's own text (reminder text left out) makes a player
    choose, in order: a choosing determiner before an object noun ("a unit", "up to two
    gear", "2 runes", "split among enemy units", "to a battlefield").

    >>> chosen_objects("Deal 3 to a unit. Kill a gear."), chosen_objects("Draw 1. (Choose "
    ...     "a unit.)")
    (['unit', 'gear'], [])
    >>> chosen_objects("Deal 4 damage split among enemy units here.")
    ['unit']
    >>> chosen_objects("When I attack, play a Gold gear token exhausted.")
    []
    >>> chosen_objects("When you play me, discard 1, then draw 1.")
    ['card']
    """
    return list(_chosen_objects(text, destinations))


@lru_cache(maxsize=8192)
def _chosen_objects(text: str, destinations: bool) -> tuple[str, ...]:
    """:func:`chosen_objects`, read once per text (a card's sentences are asked about by
    several readings: the compiler's, the reader's, the report's)."""
    found: list[str] = ["location"] if _REVEALED_PLAYED.search(_REMINDER.sub("", text)) else []
    looked = False
    for line in text.split("\n"):  # "[Equip] - Kill a friendly unit": its cost chooses
        keyword = _KEYWORD_ABILITY.match(_REMINDER.sub("", line)) or _KEYWORD_EITHER.match(
            _REMINDER.sub("", line))
        if keyword:
            found += [k for k in chosen_objects(keyword.group(2), destinations)
                      if k not in found]
    for sentence in _sentences(text):
        choosing = _NOT_CHOSEN.sub("", sentence).strip(" ,;")
        if not choosing.strip("."):
            continue  # only a condition, a count or where the card itself may be played
        try:
            kinds = _chosen_as_read(sentence, destinations)
        except GrammarError:
            kinds = _chosen_by_words(sentence)
        if choosing != sentence.strip(" ,;"):
            try:  # (a kind named only in a condition is not chosen)
                kept = _chosen_as_read(choosing[:1].upper() + choosing[1:], destinations)
            except GrammarError:
                kept = _chosen_by_words(choosing)
            kinds = [kind for kind in kinds if kind in kept]
        if counted_choices(sentence) and "card" not in kinds:
            kinds = [*kinds, "card"]  # "discard 1": a card of the hand, no noun said
        if _SPEND.search(sentence.lower()) and "unit" not in kinds:
            kinds = [*kinds, "unit"]  # "spend a buff": a buffed unit's (702.2.b.2)
        if tokens_placed(sentence) and "location" not in kinds:
            kinds = [*kinds, "location"]  # a unit token played: where to (355.2.a)
        low = sentence.lower()
        kinds = [*kinds, *(kind for words, kind in _CHOICE_WORDS if words.search(low)
                           and kind not in kinds)]
        if re.search(r"\bthe top (?:\w+ cards|card)\b", low):
            looked = True
        if looked and re.search(r"\b(?:(?:banish|banishes|choose|pick|put) one\b|draw (?:1|"
                                r"one)\b)", low) and \
                "card" not in kinds:
            kinds = [*kinds, "card"]  # "You may banish one": of the cards looked at
        found += [kind for kind in kinds if kind not in found]
    return tuple(found)


#: Words that choose objects with no noun a choosing determiner reads, and the kind chosen:
#: "spend any number of buffs" (buffed units, 702.2.b.2), "banish that many units you
#: control", "a Shadow Clone you control" (a unit token), "spend its buff" (each unit's, or
#: not), "any number of your token units".
_CHOICE_WORDS = (
    (re.compile(r"\bspend (?:any number of|\d+|two|three) buffs\b"), "unit"),
    (re.compile(r"\bthat many units\b"), "unit"),
    (re.compile(r"\ban? [a-z]+ clone you control\b"), "unit"),
    (re.compile(r"\bfor each friendly unit, you may spend its buff\b"), "unit"),
    (re.compile(r"\bany number of (?:your )?token units\b"), "unit"),
)
#: "Spend a buff": the player chooses which of their buffed units spends it.
_SPEND = re.compile(r"(?<!when you )(?<!whenever you )\bspend (?:a|up to one) buff\b")


#: The roles of a mention that is chosen (355.5, 355.10: a target, a choice made on
#: resolution, or a cost's choice).
_CHOSEN_ROLES = (Role.TARGET, Role.RESOLUTION_CHOICE, Role.COST)
#: Object kinds (not players, zones or buffs).
_OBJECT_KINDS = ("unit", "gear", "rune", "spell", "ability", "legend", "battlefield",
                 "location", "card")


def _chosen_as_read(sentence: str, destinations: bool = True) -> list[str]:
    """The object kinds a sentence chooses, as the grammar and the roles read it: a
    target, a resolution choice or a cost's choice, named with a choosing determiner
    (a trigger condition, a replacement or an object selected by criteria is no choice)."""
    kinds = []
    for mention in classify(sentence).mentions:
        words = mention.words.lower()
        after = sentence[mention.start + len(mention.words):]
        if {"token", "tokens"} & set(words.split()) or re.match(r"\s+tokens?\b", after):
            continue  # (a token made is not an object chosen)
        chosen = (mention.role in _CHOSEN_ROLES and (
            mention.role is not Role.COST
            or any(re.match(rf"{d}\b", words) for d in _CHOOSING_WORDS))
        ) or (destinations and mention.game_action)  # a chosen destination (355.10.b)
        if chosen and mention.kind in _OBJECT_KINDS and mention.kind not in kinds:
            kinds.append(mention.kind)
    if _SPLIT.search(sentence.lower()) and "unit" not in kinds:
        kinds.append("unit")
    return kinds


#: The parts of a sentence that choose nothing: a condition ("if you control 4 or fewer
#: runes", "while you have 8+ runes", "I enter ready if ..."), a count ("for each
#: battlefield you control"), a rune channelled, the player's own legend, where the card
#: itself may be played ("You may play me to an open battlefield", 355.2.a: the play's, not
#: an effect's choice), a trigger's condition ("When you discard one or more cards").
_NOT_CHOSEN = re.compile(
    r"\bif you've (?:played|spent|chosen)\b[^.]*?\bthis turn\b"
    r"|\b(?:if|while|unless)\b[^,.]*|\b(?:i|this) (?:enter|enters|have|has|cost|costs|can|"
    r"can't|don't|deal)\b[^.]*|\bfor each\b[^,.]*|\b(?:\d+|one|two|three|four) or (?:fewer|"
    r"more|less)\b[^,.]*|\bchannel (?:\d+|one|two) runes?(?: exhausted)?|\b(?:ready )?your "
    r"legend\b|\b(?:you may )?play me (?:only )?to\b[^.]*|\bwhen(?:ever)? (?:i|you|an opponent|"
    r"a player) (?:play|plays|discard|discards|choose|chooses|move|moves)\b[^,]*,?"
    # a permission to play a card somewhere, or for less: the play's, not an effect's
    # choice ("Friendly units can be played to an occupied battlefield", "you may pay [1]
    # less to play a gear", "as an additional cost to play a Dragon")
    r"|\b(?:can|may) be played to\b[^.]*|\bless to play\b[^.]*"
    r"|\bas an additional cost to play an? (?!unit from|spell from|card from)[^.]*"
    # a trigger's condition counting plays ("The next three times you play a unit", "the
    # first time they play a unit or gear here each turn")
    r"|\bthe (?:next|first)(?: \w+)? times? (?:you|they|a player|an opponent) plays?\b[^,]*,?"
    # a card named (a name, not an object: "name a spell"), deckbuilding ("Your deck can
    # have any number of cards named X"), the source's own abilities ("Use my abilities
    # only while ..."), the unit an Equipment is attached to ("As this is attached to a
    # unit")
    r"|\bname an? (?:spell|card|unit|gear|tag)\b|\byour deck can have\b[^.]*"
    r"|\buse my abilities\b[^.]*|\bas this is attached to an? unit\b",
    re.IGNORECASE)


def _chosen_by_words(sentence: str) -> list[str]:
    """For a sentence outside the grammar: a choosing determiner a few words before an
    object noun (outside what chooses nothing, :data:`_NOT_CHOSEN`)."""
    words = re.findall(r"[a-z][a-z'-]*|\d+", _NOT_CHOSEN.sub(" ", sentence).lower())
    found: list[str] = []
    for i, word in enumerate(words):
        if word not in _OBJECTS or words[i + 1:i + 2] in (["token"], ["tokens"]):
            continue  # (a token made is not an object chosen)
        before = " ".join(words[max(0, i - 6):i])
        if any(re.search(rf"(^|\s){d}(\s[a-z'-]+){{0,4}}$", before) for d in _CHOOSING_WORDS):
            kind = KINDS.get(word, word.removesuffix("s"))
            if kind not in found:
                found.append(kind)
    return found


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def _alike(one: str, other: str) -> bool:
    """Whether two sentences are one, read or rewritten ("spend any number of buffs" read
    as "... of your buffed units")."""
    a, b = _letters(one), _letters(other)
    return bool(a and b) and (a in b or b in a or SequenceMatcher(None, a, b).ratio() > 0.8)


def _printed(sentence: str, text: str, clause: bool = False, least: float = 0.5) -> str:
    """The card's printed sentence (or ``clause``) ``sentence`` was read from, its keywords
    and symbols kept, else ``sentence``."""
    bare = bracket_symbols(_REMINDER.sub("", text))
    if clause:
        words = re.escape(" ".join(sentence.split()[:2]))
        found = re.search(rf"(?i)\b{words}\b[^.,;]*", bare)
        return found.group(0).strip() if found else sentence
    printed = [part.strip(" -") for line in bare.split("\n")
               for part in re.split(r"(?<=[.!])\s*(?=[A-Z\[])", line) if part.strip(" -")]
    holding = [p for p in printed if _letters(sentence) in _letters(p)]
    if holding:  # ("prevent it.", read off "The next time ..., prevent it.")
        return min(holding, key=len)
    best = max(printed, default=sentence, key=lambda p: SequenceMatcher(
        None, _letters(p), _letters(sentence)).ratio())
    near = SequenceMatcher(None, _letters(best), _letters(sentence)).ratio() >= least
    return best if near else sentence
#: Tokens that are gear: every card that makes them says "play a Bomb gear token".
_GEAR_TOKENS = re.compile(r"\b(Bomb|Gold) tokens?\b")


#: A unit revealed from a deck and then played, no place said: where it enters is chosen
#: as it is played (355.2.a), "reveal cards ... until you reveal a unit ... Play it".
_REVEALED_PLAYED = re.compile(r"(?i)\buntil you reveal a unit\b[^.]*\.\s*play it\b")


#: A keyword ability whose cost is an action: "[Equip] - [Order], Kill a friendly unit",
#: "[Empower] - Discard 1" (the runes of the cost, as symbols or names, before it).
_KEYWORD_ABILITY = re.compile(r"^\s*\[(Equip|Empower)\]\s*[-\u2014\u2013]\s*(?:(?::rb_[a-z0-9_]+:|"
                              r"\[[A-Z][a-z]*\])\s*,\s*)*([A-Z][^(\[]*?)\s*$")
#: A keyword ability whose cost is a rune or an action: "[Equip] - [Universal] or exhaust a
#: friendly unit".
_KEYWORD_EITHER = re.compile(r"^\s*\[(Equip|Empower)\]\s*[-\u2014\u2013]\s*(?::rb_[a-z0-9_]+:|"
                             r"\[[A-Z][a-z]*\])+\s+or\s+([a-z][^(\[]*?)\.?\s*$")


#: The start of a triggered ability's line.
_TRIGGERED = re.compile(r"(?:\[[a-z-]+\]\s*)*(?:when|whenever|once each turn|at the "
                        r"(?:start|end|beginning))\b")
#: A static ability's line: it chooses nothing.
_STATIC = re.compile(r"(?:\[[a-z-]+\]\s*)*(?:while|i have|i can|i enter|friendly units "
                     r"(?:have|can)|this costs|you may play me|if (?:you|i|an opponent)"
                     r"\b[^,]*, (?:i|this|you may play me)\b)")


#: "Choose one -" on a line of its own (after what comes first: a trigger, keywords).
_CHOOSE_ONE = re.compile(r"^(.*?)\bchoose (one|two)( you've not chosen this turn| that hasn't "
                         r"been chosen this turn| you haven't already chosen)? [-\u2014\u2013]\s*$",
                         re.IGNORECASE | re.MULTILINE)


def _mode_lines(text: str) -> tuple[list[str], list[list[str]], int, bool] | None:
    r"""For a "Choose one -" (or "Choose two -") card: its sentences before the list, each
    mode's sentences, how many modes are chosen and whether only modes not chosen before
    this turn may be ("Choose one you've not chosen this turn -"); ``None`` for any other
    text (a choice of modes with a condition on them is refused as a choice of modes).
    The modes are listed one a line ("- Draw 1."), or, as a dump may print them, run
    together after a blank line, each ending where the next begins with no space ("Draw
    1.Deal 2 to a unit at a battlefield.").

    >>> _mode_lines("Choose one -\n\nDraw 1.Kill a unit. Draw 1.")[1]
    [['Draw 1.'], ['Kill a unit.', 'Draw 1.']]
    """
    lines = _REMINDER.sub("", text).split("\n")
    for index, line in enumerate(lines):
        found = _CHOOSE_ONE.match(line.strip())
        if found is None:
            continue
        listed = [ln.strip()[2:] for ln in lines[index + 1:] if ln.strip().startswith("- ")]
        rest = [ln.strip() for ln in lines[index + 1:] if ln.strip()]
        if not listed and len(rest) == 1:
            listed = [mode for mode in re.split(r"(?<=[.!])(?=[A-Z\[])", rest[0]) if mode]
        if len(listed) < 2:
            return None
        opening = found.group(1).rstrip(" ,")
        if _TRIGGERED.match(opening.lower()):
            opening = ""  # ("When you attach an Equipment to me, choose one": its condition)
        before = "\n".join([*lines[:index], opening])
        chosen = 2 if found.group(2).lower() == "two" else 1
        return (_sentences(before), [_sentences(mode) for mode in listed], chosen,
                bool(found.group(3)))
    return None


def _facts(name: str, text: str) -> _Card:
    keywords = {m.group(1).lower() for m in _KEYWORD.finditer(text)}
    return _Card(name, text, "hidden" in keywords, "repeat" in keywords)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _sentences(text: str, permissions: bool = False) -> list[str]:
    """The card's sentences with their reminder text and bracketed keywords removed (and
    its permissions to play a card later, unless ``permissions``)."""
    bare = _costs_in_words(_REMINDER.sub("", text))
    bare = bare.replace("[Might]", "Might").replace(":rb_might:", "Might")
    bare = re.sub(r":rb_[a-z0-9_]+:", " ", bare)
    # a keyword used as a verb ("[Stun] an enemy unit") reads as its word; others go
    bare = re.sub(r"\[([A-Za-z]+)\](?=\s+(?:a|an|up|any|two|three|another|all)\b)",
                  lambda m: m.group(1).lower(), bare)
    # "damage equal to my [Assault]", "equal to its [Shield]": a keyword's value, as its word
    bare = re.sub(r"(?<=equal to my )\[(Assault)\]", lambda m: m.group(1).lower(), bare)
    bare = re.sub(r"(?<=equal to its )\[(Shield)\]", lambda m: m.group(1).lower(), bare)
    # and one used as an adjective ("a friendly [Mighty] unit") as its word, a filter
    bare = re.sub(r"\[([A-Za-z]+)\](?=\s+(?:units?|gears?|cards?|spells?)\b)",
                  lambda m: m.group(1).lower(), bare)
    bare = _tags_as_units(bare)
    # "a unit that's [Empowered]": a unit in that state
    bare = re.sub(r"\ban? (\w+ )?(unit|gear)( you control)? that's \[Empowered\]",
                  r"an empowered \1\2\3", bare)
    for name, word in TOKEN_NAMES.items():  # ("a Shadow Clone you control": one tag)
        bare = re.sub(rf"\b{name}(s?)\b", rf"{word}\1", bare, flags=re.IGNORECASE)
    bare = _GEAR_TOKENS.sub(r"\1 gear", bare)  # ("friendly Bomb tokens": gear, not units)
    # "and give it ":rb_rune_rainbow:: Ready me."": an ability granted, nothing chosen now
    bare = re.sub(r"\s+and give (?:it|them|me) \"[^\"]*\"", "", bare)
    # "a card with [Hidden]": a keyword the chosen object has, as its word
    bare = re.sub(r"\bwith \[(Hidden|Deploy|Ganking|Ambush|Accelerate|Temporary|Tank|"
                  r"Backline)\]", lambda m: f"with {m.group(1).lower()}", bare)
    # "When one or more friendly units attack here, give one of them ...": one of the units
    # attacking there now
    bare = _ONE_OF_THEM.sub(lambda m: f"{m.group(1)}, {m.group(4)} a {m.group(2) or ''}unit "
                            f"{m.group(3)}ing here", bare)
    # "As an additional cost to play a spell, you may exhaust me and three friendly units to
    # reduce the cost of that spell by [2]": the optional cost the card adds, paid as that
    # spell is played (355.10.c), read as a cost to play
    bare = _COST_TO_PLAY.sub(r"As an additional cost to play this, you may \2.", bare)
    # "choose a unit you control at another location. Move me to its location and it to
    # my original location": the two swap places
    bare = re.sub(r"\bchoose (an? [^.]*?)\. Move me to its location and it to my original "
                  r"location\.", r"swap \1 and me.", bare, flags=re.IGNORECASE)
    # "Move me and a Shadow Clone you control to each other's locations": the same swap
    bare = re.sub(r"\bmove me and (an? [^.]*?) to each other's locations\.", r"swap \1 and me.",
                  bare, flags=re.IGNORECASE)
    # "then put a card from your hand on the top or bottom of your Main Deck": a card of
    # the hand chosen, then put there
    bare = re.sub(r"\bput (an? [a-z ]*?card from your hand) on the top or bottom of your "
                  r"Main Deck\b", r"choose \1. Put it on the top or bottom of your Main Deck",
                  bare)
    # "have another unit's base Might become 4": a unit given a base Might
    bare = re.sub(r"\bhave (another|an?) ((?:[a-z]+ )*?)unit's base Might become (\d+)",
                  r"give \1 \2unit base Might \3", bare, flags=re.IGNORECASE)
    raw_lines = _REMINDER.sub("", text).split("\n")
    bare = re.sub(r"\[[^\]]*\]", " ", bare)
    found = []
    for line in bare.split("\n"):
        if _COST_LINE.match(raw_lines.pop(0) if raw_lines else ""):
            continue  # a keyword's cost ("[Repeat] - Discard 1"): paid to play, not read
        for sentence in re.split(r"(?<=[.!])\s+", line):
            sentence = " ".join(sentence.split()).strip(" -")
            # "the next time you play a unit this turn, ready it": a delayed condition,
            # its object no choice (the instruction acts on the object that meets it)
            sentence = re.sub(r"\bthe next time [^,]*,\s*", "", sentence,
                              flags=re.IGNORECASE)
            # "... until you choose another gear with me": how long it lasts, no choice
            sentence = _UNTIL.sub("", sentence)
            # "If you do, you may play a gear ... from hand this turn": a permission for
            # later, nothing chosen as the ability resolves
            if _PERMISSION.match(sentence) and not permissions:
                continue
            if sentence:
                found.append(sentence)
    return found


#: A trigger on units attacking or defending here, then an instruction on "one of them".
_ONE_OF_THEM = re.compile(r"(\b(?:When|Whenever) one or more (friendly |enemy )?units (attack|"
                          r"defend) here), ([a-z]+) one of them\b")
#: An optional additional cost a card adds to the spells (units ...) its controller plays.
_COST_TO_PLAY = re.compile(r"\bAs an additional cost to play an? (spell|unit|gear|card), you "
                           r"may ([^.]+?) to reduce the cost of that \1 by[^.]*\.")
#: A permission to play a card later this turn.
_PERMISSION = re.compile(r"^(?:if you do, )?you may play an? [^.]* this turn\b[^.]*\.$",
                         re.IGNORECASE)
#: A duration at the end of a sentence ("until you choose another gear with me").
_UNTIL = re.compile(r",?\s+until (?:you|the|end|your|it|they)\b[^.]*(?=\.$)", re.IGNORECASE)
#: A unit's tag as a card names it ("a Bird, Cat, Dog, or Poro").
_TAG = r"(?:Mech|Bird|Yordle|Poro|Dragon|Cat|Dog|Reflection)"
_TAG_CHOICE = re.compile(rf"\b({_TAG})((?:, {_TAG})*),? or ({_TAG})\b")


def _tags_as_units(text: str) -> str:
    """One of several tags, "a Bird, Cat, Dog, or Poro", as one word the grammar reads as a
    unit with one of those tags (a card, from a zone).

    >>> _tags_as_units("Return a Bird, Cat, Dog, or Poro from your trash.")
    'Return a bird-or-cat-or-dog-or-poro from your trash.'
    """
    def either(found: re.Match[str]) -> str:
        tags = [found.group(1), *re.findall(_TAG, found.group(2)), found.group(3)]
        return "-or-".join(tag.lower() for tag in tags)

    return _TAG_CHOICE.sub(either, text)


#: An Energy amount as printed ("[4]", ":rb_energy_4:") and Power runes ("[Universal]",
#: ":rb_rune_fury:", one per rune).
_ENERGY = r"(?:\[(\d+)\]|:rb_energy_(\d+):)"
_POWER = r"((?:\[(?:Universal|Order|Chaos|Calm|Body|Mind|Fury)\]|:rb_rune_[a-z]+:)+)"
_COST_AT_MOST = re.compile(
    rf"\b(?:that costs|with cost|costing|with energy cost) no more than {_ENERGY}"
    rf"(?: and (?:with )?(?:power cost )?no more than {_POWER})?", re.IGNORECASE)
_COST_BOUND = re.compile(rf"\bwith energy cost {_ENERGY} or (less|more)", re.IGNORECASE)
_POWER_AT_MOST = re.compile(rf"\band (?:with )?power cost no more than {_POWER}",
                            re.IGNORECASE)


def _costs_in_words(text: str) -> str:
    """Conditions on a chosen object's costs in one wording the readers parse: "that costs
    no more than [4] and no more than [Universal]" -> "with energy cost 4 or less and power
    cost 1 or less"; "with Energy cost [7] or more" -> "with energy cost 7 or more".

    >>> _costs_in_words("Counter a spell that costs no more than [4] and no more than "
    ...                 "[Universal].")
    'Counter a spell with energy cost 4 or less and power cost 1 or less.'
    """
    def runes(symbols: str) -> int:
        return len(re.findall(r"\[[A-Za-z]+\]|:rb_rune_[a-z]+:", symbols))

    def at_most(found: re.Match[str]) -> str:
        said = f"with energy cost {found.group(1) or found.group(2)} or less"
        return said + (f" and power cost {runes(found.group(3))} or less"
                       if found.group(3) else "")

    text = _COST_AT_MOST.sub(at_most, text)
    text = _COST_BOUND.sub(lambda m: f"with energy cost {m.group(1) or m.group(2)} or "
                           f"{m.group(3).lower()}", text)
    return _POWER_AT_MOST.sub(lambda m: f"and power cost {runes(m.group(1))} or less", text)

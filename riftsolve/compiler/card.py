"""Card text compiled into the effect data the solver runs.

A card's text is read ability by ability, sentence by sentence, with the targeting
grammar (:mod:`riftsolve.rules.grammar`). The sentence that chooses units becomes an
effect of a family the engine answers:

* "deal N damage split among any number of enemy units [here]" and Alpha Strike's "choose
  a friendly unit. It deals damage equal to its Might split among ..." become split damage
  (355.14, :class:`~riftsolve.rules.effects.SplitDamage`);
* a verb and one or more unit choices ("Kill a unit at a battlefield", "Deal 6 to each of
  up to two units", "Stun a friendly unit and an enemy unit at the same battlefield",
  "Kill any number of units at a battlefield with total Might 4 or less") become a group
  (355.11, :class:`~riftsolve.rules.effects.GroupTargets`): a slot per chosen phrase with
  its count, whose units, where; what the members share; a total-Might cap; what is done.

A text the compiler cannot read is refused with a :class:`CompileError` naming the words
it does not understand, or what the card chooses that no family answers yet.

>>> effect = compile_card("Singularity", "Deal 6 to each of up to two units.")
>>> effect.action.value, effect.damage, [(s.least, s.most) for s in effect.slots]
('deal', 6, [(0, 2)])
>>> compile_card("Fox-Fire", "[Hidden] [Action] Kill any number of units at a battlefield "
...              "with total Might 4 or less.").might_cap
4
>>> compile_card("Odd", "Kill a unit with a fishy grin.")
Traceback (most recent call last):
...
riftsolve.compiler.card.CompileError: words not understood: 'fishy', 'grin'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any, TypeVar

from riftsolve.compiler.counters import countering, is_countering
from riftsolve.compiler.dumps import bracket_symbols
from riftsolve.compiler.sequence import (
    NOT_BOARD,
    UNTRACKED,
    SequenceError,
    compile_sequence,
    counted_choices,
    effect_opening,
    opens_with_may,
    tokens_placed,
)
from riftsolve.rules.board import BASE, HERE
from riftsolve.rules.choosing import slot_roles
from riftsolve.rules.classify import Role, classify
from riftsolve.rules.effects import (
    STATE_WORDS,
    Action,
    Deed,
    Effect,
    GroupSlot,
    GroupTargets,
    JointChoice,
    Link,
    Linked,
    Pick,
    Pool,
    Reach,
    Relation,
    Sharing,
    SplitDamage,
    Zone,
)
from riftsolve.rules.grammar import (
    CHOOSING,
    KINDS,
    TAGS,
    TOKEN_NAMES,
    GrammarError,
    Instruction,
    Mode,
    Phrase,
    Segment,
    is_tag_choice,
    parse,
    tag_name,
)

#: An effect type.
E = TypeVar("E", SplitDamage, GroupTargets, JointChoice)


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


#: Number words of the templated text.
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10}
#: Verbs whose outcome the engine models, and what they do.
_ACTIONS = {"kill": Action.KILL, "stun": Action.STUN, "move": Action.MOVE}
#: Qualifiers the solver does not track on units (they would filter the choice).
#: (a group does not read a unit's state either, nor "other's")
_UNTRACKED = UNTRACKED - {"open"} | {"exhausted", "ready", "stunned", "attacking",
                                     "defending", "buffed", "other's"}
_SPLIT = re.compile(r"deal (\d+) damage split among (?:any number of )?(enemy |friendly )?units?"
                    r"( here| at battlefields)?\.?$")
_MIGHT_SPLIT = re.compile(r"choose a friendly unit\. it deals damage equal to its might "
                          r"split among (enemy |friendly )?units( here| at battlefields)?\.")
#: A choice among modes, or instructions chosen by a condition.
_MODES = re.compile(r"choose (one|two|three)\b[^.]*?-|do (?:one of )?the following")
_XP = re.compile(r"for each unit this kills, do this: gain (\d+) xp")
#: A passive that makes the controller's damage lethal in any amount (142.4.c).
_LETHAL_ANY = re.compile(r"any amount of your damage is enough to kill enemy units\.?")
#: "a unit or gear", "units, gear, and/or runes": one choice over several object types.
_OR_OTHER = re.compile(r"\bunits?,? (?:and/)?or (?:an? )?(gear|equipment|runes?|spells?|cards?|"
                       r"battlefields?|legends?)\b|\bunits?, (gear|runes?)\b")
#: A delayed trigger ("At end of turn, ...", "... at the end of this turn"): its choices
#: are its own, made when it is finalized (355.5.b).
_DELAYED = re.compile(r"(?:^|\b)at (?:the )?(?:end|start|beginning) of (?:the |this |your |"
                      r"each )?(?:next )?(?:turn|main phase|beginning phase)\b",
                      re.IGNORECASE)
#: A line that is a keyword's cost and its reminder: "[Repeat] - Discard 1", "[Equip] ...".
_COST_LINE = re.compile(r"^\s*\[(?:Repeat|Equip|Accelerate|Empower|Quick-Draw|Weaponmaster|"
                        r"Deflect)\b[^\]]*\]\s*(?:[-\u2014\u2013]|:rb_|\[|\(|$)", re.IGNORECASE)
#: A line of an ability gated by a state the scenario does not state.
_GATED = re.compile(r"^\s*(?:\[[A-Za-z]+\]\s*)*\[(?:Level \d+|Empowered)\]", re.IGNORECASE)
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
#: The card's own waiver of Deflect (Decree of Insight).
_IGNORES_DEFLECT = re.compile(r"ignore \[deflect\] while paying this spell's cost")
#: A cap on each chosen unit's own Might.
_EACH_CAP = re.compile(r"(?:each )?with (\d+) might or less")
_CAP = re.compile(r"total might (?:of )?(\d+) or less")
_DEAL = re.compile(r"\bdeals? (\d+)(?: damage)? to\b")
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


def reviewed(kind: type[E], name: str, text: str, /, **corrections: Any) -> E:
    """A library card: the effect of type ``kind`` compiled from its ``text``, with the
    hand-reviewed ``corrections`` (fields the text does not state, or names kept for the
    scenarios already written) applied."""
    compiled = compile_card(name, text)
    if not isinstance(compiled, kind):
        raise CompileError(f"{name}: compiled as {type(compiled).__name__}, not "
                           f"{kind.__name__}")
    effect: E = replace(compiled, **corrections)
    return effect


def compile_card(name: str, text: str) -> Effect:
    """The effect ``text`` states (see the module's documentation); a
    :class:`CompileError` says why when there is none the engine answers."""
    try:
        effect = _with_unsaid(_compile(name, text), text)
        slot_roles(effect)  # (whether each choice is a target: read from the text)
    except GrammarError as error:  # words outside the grammar, wherever they are read
        raise CompileError(str(error), error.words) from None
    except ValueError as error:
        if isinstance(error, CompileError):
            raise
        raise CompileError(f"which choices are targets is not read: {error}") from None
    return effect


#: A verb of an instruction the card gives ("play that many Bomb tokens", "draw 1").
_INSTRUCTION = re.compile(r"(?i)\b(?:draw|channel|gain|score|recycle|discard|buff|heal|look|"
                          r"reveal|put|give|ready|exhaust|counter|play|return|banish|kill|"
                          r"stun|deal|move|attach|detach|take|spend|empower|disempower|swap|"
                          r"reduce|increase|hide|double|prevent|copy|become)\b")
#: A clause an instruction adds after its first verb: "... and give it +2 Might this turn",
#: "... to score 1 point", ", then draw 1".
_CLAUSE = re.compile(r"(?i)(?:\band|\bto|,\s*then)\s+((draw|gain|score|channel|give|buff|"
                     r"ready|heal|recycle|discard|exhaust|empower|disempower|reduce)\b[^.,;]*)")


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


#: A sentence that is no instruction of the ability: a cost to play ("as an additional
#: cost"), the card's own state ("I enter ready", "I don't deal combat damage").
_NOT_INSTRUCTION = re.compile(r"(?i)\bas an additional cost\b|\bI (?:don't|can't|have|enter)\b")


def _plain_lines(text: str) -> list[str]:
    """The lines of ``text`` that are a spell's own instructions ("Draw 1."), neither a
    triggered, activated or static ability, a keyword nor a cost to play."""
    found = []
    for line in text.split("\n"):
        bare = _REMINDER.sub("", line)
        low = " ".join(bare.split()).lower()
        if not low or _COST_LINE.match(bare) or _STATIC.match(low) or \
                low.startswith(("the first time", "each time", "whenever")) or \
                _KEYWORD_LINE.match(bare) or _TRIGGERED.match(_GATED.sub("", low).lstrip(
                    " [>]")) or _ACTIVATED.search(bare) or ("[>]" in bare and not (
                        _GATED.match(bare) and _INSTRUCTION.search(_GATED.sub("", bare)))):
            continue  # (a spell's line gated by Level keeps its instruction: "[Level 6][>]
            # Give it +3 Might this turn instead", said as not modelled)
        found.append(line)
    return found


def _with_unsaid(effect: Effect, text: str) -> Effect:
    """``effect`` with every instruction of its abilities it leaves out said as not
    modelled: a sentence not read (a delayed one, "At end of turn, play that many Bomb
    tokens ..."; a permission, "If you do, you may play a gear ... this turn"; another
    instruction) and a clause no deed does ("... and give it +2 Might this turn", "... to
    score 1 point"). Costs paid to play and the passive the effect reads are not said."""
    abilities = ability_texts(text) or [  # (a choice of a player, a mode: its line)
        line for line in text.split("\n") if re.search(r"(?i)\bchoose\b", line)]
    scope = "\n".join([*abilities, *_plain_lines(text)]) or text
    passive = getattr(effect, "passive", "")
    every = [s for s in _sentences(scope, permissions=True)
             if _INSTRUCTION.search(s) and not _STATIC.match(s.lower())
             and not (passive and _alike(s, passive))]
    # (what the reader left unsaid, of these abilities' instructions only: not another
    # ability's, a static ability, a cost paid to play)
    said = [u for u in getattr(effect, "unsaid", ()) if any(_alike(u, s) for s in every)
            and not _NOT_INSTRUCTION.search(u)]
    modal = _mode_lines(text)
    if modal is not None:  # (a mode's instructions are said when it is chosen)
        in_modes = [m for mode in modal[1] for m in mode]
        every = [s for s in every if not any(_alike(s, m) for m in in_modes)]
    if isinstance(effect, JointChoice) and effect.unsaid_modes:
        effect = replace(effect, unsaid_modes=tuple(
            (number, _printed(t, text, least=0.75)) for number, t in effect.unsaid_modes))
    if isinstance(effect, JointChoice):
        now = _read_now(_sentences(text))
        read = [s for s in every if effect.delayed or (
            any(_alike(s, r) for r in now) and not any(_alike(s, u) for u in said))]
        done = [d.label or d.action.verb() for d in effect.deeds]
    elif isinstance(effect, (GroupTargets, SplitDamage)):
        done = [effect.verb if isinstance(effect, GroupTargets) else "deal"]
        acting = effect.action is not Action.AFFECT if isinstance(effect, GroupTargets) \
            else True  # ("Choose two enemy units. Deal 1 to them.": the deal is the effect's)
        read = [s for s in every if _alike(s, effect.read or text) or (
            acting and s.lower().startswith(done[0].split()[0]))]
    else:
        return effect
    xp = getattr(effect, "xp_per_kill", 0)  # ("for each unit this kills, gain 1 XP": read)
    left = [_printed(s, text) for s in every if s not in read
            and not any(_alike(s, u) for u in said) and not _NOT_INSTRUCTION.search(s)
            and not (xp and re.search(r"\bgain \d+ xp\b", s.lower()))]
    reduced = re.search(r"(?i)\bto (reduce the cost of that \w+ by [^.]*)",
                        bracket_symbols(_REMINDER.sub("", text)))
    if reduced and _COST_TO_PLAY.search(_REMINDER.sub("", text)):
        left.append(reduced.group(1))  # ("... to reduce the cost of that spell by [2]")
    for sentence in read:
        left += [_printed(m.group(1).strip(), text, clause=True)
                 for m in _CLAUSE.finditer(sentence)
                 if not any(d.lower().startswith(m.group(2).lower()) for d in done)]
    unsaid = tuple(dict.fromkeys([*(_printed(u, text, least=0.75) for u in said), *left]))
    return replace(effect, unsaid=unsaid) if unsaid != getattr(effect, "unsaid", ()) \
        else effect


#: The filters a group can't state that a sequence of choices reads (a unit's state).
_SEQUENCE_FILTERS = frozenset({"exhausted", "ready", "stunned", "attacking", "defending",
                               "buffed", "mighty", "non-dragon"})
#: The conditions on a unit chosen that a sequence of choices reads.
_SEQUENCE_CONDITION = re.compile(r"with energy cost \d+ or|with energy cost no more than my "
                                 r"might|with less might than (?:me|it)")


def _compile(name: str, text: str, one_or_another: bool = False) -> Effect:
    """:func:`compile_card`, grammar errors not yet turned into compile errors: a single
    choice (a split or a group), else several choices one after another (a joint
    choice, :mod:`riftsolve.compiler.sequence`); ``one_or_another``: the text's "a
    unit at a battlefield or a gear" read already (:func:`_one_of_two_kinds`)."""
    _one_ability(text)
    if re.search(r"(?i)\bsomething (?:you|they) controls?\b", text):
        raise CompileError("'something you control' (an object of any kind) is not modelled "
                           "yet")
    kinds = _KIND_LIST.search(_REMINDER.sub("", text))
    in_zone = kinds and re.match(r"\s+from (?:your|a|any|their|an opponent's) (?:trash|hand|"
                                 r"deck)", _REMINDER.sub("", text)[kinds.end():])
    named = set(re.findall(r"unit|gear|rune|card|spell|legend", kinds.group(0).lower())
                ) if kinds else set()
    contested = _CONTESTED.search(_REMINDER.sub("", text))
    if contested:  # (Decree of Focus)
        return _narrowed(name, text, contested, contested.group(1), lambda p: replace(
            p, contested=contested.group(2).capitalize()), Relation.FRIENDLY)
    between = _MOVED_BETWEEN.search(_REMINDER.sub("", text))
    if between:  # (Akali, Deadly Weapon)
        return _narrowed(name, text, between, "a unit at a battlefield", lambda p: replace(
            p, moved_between=True), Relation.ANY)
    for pattern, piece, zone in _WITH_PIECES:
        found = pattern.search(_REMINDER.sub("", text))
        if kinds and not in_zone and found:
            return _with_pieces(name, text, found, piece, zone)
    if kinds and not in_zone and not named <= {"unit", "gear"}:
        # (Acceleration Gate: "up to 4 units, gear, and/or runes"; Pack of Wonders: "gear,
        # unit, or facedown card"): a group of several kinds beyond units and gear
        raise CompileError(f"{kinds.group(0)!r}: a choice among units or gear and other kinds "
                           "of object (runes, cards) is not modelled yet")
    either = _KIND_OR_KIND.search(_REMINDER.sub("", text))
    if either and not one_or_another:  # (Fading Memories: "a unit at a battlefield or a gear")
        return _one_of_two_kinds(_compile(name, text, True), either.group(0))
    if is_countering(_REMINDER.sub("", text)):  # (Not So Fast, Repulse)
        return countering(name, text, _slug(name))
    shown = _SHOW_OFF.search(_REMINDER.sub("", text))
    if shown:
        return _show_off(name, text, shown)
    revealed = _REVEALED_PLAYED.search(_REMINDER.sub("", text))
    if revealed:  # (Dazzling Aurora)
        raise CompileError(f"{revealed.group(0)!r}: a unit revealed from a deck and played: "
                           "where it enters is chosen (355.2.a), but which card is revealed "
                           "a scenario does not state: not modelled yet")
    played = _PLAYED_TO.search(_REMINDER.sub("", text))
    if played:  # (Stalking Wolf: "kill a Poro you control. You may play me to its battlefield")
        raise CompileError(f"{played.group(0)!r}: where the card itself is played, a choice "
                           "tied to its other choices, is not modelled yet")
    modes = _mode_lines(text)
    if modes is not None:
        return _modal(name, text, *modes)
    try:
        if _SEQUENCE_ONLY.search(text):  # (a fight of the units chosen, a reflexive choice)
            raise CompileError("several choices one after another", several=True)
        return _single(name, text)
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


#: "Spend any number of buffs" (a cost, 355.10.c): the buffs of any number of the player's
#: units that have one, read as "any number of your buffed units".
_ANY_BUFFS = re.compile(r"(?i)\bspend any number of buffs\b")


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
#: Tokens that are gear: every card that makes them says "play a Bomb gear token".
_GEAR_TOKENS = re.compile(r"\b(Bomb|Gold) tokens?\b")
#: "Deal 2 to it for each Equipment attached to me": an amount counted from the board
#: (one instance of the total, 418.8).
_DEAL_FOR_EACH = re.compile(r"\bdeal \d+ (?:damage )?to [^.]*?\bfor each\b[^.]*", re.IGNORECASE)
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


#: A unit revealed from a deck and then played, no place said: where it enters is chosen
#: as it is played (355.2.a), "reveal cards ... until you reveal a unit ... Play it".
_REVEALED_PLAYED = re.compile(r"(?i)\buntil you reveal a unit\b[^.]*\.\s*play it\b")


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


def _one_ability(text: str) -> None:
    """Refuse a card whose choices belong to several abilities, or to an ability gated by a
    state a scenario does not state ([Level N], [Empowered]): one effect answers one
    ability's question (see :func:`compile_abilities` for a card with several)."""
    abilities = ability_texts(text)
    if len(abilities) > 1:
        raise CompileError("choices in several abilities (" + "; ".join(
            " ".join(a.lower().split())[:60] for a in abilities) + "): one effect answers "
            "one ability: not modelled yet")


def ability_texts(text: str) -> list[str]:
    r"""The text of each of a card's abilities that makes a choice, in printed order, each
    with the card's keyword lines ("[Hidden] (...)"), which its reading may need. A spell's
    instructions, and the additional costs paid to play it, are one ability; each
    triggered or activated ability is its own; a static ability ("While ...", "I have
    ...") chooses nothing. A "Choose one -" card is one ability.

    >>> [a[:30] for a in ability_texts("You may kill a friendly gear as an additional cost "
    ...     "to play me.\nWhen you play me, if you paid the additional cost, kill a gear.")]
    ['You may kill a friendly gear a', 'When you play me, if you paid ']
    """
    if _CHOOSE_ONE.search(_REMINDER.sub("", text)):
        return [text]
    lines: list[str] = []
    for line in text.split("\n"):  # a list item belongs to the line that opens the list
        if lines and (line.strip().startswith("-") or lines[-1].rstrip().endswith(":")):
            lines[-1] += "\n" + line
        else:
            lines.append(line)
    keywords = [line for line in lines if _KEYWORD_LINE.match(_REMINDER.sub("", line))]
    abilities: dict[str, list[str]] = {}
    for number, line in enumerate(lines):
        bare = _REMINDER.sub("", line)
        low = " ".join(bare.split()).lower()
        keyword = _KEYWORD_ABILITY.match(bare)
        either = _KEYWORD_EITHER.match(bare)
        if either and chosen_objects(either.group(2)):
            # "[Equip] - [Universal] or exhaust a friendly unit": the action is paid instead
            # of the rune, or not (355.10.c: a cost's choice, never a target)
            abilities[f"line {number}"] = [
                f"As an additional cost to play this, you may {either.group(2).strip()}. "
                f"{_KEYWORD_EFFECT[either.group(1).lower()]}"]
            continue
        if keyword and chosen_objects(keyword.group(2)):
            # "[Equip] - Kill a friendly unit": an activated ability whose cost chooses
            # (355.10.c), Equip's unit a target (818.1.b.1), Empower's source none (827.1.b)
            abilities[f"line {number}"] = [
                f"{keyword.group(2).strip()}: {_KEYWORD_EFFECT[keyword.group(1).lower()]}"]
            continue
        if _COST_LINE.match(bare) or not low or _STATIC.match(low) or not chosen_objects(line):
            continue
        ungated = _GATED.sub("", low).lstrip(" [>]")
        own = _TRIGGERED.match(ungated) or _ACTIVATED.search(bare) or (
            "[>]" in bare and not _GATED.match(bare))
        if _GATED.match(bare) and not own:
            # the card's own instructions, more of them at a level or Empowered: what it
            # chooses depends on a state the scenario does not state
            raise CompileError("a choice of an ability gated by [Level] or [Empowered] is "
                               "not modelled yet")
        # (a triggered or activated ability the source has only while Empowered, or at a
        # level, is a question of its own, asked when it exists)
        abilities.setdefault(f"line {number}" if own else "the card's", []).append(line)
    return ["\n".join([*(k for k in keywords if k not in group), *group])
            for group in abilities.values()]


def compile_abilities(name: str, text: str) -> tuple[Effect, ...]:
    r"""One effect per ability of the card that makes a choice (:func:`ability_texts`):
    the card's own effect (named ``name``) when it has one such ability; else one effect
    per ability, named ``"<name>, ability <n>"`` in printed order (each ability is put on
    the Chain and finalized on its own, 355.5), every one of which must compile.

    >>> [e.name for e in compile_abilities("Zaun Punk", "You may kill a friendly gear as "
    ...     "an additional cost to play me.\nWhen you play me, if you paid the additional "
    ...     "cost, kill a gear.")]
    ['Zaun Punk, ability 1', 'Zaun Punk, ability 2']
    """
    gated = _gated_spell(text)
    if gated is not None:
        # "Move an enemy unit. [Level 6][>] Stun an enemy unit.": the card's instructions,
        # more of them at that level: one question without, one with (the scenario's card
        # says which the player has)
        base, gate, more = gated
        return (compile_card(name, base), compile_card(f"{name}, {gate}", f"{base}\n{more}"))
    paid = _paid_instead(text)
    if paid is not None:
        # "Choose an enemy unit with 3 Might or less. If you paid the additional cost,
        # choose any enemy unit instead.": the choice depends on the payment, made as the
        # card is played: one question without it, one with it
        return (compile_card(name, paid[0]),
                compile_card(f"{name}, additional cost paid", paid[1]))
    try:
        texts = ability_texts(text)
    except GrammarError as error:
        raise CompileError(str(error)) from None
    if len(texts) <= 1:
        # (a keyword ability read as "cost: effect" is compiled as read)
        keyword = bool(texts) and texts[0].split("\n")[-1] not in text.split("\n")
        return (compile_card(name, texts[0] if keyword else text),)
    effects = []
    for number, ability in enumerate(texts, 1):
        try:
            effects.append(compile_card(f"{name}, ability {number}", ability))
        except CompileError as error:
            raise CompileError(f"ability {number} of {len(texts)}: {error}",
                               error.words) from None
    return tuple(effects)


#: A keyword ability whose cost is an action: "[Equip] - [Order], Kill a friendly unit",
#: "[Empower] - Discard 1" (the runes of the cost, as symbols or names, before it).
_KEYWORD_ABILITY = re.compile(r"^\s*\[(Equip|Empower)\]\s*[-\u2014\u2013]\s*(?:(?::rb_[a-z0-9_]+:|"
                              r"\[[A-Z][a-z]*\])\s*,\s*)*([A-Z][^(\[]*?)\s*$")
#: A keyword ability whose cost is a rune or an action: "[Equip] - [Universal] or exhaust a
#: friendly unit".
_KEYWORD_EITHER = re.compile(r"^\s*\[(Equip|Empower)\]\s*[-\u2014\u2013]\s*(?::rb_[a-z0-9_]+:|"
                             r"\[[A-Z][a-z]*\])+\s+or\s+([a-z][^(\[]*?)\.?\s*$")
#: What each such keyword ability does once its cost is paid.
_KEYWORD_EFFECT = {"equip": "Attach this to a unit you control.", "empower": "Empower me."}
#: A line of keywords only (with their reminder text removed): "[Hidden]", "[Ganking]".
_KEYWORD_LINE = re.compile(r"^\s*(?:\[[A-Za-z]+(?: \d+)?\]\s*)+$")


#: The start of a triggered ability's line.
_TRIGGERED = re.compile(r"(?:\[[a-z-]+\]\s*)*(?:when|whenever|once each turn|at the "
                        r"(?:start|end|beginning))\b")
#: An activated ability's cost colon ("[Exhaust]: ...", ":rb_exhaust:: ...", "1, : ...").
_ACTIVATED = re.compile(r"(?:\]|:rb_[a-z0-9_]+:|\d)\s*:(?!rb_)\s")
#: A static ability's line: it chooses nothing.
_STATIC = re.compile(r"(?:\[[a-z-]+\]\s*)*(?:while|i have|i can|i enter|friendly units "
                     r"(?:have|can)|this costs|you may play me|if (?:you|i|an opponent)"
                     r"\b[^,]*, (?:i|this|you may play me)\b)")


#: "If you paid the additional cost, choose ... instead.": another choice when it is paid.
_PAID_INSTEAD = re.compile(r"\s*If you paid the additional cost, (choose [^.]*?) instead\.")


def _paid_instead(text: str) -> tuple[str, str] | None:
    """A card whose choice is another one when its optional additional cost is paid: its
    text as played without paying (the "instead" sentence left out) and as played paying
    it (that sentence's choice in place of the one before it); ``None`` for any other card.

    >>> unpaid, paid = _paid_instead("You may spend 5 XP as an additional cost to play "
    ...     "this. Choose an enemy unit with 3 [Might] or less. If you paid the additional "
    ...     "cost, choose any enemy unit instead. Recall it.")
    >>> paid
    'You may spend 5 XP as an additional cost to play this. Choose an enemy unit. Recall it.'
    >>> unpaid[-55:]
    'Choose an enemy unit with 3 [Might] or less. Recall it.'
    """
    found = list(_PAID_INSTEAD.finditer(text))
    if len(found) != 1:
        return None
    instead = found[0]
    before = text[:instead.start()]
    start = max(before.rfind(". "), before.rfind("\n")) + 1
    if not re.match(r"\s*choose\b", before[start:], re.IGNORECASE):
        return None
    unpaid = before + text[instead.end():]
    chosen = re.sub(r"^choose any\b", "choose an", instead.group(1))  # (no restriction)
    lead = " " if before[start - 1:start] == "." else ""
    paid = (before[:start] + lead + chosen[0].upper() + chosen[1:] + "."
            + text[instead.end():])
    return unpaid, paid


def _gated_spell(text: str) -> tuple[str, str, str] | None:
    r"""A card whose own instructions go on at a [Level] or while [Empowered] ("[Level 6][>]
    Stun an enemy unit."), with no other gated line: its text without that line, the gate
    ("Level 6") and the instructions it adds; ``None`` for any other card.

    >>> _gated_spell("Move an enemy unit.\n[Level 6][>] [Stun] an enemy unit. (While you "
    ...              "have 6+ XP, get the effect.)")
    ('Move an enemy unit.', 'Level 6', '[Stun] an enemy unit.')
    """
    lines = text.split("\n")
    gated = [i for i, line in enumerate(lines) if _GATED.match(_REMINDER.sub("", line))]
    if len(gated) != 1:
        return None
    line = _REMINDER.sub("", lines[gated[0]]).strip()
    found = re.match(r"^\[(Level \d+|Empowered)\]\s*\[>\]\s*(.+)$", line, re.IGNORECASE)
    if found is None or _TRIGGERED.match(found.group(2).lower()) or _ACTIVATED.search(
            found.group(2)) or not chosen_objects(found.group(2)):
        return None
    base = "\n".join(ln for i, ln in enumerate(lines) if i != gated[0])
    if not chosen_objects(base) or any(_TRIGGERED.match(" ".join(ln.split()).lower())
                                       or _ACTIVATED.search(ln) for ln in base.split("\n")):
        return None
    return base, found.group(1), found.group(2).strip()


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

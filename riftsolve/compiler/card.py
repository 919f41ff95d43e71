"""Card text compiled into the effect data the solver runs.

A card's text is read ability by ability, with a table of shapes of card text which each
family fills from its own module (:mod:`riftsolve.compiler.families`: the first shape that
reads a text gives its effect), sentence by sentence, with the targeting grammar
(:mod:`riftsolve.rules.grammar`) and the shared reading of text
(:mod:`riftsolve.compiler.text`). The sentence that chooses units becomes an effect of a
family the engine answers:

* "deal N damage split among any number of enemy units [here]" and Alpha Strike's "choose
  a friendly unit. It deals damage equal to its Might split among ..." become split damage
  (355.14, :class:`~riftsolve.rules.effects.SplitDamage`);
* a verb and one or more unit choices ("Kill a unit at a battlefield", "Deal 6 to each of
  up to two units", "Stun a friendly unit and an enemy unit at the same battlefield",
  "Kill any number of units at a battlefield with total Might 4 or less") become a group
  (355.11, :class:`~riftsolve.rules.effects.group.GroupTargets`): a slot per chosen phrase with
  its count, whose units, where; what the members share; a total-Might cap; what is done.

* several choices one after another become a joint choice
  (:class:`~riftsolve.rules.effects.joint.JointChoice`, :mod:`riftsolve.compiler.sequence`).

A text the compiler cannot read is refused with a
:class:`~riftsolve.compiler.text.CompileError` whose fields say why: the words it does not
understand, or what the card chooses that no family answers yet.

>>> effect = compile_card("Singularity", "Deal 6 to each of up to two units.")
>>> effect.action.value, effect.damage, [(s.least, s.most) for s in effect.slots]
('deal', 6, [(0, 2)])
>>> compile_card("Fox-Fire", "[Hidden] [Action] Kill any number of units at a battlefield "
...              "with total Might 4 or less.").might_cap
4
>>> compile_card("Odd", "Kill a unit with a fishy grin.")
Traceback (most recent call last):
...
riftsolve.compiler.text.CompileError: words not understood: 'fishy', 'grin'
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar

from riftsolve.compiler.dumps import bracket_symbols
from riftsolve.compiler.families import Shape, deeds_of, shapes
from riftsolve.compiler.text import (
    _CHOOSE_ONE,
    _COST_LINE,
    _COST_TO_PLAY,
    _KEYWORD_ABILITY,
    _KEYWORD_EITHER,
    _REMINDER,
    _STATIC,
    _TRIGGERED,
    _alike,
    _mode_lines,
    _printed,
    _sentences,
)
from riftsolve.compiler.text import CompileError as CompileError
from riftsolve.compiler.text import chosen_objects as chosen_objects
from riftsolve.compiler.text import keywords_in_words as keywords_in_words
from riftsolve.rules.choosing import slot_roles
from riftsolve.rules.effects import Effect, SplitDamage
from riftsolve.rules.effects.group import GroupTargets
from riftsolve.rules.effects.joint import JointChoice
from riftsolve.rules.grammar import (
    GrammarError,
)

#: An effect type.
E = TypeVar("E", SplitDamage, GroupTargets, JointChoice)
#: A line of an ability gated by a state the scenario does not state.
_GATED = re.compile(r"^\s*(?:\[[A-Za-z]+\]\s*)*\[(?:Level \d+|Empowered)\]", re.IGNORECASE)


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
    deeds = deeds_of(effect)
    if deeds is None:
        return effect
    reading = deeds(effect, text, every, said)
    effect, read, done = reading.effect, reading.read, reading.done
    xp = effect.xp_per_kill  # ("for each unit this kills, gain 1 XP": read)
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


def _compile(name: str, text: str) -> Effect:
    """:func:`compile_card`, grammar errors not yet turned into compile errors: the text read
    by the first shape of the families' table that reads it
    (:mod:`riftsolve.compiler.families`), one ability's choices only."""
    _one_ability(text)
    if re.search(r"(?i)\bsomething (?:you|they) controls?\b", text):
        raise CompileError("'something you control' (an object of any kind) is not modelled "
                           "yet")
    return _read(shapes(), name, text)


def _read(table: tuple[Shape, ...], name: str, text: str) -> Effect:
    """The effect the first shape of ``table`` that reads ``text`` gives; each shape may read
    what the shapes after it make of the text (as deep as the table is long)."""
    for index, shape in enumerate(table):
        effect = shape.read(name, text, partial(_read, table[index + 1:], name, text))
        if effect is not None:
            return effect
    raise CompileError("no shape of card text reads it: nothing for the solver to answer")


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
#: What each such keyword ability does once its cost is paid.
_KEYWORD_EFFECT = {"equip": "Attach this to a unit you control.", "empower": "Empower me."}
#: A line of keywords only (with their reminder text removed): "[Hidden]", "[Ganking]".
_KEYWORD_LINE = re.compile(r"^\s*(?:\[[A-Za-z]+(?: \d+)?\]\s*)+$")
#: An activated ability's cost colon ("[Exhaust]: ...", ":rb_exhaust:: ...", "1, : ...").
_ACTIVATED = re.compile(r"(?:\]|:rb_[a-z0-9_]+:|\d)\s*:(?!rb_)\s")


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

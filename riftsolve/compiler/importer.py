"""Importing a published card dump: read it, compile every card, report what compiled.

The dump is read by its shape's adapter (:mod:`riftsolve.compiler.dumps`: the official
gallery's JSON, the Riftcodex dump, the riftboundfaq catalog), reprints collapse to one
card with the newest text, official errata (an overlay) replace the printed texts, and
each card's text goes through the compiler (:mod:`riftsolve.compiler.card`).

>>> from riftsolve.compiler.dumps import CardRecord

#: The ``text_source`` of a card whose text an errata overlay gave.
ERRATA = "an errata overlay (newer than the printed text)"
>>> def record(name, text):
...     return CardRecord(name, text, ("Spell",), (), (), (), None, 1, 0, None, None,
...                       "gallery", None)
>>> done = import_records([record("Singularity", "Deal 6 to each of up to two units."),
...                        record("Gold", "Draw 1.")])
>>> done.report()["compiled"], [e.name for e in done.effects]
(1, ['Singularity'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TypedDict

from riftsolve._json import JSONOutDoc
from riftsolve.compiler.card import (
    CompileError,
    chosen_objects,
    compile_abilities,
    keywords_in_words,
)
from riftsolve.compiler.dumps import CardRecord
from riftsolve.i18n import _
from riftsolve.rules.effects import Effect
from riftsolve.rules.limits import MAX_CARD_NAME, MAX_CARD_TEXT, shortened

#: The ``text_source`` of a card whose text an errata overlay gave.
ERRATA = "an errata overlay (newer than the printed text)"


class NotCompiled(TypedDict):
    """A card making a choice of objects that did not compile: its name, why, and the
    words at fault."""

    name: str
    why: str
    words: list[str]


@dataclass
class Imported:
    """What an import made: the effects compiled, and the cards left out with why."""

    read: int = 0
    cards: int = 0
    choosing: int = 0
    #: Cards compiled (a card with several abilities that choose has an effect for each).
    compiled: int = 0
    effects: list[Effect] = field(default_factory=list)
    #: Cards making a choice of objects that did not compile: name, why, words.
    failures: list[NotCompiled] = field(default_factory=list)
    #: The other names of each effect (a legend's "Champion, Title"), by effect name.
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def report(self) -> JSONOutDoc:
        """The ``--report`` object."""
        return {"read": self.read, "cards": self.cards, "choose_objects": self.choosing,
                "compiled": self.compiled, "effects": len(self.effects),
                "not_compiled": [{"name": f["name"], "why": f["why"], "words": f["words"]}
                                 for f in sorted(self.failures, key=lambda f: f["name"])]}


def import_records(records: Iterable[CardRecord], read: int | None = None) -> Imported:
    """Compile every card of ``records`` (one per card already: see
    :func:`riftsolve.compiler.dumps.distinct`) that makes a choice of objects."""
    cards = list(records)
    done = Imported(read=len(cards) if read is None else read, cards=len(cards))
    for card in cards:
        if len(card.text) > MAX_CARD_TEXT or len(card.name) > MAX_CARD_NAME:
            done.failures.append({"name": shortened(card.name, 80), "why": _(
                "a text of {text:,} characters or a name of {name:,}: longer than any card's "
                "(at most {most_text:,} and {most_name:,} are read)").format(
                    text=len(card.text), name=len(card.name), most_text=MAX_CARD_TEXT,
                    most_name=MAX_CARD_NAME), "words": []})
            continue
        text = keywords_in_words(card.text)  # ([Disarm X]: its attack trigger, 831.1.d)
        if not chosen_objects(text):
            continue
        done.choosing += 1
        try:
            # (a battlefield card's "here" is the battlefield itself: the scenario names it
            # as the source)
            compiled = list(compile_abilities(card.name, text))
            if card.errata:  # (it wins over a built-in card of the same name)
                compiled = [replace(e, text_source=ERRATA) for e in compiled]
            done.effects += compiled
            done.aliases.update((e.name, card.aliases_of(e.name)) for e in compiled)
            done.compiled += 1
        except CompileError as error:
            done.failures.append({"name": card.name, "why": str(error),
                                  "words": list(error.words)})
    return done

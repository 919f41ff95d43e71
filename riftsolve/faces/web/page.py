"""What the page needs besides answers: the cards it offers (the library, and an imported
one), how each card's targets are declared, and its own sentences in the language asked.

>>> alpha = next(c for c in cards() if c["slug"] == "alpha-strike")
>>> [(slot["name"], slot["shape"], slot["kind"]) for slot in alpha["slots"]]
[('friendly', 'one', 'unit'), ('enemies', 'list', 'unit')]
>>> labels()["answer"]
'Answer'
"""

from __future__ import annotations

from pathlib import Path

import riftsolve.cards as library
from riftsolve._json import JSONOut
from riftsolve.i18n import _
from riftsolve.rules.families.registry import slot_shapes as slots


def cards(folder: str | Path | None = None) -> list[dict[str, JSONOut]]:
    """Every card the page offers: the built-in library's, then those imported into
    ``folder`` (``riftsolve cards import``; default: the default folder, as the CLI's),
    each with its name, slug, text and slots."""
    effects = (*library.library(), *library.user_library(folder).values())
    return [{"name": effect.name, "slug": effect.slug, "text": effect.text,
             "slots": slots(effect)} for effect in effects]


def labels() -> dict[str, str]:
    """The page's own words, by key, in the language spoken now (the page fills every
    element marked ``data-label="<key>"`` with them)."""
    return {
        "title": _("Every legal way: a page for the table"),
        "language": _("Language"),
        "board": _("The board"),
        "form": _("Fill in a form"),
        "paste": _("Paste a scenario"),
        "paste_help": _("The scenario's text: JSON format 1, or the board notation."),
        "card": _("Card"),
        "controller": _("Controller (the player who plays it)"),
        "source": _("Source (the unit or battlefield whose ability it is, if any)"),
        "battlefields": _("Battlefields (separated by commas)"),
        "available_power": _("Power available for Deflect (empty: unlimited)"),
        "bonus_damage": _("Bonus Damage"),
        "from_hidden": _("Played from Hidden at"),
        "units": _("Units"),
        "id": _("id"),
        "unit_controller": _("controller"),
        "might": _("Might"),
        "location": _("location"),
        "damage": _("damage"),
        "deflect": _("Deflect"),
        "stunned": _("stunned"),
        "untargetable": _("untargetable"),
        "tags": _("tags"),
        "add_unit": _("Add a unit"),
        "remove": _("Remove"),
        "targets": _("Chosen targets (for resolve)"),
        "question": _("Question"),
        "finalize": _("Finalize: every legal target declaration"),
        "resolve": _("Resolve: every legal resolution of the chosen targets"),
        "limit": _("Answers listed"),
        "answer": _("Answer"),
        "to_text": _("Show the form's scenario as text"),
        "count": _("Count"),
        "ruling": _("Ruling"),
        "trails": _("Why (the rules applied to the first answers)"),
        "answers": _("Legal answers"),
        "error": _("Error"),
        "refused": _("Refused"),
        "warning": _("Warning"),
        "none": _("No legal answer"),
        "working": _("Answering..."),
    }

"""What the page needs besides answers: the cards it offers (the library, and an imported
one), how each card's targets are declared, and its own sentences in the language asked.

>>> alpha = next(c for c in cards() if c["slug"] == "alpha-strike")
>>> [(slot["name"], slot["shape"], slot["kind"]) for slot in alpha["slots"]]
[('friendly', 'one', 'unit'), ('enemies', 'list', 'unit')]
>>> labels()["answer"]
'Answer'
>>> labels()["of_unit"].format(field=labels()["might"], unit="r1")
'Might of r1'
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
        "title": _("every legal way, for the table"),
        "tagline": _("Enter the board, choose the question: every legal answer, counted "
                     "exactly, with the rules that decide it."),
        "skip": _("Skip to the answer"),
        "language": _("Language"),
        "board": _("The board"),
        "form": _("Form"),
        "paste": _("Text"),
        "paste_help": _("The scenario's text: JSON format 1, or the board notation."),
        "to_form": _("Read into the form"),
        "copy": _("Copy"),
        "copied": _("Copied."),
        "copy_by_hand": _("Selected: copy it with the keyboard."),
        "card": _("Card"),
        "controller": _("Controller (the player who plays it)"),
        "source": _("Source (the unit or battlefield whose ability it is, if any)"),
        "battlefields": _("Battlefields (separated by commas)"),
        "more": _("Power, Bonus Damage, Hidden"),
        "available_power": _("Power available for Deflect (empty: unlimited)"),
        "bonus_damage": _("Bonus Damage"),
        "from_hidden": _("Played from Hidden at"),
        "not_hidden": _("(not from Hidden)"),
        "units": _("Units"),
        "id": _("id"),
        "unit_controller": _("controller"),
        "might": _("Might"),
        "location": _("location"),
        "at_base": _("base (its controller's)"),
        "offboard": _("off the board (trash, hand ...)"),
        "damage": _("damage"),
        "deflect": _("Deflect"),
        "stunned": _("stunned"),
        "untargetable": _("untargetable"),
        "targetable": _("targetable"),
        "untargetable_enemy": _("by enemies"),
        "untargetable_all": _("by anyone"),
        "tags": _("tags"),
        "of_unit": _("{field} of {unit}"),
        "add_unit": _("Add a unit"),
        "remove": _("Remove"),
        "remove_unit": _("Remove {unit}"),
        "quick_add": _("Add units as text"),
        "quick_help": _("One unit a line, as the board notation writes it: id, controller, "
                        "Might, @location, then damage=, deflect=, tags= ..."),
        "quick_button": _("Add these units"),
        "board_error": _("The board does not read"),
        "targets": _("Targets"),
        "targets_help_finalize": _("What each slot of the card may choose on this board, "
                                   "and why the others may not (finalize lists every "
                                   "legal declaration)."),
        "targets_help_resolve": _("The targets chosen when the card was played; one that "
                                  "is illegal now is marked."),
        "kind_unit": _("units"),
        "kind_gear": _("gear"),
        "kind_battlefield": _("a battlefield"),
        "kind_location": _("a location"),
        "kind_player": _("a player"),
        "kind_mode": _("a mode"),
        "nothing_offered": _("nothing on this board"),
        "not_offered": _("Not offered ({n})"),
        "no_slots": _("This card chooses no targets."),
        "illegal_now": _("illegal now"),
        "illegal_title": _("Illegal now, so unaffected (359.3.e.5):"),
        "to_text": _("Show as text (the board notation)"),
        "question": _("Question"),
        "finalize": _("Finalize: every legal target declaration"),
        "resolve": _("Resolve: every legal resolution of the chosen targets"),
        "limit": _("Answers listed"),
        "answer": _("Answer"),
        "shortcut": _("Ctrl+Enter answers from anywhere on the page."),
        "ruling": _("Ruling"),
        "trails": _("Why: the rules applied to the first answers"),
        "every_answer": _("Every answer"),
        "error": _("Error"),
        "refused": _("Refused"),
        "warning": _("Warning"),
        "none": _("No legal answer"),
        "working": _("Answering..."),
    }

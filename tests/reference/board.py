"""How the naive reference reads the raw scenario (format 1 as a dict): its
units, players, locations, and one predicate per targeting rule, shared by every
family's reference. It shares no code with the rules engine it checks.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

Unit = dict[str, Any]
Doc = dict[str, Any]
# One chosen target: (slot name, unit dict, Elder Dragon location key or None).
Choice = tuple[str, Unit, str | None]
# One chosen target of an inline group effect: (slot index, unit dict).
Pick = tuple[int, Unit]
T = TypeVar("T")

ALPHA = "alpha-strike"
VOLIBEAR = "volibear-furious"
FOX = "fox-fire"
TRICKSY = "tricksy-tentacles"
DECREE = "decree-of-discord"
BELLOWS = "bellows-breath"
FACEBREAKER = "facebreaker"
SWITCHEROO = "switcheroo"
ELDER = "elder-dragon"
EMPEROR = "emperor-s-divide"
HEXPLOSIVE = "hexplosive-minefield"

SPLIT_CARDS = (ALPHA, VOLIBEAR)
HIDDEN_CARDS = (FOX, FACEBREAKER, SWITCHEROO, EMPEROR)

# Slots of each card: name -> "one" (a single id) or "list" (a sorted list of ids).
SLOTS: dict[str, dict[str, str]] = {
    ALPHA: {"friendly": "one", "enemies": "list"},
    VOLIBEAR: {"enemies": "list"},
    FOX: {"units": "list"},
    TRICKSY: {"units": "list"},
    DECREE: {"units": "list"},
    BELLOWS: {"units": "list"},
    FACEBREAKER: {"friendly": "one", "enemy": "one"},
    SWITCHEROO: {"units": "list"},
    ELDER: {"enemies": "map"},
    EMPEROR: {"units": "list"},
    HEXPLOSIVE: {"gear": "list"},
}


# ---------------------------------------------------------------------------------------------
# Reading the raw dict
# ---------------------------------------------------------------------------------------------


def _slug(name: str) -> str:
    """Normalise a card name: lower case, runs of other characters become one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _card(doc: Doc) -> str:
    card = _slug(str(doc["card"]))
    if card not in SLOTS:
        raise ValueError(f"unknown card {doc['card']!r}")
    return card


def _me(doc: Doc) -> str:
    return str(doc["controller"])


def _battlefields(doc: Doc) -> list[str]:
    return [str(b) for b in doc.get("battlefields", [])]


def _unit(doc: Doc, uid: str) -> Unit | None:
    for unit in doc["units"]:
        if unit["id"] == uid:
            return dict(unit)
    return None


def _gone(uid: str) -> Unit:
    """A chosen id that is no longer in the dict at all is treated as having left the board."""
    return {"id": uid, "controller": "", "might": 0, "location": "offboard"}


def _unit_or_gone(doc: Doc, uid: str) -> Unit:
    unit = _unit(doc, uid)
    return unit if unit is not None else _gone(uid)


def _might(unit: Unit) -> int:
    """143.2.b: Might below 0 counts as 0 when a card or a total refers to it. A gear has no
    Might (its entry has none): 0 where a cap or a total refers to it."""
    return max(0, int(unit.get("might") or 0))


def _bonus(doc: Doc) -> int:
    return int(doc.get("bonus_damage", 0))


def _budget(doc: Doc) -> int | None:
    value = doc.get("available_power")
    return None if value is None else int(value)


def _policy(doc: Doc, key: str, default: str) -> str:
    return str((doc.get("policy") or {}).get(key, default))


def _lethal_any(doc: Doc) -> bool:
    """142.4.c: Elder Dragon makes any amount of your damage lethal to enemy units, while
    it is on the board (365.1: a passive is active only there)."""
    source = next((u for u in doc["units"] if u["id"] == doc.get("source")), None)
    gone = source is not None and source.get("location") == "offboard"
    return bool(doc.get("lethal_any", _card(doc) == ELDER and not gone))


def _players(doc: Doc) -> list[str]:
    found = {_me(doc)} | {str(u["controller"]) for u in doc["units"]}
    for team in doc.get("teams") or []:
        found |= {str(p) for p in team}
    found.discard("")
    return sorted(found)


# ---------------------------------------------------------------------------------------------
# Players, locations, targeting: one predicate per rule
# ---------------------------------------------------------------------------------------------


def friends(doc: Doc, p: str, q: str) -> bool:
    """740.1.a: the same player, or teammates (listed together in one ``teams`` list)."""
    if p == q:
        return True
    return any(p in team and q in team for team in doc.get("teams") or [])


def opponents(doc: Doc, p: str, q: str) -> bool:
    """740.1.b: every player who is not a friend is an opponent."""
    return not friends(doc, p, q)


def is_friendly(doc: Doc, unit: Unit) -> bool:
    """740.1.a: a unit is friendly to the card's controller if its controller is a friend."""
    return on_board(unit) and friends(doc, _me(doc), str(unit["controller"]))


def is_enemy(doc: Doc, unit: Unit) -> bool:
    """740.1.b: a unit is an enemy if an opponent of the card's controller controls it."""
    return on_board(unit) and opponents(doc, _me(doc), str(unit["controller"]))


def on_board(unit: Unit) -> bool:
    """355.9.a.1: "unit" means an object on the board (359.3.e.2: leaving it makes it illegal)."""
    return unit.get("location") != "offboard"


def is_unit(unit: Unit) -> bool:
    """355.9.a.1, 355.9.b: "unit" means a unit on the board; a gear (``"type": "gear"``)
    is not one, so it never meets a restriction that says "unit"."""
    return str(unit.get("type", "unit")) == "unit"


def at_battlefield(doc: Doc, unit: Unit) -> bool:
    """Targeting restriction "at a battlefield" (355.9.b); a base is not a battlefield."""
    return on_board(unit) and unit.get("location") in _battlefields(doc)


def location_key(unit: Unit) -> str:
    """146.1: a unit's location. "base" is its own controller's base (107.1.b)."""
    loc = str(unit.get("location"))
    return f"base:{unit['controller']}" if loc == "base" else loc


def targetable(doc: Doc, unit: Unit) -> bool:
    """757, 758, 355.9.b: "can't be chosen" makes a unit an illegal target."""
    mode = unit.get("untargetable")
    if mode == "all":
        return False
    return not (mode == "enemy" and opponents(doc, _me(doc), str(unit["controller"])))


def deflect_cost(doc: Doc, unit: Unit) -> int:
    """809.1.c: choosing an opponent's Deflect unit costs its Deflect in Power; yours cost 0."""
    if opponents(doc, _me(doc), str(unit["controller"])):
        return int(unit.get("deflect", 0))
    return 0


def hidden_ok(doc: Doc, unit: Unit) -> bool:
    """811.1.d.2: targets of a card played from Hidden must be at the Hidden battlefield."""
    bf = doc.get("from_hidden")
    if bf is None or _card(doc) not in HIDDEN_CARDS:
        return True
    return on_board(unit) and unit.get("location") == bf


def volibear_here(doc: Doc) -> str | None:
    """359.3.f.2: "here" is the source's location, checked now; only a battlefield counts."""
    source = _unit_or_gone(doc, str(doc.get("source", "")))
    if at_battlefield(doc, source):
        return str(source["location"])
    return None


def here(doc: Doc) -> str | None:
    """359.3.f.2: "here" is the source's location as the instruction is finalized or executes;
    only a battlefield is "here" (a base is not, nor is anywhere off the board): None."""
    source = doc.get("source")
    if source is None:
        return None
    unit = _unit_or_gone(doc, str(source))
    return str(unit["location"]) if at_battlefield(doc, unit) else None

"""A deliberately naive reference for the targeting rules of nine Riftbound cards (Core Rules 1.4).

This module is a test oracle. It is written to be obviously correct, not fast:

* It reads the raw scenario dict ("scenario format 1") directly and shares no code with the
  rules engine it checks.
* Finalization is brute force. Every unit is assigned to each slot of the card or to no slot,
  in every combination. Tricksy Tentacles also tries every destination, and Elder Dragon tries
  every mapping from locations to units. The results are then filtered with small predicates,
  one per rule, each naming its Core Rules number.
* Split resolution (Alpha Strike, Volibear) tries every damage vector over the chosen targets
  (each amount 0..pool) and keeps the legal ones.
* Group resolution (355.11.b) tries every subset of the legal chosen units.
* Inline group effects (a scenario whose ``effect`` is ``{"name", "text", "group": {...}}``)
  are read from their fields alone, with no card-specific case: ``group_declarations`` and
  ``group_resolutions`` (see "Inline group effects" below).

Boards in tests have at most about seven units, so exponential enumeration is fine.

Gear (a ``units`` entry with ``"type": "gear"``, no ``might``): "unit" and "gear" mean
different objects on the board (355.9.a.1), and only a gear meets "a gear", only a unit "a
unit" (355.9.b). So a gear is never chosen by the library's cards nor by a split (they all
say "unit": ``is_unit``), takes no part in combat (465.2 is about units), and fills a slot of
an inline group only if the slot's ``kinds`` has ``"gear"`` (``kind_ok``). Every other slot
filter applies to a gear as to a unit; a gear has no Might, which counts as 0 where a cap
refers to it (``_might``).

Answers are canonical JSON strings, ``json.dumps(line, sort_keys=True)``.

Combat damage assignment (465.2, spec/combat.md) is at the end: ``combat_answers`` tries every
vector of amounts over the receivers adding up to the damage (and every Tank-or-Backline choice
for a unit with both, 465.2.c.8-9) and keeps the vectors that pass one small predicate per rule.
Where spec/combat.md and the Core Rules 1.4 differ or are silent, this reference follows the
rules, as read here:

* A receiving unit's lethal amount uses its *current* Might (465.2: "using their current
  Might"; 465.2.c.2 and 142.4.b: lethal is non-zero damage >= the unit's Might). Shield X is
  "while I am a defender, I have +X Might" (814.1.c) and Assault X "while I am an attacker, I
  have +X Might" (807.1.c): a unit's Might really is higher during combat, not only its share
  of the sum. So a defending ``Shield 2`` unit with ``might`` 2 needs 4, and when a defender
  assigns, an attacking ``Assault 1`` unit with ``might`` 2 needs 3. combat.md's formula
  ``max(1, might - damage) + prevent`` names only ``might``; it is read here with ``might``
  meaning the combat Might (the ``might`` field plus the Assault/Shield that applies), which is
  what the rules require. The keyword that does not apply (Shield on an attacker, Assault on a
  defender) changes nothing.
* Negative Might (143.2.b, b.1): Assault/Shield add to the real value; a unit adds
  ``max(0, Might)`` to the sum; as a receiver its lethal amount is still at least 1 (142.4.b,
  "non-zero"), so ``max(1, Might - damage)`` (never below 1, also for a unit already marked
  with lethal damage, which a cleanup would have killed before combat damage anyway).
* Prevent (437.5.a, 465.2.c.5): the lethal amount is the above plus the Prevent Value. With
  ``"all"`` (437.5.b) no amount is lethal, so (465.2.c.3) no damage ever passes it: damage that
  reaches it in the order stays on it, and the units after it (same controller, later group)
  get none; over-assignment elsewhere is impossible while it is unfilled (465.2.c.4). It is
  not exempt (465.2.c.10, Counter Strike example). ``lethal_any`` (142.4.c) makes the lethal
  amount ``1 + prevent``; it does not make a ``"all"`` unit killable.
* Tank and Backline (815.1.b, 826.3) bind only units of the same controller. Each receiver is
  in a group: Tank first, neither, Backline last (465.2.c.6); a unit with both is put in one of
  the two groups by the assigner, unit by unit (465.2.c.8-9). An assignment reachable with
  several such choices is one answer.
* Excess (465.2.c.4, "unless no further units remain"): only once every receiver has its
  lethal amount. Policy ``"any"``: the excess is divided in any way. Policy ``"last"``: it all
  goes on one unit that could be the last one assigned, i.e. a unit of the last non-empty
  group of its own controller (with several controllers, any controller's last group: their
  orders interleave freely).
* Several defending controllers: 462 says a combat is between exactly two players, so the
  multiplayer boards of combat.md cannot arise under 1.4; the reference still handles them as
  combat.md says (orders per controller, at most one partly filled receiver overall).
* ``undamageable`` (465.2.c.10): no amount is lethal and it is "ignored for the purposes of
  assigning lethal damage", so it is no receiver at all (as combat.md says). With damage but no
  receiver, the one answer is ``{"assigned": {}}`` (055: do as much as you can).

>>> _slug("Volibear, Furious")
'volibear-furious'
>>> _slug("fox-fire") == _slug("Fox-Fire")
True
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterator
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


# ---------------------------------------------------------------------------------------------
# What a single slot accepts on its own (355.9): the same test at finalization and resolution
# ---------------------------------------------------------------------------------------------


def slot_accepts(doc: Doc, slot: str, unit: Unit, where: str | None = None) -> bool:
    """355.9 / 359.3.e.2: may this unit fill this slot (as the board is now)?"""
    card = _card(doc)
    if not on_board(unit) or not targetable(doc, unit) or not hidden_ok(doc, unit):
        return False
    if card == HEXPLOSIVE:
        # "friendly Bomb tokens": gear tokens (every card that makes one says "play a Bomb
        # gear token"), anywhere on the board; never a unit, nor a Bomb gear that is not a
        # token (355.9.b)
        return not is_unit(unit) and is_friendly(doc, unit) and "Bomb" in (
            unit.get("tags") or []) and bool(unit.get("token", False))
    if not is_unit(unit):
        return False  # 355.9.b: every other slot of these cards chooses a unit, never a gear
    if card == ALPHA and slot == "friendly":
        # "Choose a friendly unit": anywhere on the board.
        return is_friendly(doc, unit)
    if card == ALPHA:
        # "enemy units at battlefields"
        return is_enemy(doc, unit) and at_battlefield(doc, unit)
    if card == VOLIBEAR:
        # "enemy units at his battlefield" (here)
        here = volibear_here(doc)
        return is_enemy(doc, unit) and here is not None and unit.get("location") == here
    if card in (FOX, SWITCHEROO):
        # "units at a battlefield" / "two units at the same battlefield": any controller.
        return at_battlefield(doc, unit)
    if card == TRICKSY:
        # "enemy units", no location requirement.
        return is_enemy(doc, unit)
    if card == DECREE:
        # "enemy Order units"
        return is_enemy(doc, unit) and "Order" in (unit.get("tags") or [])
    if card == BELLOWS:
        # "units": any controller, anywhere.
        return True
    if card == FACEBREAKER and slot == "friendly":
        return is_friendly(doc, unit) and at_battlefield(doc, unit)
    if card == FACEBREAKER:
        return is_enemy(doc, unit) and at_battlefield(doc, unit)
    if card == ELDER:
        # "up to one enemy unit at each location": it must be at the location it is listed under.
        return is_enemy(doc, unit) and location_key(unit) == where
    if card == EMPEROR:
        # "friendly units at a battlefield"
        return is_friendly(doc, unit) and at_battlefield(doc, unit)
    raise AssertionError(card)


# ---------------------------------------------------------------------------------------------
# What a group must meet together (355.11, 355.14.c)
# ---------------------------------------------------------------------------------------------


def one_battlefield(doc: Doc, units: list[Unit]) -> bool:
    """355.11: "at a battlefield" / "at the same battlefield": all share one battlefield."""
    return all(at_battlefield(doc, u) for u in units) and len({u["location"] for u in units}) <= 1


def one_location(units: list[Unit]) -> bool:
    """355.11, Bellows Breath "at the same location"; each base is its own location (198.1)."""
    return len({location_key(u) for u in units}) <= 1


def one_controller(units: list[Unit]) -> bool:
    """355.11, Tricksy Tentacles: the moved units share a single controller."""
    return len({u["controller"] for u in units}) <= 1


def total_might_at_most(units: list[Unit], cap: int) -> bool:
    """355.11, 143.2.b: the total Might of the group (negatives count as 0) is at most cap."""
    return sum(_might(u) for u in units) <= cap


def _in_slot(choices: list[Choice], slot: str) -> list[Unit]:
    return [u for s, u, _ in choices if s == slot]


def group_meets(doc: Doc, choices: list[Choice], finalizing: bool) -> bool:
    """The requirement the chosen units meet together.

    At finalization (355.8) every required slot must be filled; at resolution (355.11.b,
    359.3.e.8) only the collective requirement and the slot maxima are checked.
    """
    card = _card(doc)
    units = [u for _, u, _ in choices]
    ids = [u["id"] for u in units]
    if len(ids) != len(set(ids)):
        return False  # a unit is never chosen twice in one declaration
    for slot, kind in SLOTS[card].items():
        count = len(_in_slot(choices, slot))
        if kind == "one" and (count > 1 or (finalizing and count != 1)):
            return False  # 355.8: every required target must be chosen
    if card == ALPHA:
        friendly = _in_slot(choices, "friendly")
        cap = _might(friendly[0]) if friendly else 0
        # 355.14.c: at most the initial damage (its Might; 417.6.b.3: no spell bonus).
        return len(_in_slot(choices, "enemies")) <= cap
    if card == VOLIBEAR:
        # 355.14.c with 715.3: bonus damage is added to the amount split.
        return len(units) <= 5 + _bonus(doc)
    if card == FOX:
        return one_battlefield(doc, units) and total_might_at_most(units, 4)
    if card == TRICKSY:
        return one_controller(units) and total_might_at_most(units, 8)
    if card == DECREE:
        return total_might_at_most(units, 5)
    if card == BELLOWS:
        return len(units) <= 3 and one_location(units)
    if card == FACEBREAKER:
        return one_battlefield(doc, units)
    if card == SWITCHEROO:
        size_ok = len(units) == 2 if finalizing else len(units) <= 2
        return size_ok and one_battlefield(doc, units)
    if card == ELDER:
        # "up to one enemy unit at each location"
        wheres = [w for _, _, w in choices]
        return len(wheres) == len(set(wheres))
    if card == EMPEROR:
        return one_battlefield(doc, units)  # "any number of ... at a battlefield"
    if card == HEXPLOSIVE:
        return True  # any number, nothing shared
    raise AssertionError(card)


def may_move_to(doc: Doc, mover: Unit, dest: str) -> bool:
    """Whether a unit of ``mover``'s controller may be moved to ``dest`` by any means: a base
    always; a battlefield unless a teammate of that controller has a unit there (447.2.b), or
    units of two players other than that controller are there already (449.2)."""
    if dest not in _battlefields(doc):
        return True
    me = str(mover["controller"])
    present = {str(u["controller"]) for u in doc["units"]
               if is_unit(u) and u.get("location") == dest}
    present.discard(me)
    if any(friends(doc, me, p) for p in present):
        return False  # 447.2.b
    return len(present) < 2  # 449.2


def destination_ok(doc: Doc, units: list[Unit], dest: str) -> bool:
    """355.4.a: a move's destination must differ from the current location of each moved
    unit; 447.2.b, 449.2: and be a place each of them may be moved to."""
    if not all(may_move_to(doc, u, dest) for u in units):
        return False
    if dest == "base":
        return all(u.get("location") != "base" for u in units)
    return dest in _battlefields(doc) and all(u.get("location") != dest for u in units)


# ---------------------------------------------------------------------------------------------
# Finalization
# ---------------------------------------------------------------------------------------------


def _targets_of(doc: Doc, choices: list[Choice]) -> dict[str, Any]:
    card = _card(doc)
    targets: dict[str, Any] = {}
    for slot, kind in SLOTS[card].items():
        if kind == "one":
            targets[slot] = _in_slot(choices, slot)[0]["id"]
        elif kind == "list":
            targets[slot] = sorted(u["id"] for u in _in_slot(choices, slot))
        else:
            targets[slot] = {str(w): u["id"] for s, u, w in choices if s == slot}
    return targets


def _all_assignments(doc: Doc) -> Iterator[list[Choice]]:
    """Every way to put every unit in a slot or in no slot (Elder Dragon: every mapping)."""
    card = _card(doc)
    units: list[Unit] = [dict(u) for u in doc["units"]]
    if card == ELDER:
        locations = _battlefields(doc) + [f"base:{p}" for p in _players(doc)]
        for picks in itertools.product([None, *units], repeat=len(locations)):
            pairs = zip(locations, picks, strict=True)
            yield [("enemies", u, w) for w, u in pairs if u is not None]
        return
    options: list[str | None] = [None, *SLOTS[card]]
    for slots in itertools.product(options, repeat=len(units)):
        yield [(s, u, None) for s, u in zip(slots, units, strict=True) if s is not None]


def _single_declarations(doc: Doc) -> list[tuple[dict[str, Any], int, bool]]:
    """Every legal declaration ignoring the Power budget: (targets, deflect cost, non-empty)."""
    card = _card(doc)
    found: list[tuple[dict[str, Any], int, bool]] = []
    for choices in _all_assignments(doc):
        if not all(slot_accepts(doc, s, u, w) for s, u, w in choices):
            continue
        if not group_meets(doc, choices, finalizing=True):
            continue
        cost = sum(deflect_cost(doc, u) for _, u, _ in choices)  # 809.1.c, per choice
        found += _declared(doc, _targets_of(doc, choices), cost,
                           [u for _, u, _ in choices], moves=card == TRICKSY)
    return found


def _declared(doc: Doc, targets: dict[str, Any], cost: int, units: list[Unit], moves: bool
              ) -> list[tuple[dict[str, Any], int, bool]]:
    """A legal choice of units as declarations: one, or for a move of a non-empty group
    one per destination (355.4: chosen at finalization, not a target; 355.4.a: a
    battlefield or the units' base, where none of them stands)."""
    if not (moves and units):
        return [(targets, cost, bool(units))]
    return [({**targets, "destination": dest}, cost, True)
            for dest in [*_battlefields(doc), "base"] if destination_ok(doc, units, dest)]


def _within_budget(doc: Doc, cost: int) -> bool:
    """356.2.a.2, 809.1.d: Deflect is a mandatory additional cost; it must be payable."""
    budget = _budget(doc)
    return budget is None or cost <= budget


def _playable_from_hidden(doc: Doc, decls: list[tuple[dict[str, Any], int, bool]]) -> bool:
    """811.1.d: a card played from Hidden with no valid (non-empty) targets cannot be played."""
    if doc.get("from_hidden") is None or _card(doc) not in HIDDEN_CARDS:
        return True
    return any(non_empty for _, _, non_empty in decls)


def _line(targets: dict[str, Any], cost: int) -> str:
    return json.dumps({"targets": targets, "deflect_cost": cost}, sort_keys=True)


def finalize_lines(doc: Doc) -> set[str]:
    """Every legal finalize line (targets and Deflect cost) for the scenario."""
    card = _card(doc)
    decls = _single_declarations(doc)
    if not _playable_from_hidden(doc, decls):
        return set()
    if card == BELLOWS and doc.get("repeat"):
        # 820.2, 820.2.a: the repeat's choices are made now and may differ; Deflect is per choice.
        lines: set[str] = set()
        for (t1, c1, _), (t2, c2, _) in itertools.product(decls, repeat=2):
            if _within_budget(doc, c1 + c2):
                lines.add(_line({**t1, "repeat": t2}, c1 + c2))
        return lines
    return {_line(t, c) for t, c, _ in decls if _within_budget(doc, c)}


# ---------------------------------------------------------------------------------------------
# Resolution: split damage (355.14)
# ---------------------------------------------------------------------------------------------


def _split_pool(doc: Doc) -> int | None:
    """The damage to split now, or None when the referent is null (359.3.f.2.a)."""
    card = _card(doc)
    if card == VOLIBEAR:
        return 5 + _bonus(doc)  # 715.3
    friendly = _unit_or_gone(doc, str(doc["targets"]["friendly"]))
    if not slot_accepts(doc, "friendly", friendly):
        return None  # 359.3.e.12, 359.3.f.2.a: "its Might" is null, nothing is dealt
    return _might(friendly)  # 359.3.f.2: its Might as the spell resolves


def _damage_line(amounts: dict[str, int]) -> str:
    return json.dumps({"damage": {k: v for k, v in amounts.items() if v > 0}}, sort_keys=True)


def _split_answers(doc: Doc) -> set[str]:
    chosen = [_unit_or_gone(doc, str(uid)) for uid in doc["targets"].get("enemies", [])]
    empty = {_damage_line({})}
    pool = _split_pool(doc)
    if pool is None or pool == 0:
        return empty
    forfeit = _policy(doc, "split_illegal", "redistribute") == "forfeit"
    legal = [slot_accepts(doc, "enemies", u) for u in chosen]  # 359.3.e.2, 758.1
    # 359.3.e.9.a: under forfeit an illegal target still on the board keeps its place.
    may_share = [ok or (forfeit and on_board(u)) for ok, u in zip(legal, chosen, strict=True)]
    places = sum(may_share)
    if places == 0:
        return empty  # 359.3.e.7: no legal target, the instruction does not execute
    keep = min(places, pool)  # 355.14.h, 355.14.h.1: drop exactly enough, never more
    answers: set[str] = set()
    ranges = [range(pool + 1) if share else range(1) for share in may_share]
    for vector in itertools.product(*ranges):
        if sum(vector) != pool:
            continue  # the whole pool is split (355.14.e-g)
        if sum(1 for a in vector if a > 0) != keep:
            continue  # each kept target gets >= 1 (355.14.g); exactly keep of them
        dealt = {u["id"]: a for u, a, ok in zip(chosen, vector, legal, strict=True) if ok and a > 0}
        answers.add(_damage_line(dealt))  # a forfeited share is not dealt (359.3.e.5)
    return answers


# ---------------------------------------------------------------------------------------------
# Resolution: groups (355.11.b, 359.3.e)
# ---------------------------------------------------------------------------------------------


def _chosen(doc: Doc, targets: dict[str, Any]) -> list[Choice]:
    card = _card(doc)
    out: list[Choice] = []
    for slot, kind in SLOTS[card].items():
        value = targets.get(slot)
        if value is None:
            continue
        if kind == "one":
            out.append((slot, _unit_or_gone(doc, str(value)), None))
        elif kind == "list":
            out.extend((slot, _unit_or_gone(doc, str(uid)), None) for uid in value)
        else:
            out.extend((slot, _unit_or_gone(doc, str(uid)), str(w)) for w, uid in value.items())
    return out


def _subsets(items: list[T]) -> Iterator[list[T]]:
    """Every subset of ``items``, smallest first."""
    for size in range(len(items) + 1):
        for combo in itertools.combinations(items, size):
            yield list(combo)


def _group_subsets(doc: Doc, targets: dict[str, Any]) -> list[list[Choice]]:
    """The sets of chosen units the card may affect now (one execution)."""
    card = _card(doc)
    # 359.3.e.2, 359.3.e.5: a chosen unit failing its own slot conditions now is illegal.
    legal = [(s, u, w) for s, u, w in _chosen(doc, targets) if slot_accepts(doc, s, u, w)]
    return _affected_sets(doc, legal, card == SWITCHEROO,
                          lambda chosen: group_meets(doc, chosen, finalizing=False))


def _affected_sets(doc: Doc, legal: list[T], swap: bool,
                   meets: Callable[[list[T]], bool]) -> list[list[T]]:
    """The sets of the still-legal chosen units an execution may affect, given whether a
    set ``meets`` the group requirement now."""
    if swap:
        # 433.1, 359.3.e.6: a swap needs both units, still meeting the requirement together.
        return [legal] if len(legal) == 2 and meets(legal) else [[]]
    if meets(legal):
        return [legal]  # 359.3.e.8: execute on the legal targets
    # 355.11.b: a subset of the original (legal) targets that fulfils the requirement.
    fits = [s for s in _subsets(legal) if meets(s)]
    if _policy(doc, "group_subset", "maximal") == "any":
        return fits

    def maximal(subset: list[T]) -> bool:
        others = [c for c in legal if c not in subset]
        return not any(meets([*subset, c]) for c in others)

    return [s for s in fits if maximal(s)]


def _group_answer(doc: Doc, targets: dict[str, Any], subset: list[Choice]) -> dict[str, Any]:
    ids = sorted(u["id"] for _, u, _ in subset)
    if _card(doc) != TRICKSY or not subset:
        return {"affected": ids}
    dest = str(targets.get("destination"))
    # A unit already at the destination is not moved (355.4.a); it still counts toward Might.
    stay = sorted(u["id"] for _, u, _ in subset if u.get("location") == dest)
    answer: dict[str, Any] = {"affected": [i for i in ids if i not in stay]}
    if stay:
        answer["unmoved"] = stay
    return answer


def _group_answers(doc: Doc) -> set[str]:
    targets: dict[str, Any] = doc["targets"]
    first = [_group_answer(doc, targets, s) for s in _group_subsets(doc, targets)]
    if _card(doc) == BELLOWS and doc.get("repeat"):
        # 820.2: each execution resolves on its own with its own choices.
        again = targets.get("repeat") or {"units": []}
        second = [_group_answer(doc, again, s) for s in _group_subsets(doc, again)]
        return {
            json.dumps({**a, "repeat": b}, sort_keys=True)
            for a, b in itertools.product(first, second)
        }
    return {json.dumps(a, sort_keys=True) for a in first}


def resolve_lines(doc: Doc) -> set[str]:
    """Every legal resolve line for the choices in ``doc["targets"]``."""
    if _card(doc) in SPLIT_CARDS:
        return _split_answers(doc)
    return _group_answers(doc)


# ---------------------------------------------------------------------------------------------
# Inline group effects (355.11): any card of the group shape, read from its fields only
# ---------------------------------------------------------------------------------------------
#
# The effect is ``doc["effect"]["group"]``: ``slots`` (each with ``name``, ``among``: enemy /
# friendly / any, ``at``: battlefield / board / here, ``least``, ``most``, ``tags``, ``other``,
# ``might_at_most``, ``kinds``: what it chooses, "unit" and/or "gear"),
# and the requirement the chosen units meet together: ``might_cap``, ``share`` (nothing /
# battlefield / location), ``same_controller``. ``hidden`` lets the scenario say
# ``from_hidden``, ``destination`` makes it a move to a location chosen at finalization,
# ``repeat`` lets the scenario pay its [Repeat]. ``action`` matters only for a swap.

#: The defaults of an inline group's own fields and of its slots' fields.
GROUP_DEFAULTS: dict[str, Any] = {
    "action": None, "damage": 0, "verb": None, "might_cap": None, "share": "nothing",
    "same_controller": False, "hidden": False, "destination": False, "repeat": False,
}
SLOT_DEFAULTS: dict[str, Any] = {
    "among": "any", "at": "battlefield", "least": 0, "most": None, "tags": [], "other": False,
    "might_at_most": None, "kinds": ["unit"], "own": False, "states": [],
}


def _group(doc: Doc) -> dict[str, Any]:
    effect = doc.get("effect") or {}
    if effect.get("group") is None:
        raise ValueError("not an inline group effect")
    return {**GROUP_DEFAULTS, **effect["group"]}


def _group_slots(doc: Doc) -> list[dict[str, Any]]:
    return [{**SLOT_DEFAULTS, **slot} for slot in _group(doc)["slots"]]


def single_id(slot: dict[str, Any]) -> bool:
    """A slot choosing exactly one unit ("a unit") takes one id, not a list."""
    return bool(slot["least"] == 1 and slot["most"] == 1)


def whose_ok(doc: Doc, slot: dict[str, Any], unit: Unit) -> bool:
    """740.1.a-b: "friendly" / "enemy" relative to the controller (teammates are friends);
    with no such word, anyone's unit on the board (355.9.a.1). "You control": the
    controller's own only (a teammate's unit is friendly, not controlled by you)."""
    if slot["own"] and unit["controller"] != doc["controller"]:
        return False
    if slot["among"] == "friendly":
        return is_friendly(doc, unit)
    if slot["among"] == "enemy":
        return is_enemy(doc, unit)
    return on_board(unit)


def here(doc: Doc) -> str | None:
    """359.3.f.2: "here" is the source's location as the instruction is finalized or executes;
    only a battlefield is "here" (a base is not, nor is anywhere off the board): None."""
    source = doc.get("source")
    if source is None:
        return None
    unit = _unit_or_gone(doc, str(source))
    return str(unit["location"]) if at_battlefield(doc, unit) else None


def where_ok(doc: Doc, slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.b: "at a battlefield" (a base is not one), "here" (359.3.f.2), or no location
    word: anywhere on the board (355.9.a.1)."""
    if slot["at"] == "battlefield":
        return at_battlefield(doc, unit)
    if slot["at"] == "here":
        spot = here(doc)
        return spot is not None and on_board(unit) and unit.get("location") == spot
    return on_board(unit)


def has_tags(slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.b: a tag in the description ("Order unit") is a restriction: every tag needed."""
    return all(tag in (unit.get("tags") or []) for tag in slot["tags"])


def might_ok(slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.b, 143.2.b: "each with N Might or less" is a restriction on each member's own
    Might (below 0 counts as 0)."""
    cap = slot["might_at_most"]
    return cap is None or _might(unit) <= int(cap)


def kind_ok(slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.a.1, 355.9.b: a slot choosing "a unit" takes only units, "a gear" only gear, "a
    unit or gear" either: the object's type must be one of the slot's ``kinds``."""
    return str(unit.get("type", "unit")) in slot["kinds"]


def not_the_source(doc: Doc, slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.b: "another" unit is any unit but the source of the ability."""
    return not slot["other"] or unit["id"] != doc.get("source")


def group_hidden_ok(doc: Doc, unit: Unit) -> bool:
    """811.1.d.2: every target of a card played from Hidden is at the Hidden battlefield."""
    bf = doc.get("from_hidden")
    if bf is None or not _group(doc)["hidden"]:
        return True
    return on_board(unit) and unit.get("location") == bf


def group_slot_accepts(doc: Doc, slot: dict[str, Any], unit: Unit) -> bool:
    """355.9 / 359.3.e.2: may this unit fill this slot on its own (as the board is now)?"""
    return (on_board(unit) and targetable(doc, unit) and group_hidden_ok(doc, unit)
            and kind_ok(slot, unit)
            and whose_ok(doc, slot, unit) and where_ok(doc, slot, unit)
            and has_tags(slot, unit) and might_ok(slot, unit) and in_states(slot, unit)
            and not_the_source(doc, slot, unit) and at_the_shared_battlefield_ok(doc, unit))


def in_states(slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.b "any number of your buffed units", "stunned enemy units": each state the
    slot names is the unit's (``exhausted``; ``ready``: not exhausted; ``stunned``,
    ``buffed``, ``moved`` flags; ``attacking``/``defending``: its ``combat`` entry)."""
    for state in slot["states"]:
        if state == "ready":
            held = not unit.get("exhausted", False)
        elif state in ("attacking", "defending"):
            held = unit.get("combat", "") == state
        else:
            held = bool(unit.get(state, False))
        if not held:
            return False
    return True


def at_the_shared_battlefield_ok(doc: Doc, unit: Unit) -> bool:
    """355.11, 359.3.e.2: in a group "at a battlefield" each member is at a battlefield (a
    base is no battlefield, 198.1): one that leaves for a base is no longer a legal target,
    and the others are affected as they are (359.3.e.8)."""
    return _group(doc)["share"] != "battlefield" or at_battlefield(doc, unit)


def slot_counts_ok(slots: list[dict[str, Any]], picks: list[Pick], finalizing: bool) -> bool:
    """355.8, 355.13: at finalization each slot has from ``least`` to ``most`` units ("up to"
    and "any number" allow zero); at resolution (359.3.e.8, 355.11.b) only the maxima hold."""
    for index, slot in enumerate(slots):
        count = sum(1 for i, _ in picks if i == index)
        if slot["most"] is not None and count > int(slot["most"]):
            return False
        if finalizing and count < int(slot["least"]):
            return False
    return True


def group_requirement(doc: Doc, units: list[Unit]) -> bool:
    """355.11: the requirement the group meets together: total Might (143.2.b: negatives
    count 0), one battlefield / one location (a base is its controller's own, 198.1), one
    controller."""
    group = _group(doc)
    cap = group["might_cap"]
    if cap is not None and not total_might_at_most(units, int(cap)):
        return False
    if group["share"] == "battlefield" and not one_battlefield(doc, units):
        return False
    if group["share"] == "location" and not one_location(units):
        return False
    return not group["same_controller"] or one_controller(units)


def group_effect_meets(doc: Doc, picks: list[Pick], finalizing: bool) -> bool:
    """Distinct units (a unit is chosen once per declaration), slot counts, the requirement."""
    ids = [u["id"] for _, u in picks]
    if len(ids) != len(set(ids)):
        return False
    if not slot_counts_ok(_group_slots(doc), picks, finalizing):
        return False
    return group_requirement(doc, [u for _, u in picks])


def _group_targets(slots: list[dict[str, Any]], picks: list[Pick]) -> dict[str, Any]:
    targets: dict[str, Any] = {}
    for index, slot in enumerate(slots):
        ids = sorted(str(u["id"]) for i, u in picks if i == index)
        targets[str(slot["name"])] = ids[0] if single_id(slot) else ids
    return targets


def _group_assignments(doc: Doc, slot_count: int) -> Iterator[list[Pick]]:
    """Every way to put every unit in one slot or in none."""
    units: list[Unit] = [dict(u) for u in doc["units"]]
    options: list[int | None] = [None, *range(slot_count)]
    for places in itertools.product(options, repeat=len(units)):
        yield [(p, u) for p, u in zip(places, units, strict=True) if p is not None]


def _group_single_declarations(doc: Doc) -> list[tuple[dict[str, Any], int, bool]]:
    """Every legal declaration of one execution, ignoring the Power budget: (targets, Deflect
    cost, non-empty)."""
    slots = _group_slots(doc)
    moves = bool(_group(doc)["destination"])
    found: list[tuple[dict[str, Any], int, bool]] = []
    for picks in _group_assignments(doc, len(slots)):
        if not all(group_slot_accepts(doc, slots[i], u) for i, u in picks):
            continue
        if not group_effect_meets(doc, picks, finalizing=True):
            continue
        cost = sum(deflect_cost(doc, u) for _, u in picks)  # 809.1.c, per choice
        found += _declared(doc, _group_targets(slots, picks), cost, [u for _, u in picks],
                           moves)
    return found


def group_declarations(doc: Doc) -> set[str]:
    """Every legal finalize line of an inline group effect (355.8, 355.11.a)."""
    group = _group(doc)
    decls = _group_single_declarations(doc)
    from_hidden = doc.get("from_hidden") is not None and bool(group["hidden"])
    if from_hidden and not any(non_empty for _, _, non_empty in decls):
        return set()  # 811.1.d: no valid target there, it cannot be played from Hidden
    if group["repeat"] and doc.get("repeat"):
        # 820.2, 820.2.a: the repeat's choices are made now and may differ; Deflect per choice.
        lines: set[str] = set()
        for (t1, c1, _), (t2, c2, _) in itertools.product(decls, repeat=2):
            if _within_budget(doc, c1 + c2):
                lines.add(_line({**t1, "repeat": t2}, c1 + c2))
        return lines
    return {_line(t, c) for t, c, _ in decls if _within_budget(doc, c)}


def _group_chosen(doc: Doc, targets: dict[str, Any]) -> list[Pick]:
    out: list[Pick] = []
    for index, slot in enumerate(_group_slots(doc)):
        value = targets.get(str(slot["name"]))
        if value is None:
            continue
        ids = [value] if isinstance(value, str) else list(value)
        out.extend((index, _unit_or_gone(doc, str(uid))) for uid in ids)
    return out


def _group_effect_subsets(doc: Doc, targets: dict[str, Any]) -> list[list[Pick]]:
    """The sets of chosen units one execution may affect now."""
    slots = _group_slots(doc)
    # 359.3.e.2, 359.3.e.5, 758.1: a chosen unit failing its own slot conditions now is illegal.
    legal = [(i, u) for i, u in _group_chosen(doc, targets)
             if group_slot_accepts(doc, slots[i], u)]
    return _affected_sets(doc, legal, _group(doc)["action"] == "swap-might",
                          lambda chosen: group_effect_meets(doc, chosen, finalizing=False))


def _group_effect_answer(doc: Doc, targets: dict[str, Any], subset: list[Pick]
                         ) -> dict[str, Any]:
    ids = sorted(str(u["id"]) for _, u in subset)
    if not _group(doc)["destination"] or not subset:
        return {"affected": ids}
    dest = str(targets.get("destination"))
    # 355.4.a: a kept target already at the destination is not moved; it still counts.
    stay = sorted(str(u["id"]) for _, u in subset if u.get("location") == dest)
    answer: dict[str, Any] = {"affected": [i for i in ids if i not in stay]}
    if stay:
        answer["unmoved"] = stay
    return answer


def group_resolutions(doc: Doc) -> set[str]:
    """Every legal resolve line of an inline group effect for ``doc["targets"]``
    (355.11.b, 359.3.e), under the policy ``group_subset`` (maximal by default)."""
    targets: dict[str, Any] = doc["targets"]
    first = [_group_effect_answer(doc, targets, s) for s in _group_effect_subsets(doc, targets)]
    if _group(doc)["repeat"] and doc.get("repeat"):
        # 820.2: each execution resolves on its own with its own choices.
        again = targets.get("repeat") or {}
        second = [_group_effect_answer(doc, again, s)
                  for s in _group_effect_subsets(doc, again)]
        return {json.dumps({**a, "repeat": b}, sort_keys=True)
                for a, b in itertools.product(first, second)}
    return {json.dumps(a, sort_keys=True) for a in first}


# ---------------------------------------------------------------------------------------------
# Outcome metrics
# ---------------------------------------------------------------------------------------------


def _dealt(doc: Doc, line: dict[str, Any]) -> dict[str, int]:
    """Damage dealt per unit id by one resolve line."""
    card = _card(doc)
    if card in SPLIT_CARDS:
        return {str(k): int(v) for k, v in (line.get("damage") or {}).items()}
    if card not in (BELLOWS, ELDER):
        return {}
    per_unit = 1 + _bonus(doc)  # 715.2: fixed damage to each target gets the bonus
    dealt: dict[str, int] = {}
    for part in (line, line.get("repeat") or {}):
        for uid in part.get("affected", []):
            dealt[str(uid)] = dealt.get(str(uid), 0) + per_unit
    return dealt


def _affected_ids(line: dict[str, Any]) -> set[str]:
    ids = {str(u) for u in line.get("affected", [])}
    return ids | {str(u) for u in (line.get("repeat") or {}).get("affected", [])}


def metrics(doc: Doc, line: dict[str, Any]) -> dict[str, int]:
    """Outcome metrics of one resolve line: kills, xp, killed-might, overkill, value, affected."""
    card = _card(doc)
    kills = killed_might = overkill = value = 0
    if card in (FOX, HEXPLOSIVE):
        # Fox-Fire and Hexplosive Minefield kill outright (428.1.a): no damage, no overkill.
        for uid in sorted(_affected_ids(line)):
            unit = _unit_or_gone(doc, uid)
            kills += 1
            killed_might += _might(unit)
            value += int(unit.get("value", 0))
    for uid, d in sorted(_dealt(doc, line).items()):
        if d <= 0:
            continue
        unit = _unit_or_gone(doc, uid)
        threshold = max(1, int(unit.get("might") or 0))  # 142.4.b: non-zero and >= Might
        marked = int(unit.get("damage", 0)) + d
        if _lethal_any(doc) and is_enemy(doc, unit):
            dies, extra = True, d - 1  # 142.4.c: any amount of your damage is lethal
        else:
            dies, extra = marked >= threshold, marked - threshold
        if dies:
            kills += 1
            killed_might += _might(unit)
            value += int(unit.get("value", 0))
            overkill += extra
    if card in SPLIT_CARDS:
        affected = sum(1 for d in _dealt(doc, line).values() if d > 0)
    else:
        affected = len(_affected_ids(line))
    return {
        "kills": kills,
        "xp": kills if card == ALPHA else 0,
        "killed-might": killed_might,
        "overkill": overkill,
        "value": value,
        "affected": affected,
    }


# ---------------------------------------------------------------------------------------------
# Combat damage assignment (465.2; spec/combat.md). See the module docstring for the readings.
# ---------------------------------------------------------------------------------------------

TANK_GROUP, PLAIN_GROUP, BACKLINE_GROUP = 0, 1, 2
_KEYWORD = re.compile(r"(Tank|Backline|Assault|Shield)(?: (-?\d+))?")


def _combat(doc: Doc) -> dict[str, Any]:
    return dict(doc["combat"])


def _attacker(doc: Doc) -> str:
    return str(_combat(doc)["attacker"])


def _assigner(doc: Doc) -> str:
    """465.2.c: the attacker assigns first; the question may ask about a defender instead."""
    return str(_combat(doc).get("assigner") or _attacker(doc))


def _combat_lethal_any(doc: Doc) -> bool:
    return bool(_combat(doc).get("lethal_any", False))


def _excess_policy(doc: Doc) -> str:
    policy = _policy(doc, "combat_excess", "any")
    if policy not in ("any", "last"):
        raise ValueError(f"unknown combat_excess policy {policy!r}")
    return policy


def keywords(unit: Unit) -> dict[str, int]:
    """Keyword totals: Tank/Backline are present or not (815.2, 826.5: redundant); Assault and
    Shield values of several instances are summed (807.2, 814.2); a missing X is 1 (807.1.b.3,
    814.1.b.3)."""
    found = {"Tank": 0, "Backline": 0, "Assault": 0, "Shield": 0}
    for word in unit.get("keywords") or []:
        match = _KEYWORD.fullmatch(str(word).strip())
        if match is None:
            raise ValueError(f"unknown keyword {word!r} on {unit.get('id')!r}")
        name, value = match.group(1), match.group(2)
        if name in ("Tank", "Backline"):
            found[name] = 1
        else:
            found[name] += 1 if value is None else int(value)
    return found


def in_combat(doc: Doc, unit: Unit) -> bool:
    """465.2: only units at the battlefield where the combat is take part: a gear there
    neither deals nor is assigned combat damage (``is_unit``)."""
    return (on_board(unit) and is_unit(unit)
            and unit.get("location") == _combat(doc)["battlefield"])


def is_attacker(doc: Doc, unit: Unit) -> bool:
    """464.2.c.3: the attacking player's units at the battlefield are attackers."""
    return in_combat(doc, unit) and str(unit["controller"]) == _attacker(doc)


def is_defender(doc: Doc, unit: Unit) -> bool:
    """464.2.c.3: the other players' units at the battlefield are defenders."""
    return in_combat(doc, unit) and str(unit["controller"]) != _attacker(doc)


def combat_might(doc: Doc, unit: Unit) -> int:
    """465.2 "current Might": 807.1.c Assault adds while attacking, 814.1.c Shield while
    defending. The real value, which may be negative (143.2.b.1)."""
    might = int(unit.get("might") or 0)
    found = keywords(unit)
    if is_attacker(doc, unit):
        might += found["Assault"]
    if is_defender(doc, unit):
        might += found["Shield"]
    return might


def adds_to_combat_damage(doc: Doc, unit: Unit) -> int:
    """423.1.b: a stunned unit adds nothing; 143.2.b: Might below 0 adds 0."""
    if unit.get("stunned"):
        return 0
    return max(0, combat_might(doc, unit))


def combat_damage(doc: Doc) -> int:
    """465.2.a-c: the assigner's damage is the summed Might of its units in this combat."""
    me = _assigner(doc)
    return sum(
        adds_to_combat_damage(doc, u)
        for u in doc["units"]
        if in_combat(doc, u) and str(u["controller"]) == me
    )


def is_other_side(doc: Doc, unit: Unit) -> bool:
    """465.2.c "among the other's units": the attacker assigns to every defender; a defender
    assigns to the attacker's units only."""
    if not in_combat(doc, unit):
        return False
    if _assigner(doc) == _attacker(doc):
        return is_defender(doc, unit)
    return is_attacker(doc, unit)


def can_be_dealt_damage(unit: Unit) -> bool:
    """465.2.c.10: a unit that cannot be dealt damage is exempt from the assignment."""
    return not unit.get("undamageable", False)


def _receivers(doc: Doc) -> list[Unit]:
    return [
        dict(u) for u in doc["units"] if is_other_side(doc, u) and can_be_dealt_damage(u)
    ]


def lethal_amount(doc: Doc, unit: Unit) -> int | None:
    """The damage that must be assigned to the unit for it to have lethal damage assigned.

    142.4.b: non-zero and at least its Might, counting marked damage (465.2.c.4 example);
    142.4.c: with ``lethal_any`` any amount (so 1); 437.5.a / 465.2.c.5: plus the Prevent
    Value; 437.5.b: ``"all"`` is never lethal (None).
    """
    prevent = unit.get("prevent", 0)
    if prevent == "all":
        return None
    if _combat_lethal_any(doc):
        needed = 1
    else:
        needed = max(1, combat_might(doc, unit) - int(unit.get("damage", 0)))
    return needed + int(prevent)


def combat_lethal(doc: Doc) -> dict[str, int | None]:
    """Per receiver id, its lethal amount (None: no amount is lethal)."""
    return {str(u["id"]): lethal_amount(doc, u) for u in _receivers(doc)}


def _group_choices(unit: Unit) -> list[int]:
    """465.2.c.6: Tank first, then neither, then Backline; 465.2.c.8: with both, either one."""
    found = keywords(unit)
    if found["Tank"] and found["Backline"]:
        return [TANK_GROUP, BACKLINE_GROUP]
    if found["Tank"]:
        return [TANK_GROUP]
    if found["Backline"]:
        return [BACKLINE_GROUP]
    return [PLAIN_GROUP]


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every vector of ``parts`` amounts, each 0..total, that adds up to ``total``."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


# The predicates below read one candidate: ``amount``, ``lethal``, ``group`` and ``owner`` are
# dicts keyed by receiver id (assigned amount, lethal amount, placement group, controller).


def has_lethal(amount: int, lethal: int | None) -> bool:
    """Lethal damage has been assigned in full (None: never, 437.5.b)."""
    return lethal is not None and amount >= lethal


def over_lethal(amount: int, lethal: int | None) -> bool:
    """More than the lethal amount has been assigned (never, when no amount is lethal)."""
    return lethal is not None and amount > lethal


def lethal_in_full(amount: dict[str, int], lethal: dict[str, int | None]) -> bool:
    """465.2.c.3: a unit gets lethal damage in full before damage goes to a different unit, so
    at most one receiver (the one being assigned when the damage ran out) has damage below
    its lethal amount."""
    partly = [u for u, a in amount.items() if a > 0 and not has_lethal(a, lethal[u])]
    return len(partly) <= 1


def no_over_assignment(amount: dict[str, int], lethal: dict[str, int | None]) -> bool:
    """465.2.c.4: no unit gets more than its lethal amount unless no further units remain,
    i.e. unless every receiver has been assigned its lethal amount."""
    everyone_lethal = all(has_lethal(a, lethal[u]) for u, a in amount.items())
    if everyone_lethal:
        return True
    return not any(over_lethal(a, lethal[u]) for u, a in amount.items())


def assignment_order(
    amount: dict[str, int],
    lethal: dict[str, int | None],
    group: dict[str, int],
    owner: dict[str, str],
) -> bool:
    """465.2.c.6, 815.1.c.2, 826.4.b: a unit may get damage only when every unit of the same
    controller in an earlier group (Tank before neither before Backline) has lethal damage."""
    for u, a in amount.items():
        if a == 0:
            continue
        earlier = [v for v in amount if owner[v] == owner[u] and group[v] < group[u]]
        if not all(has_lethal(amount[v], lethal[v]) for v in earlier):
            return False
    return True


def excess_goes_last(
    amount: dict[str, int],
    lethal: dict[str, int | None],
    group: dict[str, int],
    owner: dict[str, str],
) -> bool:
    """Policy "last" (465.2.c.4 read as a sequence): all excess is on one unit that could be
    assigned last, a unit of the last non-empty group of its controller."""
    over = [u for u, a in amount.items() if over_lethal(a, lethal[u])]
    if not over:
        return True
    if len(over) > 1:
        return False
    unit = over[0]
    last = max(group[v] for v in amount if owner[v] == owner[unit])
    return group[unit] == last


def legal_combat_assignment(
    doc: Doc,
    amount: dict[str, int],
    lethal: dict[str, int | None],
    group: dict[str, int],
    owner: dict[str, str],
) -> bool:
    """All the rules for one vector and one Tank/Backline placement."""
    if not lethal_in_full(amount, lethal):
        return False
    if not no_over_assignment(amount, lethal):
        return False
    if not assignment_order(amount, lethal, group, owner):
        return False
    if _excess_policy(doc) == "last":
        return excess_goes_last(amount, lethal, group, owner)
    return True  # "any": once everyone has lethal, the excess may go anywhere


def _assigned_line(amount: dict[str, int]) -> str:
    return json.dumps({"assigned": {u: a for u, a in amount.items() if a > 0}}, sort_keys=True)


def combat_answers(doc: Doc) -> set[str]:
    """Every legal combat damage assignment of the assigner (465.2.c), as canonical lines."""
    _excess_policy(doc)  # an unknown policy is an error even when nothing is assigned
    damage = combat_damage(doc)
    receivers = _receivers(doc)
    if damage == 0 or not receivers:
        return {_assigned_line({})}  # nothing to assign, or nowhere to put it (055)
    ids = [str(u["id"]) for u in receivers]
    lethal = {str(u["id"]): lethal_amount(doc, u) for u in receivers}
    owner = {str(u["id"]): str(u["controller"]) for u in receivers}
    placements = [
        dict(zip(ids, groups, strict=True))
        for groups in itertools.product(*(_group_choices(u) for u in receivers))
    ]
    answers: set[str] = set()
    for vector in _compositions(damage, len(ids)):
        amount = dict(zip(ids, vector, strict=True))
        if any(legal_combat_assignment(doc, amount, lethal, g, owner) for g in placements):
            answers.add(_assigned_line(amount))
    return answers


# ---------------------------------------------------------------------------------------------
# Joint choices (355.5-355.17)
# ---------------------------------------------------------------------------------------------
#
# Thirteen cards that pick several objects one after another, later picks tied to earlier
# ones ("there", "at its location", "at a different location", "its destination", "the same
# controller", "another"). Each card is written out below as data: its picks, in the card's
# order, and its restrictions, one small predicate each. ``joint_finalize`` tries every value
# of every pick made now (itertools.product over every unit id, battlefield, "base", player,
# and null) and keeps the combinations that pass every predicate; ``joint_resolve`` re-checks
# the declared targets on the board now, makes the later picks on the board after the moves,
# and lists every subset of "you may" actions declined.
#
# Readings (where the contract is silent, the reading chosen here):
# * A link between two target picks is re-checked on resolution only while both still hold
#   an object: a pick already null (358/359.3.e: its object is gone or illegal) has nothing
#   to be "at" or "apart from", so it nulls nothing else.
# * Hidden on resolution (359.3.e.5): the exemption of 811.1.d.2.a is read on the board now,
#   from where the other declared object is now (even if that pick became null).
# * A later pick that is a target (Dragon's Rage's second enemy) must be targetable (757);
#   it pays no Deflect (a resolve answer has no cost).
# * Call to Battle's opponent: the players named in the document (every unit entry's
#   controller, the battlefields' controllers, team members) who are opponents (740.1.b).
# * Repeat (820.2, 820.2.a): both executions' picks are made at finalization, each on its
#   own, Deflect added up (809.1.c); on resolution each execution is resolved on the board
#   as given, the second under "repeat" (the shape of the library's other Repeat answers).

JOINT_CRESCENT = "crescent-strike"
JOINT_RESONATING = "resonating-strike"
JOINT_MOONFALL = "moonfall"
JOINT_BEDEVILING = "bedeviling-stranger"
JOINT_DRAGONS_RAGE = "dragon-s-rage"
JOINT_ZENITH = "zenith-blade"
JOINT_HEROIC = "heroic-charge"
JOINT_TEMPTATION = "temptation"
JOINT_SMOKE = "smoke-and-mirrors"
JOINT_ANGLE = "angle-shot"
JOINT_SIGNPOST = "forgotten-signpost"
JOINT_CALL = "call-to-battle"
JOINT_PIERCING = "piercing-light"

#: Cards with [Hidden] (811.1.d.2) and [Repeat] (820).
JOINT_HIDDEN = (JOINT_RESONATING, JOINT_BEDEVILING, JOINT_SMOKE)
JOINT_REPEAT = (JOINT_TEMPTATION, JOINT_PIERCING)

#: A pick's value: a unit/gear id, a battlefield, "base", a player, or None (null).
JointValue = str | None
#: What a predicate reads of a pick: a unit dict (objects) or the string itself.
JointThing = Any


class JointPick:
    """One pick of a joint card.

    ``among``: "object" (a unit or gear id), "battlefield", "location" (a battlefield or
    "base", the moved unit's own base), "player". ``target``: chosen as a target (355.10;
    destinations 355.4, costs and other players' choices are not). ``later``: made on
    resolution (a reflexive "Then do this" or another player's choice). ``up_to_one``: may be
    left empty (355.13). ``you_may``: its action may be declined on resolution (355.12)."""

    def __init__(self, name: str, among: str, target: bool = True, later: bool = False,
                 up_to_one: bool = False, you_may: bool = False) -> None:
        self.name = name
        self.among = among
        self.target = target
        self.later = later
        self.up_to_one = up_to_one
        self.you_may = you_may


class JointLink:
    """A restriction of the pick ``carrier`` that refers to the pick ``other``; ``hidden`` is
    "at" ("at / at the location of X") or "apart" ("at a different location from X") where
    811.1.d.2.a reads it, else None."""

    def __init__(self, carrier: str, other: str,
                 holds: Callable[[Doc, JointThing, JointThing], bool],
                 hidden: str | None = None, specified: bool = False) -> None:
        self.carrier = carrier
        self.other = other
        self.holds = holds
        self.hidden = hidden
        # 355.4.a for a move to a destination the card names ("to that battlefield"): no
        # one chooses it (355.4), so it holds only under specified_destination=elsewhere
        self.specified = specified


# ---- what the restrictions read ----------------------------------------------------------


def _joint_control(doc: Doc, battlefield: str) -> str | None:
    """Who controls a battlefield (absent: no one)."""
    control = (doc.get("battlefield_control") or {}).get(battlefield)
    return None if control is None else str(control)


def joint_is_unit(thing: Unit) -> bool:
    """355.9.a.1, 355.9.b: "a unit" is a unit on the board; a gear is never a unit; units
    "offboard" have left the board (359.3.e.2)."""
    return on_board(thing) and is_unit(thing)


def joint_is_gear(thing: Unit) -> bool:
    """355.9.b: "a gear" is a gear on the board (``"type": "gear"``)."""
    return on_board(thing) and str(thing.get("type", "unit")) == "gear"


def joint_enemy_unit(doc: Doc, thing: Unit) -> bool:
    """740.1.b: an enemy unit is a unit an opponent of the controller controls."""
    return joint_is_unit(thing) and opponents(doc, _me(doc), str(thing["controller"]))


def joint_friendly_unit(doc: Doc, thing: Unit) -> bool:
    """740.1.a: a friendly unit is controlled by the controller or a teammate."""
    return joint_is_unit(thing) and friends(doc, _me(doc), str(thing["controller"]))


def joint_at_a_battlefield(doc: Doc, thing: Unit) -> bool:
    """355.9.b "at a battlefield": a base is no battlefield (198.1)."""
    return on_board(thing) and thing.get("location") in _battlefields(doc)


def joint_where(thing: JointThing) -> str:
    """146.1: where a thing is: a battlefield is where it is; a unit at "base" is at its own
    controller's base (107.1.b), a location of its own (198.1); "offboard" is nowhere."""
    if isinstance(thing, str):
        return thing
    return location_key(thing)


def joint_same_place(a: JointThing, b: JointThing) -> bool:
    """Two things at the same location (146.1); nothing off the board is anywhere."""
    wa, wb = joint_where(a), joint_where(b)
    return wa == wb and wa != "offboard"


def joint_destination_key(dest: str, mover: Unit) -> str:
    """355.4: a destination "base" is the moved unit's own base (107.1.b)."""
    return f"base:{mover['controller']}" if dest == "base" else dest


def joint_unit_you_control(doc: Doc, thing: Unit) -> bool:
    """"a unit you control": controlled by the controller themself; a teammate's unit is
    friendly (740.1.a) but its controller is the teammate."""
    return joint_is_unit(thing) and str(thing["controller"]) == _me(doc)


def joint_battlefield_you_control(doc: Doc, battlefield: str) -> bool:
    """"a battlefield you control": its controller is the controller themself."""
    return _joint_control(doc, battlefield) == _me(doc)


def joint_you_have_units_there(doc: Doc, battlefield: str) -> bool:
    """Moonfall "a battlefield where you have units": a unit (not a gear) the controller
    controls themself is there (a teammate's is friendly, not the controller's)."""
    return any(joint_unit_you_control(doc, u) and u.get("location") == battlefield
               for u in doc["units"])


def joint_named_players(doc: Doc) -> list[str]:
    """The players named in the document: units' controllers, battlefields' controllers,
    team members (and the controller)."""
    found = {_me(doc)} | {str(u["controller"]) for u in doc["units"]}
    found |= {str(p) for p in (doc.get("battlefield_control") or {}).values() if p is not None}
    for team in doc.get("teams") or []:
        found |= {str(p) for p in team}
    found.discard("")
    return sorted(found)


def _anything(doc: Doc, thing: JointThing) -> bool:
    return True


# ---- the cards ------------------------------------------------------------------------------


def _enemy_at_a_battlefield(doc: Doc, thing: Unit) -> bool:
    return joint_enemy_unit(doc, thing) and joint_at_a_battlefield(doc, thing)


def _any_unit_at_a_battlefield(doc: Doc, thing: Unit) -> bool:
    return joint_is_unit(thing) and joint_at_a_battlefield(doc, thing)


def _equipment(doc: Doc, thing: Unit) -> bool:
    """"an Equipment": a gear with the tag Equipment (355.9.b: a tag is a restriction)."""
    return joint_is_gear(thing) and "Equipment" in (thing.get("tags") or [])


def _unexhausted_friendly(doc: Doc, thing: Unit) -> bool:
    """Forgotten Signpost's cost "Exhaust a unit you control": a friendly unit not yet
    exhausted (an exhausted unit can't be exhausted to pay a cost)."""
    return joint_unit_you_control(doc, thing) and not thing.get("exhausted", False)


def _an_opponent(doc: Doc, player: str) -> bool:
    """Call to Battle "choose an opponent" (740.1.b): a named player who is no friend."""
    return player in joint_named_players(doc) and opponents(doc, _me(doc), player)


def _at(doc: Doc, carrier: JointThing, other: JointThing) -> bool:
    """"there" / "at its location": the carrier is where the other is (146.1)."""
    return joint_same_place(carrier, other)


def _apart(doc: Doc, carrier: JointThing, other: JointThing) -> bool:
    """"at a different location" / "not already there" (355.4.a): not where the other is."""
    return not joint_same_place(carrier, other)


def _not_the_same(doc: Doc, carrier: Unit, other: Unit) -> bool:
    """"another" / "other than" (355.9.b): a different object."""
    return bool(carrier["id"] != other["id"])


def _same_controller(doc: Doc, carrier: Unit, other: Unit) -> bool:
    """Angle Shot "with the same controller": one player controls both."""
    return bool(carrier["controller"] == other["controller"])


def _destination_not_where_the_mover_is(doc: Doc, dest: str, mover: Unit) -> bool:
    """355.4.a: a moved unit must not already be at the destination (its own base for
    "base")."""
    return joint_destination_key(dest, mover) != joint_where(mover)


def _a_destination_the_mover_may_go_to(doc: Doc, dest: str, mover: Unit) -> bool:
    """447.2.b, 449.2: a destination chosen for a move is one its unit may be moved to."""
    return may_move_to(doc, mover, dest)


def _holds_another_unit_of_the_same_controller(doc: Doc, dest: str, mover: Unit) -> bool:
    """Temptation "a location where there's a unit with the same controller": another UNIT
    (not a gear, 355.9.b) of the moved unit's controller is at the destination."""
    key = joint_destination_key(dest, mover)
    return any(joint_is_unit(u) and u["id"] != mover["id"]
               and u["controller"] == mover["controller"] and location_key(u) == key
               for u in doc["units"])


#: Per card: its picks in order, the restriction of each pick on its own, and its links.
JOINT_PICKS: dict[str, list[JointPick]] = {
    JOINT_CRESCENT: [JointPick("battlefield", "battlefield"), JointPick("enemy", "object")],
    JOINT_RESONATING: [JointPick("battlefield", "battlefield"), JointPick("friendly", "object")],
    JOINT_MOONFALL: [JointPick("battlefield", "battlefield"),
                     JointPick("enemy", "object", up_to_one=True, you_may=True)],
    JOINT_BEDEVILING: [JointPick("battlefield", "battlefield"),
                       JointPick("enemy", "object", you_may=True)],
    JOINT_DRAGONS_RAGE: [JointPick("enemy", "object"),
                         JointPick("destination", "location", target=False),
                         JointPick("enemy2", "object", later=True)],
    JOINT_ZENITH: [JointPick("enemy", "object"), JointPick("friendly", "object", you_may=True)],
    JOINT_HEROIC: [JointPick("friendly", "object"), JointPick("enemy", "object")],
    JOINT_TEMPTATION: [JointPick("enemy", "object"),
                       JointPick("destination", "location", target=False)],
    JOINT_SMOKE: [JointPick("friendly", "object"), JointPick("friendly2", "object")],
    JOINT_ANGLE: [JointPick("unit", "object"), JointPick("equipment", "object")],
    JOINT_SIGNPOST: [JointPick("friendly", "object", target=False),
                     JointPick("friendly2", "object")],
    JOINT_CALL: [JointPick("friendly", "object"),
                 JointPick("destination", "battlefield", target=False),
                 JointPick("opponent", "player", target=False),
                 JointPick("their_unit", "object", target=False, later=True)],
    JOINT_PIERCING: [JointPick("unit", "object"), JointPick("unit2", "object", up_to_one=True)],
}

JOINT_OWN: dict[str, dict[str, Callable[[Doc, JointThing], bool]]] = {
    # "Choose a battlefield and an enemy unit there."
    JOINT_CRESCENT: {"battlefield": _anything, "enemy": joint_enemy_unit},
    # "Choose a battlefield you control and a unit you control at a different location."
    JOINT_RESONATING: {"battlefield": joint_battlefield_you_control,
                       "friendly": joint_unit_you_control},
    # "Choose a battlefield where you have units. You may move up to one enemy unit there."
    JOINT_MOONFALL: {"battlefield": joint_you_have_units_there, "enemy": joint_enemy_unit},
    # "choose a battlefield. ... you may return an enemy unit there" (4+ units: outcome only)
    JOINT_BEDEVILING: {"battlefield": _anything, "enemy": joint_enemy_unit},
    # "Move an enemy unit. Then do this: Choose another enemy unit at its destination."
    JOINT_DRAGONS_RAGE: {"enemy": joint_enemy_unit, "destination": _anything,
                         "enemy2": joint_enemy_unit},
    # "Stun an enemy unit at a battlefield. You may move a friendly unit to that enemy unit's
    # battlefield."
    JOINT_ZENITH: {"enemy": _enemy_at_a_battlefield, "friendly": joint_friendly_unit},
    # "Give a friendly unit +1 Might this turn and stun an enemy unit at its location."
    JOINT_HEROIC: {"friendly": joint_friendly_unit, "enemy": joint_enemy_unit},
    # "Move an enemy unit to a location where there's a unit with the same controller."
    JOINT_TEMPTATION: {"enemy": joint_enemy_unit, "destination": _anything},
    # "Choose a unit you control and another unit you control at a different location."
    JOINT_SMOKE: {"friendly": joint_unit_you_control, "friendly2": joint_unit_you_control},
    # "Choose a unit and an Equipment with the same controller."
    JOINT_ANGLE: {"unit": lambda doc, t: joint_is_unit(t), "equipment": _equipment},
    # "Exhaust a unit you control, [Exhaust]: Move a different unit you control to the
    # location of the unit you exhausted."
    JOINT_SIGNPOST: {"friendly": _unexhausted_friendly, "friendly2": joint_unit_you_control},
    # "Move a unit you control to a battlefield you control. Then, choose an opponent. They
    # move a unit they control to the same battlefield."
    JOINT_CALL: {"friendly": joint_unit_you_control,
                 "destination": joint_battlefield_you_control,
                 "opponent": _an_opponent, "their_unit": lambda doc, t: joint_is_unit(t)},
    # "Deal 2 to a unit at a battlefield, then deal 2 to up to one other unit."
    JOINT_PIERCING: {"unit": _any_unit_at_a_battlefield,
                     "unit2": lambda doc, t: joint_is_unit(t)},
}

#: "Attach that Equipment to that unit or detach that Equipment from that unit": which of
#: the two its controller does is chosen as it resolves (355.17: not a mode, 355.3): the
#: pick's name, its choices, and the picks the instruction needs (either null: no choice).
JOINT_EITHER: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    JOINT_ANGLE: ("either", ("attach", "detach"), ("unit", "equipment")),
}

JOINT_LINKS: dict[str, list[JointLink]] = {
    JOINT_CRESCENT: [JointLink("enemy", "battlefield", _at, "at")],  # "there"
    JOINT_RESONATING: [JointLink("friendly", "battlefield", _apart, "apart"),
                       # 447.2.b, 449.2: the battlefield it moves to is one it may go to
                       JointLink("battlefield", "friendly", _a_destination_the_mover_may_go_to)],
    # 355.4.a: a move's unit is not already at its destination, and may go there (447.2.b,
    # 449.2); "to that battlefield" is named, not chosen: both hold only under
    # specified_destination=elsewhere (a barred move is then a Recall, 449.2.c)
    JOINT_MOONFALL: [JointLink("enemy", "battlefield", _apart, "apart", specified=True),
                     JointLink("battlefield", "enemy", _a_destination_the_mover_may_go_to,
                               specified=True)],
    JOINT_BEDEVILING: [JointLink("enemy", "battlefield", _at, "at")],  # "there"
    JOINT_DRAGONS_RAGE: [
        JointLink("destination", "enemy", _destination_not_where_the_mover_is),  # 355.4.a
        JointLink("destination", "enemy", _a_destination_the_mover_may_go_to)],  # 449.2
    JOINT_ZENITH: [JointLink("friendly", "enemy", _apart, "apart", specified=True)],
    JOINT_HEROIC: [JointLink("enemy", "friendly", _at, "at")],  # "at its location"
    JOINT_TEMPTATION: [
        JointLink("destination", "enemy", _destination_not_where_the_mover_is),  # 355.4.a
        JointLink("destination", "enemy", _holds_another_unit_of_the_same_controller),
        JointLink("destination", "enemy", _a_destination_the_mover_may_go_to)],  # 449.2
    JOINT_SMOKE: [JointLink("friendly2", "friendly", _apart, "apart")],
    JOINT_ANGLE: [JointLink("equipment", "unit", _same_controller)],
    JOINT_SIGNPOST: [JointLink("friendly2", "friendly", _not_the_same),  # "a different unit"
                     JointLink("friendly2", "friendly", _apart, "apart", specified=True)],
    JOINT_CALL: [JointLink("destination", "friendly",
                           _destination_not_where_the_mover_is),  # 355.4.a
                 JointLink("destination", "friendly",
                           _a_destination_the_mover_may_go_to)],  # 447.2.b, 449.2
    JOINT_PIERCING: [JointLink("unit2", "unit", _not_the_same)],  # "other"
}


def chosen_elsewhere(doc: Doc) -> bool:
    """Whether the scenario reads 355.4.a for destinations the card names, not only chosen
    ones (policy specified_destination=elsewhere; the default is unrestricted)."""
    return bool(doc.get("policy", {}).get("specified_destination") == "elsewhere")


def joint_links(doc: Doc, card: str) -> list[JointLink]:
    """The card's links the scenario's policy reads."""
    return [lk for lk in JOINT_LINKS[card] if not lk.specified or chosen_elsewhere(doc)]


# ---- reading a scenario --------------------------------------------------------------------


def joint_card(doc: Doc) -> str:
    """The joint card of the scenario (its name normalised)."""
    card = _slug(str(doc["card"]))
    if card not in JOINT_PICKS:
        raise ValueError(f"not a joint card: {doc['card']!r}")
    return card


def _joint_thing(doc: Doc, pick: JointPick, value: str) -> JointThing:
    """What a predicate reads of a pick's value: the unit dict of an id (a missing id has
    left the board), else the string."""
    return _unit_or_gone(doc, value) if pick.among == "object" else value


def _joint_domain(doc: Doc, pick: JointPick) -> list[JointValue]:
    """Every value a pick could hold, null included (brute force: the filters decide)."""
    values: list[JointValue] = [None]
    if pick.among == "object":
        values += [str(u["id"]) for u in doc["units"]]
    elif pick.among == "battlefield":
        values += _battlefields(doc)
    elif pick.among == "location":
        values += [*_battlefields(doc), "base"]
    else:
        values += joint_named_players(doc)
    return values


def _joint_hidden(doc: Doc, card: str) -> str | None:
    """811.1.d.2: the battlefield a [Hidden] card is played from, if it is."""
    if card not in JOINT_HIDDEN:
        return None
    bf = doc.get("from_hidden")
    return None if bf is None else str(bf)


#: Joint cards that are permanents, their choices a play effect ("When you play me").
JOINT_PLAY_EFFECTS = (JOINT_BEDEVILING,)


def source_left_hidden_play(doc: Doc, play_effect: bool) -> bool:
    """811.1.d.3.a (2026-10-09, the text a scenario without "rules" names): a play effect
    of a permanent played from facedown reads its battlefield from its source; with the
    named source off the board it has no legal target (and mistargets on resolution).
    Older texts have no such rule."""
    if not play_effect or doc.get("from_hidden") is None:
        return False
    if doc.get("rules", "2026-10-09") != "2026-10-09" or doc.get("source") is None:
        return False
    if doc["source"] in _battlefields(doc):
        return False  # a battlefield's ability: no permanent played from facedown
    return not on_board(_unit_or_gone(doc, str(doc["source"])))


def _joint_at_hidden(thing: JointThing, hidden: str) -> bool:
    """At the Hidden battlefield: a battlefield pick equal to it, a unit or gear there."""
    return joint_where(thing) == hidden


def joint_hidden_ok(doc: Doc, card: str, pick: JointPick, picks: dict[str, JointValue]
                    ) -> bool:
    """811.1.d.2 / 811.1.d.2.a: a target (unit, gear or battlefield) of a card played from
    Hidden is at the Hidden battlefield, unless one of its links makes that impossible: "at
    X" with X not there, or "at a different location from X" with X there."""
    hidden = _joint_hidden(doc, card)
    value = picks.get(pick.name)
    if hidden is None or value is None or not pick.target or pick.among == "player":
        return True
    if source_left_hidden_play(doc, card in JOINT_PLAY_EFFECTS):
        return False
    by_name = {p.name: p for p in JOINT_PICKS[card]}
    thing = _joint_thing(doc, pick, value)
    if _joint_at_hidden(thing, hidden):
        return True
    for link in joint_links(doc, card):
        other = picks.get(link.other)
        if link.carrier != pick.name or link.hidden is None or other is None:
            continue
        there = _joint_at_hidden(_joint_thing(doc, by_name[link.other], other), hidden)
        if (link.hidden == "at" and not there) or (link.hidden == "apart" and there):
            return True
    return False


def joint_pick_ok(doc: Doc, card: str, pick: JointPick, value: str) -> bool:
    """A pick's own restrictions (355.9): on the board (objects), its description, and, for
    a target, not untargetable (757, 758.1)."""
    thing = _joint_thing(doc, pick, value)
    if pick.among == "object" and not on_board(thing):
        return False  # 355.9.a.1, 359.3.e.2: "offboard" is never valid
    if pick.among == "battlefield" and value not in _battlefields(doc):
        return False  # 355.9.b: a battlefield in play
    if pick.among == "location" and value not in [*_battlefields(doc), "base"]:
        return False  # 355.4: a battlefield or the moved unit's base
    if pick.target and pick.among == "object" and not targetable(doc, thing):
        return False  # 757, 758.1: can't be chosen (by anyone, or by an opponent)
    return JOINT_OWN[card][pick.name](doc, thing)


def joint_link_ok(doc: Doc, card: str, link: JointLink, picks: dict[str, JointValue]) -> bool:
    """A link holds, or one of its two picks is empty (nothing to relate)."""
    by_name = {p.name: p for p in JOINT_PICKS[card]}
    a, b = picks.get(link.carrier), picks.get(link.other)
    if a is None or b is None:
        return True
    return link.holds(doc, _joint_thing(doc, by_name[link.carrier], a),
                      _joint_thing(doc, by_name[link.other], b))


def _joint_deflect(doc: Doc, card: str, picks: dict[str, JointValue]) -> int:
    """809.1.c: each ENEMY unit or gear chosen as a target costs its Deflect in Power; not a
    destination, a cost's choice nor a player (355.4, 355.10)."""
    cost = 0
    for pick in JOINT_PICKS[card]:
        value = picks.get(pick.name)
        if value is not None and pick.target and pick.among == "object":
            cost += deflect_cost(doc, _unit_or_gone(doc, value))
    return cost


# ---- finalization (355.5-355.13) ----------------------------------------------------------


def _joint_declarations(doc: Doc, card: str) -> list[tuple[dict[str, JointValue], int]]:
    """Every legal choice of the picks made now, ignoring the Power budget: (targets, Deflect)."""
    now = [p for p in JOINT_PICKS[card] if not p.later]
    found: list[tuple[dict[str, JointValue], int]] = []
    for values in itertools.product(*(_joint_domain(doc, p) for p in now)):
        picks = dict(zip((p.name for p in now), values, strict=True))
        ok = True
        for pick in now:
            value = picks[pick.name]
            if value is None:
                ok = ok and pick.up_to_one  # 355.8: required; 355.13: "up to one" may be empty
            else:
                ok = ok and joint_pick_ok(doc, card, pick, value)  # 355.9
            ok = ok and joint_hidden_ok(doc, card, pick, picks)  # 811.1.d.2
        # 355.9.b, 355.4.a: restrictions relating two picks, on the board at finalization
        ok = ok and all(joint_link_ok(doc, card, link, picks) for link in joint_links(doc, card))
        if ok:
            found.append((picks, _joint_deflect(doc, card, picks)))
    return found


def joint_finalize(doc: Doc) -> list[dict[str, Any]]:
    """Every legal finalize line of a joint card: {"targets": picks made now, in the card's
    order (null: an "up to one" left empty), "deflect_cost": N}."""
    card = joint_card(doc)
    decls = _joint_declarations(doc, card)
    if doc.get("repeat") and card in JOINT_REPEAT:
        # 820.2, 820.2.a: the repeat's choices are made now too, and may differ or repeat;
        # 809.1.c: Deflect per choice, both together within the budget (356.2.a.2).
        return [{"targets": {**t1, "repeat": t2}, "deflect_cost": c1 + c2}
                for (t1, c1), (t2, c2) in itertools.product(decls, repeat=2)
                if _within_budget(doc, c1 + c2)]
    # 356.2.a.2, 809.1.d: Deflect is a mandatory additional cost: it must be payable
    return [{"targets": t, "deflect_cost": c} for t, c in decls if _within_budget(doc, c)]


# ---- resolution (359.3.e) -----------------------------------------------------------------


def _joint_rechecked(doc: Doc, card: str, declared: dict[str, Any]) -> dict[str, JointValue]:
    """Step 1: each declared TARGET is checked again on the board now (359.3.e.2, 758.1;
    Hidden 359.3.e.5): failing, it becomes null; then links between two targets, nulling
    the pick that carries the restriction. Non-target picks are never nulled."""
    now = [p for p in JOINT_PICKS[card] if not p.later]
    picks: dict[str, JointValue] = {
        p.name: None if declared.get(p.name) is None else str(declared[p.name]) for p in now}
    checked = dict(picks)
    for pick in now:
        value = picks[pick.name]
        if value is None or not pick.target:
            continue
        # 359.3.e.2, 758.1: its own restrictions; 359.3.e.5, 811.1.d.2: Hidden (the
        # exemption read from where the other declared object is now)
        if not (joint_pick_ok(doc, card, pick, value)
                and joint_hidden_ok(doc, card, pick, picks)):
            checked[pick.name] = None
    targets = {p.name for p in now if p.target}
    for link in joint_links(doc, card):
        between_targets = link.carrier in targets and link.other in targets
        if between_targets and not joint_link_ok(doc, card, link, checked):
            checked[link.carrier] = None
    # 359.3.e.12, 359.3.f.2.a: a restriction reading a declared target that became null
    # reads null information: the target carrying it is unaffected too
    for _ in range(len(now)):
        for carrier, other in JOINT_READS.get(card, []):
            if picks[other] is not None and checked[other] is None:
                checked[carrier] = None
    return checked


#: 359.3.e.12: the restrictions of a choice that read another target's information ("at
#: its location", "there", "with the same controller", "at a different location" when it
#: is not the move's own 355.4.a): (carrier, other).
JOINT_READS: dict[str, list[tuple[str, str]]] = {
    JOINT_CRESCENT: [("enemy", "battlefield")],
    JOINT_BEDEVILING: [("enemy", "battlefield")],
    JOINT_HEROIC: [("enemy", "friendly")],
    JOINT_SMOKE: [("friendly2", "friendly")],
    JOINT_ANGLE: [("equipment", "unit")],
}

#: 359.3.f.2.a: a "you may" action and the target whose information it needs ("move ... to
#: that battlefield", "to that enemy unit's battlefield").
JOINT_MAY_NEEDS: dict[str, dict[str, str]] = {
    JOINT_MOONFALL: {"enemy": "battlefield"},
    JOINT_ZENITH: {"friendly": "enemy"},
}


#: 355.12, 383.3.a.3: a "you may" action under a condition checked on resolution ("If
#: there are 4 or more units there, you may return ..."): (the place, the units it needs);
#: with fewer units there now the instruction is not followed: no decision to make.
JOINT_MAY_IF_UNITS: dict[str, dict[str, tuple[str, int]]] = {
    JOINT_BEDEVILING: {"enemy": ("battlefield", 4)},
}


def _joint_condition_unmet(doc: Doc, card: str, name: str, picks: dict[str, JointValue]
                           ) -> bool:
    """Whether the condition of pick ``name``'s "you may" action is false on the board now
    (units counted, not gear, at the place its pick holds)."""
    condition = JOINT_MAY_IF_UNITS.get(card, {}).get(name)
    if condition is None:
        return False
    place, needed = condition
    here = sum(1 for u in doc["units"] if joint_is_unit(u)
               and picks.get(place) is not None and u.get("location") == picks[place])
    return here < needed


def _joint_moved(doc: Doc, card: str, picks: dict[str, JointValue]) -> Doc:
    """The board after the moves of the picks made so far (a non-null mover goes to its
    destination unless already there, 355.4.a): Dragon's Rage's enemy, Call to Battle's
    friendly unit."""
    mover = {JOINT_DRAGONS_RAGE: "enemy", JOINT_CALL: "friendly"}.get(card)
    if mover is None or picks.get(mover) is None or picks.get("destination") is None:
        return doc
    dest = str(picks["destination"])
    units = [dict(u) for u in doc["units"]]
    for unit in units:
        if unit["id"] == picks[mover] and unit.get("location") != dest:
            # "base": its own base, as the format says; 447.2.c: a unit that may not go
            # there now (447.2.b, 449.2) is recalled to its base instead
            unit["location"] = dest if may_move_to(doc, unit, dest) else "base"
    return {**doc, "units": units}


def _joint_later_ok(doc: Doc, card: str, declared: dict[str, Any], name: str,
                    unit: Unit, checked: dict[str, JointValue]) -> bool:
    """A later pick's restrictions, on the board after the moves (``declared``: the picks as
    declared; "its destination" and "another" refer to the declared enemy even if it became
    null)."""
    if card == JOINT_DRAGONS_RAGE and name == "enemy2":
        # "Choose another enemy unit at its destination": a target (757), another unit
        # (355.9.b), at the destination after the move; "base" is the moved enemy's
        # controller's base (107.1.b)
        if checked.get("enemy") is None:
            return False  # 359.3.f.2.a: the moved target is illegal: "its destination" is null
        enemy = _unit_or_gone(doc, str(declared["enemy"]))
        key = joint_destination_key(str(declared["destination"]), enemy)
        return (joint_enemy_unit(doc, unit) and targetable(doc, unit)
                and unit["id"] != enemy["id"] and location_key(unit) == key)
    if card == JOINT_CALL and name == "their_unit":
        # "They move a unit they control to the same battlefield": chosen by that opponent,
        # not a target (no untargetability); "they control": that player's own (a
        # teammate's is friendly to them, not theirs, 740.1.a); "that battlefield" is
        # named by the card, not chosen for this move: a unit already there may be moved
        # (nothing happens), unless specified_destination=elsewhere (355.4.a)
        return (joint_is_unit(unit) and str(unit["controller"]) == str(declared["opponent"])
                and (not chosen_elsewhere(doc)
                     or unit.get("location") != declared["destination"]))
    raise AssertionError((card, name))


def _joint_one_execution(doc: Doc, card: str, declared: dict[str, Any]
                         ) -> list[dict[str, Any]]:
    """Every resolution of one execution: step 1 forced, steps 2 and 3 multiplied."""
    checked = _joint_rechecked(doc, card, declared)
    moved = _joint_moved(doc, card, checked)
    options: list[list[JointValue]] = []
    for pick in JOINT_PICKS[card]:
        if not pick.later:
            options.append([checked[pick.name]])
            continue
        # 2: a later pick takes a value if any is valid (then not null); else it is null;
        # a target chosen now pays its Deflect now, within the Power available (809.1.c-d)
        budget = _budget(doc)
        valid: list[JointValue] = [
            str(u["id"]) for u in moved["units"]
            if _joint_later_ok(moved, card, declared, pick.name, u, checked)
            and (not pick.target or budget is None or deflect_cost(moved, u) <= budget)]
        options.append(valid or [None])
    answers: list[dict[str, Any]] = []
    names = [p.name for p in JOINT_PICKS[card]]
    may = [p.name for p in JOINT_PICKS[card] if p.you_may]
    ways = JOINT_EITHER.get(card)
    for values in itertools.product(*options):
        picks = dict(zip(names, values, strict=True))
        if ways is not None:  # 355.17: "X or Y", chosen as it resolves, if both are there
            name, choices, both = ways
            for way in (choices if all(picks[n] is not None for n in both) else (None,)):
                answers.append({"picks": {**picks, name: way}})
            continue
        # 3: 355.12: each "you may" action whose pick holds an object may be declined
        # 355.12, 359.3.f.2.a: not when the action needs a declared target now null (it
        # can do nothing: no decision)
        needs = JOINT_MAY_NEEDS.get(card, {})
        open_ = [n for n in may if picks[n] is not None and not (
            n in needs and declared.get(needs[n]) is not None and picks[needs[n]] is None)
            and not _joint_condition_unmet(doc, card, n, picks)]
        for declined in _subsets(open_):
            answer: dict[str, Any] = {"picks": dict(picks)}
            if declined:
                answer["declined"] = [n for n in names if n in declined]
            answers.append(answer)
    return answers


def joint_resolve(doc: Doc) -> list[dict[str, Any]]:
    """Every legal resolve line of a joint card for ``doc["targets"]`` on the board now:
    {"picks": every pick in order, "declined": [...] only when non-empty}."""
    card = joint_card(doc)
    targets: dict[str, Any] = doc["targets"]
    first = _joint_one_execution(doc, card, targets)
    if doc.get("repeat") and card in JOINT_REPEAT:
        # 820.2: each execution resolves with its own choices, on the board as given
        second = _joint_one_execution(doc, card, targets.get("repeat") or {})
        return [{**a, "repeat": b} for a, b in itertools.product(first, second)]
    return first


# ---------------------------------------------------------------------------------------------
# Joint choices from their data (355.5-355.17)
# ---------------------------------------------------------------------------------------------
#
# Any compiled joint choice (a ``JointChoice``: ``picks`` in order and ``links`` between them),
# read from its fields alone, with no card-specific case. The effect is only read through its
# documented fields (``_data_picks`` and ``_data_links`` copy them into plain dicts); nothing
# of the engine is imported. ``data_finalize`` tries every candidate of every pick made now
# (itertools.product over every unit/gear id, battlefield, location, player or object id of
# the pick's family, and null) and keeps the combinations that pass one small predicate per
# rule; ``data_resolve`` re-checks a declaration on the board now (only for effects without
# later and "you may" picks).
#
# Readings (where the data contract is silent, the reading chosen here):
# * "among" is relative to the pick's chooser: the controller, or for chooser "opponent" the
#   player held by the effect's player pick (none chosen: nothing is valid).
# * A player pick's candidates are the players named on the board, as the contract lists
#   them: the units' and objects' controllers, the battlefields' controllers, team members
#   (not the scenario's ``controller`` unless named so). "friendly" players are the chooser
#   and teammates (740.1.a), "enemy" ones opponents (740.1.b). On resolution a player pick is
#   never nulled (a player stays in the game, whether the board still names them or not).
# * "reach" of a battlefield or location pick: "battlefield" keeps battlefields (not "base"),
#   "here" keeps the source's battlefield; for runes, spells, abilities, legends and cards
#   reach says nothing (their place is their zone).
# * Hidden (811.1.d.2.a): only a link to a pick holding an object excuses a target; with the
#   other pick left empty ("up to one"), nothing makes the Hidden restriction impossible.
# * A link with an unexpected pair of kinds is read generically: "at" and "with" compare
#   places (a location "base" is any base), a player or an object off the board is nowhere.
# * Resolution: a target's own restrictions and Hidden are re-checked first (on the declared
#   values, the exemption of 811.1.d.2.a read from where the other declared object is now),
#   then the links between two target picks in the effect's order, each on the values left
#   by the ones before (a pick already null relates nothing and nulls nothing).

#: A pick or a link of a joint choice, copied field by field into a dict.
DataPick = dict[str, Any]
DataLink = dict[str, str]
#: A pick's value: an id, a battlefield, "base", a player, or None (null).
DataValue = str | None

DATA_PICK_FIELDS = ("name", "kind", "among", "reach", "tags", "optional", "may", "other",
                    "might_at_most", "target", "later", "chooser", "exhausts", "occupied",
                    "zone", "card_type", "state", "own", "also", "energy_at_most",
                    "energy_at_least", "power_at_most", "weaker_than_source",
                    "might_at_least", "tags_any", "occupancy", "elsewhere", "keyword",
                    "tags_none", "not_yours", "energy_within_source_might", "away",
                    "moved_here", "trigger_may")
#: Kinds picking an entry of ``units`` (a unit, or a gear: ``"type": "gear"``).
DATA_ON_BOARD = ("unit", "gear")
#: Kinds picking a place.
DATA_PLACES = ("battlefield", "location")
#: Kinds picking an entry of the top-level ``objects``, and the zone each must be in.
DATA_HOME = {"rune": "board", "spell": "chain", "ability": "chain", "legend": "legend"}
DATA_CARD_ZONES = ("hand", "trash", "deck", "revealed")


def _data_picks(effect: Any) -> list[DataPick]:
    """The effect's ``picks``, in order, each as a dict of its fields (enums as strings)."""
    picks: list[DataPick] = []
    for pick in effect.picks:
        fields = {key: getattr(pick, key) for key in DATA_PICK_FIELDS}
        for key in ("name", "kind", "among", "reach", "chooser", "zone", "card_type", "state",
                    "also"):
            fields[key] = str(fields[key])
        fields["tags"] = [str(tag) for tag in fields["tags"]]
        fields["tags_any"] = [str(tag) for tag in fields["tags_any"]]
        fields["tags_none"] = [str(tag) for tag in fields["tags_none"]]
        picks.append(fields)
    return picks


def _data_links(doc: Doc, effect: Any) -> list[DataLink]:
    """The effect's ``links``: {"pick", "link", "to"}; a move's rule for a destination the
    card names (``specified``) only under policy specified_destination=elsewhere (355.4:
    no one chooses that destination)."""
    return [{"pick": str(link.pick), "link": str(link.link), "to": str(link.to)}
            for link in effect.links if not link.specified or chosen_elsewhere(doc)]


def _data_entry(doc: Doc, kind: str, value: str) -> dict[str, Any] | None:
    """The ``units`` entry (unit, gear) or ``objects`` entry (rune, spell...) with this id."""
    pool = doc["units"] if kind in DATA_ON_BOARD else doc.get("objects") or []
    for entry in pool:
        if entry["id"] == value:
            return dict(entry)
    return None


def data_named_players(doc: Doc) -> list[str]:
    """The candidates of a player pick: the players named on the board, i.e. the units' and
    objects' controllers, the battlefields' controllers and team members (the data contract's
    list: the scenario's ``controller`` alone does not name a player on the board)."""
    found = {str(u["controller"]) for u in doc["units"]}
    found |= {str(o["controller"]) for o in doc.get("objects") or []}
    found |= {str(p) for p in (doc.get("battlefield_control") or {}).values()}
    for team in doc.get("teams") or []:
        found |= {str(p) for p in team}
    found.discard("")
    return sorted(found)


def _data_domain(doc: Doc, pick: DataPick) -> list[DataValue]:
    """Every candidate of a pick, null included (brute force: the predicates decide)."""
    values: list[DataValue] = [None]
    kind = pick["kind"]
    if kind in DATA_ON_BOARD:
        values += [str(u["id"]) for u in doc["units"]]
    elif kind in DATA_PLACES:
        values += [*_battlefields(doc), "base"]
    elif kind == "player":
        values += data_named_players(doc)
    elif kind == "decision":
        values.append("yes")
    else:
        values += [str(o["id"]) for o in doc.get("objects") or []]
    return values


def _data_control(doc: Doc, battlefield: str) -> str | None:
    """Who controls a battlefield (``battlefield_control``; absent: no one)."""
    control = (doc.get("battlefield_control") or {}).get(battlefield)
    return None if control is None else str(control)


def _data_chooser(doc: Doc, effects_picks: list[DataPick], pick: DataPick,
                  values: dict[str, DataValue]) -> str | None:
    """191.2, 355.10.e: the controller makes the choices, unless another player (the one the
    effect's player pick chose) makes this one."""
    if pick["chooser"] != "opponent":
        return _me(doc)
    for other in effects_picks:
        if other["kind"] == "player" and values.get(other["name"]) is not None:
            return str(values[other["name"]])
    return None


# ---- a pick on its own (355.9) ---------------------------------------------------------------


def data_kind_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.a.1, 355.9.b: the value is what the pick chooses: "a unit" is a unit, never a
    gear, and "a gear" a gear (a ``units`` entry's ``type``); a battlefield is one in play;
    a location is a battlefield in play or "base" (355.4); a player is one the document
    names; a rune, spell, ability, legend or card is an ``objects`` entry of that kind."""
    kind = pick["kind"]
    if kind in DATA_ON_BOARD:  # ("a unit or gear": either type, the pick's ``also``)
        entry = _data_entry(doc, kind, value)
        return entry is not None and str(entry.get("type", "unit")) in {
            kind, pick.get("also") or kind}
    if kind == "battlefield":
        return value in _battlefields(doc)
    if kind == "location":
        return value in [*_battlefields(doc), "base"]
    if kind == "player":
        return value in data_named_players(doc)
    entry = _data_entry(doc, kind, value)
    return entry is not None and entry["kind"] == kind


def data_zone_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.a, 355.9.a.1, 359.3.e.2: a unit or gear is on the board ("offboard": it left);
    355.9.a: a rune is on the board, 355.9.a.2: a spell or ability on the Chain, a legend in
    its Legend Zone (each kind's default zone); a card is in the zone the pick names ("from
    your trash"), else in one of the card zones."""
    kind = pick["kind"]
    if kind in DATA_PLACES or kind == "player":
        return True
    entry = _data_entry(doc, kind, value)
    if entry is None:
        return False
    if kind in DATA_ON_BOARD:
        return on_board(entry)
    if kind == "card":
        zone = entry.get("zone")
        return zone == pick["zone"] if pick["zone"] else zone in DATA_CARD_ZONES
    return (entry.get("zone") or DATA_HOME[kind]) == DATA_HOME[kind]


def data_card_type_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b: "a unit from your trash": a card of that type."""
    if pick["kind"] != "card" or not pick["card_type"]:
        return True
    entry = _data_entry(doc, "card", value)
    types = {pick["card_type"], pick.get("also") or pick["card_type"]}  # "a unit or gear"
    return entry is not None and entry.get("type") in types


def data_among_ok(doc: Doc, pick: DataPick, value: str, chooser: str | None) -> bool:
    """740.1.a-b, 359.3.f.4: "friendly" (controlled by the chooser or a teammate), "enemy"
    (by an opponent), "any". A battlefield's controller is its ``battlefield_control`` (none:
    neither friendly nor enemy); a player is friendly to themselves and teammates."""
    among = pick["among"]
    if pick.get("own") and pick["kind"] not in DATA_PLACES and pick["kind"] != "player":
        # "one of their units", "from your trash", "a unit you control": the chooser's
        # own, not a teammate's
        entry = _data_entry(doc, pick["kind"], value)
        if entry is None or chooser is None or str(entry["controller"]) != chooser:
            return False
    if pick.get("own") and pick["kind"] == "battlefield" and (
            chooser is None or _data_control(doc, value) != chooser):
        return False  # "a battlefield you control": controlled by the chooser themself
    if among == "any":
        return True
    if chooser is None:
        return False
    kind = pick["kind"]
    if kind in DATA_PLACES:
        if value == "base":
            raise NotImplementedError("a 'friendly' or 'enemy' base is not in the contract")
        owner = _data_control(doc, value)
    elif kind == "player":
        owner = value
    else:
        entry = _data_entry(doc, kind, value)
        owner = None if entry is None else str(entry["controller"])
    if owner is None:
        return False
    return friends(doc, chooser, owner) if among == "friendly" else opponents(doc, chooser, owner)


def _data_here(doc: Doc) -> str | None:
    """359.3.f.2: "here" is the battlefield of the source (a source at a base, off the board or
    not named has no "here")."""
    source = doc.get("source")
    if source is None:
        return None
    unit = _unit_or_gone(doc, str(source))
    return str(unit["location"]) if at_battlefield(doc, unit) else None


def data_reach_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b: "at a battlefield" (a base is no battlefield, 198.1); 359.3.f.2: "here" (the
    source's battlefield); "board": anywhere on the board (a battlefield or a base)."""
    kind, reach = pick["kind"], pick["reach"]
    if reach == "board" or kind not in (*DATA_ON_BOARD, *DATA_PLACES):
        return True
    if kind in DATA_ON_BOARD:
        entry = _data_entry(doc, kind, value)
        where = None if entry is None else entry.get("location")
    else:
        where = value
    if reach == "battlefield":
        return where in _battlefields(doc)
    return where is not None and where == _data_here(doc)


def data_tags_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b: a tag in the description ("an Equipment") is a restriction: every tag needed;
    "a Bird, Cat, Dog, or Poro": one of them at least; "a non-Dragon unit": not that one.
    A place or a player has no tags."""
    if not pick["tags"] and not pick["tags_any"] and not pick["tags_none"]:
        return True
    if pick["kind"] in DATA_PLACES or pick["kind"] == "player":
        return False
    entry = _data_entry(doc, pick["kind"], value)
    if entry is None:
        return False
    has = entry.get("tags") or []
    return all(t in has for t in pick["tags"]) and (
        not pick["tags_any"] or any(t in has for t in pick["tags_any"])) and not any(
        t in has for t in pick["tags_none"])


def data_not_the_source(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.c, 355.9.b: "another" is any object but the ability's source."""
    return not pick["other"] or value != doc.get("source")


def data_might_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b, 143.2.b: "with N Might or less": the object's own Might, below 0 counting 0
    (a gear, or an object with no Might: 0); 708: "a [Mighty] unit", 5 Might or more."""
    cap, floor = pick["might_at_most"], pick["might_at_least"]
    if cap is None and floor is None:
        return True
    entry = _data_entry(doc, pick["kind"], value) if pick["kind"] not in DATA_PLACES else None
    if entry is None:
        return False
    might = max(0, int(entry.get("might") or 0))
    return (cap is None or might <= int(cap)) and (floor is None or might >= int(floor))


def data_targetable_ok(doc: Doc, pick: DataPick, value: str, chooser: str | None) -> bool:
    """757, 758.1, 355.9.b: a TARGET unit or gear "untargetable": "all" can't be chosen by
    anyone, "enemy" by an opponent of its controller; other choices (355.4, 355.10.c,
    355.10.e) ignore it."""
    if not pick["target"] or pick["kind"] not in DATA_ON_BOARD:
        return True
    entry = _data_entry(doc, pick["kind"], value)
    if entry is None:
        return False
    mode = entry.get("untargetable")
    if mode == "all":
        return False
    return not (mode == "enemy" and (chooser is None
                                     or opponents(doc, chooser, str(entry["controller"]))))


def data_ready_to_exhaust(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.10.c: a cost that exhausts a unit needs a ready one (an exhausted unit can't be
    exhausted again to pay it)."""
    if not pick["exhausts"]:
        return True
    entry = _data_entry(doc, pick["kind"], value) if pick["kind"] not in DATA_PLACES else None
    return entry is not None and not entry.get("exhausted", False)


def data_occupied_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b: "a battlefield where you have units": a UNIT (not a gear) the controller
    controls themself (not a teammate's, 740.1.a) is there."""
    if not pick["occupied"]:
        return True
    return any(joint_unit_you_control(doc, u) and u.get("location") == value
               for u in doc["units"])


def data_occupancy_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """170.11.a: "an occupied battlefield" has a UNIT (not a gear) there, anyone's; 170.11.c:
    "an open battlefield" has none and no controller."""
    if not pick["occupancy"]:
        return True
    there = any(u.get("type", "unit") == "unit" and u.get("location") == value
                for u in doc["units"])
    if pick["occupancy"] == "occupied":
        return there
    return not there and _data_control(doc, value) is None


def data_state_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b: "an exhausted rune" / "a ready unit": the object's ``exhausted`` flag; "a
    stunned unit", "spend a buff", "a unit that moved this turn": its ``stunned`` /
    ``buffed`` / ``moved`` flag; "an attacking unit" /
    "a defending unit": its ``combat`` entry."""
    if not pick["state"]:
        return True
    entry = _data_entry(doc, pick["kind"], value) if pick["kind"] not in DATA_PLACES else None
    if entry is None:
        return False
    if pick["state"] == "exhausted":
        return bool(entry.get("exhausted", False))
    if pick["state"] == "ready":
        return not entry.get("exhausted", False)
    if pick["state"] in ("stunned", "buffed", "moved"):
        return bool(entry.get(pick["state"], False))
    return bool(entry.get("combat", "") == pick["state"])


def data_pick_ok(doc: Doc, effect_picks: list[DataPick], pick: DataPick, value: str,
                 values: dict[str, DataValue]) -> bool:
    """Every restriction of a pick on its own (355.9), at finalization or on resolution."""
    if pick["kind"] == "decision":  # 383.3.a: a triggered "you may" done ("yes") or not
        return value == "yes"
    chooser = _data_chooser(doc, effect_picks, pick, values)
    return (data_kind_ok(doc, pick, value) and data_zone_ok(doc, pick, value)
            and data_card_type_ok(doc, pick, value)
            and data_among_ok(doc, pick, value, chooser) and data_reach_ok(doc, pick, value)
            and data_tags_ok(doc, pick, value) and data_not_the_source(doc, pick, value)
            and data_might_ok(doc, pick, value)
            and data_targetable_ok(doc, pick, value, chooser)
            and data_ready_to_exhaust(doc, pick, value) and data_occupied_ok(doc, pick, value)
            and data_occupancy_ok(doc, pick, value)
            and data_state_ok(doc, pick, value) and data_costs_ok(doc, pick, value)
            and data_weaker_than_source_ok(doc, pick, value)
            and data_elsewhere_ok(doc, pick, value) and data_keyword_ok(doc, pick, value)
            and data_away_ok(doc, pick, value)
            and data_not_yours_ok(doc, pick, value)
            and data_energy_within_source_might_ok(doc, pick, value))


def data_costs_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b "with Energy cost 4 or less" / "4 or more", "and Power cost 1 or less": the
    entry's ``energy`` and ``power`` (a board in these tests always states them when a pick
    reads them)."""
    if pick["kind"] in DATA_PLACES or pick["kind"] == "player":
        return True
    entry = _data_entry(doc, pick["kind"], value)
    if entry is None:
        return False
    most, least, power = (pick["energy_at_most"], pick["energy_at_least"],
                          pick["power_at_most"])
    if most is not None and not entry["energy"] <= most:
        return False
    if least is not None and not entry["energy"] >= least:
        return False
    return power is None or entry["power"] <= power


# ---- links between two picks (355.9.b, 355.4.a) --------------------------------------------


def _data_place(doc: Doc, pick: DataPick, value: str) -> str | None:
    """146.1: where a pick's object is: a battlefield or location value is itself ("base":
    any base); a unit or gear at "base" is at its own controller's base (107.1.b, 198.1:
    ``base:<controller>``); off the board, a player or another object: nowhere (None)."""
    if pick["kind"] in DATA_PLACES:
        return value
    if pick["kind"] not in DATA_ON_BOARD:
        return None
    entry = _data_entry(doc, pick["kind"], value)
    if entry is None or not on_board(entry):
        return None
    return location_key(entry)


def _data_same_place(a: str | None, b: str | None) -> bool:
    """Two places are one: equal, or a location "base" (the moved unit's base, read at
    finalization as any base) and a base."""
    if a is None or b is None:
        return False
    if a == "base" or b == "base":
        return a.startswith("base") and b.startswith("base")
    return a == b


def _data_controller(doc: Doc, pick: DataPick, value: str) -> str | None:
    """Who controls a pick's object (a battlefield: its ``battlefield_control``; a player:
    themselves; "base": no one)."""
    if pick["kind"] in DATA_PLACES:
        return None if value == "base" else _data_control(doc, value)
    if pick["kind"] == "player":
        return value
    entry = _data_entry(doc, pick["kind"], value)
    return None if entry is None else str(entry["controller"])


def data_at_ok(doc: Doc, pick: DataPick, value: str, to: DataPick, other: str) -> bool:
    """355.9.b "there" / "at its destination" (146.1): the pick's object is at the other's
    battlefield or location (a location "base": at a base); for a place pick, it holds the
    other's unit."""
    return _data_same_place(_data_place(doc, pick, value), _data_place(doc, to, other))


def data_with_ok(doc: Doc, pick: DataPick, value: str, to: DataPick, other: str) -> bool:
    """355.9.b "at its location" (146.1): at the same place as the other's unit; a base is
    each player's own (107.1.b), so two units at bases are together only with one
    controller."""
    return _data_same_place(_data_place(doc, pick, value), _data_place(doc, to, other))


def data_apart_ok(doc: Doc, pick: DataPick, value: str, to: DataPick, other: str) -> bool:
    """355.9.b "at a different location", 355.4.a (a moved unit is not already at its
    destination): the two places differ (a location "base" is the moved unit's base: any
    base, at finalization)."""
    a, b = _data_place(doc, pick, value), _data_place(doc, to, other)
    return a is not None and b is not None and not _data_same_place(a, b)


def data_base_side_ok(doc: Doc, pick: DataPick, value: str, to: DataPick, other: str
                      ) -> bool:
    """"Move a friendly unit to or from its base" (355.4): to its base when the unit is at a
    battlefield, to a battlefield when it is at its base."""
    unit = _data_entry(doc, "unit", other)
    return unit is not None and (value == "base") != (unit.get("location") == "base")


def data_same_controller_ok(doc: Doc, pick: DataPick, value: str, to: DataPick, other: str
                            ) -> bool:
    """355.9.b "with the same controller": one player controls both."""
    a, b = _data_controller(doc, pick, value), _data_controller(doc, to, other)
    return a is not None and a == b


def data_other_ok(doc: Doc, pick: DataPick, value: str, to: DataPick, other: str) -> bool:
    """355.9.c, 355.9.b "another", "other", "a different unit": not the same object."""
    return value != other


def data_hosts_ally_ok(doc: Doc, pick: DataPick, value: str, to: DataPick, other: str
                       ) -> bool:
    """355.9.b "a location where there's a unit with the same controller": another UNIT (not
    a gear, 355.9.a.1; not the other's unit) of the other's unit's controller is at the
    location ("base": at that player's own base)."""
    mover = _data_entry(doc, to["kind"], other) if to["kind"] in DATA_ON_BOARD else None
    if mover is None:
        return False
    return any(joint_is_unit(u) and u["id"] != mover["id"]
               and u["controller"] == mover["controller"] and u.get("location") == value
               for u in doc["units"])


def _data_unit_might(doc: Doc, value: str | None) -> int | None:
    """143.2.b: a unit's Might on the board, below 0 counting 0 (None: no such unit there)."""
    entry = next((u for u in doc["units"] if u["id"] == value), None)
    if entry is None:  # a unit card in a zone: its printed Might
        card = next((o for o in doc.get("objects", []) if o["id"] == value), None)
        return max(0, int(card["might"])) if card is not None and card.get(
            "might") is not None else None
    if not on_board(entry) or entry.get("type", "unit") != "unit":
        return None
    return max(0, int(entry["might"]))


def data_weaker_ok(doc: Doc, pick: DataPick, value: str, to: DataPick, other: str) -> bool:
    """355.9.b "an enemy unit with less Might than it": strictly less than the other's."""
    mine, theirs = _data_unit_might(doc, value), _data_unit_might(doc, other)
    return mine is not None and theirs is not None and mine < theirs


def _data_costs(doc: Doc, value: str) -> tuple[int, int]:
    """A unit's or card's printed Energy and Power costs (a unit's known off the board
    too: its card's)."""
    entry = next(e for e in [*doc["units"], *doc.get("objects", [])] if e["id"] == value)
    return int(entry["energy"]), int(entry["power"])


def data_no_costlier_ok(doc: Doc, pick: DataPick, value: str, to: DataPick, other: str
                        ) -> bool:
    """355.9.b "a unit from your trash that costs no more Energy and no more Power than the
    killed unit": each of its costs at most the other's."""
    (energy, power), (their_energy, their_power) = (_data_costs(doc, value),
                                                    _data_costs(doc, other))
    return energy <= their_energy and power <= their_power


def data_weaker_than_source_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b "with less Might than me": strictly less than the ability's source's."""
    if not pick["weaker_than_source"]:
        return True
    mine, source = _data_unit_might(doc, value), _data_unit_might(doc, doc.get("source"))
    return mine is not None and source is not None and mine < source


def data_energy_within_source_might_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b "a gear with Energy cost no more than my Might": the entry's ``energy`` at
    most the source's Might (below 0 counting 0, 143.2.b); no source on the board: none."""
    if not pick["energy_within_source_might"]:
        return True
    entry = _data_entry(doc, pick["kind"], value)
    might = _data_unit_might(doc, doc.get("source"))
    return entry is not None and might is not None and int(entry["energy"]) <= might


def data_not_yours_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.10.e "each other player chooses a unit you don't control": not a unit of the
    spell's controller (a teammate's is not theirs)."""
    if not pick["not_yours"]:
        return True
    entry = _data_entry(doc, pick["kind"], value)
    return entry is not None and str(entry["controller"]) != str(doc["controller"])


def data_keyword_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b "a card with [Hidden]", "a gear with [Deploy]": one of the entry's
    ``keywords`` is that keyword (any case, with or without a value)."""
    if not pick["keyword"]:
        return True
    if pick["kind"] in DATA_PLACES or pick["kind"] == "player":
        return False
    entry = _data_entry(doc, pick["kind"], value)
    return entry is not None and any(
        str(k).split()[0].lower() == pick["keyword"].lower() for k in entry.get("keywords") or [])


def data_elsewhere_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """355.9.b "a unit you control at another location": not where the ability's source is
    (each base its controller's own location, 107.1.b); with no source on the board, none."""
    if not pick["elsewhere"]:
        return True
    entry = _data_entry(doc, pick["kind"], value)
    source = doc.get("source")
    mine = next((u for u in doc["units"] if u["id"] == source), None)
    if entry is None or mine is None or not on_board(entry) or not on_board(mine):
        return False
    return location_key(entry) != location_key(mine)


def data_away_ok(doc: Doc, pick: DataPick, value: str) -> bool:
    """"an enemy unit at a different location" moved "to my battlefield" (``away``): not at
    the source's battlefield. A move "to here" (``moved_here``): the card names that
    destination, so a unit already there may be chosen (355.4; its move does nothing),
    unless policy specified_destination=elsewhere reads 355.4.a for it too. With no "here"
    (the source at no battlefield) there is nothing to differ from: no restriction."""
    if not (pick["away"] or (pick["moved_here"] and chosen_elsewhere(doc))):
        return True
    here = _data_here(doc)
    entry = _data_entry(doc, pick["kind"], value)
    return here is None or entry is None or str(entry.get("location")) != here


DATA_LINK_TESTS: dict[str, Callable[[Doc, DataPick, str, DataPick, str], bool]] = {
    "weaker": data_weaker_ok,
    "at": data_at_ok,
    "with": data_with_ok,
    "apart": data_apart_ok,
    "same-controller": data_same_controller_ok,
    "other": data_other_ok,
    "hosts-ally": data_hosts_ally_ok,
    "no-costlier": data_no_costlier_ok,
    "base-side": data_base_side_ok,
}


def data_link_ok(doc: Doc, by_name: dict[str, DataPick], link: DataLink,
                 values: dict[str, DataValue]) -> bool:
    """A link holds, or one of its picks is null (or not chosen yet): nothing to relate.
    383.3.a: a triggered "you may" is done as a whole or not at all: "together" picks are
    both made or both null, an "if-done" pick null unless the other is made."""
    a, b = values.get(link["pick"]), values.get(link["to"])
    if link["link"] == "after":
        # several objects chosen alike ("up to 2 runes"): different objects (355.9.c), each
        # set listed once: in increasing id order, the empty picks last (355.13)
        if link["pick"] not in values or link["to"] not in values:
            return True
        return a is None if b is None else (a is None or a > b)
    if link["link"] in ("together", "if-done", "either", "one-of"):
        if link["pick"] not in values or link["to"] not in values:
            return True
        if link["link"] == "either":  # one way to do it or the other, not both
            return a is None or b is None
        if link["link"] == "one-of":  # 355.8: one object, of one kind or of the other
            return (a is None) != (b is None)
        return (a is None) == (b is None) if link["link"] == "together" else (
            a is None or b is not None)
    if a is None or b is None:
        return True
    test = DATA_LINK_TESTS[link["link"]]
    return test(doc, by_name[link["pick"]], a, by_name[link["to"]], b)


# ---- Hidden (811.1.d.2, 811.1.d.2.a) ------------------------------------------------------


def _data_hidden(doc: Doc, effect: Any) -> str | None:
    """811.1.d.2: the battlefield a [Hidden] card is played from, when it is."""
    bf = doc.get("from_hidden")
    return None if bf is None or not effect.hidden else str(bf)


def _data_at_hidden(doc: Doc, pick: DataPick, value: str, hidden: str) -> bool:
    """At the Hidden battlefield: a battlefield or location value equal to it, a unit or gear
    there."""
    return _data_place(doc, pick, value) == hidden


def data_hidden_ok(doc: Doc, effect: Any, pick: DataPick, values: dict[str, DataValue]
                   ) -> bool:
    """811.1.d.2: a TARGET unit, gear or battlefield of a card played from Hidden is at the
    Hidden battlefield; 811.1.d.2.a: unless a link the pick itself carries makes that
    impossible: "at" / "with" an object not there, "apart" from an object there."""
    hidden = _data_hidden(doc, effect)
    value = values.get(pick["name"])
    if hidden is None or value is None or not pick["target"]:
        return True
    if pick["kind"] not in (*DATA_ON_BOARD, "battlefield"):
        return True
    if source_left_hidden_play(doc, "when you play me" in effect.text.lower()):
        return False
    if _data_at_hidden(doc, pick, value, hidden):
        return True
    by_name = {p["name"]: p for p in _data_picks(effect)}
    for link in _data_links(doc, effect):
        other = values.get(link["to"])
        if link["pick"] != pick["name"] or other is None:
            continue
        there = _data_at_hidden(doc, by_name[link["to"]], other, hidden)
        if link["link"] in ("at", "with") and not there:
            return True
        if link["link"] == "apart" and there:
            return True
    return False


# ---- Deflect (809.1.c) -------------------------------------------------------------------------


def data_deflect(doc: Doc, effect: Any, values: dict[str, DataValue]) -> int:
    """809.1.c: each ENEMY unit or gear chosen by a TARGET pick costs its Deflect in Power
    (not a destination, a cost's choice nor another player's choice: 355.4, 355.10); none
    with the card's own "Ignore [Deflect]"."""
    if effect.ignores_deflect:
        return 0
    cost = 0
    for pick in _data_picks(effect):
        value = values.get(pick["name"])
        if value is None or not pick["target"] or pick["kind"] not in DATA_ON_BOARD:
            continue
        entry = _data_entry(doc, pick["kind"], value)
        if entry is not None:
            cost += deflect_cost(doc, entry)
    return cost


# ---- finalization (355.5-355.13) ----------------------------------------------------------


def _data_declarations(doc: Doc, effect: Any) -> list[tuple[dict[str, DataValue], int]]:
    """Every legal choice of the picks made now, ignoring the Power budget: (values, Deflect)."""
    picks = _data_picks(effect)
    by_name = {p["name"]: p for p in picks}
    now = [p for p in picks if not p["later"]]  # 355.5.b, 355.10.e: later picks wait
    found: list[tuple[dict[str, DataValue], int]] = []
    for combo in itertools.product(*(_data_domain(doc, p) for p in now)):
        values = dict(zip((p["name"] for p in now), combo, strict=True))
        ok = True
        for pick in now:
            value = values[pick["name"]]
            if value is None:
                ok = ok and bool(pick["optional"])  # 355.8: required; 355.13: "up to one"
            else:
                ok = ok and data_pick_ok(doc, picks, pick, value, values)  # 355.9
            ok = ok and data_hidden_ok(doc, effect, pick, values)  # 811.1.d.2
        # 355.9.b, 355.4.a: the restrictions relating two picks, on the board now
        ok = ok and all(data_link_ok(doc, by_name, link, values)
                        for link in _data_links(doc, effect))
        ok = ok and data_destinations_ok(doc, effect, values, {p["name"] for p in now})
        # 383.3.b: a "you may" whose cost can't be paid is not done: its picks are null
        ok = ok and not (trigger_cost_spent(doc, effect) and any(
            values[p["name"]] is not None for p in now if _done_as_a_whole(effect, p)))
        if ok:
            found.append((values, data_deflect(doc, effect, values)))
    return found


def data_destinations_ok(doc: Doc, effect: Any, values: dict[str, DataValue],
                         made: set[str]) -> bool:
    """447.2.b, 449.2: each move ("move" deed) whose unit and destination (a battlefield or
    location pick) are both chosen now goes where that unit may be moved to."""
    by_name = {p["name"]: p for p in _data_picks(effect)}
    for deed in effect.deeds:
        if str(getattr(deed.action, "value", deed.action)) != "move":
            continue
        unit_pick, to = str(deed.pick), str(deed.to)
        if unit_pick not in made or to not in made or by_name[to]["kind"] not in DATA_PLACES:
            continue
        if not chosen_elsewhere(doc) and any(
                k.specified and (k.pick, k.to) == (unit_pick, to) for k in effect.links):
            continue  # ("to that battlefield": named, not chosen; a barred move recalls)
        mover = values.get(unit_pick)
        dest = values.get(to)
        if mover is None or dest is None:
            continue
        entry = _data_entry(doc, by_name[unit_pick]["kind"], mover)
        if entry is not None and not may_move_to(doc, entry, dest):
            return False
    return True


def source_spent(doc: Doc, text: str) -> bool:
    """415.5: the exhaust symbol in an activated ability's cost (the words before its first
    ": " in its first sentence) is "exhaust me"; 415.4: an exhausted source cannot pay it,
    nor one off the board (415.1: only an object on the board is exhausted), nor can a
    source off the board pay "Kill this:" (a line's cost that kills it)."""
    source = next((u for u in doc["units"] if u["id"] == doc.get("source")), None)
    if source is None:
        return False
    gone = source.get("location") == "offboard"
    for line in text.split("\n"):
        head = line.split(".")[0]
        cost = head.split(": ")[0].lower() if ": " in head else ""
        if gone and any(f"{verb} {whom}" in cost for verb in ("kill", "banish", "recycle")
                        for whom in ("this", "me")):
            return True
    first = text.split(".")[0]
    cost = first.split(": ")[0] if ": " in first else ""
    if "[Exhaust]" not in cost and ":rb_exhaust:" not in cost:
        return False
    return gone or bool(source.get("exhausted"))


def _done_as_a_whole(effect: Any, pick: DataPick) -> bool:
    """383.3.a: a triggered "you may"'s pick; 355.10.c: a pick of an optional cost paid in
    full or not at all ("you may exhaust me and three friendly units": "together")."""
    return bool(pick["trigger_may"]) or any(
        lk["link"] == "together" and pick["name"] in (lk["pick"], lk["to"])
        for lk in ({"pick": k.pick, "link": k.link.value, "to": k.to} for k in effect.links))


def trigger_cost_spent(doc: Doc, effect: Any) -> bool:
    """383.3.b, 383.3.b.1: a cost right after a first "you may" ("you may exhaust me to
    ready ...", "you may discard 1 and exhaust me to ..."), paid in full to do the action;
    415.4: an exhausted source, or one not on the board, cannot pay "exhaust me"."""
    if not any(_done_as_a_whole(effect, p) for p in _data_picks(effect)):
        return False
    words = re.search(r"\byou may\b([^.]*?)\bto\b", effect.text, re.IGNORECASE)
    if words is None or not re.search(r"\bexhaust me\b", words.group(1), re.IGNORECASE):
        return False
    source = next((u for u in doc["units"] if u["id"] == doc.get("source")), None)
    return source is not None and (bool(source.get("exhausted"))
                                   or source.get("location") == "offboard")


def data_finalize(doc: Doc, effect: Any) -> list[dict[str, Any]]:
    """Every legal finalize line of a joint choice ``effect`` (a ``JointChoice``, read through
    its fields) on ``doc``'s board: {"targets": {pick: value or null, every pick made now, in
    order}, "deflect_cost": N}."""
    if source_spent(doc, effect.text):
        return []  # 415.4 (414.4 in 1.4): its cost exhausts an exhausted source
    decls = _data_declarations(doc, effect)
    if doc.get("repeat") and effect.repeat:
        # 820.2, 820.2.a: the repeat's choices are made now too, and may differ or repeat;
        # 809.1.c: Deflect per choice, both together within the budget (356.2.a.2)
        return [{"targets": {**t1, "repeat": t2}, "deflect_cost": c1 + c2}
                for (t1, c1), (t2, c2) in itertools.product(decls, repeat=2)
                if _within_budget(doc, c1 + c2)]
    # 356.2.a.2, 809.1.d: Deflect is a mandatory additional cost: it must be payable
    return [{"targets": t, "deflect_cost": c} for t, c in decls if _within_budget(doc, c)]


# ---- resolution (359.3.e), for effects with no later and no "you may" picks -----------------


def _data_one_execution(doc: Doc, effect: Any, declared: dict[str, Any]) -> dict[str, Any]:
    """The one resolution of one execution: each TARGET re-checked on the board now, on its
    own (359.3.e.2, 758.1) and against Hidden (359.3.e.5, 811.1.d.2), failing ones null; then
    each link between two TARGET picks (359.3.e.2), nulling the pick that carries it.
    Destinations, costs' choices and players are never nulled."""
    picks = _data_picks(effect)
    by_name = {p["name"]: p for p in picks}
    values: dict[str, DataValue] = {
        p["name"]: None if declared.get(p["name"]) is None else str(declared[p["name"]])
        for p in picks}
    checked = dict(values)
    for pick in picks:
        value = values[pick["name"]]
        if value is None or not pick["target"] or pick["kind"] == "player":
            continue  # a player stays in the game (named on the board or not): never nulled
        if not (data_pick_ok(doc, picks, pick, value, values)
                and data_hidden_ok(doc, effect, pick, values)):
            checked[pick["name"]] = None  # 359.3.e.5: unaffected
    for link in _data_links(doc, effect):
        if not (by_name[link["pick"]]["target"] and by_name[link["to"]]["target"]):
            continue
        if not data_link_ok(doc, by_name, link, checked):
            checked[link["pick"]] = None
    # 359.3.e.12, 359.3.f.2.a: a link reading a declared target now null (its place, its
    # controller, its Might) reads null: the target carrying it is null too; not "other"
    # nor the links between the choices, nor a move's own "apart" from its destination
    moves = {(str(d.pick), str(d.to)) for d in effect.deeds if str(d.action) == "move"}
    for _ in range(len(picks)):
        for link in _data_links(doc, effect):
            carrier, other = link["pick"], link["to"]
            if link["link"] not in DATA_READING_LINKS or not by_name[carrier]["target"] \
                    or not by_name[other]["target"] or by_name[carrier]["later"]:
                continue
            if link["link"] == "apart" and (carrier, other) in moves:
                continue
            if values.get(other) is not None and checked.get(other) is None:
                checked[carrier] = None
    return {"picks": checked}


#: The links that read the other object's information (359.3.e.12).
DATA_READING_LINKS = ("at", "with", "apart", "same-controller", "weaker", "hosts-ally")


def data_resolve(doc: Doc, effect: Any) -> list[dict[str, Any]]:
    """Every legal resolve line of a joint choice with no later pick and no "you may" pick,
    for ``doc["targets"]`` on the board now: one line {"picks": every pick in order}."""
    if any(p["later"] or p["may"] for p in _data_picks(effect)):
        raise NotImplementedError("later and 'you may' picks are not resolved here")
    targets: dict[str, Any] = doc["targets"]
    first = _data_one_execution(doc, effect, targets)
    if doc.get("repeat") and effect.repeat:
        # 820.2: each execution resolves with its own choices, on the board as given
        return [{**first, "repeat": _data_one_execution(doc, effect,
                                                        targets.get("repeat") or {})}]
    return [first]

"""The built-in library's cards (Core Rules 1.4): every declaration by brute force
(every unit to each slot or to none), filtered by one small predicate per rule; split
resolutions by every damage vector (355.14); group resolutions by every subset (355.11.b).

>>> from reference.board import _slug
>>> _slug("Volibear, Furious")
'volibear-furious'
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from typing import Any

from reference.board import (
    ALPHA,
    BELLOWS,
    DECREE,
    ELDER,
    EMPEROR,
    FACEBREAKER,
    FOX,
    HEXPLOSIVE,
    HIDDEN_CARDS,
    SLOTS,
    SPLIT_CARDS,
    SWITCHEROO,
    TRICKSY,
    VOLIBEAR,
    Choice,
    Doc,
    T,
    Unit,
    _battlefields,
    _bonus,
    _budget,
    _card,
    _might,
    _players,
    _policy,
    _slug,
    _unit_or_gone,
    at_battlefield,
    deflect_cost,
    friends,
    hidden_ok,
    is_enemy,
    is_friendly,
    is_unit,
    location_key,
    on_board,
    targetable,
    volibear_here,
)

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


# --------------------------------------------------------------- as a family's reference

#: The families whose library cards this module reads (``reference.reference_of``).
FAMILIES = ("split", "group")


def finalize(doc: Doc, effect: Any) -> set[str] | None:
    """:func:`finalize_lines` of a library card (``None`` for another card)."""
    return finalize_lines(doc) if _slug(effect.name) in SLOTS else None


def resolve(doc: Doc, effect: Any) -> set[str] | None:
    """:func:`resolve_lines` of a library card (``None`` for another card)."""
    return resolve_lines(doc) if _slug(effect.name) in SLOTS else None

"""Joint choices from their data (355.5-355.17): any compiled joint choice, read from
its fields alone.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from typing import Any

from reference.board import (
    Doc,
    _battlefields,
    _me,
    _unit_or_gone,
    at_battlefield,
    deflect_cost,
    friends,
    location_key,
    on_board,
    opponents,
)
from reference.joint import (
    chosen_elsewhere,
    joint_is_unit,
    joint_unit_you_control,
    source_left_hidden_play,
)
from reference.library import _within_budget, may_move_to

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


# --------------------------------------------------------------- as a family's reference

#: The family this module reads (``reference.reference_of``).
FAMILIES = ("joint",)


def finalize(doc: Doc, effect: Any) -> set[str] | None:
    """:func:`data_finalize` as canonical lines."""
    return {json.dumps(line, sort_keys=True) for line in data_finalize(doc, effect)}


def resolve(doc: Doc, effect: Any) -> set[str] | None:
    """:func:`data_resolve` as canonical lines (``None`` for a card with later or "you
    may" picks, which it does not resolve)."""
    try:
        return {json.dumps(line, sort_keys=True) for line in data_resolve(doc, effect)}
    except NotImplementedError:
        return None

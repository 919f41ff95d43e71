"""Joint choices (355.5-355.17), thirteen cards written out as data, one predicate
per restriction.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from reference.board import (
    Doc,
    Unit,
    _battlefields,
    _budget,
    _me,
    _slug,
    _unit_or_gone,
    deflect_cost,
    friends,
    is_unit,
    location_key,
    on_board,
    opponents,
    targetable,
)
from reference.library import _subsets, _within_budget, may_move_to

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

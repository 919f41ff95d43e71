"""``riftsolve new CARD``: a commented starting scenario in the board notation.

The file names the card, explains each of its target slots (what it may hold, whether it
is a target and the rule deciding it) and holds a small example board on which the card
has legal declarations, so that it is answered as written; with ``resolve``, a
``targets`` line too (the declaration choosing the most targets on that board).

>>> text = starter("Fox-Fire")
>>> print("\\n".join(line for line in text.splitlines() if "units=" in line))
#   units=ID,ID,...: "any number of units", at a battlefield; a target (CR 2026-10-09 355.13)
>>> from riftsolve.models.notation import read_board
>>> from riftsolve.solver.questions import finalize
>>> finalize(read_board(text)).count() > 0
True
>>> "targets units=" in starter("Fox-Fire", resolve=True)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import islice
from pathlib import Path
from typing import Any

from riftsolve.models.choosing import slot_mentions, slot_roles
from riftsolve.models.classify import Role
from riftsolve.models.effects import (
    Effect,
    GroupSlot,
    GroupTargets,
    JointChoice,
    Link,
    Pick,
    Reach,
    Relation,
    Sharing,
    SplitDamage,
    Zone,
    empowered_only,
)
from riftsolve.models.families.registry import slot_shapes
from riftsolve.models.i18n import _
from riftsolve.models.limits import ScenarioError
from riftsolve.models.notation import write_board
from riftsolve.models.rules import DEFAULT_VERSION, citation

#: The example board: the controller's units, then an opponent's.
FRIENDLY = (("kai", 3, "north"), ("lux", 2, "south"))
ENEMY = (("r1", 2, "north"), ("r2", 1, "north"), ("r3", 3, "south"), ("r4", 1, "base"))
#: Declarations looked at for the ``targets`` line of a resolution question.
LOOKED_AT = 2_000

#: The notation in brief, written at the head of every starting file.
GRAMMAR = """\
# One line a unit: ID CONTROLLER MIGHT @LOCATION [dmg=N] [deflect=N] [tags=A,B]
#   [untargetable=enemy|all] [stunned] [exhausted] ... (every unit field of format 1;
#   a location is a battlefield, base or offboard). '#' starts a comment.
# Quote an id with a space or one of " # , = @ as a JSON string: "my unit".
# riftsolve finalize FILE: every legal declaration; add a 'targets' line (slot=id or
# slot=id1,id2) and riftsolve resolve FILE: every legal resolution now.
"""


def _players(effect: Effect) -> tuple[list[tuple[str, frozenset[str]]], bool]:
    """The tags the example board's units need, by whose units (``friendly``,
    ``enemy``), and whether it needs gear (tagged like the slots that choose it)."""
    needs: list[tuple[str, frozenset[str]]] = []
    gear = False
    choices: list[GroupSlot | Pick] = []
    if isinstance(effect, GroupTargets):
        choices = list(effect.slots)
    elif isinstance(effect, JointChoice):
        choices = [p for p in effect.picks if p.kind in ("unit", "gear")]
    for choice in choices:
        kinds = choice.kinds if isinstance(choice, GroupSlot) else (choice.kind, choice.also)
        if "gear" in kinds and "unit" in kinds:  # ("a unit or gear": both on the board)
            gear = True
            needs.append((choice.among.value, frozenset(choice.tags)))
        elif "gear" in kinds:
            gear = True
            needs.append(("gear", frozenset(choice.tags)))
        else:
            needs.append((choice.among.value, frozenset(choice.tags)))
    return needs, gear


def example_board(effect: Effect) -> dict[str, Any]:
    """A small board (format 1) for ``effect``: two battlefields (the controller holds
    north), two units of the controller's and four of an opponent's (one at its base),
    tagged as the card's slots need, a gear if it chooses one, its source if it is an
    ability's."""
    needs, gear = _players(effect)

    def tags(side: str) -> list[str]:
        found = {t for whose, wanted in needs for t in wanted
                 if whose in (side, Relation.ANY.value)}
        return sorted(found)

    units: list[dict[str, Any]] = []
    for side, player, rows in (("friendly", "A", FRIENDLY), ("enemy", "B", ENEMY)):
        for ident, might, location in rows:
            unit: dict[str, Any] = {"id": ident, "controller": player, "might": might,
                                    "location": location}
            if tags(side):
                unit["tags"] = tags(side)
            units.append(unit)
    if gear:
        blade: dict[str, Any] = {"id": "blade", "controller": "A", "type": "gear",
                                 "location": "north"}
        gear_tags = sorted({t for whose, w in needs if whose == "gear" for t in w})
        if gear_tags:
            blade["tags"] = gear_tags
        units.append(blade)
    doc: dict[str, Any] = {"card": effect.name, "controller": "A",
                           "battlefields": ["north", "south"],
                           "battlefield_control": {"north": "A"}, "units": units}
    pieces = [p for p in effect.picks if p.or_piece] if isinstance(effect, JointChoice) else []
    if pieces:  # (a rune for "units, gear, and/or runes"; a facedown card)
        piece = pieces[0]
        doc["objects"] = [{"id": f"{piece.or_piece}1", "kind": piece.or_piece,
                           "controller": "A", **({"zone": piece.zone} if piece.zone else {})}]
    if effect.needs_source:
        doc["source"] = FRIENDLY[0][0]
        if empowered_only(effect.text):
            units[0]["empowered"] = True  # (an ability it has only while Empowered)
    if getattr(effect, "needs_event", False):  # (where the card the trigger watches went)
        doc["event_battlefield"] = "north"
    return {"format": 1, **doc}


#: Each state a pick may ask of a unit, as the unit's field that says it.
_STATES = {"exhausted": ("exhausted", True), "stunned": ("stunned", True),
           "buffed": ("buffed", True), "moved": ("moved", True), "token": ("token", True),
           "empowered": ("empowered", True),
           "attacking": ("combat", "attacking"), "defending": ("combat", "defending")}
#: The player whose object a choice among friendly, enemy or any objects finds first.
_OWNER = {Relation.FRIENDLY: "A", Relation.ENEMY: "B", Relation.ANY: "B"}


def _reads_costs(effect: Effect) -> bool:
    """Whether a choice of ``effect`` reads Energy or Power costs: the board states them."""
    return isinstance(effect, JointChoice) and (any(
        p.energy_at_most is not None or p.energy_at_least is not None
        or p.power_at_most is not None or p.energy_within_source_might for p in effect.picks
    ) or any(d.amount_of == "energy" for d in effect.deeds)
        or any(lk.link is Link.NO_COSTLIER for lk in effect.links))


def _energy(pick: Pick) -> int:
    """An Energy cost meeting ``pick``'s bounds."""
    if pick.energy_at_least is not None:
        return pick.energy_at_least
    return min(2, pick.energy_at_most) if pick.energy_at_most is not None else 2


def _fresh_unit(pick: Pick | GroupSlot, kind: str, number: int) -> dict[str, Any]:
    """A unit (or gear) meeting the restrictions of ``pick`` on its own."""
    owner = "A" if pick.own else _OWNER[pick.among]
    where = {Reach.BASE: "base", Reach.HERE: FRIENDLY[0][2]}.get(pick.reach, "north")
    entry: dict[str, Any] = {"id": f"{'ally' if owner == 'A' else 'foe'}{number}",
                             "controller": owner, "location": where}
    if kind == "gear":
        entry["type"] = "gear"
    else:
        least = getattr(pick, "might_at_least", None)
        entry["might"] = max(2, least or 0) if pick.might_at_most is None else min(
            max(least or 0, 1), pick.might_at_most)
    if pick.tags:
        entry["tags"] = sorted(pick.tags)
    for state in (pick.state,) if isinstance(pick, Pick) else pick.states:
        if state == "attached" and kind == "gear":  # (on the first unit of its controller's)
            entry["attached"] = FRIENDLY[0][0] if owner == "A" else ENEMY[0][0]
            entry["location"] = (FRIENDLY if owner == "A" else ENEMY)[0][2]
        if state in _STATES:
            field, value = _STATES[state]
            entry[field] = value
    if isinstance(pick, Pick):
        if pick.keyword:
            entry["keywords"] = [pick.keyword]
        if pick.tags_any:
            entry["tags"] = sorted({*entry.get("tags", ()), pick.tags_any[0]})
    return entry


def _equipment(unit: dict[str, Any]) -> dict[str, Any]:
    """An Equipment attached to ``unit`` (which is then equipped)."""
    return {"id": f"{unit['id']}-gear", "controller": unit["controller"], "type": "gear",
            "location": unit["location"], "tags": ["Equipment"], "attached": unit["id"]}


def _fresh_object(pick: Pick, number: int) -> dict[str, Any]:
    """A rune, spell, ability, legend or card meeting the restrictions of ``pick``."""
    owner = "A" if pick.own else _OWNER[pick.among]
    zone = {"spell": "chain", "ability": "chain", "legend": "legend", "rune": "board"}.get(
        pick.kind, pick.zone or "hand")
    entry: dict[str, Any] = {"id": f"{pick.kind}{number}", "kind": pick.kind,
                             "controller": owner, "zone": zone}
    if pick.kind == "card":
        entry["type"] = pick.card_type or "unit"
    if pick.kind in ("card", "spell"):
        entry["energy"] = _energy(pick)
        entry["power"] = 0
    if pick.kind in ("spell", "ability") and pick.zone in ("", "chain"):
        entry["chooses"] = [FRIENDLY[0][0]]  # (a spell on the Chain: it chooses kai)
    if pick.state == "exhausted":
        entry["exhausted"] = True
    if pick.tags or pick.tags_any:
        entry["tags"] = sorted({*pick.tags, *pick.tags_any[:1]})
    return entry


def fitted_board(effect: Effect, doc: dict[str, Any]) -> dict[str, Any]:
    """The example board ``doc`` with what each of ``effect``'s choices made now needs
    and the plain board lacks: a unit or gear of its own for each (in the state, at the
    place, with the Might and keyword it asks), a rune, spell, legend or card in its
    zone, an enemy battlefield, an open one; every Energy and Power cost stated when a
    choice reads them."""
    board = {**doc, "units": [dict(u) for u in doc["units"]]}
    objects: list[dict[str, Any]] = []
    choices: list[Pick | GroupSlot] = []
    if isinstance(effect, JointChoice):
        choices = [p for p in effect.picks if not p.later]
    elif isinstance(effect, GroupTargets):
        choices = list(effect.slots)
    for number, choice in enumerate(choices, 1):
        kinds = choice.kinds if isinstance(choice, GroupSlot) else (choice.kind,)
        if kinds[0] in ("unit", "gear"):
            fresh = [_fresh_unit(choice, kinds[0], number)
                     for _copy in range(getattr(choice, "least", 1) or 1)]
            board["units"] += fresh + [_equipment(unit) for unit in fresh
                                       if isinstance(choice, Pick) and choice.state == "equipped"]
            if isinstance(choice, Pick) and choice.contested:  # (in combat with one of them)
                fresh[0]["combat"] = "defending"
                board["units"].append({"id": f"{choice.contested.lower()}{number}",
                                       "controller": "B", "might": 2,
                                       "location": fresh[0]["location"],
                                       "combat": "attacking", "tags": [choice.contested]})
            if isinstance(choice, Pick) and choice.or_piece:  # ("units, gear, and/or runes")
                objects.append(_fresh_object(replace(choice, kind=choice.or_piece, also=""),
                                             number))
        elif isinstance(choice, Pick) and choice.kind in (
                "rune", "spell", "ability", "legend", "card"):
            objects.append(_fresh_object(choice, number))
        elif choice.among is Relation.ENEMY:  # an enemy battlefield, held by B
            board["battlefield_control"] = {"north": "A", "south": "B"}
    if isinstance(effect, GroupTargets) and effect.destination_open:
        board["battlefields"] = [*board["battlefields"], "east"]  # open: no unit, no one's
    costed, seen = _reads_costs(effect), set()
    for index, unit in enumerate(board["units"]):
        if unit["id"] in seen:  # (a second fresh unit of one choice: "choose 2 gear")
            unit["id"] = f"{unit['id']}x{index}"
        seen.add(unit["id"])
        if costed:
            unit.setdefault("energy", 2)
            unit.setdefault("power", 0)
    if objects:
        board["objects"] = objects
    return board


def _how_many(slot: GroupSlot) -> str:
    if slot.most is None:
        return _("any number of") if not slot.least else _("{n} or more").format(
            n=slot.least)
    if slot.least == slot.most:
        return str(slot.most)
    return _("up to {n}").format(n=slot.most) if not slot.least else _(
        "{least} to {most}").format(least=slot.least, most=slot.most)


def _whose(among: Relation) -> str:
    return {Relation.FRIENDLY: _("friendly"), Relation.ENEMY: _("enemy"),
            Relation.ANY: _("any")}[among]


def _where(reach: Reach) -> str:
    return {Reach.BATTLEFIELD: _("at a battlefield"), Reach.BOARD: _("anywhere on the board"),
            Reach.HERE: _("at the source's battlefield (here)"),
            Reach.BASE: _("at a base")}[reach]


def slot_lines(effect: Effect) -> Iterator[str]:
    """One comment line per slot: its name, what it may hold, how it is written, and its
    role with the rule deciding it."""
    roles = slot_roles(effect)
    words = {slot: mention.words for slot, mention in slot_mentions(effect).items()}

    def role(slot: str) -> str:
        kind, number = roles[slot]
        what = _("a target") if kind is Role.TARGET else _("not a target: {role}").format(
            role=kind.value)
        return f"{what} ({citation(number, DEFAULT_VERSION)})"

    if isinstance(effect, SplitDamage):
        where = _("at battlefields") if effect.zone is Zone.BATTLEFIELDS else _(
            "at the source's battlefield (here)")
        for name in effect.slot_names:
            said = f'"{words[name]}"' if name in words else ""
            if name == "friendly":
                yield _("{slot}=ID: {said}, whose Might is the damage split; {role}").format(
                    slot=name, said=said, role=role(name))
            else:
                yield _("{slot}=ID,ID,...: {said} {where}, each dealt at least 1; "
                        "{role}").format(slot=name, said=said, where=where, role=role(name))
    elif isinstance(effect, GroupTargets):
        for slot in effect.slots:
            said = words.get(slot.name) or f"{_how_many(slot)} {_whose(slot.among)}"
            tagged = _(" tagged {tags}").format(tags=", ".join(slot.tags)) if slot.tags \
                else ""
            form = "ID@LOCATION,..." if effect.per_place is not None else (
                "ID" if slot.single else "ID,ID,...")
            yield _("{slot}={form}: \"{said}\"{tagged}, {where}; {role}").format(
                slot=slot.name, form=form, said=said, tagged=tagged,
                where=_where(slot.reach), role=role(slot.name))
        together = [_("total Might {n} or less").format(n=effect.might_cap)
                    ] if effect.might_cap is not None else []
        if effect.sharing is not Sharing.NOTHING:
            together.append(_("all at one {place}").format(place=effect.sharing.value))
        if effect.same_controller:
            together.append(_("one controller"))
        if together:
            yield _("together: {what} ({rule})").format(
                what=", ".join(together), rule=citation("355.11", DEFAULT_VERSION))
        if effect.destination and effect.destination_open:
            yield _("destination=BATTLEFIELD: an open battlefield (no unit, no controller, "
                    "{open}); not a target ({rule})").format(
                        open=citation("170.11.c", DEFAULT_VERSION),
                        rule=citation("355.4", DEFAULT_VERSION))
        elif effect.destination:
            yield _("destination=LOCATION: a battlefield or base, not where they stand; "
                    "not a target ({rule})").format(rule=citation("355.4", DEFAULT_VERSION))
    elif isinstance(effect, JointChoice):
        for pick in effect.picks:
            yield _pick_line(pick, role(pick.name) if pick.name in roles else "")
    else:  # a family with no lines of its own: how its slots are written
        for shape in slot_shapes(effect):
            form = {"one": "ID", "list": "ID,ID,...", "places": "ID@LOCATION,..."}.get(
                shape["shape"], "ID")
            yield _("{slot}={form}: {kind}").format(slot=shape["name"], form=form,
                                                   kind=shape["kind"]) + (
                f"; {role(shape['name'])}" if shape["name"] in roles else "")


def _pick_line(pick: Pick, role: str) -> str:
    kinds = [k for k in (pick.kind, pick.also, pick.or_piece) if k]
    kind = kinds[0] if len(kinds) == 1 else _("{some} or {last}").format(
        some=", ".join(kinds[:-1]), last=kinds[-1])
    what = kind if pick.among is Relation.ANY or pick.kind not in ("unit", "gear") \
        else f"{_whose(pick.among)} {kind}"
    if pick.tags:
        what += _(" tagged {tags}").format(tags=", ".join(pick.tags))
    if pick.later:
        who = _("by its controller") if pick.chooser == "you" else _("by {chooser}").format(
            chooser=pick.chooser)
        return _("{slot}: {what}, chosen {who} on resolution (not written in "
                 "targets)").format(slot=pick.name, what=what, who=who)
    empty = _(", or none (up to one)") if pick.optional else ""
    return _("{slot}=ID: one {what}{empty}; {role}").format(slot=pick.name, what=what,
                                                           empty=empty, role=role)


def _chosen(scenario: Any) -> dict[str, Any] | None:
    """The targets of the declaration choosing the most ids among the first
    :data:`LOOKED_AT`, as the ``targets`` field writes them; ``None`` without one."""
    from riftsolve.solver import render
    from riftsolve.solver.questions import finalize

    legal = finalize(scenario)
    best: dict[str, Any] | None = None
    most = -1
    for answer in islice(iter(legal), LOOKED_AT):
        targets = render.line(legal, answer)["targets"]
        size = sum(_size(v) for v in targets.values())
        if size > most:
            best, most = targets, size
    return best


def _size(value: Any) -> int:
    if isinstance(value, dict):
        return sum(_size(v) for v in value.values())
    if isinstance(value, list):
        return len(value)
    return 0 if value is None else 1


def starter(name: str, cards: str | Path | None = None, *, resolve: bool = False) -> str:
    """The starting scenario of the card ``name`` (library name or slug; imported cards
    from ``cards``), in the board notation; with ``resolve``, a ``targets`` line too."""
    from riftsolve.models.format1 import find_card, parse_scenario

    effect = find_card(name, cards)
    doc = example_board(effect)
    chosen = _chosen(parse_scenario(doc, cards=cards)) if not _reads_costs(effect) else None
    unmoved = chosen is not None and not _size(chosen) and isinstance(
        effect, GroupTargets) and (effect.destination_open or any(  # (no open battlefield
            s.states for s in effect.slots))  # to move to; no unit in the state asked)
    if chosen is None or unmoved:  # the plain board lacks what the card chooses: add it
        fitted = fitted_board(effect, doc)
        chosen = _chosen(parse_scenario(fitted, cards=cards))
        doc = fitted if chosen is not None or _reads_costs(effect) else doc
    head = [f"# {effect.name} ({effect.slug})", *(f"# {line}" for line in
                                                   effect.text.splitlines() if line)]
    slots = [_("# Target slots (a 'targets' line: slot=value ...):"),
             *(f"#   {line}" for line in slot_lines(effect))]
    if chosen is None:
        slots.append(_("# This example board has no legal declaration for {card}: add what "
                       "it chooses.").format(card=effect.name))
    if resolve:
        if chosen is None:
            raise ScenarioError("--resolve", _(
                "{card} has no legal declaration on the example board: no targets to "
                "write").format(card=effect.name))
        doc["targets"] = chosen
        slots.append(_("# The targets chosen at finalization (change the board to what "
                       "happened since, then: riftsolve resolve FILE):"))
    board = write_board(doc)
    lines = board.splitlines()
    split = next((i for i, line in enumerate(lines) if line.startswith("targets")),
                 len(lines))
    return "\n".join([*head, _(GRAMMAR).rstrip("\n"), *lines[:split], *slots,
                      *lines[split:]]) + "\n"

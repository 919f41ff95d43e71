"""``riftsolve new CARD``: a commented starting scenario in the board notation.

The file names the card, explains each of its target slots (what it may hold, whether it
is a target and the rule deciding it) and holds a small example board on which the card
has legal declarations, so that it is answered as written; with ``resolve``, a
``targets`` line too (the declaration choosing the most targets on that board).

>>> text = starter("Fox-Fire")
>>> print("\\n".join(line for line in text.splitlines() if "units=" in line))
#   units=ID,ID,...: "any number of units", at a battlefield; a target (CR 2026-10-09 355.13)
>>> from riftsolve.formats.notation import read_board
>>> from riftsolve.engine.questions import finalize
>>> finalize(read_board(text)).count() > 0
True
>>> "targets units=" in starter("Fox-Fire", resolve=True)
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from riftsolve._json import JSONOut, JSONOutDoc
from riftsolve.engine.families.registry import starter_hooks
from riftsolve.engine.starting import ENEMY, FRIENDLY, BoardNeeds, listed
from riftsolve.formats.notation import write_board
from riftsolve.i18n import _
from riftsolve.rules.choosing import slot_mentions, slot_roles
from riftsolve.rules.classify import Role
from riftsolve.rules.core_rules import DEFAULT_VERSION, citation
from riftsolve.rules.effects import (
    Effect,
    Relation,
    empowered_only,
)
from riftsolve.rules.families.registry import slot_shapes
from riftsolve.rules.limits import ScenarioError

if TYPE_CHECKING:
    from riftsolve.rules.scenario import Scenario

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


def example_board(effect: Effect) -> JSONOutDoc:
    """A small board (format 1) for ``effect``: two battlefields (the controller holds
    north), two units of the controller's and four of an opponent's (one at its base),
    tagged as the card's slots need, a gear if it chooses one, the objects it needs, its
    source if it is an ability's (what its family needs: :class:`BoardNeeds`)."""
    needs = _needs(effect)

    def tags(side: str) -> list[str]:
        found = {t for whose, wanted in needs.tags for t in wanted
                 if whose in (side, Relation.ANY.value)}
        return sorted(found)

    units: list[dict[str, JSONOut]] = []
    for side, player, rows in (("friendly", "A", FRIENDLY), ("enemy", "B", ENEMY)):
        for ident, might, location in rows:
            unit: dict[str, JSONOut] = {"id": ident, "controller": player, "might": might,
                                        "location": location}
            if tags(side):
                unit["tags"] = tags(side)
            units.append(unit)
    if needs.gear:
        blade: dict[str, JSONOut] = {"id": "blade", "controller": "A", "type": "gear",
                                     "location": "north"}
        gear_tags = sorted({t for whose, w in needs.tags if whose == "gear" for t in w})
        if gear_tags:
            blade["tags"] = gear_tags
        units.append(blade)
    doc: JSONOutDoc = {"card": effect.name, "controller": "A", "battlefields": ["north", "south"],
                "battlefield_control": {"north": "A"}, "units": units}
    if needs.objects:  # (a rune for "units, gear, and/or runes"; a facedown card)
        doc["objects"] = [dict(o) for o in needs.objects]
    if effect.needs_source:
        doc["source"] = FRIENDLY[0][0]
        if empowered_only(effect.text):
            units[0]["empowered"] = True  # (an ability it has only while Empowered)
    if getattr(effect, "needs_event", False):  # (where the card the trigger watches went)
        doc["event_battlefield"] = "north"
    return {"format": 1, **doc}


def _needs(effect: Effect) -> BoardNeeds:
    """What the example board needs for ``effect``, as its family says."""
    needs = starter_hooks(effect).needs
    return needs(effect) if needs is not None else BoardNeeds()


def fitted_board(effect: Effect, doc: JSONOutDoc) -> JSONOutDoc:
    """The example board ``doc`` with what each of ``effect``'s choices made now needs
    and the plain board lacks, as its family adds it (a unit or gear of its own for each,
    in the state, at the place, with the Might and keyword it asks, a rune, spell, legend
    or card in its zone, an enemy or open battlefield); every Energy and Power cost
    stated when a choice reads them."""
    board: JSONOutDoc = {**doc, "units": [_unit(u).copy() for u in listed(doc, "units")]}
    fit = starter_hooks(effect).fit
    objects = fit(effect, board) if fit is not None else []
    costed, seen = _needs(effect).costs, set()
    for index, entry in enumerate(listed(board, "units")):
        unit = _unit(entry)
        if unit["id"] in seen:  # (a second fresh unit of one choice: "choose 2 gear")
            unit["id"] = f"{unit['id']}x{index}"
        seen.add(unit["id"])
        if costed:
            unit.setdefault("energy", 2)
            unit.setdefault("power", 0)
    if objects:
        board["objects"] = objects
    return board


def _unit(entry: JSONOut) -> dict[str, JSONOut]:
    """A unit of a board being written: a JSON object."""
    if not isinstance(entry, dict):
        raise TypeError(f"a board's unit is a JSON object, not {entry!r}")
    return entry


def slot_lines(effect: Effect) -> Iterator[str]:
    """One comment line per slot: its name, what it may hold, how it is written, and its
    role with the rule deciding it (as its family writes them; else as the slots' shapes
    say)."""
    roles = slot_roles(effect)
    words = {slot: mention.words for slot, mention in slot_mentions(effect).items()}

    def role(slot: str) -> str:
        if slot not in roles:
            return ""
        kind, number = roles[slot]
        what = _("a target") if kind is Role.TARGET else _("not a target: {role}").format(
            role=kind.value)
        return f"{what} ({citation(number, DEFAULT_VERSION)})"

    lines = starter_hooks(effect).lines
    if lines is not None:
        yield from lines(effect, role, words)
        return
    for shape in slot_shapes(effect):  # a family with no lines of its own
        form = {"one": "ID", "list": "ID,ID,...", "places": "ID@LOCATION,..."}.get(
            shape["shape"], "ID")
        yield _("{slot}={form}: {kind}").format(slot=shape["name"], form=form,
                                               kind=shape["kind"]) + (
            f"; {role(shape['name'])}" if shape["name"] in roles else "")


def _chosen(scenario: Scenario) -> Mapping[str, JSONOut] | None:
    """The targets of the declaration choosing the most ids among the first
    :data:`LOOKED_AT`, as the ``targets`` field writes them; ``None`` without one."""
    from riftsolve.engine.questions import finalize
    from riftsolve.faces import render

    legal = finalize(scenario)
    best: Mapping[str, JSONOut] | None = None
    most = -1
    for answer in islice(iter(legal), LOOKED_AT):
        targets = render.line(legal, answer)["targets"]
        if not isinstance(targets, Mapping):  # (a declaration's line: its targets by slot)
            raise TypeError(f"a declaration's targets are by slot, not {targets!r}")
        size = sum(_size(v) for v in targets.values())
        if size > most:
            best, most = targets, size
    return best


def _size(value: JSONOut) -> int:
    if isinstance(value, dict):
        return sum(_size(v) for v in value.values())
    if isinstance(value, list):
        return len(value)
    return 0 if value is None else 1


def starter(name: str, cards: str | Path | None = None, *, resolve: bool = False) -> str:
    """The starting scenario of the card ``name`` (library name or slug; imported cards
    from ``cards``), in the board notation; with ``resolve``, a ``targets`` line too."""
    from riftsolve.formats.format1 import find_card, parse_scenario

    effect = find_card(name, cards)
    doc, needs = example_board(effect), _needs(effect)
    chosen = _chosen(parse_scenario(doc, cards=cards)) if not needs.costs else None
    # (a group that chose nothing: no open battlefield to move to, no unit in the state)
    unmoved = chosen is not None and not _size(chosen) and needs.refit_when_empty
    if chosen is None or unmoved:  # the plain board lacks what the card chooses: add it
        fitted = fitted_board(effect, doc)
        chosen = _chosen(parse_scenario(fitted, cards=cards))
        doc = fitted if chosen is not None or needs.costs else doc
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

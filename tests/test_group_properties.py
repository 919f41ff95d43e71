"""Property tests for group effects (355.11) on random boards: every backend lists
exactly the answers of the independent reference (``tests/reference/``), each once, as
many as ``count()`` says, for every group card and both ``group_subset`` policies; and the
engine's own verifier accepts exactly those among a brute-force superset. The boards hold
gear, which no library group card may choose (each says "unit", 355.9.b)."""

from __future__ import annotations

from itertools import product
from typing import Any

import reference
from conftest import TEXTS_FOR_SUBSET
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_properties import every_backend_lists_exactly

from riftsolve.compiler.builtin.group import CARDS
from riftsolve.engine.families.group import GroupResolutions
from riftsolve.engine.questions import finalize, resolve
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.effects.group import GroupTargets
from riftsolve.rules.families.group import (
    group_effect,
)
from riftsolve.rules.families.group import (
    verify_declaration as verify_group_declaration,
)
from riftsolve.rules.families.group import (
    verify_resolution as verify_group_resolution,
)
from riftsolve.rules.scenario import Scenario

#: Weighted towards battlefields, so that most declared targets are still legal.
LOCATIONS = ("north", "north", "south", "north", "south", "base", "offboard")


@st.composite
def group_boards(draw: st.DrawFn, with_targets: bool) -> dict[str, Any]:
    """A random board document of up to 6 units for a random group card of the library;
    players A (the controller), B and C, C sometimes A's teammate or B's; Bellows Breath sometimes
    repeated. An entry is a gear (no ``might``) 1 time in 6."""
    card = draw(st.sampled_from(CARDS))
    units: list[dict[str, Any]] = []
    for index in range(draw(st.sampled_from((5, 4, 6, 3, 2, 1)))):
        units.append({
            "id": f"u{index}",
            "controller": draw(st.sampled_from("BBABC")),
            "might": draw(st.sampled_from((1, 2, 1, 3, 0, 2, -1, 4, 5))),
            "location": draw(st.sampled_from(LOCATIONS)),
            "deflect": draw(st.sampled_from((0, 0, 1, 2))),
            "tags": draw(st.sampled_from([["Order"], [], ["Order", "Chaos"], ["Bomb"]])),
            "damage": draw(st.sampled_from((0, 0, 0, 1))),
            "value": draw(st.integers(-1, 3)),
        })
        if draw(st.integers(0, 6)) == 0:
            units[-1]["untargetable"] = draw(st.sampled_from(["enemy", "all"]))
        if draw(st.integers(0, 5)) == 0:
            del units[-1]["might"]  # a gear has no Might
            units[-1]["type"] = "gear"
    doc: dict[str, Any] = {
        "format": 1, "controller": "A", "card": card.name, "battlefields": ["north", "south"],
        "units": units,
        "policy": {"group_subset": draw(st.sampled_from(["maximal", "any"]))},
    }
    # 'any' is a reading of texts before 2026-10-09, whose 355.11.b.1 requires 'maximal'
    doc["rules"] = draw(st.sampled_from(TEXTS_FOR_SUBSET[doc["policy"]["group_subset"]]))
    if draw(st.booleans()):
        doc["available_power"] = draw(st.integers(0, 3))
    if draw(st.integers(0, 2)) == 0:  # (C A's teammate, or B's: 447.2.b for enemy moves)
        doc["teams"] = draw(st.sampled_from(([["A", "C"]], [["B", "C"]])))
    if draw(st.booleans()):
        doc["bonus_damage"] = draw(st.integers(0, 2))
    if draw(st.integers(0, 2)) == 0:
        doc["lethal_any"] = draw(st.booleans())
    if card.hidden and draw(st.booleans()):
        doc["from_hidden"] = draw(st.sampled_from(["north", "south"]))
    repeat = card.repeat and draw(st.booleans()) and len(units) <= 4
    if repeat:
        doc["repeat"] = True
    if with_targets:
        targets = _declared(draw, card, units)
        if targets is None:
            return doc
        if repeat:
            again = _declared(draw, card, units)
            if again is None:
                return doc
            targets["repeat"] = again
        doc["targets"] = targets
    return doc


def _declared(draw: st.DrawFn, card: GroupTargets, units: list[dict[str, Any]]
              ) -> dict[str, Any] | None:
    """Targets as finalization might have chosen them (the board has changed since), or
    ``None`` when the card's slots can't be filled from this board."""
    free = [u["id"] for u in units]
    targets: dict[str, Any] = {}
    for slot in card.slots:
        if card.per_place is not None:
            # the location each was chosen at: mostly where it is now, else moved since
            placed: dict[str, str] = {}
            for u in units:
                where = u["location"] if u["location"] != "base" else f"base:{u['controller']}"
                where = draw(st.sampled_from([where, where, "north", "south", "base:B"]))
                if where != "offboard" and where not in placed and draw(st.booleans()):
                    placed[where] = u["id"]
            targets[slot.name] = placed
        elif slot.single:
            if not free:
                return None
            targets[slot.name] = free.pop(draw(st.integers(0, len(free) - 1)))
        else:
            picked = [u for u in list(free) if draw(st.sampled_from((True, True, False)))]
            picked = picked[:slot.most] if slot.most is not None else picked
            if len(picked) < slot.least:  # as many as the card chooses (355.8)
                return None
            targets[slot.name] = picked
            free = [u for u in free if u not in picked]
    if card.destination:
        targets["destination"] = draw(st.sampled_from(["north", "south", "base"]))
    return targets


def brute_force_declarations(s: Scenario) -> set[GroupDeclaration]:
    """Every assignment of units to slots (or to none), with every destination."""
    effect = group_effect(s)
    ids = [u.id for u in s.board]
    wheres: list[str | None] = [None, "north", "south", "base"] if effect.destination else [None]
    accepted = set()
    for places in product(range(-1, len(effect.slots)), repeat=len(ids)):
        selection = tuple(tuple(u for u, p in zip(ids, places, strict=True) if p == slot)
                          for slot in range(len(effect.slots)))
        for where in wheres:
            answer = GroupDeclaration(selection, where)
            if not verify_group_declaration(s, answer):
                accepted.add(answer)
    return accepted


def brute_force_resolutions(s: Scenario) -> set[Affected]:
    """Every subset of every unit on the board."""
    ids = [u.id for u in s.board]
    accepted = set()
    for keep in product((0, 1, 2), repeat=len(ids)):  # out, affected, kept unmoved
        answer = Affected.of((u for u, k in zip(ids, keep, strict=True) if k == 1),
                             (u for u, k in zip(ids, keep, strict=True) if k == 2))
        if not verify_group_resolution(s, answer):
            accepted.add(answer)
    return accepted


GROUPS = settings(max_examples=150, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@GROUPS
@given(group_boards(with_targets=False))
def test_group_declarations_match_the_reference(doc: dict[str, Any]) -> None:
    s = parse_scenario(doc)
    event("repeated" if s.repeat else s.effect.name)
    listed = every_backend_lists_exactly(finalize, s, reference.finalize_lines(doc))
    if not s.repeat:
        assert brute_force_declarations(s) == set(listed)


@GROUPS
@given(group_boards(with_targets=True))
def test_group_resolutions_match_the_reference(doc: dict[str, Any]) -> None:
    if "targets" not in doc:
        return
    s = parse_scenario(doc)
    if not s.repeat:
        legal = resolve(s)
        assert isinstance(legal, GroupResolutions)
        problem = legal.problem
        event(f"{len(problem.members)} legal, " + ("still whole" if problem.whole
                                                    else "re-chosen"))
    listed = every_backend_lists_exactly(resolve, s, reference.resolve_lines(doc))
    if not s.repeat:
        assert brute_force_resolutions(s) == set(listed)

"""Property tests on random boards: every backend lists exactly the answers of the
independent reference (``tests/reference/``), each once, as many as count() says; and the
engine's own rules verifier accepts exactly those answers among a brute-force superset. The
boards hold gear, never a split's target nor its friendly unit (both say "unit", 355.9.b)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from itertools import chain, combinations
from typing import Any

import reference
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from riftsolve.compiler.builtin.split import CARDS as SPLIT_CARDS
from riftsolve.engine.backends import BACKENDS
from riftsolve.engine.families.split import Resolutions
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.answers import Declaration, Resolution
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.answers.repeat import Repeated
from riftsolve.rules.effects import Pool
from riftsolve.rules.families.split import SplitChosen, verify_declaration, verify_resolution
from riftsolve.rules.scenario import Scenario

#: Weighted towards battlefields so that most boards have several legal targets.
LOCATIONS = ("north", "north", "north", "south", "south", "base", "offboard")


@st.composite
def boards(draw: st.DrawFn, with_targets: bool) -> dict[str, Any]:
    """A random split-damage scenario document with up to 7 units (resolution: with
    targets); players A (the controller), B and C, C sometimes A's teammate. Each entry
    but u0 is a gear (no ``might``) 1 time in 6: it may be chosen (as an enemy or the friendly
    unit) among the targets to resolve, but it is never the source (Volibear is a unit)."""
    count = draw(st.integers(1, 7))
    units: list[dict[str, Any]] = []
    for index in range(count):
        units.append({
            "id": f"u{index}",
            # u0 is usually the caster's (the friendly unit or the source), others usually not
            "controller": draw(st.sampled_from("AAAAAB" if index == 0 else "BBBBCA")),
            "might": draw(st.sampled_from((3, 2, 4, 1, 5, 0, -1, 6))),
            "location": draw(st.sampled_from(LOCATIONS)),
            "deflect": draw(st.integers(0, 2)),
        })
        if draw(st.integers(0, 5)) == 0:
            units[-1]["untargetable"] = draw(st.sampled_from(["enemy", "all"]))
        if index > 0 and draw(st.integers(0, 5)) == 0:
            del units[-1]["might"]  # a gear has no Might
            units[-1]["type"] = "gear"
    effect = draw(st.sampled_from(SPLIT_CARDS))  # every split card of the library
    card = effect.name
    doc: dict[str, Any] = {
        "format": 1, "controller": "A", "card": card, "battlefields": ["north", "south"],
        "units": units, "bonus_damage": draw(st.integers(0, 2)),
    }
    if draw(st.booleans()):
        doc["available_power"] = draw(st.integers(0, 4))
    doc["policy"] = {"split_illegal": draw(st.sampled_from(["redistribute", "forfeit"]))}
    if draw(st.booleans()):
        doc["teams"] = [["A", "C"]]
    ids = [u["id"] for u in units]
    if effect.needs_source:
        sources = [u["id"] for u in units if u.get("type") != "gear"]
        doc["source"] = draw(st.sampled_from(["u0", "u0", "u0", *sources]))
        if not with_targets:  # when the trigger is finalized, its source is the caster's
            next(u for u in units if u["id"] == doc["source"])["controller"] = "A"
    if with_targets:
        chosen = [i for i in ids if draw(st.sampled_from((True, True, False)))]
        doc["targets"] = {effect.split_slot: chosen}
        if effect.pool is Pool.FRIENDLY_MIGHT:
            doc["targets"]["friendly"] = draw(st.sampled_from(["u0", "u0", "u0", *ids]))
    return doc


def _subsets(items: list[str]) -> chain[tuple[str, ...]]:
    return chain.from_iterable(combinations(items, k) for k in range(len(items) + 1))


def _bounded_vectors(length: int, total: int) -> list[tuple[int, ...]]:
    """Every vector of ``length`` non-negative integers adding up to at most ``total``."""
    if length == 0:
        return [()]
    return [(first, *rest) for first in range(total + 1)
            for rest in _bounded_vectors(length - 1, total - first)]


def brute_force_resolutions(s: Scenario) -> set[Resolution]:
    """Every assignment of damage to the chosen targets, legal or not, totalling at most
    the pool + 1, that the verifier accepts."""
    assert isinstance(s.targets, SplitChosen)
    chosen = list(s.targets.split)
    legal = resolve(s)
    assert isinstance(legal, Resolutions)
    top = legal.problem.pool + 1
    accepted = set()
    for amounts in _bounded_vectors(len(chosen), top):
        answer = Resolution.of(dict(zip(chosen, amounts, strict=True)))
        if not verify_resolution(s, answer):
            accepted.add(answer)
    return accepted


def brute_force_declarations(s: Scenario) -> set[Declaration]:
    """Every (friendly, subset of all units) pair that the verifier accepts."""
    ids = [u.id for u in s.board]
    friendlies: list[str | None] = [None, *ids]
    accepted = set()
    for friendly in friendlies:
        for subset in _subsets(ids):
            answer = Declaration.of(subset, friendly)
            if not verify_declaration(s, answer):
                accepted.add(answer)
    return accepted


def every_backend_lists_exactly(ask: Callable[[Scenario, str], LegalSet[Any]], s: Scenario,
                                 expected: set[str]) -> list[Any]:
    """Each backend lists the lines ``expected`` (canonical JSON, from the reference),
    each answer once, as many as ``count()`` says; every listed answer verifies."""
    listed: list[Any] = []
    for name in BACKENDS:
        legal = ask(s, name)
        listed = list(legal)
        assert len(listed) == len(set(listed)) == legal.count(), name
        assert {canonical(render.line(legal, a)) for a in listed} == expected, name
        assert all(a in legal for a in listed), name
    # the verifier rejects every answer one step away from a legal one that is not legal
    answers = set(listed)
    ids = sorted(unit.id for unit in s.board)
    for answer in listed:
        for near in perturbed(answer, ids):
            if near not in answers:
                assert legal.verify(near), f"{near} is not legal but verifies"
    return listed


def perturbed(answer: Any, ids: list[str]) -> Iterator[Any]:
    """Answers one step away from ``answer``: a unit added or left out, one more or one
    less damage, another friendly unit or destination (for the verifier to reject)."""
    if isinstance(answer, Repeated):
        for near in perturbed(answer.first, ids):
            yield Repeated(near, answer.again)
        return
    if isinstance(answer, Resolution):
        damage = dict(answer.damage)
        for unit_id in ids:
            yield Resolution.of({**damage, unit_id: damage.get(unit_id, 0) + 1})
            if unit_id in damage:
                yield Resolution.of({**damage, unit_id: damage[unit_id] - 1})
    elif isinstance(answer, Declaration):
        for unit_id in ids:
            chosen = set(answer.split) ^ {unit_id}
            yield Declaration.of(chosen, answer.friendly)
            if answer.friendly is not None:
                yield Declaration.of(answer.split, unit_id)
    elif isinstance(answer, GroupDeclaration):
        for unit_id in ids:
            for slot in range(len(answer.selection)):
                picked = set(answer.selection[slot]) ^ {unit_id}
                selection = tuple(tuple(sorted(picked)) if i == slot else units
                                  for i, units in enumerate(answer.selection))
                yield GroupDeclaration(selection, answer.destination)
        for where in ("north", "south", "base", None):
            yield GroupDeclaration(answer.selection, where)
    elif isinstance(answer, Affected):
        for unit_id in ids:
            yield Affected.of(set(answer.units) ^ {unit_id}, answer.unmoved)
            yield Affected.of(answer.units, set(answer.unmoved) ^ {unit_id})


def canonical(line: dict[str, Any]) -> str:
    """A line as the reference writes it."""
    return json.dumps(line, sort_keys=True)


PROPERTY = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(boards(with_targets=True))
def test_resolutions_match_the_reference_on_every_backend(doc: dict[str, Any]) -> None:
    s = parse_scenario(doc)
    legal = resolve(s)
    assert isinstance(legal, Resolutions)
    problem = legal.problem
    event(f"legal targets {min(len(problem.targets), 3)}, pool {min(problem.pool, 3)}")
    listed = every_backend_lists_exactly(resolve, s, reference.resolve_lines(doc))
    assert brute_force_resolutions(s) == set(listed)


@PROPERTY
@given(boards(with_targets=False))
def test_declarations_match_the_reference_on_every_backend(doc: dict[str, Any]) -> None:
    s = parse_scenario(doc)
    listed = every_backend_lists_exactly(finalize, s, reference.finalize_lines(doc))
    assert brute_force_declarations(s) == set(listed)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 12), st.integers(0, 12))
def test_native_blocks_equal_native_objects(targets: int, pool: int) -> None:
    from riftsolve.engine.backends.native import resolution_blocks, resolutions
    from riftsolve.rules.families.split import SplitResolveProblem

    ids = tuple(f"t{i:02d}" for i in range(targets))
    problem = SplitResolveProblem(ids, pool)
    rows = [row for block in resolution_blocks(problem, block_rows=97) for row in block.tolist()]
    objects = [Resolution(tuple((u, a) for u, a in zip(ids, row, strict=True) if a))
               for row in rows]
    assert objects == list(resolutions(problem))

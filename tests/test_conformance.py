"""One conformance suite for every card of every family (OpenSpiel's generic game tests):
each card of the library, and each card of a family registered later, is put through the
same properties on random boards, with no test file to edit when a card is added.

For both questions (finalize on a random board; resolve the targets of one of its legal
declarations after the board has changed):

* the count equals the listing, which has no duplicate;
* every listed answer is legal by the family's verifier, is ``in`` the set, and its index
  is its position (``legal[i]`` and ``legal.index``);
* every backend that accepts the question lists the same set;
* an answer of a neighbouring question (the board before the change, another Deflect
  budget) that is not listed is rejected by the verifier, with a rule;
* ``best`` agrees with :func:`apply`: the best value of each metric is the best over the
  listing of that metric measured on each answer's outcome.

The family-specific brute forces against ``tests/reference/`` are in
``test_properties.py`` and ``test_group_properties.py``. The family of
``tests/one_target.py``, written as "Adding a family" (docs/contributing.md) says, is registered
here: it runs through the same suite as the library's cards.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import one_target
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reference import reference_of

from riftsolve.cards import library
from riftsolve.compiler.card import compile_card
from riftsolve.compiler.families import register_shape, unregister_shape
from riftsolve.engine.backends import BACKENDS, backend
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.optimum import best
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.rules.board import Board, Unit
from riftsolve.rules.effects import Effect
from riftsolve.rules.families import (
    Family,
    family_of,
    register_family,
    registration_of,
    unregister_family,
)
from riftsolve.rules.limits import ScenarioError
from riftsolve.rules.objectives import ObjectiveError
from riftsolve.rules.outcome import apply, metrics
from riftsolve.rules.pieces import Piece
from riftsolve.rules.scenario import Scenario

#: The example family, checked against the protocol by mypy with its own types.
EXAMPLE: Family[one_target.OneTarget, one_target.OneChosen, one_target.Pick, one_target.Hit,
                one_target.Answers, one_target.Answers] = one_target
#: Cards compiled from texts the library does not have, one for each shape the compiler
#: reads (each of up to N, "here", "another", a move's chosen destination, a split with no
#: "any number of", an instruction whose outcome is not modelled, "a gear", "a unit or
#: gear").
COMPILED: tuple[Effect, ...] = tuple(compile_card(name, text) for name, text in (
    ("Singularity", "Deal 6 to each of up to two units."),
    ("Raider", "When I attack, deal 3 to an enemy unit here."),
    ("Bodyguard", "Stun another friendly unit."),
    ("Vengeance", "Kill a unit."),
    ("Charm", "Move an enemy unit."),
    ("Thornback", "When I attack, deal 4 damage split among enemy units here."),
    ("Rally", "Buff up to two friendly units at a battlefield."),
    ("Cull", "Kill any number of enemy units here each with 2 Might or less."),
    ("Detonate", "Kill a gear. Its controller draws 2."),
    ("Scrap", "Kill a unit or gear."),
    ("Rekindle", "Ready an exhausted rune."),
    ("Denial", "Counter a spell."),
    ("Grave Robber", "Return a unit from your trash to your hand."),
    ("Rummage", "Discard a card. Draw 2."),
    ("Drain", "Kill a unit. Exhaust an enemy rune."),
    ("Cull", "Each player kills one of their units."),
    ("Reckoning", "Ready up to 2 runes. Kill two friendly units."),
))
#: Every card the suite runs: the library's, compiled ones and the example family's.
CARDS: tuple[Effect, ...] = (*library(), *COMPILED, *one_target.CARDS)
#: The metrics ``best`` is checked on (``xp`` where the card gains XP).
METRICS = ("kills", "killed-might", "overkill", "value", "affected", "xp")
#: Where units stand: mostly at battlefields, so that most choices are valid.
PLACES = ("north", "south", "north", "base", "offboard")

CONFORMANCE = settings(max_examples=30, deadline=None,
                       suppress_health_check=[HealthCheck.too_slow,
                                              HealthCheck.filter_too_much])


@pytest.fixture(scope="module", autouse=True)
def _example_family_registered() -> Iterator[None]:
    register_family(EXAMPLE, one_target.OneTarget)
    register_shape(one_target.SHAPE)
    yield
    unregister_shape(one_target.SHAPE.name)
    unregister_family(one_target.NAME)


def _unit(draw: st.DrawFn, uid: str) -> Unit:
    """A random unit, or (1 in 6) a gear: no Might (the scenario format reads it as 0)."""
    gear = draw(st.integers(0, 5)) == 0
    return Unit(uid, controller=draw(st.sampled_from("AABBC")),
                might=0 if gear else draw(st.sampled_from((1, 2, 3, 0, 4, -1, 5))),
                type="gear" if gear else "unit",
                location=draw(st.sampled_from(PLACES)),
                damage=draw(st.sampled_from((0, 0, 1))),
                deflect=draw(st.sampled_from((0, 0, 1, 2))),
                untargetable=draw(st.sampled_from((None, None, None, "enemy", "all"))),
                tags=draw(st.sampled_from(((), ("Order",), ("Order", "Chaos"), ("Bomb",))
                                          if not gear else ((), ("Equipment",)))),
                value=draw(st.integers(-1, 3)),
                exhausted=draw(st.sampled_from((False, False, True))))


def _piece(draw: st.DrawFn, oid: str) -> Piece:
    """A random rune, spell, legend or card in a zone."""
    kind = draw(st.sampled_from(("rune", "rune", "spell", "card", "legend")))
    zone = draw(st.sampled_from(("hand", "trash", "trash"))) if kind == "card" else ""
    return Piece(oid, kind, draw(st.sampled_from("AABC")), zone,
                 draw(st.sampled_from(((), ("Fury",)))), draw(st.booleans()),
                 draw(st.sampled_from(("unit", "gear", "spell"))) if kind == "card" else "")


@st.composite
def scenarios(draw: st.DrawFn, card: Effect) -> Scenario:
    """A random board of up to 5 units for ``card``, players A (the controller), B and C
    (sometimes A's teammate or B's), with the top-level fields a scenario may set."""
    units = tuple(_unit(draw, f"u{i}") for i in range(draw(st.integers(1, 5))))
    teams = draw(st.sampled_from(((("A", "C"),), (("B", "C"),)))) if draw(
        st.integers(0, 3)) == 0 else ()
    control = draw(st.sampled_from(((), (("north", "A"),), (("north", "A"), ("south", "B")),
                                    (("south", "C"),))))
    objects = tuple(_piece(draw, f"o{i}") for i in range(draw(st.integers(0, 4))))
    board = Board(("north", "south"), units, teams, control, objects)
    source = None
    if card.needs_source:
        mine = [u.id for u in units if u.controller == "A" and board.is_battlefield(u.location)]
        assume(mine)
        source = draw(st.sampled_from(mine))
    try:
        return Scenario("A", card, board, source=source,
                        bonus_damage=draw(st.sampled_from((0, 0, 1))),
                        available_power=draw(st.sampled_from((None, 0, 1, 3))),
                        lethal_any=draw(st.sampled_from((False, False, True))),
                        from_hidden=(draw(st.sampled_from((None, "north")))
                                     if card.hidden else None))
    except ScenarioError:  # a combination the format refuses: not a question
        assume(False)
        raise


def _changed(data: st.DataObject, board: Board) -> Board:
    """The board some time later: units moved (``offboard`` when they left the board, as
    the scenario format says), their Might changed (a gear has none)."""
    units = tuple(dataclasses.replace(
        u, location=data.draw(st.sampled_from((u.location, u.location, *PLACES))),
        might=data.draw(st.sampled_from((u.might, u.might, 0, 2, 6))) if u.is_unit else 0)
        for u in board)
    return dataclasses.replace(board, units=units)


def _conforms(legal: LegalSet[Any]) -> list[Any]:
    """The properties every question's legal set has; its answers, listed natively."""
    answers = list(legal)
    assert legal.count() == len(answers) == len(set(answers))
    for position, answer in enumerate(answers):
        assert legal.verify(answer) == [], answer
        assert all(step["rule"] for step in legal.explain(answer))  # a trail, each cited
        assert answer in legal
        assert legal[position] == answer and legal.index(answer) == position
    for name in sorted(BACKENDS):
        if any(backend(name).refusal(p) for p in legal.problems()):
            continue  # declined (too large, or a problem shape it has no model of)
        other = type(legal)(legal.scenario, name)
        assert sorted(map(repr, other)) == sorted(map(repr, answers)), name
    return answers


def _rejects(legal: LegalSet[Any], neighbours: list[Any], answers: list[Any]) -> None:
    """Answers of a neighbouring question that this one does not list are illegal here,
    each with a rule."""
    for answer in neighbours:
        if answer not in answers:
            failures = legal.verify(answer)
            assert failures and all(f.rule for f in failures), answer
            assert answer not in legal


def _agrees_with_apply(legal: LegalSet[Any], answers: list[Any]) -> None:
    """``best`` on each metric is the best of that metric over the answers' outcomes."""
    if not answers:
        return
    scenario = legal.scenario
    measured = [metrics(scenario, apply(scenario, a)) for a in answers]
    for metric in METRICS:
        for sign in ("", "-"):
            try:
                top = best(legal, sign + metric)[0]
            except ObjectiveError:  # e.g. xp for a card that gains none
                continue
            want = (max if sign == "" else min)(m[metric] for m in measured)
            assert top.values[metric] == want, (metric, sign)
            assert top.answer in answers


def _doc(scenario: Scenario) -> dict[str, Any]:
    """The raw scenario (format 1) of a scenario :func:`scenarios` drew, as a family's naive
    reference reads it; its targets are the command line's ``targets``."""
    board = scenario.board
    units = [{"id": u.id, "controller": u.controller, "type": u.type, "location": u.location,
              **({"might": u.might} if u.is_unit else {}), "damage": u.damage,
              "deflect": u.deflect, "untargetable": u.untargetable, "tags": list(u.tags),
              "value": u.value, "exhausted": u.exhausted} for u in board]
    objects = [{"id": o.id, "kind": o.kind, "controller": o.controller,
                **({"zone": o.zone} if o.zone else {}), "tags": list(o.tags),
                "exhausted": o.exhausted, **({"type": o.type} if o.type else {})}
               for o in board.objects]
    doc: dict[str, Any] = {
        "format": 1, "controller": scenario.controller, "card": scenario.effect.name,
        "battlefields": list(board.battlefields), "units": units, "objects": objects,
        "teams": [list(team) for team in board.teams],
        "battlefield_control": dict(board.control), "bonus_damage": scenario.bonus_damage,
        "available_power": scenario.available_power, "lethal_any": scenario.lethal_any}
    for field in ("source", "from_hidden"):
        if getattr(scenario, field) is not None:
            doc[field] = getattr(scenario, field)
    return doc


def _family_name(card: Effect) -> str:
    """The name of ``card``'s family (the example family is registered once tests run)."""
    return one_target.NAME if isinstance(card, one_target.OneTarget) else \
        registration_of(card).name


#: The cards whose family has a naive reference (``tests/reference/``).
REFERENCED = tuple(card for card in CARDS if reference_of(_family_name(card)) is not None)


@pytest.mark.parametrize("card", REFERENCED, ids=lambda c: c.slug or c.name)
@CONFORMANCE
@given(data=st.data())
def test_every_card_agrees_with_its_familys_naive_reference(card: Effect,
                                                            data: st.DataObject) -> None:
    """Where a family has a naive reference (``tests/reference/<name>.py``, sharing no code
    with the rules), the engine's lines of both questions are the reference's, on random
    boards: finalize, then resolve one declaration after the board changed."""
    naive = reference_of(_family_name(card))
    assert naive is not None
    scenario = data.draw(scenarios(card))
    declarations = finalize(scenario)
    want = naive.finalize(_doc(scenario), card)
    if want is None:  # (a card or a board it does not read)
        return
    lines = {json.dumps(render.line(declarations, d), sort_keys=True): d
             for d in declarations}
    assert set(lines) == want
    if not lines:
        return
    line = data.draw(st.sampled_from(sorted(lines)))
    targets = family_of(card).declared_targets(scenario, lines[line])
    later = dataclasses.replace(scenario, targets=targets,
                                board=_changed(data, scenario.board))
    resolutions = resolve(later)
    want = naive.resolve({**_doc(later), "targets": json.loads(line)["targets"]}, card)
    assert want is None or {json.dumps(render.line(resolutions, r), sort_keys=True)
            for r in resolutions} == want


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.slug or c.name)
@CONFORMANCE
@given(data=st.data())
def test_every_card_conforms(card: Effect, data: st.DataObject) -> None:
    scenario = data.draw(scenarios(card))
    family = family_of(card)
    declarations = finalize(scenario)
    declared = _conforms(declarations)
    budget = dataclasses.replace(scenario, available_power=None)
    _rejects(declarations, list(finalize(budget)), declared)
    assume(declared)
    chosen = declared[data.draw(st.integers(0, len(declared) - 1))]
    targets = family.declared_targets(scenario, chosen)
    before = dataclasses.replace(scenario, targets=targets)
    later = dataclasses.replace(before, board=_changed(data, scenario.board))
    resolutions = resolve(later)
    answers = _conforms(resolutions)
    _rejects(resolutions, list(resolve(before)), answers)
    _agrees_with_apply(resolutions, answers)


def test_the_example_family_is_answered_by_listing_and_rendered_by_default() -> None:
    """What the engine gives a family with no solver code: the native backend lists its
    problems' own answers, the other backends decline with a reason, and a line is the
    answer's own JSON."""
    from riftsolve.faces import render

    board = Board(("north",), (Unit("me", "A", 2, "north"), Unit("r1", "B", 3, "north"),
                               Unit("r2", "B", 1, "base")))
    scenario = Scenario("A", one_target.CARDS[0], board)
    legal = finalize(scenario, kind=one_target.Pick)
    assert [a.unit for a in legal] == ["r1"]  # r2 is not at a battlefield, me is friendly
    assert render.line(legal, legal[0]) == {"targets": {"unit": "r1"}, "deflect_cost": 0}
    assert render.cells(legal, legal[0]) == ['{"targets":{"unit":"r1"},"deflect_cost":0}']
    assert "cpsat has no model of Answers problems" in str(
        backend("cpsat").refusal(legal.problems()[0]))
    hit = resolve(dataclasses.replace(
        scenario, targets=one_target.declared_targets(scenario, legal[0])))
    assert best(hit, "kills")[0].values == {"kills": 1}  # 3 damage on Might 3 (142.4.b)


def test_the_example_family_reads_its_own_cards() -> None:
    """A family contributes its shape of card text: the compiler reads the example card
    with it, before the group's shape (which reads "Deal 3 to an enemy unit at a
    battlefield." as a group of one); without it, as a group."""
    [bolt] = one_target.CARDS
    assert compile_card(bolt.name, bolt.text) == bolt
    unregister_shape(one_target.SHAPE.name)
    try:
        assert type(compile_card(bolt.name, bolt.text)).__name__ == "GroupTargets"
    finally:
        register_shape(one_target.SHAPE)


@pytest.mark.parametrize("card", CARDS, ids=lambda card: card.name)
def test_every_card_says_how_its_targets_are_written(card: Effect) -> None:
    """Each card's slots as its family writes them (``slot_shapes``, a hook of every
    family: the notation and the page read it; the page once offered a new family's card
    no target field at all), and ``riftsolve new`` a line for each slot."""
    from riftsolve.faces.starter import slot_lines
    from riftsolve.rules.families.registry import slot_shapes

    shapes = slot_shapes(card)
    assert all(set(shape) == {"name", "shape", "kind"} for shape in shapes), shapes
    assert all(shape["shape"] in ("one", "list", "places") for shape in shapes), shapes
    names = [shape["name"] for shape in shapes]
    assert len(names) == len(set(names)), names
    lines = list(slot_lines(card))
    assert all(any(line.startswith(f"{name}=") for line in lines) for name in names), lines


def _phrases(text: str) -> set[tuple[str, ...]]:
    """Every run of four words of ``text`` (lowercase; ids and numbers break a run): an
    English phrase left in a French ruling shares one with the English ruling.

    >>> sorted(_phrases("Kill r1 and every unit there, now"))
    [('and', 'every', 'unit', 'there'), ('every', 'unit', 'there', 'now')]
    """
    phrases: set[tuple[str, ...]] = set()
    run: list[str] = []
    for token in re.findall(r"[\w'\u2019-]+", text.lower()):
        if any(c.isdigit() for c in token):
            run = []
            continue
        run.append(token)
        if len(run) >= 4:
            phrases.add(tuple(run[-4:]))
    return phrases


#: One card of each registered family (the example family's too), for the faces.
FACES_CARDS = {type(card).__name__: card for card in reversed(CARDS)}


@pytest.mark.parametrize("card", FACES_CARDS.values(), ids=FACES_CARDS.keys())
def test_every_family_is_answered_by_every_face(card: Effect, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A family's card through the faces a user meets, with no hook of its own required:
    ``riftsolve new --resolve`` writes a board on which it has a legal declaration (and
    its targets); ``finalize`` and ``resolve`` count it; ``rule`` rules on it in English and
    in French, where no sentence of a package family stays English (a family's words
    left out of the catalogue); the page offers its slots and answers the same count."""
    from riftsolve.cards.store import write_library
    from riftsolve.faces.cli import main
    from riftsolve.faces.web.answer import answer
    from riftsolve.faces.web.page import cards
    from riftsolve.formats.notation import read_board
    from riftsolve.rules.families.registry import registration_of, slot_shapes

    registration = registration_of(card)
    if not registration.stored:  # (the example family: stored for the test's library)
        unregister_family(registration.name)
        register_family(registration.rules, registration.effect, stored=True)
    try:
        write_library(tmp_path, [card])
        library = ["--cards", str(tmp_path)]
        assert main(["new", card.name, "--resolve", *library]) == 0
        board = tmp_path / "board.txt"
        board.write_text(capsys.readouterr().out, encoding="utf-8")
        scenario = read_board(board.read_text(encoding="utf-8"), cards=tmp_path)
        resolutions = resolve(scenario).count()
        assert finalize(dataclasses.replace(scenario, targets=None)).count() > 0
        assert resolutions > 0
        assert main(["resolve", str(board), "--count", *library]) == 0
        assert capsys.readouterr().out == f'{{"count": {resolutions}}}\n'
        assert main(["rule", str(board), *library]) == 0
        english = " ".join(capsys.readouterr().out.split())  # (the paragraph, unwrapped)
        assert main(["rule", str(board), "--lang", "fr", *library]) == 0
        french = " ".join(capsys.readouterr().out.split())
        assert "Règles de base" in french and "Core Rules" in english
        if type(card).__module__.startswith("riftsolve."):
            assert _phrases(english) & _phrases(french) == set(), french
        offered = next(c for c in cards(tmp_path) if c["name"] == card.name)
        assert offered["slots"] == slot_shapes(card)
        reply = answer({"scenario": board.read_text(encoding="utf-8"),
                        "question": "resolve", "limit": 1}, cards=str(tmp_path))
        assert (reply.status, reply.body["count"]) == (200, resolutions)
    finally:
        if not registration.stored:
            unregister_family(registration.name)
            register_family(registration.rules, registration.effect)

"""The JSON-lines writers' fast paths write exactly what ``json.dumps`` of each answer writes
(the CLI contract): blocks of damage rows of every shape, blocks of combat assignments
(keys in id order, whatever the columns' order), batches of a group's selections (slots
of a list, of one id or of ids by location, empty ones, a destination) and of a joint
choice's assignments (empty picks,
picks fixed or left out, taxes), ids with ``%``, quotes, backslashes and non-ASCII
letters."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from riftsolve.formats.lines import (
    MOST_PIECES,
    AffectedLines,
    AssignedLines,
    ChoiceLines,
    GroupLines,
    resolution_block_text,
)
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.answers.joint import Choice
from riftsolve.rules.families.picks import JointProblem

IDS = st.lists(st.text(alphabet='ab%"é\\ 1', min_size=1, max_size=4), min_size=1,
               max_size=5, unique=True)


@st.composite
def blocks(draw: st.DrawFn) -> tuple[list[str], np.ndarray]:
    """Ids and a block of damage rows in one of the shapes the native backend yields:
    every target dealt damage, as many targets kept in every row (dealt 1 each, or more),
    or rows keeping different numbers of targets; amounts 0-30."""
    ids = draw(IDS)
    rows = draw(st.integers(1, 6))
    shape = draw(st.sampled_from(("all", "kept-ones", "kept", "mixed")))
    width = len(ids)
    kept = draw(st.integers(0, width))
    block = np.zeros((rows, width), dtype=np.int64)
    for r in range(rows):
        if shape == "all":
            block[r] = [draw(st.integers(1, 30)) for _ in range(width)]
            continue
        count = kept if shape != "mixed" else draw(st.integers(0, width))
        columns = draw(st.permutations(range(width)))[:count]
        for c in columns:
            block[r, c] = 1 if shape == "kept-ones" else draw(st.integers(1, 30))
    return ids, block


@settings(max_examples=300, deadline=None)
@given(blocks())
def test_resolution_blocks_are_written_as_json_dumps_writes_them(
        drawn: tuple[list[str], np.ndarray]) -> None:
    ids, block = drawn
    expected = "".join(
        json.dumps({"damage": {u: int(a) for u, a in zip(ids, row, strict=True) if a}}) + "\n"
        for row in block.tolist())
    assert resolution_block_text(ids, block) == expected


@st.composite
def assigned_blocks(draw: st.DrawFn) -> tuple[list[str], list[np.ndarray]]:
    """Ids in any order and blocks of amounts over them: mostly zero, some large (a
    receiver no amount is lethal to), now and then a row assigning nothing; in the
    integers the native backend writes them in."""
    ids = draw(IDS)
    dtype, top = draw(st.sampled_from(((np.int8, 127), (np.int16, 32767), (np.int64, 1000))))
    amounts = st.one_of(st.just(0), st.integers(1, 9), st.integers(0, top))
    blocks = []
    for _block in range(draw(st.integers(1, 3))):
        rows = draw(st.integers(0, 6))
        block = np.array([[draw(amounts) for _ in ids] for _ in range(rows)],
                         dtype=dtype).reshape(rows, len(ids))
        blocks.append(block)
    return ids, blocks


@settings(max_examples=300, deadline=None)
@given(assigned_blocks(), st.sampled_from((MOST_PIECES, 40, 0)))
def test_assignment_blocks_are_written_as_json_dumps_writes_them(
        drawn: tuple[list[str], list[np.ndarray]], most_pieces: int) -> None:
    """Whether the pieces are kept for every block, for some of them (40: a few
    receivers' small amounts) or for none (each block's own)."""
    ids, blocks = drawn
    lines = AssignedLines(ids, most_pieces)  # one writer for the blocks of a listing, in turn
    for block in blocks:
        expected = "".join(
            json.dumps({"assigned": dict(sorted((u, int(a)) for u, a in zip(ids, row, strict=True)
                                                if a))}) + "\n"
            for row in block.tolist())
        assert lines(block) == expected


@st.composite
def group_selections(draw: st.DrawFn) -> tuple[list[tuple[str, bool]], dict[str, int],
                                                list[tuple[tuple[str, ...], ...]]]:
    """Slots (a list of ids, or a single id), members with their Deflect, and selections:
    each slot's ids sorted, a single slot holding one id or none."""
    ids = draw(IDS)
    slots = [(name, draw(st.booleans()))
             for name in draw(st.lists(st.sampled_from(("units", "friend", 'é"%')),
                                       min_size=1, max_size=3, unique=True))]
    taxes = {unit: draw(st.integers(0, 3)) for unit in ids}
    selections = []
    for _row in range(draw(st.integers(0, 5))):
        selection = []
        for _name, single in slots:
            chosen = sorted(draw(st.lists(st.sampled_from(ids), unique=True,
                                          max_size=1 if single else len(ids))))
            selection.append(tuple(chosen))
        selections.append(tuple(selection))
    return slots, taxes, selections


@settings(max_examples=300, deadline=None)
@given(group_selections())
def test_group_batches_are_written_as_json_dumps_writes_them(
        drawn: tuple[list[tuple[str, bool]], dict[str, int],
                     list[tuple[tuple[str, ...], ...]]]) -> None:
    slots, taxes, selections = drawn
    declared = "".join(json.dumps(GroupDeclaration(
        selection, None, sum(taxes[u] for slot in selection for u in slot), tuple(slots)
    ).as_json()) + "\n" for selection in selections)
    assert GroupLines(slots, taxes)([(s, None) for s in selections]) == declared
    assert GroupLines(slots, taxes).unmoved(selections) == declared
    affected = "".join(json.dumps(Affected.of(u for slot in selection for u in slot).as_json())
                       + "\n" for selection in selections)
    assert AffectedLines(list(taxes))(selections) == affected
    # moved to a destination, or chosen one a location
    moved = [(s, where) for s, where in zip(selections, ["north", 'b"é', None] * 2,
                                            strict=False)]
    assert GroupLines(slots, taxes, ["north", 'b"é'])(moved) == "".join(json.dumps(
        GroupDeclaration(s, where, sum(taxes[u] for slot in s for u in slot), tuple(slots)
                         ).as_json()) + "\n" for s, where in moved)
    places = {unit: f"p{len(unit) % 2}%" for unit in taxes}
    assert GroupLines(slots, taxes, (), places).unmoved(selections) == "".join(
        json.dumps(GroupDeclaration(s, None, sum(taxes[u] for slot in s for u in slot),
                                    tuple(slots)).as_json(None, places.__getitem__)) + "\n"
        for s in selections)


@st.composite
def joint_problems(draw: st.DrawFn) -> tuple[JointProblem, list[tuple[int, ...]]]:
    """A joint problem of up to three picks (domains of ids and ``None``, taxes or none,
    some names fixed, the card's order a permutation that may leave a pick out or name a
    fixed one) and assignments of positions in its domains."""
    names = draw(st.lists(st.sampled_from(("unit", "enemy", "b%f", 'q"é')), min_size=1,
                          max_size=3, unique=True))
    domains = tuple(tuple(draw(st.lists(st.one_of(st.none(), st.text(alphabet='ab%"é\\ 1',
                                                                        max_size=3)),
                                        min_size=1, max_size=4))) for _ in names)
    taxes = tuple(tuple(draw(st.integers(0, 2)) for _ in domain) for domain in domains) \
        if draw(st.booleans()) else ()
    fixed = tuple((name, draw(st.one_of(st.none(), st.just("u%1"))))
                  for name in draw(st.lists(st.sampled_from(("fixed", "unit")), unique=True)))
    order = tuple(draw(st.permutations([*names, *(n for n, _ in fixed if n not in names)])))
    order = order[:draw(st.integers(0, len(order)))] if draw(st.booleans()) else order
    problem = JointProblem(tuple(names), domains, taxes=taxes, fixed=fixed, order=order,
                           make=lambda picks, _declined, cost: Choice(picks, cost))
    rows = draw(st.lists(st.tuples(*(st.integers(0, len(d) - 1) for d in domains)),
                         max_size=5))
    return problem, rows


@settings(max_examples=300, deadline=None)
@given(joint_problems())
def test_joint_batches_are_written_as_json_dumps_writes_them(
        drawn: tuple[JointProblem, list[tuple[int, ...]]]) -> None:
    problem, rows = drawn
    expected = "".join(json.dumps(answer.as_json()) + "\n"
                       for row in rows for answer in problem.expand(row))
    assert ChoiceLines(problem)(rows) == expected

"""``LegalSet.arrays()``: every answer as a numpy row, in index order, however many.

Row ``i`` must be answer ``i`` of the native listing, written here from the answer's own
fields (the declaration's friendly unit and split targets, or the units a group answer
chooses), not through the code that builds the rows.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import reference
from conftest import build, scenario_dict, unit
from hypothesis import given, settings
from hypothesis import strategies as st
from test_group_properties import group_boards

import riftsolve as rs
from riftsolve.engine.legal import LegalSet


def _object_rows(legal: rs.LegalSet[Any]) -> np.ndarray[Any, Any]:
    """Each declaration's row written from its fields: 1 for its friendly unit and each
    enemy it splits damage among."""
    columns = legal.columns
    rows = np.zeros((legal.count(), len(columns)), dtype=np.int8)
    for i, answer in enumerate(rs.finalize(legal.scenario, "native", kind=rs.Declaration)):
        for uid in (answer.friendly, *answer.split):
            if uid is not None:
                rows[i, columns.index(uid)] = 1
    return rows


@settings(max_examples=60, deadline=None)
@given(mights=st.lists(st.integers(0, 4), min_size=1, max_size=7),
       deflects=st.lists(st.integers(0, 2), min_size=7, max_size=7),
       friendlies=st.lists(st.integers(0, 4), min_size=0, max_size=2),
       power=st.none() | st.integers(0, 4), batch=st.integers(1, 9))
def test_split_declarations_as_rows(mights: list[int], deflects: list[int],
                                    friendlies: list[int], power: int | None,
                                    batch: int) -> None:
    """Alpha Strike's declarations (each friendly unit's subsets of the enemies up to its
    Might, 355.14.a, within the Power left for Deflect, 809): numpy rows, in blocks of
    ``batch``, equal the listed declarations row by row, whether the budget binds or not."""
    units = [unit(f"f{i}", "A", might=m) for i, m in enumerate(friendlies)]
    units += [unit(f"e{i}", "B", might=m, deflect=deflects[i]) for i, m in enumerate(mights)]
    top = {} if power is None else {"available_power": power}
    legal = rs.finalize(build(units, **top))
    blocks = list(legal.arrays(batch=batch))
    got = np.vstack(blocks) if blocks else np.zeros((0, len(legal.columns)), np.int8)
    assert got.shape[0] == legal.count()
    assert (got == _object_rows(legal)).all()
    assert all(len(block) <= batch for block in blocks)


def test_split_declarations_stream_past_the_index_budget() -> None:
    """60 enemies and a friendly of Might 6: sum of C(60, k) for k <= 6, about 5.6e7
    declarations, past the 10**6 that can be indexed by listing; arrays() still streams
    them, the first rows being the empty split then each single enemy (355.14.a: up to 6
    targets, any number of them)."""
    units = [unit("kai", "A", might=6)] + [unit(f"e{i:02d}", "B") for i in range(60)]
    legal = rs.finalize(build(units))
    assert legal.count() > LegalSet.INDEX_BUDGET
    blocks = legal.arrays(batch=61)
    first = np.vstack([next(blocks), next(blocks)])  # sizes 0 and 1: a block each
    assert first.shape == (61, 61)
    assert first[:, 0].all()  # kai, the friendly unit, in every row
    assert first[0, 1:].sum() == 0
    assert (first[1:, 1:] == np.eye(60, dtype=np.int8)).all()


def test_group_answers_stream_past_the_index_budget(monkeypatch: Any) -> None:
    """A group's rows come from its native listing as it streams, not from a list kept for
    indexing: with the index budget lowered below the count, indexing refuses and
    arrays() still gives every row, equal to the answers' units."""
    scenario = rs.load_scenario(rs.example_path("tricksy-tentacles-finalize"))
    legal = rs.finalize(scenario)
    total = legal.count()
    expected = [sorted(answer.chosen()) for answer in rs.finalize(scenario, "native")]
    columns = legal.columns  # before the budget is lowered: these are listed
    monkeypatch.setattr(LegalSet, "INDEX_BUDGET", total - 1)
    fresh = rs.finalize(scenario)
    fresh._columns = lambda: columns  # type: ignore[method-assign]
    rows = np.vstack(list(fresh.arrays(batch=4)))
    assert rows.shape[0] == total
    assert [sorted(columns[j] for j in np.nonzero(row)[0]) for row in rows] == expected


@settings(max_examples=40, deadline=None)
@given(mights=st.lists(st.integers(0, 4), min_size=0, max_size=6),
       deflects=st.lists(st.integers(0, 2), min_size=6, max_size=6),
       friendlies=st.lists(st.integers(0, 4), min_size=0, max_size=2),
       power=st.none() | st.integers(0, 3), limit=st.none() | st.integers(0, 40),
       odd_ids=st.booleans())
def test_split_declaration_lines_are_the_answers_lines(
        mights: list[int], deflects: list[int], friendlies: list[int], power: int | None,
        limit: int | None, odd_ids: bool, tmp_path_factory: Any) -> None:
    """``riftsolve finalize --format jsonl`` writes Alpha Strike's declarations a numpy
    block at a time; its lines are, byte for byte, each listed declaration's
    ``json.dumps(as_json())`` (with ``--limit``, the first ones), ids with ``%``, quotes
    and non-ASCII letters included."""
    import io
    import json

    from riftsolve.faces.cli import main

    tag = '%"é' if odd_ids else ""
    units = [unit(f"f{i}{tag}", "A", might=m) for i, m in enumerate(friendlies)]
    units += [unit(f"e{i}{tag}", "B", might=m, deflect=deflects[i])
              for i, m in enumerate(mights)]
    top = {} if power is None else {"available_power": power}
    scenario = build(units, **top)
    path = tmp_path_factory.mktemp("lines") / "scenario.json"
    path.write_text(json.dumps({"format": 1, "controller": "A", "card": "Alpha Strike",
                                "battlefields": ["north", "south"], "units": units, **top}))
    out = io.StringIO()
    argv = ["finalize", str(path), "--format", "jsonl"]
    code = main([*argv, "--all"] if limit is None else [*argv, "--limit", str(limit)],
                out=out)
    expected = [json.dumps(d.as_json("enemies")) + "\n"
                for d in rs.finalize(scenario, "native", kind=rs.Declaration)][:limit]
    assert code in (0, 3)
    assert out.getvalue() == "".join(expected)


@settings(max_examples=80, deadline=None)
@given(st.booleans().flatmap(lambda targets: st.tuples(st.just(targets),
                                                      group_boards(targets))))
def test_group_answers_as_rows(drawn: tuple[bool, dict[str, Any]]) -> None:
    """Every group card's declarations and resolutions (355.11; Repeat, moves and Deflect
    included): arrays() rows, built from the native search's selections, equal the listed
    answers' units row by row."""
    with_targets, doc = drawn
    try:
        scenario = rs.parse_scenario(doc)
        legal = (rs.resolve if with_targets else rs.finalize)(scenario)
        answers = list(type(legal)(scenario, "native"))
    except ValueError:  # a board the card cannot be asked about: another test's business
        return
    columns = legal.columns
    blocks = list(legal.arrays(batch=3))
    rows = np.vstack(blocks) if blocks else np.zeros((0, len(columns)), np.int8)
    assert [sorted(columns[j] for j in np.nonzero(row)[0]) for row in rows] == [
        sorted(answer.chosen()) for answer in answers]


@settings(max_examples=80, deadline=None)
@given(st.booleans().flatmap(lambda targets: group_boards(targets)))
def test_group_bit_masks_are_the_search_in_its_order(doc: dict[str, Any]) -> None:
    """Where a group's shape allows bit masks (one slot, no per-class limit), the numpy
    rows are the search's selections, in the search's order, whatever the block size."""
    from riftsolve.engine.backends import native
    from riftsolve.rules.families.group import finalize_problem, resolve_problem

    try:
        scenario = rs.parse_scenario(doc)
        ask = resolve_problem if scenario.targets is not None else finalize_problem
        problem = ask(scenario)
    except ValueError:
        return
    columns = tuple(m.id for m in problem.members)
    if native.mask_count(problem) is None:
        return
    blocks = list(native.selection_masks(problem, columns, 5))
    rows = np.vstack(blocks) if blocks else np.zeros((0, len(columns)), np.int8)
    expected = [sorted(u for slot in s for u in slot) for s in native.selections(problem)]
    assert [sorted(columns[j] for j in np.nonzero(row)[0]) for row in rows] == expected


def test_fox_fire_takes_the_bit_mask_path() -> None:
    """Fox-Fire's finalization (one slot, a Might cap) is answered by bit masks."""
    from riftsolve.engine.backends import native
    from riftsolve.rules.families.group import finalize_problem

    scenario = rs.load_scenario(rs.example_path("fox-fire-hidden-finalize"))
    problem = finalize_problem(scenario)
    assert native.mask_count(problem) is not None
    masked = native.selection_masks(problem, tuple(m.id for m in problem.members), 8)
    assert sum(len(block) for block in masked) == rs.finalize(scenario).count()


@settings(max_examples=80, deadline=None)
@given(mights=st.lists(st.integers(0, 4), min_size=2, max_size=9),
       deflects=st.lists(st.integers(0, 1), min_size=9, max_size=9),
       policy=st.sampled_from(("maximal", "any")))
def test_fox_fire_maximal_subsets_by_bit_masks(mights: list[int], deflects: list[int],
                                               policy: str) -> None:
    """Fox-Fire's chosen enemies pumped past "total Might 4 or less" since: the subsets
    kept (maximal ones by default, every one under ``any``; 355.11.b) by bit masks are
    the search's, in its order, and the independent reference's."""
    from riftsolve.engine.backends import native
    from riftsolve.rules.families.group import resolve_problem

    units = [unit(f"e{i}", "B", might=m, deflect=deflects[i]) for i, m in enumerate(mights)]
    doc = scenario_dict(units, card="Fox-Fire", policy={"group_subset": policy},
                        targets={"units": [u["id"] for u in units]})
    scenario = rs.parse_scenario(doc)
    problem = resolve_problem(scenario)
    columns = tuple(m.id for m in problem.members)
    if problem.whole is not None:  # still together within 4: the whole group is kept
        assert sum(mights) <= 4
        return
    assert native.mask_count(problem) is not None
    rows = np.vstack(list(native.selection_masks(problem, columns, 4)))
    expected = [sorted(u for slot in s for u in slot) for s in native.selections(problem)]
    kept = [sorted(columns[j] for j in np.nonzero(row)[0]) for row in rows]
    assert kept == expected
    assert {json.dumps({"affected": units}) for units in kept} == reference.resolve_lines(doc)

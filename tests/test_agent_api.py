"""The legal sets' cheap answers for agents: len(), slices, is_forced(), only_choice(),
any_legal(); and look-ahead with apply(): the outcome and the scenario that follows.

Counts come from the independent reference (tests/reference/) on random boards; the
slices are compared with the listing in index order; the huge boards check that the
"is this choice forced?" answers never count or list everything.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from math import comb
from typing import Any

import pytest
from conftest import build, golden_files, scenario_dict, unit
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import finalize_lines, resolve_lines
from test_group_properties import group_boards
from test_steps import line, split_docs

import riftsolve as rs
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.questions import finalize, resolve
from riftsolve.formats.format1 import parse_scenario
from riftsolve.formats.reading import load_scenario
from riftsolve.rules.answers import Resolution


def check_agent_answers(legal: LegalSet[Any], expected: int,
                        slices: list[tuple[int | None, int | None, int | None]]) -> None:
    """len, the forced-choice answers and slices of ``legal`` against its listing."""
    listed = list(legal)
    assert len(legal) == legal.count() == expected == len(listed)
    assert legal.any_legal() is (expected > 0) is bool(legal)
    assert legal.is_forced() is (expected == 1)
    assert legal.only_choice() == (listed[0] if expected == 1 else None)
    native = list(type(legal)(legal.scenario, "native"))  # the index order
    for start, stop, step in slices:
        assert legal[start:stop:step] == native[start:stop:step]


bounds = st.none() | st.integers(-12, 12)
slices = st.lists(st.tuples(bounds, bounds, st.none() | st.integers(-3, 3).filter(bool)),
                  max_size=4)


@settings(max_examples=80, deadline=None)
@given(split_docs(), slices)
def test_split_declarations_and_resolutions(doc: dict[str, Any], cuts: Any) -> None:
    scenario = parse_scenario(doc)
    declarations = finalize(scenario)
    check_agent_answers(declarations, len(finalize_lines(doc)), cuts)
    for declaration in declarations:
        resolving = {**doc, "targets": json.loads(line(declaration))["targets"]}
        check_agent_answers(resolve(parse_scenario(resolving)), len(resolve_lines(resolving)),
                            cuts)


@settings(max_examples=60, deadline=None)
@given(group_boards(with_targets=True), slices)
def test_group_declarations_and_resolutions(doc: dict[str, Any], cuts: Any) -> None:
    scenario = parse_scenario(doc)
    check_agent_answers(finalize(scenario), len(finalize_lines(doc)), cuts)
    if "targets" in doc:
        check_agent_answers(resolve(scenario), len(resolve_lines(doc)), cuts)


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.stem)
def test_built_in_examples(path: Any) -> None:
    scenario = load_scenario(path)
    legal = resolve(scenario) if scenario.question == "resolve" else finalize(scenario)
    check_agent_answers(legal, sum(1 for _ in legal), [(None, None, -1), (1, -1, 2)])


def test_forced_choices() -> None:
    # One target left and 3 damage: the only resolution deals it all 3 (355.14.g-h).
    one = resolve(build([unit("kai", "A", 3), unit("r1")],
                        targets={"friendly": "kai", "enemies": ["r1"]}))
    assert one.is_forced() and one.only_choice() == Resolution.of({"r1": 3})
    # Two targets and 1 damage: drop one of them (355.14.h.1), 2 ways: not forced.
    two = resolve(build([unit("kai", "A", 1), unit("r1"), unit("r2")],
                        targets={"friendly": "kai", "enemies": ["r1", "r2"]}))
    assert not two.is_forced() and two.only_choice() is None and two.any_legal()
    # No friendly unit: Alpha Strike cannot be played, nothing is legal.
    none = finalize(build([unit("r1")]))
    assert not none.any_legal() and none.only_choice() is None and not none


def huge_split(targets: int, damage: int) -> rs.Scenario:
    units = [unit("kai", "A", damage)] + [unit(f"r{i:04}") for i in range(targets)]
    return build(units, targets={"friendly": "kai",
                                 "enemies": [f"r{i:04}" for i in range(targets)]})


def test_huge_boards_answer_at_once() -> None:
    # 900 targets, 1,000 damage: C(999, 899) resolutions, about 10^139.
    legal = resolve(huge_split(900, 1000))
    started = time.perf_counter()
    assert legal.any_legal() and not legal.is_forced() and legal.only_choice() is None
    assert legal[:2] == [legal[0], legal[1]] and legal[-1:] == [legal[legal.count() - 1]]
    with pytest.raises(OverflowError):
        len(legal)  # past sys.maxsize: count() still answers
    assert legal.count() > sys.maxsize
    # every other answer: ceil(C(999, 899) / 2) of them, the exact number in the refusal;
    # at most 10^6 cells // 901 units = 1,109 answers are listed at once on this board
    half = f"{(comb(999, 899) + 1) // 2:,}"
    with pytest.raises(OverflowError, match=f"a slice of {half} answers: at most 1,109 are "
                       r"listed at once on this board; take smaller slices "
                       r"\(legal\[i:i \+ 1109\]\)"):
        legal[::2]
    with pytest.raises(OverflowError, match="a slice of 1,110 answers"):
        legal[:1110]
    assert legal[-1109:] == [legal[i] for i in range(legal.count() - 1109, legal.count())]
    # 1,000 candidates with a Power budget for their Deflect, and a Fox-Fire group of 1,000
    declaring = finalize(build([unit("kai", "A", 1000)] + [
        unit(f"r{i:04}", deflect=i % 3) for i in range(1000)], available_power=500))
    fox = finalize(build([unit(f"r{i:04}", might=1 + i % 5) for i in range(1000)],
                         card="Fox-Fire"))
    assert declaring.any_legal() and not declaring.is_forced()
    assert fox.any_legal() and not fox.is_forced()
    assert time.perf_counter() - started < 10


def test_look_ahead_declaration_then_resolution() -> None:
    # Alpha Strike, kai (Might 3) and two enemies of Might 1 and 3 (r2 has 1 damage).
    doc = scenario_dict([unit("kai", "A", 3), unit("r1"), unit("r2", might=3, damage=1)])
    scenario = parse_scenario(doc)
    for declaration in finalize(scenario):
        after = rs.apply(scenario, declaration)
        assert after.power_paid == declaration.deflect_cost and after.board == scenario.board
        resolving = after.next_scenario
        assert resolving.question == "resolve"
        expected = resolve_lines({**doc, "targets": json.loads(line(declaration))["targets"]})
        assert {line(r) for r in resolve(resolving)} == expected
    # Declared r1 and r2, dealt 1 and 2: both die (r2: 1 marked + 2 = its Might 3).
    resolving = rs.apply(scenario, rs.Declaration.of(["r1", "r2"], "kai")).next_scenario
    outcome = rs.apply(resolving, Resolution.of({"r1": 1, "r2": 2}))
    assert outcome.killed == ("r1", "r2")
    following = outcome.next_scenario
    assert following.targets is None and following.board == outcome.board
    assert following.board["r1"].location == "offboard"
    # on the board that follows, Alpha Strike again: only kai is left, no enemy to split on
    assert [line(d) for d in finalize(following)] == [
        '{"deflect_cost": 0, "targets": {"enemies": [], "friendly": "kai"}}']


def test_importing_riftsolve_does_not_import_gymnasium() -> None:
    code = ("import sys, riftsolve as rs, riftsolve.engine.steps; "
            "rs.finalize(rs.load_scenario(rs.example_path('alpha-strike-finalize-4')))"
            ".is_forced(); print('gymnasium' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"

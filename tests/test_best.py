"""Best answers for agents: exact against brute force for every objective, the action
space's indices round-trip, and the command's contract."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path
from typing import Any
from unittest.mock import patch

import numpy as np
import pytest
import reference
from conftest import EXAMPLES, build, scenario_dict, unit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_group_properties import group_boards

from riftsolve.engine import knapsack
from riftsolve.engine.families import split_best
from riftsolve.engine.families.split import Resolutions
from riftsolve.engine.knapsack import best_split
from riftsolve.engine.optimum import Linear, best
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.faces.cli import main
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.answers import Declaration, Resolution
from riftsolve.rules.answers.group import Affected
from riftsolve.rules.objectives import Objective, ObjectiveError
from riftsolve.rules.scenario import Scenario

SPECS = ["kills", "xp", "killed-might", "value", "kills,-overkill", "-overkill,kills",
         "killed-might,-overkill", "value,kills", "overkill", "-kills,overkill", "affected"]


@st.composite
def split_boards(draw: st.DrawFn) -> Scenario:
    """An Alpha Strike resolution: up to 6 enemy targets, some marked damage and values."""
    count = draw(st.integers(1, 6))
    units = [unit("kai", "A", draw(st.integers(0, 12)))]
    for i in range(count):
        units.append(unit(f"t{i}", might=draw(st.integers(-1, 6)),
                          damage=draw(st.sampled_from([0, 0, 1, 2, 5])),
                          value=draw(st.integers(-3, 5)),
                          location=draw(st.sampled_from(["north", "north", "base"]))))
    policy = draw(st.sampled_from(["redistribute", "forfeit"]))
    return build(units, targets={"friendly": "kai", "enemies": [f"t{i}" for i in range(count)]},
                 policy={"split_illegal": policy})


@st.composite
def _split_docs(draw: st.DrawFn) -> dict[str, Any]:
    """An Alpha Strike resolution document, sometimes with any amount lethal (142.4.c)."""
    count = draw(st.integers(1, 5))
    units = [unit("kai", "A", draw(st.integers(0, 8)))]
    for i in range(count):
        units.append(unit(f"t{i}", might=draw(st.integers(-1, 5)),
                          damage=draw(st.sampled_from([0, 0, 1, 3])),
                          value=draw(st.integers(-2, 4)),
                          location=draw(st.sampled_from(["north", "north", "base"]))))
    return scenario_dict(units, targets={"friendly": "kai",
                                         "enemies": [f"t{i}" for i in range(count)]},
                         lethal_any=draw(st.booleans()),
                         policy={"split_illegal": draw(st.sampled_from(["redistribute",
                                                                          "forfeit"]))})


def _brute(legal: Any, goal: Objective) -> tuple[tuple[int, ...], list[Any]]:
    """The optimum and its answers, by scoring every listed answer."""
    scored = [(goal.measure(legal.scenario, a), a) for a in legal]
    top = max(k for k, _ in scored)
    return top, [a for k, a in scored if k == top]


BEST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@BEST
@given(split_boards(), st.sampled_from(SPECS))
def test_best_split_is_the_brute_force_optimum(s: Scenario, spec: str) -> None:
    """Every path (vectorised, knapsack, CP-SAT) finds the brute-force optimum; all-optimal
    lists exactly the optimal answers; top-K is the K best in order."""
    legal = resolve(s)
    assert isinstance(legal, Resolutions)
    goal = Objective.parse(spec)
    top, optimal = _brute(legal, goal)
    assert best(legal, goal)[0].key == top
    assert best(legal, goal)[0].answer == optimal[0]  # ties: the first in index order
    with patch.object(split_best, "BLOCK_ROWS", 2):  # (blocks of two rows: a best per block)
        assert [r.answer for r in best(legal, goal, method="scored")] == optimal[:1]
    assert {r.answer for r in best(legal, goal, all_optimal=True)} == set(optimal)
    assert [r.key for r in best(legal, goal, method="scored")] == [top]
    assert [r.key for r in best(legal, goal, method="cpsat")] == [top]
    assert {r.answer for r in best(legal, goal, all_optimal=True, method="cpsat")} == set(
        optimal)
    if best_split(s, legal.problem, goal) is not None:
        [found] = best(legal, goal, method="knapsack")
        assert not legal.verify(found.answer) and found.key == top
    ranked = sorted((goal.measure(s, a) for a in legal), reverse=True)
    assert [r.key for r in best(legal, goal, top=3)] == ranked[:3]


@BEST
@given(st.lists(st.tuples(st.sampled_from([1, 2, 2, 2, 3, 5, 6]), st.sampled_from([0, 0, 1]),
                          st.integers(-3, 5)), min_size=1, max_size=5),
       st.floats(0, 1), st.sampled_from([*SPECS, "-overkill,killed-might", "-overkill,value"]))
def test_the_knapsack_past_its_tables_is_the_brute_force_optimum(
        targets: list[tuple[int, int, int]], share: float, spec: str) -> None:
    """With the tables' bound at zero (as for 10^6 damage), the knapsack's choice of
    deaths is a CP-SAT model that does not grow with the damage. Damage enough to keep
    every target but, mostly, not to kill them all (a ``share`` of the way from one each
    to every death; Might 2 often, a target that holds no extra damage without dying, so
    that the survivors may not hold it all and somebody must die): its answer is legal
    and scores the brute-force optimum, for every objective."""
    need = sum(max(1, m - d) for m, d, _ in targets)
    pool = len(targets) + round(share * (need - len(targets)))
    with patch.object(knapsack, "MOST_CELLS", -1):
        _knapsack_is_the_brute_force_optimum(pool, targets, spec)


def test_the_knapsack_past_its_tables_on_every_small_board_of_unwanted_deaths() -> None:
    """Every board of three targets of Might 2, 3 or 6, of values that make deaths
    unwanted (all negative) or mixed, and every damage from one each to all but the last
    point of killing them all: past its tables, the knapsack's model scores the
    brute-force optimum. Here its two rules of what is left over bind: Might 2 holds no
    extra damage without dying, so (as with Might 6, 6, 6 and 17 damage: 14 extra, 12
    held by the survivors) somebody must die although every death costs value; and an
    overkill term counts what is spilled less one a death."""
    with patch.object(knapsack, "MOST_CELLS", -1):
        for mights in itertools.product([2, 3, 6], repeat=3):
            for values in [(-1, -2, -3), (-2, 1, -1)]:
                targets = [(m, 0, v) for m, v in zip(mights, values, strict=True)]
                for pool in range(3, sum(mights)):
                    for spec in ("value", "-overkill,value"):
                        _knapsack_is_the_brute_force_optimum(pool, targets, spec)


def test_the_knapsack_as_a_hint_makes_no_search_of_its_own() -> None:
    """Might 6, 6 and 6, values -1, -2 and -3, 17 damage: 14 extra, the survivors hold 12
    (4 each), so somebody must die, the cheapest loss being t0 (value -1): 6 kills it, t1
    and t2 hold 5 each, and the last point spills onto t0 (7). Past its tables, the
    knapsack finds it with a CP-SAT search; asked for a hint (the start of a CP-SAT search
    of the whole split, which must not spend that search's time), it has none."""
    units = [unit("kai", "A", 17), *(unit(f"t{i}", might=6, value=v)
                                      for i, v in enumerate([-1, -2, -3]))]
    s = build(units, targets={"friendly": "kai", "enemies": ["t0", "t1", "t2"]})
    legal = resolve(s)
    assert isinstance(legal, Resolutions)
    goal = Objective.parse("value")
    with patch.object(knapsack, "MOST_CELLS", -1):
        assert best_split(s, legal.problem, goal, search=False) is None
        answer = best_split(s, legal.problem, goal)
    assert answer is not None and goal.measure(s, answer) == (-1,)
    assert dict(answer.damage) == {"t0": 7, "t1": 5, "t2": 5}


@BEST
@given(st.lists(st.tuples(st.integers(-1, 4), st.sampled_from([0, 0, 1, 2]),
                          st.integers(-3, 5)), min_size=1, max_size=4),
       st.integers(0, 4), st.sampled_from(SPECS))
def test_the_knapsack_with_every_death_affordable_is_the_brute_force_optimum(
        targets: list[tuple[int, int, int]], spare: int, spec: str) -> None:
    """Damage enough to kill every target with some to spare (Might: each target's, at
    least 1, plus ``spare``): the knapsack chooses each death on its own (no table),
    and its answer is legal and scores the brute-force optimum, for every objective."""
    might = sum(max(1, m) for m, _, _ in targets) + spare
    _knapsack_is_the_brute_force_optimum(might, targets, spec)


def _knapsack_is_the_brute_force_optimum(pool: int, targets: list[tuple[int, int, int]],
                                         spec: str) -> None:
    """Kai (Might ``pool``) splits among enemies of these (Might, marked damage, value):
    the knapsack's best answer is legal and scores the brute-force optimum of ``spec``,
    both as the engine scores its answers and by the independent reference's metrics over
    the reference's own answers."""
    units = [unit("kai", "A", pool), *(unit(f"t{i}", might=m, damage=d, value=v)
                                        for i, (m, d, v) in enumerate(targets))]
    doc = scenario_dict(units, targets={"friendly": "kai",
                                        "enemies": [f"t{i}" for i in range(len(targets))]})
    s = parse_scenario(doc)
    legal = resolve(s)
    assert isinstance(legal, Resolutions)
    goal = Objective.parse(spec)
    top, _ = _brute(legal, goal)
    answer = best_split(s, legal.problem, goal)
    assert answer is not None and not legal.verify(answer), (pool, targets, spec)
    assert goal.measure(s, answer) == top, (pool, targets, spec)

    def scored(line: dict[str, Any]) -> tuple[int, ...]:
        return tuple(t.sign * reference.metrics(doc, line)[t.metric] for t in goal.terms)

    best_line = json.loads(json.dumps(render.line(legal, answer)))
    assert scored(best_line) == max(scored(json.loads(line))
                                    for line in reference.resolve_lines(doc)), (pool, spec)


@BEST
@given(split_boards())
def test_indices_round_trip(s: Scenario) -> None:
    """index(legal[i]) == i for every i; unrank gives the listed order as numpy rows."""
    legal = resolve(s)
    assert isinstance(legal, Resolutions)
    listed = list(legal)
    assert [legal.index(a) for a in listed] == list(range(len(listed)))
    assert [legal[i] for i in range(len(listed))] == listed
    if legal.problem.forfeit == 0 and legal.problem.pool_null is None:
        rows = legal.unrank(np.arange(len(listed), dtype=np.int64))
        assert [Resolution(tuple((u, int(a)) for u, a in zip(legal.columns, row, strict=True)
                                 if a)) for row in rows] == listed


def test_index_rejects_illegal_answers_and_bad_indices() -> None:
    legal = resolve(parse_scenario(json.loads((EXAMPLES / "alpha-strike-shrunk-5-to-3.json")
                                              .read_text())))
    assert isinstance(legal, Resolutions)
    with pytest.raises(ValueError, match=r"355\.14\.h\.1"):
        legal.index(Resolution.of({"r1": 3}))
    with pytest.raises(IndexError):
        legal[10]
    with pytest.raises(IndexError):
        legal.unrank(np.array([10]))
    sample = legal.sample(np.random.default_rng(1))
    assert sample in legal


def test_huge_question_ranks_without_listing() -> None:
    """C(99, 59) resolutions of 100 damage among 60 targets: index and unrank work."""
    units = [unit("kai", "A", 100)] + [unit(f"t{i:02d}") for i in range(60)]
    enemies = [f"t{i:02d}" for i in range(60)]
    legal = resolve(build(units, targets={"friendly": "kai", "enemies": enemies}),
                    kind=Resolution)
    last = legal.count() - 1
    answer = legal[last]
    assert legal.index(answer) == last
    # lexicographically last: everything on the first target
    assert answer.damage[0] == ("t00", 41) and all(a == 1 for _, a in answer.damage[1:])
    assert legal[0].damage[-1] == ("t59", 41)


def test_kills_follow_142_4_with_marked_damage() -> None:
    """142.4: r1 (Might 3, 2 marked) dies to 1 more; r2 (Might 0) needs 1 damage (lethal is
    non-zero). 2 damage kills both: kills 2."""
    units = [unit("kai", "A", 2), unit("r1", might=3, damage=2), unit("r2", might=0)]
    legal = resolve(build(units, targets={"friendly": "kai", "enemies": ["r1", "r2"]}))
    assert best(legal, "kills")[0].values == {"kills": 2}


def test_best_on_a_large_board_uses_no_listing() -> None:
    """100 targets and 200 damage: the knapsack answer is legal and no worse than CP-SAT."""
    units = [unit("kai", "A", 200)] + [unit(f"t{i:03d}", might=1 + i % 7, damage=i % 2)
                                       for i in range(100)]
    legal = resolve(build(units, targets={"friendly": "kai",
                                          "enemies": [f"t{i:03d}" for i in range(100)]}))
    assert isinstance(legal, Resolutions)
    goal = Objective.parse("kills,-overkill")
    found = best(legal, goal)[0]
    assert not legal.verify(found.answer)
    assert found.key == best(legal, goal, method="cpsat")[0].key


def test_group_best_scores_every_subset() -> None:
    """Fox-Fire, maximal subsets of (2, 2, 1, 1): killed Might 4 each; the value picks."""
    units = [unit("r1", might=2, value=5), unit("r2", might=2), unit("r3"), unit("r4")]
    legal = resolve(build(units, card="Fox-Fire",
                          targets={"units": ["r1", "r2", "r3", "r4"]}))
    top = best(legal, "value,kills")[0].answer
    assert isinstance(top, Affected) and top.units == ("r1", "r3", "r4")
    assert len(best(legal, "killed-might", all_optimal=True)) == 3


def test_a_method_is_asked_by_name_where_it_applies() -> None:
    """``best(..., method=...)`` names the way a split resolution is ranked; elsewhere, or
    where the way does not apply, a ValueError says so. Alpha Strike, kai 3 among r1 (1),
    r2 (1), r3 (3): 1 + 1 + 1 kills r1 and r2 (kills 2, no overkill), the single best by
    every method."""
    units = [unit("kai", "A", 3), unit("r1"), unit("r2"), unit("r3", might=3)]
    legal = resolve(build(units, targets={"friendly": "kai", "enemies": ["r1", "r2", "r3"]}))
    keys = {method: [r.key for r in best(legal, "kills,-overkill", method=method)]
            for method in ("auto", "scored", "knapsack", "cpsat")}
    assert set(map(tuple, map(tuple, keys.values()))) == {((2, 0),)}, keys
    with pytest.raises(ValueError, match="finds the single best answer"):
        best(legal, "kills", top=3, method="knapsack")
    with pytest.raises(ValueError, match="is not one of auto, scored, knapsack, cpsat"):
        best(legal, "kills", method="fastest")
    with pytest.raises(ValueError, match="this question is a linear objective"):
        best(legal, Linear(damage={"r1": 1}), method="cpsat")  # (was silently ignored)
    fox = resolve(build([unit("r1"), unit("r2")], card="Fox-Fire",
                        targets={"units": ["r1", "r2"]}))
    with pytest.raises(ValueError, match="answers are ranked; this question is GroupResolutions"):
        best(fox, "kills", method="cpsat")


def test_best_declaration_scores_its_best_resolution_now() -> None:
    """Alpha Strike with Might 3 and enemies of Might 1, 1, 3: declaring all three and
    splitting 1/1/... kills two at most with 3 damage (1 + 1 + 1 kills the two 1s; 3 on the
    3 kills one): best kills 2, e.g. {r1, r2}."""
    units = [unit("kai", "A", 3), unit("r1"), unit("r2"), unit("r3", might=3)]
    top = best(finalize(build(units)), "kills,-overkill")[0]
    assert top.values == {"kills": 2, "overkill": 0}


def test_robust_declaration_guards_against_might_changes() -> None:
    """--robust 1: the opponent may lower kai's Might to 1 or raise a target's by 1. The
    worst case of declaring {r1} (Might 1) with kai (Might 2): kai 1, r1 2: no kill; every
    declaration can be denied a kill except none... so the robust optimum is 0 kills,
    while the plain optimum is 2 kills."""
    units = [unit("kai", "A", 2), unit("r1"), unit("r2")]
    legal = finalize(build(units))
    assert best(legal, "kills")[0].values == {"kills": 2}
    assert best(legal, "kills", robust=1)[0].values == {"kills": 0}
    units = [unit("kai", "A", 4), unit("r1"), unit("r2")]
    robust = best(finalize(build(units)), "kills", robust=1)[0]
    assert robust.values == {"kills": 1}  # kai 3 vs r1, r2 at 2: one dies at least


def test_linear_objective_over_damage_and_kills() -> None:
    legal = resolve(build([unit("kai", "A", 4), unit("r1"), unit("r2", might=3)],
                          targets={"friendly": "kai", "enemies": ["r1", "r2"]}))
    top = best(legal, Linear(damage={"r1": 1}))[0]
    assert top.answer == Resolution.of({"r1": 3, "r2": 1})
    assert best(legal, Linear(kills={"r2": 5}), all_optimal=True)[0].key == (5,)


def test_objective_errors() -> None:
    with pytest.raises(ObjectiveError, match="unknown objective 'kils'"):
        Objective.parse("kils")
    s = build([unit("r1")], card="Fox-Fire", targets={"units": ["r1"]})
    with pytest.raises(ObjectiveError, match="xp: Fox-Fire gains no XP"):
        best(resolve(s), "xp")


# ------------------------------------------------------------------ the command


def _run(args: list[str]) -> tuple[int, list[dict[str, Any]]]:
    out = io.StringIO()
    code = main(["best", *args], out=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_best_command_prints_the_contract_line_with_its_objective() -> None:
    path = str(EXAMPLES / "alpha-strike-6-among-3.json")
    assert _run([path, "--objective", "kills,-overkill"]) == (0, [
        {"damage": {"r1": 1, "r2": 2, "r3": 3}, "objective": {"kills": 3, "overkill": 0}}])
    code, lines = _run([path, "--objective", "kills", "--all-optimal"])
    assert code == 0 and all(line["objective"] == {"kills": 3} for line in lines)
    code, lines = _run([path, "--objective=-overkill", "--top", "4"])  # "=" before a "-"
    assert len(lines) == 4


def test_best_command_finalize_and_robust(tmp_path: Path) -> None:
    doc = scenario_dict([unit("kai", "A", 2), unit("r1"), unit("r2")])
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    code, lines = _run([str(path), "--objective", "kills", "--finalize"])
    assert code == 0 and lines[0]["objective"] == {"kills": 2}
    assert lines[0]["targets"] == {"friendly": "kai", "enemies": ["r1", "r2"]}
    code, lines = _run([str(path), "--objective", "kills", "--finalize", "--robust", "1"])
    assert lines[0]["objective"] == {"kills": 0}


@pytest.mark.parametrize(("args", "message"), [
    (["--objective", "kils"], "riftsolve: error: --objective: unknown objective 'kils'"),
    (["--objective", "kills", "--robust", "1"], "riftsolve: error: --robust: robust advice"),
])
def test_best_command_errors(args: list[str], message: str,
                             capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "alpha-strike-6-among-3.json")
    assert main(["best", path, *args], out=io.StringIO()) == 2
    assert capsys.readouterr().err.startswith(message)


def test_brute_force_helper_agrees_with_itself() -> None:
    """A sanity check of the oracle: kills of every split of 3 among 2 targets."""
    legal = resolve(build([unit("kai", "A", 3), unit("r1"), unit("r2", might=2)],
                          targets={"friendly": "kai", "enemies": ["r1", "r2"]}), kind=Resolution)
    scores = {a.damage: Objective.parse("kills").measure(legal.scenario, a) for a in legal}
    assert scores == {(("r1", 1), ("r2", 2)): (2,), (("r1", 2), ("r2", 1)): (1,)}


def test_arrays_give_every_answer_as_numpy_rows_in_index_order() -> None:
    """Masks over the chosen units (declarations, groups) or damage rows (splits)."""
    legal = finalize(parse_scenario(json.loads(
        (EXAMPLES / "alpha-strike-finalize-4.json").read_text())), kind=Declaration)
    rows = np.vstack(list(legal.arrays(batch=5)))
    assert rows.shape == (16, 5) and legal.columns == ("kai", "r1", "r2", "r3", "r4")
    for row, answer in zip(rows, legal, strict=True):
        assert {legal.columns[i] for i in np.nonzero(row)[0]} == {"kai", *answer.split}
    split = resolve(parse_scenario(json.loads(
        (EXAMPLES / "alpha-strike-6-among-3.json").read_text())))
    assert np.vstack(list(split.arrays())).sum(axis=1).tolist() == [6] * 10


def test_ranking_too_many_boards_is_refused_with_its_size(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    """--robust 2 on 10 candidates: 1,024 declarations, each of kai and k enemies resolved
    on 5^(k+1) boards (every chosen unit's Might changed by -2..2): sum over k of
    C(10, k) * 5^(k+1) = 5 * 6^10 = 302,330,880 boards, refused (exit 3) with the number,
    not left to run."""
    doc = scenario_dict([unit("kai", "A", 10)] + [unit(f"r{i}") for i in range(10)])
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    code = main(["best", str(path), "--objective", "kills", "--finalize", "--robust", "2"],
                out=io.StringIO())
    assert code == 3
    assert "1,024 declarations means resolving 302,330,880 boards" in capsys.readouterr().err


def test_deflect_term_keeps_its_place_in_the_objective() -> None:
    """'-deflect,kills': the cheapest declarations first, then the most kills; the kills of
    each declaration are still measured (Volibear splits 6: e2 alone is killed)."""
    legal = finalize(parse_scenario(json.loads(
        (EXAMPLES / "volibear-bonus-finalize.json").read_text())))
    ranked = best(legal, "-deflect,kills", top=3)
    assert [r.values for r in ranked] == [{"deflect": 0, "kills": 1}, {"deflect": 0, "kills": 0},
                                          {"deflect": 1, "kills": 2}]
    assert best(legal, "deflect")[0].values == {"deflect": 2}


@BEST
@given(st.one_of(_split_docs(), group_boards(with_targets=True)),
       st.sampled_from(["kills", "kills,-overkill", "killed-might", "value,-kills", "affected",
                        "overkill,kills", "xp"]))
def test_best_is_the_optimum_of_the_reference_metrics(doc: dict[str, Any], spec: str) -> None:
    """For every card, the optimum best() reports is the best of the independent
    reference's metrics over the reference's own answers (142.4.b-c, 715.2, 820)."""
    if "targets" not in doc:
        return
    s = parse_scenario(doc)
    goal = Objective.parse(spec)
    try:
        goal.check(s, "resolve")
    except ObjectiveError:
        return
    lines = [json.loads(line) for line in reference.resolve_lines(doc)]
    top = max(tuple(t.sign * reference.metrics(doc, line)[t.metric] for t in goal.terms)
              for line in lines)
    found = best(resolve(s), goal, all_optimal=True)
    assert found[0].key == top
    optimal = {json.dumps(line, sort_keys=True) for line in lines
               if tuple(t.sign * reference.metrics(doc, line)[t.metric]
                        for t in goal.terms) == top}
    legal = resolve(s)
    assert {json.dumps(render.line(legal, r.answer), sort_keys=True) for r in found} == optimal

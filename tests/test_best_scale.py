"""best() on questions too large to list: it answers or refuses at once, never enumerates
the whole question (the bounds are in riftsolve/engine/optima.py and
riftsolve/engine/knapsack.py)."""

from __future__ import annotations

import pytest
from conftest import build, unit

from riftsolve.engine.families.split import Resolutions
from riftsolve.engine.knapsack import best_split
from riftsolve.engine.optima import MOST_CPSAT_TOP, MOST_OPTIMA, TooManyToRank
from riftsolve.engine.optimum import best
from riftsolve.engine.questions import resolve
from riftsolve.rules.answers import Resolution
from riftsolve.rules.objectives import Objective


def _drop(weak: int, strong: int, pool: int = 5) -> Resolutions:
    """``pool`` damage among ``weak`` 1-Might and ``strong`` 9-Might enemies."""
    units = [unit("kai", "A", pool), *(unit(f"w{i:03d}") for i in range(weak)),
             *(unit(f"s{i:03d}", might=9) for i in range(strong))]
    ids = [u["id"] for u in units[1:]]
    legal = resolve(build(units, targets={"friendly": "kai", "enemies": ids}))
    assert isinstance(legal, Resolutions)
    return legal


def test_all_optima_of_a_huge_drop_question_without_a_search() -> None:
    """5 damage among 1,000 targets, C(1000, 5) ~ 8.25e12 answers: only the five 1-Might
    units die of 1 damage, so one answer is optimal (kills 5), found without CP-SAT."""
    legal = _drop(weak=5, strong=995)
    optima = best(legal, "kills", all_optimal=True)
    assert [r.answer for r in optima] == [Resolution.of({f"w{i:03d}": 1 for i in range(5)})]
    assert optima[0].values == {"kills": 5}


def test_too_many_optima_are_refused_with_their_count() -> None:
    """All 1,000 targets alike: every one of the C(1000, 5) answers is optimal."""
    with pytest.raises(TooManyToRank, match=r"^8,250,291,250,200 optimal answers"):
        best(_drop(weak=1000, strong=0), "kills", all_optimal=True)
    ties = _drop(weak=8, strong=992)  # any 5 of 8: C(8, 5) = 56 optima
    assert len(best(ties, "kills", all_optimal=True)) == 56 <= MOST_OPTIMA


def test_top_k_past_the_listing_is_bounded() -> None:
    with pytest.raises(TooManyToRank, match=f"at most {MOST_CPSAT_TOP}; ask --top"):
        best(_drop(weak=5, strong=995), "kills", top=1000)


def test_the_knapsack_answers_huge_damage_without_its_tables() -> None:
    """10^6 damage among 1,000 targets of Might 2 to 8: the knapsack's tables would hold
    about 10^9 cells (it declined, and CP-SAT ran past the time bound on a loaded
    machine). Every death is affordable (killing all costs 4,997 of the damage) and the
    overkill is linear in the deaths, so each target is chosen on its own: all 1,000 die,
    each dealt its Might, and the rest, 10^6 - 4,997 = 995,003, is overkill."""
    assert _knapsack_key([2 + i % 7 for i in range(1000)], 10**6) == (1000, -995_003)


def _knapsack_key(mights: list[int], pool: int) -> tuple[int, ...]:
    """Kai (Might ``pool``) splits among enemies of these Mights: the knapsack's best
    answer by ``kills,-overkill``, checked legal, and its key."""
    units = [unit("kai", "A", pool), *(unit(f"t{i:04d}", might=m)
                                       for i, m in enumerate(mights))]
    legal = resolve(build(units, targets={"friendly": "kai",
                                          "enemies": [u["id"] for u in units[1:]]}))
    assert isinstance(legal, Resolutions)
    goal = Objective.parse("kills,-overkill")
    answer = best_split(legal.scenario, legal.problem, goal)
    assert answer is not None and not legal.verify(answer)
    return goal.measure(legal.scenario, answer)


def test_robust_changes_stay_within_the_bounds() -> None:
    """Units at the largest Might, --robust 1: a raised Might is held at the bound (a board
    past it could not be built) and advice is still given: kai may drop to 999,999 while
    r1 stays at 10^6, so the worst case kills nothing; unchanged, r1 dies."""
    from riftsolve.engine.questions import finalize

    legal = finalize(build([unit("kai", "A", 10**6), unit("r1", might=10**6)]))
    assert best(legal, "kills", robust=1)[0].values == {"kills": 0}
    assert best(legal, "kills")[0].values == {"kills": 1}


@pytest.mark.parametrize(("mights", "pool", "key"), [
    # 1,000 targets of Might 1,000 and 500,000 damage: each is dealt at least 1 (355.14.g),
    # leaving 499,000; a death costs 999 more, so 499 die (498,501) and the 499 left over
    # go to survivors (each holds 998 more without dying): (499 kills, 0 overkill)
    ([1000] * 1000, 500_000, (499, 0)),
    # 500 of Might 2 and 500 of Might 2,000, 3,000 damage: 1,000 for the first point
    # each, 2,000 left; the 500 cheap deaths cost 1 each, the 1,500 left can't pay an
    # expensive one (1,999), and the survivors hold them: (500, 0)
    ([2] * 500 + [2000] * 500, 3000, (500, 0)),
])
def test_the_most_kills_with_damage_short_of_killing_all(mights: list[int], pool: int,
                                                         key: tuple[int, int]) -> None:
    """Damage short of killing every target, on boards whose knapsack tables would hold
    10^9 cells: every death is worth the same (kills), so the cheapest die first, and
    the answer comes without tables or CP-SAT."""
    assert _knapsack_key(mights, pool) == key


def test_a_search_out_of_time_is_refused_not_taken_for_ctrl_c(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """400 targets share 1,200 damage and the 20 best are asked for with a search budget
    of 1 s (the 20 take CP-SAT about 7 s): the budget runs out between two searches, and
    the last search, given the 0.05 s floor past the deadline, stops early. That is a
    refusal naming what was found, never an interrupt (which once answered 'stopped at
    the user's request')."""
    from riftsolve.engine.families import split_best

    monkeypatch.setattr(split_best, "SEARCH_SECONDS", 1.0)
    units = [unit("kai", "A", 1200), *(unit(f"t{i}", might=1 + i % 7) for i in range(400))]
    legal = resolve(build(units, targets={"friendly": "kai",
                                          "enemies": [f"t{i}" for i in range(400)]}))
    with pytest.raises(TooManyToRank, match=r"^(only the \d+ best were found|CP-SAT could)"):
        best(legal, "kills,-overkill", top=20)

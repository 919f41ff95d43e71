"""``best`` on combat: the knapsack over filled receivers against every answer scored.

On random combats (the strategy of ``tests/test_combat_properties.py``), every metric and
sign, the top K, all optima and a random linear objective must equal what scoring every
listed answer by its outcome (:func:`riftsolve.apply`) gives, ties in the listing order.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_combat_properties import combats

import riftsolve as rs
from riftsolve.engine.families import combat_best
from riftsolve.engine.families.combat_best import _window_max
from riftsolve.engine.optimum import Linear
from riftsolve.rules.outcome import metrics

#: The metrics a combat answer has (no XP; Deflect is paid at finalization).
COMBAT_METRICS = ("kills", "killed-might", "value", "overkill", "affected")


def _scored(legal: rs.LegalSet[rs.Assignment], key: Any) -> list[tuple[Any, int, Any]]:
    """Every answer with its key, best first, ties in the listing order."""
    scored = [(key(answer), position, answer) for position, answer in enumerate(legal)]
    return sorted(scored, key=lambda item: (tuple(-k for k in item[0]), item[1]))


@settings(max_examples=60, deadline=None)
@given(doc=combats(), data=st.data(), wide=st.booleans())
def test_best_equals_every_answer_scored(doc: dict[str, Any], data: st.DataObject,
                                         wide: bool) -> None:
    """With the table of best worths in 64-bit integers, or (``wide``) in Python
    integers, as worths too wide for 64 bits are held."""
    with pytest.MonkeyPatch.context() as patch:
        if wide:
            patch.setattr(combat_best, "INT64_LIMIT", 0)
        _best_equals_every_answer_scored(doc, data)


def _best_equals_every_answer_scored(doc: dict[str, Any], data: st.DataObject) -> None:
    scenario = rs.parse_scenario(doc)
    legal = rs.resolve(scenario, kind=rs.Assignment)
    terms = data.draw(st.lists(st.sampled_from(COMBAT_METRICS), min_size=1, max_size=2,
                               unique=True))
    signs = data.draw(st.lists(st.sampled_from(("", "-")), min_size=len(terms),
                               max_size=len(terms)))
    objective = ",".join(sign + term for sign, term in zip(signs, terms, strict=True))

    def key(answer: rs.Assignment) -> tuple[int, ...]:
        measured = metrics(scenario, rs.apply(scenario, answer))
        return tuple((-1 if sign else 1) * measured[term]
                     for sign, term in zip(signs, terms, strict=True))

    scored = _scored(legal, key)
    top = rs.best(legal, objective, top=3)
    assert [r.answer for r in top] == [answer for _, _, answer in scored[:3]]
    assert [r.key for r in top] == [k for k, _, _ in scored[:3]]
    optimal = [answer for k, _, answer in scored if k == scored[0][0]]
    assert [r.answer for r in rs.best(legal, objective, all_optimal=True)] == optimal


@settings(max_examples=30, deadline=None)
@given(doc=combats(), data=st.data(), scale=st.sampled_from((1, 10**18)))
def test_a_linear_objective_is_exact(doc: dict[str, Any], data: st.DataObject,
                                     scale: int) -> None:
    """Weights of a few units, or of 10^18 (worths too wide for 64-bit integers: the
    table holds Python integers)."""
    scenario = rs.parse_scenario(doc)
    legal = rs.resolve(scenario, kind=rs.Assignment)
    weights = st.integers(-3, 5).map(lambda w: w * scale)
    ids = list(legal.columns)
    goal = Linear(damage={u: data.draw(weights) for u in ids},
                  kills={u: data.draw(weights) for u in ids})

    def key(answer: rs.Assignment) -> tuple[int, ...]:
        done = rs.apply(scenario, answer)
        return (sum(goal.damage.get(u, 0) * a for u, a in done.dealt)
                + sum(goal.kills.get(u, 0) for u in done.killed),)

    scored = _scored(legal, key)
    assert rs.best(legal, goal)[0].answer == scored[0][2]


@settings(max_examples=200, deadline=None)
@given(values=st.lists(st.integers(-50, 50) | st.just(-(10**6)), min_size=1, max_size=40),
       width=st.integers(0, 45), dtype=st.sampled_from((object, np.int64)))
def test_window_maxima_are_the_naive_ones(values: list[int], width: int,
                                          dtype: type) -> None:
    """``out[r]``: the largest of the ``width`` values before ``r`` (the floor if none),
    in Python or 64-bit integers."""
    floor = -(10**9)
    out = _window_max(np.array(values, dtype=dtype), width, floor)
    naive = [max(values[max(0, r - width):r], default=floor) for r in range(len(values))]
    assert out.tolist() == naive


def test_damage_left_on_a_unit_no_amount_kills_is_ranked_exactly() -> None:
    """A prevent-all Tank (437.5.b) takes any amount, and every amount below lethal is a
    window of the table: 9 damage, the Tank first. Killing n1 (Might 4) needs the Tank
    filled, which never happens: the best kill count is 0, and fewest affected units puts
    all 9 on the Tank."""
    doc = {"format": 1, "controller": "A", "battlefields": ["north"],
           "combat": {"battlefield": "north", "attacker": "A"},
           "units": [{"id": "a", "controller": "A", "might": 9, "location": "north"},
                     {"id": "pt", "controller": "B", "might": 1, "location": "north",
                      "keywords": ["Tank"], "prevent": "all"},
                     {"id": "n1", "controller": "B", "might": 4, "location": "north"}]}
    legal = rs.resolve(rs.parse_scenario(doc), kind=rs.Assignment)
    assert legal.count() == 1
    top = rs.best(legal, "-affected,kills")[0]
    assert top.answer.as_json() == {"assigned": {"pt": 9}} and top.values == {
        "affected": 1, "kills": 0}

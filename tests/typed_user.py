"""A user's script, type-checked with ``mypy --strict`` outside the checkout against the
installed package (the README's editable install, and a wheel): every name keeps its
precise type, none is ``Any`` (``assert_type`` fails on ``Any``)."""

from __future__ import annotations

from typing import assert_type

import riftsolve as rs

assert_type(rs.__version__, str)
scenario = rs.load_scenario(rs.example_path("alpha-strike-shrunk-5-to-3"))
assert_type(scenario, rs.Scenario)
answers = rs.resolve(scenario)
assert_type(answers, rs.LegalSet[rs.Answer])
legal = rs.resolve(scenario, kind=rs.Resolution)
assert_type(legal, rs.LegalSet[rs.Resolution])
assert_type(legal.count(), int)
assert_type(next(iter(legal)).damage, tuple[tuple[str, int], ...])
declarations = rs.finalize(scenario, kind=rs.Declaration)
assert_type(declarations, rs.LegalSet[rs.Declaration])
ranked = rs.best(legal, "kills")
assert_type(ranked, list[rs.Ranked])
assert_type(ranked[0].values, dict[str, int])
outcome = rs.apply(scenario, next(iter(legal)))
assert_type(outcome, rs.Outcome)
assert_type(outcome.killed, tuple[str, ...])
print(legal.count(), ranked[0].values, outcome.killed)

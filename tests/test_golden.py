"""Golden scenarios: expected counts worked out by hand in each file's ``expect.note``,
checked on every backend, plus the full answer lists of the small ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import expectations, golden_files

from riftsolve.engine.backends import BACKENDS
from riftsolve.engine.questions import finalize, resolve
from riftsolve.formats.reading import load_scenario
from riftsolve.rules.answers import Declaration, Resolution


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.stem)
@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_golden_counts(path: Path, backend: str) -> None:
    expect = expectations(path)
    scenario = load_scenario(path)
    checked = 0
    for key, ask in (("resolve_count", resolve), ("finalize_count", finalize)):
        if key not in expect:
            continue
        legal = ask(scenario, backend)
        answers = list(legal)
        assert legal.count() == expect[key]
        assert len(answers) == len(set(answers)) == expect[key]
        assert all(not legal.verify(a) for a in answers)
        checked += 1
    assert checked, "a golden scenario must expect at least one count"


def _damages(path: str) -> set[tuple[tuple[str, int], ...]]:
    scenario = load_scenario(Path(golden_files()[0]).parent / path)
    return {r.damage for r in resolve(scenario, kind=Resolution)}


def test_five_among_three_lists_every_split() -> None:
    """5 damage among r1, r2, r3, each >= 1 (355.14.g): the compositions of 5 into 3."""
    expected = {(1, 1, 3), (1, 3, 1), (3, 1, 1), (1, 2, 2), (2, 1, 2), (2, 2, 1)}
    got = {tuple(a for _, a in d) for d in _damages("alpha-strike-5-among-3.json")}
    assert got == expected


def test_shrunk_five_to_three_keeps_exactly_three() -> None:
    """355.14.h.1 (CR 1.4): Might 3, five targets: every answer is three targets dealt 1."""
    damages = _damages("alpha-strike-shrunk-5-to-3.json")
    assert len(damages) == 10
    for damage in damages:
        assert [a for _, a in damage] == [1, 1, 1]
    assert len({frozenset(u for u, _ in d) for d in damages}) == 10


def test_mistargeted_splits_only_between_legal_targets() -> None:
    """359.3.e.8: 4 damage between the legal r5 and r6 only."""
    assert _damages("alpha-strike-mistargeted.json") == {
        (("r5", 1), ("r6", 3)), (("r5", 2), ("r6", 2)), (("r5", 3), ("r6", 1))}


def test_friendly_gone_deals_nothing() -> None:
    """359.3.f.2.a: a null Might, so the one answer deals no damage."""
    assert _damages("alpha-strike-friendly-gone.json") == {()}


def test_volibear_finalize_lists_every_affordable_declaration() -> None:
    """809: with 2 Power, {e1, e3} (3 Power) and {e1, e2, e3} (3 Power) are out."""
    path = Path(golden_files()[0]).parent / "volibear-bonus-finalize.json"
    got = {(d.split, d.deflect_cost) for d in finalize(load_scenario(path), kind=Declaration)}
    assert got == {((), 0), (("e1",), 1), (("e2",), 0), (("e3",), 2), (("e1", "e2"), 1),
                   (("e2", "e3"), 2)}
    assert Declaration.of(["e1", "e3"]) not in finalize(load_scenario(path))
    assert Resolution.of({}) not in finalize(load_scenario(path))

"""The benchmark suite's boards and report (``benchmarks/boards.py``, ``python -m
benchmarks``): what its numbers are measured on must be what it says. Its speed is not
asserted here; CI runs ``python -m benchmarks --quick``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import needs

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import boards  # noqa: E402 - the benchmark helpers are scripts beside each other

import riftsolve as rs  # noqa: E402
from riftsolve._json import JSONOut  # noqa: E402
from riftsolve.rules.board import BASE, OFFBOARD  # noqa: E402


def test_boards_are_seeded() -> None:
    """The same seed draws the same boards; another seed other boards."""
    first = [b.data for b in boards.boards((12,), seed=3, cards=("Fox-Fire",))]
    again = [b.data for b in boards.boards((12,), seed=3, cards=("Fox-Fire",))]
    other = [b.data for b in boards.boards((12,), seed=4, cards=("Fox-Fire",))]
    assert first == again
    assert first != other


@pytest.mark.parametrize("seed", range(6))
def test_tables_hold_what_the_docstring_says(seed: int) -> None:
    """2-4 players, 1-3 battlefields, ``units`` units (and gear), the caster's first unit at
    a battlefield it controls, Might 0-8, marked damage never lethal yet."""
    data = boards.table(40, seed)
    units = [u for u in data["units"] if u.get("type") != "gear"]
    players = {u["controller"] for u in data["units"]}
    assert len(units) == 40
    assert 1 <= len(data["battlefields"]) <= 3
    assert players <= set("ABCD") and len(players) >= 2
    assert units[0]["controller"] == "A"
    assert data["battlefield_control"][units[0]["location"]] == "A"
    for unit in units:
        assert 0 <= unit["might"] <= 8
        assert unit.get("damage", 0) < max(unit["might"], 1)
    rs.parse_scenario({**data, "card": "Fox-Fire"})  # a valid scenario


@pytest.mark.parametrize("card", ["Alpha Strike", "Volibear, Furious", "Tricksy Tentacles",
                                  "Crescent Strike", "Call to Battle", "Angle Shot"])
def test_a_resolution_declares_a_legal_declaration_then_play_goes_on(card: str) -> None:
    """Each card gets a finalization and a resolution; the resolution's targets are a
    declaration the finalization lists (as ``--format jsonl`` writes it), and only the
    board changed since: units moved, killed or with another Might, no new unit."""
    made = {b.question: b for b in boards.boards((30,), seed=2, cards=(card,))}
    assert set(made) == {"finalize", "resolve"}
    before, after = made["finalize"].data, made["resolve"].data
    declared = after["targets"]
    assert declared in _lines(before)
    assert [u["id"] for u in before["units"]] == [u["id"] for u in after["units"]]
    assert {k: v for k, v in after.items() if k not in ("units", "targets")} == {
        k: v for k, v in before.items() if k != "units"}


def _lines(data: dict[str, Any]) -> list[JSONOut]:
    """Every declaration's ``targets`` of a finalization, as the command line writes them."""
    from riftsolve.faces.render import line
    legal = rs.finalize(rs.parse_scenario(data))
    return [line(legal, answer)["targets"] for answer in legal]


def test_play_goes_on_for_chosen_units() -> None:
    """Over many seeds, chosen units are moved, killed and changed: what a resolution
    re-checks (359.3.e)."""
    seen: set[str] = set()
    data = boards.table(30, 0) | {"card": "Fox-Fire"}
    targets = {"units": [u["id"] for u in data["units"][:20]]}
    for seed in range(20):
        after = boards.play_on(data, targets, seed)
        for old, new in zip(data["units"][:20], after["units"][:20], strict=True):
            if new["location"] == OFFBOARD:
                seen.add("killed")
            elif new["location"] != old["location"]:
                seen.add("base" if new["location"] == BASE else "moved")
            elif new["might"] != old["might"]:
                seen.add("might")
    assert seen == {"killed", "moved", "base", "might"}


def test_report_from_a_measured_question(tmp_path: Path) -> None:
    """One small question measured as the suite does, then written: the summary has its
    row and the exact count; the listing that finished listed exactly the count."""
    import _suite_report
    import suite

    board = next(b for b in boards.boards((10,), seed=1, cards=("Alpha Strike",))
                 if b.question == "finalize")
    args = suite.settings(["--quick", "--budget", "0.3", "--repeats", "1"])
    measured = suite.measure(board, args)
    count = rs.finalize(rs.parse_scenario(board.data)).count()
    assert measured.answers == count
    assert measured.listings["native"].complete
    assert measured.listings["native"].answers == min(count, args.list_cap)
    document: dict[str, Any] = {
        "meta": {"python": "3", "ortools": "9", "numpy": "2", "python-constraint2": "2",
                 "cpu_count": 2, "cpsat_num_workers": 1, "commit": "c", "quick": True,
                 "seed": 1, "sizes": [10], "repeats": 1, "list_cap": args.list_cap,
                 "budget_s": 0.3, "brute_limit": 10, "wall_seconds": 1.0},
        "questions": [measured.as_json()],
        "startup": {"example": "x.json", "numpy_import_ms": 100.0, "resolve_ms": 300.0,
                    "resolve_vs_numpy": 3.0, "pyconstraint_ms": 80.0,
                    "pyconstraint_vs_numpy": 0.8, "pyconstraint_script": "p.py",
                    "answers": 10, "same_lines": True,
                    "runs_ms": {"numpy": [90.0, 100.0, 120.0], "resolve": [280.0, 300.0, 350.0],
                                "pyconstraint": [70.0, 80.0, 85.0]},
                    "spread_ms": {"numpy": {"median": 100.0, "min": 90.0, "max": 120.0}},
                    "first_answer_runs_ms": {"resolve": [250.0, 260.0, 300.0]},
                    "first_answer_ms": {"resolve": {"median": 260.0, "min": 250.0,
                                                    "max": 300.0}}},
        "streams": [{"label": "split: s", "family": "split", "argv": ["riftsolve", "finalize"],
                     "answers": 1000, "lines": 1000, "code": 0, "seconds": 0.5,
                     "peak_mib": 50.0, "first_answer_s": 0.3, "last_answer_s": 0.4,
                     "rate": 2000.0, "stream_rate": 9990.0}]}
    import _suite_limits
    typical = _suite_limits.typical_best(3, 1)
    assert typical["agree"] and len(typical["boards"]) >= 2
    maximal = _suite_limits.maximal_vs_all((40,))
    assert maximal[0]["maximal"]["answers"] == maximal[0]["maximal"]["count"] > 0
    document["limits"] = {
        "typical_best": typical, "maximal_vs_all": maximal,
        "count_scaling": _suite_limits.count_scaling((30,), ("Alpha Strike",), 1),
        "formatting": [{"question": "q", "answers": 10, "rows_per_s": 1e6,
                        "lines_per_s": 5e5, "formatting_share": 0.5}],
        "arrays_vs_direct": [{"question": "r", "answers": 3, "arrays_per_s": 2e6,
                              "direct_per_s": 1e6, "ratio": 2.0, "same": True}]}
    # 4 damage between 2 targets, each dealt at least 1: 1+3, 2+2, 3+1 (355.14.e-g)
    assert _suite_limits.direct_splits(4, 2).tolist() == [[1, 3], [2, 2], [3, 1]]
    # keep 2 of 3 targets, each dealt 1: {0,1}, {0,2}, {1,2} (355.14.h.1)
    assert _suite_limits.direct_drops(3, 2).tolist() == [[1, 1, 0], [1, 0, 1], [0, 1, 1]]
    text = _suite_report.markdown(document, [])
    assert f"| Alpha Strike finalize | 10 | {count:,} |" in text
    within = int(measured.count_ms is not None and measured.count_ms < 10)
    assert f"{within} of 1 questions at 10 units counted in under 10 ms" in text
    refused = {**measured.as_json(), "count_ms": None, "count_error": "CountTooLarge: x"}
    assert "| Alpha Strike finalize | refused: CountTooLarge: x |" in "\n".join(
        _suite_report.count_section([refused]))
    assert "0 of 1 questions" in _suite_report.count_section([refused])[0]
    # fewer answers than a throughput needs: the time to list them all, not a rate
    rate = _suite_report.is_rate(measured.as_json(), args.list_cap)
    assert rate == (count >= _suite_report.THROUGHPUT_MIN)
    assert f"| {'answers/s' if rate else 'time, all'} |" in text
    assert "| `python p.py` x.json (python-constraint2, the same lines) | 10 | 80 ms" in text
    assert "| q | 10 | 1.00M/s | 500.0k/s | 50% |" in text
    assert "| r | 3 | 2.00M/s | 1.00M/s | 2.00x | yes |" in text
    assert f"| 40 units | {maximal[0]['maximal']['answers']:,} |" in text
    needs("matplotlib", "plots")
    import _suite_plots

    drawn = _suite_plots.plots(document, tmp_path)
    assert [p.name for p in drawn] == ["split.png", "processes.png"]
    for path in drawn:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "`processes.png`: whole processes" in _suite_report.markdown(document, drawn)


def test_a_listing_is_a_rate_or_a_latency_and_says_why_it_has_no_value() -> None:
    """A question of fewer answers than a throughput needs is timed, not rated; a listing
    with no value says whether it was declined or stopped with nothing."""
    import _suite_report

    few = {"answers": 1}
    many = {"answers": 10**9}
    assert not _suite_report.is_rate(few, 10**4)
    assert _suite_report.is_rate(many, 10**4)
    assert _suite_report.is_rate({"answers": None}, 10**4)  # refused count: the cap listed
    listing = {"answers": 0, "complete": False, "error": ""}
    assert _suite_report.status(listing) == "nothing"
    assert _suite_report.status({**listing, "error": "ValueError: too large"}) == "declined"
    assert _suite_report.status({**listing, "answers": 5}) == "stopped"
    assert _suite_report.status({**listing, "answers": 5, "complete": True}) == "done"

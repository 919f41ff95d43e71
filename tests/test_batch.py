"""Many scenarios at once (:mod:`riftsolve.faces.batch`, ``riftsolve batch``): one record
per scenario, in the input's order, errors on their own line, resumable output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import needs

import riftsolve as rs
from riftsolve._json import JSONOut
from riftsolve.faces.cli import main


def _at(value: JSONOut, *path: str | int) -> JSONOut:
    """What a record holds at ``path`` (each step a key or a position)."""
    for step in path:
        if isinstance(step, str):
            assert isinstance(value, dict)
            value = value[step]
        else:
            assert isinstance(value, list)
            value = value[step]
    return value


def _fox(i: int) -> dict[str, Any]:
    """Fox-Fire ("Kill any number of units at a battlefield with total Might 4 or less")
    with ``i`` enemy 1-Might units at north: every subset of at most 4 of them, so
    sum of C(i, k) for k <= 4: 2, 4, 8, 16, 31 for i = 1..5."""
    return {"format": 1, "controller": "A", "card": "Fox-Fire", "battlefields": ["north"],
            "units": [{"id": f"r{j}", "controller": "B", "might": 1, "location": "north"}
                      for j in range(i)]}


COUNTS = {1: 2, 2: 4, 3: 8, 4: 16, 5: 31}


def test_records_come_in_the_inputs_order_with_each_error_on_its_own() -> None:
    scenarios = [(f"s{i}", _fox(i)) for i in COUNTS]
    scenarios.insert(2, ("broken", {"format": 1, "controller": "A"}))
    for jobs in (1, 2):
        records = list(rs.batch(scenarios, jobs=jobs))
        assert [r["id"] for r in records] == [ident for ident, _ in scenarios]
        assert [r.get("count") for r in records] == [2, 4, None, 8, 16, 31]
        assert _at(records[2], "error", "field") == "battlefields"


def test_best_and_listings_and_skipped_ids() -> None:
    scenarios = [("a", _fox(2)), ("b", _fox(3))]
    best = list(rs.batch(scenarios, question="best", objective="affected"))
    assert [_at(r, "best", 0, "objective") for r in best] == [{"affected": 2}, {"affected": 3}]
    listed = list(rs.batch(scenarios, question="list", limit=3))
    assert [len(a) if isinstance(a := r["answers"], list) else a for r in listed] == [3, 3]
    assert [r["id"] for r in rs.batch(scenarios, skip={"a"})] == ["b"]


def test_a_folder_or_a_json_lines_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    """A folder: each *.json by name, its name the id; JSON lines: each line's ``id`` (not
    part of the scenario), else ``line N``; the CLI writes one JSON line per record."""
    folder = tmp_path / "boards"
    folder.mkdir()
    for i in (3, 1):
        (folder / f"fox-{i}.json").write_text(json.dumps(_fox(i)))
    assert main(["batch", str(folder), "--jobs", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["id"], r["count"]) for r in lines] == [("fox-1.json", 2), ("fox-3.json", 8)]
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text(json.dumps({"id": "x", **_fox(2)}) + "\n\n" + json.dumps(_fox(1)) + "\n")
    assert main(["batch", str(jsonl), "--jobs", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["id"], r["count"]) for r in lines] == [("x", 4), ("line 3", 2)]


def test_a_rerun_on_the_same_output_answers_only_what_is_missing(tmp_path: Path) -> None:
    """An interrupted batch keeps every whole line; the rerun drops a line cut short,
    skips the ids written and appends the rest, the file then as a full run writes it."""
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text("".join(json.dumps({"id": f"s{i}", **_fox(i)}) + "\n" for i in COUNTS))
    full, out = tmp_path / "full.jsonl", tmp_path / "out.jsonl"
    assert main(["batch", str(jsonl), "--out", str(full), "--jobs", "1"]) == 0
    text = full.read_text()
    cut = text.index("\n", text.index("s2")) + 10  # two whole lines and a piece of one
    out.write_text(text[:cut])
    assert main(["batch", str(jsonl), "--out", str(out), "--jobs", "2"]) == 0
    assert out.read_text() == text
    assert main(["batch", str(jsonl), "--out", str(out)]) == 0
    assert out.read_text() == text


def test_bad_batch_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", "no-such-folder"]) == 2
    assert "input: no-such-folder" in capsys.readouterr().err


def test_a_batch_of_best_answers_ranks_by_the_default_objective(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--question best`` with no ``--objective``: kills, then the least overkill, as
    ``riftsolve best`` ranks by default. Fox-Fire (total Might 4 or less) on two 1-Might
    enemy units: the best declaration kills both (2 <= 4); a kill deals no damage, so no
    overkill."""
    (tmp_path / "fox.json").write_text(json.dumps(_fox(2)))
    assert main(["batch", str(tmp_path), "--question", "best", "--jobs", "1"]) == 0
    [record] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert record["best"][0]["objective"] == {"kills": 2, "overkill": 0}


def test_on_ray_the_records_are_the_local_ones_in_the_same_order() -> None:
    """With Ray installed (the ``ray`` extra), a local Ray instance answers the batch in
    tasks of many scenarios, each built on its worker: the same records, in order."""
    ray = needs("ray", "ray")
    from riftsolve.faces import batch as batching

    scenarios = [(f"s{i}", _fox(1 + i % 5)) for i in range(12)]
    scenarios.insert(5, ("broken", {"format": 1, "controller": "A"}))
    local = list(rs.batch(scenarios))
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        chunk = batching.RAY_CHUNK
        batching.RAY_CHUNK = 4  # (several tasks, each of several scenarios)
        try:
            assert list(rs.batch(scenarios, engine="ray")) == local
        finally:
            batching.RAY_CHUNK = chunk
    finally:
        ray.shutdown()

"""A long listing's JSON lines written a block at a time (``LegalSet.text_blocks``, the
command line's fast path) are byte for byte the lines written an answer at a time
(``json.dumps`` of ``render.line``), in the same order: on every example of every legal
set that declares text blocks, on the hand-worked combats, on random small combats (every
keyword, prevention, both excess policies), group boards (every group card, both subset
policies, Deflect, Hidden) and joint boards (every joint card), and on the benchmarks'
40-receiver combats, 60-unit group questions and the suite's 100-unit finalizations; in
blocks of every size, and cut at any ``--limit``. The command line writes the same lines
by either path.
"""

from __future__ import annotations

import io
import json
import sys
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_combat_properties import combats
from test_group_properties import group_boards
from test_joint_properties import seeded_boards

import riftsolve as rs
from riftsolve.engine import assign
from riftsolve.engine.backends import native
from riftsolve.engine.families.combat import CombatResolutions
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.faces.cli import main
from riftsolve.formats.examples import example_names, example_path
from riftsolve.formats.lines import json_line
from riftsolve.formats.reading import load_scenario
from riftsolve.rules.answers import Answer

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from _combat_boards import combat_board  # noqa: E402 - benchmark helpers beside the scripts
from _group_boards import CARDS, KINDS, POLICIES, make_question  # noqa: E402
from boards import boards  # noqa: E402

#: Block sizes asked for: one row, a few, and the command line's.
BATCHES = (1, 7, native.BLOCK_ROWS)
#: Most answers compared on a board with more.
MOST = 3000
CASES = Path(__file__).resolve().parent / "data" / "combat_cases.json"


def _per_answer(legal: LegalSet[Answer], most: int = MOST) -> str:
    """The first ``most`` lines as the command line writes them an answer at a time."""
    return "".join(json_line(render.line(legal, answer)) for answer in islice(legal, most))


def _by_blocks(legal: LegalSet[Answer], batch: int, most: int = MOST) -> str:
    """The first ``most`` lines written a block at a time."""
    blocks = legal.text_blocks(batch)
    assert blocks is not None
    written, parts = 0, []
    for rows, text in blocks:
        assert 0 < rows <= max(batch, 1)
        take = min(rows, most - written)
        parts.append(text(take))
        written += take
        if written == most:
            break
    return "".join(parts)


def _same_lines(legal: LegalSet[Answer], batches: tuple[int, ...] = BATCHES,
                most: int = MOST) -> None:
    expected = _per_answer(legal, most)
    for batch in batches:
        assert _by_blocks(legal, batch, most) == expected, f"blocks of {batch}"


def _example_sets() -> list[LegalSet[Answer]]:
    """Every question of every example that the legal set writes in text blocks."""
    sets: list[LegalSet[Answer]] = []
    for name in example_names():
        scenario = load_scenario(example_path(name))
        for ask in (finalize, resolve):
            try:
                legal = ask(scenario)
            except ValueError:  # the question does not apply to the example
                continue
            if legal.CAPABILITIES.text_blocks and legal.text_blocks(1) is not None:
                sets.append(legal)
    return sets


@pytest.mark.parametrize("legal", _example_sets(), ids=lambda legal: (
    f"{legal.scenario.effect.name}-{legal.question}"))
def test_every_example_written_in_blocks_is_written_as_answer_by_answer(
        legal: LegalSet[Answer]) -> None:
    _same_lines(legal)


def test_the_examples_include_every_family_with_text_blocks() -> None:
    families = {type(legal).__name__ for legal in _example_sets()}
    assert {"CombatResolutions", "Resolutions", "Declarations", "GroupDeclarations",
            "GroupResolutions", "JointDeclarations"} <= families


@pytest.mark.parametrize("case", json.loads(CASES.read_text(encoding="utf-8")),
                         ids=lambda case: case["name"])
def test_every_hand_worked_combat_written_in_blocks(case: dict[str, Any]) -> None:
    _same_lines(rs.resolve(rs.parse_scenario(case["scenario"])))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combats())
def test_random_combats_written_in_blocks(doc: dict[str, Any]) -> None:
    legal = rs.resolve(rs.parse_scenario(doc))
    assert isinstance(legal, CombatResolutions)
    _same_lines(legal, (1, 2, 5, native.BLOCK_ROWS))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combats())
def test_every_way_of_building_combat_blocks_gives_the_same_rows(
        doc: dict[str, Any]) -> None:
    """The options built ahead, found node by node (past the options' bound; kept, or
    found again past the nodes kept) and over a table of whether each completion exists
    (past the counts' bound) give the rows of the answers, in order."""
    legal = rs.resolve(rs.parse_scenario(doc))
    assert isinstance(legal, CombatResolutions)
    rows = [[answer.amount(unit) for unit in legal.columns] for answer in legal]
    assert [r for block in legal.arrays(3) for r in block.tolist()] == rows
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(native, "MOST_OPTION_CELLS", -1)
        assert [r for block in legal.arrays(3) for r in block.tolist()] == rows
        patch.setattr(assign, "MOST_KEPT_OPTIONS", 1)  # the other nodes found each time
        assert [r for block in legal.arrays(3) for r in block.tolist()] == rows
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(assign, "MOST_CELLS", -1)
        fresh = rs.resolve(rs.parse_scenario(doc))
        assert [r for block in fresh.arrays(4) for r in block.tolist()] == rows
        assert _by_blocks(fresh, 4) == _per_answer(legal)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from((10, 40)))
def test_benchmark_combats_written_in_blocks(seed: int, receivers: int) -> None:
    """The benchmark's boards (Tank, Backline, both, Shield, prevention, two defenders):
    their first lines, in blocks of the command line's size and of a few rows."""
    legal = rs.resolve(rs.parse_scenario(combat_board(receivers, 0, seed)))
    _same_lines(legal, (5, native.BLOCK_ROWS), most=20_000)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans().flatmap(group_boards))
def test_random_group_boards_written_in_blocks(doc: dict[str, Any]) -> None:
    """Both questions of a random group board, where its legal set writes text blocks."""
    scenario = rs.parse_scenario(doc)
    for ask in (finalize, resolve):
        try:
            legal = ask(scenario)
        except ValueError:  # (no targets to resolve)
            continue
        if legal.CAPABILITIES.text_blocks and legal.text_blocks(1) is not None:
            _same_lines(legal, (1, 2, native.BLOCK_ROWS))


@pytest.mark.parametrize(("card", "kind", "policy"),
                         [(c, k, p) for c in CARDS for k in KINDS for p in POLICIES])
def test_benchmark_group_boards_written_in_blocks(card: str, kind: str, policy: str) -> None:
    """The group benchmark's 60-unit questions: their lines in blocks, where the legal set
    writes them so (not Tricksy Tentacles' resolutions, which write the units not moved
    apart)."""
    legal = make_question(60, card, kind, policy).legal()
    if legal.text_blocks(1) is None:
        assert (card, kind) == ("Tricksy Tentacles", "resolve")
        return
    _same_lines(legal, (3, native.BLOCK_ROWS), most=20_000)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans().flatmap(lambda hidden: seeded_boards(hidden=hidden)))
def test_random_joint_boards_written_in_blocks(doc: dict[str, Any]) -> None:
    """A random board of every joint card (played from Hidden or not): its declarations."""
    legal = finalize(rs.parse_scenario(doc))
    if legal.CAPABILITIES.text_blocks:
        _same_lines(legal, (1, 2, native.BLOCK_ROWS))


#: The suite's cards whose 100-unit finalizations have many answers.
SUITE_CARDS = ("Piercing Light", "Zenith Blade", "Forgotten Signpost", "Bellows Breath",
               "Fox-Fire", "Tricksy Tentacles", "Elder Dragon", "Alpha Strike")


@pytest.mark.parametrize("board", [b for b in boards((100,), 1, SUITE_CARDS)
                                   if b.name.endswith("finalize")], ids=lambda b: b.name)
def test_suite_boards_written_in_blocks(board: Any) -> None:
    """The benchmark suite's 100-unit finalizations of a few cards of each family."""
    legal = finalize(rs.parse_scenario(board.data))
    assert legal.CAPABILITIES.text_blocks
    _same_lines(legal, (3, native.BLOCK_ROWS), most=20_000)


def test_the_command_line_writes_the_same_lines_by_either_path(tmp_path: Path) -> None:
    """``--backend cpsat --limit`` and ``--explain`` write a line an answer; the native
    backend writes blocks: the same answers' lines (cpsat's in its own order)."""
    path = tmp_path / "combat.json"
    path.write_text(json.dumps(combat_board(40, 0, 3)), encoding="utf-8")
    out = io.StringIO()
    assert main(["resolve", str(path), "--format", "jsonl", "--limit", "2500"], out=out) == 0
    blocks = out.getvalue()
    legal = rs.resolve(load_scenario(path))
    assert blocks == _per_answer(legal, 2500)
    explained = io.StringIO()
    assert main(["resolve", str(path), "--format", "jsonl", "--limit", "2500", "--explain"],
                out=explained) == 0
    assert [json.loads(line)["assigned"] for line in blocks.splitlines()] == [
        json.loads(line)["assigned"] for line in explained.getvalue().splitlines()]

"""The JSON-lines writers' fast paths write exactly what ``json.dumps`` of each answer writes
(the CLI contract): blocks of damage rows of every shape, blocks of combat assignments
(keys in id order, whatever the columns' order), ids with ``%``, quotes, backslashes and
non-ASCII letters."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from riftsolve.formats.lines import AssignedLines, resolution_block_text

IDS = st.lists(st.text(alphabet='ab%"é\\ 1', min_size=1, max_size=4), min_size=1,
               max_size=5, unique=True)


@st.composite
def blocks(draw: st.DrawFn) -> tuple[list[str], np.ndarray]:
    """Ids and a block of damage rows in one of the shapes the native backend yields:
    every target dealt damage, as many targets kept in every row (dealt 1 each, or more),
    or rows keeping different numbers of targets; amounts 0-30."""
    ids = draw(IDS)
    rows = draw(st.integers(1, 6))
    shape = draw(st.sampled_from(("all", "kept-ones", "kept", "mixed")))
    width = len(ids)
    kept = draw(st.integers(0, width))
    block = np.zeros((rows, width), dtype=np.int64)
    for r in range(rows):
        if shape == "all":
            block[r] = [draw(st.integers(1, 30)) for _ in range(width)]
            continue
        count = kept if shape != "mixed" else draw(st.integers(0, width))
        columns = draw(st.permutations(range(width)))[:count]
        for c in columns:
            block[r, c] = 1 if shape == "kept-ones" else draw(st.integers(1, 30))
    return ids, block


@settings(max_examples=300, deadline=None)
@given(blocks())
def test_resolution_blocks_are_written_as_json_dumps_writes_them(
        drawn: tuple[list[str], np.ndarray]) -> None:
    ids, block = drawn
    expected = "".join(
        json.dumps({"damage": {u: int(a) for u, a in zip(ids, row, strict=True) if a}}) + "\n"
        for row in block.tolist())
    assert resolution_block_text(ids, block) == expected


@st.composite
def assigned_blocks(draw: st.DrawFn) -> tuple[list[str], list[np.ndarray]]:
    """Ids in any order and blocks of amounts over them: mostly zero, some large (a
    receiver no amount is lethal to), now and then a row assigning nothing; in the
    integers the native backend writes them in."""
    ids = draw(IDS)
    dtype, top = draw(st.sampled_from(((np.int8, 127), (np.int16, 32767), (np.int64, 1000))))
    amounts = st.one_of(st.just(0), st.integers(1, 9), st.integers(0, top))
    blocks = []
    for _block in range(draw(st.integers(1, 3))):
        rows = draw(st.integers(0, 6))
        block = np.array([[draw(amounts) for _ in ids] for _ in range(rows)],
                         dtype=dtype).reshape(rows, len(ids))
        blocks.append(block)
    return ids, blocks


@settings(max_examples=300, deadline=None)
@given(assigned_blocks())
def test_assignment_blocks_are_written_as_json_dumps_writes_them(
        drawn: tuple[list[str], list[np.ndarray]]) -> None:
    ids, blocks = drawn
    lines = AssignedLines(ids)  # one writer for the blocks of a listing, in turn
    for block in blocks:
        expected = "".join(
            json.dumps({"assigned": dict(sorted((u, int(a)) for u, a in zip(ids, row, strict=True)
                                                if a))}) + "\n"
            for row in block.tolist())
        assert lines(block) == expected

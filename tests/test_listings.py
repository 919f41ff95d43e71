"""Every answer, count, order and index of every example, and what the command line
prints for it, are those recorded in ``data/listings.txt``.

Agents keep answers by index and scripts read the lines: a change of order, index,
explanation or ranking must be deliberate. The counts themselves are worked out by hand
in each example's note (``test_golden``); this file pins everything else. After a change
that is meant to alter the record (an open rules issue), rewrite it with
``RIFTSOLVE_UPDATE_LISTINGS=1 pytest tests/test_listings.py`` and review the diff.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from pathlib import Path

from conftest import golden_files

from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces.cli import main
from riftsolve.formats.reading import load_scenario

RECORD = Path(__file__).resolve().parent / "data" / "listings.txt"

#: What the command line is asked of every example.
COMMANDS = (["finalize", "--explain", "--format", "jsonl"],
            ["resolve", "--explain", "--format", "jsonl"],
            ["finalize", "--count"], ["resolve", "--count"],
            ["best", "--objective", "kills,xp,-overkill", "--format", "jsonl"],
            ["best", "--finalize", "--objective", "kills,-deflect", "--format", "jsonl"],
            ["best", "--top", "3", "--objective", "value,affected", "--format", "jsonl"],
            ["best", "--all-optimal", "--objective", "kills,-overkill", "--format", "jsonl"],
            ["best", "--finalize", "--robust", "1", "--objective", "kills",
             "--format", "jsonl"])


def _api(path: Path) -> Iterator[str]:
    """Each question's answers on every backend, in order, and the native indices."""
    scenario = load_scenario(path)
    for question, ask in (("finalize", finalize), ("resolve", resolve)):
        for backend in ("native", "cpsat", "pyconstraint"):
            try:
                legal = ask(scenario, backend)
                answers = list(legal)
                count = legal.count()
            except ValueError as refusal:  # ScenarioError: the question does not apply
                yield f"{path.stem} {question} {backend} refused: {refusal}"
                continue
            yield f"{path.stem} {question} {backend} count {count}"
            yield from (f"   {answer!r}" for answer in answers)
            if backend == "native":
                yield f"  index {[legal.index(a) for a in answers]}"
                yield f"  items {[repr(legal[i]) for i in range(count)]}"


def _cli(path: Path) -> Iterator[str]:
    """What the command line prints for each of :data:`COMMANDS`, and its exit code."""
    for argv in COMMANDS:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([*argv, str(path)])
        yield f"{path.stem} {argv} exit {code}"
        yield out.getvalue() + err.getvalue().replace(str(path), "SCENARIO")


def _record() -> str:
    return "\n".join(line for path in golden_files()
                     for part in (_api(path), _cli(path)) for line in part) + "\n"


def test_every_listing_is_as_recorded() -> None:
    now = _record()
    if os.environ.get("RIFTSOLVE_UPDATE_LISTINGS"):
        RECORD.write_text(now, encoding="utf-8")
    before = RECORD.read_text(encoding="utf-8").splitlines()
    changed = [f"line {i + 1}: {old!r} -> {new!r}"
               for i, (old, new) in enumerate(zip(before, now.splitlines(), strict=False))
               if old != new]
    assert not changed and len(before) == len(now.splitlines()), (
        f"{len(changed)} lines differ from {RECORD.name}; the first: "
        f"{changed[:3] or 'the record has a different length'}")

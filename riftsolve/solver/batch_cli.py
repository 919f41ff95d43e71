"""``riftsolve batch``: the records of :mod:`riftsolve.solver.batch` written as JSON lines,
to standard output or appended to ``--out`` (a rerun skips the ids already written), with
a progress bar on a terminal."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.progress import Progress

from riftsolve.models.scenario import ScenarioError
from riftsolve.solver.batch import batch, read_input, written_ids
from riftsolve.solver.output import json_line


def run_batch(args: argparse.Namespace, out: TextIO) -> int:
    """Answer every scenario of ``args.input``; 0, or a :class:`ScenarioError` for an input
    that is neither a folder nor a readable file."""
    source = Path(args.input)
    if not source.exists():
        raise ScenarioError("input", f"{args.input}: no such folder or file")
    if args.question == "best" and not args.objective:
        raise ScenarioError("--objective", "--question best needs an objective")
    if args.out:
        _drop_cut_line(Path(args.out))
    skip = written_ids(args.out) if args.out else set()
    total = sum(1 for ident, _ in read_input(source) if ident not in skip)
    records = batch(source, question=args.question, objective=args.objective,
                    limit=args.limit, cards=args.cards, jobs=args.jobs, skip=skip,
                    engine=args.engine, address=args.address)
    with ExitStack() as stack:
        target = out if not args.out else stack.enter_context(
            open(args.out, "a", encoding="utf-8"))
        shown = _progress(stack, records, total) if sys.stderr.isatty() else records
        for record in shown:
            target.write(json_line(record))
            target.flush()  # (an interrupted batch keeps every line written)
    return 0


def _drop_cut_line(path: Path) -> None:
    """An output file's last line cut short by an interruption is removed, to be answered
    again: the file holds whole lines only."""
    if not path.exists() or path.stat().st_size == 0:
        return
    with path.open("rb+") as handle:
        data = handle.read()
        if data.endswith(b"\n"):
            return
        handle.truncate(data.rfind(b"\n") + 1)


def _progress(stack: ExitStack, records: Iterator[dict[str, Any]], total: int
              ) -> Iterator[dict[str, Any]]:
    """The records, counted on a progress bar on standard error."""
    bar = stack.enter_context(Progress(transient=True, console=Console(stderr=True)))
    task = bar.add_task("scenarios", total=total)
    for record in records:
        yield record
        bar.advance(task)

"""``riftsolve batch``: the records of :mod:`riftsolve.faces.batch` written as JSON lines,
to standard output or appended to ``--out`` (a rerun skips the ids already written), with
a progress bar on a terminal."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping
from contextlib import ExitStack
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.progress import Progress

from riftsolve._json import JSONOutDoc
from riftsolve.faces import ctrl_c
from riftsolve.faces.batch import batch, is_blank, scenario_names, written_keys
from riftsolve.formats.lines import json_line
from riftsolve.i18n import _
from riftsolve.rules.scenario import ScenarioError

#: The exit code of a batch that answered every record, some of them with an error or a
#: refusal (each in its record; the counts in the summary).
EXIT_SOME_FAILED = 1


def run_batch(args: argparse.Namespace, out: TextIO) -> int:
    """Answer every scenario of ``args.input``: 0 when every record is an answer,
    :data:`EXIT_SOME_FAILED` when some are errors or refusals; a :class:`ScenarioError`
    for an input that is neither a folder nor a readable file, or an ``--out`` that is not
    a regular file."""
    source = Path(args.input)
    if not source.exists():
        raise ScenarioError("input", f"{args.input}: no such folder or file")
    if args.out:
        target_path = Path(args.out)
        if target_path.exists() and not target_path.is_file():
            raise ScenarioError("--out", f"{args.out}: not a regular file")
        _drop_cut_line(target_path)
    skip = written_keys(args.out) if args.out else set()
    records = batch(source, question=args.question, objective=args.objective,
                    limit=args.limit, cards=args.cards, jobs=args.jobs, skip=skip,
                    engine=args.engine, address=args.address)
    tally = {"records": 0, "errors": 0, "refused": 0}
    with ExitStack() as stack:
        target = out if not args.out else stack.enter_context(
            open(args.out, "a", encoding="utf-8"))
        shown = _progress(stack, records, _size(source, len(skip))) if sys.stderr.isatty() \
            else records
        for record in shown:
            ctrl_c.raise_if_pressed()  # (an interrupt lost in a finaliser stops it here)
            target.write(json_line(record))
            target.flush()  # (an interrupted batch keeps every line written)
            tally["records"] += 1
            error = record.get("error")
            if isinstance(error, Mapping):  # (an error is an object: its field and message)
                tally["refused" if error.get("refused") else "errors"] += 1
    if sys.stderr.isatty():
        print(_("riftsolve: batch: {records:,} records written, {errors:,} errors, {refused:,} "
                "refused{skipped}").format(**tally, skipped=_(
                    " ({count:,} already in {out})").format(count=len(skip), out=args.out)
                    if skip else ""), file=sys.stderr)
    return EXIT_SOME_FAILED if tally["errors"] or tally["refused"] else 0


def _size(source: Path, skipped: int) -> int | None:
    """How many records the batch will write, for its progress bar, counted cheaply (no
    scenario read): a folder's entries, a file's non-blank lines, less those skipped;
    ``None`` for a stream that can be read once only (a FIFO)."""
    if source.is_dir():
        found = len(scenario_names(source))
    elif source.is_file():
        found, blank = 0, True  # (a line read in pieces of 1 MiB counts once)
        with source.open("rb") as stream:
            while piece := stream.readline(2**20):
                blank = blank and is_blank(piece.decode("utf-8", "replace"))
                if piece.endswith(b"\n"):
                    found, blank = found + (not blank), True
        found += not blank
    else:
        return None
    return max(0, found - skipped)


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


def _progress(stack: ExitStack, records: Iterator[JSONOutDoc], total: int | None
              ) -> Iterator[JSONOutDoc]:
    """The records, counted on a progress bar on standard error."""
    bar = stack.enter_context(Progress(transient=True, console=Console(stderr=True)))
    task = bar.add_task("scenarios", total=total)
    for record in records:
        yield record
        bar.advance(task)

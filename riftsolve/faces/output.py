"""Readable tables of answers (rich), as the command line and the demo print them; the
JSON lines are :mod:`riftsolve.formats.lines`'s."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from riftsolve.rules.limits import printable

if TYPE_CHECKING:  # rich is imported only to print a table
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from riftsolve.engine.legal import LegalSet
    from riftsolve.rules.answers import Answer


def answers_table(legal: LegalSet[Answer], answers: Sequence[Answer], title: str | None = None,
                  values: Sequence[dict[str, int]] = ()) -> Table:
    """A readable table of answers: one row each, columns from the legal set, then one
    column per objective metric when ``values`` (one dict per answer) are given. User
    text (ids, names) is shown as given: never read as markup, control characters
    escaped."""
    from rich.table import Table

    from riftsolve.faces import render

    table = Table(title=plain(title) if title is not None else None, show_lines=False,
                  header_style="bold")
    table.add_column("#", justify="right", style="dim")
    for header in render.headers(legal):
        table.add_column(plain(header), justify="right" if header == "Deflect" else "left")
    metrics = list(values[0]) if values else []
    for metric in metrics:
        table.add_column(metric, justify="right")
    for index, answer in enumerate(answers, 1):
        scores = [str(values[index - 1][m]) for m in metrics]
        row = (plain(cell) for cell in render.cells(legal, answer))
        table.add_row(str(index), *row, *scores)
    return table


def plain(text: str) -> Text:
    """User text for rich: taken literally (no markup) with control characters escaped."""
    from rich.text import Text

    return Text(printable(text))


def console(out: TextIO) -> Console:
    """A rich console writing to ``out`` (plain text when it is not a terminal)."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            """The reader stopped early (``| head``): not an error, as for every other
            output (rich's own answer exits 1); the command line answers 0."""
            self.quiet = True
            raise BrokenPipeError

    width = None if out.isatty() else 120
    return _Console(file=out, highlight=False, soft_wrap=True, width=width)

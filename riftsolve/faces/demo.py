"""``riftsolve demo``: the built-in example scenarios, answered and explained."""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path
from typing import TextIO

from rich.table import Table
from rich.text import Text

from riftsolve._json import JSON
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.optimum import best
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.faces.output import answers_table, console, plain
from riftsolve.formats.examples import example_names, example_path
from riftsolve.formats.reading import load_scenario
from riftsolve.i18n import _, ngettext
from riftsolve.rules.answers import Answer

#: Answers shown per example.
SHOWN = 6
#: The objective the demo's "best" line ranks resolutions by.
AGENT_OBJECTIVE = "kills,-overkill"


def _questions(name: str) -> list[tuple[str, LegalSet[Answer], JSON]]:
    """Each question the example ``name`` asks: its legal set and the count it expects."""
    path = example_path(name)
    scenario = load_scenario(path)
    expect = _expected(path)
    asked: list[tuple[str, LegalSet[Answer], JSON]] = []
    if "finalize_count" in expect or scenario.question == "finalize":
        asked.append(("finalize", finalize(scenario), expect.get("finalize_count")))
    if scenario.question == "resolve":
        asked.append(("resolve", resolve(scenario), expect.get("resolve_count")))
    return asked


def _expected(path: Path) -> dict[str, JSON]:
    """The counts an example file expects (its ``expect`` object), by question."""
    doc: JSON = json.loads(path.read_text(encoding="utf-8"))
    expect = doc.get("expect", {}) if isinstance(doc, dict) else {}
    return expect if isinstance(expect, dict) else {}


def run_demo(out: TextIO) -> int:
    """Print every example's counts, first answers and the rules behind the first one."""
    term = console(out)
    summary = Table(title=_("riftsolve demo: built-in example scenarios"),
                    header_style="bold")
    for column in (_("scenario"), _("card"), _("question"), _("legal answers"), _("expected")):
        summary.add_column(column)
    for name in example_names():
        for question, legal, expected in _questions(name):
            count = legal.count()
            answers = list(islice(iter(legal), SHOWN))
            term.rule(f"[bold]{name}[/bold] - {legal.scenario.effect.name}, {question}")
            title = ngettext("{count} legal answer", "{count} legal answers", count).format(
                count=f"{count:,}") + (
                _(" (first {shown})").format(shown=len(answers)) if count > len(answers)
                else "")
            term.print(answers_table(legal, answers, title))
            for reason in legal.why_none():
                term.print(plain(_("no legal answer: {reason}").format(reason=reason)))
            if answers:
                term.print("[bold]" + _("why #1 is legal") + "[/bold]")
                for step in legal.explain(answers[0]):
                    term.print(plain(render.step_line(step)))
            if question == "resolve" and count:
                top = best(legal, AGENT_OBJECTIVE)[0]
                values = ", ".join(f"{k} {v}" for k, v in top.values.items())
                named = "; ".join(f"{head}: {cell}" for head, cell in zip(
                    render.headers(legal), render.cells(legal, top.answer), strict=True) if cell)
                term.print(Text.assemble((_("best for an agent ({objective})").format(
                    objective=AGENT_OBJECTIVE), "bold"), ": ", f"{named} ({values})"))
            check = "" if expected is None else (
                _("{expected} ok") if expected == count else _("{expected} MISMATCH")
            ).format(expected=expected)
            summary.add_row(name, legal.scenario.effect.name, question, f"{count:,}", check)
    term.print()
    term.print(summary)
    return 0

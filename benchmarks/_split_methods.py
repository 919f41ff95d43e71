"""The split-damage questions of ``enumerate.py`` and the methods that enumerate them.

A helper of ``benchmarks/enumerate.py`` (whose docstring describes the measurement), not a
script: the questions (:class:`Question`, sized with
:func:`engine.count.count_split_resolutions`), the methods (``CAPPED``: run in a forked
child stopped after a budget or a cap; ``FULL``: complete enumerations, back to back), and
:func:`measure_enumeration`, which times every method on every question, interleaved.
"""

from __future__ import annotations

import io
import itertools
import json
import math
import os
import statistics
import subprocess
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _common import (
    Child,
    back_to_back,
    listed_back_to_back,
    process_environment,
    riftsolve_argv,
    shared_array,
)
from constraint import ExactSumConstraint, Problem, SomeInSetConstraint

from riftsolve.engine.backends import cpsat, native, pyconstraint
from riftsolve.engine.count import count_split_resolutions
from riftsolve.formats.format1 import parse_scenario
from riftsolve.formats.lines import resolution_block_text
from riftsolve.rules.families.split import SplitResolveProblem, resolve_problem

#: Damage of the ``drop`` shape, targets of the ``split`` shape.
DROP_POOL = 5
SPLIT_TARGETS = 5

#: Every method, in the order of the tables' columns.
METHODS = ("cpsat", "native", "native-blocks", "pyconstraint", "pyc-raw", "jsonl", "cli")


# --------------------------------------------------------------------------- questions


@dataclass
class Question:
    """One resolution question, shared by every method."""

    shape: str
    targets: int
    pool: int
    count: int
    problem: SplitResolveProblem = field(repr=False)
    scenario_path: str = field(default="", repr=False)

    @property
    def label(self) -> str:
        return f"{self.shape} {self.targets}t/{self.pool}d"


def pick_size(shape: str, wanted: int) -> tuple[int, int]:
    """``(targets, pool)`` of the given shape whose count is nearest ``wanted`` (log scale)."""
    best: tuple[float, int, int] | None = None
    for size in range(1, 400):
        if shape == "drop":
            targets, pool = DROP_POOL + size, DROP_POOL
        else:
            targets, pool = SPLIT_TARGETS, SPLIT_TARGETS + size - 1
        count = count_split_resolutions(targets, pool)
        distance = abs(math.log(count / wanted))
        if best is None or distance < best[0]:
            best = (distance, targets, pool)
        if count > wanted * 10:
            break
    assert best is not None
    return best[1], best[2]


def make_question(shape: str, wanted: int, folder: Path) -> Question:
    """The question of ``shape`` nearest ``wanted`` answers, with a scenario file for the CLI."""
    targets, pool = pick_size(shape, wanted)
    ids = tuple(f"t{i:03d}" for i in range(targets))
    problem = SplitResolveProblem(ids, pool)
    scenario = {
        "format": 1,
        "controller": "A",
        "card": "Alpha Strike",
        "battlefields": ["north"],
        "units": [{"id": "kai", "controller": "A", "might": pool, "location": "north"}]
        + [{"id": u, "controller": "B", "might": 1, "location": "north"} for u in ids],
        "targets": {"friendly": "kai", "enemies": list(ids)},
    }
    path = folder / f"{shape}-{targets}-{pool}.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    # The CLI must be asked exactly the question the backends are asked.
    assert resolve_problem(parse_scenario(scenario)) == problem, "scenario != problem"
    count = count_split_resolutions(targets, pool)
    return Question(shape, targets, pool, count, problem, str(path))


# --------------------------------------------------------------------------- methods


def plain_solution_iter(problem: SplitResolveProblem) -> Iterator[dict[str, int]]:
    """python-constraint2's raw solutions of a plain model of the question (built-ins only)."""
    targets = list(problem.targets)
    csp = Problem()
    csp.addVariables(targets, list(range(problem.pool + 1)))
    csp.addConstraint(ExactSumConstraint(problem.pool), targets)
    csp.addConstraint(
        SomeInSetConstraint(set(range(1, problem.pool + 1)), problem.keep, exact=True), targets
    )
    solutions: Iterator[dict[str, int]] = csp.getSolutionIter()
    return solutions


CAPPED: dict[str, Callable[[SplitResolveProblem], Iterator[Any]]] = {
    "cpsat": cpsat.resolutions,
    "pyconstraint": pyconstraint.resolutions,
    "pyc-raw": plain_solution_iter,
}


class CountingSink(io.TextIOBase):
    """A text sink writing to ``os.devnull`` and counting the lines written."""

    def __init__(self) -> None:
        super().__init__()
        self._null = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
        self.lines = 0

    def write(self, text: str) -> int:
        self.lines += text.count("\n")
        return self._null.write(text)

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def close(self) -> None:
        self._null.close()
        super().close()


def run_native(question: Question) -> int:
    answers = 0
    for _ in native.resolutions(question.problem):
        answers += 1
    return answers


def run_native_blocks(question: Question) -> int:
    return sum(block.shape[0] for block in native.resolution_blocks(question.problem))


def run_jsonl(question: Question) -> int:
    sink = CountingSink()
    ids = question.problem.targets
    rows = 0
    for block in native.resolution_blocks(question.problem):
        sink.write(resolution_block_text(ids, block))
        rows += block.shape[0]
    sink.close()
    if sink.lines != rows:
        raise AssertionError(f"jsonl wrote {sink.lines} lines for {rows} rows")
    return sink.lines


#: The command line as agents run it, and the environment of its processes.
RIFTSOLVE = riftsolve_argv()
CLI_ENV = process_environment()
#: The lines the command line wrote for each question (by label), counted through a pipe.
CLI_LINES: dict[str, int] = {}


def cli_argv(question: Question) -> list[str]:
    # One beyond the count: the limit lifts the listing budget without cutting the list.
    return [*RIFTSOLVE, "resolve", question.scenario_path, "--format", "jsonl",
            "--limit", str(question.count + 1)]


def count_cli_lines(question: Question) -> int:
    """Run the command line once, untimed, reading its output through a pipe: the lines it
    wrote (kept in :data:`CLI_LINES` for the timed runs to report)."""
    argv = cli_argv(question)
    done = subprocess.run(argv, capture_output=True, env=CLI_ENV, check=False)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(argv)} exited with {done.returncode}: "
                             f"{done.stderr.decode(errors='replace').strip()}")
    CLI_LINES[question.label] = done.stdout.count(b"\n")
    return CLI_LINES[question.label]


def run_cli(question: Question) -> int:
    """The whole command line, start-up included, output to ``os.devnull``: the lines it
    writes are those :func:`count_cli_lines` counted (the output does not depend on where
    it goes)."""
    argv = cli_argv(question)
    code = subprocess.run(argv, stdout=subprocess.DEVNULL, env=CLI_ENV, check=False).returncode
    if code != 0:
        raise AssertionError(f"{' '.join(argv)} exited with {code}")
    if question.label not in CLI_LINES:
        return count_cli_lines(question)
    return CLI_LINES[question.label]


FULL: dict[str, Callable[[Question], int]] = {
    "native": run_native,
    "native-blocks": run_native_blocks,
    "jsonl": run_jsonl,
    "cli": run_cli,
}


# --------------------------------------------------------------------------- running


@dataclass
class Run:
    """One timed enumeration."""

    answers: int
    seconds: float
    complete: bool

    @property
    def rate(self) -> float:
        return self.answers / self.seconds if self.seconds > 0 else 0.0


def _capped_child(factory: Callable[[SplitResolveProblem], Iterator[Any]],
                  problem: SplitResolveProblem, limit: int, progress: Any) -> None:
    """Enumerate in the child: ``progress`` = [start, answers, end, finished]."""
    progress[0] = time.perf_counter()
    for answers, _ in enumerate(itertools.islice(factory(problem), limit), 1):
        progress[1] = answers
    progress[2] = time.perf_counter()
    progress[3] = 1.0


def run_capped(method: str, question: Question, budget: float, cap: int) -> Run:
    """Enumerate in a forked child, stopped after ``budget`` seconds or ``cap`` answers."""
    progress = shared_array("d", 4)
    # One answer beyond the expected count, to see that the enumeration is exhausted.
    limit = min(cap, question.count + 1)
    child = Child(progress, _capped_child, CAPPED[method], question.problem, limit, progress)
    start = child.wait_start()
    now = child.wait(lambda: progress[3] == 0.0, start + budget)
    answers = int(progress[1])
    if progress[3] == 1.0:
        child.stop(grace=10)
        return Run(answers, progress[2] - start, complete=answers < limit)
    if not child.alive:
        raise RuntimeError(f"{method} failed on {question.label} (exit {child.exitcode})")
    child.stop()
    return Run(answers, now - start, complete=False)


def run_full(method: str, question: Question, number: int = 1) -> Run:
    """``number`` back-to-back complete enumerations; the time and answers of one."""
    enumerate_all = FULL[method]
    answers, seconds = listed_back_to_back(lambda: enumerate_all(question), number, method,
                                           question.label)
    return Run(answers, seconds, complete=True)


def batch_size(method: str, question: Question, floor: float) -> int:
    """How many back-to-back enumerations make one timing sample last ``floor`` seconds:
    a sample of a millisecond or so is mostly noise on a busy machine."""
    return back_to_back(run_full(method, question).seconds, floor)  # also a warm-up


@dataclass
class Measurement:
    """The median of the repeats of one method on one question."""

    method: str
    question: str
    expected: int
    answers: int
    seconds: float
    rate: float
    capped: bool
    verified: bool | None
    repeat_rates: list[float]


def summarise(method: str, question: Question, runs: Sequence[Run]) -> Measurement:
    rates = [run.rate for run in runs]
    complete = all(run.complete for run in runs)
    verified: bool | None = None
    if complete:
        verified = all(run.answers == question.count for run in runs)
    elif any(run.answers > question.count for run in runs):
        verified = False  # more answers than exist: wrong whatever happens next
    if complete:
        seconds = statistics.median(run.seconds for run in runs)
        rate = question.count / seconds
    else:
        rate = statistics.median(rates)
        seconds = statistics.median(run.seconds for run in runs)
    return Measurement(method, question.label, question.count,
                       int(statistics.median(run.answers for run in runs)), seconds, rate,
                       not complete, verified, rates)


def measure_enumeration(questions: Sequence[Question], repeats: int, capped_repeats: int,
                        budget: float, cap: int, sample_floor: float,
                        say: Callable[[str], None]) -> list[Measurement]:
    results: list[Measurement] = []
    for question in questions:
        say(f"enumerating {question.label} ({question.count:,} answers)")
        runs: dict[str, list[Run]] = {m: [] for m in METHODS}
        count_cli_lines(question)  # untimed; also writes any missing bytecode caches
        batches = {m: batch_size(m, question, sample_floor) for m in FULL}
        for rep in range(max(repeats, capped_repeats)):
            for method in METHODS:
                if method in CAPPED:
                    if rep >= capped_repeats:
                        continue
                    # A capped method that finished quickly is repeated like the others.
                    runs[method].append(run_capped(method, question, budget, cap))
                elif rep < repeats:
                    runs[method].append(run_full(method, question, batches[method]))
        results.extend(summarise(m, question, runs[m]) for m in METHODS)
    return results

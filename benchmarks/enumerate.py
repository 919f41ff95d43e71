"""Enumeration throughput and count latency of riftsolve, every method side by side.

Run from the repository root (with the project's venv)::

    python benchmarks/enumerate.py                      # full run, a few minutes
    python benchmarks/enumerate.py --quick              # CI smoke run, well under 60 s
    python benchmarks/enumerate.py --json results.json  # also write every number as JSON

What it measures, in one run and on the same questions:

1. **Enumeration throughput** (answers per second) of split-damage *resolution* questions
   (:class:`models.split.SplitResolveProblem`) whose exact answer counts are about
   10^3, 10^4, 10^5 and 10^6 (10^3 and 10^4 with ``--quick``), in two shapes:

   * ``drop``: more legal targets than damage (5 damage), so the answers are the
     combinations of kept targets, each dealt 1 (355.14.h.1);
   * ``split``: 5 legal targets and more damage, so the answers are the compositions of
     the damage into 5 positive parts (355.14.e-g).

   Sizes are picked with :func:`solver.count.count_split_resolutions`, which also gives the
   expected count every complete enumeration is checked against. Methods (columns):

   * ``cpsat``: :func:`solver.backends.cpsat.resolutions` (streaming solution callback,
     one CP-SAT worker);
   * ``native``: :func:`solver.backends.native.resolutions`, one ``Resolution`` object per
     answer;
   * ``native-blocks``: :func:`solver.backends.native.resolution_blocks`, numpy blocks, rows
     counted;
   * ``pyconstraint``: :func:`solver.backends.pyconstraint.resolutions`;
   * ``pyc-raw``: python-constraint2's raw ``getSolutionIter`` on an equivalent plain model
     built from its own constraints only (``ExactSumConstraint`` for the total,
     ``SomeInSetConstraint`` for the number of kept targets; no Python callback and no
     conversion of the solution dicts), the fastest way we found to ask it the question;
   * ``jsonl``: :func:`solver.output.resolution_block_text` over native blocks, written to
     ``os.devnull``: the output path of ``riftsolve resolve`` (JSON lines);
   * ``cli``: the real command line as a whole process, start-up included:
     ``riftsolve resolve FILE --format jsonl --limit N+1 > /dev/null`` (N the exact count;
     the installed console script, run as a subprocess with its bytecode caches, see
     :func:`_common.process_environment`) on a temporary scenario file. Its lines are
     counted once, untimed, through a pipe; the timed runs write to ``os.devnull``.

   The slow methods (``cpsat``, ``pyconstraint``, ``pyc-raw``) are *capped*: each run
   happens in a forked child process that is stopped after ``--budget`` seconds or
   ``--cap`` answers (whichever comes first; python-constraint can spend seconds between
   two answers, so a hard stop is needed) and the rate is answers so far / time so far.
   Capped cells are marked with ``*``; ``<`` marks a method that listed no answer at all
   within the budget (its rate is below one answer per budget). Every enumeration that ran
   to completion is checked against the exact count; a mismatch is printed in red and the
   script exits with status 1.

2. **Ratios** of every method to ``cpsat`` on the same question, and the targets:
   native enumeration (per object and as numpy blocks) at least 40x the CP-SAT callback
   and at least 1M answers/s; JSON-lines output (``jsonl`` and the real ``cli``) at least
   3x python-constraint2's ``getSolutionIter`` (``pyc-raw``) on the same question.
   Each is printed as PASS or MISS per question.

3. **Count latency**: :func:`solver.count.count_split_resolutions`,
   :func:`solver.count.count_subsets_for_caps` and the full ``LegalSet.count()`` on
   generated scenarios (built through :func:`models.scenario.parse_scenario`) with 10, 100
   and 1000 units (resolve; finalize; finalize with Deflect units and ``available_power``
   set) and the big cases 60 targets / 40 damage and 60 targets / 100 damage. Target:
   every count (the counting function and ``LegalSet.count()``) under 10 ms. The time to
   parse the scenario and to apply the rules (building the ``LegalSet``) is shown too, for
   information.

Every timing is repeated (``--repeats``) and the median is reported: the machine may be
noisy. Repeats are interleaved across methods so that a slow spell hits all of them, and a
complete enumeration that takes only a few milliseconds is run several times back to back
per timing sample (at least 50 ms a sample, 20 ms with ``--quick``). CP-SAT runs with one
worker (:func:`solver.params.enumeration_solver`); the library versions, the core count and
that worker count are printed first.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from _common import (
    Child,
    back_to_back,
    base_parser,
    environment,
    fmt_ms,
    fmt_rate,
    fmt_ratio,
    listed_back_to_back,
    make_console,
    median_ms,
    new_table,
    pass_cell,
    process_environment,
    riftsolve_argv,
    say_to,
    shared_array,
    versions_line,
    write_json,
)
from constraint import ExactSumConstraint, Problem, SomeInSetConstraint
from rich.console import Console

from models.scenario import parse_scenario
from models.split import SplitResolveProblem, resolve_problem
from solver.backends import cpsat, native, pyconstraint
from solver.count import count_split_resolutions, count_subsets_for_caps
from solver.legal import Declarations, Resolutions, finalize, resolve
from solver.output import resolution_block_text
from solver.params import enumeration_solver

#: Targets from the issue.
NATIVE_VS_CPSAT = 40.0
NATIVE_RATE = 1_000_000.0
JSONL_VS_PYC = 3.0
COUNT_MS = 10.0

#: Damage of the ``drop`` shape, targets of the ``split`` shape.
DROP_POOL = 5
SPLIT_TARGETS = 5

CAPPED_METHODS = ("cpsat", "pyconstraint", "pyc-raw")
FULL_METHODS = ("native", "native-blocks", "jsonl", "cli")
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

    def write(self, text: str) -> int:  # type: ignore[override]
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


# --------------------------------------------------------------------------- targets


@dataclass
class Target:
    """One PASS/MISS check."""

    name: str
    question: str
    value: float
    threshold: float
    unit: str
    #: ``'>'``: the true value is larger (a capped baseline listed no answer); ``'<'``:
    #: smaller.
    bound: str = ""

    @property
    def passed(self) -> bool:
        return self.value >= self.threshold and self.bound in ("", ">")

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "passed": self.passed}


def bounded_rate(m: Measurement) -> tuple[float, str]:
    """The rate and ``''``; or, when capped runs listed no answer at all, the upper bound
    of fewer than one answer in the time and ``'<'``."""
    if m.capped and m.answers == 0:
        return 1 / m.seconds, "<"
    return m.rate, ""


def ratio(num: Measurement, den: Measurement) -> tuple[float, str]:
    """``num``'s rate over ``den``'s, with ``'<'``/``'>'`` when it is only a bound."""
    a, a_bound = bounded_rate(num)
    b, b_bound = bounded_rate(den)
    bound = "?" if a_bound and b_bound else "<" if a_bound else ">" if b_bound else ""
    return a / b, bound


def ratios(results: Sequence[Measurement]) -> dict[str, dict[str, tuple[float, str]]]:
    """``{question: {method: (rate / cpsat rate, bound)}}``."""
    table: dict[str, dict[str, tuple[float, str]]] = {}
    for question in dict.fromkeys(m.question for m in results):
        by_method = {m.method: m for m in results if m.question == question}
        table[question] = {method: ratio(m, by_method["cpsat"])
                           for method, m in by_method.items()}
    return table


def enumeration_targets(results: Sequence[Measurement]) -> list[Target]:
    targets: list[Target] = []
    for question in dict.fromkeys(m.question for m in results):
        by_method = {m.method: m for m in results if m.question == question}
        for method in ("native", "native-blocks"):
            value, bound = ratio(by_method[method], by_method["cpsat"])
            targets.append(Target(f"{method} >= {NATIVE_VS_CPSAT:g}x cpsat", question,
                                  value, NATIVE_VS_CPSAT, "x", bound))
            value, bound = bounded_rate(by_method[method])
            targets.append(Target(f"{method} >= 1M answers/s", question, value,
                                  NATIVE_RATE, "/s", bound))
        for method in ("jsonl", "cli"):
            value, bound = ratio(by_method[method], by_method["pyc-raw"])
            targets.append(Target(f"{method} >= {JSONL_VS_PYC:g}x pyc getSolutionIter",
                                  question, value, JSONL_VS_PYC, "x", bound))
    return targets


# --------------------------------------------------------------------------- count latency


@dataclass
class CountCase:
    """One count-latency case."""

    name: str
    units: int
    question: str
    shape: str
    count: int
    count_fn_ms: float
    count_fn_max_ms: float
    legal_count_ms: float
    legal_count_max_ms: float
    build_ms: float
    parse_ms: float
    verified: bool | None

    @property
    def passed(self) -> bool:
        return max(self.count_fn_ms, self.legal_count_ms) < COUNT_MS


def generated_board(units: int, seed: int, *, deflect: bool, friendly_might: int,
                    enemy_share: float = 0.75) -> list[dict[str, Any]]:
    """``units`` units: a friendly ``kai`` at north, then a random mix of friendly and
    enemy units at battlefields, bases and off the board, some untargetable, some with
    Deflect."""
    rng = random.Random(seed)
    board: list[dict[str, Any]] = [
        {"id": "kai", "controller": "A", "might": friendly_might, "location": "north"}]
    for i in range(1, units):
        if deflect and i <= 3:
            # Three enemy candidates with Deflect 1, 2, 2: a budget of 4 always binds.
            board.append({"id": f"u{i:04d}", "controller": "B", "might": 2,
                          "location": "north", "deflect": (1, 2, 2)[i - 1]})
            continue
        unit: dict[str, Any] = {
            "id": f"u{i:04d}",
            "controller": "B" if rng.random() < enemy_share else "A",
            "might": rng.randint(0, 8),
            "location": rng.choices(["north", "south", "base", "offboard"],
                                    weights=[45, 35, 15, 5])[0],
        }
        if rng.random() < 0.05:
            unit["untargetable"] = "enemy"
        if deflect and rng.random() < 0.3:
            unit["deflect"] = rng.choice([1, 1, 2])
        board.append(unit)
    return board


def count_scenarios() -> list[tuple[str, int, str, dict[str, Any]]]:
    """``(name, units, question, scenario dict)`` for every count-latency case."""
    cases: list[tuple[str, int, str, dict[str, Any]]] = []
    base: dict[str, Any] = {"format": 1, "controller": "A", "card": "Alpha Strike",
                            "battlefields": ["north", "south"]}
    for units in (10, 100, 1000):
        board = generated_board(units, seed=units, deflect=False, friendly_might=7)
        enemies = [u["id"] for u in board if u["controller"] == "B"]
        cases.append((f"resolve, {units} units", units, "resolve",
                      {**base, "units": board,
                       "targets": {"friendly": "kai", "enemies": enemies}}))
        cases.append((f"finalize, {units} units", units, "finalize",
                      {**base, "units": board}))
        taxed = generated_board(units, seed=units + 1, deflect=True, friendly_might=7)
        cases.append((f"finalize + Deflect, power 4, {units} units", units, "finalize",
                      {**base, "units": taxed, "available_power": 4}))
    for pool in (40, 100):
        ids = [f"t{i:02d}" for i in range(60)]
        units = [{"id": "kai", "controller": "A", "might": pool, "location": "north"}]
        units += [{"id": u, "controller": "B", "might": 1, "location": "north"} for u in ids]
        cases.append((f"resolve, 60 targets / {pool} damage", len(units), "resolve",
                      {**base, "units": units,
                       "targets": {"friendly": "kai", "enemies": ids}}))
        rng = random.Random(pool)
        taxed_units = [dict(u, deflect=rng.choice([0, 0, 1, 2])) if u["id"] != "kai" else u
                       for u in units]
        cases.append((f"finalize + Deflect, power 10, 60 candidates / cap {pool}",
                      len(units), "finalize",
                      {**base, "units": taxed_units, "available_power": 10}))
    return cases


def measure_counts(repeats: int, say: Callable[[str], None]) -> list[CountCase]:
    results: list[CountCase] = []
    for name, units, question, data in count_scenarios():
        say(f"counting {name}")
        parse_ms, _ = median_ms(lambda data=data: parse_scenario(data), repeats)
        scenario = parse_scenario(data)
        build: Callable[[], Resolutions | Declarations]
        if question == "resolve":
            build = lambda scenario=scenario: resolve(scenario)  # noqa: E731
        else:
            build = lambda scenario=scenario: finalize(scenario)  # noqa: E731
        build_ms, _ = median_ms(build, repeats)
        legal = build()
        count_fn: Callable[[], object]
        if isinstance(legal, Resolutions):
            problem = legal.problem
            shape = f"{len(problem.targets)} legal targets, {problem.pool} damage"
            count_fn = lambda p=problem: count_split_resolutions(  # noqa: E731
                len(p.targets), p.pool)
            expected = 1 if problem.pool_null else count_split_resolutions(
                len(problem.targets), problem.pool)
        else:
            fp = legal.problem
            caps = [o.cap for o in fp.options]
            binds = fp.budget is not None and sum(fp.taxes) > fp.budget
            shape = (f"{len(fp.candidates)} candidates, {len(caps)} friendly options, "
                     f"{'budget ' + str(fp.budget) if binds else 'no binding budget'}")
            count_fn = lambda fp=fp, caps=caps: count_subsets_for_caps(  # noqa: E731
                len(fp.candidates), caps=caps, taxes=fp.taxes, budget=fp.budget)
            expected = sum(count_subsets_for_caps(len(fp.candidates), caps=caps,
                                                  taxes=fp.taxes, budget=fp.budget))
        fn_ms, fn_max = median_ms(count_fn, repeats)
        count_ms, count_max = median_ms(legal.count, repeats)
        count = legal.count()
        verified: bool | None = count == expected
        if verified and count <= 200_000:
            # Small enough to list: the count must match a full native enumeration.
            verified = sum(1 for _ in legal) == count
        results.append(CountCase(name, units, question, shape, count, fn_ms, fn_max,
                                 count_ms, count_max, build_ms, parse_ms, verified))
    return results


# --------------------------------------------------------------------------- reporting


def versions() -> dict[str, Any]:
    """The library versions, the core count and CP-SAT's worker count."""
    return environment(("ortools", "python-constraint2", "numpy", "rich", "riftsolve"),
                       cpsat_num_workers=enumeration_solver().parameters.num_workers)


def fmt_measured_rate(m: Measurement) -> str:
    value, bound = bounded_rate(m)
    return bound + fmt_rate(value) + ("*" if m.capped else "")


def render(console: Console, meta: dict[str, Any], questions: Sequence[Question],
           results: Sequence[Measurement], targets: Sequence[Target],
           counts: Sequence[CountCase]) -> None:
    console.print(versions_line(meta, ("ortools", "python-constraint2", "numpy")))
    console.print(f"mode: {meta['mode']}, repeats {meta['repeats']} (capped methods "
                  f"{meta['capped_repeats']}), budget {meta['budget']:g} s / "
                  f"{meta['cap']:,} answers per capped run; medians reported")

    by_key = {(m.question, m.method): m for m in results}
    rate_table = new_table("Enumeration throughput, answers/s (median; * = capped run; "
                           "<: no answer at all within the budget)",
                           ("question", "answers", *METHODS), left=("question",))
    for q in questions:
        cells = [q.label, f"{q.count:,}"]
        for method in METHODS:
            m = by_key[(q.label, method)]
            bad = " [red]WRONG COUNT[/red]" if m.verified is False else ""
            cells.append(fmt_measured_rate(m) + bad)
        rate_table.add_row(*cells)
    console.print(rate_table)

    ratio_table = new_table("Ratio to cpsat on the same question (<, >: a bound)",
                            ("question", *METHODS), left=("question",))
    table = ratios(results)
    for q in questions:
        ratio_table.add_row(q.label, *(fmt_ratio(*table[q.label][m]) for m in METHODS))
    console.print(ratio_table)

    detail = new_table("Runs (median seconds; answers listed per run; verified = the "
                       "complete count matched count_split_resolutions)",
                       ("question", "method", "answers/run", "seconds", "rate",
                        "repeat rates", "verified"), left=("question", "method"))
    for m in results:
        verified = {True: "yes", False: "[red]NO[/red]", None: "capped"}[m.verified]
        detail.add_row(m.question, m.method, f"{m.answers:,}", f"{m.seconds:.3f}",
                       fmt_measured_rate(m),
                       ", ".join(fmt_rate(r) for r in m.repeat_rates), verified)
    console.print(detail)

    target_table = new_table("Enumeration targets",
                             ("target", "question", "measured", "needed", "result"),
                             left=("target", "question", "result"))
    for t in targets:
        shown = t.bound + fmt_rate(t.value) if t.unit == "/s" else fmt_ratio(t.value, t.bound)
        needed = fmt_rate(t.threshold) if t.unit == "/s" else fmt_ratio(t.threshold)
        target_table.add_row(t.name, t.question, shown, needed,
                             pass_cell(t.passed, t.value / t.threshold))
    console.print(target_table)

    count_table = new_table(f"count() latency (median; target: every count < "
                            f"{COUNT_MS:g} ms)",
                            ("case", "question", "answers", "count fn", "LegalSet.count()",
                             "rules (build)", "parse", "verified", "result"),
                            left=("case", "question"))
    for c in counts:
        digits = f"{c.count:,}" if c.count < 10**9 else f"~1e{len(str(c.count)) - 1}"
        verified = {True: "yes", False: "[red]NO[/red]", None: "-"}[c.verified]
        count_table.add_row(c.name, f"{c.question}: {c.shape}", digits, fmt_ms(c.count_fn_ms),
                            fmt_ms(c.legal_count_ms), fmt_ms(c.build_ms), fmt_ms(c.parse_ms),
                            verified, pass_cell(c.passed))
    console.print(count_table)

    failed_checks = [m for m in results if m.verified is False]
    failed_checks_counts = [c for c in counts if c.verified is False]
    missed = [t for t in targets if not t.passed]
    slow = [c for c in counts if not c.passed]
    summary = (f"targets: {len(targets) - len(missed)}/{len(targets)} enumeration PASS, "
               f"{len(counts) - len(slow)}/{len(counts)} count-latency PASS")
    if failed_checks or failed_checks_counts:
        summary += (f"; [red]{len(failed_checks) + len(failed_checks_counts)} count "
                    "verification(s) FAILED[/red]")
    console.print(summary)


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = base_parser(__doc__,
                         "small sizes (10^3, 10^4) and short budgets, for CI (< 60 s)")
    parser.add_argument("--repeats", type=int, help="repeats of each complete enumeration")
    parser.add_argument("--capped-repeats", type=int, help="repeats of each capped run")
    parser.add_argument("--budget", type=float, help="seconds per capped run")
    parser.add_argument("--cap", type=int, help="answers per capped run")
    parser.add_argument("--count-repeats", type=int, help="repeats of each count() timing")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    quick: bool = args.quick
    repeats = args.repeats or 3
    capped_repeats = args.capped_repeats or (2 if quick else 3)
    budget = args.budget or (0.5 if quick else 1.5)
    cap = args.cap or 250_000
    count_repeats = args.count_repeats or (7 if quick else 25)
    sample_floor = 0.02 if quick else 0.05
    sizes = (10**3, 10**4) if quick else (10**3, 10**4, 10**5, 10**6)

    console = make_console(150)
    say = say_to(console)
    meta = versions()
    meta.update(mode="quick" if quick else "full", repeats=repeats,
                capped_repeats=capped_repeats, budget=budget, cap=cap,
                count_repeats=count_repeats, sample_floor=sample_floor, cli=RIFTSOLVE,
                argv=sys.argv[1:])
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="riftsolve-bench-") as folder:
        questions = [make_question(shape, wanted, Path(folder))
                     for shape in ("drop", "split") for wanted in sizes]
        results = measure_enumeration(questions, repeats, capped_repeats, budget, cap,
                                      sample_floor, say)
    targets = enumeration_targets(results)
    counts = measure_counts(count_repeats, say)
    meta["wall_seconds"] = round(time.perf_counter() - started, 1)

    render(console, meta, questions, results, targets, counts)
    console.print(f"wall time {meta['wall_seconds']} s")

    if args.json:
        document = {
            "meta": meta,
            "questions": [{"label": q.label, "shape": q.shape, "targets": q.targets,
                           "pool": q.pool, "count": q.count} for q in questions],
            "enumeration": [asdict(m) for m in results],
            "ratios_to_cpsat": {q: {m: {"ratio": v, "bound": b} for m, (v, b) in row.items()}
                                for q, row in ratios(results).items()},
            "targets": [t.as_json() for t in targets],
            "count_latency": [{**asdict(c), "count": str(c.count), "passed": c.passed}
                              for c in counts],
        }
        write_json(args.json, document, console)
    verification_failed = any(m.verified is False for m in results) or any(
        c.verified is False for c in counts)
    return 1 if verification_failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""How the suite (``python -m benchmarks``) measures one question: count latency, listing
throughput by method, ``best`` latency against the brute force, and whole processes
(start-up, streaming with peak memory).

A helper of ``benchmarks/__main__.py`` (whose docstring describes the suite), not a script.
"""

from __future__ import annotations

import importlib
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from _common import FORK, process_environment, riftsolve_argv, timings, wait_watched

import riftsolve as rs
from riftsolve.rules.scenario import Scenario

#: The listing methods, side by side: riftsolve's native backend as numpy rows
#: (``arrays()``) and as answer objects, its CP-SAT backend (a CP-SAT model with a
#: solution callback, one worker) and its python-constraint2 backend.
METHODS = ("arrays", "native", "cpsat", "pyconstraint")
#: The objective ``best`` is asked, by family (a split or a combat kills; a group or a
#: joint choice affects units).
OBJECTIVES = {"split": "kills", "combat": "kills", "group": "affected", "joint": "affected"}


#: Shared slots of a listing child: start, answers so far, end of the first run, state
#: (1 done, 2 failed), then the seconds of each run.
_RUNS_AT = 4


@dataclass
class Listing:
    """One method's listing of a question's first answers: how many, in how many seconds
    (the median of ``runs_s``, the seconds of each complete run; so far when stopped),
    whether it listed all it was asked (``complete``) or was stopped at the budget, and
    the error it stopped on (a backend declining the question, say)."""

    answers: int = 0
    seconds: float = 0.0
    complete: bool = False
    error: str = ""
    runs_s: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float | None:
        """Answers per second (``None``: nothing listed)."""
        return _per_second(self.answers, self.seconds)

    @property
    def rate_range(self) -> tuple[float | None, float | None]:
        """The least and the most answers per second over the runs (the slowest and the
        fastest run; the one rate of a single run or a stopped listing)."""
        if not self.runs_s:
            return self.rate, self.rate
        return _per_second(self.answers, max(self.runs_s)), _per_second(self.answers,
                                                                        min(self.runs_s))


def _per_second(answers: int, seconds: float) -> float | None:
    """``answers / seconds`` (``None``: nothing listed, or no time)."""
    return answers / seconds if answers and seconds > 0 else None


@dataclass
class Measured:
    """Everything measured on one question (one board, one step)."""

    name: str
    family: str
    card: str
    units: int
    question: str
    answers: int | None = None
    count_error: str = ""
    count_ms: float | None = None
    rules_ms: float | None = None
    listings: dict[str, Listing] = field(default_factory=dict)
    objective: str = ""
    best_ms: float | None = None
    brute_ms: float | None = None
    best_agrees: bool | None = None
    #: Why ``best`` has no time on a resolution (it raised), else empty.
    best_error: str = ""
    #: Every timing behind a median, in ms: ``rules``, ``count``, ``best``, ``brute``.
    runs_ms: dict[str, list[float]] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The question's record in ``results.json``, listing rates (median, least, most)
        included."""
        record = asdict(self)
        for method, listing in self.listings.items():
            record["listings"][method]["rate"] = listing.rate
            record["listings"][method]["rate_min"], record["listings"][method]["rate_max"] = \
                listing.rate_range
        return record


def _short(error: BaseException) -> str:
    """An exception as one short line."""
    return f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"[:160]


def legal_set(scenario: Scenario, question: str, backend: str = "auto") -> rs.LegalSet[Any]:
    """The legal set of ``scenario``'s ``question`` (``finalize`` or ``resolve``)."""
    return (rs.finalize if question == "finalize" else rs.resolve)(scenario, backend)


def _answers(legal: rs.LegalSet[Any], method: str) -> Iterator[int]:
    """How many answers each step of ``method``'s listing adds: one per answer object, a
    block's rows for ``arrays``."""
    if method == "arrays":
        return (len(block) for block in legal.arrays())
    return (1 for _ in legal)


def preload_backends() -> None:
    """Import every backend (OR-Tools, python-constraint2) here, once, so that each forked
    listing child inherits them rather than importing them again (its import is never
    timed; paid in every child, it was most of a quick run's listing time)."""
    for backend in ("cpsat", "pyconstraint"):
        importlib.import_module(f"riftsolve.engine.backends.{backend}")


def _list_child(scenario: Scenario, question: str, method: str, cap: int, budget: float,
                progress: Any, errors: Any) -> None:
    """In a forked child: list up to ``cap`` answers with ``method``, writing into
    ``progress`` the start time, the answers so far (every 256 steps), the end time and
    1 when done; an exception's line goes to ``errors``. A first run done well within
    ``budget`` is run again on a fresh legal set (not timed), while another run still
    fits, up to the slots left: each run's seconds from slot :data:`_RUNS_AT` on."""
    try:
        backend = "native" if method == "arrays" else method
        spent = 0.0
        for run in range(len(progress) - _RUNS_AT):
            legal = legal_set(scenario, question, backend)
            start = time.perf_counter()
            if run == 0:
                progress[0] = start
            listed = 0
            for step, added in enumerate(_answers(legal, method)):
                listed += added
                if run == 0 and step % 256 == 0:
                    progress[1] = listed
                if listed >= cap:
                    break
            end = time.perf_counter()
            progress[_RUNS_AT + run] = end - start
            if run == 0:
                progress[1] = min(listed, cap)
                progress[2] = end
            spent += end - start
            if spent + (end - start) > budget:
                break
        progress[3] = 1.0
    except BaseException as error:  # reported: the suite goes on
        errors.put(_short(error))
        progress[3] = 2.0


def list_capped(scenario: Scenario, question: str, method: str, cap: int, budget: float,
                repeats: int = 1) -> Listing:
    """``method``'s listing of the first ``cap`` answers, in a forked child stopped after
    ``budget`` seconds (python-constraint2 can spend seconds between two answers): the
    answers listed and the time they took, so far or in all; a listing done well within
    the budget is timed up to ``repeats`` times, the median kept (and every run)."""
    progress = FORK.RawArray("d", _RUNS_AT + max(repeats, 1))
    errors: Any = FORK.SimpleQueue()
    child = FORK.Process(target=_list_child, args=(scenario, question, method, cap, budget,
                                                       progress, errors),
                         daemon=True)
    child.start()
    deadline = time.perf_counter() + budget + 30.0  # building the question is not timed
    while progress[0] == 0.0 and progress[3] == 0.0 and child.is_alive():
        if time.perf_counter() > deadline:
            break
        time.sleep(0.001)
    start = progress[0]
    stop_at = (start or time.perf_counter()) + budget
    while progress[3] == 0.0 and child.is_alive() and time.perf_counter() < stop_at:
        time.sleep(0.002)
    now = time.perf_counter()
    done, answers, end = progress[3], int(progress[1]), progress[2]
    if child.is_alive():
        child.kill()
    child.join()
    if done == 2.0:
        return Listing(error=errors.get() if not errors.empty() else "failed")
    if end:  # the first run finished (a repeat may have been stopped)
        runs = [s for s in progress[_RUNS_AT:] if s > 0.0]
        return Listing(answers, statistics.median(runs), True, runs_s=runs)
    if start == 0.0:
        return Listing(error=f"not started within {budget + 30:.0f} s")
    return Listing(answers, now - start, False)


def _timed_ms(call: Callable[[], object], repeats: int) -> list[float]:
    """The milliseconds of each of ``repeats`` calls of ``call``."""
    return [seconds * 1e3 for seconds in timings(call, repeats)]


def measure_count(scenario: Scenario, question: str, repeats: int
                  ) -> tuple[int | None, dict[str, list[float]], str]:
    """``(answers, runs, error)``: the exact count, and the milliseconds of each of
    ``repeats`` calls of ``count()`` on a fresh legal set (the rules applied anew each
    time, ``runs["count"]``) and of applying the rules alone (building the legal set,
    ``runs["rules"]``)."""
    try:
        answers = legal_set(scenario, question).count()
    except Exception as error:  # a refusal is a result
        return None, {}, _short(error)
    rules = _timed_ms(lambda: legal_set(scenario, question), repeats)
    counted = _timed_ms(lambda: legal_set(scenario, question).count(), repeats)
    return answers, {"rules": rules, "count": counted}, ""


def _brute_best(legal: rs.LegalSet[Any], objective: str) -> tuple[int, ...]:
    """The brute force ``best`` is checked against: every answer listed natively and
    scored by the objective; the best key."""
    goal = rs.Objective.parse(objective)
    return max(goal.measure(legal.scenario, answer) for answer in legal)


@dataclass
class Best:
    """``best`` on a resolution against the brute force: the family's objective, each
    timing (ms; the brute force's only where it ran), whether both found the same optimum,
    and why ``best`` has none (it raised)."""

    objective: str = ""
    best_ms: list[float] = field(default_factory=list)
    brute_ms: list[float] = field(default_factory=list)
    agrees: bool | None = None
    error: str = ""


def measure_best(scenario: Scenario, family: str, answers: int, repeats: int,
                 brute_limit: int) -> Best:
    """``best`` with the family's objective on a fresh legal set, ``repeats`` times, and
    the brute force when there are at most ``brute_limit`` answers."""
    objective = OBJECTIVES[family]
    try:
        top = rs.best(legal_set(scenario, "resolve"), objective)[0].key
    except Exception as error:  # no best here: not measured, and why
        return Best(error=_short(error))
    best_ms = _timed_ms(lambda: rs.best(legal_set(scenario, "resolve"), objective), repeats)
    if not 0 < answers <= brute_limit:
        return Best(objective, best_ms)
    brute = _brute_best(legal_set(scenario, "resolve", "native"), objective)
    brute_ms = _timed_ms(
        lambda: _brute_best(legal_set(scenario, "resolve", "native"), objective), repeats)
    return Best(objective, best_ms, brute_ms, brute == top)


# --------------------------------------------------------------------------- processes


#: The python-constraint2 script the small example's start-up is compared with.
PYCONSTRAINT_SCRIPT = Path(__file__).resolve().parent / "_startup_pyconstraint.py"


@dataclass
class Process:
    """A whole process: what it ran, its exit code, seconds from start to exit, peak
    resident memory (MiB) and, for a listing, the answers asked; the lines it printed,
    and when (seconds from its start) the first and the last arrived."""

    label: str
    argv: list[str]
    code: int
    seconds: float
    peak_mib: float
    answers: int | None = None
    lines: int = 0
    first_answer_s: float | None = None
    last_answer_s: float | None = None

    @property
    def rate(self) -> float | None:
        """Answers asked per second of the whole process, start-up included."""
        return _per_second(self.answers or 0, self.seconds)

    @property
    def stream_rate(self) -> float | None:
        """Lines per second once streaming: from the first line to the last (``None``:
        fewer than two lines, or all in one read)."""
        if self.first_answer_s is None or self.last_answer_s is None:
            return None
        return _per_second(self.lines - 1, self.last_answer_s - self.first_answer_s)

    def as_json(self) -> dict[str, Any]:
        """The process's record in ``results.json``, with both rates."""
        return {**asdict(self), "rate": self.rate, "stream_rate": self.stream_rate}


class _Lines(threading.Thread):
    """Reads a process's standard output to its end: how many lines, when (seconds after
    ``start``) the first and the last arrived, and the bytes if ``keep``."""

    def __init__(self, stream: Any, start: float, keep: bool) -> None:
        super().__init__(daemon=True)
        self.stream, self.start_at, self.keep = stream, start, keep
        self.lines = 0
        self.first: float | None = None
        self.last: float | None = None
        self.kept: list[bytes] = []

    def run(self) -> None:
        descriptor = self.stream.fileno()
        while chunk := os.read(descriptor, 1 << 16):
            ended = chunk.count(b"\n")
            if ended:
                self.last = time.perf_counter() - self.start_at
                self.first = self.last if self.first is None else self.first
                self.lines += ended
            if self.keep:
                self.kept.append(chunk)


def watched(label: str, argv: Sequence[str], answers: int | None = None,
            timeout: float = 600.0, keep: bool = False) -> tuple[Process, bytes]:
    """``argv`` as a fresh process, its output read through a pipe as it comes: its
    times, lines and peak memory (:func:`_common.wait_watched`), and its output if
    ``keep``."""
    start = time.perf_counter()
    child = subprocess.Popen(list(argv), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             env=process_environment())
    reader = _Lines(child.stdout, start, keep)
    reader.start()
    code, peak = wait_watched(child.pid, start + timeout)
    seconds = time.perf_counter() - start
    child.returncode = code
    reader.join()
    assert child.stdout is not None
    child.stdout.close()
    shown = [Path(argv[0]).name, *argv[1:]]
    return (Process(label, shown, code, seconds, peak, answers, reader.lines, reader.first,
                    reader.last), b"".join(reader.kept))


def run_process(label: str, args: Sequence[str], answers: int | None = None,
                timeout: float = 600.0) -> Process:
    """``riftsolve ARGS`` as a fresh process, its lines counted as they come
    (:func:`watched`)."""
    return watched(label, [*riftsolve_argv(), *args], answers, timeout)[0]


def _spread(runs: Sequence[float]) -> dict[str, float]:
    """The median, least and most of ``runs``."""
    return {"median": statistics.median(runs), "min": min(runs), "max": max(runs)}


def startup(example: Path, repeats: int) -> dict[str, Any]:
    """Start-up, each a fresh process, interleaved (``repeats`` rounds after one untimed
    round, which writes bytecode caches a module lacks and whose outputs are compared):
    ``python -c "import numpy"``, ``riftsolve resolve`` on a small example (10 answers)
    and a python-constraint2 script printing the same lines (:data:`PYCONSTRAINT_SCRIPT`);
    from start to exit and to the first line, medians, least and most, ratios to numpy."""
    commands = {"numpy": [sys.executable, "-c", "import numpy"],
                "resolve": [*riftsolve_argv(), "resolve", str(example)],
                "pyconstraint": [sys.executable, str(PYCONSTRAINT_SCRIPT), str(example)]}
    printed = {name: watched(name, argv, keep=True) for name, argv in commands.items()}
    runs: dict[str, list[float]] = {name: [] for name in commands}
    first: dict[str, list[float]] = {name: [] for name in commands if name != "numpy"}
    codes = {name: run.code for name, (run, _) in printed.items()}
    for _ in range(repeats):
        for name, argv in commands.items():
            run = watched(name, argv)[0]
            runs[name].append(run.seconds * 1e3)
            codes[name] = codes[name] or run.code
            if name in first and run.first_answer_s is not None:
                first[name].append(run.first_answer_s * 1e3)
    medians = {name: statistics.median(times) for name, times in runs.items()}
    lines = printed["resolve"][1]
    return {"example": example.name, "numpy_import_ms": medians["numpy"],
            "resolve_ms": medians["resolve"],
            "resolve_vs_numpy": medians["resolve"] / medians["numpy"],
            "pyconstraint_ms": medians["pyconstraint"],
            "pyconstraint_vs_numpy": medians["pyconstraint"] / medians["numpy"],
            "pyconstraint_script": PYCONSTRAINT_SCRIPT.name,
            "answers": lines.count(b"\n"),
            "same_lines": bool(lines) and lines == printed["pyconstraint"][1],
            "codes": codes, "runs_ms": runs, "spread_ms": {n: _spread(r) for n, r in runs.items()},
            "first_answer_runs_ms": first,
            "first_answer_ms": {n: _spread(r) for n, r in first.items() if r}}

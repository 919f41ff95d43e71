"""How the suite (``python -m benchmarks``) measures one question: count latency, listing
throughput by method, ``best`` latency against the brute force, and whole processes
(start-up, streaming with peak memory).

A helper of ``benchmarks/__main__.py`` (whose docstring describes the suite), not a script.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from _common import FORK, median_seconds, process_environment, riftsolve_argv, wait_watched

import riftsolve as rs
from riftsolve.rules.scenario import Scenario

#: The listing methods, side by side: riftsolve's native backend as numpy rows
#: (``arrays()``) and as answer objects, its CP-SAT backend (a CP-SAT model with a
#: solution callback, one worker) and its python-constraint2 backend.
METHODS = ("arrays", "native", "cpsat", "pyconstraint")
#: The objective ``best`` is asked, by family (a split or a combat kills; a group or a
#: joint choice affects units).
OBJECTIVES = {"split": "kills", "combat": "kills", "group": "affected", "joint": "affected"}


@dataclass
class Listing:
    """One method's listing of a question's first answers: how many, in how many seconds,
    whether it listed all it was asked (``complete``) or was stopped at the budget, and
    the error it stopped on (a backend declining the question, say)."""

    answers: int = 0
    seconds: float = 0.0
    complete: bool = False
    error: str = ""

    @property
    def rate(self) -> float | None:
        """Answers per second (``None``: nothing listed)."""
        return self.answers / self.seconds if self.answers and self.seconds > 0 else None


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

    def as_json(self) -> dict[str, Any]:
        """The question's record in ``results.json``, listing rates included."""
        record = asdict(self)
        for method, listing in self.listings.items():
            record["listings"][method]["rate"] = listing.rate
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


def _list_child(scenario: Scenario, question: str, method: str, cap: int, progress: Any,
                errors: Any) -> None:
    """In a forked child: list up to ``cap`` answers with ``method``, writing into
    ``progress`` the start time, the answers so far (every 256 steps), the end time and
    1 when done; an exception's line goes to ``errors``."""
    try:
        backend = "native" if method == "arrays" else method
        legal = legal_set(scenario, question, backend)
        progress[0] = time.perf_counter()
        listed = 0
        for step, added in enumerate(_answers(legal, method)):
            listed += added
            if step % 256 == 0:
                progress[1] = listed
            if listed >= cap:
                break
        progress[1] = min(listed, cap)
        progress[2] = time.perf_counter()
        progress[3] = 1.0
    except BaseException as error:  # reported: the suite goes on
        errors.put(_short(error))
        progress[3] = 2.0


def list_capped(scenario: Scenario, question: str, method: str, cap: int, budget: float
                ) -> Listing:
    """``method``'s listing of the first ``cap`` answers, in a forked child stopped after
    ``budget`` seconds (python-constraint2 can spend seconds between two answers): the
    answers listed and the time they took, so far or in all."""
    progress = FORK.RawArray("d", 4)
    errors: Any = FORK.SimpleQueue()
    child = FORK.Process(target=_list_child, args=(scenario, question, method, cap, progress,
                                                       errors),
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
    if done == 1.0:
        return Listing(answers, end - start, True)
    if start == 0.0:
        return Listing(error=f"not started within {budget + 30:.0f} s")
    return Listing(answers, now - start, False)


def measure_count(scenario: Scenario, question: str, repeats: int
                  ) -> tuple[int | None, float | None, float | None, str]:
    """``(answers, count ms, rules ms, error)``: the exact count, the median time of
    ``count()`` on a fresh legal set (the rules applied anew each time), and of applying
    the rules alone (building the legal set)."""
    try:
        answers = legal_set(scenario, question).count()
    except Exception as error:  # a refusal is a result
        return None, None, None, _short(error)
    rules = median_seconds(lambda: legal_set(scenario, question), repeats)
    counted = median_seconds(lambda: legal_set(scenario, question).count(), repeats)
    return answers, counted * 1e3, rules * 1e3, ""


def _brute_best(legal: rs.LegalSet[Any], objective: str) -> tuple[int, ...]:
    """The brute force ``best`` is checked against: every answer listed natively and
    scored by the objective; the best key."""
    goal = rs.Objective.parse(objective)
    return max(goal.measure(legal.scenario, answer) for answer in legal)


def measure_best(scenario: Scenario, family: str, answers: int, repeats: int,
                 brute_limit: int) -> tuple[str, float | None, float | None, bool | None]:
    """``(objective, best ms, brute-force ms, same optimum)`` of a resolution: ``best``
    with the family's objective on a fresh legal set, and the brute force when there are
    at most ``brute_limit`` answers."""
    objective = OBJECTIVES[family]
    try:
        top = rs.best(legal_set(scenario, "resolve"), objective)[0].key
    except Exception:  # no best here: not measured
        return "", None, None, None
    best_ms = median_seconds(lambda: rs.best(legal_set(scenario, "resolve"), objective),
                             repeats) * 1e3
    if not 0 < answers <= brute_limit:
        return objective, best_ms, None, None
    brute = _brute_best(legal_set(scenario, "resolve", "native"), objective)
    brute_ms = median_seconds(
        lambda: _brute_best(legal_set(scenario, "resolve", "native"), objective), repeats) * 1e3
    return objective, best_ms, brute_ms, brute == top


# --------------------------------------------------------------------------- processes


@dataclass
class Process:
    """A whole ``riftsolve`` process: what it ran, its exit code, seconds, peak resident
    memory (MiB) and, for a listing, the answers asked."""

    label: str
    argv: list[str]
    code: int
    seconds: float
    peak_mib: float
    answers: int | None = None

    @property
    def rate(self) -> float | None:
        return self.answers / self.seconds if self.answers and self.seconds > 0 else None


def run_process(label: str, args: Sequence[str], answers: int | None = None,
                timeout: float = 600.0) -> Process:
    """``riftsolve ARGS > /dev/null`` as a fresh process: its time and peak memory
    (:func:`_common.wait_watched`)."""
    argv = [*riftsolve_argv(), *args]
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=process_environment())
    code, peak = wait_watched(child.pid, start + timeout)
    child.returncode = code
    return Process(label, [Path(argv[0]).name, *args], code, time.perf_counter() - start,
                   peak, answers)


def startup(example: Path, repeats: int) -> dict[str, Any]:
    """Start-up: ``python -c "import numpy"`` and ``riftsolve resolve`` on a small example
    (10 answers), each a fresh process, interleaved; their medians and ratio."""
    numpy_runs: list[float] = []
    resolve_runs: list[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import numpy"], check=True)
        numpy_runs.append(time.perf_counter() - start)
        resolve_runs.append(run_process("resolve", ["resolve", str(example)]).seconds)
    numpy_s, resolve_s = statistics.median(numpy_runs), statistics.median(resolve_runs)
    return {"example": example.name, "numpy_import_ms": numpy_s * 1e3,
            "resolve_ms": resolve_s * 1e3, "resolve_vs_numpy": resolve_s / numpy_s}


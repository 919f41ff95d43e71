"""Plumbing shared by the benchmark scripts ``enumerate.py``, ``groups.py``, ``agents.py``,
``combat.py``, ``startup.py``, ``limits.py``, ``learning.py`` and the suite, and by their
helper modules (``_split_*``, ``_group_*``, ``_agent_*``, ``_combat_*``).

Not a benchmark itself: the scripts import it as ``from _common import ...``, which works
because ``python benchmarks/X.py`` puts the script's own folder first on ``sys.path``,
from any working directory. What is here, one job each:

* the environment a run is reported with (:func:`environment`, :func:`versions_line`,
  :func:`commit`, :func:`cpu_model`);
* timing (:func:`timings`, :func:`median_seconds`, :func:`median_ms`,
  :func:`back_to_back`, :func:`listed_back_to_back`);
* capped runs in a forked child process (:class:`Child`, :func:`shared_array`,
  :func:`flag_failure`);
* the command line as a whole process (:func:`riftsolve_argv`, :func:`process_environment`,
  :func:`wait_watched` with :func:`resident_peak_mib`);
* the random units of the group boards (:func:`random_units`, :func:`unmeet_fox_fire`);
* rich output (:func:`make_console`, :func:`say_to`, :func:`new_table`, :func:`pass_cell`,
  :func:`fmt_rate`, :func:`fmt_ratio`, :func:`fmt_ms`);
* the command line and ``--json`` (:func:`base_parser`, :func:`finite`,
  :func:`write_json`);
* the targets, PASS or MISS (:class:`Target`, :func:`target`, :func:`targets_table`), and
  the end of every report (:func:`finish`): the targets table, the ``targets: N/M PASS``
  line, the wall time, the JSON results and the exit status.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.table import Table

from riftsolve.rules.board import BASE, OFFBOARD

# --------------------------------------------------------------------------- boards


def subset_policy(policy: str) -> dict[str, Any]:
    """A scenario's ``group_subset`` policy and the Core Rules text it is a reading of:
    ``maximal`` the newest's (2026-10-09's 355.11.b.1 requires it), ``any`` 2026-07-16's.

    >>> subset_policy("any")
    {'policy': {'group_subset': 'any'}, 'rules': '2026-07-16'}
    """
    return {"policy": {"group_subset": policy},
            "rules": "2026-07-16" if policy == "any" else "2026-10-09"}


# --------------------------------------------------------------------------- environment


def distribution_version(name: str) -> str:
    """The installed version of the distribution ``name``, or ``"not installed"``."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def commit() -> str:
    """The repository's commit (``-dirty`` with changes), or ``unknown``."""
    try:
        done = subprocess.run(["git", "describe", "--always", "--dirty", "--abbrev=12"],
                              capture_output=True, text=True, check=True,
                              cwd=Path(__file__).resolve().parent)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return done.stdout.strip() or "unknown"


def cpu_model() -> str:
    """The processor's model name as ``/proc/cpuinfo`` gives it, else the platform's
    (``""`` when neither says)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor()


def environment(distributions: Sequence[str], **extra: Any) -> dict[str, Any]:
    """What a run is reported with: the Python version and platform, the versions of
    ``distributions`` (in that order), the core count, then ``extra`` (e.g. worker counts).
    The scripts add their settings to it and print and write it as ``meta``."""
    meta: dict[str, Any] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
    }
    meta.update((name, distribution_version(name)) for name in distributions)
    meta["cpu_count"] = os.cpu_count()
    meta.update(extra)
    return meta


def versions_line(meta: dict[str, Any], shown: Sequence[str], workers_note: str = "") -> str:
    """The first line of a report: ``python X | <dist> <version> | ... | cpu_count N |
    CP-SAT num_workers W`` followed by ``workers_note``."""
    parts = [f"python {meta['python']}", *(f"{name} {meta[name]}" for name in shown),
             f"cpu_count {meta['cpu_count']}",
             f"CP-SAT num_workers {meta['cpsat_num_workers']}{workers_note}"]
    return " | ".join(parts)


# --------------------------------------------------------------------------- timing


def timings(call: Callable[[], object], repeats: int) -> list[float]:
    """The seconds each of ``repeats`` calls of ``call`` took."""
    times: list[float] = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        call()
        times.append((time.perf_counter_ns() - start) / 1e9)
    return times


def median_seconds(call: Callable[[], object], repeats: int) -> float:
    """The median seconds of ``repeats`` calls of ``call``."""
    return statistics.median(timings(call, repeats))


def median_ms(call: Callable[[], object], repeats: int) -> tuple[float, float]:
    """``(median, max)`` milliseconds of ``repeats`` calls of ``call``."""
    times = timings(call, repeats)
    return statistics.median(times) * 1e3, max(times) * 1e3


def back_to_back(once: float, floor: float, most: int = 1000) -> int:
    """How many back-to-back runs of ``once`` seconds make one timing sample last
    ``floor`` seconds (1 to ``most``): a sample of a millisecond or so is mostly noise on
    a busy machine."""
    return max(1, min(most, math.ceil(floor / max(once, 1e-6))))


def listed_back_to_back(listing: Callable[[], int], number: int, method: str,
                        question: str) -> tuple[int, float]:
    """``number`` back-to-back runs of ``listing`` (which returns how many answers it
    listed): ``(answers, seconds)`` of one run. Every run must list as many answers,
    else :class:`AssertionError` naming ``method`` and ``question``."""
    answers: set[int] = set()
    start = time.perf_counter()
    for _ in range(number):
        answers.add(listing())
    seconds = (time.perf_counter() - start) / number
    if len(answers) != 1:
        raise AssertionError(f"{method} listed {sorted(answers)} answers on {question}")
    return answers.pop(), seconds


# --------------------------------------------------------------------------- child processes


#: Children are forked: they inherit the question, the parent's string-hash seed and its
#: ``time.perf_counter`` clock, so their times and digests compare with the parent's.
FORK = mp.get_context("fork")


def shared_array(typecode: str, size: int) -> Any:
    """A zeroed array in shared memory (``"d"`` doubles, ``"q"`` int64) that a forked
    child writes and the parent reads while it runs."""
    return FORK.RawArray(typecode, size)


@contextmanager
def flag_failure(progress: Any, slot: int) -> Iterator[None]:
    """In a child: on any exception print the traceback and set ``progress[slot]`` to 1,
    so that the parent stops waiting, then let the exception end the child."""
    try:
        yield
    except BaseException:
        traceback.print_exc()
        progress[slot] = 1.0
        raise


class Child:
    """``target(*args)`` in a forked daemon process, watched through ``progress``, a
    :func:`shared_array` of doubles whose slot 0 the target sets to
    ``time.perf_counter()`` when its timed work starts. The parent waits for the start,
    then for the work or a deadline, then stops the child: a capped run."""

    def __init__(self, progress: Any, target: Callable[..., None], *args: Any) -> None:
        self.progress = progress
        self.process = FORK.Process(target=target, args=args, daemon=True)
        self.process.start()

    @property
    def alive(self) -> bool:
        """Whether the child is still running."""
        return self.process.is_alive()

    @property
    def exitcode(self) -> int | None:
        """The child's exit code (``None`` while it runs)."""
        return self.process.exitcode

    def wait_start(self) -> float:
        """Wait until the timed work has started (or the child died): its start time,
        0.0 if it never started."""
        while self.progress[0] == 0.0 and self.process.is_alive():
            time.sleep(0.0005)
        return float(self.progress[0])

    def wait(self, busy: Callable[[], bool], deadline: float) -> float:
        """Poll every 2 ms while ``busy()``, the child runs and ``deadline`` (a
        ``time.perf_counter()`` value) is ahead: the time polling stopped."""
        while busy() and self.process.is_alive() and time.perf_counter() < deadline:
            time.sleep(0.002)
        return time.perf_counter()

    def join(self, timeout: float) -> None:
        """Wait at most ``timeout`` seconds for the child to exit."""
        self.process.join(timeout)

    def stop(self, grace: float = 0.0) -> None:
        """Give the child ``grace`` seconds to exit by itself, kill it if it is still
        running, and reap it."""
        if grace:
            self.process.join(grace)
        if self.process.is_alive():
            self.process.kill()
        self.process.join()


# --------------------------------------------------------------------------- whole processes


def riftsolve_argv() -> list[str]:
    """How to run the command line as agents do: the ``riftsolve`` console script installed
    next to this interpreter, else the one on ``PATH``, else ``python -m faces.entry``."""
    script = Path(sys.executable).parent / "riftsolve"
    if script.is_file():
        return [str(script)]
    found = shutil.which("riftsolve")
    return [found] if found else [sys.executable, "-m", "riftsolve.faces.entry"]


def process_environment(inherit: bool = False) -> dict[str, str]:
    """The environment a timed process runs with: this one, but (unless ``inherit``)
    without ``PYTHONDONTWRITEBYTECODE``, so that it runs as an installed package does,
    from Python's bytecode caches (a first run writes those a module lacks; with the
    variable set, modules without a cache are compiled from source at every start)."""
    env = dict(os.environ)
    if not inherit:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def resident_peak_mib(pid: int) -> float | None:
    """The peak resident memory (MiB) of process ``pid`` so far: its ``VmHWM`` in
    ``/proc``, which starts afresh at ``exec`` (``None`` once it has exited, or off Linux).

    Not ``ru_maxrss`` from ``os.wait4``: a child started by ``subprocess`` (vfork, then
    exec) carries the parent's high-water mark in it, so a large parent makes every child
    look as large."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        return None
    return None


def wait_watched(pid: int, deadline: float) -> tuple[int, float]:
    """Wait for the child ``pid`` (killed at ``deadline``, a ``time.perf_counter()``
    value), reading its peak memory every 5 ms: ``(exit code, peak MiB)``, the peak as last
    read before it exited (:func:`resident_peak_mib`)."""
    peak = 0.0
    while True:
        seen = resident_peak_mib(pid)
        peak = max(peak, seen or 0.0)
        done, status, _ = os.wait4(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status), peak
        if time.perf_counter() > deadline:
            os.kill(pid, 9)
            _, status, _ = os.wait4(pid, 0)
            return os.waitstatus_to_exitcode(status), peak
        time.sleep(0.005)


# --------------------------------------------------------------------------- boards


def random_units(rng: random.Random, units: int, battlefields: Sequence[str]
                 ) -> list[dict[str, Any]]:
    """``units`` scenario units ``u00``, ``u01``, ... drawn from ``rng``: controllers A
    (the caster), B and C, Might 0..5, about one in five at its controller's base and the
    others at ``battlefields``, one in ten with Deflect 1 or 2."""
    board: list[dict[str, Any]] = []
    for i in range(units):
        unit: dict[str, Any] = {
            "id": f"u{i:02d}",
            "controller": rng.choices("ABC", weights=(30, 45, 25))[0],
            "might": rng.randint(0, 5),
            "location": rng.choice(battlefields) if rng.random() < 0.8 else BASE,
        }
        if rng.random() < 0.1:
            unit["deflect"] = rng.choice((1, 2))
        board.append(unit)
    return board


def unmeet_fox_fire(rng: random.Random, chosen: Sequence[dict[str, Any]],
                    battlefields: Sequence[str]) -> None:
    """Change Fox-Fire's ``chosen`` targets (at least two, in place) so that they no
    longer meet "total Might 4 or less at a battlefield" together: pumped and spread over
    ``battlefields``, the last one killed (illegal, 359.3.e.2), the one before recalled to
    its base (no longer at a battlefield)."""
    for unit in chosen:
        unit["might"] += rng.choice((0, 1, 2))
        unit["location"] = rng.choice(battlefields)
    chosen[-1]["location"] = OFFBOARD
    chosen[-2]["location"] = BASE


# --------------------------------------------------------------------------- output


def make_console(width: int) -> Console:
    """The report's console: no highlighting, and ``width`` columns when the output is a
    log file rather than a terminal (wide enough for the tables)."""
    return Console(highlight=False, width=None if sys.stdout.isatty() else width)


def say_to(console: Console) -> Callable[[str], None]:
    """A progress printer: ``say(text)`` prints ``... text`` dimmed (``text`` escaped)."""

    def say(text: str) -> None:
        console.print(f"[dim]... {escape(text)}[/dim]")

    return say


def new_table(title: str, columns: Sequence[str], left: Collection[str]) -> Table:
    """A table with bold headers and these ``columns``: the ``left`` ones justified left
    (names, labels), the others right (numbers)."""
    table = Table(title=title, header_style="bold")
    for column in columns:
        table.add_column(column, justify="left" if column in left else "right")
    return table


def pass_cell(passed: bool, share: float | None = None) -> str:
    """A target's result cell: green PASS, or red MISS with ``share`` (measured / needed,
    oriented so that 1 is the target) when given."""
    if passed:
        return "[green]PASS[/green]"
    return "[red]MISS[/red]" if share is None else f"[red]MISS[/red] ({share:.2f} of target)"


def fmt_rate(rate: float | None) -> str:
    """A rate per second, short: ``1.23M/s``, ``45.6k/s``, ``789/s``, ``0.5/s``."""
    if rate is None:
        return "n/a"
    if rate >= 1e6:
        return f"{rate / 1e6:.2f}M/s"
    if rate >= 1e3:
        return f"{rate / 1e3:.1f}k/s"
    return f"{rate:.0f}/s" if rate >= 10 else f"{rate:.2g}/s"


def fmt_ratio(value: float | None, bound: str = "") -> str:
    """A ratio such as ``12x`` or ``0.53x``, prefixed with ``bound`` (``<``, ``>``: only a
    bound); ``-`` for none, ``inf`` for an infinite one."""
    if value is None or math.isnan(value):
        return "-"
    if math.isinf(value):
        return "inf"
    if value >= 10:
        return f"{bound}{value:,.0f}x"
    return f"{bound}{value:.2f}x" if value >= 0.01 else f"{bound}{value:.1e}x"


def fmt_ms(ms: float | None, *, us_digits: int = 1, seconds: bool = False) -> str:
    """Milliseconds, short: ``n/a`` for none, below 1 ms in µs with ``us_digits``
    decimals, from 1 s in seconds if ``seconds``, else ``12.34 ms``."""
    if ms is None:
        return "n/a"
    if seconds and ms >= 1000:
        return f"{ms / 1000:.2f} s"
    return f"{ms * 1000:.{us_digits}f} µs" if ms < 1 else f"{ms:.2f} ms"


# --------------------------------------------------------------------------- command line


def base_parser(doc: str | None, quick_help: str) -> argparse.ArgumentParser:
    """The command line every script has: its description (the first paragraph of
    ``doc``, the script's docstring), ``--quick`` (``quick_help``) and ``--json PATH``."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0] if doc else "",
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--json", metavar="PATH", help="also write every result as JSON")
    return parser


def finite(value: Any) -> Any:
    """``value`` with infinite or NaN floats as ``None`` (strict JSON has neither), dict
    keys as strings and tuples as lists, recursively."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite(v) for v in value]
    return value


def write_json(path: str, document: dict[str, Any], console: Console) -> None:
    """Write ``document`` to ``path`` as strict, indented JSON and say so."""
    Path(path).write_text(json.dumps(finite(document), indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {path}")


# --------------------------------------------------------------------------- targets


#: How a target's measured value must compare with the needed one.
SENSES = (">=", "<", "<=")


@dataclass
class Target:
    """One PASS/MISS check: what is measured (``name``), on which question, the measured
    ``value`` (``None``: not measured), the needed ``threshold`` and the result.

    ``unit`` says how both numbers are shown: ``"x"`` a ratio, ``"/s"`` a rate, ``"ms"``
    or ``"s"`` a time; ``sense`` how the value must compare with the threshold (one of
    :data:`SENSES`); ``bound`` that the value is only a bound (``">"``: the true value is
    larger, ``"<"``: smaller, ``"?"``: either); ``detail`` anything else worth a column.
    Make one with :func:`target`, which decides ``passed`` from the rest."""

    name: str
    question: str
    value: float | None
    threshold: float
    passed: bool
    unit: str = "x"
    sense: str = ">="
    bound: str = ""
    detail: str = ""

    @property
    def share(self) -> float | None:
        """Measured / needed, oriented so that 1 is the target and below 1 misses it
        (``None``: no value, or a zero one where the threshold is a most)."""
        if self.value is None:
            return None
        if self.sense == ">=":
            return self.value / self.threshold
        return self.threshold / self.value if self.value else None

    def shown(self, value: float | None, bound: str = "") -> str:
        """``value`` in this target's unit (``bound`` before it)."""
        if self.unit == "/s":
            return bound + fmt_rate(value)
        if self.unit == "ms":
            return bound + fmt_ms(value, us_digits=0, seconds=True)
        if self.unit == "s":
            return "n/a" if value is None else f"{bound}{value:.2f} s"
        return fmt_ratio(value, bound)

    def cells(self) -> list[str]:
        """The row of the targets table: target, question, measured, needed, result."""
        needed = ("" if self.sense == ">=" else f"{self.sense} ") + self.shown(self.threshold)
        return [self.name, self.question, self.shown(self.value, self.bound), needed,
                pass_cell(self.passed, self.share)]


def target(name: str, question: str, value: float | None, threshold: float, *,
           unit: str = "x", sense: str = ">=", bound: str = "", detail: str = "") -> Target:
    """A :class:`Target` that passes when ``value`` compares with ``threshold`` as
    ``sense`` says, and is not a bound on the wrong side of it (a value that is only a
    lower bound can meet a ``>=`` target, not an upper bound or an unknown one)."""
    if sense not in SENSES:
        raise ValueError(f"sense {sense!r} is not one of {SENSES}")
    if value is None:
        passed = False
    elif sense == ">=":
        passed = value >= threshold and bound in ("", ">")
    else:
        meets = value < threshold if sense == "<" else value <= threshold
        passed = meets and bound in ("", "<")
    return Target(name, question, value, threshold, passed, unit, sense, bound, detail)


def targets_table(title: str, targets: Sequence[Target]) -> Table:
    """The targets: target, question, measured, needed, result (and detail, if any)."""
    detail = any(t.detail for t in targets)
    table = new_table(title, ("target", "question", "measured", "needed", "result",
                              *(("detail",) if detail else ())),
                      left=("target", "question", "result", "detail"))
    for t in targets:
        table.add_row(*t.cells(), *((t.detail,) if detail else ()))
    return table


def summary_line(groups: Sequence[tuple[str, Sequence[Target]]]) -> str:
    """``targets: N/M PASS``, or ``targets: N/M kind PASS, ...`` for named groups."""
    return "targets: " + ", ".join(
        f"{sum(t.passed for t in group)}/{len(group)} {kind + ' ' if kind else ''}PASS"
        for kind, group in groups)


def finish(console: Console, json_path: str | None, meta: dict[str, Any], started: float,
           targets: Sequence[Target], document: dict[str, Any], *,
           title: str | None = "Targets", kind: str = "",
           also: Sequence[tuple[str, Sequence[Target]]] = (),
           after: Sequence[RenderableType] = (), tail: str = "", failed: bool = False) -> int:
    """The end of every script's report, after its own tables, in this order:

    1. the table of ``targets`` titled ``title`` (none when ``title`` is ``None``: the
       script's own table showed each result);
    2. ``after``: more tables, or lines (printed unwrapped: mismatch reports, scenarios);
    3. the summary line, :func:`summary_line` of ``targets`` (named ``kind``) then of the
       groups ``also`` (e.g. count latency), followed by ``tail`` (what was verified);
    4. ``wall time X s`` since ``started`` (a ``time.perf_counter()`` value; also written
       as ``meta["wall_seconds"]``);
    5. with ``json_path``: ``{"meta": meta, **document, "targets": [...]}`` as strict JSON.

    Returns the exit status: 1 when ``failed`` (a verification failed: a wrong answer, a
    wrong count, a crash), else 0. A MISS is reported, not failed on: machines are noisy.
    """
    meta["wall_seconds"] = round(time.perf_counter() - started, 1)
    if title is not None:
        console.print(targets_table(title, targets))
    for item in after:
        console.print(item, soft_wrap=isinstance(item, str))
    console.print(summary_line([(kind, targets), *also]) + tail)
    console.print(f"wall time {meta['wall_seconds']} s")
    if json_path:
        write_json(json_path, {"meta": meta, **document,
                               "targets": [asdict(t) for t in targets]}, console)
    return 1 if failed else 0


def mismatch_lines(found: Sequence[tuple[str, Any]]) -> list[RenderableType]:
    """Every wrong answer as two lines: what was wrong (``found``'s text, rich markup
    escaped) and the scenario it happened on (``found``'s data, as JSON)."""
    shown: list[RenderableType] = []
    for text, data in found:
        shown.append(f"[red]MISMATCH[/red] {escape(text)}; scenario:")
        shown.append(escape(json.dumps(data)))
    return shown

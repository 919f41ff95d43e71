"""Start-up cost of the ``riftsolve`` command, as whole processes, side by side.

Run from the repository root (with the project's venv)::

    python benchmarks/startup.py                      # full run, under a minute
    python benchmarks/startup.py --quick              # CI smoke run, a few seconds
    python benchmarks/startup.py --json results.json  # also write every number as JSON

Agents ask the command line small questions thousands of times, so what they wait for is
mostly the process starting: the interpreter, the imports, parsing the scenario. Each
command below is run as a fresh process (``subprocess``, output to ``os.devnull``), with
the same interpreter as this script, and timed from start to exit:

* ``python -c "import numpy"``: the baseline, the cheapest process that can do anything
  numerical;
* ``riftsolve --version``, ``riftsolve schema``: the command line with nothing to solve;
* ``riftsolve resolve EXAMPLE``: a small question, a built-in example
  (``riftsolve/formats/examples/alpha-strike-6-among-3.json``, 10 answers), answered natively;
* ``riftsolve resolve EXAMPLE --count``: its exact count only;
* ``riftsolve resolve EXAMPLE --backend cpsat``: the same question from a CP-SAT model,
  which pays the import of OR-Tools (and the pandas it loads);
* the python-constraint2 script printing the same lines, the cheapest way a script
  answers this question.

``riftsolve`` is the console script installed next to the interpreter (else
``python -m faces.entry``). The processes run as an installed package runs: with Python's
bytecode caches. ``PYTHONDONTWRITEBYTECODE`` is removed from their environment, so that a
first untimed run writes the caches a module lacks (under it, the project's own modules
would be compiled from source at every start, about 60 ms more here); ``--inherit-env``
runs them with this script's environment unchanged. Every command is then run once
untimed under ``python -X importtime`` (also a warm-up of the file cache), which shows
which heavy modules it imports (``ortools``, ``pandas``, ``constraint``, ``rich``,
``pydantic``) and, for the small resolve, where its import time goes (self time summed per
top-level package). The timed runs are interleaved across the commands (``--repeats``
rounds; a slow spell hits all of them) and the median is reported, wall time and CPU time
(user and system, from the children's resource usage), with each command's wall-time
ratio to the baseline's median.

Checks (a failure is printed in red and the exit status is 1): every run exits 0, the
resolves list the example's expected number of answers (and ``--count`` prints it), the
native commands import neither ``ortools`` nor ``constraint``, and ``--backend cpsat``
does import ``ortools``.

Targets (from the issues): the small resolve, as a whole process, at most 3x
``python -c "import numpy"``, and at most 1.5x the CPU time of a python-constraint2 script
printing the same lines (``benchmarks/_startup_pyconstraint.py``, timed beside the
others); printed as PASS or MISS.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from _common import (
    Target,
    base_parser,
    environment,
    finish,
    fmt_ms,
    fmt_ratio,
    make_console,
    new_table,
    pass_cell,
    process_environment,
    riftsolve_argv,
    say_to,
    target,
    versions_line,
)
from rich.console import Console

from riftsolve.engine.params import enumeration_solver
from riftsolve.formats.examples import example_path

#: The targets from the issues: a small resolve at most this many times the baseline, and
#: at most this many times the python-constraint2 script printing the same lines.
RESOLVE_VS_NUMPY = 3.0
RESOLVE_VS_SCRIPT = 1.5

#: The small question.
EXAMPLE = "alpha-strike-6-among-3"

#: Modules whose import the report shows per command.
HEAVY = ("ortools", "pandas", "constraint", "rich", "pydantic")

#: Packages shown in the import breakdown.
BREAKDOWN_ROWS = 10


@dataclass
class Command:
    """One process to time."""

    name: str
    argv: list[str]
    #: Answers it must list (``None``: not checked); ``--count`` prints them instead.
    answers: int | None = None
    counts: bool = False
    #: Modules that must (``True``) or must not (``False``) be imported.
    imports: dict[str, bool] = field(default_factory=dict)
    baseline: bool = False
    target: bool = False


@dataclass
class Result:
    """The timed runs of one command and what its warm-up run showed."""

    name: str
    argv: list[str]
    runs_ms: list[float]
    median_ms: float
    ratio: float
    loaded: dict[str, bool]
    failures: list[str]
    #: The CPU time of each timed run (user and system, the process's own), milliseconds.
    cpu_runs_ms: list[float]
    cpu_median_ms: float


def commands(riftsolve: list[str], example: Path, expected: int) -> list[Command]:
    """The commands, the baseline first."""
    native = {"ortools": False, "constraint": False}
    small = [*riftsolve, "resolve", str(example)]
    return [
        Command("python -c 'import numpy'", [sys.executable, "-c", "import numpy"],
                baseline=True),
        Command("riftsolve --version", [*riftsolve, "--version"], imports=native),
        Command("riftsolve schema", [*riftsolve, "schema"], imports=native),
        Command("riftsolve resolve (small)", small, answers=expected, imports=native,
                target=True),
        Command("riftsolve resolve --count", [*small, "--count"], answers=expected,
                counts=True, imports=native),
        Command("riftsolve resolve --backend cpsat", [*small, "--backend", "cpsat"],
                answers=expected, imports={"ortools": True, "constraint": False}),
        Command("python-constraint2 script, same lines",
                [sys.executable, str(Path(__file__).resolve().parent
                                     / "_startup_pyconstraint.py"), str(example)],
                answers=expected, imports={"constraint": True}),
    ]


def importtime_argv(argv: list[str]) -> list[str]:
    """``argv`` run under ``python -X importtime`` (a console script is a Python file)."""
    if argv[0] == sys.executable:
        return [sys.executable, "-X", "importtime", *argv[1:]]
    return [sys.executable, "-X", "importtime", *argv]


_IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def imported_modules(report: str) -> dict[str, int]:
    """``-X importtime``'s report: each imported module's self time (µs)."""
    modules: dict[str, int] = {}
    for line in report.splitlines():
        match = _IMPORT_LINE.match(line)
        if match:
            modules[match.group(4)] = int(match.group(1))
    return modules


def by_package(modules: dict[str, int]) -> Counter[str]:
    """Self time (µs) summed per top-level package (``numpy._core`` counts as numpy)."""
    totals: Counter[str] = Counter()
    for name, micros in modules.items():
        totals[name.split(".")[0].lstrip("_") or name] += micros
    return totals


def check_output(command: Command, stdout: str) -> list[str]:
    """What is wrong with a warm-up run's output (empty when it is right)."""
    if command.answers is None:
        return []
    lines = stdout.splitlines()
    if command.counts:
        if [json.loads(line) for line in lines] != [{"count": command.answers}]:
            return [f"printed {stdout.strip()!r}, not {{'count': {command.answers}}}"]
        return []
    if len(lines) != command.answers or len(set(lines)) != len(lines):
        return [f"listed {len(lines)} lines ({len(set(lines))} distinct), "
                f"not {command.answers} answers"]
    return []


def bytecode_note(env: dict[str, str]) -> str:
    """How the processes find their bytecode, for the report."""
    if env.get("PYTHONDONTWRITEBYTECODE"):
        return "PYTHONDONTWRITEBYTECODE set: modules without a cache compiled at every start"
    return "bytecode caches written by a first run and used"


def warm_up(command: Command, env: dict[str, str]) -> tuple[dict[str, int], list[str]]:
    """One untimed run under ``-X importtime``: the modules it imported and what failed."""
    done = subprocess.run(importtime_argv(command.argv), capture_output=True, text=True,
                          check=False, env=env)
    failures = [] if done.returncode == 0 else [f"exited with {done.returncode}: "
                                                f"{done.stderr.strip()[-300:]}"]
    modules = imported_modules(done.stderr)
    failures += check_output(command, done.stdout)
    loaded = {top: any(m.split(".")[0] == top for m in modules) for top in HEAVY}
    for module, wanted in command.imports.items():
        if loaded.get(module) != wanted:
            failures.append(f"{'did not import' if wanted else 'imported'} {module}")
    return modules, failures


def timed_run(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Milliseconds from start to exit of one process, the CPU milliseconds it used (user
    and system, from the children's resource usage), and its exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          check=False, env=env)
    wall = (time.perf_counter() - start) * 1e3
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1e3
    return wall, cpu, done.returncode


def measure(cmds: Sequence[Command], repeats: int, env: dict[str, str], say: Any
            ) -> tuple[list[Result], dict[str, int]]:
    """Warm up every command, then ``repeats`` interleaved timed rounds; the results and
    the small resolve's imported modules."""
    say("first run (writes missing bytecode caches)")
    for command in cmds:
        if command.target:
            timed_run(command.argv, env)
    warm: dict[str, tuple[dict[str, int], list[str]]] = {}
    for command in cmds:
        say(f"warm-up, -X importtime: {command.name}")
        warm[command.name] = warm_up(command, env)
    runs: dict[str, list[float]] = {c.name: [] for c in cmds}
    cpu: dict[str, list[float]] = {c.name: [] for c in cmds}
    codes: dict[str, set[int]] = {c.name: set() for c in cmds}
    say(f"{repeats} timed rounds of {len(cmds)} processes")
    for _ in range(repeats):
        for command in cmds:
            ms, cpu_ms, code = timed_run(command.argv, env)
            runs[command.name].append(ms)
            cpu[command.name].append(cpu_ms)
            codes[command.name].add(code)
    baseline = statistics.median(runs[next(c.name for c in cmds if c.baseline)])
    results = []
    for command in cmds:
        modules, failures = warm[command.name]
        failures = failures + [f"a timed run exited with {code}"
                               for code in sorted(codes[command.name] - {0})]
        median = statistics.median(runs[command.name])
        results.append(Result(command.name, command.argv, runs[command.name], median,
                              median / baseline,
                              {top: any(m.split(".")[0] == top for m in modules)
                               for top in HEAVY}, failures, cpu[command.name],
                              statistics.median(cpu[command.name])))
    target_modules = warm[next(c.name for c in cmds if c.target)][0]
    return results, target_modules


# --------------------------------------------------------------------------- output


def versions() -> dict[str, Any]:
    """The library versions, the core count and CP-SAT's worker count (``--backend
    cpsat`` lists with one worker)."""
    return environment(("ortools", "python-constraint2", "numpy", "pydantic", "rich",
                        "riftsolve"),
                       cpsat_num_workers=enumeration_solver().parameters.num_workers)


def small_resolve_target(cmds: Sequence[Command], results: Sequence[Result]) -> Target:
    """The target: the small resolve at most ``RESOLVE_VS_NUMPY`` times the baseline."""
    command, result = next((c, r) for c, r in zip(cmds, results, strict=True) if c.target)
    return target(f"small resolve at most {RESOLVE_VS_NUMPY:g}x python -c 'import numpy'",
                  command.name, result.ratio, RESOLVE_VS_NUMPY, unit="x", sense="<=")


def script_target(cmds: Sequence[Command], results: Sequence[Result]) -> Target:
    """The target: the small resolve at most ``RESOLVE_VS_SCRIPT`` times the CPU of the
    python-constraint2 script printing the same lines (medians, whole processes)."""
    mine = next(r for c, r in zip(cmds, results, strict=True) if c.target)
    script = results[-1]
    return target(f"small resolve at most {RESOLVE_VS_SCRIPT:g}x the CPU of the "
                  "python-constraint2 script", mine.name,
                  mine.cpu_median_ms / script.cpu_median_ms, RESOLVE_VS_SCRIPT, unit="x",
                  sense="<=")


def render(console: Console, meta: dict[str, Any], cmds: Sequence[Command],
           results: Sequence[Result], breakdown: Counter[str], goal: Target) -> None:
    """Print the tables (the target's result in the command's row)."""
    console.print(versions_line(meta, ("ortools", "python-constraint2", "numpy", "pydantic",
                                       "rich")))
    console.print(f"mode: {meta['mode']}, {meta['repeats']} timed runs of each command "
                  f"(interleaved), medians; riftsolve = {' '.join(meta['riftsolve'])}; "
                  f"{meta['bytecode']}")
    table = new_table("Whole process, start to exit (median)",
                      ("command", "median", "min", "max", "CPU (median)", "vs numpy",
                       "heavy imports", "target"),
                      left=("command", "heavy imports", "target"))
    for command, result in zip(cmds, results, strict=True):
        result_cell = "-"
        if command.target:
            result_cell = pass_cell(goal.passed, goal.share) + (
                f" (at most {RESOLVE_VS_NUMPY:g}x)")
        name = result.name if not result.failures else f"[red]{result.name}[/red]"
        heavy = ", ".join(top for top in HEAVY if result.loaded[top]) or "-"
        table.add_row(name, fmt_ms(result.median_ms), fmt_ms(min(result.runs_ms)),
                      fmt_ms(max(result.runs_ms)), fmt_ms(result.cpu_median_ms),
                      fmt_ratio(result.ratio), heavy,
                      result_cell)
    console.print(table)

    total = sum(breakdown.values())
    imports = new_table("Small resolve: import self time per package (-X importtime)",
                        ("package", "ms", "share"), left=("package",))
    for package, micros in breakdown.most_common(BREAKDOWN_ROWS):
        imports.add_row(package, f"{micros / 1e3:.1f}", f"{micros / total:.0%}")
    imports.add_row("[bold]all imports[/bold]", f"{total / 1e3:.1f}", "100%")
    console.print(imports)


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = base_parser(__doc__, "3 timed runs of each command, for CI (a few seconds)")
    parser.add_argument("--repeats", type=int, help="timed runs of each command")
    parser.add_argument("--inherit-env", action="store_true",
                        help="run the processes with this environment unchanged (keep "
                        "PYTHONDONTWRITEBYTECODE if set)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    quick: bool = args.quick
    repeats = args.repeats or (3 if quick else 15)
    console = make_console(150)
    say = say_to(console)

    example = example_path(EXAMPLE)
    expected = int(json.loads(example.read_text(encoding="utf-8"))["expect"]["resolve_count"])
    riftsolve = riftsolve_argv()
    cmds = commands(riftsolve, example, expected)
    env = process_environment(args.inherit_env)
    meta = versions()
    meta.update(mode="quick" if quick else "full", repeats=repeats, riftsolve=riftsolve,
                example=EXAMPLE, bytecode=bytecode_note(env), argv=sys.argv[1:])
    started = time.perf_counter()
    results, modules = measure(cmds, repeats, env, say)
    breakdown = by_package(modules)
    goal = small_resolve_target(cmds, results)
    versus_script = script_target(cmds, results)

    render(console, meta, cmds, results, breakdown, goal)
    failures = [f"[red]check FAILED[/red]: {r.name}: {failure}"
                for r in results for failure in r.failures]
    document = {
        "commands": [asdict(r) for r in results],
        # the target alone, as before ``targets`` (the shared list) was written
        "target": {"name": "small resolve vs python -c 'import numpy'",
                   "ratio": goal.value, "threshold": RESOLVE_VS_NUMPY, "passed": goal.passed},
        "import_breakdown_ms": {p: m / 1e3 for p, m in breakdown.most_common()},
    }
    tail = "; checks: " + (f"[red]{len(failures)} FAILED[/red]" if failures else "all passed")
    return finish(console, args.json, meta, started, [goal, versus_script], document,
                  title="Targets",
                  after=failures, tail=tail, failed=bool(failures))


if __name__ == "__main__":
    sys.exit(main())

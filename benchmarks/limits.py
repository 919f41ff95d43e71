"""Enormous and hostile questions, as whole processes: time, peak memory, outcome.

Run from the repository root (with the project's venv)::

    python benchmarks/limits.py                      # every question, a couple of minutes
    python benchmarks/limits.py --quick              # CI: the cheaper half
    python benchmarks/limits.py --json results.json  # also write every number as JSON

Each question is a valid but enormous scenario (or a Python call on one) that once hung,
crashed or took gigabytes. Each runs as a fresh ``riftsolve`` process (or ``python -c``);
its wall time comes from the parent and its peak resident memory from its own ``VmHWM``
(``_common.wait_watched``; ``os.wait4``'s ``ru_maxrss`` would count the parent's). The
target, from the robustness issue: every one answers (exit 0) or refuses with one line
saying what to ask instead (exit 3), within 10 s and under 1 GiB on this 2-core machine. A
run past 60 s is killed and counted as a miss. The script exits 1 when a question ends
otherwise than it should (an exit status other than 0 or 3, or a traceback); a time or
memory miss is reported, not failed on (machines are noisy). ``--all`` streaming is
measured for flat memory: it lists for a few seconds (to ``/dev/null``), is interrupted,
and must exit 130 with its memory under the same bound. """

from __future__ import annotations

import json
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from _common import (
    Target,
    base_parser,
    environment,
    finish,
    make_console,
    new_table,
    pass_cell,
    process_environment,
    riftsolve_argv,
    versions_line,
    wait_watched,
)

from riftsolve.engine.params import optimising_solver

#: The issue's bounds: answered or refused within this many seconds and bytes.
SECONDS = 10.0
BYTES = 2**30
#: Longest any run may take before it is killed.
KILL_AFTER = 60.0


@dataclass
class Question:
    """One enormous question: a scenario and the command that asks it."""

    label: str
    scenario: dict[str, Any] | None
    args: list[str]
    quick: bool = True
    #: Interrupt after this many seconds (streaming runs), expecting exit 130.
    interrupt_after: float | None = None
    #: A Python program to run instead of the command line ("{path}" is the scenario).
    python: str | None = None


@dataclass
class Outcome:
    label: str
    command: str
    exit_code: int
    seconds: float
    peak_mib: float
    said: str
    passed: bool
    #: Answered, refused or interrupted as it should be (times and memory aside).
    behaved: bool


def _alpha(might: int, targets: int, **unit: Any) -> dict[str, Any]:
    units = [{"id": "kai", "controller": "A", "might": might, "location": "north"}]
    units += [{"id": f"t{i:04d}", "controller": "B", "might": 1 + i % 7, "location": "north",
               **unit} for i in range(targets)]
    return {"format": 1, "controller": "A", "card": "Alpha Strike", "battlefields": ["north"],
            "units": units, "targets": {"friendly": "kai",
                                        "enemies": [u["id"] for u in units[1:]]}}


def _group(card: str, units: int, battlefields: int = 1, **top: Any) -> dict[str, Any]:
    fields = [f"bf{i:04d}" for i in range(battlefields)]
    return {"format": 1, "controller": "A", "card": card, "battlefields": fields, **top,
            "units": [{"id": f"u{i:04d}", "controller": "B", "might": i % 5,
                       "location": fields[i % battlefields]} for i in range(units)]}


def questions() -> list[Question]:
    """The questions of the issue, each as it was reported."""
    volibear = {"format": 1, "controller": "A", "card": "Volibear, Furious",
                "source": "voli", "bonus_damage": 10**6, "battlefields": ["north"],
                "units": [{"id": "voli", "controller": "A", "might": 9, "location": "north"},
                          *({"id": f"e{i}", "controller": "B", "might": 3 + i,
                             "location": "north"} for i in range(6))],
                "targets": {"enemies": [f"e{i}" for i in range(6)]}}
    capped = _group("Fox-Fire", 1000)
    del capped["card"]
    capped["effect"] = {"name": "Wide Net", "group": {"action": "kill", "slots": [
        {"name": "units", "at": "board"}], "might_cap": 10**6}}
    for index, unit in enumerate(capped["units"]):
        unit["might"] = 1000 + index * 7  # distinct large Mights: no shortcut
    taxing = _alpha(100, 100, deflect=3)
    del taxing["targets"]
    taxing["units"][-1]["deflect"] = 2
    taxing["available_power"] = 2
    huge = ("import numpy as np\nfrom riftsolve import load_scenario, resolve\n")
    return [
        Question("900 targets, 1,000 damage, --limit 3", _alpha(1000, 900),
                 ["resolve", "--limit", "3"]),
        Question("5,000 damage among 1,000 targets, --limit 3", _alpha(5000, 1000),
                 ["resolve", "--limit", "3"]),
        Question("10^6 damage, --explain --limit 1", _alpha(10**6, 3),
                 ["resolve", "--explain", "--limit", "1"]),
        Question("count of 8,900 digits", _alpha(10**6, 3000), ["resolve", "--count"]),
        Question("best, 10^6 damage among 1,000 targets", _alpha(10**6, 1000),
                 ["best", "--objective", "kills,-overkill"], quick=False),
        Question("best, Volibear with 10^6 Bonus Damage", volibear,
                 ["best", "--objective", "kills,-overkill"]),
        Question("best --all-optimal, 5 damage among 1,000", _alpha(5, 1000),
                 ["best", "--objective", "kills", "--all-optimal"]),
        Question("best --top 1000, 5 damage among 1,000", _alpha(5, 1000),
                 ["best", "--objective", "kills", "--top", "1000"]),
        Question("best --all-optimal, 100 targets, pool 200", _alpha(200, 100),
                 ["best", "--objective", "kills,-overkill", "--all-optimal"], quick=False),
        Question("best --top 3, 300 targets, pool 600", _alpha(600, 300),
                 ["best", "--objective", "kills,-overkill", "--top", "3"], quick=False),
        Question("inline cap 10^6 on 1,000 units, --count", capped, ["finalize", "--count"]),
        Question("Fox-Fire on 1,200 units, --limit 3", _group("Fox-Fire", 1200),
                 ["finalize", "--limit", "3"]),
        Question("Elder Dragon, 1,000 battlefields, --limit 3",
                 _group("Elder Dragon", 1000, 1000), ["finalize", "--limit", "3"]),
        Question("2 declarations among 100 Deflect units", taxing, ["finalize"]),
        Question("index and sample a 14,000-digit count", _alpha(10**5, 10**4), [],
                 python=huge + "legal = resolve(load_scenario('{path}'))\n"
                 "last = legal.count() - 1\n"
                 "assert legal.index(legal[last]) == last\n"
                 "assert legal.sample(np.random.default_rng(1)) in legal\n", quick=False),
        Question("--all streaming, interrupted after 4 s", _alpha(60, 20), ["resolve", "--all"],
                 interrupt_after=4.0),
    ]


def run(question: Question, folder: Path, env: dict[str, str]) -> Outcome:
    """Run one question as a fresh process and measure it."""
    path = folder / "scenario.json"
    if question.scenario is not None:
        path.write_text(json.dumps(question.scenario))
    if question.python is not None:
        argv = [sys.executable, "-c", question.python.replace("{path}", str(path))]
        shown = "python -c ..."
    else:
        argv = [*riftsolve_argv(), question.args[0], str(path), *question.args[1:]]
        shown = "riftsolve " + " ".join(question.args)
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env=env, text=True)
    if question.interrupt_after is not None:
        time.sleep(question.interrupt_after)
        process.send_signal(signal.SIGINT)
    code, peak_mib = wait_watched(process.pid, start + KILL_AFTER)
    process.returncode = code
    seconds = time.perf_counter() - start
    assert process.stderr is not None
    err = process.stderr.read()
    process.stderr.close()
    peak = peak_mib * 2**20
    said = next((line for line in err.splitlines() if not line.startswith(
        "riftsolve: warning")), "")
    expected = (130,) if question.interrupt_after is not None else (0, 3)
    limit = SECONDS + (question.interrupt_after or 0)
    behaved = code in expected and "Traceback" not in err
    passed = behaved and seconds <= limit and peak <= BYTES
    return Outcome(question.label, shown, code, seconds, peak / 2**20, said[:120], passed,
                   behaved)


def limit_targets(asked: Sequence[Question], outcomes: Sequence[Outcome]) -> list[Target]:
    """Each question's target: answered, refused or interrupted as it should be, within
    ``SECONDS`` (after the interruption, for a streaming run) and ``BYTES``."""
    return [Target(f"as it should, within {SECONDS:g} s and {BYTES // 2**20:,} MiB", o.label,
                   o.seconds, SECONDS + (q.interrupt_after or 0), o.passed, unit="s",
                   sense="<=", detail=f"exit {o.exit_code}, peak {o.peak_mib:,.0f} MiB")
            for q, o in zip(asked, outcomes, strict=True)]


def main() -> int:
    parser = base_parser(__doc__, "the cheaper questions only (CI)")
    args = parser.parse_args()
    console = make_console(140)
    meta = environment(("numpy", "ortools", "riftsolve"),
                       cpsat_num_workers=optimising_solver().parameters.num_workers)
    console.print(versions_line(meta, ("numpy", "ortools", "riftsolve")))
    env = process_environment()
    asked = [q for q in questions() if q.quick or not args.quick]
    outcomes = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for question in asked:
            console.print(f"running {question.label} ...")
            outcomes.append(run(question, Path(folder), env))
    table = new_table(f"Enormous questions: answered (0) or refused (3) within {SECONDS:.0f} s "
                      f"and {BYTES // 2**20:,} MiB", ("question", "exit", "time", "peak",
                                                     "said", "target"),
                      left={"question", "said"})
    for o in outcomes:
        table.add_row(o.label, str(o.exit_code), f"{o.seconds:.2f} s", f"{o.peak_mib:,.0f} MiB",
                      o.said or "(answered)", pass_cell(o.passed))
    console.print(table)
    # a time or memory miss is reported (a noisy machine); a wrong outcome fails the run
    return finish(console, args.json, meta, started, limit_targets(asked, outcomes),
                  {"outcomes": [asdict(o) for o in outcomes]}, title=None,
                  failed=not all(o.behaved for o in outcomes))


if __name__ == "__main__":
    sys.exit(main())

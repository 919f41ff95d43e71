"""Hostile inputs on every surface, seeded, each run a whole bounded process.

Run from the repository root (with the project's venv)::

    python benchmarks/hostile.py                     # 60 cases a surface, about 10 minutes
    python benchmarks/hostile.py --quick             # CI: 6 cases a surface
    python benchmarks/hostile.py --seed 7 --cases 200 --surface notation
    python benchmarks/hostile.py --json results.json # also write every run as JSON

The cases come from the seeded generators of ``_hostile_cases.py``: scenarios (JSON) and
boards (the notation) with one hostile value, line or byte pattern each, card dumps and
errata overlays, batches of good and hostile entries answered with ``--out`` (some
interrupted, then resumed), long questions interrupted or cut off by their reader, and
request bodies posted to one running page server (the ``web`` extra; the surface is
skipped without it). A case is named ``surface:seed:number`` and replays exactly.

Every run is a fresh ``riftsolve`` process with its address space capped at 3 GiB and is
killed after 30 s. The README's promise is checked on each: it answers or refuses (an
exit code the case allows), with no traceback and, when it refuses, one line on standard
error; a batch ends with exactly one record for each entry. The script exits 1 when a
run breaks that. Its time (bound 10 s) and peak resident memory (bound 1 GiB) are
reported, the slowest and the largest of each surface shown: a miss is reported, not
failed on (machines are noisy), and the issue's bar is no miss on a 2-core machine."""

from __future__ import annotations

import http.client
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from _common import (
    Target,
    base_parser,
    environment,
    finish,
    make_console,
    new_table,
    pass_cell,
    process_environment,
    resident_peak_mib,
    riftsolve_argv,
    target,
    versions_line,
)
from _hostile_cases import GENERATORS, Case, Step, serve_body

from riftsolve.engine.params import optimising_solver

#: The README's bounds on every run.
SECONDS = 10.0
PEAK_MIB = 1024.0
#: The address space a run may reserve (a runaway allocation fails instead of swapping),
#: and when it is killed.
ADDRESS_SPACE = 3 << 30
KILL_AFTER = 30.0
#: A small question asked of the server after each hostile body: it must still be answered.
SMALL = (b'{"scenario": "card Alpha Strike\\ncontroller A\\nbattlefields north\\n'
         b'kai A 2 @north\\nr1 B 1 @north\\nr2 B 1 @north\\n'
         b'targets friendly=kai enemies=r1,r2", "question": "resolve"}')


@dataclass
class Ran:
    """What one process of a case did."""

    case: str
    surface: str
    label: str
    command: str
    code: int | None  # None: killed after KILL_AFTER
    seconds: float
    peak_mib: float
    problem: str  # empty: behaved as the README says


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _write(folder: Path, files: Mapping[str, bytes | str]) -> None:
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        elif data == "dir":
            path.mkdir()
        elif data == "fifo":
            os.mkfifo(path)
        else:
            assert data == "dangling", data
            path.symlink_to(folder / "nowhere")


def _wait(process: subprocess.Popen[bytes], deadline: float) -> tuple[int | None, float]:
    """Wait for ``process`` (killed with its group at ``deadline``), reading its peak
    resident memory every 5 ms: ``(exit code or None when killed, peak MiB)``."""
    peak = 0.0
    while process.poll() is None:
        peak = max(peak, resident_peak_mib(process.pid) or 0.0)
        if time.perf_counter() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            return None, peak
        time.sleep(0.005)
    return process.returncode, peak


def run_step(step: Step, folder: Path, env: dict[str, str]) -> tuple[int | None, float, float,
                                                                      str]:
    """Run one step: ``(exit code, seconds, peak MiB, standard error)``."""
    argv = [*riftsolve_argv(), *(a.replace("{d}", str(folder)) for a in step.argv)]
    errors = folder / ".stderr"
    start = time.perf_counter()
    with open(errors, "wb") as err:
        process = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE if step.read_bytes is not None else subprocess.DEVNULL,
            stderr=err, env=env, preexec_fn=_limit, start_new_session=True)
        if step.read_bytes is not None:
            assert process.stdout is not None
            if step.read_bytes:
                process.stdout.read(step.read_bytes)
            process.stdout.close()
        elif step.interrupt_after is not None:
            time.sleep(step.interrupt_after)
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C does: the whole group
        code, peak = _wait(process, start + KILL_AFTER)
    seconds = time.perf_counter() - start - (step.interrupt_after or 0.0)
    return code, seconds, peak, errors.read_bytes().decode("utf-8", "replace")


def _problem(step: Step, code: int | None, err: str) -> str:
    """What the run did that the README says it must not ('' when nothing)."""
    if code is None:
        return f"no answer in {KILL_AFTER:g} s"
    if "Traceback" in err:
        return "a traceback: " + err.strip().splitlines()[-1][:200]
    if code not in step.codes:
        return f"exit {code} (allowed: {', '.join(map(str, step.codes))}): {err.strip()[:200]}"
    lines = [line for line in err.splitlines() if line.strip()
             and not line.startswith("riftsolve: warning")]
    if code not in (0, 1) and len(lines) != 1:
        return f"{len(lines)} lines on standard error: {lines[:2]}"
    if lines and max(map(len, lines)) > 1000:
        return f"a line of {max(map(len, lines)):,} characters on standard error"
    return ""


def run_case(name: str, case: Case, env: dict[str, str]) -> list[Ran]:
    """Every step of ``case`` in a fresh folder, then its check."""
    done: list[Ran] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        _write(folder, case.files)
        for step in case.steps:
            code, seconds, peak, err = run_step(step, folder, env)
            shown = " ".join(step.argv).replace("{d}/", "")
            done.append(Ran(name, case.surface, case.label, shown, code, seconds, peak,
                            _problem(step, code, err)))
        if case.check is not None and not any(r.problem for r in done):
            done[-1].problem = case.check(folder) or ""
    return done


# --------------------------------------------------------------------------- the server


def _post(port: int, body: bytes, leave: bool) -> tuple[int | None, float]:
    """POST ``body`` to /api/answer: ``(status or None, seconds)``; a leaving client
    sends half of it and closes."""
    start = time.perf_counter()
    if leave:
        with socket.create_connection(("127.0.0.1", port), timeout=KILL_AFTER) as sock:
            sock.sendall(b"POST /api/answer HTTP/1.1\r\nhost: localhost\r\ncontent-type: "
                         b"application/json\r\ncontent-length: %d\r\n\r\n" % (len(body) * 2)
                         + body)
        return None, time.perf_counter() - start
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=KILL_AFTER)
    try:
        connection.request("POST", "/api/answer", body=body,
                           headers={"content-type": "application/json"})
        status = connection.getresponse()
        status.read()
        return status.status, time.perf_counter() - start
    except (OSError, http.client.HTTPException):
        return -1, time.perf_counter() - start
    finally:
        connection.close()


def run_server(seed: int, cases: int, env: dict[str, str]) -> list[Ran]:
    """One ``riftsolve serve``, posted ``cases`` hostile bodies, each followed by the small
    question (which must be answered, 200); then its log must hold no traceback."""
    argv = [*riftsolve_argv(), "serve", "--port", "0", "--timeout", "8"]
    done: list[Ran] = []
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=log, env=env, preexec_fn=_limit,
                                  start_new_session=True)
        assert server.stdout is not None
        banner = server.stdout.readline().decode()
        if "http://" not in banner:
            log.seek(0)
            return [Ran("serve", "serve", "the server starts", "serve", server.wait(), 0.0,
                        0.0, log.read().decode()[-300:] or banner)]
        port = int(banner.split("http://")[1].split("/")[0].rsplit(":", 1)[1])
        try:
            for number in range(cases):
                name = f"serve:{seed}:{number}"
                said, body, leave = serve_body(random.Random(f"serve:{seed}:{number}"))
                status, seconds = _post(port, body, leave)
                small, small_seconds = _post(port, SMALL, False)
                problem = ""
                if status is not None and status not in (200, 400, 413, 503):
                    problem = f"HTTP {status}"
                elif small != 200:
                    problem = f"the small question after it: HTTP {small}"
                elif small_seconds > 3.0:
                    problem = f"the small question after it waited {small_seconds:.1f} s"
                done.append(Ran(name, "serve", said, f"POST {len(body):,} bytes",
                                status, max(seconds, small_seconds),
                                resident_peak_mib(server.pid) or 0.0, problem))
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
        log.seek(0)
        said = log.read().decode("utf-8", "replace")
    if "Traceback" in said:
        done.append(Ran(f"serve:{seed}", "serve", "the server's log", "serve", server.returncode,
                        0.0, 0.0, "a traceback: " + said.strip().splitlines()[-1][:200]))
    return done


def _has_web() -> bool:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return False
    return True


# --------------------------------------------------------------------------- the report


def surface_targets(surfaces: Sequence[str], runs: Sequence[Ran]) -> list[Target]:
    """Per surface: its slowest run within ``SECONDS`` and its largest within
    ``PEAK_MIB``."""
    found = []
    for surface in surfaces:
        mine = [r for r in runs if r.surface == surface]
        if not mine:
            continue
        slowest = max(mine, key=lambda r: r.seconds)
        largest = max(mine, key=lambda r: r.peak_mib)
        found.append(target(f"slowest within {SECONDS:g} s", surface, slowest.seconds,
                            SECONDS, unit="s", sense="<=",
                            detail=f"{slowest.case}: {slowest.label[:60]}"))
        found.append(target("largest within 1 GiB (share of it)", surface,
                            largest.peak_mib / PEAK_MIB, 1.0, unit="x", sense="<=",
                            detail=f"{largest.peak_mib:,.0f} MiB, {largest.case}: "
                            f"{largest.label[:48]}"))
    return found


def main() -> int:
    parser = base_parser(__doc__, "6 cases a surface (CI)")
    parser.add_argument("--seed", type=int, default=20261206, help="the generators' seed")
    parser.add_argument("--cases", type=int, help="cases a surface (default 60; quick 6)")
    parser.add_argument("--surface", action="append", choices=[*GENERATORS, "serve"],
                        help="only this surface (repeatable)")
    parser.add_argument("--case", help="only the case named SURFACE:SEED:NUMBER")
    args = parser.parse_args()
    console = make_console(150)
    meta = environment(("numpy", "ortools", "riftsolve"), seed=args.seed,
                       cpsat_num_workers=optimising_solver().parameters.num_workers)
    console.print(versions_line(meta, ("numpy", "ortools", "riftsolve")))
    env = process_environment()
    count = args.cases or (6 if args.quick else 60)
    surfaces = args.surface or [*GENERATORS, "serve"]
    named: list[tuple[str, Case]] = []
    if args.case:
        surface = args.case.split(":")[0]
        named.append((args.case, GENERATORS[surface](random.Random(args.case))))
        surfaces = [surface]
    else:
        named = [(f"{s}:{args.seed}:{n}", GENERATORS[s](random.Random(f"{s}:{args.seed}:{n}")))
                 for s in surfaces if s in GENERATORS for n in range(count)]
    started = time.perf_counter()
    runs: list[Ran] = []
    for name, case in named:
        console.print(f"{name} {case.label[:110]}", markup=False, highlight=False)
        runs += run_case(name, case, env)
    if "serve" in surfaces and not args.case:
        if _has_web():
            console.print(f"serve: {count} bodies posted to one server")
            runs += run_server(args.seed, count, env)
        else:
            console.print("serve: skipped (the page's server needs the web extra)")
    table = new_table(f"Hostile inputs (seed {args.seed}): each run answered or refused in one "
                      f"line, no traceback, within {SECONDS:g} s and {PEAK_MIB:,.0f} MiB",
                      ("surface", "runs", "behaved", "over 10 s", "over 1 GiB",
                       "median", "slowest", "largest"), left={"surface"})
    for surface in surfaces:
        mine = [r for r in runs if r.surface == surface]
        if not mine:
            continue
        times = sorted(r.seconds for r in mine)
        table.add_row(surface, str(len(mine)),
                      pass_cell(all(not r.problem for r in mine),
                                sum(not r.problem for r in mine) / len(mine)),
                      str(sum(r.seconds > SECONDS for r in mine)),
                      str(sum(r.peak_mib > PEAK_MIB for r in mine)),
                      f"{times[len(times) // 2]:.2f} s", f"{times[-1]:.2f} s",
                      f"{max(r.peak_mib for r in mine):,.0f} MiB")
    console.print(table)
    broken = [r for r in runs if r.problem]
    lines = [f"{r.case} [{r.command}] {r.label[:80]}: {r.problem}" for r in broken]
    return finish(console, args.json, meta, started, surface_targets(surfaces, runs),
                  {"runs": [asdict(r) for r in runs]}, title="Bounds", after=lines,
                  tail=f"; {len(runs) - len(broken)}/{len(runs)} runs behaved",
                  failed=bool(broken))


if __name__ == "__main__":
    sys.exit(main())

"""Hostile batches, each a whole process under the README's bounds (10 s, 1 GiB, no
traceback): a bad line is its own error record and the batch goes on, records are keyed
by position and id so that a resume is exact whatever the ids, entries that are not files
are error records (never opened), Ctrl-C ends it with 130, and the exit code says when
some records failed."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bounded import riftsolve
from conftest import needs

from riftsolve.faces.batch_cli import EXIT_SOME_FAILED


def _fox(ident: str, enemies: int = 2) -> dict[str, Any]:
    """Fox-Fire with ``enemies`` 1-Might enemies at north: any subset of at most 4 of them
    (total Might 4 or less, 355.13): 4 for 2 enemies."""
    return {"id": ident, "format": 1, "controller": "A", "card": "Fox-Fire",
            "battlefields": ["north"],
            "units": [{"id": f"r{j}", "controller": "B", "might": 1, "location": "north"}
                      for j in range(enemies)]}


def _records(out: bytes) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.decode().splitlines()]


def test_bad_lines_are_records_of_their_own(tmp_path: Path) -> None:
    """A line nested 100,000 deep crashed the batch before any record (it was parsed
    while counting for the progress bar); a 1,000,000-digit number was parsed 2-3 times
    at ~10 s each; a key given twice was answered (the line was re-encoded). Each is now
    an error record, the good lines around them answered, and the exit code 1."""
    lines = [json.dumps(_fox("a")), "[" * 100_000 + "]" * 100_000,
             json.dumps(_fox("b"))[:-1] + ', "x-big": ' + "9" * 1_000_000 + "}",
             json.dumps(_fox("c"))[:-1] + ', "controller": "B"}', json.dumps(_fox("d"))]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n")
    run = riftsolve("batch", source, "--jobs", "1")
    assert run.code == EXIT_SOME_FAILED and "Traceback" not in run.err and run.seconds < 10
    records = _records(run.out)
    assert [(r["id"], r["index"]) for r in records] == [
        ("a", 1), ("line 2", 2), ("b", 3), ("c", 4), ("d", 5)]
    assert [r.get("count") for r in records] == [4, None, 4, None, 4]  # (an x- key: ignored)
    assert "nested too deeply" in records[1]["error"]["message"]
    assert "given twice" in records[3]["error"]["message"]
    everything_fine = tmp_path / "fine.jsonl"
    everything_fine.write_text(lines[0] + "\n" + lines[4] + "\n")
    assert riftsolve("batch", everything_fine, "--jobs", "1").code == 0


def test_a_resume_is_exact_whatever_the_ids(tmp_path: Path) -> None:
    """Input a, b, a stopped after two records: the rerun skipped both a's (by id) and
    left 2 of 3. Keyed by position and id, it writes the third."""
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(_fox(i, n)) + "\n" for i, n in
                              (("a", 1), ("b", 2), ("a", 3))))
    out = tmp_path / "out.jsonl"
    full = riftsolve("batch", source, "--jobs", "1")
    out.write_bytes(b"".join(full.out.splitlines(keepends=True)[:2]))
    rerun = riftsolve("batch", source, "--jobs", "1", "--out", out)
    assert rerun.code == 0, rerun.err
    assert out.read_bytes() == full.out
    assert [r["count"] for r in _records(full.out)] == [2, 4, 8]


def test_entries_that_are_not_files_are_error_records(tmp_path: Path) -> None:
    """A folder named m.json and a broken link ended in tracebacks; a FIFO named m.board
    waited forever. Each is an error record, never opened; the scenario beside them is
    answered."""
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "m.json").mkdir()
    (folder / "gone.json").symlink_to(folder / "nowhere.json")
    os.mkfifo(folder / "pipe.board")
    (folder / "ok.json").write_text(json.dumps({k: v for k, v in _fox("ok").items()
                                                if k != "id"}))
    run = riftsolve("batch", folder, "--jobs", "1")
    assert run.code == EXIT_SOME_FAILED and "Traceback" not in run.err and run.seconds < 10
    records = {r["id"]: r for r in _records(run.out)}
    assert records["ok.json"]["count"] == 4
    assert "a broken link" in records["gone.json"]["error"]["message"]
    assert "a folder" in records["m.json"]["error"]["message"]
    assert "not a regular file" in records["pipe.board"]["error"]["message"]
    out_dir = tmp_path / "out-dir"
    out_dir.mkdir()
    bad_out = riftsolve("batch", folder, "--out", out_dir)
    bad_out.check((2,))
    assert "--out" in bad_out.err


def _interrupted(tmp_path: Path, scenarios: int, engine: list[str], start: float,
                 stop: float) -> tuple[int | None, str, Path]:
    """A batch of ``scenarios`` small ones (with ``engine``'s options, into ``--out``),
    sent SIGINT once 10 KB of records are written (or after ``start`` s): its exit code,
    its standard error (it must end within ``stop`` s) and its output file."""
    source = tmp_path / "in.jsonl"
    with source.open("w") as stream:
        for i in range(scenarios):
            stream.write(json.dumps(_fox(f"s{i}", 1 + i % 5)) + "\n")
    out = tmp_path / "out.jsonl"
    process = subprocess.Popen([sys.executable, "-m", "riftsolve", "batch", str(source),
                                *engine, "--out", str(out)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + start
    while (not out.exists() or out.stat().st_size < 10_000) and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=stop)
    return process.returncode, err, out


def test_ctrl_c_ends_a_parallel_batch_with_130(tmp_path: Path) -> None:
    """SIGINT into a `--jobs 2 --out` run once killed it by the signal, with no line said
    (a worker died of it and broke the pool): the workers leave Ctrl-C to the batch's
    process, which stops them and says it was interrupted."""
    code, err, out = _interrupted(tmp_path, 60_000, ["--jobs", "2"], start=20, stop=10)
    assert code == 130, err
    assert err.startswith("riftsolve: interrupted:") and "Traceback" not in err
    kept = out.read_text().splitlines()
    assert all(json.loads(line)["id"].startswith("s") for line in kept)  # whole lines


def test_ctrl_c_ends_a_batch_on_ray_with_130(tmp_path: Path) -> None:
    """`batch --engine ray` ignored Ctrl-C (still running 12 s later: a blocking
    `ray.get` never returned to the interpreter): tasks are now waited for in short turns,
    cancelled on Ctrl-C, and the local cluster stopped; exit 130 with one line."""
    needs("ray", "ray")
    # (a local Ray instance starts in seconds)
    code, err, _ = _interrupted(tmp_path, 200_000, ["--engine", "ray"], start=90, stop=30)
    assert code == 130, err
    assert err.startswith("riftsolve: interrupted:") and "Traceback" not in err


def test_a_summary_line_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal, the batch ends with one line counting what it wrote."""
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps(_fox("a")) + "\n" + '{"format": 1}\n')
    leader, follower = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "riftsolve", "batch", str(source),
                               "--jobs", "1"], stdout=subprocess.PIPE, stderr=follower,
                              timeout=30, check=False)
        os.close(follower)
        said = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            said += chunk
    finally:
        os.close(leader)
    assert done.returncode == EXIT_SOME_FAILED
    assert b"riftsolve: batch: 2 records written, 1 errors, 0 refused" in said


#: Runs the command line on argv[1:] after registering ``HOOK`` (its stand-in for a
#: Ctrl-C pressed at an exact moment).
_WITH_HOOK = """\
import os, signal, sys
from riftsolve.faces.entry import run
sent = []
def ctrl_c():
    if not sent:
        sent.append(1)
        os.kill(os.getpid(), signal.SIGINT)
{hook}
sys.argv = ["riftsolve", *sys.argv[1:]]
sys.exit(run())
"""


def _batch_with_hook(tmp_path: Path, hook: str) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(_fox(f"s{i}")) + "\n" for i in range(4)))
    return subprocess.run([sys.executable, "-c", _WITH_HOOK.format(hook=hook), "batch",
                           str(source), "--jobs", "2", "--out", str(tmp_path / "out.jsonl")],
                          capture_output=True, text=True, timeout=60, check=False)


def test_ctrl_c_while_the_pool_forks_is_not_lost(tmp_path: Path) -> None:
    """Ctrl-C pressed while the pool forked its workers was raised inside ``os.fork``'s
    hooks, printed as an ignored exception (a traceback) and forgotten: the batch ran to
    its end and exited 1. It is held back while the pool forks, then stops the batch."""
    done = _batch_with_hook(tmp_path, "os.register_at_fork(after_in_parent=ctrl_c)")
    assert done.returncode == 130, done.stderr
    assert done.stderr == "riftsolve: interrupted: stopped at the user's request (Ctrl-C)\n"


def test_ctrl_c_once_answered_is_ignored(tmp_path: Path) -> None:
    """Ctrl-C pressed once every record was written, as the interpreter exits, killed the
    process by the signal (exit -2, no word) or printed a traceback from an exit hook; the
    batch's own exit code now stands."""
    done = _batch_with_hook(tmp_path, "import atexit\natexit.register(ctrl_c)")
    assert (done.returncode, done.stderr) == (0, "")
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 4


def test_ctrl_c_lost_in_a_finaliser_still_stops_the_batch(tmp_path: Path) -> None:
    """Ctrl-C raised inside a finaliser (``__del__``, run whenever an object goes) cannot
    propagate: Python printed it as an ignored exception, a traceback, and the batch ran
    on to exit 1. It is remembered instead: the batch stops before its next record, exit
    130, one line."""
    hook = """
import riftsolve.faces.batch as batch
real, seen = batch.answer, []
class Dropped:
    def __del__(self):
        ctrl_c()
        for _ in range(1000):  # (the interrupt is raised here, inside the finaliser)
            pass
def answer(*job):
    seen.append(1)
    if len(seen) == 2:
        Dropped()
    return real(*job)
batch.answer = answer
"""
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(_fox(f"s{i}")) + "\n" for i in range(6)))
    done = subprocess.run([sys.executable, "-c", _WITH_HOOK.format(hook=hook), "batch",
                           str(source), "--jobs", "1", "--out", str(tmp_path / "out.jsonl")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 130, done.stderr
    assert done.stderr == "riftsolve: interrupted: stopped at the user's request (Ctrl-C)\n"
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) < 6

"""A command run as a whole process under the README's bounds: its wall time and its
peak resident memory measured, its address space capped, its standard error checked for a
traceback. The hostile-input suites (``test_bounds_*``) run every case through it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

#: The README's promise: every command answers or refuses within seconds...
SECONDS = 10.0
#: ...in bounded memory (peak resident set of the whole process).
PEAK_MIB = 1024
#: The address space a case may reserve (a runaway allocation fails instead of swapping).
ADDRESS_SPACE = 3 << 30

#: Runs argv[2:] with the address space capped at argv[1] bytes and reports the child's
#: peak resident memory (KiB) on the last line of standard error.
_WRAPPER = """\
import resource, subprocess, sys
cap = int(sys.argv[1])
def limit():
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
done = subprocess.run(sys.argv[2:], preexec_fn=limit)
sys.stderr.write("\\n@peak %d\\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(done.returncode if done.returncode >= 0 else 128 - done.returncode)
"""


@dataclass(frozen=True)
class Run:
    """What a bounded run did."""

    code: int | None  # None: killed at the time limit
    seconds: float
    peak_mib: float
    out: bytes
    err: str

    def check(self, codes: tuple[int, ...] = (0, 2, 3)) -> None:
        """Answered or refused within the bounds, with no traceback."""
        assert self.code is not None, f"no answer in {SECONDS} s: {self.err[-300:]}"
        assert "Traceback" not in self.err, self.err[-2000:]
        assert self.code in codes, (self.code, self.err[-500:])
        assert self.seconds < SECONDS, self.seconds
        assert self.peak_mib < PEAK_MIB, self.peak_mib
        lines = [line for line in self.err.splitlines() if line]
        if self.code != 0:
            assert len(lines) == 1 and len(lines[0]) < 1000, lines[:3]


def riftsolve(*args: str | Path, stdin: bytes | None = None,
              timeout: float = SECONDS * 3) -> Run:
    """``riftsolve ARGS`` as a bounded process (killed at ``timeout``)."""
    return bounded([sys.executable, "-m", "riftsolve", *map(str, args)], stdin=stdin,
                   timeout=timeout)


def bounded(argv: list[str], stdin: bytes | None = None, timeout: float = SECONDS * 3
            ) -> Run:
    """``argv`` as a bounded process (killed at ``timeout``)."""
    start = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-c", _WRAPPER, str(ADDRESS_SPACE), *argv],
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    code: int | None
    try:
        out, err = process.communicate(stdin, timeout=timeout)
        code = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        code = None
    seconds = time.monotonic() - start
    text = err.decode("utf-8", "replace")
    text, _, peak = text.rpartition("\n@peak ")
    run = Run(code, seconds, int(peak.split()[0] or 0) / 1024 if peak else 0.0, out, text)
    log = os.environ.get("RIFTSOLVE_BOUNDS_LOG")
    if log:  # one line per run, for a report of the whole suite's slowest and largest
        with open(log, "a", encoding="utf-8") as lines:
            lines.write(f"{run.seconds:.2f}\t{run.peak_mib:.0f}\t{run.code}\t"
                        f"{'Traceback' in run.err}\t{' '.join(argv[1:])[:200]!r}\n")
    return run

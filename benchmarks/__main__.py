"""The benchmark suite: every card family on seeded large boards, every method side by side.

Run from the repository root (with the project's venv)::

    python -m benchmarks                       # the full suite, about 10-15 minutes
    python -m benchmarks --quick --out /tmp/b  # CI's run, under a minute
    python -m benchmarks --cards all           # every card of the library, not one per family

What it measures, in one run, on the boards of ``benchmarks/boards.py`` (2-4 players,
1-3 battlefields, 10 to 1,000 units; every card's finalization, and its resolution after
targets moved, died or changed Might; combats of as many receivers):

* **count latency**: ``count()`` on a fresh legal set (the rules applied each time), and
  the time to apply the rules alone; a question whose count is refused says why;
* **listing throughput** of the first ``--list-cap`` answers (10**6; 10**4 with
  ``--quick``), method by method: riftsolve's native backend as numpy rows (``arrays``)
  and as answer objects (``native``), its CP-SAT backend (a CP-SAT model with a solution
  callback, one worker: ``cpsat``) and its python-constraint2 backend (``pyconstraint``).
  Each runs in a forked child stopped after ``--budget`` seconds: a stopped method's rate
  is answers so far / time so far;
* **best latency**: ``best()`` with the family's objective on each resolution, against
  the brute force it is tested against (every answer listed and scored) where there are at
  most ``--brute-limit`` answers; both must find the same optimum;
* **whole processes**: start-up of ``riftsolve resolve`` on a small example against
  ``python -c "import numpy"``; each family's largest listing streamed by the command line
  to ``/dev/null`` (``--format jsonl --limit``), with its peak memory; and one listing of
  10**8 answers (10**6 with ``--quick``) with its peak memory, which must stay under
  200 MB.

It writes, into ``--out`` (default ``benchmarks/results``): ``results.json`` (library
versions, core count, commit, settings, every number), ``summary.md`` (the tables, named
by the manual, docs/benchmarks.md) and, with the ``plots`` extra (matplotlib), one PNG per
family (time and answers per second against board size, log scales, one line per method)
and one of the processes. Exit status 1 if a listing that finished disagrees with the
count, if ``best`` disagrees with the brute force, or if streaming passed 200 MB.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers beside this file

from suite import main  # after the path is set

if __name__ == "__main__":
    sys.exit(main(doc=__doc__))

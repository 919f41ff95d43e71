"""The benchmark suite: every card family on seeded large boards, every method side by side.

Run from the repository root (with the project's venv)::

    python -m benchmarks                       # the full suite, several minutes on 2 cores
    python -m benchmarks --quick --out /tmp/b  # CI's run: 10- and 100-unit boards, about
                                               # 30 s on 2 cores (under a minute)
    python -m benchmarks --cards all           # every card of the library, not a few per family

What it measures, in one run, on the boards of ``benchmarks/boards.py`` (2-4 players,
1-3 battlefields, 10 to 1,000 units; every card's finalization, and its resolution after
targets moved, died or changed Might; combats of as many receivers). Every timing is
repeated ``--repeats`` times (3 with ``--quick``, else 5): the median is reported, the
least and the most drawn as a bar around it.

* **count latency**: ``count()`` on a fresh legal set (the rules applied each time), and
  the time to apply the rules alone; a question whose count is refused says why;
* **listing**, method by method: riftsolve's native backend as numpy rows (``arrays``)
  and as answer objects (``native``), its CP-SAT backend (a CP-SAT model with a solution
  callback, one worker: ``cpsat``) and its python-constraint2 backend (``pyconstraint``),
  each listing the first ``--list-cap`` answers (10**6; 10**4 with ``--quick``) of a legal
  set already built, in a forked child stopped after ``--budget`` seconds (2; 0.3 with
  ``--quick``), timed again while its runs fit in the budget. A question of at least 100
  answers is a **throughput** (answers/s; a stopped method's is answers so far / time so
  far); one of fewer is a **latency**, the time to list every answer;
* **best latency**: ``best()`` with the family's objective on each resolution, against
  the brute force it is tested against (every answer listed and scored) where there are at
  most ``--brute-limit`` answers; both must find the same optimum;
* **whole processes**, each a fresh process read through a pipe: start-up of
  ``riftsolve resolve`` on a small example against ``python -c "import numpy"`` and against
  a python-constraint2 script printing the same lines (``_startup_pyconstraint.py``), and
  the time to the first answer's line; each family's largest listing streamed by the
  command line (``--format jsonl --limit``), and one listing of 10**8 answers (10**6 with
  ``--quick``): the first answer, answers per second (whole process, and once streaming)
  and peak memory, which must stay under 200 MB for the large one;
* **closer to the limit**: ``best`` on typical boards against two brute forces, maximal
  group subsets against every feasible one, finalization counts on larger boards, the
  JSON-lines writer against the rows it formats, ``arrays()`` against a direct numpy build
  (smaller shapes with ``--quick``).

It writes, into ``--out`` (default ``benchmarks/results``): ``results.json`` (library
versions, core count and CPU model, commit, mode, settings, every number and every timing
behind a median), ``summary.md`` (the tables, named by the manual, docs/benchmarks.md)
and, with the ``plots`` extra (matplotlib), one PNG per family (``split.png``,
``group.png``, ``joint.png``, ``combat.png``: a row per card, each point one question;
listing throughput, listing latency, and count/best/brute-force latency against board
size, one line per method and question kind; points with no value marked as declined,
stopped or not run) and ``processes.png`` (start-up, first answer, streaming rate and
peak memory of whole processes), each with the commit, machine, versions and mode in its
footer. Exit status 1 if a listing that finished disagrees with the count, if ``best``
disagrees with the brute force, if a streamed listing printed another number of lines or
passed 200 MB, or if the python-constraint2 script did not print riftsolve's lines.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers beside this file

from suite import main  # after the path is set

if __name__ == "__main__":
    sys.exit(main(doc=__doc__))

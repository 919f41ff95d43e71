"""Many scenarios answered at once: a folder of scenario files or a JSON-lines file, one
record per scenario, in the input's order.

Each record is a JSON object with the scenario's ``id`` (its file's name in a folder, its
``id`` field or ``line N`` in a JSON-lines file) and its answer: ``{"count": N}``,
``{"best": [...]}`` or ``{"answers": [...]}``, or its ``error`` (a malformed scenario, a
question too large): one failing scenario never stops the batch.

>>> doc = {"format": 1, "controller": "A", "card": "Fox-Fire", "battlefields": ["north"],
...        "units": [{"id": "r1", "controller": "B", "might": 2, "location": "north"}]}
>>> [r["count"] for r in batch([("one", doc)])]
[2]
>>> next(batch([("bad", {"format": 1})]))["error"]["field"]
'controller'
"""

from __future__ import annotations

import json
import logging
import os
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice
from pathlib import Path
from typing import Any, Literal

from riftsolve.models.format1 import parse_scenario_text
from riftsolve.models.limits import MAX_BYTES, shortened
from riftsolve.models.objectives import ObjectiveError
from riftsolve.models.scenario import ScenarioError
from riftsolve.solver import render
from riftsolve.solver.count import CountTooLarge
from riftsolve.solver.legal import finalize, resolve
from riftsolve.solver.optimum import TooManyToRank, best

Question = Literal["count", "best", "list"]
#: One scenario's work: its id, its text, the question, objective, limit and card library.
Job = tuple[str, str, Question, str | None, int | None, str | None]
#: Scenarios sent to a worker process at a time: a small question takes milliseconds, less
#: than the cost of sending it alone.
CHUNK = 64
#: The most answers a listing gives without ``limit``.
LIST_DEFAULT = 1_000


def read_input(path: str | Path) -> Iterator[tuple[str, str]]:
    """The scenarios of ``path`` as ``(id, text)``: each ``*.json`` (JSON) or ``*.board``
    (board notation) file of a folder (sorted by name, the name its id), or each
    non-blank line of a JSON-lines file (its ``id`` field, else ``line N``)."""
    where = Path(path)
    if where.is_dir():
        for file in sorted([*where.glob("*.json"), *where.glob("*.board")]):
            with file.open("rb") as handle:
                yield file.name, handle.read(MAX_BYTES + 1).decode("utf-8", "replace")
        return
    with where.open(encoding="utf-8", errors="replace") as lines:
        for number, line in enumerate(lines, 1):
            if line.strip():
                yield _named(line, f"line {number}")


def _named(text: str, otherwise: str) -> tuple[str, str]:
    """A JSON-lines scenario's id (its ``id`` field, which names it and is not part of the
    scenario) and its text without it; ``otherwise`` when it has none."""
    try:
        doc = json.loads(text)
    except ValueError:
        return otherwise, text  # (answered with the parse error)
    if not isinstance(doc, dict) or "id" not in doc:
        return otherwise, text
    found = doc.pop("id")
    return (found if isinstance(found, str) and found else otherwise), json.dumps(doc)


def answer(ident: str, text: str, question: Question = "count", objective: str | None = None,
           limit: int | None = None, cards: str | None = None) -> dict[str, Any]:
    """One scenario's record: its answer to ``question`` (the scenario's own question,
    finalize or resolve), or its error."""
    record: dict[str, Any] = {"id": ident}
    try:
        scenario = parse_scenario_text(text, cards=cards, where=ident)
        legal = finalize(scenario) if scenario.question == "finalize" else resolve(scenario)
        record["question"] = scenario.question
        if question == "count":
            record["count"] = legal.count()
        elif question == "best":
            if objective is None:
                raise ScenarioError("--objective", "best needs an objective")
            record["best"] = [{**render.line(legal, entry.answer), "objective": entry.values}
                              for entry in best(legal, objective)]
        else:
            record["answers"] = [render.line(legal, a)
                                 for a in islice(iter(legal), limit or LIST_DEFAULT)]
    except ScenarioError as err:
        record["error"] = {"field": shortened(err.field), "message": shortened(err.message)}
    except ObjectiveError as err:
        record["error"] = {"field": "--objective", "message": shortened(str(err))}
    except (TooManyToRank, CountTooLarge, OverflowError) as err:
        record["error"] = {"field": "", "message": shortened(str(err)), "refused": True}
    return record


def _answer(job: Job) -> dict[str, Any]:
    return answer(*job)


def batch(scenarios: Iterable[tuple[str, Any]] | str | Path, *,
          question: Question = "count", objective: str | None = None,
          limit: int | None = None, cards: str | None = None, jobs: int | None = 1,
          skip: Iterable[str] = (), engine: Literal["local", "ray"] = "local",
          address: str | None = None) -> Iterator[dict[str, Any]]:
    """The records of ``scenarios`` (``(id, scenario)`` pairs, the scenario a dict or JSON
    text; or a folder or JSON-lines file), in order, those whose id is in ``skip`` left
    out. ``jobs``: worker processes (``None``: every core; 1: this process). ``engine``
    ``"ray"``: tasks of :data:`RAY_CHUNK` scenarios on a Ray cluster (``address``, else
    ``RAY_ADDRESS``, else a local one started here), each worker building its models from
    the scenarios' text."""
    items = read_input(scenarios) if isinstance(scenarios, str | Path) else (
        (ident, doc if isinstance(doc, str) else json.dumps(doc)) for ident, doc in scenarios)
    done = set(skip)
    work = ((ident, text, question, objective, limit, cards) for ident, text in items
            if ident not in done)
    if engine == "ray":
        yield from _on_ray(work, address)
        return
    workers = (os.cpu_count() or 1) if jobs is None else max(1, jobs)
    if workers == 1:
        yield from map(_answer, work)
        return
    with ProcessPoolExecutor(workers) as pool:
        # chunks sent as workers free up, a few per worker in flight: memory stays bounded
        # whatever the input's size, and the records keep its order
        pending: deque[Future[list[dict[str, Any]]]] = deque()
        while chunk := list(islice(work, CHUNK)):
            pending.append(pool.submit(_answer_chunk, chunk))
            if len(pending) >= 4 * workers:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()


#: Scenarios a Ray task answers: a small question takes about a millisecond, below a
#: task's own cost, so each task carries many.
RAY_CHUNK = 200
#: Ray tasks in flight at once: enough to keep a cluster busy, few enough that memory and
#: the order of the output stay bounded.
RAY_WINDOW = 64


def _answer_chunk(chunk: list[Job]) -> list[dict[str, Any]]:
    """A Ray task: the records of a chunk of scenarios, built and answered on the worker
    (a CP-SAT model is never sent: it does not pickle)."""
    return [answer(*job) for job in chunk]


def _on_ray(work: Iterator[Job], address: str | None) -> Iterator[dict[str, Any]]:
    """The records, answered by Ray tasks of :data:`RAY_CHUNK` scenarios, in order."""
    try:
        import ray  # (an optional extra: pip install riftsolve[ray])
    except ImportError:
        raise ScenarioError("--engine", "Ray is not installed: pip install -e '.[ray]'") \
            from None
    if not ray.is_initialized():
        ray.init(address=address or os.environ.get("RAY_ADDRESS") or None,
                 include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    task = ray.remote(_answer_chunk)
    pending: deque[Any] = deque()
    while chunk := list(islice(work, RAY_CHUNK)):
        pending.append(task.remote(chunk))
        if len(pending) >= RAY_WINDOW:
            yield from ray.get(pending.popleft())
    while pending:
        yield from ray.get(pending.popleft())


def written_ids(path: str | Path) -> set[str]:
    """The ids already in an output file (its complete lines): what a rerun skips."""
    found: set[str] = set()
    where = Path(path)
    if not where.exists():
        return found
    with where.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            try:
                record = json.loads(line)
            except ValueError:
                continue  # (a line cut short by an interruption: answered again)
            if isinstance(record, dict) and isinstance(record.get("id"), str):
                found.add(record["id"])
    return found

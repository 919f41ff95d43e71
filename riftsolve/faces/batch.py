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

import contextlib
import json
import logging
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from itertools import islice
from multiprocessing.pool import AsyncResult
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

from riftsolve._json import JSONOut, JSONOutDoc
from riftsolve.engine.count import CountTooLarge
from riftsolve.engine.optimum import TooManyToRank, best
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import ctrl_c, render
from riftsolve.formats.reading import parse_scenario_text
from riftsolve.i18n import _
from riftsolve.rules.limits import MAX_BYTES, JsonError, read_json, shortened
from riftsolve.rules.objectives import ObjectiveError
from riftsolve.rules.scenario import ScenarioError

if TYPE_CHECKING:  # (Ray: an optional extra)
    from ray import ObjectRef

Question = Literal["count", "best", "list"]
#: One scenario's work: its id, its text (``None``: it could not be read, ``error`` says
#: why), the question, objective, limit, card library, its position and the input error.
Job = tuple[str, str | None, Question, str | None, int | None, str | None, int, str | None]
#: Scenarios sent to a worker process at a time: a small question takes milliseconds, less
#: than the cost of sending it alone.
CHUNK = 64
#: The most answers a listing gives without ``limit``.
LIST_DEFAULT = 1_000


class Entry(NamedTuple):
    """One scenario of a batch's input: its position (1-based: a file's rank in its
    folder, a line's number), its id, its text, or why it could not be read."""

    position: int
    ident: str
    text: str | None
    error: str | None = None

    @property
    def key(self) -> tuple[int, str]:
        """What a resumed batch knows it by: its position and its id (ids may repeat)."""
        return self.position, self.ident


def read_input(path: str | Path) -> Iterator[Entry]:
    """The scenarios of ``path``: each ``*.json`` (JSON) or ``*.board`` (board notation)
    entry of a folder (sorted by name, the name its id; one that is not a regular file,
    a folder, a FIFO, a broken link, is an entry with its error, never opened), or each
    non-blank line of a JSON-lines file (its ``id`` field, else ``line N``; a line longer
    than a scenario may be is an entry with its error, skipped without being held)."""
    where = Path(path)
    if where.is_dir():
        for index, name in enumerate(scenario_names(where), 1):
            yield _file_entry(index, where / name)
        return
    with where.open("rb") as stream:
        number = 0
        while True:
            line = stream.readline(MAX_BYTES + 1)
            if not line:
                return
            number += 1
            if len(line) > MAX_BYTES and not line.endswith(b"\n"):
                while (rest := stream.readline(MAX_BYTES)) and not rest.endswith(b"\n"):
                    pass  # (the rest of the line, read in bounded pieces and dropped)
                yield Entry(number, f"line {number}", None, _(
                    "larger than {size} MiB: not a scenario").format(size=MAX_BYTES // 2**20))
                continue
            text = line.decode("utf-8", "replace")
            if not is_blank(text):
                yield Entry(number, _named(text, f"line {number}"), text)


def is_blank(text: str) -> bool:
    """Whether a line of a JSON-lines file (decoded) holds nothing but whitespace, any
    Unicode whitespace: no entry, and no record (the progress total counts the same).

    >>> is_blank(" \\t\\n"), is_blank("\\u2028\\n"), is_blank("{}\\n")
    (True, True, False)
    """
    return not text.strip()


def scenario_names(folder: Path) -> list[str]:
    """The names of a folder's scenario entries, ``*.json`` and ``*.board``, sorted (a
    batch's order)."""
    return sorted({p.name for pattern in ("*.json", "*.board") for p in folder.glob(pattern)})


def _file_entry(index: int, file: Path) -> Entry:
    """A folder's entry: its text, or why it is not read (not a regular file: a folder,
    a FIFO or a device is never opened, so nothing can block)."""
    try:
        if not file.is_file():
            kind = _("a broken link") if file.is_symlink() and not file.exists() else \
                _("a folder") if file.is_dir() else _("not a regular file")
            return Entry(index, file.name, None, _("{kind}: not a scenario file").format(
                kind=kind))
        with file.open("rb") as handle:
            return Entry(index, file.name, handle.read(MAX_BYTES + 1).decode(
                "utf-8", "replace"))
    except OSError as error:
        return Entry(index, file.name, None, _("cannot read it ({reason})").format(
            reason=error.strerror or error))


def _named(text: str, otherwise: str) -> str:
    """A JSON-lines scenario's id (its ``id`` field, which names it and is not part of the
    scenario); ``otherwise`` when it has none or the line is not JSON that can be read
    (bounded: a huge number or deep nesting is the scenario's own error, said once)."""
    try:
        doc = read_json(text, skip_huge=True)
    except JsonError:
        return otherwise
    found = doc.get("id") if isinstance(doc, dict) else None
    return found if isinstance(found, str) and found else otherwise


def answer(ident: str, text: str | None, question: Question = "count",
           objective: str | None = None, limit: int | None = None, cards: str | None = None,
           index: int = 0, error: str | None = None) -> JSONOutDoc:
    """One scenario's record: its answer to ``question`` (the scenario's own question,
    finalize or resolve), or its error (``error``: why its input could not be read);
    ``index``: its position in the input, said in the record when given (what a resumed
    batch knows it by)."""
    record: JSONOutDoc = {"id": ident, **({"index": index} if index else {})}
    try:
        if text is None:
            raise ScenarioError(shortened(ident, 80), error or _("not read"))
        scenario = parse_scenario_text(text, cards=cards, where=shortened(ident, 80),
                                       drop=("id",))  # (the record's name, said once)
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


def _answer(job: Job) -> JSONOutDoc:
    return answer(*job)


def batch(scenarios: Iterable[tuple[str, str | Mapping[str, JSONOut]]] | str | Path, *,
          question: Question = "count", objective: str | None = None,
          limit: int | None = None, cards: str | None = None, jobs: int | None = 1,
          skip: Iterable[tuple[int, str] | str] = (), engine: Literal["local", "ray"] = "local",
          address: str | None = None) -> Iterator[JSONOutDoc]:
    """The records of ``scenarios`` (``(id, scenario)`` pairs, the scenario a dict or JSON
    text; or a folder or JSON-lines file), in order, each with its position (``index``,
    1-based); those in ``skip`` left out: a ``(index, id)`` key (what a resumed batch
    knows a record by, whatever the ids), or an id (every record of that id). ``jobs``:
    worker processes (``None``: every core; 1: this process). ``engine`` ``"ray"``: tasks
    of :data:`RAY_CHUNK` scenarios on a Ray cluster (``address``, else ``RAY_ADDRESS``,
    else a local one started here), each worker building its models from the scenarios'
    text."""
    entries = read_input(scenarios) if isinstance(scenarios, str | Path) else (
        Entry(index, ident, doc if isinstance(doc, str) else json.dumps(doc))
        for index, (ident, doc) in enumerate(scenarios, 1))
    done = set(skip)
    work = ((e.ident, e.text, question, objective, limit, cards, e.position, e.error)
            for e in entries if e.key not in done and e.ident not in done)
    if engine == "ray":
        yield from _on_ray(work, address)
        return
    workers = (os.cpu_count() or 1) if jobs is None else max(1, jobs)
    if workers == 1:
        yield from map(_answer, work)
        return
    with ctrl_c.held():  # (no Ctrl-C lost while the pool forks its workers)
        pool = multiprocessing.Pool(workers, initializer=_ignore_ctrl_c)
    # (leaving the block, Ctrl-C or the reader gone included, ends the workers at once)
    with pool:
        # chunks sent as workers free up, a few per worker in flight: memory stays bounded
        # whatever the input's size, and the records keep its order
        pending: deque[AsyncResult[list[JSONOutDoc]]] = deque()
        while chunk := list(islice(work, CHUNK)):
            pending.append(pool.apply_async(_answer_chunk, (chunk,)))
            if len(pending) >= 4 * workers:
                yield from pending.popleft().get()
        while pending:
            yield from pending.popleft().get()


def _ignore_ctrl_c() -> None:
    """A worker process leaves Ctrl-C to the batch's own process, which stops the pool and
    says it was interrupted (a worker dying of the signal would break the pool first)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # (forked with it held)


#: Scenarios a Ray task answers: a small question takes about a millisecond, below a
#: task's own cost, so each task carries many.
RAY_CHUNK = 200
#: Ray tasks in flight at once: enough to keep a cluster busy, few enough that memory and
#: the order of the output stay bounded.
RAY_WINDOW = 64


def _answer_chunk(chunk: list[Job]) -> list[JSONOutDoc]:
    """A Ray task: the records of a chunk of scenarios, built and answered on the worker
    (a CP-SAT model is never sent: it does not pickle)."""
    return [answer(*job) for job in chunk]


def _on_ray(work: Iterator[Job], address: str | None) -> Iterator[JSONOutDoc]:
    """The records, answered by Ray tasks of :data:`RAY_CHUNK` scenarios, in order."""
    try:
        import ray  # (an optional extra: pip install riftsolve[ray])
    except ImportError:
        raise ScenarioError("--engine", "Ray is not installed: pip install -e '.[ray]'") \
            from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address or os.environ.get("RAY_ADDRESS") or None,
                 include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
        if ctrl_c.installed():
            ctrl_c.install()  # (Ctrl-C is ours again)
        elif signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    task = ray.remote(_answer_chunk)
    pending: deque[ObjectRef[list[JSONOutDoc]]] = deque()
    try:
        while chunk := list(islice(work, RAY_CHUNK)):
            pending.append(task.remote(chunk))
            if len(pending) >= RAY_WINDOW:
                yield from _ray_result(pending.popleft())
        while pending:
            yield from _ray_result(pending.popleft())
    finally:  # (Ctrl-C: the tasks in flight are cancelled, a cluster started here stopped)
        for ref in pending:
            with contextlib.suppress(Exception):  # (a task done or gone: nothing to stop)
                ray.cancel(ref, force=True)
        if started:  # (here, where Ctrl-C still stops it, not at the interpreter's exit)
            ray.shutdown()


#: How long a wait for a Ray task lasts before Ctrl-C is looked at again, in seconds.
RAY_POLL = 0.25


def _ray_result(ref: ObjectRef[list[JSONOutDoc]]) -> list[JSONOutDoc]:
    """A Ray task's records, waited for in short turns (a blocking ``ray.get`` does not
    see Ctrl-C: between turns the interpreter raises it)."""
    import ray  # (imported already: the tasks are Ray's)

    while True:
        try:
            records: list[JSONOutDoc] = ray.get(ref, timeout=RAY_POLL)
            return list(records)
        except ray.exceptions.GetTimeoutError:
            continue


def written_keys(path: str | Path) -> set[tuple[int, str] | str]:
    """What an output file already holds (its complete lines): each record's ``(index,
    id)`` key, or its id alone for a record written without its position: what a rerun
    skips."""
    found: set[tuple[int, str] | str] = set()
    where = Path(path)
    if not where.is_file():
        return found
    with where.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            try:
                record = read_json(line)
            except JsonError:
                continue  # (a line cut short by an interruption: answered again)
            if not isinstance(record, dict) or not isinstance(record.get("id"), str):
                continue
            index = record.get("index")
            found.add((index, record["id"]) if isinstance(index, int) and not isinstance(
                index, bool) else record["id"])
    return found

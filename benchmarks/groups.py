"""Group-target questions (CR 1.4 355.11) of riftsolve, every method side by side.

Run from the repository root (with the project's venv)::

    python benchmarks/groups.py                      # full run, about 3 minutes
    python benchmarks/groups.py --quick              # CI smoke run, well under 60 s
    python benchmarks/groups.py --json results.json  # also write every number as JSON

What it measures, in one run and on the same questions:

1. **Questions.** Three group cards of the library: Fox-Fire ("kill any number of units
   at a battlefield with total Might 4 or less"), Tricksy Tentacles ("enemy units that
   share a single controller, total Might 8 or less", moved to a location chosen at
   finalization) and Bellows Breath ("up to three units at the same location"), on
   generated boards of 10, 25, 40 and 60 units (10 and 25 with ``--quick``) spread over 1
   to 3 battlefields (seeded random Might 0..5, controllers A = the caster, B and C, about
   one unit in five at its controller's base, one in ten with Deflect 1 or 2). For every
   card, board and ``group_subset`` policy (``maximal``, ``any``; scenario field
   ``"policy"``):

   * a **finalization** question, :func:`solver.finalize` with ``available_power`` 2 (so
     Deflect binds; the policy does not change a finalization, 355.11.a, and both are run
     to show it);
   * a **resolution** question, :func:`solver.resolve`, whose targets no longer meet the
     requirement together: about half the board was chosen (Bellows Breath: three units
     at one location), then the targets were pumped and spread over the battlefields
     (Fox-Fire), changed controller between B and C (Tricksy Tentacles) or one moved away
     (Bellows Breath), and one or two became illegal (left the board, went to base, or
     came under the caster's control), so the controller re-chooses a subset (355.11.b).

   Every scenario is a plain dict read by :func:`models.scenario.parse_scenario`; ``--json``
   writes them all, so any line of the tables can be replayed with ``riftsolve``.

2. **Methods** (columns), each timed from the parsed scenario to every answer counted
   (apply the rules, then list):

   * ``native``, ``cpsat``, ``pyconstraint``: the ``LegalSet`` of ``finalize``/``resolve``
     with ``backend=`` that name, iterated and counted (CP-SAT with one worker);
   * ``brute``: a plain brute force over every subset of the candidate units, each checked
     with the rules verifier (:func:`models.group.verify_group_declaration` on a
     :class:`models.answers.GroupDeclaration`, with every destination for a moving card;
     :func:`models.group.verify_group_resolution` on an :class:`models.answers.Affected`).
     Candidates: at finalization, the units the verifier's own per-unit check
     (:func:`models.group.member_failure`) admits in some slot; at resolution, every
     original target.

   ``native`` runs in this process. The others run in a forked child that is stopped after
   ``--budget`` seconds (``--brute-budget`` for ``brute``; ``*`` = capped, the time shown is
   then a lower bound, ``>``); ``brute`` also stops after 2^22 subsets and is *skipped* on
   boards above 25 units whose 2^candidates exceeds 2^22. Every method that ran to
   completion must list exactly ``LegalSet.count()`` answers, each once, and the same set
   of answers as ``native`` (an order-free digest of the answers, computed after the
   timing); a mismatch is printed in red with the scenario, and the exit status is 1.

3. **Targets**, printed PASS/MISS:

   * ``native`` at least 10x ``brute`` on every 25-unit question, compared by **wall time
     per question** (the same answers, from the parsed scenario to the last answer); when
     ``brute`` was capped its time is a lower bound, and so is the ratio;
   * every count on the 60-unit boards (finalize and resolve, both policies) under 10 ms
     (median): ``LegalSet.count()`` and the pure count function it uses
     (:func:`solver.count.count_selections`, or
     :func:`solver.count.count_maximal_selections` for ``maximal`` resolutions; where that
     returns ``None``, Bellows Breath's slot-limited group, ``LegalSet.count()`` lists with
     the native backend and there is no pure function to time). The count latency of the
     other boards is shown for information, with the time to parse the scenario and to
     apply the rules (build the ``LegalSet``).

Every timing is repeated (``--repeats``; ``--capped-repeats`` for the child methods, which
are not repeated once capped) and the median is reported; repeats are interleaved across
methods, and a complete run of a few milliseconds is repeated back to back within one
timing sample (at least 50 ms a sample, 20 ms with ``--quick``). The library versions,
the core count and the CP-SAT worker count are printed first.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from itertools import combinations
from typing import Any

from _common import (
    Child,
    back_to_back,
    base_parser,
    environment,
    flag_failure,
    fmt_ms,
    fmt_rate,
    fmt_ratio,
    listed_back_to_back,
    make_console,
    median_ms,
    new_table,
    pass_cell,
    random_units,
    say_to,
    shared_array,
    unmeet_fox_fire,
    versions_line,
    write_json,
)
from rich.console import Console
from rich.markup import escape

from models.answers import Affected, GroupDeclaration
from models.board import BASE
from models.group import (
    GroupProblem,
    group_effect,
    member_failure,
    stands_at,
    verify_group_declaration,
    verify_group_resolution,
)
from models.scenario import Scenario, parse_scenario
from solver.count import count_maximal_selections, count_selections
from solver.legal import LegalSet, finalize, resolve
from solver.params import enumeration_solver

#: Targets from the issue.
NATIVE_VS_BRUTE = 10.0
TARGET_UNITS = 25
COUNT_MS = 10.0
COUNT_UNITS = 60

#: The brute force stops after this many subsets, and is skipped on boards above
#: ``TARGET_UNITS`` units with more subsets than this.
SUBSET_CAP = 1 << 22
#: A capped child stops after this many answers too (memory).
ANSWER_CAP = 1_000_000

CARDS = ("Fox-Fire", "Tricksy Tentacles", "Bellows Breath")
SHORT = {"Fox-Fire": "Fox-Fire", "Tricksy Tentacles": "Tricksy", "Bellows Breath": "Bellows"}
KINDS = ("finalize", "resolve")
POLICIES = ("maximal", "any")
BATTLEFIELDS = ("north", "south", "east")
#: Power available at finalization: Deflect (809) binds.
AVAILABLE_POWER = 2

METHODS = ("native", "cpsat", "pyconstraint", "brute")
CHILD_METHODS = ("cpsat", "pyconstraint", "brute")


# --------------------------------------------------------------------------- questions


@dataclass
class Question:
    """One group question, asked of every method."""

    units: int
    card: str
    kind: str
    policy: str
    data: dict[str, Any] = field(repr=False)
    scenario: Scenario = field(repr=False)
    count: int = 0
    members: int = 0
    candidates: int = 0

    @property
    def label(self) -> str:
        return f"{self.units}u {SHORT[self.card]} {self.kind} {self.policy}"

    @property
    def subsets(self) -> int:
        return 1 << self.candidates

    def legal(self, backend: str = "native") -> LegalSet[Any]:
        """The question's legal set (applies the rules)."""
        ask = finalize if self.kind == "finalize" else resolve
        return ask(self.scenario, backend)


def battlefield_count(units: int) -> int:
    """1 battlefield below 20 units, 2 below 40, else 3."""
    return 1 + min(2, units // 20)


def generated_board(units: int, seed: int) -> tuple[list[str], list[dict[str, Any]]]:
    """``units`` units over 1-3 battlefields: Might 0..5, controllers A (the caster), B
    and C, about one in five at its controller's base, one in ten with Deflect 1 or 2."""
    battlefields = list(BATTLEFIELDS[:battlefield_count(units)])
    return battlefields, random_units(random.Random(seed), units, battlefields)


def finalize_data(units: int, card: str, policy: str) -> dict[str, Any]:
    battlefields, board = generated_board(units, seed=units)
    return {"format": 1, "controller": "A", "card": card, "battlefields": battlefields,
            "units": board, "available_power": AVAILABLE_POWER,
            "policy": {"group_subset": policy}}


def resolve_data(units: int, card: str, policy: str) -> dict[str, Any]:
    """A board whose chosen targets no longer meet the requirement together."""
    battlefields, board = generated_board(units, seed=units)
    rng = random.Random(units * 10 + CARDS.index(card))
    if card == "Fox-Fire":
        pool = [u for u in board if u["location"] != BASE]
    elif card == "Tricksy Tentacles":
        pool = [u for u in board if u["controller"] != "A"]
    else:
        pool = list(board)
    wanted = 3 if card == "Bellows Breath" else units // 2 + 1
    chosen = rng.sample(pool, min(wanted, len(pool)))
    if card == "Fox-Fire":
        unmeet_fox_fire(rng, chosen, battlefields)  # pumped, spread, one killed, one recalled
    elif card == "Tricksy Tentacles":
        for unit in chosen:  # control changed between the two opponents, pumped
            unit["controller"] = "B" if rng.random() < 0.6 else "C"
            unit["might"] += rng.choice((0, 1))
        chosen[-1]["controller"] = "A"  # now the caster's: no longer an enemy
        chosen[-2]["location"] = "offboard"
    else:
        for unit in chosen:  # three units at one location; one moved away since
            unit["location"] = battlefields[0]
        chosen[0]["location"] = battlefields[1] if len(battlefields) > 1 else BASE
    targets: dict[str, Any] = {"units": sorted(u["id"] for u in chosen)}
    if card == "Tricksy Tentacles":
        targets["destination"] = battlefields[0]
    return {"format": 1, "controller": "A", "card": card, "battlefields": battlefields,
            "units": board, "policy": {"group_subset": policy}, "targets": targets}


def brute_candidates(question: Question) -> list[str]:
    """The units the brute force takes subsets of (sorted ids)."""
    scenario = question.scenario
    if question.kind == "resolve":
        assert scenario.targets is not None
        return sorted(scenario.targets.group_units())
    slots = group_effect(scenario).slots
    return sorted(u.id for u in scenario.board
                  if any(member_failure(scenario, u, slot, resolving=False) is None
                         for slot in slots))


def make_question(units: int, card: str, kind: str, policy: str) -> Question:
    data = (finalize_data if kind == "finalize" else resolve_data)(units, card, policy)
    question = Question(units, card, kind, policy, data, parse_scenario(data))
    legal = question.legal()
    problem: GroupProblem = legal.problem
    if kind == "resolve":
        # The benchmark is about re-choosing: the group must no longer be whole.
        assert problem.whole is None, f"{question.label}: the group still meets it"
    question.count = legal.count()
    question.members = len(problem.members)
    question.candidates = len(brute_candidates(question))
    return question


def make_questions(sizes: Iterable[int]) -> list[Question]:
    return [make_question(units, card, kind, policy) for units in sizes for card in CARDS
            for kind in KINDS for policy in POLICIES]


# --------------------------------------------------------------------------- methods


def brute_force(question: Question, progress: Any, keep: list[Any] | None) -> bool:
    """Check every subset of the candidates with the rules verifier; ``progress[1]`` =
    answers, ``progress[4]`` = subsets checked. Whether every subset was checked."""
    scenario = question.scenario
    effect = group_effect(scenario)
    assert len(effect.slots) == 1, "the brute force handles one-slot cards"
    ids = brute_candidates(question)
    finalizing = question.kind == "finalize"
    # Empty groups move nowhere; the verifier rejects every other pairing (355.4).
    wheres: tuple[str | None, ...] = (
        (*scenario.board.battlefields, BASE) if effect.destination else (None,))
    nowhere: tuple[str | None, ...] = (None,)
    listed = checked = 0
    for size in range(len(ids) + 1):
        for subset in combinations(ids, size):
            if checked >= SUBSET_CAP:
                return False
            if finalizing:
                for where in wheres if subset else nowhere:
                    declaration = GroupDeclaration((subset,), where)
                    if not verify_group_declaration(scenario, declaration):
                        listed += 1
                        progress[1] = listed
                        if keep is not None:
                            keep.append(declaration)
            else:
                # a move's kept targets already at the destination are unmoved (355.4.a)
                where = scenario.targets.destination if scenario.targets else None
                unmoved = [u for u in subset if where is not None
                           and stands_at(scenario.board[u], where)]
                affected = Affected.of([u for u in subset if u not in unmoved], unmoved)
                if not verify_group_resolution(scenario, affected):
                    listed += 1
                    progress[1] = listed
                    if keep is not None:
                        keep.append(affected)
            checked += 1
            progress[4] = checked
    return True


def digest(answers: Sequence[Any]) -> tuple[int, int]:
    """``(distinct answers, order-free digest of the set)``. Forked children share the
    parent's string-hash seed, so digests compare across processes."""
    distinct = set(answers)
    return len(distinct), sum(hash(a) for a in distinct) % (1 << 62)


def list_native(question: Question) -> int:
    """Apply the rules and list every answer with the native backend."""
    return sum(1 for _ in question.legal("native"))


# --------------------------------------------------------------------------- running


@dataclass
class Run:
    """One timed run of one method."""

    answers: int
    seconds: float
    complete: bool
    checked: int = 0
    distinct: int = -1
    digest: int = -1


#: Layout of the shared progress array of a child.
START, ANSWERS, END, FINISHED, CHECKED, BATCHED, FAILED = range(7)


def _child_once(method: str, question: Question, progress: Any, keep: list[Any] | None
                ) -> bool:
    if method == "brute":
        return brute_force(question, progress, keep)
    for listed, answer in enumerate(question.legal(method), 1):
        progress[ANSWERS] = listed
        if keep is not None:
            keep.append(answer)
        if listed >= ANSWER_CAP:
            return False
    return True


class _Discard:
    """Progress sink for the back-to-back repeats."""

    def __setitem__(self, key: int, value: float) -> None:
        pass


def _child(method: str, question: Question, floor: float, progress: Any, sums: Any) -> None:
    with flag_failure(progress, FAILED):
        kept: list[Any] = []
        progress[START] = time.perf_counter()
        complete = _child_once(method, question, progress, kept)
        progress[END] = end = time.perf_counter()
        if complete:
            sums[0], sums[1] = digest(kept)
            once = end - progress[START]
            if once < floor:
                # A short run: time it again back to back, a sample of ``floor`` seconds.
                number = back_to_back(once, floor)
                start = time.perf_counter()
                for _ in range(number):
                    _child_once(method, question, _Discard(), None)
                progress[BATCHED] = (time.perf_counter() - start) / number
        progress[FINISHED] = 1.0 if complete else 2.0


def run_child(method: str, question: Question, budget: float, floor: float) -> Run:
    """One run in a forked child, stopped after ``budget`` seconds."""
    progress = shared_array("d", 8)
    sums = shared_array("q", 2)
    sums[0] = sums[1] = -1
    child = Child(progress, _child, method, question, floor, progress, sums)
    start = child.wait_start()
    child.wait(lambda: progress[END] == 0.0, start + budget)
    if progress[END] != 0.0:
        # The run itself is over: wait for the digest and the back-to-back repeats.
        child.join(120)
    now = time.perf_counter()
    if progress[FAILED] or (progress[FINISHED] == 0.0 and not child.alive
                            and progress[END] == 0.0):
        child.join(5)
        raise RuntimeError(f"{method} failed on {question.label} (exit {child.exitcode})")
    child.stop()
    answers, checked = int(progress[ANSWERS]), int(progress[CHECKED])
    if progress[FINISHED] == 1.0:
        seconds = progress[BATCHED] or (progress[END] - start)
        return Run(answers, seconds, True, checked, int(sums[0]), int(sums[1]))
    if progress[END] != 0.0:  # stopped by a cap on answers or subsets
        return Run(answers, progress[END] - start, False, checked)
    return Run(answers, now - start, False, checked)


def run_native(question: Question, number: int) -> Run:
    """``number`` back-to-back native runs; the time and answers of one."""
    answers, seconds = listed_back_to_back(lambda: list_native(question), number, "native",
                                           question.label)
    return Run(answers, seconds, True)


def batch_size(question: Question, floor: float) -> int:
    """Back-to-back native runs making one timing sample last ``floor`` seconds."""
    start = time.perf_counter()
    list_native(question)  # also a warm-up
    return back_to_back(time.perf_counter() - start, floor)


@dataclass
class Measurement:
    """The median of the repeats of one method on one question."""

    method: str
    question: str
    expected: int
    #: ``complete``, ``capped`` (a child stopped by its budget or cap) or ``skipped``.
    status: str
    answers: int = 0
    seconds: float = 0.0
    rate: float = 0.0
    checked: int = 0
    subsets: int = 0
    #: Whether the complete count matched ``LegalSet.count()`` (None: not complete).
    verified: bool | None = None
    #: Whether the complete set of answers matched native's, each listed once.
    same_answers: bool | None = None
    repeat_seconds: list[float] = field(default_factory=list)

    @property
    def capped(self) -> bool:
        return self.status == "capped"

    @property
    def estimated_seconds(self) -> float | None:
        """A capped brute force's time to check every subset, at its pace so far."""
        if self.method != "brute" or not self.capped or not self.checked:
            return None
        return self.seconds * self.subsets / self.checked


def summarise(method: str, question: Question, runs: Sequence[Run],
              reference: tuple[int, int]) -> Measurement:
    subsets = question.subsets if method == "brute" else 0
    if not runs:
        return Measurement(method, question.label, question.count, "skipped",
                           subsets=subsets)
    complete = [run for run in runs if run.complete]
    if len(complete) == len(runs):
        seconds = statistics.median(run.seconds for run in runs)
        verified = all(run.answers == question.count for run in runs)
        if method == "native":  # each answer once
            same: bool | None = reference[0] == question.count
        else:
            same = all((run.distinct, run.digest) == reference and run.answers == run.distinct
                       for run in runs)
        return Measurement(method, question.label, question.count, "complete",
                           runs[0].answers, seconds, question.count / seconds,
                           runs[0].checked, subsets, verified, same,
                           [run.seconds for run in runs])
    capped = runs[-1]
    # More answers than exist is wrong whatever would come next.
    verified = False if capped.answers > question.count else None
    return Measurement(method, question.label, question.count, "capped", capped.answers,
                       capped.seconds, capped.answers / capped.seconds, capped.checked,
                       subsets, verified, None, [run.seconds for run in runs])


def brute_runs(question: Question) -> bool:
    """Whether the brute force is tried on ``question``."""
    return question.units <= TARGET_UNITS or question.subsets <= SUBSET_CAP


def measure(questions: Sequence[Question], repeats: int, capped_repeats: int,
            budget: float, brute_budget: float, floor: float,
            say: Callable[[str], None]) -> list[Measurement]:
    results: list[Measurement] = []
    for question in questions:
        say(f"{question.label}: {question.count:,} answers, {question.members} members, "
            f"{question.candidates} brute-force candidates")
        reference = digest(list(question.legal("native")))
        runs: dict[str, list[Run]] = {m: [] for m in METHODS}
        number = batch_size(question, floor)
        for rep in range(max(repeats, capped_repeats)):
            for method in METHODS:
                done = runs[method]
                if method == "native":
                    if rep < repeats:
                        done.append(run_native(question, number))
                    continue
                if rep >= capped_repeats or (done and not done[-1].complete):
                    continue  # a capped run is a bound: not repeated
                if method == "brute" and not brute_runs(question):
                    continue
                done.append(run_child(method, question,
                                      brute_budget if method == "brute" else budget, floor))
        results.extend(summarise(m, question, runs[m], reference) for m in METHODS)
    return results


# --------------------------------------------------------------------------- targets


@dataclass
class Target:
    """One PASS/MISS check."""

    name: str
    question: str
    value: float | None
    threshold: float
    #: ``'>'``: the true value is larger (the brute force was capped).
    bound: str = ""
    detail: str = ""

    @property
    def passed(self) -> bool:
        return self.value is not None and self.value >= self.threshold


def speedup(native: Measurement, other: Measurement) -> tuple[float | None, str]:
    """How many times ``native``'s wall time per question ``other`` takes (``'>'``: a
    lower bound, ``other`` was capped)."""
    if other.status == "skipped" or native.status != "complete":
        return None, ""
    return other.seconds / native.seconds, ">" if other.capped else ""


def speed_targets(results: Sequence[Measurement], questions: Sequence[Question]
                  ) -> list[Target]:
    by_key = {(m.question, m.method): m for m in results}
    targets = []
    for q in questions:
        if q.units != TARGET_UNITS:
            continue
        native, brute = by_key[(q.label, "native")], by_key[(q.label, "brute")]
        value, bound = speedup(native, brute)
        targets.append(Target(f"native >= {NATIVE_VS_BRUTE:g}x brute (wall time)", q.label,
                              value, NATIVE_VS_BRUTE, bound,
                              f"native {fmt_s(native.seconds)}, brute "
                              f"{bound}{fmt_s(brute.seconds)}"))
    return targets


# --------------------------------------------------------------------------- count latency


@dataclass
class CountCase:
    """The count latency of one question."""

    question: str
    units: int
    count: int
    #: The pure count function's name, or ``""`` when ``LegalSet.count()`` lists.
    function: str
    count_fn_ms: float | None
    legal_count_ms: float
    legal_count_max_ms: float
    build_ms: float
    parse_ms: float
    verified: bool

    @property
    def checked(self) -> bool:
        return self.units == COUNT_UNITS

    @property
    def passed(self) -> bool:
        return max(self.count_fn_ms or 0.0, self.legal_count_ms) < COUNT_MS


def measure_counts(questions: Sequence[Question], repeats: int,
                   say: Callable[[str], None]) -> list[CountCase]:
    cases: list[CountCase] = []
    for q in questions:
        say(f"counting {q.label}")
        parse_ms, _ = median_ms(lambda q=q: parse_scenario(q.data), repeats)
        build_ms, _ = median_ms(q.legal, repeats)
        legal = q.legal()
        problem: GroupProblem = legal.problem
        count_fn: Callable[[], int | None] | None
        if q.kind == "finalize" or not problem.maximal:
            name, count_fn = "count_selections", lambda p=problem: count_selections(p)
        elif count_maximal_selections(problem) is not None:
            name = "count_maximal_selections"
            count_fn = lambda p=problem: count_maximal_selections(p)  # noqa: E731
        else:
            name, count_fn = "", None
        fn_ms = median_ms(count_fn, repeats)[0] if count_fn is not None else None
        count_ms, count_max = median_ms(legal.count, repeats)
        count = legal.count()
        verified = count == q.count
        if count_fn is not None:
            pure = count_fn()
            assert pure is not None
            if q.kind == "finalize" and legal.effect.destination:
                # per destination, the groups with no member already there (355.4.a)
                board = legal.scenario.board
                empty = 0 if any(problem.least) else 1
                pure = empty + sum(
                    count_selections(replace(problem, members=tuple(
                        m for m in problem.members if not stands_at(board[m.id], where))))
                    - empty for where in legal.destinations())
            verified = verified and pure == count
        cases.append(CountCase(q.label, q.units, count, name, fn_ms, count_ms, count_max,
                               build_ms, parse_ms, verified))
    return cases


# --------------------------------------------------------------------------- reporting


def versions() -> dict[str, Any]:
    """The library versions, the core count and CP-SAT's worker count."""
    return environment(("ortools", "python-constraint2", "numpy", "pydantic", "rich",
                        "riftsolve"),
                       cpsat_num_workers=enumeration_solver().parameters.num_workers)


def fmt_s(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.0f} µs"


def fmt_time_cell(m: Measurement) -> str:
    if m.status == "skipped":
        return f"skipped (2^{m.subsets.bit_length() - 1} subsets)" if m.subsets else "skipped"
    bad = ""
    if m.verified is False:
        bad = " [red]WRONG COUNT[/red]"
    elif m.same_answers is False:
        bad = " [red]OTHER ANSWERS[/red]"
    if m.capped:
        cell = f">{fmt_s(m.seconds)}*"
        estimate = m.estimated_seconds
        if estimate is not None:
            share = m.checked / m.subsets
            cell += f" ({share:.1%} checked, est. {fmt_s(estimate)})"
        else:
            cell += f" ({m.answers:,} listed)"
        return cell + bad
    return fmt_s(m.seconds) + bad


def fmt_rate_cell(m: Measurement) -> str:
    if m.status == "skipped":
        return "skipped"
    return fmt_rate(m.rate) + ("*" if m.capped else "")


def render(console: Console, meta: dict[str, Any], questions: Sequence[Question],
           results: Sequence[Measurement], targets: Sequence[Target],
           counts: Sequence[CountCase]) -> None:
    console.print(versions_line(meta, ("ortools", "python-constraint2", "numpy", "pydantic")))
    console.print(
        f"mode: {meta['mode']}, boards {meta['sizes']} units, repeats {meta['repeats']} "
        f"(child methods {meta['capped_repeats']}, not repeated once capped), budget "
        f"{meta['budget']:g} s (brute {meta['brute_budget']:g} s, at most 2^22 subsets); "
        "medians reported")

    by_key = {(m.question, m.method): m for m in results}
    time_table = new_table("Wall time per question, parsed scenario -> every answer "
                           "counted (median; * capped: a lower bound)",
                           ("question", "bf", "answers", "members", "cand.", *METHODS),
                           left=("question",))
    for q in questions:
        time_table.add_row(q.label, str(battlefield_count(q.units)), f"{q.count:,}",
                           str(q.members), str(q.candidates),
                           *(fmt_time_cell(by_key[(q.label, m)]) for m in METHODS))
    console.print(time_table)

    rate_table = new_table("Answers per second (median; * capped: answers so far / time "
                           "so far)", ("question", *METHODS), left=("question",))
    for q in questions:
        rate_table.add_row(q.label, *(fmt_rate_cell(by_key[(q.label, m)]) for m in METHODS))
    console.print(rate_table)

    ratio_table = new_table("Speed-up of native: the method's wall time / native's "
                            "(> a lower bound: the method was capped)",
                            ("question", *(f"{m} / native" for m in CHILD_METHODS)),
                            left=("question",))
    for q in questions:
        native = by_key[(q.label, "native")]
        ratio_table.add_row(q.label, *(fmt_ratio(*speedup(native, by_key[(q.label, m)]))
                                       for m in CHILD_METHODS))
    console.print(ratio_table)

    target_table = new_table(f"Target: native >= {NATIVE_VS_BRUTE:g}x brute force at "
                             f"{TARGET_UNITS} units, by wall time per question",
                             ("question", "native", "brute", "speed-up", "result"),
                             left=("question",))
    for t in targets:
        native = by_key[(t.question, "native")]
        brute = by_key[(t.question, "brute")]
        target_table.add_row(t.question, fmt_s(native.seconds), fmt_time_cell(brute),
                             fmt_ratio(t.value, t.bound), pass_cell(t.passed))
    console.print(target_table)

    count_table = new_table(f"count() latency (median; target on the {COUNT_UNITS}-unit "
                            f"boards: count fn and LegalSet.count() < {COUNT_MS:g} ms)",
                            ("question", "answers", "count fn", "fn time", "LegalSet.count()",
                             "count() max", "rules (build)", "parse", "verified", "result"),
                            left=("question", "count fn"))
    for c in counts:
        result = pass_cell(c.passed) if c.checked else "-"
        count_table.add_row(c.question, f"{c.count:,}", c.function or "(lists natively)",
                            fmt_ms(c.count_fn_ms), fmt_ms(c.legal_count_ms),
                            fmt_ms(c.legal_count_max_ms), fmt_ms(c.build_ms),
                            fmt_ms(c.parse_ms),
                            "yes" if c.verified else "[red]NO[/red]", result)
    console.print(count_table)

    bad = [m for m in results if m.verified is False or m.same_answers is False]
    bad_counts = [c for c in counts if not c.verified]
    for m in bad:
        q = next(q for q in questions if q.label == m.question)
        console.print(f"[red]MISMATCH[/red] {m.method} on {m.question}: listed {m.answers:,}"
                      f" answers, LegalSet.count() = {m.expected:,}, same set as native: "
                      f"{m.same_answers}; scenario:")
        console.print(escape(json.dumps(q.data)), soft_wrap=True)
    for c in bad_counts:
        q = next(q for q in questions if q.label == c.question)
        console.print(f"[red]COUNT MISMATCH[/red] on {c.question}; scenario:")
        console.print(escape(json.dumps(q.data)), soft_wrap=True)

    speed_missed = [t for t in targets if not t.passed]
    checked = [c for c in counts if c.checked]
    slow = [c for c in checked if not c.passed]
    complete = sum(1 for m in results if m.status == "complete")
    summary = (f"targets: {len(targets) - len(speed_missed)}/{len(targets)} native-vs-brute "
               f"PASS, {len(checked) - len(slow)}/{len(checked)} count-latency PASS; "
               f"{complete} complete runs checked against count() and native's answers")
    if bad or bad_counts:
        summary += f"; [red]{len(bad) + len(bad_counts)} verification(s) FAILED[/red]"
    else:
        summary += ", no mismatch"
    console.print(summary)


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = base_parser(__doc__, "boards of 10 and 25 units, short budgets, for CI (< 60 s)")
    parser.add_argument("--sizes", type=int, nargs="+", metavar="UNITS",
                        help="board sizes to enumerate (default 10 25 40 60; quick 10 25)")
    parser.add_argument("--repeats", type=int, help="repeats of each native run")
    parser.add_argument("--capped-repeats", type=int,
                        help="repeats of each child run (cpsat, pyconstraint, brute)")
    parser.add_argument("--budget", type=float, help="seconds per cpsat/pyconstraint run")
    parser.add_argument("--brute-budget", type=float, help="seconds per brute-force run")
    parser.add_argument("--count-repeats", type=int, help="repeats of each count() timing")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    quick: bool = args.quick
    sizes = tuple(args.sizes or ((10, 25) if quick else (10, 25, 40, 60)))
    repeats = args.repeats or 3
    capped_repeats = args.capped_repeats or (2 if quick else 3)
    budget = args.budget or (0.3 if quick else 1.0)
    brute_budget = args.brute_budget or (1.0 if quick else 8.0)
    count_repeats = args.count_repeats or (7 if quick else 25)
    floor = 0.02 if quick else 0.05

    console = make_console(200)
    say = say_to(console)
    meta = versions()
    meta.update(mode="quick" if quick else "full", sizes=list(sizes), repeats=repeats,
                capped_repeats=capped_repeats, budget=budget, brute_budget=brute_budget,
                subset_cap=SUBSET_CAP, count_repeats=count_repeats, sample_floor=floor,
                argv=sys.argv[1:])
    started = time.perf_counter()
    questions = make_questions(sizes)
    results = measure(questions, repeats, capped_repeats, budget, brute_budget, floor, say)
    targets = speed_targets(results, questions)
    count_questions = questions + (make_questions([COUNT_UNITS])
                                   if COUNT_UNITS not in sizes else [])
    counts = measure_counts(count_questions, count_repeats, say)
    meta["wall_seconds"] = round(time.perf_counter() - started, 1)

    render(console, meta, questions, results, targets, counts)
    console.print(f"wall time {meta['wall_seconds']} s")

    if args.json:
        by_key = {(m.question, m.method): m for m in results}
        document = {
            "meta": meta,
            "questions": [{"label": q.label, "units": q.units, "card": q.card,
                           "question": q.kind, "policy": q.policy, "count": q.count,
                           "members": q.members, "candidates": q.candidates,
                           "scenario": q.data} for q in count_questions],
            "runs": [{**asdict(m), "estimated_seconds": m.estimated_seconds}
                     for m in results],
            "speedup_of_native": {
                q.label: {m: dict(zip(("ratio", "bound"),
                                      speedup(by_key[(q.label, "native")],
                                              by_key[(q.label, m)]), strict=True))
                          for m in CHILD_METHODS} for q in questions},
            "targets": [{**asdict(t), "passed": t.passed} for t in targets],
            "count_latency": [{**asdict(c), "passed": c.passed if c.checked else None}
                              for c in counts],
        }
        write_json(args.json, document, console)
    failed = any(m.verified is False or m.same_answers is False for m in results) or any(
        not c.verified for c in counts)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

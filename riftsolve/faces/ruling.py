"""A ruling in plain words: one short paragraph a judge can read aloud, for a whole legal
set rather than a rule trail per answer.

It says what holds whatever the controller chooses (each rule step every answer's trail
shares: what happened since finalization, which targets are illegal now and why), what
the controller must do now, how many legal choices there are, and cites each Core Rules
number once, at its first use.

What holds for every answer is read off the answers' own rule trails (``--explain``):
all of them when there are at most :data:`EXAMINED`, otherwise the first and last and
others evenly spread, :data:`EXAMINED` in all (past :data:`SPREAD_LIMIT` answers, only
where answers are indexed in closed form: elsewhere nothing is said of them rather than
listing them all). What the controller must do is worked out
from the question itself: for split damage, from the damage and the legal targets
(355.14.e-i); otherwise, from which units every legal answer includes, none does, or
only some do (counted over every answer, up to :data:`SPREAD_LIMIT`).

>>> import riftsolve as rs
>>> from riftsolve.faces.ruling import ruling
>>> legal = rs.resolve(rs.load_scenario(rs.example_path("alpha-strike-shrunk-5-to-3")))
>>> print(ruling(legal).paragraph())  # doctest: +NORMALIZE_WHITESPACE
Alpha Strike, on resolution. All 5 chosen targets are still legal: r1\u2013r5 (359.3.e.2).
The damage is kai's Might now: 3 (359.3.f.2). Each kept target is dealt at least 1
(355.14.g). A must drop 2 of r1\u2013r5 (355.14.h, 355.14.h.1), then deal 1 to each of the
other 3 (355.14.e). Costs paid and triggers fired for the dropped targets stand
(355.14.i). 10 legal resolutions. Core Rules 2026-10-09.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import islice
from typing import Any, NamedTuple

import numpy as np

from riftsolve._json import JSONOutDoc
from riftsolve.engine.clauses import MOST_NAMED, Clause, by_reason, each_of, span
from riftsolve.engine.count import CountTooLarge
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces.render import noun
from riftsolve.i18n import N_, _, ngettext, number
from riftsolve.rules.answers import Answer
from riftsolve.rules.core_rules import DEFAULT_VERSION
from riftsolve.rules.explain import Step
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.versions import settled

#: Most answers whose rule trails are read to find the steps they all share.
EXAMINED = 64
#: Most answers scanned to tell which units every answer includes, none, or some, or
#: listed to read the trails of a spread of them where answers have no closed-form index.
SPREAD_LIMIT = 10**5


#: The nouns of :func:`riftsolve.faces.render.noun` (English words of the JSON contract),
#: for a sentence.
_NOUNS = {"declarations": N_("declarations"), "resolutions": N_("resolutions"),
          "assignments": N_("assignments"), "answers": N_("answers"),
          "declaration": N_("declaration"), "resolution": N_("resolution"),
          "assignment": N_("assignment"), "answer": N_("answer")}


class Reading(NamedTuple):
    """A disputed rule's other reading (a policy of the scenario format) under which the
    count differs: the policy, the reading applied, the other one, its count and the
    rule in dispute."""

    policy: str
    applied: str
    other: str
    answers: int
    rule: str


@dataclass(frozen=True)
class Ruling:
    """A legal set's ruling: its parts, and :meth:`paragraph` to read them aloud."""

    card: str
    question: str
    #: How many legal answers (``None``: too many to count).
    count: int | None
    #: The rule steps every answer shares, in the order of the first answer's trail.
    facts: tuple[Step, ...]
    #: What the controller must do now: clauses, each with the rules that say so.
    must: tuple[Clause, ...]
    #: Why there is no legal answer, when there is none.
    none: tuple[str, ...] = ()
    version: str = DEFAULT_VERSION
    noun: str = "answers"
    #: The board's names (unit ids, battlefields, players): never capitalised.
    names: frozenset[str] = frozenset()
    #: On resolution, the chosen targets still legal (``None``: not asked).
    still_legal: tuple[str, ...] | None = None
    #: Whether some chosen targets are illegal now (``still_legal`` is not all of them).
    some_illegal: bool = False
    #: The other readings of disputed rules that would change the count.
    readings: tuple[Reading, ...] = ()

    def paragraph(self) -> str:
        """The ruling as one paragraph, each rule number cited at its first use only."""
        cited: list[str] = []
        names = self.names
        sentences = [_("{card}, on finalization.").format(card=self.card)
                     if self.question == "finalize"
                     else _("{card}, on resolution.").format(card=self.card)]
        if self.still_legal:
            units, n = span(self.still_legal), len(self.still_legal)
            said = (_("Still legal: {units}").format(units=units) if self.some_illegal
                    else _("Both chosen targets are still legal: {units}").format(units=units)
                    if n == 2 else ngettext("The chosen target is still legal: {units}",
                                            "All {n} chosen targets are still legal: {units}",
                                            n).format(n=n, units=units))
            sentences.append(_clause(said, ["359.3.e.2"], cited) + ".")
        for fact in _unaffected_once(_merged(self.facts, names)):
            detail, inline = _citations_in(_shortened(fact["detail"], names))
            sentences.append(_capital(_clause(detail, [fact["rule"], *inline], cited), names)
                             + ".")
        sentence = ""
        for clause in self.must:  # a clause that goes on joins the sentence before it
            text = _clause(clause.text, clause.rules, cited)
            if clause.goes_on and sentence:
                sentence += clause.goes_on + text
            else:
                if sentence:
                    sentences.append(_capital(sentence, names) + ".")
                sentence = text
        if sentence:
            sentences.append(_capital(sentence, names) + ".")
        for reason in self.none:
            sentences.append(_capital(reason, names) + ".")
        sentences.append(_capital(self._counted(), names) + ".")
        for reading in self.readings:
            said = _("Read with policy {policy}={applied}; with {policy}={other} there would "
                     "be {count} legal {noun} instead").format(
                policy=reading.policy, applied=reading.applied, other=reading.other,
                count=said_count(reading.answers), noun=self._noun(reading.answers))
            sentences.append(_clause(said, [reading.rule], cited) + ".")
        sentences.append(_("Core Rules {version}.").format(version=self.version))
        return " ".join(sentences)

    def _noun(self, count: int | None) -> str:
        """What ``count`` answers are called, in the language spoken: singular for one."""
        word = self.noun.removesuffix("s") if count == 1 else self.noun
        return _(_NOUNS.get(word, word))

    def _counted(self) -> str:
        noun = self._noun(self.count)
        if self.count is None:
            return _("More legal {noun} than can be counted").format(noun=noun)
        if self.count == 0:
            return _("No legal {noun}").format(noun=noun)
        return _("{count} legal {noun}").format(count=said_count(self.count), noun=noun) if (
            self.count != 1) else _("One legal {noun}, forced").format(noun=noun)

    def as_json(self) -> JSONOutDoc:
        """The ruling as the CLI's JSON line: the paragraph and its parts."""
        return {"ruling": self.paragraph(), "count": self.count,
                "still_legal": None if self.still_legal is None else list(self.still_legal),
                "facts": [dict(f) for f in self.facts],
                "must": [{"text": c.text, "rules": list(c.rules)} for c in self.must],
                "none": list(self.none),
                "readings": [r._asdict() for r in self.readings],
                "rules": list(self.cited()), "version": self.version}

    def cited(self) -> tuple[str, ...]:
        """Every rule number the paragraph cites, once, in order."""
        numbers = ["359.3.e.2"] if self.still_legal else []
        numbers += [fact["rule"] for fact in self.facts]
        numbers += [n for clause in self.must for n in clause.rules]
        numbers += [reading.rule for reading in self.readings]
        return tuple(dict.fromkeys(numbers))


def rule(scenario: Scenario, *, question: str | None = None) -> Ruling:
    """The ruling of ``scenario``'s own question (``question``: ``"finalize"`` or
    ``"resolve"`` to ask the other), as ``riftsolve rule`` says it: ``paragraph()`` to
    read aloud, ``as_json()`` its parts, in the language spoken
    (:func:`riftsolve.i18n.use_language`).

    >>> import riftsolve as rs
    >>> said = rs.rule(rs.load_scenario(rs.example_path("alpha-strike-shrunk-5-to-3")))
    >>> said.count, said.cited()[:2]
    (10, ('359.3.e.2', '359.3.f.2'))
    """
    asked = question or scenario.question
    if asked not in ("finalize", "resolve"):
        raise ValueError(f"question: 'finalize' or 'resolve', not {asked!r}")
    return ruling(finalize(scenario) if asked == "finalize" else resolve(scenario))


def ruling(legal: LegalSet[Answer]) -> Ruling:
    """The ruling of ``legal``: see the module's description."""
    scenario = legal.scenario
    try:
        count: int | None = legal.count()
    except CountTooLarge:
        count = None
    facts = _shared_steps(legal, count)
    none = tuple(str(reason) for reason in legal.why_none()) if count == 0 else ()
    must = () if count == 0 else _must(legal, count)
    # a fact the must-do sentence spells out is not said twice
    said = {n for clause in must for n in clause.rules}
    facts = tuple(f for f in facts if f["rule"] not in said)
    still_legal, some_illegal = legal.still_legal()
    board = scenario.board
    names = frozenset({*(u.id for u in board), *board.battlefields, *board.players(),
                       *(p.id for p in board.objects), scenario.controller})
    return Ruling(scenario.effect.name, legal.question, count, facts, must, none,
                  version=scenario.rules, noun=noun(legal), names=names,
                  still_legal=still_legal, some_illegal=some_illegal,
                  readings=_readings(legal, count))


# --------------------------------------------------------------------------- the facts


def _shared_steps(legal: LegalSet[Answer], count: int | None) -> tuple[Step, ...]:
    """The steps of the rule trail every examined answer shares, in the first's order."""
    if not count:
        return ()
    if count > SPREAD_LIMIT and type(legal)._at is LegalSet._at:
        return ()  # no closed-form index: the spread would list every answer first
    picked = _examined(count)
    first = [i for i in picked if i < EXAMINED // 2]  # (listed in order: no index needed)
    trails = [legal.explain(a) for a in islice(iter(legal), len(first))]
    trails += [legal.explain(legal[i]) for i in picked[len(first):]]
    unique: list[Step] = []
    execution: list[Step] = []  # (a [Repeat]'s second execution says its own outcome,
    for step in trails[0]:      # even one the first said in the same words, 820.2.a)
        if step["rule"] == "820.1.d":  # (each execution opens with this step)
            execution = []
        if step not in execution and all(step in trail for trail in trails[1:]):
            execution.append(step)  # (a step said twice in one execution: said once)
            unique.append(step)
    return tuple(unique)


def _readings(legal: LegalSet[Answer], count: int | None) -> tuple[Reading, ...]:
    """The other reading of the disputed rule this resolution turns on, where it gives
    another count (each a named policy of the scenario format: the manual, docs/scenarios.md)."""
    policy = legal.DISPUTED
    if policy is None or count is None:
        return ()
    field, readings, number = policy
    scenario = legal.scenario
    if settled(field, scenario.rules) is not None:
        return ()  # the text decides it: no other reading to weigh
    applied = getattr(scenario.policy, field)
    other = readings[1] if applied == readings[0] else readings[0]
    policy_now: Any = scenario.policy  # one of its fields set by name
    alternative = replace(scenario, policy=replace(policy_now, **{field: other}))
    try:
        counted = resolve(alternative).count()
    except CountTooLarge:
        return ()
    return () if counted == count else (Reading(field, applied, other, counted, number),)


def _examined(count: int) -> list[int]:
    """Which answers' trails are read: every one up to :data:`EXAMINED`, else the first
    half of them in order and the rest evenly spread up to the last (8 of them past
    10^100 answers)."""
    if count <= EXAMINED:
        return list(range(count))
    half = EXAMINED // 2
    # exact integers: a count may be past any float or int64; past 10^100 answers (a
    # split of 10^6 damage), 8 spread ones: each is unranked on its own, at some cost
    steps = (EXAMINED - half - 1) if count < 10**100 else 7
    spread = (half + (count - 1 - half) * k // steps for k in range(steps + 1))
    return sorted({*range(half), *spread})


# --------------------------------------------------------------------------- what to do


def _must(legal: LegalSet[Answer], count: int | None) -> tuple[Clause, ...]:
    """What the controller must do now, each clause with the rules that say so: the
    family's own clauses (:meth:`LegalSet.must`), or else who chooses and what each or
    some of the answers include."""
    own = legal.must()
    if own is not None:
        return own
    if count == 1:
        return ()
    choosing = _choosing(legal)
    if count is None or count > SPREAD_LIMIT:
        return (choosing,)
    always, some = _spread(legal)
    clauses = [choosing]
    if always:
        clauses.append(Clause(_("all of them include {units}").format(units=span(always)),
                              goes_on="; "))
    if some:
        clauses.append(Clause(_("some include {units}").format(units=span(some)),
                              goes_on=", "))
    return tuple(clauses)


def _choosing(legal: LegalSet[Answer]) -> Clause:
    """Who chooses among the answers: the controller, or on resolution whoever makes its
    choices then (the chosen opponent, 355.10.e; a unit's owner, 355.2.a)."""
    who = legal.choosers()
    if len(who) == 1:
        return Clause(_("{player} chooses one of them").format(player=who[0]))
    return Clause(_("{players} choose one of them, each making their own choices").format(
        players=span(who)))


def _spread(legal: LegalSet[Answer]) -> tuple[list[str], list[str]]:
    """The units every answer includes, and those only some do, over every answer (as
    :meth:`LegalSet.arrays` writes them)."""
    columns = legal.columns
    seen_in = np.zeros(len(columns), dtype=np.int64)
    total = 0
    for block in legal.arrays():
        seen_in += (block != 0).sum(axis=0)
        total += block.shape[0]
    always = [u for u, n in zip(columns, seen_in.tolist(), strict=True) if n == total]
    some = [u for u, n in zip(columns, seen_in.tolist(), strict=True) if 0 < n < total]
    return always, some


# --------------------------------------------------------------------------- words


#: The largest count said in full in a paragraph (a quadrillion); above, its size.
MOST_SAID = 10**15


def said_count(count: int) -> str:
    """A count to read aloud: in full up to :data:`MOST_SAID`, else about how large (the
    JSON line keeps it exact).

    >>> said_count(15_084_504_396), said_count(6 * 10**304 + 1) == "about 6.0 \u00d7 10^304"
    ('15,084,504,396', True)
    """
    if count <= MOST_SAID:
        return number(count)
    exponent = math.floor(math.log10(count))
    return _("about {mantissa} \u00d7 10^{exponent}").format(
        mantissa=f"{count / 10**exponent:.1f}", exponent=exponent)


def _leading_name(text: str, names: frozenset[str]) -> str | None:
    """The name of the board ``text`` starts with, as a sentence's subject."""
    found = [n for n in names if n and text.startswith(n + " ")]
    return max(found, key=len) if found else None


def _merged(facts: Iterable[Step], names: frozenset[str]) -> list[Step]:
    """The facts, those that say the same of several names said once ("Each of e1-e25 is
    no longer on the board; it is unaffected", grouped as :func:`by_reason` groups), the
    names in natural order; a fact about one name, or about none, stays as it is."""
    first: dict[tuple[str, str], Step] = {}  # each group's first fact, by rule and rest
    said: list[tuple[str, str, str]] = []
    for fact in facts:
        name = _leading_name(fact["detail"], names) or ""
        said.append((fact["rule"], name, fact["detail"]))
        first.setdefault((fact["rule"], fact["detail"][len(name):]), fact)
    return [first[rule, rest] if len(who) < 2
            else {**first[rule, rest], "detail": each_of(who, rest)}
            for rule, rest, who in by_reason(said)]


def _unaffected_once(facts: list[Step]) -> list[Step]:
    """Consecutive facts that each end "it is unaffected (359.3.e.5)" (an illegal target,
    a reason at a time) with the last saying it of them all, once."""
    tail = _("{failure}; it is unaffected (359.3.e.5)").split("{failure}", 1)[1]
    ends = re.compile(re.escape(tail.split(" (", 1)[0]) + r"( \([0-9][0-9a-z.]*\))$")
    run = [i for i, fact in enumerate(facts) if ends.search(fact["detail"])]
    if len(run) < 2 or run != list(range(run[0], run[-1] + 1)):
        return facts
    said = list(facts)
    for index in run:
        cite = ends.search(said[index]["detail"])
        assert cite is not None
        rest = said[index]["detail"][:cite.start()]
        if index == run[-1]:
            rest += _("; none of these targets is affected") + cite.group(1)
        said[index] = {**said[index], "detail": rest}
    return said


def _shortened(text: str, names: frozenset[str]) -> str:
    """``text`` with every list of more than a few names said as a span: the first ones,
    the last and how many (``e1-e25`` for a run; ``e26, e28 ... e40 (8 in all)``)."""
    if not names or text.count(", ") < MOST_NAMED:
        return text
    name = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if n)
    run = re.compile(rf"(?<![\w-])(?:{name})(?:, (?:{name}))+(?![\w-])")

    def said(found: re.Match[str]) -> str:
        listed = found.group(0).split(", ")
        return span(listed) if len(listed) > MOST_NAMED else found.group(0)

    return run.sub(said, text)


def _citations_in(text: str) -> tuple[str, list[str]]:
    """``text`` without the rule numbers it cites in parentheses, and those numbers (the
    paragraph cites each rule once, at its first use)."""
    cited = re.findall(r" \((\d{3}(?:\.[0-9a-z]+)*)\)", text)
    return re.sub(r" \(\d{3}(?:\.[0-9a-z]+)*\)", "", text), cited


def _clause(text: str, numbers: Iterable[str], cited: list[str]) -> str:
    """``text`` with the rule numbers not cited yet, in parentheses."""
    fresh = [n for n in numbers if n not in cited]
    cited.extend(fresh)
    return f"{text} ({', '.join(fresh)})" if fresh else text


def _capital(text: str, names: frozenset[str]) -> str:
    """``text`` with a capital first letter, unless it starts with a name of the board
    (ids are printed exactly as given)."""
    if any(text.startswith(name) for name in names if name):
        return text
    return text[:1].upper() + text[1:]

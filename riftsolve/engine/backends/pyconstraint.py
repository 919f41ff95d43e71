"""The python-constraint2 backend: an independent third opinion for small boards.

The model states the rules literally, with no counting shortcut: every legal target may
be dealt 0..pool damage, the amounts add up to the pool, and exactly ``min(n, pool)``
targets are dealt damage (355.14.e-h.1).

python-constraint2 itself is imported when a model is built, not with this module. The
backend declines questions too large for its search (:func:`refusal`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol, runtime_checkable

from riftsolve.engine.backends import Method, shape
from riftsolve.rules.answers import Declaration, Resolution, Selection
from riftsolve.rules.answers.combat import Assignment
from riftsolve.rules.answers.joint import Choice, Executed
from riftsolve.rules.families.combat import CombatProblem, Rank
from riftsolve.rules.families.group import GroupProblem
from riftsolve.rules.families.picks import Check, JointProblem, Value
from riftsolve.rules.families.split import SplitFinalizeProblem, SplitResolveProblem

NAME = "pyconstraint"


@runtime_checkable
class Modelled(Protocol):
    """A problem that says how many variables its literal constraint model has."""

    @property
    def unknowns(self) -> int: ...


@runtime_checkable
class Enumerated(Protocol):
    """A problem that says how many assignments of its picks a search visits."""

    @property
    def search_size(self) -> int: ...

#: Most variables the command line lets this backend search: it is the cross-check for
#: small boards (its models prune little), and a larger question asked of it on the
#: command line is refused rather than left to run for hours.
MOST_VARIABLES = 20
#: Most assignments of a joint choice's picks it searches.
MOST_ASSIGNMENTS = 100_000


def refusal(problem: object) -> str | None:
    """Why this backend declines ``problem`` (``None``: it answers it): a question with more
    than :data:`MOST_VARIABLES` variables, which its search would take hours over.

    >>> refusal(SplitResolveProblem(tuple(f"t{i}" for i in range(30)), 3))[:40]
    'python-constraint2 would search 30 varia'
    """
    if isinstance(problem, Enumerated):
        size = problem.search_size
        if size > MOST_ASSIGNMENTS:
            return (f"python-constraint2 would search {size:,} assignments of this joint "
                    f"choice (it is the cross-check for at most {MOST_ASSIGNMENTS:,}): use "
                    "--backend native or cpsat")
        return None
    if not isinstance(problem, Modelled):
        return None
    variables = problem.unknowns
    if variables > MOST_VARIABLES:
        return (f"python-constraint2 would search {variables} variables (it is the "
                f"cross-check for at most {MOST_VARIABLES}): use --backend native or cpsat")
    return None


def resolutions(problem: SplitResolveProblem) -> Iterator[Resolution]:
    """Every legal resolution, from a python-constraint2 model."""
    targets, keep = problem.targets, problem.keep
    if keep == 0 or not targets:
        yield Resolution(())
        return
    from constraint import ExactSumConstraint, FunctionConstraint, Problem

    # Under the 'forfeit' policy the illegal targets still share the split: they are
    # variables too, and their damage is not dealt (so answers are projected, deduplicated).
    shares = [*targets, *(f"(illegal {i})" for i in range(problem.forfeit))]
    csp = Problem()
    csp.addVariables(shares, list(range(problem.pool + 1)))
    csp.addConstraint(ExactSumConstraint(problem.pool), shares)

    def kept_exactly(*amounts: int) -> bool:
        return sum(1 for a in amounts if a) == keep

    csp.addConstraint(FunctionConstraint(kept_exactly), shares)
    seen: set[Resolution] = set()
    for solution in csp.getSolutionIter():
        answer = Resolution.of({t: solution[t] for t in targets})
        if problem.forfeit:
            if answer in seen:
                continue
            seen.add(answer)
        yield answer


def declarations(problem: SplitFinalizeProblem) -> Iterator[Declaration]:
    """Every legal declaration, from a python-constraint2 model."""
    if not problem.options:
        return
    from constraint import FunctionConstraint, Problem

    names = problem.candidates
    csp = Problem()
    csp.addVariable("friendly", list(range(len(problem.options))))
    chosen = [f"chosen:{name}" for name in names]
    if chosen:
        csp.addVariables(chosen, [0, 1])
    caps = [o.cap for o in problem.options]

    def within_cap(option: int, *picks: int) -> bool:
        return sum(picks) <= caps[option]

    csp.addConstraint(FunctionConstraint(within_cap), ["friendly", *chosen])
    if problem.budget is not None and chosen:
        budget = problem.budget
        taxes = problem.taxes

        def within_budget(*picks: int) -> bool:
            return sum(t * p for t, p in zip(taxes, picks, strict=True)) <= budget

        csp.addConstraint(FunctionConstraint(within_budget), chosen)
    for solution in csp.getSolutionIter():
        picked = [i for i, var in enumerate(chosen) if solution[var]]
        option = problem.options[solution["friendly"]]
        yield Declaration(tuple(names[i] for i in picked), option.friendly,
                          sum(problem.taxes[i] for i in picked))


def selections(problem: GroupProblem) -> Iterator[Selection]:
    """Every legal group selection, from a python-constraint2 model stating the
    requirement literally: one variable per member (its slot, or -1 when left out)."""
    if problem.whole is not None:
        yield problem.whole
        return
    members = problem.members
    slots = range(len(problem.least))
    if not members:
        if not any(problem.least):
            yield problem.empty
        return

    def valid(values: Sequence[int]) -> bool:
        chosen = [m for m, v in zip(members, values, strict=True) if v >= 0]
        sizes = [sum(1 for v in values if v == slot) for slot in slots]
        classes = [m.key for m in chosen]
        if problem.per_class is None:
            together = len(set(classes)) <= 1
        else:
            together = all(classes.count(key) <= problem.per_class for key in classes)
        return (together
                and all(size >= low for size, low in zip(sizes, problem.least, strict=True))
                and all(most is None or size <= most
                        for size, most in zip(sizes, problem.most, strict=True))
                and (problem.cap is None or sum(m.might for m in chosen) <= problem.cap)
                and (problem.budget is None or sum(m.tax for m in chosen) <= problem.budget))

    def maximal(values: Sequence[int]) -> bool:
        """No member left out could be put in any of its slots."""
        return not any(valid([*values[:i], slot, *values[i + 1:]])
                       for i, member in enumerate(members) if values[i] < 0
                       for slot in member.slots)

    def legal(*values: int) -> bool:
        return valid(values) and (not problem.maximal or maximal(values))

    from constraint import FunctionConstraint, Problem

    csp = Problem()
    variables = [f"member:{m.id}" for m in members]
    for variable, member in zip(variables, members, strict=True):
        csp.addVariable(variable, [-1, *member.slots])
    csp.addConstraint(FunctionConstraint(legal), variables)
    for solution in csp.getSolutionIter():
        values = [solution[v] for v in variables]
        yield tuple(tuple(m.id for m, v in zip(members, values, strict=True) if v == slot)
                    for slot in slots)


def assignments(problem: CombatProblem) -> Iterator[Assignment]:
    """Every legal combat damage assignment, from a python-constraint2 model: amounts up
    to lethal (or from lethal, with excess) adding up to the damage, and the order and
    "lethal in full" checked on the whole assignment."""
    receivers = problem.receivers
    if not receivers:
        yield Assignment(())
        return
    from constraint import ExactSumConstraint, FunctionConstraint, Problem

    damage, excess = problem.damage, problem.excess_damage
    last = {r.id for r in problem.last_candidates()}
    csp = Problem()
    names = [r.id for r in receivers]
    for r in receivers:
        if excess:
            lethal = r.lethal or 0
            top = lethal + excess if problem.excess == "any" or r.id in last else lethal
            csp.addVariable(r.id, list(range(lethal, top + 1)))
        else:
            top = damage if r.lethal is None else min(damage, r.lethal)
            csp.addVariable(r.id, list(range(top + 1)))
    csp.addConstraint(ExactSumConstraint(damage), names)

    def legal(*amounts: int) -> bool:
        if excess:  # the policy 'last': the excess on one unit only
            over = [a > (r.lethal or 0) for r, a in zip(receivers, amounts, strict=True)]
            return problem.excess == "any" or sum(over) <= 1
        filled = [r.lethal is not None and a == r.lethal
                  for r, a in zip(receivers, amounts, strict=True)]
        partly = [a > 0 and not f for a, f in zip(amounts, filled, strict=True)]
        if sum(partly) > 1:
            return False
        for i, r in enumerate(receivers):
            if not amounts[i] or r.rank is Rank.TANK:
                continue
            own = [j for j, o in enumerate(receivers) if o.controller == r.controller]
            tanks = all(filled[j] for j in own if receivers[j].rank is Rank.TANK)
            others = all(filled[j] for j in own if receivers[j].rank is Rank.NORMAL)
            after = any(amounts[j] for j in own
                        if receivers[j].rank in (Rank.NORMAL, Rank.BACKLINE))
            if r.rank is Rank.NORMAL and not tanks:
                return False
            if r.rank is Rank.BACKLINE and not (tanks and others):
                return False
            if r.rank is Rank.EITHER and partly[i] and after and not (tanks and others):
                return False
        return True

    csp.addConstraint(FunctionConstraint(legal), names)
    for solution in csp.getSolutionIter():
        yield Assignment.of({name: solution[name] for name in names})


def joint_answers(problem: JointProblem) -> Iterator[Choice | Executed]:
    """Every answer of a joint choice, from a python-constraint2 model: a variable per
    pick over its domain (by position), a constraint per test, one for the budget."""
    if not problem.names:
        yield from problem.expand(())
        return
    if any(not domain for domain in problem.domains):
        return
    from constraint import FunctionConstraint, Problem

    csp = Problem()
    names = [f"p{i}" for i in range(len(problem.names))]
    for name, domain in zip(names, problem.domains, strict=True):
        csp.addVariable(name, list(range(len(domain))))
    for test in problem.tests:
        first, second = problem.domains[test.i], problem.domains[test.j]

        def passes(a: int, b: int, test: Check = test, first: tuple[Value, ...] = first,
                   second: tuple[Value, ...] = second) -> bool:
            if not test.total and (first[a] is None or second[b] is None):
                return True
            return bool(test.holds(a, b))

        csp.addConstraint(FunctionConstraint(passes), [names[test.i], names[test.j]])
    if problem.budget is not None and problem.taxes:
        budget = problem.budget

        def within(*positions: int) -> bool:
            return sum(problem.tax(i, p) for i, p in enumerate(positions)) <= budget

        csp.addConstraint(FunctionConstraint(within), names)
    for solution in csp.getSolutionIter():
        yield from problem.expand(tuple(solution[n] for n in names))


#: The problems this backend answers, by their type, and how.
ANSWERS: dict[type[object], Method] = dict([
    shape(SplitResolveProblem, resolutions),
    shape(SplitFinalizeProblem, declarations),
    shape(GroupProblem, selections),
    shape(CombatProblem, assignments),
    shape(JointProblem, joint_answers),
])

"""Questions compiled into CP-SAT models (building only, never solving).

Every variable is determined by the answer: enumerating a model gives each answer once
(a free helper variable would make CP-SAT list that answer once per value of the helper).

>>> from riftsolve.rules.families.split import SplitResolveProblem
>>> compiled = compile_resolution(SplitResolveProblem(("r1", "r2", "r3"), 2))
>>> len(compiled.amounts), len(compiled.kept)
(3, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from riftsolve.rules.families.combat import CombatProblem, Rank
from riftsolve.rules.families.group import GroupProblem
from riftsolve.rules.families.picks import JointProblem
from riftsolve.rules.families.split import SplitFinalizeProblem, SplitResolveProblem


@dataclass(frozen=True)
class CompiledResolution:
    """A split resolution model: ``amounts[i]`` is dealt to ``targets[i]``; ``kept[i]``
    is true exactly when that amount is positive."""

    model: cp_model.CpModel
    targets: tuple[str, ...]
    amounts: tuple[cp_model.IntVar, ...]
    kept: tuple[cp_model.IntVar, ...]


@dataclass(frozen=True)
class CompiledDeclaration:
    """A split declaration model: ``options[j]`` picks friendly option ``j``;
    ``chosen[i]`` picks candidate ``i``."""

    model: cp_model.CpModel
    options: tuple[cp_model.IntVar, ...]
    chosen: tuple[cp_model.IntVar, ...]


def compile_resolution(problem: SplitResolveProblem) -> CompiledResolution:
    """Deal exactly the pool to exactly ``min(n, pool)`` legal targets, each at least 1
    (355.14.e-h.1). With nothing to deal, every amount is fixed at 0: one answer."""
    model = cp_model.CpModel()
    pool = problem.pool if problem.keep else 0
    amounts = []
    kept = []
    for unit in problem.targets:
        amount = model.new_int_var(0, pool, f"damage[{unit}]")
        keep = model.new_bool_var(f"kept[{unit}]")
        # kept <=> amount >= 1: each kept target gets valid damage (355.14.g), a dropped
        # one none; the literal is a function of the amount, so it adds no answers.
        model.add(amount >= 1).only_enforce_if(keep)
        model.add(amount == 0).only_enforce_if(~keep)
        amounts.append(amount)
        kept.append(keep)
    dealt = sum(amounts)
    kept_count = sum(kept)
    if not problem.forfeit:
        model.add(dealt == pool)
        model.add(kept_count == problem.keep)
    else:
        # Policy 'forfeit': forfeited illegal targets fill the rest of the kept places,
        # each taking at least 1 of the pool that is then not dealt.
        counts = problem.legal_kept_counts()
        model.add(kept_count >= counts.start)
        model.add(kept_count <= counts.stop - 1)
        whole = model.new_bool_var("no_share_forfeited")  # a function of the kept literals
        model.add(kept_count == problem.keep).only_enforce_if(whole)
        model.add(kept_count <= problem.keep - 1).only_enforce_if(~whole)
        model.add(dealt == pool).only_enforce_if(whole)
        model.add(dealt <= pool - problem.keep + kept_count).only_enforce_if(~whole)
    return CompiledResolution(model, problem.targets, tuple(amounts), tuple(kept))


def compile_declaration(problem: SplitFinalizeProblem) -> CompiledDeclaration:
    """Exactly one friendly option; at most its cap of candidates (355.14.c); Deflect tax
    within the budget (809). No option means no model solution (355.8)."""
    model = cp_model.CpModel()
    options = [model.new_bool_var(f"friendly[{o.friendly}]") for o in problem.options]
    chosen = [model.new_bool_var(f"chosen[{c}]") for c in problem.candidates]
    model.add_exactly_one(options)
    caps = [min(o.cap, len(chosen)) for o in problem.options]
    model.add(sum(chosen) <= sum(cap * lit for cap, lit in zip(caps, options, strict=True)))
    if problem.budget is not None:
        model.add(sum(t * lit for t, lit in zip(problem.taxes, chosen, strict=True))
                  <= problem.budget)
    return CompiledDeclaration(model, tuple(options), tuple(chosen))


@dataclass(frozen=True)
class CompiledGroup:
    """A group model: ``picks[(i, s)]`` puts member ``i`` in slot ``s``; ``places[k]`` is
    true exactly when the group is drawn from class ``k``."""

    model: cp_model.CpModel
    picks: dict[tuple[int, int], cp_model.IntVar]
    places: dict[str, cp_model.IntVar]


def compile_group(problem: GroupProblem) -> CompiledGroup:
    """One choice literal per (member, slot); one class literal per class, exactly one of
    them true when the group is non-empty and none for the empty group; the slot sizes,
    the linear Might cap and the Deflect budget; and, for ``maximal`` problems, "every
    member left out would break the class, the cap, the budget or a full slot".
    """
    model = cp_model.CpModel()
    members = problem.members
    picks = {(i, s): model.new_bool_var(f"pick[{m.id},{s}]")
             for i, m in enumerate(members) for s in m.slots}
    chosen = {i: [picks[i, s] for s in m.slots] for i, m in enumerate(members)}
    for literals in chosen.values():
        model.add_at_most_one(literals)
    places: dict[str, cp_model.IntVar] = {}
    class_full: dict[str, cp_model.IntVar] = {}
    for key in problem.classes():
        inside = [lit for i, m in enumerate(members) if m.key == key for lit in chosen[i]]
        if problem.per_class is not None:
            # classes combine: at most per_class members from each
            model.add(sum(inside) <= problem.per_class)
            full = model.new_bool_var(f"full[{key}]")  # a function of the choices
            model.add(sum(inside) >= problem.per_class).only_enforce_if(full)
            model.add(sum(inside) <= problem.per_class - 1).only_enforce_if(~full)
            class_full[key] = full
            continue
        place = model.new_bool_var(f"class[{key}]")
        for lit in inside:
            model.add_implication(lit, place)
        model.add_bool_or([~place, *inside])  # the class literal is true only if used
        places[key] = place
    if places:
        model.add_at_most_one(places.values())
    sizes = [sum(picks[i, s] for i, m in enumerate(members) if s in m.slots)
             for s in range(len(problem.least))]
    for size, least, most in zip(sizes, problem.least, problem.most, strict=True):
        if least:
            model.add(size >= least)
        if most is not None:
            model.add(size <= most)
    might = sum(m.might * lit for i, m in enumerate(members) for lit in chosen[i])
    tax = sum(m.tax * lit for i, m in enumerate(members) for lit in chosen[i])
    if problem.cap is not None:
        model.add(might <= problem.cap)
    if problem.budget is not None:
        model.add(tax <= problem.budget)
    if problem.maximal:
        _add_maximality(model, problem, chosen, places, class_full, sizes, might, tax)
    return CompiledGroup(model, picks, places)


def _add_maximality(model: cp_model.CpModel, problem: GroupProblem,
                    chosen: dict[int, list[cp_model.IntVar]],
                    places: dict[str, cp_model.IntVar], class_full: dict[str, cp_model.IntVar],
                    sizes: Sequence[cp_model.LinearExpr | int], might: cp_model.LinearExpr | int,
                    tax: cp_model.LinearExpr | int) -> None:
    """Every member left out could not join: each blocking reason is a literal fully
    determined by the choices (reified both ways), so no answer is repeated."""
    over_cap: dict[int, cp_model.IntVar] = {}
    over_budget: dict[int, cp_model.IntVar] = {}
    full: dict[int, cp_model.IntVar] = {}

    def reified(cache: dict[int, cp_model.IntVar], bound: int, expr: cp_model.LinearExpr | int,
                name: str) -> cp_model.IntVar:
        """A literal equal to ``expr > bound``."""
        if bound not in cache:
            lit = model.new_bool_var(f"{name}>{bound}")
            model.add(expr >= bound + 1).only_enforce_if(lit)
            model.add(expr <= bound).only_enforce_if(~lit)
            cache[bound] = lit
        return cache[bound]

    for i, member in enumerate(problem.members):
        blocked: list[cp_model.IntVar] = [*chosen[i]]
        blocked += [place for key, place in places.items() if key != member.key]
        if member.key in class_full:
            blocked.append(class_full[member.key])
        if problem.cap is not None:
            blocked.append(reified(over_cap, problem.cap - member.might, might, "might"))
        if problem.budget is not None:
            blocked.append(reified(over_budget, problem.budget - member.tax, tax, "tax"))
        for slot in member.slots:
            most = problem.most[slot]
            if most is None:
                continue
            if slot not in full:
                full[slot] = reified({}, most - 1, sizes[slot], f"size{slot}")
        slot_full = [full[s] for s in member.slots if problem.most[s] is not None]
        if len(slot_full) == len(member.slots):
            # every slot it could take is full: one more blocking reason, all slots full
            every = model.new_bool_var(f"full[{member.id}]")
            model.add_bool_and(slot_full).only_enforce_if(every)
            model.add_bool_or([~lit for lit in slot_full]).only_enforce_if(~every)
            blocked.append(every)
        model.add_bool_or(blocked)


@dataclass(frozen=True)
class CompiledCombat:
    """A combat assignment model: ``amounts[i]`` is assigned to ``receivers[i]``."""

    model: cp_model.CpModel
    receivers: tuple[str, ...]
    amounts: tuple[cp_model.IntVar, ...]


def _reified_all(model: cp_model.CpModel, lits: list[cp_model.IntVar], name: str
                 ) -> cp_model.IntVar:
    """A literal true exactly when every one of ``lits`` is (a function of them)."""
    every = model.new_bool_var(name)
    if not lits:
        model.add(every == 1)
        return every
    model.add_bool_and(lits).only_enforce_if(every)
    model.add_bool_or([~lit for lit in lits]).only_enforce_if(~every)
    return every


def compile_combat(problem: CombatProblem) -> CompiledCombat:
    """Assign exactly the damage (465.2.c). While a receiver may lack lethal damage: each
    gets nothing, its lethal amount, or (one in all) less (465.2.c.3-4), and gets any only
    when every unit ahead of it in its controller's order has lethal damage (465.2.c.6,
    815, 826; a unit with both keywords partly filled only last or with nothing after,
    465.2.c.8-9). Once all can be filled: each at least lethal, the excess as the policy
    says. Every helper literal is a function of the amounts."""
    model = cp_model.CpModel()
    damage = problem.damage
    receivers = problem.receivers
    excess = problem.excess_damage
    amounts: list[cp_model.IntVar] = []
    if excess:
        last = {r.id for r in problem.last_candidates()}
        over = []
        for r in receivers:
            lethal = r.lethal or 0
            top = lethal + excess if problem.excess == "any" or r.id in last else lethal
            amount = model.new_int_var(lethal, top, f"assigned[{r.id}]")
            amounts.append(amount)
            if problem.excess == "last" and r.id in last:
                more = model.new_bool_var(f"excess[{r.id}]")
                model.add(amount >= lethal + 1).only_enforce_if(more)
                model.add(amount == lethal).only_enforce_if(~more)
                over.append(more)
        model.add(sum(amounts) == damage)
        if over:
            model.add(sum(over) <= 1)
        return CompiledCombat(model, tuple(r.id for r in receivers), tuple(amounts))
    zero, part, full = {}, {}, {}
    for r in receivers:
        top = damage if r.lethal is None else min(damage, r.lethal)
        amount = model.new_int_var(0, top, f"assigned[{r.id}]")
        amounts.append(amount)
        zero[r.id] = model.new_bool_var(f"zero[{r.id}]")
        part[r.id] = model.new_bool_var(f"partial[{r.id}]")
        full[r.id] = model.new_bool_var(f"filled[{r.id}]")
        model.add_exactly_one(zero[r.id], part[r.id], full[r.id])
        model.add(amount == 0).only_enforce_if(zero[r.id])
        model.add(amount >= 1).only_enforce_if(part[r.id])
        if r.lethal is None:
            model.add(full[r.id] == 0)
        else:
            model.add(amount <= r.lethal - 1).only_enforce_if(part[r.id])
            model.add(amount == r.lethal).only_enforce_if(full[r.id])
    model.add(sum(amounts) == damage)
    model.add(sum(part.values()) <= 1)
    for controller in dict.fromkeys(r.controller for r in receivers):
        own = [r for r in receivers if r.controller == controller]
        tanks = [full[r.id] for r in own if r.rank is Rank.TANK]
        others = [full[r.id] for r in own if r.rank is Rank.NORMAL]
        ahead = _reified_all(model, tanks + others, f"ahead[{controller}]")
        untouched = []  # the units that come after one with both keywords placed first
        for r in own:
            if r.rank is Rank.NORMAL:
                model.add_bool_and(tanks).only_enforce_if(~zero[r.id])
            elif r.rank is Rank.BACKLINE:
                model.add(ahead == 1).only_enforce_if(~zero[r.id])
            if r.rank in (Rank.NORMAL, Rank.BACKLINE):
                untouched.append(zero[r.id])
        for r in own:  # both keywords, partly filled: nothing after it, or all ahead filled
            if r.rank is Rank.EITHER and untouched:
                nothing_after = _reified_all(model, untouched, f"nothing_after[{r.id}]")
                model.add_bool_or([ahead, nothing_after]).only_enforce_if(part[r.id])
    return CompiledCombat(model, tuple(r.id for r in receivers), tuple(amounts))


@dataclass(frozen=True)
class CompiledJoint:
    """A joint choice model: ``picks[i]`` is the index of variable ``i``'s value in its
    domain."""

    model: cp_model.CpModel
    picks: tuple[cp_model.IntVar, ...]


def compile_joint(problem: JointProblem) -> CompiledJoint:
    """One value per variable from its domain, every test of a linked pair as the table
    of the value pairs passing it (an empty pick passes every test), the Deflect tax of
    the values within the budget (809). An empty domain makes the model infeasible."""
    model = cp_model.CpModel()
    picks = []
    for name, domain in zip(problem.names, problem.domains, strict=True):
        picks.append(model.new_int_var(0, max(len(domain) - 1, 0), f"pick[{name}]"))
        if not domain:
            model.add(picks[-1] == -1)  # (no value: infeasible)
    for test in problem.tests:
        first, second = problem.domains[test.i], problem.domains[test.j]
        model.add_allowed_assignments(
            [picks[test.i], picks[test.j]],
            [(a, b) for a in range(len(first)) for b in range(len(second))
             if (not test.total and (first[a] is None or second[b] is None))
             or test.holds(a, b)])
    if problem.budget is not None and problem.taxes:
        paid = []
        for i, row in enumerate(problem.taxes):
            if any(row):
                tax = model.new_int_var(0, max(row), f"tax[{problem.names[i]}]")
                model.add_element(picks[i], list(row), tax)
                paid.append(tax)
        model.add(sum(paid) <= problem.budget)
    return CompiledJoint(model, tuple(picks))

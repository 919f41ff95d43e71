"""Questions compiled into CP-SAT models (building only, never solving).

Every variable is determined by the answer: enumerating a model gives each answer once
(a free helper variable would repeat it, research §1.2).

>>> from models.split import SplitResolveProblem
>>> compiled = compile_resolution(SplitResolveProblem(("r1", "r2", "r3"), 2))
>>> len(compiled.amounts), len(compiled.kept)
(3, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.split import SplitFinalizeProblem, SplitResolveProblem


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

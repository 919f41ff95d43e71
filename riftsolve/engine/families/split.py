"""The legal sets of split damage (355.14): every declaration of targets with its Deflect cost, and
every split of the damage among the targets still legal, counted, indexed and ranked by
closed forms.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from itertools import accumulate, groupby, islice, pairwise
from typing import TYPE_CHECKING

from riftsolve._json import JSONOutDoc
from riftsolve._lazy import LazyModule
from riftsolve.engine.backends import native
from riftsolve.engine.clauses import MOST_NAMED, Clause, by_reason, each_of, span
from riftsolve.engine.count import (
    count_split_resolutions,
    count_subsets_for_caps,
)
from riftsolve.engine.families.registry import register_legal_sets
from riftsolve.engine.legal import (
    Capabilities,
    LegalSet,
    TextBlock,
    chosen_targets_extras,
    text_blocks_of,
)
from riftsolve.engine.rank import (
    BudgetedSubsets,
    describe_count,
    rank_combination,
    unrank_combination,
    unrank_combinations,
    unrank_masks,
)
from riftsolve.formats.lines import declaration_block_text, resolution_block_text
from riftsolve.i18n import _, ngettext
from riftsolve.rules.answers import (
    Declaration,
    Resolution,
)
from riftsolve.rules.choosing import fired_triggers, has_chosen_triggers
from riftsolve.rules.effects import SplitDamage, Zone
from riftsolve.rules.explain import ids
from riftsolve.rules.families.split import (
    SplitFinalizeProblem,
    SplitResolveProblem,
    finalize_problem,
    resolve_problem,
    split_effect,
)
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.targeting import Failure

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from riftsolve.engine.starting import Role, StarterHooks
    from riftsolve.engine.steps import Steps
else:
    np = LazyModule("numpy")  # imported by the first block of answers


class Resolutions(LegalSet[Resolution]):
    """Every legal resolution of split damage on the board as it is now."""

    CAPABILITIES = Capabilities(counts=True, ranks=True, text_blocks=True, steps=True)

    question = "resolve"
    _answer_type = Resolution

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self.problem: SplitResolveProblem = resolve_problem(scenario)

    def count(self) -> int:
        if self.problem.pool_null is not None:
            return 1
        return count_split_resolutions(len(self.problem.targets), self.problem.pool,
                                       self.problem.forfeit)

    def __iter__(self) -> Iterator[Resolution]:
        return self.backend.answers(self.problem)

    def _ranked(self) -> bool:
        """Whether answers are ranked in closed form (no policy forfeit, a real pool)."""
        return self.problem.forfeit == 0 and self.problem.pool_null is None

    def index(self, answer: object) -> int:
        if not self._ranked():
            return super().index(answer)
        resolution: Resolution = self._own(answer)
        failures = self.verify(resolution)
        if failures:
            raise ValueError(f"not a legal answer: {failures[0]}")
        problem = self.problem
        if problem.keep == 0:
            return 0
        columns = {unit: i for i, unit in enumerate(problem.targets)}
        if len(problem.targets) > problem.pool:
            return rank_combination(sorted(columns[u] for u in resolution.kept),
                                    len(problem.targets))
        cuts = list(accumulate(a for _, a in resolution.damage))[:-1]
        return rank_combination([c - 1 for c in cuts], problem.pool - 1)

    def _at(self, index: int) -> Resolution:
        if not self._ranked():
            return super()._at(index)
        problem = self.problem
        n, pool, keep = len(problem.targets), problem.pool, problem.keep
        if keep == 0:
            return Resolution(())
        # Python integers: any count, however large
        if n > pool:
            return self._answer_of(list(unrank_combination(index, n, keep)))
        return self._answer_of(list(unrank_combination(index, pool - 1, n - 1)))

    def _run(self, indices: range) -> list[Resolution]:
        """A slice's answers: a run of consecutive indices (either way) unranks its first
        answer and steps to the next combination from there, not unranking each one."""
        if not self._ranked() or abs(indices.step) != 1 or len(indices) < 2:
            return super()._run(indices)
        low = min(indices[0], indices[-1])
        problem = self.problem
        n, pool, keep = len(problem.targets), problem.pool, problem.keep
        size = keep if n > pool else n - 1
        span = n if n > pool else pool - 1
        combination = list(unrank_combination(low, span, size))
        run = []
        for step in range(len(indices)):
            if step:
                _next_combination(combination, span)
            run.append(self._answer_of(combination))
        return run if indices.step > 0 else run[::-1]

    def _answer_of(self, combination: list[int]) -> Resolution:
        """The answer whose combination is ``combination``: the kept targets when there
        are more targets than damage, else the cuts of the pool."""
        targets, pool = self.problem.targets, self.problem.pool
        if len(targets) > pool:
            return Resolution(tuple((targets[i], 1) for i in combination))
        cuts = [0, *(c + 1 for c in combination), pool]
        return Resolution(tuple(zip(targets, (b - a for a, b in pairwise(cuts)),
                                    strict=True)))

    def unrank(self, indices: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The answers with these indices, as rows of damage per legal target
        (:attr:`columns`), without listing: for agents that sample many at once."""
        problem = self.problem
        if not self._ranked():
            raise ValueError("answers under policy split_illegal=forfeit are indexed by "
                             "listing: use legal[i]")
        n, pool, keep = len(problem.targets), problem.pool, problem.keep
        rows = np.asarray(indices, dtype=np.int64)
        if keep == 0:
            if rows.size and (rows.min() < 0 or rows.max() > 0):
                raise IndexError("index out of range(0, 1)")
            return np.zeros((rows.shape[0], n), dtype=np.int64)
        if n > pool:
            return unrank_masks(rows, n, keep).astype(np.int64)
        cuts = unrank_combinations(rows, pool - 1, n - 1) + 1
        edges = np.hstack((np.zeros((rows.shape[0], 1), dtype=np.int64), cuts,
                           np.full((rows.shape[0], 1), pool, dtype=np.int64)))
        return np.diff(edges, axis=1)

    def arrays(self, batch: int = native.BLOCK_ROWS) -> Iterator[npt.NDArray[np.int64]]:
        """Every answer as numpy rows of damage per legal target (:attr:`columns`)."""
        return native.resolution_blocks(self.problem, batch)

    #: The same blocks, by the name the CLI's JSON-lines writer uses.
    blocks = arrays

    def _columns(self) -> tuple[str, ...]:
        """The legal targets, in the column order of :meth:`blocks`."""
        return self.problem.targets

    # ------------------------------------------------------------ what the faces read

    DISPUTED = ("split_illegal", ("redistribute", "forfeit"), "359.3.e.8")

    def extras(self, answer: Resolution) -> JSONOutDoc:
        problem = self.problem
        common = chosen_targets_extras(self.scenario, problem.illegal)
        if problem.pool_null is not None:
            # no target is dropped (355.14.h): the whole damage instruction is ignored
            return {"ignored": problem.pool_null.said(self.scenario.rules), **common}
        return {"dropped": [t for t in problem.targets if t not in answer.kept], **common}

    def headers(self) -> list[str]:
        return [_("damage dealt")]

    def cells(self, answer: Resolution) -> list[str]:
        return [", ".join(f"{u} {a}" for u, a in answer.damage) or _("(nothing dealt)")]

    def still_legal(self) -> tuple[tuple[str, ...] | None, bool]:
        return self.problem.targets, bool(self.problem.illegal)

    def must(self) -> tuple[Clause, ...]:
        """Split damage on resolution: which targets to drop, then how to divide the damage
        (355.14.e-i); nothing when no damage is dealt (the facts say why)."""
        problem, controller = self.problem, self.scenario.controller
        if problem.pool_null is not None or not problem.targets or problem.pool == 0:
            return ()
        sharing = len(problem.targets) + problem.forfeit
        targets = span(problem.targets)
        if problem.forfeit:
            targets = ngettext("{targets} and {n} illegal target still sharing the split",
                               "{targets} and {n} illegal targets still sharing the split",
                               problem.forfeit).format(targets=targets, n=problem.forfeit)
        lost = (_("; damage assigned to an illegal target is not dealt") if problem.forfeit
                else "")
        if sharing > problem.keep:
            dropped = sharing - problem.keep
            return (
                Clause(_("{player} must drop {n} of {targets}").format(
                    player=controller, n=dropped, targets=targets), ("355.14.h", "355.14.h.1")),
                Clause(ngettext("then deal 1 to the other one{lost}",
                                "then deal 1 to each of the other {n}{lost}",
                                problem.keep).format(n=problem.keep, lost=lost), ("355.14.e",),
                       goes_on=", "),
                Clause(_("costs paid and triggers fired for the dropped targets stand"),
                       ("355.14.i",)),
            )
        if sharing == 1:
            return (Clause(_("{player} deals all {pool} damage to {targets}").format(
                player=controller, pool=problem.pool, targets=targets), ("355.14.e",)),)
        return (Clause(_("{player} divides {pool} damage among {targets}, at least 1 each{lost}"
                         ).format(player=controller, pool=problem.pool, targets=targets, lost=lost),
                       ("355.14.e", "355.14.g")),)

    def text_blocks(self, batch: int) -> Iterator[TextBlock]:
        columns = self.columns
        return text_blocks_of(self.blocks(batch),
                              lambda block: resolution_block_text(columns, block))

    def first_step(self, shares: bool = False) -> Steps:
        from riftsolve.engine.families.split_steps import ResolveSplit, ShareSplit

        return (ShareSplit if shares else ResolveSplit).start(self.problem)


def _next_combination(combination: list[int], span: int) -> None:
    """Step ``combination`` (ascending, of ``range(span)``) to the next one in
    lexicographic order, in place; it must not be the last.

    >>> c = [0, 3, 4]
    >>> _next_combination(c, 5); c
    [1, 2, 3]
    """
    size = len(combination)
    i = size - 1
    while combination[i] == span - size + i:
        i -= 1
    combination[i] += 1
    for j in range(i + 1, size):
        combination[j] = combination[j - 1] + 1


class Declarations(LegalSet[Declaration]):
    """Every legal split-damage target declaration at finalization."""

    CAPABILITIES = Capabilities(counts=True, ranks=True, text_blocks=True, steps=True)

    question = "finalize"
    _answer_type = Declaration

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self.problem: SplitFinalizeProblem = finalize_problem(scenario)
        if self.unpayable is not None:  # (no friendly option: no declaration at all)
            self.problem = replace(self.problem, options=())
        self._subsets: BudgetedSubsets | None = None

    def count(self) -> int:
        problem = self.problem
        return sum(count_subsets_for_caps(
            len(problem.candidates), caps=[o.cap for o in problem.options],
            taxes=problem.taxes, budget=problem.budget))

    def __iter__(self) -> Iterator[Declaration]:
        return self.backend.answers(self.problem)

    # The native order: per friendly option, subsets of the candidates by size, then
    # lexicographic, at most the option's cap, within the Deflect budget. Each option's
    # subsets are a prefix of one order (engine.rank.BudgetedSubsets), ranked without
    # listing: in closed form, or by a DP over the taxed candidates when the budget binds.

    def _ranked(self) -> tuple[BudgetedSubsets, list[int]] | None:
        """The subsets' order, and where each friendly option's answers start (then the
        count); ``None`` when the DP is too large but listing is not (then answers are
        listed). Raises :class:`OverflowError` when neither fits, saying what to do."""
        if self._subsets is None:
            try:
                self._subsets = BudgetedSubsets(
                    self.problem.taxes, self.problem.budget,
                    most=max((o.cap for o in self.problem.options), default=0))
            except OverflowError as refusal:
                total = self.count()
                if total <= self.INDEX_BUDGET:
                    return None
                raise OverflowError(_("{count} declarations, too many to list: {refusal}"
                                      ).format(count=describe_count(total), refusal=refusal)
                                    ) from None
        starts = [0]
        for option in self.problem.options:
            starts.append(starts[-1] + self._subsets.total(option.cap))
        return self._subsets, starts

    def index(self, answer: object) -> int:
        ranked = self._ranked()
        if ranked is None:
            return super().index(answer)
        declaration: Declaration = self._own(answer)
        failures = self.verify(declaration)
        if failures:
            raise ValueError(f"not a legal answer: {failures[0]}")
        problem = self.problem
        subsets, starts = ranked
        option = next((i for i, o in enumerate(problem.options)
                       if o.friendly == declaration.friendly), None)
        position = {unit: i for i, unit in enumerate(problem.candidates)}
        if option is None or any(u not in position for u in declaration.split):
            raise ValueError(f"not an answer of this question: {declaration}")
        return starts[option] + subsets.rank(sorted(position[u] for u in declaration.split))

    def _at(self, index: int) -> Declaration:
        ranked = self._ranked()
        if ranked is None:
            return super()._at(index)
        problem = self.problem
        subsets, starts = ranked
        option = max(i for i, start in enumerate(starts[:-1]) if start <= index)
        chosen = subsets.unrank(index - starts[option])
        return Declaration(tuple(problem.candidates[i] for i in chosen),
                           problem.options[option].friendly,
                           sum(problem.taxes[i] for i in chosen))

    def _why_none(self) -> list[Failure]:
        if self.problem.options or self.count() or self.unpayable is not None:
            return super()._why_none()
        return [Failure("355.8", _(
            "no unit can be {card}'s friendly unit (on the board, friendly to {player}, "
            "targetable by them): it cannot be played").format(
                card=self.scenario.effect.name, player=self.scenario.controller))]


    def _columns(self) -> tuple[str, ...]:
        friendly = [o.friendly for o in self.problem.options if o.friendly]
        return tuple(dict.fromkeys([*friendly, *self.problem.candidates]))

    def chosen_blocks(self, batch: int = 65536
                      ) -> Iterator[tuple[str | None, npt.NDArray[np.int64],
                                          npt.NDArray[np.int64]]]:
        """The declarations built in numpy, in the native order, as blocks of at most
        ``batch``: ``(friendly, chosen, cost)``, ``chosen[r]`` the indices in
        ``problem.candidates`` of row ``r``'s split targets (all rows of a block choose as
        many) and ``cost[r]`` its Deflect cost. Each friendly option's subsets come size
        by size, each size's combinations in lexicographic order
        (:func:`native.combination_blocks`), those over the Deflect budget masked out.
        Where the budget binds hard (most combinations over it), the native pruned search
        is packed into blocks instead."""
        problem = self.problem
        taxes = np.array(problem.taxes, dtype=np.int64)
        budget = problem.budget
        n = len(problem.candidates)
        if budget is not None and int(taxes.sum()) > budget and int(taxes.min()) >= 0:
            position = {unit: i for i, unit in enumerate(problem.candidates)}
            answers = native.declarations(problem)
            while block := list(islice(answers, batch)):
                for _, rows in groupby(block, key=lambda d: (d.friendly, len(d.split))):
                    same = list(rows)
                    chosen = np.array([[position[u] for u in d.split] for d in same],
                                      dtype=np.int64).reshape(len(same), -1)
                    yield same[0].friendly, chosen, taxes[chosen].sum(axis=1)
            return
        for option in problem.options:
            for size in range(min(option.cap, n) + 1):
                for chosen in native.combination_blocks(n, size, batch):
                    cost = taxes[chosen].sum(axis=1)
                    if budget is not None:
                        within = cost <= budget
                        chosen, cost = chosen[within], cost[within]
                    if len(chosen):
                        yield option.friendly, chosen, cost

    def arrays(self, batch: int = 65536) -> Iterator[npt.NDArray[np.int8]]:
        """The declarations as 0/1 rows over :attr:`columns`, from :meth:`chosen_blocks`
        (numpy throughout; row ``i`` is ``self[i]``)."""
        columns = {u: i for i, u in enumerate(self.columns)}
        candidate_columns = np.array([columns[u] for u in self.problem.candidates],
                                     dtype=np.int64)
        for friendly, chosen, _cost in self.chosen_blocks(batch):
            rows = np.zeros((len(chosen), len(columns)), dtype=np.int8)
            if friendly is not None:
                rows[:, columns[friendly]] = 1
            rows[np.arange(len(chosen))[:, None], candidate_columns[chosen]] = 1
            yield rows

    # ------------------------------------------------------------ what the faces read

    def line(self, answer: Declaration) -> JSONOutDoc:
        slot = split_effect(self.scenario).split_slot
        shown: JSONOutDoc = answer.as_json(slot)
        if has_chosen_triggers(self.scenario):
            friendly = [answer.friendly] if answer.friendly else []
            shown["triggers"] = fired_triggers(self.scenario,
                                               [("friendly", friendly), (slot, answer.split)])
        return shown

    def headers(self) -> list[str]:
        return [*split_effect(self.scenario).slot_names, "Deflect"]

    def cells(self, answer: Declaration) -> list[str]:
        friendly = [answer.friendly or ""] if "friendly" in self.headers() else []
        return [*friendly, ids(answer.split), str(answer.deflect_cost)]

    def must(self) -> tuple[Clause, ...]:
        """Split damage on finalization: the friendly unit (if the card has one), then up to
        its Might of the units that may be chosen (355.14.a-c, 355.13), the Deflect taxes
        within the Power available (809), and why the other units can't be chosen."""
        problem, controller = self.problem, self.scenario.controller
        clauses: list[Clause] = []
        friendly = [o for o in problem.options if o.friendly is not None]
        if len(friendly) == 1:
            clauses.append(Clause(_("{player} chooses {unit} as the friendly unit").format(
                player=controller, unit=friendly[0].friendly), ("740.1.a",)))
        elif friendly:
            clauses.append(Clause(_("{player} chooses the friendly unit among {units}").format(
                player=controller, units=span([str(o.friendly) for o in friendly])),
                ("740.1.a",)))
        caps = sorted({o.cap for o in problem.options})
        if problem.candidates and caps and caps[-1] > 0:
            units = span(problem.candidates)
            if caps[0] >= len(problem.candidates):  # whatever the friendly unit: no cap binds
                text = _("any number of {units}").format(units=units)
            elif len(caps) == 1:
                text = _("up to {cap} of {units}").format(cap=caps[0], units=units)
            else:
                each = (", ".join(f"{o.friendly} {o.cap}" for o in friendly)
                        if len(friendly) <= MOST_NAMED  # else the range of the caps
                        else _("{low} to {high}").format(low=caps[0], high=caps[-1]))
                text = _("up to its Might of {units} ({caps})").format(units=units, caps=each)
            if clauses:
                clauses.append(Clause(_("then {choice}").format(choice=text),
                                      ("355.14.a", "355.14.c"), goes_on=", "))
            else:
                clauses.append(Clause(_("{player} chooses {choice}").format(
                    player=controller, choice=text), ("355.14.a", "355.14.c")))
            clauses.append(Clause(_("choosing none of them is legal too"), ("355.13",),
                                  goes_on=", "))
        if any(problem.taxes):
            taxed = [u for u, tax in zip(problem.candidates, problem.taxes, strict=True) if tax]
            clauses.append(Clause(
                _("the Deflect of {units} adds to the cost").format(units=span(taxed))
                + (_(", at most {power} Power in all").format(power=problem.budget)
                   if problem.budget is not None else ""), ("809",)))
        chosen_as_friend = {o.friendly for o in friendly}
        out = [(unit, failure) for unit, failure in problem.excluded
               if unit not in chosen_as_friend]
        reasons = by_reason((f.rule, unit, f.message) for unit, f in out)
        for index, (rule, rest, named) in enumerate(reasons[:MOST_NAMED]):
            reason = each_of(named, rest) if named else rest
            clauses.append(Clause(reason if index else _("ruled out: {reason}").format(
                reason=reason), (rule,), goes_on="; " if index else ""))
        others = sum(max(1, len(named)) for _rule, _rest, named in reasons[MOST_NAMED:])
        if others:  # a paragraph to read aloud: the others are counted
            clauses.append(Clause(ngettext("and {n} more", "and {n} more", others).format(
                n=f"{others:,}"), goes_on="; "))
        return tuple(clauses)

    def text_blocks(self, batch: int) -> Iterator[TextBlock] | None:
        """Lines a block at a time, where there is no Targeting Effect to report (the
        lines are then the declarations' own)."""
        if has_chosen_triggers(self.scenario):
            return None
        return self._declaration_blocks(batch)

    def _declaration_blocks(self, batch: int) -> Iterator[TextBlock]:
        slot = split_effect(self.scenario).split_slot
        names = self.problem.candidates
        for friendly, chosen, cost in self.chosen_blocks(batch):
            def text(k: int, friendly: str | None = friendly,
                     chosen: npt.NDArray[np.int64] = chosen,
                     cost: npt.NDArray[np.int64] = cost) -> str:
                return declaration_block_text(friendly, slot, names, chosen[:k], cost[:k])
            yield len(chosen), text

    def first_step(self, shares: bool = False) -> Steps:
        from riftsolve.engine.families.split_steps import DeclareSplit

        return DeclareSplit.start(self.problem)


# --------------------------------------------------------------------------- riftsolve new


def _starter_lines(effect: SplitDamage, role: Role, words: Mapping[str, str]
                   ) -> Iterator[str]:
    """The friendly unit whose Might is split, then the split targets (355.14)."""
    where = _("at battlefields") if effect.zone is Zone.BATTLEFIELDS else _(
        "at the source's battlefield (here)")
    for name in effect.slot_names:
        said = f'"{words[name]}"' if name in words else ""
        if name == "friendly":
            yield _("{slot}=ID: {said}, whose Might is the damage split; {role}").format(
                slot=name, said=said, role=role(name))
        else:
            yield _("{slot}=ID,ID,...: {said} {where}, each dealt at least 1; "
                    "{role}").format(slot=name, said=said, where=where, role=role(name))


def _starter() -> StarterHooks:
    """The split family's parts of ``riftsolve new``: a comment line per slot."""
    from riftsolve.engine.starting import StarterHooks

    return StarterHooks.of(SplitDamage, lines=_starter_lines)


register_legal_sets("split", Declarations, Resolutions, starter=_starter,
                    ranked_by="riftsolve.engine.families.split_best")

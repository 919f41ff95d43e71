"""Split damage (CR 1.4 355.14): the rules turned into plain questions, and the verifier.

:func:`finalize_problem` and :func:`resolve_problem` apply the rules to a scenario and
return the combinatorial question every backend answers. :func:`verify_declaration`
and :func:`verify_resolution` check one answer against the rules directly, with no
solver; every backend is tested against them.

>>> from riftsolve.formats.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
...     "battlefields": ["north"], "units": [
...         {"id": "kai", "controller": "A", "might": 3, "location": "north"},
...         {"id": "r1", "controller": "B", "might": 1, "location": "north"},
...         {"id": "r2", "controller": "B", "might": 1, "location": "base"}],
...     "targets": {"friendly": "kai", "enemies": ["r1", "r2"]}})
>>> p = resolve_problem(s)
>>> p.targets, p.pool, [f.rule for _, f in p.illegal]
(('r1',), 3, ['359.3.e.2'])
>>> verify_resolution(s, Resolution.of({"r1": 2}))[0].rule
'355.14.f'
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import cast

from riftsolve.i18n import _, ngettext
from riftsolve.rules.acts import Acts
from riftsolve.rules.answers import Declaration, Resolution
from riftsolve.rules.board import Board, Unit
from riftsolve.rules.choosing import deflect_failure, deflect_failures, deflect_tax
from riftsolve.rules.core_rules import renumber
from riftsolve.rules.effects import Pool, SplitDamage, Zone
from riftsolve.rules.explain import (
    Step,
    deflect_steps,
    ids,
    illegal_steps,
    lethal_any_steps,
    step,
    trigger_steps,
    unsaid_steps,
)
from riftsolve.rules.families.registry import AnyFamily, register_family
from riftsolve.rules.families.slots import distinct, unit_ids
from riftsolve.rules.lethal import death
from riftsolve.rules.options import Option, options
from riftsolve.rules.roles import Role
from riftsolve.rules.scenario import Scenario, ScenarioError, Targets, require_targets
from riftsolve.rules.targeting import (
    Failure,
    friendly_target_failure,
    source_battlefield,
    split_target_failure,
)
from riftsolve.rules.versions import before, number_in


@dataclass(frozen=True)
class SplitChosen(Targets):
    """A split's targets chosen at finalization: the friendly unit whose Might is the
    damage (if the card has that slot) and the split targets (355.14.a), in order.

    >>> SplitChosen(split=("r1", "r2"), friendly="kai").counted(frozenset({"enemies"}))
    ('r1', 'r2')
    """

    split: tuple[str, ...] = ()
    friendly: str | None = None

    def unit_ids(self) -> tuple[str, ...]:
        """The friendly unit and the split targets."""
        return (*((self.friendly,) if self.friendly else ()), *self.split)

    def counted(self, targeted: frozenset[str]) -> tuple[str, ...]:
        """The split targets, after the friendly unit where its slot is targeted."""
        friendly = (self.friendly,) if self.friendly and "friendly" in targeted else ()
        return (*friendly, *self.split)


@dataclass(frozen=True)
class FriendlyOption:
    """One choice of the friendly unit (``None`` for a card without that slot) and the
    most split targets it allows: the initial damage available (355.14.c)."""

    friendly: str | None
    cap: int


@dataclass(frozen=True)
class SplitFinalizeProblem:
    """Choose one friendly option, then any subset of ``candidates`` with at most the
    option's cap members and a Deflect tax within ``budget`` (``None``: unlimited)."""

    options: tuple[FriendlyOption, ...]
    candidates: tuple[str, ...]
    taxes: tuple[int, ...]
    budget: int | None
    #: Units that could not be chosen, and why (for explanations).
    excluded: tuple[tuple[str, Failure], ...] = ()

    @property
    def unknowns(self) -> int:
        """The variables of a literal constraint model: one per candidate and the option."""
        return len(self.candidates) + 1


@dataclass(frozen=True)
class SplitResolveProblem:
    """Split ``pool`` damage among the legal ``targets`` (355.14.e-h.1).

    The controller keeps exactly :attr:`keep` targets, each dealt at least 1, the whole
    pool dealt. Under the ``forfeit`` reading of illegal targets, ``forfeit`` illegal
    targets still take part in the split and the damage assigned to them is not dealt:
    then fewer legal targets may be kept, and less than the pool dealt to them.

    >>> p = SplitResolveProblem(("a", "b"), 3, forfeit=1)
    >>> p.keep, list(p.legal_kept_counts()), p.dealt_range(1), p.dealt_range(2)
    (3, [2], (1, 1), (2, 2))
    """

    targets: tuple[str, ...]
    pool: int
    #: Chosen targets that are illegal now, and why (359.3.e).
    illegal: tuple[tuple[str, Failure], ...] = ()
    #: Why no damage is dealt at all (a null Might, 359.3.f.2.a), if that is the case.
    pool_null: Failure | None = None
    #: Illegal targets that still share the split (policy ``split_illegal: forfeit``).
    forfeit: int = 0

    @property
    def unknowns(self) -> int:
        """The variables of a literal constraint model: one amount per target, illegal
        ones sharing the split included."""
        return len(self.targets) + self.forfeit

    @property
    def keep(self) -> int:
        """How many targets keep a share of the damage (355.14.h.1: never fewer)."""
        return min(len(self.targets) + self.forfeit, self.pool)

    def legal_kept_counts(self) -> range:
        """How many legal targets may be kept (the rest of :attr:`keep` are forfeited)."""
        return range(max(0, self.keep - self.forfeit), min(self.keep, len(self.targets)) + 1)

    def dealt_range(self, kept: int) -> tuple[int, int]:
        """Least and most damage dealt in all to ``kept`` legal targets (each >= 1); the
        forfeited targets of the split take at least 1 each."""
        forfeited = self.keep - kept
        if kept == 0:
            return (0, 0)
        if forfeited == 0:
            return (self.pool, self.pool)
        return (kept, self.pool - forfeited)


def split_effect(scenario: Scenario) -> SplitDamage:
    """The scenario's effect, which must be a split."""
    effect = scenario.effect
    if not isinstance(effect, SplitDamage):
        raise TypeError(f"{effect.name} does not split damage")
    return effect


# --------------------------------------------------------------------------- finalization


def _partition(
    scenario: Scenario, unit_ids: Iterable[str], resolving: bool
) -> tuple[list[str], list[tuple[str, Failure]]]:
    """Split ``unit_ids`` into legal split targets and the others with their failures."""
    effect = split_effect(scenario)
    board = scenario.board
    here = source_battlefield(board, scenario.source)
    legal: list[str] = []
    rejected: list[tuple[str, Failure]] = []
    for unit_id in unit_ids:
        failure = split_target_failure(
            board[unit_id], controller=scenario.controller, among=effect.among,
            zone=effect.zone, here=here, board=board, resolving=resolving,
        )
        if failure is None:
            legal.append(unit_id)
        else:
            rejected.append((unit_id, failure))
    return legal, rejected


def _fixed_amount(effect: SplitDamage, bonus: int) -> int:
    """A printed amount plus Bonus Damage where it applies (715.3)."""
    return effect.amount + (bonus if effect.bonus_applies else 0)


def _might_amount(effect: SplitDamage, unit: Unit, bonus: int) -> int:
    """The friendly unit's Might, negative counting as 0 (143.2.b)."""
    return unit.effective_might + (bonus if effect.bonus_applies else 0)


def friendly_options(scenario: Scenario) -> tuple[FriendlyOption, ...]:
    """Every legal choice for the friendly slot, with the target cap it gives (355.14.c)."""
    effect = split_effect(scenario)
    if effect.pool is Pool.FIXED:
        return (FriendlyOption(None, _fixed_amount(effect, scenario.bonus_damage)),)
    options = []
    for unit in sorted(scenario.board, key=lambda u: u.id):
        if friendly_target_failure(scenario.board, unit, scenario.controller, False) is None:
            options.append(
                FriendlyOption(unit.id, _might_amount(effect, unit, scenario.bonus_damage))
            )
    return tuple(options)


def finalize_problem(scenario: Scenario) -> SplitFinalizeProblem:
    """The finalization question of a split-damage scenario (355.14.a-c, 355.13, 809)."""
    source = scenario.source
    if source is not None and source in scenario.board and \
            scenario.board[source].controller != scenario.controller:
        raise ScenarioError("source", renumber(_(
            "{source} is controlled by {owner}: when the ability is finalized its source is "
            "{player}'s (191.2)"), scenario.rules).format(
                source=source, owner=scenario.board[source].controller,
                player=scenario.controller))
    legal, excluded = _partition(scenario, sorted(u.id for u in scenario.board), False)
    slot = split_effect(scenario).split_slot
    return SplitFinalizeProblem(
        options=friendly_options(scenario),
        candidates=tuple(legal),
        taxes=tuple(deflect_tax(scenario, scenario.board[u], [slot]) for u in legal),
        budget=scenario.available_power,
        excluded=tuple(excluded),
    )


def verify_declaration(scenario: Scenario, declaration: Declaration) -> list[Failure]:
    """Every rule the declaration breaks; empty when it is legal."""
    failures: list[Failure] = []
    effect = split_effect(scenario)
    board = scenario.board
    cap: int | None = None
    if effect.pool is Pool.FRIENDLY_MIGHT:
        friendly = declaration.friendly
        if friendly is None or friendly not in board:
            return [Failure("355.8", _("{card} needs a friendly unit").format(card=effect.name))]
        failure = friendly_target_failure(board, board[friendly], scenario.controller,
                                          resolving=False)
        if failure is not None:
            failures.append(failure)
        cap = _might_amount(effect, board[friendly], scenario.bonus_damage)
    else:
        if declaration.friendly is not None:
            failures.append(Failure("355.8", _("{card} has no friendly slot").format(
                card=effect.name)))
        cap = _fixed_amount(effect, scenario.bonus_damage)
    if len(set(declaration.split)) != len(declaration.split):
        failures.append(Failure("355.14.a", _("a split target is chosen twice")))
    known = [u for u in declaration.split if u in board]
    failures.extend(Failure("355.9.b", _("{unit} is not a unit of the scenario").format(unit=u))
                    for u in declaration.split if u not in board)
    failures.extend(failure for _, failure in _partition(scenario, known, resolving=False)[1])
    tax = sum(deflect_tax(scenario, board[u], [effect.split_slot]) for u in known)
    if len(declaration.split) > cap:
        failures.append(Failure("355.14.c", _(
            "{count} split targets but only {cap} damage is available").format(
                count=len(declaration.split), cap=cap)))
    return failures + deflect_failures(scenario, tax)


# --------------------------------------------------------------------------- resolution


def _chosen(scenario: Scenario) -> tuple[str | None, tuple[str, ...]]:
    targets = require_targets(scenario, SplitChosen)
    return targets.friendly, targets.split


def resolve_problem(scenario: Scenario) -> SplitResolveProblem:
    """The resolution question: legal targets now (359.3.e) and the pool now (359.3.f.2)."""
    friendly_id, chosen = _chosen(scenario)
    effect = split_effect(scenario)
    board = scenario.board
    legal, illegal = _partition(scenario, chosen, resolving=True)
    pool_null: Failure | None = None
    if effect.pool is Pool.FRIENDLY_MIGHT:
        assert friendly_id is not None  # the scenario validated the slot
        failure = friendly_target_failure(board, board[friendly_id], scenario.controller,
                                          resolving=True)
        if failure is None:
            pool = _might_amount(effect, board[friendly_id], scenario.bonus_damage)
        else:
            pool = 0
            pool_null = Failure("359.3.f.2.a", _("its Might is null: {failure}").format(
                failure=failure.said(scenario.rules)))
    else:
        pool = _fixed_amount(effect, scenario.bonus_damage)
    # policy 'forfeit': illegal targets keep their place in the split, but one that left
    # the board is no longer a target at all and takes no share (359.3.e.9.a)
    forfeit = 0
    if scenario.policy.split_illegal == "forfeit":
        forfeit = sum(1 for unit_id, _ in illegal if board[unit_id].on_board)
    return SplitResolveProblem(
        targets=tuple(sorted(legal)), pool=pool, illegal=tuple(illegal), pool_null=pool_null,
        forfeit=forfeit,
    )


def verify_resolution(scenario: Scenario, resolution: Resolution) -> list[Failure]:
    """Every rule the resolution breaks; empty when it is legal.

    Checks the rules directly: damage only to chosen targets that are legal now
    (359.3.e.5), each at least 1 (355.14.g), exactly ``min(#legal, pool)`` targets kept
    (355.14.h.1) and the whole pool dealt to them (355.14.e). Under the ``forfeit`` policy
    illegal targets still hold their place in the split: the kept legal targets plus up to
    all the illegal ones number exactly ``min(#chosen, pool)``, and each illegal one kept
    takes at least 1 of the pool, which is then not dealt.
    """
    problem = resolve_problem(scenario)
    failures: list[Failure] = []
    illegal = dict(problem.illegal)
    chosen = set(_chosen(scenario)[1])
    for unit_id, amount in resolution.damage:
        if unit_id not in chosen:
            failures.append(Failure("355.15", _("{unit} was not chosen at finalization").format(
                unit=unit_id)))
        elif unit_id in illegal:
            failures.append(Failure("359.3.e.5", _("{unit} is illegal and unaffected: {failure}"
                                                   ).format(unit=unit_id,
                                                            failure=illegal[unit_id].said(
                                                                scenario.rules))))
        if amount < 1:
            failures.append(Failure("355.14.g", _("{unit} would be dealt {amount}").format(
                unit=unit_id, amount=amount)))
    if problem.pool_null is not None and resolution.damage:
        failures.append(problem.pool_null)
        return failures
    total = sum(amount for _, amount in resolution.damage)
    kept = len(resolution.damage)
    least_kept = problem.keep - problem.forfeit
    if kept > problem.keep or kept < least_kept:
        rule_no = "355.14.h.1" if kept < problem.keep else "355.14.h"
        exactly = _("exactly {count}").format(count=problem.keep) if not problem.forfeit else (
            _("{low} to {high}").format(low=max(0, least_kept), high=problem.keep))
        failures.append(Failure(rule_no, ngettext(  # English says "1 targets" too
            "{kept} targets kept but {expected} must be ({legal} legal, {pool} damage)",
            "{kept} targets kept but {expected} must be ({legal} legal, {pool} damage)",
            kept).format(kept=kept, expected=exactly, legal=len(problem.targets),
                         pool=problem.pool)))
        return failures
    low, high = problem.dealt_range(kept)
    if not low <= total <= high:
        expected = (_("exactly {count}").format(count=low) if low == high
                    else _("{low} to {high}").format(low=low, high=high))
        failures.append(Failure("355.14.f", ngettext(
            "{total} damage dealt to {kept} target but {expected} must be",
            "{total} damage dealt to {kept} targets but {expected} must be", kept).format(
                total=total, kept=kept, expected=expected)))
    return failures


# --------------------------------------------------------------------------- explanations


def _pool_steps(scenario: Scenario, pool: int, resolving: bool) -> list[Step]:
    """Where the damage amount comes from."""
    effect = split_effect(scenario)
    steps: list[Step] = []
    if effect.pool is Pool.FRIENDLY_MIGHT:
        friendly = (require_targets(scenario, SplitChosen).friendly
                    if scenario.targets and resolving else None)
        if friendly is not None:
            unit = scenario.board[friendly]
            steps.append(step("359.3.f.2", _("the damage is {unit}'s Might now: {might}").format(
                unit=friendly, might=unit.might)))
            if unit.might < 0:
                steps.append(step("143.2.b", _("{unit}'s Might {might} counts as 0").format(
                    unit=friendly, might=unit.might)))
        if not effect.bonus_applies and scenario.bonus_damage:
            steps.append(step("417.6.b.3", _(
                "the unit deals the damage, so Bonus Damage {bonus} does not add to it").format(
                    bonus=scenario.bonus_damage)))
    else:
        bonus = scenario.bonus_damage if effect.bonus_applies else 0
        if bonus:
            steps.append(step("715.3", _(
                "{amount} damage + Bonus Damage {bonus} = {pool} to split").format(
                    amount=effect.amount, bonus=bonus, pool=pool)))
        elif not resolving:
            steps.append(step("355.14.c", _("{amount} damage: up to {pool} split targets"
                                            ).format(amount=effect.amount, pool=pool)))
    return steps


def explain_resolution(scenario: Scenario, resolution: Resolution) -> list[Step]:
    """The rule trail of one resolution, and the card's instructions not modelled, said."""
    return [*_explain_resolution(scenario, resolution),
            *unsaid_steps(split_effect(scenario).unsaid)]


def _explain_resolution(scenario: Scenario, resolution: Resolution) -> list[Step]:
    """The rule trail of one resolution of split damage."""
    problem = resolve_problem(scenario)
    steps: list[Step] = []
    if split_effect(scenario).zone is Zone.HERE:
        here = source_battlefield(scenario.board, scenario.source)
        steps.append(step("359.3.f.2", _("'here' is {source}'s battlefield now: {place}").format(
            source=scenario.source, place=here or _("none"))))
    steps += illegal_steps(scenario, problem.illegal)
    if problem.illegal:
        steps.append(_policy_step(scenario, problem))
    if problem.pool_null is not None:
        steps.append(step("359.3.f.2.a", _("{failure}; no damage is dealt").format(
            failure=problem.pool_null.message)))
        steps.append(step("359.3.e.12", _("a calculation using null information is ignored")))
        return steps
    steps.extend(_pool_steps(scenario, problem.pool, resolving=True))
    if not problem.targets:
        steps.append(step("359.3.e.7", _("no chosen target is legal: the damage instruction "
                                         "does not execute")))
        return steps
    if problem.pool == 0:
        steps.append(step("355.14.h", _("no damage to split: every target ceases to be one")))
        return steps
    kept = resolution.kept
    dropped = [t for t in problem.targets if t not in kept]
    sharing = len(problem.targets) + problem.forfeit
    if sharing > problem.keep:
        counted = (_("{legal} legal and {illegal} illegal targets") if problem.forfeit
                   else _("{legal} legal targets")).format(legal=len(problem.targets),
                                                          illegal=problem.forfeit)
        illegal_dropped = sharing - problem.keep - len(dropped)
        what = [*dropped] + ([_("{count} illegal").format(count=illegal_dropped)]
                             if illegal_dropped else [])
        steps.append(step("355.14.h", _(
            "{counted} but {pool} damage: the controller drops {dropped}").format(
                counted=counted, pool=problem.pool, dropped=_(" and ").join(what))))
        dropped_now, keeping = sharing - problem.keep, problem.keep
        steps.append(step("355.14.h.1", _("{dropped}, never more: {kept}").format(
            dropped=ngettext("exactly {n} dropped", "exactly {n} dropped",
                             dropped_now).format(n=dropped_now),
            kept=ngettext("{n} target keeps a share of the damage",
                          "{n} targets keep a share of the damage", keeping).format(
                              n=keeping))))
    if dropped:
        slot = [split_effect(scenario).split_slot]
        tax = sum(deflect_tax(scenario, scenario.board[t], slot) for t in dropped)
        steps.append(step("355.14.i", _(
            "costs and triggers for {units} stand: their Deflect cost ({tax} Power) is not "
            "refunded").format(units=ids(dropped), tax=tax)))
    split = ", ".join(f"{u} {a}" for u, a in resolution.damage)
    lost = problem.pool - sum(a for _u, a in resolution.damage)
    if lost:
        split += _(", and {lost} to illegal targets, not dealt").format(lost=lost)
    steps.append(step("355.14.e", _("the controller divides {pool} damage: {split}").format(
        pool=problem.pool, split=split)))
    steps.append(step("355.14.g", _("each kept target is dealt at least 1")))
    return steps + lethal_any_steps(scenario, resolution.kept) + _xp_steps(scenario,
                                                                            resolution)


def _xp_steps(scenario: Scenario, resolution: Resolution) -> list[Step]:
    """What "Then for each unit this kills, do this: Gain 1 XP" gains: a reflexive
    trigger's (355.5.b), for each unit the damage kills (142.4.a)."""
    each = split_effect(scenario).xp_per_kill
    if not each:
        return []
    board = scenario.board
    killed = sorted(unit for unit, amount in resolution.damage
                    if death(scenario, board[unit], amount)[0])
    return [step("355.5.b", ngettext(
        "for each unit this kills, {each} XP: {killed} killed, {xp} XP gained",
        "for each unit this kills, {each} XP: {killed} killed, {xp} XP gained",
        len(killed)).format(each=each, killed=ids(list(killed)), xp=each * len(killed)))]


def _policy_step(scenario: Scenario, problem: SplitResolveProblem) -> Step:
    """Which reading of illegal split targets applies (the sources disagree)."""
    if scenario.policy.split_illegal == "forfeit":
        gone = len(problem.illegal) - problem.forfeit
        left = renumber(_("; {gone} that left the board no longer count as targets and take no "
                 "share (359.3.e.9.a)"), scenario.rules).format(gone=gone) if gone else ""
        return step("359.3.e.5", _(
            "policy split_illegal=forfeit (RIFTJUDGE ruling 1741): the {count} illegal targets "
            "still on the board keep their share of the split; the damage assigned to them is "
            "not dealt{left}").format(count=problem.forfeit, left=left))
    return step("359.3.e.8", _(
        "policy split_illegal=redistribute (the default; riftboundfaq's Alpha Strike ruling): "
        "the whole damage is split among the legal targets"))


def explain_declaration(scenario: Scenario, declaration: Declaration) -> list[Step]:
    """The rule trail of one target declaration."""
    problem = finalize_problem(scenario)
    steps: list[Step] = []
    cap = next((o.cap for o in problem.options if o.friendly == declaration.friendly), 0)
    if declaration.friendly is not None:
        unit = scenario.board[declaration.friendly]
        owner = "" if unit.controller == scenario.controller else _(
            ", {owner}'s, a teammate's").format(owner=unit.controller)
        steps.append(step("740.1.a", _(
            "{unit} is a friendly unit{owner} on the board, targetable by {player} (its "
            "location does not matter)").format(unit=unit.id, owner=owner,
                                                player=scenario.controller)))
        steps.append(step("355.14.c", _("its Might {might} allows up to {cap} split targets"
                                        ).format(might=unit.might, cap=cap)))
    steps.extend(_pool_steps(scenario, cap, resolving=False))
    steps.append(step("355.14.a", _("each chosen unit is a target: {units}").format(
        units=ids(list(declaration.split)))))
    if not declaration.split:
        steps.append(step("355.13", _("zero split targets is a legal choice")))
    steps += deflect_steps(scenario, declaration.deflect_cost)
    fired = trigger_steps(scenario, [("friendly", [declaration.friendly] if
                                       declaration.friendly else []),
                                      (split_effect(scenario).split_slot, declaration.split)])
    if fired:
        fired.append(step("355.14.d", _("each split target fires its own Targeting Effects")))
    steps += fired
    steps.append(step("355.14.e", _("how the damage is divided is decided on resolution")))
    return steps

def older_rules_reason(scenario: Scenario, question: str, version: str) -> str | None:
    """Why the question can't be answered under an older Core Rules ``version``: where
    that text rules otherwise or is silent on what decides the answer (``None``: it rules
    as 1.4 does)."""
    if not before(version, "1.4"):
        return None
    if question != "resolve":
        return None
    problem = resolve_problem(scenario)
    if problem.pool_null is not None or problem.pool == 0:
        return None
    if len(problem.targets) + problem.forfeit > problem.pool:
        return _("{rule} lets the controller decide which split targets cease being targets "
                 "but not how many (355.14.h.1, exactly enough, is new in 1.4)").format(
                     rule=number_in("355.14.h", version))
    board = scenario.board
    gone = [u for u, _failure in problem.illegal if not board[u].on_board]
    if scenario.policy.split_illegal == "forfeit" and gone:
        return _("whether {units}, which left the board, keeps a share of the split under "
                 "policy split_illegal=forfeit is not stated (359.3.e.9.a is new in 1.4)"
                 ).format(units=", ".join(gone))
    return None

# --------------------------------------------------------------------------- the format


def declared_targets(scenario: Scenario, declaration: Declaration) -> SplitChosen:
    """The targets ``declaration`` chooses, as a resolution question reads them."""
    return SplitChosen(split=declaration.split, friendly=declaration.friendly)


def slot_roles(effect: SplitDamage) -> dict[str, tuple[Role, str]] | None:
    """None: each slot's role is read from the card's words."""
    return None


def acts(scenario: Scenario, resolution: Resolution) -> Acts:
    """What a resolution does: each kept target is dealt its share (Bonus Damage is in
    the pool already, 715.3)."""
    return Acts(dealt=resolution.damage, affected=resolution.kept)


def slot_shapes(effect: SplitDamage) -> list[dict[str, str]]:
    """The friendly unit (one id), if the card has that slot, and the split targets (a
    list of ids)."""
    return [{"name": name, "shape": "one" if name == "friendly" else "list",
             "kind": "unit"} for name in effect.slot_names]


def slot_options(scenario: Scenario, resolving: bool) -> dict[str, tuple[Option, ...]]:
    """Every unit of the board for each slot, each with why it may not fill it on its own:
    the friendly unit as :func:`friendly_options` checks it (740.1.a; on resolution
    359.3.e.2, where its Might is null, 359.3.f.2.a), a split target as the finalization
    and the resolution check it (:func:`_partition`: 355.14.a, 740.1, 355.9.b; 359.3.e.2,
    758.1) and, as it is declared, its Deflect within the Power available (809)."""
    effect = split_effect(scenario)
    board = scenario.board
    everyone = [unit.id for unit in board]
    ruled_out = dict(_partition(scenario, everyone, resolving)[1])

    def split_failure(unit_id: str) -> Failure | None:
        if unit_id in ruled_out or resolving:  # (Deflect is paid as it is declared, 809.1.c)
            return ruled_out.get(unit_id)
        return deflect_failure(scenario, board[unit_id], [effect.split_slot])

    def friendly_failure(unit_id: str) -> Failure | None:
        return friendly_target_failure(board, board[unit_id], scenario.controller, resolving)

    checks = {"friendly": friendly_failure, effect.split_slot: split_failure}
    return {slot: options(everyone, checks[slot]) for slot in effect.slot_names}


def read_targets(raw: Mapping[str, object], effect: SplitDamage, board: Board,
                 field_prefix: str) -> SplitChosen:
    """The targets a scenario declares for a split: the friendly unit (one id), if the
    card has that slot, and the split targets (distinct units, 355.14.a)."""
    friendly = None
    if "friendly" in effect.slot_names:
        field = f"{field_prefix}.friendly"
        (friendly,) = unit_ids(raw["friendly"], field, single=True)
        distinct([friendly], field, board, set(), "355.14.a")
    field = f"{field_prefix}.{effect.split_slot}"
    split = unit_ids(raw[effect.split_slot], field, single=False)
    distinct(split, field, board, set(), "355.14.a")
    return SplitChosen(split=tuple(split), friendly=friendly)


#: The family protocol's name and answer types (riftsolve.rules.families.Family).
NAME = "split"
DECLARATION = Declaration
RESOLUTION = Resolution


register_family(cast("AnyFamily", sys.modules[__name__]), SplitDamage, stored=True)

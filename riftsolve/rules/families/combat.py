"""Combat damage assignment (CR 1.4 465.2): the rules turned into a plain question, and the
verifier.

In the Combat Damage step each side's units deal their combined Might (465.2.a-b) and the
assigning player divides it among the other side's units (465.2.c), obeying:

* **lethal in full** (465.2.c.3): a unit is assigned lethal damage before any damage goes
  to a different unit, so at most one unit in all is assigned less than lethal;
* **no over-assignment** (465.2.c.4): no unit gets more than its lethal amount while
  another still lacks lethal damage; what is left once all have it is the *excess*;
* **the order** (465.2.c.6): for each controller, Tank units first (815), then the others,
  then Backline units (826); a unit with both keywords goes where the assigner chooses
  (465.2.c.8-9); units of the same priority go in any order (465.2.c.7);
* **prevention at assignment** (465.2.c.5, 437.5): a unit's lethal amount includes the
  damage prevented from each assignment; "prevent all" makes no amount lethal (437.5.b);
* units that cannot be dealt damage are exempt (465.2.c.10).

:func:`resolve_problem` states the question as a :class:`CombatProblem` (the damage, and
each receiver's lethal amount, controller and priority); :func:`verify_resolution` checks
one :class:`~riftsolve.rules.answers.combat.Assignment` against the rules directly.

>>> from riftsolve.formats.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "controller": "A",
...     "combat": {"battlefield": "north", "attacker": "A"}, "battlefields": ["north"],
...     "units": [{"id": "a1", "controller": "A", "might": 5, "location": "north"},
...               {"id": "d1", "controller": "B", "might": 3, "location": "north",
...                "keywords": ["Tank"]},
...               {"id": "d2", "controller": "B", "might": 3, "location": "north"}]})
>>> p = resolve_problem(s)
>>> p.damage, [(r.id, r.lethal, r.rank.name) for r in p.receivers]
(5, [('d1', 3, 'TANK'), ('d2', 3, 'NORMAL')])
>>> [f.rule for f in verify_resolution(s, Assignment.of({"d1": 2, "d2": 3}))]
['815']
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Literal, NoReturn, cast

from riftsolve.i18n import N_, _
from riftsolve.rules.acts import Acts
from riftsolve.rules.answers.combat import Assignment
from riftsolve.rules.board import Board, Unit
from riftsolve.rules.core_rules import renumber
from riftsolve.rules.effects.combat import CombatDamage
from riftsolve.rules.explain import Step, ids, step
from riftsolve.rules.families.registry import AnyFamily, register_family
from riftsolve.rules.limits import ScenarioError
from riftsolve.rules.options import Option
from riftsolve.rules.roles import Role
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.targeting import Failure


class Rank(IntEnum):
    """Where a receiver stands in its controller's order (465.2.c.6)."""

    #: Assigned lethal damage before the controller's units without Tank (815).
    TANK = 0
    NORMAL = 1
    #: Assigned lethal damage after the controller's units without Backline (826).
    BACKLINE = 2
    #: Both Tank and Backline: first or last, the assigner chooses (465.2.c.8-9).
    EITHER = 3


@dataclass(frozen=True)
class Receiver:
    """A unit the damage may be assigned to: its controller, its priority, and the damage
    that must be assigned to it to be lethal (``None``: no amount is, 437.5.b)."""

    id: str
    controller: str
    rank: Rank
    lethal: int | None
    #: Damage prevented from each assignment (437.5): assigned minus this is dealt.
    prevent: int | None
    #: Its Might in this combat (Shield or Assault included, 814, 807).
    might: int


@dataclass(frozen=True)
class Dealer:
    """One of the assigner's units at the battlefield and the Might it adds (465.2.a-b)."""

    id: str
    adds: int
    #: Why it adds what it does, for explanations ("stunned", "Assault 1"...).
    why: str


@dataclass(frozen=True)
class CombatProblem:
    """Assign ``damage`` among ``receivers`` (listed by controller, then priority, then
    id): amounts up to each one's lethal amount with at most one partly filled, every
    receiver ahead of an assigned one in its controller's order filled; or, when every
    receiver can be filled and damage is left, each filled and the excess divided as
    ``excess`` says."""

    damage: int
    receivers: tuple[Receiver, ...]
    excess: Literal["any", "last"] = "any"

    @property
    def unknowns(self) -> int:
        """The variables of a literal constraint model: one amount per receiver."""
        return len(self.receivers)

    @property
    def total_lethal(self) -> int | None:
        """The damage that fills every receiver (``None``: one can never be filled)."""
        if any(r.lethal is None for r in self.receivers):
            return None
        return sum(r.lethal for r in self.receivers if r.lethal is not None)

    @property
    def excess_damage(self) -> int:
        """Damage left once every receiver has lethal damage (0 if it never happens)."""
        total = self.total_lethal
        if total is None or not self.receivers:
            return 0
        return max(0, self.damage - total)

    def last_candidates(self) -> tuple[Receiver, ...]:
        """The receivers that could be assigned last (the ``last`` excess policy): in each
        controller's order, the last non-empty priority, and any unit with both Tank and
        Backline (placed last by the assigner's choice)."""
        chosen = []
        for controller in dict.fromkeys(r.controller for r in self.receivers):
            own = [r for r in self.receivers if r.controller == controller]
            plain = [r.rank for r in own if r.rank is not Rank.EITHER]
            last = max(plain, default=None)
            chosen += [r for r in own if r.rank is Rank.EITHER or r.rank == last]
        return tuple(chosen)


def combat_effect(scenario: Scenario) -> CombatDamage:
    """The scenario's combat (a :class:`ScenarioError` for any other effect)."""
    effect = scenario.effect
    if not isinstance(effect, CombatDamage):
        raise ScenarioError("combat", _("{card} is not a combat").format(card=effect.name))
    return effect


def combat_might(unit: Unit, combat: CombatDamage) -> int:
    """The unit's Might in this combat: Assault adds to an attacker's (807), Shield to a
    defender's (814), several instances adding up."""
    if unit.controller == combat.attacker:
        return unit.might + unit.keyword_total("Assault")
    return unit.might + unit.keyword_total("Shield")


def dealers(scenario: Scenario) -> tuple[Dealer, ...]:
    """The assigner's units at the battlefield and the Might each adds to the damage
    (465.2.a-b): a stunned unit adds none (423.1.b), Might below 0 adds 0 (143.2.b)."""
    combat = combat_effect(scenario)
    found = []
    for unit in scenario.board:
        if (unit.location != combat.battlefield or unit.controller != combat.assigner
                or not unit.is_unit):
            continue
        keyword = "Assault" if combat.attacking else "Shield"
        bonus = unit.keyword_total(keyword)
        might = unit.might + bonus
        if unit.stunned:
            found.append(Dealer(unit.id, 0, _("stunned")))
        else:
            why = _("Might {might}").format(might=unit.might) + (
                f" + {keyword} {bonus}" if bonus else "")
            found.append(Dealer(unit.id, max(0, might), why))
    return tuple(found)


def _rank(unit: Unit) -> Rank:
    tank, backline = unit.has("Tank"), unit.has("Backline")
    if tank and backline:
        return Rank.EITHER
    return Rank.TANK if tank else Rank.BACKLINE if backline else Rank.NORMAL


def _on_the_other_side(unit: Unit, combat: CombatDamage) -> bool:
    """Whether ``unit`` is on the side the assigner deals damage to: the defenders when
    the attacker assigns, the attacker's units when a defender does (465.2.c)."""
    if combat.attacking:
        return unit.controller != combat.attacker
    return unit.controller == combat.attacker


def lethal_amount(scenario: Scenario, unit: Unit) -> int | None:
    """The damage to assign to ``unit`` that is lethal: what it still needs (142.4.b: a
    non-zero amount reaching its Might in this combat; 142.4.c: any amount with
    ``lethal_any``) plus the damage prevented from the assignment (465.2.c.5, 437.5);
    ``None`` when all of it is prevented (437.5.b)."""
    if unit.prevent == "all":
        return None
    combat = combat_effect(scenario)
    needs = 1 if combat.lethal_any else max(1, combat_might(unit, combat) - unit.damage)
    return needs + unit.prevent


def receivers(scenario: Scenario) -> tuple[Receiver, ...]:
    """The other side's units at the battlefield that can be dealt damage (465.2.c.10),
    by controller (in order of appearance), priority and id."""
    combat = combat_effect(scenario)
    found = [
        Receiver(unit.id, unit.controller, _rank(unit), lethal_amount(scenario, unit),
                 None if unit.prevent == "all" else unit.prevent, combat_might(unit, combat))
        for unit in scenario.board
        if unit.location == combat.battlefield and _on_the_other_side(unit, combat)
        and not unit.undamageable and unit.is_unit]
    order = {c: i for i, c in enumerate(dict.fromkeys(r.controller for r in found))}
    return tuple(sorted(found, key=lambda r: (order[r.controller], r.rank, r.id)))


def resolve_problem(scenario: Scenario) -> CombatProblem:
    """The assignment question: the damage and its receivers."""
    damage = sum(d.adds for d in dealers(scenario))
    return CombatProblem(damage, receivers(scenario), scenario.policy.combat_excess)


def finalize_problem(scenario: Scenario) -> NoReturn:
    """Combat damage is assigned, not declared: there is no finalization question."""
    raise ScenarioError("combat", renumber(_(
        "combat damage is assigned, not declared: ask 'resolve' for the assignments "
        "(465.2.c)"), scenario.rules))


# --------------------------------------------------------------------------- the verifier


def _placements(problem: CombatProblem, amounts: Mapping[str, int]
                ) -> list[dict[str, Rank]]:
    """Every placement worth trying of the units with both Tank and Backline: a filled
    one is best first (it then holds nothing up), an empty one last; a partly filled one
    either way."""
    options: list[dict[str, Rank]] = [{}]
    for r in problem.receivers:
        if r.rank is not Rank.EITHER:
            continue
        given = amounts.get(r.id, 0)
        if r.lethal is not None and given >= r.lethal:
            ranks = [Rank.TANK]
        elif given == 0:
            ranks = [Rank.BACKLINE]
        else:
            ranks = [Rank.TANK, Rank.BACKLINE]
        options = [{**o, r.id: rank} for o in options for rank in ranks]
    return options


def _order_failures(problem: CombatProblem, amounts: Mapping[str, int],
                    placed: Mapping[str, Rank]) -> list[Failure]:
    """Every unit assigned damage while a unit ahead of it in its controller's order
    lacks lethal damage (465.2.c.6, 815, 826)."""
    failures = []
    for r in problem.receivers:
        if not amounts.get(r.id, 0):
            continue
        rank = placed.get(r.id, r.rank)
        for ahead in problem.receivers:
            ahead_rank = placed.get(ahead.id, ahead.rank)
            if ahead.controller != r.controller or ahead_rank >= rank:
                continue
            filled = ahead.lethal is not None and amounts.get(ahead.id, 0) >= ahead.lethal
            if not filled:
                rule = "815" if ahead_rank is Rank.TANK else "826"
                failures.append(Failure(rule, _(
                    "{unit} is assigned damage before {ahead}, ahead of it in {player}'s order "
                    "({first} before {then}), has lethal damage").format(
                        unit=r.id, ahead=ahead.id, player=r.controller,
                        first=ahead_rank.name.lower(), then=rank.name.lower())))
    return failures


def verify_resolution(scenario: Scenario, answer: Assignment) -> list[Failure]:
    """Every rule ``answer`` breaks; empty when it is a legal assignment."""
    problem = resolve_problem(scenario)
    known = {r.id: r for r in problem.receivers}
    amounts = dict(answer.assigned)
    failures = []
    for unit_id, amount in amounts.items():
        if unit_id not in known:
            exempt = unit_id in scenario.board and scenario.board[unit_id].undamageable
            failures.append(
                Failure("465.2.c.10", _("{unit} cannot be dealt damage").format(unit=unit_id))
                if exempt else
                Failure("465.2.c", _("{unit} is not a unit of the other side at the "
                                     "battlefield").format(unit=unit_id)))
        if amount <= 0:
            failures.append(Failure("465.2.c", _("{unit} is assigned {amount}").format(
                unit=unit_id, amount=amount)))
    given = sum(amounts.values())
    if given != problem.damage and problem.receivers:  # with none, nothing is assigned
        failures.append(Failure("465.2.c", _("{given} damage assigned, but {damage} must be"
                                             ).format(given=given, damage=problem.damage)))
    if failures:
        return failures
    return _fill_failures(problem, amounts)


def _fill_failures(problem: CombatProblem, amounts: Mapping[str, int]) -> list[Failure]:
    """The rules of lethal damage and the order, on amounts that add up."""
    def filled(r: Receiver) -> bool:
        return r.lethal is not None and amounts.get(r.id, 0) >= r.lethal

    over = [r for r in problem.receivers
            if r.lethal is not None and amounts.get(r.id, 0) > r.lethal]
    failures = []
    if over:
        short = [r.id for r in problem.receivers if not filled(r)]
        if short:
            failures.append(Failure("465.2.c.4", _(
                "{unit} is assigned more than lethal damage ({lethal}) while {short} has not "
                "been assigned lethal damage").format(unit=over[0].id, lethal=over[0].lethal,
                                                      short=short[0])))
        elif problem.excess == "last":
            last = {r.id for r in problem.last_candidates()}
            if len(over) > 1 or over[0].id not in last:
                failures.append(Failure("465.2.c.4", _(
                    "the excess goes all on one unit that could be assigned last (policy "
                    "combat_excess=last): {units}").format(units=", ".join(sorted(last)))))
    partial = [r.id for r in problem.receivers if amounts.get(r.id, 0) and not filled(r)]
    if len(partial) > 1:
        failures.append(Failure("465.2.c.3", _(
            "{first} and {second} are both assigned less than lethal damage: one must be "
            "assigned lethal damage in full before damage goes to another").format(
                first=partial[0], second=partial[1])))
    orders = [_order_failures(problem, amounts, p) for p in _placements(problem, amounts)]
    if all(orders):
        failures.extend(orders[0])
    return failures


# --------------------------------------------------------------------------- explanations


def _lethal_step(r: Receiver, scenario: Scenario) -> str:
    unit = scenario.board[r.id]
    if r.lethal is None:
        return renumber(_("{unit}: all damage to it is prevented, no amount is lethal (437.5.b)"
                 ), scenario.rules).format(unit=r.id)
    parts = [_("{unit} needs {lethal}").format(unit=r.id, lethal=r.lethal)]
    combat = combat_effect(scenario)
    if combat.lethal_any:
        parts.append(_("any amount of the assigner's damage is lethal (142.4.c)"))
    else:
        bonus = r.might - unit.might
        keyword = "Assault" if unit.controller == combat.attacker else "Shield"
        rule = "807" if keyword == "Assault" else "814"
        might = (_("Might {might} + {keyword} {bonus} = {total}, {rule}").format(
            might=unit.might, keyword=keyword, bonus=bonus, total=r.might, rule=rule) if bonus
                 else _("Might {might}").format(might=r.might))
        parts.append(might + (_(", {damage} marked").format(damage=unit.damage)
                              if unit.damage else ""))
    if r.prevent:
        parts.append(renumber(_("+ {prevent} prevented (437.5)"), scenario.rules).format(
            prevent=r.prevent))
    return " ".join(parts[:1]) + " (" + "; ".join(parts[1:]) + ")"


def explain_resolution(scenario: Scenario, answer: Assignment) -> list[Step]:
    """The rule trail of a legal assignment."""
    combat = combat_effect(scenario)
    problem = resolve_problem(scenario)
    dealing = dealers(scenario)
    adds = ", ".join(f"{d.id} {d.adds} ({d.why})" for d in dealing) or _("no unit")
    steps = [step("465.2.c", (_("{player}, the attacker, assigns {damage} damage: {adds}")
                              if combat.attacking else
                              _("{player}, the defender, assigns {damage} damage: {adds}")
                              ).format(player=combat.assigner, damage=problem.damage,
                                       adds=adds))]
    if any(scenario.board[d.id].stunned for d in dealing):
        steps.append(step("423.1.b", _("a stunned unit adds no Might to combat damage")))
    exempt = [u.id for u in scenario.board if u.undamageable
              and u.location == combat.battlefield and _on_the_other_side(u, combat)]
    if exempt:
        steps.append(step("465.2.c.10", _("{units} cannot be dealt damage: exempt").format(
            units=ids(exempt))))
    if not problem.receivers or not problem.damage:
        steps.append(step("465.2.c", _("nothing is assigned") if problem.damage else
                          _("nothing is assigned: there is no damage to assign")))
        return steps
    steps.append(step("142.4.b", _("lethal amounts: {amounts}").format(amounts="; ".join(
        _lethal_step(r, scenario) for r in problem.receivers))))
    amounts = dict(answer.assigned)
    if any(r.rank is not Rank.NORMAL for r in problem.receivers):
        steps += _order_steps(problem, amounts, scenario.rules)
    full = [r.id for r in problem.receivers if r.lethal is not None
            and amounts.get(r.id, 0) >= r.lethal]
    partial = [f"{r.id} {amounts[r.id]}" for r in problem.receivers
               if amounts.get(r.id, 0) and r.id not in full]
    steps.append(step("465.2.c.3", _("lethal damage in full to {units}").format(
        units=ids(full)) + (_("; the rest on {unit}, assigned last").format(unit=partial[0])
                            if partial else "")))
    excess = problem.excess_damage
    if excess:
        policy = (_("any division among the receivers") if problem.excess == "any"
                  else _("all on one unit that could be assigned last"))
        steps.append(step("465.2.c.4", _(
            "every receiver has lethal damage: the excess of {excess} goes as the policy "
            "combat_excess={policy_name} says ({policy})").format(
                excess=excess, policy_name=problem.excess, policy=policy)))
    return steps


_GROUPS = {Rank.TANK: N_("Tank {units} first (815)"), Rank.NORMAL: "{units}",
           Rank.BACKLINE: N_("Backline {units} last (826)")}


def _order_steps(problem: CombatProblem, amounts: Mapping[str, int], version: str
                 ) -> list[Step]:
    """Each controller's order (465.2.c.6), and where each unit with both Tank and
    Backline was placed for this answer (465.2.c.8-9); rules numbered as text ``version``
    numbers them."""
    orders = []
    for controller in dict.fromkeys(r.controller for r in problem.receivers):
        own = [r for r in problem.receivers if r.controller == controller]
        groups = [_(_GROUPS[rank]).format(units=ids([r.id for r in own if r.rank is rank]))
                  for rank in (Rank.TANK, Rank.NORMAL, Rank.BACKLINE)
                  if any(r.rank is rank for r in own)]
        orders.append(_("{player}'s units: {order}").format(
            player=controller, order=_(", then ").join(groups)))
    steps = [step("465.2.c.6", renumber(_("{orders}; units of the same priority in any order "
                                          "(465.2.c.7)"), version).format(
                                              orders="; ".join(orders)))]
    placed = next((p for p in _placements(problem, amounts)
                   if not _order_failures(problem, amounts, p)), {})
    for unit_id, rank in placed.items():
        where = _("first, as a Tank") if rank is Rank.TANK else _("last, as Backline")
        steps.append(step("465.2.c.8", _(
            "{unit} has both Tank and Backline: the assigner places it {where}").format(
                unit=unit_id, where=where)))
    return steps


# --------------------------------------------------------------------------- what it does


def slot_roles(effect: CombatDamage) -> dict[str, tuple[Role, str]] | None:
    """None: each slot's role is read from the card's words."""
    return None


def acts(scenario: Scenario, answer: Assignment) -> Acts:
    """The damage dealt: each assignment less what is prevented (437.5), at each
    receiver's Might in this combat (Shield, Assault)."""
    combat = combat_effect(scenario)
    dealt, mights = [], []
    for unit_id, amount in answer.assigned:
        unit = scenario.board[unit_id]
        prevented = amount if unit.prevent == "all" else min(amount, unit.prevent)
        dealt.append((unit_id, amount - prevented))
        might = combat_might(unit, combat)
        if might != unit.might:
            mights.append((unit_id, might))
    return Acts(dealt=tuple(dealt), affected=answer.chosen(), mights=tuple(mights))


# --------------------------------------------------------------------------- the protocol


def verify_declaration(scenario: Scenario, declaration: Assignment) -> list[Failure]:
    """No declaration: combat damage is assigned (see :func:`finalize_problem`)."""
    finalize_problem(scenario)


def explain_declaration(scenario: Scenario, declaration: Assignment) -> list[Step]:
    """No declaration: combat damage is assigned (see :func:`finalize_problem`)."""
    finalize_problem(scenario)


def declared_targets(scenario: Scenario, declaration: Assignment) -> NoReturn:
    """No declaration: combat damage is assigned (see :func:`finalize_problem`)."""
    finalize_problem(scenario)


def slot_shapes(effect: CombatDamage) -> list[dict[str, str]]:
    """None: combat damage chooses no targets at finalization (465.2 assigns it)."""
    return []


def slot_options(scenario: Scenario, resolving: bool) -> dict[str, tuple[Option, ...]]:
    """None: combat damage has no slot to fill (465.2 assigns it)."""
    return {}


def read_targets(raw: Mapping[str, object], effect: CombatDamage, board: Board, field_prefix: str
                 ) -> NoReturn:
    """A combat has no targets: the parser refuses them first."""
    raise ScenarioError(field_prefix, _("a combat scenario has no targets"))


def older_rules_reason(scenario: Scenario, question: str, version: str) -> str | None:
    """Core Rules 1.3 gives the same combat damage rules under its numbers (460.2); 1.2
    (443.1) too, but it has no Backline keyword and no rule on assigning damage to a unit
    with Prevent (826 and 437.5 are new in 1.3)."""
    if version != "1.2":
        return None
    combat = combat_effect(scenario)
    there = [u for u in scenario.board if u.location == combat.battlefield and u.is_unit]
    backline = [u.id for u in there if u.has("Backline")]
    if backline:
        return _("there is no Backline keyword ({units}; 826 is new in 1.3)").format(
            units=ids(backline))
    prevented = [u.id for u in there if u.prevent]
    if prevented:
        return _("no rule says how damage is assigned to a unit with Prevent ({units}; 437.5 "
                 "is new in 1.3)").format(units=ids(prevented))
    return None


#: The family protocol's name and answer types (riftsolve.rules.families.Family).
NAME = "combat"
DECLARATION = Assignment
RESOLUTION = Assignment


register_family(cast("AnyFamily", sys.modules[__name__]), CombatDamage)

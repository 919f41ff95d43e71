"""Group targets (CR 1.4 355.11): the rules turned into a plain question, and the verifier.

A group effect chooses units for one or more slots; the group must meet a requirement
together: a total-Might cap, one shared battlefield or location, one shared controller,
each slot's size. :func:`finalize_problem` and :func:`resolve_problem` apply
the rules to a scenario; every backend answers the resulting :class:`GroupProblem`.
:func:`verify_declaration` and :func:`verify_resolution` check one answer
against the rules directly.

>>> from riftsolve.formats.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "controller": "A", "card": "Fox-Fire",
...     "battlefields": ["north"], "units": [
...         {"id": f"r{i}", "controller": "B", "might": m, "location": "north"}
...         for i, m in enumerate([2, 2, 1, 1], 1)],
...     "targets": {"units": ["r1", "r2", "r3", "r4"]}})
>>> p = resolve_problem(s)
>>> p.whole, p.maximal, [m.id for m in p.members]
(None, True, ['r1', 'r2', 'r3', 'r4'])
>>> verify_resolution(s, Affected(("r3", "r4")))[0].rule
'355.11.b'
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import cast

from riftsolve.i18n import N_, _, ngettext
from riftsolve.rules.acts import Acts
from riftsolve.rules.answers import Selection
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.board import BASE, HERE, Board, Unit
from riftsolve.rules.choosing import (
    deflect_failure,
    deflect_failures,
    deflect_tax,
    targeted_slots,
)
from riftsolve.rules.core_rules import renumber
from riftsolve.rules.effects import STATE_WORDS, Action, Reach, Sharing
from riftsolve.rules.effects.group import GroupSlot, GroupTargets
from riftsolve.rules.explain import (
    Step,
    deflect_steps,
    ids,
    illegal_steps,
    lethal_any_steps,
    negated_steps,
    step,
    trigger_steps,
    unsaid_steps,
)
from riftsolve.rules.families.registry import AnyFamily, register_family
from riftsolve.rules.families.slots import distinct, unit_ids
from riftsolve.rules.hidden import (
    gone_failure,
    hidden_rule,
    no_target_there,
    plays_from_hidden,
    source_gone,
)
from riftsolve.rules.limits import ScenarioError
from riftsolve.rules.options import Option, options
from riftsolve.rules.roles import Role
from riftsolve.rules.scenario import Scenario, Targets, require_targets
from riftsolve.rules.targeting import (
    Failure,
    move_failure,
    not_related,
    source_battlefield,
    teammates_reason,
    untargetable_failure,
)
from riftsolve.rules.versions import number_in, settled


@dataclass(frozen=True)
class Member:
    """A unit that may be in the group: its Might as spells see it (143.2.b), the Deflect
    tax choosing it costs, the class of units it may share a group with, and the slots
    (indices) it may fill."""

    id: str
    might: int
    tax: int
    key: str
    slots: tuple[int, ...]


@dataclass(frozen=True)
class GroupProblem:
    """Choose members for slots: each member at most once and in one of its slots, all
    chosen members of one ``key``, slot ``i`` holding ``least[i]`` to ``most[i]`` members,
    total Might at most ``cap`` and Deflect tax at most ``budget`` (``None``: no limit).

    With ``per_class`` set, members of several classes may be chosen together, at most
    ``per_class`` of each ("up to one enemy unit at each location").

    With ``maximal``, only selections to which no member could be added are answers. With
    ``whole`` set, that selection is the one answer (the group still meets the requirement).
    """

    members: tuple[Member, ...]
    least: tuple[int, ...]
    most: tuple[int | None, ...]
    cap: int | None = None
    budget: int | None = None
    maximal: bool = False
    whole: Selection | None = None
    #: Chosen targets that are illegal now, and why (359.3.e).
    illegal: tuple[tuple[str, Failure], ...] = ()
    per_class: int | None = None
    #: Why the instruction is ignored as a whole, when ``whole`` is the empty selection
    #: because too few targets remain to act on (433.1, 359.3.e.6).
    ignored: Failure | None = None

    @property
    def unknowns(self) -> int:
        """The variables of a literal constraint model: one per member."""
        return len(self.members)

    @property
    def empty(self) -> Selection:
        """The selection choosing nobody."""
        return tuple(() for _ in self.least)

    def classes(self) -> list[str]:
        """The classes of members, sorted."""
        return sorted({m.key for m in self.members})

    def size_limited(self) -> int | None:
        """``most`` when every maximal selection is simply "a whole class, or any ``most``
        of it": one slot of at most ``most`` members, no cap, budget, minimum or per-class
        limit (Bellows Breath on resolution); otherwise ``None``."""
        most = self.most[0] if len(self.most) == 1 else None
        if (not self.maximal or not most or self.cap is not None or self.budget is not None
                or self.per_class is not None or any(self.least)):
            return None
        return most


# --------------------------------------------------------------------------- legality


#: What a slot may choose, for a sentence.
_KINDS = {"unit": N_("unit"), "gear": N_("gear")}

#: "enemies: r1, r2, each a valid enemy unit on its own", by the slot's relation.
_VALID_ON_ITS_OWN = {
    "enemy": N_("{slot}: {units}, each a valid enemy unit on its own"),
    "friendly": N_("{slot}: {units}, each a valid friendly unit on its own"),
    "any": N_("{slot}: {units}, each a valid any unit on its own"),
}

#: What a group shares (355.11), for a sentence.
_SHARED = {"battlefield": N_("one battlefield"), "location": N_("one location")}


@dataclass(frozen=True)
class GroupChosen(Targets):
    """A group's targets chosen at finalization: each slot's units in the card's order
    (355.11), a move's destination (chosen, not a target: 355.4) and, for "at each
    location" cards, the location each unit was chosen at.

    >>> GroupChosen(groups=(("enemy", ("r1",)), ("friendly", ("kai",)))).counted(
    ...     frozenset({"enemy"}))
    ('r1',)
    """

    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    destination: str | None = None
    #: For "at each location" cards: the location each unit was chosen at.
    places: tuple[tuple[str, str], ...] = ()

    def unit_ids(self) -> tuple[str, ...]:
        """Every unit chosen in a slot."""
        return tuple(unit for _, units in self.groups for unit in units)

    def counted(self, targeted: frozenset[str]) -> tuple[str, ...]:
        """The units chosen in the targeted slots."""
        return tuple(unit for slot, units in self.groups if slot in targeted for unit in units)


def group_effect(scenario: Scenario) -> GroupTargets:
    """The scenario's effect, which must be a group effect."""
    effect = scenario.effect
    if not isinstance(effect, GroupTargets):
        raise TypeError(f"{effect.name} is not a group effect")
    return effect


def member_failure(scenario: Scenario, unit: Unit, slot: GroupSlot, resolving: bool
                   ) -> Failure | None:
    """Whether ``unit`` may fill (or still fills) ``slot`` on its own (355.9.b, 359.3.e)."""
    return member_test(scenario, slot, resolving)(unit)


def member_test(scenario: Scenario, slot: GroupSlot, resolving: bool
                ) -> Callable[[Unit], Failure | None]:
    """:func:`member_failure` for one unit at a time, what the scenario and the slot fix
    for every unit read once (a question tests each unit of the board).

    >>> from riftsolve.formats.format1 import parse_scenario
    >>> s = parse_scenario({"format": 1, "controller": "A", "card": "Fox-Fire",
    ...     "battlefields": ["north"], "units": [
    ...         {"id": "r1", "controller": "B", "might": 2, "location": "north"},
    ...         {"id": "k1", "controller": "A", "might": 2, "location": "base"}]})
    >>> test = member_test(s, group_effect(s).slots[0], resolving=False)
    >>> test(s.board["r1"]) is None, test(s.board["k1"]).rule
    (True, '355.9.b')
    """
    requirement = "359.3.e.2" if resolving else "355.9.b"
    effect = group_effect(scenario)
    board, controller = scenario.board, scenario.controller
    kinds, among = slot.kinds, slot.among
    owner = controller if slot.own else None
    at_battlefield = slot.reach is Reach.BATTLEFIELD or effect.sharing is Sharing.BATTLEFIELD
    apart = scenario.source if slot.other else None  # (355.11: "another unit")
    here = source_battlefield(board, scenario.source) if slot.reach is Reach.HERE else None
    gone = source_gone(scenario)
    hidden = scenario.from_hidden
    placed = resolving and effect.per_place is not None and scenario.targets is not None
    declared = dict(require_targets(scenario, GroupChosen).places) if placed else {}
    most, tags, states = slot.might_at_most, slot.tags, slot.states
    named = moved_to(scenario) if effect.moves_to and (
        scenario.policy.specified_destination == "elsewhere") else None
    aimed = slot.name in targeted_slots(effect)

    def said(unit: Unit, now: str, later: str, **names: object) -> str:
        """A failure said now ("is not") or on resolution ("is no longer")."""
        return _(later if resolving else now).format(unit=unit.id, **names)

    def test(unit: Unit) -> Failure | None:
        if not unit.on_board:
            return Failure("359.3.e.2", said(unit, N_("{unit} is not on the board"),
                                             N_("{unit} is no longer on the board")))
        if unit.type not in kinds:
            return Failure(requirement, said(
                unit, N_("{unit} is not a {kinds} (it is a {type})"),
                N_("{unit} is no longer a {kinds} (it is a {type})"),
                kinds=_(" or ").join(_(_KINDS.get(k, k)) for k in kinds),
                type=_(_KINDS.get(unit.type, unit.type))))
        if owner is not None and unit.controller != owner:
            return Failure(requirement, said(
                unit, N_("{unit} is not a unit {player} controls (controlled by {owner})"),
                N_("{unit} is no longer a unit {player} controls (controlled by {owner})"),
                player=controller, owner=unit.controller))
        if not among.admits(board.friendly_to(unit, controller)):
            return Failure(requirement, not_related(unit, among.value, resolving))
        if at_battlefield and not board.is_battlefield(unit.location):  # 355.11
            return Failure(requirement, said(
                unit, N_("{unit} is not at a battlefield (at {place})"),
                N_("{unit} is no longer at a battlefield (at {place})"), place=unit.location))
        if unit.id == apart:
            return Failure(requirement, said(
                unit, N_("{unit} is not another unit: it is the source"),
                N_("{unit} is no longer another unit: it is the source")))
        if slot.reach is Reach.HERE and unit.location != here:
            where = (_("{source}'s battlefield {place}") if here else
                     _("nowhere: {source} is at no battlefield")).format(
                         source=scenario.source, place=here)
            return Failure("359.3.f.2" if resolving else requirement, said(
                unit, N_("{unit} is not here ({where}; it is at {place})"),
                N_("{unit} is no longer here ({where}; it is at {place})"),
                where=where, place=unit.location))
        if gone:
            return gone_failure(scenario, unit.id, resolving)
        if hidden is not None and unit.location != hidden:
            rule_no = "359.3.e.5" if resolving else hidden_rule(scenario)
            return Failure(rule_no, said(
                unit, N_("{unit} is not at {hidden}, where the card was played from Hidden "
                         "(at {place})"),
                N_("{unit} is no longer at {hidden}, where the card was played from Hidden "
                   "(at {place})"), hidden=hidden, place=unit.location))
        was = declared.get(unit.id)  # (each location's own choice, on resolution)
        if was is not None and unit.place != was:
            return Failure("359.3.e.2", _(
                "{unit} is no longer at {declared} (at {place}): each location's choice is "
                "its own (Unleashed FAQ)").format(unit=unit.id, declared=was, place=unit.place))
        if most is not None and unit.effective_might > most:
            return Failure(requirement, said(
                unit, N_("{unit} is not a unit with {most} Might or less (Might {might})"),
                N_("{unit} is no longer a unit with {most} Might or less (Might {might})"),
                most=most, might=unit.effective_might))
        missing = [tag for tag in tags if tag not in unit.tags]
        if missing:
            return Failure(requirement, said(unit, N_("{unit} is not {tags}"),
                                             N_("{unit} is no longer {tags}"),
                                             tags=" ".join(missing)))
        lacking = [state for state in states if state not in board.states_of(unit)]
        if lacking:  # ("any number of your buffed units")
            return Failure(requirement, said(unit, N_("{unit} is not {tags}"),
                                             N_("{unit} is no longer {tags}"),
                                             tags=_(STATE_WORDS.get(lacking[0], lacking[0]))))
        if named and stands_at(unit, named):  # 355.4.a read for every move
            return Failure("355.4.a", _("{unit} is already at {place}: a move goes elsewhere "
                                        "(policy specified_destination=elsewhere)").format(
                                            unit=unit.id, place=named))
        if not aimed:
            return None  # (a cost's choice is no target: "can't be chosen" is about targets)
        return untargetable_failure(board, unit, controller, resolving)

    return test


def share_key(effect: GroupTargets, unit: Unit) -> str:
    """The class of units ``unit`` may be grouped with: its battlefield or location
    and/or its controller, as the requirement says ("" when nothing is shared)."""
    parts = []
    if effect.sharing is not Sharing.NOTHING or effect.per_place is not None:
        parts.append(unit.place)
    if effect.same_controller:
        parts.append(f"controlled by {unit.controller}")
    return ", ".join(parts)


def requirement_failure(scenario: Scenario, selection: Selection) -> Failure | None:
    """Whether the units of ``selection`` meet the group requirement together, as they
    are now (355.11.a-b): one class, slot sizes at most, total Might at most the cap."""
    effect = group_effect(scenario)
    board = scenario.board
    units = [board[u] for slot in selection for u in slot]
    keys = {share_key(effect, u) for u in units}
    if effect.per_place is not None:
        for key in keys:
            here = [u.id for u in units if share_key(effect, u) == key]
            if len(here) > effect.per_place:
                return Failure("355.11", _(
                    "{units} are all at {place}: at most {most} at each location").format(
                        units=", ".join(here), place=key, most=effect.per_place))
    elif len(keys) > 1:
        return Failure("355.11", _("{units} do not share {shared} ({classes})").format(
            units=", ".join(u.id for u in units), shared=_shared(effect),
            classes="; ".join(sorted(keys))))
    for slot, chosen in zip(effect.slots, selection, strict=True):
        if slot.most is not None and len(chosen) > slot.most:
            return Failure("355.11", ngettext(
                "{count} unit in {slot}, at most {most}", "{count} units in {slot}, at most {most}",
                len(chosen)).format(count=len(chosen), slot=slot.name, most=slot.most))
    total = sum(u.effective_might for u in units)
    if effect.might_cap is not None and total > effect.might_cap:
        return Failure("355.11", renumber(_(
            "total Might {total} is over {cap} (negative Might counts as 0, 143.2.b)"),
            scenario.rules).format(total=total, cap=effect.might_cap))
    return None


def _shared(effect: GroupTargets) -> str:
    parts = []
    if effect.sharing is not Sharing.NOTHING:
        parts.append(_(_SHARED.get(effect.sharing.value, effect.sharing.value)))
    if effect.same_controller:
        parts.append(_("one controller"))
    return _(" and ").join(parts) or _("the requirement")


def stands_at(unit: Unit, destination: str) -> bool:
    """Whether ``unit`` is already at a move's destination (``base``: its own base)."""
    return unit.location == destination


def destination_failure(board: Board, units: Sequence[str], destination: str,
                        open_only: bool = False) -> Failure | None:
    """Whether ``destination`` is a valid location to move every unit of ``units`` to:
    a battlefield in play or their base (``open_only``: an open battlefield, 170.11.c),
    other than where any of them stands (355.4.a)."""
    if not (board.is_battlefield(destination) or destination == BASE):
        return Failure("355.4", _("{place} is not a location to move to").format(
            place=repr(destination)))
    if open_only and not is_open(board, destination):
        return Failure("170.11.c", _("{place} is not an open battlefield (unoccupied and "
                                     "uncontrolled)").format(place=destination))
    already = [u for u in units if stands_at(board[u], destination)]
    if already:
        return Failure("355.4.a", _(
            "{units} already at {place}: a move goes to a location other than the units' "
            "current one").format(units=", ".join(already), place=destination))
    for unit in units:
        barred = move_failure(board, unit, destination)
        if barred is not None:
            return barred
    return None


def movable(board: Board, unit: str, destination: str) -> bool:
    """Whether ``unit`` may be moved to ``destination``: not already there (355.4.a), and
    no rule bars it (447.2.b, 449.2)."""
    mover = board[unit]
    return not stands_at(mover, destination) and board.move_barrier(
        mover.controller, destination) is None


def destinations(board: Board, open_only: bool = False) -> tuple[str, ...]:
    """Where a move may go: each battlefield in play, or the units' base; ``open_only``:
    each open battlefield (170.11.c)."""
    if open_only:
        return tuple(b for b in board.battlefields if is_open(board, b))
    return (*board.battlefields, BASE)


def is_open(board: Board, battlefield: str) -> bool:
    """Whether ``battlefield`` is open: no unit there, and no one controls it (170.11.c)."""
    return board.is_battlefield(battlefield) and board.controller_of(battlefield) is None \
        and not any(u.is_unit and u.location == battlefield for u in board)


def fits_alone(problem: GroupProblem, member: Member) -> bool:
    """Whether ``member`` could be chosen on its own (some slot, cap and budget allow it)."""
    return (any(problem.most[s] is None or problem.most[s] for s in member.slots)
            and (problem.cap is None or member.might <= problem.cap)
            and (problem.budget is None or member.tax <= problem.budget))


def hidden_failure(scenario: Scenario, problem: GroupProblem) -> Failure | None:
    """811.1.d: a spell played from Hidden with no valid target there cannot be played.

    With no slot requiring a unit, the empty declaration is legal by itself (355.13); the
    card still has a valid target when some unit at the Hidden battlefield could be chosen
    on its own (the requirement holds for any part of a group that meets it; the Deflect
    budget is a cost, not a targeting restriction). A card whose slots require units needs
    them anyway (355.8). A permanent's play effect is not a spell: with nothing to choose
    there, it chooses zero targets (355.13).
    """
    if scenario.from_hidden is None or any(problem.least) or plays_from_hidden(scenario):
        return None
    unbudgeted = replace(problem, budget=None)
    if any(fits_alone(unbudgeted, m) for m in problem.members):
        return None
    return no_target_there(scenario)


def can_act(problem: GroupProblem, needs: int) -> bool:
    """Whether some selection of ``problem`` has at least ``needs`` members: within one
    class (or ``per_class`` from each), the ``needs`` least mighty members fit the cap and
    a slot takes them (the requirement holds for any part of a group that meets it)."""
    if needs <= 1:
        return True
    room = sum(len(problem.members) if most is None else most for most in problem.most)
    if room < needs:
        return False
    if problem.per_class is not None:
        mights = sorted(m.might for key in problem.classes() for m in sorted(
            (m for m in problem.members if m.key == key), key=lambda m: m.might
        )[:problem.per_class])
        return len(mights) >= needs and (problem.cap is None
                                         or sum(mights[:needs]) <= problem.cap)
    for key in problem.classes():
        mights = sorted(m.might for m in problem.members if m.key == key)
        if len(mights) >= needs and (problem.cap is None or sum(mights[:needs]) <= problem.cap):
            return True
    return False


# --------------------------------------------------------------------------- questions


def _members(scenario: Scenario, slots_of: Iterable[tuple[Unit, tuple[int, ...]]]
             ) -> tuple[Member, ...]:
    effect = group_effect(scenario)
    return tuple(
        Member(unit.id, unit.effective_might,
               deflect_tax(scenario, unit, [effect.slots[i].name for i in slots]),
               share_key(effect, unit), slots)
        for unit, slots in slots_of
    )


def finalize_problem(scenario: Scenario) -> GroupProblem:
    """The finalization question (355.11.a, 355.13, 809, 811.1.d.2)."""
    effect = group_effect(scenario)
    eligible = []
    tests = [member_test(scenario, slot, resolving=False) for slot in effect.slots]
    for unit in sorted(scenario.board, key=lambda u: u.id):
        slots = tuple(i for i, test in enumerate(tests) if test(unit) is None)
        if slots:
            eligible.append((unit, slots))
    return GroupProblem(
        members=_members(scenario, eligible),
        least=tuple(slot.least for slot in effect.slots),
        most=tuple(slot.most for slot in effect.slots),
        cap=effect.might_cap,
        budget=scenario.available_power,
        per_class=effect.per_place,
    )


def chosen_group(scenario: Scenario) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The targets chosen at finalization, slot by slot."""
    return require_targets(scenario, GroupChosen).groups


def resolved_group(scenario: Scenario) -> list[tuple[int, tuple[str, ...]]]:
    """The units chosen at finalization that resolution reads, with their slot's index: a
    cost's are not (paid as the card was played, 355.10.c, 135.2.b.3)."""
    aimed = targeted_slots(group_effect(scenario))
    return [(index, units) for index, (slot, units) in enumerate(chosen_group(scenario))
            if slot in aimed]


def resolve_problem(scenario: Scenario) -> GroupProblem:
    """The resolution question: drop illegal targets (359.3.e); if the rest still meet the
    requirement they are the one answer, else a subset of them that does (355.11.b). An
    instruction that needs more units than can remain (a swap needs two, 433.1) is
    ignored: the one answer affects nobody (359.3.e.6)."""
    effect = group_effect(scenario)
    board = scenario.board
    legal: list[tuple[Unit, tuple[int, ...]]] = []
    illegal: list[tuple[str, Failure]] = []
    for index, units in resolved_group(scenario):
        for unit_id in units:
            failure = member_failure(scenario, board[unit_id], effect.slots[index], True)
            if failure is None:
                legal.append((board[unit_id], (index,)))
            else:
                illegal.append((unit_id, failure))
    legal.sort(key=lambda pair: pair[0].id)
    whole = tuple(tuple(sorted(u.id for u, (i,) in legal if i == index))
                  for index in range(len(effect.slots)))
    still_whole = requirement_failure(scenario, whole) is None
    needs = effect.action.needs
    problem = GroupProblem(
        members=_members(scenario, legal),
        least=tuple(0 for _ in effect.slots),
        most=tuple(slot.most for slot in effect.slots),
        cap=effect.might_cap,
        maximal=scenario.policy.group_subset == "maximal",
        whole=whole if still_whole else None,
        illegal=tuple(illegal),
        per_class=effect.per_place,
    )
    if _swap_source_gone(scenario):
        return replace(problem, whole=problem.empty, ignored=Failure("359.3.e.12", _(
            "{source} is not on the board: it has no location to swap, so the swap is "
            "Ignored").format(source=scenario.source)))
    if effect.moves_to == HERE and moved_to(scenario) is None:
        return replace(problem, whole=problem.empty, ignored=Failure("359.3.f.2.a", _(
            "'this battlefield' is {source}'s, and {source} is at no battlefield now: the "
            "move's destination is null and it is ignored").format(source=scenario.source)))
    if needs <= 1:
        return problem
    if (still_whole and len(legal) >= needs) or (not still_whole and can_act(problem, needs)):
        # only selections the instruction can act on (a single slot needs them all there)
        least = (needs,) if len(effect.slots) == 1 else problem.least
        return replace(problem, least=least)
    remaining = ", ".join(u.id for u, _ in legal) or "none"
    return replace(problem, whole=problem.empty, ignored=Failure(
        "433.1", renumber(_("the instruction ({verb}) needs {needs} units together and too few "
                   "remain (legal now: {remaining}): it cannot be followed and is ignored "
                   "(359.3.e.6)"), scenario.rules).format(
                       verb=effect.verb, needs=needs, remaining=remaining)))


def _swap_source_gone(scenario: Scenario) -> bool:
    """Whether the group swaps places with its source ("Move me and a Shadow Clone ... to
    each other's locations") and the source is not on the board: it has no location, so
    the swap is Ignored (359.3.e.12)."""
    source = scenario.board.get(scenario.source) if scenario.source is not None else None
    return group_effect(scenario).swaps_with_source and (source is None or not source.on_board)


# --------------------------------------------------------------------------- verifier


def selection_tax(scenario: Scenario, selection: Selection) -> int:
    """The Deflect the units of ``selection`` cost to target (809.1.c)."""
    effect = group_effect(scenario)
    return sum(deflect_tax(scenario, scenario.board[u], [slot.name])
               for slot, units in zip(effect.slots, selection, strict=True) for u in units)


def verify_declaration(scenario: Scenario, declaration: GroupDeclaration
                             ) -> list[Failure]:
    """Every rule the declaration breaks; empty when it is legal."""
    effect = group_effect(scenario)
    board = scenario.board
    failures: list[Failure] = []
    if len(declaration.selection) != len(effect.slots):
        return [Failure("355.8", ngettext("{card} has {count} slot", "{card} has {count} slots",
                                          len(effect.slots)).format(
            card=effect.name, count=len(effect.slots)))]
    everyone = [u for units in declaration.selection for u in units]
    if len(set(everyone)) != len(everyone):
        failures.append(Failure("355.11.a", _("a unit is chosen twice")))
    for slot, units in zip(effect.slots, declaration.selection, strict=True):
        if len(units) < slot.least:
            failures.append(Failure("355.8", _("{slot} needs {least} units").format(
                slot=slot.name, least=slot.least)))
        for unit_id in units:
            if unit_id not in board:
                failures.append(Failure("355.9.b", _("{unit} is not a unit of the scenario"
                                                     ).format(unit=unit_id)))
                continue
            failure = member_failure(scenario, board[unit_id], slot, resolving=False)
            if failure is not None:
                failures.append(failure)
    if failures:
        return failures
    failure = requirement_failure(scenario, declaration.selection)
    if failure is not None:
        failures.append(failure)
    failures += deflect_failures(scenario, selection_tax(scenario, declaration.selection))
    if effect.destination and everyone:
        where = declaration.destination
        if where is None:
            failures.append(Failure("355.4", _("a move needs its destination")))
        else:
            failure = destination_failure(board, everyone, where, effect.destination_open)
            if failure is not None:
                failures.append(failure)
    elif declaration.destination is not None:
        failures.append(Failure("355.4", _("no destination is chosen for no move")))
    unplayable = hidden_failure(scenario, finalize_problem(scenario))
    if unplayable is not None:
        failures.append(unplayable)
    return failures


def verify_resolution(scenario: Scenario, answer: Affected) -> list[Failure]:
    """Every rule the resolution breaks; empty when it is legal.

    The units kept (``answer.units`` and, for a move, the ``unmoved`` ones already at the
    destination) must be original targets that are legal now (359.3.e.5, 355.11.b: never a
    new unit). If the legal targets still meet the requirement together they are all
    kept; otherwise the kept ones must meet it (355.11.b) and, under the ``maximal``
    policy, no other legal original target could join them. An instruction that needs
    more units than that (a swap) affects nobody when too few remain (433.1, 359.3.e.6).
    A move's kept targets already at its destination are not moved (355.4.a).
    """
    effect = group_effect(scenario)
    board = scenario.board
    slot_of: dict[str, int] = {}
    for index, units in resolved_group(scenario):
        for unit_id in units:
            slot_of[unit_id] = index
    failures: list[Failure] = []
    legal: list[str] = []
    for unit_id, index in sorted(slot_of.items()):
        if member_failure(scenario, board[unit_id], effect.slots[index], True) is None:
            legal.append(unit_id)
    kept = [*answer.units, *answer.unmoved]
    if _swap_source_gone(scenario):
        return [Failure("359.3.e.12", _("{source} is not on the board: the swap is Ignored, "
                                        "nothing is affected").format(source=scenario.source))
                ] if kept else []
    for unit_id in kept:
        if unit_id not in slot_of:
            failures.append(Failure("355.11.b", _("{unit} is not one of the original targets"
                                                  ).format(unit=unit_id)))
        elif unit_id not in legal:
            failures.append(Failure("359.3.e.5", _("{unit} is an illegal target now").format(
                unit=unit_id)))
    if len(set(kept)) != len(kept):
        failures.append(Failure("355.11.b", _("a target is listed twice")))
    failures += _move_failures(scenario, answer)
    if failures:
        return failures
    needs = effect.action.needs
    whole = _selection(effect, slot_of, legal)
    if requirement_failure(scenario, whole) is None and len(legal) >= needs:
        if set(kept) != set(legal):
            failures.append(Failure("355.11.b", _(
                "the legal targets still meet the requirement together: all of {units} are "
                "affected").format(units=", ".join(legal) or _("none"))))
        return failures
    if not kept:  # affecting nobody: legal only when nothing else is (checked below)
        chosen: Selection = _selection(effect, slot_of, [])
    else:
        chosen = _selection(effect, slot_of, kept)
        failure = requirement_failure(scenario, chosen)
        if failure is not None:
            return [Failure("355.11.b", _("the subset does not meet the requirement: "
                                          "{failure}").format(
                                              failure=failure.said(scenario.rules)))]
        if len(kept) < needs:
            return [Failure("433.1", renumber(_(
                "the instruction ({verb}) needs {needs} units: with fewer it cannot be "
                "followed (359.3.e.6)"), scenario.rules).format(verb=effect.verb, needs=needs))]
    if scenario.policy.group_subset == "maximal" or (not kept and needs > 1):
        for unit_id in legal:
            if unit_id in kept:
                continue
            grown = [*kept, unit_id]
            if needs > 1 and len(grown) < needs:
                grown = _grow_to(scenario, effect, slot_of, legal, grown, needs)
            if grown and requirement_failure(scenario, _selection(effect, slot_of, grown)
                                             ) is None:
                reason = (_("{unit} could still be added (policy group_subset=maximal)")
                          if kept else _("{unit} could be affected instead of nobody"))
                failures.append(Failure("355.11.b", reason.format(unit=unit_id)))
                break
    return failures


def _grow_to(scenario: Scenario, effect: GroupTargets, slot_of: dict[str, int],
             legal: list[str], start: list[str], needs: int) -> list[str]:
    """``start`` completed to ``needs`` legal targets meeting the requirement, if one
    completion does (tried naively, one unit at a time in id order); else ``[]``."""
    if len(start) >= needs:
        return start
    for unit_id in legal:
        if unit_id in start:
            continue
        grown = [*start, unit_id]
        if requirement_failure(scenario, _selection(effect, slot_of, grown)) is None:
            found = _grow_to(scenario, effect, slot_of, legal, grown, needs)
            if found:
                return found
    return []


def _move_failures(scenario: Scenario, answer: Affected) -> list[Failure]:
    """A move affects its kept targets not yet at the destination (chosen, or the card's:
    "to base"); the others are listed as ``unmoved`` (355.4.a)."""
    destination = moved_to(scenario)
    board = scenario.board
    if destination is None:
        if answer.unmoved:
            return [Failure("355.4.a", _("only a move leaves units unmoved"))]
        return []
    failures = [Failure("355.4.a", _(
        "{unit} is already at {place}: it is kept but not moved (unmoved)").format(
            unit=u, place=destination))
                for u in answer.units if u in board and stands_at(board[u], destination)]
    failures += [Failure("355.4.a", _("{unit} is not at {place}: it is moved").format(
        unit=u, place=destination))
                 for u in answer.unmoved if u in board and not stands_at(board[u], destination)]
    return failures


def _selection(effect: GroupTargets, slot_of: dict[str, int], units: Sequence[str]
               ) -> Selection:
    return tuple(tuple(sorted(u for u in units if slot_of[u] == index))
                 for index in range(len(effect.slots)))


# --------------------------------------------------------------------------- explanations


def collective(effect: GroupTargets) -> bool:
    """Whether the group has a requirement it meets as a whole (355.11): a total-Might cap,
    one location, one controller; not a single target or per-unit restrictions only.

    >>> from riftsolve.cards import card
    >>> collective(card("Fox-Fire")), collective(card("Elder Dragon"))
    (True, False)
    """
    return (effect.might_cap is not None or effect.sharing is not Sharing.NOTHING
            or effect.same_controller)


def _requirement_text(effect: GroupTargets) -> str:
    parts = []
    if effect.sharing is Sharing.BATTLEFIELD:
        parts.append(_("at one battlefield"))
    elif effect.sharing is Sharing.LOCATION:
        parts.append(_("at one location"))
    if effect.same_controller:
        parts.append(_("with one controller"))
    if effect.might_cap is not None:
        parts.append(_("total Might {cap} or less").format(cap=effect.might_cap))
    sizes = [f"{s.name}: " + (_("{least}-any").format(least=s.least) if s.most is None
                              else f"{s.least}-{s.most}") for s in effect.slots]
    return ", ".join([*parts, *sizes])


def _might(scenario: Scenario, units: Sequence[str]) -> int:
    return sum(scenario.board[u].effective_might for u in units)


def explain_declaration(scenario: Scenario, declaration: GroupDeclaration) -> list[Step]:
    """The rule trail of one group declaration."""
    effect = group_effect(scenario)
    units = [u for slot in declaration.selection for u in slot]
    aimed = targeted_slots(effect)
    steps = [step("355.11.a", _(
        "the group meets {card}'s requirement together ({requirement}): {units}, total Might "
        "{might}").format(card=effect.name, requirement=_requirement_text(effect),
                          units=ids(units), might=_might(scenario, units)))] if aimed else []
    if any(scenario.board[u].might < 0 for u in units):
        steps.append(step("143.2.b", _("negative Might counts as 0 in the total")))
    for slot, chosen in zip(effect.slots, declaration.selection, strict=True):
        if chosen and slot.name not in aimed:  # (a cost's: no target, 355.10.c)
            steps.append(step("355.10.c", _(
                "{slot}: {units}, chosen for a cost paid now, not targets (Deflect and "
                "'can't be chosen' do not apply)").format(slot=slot.name,
                                                          units=ids(list(chosen)))))
        elif chosen:
            steps.append(step("355.9.b", _(_VALID_ON_ITS_OWN.get(
                slot.among.value, _VALID_ON_ITS_OWN["any"])).format(
                    slot=slot.name, units=ids(list(chosen)))))
    if scenario.from_hidden is not None:
        steps.append(step(hidden_rule(scenario), _(
            "played from Hidden: every target is at {place}").format(
                place=scenario.from_hidden)))
    if not units and not aimed:
        steps.append(step("355.10.c", _("no unit chosen: the optional cost is not paid")))
    elif not units:
        steps.append(step("355.13", _("zero targets is a legal choice")))
    steps += deflect_steps(scenario, declaration.deflect_cost)
    if declaration.destination is not None:
        steps.append(step("355.4", _("destination {place}: chosen now, not a target").format(
            place=declaration.destination)))
        if effect.destination_open:
            steps.append(step("170.11.c", _(
                "{place} is open: no unit is there and no one controls it").format(
                    place=declaration.destination)))
        steps.append(step("355.4.a", _(
            "none of {units} is at {place} now: a move goes to a location other than the "
            "units' own").format(units=ids(units), place=declaration.destination)))
    steps += trigger_steps(scenario, zip(effect.slot_names, declaration.selection,
                                          strict=True))
    return steps


def explain_resolution(scenario: Scenario, answer: Affected) -> list[Step]:
    """The rule trail of one resolution, and the card's instructions not modelled, said."""
    return [*_explain_resolution(scenario, answer),
            *unsaid_steps(group_effect(scenario).unsaid)]


def _explain_resolution(scenario: Scenario, answer: Affected) -> list[Step]:
    """The rule trail of one resolution of a group effect."""
    effect = group_effect(scenario)
    if not targeted_slots(effect):  # (only a cost's: Commander Ledros)
        paid = [u for _slot, units in chosen_group(scenario) for u in units]
        return [step("355.10.c", _(
            "{units}: chosen for a cost ({verb}), paid as the card was played (135.2.b.3), "
            "not targets: nothing is chosen or done on resolution").format(
                units=ids(paid) or _("none"), verb=effect.verb))]
    problem = resolve_problem(scenario)
    steps = illegal_steps(scenario, problem.illegal)
    legal = [m.id for m in problem.members]
    if problem.ignored is not None:
        steps.append(step(problem.ignored.rule, problem.ignored.message))
        steps.append(step("359.3.e.6", _("an instruction that cannot be followed is ignored: "
                                         "nothing is affected")))
        return steps
    kept = list(answer.kept)
    if problem.whole is not None and not collective(effect):
        # no requirement the group meets as a whole (a single target, or per-unit
        # restrictions only): 355.11 has nothing to say; mistargeting does (359.3.e.7-8)
        if not legal:
            steps.append(step("359.3.e.7", _("every chosen target is illegal: the "
                                             "instruction does not execute")))
        elif problem.illegal:
            steps.append(step("359.3.e.8", _("the instruction executes on the legal targets "
                                             "only: {verb} {kept}").format(
                                                 verb=effect.verb, kept=ids(kept))))
        else:
            steps.append(step("359.3.e.2", _("every chosen target is still legal: {verb} "
                                             "{kept}").format(verb=effect.verb,
                                                              kept=ids(kept))))
    elif problem.whole is not None:
        steps.append(step("355.11.b", _(
            "the legal targets ({units}) still meet the requirement ({requirement}): {verb} "
            "{kept}").format(units=ids(legal), requirement=_requirement_text(effect),
                             verb=effect.verb, kept=ids(kept))))
    else:
        whole = tuple(tuple(m.id for m in problem.members if m.slots == (i,))
                      for i in range(len(effect.slots)))
        broken = requirement_failure(scenario, whole)
        steps.append(step("355.11.b", _(
            "the legal targets no longer meet the requirement together ({failure}): the "
            "controller chooses a subset of the original targets that does, never a new unit"
            ).format(failure=broken.message if broken else "")))
        left = [u for u in legal if u not in kept]
        if settled("group_subset", scenario.rules) is not None:
            steps.append(step("355.11.b.1", _(
                "the subset holds as many legal targets as it can: no left-out target could "
                "be added") + (_(" ({units} would break the requirement)").format(
                    units=ids(left)) if left else "")))
        elif scenario.policy.group_subset == "maximal":
            steps.append(step("355.11.b", _(
                "policy group_subset=maximal (the default; Origins FAQ Fox-Fire examples): no "
                "left-out target could be added") + (_(
                    " ({units} would break the requirement)").format(units=ids(left))
                    if left else "")))
        else:
            steps.append(step("355.11.b", _(
                "policy group_subset=any (the rule's literal 'a subset'): any subset meeting "
                "the requirement")))
        steps.append(step("355.11.a", _("{verb} {units}: total Might {might}, as they are now"
                                        ).format(verb=effect.verb, units=ids(kept),
                                                 might=_might(scenario, kept))))
    if answer.unmoved:
        where = moved_to(scenario)
        steps.append(step("355.4.a", _(
            "{units} already at {place}: kept (counted in the requirement) but not moved"
            ).format(units=ids(list(answer.unmoved)), place=where)))
        steps += negated_steps(scenario, _("the move of {units}, already there").format(
            units=ids(list(answer.unmoved))))
    for unit in recalled(scenario, answer):
        barred = move_failure(scenario.board, unit, moved_to(scenario) or "")
        assert barred is not None
        steps.append(step("447.2.c", renumber(_(
            "{failure} ({rule}): it is recalled to its base instead (447.2.c)").format(
                failure=barred.message, rule=barred.rule), scenario.rules)))
    return steps + _outcome_steps(scenario, answer.units)


def moved_to(scenario: Scenario) -> str | None:
    """Where a group effect moves its units: its own destination, the one chosen at
    finalization, or none (no move)."""
    effect = group_effect(scenario)
    if effect.action is not Action.MOVE:
        return None
    if effect.moves_to == HERE:  # "to this battlefield": the source's, now (359.3.f.2)
        return source_battlefield(scenario.board, scenario.source)
    return effect.moves_to or (require_targets(scenario, GroupChosen).destination
                               if scenario.targets else None)


def recalled(scenario: Scenario, answer: Affected) -> list[str]:
    """The units a move affects that can't move to its destination now (447.2.b, 449.2,
    on the board before the move): each is recalled to its base instead (447.2.c)."""
    where = moved_to(scenario)
    board = scenario.board
    return [u for u in answer.units if where and u in board and board[u].on_board
            and board[u].location != where and move_failure(board, u, where) is not None]


def declared_targets(scenario: Scenario, declaration: GroupDeclaration) -> GroupChosen:
    """The targets ``declaration`` chooses, as a resolution question reads them: each
    slot's units, the destination, and where each unit stood when chosen."""
    return GroupChosen(groups=tuple(zip(group_effect(scenario).slot_names,
                                        declaration.selection, strict=True)),
                       destination=declaration.destination,
                       places=tuple((u, scenario.board[u].place)
                                    for slot in declaration.selection for u in slot))


def dealt_to_each(scenario: Scenario) -> int | None:
    """Damage a group effect deals to each unit it affects, Bonus Damage added to each
    (715.2); ``None`` when it deals no damage."""
    effect = group_effect(scenario)
    if effect.action is not Action.DEAL:
        return None
    return effect.damage + scenario.bonus_damage


def slot_roles(effect: GroupTargets) -> dict[str, tuple[Role, str]] | None:
    """None: each slot's role is read from the card's words."""
    return None


def acts(scenario: Scenario, answer: Affected) -> Acts:
    """What a resolution does to the units it affects: the effect's damage to each
    (715.2), or its action; the unmoved targets are not acted on (355.4.a)."""
    per_unit = dealt_to_each(scenario)
    if per_unit is not None:
        return Acts(dealt=tuple((u, per_unit) for u in answer.units), affected=answer.units)
    action = group_effect(scenario).action
    destination = moved_to(scenario)
    back = recalled(scenario, answer)  # (447.2.c: a Recall, not a Move)
    moved = tuple((u, BASE if u in back else destination) for u in answer.units
                  if destination and scenario.board[u].location != (
                      BASE if u in back else destination))
    return Acts(actions=tuple((u, action) for u in answer.units if u not in back),
                affected=answer.units, moved=moved)


def _outcome_steps(scenario: Scenario, affected: Sequence[str]) -> list[Step]:
    """The damage a group effect deals to each unit it affects (715.2) and what kills them
    (142.4.b-c)."""
    effect = group_effect(scenario)
    if effect.action is Action.AFFECT and affected:  # ("swap", "ready": said, not done)
        return [step("359.3.e.8", _("{units}: {verb}, an outcome not modelled").format(
            units=ids(list(affected)), verb=effect.verb))]
    dealt = dealt_to_each(scenario)
    if dealt is None or not affected:
        return []
    steps = []
    if scenario.bonus_damage:
        steps.append(step("715.2", _(
            "{amount} damage + Bonus Damage {bonus} to each of {units}: {dealt} each").format(
                amount=effect.damage, bonus=scenario.bonus_damage, units=ids(list(affected)),
                dealt=dealt)))
    return steps + lethal_any_steps(scenario, affected)

def older_rules_reason(scenario: Scenario, question: str, version: str) -> str | None:
    """Why the question can't be answered under an older Core Rules ``version`` (a move
    where 1.3's or 1.2's rules on teammates' battlefields could decide, 1.2's 352.11.b
    example and its Deflect once per spell), or ``None``."""
    effect = group_effect(scenario)
    if effect.destination and (mates := teammates_reason(scenario.board, version)):
        return mates
    if version != "1.2":
        return None
    if (question == "resolve" and effect.sharing is Sharing.BATTLEFIELD
            and scenario.from_hidden is None):
        return _("{rule}'s example forbids affecting targets no longer at the battlefield "
                 "chosen at finalization, which the scenario does not record (give "
                 "from_hidden, or ask with 1.3)").format(rule=number_in("355.11.b", version))
    if question == "finalize" and scenario.repeat and any(
            m.tax for m in finalize_problem(scenario).members):
        return _("Deflect is paid once per spell, not for each choice ({rule}), and a "
                 "Repeat's two executions may choose the same Deflect unit").format(
                     rule=number_in("809.1.c", version))
    return None

# --------------------------------------------------------------------------- the format


def slot_shapes(effect: GroupTargets) -> list[dict[str, str]]:
    """Each slot (one id, a list, or one unit a location for "at each location"), and the
    chosen destination of a card that moves its group."""
    shown = [{"name": slot.name,
              "shape": "places" if effect.per_place is not None
              else "one" if slot.single else "list",
              "kind": slot.kinds[0]} for slot in effect.slots]
    if effect.destination:
        shown.append({"name": "destination", "shape": "one", "kind": "location"})
    return shown


def slot_options(scenario: Scenario, resolving: bool) -> dict[str, tuple[Option, ...]]:
    """Every unit and gear of the board for each slot, each with why it may not fill it on
    its own (:func:`member_failure`: 355.9.b, 359.3.e.2 ...); as it is declared, also
    why a group of it alone breaks the requirement (:func:`requirement_failure`: its
    Might over the cap, 355.11) or its Deflect the Power available (809). A move's
    destination: each battlefield and ``base``, as :func:`destination_failure` checks
    it for no unit in particular (355.4, 170.11.c). On resolution a cost's choice (no
    target: paid as the card was played, 355.10.c) and the destination (355.4) chosen
    are not checked again."""
    effect = group_effect(scenario)
    board = scenario.board
    chosen = require_targets(scenario, GroupChosen) if resolving and scenario.targets \
        else GroupChosen()
    aimed = targeted_slots(effect)
    unchecked = {(slot, unit) for slot, units in chosen.groups if slot not in aimed
                 for unit in units}
    shown: dict[str, tuple[Option, ...]] = {}
    for index, slot in enumerate(effect.slots):
        def failure(unit_id: str, index: int = index, slot: GroupSlot = slot
                    ) -> Failure | None:
            if (slot.name, unit_id) in unchecked:
                return None
            unit = board[unit_id]
            found = member_failure(scenario, unit, slot, resolving)
            if found is not None or resolving:
                return found
            alone = tuple((unit_id,) if i == index else () for i in range(len(effect.slots)))
            return requirement_failure(scenario, alone) or deflect_failure(
                scenario, unit, [slot.name])
        shown[slot.name] = options([unit.id for unit in board], failure)
    if effect.destination:
        shown["destination"] = options(destinations(board), lambda where: None if (
            resolving and where == chosen.destination) else destination_failure(
                board, [], where, effect.destination_open))
    return shown


def read_targets(raw: Mapping[str, object], effect: GroupTargets, board: Board,
                 field_prefix: str) -> GroupChosen:
    """The targets a scenario declares for a group: each slot's units (one id, a list, or
    for "at each location" cards ``{location: id}``), as many as the slot chooses (355.8),
    distinct (355.11.a); and a move's destination (355.4)."""
    chosen: dict[str, tuple[str, ...]] = {}
    places: list[tuple[str, str]] = []
    seen: set[str] = set()
    for slot in effect.slots:
        field = f"{field_prefix}.{slot.name}"
        value = raw[slot.name]
        if effect.per_place is not None:
            per_place = _unit_per_place(value, field)
            for place in per_place:
                _check_place(board, f"{field}.{place}", place)
            units = list(per_place.values())
            places += [(unit_id, place) for place, unit_id in per_place.items()]
        else:
            units = unit_ids(value, field, slot.single)
            _check_size(effect, slot, field, len(units))
        distinct(units, field, board, seen, "355.11.a")
        chosen[slot.name] = tuple(units)
    destination = _destination(raw, effect, board, any(chosen.values()), field_prefix)
    return GroupChosen(groups=tuple(chosen.items()), destination=destination,
                       places=tuple(places))


def _unit_per_place(value: object, field: str) -> dict[str, str]:
    """An "at each location" slot: ``{"<location>": "<unit id>"}``."""
    if isinstance(value, dict):
        per_place = {place: unit for place, unit in value.items() if isinstance(unit, str)}
        if len(per_place) == len(value):
            return per_place
    raise ScenarioError(field, _('takes one unit id per location: '
                                 '{{"<location>": "<unit id>"}}').format())


def _check_place(board: Board, field: str, place: str) -> None:
    """A location key: a battlefield, or ``base:<player>`` (that player's base)."""
    player = place.removeprefix(f"{BASE}:")
    if board.is_battlefield(place) or (place != player and player):
        return
    raise ScenarioError(field, _("{place} is not a location: name a battlefield in play or "
                                 "'base:<player>'").format(place=repr(place)))


def _check_size(effect: GroupTargets, slot: GroupSlot, field: str, size: int) -> None:
    """A declared group slot holds as many units as the card lets it choose (355.8)."""
    if size < slot.least or (slot.most is not None and size > slot.most):
        wanted = f"{slot.least}" if slot.least == slot.most else (
            _("{low} to {high}").format(low=slot.least, high=slot.most)
            if slot.most is not None else _("at least {least}").format(least=slot.least))
        raise ScenarioError(field, _("{card} chooses {wanted} units here, not {size}").format(
            card=effect.name, wanted=wanted, size=size))


def _destination(raw: Mapping[str, object], effect: GroupTargets, board: Board, any_chosen: bool,
                 field_prefix: str) -> str | None:
    """The location a moving group goes to: a battlefield, or ``base`` (their base)."""
    if not effect.destination:
        return None
    value = raw.get("destination")
    if value is None:
        if any_chosen:
            raise ScenarioError(f"{field_prefix}.destination", _(
                "{card} moves its targets: name the location chosen at finalization").format(
                    card=effect.name))
        return None
    if not isinstance(value, str) or not (board.is_battlefield(value) or value == BASE):
        raise ScenarioError(f"{field_prefix}.destination", _(
            "{place} is not a battlefield in play nor 'base'").format(place=repr(value)))
    return value


#: The family protocol's name and answer types (riftsolve.rules.families.Family).
NAME = "group"
DECLARATION = GroupDeclaration
RESOLUTION = Affected


register_family(cast("AnyFamily", sys.modules[__name__]), GroupTargets, stored=True)

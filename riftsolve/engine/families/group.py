"""The legal sets of a group of targets (355.11): every declaration of a group meeting its
requirement together, and every resolution of the members still legal, counted by
knapsack and subset counts, listed by the native generators in numpy blocks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from itertools import islice, repeat
from typing import TYPE_CHECKING

from riftsolve._json import JSONOutDoc
from riftsolve._lazy import LazyModule
from riftsolve.engine.backends import native
from riftsolve.engine.count import (
    CountTooLarge,
    count_maximal_selections,
    count_selections,
    selections_by_tax,
)
from riftsolve.engine.families.registry import register_legal_sets
from riftsolve.engine.legal import (
    Capabilities,
    LegalSet,
    Rows,
    TextBlock,
    batches,
    chosen_targets_extras,
    mask_rows,
    text_blocks_of,
)
from riftsolve.engine.starting import (
    BoardNeeds,
    Role,
    StarterHooks,
    fresh_unit,
    how_many_words,
    listed,
    owner_of,
    reach_words,
    tag_needs,
    whose_words,
)
from riftsolve.formats.lines import AffectedLines, GroupLines
from riftsolve.i18n import N_, _
from riftsolve.rules.answers import Answer, Selection
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.choosing import fired_triggers, has_chosen_triggers
from riftsolve.rules.core_rules import DEFAULT_VERSION, citation
from riftsolve.rules.effects import Sharing
from riftsolve.rules.effects.group import GroupTargets
from riftsolve.rules.explain import ids
from riftsolve.rules.families.group import (
    GroupProblem,
    destinations,
    group_effect,
    hidden_failure,
    movable,
    moved_to,
    stands_at,
)
from riftsolve.rules.families.group import (
    finalize_problem as finalize_group_problem,
)
from riftsolve.rules.families.group import (
    resolve_problem as resolve_group_problem,
)
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.targeting import Failure

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from riftsolve.engine.steps import Steps
else:
    np = LazyModule("numpy")  # imported by the first block of answers


class GroupDeclarations(LegalSet[GroupDeclaration]):
    """Every legal group declaration at finalization (355.11.a)."""

    CAPABILITIES = Capabilities(counts=True, text_blocks=True, steps=True)

    question = "finalize"
    _answer_type = GroupDeclaration

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self.effect: GroupTargets = group_effect(scenario)
        self.problem: GroupProblem = finalize_group_problem(scenario)
        #: Why the card cannot be played at all (from Hidden with no target, 811.1.d).
        self.unplayable: Failure | None = hidden_failure(scenario, self.problem) or \
            self.unpayable
        self._tax = {m.id: m.tax for m in self.problem.members}

    def _columns(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.problem.members)

    def arrays(self, batch: int = 65536) -> Iterator[Rows]:
        """The declarations as 0/1 rows over :attr:`columns`, straight from the native
        search's selections (no answer objects); a group that moves (one row per
        destination) is written from its answers."""
        if self.effect.destination:
            yield from super().arrays(batch)
        elif self.unplayable is None:
            yield from _group_rows(self, self.problem, batch)

    def destinations(self) -> tuple[str, ...]:
        """Where a moving group may go: each battlefield, or their base (355.4)."""
        return destinations(self.scenario.board, self.effect.destination_open) \
            if self.effect.destination else ()

    def count(self) -> int:
        if self.unplayable is not None:
            return 0
        if not self.effect.destination:
            return count_selections(self.problem)
        return sum(self.by_tax(exact=False).values())

    def by_tax(self, exact: bool = True) -> Counter[int]:
        """How many declarations cost each Deflect tax (``{tax: ways}``), without listing
        (``exact=False``: every one under tax 0, the tax not tracked)."""
        if self.unplayable is not None:
            return Counter()
        if not self.effect.destination:
            return selections_by_tax(self.problem, exact)
        # 355.4.a: per destination, the groups none of whose members already stands there
        board = self.scenario.board
        total: Counter[int] = Counter()
        if not any(self.problem.least):
            total[0] += 1  # the empty group moves nothing: it has no destination
        for where in self.destinations():
            # (447.2.b, 449.2: nor a member whose controller may not move it there)
            members = tuple(m for m in self.problem.members if movable(board, m.id, where))
            groups = selections_by_tax(replace(self.problem, members=members), exact)
            if not any(self.problem.least):
                groups[0] -= 1
            total.update(groups)
        return +total

    def __iter__(self) -> Iterator[GroupDeclaration]:
        if self.unplayable is not None:
            return
        slots = tuple((s.name, s.single) for s in self.effect.slots)
        for selection, where in self._moved(self.backend.answers(self.problem)):
            cost = sum(self._tax[u] for slot in selection for u in slot)
            yield GroupDeclaration(selection, where, cost, slots)

    def _moved(self, selections: Iterable[Selection]
               ) -> Iterator[tuple[Selection, str | None]]:
        """Each selection with each destination all its units may be moved to (355.4.a,
        447.2.b, 449.2), in order; ``None`` where the group does not move or is empty."""
        if not self.effect.destination:
            return zip(selections, repeat(None))
        return self._destined(selections)

    def _destined(self, selections: Iterable[Selection]
                  ) -> Iterator[tuple[Selection, str | None]]:
        """:meth:`_moved` for a group that moves: where each member may go found once."""
        board, where = self.scenario.board, self.destinations()
        goes = {m.id: sum(1 << i for i, w in enumerate(where) if movable(board, m.id, w))
                for m in self.problem.members}
        anywhere = (1 << len(where)) - 1
        for selection in selections:
            if not any(selection):  # the empty group moves nothing: no destination
                yield selection, None
                continue
            allowed = anywhere
            for slot in selection:
                for unit in slot:
                    allowed &= goes[unit]
            for i, destination in enumerate(where):
                if allowed >> i & 1:
                    yield selection, destination

    def _why_none(self) -> list[Failure]:
        if self.unplayable is not None:
            return [self.unplayable]
        return super()._why_none()

    # ------------------------------------------------------------ what the faces read

    def line(self, answer: GroupDeclaration) -> JSONOutDoc:
        effect, board = self.effect, self.scenario.board
        place_of = (lambda u: board[u].place) if effect.per_place is not None else None
        shown: JSONOutDoc = answer.as_json(tuple((s.name, s.single) for s in effect.slots),
                                           place_of)
        if has_chosen_triggers(self.scenario):
            shown["triggers"] = fired_triggers(
                self.scenario, zip(effect.slot_names, answer.selection, strict=True))
        return shown

    def headers(self) -> list[str]:
        moving = [_("destination")] if self.effect.destination else []
        return [*self.effect.slot_names, *moving, "Deflect"]

    def cells(self, answer: GroupDeclaration) -> list[str]:
        moving = [answer.destination or ""] if self.effect.destination else []
        return [*(ids(slot) for slot in answer.selection), *moving, str(answer.deflect_cost)]

    def text_blocks(self, batch: int) -> Iterator[TextBlock] | None:
        """Lines a batch of the native search's declarations at a time, no answer object
        made (a 0/1 row over every member would cost more than the search), where there
        is no Targeting Effect to report."""
        effect = self.effect
        if has_chosen_triggers(self.scenario):
            return None
        if self.unplayable is not None:
            return iter(())
        board = self.scenario.board
        places = {m.id: board[m.id].place for m in self.problem.members} \
            if effect.per_place is not None else None
        lines = GroupLines([(s.name, s.single) for s in effect.slots], self._tax,
                           self.destinations(), places)
        selections = native.selections(self.problem)
        if not effect.destination:
            return text_blocks_of(batches(selections, batch), lines.unmoved)
        return text_blocks_of(batches(self._destined(selections), batch), lines)

    def first_step(self, shares: bool = False) -> Steps:
        from riftsolve.engine.steps import ChooseListed

        return ChooseListed.of(self)


class GroupResolutions(LegalSet[Affected]):
    """Every legal resolution of a group effect (359.3.e, 355.11.b)."""

    CAPABILITIES = Capabilities(counts=True, text_blocks=True, steps=True)

    #: Most maximal subsets counted by listing them, where no formula applies.
    MOST_LISTED = 10**6

    question = "resolve"
    _answer_type = Affected

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self.effect: GroupTargets = group_effect(scenario)
        self.problem: GroupProblem = resolve_group_problem(scenario)

    def count(self) -> int:
        if not self.problem.maximal:
            return count_selections(self.problem)
        counted = count_maximal_selections(self.problem)
        if counted is not None:
            return counted
        # Maximal subsets of shapes with no counting formula (several slots, a location
        # each, a swap's pair): listed, up to a bound.
        most = self.MOST_LISTED
        listed = sum(1 for _ in islice(native.selections(self.problem), most + 1))
        if listed > most:
            raise CountTooLarge(N_("the maximal subsets (no formula for this shape)"), most + 1,
                                N_("fewer original targets"),
                                steps=N_("answers listed, at least"),
                                bound=most)
        return listed

    def __iter__(self) -> Iterator[Affected]:
        return (self._affected(s) for s in self.backend.answers(self.problem))

    def _affected(self, selection: Selection) -> Affected:
        """The answer keeping ``selection``: a move's kept targets already at the
        destination are unmoved (355.4.a)."""
        kept = [u for slot in selection for u in slot]
        where = moved_to(self.scenario)
        if where is None:
            return Affected.of(kept)
        board = self.scenario.board
        unmoved = [u for u in kept if stands_at(board[u], where)]
        return Affected.of([u for u in kept if u not in unmoved], unmoved)

    def _columns(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.problem.members)

    def arrays(self, batch: int = 65536) -> Iterator[Rows]:
        """The resolutions as 0/1 rows over :attr:`columns` (the units kept), straight from
        the native search's selections; a move's (some kept units unmoved) from its
        answers."""
        if moved_to(self.scenario) is not None:
            yield from super().arrays(batch)
        else:
            yield from _group_rows(self, self.problem, batch)

    # ------------------------------------------------------------ what the faces read

    DISPUTED = ("group_subset", ("maximal", "any"), "355.11.b")

    def extras(self, answer: Affected) -> JSONOutDoc:
        problem = self.problem
        common = chosen_targets_extras(self.scenario, problem.illegal)
        if problem.ignored is not None:
            # nobody is left out by choice: the instruction cannot be followed at all
            return {"ignored": problem.ignored.said(self.scenario.rules), **common}
        return {"left_out": [m.id for m in problem.members if m.id not in answer.kept],
                **common}

    def headers(self) -> list[str]:
        moving = [_("unmoved (at the destination)")] if self.effect.destination else []
        return [self.effect.verb, *moving]

    def cells(self, answer: Affected) -> list[str]:
        shown = [ids(answer.units)]
        if self.effect.destination:
            shown.append(ids(answer.unmoved))
        return shown

    def still_legal(self) -> tuple[tuple[str, ...] | None, bool]:
        return tuple(m.id for m in self.problem.members), bool(self.problem.illegal)

    def text_blocks(self, batch: int) -> Iterator[TextBlock] | None:
        """Lines a batch of the native search's selections at a time, no answer object
        made, where nothing moves (a move writes its unmoved units apart)."""
        if moved_to(self.scenario) is not None:
            return None
        lines = AffectedLines([m.id for m in self.problem.members])
        return text_blocks_of(batches(native.selections(self.problem), batch), lines)

    def first_step(self, shares: bool = False) -> Steps:
        from riftsolve.engine.steps import ChooseListed

        return ChooseListed.of(self)


#: Bit masks a group's rows may look at without asking how many answers there are.
FEW_MASKS = 1 << 14
#: Beyond that, at most this many masks per answer (the search looks only at what can
#: still be chosen, so masks pay off only while most of them are answers).
MASKS_PER_ANSWER = 16


def _group_rows(legal: LegalSet[Answer], problem: GroupProblem, batch: int
                ) -> Iterator[npt.NDArray[np.int8]]:
    """A group problem's selections as 0/1 rows over ``legal.columns``: as bit masks in
    numpy (:func:`native.selection_masks`) where the shape allows and the masks are few
    or mostly answers, else from the search."""
    columns = legal.columns
    masks = native.mask_count(problem)
    if masks is not None and masks > FEW_MASKS:
        try:
            answers = legal.count()
        except (CountTooLarge, OverflowError):
            answers = 0
        if masks > MASKS_PER_ANSWER * answers:
            masks = None
    if masks is not None:
        return native.selection_masks(problem, columns, batch)
    selections = native.selections(problem)
    return mask_rows(([u for slot in selection for u in slot] for selection in selections),
                      columns, batch)


# --------------------------------------------------------------------------- riftsolve new


def _starter_needs(effect: GroupTargets) -> BoardNeeds:
    """The slots' tags and gear; a board whose best group is empty lacks what the card
    needs when it moves to an open battlefield or asks for units in a state."""
    tags, gear = tag_needs((slot.kinds, slot.among, slot.tags) for slot in effect.slots)
    return BoardNeeds(tags, gear, refit_when_empty=effect.destination_open or any(
        slot.states for slot in effect.slots))


def _starter_fit(effect: GroupTargets, board: JSONOutDoc) -> list[JSONOutDoc]:
    """As many fresh units (or gear) as each slot needs at least, each meeting the slot's
    restrictions; an open battlefield (no unit, no one's) for a move to one."""
    for number, slot in enumerate(effect.slots, 1):
        owner = owner_of(slot.among, slot.own)
        listed(board, "units").extend(
            fresh_unit(slot.kinds[0], number, owner=owner, reach=slot.reach, tags=slot.tags,
                       might=(None, slot.might_at_most), states=slot.states)
            for _copy in range(slot.least or 1))
    if effect.destination_open:
        board["battlefields"] = [*listed(board, "battlefields"), "east"]
    return []


def _starter_lines(effect: GroupTargets, role: Role, words: Mapping[str, str]
                   ) -> Iterator[str]:
    """Each slot, what the group must meet together (355.11), and its destination."""
    for slot in effect.slots:
        said = words.get(slot.name) or \
            f"{how_many_words(slot.least, slot.most)} {whose_words(slot.among)}"
        tagged = _(" tagged {tags}").format(tags=", ".join(slot.tags)) if slot.tags else ""
        form = "ID@LOCATION,..." if effect.per_place is not None else (
            "ID" if slot.single else "ID,ID,...")
        yield _("{slot}={form}: \"{said}\"{tagged}, {where}; {role}").format(
            slot=slot.name, form=form, said=said, tagged=tagged, where=reach_words(slot.reach),
            role=role(slot.name))
    together = [_("total Might {n} or less").format(n=effect.might_cap)
                ] if effect.might_cap is not None else []
    if effect.sharing is not Sharing.NOTHING:
        together.append(_("all at one {place}").format(place=effect.sharing.value))
    if effect.same_controller:
        together.append(_("one controller"))
    if together:
        yield _("together: {what} ({rule})").format(
            what=", ".join(together), rule=citation("355.11", DEFAULT_VERSION))
    if effect.destination and effect.destination_open:
        yield _("destination=BATTLEFIELD: an open battlefield (no unit, no controller, "
                "{open}); not a target ({rule})").format(
                    open=citation("170.11.c", DEFAULT_VERSION),
                    rule=citation("355.4", DEFAULT_VERSION))
    elif effect.destination:
        yield _("destination=LOCATION: a battlefield or base, not where they stand; "
                "not a target ({rule})").format(rule=citation("355.4", DEFAULT_VERSION))


register_legal_sets("group", GroupDeclarations, GroupResolutions,
                    starter=lambda: StarterHooks.of(GroupTargets, needs=_starter_needs,
                                                    fit=_starter_fit, lines=_starter_lines))

"""The scenario records: a validated question's whole input, as frozen data.

A :class:`Scenario` holds the board now, one card effect, the targets chosen at
finalization (for a resolution question) and the switches of the rules it follows. It is
built by the format-1 parser (:mod:`formats.format1`, which reads JSON and names the
field at fault in every error) or in Python, where it validates the same way. The rules
modules use these records and never the parser.

>>> from riftsolve.rules.board import Board, Unit
>>> from riftsolve.cards import card
>>> s = Scenario("A", card("Fox-Fire"), Board(("north",), (Unit("r1", "B", 2, "north"),)))
>>> s.policy.group_subset, s.rules
('maximal', '2026-10-09')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeVar

from riftsolve.i18n import _
from riftsolve.rules.board import Board
from riftsolve.rules.core_rules import DEFAULT_VERSION, SUPPORTED_VERSIONS
from riftsolve.rules.effects import Effect
from riftsolve.rules.limits import LIMIT as LIMIT  # re-exported: the bounds and the error type
from riftsolve.rules.limits import ScenarioError as ScenarioError
from riftsolve.rules.limits import bounded
from riftsolve.rules.versions import canonical, number_in, settled


@dataclass(frozen=True)
class Targets:
    """The targets chosen at finalization, in a family's own record (the split's
    :class:`~riftsolve.rules.families.split.SplitChosen`, the group's, the joint
    choice's ...), which says to the shared rules only what they read of it: the ids it
    names as units, the ids chosen in each targeted slot, and the second execution's
    choices when the card's Repeat was paid (820.2)."""

    #: The choices of the second execution when the card's Repeat was paid (820.2).
    repeat: Targets | None = field(default=None, kw_only=True)

    def unit_ids(self) -> tuple[str, ...]:
        """Every id chosen that names a unit (the scenario checks each is on the board)."""
        return ()

    def counted(self, targeted: frozenset[str]) -> tuple[str, ...]:
        """The ids chosen in the slots named ``targeted`` (the ones whose choices are
        targets), in the card's order: what another spell counts (359.3.e.9.a)."""
        return ()


T = TypeVar("T", bound=Targets)


@dataclass(frozen=True)
class Policy:
    """Which reading of a disputed rule to apply (see the manual's policy table,
    docs/scenarios.md)."""

    group_subset: Literal["maximal", "any"] = "maximal"
    split_illegal: Literal["redistribute", "forfeit"] = "redistribute"
    #: Combat damage left once every receiver has lethal damage (465.2.c.4): divided
    #: ``"any"`` way among the receivers, or all on one unit that could be ``"last"``.
    combat_excess: Literal["any", "last"] = "any"
    #: A move to a destination the card specifies ("to that enemy unit's battlefield"):
    #: chosen by no one (355.4), it restricts no target (``"unrestricted"``: a unit already
    #: there is a legal target whose move does nothing), or 355.4.a is read for it too
    #: (``"elsewhere"``: the unit must be elsewhere).
    specified_destination: Literal["unrestricted", "elsewhere"] = "unrestricted"


@dataclass(frozen=True)
class Scenario:
    """A validated scenario: the question's whole input."""

    controller: str
    effect: Effect
    board: Board
    source: str | None = None
    bonus_damage: int = 0
    available_power: int | None = None
    policy: Policy = Policy()
    targets: Targets | None = None
    #: The Core Rules text that rules it (:data:`riftsolve.rules.versions.SUPPORTED`; a
    #: date naming one is read as its name).
    rules: str = DEFAULT_VERSION
    from_hidden: str | None = None
    #: Any amount of the controller's damage kills enemy units (142.4.c).
    lethal_any: bool = False
    #: The card's Repeat cost is paid: its effect is executed twice (820).
    repeat: bool = False
    #: The modes of the card chosen before this turn (1, 2 ...), for "Choose one you've not
    #: chosen this turn -".
    modes_used: tuple[int, ...] = ()
    #: The battlefield a triggered ability's event names ("When you play a gear with
    #: [Deploy], ... to that battlefield": where it was played).
    event_battlefield: str | None = None
    #: The battlefield a triggered ability's move went to ("a battlefield I moved to",
    #: trigger-condition information fixed as it triggered, 359.3.f.3); none: the source's
    #: battlefield as the board states it.
    event_destination: str | None = None

    @property
    def question(self) -> str:
        """The question the scenario asks by itself: ``"resolve"`` when it has chosen
        targets, or chooses none (a combat assigns damage, 465.2.c); else ``"finalize"``."""
        return "resolve" if self.targets is not None or not self.effect.slot_names \
            else "finalize"

    def __post_init__(self) -> None:
        """Validate what the scenario format would (for scenarios built in Python): the
        controller, the version, the bounds, and that every id named is a unit."""
        if not isinstance(self.controller, str) or not self.controller:
            raise ScenarioError("controller", f"a non-empty string, not {self.controller!r}")
        version = canonical(self.rules) if isinstance(self.rules, str) else None
        if version is None:
            raise ScenarioError("rules", f"Core Rules version {self.rules!r} is not supported "
                                "(supported: " + ", ".join(SUPPORTED_VERSIONS) + ")")
        object.__setattr__(self, "rules", version)
        required = settled("group_subset", version)
        if required is not None and self.policy.group_subset != required[0]:
            raise ScenarioError("policy.group_subset", _(
                "under Core Rules {version}, {rule} decides it: a subset kept on resolution "
                "holds as many legal targets as it can (group_subset=maximal); the other "
                "reading is an older text's").format(
                    version=version, rule=number_in(required[1], version)))
        if not isinstance(self.effect, Effect):
            raise ScenarioError("effect", f"not an effect: {self.effect!r}")
        if not isinstance(self.board, Board):
            raise ScenarioError("units", f"not a Board: {self.board!r}")
        bounded("bonus_damage", self.bonus_damage, 0, LIMIT)
        if self.available_power is not None:
            bounded("available_power", self.available_power, 0, LIMIT)
        if self.source is not None and self.source not in self.board \
                and not self.board.is_battlefield(self.source):
            raise ScenarioError("source", f"unknown unit id {self.source!r} (not in units, "
                                "nor a battlefield: a battlefield card's ability names its "
                                "battlefield)")
        if self.from_hidden is not None and not self.board.is_battlefield(self.from_hidden):
            raise ScenarioError("from_hidden", f"{self.from_hidden!r} is not a battlefield in "
                                "play")
        if self.targets is not None and not isinstance(self.targets, Targets):
            raise ScenarioError("targets", f"not a record of targets chosen: {self.targets!r}")
        targets = self.targets
        while targets is not None:
            for unit_id in targets.unit_ids():
                known_unit(self.board, "targets", unit_id)
            targets = targets.repeat


def require_targets(scenario: Scenario, kind: type[T]) -> T:
    """The targets chosen at finalization, which a resolution question needs, in the
    record of the family asking (``kind``)."""
    targets = scenario.targets
    if targets is None:
        raise ScenarioError("targets", _("a resolution question needs the targets chosen at "
                                         "finalization"))
    if not isinstance(targets, kind):
        raise ScenarioError("targets", f"{type(targets).__name__} are not the targets of "
                            f"{scenario.effect.name} ({kind.__name__})")
    return targets


def known_unit(board: Board, field: str, unit_id: str) -> None:
    """A :class:`ScenarioError` unless ``unit_id`` is a unit of ``board``."""
    if unit_id not in board:
        raise ScenarioError(field, _("unknown unit id {unit} (not in units)").format(
            unit=repr(unit_id)))

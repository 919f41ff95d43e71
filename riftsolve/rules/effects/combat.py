"""The Combat Damage step as an effect (CR 1.4 465.2): not a card, a scenario's
``combat`` block.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class CombatDamage:
    """The Combat Damage step at one battlefield (CR 1.4 465.2): the ``assigner``, the
    ``attacker`` or a defender, assigns its units' combined Might as damage among the
    other side's units there, under the ordering rules (465.2.c).

    Not a card: a scenario states it with a ``combat`` block instead of ``card``.

    >>> CombatDamage("north", "A").name, CombatDamage("north", "A", "B").assigner
    ('Combat damage at north', 'B')
    """

    #: The family answering it (:mod:`riftsolve.rules.families.combat`), loaded when
    #: first asked for.
    FAMILY: ClassVar[str] = "combat"

    battlefield: str
    attacker: str
    #: Whose assignment the question asks about (the attacker assigns first, 465.2.c).
    assigner: str = ""
    #: The assigner's damage is lethal in any amount (142.4.c, Elder Dragon).
    lethal_any: bool = False
    #: The card's own "Ignore [Deflect] while paying this spell's cost": no Deflect tax.
    ignores_deflect: bool = False
    text: str = ("Each player assigns damage equal to their units' summed Might among the "
                 "other side's units: Tank first, Backline last, lethal damage in full "
                 "before the next unit (465.2).")
    slug: str = "combat"
    worded: bool = False
    hidden: bool = False
    repeat: bool = False
    destination: bool = False
    xp_per_kill: int = 0
    slot_names: tuple[str, ...] = ()
    needs_source: bool = False
    text_source: str = ""

    def __post_init__(self) -> None:
        if not self.assigner:
            object.__setattr__(self, "assigner", self.attacker)

    @property
    def listed_text(self) -> str:
        """The combat's rule as a card library would list it."""
        return self.text

    @property
    def name(self) -> str:
        """The combat's name in messages."""
        return f"Combat damage at {self.battlefield}"

    @property
    def attacking(self) -> bool:
        """Whether the assigner is the attacker (else a defender)."""
        return self.assigner == self.attacker

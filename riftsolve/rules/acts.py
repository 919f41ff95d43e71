"""What one execution of a resolution does, before anything dies: :class:`Acts`.

Each family says what its answers do (``acts``); :func:`riftsolve.rules.outcome.apply`
adds the executions up, decides who dies (142.4) and makes the board that follows, the
same way for every family.

>>> from riftsolve.rules.effects import Action
>>> Acts(dealt=(("r1", 3),), affected=("r1",)).dealt
(('r1', 3),)
>>> Acts(actions=(("r2", Action.STUN),), affected=("r2",)).actions[0][1].name
'STUN'
"""

from __future__ import annotations

from dataclasses import dataclass

from riftsolve.rules.effects import Action


@dataclass(frozen=True)
class Acts:
    """One execution's damage and actions, unit by unit."""

    #: Damage dealt to each unit (Bonus Damage included).
    dealt: tuple[tuple[str, int], ...] = ()
    #: Each unit an action other than damage is done to (killed, moved, stunned...).
    actions: tuple[tuple[str, Action], ...] = ()
    #: Every unit the execution acts on.
    affected: tuple[str, ...] = ()
    #: Units whose Might, while the damage is dealt, is not the board's (Shield and Assault
    #: in combat, 814, 807): lethal damage is read against it (142.4.b).
    mights: tuple[tuple[str, int], ...] = ()
    #: Units moved, and where to (a battlefield, or ``"base"``: the unit's own base).
    moved: tuple[tuple[str, str], ...] = ()

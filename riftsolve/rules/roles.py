"""The roles an instruction gives what it mentions (355.5-355.17): a target, chosen at
finalization; an automatic selection; a choice made on resolution; and the rest. The
classifier (:mod:`riftsolve.rules.classify`) gives each mention its role; the families
say each slot's.

>>> Role("resolution-choice") is Role.RESOLUTION_CHOICE
True
"""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    """What a mentioned object, player or zone is to the instruction."""

    TARGET = "target"  #: chosen at finalization and targeted
    AUTOMATIC = "automatic"  #: selected by characteristics, never chosen
    RESOLUTION_CHOICE = "resolution-choice"  #: chosen on resolution, not a target
    #: chosen at finalization, not a target: a mode (355.3), a move's destination (355.4),
    #: where a unit is played (355.2.a), another player's choice made then (355.10.e)
    FINALIZATION_CHOICE = "finalization-choice"
    RESTRICTION = "restriction"  #: only a location or targeting restriction
    COST = "cost"
    TRIGGER_CONDITION = "trigger-condition"
    REPLACEMENT = "replacement"

"""Cards that split damage (CR 1.4 355.14): the only two in the official gallery, compiled
from their text (:mod:`riftsolve.compiler.card`).

Alpha Strike's chosen unit deals the damage, not the spell (417.6.b.3), so Bonus Damage for
spells and abilities (715.3) does not raise its pool: the compiler reads that from "it
deals damage equal to its Might".
"""

from __future__ import annotations

from riftsolve.compiler.card import reviewed
from riftsolve.rules.effects import SplitDamage

ALPHA_STRIKE = reviewed(
    SplitDamage, "Alpha Strike",
    "Choose a friendly unit. It deals damage equal to its Might split among enemy units at "
    "battlefields. Then for each unit this kills, do this: Gain 1 XP.",
)

VOLIBEAR_FURIOUS = reviewed(
    SplitDamage, "Volibear, Furious",
    "[Deflect 2]. When I attack, deal 5 damage split among any number of enemy units here.",
)

CARDS = (ALPHA_STRIKE, VOLIBEAR_FURIOUS)

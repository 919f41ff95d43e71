"""Cards that pick several objects one after another, later picks tied to earlier ones
(CR 1.4 355.5-355.17), compiled from their text
(:mod:`riftsolve.compiler.sequence`), with the corrections a reviewer made.

Texts are the official card gallery's, reminder text and cost symbols left out, except
where a card says where its text comes from.
"""

from __future__ import annotations

from riftsolve.compiler.card import reviewed
from riftsolve.rules.effects.joint import JointChoice

CRESCENT_STRIKE = reviewed(
    JointChoice, "Crescent Strike",
    "[Action] Choose a battlefield and an enemy unit there. Deal 4 to that unit and 1 to "
    "each other enemy unit there.",
)

RESONATING_STRIKE = reviewed(
    JointChoice, "Resonating Strike",
    "[Hidden] [Reaction] Choose a battlefield you control and a unit you control at a "
    "different location. Move that unit to that battlefield and give it +2 Might this turn.",
    text_source="Riftcodex (Vendetta VEN-034; not in the official gallery snapshot)",
)

MOONFALL = reviewed(
    JointChoice, "Moonfall",
    "[Action] Choose a battlefield where you have units. You may move up to one enemy unit "
    "to that battlefield. Then give enemy units there -2 Might this turn.",
)

BEDEVILING_STRANGER = reviewed(
    JointChoice, "Bedeviling Stranger",
    "[Hidden] When you play me, choose a battlefield. If there are 4 or more units there, "
    "you may return an enemy unit there to its owner's hand.",
    text_source="riftboundfaq catalog (a card of a set after Vendetta)",
)

DRAGONS_RAGE = reviewed(
    JointChoice, "Dragon's Rage",
    "Move an enemy unit. Then do this: Choose another enemy unit at its destination. They "
    "deal damage equal to their Mights to each other.",
)

ZENITH_BLADE = reviewed(
    JointChoice, "Zenith Blade",
    "[Action] Stun an enemy unit at a battlefield. You may move a friendly unit to that "
    "enemy unit's battlefield.",
)

HEROIC_CHARGE = reviewed(
    JointChoice, "Heroic Charge",
    "[Action] Give a friendly unit +1 Might this turn and [Stun] an enemy unit at its "
    "location.",
)

TEMPTATION = reviewed(
    JointChoice, "Temptation",
    "[Repeat] Move an enemy unit to a location where there's a unit with the same "
    "controller.",
)

SMOKE_AND_MIRRORS = reviewed(
    JointChoice, "Smoke and Mirrors",
    "[Hidden] [Action] Choose a unit you control and another unit you control at a "
    "different location. If at least one of them has [Temporary], move each to the "
    "other's location. Draw 1.",
)

ANGLE_SHOT = reviewed(
    JointChoice, "Angle Shot",
    "[Reaction] Choose a unit and an Equipment with the same controller. Attach that "
    "Equipment to that unit or detach that Equipment from that unit. Draw 1.",
)

FORGOTTEN_SIGNPOST = reviewed(
    JointChoice, "Forgotten Signpost",
    "[Action] Exhaust a unit you control, [Exhaust]: Move a different unit you control to "
    "the location of the unit you exhausted to pay for this ability.",
)

CALL_TO_BATTLE = reviewed(
    JointChoice, "Call to Battle",
    "Move a unit you control to a battlefield you control. Then, choose an opponent. They "
    "move a unit they control to the same battlefield.",
)

PIERCING_LIGHT = reviewed(
    JointChoice, "Piercing Light",
    "[Repeat] Deal 2 to a unit at a battlefield, then deal 2 to up to one other unit.",
)

CARDS = (CRESCENT_STRIKE, RESONATING_STRIKE, MOONFALL, BEDEVILING_STRANGER, DRAGONS_RAGE,
         ZENITH_BLADE, HEROIC_CHARGE, TEMPTATION, SMOKE_AND_MIRRORS, ANGLE_SHOT,
         FORGOTTEN_SIGNPOST, CALL_TO_BATTLE, PIERCING_LIGHT)

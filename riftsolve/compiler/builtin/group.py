"""Cards whose targets must meet a requirement together (CR 1.4 355.11), compiled from
their text (:mod:`riftsolve.compiler.card`), with the corrections a reviewer made.

Texts are the official card gallery's, reminder text left out. Decree of Discord is a
Vendetta card, absent from the gallery snapshot: its text is Riftcodex's.
"""

from __future__ import annotations

from riftsolve.compiler.card import reviewed
from riftsolve.rules.effects import Reach, Relation
from riftsolve.rules.effects.group import GroupSlot, GroupTargets

FOX_FIRE = reviewed(
    GroupTargets, "Fox-Fire",
    "[Hidden] [Action] Kill any number of units at a battlefield with total Might 4 or less.",
)

TRICKSY_TENTACLES = reviewed(
    GroupTargets, "Tricksy Tentacles",
    "Move any number of enemy units with the same controller and a total Might of 8 or less "
    "to a single location.",
)

DECREE_OF_DISCORD = reviewed(
    GroupTargets, "Decree of Discord",
    "Return any number of enemy Order units with total Might 5 or less to their owners' "
    "hands.",
    # verified: Vendetta VEN-107; its Order filter is the card's ("enemy Order units")
    text_source="Riftcodex, verified as Vendetta VEN-107 (not in the official gallery "
    "snapshot)",
)

BELLOWS_BREATH = reviewed(
    GroupTargets, "Bellows Breath",
    # [Repeat] 1 Energy + Mind: a second execution with choices of its own (820.2.a)
    "[Action] [Repeat] Deal 1 to up to three units at the same location.",
)

FACEBREAKER = reviewed(
    GroupTargets, "Facebreaker",
    "[Hidden] [Action] Stun a friendly unit and an enemy unit at the same battlefield.",
)

SWITCHEROO = reviewed(
    GroupTargets, "Switcheroo",
    "[Hidden] [Action] Swap the Might of two units at the same battlefield this turn.",
)

# Unleashed FAQ: "up to one enemy unit at each location" is the same as a separate choice
# for each location, each met on its own; a unit moved to another location becomes
# illegal. Its passive applies while its own play trigger resolves (142.4.c).
ELDER_DRAGON = reviewed(
    GroupTargets, "Elder Dragon",
    "When you play me, choose up to one enemy unit at each location. Deal 1 to them.\n"
    "Any amount of your damage is enough to kill enemy units.",
    # the card's play trigger is shown as its text, the passive beside it; the slot keeps
    # the name the scenarios use
    text="When you play me, choose up to one enemy unit at each location. Deal 1 to them.",
    slots=(GroupSlot("enemies", Relation.ENEMY, Reach.BOARD),),
)

EMPERORS_DIVIDE = reviewed(
    GroupTargets, "Emperor's Divide",
    "[Hidden] [Action] Move any number of friendly units at a battlefield to their base.",
)

# The end-of-turn Bomb tokens are a delayed trigger's: its battlefield is chosen when it
# is finalized at end of turn (355.5.b), not with the spell's targets.
HEXPLOSIVE_MINEFIELD = reviewed(
    GroupTargets, "Hexplosive Minefield",
    "[Action] Kill any number of friendly Bomb tokens. At end of turn, play that many Bomb "
    "tokens to a single battlefield.",
    text_source="riftboundfaq catalog (a card of a set after Vendetta)",
)

CARDS = (FOX_FIRE, TRICKSY_TENTACLES, DECREE_OF_DISCORD, BELLOWS_BREATH, FACEBREAKER,
         SWITCHEROO, ELDER_DRAGON, EMPERORS_DIVIDE, HEXPLOSIVE_MINEFIELD)

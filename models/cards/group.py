"""Cards whose targets must meet a requirement together (CR 1.4 355.11), as data.

Texts are the official card gallery's, reminder text left out. Decree of Discord is a
Vendetta card, absent from the gallery snapshot: its text is Riftcodex's.
"""

from __future__ import annotations

from riftsolve.models.effects import Action, GroupSlot, GroupTargets, Reach, Relation, Sharing

FOX_FIRE = GroupTargets(
    name="Fox-Fire",
    slug="fox-fire",
    text="[Hidden] [Action] Kill any number of units at a battlefield with total Might 4 "
    "or less.",
    action=Action.KILL,
    slots=(GroupSlot("units", Relation.ANY, Reach.BATTLEFIELD),),
    might_cap=4,
    sharing=Sharing.BATTLEFIELD,
    hidden=True,
)

TRICKSY_TENTACLES = GroupTargets(
    name="Tricksy Tentacles",
    slug="tricksy-tentacles",
    text="Move any number of enemy units with the same controller and a total Might of 8 or "
    "less to a single location.",
    action=Action.MOVE,
    slots=(GroupSlot("units", Relation.ENEMY, Reach.BOARD),),
    might_cap=8,
    same_controller=True,
    destination=True,
)

DECREE_OF_DISCORD = GroupTargets(
    name="Decree of Discord",
    slug="decree-of-discord",
    text="Return any number of enemy Order units with total Might 5 or less to their "
    "owners' hands.",
    action=Action.RETURN_TO_HAND,
    slots=(GroupSlot("units", Relation.ENEMY, Reach.BOARD, tags=("Order",)),),
    might_cap=5,
    text_source="Riftcodex (a Vendetta card: not in the official gallery snapshot)",
)

BELLOWS_BREATH = GroupTargets(
    name="Bellows Breath",
    slug="bellows-breath",
    text="[Action] [Repeat] Deal 1 to up to three units at the same location.",
    action=Action.DEAL,
    damage=1,
    slots=(GroupSlot("units", Relation.ANY, Reach.BOARD, most=3),),
    sharing=Sharing.LOCATION,
    # [Repeat] 1 Energy + Mind: a second execution with choices of its own (820.2.a)
    repeat=True,
)

FACEBREAKER = GroupTargets(
    name="Facebreaker",
    slug="facebreaker",
    text="[Hidden] [Action] Stun a friendly unit and an enemy unit at the same battlefield.",
    action=Action.STUN,
    slots=(GroupSlot("friendly", Relation.FRIENDLY, Reach.BATTLEFIELD, least=1, most=1),
           GroupSlot("enemy", Relation.ENEMY, Reach.BATTLEFIELD, least=1, most=1)),
    sharing=Sharing.BATTLEFIELD,
    hidden=True,
)

SWITCHEROO = GroupTargets(
    name="Switcheroo",
    slug="switcheroo",
    text="[Hidden] [Action] Swap the Might of two units at the same battlefield this turn.",
    action=Action.SWAP_MIGHT,
    slots=(GroupSlot("units", Relation.ANY, Reach.BATTLEFIELD, least=2, most=2),),
    sharing=Sharing.BATTLEFIELD,
    hidden=True,
)

ELDER_DRAGON = GroupTargets(
    name="Elder Dragon",
    slug="elder-dragon",
    text="When you play me, choose up to one enemy unit at each location. Deal 1 to them.",
    passive="Any amount of your damage is enough to kill enemy units.",
    action=Action.DEAL,
    damage=1,
    slots=(GroupSlot("enemies", Relation.ENEMY, Reach.BOARD),),
    # Unleashed FAQ: the same as a separate "up to one enemy unit at location L" for each
    # location, each met on its own; a unit moved to another location becomes illegal.
    per_place=1,
    # its passive applies while its own play trigger resolves (142.4.c; Unleashed FAQ)
    lethal_any=True,
)

CARDS = (FOX_FIRE, TRICKSY_TENTACLES, DECREE_OF_DISCORD, BELLOWS_BREATH, FACEBREAKER,
         SWITCHEROO, ELDER_DRAGON)

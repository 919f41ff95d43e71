"""Cards whose targets must meet a requirement together (CR 1.4 355.11), as data.

Decree of Discord's text is unverified: it is a Vendetta card, absent from the official
gallery snapshot, transcribed from third-party sources.
"""

from __future__ import annotations

from models.effects import GroupSlot, GroupTargets, Reach, Relation, Sharing

FOX_FIRE = GroupTargets(
    name="Fox-Fire",
    slug="fox-fire",
    text="[Hidden] [Action] Kill any number of units at a battlefield with total Might 4 "
    "or less.",
    verb="kill",
    slots=(GroupSlot("units", Relation.ANY, Reach.BATTLEFIELD),),
    might_cap=4,
    sharing=Sharing.BATTLEFIELD,
    hidden=True,
)

TRICKSY_TENTACLES = GroupTargets(
    name="Tricksy Tentacles",
    slug="tricksy-tentacles",
    text="Move any number of enemy units that share a single controller and have total "
    "Might 8 or less to one location.",
    verb="move",
    slots=(GroupSlot("units", Relation.ENEMY, Reach.BOARD),),
    might_cap=8,
    same_controller=True,
    destination=True,
)

DECREE_OF_DISCORD = GroupTargets(
    name="Decree of Discord",
    slug="decree-of-discord",
    # Unverified: Vendetta text transcribed by third parties, not the official gallery.
    text="Return any number of enemy Order units with total Might 5 or less to their "
    "owners' hands.",
    verb="return to hand",
    slots=(GroupSlot("units", Relation.ENEMY, Reach.BOARD, tags=("Order",)),),
    might_cap=5,
    verified=False,
)

BELLOWS_BREATH = GroupTargets(
    name="Bellows Breath",
    slug="bellows-breath",
    text="[Action] Deal 1 to up to three units at the same location.",
    verb="deal 1 to",
    slots=(GroupSlot("units", Relation.ANY, Reach.BOARD, most=3),),
    sharing=Sharing.LOCATION,
)

FACEBREAKER = GroupTargets(
    name="Facebreaker",
    slug="facebreaker",
    text="[Hidden] [Action] Stun a friendly unit and an enemy unit at the same battlefield.",
    verb="stun",
    slots=(GroupSlot("friendly", Relation.FRIENDLY, Reach.BATTLEFIELD, least=1, most=1),
           GroupSlot("enemy", Relation.ENEMY, Reach.BATTLEFIELD, least=1, most=1)),
    sharing=Sharing.BATTLEFIELD,
    hidden=True,
)

SWITCHEROO = GroupTargets(
    name="Switcheroo",
    slug="switcheroo",
    text="[Hidden] [Action] Swap the Might of two units at the same battlefield this turn.",
    verb="swap the Might of",
    slots=(GroupSlot("units", Relation.ANY, Reach.BATTLEFIELD, least=2, most=2),),
    sharing=Sharing.BATTLEFIELD,
    hidden=True,
)

ELDER_DRAGON = GroupTargets(
    name="Elder Dragon",
    slug="elder-dragon",
    text="When you play me, choose up to one enemy unit at each location. Deal 1 to each.",
    verb="deal 1 to",
    slots=(GroupSlot("enemies", Relation.ENEMY, Reach.BOARD),),
    # Unleashed FAQ: the same as a separate "up to one enemy unit at location L" for each
    # location, each met on its own; a unit moved to another location becomes illegal.
    per_place=1,
)

CARDS = (FOX_FIRE, TRICKSY_TENTACLES, DECREE_OF_DISCORD, BELLOWS_BREATH, FACEBREAKER,
         SWITCHEROO, ELDER_DRAGON)

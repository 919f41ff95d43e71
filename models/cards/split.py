"""Cards that split damage (CR 1.4 355.14): the only two in the official gallery."""

from __future__ import annotations

from riftsolve.models.effects import Pool, Relation, SplitDamage, Zone

ALPHA_STRIKE = SplitDamage(
    name="Alpha Strike",
    slug="alpha-strike",
    text=(
        "Choose a friendly unit. It deals damage equal to its Might split among enemy units "
        "at battlefields. Then for each unit this kills, do this: Gain 1 XP."
    ),
    pool=Pool.FRIENDLY_MIGHT,
    among=Relation.ENEMY,
    zone=Zone.BATTLEFIELDS,
    # The chosen unit deals the damage, not the spell (417.6.b.3), so Bonus Damage for
    # spells and abilities (715.3) does not raise the pool.
    bonus_applies=False,
    xp_per_kill=1,
)

VOLIBEAR_FURIOUS = SplitDamage(
    name="Volibear, Furious",
    slug="volibear-furious",
    text=(
        "[Deflect 2]. When I attack, deal 5 damage split among any number of enemy units here."
    ),
    pool=Pool.FIXED,
    amount=5,
    among=Relation.ENEMY,
    zone=Zone.HERE,
    bonus_applies=True,
)

CARDS = (ALPHA_STRIKE, VOLIBEAR_FURIOUS)

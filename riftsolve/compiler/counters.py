"""Cards that counter a spell or ability by what it chooses: "Counter an enemy spell or
ability that chooses a friendly unit or gear." (Not So Fast), "Choose a friendly unit at a
battlefield. Counter an enemy spell or ability that chooses it and no other friendly unit."
(Repulse).

A spell or ability on the Chain is an object a spell may choose (355.9.a.2); what it
chooses is the scenario's (an object's ``chooses``). The countered spell or ability is a
target (355.7); countering it is an outcome not modelled.

>>> effect = countering("Not So Fast", "Counter an enemy spell or ability that chooses a "
...                     "friendly unit or gear.")
>>> [(p.kind, p.also, p.choosing) for p in effect.picks]
[('spell', 'ability', 'friendly')]
"""

from __future__ import annotations

import re

from riftsolve.rules.effects import Action, Link, Reach, Relation
from riftsolve.rules.effects.joint import Deed, JointChoice, Linked, Pick

#: "Counter an enemy spell or ability that chooses a friendly unit or gear."
_ANY_FRIENDLY = re.compile(r"(?i)\bcounter an enemy spell or ability that chooses a friendly "
                           r"unit or gear\.")
#: "Choose a friendly unit at a battlefield. Counter an enemy spell or ability that chooses
#: it and no other friendly unit."
_ONLY_IT = re.compile(r"(?i)\bchoose a friendly unit at a battlefield\. counter an enemy "
                      r"spell or ability that chooses it and no other friendly unit\.")


def is_countering(text: str) -> bool:
    """Whether ``text`` counters a spell or ability by what it chooses (a shape read here)."""
    return bool(_ANY_FRIENDLY.search(text) or _ONLY_IT.search(text))


def countering(name: str, text: str, slug: str = "") -> JointChoice:
    """The joint choice of such a card: the enemy spell or ability countered (a target,
    355.9.a.2), and for Repulse first the friendly unit it must choose alone."""
    counter = Deed("countered", Action.AFFECT, label="counter")
    if _ONLY_IT.search(text):
        unit = Pick("friendly", "unit", Relation.FRIENDLY, reach=Reach.BATTLEFIELD)
        spell = Pick("countered", "spell", Relation.ENEMY, also="ability")
        # (the counter reads the unit: with it no longer a legal target, Ignored, 359.3.e.12)
        return JointChoice(name=name, text=text, picks=(unit, spell),
                           links=(Linked("countered", Link.CHOOSES_ONLY, "friendly"),),
                           deeds=(Deed("countered", Action.AFFECT, label="counter",
                                       with_pick="friendly"),), slug=slug)
    spell = Pick("countered", "spell", Relation.ENEMY, also="ability", choosing="friendly")
    return JointChoice(name=name, text=text, picks=(spell,), deeds=(counter,), slug=slug)

"""The card library, registered by name and slug.

>>> card("ALPHA STRIKE").slug
'alpha-strike'
>>> card("volibear-furious").name
'Volibear, Furious'
>>> [c.slug for c in library()][:3]
['alpha-strike', 'volibear-furious', 'fox-fire']
"""

from __future__ import annotations

import re

from riftsolve.models.cards.group import CARDS as GROUP_CARDS
from riftsolve.models.cards.split import CARDS as SPLIT_CARDS
from riftsolve.models.effects import Effect


def slugify(name: str) -> str:
    """``'Volibear, Furious'`` -> ``'volibear-furious'``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


_REGISTRY: dict[str, Effect] = {}
for _card in (*SPLIT_CARDS, *GROUP_CARDS):
    _REGISTRY[_card.slug] = _card


def library() -> tuple[Effect, ...]:
    """Every card of the library."""
    return tuple(_REGISTRY.values())


def card(name: str) -> Effect:
    """The library card with this name (any case) or slug; ``KeyError`` if unknown."""
    return _REGISTRY[slugify(name)]

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
from pathlib import Path

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


def card(name: str, folder: str | Path | None = None) -> Effect:
    """The card with this name (any case) or slug: the built-in library's, else the user
    library's in ``folder`` (default :func:`~riftsolve.models.cards.store.default_folder`);
    ``KeyError`` if unknown."""
    slug = slugify(name)
    if slug in _REGISTRY:
        return _REGISTRY[slug]
    return user_library(folder)[slug]


def user_library(folder: str | Path | None = None) -> dict[str, Effect]:
    """The cards of the user library in ``folder`` (default: the default folder), by slug;
    read once per file version."""
    from riftsolve.models.cards import store

    path = Path(folder) if folder is not None else store.default_folder()
    target = path / store.FILE
    try:
        version = target.stat().st_mtime_ns
    except OSError:
        return {}
    key = (str(target), version)
    if key not in _USER:
        _USER.clear()
        _USER[key] = store.read_library(path)
    return _USER[key]


_USER: dict[tuple[str, int], dict[str, Effect]] = {}

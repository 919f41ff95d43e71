"""The card library, registered by name and slug.

The cards are the compiler's reading of their texts with a reviewer's corrections
(:mod:`riftsolve.compiler.builtin`, a module per family); what that gives is kept in
``library.json`` (written by ``python -m riftsolve.compiler.builtin.snapshot``, the
families in the order of their modules' names; a test checks it is the texts compiled
now), read here at start-up, so that a question does not compile its texts first.

>>> card("ALPHA STRIKE").slug
'alpha-strike'
>>> card("volibear-furious").name
'Volibear, Furious'
>>> [c.slug for c in library()][:3]
['fox-fire', 'tricksy-tentacles', 'decree-of-discord']
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

from riftsolve._json import JSON
from riftsolve.cards.store import Library, effect_from_json
from riftsolve.cards.store import slugify as slugify
from riftsolve.rules.effects import Effect

if TYPE_CHECKING:  # (pathlib is not imported to answer a question)
    from pathlib import Path

#: The compiled library's folder, as ``python -m riftsolve.compiler.builtin.snapshot``
#: writes it.
SNAPSHOT = os.path.dirname(os.path.realpath(__file__))


class _Snapshot:
    """The built-in library, its file read once and each card decoded when first asked
    for: a question about one card decodes that card alone, and loads its family alone.
    The file is the snapshot a test holds to the texts compiled now."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._entries: dict[str, JSON] | None = None
        self._decoded: dict[str, Effect] = {}

    def _index(self) -> dict[str, JSON]:
        """Each card's stored effect, by slug."""
        if self._entries is None:
            with open(self._path, encoding="utf-8") as stream:
                cards = json.load(stream)["cards"]
            self._entries = {entry["effect"]["fields"]["slug"]: entry["effect"]
                             for entry in cards}
        return self._entries

    def __contains__(self, slug: object) -> bool:
        return slug in self._index()

    def get(self, slug: str) -> Effect | None:
        """The card of ``slug``, decoded, or ``None``."""
        found = self._decoded.get(slug)
        stored = self._index().get(slug) if found is None else None
        if isinstance(stored, dict):
            found = self._decoded[slug] = effect_from_json(stored)
        return found

    def __getitem__(self, slug: str) -> Effect:
        found = self.get(slug)
        if found is None:
            raise KeyError(slug)
        return found

    def values(self) -> tuple[Effect, ...]:
        """Every card, in the file's order."""
        return tuple(self[slug] for slug in self._index())


_REGISTRY = _Snapshot(os.path.join(SNAPSHOT, "library.json"))


def library() -> tuple[Effect, ...]:
    """Every card of the library."""
    return _REGISTRY.values()


def card(name: str, folder: str | Path | None = None) -> Effect:
    """The card with this name (any case) or slug: the built-in library's, else the user
    library's in ``folder`` (default :func:`~riftsolve.cards.store.default_folder`),
    found by its name or by an alias (``"Ziggs, Hexplosives Expert"`` or ``"Ziggs -
    Hexplosives Expert"`` for the legend stored as ``"Hexplosives Expert"``, the name it
    keeps); the user library's wins when an erratum gave it a newer text
    (:func:`shadows`); ``KeyError`` if unknown."""
    found = _lookup(slugify(name), folder)
    if found is None:
        raise KeyError(name)
    return found


def _lookup(slug: str, folder: str | Path | None) -> Effect | None:
    """The card :func:`card` finds by ``slug``, else ``None``."""
    mine = user_library(folder)
    if slug in _REGISTRY:
        own = mine.get(slug)
        return own if own is not None and shadows(own) else _REGISTRY[slug]
    return mine.find(slug)


def shadows(effect: Effect) -> bool:
    """Whether ``effect``, an imported card, replaces the built-in card of its name: its
    text is an erratum's, newer than the built-in one's (a scenario naming the card is
    warned of it)."""
    built = _REGISTRY.get(effect.slug or slugify(effect.name))
    return built is not None and built is not effect and built.text != effect.text and (
        effect.text_source.startswith("an errata overlay"))


def abilities_of(name: str, folder: str | Path | None = None) -> list[str]:
    """The names of the effects of a card with several abilities that choose (``"Zaun Punk,
    ability 1"``, ...), each its own question; empty for any other name."""
    slug = slugify(name)
    return [e.name for number in range(1, 10)
            if (e := _lookup(f"{slug}-ability-{number}", folder)) is not None]


def user_library(folder: str | Path | None = None) -> Library:
    """The cards of the user library in ``folder`` (default: the default folder), by slug,
    with their aliases; read once per file version."""
    from riftsolve.cards import store

    path = os.fspath(folder) if folder is not None else store.default_folder_name()
    target = os.path.join(path, store.FILE)
    try:
        version = os.stat(target).st_mtime_ns
    except OSError:
        return Library()
    key = (target, version)
    if key not in _USER:
        _USER.clear()
        _USER[key] = store.read_library(path)
    return _USER[key]


_USER: dict[tuple[str, int], Library] = {}

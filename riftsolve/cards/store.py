"""A user's card library on disk: compiled effects as JSON, and where it is looked up.

``riftsolve cards import`` writes ``cards.json`` in a folder: every card it compiled, by
name, with its text, its effect's data and the other names it answers to (``"aliases"``:
a legend's ``"Ziggs, Hexplosives Expert"``; a file without them still reads). A scenario
then names any of those cards (``"card": "Singularity"``), from the folder given with
``--cards DIR`` or, by default, ``$RIFTSOLVE_CARDS`` if set, else
``$XDG_DATA_HOME/riftsolve/cards`` (``~/.local/share/riftsolve/cards``). The built-in
library's cards, reviewed by hand, come first.

>>> from riftsolve.cards import card
>>> alpha = card("Alpha Strike")
>>> effect_from_json(effect_to_json(alpha)) == alpha
True
>>> effect_to_json(card("Fox-Fire"))["family"]
'group'
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeAlias

from riftsolve._json import JSON, JSONOut, JSONOutDoc
from riftsolve.rules.effects import Action, Effect, Link, Pool, Reach, Relation, Sharing, Zone

if TYPE_CHECKING:  # (pathlib is imported to write or read a library, not to ask a question)
    from pathlib import Path

#: The file a library folder holds.
FILE = "cards.json"
#: Enumerations among the effects' fields, by field name.
_ENUMS: dict[str, type[Enum]] = {"pool": Pool, "among": Relation, "zone": Zone,
                                 "action": Action, "sharing": Sharing, "reach": Reach}


def slugify(name: str) -> str:
    """``'Volibear, Furious'`` -> ``'volibear-furious'``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


class LibraryError(ValueError):
    """A card library file that cannot be read; the message names the file and card."""


class Library(dict[str, Effect]):
    """A card library's effects by slug, and ``aliases``: the slug of each other name a
    card answers to, with the slug of that card.

    >>> from riftsolve.cards import card
    >>> mine = Library({"fox-fire": card("Fox-Fire")}, {"ahri-fox-fire": "fox-fire"})
    >>> mine.find("ahri-fox-fire") is mine.find("fox-fire") is mine["fox-fire"]
    True
    >>> mine.find("ahri") is None
    True
    """

    def __init__(self, effects: Mapping[str, Effect] | None = None,
                 aliases: Mapping[str, str] | None = None) -> None:
        super().__init__(effects or {})
        self.aliases: dict[str, str] = dict(aliases or {})

    def find(self, slug: str) -> Effect | None:
        """The card whose slug, else one of whose aliases' slugs, is ``slug``."""
        found = self.get(slug)
        return found if found is not None else self.get(self.aliases.get(slug, ""))


#: A field of an effect as stored, JSON's arrays (at any depth) as tuples.
Frozen: TypeAlias = "str | int | float | bool | tuple[Frozen, ...] | dict[str, JSON] | None"


def _plain(value: object) -> JSONOut:
    """A field of an effect as JSON data: an enum by its value, a frozen record by its
    fields, a tuple as a list."""
    if isinstance(value, Enum):
        stored: JSONOut = value.value
        return stored
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, str | int | float) or value is None:
        return value
    raise TypeError(f"a {type(value).__name__} is not stored in a card library")


def effect_to_json(effect: Effect) -> JSONOutDoc:
    """An effect as JSON data: its family and every field."""
    from riftsolve.rules.families import registration_of  # (the families read the cards)

    try:
        found = registration_of(effect)
    except KeyError:
        found = None
    if found is None or not found.stored:
        raise LibraryError(f"{effect.name}: a {type(effect).__name__} is not stored in a "
                           "card library")
    return {"family": found.name, "fields": _plain(effect)}


def effect_from_json(data: Mapping[str, Any]) -> Effect:
    """The effect stored as ``data`` (see :func:`effect_to_json`)."""
    from riftsolve.rules.families import named  # (the families read the cards)

    found = named(data["family"]) if isinstance(data["family"], str) else None
    if found is None or not found.stored:
        raise LibraryError(f"a family named {data['family']!r} is not stored in a card library")
    kind = found.effect
    fields = dict(data["fields"])
    for name, enum in _ENUMS.items():
        if name in fields:
            fields[name] = enum(fields[name])
    if "slots" in fields:  # (a group's: its spec's module is imported with its first card)
        from riftsolve.rules.effects.group import GroupSlot

        fields["slots"] = tuple(
            GroupSlot(**{**slot, "among": Relation(slot["among"]),
                         "reach": Reach(slot["reach"]), "tags": tuple(slot["tags"]),
                         "kinds": tuple(slot.get("kinds", ("unit",))),
                         "states": tuple(slot.get("states", ()))})
            for slot in fields["slots"])
    if "picks" in fields:  # (a joint choice's)
        from riftsolve.rules.effects.joint import Deed, Linked, Pick

        fields["picks"] = tuple(
            Pick(**{**pick, "among": Relation(pick["among"]), "reach": Reach(pick["reach"]),
                    "tags": tuple(pick["tags"]), "tags_any": tuple(pick.get("tags_any", ())),
                    "tags_none": tuple(pick.get("tags_none", ())),
                    "choices": tuple(pick.get("choices", ()))})
            for pick in fields["picks"])
        fields["links"] = tuple(Linked(lk["pick"], Link(lk["link"]), lk["to"],
                                       lk.get("via", ""), lk.get("specified", False))
                                for lk in fields["links"])
        fields["deeds"] = tuple(Deed(**{**deed, "action": Action(deed["action"]),
                                        "among": Relation(deed.get("among", "enemy"))})
                                for deed in fields["deeds"])
    if "unsaid" in fields:
        fields["unsaid"] = tuple(fields["unsaid"])
    if "unsaid_modes" in fields:
        fields["unsaid_modes"] = tuple((int(n), str(t)) for n, t in fields["unsaid_modes"])
    # any other list is a tuple of the frozen record it was written from (a family's own
    # fields: an effect is hashable, cached by value)
    effect: Effect = kind(**{name: _frozen(value) for name, value in fields.items()})
    return effect


def _frozen(value: JSON) -> Frozen:
    """``value`` with every list (at any depth) a tuple: JSON's arrays as the frozen
    records' tuples.

    >>> _frozen([["r1", 1], ["r2", 2]]), _frozen({"a": [1]}), _frozen("unit")
    ((('r1', 1), ('r2', 2)), {'a': [1]}, 'unit')
    """
    return tuple(_frozen(item) for item in value) if isinstance(value, list) else value


def _entry(effect: Effect, aliases: Iterable[str]) -> JSONOutDoc:
    """A library file's entry for ``effect``: its name, text and data, and its aliases if
    it has any."""
    entry: JSONOutDoc = {"name": effect.name, "text": effect.text,
                         "effect": effect_to_json(effect)}
    names = list(aliases)
    return {**entry, "aliases": names} if names else entry


def write_library(folder: str | Path, effects: Iterable[Effect], file: str = FILE, *,
                  aliases: Mapping[str, Iterable[str]] | None = None) -> Path:
    """Write ``effects`` as the card library of ``folder`` (created if need be), each
    with the other names ``aliases`` gives it (by effect name); the path of the file
    written."""
    from pathlib import Path

    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    names = aliases or {}
    cards = [_entry(e, names.get(e.name, ())) for e in effects]
    target = path / file
    target.write_text(json.dumps({"format": 1, "cards": cards}, indent=1,
                                 ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def _aliases(entry: Mapping[str, JSON]) -> list[str]:
    """An entry's ``"aliases"`` (none in a file written before them)."""
    names = entry.get("aliases", [])
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise TypeError(f"aliases: a list of names, not {names!r}")
    return [name for name in names if isinstance(name, str)]


def read_library(folder: str | Path, file: str = FILE) -> Library:
    """The cards of the library in ``folder``, by slug, and their aliases (empty if it
    has none)."""
    from pathlib import Path

    target = Path(folder) / file
    if not target.is_file():
        return Library()
    try:
        document = json.loads(target.read_text(encoding="utf-8"))
        cards = document["cards"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise LibraryError(f"{target}: not a card library ({error})") from None
    found = Library()
    for index, entry in enumerate(cards):
        try:
            effect, names = effect_from_json(entry["effect"]), _aliases(entry)
        except (KeyError, TypeError, ValueError) as error:
            name = entry.get("name") if isinstance(entry, Mapping) else None
            raise LibraryError(f"{target}: card {index} ({name!r}) cannot be read: "
                               f"{error}") from None
        found[effect.slug] = effect
        found.aliases.update(dict.fromkeys(map(slugify, names), effect.slug))
    return found


def default_folder() -> Path:
    """Where a user's card library is looked up without ``--cards``:
    ``$RIFTSOLVE_CARDS``, else ``riftsolve/cards`` in ``$XDG_DATA_HOME`` (by default
    ``~/.local/share``)."""
    from pathlib import Path

    return Path(default_folder_name())


def default_folder_name() -> str:
    """:func:`default_folder` as a string, without pathlib (what a question reads).

    >>> import os
    >>> saved = os.environ.pop("RIFTSOLVE_CARDS", None)
    >>> os.environ["RIFTSOLVE_CARDS"] = "/cards/here"
    >>> default_folder_name(), str(default_folder())
    ('/cards/here', '/cards/here')
    >>> _ = os.environ.pop("RIFTSOLVE_CARDS")
    >>> _ = saved is None or os.environ.update(RIFTSOLVE_CARDS=saved)
    """
    chosen = os.environ.get("RIFTSOLVE_CARDS")
    if chosen:
        return chosen
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share")
    return os.path.join(data, "riftsolve", "cards")


def iter_names(library: Mapping[str, Effect]) -> Iterator[str]:
    """The names of a library's cards, sorted."""
    return iter(sorted(e.name for e in library.values()))

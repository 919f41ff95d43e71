"""Readers for published Riftbound card dumps: one record type and one text form.

riftsolve ships no card data. A user supplies a dump at run time, in one of the shapes
people publish:

* the official gallery's own page data (``"gallery-page"``): the card items of its
  Next.js page data (``{"props": {"pageProps": {"page": {"blades": [..., {"cards":
  {"items": [...]}}]}}}}``, or without ``"props"``), of its publishing-content list
  response (``{"items": [...]}``) or a bare array of them, each with ``name`` and
  ``subtitle`` (a unit's ``"Kai'Sa"`` + ``"Survivor"`` is ``"Kai'Sa, Survivor"``, 132.4),
  ``cardType``, ``domain`` and ``set`` objects, ``text.richText.body`` (HTML) and
  ``energy``/``might``/``power`` as ``{"value": {"id": "3"}}``;
* a JSON scraped from the official gallery (``"gallery"``): an object whose ``"cards"``
  list holds rows with ``id``, ``abilityText`` and string numbers (``"6"``, ``""`` for
  none);
* the Riftcodex API (``"riftcodex"``): a JSON array of rows with ``riftbound_id`` and
  ``text.rich`` (HTML) / ``text.plain``, names like ``"Volibear - Furious (Metal)"``;
* the riftboundfaq catalog (``"catalog"``): a JSON array of rows with ``abilities`` and
  ``effects``, symbols written ``[Might]``, ``[Universal]``, ``[Fury]``;
* a set preview (``"preview"``): a JSON object with ``set_id`` and a ``"cards"`` list of
  rows with ``riftbound_id``, ``types`` and a ``text`` transcribed from card scans
  (``{1 energy}``, a bare ``Exhaust``, sentences glued after reminder text).

Each is read into :class:`CardRecord` with the ability text in one normal form, so the
same card reads the same whatever the source:

>>> gallery = {"updatedAt": "2026-03-28", "cards": [{
...     "id": "ogn-900-300", "name": "Ember Pup", "setId": "OGN", "cardTypes": ["Unit"],
...     "superTypes": [], "domains": ["Fury"], "tags": [], "energy": "2", "might": "2",
...     "power": "", "abilityText": "[Tank] (I must be assigned combat damage first.)\\n"
...     ":rb_exhaust:: Give me +1 :rb_might: this turn."}]}
>>> codex = [{"name": "Ember Pup", "riftbound_id": "ogn-900-300",
...     "attributes": {"energy": 2, "might": 2, "power": None},
...     "classification": {"type": "Unit", "supertype": None, "domain": ["Fury"]},
...     "text": {"rich": "<p>[Tank] (I must be assigned combat damage first.)<br />"
...                      ":rb_exhaust:: Give me +1 :rb_might: this turn.</p>", "plain": ""},
...     "set": {"set_id": "OGN"}, "tags": [], "metadata": {"updated_on": "2026-07-10"}}]
>>> catalog = [{"name": "Ember Pup", "energyCost": 2, "powerCost": None, "might": 2,
...     "domains": ["Fury"], "cardTypes": ["Unit"], "superTypes": [], "tags": [],
...     "abilities": "[Tank] (I must be assigned combat damage first.)\\n"
...                  "[Exhaust]: Give me +1 [Might] this turn.", "effects": None}]
>>> page = {"items": [{"id": "ogn-900-300", "name": "Ember Pup", "subtitle": None,
...     "set": {"value": {"id": "OGN"}}, "cardType": {"type": [{"label": "Unit"}]},
...     "domain": {"values": [{"id": "fury", "label": "Fury"}]},
...     "text": {"richText": {"type": "html", "body": codex[0]["text"]["rich"]}},
...     "energy": {"value": {"id": "2"}}, "might": {"value": {"id": "2"}}, "power": None}]}
>>> [read_dump(dump)[0].text for dump in (gallery, codex, catalog, page)] == [
...     "[Tank] (I must be assigned combat damage first.)\\n"
...     "[Exhaust]: Give me +1 [Might] this turn."] * 4
True
>>> card = distinct(read_dump(gallery) + read_dump(codex) + read_dump(catalog))
>>> [(c.name, c.source, c.might, c.updated) for c in card]
[('Ember Pup', 'gallery', 2, '2026-03-28')]

Official errata come as an overlay of old/new texts (:func:`read_errata`) applied with
:func:`apply_errata`. Everything here is the standard library; a malformed dump raises
:class:`DumpError` with one line naming the record and the field at fault.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from enum import Enum
from itertools import pairwise
from pathlib import Path
from typing import Final, TypedDict, Unpack

from riftsolve._json import JSON
from riftsolve.rules.limits import (
    MAX_CARD_TEXT,
    MAX_CARDS,
    MAX_DUMP_BYTES,
    JsonError,
    read_json,
)


class DumpError(ValueError):
    """A dump (or errata overlay) that cannot be read: one line naming what is wrong."""


@dataclass(frozen=True)
class CardRecord:
    """One print of a card as a dump gives it, in riftsolve's normal form.

    ``name`` is the display name (``"Volibear, Furious"``; a legend by its title,
    ``"Daughter of the Void"``), without print-variant suffixes; ``aliases`` are the other
    names the dump gives the card (a legend's ``"Kai'Sa, Daughter of the Void"`` when its
    name says both). ``text`` is the ability text in the normal form of
    :func:`normal_text`; ``""`` for none. ``print_id`` and ``set_id`` are ``None`` for the
    catalog, which has neither; ``updated`` is the data date the shape states (gallery
    header, Riftcodex row), else ``None``.
    """

    name: str
    text: str
    types: tuple[str, ...]
    supertypes: tuple[str, ...]
    tags: tuple[str, ...]
    domains: tuple[str, ...]
    might: int | None
    energy: int | None
    power: int | None
    print_id: str | None
    set_id: str | None
    source: str
    updated: str | None
    #: Whether an errata overlay's new text replaced the printed one (:func:`apply_errata`).
    errata: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Every name this card answers to, its own first: its aliases, and for a legend
        ``"<champion>, <title>"`` for each tag (so ``"Kai'Sa, Daughter of the Void"`` names
        the legend a gallery scrape calls ``"Daughter of the Void"``).

        >>> legend = CardRecord("Daughter of the Void", "", ("Legend",), (), ("Kai'Sa",),
        ...                     ("Fury", "Mind"), None, None, None, None, None, "catalog", None)
        >>> legend.names
        ('Daughter of the Void', "Kai'Sa, Daughter of the Void")
        """
        names = [self.name, *self.aliases]
        if "Legend" in self.types:
            names += [f"{tag}, {self.name}" for tag in self.tags]
        return tuple(dict.fromkeys(names))

    @property
    def name_keys(self) -> tuple[str, ...]:
        """The :func:`name_key` of each of :attr:`names`.

        >>> CardRecord("Daughter of the Void", "", ("Legend",), (), ("Kai'Sa",), (), None,
        ...            None, None, None, None, "catalog", None).name_keys
        ('daughter of the void', 'kai sa daughter of the void')
        """
        return tuple(dict.fromkeys(key for key in map(name_key, self.names) if key))

    def aliases_of(self, effect: str) -> tuple[str, ...]:
        """The other names of this card's effect named ``effect``: the card's name, or it
        with a suffix (``", ability 2"``, ``", Level 6"``) that each other name then has.

        >>> legend = CardRecord("Hexplosives Expert", "", ("Legend",), (), ("Ziggs",), (),
        ...                     None, None, None, None, None, "catalog", None)
        >>> legend.aliases_of("Hexplosives Expert, ability 2")
        ('Ziggs, Hexplosives Expert, ability 2',)
        >>> legend.aliases_of("Another Card")
        ()
        """
        if not effect.startswith(self.name):
            return ()
        return tuple(name + effect[len(self.name):] for name in self.names[1:])


# --------------------------------------------------------------------------- names

#: Print-variant suffixes (Riftcodex ``(Alternate Art)``, ``(Metal)``...; a token's art
#: code or collector number, gallery ``Recruit (DE)``, Riftcodex ``Recruit (271)``).
_VARIANT = re.compile(
    r"\s*\((?:Alternate Art|Overnumbered|Metal|Starter|Signature|Launch Exclusive|GG EZ"
    r"|Ultimate|\d+|[A-Z]{2})\)\s*$")
#: A starter legend: gallery ``"Dark Child - Starter"``, the errata's ``"Dark Child, Starter"``.
_STARTER = re.compile(r"\s*(?: -|,)\s*Starter\s*$")


def display_name(raw: str, legend: bool = False) -> str:
    """The canonical display name of a dump's ``name``: variant suffixes and the back face
    of a double-faced token dropped, ``"A - B"`` written ``"A, B"``, a legend by its title.

    >>> display_name("Volibear - Furious (Alternate Art)")
    'Volibear, Furious'
    >>> display_name("Kai'Sa - Daughter of the Void (Metal)", legend=True)
    'Daughter of the Void'
    >>> display_name("Dark Child - Starter", legend=True), display_name("Gold // Buff")
    ('Dark Child', 'Gold')
    """
    name = " ".join(raw.replace("\u2019", "'").split()).split(" // ")[0]
    previous = None
    while previous != name:
        previous = name
        name = _STARTER.sub("", _VARIANT.sub("", name))
    if " - " in name:
        head, tail = name.split(" - ", 1)
        name = tail if legend else f"{head}, {tail}"
    return name


def name_key(name: str) -> str:
    """The key names are matched on: :func:`display_name` (not knowing the card type),
    accents dropped, lowercase, every run of other characters one space.

    ``"Yi, Honed"`` and ``"Master Yi, Honed"`` keep different keys: names alone do not say
    they are one card (:func:`distinct` joins them only through a shared print id), and a
    legend named ``"Champion, Title"`` matches its record through
    :attr:`CardRecord.name_keys`.

    >>> name_key("Janna - Savior"), name_key("Janna, Savior"), name_key("Ride The Wind")
    ('janna savior', 'janna savior', 'ride the wind')
    >>> name_key("Kai\u2019Sa - Daughter of the Void (Overnumbered)")
    'kai sa daughter of the void'
    """
    text = unicodedata.normalize("NFKD", display_name(name))
    text = "".join(char for char in text if not unicodedata.combining(char))
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


# --------------------------------------------------------------------------- text

#: Keywords a dump sometimes writes without brackets at the start of a line
#: (``Ganking (I can move...)``, ``Equip [1] (...)``).
_KEYWORDS = (
    "Accelerate", "Action", "Ambush", "Assault", "Backline", "Burn", "Deathknell", "Deflect",
    "Deploy", "Disarm", "Empower", "Equip", "Flow", "Ganking", "Hidden", "Hunt", "Legion",
    "Level", "Predict", "Quick-Draw", "Reaction", "Repeat", "Shield", "Show Off", "Tank",
    "Temporary", "Unique", "Vision", "Weaponmaster")
_BARE_KEYWORD = re.compile(r"^(" + "|".join(_KEYWORDS) + r")( \d+)?(?= [(\[]| - |$)")
_PUNCTUATION = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                              "\u00a0": " ", "\r": ""})
#: A sentence end glued to the next sentence (a dropped line break): ``battlefield.Stun``,
#: ``ability.)When``; ``B.F. Sword`` is left alone.
_GLUED = re.compile(r"(?<=[a-z0-9\]][.!?])(?=[A-Z\[])|(?<=[.!?][)\"])(?=[A-Z\[])")
#: A line that announces a list (``Choose one -``, ``...based on its domain:``).
_LIST_HEADER = re.compile(r"[-\u2014\u2013:]\s*$")
_DOMAINS = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")


def bracket_symbols(text: str) -> str:
    """``:rb_*:`` symbols (gallery, Riftcodex) in bracket form."""
    text = text.replace(":rb_might:", "[Might]").replace(":rb_exhaust:", "[Exhaust]")
    text = text.replace(":rb_rune_rainbow:", "[Universal]")
    text = re.sub(r":rb_rune_([a-z]+):", lambda m: f"[{m.group(1).capitalize()}]", text)
    return re.sub(r":rb_energy_(\d+):", r"[\1]", text)


def _keyword(match: re.Match[str]) -> str:
    return f"[{match.group(1)}{match.group(2) or ''}]"


def normal_text(text: str) -> str:
    """Text already split into lines, in the normal form: symbols in brackets (``[Might]``,
    ``[2]``, ``[Fury]``, ``[Universal]``, ``[Exhaust]``), every dash ``" - "``, straight
    quotes, one space between words, no empty line, bare line-initial keywords bracketed,
    ``""`` for ``[NO TEXT]``.

    >>> normal_text("[Repeat] \u2014 :rb_energy_1::rb_rune_rainbow:  (Pay it.)\\n\\nHidden (Hide.)")
    '[Repeat] - [1][Universal] (Pay it.)\\n[Hidden] (Hide.)'
    >>> normal_text("[NO TEXT]")
    ''
    """
    text = bracket_symbols(text).translate(_PUNCTUATION).replace("[ADD]", "[Add]")
    text = re.sub(r"[ \t]*[\u2014\u2013][ \t]*", " - ", text)
    lines = (" ".join(line.split()) for line in text.split("\n"))
    text = "\n".join(_BARE_KEYWORD.sub(_keyword, line) for line in lines if line)
    return "" if text == "[NO TEXT]" else text


def _unglue(line: str) -> list[str]:
    """A line whose sentences lost their breaks, one sentence group per item."""
    return [part.strip() for part in _GLUED.split(line) if part.strip()]


def gallery_text(raw: str) -> str:
    """Gallery ``abilityText`` in normal form. A blank line starts either a list whose
    items are glued (after a line ending ``-`` or ``:``: one ``"- "`` line per item), or
    an Equipment's granted text (a new line).

    >>> print(gallery_text("Choose one -\\n\\nDeal 2 to a unit.Kill a gear."))
    Choose one -
    - Deal 2 to a unit.
    - Kill a gear.
    >>> gallery_text("[Equip] :rb_rune_calm: (Attach.)\\n\\n[Tank] (Hit me first.)")
    '[Equip] [Calm] (Attach.)\\n[Tank] (Hit me first.)'
    """
    lines: list[str] = []
    for block in re.split(r"\n[ \t]*\n", bracket_symbols(raw)):
        first, *rest = block.strip().split("\n")
        if not first:
            continue
        if lines and _LIST_HEADER.search(lines[-1]):
            lines += ["- " + item for item in _unglue(first)]
        else:
            lines.append(first)
        lines += rest
    return normal_text("\n".join(lines))


def html_text(body: str) -> str:
    """An HTML ability text (Riftcodex ``text.rich``, the gallery page's ``richText``) in
    normal form: ``<br />`` and ``</p><p>`` are line breaks, ``<li>`` a ``"- "`` line,
    other tags dropped, entities unescaped, ``:rb_*:`` symbols in brackets.

    >>> print(html_text("<p>[Level 6][&gt;] Hi.<br />Choose one \u2014</p>"
    ...                 "<ul><li>Draw 1.</li><li>Kill a <em>gear</em>.</li></ul>"))
    [Level 6][>] Hi.
    Choose one -
    - Draw 1.
    - Kill a gear.
    """
    text = re.sub(r"(?i)<br\s*/?>|</p\s*>\s*<p\b[^>]*>", "\n", body)
    text = re.sub(r"(?i)<li\b[^>]*>", "\n- ", text)
    text = re.sub(r"(?i)</li\s*>|</?[uo]l\b[^>]*>|</?p\b[^>]*>", "\n", text)
    return normal_text(html.unescape(re.sub(r"<[^>]*>", "", text)))


def riftcodex_text(rich: str, plain: str = "") -> str:
    """Riftcodex text in normal form, from ``rich`` (:func:`html_text`); from ``plain``
    only when ``rich`` is empty, restoring the breaks ``plain`` drops where a sentence end
    is glued to the next one (items after a glued ``-``/``:`` become a list).

    >>> print(riftcodex_text("", "[Level 6][&gt;] Hi.Choose one \u2014Draw 1.Kill a gear."))
    [Level 6][>] Hi.
    Choose one -
    - Draw 1.
    - Kill a gear.
    """
    if rich.strip():
        return html_text(rich)
    lines: list[str] = []
    for line in bracket_symbols(html.unescape(plain)).split("\n"):
        head, *items = re.split(r"(?<=[\u2014\u2013:])(?=[A-Z\[])", line, maxsplit=1)
        lines += _unglue(head) + ["- " + item for item in _unglue("".join(items))]
    return normal_text("\n".join(lines))


def preview_text(raw: str) -> str:
    """A preview dump's transcribed ``text`` in normal form: ``{1 energy}`` is ``[1]``,
    ``{1 power}`` ``[Universal]`` (a rune of any domain), a cost's bare ``Exhaust`` is
    ``[Exhaust]``, and sentences glued after reminder text are lines again.

    >>> print(preview_text("{1 energy}, Exhaust: Play a Bomb gear token. (It has [Deploy].)"
    ...                    "When it dies, draw 1."))
    [1], [Exhaust]: Play a Bomb gear token. (It has [Deploy].)
    When it dies, draw 1.
    """
    text = re.sub(r"\{(\d+) energy\}", r"[\1]", raw)
    text = re.sub(r"\{(\d+) power\}", lambda m: "[Universal]" * int(m.group(1)), text)
    text = re.sub(r"(?<![\w\[])Exhaust(?=\s*[:,])", "[Exhaust]", text)
    lines = [part for line in text.split("\n") for part in _unglue(line)]
    return normal_text("\n".join(lines))


def catalog_text(abilities: str | None, effects: str | None = None) -> str:
    """Catalog ``abilities`` and an Equipment's granted ``effects`` (a new line), in normal
    form.

    >>> catalog_text("Equip [1] ([1]: Attach this.)", "[Shield 2] (+2 [Might] on defense.)")
    '[Equip] [1] ([1]: Attach this.)\\n[Shield 2] (+2 [Might] on defense.)'
    """
    return normal_text("\n".join(part for part in (abilities, effects) if part))


# --------------------------------------------------------------------------- records


class _Missing(Enum):
    """What :func:`_dig` answers for a path that is not there."""

    MISSING = "missing"


#: What :func:`_dig` answers for a path that is not there.
_MISSING: Final = _Missing.MISSING


def _dig(value: JSON, path: str) -> JSON | _Missing:
    """The value at the dotted ``path`` of nested JSON objects, else :data:`_MISSING`.

    >>> _dig({"a": {"b": None}}, "a.b") is None, _dig({"a": 3}, "a.b") is _MISSING
    (True, True)
    """
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return _MISSING
        value = value[part]
    return value


class _Row:
    """One JSON row of a dump, with typed access that names the row on failure."""

    def __init__(self, shape: str, index: int, row: JSON, who: str | None = None) -> None:
        self.shape, self.index, self.row, self.who = shape, index, row, who
        name = row.get("name") if isinstance(row, dict) else None
        self.name = name if isinstance(name, str) else None
        if not isinstance(row, dict):
            raise self.fail(None, f"a JSON object, not {type(row).__name__}")

    def fail(self, field: str | None, problem: str) -> DumpError:
        who = self.who or f"{self.shape} record {self.index}"
        if self.name:
            who += f" ({self.name!r})"
        return DumpError(f"{who}: {problem}" if field is None
                         else f"{who}: field {field!r}: {problem}")

    def get(self, path: str, required: bool = False) -> JSON:
        value = _dig(self.row, path)
        if value is _MISSING:
            if required:
                raise self.fail(path, "missing")
            return None
        return value

    def text(self, path: str, required: bool = False) -> str | None:
        value = self.get(path, required)
        if value is None and not required:
            return None
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(path, f"a non-empty string, not {value!r}")
        return value

    def texts(self, path: str) -> tuple[str, ...]:
        value = self.get(path)
        if value is None:
            return ()
        if isinstance(value, str):
            value = [value]
        strings = [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
        if not isinstance(value, list) or len(strings) != len(value):
            raise self.fail(path, f"a list of strings, not {value!r}")
        return tuple(v.strip() for v in strings if v.strip())

    def number(self, path: str) -> int | None:
        value = self.get(path)
        if value is None or value == "":
            return None
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        raise self.fail(path, f"a whole number, '' or null, not {value!r}")

    def date(self, path: str) -> str | None:
        value = self.text(path)
        if value is not None and not re.match(r"\d{4}-\d{2}-\d{2}", value):
            raise self.fail(path, f"a date (YYYY-MM-DD...), not {value!r}")
        return value

    def labels(self, path: str) -> tuple[str, ...]:
        """The ``label`` of each ``{"id", "label"}`` object of a list (null for none)."""
        value = self.get(path)
        if value is None:
            return ()
        found = [label for item in value if isinstance(item, dict) and isinstance(
            label := item.get("label"), str)] if isinstance(value, list) else []
        if not isinstance(value, list) or len(found) != len(value):
            raise self.fail(path, f'a list of {{"id", "label"}} objects, not {value!r}')
        return tuple(label.strip() for label in found if label.strip())

    def stat(self, path: str) -> int | None:
        """A number given as ``{"label", "value": {"id": "3", ...}}``; null for none."""
        if self.get(path) is None:
            return None
        if not isinstance(self.get(f"{path}.value"), dict):
            raise self.fail(path, f'an object with "value": {{"id": ...}}, or null, not '
                            f"{self.get(path)!r}")
        return self.number(f"{path}.value.id")


class _Printed(TypedDict):
    """What a record says besides its name, text and types (:class:`CardRecord`)."""

    supertypes: tuple[str, ...]
    tags: tuple[str, ...]
    domains: tuple[str, ...]
    might: int | None
    energy: int | None
    power: int | None
    print_id: str | None
    set_id: str | None
    updated: str | None


def _record(row: _Row, name: str, text: str, types: tuple[str, ...],
            **fields: Unpack[_Printed]) -> CardRecord:
    """The record of ``row``: a legend named by its title, the ``"<champion>, <title>"``
    its dump ``name`` also says kept as an alias."""
    shown, full = display_name(name, "Legend" in types), display_name(name)
    return CardRecord(name=shown, text=text, types=types, source=row.shape,
                      aliases=(full,) if full != shown else (), **fields)


def _gallery(data: dict[str, JSON], cards: list[JSON]) -> list[CardRecord]:
    """Gallery rows: ``{..., "updatedAt": date, "cards": [row, ...]}``."""
    header = _Row("gallery", 0, {k: v for k, v in data.items() if k != "cards"}, "gallery header")
    updated = header.date("updatedAt")
    out = []
    for index, raw in enumerate(cards):
        row = _Row("gallery", index, raw)
        row.get("abilityText", True)
        out.append(_record(
            row, row.text("name", True) or "", gallery_text(row.text("abilityText") or ""),
            row.texts("cardTypes"), supertypes=row.texts("superTypes"), tags=row.texts("tags"),
            domains=row.texts("domains"), might=row.number("might"),
            energy=row.number("energy"), power=row.number("power"),
            print_id=row.text("id", True), set_id=row.text("setId"), updated=updated))
    return out


def _page_name(row: _Row) -> str:
    """A gallery page item's ``name``, with its ``subtitle`` if any: 132.4, the card is
    ``"<short name>, <subtitle>"`` (written ``" - "`` for :func:`display_name`)."""
    name, subtitle = row.text("name", True) or "", row.text("subtitle")
    return f"{name} - {subtitle.strip()}" if subtitle and subtitle.strip() else name


def _page_text(row: _Row) -> str:
    """A gallery page item's ``text.richText.body`` in normal form (:func:`html_text`);
    ``""`` when ``text`` or its ``richText`` is null."""
    row.get("text", True)
    for path in ("text", "text.richText"):
        value = row.get(path)
        if value is not None and not isinstance(value, dict):
            raise row.fail(path, f"an object or null, not {value!r}")
    return html_text(row.text("text.richText.body") or "")


def _gallery_page(items: list[JSON]) -> list[CardRecord]:
    """The official gallery's own card items (:func:`_page_items`): ``name`` and
    ``subtitle``, ``cardType.type``/``superType``, ``domain.values`` and ``set.value``
    objects read by label or id, ``energy``/``might``/``power`` by ``value.id`` (null or
    absent for none), ``text.richText.body`` (HTML) and ``tags.tags``; no data date."""
    out = []
    for index, raw in enumerate(items):
        row = _Row("gallery-page", index, raw)
        out.append(_record(
            row, _page_name(row), _page_text(row), row.labels("cardType.type"),
            supertypes=row.labels("cardType.superType"), tags=row.texts("tags.tags"),
            domains=row.labels("domain.values"), might=row.stat("might"),
            energy=row.stat("energy"), power=row.stat("power"),
            print_id=row.text("id", True), set_id=row.text("set.value.id"), updated=None))
    return out


def _preview(data: dict[str, JSON], cards: list[JSON]) -> list[CardRecord]:
    """A set preview's rows (``{"set_id", "cards": [...]}``, each with ``riftbound_id``,
    ``type``/``types``, ``supertype``, ``energy``, ``power``, ``might`` and a transcribed
    ``text``): no data date (a preview's release date is a placeholder)."""
    out = []
    set_id = data.get("set_id")
    for index, raw in enumerate(cards):
        row = _Row("preview", index, raw)
        text = preview_text(row.text("text") or "")
        out.append(_record(
            row, row.text("name", True) or "", text, row.texts("types") or row.texts("type"),
            supertypes=row.texts("supertype"), tags=row.texts("tags"),
            domains=row.texts("domains"), might=row.number("might"),
            energy=row.number("energy"), power=row.number("power"),
            print_id=row.text("riftbound_id", True),
            set_id=row.text("set_id") or (set_id if isinstance(set_id, str) else None),
            updated=None))
    return out


def _riftcodex(data: list[JSON]) -> list[CardRecord]:
    """Riftcodex rows: ``riftbound_id``, ``text.rich``/``text.plain``, ``classification``."""
    out = []
    for index, raw in enumerate(data):
        row = _Row("riftcodex", index, raw)
        if not isinstance(row.get("text", True), dict):
            raise row.fail("text", "an object with \"rich\" and \"plain\"")
        text = riftcodex_text(row.text("text.rich") or "", row.text("text.plain") or "")
        out.append(_record(
            row, row.text("name", True) or "", text, row.texts("classification.type"),
            supertypes=row.texts("classification.supertype"), tags=row.texts("tags"),
            domains=row.texts("classification.domain"), might=row.number("attributes.might"),
            energy=row.number("attributes.energy"), power=row.number("attributes.power"),
            print_id=row.text("riftbound_id", True), set_id=row.text("set.set_id"),
            updated=row.date("metadata.updated_on")))
    return out


def _catalog(data: list[JSON]) -> list[CardRecord]:
    """Catalog rows: ``abilities`` (null for none), ``effects``, no id, set or date."""
    out = []
    for index, raw in enumerate(data):
        row = _Row("catalog", index, raw)
        row.get("abilities", True)
        text = catalog_text(row.text("abilities"), row.text("effects"))
        out.append(_record(
            row, row.text("name", True) or "", text, row.texts("cardTypes"),
            supertypes=row.texts("superTypes"), tags=row.texts("tags"),
            domains=row.texts("domains"), might=row.number("might"),
            energy=row.number("energyCost"), power=row.number("powerCost"),
            print_id=None, set_id=None, updated=None))
    return out


def _describe(data: JSON) -> str:
    if isinstance(data, dict):
        return "an object with keys " + ", ".join(sorted(map(str, data))[:6])
    if isinstance(data, list) and data:
        first = data[0]
        if isinstance(first, dict):
            return "an array of rows with keys " + ", ".join(sorted(map(str, first))[:6])
        return f"an array of {type(first).__name__}"
    return f"a JSON {type(data).__name__}"


#: Where the official gallery's page data keeps its blades: the page's ``__NEXT_DATA__``,
#: and the ``/_next/data/.../card-gallery.json`` route (without ``"props"``).
_BLADES = ("props.pageProps.page.blades", "pageProps.page.blades")


def _page_row(row: JSON) -> bool:
    """Whether ``row`` is a gallery page card item: it has ``cardType`` and
    ``text.richText``."""
    return isinstance(row, dict) and "cardType" in row and isinstance(
        _dig(row, "text.richText"), dict)


def _blade_items(blades: JSON, path: str) -> list[JSON]:
    """The card items of every blade with ``"cards": {"items": [...]}``, in order."""
    if not isinstance(blades, list):
        raise DumpError(f"gallery-page data: field {path!r}: a list of blades, not "
                        f"{type(blades).__name__}")
    found = [items for blade in blades if isinstance(items := _dig(blade, "cards.items"), list)]
    if not found:
        raise DumpError(f'gallery-page data: no blade of {path!r} has "cards": '
                        '{"items": [...]}')
    return [item for items in found for item in items]


def _page_items(data: JSON) -> list[JSON] | None:
    """The card items of the official gallery's page data (:data:`_BLADES`), of a
    publishing-content list response (``{"items": [...], ...}``, paging aside) or of a bare
    array of them; ``None`` for another shape.

    >>> item = {"cardType": {}, "text": {"richText": {}}}
    >>> page = {"page": {"blades": [{"type": "hero"}, {"cards": {"items": [item]}}]}}
    >>> [_page_items(data) == [item] for data in ({"props": {"pageProps": page}},
    ...                                           {"pageProps": page}, {"items": [item]})]
    [True, True, True]
    >>> _page_items({"items": [{"name": "Ember Pup"}]}) is None
    True
    """
    if isinstance(data, list):
        return data if any(map(_page_row, data)) else None
    for path in _BLADES:
        blades = _dig(data, path)
        if blades is not _MISSING:
            return _blade_items(blades, path)
    items = data.get("items") if isinstance(data, dict) else None
    if isinstance(items, list) and (not items or any(map(_page_row, items))):
        return items
    return None


def read_dump(data: JSON) -> list[CardRecord]:
    """The records of a parsed dump, its shape told by its structure: the official
    gallery's page data, a publishing-content list response or an array of its items
    (items with ``"cardType"`` and ``"text": {"richText"}``: :func:`_page_items`), an
    object with a ``"cards"`` list (gallery; a set preview when its rows have
    ``"riftbound_id"`` and a ``"text"`` string), an array whose first row has
    ``"riftbound_id"`` and ``"text"`` (Riftcodex) or ``"abilities"`` (catalog). An empty
    array has no records.

    >>> def error(data):
    ...     try:
    ...         read_dump(data)
    ...     except DumpError as problem:
    ...         print(problem)
    >>> error({"cards": [{"id": "x-1", "name": "Ember Pup", "abilityText": "", "might": "9?"}]})
    gallery record 0 ('Ember Pup'): field 'might': a whole number, '' or null, not '9?'
    >>> error([{"name": "Ember Pup"}])  # doctest: +ELLIPSIS
    not a card dump in a known shape (an array of rows with keys name; expected the gallery's...)
    """
    items = _page_items(data)
    if items is not None:
        return _gallery_page(items)
    if isinstance(data, dict) and isinstance(cards := data.get("cards"), list):
        first = cards[0] if cards else None
        if isinstance(first, dict) and "riftbound_id" in first and isinstance(
                first.get("text"), str):
            return _preview(data, cards)
        return _gallery(data, cards)
    if isinstance(data, list):
        if not data:
            return []
        first = data[0]
        if isinstance(first, dict) and "riftbound_id" in first and "text" in first:
            return _riftcodex(data)
        if isinstance(first, dict) and "abilities" in first:
            return _catalog(data)
    raise DumpError(
        f"not a card dump in a known shape ({_describe(data)}; expected the gallery's page "
        'data or items with "cardType" and "text": {"richText"}, a gallery object with '
        '"cards", a Riftcodex array of rows with "riftbound_id" and "text" or a catalog '
        'array of rows with "abilities")')


def load_json(path: str | Path) -> JSON:
    """The JSON of a dump or errata file, read within the bounds (at most
    :data:`~riftsolve.rules.limits.MAX_DUMP_BYTES`, numbers of at most 40 digits, a few
    levels deep): a :class:`DumpError` naming the file otherwise. A folder, a FIFO or a
    device is not read."""
    where = Path(path)
    try:
        if where.exists() and not where.is_file():
            raise DumpError(f"{where}: not a file")
        with where.open("rb") as stream:
            raw = stream.read(MAX_DUMP_BYTES + 1)
    except OSError as error:
        raise DumpError(f"{where}: cannot read it ({error.strerror or error})") from None
    if len(raw) > MAX_DUMP_BYTES:
        raise DumpError(f"{where}: larger than {MAX_DUMP_BYTES // 2**20} MiB: not a card "
                        "dump (the published ones are under 3 MiB)")
    try:
        data: JSON = read_json(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as error:
        raise DumpError(f"{where}: not UTF-8 ({error.reason} at byte {error.start})"
                        ) from None
    except JsonError as error:
        raise DumpError(f"{where}: {error}") from None
    return data


def load_dump(path: str | Path) -> list[CardRecord]:
    """The records of the dump file at ``path`` (UTF-8 JSON, any of the shapes); a
    :class:`DumpError` starting with the path if it cannot be read or parsed."""
    data = load_json(path)
    rows = data if isinstance(data, list) else data.get("cards") or data.get("items") \
        if isinstance(data, dict) else None
    if isinstance(rows, list) and len(rows) > MAX_CARDS:  # (before each row is read)
        raise DumpError(f"{path}: {len(rows):,} cards, more than the {MAX_CARDS:,} an "
                        "import reads (the published dumps hold about 2,500)")
    try:
        records = read_dump(data)
    except DumpError as error:
        raise DumpError(f"{path}: {error}") from None
    if len(records) > MAX_CARDS:
        raise DumpError(f"{path}: {len(records):,} cards, more than the {MAX_CARDS:,} an "
                        "import reads (the published dumps hold about 2,500)")
    return records


# --------------------------------------------------------------------------- one per card


def _print_key(print_id: str) -> str:
    """Gallery ``ogn-299-star-298`` is Riftcodex ``ogn-299*-298``."""
    return print_id.strip().lower().replace("-star-", "*-")


def _rules_lines(text: str) -> list[str]:
    """The lines of a text without reminder text (parentheses, innermost first)."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"[ \t]*\([^()]*\)", "", text)
    return [line.strip() for line in text.split("\n") if line.strip()]


def _says_less(short: CardRecord, long: CardRecord) -> bool:
    """Whether ``short`` is ``long`` with text missing: shorter, and its lines without
    reminder text are the first lines of ``long``'s (reminders or trailing lines dropped)."""
    lines, more = _rules_lines(short.text), _rules_lines(long.text)
    return len(short.text) < len(long.text) and more[: len(lines)] == lines


def _newer(candidate: CardRecord, kept: CardRecord) -> bool:
    """Whether ``candidate`` has newer text than ``kept`` (see :func:`distinct`)."""
    if _says_less(kept, candidate):
        return True
    if _says_less(candidate, kept):
        return False
    if authority(candidate.source) != authority(kept.source):  # official over printed
        return authority(candidate.source) < authority(kept.source)
    if not (candidate.updated and kept.updated):
        return False
    return candidate.updated[:10] > kept.updated[:10]


#: Sources by the authority of their text, first the highest, sources of equal authority
#: together: the official gallery (its own page data, ``"gallery-page"``, or a JSON
#: scraped from it, ``"gallery"``) carries the official errata of its date; Riftcodex
#: prints the cards' printed text; the catalog is a transcription; a set preview
#: transcribes scans before the set is out. Errata overlays, newer than all, are applied
#: on top.
AUTHORITY = (("gallery-page", "gallery"), ("riftcodex",), ("catalog",), ("preview",))


def authority(source: str) -> int:
    """The rank of a record's ``source`` in :data:`AUTHORITY`, 0 the highest.

    >>> authority("gallery-page"), authority("gallery"), authority("preview")
    (0, 0, 3)
    """
    return next(rank for rank, sources in enumerate(AUTHORITY) if source in sources)


def distinct(records: Iterable[CardRecord]) -> list[CardRecord]:
    """One record per card, in the order cards first appear.

    Records are one card when they share a print id (gallery ``id`` == Riftcodex
    ``riftbound_id``; reprints, alternate arts, metal and ``"new"`` rows) or a
    :func:`name_key`, transitively: a shared print id also joins names that differ
    (``"Yi, Honed"`` / ``"Master Yi, Honed"``); without one such names stay two cards.

    Of a card's records the one with the newest text is kept:

    1. a record whose text says less than another's never wins over it: shorter, and
       without reminder text its lines are the other's first lines (or it is empty).
       Riftcodex drops an Equipment's granted text, and its later-dated reprint and promo
       rows often print keywords without their reminder text (``[Accelerate]`` alone);
    2. otherwise, records of sources of different authority: the more authoritative text
       wins (:data:`AUTHORITY`: the official gallery, with the official errata of its date,
       over Riftcodex's printed text, over the catalog's transcription); newer official
       errata come from an overlay (:func:`apply_errata`);
    3. otherwise, records of equal authority with an ``updated`` date each: the later day
       wins (a Riftcodex row's time of day is ignored);
    4. otherwise (the same day, or no date) the first in input order is kept.

    >>> def pup(text, source, updated, print_id=None):
    ...     return CardRecord("Ember Pup", text, ("Unit",), (), (), ("Fury",), 2, 2, None,
    ...                       print_id, None, source, updated)
    >>> old = pup("[Tank]", "gallery", "2026-03-28", "ogn-900-300")
    >>> new = pup("[Tank]\\nDraw 1.", "riftcodex", "2026-07-10", "ogn-900a-300")
    >>> [c.source for c in distinct([old, new, pup("[Tank]", "catalog", None)])]
    ['riftcodex']
    >>> distinct([new, pup("[Tank]", "riftcodex", "2026-08-01")])[0].text
    '[Tank]\\nDraw 1.'
    """
    items = list(records)
    parent = list(range(len(items)))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    first: dict[tuple[str, str], int] = {}
    for index, record in enumerate(items):
        keys = [("name", name_key(record.name))]
        if record.print_id:
            keys.append(("print", _print_key(record.print_id)))
        for key in keys:
            if not key[1]:
                continue
            if key in first:
                low, high = sorted((root(first[key]), root(index)))
                parent[high] = low
            else:
                first[key] = index
    groups: dict[int, list[int]] = {}
    for index in range(len(items)):
        groups.setdefault(root(index), []).append(index)
    out = []
    for members in sorted(groups.values()):
        kept = items[members[0]]
        for index in members[1:]:
            if _newer(items[index], kept):
                kept = items[index]
        out.append(kept)
    return out


# --------------------------------------------------------------------------- errata

#: An entry that elides or paraphrases text: ``(...)``, ``…``, ``(repeated six times)``.
_ELIDED = re.compile(r"\((?:\.\.\.|\u2026)\)|\u2026|\.\.\.|\(repeated\b", re.IGNORECASE)
#: Keywords opening a quote, each with its reminder text elided: "[Action] (...) ",
#: "[Repeat] [2] (...) ", "[Hidden] (...)\n".
_ELIDED_KEYWORDS = re.compile(r"^(?:\s*\[[A-Za-z ]+\](?:\s*\[[^\]]+\])*\s*\((?:\.\.\.|\u2026)\))+"
                              r"\s*")
#: Words an abbreviated transcript drops ("Look at top 5 cards of Main Deck").
_ARTICLES = frozenset({"a", "an", "the", "your", "their", "its"})
#: Accessibility-text symbols the overlay uses; ``[C]`` (a power of the card's domain, not
#: said which) is resolved against the card in :func:`apply_errata`.
_LETTERS = (("[A]", "[Universal]"), ("[M]", "[Might]"), ("[S]", "[Might]"),
            ("[T]", "[Exhaust]"), ("[E]", "[Exhaust]"))
_TOKEN = re.compile(r"(\s*)(\[[^\]\n]*\]|[\w'-]+|[^\w\s])")


def read_errata(data: JSON) -> dict[str, str]:
    """The new texts of an errata overlay (``{"entries": [...]}`` or the bare list; each
    entry ``{"official_name", "old_text", "new_text", ...}``) by :func:`name_key` of
    ``official_name``, in the normal form of :attr:`CardRecord.text` (a later entry for the
    same card replaces an earlier one).

    Keywords that open ``new_text`` with their reminder text elided (``[Action] (...)``)
    are left to the card, and the rest is matched by the words it keeps. Entries that
    elide anything else are skipped: ``(...)``, ``…`` or ``(repeated ...)`` elsewhere in
    ``new_text``, or an empty name or text. Abbreviations that only show against a card
    (dropped articles) are caught by :func:`apply_errata`.

    >>> read_errata({"entries": [
    ...     {"official_name": "Scrap Run", "old_text": "Kill a gear.",
    ...      "new_text": "Kill up to one gear. Pay [C]: Give it +1 [M]."},
    ...     {"official_name": "Ember Pup", "old_text": "[Tank] (...)",
    ...      "new_text": "[Tank] (...) Draw 1."},
    ...     {"official_name": "Odd Pup", "old_text": "Draw 1 (...) and kill a unit.",
    ...      "new_text": "Draw 1 (...) and kill up to one unit."}]})
    {'scrap run': 'Kill up to one gear. Pay [C]: Give it +1 [Might].', 'ember pup': 'Draw 1.'}
    """
    entries = data.get("entries") if isinstance(data, dict) else data
    if not isinstance(entries, list):
        raise DumpError("not an errata overlay (expected an object with an \"entries\" list "
                        f"of {{official_name, old_text, new_text}}; got {_describe(data)})")
    out: dict[str, str] = {}
    for index, raw in enumerate(entries):
        row = _Row("errata", index, {**raw, "name": raw.get("official_name")}
                   if isinstance(raw, dict) else raw)
        name, new = row.text("official_name") or "", row.text("new_text") or ""
        # "[Action] (...) Move a friendly unit. ...": keywords whose reminder text the quote
        # elides open it; the rules text it quotes is matched by the words it keeps
        new = _ELIDED_KEYWORDS.sub("", new)
        if not name_key(name) or not new.strip() or _ELIDED.search(new):
            continue
        for letters, bracket in _LETTERS:
            new = new.replace(letters, bracket)
        out[name_key(name)] = normal_text(html.unescape(new))
    return out


def _resolve_power(record: CardRecord, new: str) -> str | None:
    """The overlay's ``[C]`` (a power symbol, not said which) as the card's: the one domain
    symbol its rules text (reminders aside) has, else ``[Universal]`` if that is the only
    power symbol there, else its one domain; ``None`` if that leaves a choice."""
    if "[C]" not in new:
        return new
    rules = "\n".join(_rules_lines(record.text))
    found = set(re.findall(r"\[(" + "|".join(_DOMAINS) + r")\]", rules))
    if not found and "[Universal]" in rules:
        found = {"Universal"}
    if not found:
        found = {domain for domain in record.domains if domain in _DOMAINS}
    return new.replace("[C]", f"[{found.pop()}]") if len(found) == 1 else None


def _tokens(text: str) -> list[tuple[str, str]]:
    """Words, bracketed symbols and punctuation, each with the space before it."""
    return [(m.group(1), m.group(2)) for m in _TOKEN.finditer(text)]


def _drops_articles(old: list[str], new: list[str]) -> bool:
    """Whether ``new`` writes ``x y`` where ``old`` has ``x <article> y`` (and never
    ``x <article> y``): an abbreviated transcript ("Look at top 5 cards of Main Deck" for
    "Look at the top 5 cards of your Main Deck")."""
    def triples(tokens: list[str]) -> set[tuple[str, str, str]]:
        low = [token.lower() for token in tokens]
        return set(zip(low, low[1:], low[2:], strict=False))

    now, pairs = triples(new), set(pairwise(token.lower() for token in new))
    return any(b in _ARTICLES and (a, c) in pairs and (a, b, c) not in now
               for a, b, c in triples(old))


def _splice(text: str, new: str) -> str | None:
    """``text`` with ``new`` written over the run of its lines most like it, word by word.

    The run is the one with the best :class:`~difflib.SequenceMatcher` ratio (on a tie the
    first and shortest); it is used if at least half of its words or of ``new``'s match.
    The record's line breaks are kept, and so is what the overlay leaves out around its
    quote: a cost before it (up to ``:``) and reminder text after it (from ``(``). ``None``
    when no run is alike enough, or for an abbreviated transcript: ``new`` has ``x y`` where
    the run has ``x <article> y`` (``a``, ``the``, ``your``...), or a change only drops
    articles.
    """
    lines = text.split("\n")
    fresh = _tokens(new)
    words = [token for _, token in fresh]
    best: tuple[float, int, int] | None = None
    for i in range(len(lines)):
        for j in range(i + 1, len(lines) + 1):
            run = [token for _, token in _tokens("\n".join(lines[i:j]))]
            score = (SequenceMatcher(None, run, words, False).ratio(), -i, -j)
            best = score if best is None or score > best else best
    if best is None:
        return None
    start, end = -best[1], -best[2]
    window = _tokens("\n".join(lines[start:end]))
    matcher = SequenceMatcher(None, [token for _, token in window], words, False)
    same = sum(block.size for block in matcher.get_matching_blocks())
    if not window or not words or max(same / len(window), same / len(words)) < 0.5:
        return None
    ops = matcher.get_opcodes()
    equal = [k for k, op in enumerate(ops) if op[0] == "equal"]
    if _drops_articles([token for _, token in window], words):
        return None
    out: list[tuple[str, str]] = []
    owed = moved = False

    def emit(tokens: list[tuple[str, str]]) -> None:
        nonlocal owed
        for ws, token in tokens:
            out.append(("\n" if owed else ws, token))
            owed = False

    for k, (tag, i1, i2, j1, j2) in enumerate(ops):
        old, add = window[i1:i2], fresh[j1:j2]
        before, after = k < equal[0], k > equal[-1]
        if tag == "delete" and (before or after):
            emit(old)
            continue
        if tag == "equal":      # the new text's spacing, but the record's line breaks
            emit([(" " if moved and n == 0 else ws if "\n" in ws or j1 + n == 0
                   else fresh[j1 + n][0], token) for n, (ws, token) in enumerate(old)])
            moved = False
            continue
        if tag == "delete" and all(token.lower() in _ARTICLES for _, token in old):
            return None
        head: list[tuple[str, str]] = []
        tail: list[tuple[str, str]] = []
        marks = [token for _, token in old]
        if tag == "replace" and before and ":" in marks:
            cut = len(marks) - marks[::-1].index(":")
            head, old = old[:cut], old[cut:]
        elif tag == "replace" and after and "(" in marks:
            cut = marks.index("(")
            old, tail = old[:cut], old[cut:]
        emit(head)
        if tag == "insert" and i1 < len(window) and "\n" in window[i1][0] and add[0][1] != "(":
            add[0], moved = ("\n", add[0][1]), True    # a new sentence opens the next line
        elif add and old and "\n" in old[0][0]:
            add[0], old = ("\n", add[0][1]), old[1:]
        emit(add)
        owed = owed or any("\n" in ws for ws, _ in old)
        emit(tail)
    spliced = "".join(ws + token for ws, token in out).strip()
    return "\n".join([*lines[:start], spliced, *lines[end:]])


def _erratum(record: CardRecord, new: str) -> str | None:
    """The record's text with the erratum in, or ``None`` if it cannot be applied."""
    resolved = _resolve_power(record, new)
    if resolved is None:
        return None
    if " ".join(resolved.split()) in " ".join(record.text.split()):
        return record.text
    spliced = _splice(record.text, resolved) if record.text else None
    if spliced is None or _mode_lines(spliced) < _mode_lines(record.text):
        return None  # (a quote that runs a card's modes together: "Choose one - Deal 4 ...")
    return normal_text(spliced)


def _mode_lines(text: str) -> int:
    """How many lines of ``text`` are modes ("- Deal 3 to a unit.")."""
    return sum(1 for line in text.split("\n") if re.match(r"\s*[-\u2014\u2013] ", line))


def apply_errata(records: Iterable[CardRecord], errata: dict[str, str]) -> list[CardRecord]:
    """``records`` with the errata's new texts in: a record matches an entry by any of its
    :attr:`CardRecord.name_keys`; the new text replaces the run of lines most like it
    (an overlay quotes one ability, or several run together, not always the whole card).

    The new text always wins, but a record is left as it is when it already contains the
    new text (spacing and line breaks aside), when no run of its lines is alike enough
    (:func:`_splice`: half of the words), when the quote is an abbreviated transcript (it
    drops articles: "top 5 cards of Main Deck") or when ``[C]`` cannot be told.

    Apply errata to every print before :func:`distinct`: the texts it compares are then
    all up to date, and a fuller one (reminder text kept) is not lost to an older date.

    >>> card = CardRecord("Scrap Run", "[Action] (Play it in showdowns.)\\nKill a gear.",
    ...                   ("Spell",), (), (), ("Order",), None, 2, 1, None, None,
    ...                   "catalog", None)
    >>> print(apply_errata([card], {"scrap run": "Kill up to one gear."})[0].text)
    [Action] (Play it in showdowns.)
    Kill up to one gear.
    """
    out = []
    for record in records:
        if len(record.text) > MAX_CARD_TEXT:  # (not a card's: the import refuses it, and
            out.append(record)  # comparing every run of its lines would take minutes)
            continue
        for key in record.name_keys:
            if key in errata and len(errata[key]) <= MAX_CARD_TEXT:
                text = _erratum(record, errata[key])
                if text is not None and text != record.text:
                    record = replace(record, text=text, errata=True)
                break
        out.append(record)
    return out

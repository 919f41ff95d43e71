"""Card-dump readers: the gallery (its page data and a scrape), Riftcodex and catalog
shapes, one text form.

The fixtures under ``tests/data/dumps/`` are small invented cards written in each published
shape (no real dump is copied): the same card appears in two or three shapes so that their
texts can be compared.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from riftsolve._json import JSON
from riftsolve.compiler.dumps import (
    CardRecord,
    DumpError,
    apply_errata,
    distinct,
    load_dump,
    name_key,
    read_dump,
    read_errata,
)
from riftsolve.compiler.importer import import_records
from riftsolve.rules.effects.group import GroupTargets

DUMPS = Path(__file__).parent / "data" / "dumps"


def dump(shape: str) -> list[CardRecord]:
    """The records of one fixture dump."""
    return load_dump(DUMPS / f"{shape}.json")


def raw(shape: str) -> Any:
    """The parsed JSON of one fixture file."""
    return json.loads((DUMPS / f"{shape}.json").read_text(encoding="utf-8"))


def first(records: list[CardRecord], name: str) -> CardRecord:
    """The first record with this display name."""
    return next(record for record in records if record.name == name)


GALLERY, RIFTCODEX, CATALOG = dump("gallery"), dump("riftcodex"), dump("catalog")
PAGE = dump("gallery-page")
ERRATA = read_errata(raw("errata"))


def test_each_shape_is_detected_and_read() -> None:
    """Every row becomes a record, tagged with its source; print ids and dates as given."""
    assert len(GALLERY) == 12 and {r.source for r in GALLERY} == {"gallery"}
    assert len(RIFTCODEX) == 18 and {r.source for r in RIFTCODEX} == {"riftcodex"}
    assert len(CATALOG) == 8 and {r.source for r in CATALOG} == {"catalog"}
    assert len(PAGE) == 9 and {r.source for r in PAGE} == {"gallery-page"}
    assert {r.updated for r in PAGE} == {None}
    assert {r.updated for r in GALLERY} == {"2026-03-28"}
    assert first(RIFTCODEX, "Thornback, Furious").updated == "2026-07-10T22:44:25.610826+00:00"
    assert all(r.print_id is None and r.set_id is None and r.updated is None for r in CATALOG)
    assert read_dump([]) == []


@pytest.mark.parametrize("name", ["Thornback, Furious", "Fork in the Road", "Keeper of Embers",
                                  "Ember Adept", "Rune Reader"])
def test_the_same_card_reads_the_same_in_every_shape(name: str) -> None:
    """Symbols (``:rb_*:`` / ``[Might]``), dashes, HTML, line breaks and lists all agree."""
    texts = {first(records, name).text for records in (GALLERY, RIFTCODEX, CATALOG, PAGE)}
    assert len(texts) == 1, texts


def test_normal_form_of_symbols_breaks_and_dashes() -> None:
    """Might, energy, domain and any-domain power, exhaust; a mode list one item a line."""
    assert first(GALLERY, "Thornback, Furious").text == (
        "[Deflect 2] (Opponents must pay [Universal][Universal] to choose me.)\n"
        "When I attack, deal 4 damage split among enemy units here.")
    assert first(RIFTCODEX, "Fork in the Road").text == (
        "[Repeat] [2][Mind] (Pay the extra cost to do this again.)\n"
        "Choose one -\n- Deal 3 to a unit at a battlefield.\n- Kill a gear.")
    assert first(CATALOG, "Keeper of Embers").text == (
        "[Exhaust]: [Reaction] - [Add] [Universal]. Use only to play spells.")
    assert first(GALLERY, "Rune Reader").text.endswith(
        "domain:\n- [Fury] - Deal 2 to a unit here.\n- [Mind] - Draw 1.")


def test_riftcodex_html_and_plain() -> None:
    """``[&gt;]`` and ``&quot;`` are unescaped; ``rich`` is read (its ``<br />`` are the
    breaks ``plain`` drops), and a row with only ``plain`` gets its breaks back."""
    adept = raw("riftcodex")[7]
    assert "[&gt;]" in adept["text"]["plain"]
    assert first(RIFTCODEX, "Ember Adept").text.startswith("[Level 6][>] I have +2 [Might].")
    thorn = raw("riftcodex")[0]["text"]["plain"]
    assert "choose me.)When I attack" in thorn
    assert first(RIFTCODEX, "Thornback, Furious").text.count("\n") == 1
    assert first(RIFTCODEX, "Signal Fire").text == (
        "[Action] (Play on your turn or in showdowns.)\nChoose one -\n- Draw 1.\n"
        '- Give a unit "I have +1 [Might]." this turn.')


def test_equipment_granted_text_and_bare_keywords() -> None:
    """The gallery's text after a blank line and the catalog's ``effects`` are kept as a
    line; ``Equip [Calm]`` and ``Ganking (...)`` get their brackets."""
    granted = ("[Equip] [Calm] ([Calm]: Attach this to a unit you control.)\n"
               "[Shield 2] (+2 [Might] while I'm a defender.)")
    assert first(GALLERY, "Rusty Buckler").text == granted
    assert first(CATALOG, "Rusty Buckler").text == granted
    assert first(RIFTCODEX, "Rusty Buckler").text == granted.split("\n")[0]
    assert first(RIFTCODEX, "Glimmer Moth").text.startswith("[Ganking] (I can move")


def test_no_text() -> None:
    """``[NO TEXT]`` basic runes, empty token text and a null ``abilities`` are ``""``."""
    assert first(RIFTCODEX, "Fury Rune").text == first(GALLERY, "Fury Rune").text == ""
    assert first(RIFTCODEX, "Recruit").text == first(CATALOG, "Hollow Drummer").text == ""


def test_names_and_fields() -> None:
    """``"A - B"`` is ``"A, B"``; variant suffixes, ``// Buff`` and ``- Starter`` go;
    legends by title; numbers are ints whatever the shape; types and supertypes as tuples."""
    assert {r.name for r in RIFTCODEX if r.print_id and r.print_id.startswith("tst-001")} == {
        "Thornback, Furious"}
    assert {r.name for r in RIFTCODEX if "Legend" in r.types} == {"Keeper of Embers",
                                                                  "Spark Child"}
    assert first(GALLERY, "Spark Child").types == ("Legend",)
    assert first(GALLERY, "Recruit").supertypes == first(RIFTCODEX, "Recruit").supertypes == (
        "Token",)
    assert first(RIFTCODEX, "Master Wu, Honed").print_id == first(GALLERY, "Wu, Honed").print_id
    for records in (GALLERY, RIFTCODEX, CATALOG):
        thorn = first(records, "Thornback, Furious")
        assert (thorn.might, thorn.energy, thorn.power) == (6, 7, 1)
        assert (thorn.types, thorn.supertypes, thorn.domains) == (("Unit",), ("Champion",),
                                                                  ("Fury",))
        assert first(records, "Fork in the Road").might is None
    assert first(GALLERY, "Thornback, Furious").set_id == "TST"
    assert first(CATALOG, "Hollow Drummer").types == ()


def test_name_key() -> None:
    """Case, punctuation, spacing, the dash form and variant suffixes do not matter."""
    assert name_key("Thornback - Furious (Alternate Art)") == name_key("THORNBACK,  furious")
    assert name_key("Recruit (271) // Buff") == name_key("Recruit (DE)") == "recruit"
    assert name_key("Spark Child, Starter") == name_key("Spark Child - Starter") == "spark child"
    assert name_key("Wu, Honed") != name_key("Master Wu, Honed")
    assert "ember keeper of embers" in first(GALLERY, "Keeper of Embers").name_keys


def test_distinct_one_record_per_card() -> None:
    """Alternate arts, metal and ``"new"`` duplicate rows, reprints and the same card in
    three dumps collapse; a shared print id joins ``"Wu, Honed"`` and ``"Master Wu, Honed"``."""
    cards = distinct(GALLERY + RIFTCODEX + CATALOG)
    names = [card.name for card in cards]
    assert len(names) == len(set(names)) == 14
    assert len(distinct(GALLERY)) == 11        # 12 prints, one an alternate art
    assert len(distinct(RIFTCODEX)) == 13      # 18 rows: alt art, promo + metal, reprint, "new"
    assert len(distinct(CATALOG)) == 8
    wu = [first(GALLERY, "Wu, Honed"), first(CATALOG, "Master Wu, Honed")]
    assert len(distinct(wu)) == 2      # no print id in common: the names stay two cards


def test_distinct_keeps_the_newest_fullest_text() -> None:
    """The official gallery's text wins over Riftcodex's printed one; within one source
    the later date wins; a text missing lines or reminder text never wins; without dates
    the first record is kept."""
    cards = {card.name: card for card in distinct(GALLERY + RIFTCODEX + CATALOG)}
    assert cards["Wu, Honed"].source == "gallery"               # official over printed
    assert cards["Rusty Buckler"].source == "gallery"           # Riftcodex drops a line
    codex = {card.name: card for card in distinct(RIFTCODEX)}
    assert codex["Master Wu, Honed"].text.endswith("+2 [Might] this turn.")  # later row
    assert cards["Ember Adept"].print_id == "tst-005-050"       # the VEN reprint drops a reminder
    undated = [replace(record, updated=None) for record in GALLERY + RIFTCODEX]
    assert {card.name: card for card in distinct(undated)}["Wu, Honed"].source == "gallery"


def test_read_errata_skips_elided_entries() -> None:
    """Names become keys, accessibility symbols the normal form; ``(...)`` entries go,
    unless it only elides the reminder text of the keywords opening the quote (Fork in the
    Road's "[Repeat] (...) Choose one ...": matched by the words it keeps)."""
    assert set(ERRATA) == {"scrap run", "spark child", "ember keeper of embers",
                           "thornback furious", "ember adept", "fork in the road"}
    assert ERRATA["fork in the road"].startswith("Choose one - Deal 4")
    assert ERRATA["ember keeper of embers"] == (
        "[Exhaust]: [Reaction] - [Add] [Universal]. Use only to play spells or gear.")
    assert read_errata(raw("errata")["entries"]) == ERRATA


def test_apply_errata() -> None:
    """"a gear" becomes "up to one gear" in the quoted line only; text already new, the
    starter and legend name forms, ``[C]`` as the card's domain, an abbreviated quote; a
    quote running the card's modes together (Fork in the Road) is not applied."""
    before = {card.name: card for card in distinct(RIFTCODEX + CATALOG + GALLERY)}
    before["Scrap Run"] = next(c for c in RIFTCODEX if c.name == "Scrap Run")  # printed
    after = {card.name: card for card in apply_errata(before.values(), ERRATA)}
    assert before["Scrap Run"].text.endswith("\nKill a gear. Then draw 1.")
    assert after["Scrap Run"].text == (
        "[Action] (Play on your turn or in showdowns.)\nKill up to one gear. Then draw 1.")
    assert apply_errata(GALLERY, ERRATA)[8] == GALLERY[8]      # the gallery's is already new
    assert after["Spark Child"].text == "At the end of your turn, ready up to 2 runes."
    assert after["Keeper of Embers"].text.endswith("Use only to play spells or gear.")
    assert after["Thornback, Furious"].text.endswith(
        "\nWhen I attack, you may pay [Fury] to deal 4 damage split among enemy units here.")
    assert after["Ember Adept"] == before["Ember Adept"]       # "get effect": abbreviated
    changed = [name for name in before if before[name] != after[name]]
    assert sorted(changed) == ["Keeper of Embers", "Scrap Run", "Spark Child",
                               "Thornback, Furious"]


GOOD_GALLERY: dict[str, Any] = {"id": "x-1", "name": "Ember Pup", "abilityText": ""}
GOOD_PAGE: dict[str, Any] = {
    "id": "x-1", "name": "Ember Pup", "cardType": {"type": [{"id": "unit", "label": "Unit"}]},
    "text": {"label": "Text", "richText": {"type": "html", "body": "<p>Hi.</p>"}}}


def _without(key: str) -> dict[str, Any]:
    """:data:`GOOD_PAGE` without ``key``."""
    return {k: v for k, v in GOOD_PAGE.items() if k != key}


@pytest.mark.parametrize(("data", "message"), [
    ({"cards": [GOOD_GALLERY, {**GOOD_GALLERY, "might": "lots"}]},
     "gallery record 1 ('Ember Pup'): field 'might': a whole number, '' or null, not 'lots'"),
    ({"cards": [{**GOOD_GALLERY, "name": ""}]},
     "gallery record 0: field 'name': a non-empty string, not ''"),
    ({"cards": [{**GOOD_GALLERY, "cardTypes": "Unit"}, "Ember Pup"]},
     "gallery record 1: a JSON object, not str"),
    ({"cards": [], "updatedAt": "March"},
     "gallery header: field 'updatedAt': a date (YYYY-MM-DD...), not 'March'"),
    ([{"name": "Ember Pup", "riftbound_id": "x-1", "text": {"rich": 5}}],
     "riftcodex record 0 ('Ember Pup'): field 'text.rich': a non-empty string, not 5"),
    ([{"name": "Ember Pup", "riftbound_id": "x-1", "text": {}},
      {"name": "Ash Pup", "riftbound_id": "x-2", "text": "<p>Hi</p>"}],
     "riftcodex record 1 ('Ash Pup'): field 'text': an object with \"rich\" and \"plain\""),
    ([{"name": "Ember Pup", "abilities": None}, {"name": "Ash Pup", "tags": "Pup"}],
     "catalog record 1 ('Ash Pup'): field 'abilities': missing"),
    ([{"name": "Ember Pup", "abilities": None, "tags": [1]}],
     "catalog record 0 ('Ember Pup'): field 'tags': a list of strings, not [1]"),
    ({"data": []}, "not a card dump in a known shape (an object with keys data; expected"),
    ([1, 2], "not a card dump in a known shape (an array of int; expected"),
    ([GOOD_PAGE, {**GOOD_PAGE, "energy": 3}],
     "gallery-page record 1 ('Ember Pup'): field 'energy': an object with \"value\": "
     "{\"id\": ...}, or null, not 3"),
    ({"items": [{**GOOD_PAGE, "might": {"value": {"id": "lots"}}}], "total": 1},
     "gallery-page record 0 ('Ember Pup'): field 'might.value.id': a whole number, '' or "
     "null, not 'lots'"),
    ([{**GOOD_PAGE, "cardType": {"type": ["Unit"]}}],
     "gallery-page record 0 ('Ember Pup'): field 'cardType.type': a list of {\"id\", "
     "\"label\"} objects, not ['Unit']"),
    ([{**GOOD_PAGE, "domain": {"values": [{"id": "fury"}]}}],
     "gallery-page record 0 ('Ember Pup'): field 'domain.values': a list of {\"id\", "),
    ([{**GOOD_PAGE, "text": {"richText": {"type": "html", "body": 5}}}],
     "gallery-page record 0 ('Ember Pup'): field 'text.richText.body': a non-empty string, "
     "not 5"),
    ([GOOD_PAGE, {**GOOD_PAGE, "name": "Ash Pup", "text": "Deal 3."}],
     "gallery-page record 1 ('Ash Pup'): field 'text': an object or null, not 'Deal 3.'"),
    ([GOOD_PAGE, {**GOOD_PAGE, "text": {"richText": "Deal 3."}}],
     "gallery-page record 1 ('Ember Pup'): field 'text.richText': an object or null"),
    ([GOOD_PAGE, _without("text")], "gallery-page record 1 ('Ember Pup'): field 'text': missing"),
    ([GOOD_PAGE, {**GOOD_PAGE, "subtitle": 7}],
     "gallery-page record 1 ('Ember Pup'): field 'subtitle': a non-empty string, not 7"),
    ([_without("name"), GOOD_PAGE], "gallery-page record 0: field 'name': missing"),
    ([GOOD_PAGE, _without("id")], "gallery-page record 1 ('Ember Pup'): field 'id': missing"),
    ([GOOD_PAGE, 3], "gallery-page record 1: a JSON object, not int"),
    ({"pageProps": {"page": {"blades": {"cards": {}}}}},
     "gallery-page data: field 'pageProps.page.blades': a list of blades, not dict"),
    ({"props": {"pageProps": {"page": {"blades": [{"type": "text"}]}}}},
     "gallery-page data: no blade of 'props.pageProps.page.blades' has \"cards\""),
    ({"items": [{"name": "Ember Pup"}]}, "not a card dump in a known shape (an object with "
     "keys items; expected the gallery's page data"),
])
def test_a_malformed_record_names_its_index_and_field(data: Any, message: str) -> None:
    """One line: the shape, the record's index and name, the field and what is wrong."""
    with pytest.raises(DumpError) as caught:
        read_dump(data)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_read_errata_malformed() -> None:
    """A non-overlay, or an entry without a usable name, is a :class:`DumpError`."""
    with pytest.raises(DumpError, match="not an errata overlay"):
        read_errata({"cards": []})
    with pytest.raises(DumpError, match=r"errata record 1: field 'official_name'"):
        read_errata([{"official_name": "Scrap Run", "new_text": "Draw 1."},
                     {"official_name": 7, "new_text": "Draw 1."}])


def test_load_dump_errors(tmp_path: Path) -> None:
    """Unreadable files, bad UTF-8, invalid JSON and a bad record all name the file."""
    with pytest.raises(DumpError, match="cannot read it"):
        load_dump(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"cards": [', encoding="utf-8")
    with pytest.raises(DumpError, match=r"broken\.json: malformed JSON at line 1 column 12"):
        load_dump(broken)
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'[{"name": "Caf\xe9", "abilities": null}]')
    with pytest.raises(DumpError, match=r"latin\.json: not UTF-8"):
        load_dump(latin)
    bad = tmp_path / "bad.json"
    bad.write_text('[{"name": "Ash Pup", "abilities": 3}]', encoding="utf-8")
    with pytest.raises(DumpError, match=r"bad\.json: catalog record 0 \('Ash Pup'\)"):
        load_dump(str(bad))


def test_a_set_preview_is_read() -> None:
    """A set preview dump (``{"set_id", "cards": [...]}``, rows with ``riftbound_id``,
    ``types`` and a transcribed ``text``): ``{1 energy}`` is ``[1]``, a cost's bare
    ``Exhaust`` is ``[Exhaust]``, sentences glued after reminder text are lines again, a
    legend is named by its title; each card compiles (Disarm as its attack trigger, Bomb
    tokens as gear), and a preview's text ranks below the published sources."""
    cards = {card.name: card for card in load_dump(DUMPS / "preview.json")}
    assert sorted(cards) == ["Chain Blast", "Ember Scout", "Fuse Keeper"]
    assert cards["Fuse Keeper"].text.startswith("[1], [Exhaust]: Play a Bomb gear token")
    assert cards["Chain Blast"].text == ("[Action] (Play on your turn or in showdowns.)\n"
                                         "Kill any number of friendly Bomb tokens.")
    assert {c.source for c in cards.values()} == {"preview"}
    assert cards["Ember Scout"].print_id == "tst-003-009" and cards["Ember Scout"].might == 3
    done = import_records(cards.values())
    assert done.report()["compiled"] == 3
    blast = next(e for e in done.effects if e.name == "Chain Blast")
    assert isinstance(blast, GroupTargets) and blast.slots[0].kinds == ("gear",)
    printed = replace(cards["Chain Blast"], text="Kill a unit.", source="catalog")
    assert distinct([cards["Chain Blast"], printed])[0].text == "Kill a unit."


# --------------------------------------------------------------------------- gallery page


def test_a_gallery_page_item_reads_every_field() -> None:
    """Labels of ``cardType``, ``domain``; ``set.value.id``; ``energy``/``might``/``power``
    by ``value.id``, null or absent for none; ``tags.tags``, null or absent for none;
    ``text: null`` for no text."""
    thorn = first(PAGE, "Thornback, Furious")
    assert (thorn.types, thorn.supertypes, thorn.tags, thorn.domains) == (
        ("Unit",), ("Champion",), ("Thornback",), ("Fury",))
    assert (thorn.might, thorn.energy, thorn.power) == (6, 7, 1)
    assert (thorn.print_id, thorn.set_id, thorn.source, thorn.updated, thorn.errata) == (
        "tst-001-050", "TST", "gallery-page", None, False)
    fork = first(PAGE, "Fork in the Road")
    assert (fork.might, fork.energy, fork.power, fork.tags, fork.supertypes) == (
        None, 3, 1, (), ())
    adept = first(PAGE, "Ember Adept")
    assert (adept.might, adept.energy, adept.power) == (2, 3, None)      # "power" absent
    assert first(PAGE, "Rune Reader").tags == ()                          # "tags": null
    assert first(PAGE, "Rusty Buckler").supertypes == ()                  # no "superType"
    rune = first(PAGE, "Fury Rune")
    assert (rune.text, rune.types, rune.supertypes) == ("", ("Rune",), ("Basic",))


def test_a_gallery_page_html_body_is_normal_text() -> None:
    """``:rb_*:`` symbols, ``<br />``, one ``<p>`` a line, ``<li>`` items, ``<em>`` dropped,
    entities (``&gt;``, ``&nbsp;``, ``&mdash;``, ``&#8212;``, ``&rsquo;``) unescaped."""
    assert first(PAGE, "Fork in the Road").text == (
        "[Repeat] [2][Mind] (Pay the extra cost to do this again.)\n"
        "Choose one -\n- Deal 3 to a unit at a battlefield.\n- Kill a gear.")
    assert first(PAGE, "Rusty Buckler").text == first(GALLERY, "Rusty Buckler").text == (
        "[Equip] [Calm] ([Calm]: Attach this to a unit you control.)\n"
        "[Shield 2] (+2 [Might] while I'm a defender.)")
    assert first(PAGE, "Ember Adept").text == (
        "[Level 6][>] I have +2 [Might]. (While you have 6+ XP, get the effect.)")
    assert first(PAGE, "Hollow Queen").text == (
        "[1], [Exhaust]: Stun an enemy unit at a battlefield.")
    assert first(PAGE, "Keeper of Embers").text == first(CATALOG, "Keeper of Embers").text


def test_a_gallery_page_subtitle_is_part_of_the_name() -> None:
    """132.4: ``"Thornback"`` + ``"Furious"`` is the card ``"Thornback, Furious"``; a legend
    is named by its title (the subtitle) and answers to ``"<champion>, <title>"`` too, with
    or without tags; a legend without a subtitle keeps its name, its tags giving the rest."""
    assert [r.name for r in PAGE] == [
        "Thornback, Furious", "Fork in the Road", "Rusty Buckler", "Keeper of Embers",
        "Ember Adept", "Rune Reader", "Hollow Queen", "Cinder Sprite", "Fury Rune"]
    assert first(PAGE, "Thornback, Furious").names == ("Thornback, Furious",)
    queen = first(PAGE, "Hollow Queen")
    assert queen.tags == () and queen.names == ("Hollow Queen", "Vexa, Hollow Queen")
    assert name_key("Vexa - Hollow Queen") in queen.name_keys
    assert first(PAGE, "Keeper of Embers").names == first(RIFTCODEX, "Keeper of Embers").names \
        == ("Keeper of Embers", "Ember, Keeper of Embers")
    assert first(PAGE, "Cinder Sprite").names == ("Cinder Sprite", "Ember, Cinder Sprite")


def _page_data() -> dict[str, Any]:
    """The fixture's page data without the outer ``"props"`` (the ``/_next/data`` route)."""
    data: dict[str, Any] = raw("gallery-page")["props"]
    return data


def _page_items() -> list[Any]:
    """The fixture's card items, as a list response or a bare array holds them."""
    items: list[Any] = _page_data()["pageProps"]["page"]["blades"][1]["cards"]["items"]
    return items


@pytest.mark.parametrize("container", [
    pytest.param(_page_data, id="pageProps"),
    pytest.param(lambda: {"items": _page_items(), "total": 9, "limit": 50, "offset": 0,
                          "next": None}, id="list-response"),
    pytest.param(_page_items, id="bare-array"),
])
def test_each_gallery_page_container_is_read(container: Any) -> None:
    """The page data without ``"props"``, a publishing-content list response with paging
    metadata and a bare array of items read as the whole page data does; card items of
    several blades are read in order."""
    assert read_dump(container()) == PAGE
    blades: list[JSON] = [{"cards": {"items": _page_items()[:4]}}, {"type": "text"},
                          {"cards": {"items": _page_items()[4:]}}]
    assert read_dump({"pageProps": {"page": {"blades": blades}}}) == PAGE
    assert read_dump({"items": []}) == []


def test_the_gallery_page_ranks_as_the_official_gallery() -> None:
    """Its text wins over Riftcodex's, the catalog's and a preview's; against a gallery
    scrape (the same authority) the later date wins, else the first in input order."""
    cards = {card.name: card for card in distinct(RIFTCODEX + CATALOG + PAGE)}
    assert cards["Thornback, Furious"].source == "gallery-page"
    assert cards["Keeper of Embers"].source == "gallery-page"
    page = first(PAGE, "Fork in the Road")
    scrape = replace(first(GALLERY, "Fork in the Road"), text="Draw 1.")
    assert distinct([page, scrape])[0] is page
    assert distinct([scrape, page])[0] is scrape            # undated: the first
    dated = replace(page, updated="2026-09-01")             # after the scrape's 2026-03-28
    assert distinct([scrape, dated])[0] is dated

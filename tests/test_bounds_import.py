"""Hostile card dumps and errata, each import a whole process under the README's bounds
(10 s, 1 GiB, one line on standard error, no traceback): JSON read with its digits and
depth bounded, at most 5,000 cards, and a card text past 2,000 characters reported as not
compiled, never read (the reader's patterns are not linear in pathological text)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bounded import riftsolve

from riftsolve.rules.limits import MAX_CARD_TEXT, MAX_CARDS


def _card(text: str, name: str = "Hostile") -> dict[str, Any]:
    """A catalog row (the riftboundfaq shape)."""
    return {"name": name, "energyCost": 1, "powerCost": None, "might": None,
            "domains": ["Body"], "cardTypes": ["Spell"], "superTypes": [], "tags": [],
            "abilities": text, "effects": None}


def _import(tmp_path: Path, raw: str, *more: str) -> Any:
    dump = tmp_path / "dump.json"
    dump.write_text(raw)
    return riftsolve("cards", "import", dump, *more, "--out", tmp_path / "library")


@pytest.mark.parametrize(("raw", "said"), [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('[{"name": "A", "energyCost": ' + "9" * 2_000_000 + "}]", "a number of 2,000,000 digits"),
    (json.dumps([_card("Kill a unit.", f"C{i}") for i in range(MAX_CARDS + 1)]),
     f"more than the {MAX_CARDS:,} an import reads"),
])
def test_a_hostile_dump_is_refused_in_one_line(raw: str, said: str, tmp_path: Path) -> None:
    """A dump nested 100,000 deep ended in a RecursionError; a 2-million-digit number took
    28 s (the digit limit lifted); 100,000 cards got no answer in 40 s."""
    run = _import(tmp_path, raw)
    run.check((2,))
    assert said in run.err


@pytest.mark.parametrize("text", [
    "Kill a unit. " + "[" * 100_000,
    "Kill a unit" + " at a battlefield" * 20_000 + ".",
    "Kill a unit " + "foo " * (1 << 18) + ".",
    "Kill a unit " + "&amp;" * 100_000 + ".",
])
def test_a_card_text_past_the_bound_is_reported_not_read(text: str, tmp_path: Path) -> None:
    """Texts that grew super-linearly (100,000 unclosed '[': over 30 s; " at a
    battlefield" x 20,000; 1 MiB of words: 16 s; 100,000 entities: 9 s): refused by their
    length, with a card that compiles beside them."""
    run = _import(tmp_path, json.dumps([_card(text), _card("Kill a unit.", "Plain")]),
                  "--report")
    run.check((0,))
    report = json.loads(run.out)
    assert report["compiled"] == 1
    [refused] = report["not_compiled"]
    assert refused["name"] == "Hostile"
    assert f"at most {MAX_CARD_TEXT:,}" in refused["why"]


def test_a_card_of_a_hundred_choices_of_one_kind_is_named(tmp_path: Path) -> None:
    """The slot namer stopped at 98 choices of one kind (StopIteration)."""
    run = _import(tmp_path, json.dumps([_card(" ".join(f"Kill a unit{i}." for i in range(120))
                                              )]), "--report")
    run.check((0,))
    assert "Traceback" not in run.err


def test_an_erratum_on_a_long_card_is_bounded(tmp_path: Path) -> None:
    """An erratum compared every run of a 400-line card's lines (SequenceMatcher): the
    card's text is past the bound, so it is left as it is and refused by its length."""
    errata = tmp_path / "errata.json"
    errata.write_text(json.dumps({"entries": [{"name": "Hostile", "text": "Kill a unit."}]}))
    run = _import(tmp_path, json.dumps([_card("\n".join(["Kill a unit."] * 400))]),
                  "--errata", str(errata), "--report")
    run.check((0, 2))

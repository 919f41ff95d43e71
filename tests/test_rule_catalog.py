"""Every rule number the code cites is in the catalogue (so explanations never fail), and
is cited, under each supported Core Rules text, with the number that text gives it: the
table ``riftsolve/rules/rule_numbers.json``, whose numbers are found in the texts by
their words (:mod:`riftsolve.rules.rule_texts`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import build, unit

from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.core_rules import RULES, citation, cited_as
from riftsolve.rules.rule_texts import TABLE, Recorded, Table, find, main, number_rules, read_rules
from riftsolve.rules.scenario import ScenarioError
from riftsolve.rules.versions import (
    ALIASES,
    BASE,
    NEWEST,
    SUPPORTED,
    TEXTS,
    before,
    introduced,
    number_in,
)

ROOT = Path(__file__).resolve().parent.parent

#: Each cited rule's number in each text and the phrase of its words there.
NUMBERED = json.loads(TABLE.read_text(encoding="utf-8"))


def test_every_cited_rule_is_catalogued() -> None:
    """Every rule-number string literal in the code resolves to a gist."""
    cited: set[str] = set()
    for path in ROOT.joinpath("riftsolve").rglob("*.py"):
        if path.name in ("core_rules.py", "versions.py"):  # the catalogues, other texts' numbers
            continue
        text = path.read_text()
        # every string literal that is a rule number: "355.14.h.1", "809"
        cited |= set(re.findall(r'"(\d{3}(?:\.[0-9a-z]+)*)"', text))
    assert cited, "no citation found"
    cited.discard("127.0.0.1")  # riftsolve serve's default address, not a rule
    assert sorted(cited - set(RULES)) == []


def test_every_catalogued_rule_is_numbered_in_every_supported_text() -> None:
    """The table covers exactly the catalogue, in every text; a number always comes with
    the phrase that found it, and no two rules share a number in one text."""
    assert NUMBERED["texts"] == list(SUPPORTED)
    assert sorted(NUMBERED["rules"]) == sorted(RULES)
    for version in SUPPORTED:
        numbers = [entry[version]["number"] for entry in NUMBERED["rules"].values()]
        assert all(entry[version]["phrase"] for entry in NUMBERED["rules"].values()
                   if entry[version]["number"] is not None), version
        present = [n for n in numbers if n is not None]
        assert len(present) == len(set(present)), version


def test_the_ids_are_the_1_4_numbers() -> None:
    """A rule's id is its 1.4 number; a rule 1.4 lacks is known by its number in the text
    that introduced it (355.11.b.1, new in 2026-10-09); a rule whose 1.4 number that new
    rule's id took is known by its newest number, and listed with it (811.1.d.5, 1.4's
    811.1.d.3, whose number 2026-10-09 gave a new rule)."""
    taken = NUMBERED["taken"]
    for rule_id, entry in NUMBERED["rules"].items():
        if rule_id in taken:
            assert entry[BASE]["number"] == taken[rule_id]
            assert NUMBERED["rules"][taken[rule_id]][BASE]["number"] is None
            assert number_in(rule_id, SUPPORTED[0]) == rule_id
        elif entry[BASE]["number"] is not None:
            assert entry[BASE]["number"] == rule_id
        else:
            assert number_in(rule_id, introduced(rule_id)) == rule_id
    assert introduced("355.11.b.1") == "2026-10-09" and introduced("355.14.h.1") == "1.4"


@pytest.mark.parametrize("number", sorted(RULES))
@pytest.mark.parametrize("version", SUPPORTED)
def test_citations_under_each_text_use_its_numbers(number: str, version: str) -> None:
    """A rule is cited with the number its text gives it (the table, taken from the texts),
    or, in a text that has no such rule, by the number of the text that introduced it with
    a note saying so; never a number that text does not have."""
    expected = NUMBERED["rules"][number][version]["number"]
    cited = cited_as(number, version)
    if expected is None:
        assert cited["rule"] == number and cited["note"]
        assert cited["version"] in (BASE, introduced(number))
    else:
        assert (cited["rule"], cited["version"]) == (expected, version)
        assert citation(number, version) == f"CR {version} {expected}"


def test_the_2026_10_09_numbers_read_from_its_text() -> None:
    """What the newest text renumbered (each found by its words, checked here by hand
    against the text): combat damage 465.2 is 467.2, Deal's 417 is 418, 355.17 is 355.18
    (a new 355.17 on mandatory requirements comes before it), and 143.2.b is 143.2.c."""
    assert number_in("465.2.c.4", "2026-10-09") == "467.2.c.4"
    assert number_in("417.6.b.3", "2026-10-09") == "418.6.b.3"
    assert number_in("355.17", "2026-10-09") == "355.18"
    assert number_in("143.2.b", "2026-10-09") == "143.2.c"
    assert number_in("355.14.h.1", "2026-10-09") == "355.14.h.1"
    # 2026-07-16 numbers every cited rule as 1.4 does
    assert all(number_in(n, "2026-07-16") == number_in(n, BASE) for n in RULES
               if number_in(n, BASE))


def test_a_rule_new_in_2026_10_09_under_older_texts() -> None:
    entry = cited_as("355.11.b.1", "1.4")
    assert (entry["rule"], entry["version"]) == ("355.11.b.1", "2026-10-09")
    assert entry["note"] == "new in 2026-10-09: not in 1.4"
    assert cited_as("355.14.h.1", "1.3")["note"].startswith("new in 1.4:")


# --------------------------------------------------------------------------- the texts

#: A fragment of a Core Rules text as published: numbered rules, wrapped lines, an
#: example, typographic quotes, two rules worded alike under different parents.
_TEXT = """355.11. Group targets
355.11.b. If the group of targets no longer collectively fulfill the targeting restriction as
the spell resolves, that spell\u2019s controller must choose a legal subset of the original
targets that fulfills the targeting requirement.
355.11.b.1. Any legal subset must include the maximum number of legal targets possible for
that subset.
Example: A player plays Bellow\u2019s Breath, \u201cDeal 1 to up to 3 units.\u201d
815. Tank
815.1.c.1. Players must still assign lethal damage to a unit before moving to the next when
assigning their damage.
826. Backline
826.4.a. Players must still assign lethal damage to a unit before moving to the next when
assigning their damage.
"""


def test_a_text_is_read_rule_by_rule() -> None:
    rules = read_rules(_TEXT)
    assert sorted(rules) == ["355.11", "355.11.b", "355.11.b.1", "815", "815.1.c.1", "826",
                             "826.4.a"]
    assert rules["355.11.b"].startswith("If the group of targets no longer collectively "
                                        "fulfill the targeting restriction as the spell")
    assert "that spell's controller must choose" in rules["355.11.b"]  # quotes made plain
    assert rules["355.11.b.1"].endswith('"Deal 1 to up to 3 units."')  # its example too


def test_a_rule_is_found_by_its_words_and_only_where_they_identify_it() -> None:
    rules = read_rules(_TEXT)
    assert find(rules, "must choose a legal subset of the original targets") == ["355.11.b"]
    assert find(rules, "Any legal subset must include") == ["355.11.b.1"]
    assert find(rules, "Tank") == ["815"]  # the rule whose words are the phrase, first
    alike = "Players must still assign lethal damage to a unit before moving to the next"
    assert find(rules, alike) == ["815.1.c.1", "826.4.a"]
    assert find(rules, alike, under="Backline") == ["826.4.a"]
    assert find(rules, "can choose a subset of the original targets") == []


def _table(rules: dict[str, dict[str, Recorded]]) -> Table:
    return {"about": "", "texts": ["new", "1.4"], "taken": {}, "rules": rules}


def test_numbers_are_set_from_the_words_and_problems_listed() -> None:
    """Numbering a text: each rule's phrase (that text's own, else the 1.4 text's) finds
    its number; a phrase in no rule or in several is a problem, not a guess."""
    table = _table({
        "355.11.b": {"1.4": {"number": "355.11.b", "phrase": "must choose a legal subset"}},
        "826.4.a": {"1.4": {"number": "826.4.a", "phrase": "Players must still assign"},
                    "new": {"phrase": "Players must still assign", "under": "Backline"}},
        "815.1.c.1": {"1.4": {"number": "815.1.c.1", "phrase": "Players must still assign"}},
        "355.11.a": {"1.4": {"number": "355.11.a", "phrase": "never in that text"}},
        "gone": {"1.4": {"number": "gone", "phrase": "x"}, "new": {"number": None,
                                                                   "phrase": None}},
    })
    problems = number_rules(table, "new", read_rules(_TEXT))
    rules = table["rules"]
    assert isinstance(rules, dict)
    assert rules["355.11.b"]["new"]["number"] == "355.11.b"
    assert rules["826.4.a"]["new"]["number"] == "826.4.a"
    assert rules["gone"]["new"] == {"number": None, "phrase": None}  # recorded as absent
    assert sorted(p.split(":")[0] for p in problems) == ["355.11.a", "815.1.c.1"]
    assert "in 2 rules of new (815.1.c.1, 826.4.a)" in next(p for p in problems
                                                            if p.startswith("815"))


def test_the_command_writes_the_numbers_or_lists_the_problems(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "Core-Rules.txt"
    text.write_text(_TEXT, encoding="utf-8")
    table = tmp_path / "rule_numbers.json"
    table.write_text(json.dumps(_table({"355.11.b.1": {"1.4": {"number": None, "phrase": None},
                                                         "new": {"phrase": "Any legal subset"}}
                                        })), encoding="utf-8")
    assert main([f"new={text}", "--table", str(table), "--check"]) == 1  # not yet numbered
    assert main([f"new={text}", "--table", str(table)]) == 0
    written = json.loads(table.read_text(encoding="utf-8"))
    assert written["rules"]["355.11.b.1"]["new"]["number"] == "355.11.b.1"
    assert main([f"new={text}", "--table", str(table), "--check"]) == 0
    table.write_text(json.dumps(_table({"x": {"1.4": {"number": "x", "phrase": "nowhere"}}})),
                     encoding="utf-8")
    assert main([f"new={text}", "--table", str(table)]) == 1
    assert "x: 'nowhere' is in 0 rules of new" in capsys.readouterr().err


# --------------------------------------------------------------------------- versions


def test_a_scenario_without_rules_is_ruled_by_the_newest_text() -> None:
    assert NEWEST == "2026-10-09" == TEXTS[0].name
    doc = {"format": 1, "controller": "A", "card": "Alpha Strike", "battlefields": ["north"],
           "units": [unit("kai", "A", 3), unit("r1")]}
    assert parse_scenario(doc).rules == "2026-10-09"
    assert build([unit("kai", "A", 3), unit("r1")]).rules == "1.4"  # as the fixture says


@pytest.mark.parametrize(("named", "text"), [("2026-10-09", "2026-10-09"),
                                             ("2026-07-16", "2026-07-16"),
                                             ("2026-07-17", "2026-07-16"),
                                             ("2026-06-18", "1.4"), ("1.4", "1.4"),
                                             ("2026-03-30", "1.3"), ("2025-12-01", "1.2")])
def test_a_text_is_named_by_its_date_or_its_number(named: str, text: str) -> None:
    doc = {"format": 1, "rules": named, "controller": "A", "card": "Alpha Strike",
           "battlefields": ["north"], "units": [unit("kai", "A", 3), unit("r1")]}
    assert parse_scenario(doc).rules == text
    assert ALIASES.get(named, named) == text


@pytest.mark.parametrize("named", ["2025-06-02", "1.5", "2026-10-10", ""])
def test_an_unsupported_text_names_the_field(named: str) -> None:
    doc = {"format": 1, "rules": named, "controller": "A", "card": "Alpha Strike",
           "battlefields": ["north"], "units": [unit("kai", "A", 3), unit("r1")]}
    with pytest.raises(ScenarioError, match=r"^rules: Core Rules version .* is not supported "
                       r"\(supported: 2026-10-09, 2026-07-16, 1.4, 1.3, 1.2\)"):
        parse_scenario(doc)


def test_texts_are_ordered_by_date() -> None:
    dates = [text.date for text in TEXTS]
    assert dates == sorted(dates, reverse=True)
    assert before("1.4", "2026-07-16") and before("2026-07-16", "2026-10-09")
    assert not before("2026-10-09", "1.2")


def test_every_number_an_example_cites_is_the_newest_texts() -> None:
    """Every rule number in what the command line prints for the examples (all ruled by
    2026-10-09: tests/data/listings.txt) is the number that text gives a catalogued rule,
    never a 1.4 number it renumbered (465.2.c, 143.2.b ...); 811.1.d.3 is named by the
    note on 811.1.d.2, from the same text."""
    listed = (ROOT / "tests" / "data" / "listings.txt").read_text(encoding="utf-8")
    cited = set(re.findall(r"(?<![\w.])\d{3}(?:\.[0-9a-z]+)+", listed))
    newest = {number_in(rule_id, NEWEST) for rule_id in RULES} | {"811.1.d.3"}
    assert cited and sorted(cited - newest) == []
    assert "467.2.c" in cited and "465.2.c" not in cited

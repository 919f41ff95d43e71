"""``riftsolve cards import``: a dump compiled into a library scenarios name with
``--cards DIR`` (a card by its name or one of its aliases), the ``--report`` object, and
bad files answered in one line.

The dumps are the small fixtures of ``tests/data/dumps`` (written for the tests in each
published shape), never the publishers' files.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from riftsolve.cards import abilities_of, card
from riftsolve.cards.store import LibraryError, read_library, write_library
from riftsolve.faces.cli import main

DUMPS = Path(__file__).parent / "data" / "dumps"


def _run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


@pytest.mark.parametrize("dump", ["gallery.json", "riftcodex.json", "gallery-page.json"])
def test_the_report_counts_what_compiled_and_names_why_the_rest_did_not(dump: str) -> None:
    code, out = _run(["cards", "import", str(DUMPS / dump), "--report"])
    report: dict[str, Any] = json.loads(out)
    assert code == 0 and set(report) == {"read", "cards", "choose_objects", "compiled",
                                         "effects", "not_compiled"}
    assert report["effects"] >= report["compiled"]  # (an effect per choosing ability)
    assert report["read"] >= report["cards"] >= report["choose_objects"]
    assert report["compiled"] + len(report["not_compiled"]) == report["choose_objects"]
    why = {entry["name"]: entry["why"] for entry in report["not_compiled"]}
    # "Choose one -": a mode pick and each mode's picks; "do one of the following" (modes
    # chosen by a condition) is not answered yet, and says so
    assert "Fork in the Road" not in why
    assert "a choice of modes" in why["Rune Reader"]
    assert "Spark Child" not in why  # "ready 2 runes": two runes, picks of a joint choice
    assert "Scrap Run" not in why  # "Kill a gear" (or "up to one gear"): gear compile


def test_an_imported_card_is_named_by_a_scenario(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Thornback, Furious: "When I attack, deal 4 damage split among enemy units here."
    compiled from the gallery fixture; two enemies here share 4 damage: C(3, 1) = 3 ways
    (355.14.e-g), none at another battlefield."""
    library = tmp_path / "cards"
    code, out = _run(["cards", "import", str(DUMPS / "gallery.json"), "--out", str(library)])
    assert code == 0 and json.loads(out)["compiled"] >= 1
    scenario = {"format": 1, "controller": "A", "card": "Thornback, Furious", "source": "me",
                "battlefields": ["north", "south"],
                "units": [{"id": "me", "controller": "A", "might": 4, "location": "north"},
                          {"id": "r1", "controller": "B", "might": 2, "location": "north"},
                          {"id": "r2", "controller": "B", "might": 2, "location": "north"},
                          {"id": "r3", "controller": "B", "might": 2, "location": "south"}],
                "targets": {"enemies": ["r1", "r2"]}}
    path = tmp_path / "thornback.json"
    path.write_text(json.dumps(scenario))
    assert _run(["resolve", str(path), "--count", "--cards", str(library)]) == (
        0, '{"count": 3}\n')
    assert main(["resolve", str(path)]) == 2  # not in the (empty) default library
    assert "unknown card 'Thornback, Furious'" in capsys.readouterr().err
    code, listed = _run(["cards", "--cards", str(library)])
    assert code == 0 and "Thornback" in listed
    named = tmp_path / "named"  # the cards command's own --cards DIR is where import writes
    code, out = _run(["cards", "--cards", str(named), "import", str(DUMPS / "gallery.json")])
    assert code == 0 and json.loads(out)["written"] == str(named / "cards.json")


@pytest.mark.parametrize(("content", "says"), [
    ("{", "malformed JSON"),
    ('{"not": "a dump"}', "not a card dump in a known shape"),
    ('[{"id": "x-1", "name": "Ember Pup", "cardType": {}, "text": {"richText": {"body": 5}}}]',
     "gallery-page record 0 ('Ember Pup'): field 'text.richText.body'"),
])
def test_a_bad_dump_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                content: str, says: str) -> None:
    path = tmp_path / "dump.json"
    path.write_text(content)
    assert main(["cards", "import", str(path), "--report"]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_disarm_is_its_attack_trigger(tmp_path: Path) -> None:
    """831.1.d: "[Disarm 2]" is "When I attack, give an enemy unit here -2 [Might] this
    turn." Disposal Expert (me, north) attacks: an enemy unit here is chosen, b1 or b2
    (b2's Deflect 1 is paid, 809); b3 at south is not here: 2 declarations. Clanging
    Sentry's "Your Mechs have [Disarm]" grants the keyword and chooses nothing itself."""
    def record(name: str, abilities: str) -> dict[str, Any]:
        return {"name": name, "energyCost": 4, "powerCost": None, "might": 3,
                "domains": ["Fury"], "cardTypes": ["Unit"], "superTypes": [], "tags": [],
                "abilities": abilities, "effects": None}
    dump = tmp_path / "disarm.json"
    dump.write_text(json.dumps([
        record("Disposal Expert", "I enter ready if you control no other units.\n[Disarm 2] "
               "(When I attack, give an enemy unit here -2 [Might] this turn.)"),
        record("Clanging Sentry", "Your Mechs have [Disarm]. (When each of us attacks, give "
               "an enemy unit there -1 [Might] this turn.)")]))
    library = tmp_path / "cards"
    code, out = _run(["cards", "import", str(dump), "--out", str(library)])
    assert code == 0 and json.loads(out)["compiled"] == 1
    scenario = {"format": 1, "controller": "A", "card": "Disposal Expert", "source": "me",
                "battlefields": ["north", "south"],
                "units": [{"id": "me", "controller": "A", "might": 3, "location": "north"},
                          {"id": "b1", "controller": "B", "might": 2, "location": "north"},
                          {"id": "b2", "controller": "B", "might": 2, "location": "north",
                           "deflect": 1},
                          {"id": "b3", "controller": "B", "might": 2, "location": "south"}]}
    path = tmp_path / "disarm-scenario.json"
    path.write_text(json.dumps(scenario))
    code, listed = _run(["finalize", str(path), "--cards", str(library)])
    assert code == 0
    assert sorted(json.loads(line)["deflect_cost"] for line in listed.splitlines()) == [0, 1]
    assert "b3" not in listed


def test_an_erratum_wins_over_the_built_in_card_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An overlay's erratum for a built-in card, "Kill any number of units at a battlefield
    with total Might 5 or less." for Fox-Fire (printed: 4), quoted with its keywords'
    reminder text elided ("[Hidden] (...) [Action] (...) Kill ..."). Imported, the card
    named Fox-Fire is the erratum's, and the scenario is warned of it. Units at north of
    Might 1, 2 and 3: the groups of total Might 5 or less are {}, {u1}, {u2}, {u3},
    {u1, u2} (3), {u1, u3} (4) and {u2, u3} (5): 7 declarations (355.11.a, 355.13); the
    built-in card's cap of 4 leaves out {u2, u3}: 6."""
    dump = tmp_path / "dump.json"
    dump.write_text(json.dumps([{
        "name": "Fox-Fire", "energyCost": 3, "powerCost": 0, "might": None,
        "domains": ["Calm"], "cardTypes": ["Spell"], "superTypes": [], "tags": [],
        "abilities": "[Hidden] (Hide now to react with later.)\n[Action] (Play on your turn "
                     "or in showdowns.)\nKill any number of units at a battlefield with total "
                     "Might 4 or less.", "effects": None}]))
    overlay = tmp_path / "errata.json"
    overlay.write_text(json.dumps({"entries": [{
        "official_name": "Fox-Fire", "old_text": "[Hidden] (...) [Action] (...) Kill any "
        "number of units at a battlefield with total Might 4 or less.",
        "new_text": "[Hidden] (...) [Action] (...) Kill any number of units at a "
                    "battlefield with total Might 5 or less."}]}))
    library = tmp_path / "cards"
    assert _run(["cards", "import", str(dump), "--errata", str(overlay), "--out",
                 str(library)])[0] == 0
    scenario = tmp_path / "fox.board"
    scenario.write_text("card Fox-Fire\ncontroller A\nbattlefields north\n"
                        "u1 A 1 @north\nu2 B 2 @north\nu3 B 3 @north\n")
    capsys.readouterr()
    assert _run(["finalize", str(scenario), "--count", "--cards", str(library)]) == (
        0, '{"count": 7}\n')
    assert "replaces the built-in Fox-Fire's" in capsys.readouterr().err
    assert _run(["finalize", str(scenario), "--count"]) == (0, '{"count": 6}\n')
    assert "replaces" not in capsys.readouterr().err


def test_a_legend_is_named_champion_title(tmp_path: Path) -> None:
    """The library remembers each card's other names: a legend stored by its title
    (``"Hollow Queen"``: the gallery page's ``"Vexa"`` + subtitle; ``"Cinder Sprite"``,
    tagged ``Ember``) is found as ``"Vexa, Hollow Queen"``, ``"Vexa - Hollow Queen"`` or
    ``"Ember, Cinder Sprite"`` by ``new``, ``finalize`` and :func:`card`, and keeps its
    own name; a card with no other name is written without ``"aliases"``."""
    library = tmp_path / "cards"
    assert _run(["cards", "import", str(DUMPS / "gallery-page.json"), "--out",
                 str(library)])[0] == 0
    entries = {entry["name"]: entry for entry in json.loads(
        (library / "cards.json").read_text(encoding="utf-8"))["cards"]}
    assert entries["Hollow Queen"]["aliases"] == ["Vexa, Hollow Queen"]
    assert entries["Cinder Sprite"]["aliases"] == ["Ember, Cinder Sprite"]
    assert "aliases" not in entries["Thornback, Furious"]
    for name in ("Vexa, Hollow Queen", "Vexa - Hollow Queen", "vexa-hollow-queen"):
        assert card(name, library).name == "Hollow Queen"
    assert card("Ember, Cinder Sprite", library).name == "Cinder Sprite"
    code, board = _run(["new", "Vexa - Hollow Queen", "--cards", str(library)])
    assert code == 0 and "card Hollow Queen\n" in board
    scenario = tmp_path / "queen.board"
    scenario.write_text(board.replace("card Hollow Queen", "card Vexa, Hollow Queen"))
    code, out = _run(["finalize", str(scenario), "--count", "--cards", str(library)])
    assert code == 0 and json.loads(out)["count"] >= 1
    with pytest.raises(KeyError):
        card("Vexa, Hollow Queen")          # not in the (empty) default library


def test_the_abilities_of_a_legend_are_named_by_its_aliases(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A legend with two abilities that choose: each effect's aliases carry its suffix
    (``"Ziggs, Hexplosives Expert, ability 2"``), and naming the legend by an alias lists
    the stored names of its abilities."""
    dump = tmp_path / "ziggs.json"
    dump.write_text(json.dumps([{
        "name": "Hexplosives Expert", "energyCost": None, "powerCost": None, "might": None,
        "domains": ["Fury"], "cardTypes": ["Legend"], "superTypes": [], "tags": ["Ziggs"],
        "abilities": "[Exhaust]: Stun an enemy unit at a battlefield.\n[1], [Exhaust]: "
                     "Kill a gear.", "effects": None}]))
    library = tmp_path / "cards"
    assert _run(["cards", "import", str(dump), "--out", str(library)])[0] == 0
    assert card("Ziggs, Hexplosives Expert, ability 2", library).name == (
        "Hexplosives Expert, ability 2")
    assert abilities_of("Ziggs - Hexplosives Expert", library) == [
        "Hexplosives Expert, ability 1", "Hexplosives Expert, ability 2"]
    assert main(["new", "Ziggs - Hexplosives Expert", "--cards", str(library)]) == 2
    assert "name one ('Hexplosives Expert, ability 1'" in capsys.readouterr().err


def test_a_library_written_before_aliases_still_reads(tmp_path: Path) -> None:
    """Entries without ``"aliases"`` read as cards with no other name; aliases that are not
    a list of names are an error naming the card."""
    write_library(tmp_path, [card("Fox-Fire")])
    assert "aliases" not in (tmp_path / "cards.json").read_text(encoding="utf-8")
    old = read_library(tmp_path)
    assert list(old) == ["fox-fire"] and old.aliases == {}
    write_library(tmp_path, [card("Fox-Fire")], aliases={"Fox-Fire": ["Ahri, Fox-Fire"]})
    assert read_library(tmp_path).aliases == {"ahri-fox-fire": "fox-fire"}
    document = json.loads((tmp_path / "cards.json").read_text(encoding="utf-8"))
    document["cards"][0]["aliases"] = "Ahri, Fox-Fire"
    (tmp_path / "cards.json").write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(LibraryError, match=r"card 0 \('Fox-Fire'\) cannot be read: aliases: "
                       "a list of names"):
        read_library(tmp_path)

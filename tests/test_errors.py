"""Malformed scenarios: exit code 2 and one line naming the field (and the unit's id)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import scenario_dict, unit

from riftsolve.faces.cli import main


def _good() -> dict[str, Any]:
    return scenario_dict(
        [unit("kai", "A", 3), unit("r1"), unit("r2", location="south")],
        targets={"friendly": "kai", "enemies": ["r1", "r2"]},
    )


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: Any, command: str = "resolve"
         ) -> tuple[int, str]:
    path = tmp_path / "scenario.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    code = main([command, str(path)])
    err = capsys.readouterr().err
    return code, err


def _mutated(change: Any) -> dict[str, Any]:
    doc = _good()
    change(doc)
    return doc


CASES: list[tuple[str, Any, str]] = [
    ("malformed JSON", '{"format": 1,', "scenario: malformed JSON at line 1"),
    ("not an object", "[1, 2]", "scenario: must be a JSON object"),
    ("missing key", _mutated(lambda d: d.pop("controller")), "controller: required field"),
    ("unknown top-level key", _mutated(lambda d: d.update(contoller="A")),
     "contoller: unknown key"),
    ("unknown unit key", _mutated(lambda d: d["units"][1].update(mihgt=1)),
     "units[r1].mihgt: unknown key"),
    ("wrong type", _mutated(lambda d: d.update(battlefields="north")),
     "battlefields: input should be a valid list"),
    ("non-integer Might", _mutated(lambda d: d["units"][1].update(might=2.5)),
     "units[r1].might: input should be a valid integer"),
    ("Might as a string", _mutated(lambda d: d["units"][2].update(might="3")),
     "units[r2].might: input should be a valid integer"),
    ("negative damage", _mutated(lambda d: d["units"][1].update(damage=-1)),
     "units[r1].damage: input should be greater than or equal to 0"),
    ("negative Deflect", _mutated(lambda d: d["units"][1].update(deflect=-2)),
     "units[r1].deflect: input should be greater than or equal to 0"),
    ("bad untargetable", _mutated(lambda d: d["units"][1].update(untargetable="yes")),
     "units[r1].untargetable: input should be 'enemy' or 'all'"),
    ("duplicate unit id", _mutated(lambda d: d["units"].append(unit("r1"))),
     "units[r1].id: duplicate unit id 'r1'"),
    ("unknown location", _mutated(lambda d: d["units"][1].update(location="mars")),
     "units[r1].location: 'mars' is neither a listed battlefield"),
    ("unknown target id", _mutated(lambda d: d["targets"]["enemies"].append("zed")),
     "targets.enemies: unknown unit id 'zed'"),
    ("unknown friendly id", _mutated(lambda d: d["targets"].update(friendly="zed")),
     "targets.friendly: unknown unit id 'zed'"),
    ("unknown card", _mutated(lambda d: d.update(card="Alpha Strik")),
     "card: unknown card 'Alpha Strik': did you mean 'Alpha Strike'? (built in: "),
    ("unknown card, none near", _mutated(lambda d: d.update(card="Zzyzx")),
     "card: unknown card 'Zzyzx' (built in: "),
    ("a unit's key mistyped", _mutated(lambda d: d["units"][1].update(mihgt=2)),
     "units[r1].mihgt: unknown key (keys of your own must start with 'x-'): did you mean "
     "'might'?"),
    ("a required key mistyped", _mutated(lambda d: d.update(controler=d.pop("controller"))),
     "controller: required field is missing (written 'controler'?)"),
    ("unknown slot", _mutated(lambda d: d["targets"].update(units=["r1"])),
     "targets.units: Alpha Strike has no slot 'units'"),
    ("missing slot", _mutated(lambda d: d["targets"].pop("friendly")),
     "targets.friendly: required slot of Alpha Strike is missing"),
    ("group slot given one id", _mutated(lambda d: d["targets"].update(enemies="r1")),
     "targets.enemies: takes a list of unit ids, not one id"),
    ("single slot given a list", _mutated(lambda d: d["targets"].update(friendly=["kai"])),
     "targets.friendly: takes one unit id, not a list"),
    ("required target left empty", _mutated(lambda d: d["targets"].update(friendly=None)),
     "targets.friendly: no unit chosen: this target needs one unit id (355.8"),
    ("required target given none", _mutated(lambda d: d["targets"].update(friendly=[])),
     "targets.friendly: no unit chosen"),
    ("list slot left null", _mutated(lambda d: d["targets"].update(enemies=None)),
     "targets.enemies: no units chosen: write the list of unit ids, or [] for none"),
    ("target chosen twice", _mutated(lambda d: d["targets"]["enemies"].append("r1")),
     "targets.enemies: unit 'r1' is chosen twice"),
    ("wrong format", _mutated(lambda d: d.update(format=2)), "format: input should be 1"),
    ("unsupported rules", _mutated(lambda d: d.update(rules="0.9")),
     "rules: Core Rules version '0.9' is not supported"),
    ("reserved battlefield name", _mutated(lambda d: d.update(battlefields=["base"])),
     "battlefields[0]: 'base' is reserved"),
    ("battlefield named like a base", _mutated(lambda d: d.update(battlefields=["base:B"])),
     "battlefields[0]: 'base:B' is reserved"),
    ("absurd Might", _mutated(lambda d: d["units"][0].update(might=10**22)),
     "units[kai].might: input should be less than or equal to 1000000"),
    ("duplicate battlefield", _mutated(lambda d: d.update(battlefields=["north", "north"])),
     "battlefields[1]: battlefield 'north' is listed twice"),
    ("card and effect", _mutated(lambda d: d.update(effect={"name": "X", "split": {"amount": 1}})),
     "effect: give either 'card' or 'effect', not both"),
    ("Volibear without source", _mutated(lambda d: (d.update(card="Volibear, Furious"),
                                                    d["targets"].pop("friendly"))),
     "source: Volibear, Furious needs the unit whose ability this is"),
    ("unknown source", _mutated(lambda d: d.update(source="zed")),
     "source: unknown unit id 'zed'"),
    ("negative bonus", _mutated(lambda d: d.update(bonus_damage=-1)),
     "bonus_damage: input should be greater than or equal to 0"),
    ("unknown policy", _mutated(lambda d: d.update(policy={"group_subset": "some"})),
     "policy.group_subset: input should be 'maximal' or 'any'"),
    ("resolve without targets", _mutated(lambda d: d.pop("targets")),
     "targets: a resolution question needs the targets"),
]


def test_extension_and_expect_keys_are_ignored(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    doc = _good()
    doc["x-note"] = "mine"
    doc["units"][0]["x-art"] = "kai.png"
    doc["expect"] = {"resolve_count": 2}
    assert _run(tmp_path, capsys, doc) == (0, "")


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resolve", "no-such-file.json"]) == 2
    assert "no-such-file.json: cannot read the file" in capsys.readouterr().err


def test_installed_command_prints_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_mutated(lambda d: d["units"][1].update(might=None))))
    run = subprocess.run([sys.executable, "-m", "riftsolve.faces.cli", "resolve", str(path)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 2
    assert run.stderr.strip() == ("riftsolve: error: units[r1].might: input should be a valid "
                                  "integer: a unit has Might (got none)")
    assert "Traceback" not in run.stderr and run.stdout == ""


def _fox() -> dict[str, Any]:
    return scenario_dict([unit("r1"), unit("r2", location="south")], card="Fox-Fire",
                         targets={"units": ["r1", "r2"]})


def _tricksy() -> dict[str, Any]:
    return scenario_dict([unit("b1"), unit("b2")], card="Tricksy Tentacles",
                         targets={"units": ["b1"], "destination": "north"})


def _changed(base: Callable[[], dict[str, Any]], change: Callable[[dict[str, Any]], object]
             ) -> dict[str, Any]:
    doc = base()
    change(doc)
    return doc


GROUP_CASES: list[tuple[str, Any, str]] = [
    ("group slot with too many units",
     _changed(lambda: scenario_dict([unit(f"u{i}") for i in range(4)], card="Bellows Breath",
                                    targets={"units": ["u0", "u1", "u2", "u3"]}), lambda d: None),
     "targets.units: Bellows Breath chooses 0 to 3 units here, not 4"),
    ("group slot with too few units",
     _changed(lambda: scenario_dict([unit("u0")], card="Switcheroo",
                                    targets={"units": ["u0"]}), lambda d: None),
     "targets.units: Switcheroo chooses 2 units here, not 1"),
    ("from_hidden not a battlefield", _changed(_fox, lambda d: d.update(from_hidden="base")),
     "from_hidden: 'base' is not a battlefield in play"),
    ("from_hidden unknown", _changed(_fox, lambda d: d.update(from_hidden="east")),
     "from_hidden: 'east' is not a battlefield in play"),
    ("from_hidden on a card without Hidden",
     _changed(_tricksy, lambda d: d.update(from_hidden="north")),
     "from_hidden: Tricksy Tentacles has no [Hidden]"),
    ("group slot given a single id", _changed(_fox, lambda d: d["targets"].update(units="r1")),
     "targets.units: takes a list of unit ids, not one id"),
    ("single slot given a list",
     _changed(lambda: scenario_dict([unit("f", "A"), unit("e")], card="Facebreaker",
                                    targets={"friendly": ["f"], "enemy": "e"}), lambda d: None),
     "targets.friendly: takes one unit id, not a list"),
    ("same unit in two slots",
     _changed(lambda: scenario_dict([unit("f", "A"), unit("e")], card="Facebreaker",
                                    targets={"friendly": "e", "enemy": "e"}), lambda d: None),
     "targets.enemy: unit 'e' is chosen twice"),
    ("unknown destination",
     _changed(_tricksy, lambda d: d["targets"].update(destination="mars")),
     "targets.destination: 'mars' is not a battlefield in play nor 'base'"),
    ("missing destination", _changed(_tricksy, lambda d: d["targets"].pop("destination")),
     "targets.destination: Tricksy Tentacles moves its targets"),
    ("destination on a card that does not move",
     _changed(_fox, lambda d: d["targets"].update(destination="north")),
     "targets.destination: Fox-Fire has no slot 'destination'"),
    ("inline effect with split and group",
     _changed(_fox, lambda d: (d.pop("card"), d.update(effect={
         "name": "X", "split": {"amount": 1}, "group": {"slots": [{"name": "units"}]}}))),
     "effect: give exactly one of 'split' or 'group'"),
    ("inline group slot sizes reversed",
     _changed(_fox, lambda d: (d.pop("card"), d.update(effect={
         "name": "X", "group": {"slots": [{"name": "units", "least": 3, "most": 2}]}}))),
     "effect.group.slots[units]: least 3 is more than most 2"),
    ("inline group slot named destination",
     _changed(_fox, lambda d: (d.pop("card"), d.update(effect={
         "name": "X", "group": {"slots": [{"name": "destination"}]}}))),
     "effect.group.slots[destination]: slot name 'destination' is taken"),
    ("inline group unknown share",
     _changed(_fox, lambda d: (d.pop("card"), d.update(effect={
         "name": "X", "group": {"slots": [{"name": "units"}], "share": "deck"}}))),
     "effect.group.share: input should be 'nothing', 'battlefield' or 'location'"),
]


@pytest.mark.parametrize(("doc", "expected"), [c[1:] for c in CASES + GROUP_CASES],
                         ids=[c[0] for c in CASES + GROUP_CASES])
def test_malformed_scenario_exits_2_with_one_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  doc: Any, expected: str) -> None:
    code, err = _run(tmp_path, capsys, doc)
    assert code == 2
    assert err.count("\n") == 1, err
    assert err.startswith("riftsolve: error: " + expected), err


def test_at_each_location_slot_takes_a_mapping(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    doc = scenario_dict([unit("e1")], card="Elder Dragon", targets={"enemies": ["e1"]})
    assert _run(tmp_path, capsys, doc) == (
        2, 'riftsolve: error: targets.enemies: takes one unit id per location: '
           '{"<location>": "<unit id>"}\n')
    doc["targets"] = {"enemies": {"mars": "e1"}}
    assert _run(tmp_path, capsys, doc) == (
        2, "riftsolve: error: targets.enemies.mars: 'mars' is not a location: name a "
           "battlefield in play or 'base:<player>'\n")


def test_non_utf8_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b"\xff{}")
    assert main(["resolve", str(path)]) == 2
    assert "not UTF-8 text (byte 0)" in capsys.readouterr().err


def test_volibear_source_must_be_the_casters_when_finalized(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """191.2: the trigger's controller is its source's controller when it is finalized."""
    doc = scenario_dict([unit("voli", "B", 9), unit("e1")], card="Volibear, Furious",
                        source="voli")
    code, err = _run(tmp_path, capsys, doc, command="finalize")
    assert code == 2
    assert err.startswith("riftsolve: error: source: voli is controlled by B")


def test_a_slot_of_the_wrong_type_names_every_accepted_form(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = scenario_dict([unit("u")], card="Fox-Fire", targets={"units": 5})
    assert _run(tmp_path, capsys, doc) == (
        2, 'riftsolve: error: targets.units: takes a unit id, a list of unit ids, or '
           '{"<location>": "<unit id>"} (got 5)\n')

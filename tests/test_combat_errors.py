"""Malformed combat scenarios (spec/combat.md): exit code 2 and one line on stderr naming the
field at fault (and the unit's id), never a traceback; in-process, a :class:`ScenarioError`
whose ``field`` is that field and whose message is that one line.

Covered: an unknown or malformed keyword, a bad ``prevent`` (negative, a string other than
``"all"``, a float), a ``combat`` block together with ``card``, ``effect`` or ``targets``, a
``combat.battlefield`` that is not listed, an assigner (or, with none, the attacker) without a
unit at the battlefield, a missing or unknown ``combat`` key, a non-boolean flag, an unknown
``combat_excess`` policy, and ``finalize`` asked of a combat scenario.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import riftsolve as rs
from riftsolve.faces.cli import main


def _good() -> dict[str, Any]:
    """A well-formed combat at "north": A attacks with a1, B defends with u1; C's s1 is
    elsewhere."""
    return {
        "format": 1, "rules": "1.4", "controller": "A",
        "combat": {"battlefield": "north", "attacker": "A"},
        "battlefields": ["north", "south"],
        "units": [
            {"id": "a1", "controller": "A", "might": 3, "location": "north",
             "keywords": ["Assault 1"]},
            {"id": "u1", "controller": "B", "might": 2, "location": "north",
             "keywords": ["Tank", "Shield 1"]},
            {"id": "s1", "controller": "C", "might": 2, "location": "south"},
        ],
    }


def _bad(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    doc = _good()
    change(doc)
    return doc


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: dict[str, Any],
         command: str = "resolve") -> tuple[int, str, str]:
    path = tmp_path / "combat.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    code = main([command, str(path)], out=out)
    return code, out.getvalue(), capsys.readouterr().err


# (test id, scenario, command, the field the line must name, a fragment it must contain)
CASES: list[tuple[str, dict[str, Any], str, str, str]] = [
    ("unknown keyword", _bad(lambda d: d["units"][1].update(keywords=["Flying"])),
     "resolve", "units[u1].keywords", "'Flying'"),
    ("unknown keyword among known ones",
     _bad(lambda d: d["units"][0]["keywords"].append("Flying")),
     "resolve", "units[a1].keywords", "'Flying'"),
    ("malformed Assault", _bad(lambda d: d["units"][0].update(keywords=["Assault x"])),
     "resolve", "units[a1].keywords", "'Assault x'"),
    ("malformed Shield", _bad(lambda d: d["units"][1].update(keywords=["Shield 1.5"])),
     "resolve", "units[u1].keywords", "'Shield 1.5'"),
    ("keywords not a list", _bad(lambda d: d["units"][1].update(keywords="Tank")),
     "resolve", "units[u1].keywords", "list"),
    ("negative prevent", _bad(lambda d: d["units"][1].update(prevent=-1)),
     "resolve", "units[u1].prevent", "-1"),
    ("prevent a string other than all", _bad(lambda d: d["units"][1].update(prevent="none")),
     "resolve", "units[u1].prevent", "none"),
    ("prevent a float", _bad(lambda d: d["units"][1].update(prevent=1.5)),
     "resolve", "units[u1].prevent", "1.5"),
    ("stunned not a boolean", _bad(lambda d: d["units"][1].update(stunned="yes")),
     "resolve", "units[u1].stunned", "yes"),
    ("undamageable not a boolean", _bad(lambda d: d["units"][1].update(undamageable="yes")),
     "resolve", "units[u1].undamageable", "yes"),
    ("combat with card", _bad(lambda d: d.update(card="Alpha Strike")),
     "resolve", "card", "combat"),
    ("combat with effect", _bad(lambda d: d.update(effect={"name": "X", "split": {"amount": 1}})),
     "resolve", "effect", "combat"),
    ("combat with targets", _bad(lambda d: d.update(targets={"enemies": ["u1"]})),
     "resolve", "targets", "combat"),
    ("battlefield not listed", _bad(lambda d: d["combat"].update(battlefield="east")),
     "resolve", "combat.battlefield", "'east'"),
    ("battlefield a base", _bad(lambda d: d["combat"].update(battlefield="base")),
     "resolve", "combat.battlefield", "'base'"),
    ("missing battlefield", _bad(lambda d: d["combat"].pop("battlefield")),
     "resolve", "combat.battlefield", "required"),
    ("missing attacker", _bad(lambda d: d["combat"].pop("attacker")),
     "resolve", "combat.attacker", "required"),
    ("unknown combat key", _bad(lambda d: d["combat"].update(asigner="A")),
     "resolve", "combat.asigner", "unknown key"),
    ("lethal_any not a boolean", _bad(lambda d: d["combat"].update(lethal_any="yes")),
     "resolve", "combat.lethal_any", "yes"),
    ("assigner without a unit there", _bad(lambda d: d["combat"].update(assigner="C")),
     "resolve", "combat.assigner", "'C'"),
    ("assigner not a player", _bad(lambda d: d["combat"].update(assigner="Z")),
     "resolve", "combat.assigner", "'Z'"),
    ("attacker without a unit there, no assigner",
     _bad(lambda d: d["combat"].update(attacker="C")),
     "resolve", "combat.attacker", "'C'"),
    ("attacker without a unit there, a defender assigning",
     _bad(lambda d: d["combat"].update(attacker="C", assigner="B")),
     "resolve", "combat.attacker", "'C'"),
    ("unknown combat_excess", _bad(lambda d: d.update(policy={"combat_excess": "first"})),
     "resolve", "policy.combat_excess", "first"),
    ("combat_excess null", _bad(lambda d: d.update(policy={"combat_excess": None})),
     "resolve", "policy.combat_excess", "null"),
    ("finalize of a combat", _good(), "finalize", "combat", "resolve"),
]


def test_the_good_scenario_is_good(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(tmp_path, capsys, _good())
    assert (code, err) == (0, "")
    # 4 damage (3 + Assault 1) on u1, which needs 3 (2 + Shield 1): the 1 left is excess
    assert [json.loads(line) for line in out.splitlines()] == [{"assigned": {"u1": 4}}]


@pytest.mark.parametrize(("doc", "command", "field", "says"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_malformed_combat_exits_2_with_one_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                doc: dict[str, Any], command: str,
                                                field: str, says: str) -> None:
    code, out, err = _run(tmp_path, capsys, doc, command)
    assert code == 2, err
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    assert err.startswith(f"riftsolve: error: {field}: "), err
    assert says in err.removeprefix(f"riftsolve: error: {field}: "), err


@pytest.mark.parametrize(("doc", "command", "field", "says"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_malformed_combat_raises_a_scenario_error_naming_the_field(
        doc: dict[str, Any], command: str, field: str, says: str) -> None:
    ask = rs.finalize if command == "finalize" else rs.resolve
    with pytest.raises(rs.ScenarioError) as raised:
        ask(rs.parse_scenario(doc))
    error = raised.value
    assert error.field == field
    message = str(error)
    assert "\n" not in message
    assert message.startswith(f"{field}: ")
    assert says in message

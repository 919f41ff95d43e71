"""The two readings of scenario format 1 agree: what the hand reader
(:mod:`riftsolve.formats.plain`) accepts, the schema (:mod:`riftsolve.formats.validation`)
accepts too, and both build the same scenario (or refuse it with the same error); the
hand reader takes the common shape of the examples, so that a small question is spared
the schema's import.

The documents are the examples, then hostile variations of them: a value of a field (at
the top, in a unit, a combat, a policy, the targets) replaced by another of any type, a
key added (known, unknown, ``x-``) or dropped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import golden_files
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riftsolve.formats.building import build_scenario
from riftsolve.formats.decoded import number_or_huge
from riftsolve.formats.plain import read_plain
from riftsolve.formats.validation import validate
from riftsolve.rules.limits import LIMIT, VALUE_LIMIT, ScenarioError
from riftsolve.rules.scenario import Scenario

EXAMPLES = {path.name: json.loads(path.read_text(), parse_int=number_or_huge)
            for path in golden_files()}

#: Values a field may be given: of every JSON type, at and past the bounds, and text the
#: schema refuses (a lone surrogate).
VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 2, 1.0, 2.5, LIMIT, LIMIT + 1, -LIMIT, -LIMIT - 1,
    VALUE_LIMIT, VALUE_LIMIT + 1, number_or_huge("9" * 41), "", "a", "all", "enemy",
    "unit", "gear", "attacking", "maximal", "any", "last", "forfeit", "elsewhere", "north",
    "base", "r1", "A", "B", "\ud800", "é", "2026-10-09", "1.4", "9.9", [], ["r1"], ["\ud800"],
    [1], [["A"], ["B"]], [[""]], {}, {"north": "r1"}, {"north": {"a": "r1"}},
    {"north": {"a": 1}}, {"north": ["r1", "r2"]}, {"x": None}, {"battlefield": "north",
                                                               "attacker": "A"},
]

TOP_KEYS = ["format", "rules", "controller", "card", "effect", "combat", "source",
            "from_hidden", "bonus_damage", "available_power", "policy", "teams",
            "lethal_any", "repeat", "event_battlefield", "event_destination", "modes_used",
            "battlefields", "battlefield_control", "units", "objects", "targets", "expect",
            "x-note", "mgiht"]
UNIT_KEYS = ["id", "controller", "type", "might", "location", "damage", "deflect",
             "untargetable", "tags", "value", "stunned", "keywords", "prevent",
             "undamageable", "exhausted", "combat", "buffed", "moved", "token", "empowered",
             "attached", "energy", "power", "on_chosen", "x-note", "mgiht"]
COMBAT_KEYS = ["battlefield", "attacker", "assigner", "lethal_any", "x-note", "side"]
POLICY_KEYS = ["group_subset", "split_illegal", "combat_excess", "specified_destination",
               "x-note", "strict"]


def _outcome(build: Any) -> Scenario | str:
    """The scenario built, or the error's one line."""
    try:
        scenario: Scenario = build()
    except ScenarioError as error:
        return f"error: {error}"
    return scenario


def _agree(doc: dict[str, Any]) -> bool:
    """Whether the hand reader took ``doc``; if it did, the schema takes it too and both
    readings build the same scenario (or the same error)."""
    plain = read_plain(doc)
    if plain is None:
        return False
    validated = validate(doc)  # raises if the schema refuses what the hand reader took
    assert _outcome(lambda: build_scenario(plain)) == _outcome(
        lambda: build_scenario(validated))
    return True


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples_are_read_by_hand_as_the_schema_reads_them(name: str) -> None:
    doc = EXAMPLES[name]
    common = "effect" not in doc and not doc.get("objects")
    assert _agree(doc) == common


@st.composite
def _variations(draw: st.DrawFn) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(json.dumps(
        EXAMPLES[draw(st.sampled_from(sorted(EXAMPLES)))], default=str))
    doc = {k: v for k, v in doc.items() if k != "expect"}
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["top", "unit", "combat", "policy", "targets"]))
        value = draw(st.sampled_from(VALUES))
        drop = draw(st.booleans()) and draw(st.booleans())
        if where == "top":
            record, keys = doc, TOP_KEYS
        elif where == "unit" and doc.get("units"):
            record, keys = draw(st.sampled_from(doc["units"])), UNIT_KEYS
        elif where == "combat":
            record, keys = doc.setdefault("combat", {"battlefield": "north",
                                                     "attacker": "A"}), COMBAT_KEYS
        elif where == "policy":
            record, keys = doc.setdefault("policy", {}), POLICY_KEYS
        else:
            record = doc.setdefault("targets", {})
            keys = [*record, "enemies", "friendly", "x-note"] if isinstance(record, dict) \
                else ["enemies"]
        if not isinstance(record, dict):
            continue
        key = draw(st.sampled_from(keys))
        if drop:
            record.pop(key, None)
        else:
            record[key] = value
    return doc


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_variations())
def test_what_the_hand_reader_takes_the_schema_takes_and_builds_alike(
        doc: dict[str, Any]) -> None:
    _agree(doc)


def test_a_value_the_schema_refuses_is_left_to_it() -> None:
    """One of each kind the hand reader must not take (the schema says why)."""
    base = EXAMPLES["alpha-strike-6-among-3.json"]
    assert read_plain(base) is not None
    unit = base["units"][0]
    refused = [
        {**base, "format": True}, {**base, "format": 1.0}, {**base, "controller": ""},
        {**base, "mgiht": 1}, {**base, "objects": [{"id": "o"}]},
        {**base, "units": [{**unit, "might": True}], "targets": None},
        {**base, "units": [{**unit, "might": LIMIT + 1}]},
        {**base, "units": [{**unit, "id": "\ud800"}]},
        {**base, "units": [{**unit, "prevent": "some"}]},
        {**base, "targets": {"enemies": {"north": {"a": ["r1"]}}}},
        {**base, "units": [{**unit, "on_chosen": [{"text": "x"}]}]},
    ]
    for doc in refused:
        assert read_plain(doc) is None, doc


def test_a_small_question_is_read_without_the_schema(tmp_path: Path) -> None:
    """The schema's import (pydantic) is paid by a scenario the hand reader leaves to it,
    never by one of the common shape."""
    import subprocess
    import sys

    program = ("import sys\nfrom riftsolve.formats.reading import load_scenario\n"
               "load_scenario(sys.argv[1])\nprint('pydantic' in sys.modules)\n")
    small = tmp_path / "small.json"
    small.write_text(json.dumps({k: v for k, v in EXAMPLES["alpha-strike-6-among-3.json"]
                                 .items() if k != "expect"}))
    done = subprocess.run([sys.executable, "-c", program, str(small)], capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == ["False"]

"""The CLI contract: JSON lines, --count, --limit, the listing budget, tables, --explain."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, scenario_dict, unit

from riftsolve.engine.backends import BACKENDS
from riftsolve.engine.questions import resolve
from riftsolve.faces import cli
from riftsolve.faces.cli import main
from riftsolve.formats.reading import load_scenario
from riftsolve.rules.answers import Resolution


def _lines(argv: list[str]) -> tuple[int, list[dict[str, Any]]]:
    out = io.StringIO()
    code = main(argv, out=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def _write(tmp_path: Path, doc: dict[str, Any]) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(doc))
    return str(path)


def _big(tmp_path: Path, targets: int, might: int) -> str:
    units = [unit("kai", "A", might)] + [unit(f"r{i:02d}") for i in range(targets)]
    enemies = [f"r{i:02d}" for i in range(targets)]
    return _write(tmp_path, scenario_dict(units, targets={"friendly": "kai", "enemies": enemies}))


@pytest.mark.parametrize("backend", ["auto", *sorted(BACKENDS)])
def test_resolve_lines_follow_the_contract(backend: str) -> None:
    path = str(EXAMPLES / "alpha-strike-shrunk-5-to-3.json")
    code, lines = _lines(["resolve", path, "--backend", backend])
    assert code == 0
    assert len(lines) == 10
    assert all(set(line) == {"damage"} and sorted(line["damage"].values()) == [1, 1, 1]
               for line in lines)
    assert len({tuple(sorted(line["damage"])) for line in lines}) == 10


def test_fast_output_equals_object_output() -> None:
    """The block writer prints exactly json.dumps of each answer, in the same order."""
    for name in ("alpha-strike-6-among-3", "alpha-strike-shrunk-5-to-3",
                 "alpha-strike-friendly-gone", "alpha-strike-mistargeted"):
        path = EXAMPLES / f"{name}.json"
        fast = io.StringIO()
        main(["resolve", str(path)], out=fast)
        legal = resolve(load_scenario(path), kind=Resolution)
        slow = "".join(json.dumps(r.as_json()) + "\n" for r in legal)
        assert fast.getvalue() == slow


def test_finalize_lines_carry_targets_and_deflect_cost() -> None:
    code, lines = _lines(["finalize", str(EXAMPLES / "volibear-bonus-finalize.json")])
    assert code == 0
    assert {"targets": {"enemies": ["e1", "e2"]}, "deflect_cost": 1} in lines
    assert len(lines) == 6
    code, lines = _lines(["finalize", str(EXAMPLES / "alpha-strike-finalize-4.json")])
    assert lines[0] == {"targets": {"friendly": "kai", "enemies": []}, "deflect_cost": 0}


def test_count_is_exact_without_listing(tmp_path: Path) -> None:
    """60 targets and 40 damage: C(60, 40) = 4,191,844,505,805,495 resolutions (355.14.h.1)."""
    code, lines = _lines(["resolve", _big(tmp_path, 60, 40), "--count"])
    assert (code, lines) == (0, [{"count": 4191844505805495}])


def test_over_budget_listing_is_refused_with_the_count(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    code = main(["resolve", _big(tmp_path, 60, 40)], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 3
    assert "4,191,844,505,805,495 legal resolutions exceed the listing budget" in err
    assert "--count" in err and "--limit" in err


def test_limit_lists_the_first_n(tmp_path: Path) -> None:
    path = _big(tmp_path, 60, 40)
    for backend in ("auto", "cpsat"):
        code, lines = _lines(["resolve", path, "--limit", "7", "--backend", backend])
        assert code == 0 and len(lines) == 7
        assert all(len(line["damage"]) == 40 for line in lines)
    assert _lines(["resolve", path, "--limit", "0"]) == (0, [])


def test_budget_can_be_lowered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "LIST_BUDGET", 5)
    path = str(EXAMPLES / "alpha-strike-shrunk-5-to-3.json")
    assert main(["resolve", path], out=io.StringIO()) == 3
    assert main(["resolve", path, "--limit", "10"], out=io.StringIO()) == 0


def test_explain_adds_the_rule_trail() -> None:
    path = str(EXAMPLES / "alpha-strike-shrunk-5-to-3.json")
    code, lines = _lines(["resolve", path, "--explain", "--limit", "1"])
    assert code == 0
    line = lines[0]
    assert line["dropped"] == ["r4", "r5"]
    rules = [step["rule"] for step in line["why"]]
    assert "355.14.h.1" in rules and "355.14.i" in rules
    assert all(step["version"] == "2026-10-09" and step["text"] for step in line["why"])


def test_table_format_is_readable() -> None:
    out = io.StringIO()
    path = str(EXAMPLES / "alpha-strike-shrunk-5-to-3.json")
    assert main(["resolve", path, "--format", "table", "--explain"], out=out) == 0
    text = out.getvalue()
    assert "Alpha Strike: 10 legal resolutions" in text
    assert "r1 1, r2 1, r3 1" in text
    assert "CR 2026-10-09 355.14.h.1" in text


def test_schema_is_a_json_schema() -> None:
    out = io.StringIO()
    assert main(["schema"], out=out) == 0
    schema = json.loads(out.getvalue())
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert {"format", "controller", "units", "targets"} <= set(schema["properties"])
    assert "might" in schema["$defs"]["UnitIn"]["properties"]


def test_cards_lists_the_library() -> None:
    out = io.StringIO()
    assert main(["cards"], out=out) == 0
    assert "Alpha Strike" in out.getvalue() and "volibear-furious" in out.getvalue()


def test_demo_answers_every_example_as_expected() -> None:
    out = io.StringIO()
    assert main(["demo"], out=out) == 0
    text = out.getvalue()
    assert "MISMATCH" not in text
    assert text.count(" ok ") >= len(list(EXAMPLES.glob("*.json")))


def test_stdin_scenario(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (EXAMPLES / "alpha-strike-5-among-3.json").read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert _lines(["resolve", "-", "--count"]) == (0, [{"count": 6}])


def test_inline_effect_splits_like_a_card(tmp_path: Path) -> None:
    """An inline split of a printed 3 among enemy units at battlefields, plus Bonus Damage 1
    (715.3): 4 damage between 2 targets, C(3, 1) = 3."""
    doc = scenario_dict([unit("r1"), unit("r2", location="south")],
                        targets={"enemies": ["r1", "r2"]}, bonus_damage=1)
    doc.pop("card")
    doc["effect"] = {"name": "Ember Rain", "split": {"amount": 3}}
    assert _lines(["resolve", _write(tmp_path, doc), "--count"]) == (0, [{"count": 3}])


def test_group_resolve_lines_are_sorted_affected_lists() -> None:
    code, lines = _lines(["resolve", str(EXAMPLES / "fox-fire-two-pumped.json")])
    assert code == 0
    assert lines == [{"affected": ["r2", "r3", "r4"]}, {"affected": ["r1", "r3", "r4"]},
                     {"affected": ["r1", "r2"]}]


def test_group_finalize_lines_carry_targets_destination_and_deflect(tmp_path: Path) -> None:
    """Tricksy Tentacles with b1 (Deflect 1) at north: {} once, {b1} to each destination
    but north, where it stands (355.4.a): south and base. 3 lines."""
    doc = scenario_dict([unit("b1", deflect=1)], card="Tricksy Tentacles")
    code, lines = _lines(["finalize", _write(tmp_path, doc)])
    assert code == 0
    assert lines[0] == {"targets": {"units": []}, "deflect_cost": 0}
    assert {"targets": {"units": ["b1"], "destination": "base"}, "deflect_cost": 1} in lines
    assert len(lines) == 3


def test_group_explain_names_left_out_and_illegal_targets() -> None:
    code, lines = _lines(["resolve", str(EXAMPLES / "fox-fire-moved.json"), "--explain"])
    assert code == 0
    first = lines[0]
    assert set(first) == {"affected", "left_out", "illegal", "counted_targets", "why"}
    assert first["counted_targets"] == ["r1", "r2", "r3", "r4"]
    assert sorted(first["affected"] + first["left_out"]) == ["r1", "r2", "r3", "r4"]
    assert any(step["rule"] == "355.11.b" for step in first["why"])


@pytest.mark.parametrize("backend", ["auto", *sorted(BACKENDS)])
def test_group_count_and_listing_agree(backend: str) -> None:
    path = str(EXAMPLES / "fox-fire-two-pumped.json")
    assert _lines(["finalize", path, "--count"]) == (0, [{"count": 13}])
    code, lines = _lines(["finalize", path, "--backend", backend])
    assert code == 0
    assert len(lines) == 13 == len({json.dumps(line, sort_keys=True) for line in lines})


def test_inline_group_effect_is_a_card_of_data(tmp_path: Path) -> None:
    """An inline group: up to two enemy units at one battlefield with total Might <= 3:
    north e1 (1), e2 (2), e3 (3): {e1}, {e2}, {e3}, {e1, e2}; south e4: {e4}; plus {}: 6."""
    units = [unit("e1"), unit("e2", might=2), unit("e3", might=3),
             unit("e4", location="south"), unit("a", "A")]
    doc = scenario_dict(units)
    doc.pop("card")
    doc["effect"] = {"name": "Tidal Snare", "group": {
        "verb": "stun", "slots": [{"name": "units", "among": "enemy", "most": 2}],
        "might_cap": 3, "share": "battlefield"}}
    assert _lines(["finalize", _write(tmp_path, doc), "--count"]) == (0, [{"count": 6}])


def test_group_table_uses_the_cards_verb() -> None:
    out = io.StringIO()
    path = str(EXAMPLES / "fox-fire-moved.json")
    assert main(["resolve", path, "--format", "table"], out=out) == 0
    assert "Fox-Fire: 2 legal resolutions" in out.getvalue() and "kill" in out.getvalue()


def test_pyconstraint_refuses_a_question_too_large_for_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A forced backend never runs for hours: 30 candidates are 2^30 choices for
    python-constraint2's search; refused with exit 2 and a hint."""
    path = _write(tmp_path, scenario_dict([unit("kai", "A", 3)]
                                          + [unit(f"r{i}") for i in range(30)]))
    assert main(["finalize", path, "--backend", "pyconstraint", "--limit", "2"],
                out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("riftsolve: error: --backend: python-constraint2 would search")
    assert "use --backend native or cpsat" in err


def test_best_table_explains_and_top_must_be_positive(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    path = str(EXAMPLES / "alpha-strike-6-among-3.json")
    out = io.StringIO()
    assert main(["best", path, "--objective", "kills", "--format", "table", "--explain"],
                out=out) == 0
    assert "CR 2026-10-09 355.14.g" in out.getvalue()
    with pytest.raises(SystemExit) as stop:
        main(["best", path, "--objective", "kills", "--top", "0"])
    assert stop.value.code == 2
    assert "--top: must be at least 1" in capsys.readouterr().err


def test_bare_riftsolve_prints_its_help_and_commands() -> None:
    """``riftsolve`` alone is not a mistake: it says what it does and lists its commands,
    in the language asked (exit 0)."""
    out = io.StringIO()
    assert main([], out=out) == 0
    said = out.getvalue()
    assert said.startswith("usage: riftsolve")
    assert all(command in said for command in ("finalize", "resolve", "best", "rule", "new"))
    french = io.StringIO()
    assert main(["--lang", "fr"], out=french) == 0
    assert french.getvalue().startswith("usage : riftsolve")


def test_best_ranks_by_kills_then_least_overkill_when_no_objective_is_named() -> None:
    """The default objective (documented in ``--help``): Alpha Strike's 6 damage among
    r1 (Might 1), r2 (2) and r3 (3) kills all three only split 1, 2, 3 (142.4.b: each
    lethal exactly, no overkill); it is the only answer with 3 kills, so the best."""
    path = str(EXAMPLES / "alpha-strike-6-among-3.json")
    named, default = io.StringIO(), io.StringIO()
    assert main(["best", path, "--objective", "kills,-overkill", "--format", "jsonl"],
                out=named) == 0
    assert main(["best", path, "--format", "jsonl"], out=default) == 0
    assert default.getvalue() == named.getvalue()
    assert json.loads(default.getvalue())["objective"] == {"kills": 3, "overkill": 0}


def test_cards_finds_by_words_and_writes_a_json_line_each(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``cards --find WORDS``: the cards whose name, slug or text holds the words (any
    case); a JSON line each off a terminal, with the card's family, slots and text; none
    found: an error with the closest name."""
    assert main(["cards", "--find", "SPLIT AMONG"]) == 0
    found = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(c["name"], c["family"], c["slots"]) for c in found] == [
        ("Alpha Strike", "split", ["friendly", "enemies"]),
        ("Volibear, Furious", "split", ["enemies"])]
    assert main(["cards", "--find", "Alhpa Strike"]) == 2
    assert capsys.readouterr().err == ("riftsolve: error: --find: no card holds 'Alhpa "
                                       "Strike': did you mean 'Alpha Strike'?\n")


def test_the_cards_table_keeps_a_text_s_lines(tmp_path: Path) -> None:
    """A card text of several lines (an imported card's keywords line, then its ability) is
    shown on several lines, not as a literal \\n."""
    from riftsolve.cards.store import write_library
    from riftsolve.compiler.card import compile_card

    write_library(tmp_path, [compile_card("Two Lines", "[Hidden]\nKill a unit.")])
    out = io.StringIO()
    assert main(["cards", "--cards", str(tmp_path), "--find", "two lines", "--format",
                 "table"], out=out) == 0
    table = out.getvalue()
    assert "[Hidden]" in table and "Kill a unit." in table and "\\n" not in table


def test_a_table_s_trails_say_what_every_answer_shares_once() -> None:
    """Alpha Strike with Kai shrunk to 3 Might: every resolution's trail has 359.3.f.2 (the
    damage is Kai's Might now) and 355.14.g (at least 1 each): said once, above the
    answers; what is each answer's own (355.14.e, how it divides) under its number."""
    out = io.StringIO()
    assert main(["resolve", str(EXAMPLES / "alpha-strike-shrunk-5-to-3.json"), "--explain",
                 "--format", "table", "--limit", "3"], out=out) == 0
    text = out.getvalue()
    assert text.count("359.3.f.2: the damage is kai's Might now: 3") == 1
    assert text.count("355.14.g:") == 1 and text.count("355.14.e:") == 3
    assert text.index("every answer shown") < text.index("#1")

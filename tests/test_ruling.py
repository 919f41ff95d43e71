"""The ruling in plain words (``riftsolve rule``, ``--summary``): the three judge
questions of the manual worked out by hand, and on random boards every claim of the
paragraph checked against the independent reference (``tests/reference/``)."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from typing import Any

import pytest
import reference
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from test_properties import boards

from riftsolve.engine.clauses import span
from riftsolve.engine.families.split import Declarations, Resolutions
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces.cli import main
from riftsolve.faces.ruling import EXAMINED, ruling
from riftsolve.formats.examples import example_path
from riftsolve.formats.format1 import parse_scenario


def _ruling_of(name: str, question: str = "resolve", rules: str | None = None) -> Any:
    from riftsolve.formats.reading import load_scenario

    scenario = load_scenario(example_path(name))
    if rules is not None:
        scenario = replace(scenario, rules=rules)
    return ruling(resolve(scenario) if question == "resolve" else finalize(scenario))


def test_shrunk_alpha_strike() -> None:
    # kai had Might 5 at finalization and chose r1-r5; kai's Might is 3 now, so 3 damage
    # (359.3.f.2) among 5 legal targets: 2 are dropped (355.14.h, exactly 2: 355.14.h.1)
    # and each of the 3 kept is dealt 1 (355.14.g): C(5, 3) = 10 choices.
    said = _ruling_of("alpha-strike-shrunk-5-to-3")
    text = said.paragraph()
    assert said.count == 10
    assert "All 5 chosen targets are still legal: r1\u2013r5 (359.3.e.2)" in text
    assert "kai's Might now: 3 (359.3.f.2)" in text
    assert "A must drop 2 of r1\u2013r5 (355.14.h, 355.14.h.1), then deal 1 to each of the " \
        "other 3 (355.14.e)" in text
    assert "stand (355.14.i)" in text
    assert text.endswith("10 legal resolutions. Core Rules 2026-10-09.")


def test_volibear_target_moved() -> None:
    # e2 moved south, no longer at Volibear's battlefield (north): illegal (359.3.e.2),
    # unaffected; 5 damage + 1 Bonus Damage (715.3) = 6 split between e1 and e3, at least
    # 1 each (355.14.g): e1 takes 1 to 5, C(5, 1) = 5 choices.
    said = _ruling_of("volibear-target-moved")
    text = said.paragraph()
    assert said.count == 5
    assert "Still legal: e1 and e3 (359.3.e.2)" in text
    assert "e2 is no longer here" in text
    assert "6 to split (715.3)" in text
    assert "A divides 6 damage among e1 and e3, at least 1 each (355.14.e, 355.14.g)" in text
    # with split_illegal=forfeit, e2 (still on the board) keeps its share, not dealt: 6
    # among e1, e2, e3 at least 1 each, e1 and e3 dealt a and b with a + b <= 5: 10
    assert "with split_illegal=forfeit there would be 10 legal resolutions instead" in text


def test_buffed_fox_fire() -> None:
    # r1-r4 were chosen with total Might 4; r1 and r2 are now 2 each: total 6 > 4, so the
    # controller keeps a subset of the original targets within 4 to which no other could
    # be added (355.11.b, maximal): {r1, r2}, {r1, r3, r4}, {r2, r3, r4}: 3 choices, and
    # each of r1-r4 is in some of them but not all.
    said = _ruling_of("fox-fire-two-pumped")
    text = said.paragraph()
    assert said.count == 3
    assert "total Might 6 is over 4" in text and "(355.11.b)" in text
    assert "A chooses one of them, some include r1\u2013r4" in text
    assert "all of them include" not in text
    # 2026-10-09's 355.11.b.1 requires the maximal subsets: no other reading to weigh
    assert said.readings == () and "group_subset=any" not in text
    assert text.endswith("Core Rules 2026-10-09.")
    # under 1.4 the subset is a named policy: read with group_subset=any, any subset of
    # total Might 4 or less: the empty one, 4 singles, all 6 pairs (2 + 2 = 4 at most),
    # {r1, r3, r4} and {r2, r3, r4}: 13
    older = _ruling_of("fox-fire-two-pumped", rules="1.4")
    assert older.count == 3
    assert [tuple(r) for r in older.readings] == [("group_subset", "maximal", "any", 13,
                                                   "355.11.b")]
    assert "with group_subset=any there would be 13 legal resolutions instead" in \
        older.paragraph()


def test_readings_against_the_reference() -> None:
    """Each other reading's count is the independent reference's under that policy."""
    for name in ("fox-fire-two-pumped", "volibear-target-moved"):
        doc = json.loads(example_path(name).read_text())
        doc.pop("expect", None)
        for reading in ruling(resolve(parse_scenario(doc))).readings:
            other = {**doc, "policy": {**doc.get("policy", {}),
                                       reading.policy: reading.other}}
            assert reading.answers == len(reference.resolve_lines(other)), name


def test_forced_and_impossible() -> None:
    forced = _ruling_of("switcheroo-one-left")
    assert forced.count == 1 and "One legal resolution, forced." in forced.paragraph()
    nothing = _ruling_of("fox-fire-hidden-nothing-there", "finalize")
    text = nothing.paragraph()
    assert nothing.count == 0 and "No legal declarations." in text
    assert "811.1.d" in text  # why none: Fox-Fire can't be played from Hidden here


def test_every_rule_cited_once() -> None:
    for name in ("alpha-strike-shrunk-5-to-3", "volibear-target-moved", "fox-fire-two-pumped"):
        said = _ruling_of(name)
        text = said.paragraph()
        # parentheses holding only rule numbers: those the paragraph adds, and those a
        # fact's own words hold; none twice, and every rule the ruling cites among them
        cited = [n for group in re.findall(r"\((\d[\w.]*(?:, \d[\w.]*)*)\)", text)
                 for n in group.split(", ")]
        assert len(cited) == len(set(cited)), (name, cited)
        assert set(said.cited()) <= set(cited), name


def test_span() -> None:
    assert span(["u1", "u2", "u4"]) == "u1, u2 and u4"  # not a run
    assert span(["a9", "a10", "a11"]) == "a9\u2013a11"
    assert span(["x1", "y2", "z3"]) == "x1, y2 and z3"  # not one prefix


def _split_claims(legal: LegalSet[Any]) -> dict[str, Any]:
    """What the ruling's must-do clauses claim, read back from their English words."""
    clauses = [c.text for c in ruling(legal).must]
    joined = " | ".join(clauses)
    drop = re.search(r"must drop (\d+) of", joined)
    other = re.search(r"deal 1 to (?:each of the other (\d+)|the other one)", joined)
    divide = re.search(r"divides (\d+) damage among", joined)
    alone = re.search(r"deals all (\d+) damage to", joined)
    return {"drop": int(drop.group(1)) if drop else None,
            "kept": (int(other.group(1) or 1)) if other else None,
            "divide": int(divide.group(1)) if divide else None,
            "alone": int(alone.group(1)) if alone else None,
            "forfeit": "illegal target" in joined}


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(boards(with_targets=True))
def test_split_ruling_against_reference(doc: dict[str, Any]) -> None:
    """On random split boards: the count is the reference's, every fact stated is in the
    rule trail of every answer, and what the controller must do fits every reference
    answer (drop k then 1 each; or the whole pool to every legal target, at least 1)."""
    scenario = parse_scenario(doc)
    legal = resolve(scenario)
    assert isinstance(legal, Resolutions)
    answers = [json.loads(line)["damage"] for line in reference.resolve_lines(doc)]
    said = ruling(legal)
    assert said.count == len(answers)
    assert said.still_legal is not None  # only still-legal targets are ever dealt damage
    assert all(set(damage) <= set(said.still_legal) for damage in answers)
    for answer in list(legal)[:200]:
        trail = legal.explain(answer)
        for fact in said.facts:
            assert any(s["rule"] == fact["rule"] and s["detail"] == fact["detail"]
                       for s in trail)
    claims = _split_claims(legal)
    if claims["forfeit"]:  # damage to forfeited illegal targets is not dealt: no fixed sum
        return
    if claims["drop"] is not None:
        for damage in answers:  # the kept each take exactly 1, and as many as said
            assert set(damage.values()) <= {1} and len(damage) == claims["kept"]
        legal_targets = len(legal.problem.targets)
        assert claims["drop"] == legal_targets - claims["kept"]
    elif claims["divide"] is not None or claims["alone"] is not None:
        pool = claims["divide"] if claims["divide"] is not None else claims["alone"]
        for damage in answers:  # every legal target dealt, at least 1, the whole pool
            assert len(damage) == len(legal.problem.targets) and min(damage.values()) >= 1
            assert sum(damage.values()) == pool
    else:  # no must-do: nothing is dealt, or there is no choice
        assert all(not damage for damage in answers) or len(answers) <= 1


def test_facts_on_a_large_set_hold_for_every_answer() -> None:
    """Past :data:`EXAMINED` answers, the facts come from a spread of them: on a set of a
    few thousand, each fact is in every answer's trail."""
    units = [{"id": "kai", "controller": "A", "might": 12, "location": "north"}] + [
        {"id": f"e{i}", "controller": "B", "might": 2, "location": "north"} for i in range(6)]
    scenario = parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
                               "battlefields": ["north"], "units": units,
                               "targets": {"friendly": "kai",
                                           "enemies": [f"e{i}" for i in range(6)]}})
    legal = resolve(scenario)
    # 12 damage among 6 targets, at least 1 each: C(11, 5) = 462 compositions
    assert legal.count() == 462 > EXAMINED
    said = ruling(legal)
    assert said.facts
    for answer in legal:
        trail = legal.explain(answer)
        assert all(fact in trail for fact in said.facts)


def test_cli_rule_and_summary() -> None:
    path = str(example_path("alpha-strike-shrunk-5-to-3"))
    out = io.StringIO()
    assert main(["rule", path], out=out) == 0
    assert "A must drop 2 of r1\u2013r5" in " ".join(out.getvalue().split())
    out = io.StringIO()
    assert main(["rule", path, "--format", "json"], out=out) == 0
    line = json.loads(out.getvalue())
    assert line["count"] == 10 and "355.14.h" in line["rules"]
    out = io.StringIO()
    assert main(["resolve", path, "--summary", "--format", "jsonl"], out=out) == 0
    assert json.loads(out.getvalue())["ruling"] == line["ruling"]
    out = io.StringIO()
    assert main(["rule", path, "--finalize"], out=out) == 0
    assert "on finalization" in out.getvalue()


def test_cli_rule_malformed(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "controller": "A", "card": "Alpha Strike", '
                   '"battlefields": ["north"], "units": [{"id": "x", "controller": "B", '
                   '"might": "big", "location": "north"}]}')
    assert main(["rule", str(bad)], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "units[x].might" in err


def test_cli_ids_escaped(tmp_path: Any) -> None:
    doc = {"format": 1, "controller": "A", "card": "Alpha Strike", "battlefields": ["north"],
           "units": [{"id": "kai", "controller": "A", "might": 1, "location": "north"},
                     {"id": "r\x1b[31m", "controller": "B", "might": 1, "location": "north"}],
           "targets": {"friendly": "kai", "enemies": ["r\x1b[31m"]}}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    assert main(["rule", str(path)], out=out) == 0
    assert "\x1b" not in out.getvalue() and "r\\x1b[31m" in out.getvalue()


@pytest.mark.parametrize("path", sorted(p.stem for p in example_path("alpha-strike-5-among-3")
                                        .parent.glob("*.json")))
def test_facts_hold_for_every_answer_of_every_example(path: str) -> None:
    """Every built-in example, asked its own question: each fact the ruling states is in
    the rule trail of every legal answer, and the count is the listing's."""
    from riftsolve.formats.reading import load_scenario

    scenario = load_scenario(example_path(path))
    legal = resolve(scenario) if scenario.question == "resolve" else finalize(scenario)
    said = ruling(legal)
    answers = list(legal)
    assert said.count == len(answers)
    for answer in answers:
        trail = legal.explain(answer)
        assert all(fact in trail for fact in said.facts), path


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(boards(with_targets=False))
def test_split_declaration_ruling_against_reference(doc: dict[str, Any]) -> None:
    """On random split boards at finalization: the count is the reference's, no reference
    declaration chooses more split targets than the ruling's "up to N" allows, one
    reaches it when the Power allows, and no unit the ruling rules out is ever chosen."""
    scenario = parse_scenario(doc)
    legal = finalize(scenario)
    assert isinstance(legal, Declarations)
    lines = [json.loads(line) for line in reference.finalize_lines(doc)]
    said = ruling(legal)
    assert said.count == len(lines)
    if not lines:
        return
    slot = next(k for k in lines[0]["targets"] if k != "friendly")
    texts = [c.text for c in said.must]
    one = re.search(r"up to (\d+) of", " ".join(texts))
    each = re.search(r"up to its Might of .*? \(([^)]*)\)", " ".join(texts))
    cap = int(one.group(1)) if one else max(
        int(pair.rsplit(" ", 1)[1]) for pair in each.group(1).split(", ")) if each else None
    chosen = [set(line["targets"][slot]) for line in lines]
    if cap is not None:
        assert max(len(c) for c in chosen) <= cap
        if "Deflect" not in " ".join(texts):  # no tax: the cap or every candidate is reached
            assert max(len(c) for c in chosen) == min(cap, len(set().union(*chosen)))
    elif "any number of" in " ".join(texts):  # no cap binds: without taxes, all at once
        if "Deflect" not in " ".join(texts):
            assert set().union(*chosen) in chosen
    else:  # nothing to choose: every declaration chooses no split target
        assert all(not c for c in chosen)
    ruled_out = [unit for unit, _ in legal.problem.excluded]
    friendlies = {line["targets"].get("friendly") for line in lines}
    for unit in ruled_out:
        assert all(unit not in c for c in chosen) or unit in friendlies


def test_a_thousand_unit_ruling_stays_a_paragraph() -> None:
    """1,000 units, 600 enemies at battlefields: the ruling names the first 3 of them, the
    last and how many, and rules out the 399 units at base in one clause, said of each of
    them (355.9.b)."""
    units = [{"id": "kai", "controller": "A", "might": 5, "location": "north"}] + [
        {"id": f"e{i:03d}", "controller": "B", "might": 1,
         "location": "north" if i % 5 < 3 else "base"} for i in range(999)]
    legal = finalize(parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
                                     "battlefields": ["north"], "units": units}))
    text = ruling(legal).paragraph()
    # e000-e002, e005-e007, ... are at north: 3 in every 5 of 999, 600 in all
    assert "up to 5 of e000, e001, e002 ... e997 (600 in all)" in text
    assert "Ruled out: each of e003, e004, e008 ... e998 (399 in all) is not at a " \
        "battlefield (at base) (355.9.b)." in text
    assert len(text.split()) < 150


def test_no_spread_is_listed_past_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where answers have no closed-form index, past SPREAD_LIMIT answers the ruling lists
    none of them to read trails: it states no facts rather than list them all."""
    from riftsolve.faces import ruling as ruling_module
    from riftsolve.formats.reading import load_scenario

    legal = finalize(load_scenario(example_path("fox-fire-hidden-finalize")))
    assert legal.count() == 3 and ruling(legal).facts  # under the bound: facts are read
    monkeypatch.setattr(ruling_module, "SPREAD_LIMIT", 2)
    monkeypatch.setattr(type(legal), "_listed", lambda self: pytest.fail("listed"))
    assert ruling(legal).facts == ()


def test_the_opponent_who_chooses_on_resolution_is_named() -> None:
    """Call to Battle, "Move a unit you control to a battlefield you control. Then, choose
    an opponent. They move a unit they control to the same battlefield.": kai moves to
    north; B, the opponent chosen, picks r1 (at base) or r2 (already at north) as it
    resolves (355.10.e): 2 resolutions, and B chooses them, not A."""
    from riftsolve.formats.notation import read_board

    scenario = read_board("card Call to Battle\ncontroller A\nbattlefields north south\n"
                          "control north=A\nkai A 3 @base\nlux A 2 @north\nmo A 1 @south\n"
                          "r1 B 2 @base\nr2 B 1 @north\n"
                          "targets friendly=kai destination=north opponent=B\n")
    said = ruling(resolve(scenario))
    assert said.count == 2
    assert "B chooses one of them" in said.paragraph()
    assert "A chooses" not in said.paragraph()


def test_an_instruction_done_one_way_or_the_other_is_said_so() -> None:
    """Angle Shot, "Attach that Equipment to that unit or detach that Equipment from that
    unit.": its controller chooses which as it resolves (355.17: the pick ``either``), so 2
    resolutions, attach or detach; the outcome is not modelled, and the ruling says both
    ways, not "attach" alone."""
    from riftsolve.formats.notation import read_board

    scenario = read_board("card Angle Shot\ncontroller A\nbattlefields north\n"
                          "kai A 3 @north\nr1 B 2 @north\n"
                          "axe B @north type=gear tags=Equipment\n"
                          "targets unit=r1 equipment=axe\n")
    text = ruling(resolve(scenario)).paragraph()
    assert "some include attach and detach. 2 legal resolutions." in text
    # its "Draw 1." chooses nothing and is still followed (359.3.e.5's Void Seeker): said
    assert "Draw 1: an outcome not modelled" in text


def test_every_outcome_of_a_resolution_is_said() -> None:
    """What a resolution does is said, modelled or not, each by what it is. Zenith Blade,
    "Stun an enemy unit at a battlefield. You may move a friendly unit to that enemy unit's
    battlefield.": e2 is stunned (it said only the move). Alpha Strike's reflexive "for each
    unit this kills, gain 1 XP" (355.5.b): kai (Might 4) deals e1 (Might 1) 1 and e2
    (Might 3) 3: both die, 2 XP. Moonfall's "Then give enemy units there -2 Might this
    turn": said of the enemy units at north, not modelled (it was said of nothing)."""
    from riftsolve.formats.notation import read_board

    zenith = read_board("card Zenith Blade\ncontroller A\nbattlefields north south\n"
                        "a1 A 3 @north\ne2 B 1 @south\ntargets enemy=e2 friendly=a1\n")
    assert "e2 is stunned (359.3.e.8)" in ruling(resolve(zenith)).paragraph()
    alpha = read_board("card Alpha Strike\ncontroller A\nbattlefields north south\n"
                       "kai A 4 @north\ne1 B 1 @north\ne2 B 3 @south\n"
                       "targets friendly=kai enemies=e1,e2\n")
    legal = resolve(alpha)
    said = {str(a.as_json()["damage"]): legal.explain(a)[-1]["detail"] for a in legal}
    assert said["{'e1': 1, 'e2': 3}"] == ("for each unit this kills, 1 XP: e1, e2 killed, 2 "
                                          "XP gained")
    assert said["{'e1': 2, 'e2': 2}"].endswith("e1 killed, 1 XP gained")
    moonfall = read_board("card Moonfall\ncontroller A\nbattlefields north south\n"
                          "a1 A 3 @north\ne1 B 2 @north\ne2 B 1 @south\n"
                          "targets battlefield=north enemy=e2\n")
    assert "Enemy units at north: give -2 Might, an outcome not modelled" in ruling(
        resolve(moonfall)).paragraph()


def test_a_repeated_execution_says_its_own_outcome_even_the_same() -> None:
    """Bellows Breath ("Deal 1 to up to three units at the same location. [Repeat]") with
    [Repeat] paid and b1 chosen in both executions: each execution deals 1 to b1 (820.2.a),
    so the paragraph says the outcome twice (it dropped the second, said in the same words
    as the first)."""
    doc = {"format": 1, "controller": "A", "card": "Bellows Breath", "repeat": True,
           "battlefields": ["north"],
           "units": [{"id": "a1", "controller": "A", "might": 1, "location": "north"},
                     {"id": "b1", "controller": "B", "might": 1, "location": "north"}],
           "targets": {"units": ["b1"], "repeat": {"units": ["b1"]}}}
    text = ruling(resolve(parse_scenario(doc))).paragraph()
    first, second = text.split("The second execution")
    assert "deal 1 to b1" in first and "deal 1 to b1" in second


#: Why a chosen target may be illegal now, as a unit's fields say it (359.3.e.2).
ILLEGAL = ({"location": "offboard"}, {"location": "base"}, {"untargetable": "enemy"},
           {"location": "south"})


@st.composite
def big_boards(draw: st.DrawFn) -> dict[str, Any]:
    """Alpha Strike with up to 1,000 chosen enemy units, any share of them illegal now for
    any of four reasons (gone, at base, untargetable, at another battlefield than the
    friendly unit's: 'here' is not a restriction of Alpha Strike, so that one stays legal)."""
    n = draw(st.integers(1, 1000))
    share = draw(st.floats(0, 1))
    rng = draw(st.randoms(use_true_random=False))
    units: list[dict[str, Any]] = [{"id": "kai", "controller": "A", "might": 2 * n,
                                     "location": "north"}]
    for i in range(n):
        unit = {"id": f"e{i}", "controller": "B", "might": 1 + i % 4, "location": "north"}
        if rng.random() < share:
            unit.update(rng.choice(ILLEGAL))
        units.append(unit)
    return {"format": 1, "controller": "A", "card": "Alpha Strike",
            "battlefields": ["north", "south"], "units": units,
            "targets": {"friendly": "kai", "enemies": [f"e{i}" for i in range(n)]}}


@settings(max_examples=8, deadline=None, phases=(Phase.explicit, Phase.generate))
@given(doc=big_boards(), lang=st.sampled_from(("en", "fr")))
def test_a_ruling_stays_a_paragraph_citing_each_rule_once_whatever_the_board(
        doc: dict[str, Any], lang: str) -> None:
    """Whatever the board (up to 1,000 chosen targets, any share illegal), the ruling of
    either question stays a paragraph, under 150 words in English (French says the same in
    about a tenth more: under 170), and cites each rule once: what holds of many targets
    is said once over a shortened list, a reason at a time; counts too large to read are
    said by their size."""
    from riftsolve.i18n import language, use_language

    before = language()
    use_language(lang)
    try:
        scenario = parse_scenario(doc)
        for legal in (resolve(scenario), finalize(replace(scenario, targets=None))):
            text = ruling(legal).paragraph()
            words = [w for w in text.split() if any(c.isalnum() for c in w)]
            assert len(words) < (150 if lang == "en" else 170), text
            cited = re.findall(r"\b\d{3}(?:\.[0-9a-z]+)+\b|\b\d{3}\b(?=[,)])", text)
            assert len(cited) == len(set(cited)), text
    finally:
        use_language(before)


def test_two_chosen_targets_still_legal_are_both() -> None:
    """Two chosen targets, both still legal (359.3.e.2): "Both", never "All 2"; one:
    "The chosen target"."""
    def said(n: int) -> str:
        units = [{"id": "kai", "controller": "A", "might": 3, "location": "north"}] + [
            {"id": f"e{i}", "controller": "B", "might": 1, "location": "north"}
            for i in range(1, n + 1)]
        return ruling(resolve(parse_scenario({
            "format": 1, "controller": "A", "card": "Alpha Strike", "battlefields": ["north"],
            "units": units, "targets": {"friendly": "kai",
                                        "enemies": [f"e{i}" for i in range(1, n + 1)]}}))
        ).paragraph()

    assert "Both chosen targets are still legal: e1 and e2 (359.3.e.2)." in said(2)
    assert "The chosen target is still legal: e1 (359.3.e.2)." in said(1)
    assert "All 3 chosen targets are still legal: e1\u2013e3 (359.3.e.2)." in said(3)

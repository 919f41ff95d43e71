"""Which choices are targets (CR 1.4 355.5-355.17, 383.4.b, 809, 359.3.e.9.a).

``tests/data/instructions.json`` holds every seed sentence that states a targeting fact,
every Core Rules example of 355.9-355.13 and more than 60 real card instructions, each
with the expected role of every mention (worked out from the rules, cited in the file).
"""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import build, unit

from riftsolve.cards import library
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.faces.cli import main
from riftsolve.rules.answers import Declaration
from riftsolve.rules.answers.group import GroupDeclaration
from riftsolve.rules.choosing import counted_targets, slot_roles, targeted_slots
from riftsolve.rules.classify import Role, classify
from riftsolve.rules.core_rules import RULES
from riftsolve.rules.effects import Action, Reach, Relation
from riftsolve.rules.effects.group import GroupSlot, GroupTargets
from riftsolve.rules.effects.joint import JointChoice
from riftsolve.rules.grammar import GrammarError

DATA = json.loads((Path(__file__).parent / "data" / "instructions.json").read_text())


@pytest.mark.parametrize("entry", DATA, ids=[e["text"][:60] for e in DATA])
def test_every_mention_gets_its_role(entry: dict[str, Any]) -> None:
    """Each mention's words, kind, role and deciding rule, and the kinds targeted, as the
    data says."""
    got = classify(entry["text"])
    assert [(m.words, m.kind, m.role.value, m.rule) for m in got.mentions] == [
        (m["words"], m["kind"], m["role"], m["rule"]) for m in entry["mentions"]]
    assert got.targets == entry["targets"]
    for mention in got.mentions:
        assert mention.rule in RULES and mention.rule.startswith("355."), mention


def test_the_data_covers_seeds_rules_and_thirty_cards() -> None:
    sources = " ".join(e["source"] for e in DATA)
    cards = {e["source"].split("card: ")[1].split(" (")[0] for e in DATA
             if "card: " in e["source"]}
    assert "seed 000" in sources and "CR 1.4 355.10" in sources
    assert len(cards) >= 30


@pytest.mark.parametrize(("text", "targets"), [
    ("Kill all units at a battlefield.", ["battlefield"]),  # 355.10.b: the battlefield
    ("Kill all units at battlefields.", []),  # 355.10.d: nothing chosen
    ("Kill a unit. Its controller draws 2.", ["unit"]),  # 355.10.d: not the controller
    ("Kill a unit at a battlefield.", ["unit"]),  # 355.10.b: the unit, not the battlefield
    ("Ready your legend.", []),  # seed: selected on resolution
    ("Ready a friendly legend.", ["legend"]),  # 355.10.d.1: a choice (2v2), a target
    ("Play a unit from your hand.", []),  # 355.10.a: a non-public zone
    ("Return a unit from your trash.", ["unit"]),  # 355.10.a.1: the trash is public
    ("You may kill another friendly unit here to draw 1.", []),  # 355.10.c.1: a cost
    ("Spend a buff to move a friendly unit.", ["unit"]),  # 355.10.c.1
    ("Each player kills one of their units.", []),  # 355.10.e
    ("You must recycle one of your runes.", []),  # 355.10.f
])
def test_355_10_examples(text: str, targets: list[str]) -> None:
    assert classify(text).targets == targets


def test_355_9_c_a_spell_never_targets_itself() -> None:
    """355.9.c: 'Counter a spell' targets a spell on the Chain, finalized, not itself."""
    mention = classify("Counter a spell.").mentions[0]
    assert mention.role is Role.TARGET and "355.9.c" in mention.why
    assert "finalized" in mention.why


def test_355_10_d_self_reference_is_not_targeting() -> None:
    """355.10.d: 'Give me +3 Might this turn.' selects its own object programmatically."""
    assert [(m.words, m.role) for m in classify("Give me +3 Might this turn.").mentions] == [
        ("me", Role.AUTOMATIC)]


def test_words_outside_the_grammar_are_named() -> None:
    with pytest.raises(GrammarError, match="words not understood: 'Obliterate', 'fish'"):
        classify("Obliterate a fish.")


def test_every_library_card_is_read_from_its_own_text() -> None:
    """Each slot of every library card is a mention of its text, and a target there; a
    joint choice's move destinations and costs' choices are not targets (355.4,
    355.10.c)."""
    for card in library():
        assert set(slot_roles(card)) == set(card.slot_names), card.name
        targets = (frozenset(p.name for p in card.picks if p.target and not p.later)
                   if isinstance(card, JointChoice) else frozenset(card.slot_names))
        assert targeted_slots(card) == targets, card.name


def test_a_slot_that_is_not_a_target_pays_no_deflect() -> None:
    """809 taxes targets only: "each player kills one of their units" (355.10.e) is chosen
    by the players on resolution, so choosing an enemy Deflect unit costs nothing."""
    effect = GroupTargets(name="Cull", text="Each player kills one of their units.",
                          action=Action.KILL,
                          slots=(GroupSlot("units", Relation.ANY, Reach.BOARD),))
    assert slot_roles(effect) == {"units": (Role.RESOLUTION_CHOICE, "355.10.e")}
    assert targeted_slots(effect) == frozenset()
    # so a declaration choosing the enemy r1 (Deflect 1) costs nothing, even with no Power,
    # and fires none of its "when an opponent chooses me" triggers (383.4.b)
    trigger = {"text": "When an opponent chooses me, draw 1.", "by": "opponent"}
    s = replace(build([unit("r1", deflect=1, on_chosen=[trigger])], card="Fox-Fire",
                      available_power=0), effect=effect)
    legal = finalize(s, kind=GroupDeclaration)
    assert sorted(d.selection for d in legal) == [((),), (("r1",),)]
    assert all(d.deflect_cost == 0 for d in legal)
    assert all(render.line(legal, d)["triggers"] == [] for d in legal)


def test_355_10_d_2_a_single_legal_option_is_still_a_target() -> None:
    """355.10.d.2: one enemy unit (Deflect 1) is the only option: still targeted, so the
    declaration choosing it costs 1 Power, and with no Power left only {} remains."""
    units = [unit("kai", "A", 2), unit("r1", deflect=1)]
    assert {d.deflect_cost for d in finalize(build(units))} == {0, 1}
    assert [d.split for d in finalize(build(units, available_power=0), kind=Declaration)] == [()]


# ------------------------------------------------------------------ Targeting Effects


def test_383_4_b_when_you_choose_me_fires_on_its_controllers_choice() -> None:
    """383.4.b: Irelia ('When you choose me, +1 Might') fires when A chooses her as Alpha
    Strike's friendly unit; r1's trigger is its controller's, so A's choice does not fire
    it; r2's fires on an opponent's choice."""
    units = [unit("irelia", "A", 1, on_chosen=["When you choose me, give me +1 Might."]),
             unit("r1", on_chosen=["When you choose me, draw 1."]),
             unit("r2", on_chosen=[{"text": "When an opponent chooses me, draw 1.",
                                    "by": "opponent"}])]
    legal = finalize(build(units), kind=Declaration)
    lines = {tuple(d.split): render.line(legal, d)["triggers"] for d in legal}
    irelia = {"unit": "irelia", "text": "When you choose me, give me +1 Might."}
    assert lines[()] == [irelia]
    assert lines[("r1",)] == [irelia]
    assert lines[("r2",)] == [irelia, {"unit": "r2", "text": "When an opponent chooses me, "
                                                              "draw 1."}]


def test_355_14_d_each_split_target_fires_on_its_own() -> None:
    """355.14.d: two split targets with triggers fire two triggers."""
    units = [unit("kai", "A", 2)] + [unit(f"r{i}", on_chosen=[{"text": "Draw 1.", "by": "any"}])
                                     for i in (1, 2)]
    legal = finalize(build(units), kind=Declaration)
    both = next(d for d in legal if d.split == ("r1", "r2"))
    triggers = render.line(legal, both)["triggers"]
    assert isinstance(triggers, list)
    assert [t["unit"] if isinstance(t, dict) else t for t in triggers] == ["r1", "r2"]
    rules = [s["rule"] for s in legal.explain(both)]
    assert rules.count("383.4.b") == 2 and rules.count("355.14.d") == 1


def test_lines_have_no_triggers_key_without_targeting_effects() -> None:
    legal = finalize(build([unit("kai", "A", 1), unit("r1")]))
    assert all("triggers" not in render.line(legal, d) for d in legal)


def test_finalize_cli_reports_fired_triggers(tmp_path: Path) -> None:
    from conftest import scenario_dict

    doc = scenario_dict([unit("f", "A", on_chosen=["When you choose me, draw 1."]),
                         unit("e")], card="Facebreaker")
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    assert main(["finalize", str(path)], out=out) == 0
    assert json.loads(out.getvalue()) == {
        "targets": {"friendly": "f", "enemy": "e"}, "deflect_cost": 0,
        "triggers": [{"unit": "f", "text": "When you choose me, draw 1."}]}


# ------------------------------------------------------------------ counting targets


def test_359_3_e_9_a_mistargeted_targets_still_count_left_board_do_not() -> None:
    """359.3.e.9.a (the rule's example): Volibear targets 3 units; Flash moves 2 to base:
    other spells still count 3 targets. Had those 2 died, they would count 1."""
    def scenario(where: str) -> Any:
        units = [unit("voli", "A", 9), unit("e1"), unit("e2", location=where),
                 unit("e3", location=where)]
        return build(units, card="Volibear, Furious", source="voli",
                     targets={"enemies": ["e1", "e2", "e3"]})

    assert counted_targets(scenario("base")) == ["e1", "e2", "e3"]
    assert counted_targets(scenario("offboard")) == ["e1"]
    legal = resolve(scenario("base"))
    assert render.explained_line(legal, next(iter(legal)))["counted_targets"] == ["e1", "e2", "e3"]



def test_359_3_e_9_a_a_joint_choice_counts_each_object_it_targets() -> None:
    """359.3.e.9.a counts the "game objects, players, or zones" a finalized item targets:
    Crescent Strike chooses a battlefield and an enemy unit there (both targets), so
    another spell counts 2, the battlefield first as the card chooses it; had the unit
    left the board, the battlefield alone."""
    def scenario(where: str) -> Any:
        return build([unit("a1", "A"), unit("b1", location=where), unit("b2")],
                     card="Crescent Strike", targets={"battlefield": "north", "enemy": "b1"})

    assert counted_targets(scenario("north")) == ["north", "b1"]
    assert counted_targets(scenario("offboard")) == ["north"]

# ------------------------------------------------------------------ the command


def _classify(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any, str]:
    out = io.StringIO()
    code = main(["classify", *args], out=out)
    err = capsys.readouterr().err
    return code, json.loads(out.getvalue()) if out.getvalue() else None, err


def test_classify_command_prints_roles_and_targets(capsys: pytest.CaptureFixture[str]) -> None:
    code, result, _ = _classify(["Kill all units at a battlefield."], capsys)
    assert code == 0
    assert result["targets"] == ["battlefield"]
    assert [(m["words"], m["role"], m["rule"]) for m in result["mentions"]] == [
        ("all units", "automatic", "355.10.d"), ("a battlefield", "target", "355.10.b")]


def test_classify_card_prints_its_slots(capsys: pytest.CaptureFixture[str]) -> None:
    code, result, _ = _classify(["--card", "alpha-strike"], capsys)
    assert code == 0 and result["card"] == "Alpha Strike"
    assert result["slots"] == {"friendly": {"role": "target", "rule": "355.7"},
                               "enemies": {"role": "target", "rule": "355.14.a"}}


def test_classify_card_of_an_imported_library(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``--cards DIR``, as for ``finalize`` and ``new``: a card of the library imported there,
    by its name or an alias, printed by its own name; the default library (empty here)
    does not have it, and the error says where it looked."""
    library = tmp_path / "cards"
    dump = Path(__file__).parent / "data" / "dumps" / "gallery-page.json"
    assert main(["cards", "import", str(dump), "--out", str(library)], out=io.StringIO()) == 0
    for name in ("Hollow Queen", "Vexa - Hollow Queen"):
        code, result, _ = _classify(["--card", name, "--cards", str(library)], capsys)
        assert code == 0 and result["card"] == "Hollow Queen"
        assert result["slots"] == {"units": {"role": "target", "rule": "355.10"}}
    code, _, err = _classify(["--card", "Hollow Queen"], capsys)
    assert code == 2 and err.startswith("riftsolve: error: --card: unknown card 'Hollow Queen'")
    assert "no imported library in" in err


@pytest.mark.parametrize(("args", "message"), [
    (["Obliterate a fish."], "classify: words not understood: 'Obliterate', 'fish'"),
    (["--card", "Nope"], "--card: unknown card 'Nope'"),
    ([], "classify: give an instruction text or --card NAME, not both"),
])
def test_classify_errors_exit_2(args: list[str], message: str,
                                capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _classify(args, capsys)
    assert code == 2
    assert err.startswith("riftsolve: error: " + message) and err.count("\n") == 1


def test_curly_apostrophes_read_like_straight_ones() -> None:
    """The official texts write the apostrophe of "owner's" as U+2019."""
    assert classify("Return a unit to its owner\u2019s hand.").targets == ["unit"]

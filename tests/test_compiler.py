"""Card text compiled into effects (:mod:`riftsolve.compiler.card`), the library
it makes, and a compiled card answered end to end from a user card library."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import as_line, unit

import riftsolve as rs
from riftsolve.cards import card, library
from riftsolve.cards.store import effect_from_json, effect_to_json, write_library
from riftsolve.compiler.builtin.snapshot import compiled
from riftsolve.compiler.card import (
    CompileError,
    compile_abilities,
    compile_card,
    keywords_in_words,
)
from riftsolve.rules.effects import Action, Pool, Reach, Relation, Sharing, SplitDamage, Zone
from riftsolve.rules.effects.group import GroupTargets
from riftsolve.rules.effects.joint import JointChoice
from riftsolve.rules.families.group import GroupChosen, GroupProblem
from riftsolve.rules.families.joint import JointChosen


def _group(text: str) -> GroupTargets:
    effect = compile_card("Test", text)
    assert isinstance(effect, GroupTargets)
    return effect


@pytest.mark.parametrize(("text", "action", "damage", "slots", "reach", "sharing"), [
    # "Kill a unit at a battlefield": one unit, anyone's, at a battlefield (355.9.b)
    ("Kill a unit at a battlefield.", Action.KILL, 0, [(Relation.ANY, 1, 1)],
     Reach.BATTLEFIELD, Sharing.NOTHING),
    # "each of up to two": zero to two units, each dealt the amount (355.11)
    ("Deal 6 to each of up to two units.", Action.DEAL, 6, [(Relation.ANY, 0, 2)],
     Reach.BOARD, Sharing.NOTHING),
    ("Stun an enemy unit.", Action.STUN, 0, [(Relation.ENEMY, 1, 1)], Reach.BOARD,
     Sharing.NOTHING),
    ("Return a friendly unit to its owner's hand.", Action.RETURN_TO_HAND, 0,
     [(Relation.FRIENDLY, 1, 1)], Reach.BOARD, Sharing.NOTHING),
    # two slots sharing one battlefield (Facebreaker's shape)
    ("Stun a friendly unit and an enemy unit at the same battlefield.", Action.STUN, 0,
     [(Relation.FRIENDLY, 1, 1), (Relation.ENEMY, 1, 1)], Reach.BATTLEFIELD,
     Sharing.BATTLEFIELD),
    # a group "at a battlefield" shares that one battlefield (Fox-Fire's shape)
    ("Kill any number of units at a battlefield with total Might 4 or less.", Action.KILL,
     0, [(Relation.ANY, 0, None)], Reach.BATTLEFIELD, Sharing.BATTLEFIELD),
    ("Deal 1 to up to three units at the same location.", Action.DEAL, 1,
     [(Relation.ANY, 0, 3)], Reach.BOARD, Sharing.LOCATION),
])
def test_a_choice_of_units_compiles_to_a_group(
        text: str, action: Action, damage: int, slots: list[tuple[Relation, int, int | None]],
        reach: Reach, sharing: Sharing) -> None:
    effect = _group(text)
    assert (effect.action, effect.damage, effect.sharing) == (action, damage, sharing)
    assert [(s.among, s.least, s.most) for s in effect.slots] == slots
    assert {s.reach for s in effect.slots} == {reach}


def test_a_cap_on_each_unit_is_a_filter_not_a_total() -> None:
    """"each with 5 Might or less" (Corrupted Dragon): each unit's own Might (355.9.b),
    not the group's total (355.11's "total Might")."""
    dragon = _group("When you play me, kill any number of enemy units here each with 5 "
                    "Might or less.")
    assert dragon.might_cap is None
    assert [(s.among, s.reach, s.might_at_most) for s in dragon.slots] == [
        (Relation.ENEMY, Reach.HERE, 5)]
    units = [unit("me", "A", 6), unit("r1", might=5), unit("r2", might=6),
             unit("r3", might=4)]
    scenario = rs.Scenario("A", dragon, rs.parse_scenario(
        {"format": 1, "controller": "A", "card": "Fox-Fire", "battlefields": ["north"],
         "units": units}).board, source="me")
    # r1 and r3 qualify, r2 (6) does not: any subset of {r1, r3}, 2^2 = 4
    assert rs.finalize(scenario).count() == 4


def test_gear_is_chosen_as_gear() -> None:
    """"Kill a gear" chooses a gear, "a unit or gear" either, "a unit and a gear" one of
    each, one after the other (355.9.b: only a gear meets "a gear")."""
    assert [s.kinds for s in _group("Kill a gear.").slots] == [("gear",)]
    assert [s.kinds for s in _group("Kill a unit or gear.").slots] == [("unit", "gear")]
    both = compile_card("Test", "Kill a unit and a gear.")  # (two choices, nothing shared)
    assert isinstance(both, JointChoice)
    assert [(p.name, p.kind) for p in both.picks] == [("unit", "unit"), ("gear", "gear")]
    detonate = _group("Kill a gear. Its controller draws 2.")
    units = [unit("a", "A", 2), unit("r1", might=3),
             {"id": "g1", "controller": "B", "type": "gear", "location": "base"}]
    board = rs.parse_scenario({"format": 1, "controller": "A", "card": "Fox-Fire",
                               "battlefields": ["north"], "units": units}).board
    legal = rs.finalize(rs.Scenario("A", detonate, board), kind=rs.GroupDeclaration)
    assert [d.chosen() for d in legal] == [("g1",)]  # the units are no gear


def test_an_instruction_without_a_modelled_outcome_keeps_its_words() -> None:
    buff = _group("Buff a friendly unit.")
    assert buff.action is Action.AFFECT and buff.verb == "buff"


def test_split_damage_compiles_from_both_wordings() -> None:
    volibear = compile_card("V", "When I attack, deal 5 damage split among any number of "
                                 "enemy units here.")
    assert isinstance(volibear, SplitDamage)
    assert (volibear.pool, volibear.amount, volibear.among, volibear.zone) == (
        Pool.FIXED, 5, Relation.ENEMY, Zone.HERE)
    alpha = compile_card("A", "Choose a friendly unit. It deals damage equal to its Might "
                              "split among enemy units at battlefields. Then for each unit "
                              "this kills, do this: Gain 1 XP.")
    assert isinstance(alpha, SplitDamage)
    assert (alpha.pool, alpha.bonus_applies, alpha.xp_per_kill) == (Pool.FRIENDLY_MIGHT,
                                                                    False, 1)


@pytest.mark.parametrize(("text", "says"), [
    ("Kill a unit with a fishy grin.", "words not understood: 'fishy', 'grin'"),
    ("Draw 2.", "no choice of units"),
    ("Kill any number of units. Stun a unit.", "several choices"),
    ("Stun a damaged unit.", "'damaged' is not modelled"),
    # one choice over object types the board does not hold is not a choice of units
    ("Return a unit or rune to its owner's hand.", "chooses unit or rune"),
    ("Return a unit or spell to its owner's hand.", "chooses unit or spell"),
    ("Kill a unit. Then stun a unit there.", "several choices"),
    # a judge's review of compiled dump cards: each of these was once misread
    ("Move an enemy unit.\n[Level 6][>] [Stun] an enemy unit.", "gated by \\[Level\\]"),
    ("When you play me, deal 2 to a unit.\n[Exhaust]: Stun a unit.", "several abilities"),
    ("An opponent reveals their hand. Choose a card from it.", "which zone"),
])
def test_a_text_outside_the_compiler_is_refused_with_why(text: str, says: str) -> None:
    with pytest.raises(CompileError, match=says):
        compile_card("Test", text)


def test_the_library_is_compiled_and_every_card_round_trips_through_json() -> None:
    """Every built-in card is the compiler's reading of its text (with a reviewer's
    corrections); each is stored and read back unchanged."""
    fox = card("Fox-Fire")
    assert isinstance(fox, GroupTargets)
    assert (fox.action, fox.might_cap, fox.sharing, fox.hidden) == (Action.KILL, 4,
                                                                    Sharing.BATTLEFIELD, True)
    for effect in library():
        assert effect_from_json(json.loads(json.dumps(effect_to_json(effect)))) == effect


def test_a_compiled_card_is_answered_from_a_user_library(tmp_path: Path) -> None:
    """Singularity, "Deal 6 to each of up to two units.", from a library folder: three
    units on the board, so C(3,0) + C(3,1) + C(3,2) = 7 declarations (any units, 355.11;
    up to two); two of them chosen, each dealt 6, kill both (142.4.b)."""
    write_library(tmp_path, [compile_card("Singularity", "Deal 6 to each of up to two "
                                                          "units.")])
    units = [unit("a", "A", 2), unit("b1", might=3), unit("b2", might=6)]
    doc = {"format": 1, "controller": "A", "card": "Singularity", "battlefields": ["north"],
           "units": units}
    with pytest.raises(rs.ScenarioError, match="unknown card 'Singularity'"):
        rs.parse_scenario(doc)
    scenario = rs.parse_scenario(doc, cards=tmp_path)
    assert rs.finalize(scenario).count() == 7
    chosen = rs.parse_scenario({**doc, "targets": {"units": ["b1", "b2"]}}, cards=tmp_path)
    legal = rs.resolve(chosen)
    assert rs.best(legal, "kills")[0].values == {"kills": 2}


def test_here_is_the_source_battlefield(tmp_path: Path) -> None:
    """"Deal 3 to an enemy unit here": one enemy unit at the source's battlefield, checked
    when the instruction executes (359.3.f.2). The source at north: r1 there, not r2 at
    south: one declaration. Once the source has moved to south, r1 is not here: the
    resolution deals nothing, with 359.3.f.2 as the reason."""
    raider = compile_card("Raider", "When I attack, deal 3 to an enemy unit here.")
    assert isinstance(raider, GroupTargets) and raider.needs_source
    assert [s.reach for s in raider.slots] == [Reach.HERE]
    write_library(tmp_path, [raider])
    units = [unit("me", "A", 2), unit("r1", might=3), unit("r2", might=3, location="south")]
    doc = {"format": 1, "controller": "A", "card": "Raider", "source": "me",
           "battlefields": ["north", "south"], "units": units}
    declared = rs.finalize(rs.parse_scenario(doc, cards=tmp_path))
    assert [d.chosen() for d in declared] == [("r1",)]
    moved = [unit("me", "A", 2, "south"), unit("r1", might=3), unit("r2", might=3)]
    later = rs.parse_scenario({**doc, "units": moved, "targets": {"units": "r1"}},
                              cards=tmp_path)
    legal = rs.resolve(later, kind=rs.Affected)
    assert [as_line(a) for a in legal] == [{"affected": []}]
    assert [f.rule for f in legal.verify(rs.Affected.of(["r1"]))] == ["359.3.e.5"]
    problem = legal.problems()[0]
    assert isinstance(problem, GroupProblem)
    [(illegal, why)] = problem.illegal  # why r1 is illegal now
    assert illegal == "r1" and why.rule == "359.3.f.2" and "no longer here" in why.message


@pytest.mark.parametrize(("text", "reading"), [
    # "you control": the controller's own units (740.1.a)
    ("When I attack, buff a unit you control here.", (Action.AFFECT, Relation.FRIENDLY)),
    # the instruction the next sentence says plainly
    ("Choose a unit. Kill it.", (Action.KILL, Relation.ANY)),
    # what happens depends on facts a scenario does not state: the outcome is not modelled
    ("Choose an enemy unit. If it is stunned, kill it. Otherwise, stun it.",
     (Action.AFFECT, Relation.ENEMY)),
    ("Deal 2 to a unit at a battlefield. If it's attacking, deal 4 to it instead.",
     (Action.AFFECT, Relation.ANY)),
    ("Choose an enemy unit. Deal 6 to it unless its controller has you draw 2.",
     (Action.AFFECT, Relation.ENEMY)),
])
def test_what_a_choice_does_is_read_only_where_the_text_says_it_plainly(
        text: str, reading: tuple[Action, Relation]) -> None:
    effect = _group(text)
    assert (effect.action, effect.slots[0].among) == reading


@pytest.mark.parametrize(("text", "says"), [
    ("Move an enemy unit that died this turn.", "the condition"),
    ("When I move, deal 1 to a unit at a battlefield I moved through.", "not understood"),
    ("When you play me, play a 1 [Might] Recruit unit token here.", "no choice of units"),
    ("Return a unit at a battlefield with 3 [Might] or less to its owner's hand.", ""),
])
def test_conditions_on_the_units_are_refused_or_read(text: str, says: str) -> None:
    if not says:  # a Might symbol reads as the word: a cap on each unit
        assert [s.might_at_most for s in _group(text).slots] == [3]
        return
    with pytest.raises(CompileError, match=says):
        compile_card("Test", text)


def test_a_card_that_ignores_deflect_pays_none() -> None:
    """Decree of Insight, "Ignore [Deflect] while paying this spell's cost. Give an enemy
    Body unit -5 [Might] this turn.": choosing a Deflect 2 enemy with no Power left is
    legal and costs nothing (the card's own text; 809's tax otherwise)."""
    text = ("[Reaction] Ignore [Deflect] while paying this spell's cost.\n"
            "Give an enemy Body unit -5 [Might] this turn.")
    decree = _group(text)
    assert decree.ignores_deflect and [s.tags for s in decree.slots] == [("Body",)]
    units = [unit("a", "A", 2), unit("r1", might=3, deflect=2, tags=["Body"])]
    board = rs.parse_scenario({"format": 1, "controller": "A", "card": "Fox-Fire",
                               "battlefields": ["north"], "units": units}).board
    paid = rs.finalize(rs.Scenario("A", decree, board, available_power=0))
    assert [(d.chosen(), d.deflect_cost) for d in paid] == [(("r1",), 0)]
    plain = rs.finalize(rs.Scenario("A", _group("Give an enemy Body unit -5 [Might] this "
                                                 "turn."), board, available_power=0))
    assert list(plain) == []  # 809: the tax of 2 cannot be paid


def test_the_library_snapshot_is_the_texts_compiled_now() -> None:
    """``library.json``, read at start-up, is what the built-in texts compile to with their
    corrections (``python -m riftsolve.compiler.builtin.snapshot`` rewrites it)."""
    assert compiled() == library()


def test_runes_spells_and_cards_in_zones_are_picks_of_a_joint_choice() -> None:
    """Objects beside units: a rune on the board (355.9.a.1), a spell on the Chain
    (355.9.a.2), a card in a public zone (targeted) or in a hand (chosen on resolution,
    no target, 355.10.a)."""
    both = compile_card("Both", "Exhaust a unit and an exhausted rune.")
    assert isinstance(both, JointChoice)
    assert [(p.kind, p.state) for p in both.picks] == [("unit", ""), ("rune", "exhausted")]
    card = compile_card("Dig", "Return a unit from your trash to your hand.")
    assert isinstance(card, JointChoice)
    [pick] = card.picks
    assert (pick.kind, pick.zone, pick.card_type, pick.target, pick.later) == (
        "card", "trash", "unit", True, False)
    discard = compile_card("Toss", "Discard a card. Draw 2.")
    assert isinstance(discard, JointChoice)
    assert [(p.zone, p.target, p.later) for p in discard.picks] == [("hand", False, True)]
    assert discard.slot_names == ()  # nothing is declared: the card is chosen on resolution


def test_costs_conditions_and_might_dealt_are_read() -> None:
    """An optional additional cost's choice (355.10.c: no target, may stay empty), a
    target under a condition (chosen now all the same, 355.5; its outcome not modelled)
    and damage equal to a unit's Might, read as it executes (359.3.f.2)."""
    cost = compile_card("Taker", "As you play me, you may kill a friendly unit as an "
                        "additional cost. Draw 1.")
    assert isinstance(cost, JointChoice)
    [paid] = cost.picks
    assert (paid.target, paid.optional) == (False, True)
    assert [(d.pick, d.action) for d in cost.deeds] == [(paid.name, Action.KILL)]
    grip = compile_card("Grip", "Kill a friendly unit. If you do, give +Might equal to its "
                        "Might to another friendly unit this turn.")
    assert isinstance(grip, JointChoice)
    assert [p.target for p in grip.picks] == [True, True]
    assert grip.deeds[-1].action is Action.AFFECT and "(if ...)" in grip.deeds[-1].label
    breath = compile_card("Breath", "Choose a friendly unit. It deals damage equal to its "
                          "Might to an enemy unit at a battlefield.")
    assert isinstance(breath, JointChoice)
    assert [(d.pick, d.amount_from) for d in breath.deeds] == [("enemy", "friendly")]
    stun = compile_card("Stun", "Stun an exhausted unit.")
    assert isinstance(stun, JointChoice) and stun.picks[0].state == "exhausted"


def test_damage_equal_to_a_units_might_is_read_as_it_executes() -> None:
    """"It deals damage equal to its Might": the friendly unit's Might when the
    instruction executes (359.3.f.2), 3 here: lethal for the 3-Might enemy (142.4.b); with
    the friendly unit gone there is no Might to read and nothing is dealt (359.3.e.12)."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.outcome import apply
    from riftsolve.rules.scenario import Scenario

    effect = compile_card("Breath", "Choose a friendly unit. It deals damage equal to its "
                          "Might to an enemy unit at a battlefield.")
    picks = (("friendly", "a1"), ("enemy", "b1"))
    board = Board(("north",), (Unit("a1", "A", 3, "north"), Unit("b1", "B", 3, "north")))
    s = Scenario("A", effect, board, targets=JointChosen(picks=picks))
    [answer] = list(resolve(s))
    assert apply(s, answer).killed == ("b1",)
    gone = Board(("north",), (Unit("a1", "A", 3, "offboard"), Unit("b1", "B", 3, "north")))
    s2 = Scenario("A", effect, gone, targets=JointChosen(picks=picks))
    [answer2] = list(resolve(s2))
    assert apply(s2, answer2).dealt == ()


def test_several_objects_chosen_alike_are_each_set_once() -> None:
    """"Ready up to 2 runes" over runes r1, r2, r3: any set of at most two of them (355.13),
    each once whatever the order: C(3,0) + C(3,1) + C(3,2) = 1 + 3 + 3 = 7; "2 runes":
    C(3,2) = 3; "an exhausted rune": r1 only. Every backend lists the same sets."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    board = Board(("north",), (), objects=(Piece("r1", "rune", "A", exhausted=True),
                                           Piece("r2", "rune", "A"), Piece("r3", "rune", "B")))
    for text, want in (("Ready up to 2 runes.", 7), ("Ready 2 runes.", 3),
                       ("Ready an exhausted rune.", 1)):
        scenario = Scenario("A", compile_card("Runes", text), board)
        listed = {b: sorted(repr(a) for a in finalize(scenario, b))
                  for b in ("native", "cpsat", "pyconstraint")}
        assert finalize(scenario).count() == len(listed["native"]) == want, text
        assert listed["native"] == listed["cpsat"] == listed["pyconstraint"]


def test_each_player_chooses_one_of_their_own_on_resolution() -> None:
    """"Each player kills one of their units" (Cull the Weak): no target, chosen on
    resolution by each player among the units they control (355.10.e), a teammate's units
    not being theirs. A: a1 or a2; B: b1; C (A's teammate): c1 -> 2 resolutions; nothing
    is declared at finalization (one empty declaration). "Each opponent must kill one of
    their units": B alone (A and C are friends) -> 1."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.answers.joint import Choice, Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    board = Board(("north",), (Unit("a1", "A", 1, "north"), Unit("a2", "A", 2, "base"),
                               Unit("b1", "B", 3, "north"), Unit("c1", "C", 1, "north"),
                               Unit("bg", "B", 0, "north", type="gear")),
                  teams=(("A", "C"),))
    cull = Scenario("A", compile_card("Cull", "Each player kills one of their units."), board)
    assert [as_line(a) for a in finalize(cull, kind=Choice)] == [
        {"targets": {}, "deflect_cost": 0}]
    lines = [as_line(a)["picks"] for a in resolve(cull, kind=Executed)]
    assert lines == [{"their_unit[A]": a, "their_unit[B]": "b1", "their_unit[C]": "c1"}
                     for a in ("a1", "a2")]
    assert resolve(cull).count() == 2
    shard = Scenario("A", compile_card("Shard", "Each opponent must kill one of their "
                                               "units."), board)
    assert [as_line(a)["picks"] for a in resolve(shard, kind=Executed)] == [
        {"their_unit[B]": "b1"}]


def test_a_choice_of_one_mode_picks_only_that_modes_objects() -> None:
    """"Choose one - Deal 4 to a unit at a battlefield. / Kill a gear." (Lost to the
    Sands): the controller chooses the mode (191.2) and only its targets (355.5). u1 is the
    one unit at a battlefield, g1 the one gear: mode 1 with u1, or mode 2 with g1 -> 2; a
    mode with no valid target can't be chosen (355.8): with no gear, 1."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.answers.joint import Choice
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    effect = compile_card("Lost", "[Action]\nChoose one -\n- Deal 4 to a unit at a "
                          "battlefield.\n- Kill a gear.")
    assert isinstance(effect, JointChoice)
    units = (Unit("u1", "B", 3, "north"), Unit("u2", "A", 1, "base"))
    board = Board(("north",), (*units, Unit("g1", "B", 0, "base", type="gear")))
    lines = [as_line(a)["targets"] for a in finalize(Scenario("A", effect, board),
                                                       kind=Choice)]
    assert lines == [{"mode": "1", "unit": "u1", "gear": None},
                     {"mode": "2", "unit": None, "gear": "g1"}]
    assert finalize(Scenario("A", effect, Board(("north",), units))).count() == 1


def test_a_move_here_and_a_unit_in_a_base() -> None:
    """"When I move to a battlefield, you may move an enemy unit to that battlefield": the
    source's battlefield (359.3.f.2), a destination the card names: by default any enemy
    (355.4: b1 at north too, whose move does nothing); under specified_destination=elsewhere
    one not already there (355.4.a): with the source at north, b2 (south) and b3 (base), not
    b1 (north). "Deal 4 to a unit in a base": b3 and a2, each at a base."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Policy, Scenario

    board = Board(("north", "south"), (
        Unit("me", "A", 3, "north"), Unit("a2", "A", 1, "base"), Unit("b1", "B", 2, "north"),
        Unit("b2", "B", 2, "south"), Unit("b3", "B", 2, "base")))
    faefolk = compile_card("Faefolk", "When I move to a battlefield, you may move an enemy "
                           "unit to that battlefield.")
    assert faefolk.needs_source
    moved = [a.chosen() for a in finalize(Scenario("A", faefolk, board, source="me"))]
    # (or not at all: a triggered "you may" is decided as it is finalized, 383.3.a)
    assert moved == [(), ("b1",), ("b2",), ("b3",)]
    elsewhere = Policy(specified_destination="elsewhere")
    assert [a.chosen() for a in finalize(Scenario("A", faefolk, board, source="me",
                                                  policy=elsewhere))] == [(), ("b2",), ("b3",)]
    rocket = compile_card("Rocket", "Deal 4 to a unit in a base.")
    assert [a.chosen() for a in finalize(Scenario("A", rocket, board))] == [("a2",), ("b3",)]



def test_what_a_judge_found_misread_is_read_right() -> None:
    """A trailing "if ..." chooses nothing (its outcome is not modelled); a keyword's cost
    line ("[Repeat] - Discard 1") is paid to play, not read as an instruction; a card
    banished from a trash to pay a cost is no target (355.10.c); "from here" is here."""
    counter = compile_card("Sands", "Counter a spell if an opponent has played another "
                           "spell this turn.")
    assert isinstance(counter, JointChoice) and [p.kind for p in counter.picks] == ["spell"]
    square = compile_card("Square", "[Repeat] - Discard 1 (You may pay the additional cost "
                          "to repeat this spell's effect.)\nGive a unit +1 Might this turn.")
    assert [s.kinds for s in getattr(square, "slots", ())] == [("unit",)]
    revenant = compile_card("Revenant", "Banish a unit or gear from your trash, [Exhaust]: "
                            "Draw 1.")
    assert isinstance(revenant, JointChoice)
    assert [(p.kind, p.target, p.zone) for p in revenant.picks] == [("card", False, "trash")]
    janna = compile_card("Janna", "When you play me, move up to one enemy unit from here to "
                         "its base.")
    assert isinstance(janna, JointChoice) and janna.picks[0].reach is Reach.HERE


def test_what_a_second_review_found_is_read_right() -> None:
    """"When ..., you may discard 1 to kill a unit or gear": the card discarded is the base
    cost's choice (no target, 383.3.b), the unit a target; both are made as the ability is
    finalized or neither (383.3.a), nothing is declined on resolution; "from a
    battlefield": at a battlefield; "each player discards 1" in a mode: each chooses a
    card of their own hand on resolution, only if that mode was chosen."""
    mord = compile_card("Mord", "When you play me or when I attack, you may discard 1 to "
                        "kill a unit or gear.")
    assert isinstance(mord, JointChoice)
    assert [(p.kind, p.target, p.optional, p.may) for p in mord.picks] == [
        ("card", False, True, False), ("unit", True, True, False)]
    assert [(lk.pick, lk.link.value, lk.to) for lk in mord.links] == [
        ("unit", "together", "card")]
    isolate = compile_card("Isolate", "Move an enemy unit from a battlefield to its base.")
    assert isinstance(isolate, JointChoice) and isolate.picks[0].reach is Reach.BATTLEFIELD
    minah = compile_card("Minah", "When I move to a battlefield, choose one -\n- Each player "
                         "discards 1.\n- Each player draws 1.")
    assert isinstance(minah, JointChoice)
    assert [(p.kind, p.chooser, p.in_mode, p.later) for p in minah.picks] == [
        ("mode", "you", 0, False), ("card", "each", 1, True)]


def test_an_optional_action_with_a_cost_is_declinable() -> None:
    """A spell's "You may pay 2 to stun a unit": the unit is chosen now (355.12) and the
    stun, with its cost within the instruction (204.3.b), may be declined on resolution. A
    triggered ability's "you may" as the first part of its effect is decided as it is
    finalized (383.3.a): the unit may be none (the ability not done), nothing is declined
    on resolution."""
    spell = compile_card("Jolt", "You may pay 2 to stun a unit.")
    assert isinstance(spell, JointChoice)
    assert [(p.kind, p.target, p.optional, p.may) for p in spell.picks] == [
        ("unit", True, False, True)]
    kennen = compile_card("Kennen", "When you play me or I attack, you may pay 2 to stun a "
                          "unit.")
    assert isinstance(kennen, JointChoice)
    assert [(p.kind, p.target, p.optional, p.may) for p in kennen.picks] == [
        ("unit", True, True, False)]


def test_what_a_third_review_found_is_read_right() -> None:
    """A cap after a place ("a unit at a battlefield with 2 Might or less") is kept; "one
    of its Equipment" (another object's) is refused; a reflexive "do this:" chooses on
    resolution (355.5.b), and one made only if a condition holds then is refused (a later
    review found Ivern's buff offered whatever was revealed)."""
    money = compile_card("Money", "Kill a unit at a battlefield with 2 Might or less.")
    assert [s.might_at_most for s in getattr(money, "slots", ())] == [2] or [
        p.might_at_most for p in getattr(money, "picks", ())] == [2]
    with pytest.raises(CompileError, match="another object's"):
        compile_card("Azir", "Choose a friendly unit. You may attach one of its Equipment "
                     "to me.")
    reflexive = compile_card("Ivern", "Choose a friendly unit. Then do this: Buff a friendly "
                             "unit.")
    assert isinstance(reflexive, JointChoice)
    assert [p.later for p in reflexive.picks] == [False, True]
    with pytest.raises(CompileError, match="holds as it resolves"):
        compile_card("Ivern", "Choose a friendly unit. Then if you revealed a Bird, do this: "
                     "Buff a friendly unit.")


def test_a_choice_of_two_modes_makes_both_modes_picks() -> None:
    """"Choose two -" (Encore) over units u1, u2: any pair of the four modes (191.2), and
    the picks of both. Mode 1 "Deal 2 to a unit": 2 ways; mode 3 "up to two units": 1 + 2
    + 1 = 4 ways; modes 2 and 4 choose nothing. {1,2} 2 + {1,3} 8 + {1,4} 2 + {2,3} 4 +
    {2,4} 1 + {3,4} 4 = 21, on every backend."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    encore = compile_card("Encore", "Choose two -\n- Deal 2 to a unit.\n- Play two 1 Might "
                          "Recruit unit tokens.\n- Give up to two units each +1 Might this "
                          "turn.\n- Look at the top 2 cards of your Main Deck, draw 1 and "
                          "recycle the other.")
    board = Board(("north",), (Unit("u1", "B", 2, "north"), Unit("u2", "A", 1, "north")))
    scenario = Scenario("A", encore, board)
    for backend in ("native", "cpsat", "pyconstraint"):
        legal = finalize(scenario, backend)
        assert legal.count() == len(list(legal)) == 21, backend


def test_a_card_with_several_abilities_that_choose_has_an_effect_for_each(
        tmp_path: Path) -> None:
    """Zaun Punk: an optional additional cost (kill a friendly gear, 355.10.c) and a "When
    you play me" trigger (kill a gear, a target) are two abilities, each finalized on its
    own (355.5): two effects, named "<card>, ability <n>" in printed order. A list under
    "do the following based on" stays with the line that opens it (Hwei is refused: its
    choice depends on a card discarded). A scenario naming the card alone is told which
    names to use (exit 2)."""
    from riftsolve.compiler.card import ability_texts, compile_abilities

    text = ("You may kill a friendly gear as an additional cost to play me.\n"
            "When you play me, if you paid the additional cost, kill a gear.")
    cost, trigger = compile_abilities("Zaun Punk", text)
    assert (cost.name, trigger.name) == ("Zaun Punk, ability 1", "Zaun Punk, ability 2")
    assert trigger.slug == "zaun-punk-ability-2"
    [single] = compile_abilities("Singularity", "Deal 6 to each of up to two units.")
    assert single.name == "Singularity"
    hwei = ("When I move, draw 1, then discard 1. Then, do the following based on the "
            "discarded card's type:\n\nSpell - Draw 1.Gear - Ready up to 2 runes.")
    assert len(ability_texts(hwei)) == 1
    with pytest.raises(CompileError, match="modes"):
        compile_abilities("Hwei", hwei)
    write_library(tmp_path, [cost, trigger])
    board = {"format": 1, "controller": "A", "battlefields": ["north"], "units": [
        {"id": "g1", "controller": "A", "location": "base", "type": "gear"},
        {"id": "g2", "controller": "B", "location": "north", "type": "gear"}]}
    with pytest.raises(rs.ScenarioError, match=r"'Zaun Punk' has 2 abilities .*'Zaun Punk, "
                       r"ability 1', 'Zaun Punk, ability 2'"):
        rs.parse_scenario({**board, "card": "Zaun Punk"}, cards=tmp_path)
    # the cost: a friendly gear, or none (it is optional): g1 or nothing -> 2
    paid = rs.parse_scenario({**board, "card": "Zaun Punk, ability 1"}, cards=tmp_path)
    assert sorted(str(a.chosen()) for a in rs.finalize(paid)) == ["('g1',)", "()"]
    # the trigger: any gear -> g1 or g2
    killed = rs.parse_scenario({**board, "card": "zaun punk, ability 2"}, cards=tmp_path)
    assert rs.finalize(killed).count() == 2


def test_discard_and_recycle_a_count_of_cards() -> None:
    """"Discard 2" (Jinx): two cards of the controller's own hand, chosen on resolution,
    no target (355.10.a), each set once: hand h1, h2, h3 -> C(3,2) = 3; with one card in
    hand, as much as can be done is done (055, 359.3.e.11): h1 alone -> 1. "Recycle 3
    from your trash" as an activated ability's cost (Garbage Grabber) is paid in full or
    not at all (355.10.c): three cards in the trash -> 1 way; two -> none."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    jinx = compile_card("Jinx", "When you play me, discard 2.")
    hand = tuple(Piece(f"h{n}", "card", "A", zone="hand") for n in (1, 2, 3))
    theirs = Piece("x1", "card", "B", zone="hand")
    full = Scenario("A", jinx, Board(("north",), (), objects=(*hand, theirs)))
    sets = [tuple(sorted(v for _, v in a.picks if v)) for a in resolve(full, kind=Executed)]
    assert sorted(sets) == [("h1", "h2"), ("h1", "h3"), ("h2", "h3")]
    assert resolve(full).count() == 3
    short = Scenario("A", jinx, Board(("north",), (), objects=(hand[0], theirs)))
    assert [as_line(a)["picks"] for a in resolve(short, kind=Executed)] == [
        {"card": "h1", "card2": None}]
    grabber = compile_card("Grabber", "Recycle 3 from your trash, :rb_energy_1:, "
                           ":rb_exhaust:: Draw 1.")
    trash = tuple(Piece(f"t{n}", "card", "A", zone="trash") for n in (1, 2, 3))
    assert finalize(Scenario("A", grabber, Board(("north",), (), objects=trash))
                    ).count() == 1
    assert finalize(Scenario("A", grabber, Board(("north",), (), objects=trash[:2]))
                    ).count() == 0
    # "recycle 3 from your trash" as an effect (Dr. Mundo) targets nothing (416.6): chosen
    # on resolution, as many as there are (416.4)
    mundo = compile_card("Mundo", "At the start of your Beginning Phase, recycle 3 from "
                         "your trash.")
    assert isinstance(mundo, JointChoice)
    assert [(p.target, p.later) for p in mundo.picks] == [(False, True)] * 3
    few = Scenario("A", mundo, Board(("north",), (), objects=trash[:2]))
    assert [sorted(v for _, v in a.picks if v) for a in resolve(few, kind=Executed)] == [
        ["t1", "t2"]]


def test_a_unit_in_combat_or_stunned_is_chosen_by_its_state() -> None:
    """"Stun an attacking unit" (Thwonk!): only an attacker (a unit whose ``combat`` is
    "attacking"); "a defending unit": a defender; "an enemy unit attacking here"
    (Shadow): an attacker at the source's battlefield, an enemy; "a stunned unit": one
    stunned (423), not a tag. Board: a1 (A) attacking at north, b1 (B) defending at north,
    b2 (B) attacking at south, b3 (B) stunned in its base, the source s (B's, at north).
    a2 (A) at north, in no combat. Attackers: a1, b2 -> 2; defenders: b1; enemies of B
    attacking here (north): a1, not a2;
    stunned: b3. A unit in a base can't be in combat: exit 2 naming the field."""
    scenario = {"format": 1, "controller": "B", "battlefields": ["north", "south"],
                "units": [unit("a1", "A", 2, "north", combat="attacking"),
                          unit("a2", "A", 2, "north"),
                          unit("b1", "B", 2, "north", combat="defending"),
                          unit("b2", "B", 3, "south", combat="attacking"),
                          unit("b3", "B", 1, "base", stunned=True),
                          unit("s", "B", 1, "north")]}
    from dataclasses import replace

    from riftsolve.engine.questions import finalize

    def chosen(text: str, **extra: str) -> list[str]:
        board = rs.parse_scenario({**scenario, "card": "Alpha Strike", **extra})
        effect = compile_card("T", text)
        return sorted(str(a.chosen()[0]) for a in finalize(replace(board, effect=effect)))

    assert chosen("Stun an attacking unit.") == ["a1", "b2"]
    assert chosen("Return a defending unit to its owner's hand.") == ["b1"]
    assert chosen("Stun an enemy unit attacking here.", source="s") == ["a1"]
    assert chosen("Kill a stunned unit.") == ["b3"]
    bad = {**scenario, "card": "Alpha Strike",
           "units": [unit("b3", "B", 1, "base", combat="attacking")]}
    with pytest.raises(rs.ScenarioError, match=r"units\[b3\]\.combat"):
        rs.parse_scenario(bad)


def test_a_cards_only_choice_in_a_delayed_trigger_is_that_triggers_question() -> None:
    """"When you conquer here, ready up to 2 runes at the end of this turn" (Targon's
    Peak): the card chooses nothing now; its only choice is the delayed trigger's, made
    when that trigger is finalized (355.5.b): that is the question answered, read without
    its timing. A card that also chooses now keeps its delayed trigger's choices out."""
    peak = compile_card("Peak", "When you conquer here, ready up to 2 runes at the end of "
                        "this turn.")
    assert isinstance(peak, JointChoice) and peak.delayed
    assert [(p.kind, p.optional) for p in peak.picks] == [("rune", True), ("rune", True)]
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    runes = finalize(Scenario("A", peak, Board(("north",), (), objects=(
        Piece("r1", "rune", "A"),))))
    assert runes.explain(next(iter(runes)))[0]["rule"] == "355.5.b"
    both = compile_card("Both", "Stun a unit. At the end of this turn, ready up to 2 runes.")
    assert [s.kinds for s in getattr(both, "slots", ())] == [("unit",)]


def test_a_buff_spent_is_one_of_the_players_own_buffed_units() -> None:
    """"Spend a buff" removes a buff from a unit its player controls (702.2.b.2), a choice
    of a cost, no target (355.10.c.1). Board: a1 (A, buffed), a2 (A), c1 (C, A's teammate,
    buffed), b1 (B, buffed). Call to Glory's shape, "As you play this, you may spend a buff
    as an additional cost. Ready a unit.": the buff now, a1's or none (c1's is the
    teammate's, b1's an opponent's) -> 2, times any of the 4 units to ready -> 8.
    Monastery of Hirana's, "When you conquer here, you may spend a buff to draw 1": a
    triggered ability's base cost (383.3.b), paid to finalize it, and done or not as it is
    finalized (383.3.a): a1's buff or none -> 2, nothing chosen on resolution. Within a
    spell's instruction (204.3.b) the buff is spent as it resolves: nothing now."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.answers.joint import Choice, Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    board = Board(("north",), (Unit("a1", "A", 2, "north", buffed=True),
                               Unit("a2", "A", 1, "north"),
                               Unit("c1", "C", 2, "north", buffed=True),
                               Unit("b1", "B", 2, "north", buffed=True)), teams=(("A", "C"),))
    glory = Scenario("A", compile_card("Glory", "As you play this, you may spend a buff as "
                                        "an additional cost. Ready a unit."), board)
    declared = [as_line(a)["targets"] for a in finalize(glory, kind=Choice)]
    assert sorted({str(d["buffed"]) for d in declared}) == ["None", "a1"]
    assert len(declared) == finalize(glory).count() == 8
    monastery = Scenario("A", compile_card("Monastery", "When you conquer here, you may "
                                           "spend a buff to draw 1."), board)
    assert [as_line(a)["targets"] for a in finalize(monastery, kind=Choice)] == [
        {"buffed": None}, {"buffed": "a1"}]
    spell = Scenario("A", compile_card("Ploy", "You may spend a buff to draw 1."), board)
    assert [as_line(a)["targets"] for a in finalize(spell, kind=Choice)] == [{}]
    spent = sorted(str(as_line(a)["picks"]["buffed"]) for a in resolve(spell,
                                                                         kind=Executed))
    assert spent == ["None", "a1"]


def test_a_card_of_the_chosen_opponents_hand_and_costs() -> None:
    """Mindsplitter, "Choose an opponent. They reveal their hand. Choose a card from it,
    and they discard that card.": the opponent is chosen now (a target), the card on
    resolution from that player's hand (355.10.a: a hand is not public, no target). B has
    h1, h2 in hand, C has c1, A has a1: opponents B or C -> 2 declarations; with B, h1 or
    h2 -> 2 resolutions. Defy, "Counter a spell that costs no more than [4] and no more
    than [Universal]": s1 (4 Energy, 1 Power) only; s2 costs 5 Energy, s3 2 Power. A spell
    whose cost is not stated can't be judged: exit 2 naming its field."""
    from dataclasses import replace

    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    hands = (Piece("h1", "card", "B", "hand"), Piece("h2", "card", "B", "hand"),
             Piece("c1", "card", "C", "hand"), Piece("a1", "card", "A", "hand"))
    board = Board(("north",), (), objects=hands)
    mind = compile_card("Mind", "When you play me, choose an opponent. They reveal their "
                        "hand. Choose a card from it, and they discard that card.")
    played = Scenario("A", mind, board)
    assert sorted(str(a.chosen()) for a in finalize(played)) == ["('B',)", "('C',)"]
    chosen = replace(played, targets=JointChosen(picks=(("opponent", "B"),)))
    assert sorted(as_line(a)["picks"]["card"] for a in resolve(chosen, kind=Executed)) == [
        "h1", "h2"]
    defy = compile_card("Defy", "Counter a spell that costs no more than [4] and no more "
                        "than [Universal].")
    spells = (Piece("s1", "spell", "B", energy=4, power=1),
              Piece("s2", "spell", "B", energy=5, power=0),
              Piece("s3", "spell", "B", energy=1, power=2))
    countered = Scenario("A", defy, Board(("north",), (), objects=spells))
    assert [a.chosen() for a in finalize(countered)] == [("s1",)]
    unstated = Scenario("A", defy, Board(("north",), (), objects=(
        *spells, Piece("s4", "spell", "B"))))
    with pytest.raises(rs.ScenarioError, match=r"objects\[s4\]\.energy"):
        finalize(unstated).count()


def test_less_might_than_an_earlier_pick_or_the_source() -> None:
    """Public Execution, "Choose a friendly unit. Kill an enemy unit with less Might than
    it.": each pair of a friendly unit and an enemy strictly weaker (355.9.b; Might below 0
    counts 0, 143.2.b). a1 (3), a2 (1); b1 (2), b2 (-1, so 0), b3 (3): a1 with b1 or b2,
    a2 with b2 -> 3. "When I attack, kill an enemy unit here with less Might than me"
    (Ambessa), the source a1 (3) at north: b1 (2) and b2 (0) are there, b3 (3) is not
    weaker -> 2; on resolution a target that grew as strong as the source is no longer
    legal (359.3.e.2)."""
    from dataclasses import replace

    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    units = (Unit("a1", "A", 3, "north"), Unit("a2", "A", 1, "north"),
             Unit("b1", "B", 2, "north"), Unit("b2", "B", -1, "north"),
             Unit("b3", "B", 3, "north"))
    board = Board(("north",), units)
    execution = Scenario("A", compile_card("Execution", "Choose a friendly unit. Kill an "
                                           "enemy unit with less Might than it."), board)
    assert sorted(a.chosen() for a in finalize(execution)) == [
        ("a1", "b1"), ("a1", "b2"), ("a2", "b2")]
    ambessa = Scenario("A", compile_card("Ambessa", "When I attack, kill an enemy unit here "
                                         "with less Might than me."), board, source="a1")
    assert sorted(a.chosen() for a in finalize(ambessa)) == [("b1",), ("b2",)]
    grown = replace(ambessa, targets=JointChosen(picks=(("enemy", "b1"),)),
                    board=Board(("north",), (*units[:2], replace(units[2], might=3),
                                             *units[3:])))
    assert [as_line(a)["picks"] for a in resolve(grown, kind=Executed)] == [
        {"enemy": None}]


def test_one_of_the_cards_looked_at_is_chosen_on_resolution() -> None:
    """Void Rush, "Reveal the top 2 cards of your Main Deck. You may banish one, then play
    it": the top cards are not chosen; "one" is one of the cards revealed, chosen on
    resolution (not a public zone: no target, 355.10.a); "you may": done or declined. With
    r1, r2 revealed (A's) and x1 in A's hand: nothing now, r1 or r2 on resolution. "Once
    each turn, when you play a card from face down, draw 1. Then, if it's not your turn,
    discard 1." (Agony's Embrace): the played card is the trigger's condition, no choice;
    the discard is a card of the hand, under a condition not modelled."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    rush = compile_card("Rush", "Reveal the top 2 cards of your Main Deck. You may banish "
                        "one, then play it. Draw any you didn't banish.")
    assert isinstance(rush, JointChoice)
    assert [(p.kind, p.zone, p.later, p.target, p.may) for p in rush.picks] == [
        ("card", "revealed", True, False, True)]
    board = Board(("north",), (), objects=(Piece("r1", "card", "A", "revealed"),
                                           Piece("r2", "card", "A", "revealed"),
                                           Piece("x1", "card", "A", "hand")))
    played = Scenario("A", rush, board)
    assert finalize(played).count() == 1
    # "You may banish one": r1, r2, or none (declined once: nothing is chosen, 355.12)
    answers = [as_line(a) for a in resolve(played, kind=Executed)]
    assert sorted((a["picks"]["card"] or "", a.get("declined", [])) for a in answers) == [
        ("", ["card"]), ("r1", []), ("r2", [])]
    agony = compile_card("Agony", "Once each turn, when you play a card from face down, "
                         "draw 1. Then, if it's not your turn, discard 1.")
    assert isinstance(agony, JointChoice)
    assert [(p.zone, p.later) for p in agony.picks] == [("hand", True)]
    assert [d.label for d in agony.deeds] == ["discard (if ...)"]


def test_damage_equal_to_an_energy_cost_or_the_damage_marked() -> None:
    """"Choose a friendly gear. Deal damage equal to its Energy cost to a unit at a
    battlefield." (Improvised Projectile): the gear's Energy cost (3) as it executes:
    lethal for a 3-Might enemy with no damage (142.4.b); the gear gone, nothing to read,
    nothing dealt (359.3.e.12). "Deal damage to a unit equal to the damage marked on it"
    (Morgana): 2 marked, 2 more dealt: 4 on a 5-Might unit, not lethal. A gear whose cost
    is not stated can't be read: exit 2 naming its field."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.outcome import apply
    from riftsolve.rules.scenario import Scenario

    effect = compile_card("Projectile", "Choose a friendly gear. Deal damage equal to its "
                          "Energy cost to a unit at a battlefield.")
    picks = (("gear", "g1"), ("unit", "b1"))
    gear = Unit("g1", "A", 0, "base", type="gear", energy=3)
    board = Board(("north",), (gear, Unit("b1", "B", 3, "north")))
    s = Scenario("A", effect, board, targets=JointChosen(picks=picks))
    [answer] = list(resolve(s))
    assert apply(s, answer).dealt == (("b1", 3),) and apply(s, answer).killed == ("b1",)
    gone = Board(("north",), (Unit("g1", "A", 0, "offboard", type="gear", energy=3),
                              Unit("b1", "B", 3, "north")))
    s2 = Scenario("A", effect, gone, targets=JointChosen(picks=picks))
    assert apply(s2, next(iter(resolve(s2)))).dealt == ()
    # a 0-cost gear: no valid damage (418.1.e.1), so no Bonus Damage either (715.4)
    free = Board(("north",), (Unit("g1", "A", 0, "base", type="gear", energy=0),
                              Unit("b1", "B", 3, "north")))
    s0 = Scenario("A", effect, free, targets=JointChosen(picks=picks), bonus_damage=1)
    assert apply(s0, next(iter(resolve(s0)))).dealt == ()
    unstated = Scenario("A", effect, Board(("north",), (
        Unit("g1", "A", 0, "base", type="gear"), Unit("b1", "B", 3, "north"))),
        targets=JointChosen(picks=picks))
    with pytest.raises(rs.ScenarioError, match=r"units\[g1\]\.energy"):
        apply(unstated, next(iter(resolve(unstated))))
    morgana = compile_card("Morgana", "When you play me, deal damage to a unit equal to "
                           "the damage marked on it.")
    hurt = Board(("north",), (Unit("b1", "B", 5, "north", damage=2),))
    s3 = Scenario("A", morgana, hurt, targets=JointChosen(picks=(("unit", "b1"),)))
    done = apply(s3, next(iter(resolve(s3))))
    assert done.dealt == (("b1", 2),) and done.killed == ()


def test_damage_a_named_unit_deals_gets_no_bonus_damage() -> None:
    """Last Breath, "Ready a friendly unit. It deals damage equal to its Might to an enemy
    unit at a battlefield.": the card names the unit as the source of the damage, so it is
    dealt by the unit, not by the spell (418.6.b.3), and the Bonus Damage of the
    controller's spells and abilities is not added: a1 (Might 2) deals 2 to e1 (Might 3),
    which survives, with ``bonus_damage`` 1. Without a named unit ("Deal damage equal to
    its Might", 418.6.a) the spell deals it and the bonus is added: 3, lethal."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.outcome import apply
    from riftsolve.rules.scenario import Scenario

    board = Board(("north",), (Unit("a1", "A", 2, "north", exhausted=True),
                               Unit("e1", "B", 3, "north")))
    picks = (("friendly", "a1"), ("enemy", "e1"))
    for text, dealt, killed in (
            ("Ready a friendly unit. It deals damage equal to its Might to an enemy unit at a "
             "battlefield.", 2, ()),
            ("Choose a friendly unit. Deal damage equal to its Might to an enemy unit at a "
             "battlefield.", 3, ("e1",))):
        effect = compile_card("Last Breath", text)
        assert isinstance(effect, JointChoice)
        assert [p.name for p in effect.picks] == ["friendly", "enemy"]
        s = Scenario("A", effect, board, targets=JointChosen(picks=picks), bonus_damage=1)
        done = apply(s, next(iter(resolve(s))))
        assert (done.dealt, done.killed) == ((("e1", dealt),), killed)


def test_a_choice_another_when_an_additional_cost_is_paid() -> None:
    """Conscription, "You may spend 5 XP as an additional cost to play this. Choose an enemy
    unit at a battlefield with 3 [Might] or less. If you paid the additional cost, choose
    any enemy unit at a battlefield instead. ...": whether the cost is paid is decided as
    the card is played, before its targets are chosen (355.1.a, 355.5), so the card asks
    one question or the other: "Conscription" (not paid: 3 Might or less) and
    "Conscription, additional cost paid" (any enemy unit at a battlefield). On a board with
    e1 (Might 2) and e2 (Might 5) at north and e3 (Might 1) at base: e1 alone, then e1 or
    e2."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    text = ("You may spend 5 XP as an additional cost to play this.\nChoose an enemy unit at "
            "a battlefield with 3 [Might] or less. If you paid the additional cost, choose "
            "any enemy unit at a battlefield instead. Take control of it, exhaust it, and "
            "recall it.")
    unpaid, paid = compile_abilities("Conscription", text)
    assert (unpaid.name, paid.name) == ("Conscription", "Conscription, additional cost paid")
    board = Board(("north",), (Unit("a1", "A", 2, "north"), Unit("e1", "B", 2, "north"),
                               Unit("e2", "B", 5, "north"), Unit("e3", "B", 1, "base")))
    for effect, want in ((unpaid, [("e1",)]), (paid, [("e1",), ("e2",)])):
        assert sorted(a.chosen() for a in finalize(Scenario("A", effect, board))) == want


def test_a_triggered_may_whose_cost_exhausts_an_exhausted_source_is_not_done() -> None:
    """Curator of the Sands, "... you may exhaust me to ready up to 2 runes.": "exhaust me"
    right after the first "you may" is the trigger's base cost, paid to finalize it
    (383.3.b, 383.3.b.1), and an exhausted source cannot pay it (415.4). Done or not is
    decided as it is finalized (383.3.a); done, "up to 2" allows none (355.13): done with
    no rune exhausts the Curator and is not the ability declined. Runes r1, r2 (A's,
    exhausted) and r3 (B's): ready, declined, or done with 0, 1 or 2 runes, 1 + (1 + 3 + 3)
    = 8 declarations; exhausted, only the ability not done: 1, and a declaration done
    breaks 383.3.b."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.answers.joint import Choice
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    curator = compile_card("Curator of the Sands", "When you play a unit, gear, or activated "
                           "ability with Energy cost [7] or more, you may exhaust me to ready "
                           "up to 2 runes.")
    runes = (Piece("r1", "rune", "A", exhausted=True), Piece("r2", "rune", "A", exhausted=True),
             Piece("r3", "rune", "B"))
    for tired, count in ((False, 8), (True, 1)):
        board = Board(("north",), (Unit("cur", "A", 2, "base", exhausted=tired),),
                      objects=runes)
        legal = finalize(Scenario("A", curator, board, source="cur"))
        assert legal.count() == count == len(list(legal))
        if not tired:
            assert Choice((("done", "yes"), ("rune", None), ("rune2", None)), 0) in set(legal)
            assert Choice((("done", None), ("rune", None), ("rune2", None)), 0) in set(legal)
            assert [f.rule for f in legal.verify(Choice(
                (("done", None), ("rune", "r1"), ("rune2", None)), 0))] == ["383.3.a"]
    for done in (("done", "yes"), ("done", None)):
        bad = Choice((done, ("rune", "r1"), ("rune2", None)), 0)
        assert "383.3.b" in [f.rule for f in legal.verify(bad)]
    # a scenario's "done" is "yes" or null, else it exits 2 naming the field
    from riftsolve.rules.families.joint import read_targets
    from riftsolve.rules.limits import ScenarioError
    assert isinstance(curator, JointChoice)
    with pytest.raises(ScenarioError, match="'yes'") as refused:
        read_targets({"done": "maybe", "rune": None, "rune2": None}, curator, board,
                     "targets")
    assert refused.value.field == "targets.done"
    # Starry-Eyed Songstress, "As an additional cost to play a spell, you may exhaust me and
    # three friendly units to ...": paid in full or not at all (355.10.c): ready, the cost
    # declined or 3 of a1-a4 (1 + 4 = 5); exhausted or off the board, declined only (415.4)
    songstress = compile_card("Starry-Eyed Songstress", "As an additional cost to play a "
                              "spell, you may exhaust me and three friendly units to reduce "
                              "the cost of that spell by [2].")
    units = tuple(Unit(f"a{n}", "A", 1, "north") for n in range(1, 5))
    for where, tired, count in (("base", False, 5), ("base", True, 1), ("offboard", False, 1)):
        board = Board(("north",), (Unit("song", "A", 2, where, exhausted=tired), *units))
        legal = finalize(Scenario("A", songstress, board, source="song"))
        assert legal.count() == count == len(list(legal))
    # a resolution question for a cost paid in part is refused, naming the pick left empty
    from riftsolve.rules.families.joint import read_targets
    from riftsolve.rules.limits import ScenarioError
    assert isinstance(songstress, JointChoice)
    names = [p.name for p in songstress.picks if not p.later]
    partial = dict(zip(names, ["a1", "a2", None], strict=True))
    with pytest.raises(ScenarioError, match=r"383\.3\.a") as refused:
        read_targets(partial, songstress, board, "targets")
    assert refused.value.field == f"targets.{names[2]}"
    whole = dict(zip(names, ["a1", "a2", "a3"], strict=True))
    assert read_targets(whole, songstress, board, "targets").picks == tuple(whole.items())
    # on resolution, the units exhausted as the cost are said paid then, not targets
    from riftsolve.engine.questions import resolve
    paid = Scenario("A", songstress, board, source="song",
                    targets=read_targets(whole, songstress, board, "targets"))
    legal = resolve(paid)
    said = [w["rule"] for w in legal.explain(next(iter(legal)))]
    # (and "reduce the cost of that spell by [2]", an outcome not modelled, 359.3.e.5)
    assert said == ["355.10.c"] * 3 + ["359.3.e.5"]


def test_a_banished_unit_played_again_by_its_owner() -> None:
    """Arcane Shift, "Banish a friendly unit, then its owner plays it, ignoring its cost.
    Deal 3 to an enemy unit at a battlefield.": playing a unit chooses where it enters
    (355.2), its owner's base or a battlefield they control (355.2.a), as it is played, on
    resolution. north is B's, south A's: kai (A's) is played to A's base or south, 2
    resolutions; c1, controlled by A's teammate C (friendly, 740.1.a), is played by C, who
    controls no battlefield: its base only; kai gone, nothing is played: 1."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    shift = compile_card("Arcane Shift", "Banish a friendly unit, then its owner plays it, "
                         "ignoring its cost. Deal 3 to an enemy unit at a battlefield. "
                         "Banish this.")
    assert isinstance(shift, JointChoice)
    assert [(p.name, p.kind, p.later, p.target, p.chooser) for p in shift.picks] == [
        ("friendly", "unit", False, True, "you"), ("location", "location", True, False,
                                                    "owner"),
        ("enemy", "unit", False, True, "you")]
    control = (("north", "B"), ("south", "A"))

    def wheres(friendly: str, where: str = "base") -> list[str]:
        units = (Unit("kai", "A", 3, where), Unit("c1", "C", 1, "base"),
                 Unit("a2", "A", 2, "south"), Unit("r1", "B", 2, "north"))
        board = Board(("north", "south"), units, teams=(("A", "C"),), control=control)
        s = Scenario("A", shift, board,
                     targets=JointChosen(picks=(("friendly", friendly), ("enemy", "r1"))))
        return sorted(str(as_line(a)["picks"]["location"]) for a in resolve(s))

    assert wheres("kai") == ["base", "south"]
    assert wheres("c1") == ["base"]
    assert wheres("kai", "offboard") == ["None"]


def test_a_token_named_in_an_instruction_that_chooses() -> None:
    """Emperor's Dais (its erratum), "When you conquer here, you may pay [1] and return a
    unit you control here to its owner's hand to play a 2 [Might] Sand Soldier unit token
    here.": the token's name chooses nothing (it was refused: 'Sand', 'Soldier' not
    understood); the unit returned is the cost of the "you may ... to", chosen as the
    trigger is finalized (383.3.a, 383.3.b: no target), one of A's units here."""
    dais = compile_card("Emperor's Dais", "When you conquer here, you may pay [1] and return "
                        "a unit you control here to its owner's hand to play a 2 [Might] Sand "
                        "Soldier unit token here.")
    assert isinstance(dais, JointChoice)
    assert [(p.kind, p.among, p.reach, p.target, p.trigger_may) for p in dais.picks] == [
        ("unit", Relation.FRIENDLY, Reach.HERE, False, True)]


def test_damage_of_an_amount_not_stated_and_a_card_played_from_hand() -> None:
    """"Deal that much": an amount paid or counted before, which a scenario does not state
    (Sivir, Ambitious: the excess damage assigned; Bullet Time: the Power paid): the choice
    is answered, the damage labelled not modelled (neither was compiled). Rell, Magnetic,
    "When I attack, you may play an Equipment with Energy cost no more than [2]": a card of
    A's hand (where a card is played from unless the text says otherwise), a gear tagged
    Equipment, chosen on resolution (a hand is not public, 355.10.a). Cursed Sarcophagus's
    "a unit banished with this" is not a card of the hand: still refused."""
    sivir = compile_card("Sivir, Ambitious", "When I conquer after an attack, if you assigned "
                         "5 or more excess damage to enemy units, you may deal that much to an "
                         "enemy unit.")
    bullet = compile_card("Bullet Time", "Pay any amount of [Universal] to deal that much "
                          "damage to all enemy units at a battlefield.")
    assert isinstance(sivir, JointChoice) and isinstance(bullet, JointChoice)
    assert [(p.kind, p.among, p.trigger_may) for p in sivir.picks] == [
        ("unit", Relation.ENEMY, True)]
    assert [(p.kind, p.target) for p in bullet.picks] == [("battlefield", True)]
    for effect in (sivir, bullet):
        assert [(d.action, "not modelled" in d.label) for d in effect.deeds] == [
            (Action.AFFECT, True)]
    rell = compile_card("Rell, Magnetic", "When I attack, you may play an Equipment with "
                        "Energy cost no more than [2], ignoring its cost. If you do, then do "
                        "this: Attach it to me.")
    assert isinstance(rell, JointChoice)
    assert [(p.kind, p.zone, p.card_type, p.tags, p.energy_at_most, p.later, p.target)
            for p in rell.picks] == [("card", "hand", "gear", ("Equipment",), 2, True, False)]
    # Ivern, Nurturer's buff is made only if the card revealed is a Bird, Cat, Dog or Poro,
    # a condition read as it resolves: refused (it offered the buff whatever was revealed)
    with pytest.raises(CompileError, match="holds as it resolves"):
        compile_card("Ivern, Nurturer", "When you play me or when I hold, look at the top 3 "
                     "cards of your Main Deck. You may reveal a unit from among them and draw "
                     "it. Recycle the rest. Then if you revealed a Bird, Cat, Dog, or Poro, do "
                     "this: [Buff] a friendly unit.")
    with pytest.raises(CompileError, match="which card is revealed"):
        compile_card("Dazzling Aurora", "At the end of your turn, reveal cards from the top of "
                     "your Main Deck until you reveal a unit and banish it. Play it, ignoring "
                     "its cost, and recycle the rest.")
    with pytest.raises(CompileError):
        compile_card("Cursed Sarcophagus", "[Exhaust]: Play a unit banished with this. (You "
                     "must pay its costs.)")


def test_a_card_played_from_hand_with_less_might_than_a_unit_had() -> None:
    """Transpositionist, "[Chaos], [Exhaust]: Return a friendly unit to its owner's hand. You
    may play a unit with less Might than that unit had, ignoring its cost.": a friendly
    unit (a target), then on resolution a unit card of A's hand with less printed Might
    than it (355.9.b) and, with it, where that unit enters (355.2.a: A's base or north,
    which A controls); declined, neither. kai (3): h1 (Might 2) to base or north, or
    declined: 3 resolutions; h2 (3) is not less, h3 is a spell."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    effect = compile_card("Transpositionist", "[Chaos], [Exhaust]: Return a friendly unit to "
                          "its owner's hand. You may play a unit with less Might than that "
                          "unit had, ignoring its cost.")
    assert isinstance(effect, JointChoice)
    hand = (Piece("h1", "card", "A", zone="hand", type="unit", might=2),
            Piece("h2", "card", "A", zone="hand", type="unit", might=3),
            Piece("h3", "card", "A", zone="hand", type="spell"))
    board = Board(("north", "south"), (Unit("tp", "A", 2, "north"), Unit("kai", "A", 3, "north"),
                                       Unit("r1", "B", 2, "north")),
                  objects=hand, control=(("north", "A"),))
    s = Scenario("A", effect, board, source="tp", targets=JointChosen(picks=(("friendly", "kai"),)))
    assert sorted((as_line(a)["picks"]["card"] or "", as_line(a)["picks"]["location"] or "")
                  for a in resolve(s)) == [("", ""), ("h1", "base"), ("h1", "north")]


def test_a_reflexive_choice_after_a_card_burned() -> None:
    """Forgotten Relic, "When you play this or at the start of your Beginning Phase, [Burn
    1]. When you burn a unit this way, do this: Give a friendly unit +[Might] equal to the
    burned card's Might this turn.": [Burn 1] chooses nothing; the reflexive trigger's
    friendly unit is chosen when it is put on the Chain (355.5.b: later), and whether a
    unit was burned (the top card of the deck) a scenario does not state: the outcome is
    labelled, not modelled (it was refused: 'burn', 'burned' not understood)."""
    relic = compile_card("Forgotten Relic", "When you play this or at the start of your "
                         "Beginning Phase, [Burn 1]. When you burn a unit this way, do this: "
                         "Give a friendly unit +[Might] equal to the burned card's Might this "
                         "turn. (To Burn 1, put the top card of your Main Deck into your "
                         "trash.)")
    assert isinstance(relic, JointChoice)
    assert [(p.kind, p.among, p.later) for p in relic.picks] == [
        ("unit", Relation.FRIENDLY, True)]
    assert [(d.action, "if a unit is burned" in d.label) for d in relic.deeds] == [
        (Action.AFFECT, True)]


def test_a_card_from_the_trash_no_costlier_than_the_unit_killed() -> None:
    """Heedless Resurrection, "As an additional cost to play this, kill a friendly unit. Play
    a unit from your trash that costs no more Energy and no more Power than the killed
    unit, ignoring its cost.": the unit killed is the cost's choice, the card of A's trash
    a target (355.9.a) costing at most as much of each (355.9.b), then where it enters
    (355.2.a). kai (Energy 3, Power 1): t1 (2/0) and t2 (3/1, equal costs are "no more");
    not t3 (3/2), nor B's t4; lux (2/0): t1 only. 3 declarations. A cost a scenario does
    not state: exit 2 naming its field."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    effect = compile_card("Heedless Resurrection", "As an additional cost to play this, kill a "
                          "friendly unit. Play a unit from your trash that costs no more Energy "
                          "and no more Power than the killed unit, ignoring its cost.")
    trash = (Piece("t1", "card", "A", zone="trash", type="unit", might=2, energy=2, power=0),
             Piece("t2", "card", "A", zone="trash", type="unit", might=4, energy=3, power=1),
             Piece("t3", "card", "A", zone="trash", type="unit", might=4, energy=3, power=2),
             Piece("t4", "card", "B", zone="trash", type="unit", might=1, energy=1, power=0))
    units = (Unit("kai", "A", 3, "north", energy=3, power=1),
             Unit("lux", "A", 2, "base", energy=2, power=0), Unit("r1", "B", 2, "north"))
    legal = finalize(Scenario("A", effect, Board(("north",), units, objects=trash)))
    assert sorted(a.chosen() for a in legal) == [("kai", "t1"), ("kai", "t2"), ("lux", "t1")]
    unstated = Board(("north",), (Unit("kai", "A", 3, "north"),), objects=trash)
    with pytest.raises(rs.ScenarioError, match=r"units\[kai\]\.energy"):
        list(finalize(Scenario("A", effect, unstated)))


def test_a_cost_compared_but_not_stated_exits_2(tmp_path: Path) -> None:
    """The command line on Heedless Resurrection with the killed unit's costs unstated:
    exit 2 and one line naming the field and the id, no traceback."""
    import contextlib
    import io

    from riftsolve.faces.cli import main

    write_library(tmp_path, [compile_card(
        "Heedless Resurrection", "As an additional cost to play this, kill a friendly unit. "
        "Play a unit from your trash that costs no more Energy and no more Power than the "
        "killed unit, ignoring its cost.")])
    board = tmp_path / "heedless.board"
    board.write_text("card Heedless Resurrection\ncontroller A\nbattlefields north\n"
                     "kai A 3 @north\nobject t1 card A zone=trash type=unit energy=2 power=0\n",
                     encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["finalize", str(board), "--cards", str(tmp_path)], io.StringIO())
    assert code == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and "units[kai].energy" in lines[0] and "Traceback" not in lines[0]


def test_a_non_unit_card_is_a_gear_or_a_spell() -> None:
    """Sabotage, "Choose an opponent. They reveal their hand. Choose a non-unit card from
    it": a gear or spell card of that opponent's hand (a Main Deck card is a unit, a gear
    or a spell): of B's h1 (unit), h2 (gear), h3 (spell), h2 or h3."""
    from dataclasses import replace

    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    sabotage = compile_card("Sabotage", "Choose an opponent. They reveal their hand. Choose a "
                            "non-unit card from it, and recycle that card.")
    hand = tuple(Piece(f"h{n}", "card", "B", "hand", type=t)
                 for n, t in ((1, "unit"), (2, "gear"), (3, "spell")))
    s = replace(Scenario("A", sabotage, Board(("north",), (), objects=hand)),
                targets=JointChosen(picks=(("opponent", "B"),)))
    assert sorted(as_line(a)["picks"]["card"] for a in resolve(s, kind=Executed)) == [
        "h2", "h3"]


def test_unit_tokens_played_each_to_a_chosen_location() -> None:
    """"Play four 1 Might Recruit unit tokens" (Recruit the Vanguard): each is played to
    its controller's base or a battlefield they control (355.2.a), chosen as it is played,
    on resolution; the tokens are alike, so each multiset of locations is one answer.
    A controls north, B south, C (A's teammate) east: base or north for each of 4 tokens:
    C(2 + 4 - 1, 4) = 5 ways (none at the teammate's east, nor at south). A token played
    "to your base", "here" or "for each" of something is not such a choice (or refused)."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board
    from riftsolve.rules.scenario import Scenario

    vanguard = compile_card("Vanguard", "Play four 1 Might Recruit unit tokens.")
    assert isinstance(vanguard, JointChoice)
    assert [(p.kind, p.later, p.target, p.own) for p in vanguard.picks] == [
        ("location", True, False, True)] * 4
    board = Board(("north", "south", "east"), (), teams=(("A", "C"),),
                  control=(("north", "A"), ("south", "B"), ("east", "C")))
    played = resolve(Scenario("A", vanguard, board))
    sets = sorted(tuple(as_line(a)["picks"].values())
                  for a in resolve(Scenario("A", vanguard, board), kind=Executed))
    assert len(sets) == played.count() == 5
    assert ("base", "base", "base", "base") in sets and all(
        set(s) <= {"base", "north"} for s in sets)
    based = compile_card("Rig", "Deal 2 to a unit. Play a 3 Might Mech unit token to your "
                         "base.")
    assert [p.kind for p in getattr(based, "picks", ())] in ([], ["unit"])
    with pytest.raises(CompileError, match="how many tokens"):
        compile_card("Arise", "Kill a unit. Play a 2 Might Sand Soldier unit token for each "
                     "Equipment you control.")


def test_the_sources_battlefield_named_other_ways() -> None:
    """"When I move to a battlefield, you may pay [Chaos] to move a unit you control to the
    same battlefield" (Fae Porter): the source's battlefield (359.3.f.2), a destination the
    card names, so under the default policy any unit A controls, the ones already there too
    (355.4: s, a1, whose moves do nothing; a2), or none (a triggered "you may", 383.3.a): 4;
    under specified_destination=elsewhere one not already there (355.4.a): a2 or none, 2.
    "... you may move an enemy unit at a different location to my battlefield" (Evelynn): an
    enemy not at the source's battlefield, a printed restriction under either policy: b2 or
    none. Source s (A) at north; a1 (A, north), a2 (A, south), b1 (B, north), b2 (B,
    base)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Policy, Scenario

    board = Board(("north", "south"), (Unit("s", "A", 2, "north"), Unit("a1", "A", 1, "north"),
                                       Unit("a2", "A", 1, "south"), Unit("b1", "B", 1, "north"),
                                       Unit("b2", "B", 1, "base")))
    porter = compile_card("Porter", "When I move to a battlefield, you may pay [Chaos] to "
                          "move a unit you control to the same battlefield.")
    elsewhere = Policy(specified_destination="elsewhere")
    assert sorted(str(a.chosen()) for a in finalize(Scenario("A", porter, board, source="s"))
                  ) == ["('a1',)", "('a2',)", "('s',)", "()"]
    assert sorted(str(a.chosen()) for a in finalize(
        Scenario("A", porter, board, source="s", policy=elsewhere))) == ["('a2',)", "()"]
    evelynn = compile_card("Evelynn", "When you play me from face down on your turn, you may "
                           "move an enemy unit at a different location to my battlefield.")
    for policy in (Policy(), elsewhere):
        assert sorted(str(a.chosen()) for a in finalize(
            Scenario("A", evelynn, board, source="s", policy=policy))) == ["('b2',)", "()"]


def test_a_token_another_player_plays_goes_where_they_choose() -> None:
    """Walking Roost, "choose an opponent. They play a 1 Might Bird unit token": the
    opponent plays it, to their base or a battlefield they control (355.2.a), their choice
    on resolution (355.10.e). B chosen; B controls north, A south: B's base or north."""
    from dataclasses import replace

    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    roost = compile_card("Roost", "When you play me, choose an opponent. They play a 1 Might "
                         "Bird unit token with [Deflect].")
    board = Board(("north", "south"), (Unit("b1", "B", 1, "north"),),
                  control=(("north", "B"), ("south", "A")))
    s = replace(Scenario("A", roost, board), targets=JointChosen(picks=(("opponent", "B"),)))
    assert sorted(as_line(a)["picks"]["location"] for a in resolve(s, kind=Executed)) == [
        "base", "north"]


def test_it_is_the_unit_chosen_just_before() -> None:
    """Showstopper, "Buff a friendly unit in your base, then move it to a battlefield": the
    unit is A's own in A's base (107.1.c: a base holds its player's units), moved to a
    battlefield (a destination, 355.4): a1 (A, base) to north or south -> 2; c1 (C, A's
    teammate, in C's base) and a2 (A, north) are not in A's base."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    show = compile_card("Show", "Buff a friendly unit in your base, then move it to a "
                        "battlefield.")
    board = Board(("north", "south"), (Unit("a1", "A", 1, "base"), Unit("a2", "A", 1, "north"),
                                       Unit("c1", "C", 1, "base")), teams=(("A", "C"),))
    assert sorted(a.chosen() for a in finalize(Scenario("A", show, board))) == [
        ("a1", "north"), ("a1", "south")]


def test_each_player_in_turn_chooses_a_different_unit() -> None:
    """Whirlwind, "Starting with the next player, each player may return a unit to its
    owner's hand": each player, on resolution, any unit or none (355.10.e), and no two the
    same: the first one returned is gone when the next chooses. Players A and B, units a1,
    b1: A none/a1/b1 and B none/a1/b1, not both the same unit: 9 - 2 = 7."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    whirl = compile_card("Whirl", "Starting with the next player, each player may return a "
                         "unit to its owner's hand.")
    board = Board(("north",), (Unit("a1", "A", 1, "north"), Unit("b1", "B", 1, "north")))
    done = resolve(Scenario("A", whirl, board))
    pairs = {tuple(as_line(a)["picks"].values()) for a in resolve(Scenario("A", whirl, board),
                                                                     kind=Executed)}
    assert ("a1", "a1") not in pairs and ("b1", "b1") not in pairs
    assert len(pairs) == done.count() == 7


def test_other_players_choosing_several_objects_is_refused() -> None:
    """Divine Judgment, "Each player chooses 2 units, 2 gear, 2 runes, and 2 cards in their
    hands": several objects of several kinds by each player is not modelled: refused, not
    read as two units alone."""
    with pytest.raises(CompileError, match=r"several objects|other players"):
        compile_card("Judgment", "Each player chooses 2 units, 2 gear, 2 runes, and 2 cards "
                     "in their hands. Recycle the rest.")


def test_for_each_is_a_count_not_a_choice() -> None:
    """Against the Odds, "Give a friendly unit at a battlefield +2 Might this turn for each
    enemy unit there": one friendly unit at a battlefield is chosen; "each enemy unit
    there" only counts (nothing chosen)."""
    odds = compile_card("Odds", "Give a friendly unit at a battlefield +2 Might this turn for "
                        "each enemy unit there.")
    assert isinstance(odds, JointChoice)
    assert [(p.kind, p.among, p.reach) for p in odds.picks] == [
        ("unit", Relation.FRIENDLY, Reach.BATTLEFIELD)]


def test_damage_equal_to_the_sources_assault() -> None:
    """Lucian, "When I attack, deal damage equal to my [Assault] to an enemy unit here": the
    source's Assault values added up (807), read as it executes: Assault 2 on a 2-Might
    enemy here is lethal (142.4.b)."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.outcome import apply
    from riftsolve.rules.scenario import Scenario

    lucian = compile_card("Lucian", "[Assault] (+1 Might while I'm an attacker.)\nWhen I "
                          "attack, deal damage equal to my [Assault] to an enemy unit here.")
    board = Board(("north",), (Unit("l", "A", 3, "north", keywords=("Assault 2",)),
                               Unit("b1", "B", 2, "north")))
    s = Scenario("A", lucian, board, source="l", targets=JointChosen(picks=(("enemy", "b1"),)))
    done = apply(s, next(iter(resolve(s))))
    assert done.dealt == (("b1", 2),) and done.killed == ("b1",)


def test_a_mighty_unit_and_the_runes_channelled() -> None:
    """Sacrifice, "As an additional cost to play this, kill a friendly [Mighty] unit. Draw 2
    and channel 1 rune exhausted.": a unit is Mighty while its Might is 5 or greater (708);
    the runes channelled are the top of the rune deck, no choice (430.1). a1 (5), a2 (4),
    a3 (7), b1 (9, an enemy): a1 and a3 -> 2 answers, a2 fails citing 708."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.classify import classify
    from riftsolve.rules.families.joint import pick_failure
    from riftsolve.rules.scenario import Scenario

    mentions = classify("Draw 2 and channel 1 rune exhausted.").mentions
    assert [(m.role.value, m.rule) for m in mentions] == [("automatic", "430.1")]
    text = ("As an additional cost to play this, kill a friendly [Mighty] unit. (A unit is "
            "Mighty while it has 5+ :rb_might:.)\nDraw 2 and channel 1 rune exhausted.")
    board = Board(("north",), (Unit("a1", "A", 5, "north"), Unit("a2", "A", 4, "north"),
                               Unit("a3", "A", 7, "base"), Unit("b1", "B", 9, "north")))
    sacrifice = Scenario("A", compile_card("Sacrifice", text), board)
    assert sorted(a.chosen() for a in finalize(sacrifice)) == [("a1",), ("a3",)]
    assert isinstance(sacrifice.effect, JointChoice)
    failure = pick_failure(sacrifice, board, sacrifice.effect.picks[0], "a2", "A", False)
    assert failure is not None and failure.rule == "708"


def test_a_tag_named_as_a_noun_and_one_of_several_tags() -> None:
    """Bubble Bot, "When you play me, ready another friendly Mech.": a friendly unit with
    the tag Mech, not the source (355.9.b, 355.9.c). Source bb (A, Mech), m1 and m2 (A,
    Mech), x1 (A, no tag), e1 (B, Mech): m1, m2 -> 2. Starhound, "return a Bird, Cat, Dog,
    or Poro from your trash to your hand": a card of A's trash with one of those tags at
    least: c1 (Bird), c2 (Dog and Order); not c3 (Mech), c4 (B's Poro) nor c5 (a Cat in
    A's hand) -> 2. "I enter ready if you control another Mech" only checks a condition:
    nothing is chosen (355.10.b), so the card is refused as making no choice."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.classify import classify
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    units = (Unit("bb", "A", 2, "north", tags=("Mech",)),
             Unit("m1", "A", 1, "north", tags=("Mech",)),
             Unit("m2", "A", 3, "base", tags=("Mech",)), Unit("x1", "A", 1, "north"),
             Unit("e1", "B", 1, "north", tags=("Mech",)))
    bot = Scenario("A", compile_card("Bubble Bot", "When you play me, ready another "
                                     "friendly Mech."), Board(("north",), units), source="bb")
    assert sorted(a.chosen() for a in finalize(bot)) == [("m1",), ("m2",)]
    trash = (Piece("c1", "card", "A", "trash", ("Bird",), type="unit"),
             Piece("c2", "card", "A", "trash", ("Dog", "Order"), type="unit"),
             Piece("c3", "card", "A", "trash", ("Mech",), type="unit"),
             Piece("c4", "card", "B", "trash", ("Poro",), type="unit"),
             Piece("c5", "card", "A", "hand", ("Cat",), type="unit"))
    hound = Scenario("A", compile_card("Starhound", "When you play me, return a Bird, Cat, "
                                       "Dog, or Poro from your trash to your hand."),
                     Board(("north",), (), objects=trash))
    assert sorted(a.chosen() for a in finalize(hound)) == [("c1",), ("c2",)]
    mentions = classify("I enter ready if you control another Mech.").mentions
    assert [(m.words, m.role.value, m.rule) for m in mentions][1:] == [
        ("another Mech", "restriction", "355.10.b")]
    with pytest.raises(CompileError, match="no choice"):
        compile_card("Direwing", "I enter ready if you control another Dragon.")


def test_a_card_with_reminder_text_reads_its_targets_from_the_sentence_it_compiled() -> None:
    """Whether a choice is a target (and so pays Deflect, 809) is read from the sentence the
    card reader compiled, not the printed text with its reminder text ("(Play on your turn
    or in showdowns.)" is outside the grammar). Cleave, "Give a unit [Assault 3] this
    turn.": a1 (A's), b1 (B's, Deflect 1) and b2 (B's): 3 answers, b1 costing 1 Power.
    Alpha Strike as printed answers like the library's (a1 splits its 3 among b1 and b2;
    b1 has Deflect 1)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    reminder = "[Action] (Play on your turn or in showdowns.)\n"
    board = Board(("north",), (Unit("a1", "A", 3, "north"),
                               Unit("b1", "B", 2, "north", deflect=1),
                               Unit("b2", "B", 1, "north")))
    cleave = Scenario("A", compile_card("Cleave", reminder + "Give a unit [Assault 3] this "
                                        "turn. (+3 [Might] while it's an attacker.)"), board)
    assert sorted((a.chosen(), a.deflect_cost) for a in finalize(cleave)) == [
        (("a1",), 0), (("b1",), 1), (("b2",), 0)]
    printed = compile_card("Alpha Strike", reminder + "Choose a friendly unit. It deals damage "
                           "equal to its Might split among enemy units at battlefields. Then "
                           "for each unit this kills, do this: Gain 1 XP.")
    assert finalize(Scenario("A", printed, board)).count() == finalize(
        Scenario("A", card("Alpha Strike"), board)).count()


def test_a_unit_that_moved_this_turn_and_descriptions_that_choose_nothing() -> None:
    """Siren's Song, "Move an enemy unit that moved this turn.": b1 (B's, moved this turn),
    b2 (B's, did not), a1 (A's, moved): only b1, moved from north to south or to its base
    (355.4.a) -> 2; a unit that moves between finalization and resolution has moved this
    turn. Lady of Clockwork, "you may pay [1] to choose a friendly gear. It becomes a unit
    gear ... until you choose another gear with me": "a unit gear" is what the gear becomes
    and the "until" clause how long, neither a choice (355.10.b): the triggered "you may"
    is decided now (383.3.a): no gear, g1 or g2 (not B's h1) -> 3. Lulu, "When I move, you
    may have another unit's base Might become 4 this turn": no unit, or any unit but the
    source s: a1, b1, b2 -> 4."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    units = (Unit("b1", "B", 2, "north", moved=True), Unit("b2", "B", 2, "north"),
             Unit("a1", "A", 1, "north", moved=True))
    board = Board(("north", "south"), units)
    song = Scenario("A", compile_card("Siren's Song", "Move an enemy unit that moved this "
                                      "turn."), board)
    assert sorted(a.chosen() for a in finalize(song)) == [("b1", "base"), ("b1", "south")]
    assert units[1].moved_to("south").moved and not units[1].moved_to("north").moved
    gears = (Unit("g1", "A", 0, "north", type="gear"), Unit("g2", "A", 0, "base", type="gear"),
             Unit("h1", "B", 0, "north", type="gear"))
    lady = Scenario("A", compile_card(
        "Lady of Clockwork", "At the start of your Main Phase, you may pay [1] to choose a "
        "friendly gear. It becomes a unit gear with Might equal to its Energy cost until you "
        "choose another gear with me."), Board(("north",), gears))
    assert sorted(str(a.chosen()) for a in finalize(lady)) == ["('g1',)", "('g2',)", "()"]
    lulu = Scenario("A", compile_card("Lulu", "When I move, you may have another unit's base "
                                      "Might become 4 this turn."),
                    Board(("north", "south"), (*units, Unit("s", "A", 2, "south"))), source="s")
    assert finalize(lulu).count() == 4


def test_one_of_the_attackers_another_unit_and_words_that_choose_nothing() -> None:
    """Demacian Standard (a gear at north), "When one or more friendly units attack here,
    give one of them +2 [Might] this turn.": one of A's units attacking at north: a1, not
    a2 (in no combat), a3 (attacking at south) nor B's b1 -> 1. Convergent Mutation,
    "Choose a friendly unit. This turn, increase its Might to the Might of another friendly
    unit.": an ordered pair of two different friendly units (355.9.c) of a1, a2, a3, k ->
    4 x 3 = 12.
    Kato the Arm, "When I move to a battlefield, give another friendly unit my keywords
    ...": the battlefield is the trigger's (355.10.c), the unit any friendly one but Kato:
    a1, a2, a3 -> 3."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    units = (Unit("a1", "A", 2, "north", combat="attacking"), Unit("a2", "A", 1, "north"),
             Unit("a3", "A", 3, "south", combat="attacking"),
             Unit("b1", "B", 2, "north", combat="defending"),
             Unit("std", "A", 0, "north", type="gear"), Unit("k", "A", 2, "south"))
    board = Board(("north", "south"), units)
    standard = Scenario("A", compile_card("Demacian Standard", "When one or more friendly "
                                          "units attack here, give one of them +2 [Might] "
                                          "this turn."), board, source="std")
    assert [a.chosen() for a in finalize(standard)] == [("a1",)]
    mutation = Scenario("A", compile_card("Convergent Mutation", "Choose a friendly unit. "
                                          "This turn, increase its Might to the Might of "
                                          "another friendly unit."), board)
    pairs = sorted(a.chosen() for a in finalize(mutation))
    assert len(pairs) == 12 and all(x != y and "b1" not in (x, y) for x, y in pairs)
    kato = Scenario("A", compile_card("Kato the Arm", "When I move to a battlefield, give "
                                      "another friendly unit my keywords and +:rb_might: "
                                      "equal to my Might this turn."), board, source="k")
    assert sorted(a.chosen() for a in finalize(kato)) == [("a1",), ("a2",), ("a3",)]


def test_a_move_to_an_occupied_enemy_battlefield() -> None:
    """Cataclysm, "Move a friendly unit to an occupied enemy battlefield.": a battlefield an
    opponent controls (740.1.b) with a unit there (170.11.a), the destination no target
    (355.4). B controls north (b1 there) and south (only B's gear g there: not occupied);
    east is uncontrolled (b2 there); A controls west (a2 there). Destinations: north only;
    A's units a1 (base) and a2 (west) may go -> 2. An "open" battlefield has no unit and no
    controller (170.11.c): center only (east has b2, south a controller) -> 2."""
    from dataclasses import replace

    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    units = (Unit("a1", "A", 1, "base"), Unit("a2", "A", 2, "west"), Unit("b1", "B", 2, "north"),
             Unit("g", "B", 0, "south", type="gear"), Unit("b2", "B", 1, "east"))
    board = Board(("north", "south", "east", "west", "center"), units,
                  control=(("north", "B"), ("south", "B"), ("west", "A")))
    cataclysm = compile_card("Cataclysm", "Opponents can't play spells this turn.\nMove a "
                             "friendly unit to an occupied enemy battlefield.")
    assert sorted(a.chosen() for a in finalize(Scenario("A", cataclysm, board))) == [
        ("a1", "north"), ("a2", "north")]
    assert isinstance(cataclysm, JointChoice)
    opened = replace(cataclysm, picks=(cataclysm.picks[0], replace(
        cataclysm.picks[1], among=Relation.ANY, occupancy="open")))
    assert sorted(a.chosen() for a in finalize(Scenario("A", opened, board))) == [
        ("a1", "center"), ("a2", "center")]


def test_an_optional_cost_of_several_units_is_all_or_none() -> None:
    """Starry-Eyed Songstress, "As an additional cost to play a spell, you may exhaust me and
    three friendly units to reduce the cost of that spell by [2].": a cost, no target
    (355.10.c), paid whole or not at all: three friendly units other than the source s,
    each ready to be exhausted. Ready a1..a4, exhausted a5, enemy b1: C(4, 3) = 4 sets, or
    none -> 5 (never one or two units)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    units = (Unit("s", "A", 1, "north"), *(Unit(f"a{i}", "A", 1, "north") for i in range(1, 5)),
             Unit("a5", "A", 1, "north", exhausted=True), Unit("b1", "B", 1, "north"))
    songstress = Scenario("A", compile_card(
        "Starry-Eyed Songstress", "As an additional cost to play a spell, you may exhaust me "
        "and three friendly units to reduce the cost of that spell by [2]."),
        Board(("north",), units), source="s")
    sets = sorted(tuple(v for v in a.chosen() if v) for a in finalize(songstress))
    assert sets == [(), ("a1", "a2", "a3"), ("a1", "a2", "a4"), ("a1", "a3", "a4"),
                    ("a2", "a3", "a4")]


def test_an_equip_cost_paid_with_a_rune_or_an_action() -> None:
    """Blade of the Exile, "[Equip] - [Universal] or exhaust a friendly unit.": either the
    rune is paid, or a ready friendly unit is exhausted instead (a cost's choice, no target,
    355.10.c); then the Equipment is attached to a unit its controller controls, a target
    (818.1.b.1). A's a1 (ready) and a2 (exhausted), B's b1: cost none or a1 (2 ways) x
    attached to a1 or a2 -> 4 (an empty pick is left out of the answer)."""
    from riftsolve.compiler.card import compile_abilities
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    (blade,) = compile_abilities("Blade of the Exile", "[Equip] \u2014 [Universal] or exhaust "
                                 "a friendly unit. (Pay the cost: Attach this to a unit you "
                                 "control.)\n[Ganking] (I can move from battlefield to "
                                 "battlefield.)")
    board = Board(("north",), (Unit("a1", "A", 1, "north"),
                               Unit("a2", "A", 2, "north", exhausted=True),
                               Unit("b1", "B", 1, "north")))
    assert sorted(str(a.chosen()) for a in finalize(Scenario("A", blade, board))) == [
        "('a1', 'a1')", "('a1', 'a2')", "('a1',)", "('a2',)"]


def test_a_buffed_unit_is_never_read_as_any_unit() -> None:
    """"Kill a buffed unit.": only a unit with a buff (702.2.a); a group, which reads no
    state, must not take it, so b2 (no buff) is never an answer -> b1 only."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    board = Board(("north",), (Unit("b1", "B", 1, "north", buffed=True),
                               Unit("b2", "B", 1, "north")))
    effect = compile_card("T", "Kill a buffed unit.")
    assert [a.chosen() for a in finalize(Scenario("A", effect, board))] == [("b1",)]


def test_a_move_to_a_battlefield_where_you_have_units() -> None:
    """Shadow Dash, "Move an enemy unit to a battlefield where you have units. If you have
    exactly two units there, they each get +1 Might this turn.": the condition chooses
    nothing; the destination is a battlefield with one of A's units (not a target, 355.4)
    other than the unit's own (355.4.a). A has a2 at north and a1 at south, none at east;
    B's b1 is at north, b2 in its base: b1 to south; b2 to north or south -> 3."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    board = Board(("north", "south", "east"), (
        Unit("a1", "A", 1, "south"), Unit("a2", "A", 1, "north"), Unit("b1", "B", 1, "north"),
        Unit("b2", "B", 1, "base")))
    dash = compile_card("Shadow Dash", "Move an enemy unit to a battlefield where you have "
                        "units. If you have exactly two units there, they each get +1 "
                        ":rb_might: this turn.")
    assert sorted(a.chosen() for a in finalize(Scenario("A", dash, board))) == [
        ("b1", "south"), ("b2", "north"), ("b2", "south")]


def test_a_unit_at_another_location_than_the_source_swaps_with_it() -> None:
    """Tideturner, "When you play me, you may choose a unit you control at another location.
    Move me to its location and it to my original location.": a target (355.7) the player
    controls themself (740.1.a), not where the source is; the triggered "you may" is
    decided now (383.3.a). Source t at north: a1 (north) is not elsewhere; a2 (base) and
    a3 (south) are; B's b1 is not A's -> no unit, a2 or a3 -> 3."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    board = Board(("north", "south"), (
        Unit("t", "A", 2, "north"), Unit("a1", "A", 1, "north"), Unit("a2", "A", 1, "base"),
        Unit("a3", "A", 1, "south"), Unit("b1", "B", 1, "south")))
    tideturner = compile_card("Tideturner", "When you play me, you may choose a unit you "
                              "control at another location. Move me to its location and it "
                              "to my original location.")
    assert sorted(str(a.chosen()) for a in finalize(
        Scenario("A", tideturner, board, source="t"))) == ["('a2',)", "('a3',)", "()"]


def test_damage_equal_to_a_units_might_to_all_enemies_at_a_battlefield_then_a_move() -> None:
    """Stormbringer, "Choose a friendly unit in your base. Deal damage equal to its Might to
    all enemy units at a battlefield, then move your unit there.": a unit of A's base and a
    battlefield, both targets (355.7; the battlefield, as the units there are selected by
    it, 355.10.b): a1 (base, Might 3), not a2 (north); north or south -> 2. Resolved with
    north: b1 and b2 there are dealt 3 each (its Might as it executes, 359.3.f.2), B's b3
    at south none, and a1 moves to north."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.outcome import apply
    from riftsolve.rules.scenario import Scenario

    storm = compile_card("Stormbringer", "Choose a friendly unit in your base. Deal damage "
                         "equal to its Might to all enemy units at a battlefield, then move "
                         "your unit there.")
    board = Board(("north", "south"), (
        Unit("a1", "A", 3, "base"), Unit("a2", "A", 1, "north"), Unit("b1", "B", 2, "north"),
        Unit("b2", "B", 5, "north"), Unit("b3", "B", 1, "south")))
    played = Scenario("A", storm, board)
    assert sorted(a.chosen() for a in finalize(played)) == [("a1", "north"), ("a1", "south")]
    chosen = Scenario("A", storm, board, targets=JointChosen(
        picks=(("friendly", "a1"), ("battlefield", "north"))))
    done = apply(chosen, next(iter(resolve(chosen))))
    assert sorted(done.dealt) == [("b1", 3), ("b2", 3)] and done.moved == (("a1", "north"),)


def test_a_unit_and_a_battlefield_chosen_then_units_there_moved() -> None:
    """Stare Down, "Choose a friendly unit and a battlefield. Move all enemy units at that
    battlefield with less Might than the chosen unit to their base.": two targets (355.7),
    a friendly unit and any battlefield: a1, a2 x north, south -> 4. "The chosen unit" is
    compared with, never moved: resolved with a1 and north, a1 stays where it is and the
    move is recorded on north."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.outcome import apply
    from riftsolve.rules.scenario import Scenario

    stare = compile_card("Stare Down", "Choose a friendly unit and a battlefield. Move all "
                         "enemy units at that battlefield with less Might than the chosen "
                         "unit to their base. Gain 1 XP.")
    board = Board(("north", "south"), (Unit("a1", "A", 3, "base"), Unit("a2", "A", 1, "north"),
                                       Unit("b1", "B", 2, "north")))
    assert finalize(Scenario("A", stare, board)).count() == 4
    chosen = Scenario("A", stare, board, targets=JointChosen(
        picks=(("friendly", "a1"), ("battlefield", "north"))))
    done = apply(chosen, next(iter(resolve(chosen))))
    assert done.moved == () and done.dealt == ()


def test_a_mode_chosen_before_this_turn_is_not_chosen_again() -> None:
    """Udyr, Wildman, "Spend my buff: Choose one you've not chosen this turn - Deal 2 to a
    unit at a battlefield. Stun a unit at a battlefield. Ready me. Give me [Ganking] this
    turn." (the dump runs its modes together): modes are chosen as the ability is finalized
    (355.3), here only modes not yet chosen this turn (the scenario's ``modes_used``). Udyr
    y (north), u1 (north) and u2 (south) are at battlefields, u3 in a base: modes 1 and 2
    have 3 answers each, 3 and 4 one -> 8; with modes 1 and 3 used: 3 + 1 -> 4, and mode 1
    fails citing 355.3. A mode numbered 0, or modes used for a card with no such choice,
    are refused (exit 2, naming the field)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.families.joint import pick_failure
    from riftsolve.rules.scenario import Scenario

    udyr = compile_card("Udyr, Wildman", "Spend my buff: Choose one you've not chosen this "
                        "turn -\n\nDeal 2 to a unit at a battlefield.Stun a unit at a "
                        "battlefield.Ready me.Give me [Ganking] this turn.")
    board = Board(("north", "south"), (Unit("y", "A", 3, "north"), Unit("u1", "B", 1, "north"),
                                       Unit("u2", "B", 1, "south"), Unit("u3", "B", 1, "base")))
    assert finalize(Scenario("A", udyr, board, source="y")).count() == 8
    used = Scenario("A", udyr, board, source="y", modes_used=(1, 3))
    assert sorted(str(a.chosen()) for a in finalize(used)) == [
        "('2', 'u1')", "('2', 'u2')", "('2', 'y')", "('4',)"]
    assert isinstance(udyr, JointChoice)
    failure = pick_failure(used, board, udyr.pick("mode"), "1", "A", False)
    assert failure is not None and failure.rule == "355.3"
    for used_modes, says in (([0], "modes_used"), ([1], "no choice of modes")):
        with pytest.raises(rs.ScenarioError, match=says):
            rs.parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
                               "battlefields": ["north"], "units": [],
                               "modes_used": used_modes})


def test_objects_with_a_keyword_and_cards_of_opponents_trashes() -> None:
    """Guerilla Warfare, "Return up to two cards with [Hidden] from your trash to your
    hand.": cards of A's trash with the keyword Hidden, targets (a trash is public,
    355.10.a.1), zero to two (355.13): h1, h2 (not p1, without it, nor B's h3) -> none, h1,
    h2, both -> 4; the card names [Hidden], it does not have it. Command: Attack, mode 1,
    "Move a friendly gear with [Deploy] to a battlefield.": g1 (Deploy, north) to south ->
    1 (g2 has no Deploy). Disposal Order, mode 1, "Choose up to 3 cards from opponents'
    trashes.": B's h3 only, or none -> 2."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    trash = (Piece("h1", "card", "A", "trash", keywords=("Hidden",)),
             Piece("h2", "card", "A", "trash", keywords=("Hidden", "Ganking")),
             Piece("p1", "card", "A", "trash"), Piece("h3", "card", "B", "trash",
                                                      keywords=("Hidden",)))
    gear = (Unit("g1", "A", 0, "north", type="gear", keywords=("Deploy",)),
            Unit("g2", "A", 0, "north", type="gear"))
    board = Board(("north", "south"), gear, objects=trash)
    warfare = compile_card("Guerilla Warfare", "Return up to two cards with [Hidden] from "
                           "your trash to your hand. You can hide cards ignoring costs this "
                           "turn.")
    assert finalize(Scenario("A", warfare, board)).count() == 4 and not warfare.hidden
    attack = compile_card("Command: Attack", "Choose one \u2014\n- Move a friendly gear with "
                          "[Deploy] to a battlefield.\n- Look at the top 5 cards of your Main "
                          "Deck. You may reveal a gear from among them and draw it. Recycle "
                          "the rest.")
    assert [a.chosen() for a in finalize(Scenario("A", attack, board))
            if a.chosen()[0] == "1"] == [("1", "g1", "south")]
    disposal = compile_card("Disposal Order", "Choose one -\n\nChoose up to 3 cards from "
                            "opponents' trashes. Their owners recycle them.Draw 1.")
    assert sorted(str(a.chosen()) for a in finalize(Scenario("A", disposal, board))
                  if a.chosen()[0] == "1") == ["('1', 'h3')", "('1',)"]


def test_a_levelled_spell_a_later_permission_and_the_top_cards_of_a_deck() -> None:
    """Skyward Strike, "Move an enemy unit. [Level 6][>] [Stun] an enemy unit.": one effect
    without the level (move an enemy unit: b1 or b2, each to one of 2 other locations -> 4
    with a destination), one at Level 6 with the stun's own target too (b1 or b2 again,
    the same unit allowed: 4 x 2 = 8). Jayce, "you may kill a friendly gear. If you do, you
    may play a gear ... from hand this turn": the play is a permission for later, no
    choice now: no gear or g1 -> 2. Teemo, "choose an enemy unit here and reveal the top 5
    cards of your Main Deck": the top cards are selected, not chosen (355.10.d): b1 (here)
    only -> 1."""
    from riftsolve.compiler.card import compile_abilities
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.classify import classify
    from riftsolve.rules.scenario import Scenario

    board = Board(("north", "south"), (
        Unit("t", "A", 1, "north"), Unit("g1", "A", 0, "north", type="gear"),
        Unit("b1", "B", 2, "north"), Unit("b2", "B", 2, "base")))
    strike, levelled = compile_abilities(
        "Skyward Strike", "Move an enemy unit.\n[Level 6][>] [Stun] an enemy unit. (While "
        "you have 6+ XP, get the effect.)")
    assert (strike.name, levelled.name) == ("Skyward Strike", "Skyward Strike, Level 6")
    assert finalize(Scenario("A", strike, board)).count() == 4
    assert finalize(Scenario("A", levelled, board)).count() == 8
    jayce = compile_card("Jayce", "When you play me, you may kill a friendly gear. If you do, "
                         "you may play a gear with Energy cost no more than :rb_energy_7: "
                         "from hand this turn, ignoring its Energy cost.")
    assert finalize(Scenario("A", jayce, board)).count() == 2
    teemo = compile_card("Teemo", "When I defend, choose an enemy unit here and reveal the "
                         "top 5 cards of your Main Deck. Deal 1 to that unit for each card "
                         "with [Hidden] revealed this way, then recycle the revealed cards.")
    assert [a.chosen() for a in finalize(Scenario("A", teemo, board, source="t"))] == [
        ("b1",)]
    assert classify("Reveal the top 5 cards of your Main Deck.").targets == []


def test_a_non_tag_unit_an_optional_cost_of_three_and_new_verbs() -> None:
    """Ocean Drake, "You may play me to an open battlefield. When you play me, you may
    return a non-Dragon unit to its owner's hand.": where the card is played is not its
    effect's choice; the trigger's unit has no Dragon tag, the "you may" decided now
    (383.3.a): none, o, u1 or b1 (not d1 nor b2, Dragons) -> 4. Bottled Constellation,
    "you may kill 3 other friendly units and/or gear to score 1 point": the cost at the
    start of the effect is the base cost (383.3.b), all three or none, never the source:
    of u1, o, g1 (A's, not the source s) one set, or none -> 2. Hextech Formula,
    "Empower another gear.": g1 or g2, not the source s -> 2. Dominus, "double a unit's
    Might and give it \"...: Ready me.\"": the granted ability chooses nothing: any of the
    5 units -> 5. "You may disempower something you control" is refused."""
    from riftsolve.compiler.card import compile_abilities
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    board = Board(("north",), (
        Unit("o", "A", 3, "north"), Unit("u1", "A", 1, "north"),
        Unit("d1", "B", 4, "north", tags=("Dragon",)), Unit("b1", "B", 1, "north"),
        Unit("b2", "B", 1, "north", tags=("Dragon", "Bird")),
        Unit("s", "A", 0, "north", type="gear"), Unit("g1", "A", 0, "north", type="gear"),
        Unit("g2", "B", 0, "north", type="gear")))
    (drake,) = compile_abilities("Ocean Drake", "You may play me to an open battlefield.\nWhen "
                                 "you play me, you may return a non-Dragon unit to its "
                                 "owner's hand.")
    assert sorted(str(a.chosen()) for a in finalize(Scenario("A", drake, board))) == [
        "('b1',)", "('o',)", "('u1',)", "()"]
    bottled = compile_card("Bottled Constellation", "At the start of your Main Phase, you may "
                           "kill 3 other friendly units and/or gear to score 1 point.")
    assert sorted(tuple(v for v in a.chosen() if v) for a in finalize(
        Scenario("A", bottled, board, source="s"))) == [(), ("g1", "o", "u1")]
    formula = compile_card("Hextech Formula", "This enters exhausted.\n:rb_exhaust:: Empower "
                           "another gear. (It becomes Empowered if it's not already.)")
    assert finalize(Scenario("A", formula, board, source="s")).count() == 2
    dominus = compile_card("Dominus", "This turn, double a unit's Might and give it "
                           "\":rb_rune_rainbow::rb_rune_rainbow:: Ready me.\"")
    assert finalize(Scenario("A", dominus, board)).count() == 5
    with pytest.raises(CompileError, match="something you control"):
        compile_card("Profiteer", "When you play me, you may disempower something you control "
                     "to empower a legend, unit, or gear.")


def test_a_card_played_from_hand_is_chosen_as_it_resolves() -> None:
    """Here to Help, "You may play a unit from hand to a battlefield you control": a unit
    card of A's hand (not a target: a hand is not public, 355.10.a) and a battlefield A
    controls, both chosen on resolution, the play declinable: c1 (a unit) to north, or
    declined, nothing chosen (listed once, 355.12) -> 2 (c2, a spell, is not a unit).
    Ava Achiever, "When I attack, you may pay [Mind] to play a card with [Hidden] from
    your hand": the "you may" is decided as the ability is finalized (383.3.a); on
    resolution a card of A's hand with Hidden: h1 ->
    1 (c1 has no Hidden)."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    hand = (Piece("c1", "card", "A", "hand", type="unit"), Piece("c2", "card", "A", "hand",
                                                                 type="spell"),
            Piece("h1", "card", "A", "hand", type="spell", keywords=("Hidden",)))
    board = Board(("north", "south"), (Unit("ava", "A", 2, "north"),), control=(("north", "A"),),
                  objects=hand)
    helper = compile_card("Here to Help", "You may play a unit from hand to a battlefield you "
                          "control, reducing its cost by :rb_energy_3:.")
    answers = [as_line(a) for a in resolve(Scenario("A", helper, board, targets=JointChosen(
        picks=())), kind=Executed)]
    assert answers == [{"picks": {"card": None, "destination": None}, "declined": ["card"]},
                       {"picks": {"card": "c1", "destination": "north"}}]
    ava = compile_card("Ava Achiever", "When I attack, you may pay :rb_rune_mind: to play a "
                       "card with [Hidden] from your hand, ignoring its cost. If it's a unit, "
                       "play it here.")
    assert [as_line(a)["picks"] for a in resolve(Scenario(
        "A", ava, board, source="ava", targets=JointChosen(picks=())), kind=Executed)] == [
        {"card": "h1"}]


def test_damage_equal_to_a_shield_given_this_turn_is_recorded_on_its_target() -> None:
    """Ntofo Strikes, "Give a friendly unit [Shield 2] this turn, then deal damage equal to
    its [Shield] to an enemy unit.": two targets (355.7), a friendly unit and an enemy
    unit: a1, a2 x b1 -> 2; the damage (its Shield, raised by this very effect) is not
    computed: the enemy is recorded as dealt damage by that unit's Shield."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    ntofo = compile_card("Ntofo Strikes", "Give a friendly unit [Shield 2] this turn, then deal "
                         "damage equal to its [Shield] to an enemy unit.")
    board = Board(("north",), (Unit("a1", "A", 1, "north"), Unit("a2", "A", 1, "base"),
                               Unit("b1", "B", 1, "north")))
    assert sorted(a.chosen() for a in finalize(Scenario("A", ntofo, board))) == [
        ("a1", "b1"), ("a2", "b1")]
    assert isinstance(ntofo, JointChoice)
    assert [d.label for d in ntofo.deeds if d.pick == "enemy"] == [
        "deal damage equal to friendly's [Shield]"]
    # the preview's wording, "Then deal damage equal to that unit's Shield to an enemy
    # unit.": the same choices; the friendly unit is read, not dealt damage
    worded = compile_card("Ntofo Strikes", "Give a friendly unit [Shield 2] this turn. Then "
                          "deal damage equal to that unit's Shield to an enemy unit.")
    assert isinstance(worded, JointChoice)
    assert [(d.pick, d.label) for d in worded.deeds] == [
        ("friendly", "give"), ("enemy", "deal damage equal to friendly's [Shield]")]


def test_each_other_player_chooses_a_unit_the_caster_does_not_control() -> None:
    """King's Edict, "Starting with the next player, each other player chooses a unit you
    don't control that hasn't been chosen for this spell. Kill those units.": B, then C,
    each choose on resolution (no target, 355.10.e) a unit A does not control, never one
    already chosen: of b1 and c1 (a1 is A's), B takes one and C the other -> 2."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    edict = compile_card("King's Edict", "Starting with the next player, each other player "
                         "chooses a unit you don't control that hasn't been chosen for this "
                         "spell. Kill those units.")
    board = Board(("north",), (Unit("a1", "A", 1, "north"), Unit("b1", "B", 1, "north"),
                               Unit("c1", "C", 1, "north")))
    answers = [as_line(a)["picks"] for a in resolve(Scenario(
        "A", edict, board, targets=JointChosen(picks=())), kind=Executed)]
    assert sorted(sorted(p.values()) for p in answers) == [["b1", "c1"], ["b1", "c1"]]
    assert all("a1" not in p.values() for p in answers) and len(answers) == 2


def test_an_additional_cost_of_any_number_of_units_is_a_group_with_no_target() -> None:
    """Commander Ledros, "As you play me, you may kill any number of friendly units as an
    additional cost.": any subset of A's units, chosen as the card is played, none of them a
    target (355.10.c): no Deflect is paid and "can't be chosen" does not bar one. a1, a2
    (Deflect 1, untargetable by all): 2^2 = 4 subsets, each costing 0 Power. The cost is
    paid as the card is played (135.2.b.3): on resolution nothing is chosen or killed, the
    units killed then (now off the board) are no illegal targets and are not counted."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.choosing import counted_targets, targeted_slots
    from riftsolve.rules.scenario import Scenario

    ledros = compile_card("Commander Ledros", "As you play me, you may kill any number of "
                          "friendly units as an additional cost. Reduce my cost by "
                          ":rb_rune_order: for each killed this way.")
    board = Board(("north",), (Unit("a1", "A", 1, "north"),
                               Unit("a2", "A", 2, "north", deflect=1, untargetable="all"),
                               Unit("b1", "B", 1, "north")))
    played = finalize(Scenario("A", ledros, board))
    answers = list(played)
    assert sorted(a.chosen() for a in answers) == [(), ("a1",), ("a1", "a2"), ("a2",)]
    assert {w["rule"] for a in answers for w in played.explain(a)} == {"355.10.c"}
    assert {a.deflect_cost for a in answers} == {0} and targeted_slots(ledros) == frozenset()
    assert isinstance(ledros, GroupTargets)
    slot = ledros.slots[0].name
    after = replace(board, units=(replace(board.units[0], location="offboard"),
                                  *board.units[1:]))
    paid = Scenario("A", ledros, after, targets=GroupChosen(groups=((slot, ("a1", "a2")),)))
    legal = resolve(paid)
    assert [as_line(a) for a in legal] == [{"affected": []}]
    why, reduced = legal.explain(next(iter(legal)))  # (and its cost reduction, said)
    assert why["rule"] == "355.10.c" and "a1, a2" in why["detail"] and "kill" in why["detail"]
    assert reduced["rule"] == "359.3.e.5" and "Reduce my cost" in reduced["detail"]
    assert counted_targets(paid) == []


def test_a_gear_no_dearer_than_the_sources_might_and_a_card_put_back() -> None:
    """Noxian Demolitionist (Might 3), "When I conquer, you may kill a gear with Energy
    cost no more than my Might.": g1 (2), g2 (3), not g3 (4); the "you may" decided now
    (383.3.a) -> none, g1, g2 -> 3; a gear whose cost is not stated exits 2 naming it.
    Altar of Memories, "you may exhaust me to draw 1, then put a card from your hand on
    the top or bottom of your Main Deck": a card of A's hand chosen on resolution (no
    target, 355.10.a): c1 or c2 -> 2."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    units = (Unit("n", "A", 3, "north"), Unit("g1", "B", 0, "north", type="gear", energy=2),
             Unit("g2", "B", 0, "base", type="gear", energy=3),
             Unit("g3", "A", 0, "north", type="gear", energy=4))
    noxian = compile_card("Noxian Demolitionist", "When I conquer, you may kill a gear with "
                          "Energy cost no more than my Might.")
    board = Board(("north",), units, objects=(Piece("c1", "card", "A", "hand"),
                                              Piece("c2", "card", "A", "hand")))
    assert sorted(str(a.chosen()) for a in finalize(Scenario("A", noxian, board,
                                                              source="n"))) == [
        "('g1',)", "('g2',)", "()"]
    unstated = Board(("north",), (*units, Unit("g4", "B", 0, "north", type="gear")))
    with pytest.raises(rs.ScenarioError, match=r"units\[g4\]\.energy"):
        finalize(Scenario("A", noxian, unstated, source="n")).count()
    altar = compile_card("Altar of Memories", "When a friendly unit dies, you may exhaust me "
                         "to draw 1, then put a card from your hand on the top or bottom of "
                         "your Main Deck.")
    assert sorted(as_line(a)["picks"]["card"] for a in resolve(Scenario(
        "A", altar, board, targets=JointChosen(picks=())), kind=Executed)) == ["c1", "c2"]


def test_show_off_reveals_a_card_or_picks_a_friendly_one_not_both() -> None:
    """[Show Off] a unit (Primordial Roar): as the card is played its controller may reveal
    a unit card from hand or pick a friendly unit, one or the other, neither a target
    (355.10.a; a pick, 355.17); then "If you showed off a unit, deal damage equal to that
    unit's Might to a unit": a target (355.7). h1 (a unit card in A's hand; s1 a spell), a1
    (A's), b1 (B's); c3 is a gear card: shown nothing, h1 or a1 (3) x the damaged unit a1
    or b1 (2) -> 6, never h1 and a1 together.
    Rousing Display shows off "a card with Energy cost [7] or more": c7 (7, in hand) or g
    (A's gear, 8); not c3 nor a1 (2) -> nothing, c7 or g -> 3."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    board = Board(("north",), (Unit("a1", "A", 2, "north", energy=2),
                               Unit("b1", "B", 1, "north", energy=1),
                               Unit("g", "A", 0, "north", type="gear", energy=8)),
                  objects=(Piece("h1", "card", "A", "hand", type="unit", energy=2),
                           Piece("s1", "card", "A", "hand", type="spell", energy=1),
                           Piece("c7", "card", "A", "hand", type="spell", energy=7),
                           Piece("c3", "card", "A", "hand", type="gear", energy=3)))
    roar = compile_card("Primordial Roar", "[Show Off] a unit. (As you play this, you may "
                        "reveal a unit from hand or pick a friendly unit.)\nIf you showed off "
                        "a unit, deal damage equal to that unit's Might to a unit.")
    answers = sorted(str(a.chosen()) for a in finalize(Scenario("A", roar, board)))
    assert answers == ["('a1', 'a1')", "('a1', 'b1')", "('a1',)", "('b1',)",
                       "('h1', 'a1')", "('h1', 'b1')"]  # (an empty pick is left out)
    display = compile_card("Rousing Display", "[Show Off] a card with Energy cost [7] or "
                           "more. (As you play this, you may reveal such a card from hand or "
                           "pick a friendly one.)\nPlay two 1 [Might] Recruit unit tokens to "
                           "your base. If you showed off, play four to your base instead.")
    assert sorted(str(a.chosen()) for a in finalize(Scenario("A", display, board))) == [
        "('c7',)", "('g',)", "()"]


def test_misreads_a_judge_found_read_right_or_refused() -> None:
    """Cards an independent review found misread, each on a board worked out by hand.

    * Marching Orders, "Choose a friendly unit anywhere and an enemy unit at a battlefield":
      each chosen with its own restrictions, no place shared (it was read as one
      battlefield for both). A's units at base, south and north, B's at north: 3 x 1 = 3.
    * Defiant Dance, a spell, "Give a unit +2 Might this turn and another unit -2 Might this
      turn": "another" is other than the first unit (355.9.c), not the spell's source (it
      was read as needing a source unit). Units u1 and u2: (u1, u2) and (u2, u1), 2.
    * Hexplosive Minefield, "Kill any number of friendly Bomb tokens": Bomb tokens are gear
      (every card that makes them says "play a Bomb gear token"): A's two Bomb gear, any
      subset (355.13): 4; A's unit tagged Bomb is not one.
    * Refused with their reason, no longer misread: Acceleration Gate (units, gear and
      runes in one choice), Pack of Wonders (a facedown card among its kinds). Fading
      Memories ("a unit at a battlefield or a gear") is now read right: see
      ``test_one_object_of_one_kind_or_another``.
    * Riven, Shattered, "Deal 2 to it for each Equipment attached to me": one instance of the
      total (418.8), counted from what the board does not record: the enemy unit here is
      answered, the damage not modelled (it was dealt as 2).
    * Defiant Dance's second unit is given -2 Might (its deed said +2); Encore's fourth mode
      chooses which of the cards looked at is drawn (it chose nothing)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    orders = compile_card("Marching Orders", "Choose a friendly unit anywhere and an enemy "
                          "unit at a battlefield. They deal damage equal to their Mights to "
                          "each other.")
    board = Board(("north", "south"), (Unit("a1", "A", 1, "base"), Unit("a2", "A", 2, "south"),
                                       Unit("a3", "A", 3, "north"), Unit("b1", "B", 2, "north")))
    assert sorted(a.chosen() for a in finalize(Scenario("A", orders, board))) == [
        ("a1", "b1"), ("a2", "b1"), ("a3", "b1")]
    dance = compile_card("Defiant Dance", "Give a unit +2 [Might] this turn and another unit "
                         "-2 [Might] this turn.")
    assert isinstance(dance, JointChoice) and not dance.needs_source
    assert [d.label for d in dance.deeds] == ["give +2 Might", "give -2 Might"]
    pair = Board(("north", "south"), (Unit("u1", "A", 2, "north"), Unit("u2", "B", 2, "south")))
    assert sorted(a.chosen() for a in finalize(Scenario("A", dance, pair))) == [
        ("u1", "u2"), ("u2", "u1")]
    mines = compile_card("Hexplosive Minefield", "Kill any number of friendly Bomb tokens. At "
                         "end of turn, play that many Bomb tokens to a single battlefield.")
    bombs = Board(("north", "south"), (
        Unit("m1", "A", 0, "north", type="gear", tags=("Bomb",), token=True),
        Unit("m2", "A", 0, "base", type="gear", tags=("Bomb",), token=True),
        Unit("m3", "A", 0, "base", type="gear", tags=("Bomb",)),  # (not a token)
        Unit("a1", "A", 2, "north", tags=("Bomb",), token=True)))
    assert sorted(a.chosen() for a in finalize(Scenario("A", mines, bombs))) == [
        (), ("m1",), ("m1", "m2"), ("m2",)]
    encore = compile_card("Encore", "Choose two -\n- Deal 2 to a unit.\n- Play two 1 [Might] "
                          "Recruit unit tokens.\n- Give up to two units each +1 [Might] this "
                          "turn.\n- Look at the top 2 cards of your Main Deck, draw 1 and "
                          "recycle the other.")
    assert isinstance(encore, JointChoice)
    # mode 4: which card looked at is drawn, chosen on resolution, no target (355.10.a)
    assert [(p.kind, p.zone, p.later, p.target) for p in encore.picks if p.in_mode == 4] == [
        ("card", "revealed", True, False)]
    # Called Shot: the cards looked at in a sentence of their own, "Draw one" of them
    called = compile_card("Called Shot", "[Repeat] [Chaos] (You may pay the additional cost "
                          "to repeat this spell's effect.)\nLook at the top 2 cards of your "
                          "Main Deck. Draw one and recycle the other.")
    assert isinstance(called, JointChoice) and called.repeat
    assert [(p.kind, p.zone, p.later, p.target) for p in called.picks] == [
        ("card", "revealed", True, False)]
    # Acceleration Gate and Pack of Wonders now read their runes and facedown cards too
    # (test_up_to_four_units_gear_or_runes, test_another_friendly_gear_unit_or_facedown_card);
    # another list of kinds is refused
    with pytest.raises(CompileError, match="other kinds"):
        compile_card("Odd Gate", "Ready up to 2 units, gear, and/or legends.")
    riven = compile_card("Riven, Shattered", "When I attack, choose an enemy unit here. Deal 2 "
                         "to it for each Equipment attached to me.")
    assert isinstance(riven, GroupTargets) and riven.action is Action.AFFECT
    assert "418.8" in riven.label and riven.damage == 0


@pytest.mark.parametrize(("text", "kinds"), [
    ("While you have 8+ runes, I have +4 [Might].", []),
    ("You may play me to an open battlefield.", []),
    ("Channel 2 runes exhausted. If you couldn't channel 2 runes this way, draw 1.", []),
    ("When I move, if you control 4 or fewer runes, draw 1.", []),
    ("Draw 1, then draw 1 for each battlefield you or allies control.", []),
    ("I enter ready if a friendly unit or gear died this turn.", []),
    ("When you play me, you may pay [1]. If you do, kill a unit.", ["unit"]),
    ("If you've played a spell this turn, deal 2 to a unit at a battlefield.", ["unit"]),
    # a condition with a comma-separated list (Swain, Visionary), and one alone in its
    # sentence (Hungry Wolf, Forbidding Waste): nothing is chosen
    ("When I conquer, if you've played a non-token unit, a non-token gear, and a spell this "
     "turn, you score 1 point.", []),
    ("Use only if you've chosen an enemy unit this turn and only once each turn.", []),
    ("While a unit here is defending alone, it has -2 [Might].", []),
    # permissions to play a card somewhere or for less (Arachnoid Horror, Orianna,
    # Dragon Roost): the play's choice, not an effect's
    ("Friendly units can be played to an occupied battlefield if an enemy unit is alone "
     "there.", []),
    ("Once each turn, while I'm at a battlefield, you may pay [1][Universal] less to play a "
     "gear.", []),
    ("Any player may pay [Universal][Universal] as an additional cost to play a Dragon.", []),
    # triggers counting plays or discards (Fanfare, Rakelstake, Jinx, Rebel; Lillia's "When
    # I move from a location", whose token is played there)
    ("The next three times you play a unit this turn, draw 1.", []),
    ("For each player, the first time they play a unit or gear here each turn, they "
     "[Predict].", []),
    ("When you discard one or more cards, ready me.", []),
    ("When I move from a location, play a 3 [Might] Sprite unit token with [Temporary] "
     "there.", []),
    # tokens made where the card says (Keeper of Masks), a name named (Fallen Feline), the
    # source's own abilities and legend, deckbuilding, an Equipment's own unit
    ("When you play me, play two Reflection unit tokens here.", []),
    ("When you play me, name a spell.", []),
    ("Use my abilities only while I'm at a battlefield.", []),
    ("When you conquer here, you may pay [1] to ready your legend.", []),
    ("Your deck can have any number of cards named Spiderling.", []),
    ("As this is attached to a unit, copy that unit's text to this Equipment's effect "
     "text.", []),
    # a destination chosen for a token is still a choice (355.2.a), the token is not
    ("[1], [Exhaust]: Play a Bomb gear token to a battlefield.", ["battlefield"]),
    ("As this is attached to a unit, choose another friendly unit.", ["unit"]),
    # a unit revealed and played, no place said: where it enters is chosen (355.2.a), so the
    # card chooses (Dazzling Aurora; refused: what is revealed is not stated)
    ("At the end of your turn, reveal cards from the top of your Main Deck until you reveal "
     "a unit and banish it. Play it, ignoring its cost, and recycle the rest.", ["location"]),
])
def test_what_chooses_nothing_is_not_counted_as_choosing(text: str, kinds: list[str]) -> None:
    """A card's report counts the cards that choose objects (355.5-355.10): a condition
    ("while you have 8+ runes"), a count ("for each battlefield you control"), runes
    channelled and where the card itself may be played choose none; a choice after a
    condition still counts."""
    from riftsolve.compiler.card import chosen_objects

    assert chosen_objects(text) == kinds


def test_a_unit_played_from_a_trash_by_its_costs_and_deathknell() -> None:
    """Glasc Mixologist, "[Deathknell] - You may play a unit with cost no more than [3] and
    no more than [Universal] from your trash, ignoring its cost.": [Deathknell] is the
    trigger "When I die" (its reminder text), so its "you may" is decided as the trigger
    is finalized (383.3.a); the unit is a card of A's trash with Energy cost 3 or less and
    Power cost 1 or less (it was refused: "play" read as a unit on the board). Spectral
    Matron says the same with "costing". The unit played enters where its player chooses
    as it is played, on resolution (355.2, 355.2.a): a later location pick; a card declined
    (the trigger not done) or gone from the trash is not played: nothing is chosen for it.
    Mournful Spirit's "[Deathknell] You may kill a unit or gear here" may choose nothing (it
    had to choose one)."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    for name, text in (
            ("Glasc Mixologist", "[Deathknell] - You may play a unit with cost no more than "
             "[3] and no more than [Universal] from your trash, ignoring its cost. (When I "
             "die, get the effect.)"),
            ("Spectral Matron", "When you play me, you may play a unit costing no more than "
             "[3] and no more than [Universal] from your trash, ignoring its cost.")):
        (effect,) = compile_abilities(name, keywords_in_words(text))
        assert isinstance(effect, JointChoice)
        assert [(p.kind, p.zone, p.card_type, p.energy_at_most, p.power_at_most,
                 p.trigger_may, p.later, p.chooser) for p in effect.picks] == [
            ("card", "trash", "unit", 3, 1, True, False, "you"),
            ("location", "", "", None, None, False, True, "owner")]
    # north is A's, south B's: the unit played enters A's base or north (355.2.a)
    card = Piece("c1", "card", "A", zone="trash", type="unit", energy=2, power=0)
    for chosen, where in (("c1", ["base", "north"]), (None, ["None"])):
        board = Board(("north", "south"), (Unit("me", "A", 2, "offboard"),), objects=(card,),
                      control=(("north", "A"), ("south", "B")))
        s = Scenario("A", effect, board, targets=JointChosen(picks=(("card", chosen),)))
        assert sorted(str(as_line(a)["picks"]["location"]) for a in resolve(s)) == where
    (spirit,) = compile_abilities("Mournful Spirit", keywords_in_words(
        "[Deathknell][>] You may kill a unit or gear here. (When I die, get the effect.)"))
    assert isinstance(spirit, GroupTargets) and spirit.slots[0].least == 0


def test_what_the_second_review_found() -> None:
    """Safety Inspector, "When you play me, each player must kill one of their units. If
    you paid my additional cost, you don't kill a unit this way.": each player chooses on
    resolution (355.10.e, 355.10.f), nothing is chosen as it is played, and the exception
    chooses nothing: one declaration, the empty one, on a board with four units (it listed
    one a unit). Unforgiven, "Move a friendly unit to or from its base": where it may go
    depends on where it is (it offered battlefield-to-battlefield moves, then was refused):
    its base from a battlefield, a battlefield from its base (355.4). kai (north) to base;
    lux (base) to north or south; never kai to south: 3. Gentlemen's Duel's fight after
    "+3 Might" is not claimed as damage from the Mights on the board."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.answers.joint import Choice
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    inspector = compile_card("Safety Inspector", "When you play me, each player must kill one "
                             "of their units. If you paid my additional cost, you don't kill a "
                             "unit this way.")
    board = Board(("north", "south"), (Unit("me", "A", 2, "north"), Unit("a1", "A", 1, "base"),
                                       Unit("b1", "B", 2, "north"), Unit("b2", "B", 1, "south")))
    assert [a.chosen() for a in finalize(Scenario("A", inspector, board, source="me"))] == [()]
    unforgiven = compile_card("Unforgiven", "[2], [Exhaust]: Move a friendly unit to or from "
                              "its base.")
    sides = Board(("north", "south"), (Unit("kai", "A", 3, "north"), Unit("lux", "A", 2, "base"),
                                       Unit("r1", "B", 2, "south")))
    legal = finalize(Scenario("A", unforgiven, sides))
    assert sorted(a.chosen() for a in legal) == [("kai", "base"), ("lux", "north"),
                                                 ("lux", "south")]
    assert "355.4" in [f.rule for f in legal.verify(Choice((("friendly", "kai"),
                                                            ("destination", "south")), 0))]
    # Gentlemen's Duel: the fight follows "+3 Might" the outcome does not model, so its
    # damage is not claimed from the Mights on the board (it dealt 2 where 5 is dealt)
    duel = compile_card("Gentlemen's Duel", "Give a friendly unit +3 [Might] this turn. Then "
                        "choose an enemy unit. They deal damage equal to their Mights to each "
                        "other.")
    assert isinstance(duel, JointChoice)
    assert [d.action for d in duel.deeds] == [Action.AFFECT, Action.AFFECT]
    assert "not modelled" in duel.deeds[1].label
    # Rampage: "+2 Might" only if the additional cost was paid (a condition the scenario
    # does not state): the fight after it is not claimed either (kai 3 vs r2 4 would kill
    # kai only; paid, both die)
    rampage = compile_card("Rampage", "As you play this, you may pay [Body] as an additional "
                           "cost.\nChoose a friendly unit and an enemy unit. If you paid the "
                           "additional cost, give the friendly unit +2 [Might] this turn. They "
                           "deal damage equal to their Mights to each other.")
    assert isinstance(rampage, JointChoice)
    assert [(d.pick, d.action) for d in rampage.deeds] == [
        ("friendly", Action.AFFECT), ("friendly", Action.AFFECT)]
    assert "(if ...)" in rampage.deeds[0].label and "not modelled" in rampage.deeds[1].label


def test_a_chosen_player_discards_from_their_own_hand() -> None:
    """Bewitching Spirit, "When you play me, choose a player. They discard 1.": the player
    is a target (355.7), either A or B -> 2; the card discarded is of that player's own
    hand, chosen by them on resolution (no target, a hand is not public, 355.10.a/e):
    B holds h1, h2 -> 2; A (choosing themself) holds h3 -> 1."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    spirit = compile_card("Bewitching Spirit", "When you play me, choose a player. They "
                          "discard 1.")
    board = Board(("north",), (Unit("me", "A", 2, "north"), Unit("b1", "B", 1, "north")),
                  objects=(Piece("h1", "card", "B", "hand"), Piece("h2", "card", "B", "hand"),
                           Piece("h3", "card", "A", "hand")))
    played = Scenario("A", spirit, board, source="me")
    assert finalize(played).count() == 2

    def discarded(player: str) -> list[str | None]:
        chosen = replace(played, targets=JointChosen(picks=(("opponent", player),)))
        return [as_line(a)["picks"]["card"] for a in resolve(chosen, kind=Executed)]
    assert discarded("B") == ["h1", "h2"] and discarded("A") == ["h3"]


def test_a_you_may_choice_made_on_resolution_is_declined_once() -> None:
    """Insightful Investigator, "choose an opponent. They reveal their hand. You may pay 2
    XP to choose a card from their hand. If you do, they discard that card": the card is
    chosen on resolution among B's revealed hand, or none (the "you may" declined, nothing
    chosen, listed once, 355.12): h1, h2, declined -> 3 (was 4: each card also listed
    declined)."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    investigator = compile_card(
        "Insightful Investigator", "When you play me, choose an opponent. They reveal their "
        "hand. You may pay 2 XP to choose a card from their hand. If you do, they discard "
        "that card and draw 1.")
    board = Board(("north",), (Unit("me", "A", 3, "north"),),
                  objects=(Piece("h1", "card", "B", "hand"), Piece("h2", "card", "B", "hand"),
                           Piece("h3", "card", "A", "hand")))
    chosen = Scenario("A", investigator, board, source="me",
                      targets=JointChosen(picks=(("opponent", "B"),)))
    legal = resolve(chosen, kind=Executed)
    answers = [(as_line(a)["picks"]["card"], as_line(a).get("declined")) for a in legal]
    assert answers == [(None, ["card"]), ("h1", None), ("h2", None)]
    assert legal.count() == 3


def test_a_unit_played_by_a_card_played_from_hidden_is_played_there() -> None:
    """Here to Help played from Hidden at north: "You may play a unit from hand to a
    battlefield you control": the unit is played at north (811.1.d.5; 811.1.d.3 in 1.4),
    south no longer offered: c1 to north, or declined -> 2 (4 ... 3 from a hand: c1 to
    north or south, or declined, without Hidden). With north controlled by B, the card's
    own restriction excludes north and overrides the requirement (355.17.b): c1 to
    south, or declined -> 2. Sprite Call ("Play a 3 Might Sprite unit token"), from Hidden
    at north: its location is north alone -> 1 (3: base, north, south otherwise)."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    helper = compile_card("Here to Help", "[Hidden]\nYou may play a unit from hand to a "
                          "battlefield you control, reducing its cost by :rb_energy_3:.")
    hand = (Piece("c1", "card", "A", "hand", type="unit"),)
    units = (Unit("ava", "A", 2, "north"), Unit("bo", "A", 2, "south"))
    mine = Board(("north", "south"), units, control=(("north", "A"), ("south", "A")),
                 objects=hand)
    played = Scenario("A", helper, mine, targets=JointChosen(picks=()))

    def places(scenario: Scenario) -> list[str | None]:
        return [as_line(a)["picks"]["destination"] for a in resolve(scenario, kind=Executed)]
    assert places(played) == [None, "north", "south"]
    assert places(replace(played, from_hidden="north")) == [None, "north"]
    lost = replace(played, board=replace(mine, control=(("north", "B"), ("south", "A"))),
                   from_hidden="north")
    assert places(lost) == [None, "south"]
    legal = resolve(lost, kind=Executed)
    assert "355.17.b" in [s["rule"] for s in legal.explain(legal[1])]
    call = compile_card("Sprite Call", "[Hidden]\nPlay a 3 Might Sprite unit token with "
                        "[Temporary].")
    sprite = Scenario("A", call, mine, targets=JointChosen(picks=()))
    assert resolve(sprite).count() == 3
    assert [as_line(a)["picks"]["location"] for a in resolve(
        replace(sprite, from_hidden="north"), kind=Executed)] == ["north"]


def test_an_exhausted_source_cannot_pay_its_own_exhaust_cost() -> None:
    """Unlicensed Armory, "Discard 1, [Exhaust]: Choose a friendly unit.": its [Exhaust]
    is "exhaust me" (415.5), a cost an exhausted Armory cannot pay (415.4; 414.4 in 1.4):
    no declaration, and the reason; ready, a card of A's hand (c1) and one of A's two
    units -> 2. A spell's "exhaust a unit" is no cost of its source."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    armory = compile_card("Unlicensed Armory", "Discard 1, [Exhaust]: Choose a friendly "
                          "unit. The next time it would die this turn, you may pay [Fury] to "
                          "heal it, exhaust it, and recall it instead.")
    units = (Unit("kai", "A", 3, "north"), Unit("lux", "A", 2, "base"),
             Unit("gear", "A", 0, "base", type="gear", exhausted=True))
    board = Board(("north",), units, objects=(Piece("c1", "card", "A", "hand"),))
    tired = Scenario("A", armory, board, source="gear")
    legal = finalize(tired)
    assert legal.count() == 0 and list(legal) == []
    assert [(f.rule, f.version) for f in legal.why_none()] == [("414.4", "2026-10-09")]
    ready = replace(tired, board=replace(board, units=(*units[:2], replace(
        units[2], exhausted=False))))
    assert finalize(ready).count() == 2


def test_a_group_moves_to_an_open_battlefield() -> None:
    """Bard, Mercurial, "When you play me, if you paid the additional cost, move any
    number of your units to an open battlefield.": asked about, the trigger's condition
    was met (it is checked as it triggers); the destination, chosen now (355.4), is a
    battlefield with no unit and no controller (170.11.c): east, not north or south
    (units there) nor west (B controls it, empty), never a base. A's units kai, lux, bo
    -> 7 groups to east, or none -> 8. With bo standing at east, no battlefield is open:
    only the empty declaration -> 1."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.answers.group import GroupDeclaration
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.effects import Action
    from riftsolve.rules.effects.group import GroupTargets
    from riftsolve.rules.scenario import Scenario

    bard = compile_card("Bard, Mercurial", "When you play me, if you paid the additional "
                        "cost, move any number of your units to an open battlefield.")
    assert isinstance(bard, GroupTargets) and bard.action is Action.MOVE
    units = (Unit("kai", "A", 3, "north"), Unit("lux", "A", 2, "south"),
             Unit("bo", "A", 1, "base"), Unit("r1", "B", 2, "north"), Unit("r3", "B", 1, "south"))
    board = Board(("north", "south", "east", "west"), units,
                  control=(("north", "A"), ("west", "B")))
    legal = finalize(Scenario("A", bard, board), kind=GroupDeclaration)
    assert legal.count() == 8
    assert {d.destination for d in legal} == {None, "east"}
    moved = replace(board, units=(*units[:2], replace(units[2], location="east"), *units[3:]))
    assert finalize(Scenario("A", bard, moved)).count() == 1
    failures = legal.verify(GroupDeclaration((("kai",),), "west", 0, (("units", False),)))
    assert [f.rule for f in failures] == ["170.11.c"]


def test_one_object_of_one_kind_or_another() -> None:
    """Fading Memories, "Give a unit at a battlefield or a gear [Temporary].": one object
    (355.8), a unit at a battlefield (a base is no battlefield) or a gear anywhere (355.9.b).
    kai (north) and r1 (south) are units at battlefields, lux is at base; g1 (base) and g2
    (north) are gear: kai, r1, g1 or g2 -> 4 declarations, never a unit and a gear, never
    none. With only lux on the board, nothing can be chosen: 0 (it cannot be played)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.answers.joint import Choice
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    fading = compile_card("Fading Memories", "Give a unit at a battlefield or a gear "
                          "[Temporary]. (Kill it at the start of its controller's Beginning "
                          "Phase, before scoring.)")
    board = Board(("north", "south"), (
        Unit("kai", "A", 3, "north"), Unit("lux", "A", 2, "base"), Unit("r1", "B", 2, "south"),
        Unit("g1", "A", 0, "base", type="gear"), Unit("g2", "B", 0, "north", type="gear")))
    legal = finalize(Scenario("A", fading, board))
    assert {tuple(as_line(d)["targets"].values()) for d in legal} == {
        ("kai", None), ("r1", None), (None, "g1"), (None, "g2")}
    assert legal.count() == 4
    assert [f.rule for f in legal.verify(Choice((("unit", None), ("gear", None)), 0))] == [
        "355.8"]
    assert "355.5" in [f.rule for f in legal.verify(Choice((("unit", "kai"), ("gear", "g1")),
                                                           0))]
    assert [f.rule for f in legal.verify(Choice((("unit", "lux"), ("gear", None)), 0))] == [
        "355.9.b"]
    alone = Board(("north",), (Unit("lux", "A", 2, "base"),))
    assert finalize(Scenario("A", fading, alone)).count() == 0


def test_a_move_to_base_keeps_a_unit_already_there_unmoved() -> None:
    """Flash, "Move up to 2 friendly units to base.": the card names the destination, no
    player chooses it (355.4), so by default (policy specified_destination=unrestricted) a
    unit already at its base is a legal choice whose move does nothing. A controls kai
    (north), lux (south), ez (base): subsets of up to 2 of 3 -> 1 + 3 + 3 = 7; under
    ``elsewhere`` (355.4.a read for every move) ez is not offered -> subsets of {kai, lux}
    = 4. Declared ez and kai, board unchanged: kai moves, ez is kept but unmoved (355.4.a),
    its move Negated (359.3.e.6); under ``elsewhere`` ez is an illegal target now and
    only kai is kept."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.effects import Action
    from riftsolve.rules.effects.group import GroupTargets
    from riftsolve.rules.scenario import Policy, Scenario

    flash = compile_card("Flash", "Move up to 2 friendly units to base.")
    assert isinstance(flash, GroupTargets) and flash.action is Action.MOVE
    board = Board(("north", "south"), (
        Unit("kai", "A", 3, "north"), Unit("lux", "A", 2, "south"), Unit("ez", "A", 1, "base"),
        Unit("r1", "B", 2, "north")))
    played = Scenario("A", flash, board)
    assert finalize(played).count() == 7
    apart = replace(played, policy=Policy(specified_destination="elsewhere"))
    assert finalize(apart).count() == 4
    slot = flash.slots[0].name
    chosen = replace(played, targets=GroupChosen(groups=((slot, ("ez", "kai")),)))
    [answer] = list(resolve(chosen))
    assert as_line(answer) == {"affected": ["kai"], "unmoved": ["ez"]}
    [answer] = list(resolve(replace(chosen, policy=apart.policy)))
    assert as_line(answer) == {"affected": ["kai"]}


def test_units_there_and_a_cost_paid_are_said() -> None:
    """Siphon Power, "Choose a battlefield. Give friendly units there +1 Might this turn and
    enemy units there -1 Might this turn": both halves recorded on the battlefield chosen
    (they were dropped). Gust Monk's banish is its trigger's cost (355.10.c, paid as it is
    finalized): on resolution it is said paid then, never Ignored with the unit."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    siphon = compile_card("Siphon Power", "Choose a battlefield. Give friendly units there +1 "
                          "[Might] this turn and enemy units there -1 [Might] this turn, to a "
                          "minimum of 1 [Might].")
    assert isinstance(siphon, JointChoice)
    assert [(d.pick, d.each, d.among.value, d.label) for d in siphon.deeds] == [
        ("battlefield", True, "friendly", "give +1 Might"),
        ("battlefield", True, "enemy", "give -1 Might")]
    monk = compile_card("Gust Monk", "When you play me, if you paid the additional cost, "
                        "banish a card from any trash to give a unit [Assault 2] this turn.")
    assert isinstance(monk, JointChoice)
    board = Board(("north",), (Unit("me", "A", 2, "base"), Unit("e1", "B", 3, "offboard")),
                  objects=(Piece("c1", "card", "A", zone="trash"),))
    picks = tuple((p.name, {"card": "c1", "unit": "e1"}.get(p.kind))
                  for p in monk.picks if not p.later)
    legal = resolve(Scenario("A", monk, board, source="me", targets=JointChosen(picks=picks)))
    said = [w["detail"] for w in legal.explain(next(iter(legal)))]
    assert "c1: banish, a cost paid as it was finalized, not on resolution" in said


def test_a_cost_spends_any_number_of_buffs() -> None:
    """Kraken Hunter, "As you play me, you may spend any number of buffs as an additional
    cost.": the buffs of any of A's own units that have one (702), chosen as the card is
    played, no target (355.10.c). a1 and a3 are A's buffed units, a2 is not buffed, c1
    (buffed) is A's teammate's and b1 (buffed) B's: subsets of {a1, a3} -> 4; a unit no
    longer buffed is refused with its reason. "Spend any number of buffs" in a triggered
    ability's effect (Albus Ferros) is not a cost, and buffs are never targets (704.1): the
    ones spent are chosen as it resolves, which is refused, not read as targets."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.answers.group import GroupDeclaration
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.choosing import targeted_slots
    from riftsolve.rules.scenario import Scenario

    kraken = compile_card("Kraken Hunter", "As you play me, you may spend any number of buffs "
                          "as an additional cost. Reduce my cost by [Body] for each buff you "
                          "spend.")
    assert isinstance(kraken, GroupTargets) and targeted_slots(kraken) == frozenset()
    assert kraken.slots[0].states == ("buffed",) and kraken.label == "spend its buff"
    board = Board(("north",), (Unit("a1", "A", 2, "north", buffed=True),
                               Unit("a2", "A", 2, "north"),
                               Unit("a3", "A", 1, "base", buffed=True),
                               Unit("c1", "C", 1, "base", buffed=True),
                               Unit("b1", "B", 3, "north", buffed=True)),
                  teams=(("A", "C"),))
    legal = finalize(Scenario("A", kraken, board), kind=GroupDeclaration)
    assert sorted(a.chosen() for a in legal) == [(), ("a1",), ("a1", "a3"), ("a3",)]
    name = kraken.slots[0].name
    [failure] = legal.verify(GroupDeclaration(((("a2",)),), None, 0, ((name, False),)))
    assert failure.rule == "355.9.b" and "buffed" in failure.message
    with pytest.raises(CompileError, match=r"704\.1"):
        compile_card("Albus Ferros", "When you play me, spend any number of buffs. For each "
                     "buff spent, channel 1 rune exhausted.")


def test_any_number_of_token_units_moved_here() -> None:
    """Azir, Sovereign, "When I attack, you may move any number of your token units to this
    battlefield.": A's own tokens anywhere (s1 at base, s2 at north, s3 at south; not kai,
    no token; not c1, A's teammate's token; not b1, B's): 2^3 = 8 declarations. Azir
    attacks at north: s1 and s3 move there, s2 is already there, kept but unmoved (355.4.a).
    Azir at no battlefield as it resolves: "this battlefield" is null, nothing moves
    (359.3.f.2.a)."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    azir = compile_card("Azir, Sovereign", "When I attack, you may move any number of your "
                        "token units to this battlefield.")
    assert isinstance(azir, GroupTargets) and azir.moves_to == "here" and azir.needs_source
    units = (Unit("azir", "A", 4, "north"), Unit("s1", "A", 2, "base", token=True),
             Unit("s2", "A", 2, "north", token=True), Unit("s3", "A", 2, "south", token=True),
             Unit("kai", "A", 3, "base"), Unit("c1", "C", 2, "base", token=True),
             Unit("b1", "B", 2, "north", token=True))
    board = Board(("north", "south"), units, teams=(("A", "C"),))
    played = Scenario("A", azir, board, source="azir")
    assert finalize(played).count() == 8
    chosen = replace(played, targets=GroupChosen(groups=((azir.slots[0].name,
                                                       ("s1", "s2", "s3")),)))
    assert [as_line(a) for a in resolve(chosen)] == [
        {"affected": ["s1", "s3"], "unmoved": ["s2"]}]
    home = replace(chosen, board=replace(board, units=(replace(units[0], location="base"),
                                                       *units[1:])))
    [answer] = list(resolve(home))
    assert as_line(answer)["affected"] == []


def test_the_defender_must_kill_one_of_their_units_here() -> None:
    """Atakhan, "When I attack, the defender must kill one of their units here.": the
    defender, an opponent with units at the battlefield Atakhan attacks (not A's teammate
    C), chooses as it resolves (355.10.e, 355.10.f), nothing is chosen now. At north, B's
    b1 or b2 (not b3, at south): 2 resolutions, chosen by B; D's d1 there too: D chooses
    as well, 2 x 1 = 2; no opponent's unit there: nothing to choose, 1."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.faces.ruling import ruling
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    atakhan = compile_card("Atakhan", "When I attack, the defender must kill one of their "
                           "units here.")
    assert isinstance(atakhan, JointChoice)
    assert [(p.chooser, p.later, p.reach.value, p.own) for p in atakhan.picks] == [
        ("each-defender", True, "here", True)]
    units = (Unit("atk", "A", 5, "north"), Unit("b1", "B", 2, "north"),
             Unit("b2", "B", 3, "north"), Unit("b3", "B", 1, "south"),
             Unit("c1", "C", 2, "north"))
    board = Board(("north", "south"), units, teams=(("A", "C"),))
    played = Scenario("A", atakhan, board, source="atk")
    assert [as_line(d)["targets"] for d in finalize(played)] == [{}]
    legal = resolve(replace(played, targets=JointChosen(picks=())))
    assert sorted(str(as_line(a)["picks"]) for a in legal) == [
        "{'their_unit[B]': 'b1'}", "{'their_unit[B]': 'b2'}"]
    assert "B chooses one of them" in ruling(legal).paragraph()
    three = replace(board, units=(*units, Unit("d1", "D", 1, "north")))
    assert resolve(replace(played, board=three, targets=JointChosen(picks=()))).count() == 2
    alone = replace(board, units=(units[0], units[3], units[4]))
    assert [as_line(a)["picks"] for a in resolve(replace(
        played, board=alone, targets=JointChosen(picks=())))] == [{}]  # (B defends nothing)


def test_a_cost_killed_is_not_killed_again_and_two_objects_need_both() -> None:
    """Atakhan, "You may kill a friendly unit as an additional cost to play me.": kai is
    killed as Atakhan is played (355.10.c, 135.2.b.3), so its resolution kills nothing
    (it killed kai again) and says the cost paid. Angle Shot with its Equipment gone:
    "attach that Equipment to that unit or detach it" needs both, and is Ignored, not
    claimed of the unit (359.3.e.12). Fading Memories naming both a unit and a gear is
    refused (one of them, 355.8)."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.families.joint import acts, read_targets
    from riftsolve.rules.limits import ScenarioError
    from riftsolve.rules.scenario import Scenario

    atakhan = compile_card("Atakhan", "You may kill a friendly unit as an additional cost to "
                           "play me. If you do, I cost [1] less for each Energy it costs.")
    assert isinstance(atakhan, JointChoice)
    board = Board(("north",), (Unit("kai", "A", 3, "north"), Unit("r1", "B", 2, "north")))
    paid = Scenario("A", atakhan, board, targets=JointChosen(picks=(("friendly", "kai"),)))
    legal = resolve(paid)
    [answer] = list(legal)
    assert isinstance(answer, Executed) and acts(paid, answer).actions == ()
    assert [(w["rule"], w["detail"]) for w in legal.explain(answer)] == [
        ("355.10.c", "kai: kill, a cost paid as it was finalized, not on resolution")]
    shot = compile_card("Angle Shot", "Choose a unit and an Equipment with the same "
                        "controller. Attach that Equipment to that unit or detach that "
                        "Equipment from that unit. Draw 1.")
    gone = Board(("north",), (Unit("k", "A", 3, "north"),
                              Unit("e1", "A", 0, "offboard", type="gear", tags=("Equipment",))))
    legal = resolve(Scenario("A", shot, gone, targets=JointChosen(
        picks=(("unit", "k"), ("equipment", "e1")))))
    said = [w["detail"] for w in legal.explain(next(iter(legal)))]
    assert any(d.startswith("k: attach or detach") and d.endswith("Ignored") for d in said)
    fading = compile_card("Fading Memories", "Give a unit at a battlefield or a gear "
                          "[Temporary].")
    assert isinstance(fading, JointChoice)
    both = Board(("north",), (Unit("k", "A", 3, "north"),
                              Unit("g1", "A", 0, "base", type="gear")))
    with pytest.raises(ScenarioError, match=r"355\.8"):
        read_targets({"unit": "k", "gear": "g1"}, fading, both, "targets")


def test_an_equipped_unit_and_an_equipment_detached_from_it() -> None:
    """Strike Down, "Choose an equipped friendly unit. It deals damage equal to its Might
    to an enemy unit. Then detach an Equipment from it.": kai (sword and shield attached)
    is the only equipped friendly unit (lux has none; r1 is equipped but an enemy); the
    enemy unit is r1 or r2; the Equipment is one attached to kai, sword or shield, never
    B's axe (on r1) nor the detached spare (435, 716): 1 x 2 x 2 = 4 declarations. kai
    deals 3 (its Might) to r1."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    strike = compile_card("Strike Down", "Choose an equipped friendly unit. It deals damage "
                          "equal to its Might to an enemy unit. Then detach an Equipment "
                          "from it.")
    assert isinstance(strike, JointChoice)
    gear = {"type": "gear", "tags": ("Equipment",)}
    board = Board(("north", "south"), (
        Unit("kai", "A", 3, "north"), Unit("lux", "A", 2, "south"),
        Unit("r1", "B", 2, "north"), Unit("r2", "B", 1, "south"),
        Unit("sword", "A", 0, "north", attached="kai", **gear),  # type: ignore[arg-type]
        Unit("shield", "A", 0, "north", attached="kai", **gear),  # type: ignore[arg-type]
        Unit("axe", "B", 0, "north", attached="r1", **gear),  # type: ignore[arg-type]
        Unit("spare", "A", 0, "north", **gear)))  # type: ignore[arg-type]
    played = Scenario("A", strike, board)
    declarations = [as_line(a)["targets"] for a in finalize(played)]
    assert len(declarations) == finalize(played).count() == 4
    assert {(d["friendly"], d["equipment"]) for d in declarations} == {
        ("kai", "sword"), ("kai", "shield")}
    chosen = replace(played, targets=JointChosen(picks=(("friendly", "kai"), ("enemy", "r1"),
                                                    ("equipment", "sword"))))
    [answer] = list(resolve(chosen))
    assert "r1 3" in " ".join(s["detail"] for s in resolve(chosen).explain(answer))


def test_attached_and_detached_equipment() -> None:
    """Grandmaster at Arms: "Attach a detached Equipment you control to a unit you
    control." takes spare (no unit) and never sword (on kai); "Attach an attached
    Equipment ..." the other way round. A gear's ``attached`` names a unit on the board;
    a unit is never attached (435.1.h)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.limits import ScenarioError
    from riftsolve.rules.scenario import Scenario

    gear = {"type": "gear", "tags": ("Equipment",)}
    units = (Unit("kai", "A", 3, "north"),
             Unit("sword", "A", 0, "north", attached="kai", **gear),  # type: ignore[arg-type]
             Unit("spare", "A", 0, "north", **gear))  # type: ignore[arg-type]
    board = Board(("north",), units)
    for words, equipment in (("a detached", "spare"), ("an attached", "sword")):
        ability = compile_card("Grandmaster at Arms", f"Attach {words} Equipment you control "
                               "to a unit you control.")
        answers = [as_line(a)["targets"] for a in finalize(Scenario("A", ability, board))]
        assert answers == [{"equipment": equipment, "friendly": "kai"}]
    with pytest.raises(ScenarioError, match="attached"):
        Board(("north",), (*units, Unit("lux", "A", 2, "north", attached="kai")))
    with pytest.raises(ScenarioError, match="attached"):
        Board(("north",), (Unit("axe", "A", 0, "north", attached="nobody", **gear),))  # type: ignore[arg-type]


def test_empower_or_disempower_an_empowered_unit() -> None:
    """Sanction, "Choose one - Empower a unit. ... - Disempower a unit that's [Empowered].
    ...": mode 1 takes any unit (kai, e1, r1: 3), mode 2 only an Empowered one (e1): 4
    declarations; "that's [Empowered]" is a state the scenario states (``empowered``)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    sanction = compile_card("Sanction", "Choose one \u2014\n- Empower a unit. Disempower it at "
                            "end of turn.\n- Disempower a unit that's [Empowered]. Empower it "
                            "at end of turn.")
    assert isinstance(sanction, JointChoice)
    board = Board(("north",), (Unit("kai", "A", 3, "north"),
                               Unit("e1", "B", 2, "north", empowered=True),
                               Unit("r1", "B", 1, "north")))
    answers = {(as_line(a)["targets"]["mode"], as_line(a)["targets"].get("unit") or
                as_line(a)["targets"].get("unit2")) for a in
               finalize(Scenario("A", sanction, board))}
    assert answers == {("1", "kai"), ("1", "e1"), ("1", "r1"), ("2", "e1")}


def test_a_token_named_in_two_words() -> None:
    """Zed, Without a Sound, "Move me and a Shadow Clone you control to each other's
    locations.": a unit tagged "Shadow Clone" (the token's name, one tag of two words) that
    A controls: c1, not kai (no such tag) nor c2 (B's): one declaration."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    zed = compile_card("Zed, Without a Sound", "Move me and a Shadow Clone you control to "
                       "each other's locations.")
    board = Board(("north",), (Unit("zed", "A", 3, "north"), Unit("kai", "A", 3, "base"),
                               Unit("c1", "A", 0, "base", tags=("Shadow Clone",)),
                               Unit("c2", "B", 0, "north", tags=("Shadow Clone",))))
    answers = [as_line(a) for a in finalize(Scenario("A", zed, board, source="zed"))]
    assert [answer["targets"] for answer in answers] == [{zed.slot_names[0]: "c1"}]


def test_counter_a_spell_or_ability_by_what_it_chooses() -> None:
    """Not So Fast, "Counter an enemy spell or ability that chooses a friendly unit or
    gear.": on the Chain B's s1 (chooses kai), s3 (A's gear g) and s5 (an ability: kai and
    lux) qualify; not s2 (chooses only B's r1), s4 (A's own spell), nor the rune: 3
    declarations (355.9.a.2). Repulse, "Choose a friendly unit at a battlefield. Counter an
    enemy spell or ability that chooses it and no other friendly unit.": kai with s1 only
    (s5 chooses lux too; s3 chooses no unit): 1."""
    from riftsolve.engine.questions import finalize
    from riftsolve.faces.ruling import ruling
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    board = Board(("north", "south"), (
        Unit("kai", "A", 3, "north"), Unit("lux", "A", 2, "south"),
        Unit("g", "A", 0, "north", type="gear"), Unit("r1", "B", 2, "north")), objects=(
        Piece("s1", "spell", "B", chooses=("kai",)), Piece("s2", "ability", "B", chooses=("r1",)),
        Piece("s3", "spell", "B", chooses=("g",)), Piece("s4", "spell", "A", chooses=("kai",)),
        Piece("s5", "ability", "B", chooses=("kai", "lux")), Piece("rune1", "rune", "B")))
    fast = compile_card("Not So Fast", "Counter an enemy spell or ability that chooses a "
                        "friendly unit or gear.")
    legal = finalize(Scenario("A", fast, board))
    assert [as_line(a)["targets"]["countered"] for a in legal] == ["s1", "s3", "s5"]
    repulse = compile_card("Repulse", "Choose a friendly unit at a battlefield. Counter an "
                           "enemy spell or ability that chooses it and no other friendly unit.")
    legal = finalize(Scenario("A", repulse, board))
    assert [as_line(a)["targets"] for a in legal] == [{"friendly": "kai", "countered": "s1"}]
    assert "s1 chooses kai and no other friendly unit" in ruling(legal).paragraph()
    with pytest.raises(Exception, match="chooses"):
        Board(("north",), (), objects=(Piece("s9", "spell", "B", chooses=("ghost",)),))


def test_the_source_moved_to_an_occupied_enemy_battlefield() -> None:
    """Maduli the Gatekeeper, "Move me to an occupied enemy battlefield if my Might is
    greater than the total Might of enemy units there.": the destination is chosen as the
    ability is played (355.4, no target): a battlefield an opponent controls (n, not e,
    A's, nor w, nobody's) with a unit there (170.11.a: not s, empty), and not where
    Maduli already is (355.4.a); the condition is said as what the move waits on, checked
    as it resolves."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    maduli = compile_card("Maduli the Gatekeeper", "Move me to an occupied enemy battlefield "
                          "if my Might is greater than the total Might of enemy units there.")
    assert isinstance(maduli, JointChoice)
    assert "if my Might is greater" in maduli.deeds[0].label
    board = Board(("n", "s", "e", "w"), (
        Unit("maduli", "A", 5, "base"), Unit("b1", "B", 2, "n"), Unit("b2", "B", 2, "e"),
        Unit("b3", "B", 1, "w")), control=(("n", "B"), ("s", "B"), ("e", "A")))
    legal = finalize(Scenario("A", maduli, board, source="maduli"))
    assert [as_line(a)["targets"] for a in legal] == [{"destination": "n"}]
    # Maduli already at n: a chosen destination is another location (355.4.a): none left
    there = replace(board, units=(replace(board["maduli"], location="n"), *board.units[1:]))
    assert finalize(Scenario("A", maduli, there, source="maduli")).count() == 0


def test_up_to_four_units_gear_or_runes() -> None:
    """Acceleration Gate, "Ready up to 4 units, gear, and/or runes.": any of kai (a unit),
    blade (a gear), rune1 and rune2 (runes on the board, 355.9.a.1), never the spell on the
    Chain nor the card in hand: every subset of the 4, 2^4 = 16 declarations, each listed
    once (355.13)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    gate = compile_card("Acceleration Gate", "Ready up to 4 units, gear, and/or runes.")
    assert isinstance(gate, JointChoice) and len(gate.picks) == 4
    board = Board(("north",), (Unit("kai", "A", 3, "north"),
                               Unit("blade", "A", 0, "north", type="gear")), objects=(
        Piece("rune1", "rune", "A"), Piece("rune2", "rune", "B", exhausted=True),
        Piece("s1", "spell", "B"), Piece("c1", "card", "A", zone="hand", type="unit")))
    legal = finalize(Scenario("A", gate, board))
    chosen = [tuple(v for v in as_line(a)["targets"].values() if v) for a in legal]
    assert len(chosen) == len(set(map(frozenset, chosen))) == legal.count() == 16
    assert ("blade", "kai", "rune1", "rune2") in chosen


def test_every_instruction_not_modelled_is_said() -> None:
    """No printed instruction is dropped in silence: a delayed one (Hexplosive Minefield's
    "At end of turn, play that many Bomb tokens ..."), a permission (Jayce's "If you do,
    you may play a gear ... this turn"), a clause after a modelled verb (Resonating
    Strike's "and give it +2 Might this turn", Bottled Constellation's "to score 1
    point"), a granted ability (Relentless Pursuit), a mode's instruction (Sanction's
    delayed one, Disposal Order's "Draw 1.", only with its mode) are each said as an
    outcome not modelled (359.3.e.5); what is modelled (Alpha Strike's XP per kill) is
    not."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    cases = {
        "Hexplosive Minefield": ("[Action] (Play on your turn or in showdowns.)\nKill any "
                                 "number of friendly Bomb tokens. At end of turn, play that "
                                 "many Bomb tokens to a single battlefield.",
                                 "At end of turn, play that many Bomb tokens to a single "
                                 "battlefield."),
        "Jayce, Man of Progress": ("When you play me, you may kill a friendly gear. If you "
                                   "do, you may play a gear with Energy cost no more than "
                                   ":rb_energy_7: from hand this turn, ignoring its Energy "
                                   "cost.", "If you do, you may play a gear with Energy "
                                   "cost no more than [7] from hand this turn, ignoring its "
                                   "Energy cost."),
        "Resonating Strike": ("Choose a battlefield you control and a unit you control at a "
                              "different location. Move that unit to that battlefield and "
                              "give it +2 :rb_might: this turn.",
                              "give it +2 [Might] this turn"),
        "Bottled Constellation": ("At the start of your Main Phase, you may kill 3 other "
                                  "friendly units and/or gear to score 1 point.",
                                  "score 1 point"),
        "Relentless Pursuit": ("Move a friendly unit. You may attach an Equipment with the "
                               "same controller to it. This turn, that unit has \"When I "
                               "conquer, you may move me to my base.\"",
                               "This turn, that unit has \"When I conquer, you may move me "
                               "to my base.\""),
    }
    cases.update({
        "Starry-Eyed Songstress": ("As an additional cost to play a spell, you may exhaust me "
                                   "and three friendly units to reduce the cost of that spell "
                                   "by [2].", "reduce the cost of that spell by [2]"),
        "Commander Ledros": ("As you play me, you may kill any number of friendly units as an "
                             "additional cost. Reduce my cost by :rb_rune_order: for each "
                             "killed this way.", "Reduce my cost by [Order] for each killed "
                             "this way."),
        "Guerilla Warfare": ("Return up to two cards with [Hidden] from your trash to your "
                             "hand. You can hide cards ignoring costs this turn.",
                             "You can hide cards ignoring costs this turn."),
    })
    for name, (text, said) in cases.items():
        effect = compile_card(name, text)
        assert isinstance(effect, (GroupTargets, JointChoice, SplitDamage)), name
        assert said in effect.unsaid, name
    # a mode's instructions are said when that mode is chosen, never the other's
    disposal = compile_card("Disposal Order", "Choose one -\n\nChoose up to 3 cards from "
                            "opponents' trashes. Their owners recycle them.Draw 1.")
    assert isinstance(disposal, JointChoice) and disposal.unsaid_modes == (
        (1, "Their owners recycle them."), (2, "Draw 1."))
    sanction = compile_card("Sanction", "Choose one \u2014\n- Empower a unit. Disempower it at "
                            "end of turn.\n- Disempower a unit that's [Empowered]. Empower it "
                            "at end of turn.")
    assert isinstance(sanction, JointChoice) and sanction.unsaid == ()
    kai = Board(("north",), (Unit("kai", "A", 3, "north"),))
    first = Scenario("A", sanction, kai, targets=JointChosen(picks=(("mode", "1"), ("unit", "kai"),
                                                                ("unit2", None))))
    [answer] = list(resolve(first))
    said_now = " ".join(s["detail"] for s in resolve(first).explain(answer))
    assert "Disempower it at end of turn" in said_now and "Empower it at" not in said_now
    alpha = compile_card("Alpha Strike", "Choose a friendly unit. It deals damage equal to "
                         "its Might split among enemy units at battlefields. Then for each "
                         "unit this kills, do this: Gain 1 XP.")
    assert isinstance(alpha, SplitDamage) and alpha.unsaid == ()
    mines = compile_card("Hexplosive Minefield", cases["Hexplosive Minefield"][0])
    assert isinstance(mines, GroupTargets)
    board = Board(("north",), (Unit("m1", "A", 0, "north", type="gear", tags=("Bomb",),
                                    token=True),))
    chosen = Scenario("A", mines, board, targets=GroupChosen(groups=((mines.slots[0].name,
                                                                  ("m1",)),)))
    legal = resolve(chosen)
    [answer] = list(legal)
    assert any(s["rule"] == "359.3.e.5" and "At end of turn" in s["detail"]
               for s in legal.explain(answer))


def test_an_outcome_reading_an_illegal_target_is_ignored() -> None:
    """Stare Down, "... Move all enemy units at that battlefield with less Might than the
    chosen unit to their base.": the chosen unit gone, its Might is null and the move is
    Ignored (359.3.e.12), said so, not "an outcome not modelled" on the rest. Zed, Without
    a Sound: Zed off the board has no location, so the swap is Ignored and affects
    nobody."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    stare = compile_card("Stare Down", "Choose a friendly unit and a battlefield. Move all "
                         "enemy units at that battlefield with less Might than the chosen "
                         "unit to their base. Gain 1 XP.")
    board = Board(("n",), (Unit("a1", "A", 3, "offboard"), Unit("e1", "B", 2, "n")))
    chosen = Scenario("A", stare, board, targets=JointChosen(picks=(("friendly", "a1"),
                                                                ("battlefield", "n"))))
    legal = resolve(chosen)
    [answer] = list(legal)
    details = [s["detail"] for s in legal.explain(answer)]
    assert any("Ignored" in d and "move all enemy units" in d for d in details), details
    zed = compile_card("Zed, Without a Sound", "Move me and a Shadow Clone you control to "
                       "each other's locations.")
    assert isinstance(zed, GroupTargets)
    gone = Board(("n",), (Unit("zed", "A", 4, "offboard"),
                          Unit("s1", "A", 0, "base", tags=("Shadow Clone",))))
    swap = Scenario("A", zed, gone, source="zed",
                    targets=GroupChosen(groups=((zed.slots[0].name, ("s1",)),)))
    assert [as_line(a)["affected"] for a in resolve(swap)] == [[]]
    here = replace(swap, board=replace(gone, units=(Unit("zed", "A", 4, "n"),
                                                    *gone.units[1:])))
    assert [as_line(a)["affected"] for a in resolve(here)] == [["s1"]]


def test_another_friendly_gear_unit_or_facedown_card() -> None:
    """Pack of Wonders, "Return another friendly gear, unit, or facedown card to its
    owner's hand.": kai (a unit), blade (a gear) or c1 (A's facedown card, a public zone,
    355.10.a.1); not the Pack itself (another, 355.9.c), nor B's r1 or facedown c2, nor c3
    in A's hand: 3 declarations."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    pack = compile_card("Pack of Wonders", ":rb_exhaust:: Return another friendly gear, unit, "
                        "or facedown card to its owner's hand.")
    assert isinstance(pack, JointChoice)
    board = Board(("north",), (
        Unit("pack", "A", 0, "base", type="gear"), Unit("kai", "A", 3, "north"),
        Unit("blade", "A", 0, "north", type="gear"), Unit("r1", "B", 2, "north")), objects=(
        Piece("c1", "card", "A", zone="facedown"), Piece("c2", "card", "B", zone="facedown"),
        Piece("c3", "card", "A", zone="hand")))
    played = Scenario("A", pack, board, source="pack")
    assert sorted(as_line(a)["targets"]["object"] for a in finalize(played)) == [
        "blade", "c1", "kai"]
    [answer] = list(resolve(replace(played, targets=JointChosen(picks=(("object", "c1"),)))))
    assert as_line(answer)["picks"] == {"object": "c1"}


def test_a_unit_in_combat_with_or_chosen_by_a_domain() -> None:
    """Decree of Focus, "Choose a friendly unit that's in combat with an enemy Fury unit or
    that's being chosen by an enemy Fury spell. Give it +4 Might this turn.": kai defends
    against B's Fury attacker f1; lux is chosen by B's Fury spell s1: 2 declarations. Not ca
    (in combat with a Calm unit), mo (chosen by a Calm spell), zed (chosen by A's own Fury
    spell), nor r1 (B's)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    decree = compile_card("Decree of Focus", "Choose a friendly unit that's in combat with an "
                          "enemy Fury (:rb_rune_fury:) unit or that's being chosen by an enemy "
                          "Fury spell. Give it +4 :rb_might: this turn.")
    assert isinstance(decree, JointChoice)
    board = Board(("n", "s"), (
        Unit("kai", "A", 3, "n", combat="defending"),
        Unit("f1", "B", 2, "n", combat="attacking", tags=("Fury",)),
        Unit("ca", "A", 3, "s", combat="defending"),
        Unit("c1", "B", 2, "s", combat="attacking", tags=("Calm",)),
        Unit("lux", "A", 2, "base"), Unit("mo", "A", 2, "base"), Unit("zed", "A", 2, "base"),
        Unit("r1", "B", 2, "base")), objects=(
        Piece("s1", "spell", "B", tags=("Fury",), chooses=("lux",)),
        Piece("s2", "spell", "B", tags=("Calm",), chooses=("mo",)),
        Piece("s3", "spell", "A", tags=("Fury",), chooses=("zed",))))
    legal = finalize(Scenario("A", decree, board))
    assert sorted(as_line(a)["targets"]["friendly"] for a in legal) == ["kai", "lux"]
    assert "Give it +4 [Might] this turn." in decree.unsaid


def test_a_move_to_the_battlefield_the_trigger_names(tmp_path: Path) -> None:
    """Exemplar of Demacia, "When you play a gear with [Deploy], you may exhaust me and pay
    [Universal] to move a friendly unit to that battlefield.": "that battlefield" is where
    the gear was played, the scenario's ``event_battlefield`` (north), not Exemplar's.
    Declined, or any friendly unit (ex, kai, lux): 4; lux already at north is kept under
    the default policy (a destination the card specifies, 355.4.a) and left out under
    ``specified_destination=elsewhere``: 3; Exemplar exhausted, its cost can't be paid:
    only declined (383.3.b). kai moves to north. No event battlefield: exit 2 naming it."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.formats.format1 import parse_scenario
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.limits import ScenarioError
    from riftsolve.rules.scenario import Policy, Scenario

    text = ("When you play a gear with [Deploy], you may exhaust me and pay [Universal] to "
            "move a friendly unit to that battlefield.")
    exemplar = compile_card("Exemplar of Demacia", text)
    assert isinstance(exemplar, JointChoice) and exemplar.needs_event
    units = (Unit("ex", "A", 2, "base"), Unit("kai", "A", 3, "south"),
             Unit("lux", "A", 2, "north"), Unit("r1", "B", 2, "north"))
    board = Board(("north", "south"), units)
    played = Scenario("A", exemplar, board, source="ex", event_battlefield="north")
    assert finalize(played).count() == 4
    strict = replace(played, policy=Policy(specified_destination="elsewhere"))
    assert sorted(str(as_line(a)["targets"]["friendly"]) for a in finalize(strict)) == [
        "None", "ex", "kai"]
    tired = replace(played, board=replace(board, units=(replace(units[0], exhausted=True),
                                                        *units[1:])))
    assert [as_line(a)["targets"] for a in finalize(tired)] == [{"friendly": None}]
    moved = replace(played, targets=JointChosen(picks=(("friendly", "kai"),)))
    [answer] = list(resolve(moved))
    assert "kai moves to north" in " ".join(s["detail"] for s in resolve(moved).explain(answer))
    write_library(tmp_path, [exemplar])
    with pytest.raises(ScenarioError, match="event_battlefield"):
        parse_scenario({"format": 1, "controller": "A", "card": "Exemplar of Demacia",
                        "battlefields": ["north"], "units": []}, cards=tmp_path)


def test_a_unit_at_a_battlefield_the_source_moved_to_or_from() -> None:
    """Akali, Deadly Weapon, "When I move, you may deal 1 to a unit at a battlefield I moved
    to or from. If I'm [Empowered], deal 2 instead.": Akali moved from s to n: declined, or
    a unit at n (akali, u1) or s (u2), never e's u3 nor u4 at a base: 4. Moved from its
    base (no event battlefield): declined, akali or u1: 3. The Empowered alternative is
    said as printed."""
    from riftsolve.engine.questions import finalize
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    akali = compile_card("Akali, Deadly Weapon", "When I move, you may deal 1 to a unit at a "
                         "battlefield I moved to or from. If I'm [Empowered], deal 2 instead.")
    assert isinstance(akali, JointChoice) and akali.needs_source and not akali.needs_event
    assert "If I'm [Empowered], deal 2 instead." in akali.unsaid
    board = Board(("n", "s", "e"), (Unit("akali", "A", 3, "n"), Unit("u1", "B", 2, "n"),
                                    Unit("u2", "B", 2, "s"), Unit("u3", "B", 2, "e"),
                                    Unit("u4", "B", 2, "base")))
    moved = Scenario("A", akali, board, source="akali", event_battlefield="s")
    assert sorted(str(as_line(a)["targets"]["unit"]) for a in finalize(moved)) == [
        "None", "akali", "u1", "u2"]
    assert finalize(replace(moved, event_battlefield=None)).count() == 3
    # as it resolves, "moved to" is where the move went (trigger information, 359.3.f.3),
    # not where Akali is now: u1 still legal with Akali since gone to its base
    from riftsolve.engine.questions import resolve
    later = replace(moved, board=replace(board, units=(Unit("akali", "A", 3, "base"),
                                                       *board.units[1:])),
                    event_destination="n", targets=JointChosen(picks=(("unit", "u1"),)))
    [answer] = list(resolve(later))
    assert "u1 is still a legal target" in " ".join(
        s["detail"] for s in resolve(later).explain(answer))
    unsaid = replace(later, event_destination=None)  # (read from the board: Akali at base)
    [answer] = list(resolve(unsaid))
    assert "u1 is no longer at a battlefield" in " ".join(
        s["detail"] for s in resolve(unsaid).explain(answer))


def test_a_target_chosen_as_it_resolves_pays_its_deflect() -> None:
    """Dragon's Rage, "... Then do this: Choose another enemy unit at its destination.":
    the reflexive trigger's target is chosen as it resolves and pays its Deflect then
    (809.1.c-d): with no Power, e4 (Deflect 1) at south can't be chosen, only e2; with
    Power, either, e4's Deflect said."""
    from riftsolve.cards import card
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    rage = card("Dragon's Rage")
    board = Board(("north", "south"), (
        Unit("a1", "A", 3, "north"), Unit("e1", "B", 3, "north"), Unit("e2", "B", 2, "south"),
        Unit("e4", "B", 1, "south", deflect=1)))
    chosen = Scenario("A", rage, board, available_power=0, targets=JointChosen(
        picks=(("enemy", "e1"), ("destination", "south"))))
    assert [as_line(a)["picks"]["enemy2"] for a in resolve(chosen)] == ["e2"]
    rich = replace(chosen, available_power=None)
    answers = list(resolve(rich))
    assert [as_line(a)["picks"]["enemy2"] for a in answers] == ["e2", "e4"]
    assert any("Deflect adds 1" in s["detail"] for s in resolve(rich).explain(answers[1]))


def test_a_counter_that_reads_its_unit() -> None:
    """Repulse's counter reads the unit it protects ("chooses it"): that unit no longer a
    legal target, the counter is Ignored (359.3.e.12)."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    repulse = compile_card("Repulse", "Choose a friendly unit at a battlefield. Counter an "
                           "enemy spell or ability that chooses it and no other friendly unit.")
    board = Board(("n",), (Unit("a1", "A", 2, "base"),),
                  objects=(Piece("s1", "spell", "B", chooses=("a1",)),))
    moved = Scenario("A", repulse, board, targets=JointChosen(picks=(("friendly", "a1"),
                                                                 ("countered", "s1"))))
    [answer] = list(resolve(moved))
    assert any("Ignored" in s["detail"] and "counter" in s["detail"]
               for s in resolve(moved).explain(answer))


def test_objects_chosen_alike_are_one_set_in_any_order() -> None:
    """Objects chosen alike ("Ready up to 4 units, gear, and/or runes.") are one set
    (355.13): a targets line naming them out of id order (u1 then r1) is the set {r1, u1},
    both still legal and both readied, as in id order (was: r1 read as an illegal
    target)."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.families.joint import read_targets
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    gate = compile_card("Acceleration Gate", "Ready up to 4 units, gear, and/or runes.")
    assert isinstance(gate, JointChoice)
    board = Board(("north",), (Unit("u1", "A", 1, "north", exhausted=True),),
                  objects=(Piece("r1", "rune", "A", exhausted=True),))
    given = {"object": "u1", "object2": "r1", "object3": None, "object4": None}
    targets = read_targets(given, gate, board, "targets")
    assert targets.picks == (("object", "r1"), ("object2", "u1"), ("object3", None),
                             ("object4", None))
    [answer] = list(resolve(Scenario("A", gate, board, targets=targets)))
    assert as_line(answer)["picks"] == {"object": "r1", "object2": "u1", "object3": None,
                                         "object4": None}


def test_an_ability_had_only_while_empowered(tmp_path: Path) -> None:
    """Defender of Tomorrow, "[Empowered][>] [1], [Exhaust]: Ready 2 gear.": the ability
    exists only while its source is Empowered (828.1.b.1); asked of a source that is not,
    the question exits 2 naming ``source``; Empowered, 3 pairs of its 3 gear."""
    from riftsolve.engine.questions import finalize
    from riftsolve.formats.format1 import parse_scenario
    from riftsolve.rules.limits import ScenarioError

    defender = compile_card("Defender of Tomorrow, ability 2",
                            "[Empowered][>] [1], [Exhaust]: Ready 2 gear.")
    write_library(tmp_path, [defender])
    units: list[dict[str, Any]] = [
        {"id": "dt", "controller": "A", "might": 3, "location": "north"},
        *({"id": g, "controller": "A", "type": "gear", "location": "base"}
          for g in ("g1", "g2", "g3"))]
    doc = {"format": 1, "controller": "A", "card": "Defender of Tomorrow, ability 2",
           "source": "dt", "battlefields": ["north"], "units": units}
    with pytest.raises(ScenarioError, match="Empowered") as refused:
        parse_scenario(doc, cards=tmp_path)
    assert refused.value.field == "source"
    units[0]["empowered"] = True
    assert finalize(parse_scenario(doc, cards=tmp_path)).count() == 3


@pytest.mark.parametrize(("name", "text", "rule"), [
    ("Sona, Harmonious", "At the end of your turn, if I'm at a battlefield, ready up to 4 "
     "friendly runes.", "383.2.a.1"),
    ("Caitlyn, Patrolling", "I must be assigned combat damage last. [Exhaust]: Deal damage "
     "equal to my Might to a unit at a battlefield. Use this ability only while I'm at a "
     "battlefield.", "377.2.b"),
])
def test_an_ability_played_only_while_its_source_is_at_a_battlefield(
        name: str, text: str, rule: str, tmp_path: Path) -> None:
    """383.2.a.1 (Sona: the condition right after "At the end of your turn" is part of the
    trigger condition; its own example) and 377.2.b (a condition on using an activated
    ability): with the source at its base, the ability is never played: finalizing exits 2
    naming ``source``. At north, it is: Sona readies up to 4 of the 2 friendly runes (4
    subsets: none, r1, r2, both); Caitlyn deals damage to one of the 2 units at north.
    Once on the Chain it resolves wherever the source has gone: a resolution is asked."""
    from riftsolve.engine.questions import finalize, resolve
    from riftsolve.formats.format1 import parse_scenario
    from riftsolve.rules.limits import ScenarioError

    effect = compile_card(name, text)
    write_library(tmp_path, [effect])
    units: list[dict[str, Any]] = [{"id": "s", "controller": "A", "might": 3,
                                    "location": "base"},
                                   {"id": "e1", "controller": "B", "might": 2,
                                    "location": "north"}]
    objects = [{"id": r, "kind": "rune", "controller": "A"} for r in ("r1", "r2")]
    doc = {"format": 1, "controller": "A", "card": name, "source": "s",
           "battlefields": ["north"], "units": units, "objects": objects}
    with pytest.raises(ScenarioError, match=rf"at a battlefield \({rule}\): s is at base"
                       ) as refused:
        parse_scenario(doc, cards=tmp_path)
    assert refused.value.field == "source"
    units[0]["location"] = "north"
    declarations = list(finalize(parse_scenario(doc, cards=tmp_path)))
    assert len(declarations) == (4 if rule == "383.2.a.1" else 2)
    units[0]["location"] = "base"  # (moved away once on the Chain: still resolved)
    chosen = declarations[-1].as_json()["targets"]
    assert resolve(parse_scenario({**doc, "targets": chosen}, cards=tmp_path)).count() >= 1


@pytest.mark.parametrize(("name", "text", "gone", "said"), [
    ("Riposte", "Choose a friendly unit and a spell. Counter that spell and give that unit "
     "+[Might] equal to that spell's Energy cost this turn.", "s1",
     "k: give +[Might] equal to spell's Energy cost: it reads spell, no longer a legal "
     "target: Ignored"),
    ("Gentlemen's Duel", "Give a friendly unit +3 [Might] this turn. Then choose an enemy "
     "unit. They deal damage equal to their Mights to each other.", "e1",
     "k: deal damage equal to their Mights to each other (after that Might change: not "
     "modelled): it reads enemy, no longer a legal target: Ignored"),
])
def test_an_unmodelled_outcome_reading_an_illegal_target_is_ignored(
        name: str, text: str, gone: str, said: str) -> None:
    """359.3.e.12: an instruction that reads a target no longer legal (that spell's Energy
    cost; "they ... to each other", the enemy's Might) has null information and is
    Ignored, not said as an outcome still followed. Riposte's spell s1 and the Duel's enemy
    e1 have left the board; the friendly unit k is still legal."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.pieces import Piece
    from riftsolve.rules.scenario import Scenario

    effect = compile_card(name, text)
    assert isinstance(effect, JointChoice)
    pieces = (Piece("s1", "spell", "B", zone="offboard", energy=3),)
    board = Board(("north",), (Unit("k", "A", 2, "north"), Unit("e1", "B", 3, "offboard")),
                  objects=pieces if name == "Riposte" else ())
    second = "spell" if name == "Riposte" else "enemy"
    legal = resolve(Scenario("A", effect, board, targets=JointChosen(
        picks=(("friendly", "k"), (second, gone)))))
    [answer] = list(legal)
    assert said in [w["detail"] for w in legal.explain(answer)]


def test_a_declined_trigger_and_a_set_naming_one_object_twice(tmp_path: Path) -> None:
    """Bottled Constellation, "At the start of your Main Phase, you may kill 3 other
    friendly units and/or gear to score 1 point.": declared with its "you may" not done
    (every choice none), the ability was never put on the Chain (383.3.a): its one
    resolution does nothing, and the point is not said as scored. Three objects chosen
    alike are three different ones (355.13): naming u1 twice exits 2 naming the second."""
    from riftsolve.engine.questions import resolve
    from riftsolve.formats.format1 import parse_scenario
    from riftsolve.rules.limits import ScenarioError

    effect = compile_card("Bottled Constellation", "At the start of your Main Phase, you may "
                          "kill 3 other friendly units and/or gear to score 1 point.")
    write_library(tmp_path, [effect])
    units = [{"id": "bc", "controller": "A", "type": "gear", "location": "base"},
             *({"id": u, "controller": "A", "might": 1, "location": "base"}
               for u in ("u1", "u2", "u3"))]
    doc = {"format": 1, "controller": "A", "card": "Bottled Constellation", "source": "bc",
           "battlefields": ["north"], "units": units}
    declined = {**doc, "targets": {"friendly": None, "friendly2": None, "friendly3": None}}
    legal = resolve(parse_scenario(declined, cards=tmp_path))
    [answer] = list(legal)
    assert [(w["rule"], w["detail"]) for w in legal.explain(answer)] == [
        ("383.3.a", "friendly: none: the triggered ability's 'you may' was not done, so it "
                    "was never put on the Chain: nothing resolves")]
    twice = {**doc, "targets": {"friendly": "u1", "friendly2": "u1", "friendly3": "u3"}}
    with pytest.raises(ScenarioError, match="'u1' is chosen twice") as refused:
        parse_scenario(twice, cards=tmp_path)
    assert refused.value.field == "targets.friendly2"
    done = {**doc, "targets": {"friendly": "u1", "friendly2": "u2", "friendly3": "u3"}}
    legal = resolve(parse_scenario(done, cards=tmp_path))
    assert any(w["detail"].startswith("score 1 point") for w in legal.explain(next(iter(legal))))


def test_a_given_might_change_is_said_with_its_amount_and_a_level_line_is_said() -> None:
    """An outcome not modelled is said in the card's words: Combat Experience gives "+1
    Might" (was the bare verb "give"), and its "[Level 6][>] Give it +3 [Might] this turn
    instead." line, an instruction of the spell gated by Level, is said as not modelled
    (it was dropped); Yuumi's "+3 [Might] and [Tank]" keeps its keyword."""
    combat = compile_card("Combat Experience", "[Reaction] (Play any time, even before "
                          "spells and abilities resolve.)\nGive a unit +1 [Might] this "
                          "turn.\n[Level 6][>] Give it +3 [Might] this turn instead. (While "
                          "you have 6+ XP, get the effect.)")
    assert isinstance(combat, GroupTargets)
    assert combat.label == "give +1 Might"
    assert combat.unsaid == ("[Level 6][>] Give it +3 [Might] this turn instead.",)
    yuumi = compile_card("Yuumi, Magical Cat", "When I attack or defend, give one of your "
                         "other units here +3 [Might] and [Tank] this turn. (It must be "
                         "assigned combat damage first.)")
    assert isinstance(yuumi, GroupTargets) and yuumi.label == "give +3 Might and [Tank]"


def test_an_activated_ability_of_a_source_off_the_board_cannot_be_activated(
        tmp_path: Path) -> None:
    """Forge of the Future's "Kill this: Recycle up to 4 cards from trashes." and Defender
    of Tomorrow's "[1], [Exhaust]: Ready a gear.": a cost that kills or exhausts its source
    can't be paid once the source is off the board (415.4; only an object on the board is
    exhausted, 415.1): no declaration. On the board: Forge chooses up to 4 of the 2 trash
    cards (4 sets), Defender one of the 2 gear (its own two: g1, g2)."""
    from riftsolve.engine.questions import finalize
    from riftsolve.formats.format1 import parse_scenario

    forge = compile_card("Forge of the Future", "When you play this, play a 1 [Might] Recruit "
                         "unit token at your base.\nKill this: Recycle up to 4 cards from "
                         "trashes.")
    defender = compile_card("Defender of Tomorrow", "[1], [Exhaust]: Ready a gear.")
    write_library(tmp_path, [forge, defender])
    for name, expected in (("Forge of the Future", 4), ("Defender of Tomorrow", 2)):
        units: list[dict[str, Any]] = [
            {"id": "src", "controller": "A", "location": "offboard",
             **({"type": "gear"} if name.startswith("Forge") else {"might": 2})},
            *({"id": g, "controller": "A", "type": "gear", "location": "base"}
              for g in ("g1", "g2"))]
        objects = [{"id": c, "kind": "card", "controller": "B", "zone": "trash"}
                   for c in ("c1", "c2")]
        doc = {"format": 1, "controller": "A", "card": name, "source": "src",
               "battlefields": ["north"], "units": units, "objects": objects}
        assert finalize(parse_scenario(doc, cards=tmp_path)).count() == 0, name
        units[0]["location"] = "base"
        assert finalize(parse_scenario(doc, cards=tmp_path)).count() == expected, name


def test_a_token_banished_is_not_played_again() -> None:
    """Arcane Shift, "Banish a friendly unit, then its owner plays it, ignoring its cost.
    Deal 3 to an enemy unit at a battlefield.": a token put into a non-board zone ceases to
    exist (186.1), so it is not played and its owner chooses no location: 1 resolution
    (was 2, north and base). A unit that is no token: its owner A chooses among base and
    north (A controls north, 355.2.a): 2."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    shift = compile_card("Arcane Shift", "Banish a friendly unit, then its owner plays it, "
                         "ignoring its cost. Deal 3 to an enemy unit at a battlefield. Banish "
                         "this.")
    for token, expected in ((True, [None]), (False, ["base", "north"])):
        board = Board(("north", "south"), (Unit("f1", "A", 1, "north", token=token),
                                           Unit("e1", "B", 3, "south")),
                      control=(("north", "A"),))
        legal = resolve(Scenario("A", shift, board, targets=JointChosen(
            picks=(("friendly", "f1"), ("enemy", "e1")))))
        answers = list(legal)
        assert all(isinstance(a, Executed) for a in answers)
        assert sorted((dict(a.picks)["location"] for a in answers
                       if isinstance(a, Executed)), key=str) == expected


def test_attach_or_detach_is_chosen_as_it_resolves() -> None:
    """Angle Shot, "Attach that Equipment to that unit or detach that Equipment from that
    unit.": not a bulleted list of modes (355.3), so which instruction is done its
    controller chooses as it resolves (355.17): 2 resolutions, attach or detach (was 1,
    "forced", the choice only said). With the Equipment no longer legal, the instruction
    needs it and is Ignored: nothing to choose, 1 resolution."""
    from riftsolve.engine.questions import resolve
    from riftsolve.rules.answers.joint import Executed
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.scenario import Scenario

    shot = compile_card("Angle Shot", "Choose a unit and an Equipment with the same "
                        "controller. Attach that Equipment to that unit or detach that "
                        "Equipment from that unit. Draw 1.")
    assert isinstance(shot, JointChoice)
    [either] = [p for p in shot.picks if p.kind == "either"]
    assert either.later and not either.target and either.choices == ("attach", "detach")
    for equipment_at, expected in (("base", ["attach", "detach"]), ("offboard", [None])):
        board = Board(("north",), (Unit("a1", "A", 2, "north"),
                                   Unit("e1", "A", 0, equipment_at, type="gear",
                                        tags=("Equipment",))))
        legal = resolve(Scenario("A", shot, board, targets=JointChosen(
            picks=(("unit", "a1"), ("equipment", "e1")))))
        answers = [a for a in legal if isinstance(a, Executed)]
        assert sorted((dict(a.picks)["either"] for a in answers), key=str) == expected
        said = [w["detail"] for w in legal.explain(answers[0])]
        if expected[0] == "attach":
            assert "either: attach, chosen now by A" in said
            assert "a1: attach, an outcome not modelled" in said

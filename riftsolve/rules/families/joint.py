"""Joint choices (CR 1.4 355.5-355.17): several objects picked one by one, later picks
tied to earlier ones, as one plain question and its verifier.

A joint choice picks at most one object for each of its picks (a unit, a gear, a
battlefield, a location or a player): "a battlefield and an enemy unit there" (Crescent
Strike), "a friendly unit and an enemy unit at its location" (Heroic Charge), "move an
enemy unit; then choose another enemy unit at its destination" (Dragon's Rage). Each pick
meets its own restrictions (355.9.b) and its links to the picks before it; what the card
does is its deeds.

* **Finalization.** The picks made now (355.5) are every pick but the later ones: targets
  (355.7), a move's destination (355.4, not a target), a cost's choice (355.10.c, not a
  target). A required pick needs a valid choice (355.8); an "up to one" pick may stay
  empty (355.13); a "you may" pick is still chosen now (355.12). Deflect taxes the
  targets (809).
* **Resolution.** Each target is checked again (359.3.e.2): one that no longer meets its
  restrictions, or its links to the other legal targets, is unaffected (359.3.e.5). The
  later picks are made now, on the board as it is once the earlier deeds are done: a
  reflexive trigger's choice (355.5.b, cited with 355.5) or another player's (355.10.e,
  355.17); one must be made when one can be. Each "you may" action is done or declined.

>>> from riftsolve.formats.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "controller": "A", "card": "Crescent Strike",
...     "battlefields": ["north", "south"], "units": [
...         {"id": "r1", "controller": "B", "might": 2, "location": "north"},
...         {"id": "r2", "controller": "B", "might": 3, "location": "south"}]})
>>> [c.as_json()["targets"] for c in finalize_problem(s).answers()]
[{'battlefield': 'north', 'enemy': 'r1'}, {'battlefield': 'south', 'enemy': 'r2'}]
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from typing import cast

from riftsolve.i18n import N_, _
from riftsolve.rules.acts import Acts
from riftsolve.rules.answers.joint import Choice, Executed
from riftsolve.rules.board import BASE, OFFBOARD, Board, Unit, keyword
from riftsolve.rules.choosing import deflect_failures
from riftsolve.rules.core_rules import renumber
from riftsolve.rules.costs import trigger_cost_failure
from riftsolve.rules.effects import DONE, EVENT, MIGHTY, STATE_WORDS, Action, Link, Reach, Relation
from riftsolve.rules.effects.joint import Deed, JointChoice, Linked, Pick
from riftsolve.rules.explain import (
    Step,
    deflect_steps,
    ids,
    illegal_steps,
    negated_steps,
    step,
    unsaid_steps,
)
from riftsolve.rules.families.picks import EMPTY, Check, JointProblem, Value
from riftsolve.rules.families.registry import AnyFamily, register_family
from riftsolve.rules.hidden import gone_failure, hidden_rule, source_gone
from riftsolve.rules.limits import ScenarioError
from riftsolve.rules.options import Option, options
from riftsolve.rules.pieces import PIECE_ZONES
from riftsolve.rules.roles import Role
from riftsolve.rules.scenario import Scenario, Targets, require_targets
from riftsolve.rules.targeting import (
    Failure,
    move_failure,
    source_battlefield,
    teammates_reason,
)
from riftsolve.rules.versions import number_in


def joint_effect(scenario: Scenario) -> JointChoice:
    """The scenario's effect, which must be a joint choice, with the links its policy
    reads: a move to a destination the card specifies restricts no target (355.4: no one
    chooses it; 355.4.a reads a chosen destination), unless the policy
    ``specified_destination`` is ``"elsewhere"``."""
    effect = scenario.effect
    if not isinstance(effect, JointChoice):
        raise TypeError(f"{effect.name} is not a joint choice")
    if scenario.policy.specified_destination == "unrestricted":
        if any(lk.specified for lk in effect.links):
            return replace(effect, links=tuple(lk for lk in effect.links if not lk.specified))
        return effect
    if any(p.moved_here for p in effect.picks):  # 355.4.a read for a move "here" too
        return replace(effect, picks=tuple(replace(p, away=True) if p.moved_here else p
                                           for p in effect.picks))
    return effect


@dataclass(frozen=True)
class JointChosen(Targets):
    """A joint choice's picks made at finalization, in the card's order: each pick's
    object (a unit or gear, a battlefield, a location or a player), ``None`` for an "up
    to one" pick left empty (355.13).

    >>> JointChosen(picks=(("object", "r1"), ("object2", None))).counted(
    ...     frozenset({"object", "object2"}))
    ('r1',)
    """

    picks: tuple[tuple[str, Value], ...] = ()

    def counted(self, targeted: frozenset[str]) -> tuple[str, ...]:
        """The objects picked in the targeted picks: units, battlefields and players alike
        (359.3.e.9.a counts game objects, players and zones)."""
        return tuple(value for name, value in self.picks if name in targeted and value)


# --------------------------------------------------------------------------- legality


def _chooser(scenario: Scenario, pick: Pick, chosen: Mapping[str, Value]) -> str:
    """Who makes ``pick``: the controller, the opponent chosen by a player pick, or the
    player a pick made by each player is expanded for (:func:`_each`)."""
    if pick.chooser == "you":
        return scenario.controller
    if pick.chooser == "owner":  # "its owner plays it": the object chosen before's owner
        return _owner(scenario, pick, chosen)
    if pick.chooser not in ("opponent", *_EACH):
        return pick.chooser  # one player's copy of an "each player" pick
    players = [v for p in joint_effect(scenario).picks if p.kind == "player"
               for v in [chosen.get(p.name)] if v]
    return players[0] if players else ""


def resolution_choosers(scenario: Scenario) -> list[str]:
    """Who makes a resolution's choices, in order: the player each pick made on resolution
    is made by (the controller, the chosen opponent, each player, a unit's owner,
    355.10.e, 355.2.a), and the controller deciding a "you may" made at finalization
    (355.12); the controller when nobody else does."""
    effect = joint_effect(scenario)
    made = declared(scenario)
    who = [_chooser(scenario, p, made) for p in _each(scenario, list(effect.picks))
           if p.later]
    if any(p.may and not p.later for p in effect.picks):
        who.insert(0, scenario.controller)
    return list(dict.fromkeys(w for w in who if w)) or [scenario.controller]


def _owner(scenario: Scenario, pick: Pick, chosen: Mapping[str, Value]) -> str:
    """Who plays the object an "its owner" ``pick`` reads, the unit or card chosen by the
    pick before it: a unit's controller (a scenario states no other owner), a card's owner;
    ``""`` when it is no longer chosen or gone (nothing is played)."""
    picks = joint_effect(scenario).picks
    before = [p for p in picks[:picks.index(pick)] if p.kind in ("unit", "card")]
    value = chosen.get(before[-1].name) if before else None
    if value is None:
        return ""
    unit, card = scenario.board.get(value), scenario.board.piece(value)
    if unit is not None and unit.token:  # (banished, a token ceases to exist: nothing is
        return ""  # played, 186.1)
    return unit.controller if unit is not None else card.controller if card else ""


def _modes(pick: Pick) -> list[str]:
    """A mode pick's values: ``"1"`` to its number of modes; for "Choose two -", each pair
    of different modes, ``"1+2"``, ``"1+3"`` ..."""
    numbers = [str(number) for number in range(1, pick.options + 1)]
    return ["+".join(chosen) for chosen in combinations(numbers, pick.modes_chosen)]


def _in_mode(pick: Pick, mode: Value) -> bool:
    """Whether ``pick`` belongs to a mode chosen (``mode``: the mode pick's value)."""
    return not pick.in_mode or str(pick.in_mode) in (mode or "").split("+")


#: Picks made by several players, each on their own (355.10.e): by whom.
_EACH = ("each", "each-opponent", "each-other", "each-defender")


def _each(scenario: Scenario, picks: list[Pick]) -> list[Pick]:
    """The picks with each "each player" pick made one per player, named
    ``<pick>[<player>]``, players in name order (each player chooses among
    their own objects, 355.10.e)."""
    board, me = scenario.board, scenario.controller
    players = sorted({me, *board.players()})
    here = source_battlefield(board, scenario.source)
    found = []
    for pick in picks:
        if pick.chooser not in _EACH:
            found.append(pick)
            continue
        for player in players:
            if (pick.chooser in ("each-opponent", "each-defender")
                    and board.friends(player, me)) or (
                    pick.chooser == "each-other" and player == me) or (
                    pick.chooser == "each-defender" and not any(  # (the defender: units
                        u.controller == player and u.is_unit and u.location == here
                        for u in board)):  # there as the source attacks, 740.1)
                continue
            found.append(replace(pick, name=f"{pick.name}[{player}]", chooser=player))
    return found


def pick_failure(scenario: Scenario, board: Board, pick: Pick, value: str,
                 chooser: str, resolving: bool) -> Failure | None:
    """Whether ``value`` may fill ``pick`` on its own (355.9.b, 359.3.e.2) on ``board``."""
    return pick_test(scenario, board, pick, chooser, resolving)(value)


#: The kinds of pick that choose no unit or gear (a card a unit pick may name instead is
#: the unit test's).
_NO_UNIT = ("mode", "either", "decision", "player", "battlefield", "location")


def pick_test(scenario: Scenario, board: Board, pick: Pick, chooser: str, resolving: bool
              ) -> Callable[[str], Failure | None]:
    """:func:`pick_failure` of one value at a time: for a unit or gear, what the scenario
    and the pick fix for every value is read once (a question tests each unit of the
    board).

    >>> from riftsolve.formats.format1 import parse_scenario
    >>> s = parse_scenario({"format": 1, "controller": "A", "card": "Dragon's Rage",
    ...     "battlefields": ["north"], "units": [
    ...         {"id": "r1", "controller": "B", "might": 2, "location": "north"},
    ...         {"id": "k1", "controller": "A", "might": 2, "location": "north"}]})
    >>> test = pick_test(s, s.board, joint_effect(s).picks[0], "A", resolving=False)
    >>> test("r1") is None, test("k1").rule
    (True, '355.9.b')
    """
    if pick.kind in _NO_UNIT or pick.is_piece:
        return lambda value: _choice_failure(scenario, board, pick, value, chooser, resolving)
    return _unit_test(scenario, board, pick, chooser, resolving)


def _choice_failure(scenario: Scenario, board: Board, pick: Pick, value: str,
                    chooser: str, resolving: bool) -> Failure | None:
    """:func:`pick_failure` of a pick that chooses no unit or gear."""
    verb = _("is no longer") if resolving else _("is not")
    rule = "359.3.e.2" if resolving else "355.9.b"
    if pick.kind == "mode":
        if value not in _modes(pick):
            return Failure("191.2", _("{value} {verb} one of the card's modes (1 to {most})"
                                      ).format(value=repr(value), verb=verb,
                                               most=pick.options))
        used = [m for m in value.split("+") if pick.fresh and int(m) in scenario.modes_used]
        if used and not resolving:
            return Failure("355.3", _("mode {mode} was chosen before this turn: the card "
                                      "chooses one not chosen yet").format(mode=used[0]))
        return None
    if pick.kind == "either":
        return None if value in pick.choices else Failure("355.17", _(
            "{value} is not one of {choices}").format(value=repr(value),
                                                      choices=", ".join(pick.choices)))
    if pick.kind == "decision":
        return None if value == DONE else Failure("383.3.a", _(
            "{value} is not {done}: the 'you may' is done ({done}) or not (null)").format(
                value=repr(value), done=repr(DONE)))
    if pick.kind == "player":
        if resolving:  # a player chosen stays a player of the game (not an object)
            return None
        if value not in board.players() or not pick.among.admits(
                board.friends(value, chooser)):
            return Failure(rule, _("{value} {verb} {what} of {player}").format(
                value=value, verb=verb, what=_relation_words(pick), player=chooser))
        return None
    if pick.kind == "battlefield":
        return _battlefield_failure(scenario, board, pick, value, verb, rule)
    if pick.is_piece:
        return _piece_failure(scenario, board, pick, value, chooser, verb, rule)
    assert pick.kind == "location", pick.kind
    if not (board.is_battlefield(value) or value == BASE):
        return Failure("355.4", _("{value} {verb} a location (a battlefield or 'base')"
                                  ).format(value=repr(value), verb=verb))
    if pick.own and value != BASE and board.controller_of(value) != chooser:
        return Failure("355.2.a", _("{value} {verb} the chooser's base or a battlefield "
                                    "{player} controls").format(value=value, verb=verb,
                                                                player=chooser))
    return None


def _unit_test(scenario: Scenario, board: Board, pick: Pick, chooser: str, resolving: bool
               ) -> Callable[[str], Failure | None]:
    """:func:`pick_failure` of a unit or gear (or a card a unit pick may name instead)."""
    verb = _("is no longer") if resolving else _("is not")
    rule = "359.3.e.2" if resolving else "355.9.b"
    source = board.get(scenario.source) if scenario.source is not None else None
    here = source_battlefield(board, scenario.source)
    moved_to = (scenario.event_destination or here) if pick.moved_between else None
    as_card = replace(pick, kind=pick.or_piece, also="") if pick.or_piece else None
    types, among, own, reach = pick.types, pick.among, pick.own, pick.reach

    def test(value: str) -> Failure | None:
        if as_card is not None and value not in board and board.piece(value) is not None:
            return _piece_failure(scenario, board, as_card, value, chooser, verb, rule)
        if value not in board:
            return Failure(rule, _("{value} {verb} a unit or gear").format(value=repr(value),
                                                                          verb=verb))
        unit = board[value]
        if not unit.on_board:
            return Failure("359.3.e.2", _("{value} {verb} on the board").format(value=value,
                                                                               verb=verb))
        if unit.type not in types:
            either = (_("a {kind} or {also}").format(kind=_(_KINDS.get(pick.kind, pick.kind)),
                                                     also=_(_KINDS.get(pick.also, pick.also)))
                      if pick.also else _(_A_KIND.get(pick.kind, pick.kind)))
            return Failure(rule, _("{value} {verb} {either} (it is a {type})").format(
                value=value, verb=verb, either=either, type=_(_KINDS.get(unit.type, unit.type))))
        if not among.admits(board.friendly_to(unit, chooser)) or (
                own and unit.controller != chooser):
            mine = (_("one of {player}'s own").format(player=chooser) if pick.own
                    else _relation_words(pick))
            return Failure(rule, _("{value} {verb} {what} (controlled by {owner})").format(
                value=value, verb=verb, what=mine, owner=unit.controller))
        if reach is Reach.BATTLEFIELD and not board.is_battlefield(unit.location):
            return Failure(rule, _("{value} {verb} at a battlefield (at {place})").format(
                value=value, verb=verb, place=unit.location))
        if reach is Reach.BASE and unit.location != BASE:
            return Failure(rule, _("{value} {verb} in a base (at {place})").format(
                value=value, verb=verb, place=unit.location))
        if pick.away and unit.location == here:
            if pick.moved_here:  # (policy specified_destination=elsewhere)
                return Failure("355.4.a", _("{value} is already here: a move goes elsewhere"
                                            ).format(value=value))
            return Failure(rule, _("{value} {verb} at a different location (it is here, at "
                                   "{place})").format(value=value, verb=verb,
                                                      place=unit.location))
        if pick.moved_between and unit.location not in (moved_to, scenario.event_battlefield):
            return Failure("359.3.e.2" if resolving else rule, _(
                "{value} {verb} at a battlefield the source moved to ({here}) or from ({there})"
            ).format(value=value, verb=verb, here=moved_to or _("none"),
                     there=scenario.event_battlefield or _("none")))
        if pick.to_event and scenario.policy.specified_destination == "elsewhere" and \
                unit.location == scenario.event_battlefield:
            return Failure("355.4.a", _("{value} is already at {place}: a move goes elsewhere "
                                        "(policy specified_destination=elsewhere)").format(
                                            value=value, place=unit.location))
        if reach is Reach.HERE and unit.location != here:
            return Failure("359.3.f.2" if resolving else rule, _(
                "{value} {verb} here ({here}; it is at {place})").format(
                    value=value, verb=verb, here=here or _("no battlefield"),
                    place=unit.location))
        if pick.other and value == scenario.source:
            return Failure("355.9.c", _("{value} {verb} another unit: it is the source").format(
                value=value, verb=verb))
        if pick.not_yours and unit.controller == scenario.controller:
            return Failure("355.10.e", _("{value} {verb} a unit {player} does not control"
                                         ).format(value=value, verb=verb,
                                                  player=scenario.controller))
        if pick.elsewhere and (source is None or not source.on_board
                               or unit.place == source.place):
            return Failure(rule, _("{value} {verb} at another location than the source "
                                   "({place})").format(value=value, verb=verb,
                                                       place=unit.place))
        if pick.keyword and not unit.has(pick.keyword):
            return Failure(rule, _("{value} {verb} with [{keyword}]").format(
                value=value, verb=verb, keyword=pick.keyword))
        if pick.contested and not _contested(board, unit, pick.contested, chooser):
            return Failure(rule, _("{value} {verb} in combat with an enemy {tag} unit or "
                                   "chosen by an enemy {tag} spell").format(
                                       value=value, verb=verb, tag=pick.contested))
        if pick.reads_traits:  # (a unit's states read only when asked for)
            states = set(board.states_of(unit)) if pick.state else set()
            trait = _trait_failure(pick, value, unit.tags, states, verb, rule)
            if trait is not None:
                return trait
        if pick.might_at_most is not None and unit.effective_might > pick.might_at_most:
            return Failure(rule, _("{value} {verb} a unit with {most} Might or less (Might "
                                   "{might})").format(value=value, verb=verb,
                                                      most=pick.might_at_most,
                                                      might=unit.effective_might))
        if pick.might_at_least is not None and unit.effective_might < pick.might_at_least:
            return Failure("708" if pick.might_at_least == MIGHTY else rule, _(
                "{value} {verb} a unit with {least} Might or more (Might {might})").format(
                    value=value, verb=verb, least=pick.might_at_least,
                    might=unit.effective_might))
        if pick.weaker_than_source and (source is None or not source.on_board
                                        or unit.effective_might >= source.effective_might):
            return Failure(rule, _("{value} {verb} of less Might than the source ({might} "
                                   "against {source})").format(
                value=value, verb=verb, might=unit.effective_might,
                source=source.effective_might if source is not None else _("none")))
        cost = _cost_failure(pick, value, unit.energy, unit.power, f"units[{value}]", verb,
                             rule) if pick.cost_bounds else None
        if cost is not None:
            return cost
        if pick.energy_within_source_might:
            if unit.energy is None:
                raise ScenarioError(f"units[{value}].energy", _(
                    "the card chooses by Energy cost: state {value}'s").format(value=value))
            if source is None or not source.on_board or not source.is_unit or \
                    unit.energy > source.effective_might:
                return Failure(rule, _("{value} {verb} of Energy cost no more than the source's "
                                       "Might (it costs {energy})").format(
                    value=value, verb=verb, energy=unit.energy))
        if pick.exhausts and unit.exhausted and (not resolving or pick.later):
            return Failure("355.10.c", _("{value} is exhausted: the cost exhausts a ready unit"
                                         ).format(value=value))
        if pick.target and not board.can_choose(chooser, unit):
            return Failure("758.1" if resolving else "355.9.b",
                           _("{unit} can't be chosen by {player}'s spells or abilities").format(
                               unit=value, player=chooser))
        return None

    return test


def _battlefield_failure(scenario: Scenario, board: Board, pick: Pick, value: str,
                         verb: str, rule: str) -> Failure | None:
    if not board.is_battlefield(value):
        return Failure(rule, _("{value} {verb} a battlefield in play").format(
            value=repr(value), verb=verb))
    if pick.away:  # (the source's destination: "move me to a battlefield")
        source = board.get(scenario.source) if scenario.source is not None else None
        if source is None or not source.on_board:
            return Failure("359.3.e.12", _("{value}: the source is not on the board, so it "
                                           "can't move there").format(value=value))
        if source.location == value:
            return Failure("355.4.a", _("{value} is where the source already is: a move "
                                        "goes to another location").format(value=value))
    held = board.controller_of(value)
    mine = held is not None and board.friends(held, scenario.controller)
    if (pick.among is Relation.FRIENDLY and not mine) or (
            pick.own and held != scenario.controller):
        return Failure(rule, _("{value} {verb} a battlefield {player} controls (controlled "
                               "by {owner})").format(value=value, verb=verb,
                                                     player=scenario.controller,
                                                     owner=held or _("nobody")))
    if pick.among is Relation.ENEMY and (held is None or mine):
        return Failure(rule, _("{value} {verb} a battlefield an opponent controls").format(
            value=value, verb=verb))
    if pick.occupied and not any(u.location == value and u.controller == scenario.controller
                                 and u.is_unit for u in board):  # (yours: not a teammate's)
        return Failure(rule, _("{value} {verb} a battlefield where {player} has units"
                               ).format(value=value, verb=verb, player=scenario.controller))
    present = any(u.location == value and u.is_unit for u in board)
    if pick.occupancy == "occupied" and not present:
        return Failure("170.11.a", _("{value} {verb} occupied: no unit is there").format(
            value=value, verb=verb))
    if pick.occupancy == "open" and (present or held is not None):
        return Failure("170.11.c", (_("{value} {verb} open: a unit is there") if present else
                                    _("{value} {verb} open: {owner} controls it")).format(
                                        value=value, verb=verb, owner=held))
    return None


def _piece_failure(scenario: Scenario, board: Board, pick: Pick, value: str, chooser: str,
                   verb: str, rule: str) -> Failure | None:
    """A rune, spell, ability, legend or card: of the kind, in the zone, whose, which."""
    piece = board.piece(value)
    if piece is None or piece.kind not in (pick.kind, pick.also):
        return Failure(rule, _("{value} {verb} {what}").format(
            value=repr(value), verb=verb, what=_(_A_KIND.get(pick.kind, pick.kind))))
    zone = pick.zone or PIECE_ZONES[pick.kind]  # (a card: in the zone its pick names)
    if zone and piece.zone != zone:
        return Failure("359.3.e.2" if rule == "359.3.e.2" else "355.9.a",
                       _("{value} {verb} in the {zone} (it is in the {where})").format(
                           value=value, verb=verb, zone=zone, where=piece.zone))
    if not pick.among.admits(board.friends(piece.controller, chooser)) or (
            pick.own and piece.controller != chooser):
        return Failure(rule, _("{value} {verb} {what} (controlled by {owner})").format(
            value=value, verb=verb, what=_relation_words(pick), owner=piece.controller))
    if pick.choosing and not any(_friendly_object(board, chosen, chooser)
                                 for chosen in piece.chooses):
        return Failure(rule, _("{value} {verb} a spell or ability that chooses a friendly "
                               "unit or gear (it chooses {chosen})").format(
            value=value, verb=verb, chosen=", ".join(piece.chooses) or _("nothing")))
    if pick.types and piece.type not in pick.types:
        return Failure(rule, _("{value} {verb} a {type} card").format(
            value=value, verb=verb, type=pick.card_type))
    if pick.keyword and not any(keyword(k)[0] == pick.keyword for k in piece.keywords):
        return Failure(rule, _("{value} {verb} with [{keyword}]").format(
            value=value, verb=verb, keyword=pick.keyword))
    return _trait_failure(pick, value, piece.tags,
                          {"exhausted" if piece.exhausted else "ready"}, verb, rule) or \
        _cost_failure(pick, value, piece.energy, piece.power, f"objects[{value}]", verb, rule)


def _contested(board: Board, unit: Unit, tag: str, player: str) -> bool:
    """Whether ``unit`` is in combat with an enemy (to ``player``) unit tagged ``tag`` (at
    its battlefield, on the other side of the combat), or chosen by an enemy spell tagged
    ``tag`` on the Chain.

    >>> b = Board(("n",), (Unit("a", "A", 2, "n", combat="defending"),
    ...                    Unit("f", "B", 2, "n", combat="attacking", tags=("Fury",))))
    >>> _contested(b, b["a"], "Fury", "A"), _contested(b, b["a"], "Calm", "A")
    (True, False)
    """
    if unit.combat and any(
            other.combat and other.combat != unit.combat and other.location == unit.location
            and tag in other.tags and not board.friendly_to(other, player) for other in board):
        return True
    return any(piece.kind == "spell" and piece.zone == "chain" and tag in piece.tags
               and not board.friends(piece.controller, player) and unit.id in piece.chooses
               for piece in board.objects)


def _friendly_object(board: Board, chosen: str, player: str, units: bool = False) -> bool:
    """Whether ``chosen`` is a unit or gear (``units``: a unit) on the board friendly to
    ``player``."""
    unit = board.get(chosen)
    return unit is not None and unit.on_board and board.friendly_to(unit, player) and (
        unit.is_unit or not units)


def _cost_failure(pick: Pick, value: str, energy: int | None, power: int | None, where: str,
                  verb: str, rule: str) -> Failure | None:
    """A pick's condition on its object's Energy and Power costs (355.9.b): "a gear with
    Energy cost 4 or less", "a spell with Energy cost 4 or more"; a cost the card reads
    must be stated (``where``: the entry that lacks it)."""
    for name, most, least in pick.cost_bounds:
        have = energy if name == "Energy" else power
        if have is None:
            raise ScenarioError(f"{where}.{name.lower()}", _(
                "the card chooses by {name} cost: state {value}'s").format(name=name,
                                                                         value=value))
        if most is not None and have > most:
            return Failure(rule, _("{value} {verb} of {name} cost {most} or less (it costs "
                                   "{have})").format(value=value, verb=verb, name=name,
                                                     most=most, have=have))
        if least is not None and have < least:
            return Failure(rule, _("{value} {verb} of {name} cost {least} or more (it costs "
                                   "{have})").format(value=value, verb=verb, name=name,
                                                     least=least, have=have))
    return None


def _trait_failure(pick: Pick, value: str, tags: tuple[str, ...], states: set[str],
                   verb: str, rule: str) -> Failure | None:
    """The tags a pick names (355.9.b), and its state filter: "exhausted", "ready",
    "stunned", "attacking", "defending", "buffed" or "moved" (``states``: the object's)."""
    missing = [t for t in pick.tags if t not in tags]
    if missing:
        return Failure(rule, _("{value} {verb} {tags}").format(value=value, verb=verb,
                                                                tags=" ".join(missing)))
    barred = [t for t in pick.tags_none if t in tags]
    if barred:
        return Failure(rule, _("{value} {verb} non-{tag}").format(value=value, verb=verb,
                                                                   tag=barred[0]))
    if pick.tags_any and not set(pick.tags_any) & set(tags):
        return Failure(rule, _("{value} {verb} {some} or {last}").format(
            value=value, verb=verb, some=", ".join(pick.tags_any[:-1]),
            last=pick.tags_any[-1]))
    if pick.state and pick.state not in states:
        return Failure(rule, _("{value} {verb} {state}").format(
            value=value, verb=verb, state=_(STATE_WORDS.get(pick.state, pick.state))))
    return None


def _relation_words(pick: Pick) -> str:
    """"an enemy unit", "a friendly player", "a rune", in the language spoken now."""
    among = pick.among.value if pick.among in (Relation.ENEMY, Relation.FRIENDLY) else "any"
    words = _RELATION_WORDS.get((among, pick.kind))
    if words is not None:
        return _(words)
    return {Relation.ENEMY: "an enemy", Relation.FRIENDLY: "a friendly"}.get(
        pick.among, "a") + f" {pick.kind}"


#: What a pick may choose, for a sentence: by relation and kind (the English words are
#: those of "an enemy" / "a friendly" / "a" and the kind).
_RELATION_WORDS = {
    ("enemy", "unit"): N_("an enemy unit"), ("friendly", "unit"): N_("a friendly unit"),
    ("any", "unit"): N_("a unit"),
    ("enemy", "gear"): N_("an enemy gear"), ("friendly", "gear"): N_("a friendly gear"),
    ("any", "gear"): N_("a gear"),
    ("enemy", "player"): N_("an enemy player"), ("friendly", "player"): N_("a friendly player"),
    ("any", "player"): N_("a player"),
    ("enemy", "rune"): N_("an enemy rune"), ("friendly", "rune"): N_("a friendly rune"),
    ("any", "rune"): N_("a rune"),
    ("enemy", "spell"): N_("an enemy spell"), ("friendly", "spell"): N_("a friendly spell"),
    ("any", "spell"): N_("a spell"),
    ("enemy", "ability"): N_("an enemy ability"),
    ("friendly", "ability"): N_("a friendly ability"), ("any", "ability"): N_("a ability"),
    ("enemy", "legend"): N_("an enemy legend"), ("friendly", "legend"): N_("a friendly legend"),
    ("any", "legend"): N_("a legend"),
    ("enemy", "card"): N_("an enemy card"), ("friendly", "card"): N_("a friendly card"),
    ("any", "card"): N_("a card"),
}

#: The kinds of object a pick chooses, alone and with an article.
_KINDS = {"unit": N_("unit"), "gear": N_("gear")}
_A_KIND = {"unit": N_("a unit"), "gear": N_("a gear"), "rune": N_("a rune"),
           "spell": N_("a spell"), "ability": N_("a ability"), "legend": N_("a legend"),
           "card": N_("a card")}

#: The states a pick may ask for.
def _place(board: Board, value: str, pick: Pick, mover: Unit | None = None) -> str:
    """Where a pick's value is, as a place: a unit's location (``base:<player>`` for a
    base), a battlefield itself, or ``"base"`` read as ``mover``'s own base."""
    if pick.kind in ("unit", "gear"):
        return board[value].place if value in board else OFFBOARD
    if value == BASE:
        return f"{BASE}:{mover.controller}" if mover is not None else BASE
    return value


def made_failure(linked: Linked, first: Value, second: Value) -> Failure | None:
    """What a link says of which of its two picks are made, whatever their objects: "you
    may" picks done as a whole (``together``, 383.3.a), an "up to" one only when done
    (``if-done``), one way or the other (``either``: not both, 355.5), exactly one object
    of two kinds (``one-of``: 355.8, 355.5); ``None`` when it holds or says nothing."""
    link = linked.link
    if (link is Link.TOGETHER and (first is None) != (second is None)) or (
            link is Link.IF_DONE and first is not None and second is None):
        return Failure("383.3.a", _(
            "{first} and {second}: the ability's 'you may' is decided as a whole, done with "
            "its choices or not at all").format(first=linked.pick, second=linked.to))
    if link is Link.ONE_OF and first is None and second is None:
        return Failure("355.8", _(
            "{first} or {second}: one object is chosen, of one kind or the other").format(
                first=linked.to, second=linked.pick))
    if link in (Link.EITHER, Link.ONE_OF) and first is not None and second is not None:
        return Failure("355.5", _("{first} and {second}: one is chosen, or the other, not "
                                  "both").format(first=first, second=second))
    return None


def link_failure(scenario: Scenario, board: Board, linked: Linked, first: str,
                 second: str, chosen: Mapping[str, Value] | None = None) -> Failure | None:
    """Whether ``first`` (the value of ``linked.pick``) stands in the link to ``second``
    (the value of ``linked.to``) on ``board``. A destination ``"base"`` is the base of the
    unit moved there (found in ``chosen``), else of ``first``'s unit."""
    return link_test(scenario, board, linked, chosen)(first, second)


def link_test(scenario: Scenario, board: Board, linked: Linked,
              chosen: Mapping[str, Value] | None = None
              ) -> Callable[[str, str], Failure | None]:
    """:func:`link_failure` of one pair of values at a time: the link's picks and the unit
    moved to its destination found once (a question tests each unit of the board).

    >>> from riftsolve.formats.format1 import parse_scenario
    >>> s = parse_scenario({"format": 1, "controller": "A", "card": "Dragon's Rage",
    ...     "battlefields": ["north", "south"], "units": [
    ...         {"id": f"r{i}", "controller": "B", "might": 2, "location": where}
    ...         for i, where in enumerate(["north", "north", "south"], 1)]})
    >>> at = joint_effect(s).links[2]  # the second enemy at the first one's destination
    >>> test = link_test(s, s.board, at, {"enemy": "r3", "destination": "north"})
    >>> test("r2", "north") is None, test("r3", "north").rule
    (True, '355.9.b')
    """
    effect = joint_effect(scenario)
    link = linked.link
    a, b = effect.pick(linked.pick), effect.pick(linked.to)
    moved = [d.pick for d in effect.deeds if d.action is Action.MOVE and d.to == linked.to]
    carried = None  # (the unit moved there, for its base: even if it left the board)
    if chosen is not None and moved and chosen.get(moved[0]) in board:
        carried = board.get(chosen[moved[0]] or "")

    def test(first: str, second: str) -> Failure | None:
        if link is Link.OTHER:
            return Failure("355.9.c", _("{first} is {pick}'s object too: it must be another"
                                        ).format(first=first, pick=linked.to)
                           ) if first == second else None
        if link is Link.CHOOSES_ONLY:
            piece = board.piece(first)
            friendly = sorted(c for c in piece.chooses if _friendly_object(
                board, c, scenario.controller, units=True)) if piece is not None else []
            return None if friendly == [second] else Failure("355.9.b", _(
                "{first} does not choose {second} and no other friendly unit (it chooses "
                "{chosen})").format(first=first, second=second,
                                    chosen=", ".join(friendly) or _("no friendly unit")))
        if link is Link.ON:
            gear = board.get(first)
            return None if gear is not None and gear.attached == second else Failure(
                "355.9.b", _("{first} is not attached to {second}").format(first=first,
                                                                           second=second))
        if link is Link.SORTED:
            return None if first >= second else Failure("355.2.a", _(
                "{first} and {second}: identical objects placed alike are listed in location "
                "order").format(first=first, second=second))
        if link is Link.AFTER:
            return None if first > second else Failure("355.9.c", _(
                "{first} and {second}: objects chosen alike are distinct, listed in id order"
            ).format(first=first, second=second))
        if link is Link.SAME_CONTROLLER:
            mine, theirs = _controller(board, a, first), _controller(board, b, second)
            same = mine is not None and mine == theirs
            return None if same else Failure("355.9.b", _(
                "{first} and {second} do not have the same controller").format(first=first,
                                                                                second=second))
        if link in (Link.TOGETHER, Link.IF_DONE):
            return None  # (both made: nothing more to check)
        if link is Link.BASE_SIDE:
            home = second in board and board[second].location == BASE
            return None if (first == BASE) != home else Failure("355.4", _(
                "{first}: {second} moves to its base from a battlefield, or from its base to a "
                "battlefield").format(first=first, second=second))
        if link in (Link.EITHER, Link.ONE_OF):
            return made_failure(linked, first, second)
        if link is Link.NO_COSTLIER:
            costs, other = _costs(board, first), _costs(board, second)
            return None if costs[0] <= other[0] and costs[1] <= other[1] else Failure(
                "355.9.b", _("{first} costs more than {second} (Energy and Power {mine} and "
                             "{theirs})").format(first=first, second=second,
                                                 mine="/".join(map(str, costs)),
                                                 theirs="/".join(map(str, other))))
        if link is Link.WEAKER:
            weak, strong = _might(board, first), _might(board, second)
            weaker = weak is not None and strong is not None and weak < strong
            return None if weaker else Failure("355.9.b", _(
                "{first} does not have less Might than {second} ({weak} and {strong})").format(
                    first=first, second=second, weak=weak, strong=strong))
        if link is Link.HOSTS_ALLY:
            mover = board.get(second)
            there = _place(board, first, a, mover)
            allies = [u.id for u in board if mover is not None and u.id != mover.id and u.is_unit
                      and u.controller == mover.controller and u.place == there]
            return None if allies else Failure("355.4", _(
                "no other unit of {second}'s controller is at {first}").format(first=first,
                                                                               second=second))
        mover = carried if carried is not None else board.get(first)
        here = _place(board, first, a)
        there = _place(board, second, b, mover)
        if link is Link.APART:
            rule = "355.4.a" if not b.target and b.is_place else "355.9.b"
            return Failure(rule, _("{first} is at {second}'s location ({here}): it must be at a "
                                   "different one").format(first=first, second=second, here=here)
                           ) if here == there else None
        if here != there:  # AT and WITH
            return Failure("355.9.b", _("{first} is not at {second}'s location (at {here}, not "
                                        "{there})").format(first=first, second=second, here=here,
                                                           there=there))
        return None

    return test


def _might(board: Board, value: Value) -> int | None:
    """A unit's Might as spells see it (143.2.b), or a unit card's printed Might (a card in
    a hand or trash, "a unit with less Might than that unit had"); ``None`` for neither."""
    unit = board.get(value) if value is not None else None
    if unit is not None:
        return unit.effective_might if unit.on_board else None
    card = board.piece(value) if value is not None else None
    return max(0, card.might) if card is not None and card.might is not None else None


def _costs(board: Board, value: str) -> tuple[int, int]:
    """A unit's or card's Energy and Power costs, as printed (still known once it has left
    the board: a unit killed to pay a cost); a scenario that does not state them is told
    which field to give."""
    unit = board.get(value)
    thing = unit or board.piece(value)
    where = "units" if unit is not None else "objects"
    if thing is None:
        raise ScenarioError(f"{where}[{value}]", "neither a unit nor a card")
    if thing.energy is None or thing.power is None:
        field = "energy" if thing.energy is None else "power"
        raise ScenarioError(f"{where}[{value}].{field}", "the card compares its costs: "
                            "state them")
    return thing.energy, thing.power


def _controller(board: Board, pick: Pick, value: Value) -> str | None:
    """Who controls a pick's object ("the same controller"; a card's owner: "a card from
    their hand"); a player pick's value is that player; ``None``: nothing, or not on the
    board any more."""
    if value is None:
        return None
    if pick.kind == "player":
        return value
    if pick.kind in PIECE_ZONES or (pick.or_piece and value not in board):
        piece = board.piece(value)
        return piece.controller if piece is not None else None
    unit = board.get(value)
    return unit.controller if unit is not None else None


def _tax(scenario: Scenario, pick: Pick, value: Value) -> int:
    """The Deflect a target pick's unit costs (809), unless the card ignores Deflect (the
    card's own fact: :func:`joint_effect`'s reading of the policy leaves it as it is)."""
    if value is None or not pick.target or pick.kind not in ("unit", "gear") \
            or scenario.effect.ignores_deflect or value not in scenario.board:
        return 0
    return scenario.board.deflect_tax(scenario.board[value], scenario.controller)


def _pool(scenario: Scenario, board: Board, pick: Pick, chosen: Mapping[str, Value]
          ) -> tuple[str, list[str]]:
    """Who makes ``pick`` (``chosen``: the picks made before it) and every object of its
    kind on ``board``, valid or not: each player; each battlefield; each battlefield and
    ``base``; each rune, spell, card ... of its kind; each mode; each unit and gear,
    wherever it is (and each card a unit pick may name instead)."""
    chooser = _chooser(scenario, pick, chosen)
    if pick.kind == "player":
        pool: list[str] = list(board.players())
    elif pick.kind == "battlefield":
        pool = list(board.battlefields)
    elif pick.kind == "location":
        pool = [*board.battlefields, BASE]
    elif pick.is_piece:
        pool = sorted(p.id for p in board.objects if p.kind in (pick.kind, pick.also))
    elif pick.kind == "mode":
        pool = _modes(pick)
    elif pick.kind == "decision":
        pool = [DONE]
    elif pick.kind == "either":  # (which instruction: none when one it needs is Ignored)
        needs = [d.pick for d in joint_effect(scenario).deeds if _one_of(d.label, pick)]
        pool = list(pick.choices) if all(chosen.get(n) is not None for n in needs) else []
    else:
        pool = sorted([*(u.id for u in board),
                       *(p.id for p in board.objects if p.kind == pick.or_piece)])
    return chooser, pool


def _candidates(scenario: Scenario, board: Board, pick: Pick,
                chosen: Mapping[str, Value], resolving: bool) -> list[str]:
    """Every object that may fill ``pick`` on its own on ``board``."""
    chooser, pool = _pool(scenario, board, pick, chosen)
    if pick.chooser == "owner" and not chooser:
        return []  # (the unit is no longer chosen: nothing is played, nothing to choose)
    test = pick_test(scenario, board, pick, chooser, resolving)
    return [v for v in pool if test(v) is None]


def _at_hidden(scenario: Scenario, board: Board, pick: Pick, value: Value) -> bool:
    """Whether ``value`` is at the battlefield the card was played from Hidden."""
    if value is None:
        return True
    if source_gone(scenario):
        return False  # nowhere: the play effect lost its battlefield (811.1.d.3.a)
    if pick.kind in ("unit", "gear"):
        return value in board and board[value].location == scenario.from_hidden
    return value == scenario.from_hidden


def hidden_bound(pick: Pick) -> bool:
    """Whether the Hidden restriction applies to ``pick``: a target on the board (a unit,
    a gear or a battlefield), chosen now (811.1.d.2)."""
    return pick.target and not pick.later and pick.kind in ("unit", "gear", "battlefield")


def hidden_failure(scenario: Scenario, board: Board, pick: Pick, value: Value,
                   given: Mapping[str, Value], resolving: bool = False) -> Failure | None:
    """811.1.d.2, each target on its own (811.1.d.2.a): a target of a card played from
    Hidden is at that battlefield, unless the card's own restriction makes that
    impossible: a restriction the pick itself carries, on another pick (as ``given``), that
    no object at that battlefield could meet ("another unit at a different location" from
    a unit there, "an enemy unit there" for a battlefield elsewhere). The pick it points
    to is not excused: Smoke and Mirrors' first unit is at the Hidden battlefield, the
    other elsewhere. On resolution a target no longer there is illegal (359.3.e.5).
    A hidden permanent's play effect whose source left the board has no battlefield to
    choose at, and mistargets on resolution (811.1.d.3.a, 2026-10-09)."""
    if scenario.from_hidden is None or not hidden_bound(pick) or _at_hidden(
            scenario, board, pick, value):
        return None
    if source_gone(scenario):
        return gone_failure(scenario, str(value), resolving)
    effect = joint_effect(scenario)
    for linked in effect.links:
        if linked.pick != pick.name:
            continue
        other_name = linked.to
        other = given.get(other_name)
        if other is None:
            continue
        there = _place(board, other, effect.pick(other_name))
        if (linked.link in (Link.AT, Link.WITH) and there != scenario.from_hidden) or (
                linked.link is Link.APART and there == scenario.from_hidden):
            return None  # the restriction keeps this target away from the battlefield
    if resolving:
        return Failure("359.3.e.5", _("{value} is no longer at {place}, where the card was "
                                      "played from Hidden").format(
                                          value=value, place=scenario.from_hidden))
    return Failure(hidden_rule(scenario), _(
        "{value} is not at {place}, where the card was played from Hidden").format(
            value=value, place=scenario.from_hidden))


def plays_unit_at(effect: JointChoice, pick: Pick) -> bool:
    """Whether ``pick`` is where a unit is played: the battlefield a unit card is played to,
    or the location a unit token is played to (355.2.a)."""
    if pick.kind not in ("battlefield", "location"):
        return False
    names = {p.name: p for p in effect.picks}
    return any(d.label == "play" and d.to == pick.name and d.pick in names
               and names[d.pick].card_type in ("unit", "") for d in effect.deeds) or (
        pick.kind == "location" and pick.own and any(
            d.pick == pick.name and d.label == "play a token" for d in effect.deeds))


def hidden_play(scenario: Scenario, pick: Pick, values: list[str]) -> list[str]:
    """A unit played by a card played from Hidden is played at that battlefield
    (811.1.d.5): ``values`` narrowed to it, unless the card's own restriction on where
    (``values``, "a battlefield you control") excludes it, which overrides the requirement
    (355.17.b)."""
    place = scenario.from_hidden
    if place is None or not plays_unit_at(joint_effect(scenario), pick) or \
            place not in values:
        return values
    return [place]


def hidden_play_failure(scenario: Scenario, pick: Pick, value: str, values: list[str]
                        ) -> Failure | None:
    """Why ``value``, one of the ``values`` that may fill ``pick`` on their own, is not
    where a unit played by a card played from Hidden is played (811.1.d.5), or ``None``."""
    if value in hidden_play(scenario, pick, values):
        return None
    return Failure("811.1.d.5", _(
        "{pick}: a unit the card plays is played at {place}, where the card was played "
        "from Hidden").format(pick=pick.name, place=scenario.from_hidden))


def _hidden_play_steps(scenario: Scenario, pick: Pick, value: Value) -> list[Step]:
    """Where a unit played by a card played from Hidden is played (811.1.d.5)."""
    place = scenario.from_hidden
    if place is None or value is None or not plays_unit_at(joint_effect(scenario), pick):
        return []
    if value == place:
        return [step("811.1.d.5", _(
            "{pick}: {value}, where the card was played from Hidden: a unit it plays is "
            "played there").format(pick=pick.name, value=value))]
    return [step("355.17.b" if number_in("355.17.b", scenario.rules) else "811.1.d.5", _(
        "{pick}: {value}, not {place}: the card's own restriction on where the unit is "
        "played excludes {place}, and it overrides the Hidden requirement").format(
            pick=pick.name, value=value, place=place))]


def _place_key(board: Board, value: str, pick: Pick, coarse: bool) -> Hashable:
    """Where a value is, as a key: a unit's place (``coarse``: any base is ``"base"``, as a
    move's destination ``"base"`` is the moving unit's own), a battlefield, a location."""
    if pick.kind in ("unit", "gear"):
        unit = board.get(value)
        if unit is None or not unit.on_board:
            return (OFFBOARD, value)  # nowhere: equal to no other place
        return BASE if coarse and unit.location == BASE else unit.place
    return value


def _test(scenario: Scenario, board: Board, linked: Linked, i: int, j: int,
          first: tuple[Value, ...], second: tuple[Value, ...]) -> Check:
    """A link between variables ``i`` (``linked.pick``, values ``first``) and ``j``
    (``linked.to``, values ``second``) as a test on keys of their values."""
    effect = joint_effect(scenario)
    a, b = effect.pick(linked.pick), effect.pick(linked.to)
    link = linked.link

    def controller(value: Value) -> Hashable:
        return _controller(board, a, value) or ("nobody", value)

    def their(value: Value) -> Hashable:
        return _controller(board, b, value) or ("nobody", value)

    if link is Link.OTHER:
        return Check("differ", i, j, first, second)
    if link is Link.CHOOSES_ONLY:  # (the friendly units a spell chooses: that one alone)
        chooser = scenario.controller

        def friendly_chosen(value: Value) -> Hashable:
            piece = board.piece(value) if value is not None else None
            return tuple(sorted(c for c in piece.chooses if _friendly_object(
                board, c, chooser, units=True))) if piece is not None else ("none", value)
        return Check("same", i, j, tuple(map(friendly_chosen, first)),
                     tuple((v,) for v in second))
    if link is Link.ON:  # (a gear's unit: its ``attached``; one not on the board, none)
        def bearer(value: Value) -> Hashable:
            gear = board.get(value) if value is not None else None
            return gear.attached if gear is not None and gear.attached else ("none", value)
        return Check("same", i, j, tuple(map(bearer, first)), second)
    if link in (Link.AFTER, Link.SORTED):  # several alike, each set once: in id order,
        def order(value: Value) -> Hashable:  # empties last
            return EMPTY if value is None else (0, value)
        return Check(link.value, i, j, tuple(map(order, first)), tuple(map(order, second)))
    if link is Link.SAME_CONTROLLER:
        return Check("same", i, j, tuple(map(controller, first)),
                    tuple(map(their, second)))
    if link in (Link.TOGETHER, Link.IF_DONE, Link.EITHER, Link.ONE_OF):
        def made(value: Value) -> Hashable:
            return "none" if value is None else "some"
        return Check(link.value, i, j, tuple(map(made, first)), tuple(map(made, second)))
    if link is Link.WEAKER:
        return Check("less", i, j, tuple(_might(board, v) for v in first),
                     tuple(_might(board, v) for v in second))
    if link is Link.NO_COSTLIER:
        def costs(value: Value) -> Hashable:
            return None if value is None else _costs(board, value)
        return Check("within", i, j, tuple(map(costs, first)), tuple(map(costs, second)))
    if link is Link.BASE_SIDE:  # "to or from its base": a base for a unit at a battlefield
        def at_base(value: Value) -> Hashable:
            return value is not None and value in board and board[value].location == BASE
        return Check("differ", i, j, tuple(v == BASE for v in first),
                     tuple(map(at_base, second)))
    if link is Link.HOSTS_ALLY:  # a location holding another unit of the mover's controller
        def present(value: Value) -> Hashable:
            return frozenset((u.controller, u.id) for u in board
                             if u.is_unit and value is not None and u.location == value)

        def mover(value: Value) -> Hashable:
            return (their(value), value)
        return Check("member", i, j, tuple(map(present, first)), tuple(map(mover, second)))
    coarse = "location" in (a.kind, b.kind)
    left = tuple(_place_key(board, v, a, coarse) if v is not None else None for v in first)
    right = tuple(_place_key(board, v, b, coarse) if v is not None else None for v in second)
    return Check("differ" if link is Link.APART else "same", i, j, left, right)


def _chosen_moves(scenario: Scenario, picks: list[Pick]) -> list[tuple[int, int]]:
    """The moves whose unit and destination are both chosen among ``picks`` (the same
    question): each as the indexes of its unit's pick and its destination's. A move to a
    destination the card names ("to that battlefield") is not one under policy
    ``specified_destination=unrestricted``: no one chooses it for the move, so 355.4.a
    restricts no target, and a unit that can't go there is recalled (449.2.c)."""
    index = {p.name: i for i, p in enumerate(picks)}
    effect = scenario.effect
    named = {(lk.pick, lk.to) for lk in getattr(effect, "links", ()) if lk.specified} if (
        scenario.policy.specified_destination == "unrestricted") else set()
    return [(index[d.pick], index[d.to]) for d in joint_effect(scenario).deeds
            if d.action is Action.MOVE and d.pick in index and d.to in index
            and picks[index[d.to]].kind in ("location", "battlefield")
            and (d.pick, d.to) not in named]


def _move_checks(scenario: Scenario, board: Board, picks: list[Pick],
                 domains: list[tuple[Value, ...]]) -> tuple[Check, ...]:
    """A chosen destination is one its unit can move to (447.2.b: not a battlefield its
    controller's teammates occupy; 449.2: nor one where units of 2 other players are):
    a test between the unit's pick (its controller as the key) and the destination's."""
    tests = []
    for i, j in _chosen_moves(scenario, picks):
        owners = tuple(_controller(board, picks[i], v) if v is not None else None
                       for v in domains[i])
        barred = tuple((who, where) for who in sorted({o for o in owners if o is not None})
                       for where in domains[j] if where is not None
                       and board.move_barrier(who, where) is not None)
        if barred:
            tests.append(Check("barred", i, j, owners, domains[j], barred))
    return tuple(tests)


def _carried(links: list[Linked], pick: Pick) -> list[Linked]:
    """The restrictions ``pick`` carries among ``links`` (not the links between choices
    made together or instead of one another)."""
    return [lk for lk in links if lk.pick == pick.name and lk.link not in (
        Link.TOGETHER, Link.IF_DONE, Link.EITHER, Link.ONE_OF)]


def _kept_at_hidden(scenario: Scenario, pick: Pick, carried: list[Linked]) -> bool:
    """Whether a card played from Hidden chooses ``pick`` only at that battlefield, on its
    own (811.1.d.2): a target on the board carrying no restriction that could excuse it,
    or any such target once the source left the board (nowhere to choose at,
    811.1.d.3.a)."""
    return scenario.from_hidden is not None and hidden_bound(pick) and (
        source_gone(scenario) or not carried)


def _tests(scenario: Scenario, board: Board, picks: list[Pick],
           domains: list[tuple[Value, ...]], links: list[Linked]) -> tuple[Check, ...]:
    """The links between the problem's variables as tests, and the Hidden restriction
    (811.1.d.2.a): a target linked to no other pick kept at the Hidden battlefield (its
    domain narrowed), one linked to another pick kept there unless that pick's place
    exempts it."""
    index = {p.name: i for i, p in enumerate(picks)}
    hidden = scenario.from_hidden is not None
    carried = {p.name: _carried(links, p) for p in picks}
    if hidden:  # first the domains (the keys of the tests follow them)
        for i, pick in enumerate(picks):
            if _kept_at_hidden(scenario, pick, carried[pick.name]):
                domains[i] = tuple(v for v in domains[i]
                                   if _at_hidden(scenario, board, pick, v))
    tests = [_test(scenario, board, lk, index[lk.pick], index[lk.to], domains[index[lk.pick]],
                   domains[index[lk.to]]) for lk in links]
    mode = index.get("mode")
    for i, pick in enumerate(picks):  # a mode's picks: made when it is chosen, only then
        if pick.in_mode and mode is not None:
            tests.append(Check("gate", i, mode,
                               tuple("none" if v is None else "some" for v in domains[i]),
                               domains[mode], (str(pick.in_mode), pick.optional)))
    if not hidden:
        return tuple(tests)
    for i, pick in enumerate(picks):
        near = carried[pick.name]  # the restrictions it carries
        if not hidden_bound(pick) or not near:
            continue
        partners = {lk.to for lk in near}
        if len(partners) > 1:
            raise ScenarioError("from_hidden", f"{scenario.effect.name}: the Hidden "
                                f"restriction on {pick.name}, linked to several other "
                                "choices, is not modelled yet")
        j = index[partners.pop()]
        exempt = tuple({lk.link is Link.APART for lk in near
                        if lk.link in (Link.AT, Link.WITH, Link.APART)})
        # (an empty pick excuses nothing: its key is none of the exempting ones)
        tests.append(Check("or", i, j,
                           tuple(_at_hidden(scenario, board, pick, v) for v in domains[i]),
                           tuple("empty" if v is None else _at_hidden(scenario, board,
                                                                      picks[j], v)
                                 for v in domains[j]), exempt))
    return tuple(tests)


def finalize_problem(scenario: Scenario) -> JointProblem:
    """The finalization question (355.5, 355.8, 355.13, 809)."""
    effect = joint_effect(scenario)
    picks = [p for p in effect.picks if not p.later]
    board = scenario.board
    domains: list[tuple[Value, ...]] = []
    unpaid = _trigger_unpaid(scenario)
    for pick in picks:
        found: tuple[Value, ...] = tuple(hidden_play(scenario, pick, _candidates(
            scenario, board, pick, {}, False)))
        if unpaid is not None and _done_whole(effect, pick):
            found = ()  # (its cost can't be paid: the action is not done, 383.3.b)
        domains.append((None, *found) if pick.optional or pick.in_mode else found)
    names = {p.name for p in picks}
    links = [lk for lk in effect.links if lk.pick in names and lk.to in names]
    tests = _tests(scenario, board, picks, domains, links)  # (Hidden may narrow domains)
    tests += _move_checks(scenario, board, picks, domains)
    return JointProblem(
        names=tuple(p.name for p in picks), domains=tuple(domains), tests=tests,
        taxes=tuple(tuple(_tax(scenario, p, v) for v in d)
                    for p, d in zip(picks, domains, strict=True)),
        budget=scenario.available_power, order=tuple(p.name for p in picks),
        make=_declaration)


def _trigger_unpaid(scenario: Scenario) -> Failure | None:
    """Why the optional action whose cost exhausts the source cannot be done (the source
    exhausted or gone, 383.3.b, 415.4), when the effect has picks made only if it is done
    (:func:`_done_whole`)."""
    effect = joint_effect(scenario)
    return trigger_cost_failure(scenario, any(_done_whole(effect, p) for p in effect.picks))


def _paid(effect: JointChoice, name: str) -> bool:
    """Whether pick ``name`` is a cost's choice made at finalization, what is done to it
    done then (355.10.c, 135.2.b.3), not on resolution."""
    pick = next((p for p in effect.picks if p.name == name), None)
    return pick is not None and not pick.later and _pick_rule(pick) == "355.10.c"


def _decided_done(effect: JointChoice, given: Mapping[str, Value]) -> bool:
    """Whether a ``decision`` pick says the "you may" is done (its "up to" choices may
    then all be empty, 355.13)."""
    return any(p.kind == "decision" and given.get(p.name) is not None for p in effect.picks)


def _done_whole(effect: JointChoice, pick: Pick) -> bool:
    """Whether ``pick`` is made only if an optional action is done as a whole: a triggered
    ability's "you may" (383.3.a), or picks made together ("you may exhaust me and three
    friendly units": all or none)."""
    return pick.trigger_may or any(lk.link is Link.TOGETHER and pick.name in (lk.pick, lk.to)
                                   for lk in effect.links)


def _declaration(picks: tuple[tuple[str, Value], ...], declined: tuple[str, ...], cost: int
                 ) -> Choice:
    return Choice(picks, cost)


def _resolution(picks: tuple[tuple[str, Value], ...], declined: tuple[str, ...], cost: int
                ) -> Executed:
    return Executed(picks, declined)


def declared(scenario: Scenario) -> dict[str, Value]:
    """The picks made at finalization, by name (none to make: nothing declared)."""
    if not scenario.effect.slot_names and scenario.targets is None:
        return {}
    return dict(require_targets(scenario, JointChosen).picks)


def still_legal(scenario: Scenario, made: Mapping[str, Value] | None = None
                ) -> tuple[dict[str, Value], list[tuple[str, Failure]]]:
    """The finalization's picks (``made``, by default the scenario's) as the instruction
    finds them now: each target checked again, on its own and against the other legal
    targets (359.3.e.2); the illegal ones (unaffected, 359.3.e.5) with why."""
    effect = joint_effect(scenario)
    board = scenario.board
    made = declared(scenario) if made is None else made
    kept: dict[str, Value] = {}
    illegal: list[tuple[str, Failure]] = []
    for pick in effect.picks:
        if pick.later:
            continue
        value = made.get(pick.name)
        failure = None
        if value is not None and pick.target:
            failure = pick_failure(scenario, board, pick, value,
                                   _chooser(scenario, pick, made), True) or hidden_failure(
                scenario, board, pick, value, made, resolving=True)
        if failure is not None:
            illegal.append((pick.name, failure))
            value = None
        kept[pick.name] = value
    changed = True
    while changed:  # a target whose link to another legal target broke is illegal too
        changed = False
        for linked in effect.links:
            a, b = effect.pick(linked.pick), effect.pick(linked.to)
            first, second = kept.get(linked.pick), kept.get(linked.to)
            if a.later or b.later or not (a.target and b.target) or first is None \
                    or second is None:
                continue
            failure = link_failure(scenario, board, linked, first, second)
            if failure is not None:
                illegal.append((linked.pick, Failure("359.3.e.2", failure.message)))
                kept[linked.pick] = None
                changed = True
        for linked in effect.links:  # a restriction reading an illegal target's information
            gone = null_referent(scenario, linked, kept, made)
            if gone is None or effect.pick(linked.pick).later or not effect.pick(
                    linked.pick).target or kept.get(linked.pick) is None \
                    or _move_rule(effect, linked):
                continue
            illegal.append((linked.pick, Failure("359.3.f.2.a", _(
                "its restriction reads {other}, no longer a legal target: that information "
                "is null, and the instructions based on it are ignored").format(other=gone))))
            kept[linked.pick] = None
            changed = True
    return kept, illegal


#: The links that read information about the other pick's object (its location, its
#: controller, its Might), null once it is no longer a legal target (359.3.e.12); "another"
#: and the links between the choices themselves read none.
_READS = (Link.AT, Link.WITH, Link.APART, Link.SAME_CONTROLLER, Link.WEAKER,
          Link.HOSTS_ALLY)


def null_referent(scenario: Scenario, linked: Linked, kept: Mapping[str, Value],
                  made: Mapping[str, Value]) -> str | None:
    """The pick a link reads information from that was declared a target and is no longer
    a legal one (``kept``: the picks as found now; ``made``: as declared): its information
    is null (359.3.e.12, 359.3.f.2.a); ``None`` when the link reads no such pick."""
    if linked.link not in _READS:
        return None
    effect = joint_effect(scenario)
    for name in (linked.to, linked.via):
        if not name:
            continue
        pick = effect.pick(name)
        if pick.target and not pick.later and made.get(name) is not None \
                and kept.get(name) is None:
            return name
    return None


def _move_rule(effect: JointChoice, linked: Linked) -> bool:
    """Whether a link is the rule of the pick's own move (355.4.a: not already at the
    destination), not a restriction of the choice: with no destination, the move is what
    is ignored, and the target stays."""
    return linked.link is Link.APART and any(
        d.action is Action.MOVE and d.pick == linked.pick and d.to == linked.to
        for d in effect.deeds)


def idle_may(scenario: Scenario, kept: Mapping[str, Value],
             made: Mapping[str, Value]) -> dict[str, str]:
    """The "you may" picks holding an object whose every action reads a target no longer
    legal (a move to its location, a fight with it, damage equal to its Might): the action
    can do nothing (359.3.f.2.a), so there is no decision to make (355.12); by pick, the
    pick whose information is null."""
    effect = joint_effect(scenario)
    idle: dict[str, str] = {}
    for pick in effect.picks:
        if not pick.may or pick.later or kept.get(pick.name) is None:
            continue
        deeds = [d for d in effect.deeds if d.pick == pick.name]
        gone = [_null_in_deed(effect, d, kept, made) for d in deeds]
        if deeds and all(gone):
            idle[pick.name] = str(gone[0])
    return idle


def unmet_may(scenario: Scenario, kept: Mapping[str, Value]) -> dict[str, tuple[str, int]]:
    """The "you may" picks whose every action is under a condition false now ("If there
    are 4 or more units there, you may return an enemy unit there"): the instruction is not
    followed, so its "you may" is never reached and there is no decision to make (355.12,
    383.3.a.3); by pick, the place counted and the units it needs.

    >>> import riftsolve as rs
    >>> s = rs.parse_scenario({"format": 1, "controller": "A", "card": "Bedeviling Stranger",
    ...     "source": "bs", "battlefields": ["north"], "units": [
    ...         {"id": "bs", "controller": "A", "might": 2, "location": "north"},
    ...         {"id": "r1", "controller": "B", "might": 2, "location": "north"}],
    ...     "targets": {"battlefield": "north", "enemy": "r1"}})
    >>> unmet_may(s, {"battlefield": "north", "enemy": "r1"})
    {'enemy': ('north', 4)}
    """
    effect = joint_effect(scenario)
    unmet: dict[str, tuple[str, int]] = {}
    for pick in effect.picks:
        if not pick.may or pick.later or kept.get(pick.name) is None:
            continue
        deeds = [d for d in effect.deeds if d.pick == pick.name]
        failing = [(str(kept.get(d.if_at)), d.if_units) for d in deeds if d.if_units and (
            _units_at(scenario.board, kept.get(d.if_at)) < d.if_units)]
        if deeds and len(failing) == len(deeds):
            unmet[pick.name] = failing[0]
    return unmet


def _null_in_deed(effect: JointChoice, deed: Deed, kept: Mapping[str, Value],
                  made: Mapping[str, Value]) -> str | None:
    """The target no longer legal whose information ``deed`` needs, if any."""
    for name in (deed.to, deed.with_pick, deed.amount_from):
        if not name or name in (BASE, "here", "source", EVENT) or name not in {
                p.name for p in effect.picks}:
            continue
        pick = effect.pick(name)
        if pick.target and not pick.later and made.get(name) is not None \
                and kept.get(name) is None:
            return name
    return None


def board_then(scenario: Scenario, kept: Mapping[str, Value]) -> Board:
    """The board once the deeds before the later picks are done: the moves of the
    finalization's picks (a reflexive trigger chooses after its parent instruction,
    355.5.b; another player after the instruction before theirs)."""
    moved = dict(_moves(scenario, kept, scenario.board))
    if not moved:
        return scenario.board
    units = tuple(u.moved_to(moved[u.id]) if u.id in moved else u
                  for u in scenario.board)
    return replace(scenario.board, units=units)


def resolve_problem(scenario: Scenario) -> JointProblem:
    """The resolution question (359.3.e, 355.5.b, 355.10.e, 355.12, 355.17)."""
    effect = joint_effect(scenario)
    kept, _illegal = still_legal(scenario)
    board = board_then(scenario, kept)
    later = _each(scenario, [p for p in effect.picks if p.later])
    domains: list[tuple[Value, ...]] = []
    made = declared(scenario)
    for pick in later:
        if not _in_mode(pick, made.get("mode")):
            domains.append((None,))  # a pick of a mode not chosen: nothing to choose
            continue
        holds = [_later_link_test(scenario, board, lk, pick, kept, made)
                 for lk in effect.links]
        found = hidden_play(scenario, pick, [
            v for v in _candidates(scenario, board, pick, kept, True)
            if all(test(v) for test in holds)
            and _later_destination_valid(scenario, board, pick, v, kept)])
        if scenario.available_power is not None:  # (a target its Deflect makes unaffordable:
            found = [v for v in found  # none is chosen, as with no target at all, 809.1.d)
                     if _tax(scenario, pick, v) <= scenario.available_power]
        # (a "you may" choice made now: declined, nothing is chosen, 355.12)
        found_or_none = (None, *found) if pick.optional or pick.may else tuple(found)
        domains.append(found_or_none if found else (None,))
    names = {p.name for p in later}
    links = [lk for lk in effect.links if lk.pick in names and lk.to in names]
    _as_many_as_possible(later, domains, links)
    return JointProblem(
        names=tuple(p.name for p in later), domains=tuple(domains),
        tests=(*_tests(scenario, board, later, domains, links),
               *_move_checks(scenario, board, later, domains),
               *_each_distinct(effect, later, domains)), resolving=True,
        # (a target chosen as it resolves, a reflexive trigger's, pays its Deflect then,
        # 809.1.c-d)
        taxes=tuple(tuple(_tax(scenario, p, v) for v in d)
                    for p, d in zip(later, domains, strict=True)),
        budget=scenario.available_power,
        fixed=tuple(kept.items()),
        order=tuple(p.name for p in _each(scenario, list(effect.picks))),
        declinable=tuple(p.name for p in effect.picks if p.may and not p.later
                         and p.name not in idle_may(scenario, kept, made)
                         and p.name not in unmet_may(scenario, kept)),
        declined_empty=tuple(p.name for p in later if p.may), make=_resolution)


def _later_destination_valid(scenario: Scenario, board: Board, pick: Pick, value: str,
                             kept: Mapping[str, Value]) -> bool:
    """Whether a destination chosen now (``value`` of a later pick) is one the unit already
    chosen to move there can move to (447.2.b, 449.2), on the board as it is then."""
    if pick.kind not in ("location", "battlefield"):
        return True
    return all(move_failure(board, unit, value) is None
               for d in joint_effect(scenario).deeds
               if d.action is Action.MOVE and d.to == pick.name
               for unit in [kept.get(d.pick)] if unit is not None)


def _as_many_as_possible(later: list[Pick], domains: list[tuple[Value, ...]],
                         links: list[Linked]) -> None:
    """Several objects chosen alike on resolution ("discard 2") when fewer are there: as
    many as can be are chosen (055, 359.3.e.11), the last picks of the run left empty
    (the run lists each set once, in order, empty picks last)."""
    index = {p.name: i for i, p in enumerate(later)}
    follows = {lk.pick for lk in links if lk.link is Link.AFTER}
    following = {lk.to: lk.pick for lk in links if lk.link is Link.AFTER}
    for i, pick in enumerate(later):
        if pick.name in follows or pick.optional:
            continue  # not the first of a run
        run = [i]
        while (nxt := following.get(later[run[-1]].name)) is not None:
            run.append(index[nxt])
        have = len([v for v in domains[i] if v is not None])
        for position, at in enumerate(run):
            if position >= have:
                domains[at] = (None,)


def _each_distinct(effect: JointChoice, later: list[Pick], domains: list[tuple[Value, ...]]
                   ) -> list[Check]:
    """Each player choosing any unit in turn ("Starting with the next player, each player
    may return a unit to its owner's hand"): one player's object is gone when the next
    chooses, so no two choose the same (355.10.e)."""
    tests = []
    for pick in effect.picks:
        if pick.chooser not in _EACH or pick.own:
            continue
        copies = [i for i, p in enumerate(later) if p.name.startswith(f"{pick.name}[")]
        tests += [Check("differ", j, i, domains[j], domains[i])
                  for n, i in enumerate(copies) for j in copies[n + 1:]]
    return tests


def _later_link_test(scenario: Scenario, board: Board, linked: Linked, pick: Pick,
                     kept: Mapping[str, Value], made: Mapping[str, Value]
                     ) -> Callable[[str], bool]:
    """Whether a later pick's value meets ``linked``, one of its links to the picks already
    made (``made``: as declared, for whose base a destination ``"base"`` is, even when the
    unit moved there is no longer a legal target); what the link reads of those picks is
    found once, for every value."""
    other = linked.to if linked.pick == pick.name else (
        linked.pick if linked.to == pick.name else None)
    if linked.pick == pick.name and null_referent(scenario, linked, kept, made) is not None:
        return lambda value: False  # it reads a target no longer legal: null (359.3.e.12)
    known = kept.get(other) if other is not None else None
    if known is None:
        return lambda value: True
    test = link_test(scenario, board, linked, made)
    if linked.pick == pick.name:
        return lambda value: test(value, known) is None
    return lambda value: test(known, value) is None


# --------------------------------------------------------------------------- verifiers


def verify_declaration(scenario: Scenario, declaration: Choice) -> list[Failure]:
    """Every rule ``declaration`` breaks (355.5-355.13, 809)."""
    effect = joint_effect(scenario)
    picks = [p for p in effect.picks if not p.later]
    given = dict(declaration.picks)
    if [n for n, _ in declaration.picks] != [p.name for p in picks]:
        return [Failure("355.5", _("the picks are {names}, in order").format(
            names=", ".join(p.name for p in picks)))]
    failures = []
    unpaid = _trigger_unpaid(scenario)
    if unpaid is not None and any(given[p.name] is not None for p in picks
                                  if _done_whole(effect, p)):
        failures.append(unpaid)
    for pick in picks:
        value = given[pick.name]
        if not _in_mode(pick, given.get("mode")):
            if value is not None:
                failures.append(Failure("191.2", _(
                    "{pick}: mode {mode} is not the mode chosen: nothing is chosen for it"
                ).format(pick=pick.name, mode=pick.in_mode)))
            continue
        if value is None:
            if not pick.optional:
                failures.append(Failure("355.8", _("{pick}: a required choice is missing"
                                                   ).format(pick=pick.name)))
            continue
        failure = pick_failure(scenario, scenario.board, pick, value,
                               _chooser(scenario, pick, given), False) or hidden_failure(
            scenario, scenario.board, pick, value, given)
        if failure is None:
            failure = hidden_play_failure(scenario, pick, value, [
                str(value), *_candidates(scenario, scenario.board, pick, {}, False)])
        if failure is not None:
            failures.append(failure)
    for linked in effect.links:
        first, second = given.get(linked.pick), given.get(linked.to)
        if linked.link is Link.AFTER and first is not None and second is None:
            failures.append(Failure("355.13", _(
                "{first} is empty but {second} is not: fewer objects chosen alike fill the "
                "first picks").format(first=linked.to, second=linked.pick)))
        failure = made_failure(linked, first, second)
        if failure is None and first is not None and second is not None:
            failure = link_failure(scenario, scenario.board, linked, first, second)
        if failure is not None:
            failures.append(failure)
    for i, j in _chosen_moves(scenario, picks):
        unit, where = given.get(picks[i].name), given.get(picks[j].name)
        barred = move_failure(scenario.board, unit, where) if unit and where else None
        if barred is not None:
            failures.append(barred)
    tax = sum(_tax(scenario, p, given[p.name]) for p in picks)
    if declaration.deflect_cost != tax:
        failures.append(Failure("809", _("Deflect costs {tax}, not {cost}").format(
            tax=tax, cost=declaration.deflect_cost)))
    failures += deflect_failures(scenario, tax)
    return failures


def verify_resolution(scenario: Scenario, answer: Executed) -> list[Failure]:
    """Every rule ``answer`` breaks (359.3.e, 355.5.b, 355.10.e, 355.12)."""
    problem = resolve_problem(scenario)
    if answer in set(problem.answers()):
        return []
    kept = dict(problem.fixed)
    given = dict(answer.picks)
    failures = [Failure("359.3.e.2", _(
        "{pick}: {found} is what the instruction finds now, not {given}").format(
            pick=name, found=kept[name] or _("nothing"), given=given.get(name) or _("nothing")))
                for name in kept if given.get(name) != kept[name]]
    for name, domain in zip(problem.names, problem.domains, strict=True):
        if given.get(name) not in domain:
            failures.append(Failure("355.17", _("{pick}: {value} is not a valid choice now"
                                                ).format(pick=name, value=given.get(name))))
    undeclinable = [n for n in answer.declined if (
        n not in problem.declinable or given.get(n) is None) and not (
            n in problem.declined_empty and given.get(n) is None)]
    if undeclinable:
        failures.append(Failure("355.12", _("{picks}: no 'you may' action to decline").format(
            picks=", ".join(undeclinable))))
    return failures or [Failure("355.9.b", _("the picks made now do not meet their links"))]


# --------------------------------------------------------------------------- what it does


def _destination(scenario: Scenario, deed_to: str, chosen: Mapping[str, Value],
                 board: Board) -> str | None:
    """Where a move goes: a location pick's value, the location of a unit pick's unit
    when the move executes (359.3.f.2), or ``"base"``."""
    if deed_to == BASE:
        return BASE
    if deed_to == EVENT:  # the battlefield the trigger's event names
        return scenario.event_battlefield
    if deed_to == "here":  # the source's battlefield as the move executes (359.3.f.2)
        return source_battlefield(board, scenario.source)
    value = chosen.get(deed_to)
    if value is None:
        return None
    pick = joint_effect(scenario).pick(deed_to)
    if pick.kind in ("unit", "gear"):
        if value not in board or not board[value].on_board:
            return None
        return board[value].location
    return value


def _move_plan(scenario: Scenario, chosen: Mapping[str, Value], board: Board,
               declined: tuple[str, ...] = (), standing: list[tuple[str, str]] | None = None
               ) -> list[tuple[str, str, Failure | None]]:
    """The moves the deeds make, one after another: a unit not already at its
    destination (355.4.a), and why it can't move there (447.2.b, 449.2, on the board as
    the earlier moves left it), in which case it is recalled to its base instead
    (447.2.c). The units already at their destination go to ``standing``, with it, when
    it is given."""
    plan: list[tuple[str, str, Failure | None]] = []
    now = board
    for deed in joint_effect(scenario).deeds:
        value = chosen.get(deed.pick)
        if deed.action is not Action.MOVE or value is None or deed.pick in declined \
                or value not in board:
            continue
        where = _destination(scenario, deed.to, chosen, board)
        if where is None:
            continue
        if now[value].location == where:
            if standing is not None:
                standing.append((value, where))
            continue
        barred = move_failure(now, value, where)  # (a unit at its base: recalled there)
        plan.append((value, where, barred))
        now = replace(now, units=tuple(u.moved_to(BASE if barred else where)
                                       if u.id == value else u for u in now))
    return plan


def _moves(scenario: Scenario, chosen: Mapping[str, Value], board: Board,
           declined: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """Where the deeds' moves take their units: the destination, or for a unit that
    can't move there, its base (a Recall, 447.2.c)."""
    return [(unit, BASE if barred else where)
            for unit, where, barred in _move_plan(scenario, chosen, board, declined)]


def slot_roles(effect: JointChoice) -> dict[str, tuple[Role, str]]:
    """Each pick made at finalization: whether it is a target, as the pick says."""
    return {pick.name: _pick_role(pick) for pick in effect.picks if not pick.later}


def _pick_role(pick: Pick) -> tuple[Role, str]:
    """The role of a joint choice's pick made at finalization, and the rule deciding it: a
    target (355.7), a cost's choice (355.10.c), or another choice made then, not a target:
    a mode (355.3), where a unit is played (355.2.a), a move's destination (355.4), another
    player's choice (355.10.e)."""
    if pick.target:
        return Role.TARGET, "355.7"
    if pick.kind == "mode":
        return Role.FINALIZATION_CHOICE, "355.3"
    if pick.kind == "decision":
        return Role.FINALIZATION_CHOICE, "383.3.a"
    if pick.kind == "location" and pick.own:
        return Role.FINALIZATION_CHOICE, "355.2.a"
    if pick.is_place:
        return Role.FINALIZATION_CHOICE, "355.4"
    if pick.chooser != "you":
        return Role.FINALIZATION_CHOICE, "355.10.e"
    if pick.kind == "player":
        return Role.FINALIZATION_CHOICE, "355.10"
    return Role.COST, "355.10.c"


def acts(scenario: Scenario, answer: Executed) -> Acts:
    """What a resolution does, deed by deed: damage (Bonus Damage added to each, 715.2),
    fights (each deals damage equal to its Might to the other), moves (355.4.a), and the
    other actions; a declined "you may" deed does nothing."""
    chosen = dict(answer.picks)
    board = scenario.board
    dealt: dict[str, int] = {}
    actions: list[tuple[str, Action]] = []
    affected: list[str] = []
    picked = {v for v in chosen.values() if v is not None}
    if scenario.targets is not None:  # a target now illegal is still "that unit", never
        # one of "each other enemy unit there": it is unaffected (359.3.e.5)
        picked |= {v for v in declared(scenario).values() if v is not None}
    effect = joint_effect(scenario)
    for deed in _each_deed(effect.deeds, chosen):
        value = chosen.get(deed.pick)
        if value is None or deed.pick in answer.declined or _paid(effect, deed.pick):
            continue  # (a cost's action was done as the card was finalized, 355.10.c)
        if deed.if_units and _units_at(board, chosen.get(deed.if_at)) < deed.if_units:
            continue
        subjects = [value] if not deed.each else [
            u.id for u in board if u.is_unit and u.location == value and u.id not in picked
            and deed.among.admits(board.friendly_to(u, scenario.controller))]
        subjects = [s for s in subjects if s in board]  # (a rune, spell or card: affected)
        if not subjects and board.piece(value) is not None:
            affected.append(value)
            continue
        if deed.action is Action.DEAL:
            amount = deed.amount
            if deed.amount_from:  # "equal to my/its Might", read as it executes (359.3.f.2)
                whose = scenario.source if deed.amount_from == "source" else chosen.get(
                    deed.amount_from)
                read = _amount(scenario, board, whose, deed.amount_of)
                if read is None:
                    continue  # nothing to read: the instruction is ignored (359.3.e.12)
                amount = read
            if amount <= 0:
                continue  # no valid damage, none dealt (418.1.e.1), no bonus either (715.4)
            if not deed.by:  # (a unit named as the source: none, 418.6.b.3)
                amount += scenario.bonus_damage
            for subject in subjects:
                dealt[subject] = dealt.get(subject, 0) + amount
        elif deed.action is Action.FIGHT:
            partner = chosen.get(deed.with_pick)
            if partner is None or value not in board or partner not in board:
                continue
            dealt[value] = dealt.get(value, 0) + board[partner].effective_might
            dealt[partner] = dealt.get(partner, 0) + board[value].effective_might
            subjects = [value, partner]
        elif deed.action is not Action.MOVE:
            actions += [(s, deed.action) for s in subjects]
        affected += [s for s in subjects if s not in affected]
    plan = _move_plan(scenario, chosen, board, answer.declined)
    moved = [(u, BASE if barred else where) for u, where, barred in plan]
    affected += [u for u, _ in moved if u not in affected]
    actions += [(u, Action.MOVE) for u, _, barred in plan if barred is None]  # (456)
    return Acts(dealt=tuple(dealt.items()), actions=tuple(actions), affected=tuple(affected),
                moved=tuple(moved))


def _each_deed(deeds: tuple[Deed, ...], chosen: Mapping[str, Value]) -> list[Deed]:
    """The deeds, one per player's copy of a pick made by each player."""
    found = []
    for deed in deeds:
        copies = [name for name in chosen if name.startswith(f"{deed.pick}[")]
        found += [replace(deed, pick=name) for name in copies] or [deed]
    return found


def _amount(scenario: Scenario, board: Board, whose: str | None, of: str) -> int | None:
    """The amount "equal to its Might / Energy cost / the damage marked on it" reads:
    a unit's on the board (359.3.e.12: none once it is gone), or a card's Energy cost
    (looking back at a card just discarded, 359.3.e.13)."""
    unit = board.get(whose or "")
    if of == "energy":
        if unit is not None and not unit.on_board:
            return None  # (a unit or gear gone: its information is null, 359.3.e.12)
        thing = unit if unit is not None else scenario.board.piece(whose or "")
        if thing is None:
            return None
        if thing.energy is None:
            raise ScenarioError(f"{'units' if unit is not None else 'objects'}[{whose}].energy",
                                "the card deals damage equal to its Energy cost: state it")
        return thing.energy
    if unit is None or not unit.on_board:
        return None
    if of == "assault":  # "equal to my [Assault]": its Assault values added up (807)
        return unit.keyword_total("Assault")
    return unit.damage if of == "damage" else unit.effective_might


def _units_at(board: Board, place: str | None) -> int:
    """How many units are at ``place`` (a battlefield)."""
    return sum(1 for u in board if u.is_unit and place is not None and u.location == place)


# --------------------------------------------------------------------------- explanations

_LINK_WORDS = {Link.AT: N_("{first} is at {second}"),
               Link.WITH: N_("{first} is at the location of {second}"),
               Link.APART: N_("{first} is at a different location from {second}"),
               Link.OTHER: N_("{first} is not {second}"),
               Link.ON: N_("{first} is attached to {second}"),
               Link.CHOOSES_ONLY: N_("{first} chooses {second} and no other friendly unit"),
               Link.SAME_CONTROLLER: N_("{first} has the same controller as {second}"),
               Link.HOSTS_ALLY: N_("{first} holds another unit controlled by the controller "
                                   "of {second}"),
               Link.AFTER: N_("{first} is chosen alike with, and listed after, {second}"),
               Link.WEAKER: N_("{first} has less Might than {second}"),
               Link.SORTED: N_("{first} is placed alike with, and listed after or with, "
                               "{second}"),
               Link.TOGETHER: N_("{first} is chosen, the ability being done, with {second}"),
               Link.IF_DONE: N_("{first} is chosen, the ability being done, with {second}"),
               Link.EITHER: N_("{first} is chosen instead of {second}"),
               Link.ONE_OF: N_("{first} is chosen instead of {second}"),
               Link.BASE_SIDE: N_("{first} is on the other side of {second}'s base: its "
                                  "base from a battlefield, a battlefield from its base"),
               Link.NO_COSTLIER: N_("{first} costs no more Energy and no more Power than "
                                    "{second}")}


def _one_of(label: str, pick: Pick) -> bool:
    """Whether a deed's words are the instructions an ``either`` pick chooses between
    ("attach or detach, as the card's controller chooses")."""
    return bool(pick.choices) and label.startswith(" or ".join(pick.choices) + ",")


def _pick_rule(pick: Pick) -> str:
    if pick.kind == "either":
        return "355.17"
    if pick.kind == "mode":
        return "191.2"
    if pick.kind == "decision":
        return "383.3.a"
    if pick.kind == "location" and pick.own:  # where a unit (a token) is played
        return "355.2.a"
    if pick.is_place and not pick.target:
        return "355.4"
    if pick.exhausts or (not pick.target and pick.chooser == "you"):
        return "355.10.c"
    if pick.chooser != "you":
        return "355.10.e"
    return "355.9.b"


def explain_declaration(scenario: Scenario, declaration: Choice) -> list[Step]:
    """The rule trail of one declaration."""
    effect = joint_effect(scenario)
    given = dict(declaration.picks)
    steps = [step("355.5.b", _("these are the choices of the delayed trigger the card "
                               "creates, made when that trigger is finalized"))
             ] if effect.delayed else []
    unpaid = _trigger_unpaid(scenario)  # (why an optional action is not done, said once)
    for pick in effect.picks:
        if pick.later:  # a reflexive trigger's choice (355.5.b), or another player's
            steps.append(step("355.5.b", _(
                "{pick}: chosen later, when the instruction executes: a reflexive trigger's "
                "choice").format(pick=pick.name)) if pick.chooser == "you" else step(
                    "355.10.e", _("{pick}: chosen later, when the instruction executes, by "
                                  "another player").format(pick=pick.name)))
            continue
        value = given.get(pick.name)
        if not _in_mode(pick, given.get("mode")):
            steps.append(step("191.2", _(
                "{pick}: its mode ({mode}) is not chosen: nothing is chosen for it").format(
                    pick=pick.name, mode=pick.in_mode)))
            continue
        if value is None:
            if unpaid is not None and _done_whole(effect, pick):
                steps.append(step(unpaid.rule, unpaid.message))
                unpaid = None  # (said once)
            steps.append(step("383.3.a", _(
                "{pick}: none: the triggered ability's 'you may' is not done, and it is not "
                "put on the Chain").format(pick=pick.name))
                         if pick.trigger_may and not _decided_done(effect, given) else
                         step("355.13", _("{pick}: none chosen ('up to' allows zero)").format(
                             pick=pick.name)))
            continue
        what = _("the mode its controller chooses") if pick.kind == "mode" else (
            _("the triggered ability's 'you may' is done, its cost paid, and it is put on "
              "the Chain")) if pick.kind == "decision" else (
            _("where it is played, not a target")) if _pick_rule(pick) == "355.2.a" else (
            _("a destination, not a target")) if _pick_rule(pick) == "355.4" else (
            _("a cost's choice, not a target") if _pick_rule(pick) == "355.10.c" else
            _("a valid target"))
        steps.append(step(_pick_rule(pick), f"{pick.name}: {value}, {what}"))
        steps += _hidden_steps(scenario, pick, value) + _hidden_play_steps(
            scenario, pick, value)
        if pick.may:
            steps.append(step("355.12", _(
                "{pick}: chosen now, whether or not the action is done").format(
                    pick=pick.name)))
    for linked in effect.links:
        first, second = given.get(linked.pick), given.get(linked.to)
        if first is not None and second is not None:
            steps.append(step("355.9.b" if linked.link is not Link.OTHER else "355.9.c",
                              _(_LINK_WORDS[linked.link]).format(first=first,
                                                                 second=second)))
    return steps + _named_destination_steps(scenario, given) + deflect_steps(
        scenario, declaration.deflect_cost)


def _hidden_steps(scenario: Scenario, pick: Pick, value: Value) -> list[Step]:
    """Where a target of a card played from Hidden was chosen: at that battlefield
    (811.1.d.2, 811.1.d.3), or elsewhere because the card's own restriction makes a target
    there impossible. That requirement is followed only if possible, and a restriction
    overrides it (355.17.b, 2026-10-09; the older texts say it in 811.1.d.2 itself)."""
    place = scenario.from_hidden
    if place is None or not hidden_bound(pick) or value is None or source_gone(scenario):
        return []
    if _at_hidden(scenario, scenario.board, pick, value):
        return [step(hidden_rule(scenario), _(
            "{pick}: {value} is at {place}, where the card was played from Hidden").format(
                pick=pick.name, value=value, place=place))]
    if number_in("355.17.b", scenario.rules) is None:
        return [step(hidden_rule(scenario), _(
            "{pick}: {value} is not at {place}: the card's own restriction makes a target "
            "there impossible, so it is chosen elsewhere (each target on its own)").format(
                pick=pick.name, value=value, place=place))]
    return [step("355.17.b", _(
        "{pick}: {value} is not at {place}: the card's own restriction makes a target there "
        "impossible, and a restriction overrides the Hidden requirement, which is followed "
        "only if possible").format(pick=pick.name, value=value, place=place))]


def _named_destination_steps(scenario: Scenario, given: Mapping[str, Value]) -> list[Step]:
    """Under policy ``specified_destination=unrestricted``, each chosen unit already at the
    destination the card names for its move: a legal choice (355.4: no one chooses that
    destination, and 355.4.a reads a chosen one)."""
    if scenario.policy.specified_destination != "unrestricted":
        return []
    printed = joint_effect(replace(scenario, policy=replace(
        scenario.policy, specified_destination="elsewhere")))  # every link, as printed
    steps: list[Step] = []
    here = source_battlefield(scenario.board, scenario.source)
    for pick in printed.picks:
        value = given.get(pick.name)
        unit = scenario.board.get(str(value)) if pick.moved_here and value else None
        if here is not None and unit is not None and unit.location == here:
            steps.append(step("355.4", _(
                "{unit} is already where the card moves it ({place}, here): that "
                "destination is named, not chosen, so the unit may be chosen and will not "
                "move (policy specified_destination=unrestricted)").format(
                    unit=value, place=here)))
    for linked in printed.links:
        first, second = given.get(linked.pick), given.get(linked.to)
        if not linked.specified or first is None or second is None:
            continue
        if link_failure(scenario, scenario.board, replace(linked, specified=False),
                        str(first), str(second)) is not None:
            steps.append(step("355.4", _(
                "{unit} is already where the card moves it ({place}'s location): that "
                "destination is named, not chosen, so the unit may be chosen and will not "
                "move (policy specified_destination=unrestricted)").format(
                    unit=first, place=second)))
    return steps


#: An instruction relating two chosen objects: it needs both ("attach that Equipment to
#: that unit or detach it", "swap", "move each to the other's location").
_BETWEEN_TWO = re.compile(r"^(?:attach|detach|swap)\b|.*\bthe other's\b")
#: Every unit of a kind at a battlefield, as a deed done to each of them says it.
_EVERY_UNIT = {Relation.ENEMY: N_("enemy units at {place}"),
               Relation.FRIENDLY: N_("friendly units at {place}"),
               Relation.ANY: N_("units at {place}")}
#: What a modelled action other than damage and a move does, said of its unit.
_DONE_WORDS = {Action.KILL: N_("{unit} is killed"), Action.STUN: N_("{unit} is stunned"),
               Action.RETURN_TO_HAND: N_("{unit} is returned to its owner's hand"),
               Action.SWAP_MIGHT: N_("{unit}'s Might is swapped")}


def explain_resolution(scenario: Scenario, answer: Executed) -> list[Step]:
    """The rule trail of one resolution."""
    effect = joint_effect(scenario)
    made = declared(scenario)
    undone = [p.name for p in effect.picks if p.trigger_may and not p.later]
    if undone and all(made.get(name) is None for name in undone):
        return [step("383.3.a", _(  # (declared so: no instruction of it is followed)
            "{pick}: none: the triggered ability's 'you may' was not done, so it was never "
            "put on the Chain: nothing resolves").format(pick=undone[0]))]
    _legal, illegal = still_legal(scenario)
    steps = illegal_steps(scenario, illegal, named=True)
    chosen = dict(answer.picks)
    expanded = _each(scenario, list(effect.picks))
    steps += deflect_steps(scenario, sum(  # (a target chosen now, a reflexive trigger's)
        _tax(scenario, p, chosen.get(p.name)) for p in expanded if p.later))
    for pick in effect.picks:  # "the defender must ...": no defender, nothing chosen
        if pick.chooser == "each-defender" and not any(
                p.name.startswith(f"{pick.name}[") for p in expanded):
            here = source_battlefield(scenario.board, scenario.source)
            steps.append(step("359.3.f.2.a", _(
                "{pick}: 'here' is null ({source} is at no battlefield): no defender, "
                "nothing is chosen or done").format(pick=pick.name, source=scenario.source))
                         if here is None else step("355.10.e", _(
                "{pick}: no opponent has units at {place}: no defender, nothing is chosen "
                "or done").format(pick=pick.name, place=here)))
    for pick in expanded:  # (each player's own copy)
        value = chosen.get(pick.name)
        gone = [g for lk in effect.links if lk.pick == pick.name
                for g in [null_referent(scenario, lk, _legal, made)] if g]
        if pick.later and gone:
            steps.append(step("359.3.f.2.a", _(
                "{pick}: its restriction reads {other}, no longer a legal target: that "
                "information is null, so nothing is chosen").format(pick=pick.name,
                                                                  other=gone[0])))
        if pick.later and pick.chooser == "owner" and not _chooser(scenario, pick, chosen):
            steps.append(step("359.3.e.6", _(  # (the play can't be followed)
                "{pick}: nothing is played (the unit is no longer chosen, or a token, which "
                "ceases to exist as it leaves the board, 186.1): nothing to choose").format(
                    pick=pick.name)))
            continue
        if pick.later:
            if pick.chooser in ("you", "owner"):  # (the owner: where the unit enters)
                who = _chooser(scenario, pick, chosen)
                rule = "355.2.a" if pick.chooser == "owner" else "355.17" if (
                    pick.kind == "either") else "355.5"
            elif pick.chooser == "you-must":  # (the controller, who must: 355.10.f)
                who, rule = scenario.controller, "355.10.f"
            else:
                who, rule = (_("the chosen opponent") if pick.chooser == "opponent" else
                             pick.chooser), "355.10.e"  # (or each player's copy's player)
            steps.append(step(rule, _("{pick}: {value}, chosen now by {who}").format(
                pick=pick.name, value=value or _("nothing to choose"), who=who)))
            steps += _hidden_play_steps(scenario, pick, value)
        elif value is not None and pick.target:
            steps.append(step("359.3.e.2", _("{pick}: {value} is still a legal target"
                                             ).format(pick=pick.name, value=value)))
        elif value is not None and pick.kind == "decision" and not any(
                chosen.get(p.name) is not None for p in effect.picks if p.trigger_may
                and p is not pick):
            steps.append(step("355.13", _(
                "the 'you may' was done with none of its 'up to' choices (its cost paid "
                "as it was finalized): it does nothing more")))
    for name, other in idle_may(scenario, _legal, made).items():
        steps.append(step("359.3.f.2.a", _(
            "{pick}: its action reads {other}, no longer a legal target: that information "
            "is null, and the action is ignored").format(pick=name, other=other)))
        steps.append(step("355.12", _(
            "{pick}: the 'you may' action can do nothing: there is no decision to make"
        ).format(pick=name)))
    for name, (place, needed) in unmet_may(scenario, _legal).items():
        steps.append(step("355.12", _(
            "{pick}: fewer than {count} units are at {place}: the 'you may' instruction is "
            "not followed, there is no decision to make").format(
                pick=name, count=needed, place=place)))
    if answer.declined:
        steps.append(step("355.12", _("declined: {picks}").format(
            picks=ids(list(answer.declined)))))
    done = acts(scenario, answer)
    standing: list[tuple[str, str]] = []
    for unit, where, barred in _move_plan(scenario, chosen, scenario.board, answer.declined,
                                          standing):
        steps.append(step("355.4.a", _("{unit} moves to {place}").format(
            unit=unit, place=where)) if barred is None else step("447.2.c", renumber(_(
                "{failure} ({rule}): it is recalled to its base instead (447.2.c)").format(
                    failure=barred.message, rule=barred.rule), scenario.rules)))
    for unit, where in standing:
        steps.append(step("355.4", _(
            "{unit} is already at {place}, its destination: it does not move").format(
                unit=unit, place=where)))
        steps += negated_steps(scenario, _("the move of {units}, already there").format(
            units=unit))
    if done.dealt:
        steps.append(step("359.3.e.8", _("damage dealt: {dealt}").format(dealt=", ".join(
            f"{u} {n}" for u, n in done.dealt))))
    for unit, action in done.actions:  # (the other modelled actions; moves said above)
        if action in _DONE_WORDS:
            steps.append(step("359.3.e.8", _(_DONE_WORDS[action]).format(unit=unit)))
    # what the outcome leaves unsaid, said; what it would read of a target no longer legal
    # is null, and an instruction reading it is Ignored (359.3.e.12)
    nulls = [name for name, value in made.items() if value is not None
             and _legal.get(name) is None]
    for deed in effect.deeds:
        value = chosen.get(deed.pick)
        if value is None or deed.pick in answer.declined:
            continue
        if deed.action is not Action.AFFECT and value in done.affected \
                and scenario.board.piece(value) is not None:  # (a card, a rune: not a unit)
            deed = replace(deed, action=Action.AFFECT, label=deed.label or deed.action.verb())
        if deed.action is not Action.AFFECT or not deed.label or _paid(effect, deed.pick):
            continue  # (a cost's: said below)
        way = next((chosen.get(p.name) for p in effect.picks
                    if p.kind == "either" and _one_of(deed.label, p)), None)
        if way is not None:  # (the instruction its controller chose as it resolves)
            deed = replace(deed, label=str(way))
        if _BETWEEN_TWO.match(deed.label) and any(n != deed.pick for n in nulls):
            steps.append(step("359.3.e.12", _(  # ("attach that Equipment to that unit")
                "{pick}: {what}: it needs {others}, no longer a legal target: Ignored"
            ).format(pick=value, what=deed.label,
                     others=ids([n for n in nulls if n != deed.pick]))))
            continue
        read = [n for n in nulls if n != deed.pick and n in (
            deed.to, deed.with_pick, deed.amount_from, deed.if_at)]
        if read:  # ("less Might than the chosen unit": its Might is null)
            steps.append(step("359.3.e.12", _(
                "{pick}: {what}: it reads {others}, no longer a legal target: Ignored"
            ).format(pick=value, what=deed.label, others=ids(read))))
            continue
        others = [n for n in nulls if n != deed.pick and (  # (what the deed may read)
            re.search(rf"\b{re.escape(n)}\b", deed.label))]
        if deed.each:  # (every unit of a kind there: "give enemy units there -2 Might")
            value = _(_EVERY_UNIT[deed.among]).format(place=value)
        steps.append(step("359.3.e.12", _(
            "{pick}: {what}, an outcome not modelled; if it reads {others}, no longer a legal "
            "target, it is Ignored").format(pick=value, what=deed.label, others=ids(others)))
            if others else step("359.3.e.8", _("{pick}: {what}, an outcome not modelled").format(
                pick=value, what=deed.label)))
    for pick in effect.picks:  # a cost's choice: paid as the card was finalized
        value = chosen.get(pick.name)
        if value is None or not _paid(effect, pick.name):
            continue
        done_to = [d.label or d.action.verb() for d in effect.deeds if d.pick == pick.name]
        steps.append(step("355.10.c", _(
            "{pick}: {what}, a cost paid as it was finalized, not on resolution").format(
                pick=value, what=", ".join(done_to)) if done_to else _(
            "{pick}: {value}, chosen for a cost, paid as it was finalized, not a "
            "target").format(pick=pick.name, value=value)))
    modes = str(chosen.get("mode") or made.get("mode") or "").split("+")
    return steps + unsaid_steps([*effect.unsaid, *(text for number, text in effect.unsaid_modes
                                                   if str(number) in modes)])


# --------------------------------------------------------------------------- the format


def slot_shapes(effect: JointChoice) -> list[dict[str, str]]:
    """One id for each pick made at finalization (later picks are made on resolution)."""
    return [{"name": pick.name, "shape": "one", "kind": pick.kind}
            for pick in effect.picks if not pick.later]


def slot_options(scenario: Scenario, resolving: bool) -> dict[str, tuple[Option, ...]]:
    """Every object of each pick's kind (:func:`_pool`), each with why it may not fill the
    pick on its own, as it is declared (:func:`_declaring_failure`) or, on resolution, as
    the target chosen would be found now (:func:`_resolving_failure`).

    Each pick is made by the player the scenario's chosen targets say. With none chosen,
    a pick made by a player an earlier pick names ("choose an opponent. They choose ...")
    is checked as the finalization checks it, made by no player: no object is friendly to
    them, every one an enemy's. (A unit's owner's pick is made on resolution only.)"""
    effect = joint_effect(scenario)
    made = declared(scenario) if scenario.targets is not None else {}
    picks = [p for p in effect.picks if not p.later]
    names = {p.name for p in picks}
    links = [lk for lk in effect.links if lk.pick in names and lk.to in names]
    shown: dict[str, tuple[Option, ...]] = {}
    for pick in picks:
        chooser, pool = _pool(scenario, scenario.board, pick, made)
        failure = (_resolving_failure(scenario, pick, chooser, made) if resolving else
                   _declaring_failure(scenario, pick, chooser, pool, _carried(links, pick)))
        shown[pick.name] = options(pool, failure)
    return shown


def _declaring_failure(scenario: Scenario, pick: Pick, chooser: str, pool: list[str],
                       carried: list[Linked]) -> Callable[[str], Failure | None]:
    """Why a value of ``pool`` may not fill ``pick`` as it is declared, on its own (the
    finalization leaves it out of the pick's domain, or no declaration can afford it):
    :func:`pick_failure`; a card played from Hidden, the battlefield it must be at where
    no restriction of the pick could excuse it (811.1.d.2) and where a unit it plays is
    played (811.1.d.5); a "you may" whose cost can't be paid (383.3.b); its Deflect within
    the Power available (809)."""
    board = scenario.board
    alone = {v: pick_failure(scenario, board, pick, v, chooser, False) for v in pool}
    valid = [v for v, found in alone.items() if found is None]
    unpaid = _trigger_unpaid(scenario) if _done_whole(joint_effect(scenario), pick) else None
    hidden = _kept_at_hidden(scenario, pick, carried)

    def failure(value: str) -> Failure | None:
        return (alone[value]
                or (hidden_failure(scenario, board, pick, value, {}) if hidden else None)
                or hidden_play_failure(scenario, pick, value, valid) or unpaid
                or next(iter(deflect_failures(scenario, _tax(scenario, pick, value))), None))
    return failure


def _resolving_failure(scenario: Scenario, pick: Pick, chooser: str,
                       made: Mapping[str, Value]) -> Callable[[str], Failure | None]:
    """Why a value would be no legal target of ``pick`` now, were it the one chosen (the
    other picks as ``made``): as :func:`still_legal` finds it (359.3.e.2, 758.1, its links
    to the other targets). A pick that is no target (a move's destination, 355.4; a cost's
    choice, 355.10.c) is not checked again: its chosen value stands, any other is checked
    on its own (:func:`pick_failure`)."""
    board = scenario.board

    def failure(value: str) -> Failure | None:
        if pick.target:
            return dict(still_legal(scenario, {**made, pick.name: value})[1]).get(pick.name)
        if value == made.get(pick.name):
            return None
        return pick_failure(scenario, board, pick, value, chooser, True)
    return failure


def read_targets(raw: Mapping[str, object], effect: JointChoice, board: Board,
                 field_prefix: str) -> JointChosen:
    """Each pick made at finalization: one id (a unit or gear, a battlefield, a location
    or a player), or ``null`` for an "up to one" pick left empty (355.13)."""
    picks: list[tuple[str, Value]] = []
    for pick in effect.picks:
        if pick.later:
            continue
        field = f"{field_prefix}.{pick.name}"
        value = raw[pick.name]
        mode = raw.get("mode")
        if not _in_mode(pick, mode if isinstance(mode, str) else None):
            if value is not None:
                raise ScenarioError(field, _(
                    "belongs to mode {mode}, not the mode chosen ({chosen}): null").format(
                        mode=pick.in_mode, chosen=repr(raw.get("mode"))))
            picks.append((pick.name, None))
            continue
        if pick.kind == "mode" and value not in _modes(pick):
            raise ScenarioError(field, _("one of the modes {modes} (a string), not {value}"
                                         ).format(modes=", ".join(_modes(pick)),
                                                  value=repr(value)))
        if pick.kind == "decision" and value not in (None, DONE):
            raise ScenarioError(field, _("{done} (the 'you may' is done) or null, not {value}"
                                         ).format(done=repr(DONE), value=repr(value)))
        if value is None:
            if not pick.optional:
                raise ScenarioError(field, _("{card} must choose its {pick} (355.8)").format(
                    card=effect.name, pick=pick.name))
        elif not isinstance(value, str):
            raise ScenarioError(field, _("takes one {kind} (a string), not {value}").format(
                kind=pick.kind, value=repr(value)))
        elif pick.kind in ("unit", "gear") and value not in board and not (
                pick.or_piece and board.piece(value) is not None):
            raise ScenarioError(field, _("unknown unit id {unit} (not in units)").format(
                unit=repr(value)))
        elif pick.is_piece and board.piece(value) is None:
            raise ScenarioError(field, _("unknown object id {id} (not in objects)").format(
                id=repr(value)))
        elif pick.kind == "battlefield" and not board.is_battlefield(value):
            raise ScenarioError(field, _("{place} is not a battlefield in play").format(
                place=repr(value)))
        elif pick.kind == "location" and not (board.is_battlefield(value) or value == BASE):
            raise ScenarioError(field, _("{place} is not a battlefield in play nor 'base'"
                                         ).format(place=repr(value)))
        picks.append((pick.name, value))
    picks = _alike_in_order(effect, picks, field_prefix)
    given = dict(picks)

    for linked in effect.links:  # (what a declaration made whole never leaves: refused)
        first, second = given.get(linked.pick), given.get(linked.to)
        if linked.link is Link.ONE_OF and (first is None) == (second is None):
            raise ScenarioError(f"{field_prefix}.{linked.to}", _(
                "{card} chooses its {first} or its {second} (355.8): one of them").format(
                    card=effect.name, first=linked.to, second=linked.pick))
        failure = made_failure(linked, first, second) if linked.link in (
            Link.TOGETHER, Link.IF_DONE) else None
        if failure is not None:  # (a "you may" cost or choices made in part)
            empty = linked.pick if first is None else linked.to
            raise ScenarioError(f"{field_prefix}.{empty}", f"{failure.message} "
                                f"({failure.rule})")
    return JointChosen(picks=tuple(picks))


def _alike_in_order(effect: JointChoice, picks: list[tuple[str, Value]],
                    field_prefix: str = "targets") -> list[tuple[str, Value]]:
    """Objects chosen alike ("up to two cards", "up to 4 units, gear, and/or runes") are one
    set (355.13): a scenario may name them in any order; they are read as finalization lists
    them, in id order, the empty picks last. One object named twice in a set is refused
    (three units are three different units)."""
    following = {lk.to: lk.pick for lk in effect.links if lk.link is Link.AFTER}
    given = dict(picks)
    for head in set(following) - set(following.values()):
        chain = [head]
        while chain[-1] in following:
            chain.append(following[chain[-1]])
        if not all(name in given for name in chain):
            continue
        chosen = [given[name] for name in chain if given[name] is not None]
        for i, name in enumerate(chain):
            if given[name] is not None and given[name] in [given[n] for n in chain[:i]]:
                raise ScenarioError(f"{field_prefix}.{name}", _(
                    "{id} is chosen twice: objects chosen alike are different objects "
                    "(355.13)").format(id=repr(given[name])))
        ordered = [*sorted(v for v in chosen if v is not None),
                   *[None] * (len(chain) - len(chosen))]
        given.update(zip(chain, ordered, strict=True))
    return [(name, given[name]) for name, _value in picks]


def declared_targets(scenario: Scenario, declaration: Choice) -> JointChosen:
    """The picks a declaration makes, as the resolution question reads them."""
    return JointChosen(picks=declaration.picks)


def older_rules_reason(scenario: Scenario, question: str, version: str) -> str | None:
    """Before 1.4, teammates' battlefields were ruled otherwise (1.3: those a teammate
    controls) or not at all (1.2), 355.10.b did not say that a restriction for a game
    action (a move's destination) is no target, and 359.3.f.2 (information checked on
    execution) did not exist in 1.2: refused when the card relies on them."""
    effect = joint_effect(scenario)
    if any(d.action is Action.MOVE and d.to != BASE for d in effect.deeds) and (
            mates := teammates_reason(scenario.board, version)):
        return mates
    if any(p.is_place and not p.target for p in effect.picks):
        return _("under {version}, {rule} does not say whether a move's chosen destination "
                 "is a target (1.4 says it is not)").format(
                     version=version, rule=number_in("355.10.b", version))
    if version == "1.2" and any(d.to and effect.pick(d.to).kind == "unit"
                                for d in effect.deeds if d.to != BASE):
        return _("1.2 has no rule checking a referenced location on execution (359.3.f.2)")
    return None


#: The family protocol's name and answer types (riftsolve.rules.families.Family).
NAME = "joint"
DECLARATION = Choice
RESOLUTION = Executed


register_family(cast("AnyFamily", sys.modules[__name__]), JointChoice, stored=True)

"""Where a card played from facedown (from Hidden) chooses its targets (811.1.d).

A scenario's ``from_hidden`` names the battlefield the card was hidden at and played
from; a hidden permanent is played to that same battlefield (811.1.d.1). Every text keeps
a hidden spell's targets there (811.1.d.2). Texts before 2026-10-09 say the same of a
hidden permanent's play effect ("at that battlefield"); 2026-10-09 gives that its own
rule (811.1.d.3: the battlefield the permanent was played to) and has the play effect
read that battlefield from its source (811.1.d.3.a): with its source off the board, the
play effect can choose no legal target as it is finalized, and mistargets on resolution.

>>> from riftsolve.rules.board import Board, Unit
>>> from riftsolve.cards import card
>>> from riftsolve.rules.scenario import Scenario
>>> units = (Unit("me", "A", 2, "offboard"), Unit("b1", "B", 2, "north"))
>>> stranger = Scenario("A", card("Bedeviling Stranger"), Board(("north",), units),
...                     source="me", from_hidden="north")
>>> plays_from_hidden(stranger), hidden_rule(stranger), source_gone(stranger)
(True, '811.1.d.3', True)
>>> older = Scenario("A", card("Bedeviling Stranger"), Board(("north",), units),
...                  source="me", from_hidden="north", rules="1.4")
>>> hidden_rule(older), source_gone(older)
('811.1.d.2', False)
"""

from __future__ import annotations

from riftsolve.i18n import _
from riftsolve.rules.effects import Effect
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.targeting import Failure
from riftsolve.rules.versions import before, introduced

#: The words that make an effect a permanent's play effect (a "When you play me" trigger).
_PLAY_EFFECT = "when you play me"


def is_play_effect(effect: Effect) -> bool:
    """Whether ``effect`` is a permanent's play effect ("When you play me, ..."), not a
    spell's.

    >>> from riftsolve.cards import card
    >>> is_play_effect(card("Bedeviling Stranger")), is_play_effect(card("Fox-Fire"))
    (True, False)
    """
    return _PLAY_EFFECT in effect.text.lower()


def plays_from_hidden(scenario: Scenario) -> bool:
    """Whether the scenario's card is a permanent played from facedown, its play effect
    the question."""
    return scenario.from_hidden is not None and is_play_effect(scenario.effect)


def _own_rule(scenario: Scenario) -> bool:
    """Whether the scenario's text gives a hidden permanent's play effect its own rule
    (811.1.d.3, 811.1.d.3.a: 2026-10-09 and later)."""
    return plays_from_hidden(scenario) and not before(scenario.rules, introduced("811.1.d.3"))


def hidden_rule(scenario: Scenario) -> str:
    """The id of the rule that keeps this card's targets at the Hidden battlefield."""
    return "811.1.d.3" if _own_rule(scenario) else "811.1.d.2"


def source_gone(scenario: Scenario) -> bool:
    """Whether a hidden permanent's play effect has lost the battlefield it reads from its
    source (811.1.d.3.a): the scenario names the source, and it is off the board now."""
    source = scenario.source
    return (_own_rule(scenario) and source is not None and source in scenario.board
            and not scenario.board[source].on_board)


def no_target_there(scenario: Scenario) -> Failure:
    """Why a card played from Hidden has no legal declaration where one elsewhere would be
    legal: a spell cannot be played from Hidden (811.1.d); a permanent is played, its play
    effect has no legal choice there (811.1.d bars only spells: 355.8 leaves the play
    effect unfinalized), or none at all with its source gone (811.1.d.3.a)."""
    name = scenario.effect.name
    if source_gone(scenario):
        return Failure("811.1.d.3.a", _(
            "{source} has left the board: the play effect of {card} can choose no legal "
            "target").format(source=scenario.source, card=name))
    if plays_from_hidden(scenario):
        return Failure(hidden_rule(scenario), _(
            "no valid target at {place} under the Hidden restrictions: the play effect of "
            "{card} has no legal choice (the permanent itself is played)").format(
                place=scenario.from_hidden, card=name))
    return Failure("811.1.d", _(
        "no valid target at {place} under the Hidden restrictions: {card} cannot be played "
        "from Hidden").format(place=scenario.from_hidden, card=name))


def gone_failure(scenario: Scenario, value: str, resolving: bool) -> Failure:
    """Why ``value`` can't be a target of a hidden permanent's play effect whose source
    has left the board (811.1.d.3.a): at finalization there is no battlefield to choose
    it at; on resolution it is mistargeted."""
    text = (_("{source} has left the board: its play effect has no battlefield to choose "
              "{value} at, and is mistargeted") if resolving else
            _("{source} has left the board: its play effect has no battlefield to choose "
              "{value} at"))
    return Failure("811.1.d.3.a", text.format(source=scenario.source, value=value))

"""Whether an activated ability's own cost can be paid: its [Exhaust] exhausts its source
(415.5 in 2026-10-09, "Exhaust me"), which an exhausted source cannot pay (415.4: the
action must be able to be completed for the cost to be paid; 414.4 in 1.4).

>>> from riftsolve.rules.board import Board, Unit
>>> from riftsolve.compiler.card import compile_card
>>> ability = compile_card("Armory", "[Exhaust]: Give a friendly unit +1 [Might] this turn.")
>>> exhausts_source(ability.text)
True
>>> tired = Board(("north",), (Unit("armory", "A", 0, "base", type="gear", exhausted=True),
...                            Unit("kai", "A", 2, "north")))
>>> from riftsolve.rules.scenario import Scenario
>>> print(source_cost_failure(Scenario("A", ability, tired, source="armory")).message)
armory is exhausted: the ability's cost exhausts it ([Exhaust]), so it cannot be activated
"""

from __future__ import annotations

import re

from riftsolve.i18n import _
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.targeting import Failure

#: An activated ability's cost, up to its colon, that holds the exhaust symbol.
_EXHAUST_COST = re.compile(r"^[^:.]*?(?:\[Exhaust\]|:rb_exhaust:)"
                           r"(?:[^.:]*?(?:\]|:rb_[a-z0-9_]+:|\d))?\s*:(?!rb_)\s")


def exhausts_source(text: str) -> bool:
    """Whether ``text``, one activated ability, has [Exhaust] ("Exhaust me") in its cost.

    >>> exhausts_source("[1], [Exhaust]: Ready a gear."), exhausts_source(
    ...     "When you play me, exhaust a unit.")
    (True, False)
    """
    return _EXHAUST_COST.match(text.strip()) is not None


#: A triggered ability's "you may" whose cost exhausts its source: "you may exhaust me to
#: ready up to 2 runes", "you may discard 1 and exhaust me to ...": its base cost (383.3.b).
_MAY_EXHAUST_ME = re.compile(r"\byou may (?:[^.]*?\b)?exhaust me\b[^.]*?\bto\b", re.IGNORECASE)


def trigger_cost_failure(scenario: Scenario, optional_whole: bool) -> Failure | None:
    """Why an optional action whose cost exhausts its source ("you may exhaust me to ready
    up to 2 runes", "you may exhaust me and three friendly units to ...") cannot be done:
    a triggered ability's base cost, paid to finalize it (383.3.b, 383.3.b.1), or an
    additional cost paid as a card is played, which must be paid in full (355.10.c), and
    the source is exhausted or not on the board (415.4: the action must be able to be
    completed); ``None`` when it can, when the effect has no such action
    (``optional_whole``: whether it has picks made only if that action is done), or the
    scenario names no source.

    >>> from riftsolve.rules.board import Board, Unit
    >>> from riftsolve.compiler.card import compile_card
    >>> curator = compile_card("Curator", "When you play a unit with Energy cost [7] or "
    ...                        "more, you may exhaust me to ready up to 2 runes.")
    >>> tired = Board(("north",), (Unit("cur", "A", 2, "base", exhausted=True),))
    >>> print(trigger_cost_failure(Scenario("A", curator, tired, source="cur"), True).rule)
    383.3.b
    """
    source = scenario.source
    unit = scenario.board.get(source) if source is not None else None
    if not optional_whole or unit is None or not _MAY_EXHAUST_ME.search(scenario.effect.text):
        return None
    if not unit.on_board:
        return Failure("383.3.b", _("{source} is not on the board: the 'you may' cost "
                                    "exhausts it, so it cannot be done").format(source=source))
    if not unit.exhausted:
        return None
    return Failure("383.3.b", _("{source} is exhausted: the 'you may' cost exhausts it, so "
                                "it cannot be done").format(source=source))


#: An activated ability's cost that kills or banishes its source ("Kill this: ...").
_SPENDS_SOURCE = re.compile(r"^[^:.\n]*?\b(?:kill|banish|recycle) (?:this|me)\b[^.:\n]*:(?!rb_)\s",
                            re.IGNORECASE | re.MULTILINE)


def source_cost_failure(scenario: Scenario) -> Failure | None:
    """Why the scenario's ability cannot be activated: its source is exhausted and its
    cost exhausts it, or the source is not on the board and its cost exhausts or kills it
    (415.4: the cost's action must be able to be completed; only a game object on the
    board is exhausted or killed, 415.1); ``None`` when it can, or when the scenario names
    no source.

    >>> from riftsolve.rules.board import Board, Unit
    >>> from riftsolve.compiler.card import compile_card
    >>> forge = compile_card("Forge", "Kill this: Recycle up to 4 cards from trashes.")
    >>> gone = Board(("north",), (Unit("forge", "A", 0, "offboard", type="gear"),))
    >>> print(source_cost_failure(Scenario("A", forge, gone, source="forge")).message)
    forge is not on the board: the ability's cost exhausts or kills it, so it cannot be activated
    """
    source = scenario.source
    unit = scenario.board.get(source) if source is not None else None
    text = scenario.effect.text
    if unit is None or not (exhausts_source(text) or _SPENDS_SOURCE.search(text)):
        return None
    if not unit.on_board:
        return Failure("414.4", _("{source} is not on the board: the ability's cost exhausts "
                                  "or kills it, so it cannot be activated").format(
                                      source=source))
    if not unit.exhausted or not exhausts_source(text):
        return None
    return Failure("414.4", _("{source} is exhausted: the ability's cost exhausts it "
                              "([Exhaust]), so it cannot be activated").format(source=source))

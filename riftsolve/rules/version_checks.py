"""Questions whose ruling under an older Core Rules version differs from 1.4's.

The engine's rulings are 1.4's; each family says where an older text rules otherwise
(``older_rules_reason``). Under ``rules: "1.3"`` or ``"1.2"`` a ruling is given only
where that version's text gives the same one (its citations then use that version's
numbers, :mod:`rules.versions`). Where the older text rules otherwise, or is silent on
what decides the answer, the question is refused with the reason, never answered with a
1.4 ruling under an older label:

* 355.14.h.1 is new in 1.4: 1.3 and 1.2 say the controller decides which split targets
  cease being targets, not how many, so a resolution that drops targets is refused;
* 359.3.e.9.a is new in 1.4: under ``split_illegal: forfeit``, whether a target that left
  the board keeps a share of the split is not stated before 1.4;
* 1.2's 352.11.b example forbids affecting group targets no longer at the battlefield
  chosen at finalization, which a scenario does not record (unless played from Hidden);
* 1.2's Deflect (735.1.c) is paid once per spell, not for each choice: a Repeat whose
  choices could pay Deflect is refused;
* 1.2 has no Backline keyword and no rule on assigning combat damage to a unit with
  Prevent (826 and 437.5 are new in 1.3): such a combat is refused under 1.2.

>>> from riftsolve.formats.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "rules": "1.3", "controller": "A",
...     "card": "Alpha Strike", "battlefields": ["n"], "units": [
...         {"id": "kai", "controller": "A", "might": 1, "location": "n"},
...         {"id": "r1", "controller": "B", "might": 1, "location": "n"},
...         {"id": "r2", "controller": "B", "might": 1, "location": "n"}],
...     "targets": {"friendly": "kai", "enemies": ["r1", "r2"]}})
>>> print(older_rules_refusal(s, "resolve")[:72])
under Core Rules 1.3, 355.14.h lets the controller decide which split ta
"""

from __future__ import annotations

from riftsolve.i18n import _
from riftsolve.rules.families import family_of
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.versions import before


def older_rules_refusal(scenario: Scenario, question: str) -> str | None:
    """Why ``scenario``'s question can't be answered under its older ``rules`` version
    (``question``: ``"finalize"`` or ``"resolve"``), or ``None`` when it can."""
    version = scenario.rules
    if not before(version, "1.4"):
        return None
    reason = family_of(scenario.effect).older_rules_reason(scenario, question, version)
    if reason is None:
        return None
    return _('under Core Rules {version}, {reason}: this ruling is not modelled; ask with '
             '"rules": "1.4"').format(version=version, reason=reason)

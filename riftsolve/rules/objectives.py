"""What an answer is worth to its controller: kills, XP, killed Might, overkill, values.

An :class:`Objective` is a lexicographic list of metrics, each maximised, or minimised
with a leading ``-`` (``"kills,-overkill"``: most kills, then least overkill). Metrics
are measured on one answer with the board as it is (pure rules, no solver), so they also
serve as the brute-force oracle of :mod:`engine.optimum`.

A unit is killed when its marked damage plus the damage dealt is lethal: non-zero and at
least its Might, negative Might counting as 0 (CR 1.4 142.4.b, 143.2.b); with the
scenario's ``lethal_any`` (Elder Dragon's passive), any amount of the controller's damage
kills an enemy unit (142.4.c). A group effect that deals damage deals its amount plus
Bonus Damage to each unit it affects (715.2).

>>> from riftsolve.rules.answers import Resolution
>>> from riftsolve.formats.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
...     "battlefields": ["north"], "units": [
...         {"id": "kai", "controller": "A", "might": 5, "location": "north"},
...         {"id": "r1", "controller": "B", "might": 2, "location": "north", "value": 3},
...         {"id": "r2", "controller": "B", "might": 4, "location": "north", "damage": 1}],
...     "targets": {"friendly": "kai", "enemies": ["r1", "r2"]}})
>>> goal = Objective.parse("kills,-overkill")
>>> goal.measure(s, Resolution.of({"r1": 2, "r2": 3}))
(2, 0)
>>> goal.measure(s, Resolution.of({"r1": 4, "r2": 1}))  # r1 killed with 2 to spare
(1, -2)
>>> Objective.parse("value").measure(s, Resolution.of({"r1": 2, "r2": 3}))
(3,)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from riftsolve.i18n import _
from riftsolve.rules.answers import Answer
from riftsolve.rules.board import Unit
from riftsolve.rules.limits import ObjectiveError as ObjectiveError
from riftsolve.rules.outcome import apply, death, metrics
from riftsolve.rules.outcome import lethal as lethal
from riftsolve.rules.outcome import xp_per_kill as xp_per_kill
from riftsolve.rules.scenario import Scenario

#: Metrics an objective may name, and what each measures.
METRICS = {
    "kills": "units killed: marked plus dealt damage is lethal (142.4)",
    "xp": "XP gained: Alpha Strike's 'for each unit this kills, gain 1 XP'",
    "killed-might": "total Might of the units killed",
    "overkill": "damage dealt beyond lethal to the units killed",
    "value": "total 'value' (a unit field of the scenario) of the units killed",
    "affected": "units dealt damage, or affected by a group effect",
    "deflect": "Power paid for Deflect (a declaration)",
}


#: The objective ``best`` ranks by when none is named: the most units killed, then the
#: least damage dealt beyond lethal (every card deals or kills; none wastes less).
DEFAULT_OBJECTIVE = "kills,-overkill"


@dataclass(frozen=True)
class Term:
    """One metric and its sense: +1 maximise, -1 minimise."""

    metric: str
    sign: int = 1

    def __str__(self) -> str:
        return ("-" if self.sign < 0 else "") + self.metric


@dataclass(frozen=True)
class Objective:
    """A lexicographic objective: terms compared in order, each maximised after its sign."""

    terms: tuple[Term, ...]

    @classmethod
    def parse(cls, spec: str) -> Objective:
        """``"kills,-overkill"`` -> most kills, then least overkill (each text read once:
        agents ask the same objective decision after decision)."""
        return _parsed(spec)

    @classmethod
    def _read(cls, spec: str) -> Objective:
        terms = []
        for raw in spec.split(","):
            name = raw.strip()
            sign = -1 if name.startswith("-") else 1
            name = name.lstrip("+-")
            if name not in METRICS:
                raise ObjectiveError(_("unknown objective {name} (known: {known})").format(
                    name=repr(name), known=", ".join(METRICS)))
            terms.append(Term(name, sign))
        if not terms:
            raise ObjectiveError(_("name at least one objective"))
        return cls(tuple(terms))

    def __str__(self) -> str:
        return ",".join(str(t) for t in self.terms)

    def check(self, scenario: Scenario, question: str) -> None:
        """Raise :class:`ObjectiveError` if a metric does not apply to this question."""
        effect = scenario.effect
        for term in self.terms:
            metric = term.metric
            if metric == "xp" and not xp_per_kill(scenario):
                raise ObjectiveError("xp: " + _("{card} gains no XP").format(card=effect.name))
            if metric == "deflect" and question != "finalize":
                raise ObjectiveError("deflect: " + _("Deflect is paid on finalization (use "
                                                     "finalize)"))

    def measure(self, scenario: Scenario, answer: Answer
                ) -> tuple[int, ...]:
        """The objective's value of a resolution, as the board is now (higher is better)."""
        metrics = resolution_metrics(scenario, answer)
        return tuple(term.sign * metrics[term.metric] for term in self.terms)


@lru_cache(maxsize=256)
def _parsed(spec: str) -> Objective:
    """:meth:`Objective.parse`, remembered (objectives are frozen)."""
    return Objective._read(spec)


def unit_metrics(scenario: Scenario, unit: Unit, amount: int, killed: bool | None = None
                 ) -> dict[str, int]:
    """What dealing ``amount`` to ``unit`` alone is worth (``killed``: killed outright),
    by the same definition as a whole answer's :func:`rules.outcome.metrics`."""
    dead, over = death(scenario, unit, amount) if killed is None else (killed, 0)
    return {"kills": int(dead),
            "xp": xp_per_kill(scenario) * int(dead and killed is None),
            "killed-might": unit.effective_might if dead else 0,
            "overkill": over,
            "value": unit.value if dead else 0}


def resolution_metrics(scenario: Scenario, answer: Answer
                       ) -> dict[str, int]:
    """Every metric of one resolution, measured on what it does (:func:`apply`; both
    executions of a Repeat together: a unit chosen twice is dealt the damage of both)."""
    return metrics(scenario, apply(scenario, answer))

"""A split resolution answered by python-constraint2 alone, printing the lines
``riftsolve resolve SCENARIO`` prints: the suite (``python -m benchmarks``) starts it as a
whole process, beside ``riftsolve resolve`` on the same small example, and checks that
both print the same lines.

Run as ``python benchmarks/_startup_pyconstraint.py SCENARIO``; it imports only the
standard library and python-constraint2 (``constraint``), never riftsolve. It answers only
the suite's small example's shape: every declared enemy still a legal target and the
friendly unit's Might (the damage) at least their number, so each target is dealt at
least 1 and the damage is dealt exactly (355.14.e-g); the lines come in the order of the
targets' damage, first target first, as riftsolve lists them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from constraint import ExactSumConstraint, Problem


def lines(scenario: dict[str, object]) -> list[str]:
    """The JSON lines of every way to deal the friendly unit's Might among the enemies."""
    targets = scenario["targets"]
    units = scenario["units"]
    assert isinstance(targets, dict) and isinstance(units, list)
    damage = next(int(u["might"]) for u in units if u["id"] == targets["friendly"])
    enemies = [str(e) for e in targets["enemies"]]
    problem = Problem()
    problem.addVariables(enemies, range(1, damage + 1))
    problem.addConstraint(ExactSumConstraint(damage), enemies)
    splits = sorted(tuple(s[e] for e in enemies) for s in problem.getSolutions())
    return [json.dumps({"damage": dict(zip(enemies, split, strict=True))})
            for split in splits]


def main(argv: list[str]) -> int:
    """Print the lines of the scenario at ``argv[0]``."""
    sys.stdout.write("".join(f"{line}\n" for line in lines(json.loads(
        Path(argv[0]).read_text(encoding="utf-8")))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Seeded large boards for every card family, as scenario files (format 1).

Run from the repository root (with the project's venv)::

    python benchmarks/boards.py OUT                        # every library card, 10-1,000 units
    python benchmarks/boards.py OUT --sizes 10 50 --seed 7 --cards Fox-Fire "Alpha Strike"

Each board is a game in progress, drawn from one seed:

* 2 to 4 players (``A``, the caster, and ``B``, ``C``, ``D``) and 1 to 3 battlefields;
* ``units`` units: Might spread as in real play (mostly 1 to 5, a few 0 and a few 6 to 8),
  about one in five at its controller's base, about one in seven with damage marked (never
  lethal yet), one in twelve with Deflect 1 or 2 (809), one in thirty untargetable by
  enemies, a few tagged; one gear for every twenty units (at least two), half of them
  Equipment; the caster controls the first battlefield, and most others are controlled;
* for every card of the library (:func:`riftsolve.cards.library`, one family each:
  split damage, group targets, joint choices), two scenarios: its **finalization** on the
  board, and its **resolution** after play went on: a declaration drawn from the legal ones
  (uniformly when the count allows it, else the fullest of the first few thousand), then
  some of its targets moved to another battlefield or to base, killed, or their Might
  changed, and some bystanders too (359.3.e: what a resolution must re-check);
* for combat (465.2), a defending side of ``units`` receivers with Tank, Backline, Shield,
  marked damage and prevention, from ``_combat_boards.combat_board``.

The files are named ``<family>-<card slug>-<units>-<finalize|resolve>.json`` (combat:
``combat-<units>-resolve.json``); the same seed writes the same files. ``boards()`` yields
the same scenarios in Python, for the suite (``python -m benchmarks``).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from _combat_boards import combat_board  # beside this file: first on the path when run

import riftsolve as rs
from riftsolve.cards import library, slugify
from riftsolve.faces.render import line
from riftsolve.rules.board import BASE, OFFBOARD
from riftsolve.rules.effects import Effect
from riftsolve.rules.families import family_of

SIZES = (10, 100, 1000)
PLAYERS = "ABCD"
BATTLEFIELDS = ("north", "south", "east")
#: Might 0..8, weighted as boards look in play: mostly 1-5.
MIGHT_WEIGHTS = (2, 14, 20, 20, 16, 12, 8, 5, 3)
TAGS = ("Dragon", "Mech", "Poro", "Bird")
#: Declarations looked at when the finalization is too large to sample uniformly.
FIRST_LOOKED = 4000


@dataclass(frozen=True)
class Board:
    """One generated scenario: its name (the file's stem), family, card (``"combat"`` for a
    combat), units on the board, question (``finalize`` or ``resolve``) and data."""

    name: str
    family: str
    card: str
    units: int
    question: str
    data: dict[str, Any]


def unit(rng: random.Random, uid: str, players: str, battlefields: Sequence[str]
         ) -> dict[str, Any]:
    """A unit as the board draws it (see the module's docstring)."""
    might = rng.choices(range(len(MIGHT_WEIGHTS)), weights=MIGHT_WEIGHTS)[0]
    controller = "A" if rng.random() < 0.35 else rng.choice(players[1:])
    drawn: dict[str, Any] = {
        "id": uid, "controller": controller, "might": might,
        "location": rng.choice(battlefields) if rng.random() < 0.8 else BASE}
    if might >= 2 and rng.random() < 0.15:
        drawn["damage"] = rng.randint(1, might - 1)
    if rng.random() < 1 / 12:
        drawn["deflect"] = rng.choice((1, 2))
    if controller != "A" and rng.random() < 1 / 30:
        drawn["untargetable"] = "enemy"
    if rng.random() < 0.1:
        drawn["tags"] = [rng.choice(TAGS)]
    return drawn


def table(units: int, seed: int) -> dict[str, Any]:
    """The board every card is played on at this size and seed: players, battlefields and
    units ``u0000``, ``u0001``, ... (the caster ``A`` always has one at a battlefield, the
    source of a unit's ability)."""
    rng = random.Random(seed * 1_000_003 + units)
    players = PLAYERS[:rng.randint(2, 4)]
    battlefields = list(BATTLEFIELDS[:rng.randint(1, 3)])
    drawn = [unit(rng, f"u{i:04d}", players, battlefields) for i in range(units)]
    drawn[0].update(controller="A", location=battlefields[0], might=max(drawn[0]["might"], 3))
    drawn[0].pop("untargetable", None)
    for i in range(max(2, units // 20)):  # gear, half of it Equipment
        gear: dict[str, Any] = {"id": f"g{i:03d}", "type": "gear", "controller": rng.choice(
            players), "location": BASE}
        if i % 2 == 0:
            gear["tags"] = ["Equipment"]
        drawn.append(gear)
    control = {bf: rng.choice(players) for bf in battlefields if rng.random() < 0.7}
    control[battlefields[0]] = "A"  # "a battlefield you control"
    return {"format": 1, "rules": "1.4", "controller": "A", "battlefields": battlefields,
            "battlefield_control": control, "units": drawn}


def finalization(card: Effect, units: int, seed: int) -> dict[str, Any]:
    """``card`` (an effect of the library) to be finalized on :func:`table`'s board; a
    unit's ability ("here", "another") has the caster's first unit as its source."""
    data = table(units, seed)
    data["card"] = card.name
    if card.needs_source:
        data["source"] = data["units"][0]["id"]
    return data


def declaration(scenario: rs.Scenario, seed: int) -> dict[str, Any] | None:
    """A legal declaration's ``targets`` (as a scenario states them): drawn uniformly when
    the finalization can be indexed, else the one choosing most among the first
    :data:`FIRST_LOOKED`; ``None`` when nothing can be declared."""
    legal = rs.finalize(scenario)
    rng = np.random.default_rng(seed)
    try:
        chosen = legal.sample(rng)
    except (OverflowError, ValueError):
        first = []
        for answer in legal:
            first.append(answer)
            if len(first) == FIRST_LOOKED:
                break
        if not first:
            return None
        chosen = max(first, key=lambda a: len(a.chosen()))
    targets = line(legal, chosen)["targets"]  # as --format jsonl writes it
    assert isinstance(targets, dict)
    return targets


def named(targets: dict[str, Any]) -> list[str]:
    """Every id or name a declaration's ``targets`` holds, in order."""
    found: list[str] = []
    for value in targets.values():
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, list):
            found.extend(v for v in value if isinstance(v, str))
        elif isinstance(value, dict):
            found.extend(v for v in value.values() if isinstance(v, str))
    return found


def play_on(data: dict[str, Any], targets: dict[str, Any], seed: int) -> dict[str, Any]:
    """``data`` with ``targets`` declared, after play went on: each chosen unit, with
    probability about one in three, moved to another battlefield or its base, killed
    (``offboard``), or its Might changed by -2..+2 (not the source: a unit's ability
    resolves from it); one in twenty bystanders moved or changed likewise."""
    rng = random.Random(seed)
    after = copy.deepcopy(data)
    after["targets"] = targets
    chosen = set(named(targets))
    locations = [*after["battlefields"], BASE]
    for drawn in after["units"]:
        if drawn["id"] == after.get("source") or drawn.get("type") == "gear":
            continue
        if rng.random() >= (0.35 if drawn["id"] in chosen else 0.05):
            continue
        change = rng.random()
        if change < 0.4:
            drawn["location"] = rng.choice([p for p in locations if p != drawn["location"]])
        elif change < 0.55:
            drawn["location"] = OFFBOARD
        else:
            drawn["might"] = max(0, drawn["might"] + rng.choice((-2, -1, 1, 2)))
            drawn.pop("damage", None)  # keep marked damage below lethal
    return after


def card_boards(effect: Effect, units: int, seed: int) -> Iterator[Board]:
    """The finalization and, when something can be declared, the resolution of ``effect``
    on a board of ``units`` units."""
    family = family_of(effect).NAME
    stem = f"{family}-{slugify(effect.name)}-{units}"
    data = finalization(effect, units, seed)
    yield Board(f"{stem}-finalize", family, effect.name, units, "finalize", data)
    targets = declaration(rs.parse_scenario(data), seed)
    if targets is not None:
        yield Board(f"{stem}-resolve", family, effect.name, units, "resolve",
                    play_on(data, targets, seed))


def combat(units: int, seed: int) -> Board:
    """A combat's damage assignment with ``units`` receivers."""
    return Board(f"combat-{units}-resolve", "combat", "combat", units, "resolve",
                 combat_board(units, 0, seed))


def boards(sizes: Iterable[int] = SIZES, seed: int = 1, cards: Sequence[str] | None = None
           ) -> Iterator[Board]:
    """Every board, size by size: each card's (every card of the library, or those named in
    ``cards``; ``"combat"`` names the combat) then the combat's."""
    wanted = None if cards is None else {c.casefold() for c in cards}
    for units in sizes:
        for effect in library():
            if wanted is None or effect.name.casefold() in wanted:
                yield from card_boards(effect, units, seed)
        if wanted is None or "combat" in wanted:
            yield combat(units, seed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("out", type=Path, help="folder to write the scenario files to")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES),
                        help="units on each board (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default: 1)")
    parser.add_argument("--cards", nargs="+", help="only these cards ('combat' for combat)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    written = 0
    for board in boards(args.sizes, args.seed, args.cards):
        (args.out / f"{board.name}.json").write_text(json.dumps(board.data, indent=1) + "\n")
        written += 1
    print(f"{written} scenarios written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

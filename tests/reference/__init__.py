"""A deliberately naive reference for the Core Rules (1.4) every family answers: the built-in
library's cards (``library``), inline groups (``groups``), combat damage (``combat``), joint
choices written out card by card (``joint``) and read from their data (``joint_data``), what
an answer does (``outcome``), each module on the naive reading of the board (``board``).

This module is a test oracle. It is written to be obviously correct, not fast:

* It reads the raw scenario dict ("scenario format 1") directly and shares no code with the
  rules engine it checks.
* Finalization is brute force. Every unit is assigned to each slot of the card or to no slot,
  in every combination. Tricksy Tentacles also tries every destination, and Elder Dragon tries
  every mapping from locations to units. The results are then filtered with small predicates,
  one per rule, each naming its Core Rules number.
* Split resolution (Alpha Strike, Volibear) tries every damage vector over the chosen targets
  (each amount 0..pool) and keeps the legal ones.
* Group resolution (355.11.b) tries every subset of the legal chosen units.
* Inline group effects (a scenario whose ``effect`` is ``{"name", "text", "group": {...}}``)
  are read from their fields alone, with no card-specific case: ``group_declarations`` and
  ``group_resolutions`` (see "Inline group effects" below).

Boards in tests have at most about seven units, so exponential enumeration is fine.

Gear (a ``units`` entry with ``"type": "gear"``, no ``might``): "unit" and "gear" mean
different objects on the board (355.9.a.1), and only a gear meets "a gear", only a unit "a
unit" (355.9.b). So a gear is never chosen by the library's cards nor by a split (they all
say "unit": ``is_unit``), takes no part in combat (465.2 is about units), and fills a slot of
an inline group only if the slot's ``kinds`` has ``"gear"`` (``kind_ok``). Every other slot
filter applies to a gear as to a unit; a gear has no Might, which counts as 0 where a cap
refers to it (``_might``).

Answers are canonical JSON strings, ``json.dumps(line, sort_keys=True)``.

Combat damage assignment (465.2, spec/combat.md) is at the end: ``combat_answers`` tries every
vector of amounts over the receivers adding up to the damage (and every Tank-or-Backline choice
for a unit with both, 465.2.c.8-9) and keeps the vectors that pass one small predicate per rule.
Where spec/combat.md and the Core Rules 1.4 differ or are silent, this reference follows the
rules, as read here:

* A receiving unit's lethal amount uses its *current* Might (465.2: "using their current
  Might"; 465.2.c.2 and 142.4.b: lethal is non-zero damage >= the unit's Might). Shield X is
  "while I am a defender, I have +X Might" (814.1.c) and Assault X "while I am an attacker, I
  have +X Might" (807.1.c): a unit's Might really is higher during combat, not only its share
  of the sum. So a defending ``Shield 2`` unit with ``might`` 2 needs 4, and when a defender
  assigns, an attacking ``Assault 1`` unit with ``might`` 2 needs 3. combat.md's formula
  ``max(1, might - damage) + prevent`` names only ``might``; it is read here with ``might``
  meaning the combat Might (the ``might`` field plus the Assault/Shield that applies), which is
  what the rules require. The keyword that does not apply (Shield on an attacker, Assault on a
  defender) changes nothing.
* Negative Might (143.2.b, b.1): Assault/Shield add to the real value; a unit adds
  ``max(0, Might)`` to the sum; as a receiver its lethal amount is still at least 1 (142.4.b,
  "non-zero"), so ``max(1, Might - damage)`` (never below 1, also for a unit already marked
  with lethal damage, which a cleanup would have killed before combat damage anyway).
* Prevent (437.5.a, 465.2.c.5): the lethal amount is the above plus the Prevent Value. With
  ``"all"`` (437.5.b) no amount is lethal, so (465.2.c.3) no damage ever passes it: damage that
  reaches it in the order stays on it, and the units after it (same controller, later group)
  get none; over-assignment elsewhere is impossible while it is unfilled (465.2.c.4). It is
  not exempt (465.2.c.10, Counter Strike example). ``lethal_any`` (142.4.c) makes the lethal
  amount ``1 + prevent``; it does not make a ``"all"`` unit killable.
* Tank and Backline (815.1.b, 826.3) bind only units of the same controller. Each receiver is
  in a group: Tank first, neither, Backline last (465.2.c.6); a unit with both is put in one of
  the two groups by the assigner, unit by unit (465.2.c.8-9). An assignment reachable with
  several such choices is one answer.
* Excess (465.2.c.4, "unless no further units remain"): only once every receiver has its
  lethal amount. Policy ``"any"``: the excess is divided in any way. Policy ``"last"``: it all
  goes on one unit that could be the last one assigned, i.e. a unit of the last non-empty
  group of its own controller (with several controllers, any controller's last group: their
  orders interleave freely).
* Several defending controllers: 462 says a combat is between exactly two players, so the
  multiplayer boards of combat.md cannot arise under 1.4; the reference still handles them as
  combat.md says (orders per controller, at most one partly filled receiver overall).
* ``undamageable`` (465.2.c.10): no amount is lethal and it is "ignored for the purposes of
  assigning lethal damage", so it is no receiver at all (as combat.md says). With damage but no
  receiver, the one answer is ``{"assigned": {}}`` (055: do as much as you can).

The entry points, one per family's question, are named here.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Protocol, cast

from reference.combat import combat_answers as combat_answers
from reference.combat import combat_damage as combat_damage
from reference.combat import combat_lethal as combat_lethal
from reference.combat import has_lethal as has_lethal
from reference.groups import group_declarations as group_declarations
from reference.groups import group_resolutions as group_resolutions
from reference.joint import joint_finalize as joint_finalize
from reference.joint import joint_resolve as joint_resolve
from reference.joint_data import data_finalize as data_finalize
from reference.joint_data import data_resolve as data_resolve
from reference.library import finalize_lines as finalize_lines
from reference.library import resolve_lines as resolve_lines
from reference.outcome import metrics as metrics


class Reference(Protocol):
    """A family's naive reference, as the conformance suite reads it: a module of this
    package naming the families it reads (``FAMILIES``), answering each question with every
    legal line (canonical JSON) of a raw scenario ``doc`` and the card's ``effect``, or
    ``None`` for a card or a board it does not read."""

    FAMILIES: tuple[str, ...]

    def finalize(self, doc: dict[str, Any], effect: Any) -> set[str] | None: ...

    def resolve(self, doc: dict[str, Any], effect: Any) -> set[str] | None: ...


def reference_of(family: str) -> Reference | None:
    """The naive reference of ``family`` (a module of this package whose ``FAMILIES`` names
    it: a new family's is ``tests/reference/<name>.py``), or ``None``."""
    for found in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{found.name}")
        if family in getattr(module, "FAMILIES", ()):
            return cast(Reference, module)
    return None

"""How answers are shown: the CLI contract's JSON line, the keys ``--explain`` adds, and
the headers and cells of a table, chosen by the kind of legal set.

The legal sets hold the rules' answers (count, list, index, verify, explain); what a user
reads of them is decided here, in one place. A family with no rendering of its own is
shown by default: each answer's ``as_json()`` as its line and, in a table, that line.

>>> import riftsolve as rs
>>> legal = rs.resolve(rs.load_scenario(rs.example_path("alpha-strike-shrunk-5-to-3")))
>>> answer = next(iter(legal))
>>> line(legal, answer), noun(legal), headers(legal), cells(legal, answer)
({'damage': {'r1': 1, 'r2': 1, 'r3': 1}}, 'resolutions', ['damage dealt'], ['r1 1, r2 1, r3 1'])
>>> sorted(explained_line(legal, answer))
['counted_targets', 'damage', 'dropped', 'illegal', 'why']
"""

from __future__ import annotations

import json
from functools import singledispatch
from typing import Any

from riftsolve.models.answers import Repeated
from riftsolve.models.choosing import counted_targets, fired_triggers, has_chosen_triggers
from riftsolve.models.explain import Step, ids
from riftsolve.models.families.split import split_effect
from riftsolve.models.i18n import N_, _, ngettext
from riftsolve.solver.families.combat import CombatResolutions
from riftsolve.solver.families.group import GroupDeclarations, GroupResolutions
from riftsolve.solver.families.joint import JointDeclarations, JointResolutions
from riftsolve.solver.families.split import Declarations, Resolutions
from riftsolve.solver.legal import LegalSet
from riftsolve.solver.rank import describe_count
from riftsolve.solver.repeat import RepeatedDeclarations, RepeatedResolutions


@singledispatch
def noun(legal: LegalSet[Any]) -> str:
    """What one answer is called, in plural (a word of the JSON contract's, in English)."""
    return "declarations" if legal.question == "finalize" else "resolutions"


#: "legal declarations" and "no legal declarations", for each :func:`noun`: whole phrases,
#: since a language may put the adjective after the noun and make it agree.
_LEGAL = {"declarations": (N_("legal declarations"), N_("no legal declarations")),
          "resolutions": (N_("legal resolutions"), N_("no legal resolutions")),
          "assignments": (N_("legal assignments"), N_("no legal assignments"))}


#: What one answer is called, for a table's one column.
_SINGULAR = {"declarations": N_("declaration"), "resolutions": N_("resolution"),
             "assignments": N_("assignment")}


def legal_noun(legal: LegalSet[Any]) -> str:
    """``'legal resolutions'``, in the language spoken now."""
    return _(_LEGAL[noun(legal)][0])


def no_legal(legal: LegalSet[Any]) -> str:
    """``'no legal resolutions'``, in the language spoken now."""
    return _(_LEGAL[noun(legal)][1])


def count_title(legal: LegalSet[Any], shown: int, total: int | None) -> str:
    """The title over the first ``shown`` answers of ``legal``, of which there are
    ``total`` (``None``: too many to count): ``'Alpha Strike: 10 legal resolutions (first
    2 shown)'``, in the language spoken now."""
    card = legal.scenario.effect.name
    title = (_("{card}: {legal}").format(card=card, legal=legal_noun(legal)) if total is None
             else _("{card}: {count} {legal}").format(card=card, count=describe_count(total),
                                                      legal=legal_noun(legal)))
    if total is None or total > shown:
        title += ngettext(" (first {shown} shown)", " (first {shown} shown)",
                          shown).format(shown=shown)
    return title


def step_line(step: Step) -> str:
    """One step of a rule trail as a table's explanation prints it.

    >>> step_line({"rule": "355.14.g", "version": "1.4", "detail": "r1 is dealt 1"})
    '  CR 1.4 355.14.g: r1 is dealt 1'
    """
    return f"  CR {step['version']} {step['rule']}: {step['detail']}"


def explained_line(legal: LegalSet[Any], answer: Any) -> dict[str, Any]:
    """The line of ``answer`` with :func:`extras` and its rule trail (``why``)."""
    return {**line(legal, answer), **extras(legal, answer), "why": legal.explain(answer)}


@singledispatch
def line(legal: LegalSet[Any], answer: Any) -> dict[str, Any]:
    """The CLI contract's JSON line for ``answer``: by default the answer's own
    ``as_json()`` (a family registers a line of its own where the format needs the
    scenario, such as slot names)."""
    return dict(answer.as_json())


@singledispatch
def extras(legal: LegalSet[Any], answer: Any) -> dict[str, Any]:
    """The keys ``--explain`` adds to a line: none by default."""
    return {}


@singledispatch
def headers(legal: LegalSet[Any]) -> list[str]:
    """Column names of a readable table of answers: by default one column, the answer's
    line."""
    return [_(_SINGULAR[noun(legal)])]


@singledispatch
def cells(legal: LegalSet[Any], answer: Any) -> list[str]:
    """One row of that table: by default the answer's line as compact JSON."""
    return [json.dumps(line(legal, answer), ensure_ascii=False, separators=(",", ":"))]


# --------------------------------------------------------------------------- split damage


def _illegal_and_counted(legal: Resolutions | GroupResolutions) -> dict[str, Any]:
    """The keys every resolution's explanation has: the chosen targets illegal now, and
    the targets another spell would count (359.3.e.9.a)."""
    version = legal.scenario.rules
    return {"illegal": {unit: failure.said(version) for unit, failure in legal.problem.illegal},
            "counted_targets": counted_targets(legal.scenario)}


@extras.register
def _split_extras(legal: Resolutions, answer: Any) -> dict[str, Any]:
    problem = legal.problem
    common = _illegal_and_counted(legal)
    if problem.pool_null is not None:
        # no target is dropped (355.14.h): the whole damage instruction is ignored
        return {"ignored": problem.pool_null.said(legal.scenario.rules), **common}
    return {"dropped": [t for t in problem.targets if t not in answer.kept], **common}


@headers.register
def _split_headers(legal: Resolutions) -> list[str]:
    return [_("damage dealt")]


@cells.register
def _split_cells(legal: Resolutions, answer: Any) -> list[str]:
    return [", ".join(f"{u} {a}" for u, a in answer.damage) or _("(nothing dealt)")]


@line.register
def _declaration_line(legal: Declarations, answer: Any) -> dict[str, Any]:
    slot = split_effect(legal.scenario).split_slot
    shown: dict[str, Any] = answer.as_json(slot)
    if has_chosen_triggers(legal.scenario):
        friendly = [answer.friendly] if answer.friendly else []
        shown["triggers"] = fired_triggers(legal.scenario,
                                           [("friendly", friendly), (slot, answer.split)])
    return shown


@headers.register
def _declaration_headers(legal: Declarations) -> list[str]:
    return [*split_effect(legal.scenario).slot_names, "Deflect"]


@cells.register
def _declaration_cells(legal: Declarations, answer: Any) -> list[str]:
    friendly = [answer.friendly or ""] if "friendly" in headers(legal) else []
    return [*friendly, ids(answer.split), str(answer.deflect_cost)]


# --------------------------------------------------------------------------- groups


@line.register
def _group_declaration_line(legal: GroupDeclarations, answer: Any) -> dict[str, Any]:
    effect, board = legal.effect, legal.scenario.board
    place_of = (lambda u: board[u].place) if effect.per_place is not None else None
    shown: dict[str, Any] = answer.as_json(tuple((s.name, s.single) for s in effect.slots),
                                           place_of)
    if has_chosen_triggers(legal.scenario):
        shown["triggers"] = fired_triggers(
            legal.scenario, zip(effect.slot_names, answer.selection, strict=True))
    return shown


@headers.register
def _group_declaration_headers(legal: GroupDeclarations) -> list[str]:
    moving = [_("destination")] if legal.effect.destination else []
    return [*legal.effect.slot_names, *moving, "Deflect"]


@cells.register
def _group_declaration_cells(legal: GroupDeclarations, answer: Any) -> list[str]:
    moving = [answer.destination or ""] if legal.effect.destination else []
    return [*(ids(slot) for slot in answer.selection), *moving, str(answer.deflect_cost)]


@extras.register
def _group_extras(legal: GroupResolutions, answer: Any) -> dict[str, Any]:
    problem = legal.problem
    common = _illegal_and_counted(legal)
    if problem.ignored is not None:
        # nobody is left out by choice: the instruction cannot be followed at all
        return {"ignored": problem.ignored.said(legal.scenario.rules), **common}
    return {"left_out": [m.id for m in problem.members if m.id not in answer.kept],
            **common}


@headers.register
def _group_headers(legal: GroupResolutions) -> list[str]:
    moving = [_("unmoved (at the destination)")] if legal.effect.destination else []
    return [legal.effect.verb, *moving]


@cells.register
def _group_cells(legal: GroupResolutions, answer: Any) -> list[str]:
    shown = [ids(answer.units)]
    if legal.effect.destination:
        shown.append(ids(answer.unmoved))
    return shown


# --------------------------------------------------------------------------- Repeat


@line.register
def _repeated_declaration_line(legal: RepeatedDeclarations, answer: Any) -> dict[str, Any]:
    return Repeated.join(line(legal.first, answer.first), line(legal.first, answer.again))


@headers.register
def _repeated_declaration_headers(legal: RepeatedDeclarations) -> list[str]:
    first = headers(legal.first)
    again = (_("repeat: {header}").format(header=h) for h in first[:-1])
    return [*first[:-1], *again, "Deflect"]


@cells.register
def _repeated_declaration_cells(legal: RepeatedDeclarations, answer: Any) -> list[str]:
    first, again = cells(legal.first, answer.first), cells(legal.first, answer.again)
    return [*first[:-1], *again[:-1], str(answer.deflect_cost)]


@line.register
def _repeated_line(legal: RepeatedResolutions, answer: Any) -> dict[str, Any]:
    return Repeated.join(answer.first.as_json(), answer.again.as_json())


@extras.register
def _repeated_extras(legal: RepeatedResolutions, answer: Any) -> dict[str, Any]:
    return {**extras(legal.first, answer.first), "repeat": extras(legal.again, answer.again)}


@headers.register
def _repeated_headers(legal: RepeatedResolutions) -> list[str]:
    again = (_("repeat: {header}").format(header=h) for h in headers(legal.again))
    return [*headers(legal.first), *again]


@cells.register
def _repeated_cells(legal: RepeatedResolutions, answer: Any) -> list[str]:
    return [*cells(legal.first, answer.first), *cells(legal.again, answer.again)]


# --------------------------------------------------------------------------- combat


@noun.register
def _combat_noun(legal: CombatResolutions) -> str:
    return "assignments"


@extras.register
def _combat_extras(legal: CombatResolutions, answer: Any) -> dict[str, Any]:
    """The damage assigned and each receiver's lethal amount (``null``: none is, 437.5.b)."""
    problem = legal.problem
    return {"damage": problem.damage, "lethal": {r.id: r.lethal for r in problem.receivers}}


@headers.register
def _combat_headers(legal: CombatResolutions) -> list[str]:
    """A column per receiver, in its controller's order, naming its lethal amount."""
    return [_("{unit} (lethal {amount})").format(
        unit=r.id, amount=_("never") if r.lethal is None else r.lethal)
        for r in legal.problem.receivers] or [_("assigned")]


@cells.register
def _combat_cells(legal: CombatResolutions, answer: Any) -> list[str]:
    if not legal.problem.receivers:
        return [_("nothing")]
    return [str(answer.amount(r.id) or "") for r in legal.problem.receivers]


# --------------------------------------------------------------------------- joint choices


@headers.register
def _joint_headers(legal: JointDeclarations | JointResolutions) -> list[str]:
    extra = _("deflect") if isinstance(legal, JointDeclarations) else _("declined")
    return [*legal.problem.order, extra]


@cells.register
def _joint_cells(legal: JointDeclarations | JointResolutions, answer: Any) -> list[str]:
    picked = dict(answer.picks)
    extra = (str(answer.deflect_cost) if isinstance(legal, JointDeclarations)
             else ids(list(answer.declined)) if answer.declined else "")
    return [str(picked.get(name)) if picked.get(name) is not None else "-"
            for name in legal.problem.order] + [extra]

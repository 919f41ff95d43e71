"""The legal sets of a joint choice (several objects chosen one after another): answered by
listing the plain question of keys (:mod:`riftsolve.rules.families.picks`), which
counts itself where its links form a forest.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace

from riftsolve._json import JSONOutDoc
from riftsolve.engine.families.registry import register_legal_sets
from riftsolve.engine.legal import (
    Capabilities,
    ListedDeclarations,
    ListedResolutions,
    TextBlock,
    batches,
    text_blocks_of,
)
from riftsolve.engine.starting import (
    FRIENDLY,
    BoardNeeds,
    Role,
    StarterHooks,
    fresh_unit,
    listed,
    owner_of,
    tag_needs,
    whose_words,
)
from riftsolve.formats.lines import ChoiceLines
from riftsolve.i18n import _
from riftsolve.rules.answers.joint import Choice, Executed
from riftsolve.rules.effects import Link, Relation
from riftsolve.rules.effects.joint import JointChoice, Pick
from riftsolve.rules.explain import ids
from riftsolve.rules.families.joint import resolution_choosers
from riftsolve.rules.families.picks import JointProblem


class JointDeclarations(ListedDeclarations[Choice, JointProblem]):
    """Every legal declaration of a joint choice: listed, counted exactly along its links
    (:meth:`riftsolve.rules.families.picks.JointProblem.count`)."""

    CAPABILITIES = Capabilities(text_blocks=True)

    def text_blocks(self, batch: int) -> Iterator[TextBlock]:
        """Lines a batch of the search's assignments (positions in the domains) at a
        time, no answer object made."""
        if self.unpayable is not None:
            return iter(())
        return text_blocks_of(batches(self.problem.positions(), batch),
                              ChoiceLines(self.problem))

    def headers(self) -> list[str]:
        return [*self.problem.order, _("deflect")]

    def cells(self, answer: Choice) -> list[str]:
        return [*_picked(self.problem.order, answer), str(answer.deflect_cost)]


class JointResolutions(ListedResolutions[Executed, JointProblem]):
    """Every legal resolution of a joint choice."""

    def headers(self) -> list[str]:
        return [*self.problem.order, _("declined")]

    def cells(self, answer: Executed) -> list[str]:
        declined = ids(list(answer.declined)) if answer.declined else ""
        return [*_picked(self.problem.order, answer), declined]

    def choosers(self) -> list[str]:
        """Whoever makes its choices on resolution: the chosen opponent (355.10.e), a
        unit's owner (355.2.a)."""
        return resolution_choosers(self.scenario)


def _picked(order: Iterable[str], answer: Choice | Executed) -> list[str]:
    """Each pick's choice in ``order`` (``-``: none)."""
    picked = dict(answer.picks)
    return [str(picked[name]) if picked.get(name) is not None else "-" for name in order]


# --------------------------------------------------------------------------- riftsolve new


def _starter_needs(effect: JointChoice) -> BoardNeeds:
    """The tags and gear of its picks of units and gear; a rune or facedown card for a
    pick of "units, gear, and/or runes"; Energy and Power stated where a pick reads
    them."""
    tags, gear = tag_needs(((pick.kind, pick.also), pick.among, pick.tags)
                           for pick in effect.picks if pick.kind in ("unit", "gear"))
    pieces = [pick for pick in effect.picks if pick.or_piece]
    objects = tuple({"id": f"{piece.or_piece}1", "kind": piece.or_piece, "controller": "A",
                     **({"zone": piece.zone} if piece.zone else {})} for piece in pieces[:1])
    return BoardNeeds(tags, gear, objects, costs=_reads_costs(effect))


def _reads_costs(effect: JointChoice) -> bool:
    """Whether a choice of ``effect`` reads Energy or Power costs."""
    return any(
        p.energy_at_most is not None or p.energy_at_least is not None
        or p.power_at_most is not None or p.energy_within_source_might for p in effect.picks
    ) or any(d.amount_of == "energy" for d in effect.deeds) or any(
        lk.link is Link.NO_COSTLIER for lk in effect.links)


def _starter_fit(effect: JointChoice, board: JSONOutDoc) -> list[JSONOutDoc]:
    """A unit or gear of its own for each pick made now (in the state, at the place, with
    the Might and keyword it asks; equipped, contested), a rune, spell, legend or card in
    its zone, an enemy battlefield."""
    objects: list[JSONOutDoc] = []
    for number, pick in enumerate((p for p in effect.picks if not p.later), 1):
        if pick.kind in ("unit", "gear"):
            fresh = fresh_unit(pick.kind, number, owner=owner_of(pick.among, pick.own),
                               reach=pick.reach, tags=pick.tags,
                               might=(pick.might_at_least, pick.might_at_most),
                               states=(pick.state,), keyword=pick.keyword,
                               tags_any=pick.tags_any)
            listed(board, "units").extend(
                [fresh, *([_equipment(fresh)] if pick.state == "equipped" else [])])
            if pick.contested:  # (in combat with one of them)
                fresh["combat"] = "defending"
                listed(board, "units").append({"id": f"{pick.contested.lower()}{number}",
                                       "controller": "B", "might": 2,
                                       "location": fresh["location"],
                                       "combat": "attacking", "tags": [pick.contested]})
            if pick.or_piece:  # ("units, gear, and/or runes")
                objects.append(_fresh_object(replace(pick, kind=pick.or_piece, also=""),
                                             number))
        elif pick.kind in ("rune", "spell", "ability", "legend", "card"):
            objects.append(_fresh_object(pick, number))
        elif pick.among is Relation.ENEMY:  # an enemy battlefield, held by B
            board["battlefield_control"] = {"north": "A", "south": "B"}
    return objects


def _equipment(unit: JSONOutDoc) -> JSONOutDoc:
    """An Equipment attached to ``unit`` (which is then equipped)."""
    return {"id": f"{unit['id']}-gear", "controller": unit["controller"], "type": "gear",
            "location": unit["location"], "tags": ["Equipment"], "attached": unit["id"]}


def _energy(pick: Pick) -> int:
    """An Energy cost meeting ``pick``'s bounds."""
    if pick.energy_at_least is not None:
        return pick.energy_at_least
    return min(2, pick.energy_at_most) if pick.energy_at_most is not None else 2


def _fresh_object(pick: Pick, number: int) -> JSONOutDoc:
    """A rune, spell, ability, legend or card meeting the restrictions of ``pick``."""
    zone = {"spell": "chain", "ability": "chain", "legend": "legend", "rune": "board"}.get(
        pick.kind, pick.zone or "hand")
    entry: JSONOutDoc = {"id": f"{pick.kind}{number}", "kind": pick.kind,
                  "controller": owner_of(pick.among, pick.own), "zone": zone}
    if pick.kind == "card":
        entry["type"] = pick.card_type or "unit"
    if pick.kind in ("card", "spell"):
        entry["energy"] = _energy(pick)
        entry["power"] = 0
    if pick.kind in ("spell", "ability") and pick.zone in ("", "chain"):
        entry["chooses"] = [FRIENDLY[0][0]]  # (a spell on the Chain: it chooses kai)
    if pick.state == "exhausted":
        entry["exhausted"] = True
    if pick.tags or pick.tags_any:
        entry["tags"] = sorted({*pick.tags, *pick.tags_any[:1]})
    return entry


def _starter_lines(effect: JointChoice, role: Role, words: Mapping[str, str]
                   ) -> Iterator[str]:
    """Each pick: what it chooses, and whether it is written in ``targets``."""
    for pick in effect.picks:
        yield _pick_line(pick, role(pick.name))


def _pick_line(pick: Pick, role: str) -> str:
    kinds = [k for k in (pick.kind, pick.also, pick.or_piece) if k]
    kind = kinds[0] if len(kinds) == 1 else _("{some} or {last}").format(
        some=", ".join(kinds[:-1]), last=kinds[-1])
    what = kind if pick.among is Relation.ANY or pick.kind not in ("unit", "gear") \
        else f"{whose_words(pick.among)} {kind}"
    if pick.tags:
        what += _(" tagged {tags}").format(tags=", ".join(pick.tags))
    if pick.later:
        who = _("by its controller") if pick.chooser == "you" else _("by {chooser}").format(
            chooser=pick.chooser)
        return _("{slot}: {what}, chosen {who} on resolution (not written in "
                 "targets)").format(slot=pick.name, what=what, who=who)
    empty = _(", or none (up to one)") if pick.optional else ""
    return _("{slot}=ID: one {what}{empty}; {role}").format(slot=pick.name, what=what,
                                                           empty=empty, role=role)


register_legal_sets("joint", JointDeclarations, JointResolutions,
                    starter=lambda: StarterHooks.of(JointChoice, needs=_starter_needs,
                                                    fit=_starter_fit, lines=_starter_lines))

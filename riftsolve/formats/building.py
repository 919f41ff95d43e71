"""A validated scenario built into the records the rules read: the card (from the
library, or inline), the board, the chosen targets, checked against each other. The
reading of format 1 (:mod:`riftsolve.formats.format1`) validates a scenario's fields,
with its schema or by hand (:mod:`riftsolve.formats.plain`), then builds it here.

>>> from riftsolve.formats.plain import read_plain
>>> raw = read_plain({"format": 1, "controller": "A", "card": "Alpha Strike",
...     "battlefields": ["north"], "units": [{"id": "kai", "controller": "A", "might": 3,
...     "location": "north"}], "source": "r9"})
>>> build_scenario(raw)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
riftsolve.rules.limits.ScenarioError: source: unknown unit id 'r9' (not in units, nor a ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, TypeAlias

import riftsolve.cards as cards
from riftsolve.cards import store
from riftsolve.i18n import _
from riftsolve.rules.board import Board, ChosenTrigger, Unit
from riftsolve.rules.core_rules import SUPPORTED_VERSIONS
from riftsolve.rules.effects import (
    Action,
    Effect,
    Pool,
    Reach,
    Relation,
    Sharing,
    SplitDamage,
    Zone,
    at_a_battlefield_only,
    empowered_only,
)
from riftsolve.rules.families import family_of
from riftsolve.rules.limits import ScenarioError
from riftsolve.rules.scenario import Policy, Scenario, Targets
from riftsolve.rules.versions import canonical

if TYPE_CHECKING:
    from pathlib import Path

    from riftsolve.formats.plain import PlainScenario
    from riftsolve.formats.schema import EffectIn, GroupIn, ScenarioIn
    from riftsolve.rules.effects.combat import CombatDamage
    from riftsolve.rules.effects.group import GroupTargets
    from riftsolve.rules.pieces import Piece

#: A scenario whose fields are validated: by its schema, or by hand.
RawScenario: TypeAlias = "ScenarioIn | PlainScenario"

#: Declared targets by slot, as validated (:data:`~riftsolve.formats.schema.RawTargets`),
#: or the second execution's under its ``repeat``.
Declared = Mapping[
    str, str | list[str] | Mapping[str, str | list[str] | Mapping[str, str] | None] | None]


def build_scenario(raw: RawScenario, cards: str | Path | None = None) -> Scenario:
    """The :class:`Scenario` a validated scenario describes, checked for what its
    schema cannot check field by field (the card and its slots, the ids named, the board
    as a whole): a :class:`ScenarioError` naming the field otherwise."""
    version = canonical(raw.rules)
    if version is None:
        raise ScenarioError(
            "rules", _("Core Rules version {version} is not supported (supported: {known})"
                       ).format(version=repr(raw.rules), known=", ".join(SUPPORTED_VERSIONS))
        )
    card = _effect(raw, cards) if raw.combat is None else None  # the card's errors first
    board = _board(raw)
    combat: CombatDamage | None = None  # (the question is then the assigner's)
    effect: Effect
    if card is not None:
        effect = card
    else:
        effect = combat = _combat(raw, board)
    if effect.needs_source and raw.source is None:
        raise ScenarioError("source", _("{card} needs the unit whose ability this is").format(
            card=effect.name))
    if raw.source is not None and raw.source not in board and not board.is_battlefield(
            raw.source):
        raise ScenarioError("source", _(
            "unknown unit id {unit} (not in units, nor a battlefield: a battlefield card's "
            "ability names its battlefield)").format(unit=repr(raw.source)))
    source = board.get(raw.source) if raw.source is not None else None  # (a unit's)
    if source is not None and empowered_only(effect.text) and not source.empowered:
        raise ScenarioError("source", _(  # (828.1.b.1)
            "{card} is an ability {source} has only while Empowered (828.1.b.1): {source} "
            "is not").format(card=effect.name, source=raw.source))
    played = at_a_battlefield_only(effect.text) if raw.targets is None else None
    if source is not None and played is not None and not board.is_battlefield(
            source.location):
        raise ScenarioError("source", (_(
            "{card} can be used only while {source} is at a battlefield (377.2.b): {source} "
            "is at {place}") if played == "used" else _(
            "{card} triggers only if {source} is at a battlefield (383.2.a.1): {source} is at "
            "{place}, so it is never put on the Chain")).format(
                card=effect.name, source=raw.source, place=source.location))
    if raw.from_hidden is not None:
        if not board.is_battlefield(raw.from_hidden):
            raise ScenarioError("from_hidden", _("{place} is not a battlefield in play").format(
                place=repr(raw.from_hidden)))
        if not effect.hidden:
            raise ScenarioError("from_hidden", _("{card} has no [Hidden]").format(
                card=effect.name))
    if raw.repeat and not effect.repeat:
        raise ScenarioError("repeat", _("{card} has no [Repeat]").format(card=effect.name))
    if raw.event_battlefield is not None and not board.is_battlefield(raw.event_battlefield):
        raise ScenarioError("event_battlefield", _("{place} is not a battlefield in play"
                                                   ).format(place=repr(raw.event_battlefield)))
    if raw.event_destination is not None and not board.is_battlefield(raw.event_destination):
        raise ScenarioError("event_destination", _("{place} is not a battlefield in play"
                                                   ).format(place=repr(raw.event_destination)))
    if raw.event_battlefield is None and getattr(effect, "needs_event", False):
        raise ScenarioError("event_battlefield", _(
            "{card} moves to the battlefield its trigger names: state it").format(
                card=effect.name))
    if raw.modes_used:
        modes = [p for p in getattr(effect, "picks", ()) if p.kind == "mode" and p.fresh]
        if not modes:
            raise ScenarioError("modes_used", _(
                "{card} has no choice of modes not chosen before this turn").format(
                    card=effect.name))
        if max(raw.modes_used) > modes[0].options:
            raise ScenarioError("modes_used", _("{card} has {count} modes, not {asked}").format(
                card=effect.name, count=modes[0].options, asked=max(raw.modes_used)))
    targets = None if raw.targets is None else _targets(raw.targets, effect, board,
                                                        raw.repeat)
    lethal_any = raw.lethal_any
    if lethal_any is None:  # (the source's passive, active only while it is on the board,
        # 365.1: Elder Dragon killed in response to its own play trigger has none)
        lethal_any = effect.lethal_any and (source is None or source.on_board)
    return Scenario(
        # in a combat the question is the assigner's: its damage, its choices (465.2.c)
        controller=combat.assigner if combat is not None else raw.controller,
        effect=effect,
        board=board,
        source=raw.source,
        bonus_damage=raw.bonus_damage,
        available_power=raw.available_power,
        policy=Policy(group_subset=raw.policy.group_subset,
                      split_illegal=raw.policy.split_illegal,
                      combat_excess=raw.policy.combat_excess,
                      specified_destination=raw.policy.specified_destination),
        targets=targets,
        rules=version,
        from_hidden=raw.from_hidden,
        lethal_any=lethal_any,
        repeat=raw.repeat,
        modes_used=tuple(raw.modes_used),
        event_battlefield=raw.event_battlefield,
        event_destination=raw.event_destination,
    )


def _combat(raw: RawScenario, board: Board) -> CombatDamage:
    """A combat (465.2): no card, effect or targets; a battlefield in play where the
    assigner has a unit."""
    from riftsolve.rules.effects.combat import CombatDamage

    combat = raw.combat
    assert combat is not None
    for field in ("card", "effect", "targets", "source", "from_hidden", "available_power"):
        if getattr(raw, field) is not None:
            raise ScenarioError(field, _("a combat scenario has no {field} (the 'combat' block "
                                         "states the whole question)").format(field=repr(field)))
    if raw.bonus_damage:
        raise ScenarioError("bonus_damage", _("Bonus Damage (715) adds to spells and "
                                              "abilities, not to combat damage"))
    if raw.lethal_any is not None:
        raise ScenarioError("lethal_any", _("in a combat scenario, give it as "
                                            "combat.lethal_any"))
    if not board.is_battlefield(combat.battlefield):
        raise ScenarioError("combat.battlefield", _("{place} is not in battlefields").format(
            place=repr(combat.battlefield)))
    there = sorted({u.controller for u in board
                    if u.location == combat.battlefield and u.is_unit})
    for field, player in (("combat.attacker", combat.attacker),
                          ("combat.assigner", combat.assigner)):
        if player is not None and player not in there:
            raise ScenarioError(field, _(
                "{player} has no unit at {place} (players with units there: {there})").format(
                    player=repr(player), place=repr(combat.battlefield),
                    there=", ".join(there) or _("none")))
    assigner = combat.assigner or combat.attacker
    return CombatDamage(combat.battlefield, combat.attacker, assigner, combat.lethal_any)


def _effect(raw: RawScenario, folder: str | Path | None = None) -> Effect:
    if raw.card is not None and raw.effect is not None:
        raise ScenarioError("effect", _("give either 'card' or 'effect', not both"))
    if raw.effect is not None:
        return _inline_effect(raw.effect)
    if raw.card is None:
        raise ScenarioError("card", _("required field is missing (or give an inline 'effect')"))
    return find_card(raw.card, folder)


def find_card(name: str, folder: str | Path | None = None, field: str = "card") -> Effect:
    """The library card ``name`` (built in, else imported from ``folder``); an error
    naming ``field``, the card and the cards known otherwise."""
    try:
        return cards.card(name, folder)
    except KeyError:
        from pathlib import Path

        from riftsolve.formats.suggest import did_you_mean

        several = cards.abilities_of(name, folder)
        if several:
            raise ScenarioError(field, _(
                "{card} has {count} abilities that choose, each its own question: name one "
                "({names})").format(card=repr(name), count=len(several),
                                    names=", ".join(repr(n) for n in several))) from None
        known = ", ".join(c.name for c in cards.library())
        imported = len(cards.user_library(folder))
        where = store.default_folder() if folder is None else Path(folder)
        also = (_("; {count} imported cards in {folder}") if imported else
                _("; no imported library in {folder}: 'riftsolve cards import FILE'")).format(
                    count=imported, folder=where)
        names = [c.name for c in (*cards.library(), *cards.user_library(folder).values())]
        raise ScenarioError(field, _("unknown card {card}").format(card=repr(name))
                            + did_you_mean(name, names) + _(" (built in: {known}{also})").format(
                                known=known, also=also)) from None
    except store.LibraryError as error:
        raise ScenarioError(field, str(error)) from None


def _inline_effect(raw: EffectIn) -> Effect:
    if (raw.split is None) == (raw.group is None):
        raise ScenarioError("effect", _("give exactly one of 'split' or 'group'"))
    if raw.group is not None:
        return _inline_group(raw.name, raw.text, raw.group)
    split = raw.split
    assert split is not None
    from_might = split.amount == "friendly-might"
    bonus = (not from_might) if split.bonus_damage is None else split.bonus_damage
    return SplitDamage(
        name=raw.name,
        slug=cards.slugify(raw.name),
        text=raw.text,
        pool=Pool.FRIENDLY_MIGHT if from_might else Pool.FIXED,
        amount=0 if isinstance(split.amount, str) else split.amount,
        among=Relation(split.among),
        zone=Zone(split.at),
        bonus_applies=bonus,
        worded=False,
    )


def _inline_group(name: str, text: str, raw: GroupIn) -> GroupTargets:
    from riftsolve.rules.effects.group import GroupSlot, GroupTargets

    action = _inline_action(raw)
    if action is Action.DEAL and raw.damage < 1:
        raise ScenarioError("effect.group.damage",
                            _("a 'deal' effect deals at least 1 to each"))
    if action is not Action.DEAL and raw.damage:
        raise ScenarioError("effect.group.damage", _(
            "only a 'deal' effect deals damage (its action is {action})").format(
                action=repr(action.value)))
    slots: list[GroupSlot] = []
    for slot in raw.slots:
        field = f"effect.group.slots[{slot.name}]"
        if slot.name in ("destination", *(s.name for s in slots)):
            raise ScenarioError(field, _("slot name {name} is taken").format(
                name=repr(slot.name)))
        if slot.most is not None and slot.least > slot.most:
            raise ScenarioError(field, _("least {least} is more than most {most}").format(
                least=slot.least, most=slot.most))
        slots.append(GroupSlot(slot.name, Relation(slot.among), Reach(slot.at), slot.least,
                               slot.most, tuple(slot.tags), slot.other, slot.might_at_most,
                               tuple(slot.kinds), slot.own, tuple(slot.states)))
    return GroupTargets(
        name=name, slug=cards.slugify(name), text=text, action=action, damage=raw.damage,
        label=raw.verb or "", slots=tuple(slots), might_cap=raw.might_cap,
        sharing=Sharing(raw.share), same_controller=raw.same_controller, hidden=raw.hidden,
        destination=raw.destination, repeat=raw.repeat, worded=False,
    )


def _inline_action(raw: GroupIn) -> Action:
    """The inline group's action: ``action``, else the one whose words ``verb`` is (an
    earlier form of the format named the action only by its words), else ``affect``."""
    if raw.action is not None:
        return Action(raw.action)
    words = {action.verb(raw.damage): action for action in Action}
    return words.get(raw.verb or "", Action.AFFECT)


def _board(raw: RawScenario) -> Board:
    """The board; :class:`Board` and :class:`Unit` check what the schema can't (unique ids
    and battlefields, known locations, one team each)."""
    for unit in raw.units:
        if unit.might is None and unit.type == "unit":
            raise ScenarioError(f"units[{unit.id}].might", _(
                "input should be a valid integer: a unit has Might (got none)"))
        if unit.might is not None and unit.type == "gear":
            raise ScenarioError(f"units[{unit.id}].might", _("a gear has no Might"))
    units = tuple(
        Unit(id=unit.id, controller=unit.controller, might=unit.might or 0, type=unit.type,
             location=unit.location, damage=unit.damage, deflect=unit.deflect,
             untargetable=unit.untargetable, tags=tuple(unit.tags), value=unit.value,
             stunned=unit.stunned, keywords=tuple(unit.keywords), prevent=unit.prevent,
             undamageable=unit.undamageable, exhausted=unit.exhausted, combat=unit.combat,
             buffed=unit.buffed, moved=unit.moved, token=unit.token, energy=unit.energy,
             power=unit.power, empowered=unit.empowered, attached=unit.attached or "",
             on_chosen=tuple(ChosenTrigger(t) if isinstance(t, str) else
                             ChosenTrigger(t.text, t.by) for t in unit.on_chosen))
        for unit in raw.units)
    pieces: tuple[Piece, ...] = ()
    if raw.objects:  # (runes, spells, legends, cards: most scenarios have none)
        from riftsolve.rules.pieces import Piece

        pieces = tuple(Piece(o.id, o.kind, o.controller, o.zone or "", tuple(o.tags),
                             o.exhausted, o.type, o.might, o.energy, o.power,
                             tuple(o.keywords), tuple(o.chooses))
                       for o in raw.objects)
    return Board(tuple(raw.battlefields), units, tuple(tuple(team) for team in raw.teams),
                 tuple(raw.battlefield_control.items()), pieces)


def _targets(raw: Declared, effect: Effect, board: Board, repeat: bool,
             field_prefix: str = "targets") -> Targets:
    """The declared targets, checked against the card's slots; with ``repeat``, the
    second execution's choices under ``repeat``, checked the same way (820.2)."""
    slots = effect.slot_names
    moves = effect.destination
    for slot in raw:
        if slot == "repeat" and repeat:
            continue
        if slot == "repeat" and effect.repeat:
            raise ScenarioError(f"{field_prefix}.repeat", _(
                "the choices of a second execution need the Repeat cost paid (top-level "
                "'repeat': true)"))
        if slot not in slots and not (moves and slot == "destination"):
            raise ScenarioError(
                f"{field_prefix}.{slot}",
                _("{card} has no slot {slot} (its slots: {slots})").format(
                    card=effect.name, slot=repr(slot), slots=", ".join(slots)),
            )
    for slot in (*slots, *(("repeat",) if repeat else ())):
        if slot not in raw:
            what = (_("the second execution's choices (Repeat is paid) are missing")
                    if slot == "repeat" else
                    _("required slot of {card} is missing").format(card=effect.name))
            raise ScenarioError(f"{field_prefix}.{slot}", what)
    targets = family_of(effect).read_targets(raw, effect, board, field_prefix)
    if not repeat:
        return targets
    second = raw["repeat"]
    if not isinstance(second, dict):
        raise ScenarioError(f"{field_prefix}.repeat", _("takes the second execution's "
                                                        "targets, shaped like 'targets'"))
    return replace(targets, repeat=_targets(second, effect, board, False,
                                            f"{field_prefix}.repeat"))

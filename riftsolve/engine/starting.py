"""What a family tells ``riftsolve new`` (:mod:`riftsolve.faces.starter`) about its cards:
the board they need (:class:`BoardNeeds`), what a board must gain for their choices to
be made (``fit``), and a comment line per slot (``lines``), registered with the family's
legal sets (:func:`riftsolve.engine.families.registry.register_legal_sets`); and the
example board's vocabulary the families and the starting file share.

>>> fresh_unit("unit", 1, owner="B", reach=Reach.BASE, tags=("Mech",), might=(None, 2),
...            states=("stunned",))
{'id': 'foe1', 'controller': 'B', 'location': 'base', 'might': 1, 'tags': ['Mech'], 'stunned': True}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TypeVar

from riftsolve._json import JSONOut, JSONOutDoc
from riftsolve.i18n import _
from riftsolve.rules.effects import Effect, Reach, Relation

#: The example board: the controller's units, then an opponent's.
FRIENDLY = (("kai", 3, "north"), ("lux", 2, "south"))
ENEMY = (("r1", 2, "north"), ("r2", 1, "north"), ("r3", 3, "south"), ("r4", 1, "base"))
#: Each state a choice may ask of a unit, as the unit's field that says it.
STATES: dict[str, tuple[str, bool | str]] = {
    "exhausted": ("exhausted", True), "stunned": ("stunned", True), "buffed": ("buffed", True),
    "moved": ("moved", True), "token": ("token", True), "empowered": ("empowered", True),
    "attacking": ("combat", "attacking"), "defending": ("combat", "defending")}
#: The player whose object a choice among friendly, enemy or any objects finds first.
OWNER = {Relation.FRIENDLY: "A", Relation.ENEMY: "B", Relation.ANY: "B"}

#: An effect of one family, as its hooks take it.
E = TypeVar("E")
#: The words of a slot's role and the rule deciding it, by the slot's name.
Role = Callable[[str], str]


@dataclass(frozen=True)
class BoardNeeds:
    """What the example board needs for a card: the tags its units carry, by whose
    (``friendly``, ``enemy``, ``any``, ``gear``); whether it needs a gear; the objects it
    holds (a rune, a facedown card); whether its choices read Energy and Power costs
    (then stated on every unit); and whether a board on which the best declaration
    chooses nothing lacks what the card needs (a unit in a state, an open battlefield)."""

    tags: tuple[tuple[str, frozenset[str]], ...] = ()
    gear: bool = False
    objects: tuple[Mapping[str, JSONOut], ...] = ()
    costs: bool = False
    refit_when_empty: bool = False


def tag_needs(choices: Iterable[tuple[Iterable[str], Relation, Iterable[str]]]
              ) -> tuple[tuple[tuple[str, frozenset[str]], ...], bool]:
    """The tags the units need by whose, and whether a gear is needed, from each choice's
    kinds (``unit``, ``gear``), among whom, and tags."""
    needs: list[tuple[str, frozenset[str]]] = []
    gear = False
    for kinds, among, tags in choices:
        kinds = tuple(kinds)
        if "gear" in kinds and "unit" in kinds:  # ("a unit or gear": both on the board)
            gear = True
            needs.append((among.value, frozenset(tags)))
        elif "gear" in kinds:
            gear = True
            needs.append(("gear", frozenset(tags)))
        else:
            needs.append((among.value, frozenset(tags)))
    return tuple(needs), gear


@dataclass(frozen=True)
class StarterHooks:
    """A family's parts of ``riftsolve new``: each ``None`` where it has nothing of its
    own (no needs; nothing to fit; its slots written as :func:`slot_shapes
    <riftsolve.rules.families.registry.slot_shapes>` says); :meth:`of` makes them of
    functions typed for the family's effects."""

    #: The example board's needs of an effect.
    needs: Callable[[Effect], BoardNeeds] | None = None
    #: Adds to a format-1 board being written the units and places an effect's choices
    #: need; returns the objects (runes, spells, cards ...) they need.
    fit: Callable[[Effect, JSONOutDoc], list[JSONOutDoc]] | None = None
    #: A comment line per slot, given each slot's role (empty for a slot with none) and
    #: the card's words by slot.
    lines: Callable[[Effect, Role, Mapping[str, str]], Iterator[str]] | None = None

    @classmethod
    def of(cls, kind: type[E], *, needs: Callable[[E], BoardNeeds] | None = None,
           fit: Callable[[E, JSONOutDoc], list[JSONOutDoc]] | None = None,
           lines: Callable[[E, Role, Mapping[str, str]], Iterator[str]] | None = None
           ) -> StarterHooks:
        """The hooks of a family whose effects are of type ``kind``, each asked only
        about those (another effect is a :class:`TypeError`).

        >>> from riftsolve.cards import card
        >>> from riftsolve.rules.effects.group import GroupTargets
        >>> hooks = StarterHooks.of(GroupTargets, needs=lambda effect: BoardNeeds())
        >>> hooks.needs is not None and hooks.needs(card("Fox-Fire")) == BoardNeeds()
        True
        """

        def own(effect: Effect) -> E:
            if not isinstance(effect, kind):
                raise TypeError(f"not a {kind.__name__} effect: {type(effect).__name__}")
            return effect

        return cls(None if needs is None else lambda effect: needs(own(effect)),
                   None if fit is None else lambda effect, board: fit(own(effect), board),
                   None if lines is None else lambda effect, role, words: lines(
                       own(effect), role, words))


def fresh_unit(kind: str, number: int, *, owner: str, reach: Reach,
               tags: Iterable[str] = (), might: tuple[int | None, int | None] = (None, None),
               states: Iterable[str] = (), keyword: str = "",
               tags_any: tuple[str, ...] = ()) -> JSONOutDoc:
    """A unit (or gear, ``kind``) of ``owner``'s meeting a choice's restrictions on its
    own: where it may stand, its tags, its Might within ``might`` (at least, at most), the
    states it is in, a keyword, one of ``tags_any``."""
    where = {Reach.BASE: "base", Reach.HERE: FRIENDLY[0][2]}.get(reach, "north")
    entry: JSONOutDoc = {"id": f"{'ally' if owner == 'A' else 'foe'}{number}", "controller": owner,
                  "location": where}
    if kind == "gear":
        entry["type"] = "gear"
    else:
        least, most = might
        entry["might"] = max(2, least or 0) if most is None else min(max(least or 0, 1), most)
    tags = tuple(tags)
    if tags:
        entry["tags"] = sorted(tags)
    for state in states:
        if state == "attached" and kind == "gear":  # (on the first unit of its controller's)
            entry["attached"] = FRIENDLY[0][0] if owner == "A" else ENEMY[0][0]
            entry["location"] = (FRIENDLY if owner == "A" else ENEMY)[0][2]
        if state in STATES:
            name, value = STATES[state]
            entry[name] = value
    if keyword:
        entry["keywords"] = [keyword]
    if tags_any:
        entry["tags"] = sorted({*tags, tags_any[0]})
    return entry


def listed(board: JSONOutDoc, key: str) -> list[JSONOut]:
    """The list ``board[key]`` of a board being written (its ``units``, its
    ``battlefields``), which a family's ``fit`` extends in place.

    >>> board: JSONOutDoc = {"units": []}
    >>> listed(board, "units").append({"id": "r1"}); board
    {'units': [{'id': 'r1'}]}
    """
    found = board[key]
    if not isinstance(found, list):
        raise TypeError(f"a board's {key} are a list, not {type(found).__name__}")
    return found


def owner_of(among: Relation, own: bool) -> str:
    """The player whose object a choice finds first: the controller's own (``A``), else by
    :data:`OWNER`."""
    return "A" if own else OWNER[among]


def how_many_words(least: int, most: int | None) -> str:
    """A slot's number of units in words: ``up to 2``, ``any number of`` ..."""
    if most is None:
        return _("any number of") if not least else _("{n} or more").format(n=least)
    if least == most:
        return str(most)
    return _("up to {n}").format(n=most) if not least else _(
        "{least} to {most}").format(least=least, most=most)


def whose_words(among: Relation) -> str:
    """``friendly``, ``enemy`` or ``any``, in the language spoken now."""
    return {Relation.FRIENDLY: _("friendly"), Relation.ENEMY: _("enemy"),
            Relation.ANY: _("any")}[among]


def reach_words(reach: Reach) -> str:
    """Where a slot's units stand, in words."""
    return {Reach.BATTLEFIELD: _("at a battlefield"), Reach.BOARD: _("anywhere on the board"),
            Reach.HERE: _("at the source's battlefield (here)"),
            Reach.BASE: _("at a base")}[reach]

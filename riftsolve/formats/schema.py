"""Scenario format 1's schema: the pydantic models a scenario's JSON (and the board
notation, converted to the same structure) is validated with, field by field, and the
JSON Schema made from them. Reading, messages and building are
:mod:`riftsolve.formats.format1`'s.

>>> json_schema()["properties"]["format"]["const"]
1
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from riftsolve._json import JSONOutDoc
from riftsolve.formats.decoded import IGNORED_KEYS
from riftsolve.i18n import _
from riftsolve.rules.core_rules import DEFAULT_VERSION
from riftsolve.rules.effects import (
    Action,
)
from riftsolve.rules.limits import (
    LIMIT,
    VALUE_LIMIT,
)

FORMAT_VERSION = 1



# --------------------------------------------------------------------------- input schema

NonNegative = Annotated[int, Field(ge=0, le=LIMIT)]

#: The ``targets`` field as written: per slot, one id, a list of ids, or (for "at each
#: location" cards) ``{location: id}``; plus ``destination`` for a move and ``repeat``, the
#: choices of a Repeat's second execution, shaped the same way.
RawTargets = dict[str, str | list[str] | dict[str, str | list[str] | dict[str, str] | None]
                  | None]


def _drop_extension_keys(data: object, ignored: frozenset[str] = frozenset()) -> object:
    """Remove ``x-`` keys (and ``ignored`` ones) so that any other unknown key is an error."""
    if isinstance(data, Mapping):
        return {k: v for k, v in data.items() if not (str(k).startswith("x-") or k in ignored)}
    return data


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _extensions(cls, data: object) -> object:
        return _drop_extension_keys(data)


class ChosenTriggerIn(_Strict):
    """A "when ... choose(s) me" trigger and whose choice fires it."""

    text: str = Field(min_length=1)
    by: Literal["you", "opponent", "any"] = Field(
        "you", description="'you': its controller's choices; 'opponent'; or 'any' player's"
    )


class ObjectIn(_Strict):
    """A rune, a spell or ability on the Chain, a legend, or a card in a zone."""

    id: str = Field(min_length=1, description="unique name of this game object")
    kind: Literal["rune", "spell", "ability", "legend", "card"] = Field(
        description="'rune', 'spell', 'ability' (on the Chain), 'legend', or 'card' (in a "
        "zone)")
    controller: str = Field(min_length=1, description="its controller (a card's owner)")
    zone: Literal["board", "chain", "legend", "hand", "trash", "deck", "revealed",
                  "facedown", "offboard"] | None = Field(
        None, description="where it is: a card's zone (required for a card); 'offboard' "
        "for a rune, spell or legend no longer there")
    tags: list[str] = Field(default_factory=list, description="domains, tags and traits")
    exhausted: bool = Field(False, description="whether a rune or legend is exhausted")
    type: Literal["unit", "gear", "spell", ""] = Field(
        "", description="a card's type: 'unit', 'gear' or 'spell'")
    might: int | None = Field(None, ge=-LIMIT, le=LIMIT, description="a unit card's Might")
    energy: int | None = Field(None, ge=0, le=LIMIT, description="its Energy cost (for a "
                               "card that chooses by cost)")
    power: int | None = Field(None, ge=0, le=LIMIT, description="its Power cost (for a card "
                              "that chooses by cost)")
    keywords: list[str] = Field(default_factory=list, description="its keywords, for a card "
                                "that chooses by one ('a card with [Hidden]')")
    chooses: list[str] = Field(default_factory=list, description="a spell's or ability's on "
                               "the Chain: the ids of the units and objects it chooses ('a "
                               "spell that chooses a friendly unit')")


class UnitIn(_Strict):
    """One unit as the scenario states it now."""

    id: str = Field(min_length=1, description="unique name of this game object")
    controller: str = Field(min_length=1, description="player controlling it now")
    type: Literal["unit", "gear"] = Field("unit", description="'unit', or 'gear' (a gear "
                                          "has no Might; only a choice of gear takes it)")
    might: int | None = Field(None, ge=-LIMIT, le=LIMIT, description="current Might; may be "
                              "negative (143.2.b); required for a unit, none for a gear")
    location: str = Field(
        description="a battlefield name, 'base' (its controller's base) or 'offboard'"
    )
    damage: NonNegative = Field(0, description="damage already marked on it")
    deflect: NonNegative = Field(0, description="its total Deflect value (809)")
    untargetable: Literal["enemy", "all"] | None = Field(
        None, description="'enemy': can't be chosen by enemy spells or abilities; 'all': by any"
    )
    tags: list[str] = Field(default_factory=list, description="tags, domains and other traits")
    value: int = Field(0, ge=-VALUE_LIMIT, le=VALUE_LIMIT,
                       description="what killing it is worth to the controller "
                       "(objective 'value' of riftsolve best)")
    stunned: bool = Field(False, description="whether it is stunned (423): it adds no Might "
                          "to combat damage this turn")
    keywords: list[str] = Field(default_factory=list, description="combat keywords: 'Tank' "
                                "(815), 'Backline' (826), 'Assault N' (807), 'Shield N' (814)")
    prevent: int | Literal["all"] = Field(
        0, description="damage prevented from each assignment to it (437.5): a non-negative "
        "integer, or 'all': no amount is ever lethal")
    undamageable: bool = Field(False, description="it cannot be dealt damage (465.2.c.10): "
                               "never assigned combat damage")
    exhausted: bool = Field(False, description="whether it is exhausted (a cost that "
                            "exhausts a unit needs a ready one)")
    combat: Literal["", "attacking", "defending"] = Field(
        "", description="'attacking' or 'defending': its part in the combat at its "
        "battlefield (an attacker or a defender), for 'an attacking unit'")
    buffed: bool = Field(False, description="whether it has a buff (702): 'spend a buff' "
                         "spends a buffed unit's")
    moved: bool = Field(False, description="whether it moved this turn ('an enemy unit that "
                        "moved this turn')")
    token: bool = Field(False, description="whether it is a token ('your token units')")
    empowered: bool = Field(False, description="whether it is Empowered ('a unit that's "
                            "[Empowered]')")
    attached: str | None = Field(None, min_length=1, description="a gear's: the id of the "
                                 "unit it is attached to (an attached Equipment; that unit "
                                 "is equipped)")
    energy: int | None = Field(None, ge=0, le=LIMIT, description="its Energy cost (for a "
                               "card that chooses by cost: 'a gear with Energy cost 4 or less')")
    power: int | None = Field(None, ge=0, le=LIMIT, description="its Power cost (for a card "
                              "that chooses by cost)")
    on_chosen: list[str | ChosenTriggerIn] = Field(
        default_factory=list,
        description="Targeting Effects (383.4.b): 'When you choose me, ...' triggers, as text "
        "(fired by its controller's choices) or {text, by}",
    )


    @field_validator("prevent", mode="before")
    @classmethod
    def _prevent_is_an_amount_or_all(cls, value: object) -> object:
        if value == "all" or (isinstance(value, int) and not isinstance(value, bool)
                              and 0 <= value <= LIMIT):
            return value
        raise ValueError(_("a non-negative integer (at most {limit}) or 'all', not {value}"
                           ).format(limit=f"{LIMIT:,}", value=json.dumps(value, default=str)))


class SplitIn(_Strict):
    """An inline split-damage effect (355.14)."""

    amount: NonNegative | Literal["friendly-might"] = Field(
        description="damage to split, or 'friendly-might': the chosen friendly unit's Might"
    )
    among: Literal["enemy", "friendly", "any"] = Field(
        "enemy", description="whose units may be chosen"
    )
    at: Literal["battlefields", "here"] = Field(
        "battlefields", description="'battlefields', or 'here': the source's battlefield"
    )
    bonus_damage: bool | None = Field(
        None,
        description="whether Bonus Damage (715.3) adds to the amount; "
        "default: yes for a printed amount, no for 'friendly-might' (417.6.b.3)",
    )


class GroupSlotIn(_Strict):
    """One slot of an inline group effect."""

    name: str = Field(min_length=1, description="the slot's key in 'targets'")
    among: Literal["enemy", "friendly", "any"] = Field("any", description="whose units")
    at: Literal["battlefield", "board", "here"] = Field(
        "battlefield", description="each member at a battlefield, anywhere on the board, or "
        "'here': at the source's battlefield (the scenario names the source)"
    )
    least: NonNegative = Field(0, description="fewest units (0: 'any number', 'up to')")
    most: Annotated[int, Field(ge=1, le=LIMIT)] | None = Field(
        None, description="most units (none: any)")
    tags: list[str] = Field(default_factory=list, description="tags every member must have")
    other: bool = Field(False, description="'another': any unit but the source (the "
                        "scenario names the source)")
    might_at_most: NonNegative | None = Field(None, description="each member's own Might "
                                              "at most this ('each with N Might or less')")
    kinds: list[Literal["unit", "gear"]] = Field(
        default_factory=lambda: list[Literal["unit", "gear"]](["unit"]), min_length=1,
        description="what the slot chooses: units, gear, or either ('a unit or gear')")
    own: bool = Field(False, description="'you control': the controller's own units, not a "
                      "teammate's")
    states: list[Literal["exhausted", "ready", "stunned", "buffed", "moved", "attacking",
                         "defending", "token", "empowered"]] = Field(
        default_factory=list, description="states every member is in ('any number of your "
        "buffed units': ['buffed'])")


#: An inline group's action, by the names ``action`` takes.
ACTIONS = {action.value: action for action in Action}


class GroupIn(_Strict):
    """An inline group effect (355.11): slots and the requirement they meet together."""

    action: Literal["kill", "deal", "move", "stun", "swap-might", "return-to-hand",
                    "affect"] | None = Field(
        None, description="what the effect does to each unit it affects; 'deal' deals "
        "'damage' to each; 'affect': not modelled (default: read from 'verb', else 'affect')")
    damage: NonNegative = Field(0, description="damage a 'deal' effect deals to each unit")
    verb: str | None = Field(None, description="the effect's instruction in words, for "
                             "tables (default: from 'action')")
    slots: list[GroupSlotIn] = Field(min_length=1)
    might_cap: NonNegative | None = Field(None, description="total Might at most this")
    share: Literal["nothing", "battlefield", "location"] = Field(
        "nothing", description="what every member must share: one battlefield or location"
    )
    same_controller: bool = Field(False, description="whether members share one controller")
    hidden: bool = Field(False, description="whether the card has [Hidden]")
    destination: bool = Field(False, description="whether it moves the group to a location")
    repeat: bool = Field(False, description="whether the card has [Repeat] (820)")


class EffectIn(_Strict):
    """An inline effect definition for a card the library does not have: a ``split`` or a
    ``group``."""

    name: str = Field(min_length=1)
    text: str = ""
    split: SplitIn | None = None
    group: GroupIn | None = None


class PolicyIn(_Strict):
    """Rule-reading switches where sources disagree."""

    group_subset: Literal["maximal", "any"] = Field(
        "maximal", description="355.11.b: keep a maximal subset (Origins FAQ) or any subset"
    )
    split_illegal: Literal["redistribute", "forfeit"] = Field(
        "redistribute",
        description="illegal split targets on resolution: 'redistribute' the whole pool among "
        "the legal ones (359.3.e.8, riftboundfaq), or 'forfeit' the damage assigned to them",
    )
    combat_excess: Literal["any", "last"] = Field(
        "any", description="combat damage left once every receiver has lethal damage "
        "(465.2.c.4): 'any' division among the receivers, or all on one unit that could be "
        "assigned 'last'")
    specified_destination: Literal["unrestricted", "elsewhere"] = Field(
        "unrestricted", description="a move to a destination the card specifies ('to that "
        "battlefield'): chosen by no one (355.4), it restricts no target ('unrestricted': a "
        "unit already there may be chosen, its move does nothing), or 355.4.a keeps the "
        "unit 'elsewhere'")


class CombatIn(_Strict):
    """The Combat Damage step at one battlefield (465.2): who attacks, whose assignment."""

    battlefield: str = Field(min_length=1, description="where the combat is")
    attacker: str = Field(min_length=1, description="the attacking player; every other "
                          "player with units there defends")
    assigner: str | None = Field(None, min_length=1, description="whose assignment: the "
                                 "attacker's (the default, 465.2.c) or a defender's")
    lethal_any: bool = Field(False, description="the assigner's damage is lethal in any "
                             "amount (142.4.c, Elder Dragon)")


class ScenarioIn(_Strict):
    """Scenario format 1 (see ``riftsolve schema``)."""

    format: Literal[1] = Field(description="always 1, the number (not true, not 1.0)")
    rules: str = Field(DEFAULT_VERSION, description="the Core Rules text that rules the "
                       "scenario: its date (2026-10-09, 2026-07-16, 2026-06-18 ...) or its "
                       "number (1.4, 1.3, 1.2); the newest text when absent")
    controller: str = Field(min_length=1)
    card: str | None = None
    effect: EffectIn | None = None
    combat: CombatIn | None = Field(None, description="a combat damage assignment (465.2) "
                                    "instead of a card's effect")
    source: str | None = None
    from_hidden: str | None = Field(
        None, description="the battlefield a [Hidden] card was played from (811.1.d.2)"
    )
    bonus_damage: NonNegative = 0
    available_power: NonNegative | None = None
    policy: PolicyIn = PolicyIn()
    teams: list[list[Annotated[str, Field(min_length=1)]]] = Field(
        default_factory=list, description="teams of a team game (2v2): players listed "
        "together are teammates, friendly to each other (740.1.a); others are opponents")
    lethal_any: bool | None = Field(
        None, description="any amount of the controller's damage is enough to kill enemy "
        "units (142.4.c, Elder Dragon's passive); default: yes for Elder Dragon's own play "
        "trigger while its source is on the board (a passive is active only there, 365.1), "
        "no otherwise")
    repeat: bool = Field(False, description="the controller pays the card's [Repeat] cost: "
                         "its effect is executed a second time, with choices of its own (820)")
    event_battlefield: str | None = Field(
        None, description="the battlefield a triggered ability's event names ('When you play "
        "a gear with [Deploy], ... to that battlefield': where that gear was played)")
    event_destination: str | None = Field(
        None, description="the battlefield a triggered ability's move went to ('a battlefield "
        "I moved to', fixed as it triggered, 359.3.f.3); default: the source's battlefield now")
    modes_used: list[Annotated[int, Field(ge=1, le=LIMIT)]] = Field(
        default_factory=list, description="the modes of the card (1, 2 ...) chosen before this "
        "turn, for 'Choose one you've not chosen this turn -'")
    battlefields: list[str]
    battlefield_control: dict[str, Annotated[str, Field(min_length=1)]] = Field(
        default_factory=dict, description="who controls each controlled battlefield: "
        "{battlefield: player}")
    units: list[UnitIn]
    objects: list[ObjectIn] = Field(
        default_factory=list, description="runes, spells and abilities on the Chain, "
        "legends and cards in zones that a card may choose")
    targets: RawTargets | None = None

    @model_validator(mode="before")
    @classmethod
    def _extensions(cls, data: object) -> object:
        return _drop_extension_keys(data, IGNORED_KEYS)

    @field_validator("format", mode="before")
    @classmethod
    def _format_is_the_number_one(cls, value: object) -> object:
        if type(value) is not int:  # JSON true and 1.0 equal 1 in Python: not here
            raise ValueError(_("must be the number 1, not {value}").format(
                value=json.dumps(value, default=str)))
        return value


def json_schema() -> JSONOutDoc:
    """The JSON Schema of scenario format 1."""
    schema: JSONOutDoc = ScenarioIn.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "riftsolve scenario, format 1"
    return schema


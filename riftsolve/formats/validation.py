"""A scenario validated with its schema (:mod:`riftsolve.formats.schema`), and the
schema's first error said as one line naming the field (inside ``units``, by the unit's
id). The reading of format 1 comes here for what it does not read by hand
(:mod:`riftsolve.formats.plain`): every error, and the less common fields.

>>> validate({"format": 1, "controller": "A", "card": "Alpha Strike", "battlefields": [],
...           "units": [{"id": "kai", "controller": "A", "might": 2.5, "location": "b"}]})
Traceback (most recent call last):
...
riftsolve.rules.limits.ScenarioError: units[kai].might: input should be a valid integer (got 2.5)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import get_args

from pydantic import BaseModel, ValidationError

from riftsolve.formats.decoded import UNION_MEMBER_NAMES, HugeNumber, field_path
from riftsolve.formats.schema import ScenarioIn
from riftsolve.formats.suggest import closest, did_you_mean
from riftsolve.i18n import N_, _, language
from riftsolve.rules.limits import MAX_DIGITS, ScenarioError


def validate(data: Mapping[str, object]) -> ScenarioIn:
    """``data`` validated by the schema: a :class:`ScenarioError` naming the field at
    fault otherwise."""
    try:
        return ScenarioIn.model_validate(data)
    except ValidationError as err:
        raise _first_error(err, data) from None


def _first_error(err: ValidationError, data: Mapping[str, object]) -> ScenarioError:
    """The first pydantic error as a :class:`ScenarioError` naming the unit by its id."""
    detail = err.errors(include_url=False)[0]
    path = field_path(detail["loc"], data)
    if detail["loc"][0] == "targets" and detail["loc"][-1] in UNION_MEMBER_NAMES:
        # pydantic reports only the union's first member: name every accepted form
        got = json.dumps(detail.get("input"), default=str)
        return ScenarioError(path, _('takes a unit id, a list of unit ids, or '
                                     '{{"<location>": "<unit id>"}} (got {got})').format(got=got))
    kind = detail["type"]
    if isinstance(detail.get("input"), HugeNumber):
        return ScenarioError(path, _(
            "a number of {digits} digits is out of range (at most {most} digits are read, and "
            "the field's own bounds apply)").format(digits=detail["input"].digits,
                                                    most=MAX_DIGITS))
    if kind == "extra_forbidden":
        return ScenarioError(path, _("unknown key (keys of your own must start with 'x-')")
                             + did_you_mean(str(detail["loc"][-1]), _keys_at(detail["loc"])))
    if kind == "missing":  # (a key mistyped is missing under its right name)
        typed = [str(e["loc"][-1]) for e in err.errors(include_url=False)
                 if e["type"] == "extra_forbidden" and e["loc"][:-1] == detail["loc"][:-1]]
        near = closest(str(detail["loc"][-1]), typed)
        return ScenarioError(path, _("required field is missing") + (
            "" if near is None else _(" (written {typed}?)").format(typed=repr(near))))
    if kind == "value_error":  # our own validators' messages, said in full
        return ScenarioError(path, str(detail.get("ctx", {}).get("error", detail["msg"])))
    message = re.sub(r" or instance of \w+", "", str(detail["msg"]))  # no class names
    message = message[:1].lower() + message[1:]
    if kind in _SCHEMA_MESSAGES and language() != "en":
        message = _(_SCHEMA_MESSAGES[kind]).format(**detail.get("ctx", {}))
    if "input" in detail:
        message += _(" (got {value})").format(value=json.dumps(detail["input"], default=str))
    return ScenarioError(path, message)


def _keys_at(loc: tuple[int | str, ...]) -> list[str]:
    """The keys the scenario format knows where ``loc``'s last key stands: the fields of
    the record there (a unit's, an inline slot's ...), found from the top record's."""
    model: type[BaseModel] | None = ScenarioIn
    for step in loc[:-1]:
        if model is None:
            return []
        if isinstance(step, int):
            continue  # (an item of a list of records)
        field = model.model_fields.get(str(step))
        model = None if field is None else _record_in(field.annotation)
    return [] if model is None else list(model.model_fields)


def _record_in(annotation: object) -> type[BaseModel] | None:
    """The record type a field's annotation holds (``UnitIn``, ``list[UnitIn]``,
    ``PolicyIn | None`` ...), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return next((found for arg in get_args(annotation)
                 if (found := _record_in(arg)) is not None), None)


#: The schema's messages a translation says in its own words (pydantic's own, in English,
#: are kept as they are in English), by pydantic's error type.
_SCHEMA_MESSAGES = {
    "int_type": N_("input should be a valid integer"),
    "int_parsing": N_("input should be a valid integer"),
    "string_type": N_("input should be a valid string"),
    "bool_type": N_("input should be a valid boolean"),
    "list_type": N_("input should be a valid list"),
    "dict_type": N_("input should be a valid dictionary"),
    "literal_error": N_("input should be {expected}"),
    "greater_than_equal": N_("input should be greater than or equal to {ge}"),
    "less_than_equal": N_("input should be less than or equal to {le}"),
    "greater_than": N_("input should be greater than {gt}"),
    "less_than": N_("input should be less than {lt}"),
    "too_short": N_("list should have at least {min_length} items"),
    "too_long": N_("list should have at most {max_length} items"),
    "string_too_short": N_("string should have at least {min_length} characters"),
    "string_too_long": N_("string should have at most {max_length} characters"),
}

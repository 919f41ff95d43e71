"""The types of JSON values, read or written, shared by every layer.

A JSON document is typed as what it holds, not as ``Any``: :data:`JSON` for a value read
back (``json.loads`` gives one; narrow it with ``isinstance`` before use) and
:data:`JSONOut` for a value being written, which accepts any sequence or mapping of JSON
values (``list[str]`` and ``dict[str, int]`` alike, which ``JSON``'s invariant ``list`` and
``dict`` would refuse).

>>> import json
>>> doc: JSONDoc = json.loads('{"units": ["r1", "r2"], "pool": 3}')
>>> out: JSONOutDoc = {"kept": ("r1",), "damage": {"r1": 3}}
>>> json.dumps(out)
'{"kept": ["r1"], "damage": {"r1": 3}}'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

#: A JSON value as read: what ``json.loads`` returns.
JSON: TypeAlias = "str | int | float | bool | list[JSON] | dict[str, JSON] | None"
#: A JSON object as read.
JSONDoc: TypeAlias = "dict[str, JSON]"
#: A JSON value being written: any sequence or mapping of such values is one.
JSONOut: TypeAlias = "str | int | float | bool | Sequence[JSONOut] | Mapping[str, JSONOut] | None"
#: A JSON object being written.
JSONOutDoc: TypeAlias = "dict[str, JSONOut]"

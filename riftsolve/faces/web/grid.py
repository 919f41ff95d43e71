"""The page's table of answers: a column per target, not a cell per answer holding them
all. Each answer's JSON line (the CLI's) is read as groups of columns: a value alone is
one column (the friendly unit, the Deflect paid); a list of ids, a column per id marked
where the answer includes it (the split targets chosen); a mapping, a column per key
holding its value (the damage dealt to each). Columns are the union over the answers
listed, ids in natural order (``e2`` before ``e10``).

>>> lines = [{"targets": {"friendly": "kai", "enemies": ["r2"]}, "deflect_cost": 0},
...          {"targets": {"friendly": "kai", "enemies": ["r10", "r2"]}, "deflect_cost": 1}]
>>> table = grid(lines, ["friendly", "enemies", "Deflect"])
>>> [(g["label"], g["columns"]) for g in table["groups"]]
[('friendly', ['']), ('enemies', ['r2', 'r10']), ('Deflect', [''])]
>>> table["rows"]
[['kai', '\u2713', '', '0'], ['kai', '\u2713', '\u2713', '1']]
>>> grid([{"damage": {"r1": 1, "r2": 2}}, {"damage": {"r2": 3}}], ["damage dealt"])["rows"]
[['1', '2'], ['', '3']]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from riftsolve._json import JSONOut, JSONOutDoc
from riftsolve.i18n import N_, _
from riftsolve.rules.limits import printable
from riftsolve.rules.options import natural

#: Keys that only hold the slots (``{"targets": {"friendly": ..., "enemies": ...}}``):
#: their slots are groups of their own.
WRAPPERS = ("targets", "picks")

#: The label of a group named by a key of the CLI contract's lines, when the family's
#: table headers do not name each group.
LABELS = {"damage": N_("damage dealt"), "assigned": N_("assigned"),
          "affected": N_("affected"), "unmoved": N_("unmoved (at the destination)"),
          "deflect_cost": N_("Deflect"), "declined": N_("declined")}

#: A list's member in an answer's row.
MARK = "\u2713"

Path = tuple[str, ...]


def grid(lines: Sequence[JSONOutDoc], headers: Sequence[str]) -> JSONOutDoc:
    """The answers' ``lines`` as ``{"groups": [{"label", "columns"}], "rows": [[cell]]}``:
    a row per answer, a cell per column of each group in order (``""`` where the answer
    has nothing there). ``headers``: the family's table headers (the CLI's); they label
    the groups when they name one each, and name a mapping's keys they describe
    (``"u1 (lethal 3)"`` for combat's ``u1``), in their order."""
    shapes: dict[Path, str] = {}  # each group: "one", "list" or "map"
    keys: dict[Path, list[str]] = {}
    for line in lines:
        for path, value in _leaves(line):
            if isinstance(value, Mapping):
                shapes.setdefault(path, "map")
                keys.setdefault(path, []).extend(str(k) for k in value)
            elif isinstance(value, list):
                shapes.setdefault(path, "list")
                keys.setdefault(path, []).extend(str(v) for v in value)
            else:
                shapes.setdefault(path, "one")
                keys.setdefault(path, [""])
    groups: list[JSONOut] = []
    order: list[tuple[Path, list[str]]] = []
    for path, label in _labelled(list(shapes), headers):
        shape = shapes[path]
        named = (_columns(keys[path], headers) if shape != "one" and keys[path]
                 else [("", "")])  # (a list empty in every answer: one empty column)
        order.append((path, [key for key, _name in named]))
        groups.append({"label": printable(label),
                       "columns": [printable(name) for _key, name in named]})
    rows: list[JSONOut] = []
    for line in lines:
        found = dict(_leaves(line))
        row: list[JSONOut] = []
        for path, columns in order:
            row.extend(_cells(found.get(path), columns))
        rows.append(row)
    return {"groups": groups, "rows": rows}


def _labelled(paths: list[Path], headers: Sequence[str]) -> list[tuple[Path, str]]:
    """Each group's label, the groups in the headers' order: the header naming its slot
    (``"enemies"``, ``"repeat: units"``); the others, when as many headers are left as
    groups, the headers left in order (``"damage dealt"`` for ``damage``); else the key's
    own label (:data:`LABELS`)."""
    named = {": ".join(p for p in path if p not in WRAPPERS): path for path in paths}
    found = {named[h]: (i, h) for i, h in enumerate(headers) if h in named}
    left = [p for p in paths if p not in found]
    unused = [(i, h) for i, h in enumerate(headers) if h not in named]
    if len(unused) == len(left):
        found.update(zip(left, unused, strict=True))
    else:
        found.update((p, (len(headers), _(LABELS[p[-1]]) if p[-1] in LABELS else p[-1]))
                     for p in left)
    return [(path, found[path][1]) for path in sorted(paths, key=lambda p: found[p][0])]


def _leaves(line: Mapping[str, JSONOut], under: Path = ()) -> list[tuple[Path, JSONOut]]:
    """A line's groups: each key's value, those of a wrapper's slots in their place."""
    found: list[tuple[Path, JSONOut]] = []
    for key, value in line.items():
        if isinstance(value, Mapping) and (key in WRAPPERS or _holds_slots(value)):
            found.extend(_leaves(value, (*under, key)))
        else:
            found.append(((*under, key), value))
    return found


def _holds_slots(value: Mapping[str, JSONOut]) -> bool:
    """Whether a mapping holds slots (a repeat's own targets) rather than one value per
    id: some of its values are lists or mappings."""
    return any(isinstance(v, (list, Mapping)) for v in value.values())


def _columns(keys: list[str], headers: Sequence[str]) -> list[tuple[str, str]]:
    """Each key once, with its column's name: the header describing it (``"u1 (lethal
    3)"``) in the headers' order, else the key itself in natural order."""
    described = {key: (index, header) for index, header in enumerate(headers)
                 for key in set(keys) if header.startswith(key + " (")}
    ordered = sorted(set(keys), key=lambda k: ((0, described[k][0], ()) if k in described
                                               else (1, 0, natural(k))))
    return [(key, described[key][1] if key in described else key) for key in ordered]


def _cells(value: JSONOut, columns: list[str]) -> list[JSONOut]:
    """An answer's cells in one group: its value, its marks, or the values of its keys."""
    if isinstance(value, Mapping):
        return [printable(_text(value[key])) if key in value else "" for key in columns]
    if isinstance(value, list):
        members = {str(v) for v in value}
        return [MARK if key in members else "" for key in columns]
    return [printable(_text(value))]


def _text(value: JSONOut) -> str:
    """A value as a cell shows it (nothing for ``null``)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return MARK if value else ""
    return str(value)

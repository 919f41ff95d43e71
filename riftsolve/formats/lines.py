"""The JSON lines of answers, as the CLI contract writes them.

Blocks of resolutions are formatted with one ``%`` operation per block, so JSON-lines
output keeps pace with the native generators. The fast path writes exactly what
``json.dumps(answer.as_json())`` writes:

>>> import numpy as np
>>> print(resolution_block_text(("r1", "r2"), np.array([[1, 2], [2, 1]])), end="")
{"damage": {"r1": 1, "r2": 2}}
{"damage": {"r1": 2, "r2": 1}}
>>> print(resolution_block_text(("r1", "r2", "r3"), np.array([[1, 0, 1]])), end="")
{"damage": {"r1": 1, "r3": 1}}
>>> print(resolution_block_text(("r1", "r2", "r3"), np.array([[2, 0, 1], [0, 3, 1]])), end="")
{"damage": {"r1": 2, "r3": 1}}
{"damage": {"r2": 3, "r3": 1}}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from itertools import repeat
from typing import TYPE_CHECKING

from riftsolve._json import JSONOut
from riftsolve._lazy import LazyModule
from riftsolve.rules.answers import Selection

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:
    np = LazyModule("numpy")  # imported by the first block of answers

if TYPE_CHECKING:  # (a joint choice's problem: its module loads with its family)
    from riftsolve.rules.families.picks import JointProblem


#: Most pieces (a receiver given an amount, in one of four forms) the lines of a combat's
#: blocks keep (about 70 bytes each): past it, a block's pieces are made for that block.
MOST_PIECES = 1 << 18


def json_line(obj: Mapping[str, JSONOut]) -> str:
    """One JSON line, as the CLI contract writes it."""
    return json.dumps(obj) + "\n"


def resolution_block_text(ids: Sequence[str], block: npt.NDArray[np.int64]) -> str:
    """JSON lines for a block of resolutions (rows of damage per ``ids`` column)."""
    rows = block.shape[0]
    if rows == 0:
        return ""
    keys = [json.dumps(unit) for unit in ids]
    if not keys or not block.any():
        return str('{"damage": {}}\n' * rows)
    if block.min() > 0:
        # the ids are part of the template: a "%" in one is written "%%" (printed as "%")
        template = ('{"damage": {' + ", ".join(f"{k.replace('%', '%%')}: %d" for k in keys)
                    + "}}\n")
        text: str = (template * rows) % tuple(block.ravel().tolist())
        return text
    per_row = np.count_nonzero(block, axis=1)
    if (per_row == per_row[0]).all():  # as many kept targets in every row
        kept = int(per_row[0])
        cells = np.nonzero(block)  # row by row, each row's columns in order
        columns = cells[1].reshape(rows, kept)
        if block.max() == 1:  # each kept target dealt 1: one fragment a target
            fragments = np.array([f"{k}: 1" for k in keys], dtype=object)
            template = '{"damage": {' + ", ".join(["%s"] * kept) + "}}\n"
            text = (template * rows) % tuple(fragments[columns].ravel().tolist())
            return text
        pairs = np.empty((rows, 2 * kept), dtype=object)
        pairs[:, 0::2] = np.array(keys, dtype=object)[columns]
        pairs[:, 1::2] = block[cells].reshape(rows, kept).tolist()
        template = '{"damage": {' + ", ".join(["%s: %d"] * kept) + "}}\n"
        text = (template * rows) % tuple(pairs.ravel().tolist())
        return text
    return "".join(
        json_line({"damage": {u: int(a) for u, a in zip(ids, row, strict=True) if a}})
        for row in block.tolist()
    )


def declaration_block_text(friendly: str | None, slot: str, names: Sequence[str],
                           chosen: npt.NDArray[np.int64], cost: npt.NDArray[np.int64]) -> str:
    """JSON lines for a block of split declarations that choose as many targets each:
    ``chosen[r]`` indexes ``names`` (row ``r``'s targets, in order), ``cost[r]`` is its
    Deflect cost. Exactly what ``json.dumps(declaration.as_json(slot))`` writes, one
    ``%`` operation for the block:

    >>> import numpy as np
    >>> print(declaration_block_text("kai", "enemies", ("r1", "r2", "r3"),
    ...                              np.array([[0, 2], [1, 2]]), np.array([0, 1])), end="")
    {"targets": {"friendly": "kai", "enemies": ["r1", "r3"]}, "deflect_cost": 0}
    {"targets": {"friendly": "kai", "enemies": ["r2", "r3"]}, "deflect_cost": 1}
    """
    rows, size = chosen.shape
    if rows == 0:
        return ""
    # the ids are part of the template: a "%" in one is written "%%" (printed as "%")
    head = "" if friendly is None else f'"friendly": {json.dumps(friendly)}, '
    template = ('{"targets": {' + head.replace("%", "%%")
                + json.dumps(slot).replace("%", "%%") + ": ["
                + ", ".join(["%s"] * size) + ']}, "deflect_cost": %d}\n')
    quoted = np.array([json.dumps(name) for name in names], dtype=object)
    cells = np.empty((rows, size + 1), dtype=object)
    cells[:, :size] = quoted[chosen]
    cells[:, size] = cost.tolist()
    text: str = (template * rows) % tuple(cells.ravel().tolist())
    return text


class AssignedLines:
    """The JSON lines of blocks of combat assignments, as ``json.dumps(answer.as_json())``
    writes them: ``{"assigned": {id: amount}}``, the receivers given damage in id order.
    Each (receiver, amount) is written once as a piece, in four forms (amid a line, first,
    last, alone), and a block's lines are its nonzero cells' pieces joined. The pieces are
    kept for each receiver's amounts seen so far, up to ``most_pieces`` in all; past it
    (receivers no amount is lethal to, given large amounts) a block's pieces are made for
    that block alone:

    >>> import numpy as np
    >>> lines = AssignedLines(("d2", "d1", "d3"))
    >>> print(lines(np.array([[2, 3, 0], [0, 4, 1], [0, 0, 5], [1, 1, 1]])), end="")
    {"assigned": {"d1": 3, "d2": 2}}
    {"assigned": {"d1": 4, "d3": 1}}
    {"assigned": {"d3": 5}}
    {"assigned": {"d1": 1, "d2": 1, "d3": 1}}
    >>> print(lines(np.array([[0, 0, 0]])), end="")
    {"assigned": {}}
    >>> print(AssignedLines(("d2", "d1"), most_pieces=0)(np.array([[900, 1]])), end="")
    {"assigned": {"d1": 1, "d2": 900}}
    """

    #: What comes before and after a piece: amid a line, first, last, alone.
    FORMS = ((", ", ""), ('{"assigned": {', ""), (", ", "}}\n"), ('{"assigned": {', "}}\n"))

    def __init__(self, ids: Sequence[str], most_pieces: int = MOST_PIECES) -> None:
        #: The ids in the order of an answer's keys, and each one's column in a block.
        self.keys = sorted(ids)
        self.quoted = [json.dumps(unit) for unit in self.keys]
        column = {unit: i for i, unit in enumerate(ids)}
        self.order = None if list(ids) == self.keys else np.array(
            [column[unit] for unit in self.keys], dtype=np.int64)
        self.most_pieces = most_pieces
        #: Per column (in key order): the amounts it has pieces for, and those pieces
        #: (``[form][amount]``).
        self.widths = np.zeros(len(self.keys), dtype=np.int64)
        self.kept: list[npt.NDArray[np.object_]] = [
            np.empty((4, 0), dtype=object) for _ in self.keys]
        #: Every kept piece, ``[form][column's offset + amount]``, and the offsets.
        self.pieces = np.empty(0, dtype=object)
        self.offsets: npt.NDArray[np.signedinteger] = np.zeros(len(self.keys), dtype=np.int32)

    def _widen(self, columns: npt.NDArray[np.signedinteger],
               tops: npt.NDArray[np.signedinteger]) -> bool:
        """Keep the pieces of ``columns``' amounts up to ``tops`` (each at least doubled);
        ``False``, keeping nothing more, when that passes :attr:`most_pieces`."""
        short = tops >= self.widths[columns]
        if not short.any():
            return True
        columns, tops = columns[short], tops[short]
        wider = np.maximum(tops + 1, 2 * self.widths[columns])
        if 4 * (int(self.widths.sum()) + int((wider - self.widths[columns]).sum())) > (
                self.most_pieces):
            return False
        for column, width in zip(columns.tolist(), wider.tolist(), strict=True):
            self.kept[column] = self._formed([self.quoted[column]] * width, range(width))
        self.widths[columns] = wider
        self.pieces = np.concatenate(self.kept, axis=1).ravel()
        # a piece's number: int32 where the pieces are fewer than 2**31 (always, in play)
        code = np.dtype(np.int64 if self.pieces.size >> 31 else np.int32)
        self.offsets = (np.cumsum(self.widths) - self.widths).astype(code)
        return True

    def __call__(self, block: npt.NDArray[np.signedinteger]) -> str:
        if block.shape[0] == 0:
            return ""
        cells = block if self.order is None else block[:, self.order]
        given = cells != 0
        per_row = given.sum(axis=1, dtype=np.int64)
        if int(per_row.min()) == 0:  # a line assigns nothing (no damage to assign)
            return "".join(json_line({"assigned": {u: a for u, a in zip(
                self.keys, amounts, strict=True) if a}}) for amounts in cells.tolist())
        # each nonzero cell's piece, row by row (a row's receivers in id order), from the
        # columns given damage on some row (on a large board, few of them)
        used = np.flatnonzero(given.any(axis=0))
        cells = cells[:, used]
        given = cells != 0
        ends = np.cumsum(per_row)
        if self._widen(used, cells.max(axis=0).astype(np.int64)):
            pieces = self.pieces
            piece = np.add(cells, self.offsets[used], dtype=self.offsets.dtype)[given]
            plane = int(self.widths.sum())
        else:  # this block's own pieces, each (column, amount) once
            pieces, piece, plane = self._block_pieces(used, cells, given)
        piece[ends - per_row] += plane  # first of its line
        piece[ends - 1] += 2 * plane  # last of its line
        text: str = "".join(pieces[piece].tolist())
        return text

    def _block_pieces(self, used: npt.NDArray[np.signedinteger],
                      cells: npt.NDArray[np.signedinteger], given: npt.NDArray[np.bool_]
                      ) -> tuple[npt.NDArray[np.object_], npt.NDArray[np.int64], int]:
        """The pieces of the distinct (column, amount) of a block's nonzero ``cells``
        (of the columns ``used``), and each cell's piece among them, in the amid form."""
        stride = int(cells.max()) + 1
        codes = np.add(np.arange(len(used), dtype=np.int64) * stride, cells,
                       dtype=np.int64)[given]
        distinct, piece = np.unique(codes, return_inverse=True)
        at, amounts = np.divmod(distinct, stride)
        pieces = self._formed([self.quoted[column] for column in used[at].tolist()],
                              amounts.tolist())
        return pieces.ravel(), piece.astype(np.int64).ravel(), len(distinct)

    def _formed(self, keys: Sequence[str], amounts: Iterable[int]) -> npt.NDArray[np.object_]:
        """The pieces of each quoted key with its amount, ``[form][piece]``."""
        pairs = list(zip(keys, amounts, strict=True))
        pieces = np.empty((4, len(pairs)), dtype=object)
        for form, (head, tail) in enumerate(self.FORMS):
            pieces[form] = [f"{head}{key}: {a}{tail}" for key, a in pairs]
        return pieces


class GroupLines:
    """The JSON lines of batches of a group's declarations, each a selection (each slot's
    ids, sorted) and its destination (``None``: none), as ``json.dumps`` of the answers'
    lines writes them, without an answer object: ``{"targets": {slot: [ids], id, or
    {location: id}, "destination": d}, "deflect_cost": n}`` (``taxes``: each member's
    Deflect; ``places``: each member's location, for a card that chooses one a location).
    Each member's id is quoted once.

    >>> lines = GroupLines((("units", False),), {"r1": 0, "r2": 1}, ("north",))
    >>> print(lines([(((),), None), ((("r1", "r2"),), "north")]), end="")
    {"targets": {"units": []}, "deflect_cost": 0}
    {"targets": {"units": ["r1", "r2"], "destination": "north"}, "deflect_cost": 1}
    >>> print(lines.unmoved([(("r2",),)]), end="")
    {"targets": {"units": ["r2"]}, "deflect_cost": 1}
    >>> lines = GroupLines((("friend", True), ("foes", False)), {"a": 0, "b": 2, "c": 0})
    >>> print(lines([((("a",), ("b", "c")), None)]), end="")
    {"targets": {"friend": "a", "foes": ["b", "c"]}, "deflect_cost": 2}
    >>> lines = GroupLines((("foes", False),), {"a": 0, "b": 0}, places={"a": "north", "b": "base"})
    >>> print(lines([((("a", "b"),), None)]), end="")
    {"targets": {"foes": {"north": "a", "base": "b"}}, "deflect_cost": 0}
    """

    def __init__(self, slots: Sequence[tuple[str, bool]], taxes: Mapping[str, int],
                 destinations: Sequence[str] = (), places: Mapping[str, str] | None = None
                 ) -> None:
        self.slots = [(json.dumps(name), single) for name, single in slots]
        self.quoted = {unit: json.dumps(unit) for unit in taxes}
        self.taxes = taxes
        #: What each destination adds to the targets.
        self.wheres: dict[str | None, str] = {None: "", **{
            where: f', "destination": {json.dumps(where)}' for where in destinations}}
        self.places = None if places is None else {
            unit: json.dumps(place) for unit, place in places.items()}

    def unmoved(self, selections: Sequence[Selection]) -> str:
        """The lines of declarations with no destination."""
        if len(self.slots) > 1 or self.slots[0][1] or self.places is not None:
            return self(list(zip(selections, repeat(None))))
        quoted, tax = self.quoted, self.taxes
        head = f'{{"targets": {{{self.slots[0][0]}: ['  # one slot of a list: most cards
        return "".join([f'{head}{", ".join([quoted[u] for u in units])}]}}, '
                        f'"deflect_cost": {sum([tax[u] for u in units])}}}\n'
                        for (units,) in selections])

    def __call__(self, declared: Sequence[tuple[Selection, str | None]]) -> str:
        tax, wheres = self.taxes, self.wheres
        return "".join([
            '{"targets": {' + ", ".join([f"{name}: {self._slot(single, units)}" for
                                         (name, single), units in zip(self.slots, selection,
                                                                      strict=True)])
            + f'{wheres[where]}}}, '
            f'"deflect_cost": {sum([tax[u] for slot in selection for u in slot])}}}\n'
            for selection, where in declared])

    def _slot(self, single: bool, units: tuple[str, ...]) -> str:
        """A slot's value: its id, its ids, or its ids by location."""
        quoted = self.quoted
        if self.places is not None:  # (a location's unit: the last one named there)
            by_place = {self.places[u]: quoted[u] for u in units}
            return f'{{{", ".join([f"{p}: {u}" for p, u in by_place.items()])}}}'
        if single and units:
            return quoted[units[0]]
        return f'[{", ".join([quoted[u] for u in units])}]'


class AffectedLines:
    """The JSON lines of batches of a group's resolutions, each a selection (each slot's
    ids), as ``json.dumps`` of the answers' lines writes them: ``{"affected": [ids]}``,
    the kept members of every slot, sorted; each member's id quoted once.

    >>> print(AffectedLines(("r1", "r2"))([(("r2", "r1"),), ((),)]), end="")
    {"affected": ["r1", "r2"]}
    {"affected": []}
    """

    def __init__(self, members: Sequence[str]) -> None:
        self.quoted = {unit: json.dumps(unit) for unit in members}

    def __call__(self, selections: Sequence[Selection]) -> str:
        quoted = self.quoted
        return "".join([f'{{"affected": [{", ".join([quoted[u] for u in sorted(kept)])}]}}\n'
                        for kept in ([u for slot in s for u in slot] for s in selections)])


class ChoiceLines:
    """The JSON lines of batches of a joint choice's assignments (each variable's position
    in its domain, as :meth:`JointProblem.positions` yields them), as
    ``json.dumps(choice.as_json())`` writes each declaration: ``{"targets": {pick: object
    or null}, "deflect_cost": n}``, the picks in the card's order. Each value is written
    once as a piece, and a batch with one ``%`` operation:

    >>> from riftsolve.rules.families.picks import JointProblem
    >>> problem = JointProblem(("unit", "unit2"), (("u1", "u2"), (None, "u2")),
    ...                        taxes=((0, 1), (0, 1)))
    >>> print(ChoiceLines(problem)([(0, 0), (1, 1)]), end="")
    {"targets": {"unit": "u1", "unit2": null}, "deflect_cost": 0}
    {"targets": {"unit": "u2", "unit2": "u2"}, "deflect_cost": 2}
    """

    def __init__(self, problem: JointProblem) -> None:
        variable = {name: i for i, name in enumerate(problem.names)}
        fixed = dict(problem.fixed)
        parts = []
        #: The variables written, in the card's order, and each one's pieces.
        self.shown: list[int] = []
        self.pieces: list[npt.NDArray[np.object_]] = []
        for name in problem.order or problem.names:
            key = json.dumps(name)
            if name in variable:  # (a variable's value over a fixed one, as answers say)
                self.shown.append(variable[name])
                self.pieces.append(np.array([f"{key}: {json.dumps(value)}" for value in
                                             problem.domains[variable[name]]], dtype=object))
                parts.append("%s")
            else:
                parts.append(f"{key}: {json.dumps(fixed.get(name))}".replace("%", "%%"))
        self.template = '{"targets": {' + ", ".join(parts) + '}, "deflect_cost": %d}\n'
        self.taxes = [np.array(row, dtype=np.int64) for row in problem.taxes]
        self.size = len(problem.names)

    def __call__(self, assignments: Sequence[tuple[int, ...]]) -> str:
        rows = len(assignments)
        if rows == 0:
            return ""
        positions = np.array(assignments, dtype=np.int64).reshape(rows, self.size)
        cells = np.empty((rows, len(self.shown) + 1), dtype=object)
        for column, (variable, pieces) in enumerate(zip(self.shown, self.pieces, strict=True)):
            cells[:, column] = pieces[positions[:, variable]]
        cost = np.zeros(rows, dtype=np.int64)
        for variable, taxes in enumerate(self.taxes):
            cost += taxes[positions[:, variable]]
        cells[:, -1] = cost.tolist()
        text: str = (self.template * rows) % tuple(cells.ravel().tolist())
        return text

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
from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from riftsolve._json import JSONOut


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

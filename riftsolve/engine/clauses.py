"""What a ruling's sentences are made of: a :class:`Clause` (a part of what the
controller must do and the rules that say so) and :func:`span` (ids as a sentence names
them). The ruling (:mod:`riftsolve.faces.ruling`) joins the clauses; each family's legal
sets write their own (:meth:`riftsolve.engine.legal.LegalSet.must`).

>>> Clause("A deals all 3 damage to r1", ("355.14.e",)).rules
('355.14.e',)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from riftsolve.i18n import _

#: Most ids a sentence names one by one (more: the first few, the last and how many).
MOST_NAMED = 9


class Clause(NamedTuple):
    """A part of what the controller must do, the rules that say so, and what joins it to
    the sentence before it (``", "``, ``"; "``), if it does not start one."""

    text: str
    rules: tuple[str, ...] = ()
    goes_on: str = ""


def span(units: Sequence[str]) -> str:
    """Unit ids for a sentence: a run of numbered ids as ``r1-r5``, others listed.

    >>> span(["r1", "r2", "r3", "r4", "r5"]), span(["r1", "r3"]), span(["kai"])
    ('r1\u2013r5', 'r1 and r3', 'kai')
    >>> span(["a", "b", "c"])
    'a, b and c'
    >>> span([f"u{i}" for i in range(0, 40, 2)])
    'u0, u2, u4, u6, u8, u10, u12, u14 ... u38 (20 in all)'
    """
    if len(units) > 2:
        numbered = [re.fullmatch(r"(.*?)(\d+)", u) for u in units]
        if all(numbered):
            prefixes = {m.group(1) for m in numbered if m}
            numbers = [int(m.group(2)) for m in numbered if m]
            if len(prefixes) == 1 and numbers == list(range(numbers[0],
                                                             numbers[0] + len(numbers))):
                return f"{units[0]}\u2013{units[-1]}"
    if len(units) <= 1:
        return "".join(units)
    if len(units) > MOST_NAMED:  # a paragraph to read aloud: the first few and the last
        return _("{first} ... {last} ({n} in all)").format(
            first=", ".join(units[:MOST_NAMED - 1]), last=units[-1], n=f"{len(units):,}")
    return _("{some} and {last}").format(some=", ".join(units[:-1]), last=units[-1])

"""What a ruling's sentences are made of: a :class:`Clause` (a part of what the
controller must do and the rules that say so) and :func:`span` (ids as a sentence names
them). The ruling (:mod:`riftsolve.faces.ruling`) joins the clauses; each family's legal
sets write their own (:meth:`riftsolve.engine.legal.LegalSet.must`).

>>> Clause("A deals all 3 damage to r1", ("355.14.e",)).rules
('355.14.e',)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from riftsolve.i18n import _
from riftsolve.rules.options import natural

#: Most ids a sentence names one by one (more: the first few, the last and how many).
MOST_NAMED = 4


class Clause(NamedTuple):
    """A part of what the controller must do, the rules that say so, and what joins it to
    the sentence before it (``", "``, ``"; "``), if it does not start one."""

    text: str
    rules: tuple[str, ...] = ()
    goes_on: str = ""


def span(units: Sequence[str]) -> str:
    """Unit ids for a sentence, in natural order: a run of numbered ids as ``r1-r5``,
    others listed (past :data:`MOST_NAMED`, the first ones, the last and how many).

    >>> span(["r1", "r2", "r3", "r4", "r5"]), span(["r1", "r3"]), span(["kai"])
    ('r1\u2013r5', 'r1 and r3', 'kai')
    >>> span(["a", "b", "c"])
    'a, b and c'
    >>> span([f"u{i}" for i in range(0, 40, 2)])
    'u0, u2, u4 ... u38 (20 in all)'
    """
    units = sorted(units, key=natural)  # (as people count: e2 before e10)
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


def each_of(names: Sequence[str], rest: str) -> str:
    """What a sentence ``"<name><rest>"`` says of each of ``names``, said once: of one
    name the sentence itself; of several, "each of" them (a singular subject, so the rest
    reads the same), named as :func:`span` names them.

    >>> each_of(["e1"], " is no longer on the board"), each_of(["e2", "e1"], " is gone")
    ('e1 is no longer on the board', 'each of e1 and e2 is gone')
    """
    if len(names) == 1:
        return names[0] + rest
    return _("each of {names}").format(names=span(names)) + rest


def by_reason(said: Iterable[tuple[str, str, str]]) -> list[tuple[str, str, list[str]]]:
    """``(rule, name, sentence)`` triples, those whose sentence says the same after the
    name it starts with grouped: ``(rule, the rest, the names)`` in order of first use;
    a sentence that does not start with its name stays alone (its rest: the sentence
    whole, no name).

    >>> by_reason([("359.3.e.2", "e1", "e1 is gone"), ("359.3.e.2", "e2", "e2 is gone"),
    ...            ("758.1", "e3", "e3 is untargetable")])
    [('359.3.e.2', ' is gone', ['e1', 'e2']), ('758.1', ' is untargetable', ['e3'])]
    """
    groups: dict[tuple[str, str], list[str]] = {}
    alone: list[tuple[str, str, list[str]]] = []
    order: list[tuple[str, str] | int] = []
    for rule, name, sentence in said:
        if not sentence.startswith(name + " "):
            order.append(len(alone))
            alone.append((rule, sentence, []))
            continue
        key = (rule, sentence[len(name):])
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(name)
    return [alone[item] if isinstance(item, int) else (*item, groups[item]) for item in order]


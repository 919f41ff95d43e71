"""A joint choice as a plain question, with no rule in it: pick one value for each
variable from its domain, every linked pair of values passing its tests, the Deflect tax
of the values within a budget (:class:`JointProblem`).

A test compares a key of each of the two values (their place, their controller, their
id): the keys are computed once per value when the question is built, so that the
question is listed by looking values up by key, and counted exactly, with no listing, by
summing over keys along the links (the links of a card form a forest: a later pick is tied
to one earlier pick). Nothing here is ever a table of every pair of units.

>>> p = JointProblem(("a", "b"), (("r1", "r2", "r3"), ("r1", "r2", "r3")),
...     (Check("differ", 0, 1, ("r1", "r2", "r3"), ("r1", "r2", "r3")),))
>>> p.count(), next(p.assignments())
(6, ('r1', 'r2'))
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from riftsolve.rules.answers.joint import Choice, Executed

#: The key of an empty pick in an ``after`` test: after every object's key.
EMPTY = (1, "")

#: A value a pick takes: an object's id, a battlefield, ``"base"``, a player, or ``None``
#: (an optional pick left empty).
Value = str | None


@dataclass(frozen=True)
class Check:
    """One restriction between variable ``i``'s value and variable ``j``'s, by a key of
    each value (``left``: one key per domain value of ``i``; ``right``: of ``j``):

    * ``same``: equal keys ("at its location": the same place);
    * ``differ``: different keys ("at a different location", "another");
    * ``member``: the left key (a set of ``(kind, id)`` pairs) holds a pair of the right
      key's kind but another id: "a location where there's a unit with the same
      controller" (another unit of the mover's controller than the mover);
    * ``or``: the left key is true, or the right key is one of ``exempt`` (Hidden: at the
      Hidden battlefield, unless the other pick's place exempts it, 811.1.d.2.a);
    * ``gate``: a mode's pick (left key ``"some"`` or ``"none"``) is made exactly when its
      mode (``exempt[0]``) is the mode chosen (the right key), or may stay empty if
      optional (``exempt[1]``);
    * ``less``: both keys are numbers, the left one smaller ("with less Might than it");
    * ``barred``: the pair of keys is not one of ``exempt`` (a mover's controller and a
      destination it may not move to);
    * ``together``: equal keys, ``"some"`` or ``"none"`` (both made or neither);
    * ``sorted``: the left key is not smaller than the right one (tokens placed alike);
    * ``if-done``: the left key is ``"none"`` or the right one ``"some"``;
    * ``either``: the keys are not both ``"some"`` (one way or the other, not both);
    * ``after``: the left key is greater than the right key, or both are the empty key
      (several objects chosen alike, each set listed once: an empty pick only after the
      filled ones).

    An empty pick (a ``None`` value) passes every test, except ``after``, ``or``, ``gate``,
    ``together`` and ``if-done`` tests, which read it as its key (``total``).
    """

    mode: str
    i: int
    j: int
    left: tuple[Hashable, ...]
    right: tuple[Hashable, ...]
    exempt: tuple[Hashable, ...] = ()

    @property
    def total(self) -> bool:
        """Whether the test reads empty picks too (else an empty pick passes it): the
        order of picks alike, and Hidden (an empty pick excuses nothing)."""
        return self.mode in ("after", "or", "gate", "together", "if-done", "sorted", "either",
                             "one-of")

    def holds(self, a: int, b: int) -> bool:
        """Whether value ``a`` of variable ``i`` and value ``b`` of ``j`` pass."""
        return self.keys_pass(self.left[a], self.right[b])

    def keys_pass(self, x: Hashable, y: Hashable) -> bool:
        """Whether a left key ``x`` and a right key ``y`` pass."""
        if self.mode == "same":
            return bool(x == y)
        if self.mode == "differ":
            return bool(x != y)
        if self.mode == "member":
            return any(kind == y[0] and other != y[1]  # type: ignore[index]
                       for kind, other in x)  # type: ignore[attr-defined]
        if self.mode == "gate":  # (several modes chosen: "1+3")
            chosen = str(self.exempt[0]) in str(y).split("+")
            return bool((x == "some") == chosen or (x == "none" and self.exempt[1]))
        if self.mode == "after":
            return bool(x > y or (x == y == EMPTY))  # type: ignore[operator]
        if self.mode == "together":  # (a triggered "you may": done as a whole or not)
            return bool(x == y)
        if self.mode == "if-done":
            return bool(x == "none" or y == "some")
        if self.mode == "either":
            return not (x == "some" and y == "some")
        if self.mode == "one-of":
            return (x == "some") != (y == "some")
        if self.mode == "sorted":  # (identical objects placed alike: a multiset, once)
            return bool(x >= y)  # type: ignore[operator]
        if self.mode == "barred":
            return (x, y) not in self.exempt
        if self.mode == "less":
            return x is not None and y is not None and x < y  # type: ignore[operator]
        if self.mode == "within":  # (costs: no more Energy and no more Power)
            return x is None or y is None or (
                x[0] <= y[0] and x[1] <= y[1])  # type: ignore[index]
        return bool(x) or y in self.exempt

    def key(self, variable: int, position: int) -> Hashable:
        """The key of value ``position`` of ``variable`` (``i`` or ``j``)."""
        return (self.left if variable == self.i else self.right)[position]

    def passes(self, variable: int, mine: Hashable, theirs: Hashable) -> bool:
        """Whether keys pass, ``mine`` of ``variable`` and ``theirs`` of the other."""
        return self.keys_pass(mine, theirs) if variable == self.i else self.keys_pass(
            theirs, mine)


#: Builds an answer from its picks, the picks declined and its Deflect cost.
MakeAnswer = Callable[[tuple[tuple[str, Value], ...], tuple[str, ...], int], "Choice | Executed"]


@dataclass(frozen=True)
class JointProblem:
    """Pick one value for each variable from its domain (``None`` in a domain: the pick
    may stay empty), every pair passing its tests, the taxes at most ``budget``.

    ``fixed`` values and ``declinable`` picks make a resolution: its answers are the fixed
    values with one value of each variable, and any subset of the declinable picks
    declined (:meth:`expand`); a family turns an assignment into its answer type.
    """

    names: tuple[str, ...]
    domains: tuple[tuple[Value, ...], ...]
    tests: tuple[Check, ...] = ()
    #: Each variable's tax of each domain value (empty: no tax).
    taxes: tuple[tuple[int, ...], ...] = ()
    budget: int | None = None
    resolving: bool = False
    #: Resolution: the picks already made (finalization's, checked now), in card order.
    fixed: tuple[tuple[str, Value], ...] = ()
    #: Resolution: the picks whose "you may" action may be declined (each, independently).
    declinable: tuple[str, ...] = ()
    #: Resolution: the "you may" picks made now, on resolution, whose decline is their
    #: empty value (declined: nothing chosen; listed once, 355.12).
    declined_empty: tuple[str, ...] = ()
    #: The card's pick names, in order (for the answers' order of picks).
    order: tuple[str, ...] = ()
    #: Builds an answer: ``(picks, declined, deflect_cost) -> answer``.
    make: MakeAnswer | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        """Each test has one key per value of its two variables' domains."""
        for check in self.tests:
            if (len(check.left), len(check.right)) != (len(self.domains[check.i]),
                                                       len(self.domains[check.j])):
                raise ValueError(f"a {check.mode} test's keys do not follow the domains of "
                                 f"{self.names[check.i]} and {self.names[check.j]}")

    @property
    def search_size(self) -> int:
        """How many assignments of values to the picks a search without pruning visits:
        the product of the domains' sizes."""
        size = 1
        for domain in self.domains:
            size *= len(domain)
        return size

    @property
    def largest_table(self) -> int:
        """The most value pairs one test of two picks is stated by, as a table (0: no
        test)."""
        return max((len(self.domains[t.i]) * len(self.domains[t.j]) for t in self.tests),
                   default=0)

    def tax(self, index: int, position: int) -> int:
        """The tax of value ``position`` of variable ``index``."""
        return self.taxes[index][position] if self.taxes else 0

    @property
    def taxed(self) -> bool:
        """Whether the budget can exclude an assignment."""
        return self.budget is not None and any(any(row) for row in self.taxes)

    # ----------------------------------------------------------------------- listing

    def positions(self) -> Iterator[tuple[int, ...]]:
        """Every assignment, as positions in the domains, in order: variable by variable,
        each candidate found by key where a test with an earlier variable says "same"
        (the depth is the card's number of picks, never the board's size)."""
        n = len(self.names)
        if any(not d for d in self.domains):
            return
        if not n:
            yield ()
            return
        into: list[list[Check]] = [[] for _ in range(n)]
        for test in self.tests:
            into[max(test.i, test.j)].append(test)
        indexes: dict[int, dict[Hashable, list[int]]] = {}  # by id() of a "same" test
        for test in self.tests:
            if test.mode == "same":
                later = max(test.i, test.j)
                by_key: dict[Hashable, list[int]] = defaultdict(list)
                for b, value in enumerate(self.domains[later]):
                    if value is not None:
                        by_key[test.key(later, b)].append(b)
                indexes[id(test)] = by_key
        chosen = [0] * n
        spent = [0] * (n + 1)
        stack = [iter(self._candidates(0, chosen, into, indexes))]
        while stack:
            k = len(stack) - 1
            position = next(stack[-1], None)
            if position is None:
                stack.pop()
                continue
            paid = spent[k] + self.tax(k, position)
            if self.budget is not None and self.taxes and paid > self.budget:
                continue
            chosen[k] = position
            spent[k + 1] = paid
            if k + 1 == n:
                yield tuple(chosen)
            else:
                stack.append(iter(self._candidates(k + 1, chosen, into, indexes)))

    def _candidates(self, k: int, chosen: list[int], into: list[list[Check]],
                    indexes: dict[int, dict[Hashable, list[int]]]) -> list[int]:
        """The positions of variable ``k`` passing its tests with the earlier ones."""
        domain = self.domains[k]
        active = [t for t in into[k] if t.total
                  or self.domains[min(t.i, t.j)][chosen[min(t.i, t.j)]] is not None]
        pool: list[int] | None = None
        for test in active:
            if test.mode == "same":
                other = min(test.i, test.j)
                found = indexes[id(test)].get(test.key(other, chosen[other]), [])
                pool = sorted([*found, *(b for b, v in enumerate(domain) if v is None)])
                break
        if pool is None:
            pool = list(range(len(domain)))
        return [b for b in pool if all(
            (domain[b] is None and not t.total)
            or (t.holds(chosen[t.i], b) if t.j == k else t.holds(b, chosen[t.j]))
            for t in active)]

    def assignments(self) -> Iterator[tuple[Value, ...]]:
        """Every assignment, as values."""
        for positions in self.positions():
            yield tuple(self.domains[i][p] for i, p in enumerate(positions))

    def expand(self, positions: tuple[int, ...]) -> Iterator[Choice | Executed]:
        """The answers of one assignment: its declaration; or its resolution with each
        subset of the "you may" actions declined (355.12)."""
        values = tuple(self.domains[i][p] for i, p in enumerate(positions))
        chosen = dict(self.fixed) | dict(zip(self.names, values, strict=True))
        picks = tuple((name, chosen.get(name)) for name in self.order or self.names)
        cost = sum(self.tax(i, p) for i, p in enumerate(positions))
        if self.make is None:
            raise ValueError("this problem was built with no way to make its answers")
        if not self.resolving:
            yield self.make(picks, (), cost)
            return
        may = [name for name in self.declinable if chosen.get(name) is not None]
        empty = tuple(name for name in self.declined_empty if chosen.get(name) is None)
        for flags in product((False, True), repeat=len(may)):
            yield self.make(picks, tuple(n for n, f in zip(may, flags, strict=True) if f)
                            + empty, 0)

    def answers(self) -> Iterator[Choice | Executed]:
        """Every answer, each once, in a stable order."""
        for positions in self.positions():
            yield from self.expand(positions)

    # ----------------------------------------------------------------------- counting

    def count(self) -> int | None:
        """The exact number of answers, without listing them, when the links form a
        forest and the budget excludes nothing (else ``None``: count by listing)."""
        if self.taxed or not self._forest():
            return None
        if any(not d for d in self.domains):
            return 0
        weights = [[1] * len(d) for d in self.domains]
        if self.resolving and self.declinable:
            for k, name in enumerate(self.names):
                if name in self.declinable:
                    weights[k] = [1 if v is None else 2 for v in self.domains[k]]
            fixed = sum(1 for n, v in self.fixed if n in self.declinable and v is not None)
        else:
            fixed = 0
        total = 1
        near = self._neighbours()
        for root in self._roots(near):
            total *= sum(self._subtree(root, near, weights))
        return int(total * 2 ** fixed)

    def _edges(self) -> dict[tuple[int, int], list[Check]]:
        """The tests of each linked pair of variables (smaller index first)."""
        edges: dict[tuple[int, int], list[Check]] = defaultdict(list)
        for test in self.tests:
            edges[(min(test.i, test.j), max(test.i, test.j))].append(test)
        return edges

    def _neighbours(self) -> dict[int, list[tuple[int, list[Check]]]]:
        near: dict[int, list[tuple[int, list[Check]]]] = defaultdict(list)
        for (i, j), tests in self._edges().items():
            near[i].append((j, tests))
            near[j].append((i, tests))
        return near

    def _forest(self) -> bool:
        edges = set(self._edges())
        parent = list(range(len(self.names)))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for i, j in edges:
            a, b = find(i), find(j)
            if a == b:
                return False
            parent[a] = b
        return True

    def _roots(self, near: dict[int, list[tuple[int, list[Check]]]]) -> list[int]:
        """One variable of each tree of links (``near``: each variable's neighbours)."""
        seen: set[int] = set()
        roots = []
        for k in range(len(self.names)):
            if k in seen:
                continue
            roots.append(k)
            todo = [k]
            while todo:
                x = todo.pop()
                if x not in seen:
                    seen.add(x)
                    todo += [y for y, _ in near[x]]
        return roots

    def _subtree(self, root: int, near: dict[int, list[tuple[int, list[Check]]]],
                 weights: list[list[int]]) -> list[int]:
        """For each value of ``root``: the number of ways to complete its tree below it
        (each value's weight times its children's sums), children first (no recursion:
        an explicit order)."""
        order, parent_of = [root], {root: -1}
        for x in order:
            for y, _pair in near[x]:
                if y not in parent_of:
                    parent_of[y] = x
                    order.append(y)
        ways: dict[int, list[int]] = {}
        for x in reversed(order):
            row = list(weights[x])
            for y, tests in near[x]:
                if parent_of.get(y) == x:
                    sums = self._edge_sums(x, y, tests, ways[y])
                    row = [a * b for a, b in zip(row, sums, strict=True)]
            ways[x] = row
        return ways[root]

    def _passes(self, test: Check, x: int, a: int, b: int) -> bool:
        """Whether position ``a`` of variable ``x`` and ``b`` of the test's other variable
        pass it (an empty pick passes, unless the test is ``total``)."""
        first, second = (a, b) if test.i == x else (b, a)
        if not test.total and (self.domains[test.i][first] is None
                               or self.domains[test.j][second] is None):
            return True
        return test.holds(first, second)

    def _edge_sums(self, x: int, y: int, tests: list[Check], child: list[int]) -> list[int]:
        """For each value of ``x``: the sum of ``child`` over the values of ``y`` that
        pass the edge's tests with it, grouped by key and by emptiness (an empty pick
        passes a test unless the test is ``total``); an id "differ" test, "another", is
        subtracted value by value through an index. Linear in the domains when the keys
        take few values (places, controllers, "some"/"none"); a ``total`` test keyed by
        id (the order of picks alike) is summed over the sorted keys instead."""
        dom_x, dom_y = self.domains[x], self.domains[y]
        ordered = [t for t in tests if t.mode == "after"]
        if len(ordered) == 1 and len(tests) == 1:
            return self._after_sums(x, y, ordered[0], child)
        singles = [t for t in tests if t.mode == "differ" and len(set(t.left)) > 8][:1]
        grouped = [t for t in tests if t not in singles]
        groups: dict[tuple[bool, tuple[Hashable, ...]], int] = defaultdict(int)
        index: dict[Hashable, list[int]] = defaultdict(list)
        for b, value in enumerate(dom_y):
            groups[(value is None, tuple(t.key(y, b) for t in grouped))] += child[b]
            if value is not None:
                for t in singles:
                    index[t.key(y, b)].append(b)

        def passing(mine: tuple[Hashable, ...], theirs: tuple[Hashable, ...],
                    empty: bool) -> bool:
            return all((empty and not t.total) or t.passes(x, mine[n], theirs[n])
                       for n, t in enumerate(grouped))

        cache: dict[tuple[bool, tuple[Hashable, ...]], int] = {}
        sums = []
        for a, value in enumerate(dom_x):
            empty = value is None
            mine = tuple(t.key(x, a) for t in grouped)
            if (empty, mine) not in cache:
                cache[(empty, mine)] = sum(w for (none, keys), w in groups.items()
                                           if passing(mine, keys, empty or none))
            found = cache[(empty, mine)]
            for t in singles if not empty else ():  # "another": take out its own key
                for b in index.get(t.key(x, a), ()):
                    if passing(mine, tuple(g.key(y, b) for g in grouped), False):
                        found -= child[b]
            sums.append(found)
        return sums

    def _after_sums(self, x: int, y: int, test: Check, child: list[int]) -> list[int]:
        """:meth:`_edge_sums` of one ``after`` test (picks alike, each set once): for each
        value of ``x``, the sum of ``child`` over the values of ``y`` its key must be
        greater than from the test's side, or equal to when both are the empty key; by
        prefix sums over the sorted keys, not pair by pair."""
        keys_y: list[Any] = [test.key(y, b) for b in range(len(self.domains[y]))]
        ranked: list[Any] = sorted(set(keys_y))
        at = {key: n for n, key in enumerate(ranked)}
        weight = [0] * len(ranked)
        for b, key in enumerate(keys_y):
            weight[at[key]] += child[b]
        below = [0]  # below[n]: the weight of the keys ranked under n
        for w in weight:
            below.append(below[-1] + w)
        total = below[-1]
        sums = []
        for a in range(len(self.domains[x])):
            mine: Any = test.key(x, a)
            if test.i == x:  # mine > theirs, or both empty
                n = bisect_left(ranked, mine)
                found = below[n]
            else:  # theirs > mine, or both empty
                n = bisect_right(ranked, mine)
                found = total - below[n]
            if mine == EMPTY and EMPTY in at:
                found += weight[at[EMPTY]]
            sums.append(found)
        return sums

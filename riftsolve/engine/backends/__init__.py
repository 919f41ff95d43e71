"""Interchangeable backends: each lists the answers of the same questions.

* ``native``: direct generators (combinations and compositions), the fast path;
* ``cpsat``: OR-Tools CP-SAT models from :mod:`engine.compile`, the general path;
* ``pyconstraint``: python-constraint2, an independent cross-check for small boards.

A backend answers problems by their type (:attr:`Backend.shapes`, each module's
``ANSWERS``): a family whose problems are of a known shape is answered by every backend; a
new shape is answered by its own listing (natively) until backends learn it.

All three pass the same conformance suites (``tests/test_properties.py`` and
``tests/test_group_properties.py``): each lists exactly the answers the rules verifier
accepts, each once, as many as ``count()`` says.

Each backend's module is imported on first use (``BACKENDS[name]``, :func:`backend`):
OR-Tools (with pandas) and python-constraint2 take most of a second to import, which a
question answered by the native generators never pays.

>>> sorted(BACKENDS)
['cpsat', 'native', 'pyconstraint']
>>> BACKENDS["native"].name
'native'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import partial
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, overload

from riftsolve.rules.families import Listing

if TYPE_CHECKING:
    from riftsolve.rules.answers import Declaration, Resolution, Selection
    from riftsolve.rules.answers.combat import Assignment
    from riftsolve.rules.families.combat import CombatProblem
    from riftsolve.rules.families.group import GroupProblem
    from riftsolve.rules.families.split import SplitFinalizeProblem, SplitResolveProblem

#: A type of problem a backend answers.
P = TypeVar("P")

#: How a backend answers one type of problem: a function of such a problem
#: (:func:`shape` makes one of a function typed for its own problems).
Method = Callable[[object], Iterator[object]]


def shape(kind: type[P], method: Callable[[P], Iterator[object]]) -> tuple[type[object], Method]:
    """An entry of a backend's ``ANSWERS``: problems of type ``kind`` are answered by
    ``method``, which is asked only about those.

    >>> kind, method = shape(int, lambda n: iter(range(n)))
    >>> kind.__name__, list(method(3))
    ('int', [0, 1, 2])
    """

    def answer(problem: object) -> Iterator[object]:
        if not isinstance(problem, kind):
            raise TypeError(f"not a {kind.__name__} problem: {type(problem).__name__}")
        return method(problem)

    return kind, answer


def named_shape(kind: str, method: Callable[[P], Iterator[object]]) -> tuple[str, Method]:
    """An entry of a backend's ``ANSWERS`` whose type of problems is named
    (``"module.Class"``, :func:`type_name`), not imported: a backend answering several
    families loads a family's module only when asked about one of its problems (whose
    module is loaded by then).

    >>> kind, method = named_shape("builtins.int", lambda n: iter(range(n)))
    >>> kind, list(method(3))
    ('builtins.int', [0, 1, 2])
    """

    def answer(problem: object) -> Iterator[object]:
        if type_name(type(problem)) != kind:
            raise TypeError(f"not a {kind} problem: {type(problem).__name__}")
        return method(problem)  # type: ignore[arg-type]  # (of the type ``kind`` names)

    return kind, answer


def type_name(kind: type[object]) -> str:
    """A type's name as :func:`named_shape` takes it.

    >>> type_name(int)
    'builtins.int'
    """
    return f"{kind.__module__}.{kind.__qualname__}"


# (a named tuple: cheap to define, as every start of the command line defines it)
class Backend(NamedTuple):
    """One backend: the problems it answers, by their type (each family builds its
    questions as plain problems), and what it declines.

    >>> from riftsolve.rules.families.split import SplitResolveProblem
    >>> native = BACKENDS["native"]
    >>> [a.as_json() for a in native.answers(SplitResolveProblem(("r1", "r2"), 3))]
    [{'damage': {'r1': 1, 'r2': 2}}, {'damage': {'r1': 2, 'r2': 1}}]
    >>> BACKENDS["cpsat"].refusal(object())
    'cpsat has no model of object problems: use --backend native'
    """

    name: str
    #: How each type of problem is answered (the type, or its name: :func:`named_shape`).
    shapes: Mapping[type[object] | str, Method]
    #: Why the backend declines a problem of a shape it knows (``None``: it answers it).
    declines: Callable[[object], str | None]
    #: Whether a problem of a shape it does not know, but that lists its own answers
    #: (:class:`~riftsolve.rules.families.Listing`), is answered by that listing.
    lists_own: bool = False

    def _method(self, problem: object) -> Callable[[], Iterator[object]] | None:
        """How ``problem`` is answered (``None``: it is not)."""
        method = self.shapes.get(type(problem)) or self.shapes.get(type_name(type(problem)))
        if method is not None:
            return partial(method, problem)
        if self.lists_own and isinstance(problem, Listing):
            return problem.answers
        return None

    def refusal(self, problem: object) -> str | None:
        """Why this backend declines ``problem``, or ``None`` when it answers it."""
        if self._method(problem) is None:
            kind = "generator" if self.lists_own else "model"
            return (f"{self.name} has no {kind} of {type(problem).__name__} problems: "
                    "use --backend native")
        return self.declines(problem)

    @overload
    def answers(self, problem: SplitResolveProblem) -> Iterator[Resolution]: ...

    @overload
    def answers(self, problem: SplitFinalizeProblem) -> Iterator[Declaration]: ...

    @overload
    def answers(self, problem: GroupProblem) -> Iterator[Selection]: ...

    @overload
    def answers(self, problem: CombatProblem) -> Iterator[Assignment]: ...

    @overload
    def answers(self, problem: object) -> Iterator[Any]: ...

    def answers(self, problem: object) -> Iterator[object]:
        """Every answer of ``problem``, each once, in this backend's order: of the type
        its shape says, or, for any other problem (a joint choice's, a family's own
        listing), of its family's types, which only the family knows."""
        method = self._method(problem)
        if method is None:
            raise TypeError(self.refusal(problem))
        return method()


def _backend(module: ModuleType) -> Backend:
    return Backend(module.NAME, module.ANSWERS, module.refusal,
                   getattr(module, "LISTS_OWN", False))


class _Registry(Mapping[str, Backend]):
    """The backends by name; a backend's module is imported when it is first asked for.
    Names and membership need no import; values and items import every backend."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = modules
        self._loaded: dict[str, Backend] = {}

    def __getitem__(self, name: str) -> Backend:
        entry = self._loaded.get(name)
        if entry is None:
            module = import_module(self._modules[name])  # KeyError: no such backend
            entry = _backend(module)
            if entry.name != name:  # pragma: no cover - a misregistered module
                raise ImportError(f"{module.__name__} is backend {entry.name!r}, not {name!r}")
            self._loaded[name] = entry
        return entry

    def __contains__(self, name: object) -> bool:
        return name in self._modules

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


BACKENDS: Mapping[str, Backend] = _Registry({
    "native": "riftsolve.engine.backends.native",
    "cpsat": "riftsolve.engine.backends.cpsat",
    "pyconstraint": "riftsolve.engine.backends.pyconstraint",
})

#: What ``--backend auto`` picks: the native generators answer every primitive split
#: question exactly and are the fastest (see benchmarks/enumerate.py).
DEFAULT_BACKEND = "native"


def backend(name: str) -> Backend:
    """The backend called ``name`` (``'auto'`` means the default)."""
    return BACKENDS[DEFAULT_BACKEND if name == "auto" else name]

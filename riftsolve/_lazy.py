"""Names a package exports from its modules, imported the first time they are asked for.

>>> get = lazy_names("demo", {"sqrt": "math"}, {})
>>> get("sqrt")(4.0)
2.0
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_names(package: str, homes: dict[str, str], namespace: dict[str, Any]
               ) -> Callable[[str], Any]:
    """A module ``__getattr__`` (PEP 562): each name of ``homes`` is imported from its
    module on first use and kept in ``namespace`` (the package's globals) from then on."""

    def get(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        namespace[name] = value
        return value

    return get


class LazyModule:
    """A module imported the first time one of its names is asked for: a module that
    imports numpy only for its blocks of answers writes ``np = LazyModule("numpy")``, and
    a question that never builds a block never pays numpy's import. Each name is kept on
    the proxy once found, so later uses cost an attribute lookup.

    >>> stats = LazyModule("statistics")
    >>> stats.median([3, 1, 2])
    2
    >>> "median" in vars(stats)
    True
    """

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, name: str) -> Any:
        value = getattr(import_module(self._name), name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}>"

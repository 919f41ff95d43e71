"""The table of card-text shapes the compiler reads, which each family fills from its own
module of :mod:`riftsolve.compiler.families`.

A :class:`Shape` reads one shape of text into its family's effect: it gives the effect,
``None`` when the text is not of its shape, or refuses the text with a
:class:`~riftsolve.compiler.text.CompileError` (the words not understood and the reason as
fields). The compiler tries the shapes in their ``order``; a shape may read what the
shapes after it make of the text (``rest``), and so wrap them. A family also says what an
effect of its own does and which of the card's sentences it reads (:data:`Deeds`): the
rest of the card's instructions are said as outcomes not modelled.

>>> [(s.order, s.name) for s in shapes()][:2]
[(10, 'a friendly unit contested by a domain'), (11, 'a unit where the source moved')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from riftsolve.rules.effects import Effect

#: The effect type a family's hook is typed for.
F = TypeVar("F", bound=Effect)

#: What the shapes after one make of the text (it may raise a ``CompileError``).
Rest = Callable[[], Effect]


@dataclass(frozen=True)
class Shape:
    """One shape of card text: its name, the family whose effect it makes, where it is
    tried (lower first) and its reader, ``read(name, text, rest)``."""

    name: str
    family: str
    order: int
    read: Callable[[str, str, Rest], Effect | None]


@dataclass(frozen=True)
class Reading:
    """What an effect does in words (its deeds' verbs) and which of the card's sentences
    it reads; ``effect``: the effect, its own wording of what it leaves out made the
    card's."""

    effect: Effect
    read: list[str]
    done: list[str]


#: How a family says what its effects do: ``(effect, text, sentences, said) -> Reading``
#: of the card's instruction ``sentences`` (``said``: those the effect already says it
#: leaves out).
Deeds = Callable[[Effect, str, list[str], list[str]], Reading]


_SHAPES: list[Shape] = []
_DEEDS: dict[type, Deeds] = {}


def register_shape(shape: Shape) -> None:
    """Add ``shape`` to the table (once, by name)."""
    if any(s.name == shape.name for s in _SHAPES):
        raise ValueError(f"a shape named {shape.name!r} is registered already")
    _SHAPES.append(shape)
    _SHAPES.sort(key=lambda s: s.order)


def unregister_shape(name: str) -> None:
    """Take the shape named ``name`` out of the table (a family unregistered)."""
    _SHAPES[:] = [s for s in _SHAPES if s.name != name]


def shapes() -> tuple[Shape, ...]:
    """Every shape registered, in the order the compiler tries them."""
    return tuple(_SHAPES)


def register_deeds(effect: type[F], reading: Callable[[F, str, list[str], list[str]], Reading]
                   ) -> None:
    """Say what effects of type ``effect`` do: ``reading``, typed for them."""
    def deeds(found: Effect, text: str, sentences: list[str], said: list[str]) -> Reading:
        if not isinstance(found, effect):
            raise TypeError(f"{type(found).__name__} is not a {effect.__name__}")
        return reading(found, text, sentences, said)
    _DEEDS[effect] = deeds


def deeds_of(effect: Effect) -> Deeds | None:
    """What ``effect``'s family says its effects do, or ``None`` (nothing said of it)."""
    return next((_DEEDS[kind] for kind in type(effect).__mro__ if kind in _DEEDS), None)

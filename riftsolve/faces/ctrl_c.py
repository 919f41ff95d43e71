"""Ctrl-C, never lost: the command line's interrupt handler, which remembers that Ctrl-C
was pressed as well as raising :class:`KeyboardInterrupt`.

Python loses an interrupt raised where an exception cannot propagate (in a finaliser, a
weak reference's callback, a fork hook, an exit hook): it prints it as "Exception ignored"
with a traceback, and the program goes on as if Ctrl-C had never been pressed. Under
:func:`install` such an interrupt is not printed but remembered; a long loop asks
:func:`raise_if_pressed` between its steps (a batch, between records), and the command's
end reports the interrupt anyway (exit 130). While processes are forked, :func:`held`
blocks it so that it is delivered after the fork, never inside its hooks.

Only the ``riftsolve`` console script installs it (:func:`faces.entry.run`): a program
that imports riftsolve keeps its own handling.

>>> pressed()
False
>>> with held():
...     pass
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator
from types import FrameType

_pressed: list[bool] = []

#: What the command line says when it is interrupted.
INTERRUPTED = "riftsolve: interrupted: stopped at the user's request (Ctrl-C)\n"


def interrupted_by_user(error: BaseException) -> bool:
    """Whether ``error`` is Ctrl-C, or an error Ctrl-C caused: an interrupt while a
    compiled extension initialises (numpy, OR-Tools) comes out as ``ImportError:
    initialization failed`` whose cause is the :class:`KeyboardInterrupt`.

    >>> try:
    ...     raise ImportError("initialization failed") from KeyboardInterrupt()
    ... except ImportError as error:
    ...     interrupted_by_user(error)
    True
    >>> interrupted_by_user(ImportError("no module named x"))
    False
    """
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:  # a chain, never a cycle
        if isinstance(current, KeyboardInterrupt):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def pressed() -> bool:
    """Whether Ctrl-C was pressed since :func:`install`."""
    return bool(_pressed)


def _on_ctrl_c(signum: int, frame: FrameType | None) -> None:
    _pressed.append(True)
    raise KeyboardInterrupt


def _unraisable(unraisable: sys.UnraisableHookArgs) -> None:
    """An interrupt Python cannot raise is remembered silently; anything else is printed
    as Python prints it."""
    if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
        _pressed.append(True)
        return
    sys.__unraisablehook__(unraisable)


def install() -> None:
    """Handle Ctrl-C in this process as described above (again after a library replaced
    the handler)."""
    signal.signal(signal.SIGINT, _on_ctrl_c)
    sys.unraisablehook = _unraisable


def installed() -> bool:
    """Whether :func:`install` is this process's way of handling Ctrl-C."""
    return sys.unraisablehook is _unraisable


def raise_if_pressed() -> None:
    """Raise :class:`KeyboardInterrupt` if Ctrl-C was pressed and the interrupt lost."""
    if _pressed:
        raise KeyboardInterrupt


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Ctrl-C held back (blocked, then delivered) while processes are forked: one arriving
    while ``os.fork`` runs its hooks is raised inside them, where it would be lost. The
    children start with it blocked too (they unblock it when they are ready)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

"""Each question of the page answered within a time limit, in a child process stopped
when the limit passes (a thread cannot be stopped: the server would keep computing).

The child is forked from the server, which has riftsolve imported already: it starts in
milliseconds, and the language it is asked to speak is its own (``use_language`` sets a
process-wide state). Where processes cannot be forked (not on Linux or macOS), the
question is answered in the server's process with no time limit.

>>> run_within(5.0, sum, [1, 2, 3])
6
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TypeVar, TypeVarTuple

T = TypeVar("T")
#: The arguments of the function computed.
Ts = TypeVarTuple("Ts")


class TooSlow(Exception):
    """No answer within the time limit: the child was stopped."""


#: One question computed at a time when processes cannot be forked (the language is a
#: process-wide state).
_INLINE = threading.Lock()


def can_fork() -> bool:
    """Whether questions run in forked children (and so within a time limit)."""
    return "fork" in multiprocessing.get_all_start_methods()


def run_within(seconds: float, function: Callable[[*Ts], T], *args: *Ts) -> T:
    """``function(*args)``, computed in a forked child stopped after ``seconds``
    (:class:`TooSlow` then); an exception it raises is a :class:`RuntimeError` here,
    with its type and message. The result must pickle."""
    if not can_fork():
        with _INLINE:
            return function(*args)
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(sending, function, args), daemon=True)
    child.start()
    sending.close()
    try:
        if not receiving.poll(seconds):
            raise TooSlow(seconds)
        ok, value = receiving.recv()
    except EOFError:  # the child died without a word (killed, out of memory)
        raise RuntimeError("the question stopped without an answer") from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiving.close()
    if not ok:
        raise RuntimeError(value)
    result: T = value
    return result


def _child(sending: Connection, function: Callable[[*Ts], T], args: tuple[*Ts]) -> None:
    try:
        outcome: tuple[bool, T | str] = (True, function(*args))
    except Exception as error:  # sent as text: not every exception pickles
        outcome = (False, f"{type(error).__name__}: {error}")
    sending.send(outcome)
    sending.close()

"""'Did you mean ...?': the known word closest to a mistyped one (a card's name, a key of
the scenario format), for the one-line errors of the formats.

>>> did_you_mean("Alpha Strik", ["Alpha Strike", "Fox-Fire"])
": did you mean 'Alpha Strike'?"
>>> did_you_mean("mihgt", ["might", "damage", "location"])
": did you mean 'might'?"
>>> did_you_mean("zzz", ["might"])
''
"""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches

from riftsolve.i18n import _


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known word closest to ``word`` (any case), if one is close enough."""
    by_case = {k.lower(): k for k in known}
    found = get_close_matches(word.lower(), list(by_case), n=1, cutoff=0.75)
    return by_case[found[0]] if found else None


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``: did you mean 'X'?`` for the known word closest to ``word``, or ``''``."""
    near = closest(word, known)
    return "" if near is None or near == word else _(": did you mean {word}?").format(
        word=repr(near))

"""The language riftsolve speaks: English, or French with ``--lang fr`` (or a ``LANG``
of ``fr_*``), from a standard gettext message catalogue shipped with the package
(``riftsolve/locale/<lang>/LC_MESSAGES/riftsolve.mo``).

Every sentence a user reads goes through :func:`_` (or :func:`ngettext` where it counts
something): the English text is the message id, the catalogue holds its translation.
User text (ids, names) is never translated; it goes into the sentence by ``{name}``
placeholders, formatted after translation.

>>> use_language("en")
'en'
>>> _("every legal way")
'every legal way'
>>> ngettext("{n} answer", "{n} answers", 2).format(n=2)
'2 answers'

In French (the command line's ``--lang fr``; in Python, :func:`use_language` before the
calls whose sentences should be French; JSON keys and data never change):

>>> use_language("fr")
'fr'
>>> _("error")
'erreur'
>>> use_language("en")
'en'

The catalogue's source is ``riftsolve/locale/fr/LC_MESSAGES/riftsolve.po``; the ``.mo``
next to it is what is read at run time (by the standard library's :mod:`gettext`: no
dependency). The manual's page docs/french.md ("Translations") gives the maintainer's three
commands.
"""

from __future__ import annotations

import gettext
import os
from functools import cache

#: The languages riftsolve speaks; the first is the one its messages are written in.
LANGUAGES = ("en", "fr")
#: Each language named in itself, as a menu offers it.
LANGUAGE_NAMES = {"en": "English", "fr": "Fran\u00e7ais"}

#: The catalogues' folder (inside the package, next to ``models``) and domain.
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
DOMAIN = "riftsolve"

_current: list[gettext.NullTranslations] = [gettext.NullTranslations()]
_code: list[str] = ["en"]


def language_from_environment() -> str:
    """The language the environment asks for: the first of ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set, read as gettext reads it (``fr_FR.UTF-8``
    is French); English when none names a language riftsolve speaks.

    >>> import os
    >>> saved = os.environ.get("LANGUAGE")
    >>> os.environ["LANGUAGE"] = "fr_CA.UTF-8"
    >>> language_from_environment()
    'fr'
    >>> _ = os.environ.pop("LANGUAGE") if saved is None else os.environ.update(LANGUAGE=saved)
    """
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if not value:
            continue
        for wanted in value.split(":"):  # LANGUAGE may list several, best first
            code = wanted.split(".")[0].split("_")[0].split("@")[0].lower()
            if code in LANGUAGES:
                return code
        return "en"  # the first variable set decides, as in gettext
    return "en"


@cache
def _catalogue(code: str) -> gettext.NullTranslations:
    if code == LANGUAGES[0]:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


def use_language(code: str | None = None) -> str:
    """Speak ``code`` from now on (``None``: the environment's language); returns the
    language chosen. An unknown code raises :class:`ValueError` naming those known."""
    chosen = language_from_environment() if code is None else code.lower()
    if chosen not in LANGUAGES:
        raise ValueError(f"unknown language {code!r} (known: {', '.join(LANGUAGES)})")
    _current[0] = _catalogue(chosen)
    _code[0] = chosen
    return chosen


def language() -> str:
    """The language riftsolve speaks now."""
    return _code[0]


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _current[0].gettext(message)


def N_(message: str) -> str:
    """``message`` unchanged: marks a sentence kept in a table (a rule's gist) for the
    catalogue; it is translated by :func:`_` where it is shown.

    >>> N_("a unit is Mighty as long as its Might is 5 or greater")
    'a unit is Mighty as long as its Might is 5 or greater'
    """
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n``, in the language spoken now (French uses
    the singular for 0 and 1)."""
    return _current[0].ngettext(singular, plural, n)


#: What separates the thousands of a number, by language (French: a narrow no-break space).
_THOUSANDS = {"en": ",", "fr": "\u202f"}


def number(n: int) -> str:
    """A whole number as the language spoken writes it: ``20,030,010`` in English,
    ``20 030 010`` in French.

    >>> number(20_030_010)
    '20,030,010'
    """
    return f"{n:,}".replace(",", _THOUSANDS.get(_code[0], ","))

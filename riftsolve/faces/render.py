"""How answers are shown: the CLI contract's JSON line, the keys ``--explain`` adds, and
the headers and cells of a table, chosen by the kind of legal set.

The legal sets hold the rules' answers (count, list, index, verify, explain) and say how
each answer is shown (:meth:`~riftsolve.engine.legal.LegalSet.line`, ``extras``,
``headers``, ``cells``: a family's legal sets write their own); the titles and phrases
around them are made here. A family with no rendering of its own is shown by default:
each answer's ``as_json()`` as its line and, in a table, that line.

>>> import riftsolve as rs
>>> legal = rs.resolve(rs.load_scenario(rs.example_path("alpha-strike-shrunk-5-to-3")))
>>> answer = next(iter(legal))
>>> line(legal, answer), noun(legal), headers(legal), cells(legal, answer)
({'damage': {'r1': 1, 'r2': 1, 'r3': 1}}, 'resolutions', ['damage dealt'], ['r1 1, r2 1, r3 1'])
>>> sorted(explained_line(legal, answer))
['counted_targets', 'damage', 'dropped', 'illegal', 'why']
"""

from __future__ import annotations

from riftsolve._json import JSONOutDoc
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.rank import describe_count
from riftsolve.i18n import N_, _, ngettext
from riftsolve.rules.answers import Answer
from riftsolve.rules.explain import Step


def noun(legal: LegalSet[Answer]) -> str:
    """What one answer is called, in plural (a word of the JSON contract's, in English)."""
    return legal.noun()


def line(legal: LegalSet[Answer], answer: Answer) -> JSONOutDoc:
    """The CLI contract's JSON line for ``answer`` (:meth:`LegalSet.line`)."""
    return legal.line(answer)


def extras(legal: LegalSet[Answer], answer: Answer) -> JSONOutDoc:
    """The keys ``--explain`` adds to a line (:meth:`LegalSet.extras`)."""
    return legal.extras(answer)


def headers(legal: LegalSet[Answer]) -> list[str]:
    """Column names of a readable table of answers (:meth:`LegalSet.headers`)."""
    return legal.headers()


def cells(legal: LegalSet[Answer], answer: Answer) -> list[str]:
    """One row of that table (:meth:`LegalSet.cells`)."""
    return legal.cells(answer)


#: "legal declarations" and "no legal declarations", for each :func:`noun`: whole phrases,
#: since a language may put the adjective after the noun and make it agree.
_LEGAL = {"declarations": (N_("legal declarations"), N_("no legal declarations")),
          "resolutions": (N_("legal resolutions"), N_("no legal resolutions")),
          "assignments": (N_("legal assignments"), N_("no legal assignments"))}
#: The same of one answer.
_ONE_LEGAL = {"declarations": N_("legal declaration"), "resolutions": N_("legal resolution"),
              "assignments": N_("legal assignment")}


def legal_noun(legal: LegalSet[Answer], count: int | None = None) -> str:
    """``'legal resolutions'`` (``'legal resolution'`` of a ``count`` of one), in the
    language spoken now."""
    return _(_ONE_LEGAL[noun(legal)] if count == 1 else _LEGAL[noun(legal)][0])


def no_legal(legal: LegalSet[Answer]) -> str:
    """``'no legal resolutions'``, in the language spoken now."""
    return _(_LEGAL[noun(legal)][1])


def count_title(legal: LegalSet[Answer], shown: int, total: int | None) -> str:
    """The title over the first ``shown`` answers of ``legal``, of which there are
    ``total`` (``None``: too many to count): ``'Alpha Strike: 10 legal resolutions (first
    2 shown)'``, in the language spoken now."""
    card = legal.scenario.effect.name
    title = (_("{card}: {legal}").format(card=card, legal=legal_noun(legal)) if total is None
             else _("{card}: {count} {legal}").format(card=card, count=describe_count(total),
                                                      legal=legal_noun(legal, total)))
    if total is None or total > shown:
        title += ngettext(" (first {shown} shown)", " (first {shown} shown)",
                          shown).format(shown=shown)
    return title


def step_line(step: Step) -> str:
    """One step of a rule trail as a table's explanation prints it.

    >>> step_line({"rule": "355.14.g", "version": "1.4", "detail": "r1 is dealt 1"})
    '  CR 1.4 355.14.g: r1 is dealt 1'
    """
    return f"  CR {step['version']} {step['rule']}: {step['detail']}"


def shared_steps(trails: list[list[Step]]) -> list[Step]:
    """The steps every one of several trails has (none of a single trail: it shares with
    nothing), in the first trail's order.

    >>> a, b, c = ({"rule": "355.14.g", "detail": "each at least 1"},
    ...            {"rule": "355.14.e", "detail": "r1 1"}, {"rule": "355.14.e", "detail": "r2 1"})
    >>> shared_steps([[a, b], [a, c]]) == [a]
    True
    """
    if len(trails) < 2:
        return []
    return [step for step in trails[0] if all(step in trail for trail in trails[1:])]


def explained_line(legal: LegalSet[Answer], answer: Answer) -> JSONOutDoc:
    """The line of ``answer`` with :func:`extras` and its rule trail (``why``)."""
    return {**line(legal, answer), **extras(legal, answer), "why": legal.explain(answer)}

"""Core Rules versions: the texts a scenario may be ruled by, each cited rule's number in
each of them, and where a text words a rule differently.

A version is a text, named by its date (``"2026-10-09"``) or, for the texts of the
1.x series, by its number (``"1.4"``, the text of 2026-06-18); a scenario with no ``rules``
field is ruled by the newest. The engine's rule ids are their 1.4 numbers; under another
text each citation is given that text's number, read from the text by its words
(``rule_numbers.json``, written by :mod:`riftsolve.rules.rule_texts`). A rule with no
counterpart keeps its id with a note saying how that text reaches the same ruling, or
the question is refused (:mod:`riftsolve.rules.version_checks`).

>>> number_in("355.14.h", "1.2"), number_in("355.17", "1.2"), number_in("740.1.a", "1.3")
('352.14.h', '352.9', '740.1')
>>> number_in("465.2.c", "2026-10-09"), number_in("355.17", "2026-10-09")
('467.2.c', '355.18')
>>> number_in("355.14.h.1", "1.3") is None
True
>>> canonical("2026-06-18"), canonical("2026-07-17"), canonical("2026-10-10")
('1.4', '2026-07-16', None)
"""

from __future__ import annotations

import json
import os
from functools import cache
from typing import NamedTuple

from riftsolve.i18n import N_, _


# (a named tuple: cheap to define, as every start of the command line defines it)
class Text(NamedTuple):
    """One Core Rules text: the name a scenario gives it, its date, and the date its own
    header prints (a text's header is sometimes left stale)."""

    name: str
    date: str
    printed: str

    def label(self) -> str:
        """``'1.4 (2026-06-18)'``, ``'2026-10-09'``: how an answer names the text."""
        return self.name if self.name == self.date else f"{self.name} ({self.date})"


#: The supported texts, newest first.
TEXTS = (
    Text("2026-10-09", "2026-10-09", "2026-06-18"),  # its header was not updated
    Text("2026-07-16", "2026-07-16", "2026-07-16"),  # published as Core-Rules-2026-07-17
    Text("1.4", "2026-06-18", "2026-06-18"),
    Text("1.3", "2026-03-30", "2026-03-30"),
    Text("1.2", "2025-12-01", "2025-12-01"),
)

#: What a scenario's ``rules`` may name: each text's name, newest first.
SUPPORTED = tuple(text.name for text in TEXTS)

#: The text a scenario with no ``rules`` field is ruled by.
NEWEST = TEXTS[0].name

#: The text whose numbers are the engine's rule ids.
BASE = "1.4"

#: Other names of the texts: their dates (and the date of the file 2026-07-16 came in).
ALIASES = {**{text.date: text.name for text in TEXTS}, "2026-07-17": "2026-07-16"}

#: Versions older than 1.4 whose numbering the engine knows, newest first.
OLDER = tuple(name for name in SUPPORTED if SUPPORTED.index(name) > SUPPORTED.index(BASE))

#: The table of each cited rule's number in each text (``rule_texts``'s).
TABLE = os.path.join(os.path.dirname(__file__), "rule_numbers.json")


#: The policies a text settles: the scenario format's policy field, the reading that text
#: requires, and the rule that requires it (in the texts that have that rule).
SETTLED = {"group_subset": ("maximal", "355.11.b.1")}


def settled(field: str, version: str) -> tuple[str, str] | None:
    """The reading of policy ``field`` that text ``version`` requires, and the id of the
    rule that says so; ``None`` where the text leaves it open (a named policy).

    >>> settled("group_subset", "2026-10-09"), settled("group_subset", "1.4")
    (('maximal', '355.11.b.1'), None)
    """
    reading = SETTLED.get(field)
    if reading is None or number_in(reading[1], version) is None:
        return None
    return reading


def canonical(version: str) -> str | None:
    """The supported text ``version`` names (its name, or its date), else ``None``."""
    return version if version in SUPPORTED else ALIASES.get(version)


def text_of(version: str) -> Text:
    """The :class:`Text` of a supported version's name."""
    return TEXTS[SUPPORTED.index(version)]


def before(version: str, other: str) -> bool:
    """Whether text ``version`` is older than text ``other``.

    >>> before("1.3", "1.4"), before("2026-10-09", "1.4"), before("1.4", "1.4")
    (True, False, False)
    """
    return SUPPORTED.index(version) > SUPPORTED.index(other)


@cache
def tells_negated(version: str) -> bool:
    """Whether text ``version`` tells an Ignored instruction (illegal targets, unavailable
    information) from a Negated one (any other reason), as 2026-10-09's 359.3.e.6 does;
    older texts call both ignored.

    >>> tells_negated("2026-10-09"), tells_negated("2026-07-16")
    (True, False)
    """
    return not before(version, NEGATED_SINCE)


#: The oldest text whose 359.3.e.6 says Ignored and Negated apart.
NEGATED_SINCE = "2026-10-09"


@cache
def _numbers() -> dict[str, dict[str, str | None]]:
    """Each rule id's number in each text (``None``: that text has no such rule), read once
    (every citation of every explanation asks it)."""
    with open(TABLE, encoding="utf-8") as table:
        rules = json.load(table)["rules"]
    return {rule_id: {text: entry.get("number") for text, entry in texts.items()}
            for rule_id, texts in rules.items()}


#: Why a rule absent from an older version still gives the same ruling there, or that the
#: ruling differs ("{v}" is the version); keyed by (1.4 number, version).
ABSENT: dict[tuple[str, str], str] = {}
for _version in OLDER:
    ABSENT.update({
        ("355.14.h.1", _version): N_("new in 1.4: {v}'s 355.14.h does not say how many targets "
        "may cease being targets (a resolution that drops targets is refused under {v})"),
        ("359.3.e.9.a", _version): N_("new in 1.4: {v} does not say how another spell counts a "
        "chain item's targets"),
        ("359.3.f.2.a", _version): N_("new in 1.4: under {v} the same ruling follows from the "
        "null information of an illegal target (1.4 359.3.e.12)"),
        ("142.4.c", _version): N_("new in 1.4: under {v} the card's own text decides it (002: "
        "card text supersedes rules text)"),
        ("757", _version): N_("new in 1.4: under {v} the card's own 'can't be chosen' decides it "
        "(002: card text supersedes rules text)"),
        ("758.1", _version): N_("new in 1.4: under {v} the same ruling follows from the target no "
        "longer meeting its requirements (1.4 359.3.e.2) and the card's own text (002)"),
    })
ABSENT.update({
    ("355.4.a", "1.2"): N_("new in 1.3: 1.2 says a move goes between two locations (1.2 407.1)"),
    ("359.3.f.2", "1.2"): N_("new in 1.3 (1.2 has no section on referents): the engine reads "
    "information when the instruction executes, as 1.3 and 1.4 say"),
    ("359.3.f.4", "1.2"): N_("new in 1.3 (1.2 has no section on referents)"),
    ("383.4.b", "1.2"): N_("new in 1.3: 1.2 calls Targeting Effects 'Chosen triggers' (352.14.d)"),
    ("383.3.a", "1.2"): N_("new in 1.3: 1.2 does not say when a triggered ability's 'you may' is "
    "decided (the engine decides it as the ability is finalized, as 1.3 and 1.4 say)"),
    ("383.3.b", "1.2"): N_("new in 1.3: 1.2 does not say when a triggered ability's cost within "
    "instructions is paid (the engine pays it to finalize the ability, as 1.3 and 1.4 say)"),
    ("204.3.b", "1.2"): N_("new in 1.3: 1.2 does not say when a cost within instructions is paid "
    "(the engine pays a spell's on resolution, as 1.3 and 1.4 say)"),
    ("355.3", "1.2"): N_("new in 1.3: under 1.2 modes are chosen as a spell is played (185.2.b: "
    "'that player chooses modes'), as 1.3 and 1.4 say"),
    ("170.11.a", "1.2"): N_("new in 1.3: 1.2 does not define an 'occupied' battlefield (read "
    "as one where a unit is, as 1.3 and 1.4 say)"),
    ("170.11.c", "1.2"): N_("new in 1.3: 1.2 does not define an 'open' battlefield (read as one "
    "with no unit and no controller, as 1.3 and 1.4 say)"),
    ("740.1", "1.2"): N_("new in 1.3: 1.2 defines 'friendly' in its 2v2 rules (466.8.d) and "
    "'enemy' nowhere"),
    ("740.1.b", "1.2"): N_("new in 1.3: 1.2 does not define 'enemy'; read as an opponent's"),
    ("447.2.b", "1.2"): N_("new in 1.3: 1.2 has no rule on moving to a teammate's battlefield "
    "(a move where it could decide is refused under 1.2)"),
})

#: Where another text's rule exists but reads differently: (rule id, version).
DIFFERS: dict[tuple[str, str], str] = {
    ("447.2.b", "1.3"): N_("1.3 makes the battlefields a teammate controls invalid "
    "destinations, not those a teammate's units occupy (a move where it could decide is "
    "refused under 1.3)"),
    ("355.9.a", "2026-10-09"): N_("2026-10-09 speaks of a finalized spell or ability on the "
    "chain"),
    ("355.9.a.2", "2026-10-09"): N_("2026-10-09 speaks of finalized objects on the Chain"),
    ("355.11.b", "2026-10-09"): N_("2026-10-09 says the controller must choose a legal subset, "
    "and 355.11.b.1 that it include as many legal targets as it can"),
    ("359.3.e.6", "2026-10-09"): N_("2026-10-09 calls an instruction Ignored when it can't be "
    "followed for illegal targets or unavailable information, and Negated for any other "
    "reason"),
    ("359.3.e.12", "2026-10-09"): N_("2026-10-09 says the instructions based on null "
    "information are Ignored"),
    ("811.1.d", "2026-10-09"): N_("2026-10-09 says a card played from Hidden is played from "
    "facedown"),
    ("811.1.d.2", "2026-10-09"): N_("2026-10-09 says it of hidden spells (the battlefield it "
    "was played from); a hidden permanent's play effect targets at the battlefield it was "
    "played to (811.1.d.3)"),
    ("355.5.b", "1.3"): N_("1.3 names only the triggered abilities of permanents, not the "
    "delayed or reflexive triggers a chain item generates"),
    ("355.5.b", "1.2"): N_("1.2 names only the triggered abilities of permanents, not the "
    "delayed or reflexive triggers a chain item generates"),
    ("383.3.b", "1.3"): N_("1.3 makes every cost within instructions of a triggered ability its "
    "base cost, not only one at the beginning of its effect"),
    ("204.3.b", "1.3"): N_("1.3's 742.1.a speaks of spells only: a triggered ability's later "
    "costs within instructions are paid as it is finalized there"),
    ("143.2.b", "1.2"): N_("1.2 treats negative Might as 0 for all purposes, not only when "
    "referred to"),
    ("355.10.b", "1.3"): N_("1.3's 355.10.b has no 'restriction or permission for a game "
    "action' clause"),
    ("355.10.b", "1.2"): N_("1.2's 352.10.b has no 'restriction or permission for a game "
    "action' clause, and says a move to a battlefield targets the battlefield"),
    ("355.11.b", "1.2"): N_("1.2's example forbids affecting targets no longer at the chosen "
    "battlefield"),
    ("809.1.c", "1.2"): N_("1.2's Deflect is paid once per spell or ability, not for each "
    "choice"),
    ("142.4.b", "1.3"): N_("1.3 states it only as a reminder in the combat damage rules"),
    ("142.4.b", "1.2"): N_("1.2 states it only as a reminder in the combat damage rules"),
}


def number_in(number: str, version: str) -> str | None:
    """The number in text ``version`` of the rule whose id is ``number`` (``None``: no such
    rule there)."""
    return _numbers()[number].get(version)


def introduced(number: str) -> str:
    """The oldest supported text that has the rule whose id is ``number``.

    >>> introduced("355.14.h"), introduced("355.14.h.1"), introduced("355.11.b.1")
    ('1.2', '1.4', '2026-10-09')
    """
    return next(name for name in reversed(SUPPORTED) if number_in(number, name) is not None)


def note_in(number: str, version: str) -> str | None:
    """What a reader of ``version`` should know about this citation, if anything."""
    text = ABSENT.get((number, version)) or DIFFERS.get((number, version))
    if text is None and number_in(number, version) is None:
        since = introduced(number)
        if before(version, since):
            return _("new in {since}: not in {v}").replace("{since}", since).replace(
                "{v}", version)
        text = N_("not in {v}")
    return None if text is None else _(text).replace("{v}", version)

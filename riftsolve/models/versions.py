"""Core Rules versions: each cited rule's number in 1.3 and 1.2, and where the text differs.

The engine cites 1.4 numbers. A scenario's ``rules`` (or ``classify --rules``) asks for an
older version: each citation is then given that version's number, read from that
version's own text (``tests/data/rule_versions.json`` holds the phrase of each rule that
identifies it there). A rule with no counterpart keeps its 1.4 number with a note saying
how the older text reaches the same ruling, or that the question is refused
(:mod:`models.version_checks`).

>>> number_in("355.14.h", "1.2"), number_in("355.17", "1.2"), number_in("740.1.a", "1.3")
('352.14.h', '352.9', '740.1')
>>> number_in("355.14.h.1", "1.3") is None
True
"""

from __future__ import annotations

from riftsolve.models.i18n import N_, _

#: Versions older than 1.4 whose numbering the engine knows, newest first.
OLDER = ("1.3", "1.2")

#: Each cited 1.4 rule: its number in 1.3 and in 1.2 (``None``: no rule with that meaning).
NUMBERS: dict[str, tuple[str | None, str | None]] = {
    "143.2.b": ("143.2.b", "142.2.b"),
    "191.2": ("188.2", "185.2"),
    "355.4": ("355.4", "352.3"),
    "355.4.a": ("355.4.a", None),
    "355.5": ("355.5", "352.4"),
    "355.7": ("355.7", "352.6"),
    "355.8": ("355.8", "352.7"),
    "355.9.a": ("355.9.a", "352.8.a"),
    "355.9.b": ("355.9.b", "352.8.b"),
    "355.9.c": ("355.9.c", "352.8.c"),
    "355.9.a.2": ("355.9.a.2", "352.8.a.2"),
    "355.10": ("355.10", "352.10"),
    "355.10.a.1": ("355.10.a.1", "352.10.a.1"),
    "355.10.d.1": ("355.10.d.1", "352.10.d.1"),
    "355.10.a": ("355.10.a", "352.10.a"),
    "355.10.b": ("355.10.b", "352.10.b"),
    "355.10.c": ("355.10.c", "352.10.c"),
    "355.10.c.1": ("355.10.c.1", "352.10.c.1"),
    "355.10.d": ("355.10.d", "352.10.d"),
    "355.10.d.2": ("355.10.d.2", "352.10.d.2"),
    "355.10.e": ("355.10.e", "352.10.e"),
    "355.10.f": ("355.10.f", "352.10.f"),
    "355.11": ("355.11", "352.11"),
    "355.11.a": ("355.11.a", "352.11.a"),
    "355.11.b": ("355.11.b", "352.11.b"),
    "355.12": ("355.12", "352.12"),
    "355.13": ("355.13", "352.13"),
    "355.14.a": ("355.14.a", "352.14.a"),
    "355.14.b": ("355.14.b", "352.14.b"),
    "355.14.c": ("355.14.c", "352.14.c"),
    "355.14.d": ("355.14.d", "352.14.d"),
    "355.14.e": ("355.14.e", "352.14.e"),
    "355.14.f": ("355.14.f", "352.14.f"),
    "355.14.g": ("355.14.g", "352.14.g"),
    "355.14.h": ("355.14.h", "352.14.h"),
    "355.14.h.1": (None, None),
    "355.14.i": ("355.14.i", "352.14.i"),
    "355.15": ("355.15", "352.15"),
    "355.17": ("355.17", "352.9"),
    "356.2.a.2": ("356.2.a.2", "353.2.a.2"),
    "359.3.e.2": ("359.3.e.2", "356.3.e.2"),
    "359.3.e.4": ("359.3.e.4", "356.3.e.4"),
    "359.3.e.5": ("359.3.e.5", "356.3.e.5"),
    "359.3.e.6": ("359.3.e.6", "356.3.e.6"),
    "359.3.e.7": ("359.3.e.7", "356.3.e.7"),
    "359.3.e.8": ("359.3.e.8", "356.3.e.8"),
    "359.3.e.9.a": (None, None),
    "359.3.e.12": ("359.3.e.12", "356.3.e.12"),
    "359.3.f.2": ("359.3.f.2", None),
    "359.3.f.2.a": (None, None),
    "359.3.f.4": ("359.3.f.4", None),
    "355.5.b": ("355.5.b", "352.4.b"),
    "355.2.a": ("355.2.a", "352.2.a"),
    "383.3.a": ("383.3.a", None),
    "383.3.b": ("383.3.b", None),
    "204.3.b": ("742.1.a", None),
    "383.4.b": ("383.4.b", None),
    "430.1": ("430.1", "417.1"),
    "355.3": ("355.3", None),
    "170.11.a": ("169.10.a", None),
    "170.11.c": ("169.10.c", None),
    "708": ("708", "708"),
    "417.6.b.3": ("417.6.b.3", "404.6.b.3"),
    "433.1": ("433.1", "420.1"),
    "142.4.b": ("460.2.c.2", "443.1.d.2"),
    "142.4.c": (None, None),
    "715.2": ("715.2", "715.2"),
    "715.3": ("715.3", "715.3"),
    "740.1": ("740", None),
    "740.1.a": ("740.1", "466.8.d"),
    "740.1.b": ("740.2", None),
    "757": (None, None),
    "758.1": (None, None),
    "809": ("809", "735"),
    "809.1.c": ("809.1.c", "735.1.c"),
    "809.1.d": ("809.1.d", "735.1.d"),
    "811.1.d": ("811.1.d", "737.1.d"),
    "811.1.d.2": ("811.1.d.2", "737.1.d.2"),
    "820.1.d": ("820.1.d", "746.1.d"),
    "820.2": ("820.2", "746.2"),
    "820.2.a": ("820.2.a", "746.2.a"),
    # combat damage (465.2) and the keywords it reads
    "465.2": ("460.2", "443.1"),
    "465.2.a": ("460.2.a", "443.1.b"),
    "465.2.b": ("460.2.b", "443.1.c"),
    "465.2.c": ("460.2.c", "443.1.d"),
    "465.2.c.1": ("460.2.c.1", "443.1.d.1"),
    "465.2.c.3": ("460.2.c.3", "443.1.d.3"),
    "465.2.c.4": ("460.2.c.4", "443.1.d.4"),
    "465.2.c.4.a": (None, None),
    "465.2.c.5": (None, None),
    "465.2.c.6": ("460.2.c.5", "443.1.d.5"),
    "465.2.c.7": ("460.2.c.6", "443.1.d.6"),
    "465.2.c.8": ("460.2.c.7", "443.1.d.7"),
    "465.2.c.9": ("460.2.c.8", "443.1.d.8"),
    "465.2.c.10": ("460.2.c.9", "443.1.d.9"),
    "465.2.d": ("460.2.d", "443.1.e"),
    "437.5": ("437.5", None),
    "437.5.a": ("437.5.a", None),
    "437.5.b": ("437.5.b", None),
    "423.1.b": ("423.1.b", "410.1.b"),
    "423.1.c": ("423.1.c", "410.1.c"),
    "142.4": ("142.3", "141.3"),
    "142.4.a": (None, None),
    "807": ("807", "733"),
    "807.1.c": ("807.1.c", "733.1.c"),
    "807.1.d.1": ("807.1.d.1", "733.1.d.1"),
    "807.2": ("807.2", "733.2"),
    "814": ("814", "740"),
    "814.1.c": ("814.1.c", "740.1.c"),
    "814.1.d.1": ("814.1.d.1", "740.1.d.1"),
    "814.2": ("814.2", "740.2"),
    "815": ("815", "741"),
    "815.1.b": ("815.1.b", "741.1.b"),
    "815.1.c.1": ("815.1.c.1", "741.1.c.1"),
    "815.1.c.2": ("815.1.c.2", "741.1.c.2"),
    "826": ("826", None),
    "826.3": ("826.3", None),
    "826.4.a": ("826.4.a", None),
    "826.4.b": ("826.4.b", None),
}

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
})

#: Where an older version's rule exists but reads differently: (1.4 number, version).
DIFFERS: dict[tuple[str, str], str] = {
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
    """The number of 1.4 rule ``number`` in ``version`` (``None``: no such rule there)."""
    if version == "1.4":
        return number
    return NUMBERS[number][OLDER.index(version)]


def note_in(number: str, version: str) -> str | None:
    """What a reader of ``version`` should know about this citation, if anything."""
    if version == "1.4":
        return None
    text = ABSENT.get((number, version)) or DIFFERS.get((number, version))
    if text is None and number_in(number, version) is None:
        text = N_("new in 1.4: not in {v}")
    return None if text is None else _(text).replace("{v}", version)

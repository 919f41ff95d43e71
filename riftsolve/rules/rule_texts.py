"""Core Rules texts read as rules, and each cited rule's number found in them by its words.

The engine's rule ids are their Core Rules 1.4 numbers (a rule new since then: its number in
the text that introduced it). Every supported text numbers them its own way; ``NUMBERS``
(``rule_numbers.json``, beside this module) holds, for each id and each text, the number
and a phrase of that rule's words in that text. Those numbers are never written by hand:

    python -m riftsolve.rules.rule_texts 2026-10-09=Core-Rules-2026-10-09.txt [...]

reads each text given (the public Core Rules as plain text), finds in it the one rule
whose words hold each cited rule's phrase for that text (or, for a text not yet
recorded, the phrase of the newest text that has one), and writes the numbers found.
A phrase found in no rule, or in several, is listed and nothing is written: a person then
records a phrase of that text's own wording (``"phrase"``), or that the rule is absent
(``"number": null``, with a note in :mod:`riftsolve.rules.versions`). ``--check`` only
compares.

>>> rules = read_rules('''355.11. Group targets
... 355.11.b. If the group of targets no longer collectively fulfill the targeting
... restriction, that spell's controller must choose a legal subset.
... 355.11.b.1. Any legal subset must include the maximum number of legal targets.''')
>>> sorted(rules)
['355.11', '355.11.b', '355.11.b.1']
>>> find(rules, "must choose a legal subset")
['355.11.b']
>>> find(rules, "legal subset")  # in two rules: not a phrase that identifies one
['355.11.b', '355.11.b.1']
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import NotRequired, TypedDict

#: The table of numbers and phrases, beside this module (package data).
TABLE = Path(__file__).with_name("rule_numbers.json")

#: The text whose numbers are the engine's rule ids.
BASE = "1.4"

#: A rule's first line: its number ("355.11.b.1"), a period, then its words.
_RULE_LINE = re.compile(r"^(\d{3}(?:\.(?:\d+|[a-z]))*)\.\s+(\S.*)$")

#: Typographic quotes read as plain ones.
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def normalize(words: str) -> str:
    """Words compared as a reader sees them: plain quotes, a word broken by a hyphen at a
    line's end joined again, every run of white space one space.

    >>> normalize("non-\\nBoard  \u201czone\u201d")
    'non-Board "zone"'
    """
    words = re.sub(r"-\n(?=\S)", "-", words.translate(_QUOTES))
    return re.sub(r"\s+", " ", words).strip()


def read_rules(text: str) -> dict[str, str]:
    """Each numbered rule of a Core Rules text: number to its words (its own lines and the
    examples under it, up to the next numbered rule), normalized."""
    rules: dict[str, list[str]] = {}
    lines: list[str] | None = None
    for line in text.splitlines():
        found = _RULE_LINE.match(line)
        if found:
            lines = rules.setdefault(found[1], [])
            lines.append(found[2])
        elif lines is not None:
            lines.append(line)
    return {number: normalize("\n".join(lines)) for number, lines in rules.items()}


def find(rules: Mapping[str, str], phrase: str, under: str | None = None) -> list[str]:
    """The rules the phrase identifies, best first: the rule whose words are the phrase,
    else those that begin with it, else those that hold it anywhere; with ``under``, only
    among the rules below the one rule that phrase identifies (two rules worded alike,
    such as Tank's and Backline's 'Players must still assign lethal damage ...'). More
    than one: the phrase does not identify a rule."""
    candidates: Mapping[str, str] = rules
    if under is not None:
        parents = find(rules, under)
        if len(parents) != 1:
            return []
        prefix = parents[0] + "."
        candidates = {number: words for number, words in rules.items()
                      if number.startswith(prefix)}
    phrase = normalize(phrase)
    tiers: tuple[Callable[[str], bool], ...] = (
        lambda words: words == phrase, lambda words: words.startswith(phrase),
        lambda words: phrase in words)
    for holds in tiers:
        hits = [number for number, words in candidates.items() if holds(words)]
        if hits:
            return hits
    return []


class Recorded(TypedDict, total=False):
    """A rule in one text: its number there (``None``: that text does not have it) and the
    words that find it (``phrase``, and ``under``, its parent's, where the phrase alone
    does not)."""

    number: str | None
    phrase: str | None
    under: str


class Words(TypedDict):
    """The words that find a rule in a text: a phrase, and its parent's words where the
    phrase alone does not."""

    phrase: str
    under: NotRequired[str]


class Table(TypedDict):
    """The table of :data:`TABLE`: what it is, the texts, the ids a newer rule took, and
    each rule in each text."""

    about: str
    texts: list[str]
    taken: dict[str, str]
    rules: dict[str, dict[str, Recorded]]


def load(path: Path = TABLE) -> Table:
    """The table: ``{"texts": [...], "rules": {id: {text: {"number", "phrase"}}}}``."""
    table: Table = json.loads(path.read_text(encoding="utf-8"))
    return table


def phrase_for(entry: Mapping[str, Recorded], text: str, texts: Sequence[str]
               ) -> Words | None:
    """The words that identify a rule in ``text`` (``phrase``, and ``under`` where the
    phrase alone does not): that text's own, else the 1.4 text's (the ids are 1.4
    numbers), else the newest text's that has them."""
    for other in (text, BASE, *texts):
        recorded = entry.get(other, Recorded())
        phrase = recorded.get("phrase")
        if phrase:
            words = Words(phrase=phrase)
            if "under" in recorded:
                words["under"] = recorded["under"]
            return words
    return None


def number_rules(table: Table, text: str, rules: Mapping[str, str]) -> list[str]:
    """Sets each rule's number in ``text`` from its words (``rules``, read from that text);
    returns the problems (a phrase found in no rule or in several)."""
    problems = []
    for rule_id, entry in table["rules"].items():
        own = entry.get(text)
        if own is not None and "number" in own and own["number"] is None:
            continue  # recorded as absent from that text
        words = phrase_for(entry, text, table["texts"])
        if words is None:
            problems.append(f"{rule_id}: no phrase to look for in {text}")
            continue
        hits = find(rules, words["phrase"], words.get("under"))
        if len(hits) != 1:
            problems.append(f"{rule_id}: {words['phrase']!r} is in {len(hits)} rules of {text}"
                            + (f" ({', '.join(hits[:6])})" if hits else ""))
            continue
        found = Recorded(number=hits[0], phrase=words["phrase"])
        if "under" in words:
            found["under"] = words["under"]
        entry[text] = found
    return problems


def write(table: Table, path: Path = TABLE) -> None:
    """The table on disk, one rule a block, in a stable order."""
    path.write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Numbers the cited rules in each text given; writes the table (or, with ``--check``,
    compares it). Exit 1 on a problem, listed on standard error."""
    parser = argparse.ArgumentParser(
        prog="python -m riftsolve.rules.rule_texts",
        description="Number every cited rule in each Core Rules text given, by its words.")
    parser.add_argument("texts", nargs="+", metavar="VERSION=PATH",
                        help="a supported version and its plain-text Core Rules")
    parser.add_argument("--check", action="store_true",
                        help="compare with the table; write nothing")
    parser.add_argument("--table", type=Path, default=TABLE, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    table = load(args.table)
    before = json.dumps(table, sort_keys=True)
    problems: list[str] = []
    for given in args.texts:
        version, _, path = given.partition("=")
        if version not in table["texts"] or not path:
            parser.error(f"{given}: VERSION=PATH, VERSION one of {', '.join(table['texts'])}")
        rules = read_rules(Path(path).read_text(encoding="utf-8"))
        problems += number_rules(table, version, rules)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    changed = json.dumps(table, sort_keys=True) != before
    if args.check:
        print("the table differs from the texts" if changed else "the table is the texts'")
        return 1 if changed else 0
    write(table, args.table)
    print(f"{args.table.name}: {len(table['rules'])} rules in {len(args.texts)} text(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The seeded generators of ``hostile.py``: hostile inputs for every surface a user reaches.

Not a benchmark itself (``hostile.py`` runs what these make). Each generator takes a
``random.Random`` and returns one :class:`Case`: the files to write into a fresh folder,
and the ``riftsolve`` commands (:class:`Step`) to run on them, each a whole process. The
surfaces, one generator each:

* ``scenario``: a built-in example scenario (JSON) with one hostile value spliced in where
  a value stood, or a hostile key, or its bytes mangled; asked a random question;
* ``notation``: a board in the notation with hostile lines (floods of one mark, a huge
  quoted id, tens of thousands of unit lines, a ``targets`` line of 10^5 ids...);
* ``import``: a card dump (the catalog's record shape) and an errata overlay, hostile in
  their JSON, their card texts or their size; or not a file at all;
* ``batch``: a JSON-lines file or a folder of scenarios mixing good and hostile ones (and
  entries that are not files), answered with ``--out``, sometimes interrupted and resumed:
  every entry must end with exactly one record;
* ``signal``: a long question interrupted at a random moment (exit 130, one line), or
  its reader leaving after a few bytes (exit 0);
* ``serve``: request bodies for the page's server (:func:`serve_body`), posted to one
  running server by ``hostile.py``.

Every value is drawn from the ``random.Random`` given, so a seed replays a case exactly.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import riftsolve.formats.examples as examples

#: What a file of a case may be instead of its bytes.
SPECIAL = ("dir", "fifo", "dangling")
#: The bound a scenario file (and a batch line, and a body) is read within: 8 MiB.
FILE_BOUND = 8 << 20
#: Where a hostile value goes in a scenario before it is spliced in as raw JSON text.
_HOLE = "\x00hole\x00"
#: The questions a scenario is asked (each a ``riftsolve`` command after its file).
QUESTIONS: tuple[tuple[str, ...], ...] = (
    ("resolve", "--count"), ("resolve", "--limit", "3"), ("finalize", "--limit", "3"),
    ("finalize", "--count"), ("rule",), ("rule", "--lang", "fr"),
    ("best", "--objective", "kills,-overkill"), ("resolve", "--explain", "--limit", "1"),
    ("finalize", "--format", "table", "--limit", "2"),
)


@dataclass(frozen=True)
class Step:
    """One ``riftsolve`` process: its arguments (``{d}`` stands for the case's folder),
    the exit codes it may end with, and how it is cut short: interrupted (SIGINT) after
    ``interrupt_after`` seconds, or its standard output closed after ``read_bytes``."""

    argv: tuple[str, ...]
    codes: tuple[int, ...] = (0, 2, 3)
    interrupt_after: float | None = None
    read_bytes: int | None = None


@dataclass(frozen=True)
class Case:
    """One hostile case: its surface, what was made (``label``), the files of its folder
    (bytes, or one of :data:`SPECIAL`), its steps, and a check of the folder once they
    have run (``None``: fine, else what is wrong)."""

    surface: str
    label: str
    files: Mapping[str, bytes | str]
    steps: tuple[Step, ...]
    check: Callable[[Path], str | None] | None = field(default=None, compare=False)


# --------------------------------------------------------------------------- values


def _junk_text(rng: random.Random, size: int) -> str:
    """``size`` characters from an alphabet of trouble: markup, escapes, controls,
    format strings, wide and combining characters, lone surrogates (as JSON escapes)."""
    pieces = ["a", "Z", "9", " ", "[bold]", "[/]", "%s", "{0}", "\\u001b[31m", "\\n", "\\t",
              "\\u0000", "\\ud800", "é", "\u0301", "語", "\U0001f525", "\\\"", "\\\\", "'", ","]
    piece = rng.choice(pieces)
    mixed = "".join(rng.choice(pieces) for _ in range(64))
    unit = rng.choice([piece, mixed])
    return (unit * (size // max(len(unit), 1) + 1))[:size].rstrip("\\")


def hostile_json_value(rng: random.Random) -> tuple[str, str]:
    """A hostile JSON value as raw text, and what it is."""
    kind = rng.choice(["deep list", "deep object", "digits", "float", "string", "long list",
                       "plain", "ids"])
    if kind == "deep list":
        n = rng.choice([200, 10_000, 100_000, 1_000_000])
        return f"a list nested {n:,} deep", "[" * n + "]" * n
    if kind == "deep object":
        n = rng.choice([200, 50_000, 500_000])
        return f"an object nested {n:,} deep", '{"a":' * n + "1" + "}" * n
    if kind == "digits":
        n = rng.choice([41, 4_301, 100_000, 1_000_000, 4_000_000])
        sign = rng.choice(["", "-"])
        return f"a number of {n:,} digits", sign + "9" * n
    if kind == "float":
        text = rng.choice(["1e999999", "-1e400", "NaN", "Infinity", "-0", "2.5", "1e-400",
                           "0.1e1", "1" + "0" * 5000 + ".5"])
        return f"the number {text[:12]}", text
    if kind == "string":
        n = rng.choice([0, 1_000, 100_000, 1_000_000, 7_000_000])
        return f"a string of {n:,} characters", '"' + _junk_text(rng, n) + '"'
    if kind == "long list":
        n = rng.choice([1_000, 100_000, 1_000_000])
        item = rng.choice(["1", "null", '"r1"', "{}", "[]"])
        return f"a list of {n:,} {item}", "[" + ",".join([item] * n) + "]"
    if kind == "ids":
        n = rng.choice([1_000, 60_000, 300_000])
        return f"a list of {n:,} ids", json.dumps([f"x{i % (n // 2 + 1)}" for i in range(n)])
    text = rng.choice(["null", "true", "false", "{}", "[]", '""', "0", "-1", '"north"',
                       '{"id": "r1"}', '[{"id": "r1"}]'])
    return f"the value {text}", text


# --------------------------------------------------------------------------- scenarios


def _examples(suffix: str) -> list[Path]:
    folder = Path(examples.__file__).parent
    return sorted(folder.glob(f"*{suffix}"))


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (objects' keys, lists' indexes), itself too."""
    found: list[tuple[Any, ...]] = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _leaves(item, (*path, index))
    return found


def _put(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    holder = document
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return document


def _mangled(rng: random.Random, raw: bytes) -> tuple[str, bytes]:
    """``raw`` with its bytes damaged one way."""
    how = rng.choice(["truncated", "flipped", "invalid UTF-8", "NUL", "BOM", "UTF-16",
                      "CRLF", "empty", "padded past the bound"])
    if how == "truncated":
        return how, raw[:rng.randrange(len(raw) + 1)]
    if how == "flipped":
        data = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return how, bytes(data)
    if how == "invalid UTF-8":
        at = rng.randrange(len(raw) + 1)
        return how, raw[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80"]) + raw[at:]
    if how == "NUL":
        at = rng.randrange(len(raw) + 1)
        return how, raw[:at] + b"\x00" * rng.choice([1, 1000]) + raw[at:]
    if how == "BOM":
        return how, b"\xef\xbb\xbf" + raw
    if how == "UTF-16":
        return how, raw.decode("utf-8", "replace").encode("utf-16")
    if how == "CRLF":
        return how, raw.replace(b"\n", b"\r\n")
    if how == "empty":
        return how, b""
    return how, raw + b" " * (FILE_BOUND + 1 - len(raw))


def hostile_scenario_text(rng: random.Random) -> tuple[str, bytes]:
    """A built-in example scenario made hostile one way: its JSON text and what was done."""
    base = rng.choice(_examples(".json"))
    document = json.loads(base.read_text())
    how = rng.choice(["value", "value", "value", "key", "units", "mangled", "twice"])
    where = base.stem
    if how == "mangled":
        said, raw = _mangled(rng, json.dumps(document, indent=1).encode())
        return f"{where}: {said}", raw
    if how == "units":
        n = rng.choice([5_000, 49_999, 50_001, 60_000])
        document["units"] = [{"id": f"u{i}", "controller": "AB"[i % 2], "might": i % 9,
                              "location": rng.choice(document.get("battlefields", ["base"])
                                                     or ["base"])} for i in range(n)]
        return f"{where}: {n:,} units", json.dumps(document).encode()
    if how == "twice":
        key = rng.choice(["controller", "card", "format", "units", "id"])
        text = json.dumps(document)
        return f"{where}: {key} given twice", ('{"' + key + '": 1, ' + text[1:]).encode()
    said, raw_value = hostile_json_value(rng)
    if how == "key":
        document[rng.choice(["x-note", "zzz", "Units", "", "\u00e9"])] = _HOLE
        where += " (a key added)"
    else:
        path = rng.choice(_leaves(document)[1:])
        document = _put(document, path, _HOLE)
        where += " at " + ".".join(map(str, path))
    text = json.dumps(document).replace(json.dumps(_HOLE), raw_value, 1)
    return f"{where}: {said}", text.encode("utf-8", "surrogatepass")


def scenario_case(rng: random.Random) -> Case:
    said, raw = hostile_scenario_text(rng)
    question = rng.choice(QUESTIONS)
    return Case("scenario", f"{said}; {' '.join(question)}", {"s.json": raw},
                (Step((question[0], "{d}/s.json", *question[1:])),))


# --------------------------------------------------------------------------- notation


def _board(rng: random.Random, units: int) -> list[str]:
    """An Alpha Strike board in the notation, ``units`` enemies at north."""
    lines = ["card Alpha Strike", "controller A", "battlefields north south",
             f"kai A {rng.randint(0, 9)} @north"]
    lines += [f"r{i} B {1 + i % 5} @{rng.choice(['north', 'south'])}" for i in range(units)]
    lines.append(f"targets friendly=kai enemies={','.join(f'r{i}' for i in range(units))}")
    return lines


def hostile_board_text(rng: random.Random) -> tuple[str, bytes]:
    """A board in the notation made hostile one way."""
    bases = [path.read_text().splitlines() for path in _examples(".board")]
    lines = rng.choice([*bases, _board(rng, rng.randint(1, 6))])
    how = rng.choice(["flood", "quoted", "units", "targets", "garbage", "digits",
                      "battlefields", "mangled", "comment"])
    at = rng.randrange(len(lines) + 1)
    if how == "flood":
        mark = rng.choice([",", "=", "@", '"', "#", "[", "'", "\\", " ", "\t"])
        n = rng.choice([1_000, 100_000, 4_000_000])
        said = f"{n:,} {mark!r} in a row"
        lines.insert(at, rng.choice(["targets enemies=", "r9 B 1 @north ", ""]) + mark * n)
    elif how == "quoted":
        n = rng.choice([1_000, 1_000_000, 7_000_000])
        close = rng.choice(['"', ""])
        said = f"a quoted id of {n:,} characters" + ("" if close else ", unclosed")
        lines.insert(at, '"' + "q" * n + close + " B 1 @north")
    elif how == "units":
        n = rng.choice([10_000, 49_990, 50_001, 135_000])
        said = f"{n:,} unit lines"
        lines[at:at] = [f"z{i} B {i % 7} @north" for i in range(n)]
    elif how == "targets":
        n = rng.choice([1_000, 100_001, 300_000])
        said = f"a targets line of {n:,} ids"
        lines.append("targets enemies=" + ",".join(f"r{i % (n - 1)}" for i in range(n)))
    elif how == "garbage":
        said = "a line of junk"
        lines.insert(at, _junk_text(rng, rng.choice([10, 10_000, 1_000_000])))
    elif how == "digits":
        n = rng.choice([41, 5_000, 1_000_000])
        said = f"a Might of {n:,} digits"
        lines.insert(at, f"big B {'9' * n} @north")
    elif how == "battlefields":
        n = rng.choice([1_000, 100_000, 200_000])
        said = f"{n:,} battlefields"
        lines.insert(min(at, 3), "battlefields " + " ".join(f"b{i}" for i in range(n)))
    elif how == "comment":
        said = "a comment of 7,000,000 characters"
        lines.insert(at, "# " + "c" * 7_000_000)
    else:
        said, raw = _mangled(rng, "\n".join(lines).encode())
        return said, raw
    return said, ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")


def notation_case(rng: random.Random) -> Case:
    said, raw = hostile_board_text(rng)
    question = rng.choice(QUESTIONS)
    return Case("notation", f"{said}; {' '.join(question)}", {"b.board": raw},
                (Step((question[0], "{d}/b.board", *question[1:])),))


# --------------------------------------------------------------------------- card import

#: Card texts of the shapes the compiler reads (and some it does not).
TEXTS = (
    "Deal 3 to a unit.", "Kill a unit at a battlefield.", "Deal 2 to up to three units.",
    "Stun an enemy unit. Draw 1.", "Choose one — Deal 2 to a unit; or Kill a gear.",
    "[Action] Deal 4 damage split among any number of enemy units at a battlefield.",
    "Kill any number of units at a battlefield with total Might 4 or less.",
    "Return a unit to its owner's hand.", "Give a friendly unit +2 [Might] this turn.",
    "Move an enemy unit to its base.", "When I attack, deal 1 to an enemy unit here.",
)


def _card_row(name: str, text: str) -> dict[str, Any]:
    """A catalog row (the riftboundfaq shape)."""
    return {"name": name, "energyCost": 1, "powerCost": None, "might": None,
            "domains": ["Fury"], "cardTypes": ["Spell"], "superTypes": [], "tags": [],
            "abilities": text, "effects": None}


def _hostile_card_text(rng: random.Random) -> tuple[str, str]:
    base = rng.choice(TEXTS)
    how = rng.choice(["brackets", "phrase", "words", "entities", "choices", "digits",
                      "junk", "lines"])
    if how == "brackets":
        n = rng.choice([100, 16_000, 100_000])
        return f"{n:,} unclosed '['", base + " " + "[" * n
    if how == "phrase":
        n = rng.choice([10, 2_000, 20_000])
        return f"' at a battlefield' x {n:,}", base[:-1] + " at a battlefield" * n + "."
    if how == "words":
        n = rng.choice([100, 1 << 18])
        return f"{n:,} words", base[:-1] + " foo" * n + "."
    if how == "entities":
        n = rng.choice([100, 100_000])
        return f"{n:,} HTML entities", base[:-1] + " &amp;" * n + "."
    if how == "choices":
        n = rng.choice([50, 98, 120, 400])
        return f"{n} choices of one kind", " ".join(f"Kill a unit{i}." for i in range(n))
    if how == "digits":
        n = rng.choice([41, 5_000])
        return f"a {n:,}-digit amount", f"Deal {'9' * n} to a unit."
    if how == "lines":
        n = rng.choice([40, 400])
        return f"{n} lines", "\n".join([base] * n)
    n = rng.choice([100, 1_999, 10_000])
    return f"{n:,} characters of junk", _junk_text(rng, n).replace("\\", "")


def import_case(rng: random.Random) -> Case:
    """A dump (and maybe an errata overlay) made hostile one way, imported."""
    cards = [_card_row(f"Card {i}", rng.choice(TEXTS)) for i in range(rng.randint(1, 8))]
    files: dict[str, bytes | str] = {}
    how = rng.choice(["text", "text", "text", "json", "shape", "many", "errata", "special"])
    if how == "text":
        said, text = _hostile_card_text(rng)
        cards.insert(rng.randrange(len(cards) + 1), _card_row("Hostile", text))
        dump = json.dumps(cards)
    elif how == "json":
        said, raw_value = hostile_json_value(rng)
        document: Any = cards
        document = _put(document, rng.choice(_leaves(document)), _HOLE)
        dump = json.dumps(document).replace(json.dumps(_HOLE), raw_value, 1)
    elif how == "shape":
        said, dump = rng.choice([
            ("an object, not a list", json.dumps({"cards": {"a": 1}})),
            ("a list of strings", json.dumps(["Deal 3 to a unit."] * 10)),
            ("texts that are numbers", json.dumps([{**cards[0], "abilities": 3}])),
            ("no names", json.dumps([{"abilities": "Kill a unit."}] * 5)),
            ("one name 1,000 times", json.dumps([_card_row("Same", t) for t in
                                                 rng.choices(TEXTS, k=1_000)])),
            ("a name of 100,000 characters", json.dumps([_card_row("N" * 100_000,
                                                                   "Kill a unit.")])),
        ])
    elif how == "many":
        n = rng.choice([2_000, 5_001, 20_000, 100_000])
        said = f"{n:,} cards"
        dump = json.dumps([_card_row(f"C{i}", rng.choice(TEXTS)) for i in range(n)])
    elif how == "errata":
        said, text = rng.choice([
            ("an erratum on a 400-line card", "\n".join(["Kill a unit."] * 400)),
            ("an erratum on a short card", "Deal 3 to a unit."),
        ])
        cards.append(_card_row("Hostile", text))
        dump = json.dumps(cards)
        new = rng.choice(["Kill a unit.", "Deal 2 to a unit. " * 2_000, "[" * 50_000,
                          "\n".join(["Deal 1 to a unit."] * 400)])
        entries: Any = [{"official_name": "Hostile", "old_text": text, "new_text": new}]
        if rng.random() < 0.3:
            said += ", the overlay nested 100,000 deep"
            files["errata.json"] = b"[" * 100_000 + b"]" * 100_000
        else:
            files["errata.json"] = json.dumps({"entries": entries}).encode()
        said += f" (new text of {len(new):,} characters)"
    else:
        kind = rng.choice(SPECIAL)
        files["dump.json"] = kind
        said = f"the dump is a {kind}"
        dump = ""
    files.setdefault("dump.json", dump.encode())
    argv: tuple[str, ...] = ("cards", "import", "{d}/dump.json")
    if "errata.json" in files:
        argv += ("--errata", "{d}/errata.json")
    argv += rng.choice([("--report",), ("--out", "{d}/library")])
    return Case("import", said, files, (Step(argv, codes=(0, 2)),))


# --------------------------------------------------------------------------- batch


def _small(ident: str, rng: random.Random) -> str:
    """A small good scenario: Fox-Fire at north among 1 to 4 enemies of Might 1 to 3."""
    return json.dumps({"id": ident, "format": 1, "controller": "A", "card": "Fox-Fire",
                       "battlefields": ["north"],
                       "units": [{"id": f"r{j}", "controller": "B", "might": rng.randint(1, 3),
                                  "location": "north"} for j in range(rng.randint(1, 4))]})


def _one_line(raw: bytes) -> bytes:
    return raw.replace(b"\r", b" ").replace(b"\n", b" ")


def _records_check(expected: set[int]) -> Callable[[Path], str | None]:
    """After the last run: ``out.jsonl`` holds one record for each entry, exactly once,
    keyed by its position (``expected``: a file's non-blank line numbers, a folder's entry
    numbers)."""

    def check(folder: Path) -> str | None:
        indexes: list[int] = []
        for number, line in enumerate((folder / "out.jsonl").read_bytes().splitlines(), 1):
            try:
                record = json.loads(line)
            except ValueError:
                return f"out.jsonl line {number} is not JSON: {line[:80]!r}"
            indexes.append(record.get("index"))
        if sorted(indexes) != sorted(expected):
            missing = sorted(expected - set(indexes))
            twice = sorted({i for i in indexes if indexes.count(i) > 1})
            return (f"{len(indexes)} records for {len(expected)} entries (missing "
                    f"{missing[:5]}, twice {twice[:5]})")
        return None

    return check


def batch_case(rng: random.Random) -> Case:
    """Good and hostile scenarios in one input, answered with ``--out`` (maybe interrupted
    first, then resumed): each entry must end with exactly one record."""
    folder = rng.random() < 0.35
    entries = rng.randint(3, 40)
    hostile = rng.randint(1, 3)
    files: dict[str, bytes | str] = {}
    lines: list[bytes] = []
    said: list[str] = []
    ids = [rng.choice(["a", "b", "c", f"s{i}"]) for i in range(entries)]  # ids repeat
    for i in range(entries):
        if i < hostile:
            what, raw = (hostile_board_text(rng) if folder and rng.random() < 0.3
                         else hostile_scenario_text(rng))
            said.append(what)
            if folder and rng.random() < 0.3:
                kind = rng.choice(SPECIAL)
                said[-1] = f"a {kind}"
                files[f"in/e{i:03d}.{rng.choice(['json', 'board'])}"] = kind
                continue
            if len(raw) > 3 << 20 and sum(map(len, lines)) > 3 << 20:
                raw = b"[" * 100_000  # (keep the whole input within a few bounds)
        else:
            raw = _small(ids[i], rng).encode()
        if folder:
            files[f"in/e{i:03d}.json"] = raw
        else:
            lines.append(_one_line(raw))
    rng.shuffle(lines)
    expected = set(range(1, entries + 1))
    if not folder:  # (a blank line is no entry: the records keep the lines' numbers)
        files["in.jsonl"] = b"\n".join(lines) + b"\n"
        expected = {n for n, line in enumerate(lines, 1)
                    if line.decode("utf-8", "replace").strip()}
    source = "{d}/in" if folder else "{d}/in.jsonl"
    question = rng.choice([("--question", "count"), ("--question", "best", "--objective",
                                                      "kills"),
                           ("--question", "list", "--limit", "5")])
    argv = ("batch", source, "--jobs", str(rng.choice([1, 2])), "--out", "{d}/out.jsonl",
            *question)
    steps: tuple[Step, ...] = (Step(argv, codes=(0, 1)),)
    label = f"{entries} entries ({'folder' if folder else 'lines'}), hostile: " + "; ".join(
        said)
    if rng.random() < 0.5:
        after = round(rng.uniform(0.2, 2.5), 2)
        steps = (Step(argv, codes=(0, 1, 130), interrupt_after=after), *steps)
        label += f"; interrupted after {after} s, resumed"
    return Case("batch", label, files, steps, _records_check(expected))


# --------------------------------------------------------------------------- signals


def signal_case(rng: random.Random) -> Case:
    """A long question cut short: interrupted (130, one line) or its reader gone (0)."""
    units = rng.choice([20, 60, 400])
    board = {"format": 1, "controller": "A", "card": "Alpha Strike", "battlefields": ["n"],
             "units": [{"id": "kai", "controller": "A", "might": units * 3, "location": "n"},
                       *({"id": f"t{i}", "controller": "B", "might": 1 + i % 7,
                          "location": "n"} for i in range(units))],
             "targets": {"friendly": "kai", "enemies": [f"t{i}" for i in range(units)]}}
    lines = b"\n".join(_small(f"s{i}", rng).encode() for i in range(400)) + b"\n"
    command = rng.choice([
        ("resolve", "{d}/s.json", "--all"),
        ("best", "{d}/s.json", "--objective", "kills,-overkill", "--top", "20"),
        ("rule", "{d}/s.json"), ("resolve", "{d}/s.json", "--limit", "100000"),
        ("batch", "{d}/in.jsonl", "--jobs", "2"), ("demo",),
    ])
    files: dict[str, bytes | str] = {"s.json": json.dumps(board).encode(), "in.jsonl": lines}
    if rng.random() < 0.5:
        after = round(rng.uniform(0.05, 3.0), 2)
        step = Step(command, codes=(0, 1, 3, 130), interrupt_after=after)
        said = f"interrupted after {after} s"
    else:
        read = rng.choice([0, 1, 100, 10_000])
        step = Step(command, codes=(0, 1, 3), read_bytes=read)
        said = f"its reader gone after {read:,} bytes"
    label = f"{' '.join(command).replace('{d}/', '')} on {units} targets, {said}"
    return Case("signal", label, files, (step,))


# --------------------------------------------------------------------------- the server


def serve_body(rng: random.Random) -> tuple[str, bytes, bool]:
    """A request body for the page's server: what it is, its bytes, and whether the client
    leaves before sending all of it."""
    how = rng.choice(["scenario", "scenario", "board", "request", "raw", "size", "leave"])
    if how in ("scenario", "board"):
        said, text = (hostile_scenario_text(rng) if how == "scenario"
                      else hostile_board_text(rng))
        request = {"scenario": text.decode("utf-8", "replace"),
                   "question": rng.choice(["finalize", "resolve"]), "limit": 5}
        return said, json.dumps(request).encode(), False
    if how == "request":
        said, raw_value = hostile_json_value(rng)
        key = rng.choice(["scenario", "question", "limit", "lang", "other"])
        body = ('{"scenario": "card Alpha Strike", "question": "resolve", "' + key + '": '
                + raw_value + "}")
        return f"{key}: {said}", body.encode(), False
    if how == "raw":
        said, raw_value = hostile_json_value(rng)
        return f"the body: {said}", raw_value.encode(), False
    if how == "size":
        n = rng.choice([FILE_BOUND, FILE_BOUND + (64 << 10) + 1, 20 << 20])
        return f"a body of {n:,} bytes", b'{"scenario": "' + b"x" * n + b'"}', False
    return "a client leaving mid-body", b'{"scenario": "' + b"x" * 100_000, True


#: The generators of the cases ``hostile.py`` runs as processes, by surface.
GENERATORS: dict[str, Callable[[random.Random], Case]] = {
    "scenario": scenario_case, "notation": notation_case, "import": import_case,
    "batch": batch_case, "signal": signal_case,
}

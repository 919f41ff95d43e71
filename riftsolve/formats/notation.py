"""The board notation: a scenario written by hand, one line a unit.

A scenario file whose first non-blank character is ``{`` (or ``[``) is JSON (format 1);
any other text is this notation. It converts to the same format-1 structure and goes
through the same validation (:func:`riftsolve.formats.format1.parse_scenario`); an error
names the line and column that wrote the field at fault.

>>> text = '''
... # Alpha Strike, after finalization
... card Alpha Strike
... controller A
... battlefields north south
... kai A 3 @north
... r1  B 1 @north dmg=1 deflect=1
... r2  B 2 @south tags=Order,Bird
... targets friendly=kai enemies=r1,r2
... '''
>>> doc, _ = to_format1(text)
>>> doc["units"][1]
{'id': 'r1', 'controller': 'B', 'might': 1, 'location': 'north', 'damage': 1, 'deflect': 1}
>>> doc["targets"]
{'friendly': 'kai', 'enemies': ['r1', 'r2']}
>>> read_board(text).board["r2"].tags
('Order', 'Bird')
>>> print(write_board(doc), end="")
card Alpha Strike
controller A
battlefields north south
kai A 3 @north
r1 B 1 @north dmg=1 deflect=1
r2 B 2 @south tags=Order,Bird
targets friendly=kai enemies=r1,r2

An error points at the line and column (and says what the field is):

>>> read_board("card Fox-Fire\\ncontroller A\\nr1 B x @north", "board.txt")
Traceback (most recent call last):
...
riftsolve.formats.notation.NotationError: board.txt:3:6: might: 'x' is not a whole number
>>> read_board("card Fox-Fire\\ncontroller A\\nbattlefields north\\n"
...            "r1 B 2 @north\\ntargets units=r1,r9", "board.txt")
Traceback (most recent call last):
...
riftsolve.formats.notation.NotationError: board.txt:5:18: units: unknown unit id 'r9' (not in units)

Quoting: an id (a name, a tag, a location) with a space, a control character or one of
``" # , = @`` is written as a JSON string, ``"my unit"``, ``"a\\tb"``; so is an id that
reads as a word of the notation where it stands (a header word opening a unit line,
``none`` in a target slot).

>>> doc, _ = to_format1('card Fox-Fire\\ncontroller A\\nbattlefields "north #1"\\n'
...                     '"card" B 2 @"north #1"\\ntargets units="card"')
>>> doc["units"][0]["id"], doc["units"][0]["location"], doc["targets"]
('card', 'north #1', {'units': ['card']})
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from riftsolve.i18n import _
from riftsolve.rules.limits import MAX_LINE_PIECES, MAX_PIECES, ScenarioError, too_many_pieces

if TYPE_CHECKING:  # the models of format 1 (pydantic) load with the parser, when reading
    from pydantic import BaseModel

    from riftsolve.formats.decoded import Decoded, HugeNumber
    from riftsolve.rules.scenario import Scenario

#: The JSON structure the notation converts to (format 1).
Doc: TypeAlias = "dict[str, Decoded]"
#: A field of the structure: ``("units", 2, "might")``.
Path_ = tuple[str | int, ...]


class NotationError(ScenarioError):
    """A board notation error: ``where:line:column: field: message``."""

    def __init__(self, where: str, line: int, column: int, label: str, message: str
                 ) -> None:
        super().__init__(f"{where}:{line}:{column}", f"{label}: {message}" if label else
                         message)
        self.line = line
        self.column = column


def grammar_help() -> str:
    """The notation in brief, as ``riftsolve new --help`` shows it."""
    return _("""\
The board notation (any scenario file not starting with '{' is read as it):
  card NAME                        the card (name or slug; the rest of the line)
  controller PLAYER                who plays it
  battlefields NAME NAME ...       the battlefields in play
  ID CONTROLLER MIGHT @LOCATION [key=value ...] [flag ...]
                                   one unit a line; LOCATION: a battlefield, base or
                                   offboard; keys: dmg (damage), deflect, tags=A,B,
                                   untargetable=enemy|all, value, keywords, prevent,
                                   energy, power, type=gear (no MIGHT), combat,
                                   on_chosen="TEXT"[@opponent|@any]; flags: stunned,
                                   exhausted, buffed, moved, token, empowered,
                                   undamageable; a gear's attached=UNIT
  targets SLOT=ID SLOT=ID,ID ...   the targets chosen at finalization (resolve);
                                   none: an "up to one" slot left empty; for "at each
                                   location": SLOT=ID@LOCATION,...
  source ID | from_hidden BF | bonus N | power N | rules 1.4 | lethal_any [yes|no]
  event_battlefield BF             where the card a trigger watches was played (or
                                   where the source moved from); event_destination BF:
                                   where it moved to
  control BF=PLAYER ... | teams A,C B,D | modes_used 1 2 | policy KEY=VALUE ...
  repeat [SLOT=...]                [Repeat] paid, with the second execution's targets
  combat BF attacker=P [assigner=P] [lethal_any]   a combat damage step (465.2)
  object ID KIND CONTROLLER [zone=Z] [key=value ...]   a rune, spell, legend or card
'#' starts a comment; blank lines are skipped. An id with a space or one of " # , = @
(or a header word opening a unit line, or 'none' in targets) is quoted as a JSON
string: "my unit". Errors name FILE:LINE:COLUMN.
""")


# --------------------------------------------------------------------------- lexing

_PIECE = re.compile(r'''
    (?P<space>[ \t\r]+)
  | (?P<comment>\#.*)
  | (?P<string>"(?:[^"\\\n]++|\\.)*+")
  | (?P<word>[^\s"#,=@]+)
  | (?P<punct>[,=@])
  | (?P<bad>.)
''', re.X)


@dataclass(frozen=True)
class Atom:
    """A word or a quoted string, with its column (1-based)."""

    text: str
    column: int
    quoted: bool = False


@dataclass(frozen=True)
class Item:
    """One item of a value: ``atom`` or ``atom@at``."""

    atom: Atom
    at: Atom | None = None


@dataclass
class Field:
    """One whitespace-separated field of a line: ``atom``, ``@atom``, ``key=items``."""

    column: int
    key: Atom | None = None
    at: bool = False
    items: list[Item] = field(default_factory=list)
    #: a key with ``=`` (its items may be none: an empty list)
    valued: bool = False

    @property
    def bare(self) -> Atom | None:
        """The field's single atom, when it is one plain atom (no key, no ``@``)."""
        if self.key is None and not self.at and len(self.items) == 1 and \
                self.items[0].at is None:
            return self.items[0].atom
        return None


@dataclass(frozen=True)
class Line:
    """A line of the notation: its number, text and fields."""

    number: int
    text: str
    fields: list[Field]


class _Lexer:
    """Splits a line into fields, tracking columns; errors name ``where``."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, line: int, column: int, label: str, message: str) -> NotationError:
        return NotationError(self.where, line, column, label, message)

    def line(self, number: int, text: str) -> Line:
        groups: list[list[tuple[str, str, int]]] = []
        current: list[tuple[str, str, int]] = []
        pieces = 0
        for match in _PIECE.finditer(text):
            kind = match.lastgroup or "bad"
            column = match.start() + 1
            if kind in ("space", "comment"):
                if current:
                    groups.append(current)
                    current = []
                if kind == "comment":
                    break
                continue
            if kind == "bad":
                what = (_("unterminated quoted string") if match.group() == '"' else
                        _("unexpected character {char}").format(char=repr(match.group())))
                raise self.fail(number, column, "", what)
            if kind == "punct" and (current[-1][0] == "punct" if current else
                                    match.group() != "@"):
                raise self.fail(number, column, "", _("expected a value before {char}").format(
                    char=repr(match.group())))  # ',,' or '@@': said at once, not at the end
            pieces += 1
            if pieces > MAX_LINE_PIECES:
                raise self.fail(number, column, "", _(
                    "more than {most:,} values on one line: not a board").format(
                        most=MAX_LINE_PIECES // 2))
            current.append((kind, match.group(), column))
        if current:
            groups.append(current)
        return Line(number, text, [self._field(number, g) for g in groups])

    def _atom(self, number: int, kind: str, text: str, column: int) -> Atom:
        if kind == "word":
            return Atom(text, column)
        try:
            value = json.loads(text)
        except ValueError:
            raise self.fail(number, column, "", _("malformed quoted string {text} (it is "
                            "read as a JSON string)").format(text=text)) from None
        return Atom(value, column, quoted=True)

    def _field(self, number: int, pieces: list[tuple[str, str, int]]) -> Field:
        result = Field(column=pieces[0][2])
        rest = pieces
        if rest[0][1] == "@" and rest[0][0] == "punct":
            result.at = True
            rest = rest[1:]
        elif len(rest) > 1 and rest[1][1] == "=" and rest[0][0] in ("word", "string"):
            result.key = self._atom(number, *rest[0])
            result.valued = True
            rest = rest[2:]
        result.items = self._items(number, rest, pieces[0][2])
        if not result.items and not result.valued:
            raise self.fail(number, pieces[0][2], "", _("'@' needs a location after it"))
        return result

    def _items(self, number: int, pieces: list[tuple[str, str, int]], start: int
               ) -> list[Item]:
        """``a,b@c,"d e"``: atoms separated by commas, each with an optional ``@atom``."""
        items: list[Item] = []
        expect_atom = True
        position = 0
        while position < len(pieces):
            kind, text, column = pieces[position]
            if expect_atom:
                if kind not in ("word", "string"):
                    raise self.fail(number, column, "", _("expected a value before "
                                    "{char}").format(char=repr(text)))
                atom = self._atom(number, kind, text, column)
                at = None
                if position + 1 < len(pieces) and pieces[position + 1][1] == "@":
                    if position + 2 >= len(pieces) or pieces[position + 2][0] not in (
                            "word", "string"):
                        raise self.fail(number, pieces[position + 1][2], "",
                                        _("'@' needs a location after it"))
                    at = self._atom(number, *pieces[position + 2])
                    position += 2
                items.append(Item(atom, at))
                expect_atom = False
            else:
                if text != ",":
                    raise self.fail(number, column, "", _("unexpected {char} (a value is "
                                    "a list of items separated by commas, with no "
                                    "space)").format(char=repr(text)))
                expect_atom = True
            position += 1
        if expect_atom and items:
            raise self.fail(number, pieces[-1][2], "", _("a value ends with a comma"))
        return items


# --------------------------------------------------------------------------- conversion

#: Header words, and the format-1 key each writes (aliases are shorter words).
HEADERS = {
    "card": "card", "controller": "controller", "rules": "rules", "format": "format",
    "source": "source", "from_hidden": "from_hidden", "event_battlefield": "event_battlefield",
    "event_destination": "event_destination",
    "bonus": "bonus_damage",
    "bonus_damage": "bonus_damage", "power": "available_power",
    "available_power": "available_power", "lethal_any": "lethal_any", "repeat": "repeat",
    "modes_used": "modes_used", "battlefields": "battlefields",
    "control": "battlefield_control", "battlefield_control": "battlefield_control",
    "teams": "teams", "policy": "policy", "combat": "combat", "targets": "targets",
    "object": "objects", "effect": "effect",
}
#: Key aliases on a unit line.
UNIT_ALIASES = {"dmg": "damage"}
#: The bare word for ``null`` in a target slot ("up to one" left empty).
NONE = "none"
_YES = {"yes": True, "true": True, "no": False, "false": False}
_INTEGER = re.compile(r"-?[0-9]+")
#: A unit line with no quoting, keys or flags: ``r1 B 3 @north``, maybe commented.
_PLAIN_UNIT = re.compile(r"[ \t]*([^\s\"#,=@]+)[ \t]+([^\s\"#,=@]+)[ \t]+(-?[0-9]+)[ \t]+"
                         r"@([^\s\"#,=@]+)[ \t\r]*(?:#.*)?")
_CARD = re.compile(r"[ \t]*(card)(?=[ \t#]|$)")


def _kinds(model: type[BaseModel], name: str) -> frozenset[str]:
    """What a field of ``model`` holds: ``int``, ``bool``, ``str``, ``list``, ``dict``
    (``str`` for a name that is no field: user text, never cached)."""
    if name not in model.model_fields:
        return frozenset({"str"})
    return _field_kinds(model, name)


@cache
def _field_kinds(model: type[BaseModel], name: str) -> frozenset[str]:
    info = model.model_fields[name]
    found: set[str] = set()

    def walk(annotation: object) -> None:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            walk(typing.get_args(annotation)[0])
        elif origin in (typing.Union, types.UnionType):
            for arg in typing.get_args(annotation):
                walk(arg)
        elif origin is Literal:
            found.update(type(arg).__name__ for arg in typing.get_args(annotation))
        elif origin in (list, dict):
            found.add(origin.__name__)
        elif isinstance(annotation, type) and hasattr(annotation, "model_fields"):
            found.add("dict")
        elif isinstance(annotation, type) and annotation in (int, bool, str):
            found.add(annotation.__name__)
        elif annotation is type(None):
            found.add("none")

    walk(info.annotation)
    return frozenset(found)


class Positions:
    """Where each field of the converted structure was written: its line, column and the
    label the notation gives it."""

    def __init__(self) -> None:
        self.at: dict[Path_, tuple[int, int, str]] = {}

    def note(self, path: Path_, line: int, column: int, label: str) -> None:
        self.at[path] = (line, column, label)


class _Reader:
    """Converts notation lines to the format-1 structure, noting where each field is."""

    def __init__(self, where: str, folder: str | Path | None) -> None:
        self.lexer = _Lexer(where)
        self.folder = folder
        self.doc: Doc = {}
        self.positions = Positions()
        self.card_line: tuple[int, int] | None = None
        self.pending_targets: list[tuple[Line, str, list[Field]]] = []
        self.pieces = 0

    def fail(self, line: int, column: int, label: str, message: str) -> NotationError:
        return self.lexer.fail(line, column, label, message)

    def read(self, text: str) -> Doc:
        from riftsolve.formats.schema import CombatIn, ObjectIn, PolicyIn, UnitIn

        self.models: dict[str, type[BaseModel]] = {
            "units": UnitIn, "objects": ObjectIn, "policy": PolicyIn, "combat": CombatIn}
        for number, raw in enumerate(text.lstrip("\ufeff").split("\n"), 1):
            card = _CARD.match(raw)
            if card and not raw[card.end():].lstrip().startswith('"'):
                self._card(number, raw, card.start(1) + 1, raw[card.end():])
                continue
            plain = _PLAIN_UNIT.fullmatch(raw)
            if plain and plain[1] not in HEADERS:
                self._plain_unit(number, plain)
                continue
            line = self.lexer.line(number, raw)
            if line.fields:
                self._line(line)
        for line, key, fields in self.pending_targets:
            self._targets(line, key, fields)
        self.doc.setdefault("format", 1)
        self.doc.setdefault("units", [])  # no unit line: no unit
        return self.doc

    # ---- lines

    def _line(self, line: Line) -> None:
        head = line.fields[0].bare
        if head is None or head.quoted or head.text not in HEADERS:
            self._unit(line)
            return
        key = HEADERS[head.text]
        rest = line.fields[1:]
        if key == "objects":
            self._object(line, rest)
            return
        if key == "effect":
            raise self.fail(line.number, head.column, "effect", _(
                "an inline effect needs a JSON scenario (format 1, see 'riftsolve schema'): "
                "the notation names a card"))
        if key in self.doc:
            raise self.fail(line.number, head.column, head.text, _(
                "given twice: which one is meant?"))
        self.positions.note((key,), line.number, head.column, head.text)
        if key == "card":
            atom = rest[0].bare if len(rest) == 1 else None
            if atom is None:
                raise self.fail(line.number, head.column, "card", _(
                    "a quoted card name is one string"))
            self.doc["card"] = self._value(line, atom, ("card",), "card", "str")
        elif key in ("targets", "repeat"):
            self._targeting(line, key, rest, head)
        elif key in ("policy", "combat"):
            self.doc[key] = self._record(line, rest, self.models[key], (key,),
                                         ("battlefield",) if key == "combat" else ())
        elif key == "battlefield_control":
            control: dict[str, Decoded] = {}
            self.doc[key] = control
            for item in rest:
                name = self._keyed(line, item, head.text)
                control[name] = self._string(line, item, (key, name), name)
        elif key == "teams":
            teams: list[Decoded] = []
            for i, item in enumerate(rest):
                team: list[Decoded] = [*self._strings(line, item, (key, i), f"teams[{i}]")]
                teams.append(team)
            self.doc[key] = teams
        else:
            self._scalar(line, key, head, rest)

    def _card(self, number: int, raw: str, column: int, rest: str) -> None:
        """``card NAME``: the rest of the line, up to a comment (a card's name may hold
        commas and spaces: "Volibear, Furious"); quoted, a JSON string."""
        if "card" in self.doc:
            raise self.fail(number, column, "card", _("given twice: which one is meant?"))
        name = rest.split("#", 1)[0].strip()
        if not name:
            raise self.fail(number, column, "card", _("a card name is missing"))
        self.doc["card"] = name
        self.positions.note(("card",), number, len(raw) - len(rest.lstrip()) + 1, "card")

    def _scalar(self, line: Line, key: str, head: Atom, rest: list[Field]) -> None:
        from riftsolve.formats.schema import ScenarioIn

        kinds = _kinds(ScenarioIn, key)
        if "list" in kinds:  # battlefields, modes_used: one item a field, or commas
            values: list[Decoded] = []
            for field_ in rest:
                if field_.key is not None or field_.at:
                    raise self.fail(line.number, field_.column, head.text, _(
                        "takes plain values"))
                for item in field_.items:
                    path = (key, len(values))
                    values.append(self._value(line, item.atom, path, head.text,
                                              "int" if key == "modes_used" else "str"))
            self.doc[key] = values
            return
        if not rest and "bool" in kinds:
            self.doc[key] = True
            return
        if len(rest) != 1 or rest[0].bare is None:
            column = rest[1].column if len(rest) > 1 else head.column
            raise self.fail(line.number, column, head.text, _("takes one value"))
        atom = rest[0].bare
        assert atom is not None
        kind = "bool" if "bool" in kinds else "int" if "int" in kinds and "str" not in \
            kinds else "str"
        self.doc[key] = self._value(line, atom, (key,), head.text, kind, "none" in kinds)

    # ---- values

    def _value(self, line: Line, atom: Atom, path: Path_, label: str, kind: str,
               nullable: bool = False) -> str | int | bool | HugeNumber | None:
        """``atom`` as the JSON value a field of ``kind`` takes (``int``, ``bool``,
        ``intstr``: a number, else the text; ``str``); a bare ``none`` is ``null`` where
        the field may be null."""
        self.positions.note(path, line.number, atom.column, label)
        if nullable and not atom.quoted and atom.text == NONE:
            return None
        if atom.quoted or kind == "str":
            if kind in ("int", "bool") and atom.quoted:
                raise self.fail(line.number, atom.column, label, self._not(atom, kind))
            return atom.text
        if kind == "bool":
            if atom.text.lower() not in _YES:
                raise self.fail(line.number, atom.column, label, self._not(atom, kind))
            return _YES[atom.text.lower()]
        if _INTEGER.fullmatch(atom.text):
            from riftsolve.formats.decoded import number_or_huge

            return number_or_huge(atom.text)
        if kind == "int":
            raise self.fail(line.number, atom.column, label, self._not(atom, kind))
        return atom.text

    @staticmethod
    def _not(atom: Atom, kind: str) -> str:
        if kind == "bool":
            return _("{value} is not yes or no").format(value=repr(atom.text))
        return _("{value} is not a whole number").format(value=repr(atom.text))

    def _keyed(self, line: Line, item: Field, label: str) -> str:
        if item.key is None:
            raise self.fail(line.number, item.column, label, _("expected key=value"))
        return item.key.text

    def _string(self, line: Line, item: Field, path: Path_, label: str) -> str:
        if len(item.items) != 1 or item.items[0].at is not None:
            raise self.fail(line.number, item.column, label, _("takes one value"))
        return str(self._value(line, item.items[0].atom, path, label, "str"))

    def _strings(self, line: Line, item: Field, path: Path_, label: str) -> list[str]:
        if item.key is not None or item.at:
            raise self.fail(line.number, item.column, label, _("takes plain values"))
        self.positions.note(path, line.number, item.column, label)
        return [str(self._value(line, one.atom, (*path, i), label, "str"))
                for i, one in enumerate(item.items)]

    # ---- records: units, objects, policy, combat

    def _record(self, line: Line, fields: Sequence[Field], model: type[BaseModel],
                path: Path_, positional: Sequence[str], aliases: Mapping[str, str] = {}
                ) -> Doc:
        """``positional`` values first, then ``key=value`` fields and bare flags."""
        record: Doc = {}
        for name, field_ in zip(positional, fields, strict=False):
            atom = field_.bare
            if atom is None:
                raise self.fail(line.number, field_.column, name, _("expected the {name} "
                                "here").format(name=name))
            record[name] = self._value(line, atom, (*path, name), name, "str")
        for field_ in fields[len(positional):]:
            self._keyword(line, field_, model, path, record, aliases)
        return record

    def _keyword(self, line: Line, field_: Field, model: type[BaseModel], path: Path_,
                 record: Doc, aliases: Mapping[str, str]) -> None:
        if field_.at:
            label, name, items = "location", "location", field_.items
            if len(items) != 1 or items[0].at is not None:
                raise self.fail(line.number, field_.column, label, _("one location"))
        elif field_.key is not None:
            label = field_.key.text
            name, items = aliases.get(label, label), field_.items
        else:
            atom = field_.bare
            if atom is None or atom.quoted or "bool" not in _kinds(model, atom.text):
                raise self.fail(line.number, field_.column, "", _(
                    "expected key=value, not {text}").format(
                        text=repr(atom.text if atom is not None else "")))
            label = name = atom.text
            items = []
        if name in record:
            raise self.fail(line.number, field_.column, label, _(
                "given twice: which one is meant?"))
        kinds = _kinds(model, name)
        here = (*path, name)
        column = items[0].atom.column if items else field_.column
        self.positions.note(here, line.number, column, label)
        if not items and not field_.valued:
            record[name] = True  # a flag
        elif "list" in kinds:
            record[name] = [self._list_item(line, item, (*here, i), label, name, kinds)
                            for i, item in enumerate(items)]
        else:
            if len(items) != 1 or items[0].at is not None:
                raise self.fail(line.number, column, label, _("takes one value"))
            kind = ("bool" if "bool" in kinds else "intstr" if "int" in kinds and "str" in
                    kinds else "int" if "int" in kinds else "str")
            record[name] = self._value(line, items[0].atom, here, label, kind,
                                       "none" in kinds)

    def _list_item(self, line: Line, item: Item, path: Path_, label: str, name: str,
                   kinds: frozenset[str]) -> Decoded:
        text = self._value(line, item.atom, path, label, "str")
        if item.at is None:
            return text
        if name != "on_chosen":
            raise self.fail(line.number, item.at.column, label, _(
                "'@' is for a location (or on_chosen's chooser), not here"))
        return {"text": text, "by": self._value(line, item.at, (*path, "by"), label, "str")}

    def _unit(self, line: Line) -> None:
        """``ID CONTROLLER [MIGHT] @LOCATION key=value... flag...``."""
        from riftsolve.formats.schema import UnitIn

        fields = line.fields
        first = fields[0].bare
        if first is None:
            raise self.fail(line.number, fields[0].column, "", _(
                "a line is a header ({headers}) or a unit: ID CONTROLLER [MIGHT] @LOCATION "
                "[key=value ...]").format(headers=", ".join(sorted(HEADERS))))
        if len(fields) < 2 or fields[1].bare is None or not any(f.at for f in fields):
            column = (fields[1].column if len(fields) > 1 and fields[1].bare is None else
                      len(line.text.split("#", 1)[0].rstrip()) + 1)
            hint = "" if first.quoted else _(" ({word} is not a header: {headers})").format(
                word=repr(first.text), headers=", ".join(sorted(HEADERS)))
            raise self.fail(line.number, column, "", _(
                "a unit line is ID CONTROLLER [MIGHT] @LOCATION [key=value ...]") + hint)
        index = len(self._pieces("units"))
        self._counted(line)
        path: Path_ = ("units", index)
        positional = ["id", "controller"]
        might = fields[2].bare if len(fields) > 2 else None
        if might is not None and "bool" not in _kinds(UnitIn, might.text):
            positional.append("might")
        record = self._record(line, fields[:2], UnitIn, path, positional[:2])
        if len(positional) == 3 and might is not None:
            record["might"] = self._value(line, might, (*path, "might"), "might", "int")
        for field_ in fields[len(positional):]:
            self._keyword(line, field_, UnitIn, path, record, UNIT_ALIASES)
        self.positions.note(path, line.number, first.column, "")
        self._pieces("units").append(record)

    def _plain_unit(self, number: int, match: re.Match[str]) -> None:
        """``ID CONTROLLER MIGHT @LOCATION``, the commonest line, read without the lexer
        (a board of 50,000 units reads in about a second): the same record and positions
        as :meth:`_unit` gives it."""
        units = self._pieces("units")
        path: Path_ = ("units", len(units))
        self.pieces += 1
        if self.pieces > MAX_PIECES:
            raise self.fail(number, 1, "", too_many_pieces(self.pieces))
        note = self.positions.note
        for group, name in ((1, "id"), (2, "controller"), (3, "might"), (4, "location")):
            note((*path, name), number, match.start(group) + 1, name)
        note(path, number, match.start(1) + 1, "")
        from riftsolve.formats.decoded import number_or_huge

        units.append({"id": match[1], "controller": match[2], "might": number_or_huge(match[3]),
                      "location": match[4]})

    def _pieces(self, key: str) -> list[Decoded]:
        """The ``units`` or ``objects`` read so far (only their lines write them)."""
        found = self.doc.setdefault(key, [])
        if not isinstance(found, list):
            raise TypeError(f"{key}: {found!r} is not a list")
        return found

    def _counted(self, line: Line) -> None:
        """One more unit or object: refused at once past :data:`MAX_PIECES` (the line
        that goes over is named, before the rest is read)."""
        self.pieces += 1
        if self.pieces > MAX_PIECES:
            raise self.fail(line.number, 1, "", too_many_pieces(self.pieces))

    def _object(self, line: Line, fields: list[Field]) -> None:
        """``object ID KIND CONTROLLER key=value...``."""
        from riftsolve.formats.schema import ObjectIn

        index = len(self._pieces("objects"))
        self._counted(line)
        path: Path_ = ("objects", index)
        record = self._record(line, fields, ObjectIn, path, ("id", "kind", "controller"))
        self.positions.note(path, line.number, fields[0].column if fields else 1, "")
        self._pieces("objects").append(record)

    # ---- targets

    def _targeting(self, line: Line, key: str, rest: list[Field], head: Atom) -> None:
        """``targets slot=... ``; ``repeat [yes|no] slot=...``: Repeat paid, and the
        second execution's targets (read once the card is known)."""
        if key == "repeat":
            paid: Decoded = True
            if rest and rest[0].bare is not None:
                paid = self._value(line, rest[0].bare, ("repeat",), "repeat", "bool")
                rest = rest[1:]
            self.doc["repeat"] = paid
            if rest:
                self.pending_targets.append((line, "repeat", rest))
            return
        self.doc["targets"] = self.doc.get("targets", {})
        self.pending_targets.append((line, "targets", rest))

    def _targets(self, line: Line, key: str, fields: list[Field]) -> None:
        targets = _object_at(self.doc, "targets")
        path: Path_ = ("targets",)
        if key == "repeat":
            targets = _object_at(targets, "repeat")
            path = ("targets", "repeat")
            self.positions.note(path, line.number, fields[0].column, "repeat")
        shapes = _slot_shapes(self.doc.get("card"), self.folder)
        for field_ in fields:
            slot = self._keyed(line, field_, "targets")
            if slot in targets:
                raise self.fail(line.number, field_.column, slot, _(
                    "given twice: which one is meant?"))
            here = (*path, slot)
            column = field_.items[0].atom.column if field_.items else field_.column
            self.positions.note(here, line.number, column, slot)
            targets[slot] = self._slot(line, field_.items, here, slot, shapes.get(slot))

    def _slot(self, line: Line, items: list[Item], path: Path_, slot: str,
              shape: str | None) -> Decoded:
        """A slot's value: one id, a list, ``none``, or ``{location: id}`` (``ID@PLACE``
        items); ``shape`` (the card's) decides between one id and a list of one."""
        if shape == "places" and not items:  # no location chosen: an empty map
            return {}
        if any(item.at is not None for item in items):
            placed: dict[str, Decoded] = {}
            for item in items:
                if item.at is None:
                    raise self.fail(line.number, item.atom.column, slot, _(
                        "every item is ID@LOCATION, or none is"))
                place = item.at.text
                placed[place] = self._value(line, item.atom, (*path, place), slot, "str")
            return placed
        for i, item in enumerate(items):
            self.positions.note((*path, i), line.number, item.atom.column, slot)
        values: list[Decoded] = [None if not i.atom.quoted and i.atom.text == NONE else
                                 i.atom.text for i in items]
        if len(values) == 1 and (shape == "one" or (shape is None and values[0] is not None)
                                 or values[0] is None):
            return values[0]
        return values


def _object_at(doc: dict[str, Decoded], key: str) -> dict[str, Decoded]:
    """``doc[key]``, an object (made empty if need be)."""
    found = doc.setdefault(key, {})
    if not isinstance(found, dict):
        raise TypeError(f"{key}: {found!r} is not an object")
    return found


def _slot_shapes(name: Decoded, folder: str | Path | None) -> dict[str, str]:
    """How the card ``name`` declares each slot: ``one`` id, a ``list`` or ``places``
    (:func:`~riftsolve.rules.families.registry.slot_shapes`); empty when the card is unknown
    (validation says so)."""
    import riftsolve.cards as cards
    from riftsolve.rules.families.registry import slot_shapes

    if not isinstance(name, str):
        return {}
    try:
        effect = cards.card(name, folder)
    except (KeyError, ValueError):
        return {}
    return {slot["name"]: slot["shape"] for slot in slot_shapes(effect)}


def to_format1(text: str, where: str = "scenario", *, cards: str | Path | None = None
               ) -> tuple[Doc, Positions]:
    """The format-1 structure ``text`` writes, and where each of its fields is written
    (``where`` names the text in errors; ``cards``: the imported card library, whose
    cards' slots decide one id or a list)."""
    reader = _Reader(where, cards)
    return reader.read(text), reader.positions


def read_board(text: str, where: str = "scenario", *, cards: str | Path | None = None
               ) -> Scenario:
    """The validated :class:`~riftsolve.rules.scenario.Scenario` that ``text`` writes;
    a :class:`NotationError` naming the line and column at fault otherwise, also for an
    error found by the validation of format 1."""
    from riftsolve.formats.format1 import parse_scenario

    doc, positions = to_format1(text, where, cards=cards)
    try:
        return parse_scenario(doc, cards=cards)
    except ScenarioError as error:
        raise located(error, doc, positions, where) from None


def located(error: ScenarioError, doc: Doc, positions: Positions, where: str
            ) -> ScenarioError:
    """A format-1 validation error, placed at the line and column of its field (the
    longest field written that contains it); naming ``where`` alone when no line wrote
    it (a required field missing)."""
    from riftsolve.formats.decoded import field_path

    best: tuple[str, Path_, tuple[int, int, str]] | None = None
    for path, spot in positions.at.items():
        name = field_path(path, doc)
        inside = error.field == name or (error.field.startswith(name) and
                                          error.field[len(name):len(name) + 1] in ".[")
        if inside and (best is None or len(name) >= len(best[0])):
            best = (name, path, spot)  # the longest; of equals, the last written
    if best is None:
        return ScenarioError(where, str(error))
    name, path, (line, column, label) = best
    rest = error.field[len(name):].lstrip(".")
    label = f"{label}.{rest}" if label and rest else label or rest
    for item, spot in positions.at.items():  # an item of it that the message names
        value = _at(doc, item) if item[:len(path)] == path and len(item) == len(path) + 1 \
            else None
        if isinstance(value, str) and repr(value) in error.message:
            line, column = spot[0], spot[1]
            break
    return NotationError(where, line, column, label, error.message)


def _at(doc: Decoded, path: Path_) -> Decoded:
    node = doc
    for step in path:
        if isinstance(node, dict) and isinstance(step, str):
            node = node.get(step)  # (None when absent: so is every step after it)
        elif isinstance(node, list | str) and isinstance(step, int) and (
                -len(node) <= step < len(node)):
            node = node[step]
        else:
            return None
    return node


# --------------------------------------------------------------------------- writing

_BARE = re.compile(r'[^\s"#,=@]+')


def quote(text: str, reserved: frozenset[str] = frozenset()) -> str:
    """``text`` as an atom: bare when it reads back as itself, else a JSON string.

    >>> quote("r1"), quote("my unit"), quote("a=b"), quote("card", frozenset({"card"}))
    ('r1', '"my unit"', '"a=b"', '"card"')
    """
    if _BARE.fullmatch(text) and text.isprintable() and text not in reserved and \
            text != NONE:
        return text
    return json.dumps(text, ensure_ascii=not text.isprintable())


def _values(values: Sequence[object], reserved: frozenset[str] = frozenset()) -> str:
    return ",".join(quote(str(v), reserved) for v in values)


def _plain(value: object) -> str:
    if value is None:
        return NONE
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    return quote(str(value))


def _pairs(record: Mapping[str, object], skip: Sequence[str],
           aliases: Mapping[str, str] = {}) -> Iterator[str]:
    """``key=value`` fields (a true flag bare, lists with commas)."""
    back = {v: k for k, v in aliases.items()}
    for key, value in record.items():
        if key in skip:
            continue
        name = quote(back.get(key, key))
        if value is True:
            yield name
        elif isinstance(value, list):
            yield f"{name}=" + ",".join(
                (f"{quote(v['text'])}@{quote(v['by'])}" if "by" in v else quote(v["text"]))
                if isinstance(v, dict) else quote(str(v)) for v in value)
        else:
            yield f"{name}={_plain(value)}"


def _slot_text(value: object) -> str:
    if value is None:
        return NONE
    if isinstance(value, dict):
        return ",".join(f"{quote(str(v), frozenset({NONE}))}@{quote(str(k))}"
                        for k, v in value.items())
    if isinstance(value, list):
        return _values(value, frozenset({NONE}))
    return quote(str(value), frozenset({NONE}))


def write_board(doc: Mapping[str, Any]) -> str:
    """The notation of a format-1 scenario (its ``expect`` and ``x-`` keys left out):
    reading it back gives the same structure. An inline ``effect`` has no notation: a
    :class:`ScenarioError` says so."""
    if "effect" in doc:
        raise ScenarioError("effect", _("an inline effect needs a JSON scenario: the "
                                        "notation names a card"))
    lines: list[str] = []
    simple = (("card", "card"), ("controller", "controller"), ("rules", "rules"),
              ("source", "source"), ("from_hidden", "from_hidden"),
              ("event_battlefield", "event_battlefield"),
              ("event_destination", "event_destination"), ("bonus_damage", "bonus"),
              ("available_power", "power"), ("lethal_any", "lethal_any"))
    for key, word in simple:
        if key in doc:
            value = doc[key]
            if key == "card":
                text = str(value)
                plain = text.strip() == text and text and text.isprintable() and \
                    "#" not in text and not text.startswith('"')
                lines.append(f"card {text if plain else quote(text)}")
            else:
                lines.append(word if value is True else f"{word} {_plain(value)}")
    if doc.get("format", 1) != 1:
        lines.append(f"format {_plain(doc['format'])}")
    if "modes_used" in doc:
        lines.append(" ".join(["modes_used", *(str(m) for m in doc["modes_used"])]))
    if "policy" in doc:
        lines.append(" ".join(["policy", *_pairs(doc["policy"], ())]))
    if "teams" in doc:
        lines.append(" ".join(["teams", *(_values(team) for team in doc["teams"])]))
    if "battlefields" in doc:
        lines.append(" ".join(["battlefields", *(quote(str(b)) for b in doc["battlefields"])]))
    if "battlefield_control" in doc:
        lines.append(" ".join(["control", *(f"{quote(str(k))}={quote(str(v))}"
                                            for k, v in doc["battlefield_control"].items())]))
    if "combat" in doc:
        combat = doc["combat"]
        lines.append(" ".join(["combat", quote(str(combat["battlefield"])),
                               *_pairs(combat, ("battlefield",))]))
    reserved = frozenset(HEADERS)
    for unit in doc.get("units", []):
        words = [quote(str(unit["id"]), reserved), quote(str(unit["controller"]))]
        positional = isinstance(unit.get("might"), int)
        if positional:
            words.append(str(unit["might"]))
        words.append(f"@{quote(str(unit['location']))}")
        skip = ("id", "controller", "location", *(("might",) if positional else ()))
        words += _pairs(unit, skip, UNIT_ALIASES)
        lines.append(" ".join(words))
    for piece in doc.get("objects", []):
        lines.append(" ".join(["object", quote(str(piece["id"])), quote(str(piece["kind"])),
                               quote(str(piece["controller"])),
                               *_pairs(piece, ("id", "kind", "controller"))]))
    targets = doc.get("targets")
    if targets is not None:
        lines.append(" ".join(["targets", *(f"{quote(slot)}={_slot_text(value)}"
                                            for slot, value in targets.items()
                                            if slot != "repeat")]))
    if "repeat" in doc:
        second = targets.get("repeat") if isinstance(targets, dict) else None
        lines.append(" ".join(["repeat", *([] if doc["repeat"] is True else [
            _plain(doc["repeat"])]), *(
            f"{quote(slot)}={_slot_text(value)}" for slot, value in (second or {}).items())]))
    return "".join(line + "\n" for line in lines)

"""The package's import graph, read from the source (every ``import`` statement, those
inside functions too; those under ``if TYPE_CHECKING:`` left out, as they never run):
no module imports itself back through others, and each folder imports only the folders
below it: the rules (``riftsolve.rules``) nothing; the card library (``cards``) the
rules; the input formats (``formats``) and the card compiler (``compiler``) those; the
engine (``engine``) the rules and the formats; the faces (``faces``: the command line,
the batch, the page, the rendering, the ruling, the gym) anything.

A circle is a module that cannot be loaded or understood on its own: the scenario
module's old back-door to the parser made a 15-module circle of the rules, formats and
families; the command line and its entry point, the legal sets and a paid Repeat's, and
the card library and its store each made one of two."""

from __future__ import annotations

import ast
from pathlib import Path

import riftsolve

PACKAGE = Path(riftsolve.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _under_type_checking(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside an ``if TYPE_CHECKING:`` block."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hidden.update(id(inner) for statement in node.body for inner in ast.walk(statement))
    return hidden


def _imported(module: str, is_package: bool, node: ast.Import | ast.ImportFrom,
              known: set[str]) -> set[str]:
    """The package's modules ``node`` loads (the longest known prefix of each name)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module.split(".") if is_package else module.split(".")[:-1]
            package = package[:len(package) - node.level + 1]
            base = ".".join([*package, *([base] if base else [])])
        names = [f"{base}.{alias.name}" for alias in node.names] + [base]
    found = set()
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    known = set(paths)
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hidden = _under_type_checking(tree)
        graph[module] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in hidden:
                graph[module] |= _imported(module, path.name == "__init__.py", node, known)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, with an
    explicit stack)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in order:
            continue
        work = [(start, iter(sorted(graph[start])))]
        order[start] = low[start] = len(order)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in order:
                    order[successor] = low[successor] = len(order)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], order[successor])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == order[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    """(The finder itself: a three-module circle and a tail into it.)"""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


def test_no_module_imports_itself_back() -> None:
    assert circles(import_graph()) == []


#: What each folder of the package may import (beside the modules at the top: the
#: translations, the version), the folders below it.
MAY_IMPORT = {
    "rules": set(),
    "cards": {"rules"},
    "formats": {"rules", "cards"},
    "compiler": {"rules", "cards"},
    "engine": {"rules", "formats"},
    "faces": {"rules", "cards", "formats", "compiler", "engine"},
}


def folder_of(module: str) -> str | None:
    """The folder of the package ``module`` is in (``None``: a module at the top)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in MAY_IMPORT else None


def test_each_folder_imports_only_the_folders_below_it() -> None:
    wrong = sorted((module, target) for module, targets in import_graph().items()
                   for target in targets
                   if folder_of(module) is not None and folder_of(target) is not None
                   and folder_of(target) != folder_of(module)
                   and folder_of(target) not in MAY_IMPORT[str(folder_of(module))])
    assert wrong == []


def test_the_folders_are_the_package() -> None:
    """Every module lives in one of the folders, but the facade, the entry point, the
    public names of the gym and of the PettingZoo environment, the translations, the
    version, the JSON types and the lazy loader."""
    top = sorted(m for m in import_graph() if folder_of(m) is None)
    assert top == ["riftsolve", "riftsolve.__main__", "riftsolve._json", "riftsolve._lazy",
                   "riftsolve._version",
                   "riftsolve.conftest", "riftsolve.gym", "riftsolve.i18n",
                   "riftsolve.pettingzoo"]


# --------------------------------------------------------------- asking what type a family is

#: The folders of the families' own modules: their rules, their solver side and their
#: shapes of card text.
FAMILY_FOLDERS = (PACKAGE / "rules" / "families", PACKAGE / "engine" / "families",
                  PACKAGE / "compiler" / "families")
#: The seam every family registers with (not any one family's).
SEAM = {"__init__.py", "registry.py"}
#: Where the effects (and the parts of their choices) are defined: every family's reads
#: in the package's module, each other family's spec in a module of its own.
EFFECTS = PACKAGE / "rules" / "effects"

#: The files above the families that still ask a family's type, with how many times:
#: none (the family's registration or its legal sets answer instead; the card compiler
#: reads each shape with the family's own readers), and none may come back.
STILL_ASKING: dict[str, int] = {}


def _class_names(path: Path) -> set[str]:
    return {node.name for node in ast.parse(path.read_text(encoding="utf-8")).body
            if isinstance(node, ast.ClassDef)}


def family_classes() -> set[str]:
    """The classes of every family's own modules, and the effects and their choices'
    parts (:mod:`riftsolve.rules.effects`, but for the protocol every effect meets)."""
    found = {name for path in EFFECTS.glob("*.py") for name in _class_names(path)} - {"Effect"}
    for folder in FAMILY_FOLDERS:
        found |= {name for path in folder.rglob("*.py") if path.name not in SEAM
                  for name in _class_names(path)}
    return found


def type_questions(source: str, names: set[str]) -> int:
    """How many ``isinstance``/``issubclass`` calls of ``source`` name one of ``names``.

    >>> type_questions("isinstance(e, GroupTargets | JointChoice) or isinstance(e, int)",
    ...                {"GroupTargets"})
    1
    """
    asked = 0
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2):
            named = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            named |= {n.attr for n in ast.walk(node.args[1]) if isinstance(n, ast.Attribute)}
            asked += bool(named & names)
    return asked


def test_the_counter_counts_type_questions() -> None:
    """(The counter itself: a union, a tuple, a dotted name, and one it must not count.)"""
    source = ("isinstance(a, (Pick, int))\nisinstance(b, effects.Pick)\n"
              "issubclass(c, Pick | str)\nisinstance(d, Picker)\n")
    assert type_questions(source, {"Pick"}) == 3


def test_nothing_above_the_families_asks_what_type_a_family_is() -> None:
    """Outside a family's own modules (and the module defining the effects), nothing asks
    whether an effect, a problem or a legal set is one family's: the faces and the engine
    ask the legal set (its line, table, ruling clauses, first step, text blocks) or the
    family's registration (its best strategy, slot shapes). What still asks is listed in
    :data:`STILL_ASKING`, and the list only shrinks."""
    names = family_classes()
    asking = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(folder in path.parents for folder in (EFFECTS, *FAMILY_FOLDERS)):
            continue
        count = type_questions(path.read_text(encoding="utf-8"), names)
        if count:
            asking[path.relative_to(PACKAGE).as_posix()] = count
    assert asking == STILL_ASKING


# --------------------------------------------------------------- Any

#: Where the package still types a value as ``Any``, and why: each is a type its library or
#: Python leaves open (a lazy attribute, a dataclass's fields, gymnasium's observation
#: space and ``info``, argparse's parser keywords, ``dataclasses.replace`` keywords), a
#: JSON value not yet narrowed where it is read, or a key of heterogeneous restrictions.
#: The count only shrinks.
STILL_ANY = {
    "_lazy.py": 4,
    "cards/store.py": 1,
    "compiler/card.py": 1,
    "compiler/sequence.py": 1,
    "engine/backends/__init__.py": 1,
    "engine/repeat.py": 4,
    "faces/cli.py": 1,
    "faces/gym.py": 2,
    "faces/ruling.py": 1,
    "formats/notation.py": 1,
    "rules/classify.py": 3,
    "rules/effects/__init__.py": 1,
    "rules/explain.py": 1,
    "rules/families/picks.py": 3,
    "rules/families/registry.py": 1,
    "rules/limits.py": 1,
}


def any_lines(source: str) -> int:
    """How many lines of ``source`` use the type ``Any`` (imports aside).

    >>> any_lines("from typing import Any\\nx: Any = 1\\ny: dict[str, Any] = {}  # Any")
    2
    """
    lines = {node.lineno for node in ast.walk(ast.parse(source))
             if (isinstance(node, ast.Name) and node.id == "Any")
             or (isinstance(node, ast.Attribute) and node.attr == "Any")}
    return len(lines)


def test_any_only_where_a_type_can_not_say_more() -> None:
    """The package types its values: a JSON value as JSON (:mod:`riftsolve._json`),
    arrays by their dtype, legal sets by their answers, families by their effect,
    targets, answers and problems. What is left is :data:`STILL_ANY`."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        count = any_lines(path.read_text(encoding="utf-8"))
        if count:
            found[path.relative_to(PACKAGE).as_posix()] = count
    assert found == STILL_ANY
    assert sum(found.values()) < 100

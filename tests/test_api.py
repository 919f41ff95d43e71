"""The package users import: ``import riftsolve`` and ``python -m riftsolve``; the install
claims no generic top-level name."""

from __future__ import annotations

import importlib
import inspect
import itertools
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, extra_installed

import riftsolve


def test_every_public_name_loads() -> None:
    assert sorted(riftsolve.__all__) == sorted(riftsolve._HOMES)
    for name in riftsolve.__all__:
        assert getattr(riftsolve, name) is not None, name
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        _ = riftsolve.nothing  # the error is the point


def test_python_m_riftsolve_is_the_command_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "riftsolve", "--version"], cwd=tmp_path,
                          capture_output=True, text=True, check=True)
    assert done.stdout.startswith("riftsolve ")


#: The folders of the package: each says a part of the architecture.
FOLDERS = ("rules", "formats", "cards", "compiler", "engine", "faces")


@pytest.mark.parametrize("package", ["riftsolve", *(f"riftsolve.{f}" for f in FOLDERS)])
def test_an_exported_name_stays_what_it_is_once_every_module_is_loaded(package: str) -> None:
    """A name a package exports lazily is not also the name of one of its modules: importing
    that module would set the package's attribute to the module (``from riftsolve import
    best`` would give a module once a module named ``best`` had been loaded)."""
    module = importlib.import_module(package)
    modules = {info.name for info in pkgutil.iter_modules(module.__path__)} - {"__main__"}
    for name in modules:
        if not extra_installed(f"{package}.{name}"):
            continue  # a module of an optional extra, not installed: it cannot load
        importlib.import_module(f"{package}.{name}")
    for name in getattr(module, "__all__", ()):
        assert name not in modules, f"{package}.{name} is both a module and an export"
        assert not inspect.ismodule(getattr(module, name)), name


@pytest.mark.parametrize("name", FOLDERS)
def test_no_generic_top_level_name_is_installed(name: str, tmp_path: Path) -> None:
    """Outside the repository, only ``riftsolve`` is importable: a project with its own
    ``rules/`` or ``engine/`` does not clash with it."""
    done = subprocess.run([sys.executable, "-c", f"import {name}"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode != 0 and "ModuleNotFoundError" in done.stderr
    subprocess.run([sys.executable, "-c", f"import riftsolve.{name}"], cwd=tmp_path,
                   check=True)


def test_every_legal_set_unranks_as_its_arrays_say() -> None:
    """A group's answers as mask rows, by index, equal its arrays() rows."""
    import numpy as np

    legal = riftsolve.resolve(riftsolve.load_scenario(
        riftsolve.example_path("fox-fire-two-pumped")))
    rows = np.vstack(list(legal.arrays()))
    assert (legal.unrank(np.arange(legal.count())) == rows).all()


@pytest.mark.parametrize("name", [p.stem for p in sorted(EXAMPLES.glob("*.json"))])
def test_every_answer_is_an_answer_and_its_set_has_one_kind(name: str) -> None:
    """Every example's answers are :class:`riftsolve.Answer` s of one kind; naming that kind
    types the set, naming another is a TypeError at once that names the right one."""
    scenario = riftsolve.load_scenario(riftsolve.example_path(name))
    ask = riftsolve.resolve if scenario.question == "resolve" else riftsolve.finalize
    legal = ask(scenario)
    answers = list(itertools.islice(legal, 50))
    assert all(isinstance(answer, riftsolve.Answer) for answer in answers)
    kinds = {type(answer) for answer in answers}
    assert len(kinds) <= 1
    for kind in kinds:
        assert list(ask(scenario, kind=kind)) == list(itertools.islice(legal, 10**6))
    wrong = riftsolve.Affected if riftsolve.Affected not in kinds else riftsolve.Resolution
    with pytest.raises(TypeError, match=f"answers, not {wrong.__name__}"):
        ask(scenario, kind=wrong)


@pytest.mark.parametrize("name", [p.stem for p in sorted(EXAMPLES.glob("*.json"))])
def test_every_answer_writes_its_own_line(name: str) -> None:
    """``answer.as_json()`` takes no argument for every kind of answer (a group's
    declaration knows its slots; a Repeat's answer joins both executions) and is the line
    the command line prints, less what only the legal set knows (fired triggers)."""
    from riftsolve.faces import render

    scenario = riftsolve.load_scenario(riftsolve.example_path(name))
    legal = (riftsolve.resolve if scenario.question == "resolve" else riftsolve.finalize)(
        scenario)
    per_place = getattr(getattr(legal, "effect", None), "per_place", None)
    for answer in itertools.islice(legal, 20):
        shown = render.line(legal, answer)
        shown.pop("triggers", None)
        if per_place is None:  # (an "each location" card's line needs the units' places)
            assert answer.as_json() == shown


def test_an_answer_of_another_kind_is_refused_by_name() -> None:
    """A group's answer is not verified as a split's: a TypeError names both kinds, and
    membership is simply False."""
    legal = riftsolve.resolve(riftsolve.load_scenario(
        riftsolve.example_path("alpha-strike-shrunk-5-to-3")))
    group_answer = riftsolve.Affected.of(["r1"])
    assert group_answer not in legal
    with pytest.raises(TypeError, match="split family is answered by Resolution answers, "
                                        "not Affected"):
        legal.verify(group_answer)
    with pytest.raises(TypeError):
        legal.index(group_answer)


def test_the_rules_never_load_the_scenario_parser() -> None:
    """Every rules module (all of ``riftsolve.rules``) imports records only: neither the
    format-1 parser, its schema, the reader of both forms nor their validation library is
    loaded with them."""
    program = """
import importlib, pkgutil, sys
import riftsolve.rules as rules
import riftsolve.rules.families as families
for package in (rules, families):
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{info.name}")
print(sorted(m for m in sys.modules if m.endswith(("format1", "schema", "reading"))
             or m.startswith("pydantic")))
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_a_users_typed_script_outside_the_checkout_sees_the_precise_types(
        tmp_path: Path) -> None:
    """``tests/typed_user.py``, copied out of the checkout, passes ``mypy --strict`` against
    the package as installed (its ``assert_type`` lines fail on ``Any``), and runs."""
    script = tmp_path / "typed_user.py"
    script.write_text((Path(__file__).parent / "typed_user.py").read_text(encoding="utf-8"),
                      encoding="utf-8")
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                              script.name], cwd=tmp_path, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    ran = subprocess.run([sys.executable, script.name], cwd=tmp_path, capture_output=True,
                         text=True, check=True)
    assert ran.stdout == "10 {'kills': 3} ('r1', 'r2', 'r3')\n"


def test_parse_scenario_reads_what_load_scenario_reads() -> None:
    """``rs.parse_scenario`` takes the scenario as a dict, or as text or bytes in either
    form (JSON or the board notation): the same scenario as the example file read."""
    import riftsolve as rs

    path = rs.example_path("alpha-strike-shrunk-5-to-3")
    board = path.with_suffix(".board").read_text()
    want = rs.load_scenario(path)
    assert rs.parse_scenario(board) == rs.load_scenario(path.with_suffix(".board"))
    assert rs.parse_scenario(path.read_text()) == want
    assert rs.parse_scenario(path.read_bytes()) == want
    assert rs.parse_scenario(json.loads(path.read_text())) == want

"""Start-up: a question imports only the solvers it uses; ``--version``.

Each import check runs the CLI in a fresh interpreter (the test process has imported
everything already) and reads that interpreter's ``sys.modules`` afterwards. No timing is
asserted here: ``benchmarks/startup.py`` measures it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from conftest import EXAMPLES, scenario_dict, unit

import riftsolve
from riftsolve.faces import cli
from riftsolve.faces import version as version_module
from riftsolve.faces.cli import main

SMALL = str(EXAMPLES / "alpha-strike-6-among-3.json")
FINALIZE = str(EXAMPLES / "alpha-strike-finalize-4.json")
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"

#: Run in a fresh interpreter: the CLI's ``main(argv)`` (argv = ``sys.argv[1:]``), then the
#: registry asked for its names only; prints the exit code, the lines written and which
#: of the heavy solver modules are imported.
_CHILD = """
import io, json, sys
from riftsolve.faces.cli import main
from riftsolve.engine.backends import BACKENDS
out = io.StringIO()
code = main(sys.argv[1:], out=out)
names = (sorted(BACKENDS), "cpsat" in BACKENDS, "nope" in BACKENDS, len(BACKENDS))
heavy = {m: m in sys.modules for m in ("ortools", "pandas", "constraint")}
light = {m: m in sys.modules for m in ("numpy", "pydantic", "rich", "pathlib")}
lazy = sorted(m for m in sys.modules if m in LAZY)
print(json.dumps({"code": code, "lines": out.getvalue().splitlines(), "names": names,
                  "heavy": heavy, "light": light, "lazy": lazy}))
"""
#: The modules a question loads only when it needs them: the ways of ranking
#: (``ranked_by``), split damage's steps, and what they import; the other families (a
#: split's question loads neither the joint choices, their rules or their solver side,
#: nor the template, nor combat's solver side), and the card compiler.
LAZY = ("riftsolve.engine.families.split_best", "riftsolve.engine.families.combat_best",
        "riftsolve.engine.families.split_steps", "riftsolve.engine.knapsack",
        "riftsolve.engine.assign", "riftsolve.engine.combat_count", "riftsolve.engine.steps",
        "riftsolve.rules.families.joint", "riftsolve.rules.families.picks",
        "riftsolve.rules.families.TEMPLATE", "riftsolve.engine.families.joint",
        "riftsolve.engine.families.combat", "riftsolve.compiler",
        # the other families' specs, answers and rules, objects, the classifier, the
        # notation, the schema, a paid Repeat's pairs and what `new` writes
        "riftsolve.rules.effects.group", "riftsolve.rules.effects.joint",
        "riftsolve.rules.effects.combat", "riftsolve.rules.answers.group",
        "riftsolve.rules.answers.combat", "riftsolve.rules.answers.joint",
        "riftsolve.rules.answers.repeat", "riftsolve.rules.families.group",
        "riftsolve.rules.families.combat", "riftsolve.rules.pieces",
        "riftsolve.rules.classify", "riftsolve.rules.grammar", "riftsolve.formats.notation",
        "riftsolve.formats.schema", "riftsolve.engine.repeat", "riftsolve.engine.starting")


def _fresh(argv: list[str]) -> dict[str, object]:
    child = f"LAZY = {LAZY!r}\n{_CHILD}"
    done = subprocess.run([sys.executable, "-c", child, *argv], capture_output=True,
                          text=True, check=True, timeout=120)
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    assert result["code"] == 0, done.stderr
    assert result["names"] == [["cpsat", "native", "pyconstraint"], True, False, 3]
    return result


@pytest.mark.parametrize("argv", [
    ["resolve", SMALL],
    ["finalize", FINALIZE, "--count"],
    ["best", SMALL, "--objective", "kills,-overkill"],
], ids=["resolve", "finalize-count", "best"])
def test_a_native_question_imports_neither_or_tools_nor_python_constraint(
        argv: list[str]) -> None:
    result = _fresh(argv)
    assert result["lines"]
    assert result["heavy"] == {"ortools": False, "pandas": False, "constraint": False}
    # a split's way of ranking is loaded by best only, and the outcome it scores, which
    # reads a paid Repeat's pair of answers; nothing of combat's or the steps
    ranking = ["riftsolve.engine.families.split_best", "riftsolve.engine.knapsack",
               "riftsolve.rules.answers.group", "riftsolve.rules.answers.joint",
               "riftsolve.rules.answers.repeat"]
    assert result["lazy"] == (ranking if argv[0] == "best" else [])


@pytest.mark.parametrize("argv", [
    ["resolve", SMALL], ["resolve", SMALL, "--limit", "3"], ["finalize", FINALIZE, "--count"],
    ["--lang", "fr", "finalize", FINALIZE],
], ids=["resolve", "limit", "finalize-count", "finalize-fr"])
def test_a_small_question_imports_neither_numpy_nor_the_schema(argv: list[str]) -> None:
    """A question of a few answers, on a scenario of the common shape: its lines are
    written one at a time, its scenario read by hand; nor is rich imported for JSON
    lines, nor pathlib (with the ``urllib.parse`` and ``ipaddress`` it imports, 6% of the
    small question's CPU): the files a question reads are named by strings."""
    result = _fresh(argv)
    assert result["lines"]
    assert result["light"] == {"numpy": False, "pydantic": False, "rich": False,
                               "pathlib": False}


def test_a_long_listing_is_written_in_numpy_blocks(tmp_path: Path) -> None:
    """Past :data:`~riftsolve.faces.cli.FEW_LINES` answers, the lines are formatted a
    numpy block at a time; below, one at a time: the same lines either way. 20 damage
    among 4 enemies: C(19, 3) = 969 ways (each enemy dealt at least 1, 355.14.e)."""
    units = [unit("kai", "A", 20), *(unit(f"r{i}") for i in range(4))]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(scenario_dict(units, targets={
        "friendly": "kai", "enemies": [f"r{i}" for i in range(4)]})))
    long = _fresh(["resolve", str(path)])
    assert len(long["lines"]) == 969  # type: ignore[arg-type]
    assert long["light"]["numpy"] is True  # type: ignore[index]
    short = _fresh(["resolve", str(path), "--limit", str(cli.FEW_LINES)])
    assert short["light"]["numpy"] is False  # type: ignore[index]
    assert short["lines"] == long["lines"][:cli.FEW_LINES]  # type: ignore[index]


def test_the_cpsat_backend_imports_or_tools() -> None:
    result = _fresh(["resolve", SMALL, "--backend", "cpsat"])
    assert len(result["lines"]) == 10  # type: ignore[arg-type]
    assert result["heavy"] == {"ortools": True, "pandas": True, "constraint": False}


def test_the_pyconstraint_backend_imports_python_constraint_only() -> None:
    result = _fresh(["resolve", SMALL, "--backend", "pyconstraint"])
    assert len(result["lines"]) == 10  # type: ignore[arg-type]
    assert result["heavy"] == {"ortools": False, "pandas": False, "constraint": True}


def test_version_prints_the_release(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"riftsolve {riftsolve.__version__}\n"


def test_the_release_is_written_once() -> None:
    """``pyproject.toml`` reads the version from ``riftsolve/_version.py`` (it writes none of
    its own), and ``riftsolve.__version__`` and the installed metadata carry that version."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "riftsolve._version.__version__"}
    assert metadata.version("riftsolve") == riftsolve.__version__
    assert version_module.version() == riftsolve.__version__


def _subcommand(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of command ``name`` under ``parser``."""
    found = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    sub: argparse.ArgumentParser = found.choices[name]
    return sub


def test_the_commands_named_are_the_parser_s() -> None:
    found = next(a for a in cli._parser()._actions
                 if isinstance(a, argparse._SubParsersAction))
    assert tuple(found.choices) == cli.COMMANDS


@pytest.mark.parametrize("name", cli.COMMANDS)
def test_a_command_declared_alone_reads_as_among_all(name: str) -> None:
    """The parser built for one command (a question's, which spares the others' imports)
    gives that command the same help, and so the same arguments, as the whole parser."""
    alone = _subcommand(cli._parser(name), name)
    assert alone.format_help() == _subcommand(cli._parser(), name).format_help()
    assert cli._command_named(["--lang", "en", name, "x"]) == name


@pytest.mark.parametrize("columns", [None, "73", "0", "wide"])
def test_help_is_as_wide_as_shutil_finds_the_terminal(columns: str | None,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The help's width, found without importing shutil, is shutil's."""
    import shutil

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert cli._columns() == shutil.get_terminal_size().columns

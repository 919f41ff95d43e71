"""Start-up: a question imports only the solvers it uses; ``--version``.

Each import check runs the CLI in a fresh interpreter (the test process has imported
everything already) and reads that interpreter's ``sys.modules`` afterwards. No timing is
asserted here: ``benchmarks/startup.py`` measures it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from conftest import EXAMPLES

import riftsolve
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
lazy = sorted(m for m in sys.modules if m in LAZY)
print(json.dumps({"code": code, "lines": out.getvalue().splitlines(), "names": names,
                  "heavy": heavy, "lazy": lazy}))
"""
#: The modules a question loads only when it needs them: the ways of ranking
#: (``ranked_by``), split damage's steps, and what they import; the other families (a
#: split's question loads neither the joint choices, their rules or their solver side,
#: nor the template, nor combat's solver side), and the card compiler.
LAZY = ("riftsolve.engine.families.split_best", "riftsolve.engine.families.combat_best",
        "riftsolve.engine.families.split_steps", "riftsolve.engine.knapsack",
        "riftsolve.engine.assign", "riftsolve.engine.steps",
        "riftsolve.rules.families.joint", "riftsolve.rules.families.picks",
        "riftsolve.rules.families.TEMPLATE", "riftsolve.engine.families.joint",
        "riftsolve.engine.families.combat", "riftsolve.compiler")


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
    # a split's way of ranking is loaded by best only; nothing of combat's or the steps
    ranking = ["riftsolve.engine.families.split_best", "riftsolve.engine.knapsack"]
    assert result["lazy"] == (ranking if argv[0] == "best" else [])


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

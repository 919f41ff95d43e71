"""The package users import: ``import riftsolve`` and ``python -m riftsolve``; the install
claims no generic top-level name."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("package", ["riftsolve", "riftsolve.models", "riftsolve.solver"])
def test_an_exported_name_stays_what_it_is_once_every_module_is_loaded(package: str) -> None:
    """A name a package exports lazily is not also the name of one of its modules: importing
    that module would set the package's attribute to the module (``from riftsolve.solver
    import best`` gave a module once ``riftsolve.solver.best`` had been loaded)."""
    module = importlib.import_module(package)
    modules = {info.name for info in pkgutil.iter_modules(module.__path__)} - {"__main__"}
    for name in modules:
        importlib.import_module(f"{package}.{name}")
    for name in getattr(module, "__all__", ()):
        assert name not in modules, f"{package}.{name} is both a module and an export"
        assert not inspect.ismodule(getattr(module, name)), name


@pytest.mark.parametrize("name", ["models", "solver"])
def test_no_generic_top_level_name_is_installed(name: str, tmp_path: Path) -> None:
    """Outside the repository, only ``riftsolve`` is importable: a project with its own
    ``models/`` does not clash with it."""
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

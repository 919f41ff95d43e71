"""The package users import: ``import riftsolve`` and ``python -m riftsolve``; the install
claims no generic top-level name."""

from __future__ import annotations

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

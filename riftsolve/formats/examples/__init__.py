"""Built-in example scenarios (the golden scenarios), shipped with the package.

>>> "alpha-strike-6-among-3" in example_names()
True
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).parent


def example_names() -> list[str]:
    """Names of the built-in examples, sorted."""
    return sorted(p.stem for p in _HERE.glob("*.json"))


def example_path(name: str) -> Path:
    """The file of the built-in example ``name``."""
    return _HERE / f"{name}.json"

"""The doctests of modules that need an optional extra: without the extra, the module is
reported as one skipped test that says what to install (under ``RIFTSOLVE_REQUIRE_EXTRAS``
it is collected as any other, so a missing extra fails)."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

#: Each module of the package that imports an optional extra: the module it needs, the extra.
OPTIONAL = {
    Path("gym.py"): ("gymnasium", "gym"),
    Path("faces", "gym.py"): ("gymnasium", "gym"),
    Path("pettingzoo.py"): ("pettingzoo", "pettingzoo"),
    Path("faces", "pettingzoo.py"): ("pettingzoo", "pettingzoo"),
    Path("faces", "web", "app.py"): ("starlette", "web"),
}


class MissingExtra(pytest.Item):
    """The doctests of a module whose extra is not installed: skipped, saying which."""

    def __init__(self, *, extra: str, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.add_marker(pytest.mark.skip(
            reason=f"the {extra} extra is not installed: pip install -e '.[{extra}]'"))

    def runtest(self) -> None:  # never run: the item is marked skipped
        raise AssertionError("a module whose extra is missing cannot be run")

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"doctests of {self.name}"


class OptionalModule(pytest.File):
    """A module of :data:`OPTIONAL` collected without its extra."""

    extra = ""

    def collect(self) -> Iterator[pytest.Item]:
        yield MissingExtra.from_parent(self, name=self.path.name, extra=self.extra)


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent: pytest.Collector
                        ) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
    collected = yield
    need = OPTIONAL.get(file_path.relative_to(Path(__file__).parent))
    if need is None or os.environ.get("RIFTSOLVE_REQUIRE_EXTRAS") == "1":
        return collected
    module, extra = need
    if importlib.util.find_spec(module) is not None:
        return collected
    stand_in = OptionalModule.from_parent(parent, path=file_path)
    stand_in.extra = extra
    return [stand_in]

"""Without an optional extra the README's test command still passes: what needs the extra
skips, saying which extra to install, and the rest runs; where every extra must be there
(``RIFTSOLVE_REQUIRE_EXTRAS``, as CI sets it), a missing one fails instead."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Runs pytest on the given paths with Gymnasium, PettingZoo and Starlette hidden (as if not
#: installed).
_WITHOUT_EXTRAS = """
import sys
sys.modules["gymnasium"] = None
sys.modules["pettingzoo"] = None
sys.modules["starlette"] = None
import pytest
sys.exit(pytest.main(["-p", "no:cacheprovider", "-rs", *sys.argv[1:]]))
"""


def _pytest_without_extras(*paths: str, require: bool = False
                           ) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items()  # none of the outer run's options
           if key not in ("RIFTSOLVE_REQUIRE_EXTRAS", "RIFTSOLVE_SKIPPED", "PYTEST_PLUGINS",
                          "PYTEST_ADDOPTS")}
    if require:
        env["RIFTSOLVE_REQUIRE_EXTRAS"] = "1"
    return subprocess.run([sys.executable, "-c", _WITHOUT_EXTRAS, *paths], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_what_needs_a_missing_extra_skips_saying_which_and_the_rest_runs() -> None:
    """The doctests of the modules that import an extra are one skipped test each, named
    by the module; a test file needing one skips with the extra's name; the doctests of
    riftsolve/faces/web/answer.py, which needs no extra, run and pass."""
    done = _pytest_without_extras("riftsolve/gym.py", "riftsolve/faces/web/app.py",
                                  "riftsolve/pettingzoo.py", "tests/test_serve.py",
                                  "tests/test_pettingzoo.py", "riftsolve/faces/web/answer.py")
    assert done.returncode == 0, done.stdout
    summary = done.stdout.splitlines()
    assert ("SKIPPED [1] riftsolve/gym.py: the gym extra is not installed: "
            "pip install -e '.[gym]'") in summary
    assert ("SKIPPED [1] riftsolve/pettingzoo.py: the pettingzoo extra is not installed: "
            "pip install -e '.[pettingzoo]'") in summary
    assert ("SKIPPED [1] riftsolve/faces/web/app.py: the web extra is not installed: "
            "pip install -e '.[web]'") in summary
    for extra in ("web", "pettingzoo"):  # (the test files')
        assert any(line.startswith("SKIPPED") and line.endswith(
            f"the {extra} extra is not installed: pip install -e '.[{extra}]'")
            and "riftsolve/" not in line for line in summary), done.stdout
    assert " passed, " in summary[-1] and "error" not in done.stdout.lower(), done.stdout


@pytest.mark.parametrize("path", ["riftsolve/gym.py", "tests/test_serve.py",
                                  "riftsolve/pettingzoo.py", "tests/test_pettingzoo.py"])
def test_where_every_extra_is_required_a_missing_one_fails(path: str) -> None:
    done = _pytest_without_extras(path, require=True)
    assert done.returncode != 0
    assert "skipped" not in done.stdout


def test_importing_the_pettingzoo_environment_without_its_extra_says_what_to_install(
        ) -> None:
    code = ("import sys; sys.modules['pettingzoo'] = None\n"
            "try:\n    import riftsolve.pettingzoo\n"
            "except ModuleNotFoundError as missing:\n    print(missing, missing.name)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True)
    assert done.stdout.strip() == ("riftsolve.pettingzoo needs PettingZoo: pip install "
                                   "'riftsolve[pettingzoo]' pettingzoo")

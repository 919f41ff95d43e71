"""A pytest plugin for CI's first run (the README's test command, no extra installed):
writes the test files that skipped anything, one a line, to ``$RIFTSOLVE_SKIPPED``, so
that CI runs exactly those again once the extras are installed (``pytest @FILE``)."""

from __future__ import annotations

import os

import pytest

_files: set[str] = set()


def _note(report: pytest.CollectReport | pytest.TestReport) -> None:
    if report.skipped and report.nodeid:
        _files.add(report.nodeid.split("::")[0])


def pytest_collectreport(report: pytest.CollectReport) -> None:
    _note(report)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _note(report)


def pytest_sessionfinish(session: pytest.Session) -> None:
    with open(os.environ["RIFTSOLVE_SKIPPED"], "w", encoding="utf-8") as out:
        out.writelines(f"{name}\n" for name in sorted(_files))

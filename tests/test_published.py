"""Every command answers on every card of the published dumps, never a traceback.

``tests/data/published.json`` holds every card of the three published dumps (the official
gallery, Riftcodex, the catalog), merged as ``riftsolve cards import`` merges them and
written in the catalog's record shape (``tests/data/make_published.py`` writes it). It is
imported once; then, for each effect compiled (441 at this commit), ``classify --card``,
``new`` and ``finalize`` and ``rule`` of its starting scenario, ``new --resolve`` and
``resolve --count``, ``resolve`` and ``rule`` of that one, each run as a user runs it
(``riftsolve.faces.cli.main``). Each must exit 0: the starting board has a legal
declaration for every card (``new`` adds what the card chooses), and every card's text is
classified, its reminder text set aside and any part the grammar does not read listed.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from contextlib import redirect_stderr
from pathlib import Path

import pytest

from riftsolve.faces.cli import main

PUBLISHED = Path(__file__).parent / "data" / "published.json"


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("published")
    out = io.StringIO()
    assert main(["cards", "import", str(PUBLISHED), "--out", str(folder)], out) == 0
    summary = json.loads(out.getvalue())
    assert summary["effects"] >= 441  # (at this commit; more as shapes are read)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RIFTSOLVE_CARDS", str(folder))
        yield folder


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        code = main(argv, out)
    return code, out.getvalue(), err.getvalue()


def _names(folder: Path) -> list[str]:
    cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))["cards"]
    return sorted({card["name"] for card in cards})


def test_every_card_is_classified(library: Path) -> None:
    failed = []
    for name in _names(library):
        code, out, err = _run(["classify", "--card", name])
        if code != 0:
            failed.append((name, err))
            continue
        result = json.loads(out)
        # every part of the text is either classified or listed as not read
        assert result["card"] == name and isinstance(result["not_read"], list)
    assert failed == []


def test_every_starting_scenario_is_answered(library: Path, tmp_path: Path) -> None:
    failed = []
    for index, name in enumerate(_names(library)):
        for resolve in (False, True):
            code, text, err = _run(["new", name, *(["--resolve"] if resolve else [])])
            if code != 0:
                failed.append((name, "new", err))
                continue
            if "no legal declaration" in text:
                failed.append((name, "new", "the starting board has no legal declaration"))
            board = tmp_path / f"{index}-{resolve}.board"
            board.write_text(text, encoding="utf-8")
            question = "resolve" if resolve else "finalize"
            for argv in ([question, str(board), "--limit", "50", "--explain"],
                         [question, str(board), "--count"], ["rule", str(board)]):
                code, _out, err = _run(argv)
                if code != 0:
                    failed.append((name, argv[0], err))
    assert failed == []

"""``riftsolve new CARD``: a starting scenario in the board notation for every card of the
library, answered as written; its slots explained with their rules."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from riftsolve import cards
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.faces.cli import main
from riftsolve.faces.starter import starter
from riftsolve.formats.notation import read_board, to_format1
from riftsolve.rules.choosing import slot_roles

NAMES = [card.name for card in cards.library()]


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = main(args, out=out)
    return code, out.getvalue(), capsys.readouterr().err


@pytest.mark.parametrize("name", NAMES)
def test_every_card_gets_an_answerable_board(name: str) -> None:
    text = starter(name)
    scenario = read_board(text)
    assert scenario.effect.name == name and scenario.targets is None
    assert finalize(scenario).count() > 0
    for slot, (_, number) in slot_roles(scenario.effect).items():  # each slot explained
        assert any(line.startswith(f"#   {slot}") and number in line
                   for line in text.splitlines()), slot


@pytest.mark.parametrize("name", NAMES)
def test_every_resolve_board_declares_legal_targets(name: str) -> None:
    text = starter(name, resolve=True)
    scenario = read_board(text)
    assert resolve(scenario).count() > 0
    # the targets line is one of the declarations finalize lists on the same board
    declared = to_format1(text)[0]["targets"]
    legal = finalize(read_board(starter(name)))
    assert declared in [render.line(legal, a)["targets"] for a in legal]


def test_cli_writes_and_pipes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["new", "alpha-strike"], capsys)
    assert (code, err) == (0, "") and out == starter("Alpha Strike")
    path = tmp_path / "a.board"
    assert _run(["new", "Fox-Fire", "--resolve", "--out", str(path)], capsys)[:2] == (0, "")
    code, out, _ = _run(["resolve", str(path)], capsys)
    assert code == 0 and [json.loads(x) for x in out.splitlines()]
    new = subprocess.run([sys.executable, "-m", "riftsolve.faces.entry", "new",
                          "Alpha Strike"], capture_output=True, text=True, check=True)
    answered = subprocess.run([sys.executable, "-m", "riftsolve.faces.entry", "finalize",
                               "-"], input=new.stdout, capture_output=True, text=True)
    assert answered.returncode == 0 and answered.stderr == ""
    # the enemy units at battlefields are r1, r2, r3 (r4 is at its base); with kai (3
    # Might, at most 3 targets) any subset of them: 2^3 = 8; with lux (2 Might) at most
    # 2 of them: 1 + 3 + 3 = 7; 15 in all
    assert len(answered.stdout.splitlines()) == 15


def test_unknown_card_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path
                                  ) -> None:
    code, out, err = _run(["new", "Alpha Strik"], capsys)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "unknown card 'Alpha Strik'" in err and "Fox-Fire" in err
    code, _, err = _run(["new", "fox-fire", "--out", str(tmp_path / "no" / "x")], capsys)
    assert code == 2 and err.startswith("riftsolve: error: --out: cannot write")


def test_help_gives_the_grammar(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "--help"], out=io.StringIO())
    shown = capsys.readouterr().out
    assert "ID CONTROLLER MIGHT @LOCATION" in shown and "targets SLOT=ID" in shown


def test_an_open_battlefield_destination_is_said_so(tmp_path: Path) -> None:
    """Bard, Mercurial moves "to an open battlefield": the starting scenario says so (a
    battlefield with no unit and no controller, 170.11.c), not "a battlefield or base";
    the plain board's two battlefields hold units, so an open one (``east``) is added, and
    the resolution's targets move A's units there (kai, lux and the fresh ally1)."""
    from riftsolve.cards.store import write_library
    from riftsolve.compiler.card import compile_card

    bard = compile_card("Bard, Mercurial", "When you play me, if you paid the additional "
                        "cost, move any number of your units to an open battlefield.")
    write_library(tmp_path, [bard])
    text = starter("Bard, Mercurial", str(tmp_path))
    assert "an open battlefield (no unit, no controller" in text
    assert "a battlefield or base" not in text
    assert "battlefields north south east" in text
    chosen = starter("Bard, Mercurial", str(tmp_path), resolve=True)
    assert "targets units=ally1,kai,lux destination=east" in chosen


def test_a_group_in_a_state_gets_a_unit_in_it(tmp_path: Path) -> None:
    """Kraken Hunter spends "any number of buffs" (any of A's buffed units): the plain
    example board has no buffed unit, so the starting scenario adds one of A's, buffed: the
    cost unpaid, or paid with it -> 2 declarations."""
    from riftsolve.cards.store import write_library
    from riftsolve.compiler.card import compile_card

    kraken = compile_card("Kraken Hunter", "As you play me, you may spend any number of buffs "
                          "as an additional cost. Reduce my cost by [Body] for each buff you "
                          "spend.")
    write_library(tmp_path, [kraken])
    text = starter("Kraken Hunter", str(tmp_path))
    assert "ally1 A 2 @north buffed" in text
    assert finalize(read_board(text, cards=tmp_path)).count() == 2

"""Hostile board notation, each case a whole process under the README's bounds (10 s,
1 GiB, one line on standard error, no traceback): a reader linear in its input, whose
memory stays a small multiple of it, and whose errors quote a short excerpt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bounded import PEAK_MIB, riftsolve

from riftsolve.formats import notation
from riftsolve.rules.limits import MAX_LINE_PIECES, MAX_PIECES

HEAD = "card Fox-Fire\ncontroller A\nbattlefields north\n"
BIG = 7 << 20  # inside the 8 MiB bound on a scenario


def _board(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "b.board"
    path.write_text(text)
    return path


def test_a_7_mib_quoted_id_is_read_in_a_small_multiple_of_its_size(tmp_path: Path) -> None:
    """The quoted-string pattern kept one backtracking frame per character: 1.47 GiB for a
    7 MiB id (now about 85 MiB, as the same id unquoted)."""
    run = riftsolve("finalize", _board(tmp_path, HEAD + '"' + "x" * BIG + '" A 2 @north\n'),
                    "--count")
    run.check((0,))
    assert json.loads(run.out) == {"count": 2}  # Fox-Fire's "any number of units": the one
    # unit, Might 2 (within the total of 4), chosen or not (355.13)
    assert run.peak_mib < PEAK_MIB / 4


@pytest.mark.parametrize("flood", [",", "@", "="])
def test_punctuation_floods_are_refused_at_their_first_mark(flood: str,
                                                            tmp_path: Path) -> None:
    """7 million commas (or '@') were lexed into 7 million tuples (850 MiB, 9 s) before the
    first was found wrong."""
    run = riftsolve("finalize", _board(tmp_path, HEAD + "u A 2 @north tags=a" + flood * BIG
                                       + "\n"), "--count")
    run.check((2,))
    assert "b.board:4:" in run.err and "expected a value before" in run.err


def test_a_line_of_too_many_values_is_refused_naming_the_bound(tmp_path: Path) -> None:
    ids = ",".join(["u1"] * 300_000)
    run = riftsolve("finalize", _board(tmp_path, HEAD + f"a A 2 @north\ntargets t={ids}\n"),
                    "--count")
    run.check((2,))
    assert f"more than {MAX_LINE_PIECES // 2:,} values on one line" in run.err


@pytest.mark.parametrize("form", ["notation", "json"])
def test_a_board_past_the_unit_bound_is_refused_and_one_at_it_answered(
        form: str, tmp_path: Path) -> None:
    """135,000 unit lines got no answer in 30 s; the bound is 50,000 units and objects,
    and a board at the bound is answered (Fox-Fire: any subset of the enemies, 2^N - 1
    non-empty ones plus the empty one... counted, never listed)."""
    def board(enemies: int) -> Path:
        if form == "notation":
            return _board(tmp_path, HEAD + "a A 2 @north\n" + "".join(
                f"u{i} B 0 @north\n" for i in range(enemies)))
        units = [{"id": "a", "controller": "A", "might": 2, "location": "north"}] + [
            {"id": f"u{i}", "controller": "B", "might": 0, "location": "north"}
            for i in range(enemies)]
        path = tmp_path / "b.json"
        path.write_text(json.dumps({"format": 1, "card": "Fox-Fire", "controller": "A",
                                    "battlefields": ["north"], "units": units}))
        return path

    over = riftsolve("finalize", board(MAX_PIECES), "--count")
    over.check((2,))
    assert f"more than {MAX_PIECES:,} units and objects ({MAX_PIECES + 1:,})" in over.err
    at = riftsolve("finalize", board(MAX_PIECES - 1), "--limit", "1")
    at.check((0,))


def test_an_error_quotes_a_short_excerpt_of_a_huge_id(tmp_path: Path) -> None:
    huge = '"' + "x" * (BIG // 2) + '"'
    run = riftsolve("finalize", _board(tmp_path, HEAD + f"{huge} A 2 @north\n{huge} B 1 @north\n"),
                    "--count")
    run.check((2,))
    assert "duplicate unit id 'xxxx" in run.err
    assert "characters left out" in run.err and len(run.err) < 1000


def test_no_cache_keeps_user_text(tmp_path: Path) -> None:
    """Flags are user text: reading boards with a thousand different ones caches none."""
    from riftsolve.formats.notation import _field_kinds

    before = _field_kinds.cache_info().currsize
    for i in range(1000):
        with pytest.raises(notation.NotationError):
            notation.to_format1(HEAD + f"u A 2 @north flag{i}\n")
    assert _field_kinds.cache_info().currsize <= before + 4  # the line's own fields at most

"""Hostile input: every malformed scenario gets one line on stderr and exit 2, never a
traceback; user text comes back exactly as given; Ctrl-C and closed pipes end cleanly."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from bounded import riftsolve
from conftest import EXAMPLES, scenario_dict, unit

from riftsolve.faces.cli import main
from riftsolve.formats.format1 import parse_scenario
from riftsolve.formats.reading import parse_scenario_text
from riftsolve.rules.board import Board, Unit
from riftsolve.rules.scenario import Scenario, ScenarioError


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = main(args, out=out)
    return code, out.getvalue(), capsys.readouterr().err


def _write(tmp_path: Path, text: str | bytes, name: str = "s.json") -> str:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return str(path)


def _refused(code: int, err: str, field: str) -> None:
    """Exit 2 with exactly one line naming ``field``, and no traceback."""
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"riftsolve: error: {field}"), err


def _doc(**top: Any) -> dict[str, Any]:
    return scenario_dict([unit("kai", "A", 2), unit("r1")], **top)


# --------------------------------------------------------------------------- reading


def test_deep_nesting_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(_doc())[:-1] + ', "x-deep": ' + "[" * 5000 + "]" * 5000 + "}"
    code, _, err = _run(["resolve", _write(tmp_path, text)], capsys)
    _refused(code, err, "scenario: JSON nested too deeply")


def test_a_list_of_a_million_values_is_refused_unvalidated(tmp_path: Path) -> None:
    """A ``targets`` list of 1,000,000 nulls peaked at 1.26 GiB over 5 s: validation kept one
    error for each. A list longer than 100,000 values is refused by its length, naming the
    field, before it is validated (a bounded process: 10 s, 1 GiB)."""
    doc = _doc(targets={"friendly": "kai", "enemies": [None] * 1_000_000})
    run = riftsolve("rule", _write(tmp_path, json.dumps(doc)))
    run.check((2,))
    assert run.err.startswith("riftsolve: error: targets.enemies: a list of 1,000,000 values "
                              "(at most 100,000 are read)"), run.err


@pytest.mark.parametrize("where", ["might", "x-note"])
def test_numbers_of_thousands_of_digits(where: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Under a unit's Might: refused naming the field; under an x- key: ignored."""
    doc = _doc(targets={"friendly": "kai", "enemies": ["r1"]})
    text = json.dumps(doc)
    if where == "might":
        text = text.replace('"might": 1,', '"might": ' + "9" * 5000 + ",", 1)
        code, _, err = _run(["resolve", _write(tmp_path, text)], capsys)
        _refused(code, err, "units[r1].might: a number of 5000 digits is out of range")
    else:
        text = text[:-1] + ', "x-note": ' + "9" * 5000 + "}"
        code, out, _ = _run(["resolve", _write(tmp_path, text)], capsys)
        assert code == 0 and json.loads(out) == {"damage": {"r1": 2}}


def test_value_that_would_overflow_int64_is_refused(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    doc = scenario_dict([unit("kai", "A", 2), unit("r1", value=2**63 - 1)])
    code, _, err = _run(["best", _write(tmp_path, json.dumps(doc)), "--objective", "value",
                         "--finalize"], capsys)
    _refused(code, err, "units[r1].value: input should be less than or equal to")


def test_duplicate_keys_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(_doc()).replace('"might": 1,', '"might": 1, "might": 5,', 1)
    code, _, err = _run(["finalize", _write(tmp_path, text)], capsys)
    _refused(code, err, 'scenario: key "might" is given twice (in the object with id "r1")')


@pytest.mark.parametrize("value", [True, 1.0, "1"])
def test_format_is_the_number_one(value: Any) -> None:
    with pytest.raises(ScenarioError, match=r"^format: "):
        parse_scenario({**_doc(), "format": value})


@pytest.mark.parametrize("source", ["/dev/zero", "huge"])
def test_reading_is_capped(source: str, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    if source == "huge":
        source = _write(tmp_path, b" " * (9 * 2**20) + json.dumps(_doc()).encode())
    elif not os.path.exists(source):
        pytest.skip("no /dev/zero here")
    code, _, err = _run(["finalize", source], capsys)
    assert code == 2 and err.count("\n") == 1 and "larger than 8 MiB" in err


def test_not_utf8_and_not_an_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["finalize", _write(tmp_path, b"\xff\xfe{}")], capsys)
    _refused(code, err, f"{tmp_path / 's.json'}: not UTF-8 text")
    code, _, err = _run(["finalize", _write(tmp_path, "[1, 2]")], capsys)
    _refused(code, err, "scenario: must be a JSON object")


def test_controller_who_controls_nothing_is_warned(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A typo such as "me" for "A" makes every unit an enemy: answered, with a warning."""
    doc = {**_doc(), "controller": "me"}
    code, out, err = _run(["finalize", _write(tmp_path, json.dumps(doc))], capsys)
    assert code == 0 and out == ""
    assert err.count("\n") == 2  # why there is no declaration, and the warning
    assert "riftsolve: warning: controller: 'me' controls no unit" in err


# --------------------------------------------------------------------------- Python records


def test_python_constructors_validate_like_json() -> None:
    with pytest.raises(ScenarioError, match=r"units\[u\]\.id: duplicate unit id 'u'"):
        Board(("north",), (Unit("u", "A", 1, "north"), Unit("u", "B", 2, "north")))
    with pytest.raises(ScenarioError, match=r"units\[u\]\.location: 'mars' is neither"):
        Board(("north",), (Unit("u", "A", 1, "mars"),))
    with pytest.raises(ScenarioError, match=r"units\[u\]\.might: .* out of range"):
        Unit("u", "A", 10**7, "north")
    with pytest.raises(ScenarioError, match=r"units\[u\]\.damage: input should be a valid"):
        Unit("u", "A", 1, "north", damage=True)
    with pytest.raises(ScenarioError, match=r"teams\[1\]: player 'A'"):
        Board(("north",), (), teams=(("A", "B"), ("A", "C")))
    scenario = parse_scenario(_doc())
    with pytest.raises(ScenarioError, match=r"^source: unknown unit id 'nobody'"):
        replace(scenario, source="nobody")
    with pytest.raises(ScenarioError, match=r"^controller: "):
        Scenario(controller="", effect=scenario.effect, board=scenario.board)


# --------------------------------------------------------------------------- user text


HOSTILE_IDS = ["a%b", "a%%b", "%d", "[/bold]", "[red]x[/red]", "nl\nx", "esc\x1b[31mred",
               "tab\tx", "é\u202e"]


@pytest.mark.parametrize("fmt", ["jsonl", "table"])
def test_ids_come_back_exactly_as_given(fmt: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Every hostile id, in every output path: JSON lines decode to the same strings (also
    on the fast block path), tables show them literally with control characters escaped."""
    units = [unit("kai", "A", len(HOSTILE_IDS)), *(unit(i) for i in HOSTILE_IDS)]
    doc = scenario_dict(units, targets={"friendly": "kai", "enemies": HOSTILE_IDS})
    path = _write(tmp_path, json.dumps(doc))
    code, out, err = _run(["resolve", path, "--format", fmt], capsys)
    assert code == 0 and err == ""
    if fmt == "jsonl":
        assert json.loads(out) == {"damage": dict.fromkeys(sorted(HOSTILE_IDS), 1)}
        code, out, _ = _run(["resolve", path, "--explain"], capsys)
        assert set(json.loads(out)["damage"]) == set(HOSTILE_IDS)
    else:
        assert "\x1b" not in out and "\u202e" not in out
        for shown in ("a%b", "a%%b", "%d", "[/bold]", "[red]x[/red]", "nl\\nx",
                      "esc\\x1b[31mred", "tab\\tx", "é\\u202e"):
            assert shown in out, shown


def test_an_error_naming_a_hostile_id_stays_one_line(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # a Might that is not an integer, on purpose: the error must name the hostile id
    doc = scenario_dict([unit("kai", "A", 2), {**unit("bad\nid\x1b[2J"), "might": 2.5}])
    code, _, err = _run(["finalize", _write(tmp_path, json.dumps(doc))], capsys)
    _refused(code, err, "units[bad\\nid\\x1b[2J].might: input should be a valid integer")
    assert "\x1b" not in err


def test_huge_counts_print_in_full(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A count of more than 4,300 digits (Python's default limit for printing an int):
    10^6 damage among 3,000 targets, C(999999, 2999), about 8,900 digits."""
    units = [unit("kai", "A", 10**6), *(unit(f"t{i:04d}") for i in range(3000))]
    doc = scenario_dict(units, targets={"friendly": "kai",
                                        "enemies": [f"t{i:04d}" for i in range(3000)]})
    code, out, _ = _run(["resolve", _write(tmp_path, json.dumps(doc)), "--count"], capsys)
    assert code == 0 and out.startswith('{"count": ') and len(out) > 8000
    assert out[10:-2].isdigit()


# --------------------------------------------------------------------------- signals, pipes


def _big_listing(tmp_path: Path) -> str:
    """A question of C(59, 19) ~ 10^15 answers: it never finishes on its own."""
    units = [unit("kai", "A", 60), *(unit(f"t{i:02d}") for i in range(20))]
    doc = scenario_dict(units, targets={"friendly": "kai",
                                        "enemies": [f"t{i:02d}" for i in range(20)]})
    return _write(tmp_path, json.dumps(doc))


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "riftsolve.faces.entry", *args]


def test_ctrl_c_exits_130_with_one_line(tmp_path: Path) -> None:
    process = subprocess.Popen(_cli("resolve", _big_listing(tmp_path), "--all"),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)  # well into the listing
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=20)
    assert process.returncode == 130
    assert err == "riftsolve: interrupted: stopped at the user's request (Ctrl-C)\n"


@pytest.mark.parametrize("fmt", ["jsonl", "table"])
def test_a_closed_pipe_is_not_an_error(fmt: str, tmp_path: Path) -> None:
    """`riftsolve ... | head -1`: the same exit status, 0, in every format, no traceback."""
    process = subprocess.Popen(_cli("resolve", _big_listing(tmp_path), "--all", "--format",
                                    fmt), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline()
    process.stdout.close()
    _, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert err == b""


@pytest.mark.parametrize("command", [["demo"], ["cards"]])
def test_a_closed_pipe_is_not_an_error_for_a_table_either(command: list[str]) -> None:
    """`riftsolve demo | head -c 1` exited 1 (the table printer's own answer to a closed
    pipe): 0, as every other command, with nothing on standard error."""
    process = subprocess.Popen(_cli(*command), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.read(1)
    process.stdout.close()
    _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert err == b""


def test_version() -> None:
    out = subprocess.run(_cli("--version"), capture_output=True, text=True, check=True).stdout
    assert out.startswith("riftsolve ") and out.count("\n") == 1


def test_examples_still_read(capsys: pytest.CaptureFixture[str]) -> None:
    for path in sorted(EXAMPLES.glob("*.json")):
        parse_scenario_text(path.read_text())


def _slow_best(tmp_path: Path) -> str:
    """450 targets share 900 damage: the three best take CP-SAT its whole 7 s (300 took
    about 2.4 s on a machine of 2 cores, as long as the test waits before Ctrl-C)."""
    units = [unit("kai", "A", 900), *(unit(f"t{i:03d}", might=1 + i % 7, damage=i % 2)
                                      for i in range(450))]
    doc = scenario_dict(units, targets={"friendly": "kai",
                                        "enemies": [f"t{i:03d}" for i in range(450)]})
    return _write(tmp_path, json.dumps(doc), "slow.json")


@pytest.mark.parametrize("args", [["resolve", "BIG", "--backend", "cpsat", "--all"],
                                  ["best", "SLOW", "--objective", "kills,-overkill", "--top",
                                   "3"]])
def test_ctrl_c_during_a_cp_sat_search(args: list[str], tmp_path: Path) -> None:
    """Enumerating (in a worker thread) or optimising: 130 and 'interrupted', never a crash
    nor 'could not prove the optimum in time'."""
    args = [_big_listing(tmp_path) if a == "BIG" else _slow_best(tmp_path) if a == "SLOW"
            else a for a in args]
    process = subprocess.Popen(_cli(*args), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    time.sleep(2.5)  # OR-Tools imported, the search under way
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert err == "riftsolve: interrupted: stopped at the user's request (Ctrl-C)\n"


def test_ctrl_c_while_the_command_line_is_still_loading() -> None:
    """An interrupt during the imports (a few tenths of a second at start): 130 and the same
    one line, no traceback. The import of the command line is made to raise it."""
    program = ("import builtins, sys\n"
               "real = builtins.__import__\n"
               "def interrupted(name, *args, **kwargs):\n"
               "    if name == 'riftsolve.faces.cli':\n"
               "        raise KeyboardInterrupt\n"
               "    return real(name, *args, **kwargs)\n"
               "builtins.__import__ = interrupted\n"
               "from riftsolve.faces.entry import run\n"
               "sys.exit(run())\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 130
    assert done.stderr == "riftsolve: interrupted: stopped at the user's request (Ctrl-C)\n"


def test_ctrl_c_after_a_cp_sat_search_is_still_answered() -> None:
    """CP-SAT catches Ctrl-C during an optimisation and leaves it at the system default
    when it ends: without Python's handler put back, a Ctrl-C between two searches of
    'best --top 3' would kill the process with no message. After one search, a Ctrl-C is
    a KeyboardInterrupt again (answered 130 by the command line)."""
    from ortools.sat.python import cp_model

    from riftsolve.engine.params import optimise_in_order

    model = cp_model.CpModel()
    x = model.new_int_var(0, 10, "x")
    optimise_in_order(model, [x], time.monotonic() + 5)
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)


def test_ctrl_c_during_an_optimisation_stops_its_worker_first(tmp_path: Path) -> None:
    """Ctrl-C while CP-SAT optimises (in a worker thread, the main thread waiting): the
    search is stopped and its worker done before the interrupt is raised. A worker still
    running at exit aborts the process ("terminate called without an active exception",
    exit -6): a wait on the thread that Ctrl-C interrupts leaves Python 3.11 believing it
    stopped, so the wait is on an event the worker sets."""
    from riftsolve.engine.optimum import best
    from riftsolve.engine.questions import resolve
    from riftsolve.formats.reading import load_scenario

    legal = resolve(load_scenario(_slow_best(tmp_path)))
    before = threading.active_count()
    timer = threading.Timer(0.8, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        best(legal, "kills,-overkill", top=3)
    timer.join()
    assert threading.active_count() == before


def test_a_second_ctrl_c_while_an_enumeration_stops_waits_for_its_worker() -> None:
    """Ctrl-C while CP-SAT lists (in a worker thread), and again while the listing waits
    for its worker to stop (here the worker is reading a solution, 0.3 s a solution): the
    interrupt is raised only once the worker is done. Before, the second Ctrl-C ended the
    wait at once, the search still running (at exit, the process aborts)."""
    from ortools.sat.python import cp_model

    from riftsolve.engine.backends.cpsat import stream

    model = cp_model.CpModel()
    x = model.new_int_var(0, 1000, "x")

    def slowly(cb: cp_model.CpSolverSolutionCallback) -> int:
        time.sleep(0.3)
        return cb.value(x)

    before = threading.active_count()
    first = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    second = threading.Timer(0.6, os.kill, (os.getpid(), signal.SIGINT))
    first.start()
    second.start()
    with pytest.raises(KeyboardInterrupt):
        for _ in stream(model, slowly):
            pass
    first.join()
    second.join()
    assert threading.active_count() == before


def _run_with_import_failing(module: str, raised: str, tmp_path: Path
                             ) -> subprocess.CompletedProcess[str]:
    """A CP-SAT question asked of the command line, whose import of ``module`` (a name
    prefix) raises ``raised`` (Python source of an exception)."""
    program = ("import builtins, sys\n"
               "real = builtins.__import__\n"
               "def failing(name, *args, **kwargs):\n"
               f"    if name.startswith({module!r}):\n"
               f"        raise {raised}\n"
               "    return real(name, *args, **kwargs)\n"
               "builtins.__import__ = failing\n"
               "from riftsolve.faces.entry import run\n"
               "sys.exit(run())\n")
    return subprocess.run([sys.executable, "-c", program, "resolve", _big_listing(tmp_path),
                           "--backend", "cpsat", "--limit", "1"],
                          capture_output=True, text=True)


@pytest.mark.parametrize("module", ["ortools", "riftsolve.faces.cli"])
def test_ctrl_c_while_a_compiled_extension_initialises(module: str, tmp_path: Path) -> None:
    """Ctrl-C while a compiled extension initialises (OR-Tools when a CP-SAT question
    starts; numpy while the command line loads) comes out of the import as ``ImportError:
    initialization failed`` caused by the interrupt: 130 and the one line all the same."""
    done = _run_with_import_failing(
        module, "ImportError('initialization failed') from KeyboardInterrupt()", tmp_path)
    assert done.returncode == 130, done.stderr
    assert done.stderr == "riftsolve: interrupted: stopped at the user's request (Ctrl-C)\n"


def test_an_import_that_fails_otherwise_is_not_taken_for_ctrl_c(tmp_path: Path) -> None:
    """Only an interrupt's ImportError is an interruption: a missing module still fails."""
    done = _run_with_import_failing("ortools", "ImportError('no module named ortools')",
                                    tmp_path)
    assert done.returncode == 1 and "no module named ortools" in done.stderr

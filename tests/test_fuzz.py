"""A seeded fuzz test: hostile variations of the built-in examples, through every command.

Each case mutates a valid scenario (a value replaced by a hostile one, a key dropped or
added or given twice, the text cut short or salted with bytes) and runs the command line
in process. Whatever the input, the command answers (0), refuses it as malformed with one
line naming the field (2) or refuses it as too large with one line (3): never a traceback,
never a hang. The seed is fixed, so CI runs the same cases every time; ``RIFTSOLVE_FUZZ``
sets another seed and count to explore.
"""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import golden_files

from riftsolve.faces.cli import main

SEED, CASES = (int(part) for part in os.environ.get("RIFTSOLVE_FUZZ", "20261201:400").split(":"))

#: Values that have broken parsers, printers and solvers before.
HOSTILE: list[Any] = [
    None, True, False, 0, -1, 1.5, float("1e300"), 2**63 - 1, -(2**63), 10**6, 10**6 + 1,
    -(10**6), "", " ", "%", "a%%b", "%d%s", "[/bold]", "[red]x[/red]", "\n", "a\nb",
    "\x1b[31mred\x1b[0m", "\u202e", "é", "base", "offboard", "base:B", "north", "A", "B",
    [], [[[[]]]], {}, {"x": 1}, ["north"] * 3, list(range(50)), "x" * 10_000,
]

COMMANDS = [["finalize", "--limit", "5"], ["resolve", "--limit", "5"], ["finalize", "--count"],
            ["resolve", "--count"], ["resolve", "--explain", "--limit", "2"],
            ["resolve", "--format", "table", "--limit", "3"],
            ["best", "--objective", "kills,-overkill"],
            ["best", "--objective", "value", "--finalize"]]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a decoded JSON document."""
    found = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*path, index))
    return found


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    node = doc
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value


def _drop(doc: Any, path: tuple[Any, ...]) -> None:
    node = doc
    for step in path[:-1]:
        node = node[step]
    if isinstance(node, dict):
        del node[path[-1]]
    else:
        node.pop(path[-1])


def _mutant(rng: random.Random, doc: dict[str, Any]) -> bytes:
    """One hostile variation of ``doc``, as the bytes of a file."""
    doc = json.loads(json.dumps(doc))
    for _ in range(rng.randint(1, 3)):
        paths = _paths(doc)
        if not paths:
            break
        path = rng.choice(paths)
        action = rng.random()
        if action < 0.55:
            _set(doc, path, rng.choice(HOSTILE))
        elif action < 0.7:
            _drop(doc, path)
        elif action < 0.8:
            doc[rng.choice(["contoller", "x-note", "expect", "teams", "lethal_any",
                            "repeat", "policy"])] = rng.choice(HOSTILE)
        else:  # many units: enormous but valid questions must answer or refuse fast
            units = doc.get("units")
            template = rng.choice(units) if isinstance(units, list) and units else None
            if isinstance(units, list) and isinstance(template, dict):
                for index in range(rng.choice([50, 300, 1000])):
                    units.append({**template, "id": f"{template.get('id')}-{index}"})
    text = json.dumps(doc)
    cut = rng.random()
    if cut < 0.05:
        text = text[: rng.randrange(len(text))]
    elif cut < 0.1:
        text = text.replace('"format": 1', '"format": 1, "format": 1', 1)
    elif cut < 0.13:
        return text.encode()[:50] + bytes(rng.randrange(256) for _ in range(20))
    return text.encode()


def _cases() -> list[tuple[int, bytes, list[str]]]:
    rng = random.Random(SEED)
    examples = [json.loads(path.read_text()) for path in golden_files()]
    return [(index, _mutant(rng, rng.choice(examples)), rng.choice(COMMANDS))
            for index in range(CASES)]


def test_every_hostile_variation_is_answered_or_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fuzz.json"
    outcomes: dict[int, int] = {}
    for index, data, command in _cases():
        path.write_bytes(data)
        args = [command[0], str(path), *command[1:]]
        code = main(args, out=io.StringIO())  # an exception escaping main fails the test
        err = capsys.readouterr().err
        lines = [line for line in err.splitlines()
                 if not line.startswith(("riftsolve: warning:", "riftsolve: no legal"))]
        context = f"case {index} (seed {SEED}): {args[0]} {data[:300]!r}\n{err}"
        assert code in (0, 2, 3), context
        assert "Traceback" not in err, context
        if code == 2:
            assert len(lines) == 1 and lines[0].startswith("riftsolve: error: "), context
        if code == 3:
            assert len(lines) == 1 and lines[0].startswith("riftsolve: refused: "), context
        outcomes[code] = outcomes.get(code, 0) + 1
    # the mutations reach every outcome: a test of the fuzzer itself
    assert outcomes.get(0) and outcomes.get(2), outcomes

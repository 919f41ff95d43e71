"""The README's Python examples run as doctests, and its CLI examples print what it says."""

from __future__ import annotations

import doctest
import io
import json
import re
import shlex
from pathlib import Path

from riftsolve.solver.cli import main

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_examples() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False)
    assert tried > 0 and failures == 0


def test_readme_shell_examples() -> None:
    text = README.read_text()
    root = README.parent
    examples = re.findall(r"^\$ riftsolve (.+)\n((?:[^$`\n].*\n)+)", text, flags=re.M)
    assert examples
    for command, expected in examples:
        args = shlex.split(command)
        if len(args) > 1 and (root / args[1]).is_file():  # a file of the repository
            args[1] = str(root / args[1])
        out = io.StringIO()
        assert main(args, out=out) == 0
        assert out.getvalue() == expected, command


def test_readme_json_examples_are_valid() -> None:
    """Every JSON block of the README parses: whole scenarios, and inline effects placed
    into a scenario of their own."""
    from riftsolve.models import parse_scenario

    blocks = re.findall(r"```json\n(.*?)```", README.read_text(), flags=re.S)
    assert len(blocks) >= 3
    for block in blocks:
        if block.lstrip().startswith("{"):
            parse_scenario(json.loads(block))
            continue
        effect = json.loads("{" + block + "}")["effect"]
        parse_scenario({"format": 1, "controller": "A", "effect": effect,
                        "battlefields": ["north"], "units": []})


def readme_code() -> str:
    """The README's Python examples as one module (their expected outputs left out), for
    ``mypy --strict`` (CI checks that the examples users copy type-check)."""
    parser = doctest.DocTestParser()
    examples = parser.get_examples(README.read_text())
    return "".join(example.source for example in examples)


def test_readme_code_is_one_module_using_riftsolve() -> None:
    code = readme_code()
    compile(code, "README.md", "exec")
    assert "import riftsolve as rs" in code
    assert "from models" not in code and "from solver" not in code


if __name__ == "__main__":  # python tests/test_readme.py > examples.py: what CI type-checks
    print(readme_code(), end="")

"""The manual's examples hold: on ``README.md`` and every page of ``docs/``, the Python
examples run as doctests, each ``$ riftsolve ...`` transcript prints exactly what it shows,
and every JSON block parses as a scenario.

``python tests/test_docs.py > examples.py`` writes every page's Python examples as one
module, a function a page, for ``mypy --strict examples.py`` (the examples users copy
type-check). ``RIFTSOLVE_UPDATE_DOCS=1 pytest tests/test_docs.py`` writes each transcript's
output as the command prints it now: review the diff."""

from __future__ import annotations

import doctest
import io
import json
import os
import re
import shlex
from pathlib import Path

import pytest

from riftsolve.faces.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

#: The README and the manual's pages, by path from the repository's root.
PAGES = ["README.md", *sorted(
    str(page.relative_to(ROOT)) for page in DOCS.rglob("*.md")
    if "_build" not in page.relative_to(DOCS).parts)]

#: The marker before the environment's example (run by ``tests/test_gym.py``).
GYM_MARKER = "<!-- gym example -->"
#: The marker before the training example (``tests/test_gym.py`` runs it with a stand-in
#: learner; it needs sb3-contrib and PyTorch otherwise).
TRAINING_MARKER = "<!-- training example -->"
#: The markers before the examples of the environments that need an extra, each run by its
#: own test file (``tests/test_gym.py``, ``tests/test_pettingzoo.py``), which skips
#: without the extra.
EXTRA_MARKERS = (GYM_MARKER, TRAINING_MARKER, "<!-- pettingzoo example -->")

FENCE = re.compile(r"^```(\S*)\n(.*?)^```$", flags=re.M | re.S)
TRANSCRIPT = re.compile(r"^\$ riftsolve (.+)\n((?:[^$`\n].*\n)+)", flags=re.M)


def text_of(page: str) -> str:
    return (ROOT / page).read_text()


def blocks(page: str, *languages: str) -> list[str]:
    """The fenced blocks of ``page`` in these languages (their text)."""
    return [body for language, body in FENCE.findall(text_of(page)) if language in languages]


def transcripts(page: str) -> list[tuple[str, str]]:
    """The ``$ riftsolve ARGS`` lines of the page's console blocks, each with its output."""
    return [found for block in blocks(page, "console") for found in TRANSCRIPT.findall(block)]


def examples(page: str) -> list[doctest.Example]:
    return doctest.DocTestParser().get_examples(text_of(page))


def marked_blocks(page: str, marker: str) -> list[str]:
    """The Python blocks of ``page`` right after ``marker`` (their text)."""
    return re.findall(re.escape(marker) + r"\n```python\n(.*?)```", text_of(page),
                      flags=re.S)


def python_blocks(page: str) -> list[str]:
    """The Python blocks of the page but the environments' examples, which their own
    tests run (``tests/test_gym.py``, ``tests/test_pettingzoo.py``)."""
    extra = [found for marker in EXTRA_MARKERS for found in marked_blocks(page, marker)]
    return [block for block in blocks(page, "python", "pycon") if block not in extra]


def test_the_pages_are_found_and_have_examples() -> None:
    assert "README.md" in PAGES and "docs/index.md" in PAGES
    with_examples = {page for page in PAGES if examples(page) or transcripts(page)}
    assert with_examples and "README.md" in with_examples
    assert len(with_examples) >= 6, with_examples


@pytest.mark.parametrize("page", PAGES)
def test_every_example_block_is_exercised(page: str) -> None:
    """A Python block holds doctests, a console block transcripts; a ``$ riftsolve`` line
    outside a console block would go untested."""
    for block in python_blocks(page):
        assert ">>> " in block, f"{page}: a Python block without doctests:\n{block}"
    for block in blocks(page, "console"):
        commands = [line for line in block.splitlines() if line.startswith("$ ")]
        assert commands, f"{page}: a console block without a '$ ' command:\n{block}"
        assert len(TRANSCRIPT.findall(block)) == len(commands), \
            f"{page}: a console command that is not 'riftsolve' or has no output:\n{block}"
    outside = FENCE.sub("", text_of(page))
    assert not re.search(r"^\$ riftsolve", outside, flags=re.M), page
    for language, body in FENCE.findall(text_of(page)):
        if language != "console":
            assert not re.search(r"^\$ riftsolve", body, flags=re.M), \
                f"{page}: a transcript in a {language or 'plain'} block"


@pytest.mark.parametrize("page", PAGES)
def test_python_examples(page: str) -> None:
    failures, tried = doctest.testfile(str(ROOT / page), module_relative=False,
                                       encoding="utf-8")
    assert failures == 0
    assert tried > 0 or not python_blocks(page)


@pytest.mark.parametrize("page", PAGES)
def test_shell_examples(page: str) -> None:
    for command, expected in transcripts(page):
        args = shlex.split(command)
        if len(args) > 1 and (ROOT / args[1]).is_file():  # a file of the repository
            args[1] = str(ROOT / args[1])
        out = io.StringIO()
        assert main(args, out=out) == 0, command
        if os.environ.get("RIFTSOLVE_UPDATE_DOCS") and out.getvalue() != expected:
            shown = f"$ riftsolve {command}\n"
            path = ROOT / page
            path.write_text(text_of(page).replace(shown + expected, shown + out.getvalue()))
            continue
        assert out.getvalue() == expected, command


@pytest.mark.parametrize("page", PAGES)
def test_json_examples_are_valid(page: str) -> None:
    """Every JSON block parses: whole scenarios, and inline effects placed into a
    scenario of their own."""
    from riftsolve.formats.format1 import parse_scenario

    for block in blocks(page, "json"):
        if block.lstrip().startswith("{"):
            parse_scenario(json.loads(block))
            continue
        effect = json.loads("{" + block + "}")["effect"]
        parse_scenario({"format": 1, "controller": "A", "effect": effect,
                        "battlefields": ["north"], "units": []})


def test_the_json_examples_are_found() -> None:
    assert sum(len(blocks(page, "json")) for page in PAGES) >= 3


def example_code(page: str) -> str:
    """The page's Python examples as the body of one function (their expected outputs
    left out), or ``""`` when it has none."""
    source = "".join(example.source for example in examples(page))
    if not source:
        return ""
    name = re.sub(r"\W", "_", page.removesuffix(".md")).lower()
    body = "".join(f"    {line}\n" if line else "\n" for line in source.splitlines())
    return f"def example_{name}() -> None:\n{body}\n\n"


def docs_code() -> str:
    """Every page's Python examples, one function a page (so that each page's names are
    its own), for ``mypy --strict`` (CI checks that the examples users copy type-check)."""
    return '"""The manual\'s Python examples, one function a page."""\n\n\n' + "".join(
        example_code(page) for page in PAGES)


def test_docs_code_is_one_module_using_riftsolve() -> None:
    code = docs_code()
    compile(code, "docs", "exec")
    assert "import riftsolve as rs" in example_code("README.md")
    assert "from models" not in code and "from solver" not in code


if __name__ == "__main__":  # python tests/test_docs.py > examples.py: what CI type-checks
    print(docs_code(), end="")

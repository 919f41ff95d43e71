"""The page in a real browser: Chromium from the system's packages, driven by Playwright
(no browser is downloaded). ``riftsolve serve`` runs on a free port; the page is loaded,
a board entered (in the form, and pasted as text), a question asked, and the count and
the answers table read back. Skipped, with the reason, without Chromium or Playwright."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import EXAMPLES, REQUIRE_EXTRAS, scenario_dict, unit

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
XSS = "<img src=x onerror=alert(1)>"

if REQUIRE_EXTRAS and (
        shutil.which("chromium") is None or importlib.util.find_spec("playwright") is None):
    # CI sets it: there, the page must be tested in a real browser, never skipped
    raise RuntimeError("RIFTSOLVE_REQUIRE_EXTRAS is set but Chromium or Playwright is "
                       "missing")

pytestmark = [
    pytest.mark.skipif(shutil.which("chromium") is None,
                       reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(importlib.util.find_spec("playwright") is None,
                       reason="no Playwright: pip install 'riftsolve[web-test]'"),
    pytest.mark.skipif(importlib.util.find_spec("uvicorn") is None,
                       reason="the page is an optional extra: pip install 'riftsolve[web]'"),
]


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    """The address of a ``riftsolve serve`` on a free port."""
    server = subprocess.Popen([sys.executable, "-m", "riftsolve", "serve", "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert "http://127.0.0.1:" in line, line
        yield line.split()[5]
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, address: str) -> Iterator[Any]:
    """The page, loaded and ready; any dialog (an alert an injected script would open) or
    script error fails the test."""
    tab = browser.new_page()
    problems: list[str] = []

    def dialog(opened: Any) -> None:
        problems.append(f"dialog: {opened.message}")
        opened.dismiss()

    tab.on("dialog", dialog)
    tab.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    tab.goto(address)
    tab.wait_for_selector("body[data-ready=true]")
    yield tab
    tab.close()
    assert problems == []


def table(tab: Any) -> list[list[str]]:
    """The answers table's cells, row by row (without the row number)."""
    rows: list[list[str]] = tab.eval_on_selector_all(
        "#answers tbody tr",
        "rows => rows.map(r => [...r.cells].slice(1).map(c => c.textContent))")
    return rows


def answer(tab: Any) -> None:
    with tab.expect_response("**/api/answer"):
        tab.click("#answer")
    tab.wait_for_selector("#answer:not([disabled])")  # the answer is shown


def test_a_board_from_the_form(page: Any) -> None:
    # The form starts with Alpha Strike and kai (A, Might 3), r1 and r2 (B) at north.
    # Add r3 (Deflect 1) at south; resolve kai's 3 damage split among r1, r2 and r3:
    # each is dealt at least 1, so exactly 1 each: one answer.
    page.click("#add-unit")
    row = "#units tbody tr:last-child"
    page.fill(f"{row} .u-id", "r3")
    page.fill(f"{row} .u-location", "south")
    page.fill(f"{row} .u-deflect", "1")
    page.dispatch_event(f"{row} .u-deflect", "change")
    page.check("input[name=question][value=resolve]")
    page.select_option(".slot[data-slot=friendly] select", "kai")
    for target in ("r1", "r2", "r3"):
        page.check(f".slot[data-slot=enemies] input[value={target}]")
    answer(page)
    assert page.text_content("#count") == "1"
    assert table(page) == [["r1 1, r2 1, r3 1"]]
    assert page.is_visible("#ruling")
    ruling = page.text_content("#ruling")
    assert ruling.startswith("Alpha Strike, on resolution. ")
    assert ruling.endswith(" One legal resolution, forced. Core Rules 2026-10-09.")
    # finalize: kai is the only friendly unit; any subset of {r1, r2, r3} of size 0 to
    # 3 (kai's Might): 8 declarations, r3's Deflect adding 1 Power where it is chosen
    page.check("input[name=question][value=finalize]")
    answer(page)
    assert page.text_content("#count") == "8"
    rows = table(page)
    assert len(rows) == 8 and ["kai", "r3", "1"] in rows and ["kai", "r1, r2", "0"] in rows
    # with no Power to pay r3's Deflect, r3 cannot be chosen: the 4 subsets of {r1, r2}
    page.fill("#available-power", "0")
    answer(page)
    assert page.text_content("#count") == "4"
    assert all("r3" not in row[1] for row in table(page))


def test_a_pasted_scenario_with_a_hostile_id(page: Any) -> None:
    # Volibear deals 5 split among enemies here; the only enemy here is the one whose id
    # is markup: the one answer deals it all 5.
    board = scenario_dict([unit("voli", "A", 4), unit(XSS, might=9)], card="Volibear, Furious",
                          source="voli", targets={"enemies": [XSS]})
    page.click("#tab-paste")
    page.fill("#scenario", json.dumps(board, indent=1))
    page.check("input[name=question][value=resolve]")
    answer(page)
    assert page.text_content("#count") == "1"
    assert table(page) == [[f"{XSS} 5"]]
    # shown as text, never as markup: no element was made of it
    assert page.locator("#result img").count() == 0
    assert page.evaluate("document.querySelectorAll('img').length") == 0


def test_an_error_is_the_cli_line(page: Any) -> None:
    page.click("#tab-paste")
    page.fill("#scenario", (EXAMPLES / "alpha-strike-6-among-3.json").read_text()
              .replace('"might": 6', '"might": 2.5', 1))
    answer(page)
    assert page.is_visible("#error")
    assert page.text_content("#error") == (
        "Error: units[kai].might: input should be a valid integer (got 2.5)")
    assert table(page) == []


def test_an_id_typed_in_the_form_is_shown_as_typed(page: Any) -> None:
    page.fill("#units tbody tr:nth-child(2) .u-id", XSS)
    page.dispatch_event("#units tbody tr:nth-child(2) .u-id", "change")
    page.check("input[name=question][value=finalize]")
    answer(page)
    # kai (Might 3) chooses any subset of the two enemies: 4 declarations
    assert page.text_content("#count") == "4"
    assert ["kai", XSS, "0"] in table(page)
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    labels = page.eval_on_selector_all(".slot[data-slot=enemies] label span",
                                       "spans => spans.map(s => s.textContent)")
    assert XSS in labels


def test_a_pasted_board_in_the_notation(page: Any) -> None:
    # Kai (3 Might now) and the five enemies chosen when it had 5: 3 damage among 5
    # targets, each dealt at least 1, means keeping 3 of them and dealing 1 each:
    # C(5, 3) = 10 resolutions, the first keeping r1, r2 and r3.
    page.click("#tab-paste")
    page.fill("#scenario", (EXAMPLES / "alpha-strike-shrunk-5-to-3.board").read_text())
    page.check("input[name=question][value=resolve]")
    page.fill("#limit", "3")
    answer(page)
    assert page.text_content("#count") == "10"
    assert page.text_content("#summary") == "Alpha Strike: 10 legal resolutions (first 3 shown)"
    assert table(page) == [["r1 1, r2 1, r3 1"], ["r1 1, r2 1, r4 1"], ["r1 1, r2 1, r5 1"]]
    # an error in the notation: the CLI's line, with the line and column
    page.fill("#scenario", "card Alpha Strike\ncontroller A\nbattlefields north\n\n"
              "kai A x @north\n")
    answer(page)
    assert page.text_content("#error") == "Error: scenario:5:7: might: 'x' is not a whole number"


def test_the_form_s_board_is_copied_as_the_notation(page: Any) -> None:
    """"Show as text" writes the form's board in the notation a judge copies (the server
    writes it, checked as an answer's is), which answers as the form did."""
    page.check("input[name=question][value=finalize]")
    answer(page)
    counted = page.text_content("#count")
    page.click("#to-text")
    page.wait_for_selector("#paste-pane", state="visible")  # (once the notation is written)
    text = page.input_value("#scenario")
    assert text.startswith("card Alpha Strike\n") and "kai A 3 @north" in text
    answer(page)
    assert page.text_content("#count") == counted

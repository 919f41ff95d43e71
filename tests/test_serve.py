"""``riftsolve serve``: the page's JSON endpoints, through the framework's test client
(no browser), and the command itself (the localhost default, the printed address, the
one-line errors). Skipped without the ``web`` extra, except the test of its absence."""

from __future__ import annotations

import io
import json
import time
import warnings
from collections.abc import Iterator
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, needs, scenario_dict, unit

from riftsolve.faces.cli import main

needs("starlette", "web")
needs("httpx", "web-test")  # the framework's test client

with warnings.catch_warnings():  # newer Starlette suggests httpx2; httpx serves them all
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from riftsolve.faces.web import answer as answering  # noqa: E402 - after needs()
from riftsolve.faces.web.app import MAX_BODY, create_app  # noqa: E402

XSS = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def ask(client: TestClient, scenario: Any, question: str = "resolve", **extra: Any) -> Any:
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    return client.post("/api/answer", json={"scenario": text, "question": question, **extra})


def cli(*argv: str) -> tuple[int, str, str]:
    """The CLI's exit code, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        code = main(list(argv), out)
    return code, out.getvalue(), err.getvalue()


def cli_on(scenario: Any, *argv: str, tmp_path: Path) -> tuple[int, str, str]:
    path = tmp_path / "scenario.json"
    path.write_text(scenario if isinstance(scenario, str) else json.dumps(scenario))
    return cli(argv[0], str(path), *argv[1:])


# --------------------------------------------------------------------------- answers


def test_a_resolution_worked_out_by_hand(client: TestClient) -> None:
    # Kai (Might 3) splits 3 damage between r1 and r2, each dealt at least 1 (355.14.g):
    # r1 1 + r2 2, or r1 2 + r2 1: two answers.
    board = scenario_dict([unit("kai", "A", 3), unit("r1"), unit("r2", might=2)],
                          targets={"friendly": "kai", "enemies": ["r1", "r2"]})
    reply = ask(client, board)
    assert reply.status_code == 200
    body = reply.json()
    assert body["count"] == 2 and body["count_text"] == "2"
    assert body["summary"] == "Alpha Strike: 2 legal resolutions"
    assert body["answers"] == [{"damage": {"r1": 1, "r2": 2}}, {"damage": {"r1": 2, "r2": 1}}]
    assert body["headers"] == ["damage dealt"]
    assert body["rows"] == [["r1 1, r2 2"], ["r1 2, r2 1"]]
    assert body["ruling"].startswith("Alpha Strike, on resolution. ")
    assert body["ruling"].endswith(" 2 legal resolutions. Core Rules 1.4.")
    # the trails said once: what both answers share, then each one's own steps
    shared, own = body["trails"]["shared"], body["trails"]["own"]
    # (kai's Might, at least 1 each), then each division and the XP its kills gain
    # (r1 has Might 1: killed by 1 or 2; r2 Might 2: killed only by 2)
    assert [step["rule"] for step in shared] == ["359.3.f.2", "355.14.g"]
    assert [[(s["rule"], s["detail"]) for s in trail] for trail in own] == [
        [("355.14.e", "the controller divides 3 damage: r1 1, r2 2"),
         ("355.5.b", "for each unit this kills, 1 XP: r1, r2 killed, 2 XP gained")],
        [("355.14.e", "the controller divides 3 damage: r1 2, r2 1"),
         ("355.5.b", "for each unit this kills, 1 XP: r1 killed, 1 XP gained")]]
    # a column per target, the damage each is dealt
    assert body["grid"] == {"groups": [{"label": "damage dealt", "columns": ["r1", "r2"]}],
                            "rows": [["1", "2"], ["2", "1"]]}


@pytest.mark.parametrize(("example", "question"), [
    ("alpha-strike-shrunk-5-to-3.json", "resolve"),
    ("volibear-bonus-finalize.json", "finalize"),
    ("fox-fire-moved.json", "resolve"),
    ("tricksy-tentacles-finalize.json", "finalize"),
    ("crescent-strike-finalize.json", "finalize"),
    ("combat-lethal-in-full.json", "resolve"),
    # the board notation, pasted as it is written
    ("alpha-strike-shrunk-5-to-3.board", "resolve"),
    ("volibear-target-moved.board", "resolve"),
    ("fox-fire-two-pumped.board", "finalize"),
])
def test_the_page_answers_as_the_cli_does(client: TestClient, example: str,
                                          question: str) -> None:
    text = (EXAMPLES / example).read_text()
    body = ask(client, text, question, limit=4).json()
    code, counted, _ = cli(question, str(EXAMPLES / example), "--count")
    assert code == 0 and body["count"] == json.loads(counted)["count"]
    code, listed, _ = cli(question, str(EXAMPLES / example), "--limit", "4")
    assert code == 0
    assert body["answers"] == [json.loads(line) for line in listed.splitlines()]
    assert len(body["rows"]) == len(body["answers"]) == min(4, body["count"])
    assert f": {body['count']:,} legal " in body["summary"]
    code, ruled, _ = cli("rule", str(EXAMPLES / example), "--format", "json",
                         *(["--finalize"] if question == "finalize" else []))
    assert code == 0 and body["ruling"] == json.loads(ruled)["ruling"]
    assert body["summary"].endswith(" (first 4 shown)" if body["count"] > 4 else "s")


def test_the_first_n_with_the_exact_count_of_a_huge_question(client: TestClient,
                                                             tmp_path: Path) -> None:
    # 10^4 damage split among 40 targets: C(9999, 39) ways, far past any listing
    board = scenario_dict([unit("kai", "A", 10**4),
                           *(unit(f"r{i}", might=5) for i in range(40))],
                          targets={"friendly": "kai", "enemies": [f"r{i}" for i in range(40)]})
    body = ask(client, board, limit=3).json()
    _, counted, _ = cli_on(board, "resolve", "--count", tmp_path=tmp_path)
    assert body["count_text"] == f'{json.loads(counted)["count"]:,}' and len(body["rows"]) == 3
    from math import comb
    assert int(body["count_text"].replace(",", "")) == comb(9999, 39)
    assert body["summary"].startswith("Alpha Strike: about ")
    assert body["summary"].endswith(" legal resolutions (first 3 shown)")


def test_a_count_too_large_to_make_is_refused_and_the_first_answers_listed(
        client: TestClient, tmp_path: Path) -> None:
    # a capped group of 1,000 distinct large Mights: the counting programme is refused
    # before it starts (as `riftsolve finalize --count` refuses it), the first answers
    # still listed (as the CLI's --limit does)
    board: dict[str, Any] = {
        "format": 1, "controller": "A", "battlefields": ["north"],
        "effect": {"name": "Wide Net", "group": {"action": "kill", "slots": [
            {"name": "units", "at": "board"}], "might_cap": 10**6}},
        "units": [unit(f"u{i:04d}", might=1000 + 7 * i) for i in range(1000)]}
    body = ask(client, board, "finalize", limit=2).json()
    code, _, err = cli_on(board, "finalize", "--count", tmp_path=tmp_path)
    assert code == 3
    assert body["count"] is None
    assert body["refused"] == err.strip().removeprefix("riftsolve: refused: ")
    assert len(body["rows"]) == 2
    assert body["summary"] == "Wide Net: legal declarations (first 2 shown)"


def test_no_answer_says_why(client: TestClient) -> None:
    text = (EXAMPLES / "fox-fire-hidden-nothing-there.json").read_text()
    body = ask(client, text, "finalize").json()
    assert body["count"] == 0 and body["rows"] == []
    assert any("811.1.d" in reason for reason in body["none"])


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize("text", [
    json.dumps(scenario_dict([{**unit("kai", "A"), "might": 2.5}],
                             targets={"friendly": "kai", "enemies": []})),
    json.dumps({"format": 2}),
    '{"format": 1, "controller": "A",\n  "card": }',
    json.dumps(scenario_dict([unit("kai", "A")], card="No Such Card")),
    json.dumps(scenario_dict([unit(XSS, "A"), unit(XSS)])),
    json.dumps(scenario_dict([unit("kai", "A")], targets={"friendly": XSS,
                                                           "enemies": []})),
    # the board notation: the line and column
    "card Alpha Strike\ncontroller A\nbattlefields north\n\nkai A x @north\n",
    "card Alpha Strike\ncontroller A\nbattlefields north\n\nkai A 3 @mars\n",
])
def test_errors_are_the_cli_line(client: TestClient, text: str, tmp_path: Path) -> None:
    reply = ask(client, text)
    assert reply.status_code == 400
    assert reply.headers["content-type"] == "application/json"
    code, _, err = cli_on(text, "resolve", tmp_path=tmp_path)
    assert code == 2 and len(err.splitlines()) == 1
    # the CLI names the file where the page names the scenario it was sent
    line = err.strip().removeprefix("riftsolve: error: ").replace(
        str(tmp_path / "scenario.json"), "scenario")
    error = reply.json()["error"]
    assert error["text"] == line and error["kind"] == "error"
    assert line == f"{error['field']}: {error['message']}"


@pytest.mark.parametrize(("request_body", "field"), [
    ({"scenario": "{}", "question": "best"}, "question"),
    ({"scenario": "{}", "limit": 1001}, "limit"),
    ({"scenario": "{}", "limit": True}, "limit"),
    ({"scenario": "{}", "lang": "de"}, "lang"),
    ({"scenario": 5}, "scenario"),
    ({"scenario": "{}", "colour": "red"}, "colour"),
    ([1, 2], "request"),
])
def test_a_malformed_request_names_its_field(client: TestClient, request_body: Any,
                                             field: str) -> None:
    reply = client.post("/api/answer", json=request_body)
    assert reply.status_code == 400 and reply.json()["error"]["field"] == field


def test_only_a_bounded_json_body_is_read(client: TestClient) -> None:
    reply = client.post("/api/answer", content=b"{}", headers={"content-type": "text/plain"})
    assert reply.status_code == 415
    reply = client.post("/api/answer", content=b'{"scenario": ',
                        headers={"content-type": "application/json"})
    assert reply.status_code == 400
    assert reply.json()["error"]["text"].startswith("request: malformed JSON at line 1")
    huge = json.dumps({"scenario": " " * MAX_BODY}).encode()
    reply = client.post("/api/answer", content=huge,
                        headers={"content-type": "application/json"})
    assert reply.status_code == 413 and reply.json()["error"]["field"] == "request"
    # the scenario itself is bounded as the reader bounds a file (8 MiB)
    text = '{"format": 1' + " " * (8 * 2**20) + "}"
    reply = ask(client, text)
    assert reply.status_code == 400 and "larger than 8 MiB" in reply.json()["error"]["text"]


def test_a_question_past_the_time_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(request: Any, cards: str | None = None) -> answering.Reply:
        time.sleep(30)
        return answering.Reply(200, {})

    monkeypatch.setattr(answering, "answer", slow)
    with TestClient(create_app(timeout=0.5)) as quick:
        started = time.monotonic()
        reply = ask(quick, "{}")
        assert time.monotonic() - started < 10
    assert reply.status_code == 503
    assert reply.json()["error"]["text"].startswith("no answer within 0.5 s")


# --------------------------------------------------------------------------- escaping


def test_ids_come_back_exactly_as_given_and_never_as_markup(client: TestClient) -> None:
    odd = "r\x1b[31m\nred"
    board = scenario_dict([unit("kai", "A", 3), unit(XSS), unit(odd)],
                          targets={"friendly": "kai", "enemies": [XSS, odd]})
    reply = ask(client, board)
    assert reply.headers["content-type"] == "application/json"
    assert reply.headers["x-content-type-options"] == "nosniff"
    body = reply.json()
    assert body["answers"][0] == {"damage": {XSS: 1, odd: 2}}
    # the table's cells escape control characters as the CLI's tables do
    assert body["rows"][0] == [f"{XSS} 1, r\\x1b[31m\\nred 2"]
    assert body["grid"]["groups"][0]["columns"] == [XSS, "r\\x1b[31m\\nred"]


def test_the_page_is_static_and_forbids_inline_script(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy  # (no inline script, no inline style)
    assert "style=" not in page.text and "<style" not in page.text
    style = client.get("/page.css")
    assert style.status_code == 200 and style.headers["content-type"].startswith("text/css")
    assert "http" not in page.text.replace("http-equiv", "")  # nothing fetched elsewhere
    script = client.get("/page.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert "innerHTML" not in script.text and "insertAdjacentHTML" not in script.text


def test_the_page_offers_every_library_card(client: TestClient) -> None:
    from riftsolve.cards import library

    body = client.get("/api/page?lang=en").json()
    assert [card["name"] for card in body["cards"]] == [c.name for c in library()]
    assert body["labels"]["answer"] == "Answer" and body["languages"] == ["en", "fr"]


def test_imported_cards_are_offered_and_answered(tmp_path: Path) -> None:
    from riftsolve.cards.store import write_library
    from riftsolve.compiler.card import compile_card

    effect = compile_card("Gentle Breeze", "Deal 2 to an enemy unit.")
    write_library(tmp_path, [effect])
    with TestClient(create_app(cards=str(tmp_path))) as own:
        names = [card["name"] for card in own.get("/api/page").json()["cards"]]
        assert names[-1] == "Gentle Breeze"
        board = scenario_dict([unit("kai", "A"), unit("r1"), unit("r2", location="base")],
                              card="Gentle Breeze")
        body = ask(own, board, "finalize").json()
    # an enemy unit, anywhere on the board: r1 or r2 (kai is the controller's)
    assert body["count"] == 2


def test_a_scenario_may_be_sent_as_an_object(client: TestClient) -> None:
    # Fox-Fire moved: the same answers whether the scenario is its text or its object
    text = (EXAMPLES / "fox-fire-moved.json").read_text()
    as_text = ask(client, text).json()
    as_object = client.post("/api/answer", json={"scenario": json.loads(text),
                                                 "question": "resolve"}).json()
    assert as_object == as_text and as_text["count"] >= 1


def test_the_language_is_the_requests_own(client: TestClient) -> None:
    # each question runs in a child of its own: a French request leaves the next one
    # in English
    french = client.get("/api/page?lang=fr").json()
    assert french["lang"] == "fr" and set(french["labels"]) == set(
        client.get("/api/page").json()["labels"])
    text = (EXAMPLES / "alpha-strike-shrunk-5-to-3.json").read_text()
    assert ask(client, text, lang="fr").status_code == 200
    from riftsolve.i18n import language
    assert language() == "en"
    assert client.get("/api/page?lang=xx").json()["lang"] == "en"


def test_the_notation_of_a_form_s_board_reads_back_as_the_same_scenario(
        client: TestClient) -> None:
    """``/api/notation``: the board notation of a JSON scenario, which reads back as the
    same scenario; a scenario with an error is the CLI's line, as an answer's is."""
    from riftsolve.formats.reading import parse_scenario

    doc = json.loads((EXAMPLES / "alpha-strike-6-among-3.json").read_text())
    doc.pop("expect", None)
    reply = client.post("/api/notation", json={"scenario": json.dumps(doc)})
    assert reply.status_code == 200
    assert parse_scenario(reply.json()["text"]) == parse_scenario(doc)
    broken = client.post("/api/notation", json={"scenario": json.dumps({**doc, "card": "Zzz"})})
    assert broken.status_code == 400
    assert broken.json()["error"]["text"].startswith("card: unknown card 'Zzz'")


# --------------------------------------------------------------------------- the board


def read_board(client: TestClient, scenario: Any, question: str = "finalize") -> Any:
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    return client.post("/api/board", json={"scenario": text, "question": question})


def legal_values(slot: dict[str, Any]) -> list[str]:
    return [option["value"] for option in slot["options"] if option["legal"]]


def test_the_board_says_what_each_slot_may_choose(client: TestClient) -> None:
    # Alpha Strike: a friendly unit (kai, A's), then enemy units at battlefields (740.1,
    # 355.9.b): r1 at north; not r2, at its base, nor kai, A's own.
    board = scenario_dict([unit("kai", "A", 3), unit("r1"), unit("r2", location="base")],
                          targets={"friendly": None, "enemies": []})  # (left to choose)
    reply = read_board(client, board)
    assert reply.status_code == 200
    body = reply.json()
    assert body["check"] == "The board reads: 3 units."
    assert body["scenario"]["units"][2]["location"] == "base"
    friendly, enemies = body["slots"]
    assert (friendly["name"], friendly["shape"], legal_values(friendly)) == (
        "friendly", "one", ["kai"])
    assert (enemies["name"], enemies["shape"], legal_values(enemies)) == (
        "enemies", "list", ["r1"])
    assert [(o["value"], o["rule"], o["reason"]) for o in enemies["options"]
            if not o["legal"]] == [
        ("kai", "740.1", "kai is not an enemy unit (controlled by A)"),
        ("r2", "355.9.b", "r2 is not at a battlefield (at base)")]


def test_the_board_marks_a_chosen_target_illegal_now(client: TestClient) -> None:
    # r1 was chosen; it has since left the board: on resolution it is no longer a legal
    # target (359.3.e.2), and the slot says so before the question is asked.
    board = scenario_dict([unit("kai", "A", 3), unit("r1", location="offboard"), unit("r2")],
                          targets={"friendly": "kai", "enemies": ["r1", "r2"]})
    enemies = read_board(client, board, "resolve").json()["slots"][1]
    assert legal_values(enemies) == ["r2"]
    assert ("r1", "359.3.e.2", "r1 is no longer on the board") in [
        (o["value"], o["rule"], o["reason"]) for o in enemies["options"]]


def test_the_board_s_errors_are_the_cli_s(client: TestClient) -> None:
    doubled = scenario_dict([unit("kai", "A", 3), unit("r1"), unit("r1")])
    reply = read_board(client, doubled)
    assert reply.status_code == 400
    assert reply.json()["error"]["field"].startswith("units")
    assert "r1" in reply.json()["error"]["text"]
    # the notation's errors name their line and column, as the CLI's do
    reply = read_board(client, "card Alpha Strike\ncontroller A\nbattlefields north\n"
                               "kai A x @north\n")
    assert reply.json()["error"]["text"] == "scenario:4:7: might: 'x' is not a whole number"
    assert read_board(client, "[1, 2]").json()["error"]["text"] == (
        "scenario: must be a JSON object")

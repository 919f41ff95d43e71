"""The page's server under hostile clients: a body is parsed off the event loop with its
digits and depth bounded, at most ``RUNNING`` questions run at once and one more is
refused at once (503, busy) rather than queued, so no client delays another past its own
question's time limit, and a client that leaves mid-body leaves no traceback. Skipped
without the ``web`` extra."""

from __future__ import annotations

import json
import sys
import threading
import time
import warnings
from collections.abc import Iterator, MutableMapping
from typing import Any

import pytest
from conftest import needs, scenario_dict, unit

needs("starlette", "web")
needs("httpx", "web-test")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import anyio  # noqa: E402 - after needs(): the web extra brings it

from riftsolve.faces.web import answer as answering  # noqa: E402 - after needs()
from riftsolve.faces.web.app import RUNNING, create_app  # noqa: E402

#: A small question: Alpha Strike's 2 damage from kai between its two chosen enemies r1
#: and r2, each dealt at least 1 (355.14.g): 1 way.
SMALL = json.dumps(scenario_dict([unit("kai", "A", 2), unit("r1"), unit("r2")],
                                 targets={"friendly": "kai", "enemies": ["r1", "r2"]}))


def _post(client: TestClient, scenario: str) -> Any:
    return client.post("/api/answer", json={"scenario": scenario, "question": "resolve"})


@pytest.fixture
def slow_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenario "slow" sleeps 4 s (in its question's child); any other is answered."""
    real = answering.answer

    def answer(request: Any, cards: str | None = None) -> answering.Reply:
        if request.get("scenario") == "slow":
            time.sleep(4)
            return answering.Reply(200, {})
        return real(request, cards)

    monkeypatch.setattr(answering, "answer", answer)


def _small_beside_slow(slow: int, settle: float) -> tuple[Any, float]:
    """The reply to the small question, asked ``settle`` s after ``slow`` slow ones, and
    how long it took."""
    with TestClient(create_app(timeout=10)) as client:
        threads = [threading.Thread(target=_post, args=(client, "slow")) for _ in range(slow)]
        for thread in threads:
            thread.start()
        time.sleep(settle)
        started = time.monotonic()
        reply = _post(client, SMALL)
        waited = time.monotonic() - started
        for thread in threads:
            thread.join()
    return reply, waited


def test_a_huge_number_in_a_body_stalls_no_one() -> None:
    """The server lifts Python's digit limit (exact counts print in full): a body holding
    a 600,000-digit number took 2 s to decode on the event loop, every client waiting. Its
    digits are now refused before any conversion: 400 at once."""
    sys.set_int_max_str_digits(0)  # (as `riftsolve serve` runs)
    body = b'{"scenario": "x", "limit": ' + b"9" * 600_000 + b"}"
    with TestClient(create_app()) as client:
        started = time.monotonic()
        reply = client.post("/api/answer", content=body,
                            headers={"content-type": "application/json"})
        assert time.monotonic() - started < 1.0
    assert reply.status_code == 400
    assert "a number of 600,000 digits" in reply.json()["error"]["text"]


def test_slow_questions_delay_no_small_one(slow_when_asked: None) -> None:
    """Four questions running past their time make a small question wait 8 s behind them
    (two workers, in turn); each now runs in its own child at once: the small one is
    answered while they run."""
    reply, waited = _small_beside_slow(4, settle=0.5)
    assert reply.status_code == 200 and reply.json()["count"] == 1
    assert waited < 3.5  # (before the slow ones end, 4 s after they began)


def test_one_question_past_the_bound_is_refused_at_once(slow_when_asked: None) -> None:
    reply, waited = _small_beside_slow(RUNNING, settle=1.0)
    assert reply.status_code == 503 and waited < 1.0
    assert reply.headers["retry-after"] == "1"
    assert reply.json()["error"]["text"].startswith("busy:")


def test_a_client_that_leaves_mid_body_leaves_no_traceback() -> None:
    """The body stream ends in a disconnect: once a ClientDisconnect escaped the handler
    and the server logged its traceback."""
    app = create_app()
    scope: dict[str, Any] = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/api/answer", "raw_path":
             b"/api/answer", "query_string": b"", "root_path": "",
             "headers": [(b"content-type", b"application/json"), (b"host", b"localhost")],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 8000)}
    messages: Iterator[dict[str, Any]] = iter([
        {"type": "http.request", "body": b'{"scenario": "', "more_body": True},
        {"type": "http.disconnect"}])
    sent: list[dict[str, Any]] = []

    async def receive() -> MutableMapping[str, Any]:
        return next(messages, {"type": "http.disconnect"})

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    anyio.run(app, scope, receive, send)  # (raised before: ClientDisconnect)
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 400

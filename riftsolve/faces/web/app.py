"""The page's web application (Starlette): the static page, and its JSON endpoints.

``GET /``: the page; ``GET /page.js`` and ``GET /page.css``: its script and its
stylesheet. ``GET /api/page?lang=en``: the cards offered, how their targets are declared,
and the page's words. ``POST /api/board`` (a scenario's text, as ``/api/answer`` takes it):
the scenario as the form holds it and what each slot may choose
(:func:`riftsolve.faces.web.answer.board`); ``POST /api/notation``: the board notation of
a scenario. ``POST /api/answer``
(``Content-Type: application/json``): ``{"scenario": TEXT, "question": "finalize" |
"resolve", "limit": N, "lang": "en" | "fr"}``, answered by
:func:`riftsolve.faces.web.answer.answer`: 200 with the answers, 400 with the CLI's
one-line error (``error.text``), 413 past the size bound, 415 without a JSON body, 422
when the question is refused as too large, 503 past the time limit or when
:data:`RUNNING` questions are being answered already (``Retry-After: 1``), 500 (in one
line) when the engine fails.

Every response forbids what a page needs not do (Content-Security-Policy: scripts,
styles and requests from the server alone, no inline script or style; ``nosniff``): user
text reaches the page only as JSON, which the script writes as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.resources import files

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from riftsolve._json import JSON, JSONOutDoc
from riftsolve.faces.web import DEFAULT_TIMEOUT, page
from riftsolve.faces.web import answer as answering
from riftsolve.faces.web.deadline import T, TooSlow, Ts, run_within
from riftsolve.i18n import LANGUAGE_NAMES, LANGUAGES, _, use_language
from riftsolve.rules.limits import MAX_BYTES, JsonError, read_json

#: A request's body: the scenario reader's bound, plus room for the question's fields
#: and JSON's escapes of the scenario's text.
MAX_BODY = MAX_BYTES + 2**16

#: Questions answered at once, each in a process of its own and stopped at the time
#: limit; one more is refused at once with 503 (busy), never queued: no question waits
#: behind others, so none is delayed past its own time limit by another client's.
RUNNING = 8

HEADERS = [
    (b"content-security-policy",
     b"default-src 'none'; script-src 'self'; connect-src 'self'; "
     b"style-src 'self'; img-src 'self'; base-uri 'none'; "
     b"form-action 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class _Guarded:
    """Add :data:`HEADERS` to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, sending)


def create_app(cards: str | None = None, timeout: float = DEFAULT_TIMEOUT,
               hosts: Sequence[str] = ()) -> ASGIApp:
    """The page's application; ``cards``: the folder of an imported card library;
    ``hosts``: the only names a request may address the server by (none: any), so that
    a page elsewhere cannot reach a server on this machine under a name of its own (DNS
    rebinding)."""
    running = anyio.CapacityLimiter(RUNNING)

    async def compute(function: Callable[[*Ts], T], *args: *Ts) -> T:
        try:
            running.acquire_nowait()  # (busy: refused now, never queued)
        except anyio.WouldBlock:
            raise Busy from None
        try:
            return await anyio.to_thread.run_sync(run_within, timeout, function, *args)
        finally:
            running.release()

    async def index(request: Request) -> Response:
        return _static("index.html", "text/html; charset=utf-8")

    async def script(request: Request) -> Response:
        return _static("page.js", "text/javascript; charset=utf-8")

    async def style(request: Request) -> Response:
        return _static("page.css", "text/css; charset=utf-8")

    async def about(request: Request) -> Response:
        lang = request.query_params.get("lang", LANGUAGES[0])
        if lang not in LANGUAGES:
            lang = LANGUAGES[0]
        try:
            body = await compute(_about, lang, cards)
        except Busy:
            return _busy()
        return JSONResponse(body)

    async def answer(request: Request) -> Response:
        return await respond(request, answering.answer)

    async def notation(request: Request) -> Response:
        return await respond(request, answering.notation)

    async def board(request: Request) -> Response:
        return await respond(request, answering.board)

    async def respond(request: Request,
                      replying: Callable[[JSON, str | None], answering.Reply]) -> Response:
        read = await _read(request)
        if isinstance(read, answering.Reply):
            reply = read
        else:
            try:
                reply = await compute(replying, read.data, cards)
            except Busy:
                return _busy()
            except RuntimeError as err:  # a failure of the engine: said in one line
                reply = answering.failure(500, None, _("the question failed: {why}")
                                          .format(why=err))
            except TooSlow:
                reply = answering.failure(
                    answering.TOO_SLOW, None,
                    _("no answer within {seconds} s: ask a smaller question (fewer "
                      "answers listed, or a smaller board)").format(seconds=f"{timeout:g}"))
        return JSONResponse(reply.body, status_code=reply.status)

    app = Starlette(routes=[
        Route("/", index),
        Route("/page.js", script),
        Route("/page.css", style),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/page", about),
        Route("/api/answer", answer, methods=["POST"]),
        Route("/api/notation", notation, methods=["POST"]),
        Route("/api/board", board, methods=["POST"]),
    ])
    if hosts:
        return _Guarded(TrustedHostMiddleware(app, allowed_hosts=list(hosts)))
    return _Guarded(app)


#: Built-in examples answered once as the server starts, one per kind of question.
WARM_UP = (("alpha-strike-shrunk-5-to-3", "resolve"), ("volibear-bonus-finalize", "finalize"),
           ("fox-fire-moved", "resolve"), ("tricksy-tentacles-finalize", "finalize"),
           ("crescent-strike-finalize", "finalize"), ("combat-lethal-in-full", "resolve"))


def warm_up() -> None:
    """Answer a few built-in examples in the server's own process: what the engine loads
    on first use (modules, tables) is then loaded once, and each question's child starts
    with it (a cold child takes about 0.6 s more)."""
    from riftsolve.formats.examples import example_path

    for name, question in WARM_UP:
        answering.answer({"scenario": example_path(name).read_text(), "question": question})
    use_language(LANGUAGES[0])


def _about(lang: str, cards: str | None) -> JSONOutDoc:
    use_language(lang)
    return {"languages": list(LANGUAGES), "language_names": dict(LANGUAGE_NAMES),
            "lang": lang, "labels": page.labels(),
            "cards": page.cards(cards), "max_listed": answering.MAX_LISTED,
            "default_listed": answering.DEFAULT_LISTED}


class Busy(Exception):
    """:data:`RUNNING` questions are being answered already."""


def _busy() -> Response:
    reply = answering.failure(answering.TOO_SLOW, None, _(
        "busy: {running} questions are being answered; ask again in a moment").format(
            running=RUNNING))
    return JSONResponse(reply.body, status_code=reply.status, headers={"retry-after": "1"})


@dataclass(frozen=True)
class _Body:
    """A request's JSON body, decoded."""

    data: JSON


async def _read(request: Request) -> answering.Reply | _Body:
    """The request's JSON body, read up to :data:`MAX_BODY`; else the failure to reply."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return answering.failure(415, "request", _("send the question as JSON "
                                                   "(Content-Type: application/json)"))
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        return _too_large()
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return _too_large()
    except ClientDisconnect:  # (the client left: no one to answer, nothing to log)
        return answering.failure(400, "request", _("the client left before the end of "
                                                   "its request"))
    try:  # (off the event loop; digits and depth bounded: linear in the body's size)
        text = bytes(body).decode("utf-8")
        return _Body(await anyio.to_thread.run_sync(read_json, text))
    except UnicodeDecodeError:
        return answering.failure(400, "request", _("not UTF-8 JSON"))
    except JsonError as err:
        return answering.failure(400, "request", str(err))


def _too_large() -> answering.Reply:
    return answering.failure(413, "request", _("larger than {size} MiB: a scenario is at "
                                               "most that (a 1,000-unit board takes about "
                                               "100 KB)").format(size=MAX_BODY // 2**20))


def _static(name: str, media_type: str) -> Response:
    """A file of the page, shipped with the package."""
    content = (files("riftsolve.faces.web") / "static" / name).read_bytes()
    return Response(content, media_type=media_type)

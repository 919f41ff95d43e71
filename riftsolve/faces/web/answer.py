"""What the page's ``POST /api/answer`` answers: a scenario's text and a question in; the
exact count, the first answers as a table and as the CLI's JSON lines, the ruling, or the
CLI's one-line error out, as JSON-ready data with its HTTP status. No web framework here:
the app only carries the request and the reply.

>>> from riftsolve.cards import library
>>> text = '''{"format": 1, "controller": "A", "card": "Alpha Strike",
...   "battlefields": ["north"],
...   "units": [{"id": "kai", "controller": "A", "might": 3, "location": "north"},
...             {"id": "r1", "controller": "B", "might": 1, "location": "north"},
...             {"id": "r2", "controller": "B", "might": 1, "location": "north"}],
...   "targets": {"friendly": "kai", "enemies": ["r1", "r2"]}}'''
>>> reply = answer({"scenario": text, "question": "resolve", "limit": 1})
>>> reply.status, reply.body["count"], reply.body["summary"]
(200, 2, 'Alpha Strike: 2 legal resolutions (first 1 shown)')
>>> reply.body["answers"], reply.body["rows"]
([{'damage': {'r1': 1, 'r2': 2}}], [['r1 1, r2 2']])
>>> bad = answer({"scenario": text.replace('"might": 3', '"might": 2.5'),
...               "question": "resolve"})
>>> bad.status, bad.body["error"]["text"]
(400, 'units[kai].might: input should be a valid integer (got 2.5)')
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import islice

from riftsolve._json import JSON, JSONOut, JSONOutDoc
from riftsolve.engine.count import CountTooLarge
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.optimum import TooManyToRank
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.faces.ruling import ruling
from riftsolve.faces.web.grid import grid
from riftsolve.formats.reading import is_notation, scenario_warnings
from riftsolve.i18n import LANGUAGES, _, ngettext, number, use_language
from riftsolve.rules.answers import Answer
from riftsolve.rules.explain import Step
from riftsolve.rules.limits import JsonError, printable, read_json, shortened
from riftsolve.rules.objectives import ObjectiveError
from riftsolve.rules.scenario import ScenarioError

#: Most answers one request lists (the count is exact whatever the size).
MAX_LISTED = 1000
#: Answers listed when the request does not say.
DEFAULT_LISTED = 50
#: Answers whose rule trail is shown under the count.
TRAILS = 3

QUESTIONS = ("finalize", "resolve")

#: HTTP statuses: a malformed request or board; a question refused as too large; an
#: answer that did not come in time (:mod:`~riftsolve.faces.web.deadline`).
MALFORMED, REFUSED, TOO_SLOW = 400, 422, 503


@dataclass(frozen=True)
class Reply:
    """An HTTP status and the JSON body the page reads."""

    status: int
    body: JSONOutDoc


def failure(status: int, field: str | None, message: str) -> Reply:
    """An error reply: ``text`` is the line the CLI prints after ``riftsolve: error:``
    (or ``refused:``), control characters escaped.

    >>> failure(400, "limit", "must be a whole number").body["error"]["text"]
    'limit: must be a whole number'
    """
    field, message = (shortened(field) if field else field), shortened(message)
    text = f"{field}: {message}" if field else message
    kind = "refused" if status in (REFUSED, TOO_SLOW) else "error"
    return Reply(status, {"error": {"kind": kind, "field": field, "message": message,
                                    "text": printable(text)}})


@dataclass(frozen=True)
class Question:
    """A request read: the scenario's text, the question, how many answers to list and the
    language of the sentences."""

    scenario: str
    question: str
    limit: int
    lang: str


def read_request(request: JSON) -> Question:
    """The request's fields checked, each error a :class:`ScenarioError` naming its field.

    >>> read_request({"scenario": "{}", "question": "resolve"}).limit
    50
    >>> read_request({"scenario": "{}", "question": "best"})
    Traceback (most recent call last):
    ...
    riftsolve.rules.limits.ScenarioError: question: must be 'finalize' or 'resolve' (got 'best')
    """
    if not isinstance(request, Mapping):
        raise ScenarioError("request", _("must be a JSON object"))
    unknown = sorted(set(request) - {"scenario", "question", "limit", "lang"})
    if unknown:
        raise ScenarioError(unknown[0], _("unknown field (the fields: scenario, question, "
                                          "limit, lang)"))
    scenario = request.get("scenario")
    if isinstance(scenario, Mapping):  # an object already decoded: read it as its text
        scenario = json.dumps(scenario)
    if not isinstance(scenario, str):
        raise ScenarioError("scenario", _("takes the scenario's text (JSON format 1)"))
    question = request.get("question", "finalize")
    if not isinstance(question, str) or question not in QUESTIONS:
        raise ScenarioError("question", _("must be 'finalize' or 'resolve' (got {got})")
                            .format(got=json.dumps(question)[:40].replace('"', "'")))
    limit = request.get("limit", DEFAULT_LISTED)
    if type(limit) is not int or not 0 <= limit <= MAX_LISTED:
        raise ScenarioError("limit", _("a whole number from 0 to {most} (the answers listed; "
                                       "the count is exact at any size)")
                            .format(most=f"{MAX_LISTED:,}"))
    lang = request.get("lang", LANGUAGES[0])
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ScenarioError("lang", _("one of {known}").format(known=", ".join(LANGUAGES)))
    return Question(scenario, question, limit, lang)


def answer(request: JSON, cards: str | None = None) -> Reply:
    """Answer one request of the page (``cards``: the folder of an imported card library
    its scenario may name); every failure is a :func:`failure`, never an exception."""
    sys.set_int_max_str_digits(0)  # exact counts of any size, as the CLI prints them
    try:
        asked = read_request(request)
        use_language(asked.lang)
        from riftsolve.formats.reading import parse_scenario_text  # the board notation too

        scenario = parse_scenario_text(asked.scenario, cards=cards)
        legal = finalize(scenario) if asked.question == "finalize" else resolve(scenario)
        return Reply(200, listing(legal, asked.limit))
    except ScenarioError as err:
        return failure(MALFORMED, err.field, err.message)
    except ObjectiveError as err:
        return failure(MALFORMED, "objective", str(err))
    except (TooManyToRank, CountTooLarge, OverflowError) as err:
        return failure(REFUSED, None, str(err))


def notation(request: JSON, cards: str | None = None) -> Reply:
    """The board notation of the request's scenario (the form's JSON), checked first as
    an answer's is: ``{"text": ...}``, what a judge copies; every failure a
    :func:`failure`.

    >>> reply = notation({"scenario": {"format": 1, "controller": "A", "card": "Fox-Fire",
    ...     "battlefields": ["north"], "units": [{"id": "r1", "controller": "B",
    ...     "might": 2, "location": "north"}]}})
    >>> print(reply.body["text"])  # doctest: +ELLIPSIS
    card Fox-Fire
    controller A
    battlefields north
    ...
    """
    try:
        asked = read_request(request)
        use_language(asked.lang)
        from riftsolve.formats import notation as board_notation
        from riftsolve.formats.reading import parse_scenario_text

        parse_scenario_text(asked.scenario, cards=cards)  # (its errors name the field)
        if is_notation(asked.scenario):
            return Reply(200, {"text": asked.scenario})
        return Reply(200, {"text": board_notation.write_board(json.loads(asked.scenario))})
    except ScenarioError as err:
        return failure(MALFORMED, err.field, err.message)


def board(request: JSON, cards: str | None = None) -> Reply:
    """The request's scenario read as the page's form holds it: ``scenario``, its format-1
    structure (the board notation converted); ``slots``, what each slot of its card may
    choose on its board and why the others may not (checked as at finalization, or as
    chosen targets now for ``"question": "resolve"``:
    :func:`riftsolve.engine.offers.slot_offers`); ``check``, a sentence saying the board
    reads. The board is read without its targets (a form's slot may be left to choose);
    every failure a :func:`failure`.

    >>> reply = board({"scenario": "card Alpha Strike\\ncontroller A\\nbattlefields north\\n"
    ...                "kai A 3 @north\\nr1 B 1 @north\\nr2 B 1 @base"})
    >>> reply.body["scenario"]["units"][2]
    {'id': 'r2', 'controller': 'B', 'might': 1, 'location': 'base'}
    >>> [(s["name"], [o["value"] for o in s["options"] if o["legal"]])
    ...  for s in reply.body["slots"]]
    [('friendly', ['kai']), ('enemies', ['r1'])]
    >>> reply.body["check"]
    'The board reads: 3 units.'
    """
    try:
        asked = read_request(request)
        use_language(asked.lang)
        from riftsolve.engine.offers import slot_offers
        from riftsolve.formats import notation as board_notation
        from riftsolve.formats.reading import parse_scenario, parse_scenario_text

        read: object = (board_notation.to_format1(asked.scenario, cards=cards)[0]
                        if is_notation(asked.scenario)
                        else read_json(asked.scenario))
        # (as JSON: a number too long to read, kept in an "x-" field, is sent as its size)
        doc: JSON = json.loads(json.dumps(read, default=str))
        if not isinstance(doc, Mapping):
            raise ScenarioError("scenario", _("must be a JSON object"))
        try:
            scenario = parse_scenario({k: v for k, v in doc.items() if k != "targets"},
                                      cards=cards)
        except ScenarioError:  # the same error read from the text: its line and column
            parse_scenario_text(asked.scenario, cards=cards)
            raise
        units = len(tuple(scenario.board))
        return Reply(200, {
            "scenario": doc,
            "slots": [offer.as_json() for offer in
                      slot_offers(scenario, resolving=asked.question == "resolve")],
            "check": ngettext("The board reads: {n} unit.", "The board reads: {n} units.",
                              units).format(n=number(units))})
    except JsonError as err:
        return failure(MALFORMED, "scenario", str(err))
    except ScenarioError as err:
        return failure(MALFORMED, err.field, err.message)


def listing(legal: LegalSet[Answer], limit: int) -> JSONOutDoc:
    """The body of an answered question: the count (``None`` when too large to count:
    ``refused`` then says why, and the first answers are still listed, as in the CLI's
    table), the count sentence, the ruling paragraph (``riftsolve rule``'s), the first
    ``limit`` answers as table rows, as a column per target (:func:`grid`) and as JSON
    lines, the rule trails of the first few (:func:`trails`), why there is none, and the
    warnings."""
    answers = list(islice(iter(legal), limit))
    lines, headers = [render.line(legal, answer) for answer in answers], render.headers(legal)
    said = ruling(legal)  # counts the answers, and says why there are none
    total, refused = said.count, None
    if total is None:  # too many to count: the refusal says why
        try:
            legal.count()
        except CountTooLarge as err:
            refused = str(err)
    return {
        "question": legal.question,
        "card": legal.scenario.effect.name,
        "count": total,
        "count_text": None if total is None else number(total),
        "count_noun": render.legal_noun(legal, total),
        "refused": refused,
        "summary": render.count_title(legal, len(answers), total),
        "ruling": printable(said.paragraph()),
        "headers": headers,
        "rows": [[printable(cell) for cell in render.cells(legal, answer)]
                 for answer in answers],
        "answers": lines,
        "grid": grid(lines, headers),
        "trails": trails([legal.explain(answer) for answer in answers[:TRAILS]]),
        "none": list(said.none) if not answers and limit else [],
        "warnings": scenario_warnings(legal.scenario),
    }


def trails(explained: list[list[Step]]) -> JSONOutDoc:
    """Rule trails said without repeating: ``shared``, the steps every trail has (in the
    first's order; none of a single trail), and ``own``, each trail's other steps.

    >>> a, b, c = ({"rule": "355.14.g", "version": "1.4", "detail": "each at least 1"},
    ...            {"rule": "355.14.e", "version": "1.4", "detail": "r1 1"},
    ...            {"rule": "355.14.e", "version": "1.4", "detail": "r2 1"})
    >>> said = trails([[a, b], [a, c]])
    >>> said["shared"] == [a], said["own"] == [[b], [c]]
    (True, True)
    """
    shared = render.shared_steps(explained)
    own: list[JSONOut] = [[dict(step) for step in trail if step not in shared]
                          for trail in explained]
    return {"shared": [dict(step) for step in shared], "own": own}

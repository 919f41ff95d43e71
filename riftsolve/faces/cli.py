"""``riftsolve``: every legal way a card effect can be finalized or resolved.

Exit codes: 0 answered; 2 the scenario or the command line is malformed (one line naming
the field); 3 the answers are too many to list without ``--limit`` (the message gives the
exact count), or the question too large to answer (the message says what to ask instead);
130 interrupted (Ctrl-C). A reader that stops early (``| head``) is not an error: 0.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any, TextIO

from riftsolve.engine.backends import BACKENDS, backend
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.faces.ctrl_c import interrupted_by_user
from riftsolve.faces.output import answers_table, console, plain
from riftsolve.faces.version import VersionAction
from riftsolve.faces.web import DEFAULT_HOST, DEFAULT_PORT, DEFAULT_TIMEOUT
from riftsolve.formats.lines import json_line
from riftsolve.formats.reading import (
    load_scenario,
    parse_scenario_bytes,
    parse_scenario_text,
    scenario_warnings,
)
from riftsolve.i18n import LANGUAGES, N_, _, language, use_language
from riftsolve.rules.core_rules import (
    DEFAULT_VERSION,
    RULES_VERSION,
    SUPPORTED_VERSIONS,
    cited_as,
)
from riftsolve.rules.limits import (
    MAX_BYTES,
    MAX_CARDS,
    ObjectiveError,
    Refusal,
    printable,
    shortened,
)
from riftsolve.rules.scenario import Scenario, ScenarioError
from riftsolve.rules.versions import before

# What only some commands use is imported by them: a small question pays for neither the
# card library's listing, the ranking, the classifier nor rich.
if TYPE_CHECKING:
    from rich.console import Console

    from riftsolve.engine.legal import LegalSet, TextBlock
    from riftsolve.rules.answers import Answer
    from riftsolve.rules.classify import Classification
    from riftsolve.rules.effects import Effect

#: Most lines listed without ``--limit``.
LIST_BUDGET = 10**6

EXIT_MALFORMED = 2
EXIT_TOO_MANY = 3
EXIT_INTERRUPTED = 130

#: The commands, as the line names them.
COMMANDS = ("finalize", "resolve", "best", "classify", "rule", "schema", "cards", "new", "demo",
            "batch", "serve")

#: Most lines of a listing written one at a time (more are written a block at a time).
FEW_LINES = 256

#: Most rows a table shows.
TABLE_ROWS = 50


#: The help of ``--cards``.
CARDS_HELP = N_("the folder of an imported card library the card named may be from "
                "(default: the cards command's --cards DIR, else $RIFTSOLVE_CARDS, else "
                "~/.local/share/riftsolve/cards)")


class TooMany(Refusal):
    """Listing was refused: the exact count exceeds the budget."""


#: The help of ``--lang``.
LANG_HELP = N_("the language of sentences (explanations, tables, messages): en or fr "
               "(default: the environment's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG); "
               "JSON keys and data never change")


def _lang_option(parser: argparse.ArgumentParser, default: str | None) -> None:
    """``--lang``: read before the command line is parsed (:func:`_asked_language`), so
    that every message, argparse's aside, is in that language; declared here for the
    help and so that it may stand anywhere on the line."""
    parser.add_argument("--lang", choices=LANGUAGES, default=default, help=_(LANG_HELP))


def _asked_language(argv: Sequence[str]) -> str | None:
    """The language ``--lang X`` (or ``--lang=X``) asks for, the last one winning;
    ``None`` when the line names none (a ``--`` ends the options).

    >>> _asked_language(["resolve", "x.json", "--lang", "fr"])
    'fr'
    >>> _asked_language(["--lang=en", "demo"]), _asked_language(["demo"])
    ('en', None)
    """
    asked = None
    for position, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and position + 1 < len(argv):
            asked = argv[position + 1]
        elif word.startswith("--lang="):
            asked = word.removeprefix("--lang=")
    return asked


class _Translated(argparse.HelpFormatter):
    """argparse's help, its own words in the language spoken (mixed into the formatter a
    parser asks for); as wide as the terminal, found without argparse's import of
    :mod:`shutil` (and of the compression modules it loads) for every formatter a parser
    makes as it declares its arguments."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         _columns() - 2 if width is None else width)

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup],
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


def _columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` finds it: ``COLUMNS`` when
    set, else standard output's terminal, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0 and sys.__stdout__ is not None:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _TranslatedRaw(_Translated, argparse.RawDescriptionHelpFormatter):
    """The same, the description and epilog kept as written (a grammar's lines)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose help is in the language spoken (argparse's own words
    too: the usage, the sections, ``--help``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raw = kwargs.get("formatter_class") is argparse.RawDescriptionHelpFormatter
        super().__init__(*args, **{**kwargs, "add_help": False,
                                   "formatter_class": _TranslatedRaw if raw else _Translated})
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=_("show this help message and exit"))


def _parser(wanted: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser. With ``wanted`` (the command the line names,
    :func:`_command_named`), only that command is declared, with its arguments: its help
    and its errors read the same (they are its own), and a question pays neither for the
    other commands' parsers nor for what their defaults and help import. Without it (no
    command named, a mistyped one, ``--help``), every command is."""
    parser = _Parser(
        prog="riftsolve",
        description=_("Every legal way a Riftbound card effect can be finalized or resolved."),
    )
    parser.add_argument("--version", action=VersionAction)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, what in (("finalize", N_("every legal target declaration for the board")),
                       ("resolve", N_("every legal resolution of the chosen targets now"))):
        if not _declares(wanted, name):
            continue
        sub = commands.add_parser(name, help=_(what), description=_(what))
        sub.add_argument("scenario", help=_("scenario file (format 1), or - for standard input"))
        sub.add_argument("--count", action="store_true",
                         help=_('print {"count": N} only, computed without listing'))
        listing = sub.add_mutually_exclusive_group()
        listing.add_argument("--limit", type=_non_negative, metavar="N",
                             help=_("list at most N answers (without it, more than "
                                    "{most} answers are refused)").format(
                                        most=f"{LIST_BUDGET:,}"))
        listing.add_argument("--all", action="store_true",
                             help=_("list every answer however many (memory stays flat; it may "
                             "take long)"))
        sub.add_argument("--format", choices=("jsonl", "table"),
                         help=_("output format (default: table on a terminal, jsonl otherwise)"))
        sub.add_argument("--explain", action="store_true",
                         help=_("add the rule trail of each answer"))
        sub.add_argument("--summary", action="store_true",
                         help=_("the ruling in plain words instead of the answers: one "
                         "paragraph (a JSON line with its parts in jsonl)"))
        sub.add_argument("--backend", choices=("auto", *sorted(BACKENDS)), default="auto",
                         help=_("which backend lists the answers (default: auto, the fastest)"))
        sub.add_argument("--cards", metavar="DIR", help=_(CARDS_HELP))
    if _declares(wanted, "best"):
        best = commands.add_parser(
            "best", help=_("the best resolution (or declaration) for the controller"),
            description=_("Rank legal answers by a lexicographic objective and print the best."))
        from riftsolve.rules.objectives import DEFAULT_OBJECTIVE, METRICS

        best.add_argument("scenario", help=_("scenario file (format 1), or - for standard input"))
        best.add_argument("--objective", default=DEFAULT_OBJECTIVE, metavar="TERMS",
                          help=_("comma-separated, most important first; '-' minimises: "
                                 "{metrics} (default: {default}, the most units killed, then "
                                 "the least damage beyond lethal)").format(
                                     metrics=", ".join(METRICS), default=DEFAULT_OBJECTIVE))
        best.add_argument("--finalize", action="store_true",
                          help=_("the best target declaration instead of the best resolution"))
        how_many = best.add_mutually_exclusive_group()
        how_many.add_argument("--top", type=_positive, default=1, metavar="K",
                              help=_("the K best answers, best first"))
        how_many.add_argument("--all-optimal", action="store_true",
                              help=_("every answer as good as the best"))
        best.add_argument("--robust", type=_non_negative, default=0, metavar="K",
                          help=_("with --finalize: the declaration whose worst case is best over "
                          "every change of the source's and targets' Might by up to K"))
        best.add_argument("--format", choices=("jsonl", "table"),
                          help=_("output format (default: table on a terminal, jsonl otherwise)"))
        best.add_argument("--explain", action="store_true", help=_("add each answer's rule trail"))
        best.add_argument("--cards", metavar="DIR", help=_(CARDS_HELP))
        best.add_argument("--sides", action="store_true",
                          help=_("a combat: the best assignment of each side, the attacker's then "
                          "each defender's, and the units all of it kills (465.2.c-d)"))
    if _declares(wanted, "classify"):
        classify = commands.add_parser(
            "classify",
            help=_("name each object an instruction mentions and whether it is a target"),
            description=_("Classify what a templated instruction mentions: target, automatic, "
            "resolution-choice, restriction, cost, trigger-condition or replacement (and for a "
            "card's slots, finalization-choice), each with the Core Rules number deciding it "
            "(355.5-355.17). The text is read in the language "
            "--lang names (en or fr); without it, in the environment's, and a text French does "
            "not read but English does is read as English."))
        classify.add_argument("text", nargs="?", help=_('an instruction, e.g. "Kill a unit."'))
        classify.add_argument("--card", help=_("classify a library card's text (name or slug)"))
        classify.add_argument("--cards", metavar="DIR", help=_(CARDS_HELP))
        classify.add_argument("--rules", choices=SUPPORTED_VERSIONS, default=DEFAULT_VERSION,
                              help=_("Core Rules version whose numbering the citations use (the "
                              "newest text by default)"))
    if _declares(wanted, "rule"):
        ruled = commands.add_parser(
            "rule", help=_("the ruling in plain words: one paragraph a judge can read aloud"),
            description=_("What holds whatever the controller chooses, what the controller must "
            "do now, and how many legal choices there are, each Core Rules number cited once. "
            "The question is the scenario's own: resolution when it has chosen targets, "
            "finalization otherwise."))
        ruled.add_argument("scenario", help=_("scenario file (format 1), or - for standard input"))
        ruled.add_argument("--finalize", action="store_true",
                           help=_("rule on the target declarations even if targets are chosen"))
        ruled.add_argument("--format", choices=("text", "json"), default="text",
                           help=_("the paragraph (default), or a JSON line with its parts"))
        ruled.add_argument("--cards", metavar="DIR", help=_(CARDS_HELP))
    if _declares(wanted, "schema"):
        commands.add_parser("schema", help=_("print the JSON Schema of the scenario format"))
    if _declares(wanted, "cards"):
        library = commands.add_parser(
            "cards", help=_("list the card library and each card's target slots; 'cards import "
            "FILE' compiles a published card dump into a library scenarios can name"),
            description=_("List the card library (built in, and imported: --cards DIR), or import "
            "a card dump."))
        library.add_argument("--cards", metavar="DIR", help=_(CARDS_HELP))
        library.add_argument("--find", metavar="WORDS", help=_("only the cards whose name, slug or "
                             "text holds WORDS (any case)"))
        library.add_argument("--format", choices=("table", "jsonl"),
                             help=_("output format (default: table on a terminal, jsonl "
                                    "otherwise): "
                             "a JSON line per card, its name, slug, family, slots and text"))
        actions = library.add_subparsers(dest="action", metavar="ACTION")
        importing = actions.add_parser(
            "import", help=_("compile every card of a dump (the official gallery's page data or "
            "JSON, the Riftcodex dump, the riftboundfaq catalog or a set preview) into a card "
            "library"),
            description=_("Read a card dump, compile every card that chooses objects, and write "
            "the cards that compiled as a library scenarios can name."))
        importing.add_argument("dumps", nargs="+", metavar="FILE",
                               help=_("the card dump (JSON); several are merged, one text a "
                               "card: the official gallery's over Riftcodex's over the "
                               "catalog's over a preview's"))
        importing.add_argument("--out", metavar="DIR", help=_("the library folder to write "
                               "(default: the cards command's --cards DIR, else "
                               "$RIFTSOLVE_CARDS, else "
                               "~/.local/share/riftsolve/cards)"))
        importing.add_argument("--errata", metavar="FILE", action="append", default=[],
                               help=_("an errata overlay whose new texts replace the dump's"))
        importing.add_argument("--report", action="store_true",
                               help=_("print one JSON object: cards read, how many choose objects, "
                               "how many compiled, and each that did not with the words not "
                               "understood (nothing is written)"))
    if _declares(wanted, "new"):
        new = commands.add_parser(
            "new", help=_("write a commented starting scenario for a card, in the board notation"),
            description=_("Write a starting scenario for CARD in the board notation: its target "
            "slots explained and a small example board it is answered on, ready to edit."),
            epilog=_grammar_help(),
            formatter_class=argparse.RawDescriptionHelpFormatter)
        new.add_argument("card", help=_("a library card, by name (any case) or slug"))
        new.add_argument("--resolve", action="store_true",
                         help=_("add a 'targets' line (a legal declaration on the example board): "
                         "a resolution question"))
        new.add_argument("--out", metavar="FILE",
                         help=_("write to FILE (default: standard output)"))
        new.add_argument("--cards", metavar="DIR", help=_(CARDS_HELP))
    if _declares(wanted, "demo"):
        commands.add_parser("demo", help=_("answer the built-in example scenarios"))
    if _declares(wanted, "batch"):
        many = commands.add_parser(
            "batch",
            help=_("answer many scenarios: a folder of scenario files or a JSON-lines file"),
            description=_("Answer each scenario of a folder (*.json) or a JSON-lines file (one "
            "scenario a line) and write one JSON line per scenario, in the input's order: its id "
            "and its answer or its error. Rerun on the same --out, it skips what is there."))
        from riftsolve.rules.objectives import DEFAULT_OBJECTIVE, METRICS

        many.add_argument("input", help=_("a folder of scenario files, or a JSON-lines file"))
        many.add_argument("--question", choices=("count", "best", "list"), default="count",
                          help=_("what to answer of each scenario's own question (default: count)"))
        many.add_argument("--objective", default=DEFAULT_OBJECTIVE, metavar="TERMS",
                          help=_("with --question best: the objective ({metrics}; default: "
                                 "{default})").format(metrics=", ".join(METRICS),
                                                      default=DEFAULT_OBJECTIVE))
        many.add_argument("--limit", type=_positive, metavar="N",
                          help=_("with --question list: at most N answers each (default 1,000)"))
        many.add_argument("--jobs", type=_positive, metavar="N",
                          help=_("worker processes (default: every core)"))
        many.add_argument("--out", metavar="FILE", help=_("append the records to FILE, skipping "
                          "the ids it already holds (default: standard output)"))
        many.add_argument("--cards", metavar="DIR", help=_(CARDS_HELP))
        many.add_argument("--engine", choices=("local", "ray"), default="local",
                          help=_("local processes, or tasks on a Ray cluster (pip install "
                          "riftsolve[ray])"))
        many.add_argument("--address", metavar="ADDR", help=_("with --engine ray: the cluster to "
                          "join (default: $RAY_ADDRESS, else a local one is started)"))
    if _declares(wanted, "serve"):
        serve = commands.add_parser(
            "serve", help=_("a page for the table: pick a card, enter a board, see every legal "
                            "answer (pip install 'riftsolve[web]')"),
            description=_("Serve a local web page that answers finalize and resolve questions: "
                          "the count, the ruling and the legal answers of a board entered in a "
                          "form or pasted as a scenario's text."))
        serve.add_argument("--host", default=DEFAULT_HOST,
                           help=_("the address to listen on (default: {host}, this machine "
                                  "only)").format(host=DEFAULT_HOST))
        serve.add_argument("--port", type=_non_negative, default=DEFAULT_PORT,
                           help=_("the port (default: {port}; 0: any free port, printed)")
                           .format(port=DEFAULT_PORT))
        serve.add_argument("--cards", metavar="DIR", help=_(CARDS_HELP))
        serve.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                           help=_("most seconds one question may take before it is refused "
                                  "(default: {seconds:g})").format(seconds=DEFAULT_TIMEOUT))
    _lang_option(parser, None)
    nested = actions.choices.values() if _declares(wanted, "cards") else ()
    for sub in (*commands.choices.values(), *nested):
        _lang_option(sub, argparse.SUPPRESS)  # the top level's, unless given here
    return parser


def _declares(wanted: str | None, command: str) -> bool:
    """Whether the parser for ``wanted`` declares ``command``'s arguments: its own, or
    every command's when the line names none.

    >>> _declares("resolve", "resolve"), _declares("resolve", "best"), _declares(None, "new")
    (True, False, True)
    """
    return wanted is None or wanted == command


def _command_named(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names: its first word that is not an option (``--lang``'s
    value passed over), if that is a command; ``None`` otherwise (the parser then declares
    every command, and says what is wrong).

    >>> _command_named(["--lang", "fr", "resolve", "x.json"]), _command_named(["-h"])
    ('resolve', None)
    """
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word == "--lang":
            skip = True
        elif word == "--" or not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def _grammar_help() -> str:
    """The board notation's grammar, for ``new --help``."""
    from riftsolve.formats.notation import grammar_help

    return grammar_help()


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds")
                                         .format(text=repr(text))) from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(_("{text} is not a positive number of seconds")
                                         .format(text=repr(text)))
    return value


def _format(args: argparse.Namespace, out: TextIO) -> str:
    """The output format asked for, else a table on a terminal and JSON lines otherwise."""
    return str(args.format or ("table" if out.isatty() else "jsonl"))


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError(_("must be at least 1"))
    return value


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number").format(text=repr(text))) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("{text} is negative").format(text=repr(text)))
    return value


def _load(path: str, cards: str | None = None) -> Scenario:
    if path == "-":  # standard input, read up to the same bound as a file
        raw = getattr(sys.stdin, "buffer", None)
        scenario = (parse_scenario_bytes(raw.read(MAX_BYTES + 1), "stdin", cards=cards)
                    if raw is not None
                    else parse_scenario_text(sys.stdin.read(MAX_BYTES + 1), cards=cards))
    else:
        scenario = load_scenario(path, cards=cards)
    return scenario


def _warn(scenario: Scenario) -> None:
    """What looks like a mistake in an answered scenario, one line each on stderr (after
    the answer, so that an error is always the one line of a failure)."""
    for warning in scenario_warnings(scenario):
        _say(_("warning"), warning, 0)


def _question(command: str, scenario: Scenario, name: str) -> LegalSet[Answer]:
    legal = finalize(scenario, name) if command == "finalize" else resolve(scenario, name)
    for problem in legal.problems():  # each backend says what it declines
        reason = backend(name).refusal(problem)
        if reason is not None:
            raise ScenarioError("--backend", reason)
    return legal


def _budgeted_count(legal: LegalSet[Answer], limit: int | None, every: bool) -> int | None:
    """The exact count of a listing bounded by the budget alone (neither ``--limit`` nor
    ``--all``), refused past the budget; ``None`` for the others (a listing with a limit
    never waits for a count)."""
    if limit is not None or every:
        return None
    total = legal.count()
    if total > LIST_BUDGET:
        raise TooMany(_(
            "{total} {legal} exceed the listing budget of {budget}; use --count for the "
            "number only, --limit N to list the first N, or --all to stream them all"
        ).format(total=f"{total:,}", legal=render.legal_noun(legal), budget=f"{LIST_BUDGET:,}"))
    return total


def _write_jsonl(legal: LegalSet[Answer], args: argparse.Namespace, out: TextIO
                 ) -> int:
    """Write the answers as JSON lines; how many were written. A long listing is written
    a block at a time (numpy formats the lines); a short one, up to :data:`FEW_LINES`, a
    line each, which spares a small question numpy's import. Both write the same bytes."""
    total = _budgeted_count(legal, args.limit, args.all)  # (the budget check first)
    most = total if total is not None else args.limit  # (None: --all)
    few = most is not None and most <= FEW_LINES
    blocks = None if few or args.explain or args.backend not in ("auto", "native") else (
        _text_blocks(legal, args.limit))
    if blocks is not None:
        return _write_blocks(blocks, args.limit, out)
    written = 0
    shown = render.explained_line if args.explain else render.line
    for answer in islice(iter(legal), args.limit):
        out.write(json_line(shown(legal, answer)))
        written += 1
    return written


def _text_blocks(legal: LegalSet[Answer], limit: int | None) -> Iterator[TextBlock] | None:
    """The answers as numpy blocks formatted a block at a time, where the legal set has
    them (:meth:`LegalSet.text_blocks`); ``None`` otherwise. With ``limit``, blocks are no
    larger than asked for: the first lines come at once."""
    from riftsolve.engine.backends.native import BLOCK_ROWS

    if not legal.CAPABILITIES.text_blocks:
        return None
    batch = max(1, min(limit, BLOCK_ROWS)) if limit is not None else BLOCK_ROWS
    return legal.text_blocks(batch)


def _write_blocks(blocks: Iterator[TextBlock], limit: int | None, out: TextIO) -> int:
    """Write ``blocks`` until ``limit`` lines (all without one); how many were written."""
    written = 0
    for rows, text in blocks:
        take = rows if limit is None else min(rows, limit - written)
        out.write(text(take))
        written += take
        if written == limit:
            break
    return written


def _write_table(legal: LegalSet[Answer], args: argparse.Namespace, out: TextIO
                 ) -> None:
    shown = TABLE_ROWS if args.limit is None else min(args.limit, TABLE_ROWS)
    answers = list(islice(iter(legal), shown))
    term = console(out)
    total: int | None
    try:
        total = legal.count()
    except Refusal:  # (a count too large to compute:) the rows are still worth showing
        total = None
    title = render.count_title(legal, len(answers), total) + _(
        ", by Core Rules {version}").format(version=legal.scenario.rules)
    term.print(answers_table(legal, answers, title))
    for reason in legal.why_none() if not answers else []:
        none = render.no_legal(legal)
        term.print(plain(f"{none[:1].upper()}{none[1:]}: {reason}"))
    if args.explain:
        _print_steps(term, legal, answers)


def _run_question(args: argparse.Namespace, out: TextIO) -> int:
    legal = _question(args.command, _load(args.scenario, args.cards), args.backend)
    if args.summary:
        _write_ruling(legal, "text" if _format(args, out) == "table" else "json", out)
    elif args.count:
        out.write(json_line({"count": legal.count()}))
    elif _format(args, out) == "table":
        _write_table(legal, args, out)
    else:
        listed = _write_jsonl(legal, args, out)
        reasons = legal.why_none() if not listed and args.limit != 0 else []
        for reason in reasons:  # no line to carry it: say why on stderr
            _say(render.no_legal(legal), str(reason), 0)
    _warn(legal.scenario)
    return 0


def _best(args: argparse.Namespace, out: TextIO) -> int:
    from riftsolve.engine.optimum import best

    scenario = _load(args.scenario, args.cards)
    if args.robust and not args.finalize:
        raise ScenarioError("--robust",
                            _("robust advice is for declarations: add --finalize"))
    if args.sides:
        return _best_sides(args, scenario, out)
    legal = finalize(scenario) if args.finalize else resolve(scenario)
    ranked = best(legal, args.objective, top=args.top, all_optimal=args.all_optimal,
                  robust=args.robust)
    if _format(args, out) == "jsonl":
        shown = render.explained_line if args.explain else render.line
        for entry in ranked:
            out.write(json_line({**shown(legal, entry.answer), "objective": entry.values}))
        _warn(scenario)
        return 0
    screen = console(out)
    screen.print(answers_table(legal, [entry.answer for entry in ranked],
                               _("{card}: best by {objective}").format(
                                   card=scenario.effect.name, objective=args.objective),
                               [entry.values for entry in ranked]))
    if args.explain:
        _print_steps(screen, legal, [entry.answer for entry in ranked])
    _warn(scenario)
    return 0


def _best_sides(args: argparse.Namespace, scenario: Scenario, out: TextIO) -> int:
    """Each side's best assignment (a line each, with the player and what it kills), then
    the units the whole combat kills: each side's damage goes to the other's units, all
    dealt at once (465.2.d), so the deaths are those of each side's outcome together."""
    from riftsolve.engine.families.combat_best import combat_sides
    from riftsolve.engine.optimum import best
    from riftsolve.rules.outcome import apply

    killed: set[str] = set()
    for side in combat_sides(scenario):
        legal = resolve(side)
        ranked = best(legal, args.objective, top=args.top, all_optimal=args.all_optimal)
        shown = render.explained_line if args.explain else render.line
        for position, entry in enumerate(ranked):
            done = apply(side, entry.answer)
            if position == 0:
                killed.update(done.killed)
            out.write(json_line({"assigner": side.controller,
                                 **shown(legal, entry.answer), "objective": entry.values,
                                 "killed": list(done.killed)}))
    out.write(json_line({"killed": sorted(killed)}))
    return 0


def _print_steps(term: Console, legal: LegalSet[Answer], answers: list[Answer]) -> None:
    """The rule trails of the answers, numbered like the table's rows: what every answer
    shown shares said once, first, then what each says of its own."""
    trails = [legal.explain(answer) for answer in answers]
    shared = render.shared_steps(trails)
    if shared:
        term.print("[bold]" + _("every answer shown") + "[/bold]")
        for step in shared:
            term.print(plain(render.step_line(step)))
    for index, trail in enumerate(trails, 1):
        own = [step for step in trail if step not in shared]
        if own or not shared:
            term.print(f"[bold]#{index}[/bold]")
        for step in own:
            term.print(plain(render.step_line(step)))


def _read(text: str, lang: str, chosen: bool) -> tuple[Classification, str]:
    """``text``'s classification and the language it was read in: ``lang``; when the
    language was not chosen but is the environment's, a text it does not read that reads
    as English is English (card texts, the manual's examples)."""
    from riftsolve.rules.classify import classify
    from riftsolve.rules.grammar import GrammarError

    try:
        return classify(text, lang=lang), lang
    except GrammarError as err:
        if not chosen and lang != "en":
            try:
                return classify(text), "en"
            except GrammarError:
                pass
        raise ScenarioError("classify", str(err)) from None


def _rule(args: argparse.Namespace, out: TextIO) -> int:
    """``riftsolve rule``: the ruling of the scenario's own question."""
    scenario = _load(args.scenario, args.cards)
    question = "finalize" if args.finalize else scenario.question
    legal = finalize(scenario) if question == "finalize" else resolve(scenario)
    _write_ruling(legal, args.format, out)
    _warn(scenario)
    return 0


def _write_ruling(legal: LegalSet[Answer], form: str, out: TextIO) -> None:
    """The ruling as a paragraph wrapped for reading, or one JSON line."""
    import textwrap

    from riftsolve.faces.ruling import ruling

    said = ruling(legal)
    if form == "json":
        out.write(json_line(said.as_json()))
    else:
        wrapped = textwrap.fill(said.paragraph(), width=88, break_on_hyphens=False)
        out.write(printable_lines(wrapped) + "\n")


def printable_lines(text: str) -> str:
    """``text`` with control characters escaped, line breaks kept."""
    return "\n".join(printable(line) for line in text.split("\n"))


def _classify(args: argparse.Namespace, out: TextIO) -> int:
    from riftsolve.formats.format1 import find_card
    from riftsolve.rules.choosing import slot_roles
    from riftsolve.rules.classify import classify_card

    lang = language()  # --lang's, else the environment's: the text is read in it too
    if (args.text is None) == (args.card is None):
        raise ScenarioError("classify",
                            _("give an instruction text or --card NAME, not both"))
    if args.card is not None:
        card = find_card(args.card, args.cards, field="--card")
        # a card's text is English, whatever --lang; reminder text is set aside, and a
        # part the grammar does not read is listed as such
        reading = classify_card(card.text)
        found = reading.classification
        result = {"card": card.name, **reading.as_json(), "slots": {
            slot: {"role": role.value, "rule": number}
            for slot, (role, number) in slot_roles(card).items()}}
    else:
        found, _lang = _read(args.text, lang, chosen=args.lang is not None)
        result = found.as_json()
    if before(args.rules, RULES_VERSION):
        reread = [m.words for m in found.mentions if m.game_action]
        if reread:
            raise ScenarioError("--rules", _(
                "under Core Rules {version}, {words} may be a target: 355.10.b's 'only as a "
                "restriction or permission for a game action' is new in 1.4; this reading is "
                "not modelled (use --rules 1.4)").format(version=args.rules,
                                                         words=", ".join(reread)))
    for mention in result["mentions"]:
        cited = cited_as(mention["rule"], args.rules)
        mention.update(rule=cited["rule"], version=cited["version"])
        if "note" in cited:
            mention["note"] = cited["note"]
    for slot in result.get("slots", {}).values():
        slot["rule"] = cited_as(slot["rule"], args.rules)["rule"]
    out.write(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    return 0


def _new(args: argparse.Namespace, out: TextIO) -> int:
    """``riftsolve new CARD``: the card's starting scenario, on ``out`` or ``--out``."""
    from riftsolve.faces.starter import starter

    text = starter(args.card, args.cards, resolve=args.resolve)
    if args.out is None:
        out.write(text)
        return 0
    try:
        with open(args.out, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as error:
        raise ScenarioError("--out", _("cannot write {file} ({reason})").format(
            file=repr(args.out), reason=error.strerror)) from None
    return 0


def _import(args: argparse.Namespace, out: TextIO) -> int:
    """``riftsolve cards import``: compile a dump; write the library, or report."""
    from riftsolve.cards import store
    from riftsolve.compiler import dumps
    from riftsolve.compiler.importer import import_records

    records = []
    for dump in args.dumps:
        try:
            records += dumps.load_dump(dump)
        except dumps.DumpError as error:
            raise ScenarioError(dump, str(error).removeprefix(f"{dump}: ")) from None
        if len(records) > MAX_CARDS:
            raise ScenarioError(dump, _(
                "the dumps hold {count:,} cards, more than the {most:,} an import reads "
                "(the published dumps hold about 2,500)").format(count=len(records),
                                                                 most=MAX_CARDS))
    for overlay in args.errata:
        try:
            records = dumps.apply_errata(records, dumps.read_errata(dumps.load_json(overlay)))
        except dumps.DumpError as error:
            raise ScenarioError(overlay, str(error).removeprefix(f"{overlay}: ")) from None
    done = import_records(dumps.distinct(records), read=len(records))
    if args.report:
        out.write(json_line(done.report()))
        return 0
    folder = args.out or args.cards or store.default_folder()  # (cards --cards DIR import)
    written = store.write_library(folder, done.effects, aliases=done.aliases)
    out.write(json_line({"written": str(written), "compiled": done.compiled,
                         "effects": len(done.effects), "not_compiled": len(done.failures)}))
    return 0


def _cards(out: TextIO, folder: str | None = None, find: str | None = None,
           form: str | None = None) -> int:
    """``riftsolve cards``: the library's cards (those holding ``find``), as a table or a
    JSON line each."""
    import riftsolve.cards as cards
    from riftsolve.formats.suggest import did_you_mean
    from riftsolve.rules.families import registration_of

    every = (*cards.library(), *cards.user_library(folder).values())
    wanted = find.casefold() if find else None
    found = [card for card in every if wanted is None or any(
        wanted in field.casefold() for field in (card.name, card.slug, card.listed_text))]
    if form is None:
        form = "table" if out.isatty() else "jsonl"
    if form == "jsonl":
        for card in found:
            out.write(json_line({"name": card.name, "slug": card.slug,
                                 "family": registration_of(card).name,
                                 "slots": list(card.slot_names),
                                 "destination": card.destination, "text": card.listed_text}))
    else:
        _card_table(out, found)
    if not found and find:
        raise ScenarioError("--find", _("no card holds {words}").format(words=repr(find))
                            + did_you_mean(find, [c.name for c in every]))
    return 0


def _card_table(out: TextIO, found: Sequence[Effect]) -> None:
    """The cards as a table, each card's text on its own lines."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=_("card library"), header_style="bold")
    for column in (_("card"), _("slug"), _("slots"), _("text")):
        table.add_column(column)
    for card in found:
        slots = ", ".join(card.slot_names)
        if card.destination:
            slots += _(", destination (not a target)")
        table.add_row(*(plain(cell) for cell in (card.name, card.slug, slots)),
                      Text(printable_lines(card.listed_text)))
    console(out).print(table)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit code. Every failure is one line on standard
    error (user text escaped, never a traceback); Ctrl-C exits 130. Sentences are in the
    language ``--lang`` names, else the environment's; the language spoken before is
    spoken again on return."""
    argv = list(sys.argv[1:] if argv is None else argv)
    before = language()
    try:
        use_language(None)  # the environment's, also for an unknown --lang's message
        asked = _asked_language(argv)
        if asked is not None:
            if asked.lower() not in LANGUAGES:
                return _say(_("error"), "--lang: " + _(
                    "unknown language {code} (known: {known})").format(
                        code=repr(asked), known=", ".join(LANGUAGES)), EXIT_MALFORMED)
            use_language(asked)
        return _main(argv, out or sys.stdout)
    finally:
        use_language(before)


def _main(argv: list[str], out: TextIO) -> int:
    sys.set_int_max_str_digits(0)  # exact counts of any size are printed in full
    try:
        parser = _parser(_command_named(argv))
        args = parser.parse_args(argv)
        if args.command is None:  # bare: what it does and its commands
            parser.print_help(out)
            return 0
        return _command(args, out)
    except ScenarioError as err:
        return _say(_("error"), str(err), EXIT_MALFORMED)
    except ObjectiveError as err:
        return _say(_("error"), f"--objective: {err}", EXIT_MALFORMED)
    except (Refusal, OverflowError) as err:  # (TooMany, TooManyToRank, CountTooLarge)
        return _say(_("refused"), str(err), EXIT_TOO_MANY)
    except (KeyboardInterrupt, ImportError) as err:
        # an ImportError too when Ctrl-C comes while a compiled extension initialises
        if not interrupted_by_user(err):
            raise
        return _say(_("interrupted"), _("stopped at the user's request (Ctrl-C)"),
                    EXIT_INTERRUPTED)
    except BrokenPipeError:
        # The reader stopped early (e.g. `| head`): not an error, in every output format.
        _silence(out)
        return 0


def _command(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "schema":
        from riftsolve.formats.format1 import json_schema

        out.write(json.dumps(json_schema(), indent=2) + "\n")
        return 0
    if args.command == "cards":
        if args.action == "import":
            return _import(args, out)
        return _cards(out, args.cards, args.find, args.format)
    if args.command == "classify":
        return _classify(args, out)
    if args.command == "rule":
        return _rule(args, out)
    if args.command == "best":
        return _best(args, out)
    if args.command == "new":
        return _new(args, out)
    if args.command == "demo":
        from riftsolve.faces.demo import run_demo

        return run_demo(out)
    if args.command == "batch":
        from riftsolve.faces.batch_cli import run_batch

        return run_batch(args, out)
    if args.command == "serve":
        from riftsolve.faces.web.serve import run_serve

        return run_serve(args.host, args.port, args.cards, args.timeout, out)
    return _run_question(args, out)


def _say(kind: str, message: str, code: int) -> int:
    """One line on standard error: ``riftsolve: <kind>: <message>``, control characters
    escaped."""
    print(f"riftsolve: {kind}: {printable(shortened(message))}", file=sys.stderr)
    return code


def _silence(out: TextIO) -> None:
    """After a broken pipe, send what is still buffered for ``out`` nowhere, so that the
    interpreter's own flush at exit cannot fail again."""
    try:
        fileno = out.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)


def run() -> int:
    """The ``riftsolve`` console script: :func:`main`, then the final flush of standard
    output, whose broken pipe is not an error either."""
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence(sys.stdout)
    return code


if __name__ == "__main__":
    sys.exit(run())
